"""Tests of the ``stoeck`` topic (jasslib/exercises/stoeck.py): the answer is jasslib.weis.stoeck_points
when the hand holds the trump Q and K (S1), multiplied (C3); wrong answers cite S1."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, CardSet, Contract
from jasslib.exercises import CASES, Exercise, exercise, exercises
from jasslib.weis import has_stoeck, stoeck_points

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def series(ruleset, seeds=range(25), per_seed: int = 2) -> list[Exercise]:
    return [exercise("stoeck", seed, n, ruleset) for seed in seeds for n in range(per_seed)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_answer_is_the_stoeck_points_and_a_wrong_one_cites_S1(ruleset):
    for ex in series(ruleset):
        hand, contract = ex.position["hand"], ex.position["contract"]
        assert len(hand) == 9
        assert ex.answer == (stoeck_points(contract, ruleset) if has_stoeck(hand, contract) else 0)
        it = ex.check(20 if ex.answer == 0 else 0).items[0]
        assert not it.correct and it.rule == "S1" and "(S1)" in it.message


def stoeck_exercise(hand: str, contract: Contract, answer: int) -> Exercise:
    return Exercise("stoeck", 0, 0, CLASSIC, "points", "?", {"hand": CardSet.parse(hand), "contract": contract,
                                                             "case": "x"}, answer, "")


def test_no_trump_and_the_multiplier():
    it = stoeck_exercise("Q♠ K♠ 6♣", Contract.OBENABE, 0).check(20).items[0]
    assert "no trump" in it.message and "(S1)" in it.message
    it = stoeck_exercise("Q♥ K♥ 6♣", Contract.HEARTS, 40).check(20).items[0]
    assert "20 × 2" in it.message and "C3" in it.message and "multiplied like everything else" in it.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("stoeck", "cases", 200, ruleset):
        case, contract = ex.position["case"], ex.position["contract"]
        counts[case] += 1
        if case == "no-trump":
            assert not contract.has_trump and ex.answer == 0
        elif case in ("stoeck", "stoeck-in-weis"):
            assert ex.answer == stoeck_points(contract, ruleset) > 0
        else:
            assert ex.answer == 0
    assert set(counts) == set(CASES["stoeck"]), counts


def test_multipliers_vary_under_classic():
    stoeck = [ex for ex in exercises("stoeck", 0, 60) if ex.answer]
    assert {ex.answer for ex in stoeck} == {20, 40}  # trump contracts: ×1 and ×2 (C3)
