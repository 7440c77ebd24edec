"""Seats and teams (RULES.md D1, P1).

Seats ``0 1 2 3`` are numbered in playing order, which is counterclockwise;
the "next" player is always the one to the right.  Partners sit opposite:
team 0 is seats 0 and 2, team 1 is seats 1 and 3.

>>> Seat(3).next, Seat(1).partner, Seat(3).team
(Seat.S0, Seat.S3, Team.T1)
>>> Team.T0.seats, Team.T0.other
((Seat.S0, Seat.S2), Team.T1)
"""

from __future__ import annotations

import enum

from .cards import _plain_int
from .errors import CardParseError, excerpt

__all__ = ["Seat", "Team"]


class Seat(enum.IntEnum):
    """A seat at the table, 0..3 in playing (counterclockwise) order."""

    S0 = 0
    S1 = 1
    S2 = 2
    S3 = 3

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return f"seat {int(self)}"

    @property
    def next(self) -> Seat:
        """The player to the right, who plays next (P1)."""
        return _SEATS[(self + 1) % 4]

    @property
    def previous(self) -> Seat:
        """The player to the left, who played before."""
        return _SEATS[(self + 3) % 4]

    @property
    def partner(self) -> Seat:
        """The partner, sitting opposite (D1)."""
        return _SEATS[(self + 2) % 4]

    @property
    def team(self) -> Team:
        """The seat's partnership: seat % 2."""
        return _TEAMS[self % 2]

    @classmethod
    def parse(cls, value: int | str | Seat) -> Seat:
        """A seat from 0..3 (a NumPy integer too, or its text, ``"2"``); ``True`` and other enums' members are no seats.

        >>> Seat.parse(2), Seat.parse(" 3 ")
        (Seat.S2, Seat.S3)
        """
        if type(value) is Seat:
            return value
        if type(value) is int and 0 <= value < 4:
            return _SEATS[value]
        number = _whole_number(value, cls)
        if 0 <= number < 4:
            return _SEATS[number]
        raise CardParseError(f"unknown seat {excerpt(value)}: seats are 0, 1, 2 and 3")

    @classmethod
    def _missing_(cls, value: object) -> Seat:
        raise CardParseError(f"unknown seat {excerpt(value)}: seats are 0, 1, 2 and 3")


class Team(enum.IntEnum):
    """A partnership: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""

    T0 = 0
    T1 = 1

    def __repr__(self) -> str:
        return f"Team.{self.name}"

    def __str__(self) -> str:
        return f"team {int(self)}"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this team."""
        return (_SEATS[self], _SEATS[self + 2])

    @property
    def other(self) -> Team:
        """The opposing team."""
        return _TEAMS[1 - self]

    @classmethod
    def parse(cls, value: int | str | Team) -> Team:
        """A team from 0 or 1 (or its text); ``True`` and other enums' members (a Seat) are no teams."""
        if type(value) is Team:
            return value
        if type(value) is int and 0 <= value < 2:
            return _TEAMS[value]
        number = _whole_number(value, cls)
        if number in (0, 1):
            return _TEAMS[number]
        raise CardParseError(
            f"unknown team {excerpt(value)}: teams are 0 (seats 0 and 2) and 1 (seats 1 and 3)"
        )

    @classmethod
    def _missing_(cls, value: object) -> Team:
        raise CardParseError(
            f"unknown team {excerpt(value)}: teams are 0 (seats 0 and 2) and 1 (seats 1 and 3)"
        )


def _whole_number(value: object, cls: type[enum.IntEnum]) -> int:
    """``value`` as a whole number (an int, a NumPy integer or its text of ASCII digits), else -1.

    Booleans and other enums' members are refused (-1): they are ints to Python, but no seat or team.
    Text is read only when short (a seat's or team's number has one digit).
    """
    value = _plain_int(value)  # a NumPy integer from a DataFrame's column
    if isinstance(value, int):
        if isinstance(value, bool) or (isinstance(value, enum.Enum) and not isinstance(value, cls)):
            return -1
        return int(value)
    if isinstance(value, str) and len(value) <= 8:
        text = value.strip()
        if text.isascii() and text.isdigit():
            return int(text)
    return -1


_SEATS = tuple(Seat)
_TEAMS = tuple(Team)
