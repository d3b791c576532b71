"""What the language server knows of one open document, a card file or a position, worked out
without the protocol: its problems with their ranges and "did you mean" fixes, completions,
hovers, definitions and its formatted text.  Nothing here imports pygls, so every answer can
be tested on plain text (``tests/test_lsp.py``); ``server.py`` turns them into LSP messages.

Places are 0-based lines and columns counted in code points, lines ending at "\\n" (a "\\r"
before it is no part of the line), as the card language and the position language count them;
``units`` and ``column_of`` convert a column to and from the position encoding a client speaks
(UTF-16 unless it asks for another).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from .. import ir, words
from ..cards import VOCABULARIES, Bonus, Card, CardSet, Goal, card_files, compile_sources, told_ruleset, vocabulary_for
from ..dsl import parser, render
from ..dsl.diagnostics import Diagnostic, DslError
from ..dsl.vocabulary import BEAKS, BIRD_FIELDS, FIELDS, ICONS, Vocabulary, system_name
from ..engine.handlers import handler_of
from ..engine.state import FRAME_TYPES
from ..game import setup
from ..i18n import _, ngettext, pgettext
from ..position import PositionError
from ..position import classic as classic_position
from ..position import pocket as pocket_position
from ..rules import CATALOG, Rule
from ..rulesets import deck, known_rulesets, ruleset
from ..setting import configure

if TYPE_CHECKING:
    from ..engine.rules import Rules

CARDS = "cards"
POSITION = "position"
# The languageId an editor gives each kind of document (docs/editors.md), and the suffixes
# that tell them apart when it gives another
LANGUAGE_IDS = {"wingspan-cards": CARDS, "wingspan-position": POSITION}
SUFFIXES = {".wsp": CARDS, ".pos": POSITION, ".position": POSITION}
DEFAULT_RULESET = "pocket"
# A document larger than this is not checked (one problem says so): far above any deck
MAX_CHARS = 4_000_000

ERROR = "error"


@attrs.frozen
class Range:
    """From (line, start) to (end_line, end), 0-based, columns in code points."""

    line: int
    start: int
    end_line: int
    end: int

    @classmethod
    def on(cls, line: int, start: int, end: int) -> Range:
        return cls(line, start, line, end)

    def touches(self, other: Range) -> bool:
        """Do the two ranges share a place (an empty range at the edge of the other counts)?"""
        return (self.line, self.start) <= (other.end_line, other.end) and (other.line, other.start) <= (self.end_line, self.end)

    def holds(self, line: int, column: int) -> bool:
        return (self.line, self.start) <= (line, column) <= (self.end_line, self.end)


@attrs.frozen
class Fix:
    """A "did you mean" made an edit: ``instead`` written over ``range`` (the word ``word``)."""

    range: Range
    word: str
    instead: str

    @property
    def title(self) -> str:
        return _("Change '{word}' to '{instead}'").format(word=self.word, instead=self.instead)


@attrs.frozen
class Problem:
    """One problem of a document, as ``cards lint`` or ``setup`` reports it, with its range:
    ``code`` is the rule a position breaks (its catalog id), ``fix`` the suggested word."""

    range: Range
    message: str
    severity: str = ERROR
    code: str | None = None
    fix: Fix | None = None


@attrs.frozen
class Completion:
    """A word to offer: ``kind`` says what it is (keyword, field, food, habitat, nest, colour,
    word, card, goal, bonus, ruleset, option, section, frame); ``edit`` the range it replaces
    (None: the word at the cursor)."""

    label: str
    kind: str
    detail: str = ""
    insert: str | None = None
    edit: Range | None = None


@attrs.frozen
class Hover:
    markdown: str
    range: Range


@attrs.frozen
class Location:
    uri: str
    range: Range


# ---- places ---------------------------------------------------------------------------------


def split_lines(text: str) -> list[str]:
    """The lines of a text as its languages count them (a "\\r" before "\\n" dropped)."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def units(text: str, encoding: str = "utf-16") -> int:
    """How many code units of ``encoding`` ("utf-8", "utf-16" or "utf-32") ``text`` takes."""
    if encoding == "utf-32":
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def column_of(line: str, count: int, encoding: str = "utf-16") -> int:
    """The code-point column ``count`` code units of ``encoding`` into ``line`` (a count inside
    a character is that character's column; past the end, the end)."""
    if encoding == "utf-32":
        return max(0, min(count, len(line)))
    seen = 0
    for index, ch in enumerate(line):
        if seen >= count:
            return index
        seen += units(ch, encoding)
    return len(line)


