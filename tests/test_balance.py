"""Balance reports (``wingspan_rules.balance``, ``wingspan-rules cards balance``): a bird made far
too strong and one made far too weak are told apart; the same seed gives the same report on one
worker, on two and on a real local Ray instance; the HTML page, the JSON and the command's errors."""

from __future__ import annotations

import io
import json
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wingspan_rules.balance import (
    DEFAULT_GAMES,
    DEFAULT_SIMULATIONS,
    BalanceReport,
    Bar,
    BirdStats,
    Interval,
    Job,
    MissingExtra,
    Stopped,
    Tally,
    balance,
    html,
    play_batch,
    play_game,
    require_plots,
    win_units,
)
from wingspan_rules.balance.report import MIN_PLAYS, judge, t95
from wingspan_rules.cli import build_parser, main

# Pocket birds: one cheap, worth many points, with a brown power that gains three cards; one
# dear, worth nothing, with no power and no room for an egg; and a plain bird whose name is
# markup, which every page of the report must show as text.
STRONG = "Mighty Test Finch"
WEAK = "Feeble Test Heron"
MARKUP = "<script>alert(1)</script>"
BIRDS = f"""# balance tests: one bird far too strong, one far too weak, one named like markup

card "{STRONG}" {{
  food: seed
  cost: seed
  points: 9
  egg_limit: 5
  wingspan: 40
  power brown: draw food + draw food + draw bird
}}

card "{WEAK}" {{
  food: fish
  cost: 2 fish any
  points: 0
  egg_limit: 0
  wingspan: 150
}}

card "{MARKUP}" {{
  food: seed/fruit
  cost: seed fruit
  points: 3
  egg_limit: 3
  wingspan: 30
}}
"""


@pytest.fixture(scope="module")
def one_worker() -> BalanceReport:
    return balance(BIRDS, "pocket", players=2, games=10, seed=5, workers=1)


@pytest.fixture
def birds_file(tmp_path: Path) -> Path:
    path = tmp_path / "test_birds.wsp"
    path.write_text(BIRDS, encoding="utf-8")
    return path


def test_the_report_tells_the_strong_bird_from_the_weak_one() -> None:
    # (one test for the one costly run: pytest-xdist would make a module fixture once a worker)
    report = balance(BIRDS, "pocket", players=2, games=60, seed=0, workers=2)
    assert report.new == (STRONG, WEAK, MARKUP)
    strong, weak = report.judgement(STRONG), report.judgement(WEAK)
    assert strong.kind == "stronger" and strong.words.startswith("stronger than") and "the deck's 1-food birds" in strong.words
    assert weak.kind == "weaker" and "weaker than" in weak.words and "3-food birds" in weak.words
    # the strength measure is ordered: the strong bird above its birds' median, the weak below its own
    assert strong.measure == "points per play" and report.bird(STRONG).points.low > strong.median
    assert report.bird(STRONG).points.value > report.bird(WEAK).points.value
    assert strong.percentile >= 90 and weak.percentile <= 25  # (a weak bird never played ties with the deck birds never played)
    weak_bird = report.bird(WEAK)
    assert weak_bird.plays < MIN_PLAYS <= weak_bird.draws and weak.measure == "plays per draw" and weak_bird.played.high < weak.median
    # every compared bird is a deck bird of the same cost
    for judgement in (strong, weak):
        cost = report.bird(judgement.bird).cost
        assert judgement.compared and all(not report.bird(n).new and report.bird(n).cost == cost for n in judgement.compared)
    # the facts of a bird add up
    b = report.bird(STRONG)
    assert b.plays <= b.draws and b.games_drawn <= report.games and b.printed == 9.0
    assert b.points.value == pytest.approx(b.printed + b.eggs + b.cached + b.tucked + b.power)
    assert b.points.low <= b.points.value <= b.points.high and b.lift.low <= b.lift.value <= b.lift.high
    assert b.gains > 0  # (its power draws cards)
    assert sum(times for _, times in b.seen) == b.plays
    assert weak_bird.printed == 0.0 and weak_bird.power == 0.0
    assert len(report.birds) == 112 + 3 and sum(1 for b in report.birds if b.new) == 3
    for bird in report.birds:
        assert 0 <= bird.drawn.low <= bird.drawn.value <= bird.drawn.high <= 1
        assert bird.win_not.low <= bird.win_not.value <= bird.win_not.high
    # and the text says so
    text = report.text()
    assert text.startswith("balance of 3 new birds: 60 games of pocket, 2 players, greedy bots at every seat, seeds 0 to 59")
    assert f"{STRONG} (1-food bird)\n  verdict: stronger than" in text
    assert re.search(f"{WEAK} \\(3-food bird\\)\n  verdict: (never played|played only (once|[0-9]+ times)) in [0-9]+ draws", text)
    assert "the deck's 1-food birds: 10," in text


