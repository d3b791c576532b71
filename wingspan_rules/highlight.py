"""Pygments lexers for card files and positions (the ``[highlight]`` extra).

``CardLexer`` colours the card language (``*.wsp``: docs/dsl.md) and ``PositionLexer`` the
position language (``*.pos``: docs/positions.md).  Both are registered as Pygments plugins
(pyproject.toml, ``pygments.lexers``), so ``pygmentize -l wingspan-cards FILE``, Sphinx, MkDocs
and anything else that asks Pygments for a lexer by name (``wsp`` in a fenced code block) or by
file name finds them once the package is installed.

The words are not listed here: they are read, the first time a text is lexed, from what the
card language itself knows: the grammar's keywords (the terminals of the parser, with the
grammar of every registered power family), the verbs the phrases begin with, and the foods,
habitats, nests and colours of every registered ruleset's vocabulary, with the card attributes,
beak directions and icons they share.  A card of any ruleset is coloured alike, and a word added
to the language is coloured as soon as the language knows it.

A lexer is not a checker: a word the language does not know (a misspelt food) is a plain name,
and only a character that can never be part of the text (``;`` or ``@`` outside a quoted name
or a comment) is an error token; ``wingspan-rules cards lint`` says what is wrong with a card.
Every character of the text is in exactly one token, so the tokens put together are the text.
Unlike most Pygments lexers, these keep blank lines at the start of a text (``stripnl`` is off
by default), so the line numbers of highlighted output are the line numbers the linter gives.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any

try:
    from pygments.lexer import RegexLexer, bygroups, default, include
    from pygments.token import (
        Comment,
        Error,
        Keyword,
        Name,
        Number,
        Operator,
        Punctuation,
        String,
        Whitespace,
    )
    from pygments.util import get_bool_opt
except ImportError as err:  # pragma: no cover - the extra is missing
    raise ImportError('the highlighting lexers need the [highlight] extra (Pygments): pip install "wingspan_rules[highlight]"') from err

from . import rulesets
from .dsl import parser
from .dsl.builder import phrase_verbs
from .dsl.vocabulary import ATTRIBUTES, BEAKS, ICONS, VOCABULARIES, Vocabulary

__all__ = ["CardLexer", "PositionLexer", "card_words", "position_words"]

# The token type of each kind of word (docs/highlighting.md has the table).
FOOD = Keyword.Constant
HABITAT = Name.Builtin
NEST = Name.Label
COLOUR = Keyword.Type
ATTRIBUTE = Name.Variable  # what 'where ... < N' compares: wingspan, points, egg_limit, food_cost
VERB = Name.Function  # the word a phrase begins with: draw, tuck, lay, ...
KEYWORD = Keyword  # any other word of the grammar
BLOCK = Keyword.Declaration  # card, bird, goal, bonus, revised (before a quoted name and '{')
FIELD = Name.Attribute  # a field at the start of a line: cost, points, power, side, ...
CARD_NAME = String.Double
WORD = Name  # a word the language does not know
RULESET = Name.Class  # (positions) pocket, classic, oceania and registered variants
PLAYER = Name.Variable  # (positions) p0, p1, ...
SECTION = Keyword.Namespace  # (positions) the name in a section head: [p0], [table], [stack]
HEADER = Keyword.Declaration  # (positions) a header key: ruleset, players, option
KEY = Name.Attribute  # (positions) the key of an entry in a section, and an option's name

_Token = tuple[int, Any, str]  # (offset, token type, text), as Pygments yields them


def _vocabularies() -> list[Vocabulary]:
    """The vocabulary of every registered ruleset, and the shipped ones."""
    found = [rulesets.ruleset(name).vocabulary for name in rulesets.known_rulesets()]
    return found + [v for v in VOCABULARIES if v not in found]


def card_words() -> Mapping[str, Any]:
    """Word -> token type, for every word the card language knows, as it stands (a power family
    or a ruleset registered later is seen by the next text lexed)."""
    return _card_words(parser.grammar_text(), rulesets.known_rulesets())


@functools.lru_cache(maxsize=4)
def _card_words(grammar: str, names: tuple[str, ...]) -> Mapping[str, Any]:
    # (the arguments are the cache's key: what the words are read from)
    words: dict[str, Any] = dict.fromkeys(parser.keywords().values(), KEYWORD)
    words |= dict.fromkeys(BEAKS + ICONS, KEYWORD)  # (what 'beak:' and 'icons:' say)
    words |= dict.fromkeys(phrase_verbs(), VERB)
    words |= dict.fromkeys(ATTRIBUTES, ATTRIBUTE)
    vocabs = _vocabularies()
    kinds = ((COLOUR, [w for v in vocabs for w in v.colours]), (NEST, [w for v in vocabs for w in v.nests]),
             (HABITAT, [w for v in vocabs for w in v.habitats]), (FOOD, [w for v in vocabs for w in v.foods]))
    for token, found in kinds:  # (later kinds win: a food is a food wherever it is written)
        words |= dict.fromkeys(found, token)
    return words


def position_words() -> Mapping[str, Any]:
    """Word -> token type, for the words of a position that are coloured: every ruleset's foods,
    habitats and power colours, and the rulesets' names."""
    return _position_words(rulesets.known_rulesets())


