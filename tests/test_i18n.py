"""The languages: the catalogs (complete, same fields as the English, compiled as gettext reads
them), the current language and the ``lang`` choices of the API and the command line."""

from __future__ import annotations

import gettext
import io
import re
import string
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import wingspan_rules
from wingspan_rules import _po, i18n
from wingspan_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "wingspan_rules" / "locale" / "es" / "LC_MESSAGES" / "wingspan_rules.po"


_PERCENT = re.compile(r"%(?:\((\w+)\))?([sdr])")  # (argparse's messages are worded with %)


def _fields(text: str) -> set[str]:
    if _PERCENT.search(text):
        return {f"%({name}){kind}" if name else f"%{kind}" for name, kind in _PERCENT.findall(text)}
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _entries() -> list[_po.Entry]:
    return [e for e in _po.read_po(PO) if e.msgid]


def test_every_text_has_a_spanish_translation() -> None:
    untranslated = [e.msgid for e in _entries() if not e.translated]
    assert not untranslated, f"{len(untranslated)} texts have no Spanish (or a fuzzy one), e.g. {untranslated[:5]}"


def test_every_translation_has_the_fields_of_its_english() -> None:
    wrong = []
    for e in _entries():
        if not e.translated:
            continue  # (the test above)
        english = [e.msgid] if e.plural is None else [e.msgid, e.plural]
        wanted = set().union(*(_fields(t) for t in english))
        for form in e.strings:
            # a plural's singular may leave out the count ("un huevo" for "{n} egg"), never add one
            got = _fields(form)
            if got - wanted or (e.plural is None and got != wanted) or (e.plural is not None and form is e.strings[-1] and got != wanted):
                wrong.append((e.msgid, form))
    assert not wrong, f"translations whose fields differ from the English: {wrong[:5]}"


def test_the_plural_entries_have_spanish_two_forms() -> None:
    header = next(e for e in _po.read_po(PO) if not e.msgid).strings[0]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
    assert all(len(e.strings) == 2 for e in _entries() if e.plural is not None)


def test_the_template_holds_every_marked_text() -> None:
    pytest.importorskip("babel")
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "gen_catalogs.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_catalog_compiles_to_a_mo_file_that_gettext_reads_as_babel_reads_the_po() -> None:
    babel_pofile = pytest.importorskip("babel.messages.pofile")
    with PO.open("rb") as f:
        catalog = babel_pofile.read_po(f)
    compiled = gettext.GNUTranslations(io.BytesIO(_po.mo_bytes(_po.read_po(PO))))
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        context = message.context
        if isinstance(message.id, str):
            if message.string:
                found = compiled.gettext(message.id) if context is None else compiled.pgettext(context, message.id)
                assert found == message.string
        elif all(message.string):
            for n, form in ((1, message.string[0]), (2, message.string[1])):
                if context is None:
                    assert compiled.ngettext(message.id[0], message.id[1], n) == form
                else:
                    assert compiled.npgettext(context, message.id[0], message.id[1], n) == form


@pytest.mark.parametrize(
    "text, why",
    [
        ('msgid "a"\n', "no msgstr"),
        ('msgstr "a"\n', "without a msgid"),
        ('msgid "a\nmsgstr "b"\n', "double quotes"),
        ('msgid "a"\nmsgid "b"\nmsgstr ""\n', "twice"),
        ('msgid "a"\nmsgstr "b"\nbogus "c"\n', "unknown keyword"),
        ('"a"\n', "nothing to continue"),
        ('msgid "\\q"\nmsgstr ""\n', None),
    ],
)
def test_a_broken_po_file_is_refused_with_its_line(text: str, why: str | None) -> None:
    if why is None:  # (an unknown escape reads as Python reads it: kept)
        _po.parse_po(text)
        return
    with pytest.raises(_po.PoError, match=why) as err:
        _po.parse_po(text, "x.po")
    assert re.match(r"x\.po:\d+: ", str(err.value))


# ---- choosing the language -----------------------------------------------------------------


@pytest.mark.parametrize("name, code", [("es", "es"), ("ES", "es"), ("es_ES.UTF-8", "es"), ("es-MX", "es"), ("es_AR@euro", "es"), ("en_GB", "en"), ("C", "en"), ("POSIX", "en")])
def test_a_language_is_named_as_locales_name_it(name: str, code: str) -> None:
    assert i18n.normalize(name) == code


@pytest.mark.parametrize("name", ["fr", "", "xx_YY", "klingon"])
def test_a_language_the_library_does_not_speak_is_refused(name: str) -> None:
    with pytest.raises(i18n.LanguageError, match="the languages are en, es"):
        i18n.normalize(name)


@pytest.mark.parametrize(
    "environ, code",
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "es"}, "es"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:es:en"}, "es"),
        ({"LANG": "C", "LANGUAGE": "es"}, "en"),  # (gettext: LANGUAGE counts only with a locale set)
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LC_MESSAGES": "es_MX", "LANG": "en_US"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_command_line_reads_the_language_from_the_environment_as_gettext_does(environ: dict[str, str], code: str) -> None:
    assert i18n.from_environment(environ) == code


def test_the_current_language_belongs_to_its_thread() -> None:
    seen: list[str] = []
    with i18n.language("es"):
        worker = threading.Thread(target=lambda: seen.append(i18n.current()))
        worker.start()
        worker.join()
        assert i18n.current() == "es"
    assert seen == ["en"] and i18n.current() == "en"


def _illegal(game: wingspan_rules.Game) -> wingspan_rules.Action:
    """An action of the game's deck that is not legal now."""
    legal = set(game.legal_actions())
    return next(a for a in reversed(game.action_space()) if a not in legal)


