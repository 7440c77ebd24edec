"""Tests of the ``trick`` topic (jasslib/exercises/trick.py): winner and points are the engine's, a wrong
seat cites P6/P2 and a wrong count O4–O7 with a hint for common slips, and every case occurs."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Card, Contract, Rank, Seat
from jasslib.exercises import CASES, Exercise, Item, exercise, exercises
from jasslib.play import trick_points, trick_winner

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def series(ruleset, seeds=range(25), per_seed: int = 2) -> list[Exercise]:
    return [exercise("trick", seed, n, ruleset) for seed in seeds for n in range(per_seed)]


def item(ex: Exercise, response, key: str) -> Item:
    return next(i for i in ex.check(response).items if i.key == key)


def trick(cards: str, contract: Contract, last: bool = False) -> Exercise:
    """An exercise of our own: seat 0 leads ``cards``."""
    plays = tuple(zip(map(Seat, range(4)), (Card.parse(c) for c in cards.split())))
    cs = [c for _, c in plays]
    answer = (plays[trick_winner(cs, contract)][0], trick_points(cs, contract, CLASSIC, last=last))
    return Exercise("trick", 0, 0, CLASSIC, "seat+points", "?", {"trick": plays, "contract": contract, "last": last,
                                                                  "case": "x"}, answer, "")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_answer_is_the_engines_and_tricks_are_whole(ruleset):
    for ex in series(ruleset):
        plays, contract = ex.position["trick"], ex.position["contract"]
        cards = [c for _, c in plays]
        assert ex.answer == (plays[trick_winner(cards, contract)][0],
                             trick_points(cards, contract, ruleset, last=ex.position["last"]))
        assert len(plays) == 4 and len(set(cards)) == 4
        assert [int(s) for s, _ in plays] == [(int(plays[0][0]) + k) % 4 for k in range(4)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_wrong_seat_and_wrong_points_cite_their_rules(ruleset):
    for ex in series(ruleset):
        seat, points = ex.answer
        contract, last = ex.position["contract"], ex.position["last"]
        fb = ex.check((Seat((seat + 1) % 4), points))
        it = item(ex, (Seat((seat + 1) % 4), points), "seat")
        assert not fb.correct and not it.correct and item(ex, (Seat((seat + 1) % 4), points), "points").correct
        expected = "P6" if contract.has_trump else "P2"
        assert it.rule == expected and f"({expected}" in it.message and f"seat {int(seat)}" in it.message
        assert fb.summary == "1 of 2 parts right."
        it = item(ex, (seat, points + 3), "points")
        assert not it.correct and item(ex, (seat, points + 3), "seat").correct
        assert it.message.startswith(f"You said {points + 3}; the right answer is {points}: ")
        ids = ("O7",) if last else ("O4",) if contract.has_trump else ("O5",)
        assert all(i in it.message for i in ids), it.message


def test_H4_worked_example():
    ex = trick("A♣ 9♥ J♥ 7♣", Contract.HEARTS)
    assert ex.answer == (Seat(2), 45)
    assert item(ex, (2, 40), "seat").correct
    assert item(ex, (2, 40), "points").message == ("You said 40; the right answer is 45: "
                                                   "A♣ 11 + 9♥ 14 + J♥ 20 + 7♣ 0 = 45 (O4).")
    assert ex.check(("seat 2", "45")).correct


HINTS = [  # (trick, contract, last, wrong count, words of the hint)
    ("A♣ 8♣ 6♣ K♣", Contract.OBENABE, True, 23, "last trick (O7)"),
    ("A♣ 8♣ 6♣ K♣", Contract.OBENABE, True, 20, "8 counts 8"),
    ("A♣ 9♥ J♥ 7♣", Contract.HEARTS, False, 13, "Puur"),
    ("6♣ 7♣ 9♣ K♣", Contract.UNDENUFE, False, 15, "Under the classic rules the A counts 11 and the 6 0 in "
     "Undenufe (O6)"),
]


def test_hints_for_common_slips():
    for cards, contract, last, wrong, words in HINTS:
        it = item(trick(cards, contract, last), (0, wrong), "points")
        assert not it.correct and words in it.message, it.message


def test_accepted_response_forms():
    ex = exercise("trick", 3)
    seat, points = ex.answer
    for form in ((seat, points), [int(seat), points], (str(int(seat)), str(points)), (f"seat {int(seat)}", points),
                 (int(seat), float(points)), (seat, f"{points} points")):
        assert ex.check(form).correct, form


def case_holds(case: str, ex: Exercise) -> bool:
    """An independent statement of each teaching case (not the generator's)."""
    p = ex.position
    cards, contract = [c for _, c in p["trick"]], p["contract"]
    win = cards[trick_winner(cards, contract)]
    led, trump = cards[0].suit, contract.trump
    return {
        "plain": True,
        "last-trick": p["last"],
        "undenufe-six-wins": contract == Contract.UNDENUFE and win.rank == Rank.SIX,
        "obenabe-eights": contract == Contract.OBENABE and any(c.rank == Rank.EIGHT for c in cards),
        "off-suit-ace": any(c.rank == Rank.ACE and c.suit not in (led, trump) and c != win for c in cards),
        "low-trump-beats-ace": trump is not None and win.suit == trump != led and Card.make(led, Rank.ACE) in cards,
        "trump-order": trump is not None and win.suit == trump and sum(c.suit == trump for c in cards) >= 2,
    }[case]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("trick", "cases", 200, ruleset):
        assert case_holds(ex.position["case"], ex), str(ex)
        counts[ex.position["case"]] += 1
    assert set(counts) == set(CASES["trick"]), counts