@functools.lru_cache(maxsize=4)
def _position_words(names: tuple[str, ...]) -> Mapping[str, Any]:
    words: dict[str, Any] = dict.fromkeys(names, RULESET)
    vocabs = _vocabularies()
    kinds = ((COLOUR, [w for v in vocabs for w in v.colours]), (HABITAT, [w for v in vocabs for w in v.habitats]), (FOOD, [w for v in vocabs for w in v.foods]))
    for token, found in kinds:
        words |= dict.fromkeys(found, token)
    return words


# ---- the card language -------------------------------------------------------------------

_W = r"[^\W\d]\w*"  # a word (any letters: a word the language does not know is still one word)
_STRING = r'"[^"\n]*"'


def _word(lexer: Any, match: Any, ctx: Any = None) -> Iterator[_Token]:
    """A word of the text: its kind (``lexer.words``), or a plain name."""
    yield match.start(), lexer.words.get(match.group(), WORD), match.group()


def _keyword_as(token: Any) -> Any:
    """A word in a place that makes a grammar keyword a block's or a field's: ``token`` when the
    grammar has the word, else a plain name (a misspelt field is the linter's to report)."""

    def callback(lexer: Any, match: Any, ctx: Any = None) -> Iterator[_Token]:
        word = match.group()
        yield match.start(), token if lexer.words.get(word, WORD) is not WORD else WORD, word

    return callback


