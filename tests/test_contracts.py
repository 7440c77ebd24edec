"""Tests of jasslib.contracts: the six contracts, card orders and card points.

Rules covered (RULES.md): C1, O1–O7 (card points under both presets' Undenufe values).  Seats are tested in
test_seats.py, the rulesets' conventions (multipliers, targets, Weis scale) in test_rulesets.py.
Test names carry the rule id they check.
"""

from __future__ import annotations

import itertools

import pytest
from casetable import check_cases

from jasslib import (
    CLASSIC,
    MODERN,
    Card,
    CardParseError,
    CardSet,
    Contract,
    JassError,
    Rank,
    Ruleset,
    Suit,
)
from jasslib.contracts import NATURAL_ORDER, TRUMP_ORDER, card_points, rank_strength

TRUMPS = [Contract.CLUBS, Contract.SPADES, Contract.HEARTS, Contract.DIAMONDS]
NO_TRUMPS = [Contract.OBENABE, Contract.UNDENUFE]
PRESETS = [CLASSIC, MODERN]

O1_ORDER = "A K Q J 10 9 8 7 6"
O2_ORDER = "J 9 A K Q 10 8 7 6"
O3_ORDER = "6 7 8 9 10 J Q K A"


def points(ruleset: Ruleset, contract: Contract, text: str) -> int:
    """Points of one card (given as text) under ``contract`` in ``ruleset``."""
    return ruleset.card_points(contract)[Card.parse(text)]


# --------------------------------------------------------------------------- C1: the contracts


def test_C1_six_contracts_four_trumps_obenabe_undenufe():
    assert len(Contract) == 6
    for contract in TRUMPS:
        assert contract.has_trump
        assert contract.trump == Suit(int(contract))
        assert Contract.from_suit(contract.trump) is contract
    for contract in NO_TRUMPS:
        assert not contract.has_trump
        assert contract.trump is None


def test_C1_contract_parse():
    words = {
        "♣": Contract.CLUBS, "♠": Contract.SPADES, "♥": Contract.HEARTS, "♦": Contract.DIAMONDS,
        "C": Contract.CLUBS, "s": Contract.SPADES, "h": Contract.HEARTS, "D": Contract.DIAMONDS,
        "clubs": Contract.CLUBS, "Spades": Contract.SPADES, "hearts": Contract.HEARTS, "DIAMONDS": Contract.DIAMONDS,
        "Eicheln": Contract.CLUBS, "Schilten": Contract.SPADES, "Rosen": Contract.HEARTS, "rosen": Contract.HEARTS,
        "Schellen": Contract.DIAMONDS, "Eichel": Contract.CLUBS, "Laub": Contract.SPADES, "Herz": Contract.HEARTS,
        "Rosen trump": Contract.HEARTS, "♥ trump": Contract.HEARTS,
        "obenabe": Contract.OBENABE, "Obenabe": Contract.OBENABE, "OBENABE": Contract.OBENABE, "oben": Contract.OBENABE,
        "undenufe": Contract.UNDENUFE, "Undenufe": Contract.UNDENUFE, "unden": Contract.UNDENUFE,
        "  Unden  ": Contract.UNDENUFE,
    }
    # numbers, a Contract and a Suit: a list, not dict keys (IntEnum members equal their numbers)
    others = [
        (0, Contract.CLUBS), (1, Contract.SPADES), (2, Contract.HEARTS), (3, Contract.DIAMONDS), (4, Contract.OBENABE),
        (5, Contract.UNDENUFE), (Contract.UNDENUFE, Contract.UNDENUFE), (Suit.HEARTS, Contract.HEARTS),
    ]

    def check(text, contract):
        assert Contract.parse(text) is contract

    check_cases([*words.items(), *others], check)


def test_C1_contract_format_parse_round_trip():
    def check(contract, style):
        assert Contract.parse(contract.format(style)) is contract
        assert Contract.parse(str(contract)) is contract

    check_cases(itertools.product(Contract, ["french", "ascii", "swiss", "german"]), check)


def test_C1_contract_str():
    assert [str(c) for c in Contract] == ["♣ trump", "♠ trump", "♥ trump", "♦ trump", "Obenabe", "Undenufe"]
    assert Contract.HEARTS.format("swiss") == "Rosen trump"
    assert Contract.SPADES.format("german") == "Laub trump"


def test_C1_bad_contract_text_is_refused_mentioning_C1():
    def check(bad):
        with pytest.raises(CardParseError) as info:
            Contract.parse(bad)
        message = str(info.value)
        assert "C1" in message
        assert repr(bad) in message
        assert isinstance(info.value, JassError) and isinstance(info.value, ValueError)

    check_cases(["", "x", "trump", "schieben", "Ass", "A♣", "Obenabee", "7", "Rosen Under"], check)


def test_C1_bad_contract_number_is_refused_mentioning_C1():
    def check(bad):
        with pytest.raises(CardParseError) as info:
            Contract.parse(bad)
        message = str(info.value)
        assert str(bad) in message
        assert "C1" in message

    check_cases([6, -1, 100], check)


# --------------------------------------------------------------------------- O1–O3: card order


def _order_by_strength(contract: Contract, suit: Suit) -> str:
    """The ranks of ``suit`` sorted strongest first by ``rank_strength``."""
    strength = rank_strength(contract)
    cards = sorted(CardSet.full().of_suit(suit), key=lambda c: strength[c], reverse=True)
    return " ".join(str(c.rank) for c in cards)


def test_O1_O2_order_in_trump_contracts():
    def check(contract, suit):
        expected = O2_ORDER if contract.trump == suit else O1_ORDER
        assert contract.card_order(suit) == expected
        assert contract.card_order(int(suit)) == expected
        assert _order_by_strength(contract, suit) == expected

    check_cases(itertools.product(TRUMPS, Suit), check)


