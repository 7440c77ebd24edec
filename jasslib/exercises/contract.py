"""Topic ``contract``: who names the contract, and who leads the first trick? (C1, C2, D4)

A :class:`jasslib.round.Round` is dealt and the calls of the position are made on it (forehand names a
contract, or says schieben and the partner names it); the answer is the round's own
:attr:`~jasslib.round.Round.chooser` or, once the contract is named, :attr:`~jasslib.round.Round.to_move`.
The prompt names the dealer, not forehand, so the learner finds forehand first (D4).

>>> from jasslib.exercises import exercise
>>> ex = exercise("contract", seed=1)
>>> ex.kind, ex.check(ex.answer).correct
('seat', True)
"""

from __future__ import annotations

import html
import random
from typing import Any

from .. import display
from ..contracts import Contract
from ..errors import ContractError
from ..round import Round
from ..rulesets import Ruleset
from .base import Draft, Exercise, Feedback, Item, Topic, _as_seat, _contract_text, _verdict

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "names": 14,
    "leads": 14,
    "schieben-names": 16,
    "schieben-leads": 18,
    "no-push-back": 14,
    "first-hand": 14,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("names", "leads"),
    ("schieben-names", "schieben-leads"),
    ("no-push-back", "first-hand"),
)
"""Level 1 forehand names and leads, level 2 after schieben, level 3 no pushing back and the first hand."""

_LEADS = ("leads", "schieben-leads")


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A dealt round and the calls of the teaching ``case``; the answer is the round's chooser or leader."""
    first = case == "first-hand"
    dealer = rng.randrange(4)
    r = Round.deal(rng.getrandbits(64), dealer=dealer, ruleset=ruleset, first_hand=first)
    forehand, partner = r.forehand, r.forehand.partner
    pushed = case in ("schieben-names", "schieben-leads", "no-push-back") or (first and rng.random() < 0.5)
    question = "leads" if case in _LEADS or (first and rng.random() < 0.5) else "names"
    lines = [f"Seat {int(r.dealer)} deals; forehand is the player at the dealer's right, seat {int(forehand)} (D4)."]
    if first:
        lines[0] = (f"In the first hand of a game, forehand is the holder of the starting card "
                    f"{ruleset.starting_card}: seat {int(forehand)} (D4).")
    refusal = ""
    if pushed:
        r.schieben()
        lines.append(f"Forehand says schieben: the choice passes to the partner opposite, seat {int(partner)} (C1).")
        if case == "no-push-back":
            try:
                r.schieben()
            except ContractError as exc:
                refusal = str(exc)
            lines.append(f"Seat {int(partner)} would like to pass the choice back, but {refusal}.")
    contract: Contract | None = None
    if question == "leads":
        contract = Contract(rng.randrange(6))
        r.choose(contract)
        lines.append(f"Seat {int(r.chooser)} names {contract}. Forehand leads the first trick in either case (C2): "
                     f"seat {int(forehand)}.")
        answer = r.to_move
    else:
        lines.append(f"So seat {int(r.chooser)} names the contract (C1).")
        answer = r.chooser
    assert answer is not None  # a round just dealt has a player to move
    lines.append(f"Answer: seat {int(answer)}.")
    calls = []
    if pushed:
        calls.append("forehand says schieben")
        if case == "no-push-back":
            calls.append("the partner would like to say schieben too")
    if contract is not None:
        calls.append(f"{'the partner' if pushed else 'forehand'} names {contract}")
    hand = "the first hand of a game" if first else f"hand {rng.randint(2, 9)} of a game"
    holder = f" Seat {int(forehand)} holds the starting card {ruleset.starting_card}." if first else ""
    said = f" Calls: {'; '.join(calls)}." if calls else ""
    ask = "leads the first trick" if question == "leads" else "names the contract"
    prompt = f"It is {hand}; seat {int(r.dealer)} deals.{holder}{said} Which seat {ask}?"
    position: dict[str, Any] = {"dealer": r.dealer, "first_hand": first, "pushed": pushed,
                                "push_back": case == "no-push-back", "question": question, "case": case}
    if first:
        position["holder"] = forehand
        position["card"] = ruleset.starting_card
    if contract is not None:
        position["contract"] = contract
    return Draft(prompt, position, answer, " ".join(lines))


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``seat``: C1 for who names the contract, C2 for who leads."""
    seat = _as_seat(response, "a seat")
    right = ex.answer
    rule = "C2" if ex.position["question"] == "leads" else "C1"
    reason = ex.explanation.rsplit(" Answer:", 1)[0]
    if seat == right:
        return _verdict((Item("seat", True, f"Right: seat {int(right)}. {reason}", rule),))
    slip = ""
    if ex.position["question"] == "leads" and ex.position["pushed"] and seat == right.partner:
        slip = " The partner named the contract, but forehand still leads (C2)."
    return _verdict((Item("seat", False, f"You said seat {int(seat)}, but it is seat {int(right)}. {reason}{slip}",
                          rule),))


_HINTS = {
    "names": "C1: forehand names the contract. Where does forehand sit, seen from the dealer (D4)?",
    "leads": "C2: who leads the first trick? First find forehand from the dealer (D4).",
    "schieben-names": "C1: schieben passes the choice to forehand's partner, who sits opposite. Find forehand "
    "first (D4).",
    "schieben-leads": "C2: does naming the contract after schieben also mean leading the first trick?",
    "no-push-back": "C1: may the partner pass the choice back once forehand has said schieben?",
    "first-hand": "In the first hand of a game forehand holds the starting card (D4); then apply C1 and C2.",
}


def hint(ex: Exercise) -> str:
    """The rule of the question (C1 or C2) and the step of finding forehand first, without the seat."""
    return _HINTS[ex.position["case"]]


def _calls(ex: Exercise) -> list[tuple[str, str]]:
    p = ex.position
    rows = []
    if p["first_hand"]:
        rows.append(("Hand", "the first hand of a game"))
    rows.append(("Dealer", f"seat {int(p['dealer'])}"))
    if p["pushed"]:
        rows.append(("Forehand", "says schieben"))
    if p["push_back"]:
        rows.append(("The partner", "would like to say schieben too"))
    rows.append(("Question", "who leads the first trick?" if p["question"] == "leads" else "who names the contract?"))
    return rows


def text(ex: Exercise) -> str:
    p = ex.position
    lines = [f"{label}: {value}" for label, value in _calls(ex)]
    if "holder" in p:
        lines.insert(2, f"Starting card {p['card']}: seat {int(p['holder'])}")
    if "contract" in p:
        lines.insert(-1, f"Contract named: {_contract_text(p['contract'], ex.ruleset)}")
    return "\n".join(lines)


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    rows = [display.labelled_html(label, value) for label, value in _calls(ex)]
    if "holder" in p:
        rows.insert(2, display.labelled_html("Starting card", display.cards_html([p["card"]], style)
                                             + f" held by seat {int(p['holder'])}"))
    if "contract" in p:
        label = display.contract_label(p["contract"], ex.ruleset, style)
        rows.insert(-1, display.labelled_html("Contract named", html.escape(label)))
    return "".join(rows)


TOPIC = Topic(
    name="contract",
    title="Naming the contract, leading the first trick",
    kind="seat",
    rules=("C1", "C2", "D4"),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    instructions="Write the seat (0, 1, 2 or 3).",
)
