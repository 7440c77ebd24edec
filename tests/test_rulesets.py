"""Tests of jasslib.rulesets: the CLASSIC and MODERN presets and their variants.

Rules covered (RULES.md): C3 multipliers, D4 starting card, G1 target, G3 claim priority, G4 Schneider,
W2 sequence scale, W3 four nines; and the Ruleset value itself (lookup by name, JSON form, frozen, validation).
Test names carry the rule id they check.
"""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest
from casetable import check_cases

from jasslib import CLASSIC, MODERN, Card, CardParseError, Contract, Ruleset

PRESETS = [CLASSIC, MODERN]


# --------------------------------------------------------------------------- C3: multipliers


def test_C3_classic_multipliers():
    factors = [
        (Contract.CLUBS, 1), (Contract.SPADES, 1), (Contract.DIAMONDS, 2), (Contract.HEARTS, 2),
        (Contract.OBENABE, 3), (Contract.UNDENUFE, 4),
    ]

    def check(contract, factor):
        assert CLASSIC.multiplier(contract) == factor
        assert CLASSIC.multiplier(int(contract)) == factor

    check_cases(factors, check)


def test_C3_modern_multipliers_are_all_one():
    def check(contract):
        assert MODERN.multiplier(contract) == 1

    check_cases(Contract, check)


def test_C3_modern_optional_multipliers():
    factors = [
        (Contract.DIAMONDS, 2), (Contract.SPADES, 2), (Contract.CLUBS, 1), (Contract.HEARTS, 1),
        (Contract.OBENABE, 3), (Contract.UNDENUFE, 3),
    ]
    optional = MODERN.with_multipliers()

    def check(contract, factor):
        assert optional.multiplier(contract) == factor
        assert MODERN.multiplier(contract) == 1  # the preset itself is unchanged

    check_cases(factors, check)
    # everything else of the modern preset is kept
    assert optional.modern_undenufe == MODERN.modern_undenufe
    assert optional.target == MODERN.target
    assert optional.starting_card == MODERN.starting_card


def test_C3_custom_multipliers_and_validation():
    custom = CLASSIC.with_multipliers((1, 2, 3, 4, 5, 6))
    assert [custom.multiplier(c) for c in Contract] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="C3"):
        CLASSIC.with_multipliers((1, 1, 1))
    with pytest.raises(ValueError, match="C3"):
        CLASSIC.with_multipliers((1, 1, 1, 1, 1, 0))


# --------------------------------------------------------------------------- presets and variants


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


def test_W2_sequence_scale():
    points = [(3, 20, 20), (4, 50, 50), (5, 100, 100), (6, 100, 150), (7, 100, 200), (8, 100, 250), (9, 100, 300)]

    def check(length, classic, modern):
        assert CLASSIC.sequence_points(length) == classic
        assert MODERN.sequence_points(length) == modern

    check_cases(points, check)


def test_W2_sequence_length_out_of_range():
    def check(length):
        with pytest.raises(ValueError, match="W2"):
            CLASSIC.sequence_points(length)

    check_cases([0, 1, 2, 10], check)


def test_W3_four_nines():
    assert CLASSIC.four_nines is None
    assert MODERN.four_nines == 150


def test_G3_claim_priority():
    assert CLASSIC.claim_priority == MODERN.claim_priority == ("stoeck", "weis", "stich")


def test_G1_G4_with_target():
    def check(ruleset, target):
        variant = ruleset.with_target(target)
        assert variant.target == target
        assert variant.schneider == target // 2
        assert variant.multipliers == ruleset.multipliers
        assert variant.sequence_scale == ruleset.sequence_scale
        assert variant.starting_card == ruleset.starting_card
        assert ruleset.target in (3000, 1000)  # the preset is unchanged

    check_cases(itertools.product(PRESETS, [1500, 2500, 1000]), check)


def test_G1_with_target_1500_on_classic():
    variant = CLASSIC.with_target(1500)
    assert (variant.target, variant.schneider) == (1500, 750)
    assert CLASSIC.target == 3000


def test_ruleset_get():
    def check(name, preset):
        assert Ruleset.get(name) is preset
        assert Ruleset.get(preset) is preset

    check_cases([("classic", CLASSIC), ("modern", MODERN), (" Classic ", CLASSIC), ("MODERN", MODERN)], check)


def test_ruleset_get_unknown_name():
    def check(bad):
        with pytest.raises(CardParseError) as info:
            Ruleset.get(bad)
        assert repr(bad) in str(info.value)
        assert isinstance(info.value, ValueError)

    check_cases(["", "swiss", "klassik", "classic-1500"], check)


def test_ruleset_to_dict_from_dict_round_trip():
    def check(ruleset):
        data = ruleset.to_dict()
        assert Ruleset.from_dict(data) == ruleset
        # through real JSON text too
        assert Ruleset.from_dict(json.loads(json.dumps(data))) == ruleset
        assert data["starting_card"] == str(ruleset.starting_card)

    variants = [MODERN.with_multipliers(), CLASSIC.with_target(1500), MODERN.with_target(2500)]
    check_cases([*PRESETS, *variants], check)


def test_ruleset_to_dict_is_json_ready():
    data = json.loads(json.dumps(CLASSIC.to_dict()))
    assert data["name"] == "classic"
    assert data["multipliers"] == [1, 1, 2, 2, 3, 4]
    assert data["starting_card"] == "7♣"
    assert data["four_nines"] is None
    assert data["claim_priority"] == ["stoeck", "weis", "stich"]


def test_ruleset_is_frozen():
    def check(ruleset):
        with pytest.raises(dataclasses.FrozenInstanceError):
            ruleset.target = 500  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            ruleset.name = "x"  # type: ignore[misc]
        assert hash(ruleset) == hash(Ruleset.from_dict(ruleset.to_dict()))

    check_cases(PRESETS, check)


def test_ruleset_validation():
    invalid = [
        ({"target": 0}, "G1"),
        ({"schneider": 5000}, "G4"),
        ({"schneider": -1}, "G4"),
        ({"sequence_scale": (20, 50)}, "W2"),
        ({"claim_priority": ("stich", "weis", "weis")}, "G3"),
    ]

    def check(changes, rule):
        with pytest.raises(ValueError, match=rule):
            CLASSIC.replace(**changes)

    check_cases(invalid, check)


def test_ruleset_replace_does_not_change_the_preset():
    variant = CLASSIC.replace(four_nines=150, name="mine")
    assert variant.four_nines == 150 and variant.name == "mine"
    assert CLASSIC.four_nines is None and CLASSIC.name == "classic"
