"""Topic ``weis``: what is your best declaration worth? (W2–W5)

Hands are planted: a sequence, a long run to split, four of a kind, four Jacks beside a run, two
Weis, four nines or nothing, filled up with cards that add no other Weis.  The answer is
:func:`jasslib.weis.best_declaration`; the explanation lists every Weis :func:`~jasslib.weis.find_weis`
finds and the declarations to choose among.

>>> from jasslib.exercises import exercise
>>> ex = exercise("weis", seed=3, number=1)
>>> ex.kind, len(ex.position["hand"]), ex.check(ex.answer).correct
('points', 9, True)
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, CardSet, Rank
from ..contracts import Contract
from ..rulesets import Ruleset
from ..weis import best_declaration, declarations, find_weis, four_points
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_int,
    _fill,
    _four,
    _hand_html,
    _hand_text,
    _run_neighbours,
    _said,
    _sequence,
    _verdict,
)

__all__ = ["TOPIC"]

WEIGHTS: dict[str, int] = {
    "sequence": 22,
    "long-sequence": 14,
    "four-of-a-kind": 14,
    "jacks-vs-sequence": 14,
    "two-weis": 16,
    "four-nines": 6,
    "none": 10,
}

_RULE = {
    "sequence": "W2",
    "long-sequence": "W4",
    "four-of-a-kind": "W3",
    "four-nines": "W3",
    "jacks-vs-sequence": "W4",
    "two-weis": "W5",
    "none": "W2",
}
"""The rule each case is about (cited in the feedback beside W5)."""

_FOURS = tuple(r for r in Rank if four_points(r) is not None)
"""The ranks whose four of a kind is a Weis under every ruleset (W3): 10, J, Q, K, A."""


def _hand(rng: random.Random, ruleset: Ruleset, case: str) -> CardSet:
    if case == "none":
        while True:
            hand = CardSet(rng.sample(list(Card), 9))
            if not find_weis(hand, ruleset):
                return hand
    suits = rng.sample(range(4), 4)
    if case == "sequence":
        length = rng.choices((3, 4, 5), weights=(4, 3, 2))[0]
        planted = _sequence(suits[0], rng.randrange(10 - length), length)
    elif case == "long-sequence":
        length = rng.choices((6, 7, 8, 9), weights=(3, 3, 3, 2))[0]
        planted = _sequence(suits[0], rng.randrange(10 - length), length)
    elif case == "four-of-a-kind":
        planted = _four(rng.choice(_FOURS))
    elif case == "four-nines":
        planted = _four(Rank.NINE)
    elif case == "jacks-vs-sequence":
        length = rng.choice((3, 4, 5, 6))
        lows = [low for low in range(10 - length) if low <= Rank.JACK < low + length]
        planted = _four(Rank.JACK) | _sequence(suits[0], rng.choice(lows), length)
    elif case == "two-weis":
        first = _sequence(suits[0], rng.randrange(7), 3) if rng.random() < 0.5 else \
            _sequence(suits[0], rng.randrange(6), 4)
        if rng.random() < 0.35:  # a four of a kind beside the run (the Jacks have their own case)
            rank = rng.choice([r for r in _FOURS if r != Rank.JACK and Card.make(suits[0], r) not in first])
            second = _four(rank)
        else:
            length = rng.choice((3, 3, 4))
            second = _sequence(suits[1], rng.randrange(10 - length), length)
        planted = first | second
    else:  # pragma: no cover
        raise AssertionError(case)
    avoid = _run_neighbours(planted) if case != "four-nines" else 0
    for _ in range(MAX_TRIES):
        hand = _fill(rng, planted, 9, avoid)
        if case == "four-nines" and any(w.rank != Rank.NINE for w in find_weis(hand, ruleset)):
            continue  # the four nines alone: the point is W3
        return hand
    raise RuntimeError("no hand found")  # pragma: no cover


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A planted hand of the teaching ``case`` and a random contract; the answer is the best declaration."""
    hand = _hand(rng, ruleset, case)
    contract = Contract(rng.randrange(6))
    best = best_declaration(hand, contract, ruleset)
    prompt = (f"{contract}. This is your hand at the start of the first trick. What are your Weis worth: "
              "how many points is your best declaration (before the multiplier)? Answer 0 if you have no Weis.")
    position = {"hand": hand, "contract": contract, "case": case}
    return Draft(prompt, position, best.points, _explanation(hand, contract, ruleset))


