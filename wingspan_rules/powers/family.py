"""The base of every power family: what one kind of power part means, in one place.

A family subclasses ``Family`` in a module of its own and is registered with ``@family``.
It says which grammar rules it builds (``rules``), which syntax and IR node types it owns,
the verb its phrases spell (checked against each rule system's vocabulary), and how its
parts are built, checked, compiled, written back as card text and worded in English; its
IR node's handler (``engine.handlers.NodeHandler``: can, choices, run, refuse, the reason it
is passed over) sits in the same module and is named by ``handler``.

The generic code hands each method a context that does the rest of the tree: a composite
family (parts joined by '+', '->', ...) asks the context for its parts, never the registry.
``powers/move.py`` is the smallest whole example.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .. import words
from .._mypyc import mypyc_attr
from ..engine.handlers import NodeHandler, can_do, node_handler, probe
from ..engine.idle import idle_reason
from ..engine.state import PowerFrame
from ..families import FAMILIES
from ..i18n import current

if TYPE_CHECKING:
    from lark import Token, Tree

    from .. import ir
    from ..dsl import ast
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@mypyc_attr(native_class=False)  # (the families are decorated classes: plain Python classes, as their base must be)
class Family:
    """One family of power parts (see the module's docstring)."""

    name: ClassVar[str]
    rules: ClassVar[tuple[str, ...]] = ()  # the grammar rules it builds
    verb: ClassVar[str | None] = None  # a phrase's verb (the vocabulary says in which colours it may stand)
    syntax: ClassVar[tuple[type, ...]] = ()  # the syntax-tree types it owns
    nodes: ClassVar[tuple[type, ...]] = ()  # the IR node types it owns
    handler: ClassVar[type[NodeHandler[Any, Any]] | None] = None  # the handler of its nodes
    # A family from outside the shipped grammar: its grammar rules (which ``%extend _phrase``),
    # and the power colours its verb may stand in, by rule system (a vocabulary's ``name``:
    # "Pocket", "classic", "Oceania"); a shipped verb's colours are the vocabulary's own.
    grammar: ClassVar[str] = ""
    colours: ClassVar[dict[str, tuple[str, ...]]] = {}
    grouped: ClassVar[bool] = False  # in English, put in parentheses when it stands among other parts
    classic_only: ClassVar[bool] = False  # read in the classic game's words even in Pocket's
    # The form of the card language the family as a whole is, when not every rule system whose
    # verbs reach it has it (``Vocabulary.forms``): the checker refuses its parts in a rule
    # system that does not admit it (in the family's own words, or else in general ones), and
    # a ruleset plays its nodes only when its vocabulary admits it (``Rules.frame_handlers``).
    form: ClassVar[str | None] = None

    # ---- the verbs ----------------------------------------------------------------------------
    def verb_of(self, rule: str) -> str | None:
        """The verb a phrase of grammar rule ``rule`` (one of ``rules``) spells: ``verb``, unless
        the family's rules spell different verbs (the green modifiers: ignore, spend, treat)."""
        return self.verb

    def verb_of_part(self, part: Any) -> str | None:
        """The verb of a syntax-tree part of this family (what ``verb_of`` says of its rule)."""
        return self.verb

    # ---- the card language ----------------------------------------------------------------
    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        """The syntax-tree part of a parse-tree node of one of ``rules``."""
        raise NotImplementedError(f"family '{self.name}' builds no grammar rule")

    def misplaced(self, part: Any, c: Checking) -> bool:
        """Asked before any other check, its verb's colour among them: True (with the error
        recorded) when the part may not stand where it is met whatever the power's colour;
        its other checks are then skipped."""
        return False

    def check(self, part: Any, c: Checking) -> None:
        """Record what makes this part impossible where it stands (``c`` says where)."""

    def compile(self, part: Any, c: Compiling) -> ir.Effect:
        """The IR node of a part."""
        raise NotImplementedError(f"family '{self.name}' compiles nothing")

    def text(self, part: Any, w: Writing) -> str:
        """The part as canonical card text (parsing it gives the part back)."""
        raise NotImplementedError(f"family '{self.name}' writes no card text")

    def english(self, part: Any, w: Writing) -> str:
        """The part as an English phrase (no capital, no full stop), in the words of the
        classic game or of Pocket as ``w.classic`` says."""
        raise NotImplementedError(f"family '{self.name}' has no English")

    def question(self, part: Any, w: Writing) -> str:
        """The part as the phrase of the question a decision about it asks (a prompt's "what
        it does"): its English, unless the family words its question its own way."""
        return self.english(part, w)


PF = TypeVar("PF", bound=PowerFrame)
N = TypeVar("N", bound="ir.Effect")


@mypyc_attr(allow_interpreted_subclasses=True)
class BodyHandler(NodeHandler[PF, N]):
    """The handler of a node that holds one body (a trigger, a repetition): it can do what its
    body can, and when passed over it is for its body's reason."""

    def can(self, g: Rules, f: PowerFrame, node: N) -> bool:
        return can_do(g, probe(f, 0), node.child(0))

    def idle(self, g: Rules, f: PowerFrame, node: N) -> tuple[str, str]:
        return idle_reason(g, f, node.child(0))


F = TypeVar("F", bound=type[Family])


def food_word(food: str, n: int = 1) -> str:
    """A food by its card-language word, in the current language (``words.food``; a word that
    names no food the library knows stays as it is)."""
    try:
        return words.food(food, n)
    except KeyError:
        return food


def counted_food(food: str, n: int) -> str:
    """A food named after a count where the English of a phrase writes the card's word as it is
    ("cache up to 8 seed", "cache 2 seed"): that word in English; counted in another language
    ("8 semillas")."""
    return food if current() == "en" else food_word(food, n)


def family(cls: F) -> F:
    """Register a family (and its nodes' handler) so that every generic step finds it."""
    if cls.handler is not None:
        if tuple(cls.handler.node_types) != tuple(cls.nodes):
            raise ValueError(f"family '{cls.name}': its handler runs {cls.handler.node_types}, not its nodes {cls.nodes}")
        node_handler(cls.handler)
    FAMILIES.register(cls())
    return cls
