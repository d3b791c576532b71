"""Balance reports: how strong new birds play, beside the deck's birds of the same cost.

``balance(card_text, ...)`` shuffles the birds of ``card_text`` into the ruleset's deck, has bots
play ``games`` games with every seat taken by the same kind of bot ("greedy", or "search" with a
fixed number of simulations a decision), and returns a ``BalanceReport``: for every bird of the
deck how often it was drawn and played, the points a play of it brought (printed points, eggs,
cached food, tucked cards, and what its power put on its owner's other birds), the win rate of
the players who played it against the others, each with a 95% interval, and for each new bird
a verdict in words against the deck's birds of the same cost.  ``report.text()`` and
``report.to_json()`` give it as text and JSON; ``html(report)`` (the [report] extra:
matplotlib) as a page with plots.

Game ``k`` is dealt from ``seed + k`` and played by bots made from its number
(``arena.seated``), so a game is the same wherever it is played; the games are added up in whole
numbers, so the same seed gives the same report on one worker, on many (``workers``) and on a
Ray cluster (``ray``: the [ray] extra).  The report is worded in the current language
(``i18n``) when it is shown; what it holds (and its JSON) is the same in every language.
See docs/balance.md.
"""

from __future__ import annotations

from typing import Any

from ..cards import CardSet
from ..game import new_game
from ..i18n import _, language
from .games import BALANCE_BOTS, DEFAULT_SIMULATIONS, CardFacts, GameFacts, Job, Play, Tally, play_batch, play_game, unknown_bot, win_units
from .report import BalanceReport, BirdStats, Interval, Judgement, bird_stats, judge, options_key
from .runners import Bar, MissingExtra, Progress, Stopped, cores, import_ray, run_local, run_ray

DEFAULT_GAMES = 200

__all__ = [
    "BALANCE_BOTS",
    "DEFAULT_GAMES",
    "DEFAULT_SIMULATIONS",
    "BalanceReport",
    "Bar",
    "BirdStats",
    "CardFacts",
    "GameFacts",
    "Interval",
    "Job",
    "Judgement",
    "MissingExtra",
    "Play",
    "Stopped",
    "Tally",
    "balance",
    "html",
    "import_ray",
    "make_report",
    "new_birds",
    "play_batch",
    "play_game",
    "require_plots",
    "win_units",
]


def new_birds(ruleset: str, players: int, seed: int, options: dict[str, Any]) -> tuple[CardSet, tuple[str, ...]]:
    """The deck a game with these options plays (its ``extra_card_text`` shuffled in), and the
    names of the birds that text adds, in the deck's order.  ValueError (a ``DslError`` for the
    card text) when the game cannot be made, or the text adds no bird."""
    base = new_game(ruleset, players, seed, {k: v for k, v in options.items() if k != "extra_card_text"}).cards
    deck = new_game(ruleset, players, seed, options).cards
    new = tuple(c.name for c in deck.cards if c.name not in base.by_name)
    if not new:
        raise ValueError(_("the card text adds no bird to the deck"))
    return deck, new


def make_report(job: Job, games: int, deck: CardSet, new: tuple[str, ...], tally: Tally) -> BalanceReport:
    """The report of a run from its tally of ``games`` games (its verdicts' words in English:
    ``BalanceReport.verdict`` words them in the current language)."""
    if tally.games != games:
        raise ValueError(f"the tally holds {tally.games} games, not {games}")  # (an invariant of the runners: English)
    fresh = set(new)
    birds = tuple(bird_stats(card, card.name in fresh, tally, job.players) for card in deck.cards)
    with language("en"):
        judgements = tuple(judge(next(b for b in birds if b.name == name), birds, games) for name in new)
    return BalanceReport(job.ruleset, job.players, games, job.seed, job.bots, job.simulations, options_key(job.options), new, birds, judgements)


def balance(
    card_text: str,
    ruleset: str = "pocket",
    players: int = 2,
    games: int = DEFAULT_GAMES,
    bots: str = "greedy",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    ray: str | None = None,
    progress: Progress | None = None,
    simulations: int = DEFAULT_SIMULATIONS,
    batch: int | None = None,
) -> BalanceReport:
    """Play ``games`` games of ``ruleset`` with the birds of ``card_text`` in the deck, every seat
    taken by ``bots``, and report.  ``workers``: processes to play on here (default: every core;
    1: in this process); ``ray``: instead, run the games as Ray tasks (an address: "auto", "local",
    "HOST:PORT").  ``batch``: games a task (default: up to 32 on Ray, 4 here; fewer where a
    worker would sit idle); it changes nothing in the report.  ``progress(done, total)`` is called as games finish.
    ValueError for bad arguments or card text; ``Stopped`` on Ctrl-C; ``MissingExtra`` without ray."""
    if bots not in BALANCE_BOTS:
        raise ValueError(unknown_bot(bots))
    for name, value, given in (("games", games, True), ("simulations", simulations, True), ("workers", workers, workers is not None), ("batch", batch, batch is not None)):
        if given and (type(value) is not int or value < 1):
            raise ValueError(_("{name} must be a whole number from 1, not {value}").format(name=name, value=repr(value)))
    if workers is not None and ray is not None:
        raise ValueError(_("give workers (processes here) or ray (a Ray cluster), not both"))
    chosen = dict(options or {})
    if "extra_card_text" in chosen:
        raise ValueError(_("the new birds are card_text: the option extra_card_text is not taken"))
    chosen["extra_card_text"] = card_text
    deck, new = new_birds(ruleset, players, seed, chosen)
    job = Job(ruleset, players, chosen, bots, simulations, seed)
    if ray is not None:
        tally = run_ray(job, games, ray, progress, batch)
    else:
        tally = run_local(job, games, workers or cores(), progress, batch)
    return make_report(job, games, deck, new, tally)


def require_plots() -> None:
    """MissingExtra (naming the [report] extra) unless matplotlib can be imported."""
    from .page import plotting

    plotting()


def html(report: BalanceReport) -> str:
    """The report as a self-contained HTML page with plots (the [report] extra: matplotlib)."""
    from .page import page

    return page(report)
