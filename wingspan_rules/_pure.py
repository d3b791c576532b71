"""``WINGSPAN_PURE_PYTHON=1``: run the package as pure Python even where it was installed compiled.

A compiled wheel holds each compiled module twice: its C extension and its Python source.  Python's
import system prefers the extension; with the variable set, ``install`` puts a finder first on
``sys.meta_path`` that finds this package's modules among their sources alone.  It must run
before any of the package's submodules is imported (``wingspan_rules/__init__.py`` runs it first).
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

_LOADERS = (
    (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
    (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
)


class SourcesOnly:
    """A meta-path finder for the modules of one package, from their Python files only."""

    def __init__(self, package: str) -> None:
        self.prefix = package + "."

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith(self.prefix) or not path:
            return None
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *_LOADERS).find_spec(name, target)
            if spec is not None:
                return spec
        return None

    def invalidate_caches(self) -> None:
        pass


def install(package: str) -> None:
    """Find ``package``'s submodules among their sources from now on (once)."""
    if not any(isinstance(f, SourcesOnly) and f.prefix == package + "." for f in sys.meta_path):
        sys.meta_path.insert(0, SourcesOnly(package))
