"""Topic ``stoeck_timing``: in which trick is Stöck announced? (S2)

A hand holding the trump K and Q is dealt (planted, with the rest dealt at random), sometimes inside a
Weis and sometimes beside a stronger Weis of another player, and the round is played out with random
legal cards.  The answer is the trick of the round's own ``stoeck`` event
(:attr:`jasslib.round.Round.history`): the trick in which the second of the two cards is played, or the
first trick when both are shown in a Weis the team counts.

>>> from jasslib.exercises import exercise
>>> ex = exercise("stoeck_timing", seed=3)
>>> ex.kind, 1 <= ex.answer <= 9, ex.check(ex.answer).correct
('number', True, True)
"""

from __future__ import annotations

import html
import random
from typing import Any

from .. import display
from ..cards import Card, CardSet, Rank
from ..contracts import Contract
from ..round import Round
from ..rulesets import Ruleset
from ..seats import Seat
from ..weis import stoeck_cards
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _as_int,
    _contract_text,
    _four,
    _run_neighbours,
    _sequence,
    _verdict,
)

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "second-card": 30,
    "in-counted-weis": 26,
    "weis-lost": 22,
    "partner-weis": 22,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("second-card",),
    ("in-counted-weis",),
    ("weis-lost", "partner-weis"),
)
"""Level 1 announced with the second card, level 2 shown in a counted Weis, level 3 a Weis that loses the
contest or the partner's that wins it."""

_QUEEN, _KING = int(Rank.QUEEN), int(Rank.KING)


def _planted(rng: random.Random, case: str, suit: int, holder: Seat) -> tuple[dict[Seat, CardSet], int]:
    """The planted cards per seat and the cards kept away from the holder's fill (a mask)."""
    kq = stoeck_cards(Contract(suit))
    if case == "second-card":
        return {holder: kq}, _run_neighbours(kq)  # no run through the K and Q: they form no Weis
    length = rng.choice((3, 4))
    lows = [low for low in range(10 - length) if low <= _QUEEN and _KING < low + length]
    run = _sequence(suit, rng.choice(lows), length)
    planted = {holder: run}
    if case in ("weis-lost", "partner-weis"):  # a stronger Weis: four of a kind of a rank not in the run
        other = holder.partner if case == "partner-weis" else Seat((holder + rng.choice((1, 3))) % 4)
        ranks = [r for r in (Rank.TEN, Rank.JACK, Rank.ACE) if Card.make(suit, r) not in run]
        planted[other] = _four(rng.choice(ranks)) - run
    return planted, _run_neighbours(run)


def _deal(rng: random.Random, planted: dict[Seat, CardSet], holder: Seat, avoid: int) -> list[CardSet]:
    """Four hands of nine: the planted cards, the holder's filled without ``avoid``, the rest at random."""
    used = CardSet()
    for cards in planted.values():
        used = used | cards
    pool = [c for c in Card if c not in used and not avoid >> c & 1]
    hands = {s: planted.get(s, CardSet()) for s in Seat}
    extra = rng.sample(pool, 9 - len(hands[holder]))
    hands[holder] = hands[holder] | CardSet(extra)
    rest = [c for c in Card if c not in used and c not in hands[holder]]
    rng.shuffle(rest)
    for s in Seat:
        if s != holder:
            need = 9 - len(hands[s])
            hands[s], rest = hands[s] | CardSet(rest[:need]), rest[need:]
    return [hands[s] for s in Seat]


