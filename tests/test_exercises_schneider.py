"""Tests of the ``schneider`` topic (jasslib/exercises/schneider.py): a win counts two games when the losers
have less than half the target (G4); the answer is jasslib.scoring.games_won."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN
from jasslib.exercises import CASES, exercises
from jasslib.scoring import games_won

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_G4_every_case_agrees_with_games_won(ruleset):
    counts = Counter()
    for ex in exercises("schneider", "cases", 40, ruleset):
        p, case = ex.position, ex.position["case"]
        counts[case] += 1
        lost = p["scores"][p["winner"].other]
        assert p["scores"][p["winner"]] >= ruleset.target > lost
        assert ex.answer == games_won(lost, ruleset)
        assert (ex.answer == 2) == (case in ("schneider", "just-below"))
        if case == "at-half":
            assert lost == ruleset.schneider and ex.answer == 1
    assert set(counts) == set(CASES["schneider"]), counts


def test_exactly_half_is_no_schneider():
    ex = next(e for e in exercises("schneider", "half", 30) if e.position["case"] == "at-half")
    item = ex.check(2).items[0]
    assert not item.correct and item.rule == "G4" and "Exactly half is not less than half." in item.message
    assert ex.check("1").correct
