"""The course's end-of-notebook questions, checked like the exercises: ✓ or ✗ with the rule that decides.

Each notebook of the course ends with a few questions (:func:`questions_for`).  A :class:`Question` is
answered in one of three ways (its ``kind``): by choosing one of its ``options`` (``"choice"``), by
marking cards (``"cards"``: which cards of a hand may be played to a fixed trick, judged card by card by
the ``legal`` topic, :mod:`jasslib.exercises.legal`), or by typing a whole number (``"number"``).
:meth:`Question.check` returns the same :class:`~jasslib.exercises.Feedback` as
:meth:`Exercise.check <jasslib.exercises.Exercise.check>`, with the answer readers of
:mod:`jasslib.exercises.base`, so the trainers' widgets and tests apply.  Open questions of opinion or
strategy are ``"discussion"`` questions: no single right answer, a model answer instead.

Where the answer is a fact about the game it is computed by the engine, not written down: the last
trick's bonus is :data:`jasslib.play.LAST_TRICK_BONUS`, the cards you may play are
:func:`jasslib.play.legal_cards` of the position, a Stöck is :func:`jasslib.weis.stoeck_points`, and so on.
Nothing here states a rule.

>>> q = question("04.2")
>>> q.kind, q.answer
('number', 26)
>>> print(q.check(26))
Right!
✓ 26 is right. K♠ 4 + A♠ 11 + 6♥ 0 + A♦ 11 = 26: with hearts trump the 6♥ counts nothing, the two aces 11 each (O4).
>>> q.check("lots").items[0].message
"Please give the answer as a whole number such as 45, not 'lots'."
>>> legal = question("03.3")
>>> legal.kind, str(legal.answer)
('cards', '8♣ A♥')
>>> legal.check(["8♣", "A♥"]).correct, legal.check(["6♥"]).correct
(True, False)
>>> [q.id for q in questions_for("02")][:3]
['02.1', '02.2', '02.3']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .. import _check
from ..cards import Card, CardSet, Rank, Suit
from ..contracts import Contract
from ..errors import ArgumentError, ContractError, excerpt
from ..play import LAST_TRICK_BONUS, check_play, legal_cards, trick_points, trick_winner
from ..round import Round, deal_deck
from ..rulebook import RULE_ID_PATTERN, RULES
from ..rulesets import CLASSIC, MODERN, Ruleset
from ..scoring import HAND_TOTAL, MATCH_TOTAL, games_won, hand_score, is_schneider, judge_claim, race, revoke_score
from ..seats import Seat, Team
from ..weis import Weis, best_declaration, compare_weis, contest_hands, explain_comparison, find_weis, stoeck_points
from .base import Exercise, Feedback, Item, Malformed, _as_int, _malformed, _verdict

__all__ = ["QUESTION_KINDS", "Question", "notebooks", "questions_for", "question", "all_questions"]

QUESTION_KINDS = ("choice", "cards", "number", "discussion")
"""How a question is answered: one of its options, the cards you may play, a whole number, or in your own
words (a discussion question, with a model answer)."""

_ID = re.compile(r"(\d\d)\.(\d+)\Z")


@dataclass(frozen=True)
class Question:
    """One question at the end of a notebook, with its answer and the explanation that cites the rules.

    Attributes:
        id: ``"NN.k"``: question ``k`` (from 1) of notebook ``NN`` (``"03.2"``).
        prompt: the question in words.
        kind: one of :data:`QUESTION_KINDS`.
        answer: ``choice``: the right option; ``cards``: the CardSet of the cards that may be played;
            ``number``: an int; ``discussion``: None.
        explanation: why, citing the rule ids (for a discussion question: the model answer).
        rules: the rule ids the question is about (``("P3", "P4")``).
        options: the options of a ``choice`` question, in the order shown.
        exercise: a ``cards`` question's position, an :class:`~jasslib.exercises.Exercise` of the ``legal``
            topic that judges the marked cards (one ✓/✗ per card with its rule).
        label: the name of a ``number`` question's box (``"Points"``).
    """

    id: str
    prompt: str
    kind: str
    answer: Any
    explanation: str
    rules: tuple[str, ...]
    options: tuple[str, ...] = ()
    exercise: Exercise | None = field(default=None, compare=False)
    label: str = "Answer"

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise ArgumentError(f"a question's id is 'NN.k' such as '03.2', got {excerpt(self.id)}")
        if self.kind not in QUESTION_KINDS:
            raise ArgumentError(f"question {self.id}: kind is one of {', '.join(QUESTION_KINDS)}, "
                                f"got {excerpt(self.kind)}")
        unknown = [r for r in self.rules if r not in RULES]
        if not self.rules or unknown:
            raise ArgumentError(f"question {self.id}: rules are rule ids of the rule book, got {excerpt(self.rules)}")
        if not RULE_ID_PATTERN.search(self.explanation):
            raise ArgumentError(f"question {self.id}: the explanation must cite a rule id")
        if self.kind == "choice" and (len(self.options) < 2 or self.answer not in self.options):
            raise ArgumentError(f"question {self.id}: the answer {excerpt(self.answer)} must be one of its options")
        if self.kind == "cards" and (self.exercise is None or self.exercise.kind != "cards"):
            raise ArgumentError(f"question {self.id}: a cards question needs a position (an Exercise of kind cards)")
        if self.kind == "number" and (isinstance(self.answer, bool) or not isinstance(self.answer, int)):
            raise ArgumentError(f"question {self.id}: a number question's answer is a whole number")

    @property
    def notebook(self) -> str:
        """The notebook's number, ``"03"``."""
        return self.id.split(".")[0]

    @property
    def number(self) -> int:
        """The question's place in its notebook, from 1."""
        return int(self.id.split(".")[1])

    @property
    def discussion(self) -> bool:
        """True for an open question with a model answer instead of a check."""
        return self.kind == "discussion"

    @property
    def rule(self) -> str:
        """The first rule id the question is about (the one an item of its feedback names)."""
        return self.rules[0]

    def answer_text(self) -> str:
        """The right answer in words (the model answer of a discussion question)."""
        if self.kind == "discussion":
            return self.explanation
        return str(self.answer)

    def position_html(self, style: str = "french") -> str:
        """The position of a ``cards`` question drawn by :mod:`jasslib.display` (empty for the others)."""
        return "" if self.exercise is None else self.exercise.position_html(style)

    def check(self, response: Any) -> Feedback:
        """Judge ``response``: an option (``choice``), cards (``cards``) or a whole number (``number``).

        Never raises: a response that cannot be read gets a Feedback that asks for the form wanted.  A
        discussion question has no single right answer: any written answer is taken, and the feedback is
        the model answer to compare it with.
        """
        if self.exercise is not None:
            return self.exercise.check(response)
        try:
            if self.kind == "choice":
                given: Any = self._option(response)
            elif self.kind == "number":
                given = _as_int(response, "the answer")
            else:
                return self._discussed(response)
        except Malformed as exc:
            return _malformed(str(exc))
        why = self.explanation
        if why.startswith(f"{self.answer}: "):  # "No: you may not ..." after "the right answer is No."
            why = why[len(f"{self.answer}: "):]
            why = why[:1].upper() + why[1:]
        if given == self.answer:
            item = Item(self.kind, True, f"{_quoted(given)} is right. {why}", self.rule)
        else:
            item = Item(self.kind, False, f"You said {_quoted(given)}; the right answer is {_quoted(self.answer)}. "
                                          f"{why}", self.rule)
        return _verdict((item,))

    def _option(self, response: Any) -> str:
        wanted = " ".join(str(response).split()).casefold() if isinstance(response, (str, int)) else None
        for option in self.options:
            if " ".join(option.split()).casefold() == wanted and not isinstance(response, bool):
                return option
        raise Malformed(f"Please choose one of the options: {' / '.join(self.options)}.")

    def _discussed(self, response: Any) -> Feedback:
        if not isinstance(response, str) or not response.strip():
            raise Malformed("Please write your answer in a few words first.")
        item = Item("model answer", True, f"Compare your answer with this model answer: {self.explanation}", self.rule)
        return Feedback(True, (item,), "A discussion question: there is no single right answer.")

    def __str__(self) -> str:
        lines = [f"{self.id}. {self.prompt}" + (" (discussion)" if self.discussion else "")]
        if self.kind == "choice":
            lines += [f"  - {option}" for option in self.options]
        if self.exercise is not None:
            lines.append(self.exercise.position_text())
        return "\n".join(lines)