def _explanation(hand: CardSet, contract: Contract, ruleset: Ruleset) -> str:
    found = find_weis(hand, ruleset)
    best = best_declaration(hand, contract, ruleset)
    lines = [f"Hand: {hand} ({contract}, {ruleset.name} rules)."]
    nines = len(_four(Rank.NINE) & hand) == 4 and four_points(Rank.NINE, ruleset) is None
    if not found:
        if nines:
            lines.append(f"You hold four 9s, but four 9s are no Weis under the {ruleset.name} rules (W3); "
                         "and no three cards of one suit are in a row (W2): no Weis, 0 points.")
        else:
            lines.append("No three cards of one suit in a row (W2) and no four 10s, Js, Qs, Ks or As"
                         + (", nor four 9s" if four_points(Rank.NINE, ruleset) else "") + " (W3): no Weis, 0 points.")
        return "\n".join(lines)
    lines.append(f"The Weis in the hand (W2: a sequence of {_scale_words(ruleset)}; W3: four of a kind):")
    maximal = [w for w in found if not any(v is not w and w.cards <= v.cards for v in found)]
    lines.extend(f"- {w}" for w in maximal)
    parts = len(found) - len(maximal)
    if parts:
        lines.append(f"  (and {parts} shorter part{'s' if parts > 1 else ''} of these runs: a run may be split "
                     "into sequences of at least three cards, W4)")
    options = declarations(hand, contract, ruleset)
    naive = sum(w.points for w in maximal)
    overlap = any(a.cards.mask & b.cards.mask for i, a in enumerate(maximal) for b in maximal[i + 1:])
    if overlap or best.points != naive or len(options) > 1 and options[1].points == best.points:
        lines.append("A card counts in one Weis only (W4), so choose among these declarations, best first (W5):")
        lines.extend(f"- {d.format()}" + ("" if len(d) > 1 else f": {d.points}") for d in options[:4])
    elif len(maximal) > 1:
        lines.append("They share no card, so all of them count (W4, W5).")
    split = [w for w in best.weis if w.is_sequence]
    if len({w.suit for w in split}) < len(split):
        lines.append("Splitting the long run into shorter sequences of at least three cards is allowed (W4), and "
                     "here it scores more.")
    if len(options) > 1 and options[1].points == best.points:
        lines.append("Equal totals: the declaration with the strongest single Weis counts (W5, W6).")
    if nines:
        lines.append(f"Your four 9s are no Weis under the {ruleset.name} rules (W3).")
    lines.append(f"Best declaration: {best.format()}: {best.points} points (W5).")
    return "\n".join(lines)


def _scale_words(ruleset: Ruleset) -> str:
    """``'3 cards is worth 20, 4 cards 50, 5 or more 100'`` (W2), from the ruleset's scale."""
    points = [ruleset.sequence_points(n) for n in range(3, 10)]
    tail = next(i for i in range(7) if all(p == points[i] for p in points[i:]))
    words = [f"{n + 3} cards {points[n]}" for n in range(tail)]
    words.append(f"{tail + 3} or more {points[tail]}" if tail < 6 else f"9 cards {points[6]}")
    words[0] = words[0].replace(" cards ", " cards is worth ", 1)
    return ", ".join(words)


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``points``: the best declaration (W5), with a hint for overlapping or missing Weis (W4)."""
    given = _as_int(response, "the points of your best declaration")
    right = ex.answer
    hand, contract = ex.position["hand"], ex.position["contract"]
    best = best_declaration(hand, contract, ex.ruleset)
    rule = _RULE.get(ex.position.get("case", ""), "W5")
    if not best:  # no Weis: the rules that say what a Weis is, cited once
        text = f"{_said(given, right)}: no Weis (W2, W3)."
    else:
        what = best.format() + (f" = {best.points}" if len(best) == 1 else "")
        cited = f"{rule}, W5" if rule != "W5" else "W5"
        text = f"{_said(given, right)}: {what} ({cited})."
    if given != right and best:
        total_all = sum(w.points for w in find_weis(hand, ex.ruleset))
        if given == total_all and total_all != right:
            text += " You added up overlapping Weis: a card counts in one Weis only (W4)."
        elif best.strongest is not None and given == best.strongest.points and len(best) > 1:
            text += " Every Weis of the declaration counts, as long as they share no card (W4)."
    return _verdict((Item("points", given == right, text, rule),))


LEVELS: tuple[tuple[str, ...], ...] = (
    ("sequence", "none"),
    ("four-of-a-kind", "four-nines", "two-weis"),
    ("long-sequence", "jacks-vs-sequence"),
)
"""Level 1 one sequence (or none), level 2 four of a kind and two Weis, level 3 splitting and choosing (W4)."""

_HINTS = {
    "sequence": "Look for three or more cards of one suit in a row (W2).",
    "long-sequence": "A long run may be split into shorter sequences of at least three cards (W4): which way "
    "scores most under the {ruleset} scale of W2?",
    "four-of-a-kind": "Four cards of one rank: W3 says which ranks form a Weis and what each is worth.",
    "four-nines": "Four of a kind: check W3 for which ranks count under the {ruleset} rules.",
    "jacks-vs-sequence": "A card belongs to one Weis only (W4): the four Jacks and the run share a card. Which "
    "choice scores more (W5)?",
    "two-weis": "You may declare more than one Weis as long as they share no card (W4, W5).",
    "none": "Look for runs of three in one suit (W2) and for four of a kind (W3).",
}


def hint(ex: Exercise) -> str:
    """What to look for in the hand: a run, four of a kind, a split or a choice (W2–W5)."""
    return _HINTS.get(ex.position.get("case", ""), "Find every Weis (W2, W3), then the best disjoint set (W4, "
                      "W5).").format(ruleset=ex.ruleset.name)


TOPIC = Topic(
    name="weis",
    title="Weis: the best declaration",
    kind="points",
    rules=("W2", "W3", "W4", "W5"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=_hand_text,
    html=_hand_html,
    instructions="Write the points of your best declaration (0 if you have no Weis).",
)
