"""Table tests: one test checks every row of a table of cases and reports every row that fails, by its inputs.

Where hundreds of parametrized one-liners would each be a test, one test over the table says the same and
reads as the table it is; a failure still names each failing case (all of them, not only the first)::

    >>> def check(text, number):
    ...     assert int(text) == number
    >>> check_cases({"1": 1, "2": 2}.items(), check)
    2
    >>> check_cases({"1": 1, "x": 2, "3": 4}.items(), check)
    Traceback (most recent call last):
    ...
    AssertionError: 2 of 3 cases failed:
      ('x', 2): ValueError: invalid literal for int() with base 10: 'x'
      ('3', 4): AssertionError
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

__all__ = ["check_cases"]


def check_cases(cases: Iterable[Any], check: Callable[..., object]) -> int:
    """Call ``check`` on every case: ``check(*case)`` for a tuple, ``check(case)`` for anything else.

    Fails, after trying them all, with one line per failing case: the case and what went wrong (an
    assertion's message as pytest rewrote it, or the error raised).  Returns how many cases were checked;
    an empty table fails, so a table that lost its rows cannot pass unnoticed.
    """
    failed = []
    count = 0
    for case in cases:
        count += 1
        try:
            check(*case) if isinstance(case, tuple) else check(case)
        except (Exception, pytest.fail.Exception) as error:
            why = f"{type(error).__name__}: {error}".rstrip(": ").replace("\n", "\n      ")
            failed.append(f"  {case!r}: {why}")
    if not count:
        raise AssertionError("the table has no cases")
    if failed:  # raised, not asserted: the message stays as written wherever pytest rewrites asserts
        raise AssertionError(f"{len(failed)} of {count} cases failed:\n" + "\n".join(failed))
    return count
