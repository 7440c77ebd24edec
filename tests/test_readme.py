"""The README's API tour is executed as a doctest, so the quick start stays true."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    )
    assert result.attempted > 10
    assert result.failed == 0


def test_readme_quick_start_names_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
