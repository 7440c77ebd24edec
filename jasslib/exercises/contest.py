"""Topic ``contest``: which team scores Weis, and how many points? (W6, W7)

Two rival declarations are planted so that one key of W6 decides between them (points, number of
cards, rank, reversed rank in Undenufe, a trump sequence, or the earlier player), with smaller Weis
beside them; :func:`jasslib.weis.contest` decides and gives the reason in words.

>>> from jasslib.exercises import exercise
>>> ex = exercise("contest", seed=1)
>>> ex.kind, sorted(ex.position)
('team+points', ['case', 'contract', 'declarations', 'forehand', 'hands'])
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from .. import display
from ..cards import CardSet, Rank
from ..contracts import Contract
from ..rulesets import Ruleset
from ..scoring import multiplied
from ..seats import Seat, Team
from ..weis import Declaration, Weis, WeisKind, best_declaration, contest, four_points, weis_strength
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_int,
    _as_pair,
    _as_team,
    _cap,
    _contract_text,
    _four,
    _run_neighbours,
    _said,
    _sequence,
    _verdict,
)

__all__ = ["TOPIC"]

WEIGHTS: dict[str, int] = {
    "points": 12,
    "length": 17,
    "rank": 16,
    "undenufe": 15,
    "trump": 15,
    "position": 15,
    "none": 3,
}

_POOL_RANKS = (*(r for r in Rank if r != Rank.NINE), Rank.NINE)
"""The ranks in the order their fours join the pool (the nines last, as the series were first drawn)."""


@cache
def _all_weis(ruleset: Ruleset) -> tuple[Weis, ...]:
    """Every single Weis of the deck under ``ruleset`` (W2, W3): the pool the rival declarations come from."""
    out = []
    for suit in range(4):
        for length in range(3, 10):
            for low in range(10 - length):
                out.append(Weis(WeisKind.SEQUENCE, _sequence(suit, low, length), ruleset.sequence_points(length)))
    for rank in _POOL_RANKS:
        points = four_points(rank, ruleset)
        if points is not None:
            out.append(Weis(WeisKind.FOUR_OF_A_KIND, _four(rank), points))
    return tuple(out)


_LENGTH_WEIGHT = {3: 6, 4: 5, 5: 3, 6: 1.2, 7: 0.8, 8: 0.5, 9: 0.3}


def _pick_weis(rng: random.Random, options: list[Weis]) -> Weis | None:
    if not options:
        return None
    weights = [2.0 if not w.is_sequence else _LENGTH_WEIGHT[w.length] for w in options]
    return rng.choices(options, weights=weights)[0]


def _pair_ok(case: str, a: Weis, b: Weis) -> bool:
    if a.cards.mask & b.cards.mask:
        return False
    if case == "points":
        return a.points != b.points
    if case == "length":
        return a.points == b.points and a.length != b.length
    if case in ("rank", "undenufe"):
        return a.points == b.points and a.length == b.length and a.top != b.top
    if case in ("trump", "position"):
        return a.is_sequence and b.is_sequence and a.length == b.length and a.top == b.top
    raise AssertionError(case)


def _deciding(a: Weis, b: Weis, contract: Contract) -> int | None:
    """Index of the W6 key (points, cards, rank, trump) that tells ``a`` and ``b`` apart, or None."""
    ka, kb = weis_strength(a, contract), weis_strength(b, contract)
    return next((i for i in range(4) if ka[i] != kb[i]), None)


def _case_of(result: Any, contract: Contract) -> str:
    if result.winner is None:
        return "none"
    if result.rival is None:
        return "alone"
    index = _deciding(result.strongest, result.rival[1], contract)
    if index is None:
        return "position"
    if index == 2:
        return "undenufe" if contract == Contract.UNDENUFE else "rank"
    return ("points", "length", "rank", "trump")[index]


_Hands = tuple[CardSet, CardSet, CardSet, CardSet]


def _attempt(rng: random.Random, ruleset: Ruleset, case: str) -> tuple[Contract, Seat, _Hands] | None:
    """A try at two rival Weis for ``case`` (and smaller ones beside them): contract, forehand, the seats' cards."""
    forehand = Seat(rng.randrange(4))
    cards: list[CardSet] = [CardSet(), CardSet(), CardSet(), CardSet()]
    if case == "none":
        return Contract(rng.randrange(6)), forehand, (cards[0], cards[1], cards[2], cards[3])
    pool = list(_all_weis(ruleset))
    if case == "length":  # a Weis that has an equal-points partner of another length
        pool_a = [w for w in pool if any(_pair_ok(case, w, x) for x in pool)]
    elif case in ("trump", "position"):
        pool_a = [w for w in pool if w.is_sequence]
    else:
        pool_a = pool
    a = _pick_weis(rng, pool_a)
    assert a is not None
    b = _pick_weis(rng, [w for w in pool if _pair_ok(case, a, w)])
    if b is None:
        return None
    if case == "undenufe":
        contract = Contract.UNDENUFE
    elif case == "rank":
        contract = Contract(rng.randrange(5))
    elif case == "trump":
        suits = [w.suit for w in (a, b) if w.suit is not None]  # both are sequences (_pair_ok)
        contract = Contract.from_suit(rng.choice(suits))
    elif case == "position":
        contract = rng.choice([Contract.OBENABE, Contract.UNDENUFE]
                              + [Contract(s) for s in range(4) if s not in (a.suit, b.suit)])
    else:
        contract = Contract(rng.randrange(6))
    seat_a = Seat(rng.randrange(4))
    seat_b = Seat((seat_a + rng.choice((1, 3))) % 4)
    cards[seat_a], cards[seat_b] = a.cards, b.cards
    used = a.cards.mask | b.cards.mask
    weakest = min(weis_strength(a, contract), weis_strength(b, contract))
    small = [w for w in pool if w.length <= 4 and weis_strength(w, contract) < weakest]
    for seat, chance in ((seat_a.partner, 0.55), (seat_b.partner, 0.55), (seat_a, 0.2), (seat_b, 0.2)):
        if rng.random() < chance:
            options = [w for w in small if not w.cards.mask & (used | _run_neighbours(cards[seat]))
                       and len(cards[seat]) + w.length <= 9]
            extra = _pick_weis(rng, options)
            if extra is not None:
                cards[seat] = cards[seat] | extra.cards
                used |= extra.cards.mask
    return contract, forehand, (cards[0], cards[1], cards[2], cards[3])


