"""Decisions the engine waits on, verdicts on actions, and the error for illegal ones."""

from __future__ import annotations

import attrs

from .actions import Action
from .views import PendingView


@attrs.frozen
class Decision:
    """What the engine is waiting for: who decides, what kind of choice, and the options.

    ``source`` names the card whose power asks (None for the turn's own steps);
    ``rule`` is the catalog id of the rule that makes this a choice.
    """

    player: int
    kind: str
    options: tuple[Action, ...]
    source: str | None
    rule: str


def pending_view(pending: Decision | None, player: int) -> PendingView | None:
    """A decision as one player may see it: its options only if it is theirs to make."""
    if pending is None:
        return None
    return {
        "player": pending.player,
        "kind": pending.kind,
        "source": pending.source,
        "rule": pending.rule,
        "options": [str(o) for o in pending.options] if pending.player == player else len(pending.options),
    }


@attrs.frozen
class Violation:
    rule_id: str
    message: str
    source: str  # where the rule is written: seed file and section


@attrs.frozen
class Verdict:
    legal: bool
    violations: tuple[Violation, ...] = ()

    def __str__(self) -> str:
        if self.legal:
            return "legal"
        lines = ["illegal"]
        for v in self.violations:
            lines.append(f"  [{v.rule_id}] {v.message}\n    source: {v.source}")
        return "\n".join(lines)


class IllegalAction(ValueError):
    """Raised by ``Game.apply`` for an action the rules forbid; the game is unchanged."""

    def __init__(self, action: object, verdict: Verdict):
        self.action = action
        self.verdict = verdict
        super().__init__(f"illegal action '{action}': " + "; ".join(v.message for v in verdict.violations))
