"""Topic ``announce``: what do you announce, and what does the table get to see? (W1, W8)

Positions come from dealt rounds.  While the first trick is played each player announces their
strongest Weis only if it is at least as strong as the best one announced so far
(:func:`jasslib.weis.announcements`); after the first trick only the Weis the winning team counted are
shown to the table (:attr:`jasslib.round.RoundView.weis_shown`); and a Weis is formed by the cards
dealt, never by cards captured (:attr:`jasslib.round.Round.declarations`, from the initial hands).

>>> from jasslib.exercises import exercise
>>> ex = exercise("announce", seed=4)
>>> ex.kind, ex.check(ex.answer).correct
('points', True)
"""

from __future__ import annotations

import html
import random
from typing import Any

from .. import display
from ..cards import CardSet
from ..contracts import Contract
from ..round import Round
from ..rulesets import Ruleset
from ..seats import Seat
from ..weis import Announcement, best_declaration, explain_comparison
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_int,
    _contract_text,
    _plays_text,
    _random_round,
    _said,
    _verdict,
)

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "first": 14,
    "initial-hand": 16,
    "beats": 16,
    "silent": 18,
    "shown": 18,
    "hidden": 18,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("first", "initial-hand"),
    ("beats", "silent"),
    ("shown", "hidden"),
)
"""Level 1 the first announcement and the dealt hand (W1), level 2 against an earlier announcement, level 3
what the table sees after the first trick."""

_ANNOUNCE = ("first", "beats", "silent")
_TABLE = ("shown", "hidden")


def _order(forehand: Seat) -> list[Seat]:
    return [Seat((forehand + k) % 4) for k in range(4)]


def _announce_case(seat: Seat, anns: list[Announcement], forehand: Seat) -> str:
    """Which announcing case ``seat`` (holding a Weis) is: the first to speak, a stronger one, or silent."""
    order = _order(forehand)
    before = [a for a in anns if order.index(a.seat) < order.index(seat)]
    mine = next((a for a in anns if a.seat == seat), None)
    if mine is None:
        return "silent"
    if not before:
        return "first"
    return "beats" if mine.leads else "equal"


