"""A lean LALR(1) reader of card text, run on the tables and lexers Lark builds from the grammar.

Why: Lark's own parse loop is general (any lexer, any tree builder, transformers, ambiguity,
interactive parsing) and reads a megabyte of card text in more than a second, most of it in
the generic wrappers that build the tree and propagate positions.  This module does the same
work for the one configuration the card language uses (LALR, the contextual lexer, a parse
tree with positions, no placeholders) in one loop, several times faster.  It invents nothing:
the parse table, each parser state's lexer and the shape of every rule's tree (which tokens
are dropped, which rules are inlined, ``?rule``, aliases) are read off the ``Lark`` object,
and the trees and tokens it makes are Lark's ``Tree`` and ``Token``, with the positions
``propagate_positions=True`` gives them.  So the builder reads them as it reads Lark's, and
tests hold the two to the same trees and the same syntax problems (tests/test_dsl_lean.py).
(The offsets ``start_pos`` and ``end_pos`` count from the start of the text read, lines from
``first_line``.)

Syntax errors are recovered from here too, as the card reader needs: an error inside a power
puts ``bad_phrase`` in the broken phrase's place (the stacks unwound to where the phrase
began) and skips to where the phrase may end, so every error of a block is found in one
reading.  These are the steps ``parser._Recovery`` takes through Lark's ``on_error``, taken
on this loop's stacks.

``LeanParser(lark)`` raises ``Unsupported`` when the Lark object is configured in a way this
loop does not reproduce (another lexer, lexer callbacks, a Lark whose internals changed); the
card reader then keeps to Lark's own parser.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from lark import Lark, Token, Tree
from lark.lexer import ContextualLexer
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta

_BAD = "BAD_PHRASE"  # the terminal recovery puts in place of a broken phrase (declared in the grammar)
_END = "$END"
_COMMENT = re.compile(r"#[^\n]*")

# A value on the parser's stack, with the span of text it covers (Lark's "container"
# positions, which count the tokens a tree drops):
#   a token:      (type, start_pos, line, column, end_pos, end_line, end_column, text)
#   a reduction:  (value, start_pos, line, column, end_pos, end_line, end_column)
# The value of a reduction is a Tree, a Token (a ``?rule`` that kept one token) or, for an
# inlined ``_rule``, the list of children its parent splices in.  A rule that matched nothing
# has no span (None positions).  Tokens become ``Token`` objects only when a tree keeps them.
_Entry = tuple[Any, ...]
_NO_SPAN: _Entry = (None,) * 8
_KEEP, _SPLICE, _TOKEN = 0, 1, 2  # how a rule takes one of its symbols into its tree
_make_token = getattr(Token, "_future_new", Token)  # (Token without its check of old keywords)
_new_meta: Callable[[], Meta] = Meta


class Unsupported(Exception):
    """The Lark object is not one this loop reproduces exactly."""


class SyntaxProblem(NamedTuple):
    """Where the parser stopped and what it met: a token (``token`` its type, ``text`` its
    text; ``$END`` at the end of the text), a character no token starts with (``token`` None,
    ``text`` the character) or, with neither, the end of the text met some other way (Lark's
    ``UnexpectedEOF``).  ``expected`` holds the terminals the parser could have taken there."""

    line: int
    column: int
    token: str | None
    text: str | None
    expected: frozenset[str]


class Reading(NamedTuple):
    """What one reading of a text gave: its tree (None when it could not be read to the end)
    and its syntax problems, in the order they were met."""

    tree: Tree[Token] | None
    problems: tuple[SyntaxProblem, ...]


class _Lexer:
    """One parser state's lexer, as Lark built it: its compiled patterns, and for the terminals
    that are not taken as they are, ``special[kind]``: whether it is skipped, whether it may
    hold a line end (as Lark judges), and the keywords a word of it stands for (Lark's
    "unless" callbacks: 'bird' is BIRD where the state takes BIRD, else a NAME)."""

    __slots__ = ("match", "special")

    def __init__(self, lexer: Any) -> None:
        patterns: list[re.Pattern[str]] = list(lexer.scanner._mres)  # (the scanner is built on first use, as in Lark)
        if getattr(lexer, "user_callbacks", None):
            raise Unsupported("lexer callbacks")
        unless: dict[str, dict[str, str]] = {}
        for kind, callback in lexer.callback.items():
            terminals = getattr(getattr(callback, "scanner", None), "terminals", None)
            if terminals is None or any(t.pattern.type != "str" or t.pattern.flags for t in terminals):
                raise Unsupported(f"a callback on {kind}")
            unless[kind] = {t.pattern.value: t.name for t in terminals}
        ignore, newlines = set(lexer.ignore_types), set(lexer.newline_types)
        self.special: dict[str, tuple[bool, bool, dict[str, str] | None]] = {
            kind: (kind in ignore, kind in newlines, unless.get(kind)) for kind in ignore | newlines | set(unless)
        }
        if len(patterns) == 1:
            self.match: Callable[[str, int], re.Match[str] | None] = patterns[0].match
        else:  # (Lark splits a lexer of very many terminals into several patterns)

            def match(text: str, pos: int) -> re.Match[str] | None:
                for pattern in patterns:
                    found = pattern.match(text, pos)
                    if found:
                        return found
                return None

            self.match = match


class _Refused(Exception):
    """Internal: the parse table has no action for the token (the reductions already done
    stay on the stacks, as in Lark)."""


class LeanParser:
    """Reads card text with the tables of one ``Lark`` object (see the module's docstring)."""

    def __init__(self, lark: Lark) -> None:
        options = lark.options
        if options.parser != "lalr" or options.lexer != "contextual" or options.maybe_placeholders or options.propagate_positions is not True:
            raise Unsupported("not an LALR parser with the contextual lexer and positions")
        if options.lexer_callbacks or options.transformer is not None or options.tree_class not in (None, Tree) or options.start != ["start"]:
            raise Unsupported("callbacks, a transformer, another tree class or start rule")
        if any(t.pattern.type == "str" and t.pattern.flags for t in lark.terminals):
            raise Unsupported("keywords with flags")  # (each state's lexer is made on first use: nothing there may be refused)
        try:
            frontend: Any = lark.parser
            lexer = frontend.lexer
            lexer = getattr(lexer, "lexer", lexer)  # (behind the post-lexer, which passes tokens on as they are)
            if not isinstance(lexer, ContextualLexer):
                raise Unsupported("another lexer")
            table = frontend.parser.parser.parse_table
            self._start: int = table.start_states["start"]
            self._end: int = table.end_states["start"]
            states: dict[int, dict[str, tuple[Any, Any]]] = table.states
            size = max(states) + 1
            # One table per state: terminal or rule name -> the state to go to (>= 0), or ~k to
            # reduce by rule k.
            self._actions: list[dict[str, int]] = [{} for _ in range(size)]
            rules: dict[Any, int] = {}
            for state, row in states.items():
                for symbol, (action, arg) in row.items():
                    self._actions[state][symbol] = arg if action is Shift else ~rules.setdefault(arg, len(rules))
            self._rules = [_shape(rule) for rule in rules]  # (in the order numbered)
            self._by_lark: dict[int, _Lexer] = {}  # Lark shares one lexer among states that take the same terminals
            self._lark_lexers: dict[int, Any] = lexer.lexers
            self._lexers: list[_Lexer | None] = [None] * size  # each state's, made on first use
            self._root = self._lexer_of(lexer.root_lexer)
        except (AttributeError, KeyError, TypeError, ValueError) as err:
            raise Unsupported(f"Lark's internals are not as expected ({err!r})") from err

    def _lexer_of(self, lark_lexer: Any) -> _Lexer:
        found = self._by_lark.get(id(lark_lexer))
        if found is None:
            found = self._by_lark[id(lark_lexer)] = _Lexer(lark_lexer)
        return found

    def _lexer(self, state: int) -> _Lexer:
        lexer = self._lexers[state] = self._lexer_of(self._lark_lexers[state])
        return lexer

    # ---- the loop -------------------------------------------------------------------------
    def read(self, text: str, first_line: int = 1, recover: bool = True) -> Reading:
        """Parse ``text``, whose first line is line ``first_line`` of its file, recovering from
        syntax errors (see the module's docstring), or without ``recover`` stopping at the
        first."""
        actions = self._actions
        lexers = self._lexers
        feed = self._feed
        stack = [self._start]
        values: list[_Entry] = []
        recovery: _Recovery | None = None
        size = len(text)
        pos = 0
        line, line_start = first_line, 0  # (the line being read, and where in the text it starts)
        token: _Entry | None = None  # the last token read
        while True:
            # -- the next token, read by the lexer of the state the parser is in
            lexer = lexers[stack[-1]] or self._lexer(stack[-1])
            match, special = lexer.match, lexer.special
            while pos < size:
                found = match(text, pos)
                if found is None:
                    break
                kind = found.lastgroup or ""  # (every terminal is a named group)
                value = found.group()
                end = found.end()
                how = special.get(kind)
                if how is None:
                    column = pos - line_start + 1
                    token = (kind, pos, line, column, end, line, column + end - pos, value)
                else:
                    skip, lines, unless = how
                    if skip:
                        if lines and "\n" in value:
                            line += value.count("\n")
                            line_start = pos + value.rindex("\n") + 1
                        pos = end
                        continue
                    if unless is not None:
                        kind = unless.get(value, kind)
                    column = pos - line_start + 1
                    if lines and "\n" in value:
                        breaks = value.count("\n")
                        after = pos + value.rindex("\n") + 1
                        token = (kind, pos, line, column, end, line + breaks, end - after + 1, value)
                        line, line_start = line + breaks, after
                    else:
                        token = (kind, pos, line, column, end, line, column + end - pos, value)
                pos = end
                act = actions[stack[-1]].get(kind)
                if act is not None:
                    if act >= 0:  # (most tokens are shifted at once)
                        stack.append(act)
                        values.append(token)
                        break
                    try:
                        feed(stack, values, token)
                        break
                    except _Refused:
                        pass
                recovery = recovery or _Recovery(self, text, stack, values, recover)
                if not recovery.unexpected(token):
                    return Reading(None, tuple(recovery.problems))
                break
            else:
                # -- the end of the text (it borrows the position of the last token, as in Lark)
                end_token = (_END, 0, first_line, 1, None, None, None, "") if token is None else (_END, *token[1:7], "")
                try:
                    tree = feed(stack, values, end_token, True)
                except _Refused:
                    recovery = recovery or _Recovery(self, text, stack, values, recover)
                    recovery.unexpected(end_token)
                    return Reading(None, tuple(recovery.problems))
                return Reading(tree, tuple(recovery.problems) if recovery else ())
            if found is None:
                # No token this state's lexer knows starts here: a token of the grammar is
                # reported as that token, else the character itself is, and stepped over.
                recovery = recovery or _Recovery(self, text, stack, values, recover)
                other = self._root_token(text, pos, line, line_start)
                if other is not None:
                    token, pos, line, line_start = other
                    if not recovery.unexpected(token):
                        return Reading(None, tuple(recovery.problems))
                    continue
                if not recovery.stray(pos, line, pos - line_start + 1):
                    return Reading(None, tuple(recovery.problems))
                if text[pos] == "\n":
                    line, line_start = line + 1, pos + 1
                pos += 1

    def _feed(self, stack: list[int], values: list[_Entry], token: _Entry, at_end: bool = False) -> Any:
        """Take one token: reduce while the table says so, then shift it; at the end of the
        text, reduce to the start rule and give its tree.  _Refused when the table has no
        action for the token."""
        actions, rules = self._actions, self._rules
        kind = token[0]
        while True:
            act = actions[stack[-1]].get(kind)
            if act is None:
                raise _Refused()
            if act >= 0:
                stack.append(act)
                values.append(token)
                return None
            size, origin, plan, name, single = rules[~act]
            if plan is None:
                # a ``?rule`` of one rule: the rule's value and span are its child's
                stack[-1] = state = actions[stack[-2]][origin]
                if at_end and state == self._end:
                    return values[-1][0]
                continue
            if size:
                taken = values[-size:]
                del values[-size:]
                del stack[-size:]
                first, last = taken[0], taken[-1]
                if first[2] is None or last[2] is None:
                    first, last = _spanned(taken)
            else:
                taken = []
                first = last = _NO_SPAN
            # the children the rule keeps (as Lark's child filter keeps them, down to its
            # reuse of the first spliced list)
            children: list[Any] = []
            for i, how in plan:
                e = taken[i]
                if how == _KEEP:
                    children.append(e[0])
                elif how == _TOKEN:
                    children.append(_make_token(e[0], e[7], e[1], e[2], e[3], e[5], e[6], e[4]))
                elif children:
                    children += e[0]
                else:
                    children = e[0]
            value: Any
            entry: _Entry
            if single and len(children) == 1:
                value = children[0]
                if isinstance(value, Token):  # (a token keeps its own position)
                    entry = (value, value.start_pos, value.line, value.column, value.end_pos, value.end_line, value.end_column)
                else:
                    entry = (value, first[1], first[2], first[3], last[4], last[5], last[6])
                    if first[2] is not None and value.meta.empty:
                        value._meta = _meta(first, last)
            elif name is None:
                value = children
                entry = (children, first[1], first[2], first[3], last[4], last[5], last[6])
            else:
                value = Tree(name, children, None if first[2] is None else _meta(first, last))
                entry = (value, first[1], first[2], first[3], last[4], last[5], last[6])
            stack.append(state := actions[stack[-1]][origin])
            values.append(entry)
            if at_end and state == self._end:
                return value

    def _root_token(self, text: str, pos: int, line: int, line_start: int) -> tuple[_Entry, int, int, int] | None:
        """The token of the grammar as a whole (Lark's root lexer) that starts at ``pos``, and
        where reading goes on after it; None when no token starts there.  (Every state's lexer
        skips what the root lexer skips, so no skipped text stands at ``pos``.)"""
        lexer = self._root
        found = lexer.match(text, pos)
        kind = found.lastgroup or "" if found else ""
        skip, lines, unless = lexer.special.get(kind, (False, False, None))
        if found is None or skip:
            return None
        value, end = found.group(), found.end()
        kind = unless.get(value, kind) if unless else kind
        breaks = value.count("\n") if lines else 0
        after_line = line + breaks
        after_start = pos + value.rindex("\n") + 1 if breaks else line_start
        token = (kind, pos, line, pos - line_start + 1, end, after_line, end - after_start + 1, value)
        return token, end, after_line, after_start


class _Recovery:
    """Recovery from the syntax errors of one reading (``parser._Recovery``'s steps, on the
    reading's stacks): the problems met, and whether a broken phrase is being skipped."""

    def __init__(self, parser: LeanParser, text: str, stack: list[int], values: list[_Entry], recover: bool) -> None:
        self.parser = parser
        self.recover = recover
        self.text = text
        self.stack = stack
        self.values = values
        self.problems: list[SyntaxProblem] = []
        self.skipped_to: int | None = None  # while skipping a broken phrase: where the last skipped token ended

    def _expected(self) -> frozenset[str]:
        return frozenset(t for t in self.parser._actions[self.stack[-1]] if t.isupper() and t != _BAD)

    def _skipping(self, pos: int) -> bool:
        """Is ``pos`` the very next token after one skipped (still inside the phrase given up)?"""
        return self.skipped_to is not None and not _COMMENT.sub("", self.text[self.skipped_to : pos]).strip()

    def unexpected(self, token: _Entry) -> bool:
        """A token the parser cannot take (the end of the text included): True to read on
        after it, False when the reading ends here."""
        if self._skipping(token[1]):
            return self._resync(token)
        self.problems.append(SyntaxProblem(token[2], token[3], token[0], token[7], self._expected()))
        return self.recover and self._bad_phrase(token[2], token[3]) and self._resync(token)

    def stray(self, pos: int, line: int, column: int) -> bool:
        """A character no token starts with, at ``pos``: True to step over it and read on."""
        if not self._skipping(pos):
            self.problems.append(SyntaxProblem(line, column, None, self.text[pos], self._expected()))
            if not (self.recover and self._bad_phrase(line, column)):
                return False
        self.skipped_to = pos + 1
        return True

    def _bad_phrase(self, line: int, column: int) -> bool:
        """Unwind the stacks to where the broken phrase began and put ``bad_phrase`` there;
        False when the error is not inside a power (the block has no more to give)."""
        stack, values, actions = self.stack, self.values, self.parser._actions
        line, column = max(line or 1, 1), max(column or 1, 1)
        depth = len(stack)
        while depth and _BAD not in actions[stack[depth - 1]]:
            depth -= 1
        if not depth:
            return False
        del stack[depth:]
        del values[depth - 1 :]
        try:
            self.parser._feed(stack, values, (_BAD, None, line, column, None, line, column, ""))
        except _Refused:  # (as Lark's parser would refuse it)
            self.problems.append(SyntaxProblem(line, column, _BAD, "", self._expected()))
            return False
        return True

    def _resync(self, token: _Entry) -> bool:
        """Take the token that stopped the phrase if it may follow one (an end of line, '+'),
        else drop it and go on skipping."""
        if token[0] == _END:
            return False  # the end came inside the broken part: nothing more to say
        stack, values = self.stack, self.values
        if token[0] in self.parser._actions[stack[-1]]:
            # (the table may reduce on a token it then cannot shift: try it, undo if refused)
            saved_stack, saved_values = stack[:], values[:]
            try:
                self.parser._feed(stack, values, token)
                self.skipped_to = None
                return True
            except _Refused:
                stack[:], values[:] = saved_stack, saved_values
        self.skipped_to = token[4]
        return True


def _spanned(taken: list[_Entry]) -> tuple[_Entry, _Entry]:
    """The first and the last of ``taken`` that have a span (a rule that matched nothing has none)."""
    spanned = [e for e in taken if e[2] is not None]
    return (spanned[0], spanned[-1]) if spanned else (_NO_SPAN, _NO_SPAN)


def _meta(first: _Entry, last: _Entry) -> Meta:
    """The positions of a tree from the start of ``first`` to the end of ``last``, as
    ``propagate_positions`` gives them."""
    meta = _new_meta()
    meta.empty = False
    meta.start_pos, meta.line, meta.column = first[1], first[2], first[3]
    meta.end_pos, meta.end_line, meta.end_column = last[4], last[5], last[6]
    return meta


def _shape(rule: Any) -> tuple[int, str, tuple[tuple[int, int], ...] | None, str | None, bool]:
    """How a reduction by ``rule`` builds its value, as Lark's ``ParseTreeBuilder`` does: the
    number of symbols it takes; its rule name (for the goto); which symbols it keeps and how
    (None: its one child stands for it, unchanged); the name of the tree it makes (None: an
    inlined ``_rule``, whose children its parent splices in); and whether one child stands for
    the rule (``?rule``, unless aliased)."""
    options = rule.options
    if options.template_source is not None:
        raise Unsupported("templates")
    origin = str(rule.origin.name)
    plan: list[tuple[int, int]] = []
    for i, symbol in enumerate(rule.expansion):
        if not symbol.is_term:
            plan.append((i, _SPLICE if symbol.name.startswith("_") else _KEEP))
        elif options.keep_all_tokens or not symbol.filter_out:
            plan.append((i, _TOKEN))
    inlined = origin.startswith("_")
    single = bool(options.expand1) and not rule.alias
    if inlined and single:
        raise Unsupported(f"an inlined rule that may stand for its child ({origin})")
    name = None if inlined else str(rule.alias or rule.origin.name)  # (a plain str: Lark names trees with Tokens, slower to compare)
    if single and plan == [(0, _KEEP)] and len(rule.expansion) == 1:
        return 1, origin, None, name, single
    return len(rule.expansion), origin, tuple(plan), name, single
