"""wingspan_rules: what is legal in Wingspan games, and the score.

Start with ``new_game("pocket", players=3, seed=7)``; see docs/api.md.
"""

import os as _os

if _os.environ.get("WINGSPAN_PURE_PYTHON") == "1":  # (before any submodule: see _pure.py)
    from . import _pure

    _pure.install(__name__)

from . import powers  # noqa: F401, E402  (the shipped power families register, before any card is read)
from .actions import Action  # noqa: E402
from .cards import Card, CardSet, card_set, compile_cards  # noqa: E402
from .dsl.diagnostics import Diagnostic, DslError  # noqa: E402
from .engine import rules as _core  # noqa: E402
from .events import Event, Events  # noqa: E402
from .game import Game, StateError, load, new_game, replay, setup  # noqa: E402
from .i18n import LANGUAGES, LanguageError, language  # noqa: E402
from .position import PositionError  # noqa: E402
from .record import RecordError, read_record  # noqa: E402
from .rules import CATALOG, Rule  # noqa: E402
from .scoring import PlayerScore, ScoreSheet  # noqa: E402
from .verdict import Decision, IllegalAction, OptionNote, Verdict, Violation  # noqa: E402

__version__ = "0.1.0"

# Whether the rules core runs compiled (C extensions built by mypyc when the wheel was built)
# or as pure Python: an editable install, a build with no C compiler, or WINGSPAN_PURE_PYTHON=1.
compiled: bool = not str(_core.__file__).endswith(".py")

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
    "LANGUAGES",
    "LanguageError",
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
    "compiled",
    "language",
    "load",
    "new_game",
    "read_record",
    "replay",
    "setup",
]
