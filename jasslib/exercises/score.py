"""Topic ``score``: what does each team score for the hand? (H1, H2, O7, C3)

Card points and tricks come from a random deal played out (or a match), Weis and Stöck are added
before the multiplier; the answer is :func:`jasslib.scoring.hand_score`.

>>> from jasslib.exercises import exercise
>>> ex = exercise("score", seed=2)
>>> ex.kind, sum(ex.position["card_points"]) == CARD_POINTS_TOTAL
('points+points', True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .. import display
from ..contracts import Contract
from ..play import CARD_POINTS_TOTAL, LAST_TRICK_BONUS
from ..rulesets import Ruleset
from ..scoring import MATCH_BONUS, hand_score, multiplied
from ..seats import Team
from ..weis import STOECK_POINTS
from .base import (
    _WEIS_VALUES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_int,
    _as_pair,
    _contract_text,
    _random_round,
    _said,
    _verdict,
)

__all__ = ["TOPIC"]

WEIGHTS: dict[str, int] = {
    "plain": 16,
    "weis": 22,
    "stoeck": 18,
    "weis-and-stoeck": 20,
    "match": 12,
    "no-trump": 12,
}


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A finished hand (card points from a random deal, or a match) with Weis and Stöck as the ``case`` asks."""
    if case == "no-trump":
        contract = rng.choice((Contract.OBENABE, Contract.UNDENUFE))
    elif case in ("stoeck", "weis-and-stoeck"):
        contract = Contract(rng.randrange(4))
    else:
        contract = Contract(rng.randrange(6))
    if case == "match":
        team = Team(rng.randrange(2))
        card_points = (CARD_POINTS_TOTAL, 0) if team == Team.T0 else (0, CARD_POINTS_TOTAL)
        tricks = (9, 0) if team == Team.T0 else (0, 9)
        last = team
    else:
        r = _random_round(rng, ruleset)
        r.choose(contract)
        while not r.done:
            r.play(rng.choice(list(r.legal_cards())))
        s = r.score()
        assert s.last_trick is not None  # a finished hand has a last trick
        card_points, tricks, last = s.card_points, s.tricks, s.last_trick
    weis = (0, 0)
    if case in ("weis", "weis-and-stoeck") or (case in ("match", "no-trump") and rng.random() < 0.5):
        w = rng.choice(_WEIS_VALUES)
        weis = (w, 0) if rng.random() < 0.5 else (0, w)
    stoeck = (0, 0)
    if contract.has_trump and (case in ("stoeck", "weis-and-stoeck") or (case == "match" and rng.random() < 0.4)):
        stoeck = (STOECK_POINTS, 0) if rng.random() < 0.5 else (0, STOECK_POINTS)
    score = hand_score(card_points, tricks, last, contract, ruleset, weis, stoeck)
    prompt = (f"{contract}. The hand is over: score it. What does each team score for this hand "
              "(after the multiplier)? Answer (team 0, team 1).")
    position = {"contract": contract, "card_points": card_points, "tricks": tricks, "last_trick": last,
                "weis": weis, "stoeck": stoeck, "case": case}
    lines = [f"{contract} ×{score.multiplier} ({ruleset.name} rules, C3)."]
    lines += [_line(position, ruleset, t) for t in (0, 1)]
    lines.append(f"Answer: ({score.total[0]}, {score.total[1]}).")
    return Draft(prompt, position, score.total, "\n".join(lines))


def _line(p: Mapping[str, Any], ruleset: Ruleset, t: int) -> str:
    score = hand_score(p["card_points"], p["tricks"], p["last_trick"], p["contract"], ruleset, p["weis"], p["stoeck"])
    m = score.multiplier
    parts = [f"{p['card_points'][t]} card points"]
    if p["last_trick"] == t:
        parts.append(f"{LAST_TRICK_BONUS} for the last trick")
    if score.match == t:
        parts.append(f"{MATCH_BONUS} for the match")
    tp = score.trick_points[t]
    first = " + ".join(parts) + f" = {tp} trick points (H1, O7)" if len(parts) > 1 else f"{tp} trick points (H1)"
    sum_parts = [f"{tp}"]
    if p["weis"][t]:
        sum_parts.append(f"{p['weis'][t]} Weis")
    if p["stoeck"][t]:
        sum_parts.append(f"{p['stoeck'][t]} Stöck")
    inner = " + ".join(sum_parts)
    body = f"({inner}) × {m}" if len(sum_parts) > 1 else f"{inner} × {m}"
    return f"team {t}: {first}; {body} = {score.total[t]} (H2)."


