"""Topic ``play``: which card would you play here, or would you say schieben?  Play-decision puzzles.

Each position comes from a real round (rule-based players at the table) where one choice is clearly best from
the player's own view: every legal card (or, for the forehand's call, every contract and schieben) was valued
by sampling the hidden cards, and the best one beats every other by at least a stated margin, with intervals
that do not overlap (:mod:`jasslib.exercises.play_bank`: the bank of positions, shipped as JSON, since the search
is too slow to run live).  Positions are grouped by the idea that explains the best card, in the vocabulary of
the coach (:data:`jasslib.analysis.coach.IDEAS`, the beginners' tips): put points on your partner's trick, take
a trick that holds points, give away a cheap card, lead a master card, keep a master for the last trick, draw
trumps, keep track of the Puur, schieben or not.

The answer is one of the position's ``options`` (kind ``choice``): a legal card, or for a call one of the six
contracts or ``"schieben"``.  The feedback says right or wrong, gives the expected points of every option and
the idea in one sentence, with its tip and rule id.

>>> from jasslib.exercises import exercise
>>> ex = exercise("play", seed=1)
>>> ex.kind, ex.answer in ex.position["options"], ex.check(ex.answer).correct
('choice', True, True)
>>> wrong = next(o for o in ex.position["options"] if o != ex.answer)
>>> ex.check(wrong).correct, "expected" in ex.check(wrong).items[0].message
(False, True)
"""

from __future__ import annotations

import html
import random
from typing import Any

from .. import display
from ..cards import Card, CardSet
from ..contracts import Contract
from ..errors import JassError
from ..play import check_play, trick_winner
from ..rulesets import Ruleset
from ..seats import Seat
from .base import Draft, Exercise, Feedback, Item, Malformed, Topic, _and, _contract_text, _plays_text, _verdict
from .play_bank import CONTRACT_IDEAS, bank, bank_ideas

__all__ = ["TOPIC", "IDEA_RULES", "LEVELS", "puzzle_entries"]

IDEA_RULES: dict[str, str] = {
    "smear": "O4",
    "partner_keep": "O4",
    "take": "P6",
    "cheap": "O4",
    "lead_master": "O1",
    "last_trick": "O7",
    "draw_trumps": "P6",
    "puur_out": "O2",
    "schieben": "C1",
    "name_contract": "C1",
}
"""The rule id each idea leans on (the rule book's): card points O4, the trick's winner P6, the card orders O1/O2,
the last trick's 5 (O7), the forehand's call (C1)."""

WEIGHTS: dict[str, int] = {
    "smear": 3, "take": 3, "cheap": 2, "lead_master": 3, "partner_keep": 2, "last_trick": 3, "draw_trumps": 3,
    "puur_out": 2, "schieben": 3, "name_contract": 2,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("smear", "take", "cheap"),
    ("lead_master", "last_trick", "draw_trumps"),
    ("partner_keep", "puur_out", "schieben", "name_contract"),
)
"""Level 1 the trick on the table (put points on, take it, give a cheap card), level 2 the lead and the end of
the hand (a master card, the last trick, drawing trumps), level 3 the harder calls (keep your strong cards on
your partner's trick, the Puur still out, schieben or not)."""

_HOW = {
    "rollout": "{n} layouts of the cards you cannot see, each played out by the rule-based players",
    "exact": "{n} layouts of the cards you cannot see, each solved exactly",
    "advisor": "{n} batches of {deals} sampled deals, played out by the rule-based players",
}


def _same_values(entry: dict[str, Any], ruleset: Ruleset) -> bool:
    """True when ``entry``'s values hold under ``ruleset``: the same card points (a card puzzle) or the same
    card points and multipliers in every contract (a call)."""
    built = Ruleset.get(entry["ruleset"])
    if entry["kind"] == "contract":
        return (built.multipliers == ruleset.multipliers
                and all(built.card_points(c) == ruleset.card_points(c) for c in Contract))
    contract = Contract.parse(entry["contract"])
    return built.card_points(contract) == ruleset.card_points(contract)


def puzzle_entries(case: str, ruleset: Ruleset) -> list[dict[str, Any]]:
    """The bank's entries of idea ``case`` that hold under ``ruleset`` (see :func:`_same_values`).

    >>> len(puzzle_entries("smear", Ruleset.get("classic"))) > 5
    True
    """
    return [e for e in bank() if e["idea"] == case and (ruleset.name in e["rulesets"] or _same_values(e, ruleset))]


def _option(entry: dict[str, Any], text: str) -> Any:
    return Card.parse(text) if entry["kind"] == "card" else text


def _idea_words(case: str) -> str:
    """The idea's sentence with its tip name and rule id: ``'Your partner is winning ... (tip 4: put points on;
    O4)'``."""
    source, text = bank_ideas()[case]
    rule = IDEA_RULES[case]
    return f"{text} ({source})" if rule in source else f"{text} ({source}; {rule})"


