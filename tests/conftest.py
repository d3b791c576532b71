"""Suite-wide settings: markers and Hypothesis's example database (not a test module itself).

The suite runs on every core with pytest-xdist (``-n auto``) and one process without it; no
test depends on another or on their order, and tests that write files write under ``tmp_path``.
Hypothesis's example database (``.hypothesis/``) is shared by the workers: it writes each example
to a temporary file and renames it into place, so workers never see half-written entries. On CI
(``CI`` set, a fresh clone) there is nothing to replay, so no database is kept.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A soak test is a slow test too, so ``-m "not slow"`` leaves it out."""
    for item in items:
        if item.get_closest_marker("soak") is not None and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
