"""Suite-wide settings: markers, Hypothesis's example database and the deck cache (not a test
module itself).

The suite runs on every core with pytest-xdist (``-n auto``) and one process without it; no
test depends on another or on their order, and tests that write files write under ``tmp_path``.
Hypothesis's example database (``.hypothesis/``) is shared by the workers: it writes each example
to a temporary file and renames it into place, so workers never see half-written entries. On CI
(``CI`` set, a fresh clone) there is nothing to replay, so no database is kept.

The cache of compiled decks (``wingspan_rules.deckcache``) is off for the suite and the
programs it runs, so every deck a test loads is compiled from its text and nothing is written
to the user's cache directory; tests/test_deckcache.py turns it on under ``tmp_path``.
Whatever the machine's locale, the suite runs in English (``LANGUAGE=en``) unless a test asks
for another language.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

os.environ.setdefault("WINGSPAN_NO_CACHE", "1")
# The command line speaks the environment's language (LANGUAGE, LANG, ...): the tests and the
# programs they run expect English unless they ask for another (--lang, lang=), whatever the
# machine's locale.  (LANGUAGE comes first where the locale names a language; under "C" the
# library speaks English anyway.)
os.environ["LANGUAGE"] = "en"

settings.register_profile("ci", database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A soak test is a slow test too, so ``-m "not slow"`` leaves it out."""
    for item in items:
        if item.get_closest_marker("soak") is not None and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
