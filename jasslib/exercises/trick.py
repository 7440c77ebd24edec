"""Topic ``trick``: who wins the trick, and how many points does it count? (P2, P6, O1–O7)

Tricks come from random deals played out with legal cards; the winner is
:func:`jasslib.play.trick_winner`, the points :func:`jasslib.play.trick_points`.

>>> from jasslib.exercises import exercise
>>> ex = exercise("trick", seed=7)
>>> ex.kind, len(ex.position["trick"])
('seat+points', 4)
>>> ex.check((ex.answer[0], ex.answer[1] + 1)).items[1].message.startswith("You said")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .. import display
from ..cards import Card, Rank
from ..contracts import Contract
from ..play import LAST_TRICK_BONUS, trick_points, trick_winner
from ..rulesets import Ruleset
from ..seats import Seat
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _and,
    _as_int,
    _as_pair,
    _as_seat,
    _contract_text,
    _plays_text,
    _random_round,
    _said,
    _verdict,
)

__all__ = ["TOPIC"]

WEIGHTS: dict[str, int] = {
    "low-trump-beats-ace": 18,
    "trump-order": 14,
    "undenufe-six-wins": 14,
    "off-suit-ace": 14,
    "obenabe-eights": 10,
    "last-trick": 20,
    "plain": 10,
}


def _case_holds(case: str, cards: tuple[Card, ...], contract: Contract, number: int) -> bool:
    """True when the trick ``cards`` (trick ``number`` of the hand, 0-based) teaches ``case``."""
    led = cards[0].suit
    trump = contract.trump
    win = cards[trick_winner(cards, contract)]
    if case == "plain":
        return True
    if case == "last-trick":
        return number == 8
    if case == "undenufe-six-wins":
        return contract == Contract.UNDENUFE and win.rank == Rank.SIX
    if case == "obenabe-eights":
        return contract == Contract.OBENABE and any(c.rank == Rank.EIGHT for c in cards)
    if case == "off-suit-ace":
        return any(c.rank == Rank.ACE and c.suit != led and c.suit != trump for c in cards)
    if trump is None:
        return False
    if case == "low-trump-beats-ace":
        return (led != trump and Card.make(led, Rank.ACE) in cards and win.suit == trump
                and win.rank not in (Rank.JACK, Rank.NINE))
    if case == "trump-order":
        trumps = [c for c in cards if c.suit == trump]
        return (len(trumps) >= 2 and win.rank in (Rank.JACK, Rank.NINE)
                and any(c.rank in (Rank.ACE, Rank.KING, Rank.TEN) for c in trumps))
    raise AssertionError(case)


def _contract(rng: random.Random, case: str) -> Contract:
    if case == "undenufe-six-wins":
        return Contract.UNDENUFE
    if case == "obenabe-eights":
        return Contract.OBENABE
    if case in ("low-trump-beats-ace", "trump-order"):
        return Contract(rng.randrange(4))
    return Contract(rng.choices(range(6), weights=(3, 3, 3, 3, 2, 2))[0])


def _winner_reason(plays: tuple[tuple[Seat, Card], ...], contract: Contract) -> tuple[str, str]:
    """The rule id and the reason in words why the trick's winner wins (P6, P2)."""
    cards = [c for _, c in plays]
    index = trick_winner(cards, contract)
    seat, win = plays[index]
    led = cards[0].suit
    trump = contract.trump
    parts = []
    if trump is None:
        rule = "P2"
        if contract == Contract.UNDENUFE:
            parts.append(f"seat {int(seat)} wins with {win}: in Undenufe the lowest card of the led suit {led} wins, "
                         "in the order 6 7 8 9 10 J Q K A (P2, O3)")
        else:
            parts.append(f"seat {int(seat)} wins with {win}: in Obenabe the highest card of the led suit {led} wins "
                         "(P2, O1)")
    else:
        rule = "P6"
        trumps = [c for c in cards if c.suit == trump]
        if not trumps:
            parts.append(f"seat {int(seat)} wins with {win}: nobody trumped, so the strongest card of the led suit "
                         f"{led} wins (P6)")
        elif len(trumps) == 1:
            beaten = "" if led == trump else f"; a trump beats every card of another suit, even {_best_led(cards)}"
            parts.append(f"seat {int(seat)} wins with {win}: the only trump in the trick wins (P6){beaten}")
        else:
            parts.append(f"seat {int(seat)} wins with {win}: the strongest trump in the trick wins (P6), in the "
                         f"trump order J 9 A K Q 10 8 7 6 (O2)")
    off = [c for c in cards if c.suit != led and c.suit != trump]
    if off:
        names = _and([str(c) for c in off])
        if trump is None:
            parts.append(f"{names} cannot win: a card that is not of the led suit {led} never wins")
        else:
            parts.append(f"{names} cannot win: a card that is neither of the led suit {led} nor trump never wins")
    return rule, "; ".join(parts) + "."


