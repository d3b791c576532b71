"""The generated rules catalog in docs/ must match the code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_rules_doc_is_generated_from_the_catalog() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "gen_rules.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, "docs/rules.md is stale: run python docs/gen_rules.py\n" + result.stdout + result.stderr
