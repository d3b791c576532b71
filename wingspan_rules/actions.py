"""Actions: small immutable values with a canonical one-line text form."""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """``verb`` says what is done, ``arg`` with what (a card name, a food, a deck number...).

    ``str(action)`` is the canonical text (``play Blue Jay``, ``take-food 2``, ``skip``);
    ``Game.parse_action`` reads it back.
    """

    verb: str
    arg: str | int | None = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb} {self.arg}"

    @classmethod
    def from_text(cls, text: str) -> "Action":
        """Split canonical text into verb and argument (no check against a game)."""
        text = " ".join(text.split())
        if not text:
            raise ValueError("empty action text")
        verb, _, rest = text.partition(" ")
        if not rest:
            return cls(verb)
        if rest.lstrip("-").isdigit():
            return cls(verb, int(rest))
        return cls(verb, rest)