def _quoted(value: Any) -> str:
    """A number as it is, an option in quotes (without its full stop): ``26``, ``“team 1”``."""
    return str(value) if isinstance(value, int) else f"“{str(value).rstrip('.')}”"


# ---------------------------------------------------------------------------------------------
# Making questions


def _choice(qid: str, prompt: str, options: Iterable[str], answer: str, explanation: str, *rules: str) -> Question:
    return Question(qid, prompt, "choice", answer, explanation, rules, tuple(options))


def _yes_no(qid: str, prompt: str, yes: bool, explanation: str, *rules: str) -> Question:
    return _choice(qid, prompt, ("Yes", "No"), "Yes" if yes else "No", explanation, *rules)


def _number(qid: str, prompt: str, answer: int, explanation: str, *rules: str, label: str = "Answer") -> Question:
    return Question(qid, prompt, "number", int(answer), explanation, rules, label=label)


def _discussion(qid: str, prompt: str, model_answer: str, *rules: str) -> Question:
    return Question(qid, prompt, "discussion", None, model_answer, rules)


def _cards(qid: str, prompt: str, hand: str, trick: Iterable[str], contract: Contract, *rules: str) -> Question:
    """A pick-the-cards question: which cards of ``hand`` may be played to ``trick`` (seat 0 led it)?"""
    cards = CardSet.parse(hand)
    plays = tuple((Seat(i), Card.parse(c)) for i, c in enumerate(trick))
    played = [c for _, c in plays]
    answer = legal_cards(cards, played, contract)
    explanation = " ".join(check_play(card, cards, played, contract).message for card in cards)
    position = {"hand": cards, "trick": plays, "contract": contract, "seat": Seat(len(plays) % 4),
                "case": "question"}
    ex = Exercise("legal", f"question {qid}", 0, CLASSIC, "cards", prompt, position, answer, explanation)
    return Question(qid, prompt, "cards", answer, explanation, rules, exercise=ex)


def _seat_words(seat: Seat | int) -> str:
    return f"seat {int(seat)}"


_SEATS = tuple(_seat_words(s) for s in Seat)


def _contracts_words(contracts: Iterable[Contract]) -> str:
    return " and ".join(str(c) for c in contracts)


def _times(ruleset: Ruleset, factor: int) -> tuple[Contract, ...]:
    return tuple(c for c in Contract if ruleset.multiplier(c) == factor)


def _points(contract: Contract, card: str, ruleset: Ruleset = CLASSIC) -> int:
    return ruleset.card_points(contract)[Card.parse(card)]


def _declared(cards: str, contract: Contract, ruleset: Ruleset = CLASSIC) -> int:
    return best_declaration(CardSet.parse(cards), contract, ruleset).points


# ---------------------------------------------------------------------------------------------
# The questions, notebook by notebook


def _notebook_01() -> list[Question]:
    dealt_by_2 = deal_deck(range(36), dealer=2)  # the deck in order: the top card goes with the first packet
    receiver = next(s for s in Seat if Card(0) in dealt_by_2[s])
    size = len(dealt_by_2[0])
    you = Seat(1)
    queen, banner, under = Card.parse("Q♥"), Card.parse("10♠"), Card.parse("Schellen Under")
    start = CLASSIC.starting_card
    r = Round.deal(seed=5, first_hand=True)
    r.choose(Contract.CLUBS)
    must_lead = r.legal_cards() == CardSet([start])
    forehand_words = f"the player holding the {start}"
    return [
        _number("01.1", "How many cards does each player hold after the deal?", size,
                f"The 36 cards (D1) are dealt to four players until everyone holds {size} (D3).", "D1", "D3",
                label="Cards"),
        _number("01.2", "In how many packets of three did each player's cards arrive?", size // 3,
                f"The dealer deals packets of 3 cards until everyone holds {size}: {size} ÷ 3 = {size // 3} "
                "packets each, twelve in all (D3).", "D3", label="Packets"),
        _choice("01.3", "You sit at seat 1. Which seat is your partner?", _SEATS, _seat_words(you.partner),
                f"Partners sit opposite: team 0 is seats 0 and 2, team 1 seats 1 and 3, so seat 1's partner is "
                f"{you.partner} (D1).", "D1"),
        _choice("01.4", "You sit at seat 1. Which seat plays right after you?", _SEATS, _seat_words(you.next),
                f"Play goes counterclockwise, to the player on your right: after seat 1 comes {you.next} (P1).",
                "P1"),
        _choice("01.5", f"What is the Swiss-German name of {queen}?",
                [Card.parse(c).format("swiss") for c in ("J♥", "Q♥", "Q♦", "K♥")], queen.format("swiss"),
                f"♥ are the Rosen (roses), and the queen is the Ober: {queen} is the {queen.format('swiss')} (D2).",
                "D2"),
        _choice("01.6", f"What is the Swiss-German name of {banner}?",
                [Card.parse(c).format("swiss") for c in ("10♣", "J♠", "10♠", "10♦")], banner.format("swiss"),
                f"♠ are the Schilten (shields), and the 10 is the Banner: {banner} is the {banner.format('swiss')} "
                "(D2).", "D2"),
        _choice("01.7", "Which French card is the Schellen Under?", ["Q♦", "J♥", "J♦", "J♣"], str(under),
                f"Schellen (bells) are ♦, and the Under takes the place of the jack: the Schellen Under is {under} "
                "(D2).", "D2"),
        _choice("01.8", "Seat 2 deals. Which seat receives the first packet of three?", _SEATS,
                _seat_words(receiver),
                f"The deal starts with the player on the dealer's right, the next in playing order: {receiver} "
                "(D3).", "D3"),
        _choice("01.9", "In the first hand of a classic game, who is forehand?",
                ["the dealer", f"the player holding the {MODERN.starting_card}", forehand_words,
                 "the player on the dealer's right"], forehand_words,
                f"In the first hand of a game the holder of the starting card is forehand: the {start} in the "
                "classic rules (D4).", "D4"),
        _yes_no("01.10", f"Must forehand lead the {start} in the first hand?", must_lead,
                "No: forehand holds the starting card but may lead any card of the hand (D4, P1).", "D4", "P1"),
        _choice("01.11", "Who deals the second hand of a game?",
                ["the dealer of the first hand", "the forehand of the first hand",
                 "the player on the left of the first dealer", "the winner of the first hand's last trick"],
                "the forehand of the first hand",
                "The forehand of hand 1 (who held the starting card) deals hand 2 (D4).", "D4"),
        _choice("01.12", "And who is forehand in the second hand?",
                ["the dealer", "the player on the dealer's right", "the player on the dealer's left",
                 "the dealer's partner"], "the player on the dealer's right",
                "From the second hand on, forehand is the player on the dealer's right, and the deal moves one "
                "seat to the right each hand (D4).", "D4"),
    ]


