"""The position language: a whole game position as text people can read and write.

``read_position(text, seed)`` reads a position into what a game is made of
(``wingspan_rules.setup`` makes the ``Game``); ``write_position(game)`` (``Game.position()``)
writes one.  What a position leaves
out is filled as a real game would be, from the seed: the cards it does not name are shuffled
into the decks.  docs/positions.md is the reference.  A codec below ``Game``: it imports
nothing of it (the codecs' seam, docs/architecture.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..dsl.diagnostics import SHOWN, Collector, Diagnostic, listing, suggest
from ..i18n import _, ngettext
from ..rulesets import CARD_OPTIONS, known_rulesets
from ..setting import check_ruleset, configure
from . import syntax
from .syntax import Entry
from .values import YES, quoted

if TYPE_CHECKING:
    from ..cards import CardSet
    from ..engine.rules import Rules

__all__ = ["FORMAT", "READS", "PositionError", "Positioned", "Setting", "cannot_go_on", "read_position", "write_position"]

FORMAT = 1
"""The version of the position language ``write_position`` writes, on its ``format:`` line
(docs/stability.md, "File formats")."""
READS: tuple[int, ...] = (1,)
"""The versions of the position language this release reads.  A position with no ``format:``
line is of format 1: positions are written by hand, and those written before positions
carried their version are all of it."""


class PositionError(ValueError):
    """A position that cannot be set up: ``problems`` lists each one with its line and column."""

    def __init__(self, problems: tuple[Diagnostic, ...], total: int | None = None):
        self.problems = problems
        self.total: int = max(total or 0, len(problems))
        head = ngettext("{n} problem in the position", "{n} problems in the position", self.total).format(n=self.total)
        super().__init__(listing(head, [str(d).replace(": error: ", ": ", 1) for d in problems[:SHOWN]], self.total, "problem"))


def _raise(out: Collector) -> None:
    if out.total:
        raise PositionError(tuple(out.items), out.total)


def _option_value(default: Any, entry: Entry, out: Collector) -> Any:
    """An option's value, read as the type of its default."""
    atoms = [a for item in entry.items for a in item.atoms]
    if isinstance(default, (list, tuple)):
        return type(default)(str(a.value) for a in atoms)
    if len(atoms) != 1:
        out.error(entry.line, entry.column, _("'{key}' takes one value").format(key=entry.key))
        return None
    a = atoms[0]
    if isinstance(default, bool):
        if a.value not in YES:
            out.error(a.line, a.column, _("'{key}' is yes or no").format(key=entry.key))
            return None
        return YES[str(a.value)]
    return a.value


def _check_format(entries: list[Entry], text: str, out: Collector) -> int:
    """The version of the position language the header's ``format:`` line gives (1 when there
    is none; a line that gives no number is a problem noted in ``out``).  A version this
    release does not read is the one problem raised: the rest of a position of another
    version may mean something else."""
    given = [e for e in entries if e.section == "" and e.key == "format"]
    if not given:
        return 1
    entry = given[0]
    atoms = [a for item in entry.items for a in item.atoms]
    if len(given) > 1:
        out.error(given[1].line, given[1].column, _("'{key}' is given twice (first at line {line})").format(key="format", line=entry.line))
    if len(atoms) != 1 or type(atoms[0].value) is not int or atoms[0].quoted:
        out.error(entry.line, entry.column, _("'format' is the version of the position language, a number such as 'format: {format}'").format(format=FORMAT))
        return 1
    found = atoms[0].value
    if found in READS:
        return found
    reads = ", ".join(str(n) for n in READS)
    if found > FORMAT:
        why = _(
            "this position is written in format {found} of the position language, newer than this version reads (format {reads}): "
            "it was written by a newer version of wingspan-rules"
        )
    else:
        why = _("this position is written in format {found} of the position language; this version reads format {reads}")
    alone = Collector(text, "<position>")
    alone.error(atoms[0].line, atoms[0].column, why.format(found=found, reads=reads))
    raise PositionError(tuple(alone.items), alone.total)


def _header(entries: list[Entry], out: Collector) -> tuple[str, int, dict[str, Any]] | None:
    found: dict[str, Entry] = {}
    options: dict[str, Entry] = {}
    for e in entries:
        if e.section != "" or e.key == "[section]":
            continue
        if e.key.startswith("option "):
            options[e.key[len("option ") :]] = e
        elif e.key in ("ruleset", "players"):
            if e.key in found:
                out.error(e.line, e.column, _("'{key}' is given twice").format(key=e.key))
            found[e.key] = e
    if "ruleset" not in found or "players" not in found:
        out.error(1, 1, _("a position starts with its ruleset and players ('ruleset: classic', 'players: 2')"))
        return None
    r, p = found["ruleset"], found["players"]
    name = r.items[0].atoms[0].value if len(r.items) == 1 and len(r.items[0].atoms) == 1 else None
    if name not in known_rulesets():
        out.error(r.line, r.column, _("unknown ruleset '{name}'; known: {known}").format(name=name, known=", ".join(known_rulesets())), suggest(str(name), known_rulesets()))
        return None
    players = p.items[0].atoms[0].value if len(p.items) == 1 and len(p.items[0].atoms) == 1 else None
    try:
        if not isinstance(players, int):
            raise ValueError(_("players must be a whole number, not {players}").format(players=players))
        check_ruleset(str(name), players, 0)  # the player counts new_game accepts
    except ValueError as err:
        out.error(p.line, p.column, str(err))
        return None
    from ..rulesets import ruleset

    rs = ruleset(str(name))
    values: dict[str, Any] = {}
    for key, e in options.items():
        if key in CARD_OPTIONS:
            atoms = [a for item in e.items for a in item.atoms]
            if len(atoms) != 1 or not atoms[0].quoted:
                out.error(e.line, e.column, _("option {key} is card language text in double quotes").format(key=key))
                continue
            values[key] = str(atoms[0].value)
            continue
        spec = rs.OPTIONS.get(key)
        if spec is None:
            out.error(e.line, e.column, _("unknown {ruleset} option '{key}'").format(ruleset=name, key=key), suggest(key, rs.OPTIONS))
            continue
        value = _option_value(spec.default, e, out)
        if value is not None:
            values[key] = value
    return str(name), players, values