# ---- what kind of document, and for which ruleset ----------------------------------------------

_POSITION_LINE = re.compile(r"\s*(ruleset\s*:|players\s*:|option\s+\w+\s*:|\[\s*(p\d+|table|stack)\s*\])")
_CARD_LINE = re.compile(r'\s*(revised\s+)?(card|bird|goal|bonus)\s+"')
_TELLING_BLOCK = re.compile(r'^\s*(revised\s+)?(card|bird|bonus)\s+"', re.MULTILINE)
_HEADER_RULESET = re.compile(r"\s*ruleset\s*:\s*([A-Za-z0-9_.-]+)\s*(#.*)?$")


def kind_of(uri: str, language_id: str | None, text: str) -> str:
    """CARDS or POSITION: by the editor's languageId, else the file's suffix, else the first
    line that is neither blank nor a comment (a card file when nothing tells)."""
    if language_id in LANGUAGE_IDS:
        return LANGUAGE_IDS[language_id]
    path = uri.split("?", 1)[0].split("#", 1)[0]
    for suffix, kind in SUFFIXES.items():
        if path.lower().endswith(suffix):
            return kind
    for line in text[:20_000].split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if _POSITION_LINE.match(line):
            return POSITION
        if _CARD_LINE.match(line):
            return CARDS
        break
    return CARDS


def known_setting(name: object, kind: str) -> str | None:
    """A ruleset setting that names a ruleset documents of ``kind`` can be read in, else None
    (a card file's rule systems are those with a card language: pocket, classic, oceania)."""
    if not isinstance(name, str):
        return None
    if kind == CARDS:
        return name if name in VOCABULARIES else None
    return name if name in known_rulesets() else None


def ruleset_of(kind: str, text: str, setting: str | None = None) -> str:
    """The ruleset a document is read in: what the document says (a card file's blocks and
    Oceania's words, as ``cards lint`` tells them; a position's header), else the setting
    (``wingspanRules.ruleset``), else pocket."""
    chosen = known_setting(setting, kind) or DEFAULT_RULESET
    if kind == CARDS:
        return told_ruleset([("<document>", text)]) if _TELLING_BLOCK.search(text[:MAX_CHARS]) else chosen
    for line in text[:20_000].split("\n"):
        if line.lstrip().startswith("["):
            break
        found = _HEADER_RULESET.match(line)
        if found and found.group(1) in known_rulesets():
            return found.group(1)
    return chosen


# ---- decks -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def shipped(name: str) -> tuple[type[Rules], CardSet]:
    """A ruleset's class as it plays with its default options, and its shipped deck."""
    rs, _checked, merged = configure(ruleset(name), {})
    return rs, deck(rs, merged)


@attrs.frozen
class Block:
    """A block of card text: its kind (card, bird, goal, bonus), its name and where it is
    (the header's line, the name's columns there, the line of its closing brace), with a goal's
    sides (name, line, start, end)."""

    kind: str
    name: str
    line: int
    start: int
    end: int
    last: int
    sides: tuple[tuple[str, int, int, int], ...] = ()

    @property
    def range(self) -> Range:
        return Range(self.line, 0, self.last, 1)


_HEADER = re.compile(r'^\s*(?:revised\s+)?(card|bird|goal|bonus)\s+"([^"\n]*)"')
_SIDE = re.compile(r'^\s*side\s+"([^"\n]*)"')


def blocks(lines: Sequence[str]) -> list[Block]:
    """The blocks of card text, found by their headers and closing braces (a block whose brace
    is missing ends before the next header)."""
    found: list[Block] = []
    current: tuple[str, str, int, int, int] | None = None
    sides: list[tuple[str, int, int, int]] = []

    def close(last: int) -> None:
        if current is not None:
            kind, name, line, start, end = current
            found.append(Block(kind, name, line, start, end, last, tuple(sides)))

    for number, line in enumerate(lines):
        head = _HEADER.match(line)
        if head:
            close(max(number - 1, current[2] if current else 0))
            current, sides = (head.group(1), head.group(2), number, head.start(2), head.end(2)), []
            if line.rstrip().endswith("}"):  # a block on one line
                close(number)
                current = None
            continue
        if current is None:
            continue
        side = _SIDE.match(line)
        if side:
            sides.append((side.group(1), number, side.start(1), side.end(1)))
        elif line.strip().startswith("}"):
            close(number)
            current = None
    close(len(lines) - 1)
    return found