def _values_text(ex: Exercise) -> str:
    p = ex.position
    unit = "points" if p.get("contract") is not None else "margin"
    parts = [f"{o} {p['values'][o][0]:.1f} ± {p['values'][o][1]:.1f}" for o in p["options"]]
    return f"Expected {unit} of every option from what you can see: " + ", ".join(parts)


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A position of idea ``case`` drawn from the bank (:func:`puzzle_entries`)."""
    entries = puzzle_entries(case, ruleset)
    if not entries:  # none of this idea holds under the ruleset: another idea of the same level, else any
        level = next(cases for cases in LEVELS if case in cases)
        entries = [e for c in level for e in puzzle_entries(c, ruleset)]
        entries = entries or [e for c in WEIGHTS for e in puzzle_entries(c, ruleset)]
    if not entries:
        raise JassError(f"the bank of play puzzles has no position for the {ruleset.name} rules "
                        "(its card points or multipliers differ from the classic and modern ones)")
    entry = rng.choice(entries)
    case = entry["idea"]
    from .play_bank import position_round

    r = position_round(entry)
    seat = Seat(entry["seat"])
    options = tuple(_option(entry, o) for o in entry["values"])
    values = {_option(entry, o): (float(m), float(se)) for o, (m, se) in entry["values"].items()}
    answer = _option(entry, entry["answer"])
    how = _HOW[entry["method"]].format(n=entry["samples"], deals=entry["deals"])
    if entry["kind"] == "card":
        contract = r.contract
        assert contract is not None
        done = [play for t in r.tricks for play in t.plays]
        position: dict[str, Any] = {
            "hand": r.hand(seat), "trick": r.trick, "played": tuple(done), "contract": contract,
            "chooser": r.chooser, "pushed": r.pushed, "taken": r.card_points, "seat": seat,
        }
        situation = f"the trick so far: {_plays_text(r.trick)}" if r.trick else "you lead"
        prompt = (f"{contract}. You are seat {int(seat)}; {situation}. Which card would you play? "
                  "Pick the one card that is clearly best from what you can see.")
        unit = "expected points for your team from here"
    else:
        position = {"hand": r.hand(seat), "seat": seat}
        prompt = (f"You are forehand (seat {int(seat)}) with this hand, under the {ruleset.name} rules. Which "
                  "contract do you name, or do you say schieben?")
        unit = "expected margin (your team's hand score minus the opponents', H2)"
    position.update({"options": options, "values": values, "margin": float(entry["margin"]),
                     "puzzle": entry["id"], "case": case})
    second = _option(entry, entry["second"])
    lines = [
        f"Best: {answer}, {values[answer][0]:.1f} {unit}; the next best, {second}, "
        f"{values[second][0]:.1f} ({float(entry['margin']):.1f} less).",
        "Why: " + _idea_words(case),
        "Every option, from what you can see (" + how + "): "
        + ", ".join(f"{o} {m:.1f} ± {se:.1f}" for o, (m, se) in values.items()) + ".",
    ]
    return Draft(prompt, position, answer, "\n".join(lines))


def _read(ex: Exercise, response: Any) -> Any:
    """The option the learner picked: a card of the hand (a card puzzle) or a contract or schieben."""
    p = ex.position
    if p.get("contract") is None:
        if isinstance(response, Contract):
            return str(response)
        if isinstance(response, str):
            text = response.strip()
            if text.lower() in ("schieben", "push", "pass"):
                return "schieben"
            try:
                return str(Contract.parse(text))
            except (JassError, ValueError):
                pass
        raise Malformed("Please name a contract (such as '♥ trump', 'Obenabe' or 'Undenufe') or say 'schieben'; "
                        f"not {response!r}.")
    ask = "Please pick one card of your hand, such as 'A♥'"
    if isinstance(response, CardSet):
        if len(response) != 1:
            raise Malformed(f"{ask}: one card, not {len(response)}.")
        response = response[0]
    try:
        card = response if isinstance(response, Card) else Card.parse(response) if isinstance(response, str) else None
    except JassError:
        card = None
    if card is None:
        raise Malformed(f"{ask}; not {response!r}.")
    if card not in p["hand"]:
        raise Malformed(f"{ask}: {card} is not in your hand ({p['hand']}).")
    return card


def check(ex: Exercise, response: Any) -> Feedback:
    """One item: right or wrong, the expected points of the pick and of the best option, the idea (its rule id)
    and every option's value."""
    p = ex.position
    pick = _read(ex, response)
    case = p["case"]
    rule = IDEA_RULES[case]
    values = p["values"]
    best = ex.answer
    card_puzzle = p.get("contract") is not None
    if card_puzzle and pick not in values:
        trick = [c for _, c in p["trick"]]
        verdict = check_play(pick, p["hand"], trick, p["contract"])
        text = f"{verdict.message} Pick one of the cards you may play: {_and([str(o) for o in p['options']])}."
        return _verdict((Item(str(pick), False, text, verdict.rule),))
    unit = "expected points" if card_puzzle else "expected margin"
    every = _values_text(ex) + "."
    if pick == best:
        second = max((o for o in values if o != best), key=lambda o: values[o][0])
        text = (f"{best} is the best choice: {values[best][0]:.1f} {unit}, {values[best][0] - values[second][0]:.1f} "
                f"more than the next best, {second}. {_idea_words(case)}. {every}")
        return _verdict((Item(str(pick), True, text, rule),))
    lost = values[best][0] - values[pick][0]
    text = (f"You chose {pick}: {values[pick][0]:.1f} {unit}; {best} brings {values[best][0]:.1f}, {lost:.1f} more. "
            f"{_idea_words(case)}. {every}")
    return _verdict((Item(str(pick), False, text, rule),))


