"""Pictures of the table (``wingspan_rules.svg.board``): a well-formed SVG of every ruleset
that shows a seat what its view shows and nothing more."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import pytest

from wingspan_rules import Game, new_game
from wingspan_rules.cli import main
from wingspan_rules.svg import board

SETTINGS = [("classic", 2, None), ("classic", 3, {"public_hands": True}), ("pocket", 2, None), ("pocket", 4, {"advanced": True}), ("oceania", 2, None), ("oceania", 5, None)]


def _hidden_from(game: Game, seat: int | None) -> set[str]:
    """Names ``seat`` may not see: other hands (unless shown) and other bonus cards (but the
    bird a decision is about, such as one being paid for, is named to everyone)."""
    hidden = set()
    for p, s in enumerate(game.state.seats):
        if p == seat:
            continue
        viewer = (p + 1) % game.players if seat is None else seat  # (None: what another seat sees)
        shown = game.view(viewer)["players"][p]["open_hand"]  # type: ignore[typeddict-item]
        if shown is None:
            hidden |= {game.cards.cards[c].name for c in s.hand}
        for b in getattr(s, "bonus", []):
            hidden.add(game.engine.bonus.name(game.engine, b))  # type: ignore[attr-defined]
    asking = game.pending.source if game.pending is not None else None
    return hidden - {asking}


@pytest.mark.parametrize(("ruleset", "players", "options"), SETTINGS)
def test_a_picture_is_well_formed_and_shows_no_card_the_seat_cannot_see(ruleset: str, players: int, options: dict[str, object] | None) -> None:
    game = new_game(ruleset, players, 11, options)
    chooser = random.Random(11)
    step = 0
    while True:
        if step % 15 == 0 or game.is_over:
            for seat in (None, *range(players)):
                picture = board(game, seat)
                root = ET.fromstring(picture)
                assert root.tag == "{http://www.w3.org/2000/svg}svg"
                words = " ".join(t for t in root.itertext())
                for name in _hidden_from(game, seat):
                    assert name not in words, f"{name} shown to {seat}"
                if seat is not None:
                    for c in game.state.seats[seat].hand:  # (a seat sees its own hand by name)
                        assert game.cards.cards[c].name[:17] in words
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
        step += 1


def test_a_picture_shows_the_mats_the_table_and_the_decision() -> None:
    game = new_game("classic", 2, 3)
    chooser = random.Random(3)
    while not any(b for s in game.state.seats for row in s.rows for b in row if b.eggs):
        game.apply(chooser.choice(game.legal_actions()))
    words = " ".join(ET.fromstring(board(game, 0)).itertext())
    view = game.view(0)
    for seat in view["players"]:
        for row in seat["rows"].values():
            for bird in row:
                assert bird["bird"] in words  # (the whole name, in its tooltip)
    for name in view["tray"]:
        if name:
            assert name[:17] in words
    assert escape(view["pending"]["prompt"][:40]) in words and "Feeder" in words and "Goals" in words  # type: ignore[union-attr]


def test_a_hostile_card_name_is_escaped() -> None:
    extra = 'bird "A&B <script>x</script>" {\n  habitats: forest\n  cost: seed\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 15\n  set: core\n}\n'
    game = new_game("classic", 2, 1, {"extra_card_text": extra})
    st = game.state
    card = game.engine.by_name["A&B <script>x</script>"]
    for pile in (st.deck, *(s.hand for s in st.seats), *(s.dealt for s in st.seats)):
        if card in pile:
            pile[pile.index(card)] = st.tray[0]  # (the card swaps places with the tray's first)
    st.tray[0] = card
    picture = board(game, 0)
    ET.fromstring(picture)
    assert "<script>" not in picture and "A&amp;B &lt;script&gt;" in picture


def test_a_picture_refuses_a_seat_not_in_the_game() -> None:
    with pytest.raises(ValueError, match="seat must be None or 0 to 1"):
        board(new_game("pocket", 2, 1), 2)


def test_the_cli_draws_the_table_into_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game("oceania", 2, 4)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    saved = tmp_path / "game.json"
    saved.write_text(game.to_json())
    out = tmp_path / "table.svg"
    assert main(["show", str(saved), "--svg", str(out), "--player", "1"]) == 0
    assert "the table as p1 sees it" in capsys.readouterr().out
    ET.fromstring(out.read_text())
    assert main(["show", str(saved), "--svg", str(tmp_path / "no" / "such" / "dir.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_the_picture_in_the_docs_is_the_one_their_command_draws(tmp_path: Path) -> None:
    """docs/pictures.md shows a position, the command that draws it, and the picture."""
    import os
    import re

    docs = Path(__file__).resolve().parents[1] / "docs"
    page = (docs / "pictures.md").read_text()
    position = re.search(r"```text\n(# .*?ruleset: classic.*?)```", page, re.S)
    assert position is not None
    (tmp_path / "table.pos").write_text(position.group(1))
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert main(["show", "table.pos", "--svg", "table.svg", "--player", "0"]) == 0
    finally:
        os.chdir(here)
    assert (tmp_path / "table.svg").read_text() == (docs / "img" / "table.svg").read_text(), "regenerate docs/img/table.svg with the page's command"
