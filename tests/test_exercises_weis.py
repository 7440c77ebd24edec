"""Tests of the ``weis`` topic (jasslib/exercises/weis.py): the answer is the best declaration (W5), wrong
points cite the rule of the case, and every planted case is what it claims (W2–W4)."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Card, CardSet, Contract, Rank
from jasslib.exercises import CASES, Exercise, exercise, exercises
from jasslib.weis import best_declaration, find_weis, four_points

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def series(ruleset, seeds=range(25), per_seed: int = 2) -> list[Exercise]:
    return [exercise("weis", seed, n, ruleset) for seed in seeds for n in range(per_seed)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_answer_is_the_best_declaration_and_wrong_points_cite_the_rule(ruleset):
    for ex in series(ruleset):
        hand, contract = ex.position["hand"], ex.position["contract"]
        best = best_declaration(hand, contract, ruleset)
        assert len(hand) == 9 and ex.answer == best.points
        fb = ex.check(ex.answer + 20)
        it = fb.items[0]
        assert not fb.correct and it.key == "points" and not it.correct and it.rule.startswith("W")
        assert it.message.startswith(f"You said {ex.answer + 20}; the right answer is {ex.answer}")
        assert "(W" in it.message and (best.format() if best else "no Weis") in it.message


def weis_exercise(hand: str, contract: Contract = Contract.OBENABE, case: str = "x") -> Exercise:
    cards = CardSet.parse(hand)
    return Exercise("weis", 0, 0, CLASSIC, "points", "?", {"hand": cards, "contract": contract, "case": case},
                    best_declaration(cards, contract).points, "")


def test_hints_for_overlapping_and_forgotten_weis():
    """Four Jacks and a run through the J♥: a card counts in one Weis only (W4); two Weis both count."""
    ex = weis_exercise("J♣ J♠ J♥ J♦ 9♥ 10♥ Q♥ K♥ 6♣", case="jacks-vs-sequence")
    overlapping = sum(w.points for w in find_weis(ex.position["hand"]))
    assert ex.answer == 200 and overlapping > ex.answer
    it = ex.check(overlapping).items[0]
    assert "a card counts in one Weis only (W4)" in it.message and it.rule == "W4"
    ex = weis_exercise("6♣ 7♣ 8♣ 6♦ 7♦ 8♦ 9♦ A♠ K♠", case="two-weis")
    assert ex.answer == 70
    assert "Every Weis of the declaration counts" in ex.check(50).items[0].message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("weis", "cases", 200, ruleset):
        case, hand = ex.position["case"], ex.position["hand"]
        found = find_weis(hand, ruleset)
        counts[case] += 1
        if case == "none":
            assert ex.answer == 0 and not found
        elif case == "four-nines":
            assert all(Card.make(s, Rank.NINE) in hand for s in range(4))
            assert ex.answer == (four_points(Rank.NINE, ruleset) or 0)
        elif case == "jacks-vs-sequence":
            assert any(w.is_sequence and Card.make(w.suit, Rank.JACK) in w.cards for w in found)
            assert any(not w.is_sequence and w.top == Rank.JACK for w in found)
        elif case == "long-sequence":
            assert max(w.length for w in found) >= 6
        else:
            assert ex.answer > 0
    assert set(counts) == set(CASES["weis"]), counts


@pytest.mark.parametrize("ruleset", RULESETS)
def test_feedback_cites_each_rule_once(ruleset):
    """The feedback on a hand without Weis said "no Weis (W2, W3) (W2, W5)": one citation, each id once."""
    import re

    none = [ex for ex in exercises("weis", "cite", 60, ruleset) if ex.answer == 0]
    assert none, "the sample holds hands without Weis"
    for ex in [*none, *series(ruleset, seeds=range(5))]:
        for given in (ex.answer, ex.answer + 20):
            message = ex.check(given).items[0].message
            citations = re.findall(r"\((W\d(?:, W\d)*)\)", message.split(". ")[0] + ".")
            assert len(citations) == 1, message
            ids = citations[0].split(", ")
            assert len(ids) == len(set(ids)), message
    it = none[0].check(0).items[0]
    assert it.message == "0 is right: no Weis (W2, W3)." and it.correct
