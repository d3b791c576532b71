"""Parse tree -> syntax tree: one builder per grammar rule, words checked against a vocabulary.

The grammar (grammar/wingspan.lark) fixes every phrase's shape; what is left here is what
depends on the rule system: which foods, habitats, nests, colours, verbs and bird conditions
its cards may name.  An unknown word becomes a positioned diagnostic (with a "did you mean"),
never an exception, and every phrase of a power is read so each gets its own diagnostic.
"""

from __future__ import annotations

from typing import cast

from lark import Token, Tree

from ..families import FAMILIES
from ..i18n import _
from . import ast
from .diagnostics import Collector, clip, or_list, suggest
from .vocabulary import ATTRIBUTES, BEAKS, BIRD_FIELDS, FIELDS, ICONS, Vocabulary, system_cards

_MAX_DIGITS = 9  # longer numbers are reported as too large rather than converted
MAX_NESTING = 40  # deeper powers are refused (and would exhaust Python's recursion)

_Node = Tree[Token]  # a parsed node; which children are tokens is fixed by the grammar
_Child = Token | _Node

# The bird condition (a vocabulary's ``filter_forms`` name) each predicate rule writes; the
# forms that depend on the word written are settled in ``_predicate``.
_CONDITION_WORD = {
    "costing": "costing", "costing_only": "costing", "costing_one_of": "costing", "lives_in": "living", "compare": "where", "has_nest": "with",
    "has_power": "with", "no_power": "without", "lives_only": "living",
    "named_after_person": "named", "named": "named", "facing": "facing",
}
_TRAITS = ("predator", "flocking")
FLIGHTLESS = object()  # the value of 'wingspan: flightless' while a block is read


class Failed(Exception):
    """Internal: a part could not be built; its diagnostic is already recorded."""


def tok(node: _Child) -> Token:
    """A child the grammar makes a token."""
    if not isinstance(node, Token):
        raise AssertionError(f"expected a token, found {node!r}")
    return node


def sub(node: _Child) -> _Node:
    """A child the grammar makes a subtree."""
    if not isinstance(node, Tree):
        raise AssertionError(f"expected a subtree, found {node!r}")
    return node


def toks(node: _Node) -> list[Token]:
    return [tok(child) for child in node.children]


def span_of(node: _Child) -> ast.Span:
    if isinstance(node, Token):
        return ast.Span(node.line or 0, node.column or 0, node.end_line or 0, node.end_column or 0)
    meta = node.meta
    if getattr(meta, "empty", True):
        return ast.NO_SPAN
    return ast.Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _head(node: _Node, word: str) -> ast.Span:
    """The span of the keyword that starts ``node`` (the grammar drops the keyword token)."""
    at = span_of(node)
    return ast.Span(at.line, at.column, at.line, at.column + len(word))


def _after(node: _Node) -> ast.Span:
    """Where ``node`` ends (a missing word is reported there)."""
    at = span_of(node)
    return ast.Span(at.end_line, at.end_column, at.end_line, at.end_column)


def tokens(node: _Node, *types: str) -> list[Token]:
    """The tokens of ``node`` of these types, in order."""
    return [c for c in node.children if isinstance(c, Token) and c.type in types]


def subtree(node: _Node, data: str) -> _Node | None:
    for c in node.children:
        if isinstance(c, Tree) and c.data == data:
            return c
    return None


def read_int(t: Token, out: Collector) -> int | None:
    """The value of an INT token; None (with a diagnostic) when it is absurdly long."""
    text = str(t)
    if len(text.lstrip("-")) > _MAX_DIGITS:
        out.error(t.line or 1, t.column or 1, _("the number {digits}... is far too large").format(digits=text[:12]))
        return None
    return int(text)


def too_deep() -> str:
    """The refusal of a power nested deeper than ``MAX_NESTING`` levels."""
    return _("a power may nest at most {n} levels deep").format(n=MAX_NESTING)


def phrase_verbs() -> frozenset[str]:
    """Every verb a phrase of the card language may begin with (the registered families')."""
    verbs = {f.verb_of(rule) for f in FAMILIES for rule in f.rules}
    return frozenset(verb for verb in verbs if verb is not None)


def condition_words(vocab: Vocabulary) -> tuple[str, ...]:
    """The words that open a bird condition in this vocabulary ('costing', 'where', ...)."""
    words = {_FORM_WORD[form] for form, _ in vocab.filter_forms if form in _FORM_WORD}
    return tuple(sorted(words))


