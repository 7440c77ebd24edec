"""Topic ``deal``: who deals, who is forehand, and where the cards of the deal go (D1, D3, D4).

Every answer is the engine's: the packets come from :func:`jasslib.round.deal_deck` on a
:func:`~jasslib.round.shuffled_deck`, forehand from :meth:`jasslib.round.Round.deal` (with
``first_hand=True`` for the first hand of a game, D4), and who deals the next hand from a
:class:`jasslib.game.Game` played on to that hand (its dealer rotation).  The positions are chosen to
teach: in the first hand the holder of the starting card is never the player at the dealer's right,
so the two rules of D4 give different answers.

>>> from jasslib.exercises import exercise
>>> ex = exercise("deal", seed=2)
>>> ex.kind, ex.check(ex.answer).correct
('seat', True)
"""

from __future__ import annotations

import random
from typing import Any

from .. import display
from ..cards import Card
from ..contracts import Contract
from ..game import Game
from ..round import Round, deal_deck, shuffled_deck
from ..rulesets import Ruleset
from ..seats import Seat
from .base import MAX_TRIES, Draft, Exercise, Feedback, Item, Topic, _as_seat, _verdict

__all__ = ["TOPIC", "LEVELS"]

WEIGHTS: dict[str, int] = {
    "forehand": 14,
    "first-packet": 14,
    "next-dealer": 14,
    "starting-card": 16,
    "later-packet": 14,
    "second-dealer": 14,
    "second-forehand": 14,
}

LEVELS: tuple[tuple[str, ...], ...] = (
    ("forehand", "first-packet", "next-dealer"),
    ("starting-card", "later-packet"),
    ("second-dealer", "second-forehand"),
)
"""Level 1 forehand at the dealer's right, the first packets and the next dealer; level 2 the starting card
and the later packets; level 3 the second hand of a game, where both rules of D4 meet."""

_PACKET_CASES = ("first-packet", "later-packet")
_FIRST_ROUND = 12
"""The cards of the first round of packets (one packet per player) are the level-1 positions."""


def _play_hand(game: Game, rng: random.Random) -> None:
    """Play the game's current hand to its end with random legal cards (any contract)."""
    r = game.round
    game.choose(Contract(rng.randrange(6)))
    while game.round is r and not game.over:
        game.play(rng.choice(list(game.legal_cards())))


def _game_at(rng: random.Random, ruleset: Ruleset, hands_done: int) -> Game | None:
    """A game after ``hands_done`` hands played at random, or None if it ended on the way."""
    game = Game(ruleset, seed=rng.getrandbits(64), first_dealer=rng.randrange(4), auto_claim=False)
    for _ in range(hands_done):
        _play_hand(game, rng)
        if game.over:
            return None
    return game


def _packets(dealer: Seat) -> list[Seat]:
    """Per position of the deck (0-based, top card first), the seat it is dealt to (D3, from deal_deck)."""
    by_seat = deal_deck(list(Card), dealer)
    return [next(Seat(s) for s in range(4) if card in by_seat[s]) for card in Card]


def _packet_words(dealer: Seat, position: int) -> str:
    """How the deal goes round, and the packet that holds deck position ``position`` (0-based)."""
    seats = _packets(dealer)
    held = seats.count(seats[0])
    starts = [i for i in range(len(seats)) if i == 0 or seats[i] != seats[i - 1]]
    first_round = ", ".join(f"cards {a + 1}–{b} to seat {int(seats[a])}"
                            for a, b in zip(starts[:4], starts[1:5]))
    lo = max(a for a in starts if a <= position)
    hi = min([a for a in starts if a > position] + [len(seats)])
    return (f"Seat {int(dealer)} deals packets counterclockwise, beginning with the player at the dealer's right "
            f"(D3): {first_round}; then round again until everybody holds {held} cards (D1). Card {position + 1} "
            f"is in the packet of cards {lo + 1}–{hi}, which goes to seat {int(seats[position])}.")


def generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    """A question of the teaching ``case`` about the deal; the answer is a seat computed by the engine."""
    start = ruleset.starting_card
    if case in _PACKET_CASES:
        dealer = Seat(rng.randrange(4))
        deck = shuffled_deck(rng.getrandbits(64))
        position = rng.randrange(_FIRST_ROUND) if case == "first-packet" else rng.randrange(_FIRST_ROUND, len(deck))
        card = Card(deck[position])
        hands = deal_deck(deck, dealer)
        answer = next(Seat(s) for s in range(4) if card in hands[s])
        prompt = (f"Seat {int(dealer)} deals this hand from the top of the shuffled deck. Which seat receives card "
                  f"number {position + 1} of the deal ({card})?")
        pos: dict[str, Any] = {"dealer": dealer, "number": position + 1, "card": card, "case": case}
        why = _packet_words(dealer, position)
        return Draft(prompt, pos, answer, f"{why} Answer: seat {int(answer)}.")
    if case == "forehand":
        dealer = Seat(rng.randrange(4))
        number = rng.randint(2, 9)
        r = Round.deal(rng.getrandbits(64), dealer=dealer, ruleset=ruleset)
        answer = r.forehand
        prompt = (f"Hand {number} of a game: seat {int(dealer)} deals. Which seat is forehand, the player who names "
                  "the contract and leads the first trick?")
        pos = {"hand_number": number, "dealer": dealer, "case": case}
        why = (f"From the second hand of a game on, forehand is the player at the dealer's right, the next seat in "
               f"playing order (D4): seat {int(answer)}. Forehand names the contract (or says schieben) and leads the "
               f"first trick (C1, C2). Answer: seat {int(answer)}.")
        return Draft(prompt, pos, answer, why)
    if case == "starting-card":
        for _ in range(MAX_TRIES):
            dealer = Seat(rng.randrange(4))
            seed = rng.getrandbits(64)
            r = Round.deal(seed, dealer=dealer, ruleset=ruleset, first_hand=True)
            right_of_dealer = Round.deal(seed, dealer=dealer, ruleset=ruleset).forehand
            if r.forehand != right_of_dealer:  # the two rules of D4 differ: the position teaches
                break
        else:  # pragma: no cover
            raise RuntimeError("no first hand found")
        answer = r.forehand
        prompt = (f"The first hand of a game: seat {int(dealer)} deals and the hands are as shown. Which seat is "
                  "forehand, the player who names the contract and leads the first trick?")
        pos = {"hand_number": 1, "dealer": dealer, "hands": r.hands, "case": case}
        why = (f"In the first hand of a game the holder of the starting card, {start} under the {ruleset.name} rules, "
               f"is forehand (D4), not the player at the dealer's right (seat {int(right_of_dealer)}). Seat "
               f"{int(answer)} holds {start}. Answer: seat {int(answer)}.")
        return Draft(prompt, pos, answer, why)
    if case == "next-dealer":
        for _ in range(MAX_TRIES):
            game = _game_at(rng, ruleset, rng.randint(1, 4))
            if game is None:
                continue
            number, dealer = len(game.rounds) + 1, game.round.dealer
            _play_hand(game, rng)
            if not game.over:
                break
        else:  # pragma: no cover
            raise RuntimeError("no game found")
        answer = game.round.dealer
        prompt = f"Seat {int(dealer)} dealt hand {number} of this game. Which seat deals hand {number + 1}?"
        pos = {"hand_number": number, "dealer": dealer, "case": case}
        why = (f"From the second hand on, the deal moves one seat to the right each hand (D4): seat {int(dealer)} "
               f"dealt hand {number}, so seat {int(answer)} deals hand {number + 1} (and the player at its right, seat "
               f"{int(game.round.forehand)}, is forehand). Answer: seat {int(answer)}.")
        return Draft(prompt, pos, answer, why)
    # second-dealer, second-forehand: hand 1 of a game, then hand 2
    for _ in range(MAX_TRIES):
        game = _game_at(rng, ruleset, 0)
        assert game is not None  # nothing is played yet
        first = game.round
        rotated = Round.deal(0, dealer=first.dealer, ruleset=ruleset).forehand  # the seat at the dealer's right
        if first.forehand == rotated:
            continue  # the holder of the starting card sits at the dealer's right: nothing to learn
        _play_hand(game, rng)
        if not game.over:
            break
    else:  # pragma: no cover
        raise RuntimeError("no game found")
    second = game.round
    ask = "deals" if case == "second-dealer" else "is forehand in"
    answer = second.dealer if case == "second-dealer" else second.forehand
    prompt = (f"Hand 1 of a game: seat {int(first.dealer)} dealt, and seat {int(first.forehand)} held the starting "
              f"card {start}. Which seat {ask} hand 2?")
    pos = {"hand_number": 1, "dealer": first.dealer, "holder": first.forehand, "card": start, "case": case}
    why = (f"In hand 1 the holder of the starting card {start}, seat {int(first.forehand)}, was forehand (D4). The "
           f"forehand of hand 1 deals hand 2 (D4): seat {int(second.dealer)}, not seat {int(rotated)}, the seat after "
           f"the first dealer. Forehand of hand 2 is the player at that dealer's right: seat {int(second.forehand)}. "
           f"Answer: seat {int(answer)}.")
    return Draft(prompt, pos, answer, why)


