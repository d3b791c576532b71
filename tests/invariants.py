"""Invariants the random playouts of every ruleset check (not a test module itself)."""

from __future__ import annotations

import attrs

from wingspan_rules import Action, Game


def _table(state: object) -> tuple[object, ...]:
    """Everything in a state except its continuation and step counter."""
    return tuple(attrs.astuple(state, recurse=True, filter=lambda a, _: a.name not in ("stack", "steps")))  # type: ignore[arg-type]


def use_changes_something(before: Game, action: Action, after: Game) -> None:
    """A power that is offered can do something: after 'use', the table changes or a decision
    of that power follows (the API promises a power that can do nothing is passed over)."""
    if action.verb != "use":
        return
    pending = before.pending
    assert pending is not None
    changed = _table(before.state) != _table(after.state)
    # the power is still running: what lay below it is untouched and its place holds the power
    # (or what it started: a repeated power, say), accepted now, not a new power on offer
    depth = len(before.state.stack)
    stack = after.state.stack
    running = (
        after.pending is not None
        and len(stack) >= depth
        and stack[: depth - 1] == before.state.stack[: depth - 1]
        and not getattr(stack[depth - 1], "optional", False)
    )
    assert changed or running, f"'use' of {pending.source}'s power changed nothing and asked nothing"