def _best_led(cards: list[Card]) -> str:
    led = cards[0].suit
    same = [c for c in cards if c.suit == led]
    return str(max(same, key=lambda c: c.rank))


def _points_rule(contract: Contract) -> str:
    if contract.has_trump:
        return "O4"
    if contract == Contract.UNDENUFE:
        return "O5, O6"
    return "O5"


def _points_breakdown(cards: Iterable[Card], contract: Contract, ruleset: Ruleset, last: bool) -> str:
    table = ruleset.card_points(contract)
    cards = list(cards)
    total = sum(table[c] for c in cards)
    text = " + ".join(f"{c} {table[c]}" for c in cards) + f" = {total} ({_points_rule(contract)})"
    if last:
        text += f", + {LAST_TRICK_BONUS} for the last trick = {total + LAST_TRICK_BONUS} (O7)"
    return text


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A trick of the teaching ``case`` from a random deal played out with legal cards."""
    for _ in range(MAX_TRIES):
        r = _random_round(rng, ruleset)
        contract = _contract(rng, case)
        r.choose(contract)
        while not r.done:
            r.play(rng.choice(list(r.legal_cards())))
        found = [t for t in r.tricks if _case_holds(case, t.cards, contract, t.number)]
        if found:
            record = rng.choice(found)
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no trick of the case {case!r} found")
    plays = record.plays
    last = record.number == 8
    cards = [c for _, c in plays]
    winner = plays[trick_winner(cards, contract)][0]
    points = trick_points(cards, contract, ruleset, last=last)
    last_words = " It is the last trick of the hand." if last else ""
    prompt = (f"{contract}. The trick: {_plays_text(plays)}.{last_words} "
              "Which seat wins it, and how many points does it count?")
    position = {"trick": plays, "contract": contract, "last": last, "case": case}
    _, reason = _winner_reason(plays, contract)
    explanation = "\n".join([
        f"{contract}; the trick: {_plays_text(plays)}" + (" (the last trick)." if last else "."),
        "Winner: " + reason[0].upper() + reason[1:],
        "Points: " + _points_breakdown(cards, contract, ruleset, last) + ".",
        f"Answer: seat {int(winner)}, {points} points.",
    ])
    return Draft(prompt, position, (winner, points), explanation)


def check(ex: Exercise, response: Any) -> Feedback:
    """Items ``seat`` (P6/P2: why the winner wins) and ``points`` (O4–O7: the count, a hint for a slip)."""
    pair = _as_pair(response, "Please answer with the winning seat and the trick's points, e.g. (2, 45).")
    seat = _as_seat(pair[0])
    points = _as_int(pair[1], "the points")
    plays = ex.position["trick"]
    contract: Contract = ex.position["contract"]
    last: bool = ex.position["last"]
    right_seat, right_points = ex.answer
    rule, reason = _winner_reason(plays, contract)
    if seat == right_seat:
        seat_item = Item("seat", True, reason[0].upper() + reason[1:], rule)
    else:
        mine = dict(plays)[seat]
        seat_item = Item("seat", False, f"You said seat {int(seat)} ({mine}), but {reason}", rule)
    cards = [c for _, c in plays]
    breakdown = _points_breakdown(cards, contract, ex.ruleset, last)
    prule = "O7" if last else _points_rule(contract).split(",")[0]
    text = f"{_said(points, right_points)}: {breakdown}."
    hint = _points_hint(points, cards, contract, ex.ruleset, last)
    if points != right_points and hint:
        text += " " + hint
    return _verdict((seat_item, Item("points", points == right_points, text, prule)))


def _points_hint(points: int, cards: list[Card], contract: Contract, ruleset: Ruleset, last: bool) -> str:
    """A hint for a common slip in counting a trick, or ``''``."""
    right = trick_points(cards, contract, ruleset, last=last)
    bonus = LAST_TRICK_BONUS if last else 0
    if last and points == right - LAST_TRICK_BONUS:
        return f"Did you forget the {LAST_TRICK_BONUS} points for the last trick (O7)?"
    table = ruleset.card_points(contract)
    if contract.trump is not None:
        plain_table = ruleset.card_points(Contract((int(contract) + 1) % 4))  # the trump suit counted plain
        plain = sum(plain_table[c] if c.suit == contract.trump else table[c] for c in cards) + bonus
        if plain != right and points == plain:
            return "Trumps count differently: the trump J (Puur) counts 20 and the trump 9 (Näll) 14 (O4)."
        return ""
    eights = sum(table[c] for c in cards if c.rank == Rank.EIGHT)
    if eights and points == right - eights:
        return "In Obenabe and Undenufe every 8 counts 8 (O5)."
    if contract == Contract.UNDENUFE:
        other = Ruleset.get("classic" if ruleset.modern_undenufe else "modern")
        if points != right and points == trick_points(cards, contract, other, last=last):
            which = "the 6 counts 11 and the A 0" if ruleset.modern_undenufe else "the A counts 11 and the 6 0"
            return f"Under the {ruleset.name} rules {which} in Undenufe (O6)."
    return ""


LEVELS: tuple[tuple[str, ...], ...] = (
    ("plain", "off-suit-ace"),
    ("low-trump-beats-ace", "trump-order", "last-trick"),
    ("undenufe-six-wins", "obenabe-eights"),
)
"""Level 1 the led suit wins, level 2 trumps and the last trick, level 3 Undenufe and Obenabe."""

_WINNER_HINTS = {
    "low-trump-beats-ace": "Is there a trump in the trick? A trump beats every card of another suit, even an ace "
    "(P6).",
    "trump-order": "Several trumps: the trump order of O2 decides, the Puur (the trump jack) first, then the Näll "
    "(the trump nine).",
    "undenufe-six-wins": "Undenufe: the lowest card of the led suit wins (P2, O3).",
    "off-suit-ace": "A card that is neither of the led suit nor trump never wins, however high it is (P6, P2).",
    "obenabe-eights": "Obenabe: the highest card of the led suit wins (P2, O1).",
}


def hint(ex: Exercise) -> str:
    """What decides the winner (P6/P2, the orders O1–O3) and what to watch when counting (O4–O7)."""
    p = ex.position
    contract: Contract = p["contract"]
    case = p.get("case", "")
    if case in _WINNER_HINTS:
        first = _WINNER_HINTS[case]
    elif contract.trump is None:
        first = f"{contract}: no trump; the led suit decides (P2)."
    else:
        first = "Find the strongest trump in the trick, or with none the strongest card of the led suit (P6)."
    if contract.trump is not None:
        count = "Count with O4: trumps count differently from the other suits."
    elif contract == Contract.UNDENUFE:
        count = f"Count with O5 and the {ex.ruleset.name} values of O6; the eights count too."
    else:
        count = "Count with O5: the eights count too."
    if p["last"]:
        count += " It is the last trick: O7 adds a bonus."
    return f"{first} {count}"


def text(ex: Exercise) -> str:
    p = ex.position
    lines = [f"Contract: {_contract_text(p['contract'], ex.ruleset)}", f"Trick: {_plays_text(p['trick'])}"]
    if p["last"]:
        lines.append("This is the last trick of the hand.")
    return "\n".join(lines)


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    return display.play_position_html(p["contract"], ruleset=ex.ruleset, style=style, trick=p["trick"],
                                      last=p["last"])


TOPIC = Topic(
    name="trick",
    title="Who wins the trick, and how many points?",
    kind="seat+points",
    rules=("P2", "P6", "O1", "O2", "O3", "O4", "O5", "O6", "O7", "H4", "H5", "D2"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    instructions="Write the seat that wins the trick and the trick's points.",
)
