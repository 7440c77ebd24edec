"""Topic ``legal``: which cards of your hand may you play? (P1–P5)

The generator first draws a teaching case (:data:`LEGAL_CASES`, e.g. under-trumping while the partner
is winning, P4) and then searches seeded random deals, played out with legal cards, until the case
holds; the answer and every card's reason come from :func:`jasslib.play.check_play`.

>>> from jasslib.exercises import exercise
>>> ex = exercise("legal", seed=1)
>>> ex.position["case"] in RESTRICTION_CASES, ex.answer < ex.position["hand"]
(True, True)
>>> ex.check(ex.answer).summary.startswith("Right! The legal cards are")
True
"""

from __future__ import annotations

import random
from typing import Any

from .. import display
from ..cards import Card, CardSet, Rank, Suit
from ..contracts import Contract, rank_strength
from ..play import check_play, legal_cards, strongest_trump, trick_winner
from ..rulesets import Ruleset
from ..seats import Seat
from .base import (
    MAX_TRIES,
    Draft,
    Exercise,
    Feedback,
    Item,
    Topic,
    _contract_text,
    _parse_cards,
    _plays_text,
    _random_round,
    _summary,
)

__all__ = ["LEGAL_CASES", "RESTRICTION_CASES", "TOPIC"]

LEGAL_CASES: dict[str, str] = {
    "trump-while-able-to-follow": "you may trump even though you can follow suit (P3)",
    "no-undertrump-partner-winning": "no under-trumping, even while your partner wins the trick with a trump (P4)",
    "undertrump-only-trumps": "under-trumping is allowed when only trumps are left in your hand (P4)",
    "lone-puur": "trump is led and your only trump is the Puur: you may keep it (P5)",
    "must-follow-trump": "trump is led: you must play a trump (P5)",
    "no-trump-follow": "Obenabe and Undenufe: you must follow suit when you can (P2)",
    "cannot-follow": "you cannot follow suit: any card may be played (P2, P3)",
    "leading": "you lead the trick: any card may be played (P1)",
}
"""The teaching cases of the ``legal`` topic (``position["case"]``) and what each one teaches.

Exercise 0 of every series draws one of :data:`RESTRICTION_CASES`, so a series opens with a position
where some card is not allowed."""

RESTRICTION_CASES: tuple[str, ...] = (
    "trump-while-able-to-follow",
    "no-undertrump-partner-winning",
    "must-follow-trump",
    "no-trump-follow",
)
"""The ``legal`` cases in which some card of the hand is always forbidden (P2–P5)."""

WEIGHTS: dict[str, int] = {
    "trump-while-able-to-follow": 16,
    "no-undertrump-partner-winning": 16,
    "undertrump-only-trumps": 10,
    "lone-puur": 10,
    "must-follow-trump": 11,
    "no-trump-follow": 13,
    "cannot-follow": 13,
    "leading": 4,
}


def _case_holds(case: str, hand: CardSet, plays: tuple[tuple[Seat, Card], ...], contract: Contract,
                seat: Seat) -> bool:
    """True when the position of ``seat`` (to move) is an instance of the teaching ``case``."""
    cards = [c for _, c in plays]
    if case == "leading":
        return not cards
    if not cards:
        return False
    led = cards[0].suit
    hm = hand.mask
    follow = hm & led.mask
    trump = contract.trump
    if case == "no-trump-follow":
        return trump is None and bool(follow) and bool(hm & ~led.mask)
    if case == "cannot-follow":  # pure: every card may be played (no trump ruled out by P4)
        return (not follow and led != trump and len({c.suit for c in hand}) >= 2
                and legal_cards(hand, cards, contract) == hand)
    if trump is None:
        return False
    tm = hm & trump.mask
    puur = Card.make(trump, Rank.JACK)
    if case == "lone-puur":
        return led == trump and tm == puur.mask and hm != tm
    if case == "must-follow-trump":
        return led == trump and bool(tm) and tm != puur.mask and bool(hm & ~trump.mask)
    if led == trump:
        return False
    if case == "trump-while-able-to-follow":
        others = hm & ~led.mask & ~trump.mask
        return bool(follow) and bool(legal_cards(hand, cards, contract).mask & tm) and bool(others)
    top = strongest_trump(cards, contract)
    if top is None:
        return False
    strength = rank_strength(contract)
    weaker = any(strength[c] < strength[top] for c in hand if c.suit == trump)
    if case == "undertrump-only-trumps":
        return hm == tm and weaker
    if case == "no-undertrump-partner-winning":
        win_seat, win_card = plays[trick_winner(cards, contract)]
        return win_seat == seat.partner and win_card.suit == trump and weaker and bool(hm & ~trump.mask)
    raise AssertionError(case)


