"""Tests of jasslib.play: legal cards and verdicts (P1–P6), trick winner and points (O7, H4, H5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jasslib import (
    CLASSIC,
    MODERN,
    CardNotInHandError,
    CardSet,
    Contract,
    DuplicateCardError,
    check_play,
    legal_cards,
    trick_points,
    trick_winner,
)
from jasslib.play import legal_mask

HEARTS = Contract.HEARTS


def test_P1_leader_plays_any_card():
    hand = CardSet.parse("6♣ J♥ A♠ 10♦")
    for contract in Contract:
        assert legal_cards(hand, [], contract) == hand
        v = check_play("6♣", hand, [], contract)
        assert v.legal and v.rule == "P1"


def test_P2_no_trump_must_follow_suit():
    hand = CardSet.parse("7♣ K♠ A♥")
    for contract in (Contract.OBENABE, Contract.UNDENUFE):
        assert str(legal_cards(hand, ["A♣"], contract)) == "7♣"
        v = check_play("A♥", hand, ["A♣"], contract)
        assert not v.legal and v.rule == "P2"
        assert "7" not in v.message.split(":")[0] and "you hold ♣" in v.message


def test_P2_no_trump_cannot_follow_plays_anything():
    hand = CardSet.parse("K♠ A♥")
    assert legal_cards(hand, ["A♣"], Contract.OBENABE) == hand
    v = check_play("K♠", hand, ["A♣"], Contract.OBENABE)
    assert v.legal and v.rule == "P2" and "no ♣" in v.message


def test_P2_strongest_of_led_suit_wins_in_contract_order():
    assert trick_winner(["9♣", "A♣", "6♣", "K♠"], Contract.OBENABE) == 1
    assert trick_winner(["9♣", "A♣", "6♣", "K♠"], Contract.UNDENUFE) == 2
    # an off-suit card never wins without trump
    assert trick_winner(["6♦", "A♣", "A♠", "A♥"], Contract.OBENABE) == 0


def test_P3_may_trump_even_when_able_to_follow():
    hand = CardSet.parse("8♣ J♥ K♠")
    assert str(legal_cards(hand, ["A♣"], HEARTS)) == "8♣ J♥"
    v = check_play("J♥", hand, ["A♣"], HEARTS)
    assert v.legal and v.rule == "P3" and "even though you hold ♣" in v.message


def test_P3_may_not_discard_another_suit_while_holding_led_suit():
    hand = CardSet.parse("8♣ J♥ K♠")
    v = check_play("K♠", hand, ["A♣"], HEARTS)
    assert not v.legal and v.rule == "P3"
    assert v.message == "K♠ is not allowed: you hold ♣, so you must follow ♣ or play a trump (P3)."


def test_P3_cannot_follow_plays_anything():
    hand = CardSet.parse("7♥ K♠ 6♦")
    assert legal_cards(hand, ["A♣"], HEARTS) == hand
    assert check_play("K♠", hand, ["A♣"], HEARTS).rule == "P3"


def test_P4_no_under_trumping_even_when_able_to_follow():
    hand = CardSet.parse("8♣ 6♥ J♥")
    trick = ["A♣", "9♥"]
    assert str(legal_cards(hand, trick, HEARTS)) == "8♣ J♥"
    v = check_play("6♥", hand, trick, HEARTS)
    assert not v.legal and v.rule == "P4" and "under-trump" in v.message and "9♥" in v.message


def test_P4_no_under_trumping_when_unable_to_follow():
    hand = CardSet.parse("6♥ K♠")
    trick = ["A♣", "10♥"]
    assert str(legal_cards(hand, trick, HEARTS)) == "K♠"
    assert check_play("6♥", hand, trick, HEARTS).rule == "P4"


def test_P4_holds_even_when_partner_is_winning():
    # seat 0 leads A♣, seat 1 discards, seat 2 (partner of seat 0) trumps with A♥: seat 3 ...
    # and for seat 2 when its partner seat 0 trumped: the ban applies regardless of who is winning.
    hand = CardSet.parse("6♥ 7♠")
    trick = ["K♣", "A♥", "8♣"]  # seat 1 trumped; seat 3 (partner of seat 1) to play
    assert str(legal_cards(hand, trick, HEARTS)) == "7♠"


def test_P4_under_trumping_allowed_when_only_trumps_left():
    hand = CardSet.parse("6♥ 7♥")
    trick = ["A♣", "9♥"]
    assert legal_cards(hand, trick, HEARTS) == hand
    v = check_play("6♥", hand, trick, HEARTS)
    assert v.legal and v.rule == "P4" and "every card left" in v.message


def test_P4_over_trumping_is_fine():
    hand = CardSet.parse("J♥ 6♥ 8♣")
    assert str(legal_cards(hand, ["A♣", "9♥"], HEARTS)) == "8♣ J♥"


def test_P4_does_not_apply_to_trump_lead():
    hand = CardSet.parse("6♥ 7♠")
    assert str(legal_cards(hand, ["9♥", "J♥"], HEARTS)) == "6♥"


def test_P5_trump_led_must_follow_with_trump():
    hand = CardSet.parse("6♥ 7♠ A♦")
    assert str(legal_cards(hand, ["K♥"], HEARTS)) == "6♥"
    v = check_play("7♠", hand, ["K♥"], HEARTS)
    assert not v.legal and v.rule == "P5"


def test_P5_lone_puur_may_be_kept():
    hand = CardSet.parse("J♥ 7♠ A♦")
    assert legal_cards(hand, ["K♥"], HEARTS) == hand
    v = check_play("7♠", hand, ["K♥"], HEARTS)
    assert v.legal and v.rule == "P5" and "Puur" in v.message
    # the Puur may also be played
    assert check_play("J♥", hand, ["K♥"], HEARTS).legal


def test_P5_puur_with_another_trump_must_follow():
    hand = CardSet.parse("J♥ 6♥ 7♠")
    assert str(legal_cards(hand, ["K♥"], HEARTS)) == "6♥ J♥"


def test_P5_no_trump_in_hand_plays_anything():
    hand = CardSet.parse("7♠ A♦")
    assert legal_cards(hand, ["K♥"], HEARTS) == hand


def test_P6_strongest_trump_wins():
    assert trick_winner(["A♣", "6♥", "9♥", "K♣"], HEARTS) == 2  # Näll beats 6
    assert trick_winner(["A♣", "A♥", "J♥", "K♣"], HEARTS) == 2  # Puur beats all
    assert trick_winner(["7♥", "A♣", "6♣", "K♣"], HEARTS) == 0  # trump lead wins against plain cards


def test_P6_no_trump_in_trick_led_suit_wins():
    assert trick_winner(["10♣", "A♠", "K♣", "6♦"], HEARTS) == 2


def test_H4_worked_example():
    # hearts trump (×2); A leads A♣, B plays 9♥, C holds 8♣ but plays J♥, D plays 7♣.
    c_hand = CardSet.parse("8♣ J♥ 6♥ K♠")
    assert check_play("J♥", c_hand, ["A♣", "9♥"], HEARTS).legal
    verdict = check_play("6♥", c_hand, ["A♣", "9♥"], HEARTS)
    assert not verdict.legal and verdict.rule == "P4"
    trick = ["A♣", "9♥", "J♥", "7♣"]
    assert trick_winner(trick, HEARTS) == 2
    assert trick_points(trick, HEARTS) == 45
    assert trick_points(trick, HEARTS) * CLASSIC.multiplier(HEARTS) == 90


def test_H5_worked_example_modern():
    # roses trump; player 4 leads K♦, player 3 trumps 8♥, player 1 holds 10♦ but plays J♥, player 2 6♦.
    p1 = CardSet.parse("10♦ J♥ A♠")
    v = check_play("J♥", p1, ["K♦", "8♥"], HEARTS)
    assert v.legal and v.rule == "P3"
    trick = ["K♦", "8♥", "J♥", "6♦"]
    assert trick_winner(trick, HEARTS) == 2
    assert trick_points(trick, HEARTS, MODERN) == 24
    assert MODERN.multiplier(HEARTS) == 1


def test_O7_last_trick_adds_five():
    assert trick_points(["6♣", "7♣", "6♠", "7♠"], HEARTS, last=True) == 5


def test_check_play_card_not_in_hand():
    with pytest.raises(CardNotInHandError, match="A♠ is not in the hand"):
        check_play("A♠", CardSet.parse("6♣"), [], HEARTS)


def test_trick_and_hand_share_a_card():
    with pytest.raises(DuplicateCardError, match="A♣"):
        legal_cards(CardSet.parse("A♣ 6♣"), ["A♣"], HEARTS)


# ------------------------------------------------------------- properties
@st.composite
def positions(draw):
    deck = draw(st.permutations(range(36)))
    n_trick = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, 9))
    trick = list(deck[:n_trick])
    hand = CardSet(deck[n_trick : n_trick + n_hand])
    contract = draw(st.sampled_from(list(Contract)))
    return hand, trick, contract


@given(positions())
def test_legal_set_never_empty_and_inside_hand(pos):
    hand, trick, contract = pos
    legal_set = legal_cards(hand, trick, contract)
    assert legal_set, "a non-empty hand always has a legal card"
    assert legal_set <= hand


@given(positions())
def test_check_play_agrees_with_legal_cards(pos):
    hand, trick, contract = pos
    legal_set = legal_cards(hand, trick, contract)
    for card in hand:
        v = check_play(card, hand, trick, contract)
        assert v.legal == (card in legal_set)
        assert v.rule in {"P1", "P2", "P3", "P4", "P5"}
        assert str(card) in v.message


@given(positions())
def test_exactly_one_trick_winner(pos):
    hand, trick, contract = pos
    full = trick + list(hand)[: 4 - len(trick)]
    if len(full) < 1:
        return
    w = trick_winner(full, contract)
    assert 0 <= w < len(full)


def test_legal_mask_matches_naive_rules_on_random_positions():
    """Cross-check the bitmask implementation against a direct reading of P2–P5."""
    rng = random.Random(11)
    from jasslib.contracts import rank_strength

    for _ in range(3000):
        deck = list(range(36))
        rng.shuffle(deck)
        trick = deck[: rng.randint(1, 3)]
        hand = deck[4 : 4 + rng.randint(1, 9)]
        contract = rng.randrange(6)
        led = trick[0] // 9
        expected = set()
        for c in hand:
            suit = c // 9
            has_led = any(h // 9 == led for h in hand)
            if contract >= 4:
                ok = suit == led or not has_led
            elif led == contract:
                trumps = [h for h in hand if h // 9 == contract]
                lone_puur = trumps == [contract * 9 + 5]
                ok = suit == contract or not trumps or lone_puur
            else:
                s = rank_strength(Contract(contract))
                top = max((s[t] for t in trick if t // 9 == contract), default=-1)
                only_trumps = all(h // 9 == contract for h in hand)
                if suit == contract:
                    ok = s[c] > top or only_trumps
                else:
                    ok = suit == led or not has_led
            if ok:
                expected.add(c)
        mask = sum(1 << c for c in hand)
        got = legal_mask(mask, trick, contract)
        assert {c for c in range(36) if got >> c & 1} == expected, (hand, trick, contract)
