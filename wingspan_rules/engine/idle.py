"""Why a power (or a part of one) could do nothing, in words, when it is passed over.

One entry per IR node type, worded for any ruleset; ``Rules.IDLE_RULES`` maps the topic
returned to the ruleset's catalog id (``core.forced`` when it has none of its own).  Asked
only while a game is recorded (``Rules.passed``), never on the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from .handlers import can_do
from .state import PowerFrame

if TYPE_CHECKING:
    from .rules import Rules


def idle_reason(g: Rules, f: PowerFrame, node: ir.Effect) -> tuple[str, str]:
    """(why ``node`` can do nothing now for ``f``, the topic of the rule it follows)."""
    if isinstance(node, ir.Move):
        row = g.state.seats[f.player].rows[f.host.row] if 0 <= f.host.row < len(g.state.seats[f.player].rows) else []
        if f.host.column != len(row) - 1:
            return "it is not the rightmost bird in its row", "move"
        return "no other habitat it can live in has a free slot", "move"
    if isinstance(node, ir.Then):
        probe = PowerFrame(f.player, f.card, f.path, f.owner, f.host)
        if not can_do(g, probe, node.requirement):
            return "what it asks for first cannot be given", "cost"
        return "what it gives could do nothing", "cost"
    if isinstance(node, ir.When):
        return idle_reason(g, f, node.body)
    if isinstance(node, ir.Either):
        return "none of its parts could do anything", "either"
    if isinstance(node, ir.AllPlayers):
        return "no player could use it", "all-players"
    if isinstance(node, ir.LayEgg):
        return "no bird it may lay on has room for an egg", "lay"
    if isinstance(node, (ir.Draw, ir.DrawTray, ir.ShareCards)):
        return "no card it may take is there", "draw"
    if isinstance(node, (ir.DrawBonus, ir.KeepBonusFromDiscard)):
        return "no bonus card is left to draw", "bonus"
    if isinstance(node, ir.Gain):
        where = "the feeder shows" if node.source == "feeder" else "the supply holds"
        return f"{where} none of the food it gives", "gain"
    if isinstance(node, (ir.Cache, ir.CacheOwn, ir.EggsForCache)):
        return "there is no food it could cache", "cache"
    if isinstance(node, (ir.Tuck, ir.EggsForTucks)):
        return "there is no card it could tuck", "tuck"
    if isinstance(node, (ir.DiscardCard, ir.DiscardEgg, ir.DiscardBonus, ir.Give)):
        return "there is nothing of the kind to give up", "cost"
    if isinstance(node, (ir.Hunt, ir.RollDice, ir.DiscardFromDeck)):
        return "there is nothing left to reveal or roll", "predator"
    if isinstance(node, ir.Repeat):
        return "no other power in its row could do anything", "repeat"
    if isinstance(node, ir.PlayBird):
        return "no bird in hand can be paid for and placed where it plays", "second-bird"
    if isinstance(node, ir.Copy):
        return "no neighbouring bird has a power it could copy", "copy"
    if isinstance(node, ir.Trade):
        return "there is no food to trade", "trade"
    return "nothing it does could happen now", "none"