def _declare(cards: CardSet, contract: Contract, ruleset: Ruleset) -> Declaration:
    return best_declaration(cards, contract, ruleset) if cards else Declaration((), contract)


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """Declarations of two rival teams whose contest turns on the teaching ``case`` (a W6 key)."""
    for _ in range(MAX_TRIES):
        attempt = _attempt(rng, ruleset, case)
        if attempt is None:
            continue
        contract, forehand, hands = attempt
        decls = tuple(_declare(h, contract, ruleset) for h in hands)
        result = contest(decls, contract, forehand)
        if _case_of(result, contract) == case:
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no contest of the case {case!r} found")
    answer = (result.team, 0 if result.team is None else result.points[result.team])
    prompt = (f"{contract}; seat {int(forehand)} is forehand and announces first. Each player's declaration is "
              "shown. Which team scores Weis, and how many Weis points (before the multiplier)? "
              "If nobody scores, answer nobody and 0 points.")
    position = {"hands": hands, "declarations": decls, "contract": contract, "forehand": forehand, "case": case}
    return Draft(prompt, position, answer, _explanation(result, ruleset))


def _explanation(result: Any, ruleset: Ruleset) -> str:
    contract: Contract = result.contract
    fh: Seat = result.forehand
    lines = [f"{contract}; the declarations in playing order from forehand seat {int(fh)} (W5):"]
    for k in range(4):
        seat = Seat((fh + k) % 4)
        lines.append(f"- seat {int(seat)} (team {seat % 2}): {result.declarations[seat].format()}")
    if result.team is None:
        lines.append("Nobody has a Weis: no team scores Weis points (W7). Answer: nobody, 0.")
        return "\n".join(lines)
    lines.append("The strongest single Weis of the table decides (W6: points, then number of cards, then rank"
                 + (", reversed in Undenufe" if contract == Contract.UNDENUFE else "")
                 + ", then a trump sequence, then the earlier player). " + _sentence(result.reason) + ".")
    team: Team = result.team
    total = result.points[team]
    lines.append(f"{_cap(team)} scores all the Weis of both its players (W7): "
                 f"{_team_sum(result.declarations, team)}; {team.other} scores none"
                 + _other_total(result, team.other) + ".")
    m = ruleset.multiplier(contract)
    recorded = multiplied(0, total, 0, m)[1]
    lines.append(f"Answer: {team}, {total} points (recorded multiplied: {total} × {m} = {recorded}, W8).")
    return "\n".join(lines)