def test_a_game_speaks_its_language_and_a_call_its_own() -> None:
    game = wingspan_rules.new_game("pocket", players=3, seed=7, lang="es")
    english = wingspan_rules.new_game("pocket", players=3, seed=7)
    wrong = _illegal(game)
    assert game.lang == "es" and english.lang is None
    assert game.check(wrong).violations[0].message != english.check(wrong).violations[0].message
    assert game.check(wrong, lang="en") == english.check(wrong)
    assert str(game.check(wrong)).startswith("ilegal")
    with wingspan_rules.language("es"):
        assert str(english.check(wrong)).startswith("ilegal")  # (no language of its own: the block's)
        assert str(game.check(wrong, lang="en")).startswith("illegal")
    assert game.copy().lang == "es"
    game.lang = "en"
    assert str(game.check(wrong)).startswith("illegal")
    with pytest.raises(i18n.LanguageError):
        game.lang = "fr"


def test_a_verdict_prints_in_the_language_it_was_worded_in() -> None:
    game = wingspan_rules.new_game("pocket", players=3, seed=7)
    wrong = _illegal(game)
    verdict = game.check(wrong, lang="es")
    assert verdict.lang == "es" and str(verdict).startswith("ilegal")
    with pytest.raises(wingspan_rules.IllegalAction, match="^acción ilegal"):
        wingspan_rules.new_game("pocket", players=3, seed=7, lang="es").apply(wrong)


def test_a_rule_reads_in_spanish() -> None:
    rule = wingspan_rules.CATALOG["core.game-over"]
    assert rule.summary_in("en") == rule.summary
    assert rule.summary_in("es") != rule.summary
    assert rule.cite("en") == rule.source
    with wingspan_rules.language("es"):
        assert rule.summary_in() == rule.summary_in("es")


def test_the_command_line_takes_lang_anywhere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--prefix", "core.game-over", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert main(["--lang=en", "rules", "--prefix", "core.game-over"]) == 0
    assert capsys.readouterr().out != spanish
    assert main(["--lang", "fr", "rules"]) == 2
    assert "the languages are en, es" in capsys.readouterr().err


def test_the_command_line_speaks_the_language_of_the_environment(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["rules", "--prefix", "core.game-over"]) == 0
    assert "fuente:" in capsys.readouterr().out
    assert main(["--lang", "en", "rules", "--prefix", "core.game-over"]) == 0  # (--lang wins)
    assert "source:" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LANGUAGE", "es")  # (gettext: LANGUAGE counts only with a locale set)
    assert main(["rules", "--prefix", "core.game-over"]) == 0
    assert "source:" in capsys.readouterr().out


def test_an_installed_package_reads_the_catalogs_compiled_into_its_wheel() -> None:
    """A wheel ships each catalog compiled (``.mo``, written by the build hook from the ``.po``);
    the package reads that file, and it holds what the ``.po`` says."""
    package = Path(wingspan_rules.__file__).resolve().parent
    if not (package / "grammar" / "wingspan.lark").is_file():
        pytest.skip(f"a checkout ({package}): the catalogs are compiled when a wheel is built (CI runs this against `pip install .`)")
    mo = package / "locale" / "es" / "LC_MESSAGES" / "wingspan_rules.mo"
    assert mo.is_file()
    shipped = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    po = package / "locale" / "es" / "LC_MESSAGES" / "wingspan_rules.po"
    for entry in _po.read_po(po):
        if entry.msgid and entry.translated and entry.plural is None and entry.context is None:
            assert shipped.gettext(entry.msgid) == entry.strings[0]


def test_the_command_line_words_argparse_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own usage line, headings and errors follow ``--lang``; argparse is given back
    its own words afterwards."""
    import argparse

    from wingspan_rules.cli import ARGPARSE_MESSAGES, argparse_counted

    assert main(["--lang", "es", "play", "--players", "x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: wingspan-rules play") and "error: argumento --players: valor int no válido: 'x'" in err
    assert main(["--lang", "es", "check"]) == 2
    assert "faltan estos argumentos, que son obligatorios" in capsys.readouterr().err
    assert main(["--lang", "es", "--help"]) == 0
    out = capsys.readouterr().out
    assert "argumentos posicionales:" in out and "opciones:" in out and "muestra esta ayuda y sale" in out
    assert "muestra la versión del programa y sale" in out
    with pytest.raises(SystemExit):
        argparse.ArgumentParser(prog="other").parse_args(["--nope"])
    assert "other: error: unrecognized arguments: --nope" in capsys.readouterr().err
    with wingspan_rules.language("es"):
        assert all(i18n._(m) != m or m == "%(prog)s: error: %(message)s\n" for m in ARGPARSE_MESSAGES)
        assert argparse_counted(2) == "se esperaban 2 argumentos"


def test_every_turn_action_of_every_ruleset_has_its_words_and_another_is_refused() -> None:
    from wingspan_rules.classic.rules import ClassicRules
    from wingspan_rules.oceania.rules import OceaniaRules
    from wingspan_rules.pocket.rules import PocketRules
    from wingspan_rules.prompts import action_label

    for rules in (PocketRules, ClassicRules, OceaniaRules):
        for name in rules.action_names:
            with wingspan_rules.language("es"):
                assert action_label(name) != name, (rules.__name__, name)
            assert action_label(name) == name  # (the English keeps the name as the player types it)
    with pytest.raises(KeyError, match="no words for the turn action 'fly'"):
        action_label("fly")
