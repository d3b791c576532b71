"""The registry of power families: which family builds a grammar rule, owns a syntax type or
an IR node type.

A power family (``wingspan_rules/powers/``) is one module holding everything one kind of
power part means: its syntax and how it is built from the parse tree, its checks, its
compiled IR node and the node's handler, its card text and English.  The generic code (the
builder, checker, compiler and renderer of the card language, the engine's frame loop) asks
this registry and holds no switch over node types; a part no family owns raises.

This module imports nothing of the package, so every layer may ask it.  Families register
themselves (``register``) when their module is imported; ``wingspan_rules.powers`` imports
the shipped ones, and a family defined elsewhere (a test, a card author's extension) is
registered the same way.
"""

from __future__ import annotations

from typing import Any


class UnknownPart(TypeError):
    """A part of a power that no registered family owns."""


class Families:
    """The families registered so far, looked up by grammar rule, syntax type or node type."""

    def __init__(self) -> None:
        self._all: dict[str, Any] = {}
        self._by_rule: dict[str, Any] = {}
        self._by_syntax: dict[type, Any] = {}
        self._by_node: dict[type, Any] = {}
        self.changes = 0  # bumped by every registration (caches built from the registry follow it)

    def register(self, family: Any) -> None:
        """Add a family; a name, grammar rule, syntax type or node type may have one owner."""
        name = family.name
        if name in self._all:
            raise ValueError(f"two power families are called '{name}'")
        taken = [r for r in family.rules if r in self._by_rule]
        taken += [t.__name__ for t in (*family.syntax, *family.nodes) if t in self._by_syntax or t in self._by_node]
        if taken:
            raise ValueError(f"family '{name}': {', '.join(taken)} already belong to another family")
        self._all[name] = family
        for rule in family.rules:
            self._by_rule[rule] = family
        for kind in family.syntax:
            self._by_syntax[kind] = family
        for kind in family.nodes:
            self._by_node[kind] = family
        self.changes += 1

    def __iter__(self) -> Any:
        return iter(self._all.values())

    def owns_rule(self, rule: str) -> bool:
        return rule in self._by_rule

    def of_rule(self, rule: str) -> Any:
        """The family that builds grammar rule ``rule``."""
        found = self._by_rule.get(rule)
        if found is None:
            raise UnknownPart(f"no power family builds the grammar rule '{rule}'")
        return found

    def find_syntax(self, part: object) -> Any:
        """The family of a syntax-tree part, or None."""
        return self._by_syntax.get(type(part))

    def of_node(self, kind: type) -> Any:
        """The family that owns the IR node type ``kind``."""
        found = self._by_node.get(kind)
        if found is None:
            raise UnknownPart(f"no power family owns the IR node type '{kind.__name__}'")
        return found



FAMILIES = Families()
