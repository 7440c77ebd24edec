"""Rulesets: every convention that differs between the two presets of RULES.md.

``CLASSIC`` (the default everywhere) is the rules card of the seeds; ``MODERN``
is the popular online rules page.  Differences: multipliers (C3), Undenufe
card values (O6), the Weis scale (W2), four nines (W3), the starting card
(D4), the target (G1) and the Schneider threshold (G4).  Both use the claim
priority Stöck–Weis–Stich (G3).

>>> CLASSIC.multiplier(Contract.UNDENUFE), MODERN.multiplier(Contract.UNDENUFE)
(4, 1)
>>> MODERN.with_multipliers().multiplier(Contract.SPADES)
2
>>> CLASSIC.sequence_points(8), MODERN.sequence_points(8)
(100, 250)
>>> str(CLASSIC.starting_card), str(MODERN.starting_card), MODERN.target, MODERN.schneider
('7♣', '7♥', 1000, 500)
>>> Ruleset.parse("modern") is MODERN
True

Every field is checked when a ruleset is made (the constructor, :meth:`Ruleset.replace`, the ``with_*``
helpers, :meth:`Ruleset.from_dict`), so a ruleset that exists can never break a round later:

>>> CLASSIC.with_multipliers((1.5, 1, 1, 1, 1, 1))
Traceback (most recent call last):
...
jasslib.errors.RulesetError: multipliers: six whole factors from 1 to 100, one per contract (C3); got 1.5
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .contracts import Contract, _card_points, card_points
from .errors import CardParseError, JassError, RulesetError, excerpt

__all__ = ["Ruleset", "CLASSIC", "MODERN", "CLAIM_PRIORITY"]

CLAIM_PRIORITY: tuple[str, str, str] = ("stoeck", "weis", "stich")
"""G3: order in which points count towards the target when both teams could reach it."""

MAX_NAME = 64
"""A ruleset's name is a text of 1 to this many characters."""
MAX_MULTIPLIER = 100
"""The largest multiplier of a contract (C3)."""
MAX_WEIS = 10_000
"""The largest number of points of one Weis (W2, W3)."""
MAX_TARGET = 1_000_000
"""The largest target of a game (G1)."""


def _is_whole(value: object) -> bool:
    """True for an int that is a number: not ``True``/``False``, not a member of an enum."""
    return isinstance(value, int) and not isinstance(value, (bool, enum.Enum))


def _whole(value: object, field: str, low: int, high: int, rule: str) -> int:
    if isinstance(value, int) and not isinstance(value, (bool, enum.Enum)) and low <= value <= high:
        return int(value)
    raise RulesetError(f"{field}: a whole number from {low} to {high:,} ({rule}), not {excerpt(value)}")


def _numbers(value: object, field: str, count: int, low: int, high: int, what: str) -> tuple[int, ...]:
    """``value`` as a tuple of ``count`` whole numbers from ``low`` to ``high`` (a list or tuple; no other type)."""
    if not isinstance(value, (list, tuple)):
        raise RulesetError(f"{field}: {what}, as a list or tuple, not {excerpt(value)}")
    if len(value) != count:
        raise RulesetError(f"{field}: {what}; got {len(value):,} values")
    for v in value:
        if not _is_whole(v) or not low <= v <= high:
            raise RulesetError(f"{field}: {what}; got {excerpt(v)}")
    return tuple(int(v) for v in value)


