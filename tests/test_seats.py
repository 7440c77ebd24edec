"""Tests of jasslib.seats: seats round the table, partners and teams (RULES.md D1, P1), parsing a seat or a team.

Test names carry the rule id they check.
"""

from __future__ import annotations

import pytest
from casetable import check_cases

from jasslib import CardParseError, Seat, Team


def test_D1_P1_seat_next_previous_partner_team():
    def check(n):
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

    check_cases(range(4), check)


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


def test_seat_parse():
    def check(value, seat):
        assert Seat.parse(value) is seat

    check_cases([(0, Seat.S0), (3, Seat.S3), ("2", Seat.S2), (Seat.S1, Seat.S1)], check)


def test_seat_parse_refuses_bad_seat():
    def check(bad):
        with pytest.raises(CardParseError) as info:
            Seat.parse(bad)
        assert repr(bad) in str(info.value)
        assert isinstance(info.value, ValueError)

    check_cases([4, -1, "4", "north", "", None], check)


def test_seat_constructor_refuses_4():
    with pytest.raises(ValueError):
        Seat(4)


def test_team_parse_refuses_bad_team():
    def check(bad):
        with pytest.raises(CardParseError):
            Team.parse(bad)

    check_cases([2, -1, "x", None], check)
    assert Team.parse(1) is Team.T1 and Team.parse("0") is Team.T0
