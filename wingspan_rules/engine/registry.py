"""The registry of frame handlers: the base every handler shares, and the table of the
interpreter's node handlers by IR node type.

It sits below the frame loop (``engine/rules.py``) and the handlers (``engine/handlers.py``,
``powers/``), and imports neither: the loop reads the table, the handlers fill it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from ..actions import Action
from ..verdict import Violation
from .state import Frame

if TYPE_CHECKING:
    from .. import ir

FT = TypeVar("FT", bound=Frame)
G = TypeVar("G")  # the ruleset a handler serves: turn-frame handlers name theirs


class Telling(Protocol):
    """What a handler's words of an answer read (``Handler.tell``; ``prompts.Telling`` is one):
    the kind of decision asked, and the templates' fields filled in for one answer."""

    @property
    def kind(self) -> str: ...

    def fill(self, template: str, action: Action) -> str: ...

    def part_phrase(self, f: Frame, index: int) -> str: ...  # what part ``index`` of f's node does ("" if none)

    @property
    def rules(self) -> Any: ...  # the ruleset class (its tables: ``action_nodes``, ``mat``, its world parts)

    @property
    def foods(self) -> tuple[str, ...]: ...  # the deck's foods

    def count_of(self, name: str) -> int: ...  # the amount of a turn's own action, by name (0: not fixed)


class Handler(Generic[FT, G]):
    """The behaviour of one frame kind, in the ruleset ``G`` (``Rules`` when it serves any)."""

    frame_type: ClassVar[type[Frame]]
    # What taking each answer this frame kind offers does, in words, by verb (a verb ending
    # "-*" stands for every verb of that prefix: "play-*"): a template, or templates by the
    # kind of decision asked ("" for any other kind).  The fields a template may name:
    # {arg} (what the answer names), {power} ("X's power"), {by} (" (X's power)" where a power
    # asks), {source} (the bird, "this bird"), {bird} ("the bird"), {your_bird} ("your bird"),
    # {new_bird} ("the new bird"), {holder} (an egg holder: a bird or "your Nest"), {a_arg}
    # ("a seed"), {habitat} (the verb after its prefix), and the world parts' own words:
    # {hand} ("your hand", ``Hand.called``), {food_card} (``Hand.food_called``) and {face_up}
    # (where face-up cards go from, ``Deck.face_up_called``).
    says: ClassVar[Mapping[str, str | Mapping[str, str]]] = {}
    # The question a step of this frame kind asks, by the verbs of the answers it offers, in
    # order (the first verb offered asks, or by the kind of decision as in ``says``); a question
    # beginning "or " is asked beside another ("which food do you take, or reroll the
    # birdfeeder") and alone where no other is.
    questions: ClassVar[Mapping[str, str | Mapping[str, str]]] = {}

    def tell(self, t: Telling, f: Frame | None, action: Action) -> str | None:
        """What answering ``action`` at ``f`` does, in words (``says``); None for an answer this
        frame kind does not word.  A handler whose words read more than a template overrides it.
        ``f`` is the frame that asked: this kind's, or, for a part of a power, the frame of the
        node it is part of; None where no frame asks (a decision built by hand, a game over)."""
        verb = action.verb
        found = self.says.get(verb)
        if found is None and "-" in verb:
            found = self.says.get(verb.split("-", 1)[0] + "-*")
        if found is not None and not isinstance(found, str):
            found = found.get(t.kind, found.get(""))
        return None if found is None else t.fill(found, action)

    def options(self, g: G, f: FT) -> list[Action] | None:
        raise NotImplementedError

    def step(self, g: G, f: FT) -> None:
        raise AssertionError(f"a '{f.kind}' frame has no step")

    def answer(self, g: G, f: FT, a: Action) -> None:
        raise NotImplementedError

    def why_not(self, g: G, f: FT, a: Action) -> list[Violation]:
        return []

    def describe(self, g: G, f: FT) -> tuple[str, str]:
        """(decision kind, rule id) of the question this frame asks."""
        raise NotImplementedError


# The interpreter's node handlers by IR node type (``handlers.node_handler`` fills it; typed
# there, where its handlers' methods are known).
NODE_HANDLERS: dict[type, Any] = {}
_registered = [0]  # how many times a node handler was registered (rulesets' tables follow it)


def registered() -> None:
    """Note that a node handler was registered."""
    _registered[0] += 1


def registrations() -> int:
    """A number that changes whenever a node handler is registered."""
    return _registered[0]


def node_verbs(g: Any, node: ir.Effect) -> frozenset[str]:
    """Every verb that answers some step of ``node`` in the ruleset ``g``, its parts' included:
    each node's handler says its own (``NodeHandler.answers``), a composite node gives its
    parts (``children``)."""
    verbs: frozenset[str] = NODE_HANDLERS[type(node)].answers(g, node)
    for child in node.children():
        verbs = verbs | node_verbs(g, child)
    return verbs