def test_the_same_seed_gives_the_same_report_on_one_worker_or_two(one_worker: BalanceReport) -> None:
    two = balance(BIRDS, "pocket", players=2, games=10, seed=5, workers=2, batch=3)  # (tasks of 3, 3, 3 and 1 games)
    assert two == one_worker
    assert two.to_json() == one_worker.to_json() and two.text() == one_worker.text()
    other = balance(BIRDS, "pocket", players=2, games=10, seed=6, workers=1)
    assert other != one_worker


def test_a_game_is_a_pure_function_of_its_number_and_tallies_add_in_any_order() -> None:
    job = Job("pocket", 2, {"extra_card_text": BIRDS}, "greedy", DEFAULT_SIMULATIONS, 11)
    games = [play_game(job, k) for k in range(3)]
    assert play_game(job, 1) == games[1] and games[1].game == 1
    assert all(sum(g.wins) == win_units(2) and len(g.scores) == 2 for g in games)
    assert all(play.player in card.drawn_by for g in games for card in g.cards.values() for play in card.plays)
    whole, first, rest = Tally(win_units(2)), Tally(win_units(2)), Tally(win_units(2))
    for g in games:
        whole.add(g)
    first.add(games[0])
    for g in reversed(games[1:]):
        rest.add(g)
    backward = Tally(win_units(2))
    backward.merge(rest)
    backward.merge(first)
    assert backward == whole and whole.games == 3
    assert play_batch(job, 0, 1) == first


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="ray is not installed: the [ray] extra (CI installs every extra)")
    folder = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # (a short path: Ray's sockets live in it)
    ray.init(num_cpus=2, include_dashboard=False, _temp_dir=folder, logging_level="ERROR", log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_a_local_ray_instance_gives_the_report_of_the_local_run(local_ray: Any, one_worker: BalanceReport) -> None:
    assert local_ray.is_initialized()  # (balance runs on the instance this process is connected to)
    seen: list[int] = []
    on_ray = balance(BIRDS, "pocket", players=2, games=10, seed=5, ray="auto", progress=lambda done, total: seen.append(done))
    assert on_ray == one_worker and on_ray.to_json() == one_worker.to_json()
    assert seen[-1] == 10 and seen == sorted(seen) and len(seen) == 5  # (2 CPUs: tasks of 2 games, so that none sits idle)


@pytest.mark.slow
def test_the_command_on_ray_local_prints_the_json_of_one_worker(birds_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="ray is not installed: the [ray] extra (CI installs every extra)")
    argv = ["cards", "balance", str(birds_file), "--games", "6", "--seed", "2", "--json", "--quiet"]
    assert main([*argv, "--workers", "1"]) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--ray", "local"]) == 0
    assert capsys.readouterr().out == local


def test_the_html_page_holds_the_plots_and_escapes_every_name(one_worker: BalanceReport) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed: the [report] extra (CI installs every extra)")
    page = html(one_worker)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count("<svg") == 1 + 2 * 3  # the overview, and two figures a new bird
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<style>" in page and not re.search(r"<link|\ssrc=|@import", page)  # (self-contained)
    assert html(one_worker) == page  # (the same report, the same page)


def test_json_round_trips(one_worker: BalanceReport) -> None:
    text = one_worker.to_json()
    data = json.loads(text)
    assert data["format"] == "wingspan-rules balance report" and data["new"] == [STRONG, WEAK, MARKUP]
    assert BalanceReport.from_json(text) == one_worker
    assert BalanceReport.from_dict(json.loads(json.dumps(data))).to_json() == text
    with pytest.raises(ValueError, match="not a balance report"):
        BalanceReport.from_dict({"format": "something else"})


def _bird(name: str, cost: int, points: tuple[float, float, float], plays: int = 20, new: bool = False) -> BirdStats:
    half = Interval(0.5, 0.3, 0.7)
    return BirdStats(name, cost, new, plays, plays, plays, half, half, Interval(*points), *(points[0], 0.0, 0.0, 0.0, 0.0, 0.0), half, half, Interval(0.0, -0.2, 0.2), ())


def test_a_verdict_is_within_when_the_interval_takes_in_the_median() -> None:
    deck = [_bird(f"deck {i}", 2, (float(i), i - 0.5, i + 0.5)) for i in range(1, 6)]
    within = _bird("new", 2, (3.4, 2.0, 4.8), new=True)
    judgement = judge(within, [*deck, within], 100)
    assert judgement.kind == "within" and judgement.words.startswith("within the range of the deck's 2-food birds by points per play: 3.4 a play (95% 2.0 to 4.8)")
    assert "against their median 3.0; it measured above 60% of them, but its interval takes in their median; from only 20 plays" in judgement.words
    assert judgement.median == 3.0 and judgement.compared == tuple(b.name for b in deck)
    few = _bird("few", 2, (9.0, 8.0, 10.0), plays=MIN_PLAYS, new=True)
    stronger = judge(few, [*deck, few], 100)
    assert stronger.kind == "stronger" and stronger.words.startswith("stronger than all 5 of the deck's 2-food birds")
    assert f"from only {MIN_PLAYS} plays" in stronger.words


def test_a_verdict_compares_with_the_whole_deck_when_its_cost_has_too_few_birds() -> None:
    deck = [_bird(f"deck {i}", 1, (float(i), i - 0.5, i + 0.5)) for i in range(1, 6)]
    dear = _bird("dear", 6, (0.5, 0.1, 0.9), plays=40, new=True)
    judgement = judge(dear, [*deck, dear], 100)
    assert judgement.kind == "weaker" and judgement.group == "the deck's birds"
    assert "(only 0 of its 6-food birds were seen often enough to compare with)" in judgement.words
    unseen = _bird("unseen", 1, (0.0, 0.0, 0.0), plays=0, new=True)  # (never drawn either)
    judgement = judge(unseen, [*deck, unseen], 100)
    assert judgement.kind == "unclear" and judgement.words.startswith("too little seen to judge: drawn 0 times and played 0 times in 100 games")


def test_students_quantiles() -> None:
    assert t95(1) == 12.706 and t95(30) == 2.042
    assert t95(31) == pytest.approx(2.0395, abs=1e-3) and t95(1000) == pytest.approx(1.9623, abs=1e-3)
    with pytest.raises(ValueError):
        t95(0)


def test_stopping_a_run_says_how_far_it_got() -> None:
    def stop_at_three(done: int, total: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(Stopped) as stopped:
        balance(BIRDS, "pocket", games=8, workers=1, progress=stop_at_three)
    assert (stopped.value.done, stopped.value.total) == (3, 8) and str(stopped.value) == "stopped after 3 of 8 games"
    with pytest.raises(Stopped) as stopped:
        balance(BIRDS, "pocket", games=8, workers=2, progress=stop_at_three)
    assert 3 <= stopped.value.done < 8


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_redraws_on_a_terminal_and_logs_elsewhere() -> None:
    log = io.StringIO()
    bar = Bar(log)
    for done in range(1, 21):
        bar(done, 20)
    lines = log.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("[" + "#" * 30 + "] 20/20 games") and "games/s" in lines[0]
    terminal = _Terminal()
    bar = Bar(terminal)
    bar(1, 2)
    bar(2, 2)
    assert terminal.getvalue().startswith("\r[") and terminal.getvalue().endswith("\n") and "0:" in terminal.getvalue()


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="unknown bot 'random' for a balance run; known: greedy, search"):
        balance(BIRDS, bots="random")
    with pytest.raises(ValueError, match="not both"):
        balance(BIRDS, workers=2, ray="auto")
    with pytest.raises(ValueError, match="adds no bird"):
        balance("# nothing here\n")
    with pytest.raises(ValueError, match="games must be a whole number from 1"):
        balance(BIRDS, games=0)


def test_the_command_prints_the_report_and_writes_the_page(birds_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed: the [report] extra (CI installs every extra)")
    out = tmp_path / "report.html"
    argv = ["cards", "balance", str(birds_file), "--games", "2", "--seed", "9", "--workers", "1"]
    assert main([*argv, "--report", str(out)]) == 0
    said = capsys.readouterr()
    said_text = said.out.rstrip("\n")
    assert said.out.startswith("balance of 3 new birds: 2 games of pocket") and "2/2 games" in said.err and "games a second" in said.err
    assert out.read_text(encoding="utf-8").count("<svg") == 7
    assert main([*argv, "--json", "--quiet"]) == 0
    said = capsys.readouterr()
    assert said.err == "" and BalanceReport.from_json(said.out).text() == said_text


BAD_COMMANDS = [
    (["--workers", "2", "--ray", "auto"], "not allowed with argument --workers"),
    (["--games", "0"], "--games must be 1 or more"),
    (["--workers", "0"], "--workers must be 1 or more"),
    (["--batch", "0"], "--batch must be 1 or more"),
    (["--bots", "random"], "invalid choice: 'random'"),
    (["--option", "extra_card_text=x"], "the option extra_card_text is not taken"),
    (["--players", "9"], "players"),
]  # fmt: skip


@pytest.mark.parametrize(("extra", "words"), BAD_COMMANDS)
def test_the_command_refuses_bad_input_with_exit_2(extra: list[str], words: str, birds_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "balance", str(birds_file), "--quiet", *extra]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_bad_card_file_is_reported_as_cards_try_reports_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.wsp"
    bad.write_text('card "Typo Bird" {\n  food: fsh\n  cost: fish\n  points: 1\n  egg_limit: 1\n  wingspan: 20\n}\n', encoding="utf-8")
    assert main(["cards", "balance", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.wsp:2:9: error: unknown food 'fsh'" in err and "did you mean 'fish'?" in err
    clash = tmp_path / "clash.wsp"
    clash.write_text('card "Blue Jay" {\n  food: seed\n  cost: seed\n  points: 1\n  egg_limit: 1\n  wingspan: 20\n}\n', encoding="utf-8")
    assert main(["cards", "balance", str(clash)]) == 2
    assert "card 'Blue Jay' is already defined" in capsys.readouterr().err
    assert main(["cards", "balance", str(tmp_path / "missing.wsp")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(("module", "flag", "extra"), [("matplotlib", ["--report", "out.html"], "[report]"), ("ray", ["--ray", "auto"], "[ray]")])
def test_a_missing_extra_is_named(module: str, flag: list[str], extra: str, birds_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for name in list(sys.modules):
        if name == module or name.startswith(module + "."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, module, None)  # (an import of it fails)
    if module == "matplotlib":
        monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
        with pytest.raises(MissingExtra):
            require_plots()
    assert main(["cards", "balance", str(birds_file), "--games", "1", *flag]) == 2
    assert f'pip install "wingspan_rules{extra}"' in capsys.readouterr().err


def test_the_help_shows_the_defaults_the_library_uses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "balance", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ("(default: 2)", f"(default: {DEFAULT_GAMES})", "(default: greedy)", f"(default: {DEFAULT_SIMULATIONS})", "(default: every core; 1: in this process)"):
        assert words in text
    args = build_parser().parse_args(["cards", "balance", "x.wsp"])
    assert (args.games, args.simulations, args.bots, args.players) == (DEFAULT_GAMES, DEFAULT_SIMULATIONS, "greedy", 2)
