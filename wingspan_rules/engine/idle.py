"""Why a power (or a part of one) could do nothing, in words, when it is passed over.

Each node's handler says it: ``passed_over = (reason, topic)`` when the words read nothing of
the game, or its ``idle()`` when they read the position; ``Rules.IDLE_RULES`` maps the topic
returned to the ruleset's catalog id (``core.forced`` when it has none of its own).  Asked
only while a game is recorded (``Rules.passed``), never on the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from .handlers import NODE_HANDLERS, NodeHandler
from .state import PowerFrame

if TYPE_CHECKING:
    from .rules import Rules


def fixed_words(idle_rules: dict[str, str]) -> dict[type, tuple[str, str]]:
    """(reason, rule id) by node type, for the types whose reason reads nothing (a handler's
    ``passed_over``, its ``idle`` not overridden), with the rule ``idle_rules`` (a ruleset's
    ``IDLE_RULES``) cites: a ruleset looks these up once instead of asking ``idle_reason``
    at each power passed over."""
    out = {}
    for kind, handler in NODE_HANDLERS.items():
        if handler.passed_over is not None and type(handler).idle is NodeHandler.idle:
            reason, topic = handler.passed_over
            out[kind] = (reason, idle_rules.get(topic, "core.forced"))
    return out


def idle_reason(g: Rules, f: PowerFrame, node: ir.Effect) -> tuple[str, str]:
    """(why ``node`` can do nothing now for ``f``, the topic of the rule it follows)."""
    kind = type(node)
    handler = NODE_HANDLERS.get(kind)
    if handler is None:
        raise TypeError(f"no handler runs a {kind.__name__} node, so none says why it is passed over")
    return handler.idle(g, f, node)
