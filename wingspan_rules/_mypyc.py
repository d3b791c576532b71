"""What the compiled core needs from mypyc at build time, and nothing at run time.

``mypyc_attr(allow_interpreted_subclasses=True)`` marks a class that mypyc compiles (a ruleset,
a handler, a world part) as one that classes written in Python may subclass: a variant of a
ruleset, a power family defined outside the package.  mypyc reads the decorator when it
compiles; when running, it is ``mypy_extensions``' own (which does nothing) or, where that
package is not installed, the no-op below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # (not installed: the pure-Python package needs none of it)

        def mypyc_attr(*_flags: Any, **_settings: Any) -> Any:
            return lambda cls: cls


__all__ = ["mypyc_attr"]