def check(ex: Exercise, response: Any) -> Feedback:
    """Items ``team 0`` and ``team 1`` (H2), each summed up, with a hint for a common slip."""
    pair = _as_pair(response, "Please answer with both teams' scores, (team 0, team 1), e.g. (240, 114).")
    given = (_as_int(pair[0], "team 0's score"), _as_int(pair[1], "team 1's score"))
    p = ex.position
    score = hand_score(p["card_points"], p["tricks"], p["last_trick"], p["contract"], ex.ruleset, p["weis"],
                       p["stoeck"])
    items = []
    for t in (0, 1):
        right = score.total[t]
        text = f"{_said(given[t], right)}: " + _line(p, ex.ruleset, t).removeprefix(f"team {t}: ")
        if given[t] != right:
            text += _hint(given[t], p, score, t)
        items.append(Item(f"team {t}", given[t] == right, f"Team {t}: {text}", "H2"))
    return _verdict(items, "scores")


def _hint(given: int, p: Mapping[str, Any], score: Any, t: int) -> str:
    m = score.multiplier
    tp, w, s = score.trick_points[t], p["weis"][t], p["stoeck"][t]
    if m > 1 and given == tp + w + s:
        return f" Did you forget the multiplier? Everything is multiplied by {m} (C3, H2)."
    if m > 1 and (w or s) and given == tp * m + w + s:
        return " Weis and Stöck are multiplied too (H2)."
    if p["last_trick"] == t and given == multiplied(tp - LAST_TRICK_BONUS, w, s, m)[3]:
        return f" Did you forget the {LAST_TRICK_BONUS} points for the last trick (O7)?"
    if score.match == t and given == multiplied(tp - MATCH_BONUS, w, s, m)[3]:
        return f" Did you forget the {MATCH_BONUS} points for the match (O7)?"
    if (w or s) and given == tp * m:
        return " Weis and Stöck belong to the hand's score too (H2)."
    return ""


LEVELS: tuple[tuple[str, ...], ...] = (
    ("plain",),
    ("weis", "stoeck", "no-trump"),
    ("weis-and-stoeck", "match"),
)
"""Level 1 trick points only, level 2 with Weis or Stöck or without trump, level 3 both, or a match."""


def hint(ex: Exercise) -> str:
    """The order of the sum: card points and bonuses (H1, O7), Weis and Stöck, then the multiplier (H2, C3)."""
    p = ex.position
    parts = ["Per team: its card points, plus the bonus for the last trick (H1, O7)"]
    if p.get("case") == "match":
        parts.append(", plus the match bonus for taking every trick (O7)")
    if any(p["weis"]) or any(p["stoeck"]):
        parts.append("; add its Weis and Stöck")
    parts.append("; then multiply the whole sum by the contract's factor (H2, C3).")
    return "".join(parts)


def text(ex: Exercise) -> str:
    p = ex.position
    return "\n".join([
        f"Contract: {_contract_text(p['contract'], ex.ruleset)}",
        f"Card points captured: team 0 {p['card_points'][0]}, team 1 {p['card_points'][1]}",
        f"Tricks won: team 0 {p['tricks'][0]}, team 1 {p['tricks'][1]}",
        f"Last trick won by: team {int(p['last_trick'])}",
        f"Weis (before the multiplier): team 0 {p['weis'][0]}, team 1 {p['weis'][1]}",
        f"Stöck (before the multiplier): team 0 {p['stoeck'][0]}, team 1 {p['stoeck'][1]}",
    ])


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    last = p["last_trick"]
    rows = [
        ("Card points captured", p["card_points"][0], p["card_points"][1]),
        ("Tricks won", p["tricks"][0], p["tricks"][1]),
        ("Last trick", "yes" if last == 0 else "", "yes" if last == 1 else ""),
        ("Weis (before ×)", p["weis"][0], p["weis"][1]),
        ("Stöck (before ×)", p["stoeck"][0], p["stoeck"][1]),
    ]
    return display.teams_position_html(rows, contract=p["contract"], ruleset=ex.ruleset, style=style)


TOPIC = Topic(
    name="score",
    title="Scoring a hand",
    kind="points+points",
    rules=("H1", "H2", "H3", "O7", "C3"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    instructions="Write both teams' scores for the hand, after the multiplier.",
)
