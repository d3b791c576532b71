"""Decisions the engine waits on, verdicts on actions, and the error for illegal ones."""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from .actions import Action
from .i18n import _, current, language, translate
from .views import PendingView


def counted(n: int, noun: str) -> str:
    """``n`` and a noun that takes an s for more than one, as messages write counts: "1 egg",
    "2 eggs", "0 eggs"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


class Wording(Protocol):
    """What words a decision (``Decision.wording``): the layer above the values that knows
    presentation makes one when it hands a decision out (``Game.pending`` gives each the
    deck's words and the frame that asked, ``prompts.Asked``).  The values import no
    presentation: they only ask this for the words, when they are read."""

    def prompt(self, decision: Decision, public: bool, lang: str | None = None) -> str:
        """The decision as one question (``public``: as the other players may see it), in
        ``lang`` (None: the language the game speaks, else the current one)."""
        ...


# The wording of a decision built by hand (no ``wording`` given), from its fields alone.  The
# presentation layer names it here when it is imported (``prompts`` does, and the package imports
# it through ``game``): the values never import presentation, not even to word a bare decision.
_by_hand: list[Wording] = []


def word_by_hand(wording: Wording) -> None:
    """Name the wording of decisions built by hand (``prompts`` calls this once, on import)."""
    _by_hand[:] = [wording]


@attrs.frozen
class Decision:
    """What the engine is waiting for: who decides, what kind of choice, and the options.

    ``source`` names the card whose power asks (None for the turn's own steps);
    ``rule`` is the catalog id of the rule that makes this a choice.  ``prompt`` says it in
    one English sentence; it is worked out when read (the engine's loop makes far more
    decisions than anyone reads), by ``wording``: what ``Game`` gave the decision when it
    handed it out (the deck's words and the frame that asked).  ``wording`` takes no part in
    equality, hashing or repr; a decision built by hand has none and is worded from its fields.
    """

    player: int
    kind: str
    options: tuple[Action, ...]
    source: str | None
    rule: str
    wording: Wording | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)

    def _wording(self) -> Wording:
        wording = self.wording
        if wording is not None:
            return wording
        if not _by_hand:
            raise LookupError("nothing words this decision built by hand: import wingspan_rules (its prompts module words decisions)")
        return _by_hand[0]

    @property
    def prompt(self) -> str:
        """Who decides what, for which card, as one sentence (a question), in the game's
        language (``lang`` of ``new_game``), else the current one (``wingspan_rules.language``)."""
        return self._wording().prompt(self, False)

    def prompt_in(self, lang: str, public: bool = False) -> str:
        """The prompt in ``lang`` ("en", "es"), whatever the game speaks (``public``: as the
        other players may see it)."""
        return self._wording().prompt(self, public, lang)

    @property
    def public_prompt(self) -> str:
        """The prompt as the other players may see it: the same words, except where they would
        tell something hidden (which step of the opening setup a player has reached)."""
        return self._wording().prompt(self, True)


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
        """The note for people, a line each (without indentation), in the current language."""
        setting = f"{self.option}={self.value!r}"
        source = translate(self.source)  # (whose reading it is: a text the ruleset marks with N_)
        if self.played:
            return [_("this game plays {setting} ({source})").format(setting=setting, source=source)]
        template = _("legal under option {setting} ({source})") if self.legal else _("illegal under option {setting} ({source})")
        out = [template.format(setting=setting, source=source)]
        out += [f"  [{v.rule_id}] {v.message}" for v in self.violations]
        return out


@attrs.frozen
class Verdict:
    """``legal`` and the ``violations`` under this game's options; ``options`` notes where
    the verdict depends on a rule-reading option (empty when it does not): the value played
    first, then each other value under which the verdict differs.  Only ``Game.check`` fills
    them in.  ``lang`` is the language its messages were worded in, the one ``str`` speaks; it
    takes no part in equality."""

    legal: bool
    violations: tuple[Violation, ...] = ()
    options: tuple[OptionNote, ...] = ()
    lang: str = attrs.field(factory=current, eq=False, repr=False, kw_only=True)

    def __str__(self) -> str:
        with language(self.lang):
            lines = [_("legal") if self.legal else _("illegal")]
            for v in self.violations:
                lines.append(f"  [{v.rule_id}] {v.message}\n    " + _("source: {source}").format(source=v.source))
            for note in self.options:
                lines += ["  " + line for line in note.lines()]
        return "\n".join(lines)


class IllegalAction(ValueError):
    """Raised by ``Game.apply`` for an action the rules forbid; the game is unchanged."""

    def __init__(self, action: object, verdict: Verdict):
        self.action = action
        self.verdict = verdict
        with language(verdict.lang):
            told = _("illegal action '{action}': {why}").format(action=action, why="; ".join(v.message for v in verdict.violations))
        super().__init__(told)