def _notebook_02() -> list[Question]:
    r = Round.deal(seed=0)
    r.schieben()
    try:
        r.schieben()
        pushed_back = True
    except ContractError:
        pushed_back = False
    r.choose(Contract.HEARTS)
    leader = "forehand" if r.to_move == r.forehand else "the partner who named the contract"
    spades = Contract.SPADES
    order = spades.card_order(Suit.SPADES).split()
    strongest, second = f"{order[0]}♠", f"{order[1]}♠"
    unden_top = Contract.UNDENUFE.card_order(Suit.CLUBS).split()[0]
    top = max(Contract, key=CLASSIC.multiplier)
    single = _contracts_words(_times(CLASSIC, 1))
    pairs = [_contracts_words(p) for p in ((Contract.HEARTS, Contract.DIAMONDS), (Contract.CLUBS, Contract.SPADES),
                                           (Contract.OBENABE, Contract.UNDENUFE), (Contract.CLUBS, Contract.HEARTS))]
    return [
        _yes_no("02.1", "Forehand says schieben. May the partner say schieben too?", pushed_back,
                "No: after schieben the partner must name the contract and cannot push it back (C1).", "C1"),
        _choice("02.2", "Forehand said schieben and the partner named the contract. Who plays the first card?",
                ["the partner who named the contract", "forehand", "the dealer", "the player on forehand's right"],
                leader, "Forehand leads the first trick whoever named the contract (C2).", "C2"),
        _choice("02.3", "Which is the strongest card with spades trump?", ["A♠", "K♠", "9♠", "J♠"], strongest,
                f"In the trump suit the jack (Puur) and the nine (Näll) jump to the top: {' '.join(order)} (O2).",
                "O2"),
        _choice("02.4", "And the second strongest card with spades trump?", ["A♠", "9♠", "K♠", "10♠"], second,
                f"The trump order is {' '.join(order)}: after the Puur comes the Näll, {second} (O2).", "O2"),
        _choice("02.5", "Which is the strongest card of a suit in Undenufe?", ["the ace", "the jack", "the 6",
                                                                                "the 9"],
                f"the {unden_top}", f"Undenufe turns every suit around: {Contract.UNDENUFE.card_order(Suit.CLUBS)}, "
                f"the {unden_top} strongest (O3).", "O3"),
        _number("02.6", "How many points is the 8♦ worth in Obenabe?", _points(Contract.OBENABE, "8♦"),
                f"In Obenabe and Undenufe the 8 counts {_points(Contract.OBENABE, '8♦')} (O5).", "O5",
                label="Points"),
        _number("02.7", "How many points is the 8♦ worth with diamonds trump?", _points(Contract.DIAMONDS, "8♦"),
                f"In a trump contract the 8 counts {_points(Contract.DIAMONDS, '8♦')}, in the trump suit too: only "
                "the trump J (20) and 9 (14) change (O4).", "O4", label="Points"),
        _number("02.8", "How many points is the 8♦ worth with clubs trump?", _points(Contract.CLUBS, "8♦"),
                f"In a trump contract a plain 8 counts {_points(Contract.CLUBS, '8♦')} (O4).", "O4", label="Points"),
        _choice("02.9", "Which classic contract has the highest multiplier?", [str(c) for c in Contract], str(top),
                f"{top} counts ×{CLASSIC.multiplier(top)}, the highest of the classic multipliers (C3).", "C3"),
        _choice("02.10", "Which two classic contracts count single (×1)?", pairs, single,
                f"The classic multipliers: {single} ×1, {_contracts_words(_times(CLASSIC, 2))} ×2, Obenabe "
                f"×{CLASSIC.multiplier(Contract.OBENABE)}, Undenufe ×{CLASSIC.multiplier(Contract.UNDENUFE)} (C3).",
                "C3"),
        _number("02.11", "How many trick points does a hand share out between the two teams?", HAND_TOTAL,
                f"The cards are worth {HAND_TOTAL - LAST_TRICK_BONUS} in every contract and the last trick adds "
                f"{LAST_TRICK_BONUS}: {HAND_TOTAL} (O7).", "O7", label="Points"),
        _number("02.12", "And how many trick points does a team score that takes every trick?", MATCH_TOTAL,
                f"A match adds {MATCH_TOTAL - HAND_TOTAL} to the {HAND_TOTAL}: {MATCH_TOTAL} (O7).", "O7",
                label="Points"),
    ]


def _notebook_03() -> list[Question]:
    h4 = ("8♣ 6♥ J♥ K♠", ("A♣", "9♥"))
    hand, partner_trick, plain_trick = CardSet.parse("8♣ 6♥ A♥"), ("7♣", "Q♥", "9♣"), ("7♣", "Q♥")
    same = (check_play("6♥", hand, partner_trick, Contract.HEARTS).legal
            == check_play("6♥", hand, plain_trick, Contract.HEARTS).legal)
    only_trumps = legal_cards("6♥ 7♥", ["A♣", "9♥"], Contract.HEARTS) == CardSet.parse("6♥ 7♥")
    when = "when every card left in your hand is a trump"
    return [
        _cards("03.1", "Obenabe, seat 0 led the 10♣ and you hold one club. Which cards may you play?",
               "8♣ K♥ 7♥ A♠", ["10♣"], Contract.OBENABE, "P2"),
        _cards("03.2", "Hearts are trump and seat 0 led the A♣. You hold clubs. Which cards may you play?",
               "10♣ 6♣ K♥ Q♠ 8♦", ["A♣"], Contract.HEARTS, "P3"),
        _cards("03.3", "Hearts are trump; seat 0 led the 7♣ and seat 1 trumped with the Q♥. You hold 8♣, 6♥ and "
                       "A♥. Which cards may you play?", "8♣ 6♥ A♥", plain_trick, Contract.HEARTS, "P3", "P4"),
        _yes_no("03.4", "Same cards, but you play last and the Q♥ was your partner's: seat 0 led the 7♣, your "
                        "partner trumped with the Q♥, seat 2 played the 9♣. Does it change which cards you may "
                        "play?", not same,
                "No: you may not under-trump even when your partner is winning the trick with that trump (P4).",
                "P4"),
        _choice("03.5", "When may you play a weaker trump than one already in the trick?",
                ["when your partner is winning the trick", when, "when you cannot follow suit", "never"],
                when if only_trumps else "never",
                "Under-trumping is not allowed, whoever trumped and whether or not you can follow suit, unless every "
                "card left in your hand is a trump (P4).", "P4"),
        _cards("03.6", "Spades are trump and seat 0 led the A♠. Your only trump is the 9♠ (the Näll). Which cards "
                       "may you play?", "9♠ K♣ 10♦", ["A♠"], Contract.SPADES, "P5"),
        _cards("03.7", "Spades are trump and seat 0 led the K♠. Your only trump is the J♠ (the Puur). Which cards "
                       "may you play?", "J♠ 7♦ Q♥", ["K♠"], Contract.SPADES, "P5"),
        _cards("03.8", "Worked example H4: hearts are trump, A leads the A♣, B trumps with the 9♥. C holds 8♣ 6♥ "
                       "J♥ K♠. Which cards may C play? (Why the J♥ but not the 6♥?)", h4[0], h4[1], Contract.HEARTS,
               "H4", "P3", "P4"),
    ]


def _notebook_04() -> list[Question]:
    trick, hearts = ["K♠", "A♠", "6♥", "A♦"], Contract.HEARTS
    winner = trick[trick_winner(trick, hearts)]
    points = trick_points(trick, hearts)
    words = " + ".join(f"{c} {_points(hearts, c)}" for c in trick)
    unden = ["10♦", "7♦", "6♠", "A♦"]
    unden_winner = unden[trick_winner(unden, Contract.UNDENUFE)]
    oben = ["6♣", "A♦", "A♠", "A♥"]
    ace_wins = trick_winner(oben, Contract.OBENABE) != 0
    totals = {sum(CLASSIC.card_points(c)) for c in Contract}
    cards_total = totals.pop() if len(totals) == 1 else 0
    because = (f"The cards are worth {cards_total} in every contract, the last trick adds {LAST_TRICK_BONUS}, and a "
               f"match {MATCH_TOTAL - HAND_TOTAL} more")
    match = hand_score(card_points=(cards_total, 0), tricks=(9, 0), last_trick=0, contract=Contract.CLUBS)
    return [
        _choice("04.1", "Hearts are trump. K♠ is led, then A♠, 6♥ and A♦ are played. Which card takes the trick?",
                trick, winner, f"The only trump in the trick, the {winner}, wins it, however small (P6).", "P6"),
        _number("04.2", "How many points is that trick worth?", points,
                f"{words} = {points}: with hearts trump the 6♥ counts nothing, the two aces 11 each (O4).", "O4",
                label="Points"),
        _choice("04.3", "In Undenufe, 10♦ is led, then 7♦, 6♠, A♦. Which card wins?", unden, unden_winner,
                f"Undenufe has no trump and the lowest card of the led suit wins: the {unden_winner}; the 6♠ is not "
                "of the led suit, so it cannot win (P2, O3).", "P2", "O3"),
        _yes_no("04.4", "Can an ace of a suit that was not led ever win a trick in Obenabe?", ace_wins,
                "No: without trump the strongest card of the led suit wins; a card of another suit is a discard and "
                "never wins, not even an ace (P2, P6).", "P2", "P6"),
        _choice("04.5", "Why do the two teams' trick points always add up to 157 (or 257)?",
                [f"{because}; these points are only shared out between the teams (O7).",
                 "Each contract's cards add up to a different total, and the multiplier evens them out.",
                 "The team that wins the last trick gets a bonus of 57.",
                 "The team that names the contract scores 100 extra."],
                f"{because}; these points are only shared out between the teams (O7).",
                f"{because} (O7): {cards_total} + {LAST_TRICK_BONUS} = {HAND_TOTAL}, with a match {MATCH_TOTAL}.",
                "O7"),
        _number("04.6", "A team takes all nine tricks (a match). How many trick points does it score?",
                match.trick_points[0],
                f"{cards_total} in the cards + {LAST_TRICK_BONUS} for the last trick + {MATCH_TOTAL - HAND_TOTAL} for "
                f"the match = {match.trick_points[0]} (O7).", "O7", label="Points"),
        _number("04.7", "And how many trick points does the other team score?", match.trick_points[1],
                f"It took no trick, so it has no card points and no last trick: {match.trick_points[1]} (O7, H1).",
                "O7", "H1", label="Points"),
    ]


