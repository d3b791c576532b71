"""The languages the library speaks to people: English, the words written in the code, and
Spanish, from a standard gettext catalog (``locale/es/LC_MESSAGES/wingspan_rules.po``).

Every text meant for a person is written in English in the code and marked for translation:
``_("...")`` where it is worded, ``N_("...")`` where it is only stored to be worded later (the
rules catalog's summaries), ``ngettext`` where it counts.  A template keeps its fields in braces
(``_("{card} is not in your hand").format(card=name)``), so a translation may put them in
another order; the tests hold every translation to the same fields as its English.

Which language a text is worded in is the *current language*: English unless a caller says
otherwise, with ``language("es")`` around a block of calls, with ``lang=`` on a call that words
something (``Game.check``, ``Rule.summary_in``, ...) or with ``lang=`` on a game (``new_game``,
``load``, ``setup``), which its own calls then use.  The current language is a context variable:
each thread and each asyncio task has its own.

Card and bird names are never translated: they stay as printed.
"""

from __future__ import annotations

import contextlib
import gettext
import io
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from functools import cache
from importlib import resources

from . import _po

LANGUAGES: tuple[str, ...] = ("en", "es")
"""The languages the library speaks, by their ISO 639-1 codes; English first (the default)."""

LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "es": "español"}
DOMAIN = "wingspan_rules"

_current: ContextVar[str] = ContextVar("wingspan_rules_language", default="en")


class LanguageError(ValueError):
    """A language the library does not speak (or a value that names no language)."""


def normalize(lang: str) -> str:
    """The code of the language ``lang`` names: "es", "ES", "es_ES.UTF-8", "es-MX" and
    "es_AR@euro" are all Spanish; "C" and "POSIX" (the locale of no language) are English.
    Raises ``LanguageError`` for a language the library does not speak."""
    if not isinstance(lang, str):
        raise LanguageError(f"a language is a code such as 'en' or 'es', not {type(lang).__name__}")
    code = lang.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return "en"
    if code not in LANGUAGES:
        raise LanguageError(f"no texts in {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return code


def from_environment(environ: Mapping[str, str]) -> str:
    """The language a command line should speak, read as gettext reads it: the first language
    of ``LANGUAGE`` (a list joined by ':') that the library speaks, unless the locale is "C";
    then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.  English when none names a language spoken here."""
    locale_name = next((environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k)), "")
    if locale_name not in ("C", "POSIX"):
        for choice in environ.get("LANGUAGE", "").split(":"):
            with contextlib.suppress(LanguageError):
                if choice:
                    return normalize(choice)
    with contextlib.suppress(LanguageError):
        if locale_name:
            return normalize(locale_name)
    return "en"


def current() -> str:
    """The current language (see the module's docstring)."""
    return _current.get()


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Word everything in ``lang`` inside the ``with`` block (None: leave the current language).

    ```python
    with wingspan_rules.language("es"):
        print(game.check("play Mallard"))
    ```
    """
    if lang is None:
        yield _current.get()
        return
    token = _current.set(normalize(lang))
    try:
        yield token.var.get()
    finally:
        _current.reset(token)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``: the ``.mo`` file a wheel ships, or, in a checkout, the ``.po``
    file read in memory.  English is the code's own words (no catalog)."""
    lang = normalize(lang)
    if lang == "en":
        return gettext.NullTranslations()
    folder = resources.files("wingspan_rules").joinpath("locale", lang, "LC_MESSAGES")
    mo = folder.joinpath(f"{DOMAIN}.mo")
    if mo.is_file():
        data = mo.read_bytes()
    else:
        po = folder.joinpath(f"{DOMAIN}.po")
        data = _po.mo_bytes(_po.parse_po(po.read_text(encoding="utf-8"), f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po"))
    return gettext.GNUTranslations(io.BytesIO(data))


def _(message: str) -> str:
    """``message`` in the current language."""
    lang = _current.get()
    return message if lang == "en" else translations(lang).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is only stored (worded later by ``translate``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n``, in the current language."""
    lang = _current.get()
    if lang == "en":
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``
    (a noun that is one word in English and two in Spanish)."""
    lang = _current.get()
    return message if lang == "en" else translations(lang).pgettext(context, message)


def translate(message: str, lang: str | None = None) -> str:
    """A stored message (one marked with ``N_``) in ``lang`` (None: the current language)."""
    lang = _current.get() if lang is None else normalize(lang)
    return message if lang == "en" else translations(lang).gettext(message)
