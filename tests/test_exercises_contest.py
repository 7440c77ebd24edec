"""Tests of the ``contest`` topic (jasslib/exercises/contest.py): the answer is jasslib.weis.contest's, a
wrong team cites W6 and wrong points W7, and each case is decided by the W6 key it is named after."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, CardSet, Contract, Seat, Team
from jasslib.exercises import CASES, Exercise, exercise, exercises
from jasslib.weis import Declaration, best_declaration, contest

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def series(ruleset, seeds=range(25), per_seed: int = 2) -> list[Exercise]:
    return [exercise("contest", seed, n, ruleset) for seed in seeds for n in range(per_seed)]


def result_of(ex: Exercise):
    p = ex.position
    return contest(p["declarations"], p["contract"], p["forehand"])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_answer_is_the_contests_and_declarations_are_the_hands_best(ruleset):
    for ex in series(ruleset):
        p, result = ex.position, result_of(ex)
        assert ex.answer == (result.team, 0 if result.team is None else result.points[result.team])
        for seat in range(4):
            hand, decl = p["hands"][seat], p["declarations"][seat]
            assert decl.cards <= hand
            if hand:
                assert decl == best_declaration(hand, p["contract"], ruleset)
        if result.team is not None:
            assert result.reason[1:] in ex.explanation and "(W7)" in ex.explanation  # "Seat 1's ..." there


@pytest.mark.parametrize("ruleset", RULESETS)
def test_wrong_team_cites_W6_and_wrong_points_W7(ruleset):
    for ex in series(ruleset):
        team, points = ex.answer
        other = Team.T0 if team is None else None if team == Team.T1 else Team.T1
        fb = ex.check((other, points))
        it = fb.items[0]
        assert not fb.correct and it.key == "team" and not it.correct and it.rule == "W6" and "(W6)" in it.message
        fb = ex.check((team, points + 50))
        assert fb.items[0].correct
        it = fb.items[1]
        assert it.key == "points" and not it.correct and it.rule == "W7" and "(W7)" in it.message


def test_all_the_winning_teams_weis_count():
    """W7: seat 0's 50 beats seat 1's 20; team 0 scores its 50 and seat 2's 20, team 1 nothing."""
    hands = (CardSet.parse("6♣ 7♣ 8♣ 9♣"), CardSet.parse("6♥ 7♥ 8♥"), CardSet.parse("J♦ Q♦ K♦"), CardSet())
    decls = tuple(best_declaration(h, Contract.SPADES) if h else Declaration((), Contract.SPADES) for h in hands)
    ex = Exercise("contest", 0, 0, CLASSIC, "team+points", "?", {"hands": hands, "declarations": decls,
                                                                  "contract": Contract.SPADES, "forehand": Seat(0),
                                                                  "case": "points"}, (Team.T0, 70), "")
    assert ex.check((0, 70)).correct
    it = ex.check((0, 50)).items[1]
    assert "50 (seat 0) + 20 (seat 2) = 70" in it.message and "Not only the winning Weis counts" in it.message
    assert "You said nobody" in ex.check((None, 0)).items[0].message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("contest", "cases", 200, ruleset):
        case, result = ex.position["case"], result_of(ex)
        counts[case] += 1
        if case == "undenufe":
            assert ex.position["contract"] == Contract.UNDENUFE
        if case == "none":
            assert result.team is None and ex.answer == (None, 0)
        else:
            assert result.rival is not None  # a close call between the two teams
    assert set(counts) == set(CASES["contest"]), counts


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_W6_feedback_is_said_in_sentences(ruleset):
    """Not "seat 1's sequence of 4 beats seat 0's sequence of 4: equal: the earlier player ... wins (W6)"."""
    seen = Counter()
    for ex in series(ruleset, seeds=range(40)):
        team, points = ex.answer
        if team is None:
            continue
        result = result_of(ex)
        for response in ((team, points), (team.other, points)):
            message = ex.check(response).items[0].message
            assert message.count(":") == 0 and "equal:" not in message, message
            assert message.startswith(("Right, ", "You said ")) and message.endswith(" (W6).")
            first, second = message.removesuffix(" (W6).").split(". ")
            assert first.endswith(f"{team} scores the Weis") and second[0].isupper(), message
        winner, rival = result.winner, result.rival
        seen[ex.case] += 1
        if ex.case == "position":  # the tie-break: both Weis named, then who plays first
            assert second == (f"{str(winner).capitalize()}'s {result.strongest.label} and {rival[0]}'s "
                              f"{rival[1].label} are equally strong, so the earlier player in the first trick "
                              f"wins, and {winner} plays before {rival[0]}"), second
        elif rival is not None:
            assert f"{result.strongest.label} beats {rival[0]}'s {rival[1].label} because " in second, second
    assert seen["position"] and seen["undenufe"] and seen["points"]