def _notebook_05() -> list[Question]:
    run = "8♥ 9♥ 10♥ 6♣ Q♠ 7♦ 9♣ J♦ A♠"
    everywhere = {c: _declared(run, c) for c in (Contract.HEARTS, Contract.SPADES, Contract.UNDENUFE)}
    options_1 = ["a Weis in all three contracts", "only with hearts trump", "only in the trump contracts",
                 "in none of them"]
    answer_1 = options_1[0] if all(everywhere.values()) else options_1[3]
    kings = CardSet.parse("9♠ 10♠ J♠ Q♠ K♠ K♣ K♥ K♦ 6♥")
    best = best_declaration(kings, Contract.CLUBS)
    seq5, four_aces = Weis.from_cards("6♦ 7♦ 8♦ 9♦ 10♦"), Weis.from_cards("A♣ A♠ A♥ A♦")
    four_jacks, seq8 = Weis.from_cards("J♣ J♠ J♥ J♦"), Weis.from_cards("6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")
    low, high = Weis.from_cards("J♦ Q♦ K♦"), Weis.from_cards("Q♣ K♣ A♣")

    def stronger(a: Weis, b: Weis, contract: Contract) -> str:
        return str(a if compare_weis(a, b, contract) > 0 else b)

    hands = ["K♣ K♠ K♥ K♦ 6♣ 7♣ 8♣ 10♠ A♥", "7♥ 8♥ 9♥ 10♥ J♥ 9♣ Q♣ 7♠ 9♠",
             "6♦ 7♦ 8♦ 9♦ J♣ A♣ 6♠ J♦ Q♥", "10♣ J♠ Q♠ A♠ 6♥ 10♦ 8♠ Q♦ A♦"]
    result = contest_hands(hands, Contract.CLUBS, forehand=0)
    team0 = result.declarations[0].points + result.declarations[2].points
    contest_prompt = (f"Clubs are trump. Team 0 declares {team0} in all (seat 0: four kings and 6♣ 7♣ 8♣; seat 2: "
                      "6♦ 7♦ 8♦ 9♦); team 1 declares only seat 1's 7♥ 8♥ 9♥ 10♥ J♥. ")
    return [
        _choice("05.1", "Is 8♥ 9♥ 10♥ a Weis with hearts trump? With spades trump? In Undenufe?", options_1, answer_1,
                "A sequence is three or more cards of one suit in the natural order 6 7 8 9 10 J Q K A, in every "
                f"contract: 8♥ 9♥ 10♥ counts {everywhere[Contract.HEARTS]} with any contract (W2).", "W2"),
        _number("05.2", "You hold 9♠ 10♠ J♠ Q♠ K♠ and the other three kings (and the 6♥). How many points do you "
                        "declare?", best.points,
                f"A card counts in one Weis only, and you declare the disjoint choice worth most: {best} beats the "
                "sequence of five alone (100) (W4, W5).", "W4", "W5", label="Points"),
        _choice("05.3", "What is stronger: a sequence of 5 or four aces (both 100)?",
                [str(seq5), str(four_aces), "they are equal"], stronger(seq5, four_aces, Contract.CLUBS),
                f"Equal points, so the number of cards decides: {explain_comparison(seq5, four_aces, Contract.CLUBS)} "
                "(W6).", "W6"),
        _choice("05.4", "In the classic rules, what is stronger: four jacks or a sequence of 8?",
                [str(seq8), str(four_jacks), "they are equal"], stronger(four_jacks, seq8, Contract.CLUBS),
                f"The points decide first: four jacks {four_jacks.points}, a sequence of 8 {seq8.points} in the "
                f"classic rules; {explain_comparison(four_jacks, seq8, Contract.CLUBS)} (W6).", "W6"),
        _choice("05.5", "In Undenufe, Q♣ K♣ A♣ meets J♦ Q♦ K♦. Which wins?", [str(high), str(low), "neither"],
                stronger(high, low, Contract.UNDENUFE),
                f"Same points and cards, so the rank decides: {explain_comparison(low, high, Contract.UNDENUFE)} "
                "(W6).", "W6"),
        _number("05.6", contest_prompt + "The sequence of 5 beats four kings. How many Weis points does team 0 "
                                         "score?", result.points[0],
                f"The team with the strongest single Weis scores all its Weis and the other team none: {result} "
                "(W6, W7).", "W7", "W6", label="Points"),
        _number("05.7", contest_prompt + "How many Weis points does team 1 score?", result.points[1],
                f"Team 1 holds the strongest single Weis, so it scores its {result.points[1]}; team 0's {team0} "
                "count nothing (W7).", "W7", label="Points"),
        _choice("05.8", "When is the winner of the Weis settled?",
                ["before the first card is played", "after the first trick", "after the last trick",
                 "when the contract is named"], "after the first trick",
                "The Weis are announced while playing to the first trick, and the winner is settled after it (W8).",
                "W8"),
        _choice("05.9", "Who shows and counts their Weis?",
                ["every player", "only the losing team", "only the winning team: the winner, then the partner adds "
                 "theirs", "nobody: announcing is enough"],
                "only the winning team: the winner, then the partner adds theirs",
                "Only the team that won the contest shows its Weis; the other players may ask to see the counted "
                "cards before the next lead (W8).", "W8"),
    ]


def _notebook_06() -> list[Question]:
    diamonds, oben = stoeck_points(Contract.DIAMONDS), stoeck_points(Contract.OBENABE)
    lost_weis = hand_score(card_points=(60, 92), tricks=(4, 5), last_trick=1, contract=Contract.CLUBS,
                           weis=(0, 50), stoeck=(20, 0))
    keeps = lost_weis.stoeck[0] > 0
    match = hand_score(card_points=(152, 0), tricks=(9, 0), last_trick=0, contract=Contract.CLUBS, weis=(50, 0))
    unden = hand_score(card_points=(62, 90), tricks=(4, 5), last_trick=1, contract=Contract.UNDENUFE)
    factor = CLASSIC.multiplier(Contract.UNDENUFE)
    announce = "when you play the second of the two cards (or when both are shown in a counted Weis)"
    twice = ("The Weis is written down as soon as it is settled, already multiplied; only the trick points are "
             "multiplied at the end")
    return [
        _number("06.1", "Diamonds are trump and you hold K♦ and Q♦. What is your Stöck worth in the classic rules?",
                diamonds, f"Stöck is 20, multiplied by the contract's factor: 20 × "
                          f"{CLASSIC.multiplier(Contract.DIAMONDS)} = {diamonds} (S1, C3).", "S1", "C3",
                label="Points"),
        _number("06.2", "You hold K♦ and Q♦ and the contract is Obenabe. What is your Stöck worth?", oben,
                f"There is no Stöck without trump: {oben} (S1).", "S1", label="Points"),
        _yes_no("06.3", "Your team lost the Weis contest. Do you still score your Stöck?", keeps,
                "Yes: Stöck is scored whatever the Weis contest says (S1, W7).", "S1", "W7"),
        _choice("06.4", "When do you announce Stöck?",
                ["as soon as the cards are dealt", "when you play the first of the two cards", announce,
                 "only at the final count"], announce,
                "Stöck is announced when the second of the two cards is played, or when both are shown in a "
                "counted Weis; it may be claimed later, up to the final count (S2).", "S2"),
        _number("06.5", "Clubs trump (×1): team 0 captured all 152 card points and all nine tricks, with 50 Weis. "
                        "What does team 0 score?", match.total[0],
                f"{match.card_points[0]} in the cards + {LAST_TRICK_BONUS} for the last trick + "
                f"{MATCH_TOTAL - HAND_TOTAL} for the match = {match.trick_points[0]} trick points (H1, O7); "
                f"({match.trick_points[0]} + {match.weis[0]} Weis) × {match.multiplier} = {match.total[0]} (H2).",
                "H2", "H1", "O7",
                label="Points"),
        _number("06.6", "And team 1 in that hand?", match.total[1],
                "Team 1 took no trick and has no Weis: 0 (H1, O7).", "H1", "O7", label="Points"),
        _number("06.7", f"Undenufe (×{factor}): team 1 captured 90 card points and the last trick, no Weis. What is "
                        "its score?", unden.total[1],
                f"(90 + 5 for the last trick) × {factor} = {unden.total[1]} (H1, H2).", "H2", "H1", label="Points"),
        _choice("06.8", "In worked example H3 (hearts ×2, trick points 100 and 57, 20 Weis for team 0), why is the "
                        "20 of Weis not multiplied twice?",
                [f"{twice}.", "Weis never count multiplied.", "Because team 0 won the Weis contest.",
                 "Because hearts count double only for the tricks."], f"{twice}.",
                f"{twice}: (100 + 20) × 2 = 240 either way, never 100 × 2 + 20 × 2 × 2 (H2, H3).", "H2", "H3"),
    ]


