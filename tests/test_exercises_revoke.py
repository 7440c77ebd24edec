"""Tests of the ``revoke`` topic (jasslib/exercises/revoke.py): after a revoke the other team scores the
whole hand's trick points and the offenders none; recorded Weis and Stöck stay (G5, revoke_score)."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN
from jasslib.exercises import CASES, exercises
from jasslib.scoring import HAND_TOTAL, revoke_score

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_G5_every_case_agrees_with_revoke_score(ruleset):
    counts = Counter()
    for ex in exercises("revoke", "cases", 40, ruleset):
        p, case = ex.position, ex.position["case"]
        counts[case] += 1
        team = p["offender"].team
        score = revoke_score(team, p["contract"], ruleset, p["weis"], p["stoeck"])
        m = ruleset.multiplier(p["contract"])
        assert ex.answer == score.total
        assert score.trick_points[team] == 0 and score.trick_points[team.other] == HAND_TOTAL
        assert ex.answer[team.other] >= HAND_TOTAL * m
        assert p["rule"] in ("P2", "P3", "P4", "P5") and p["tricks_played"] >= 1
        assert (case == "weis-kept") == (any(p["weis"]) and not any(p["stoeck"]))
        assert (case == "stoeck-kept") == any(p["stoeck"])
        if case == "offenders-ahead":
            assert p["captured"][team] > p["captured"][team.other]
    assert set(counts) == set(CASES["revoke"]), counts


def test_the_feedback_explains_the_penalty_and_names_the_revoked_cards_rule():
    ex = next(e for e in exercises("revoke", "why", 30) if e.position["case"] == "offenders-ahead")
    p = ex.position
    assert str(p["card"]) in ex.explanation and f"({p['rule']})" in ex.explanation
    team = p["offender"].team
    m = ex.ruleset.multiplier(p["contract"])
    kept = list(ex.answer)
    kept[team] += p["captured"][team] * m
    fb = ex.check(tuple(kept))
    bad = [i for i in fb.items if not i.correct]
    assert len(bad) == 1 and bad[0].rule == "G5" and "do not count after a revoke (G5)" in bad[0].message
