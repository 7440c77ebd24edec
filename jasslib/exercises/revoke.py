"""Topic ``revoke``: a player plays an illegal card; what does each team score for the hand? (G5)

A random deal is played with legal cards until a player could play a card that is not allowed; that
card is the revoke (its reason from :meth:`jasslib.round.Round.check`).  The answer is
:func:`jasslib.scoring.revoke_score`: the other team scores the whole hand's trick points, the offenders
none, whatever they had captured; Weis and Stöck already recorded stay.

>>> from jasslib.exercises import exercise
>>> ex = exercise("revoke", seed=1)
>>> ex.kind, ex.check(ex.answer).correct
('points+points', True)
"""

from __future__ import annotations

import html
import random
from typing import Any

from .. import display
from ..cards import Card
from ..contracts import Contract
from ..round import Round
from ..rulesets import Ruleset
from ..scoring import HAND_TOTAL, revoke_score
from ..seats import Seat
from ..weis import STOECK_POINTS, stoeck_holder
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_int,
    _as_pair,
    _contract_text,
    _plays_text,
    _random_round,
    _said,
    _verdict,
)

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "plain": 22,
    "offenders-ahead": 26,
    "weis-kept": 26,
    "stoeck-kept": 26,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("plain",),
    ("offenders-ahead",),
    ("weis-kept", "stoeck-kept"),
)
"""Level 1 the penalty alone, level 2 the offenders had captured more, level 3 Weis or Stöck recorded before."""


def _stoeck_contract(rng: random.Random, r: Round) -> Contract:
    """A trump whose K and Q one seat holds (so that Stöck can be recorded), else any contract."""
    hands = [r.initial_hand(s) for s in Seat]
    held = [Contract(s) for s in range(4) if stoeck_holder(hands, Contract(s)) is not None]
    return rng.choice(held) if held else Contract(rng.randrange(6))


def _revoke_position(rng: random.Random, ruleset: Ruleset, case: str) -> tuple[Round, Card] | None:
    """A round stopped where the player to move could revoke, and the illegal card; None if none turned up."""
    r = _random_round(rng, ruleset)
    r.choose(_stoeck_contract(rng, r) if case == "stoeck-kept" else Contract(rng.randrange(6)))
    start = rng.randint(5, 8) if case == "stoeck-kept" else rng.randint(1, 8)
    while not r.done:
        hand, legal = r.hand(r.to_move or 0), r.legal_cards()
        if r.trick_number >= start and hand != legal:
            return r, rng.choice(list(hand - legal))
        r.play(rng.choice(list(legal)))
    return None


def _case_of(r: Round, offender: Seat) -> str | None:
    """The teaching case of a revoke by ``offender`` now; None when a Stöck is still unannounced."""
    holder = r.stoeck_holder
    if holder is not None and not r.stoeck_recorded[holder.team]:
        return None  # Stöck held but not yet announced: whether it may still be claimed is left open (S2)
    if holder is not None:
        return "stoeck-kept"
    result = r.weis_result
    if result is not None and result.team is not None:
        return "weis-kept"
    captured = r.card_points
    return "offenders-ahead" if captured[offender.team] > captured[offender.team.other] else "plain"


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A revoke in a random deal, at a moment of the teaching ``case``; the answer is revoke_score's totals."""
    for _ in range(MAX_TRIES):
        found = _revoke_position(rng, ruleset, case)
        if found is None:
            continue
        r, card = found
        offender = r.to_move
        assert offender is not None
        if _case_of(r, offender) == case:
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no revoke of the case {case!r} found")
    contract = r.contract
    assert contract is not None
    verdict = r.check(card)
    result = r.weis_result
    weis = result.points if result is not None else (0, 0)
    holder = r.stoeck_holder
    stoeck = (0, 0) if holder is None else (STOECK_POINTS, 0) if holder.team == 0 else (0, STOECK_POINTS)
    team = offender.team
    score = revoke_score(team, contract, ruleset, weis, stoeck)
    prompt = (f"{contract}. After {r.trick_number} tricks, seat {int(offender)} plays {card}, a card that is not "
              "allowed. What does each team score for this hand (after the multiplier)? Answer (team 0, team 1).")
    lines = [f"{verdict.message} A revoke ends the round (G5): {team.other} scores the whole hand's {HAND_TOTAL} trick "
             f"points and {team} none, whatever the teams had captured so far (team 0 {r.card_points[0]}, team 1 "
             f"{r.card_points[1]})."]
    if any(weis) or any(stoeck):
        lines.append("Weis and Stöck recorded before the revoke stay recorded, multiplied (G5, H2).")
    lines += [_line(score, t) for t in (0, 1)]
    lines.append(f"Answer: ({score.total[0]}, {score.total[1]}).")
    position = {"contract": contract, "trick": r.trick, "tricks_played": r.trick_number, "offender": offender,
                "card": card, "rule": verdict.rule, "captured": r.card_points, "weis": weis, "stoeck": stoeck,
                "case": case}
    return Draft(prompt, position, score.total, "\n".join(lines))