def _longest_suit(hand: CardSet, rng: random.Random) -> Suit:
    counts = [len(hand.of_suit(s)) for s in Suit]
    best = max(counts)
    return Suit(rng.choice([s for s in range(4) if counts[s] == best]))


def _contract(rng: random.Random, case: str, focus_hand: CardSet) -> Contract:
    if case == "no-trump-follow":
        return rng.choice((Contract.OBENABE, Contract.UNDENUFE))
    if case in ("cannot-follow", "leading"):
        return Contract(rng.choices(range(6), weights=(3, 3, 3, 3, 2, 2))[0])
    if case == "undertrump-only-trumps" or rng.random() < 0.5:
        return Contract.from_suit(_longest_suit(focus_hand, rng))
    return Contract(rng.randrange(4))


def _search(rng: random.Random, ruleset: Ruleset, case: str
            ) -> tuple[Contract, CardSet, tuple[tuple[Seat, Card], ...], Seat]:
    """Deal and play random legal cards until a position of ``case`` turns up (hands of 3..9 cards)."""
    for _ in range(MAX_TRIES):
        r = _random_round(rng, ruleset)
        focus = Seat(rng.randrange(4))
        contract = _contract(rng, case, r.hand(focus))
        r.choose(contract)
        keep_trumps = case == "undertrump-only-trumps"
        found = []
        while r.trick_number <= 6:
            seat = r.to_move
            assert seat is not None
            hand, plays = r.hand(seat), r.trick
            if (not keep_trumps or seat == focus) and _case_holds(case, hand, plays, contract, seat):
                found.append((hand, plays, seat))
            legal = list(r.legal_cards())
            if keep_trumps and seat == focus:  # steer: this player saves the trumps
                legal = [c for c in legal if c.suit != contract.trump] or legal
            r.play(rng.choice(legal))
        if found:
            hand, plays, seat = rng.choice(found)
            return contract, hand, plays, seat
    raise RuntimeError(f"no position of the case {case!r} found")  # pragma: no cover


