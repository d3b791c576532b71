"""The deprecation helper (wingspan_rules.deprecation, docs/stability.md): an old name keeps
working for one minor version, each use warning with the new name and the version it goes
in, the warning pointing at the line that used the old name."""

from __future__ import annotations

import inspect
import sys
import types
import warnings
from typing import Any

import pytest

from wingspan_rules import deprecation
from wingspan_rules.deprecation import Renamed, WingspanDeprecationWarning, alias, module_getattr, removal_version, renamed_function, renamed_keywords


def _line() -> int:
    """The line of the caller (where the next statement is)."""
    frame = inspect.currentframe()
    assert frame is not None and frame.f_back is not None
    return frame.f_back.f_lineno


def _only(caught: list[warnings.WarningMessage]) -> warnings.WarningMessage:
    assert len(caught) == 1, [str(w.message) for w in caught]
    return caught[0]


def test_a_name_goes_in_the_next_minor_version_before_1_0_and_the_next_major_after() -> None:
    assert removal_version("0.2") == "0.3"
    assert removal_version("0.2.5") == "0.3"
    assert removal_version("0.9") == "0.10"
    assert removal_version("1.4") == "2.0"
    with pytest.raises(ValueError, match="MAJOR.MINOR"):
        removal_version("two")


def test_the_warning_is_a_deprecation_warning_naming_old_new_and_the_version() -> None:
    warning = WingspanDeprecationWarning("old", "new", "0.2", "0.3")
    assert isinstance(warning, DeprecationWarning)
    assert str(warning) == "old is deprecated since wingspan-rules 0.2 and goes in 0.3: use new instead"
    assert (warning.old, warning.new, warning.since, warning.removed_in) == ("old", "new", "0.2", "0.3")


@pytest.fixture
def module() -> Any:
    """A module with a renamed attribute, as a module of the package would have it."""
    made = types.ModuleType("wingspan_fake_module")
    made.new_name = 42  # type: ignore[attr-defined]
    made.__getattr__ = module_getattr("wingspan_fake_module", {"old_name": Renamed("new_name", since="0.2")})  # type: ignore[method-assign]
    sys.modules["wingspan_fake_module"] = made
    yield made
    del sys.modules["wingspan_fake_module"]


def test_a_module_attribute_keeps_its_old_name_with_a_warning_at_the_callers_line(module: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = _line() + 1
        value = module.old_name
    assert value == 42
    found = _only(caught)
    assert found.category is WingspanDeprecationWarning
    assert str(found.message) == "wingspan_fake_module.old_name is deprecated since wingspan-rules 0.2 and goes in 0.3: use wingspan_fake_module.new_name instead"
    assert (found.filename, found.lineno) == (__file__, line)


def test_from_import_of_an_old_name_warns_at_the_import_line(module: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = _line() + 1
        from wingspan_fake_module import old_name  # type: ignore[import-not-found]
    assert old_name == 42
    assert (_only(caught).filename, _only(caught).lineno) == (__file__, line)


def test_a_name_never_defined_is_still_an_attribute_error(module: Any) -> None:
    with pytest.raises(AttributeError, match="has no attribute 'missing'"):
        _ = module.missing
    assert not hasattr(module, "missing")


def test_a_mistyped_version_fails_when_the_module_is_imported() -> None:
    with pytest.raises(ValueError):
        module_getattr("m", {"a": Renamed("b", since="soon")})


def new_function(a: int, b: int = 2) -> int:
    """Add."""
    return a + b


old_function = renamed_function(new_function, "old_function", since="0.2")


def test_a_renamed_function_works_under_its_old_name_with_a_warning_at_the_callers_line() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = _line() + 1
        result = old_function(1, b=5)
    assert result == 6
    found = _only(caught)
    assert (found.filename, found.lineno) == (__file__, line)
    assert str(found.message) == (
        f"{__name__}.old_function is deprecated since wingspan-rules 0.2 and goes in 0.3: use {__name__}.new_function instead"
    )
    assert old_function.__name__ == "old_function" and inspect.signature(old_function) == inspect.signature(new_function)


class Board:
    def __init__(self) -> None:
        self.size = 3

    def moves(self, n: int) -> list[int]:
        return list(range(n))

    @property
    def width(self) -> int:
        return self.size * 2

    legal_moves = alias("moves", since="0.2")
    breadth = alias("width", since="0.2", removed_in="0.4")
    length = alias("size", since="0.2")


def test_a_renamed_method_property_and_attribute_work_with_a_warning_at_the_callers_line() -> None:
    board = Board()
    line = _line() + 1
    reads = (lambda: board.legal_moves(2), lambda: board.breadth, lambda: board.length)
    for read, expected in zip(reads, ([0, 1], 6, 3), strict=True):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert read() == expected
        found = _only(caught)
        assert (found.filename, found.lineno) == (__file__, line)  # (the line the lambdas are on)
    with pytest.warns(WingspanDeprecationWarning, match=r"Board\.breadth is deprecated since wingspan-rules 0\.2 and goes in 0\.4: use .*Board\.width"):
        _ = board.breadth
    with pytest.warns(WingspanDeprecationWarning, match="Board.legal_moves"):
        assert Board.legal_moves is Board.moves  # (read on the class: the new function itself)


def test_setting_an_old_attribute_sets_the_new_one() -> None:
    board = Board()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = _line() + 1
        board.length = 7
    assert board.size == 7
    assert (_only(caught).filename, _only(caught).lineno) == (__file__, line)


@renamed_keywords(since="0.2", seat="player")
def view(player: int, hidden: bool = True) -> str:
    return f"{player} {hidden}"


def test_a_renamed_keyword_argument_works_with_a_warning_at_the_callers_line() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = _line() + 1
        result = view(seat=1, hidden=False)  # type: ignore[call-arg]
    assert result == "1 False"
    found = _only(caught)
    assert (found.filename, found.lineno) == (__file__, line)
    assert "view(seat=) is deprecated since wingspan-rules 0.2 and goes in 0.3: use player= instead" in str(found.message)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert view(player=2) == "2 True" and view(3) == "3 True"  # the new name: no warning
    with pytest.raises(TypeError, match="both seat= and player="):
        view(seat=1, player=1)  # type: ignore[call-arg]


def test_warnings_can_be_made_errors_as_for_any_deprecation() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        with pytest.raises(WingspanDeprecationWarning):
            old_function(1)


def test_every_name_the_helper_exports_is_documented() -> None:
    for name in deprecation.__all__:
        assert getattr(deprecation, name).__doc__, name
