"""Tests of jasslib.scoring: H1–H3, revoke (G5), claims (G2), claim order (G3), Schneider (G4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jasslib import CLASSIC, MODERN, ClaimError, Contract, JassError, Team
from jasslib.scoring import (
    games_won,
    hand_score,
    is_schneider,
    judge_claim,
    race,
    revoke_score,
    trick_totals,
)


def test_H1_last_trick_and_match():
    assert trick_totals((80, 72), (5, 4), last_trick=0) == (85, 72)
    assert trick_totals((80, 72), (5, 4), last_trick=1) == (80, 77)
    assert trick_totals((152, 0), (9, 0), last_trick=0) == (257, 0)
    assert trick_totals((0, 152), (0, 9), last_trick=1) == (0, 257)


def test_H1_rejects_impossible_hands():
    with pytest.raises(JassError, match="152"):
        trick_totals((80, 80), (5, 4), 0)
    with pytest.raises(JassError, match="nine tricks"):
        trick_totals((80, 72), (5, 3), 0)
    with pytest.raises(JassError, match="nine tricks"):
        trick_totals((152, 0), (9, 0), 1)


def test_H2_multiplier_applied_once_weis_and_stoeck_recorded_multiplied():
    """H2: (tricks + Weis + Stöck) × multiplier, the trick total multiplied once."""
    s = hand_score((80, 72), (5, 4), 0, Contract.UNDENUFE, weis=(50, 0), stoeck=(0, 0))
    assert s.multiplier == 4
    assert s.weis == (200, 0)
    assert s.trick_score == (85 * 4, 72 * 4)
    assert s.total == (85 * 4 + 200, 72 * 4)
    s = hand_score((80, 72), (5, 4), 0, Contract.HEARTS, stoeck=(0, 20))
    assert s.stoeck == (0, 40) and s.total == (170, 184)


def test_H3_worked_example():
    s = hand_score((95, 57), (5, 4), last_trick=0, contract=Contract.HEARTS, weis=(20, 0))
    assert s.trick_points == (100, 57)
    assert s.total == (240, 114)


def test_O7_match_is_257():
    s = hand_score((152, 0), (9, 0), 0, Contract.CLUBS)
    assert s.match is Team.T0 and s.total == (257, 0)


def test_C3_modern_has_no_multiplier_by_default():
    s = hand_score((95, 57), (5, 4), 0, Contract.UNDENUFE, MODERN, weis=(20, 0))
    assert s.total == (120, 57)
    s = hand_score((95, 57), (5, 4), 0, Contract.SPADES, MODERN.with_multipliers(), weis=(20, 0))
    assert s.total == (240, 114)


def test_G5_revoke_gives_157_to_the_other_team():
    s = revoke_score(0, Contract.HEARTS)
    assert s.trick_points == (0, 157) and s.total == (0, 314) and s.revoke is Team.T0
    s = revoke_score(1, Contract.OBENABE, weis=(0, 50))
    assert s.total == (471, 150)


def test_G2_claim_at_least_target_wins():
    r = judge_claim(0, recorded=(2950, 2000), captured=(25, 30), multiplier=2)
    assert r.valid and r.winner is Team.T0 and r.total == 3000
    assert "3000 ≥ 3000" in r.message and "G2" in r.message


def test_G2_false_claim_loses():
    r = judge_claim(1, recorded=(2950, 2900), captured=(25, 30), multiplier=1)
    assert not r.valid and r.winner is Team.T0 and "false claim" in r.message


def test_G2_claim_counts_claimable_stoeck():
    r = judge_claim(0, recorded=(2980, 0), captured=(0, 0), multiplier=1, stoeck=(20, 0))
    assert r.valid and r.total == 3000


def test_G3_stoeck_before_weis_before_stich():
    # both teams would reach 3000 in this hand: team 1 by Stöck, team 0 by Weis and by tricks
    result = race((2990, 2990), {"stoeck": (0, 20), "weis": (50, 0), "stich": (100, 57)})
    assert result.winner is Team.T1 and result.category == "stoeck"
    result = race((2990, 2990), {"stoeck": (0, 0), "weis": (50, 0), "stich": (0, 157)})
    assert result.winner is Team.T0 and result.category == "weis"
    result = race((2900, 2990), {"stoeck": (0, 0), "weis": (0, 0), "stich": (157, 0)})
    assert result.winner is Team.T0 and result.category == "stich"


def test_G3_nobody_reaches():
    assert race((100, 100), {"stich": (57, 100)}).winner is None


def test_G3_unknown_category():
    with pytest.raises(ClaimError, match="unknown claim categories"):
        race((0, 0), {"trumps": (1, 1)})


def test_G3_custom_priority():
    adds = {"stoeck": (0, 20), "weis": (50, 0), "stich": (0, 0)}
    assert race((2990, 2990), adds, priority=("weis", "stoeck", "stich")).winner is Team.T0


def test_G4_schneider():
    assert is_schneider(1499) and not is_schneider(1500)
    assert is_schneider(499, MODERN) and not is_schneider(500, MODERN)
    assert games_won(1000) == 2 and games_won(2800) == 1
    assert CLASSIC.with_target(2500).schneider == 1250


@given(cp0=st.integers(0, 152), t0=st.integers(0, 9), contract=st.sampled_from(list(Contract)),
       ruleset=st.sampled_from([CLASSIC, MODERN]))
def test_hand_totals_are_157_or_257_before_multiplier(cp0, t0, contract, ruleset):
    if t0 == 0 and cp0 > 0 or t0 == 9 and cp0 < 152:
        return
    last = 0 if t0 == 9 else 1 if t0 == 0 else cp0 % 2
    s = hand_score((cp0, 152 - cp0), (t0, 9 - t0), last, contract, ruleset)
    assert sum(s.trick_points) == (257 if s.match is not None else 157)
    assert sum(s.total) == sum(s.trick_points) * ruleset.multiplier(contract)
