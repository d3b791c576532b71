"""The registry of frame handlers: the base every handler shares, and the table of the
interpreter's node handlers by IR node type.

It sits below the frame loop (``engine/rules.py``) and the handlers (``engine/handlers.py``,
``powers/``), and imports neither: the loop reads the table, the handlers fill it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..actions import Action
from ..verdict import Violation
from .state import Frame

if TYPE_CHECKING:
    from .. import ir

FT = TypeVar("FT", bound=Frame)
G = TypeVar("G")  # the ruleset a handler serves: turn-frame handlers name theirs


class Handler(Generic[FT, G]):
    """The behaviour of one frame kind, in the ruleset ``G`` (``Rules`` when it serves any)."""

    frame_type: ClassVar[type[Frame]]

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