def _notebook_07() -> list[Question]:
    claim = judge_claim(1, recorded=(2500, 2980), captured=(0, 0), multiplier=1)
    outcomes = ["play goes on", "team 1 wins anyway", "team 1 loses the game", "the hand is dealt again"]
    lost = "team 1 loses the game" if claim.winner == Team(0) else "play goes on"
    raced = race((2950, 2990), {"stoeck": (0, 40), "weis": (60, 0), "stich": (0, 0)}, target=3000)
    penalty = revoke_score(offender=1, contract=Contract.HEARTS)
    redeal = "nothing: the cards are dealt again"
    return [
        _number("07.1", "What is the target of a classic game?", CLASSIC.target,
                f"The classic target is {CLASSIC.target} (the modern one {MODERN.target}) (G1).", "G1",
                label="Points"),
        _yes_no("07.2", "Can a game end in the middle of a hand?", True,
                "Yes: points are written as they happen (Weis after the first trick, Stöck when announced), so the "
                "target can be reached in the middle of a hand, and a team may claim the win at once (G1, G2).",
                "G1", "G2"),
        _choice("07.3", "Team 1 claims the win but has only 2980 after counting (target 3000). What happens?",
                outcomes, lost, f"A false claim loses the game: {claim.message}", "G2"),
        _choice("07.4", "Team 0 has 2950, team 1 2990. In the last hand team 0 passes 3000 with its Weis (60), "
                        "team 1 with its Stöck (40). Who wins?", ["team 0", "team 1", "nobody yet"],
                str(raced.winner),
                f"The points count in the order Stöck, Weis, Stich: {raced.winner} gets there first, by its Stöck "
                "(G3).", "G3"),
        _number("07.5", "The winners have 3050, the losers 1420 (classic). How many games does the win count?",
                games_won(1420), f"The losers have less than half the target ({CLASSIC.schneider}): Schneider, so the "
                                 f"win counts {games_won(1420)} games (G4).", "G4", label="Games"),
        _number("07.6", "And if the losers have 1500?", games_won(1500),
                f"1500 is not less than half the target: no Schneider, the win counts {games_won(1500)} game (G4).",
                "G4", label="Games"),
        _number("07.7", "Hearts are trump (×2) and team 1 revokes (plays an illegal card). How many points does team 0 "
                        "score for the hand?", penalty.total[0],
                f"A revoke ends the hand: the other team scores {HAND_TOTAL} trick points, multiplied: "
                f"{HAND_TOTAL} × {CLASSIC.multiplier(Contract.HEARTS)} = {penalty.total[0]}, and the offenders no "
                "trick points (G5).", "G5", label="Points"),
        _choice("07.8", "What does a misdeal cost?",
                [f"{HAND_TOTAL} points to the other team", redeal, "the dealer's team loses its Weis",
                 "the dealer's team loses the game"], redeal, "A misdeal is dealt again (G5).", "G5"),
        _choice("07.9", "Who deals the second hand of a game?",
                ["the dealer of the first hand", "the forehand of the first hand", "the loser of the first hand",
                 "the player on the first dealer's left"], "the forehand of the first hand",
                "The forehand of hand 1, who held the starting card, deals hand 2; then the deal moves one seat to "
                "the right each hand (D4).", "D4"),
    ]


def _bots_round() -> Round:
    """The round notebook 08 reads: seed 0, forehand pushes, its partner names hearts, the bots play."""
    from ..players import RuleBasedPlayer, play_round  # layer 4, only for this question

    r = Round.deal(seed=0)
    r.schieben()
    r.choose(Contract.HEARTS)
    return play_round(r, [RuleBasedPlayer()] * 4)


def _notebook_08() -> list[Question]:
    r = _bots_round()
    last = r.tricks[-1]
    last_team = str(Seat(last.winner).team)
    score = r.score()
    weis = r.weis_result
    if weis is None:  # the round is played to the end: its Weis contest is settled
        raise ArgumentError("the bots' round of notebook 08 has no Weis contest")
    s2, s3 = weis.declarations[2].weis[0], weis.declarations[3].weis[0]
    why = ("both are worth 20 with three cards, so the top card decides, and the jack beats the nine; the trump "
           "suit would only decide between equal sequences")
    diamonds = "♦ trump"
    return [
        _choice("08.1", "You are forehand with J♦ 9♦ A♦ 6♦ and five small cards of the other suits: 8♣ 9♣ 8♠ 9♠ "
                        "8♥. Which contract do you name?", ["Obenabe", "Undenufe", diamonds, "schieben"], diamonds,
                "With the Puur (J♦) and the Näll (9♦), the two strongest trumps, and the A♦, diamonds are the "
                "natural trump (O2); your eights and nines would take nothing in Obenabe or Undenufe, and "
                "schieben gives the choice away for no reason (C1). ♦ also counts ×2 (C3).", "O2", "C1", "C3"),
        _choice("08.2", "In the bots' round of this notebook, which team took the last trick?", ["team 0", "team 1"],
                last_team, f"{Seat(last.winner)} took the last trick, so {last_team} got its {last.points} points, "
                           f"with the bonus (O7).", "O7"),
        _number("08.3", "How many of the last trick's points were the bonus?", LAST_TRICK_BONUS,
                f"The last trick adds {LAST_TRICK_BONUS} to its card points (O7).", "O7", label="Points"),
        _choice("08.4", "Why did seat 3 score the Weis and not seat 2, although seat 2's sequence was in trumps?",
                [f"{why.capitalize()}.", "Seat 3 announced first.", "A sequence in trumps never counts.",
                 "Seat 3's sequence had more cards."], f"{why.capitalize()}.",
                f"Seat 3's {s3} against seat 2's {s2}: {explain_comparison(s3, s2, Contract.HEARTS)} (W6).", "W6"),
        _number("08.5", "Add up both teams' trick points in the bots' round. What is the total?",
                sum(score.trick_points),
                f"{score.trick_points[0]} + {score.trick_points[1]} = {sum(score.trick_points)}: {HAND_TOTAL - 5} in "
                f"the cards and {LAST_TRICK_BONUS} for the last trick (O7).", "O7", label="Points"),
        _discussion("08.6", "Play a round with RoundPlayer(seed=7). Did your team win the Weis? Did anybody have "
                            "Stöck?",
                    "It depends on the contract named: the Weis contest is decided by the strongest single Weis at "
                    "the table (W6, W7), and Stöck needs the trump king and queen in one hand, so there is none in "
                    "Obenabe or Undenufe (S1). The log after the first trick names the Weis winner, and a Stöck "
                    "appears when the second card is played (S2).", "W7", "S1"),
    ]