def _line(score: Any, t: int) -> str:
    m = score.multiplier
    parts = [f"{score.trick_points[t]} × {m}"]
    if score.weis[t]:
        parts.append(f"{score.weis[t]} Weis")
    if score.stoeck[t]:
        parts.append(f"{score.stoeck[t]} Stöck")
    return f"Team {t}: {' + '.join(parts)} = {score.total[t]}."


def _score(ex: Exercise) -> Any:
    p = ex.position
    return revoke_score(p["offender"].team, p["contract"], ex.ruleset, p["weis"], p["stoeck"])


def check(ex: Exercise, response: Any) -> Feedback:
    """Items ``team 0`` and ``team 1`` (G5), with a hint when the captured points were counted."""
    pair = _as_pair(response, "Please answer with both teams' scores, (team 0, team 1), e.g. (314, 0).")
    given = (_as_int(pair[0], "team 0's score"), _as_int(pair[1], "team 1's score"))
    p = ex.position
    score = _score(ex)
    offenders = p["offender"].team
    items = []
    for t in (0, 1):
        right = score.total[t]
        who = "the offending team" if t == offenders else "the other team"
        text = f"Team {t} ({who}): {_said(given[t], right)}: {_line(score, t).removeprefix(f'Team {t}: ')}"
        if given[t] != right:
            m = score.multiplier
            if t == offenders and given[t] == right + p["captured"][t] * m:
                text += " The offenders' captured card points do not count after a revoke (G5)."
            elif t != offenders and given[t] == right - score.trick_points[t] * m + p["captured"][t] * m:
                text += f" The other team scores the whole hand, {HAND_TOTAL} trick points (G5)."
            elif (score.weis[t] or score.stoeck[t]) and given[t] == right - score.weis[t] - score.stoeck[t]:
                text += " Weis and Stöck already recorded stay (G5)."
        items.append(Item(f"team {t}", given[t] == right, text, "G5"))
    return _verdict(items, "scores")


_HINTS = {
    "plain": "G5: a revoke ends the round. Which team gets the hand's trick points, and how many?",
    "offenders-ahead": "G5: after a revoke, do the card points captured so far still count?",
    "weis-kept": "G5 takes away trick points only: what happens to Weis already recorded? Then multiply (H2).",
    "stoeck-kept": "G5 takes away trick points only: what happens to Stöck already recorded? Then multiply (H2).",
}


def hint(ex: Exercise) -> str:
    """What G5 gives and takes, pointed at the case's trap."""
    return _HINTS[ex.position["case"]]


def text(ex: Exercise) -> str:
    p = ex.position
    trick = _plays_text(p["trick"]) if p["trick"] else "empty: seat leads"
    return "\n".join([
        f"Contract: {_contract_text(p['contract'], ex.ruleset)}; {p['tricks_played']} tricks played",
        f"Trick so far: {trick}",
        f"Revoke: seat {int(p['offender'])} plays {p['card']}, which is not allowed ({p['rule']})",
        f"Card points captured so far: team 0 {p['captured'][0]}, team 1 {p['captured'][1]}",
        f"Weis recorded (before ×): team 0 {p['weis'][0]}, team 1 {p['weis'][1]}",
        f"Stöck recorded (before ×): team 0 {p['stoeck'][0]}, team 1 {p['stoeck'][1]}",
    ])


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    rows = [
        ("Card points captured so far", p["captured"][0], p["captured"][1]),
        ("Weis recorded (before ×)", p["weis"][0], p["weis"][1]),
        ("Stöck recorded (before ×)", p["stoeck"][0], p["stoeck"][1]),
    ]
    head = display.play_position_html(p["contract"], ruleset=ex.ruleset, style=style, trick=p["trick"],
                                      trick_label="Trick so far")
    revoke = (f"seat {int(p['offender'])} plays {display.cards_html([p['card']], style)}, which is not allowed "
              f"({html.escape(str(p['rule']))})")
    return (head + display.labelled_html("Tricks played", str(p["tricks_played"]))
            + display.labelled_html("Revoke", revoke) + display.teams_table_html(rows))


TOPIC = Topic(
    name="revoke",
    title="A revoke: scoring the hand",
    kind="points+points",
    rules=("G5",),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    instructions="Write both teams' scores for the hand after the revoke, after the multiplier.",
)
