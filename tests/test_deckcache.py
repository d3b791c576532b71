"""The cache of compiled shipped decks (``wingspan_rules.deckcache``): a deck loaded from it is
the deck compiled from its text, down to each card's syntax tree; an entry is used only for
the very text, grammar and code it was compiled from; a damaged, stale or foreign entry is
ignored and written again; a cache directory that cannot be written changes nothing but speed.

The suite runs with the cache off (conftest.py); these tests turn it on in a directory of
their own.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest

from wingspan_rules import cards, deckcache
from wingspan_rules.cards import RULESETS_WITH_CARDS, VOCABULARIES, CardSet, compile_sources, ruleset_text, shipped_deck


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache on, kept under ``tmp_path``; the folder its entries go in."""
    monkeypatch.delenv("WINGSPAN_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "wingspan_rules"


class Compilations:
    """Counts the decks compiled from text (``compile_sources``) while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = cards.compile_sources

        def counted(*args: Any, **kwargs: Any) -> CardSet:
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(cards, "compile_sources", counted)


def everything(deck: CardSet) -> dict[str, Any]:
    """Every field of a deck, those its equality leaves out included (each card's syntax tree,
    the index by name)."""
    return attrs.asdict(deck)  # (collections keep their types)


def entries(folder: Path) -> list[Path]:
    """The decks' entries (not the parser's tables, kept there too when a test builds the parser)."""
    return sorted(p for p in folder.glob("*.pickle") if not p.name.startswith("parser-"))


@pytest.mark.parametrize("decks", [(r,) for r in RULESETS_WITH_CARDS] + [("classic", "oceania")])
def test_a_cached_deck_is_the_deck_compiled_from_text(decks: tuple[str, ...], cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vocabulary = VOCABULARIES[decks[-1]]
    compiled = compile_sources([s for d in decks for s in ruleset_text(d)], vocabulary)
    shipped_deck(decks, vocabulary)  # compiled, and kept
    counter = Compilations(monkeypatch)
    loaded = shipped_deck(decks, vocabulary)
    assert counter.count == 0  # (read from the cache)
    assert loaded == compiled
    assert everything(loaded) == everything(compiled)
    assert all(loaded.by_name[c.name] is c for c in loaded.cards)
    assert [c.dsl for c in loaded.cards] == [c.dsl for c in compiled.cards]


def test_a_deck_is_compiled_once_then_read(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counter = Compilations(monkeypatch)
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 1 and len(entries(cache)) == 1
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 1


def test_other_card_text_is_another_entry(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    real = cards.ruleset_text
    monkeypatch.setattr(cards, "ruleset_text", lambda r: [(name, text.replace('card "', 'card "New ', 1)) for name, text in real(r)])
    counter = Compilations(monkeypatch)
    changed = shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 1
    assert changed.cards[0].name.startswith("New ")
    assert len(entries(cache)) == 2


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # half written
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # one bit of the payload
        lambda data: b"garbage",
        lambda data: b"",
        lambda data: data.replace(b"deck cache 1", b"deck cache 0", 1),  # another format
    ],
)
def test_a_damaged_entry_is_ignored_and_written_again(damage: Any, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = shipped_deck(("pocket",), VOCABULARIES["pocket"])
    (path,) = entries(cache)
    good = path.read_bytes()
    path.write_bytes(damage(good))
    counter = Compilations(monkeypatch)
    again = shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 1 and everything(again) == everything(first)
    assert path.read_bytes() == good  # rewritten whole


def test_an_entry_under_another_key_is_not_trusted(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file at the right name whose key (written inside) is another's: stale, not used."""
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    (path,) = entries(cache)
    payload = pickle.dumps(compile_sources(ruleset_text("pocket")[:1], VOCABULARIES["pocket"]))
    digest = deckcache.hashlib.sha256(payload).hexdigest().encode()
    path.write_bytes(deckcache.FORMAT + b"0" * 64 + b"\n" + digest + b"\n" + payload)
    counter = Compilations(monkeypatch)
    deck = shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 1 and len(deck.goals) > 0


def test_an_entry_that_hashes_right_but_does_not_load_is_ignored(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry whole and under the right key, of another type or whose pickle names code that
    is gone, is compiled again."""
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    (path,) = entries(cache)
    head = path.read_bytes().split(b"\n")[:2]
    for payload in (pickle.dumps({"not": "a deck"}), b"\x80\x05cno_such_module\nThing\n."):
        digest = deckcache.hashlib.sha256(payload).hexdigest().encode()
        path.write_bytes(b"\n".join(head) + b"\n" + digest + b"\n" + payload)
        counter = Compilations(monkeypatch)
        assert isinstance(shipped_deck(("pocket",), VOCABULARIES["pocket"]), CardSet)
        assert counter.count == 1


def test_an_unwritable_cache_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.delenv("WINGSPAN_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # (its wingspan_rules folder cannot be made)
    counter = Compilations(monkeypatch)
    first = shipped_deck(("pocket",), VOCABULARIES["pocket"])
    second = shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 2 and everything(first) == everything(second)
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions do not bind root")
def test_a_read_only_cache_folder_changes_nothing(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache.mkdir(parents=True)
    cache.chmod(0o500)
    try:
        counter = Compilations(monkeypatch)
        shipped_deck(("pocket",), VOCABULARIES["pocket"])
        assert counter.count == 1 and entries(cache) == []
    finally:
        cache.chmod(0o700)


def test_the_cache_can_be_turned_off(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WINGSPAN_NO_CACHE", "1")
    counter = Compilations(monkeypatch)
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    shipped_deck(("pocket",), VOCABULARIES["pocket"])
    assert counter.count == 2 and not cache.exists()


def test_the_cache_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WINGSPAN_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert deckcache.cache_dir() == tmp_path / "wingspan_rules"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # (ignored, as the XDG rules say)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if os.name != "nt":
        assert deckcache.cache_dir() == tmp_path / "home" / ".cache" / "wingspan_rules"


def test_old_entries_of_a_deck_are_removed(cache: Path) -> None:
    for i in range(deckcache.KEPT + 3):
        deckcache.cached("deck", [str(i)], lambda i=i: i, int)
    assert len(list(cache.glob("deck-*.pickle"))) == deckcache.KEPT
    assert deckcache.cached("deck", [str(deckcache.KEPT + 2)], lambda: -1, int) == deckcache.KEPT + 2  # the newest kept


def test_the_code_fingerprint_follows_every_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "package"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    (package / "sub" / "b.py").write_text("y = 2\n")
    monkeypatch.setattr(deckcache, "_PACKAGE", package)
    first = deckcache.code_fingerprint()
    assert deckcache.code_fingerprint() == first
    (package / "sub" / "b.py").write_text("y = 20\n")
    second = deckcache.code_fingerprint()
    assert second != first
    (package / "c.so").write_bytes(b"\0")
    assert deckcache.code_fingerprint() not in (first, second)


def test_keys_do_not_run_parts_together() -> None:
    assert deckcache.key_of(["ab", "c"]) != deckcache.key_of(["a", "bc"])
    assert deckcache.key_of(["a"]) == deckcache.key_of(["a"])
