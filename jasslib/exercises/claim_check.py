"""Topic ``claim_check``: a team claims the win in the middle of a hand; is the claim right? (G2)

The card points captured so far come from a random deal played part of the way; the totals written
before are chosen so that the claim holds or fails by the case (just, exactly, or only with the Stöck
that may still be claimed).  The answer is the winner of :func:`jasslib.scoring.judge_claim`: the
claiming team if the claim holds, the other team if it is false.

>>> from jasslib.exercises import exercise
>>> ex = exercise("claim_check", seed=1)
>>> ex.kind, ex.check(ex.answer).correct
('team', True)
"""

from __future__ import annotations

import random
from typing import Any

from .. import display
from ..contracts import Contract
from ..rulesets import Ruleset
from ..scoring import judge_claim
from ..seats import Team
from ..weis import stoeck_points
from .base import MAX_TRIES, Draft, Exercise, Feedback, Item, Topic, _as_team, _contract_text, _random_round, _verdict

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "holds": 18,
    "false": 18,
    "opponents-points": 20,
    "exactly": 16,
    "stoeck": 20,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("holds", "false"),
    ("opponents-points", "exactly"),
    ("stoeck",),
)
"""Level 1 clearly enough or not, level 2 the other team's points and exactly the target, level 3 the Stöck
that may still be claimed."""


def _partial(rng: random.Random, ruleset: Ruleset, contract: Contract) -> tuple[tuple[int, int], int]:
    """Card points captured after a few tricks of a random deal, and the number of tricks played."""
    r = _random_round(rng, ruleset)
    r.choose(contract)
    tricks = rng.randint(2, 8)
    while r.trick_number < tricks:
        r.play(rng.choice(list(r.legal_cards())))
    return r.card_points, tricks


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """Written totals, captured card points and a claim whose verdict (G2) is of the teaching ``case``."""
    target = ruleset.target
    for _ in range(MAX_TRIES):
        team = Team(rng.randrange(2))
        contract = Contract(rng.randrange(4) if case == "stoeck" else rng.randrange(6))
        m = ruleset.multiplier(contract)
        captured, tricks = _partial(rng, ruleset, contract)
        stoeck = [0, 0]
        if case == "stoeck":
            stoeck[team] = stoeck_points(contract, ruleset)
        gain = judge_claim(team, (0, 0), captured, m, target, stoeck).total  # what the claim adds
        if case == "holds":
            mine = target - gain + rng.randint(1, 80)
        elif case == "false":
            mine = target - gain - rng.randint(1, 80)
        elif case == "exactly":
            mine = target - gain
        elif case == "stoeck":
            mine = target - gain + rng.randrange(stoeck[team])  # short without the Stöck, enough with it
        else:  # opponents-points: enough only with the other team's captured points
            extra = (captured[team.other] - captured[team]) * m
            if extra <= 1:
                continue
            mine = target - gain - rng.randint(1, extra - 1)
        theirs = max(0, target - rng.randint(80, target // 2))
        recorded = (mine, theirs) if team == Team.T0 else (theirs, mine)
        if mine < 0 or mine >= target:
            continue
        result = judge_claim(team, recorded, captured, m, target, stoeck)
        if _case_holds(case, result.valid, team, recorded, captured, m, target, stoeck):
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no claim of the case {case!r} found")
    prompt = (f"Target {target}, {contract} ×{m}. After trick {tricks} of this hand {team} claims the win. "
              "Which team wins the game?")
    position = {"contract": contract, "target": target, "team": team, "recorded": recorded, "captured": captured,
                "stoeck": (stoeck[0], stoeck[1]), "tricks": tricks, "case": case}
    lines = [result.message]
    if case == "opponents-points":
        lines.append(f"Only {team}'s own captured points count for its claim; {team.other}'s {captured[team.other]} "
                     "do not.")
    if case == "stoeck":
        lines.append(f"Without the Stöck it may still claim, {team} would be short of {target}.")
    lines.append(f"Answer: {result.winner}.")
    return Draft(prompt, position, result.winner, " ".join(lines))


def _case_holds(case: str, valid: bool, team: Team, recorded: tuple[int, int], captured: tuple[int, int], m: int,
                target: int, stoeck: list[int]) -> bool:
    """True when the claim is an instance of ``case`` (each variant judged by judge_claim too)."""
    if case in ("holds", "exactly"):
        return valid and (case == "holds" or judge_claim(team, recorded, captured, m, target, stoeck).total == target)
    if case == "false":
        return not valid
    if case == "stoeck":
        return valid and not judge_claim(team, recorded, captured, m, target, (0, 0)).valid
    swapped = (captured[1], captured[0])
    return not valid and judge_claim(team, recorded, swapped, m, target, stoeck).valid


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``team`` (G2): the claimant wins with a right claim and loses with a false one."""
    team = _as_team(response)
    right = ex.answer
    reason = ex.explanation.rsplit(" Answer:", 1)[0]
    if team == right:
        return _verdict((Item("team", True, f"Right, {right} wins. {reason}", "G2"),))
    said = "nobody" if team is None else str(team)
    extra = " A claim always ends the game: a false claim loses it (G2)." if team is None else ""
    return _verdict((Item("team", False, f"You said {said}, but {right} wins. {reason}{extra}", "G2"),))


_HINTS = {
    "holds": "G2: add the claiming team's captured card points, multiplied, to what it has written. Target reached?",
    "false": "G2: add the claiming team's captured card points, multiplied, to what it has written. Target reached? "
    "And what happens after a false claim?",
    "opponents-points": "G2: whose captured card points count for a claim?",
    "exactly": "G2: add the claiming team's captured card points, multiplied. Is exactly the target enough?",
    "stoeck": "G2: besides its captured card points, what else may the claiming team add?",
}


def hint(ex: Exercise) -> str:
    """What G2 adds up, pointed at the case's trap."""
    return _HINTS[ex.position["case"]]


def text(ex: Exercise) -> str:
    p = ex.position
    return "\n".join([
        f"Target: {p['target']}; contract {_contract_text(p['contract'], ex.ruleset)}; {p['tricks']} tricks played",
        f"Claim: {p['team']} claims the win",
        f"Written so far: team 0 {p['recorded'][0]}, team 1 {p['recorded'][1]}",
        f"Card points captured in this hand (before ×): team 0 {p['captured'][0]}, team 1 {p['captured'][1]}",
        f"Stöck still to claim (multiplied): team 0 {p['stoeck'][0]}, team 1 {p['stoeck'][1]}",
    ])


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    rows = [
        ("Written so far", p["recorded"][0], p["recorded"][1]),
        ("Card points captured in this hand (before ×)", p["captured"][0], p["captured"][1]),
        ("Stöck still to claim (multiplied)", p["stoeck"][0], p["stoeck"][1]),
    ]
    table = display.teams_position_html(rows, contract=p["contract"], ruleset=ex.ruleset, target=p["target"],
                                        style=style)
    return (table + display.labelled_html("Tricks played", str(p["tricks"]))
            + display.labelled_html("Claim", f"{p['team']} claims the win"))


TOPIC = Topic(
    name="claim_check",
    title="Is the claim right?",
    kind="team",
    rules=("G2",),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    instructions="Write the team that wins the game after the claim.",
)
