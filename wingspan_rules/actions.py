"""Actions: small immutable values with a canonical one-line text form."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from .dsl.diagnostics import suggest
from .i18n import _

# What follows a verb in action text.
NONE, NUMBER, TEXT = "nothing", "a number", "a name"


class Describer(Protocol):
    """What ``Action.describe`` asks to word an action: a ``Game``, which knows its decision."""

    def describe_action(self, action: Action) -> str: ...


class Action(NamedTuple):
    """``verb`` says what is done, ``arg`` with what (a card name, a food, a deck number...).

    ``str(action)`` is the canonical text (``play Blue Jay``, ``take-food 2``, ``skip``);
    ``Game.parse_action`` reads it back.
    """

    verb: str
    arg: str | int | None = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb} {self.arg}"

    def describe(self, game: Describer) -> str:
        """What this answer does in ``game``'s current decision, in English ("pay 1 fish for
        Kelp Gull's power", "skip Kelp Gull's power").  The words follow the decision asked
        (whose power, which step), not whether the action is legal now.  The game words it
        (``Game.describe_action``): an action is a value and knows no presentation."""
        return game.describe_action(self)

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Split canonical text into verb and argument (no check against a game)."""
        text = " ".join(text.split())
        if not text:
            raise ValueError(_("empty action text"))
        verb, _space, rest = text.partition(" ")
        if not rest:
            return cls(verb)
        if _NUMBER.fullmatch(rest):  # ASCII digits only: '²' or '٣' is a word, for the ruleset to refuse
            return cls(verb, int(rest))
        return cls(verb, rest)


_NUMBER = re.compile(r"-?[0-9]+")


class Verb(dict[Any, Action]):
    """The actions of one verb, each made once per argument: the engine offers the same few
    actions over and over, so it looks them up instead of building them (``TAKE["seed"]``)."""

    def __init__(self, verb: str):
        super().__init__()
        self.verb = verb

    KEPT = 20_000  # user decks bring new names: past this many the table starts again

    def __missing__(self, arg: Any) -> Action:
        if len(self) >= self.KEPT:
            self.clear()
        action = self[arg] = Action(self.verb, arg)
        return action


def check_form(text: str, forms: dict[str, str]) -> Action:
    """Read action text against a table of verbs and argument kinds."""
    if not isinstance(text, str):
        raise ValueError(f"action text must be a string, not {type(text).__name__}")
    action = Action.from_text(text)
    form = forms.get(action.verb)
    if form is None:
        hint = suggest(action.verb, forms)
        unknown = _("unknown action '{verb}'; {hint}") if hint else _("unknown action '{verb}'")
        raise ValueError(unknown.format(verb=action.verb, hint=hint))
    if form == NONE and action.arg is not None:
        raise ValueError(_("'{verb}' takes nothing after it").format(verb=action.verb))
    if form != NONE and action.arg is None:
        raise ValueError(_needs(action.verb, form))
    if form == NUMBER and not isinstance(action.arg, int):
        raise ValueError(_("'{verb}' needs a number after it, not '{arg}'").format(verb=action.verb, arg=action.arg))
    if form == TEXT and isinstance(action.arg, int):
        action = Action(action.verb, str(action.arg))
    return action


def _needs(verb: str, form: str) -> str:
    """"'take' needs a number after it": what a verb written alone lacks."""
    if form == NUMBER:
        return _("'{verb}' needs a number after it").format(verb=verb)
    if form == TEXT:
        return _("'{verb}' needs a name after it").format(verb=verb)
    return _("'{verb}' needs {form} after it").format(verb=verb, form=form)


def build_space(forms: Mapping[str, str], domains: Mapping[str, Sequence[str | int]]) -> tuple[Action, ...]:
    """Every action of a verb table, each verb with every argument of its domain, in table order."""
    space: list[Action] = []
    for verb, form in forms.items():
        if form == NONE:
            space.append(Action(verb))
        else:
            space.extend(Action(verb, arg) for arg in domains[verb])
    return tuple(space)
