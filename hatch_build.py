"""The wheel's build hook: the rules core compiled with mypyc where it can be, pure Python where not,
and the card language's parser tables made for the wheel either way.

``pip install .`` (or ``python -m build``) runs this hook when it builds a wheel.  It compiles the
modules listed under ``[tool.hatch.build.targets.wheel.hooks.custom] compiled`` in
pyproject.toml with mypyc, the compiler that turns type-annotated Python into C extensions (it
ships with mypy), and puts the extensions into the wheel beside the Python sources.  Where it
cannot (no C compiler on PATH, no Python headers, or ``WINGSPAN_PURE_PYTHON=1`` at build time),
it says why and the wheel is the same code as pure Python.  ``WINGSPAN_COMPILED=1`` makes a
failed compile an error instead (CI sets it, so a build that should be compiled never quietly
is not).  Editable installs (``pip install -e .``) are never compiled: they run the sources as
they are edited.

In every wheel, compiled or not, the hook also ships the analysed parser of the card language
(``wingspan_rules/grammar/wingspan.lark.tables``, see ``wingspan_rules.dsl.parser``), so that the
first deck loaded need not wait for Lark's analysis of the grammar.  The tables are written by the
package itself (``parser.write_tables``) in a separate Python of the build environment, so they
are made by the Lark the build has.  Where that fails the hook says why and the wheel goes
without them (the parser is then built when first needed, as in a checkout).

It also compiles the translations' catalogs (``wingspan_rules/locale/<lang>/LC_MESSAGES/*.po``,
docs/translating.md) into the ``.mo`` files the standard ``gettext`` module reads; a checkout
reads the ``.po`` files themselves.

All three work in a copy of the package (and of the grammar, where the wheel puts it) in a temporary
directory, so the source tree never holds a built file; the temporary directory goes once the
wheel is written.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = "wingspan_rules"
# what writing the parser tables needs in the build environment beyond hatchling: the run-time
# dependencies (the package is imported to write them, and Lark analyses the grammar)
RUN_REQUIRES = ["lark>=1.1", "attrs>=23.1", "cattrs>=23.1", "typing-extensions>=4.12"]
# what the compile needs besides: mypyc (in mypy, the minor version the compiled modules are
# written for), setuptools (mypyc builds C extensions with it); mypy reads the run-time
# dependencies' types
COMPILE_REQUIRES = ["mypy>=2.4,<2.5", "setuptools>=68", *RUN_REQUIRES]
TABLES = f"{PACKAGE}/grammar/wingspan.lark.tables"  # (``parser.TABLES_FILE``, in the wheel)
WRITE_TABLES = f"import sys; from {PACKAGE}.dsl.parser import write_tables; write_tables(sys.argv[1])"

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="{package}-core", packages=[], ext_modules=mypycify({args!r}, opt_level="3", group_name="{package}"))
"""


def why_pure() -> str | None:
    """Why this build cannot compile (None: it can)."""
    if os.environ.get("WINGSPAN_PURE_PYTHON") == "1":
        return "WINGSPAN_PURE_PYTHON=1"
    if sys.implementation.name != "cpython":
        return f"mypyc compiles for CPython, not {sys.implementation.name}"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ('{compiler}') on PATH"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h) for this interpreter"
    return None


class CompiledCore(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if self.target_name != "wheel":
            return []
        return COMPILE_REQUIRES if why_pure() is None else RUN_REQUIRES

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._work: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        work = tempfile.mkdtemp(prefix="wingspan-build-")
        self._work = work
        try:
            shutil.copytree(Path(self.root) / PACKAGE, Path(work) / PACKAGE, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
            shutil.copytree(Path(self.root) / "grammar", Path(work) / PACKAGE / "grammar")  # (where the wheel puts it)
            self._tables(work, build_data)
            self._catalogs(work, build_data)
            self._compile(work, build_data)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)  # (no finalize follows a failed initialize)
            self._work = None
            raise

    def _compile(self, work: str, build_data: dict[str, Any]) -> None:
        """Compile the listed modules in the copy and put the extensions into the wheel, or say
        why the wheel is pure Python."""
        reason = why_pure()
        if reason is not None:
            self._pure(reason)
            return
        modules: list[str] = self.config["compiled"]
        (Path(work) / "setup.py").write_text(SETUP.format(package=PACKAGE, args=["--strict", *modules]))
        self.app.display_info(f"compiling {len(modules)} modules of {PACKAGE} with mypyc (a few minutes)")
        done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).splitlines()[-30:])
            if os.environ.get("WINGSPAN_COMPILED") == "1":
                raise RuntimeError(f"mypyc could not compile {PACKAGE} (WINGSPAN_COMPILED=1 asks for it):\n{tail}")
            self._pure(f"mypyc failed:\n{tail}")
            return
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        # the extensions built in place: one per module beside its source, and the shared library
        # of their common code at the top (setuptools' own copies under build/ are left out)
        built = sorted([*(Path(work) / PACKAGE).rglob(f"*{suffix}"), *Path(work).glob(f"{PACKAGE}__mypyc*{suffix}")])
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"compiled: {len(built)} extension modules")

    def _tables(self, work: str, build_data: dict[str, Any]) -> None:
        """Write the parser tables with the package's own ``write_tables``, run on the copy by the
        build's Python, into the wheel; where that fails, say why and ship none."""
        path = Path(work) / TABLES
        # the copy first on the path; the build environment's own entries (pip's isolated
        # environment puts its packages there) kept after it
        search = [work, os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [work]
        env = os.environ | {"PYTHONPATH": os.pathsep.join(search), "PYTHONDONTWRITEBYTECODE": "1", "WINGSPAN_NO_CACHE": "1"}
        done = subprocess.run([sys.executable, "-c", WRITE_TABLES, str(path)], cwd=work, env=env, capture_output=True, text=True)
        if done.returncode != 0 or not path.is_file():
            tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
            self.app.display_warning(f"the wheel ships no parser tables (the parser will be built when first needed): writing them failed:\n{tail}")
            return
        build_data["force_include"][str(path)] = TABLES
        self.app.display_info(f"parser tables written ({path.stat().st_size:,} bytes)")

    def _catalogs(self, work: str, build_data: dict[str, Any]) -> None:
        """Compile the translations' catalogs (``locale/*/LC_MESSAGES/*.po``) into the ``.mo``
        files the standard ``gettext`` reads, with the package's own compiler (``_po``, the
        standard library only), into the wheel."""
        done = subprocess.run([sys.executable, str(Path(work) / PACKAGE / "_po.py"), str(Path(work) / PACKAGE)], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"the translations' catalogs do not compile:\n{done.stdout}{done.stderr}")
        written = [Path(line) for line in done.stdout.splitlines() if line.strip()]
        for path in written:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        self.app.display_info(f"translations compiled: {', '.join(p.parent.parent.name for p in written)}")

    def _pure(self, reason: str) -> None:
        if os.environ.get("WINGSPAN_COMPILED") == "1" and os.environ.get("WINGSPAN_PURE_PYTHON") != "1":
            raise RuntimeError(f"{PACKAGE} cannot be compiled here ({reason}), and WINGSPAN_COMPILED=1 asks for it")
        self.app.display_warning(f"building {PACKAGE} as pure Python: {reason}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_work", None):
            shutil.rmtree(str(self._work), ignore_errors=True)