def _notebook_09() -> list[Question]:
    optional = MODERN.with_multipliers()
    pairs = [_contracts_words(p) for p in ((Contract.HEARTS, Contract.DIAMONDS), (Contract.SPADES, Contract.DIAMONDS),
                                           (Contract.OBENABE, Contract.UNDENUFE), (Contract.CLUBS, Contract.SPADES))]
    six = {rs.name: _points(Contract.UNDENUFE, "6♣", rs) for rs in (CLASSIC, MODERN)}
    eight = {_points(Contract.UNDENUFE, "8♣", rs) for rs in (CLASSIC, MODERN)}
    seven = "6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ 6♣ 8♠"
    weis = {rs.name: _declared(seven, Contract.CLUBS, rs) for rs in (CLASSIC, MODERN)}
    nines = find_weis("9♣ 9♠ 9♥ 9♦ 6♣ 8♠ J♥ K♦ A♣", CLASSIC)
    start = f"the player holding the {MODERN.starting_card}"
    return [
        _choice("09.1", "Which contracts count double under the modern optional multipliers?", pairs,
                _contracts_words(_times(optional, 2)),
                f"The modern optional set doubles the bells (♦) and the leaves (♠ in the German deck): "
                f"{_contracts_words(_times(optional, 2))} ×2 (C3).", "C3"),
        _choice("09.2", "And which count double under the classic rules?", pairs, _contracts_words(_times(CLASSIC, 2)),
                f"Classic: {_contracts_words(_times(CLASSIC, 2))} ×2 (C3).", "C3"),
        _number("09.3", "In Undenufe, what is the 6 worth in the classic rules?", six["classic"],
                f"The classic rules keep A = 11 and 6 = {six['classic']} even though the 6 is the strongest (O6).",
                "O6", label="Points"),
        _number("09.4", "And in the modern rules?", six["modern"],
                f"The modern rules swap them: 6 = {six['modern']}, A = 0 (O6).", "O6", label="Points"),
        _number("09.5", "What is the 8 worth in Undenufe (in both presets)?", eight.pop() if len(eight) == 1 else -1,
                "In Obenabe and Undenufe the 8 counts 8, in both presets (O5).", "O5", label="Points"),
        _number("09.6", "You hold seven hearts in a row. What is the Weis worth in the classic rules?",
                weis["classic"], f"Small Weis: every sequence of five or more is worth {weis['classic']} (W2).", "W2",
                label="Points"),
        _number("09.7", "And in the modern rules?", weis["modern"],
                f"Large Weis: a sequence of seven is worth {weis['modern']} (W2).", "W2", label="Points"),
        _yes_no("09.8", "Do four nines score in the classic rules?", bool(nines),
                f"No: four nines are no Weis in the classic rules, {MODERN.four_nines} in the modern ones (W3).", "W3"),
        _choice("09.9", "Who leads the first hand of a modern game?",
                [f"the player holding the {CLASSIC.starting_card}", start, "the dealer",
                 "the player on the dealer's left"], start,
                f"The holder of the starting card, {MODERN.starting_card} in the modern rules, is forehand and leads "
                "(D4, C2).", "D4"),
        _yes_no("09.10", "A modern game ends 1000 to 480. Is it a Schneider?", is_schneider(480, MODERN),
                f"The modern target is {MODERN.target}; below half of it, {MODERN.schneider}, the losers are Schneider "
                "(G1, G4).", "G4", "G1"),
        _yes_no("09.11", "A classic game ends 3000 to 1480. Is it a Schneider?", is_schneider(1480, CLASSIC),
                f"Classic: Schneider below {CLASSIC.schneider}, half the target of {CLASSIC.target} (G1, G4).", "G4",
                "G1"),
    ]


def _notebook_10() -> list[Question]:
    cards = HAND_TOTAL - LAST_TRICK_BONUS
    impossible = (f"it cannot happen: the teams share {cards} + {LAST_TRICK_BONUS} = {HAND_TOTAL}, or {MATCH_TOTAL} "
                  "with a match, so 207 would mean an error in the engine or the data")
    match = hand_score(card_points=(152, 0), tricks=(9, 0), last_trick=0, contract=Contract.UNDENUFE)
    clubs = hand_score(card_points=(152, 0), tricks=(9, 0), last_trick=0, contract=Contract.CLUBS)
    return [
        _choice("10.1", "Every total in the O7 check is 157 or 257. What would a total of 207 mean?",
                ["a match without the last trick", impossible, "a hand with Weis", "a hand with Stöck"], impossible,
                f"The cards are worth {cards} in every contract, the last trick adds {LAST_TRICK_BONUS} and a match "
                f"{MATCH_TOTAL - HAND_TOTAL}; Weis and Stöck are not trick points (O7, H1).", "O7", "H1"),
        _discussion("10.2", "With the contract forced, team 0 averages about 78.5 trick points. Where, then, does the "
                            "choosing team's advantage come from? Use the schieben section to explain.",
                    "From choosing: forehand names a contract that fits its hand, or says schieben and lets the "
                    "partner choose (C1). Forced on a random hand a contract gives no edge (half of 157); chosen, "
                    "the same cards make clearly more, and forehand's own choices most, because it only names a "
                    "contract when its hand is strong for it.", "C1", "O7"),
        _discussion("10.3", "Which contract has the widest spread of raw trick points, and why might that be true "
                            "without trump?",
                    "Undenufe (and Obenabe) in this data: without trump (P2) a run of top cards in one suit cannot "
                    "be trumped, so a strong hand takes trick after trick, up to a match, while a weak one takes "
                    "almost nothing (O7).", "P2", "O7"),
        _number("10.4", f"A match is worth {MATCH_TOTAL} trick points. How many points does it give in the score "
                        "with ♣ trump?", clubs.total[0],
                f"{MATCH_TOTAL} × {CLASSIC.multiplier(Contract.CLUBS)} = {clubs.total[0]} (C3, H2).", "H2", "C3",
                label="Points"),
        _number("10.5", "And in Undenufe?", match.total[0],
                f"{MATCH_TOTAL} × {CLASSIC.multiplier(Contract.UNDENUFE)} = {match.total[0]}: the same match is "
                "worth four times as much, so P(match) matters most there (C3, H2).", "H2", "C3", label="Points"),
        _discussion("10.6", "The partner after schieben scores less than forehand's own choice. Does that mean "
                            "schieben is a bad idea?",
                    "No: forehand pushes exactly the hands that are weak for every contract (C1). The right "
                    "comparison is not with forehand's good hands but with what forehand would have made on the "
                    "same weak hands; notebook 11 measures that, and there the partner's choice does better.", "C1"),
    ]


def _notebook_11() -> list[Question]:
    from .. import analysis  # layer 4 (pandas), only for the counting question

    hands = analysis.p_four_of_a_kind([Rank.JACK]) * analysis.TOTAL_HANDS
    return [
        _choice("11.1", "Forehand holds three aces and no six. Which contract does the data suggest?",
                ["Undenufe", "Obenabe", "♣ trump", "schieben"], "Obenabe",
                "Obenabe: the ace is the top card of every suit there (O1), so three aces are three sure tricks; "
                "in Undenufe they would be the weakest cards (O3).", "O1", "O3"),
        _discussion("11.2", "The estimate fh_best names the hindsight best only about a third of the time, yet its "
                            "regret is small. How can both be true? Would you rather have a high accuracy or a low "
                            "regret?",
                    "When it misses, it usually names a contract that also went well, so it leaves few points on "
                    "the table. Points win games (H2, G1), so a low regret matters more than a high accuracy.",
                    "H2", "G1"),
        _discussion("11.3", "Do the two bars of the schieben plot meet below the threshold of 97.5? What does that "
                            "suggest, and why can this data say nothing about the hands above it? What would change "
                            "if the partner were a random player?",
                    "Not quite: just under the threshold pushing still gained, so this player could push a little "
                    "more often. Above the threshold forehand always chose itself (C1), so there is no pushed hand "
                    "to compare. With a random partner the partner's choice would be worth much less, and pushing "
                    "would pay far less often.", "C1"),
        _number("11.4", "How many of the C(36, 9) hands hold all four jacks?", int(hands),
                f"The four jacks are fixed and the other five cards come from the remaining 32: C(32, 5) = "
                f"{int(hands):,} hands, so P(four jacks) = C(32, 5) / C(36, 9) (W3).", "W3", label="Hands"),
        _discussion("11.5", "Why is P(some four of a kind) slightly less than five times P(four jacks)? And why is "
                            "the chance that somebody at the table has Stöck exactly 4 × 2/35, while 4 × P(any Weis) "
                            "is only the expected number of hands with a Weis?",
                    "Five times counts twice the hands holding two fours of a kind (inclusion–exclusion takes them "
                    "off) (W3). Only one hand can hold both the trump K and Q, so the four hands' Stöck events "
                    "exclude each other and their chances add up exactly (S1); several hands can hold a Weis at "
                    "once, so 4 × P(any Weis) counts hands, an expectation, not a probability (W2).", "S1", "W3"),
    ]


