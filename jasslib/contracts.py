"""Contracts: the four trump suits, Obenabe and Undenufe (RULES.md C1, O1–O7).

A contract fixes the card order and the card points.  Card points depend on
the ruleset only in Undenufe (O6), so :func:`card_points` takes a flag for
that and :meth:`jasslib.Ruleset.card_points` passes it.

>>> Contract.parse("rosen"), Contract.parse("oben"), Contract.HEARTS.trump
(Contract.HEARTS, Contract.OBENABE, Suit.HEARTS)
>>> [str(c) for c in Contract]
['♣ trump', '♠ trump', '♥ trump', '♦ trump', 'Obenabe', 'Undenufe']
>>> sum(card_points(Contract.HEARTS)), sum(card_points(Contract.UNDENUFE, modern_undenufe=True))
(152, 152)
>>> Contract.HEARTS.card_order(Suit.HEARTS)
'J 9 A K Q 10 8 7 6'
"""

from __future__ import annotations

import enum
from functools import cache

from .cards import STYLES, Card, Rank, Suit, _plain_int
from .errors import CardParseError, RulesetError, excerpt

__all__ = ["Contract", "card_points", "rank_strength", "TRUMP_ORDER", "NATURAL_ORDER"]

NATURAL_ORDER: tuple[Rank, ...] = tuple(reversed(Rank))
"""O1: non-trump suits and Obenabe, strongest first: A K Q J 10 9 8 7 6."""
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.EIGHT, Rank.SEVEN, Rank.SIX,
)
"""O2: the trump suit, strongest first: J (Puur) 9 (Näll) A K Q 10 8 7 6."""
UNDENUFE_ORDER: tuple[Rank, ...] = tuple(Rank)
"""O3: Undenufe, strongest first: 6 7 8 9 10 J Q K A."""


class Contract(enum.IntEnum):
    """The six contracts: a trump suit (same number as its :class:`Suit`), Obenabe, Undenufe."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3
    OBENABE = 4
    UNDENUFE = 5

    def __repr__(self) -> str:
        return f"Contract.{self.name}"

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` for Obenabe and Undenufe."""
        return Suit(self) if self < 4 else None

    @property
    def has_trump(self) -> bool:
        """True for the four trump contracts."""
        return self < 4

    @classmethod
    def from_suit(cls, suit: Suit | int | str) -> Contract:
        """The trump contract of ``suit`` (anything :meth:`Suit.parse` takes)."""
        return _CONTRACTS[suit if type(suit) is Suit else Suit.parse(suit)]

    def format(self, style: str = "french") -> str:
        """``'♥ trump'`` (French), ``'Rosen trump'`` (Swiss), or the no-trump name."""
        if self.trump is None:
            if not isinstance(style, str) or style not in STYLES:
                raise CardParseError(f"unknown style {excerpt(style)}: expected one of {', '.join(STYLES)}")
            return self.name.capitalize()
        return f"{self.trump.format(style)} trump"

    def __str__(self) -> str:
        return self.format()

    def card_order(self, suit: Suit | int) -> str:
        """The ranks of ``suit`` strongest first under this contract (O1–O3)."""
        return " ".join(str(r) for r in rank_order(self, Suit.parse(suit)))

    @classmethod
    def parse(cls, text: str | int | Contract | Suit) -> Contract:
        """Parse a contract: a suit (symbol, letter or name), ``obenabe``/``oben``, ``undenufe``/``unden``.

        A number 0..5 (a NumPy integer too), a Contract, or a :class:`Suit` (its trump contract) passes; ``True``
        and other enums' members (a Card, a Seat) are refused.

        >>> Contract.parse("♦"), Contract.parse("Undenufe"), Contract.parse(4), Contract.parse(Suit.SPADES)
        (Contract.DIAMONDS, Contract.UNDENUFE, Contract.OBENABE, Contract.SPADES)
        """
        if type(text) is Contract:
            return text
        if type(text) is int and 0 <= text < 6:  # the common case first: no isinstance on enums
            return _CONTRACTS[text]
        number = _plain_int(text)  # a NumPy integer from a DataFrame's column as an int
        if isinstance(number, int):
            if isinstance(number, Suit):
                return _CONTRACTS[number]
            if not isinstance(number, (bool, enum.Enum)) and 0 <= number < 6:
                return _CONTRACTS[int(number)]
            raise CardParseError(f"unknown contract {excerpt(number)}: contracts are numbered 0..5 (C1)")
        if isinstance(text, str) and len(text) <= _MAX_CONTRACT_TEXT:
            key = text.strip().lower()
            if key.endswith(" trump"):  # "♥ trump", "Rosen trump"
                key = key[: -len(" trump")].strip()
            if key in _NO_TRUMP_WORDS:
                return _NO_TRUMP_WORDS[key]
            try:
                return cls.from_suit(Suit.parse(key))
            except CardParseError:
                pass
        raise CardParseError(
            f"unknown contract {excerpt(text)}: expected a suit (♣ ♠ ♥ ♦ or a suit name), Obenabe or Undenufe (C1)"
        )

    @classmethod
    def _missing_(cls, value: object) -> Contract:
        raise CardParseError(f"unknown contract {excerpt(value)}: contracts are numbered 0..5 (C1)")