_CALL_HINT = ("Count what your hand is worth in its best contract, with the multiplier (C1, C3): is that enough, "
              "or is your partner, choosing with the other cards, likely to do better?")


def hint(ex: Exercise) -> str:
    """Stage one of the coach's hint: the idea in words with its tip and rule id, never the card; for the call, what
    to weigh."""
    case = ex.position["case"]
    if case in CONTRACT_IDEAS:
        return _CALL_HINT
    return f"Think of this idea: {_idea_words(case)}."


def _tricks(p: dict[str, Any]) -> list[tuple[tuple[Seat, Card], ...]]:
    done = p["played"]
    return [tuple(done[i:i + 4]) for i in range(0, len(done), 4)]


def _who_named(p: dict[str, Any]) -> str:
    return f"named by seat {int(p['chooser'])}" + (" after schieben" if p["pushed"] else "")


def text(ex: Exercise) -> str:
    p = ex.position
    if p.get("contract") is None:
        return f"Forehand: seat {int(p['seat'])} (the call is yours)\nHand: {p['hand']}"
    lines = [f"Contract: {_contract_text(p['contract'], ex.ruleset)}, {_who_named(p)}"]
    for n, plays in enumerate(_tricks(p), start=1):
        winner = plays[trick_winner([c for _, c in plays], p["contract"])][0]
        lines.append(f"Trick {n}: {_plays_text(plays)} (seat {int(winner)} wins)")
    lines.append(f"Card points so far: team 0 {p['taken'][0]}, team 1 {p['taken'][1]}")
    lines.append(f"Trick so far: {_plays_text(p['trick'])}" if p["trick"] else "Trick so far: empty: you lead")
    lines.append(f"Seat {int(p['seat'])}'s hand: {p['hand']}")
    lines.append(f"You may play: {_and([str(o) for o in p['options']])}")
    return "\n".join(lines)


def position_html(ex: Exercise, style: str = "french", *, show_hand: bool = True) -> str:
    p = ex.position
    hand = display.labelled_html(f"Seat {int(p['seat'])}'s hand", display.cards_html(p["hand"], style))
    contract = p.get("contract")
    if not show_hand:
        hand = ""
    if contract is None:
        return display.labelled_html("Forehand", f"seat {int(p['seat'])}: the call is yours") + hand
    label = html.escape(display.contract_label(contract, ex.ruleset, style))
    rows = [display.labelled_html("Contract", f"{label}, {html.escape(_who_named(p))}")]
    tricks = []
    for n, plays in enumerate(_tricks(p), start=1):
        winner = plays[trick_winner([c for _, c in plays], contract)][0]
        tricks.append(display.trick_html(plays, int(winner), style, small=True, caption=f"trick {n}"))
    if tricks:
        rows.append(display.labelled_html("Tricks so far", "".join(tricks)))
    rows.append(display.labelled_html("Card points so far", f"team 0 {p['taken'][0]}, team 1 {p['taken'][1]}"))
    trick = display.trick_html(p["trick"], None, style) if p["trick"] else "empty: you lead"
    rows.append(display.labelled_html("Trick so far", trick))
    return "".join(rows) + hand


def sheet_html(ex: Exercise, style: str = "french") -> str:
    """A card puzzle without the hand: the trainer's cards to click and the worksheet's tick boxes show it (a call
    keeps the hand: its answer is a word)."""
    return position_html(ex, style, show_hand=ex.position.get("contract") is None)


TOPIC = Topic(
    name="play",
    title="Which card would you play? Puzzles of good play",
    kind="choice",
    rules=("P6", "O1", "O2", "O4", "O7", "C1", "C3"),
    cases=WEIGHTS,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    sheet_html=sheet_html,
    instructions="Tick the one card you would play (or, for the call, the contract or schieben).",
)
