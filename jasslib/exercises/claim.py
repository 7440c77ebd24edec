"""Topic ``claim``: who reaches the target first? (G1, G3)

A hand's Stöck, Weis and trick points are added to the recorded totals in the order of G3
(Stöck–Weis–Stich); the positions are chosen so that the order matters (the loser ends with more) or
so that nobody reaches the target.  The answer is :func:`jasslib.scoring.race`, and the explanation
walks :func:`jasslib.scoring.race_steps`.

>>> from jasslib.exercises import exercise
>>> ex = exercise("claim", seed=5)
>>> ex.kind, sorted(ex.position["additions"])
('team', ['stich', 'stoeck', 'weis'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .. import display
from ..contracts import Contract
from ..rulesets import Ruleset
from ..scoring import CLAIM_CATEGORY_NAMES, HAND_TOTAL, MATCH_TOTAL, multiplied, race, race_steps
from ..seats import Team
from ..weis import stoeck_points
from .base import (
    _WEIS_VALUES,
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_team,
    _cap,
    _contract_text,
    _verdict,
)

__all__ = ["TOPIC"]

WEIGHTS: dict[str, int] = {
    "stoeck-first": 22,
    "weis-before-stich": 26,
    "stoeck-short": 14,
    "stich": 26,
    "nobody": 12,
}

_Pair = tuple[int, int]


def _case_of(recorded: _Pair, additions: Mapping[str, _Pair], target: int, priority: tuple[str, ...]) -> str:
    """The teaching case a position is an instance of (``tie``, ``same-category`` and ``other`` teach nothing)."""
    steps = list(race_steps(recorded, additions, target, priority))
    final = steps[-1].totals
    deciding = next((s for s in steps if s.decides), None)
    if deciding is None:
        return "nobody"
    if deciding.winner is None:
        return "tie"
    if len(deciding.reached) == 2:  # both reach within one category: only when a whole hand is added at once
        return "same-category"
    winner, loser = deciding.winner, deciding.winner.other
    # priority matters when the loser reaches the target too, with a higher final total
    loser_reaches = final[loser] >= target and final[loser] > final[winner]
    if deciding.category == "stoeck" and loser_reaches:
        return "stoeck-first"
    if additions["stoeck"][loser] and loser_reaches and deciding.category in ("weis", "stich"):
        return "stoeck-short"
    if deciding.category == "weis" and loser_reaches:
        return "weis-before-stich"
    if deciding.category == "stich" and final[loser] < target:
        return "stich"
    return "other"


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """Recorded totals and one hand's (multiplied) points such that the race is of the teaching ``case``."""
    target = ruleset.target
    priority = tuple(ruleset.claim_priority)
    for _ in range(20 * MAX_TRIES):
        contract = Contract(rng.randrange(6))
        m = ruleset.multiplier(contract)
        stoeck = (0, 0)
        want_stoeck = case in ("stoeck-first", "stoeck-short") or rng.random() < 0.3
        if contract.has_trump and want_stoeck:
            s = stoeck_points(contract, ruleset)
            stoeck = (s, 0) if rng.random() < 0.5 else (0, s)
        weis = (0, 0)
        if case == "weis-before-stich" or rng.random() < 0.55:
            w = multiplied(0, rng.choice(_WEIS_VALUES), 0, m)[1]  # Weis are recorded multiplied (W8)
            weis = (w, 0) if rng.random() < 0.5 else (0, w)
        if rng.random() < 0.05:
            match = multiplied(MATCH_TOTAL, 0, 0, m)[0]
            stich = (match, 0) if rng.random() < 0.5 else (0, match)
        else:
            a = rng.randint(12, 145)
            stich = (multiplied(a, 0, 0, m)[0], multiplied(HAND_TOTAL - a, 0, 0, m)[0])
        additions = {"stoeck": stoeck, "weis": weis, "stich": stich}
        gains = [sum(additions[c][t] for c in priority) for t in (0, 1)]
        if case == "nobody":
            before = [max(0, target - gains[t] - rng.randint(1, 60)) for t in (0, 1)]
        else:
            before = [max(0, target - rng.randint(1, gains[t] + 40)) for t in (0, 1)]
        recorded = (before[0], before[1])
        if _case_of(recorded, additions, target, priority) == case:
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no claim of the case {case!r} found")
    result = race(recorded, additions, target, priority)
    prompt = (f"Target {target}. This hand ({contract} ×{ruleset.multiplier(contract)}) brings the points shown, "
              "already multiplied. Which team wins the game: team 0, team 1, or nobody (if nobody reaches the "
              "target yet)?")
    position = {"recorded": recorded, "additions": additions, "target": target, "contract": contract, "case": case}
    return Draft(prompt, position, result.winner, _walk(recorded, additions, target, priority))