_CONTRACTS = tuple(Contract)
_MAX_CONTRACT_TEXT = 40
"""Longer text names no contract (the longest name, "Schellen trump", has 14 characters): not read."""
_NO_TRUMP_WORDS = {
    w: Contract.OBENABE for w in ("obenabe", "oben", "obe", "top-down", "topdown", "top down", "o")
} | {w: Contract.UNDENUFE for w in ("undenufe", "unden", "unde", "bottom-up", "bottomup", "bottom up", "u")}


def rank_order(contract: Contract, suit: Suit) -> tuple[Rank, ...]:
    """The ranks of ``suit`` strongest first under ``contract`` (O1–O3)."""
    if contract == Contract.UNDENUFE:
        return UNDENUFE_ORDER
    if contract.trump == suit:
        return TRUMP_ORDER
    return NATURAL_ORDER


def rank_strength(contract: Contract | int | str) -> tuple[int, ...]:
    """Per card, its strength within its own suit under ``contract``: 0 weakest .. 8 strongest.

    Comparing cards of different suits is :func:`jasslib.play.trick_winner`'s job (P6).

    >>> s = rank_strength(Contract.CLUBS)
    >>> s[Card.CJ] > s[Card.C9] > s[Card.CA]
    True
    """
    return _rank_strength(contract if type(contract) is Contract else Contract.parse(contract))


@cache
def _rank_strength(contract: Contract) -> tuple[int, ...]:
    table = []
    for card in Card:
        order = rank_order(contract, card.suit)
        table.append(8 - order.index(card.rank))
    return tuple(table)


_PLAIN_POINTS = {Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 10}
_TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.TEN: 10}


def card_points(contract: Contract | int | str, modern_undenufe: bool = False) -> tuple[int, ...]:
    """Per card, its points under ``contract`` (O4–O6); each table sums to 152 (O7).

    ``modern_undenufe`` swaps the values of 6 and A in Undenufe (O6, modern preset).

    >>> p = card_points(Contract.HEARTS)
    >>> p[Card.HJ], p[Card.H9], p[Card.CJ], p[Card.C9]
    (20, 14, 2, 0)
    >>> p = card_points(Contract.UNDENUFE)
    >>> p[Card.C8], p[Card.CA], p[Card.C6]
    (8, 11, 0)
    >>> p = card_points(Contract.UNDENUFE, modern_undenufe=True)
    >>> p[Card.CA], p[Card.C6]
    (0, 11)
    """
    if type(modern_undenufe) is not bool:
        raise RulesetError(f"modern_undenufe is True or False, not {excerpt(modern_undenufe)} (O6)")
    return _card_points(contract if type(contract) is Contract else Contract.parse(contract), modern_undenufe)


@cache
def _card_points(contract: Contract, modern_undenufe: bool) -> tuple[int, ...]:
    """:func:`card_points` of a checked contract and flag (cached: one table per pair)."""
    table = []
    for card in Card:
        if contract.trump == card.suit:
            value = _TRUMP_POINTS.get(card.rank, 0)
        else:
            value = _PLAIN_POINTS.get(card.rank, 0)
            if not contract.has_trump:
                if card.rank == Rank.EIGHT:
                    value = 8
                if contract == Contract.UNDENUFE and modern_undenufe:
                    if card.rank == Rank.ACE:
                        value = 0
                    elif card.rank == Rank.SIX:
                        value = 11
        table.append(value)
    return tuple(table)
