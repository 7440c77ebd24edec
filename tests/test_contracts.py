"""Tests for contracts, card orders, card points, seats and rulesets.

Rules covered (RULES.md): C1, C3, O1–O7, D1, D4, P1, G1, G3, G4, W2, W3.
Test names carry the rule id they check.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

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
    Seat,
    Suit,
    Team,
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


@pytest.mark.parametrize(
    "text, contract",
    [
        ("♣", Contract.CLUBS),
        ("♠", Contract.SPADES),
        ("♥", Contract.HEARTS),
        ("♦", Contract.DIAMONDS),
        ("C", Contract.CLUBS),
        ("s", Contract.SPADES),
        ("h", Contract.HEARTS),
        ("D", Contract.DIAMONDS),
        ("clubs", Contract.CLUBS),
        ("Spades", Contract.SPADES),
        ("hearts", Contract.HEARTS),
        ("DIAMONDS", Contract.DIAMONDS),
        ("Eicheln", Contract.CLUBS),
        ("Schilten", Contract.SPADES),
        ("Rosen", Contract.HEARTS),
        ("rosen", Contract.HEARTS),
        ("Schellen", Contract.DIAMONDS),
        ("Eichel", Contract.CLUBS),
        ("Laub", Contract.SPADES),
        ("Herz", Contract.HEARTS),
        ("Rosen trump", Contract.HEARTS),
        ("♥ trump", Contract.HEARTS),
        ("obenabe", Contract.OBENABE),
        ("Obenabe", Contract.OBENABE),
        ("OBENABE", Contract.OBENABE),
        ("oben", Contract.OBENABE),
        ("undenufe", Contract.UNDENUFE),
        ("Undenufe", Contract.UNDENUFE),
        ("unden", Contract.UNDENUFE),
        ("  Unden  ", Contract.UNDENUFE),
        (0, Contract.CLUBS),
        (1, Contract.SPADES),
        (2, Contract.HEARTS),
        (3, Contract.DIAMONDS),
        (4, Contract.OBENABE),
        (5, Contract.UNDENUFE),
        (Contract.UNDENUFE, Contract.UNDENUFE),
        (Suit.HEARTS, Contract.HEARTS),
    ],
)
def test_C1_contract_parse(text, contract):
    assert Contract.parse(text) is contract


@pytest.mark.parametrize("contract", Contract)
@pytest.mark.parametrize("style", ["french", "ascii", "swiss", "german"])
def test_C1_contract_format_parse_round_trip(contract, style):
    assert Contract.parse(contract.format(style)) is contract
    assert Contract.parse(str(contract)) is contract


def test_C1_contract_str():
    assert [str(c) for c in Contract] == ["♣ trump", "♠ trump", "♥ trump", "♦ trump", "Obenabe", "Undenufe"]
    assert Contract.HEARTS.format("swiss") == "Rosen trump"
    assert Contract.SPADES.format("german") == "Laub trump"


@pytest.mark.parametrize("bad", ["", "x", "trump", "schieben", "Ass", "A♣", "Obenabee", "7", "Rosen Under"])
def test_C1_bad_contract_text_is_refused_mentioning_C1(bad):
    with pytest.raises(CardParseError) as info:
        Contract.parse(bad)
    message = str(info.value)
    assert "C1" in message
    assert repr(bad) in message
    assert isinstance(info.value, JassError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [6, -1, 100])
def test_C1_bad_contract_number_is_refused_mentioning_C1(bad):
    with pytest.raises(CardParseError) as info:
        Contract.parse(bad)
    message = str(info.value)
    assert str(bad) in message
    assert "C1" in message


# --------------------------------------------------------------------------- C3: multipliers


@pytest.mark.parametrize(
    "contract, factor",
    [
        (Contract.CLUBS, 1),
        (Contract.SPADES, 1),
        (Contract.DIAMONDS, 2),
        (Contract.HEARTS, 2),
        (Contract.OBENABE, 3),
        (Contract.UNDENUFE, 4),
    ],
)
def test_C3_classic_multipliers(contract, factor):
    assert CLASSIC.multiplier(contract) == factor
    assert CLASSIC.multiplier(int(contract)) == factor


@pytest.mark.parametrize("contract", Contract)
def test_C3_modern_multipliers_are_all_one(contract):
    assert MODERN.multiplier(contract) == 1


@pytest.mark.parametrize(
    "contract, factor",
    [
        (Contract.DIAMONDS, 2),
        (Contract.SPADES, 2),
        (Contract.CLUBS, 1),
        (Contract.HEARTS, 1),
        (Contract.OBENABE, 3),
        (Contract.UNDENUFE, 3),
    ],
)
def test_C3_modern_optional_multipliers(contract, factor):
    optional = MODERN.with_multipliers()
    assert optional.multiplier(contract) == factor
    # everything else of the modern preset is kept
    assert optional.modern_undenufe == MODERN.modern_undenufe
    assert optional.target == MODERN.target
    assert optional.starting_card == MODERN.starting_card
    # and the preset itself is unchanged
    assert MODERN.multiplier(contract) == 1


def test_C3_custom_multipliers_and_validation():
    custom = CLASSIC.with_multipliers((1, 2, 3, 4, 5, 6))
    assert [custom.multiplier(c) for c in Contract] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="C3"):
        CLASSIC.with_multipliers((1, 1, 1))
    with pytest.raises(ValueError, match="C3"):
        CLASSIC.with_multipliers((1, 1, 1, 1, 1, 0))


# --------------------------------------------------------------------------- O1–O3: card order


def _order_by_strength(contract: Contract, suit: Suit) -> str:
    """The ranks of ``suit`` sorted strongest first by ``rank_strength``."""
    strength = rank_strength(contract)
    cards = sorted(CardSet.full().of_suit(suit), key=lambda c: strength[c], reverse=True)
    return " ".join(str(c.rank) for c in cards)


@pytest.mark.parametrize("suit", Suit)
@pytest.mark.parametrize("contract", TRUMPS)
def test_O1_O2_order_in_trump_contracts(contract, suit):
    expected = O2_ORDER if contract.trump == suit else O1_ORDER
    assert contract.card_order(suit) == expected
    assert contract.card_order(int(suit)) == expected
    assert _order_by_strength(contract, suit) == expected


@pytest.mark.parametrize("suit", Suit)
def test_O1_obenabe_order_is_ace_high(suit):
    assert Contract.OBENABE.card_order(suit) == O1_ORDER
    assert _order_by_strength(Contract.OBENABE, suit) == O1_ORDER


@pytest.mark.parametrize("suit", Suit)
def test_O3_undenufe_order_is_six_high(suit):
    assert Contract.UNDENUFE.card_order(suit) == O3_ORDER
    assert _order_by_strength(Contract.UNDENUFE, suit) == O3_ORDER


def test_O1_O2_order_constants():
    assert " ".join(str(r) for r in NATURAL_ORDER) == O1_ORDER
    assert " ".join(str(r) for r in TRUMP_ORDER) == O2_ORDER


@pytest.mark.parametrize("contract", Contract)
def test_O1_O3_rank_strength_is_a_permutation_per_suit(contract):
    strength = rank_strength(contract)
    assert len(strength) == 36
    for suit in Suit:
        assert sorted(strength[c] for c in CardSet.full().of_suit(suit)) == list(range(9))


@pytest.mark.parametrize(
    "contract, stronger, weaker",
    [
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
    ],
)
def test_O1_O3_rank_strength_examples(contract, stronger, weaker):
    strength = rank_strength(contract)
    assert strength[Card.parse(stronger)] > strength[Card.parse(weaker)]


# --------------------------------------------------------------------------- O4–O6: card points


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("contract", TRUMPS)
def test_O4_trump_contract_points(contract, ruleset):
    table = ruleset.card_points(contract)
    trump_values = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10, "8": 0, "7": 0, "6": 0}
    plain_values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 0, "7": 0, "6": 0}
    for card in Card:
        values = trump_values if card.suit == contract.trump else plain_values
        assert table[card] == values[str(card.rank)], f"{card} under {contract}"


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_O4_hearts_trump_examples(ruleset):
    assert points(ruleset, Contract.HEARTS, "J♥") == 20
    assert points(ruleset, Contract.HEARTS, "9♥") == 14
    assert points(ruleset, Contract.HEARTS, "J♣") == 2
    assert points(ruleset, Contract.HEARTS, "9♣") == 0
    assert points(ruleset, Contract.HEARTS, "8♥") == 0
    assert points(ruleset, Contract.HEARTS, "8♣") == 0
    assert points(ruleset, Contract.HEARTS, "10♦") == 10


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("suit", Suit)
def test_O5_obenabe_points_eight_counts_eight(suit, ruleset):
    """O5: in Obenabe (and Undenufe) the 8 counts 8 and there is no trump."""
    table = ruleset.card_points(Contract.OBENABE)
    values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 8, "7": 0, "6": 0}
    for card in CardSet.full().of_suit(suit):
        assert table[card] == values[str(card.rank)], str(card)


@pytest.mark.parametrize("contract", Contract)
@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_O4_O5_eight_counts_only_without_trump(contract, ruleset):
    table = ruleset.card_points(contract)
    eights = [table[Card.make(s, Rank.EIGHT)] for s in Suit]
    assert eights == ([0, 0, 0, 0] if contract.has_trump else [8, 8, 8, 8])


@pytest.mark.parametrize("suit", Suit)
def test_O6_classic_undenufe_keeps_ace_11_six_0(suit):
    table = CLASSIC.card_points(Contract.UNDENUFE)
    values = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 8, "7": 0, "6": 0}
    for card in CardSet.full().of_suit(suit):
        assert table[card] == values[str(card.rank)], str(card)


@pytest.mark.parametrize("suit", Suit)
def test_O6_modern_undenufe_six_11_ace_0(suit):
    table = MODERN.card_points(Contract.UNDENUFE)
    values = {"A": 0, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 8, "7": 0, "6": 11}
    for card in CardSet.full().of_suit(suit):
        assert table[card] == values[str(card.rank)], str(card)


def test_O6_undenufe_flag_only_changes_undenufe():
    for contract in Contract:
        if contract is Contract.UNDENUFE:
            assert card_points(contract) != card_points(contract, modern_undenufe=True)
        else:
            assert card_points(contract) == card_points(contract, modern_undenufe=True)
            assert CLASSIC.card_points(contract) == MODERN.card_points(contract)


@pytest.mark.parametrize("contract", Contract)
@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_O7_card_points_sum_to_152(contract, ruleset):
    table = ruleset.card_points(contract)
    assert len(table) == 36
    assert sum(table) == 152
    assert sum(table) + 5 == 157  # with the last trick
    assert sum(table) + 5 + 100 == 257  # match
    assert all(v >= 0 for v in table)


# --------------------------------------------------------------------------- seats and teams (D1, P1)


@pytest.mark.parametrize("n", range(4))
def test_D1_P1_seat_next_previous_partner_team(n):
    seat = Seat(n)
    assert seat.next == (n + 1) % 4
    assert isinstance(seat.next, Seat)
    assert seat.previous == (n - 1) % 4
    assert seat.next.previous is seat
    assert seat.partner == (n + 2) % 4
    assert seat.partner.partner is seat
    assert seat.team == n % 2
    assert seat.partner.team is seat.team
    assert seat.next.team is not seat.team
    assert isinstance(seat.team, Team)


def test_P1_next_goes_round_the_table_counterclockwise():
    seat = Seat.S0
    visited = []
    for _ in range(4):
        visited.append(int(seat))
        seat = seat.next
    assert visited == [0, 1, 2, 3]
    assert seat is Seat.S0


def test_D1_teams():
    assert Team.T0.seats == (Seat.S0, Seat.S2)
    assert Team.T1.seats == (Seat.S1, Seat.S3)
    assert Team.T0.other is Team.T1 and Team.T1.other is Team.T0
    for team in Team:
        assert all(s.team is team for s in team.seats)


@pytest.mark.parametrize("value, seat", [(0, Seat.S0), (3, Seat.S3), ("2", Seat.S2), (Seat.S1, Seat.S1)])
def test_seat_parse(value, seat):
    assert Seat.parse(value) is seat


@pytest.mark.parametrize("bad", [4, -1, "4", "north", "", None])
def test_seat_parse_refuses_bad_seat(bad):
    with pytest.raises(CardParseError) as info:
        Seat.parse(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_seat_constructor_refuses_4():
    with pytest.raises(ValueError):
        Seat(4)


@pytest.mark.parametrize("bad", [2, -1, "x", None])
def test_team_parse_refuses_bad_team(bad):
    with pytest.raises(CardParseError):
        Team.parse(bad)
    assert Team.parse(1) is Team.T1 and Team.parse("0") is Team.T0


# --------------------------------------------------------------------------- rulesets


def test_D4_starting_card():
    assert CLASSIC.starting_card is Card.C7
    assert MODERN.starting_card is Card.H7
    assert str(CLASSIC.starting_card) == "7♣"
    assert MODERN.starting_card.format("swiss") == "Rosen 7"


def test_G1_targets():
    assert CLASSIC.target == 3000
    assert MODERN.target == 1000


def test_G4_schneider_is_half_the_target():
    assert CLASSIC.schneider == 1500
    assert MODERN.schneider == 500


@pytest.mark.parametrize(
    "length, classic, modern",
    [(3, 20, 20), (4, 50, 50), (5, 100, 100), (6, 100, 150), (7, 100, 200), (8, 100, 250), (9, 100, 300)],
)
def test_W2_sequence_scale(length, classic, modern):
    assert CLASSIC.sequence_points(length) == classic
    assert MODERN.sequence_points(length) == modern


@pytest.mark.parametrize("length", [0, 1, 2, 10])
def test_W2_sequence_length_out_of_range(length):
    with pytest.raises(ValueError, match="W2"):
        CLASSIC.sequence_points(length)


def test_W3_four_nines():
    assert CLASSIC.four_nines is None
    assert MODERN.four_nines == 150


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_G3_claim_priority(ruleset):
    assert ruleset.claim_priority == ("stoeck", "weis", "stich")


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("target", [1500, 2500, 1000])
def test_G1_G4_with_target(ruleset, target):
    variant = ruleset.with_target(target)
    assert variant.target == target
    assert variant.schneider == target // 2
    assert variant.multipliers == ruleset.multipliers
    assert variant.sequence_scale == ruleset.sequence_scale
    assert variant.starting_card == ruleset.starting_card
    assert ruleset.target in (3000, 1000)  # the preset is unchanged


def test_G1_with_target_1500_on_classic():
    variant = CLASSIC.with_target(1500)
    assert (variant.target, variant.schneider) == (1500, 750)
    assert CLASSIC.target == 3000


@pytest.mark.parametrize(
    "name, preset", [("classic", CLASSIC), ("modern", MODERN), (" Classic ", CLASSIC), ("MODERN", MODERN)]
)
def test_ruleset_get(name, preset):
    assert Ruleset.get(name) is preset
    assert Ruleset.get(preset) is preset


@pytest.mark.parametrize("bad", ["", "swiss", "klassik", "classic-1500"])
def test_ruleset_get_unknown_name(bad):
    with pytest.raises(CardParseError) as info:
        Ruleset.get(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "ruleset",
    [CLASSIC, MODERN, MODERN.with_multipliers(), CLASSIC.with_target(1500), MODERN.with_target(2500)],
    ids=lambda r: r.name,
)
def test_ruleset_to_dict_from_dict_round_trip(ruleset):
    data = ruleset.to_dict()
    assert Ruleset.from_dict(data) == ruleset
    # through real JSON text too
    assert Ruleset.from_dict(json.loads(json.dumps(data))) == ruleset
    assert data["starting_card"] == str(ruleset.starting_card)


def test_ruleset_to_dict_is_json_ready():
    data = json.loads(json.dumps(CLASSIC.to_dict()))
    assert data["name"] == "classic"
    assert data["multipliers"] == [1, 1, 2, 2, 3, 4]
    assert data["starting_card"] == "7♣"
    assert data["four_nines"] is None
    assert data["claim_priority"] == ["stoeck", "weis", "stich"]


@pytest.mark.parametrize("ruleset", PRESETS, ids=lambda r: r.name)
def test_ruleset_is_frozen(ruleset):
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.target = 500  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.name = "x"  # type: ignore[misc]
    assert hash(ruleset) == hash(Ruleset.from_dict(ruleset.to_dict()))


@pytest.mark.parametrize(
    "changes, rule",
    [
        ({"target": 0}, "G1"),
        ({"schneider": 5000}, "G4"),
        ({"schneider": -1}, "G4"),
        ({"sequence_scale": (20, 50)}, "W2"),
        ({"claim_priority": ("stich", "weis", "weis")}, "G3"),
    ],
)
def test_ruleset_validation(changes, rule):
    with pytest.raises(ValueError, match=rule):
        CLASSIC.replace(**changes)


def test_ruleset_replace_does_not_change_the_preset():
    variant = CLASSIC.replace(four_nines=150, name="mine")
    assert variant.four_nines == 150 and variant.name == "mine"
    assert CLASSIC.four_nines is None and CLASSIC.name == "classic"
