"""The base of every power family: what one kind of power part means, in one place.

A family subclasses ``Family`` in a module of its own and is registered with ``@family``.
It says which grammar rules it builds (``rules``), which syntax and IR node types it owns,
the verb its phrases spell (checked against each rule system's vocabulary), and how its
parts are built, checked, compiled, written back as card text and worded in English; its
IR node's handler (``engine.handlers.NodeHandler``: can, choices, run, refuse, the reason it
is passed over) sits in the same module and is named by ``handler``.

The generic code hands each method a context that does the rest of the tree: a composite
family (parts joined by '+', '->', ...) asks the context for its parts, never the registry.

    @family
    class Move(Family):
        name = "move"
        rules = ("move",)
        verb = "move"
        syntax = (ast.Move,)
        nodes = (ir.Move,)
        handler = MoveHandler

        def build(self, b, tree, span, depth): return ast.Move(span)
        def compile(self, part, c): return ir.Move()
        def text(self, part, w): return "move if rightmost"
        def english(self, part, w): return "if this bird is the rightmost ..."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..engine.handlers import NodeHandler, node_handler
from ..families import FAMILIES

if TYPE_CHECKING:
    from lark import Token, Tree

    from .. import ir
    from ..dsl import ast
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing


class Family:
    """One family of power parts (see the module's docstring)."""

    name: ClassVar[str]
    rules: ClassVar[tuple[str, ...]] = ()  # the grammar rules it builds
    verb: ClassVar[str | None] = None  # a phrase's verb (the vocabulary says in which colours it may stand)
    syntax: ClassVar[tuple[type, ...]] = ()  # the syntax-tree types it owns
    nodes: ClassVar[tuple[type, ...]] = ()  # the IR node types it owns
    handler: ClassVar[type[NodeHandler[Any, Any]] | None] = None  # the handler of its nodes

    # ---- the card language ----------------------------------------------------------------
    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        """The syntax-tree part of a parse-tree node of one of ``rules``."""
        raise NotImplementedError(f"family '{self.name}' builds no grammar rule")

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


F = TypeVar("F", bound=type[Family])


def family(cls: F) -> F:
    """Register a family (and its nodes' handler) so that every generic step finds it."""
    if cls.handler is not None:
        node_handler(cls.handler)
    FAMILIES.register(cls())
    return cls
