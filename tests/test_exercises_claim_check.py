"""Tests of the ``claim_check`` topic (jasslib/exercises/claim_check.py): a claim holds with at least the
target and a false claim loses the game (G2); the answer is jasslib.scoring.judge_claim's winner."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Team
from jasslib.exercises import CASES, exercises
from jasslib.scoring import judge_claim

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_G2_every_case_agrees_with_judge_claim(ruleset):
    counts = Counter()
    for ex in exercises("claim_check", "cases", 40, ruleset):
        p, case = ex.position, ex.position["case"]
        counts[case] += 1
        m = ruleset.multiplier(p["contract"])
        result = judge_claim(p["team"], p["recorded"], p["captured"], m, p["target"], p["stoeck"])
        assert ex.answer == result.winner and (result.winner == p["team"]) == result.valid
        assert p["target"] == ruleset.target and sum(p["captured"]) <= 157
        if case == "exactly":
            assert result.total == p["target"]
        if case == "stoeck":
            assert not judge_claim(p["team"], p["recorded"], p["captured"], m, p["target"]).valid
        if case in ("false", "opponents-points"):
            assert ex.answer == p["team"].other
    assert set(counts) == set(CASES["claim_check"]), counts


def test_a_false_claim_loses_and_nobody_is_never_right():
    ex = next(e for e in exercises("claim_check", "false", 30) if e.position["case"] == "false")
    item = ex.check(None).items[0]
    assert not item.correct and item.rule == "G2" and "a false claim loses it (G2)" in item.message
    item = ex.check(ex.position["team"]).items[0]
    assert not item.correct and f"{ex.position['team'].other} wins" in item.message
    assert ex.check(int(ex.answer)).correct and isinstance(ex.answer, Team)
