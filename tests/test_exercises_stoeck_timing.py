"""Tests of the ``stoeck_timing`` topic (jasslib/exercises/stoeck_timing.py): Stöck is announced with the
second of the trump K and Q, or after the first trick when both are shown in a counted Weis (S2)."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN
from jasslib.exercises import CASES, exercises
from jasslib.weis import stoeck_cards
from jasslib.worksheet import worksheet_html

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_S2_the_trick_of_the_announcement(ruleset):
    counts = Counter()
    for ex in exercises("stoeck_timing", "cases", 40, ruleset):
        p, case = ex.position, ex.position["case"]
        counts[case] += 1
        kq = stoeck_cards(p["contract"])
        assert kq <= p["hand"] and {c for _, c in p["played"]} == set(kq)
        in_weis = kq <= p["declaration"].cards
        assert in_weis == (case != "second-card")
        counted = case in ("in-counted-weis", "partner-weis")
        assert (p["weis_winner"] is not None and p["weis_winner"].team == p["seat"].team) == counted or not in_weis
        assert ex.answer == (1 if counted else max(t for t, _ in p["played"]))
    assert set(counts) == set(CASES["stoeck_timing"]), counts


def test_the_first_card_is_not_enough():
    ex = next(e for e in exercises("stoeck_timing", "first", 30)
              if e.position["case"] == "second-card" and e.position["played"][0][0] != e.answer)
    item = ex.check(ex.position["played"][0][0]).items[0]
    assert not item.correct and item.rule == "S2" and "announced with the second one (S2)" in item.message
    assert ex.check(f"{ex.answer}").correct


def test_the_worksheet_asks_for_the_trick():
    sheet = worksheet_html("stoeck_timing", 2, seed=1)
    assert sheet.count('Trick: <span class="blank">') == 2
