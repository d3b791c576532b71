"""The frame loop every ruleset's engine runs on.

A game's continuation is a stack of frames (plain data).  Each frame kind has three
handlers: ``options`` (None: no choice now, run ``step``; []: nothing to do, drop the
frame; otherwise the choices), ``step`` and ``answer``.  The loop runs frames until a
player must choose; a choice with one option is taken on its own (rule ``core.forced``).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import attrs

from .actions import Action
from .verdict import Decision


@attrs.define(slots=True)
class Frame:
    """One step of the game waiting to run: a turn, a payment, a power being resolved.

    The stack of frames is the game's continuation; it is data, so a game saved in the
    middle of a power resumes exactly there.
    """

    kind: str
    player: int  # who decides in this frame
    card: int = -1  # the card being played, or whose power runs
    path: tuple[int, ...] = ()  # where in that card's power this frame is
    host: int = -1  # flock index of the bird the power belongs to (tucks go there)
    owner: int = -1  # the player whose bird's power this is
    pc: int = 0
    data: list[int] = attrs.Factory(list)
    optional: bool = False

    def copy(self) -> "Frame":
        return Frame(self.kind, self.player, self.card, self.path, self.host, self.owner, self.pc, self.data[:], self.optional)

Options = Callable[[Any, Frame], "list[Action] | None"]
Step = Callable[[Any, Frame], None]
Answer = Callable[[Any, Frame, Action], None]


def advance(
    engine: Any,
    options_of: Mapping[str, Options],
    step_of: Mapping[str, Step],
    answer_of: Mapping[str, Answer],
    describe: Callable[[Frame], tuple[str, str, str | None]],
    forced: list[tuple[int, Action]] | None = None,
) -> Decision | None:
    """Run frames until a player must choose; that decision, or None when the game is over.
    The answers taken on their own (single options) are added to ``forced`` if it is given."""
    st = engine.state
    while True:
        if st.over or not st.stack:
            return None
        frame = st.stack[-1]
        options = options_of[frame.kind](engine, frame)
        if options is None:
            step_of[frame.kind](engine, frame)
            continue
        if not options:
            st.stack.pop()  # an effect that can do nothing is passed over
            continue
        if len(options) == 1:
            if forced is not None:
                forced.append((frame.player, options[0]))
            answer_of[frame.kind](engine, frame, options[0])
            continue
        kind, rule, source = describe(frame)
        return Decision(frame.player, kind, tuple(options), source, rule)


def child(frame: Frame, index: int, player: int | None = None) -> Frame:
    """The frame of part ``index`` of the effect a frame runs (for ``player``, default the same)."""
    return Frame(
        "effect", frame.player if player is None else player, frame.card, frame.path + (index,), frame.host, frame.owner
    )


def answer_either(stack: list[Frame], frame: Frame, action: Action) -> None:
    """'+' parts: ``part N`` runs part N next (once), ``stop`` ends the power."""
    if action.verb == "stop":
        stack.pop()
        return
    index = int(action.arg) - 1  # type: ignore[arg-type]
    frame.data.append(index)
    stack.append(child(frame, index))
