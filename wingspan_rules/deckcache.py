"""The shipped decks compiled once, kept on disk, so that a fresh process loads one in milliseconds.

Why: compiling a shipped deck from its card text reads every card (some 40 ms for classic),
and first needs the card language's parser, while a program that plays only needs the compiled
``CardSet``.  ``cached`` keeps that result as a pickle in the user's cache directory
(``$XDG_CACHE_HOME/wingspan_rules``, else ``~/.cache/wingspan_rules``) under a key hashed from
everything the result depends on: the card files' names and text, the grammar, the rule
system's words and power families, a fingerprint of the library's files (each one's name, size
and time of change: a new version, or one edited module, is never served an old deck) and the
Python version.

The parser's tables are kept here too (``load`` and ``keep``, called by ``dsl.parser``) when the
package ships none for the grammar (an editable checkout; a grammar grown by a family from
outside): Lark's LALR analysis of the grammar takes about 200 ms, loading its tables about 12.

An entry is trusted only when the key written in it is the key asked for and the hash written
in it is the hash of what follows; anything else (damage, a half-written file, an entry of
another version, a pickle that no longer loads) is ignored and written again.  A cache
directory that cannot be made or written is passed over without a word: the deck is compiled
as it always was.  ``WINGSPAN_NO_CACHE=1`` turns the cache off.  The same layout of an entry
(``entry_bytes``, ``entry_value``) is that of the parser tables shipped in the wheel.

The entry is a pickle, which runs code when loaded: whoever can write the user's cache
directory can already run code as that user, and the hash only detects damage.  This module
imports nothing of the package (the caller says what it stores), and no parser.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

FORMAT = b"wingspan_rules deck cache 1\n"  # (changed when the layout of an entry changes)
KEPT = 4  # entries kept per deck (two installed versions sharing a cache do not keep evicting each other)
_PACKAGE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """Where entries are kept; None when ``WINGSPAN_NO_CACHE`` turns the cache off."""
    if os.environ.get("WINGSPAN_NO_CACHE", "") not in ("", "0"):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # (unset, or relative: the XDG rules say to ignore it)
        base = os.environ.get("LOCALAPPDATA", "") if os.name == "nt" else ""
        if not os.path.isabs(base):
            base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "wingspan_rules"


def code_fingerprint() -> str:
    """A hash of the name, size and time of change of every file of the installed package."""
    digest = hashlib.sha256()
    pending = [_PACKAGE]
    while pending:
        folder = pending.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name == "__pycache__":
                continue
            if entry.is_dir(follow_symlinks=False):
                pending.append(Path(entry.path))
                continue
            try:
                info = entry.stat()
            except OSError:
                continue
            digest.update(f"{os.path.relpath(entry.path, _PACKAGE)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def digest_of(parts: Iterable[str], head: bytes = b"") -> str:
    """A hash of ``head`` and of ``parts``, each part length-prefixed (so no two lists of parts
    share a hash)."""
    digest = hashlib.sha256(head)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        digest.update(b"%d:" % len(data))
        digest.update(data)
    return digest.hexdigest()


def key_of(parts: Iterable[str]) -> str:
    """The key of an entry: a hash of ``parts``, of this cache's format and of the Python
    running it."""
    return digest_of((sys.version, sys.implementation.cache_tag or "", *parts), FORMAT)


def cached(deck: str, parts: Iterable[str], make: Callable[[], T], kind: type[T]) -> T:
    """The value ``make()`` gives, from the cache when an entry of ``kind`` is kept under the
    key of ``parts``, else made and kept.  ``deck`` names the entry's file (a deck's older
    entries beyond ``KEPT`` are removed)."""
    place = _place(deck, parts)
    if place is None:
        return make()
    folder, path, key = place
    found = _load(path, key)
    if isinstance(found, kind):
        return found
    value = make()
    _store(folder, path, key, value, deck)
    return value


def load(name: str, parts: Iterable[str]) -> object | None:
    """The object kept under the key of ``parts`` among ``name``'s entries; None when the cache
    is off or holds no entry to trust."""
    place = _place(name, parts)
    return None if place is None else _load(place[1], place[2])


def keep(name: str, parts: Iterable[str], make: Callable[[], object]) -> None:
    """Keep what ``make()`` gives under the key of ``parts`` among ``name``'s entries (``make``
    is not called when the cache is off)."""
    place = _place(name, parts)
    if place is not None:
        folder, path, key = place
        _store(folder, path, key, make(), name)


def _place(name: str, parts: Iterable[str]) -> tuple[Path, Path, str] | None:
    """The folder, file and key of an entry (None: the cache is off)."""
    folder = cache_dir()
    if folder is None:
        return None
    key = key_of(parts)
    return folder, folder / f"{name}-{key[:32]}.pickle", key


def entry_bytes(key: str, value: object) -> bytes:
    """An entry as written: this format, ``key``, the hash of the pickle of ``value``, then
    the pickle.  Raises what pickling raises."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return FORMAT + key.encode() + b"\n" + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def entry_value(data: bytes, key: str) -> object | None:
    """The object an entry holds, when it is whole and written under ``key``; else None."""
    head = FORMAT + key.encode() + b"\n"
    if not data.startswith(head):
        return None
    digest, newline, payload = data[len(head) :].partition(b"\n")
    if not newline or digest != hashlib.sha256(payload).hexdigest().encode():
        return None
    try:
        found: object = pickle.loads(payload)
    except Exception:  # (an entry that passed the hash yet does not load: written by other code)
        return None
    return found


def _load(path: Path, key: str) -> object | None:
    """The object kept in ``path`` under ``key``, or None (no entry, or one not to be trusted)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return entry_value(data, key)


def _store(folder: Path, path: Path, key: str, value: object, deck: str) -> None:
    """Write an entry (whole, or not at all: another process may be reading), then remove the
    deck's entries beyond ``KEPT``, oldest first.  Any failure leaves the cache as it was."""
    try:
        data = entry_bytes(key, value)
    except Exception:  # (a value that cannot be pickled is simply not kept)
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{deck}-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        others = sorted(folder.glob(f"{deck}-*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in others[KEPT:]:
            old.unlink(missing_ok=True)
    except OSError:
        return