def _short(category: str) -> str:
    """``'Stöck'``, ``'Weis'``, ``'Stich'``: a category's name in the order's short form."""
    return "Stich" if category == "stich" else CLAIM_CATEGORY_NAMES[category]


def _walk(recorded: _Pair, additions: Mapping[str, _Pair], target: int, priority: tuple[str, ...]) -> str:
    """The race of G3 in words, one line per category of :func:`~jasslib.scoring.race_steps`."""
    lines = [f"Target {target} (G1). Before this hand: team 0 {recorded[0]}, team 1 {recorded[1]}.",
             f"The points count in the order {'–'.join(_short(c) for c in priority)} (G3); the first team to "
             f"reach {target} wins."]
    before, totals = tuple(recorded), tuple(recorded)
    decided = False
    winner: Team | None = None
    for number, step in enumerate(race_steps(recorded, additions, target, priority), 1):
        totals = step.totals
        moves = "; ".join(f"team {t} +{step.added[t]} → {totals[t]}" for t in (0, 1))
        head = f"{number}. {CLAIM_CATEGORY_NAMES[step.category]}: {moves}"
        if decided:
            over = "the game is already over" if winner is not None else "the tie above stands"
            lines.append(f"{head} (too late: {over}).")
        elif not step.decides:
            lines.append(f"{head}. Nobody has {target} yet.")
        elif len(step.reached) == 1:
            lines.append(f"{head}. {_cap(step.reached[0])} reaches {target} first and wins the game (G3).")
        else:
            lines.append(f"{head}. Both teams reach {target} here, from {before[0]} and {before[1]}; the higher "
                         "total wins" + (f": {step.winner}." if step.winner is not None else ": a tie."))
        decided, winner, before = decided or step.decides, step.winner, totals
    if winner is None:
        lines.append(f"Both teams reach {target} with the same total: no winner yet (answer: nobody)." if decided
                     else f"Nobody reaches {target}: the game goes on (answer: nobody).")
    else:
        loser = winner.other
        if totals[loser] >= totals[winner]:
            lines.append(f"{_cap(loser)} ends the hand with {totals[loser]}, more than {totals[winner]}, but the order "
                         "decides, not the final total (G3).")
        lines.append(f"Answer: {winner}.")
    return "\n".join(lines)


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``team`` (G3), with the race walked category by category."""
    team = _as_team(response)
    right = ex.answer
    p = ex.position
    walk = _walk(p["recorded"], p["additions"], p["target"], tuple(ex.ruleset.claim_priority))
    steps = " ".join(line for line in walk.splitlines()[2:] if not line.startswith("Answer"))
    said = "nobody" if team is None else str(team)
    right_words = "nobody reaches the target" if right is None else f"{right} wins"
    if team == right:
        text = f"Right, {right_words}: Stöck, then Weis, then the trick points (G3). {steps}"
    else:
        text = f"You said {said}, but {right_words}: Stöck, then Weis, then the trick points (G3). {steps}"
    return _verdict((Item("team", team == right, text, "G3"),))


LEVELS: tuple[tuple[str, ...], ...] = (
    ("stich", "nobody"),
    ("weis-before-stich",),
    ("stoeck-first", "stoeck-short"),
)
"""Level 1 only the trick points matter, level 2 Weis before the tricks, level 3 Stöck first."""


def hint(ex: Exercise) -> str:
    """The order of G3 and the question to ask after each category."""
    return (f"Add the hand's points category by category in the order Stöck, Weis, then the trick points (G3). "
            f"After each one, has a team reached {ex.position['target']}? The first to reach it wins, whatever "
            "the final totals (G1, G3).")


def text(ex: Exercise) -> str:
    p = ex.position
    add = p["additions"]
    return "\n".join([
        f"Target: {p['target']}; contract {_contract_text(p['contract'], ex.ruleset)}",
        f"Recorded before this hand: team 0 {p['recorded'][0]}, team 1 {p['recorded'][1]}",
        f"This hand adds (multiplied): Stöck {add['stoeck'][0]} / {add['stoeck'][1]}, "
        f"Weis {add['weis'][0]} / {add['weis'][1]}, tricks {add['stich'][0]} / {add['stich'][1]} (team 0 / team 1)",
    ])


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    add = p["additions"]
    rows = [
        ("Recorded before this hand", p["recorded"][0], p["recorded"][1]),
        ("Stöck (multiplied)", add["stoeck"][0], add["stoeck"][1]),
        ("Weis (multiplied)", add["weis"][0], add["weis"][1]),
        ("Trick points (multiplied)", add["stich"][0], add["stich"][1]),
    ]
    return display.teams_position_html(rows, contract=p["contract"], ruleset=ex.ruleset, target=p["target"],
                                       style=style)


TOPIC = Topic(
    name="claim",
    title="Who reaches the target first?",
    kind="team",
    rules=("G1", "G3"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    instructions="Write the team that wins the game, or “nobody”.",
)