class CardLexer(RegexLexer):
    """The card language of wingspan_rules (docs/dsl.md): card, bird, goal and bonus blocks."""

    name = "Wingspan cards"
    aliases = ["wingspan-cards", "wsp"]
    filenames = ["*.wsp"]
    mimetypes = ["text/x-wingspan-cards"]

    tokens = {
        "root": [
            # 'card "Name" {', 'revised bonus "Name" {'
            (rf'({_W})(?=[ \t]+(?:{_W}[ \t]+)?{_STRING}[ \t]*\{{)', _keyword_as(BLOCK)),
            # a field: 'cost:', 'power brown:', 'side "Name":'
            (rf"^([ \t]*)({_W})(?!\w)(?=[ \t]*(?:{_W}[ \t]*)?(?:{_STRING}[ \t]*)?:)", bygroups(Whitespace, _keyword_as(FIELD))),
            (r"\n", Whitespace),
            (r"[^\S\n]+", Whitespace),
            (r"#[^\r\n]*", Comment.Single),
            (r'"[^"\n]*"?', CARD_NAME),  # (a quote left open runs to the end of the line)
            (r"-?[0-9]+", Number.Integer),
            (r"->|\.\.|<=|>=|[<>=+/.\-]", Operator),
            (r"[{}():,]", Punctuation),
            (_W, _word),
            (r".", Error),  # a character no card text holds outside a quoted name or a comment
        ],
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.stripnl = get_bool_opt(options, "stripnl", False)  # (leading blank lines kept: line numbers stay the file's)

    def get_tokens_unprocessed(self, text: str, stack: tuple[str, ...] = ("root",)) -> Iterator[_Token]:
        self.words = card_words()
        yield from super().get_tokens_unprocessed(text, stack)

    @staticmethod
    def analyse_text(text: str) -> float:
        """How likely ``text`` is card text (for ``pygmentize -g``): sure when a block opens at
        the start of a line and a field follows, in words of the language."""
        found = _CARD_LIKE.search(text)
        if found is None:
            return 0.0
        words = card_words()  # (read only for a text shaped like card text)
        return 1.0 if all(word in words for word in found.group(1, 2, 3) if word) else 0.2


# 'revised bonus "Name" {', then a field: 'counts:'
_CARD_LIKE = re.compile(r'^(?:([a-z]+)[ \t]+)?([a-z]+)[ \t]+"[^"\n]*"[ \t]*\{[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*([a-z_]+)[ \t]*(?:[a-z]+[ \t]*)?(?:"[^"\n]*"[ \t]*)?:', re.MULTILINE)


# ---- positions ---------------------------------------------------------------------------


def _key_words(first: Any, rest: Any) -> Any:
    """The words of an entry's key: the first as ``first``, the others as ``rest``."""

    def callback(lexer: Any, match: Any, ctx: Any = None) -> Iterator[_Token]:
        offset, token = match.start(), first
        for part in re.split(r"([ \t]+)", match.group()):
            if part:
                yield offset, Whitespace if part.isspace() else token, part
                if not part.isspace():
                    token = rest
            offset += len(part)

    return callback


_KEY_WORD = r"[^\W\d][\w\-/.']*"
_KEY = rf"{_KEY_WORD}(?:[ \t]+{_KEY_WORD})*"  # the words before an entry's colon


class PositionLexer(RegexLexer):
    """The position language of wingspan_rules (docs/positions.md): a header, then sections."""

    name = "Wingspan position"
    aliases = ["wingspan-position", "wpos"]
    filenames = ["*.pos"]
    mimetypes = ["text/x-wingspan-position"]

    tokens = {
        # the header: 'ruleset: classic', 'players: 2', 'option NAME: VALUE'
        "root": [
            (r"^([ \t]*)(\[)", bygroups(Whitespace, Punctuation), ("body", "section")),
            (rf"^([ \t]*)({_KEY})([ \t]*)(:)", bygroups(Whitespace, _key_words(HEADER, KEY), Whitespace, Punctuation)),
            include("values"),
        ],
        # the sections, from the first section head on
        "body": [
            (r"^([ \t]*)(\[)", bygroups(Whitespace, Punctuation), "section"),
            (rf"^([ \t]*)({_KEY})([ \t]*)(:)", bygroups(Whitespace, _key_words(KEY, KEY), Whitespace, Punctuation)),
            include("values"),
        ],
        "section": [
            (r"[^\S\n]+", Whitespace),
            (r"\]", Punctuation, "#pop"),
            (r"[^\s\]#]+", SECTION),
            default("#pop"),  # (a head left open ends with its line)
        ],
        "values": [
            (r"\n", Whitespace),
            (r"[^\S\n]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\\\n]*"', CARD_NAME),
            (r'"', CARD_NAME, "string"),  # (a quoted name with escapes: card text in an option)
            (r"p[0-9]+(?![\w\-'])", PLAYER),
            (r"-?[0-9]+", Number.Integer),
            (r"[^\W\d][\w\-']*", _word),
            (r"/", Operator),
            (r"[,():.\[\]'\-]", Punctuation),
            (r".", Error),  # a character no position holds outside a quoted name or a comment
        ],
        "string": [
            (r'[^"\\\n]+', CARD_NAME),
            (r"\\.", String.Escape),  # \" \\ \n (card text in an option)
            (r"\\", CARD_NAME),
            (r'"', CARD_NAME, "#pop"),
            default("#pop"),  # (a quote left open ends with its line)
        ],
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.stripnl = get_bool_opt(options, "stripnl", False)

    def get_tokens_unprocessed(self, text: str, stack: tuple[str, ...] = ("root",)) -> Iterator[_Token]:
        self.words = position_words()
        yield from super().get_tokens_unprocessed(text, stack)

    @staticmethod
    def analyse_text(text: str) -> float:
        """How likely ``text`` is a position (for ``pygmentize -g``): its header's two lines."""
        return 0.8 if _RULESET_LINE.search(text) and _PLAYERS_LINE.search(text) else 0.0


_RULESET_LINE = re.compile(r"^[ \t]*ruleset[ \t]*:[ \t]*[a-z]", re.MULTILINE)
_PLAYERS_LINE = re.compile(r"^[ \t]*players[ \t]*:[ \t]*[0-9]", re.MULTILINE)
