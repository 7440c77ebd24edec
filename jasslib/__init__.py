"""jasslib: the Swiss card game Jass in its partnership form Schieber, exactly by the rules.

The rules are those of ``RULES.md`` (ids such as P4, W6, G3); the default preset
is :data:`CLASSIC`, the other :data:`MODERN`.

>>> from jasslib import Round, Contract
>>> r = Round.deal(seed=7)
>>> r.choose(Contract.HEARTS)
>>> while not r.done:
...     r.play(min(r.legal_cards()))
>>> sum(r.score().trick_points) in (157, 257)
True
"""

from __future__ import annotations

from .cards import STYLES, Card, CardSet, Rank, Suit
from .contracts import Contract
from .errors import (
    CardNotInHandError,
    CardParseError,
    ClaimError,
    ContractError,
    DuplicateCardError,
    HandSizeError,
    IllegalPlayError,
    JassError,
    OutOfTurnError,
    PhaseError,
    RoundFormatError,
)
from .game import Game, GameEnd
from .play import Verdict, check_play, is_legal, legal_cards, trick_points, trick_winner
from .round import Phase, Round, RoundView, TrickRecord
from .rulesets import CLASSIC, MODERN, Ruleset
from .scoring import HandScore, hand_score, judge_claim, race, revoke_score
from .seats import Seat, Team
from .weis import (
    ContestResult,
    Declaration,
    Weis,
    best_declaration,
    contest,
    declarations,
    find_weis,
    has_stoeck,
    stoeck_cards,
)

__version__ = "0.1.0"

__all__ = [
    "STYLES", "Card", "CardSet", "Rank", "Suit", "Contract", "Ruleset", "CLASSIC", "MODERN",
    "Seat", "Team",
    "Round", "Phase", "RoundView", "TrickRecord", "Game", "GameEnd",
    "HandScore", "hand_score", "revoke_score", "judge_claim", "race",
    "Weis", "Declaration", "ContestResult", "find_weis", "declarations", "best_declaration", "contest",
    "has_stoeck", "stoeck_cards",
    "Verdict", "check_play", "is_legal", "legal_cards", "trick_points", "trick_winner",
    "JassError", "CardParseError", "DuplicateCardError", "HandSizeError", "CardNotInHandError",
    "OutOfTurnError", "IllegalPlayError", "ContractError", "PhaseError", "RoundFormatError", "ClaimError",
]
