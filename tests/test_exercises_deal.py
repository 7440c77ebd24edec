"""Tests of the ``deal`` topic (jasslib/exercises/deal.py): who deals, who is forehand, where a card of the
deal goes (D1, D3, D4); every answer agrees with the engine's deal and the game's dealer rotation."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import CLASSIC, MODERN, Card, Round, Seat, deal_deck
from jasslib.exercises import CASES, exercises, get_topic
from jasslib.worksheet import worksheet_html

RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_case_and_each_answer_agrees_with_the_engine(ruleset):
    counts = Counter()
    for ex in exercises("deal", "cases", 50, ruleset):
        p, case, answer = ex.position, ex.position["case"], ex.answer
        counts[case] += 1
        assert isinstance(answer, Seat) and ex.kind == "seat"
        if case in ("first-packet", "later-packet"):  # D3: the card at that place of any deck goes to the same seat
            by_seat = deal_deck(list(Card), p["dealer"])
            assert Card(p["number"] - 1) in by_seat[answer]
            assert (p["number"] <= 12) == (case == "first-packet")
        elif case == "forehand":
            assert answer == Round.deal(0, dealer=p["dealer"]).forehand
        elif case == "starting-card":  # D4: the holder of the starting card, never the dealer's right here
            assert ruleset.starting_card in p["hands"][answer] and p["hand_number"] == 1
            assert answer != Round.deal(0, dealer=p["dealer"]).forehand
        elif case == "next-dealer":
            assert answer == p["dealer"].next
        elif case == "second-dealer":  # D4: the forehand of hand 1 deals hand 2
            assert answer == p["holder"] and p["holder"] != p["dealer"].next
        else:
            assert answer == p["holder"].next
    assert set(counts) == set(CASES["deal"]), counts


def test_D3_wrong_seat_for_a_packet_names_D3_and_the_packet():
    ex = next(e for e in exercises("deal", "packets", 30) if e.position["case"] == "later-packet")
    item = ex.check(Seat((ex.answer + 1) % 4)).items[0]
    assert not item.correct and item.rule == "D3" and "packet of cards" in item.message
    assert f"it is seat {int(ex.answer)}" in item.message
    assert ex.check(int(ex.answer)).correct and ex.check(f"seat {int(ex.answer)}").correct


def test_D4_the_dealers_right_is_not_forehand_of_the_first_hand():
    ex = next(e for e in exercises("deal", "first", 40) if e.position["case"] == "starting-card")
    naive = Round.deal(0, dealer=ex.position["dealer"]).forehand
    item = ex.check(naive).items[0]
    assert not item.correct and item.rule == "D4" and "not the player at the dealer's right" in item.message
    assert str(CLASSIC.starting_card) in ex.hint() and "seat" not in ex.hint()


def test_levels_go_from_the_dealers_right_to_the_second_hand():
    levels = get_topic("deal").levels
    assert "forehand" in levels[0] and "starting-card" in levels[1] and "second-dealer" in levels[2]


def test_the_worksheet_asks_for_a_seat():
    sheet = worksheet_html("deal", 3, seed=4)
    assert sheet.count("Seat: <span class=\"blank\">") == 3 and "Write the seat" in sheet
