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
>>> Ruleset.get("modern") is MODERN
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .contracts import Contract, card_points
from .errors import CardParseError

__all__ = ["Ruleset", "CLASSIC", "MODERN", "CLAIM_PRIORITY"]

CLAIM_PRIORITY: tuple[str, str, str] = ("stoeck", "weis", "stich")
"""G3: order in which points count towards the target when both teams could reach it."""


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
        if len(self.multipliers) != 6 or any(m < 1 for m in self.multipliers):
            raise ValueError("multipliers: six factors of at least 1, one per contract (C3)")
        if len(self.sequence_scale) != 7:
            raise ValueError("sequence_scale: points for sequences of 3..9 cards (W2)")
        if self.target <= 0 or not 0 <= self.schneider <= self.target:
            raise ValueError("target must be positive and schneider between 0 and the target (G1, G4)")
        if sorted(self.claim_priority) != sorted(CLAIM_PRIORITY):
            raise ValueError("claim_priority must order 'stoeck', 'weis' and 'stich' (G3)")

    def multiplier(self, contract: Contract | int) -> int:
        """The factor of ``contract`` (C3)."""
        return self.multipliers[contract]

    def card_points(self, contract: Contract | int) -> tuple[int, ...]:
        """Per card, its points under ``contract`` in this ruleset (O4–O6)."""
        c = contract if type(contract) is Contract else Contract(contract)
        return card_points(c, self.modern_undenufe)

    def sequence_points(self, length: int) -> int:
        """Points of a sequence of ``length`` >= 3 cards (W2)."""
        if not 3 <= length <= 9:
            raise ValueError(f"a sequence has 3 to 9 cards, not {length} (W2)")
        return self.sequence_scale[length - 3]

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some fields changed (``dataclasses.replace``; checked like a new Ruleset)."""
        return dataclasses.replace(self, **changes)

    def with_target(self, target: int) -> Ruleset:
        """A copy with another target (G1: 1500 and 2500 are offered) and Schneider at half of it."""
        return self.replace(target=target, schneider=target // 2, name=f"{self.name}-{target}")

    def with_multipliers(self, multipliers: tuple[int, ...] | None = None) -> Ruleset:
        """A copy with multipliers; by default the modern optional set (C3)."""
        factors = MODERN_OPTIONAL_MULTIPLIERS if multipliers is None else tuple(multipliers)
        return self.replace(multipliers=factors, name=f"{self.name}-x")

    @staticmethod
    def get(name: str | Ruleset) -> Ruleset:
        """The preset called ``name`` (``classic`` or ``modern``); a Ruleset passes through."""
        if isinstance(name, Ruleset):
            return name
        key = str(name).strip().lower()
        if key in PRESETS:
            return PRESETS[key]
        raise CardParseError(f"unknown ruleset {name!r}: expected one of {', '.join(PRESETS)}")

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
        """Inverse of :meth:`to_dict` (JSON data, checked like a new Ruleset)."""
        d = dict(data)
        d["starting_card"] = Card.parse(d["starting_card"])
        for key in ("multipliers", "sequence_scale", "claim_priority"):
            d[key] = tuple(d[key])
        return cls(**d)


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