_NOTES = {
    "trump-while-able-to-follow": "In a trump contract you may always trump, even when you could follow suit (P3); "
    "what you may not do is throw another suit while you still hold the led suit.",
    "no-undertrump-partner-winning": "Your partner is winning the trick with {top}, but that does not help: while "
    "you hold other cards you may not play a trump weaker than {top} (P4).",
    "undertrump-only-trumps": "Every card left in your hand is a trump, so you may play any of them, even one weaker "
    "than {top}: that is the exception of P4.",
    "lone-puur": "Trump was led and your only trump is the Puur {puur}: you may keep it and play any card (P5).",
    "must-follow-trump": "Trump was led: while you hold a trump (other than a lone Puur) you must play a trump (P5).",
    "no-trump-follow": "In {contract} there is no trump: you must follow the led suit {led} when you can (P2).",
    "cannot-follow": "You hold no {led}, so you may play any card (P2, P3){p4}.",
    "leading": "You lead the trick, so any card of your hand may be played (P1).",
}


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A position of the teaching ``case`` from a random deal; the answer is the legal cards (P1–P5)."""
    contract, hand, plays, seat = _search(rng, ruleset, case)
    cards = [c for _, c in plays]
    answer = legal_cards(hand, cards, contract)
    situation = f"The trick so far: {_plays_text(plays)}." if plays else "You lead the trick."
    prompt = (f"{contract}. You are seat {int(seat)}. {situation} "
              "Which cards of your hand may you play? Mark every legal card.")
    position = {"hand": hand, "trick": plays, "contract": contract, "seat": seat, "case": case}
    lines = [f"{contract}; seat {int(seat)} to play; " + (f"trick so far: {_plays_text(plays)}." if plays
                                                          else "you lead.")]
    lines.append(f"Legal: {answer}." if len(answer) < len(hand) else f"Legal: every card ({answer}).")
    for card in hand:
        lines.append("- " + check_play(card, hand, cards, contract).message)
    fmt: dict[str, str] = {"contract": str(contract), "led": str(cards[0].suit) if cards else "", "top": "",
                           "puur": "", "p4": ""}
    trump = contract.trump
    if trump is not None:
        fmt["puur"] = str(Card.make(trump, Rank.JACK))
        top = strongest_trump(cards, contract)
        if top is not None:
            fmt["top"] = str(top)
            if cards[0].suit != trump and any(c.suit == trump for c in hand):
                fmt["p4"] = f"; every trump you hold beats {fmt['top']}, so P4 rules none of them out"
    lines.append("Key point: " + _NOTES[case].format(**fmt))
    return Draft(prompt, position, answer, "\n".join(lines))


LEVELS: tuple[tuple[str, ...], ...] = (
    ("leading", "cannot-follow", "no-trump-follow"),
    ("trump-while-able-to-follow", "must-follow-trump"),
    ("no-undertrump-partner-winning", "undertrump-only-trumps", "lone-puur"),
)
"""Level 1 leads and follows suit, level 2 trumps, level 3 under-trumping and the Puur."""

_HINTS = {
    "trump-while-able-to-follow": "{led} was led and {trump} is trump. Look at P3: in a trump contract, may you "
    "trump even while you can follow suit? And may you throw a third suit?",
    "no-undertrump-partner-winning": "The trick is already trumped with {top}. Look at P4 before you mark a weaker "
    "trump: does it matter that your partner is winning the trick?",
    "undertrump-only-trumps": "The trick is already trumped with {top}. Look at every card of your hand: P4 has "
    "an exception. Does it apply here?",
    "lone-puur": "Trump ({trump}) was led. How many trumps do you hold? P5 has an exception for the Puur.",
    "must-follow-trump": "Trump ({trump}) was led: P5 says what you must play while you hold a trump.",
    "no-trump-follow": "{contract} has no trump: P2 says what you must play when you hold the led suit {led}.",
    "cannot-follow": "{led} was led. Do you hold any {led}? If not, see P2 and P3.",
    "leading": "Nobody has played to this trick yet: you lead. What does P1 allow the player who leads?",
}


def hint(ex: Exercise) -> str:
    """The rule of the position's teaching case and the trick's key card; never a card of the hand."""
    p = ex.position
    contract: Contract = p["contract"]
    cards = [c for _, c in p["trick"]]
    top = strongest_trump(cards, contract) if cards and contract.trump is not None else None
    fmt = {"led": str(cards[0].suit) if cards else "", "trump": str(contract.trump or ""),
           "top": str(top or ""), "contract": str(contract)}
    return _HINTS.get(p.get("case", ""), "Check every card of your hand against P1–P5.").format(**fmt)


def check(ex: Exercise, response: Any) -> Feedback:
    """One item per card of the hand, with :func:`~jasslib.play.check_play`'s reason and rule id."""
    hand: CardSet = ex.position["hand"]
    marked = _parse_cards(response, hand)
    cards = [c for _, c in ex.position["trick"]]
    contract = ex.position["contract"]
    items = []
    for card in hand:
        v = check_play(card, hand, cards, contract)
        reason = v.message.split(": ", 1)[1]
        said = card in marked
        if said == v.legal:
            items.append(Item(str(card), True, v.message, v.rule))
        elif said:
            items.append(Item(str(card), False, f"You marked {card} as legal, but it is not allowed: {reason}", v.rule))
        else:
            items.append(Item(str(card), False, f"You left out {card}: it is legal: {reason}", v.rule))
    summary = _summary(items, "cards")
    if summary == "Right!":
        summary = f"Right! The legal cards are {ex.answer}."
    return Feedback(all(i.correct for i in items), tuple(items), summary)


def text(ex: Exercise) -> str:
    p = ex.position
    trick = _plays_text(p["trick"]) if p["trick"] else "empty: you lead"
    return "\n".join([
        f"Contract: {_contract_text(p['contract'], ex.ruleset)}",
        f"Trick so far: {trick}",
        f"Seat {int(p['seat'])}'s hand: {p['hand']}",
    ])


def position_html(ex: Exercise, style: str = "french", *, show_hand: bool = True) -> str:
    p = ex.position
    return display.play_position_html(
        p["contract"], ruleset=ex.ruleset, style=style, trick=p["trick"], trick_label="Trick so far",
        hand=p["hand"] if show_hand else None, hand_label=f"Seat {int(p['seat'])}'s hand",
    )


def sheet_html(ex: Exercise, style: str = "french") -> str:
    """The position without the hand: a worksheet's tick boxes and a trainer's clickable cards show it."""
    return position_html(ex, style, show_hand=False)


TOPIC = Topic(
    name="legal",
    title="Which cards may you play?",
    kind="cards",
    rules=("P1", "P2", "P3", "P4", "P5", "H4", "H5", "D2"),
    cases=WEIGHTS,
    first_cases=RESTRICTION_CASES,
    levels=LEVELS,
    hint=hint,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    sheet_html=sheet_html,
    instructions="Tick the box of every card you may play.",
)