@dataclass(frozen=True)
class Ruleset:
    """A frozen set of conventions.  Build variants with :meth:`replace` or the ``with_*`` helpers.

    Attributes:
        name: a short name (``"classic"``, ``"modern"``, or a variant's).
        multipliers: factor per contract, indexed by :class:`Contract` (C3).
        modern_undenufe: Undenufe values 6 = 11 and A = 0 instead of A = 11, 6 = 0 (O6).
        sequence_scale: points of a sequence of 3, 4, ..., 9 cards (W2).
        four_nines: points of four nines, or ``None`` when they are no Weis (W3).
        starting_card: its holder is forehand of a game's first hand (D4).
        target: points that win the game (G1).
        schneider: the losers are Schneider below this score (G4), half the target.
        claim_priority: the order Stöck, Weis, Stich of G3.
    """

    name: str
    multipliers: tuple[int, int, int, int, int, int]
    modern_undenufe: bool
    sequence_scale: tuple[int, int, int, int, int, int, int]
    four_nines: int | None
    starting_card: Card
    target: int
    schneider: int
    claim_priority: tuple[str, str, str] = CLAIM_PRIORITY

    def __post_init__(self) -> None:
        """Check every field's type and range (a :class:`RulesetError` naming the field and the rule).

        Lists are taken for the tuple fields (JSON has no tuples) and stored as tuples; a card's text or
        number for ``starting_card``.
        """
        name = self.name
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise RulesetError(f"name: a text of 1 to {MAX_NAME} characters, not {excerpt(name)}")
        put = object.__setattr__  # the dataclass is frozen: normalise through object
        put(self, "multipliers", _numbers(self.multipliers, "multipliers", 6, 1, MAX_MULTIPLIER,
                                          f"six whole factors from 1 to {MAX_MULTIPLIER}, one per contract (C3)"))
        if type(self.modern_undenufe) is not bool:
            raise RulesetError(f"modern_undenufe: True or False (O6), not {excerpt(self.modern_undenufe)}")
        put(self, "sequence_scale", _numbers(self.sequence_scale, "sequence_scale", 7, 1, MAX_WEIS,
                                             f"points for sequences of 3..9 cards, whole numbers from 1 to "
                                             f"{MAX_WEIS:,} (W2)"))
        if self.four_nines is not None:
            _whole(self.four_nines, "four_nines (or None: no Weis)", 1, MAX_WEIS, "W3")
        if type(self.starting_card) is not Card:
            try:
                put(self, "starting_card", Card.parse(self.starting_card))
            except CardParseError as exc:
                raise RulesetError(f"starting_card: {exc} (D4)") from None
        _whole(self.target, "target", 1, MAX_TARGET, "G1")
        _whole(self.schneider, "schneider", 0, self.target, "G4: at most the target")
        priority = self.claim_priority
        if not isinstance(priority, (list, tuple)) or sorted(map(str, priority[:4])) != sorted(CLAIM_PRIORITY):
            raise RulesetError(f"claim_priority must order 'stoeck', 'weis' and 'stich' (G3), not {excerpt(priority)}")
        put(self, "claim_priority", tuple(priority))

    def multiplier(self, contract: Contract | int | str) -> int:
        """The factor of ``contract`` (C3)."""
        return self.multipliers[contract if type(contract) is Contract else Contract.parse(contract)]

    def card_points(self, contract: Contract | int | str) -> tuple[int, ...]:
        """Per card, its points under ``contract`` in this ruleset (O4–O6)."""
        if type(contract) is Contract:  # the engine's case: straight to the cached table
            return _card_points(contract, self.modern_undenufe)
        return card_points(contract, self.modern_undenufe)

    def sequence_points(self, length: int) -> int:
        """Points of a sequence of ``length`` >= 3 cards (W2)."""
        if not _is_whole(length) or not 3 <= length <= 9:
            raise JassError(f"a sequence has 3 to 9 cards, not {excerpt(length)} (W2)")
        return self.sequence_scale[length - 3]

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some fields changed (``dataclasses.replace``; checked like a new Ruleset)."""
        unknown = sorted(set(changes) - set(_FIELDS))
        if unknown:
            raise RulesetError(f"unknown ruleset field {excerpt(unknown[0])}: the fields are {', '.join(_FIELDS)}")
        return dataclasses.replace(self, **changes)

    def with_target(self, target: int) -> Ruleset:
        """A copy with another target (G1: 1500 and 2500 are offered) and Schneider at half of it."""
        _whole(target, "target", 1, MAX_TARGET, "G1")
        return self.replace(target=target, schneider=target // 2, name=f"{self.name}-{target}")

    def with_multipliers(self, multipliers: Iterable[int] | None = None) -> Ruleset:
        """A copy with multipliers; by default the modern optional set (C3)."""
        if multipliers is None:
            factors: object = MODERN_OPTIONAL_MULTIPLIERS
        elif isinstance(multipliers, (list, tuple)) or not isinstance(multipliers, Iterable) \
                or isinstance(multipliers, (str, bytes)):
            factors = multipliers  # checked (and refused) by __post_init__
        else:
            factors = tuple(itertools.islice(multipliers, 7))  # one too many is enough to tell a wrong count
        return self.replace(multipliers=factors, name=f"{self.name}-x")

    @staticmethod
    def parse(value: Ruleset | str) -> Ruleset:
        """A Ruleset passes through; ``"classic"`` or ``"modern"`` (any case) is that preset; all else is refused.

        Every public function that takes a ruleset reads it through here, so a preset's name works
        wherever a ruleset does.

        >>> Ruleset.parse(" Modern ") is MODERN, Ruleset.parse(CLASSIC) is CLASSIC
        (True, True)
        """
        if isinstance(value, Ruleset):
            return value
        if isinstance(value, str) and len(value) <= MAX_NAME:
            key = value.strip().lower()
            if key in PRESETS:
                return PRESETS[key]
        raise CardParseError(f"unknown ruleset {excerpt(value)}: expected a Ruleset or one of {', '.join(PRESETS)}")

    get = parse
    """The preset called ``name`` (an alias of :meth:`parse`)."""

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        data = dataclasses.asdict(self)
        data["starting_card"] = str(self.starting_card)
        data["multipliers"] = list(self.multipliers)
        data["sequence_scale"] = list(self.sequence_scale)
        data["claim_priority"] = list(self.claim_priority)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Inverse of :meth:`to_dict` (JSON data, checked like a new Ruleset; ``claim_priority`` may be left out)."""
        if not isinstance(data, Mapping):
            raise RulesetError(f"a ruleset's JSON form is an object of its fields, not {excerpt(data)}")
        if len(data) > len(_FIELDS):
            raise RulesetError(f"a ruleset has {len(_FIELDS)} fields, this one {len(data):,}")
        unknown = [k for k in data if k not in _FIELDS]
        if unknown:
            raise RulesetError(f"unknown ruleset field {excerpt(unknown[0])}: the fields are {', '.join(_FIELDS)}")
        missing = [k for k in _FIELDS[:-1] if k not in data]  # claim_priority has a default
        if missing:
            raise RulesetError(f"ruleset field {missing[0]!r} is missing")
        return cls(**data)


_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Ruleset))
"""The fields in order (``claim_priority``, the one with a default, last)."""

MODERN_OPTIONAL_MULTIPLIERS = (1, 2, 1, 2, 3, 3)
"""C3, modern optional set: ♣ ×1, ♠ (leaves) ×2, ♥ ×1, ♦ (bells) ×2, Obenabe ×3, Undenufe ×3."""

CLASSIC = Ruleset(
    name="classic",
    multipliers=(1, 1, 2, 2, 3, 4),
    modern_undenufe=False,
    sequence_scale=(20, 50, 100, 100, 100, 100, 100),
    four_nines=None,
    starting_card=Card.C7,
    target=3000,
    schneider=1500,
)
"""The default preset: the rules card of the seeds (small Weis, classic Undenufe values)."""

MODERN = Ruleset(
    name="modern",
    multipliers=(1, 1, 1, 1, 1, 1),
    modern_undenufe=True,
    sequence_scale=(20, 50, 100, 150, 200, 250, 300),
    four_nines=150,
    starting_card=Card.H7,
    target=1000,
    schneider=500,
)
"""The modern online rules: no multipliers by default, large Weis, 6 = 11 in Undenufe."""

PRESETS = {"classic": CLASSIC, "modern": MODERN}