@functools.lru_cache(maxsize=8)
def shipped_blocks(decks: tuple[str, ...]) -> dict[str, tuple[Path, Block]]:
    """Where each card, goal side and bonus card of the shipped decks ``decks`` is written:
    its file and block (a revised bonus card in a later deck stands for the earlier one)."""
    index: dict[str, tuple[Path, Block]] = {}
    for name in decks:
        for path in card_files(name):
            for block in blocks(split_lines(path.read_text(encoding="utf-8"))):
                if block.kind == "bonus":
                    index[block.name] = (path, block)
                    continue
                index.setdefault(block.name, (path, block))
                for side, *_rest in block.sides:
                    index.setdefault(side, (path, block))
    return index


# ---- words ---------------------------------------------------------------------------------


def _escape(text: str) -> str:
    """Text as Markdown shows it as written."""
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", text)


def power_rules(card: Card, rs: type[Rules]) -> list[Rule]:
    """The rules of the catalog that the steps of a card's compiled power follow, in the
    ruleset ``rs``: those its questions, refusals and passing over cite (each node handler's
    topics, named by the ruleset's ``DECISION_TOPICS``, ``REFUSAL_RULES`` and ``IDLE_RULES``)."""
    if card.power is None:
        return []
    vocab = rs.vocabulary
    ids: list[str] = []
    for node in ir.walk(card.power):
        handler = handler_of(node)
        for topic, form in handler.every_topic().items():
            # (the turn's own actions run the same nodes, under topics of their own: not a power's)
            if topic.endswith("-action"):
                continue
            if form is None or vocab.admits(form):
                named = rs.DECISION_TOPICS.get(topic)
                if named is not None:
                    ids.append(named[1])
        if isinstance(node, ir.Then):
            asked = handler_of(node.requirement).requirement_topic
            if asked is not None and asked in rs.DECISION_TOPICS:
                ids.append(rs.DECISION_TOPICS[asked][1])
        ids += [rs.REFUSAL_RULES[t] for t in handler.refusal_topics if t in rs.REFUSAL_RULES]
        if handler.passed_over is not None and handler.passed_over[1] in rs.IDLE_RULES:
            ids.append(rs.IDLE_RULES[handler.passed_over[1]])
    return [CATALOG[i] for i in dict.fromkeys(ids) if i in CATALOG]


def _rules_markdown(rules: Iterable[Rule]) -> list[str]:
    listed = [f"- `{r.id}`: {_escape(r.summary_in())}" for r in rules]
    return ["", _("**Rules its power follows**"), "", *listed] if listed else []


def card_markdown(card: Card, rs: type[Rules]) -> str:
    """A card's facts (as ``cards show`` gives them: cost, points, habitats, nest, eggs,
    wingspan, the power in English) and the rule ids its power follows, as Markdown."""
    head, *facts = card.english.rstrip("\n").split("\n")
    lines = [f"**{_escape(head)}**", "", *(f"- {_escape(line.strip())}" for line in facts)]
    return "\n".join(lines + _rules_markdown(power_rules(card, rs)))


def power_markdown(card: Card, rs: type[Rules]) -> str:
    """A card's power in English, with the rule ids it follows, as Markdown."""
    bird = card.definition.bird
    if bird.power is None:
        return _("**{name}** has no power.").format(name=_escape(card.name))
    english = render.power_english(bird.power, classic=not card.definition.foods)
    lines = [_("**{name}**: power ({colour})").format(name=_escape(card.name), colour=_escape(_colour(bird.colour or ""))), "", _escape(english)]
    return "\n".join(lines + _rules_markdown(power_rules(card, rs)))


def _colour(word: str) -> str:
    """A power colour in the current language (as written where no table knows it)."""
    return words.as_written(words.colour, word)


