"""wingspan_rules: what is legal in Wingspan games, and the score.

Start with ``new_game("pocket", players=3, seed=7)``; see docs/api.md.
"""

from . import powers  # noqa: F401  (the shipped power families register, before any card is read)
from .actions import Action
from .cards import Card, CardSet, card_set, compile_cards
from .dsl.diagnostics import Diagnostic, DslError
from .events import Event, Events
from .game import Game, StateError, load, new_game, replay, setup
from .position import PositionError
from .record import RecordError, read_record
from .rules import CATALOG, Rule
from .scoring import PlayerScore, ScoreSheet
from .verdict import Decision, IllegalAction, OptionNote, Verdict, Violation

__version__ = "0.1.0"

__all__ = [
    "Action",
    "CATALOG",
    "Card",
    "CardSet",
    "Decision",
    "Diagnostic",
    "DslError",
    "Event",
    "Events",
    "Game",
    "IllegalAction",
    "PlayerScore",
    "PositionError",
    "RecordError",
    "Rule",
    "ScoreSheet",
    "StateError",
    "OptionNote",
    "Verdict",
    "Violation",
    "card_set",
    "compile_cards",
    "load",
    "new_game",
    "read_record",
    "replay",
    "setup",
]
