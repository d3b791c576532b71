"""Keeping an old name working, with a warning, for one minor version after it is renamed.

The project's promise (docs/stability.md): a public name that is renamed or goes away keeps
working for at least one minor version, each use raising a ``DeprecationWarning`` (a
``WingspanDeprecationWarning``) that names what to use instead and the version it goes in; the
CHANGELOG lists it under "Deprecated" when it happens and under "Removed" when it goes.

Each helper points the warning at the line that used the old name (``stacklevel``), so that
``python -W error::DeprecationWarning`` and pytest's warning summary name the caller's file and
line, not this module's::

    # a module attribute: old_name still reads new_name
    __getattr__ = deprecation.module_getattr(__name__, {"old_name": deprecation.Renamed("new_name", since="0.2")})

    # a function or a method kept under its old name
    old_function = deprecation.renamed_function(new_function, "old_function", since="0.2")

    class Game:
        old_method = deprecation.alias("new_method", since="0.2")  # a method, property or attribute

    # a keyword argument renamed
    @deprecation.renamed_keywords(since="0.2", seat="player")
    def view(player: int) -> None: ...

``removal_version(since)`` is the version an old name goes in: the next minor version while the
major version is 0 (0.2 -> 0.3), the next major version after that (1.4 -> 2.0), as semantic
versioning allows only a major version (or, before 1.0, a minor one) to remove a name.

Deprecation warnings are for the programmer using the library, so they are in English, like
Python's own errors of a wrong call.
"""

from __future__ import annotations

import functools
import re
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, ParamSpec, TypeVar

__all__ = [
    "Renamed",
    "WingspanDeprecationWarning",
    "alias",
    "module_getattr",
    "removal_version",
    "renamed_function",
    "renamed_keywords",
    "warn",
]

P = ParamSpec("P")
R = TypeVar("R")

_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.\d+)?")


class WingspanDeprecationWarning(DeprecationWarning):
    """A deprecated name of wingspan_rules was used: ``old``, ``new`` (what to use instead)
    and ``removed_in`` (the version that no longer has ``old``)."""

    def __init__(self, old: str, new: str, since: str, removed_in: str):
        super().__init__(f"{old} is deprecated since wingspan-rules {since} and goes in {removed_in}: use {new} instead")
        self.old = old
        self.new = new
        self.since = since
        self.removed_in = removed_in


def removal_version(since: str) -> str:
    """The version a name deprecated in version ``since`` goes in: "0.2" -> "0.3", "1.4" -> "2.0"."""
    found = _VERSION.fullmatch(since)
    if found is None:
        raise ValueError(f"a version is MAJOR.MINOR or MAJOR.MINOR.PATCH, such as '0.2', not {since!r}")
    major, minor = int(found.group(1)), int(found.group(2))
    return f"0.{minor + 1}" if major == 0 else f"{major + 1}.0"


def warn(old: str, new: str, since: str, removed_in: str | None = None, stacklevel: int = 2) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``.  ``stacklevel`` counts as
    ``warnings.warn``'s does from the function calling ``warn`` (2: the line that called it)."""
    warning = WingspanDeprecationWarning(old, new, since, removed_in or removal_version(since))
    warnings.warn(warning, stacklevel=stacklevel + 1)


class Renamed(NamedTuple):
    """What a deprecated module attribute became: the name it is now (in the same module), the
    version it was deprecated in and (default: ``removal_version(since)``) the version it goes in."""

    new: str
    since: str
    removed_in: str | None = None


def module_getattr(module: str, renamed: Mapping[str, Renamed]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that answers each old name of ``renamed`` with the value of its
    new name, warning; any other missing name raises ``AttributeError`` as usual.  Use it as
    ``__getattr__ = module_getattr(__name__, {...})`` at the end of the module."""
    table = dict(renamed)
    for entry in table.values():
        removal_version(entry.since)  # (a mistyped version fails at import, not at first use)

    def __getattr__(name: str) -> Any:
        entry = table.get(name)
        if entry is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warn(f"{module}.{name}", f"{module}.{entry.new}", entry.since, entry.removed_in)
        return getattr(sys.modules[module], entry.new)

    return __getattr__


def renamed_function(new: Callable[P, R], old: str, since: str, removed_in: str | None = None) -> Callable[P, R]:
    """``new`` under its old name ``old``: the same call, warning each time it is made."""
    new_name = getattr(new, "__qualname__", getattr(new, "__name__", repr(new)))
    module = getattr(new, "__module__", None)
    old_name = ".".join([*new_name.split(".")[:-1], old])
    prefix = f"{module}." if module else ""
    removal_version(since)

    @functools.wraps(new)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        warn(prefix + old_name, prefix + new_name, since, removed_in)
        return new(*args, **kwargs)

    wrapper.__name__ = old
    wrapper.__qualname__ = old_name
    wrapper.__doc__ = f"Deprecated since {since} (goes in {removed_in or removal_version(since)}): use ``{new_name}``."
    return wrapper


class alias:  # noqa: N801  (used as a class attribute, like ``property``)
    """A class attribute kept under its old name: reading it (a method, a property, an attribute
    of the instance or of the class) reads ``new``, and setting it sets ``new``, warning each time."""

    def __init__(self, new: str, since: str, removed_in: str | None = None):
        removal_version(since)
        self.new = new
        self.since = since
        self.removed_in = removed_in
        self.old = ""
        self.owner = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.old = name
        self.owner = f"{owner.__module__}.{owner.__qualname__}"

    def _warn(self) -> None:
        # (3: past _warn and __get__/__set__, the line that used the old name)
        warn(f"{self.owner}.{self.old}", f"{self.owner}.{self.new}", self.since, self.removed_in, stacklevel=3)

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        self._warn()
        return getattr(owner if instance is None else instance, self.new)

    def __set__(self, instance: object, value: Any) -> None:
        self._warn()
        setattr(instance, self.new, value)


def renamed_keywords(since: str, removed_in: str | None = None, **renamed: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator: each keyword argument named by a key of ``renamed`` (the old name) is passed
    on under its value (the new name), warning.  Giving both names is a ``TypeError``."""
    removal_version(since)

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        name = getattr(function, "__qualname__", "the function")
        module = getattr(function, "__module__", "")

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            for old, new in renamed.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{name}() got both {old}= and {new}= ({old}= is the old name of {new}=)")
                    warn(f"{module}.{name}({old}=)", f"{new}=", since, removed_in)
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return wrapper

    return decorate
