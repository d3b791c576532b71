"""Decisions the engine waits on, verdicts on actions, and the error for illegal ones."""

from __future__ import annotations

from typing import Any

import attrs

from .actions import Action
from .views import PendingView


class _Asked:
    """Where a decision's question came from, kept beside its fields: the deck's
    ``prompts.Speaker`` and the frame that asked, for ``Decision.prompt``.  A slot outside the
    attrs fields, so it takes no part in equality, hashing, repr or ``attrs.evolve``, and the
    engine's loop does not fill it: ``Game`` does when it hands a decision out (``asked``)."""

    __slots__ = ("_about",)


_ABOUT = _Asked.__dict__["_about"]


@attrs.frozen
class Decision(_Asked):
    """What the engine is waiting for: who decides, what kind of choice, and the options.

    ``source`` names the card whose power asks (None for the turn's own steps);
    ``rule`` is the catalog id of the rule that makes this a choice.  ``prompt`` says it in
    one English sentence; it is worked out when read (the engine's loop makes far more
    decisions than anyone reads).
    """

    player: int
    kind: str
    options: tuple[Action, ...]
    source: str | None
    rule: str

    @property
    def prompt(self) -> str:
        """Who decides what, for which card, as one English sentence (a question)."""
        from .prompts import prompt

        return prompt(self, public=False)

    @property
    def public_prompt(self) -> str:
        """The prompt as the other players may see it: the same words, except where they would
        tell something hidden (which step of the opening setup a player has reached)."""
        from .prompts import prompt

        return prompt(self, public=True)


def asked(decision: Decision, about: Any) -> None:
    """Note where a decision came from, once (see ``_Asked``): the first note stays, so a
    decision shared by a game and its copy keeps the frame it was asked by."""
    if getattr(decision, "_about", None) is None:
        _ABOUT.__set__(decision, about)


def pending_view(pending: Decision | None, player: int) -> PendingView | None:
    """A decision as one player may see it: its options only if it is theirs to make."""
    if pending is None:
        return None
    shown: PendingView = {
        "player": pending.player,
        "kind": pending.kind,
        "source": pending.source,
        "rule": pending.rule,
        "prompt": pending.prompt if pending.player == player else pending.public_prompt,
        "options": [str(o) for o in pending.options] if pending.player == player else len(pending.options),
    }
    return shown


@attrs.frozen
class Violation:
    rule_id: str
    message: str
    source: str  # where the rule is written: seed file and section


@attrs.frozen
class OptionNote:
    """The verdict under one value of a rule-reading option (see ``Verdict.options``):
    ``played`` is True for the value this game plays with, False for another value under
    which the verdict differs; ``source`` is whose reading that value is ("004, ...")."""

    option: str
    value: Any
    legal: bool
    source: str
    violations: tuple[Violation, ...] = ()
    played: bool = False

    def lines(self) -> list[str]:
        """The note for people, a line each (without indentation)."""
        setting = f"{self.option}={self.value!r}"
        if self.played:
            return [f"this game plays {setting} ({self.source})"]
        out = [f"{'legal' if self.legal else 'illegal'} under option {setting} ({self.source})"]
        out += [f"  [{v.rule_id}] {v.message}" for v in self.violations]
        return out


@attrs.frozen
class Verdict:
    """``legal`` and the ``violations`` under this game's options; ``options`` notes where
    the verdict depends on a rule-reading option (empty when it does not): the value played
    first, then each other value under which the verdict differs.  Only ``Game.check`` fills
    them in."""

    legal: bool
    violations: tuple[Violation, ...] = ()
    options: tuple[OptionNote, ...] = ()

    def __str__(self) -> str:
        lines = ["legal" if self.legal else "illegal"]
        for v in self.violations:
            lines.append(f"  [{v.rule_id}] {v.message}\n    source: {v.source}")
        for note in self.options:
            lines += ["  " + line for line in note.lines()]
        return "\n".join(lines)


class IllegalAction(ValueError):
    """Raised by ``Game.apply`` for an action the rules forbid; the game is unchanged."""

    def __init__(self, action: object, verdict: Verdict):
        self.action = action
        self.verdict = verdict
        super().__init__(f"illegal action '{action}': " + "; ".join(v.message for v in verdict.violations))