class Setting(NamedTuple):
    """What a game at a position is made of: ``Game(*setting)`` plays it."""

    ruleset: str
    players: int
    seed: int
    options: dict[str, Any]  # checked and defaulted, the card options with them
    cards: CardSet
    state: Any  # checked by the ruleset's ``validate_state``


def read_position(text: str, seed: int = 0) -> Setting:
    """What the game at a position (see docs/positions.md) is made of; PositionError lists
    every problem.  ``wingspan_rules.setup`` makes the game."""
    from .. import rng
    from ..rulesets import deck, ruleset

    if not isinstance(text, str):
        raise PositionError((Diagnostic("<position>", 1, 1, _("a position is text")),))
    if len(text) > syntax.MAX_CHARS or text.count("\n") > syntax.MAX_LINES:
        too_long = _("a position is at most {chars} characters and {lines} lines").format(chars=f"{syntax.MAX_CHARS:,}", lines=f"{syntax.MAX_LINES:,}")
        raise PositionError((Diagnostic("<position>", 1, 1, too_long),))
    rng.check_seed(seed)
    out = Collector(text, "<position>")
    entries = syntax.read(text, out)
    _check_format(entries, text, out)
    head = _header(entries, out)
    if head is None:
        _raise(out)
        raise AssertionError("unreachable")
    name, players, given = head
    from ..classic.rules import ClassicRules
    from ..pocket.rules import PocketRules
    from . import classic, pocket

    builder: classic.Builder | pocket.Builder
    try:
        rs, checked, merged = configure(ruleset(name), given)
        cards = deck(rs, merged)
        if issubclass(rs, PocketRules):
            builder = pocket.Builder(rs, cards, players, seed, checked, out)
        elif issubclass(rs, ClassicRules):
            builder = classic.Builder(rs, cards, players, seed, checked, out)
        else:
            out.error(1, 1, _("positions of the {ruleset} ruleset cannot be read").format(ruleset=name))
            _raise(out)
    except PositionError:
        raise
    except ValueError as err:  # (options the ruleset refuses, a deck it cannot deal a game from)
        first = next((e for e in entries if e.key.startswith("option ")), None)
        out.error(first.line if first else 1, first.column if first else 1, str(err).splitlines()[0][:300])
        _raise(out)
        raise AssertionError("unreachable") from None
    builder.read(entries)
    state = builder.build()
    _raise(out)
    problems = rs.validate_state(state, cards, players, checked)
    if problems:
        for p in problems:
            at = builder.where(p, entries)
            out.error(at.line if at else 1, at.column if at else 1, _("impossible position: {problem}").format(problem=p))
        _raise(out)
    return Setting(name, players, seed, merged, cards, state)


def cannot_go_on(text: str, err: Exception) -> PositionError:
    """The problem of a position that passed every check but whose game cannot run."""
    out = Collector(text, "<position>")
    out.error(1, 1, _("the game cannot go on from this position: {error}: {why}").format(error=type(err).__name__, why=str(err)[:200]))
    return PositionError(tuple(out.items), out.total)


class Positioned(Protocol):
    """What ``write`` reads of a game (a ``Game`` is one)."""

    @property
    def ruleset(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def cards(self) -> CardSet: ...
    @property
    def state(self) -> Any: ...
    @property
    def rules_class(self) -> type[Rules]: ...


def write_position(game: Positioned) -> str:
    """The position of a game, as text ``setup`` reads back to the same position."""
    from ..classic.rules import ClassicRules
    from ..pocket.rules import PocketRules
    from . import classic, pocket

    rs = game.rules_class
    lines = [f"ruleset: {game.ruleset}", f"players: {game.players}", f"format: {FORMAT}"]
    defaults = {k: o.default for k, o in rs.OPTIONS.items()}
    for key, value in game.options.items():
        if key in CARD_OPTIONS:
            lines.append(f"option {key}: {quoted(value)}")
        elif _plain(defaults.get(key)) != _plain(value):
            lines.append(f"option {key}: {_option_text(value)}")
    state = game.state
    if issubclass(rs, PocketRules):
        lines += pocket.write(rs, state, game.cards)
    elif issubclass(rs, ClassicRules):
        lines += classic.write(rs, state, game.cards)
    else:
        raise ValueError(_("positions of the {ruleset} ruleset cannot be written").format(ruleset=game.ruleset))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_option_text(v) for v in value)
    if isinstance(value, int):
        return str(value)
    text = str(value)
    word = text and (text[0].isalpha() or text[0] == "_") and all(ch.isalnum() or ch in "_-/.'" for ch in text)
    return text if word else quoted(text)
