"""The table-test helper (tests/casetable.py) names every failing case by its inputs; it passes only when all pass."""

from __future__ import annotations

import pytest
from casetable import check_cases


def test_every_failing_case_is_reported_with_its_inputs():
    def check(a, b):
        assert a + 1 == b
        if a == 5:
            pytest.fail("five is refused")

    with pytest.raises(AssertionError) as info:
        check_cases([(1, 2), (2, 4), (3, 4), (4, 9), (5, 6)], check)
    message = str(info.value)
    assert message.startswith("3 of 5 cases failed:")
    assert "(2, 4): AssertionError" in message and "(4, 9): AssertionError" in message
    assert "(5, 6): Failed: five is refused" in message
    assert "(1, 2)" not in message and "(3, 4)" not in message


def test_single_values_errors_and_an_empty_table():
    def positive(n):
        assert n > 0

    assert check_cases([1, 2, 3], positive) == 3
    with pytest.raises(AssertionError, match=r"1 of 2 cases failed:\n  'x': TypeError"):
        check_cases([1, "x"], positive)
    with pytest.raises(AssertionError, match="no cases"):
        check_cases([], positive)