def _dealt(rng: random.Random, ruleset: Ruleset) -> Round:
    r = _random_round(rng, ruleset)
    r.choose(Contract(rng.randrange(6)))
    return r


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A dealt round, its contract and a seat whose announcement, shown Weis or Weis points are asked for."""
    if case in _ANNOUNCE:
        return _announcing(rng, ruleset, case)
    if case in _TABLE:
        return _table(rng, ruleset, case)
    return _initial_hand(rng, ruleset)


def _announcing(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    for _ in range(MAX_TRIES):
        r = _dealt(rng, ruleset)
        decls = r.declarations
        assert decls is not None  # the contract is named
        anns = r.announcements()
        seats = [s for s in Seat if decls[s] and _announce_case(s, anns, r.forehand) == case]
        if seats:
            seat = rng.choice(seats)
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no announcement of the case {case!r} found")
    contract = r.contract
    assert contract is not None
    order = _order(r.forehand)
    before = tuple((a.seat, a.weis) for a in anns if order.index(a.seat) < order.index(seat))
    mine = next((a for a in anns if a.seat == seat), None)
    decl = decls[seat]
    strongest = decl.strongest
    assert strongest is not None  # the seat holds a Weis
    answer = mine.weis.points if mine is not None else 0
    said = "; ".join(f"seat {int(s)} announced a {w.format()}" for s, w in before) or "nobody has announced yet"
    prompt = (f"{contract}. The first trick is being played from forehand seat {int(r.forehand)}, and the players "
              f"announce their Weis in playing order: {said}. You are seat {int(seat)}, with the hand you "
              "were dealt. How many points do you announce? Answer 0 if you stay silent.")
    lines = [f"Your best declaration: {decl.format()} (W5); its strongest Weis is your {strongest.label}, "
             f"worth {strongest.points}."]
    if mine is None:
        best = max((a for a in anns if a.seat in [s for s, _ in before] and a.leads),
                   key=lambda a: order.index(a.seat))
        lines.append(f"Seat {int(best.seat)} has already announced a stronger Weis ({best.words}): "
                     f"{explain_comparison(best.weis, strongest, contract)} (W6). You announce only a Weis at least "
                     "as strong as the best one announced, so you stay silent (W8). Answer: 0.")
    elif not before:
        lines.append(f"Nobody has announced before you: you announce your strongest Weis by its points, "
                     f"“{mine.words}” (W8). Answer: {answer}.")
    else:
        lines.append(f"Yours {mine.note} (W6), so you announce it, saying “{mine.words}”: the points, and more "
                     f"only as far as the comparison needs (W8). Answer: {answer}.")
    position = {"contract": contract, "forehand": r.forehand, "seat": seat, "hand": r.initial_hand(seat),
                "announced": before, "case": case}
    return Draft(prompt, position, answer, " ".join(lines))


def _table(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    for _ in range(MAX_TRIES):
        r = _dealt(rng, ruleset)
        while r.trick_number == 0:
            r.play(rng.choice(list(r.legal_cards())))
        result = r.weis_result
        if result is None or result.team is None:
            continue
        shown = r.view(r.to_move or r.forehand).weis_shown
        decls = result.declarations
        if case == "shown":
            seats = [s for s in Seat if decls[s] and shown[s] is not None and s != result.winner]
            seats = seats or [s for s in Seat if decls[s] and shown[s] is not None]
        else:
            seats = [s for s in Seat if decls[s] and shown[s] is None]
        if seats:
            seat = rng.choice(seats)
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no table of the case {case!r} found")
    contract = result.contract
    team = result.team
    mine = shown[seat]
    answer = 0 if mine is None else mine.points
    prompt = (f"{contract}. The first trick has been played and the Weis contest is settled. How many Weis points "
              f"of seat {int(seat)}'s declaration does the table get to see (and count)? Answer 0 if they stay "
              "hidden.")
    lines = [f"The Weis contest: {result.reason} (W6). {str(team).capitalize()} scores the Weis of both its players, "
             f"the other team none (W7)."]
    if mine is None:
        lines.append(f"Seat {int(seat)} is on {seat.team}, which lost the contest: its {decls[seat].format()} is "
                     "not counted and stays hidden; only the counted Weis are shown to the table (W8). Answer: 0.")
    else:
        who = "holds the strongest Weis" if seat == result.winner else "is the partner of the winner"
        lines.append(f"Seat {int(seat)} {who}: its {mine.format()} counts for {team} and is shown to the table on "
                     f"request (W8). Answer: {answer}.")
    hands = (decls[0].cards, decls[1].cards, decls[2].cards, decls[3].cards)
    position = {"contract": contract, "forehand": result.forehand, "seat": seat, "declarations": decls,
                "hands": hands, "case": case}
    return Draft(prompt, position, answer, " ".join(lines))


def _initial_hand(rng: random.Random, ruleset: Ruleset) -> Draft:
    for _ in range(MAX_TRIES):
        r = _dealt(rng, ruleset)
        while r.trick_number == 0:
            r.play(rng.choice(list(r.legal_cards())))
        first = r.tricks[0]
        seat = first.winner
        decls = r.declarations
        contract = r.contract
        assert decls is not None and contract is not None
        dealt = r.initial_hand(seat)
        taken = CardSet(first.cards) - dealt
        held = r.hand(seat)  # the dealt hand less the card played
        better = [best_declaration(held.add(card), contract, ruleset) for card in taken]
        with_taken = max(better, key=lambda d: d.points)
        if with_taken.points > decls[seat].points:
            break  # a captured card would make a better Weis with the cards held: the position teaches W1
    else:  # pragma: no cover
        raise RuntimeError("no first trick found")
    decl = decls[seat]
    answer = decl.points
    prompt = (f"{contract}. Seat {int(seat)} was dealt the hand shown and won the first trick shown. How many "
              f"points are seat {int(seat)}'s Weis worth (its best declaration, before the multiplier)? Answer 0 if "
              "it has no Weis.")
    what = f"{decl.format()}: {answer} points" if decl else "no Weis: 0 points"
    explanation = (f"A Weis is formed by the cards a player was dealt; cards captured in tricks never count (W1). "
                   f"With a captured card beside the cards it still holds, seat {int(seat)} could show "
                   f"{with_taken.format()}, but that does not count. From the dealt hand: {what} (W5). "
                   f"Answer: {answer}.")
    position = {"contract": contract, "seat": seat, "hand": dealt, "trick": first.plays, "case": "initial-hand"}
    return Draft(prompt, position, answer, explanation)


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``points``: W8 for what is announced or shown, W1 for the dealt hand."""
    given = _as_int(response, "the points")
    right = ex.answer
    case = ex.position["case"]
    rule = "W1" if case == "initial-hand" else "W8"
    reason = ex.explanation.rsplit(" Answer:", 1)[0]
    text = f"{_said(given, right)}. {reason}"
    if given != right and case == "silent":
        text += " A weaker Weis is not announced at all."
    return _verdict((Item("points", given == right, text, rule),))


