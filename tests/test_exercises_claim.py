"""Tests of the ``claim`` topic (jasslib/exercises/claim.py): the answer is jasslib.scoring.race's, the
explanation walks race_steps in the order Stöck–Weis–Stich (G3), and the order matters in every case."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Contract, Team
from jasslib.exercises import CASES, Exercise, exercise, exercises
from jasslib.exercises.claim import _walk
from jasslib.scoring import HAND_TOTAL, MATCH_TOTAL, race

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def series(ruleset, seeds=range(25), per_seed: int = 2) -> list[Exercise]:
    return [exercise("claim", seed, n, ruleset) for seed in seeds for n in range(per_seed)]


def claim(recorded, stoeck, weis, stich, target: int = 3000) -> Exercise:
    """An exercise of our own (classic rules, ♥ trump)."""
    additions = {"stoeck": stoeck, "weis": weis, "stich": stich}
    position = {"recorded": recorded, "additions": additions, "target": target, "contract": Contract.HEARTS,
                "case": "x"}
    answer = race(recorded, additions, target, CLASSIC.claim_priority).winner
    return Exercise("claim", 0, 0, CLASSIC, "team", "?", position, answer, "")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_answer_is_the_race_and_a_wrong_team_cites_G3(ruleset):
    for ex in series(ruleset):
        p = ex.position
        m = ruleset.multiplier(p["contract"])
        assert ex.answer == race(p["recorded"], p["additions"], p["target"], ruleset.claim_priority).winner
        assert p["target"] == ruleset.target
        assert sum(p["additions"]["stich"]) in (HAND_TOTAL * m, MATCH_TOTAL * m)
        assert 0 in p["additions"]["weis"] and 0 in p["additions"]["stoeck"]
        it = ex.check(Team.T0 if ex.answer is None else None).items[0]
        assert not it.correct and it.rule == "G3" and "(G3)" in it.message
        assert "Stöck, then Weis, then the trick points" in it.message


WALKS = [  # (recorded, Stöck, Weis, Stich, answer, lines of the explanation)
    ((2960, 2900), (40, 0), (0, 0), (40, 270), Team.T0, [
        "The points count in the order Stöck–Weis–Stich (G3); the first team to reach 3000 wins.",
        "1. Stöck: team 0 +40 → 3000; team 1 +0 → 2900. Team 0 reaches 3000 first and wins the game (G3).",
        "3. trick points (Stich): team 0 +40 → 3040; team 1 +270 → 3170 (too late: the game is already over).",
        "Team 1 ends the hand with 3170, more than 3040, but the order decides, not the final total (G3).",
        "Answer: team 0."]),
    ((2000, 2100), (0, 0), (100, 0), (57, 100), None, [
        "2. Weis: team 0 +100 → 2100; team 1 +0 → 2100. Nobody has 3000 yet.",
        "Nobody reaches 3000: the game goes on (answer: nobody)."]),
    ((2900, 2900), (0, 0), (0, 0), (157, 157), None, [  # not a real hand: both teams reach the target at once
        "3. trick points (Stich): team 0 +157 → 3057; team 1 +157 → 3057. Both teams reach 3000 here, from 2900 "
        "and 2900; the higher total wins: a tie.",
        "Both teams reach 3000 with the same total: no winner yet (answer: nobody)."]),
    ((2900, 2950), (0, 0), (0, 0), (200, 114), Team.T0, [
        "3. trick points (Stich): team 0 +200 → 3100; team 1 +114 → 3064. Both teams reach 3000 here, from 2900 "
        "and 2950; the higher total wins: team 0.",
        "Answer: team 0."]),
]


def test_the_explanation_walks_the_order():
    for recorded, stoeck, weis, stich, answer, lines in WALKS:
        ex = claim(recorded, stoeck, weis, stich)
        assert ex.answer == answer
        walk = _walk(recorded, ex.position["additions"], 3000, tuple(CLASSIC.claim_priority)).splitlines()
        for line in lines:
            assert line in walk, (line, walk)
        fb = ex.check(answer)
        assert fb.correct and all(line in fb.items[0].message for line in lines if line[0].isdigit())


def test_accepted_response_forms():
    nobody = claim((2000, 2100), (0, 0), (100, 0), (57, 100))
    for form in (None, "none", "nobody", " Nobody "):
        assert nobody.check(form).correct
    won = claim((2960, 2900), (40, 0), (0, 0), (40, 270))
    for form in (Team.T0, 0, "0", "team 0"):
        assert won.check(form).correct


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("claim", "cases", 200, ruleset):
        p, case = ex.position, ex.position["case"]
        counts[case] += 1
        result = race(p["recorded"], p["additions"], p["target"], ruleset.claim_priority)
        finals = [p["recorded"][t] + sum(v[t] for v in p["additions"].values()) for t in (0, 1)]
        if case == "nobody":
            assert result.winner is None and max(finals) < p["target"]
        else:
            assert result.winner is not None
        if case in ("stoeck-first", "weis-before-stich", "stoeck-short"):
            # priority matters: the loser reaches the target too, and with more points
            loser = result.winner.other
            assert finals[loser] >= p["target"] and finals[loser] > finals[result.winner]
            assert result.category == {"stoeck-first": "stoeck", "weis-before-stich": "weis"}.get(
                case, result.category)
    assert set(counts) == set(CASES["claim"]), counts


def test_custom_ruleset_names_its_own_series():
    variant = CLASSIC.with_target(1500)
    ex = exercise("claim", 0, 0, variant)
    assert ex.position["target"] == 1500
    assert ex.answer == race(ex.position["recorded"], ex.position["additions"], 1500, variant.claim_priority).winner