def _english_markdown(english: str) -> str:
    head, *rest = english.rstrip("\n").split("\n")
    return "\n".join([f"**{_escape(head.strip())}**", "", *(f"- {_escape(line.strip())}" for line in rest if line.strip())])


def goal_markdown(goal: Goal) -> str:
    return _english_markdown(goal.english)


def bonus_markdown(bonus: Bonus) -> str:
    return _english_markdown(bonus.english)


def _quoted_at(line: str, column: int) -> tuple[str, int, int] | None:
    """The quoted name the column is in (its text, a position's escapes read, and the columns
    inside its quotes), or None."""
    index = 0
    while index < len(line):
        ch = line[index]
        if ch == "#":
            return None
        if ch != '"':
            index += 1
            continue
        start = index + 1
        index = start
        escaped = False
        while index < len(line) and (escaped or line[index] != '"'):
            escaped = not escaped and line[index] == "\\"
            index += 1
        if start - 1 <= column <= index:
            raw = line[start:index]
            return re.sub(r"\\(.)", r"\1", raw), start, index
        index += 1
    return None


def _word_end(line: str, start: int) -> int:
    """The end of the word, quoted name or character a problem at ``start`` is about."""
    if start >= len(line):
        return start
    if line[start] == '"':
        close = line.find('"', start + 1)
        return close + 1 if close >= 0 else len(line)
    end = start
    while end < len(line) and (line[end].isalnum() or line[end] == "_"):
        end += 1
    return end if end > start else start + 1


_CITED = re.compile(r"\[([a-z][a-z0-9_.-]*)\]\s*$")


# ---- the document ------------------------------------------------------------------------------


