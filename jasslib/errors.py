"""Exceptions raised by jasslib.

Every exception is a :class:`ValueError` subclass with a message a learner can
read: it names the card, the seat and, where a rule is broken, the rule id of
RULES.md.  A refused call never changes the state of a :class:`~jasslib.Round`
or :class:`~jasslib.Game`.

>>> from jasslib import Card
>>> try:
...     Card.parse("Z♣")
... except CardParseError as exc:
...     print(exc)
unknown card 'Z♣': expected a rank (6 7 8 9 10 J Q K A, or T, U, O, B)
and a suit (♣ ♠ ♥ ♦, C S H D, or a Swiss/German suit name)
"""

from __future__ import annotations

import reprlib
from typing import Protocol


class VerdictLike(Protocol):
    """What an :class:`IllegalPlayError` carries: :class:`jasslib.play.Verdict` has these fields."""

    @property
    def legal(self) -> bool: ...  # False for a refused card

    @property
    def rule(self) -> str: ...  # the rule id, "P4"

    @property
    def message(self) -> str: ...  # one sentence a learner understands

__all__ = [
    "VerdictLike",
    "JassError",
    "CardParseError",
    "DuplicateCardError",
    "HandSizeError",
    "CardNotInHandError",
    "OutOfTurnError",
    "IllegalPlayError",
    "ContractError",
    "PhaseError",
    "RoundFormatError",
    "GameFormatError",
    "ClaimError",
    "GameOverClaimError",
    "RulesetError",
    "ImpossibleViewError",
    "BudgetError",
    "ArgumentError",
    "HintError",
    "excerpt",
    "EXCERPT_LENGTH",
]

EXCERPT_LENGTH = 30
"""How many characters of a long bad value an error message quotes (then "…")."""

_REPR = reprlib.Repr()
_REPR.maxstring = EXCERPT_LENGTH + 2  # the quotes
_REPR.maxother = EXCERPT_LENGTH + 10
_REPR.maxlevel = 2
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = _REPR.maxfrozenset = 4


def excerpt(value: object) -> str:
    """A short ``repr`` of a bad value for an error message: at most about 30 characters, then "…".

    A long text is cut after its first :data:`EXCERPT_LENGTH` characters and its length is told;
    containers show their first items; nothing is ever quoted whole, so a message stays short
    whatever the input (and an object whose ``repr`` fails is named by its type).

    >>> excerpt("A♣"), excerpt(7), excerpt(None)
    ("'A♣'", '7', 'None')
    >>> excerpt("x" * 100_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (100,000 characters)"
    >>> excerpt(list(range(1000)))
    '[0, 1, 2, 3, ...] (1,000 items)'
    """
    try:
        if isinstance(value, (str, bytes, bytearray)):
            if len(value) <= EXCERPT_LENGTH:
                return repr(value)
            return f"{value[:EXCERPT_LENGTH]!r}… ({len(value):,} characters)"
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
            return f"a {value.bit_length()}-bit number"
        text = _REPR.repr(value)
        if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > _REPR.maxlist:
            text += f" ({len(value):,} items)"
        return text
    except Exception:  # a repr that fails: name the type
        return f"a {type(value).__name__}"



class JassError(ValueError):
    """Base class of every error jasslib raises for bad input."""


class CardParseError(JassError):
    """Text that does not name a card, suit, rank, contract or seat."""


class DuplicateCardError(JassError):
    """The same card appears twice where each card may appear once (D1)."""


class HandSizeError(JassError):
    """A hand or deal with the wrong number of cards (D1, D3)."""


class CardNotInHandError(JassError):
    """A card played that the player to move does not hold."""


class OutOfTurnError(JassError):
    """A card played, or a contract named, by a seat whose turn it is not (P1, C1)."""


class IllegalPlayError(JassError):
    """A card that the rules forbid here; ``verdict`` says which rule and why."""

    def __init__(self, verdict: VerdictLike) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict

    @property
    def rule(self) -> str:
        """The rule id (``"P4"`` ...) that forbids the card."""
        return self.verdict.rule


class ContractError(JassError):
    """A contract named twice, schieben by the partner, or a bad contract choice (C1)."""


class PhaseError(JassError):
    """An action at the wrong moment: playing before the contract or after the end."""


class RoundFormatError(JassError):
    """A malformed or inconsistent JSON round."""


class GameFormatError(JassError):
    """A malformed or inconsistent JSON game (:meth:`jasslib.Game.from_json`)."""


class ClaimError(JassError):
    """A claim that cannot be made now (the game is over, an unknown team)."""


class GameOverClaimError(ClaimError, PhaseError):
    """A claim after the game has ended: a :class:`ClaimError` and a :class:`PhaseError` alike."""


class RulesetError(JassError):
    """A ruleset field of the wrong type or out of range (C3, W2, W3, D4, G1, G3, G4)."""


class ImpossibleViewError(JassError):
    """A view of a round that no layout of the unseen cards can explain (voids, hand sizes, Weis shown)."""


class BudgetError(JassError):
    """A search budget that cannot be spent: a time or a sample count that is zero, negative or not a number."""
class ArgumentError(JassError):
    """An argument of the wrong type or out of range: a count, a size, a flag, a number, a path or a choice."""


class HintError(JassError):
    """A hint asked where there is none to give: no card to play for the seat, or a card outside the hint."""
