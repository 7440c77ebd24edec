"""Tests of the ``announce`` topic (jasslib/exercises/announce.py): what a player announces during the
first trick and what the table gets to see after it (W8), and that a Weis comes from the dealt hand (W1)."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, best_declaration, contest
from jasslib.exercises import CASES, exercises
from jasslib.weis import compare_weis

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_case_and_the_answer_follows_W1_W6_W7_W8(ruleset):
    counts = Counter()
    for ex in exercises("announce", "cases", 50, ruleset):
        p, case, answer = ex.position, ex.position["case"], ex.answer
        counts[case] += 1
        if case in ("first", "beats", "silent"):
            mine = best_declaration(p["hand"], p["contract"], ruleset).strongest
            assert mine is not None
            if case == "first":
                assert not p["announced"] and answer == mine.points
            else:  # W8: announce only a Weis at least as strong as the best announced (W6)
                best = p["announced"][-1][1]
                for _, w in p["announced"]:
                    best = w if compare_weis(w, best, p["contract"]) > 0 else best
                stronger = compare_weis(mine, best, p["contract"]) > 0
                assert stronger == (case == "beats") and answer == (mine.points if stronger else 0)
        elif case in ("shown", "hidden"):  # W7, W8: only the winning team's Weis are shown
            result = contest(p["declarations"], p["contract"], p["forehand"])
            seat = p["seat"]
            assert p["declarations"][seat], "the seat asked about holds a Weis"
            on_winning_team = seat.team == result.team
            assert on_winning_team == (case == "shown")
            assert answer == (p["declarations"][seat].points if on_winning_team else 0)
        else:  # W1: the dealt hand, not the cards taken in the first trick
            assert answer == best_declaration(p["hand"], p["contract"], ruleset).points
            assert p["trick"] and all(c in p["hand"] for s, c in p["trick"] if s == p["seat"])
    assert set(counts) == set(CASES["announce"]), counts


def test_a_wrong_answer_names_W8_or_W1():
    series = exercises("announce", "wrong", 40)
    silent = next(e for e in series if e.position["case"] == "silent")
    item = silent.check(20).items[0]
    assert not item.correct and item.rule == "W8" and "A weaker Weis is not announced at all." in item.message
    dealt = next(e for e in series if e.position["case"] == "initial-hand")
    item = dealt.check(dealt.answer + 20).items[0]
    assert not item.correct and item.rule == "W1" and "never count (W1)" in item.message


def test_the_announced_weis_are_drawn_in_the_card_style():
    ex = next(e for e in exercises("announce", "style", 40) if e.position["case"] == "silent")
    swiss = ex.position_html(style="swiss")
    for _, weis in ex.position["announced"]:
        assert all(f'data-card="{c.format("ascii")}"' in swiss for c in weis.cards)
