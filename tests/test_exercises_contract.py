"""Tests of the ``contract`` topic (jasslib/exercises/contract.py): who names the contract and who leads
the first trick (C1, C2), with forehand found from the dealer (D4); answers from a dealt Round."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Round
from jasslib.exercises import CASES, exercises

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_case_and_the_answer_is_forehand_or_its_partner(ruleset):
    counts = Counter()
    for ex in exercises("contract", "cases", 40, ruleset):
        p, case, answer = ex.position, ex.position["case"], ex.answer
        counts[case] += 1
        forehand = p["holder"] if p["first_hand"] else Round.deal(0, dealer=p["dealer"]).forehand
        if p["question"] == "leads":  # C2: forehand leads, whoever named the contract
            assert answer == forehand and "contract" in p
        else:  # C1: forehand names, or its partner after schieben (who cannot push back)
            assert answer == (forehand.partner if p["pushed"] else forehand)
        assert p["pushed"] == (case in ("schieben-names", "schieben-leads", "no-push-back") or
                               (case == "first-hand" and p["pushed"]))
        assert f"seat {int(forehand)}" not in ex.prompt or p["first_hand"], "the prompt names the dealer only"
    assert set(counts) == set(CASES["contract"]), counts


def test_C2_the_partner_who_named_does_not_lead():
    ex = next(e for e in exercises("contract", "lead", 30) if e.position["case"] == "schieben-leads")
    item = ex.check(ex.answer.partner).items[0]
    assert not item.correct and item.rule == "C2" and "forehand still leads (C2)" in item.message


def test_C1_no_pushing_back_cites_the_engines_refusal():
    ex = next(e for e in exercises("contract", "push", 30) if e.position["case"] == "no-push-back")
    assert "cannot push the choice back (C1)" in ex.explanation
    item = ex.check(ex.answer.partner).items[0]
    assert not item.correct and item.rule == "C1"
    assert ex.check(ex.answer).items[0].message.startswith("Right: seat")
