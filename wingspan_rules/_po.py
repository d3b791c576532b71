"""Reading gettext ``.po`` catalogs and writing them as ``.mo`` files, with the standard library only.

The wheel's build hook compiles ``locale/<lang>/LC_MESSAGES/wingspan_rules.po`` with
``write_mo`` (so a wheel ships ``.mo`` files, which the standard ``gettext`` module reads); a
checkout or an editable install has only the ``.po`` files, and ``wingspan_rules.i18n`` reads
them through ``mo_bytes`` in memory.  The ``.mo`` layout is GNU gettext's (the one
``msgfmt`` writes and ``gettext.GNUTranslations`` reads): a header of seven numbers, two
tables of (length, offset) pairs, then the strings; a plural entry is its forms joined by NUL,
an entry with a context is ``context EOT msgid``.  Like ``msgfmt``, entries marked fuzzy and
entries with an empty translation are left out (the English then stands); the tests hold the
shipped catalogs to having neither.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass
from pathlib import Path


class PoError(ValueError):
    """A ``.po`` file this reader cannot read: the file, the line and what is wrong."""


@dataclass(frozen=True)
class Entry:
    """One message of a catalog: its English (``msgid``, and ``plural`` for a message with
    plural forms), its translations (one, or one per plural form), and the flags of its
    ``#,`` comment (``fuzzy``, ``python-brace-format``, ...)."""

    msgid: str
    strings: tuple[str, ...]
    plural: str | None = None
    context: str | None = None
    flags: frozenset[str] = frozenset()
    line: int = 0

    @property
    def key(self) -> str:
        """The entry's key in a ``.mo`` file."""
        msgid = self.msgid if self.plural is None else f"{self.msgid}\0{self.plural}"
        return msgid if self.context is None else f"{self.context}\x04{msgid}"

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.strings)


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a string in double quotes, found {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as err:
        raise PoError(f"{where}: cannot read the string {text[:40]!r}: {err}") from None
    if not isinstance(value, str):
        raise PoError(f"{where}: expected a string, found {text[:40]!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file, the header (the entry with an empty msgid) first if it has
    one.  Obsolete entries (``#~``) are left out."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    field: str | None = None
    start = 0

    def flush() -> None:
        nonlocal field, start
        if "msgid" in fields:
            strings: list[str] = []
            if "msgstr" in fields:
                strings.append(fields["msgstr"])
            n = 0
            while f"msgstr[{n}]" in fields:
                strings.append(fields[f"msgstr[{n}]"])
                n += 1
            if not strings:
                raise PoError(f"{name}:{start}: the entry has no msgstr")
            entries.append(Entry(fields["msgid"], tuple(strings), fields.get("msgid_plural"), fields.get("msgctxt"), frozenset(flags), start))
        elif fields:
            raise PoError(f"{name}:{start}: an entry without a msgid")
        fields.clear()
        flags.clear()
        field = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if field is not None and fields.get("msgid") is not None and any(k.startswith("msgstr") for k in fields):
                flush()
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        if line.startswith('"'):
            if field is None:
                raise PoError(f"{where}: a continued string with nothing to continue")
            fields[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (keyword.startswith("msgstr[") and keyword.endswith("]")):
            raise PoError(f"{where}: unknown keyword {keyword[:30]!r}")
        if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
            flush()
        if keyword in fields:
            raise PoError(f"{where}: {keyword} twice in one entry")
        if not fields:
            start = number
        field = keyword
        fields[keyword] = _unquote(rest, where)
    flush()
    return entries


def read_po(path: Path) -> list[Entry]:
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def mo_bytes(entries: list[Entry]) -> bytes:
    """The entries as a GNU ``.mo`` file (translated entries only, sorted by key as msgfmt does)."""
    kept = sorted((e.key.encode(), "\0".join(e.strings).encode()) for e in entries if e.translated or e.msgid == "")
    count = len(kept)
    keys_start = 7 * 4
    values_start = keys_start + count * 8
    data_start = values_start + count * 8
    ids = b""
    strs = b""
    key_table: list[int] = []
    for key, _ in kept:
        key_table += [len(key), len(ids)]
        ids += key + b"\0"
    value_table: list[int] = []
    for _, value in kept:
        value_table += [len(value), len(strs)]
        strs += value + b"\0"
    ids_at = data_start
    strs_at = ids_at + len(ids)
    keys = [n if i % 2 == 0 else n + ids_at for i, n in enumerate(key_table)]
    values = [n if i % 2 == 0 else n + strs_at for i, n in enumerate(value_table)]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, count, keys_start, values_start, 0, 0)
    return header + struct.pack(f"{len(keys)}i", *keys) + struct.pack(f"{len(values)}i", *values) + ids + strs


def write_mo(po: Path, mo: Path) -> None:
    mo.write_bytes(mo_bytes(read_po(po)))


def compile_tree(root: Path) -> list[Path]:
    """Compile every ``<root>/locale/*/LC_MESSAGES/*.po`` beside itself; the ``.mo`` files written."""
    written = []
    for po in sorted(root.glob("locale/*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        write_mo(po, mo)
        written.append(mo)
    return written


if __name__ == "__main__":  # (the build hook: python _po.py PACKAGE_DIR)
    for path in compile_tree(Path(sys.argv[1])):
        print(path)