def _notebook_12() -> list[Question]:
    from ..solver import Position, solve  # layer 3.5, only for the two endings of the notebook

    parse = CardSet.parse
    trumps = solve(Position((parse("A♠ 6♥"), parse("K♠ 7♥"), parse("Q♠ 8♥"), parse("J♠ 9♥")), (), Seat(0),
                            Contract.HEARTS, tricks_won=(4, 3)))
    best = str(min(trumps.best))
    worst = next(str(c) for c in trumps.card_values if c not in trumps.best)
    last = solve(Position((parse("A♣ 6♠"), parse("K♣ 7♠"), parse("Q♣ 8♠"), parse("J♣ 9♠")), (), Seat(0),
                          Contract.OBENABE, tricks_won=(3, 4)))
    # the two tricks of the Obenabe ending, and the Näll's trick of the first one, valued by the engine
    spades, clubs = [Card.parse(c) for c in ("6♠", "7♠", "8♠", "9♠")], [Card.parse(c) for c in ("A♣", "K♣", "Q♣", "J♣")]
    spade_points, club_points = trick_points(spades, Contract.OBENABE), trick_points(clubs, Contract.OBENABE)
    spade_taker = spades[trick_winner(spades, Contract.OBENABE)]
    eight = _points(Contract.OBENABE, "8♠")
    ace_first = last.card_values[Card.parse("A♣")][0]
    hearts = [Card.parse(c) for c in ("6♥", "7♥", "8♥", "9♥")]
    nell_trick = trick_points(hearts, Contract.HEARTS)
    return [
        _yes_no("12.1", "In the first ending (hearts trump), seat 1 has no spade left. Could it trump the A♠ even "
                        "if it still held a spade?", True,
                "Yes: in a trump contract you may trump instead of following suit, whether or not you can follow "
                "(P3); only under-trumping is limited (P4).", "P3", "P4"),
        _choice("12.2", "In that ending, which lead is best for seat 0?", [worst, best], best,
                f"{best}: it draws the trumps, the Näll takes a trick of {nell_trick} points, and the A♠ is then the "
                f"best card left for the last trick and its {LAST_TRICK_BONUS} (O7). Leading {worst} lets seat 1 trump "
                f"it (P3) and costs {trumps.loss(worst)} on the difference between the teams.", "P3", "O7"),
        _number("12.3", "In the Obenabe ending with A♣ and 6♠, how many points does seat 0's team make with the best "
                        "lead?", last.value[0],
                f"{last.value[0]}: the 6♠ first gives away a trick worth {spade_points} points (the 8♠ counts {eight} "
                f"in Obenabe, O5, and the {spade_taker} takes it) and keeps the A♣ for the last trick: {club_points} "
                f"points of clubs and {LAST_TRICK_BONUS} for the last trick (O7), {club_points + LAST_TRICK_BONUS}. "
                f"The A♣ first makes only {ace_first}: it gives the last trick away, "
                f"{spade_points} + {LAST_TRICK_BONUS} = {spade_points + LAST_TRICK_BONUS} for the other team.",
                "O7", "O5", "O1", label="Points"),
        _discussion("12.4", "Why is a DD value an upper bound for a player who cannot see the other hands?",
                    "The solver picks the best card for the actual layout of the hidden cards; a player must pick "
                    "one card for every layout the unseen cards could have, and the best card changes with the "
                    "layout (section 2). Guessing right every time, as the solver does, can only score more. The "
                    "rules of play are the same for both (P1, P3).", "P1", "P3"),
        _yes_no("12.5", "In a DD table, is the best contract always the one with the most trick points?", False,
                "No: the score is the trick points times the contract's multiplier (C3, H2), so fewer trick "
                "points in a contract that counts more can score more.", "C3", "H2"),
        _discussion("12.6", "The gap between the bots and perfect play is a net figure. Give an example of a round "
                            "with a gap of 0 in which both teams made mistakes.",
                    "Team 0 gives 20 points away with one card, and later team 1 gives 20 points back: the round "
                    "ends exactly on its DD value, yet both teams erred. Only a review card by card "
                    "(analysis.review) sees both mistakes. The points of the round still add up to 157 (O7).",
                    "O7"),
        _discussion("12.7", "Review a round you played in notebook 08 with the Review button. Which of your cards "
                            "lost the most, and could you have found the better card without seeing the other hands?",
                    "Often not: many lost points come from guessing where a missing card lies, which DD sees and a "
                    "player cannot. Losses you could have avoided are those where the better card was right for "
                    "every layout you thought possible, for example keeping a master card for the last trick (O7) "
                    "or not trumping a trick your partner already wins (P3).", "O7", "P3"),
    ]


def _push_pays(push: Any) -> tuple[float, Any, bool]:
    """From :func:`jasslib.analysis.tip_schieben`'s table: the estimate below which pushing gained on average
    (the lower edge of the first band whose mean push gain is not positive), the last band below it, and
    whether no band above it gained."""
    bands, gains = list(push.index), list(push["push gain"])
    first_loss = next(i for i, gain in enumerate(gains) if gain <= 0)
    return float(bands[first_loss].left), push.iloc[first_loss - 1], all(g <= 0 for g in gains[first_loss:])


def _model_answers_13() -> tuple[str, str]:
    """The model answers of 13.2 and 13.3, with the numbers the shipped DD table shows (notebook 13's tables)."""
    from .. import analysis, ddtable  # layer 4 (pandas), only for the figures of these two answers
    from ..players.heuristics import default_threshold

    table = ddtable.sample(ddtable.SAMPLE_DEALS)
    player = default_threshold(CLASSIC.multipliers)
    push = analysis.tip_schieben(table)
    pays, band, never_above = _push_pays(push)
    below = push[[b.right <= player for b in push.index]]
    push_answer = (
        f"In this data pushing gained on average below an estimate of {pays:g}: the mean push gain is positive in "
        f"every band up to {pays:g} and {'not positive in any band above it' if never_above else 'mixed above it'}. "
        f"That is higher than the rule-based player's "
        f"{player:g}, but between {player:g} and {pays:g} pushing gained only {band['push gain']:.0f} points on "
        f"average and was the better choice in {band['P(push better)']:.0%} of the {int(band['deals'])} deals, "
        f"while below {player:g} it was better in {below['P(push better)'].min():.0%} to "
        f"{below['P(push better)'].max():.0%} of them. A band holds a few dozen deals, so its mean has wide error "
        "bars, and DD lets both teams see every card; real partners choose without seeing, so the threshold "
        "that pays at a real table can differ (C1).")
    obenabe = analysis.tip_obenabe(table)
    four = obenabe.loc[4]
    deals = int(four["deals"])
    best = round(float(four["P(obenabe best)"]) * deals)
    obenabe_answer = (
        f"In {deals - best} of the {deals} deals with four aces and kings ({1 - best / deals:.0%}) Obenabe was "
        f"not the DD-best contract: long suits with the top cards run in Obenabe (O1), but a hand with many "
        "trumps of one suit, including the Puur and the Näll, may score more as that trump, and Undenufe counts "
        "most (O2, C3). Look at the length of the suits and the gaps below the aces.")
    return push_answer, obenabe_answer


