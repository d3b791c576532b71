"""Why a power (or a part of one) could do nothing, in words, when it is passed over.

Each node's handler says it: ``passed_over = (reason, topic)`` when the words read nothing of
the game, or its ``idle()`` when they read the position; ``Rules.IDLE_RULES`` maps the topic
returned to the ruleset's catalog id (``core.forced`` when it has none of its own).  Asked
only while a game is recorded (``Recorder.passed``), never on the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from .registry import NODE_HANDLERS
from .state import PowerFrame

if TYPE_CHECKING:
    from .rules import Rules


def idle_reason(g: Rules, f: PowerFrame, node: ir.Effect) -> tuple[str, str]:
    """(why ``node`` can do nothing now for ``f``, the topic of the rule it follows): its
    handler's ``idle`` (``passed_over``, or words that read the position)."""
    reason: tuple[str, str] = NODE_HANDLERS[type(node)].idle(g, f, node)
    return reason
