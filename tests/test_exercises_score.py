"""Tests of the ``score`` topic (jasslib/exercises/score.py): the answer is jasslib.scoring.hand_score's,
a wrong total cites H2 and a common slip gets a hint (H3's worked example)."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Contract, Team
from jasslib.exercises import CASES, Exercise, exercise, exercises
from jasslib.play import CARD_POINTS_TOTAL
from jasslib.scoring import MATCH_TOTAL, hand_score

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def series(ruleset, seeds=range(25), per_seed: int = 2) -> list[Exercise]:
    return [exercise("score", seed, n, ruleset) for seed in seeds for n in range(per_seed)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_answer_is_the_hand_score_and_a_wrong_total_cites_H2(ruleset):
    for ex in series(ruleset):
        p = ex.position
        assert ex.answer == hand_score(p["card_points"], p["tricks"], p["last_trick"], p["contract"], ruleset,
                                       p["weis"], p["stoeck"]).total
        assert sum(p["card_points"]) == CARD_POINTS_TOTAL and sum(p["tricks"]) == 9
        assert p["tricks"][p["last_trick"]] > 0
        assert 0 in p["weis"] and 0 in p["stoeck"]  # W7: one team scores Weis; S1: one holder
        if not p["contract"].has_trump:
            assert p["stoeck"] == (0, 0)
        a, b = ex.answer
        fb = ex.check((a + 10, b))
        assert not fb.correct and not fb.items[0].correct and fb.items[1].correct
        it = fb.items[0]
        assert it.key == "team 0" and it.rule == "H2" and "(H2)" in it.message and f"= {a}" in it.message


def test_H3_worked_example_and_hints():
    p = {"contract": Contract.HEARTS, "card_points": (95, 57), "tricks": (5, 4), "last_trick": Team.T0,
         "weis": (20, 0), "stoeck": (0, 0), "case": "x"}
    ex = Exercise("score", 0, 0, CLASSIC, "points+points", "?", p, (240, 114), "")
    assert ex.check((240, 114)).correct
    it = ex.check((120, 114)).items[0]
    assert "(100 + 20 Weis) × 2 = 240 (H2)" in it.message and "multiplier" in it.message
    assert "forget the 5 points for the last trick" in ex.check((230, 114)).items[0].message
    assert "Weis and Stöck are multiplied too" in ex.check((220, 114)).items[0].message
    match = {**p, "card_points": (152, 0), "tricks": (9, 0), "weis": (0, 0)}
    ex = Exercise("score", 0, 0, CLASSIC, "points+points", "?", match, (514, 0), "")
    it = ex.check((314, 0)).items[0]
    assert "forget the 100 points for the match" in it.message and "100 for the match" in it.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("score", "cases", 200, ruleset):
        counts[ex.position["case"]] += 1
        if ex.position["case"] == "match":
            assert 9 in ex.position["tricks"] and max(ex.answer) >= MATCH_TOTAL
    assert set(counts) == set(CASES["score"]), counts


def test_multipliers_vary_under_classic():
    factors = {ex.ruleset.multiplier(ex.position["contract"]) for ex in exercises("score", 0, 60)}
    assert {1, 2, 3, 4} <= factors