_FORM_WORD = {
    "costing": "costing", "costing_any": "costing", "costing_only": "costing", "costing_one_of": "costing", "lives_in": "living", "compare": "where",
    "colour": "with", "no_power": "without", "nest": "with", "predator": "with", "flocking": "with",
    "lives_only": "living", "named": "named", "named_after_person": "named", "facing": "facing",
}


def unknown(what: str, word: str) -> str:
    """"unknown food 'seedd'": a word that is not one of ``what`` (the noun a builder names:
    "food", "habitat", "nest", "power colour", ...), in the current language."""
    word = clip(word)
    if what == "food":
        return _("unknown food '{word}'").format(word=word)
    if what == "habitat":
        return _("unknown habitat '{word}'").format(word=word)
    if what == "nest":
        return _("unknown nest '{word}'").format(word=word)
    if what == "power colour":
        return _("unknown power colour '{word}'").format(word=word)
    if what == "power colour or trait":
        return _("unknown power colour or trait '{word}'").format(word=word)
    if what == "bird number":
        return _("unknown bird number '{word}'").format(word=word)
    if what == "beak direction":
        return _("unknown beak direction '{word}'").format(word=word)
    if what == "icon":
        return _("unknown icon '{word}'").format(word=word)
    if what == "answer":
        return _("unknown answer '{word}'").format(word=word)
    if what == "verb":
        return _("unknown verb '{word}'").format(word=word)
    if what == "kind of card":
        return _("unknown kind of card '{word}'").format(word=word)
    if what == "bird condition":
        return _("unknown bird condition '{word}'").format(word=word)
    return _("unknown {what} '{word}'").format(what=what, word=word)


