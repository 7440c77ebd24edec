"""Topic ``stoeck``: how many Stöck points does your hand score? (S1, C3)

Hands hold the Q and K of one suit, with that suit trump (also inside a Weis), another suit trump,
no trump at all, or only one of the two; the answer is :func:`jasslib.weis.stoeck_points` when
:func:`~jasslib.weis.has_stoeck`, else 0.

>>> from jasslib.exercises import exercise
>>> ex = exercise("stoeck", seed="class 3b", number=4)
>>> ex.kind, ex.answer in (0, ex.ruleset.multiplier(ex.position["contract"]) * 20)
('points', True)
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, CardSet, Rank, Suit
from ..contracts import Contract
from ..rulesets import Ruleset
from ..weis import STOECK_POINTS, best_declaration, has_stoeck, stoeck_cards, stoeck_points
from .base import (
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _and,
    _as_int,
    _fill,
    _hand_html,
    _hand_text,
    _said,
    _sequence,
    _verdict,
)

__all__ = ["TOPIC"]

WEIGHTS: dict[str, int] = {
    "stoeck": 30,
    "stoeck-in-weis": 14,
    "one-only": 16,
    "other-suit": 14,
    "no-trump": 20,
}


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A hand with the Q and K of a suit (or one of them) and a contract that makes the teaching ``case``."""
    suit = rng.randrange(4)
    kq = CardSet([Card.make(suit, Rank.QUEEN), Card.make(suit, Rank.KING)])
    if case == "no-trump":
        contract = rng.choice((Contract.OBENABE, Contract.UNDENUFE))
        hand = _fill(rng, kq)
    elif case == "other-suit":
        trump = rng.choice([s for s in range(4) if s != suit])
        contract = Contract(trump)
        hand = _fill(rng, kq, avoid=stoeck_cards(contract).mask)
    else:
        contract = Contract(suit)
        if case == "stoeck":
            hand = _fill(rng, kq)
        elif case == "stoeck-in-weis":
            low = rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN))
            run = _sequence(suit, low, 3 if low == Rank.QUEEN else rng.choice((3, 4)) if low == Rank.JACK else 3)
            hand = _fill(rng, run | kq)
        else:  # one-only
            held, missing = rng.sample(list(kq), 2)
            hand = _fill(rng, CardSet([held]), avoid=missing.mask)
    answer = stoeck_points(contract, ruleset) if has_stoeck(hand, contract) else 0
    prompt = (f"{contract}. This is your hand at the start of the hand. How many Stöck points do you score "
              "(after the multiplier)? Answer 0 if you have no Stöck.")
    position = {"hand": hand, "contract": contract, "case": case}
    return Draft(prompt, position, answer, _reason(hand, contract, ruleset) + f" Answer: {answer}.")


def _reason(hand: CardSet, contract: Contract, ruleset: Ruleset) -> str:
    m = ruleset.multiplier(contract)
    if contract.trump is None:
        pairs = [s for s in Suit if Card.make(s, Rank.QUEEN) in hand and Card.make(s, Rank.KING) in hand]
        held = f" even though you hold {_and([f'Q{s} and K{s}' for s in pairs])}" if pairs else ""
        return f"{contract} has no trump, so there is no Stöck{held} (S1): 0 points."
    trump = contract.trump
    q, k = Card.make(trump, Rank.QUEEN), Card.make(trump, Rank.KING)
    if has_stoeck(hand, contract):
        extra = ""
        for w in best_declaration(hand, contract, ruleset).weis:
            if q in w.cards and k in w.cards:
                extra = f" That they also belong to your {w.label} does not matter: both count (S1)."
        return (f"Trump is {trump} and you hold {q} and {k}: Stöck, {STOECK_POINTS} × {m} "
                f"({contract} ×{m}, C3) = {stoeck_points(contract, ruleset)} points (S1).{extra}")
    if q in hand or k in hand:
        have, lack = (q, k) if q in hand else (k, q)
        return f"Trump is {trump}: you hold {have} but not {lack}, so no Stöck (S1): 0 points."
    pairs = [s for s in Suit if Card.make(s, Rank.QUEEN) in hand and Card.make(s, Rank.KING) in hand]
    if pairs:
        return (f"Trump is {trump}: Stöck is the trump Q and K only; Q and K of {_and([str(s) for s in pairs])} "
                "do not count (S1): 0 points.")
    return f"Trump is {trump} and you hold neither {q} nor {k}: no Stöck (S1), 0 points."


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``points`` (S1), with a hint when the multiplier (C3) was left out."""
    given = _as_int(response, "the Stöck points")
    right = ex.answer
    hand, contract = ex.position["hand"], ex.position["contract"]
    text = f"{_said(given, right)}: " + _reason(hand, contract, ex.ruleset)
    m = ex.ruleset.multiplier(contract)
    if given != right and right and given == STOECK_POINTS and m > 1:
        text += f" Stöck is multiplied like everything else in {contract} (×{m}, C3)."
    return _verdict((Item("points", given == right, text, "S1"),))


LEVELS: tuple[tuple[str, ...], ...] = (
    ("stoeck", "one-only"),
    ("other-suit", "no-trump"),
    ("stoeck-in-weis",),
)
"""Level 1 both cards or one, level 2 the wrong suit or no trump, level 3 Stöck inside a Weis."""

_HINTS = {
    "stoeck": "Stöck is the K and Q of trump in one hand (S1); it is multiplied like everything else (C3).",
    "one-only": "Stöck needs both the K and the Q of trump in your hand (S1).",
    "other-suit": "Which suit is trump? Stöck is the K and Q of the trump suit only (S1).",
    "no-trump": "Is there a trump in {contract}? (S1)",
    "stoeck-in-weis": "The K and Q of trump may also belong to a Weis (S1); remember the multiplier (C3).",
}


def hint(ex: Exercise) -> str:
    """What Stöck is (S1) and the multiplier (C3), pointed at the case's trap."""
    return _HINTS.get(ex.position.get("case", ""), _HINTS["stoeck"]).format(contract=ex.position["contract"])


TOPIC = Topic(
    name="stoeck",
    title="Stöck",
    kind="points",
    rules=("S1", "C3"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=_hand_text,
    html=_hand_html,
    instructions="Write your Stöck points after the multiplier (0 if you have no Stöck).",
)