def check(ex: Exercise, response: Any) -> Feedback:
    """One item ``seat``: D3 for the packets, D4 for who deals and who is forehand."""
    seat = _as_seat(response, "a seat")
    right = ex.answer
    rule = "D3" if ex.position["case"] in _PACKET_CASES else "D4"
    reason = ex.explanation.rsplit(" Answer:", 1)[0]
    if seat == right:
        return _verdict((Item("seat", True, f"Right: seat {int(right)}. {reason}", rule),))
    return _verdict((Item("seat", False, f"You said seat {int(seat)}, but it is seat {int(right)}. {reason}", rule),))


_HINTS = {
    "forehand": "D4: from the second hand on, where does forehand sit, seen from the dealer?",
    "first-packet": "D3: packets of three, counterclockwise, beginning with the player at the dealer's right. "
    "Which packet holds card {number}?",
    "later-packet": "D3: packets of three, counterclockwise from the dealer's right, four packets a round. Which "
    "round, and which packet of that round, holds card {number}?",
    "next-dealer": "D4: after the first hand the deal moves one seat to the right each hand.",
    "starting-card": "D4: in the first hand of a game, forehand is not found from the dealer. Look for the starting "
    "card {start}.",
    "second-dealer": "D4 has its own rule for who deals hand 2: it is not simply the seat after the first dealer.",
    "second-forehand": "D4: first find who deals hand 2 (its own rule), then where forehand sits from that dealer.",
}


def hint(ex: Exercise) -> str:
    """The rule (D3 or D4) and the step to take, without the seat."""
    p = ex.position
    return _HINTS[p["case"]].format(number=p.get("number", ""), start=ex.ruleset.starting_card)


def text(ex: Exercise) -> str:
    p = ex.position
    lines = []
    if "hand_number" in p:
        lines.append(f"Hand of the game: {p['hand_number']}" + (" (the first hand)" if p["hand_number"] == 1 else ""))
    lines.append(f"Dealer: seat {int(p['dealer'])}")
    if "holder" in p:
        lines.append(f"Starting card {p['card']} held by seat {int(p['holder'])}, forehand of hand 1")
    elif "card" in p:
        lines.append(f"Card number {p['number']} of the deal: {p['card']}")
    for s, hand in enumerate(p.get("hands", ())):
        lines.append(f"Seat {s}: {hand}")
    return "\n".join(lines)


def position_html(ex: Exercise, style: str = "french") -> str:
    p = ex.position
    rows = []
    if "hand_number" in p:
        rows.append(display.labelled_html("Hand of the game", str(p["hand_number"])
                                          + (" (the first hand)" if p["hand_number"] == 1 else "")))
    rows.append(display.labelled_html("Dealer", f"seat {int(p['dealer'])}"))
    if "holder" in p:
        rows.append(display.labelled_html("Starting card", display.cards_html([p["card"]], style)
                                          + f" held by seat {int(p['holder'])}, forehand of hand 1"))
    elif "card" in p:
        rows.append(display.labelled_html(f"Card number {p['number']} of the deal",
                                          display.cards_html([p["card"]], style)))
    for s, hand in enumerate(p.get("hands", ())):
        rows.append(display.labelled_html(f"Seat {s}", display.cards_html(hand, style)))
    return "".join(rows)


TOPIC = Topic(
    name="deal",
    title="The deal: who deals, who is forehand",
    kind="seat",
    rules=("D1", "D2", "D3", "D4"),
    cases=WEIGHTS,
    levels=LEVELS,
    generate=generate,
    check=check,
    text=text,
    html=position_html,
    hint=hint,
    instructions="Write the seat (0, 1, 2 or 3).",
)