class Builder:
    """Lark tree -> syntax tree.  Unknown words become diagnostics, not exceptions."""

    def __init__(self, out: Collector, vocabulary: Vocabulary):
        self.out = out
        self.vocab = vocabulary
        self.forms = {form for form, _ in vocabulary.filter_forms}

    # -- reporting -----------------------------------------------------------------------
    def fail(self, at: ast.Span | Token, message: str, hint: str | None = None) -> Failed:
        line, column = (at.line or 1, at.column or 1)
        self.out.error(max(line, 1), max(column, 1), message, hint)
        return Failed()

    def need(self, t: Token, choices: tuple[str, ...], what: str) -> str:
        """The word of ``t`` if it is one of ``choices``; else a diagnostic (and Failed)."""
        word = str(t)
        if word not in choices:
            raise self.fail(t, unknown(what, word), suggest(word, choices))
        return word

    def number(self, t: Token) -> int:
        value = read_int(t, self.out)
        if value is None:
            raise Failed()
        return value

    def count(self, node: _Node) -> int:
        """The leading INT of a phrase ("draw 2 ..."), 1 when none is written."""
        for c in node.children:
            if isinstance(c, Token) and c.type == "INT":
                return self.number(c)
            if isinstance(c, Tree):
                break
        return 1

    # -- blocks ------------------------------------------------------------------------
    def card(self, tree: _Node) -> ast.CardDef | None:
        """A ``card`` block (Pocket: two sides) or a ``bird`` block (classic: bird side only)."""
        name_tok = tok(tree.children[0])
        name = str(name_tok)[1:-1]
        block = tree.data
        if block != self.vocab.block:
            self.out.error(
                name_tok.line or 1,
                max((name_tok.column or 1) - len(block) - 1, 1),
                _("this rule system writes cards as '{block}' blocks, not '{other}' blocks").format(block=self.vocab.block, other=block),
            )
            return None
        allowed = FIELDS if block == "card" else BIRD_FIELDS
        fields: dict[str, object] = {}
        given: set[str] = set()
        ok = True
        for child in tree.children[1:]:
            field = sub(child)
            key, value, key_tok = self._field(field)
            if key not in allowed:
                self.out.error(key_tok.line or 1, key_tok.column or 1, _("a '{block}' block has no '{field}' field").format(block=block, field=clip(key)), suggest(key, allowed))
                ok = False
                continue
            if key in given:
                at = span_of(field)
                line, column = (at.line, at.column) if at.line else (key_tok.line or 1, key_tok.column or 1)
                self.out.error(line, column, _("'{field}' is given twice in card '{name}'").format(field=key, name=name))
                ok = False
                continue
            given.add(key)
            if value is None:
                ok = False
            else:
                fields[key] = value
        required = ("food", "cost", "points", "egg_limit", "wingspan") if block == "card" else (
            "habitats", "cost", "points", "nest", "egg_limit", "wingspan")
        missing = [f"'{k}'" for k in required if k not in given]
        if missing:
            self.out.error(name_tok.line or 1, name_tok.column or 1, _("card '{name}' has no {fields} field").format(name=name, fields=or_list(missing)))
            ok = False
        if not ok:
            return None
        # Each value has the type ``_field`` gives its key.
        colour, power = cast(tuple[str | None, ast.Power | None], fields.get("power", (None, None)))
        bird = ast.BirdDef(
            cost=cast(ast.CostDef, fields["cost"]),
            points=cast(int, fields["points"]),
            egg_limit=cast(int, fields["egg_limit"]),
            wingspan=None if fields["wingspan"] is FLIGHTLESS else cast(int, fields["wingspan"]),
            colour=colour,
            power=power,
            span=span_of(tree),
            habitats=cast(tuple[str, ...], fields.get("habitats", ())),
            nest=cast("str | None", fields.get("nest")),
            card_set=cast("str | None", fields.get("set")),
            swift_start=cast(bool, fields.get("swift_start", False)),
            icons=cast("tuple[str, ...] | None", fields.get("icons")),
            beak=cast("str | None", fields.get("beak")),
        )
        return ast.CardDef(name, cast(tuple[str, ...], fields.get("food", ())), bird, span_of(tree))

    def _field(self, field: _Node) -> tuple[str, object | None, Token]:
        kind = field.data
        if kind == "food_field":
            tokens = [t for t in field.children if isinstance(t, Token)]
            foods = [self._word(t, self.vocab.foods, "food") for t in tokens]
            if any(f is None for f in foods):
                return "food", None, tokens[0]
            if len(set(foods)) != len(foods):
                self.out.error(tokens[0].line or 0, tokens[0].column or 0, _("a food side names the same food twice"))
                return "food", None, tokens[0]
            if len(foods) > 2:
                self.out.error(tokens[0].line or 0, tokens[0].column or 0, _("a food side shows one or two foods"))
                return "food", None, tokens[0]
            return "food", tuple(foods), tokens[0]
        if kind in ("cost_field", "cost_or_field"):
            return "cost", self._cost(field, kind == "cost_or_field"), tok(sub(field.children[0]).children[-1])
        if kind == "habitats_field":
            tokens = toks(field)
            habitats = [self._word(t, self.vocab.habitats, "habitat") for t in tokens]
            if any(h is None for h in habitats):
                return "habitats", None, tokens[0]
            if len(set(habitats)) != len(habitats):
                self.out.error(tokens[0].line or 1, tokens[0].column or 1, _("a habitat is listed twice"))
                return "habitats", None, tokens[0]
            ordered = tuple(h for h in self.vocab.habitats if h in habitats)  # canonical order
            return "habitats", ordered, tokens[0]
        if kind == "nest_field":
            t = tok(field.children[0])
            return "nest", self._word(t, self.vocab.nests, "nest"), t
        if kind == "set_field":
            t = tok(field.children[0])
            return "set", str(t), t
        if kind == "beak_field":
            t = tok(field.children[0])
            return "beak", self._word(t, BEAKS, "beak direction"), t
        if kind == "icons_field":
            tokens = toks(field)
            words = [self._word(t, ICONS, "icon") for t in tokens]
            if any(w is None for w in words):
                return "icons", None, tokens[0]
            if len(set(words)) != len(words) or ("none" in words and len(words) > 1):
                self.out.error(tokens[0].line or 1, tokens[0].column or 1, _("icons are 'predator', 'flocking', both, or 'none', each once"))
                return "icons", None, tokens[0]
            return "icons", tuple(w for w in ("predator", "flocking") if w in words), tokens[0]
        if kind == "swift_field":
            t = tok(field.children[0])
            flag = self._word(t, ("yes", "no"), "answer")
            return "swift_start", None if flag is None else flag == "yes", t
        if kind == "number_field":
            key_tok, value_tok = toks(field)
            if value_tok.type == "FLIGHTLESS":  # (``oceania.flightless``)
                if key_tok.type != "WINGSPAN":
                    self.fail(value_tok, _("only a wingspan may be 'flightless', not '{field}'").format(field=key_tok))
                    return str(key_tok), None, key_tok
                if not self.vocab.flightless:
                    self.fail(value_tok, _("{cards} have no flightless birds: give the wingspan in cm").format(cards=system_cards(self.vocab.name)))
                    return str(key_tok), None, key_tok
                return str(key_tok), FLIGHTLESS, key_tok
            return str(key_tok), read_int(value_tok, self.out), key_tok
        if kind == "power_field":
            colour_tok, body = tok(field.children[0]), sub(field.children[1])
            colour = self._word(colour_tok, self.vocab.colours, "power colour")
            if colour is None:
                return "power", None, colour_tok
            power = self.power(body)
            return "power", (None if power is None else (colour, power)), colour_tok
        raise AssertionError(kind)  # the grammar has no other field

    def _word(self, t: Token, choices: tuple[str, ...], what: str) -> str | None:
        try:
            return self.need(t, choices, what)
        except Failed:
            return None

    def _cost(self, field: _Node, alternative: bool = False) -> ast.CostDef | None:
        foods: list[str] = []
        any_food = eggs = 0
        ok = True
        for child in field.children:
            item = toks(sub(child))
            count: int | None = 1
            if len(item) == 2:
                count = read_int(item[0], self.out)
            t = item[-1]
            word = str(t)
            if count is None:
                ok = False
            elif count < 1:
                self.out.error(t.line or 0, t.column or 0, _("a cost count must be at least 1"))
                ok = False
            elif word == "none" and count == 1 and len(field.children) == 1:
                pass  # a bird printed with no food cost
            elif word == "any":
                any_food += count
            elif word == "egg":
                eggs += count
            elif self._word(t, self.vocab.foods, "food") is not None:
                foods.extend([word] * count)
            else:
                ok = False
        if not ok:
            return None
        foods.sort(key=self.vocab.foods.index)  # canonical order, so render/parse round-trips
        if alternative and (any_food or eggs or len(set(foods)) != len(foods)):
            self.out.error(field.meta.line, field.meta.column, _("a '/' cost lists different foods, one icon each"))
            return None
        return ast.CostDef(tuple(foods), any_food, eggs, span_of(field), alternative)

    def goal(self, tree: _Node) -> ast.GoalDef | None:
        name = str(tree.children[0])[1:-1]
        sides = []
        ok = True
        for child in tree.children[1:]:  # every side is read, so each one's errors are reported
            side = sub(child)
            side_name = str(side.children[0])[1:-1]
            phrase = sub(side.children[1])
            try:
                measure = self.measure(phrase)
            except Failed:
                ok = False
                continue
            if self.vocab.block == "bird":
                sides.append(ast.GoalSide(side_name, ast.CardFilter("bird"), span_of(side), measure))
                continue
            # a Pocket goal counts the eggs on the birds its conditions pick
            if phrase.data != "count_eggs" or measure.habitat is not None or subtree(phrase, "eggs_on") is None:
                self.fail(span_of(phrase), _("a Pocket goal side counts eggs on birds: 'eggs on birds' and its conditions"))
                ok = False
                continue
            sides.append(ast.GoalSide(side_name, ast.CardFilter("bird", None, measure.predicates, span_of(phrase)), span_of(side)))
        return ast.GoalDef(name, tuple(sides), span_of(tree)) if ok else None

    def bonus(self, tree: _Node) -> ast.BonusDef | None:
        revised = isinstance(tree.children[0], Token) and tree.children[0].type == "REVISED"
        children = tree.children[1:] if revised else tree.children
        name = str(children[0])[1:-1]
        counts, scores = sub(children[1]), sub(children[2])
        try:
            measure = self.measure(sub(counts.children[0]))
        except Failed:
            return None
        if scores.data == "each":
            each = read_int(tok(scores.children[0]), self.out)
            return None if each is None else ast.BonusDef(name, measure, (), each, span_of(tree), revised)
        tiers: list[tuple[int, int | None, int]] = []
        for child in scores.children:
            tier = sub(child)
            numbers = [n for n in (read_int(t, self.out) for t in toks(tier)) if n is not None]
            if len(numbers) != len(tier.children):
                return None  # a number too long to read, already reported
            if tier.data == "closed_tier":
                tiers.append((numbers[0], numbers[1], numbers[2]))
            else:
                tiers.append((numbers[0], None, numbers[1]))
        return ast.BonusDef(name, measure, tuple(tiers), None, span_of(tree), revised)

    # -- what a goal side or bonus card counts ---------------------------------------------
    def measure(self, node: _Node) -> ast.Measure:
        span = span_of(node)
        kind = node.data
        if kind == "bad_phrase":
            raise Failed()  # reported when it was read
        if kind == "egg_sets":
            return ast.Measure("egg_sets", None, (), span)
        if kind == "cards_in_hand":
            return ast.Measure("hand", None, (), span)
        if kind in ("nest_sets", "column_nests", "cubes_on_play", "no_goal"):
            return ast.Measure(kind, None, (), span)
        if kind == "cost_icons":
            foods = [self.need(t, self.vocab.foods, "food") for t in tokens(node, "NAME")]
            return ast.Measure("cost_icons", None, (), span, tuple(sorted(set(foods), key=self.vocab.foods.index)))
        if kind == "wingspan_run":
            return ast.Measure("wingspan_run", self.need(tokens(node, "NAME")[0], self.vocab.habitats, "habitat"), (), span)
        where = subtree(node, "in_habitat")
        habitat = None
        if where is not None:
            t = tok(where.children[0])
            habitat = "fewest" if t.type == "FEWEST" else self.need(t, self.vocab.habitats, "habitat")
        if kind == "count_eggs":
            on = subtree(node, "eggs_on")
            preds = self._predicates(on.children) if on is not None else ()
            return ast.Measure("eggs", habitat, preds, span)
        return ast.Measure("birds", habitat, self._predicates(node.children), span)

    # -- powers ------------------------------------------------------------------------
    def power(self, node: _Node) -> ast.Power | None:
        try:
            return self._power(node)
        except Failed:
            return None

    def part(self, node: _Child, depth: int) -> ast.Power:
        """The part a parse-tree node holds, ``depth`` levels into its power (for families whose
        parts hold parts)."""
        return self._power(sub(node), depth)

    def parts(self, nodes: list[_Child], depth: int) -> tuple[ast.Power, ...]:
        """Every part of ``nodes``, each read so that every bad phrase gets its own diagnostic."""
        return self._all(nodes, depth)

    def _power(self, node: _Node, depth: int = 0) -> ast.Power:
        kind = node.data
        if kind == "bad_phrase":
            if depth > MAX_NESTING:
                raise self.fail(span_of(node), too_deep())
            raise Failed()  # reported when it was read
        family = FAMILIES.of_rule(kind)  # (a rule no family builds raises)
        verb = family.verb_of(kind)
        if verb is None:  # parts that hold parts nest
            if depth > MAX_NESTING:
                raise self.fail(span_of(node), too_deep())
        elif verb not in self.vocab.verbs and self.vocab.name not in family.colours:
            self._verb_known(verb, span_of(node))
        built: ast.Power = family.build(self, node, span_of(node), depth)
        return built

    def _all(self, nodes: list[_Child], depth: int) -> tuple[ast.Power, ...]:
        """Read every part, so that each bad phrase of a power gets its own diagnostic."""
        parts: list[ast.Power] = []
        failed = False
        for child in nodes:
            try:
                parts.append(self._power(sub(child), depth))
            except Failed:
                failed = True
        if failed:
            raise Failed()
        return tuple(parts)

    def _verb_known(self, verb: str, span: ast.Span) -> None:
        if verb not in self.vocab.verbs:
            raise self.fail(span, _("'{verb}' is not a verb of {cards}").format(verb=verb, cards=system_cards(self.vocab.name)), suggest(verb, tuple(self.vocab.verbs)))

    # -- phrases -----------------------------------------------------------------------

    def food_choice(self, node: _Node) -> tuple[str, ...]:
        words = toks(node)
        if words[0].type in ("ANY", "DIE"):
            return ()
        foods = [self.need(t, self.vocab.foods, "food") for t in words]
        return tuple(sorted(set(foods), key=self.vocab.foods.index))

    # -- which cards ---------------------------------------------------------------------
    def card_filter(self, node: _Node) -> ast.CardFilter:
        kind_tok = tok(node.children[0])
        kind = str(kind_tok)
        span = span_of(kind_tok)
        if kind == "food":
            names = tokens(node, "NAME")
            food = self.need(names[0], self.vocab.foods, "food") if names else None
            return ast.CardFilter("food", food, (), span)
        if kind == "smallest":
            return ast.CardFilter("bird", None, self._predicates(node.children[2:]), span, smallest=True)
        if kind == "bird":
            return ast.CardFilter("bird", None, self._predicates(node.children[1:]), span)
        return ast.CardFilter("card", None, (), span)

    def _predicates(self, nodes: list[_Child]) -> tuple[ast.Predicate, ...]:
        """Every condition is read, so each bad one gets its own diagnostic."""
        preds: list[ast.Predicate] = []
        failed = False
        for c in nodes:
            if isinstance(c, Tree) and c.data in _CONDITION_WORD:
                try:
                    preds.append(self._predicate(c))
                except Failed:
                    failed = True
        if failed:
            raise Failed()
        return tuple(preds)

    def _predicate(self, node: _Node) -> ast.Predicate:
        kind = node.data
        word = _CONDITION_WORD[kind]
        span = _head(node, word)
        classic = "costing_any" in self.forms  # the classic conditions, and their messages
        names = tokens(node, "NAME")
        if kind == "costing":
            food = self.need(names[0], self.vocab.foods + (("any",) if classic else ()), "food")
            self._allowed("costing_any" if food == "any" else "costing", word, span)
            return ast.Costing(food, span)
        if kind == "costing_one_of":
            self._allowed("costing_one_of", word, span)
            foods = [self.need(t, self.vocab.foods, "food") for t in names]
            return ast.CostingOneOf(tuple(sorted(set(foods), key=self.vocab.foods.index)), span)
        if kind == "facing":
            self._allowed("facing", word, span)
            return ast.Facing(str(tokens(node, "LEFT", "RIGHT")[0]), span)
        if kind == "lives_in":
            self._allowed("lives_in", word, span)
            return ast.LivesIn(self.need(names[0], self.vocab.habitats, "habitat"), span)
        if kind == "costing_only":
            self._allowed("costing_only", word, span)
            return ast.CostingOnly(self.need(names[0], self.vocab.foods, "food"), span)
        if kind == "compare":
            numbers = [c for c in node.children if isinstance(c, Token)]
            attribute = self.need(numbers[0], ATTRIBUTES + (("eggs",) if classic else ()), "bird number")
            if attribute != "eggs":  # (the checker says where 'where eggs' may stand)
                self._allowed("compare", word, span)
            return ast.Compare(attribute, str(numbers[1]), self.number(numbers[2]), span)
        if kind == "has_nest":
            self._allowed("nest", word, span)
            return ast.HasNest(self.need(names[0], self.vocab.nests, "nest"), span)
        if kind == "has_power":
            traits = _TRAITS if {"predator", "flocking"} & self.forms else ()
            what = self.need(names[0], self.vocab.colours + traits, "power colour or trait" if traits else "power colour")
            if what in _TRAITS:
                self._allowed(what, word, span)
                return ast.HasTrait(what, span)
            self._allowed("colour", word, span)
            return ast.HasColour(what, span)
        if kind == "no_power":
            self._allowed("no_power", word, span)
            return ast.HasColour(None, span)
        if kind == "lives_only":
            self._allowed("lives_only", word, span)
            return ast.LivesOnly(self.need(names[0], self.vocab.habitats, "habitat"), span)
        if kind == "named_after_person":
            self._allowed("named_after_person", word, span)
            return ast.Named(("'s",), span)
        self._allowed("named", word, span)
        # 'named WORDS [except WORDS]': the grammar lets either list be empty, to say so here
        words: list[str] = []
        unless: list[str] = []
        after_except = False
        for c in node.children:
            if isinstance(c, Token):
                after_except = True
            else:
                (unless if after_except else words).extend(str(t) for t in toks(c))
        if not words:
            raise self.fail(_after(node), _("expected the words a name may contain after 'named'"))
        if after_except and not unless:
            raise self.fail(_after(node), _("expected the words that do not count after 'except'"))
        return ast.Named(tuple(words), span, tuple(unless))

    def _allowed(self, form: str, word: str, span: ast.Span) -> None:
        """A diagnostic (and Failed) unless this vocabulary has the bird condition ``form``."""
        if form in self.forms:
            return
        raise self.fail(span, _("'{word}' is not a bird condition of {cards}").format(word=word, cards=system_cards(self.vocab.name)), suggest(word, condition_words(self.vocab)))


def need_sub(node: _Node, data: str) -> _Node:
    found = subtree(node, data)
    if found is None:
        raise AssertionError(f"the grammar gives '{node.data}' a '{data}'")
    return found