class Document:
    """An open document: its text, kind and ruleset, and what is worked out from them (each
    answer is worked out once, the first time it is asked)."""

    def __init__(self, uri: str, text: str, language_id: str | None = None, setting: str | None = None):
        self.uri = uri
        self.text = text
        self.language_id = language_id
        self.kind = kind_of(uri, language_id, text)
        self.ruleset = ruleset_of(self.kind, text, setting)
        self.lines = split_lines(text)
        self._problems: list[Problem] | None = None
        self._cards: CardSet | None = None  # a position's deck once it is set up
        self._blocks: list[Block] | None = None
        self._compiled: dict[tuple[int, int], CardSet | None] = {}

    # -- what it is read with
    @property
    def rules(self) -> type[Rules]:
        return shipped(self.ruleset)[0]

    @property
    def vocabulary(self) -> Vocabulary:
        if self.kind == CARDS:
            return vocabulary_for([(self.uri, self.text)], self.ruleset)
        return self.rules.vocabulary

    @property
    def cards(self) -> CardSet:
        """The deck names are read in: a position's own once set up, else the shipped deck."""
        return self._cards if self._cards is not None else shipped(self.ruleset)[1]

    def blocks(self) -> list[Block]:
        if self._blocks is None:
            self._blocks = blocks(self.lines) if self.kind == CARDS else []
        return self._blocks

    # -- problems
    def problems(self) -> list[Problem]:
        """Every problem ``cards lint`` (a card file) or ``setup`` (a position) reports, each
        with its range; none when the text is sound."""
        if self._problems is None:
            self._problems = self._find_problems()
        return self._problems

    def _find_problems(self) -> list[Problem]:
        if len(self.text) > MAX_CHARS:
            too_long = _("this document has {n} characters; the language server checks at most {most}").format(n=f"{len(self.text):,}", most=f"{MAX_CHARS:,}")
            return [Problem(Range.on(0, 0, 0), too_long)]
        if self.kind == CARDS:
            try:
                compile_sources([(self.uri, self.text)], self.vocabulary)
            except DslError as err:
                return [self._problem(d) for d in err.diagnostics]
            return []
        try:
            game = setup(self.text, 0)
        except PositionError as err:
            return [self._problem(d) for d in err.problems]
        self._cards = game.cards
        return []

    def _problem(self, d: Diagnostic) -> Problem:
        line = min(max(d.line - 1, 0), len(self.lines) - 1)
        text = self.lines[line]
        start = min(max(d.column - 1, 0), len(text))
        end = _word_end(text, start)
        fix = None
        if d.suggestion is not None and d.suggestion.word:
            at = text.find(d.suggestion.word, start)
            if at >= 0:
                start, end = at, at + len(d.suggestion.word)
                fix = Fix(Range.on(line, start, end), d.suggestion.word, d.suggestion.instead)
        message = _("{message}; {hint}").format(message=d.message, hint=d.hint) if d.hint else d.message
        cited = _CITED.search(d.message) if self.kind == POSITION else None
        code = cited.group(1) if cited and cited.group(1) in CATALOG else None
        return Problem(Range.on(line, start, end), message, ERROR, code, fix)

    def fixes(self, within: Range) -> list[tuple[Problem, Fix]]:
        """The "did you mean" fixes of the problems that touch ``within``."""
        return [(p, p.fix) for p in self.problems() if p.fix is not None and p.range.touches(within)]

    # -- compiled blocks of a card file
    def _block_cards(self, block: Block) -> CardSet | None:
        key = (block.line, block.last)
        if key not in self._compiled:
            text = "\n".join(self.lines[block.line : block.last + 1]) + "\n"
            try:
                self._compiled[key] = compile_sources([(self.uri, text)], self.vocabulary)
            except DslError:
                self._compiled[key] = None
        return self._compiled[key]

    def _block_at(self, line: int) -> Block | None:
        return next((b for b in self.blocks() if b.line <= line <= b.last), None)

    # -- hover
    def hover(self, line: int, column: int) -> Hover | None:
        """A card's facts on its name (a block's header, a quoted name in a position); a card
        block's power in English, with the rules it follows, on its power line; a goal's or a
        bonus card's English on its block or name."""
        if not 0 <= line < len(self.lines) or len(self.text) > MAX_CHARS:
            return None
        text = self.lines[line]
        if self.kind == POSITION:
            quoted = _quoted_at(text, column)
            if quoted is None:
                return None
            name, start, end = quoted
            shown = self._named_markdown(name, self.cards)
            return Hover(shown, Range.on(line, start, end)) if shown else None
        block = self._block_at(line)
        if block is None:
            return None
        compiled = self._block_cards(block)
        if compiled is None:
            return None
        where = Range.on(line, 0, len(text))
        if compiled.cards:
            card = compiled.cards[0]
            if line != block.line and re.match(r"\s*power\b", text):
                return Hover(power_markdown(card, self.rules), where)
            if line == block.line:
                where = Range.on(line, block.start, block.end)
            return Hover(card_markdown(card, self.rules), where)
        if compiled.goals:
            return Hover(goal_markdown(compiled.goals[0]), where)
        if compiled.bonuses:
            return Hover(bonus_markdown(compiled.bonuses[0]), where)
        return None

    def _named_markdown(self, name: str, cards: CardSet) -> str | None:
        card = cards.by_name.get(name)
        if card is not None:
            return card_markdown(card, self.rules)
        for goal in cards.goals:
            if name == goal.name or name in (s.name for s in goal.sides):
                return goal_markdown(goal)
        for bonus in cards.bonuses:
            if name == bonus.name:
                return bonus_markdown(bonus)
        return None

    # -- definitions
    def definition(self, line: int, column: int) -> list[Location]:
        """Where the card (goal, bonus card) named at the cursor is written: its block in this
        card file, or in the shipped card file of the position's deck."""
        if not 0 <= line < len(self.lines) or len(self.text) > MAX_CHARS:
            return []
        quoted = _quoted_at(self.lines[line], column)
        if quoted is None:
            return []
        name = quoted[0]
        if self.kind == CARDS:
            own = [b for b in self.blocks() if b.name == name or name in (s[0] for s in b.sides)]
            return [Location(self.uri, b.range) for b in own[:1]]
        rs = self.rules
        found = shipped_blocks((rs.deck_name, *rs.extra_decks)).get(name)
        if found is None:
            return []
        path, block = found
        return [Location(path.resolve().as_uri(), block.range)]

    # -- formatting
    def formatted(self) -> str | None:
        """The card file as ``cards format`` writes it, or None: unchanged, not a card file, or
        text that does not compile (its problems say why).  ``FormatError`` where the
        formatter refuses to write it (the text is then left as it is)."""
        if self.kind != CARDS or len(self.text) > MAX_CHARS:
            return None
        from ..dsl.format import format_text

        try:
            text = format_text(self.text, self.vocabulary, self.uri)
        except DslError:
            return None
        return None if text == self.text else text

    # -- completion
    def complete(self, line: int, column: int) -> list[Completion]:
        """The words that may go at the cursor (those of its context where it is cheap to tell)."""
        if not 0 <= line < len(self.lines) or len(self.text) > MAX_CHARS:
            return []
        before = self.lines[line][:column]
        after = self.lines[line][column:]
        if self.kind == POSITION:
            return self._complete_position(line, before, after)
        return self._complete_cards(line, before, after)

    def _vocabulary_words(self, *which: str) -> list[Completion]:
        v = self.vocabulary
        groups: dict[str, tuple[tuple[str, ...], str]] = {
            "food": (v.foods, _("food ({system})")),
            "habitat": (v.habitats, _("habitat ({system})")),
            "nest": (v.nests, _("nest ({system})")),
            "colour": (v.colours, _("power colour ({system})")),
        }
        out: list[Completion] = []
        for kind in which:
            choices, detail = groups[kind]
            shown = detail.format(system=system_name(v.name))
            out += [Completion(w, kind, shown) for w in choices]
        return out

    def _keywords(self) -> list[Completion]:
        words = sorted(set(parser.keywords().values()))
        detail = _("card language keyword")
        return [Completion(w, "keyword", detail) for w in words]

    def _names(self, what: str, line: int, start: int, end: int, opening: str = "", closing: str = "") -> list[Completion]:
        """Card names (goal sides', bonus cards' for ``what`` "goal", "bonus") to write over
        columns ``start`` to ``end`` of ``line``, between ``opening`` and ``closing``."""
        cards = self.cards
        if what == "goal":
            names = [s.name for g in cards.goals for s in g.sides]
        elif what == "bonus":
            names = [b.name for b in cards.bonuses]
        else:
            names = [c.name for c in cards.cards]
        detail = {"goal": _("goal ({ruleset})"), "bonus": _("bonus card ({ruleset})")}.get(what, _("bird card ({ruleset})")).format(ruleset=self.ruleset)
        return [Completion(n, what, detail, opening + n + closing, Range.on(line, start, end)) for n in dict.fromkeys(names)]

    def _complete_cards(self, line: int, before: str, after: str) -> list[Completion]:
        head = re.match(r'\s*(?:revised\s+)?(card|bird|bonus|goal)\s+"([^"]*)$', before)
        if head:
            what = {"bonus": "bonus", "goal": "goal"}.get(head.group(1), "card")
            return self._names(what, line, head.start(2), len(before), closing="" if after.startswith('"') else '"')
        if "#" in re.sub(r'"[^"]*"', "", before):
            return []  # in a comment
        block = self._block_at(line)
        inside = block is not None and line != block.line
        if re.fullmatch(r"\s*[a-z_]*", before):
            if not inside:
                v = self.vocabulary
                kinds = ["card"] if v.block == "card" else ["bird", "bonus", "revised"]
                return [Completion(k, "keyword", _("block")) for k in (*kinds, "goal")]
            fields = {"card": FIELDS, "bird": BIRD_FIELDS, "goal": ("side",), "bonus": ("counts", "scores")}
            assert block is not None
            detail = _("{block} field").format(block=block.kind)
            return [Completion(f, "field", detail, f if f == "side" else f + ": ") for f in fields.get(block.kind, ())]
        if re.fullmatch(r"\s*power\s+[a-z]*", before):
            return self._vocabulary_words("colour")
        field = re.match(r"\s*([a-z_]+)\s*:", before)
        name = field.group(1) if field else ""
        if name == "food":
            return self._vocabulary_words("food")
        if name == "cost":
            return self._vocabulary_words("food") + [Completion("any", "word", ngettext("any food", "any food", 1)), Completion("egg", "word", _("an egg"))]
        if name == "habitats":
            return self._vocabulary_words("habitat")
        if name == "nest":
            return self._vocabulary_words("nest")
        if name == "beak":
            return [Completion(w, "word", _("where the beak points")) for w in BEAKS]
        if name == "icons":
            return [Completion(w, "word", _("printed icon")) for w in ICONS]
        if name == "set":
            sets = sorted({c.card_set for c in self.cards.cards if c.card_set})
            return [Completion(s, "word", _("card set")) for s in sets]
        if name in ("points", "egg_limit", "wingspan", "swift_start"):
            return [Completion("flightless", "word", _("no wingspan"))] if name == "wingspan" and self.vocabulary.flightless else []
        # a power, a goal's side or what a bonus card counts: the phrases' words
        return self._keywords() + self._vocabulary_words("food", "habitat", "nest", "colour")

    def _section(self, line: int) -> str:
        for number in range(line, -1, -1):
            found = re.match(r"\s*\[\s*([^\]]*?)\s*\]", self.lines[number])
            if found:
                return found.group(1)
        return ""

    def _players(self) -> int:
        for text in self.lines[:200]:
            found = re.match(r"\s*players\s*:\s*(\d+)", text)
            if found:
                return max(1, min(int(found.group(1)), 9))
        return 5

    def _entry_keys(self, section: str) -> list[Completion]:
        rs = self.rules
        pocket = rs.vocabulary.block == "card"
        if section == "":
            keys = ["ruleset", "players", "format"]
            return [Completion(k, "field", _("header"), k + ": ") for k in keys] + [
                Completion(f"option {o}", "option", _("rule option"), f"option {o}: ") for o in (*rs.OPTIONS, "card_text", "extra_card_text")
            ]
        if section == "table":
            keys = list((pocket_position.Builder if pocket else classic_position.Builder).table_keys)
            return [Completion(k, "field", pgettext("position section", "table"), k + ": ") for k in keys]
        if section == "stack":
            return [Completion(k, "frame", _("a step still to happen"), k + ": ") for k in FRAME_TYPES]
        if pocket:
            keys = ["flock", "nest", "birds", "food", "turns", "dealt", "copies"]
        else:
            keys = [*rs.vocabulary.habitats, "hand", "food", "bonus", "cubes", "owes discard", "dealt", "dealt bonus"]
            if "nectar" in rs.vocabulary.foods:
                keys.append("nectar spent")
        return [Completion(k, "field", _("player"), k + ": ") for k in keys]

    def _complete_position(self, line: int, before: str, after: str) -> list[Completion]:
        if before.lstrip().startswith("#"):
            return []
        key_match = re.match(r"\s*([a-z][a-z _]*?)\s*:", before)
        key = key_match.group(1) if key_match else ""
        quotes = len(re.findall(r'(?<!\\)"', before))
        if quotes % 2 == 1:  # inside a quoted name
            return self._names(_named_by(key), line, before.rfind('"') + 1, len(before), closing="" if after.startswith('"') else '"')
        section_head = re.fullmatch(r"\s*\[\s*([a-z0-9]*)", before)
        if section_head:
            names = [f"p{i}" for i in range(self._players())] + ["table", "stack"]
            close = "" if after.lstrip().startswith("]") else "]"
            return [Completion(n, "section", _("section"), n + close) for n in names]
        if key_match is None:
            if re.fullmatch(r"\s*option\s+[a-z_]*", before):
                options = (*self.rules.OPTIONS, "card_text", "extra_card_text")
                return [Completion(o, "option", _("rule option"), o + ": ") for o in options]
            if re.fullmatch(r"\s*[a-z ]*", before):
                return self._entry_keys(self._section(line))
            return []
        if key == "ruleset":
            return [Completion(r, "ruleset", _("ruleset")) for r in known_rulesets()]
        if key in ("to play", "first player"):
            return [Completion(f"p{i}", "word", _("player")) for i in range(self._players())]
        if key in ("food", "feeder", "dice to come"):
            return self._vocabulary_words("food")
        # a word of the position, or a name in quotes (a word begun is replaced)
        begun = re.search(r"[A-Za-z0-9_'-]*$", before)
        start = begun.start() if begun else len(before)
        found = [Completion(w, "word", _("position word")) for w in POSITION_WORDS]
        return found + self._names(_named_by(key), line, start, len(before), opening='"', closing='"')


# the words of a position's entries besides names and foods (docs/positions.md)
POSITION_WORDS = ("empty", "yes", "no", "none", "cards", "card", "eggs", "cached", "tucked", "pink used")


def _named_by(key: str) -> str:
    """What the names of a position's entry ``key`` are: "goal", "bonus" or "card"."""
    return "goal" if key == "goals" else "bonus" if key.startswith("bonus") or key == "dealt bonus" else "card"
