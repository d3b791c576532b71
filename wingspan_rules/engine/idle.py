"""Why a power (or a part of one) could do nothing, in words, when it is passed over.

One entry per IR node type, worded for any ruleset; ``Rules.IDLE_RULES`` maps the topic
returned to the ruleset's catalog id (``core.forced`` when it has none of its own).  Asked
only while a game is recorded (``Rules.passed``), never on the hot path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import ir
from .handlers import NODE_HANDLERS, NodeHandler
from .state import PowerFrame

if TYPE_CHECKING:
    from .rules import Rules


def _gain(g: Rules, f: PowerFrame, node: ir.Gain) -> tuple[str, str]:
    where = "the feeder shows" if node.source == "feeder" else "the supply holds"
    if node.give_half:  # (and its dice may not be rerolled)
        return f"{where} none of the food it gives", "keep-half"
    return f"{where} none of the food it gives", "gain"


def _bonus(g: Rules, f: PowerFrame, node: ir.DrawBonus) -> tuple[str, str]:
    if not g.can_draw_bonus():  # (a draw bought with food draws its own card first: nothing to buy either)
        return "no bonus card is left to draw", "bonus-bought" if node.per_food else "bonus"
    return "it counts nothing on the mat to draw a bonus card for", "bonus"  # ('draw bonus for each ...')


# By node type (no IR type subclasses another): a reason that reads the position, or the
# same words every time.
_READ: dict[type, Callable[[Rules, PowerFrame, Any], tuple[str, str]]] = {
    ir.Gain: _gain, ir.DrawBonus: _bonus,
}
_FIXED: dict[type, tuple[str, str]] = {
    ir.LayEgg: ("no bird it may lay on has room for an egg", "lay"),
    **dict.fromkeys((ir.Draw, ir.DrawTray, ir.ShareCards), ("no card it may take is there", "draw")),
    ir.Cache: ("there is no food it could cache", "cache"),
    **dict.fromkeys((ir.Tuck,), ("there is no card it could tuck", "tuck")),
    **dict.fromkeys((ir.DiscardCard, ir.DiscardEgg), ("there is nothing of the kind to give up", "cost")),
    ir.Modifier: ("a green power changes costs and powers while it is in play; it is never used on its own", "green"),
}


def fixed_words(idle_rules: dict[str, str]) -> dict[type, tuple[str, str]]:
    """(reason, rule id) by node type, for the types whose reason reads nothing (``_FIXED``),
    with the rule ``idle_rules`` (a ruleset's ``IDLE_RULES``) cites: a ruleset looks these
    up once instead of asking ``idle_reason`` and its table at each power passed over."""
    out = {kind: (reason, idle_rules.get(topic, "core.forced")) for kind, (reason, topic) in _FIXED.items()}
    for kind, handler in NODE_HANDLERS.items():
        if handler.passed_over is not None and type(handler).idle is NodeHandler.idle:
            reason, topic = handler.passed_over
            out[kind] = (reason, idle_rules.get(topic, "core.forced"))
    return out


def idle_reason(g: Rules, f: PowerFrame, node: ir.Effect) -> tuple[str, str]:
    """(why ``node`` can do nothing now for ``f``, the topic of the rule it follows)."""
    kind = type(node)
    handler = NODE_HANDLERS.get(kind)
    if handler is not None and (handler.passed_over is not None or type(handler).idle is not NodeHandler.idle):
        return handler.idle(g, f, node)
    read = _READ.get(kind)
    if read is not None:
        return read(g, f, node)
    found = _FIXED.get(kind)
    if found is None:
        raise TypeError(f"no reason is written for passing over a {kind.__name__} node (engine/idle.py)")
    return found