def test_O1_obenabe_order_is_ace_high():
    def check(suit):
        assert Contract.OBENABE.card_order(suit) == O1_ORDER
        assert _order_by_strength(Contract.OBENABE, suit) == O1_ORDER

    check_cases(Suit, check)


def test_O3_undenufe_order_is_six_high():
    def check(suit):
        assert Contract.UNDENUFE.card_order(suit) == O3_ORDER
        assert _order_by_strength(Contract.UNDENUFE, suit) == O3_ORDER

    check_cases(Suit, check)


def test_O1_O2_order_constants():
    assert " ".join(str(r) for r in NATURAL_ORDER) == O1_ORDER
    assert " ".join(str(r) for r in TRUMP_ORDER) == O2_ORDER


def test_O1_O3_rank_strength_is_a_permutation_per_suit():
    def check(contract):
        strength = rank_strength(contract)
        assert len(strength) == 36
        for suit in Suit:
            assert sorted(strength[c] for c in CardSet.full().of_suit(suit)) == list(range(9)), suit

    check_cases(Contract, check)


def test_O1_O3_rank_strength_examples():
    stronger_first = [
        (Contract.HEARTS, "J♥", "9♥"),  # Puur beats Näll
        (Contract.HEARTS, "9♥", "A♥"),  # Näll beats the trump ace
        (Contract.HEARTS, "10♥", "8♥"),
        (Contract.HEARTS, "A♣", "K♣"),
        (Contract.HEARTS, "10♣", "9♣"),
        (Contract.HEARTS, "J♣", "10♣"),  # non-trump J is plain
        (Contract.CLUBS, "J♣", "A♣"),
        (Contract.OBENABE, "A♦", "K♦"),
        (Contract.OBENABE, "J♦", "9♦"),
        (Contract.UNDENUFE, "6♠", "7♠"),
        (Contract.UNDENUFE, "K♠", "A♠"),
        (Contract.UNDENUFE, "9♠", "J♠"),
    ]

    def check(contract, stronger, weaker):
        strength = rank_strength(contract)
        assert strength[Card.parse(stronger)] > strength[Card.parse(weaker)]

    check_cases(stronger_first, check)


# --------------------------------------------------------------------------- O4–O6: card points


def test_O4_trump_contract_points():
    trump_values = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10, "8": 0, "7": 0, "6": 0}
    plain_values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 0, "7": 0, "6": 0}

    def check(ruleset, contract):
        table = ruleset.card_points(contract)
        for card in Card:
            values = trump_values if card.suit == contract.trump else plain_values
            assert table[card] == values[str(card.rank)], f"{card} under {contract}"

    check_cases(itertools.product(PRESETS, TRUMPS), check)


def test_O4_hearts_trump_examples():
    def check(ruleset):
        assert points(ruleset, Contract.HEARTS, "J♥") == 20
        assert points(ruleset, Contract.HEARTS, "9♥") == 14
        assert points(ruleset, Contract.HEARTS, "J♣") == 2
        assert points(ruleset, Contract.HEARTS, "9♣") == 0
        assert points(ruleset, Contract.HEARTS, "8♥") == 0
        assert points(ruleset, Contract.HEARTS, "8♣") == 0
        assert points(ruleset, Contract.HEARTS, "10♦") == 10

    check_cases(PRESETS, check)


def test_O5_obenabe_points_eight_counts_eight():
    """O5: in Obenabe (and Undenufe) the 8 counts 8 and there is no trump."""
    values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 8, "7": 0, "6": 0}

    def check(ruleset, suit):
        table = ruleset.card_points(Contract.OBENABE)
        for card in CardSet.full().of_suit(suit):
            assert table[card] == values[str(card.rank)], str(card)

    check_cases(itertools.product(PRESETS, Suit), check)


def test_O4_O5_eight_counts_only_without_trump():
    def check(ruleset, contract):
        table = ruleset.card_points(contract)
        eights = [table[Card.make(s, Rank.EIGHT)] for s in Suit]
        assert eights == ([0, 0, 0, 0] if contract.has_trump else [8, 8, 8, 8])

    check_cases(itertools.product(PRESETS, Contract), check)


def test_O6_classic_undenufe_keeps_ace_11_six_0():
    table = CLASSIC.card_points(Contract.UNDENUFE)
    values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 8, "7": 0, "6": 0}

    def check(suit):
        for card in CardSet.full().of_suit(suit):
            assert table[card] == values[str(card.rank)], str(card)

    check_cases(Suit, check)


def test_O6_modern_undenufe_six_11_ace_0():
    table = MODERN.card_points(Contract.UNDENUFE)
    values = {"A": 0, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 8, "7": 0, "6": 11}

    def check(suit):
        for card in CardSet.full().of_suit(suit):
            assert table[card] == values[str(card.rank)], str(card)

    check_cases(Suit, check)


def test_O6_undenufe_flag_only_changes_undenufe():
    for contract in Contract:
        if contract is Contract.UNDENUFE:
            assert card_points(contract) != card_points(contract, modern_undenufe=True)
        else:
            assert card_points(contract) == card_points(contract, modern_undenufe=True)
            assert CLASSIC.card_points(contract) == MODERN.card_points(contract)


def test_O7_card_points_sum_to_152():
    def check(ruleset, contract):
        table = ruleset.card_points(contract)
        assert len(table) == 36
        assert sum(table) == 152
        assert sum(table) + 5 == 157  # with the last trick
        assert sum(table) + 5 + 100 == 257  # match
        assert all(v >= 0 for v in table)

    check_cases(itertools.product(PRESETS, Contract), check)