def _case_of(r: Round, holder: Seat) -> str:
    decls, result = r.declarations, r.weis_result
    assert decls is not None and result is not None  # the first trick is played
    kq = stoeck_cards(decls[holder].contract)
    if kq - decls[holder].cards:
        return "second-card"
    if result.team != holder.team:
        return "weis-lost"
    return "in-counted-weis" if result.winner == holder else "partner-weis"


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A played-out hand with Stöck of the teaching ``case``; the answer is the trick of its Stöck event."""
    for _ in range(MAX_TRIES):
        suit = rng.randrange(4)
        holder = Seat(rng.randrange(4))
        planted, avoid = _planted(rng, case, suit, holder)
        r = Round(_deal(rng, planted, holder, avoid), dealer=rng.randrange(4), ruleset=ruleset)
        r.choose(Contract(suit))
        while not r.done:
            r.play(rng.choice(list(r.legal_cards())))
        if r.stoeck_holder == holder and _case_of(r, holder) == case:
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no hand of the case {case!r} found")
    contract = Contract(suit)
    event = next(e for e in r.history if e["event"] == "stoeck")
    answer = int(event["trick"]) + 1
    result = r.weis_result
    decls = r.declarations
    assert result is not None and decls is not None
    kq = stoeck_cards(contract)
    played = tuple(sorted((t.number + 1, c) for t in r.tricks for c in t.cards if c in kq))
    winner = "nobody holds a Weis" if result.winner is None else (
        f"seat {int(result.winner)}'s {result.strongest.label if result.strongest else 'Weis'} wins "
        f"the contest for {result.team}")
    prompt = (f"{contract}. Seat {int(holder)} holds the trump K and Q (Stöck) and played them in the tricks shown. "
              f"Its declaration and the outcome of the Weis contest are shown too. In which trick (1 to 9) is Stöck "
              "announced and recorded?")
    shown = _case_of(r, holder) in ("in-counted-weis", "partner-weis")
    lines = [f"Seat {int(holder)} holds {kq}: Stöck (S1). Its declaration: {decls[holder].format()}.",
             f"The Weis contest: {result.reason} (W6, W7)."]
    if shown:
        lines.append(f"Both cards are shown in a Weis that {result.team} counts, so Stöck is announced with the Weis "
                     "after the first trick (S2): trick 1.")
    else:
        why = "they belong to no Weis" if kq - decls[holder].cards else "their Weis does not count, W7"
        (t1, c1), (t2, c2) = played
        lines.append(f"The two cards are not shown in a counted Weis ({why}), so Stöck is announced when the second "
                     f"of them is played (S2): {c1} in trick {t1}, {c2} in trick {t2}, so trick {t2}.")
    lines.append(f"Answer: trick {answer}.")
    position = {"contract": contract, "seat": holder, "hand": r.initial_hand(holder), "declaration": decls[holder],
                "weis_winner": result.winner, "weis": winner, "played": played, "case": case}
    return Draft(prompt, position, answer, " ".join(lines))


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``trick`` (S2)."""
    given = _as_int(response, "the trick's number (1 to 9)")
    right = ex.answer
    reason = ex.explanation.rsplit(" Answer:", 1)[0]
    if given == right:
        return _verdict((Item("trick", True, f"Right, trick {right}. {reason}", "S2"),))
    text = f"You said trick {given}; it is trick {right}. {reason}"
    first = min(t for t, _ in ex.position["played"])
    if given == first and right != first:
        text += " The first of the two cards is not enough: Stöck is announced with the second one (S2)."
    return _verdict((Item("trick", False, text, "S2"),))


def hint(ex: Exercise) -> str:
    """The two moments of S2 and the question that decides between them."""
    return ("S2: Stöck is announced when the second of the two cards is played, or earlier when both are shown in "
            "a Weis that counts. Are the K and Q in a Weis, and does that Weis count (W7)?")


def _played_text(ex: Exercise) -> str:
    return ", ".join(f"{c} in trick {t}" for t, c in ex.position["played"])


def text(ex: Exercise) -> str:
    p = ex.position
    return "\n".join([
        f"Contract: {_contract_text(p['contract'], ex.ruleset)}",
        f"Seat {int(p['seat'])}'s hand as dealt: {p['hand']}",
        f"Seat {int(p['seat'])}'s declaration: {p['declaration'].format()}",
        f"Weis contest: {p['weis']}",
        f"Seat {int(p['seat'])} played {_played_text(ex)}",
    ])


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    seat = int(p["seat"])
    played = ", ".join(f"{display.cards_html([c], style)} in trick {t}" for t, c in p["played"])
    return (display.play_position_html(p["contract"], ruleset=ex.ruleset, style=style, hand=p["hand"],
                                       hand_label=f"Seat {seat}'s hand as dealt")
            + display.labelled_html(f"Seat {seat}'s declaration", html.escape(p["declaration"].format(style)))
            + display.labelled_html("Weis contest", html.escape(p["weis"]))
            + display.labelled_html(f"Seat {seat} played", played))


TOPIC = Topic(
    name="stoeck_timing",
    title="When is Stöck announced?",
    kind="number",
    rules=("S2",),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    answer_label="Trick",
    instructions="Write the number of the trick (1 to 9) in which Stöck is announced.",
)
