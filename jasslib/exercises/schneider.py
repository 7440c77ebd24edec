"""Topic ``schneider``: how many games does a win count? (G4, G1)

Final totals are drawn around half the target: far below, just below, exactly half, just above, far
above.  The answer is :func:`jasslib.scoring.games_won` of the losers' total; the explanation says
whether :func:`~jasslib.scoring.is_schneider`.

>>> from jasslib.exercises import exercise
>>> ex = exercise("schneider", seed=1)
>>> ex.kind, ex.answer in (1, 2), ex.check(ex.answer).correct
('number', True, True)
"""

from __future__ import annotations

import random
from typing import Any

from .. import display
from ..rulesets import Ruleset
from ..scoring import games_won, is_schneider
from ..seats import Team
from .base import Draft, Exercise, Feedback, Item, Topic, _as_int, _verdict

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "schneider": 20,
    "clear": 20,
    "just-below": 20,
    "just-above": 20,
    "at-half": 16,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("schneider", "clear"),
    ("just-below", "just-above"),
    ("at-half",),
)
"""Level 1 far from half the target, level 2 just either side of it, level 3 exactly half."""

_NEAR = 30
"""How close to the Schneider line the near cases are."""


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """Final totals of a won game with the losers' total placed by the teaching ``case``."""
    target, line = ruleset.target, ruleset.schneider
    winner = Team(rng.randrange(2))
    won = target + rng.randint(0, 300)
    if case == "schneider":
        lost = rng.randint(0, max(0, line - _NEAR - 1))
    elif case == "clear":
        lost = rng.randint(min(line + _NEAR + 1, target - 1), target - 1)
    elif case == "just-below":
        lost = rng.randint(max(0, line - _NEAR), max(0, line - 1))
    elif case == "just-above":
        lost = rng.randint(line + 1, min(line + _NEAR, target - 1))
    else:  # at-half
        lost = line
    scores = (won, lost) if winner == Team.T0 else (lost, won)
    answer = games_won(lost, ruleset)
    prompt = (f"Target {target}. The game is over: {winner} wins with {won}, {winner.other} has {lost}. How many "
              "games of the series does the win count?")
    schneider = is_schneider(lost, ruleset)
    how = "less than" if schneider else ("exactly" if lost == line else "not less than")
    verdict = ("Schneider: the win counts as two games" if schneider else
               "no Schneider: the win counts as one game")
    explanation = (f"Half the target of {target} is {line}. The losers, {winner.other}, have {lost}, {how} half the "
                   f"target: {verdict} (G4). Answer: {answer}.")
    position = {"target": target, "winner": winner, "scores": scores, "case": case}
    return Draft(prompt, position, answer, explanation)


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``games`` (G4)."""
    given = _as_int(response, "the number of games")
    right = ex.answer
    reason = ex.explanation.rsplit(" Answer:", 1)[0]
    if given == right:
        return _verdict((Item("games", True, f"Right, {right}. {reason}", "G4"),))
    text = f"You said {given}; the win counts {right}. {reason}"
    if ex.position["case"] == "at-half" and given != right:
        text += " Exactly half is not less than half."
    return _verdict((Item("games", False, text, "G4"),))


def hint(ex: Exercise) -> str:
    """The comparison G4 makes, without the verdict."""
    extra = " Is exactly half less than half?" if ex.position["case"] == "at-half" else ""
    return f"G4 compares the losers' total with half the target (G1 under the {ex.ruleset.name} rules).{extra}"


def _rows(ex: Exercise) -> list[tuple[str, Any, Any]]:
    p = ex.position
    won = ("wins", "") if p["winner"] == Team.T0 else ("", "wins")
    return [("Final total", p["scores"][0], p["scores"][1]), ("Result", *won)]


def text(ex: Exercise) -> str:
    p = ex.position
    return "\n".join([f"Target: {p['target']}",
                      f"Final totals: team 0 {p['scores'][0]}, team 1 {p['scores'][1]}; {p['winner']} wins"])


def position_html(ex: Exercise, style: str = "french") -> str:
    return display.teams_position_html(_rows(ex), target=ex.position["target"], style=style)


TOPIC = Topic(
    name="schneider",
    title="Schneider: how many games does the win count?",
    kind="number",
    rules=("G4", "G1"),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    answer_label="Games",
    instructions="Write how many games of the series the win counts.",
)