def _notebook_13() -> list[Question]:
    three = best_declaration(CardSet.parse("6♠ 7♠ 8♠"), Contract.HEARTS).points
    hearts = three * CLASSIC.multiplier(Contract.HEARTS)
    push_answer, obenabe_answer = _model_answers_13()
    return [
        _discussion("13.1", "Tip 1 is about memory, but the solver has a perfect memory. What does the Puur table "
                            "show instead, and why is that still a reason to keep track of those two cards?",
                    "It shows what holding the Puur and the Näll is worth: the team with both makes far more. In "
                    "play they are the two strongest trumps (O2), so knowing whether they are out tells you when "
                    "your own trump is the master and whether a trump lead will be beaten.", "O2"),
        _discussion("13.2", "Below which estimate does pushing pay in the DD data? Is it the rule-based player's "
                            "97.5? Why may the answer differ with real players?",
                    push_answer, "C1"),
        _discussion("13.3", "With four aces and kings, how often is Obenabe not the best contract? What else in the "
                            "hand would you look at?",
                    obenabe_answer, "O1", "C3"),
        _number("13.4", "What does the last trick add to the card points, whoever takes it?", LAST_TRICK_BONUS,
                f"{LAST_TRICK_BONUS} points: with them the trick points of a hand make 157 (O7).", "O7",
                label="Points"),
        _discussion("13.5", "Find a smear decision in the data where putting the heaviest card on the partner's trick "
                            "cost points. What did that card do instead in the best line?",
                    "Usually the heavy card (a ten or an ace of a plain suit) was still a master: kept, it won a "
                    "later trick by itself and brought its points and those of three other cards, or it kept a "
                    "match possible (O7). Replay the round and solve the position to see the line.", "O7", "P6"),
        _discussion("13.6", "Keeping a strong card for the last trick is often neutral. Why?",
                    "When both of your last two cards win nothing anyway, the order does not matter: the tricks go "
                    "to the same players whatever you play (P6). The tip only pays when the strong card can win the "
                    "last trick and its 5 points (O7).", "P6", "O7"),
        _number("13.7", "A Weis of three in a row with hearts trump (classic rules): what does it give in the score?",
                hearts, f"{three} points for three in a row (W2), times {CLASSIC.multiplier(Contract.HEARTS)} with "
                        f"hearts trump (C3): {hearts}.", "W2", "C3", label="Points"),
    ]


def _lucerne_sum(hand: str, contract: Contract) -> tuple[list[int], int]:
    """The Lucerne table's points of each card of ``hand`` in ``contract`` (in the hand's order) and their sum."""
    from ..analysis import LUCERNE_SIDE, LUCERNE_TRUMP, lucerne_values

    cards = CardSet.parse(hand)
    parts = [(LUCERNE_TRUMP if c.suit == contract.trump else LUCERNE_SIDE)[c.rank] for c in cards]
    return parts, lucerne_values(cards)[int(contract)]


def _notebook_14() -> list[Question]:
    from ..analysis import LUCERNE_THRESHOLD, LUCERNE_TRUMP, advise  # layer 4: the advisor of notebook 14

    trump_hand, push_hand = "Q♣ 7♠ K♠ A♠ 8♥ 9♥ J♥ K♥ K♦", "7♣ Q♣ K♣ 10♠ A♠ 6♥ 7♥ Q♦ K♦"
    trump_label, push_label = advise(trump_hand).best.label, advise(push_hand).best.label
    options = [str(Contract.HEARTS), str(Contract.OBENABE), str(Contract.UNDENUFE), "schieben"]
    puur, naell = LUCERNE_TRUMP[Rank.JACK], LUCERNE_TRUMP[Rank.NINE]
    sample = "J♥ 9♥ A♥ 6♥ A♠ K♠ 10♣ 6♦ 7♦"
    parts, total = _lucerne_sum(sample, Contract.HEARTS)
    named = "names ♥ trump" if total >= LUCERNE_THRESHOLD else "says schieben"
    return [
        _choice("14.1", f"Forehand holds {trump_hand} (classic rules). What does the advisor name?", options,
                trump_label,
                f"{trump_label}: the hand holds the Puur and the Näll of hearts, the two strongest trumps (O2), two "
                "more hearts and the A♠ K♠ on the side. Over the sampled deals no other option gives the team a "
                "better expected difference to the opponents (C3, H2).", "O2", "C3", "H2"),
        _choice("14.2", f"Forehand holds {push_hand}. What does the advisor say?", options, push_label,
                f"{push_label}: no long suit, no Puur or Näll with length, honours scattered over four suits; every "
                "contract is worth little, and with the partner choosing the team can expect more (C1).", "C1"),
        _yes_no("14.3", "Your partner said schieben. Does the advisor still offer schieben?", False,
                "No: after schieben the partner must name a contract; the choice cannot be pushed back (C1). The "
                "advisor then compares the six contracts only.", "C1"),
        _number("14.4", "In the Lucerne course's per-card table, how many points is the Puur (the trump J) worth?",
                puur, f"The Puur is worth {puur} in the table, more than any other card: it is the strongest trump "
                      f"(O2). The Näll (the trump 9) comes next with {naell} points.", "O2", label="Points"),
        _number("14.5", f"With ♥ trump, what is {sample} worth in the Lucerne table?", total,
                f"{' + '.join(str(p) for p in parts)} = {total}: each heart counts as a trump card, each other card "
                f"as a side card; {total} is not below the table's threshold of {LUCERNE_THRESHOLD}, so the table "
                f"{named} (C1).", "C1", "O2", label="Points"),
        _discussion("14.6", "With all cards open, Undenufe is the best contract in hindsight in about 6 deals of 10. "
                            "Why is that no reason to name Undenufe with most hands?",
                    "Best in hindsight is chosen after the cards have fallen: Undenufe counts four times (C3), so its "
                    "good deals give the biggest scores, with open cards and with rule-based play alike. A player "
                    "must choose before, from nine cards, and a bad Undenufe costs four times as much too. Open cards "
                    "also flatter Undenufe most: the leader knows which low card wins. Players who see only their own "
                    "cards name it in about 4 deals of 10.", "C3", "O3"),
        _discussion("14.7", "Play the round of section 4 with the Hint button. Which idea did it give you, and would "
                            "you have found the card without it?",
                    "Often the idea is enough: put points on a trick your partner wins, keep the master card for the "
                    "last trick and its 5 points (O7), draw the trumps with many trumps. The card stage shows the "
                    "expected points of every legal card from your own view, so you see by how much the best card "
                    "is better, and the Review from your own view afterwards shows which cards cost the most.",
                    "O7", "P3"),
    ]


_BUILDERS: dict[str, Callable[[], list[Question]]] = {
    "01": _notebook_01, "02": _notebook_02, "03": _notebook_03, "04": _notebook_04, "05": _notebook_05,
    "06": _notebook_06, "07": _notebook_07, "08": _notebook_08, "09": _notebook_09, "10": _notebook_10,
    "11": _notebook_11, "12": _notebook_12, "13": _notebook_13, "14": _notebook_14,
}


def notebooks() -> tuple[str, ...]:
    """The numbers of the notebooks that have questions, in course order (``"01"`` ...)."""
    return tuple(_BUILDERS)


def _notebook_key(notebook: str | int) -> str:
    key = ""
    if _check.is_whole(notebook) and 0 <= notebook < 100:  # not True, not a Seat
        key = f"{int(notebook):02d}"
    elif isinstance(notebook, str):
        text = notebook.strip()
        key = text.zfill(2) if text.isascii() and text.isdigit() else text
    if key not in _BUILDERS:
        raise ArgumentError(f"no questions for notebook {excerpt(notebook)}: "
                            f"the notebooks are {', '.join(_BUILDERS)}")
    return key


@functools.cache
def _questions(key: str) -> tuple[Question, ...]:
    made = tuple(_BUILDERS[key]())
    ids = [q.id for q in made]
    expected = [f"{key}.{k}" for k in range(1, len(made) + 1)]
    if ids != expected:
        raise ArgumentError(f"notebook {key}'s questions must be numbered {expected}, got {ids}")
    return made


def questions_for(notebook: str | int) -> tuple[Question, ...]:
    """The questions at the end of ``notebook`` (``"03"``, ``"3"`` or ``3``), in order.

    >>> [q.kind for q in questions_for(3)][:3]
    ['cards', 'cards', 'cards']
    >>> questions_for("99")
    Traceback (most recent call last):
    ...
    jasslib.errors.ArgumentError: no questions for notebook '99': the notebooks are 01, 02, 03, ..., 14
    """
    return _questions(_notebook_key(notebook))


def question(qid: str) -> Question:
    """The question ``qid`` (``"03.2"``); a ValueError naming the notebook's questions when there is none.

    >>> question("07.1").answer
    3000
    """
    match = _ID.match(qid.strip()) if isinstance(qid, str) else None
    if match is None:
        raise ArgumentError(f"a question is named 'NN.k' such as '03.2', not {excerpt(qid)}")
    found = questions_for(match.group(1))
    number = int(match.group(2))
    if not 1 <= number <= len(found):
        raise ArgumentError(f"notebook {match.group(1)} has the questions {found[0].id} to {found[-1].id}, "
                            f"not {excerpt(qid)}")
    return found[number - 1]


def all_questions() -> tuple[Question, ...]:
    """Every question of the course, notebook by notebook."""
    return tuple(q for key in _BUILDERS for q in _questions(key))