def _sentence(clause: str) -> str:
    """A clause of :attr:`ContestResult.reason` as the start of a sentence: ``"Seat 1's sequence ..."``."""
    return clause[:1].upper() + clause[1:]


def _team_sum(decls: Any, team: Team) -> str:
    """``'50 (seat 1) + 20 (seat 3) = 70'`` or ``'50 (seat 1)'``."""
    parts = [f"{decls[s].points} (seat {int(s)})" for s in team.seats if decls[s]]
    total = sum(decls[s].points for s in team.seats)
    return " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")


def _other_total(result: Any, team: Team) -> str:
    points = sum(result.declarations[s].points for s in team.seats)
    return f", although its own Weis add up to {points}" if points else ""


def check(ex: Exercise, response: Any) -> Feedback:
    """Items ``team`` (W6: the strongest single Weis decides) and ``points`` (W7: all the winners' Weis)."""
    pair = _as_pair(response, "Please answer with (team, points), e.g. (1, 70), or (None, 0) if nobody scores Weis.")
    team = _as_team(pair[0])
    points = _as_int(pair[1], "the Weis points")
    right_team, right_points = ex.answer
    decls = ex.position["declarations"]
    result = contest(decls, ex.position["contract"], ex.position["forehand"])
    why = _sentence(result.reason)
    if team == right_team:
        text = ("Right: nobody has a Weis (W6)." if team is None
                else f"Right, {team} scores the Weis. {why} (W6).")
    elif right_team is None:
        text = f"You said {team}, but nobody at the table has a Weis, so nobody scores (W6)."
    else:
        said = "nobody" if team is None else str(team)
        text = f"You said {said}, but {right_team} scores the Weis. {why} (W6)."
    team_item = Item("team", team == right_team, text, "W6")
    if right_team is None:
        ptext = f"{_said(points, 0)}: without any Weis there are no Weis points (W7)."
    else:
        ptext = (f"{_said(points, right_points)}: {right_team} scores the Weis of both its players, "
                 f"{_team_sum(decls, right_team)}, and the other team none (W7).")
        if points != right_points:
            best = result.strongest
            if best is not None and points == best.points and right_points != best.points:
                ptext += " Not only the winning Weis counts: all the Weis of the winning team do."
    points_item = Item("points", points == right_points, ptext, "W7")
    return _verdict((team_item, points_item))


def text(ex: Exercise) -> str:
    p = ex.position
    lines = [f"Contract: {_contract_text(p['contract'], ex.ruleset)}; forehand: seat {int(p['forehand'])}"]
    for k in range(4):
        seat = Seat((p["forehand"] + k) % 4)
        lines.append(f"seat {int(seat)} (team {seat % 2}): {p['declarations'][seat].format()}")
    return "\n".join(lines)


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    return display.declarations_position_html(p["contract"], p["forehand"], p["hands"], p["declarations"],
                                              ruleset=ex.ruleset, style=style)


LEVELS: tuple[tuple[str, ...], ...] = (
    ("points", "none"),
    ("length", "rank"),
    ("undenufe", "trump", "position"),
)
"""Level 1 the points decide, level 2 the number of cards or the rank, level 3 Undenufe, trump and position."""

_HINTS = {
    "points": "Find the strongest single Weis of the table: compare the points first (W6).",
    "length": "The strongest Weis have equal points: W6 looks at the number of cards next.",
    "rank": "Equal points and equal length: W6 compares the top card next.",
    "undenufe": "Equal points and length, and the contract is Undenufe: W6 reverses the rank comparison.",
    "trump": "Two sequences equal in points, length and top card: W6 prefers one of a certain suit.",
    "position": "Two Weis exactly as strong: W6 lets the one announced first win. Who announces first?",
    "none": "Does anybody at the table hold a Weis (W2, W3)?",
}


def hint(ex: Exercise) -> str:
    """Which key of W6 decides here, and the reminder of W7 (all the winning team's Weis count)."""
    first = _HINTS.get(ex.position.get("case", ""), "Find the strongest single Weis of the table (W6).")
    return f"{first} The team holding it scores the Weis of both its players (W7)."


TOPIC = Topic(
    name="contest",
    title="The Weis contest",
    kind="team+points",
    rules=("W6", "W7"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    instructions="Write the team that scores Weis (or “nobody”) and its Weis points before the multiplier.",
)