_HINTS = {
    "first": "Find your strongest single Weis (W5, W6). Has anybody announced before you? W8 says what you say.",
    "beats": "Compare your strongest Weis with the best one announced so far (W6): W8 says when you announce.",
    "silent": "Compare your strongest Weis with the best one announced so far (W6): W8 says when you announce.",
    "shown": "Which team won the Weis contest (W6, W7)? W8 says whose Weis the table gets to see.",
    "hidden": "Which team won the Weis contest (W6, W7)? W8 says whose Weis the table gets to see.",
    "initial-hand": "W1: which cards may form a Weis, the dealt ones or the captured ones too?",
}


def hint(ex: Exercise) -> str:
    """The rule that decides (W1, W6–W8) and the comparison to make."""
    return _HINTS[ex.position["case"]]


def text(ex: Exercise) -> str:
    p = ex.position
    lines = [f"Contract: {_contract_text(p['contract'], ex.ruleset)}"]
    if p["case"] in _TABLE:
        lines[0] += f"; forehand: seat {int(p['forehand'])}"
        for seat in _order(p["forehand"]):
            lines.append(f"seat {int(seat)} (team {seat % 2}): {p['declarations'][seat].format()}")
    elif p["case"] == "initial-hand":
        lines.append(f"Seat {int(p['seat'])}'s hand as dealt: {p['hand']}")
        lines.append(f"First trick, won by seat {int(p['seat'])}: {_plays_text(p['trick'])}")
    else:
        lines[0] += f"; forehand: seat {int(p['forehand'])}"
        said = "; ".join(f"seat {int(s)}: {w.format()}" for s, w in p["announced"]) or "nothing yet"
        lines.append(f"Announced so far: {said}")
        lines.append(f"Seat {int(p['seat'])}'s hand: {p['hand']}")
    lines.append(f"Asked about: seat {int(p['seat'])}")
    return "\n".join(lines)


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    if p["case"] in _TABLE:
        body = display.declarations_position_html(p["contract"], p["forehand"], p["hands"], p["declarations"],
                                                  ruleset=ex.ruleset, style=style)
        return body + display.labelled_html("Asked about", f"seat {int(p['seat'])}")
    if p["case"] == "initial-hand":
        return display.play_position_html(p["contract"], ruleset=ex.ruleset, style=style, trick=p["trick"],
                                          trick_label=f"First trick, won by seat {int(p['seat'])}", hand=p["hand"],
                                          hand_label=f"Seat {int(p['seat'])}'s hand as dealt")
    said = [f"seat {int(s)}: {display.cards_html(w.cards, style)} {html.escape(w.format(style))}"
            for s, w in p["announced"]]
    return (display.play_position_html(p["contract"], ruleset=ex.ruleset, style=style, hand=p["hand"],
                                       hand_label=f"Seat {int(p['seat'])}'s hand")
            + display.labelled_html("Forehand", f"seat {int(p['forehand'])}")
            + display.labelled_html("Announced so far", "; ".join(said) or "nothing yet"))


TOPIC = Topic(
    name="announce",
    title="Announcing Weis: what is said and what is shown",
    kind="points",
    rules=("W1", "W8"),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    instructions="Write the points (0 if nothing is announced or shown).",
)
