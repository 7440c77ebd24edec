"""Exercises for the course: generators that pick positions to teach, and checking that explains why.

Seven topics (:data:`TOPICS`), one generator each.  ``exercise(topic, seed, number, ruleset)``
depends only on its arguments, so a teacher gives the class one seed and everybody gets the same
series; :meth:`Exercise.check` judges a response item by item and every message cites the rule
ids of RULES.md.  Widgets and worksheets never restate a rule: they show an :class:`Exercise`,
collect a response and display the :class:`Feedback` (see ``docs/exercises_api.md``).

>>> ex = exercise("trick", seed=7, number=0)
>>> ex.kind, sorted(ex.position)
('seat+points', ['case', 'contract', 'last', 'trick'])
>>> ex.check(ex.answer).correct
True
>>> fb = ex.check(("seat 9", "lots"))          # malformed responses never raise
>>> fb.correct, fb.items[0].key
(False, 'answer')
>>> exercise("trick", 7, 0) == ex and exercise("trick", 8, 0) != ex
True

Positions are chosen to teach: the ``legal`` generator first draws a teaching case
(:data:`LEGAL_CASES`, e.g. under-trumping while the partner is winning, P4) and then searches
seeded random deals, played out with legal cards, until the case holds.
"""

from __future__ import annotations

import html
import numbers
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import Card, CardSet, Rank, Suit
from .contracts import Contract, rank_strength
from .errors import JassError
from .play import LAST_TRICK_BONUS, check_play, legal_cards, trick_points, trick_winner
from .round import Round
from .rulesets import CLASSIC, Ruleset
from .scoring import MATCH_BONUS, hand_score, race
from .seats import Seat, Team
from .weis import (
    STOECK_POINTS,
    Declaration,
    Weis,
    WeisKind,
    best_declaration,
    contest,
    declarations,
    find_weis,
    has_stoeck,
    stoeck_cards,
    weis_strength,
)

__all__ = [
    "TOPICS",
    "TOPIC_TITLES",
    "KINDS",
    "LEGAL_CASES",
    "RESTRICTION_CASES",
    "CASES",
    "Item",
    "Feedback",
    "Exercise",
    "exercise",
    "exercises",
]

TOPICS: tuple[str, ...] = ("legal", "trick", "weis", "contest", "stoeck", "score", "claim")
"""The exercise topics, in course order."""

TOPIC_TITLES: dict[str, str] = {
    "legal": "Which cards may you play?",
    "trick": "Who wins the trick, and how many points?",
    "weis": "Weis: the best declaration",
    "contest": "The Weis contest",
    "stoeck": "Stöck",
    "score": "Scoring a hand",
    "claim": "Who reaches the target first?",
}
"""A heading per topic (for worksheets and trainers)."""

KINDS: dict[str, str] = {
    "legal": "cards",
    "trick": "seat+points",
    "weis": "points",
    "contest": "team+points",
    "stoeck": "points",
    "score": "points+points",
    "claim": "team",
}
"""How each topic is answered (``Exercise.kind``)."""

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

_LEGAL_WEIGHTS = {
    "trump-while-able-to-follow": 16,
    "no-undertrump-partner-winning": 16,
    "undertrump-only-trumps": 10,
    "lone-puur": 10,
    "must-follow-trump": 11,
    "no-trump-follow": 13,
    "cannot-follow": 13,
    "leading": 4,
}
_TRICK_WEIGHTS = {
    "low-trump-beats-ace": 18,
    "trump-order": 14,
    "undenufe-six-wins": 14,
    "off-suit-ace": 14,
    "obenabe-eights": 10,
    "last-trick": 20,
    "plain": 10,
}
_WEIS_WEIGHTS = {
    "sequence": 22,
    "long-sequence": 14,
    "four-of-a-kind": 14,
    "jacks-vs-sequence": 14,
    "two-weis": 16,
    "four-nines": 6,
    "none": 10,
}
_CONTEST_WEIGHTS = {
    "points": 12,
    "length": 17,
    "rank": 16,
    "undenufe": 15,
    "trump": 15,
    "position": 15,
    "none": 3,
}
_STOECK_WEIGHTS = {
    "stoeck": 30,
    "stoeck-in-weis": 14,
    "one-only": 16,
    "other-suit": 14,
    "no-trump": 20,
}
_SCORE_WEIGHTS = {
    "plain": 16,
    "weis": 22,
    "stoeck": 18,
    "weis-and-stoeck": 20,
    "match": 12,
    "no-trump": 12,
}
_CLAIM_WEIGHTS = {
    "stoeck-first": 22,
    "weis-before-stich": 26,
    "stoeck-short": 14,
    "stich": 26,
    "nobody": 12,
}

CASES: dict[str, tuple[str, ...]] = {
    "legal": tuple(_LEGAL_WEIGHTS),
    "trick": tuple(_TRICK_WEIGHTS),
    "weis": tuple(_WEIS_WEIGHTS),
    "contest": tuple(_CONTEST_WEIGHTS),
    "stoeck": tuple(_STOECK_WEIGHTS),
    "score": tuple(_SCORE_WEIGHTS),
    "claim": tuple(_CLAIM_WEIGHTS),
}
"""Per topic, the teaching cases its generator draws from (``position["case"]``)."""

_MAX_TRIES = 5000


# ---------------------------------------------------------------------------------------------
# Feedback


@dataclass(frozen=True)
class Item:
    """Feedback on one part of an answer.

    Attributes:
        key: what it is about: a card (``"7♥"``), ``"seat"``, ``"points"``, ``"team"``, ``"team 0"`` ...
        correct: whether this part of the response is right.
        message: one sentence for the learner, citing the rule id.
        rule: the rule id (``"P3"``), or ``None``.
    """

    key: str
    correct: bool
    message: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"{'✓' if self.correct else '✗'} {self.message}"


@dataclass(frozen=True)
class Feedback:
    """The verdict of :meth:`Exercise.check`: right or not, one :class:`Item` per part, a summary.

    >>> fb = Feedback(False, (Item("points", False, "You said 40; the right answer is 45 (O4).", "O4"),),
    ...               "Not right.")
    >>> print(fb)
    Not right.
    ✗ You said 40; the right answer is 45 (O4).
    >>> "✗" in fb._repr_html_()
    True
    """

    correct: bool
    items: tuple[Item, ...]
    summary: str

    def __str__(self) -> str:
        return "\n".join([self.summary, *(str(item) for item in self.items)])

    def _repr_html_(self) -> str:
        head = "#1a7f37" if self.correct else "#b35900"
        rows = []
        for item in self.items:
            mark, color, word = ("✓", "#1a7f37", "right") if item.correct else ("✗", "#b00020", "wrong")
            rows.append(
                f'<li><span style="color:{color};font-weight:bold" aria-label="{word}">{mark}</span> '
                f"{html.escape(item.message)}</li>"
            )
        return (
            f'<div class="jass-feedback"><p style="margin:0.2em 0"><b style="color:{head}">'
            f"{'✓' if self.correct else '✗'} {html.escape(self.summary)}</b></p>"
            f'<ul style="list-style:none;padding-left:0.5em;margin:0">{"".join(rows)}</ul></div>'
        )


class _Malformed(Exception):
    """A response that cannot be read; the message asks for the expected form."""


def _malformed(message: str) -> Feedback:
    return Feedback(False, (Item("answer", False, message, None),), "Please answer in the form asked for.")


def _summary(items: Iterable[Item], noun: str = "parts") -> str:
    items = tuple(items)
    right = sum(item.correct for item in items)
    if right == len(items):
        return "Right!"
    if len(items) == 1:
        return "Not right: see why below."
    return f"{right} of {len(items)} {noun} right."


# ---------------------------------------------------------------------------------------------
# The exercise


@dataclass(frozen=True)
class Exercise:
    """One exercise: what to show, the answer, the explanation, and :meth:`check`.

    ``position`` holds jasslib values (CardSet, Card, Seat, Contract ...) under the keys listed in
    ``docs/exercises_api.md``, plus ``"case"``: the teaching case the generator drew
    (:data:`CASES`).  ``answer`` has the same form as a response.

    >>> ex = exercise("weis", seed=3, number=1)
    >>> ex.check(ex.answer).summary
    'Right!'
    >>> ex.check(ex.answer + 20).correct, ex.check(None).correct, ex.check("abc").correct
    (False, False, False)
    >>> ex.solution() == ex.explanation
    True
    """

    topic: str
    seed: int | str
    number: int
    ruleset: Ruleset
    kind: str
    prompt: str
    position: dict[str, Any]
    answer: Any
    explanation: str

    def check(self, response: Any) -> Feedback:
        """Judge ``response`` (same form as :attr:`answer`); never raises for a wrong or malformed one."""
        try:
            return _CHECKERS[self.topic](self, response)
        except _Malformed as exc:
            return _malformed(str(exc))

    def solution(self) -> str:
        """The full solution in words with rule ids (= :attr:`explanation`)."""
        return self.explanation

    @property
    def title(self) -> str:
        """``'Exercise 3'`` (numbered from 1 for people; :attr:`number` is 0-based)."""
        return f"Exercise {self.number + 1}"

    def answer_text(self) -> str:
        """The answer in words, e.g. ``'8♣ J♥'``, ``'seat 2, 45 points'``, ``'team 1'``."""
        return _ANSWER_TEXT[self.kind](self.answer)

    def position_text(self) -> str:
        """The position as plain text (French card symbols), one fact per line."""
        return _POSITION_TEXT[self.topic](self)

    def position_html(self) -> str:
        """The position as HTML (cards drawn with :mod:`jasslib.display`)."""
        return _POSITION_HTML[self.topic](self)

    def __str__(self) -> str:
        head = f"{self.title} · {self.topic} · {self.ruleset.name} rules · seed {self.seed}"
        return "\n".join([head, self.position_text(), self.prompt])

    def _repr_html_(self) -> str:
        return (
            '<div class="jass-exercise">'
            f"<p><b>{html.escape(self.title)}</b> <small>({html.escape(self.topic)}, "
            f"{html.escape(self.ruleset.name)} rules, seed {html.escape(str(self.seed))})</small></p>"
            f"{self.position_html()}<p>{html.escape(self.prompt)}</p>"
            "<details><summary>Solution</summary>"
            f'<div style="white-space:pre-wrap">{html.escape(self.explanation)}</div></details></div>'
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: cards as text, seats and teams as numbers, contracts as text.

        >>> import json
        >>> d = exercise("legal", seed=1).to_dict()
        >>> d["topic"], d["kind"], isinstance(d["position"]["hand"], str)
        ('legal', 'cards', True)
        >>> json.loads(json.dumps(d)) == d
        True
        """
        return {
            "topic": self.topic,
            "seed": self.seed,
            "number": self.number,
            "ruleset": self.ruleset.name,
            "kind": self.kind,
            "prompt": self.prompt,
            "position": _jsonable(self.position),
            "answer": _jsonable(self.answer),
            "answer_text": self.answer_text(),
            "explanation": self.explanation,
        }


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (bool, float, str)):
        return value
    if isinstance(value, (CardSet, Card, Contract, Declaration, Weis, Suit, Rank)):
        return str(value)
    if isinstance(value, (Seat, Team)):
        return int(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Ruleset):
        return value.name
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return str(value)


# ---------------------------------------------------------------------------------------------
# Public entry points


def exercise(
    topic: str, seed: int | str = 0, number: int = 0, ruleset: Ruleset | str = CLASSIC
) -> Exercise:
    """Exercise ``number`` (0-based) of the series ``(topic, seed)`` under ``ruleset``.

    The result depends only on the arguments: it is generated from
    ``random.Random(f"{topic}/{seed}/{number}/{ruleset.name}")``.

    >>> ex = exercise("stoeck", seed="class 3b", number=4)
    >>> ex.topic, ex.kind, ex.number, ex.ruleset.name
    ('stoeck', 'points', 4, 'classic')
    >>> exercise("poker")
    Traceback (most recent call last):
    ...
    ValueError: unknown topic 'poker': expected one of legal, trick, weis, contest, stoeck, score, claim
    """
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}: expected one of {', '.join(TOPICS)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a word, got {seed!r}")
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"number is the exercise's 0-based index in the series (0, 1, 2 ...), got {number!r}")
    rs = Ruleset.get(ruleset)
    rng = random.Random(f"{topic}/{seed}/{number}/{rs.name}")
    prompt, position, answer, explanation = _GENERATORS[topic](rng, rs, number)
    return Exercise(topic, seed, number, rs, KINDS[topic], prompt, position, answer, explanation)


def exercises(
    topic: str, seed: int | str = 0, count: int = 10, ruleset: Ruleset | str = CLASSIC
) -> list[Exercise]:
    """The first ``count`` exercises of the series: ``[exercise(topic, seed, i, ruleset) for i in range(count)]``.

    >>> [ex.number for ex in exercises("claim", seed=5, count=3)]
    [0, 1, 2]
    >>> exercises("claim", count=0)
    Traceback (most recent call last):
    ...
    ValueError: count must be at least 1, got 0
    """
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}: expected one of {', '.join(TOPICS)}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be at least 1, got {count!r}")
    return [exercise(topic, seed, i, ruleset) for i in range(count)]


# ---------------------------------------------------------------------------------------------
# Small helpers

_Draft = tuple[str, dict[str, Any], Any, str]


def _weighted(rng: random.Random, weights: Mapping[str, int]) -> str:
    names = list(weights)
    return rng.choices(names, weights=[weights[n] for n in names])[0]


def _contract_text(contract: Contract, ruleset: Ruleset) -> str:
    return f"{contract} (×{ruleset.multiplier(contract)})"


def _plays_text(plays: Iterable[tuple[Seat, Card]]) -> str:
    return ", ".join(f"seat {int(s)} {c}" for s, c in plays)


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _display() -> Any:
    from . import display  # imported when drawing only

    return display


def _row(label: str, body: str) -> str:
    return f'<div class="jass-row"><b>{html.escape(label)}:</b> {body}</div>'


def _as_int(value: Any, what: str) -> int:
    """A whole number from an int, an integral float or its text; else :class:`_Malformed`."""
    if isinstance(value, bool):
        raise _Malformed(f"Please give {what} as a whole number, not {value!r}.")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().replace("'", "").replace("’", "")
        for word in ("points", "point", "pts"):
            if text.lower().endswith(word):
                text = text[: -len(word)].strip()
        if text.lstrip("+-").isdigit():
            return int(text)
    raise _Malformed(f"Please give {what} as a whole number such as 45, not {value!r}.")


def _as_pair(value: Any, message: str) -> tuple[Any, Any]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise _Malformed(message)
    items = list(value)
    if len(items) != 2:
        raise _Malformed(message)
    return items[0], items[1]


def _as_seat(value: Any) -> Seat:
    if isinstance(value, Seat):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4 and not isinstance(value, Team):
        return Seat(value)
    if isinstance(value, str):
        text = value.strip().lower().removeprefix("seat").strip()
        if text.isdigit() and 0 <= int(text) < 4:
            return Seat(int(text))
    raise _Malformed(f"Please name the winning seat as 0, 1, 2 or 3, not {value!r}.")


_NOBODY = ("none", "nobody", "no one", "noone", "neither", "-", "")


def _as_team(value: Any, nobody: bool = True) -> Team | None:
    if value is None and nobody:
        return None
    if isinstance(value, Team):
        return value
    if isinstance(value, int) and not isinstance(value, (bool, Seat)) and value in (0, 1):
        return Team(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if nobody and text in _NOBODY:
            return None
        text = text.removeprefix("team").strip()
        if text in ("0", "1"):
            return Team(int(text))
    extra = ", or None for nobody" if nobody else ""
    raise _Malformed(f"Please name a team as 0 (seats 0 and 2) or 1 (seats 1 and 3){extra}; got {value!r}.")


def _said(given: int, right: int) -> str:
    return f"{given} is right" if given == right else f"You said {given}; the right answer is {right}"


# ---------------------------------------------------------------------------------------------
# Playing positions from real deals


def _random_round(rng: random.Random, ruleset: Ruleset) -> Round:
    return Round.deal(seed=rng.getrandbits(64), dealer=rng.randrange(4), ruleset=ruleset)


def _longest_suit(hand: CardSet, rng: random.Random) -> Suit:
    counts = [len(hand.of_suit(s)) for s in Suit]
    best = max(counts)
    return Suit(rng.choice([s for s in range(4) if counts[s] == best]))


# ---------------------------------------------------------------------------------------------
# Topic: legal (P1–P5)


def _legal_case_holds(case: str, hand: CardSet, plays: tuple[tuple[Seat, Card], ...], contract: Contract,
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
    if case == "cannot-follow":
        return not follow and led != trump and len({c.suit for c in hand}) >= 2
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
    strength = rank_strength(contract)
    in_trick = [c for c in cards if c.suit == trump]
    if not in_trick:
        return False
    top = max(in_trick, key=strength.__getitem__)
    weaker = any(strength[c] < strength[top] for c in hand if c.suit == trump)
    if case == "undertrump-only-trumps":
        return hm == tm and weaker
    if case == "no-undertrump-partner-winning":
        win_seat, win_card = plays[trick_winner(cards, contract)]
        return win_seat == seat.partner and win_card.suit == trump and weaker and bool(hm & ~trump.mask)
    raise AssertionError(case)


def _legal_contract(rng: random.Random, case: str, focus_hand: CardSet) -> Contract:
    if case == "no-trump-follow":
        return rng.choice((Contract.OBENABE, Contract.UNDENUFE))
    if case in ("cannot-follow", "leading"):
        return Contract(rng.choices(range(6), weights=(3, 3, 3, 3, 2, 2))[0])
    if case == "undertrump-only-trumps" or rng.random() < 0.5:
        return Contract.from_suit(_longest_suit(focus_hand, rng))
    return Contract(rng.randrange(4))


def _legal_search(rng: random.Random, ruleset: Ruleset, case: str
                  ) -> tuple[Contract, CardSet, tuple[tuple[Seat, Card], ...], Seat]:
    """Deal and play random legal cards until a position of ``case`` turns up (hands of 3..9 cards)."""
    for _ in range(_MAX_TRIES):
        r = _random_round(rng, ruleset)
        focus = Seat(rng.randrange(4))
        contract = _legal_contract(rng, case, r.hand(focus))
        r.choose(contract)
        keep_trumps = case == "undertrump-only-trumps"
        found = []
        while r.trick_number <= 6:
            seat = r.to_move
            assert seat is not None
            hand, plays = r.hand(seat), r.trick
            if (not keep_trumps or seat == focus) and _legal_case_holds(case, hand, plays, contract, seat):
                found.append((hand, plays, seat))
            legal = list(r.legal_cards())
            if keep_trumps and seat == focus:  # steer: this player saves the trumps
                legal = [c for c in legal if c.suit != contract.trump] or legal
            r.play(rng.choice(legal))
        if found:
            hand, plays, seat = rng.choice(found)
            return contract, hand, plays, seat
    raise RuntimeError(f"no position of the case {case!r} found")  # pragma: no cover


_LEGAL_NOTES = {
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


def _gen_legal(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    weights = _LEGAL_WEIGHTS if number else {c: _LEGAL_WEIGHTS[c] for c in RESTRICTION_CASES}
    case = _weighted(rng, weights)
    contract, hand, plays, seat = _legal_search(rng, ruleset, case)
    cards = [c for _, c in plays]
    answer = legal_cards(hand, cards, contract)
    if plays:
        situation = f"The trick so far: {_plays_text(plays)}."
    else:
        situation = "You lead the trick."
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
        strength = rank_strength(contract)
        in_trick = [c for c in cards if c.suit == trump]
        if in_trick:
            fmt["top"] = str(max(in_trick, key=strength.__getitem__))
            if cards[0].suit != trump and any(c.suit == trump for c in hand):
                fmt["p4"] = f"; only a trump weaker than {fmt['top']} is ruled out while you hold other cards (P4)"
    lines.append("Key point: " + _LEGAL_NOTES[case].format(**fmt))
    return prompt, position, answer, "\n".join(lines)


def _parse_cards(response: Any, hand: CardSet) -> CardSet:
    ask = ("Please mark the cards you may play, as a list of cards such as ['7♥', '8♣'] "
           "(an empty list if you think none is legal).")
    if response is None:
        raise _Malformed(ask)
    try:
        if isinstance(response, CardSet):
            marked = response
        elif isinstance(response, Card):
            marked = CardSet([response])
        elif isinstance(response, str):
            marked = CardSet.parse(response)
        elif isinstance(response, Mapping):
            marked = CardSet.from_mask(0)
            for key, value in response.items():
                if value:
                    marked = marked.add(Card.parse(key))
        elif isinstance(response, Iterable):
            marked = CardSet.from_mask(0)
            for item in response:
                if isinstance(item, bool):
                    raise _Malformed(f"{ask} {item!r} is not a card.")
                marked = marked.add(Card.parse(item))
        else:
            raise _Malformed(f"{ask} {response!r} is not a list of cards.")
    except JassError as exc:
        raise _Malformed(f"{ask} ({exc})") from None
    except TypeError:
        raise _Malformed(ask) from None
    extra = marked - hand
    if extra:
        raise _Malformed(f"Please mark only cards you hold: {extra} is not in your hand ({hand}).")
    return marked


def _check_legal(ex: Exercise, response: Any) -> Feedback:
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


def _legal_text(ex: Exercise) -> str:
    p = ex.position
    trick = _plays_text(p["trick"]) if p["trick"] else "empty: you lead"
    return "\n".join([
        f"Contract: {_contract_text(p['contract'], ex.ruleset)}",
        f"Trick so far: {trick}",
        f"Seat {int(p['seat'])}'s hand: {p['hand']}",
    ])


def _legal_html(ex: Exercise) -> str:
    d, p = _display(), ex.position
    trick = d.trick_html(p["trick"]) if p["trick"] else "empty: you lead"
    return "".join([
        _row("Contract", html.escape(_contract_text(p["contract"], ex.ruleset))),
        _row("Trick so far", trick),
        _row(f"Seat {int(p['seat'])}'s hand", d.cards_html(p["hand"])),
    ])


# ---------------------------------------------------------------------------------------------
# Topic: trick (P2, P6, O4–O7)


def _trick_case_holds(case: str, cards: tuple[Card, ...], contract: Contract, number: int) -> bool:
    led = cards[0].suit
    trump = contract.trump
    win = cards[trick_winner(cards, contract)]
    if case == "plain":
        return True
    if case == "last-trick":
        return number == 8
    if case == "undenufe-six-wins":
        return contract == Contract.UNDENUFE and win.rank == Rank.SIX
    if case == "obenabe-eights":
        return contract == Contract.OBENABE and any(c.rank == Rank.EIGHT for c in cards)
    if case == "off-suit-ace":
        return any(c.rank == Rank.ACE and c.suit != led and c.suit != trump for c in cards)
    if trump is None:
        return False
    if case == "low-trump-beats-ace":
        return (led != trump and Card.make(led, Rank.ACE) in cards and win.suit == trump
                and win.rank not in (Rank.JACK, Rank.NINE))
    if case == "trump-order":
        trumps = [c for c in cards if c.suit == trump]
        return (len(trumps) >= 2 and win.rank in (Rank.JACK, Rank.NINE)
                and any(c.rank in (Rank.ACE, Rank.KING, Rank.TEN) for c in trumps))
    raise AssertionError(case)


def _trick_contract(rng: random.Random, case: str) -> Contract:
    if case == "undenufe-six-wins":
        return Contract.UNDENUFE
    if case == "obenabe-eights":
        return Contract.OBENABE
    if case in ("low-trump-beats-ace", "trump-order"):
        return Contract(rng.randrange(4))
    return Contract(rng.choices(range(6), weights=(3, 3, 3, 3, 2, 2))[0])


def _winner_reason(plays: tuple[tuple[Seat, Card], ...], contract: Contract) -> tuple[str, str]:
    """The rule id and the reason in words why the trick's winner wins (P6, P2)."""
    cards = [c for _, c in plays]
    index = trick_winner(cards, contract)
    seat, win = plays[index]
    led = cards[0].suit
    trump = contract.trump
    parts = []
    if trump is None:
        rule = "P2"
        if contract == Contract.UNDENUFE:
            parts.append(f"seat {int(seat)} wins with {win}: in Undenufe the lowest card of the led suit {led} wins, "
                         "in the order 6 7 8 9 10 J Q K A (P2, O3)")
        else:
            parts.append(f"seat {int(seat)} wins with {win}: in Obenabe the highest card of the led suit {led} wins "
                         "(P2, O1)")
    else:
        rule = "P6"
        trumps = [c for c in cards if c.suit == trump]
        if not trumps:
            parts.append(f"seat {int(seat)} wins with {win}: nobody trumped, so the strongest card of the led suit "
                         f"{led} wins (P6)")
        elif len(trumps) == 1:
            beaten = "" if led == trump else f"; a trump beats every card of another suit, even {_best_led(cards)}"
            parts.append(f"seat {int(seat)} wins with {win}: the only trump in the trick wins (P6){beaten}")
        else:
            parts.append(f"seat {int(seat)} wins with {win}: the strongest trump in the trick wins (P6), in the "
                         f"trump order J 9 A K Q 10 8 7 6 (O2)")
    off = [c for c in cards if c.suit != led and c.suit != trump]
    if off:
        names = _and([str(c) for c in off])
        if trump is None:
            parts.append(f"{names} cannot win: a card that is not of the led suit {led} never wins")
        else:
            parts.append(f"{names} cannot win: a card that is neither of the led suit {led} nor trump never wins")
    return rule, "; ".join(parts) + "."


def _best_led(cards: list[Card]) -> str:
    led = cards[0].suit
    same = [c for c in cards if c.suit == led]
    return str(max(same, key=lambda c: c.rank))


def _points_rule(contract: Contract, ruleset: Ruleset) -> str:
    if contract.has_trump:
        return "O4"
    if contract == Contract.UNDENUFE:
        return "O5, O6"
    return "O5"


def _points_breakdown(cards: Iterable[Card], contract: Contract, ruleset: Ruleset, last: bool) -> str:
    table = ruleset.card_points(contract)
    cards = list(cards)
    total = sum(table[c] for c in cards)
    text = " + ".join(f"{c} {table[c]}" for c in cards) + f" = {total} ({_points_rule(contract, ruleset)})"
    if last:
        text += f", + {LAST_TRICK_BONUS} for the last trick = {total + LAST_TRICK_BONUS} (O7)"
    return text


def _gen_trick(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    case = _weighted(rng, _TRICK_WEIGHTS)
    for _ in range(_MAX_TRIES):
        r = _random_round(rng, ruleset)
        contract = _trick_contract(rng, case)
        r.choose(contract)
        while not r.done:
            r.play(rng.choice(list(r.legal_cards())))
        found = [t for t in r.tricks if _trick_case_holds(case, t.cards, contract, t.number)]
        if found:
            record = rng.choice(found)
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no trick of the case {case!r} found")
    plays = record.plays
    last = record.number == 8
    cards = [c for _, c in plays]
    winner = plays[trick_winner(cards, contract)][0]
    points = trick_points(cards, contract, ruleset, last=last)
    assert points == record.points
    last_words = " It is the last trick of the hand." if last else ""
    prompt = (f"{contract}. The trick: {_plays_text(plays)}.{last_words} "
              "Which seat wins it, and how many points does it count?")
    position = {"trick": plays, "contract": contract, "last": last, "case": case}
    _, reason = _winner_reason(plays, contract)
    explanation = "\n".join([
        f"{contract}; the trick: {_plays_text(plays)}" + (" (the last trick)." if last else "."),
        "Winner: " + reason[0].upper() + reason[1:],
        "Points: " + _points_breakdown(cards, contract, ruleset, last) + ".",
        f"Answer: seat {int(winner)}, {points} points.",
    ])
    return prompt, position, (winner, points), explanation


def _check_trick(ex: Exercise, response: Any) -> Feedback:
    pair = _as_pair(response, "Please answer with the winning seat and the trick's points, e.g. (2, 45).")
    seat = _as_seat(pair[0])
    points = _as_int(pair[1], "the points")
    plays = ex.position["trick"]
    contract: Contract = ex.position["contract"]
    last: bool = ex.position["last"]
    right_seat, right_points = ex.answer
    rule, reason = _winner_reason(plays, contract)
    if seat == right_seat:
        seat_item = Item("seat", True, reason[0].upper() + reason[1:], rule)
    else:
        mine = dict(plays)[seat]
        seat_item = Item("seat", False, f"You said seat {int(seat)} ({mine}), but {reason}", rule)
    cards = [c for _, c in plays]
    breakdown = _points_breakdown(cards, contract, ex.ruleset, last)
    prule = "O7" if last else _points_rule(contract, ex.ruleset).split(",")[0]
    text = f"{_said(points, right_points)}: {breakdown}."
    hint = _trick_points_hint(points, cards, contract, ex.ruleset, last)
    if points != right_points and hint:
        text += " " + hint
    items = (seat_item, Item("points", points == right_points, text, prule))
    return Feedback(all(i.correct for i in items), items, _summary(items))


def _trick_points_hint(points: int, cards: list[Card], contract: Contract, ruleset: Ruleset, last: bool) -> str:
    """A hint for a common slip in counting a trick, or ``''``."""
    right = trick_points(cards, contract, ruleset, last=last)
    bonus = LAST_TRICK_BONUS if last else 0
    if last and points == right - LAST_TRICK_BONUS:
        return "Did you forget the 5 points for the last trick (O7)?"
    if contract.trump is not None:
        table = ruleset.card_points(contract)
        plain_table = ruleset.card_points(Contract((int(contract) + 1) % 4))  # the trump suit counted plain
        plain = sum(plain_table[c] if c.suit == contract.trump else table[c] for c in cards) + bonus
        if plain != right and points == plain:
            return "Trumps count differently: the trump J (Puur) counts 20 and the trump 9 (Näll) 14 (O4)."
        return ""
    eights = sum(8 for c in cards if c.rank == Rank.EIGHT)
    if eights and points == right - eights:
        return "In Obenabe and Undenufe every 8 counts 8 (O5)."
    if contract == Contract.UNDENUFE:
        other = Ruleset.get("classic" if ruleset.modern_undenufe else "modern")
        if points != right and points == trick_points(cards, contract, other, last=last):
            which = "the 6 counts 11 and the A 0" if ruleset.modern_undenufe else "the A counts 11 and the 6 0"
            return f"Under the {ruleset.name} rules {which} in Undenufe (O6)."
    return ""


def _trick_text(ex: Exercise) -> str:
    p = ex.position
    lines = [f"Contract: {_contract_text(p['contract'], ex.ruleset)}", f"Trick: {_plays_text(p['trick'])}"]
    if p["last"]:
        lines.append("This is the last trick of the hand.")
    return "\n".join(lines)


def _trick_html(ex: Exercise) -> str:
    d, p = _display(), ex.position
    rows = [_row("Contract", html.escape(_contract_text(p["contract"], ex.ruleset))),
            _row("Trick", d.trick_html(p["trick"]))]
    if p["last"]:
        rows.append(_row("Last trick of the hand", "yes"))
    return "".join(rows)


# ---------------------------------------------------------------------------------------------
# Topic: weis (W2–W5)


def _sequence(suit: int, low: int, length: int) -> CardSet:
    return CardSet.from_mask(((1 << length) - 1) << (9 * suit + low))


def _four(rank: int) -> CardSet:
    return CardSet(Card.make(s, rank) for s in range(4))


def _run_neighbours(cards: CardSet) -> int:
    """The mask of the cards that would lengthen a run of ``cards`` (kept out of a fill)."""
    mask = 0
    for suit in range(4):
        chunk = cards.mask >> (9 * suit) & 0x1FF
        if chunk:
            mask |= (((chunk << 1) | (chunk >> 1)) & 0x1FF & ~chunk) << (9 * suit)
    return mask


def _fill(rng: random.Random, planted: CardSet, size: int = 9, avoid: int = 0) -> CardSet:
    pool = [c for c in Card if not (planted.mask | avoid) >> c & 1]
    extra = rng.sample(pool, size - len(planted))
    return planted | CardSet(extra)


def _weis_hand(rng: random.Random, ruleset: Ruleset, case: str) -> CardSet:
    if case == "none":
        while True:
            hand = CardSet(rng.sample(list(Card), 9))
            if not find_weis(hand, ruleset):
                return hand
    suits = rng.sample(range(4), 4)
    if case == "sequence":
        length = rng.choices((3, 4, 5), weights=(4, 3, 2))[0]
        planted = _sequence(suits[0], rng.randrange(10 - length), length)
    elif case == "long-sequence":
        length = rng.choices((6, 7, 8, 9), weights=(3, 3, 3, 2))[0]
        planted = _sequence(suits[0], rng.randrange(10 - length), length)
    elif case == "four-of-a-kind":
        planted = _four(rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)))
    elif case == "four-nines":
        planted = _four(Rank.NINE)
    elif case == "jacks-vs-sequence":
        length = rng.choice((3, 4, 5, 6))
        lows = [low for low in range(10 - length) if low <= Rank.JACK < low + length]
        planted = _four(Rank.JACK) | _sequence(suits[0], rng.choice(lows), length)
    elif case == "two-weis":
        first = _sequence(suits[0], rng.randrange(7), 3) if rng.random() < 0.5 else \
            _sequence(suits[0], rng.randrange(6), 4)
        if rng.random() < 0.35:
            rank = rng.choice([r for r in (Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE)
                               if Card.make(suits[0], r) not in first])
            second = _four(rank)
        else:
            length = rng.choice((3, 3, 4))
            second = _sequence(suits[1], rng.randrange(10 - length), length)
        planted = first | second
    else:  # pragma: no cover
        raise AssertionError(case)
    avoid = _run_neighbours(planted) if case != "four-nines" else 0
    for _ in range(_MAX_TRIES):
        hand = _fill(rng, planted, 9, avoid)
        if case == "four-nines" and any(w.rank != Rank.NINE for w in find_weis(hand, ruleset)):
            continue  # the four nines alone: the point is W3
        return hand
    raise RuntimeError("no hand found")  # pragma: no cover


_WEIS_RULE = {
    "sequence": "W2",
    "long-sequence": "W4",
    "four-of-a-kind": "W3",
    "four-nines": "W3",
    "jacks-vs-sequence": "W4",
    "two-weis": "W5",
    "none": "W2",
}


def _gen_weis(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    case = _weighted(rng, _WEIS_WEIGHTS)
    hand = _weis_hand(rng, ruleset, case)
    contract = Contract(rng.randrange(6))
    best = best_declaration(hand, contract, ruleset)
    prompt = (f"{contract}. This is your hand at the start of the first trick. What are your Weis worth: "
              "how many points is your best declaration (before the multiplier)? Answer 0 if you have no Weis.")
    position = {"hand": hand, "contract": contract, "case": case}
    return prompt, position, best.points, _weis_explanation(hand, contract, ruleset)


def _weis_explanation(hand: CardSet, contract: Contract, ruleset: Ruleset) -> str:
    found = find_weis(hand, ruleset)
    best = best_declaration(hand, contract, ruleset)
    lines = [f"Hand: {hand} ({contract}, {ruleset.name} rules)."]
    nines = len(_four(Rank.NINE) & hand) == 4 and ruleset.four_nines is None
    if not found:
        if nines:
            lines.append(f"You hold four 9s, but four 9s are no Weis under the {ruleset.name} rules (W3); "
                         "and no three cards of one suit are in a row (W2): no Weis, 0 points.")
        else:
            lines.append("No three cards of one suit in a row (W2) and no four 10s, Js, Qs, Ks or As"
                         + (", nor four 9s" if ruleset.four_nines else "") + " (W3): no Weis, 0 points.")
        return "\n".join(lines)
    lines.append(f"The Weis in the hand (W2: a sequence of {_scale_words(ruleset)}; W3: four of a kind):")
    maximal = [w for w in found if not any(v is not w and w.cards <= v.cards for v in found)]
    lines.extend(f"- {w}" for w in maximal)
    parts = len(found) - len(maximal)
    if parts:
        lines.append(f"  (and {parts} shorter part{'s' if parts > 1 else ''} of these runs: a run may be split "
                     "into sequences of at least three cards, W4)")
    options = declarations(hand, contract, ruleset)
    naive = sum(w.points for w in maximal)
    overlap = any(a.cards.mask & b.cards.mask for i, a in enumerate(maximal) for b in maximal[i + 1:])
    if overlap or best.points != naive or len(options) > 1 and options[1].points == best.points:
        lines.append("A card counts in one Weis only (W4), so choose among these declarations, best first (W5):")
        lines.extend(f"- {d.format()}" + ("" if len(d) > 1 else f": {d.points}") for d in options[:4])
    elif len(maximal) > 1:
        lines.append("They share no card, so all of them count (W4, W5).")
    split = [w for w in best.weis if w.is_sequence]
    if len({w.suit for w in split}) < len(split):
        lines.append("Splitting the long run into shorter sequences of at least three cards is allowed (W4), and "
                     "here it scores more.")
    if len(options) > 1 and options[1].points == best.points:
        lines.append("Equal totals: the declaration with the strongest single Weis counts (W5, W6).")
    if nines:
        lines.append(f"Your four 9s are no Weis under the {ruleset.name} rules (W3).")
    lines.append(f"Best declaration: {best.format()}: {best.points} points (W5).")
    return "\n".join(lines)


def _scale_words(ruleset: Ruleset) -> str:
    """``'3 cards is worth 20, 4 cards 50, 5 or more 100'`` (W2)."""
    points = [ruleset.sequence_points(n) for n in range(3, 10)]
    tail = next(i for i in range(7) if all(p == points[i] for p in points[i:]))
    words = [f"{n + 3} cards {points[n]}" for n in range(tail)]
    words.append(f"{tail + 3} or more {points[tail]}" if tail < 6 else f"9 cards {points[6]}")
    words[0] = words[0].replace(" cards ", " cards is worth ", 1)
    return ", ".join(words)


def _check_weis(ex: Exercise, response: Any) -> Feedback:
    given = _as_int(response, "the points of your best declaration")
    right = ex.answer
    hand, contract = ex.position["hand"], ex.position["contract"]
    best = best_declaration(hand, contract, ex.ruleset)
    what = best.format() if best else "no Weis (W2, W3)"
    if best and len(best) == 1:
        what += f" = {best.points}"
    rule = _WEIS_RULE.get(ex.position.get("case", ""), "W5")
    text = f"{_said(given, right)}: {what} ({rule}, W5)." if rule != "W5" else f"{_said(given, right)}: {what} (W5)."
    if given != right and best:
        total_all = sum(w.points for w in find_weis(hand, ex.ruleset))
        if given == total_all and total_all != right:
            text += " You added up overlapping Weis: a card counts in one Weis only (W4)."
        elif given == best.strongest.points and len(best) > 1:  # type: ignore[union-attr]
            text += " Every Weis of the declaration counts, as long as they share no card (W4)."
    item = Item("points", given == right, text, rule)
    return Feedback(item.correct, (item,), _summary((item,)))


def _hand_text(ex: Exercise) -> str:
    p = ex.position
    return f"Contract: {_contract_text(p['contract'], ex.ruleset)}\nHand: {p['hand']}"


def _hand_html(ex: Exercise) -> str:
    d, p = _display(), ex.position
    return (_row("Contract", html.escape(_contract_text(p["contract"], ex.ruleset)))
            + _row("Hand", d.cards_html(p["hand"])))


# ---------------------------------------------------------------------------------------------
# Topic: contest (W6, W7)


@cache
def _all_weis(key: tuple[tuple[int, ...], int | None]) -> tuple[Weis, ...]:
    scale, nines = key
    out = []
    for suit in range(4):
        for length in range(3, 10):
            for low in range(10 - length):
                out.append(Weis(WeisKind.SEQUENCE, _sequence(suit, low, length), scale[length - 3]))
    for rank, points in ((Rank.TEN, 100), (Rank.JACK, 200), (Rank.QUEEN, 100), (Rank.KING, 100),
                         (Rank.ACE, 100), (Rank.NINE, nines)):
        if points:
            out.append(Weis(WeisKind.FOUR_OF_A_KIND, _four(rank), points))
    return tuple(out)


_LENGTH_WEIGHT = {3: 6, 4: 5, 5: 3, 6: 1.2, 7: 0.8, 8: 0.5, 9: 0.3}


def _pick_weis(rng: random.Random, options: list[Weis]) -> Weis | None:
    if not options:
        return None
    weights = [2.0 if not w.is_sequence else _LENGTH_WEIGHT[w.length] for w in options]
    return rng.choices(options, weights=weights)[0]


def _pair_ok(case: str, a: Weis, b: Weis) -> bool:
    if a.cards.mask & b.cards.mask:
        return False
    if case == "points":
        return a.points != b.points
    if case == "length":
        return a.points == b.points and a.length != b.length
    if case in ("rank", "undenufe"):
        return a.points == b.points and a.length == b.length and a.top != b.top
    if case in ("trump", "position"):
        return a.is_sequence and b.is_sequence and a.length == b.length and a.top == b.top
    raise AssertionError(case)


def _deciding(a: Weis, b: Weis, contract: Contract) -> int | None:
    """Index of the W6 key (points, cards, rank, trump) that tells ``a`` and ``b`` apart, or None."""
    ka, kb = weis_strength(a, contract), weis_strength(b, contract)
    return next((i for i in range(4) if ka[i] != kb[i]), None)


def _contest_case(result: Any, contract: Contract) -> str:
    if result.winner is None:
        return "none"
    if result.rival is None:
        return "alone"
    index = _deciding(result.strongest, result.rival[1], contract)
    if index is None:
        return "position"
    if index == 2:
        return "undenufe" if contract == Contract.UNDENUFE else "rank"
    return ("points", "length", "rank", "trump")[index]


def _contest_attempt(rng: random.Random, ruleset: Ruleset, case: str
                     ) -> tuple[Contract, Seat, tuple[CardSet, CardSet, CardSet, CardSet]] | None:
    forehand = Seat(rng.randrange(4))
    cards: list[CardSet] = [CardSet(), CardSet(), CardSet(), CardSet()]
    if case == "none":
        return Contract(rng.randrange(6)), forehand, tuple(cards)  # type: ignore[return-value]
    pool = list(_all_weis((ruleset.sequence_scale, ruleset.four_nines)))
    if case == "length":  # a Weis that has an equal-points partner of another length
        pool_a = [w for w in pool if any(_pair_ok(case, w, x) for x in pool)]
    elif case in ("trump", "position"):
        pool_a = [w for w in pool if w.is_sequence]
    else:
        pool_a = pool
    a = _pick_weis(rng, pool_a)
    assert a is not None
    b = _pick_weis(rng, [w for w in pool if _pair_ok(case, a, w)])
    if b is None:
        return None
    if case == "undenufe":
        contract = Contract.UNDENUFE
    elif case == "rank":
        contract = Contract(rng.randrange(5))
    elif case == "trump":
        contract = Contract.from_suit(rng.choice((a.suit, b.suit)))  # type: ignore[arg-type]
    elif case == "position":
        contract = rng.choice([Contract.OBENABE, Contract.UNDENUFE]
                              + [Contract(s) for s in range(4) if s not in (a.suit, b.suit)])
    else:
        contract = Contract(rng.randrange(6))
    seat_a = Seat(rng.randrange(4))
    seat_b = Seat((seat_a + rng.choice((1, 3))) % 4)
    cards[seat_a], cards[seat_b] = a.cards, b.cards
    used = a.cards.mask | b.cards.mask
    weakest = min(weis_strength(a, contract), weis_strength(b, contract))
    small = [w for w in pool if w.length <= 4 and weis_strength(w, contract) < weakest]
    for seat, chance in ((seat_a.partner, 0.55), (seat_b.partner, 0.55), (seat_a, 0.2), (seat_b, 0.2)):
        if rng.random() < chance:
            options = [w for w in small if not w.cards.mask & (used | _run_neighbours(cards[seat]))
                       and len(cards[seat]) + w.length <= 9]
            extra = _pick_weis(rng, options)
            if extra is not None:
                cards[seat] = cards[seat] | extra.cards
                used |= extra.cards.mask
    return contract, forehand, tuple(cards)  # type: ignore[return-value]


def _declare(cards: CardSet, contract: Contract, ruleset: Ruleset) -> Declaration:
    return best_declaration(cards, contract, ruleset) if cards else Declaration((), contract)


def _gen_contest(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    case = _weighted(rng, _CONTEST_WEIGHTS)
    for _ in range(_MAX_TRIES):
        attempt = _contest_attempt(rng, ruleset, case)
        if attempt is None:
            continue
        contract, forehand, hands = attempt
        decls = tuple(_declare(h, contract, ruleset) for h in hands)
        result = contest(decls, contract, forehand)
        if _contest_case(result, contract) == case:
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no contest of the case {case!r} found")
    answer = (result.team, 0 if result.team is None else result.points[result.team])
    prompt = (f"{contract}; seat {int(forehand)} is forehand and announces first. Each player's declaration is "
              "shown. Which team scores Weis, and how many Weis points (before the multiplier)? "
              "Answer (team, points), or (None, 0) if nobody scores.")
    position = {"hands": hands, "declarations": decls, "contract": contract, "forehand": forehand, "case": case}
    return prompt, position, answer, _contest_explanation(result, ruleset)


def _contest_explanation(result: Any, ruleset: Ruleset) -> str:
    contract: Contract = result.contract
    fh: Seat = result.forehand
    lines = [f"{contract}; the declarations in playing order from forehand seat {int(fh)} (W5):"]
    for k in range(4):
        seat = Seat((fh + k) % 4)
        lines.append(f"- seat {int(seat)} (team {seat % 2}): {result.declarations[seat].format()}")
    if result.team is None:
        lines.append("Nobody has a Weis: no team scores Weis points (W7). Answer: nobody, 0.")
        return "\n".join(lines)
    lines.append("The strongest single Weis of the table decides (W6: points, then number of cards, then rank"
                 + (", reversed in Undenufe" if contract == Contract.UNDENUFE else "")
                 + ", then a trump sequence, then the earlier player): " + result.reason + ".")
    team: Team = result.team
    total = result.points[team]
    lines.append(f"{_cap(team)} scores all the Weis of both its players (W7): "
                 f"{_team_sum(result.declarations, team)}; {team.other} scores none"
                 + _other_total(result, team.other) + ".")
    m = ruleset.multiplier(contract)
    lines.append(f"Answer: {team}, {total} points (recorded multiplied: {total} × {m} = {total * m}, W8).")
    return "\n".join(lines)


def _cap(team: Team) -> str:
    return str(team).capitalize()


def _team_sum(decls: Any, team: Team) -> str:
    """``'50 (seat 1) + 20 (seat 3) = 70'`` or ``'50 (seat 1)'``."""
    parts = [f"{decls[s].points} (seat {int(s)})" for s in team.seats if decls[s]]
    total = sum(decls[s].points for s in team.seats)
    return " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")


def _other_total(result: Any, team: Team) -> str:
    points = sum(result.declarations[s].points for s in team.seats)
    return f", although its own Weis add up to {points}" if points else ""


def _check_contest(ex: Exercise, response: Any) -> Feedback:
    pair = _as_pair(response, "Please answer with (team, points), e.g. (1, 70), or (None, 0) if nobody scores Weis.")
    team = _as_team(pair[0])
    points = _as_int(pair[1], "the Weis points")
    right_team, right_points = ex.answer
    decls = ex.position["declarations"]
    result = contest(decls, ex.position["contract"], ex.position["forehand"])
    reason = result.reason
    if team == right_team:
        text = ("Right: nobody has a Weis (W6)." if team is None
                else f"Right: {team} scores the Weis: {reason} (W6).")
    elif right_team is None:
        text = f"You said {team}, but nobody at the table has a Weis, so nobody scores (W6)."
    else:
        said = "nobody" if team is None else str(team)
        text = f"You said {said}, but {right_team} scores the Weis: {reason} (W6)."
    team_item = Item("team", team == right_team, text, "W6")
    if right_team is None:
        ptext = f"{_said(points, 0)}: without any Weis there are no Weis points (W7)."
    else:
        ptext = (f"{_said(points, right_points)}: {right_team} scores the Weis of both its players, "
                 f"{_team_sum(decls, right_team)}, and the other team none (W7).")
        if points != right_points:
            best = result.strongest
            if best is not None and points == best.points and right_points != best.points:
                ptext += " Not only the winning Weis counts: all the Weis of the winning team do."
    points_item = Item("points", points == right_points, ptext, "W7")
    items = (team_item, points_item)
    return Feedback(all(i.correct for i in items), items, _summary(items))


def _contest_text(ex: Exercise) -> str:
    p = ex.position
    lines = [f"Contract: {_contract_text(p['contract'], ex.ruleset)}; forehand: seat {int(p['forehand'])}"]
    for k in range(4):
        seat = Seat((p["forehand"] + k) % 4)
        lines.append(f"seat {int(seat)} (team {seat % 2}): {p['declarations'][seat].format()}")
    return "\n".join(lines)


def _contest_html(ex: Exercise) -> str:
    d, p = _display(), ex.position
    rows = [_row("Contract", html.escape(_contract_text(p["contract"], ex.ruleset))),
            _row("Forehand", f"seat {int(p['forehand'])}")]
    for k in range(4):
        seat = Seat((p["forehand"] + k) % 4)
        decl = p["declarations"][seat]
        cards = d.cards_html(p["hands"][seat]) + " " if p["hands"][seat] else ""
        rows.append(_row(f"Seat {int(seat)} (team {seat % 2})", cards + html.escape(decl.format())))
    return "".join(rows)


# ---------------------------------------------------------------------------------------------
# Topic: stoeck (S1, C3)


def _gen_stoeck(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    case = _weighted(rng, _STOECK_WEIGHTS)
    suit = rng.randrange(4)
    kq = CardSet([Card.make(suit, Rank.QUEEN), Card.make(suit, Rank.KING)])
    if case == "no-trump":
        contract = rng.choice((Contract.OBENABE, Contract.UNDENUFE))
        hand = _fill(rng, kq)
    elif case == "other-suit":
        trump = rng.choice([s for s in range(4) if s != suit])
        contract = Contract(trump)
        hand = _fill(rng, kq, avoid=stoeck_cards(contract).mask)
    else:
        contract = Contract(suit)
        if case == "stoeck":
            hand = _fill(rng, kq)
        elif case == "stoeck-in-weis":
            low = rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN))
            run = _sequence(suit, low, 3 if low == Rank.QUEEN else rng.choice((3, 4)) if low == Rank.JACK else 3)
            hand = _fill(rng, run | kq)
        else:  # one-only
            held, missing = rng.sample(list(kq), 2)
            hand = _fill(rng, CardSet([held]), avoid=missing.mask)
    m = ruleset.multiplier(contract)
    answer = STOECK_POINTS * m if has_stoeck(hand, contract) else 0
    prompt = (f"{contract}. This is your hand at the start of the hand. How many Stöck points do you score "
              "(after the multiplier)? Answer 0 if you have no Stöck.")
    position = {"hand": hand, "contract": contract, "case": case}
    return prompt, position, answer, _stoeck_reason(hand, contract, ruleset) + f" Answer: {answer}."


def _stoeck_reason(hand: CardSet, contract: Contract, ruleset: Ruleset) -> str:
    m = ruleset.multiplier(contract)
    if contract.trump is None:
        pairs = [s for s in Suit if Card.make(s, Rank.QUEEN) in hand and Card.make(s, Rank.KING) in hand]
        held = f" even though you hold {_and([f'Q{s} and K{s}' for s in pairs])}" if pairs else ""
        return f"{contract} has no trump, so there is no Stöck{held} (S1): 0 points."
    trump = contract.trump
    q, k = Card.make(trump, Rank.QUEEN), Card.make(trump, Rank.KING)
    if has_stoeck(hand, contract):
        extra = ""
        for w in best_declaration(hand, contract, ruleset).weis:
            if q in w.cards and k in w.cards:
                extra = f" That they also belong to your {w.label} does not matter: both count (S1)."
        return (f"Trump is {trump} and you hold {q} and {k}: Stöck, {STOECK_POINTS} × {m} "
                f"({contract} ×{m}, C3) = {STOECK_POINTS * m} points (S1).{extra}")
    if q in hand or k in hand:
        have, lack = (q, k) if q in hand else (k, q)
        return f"Trump is {trump}: you hold {have} but not {lack}, so no Stöck (S1): 0 points."
    pairs = [s for s in Suit if Card.make(s, Rank.QUEEN) in hand and Card.make(s, Rank.KING) in hand]
    if pairs:
        return (f"Trump is {trump}: Stöck is the trump Q and K only; Q and K of {_and([str(s) for s in pairs])} "
                "do not count (S1): 0 points.")
    return f"Trump is {trump} and you hold neither {q} nor {k}: no Stöck (S1), 0 points."


def _check_stoeck(ex: Exercise, response: Any) -> Feedback:
    given = _as_int(response, "the Stöck points")
    right = ex.answer
    hand, contract = ex.position["hand"], ex.position["contract"]
    text = f"{_said(given, right)}: " + _stoeck_reason(hand, contract, ex.ruleset)
    m = ex.ruleset.multiplier(contract)
    if given != right and right and given == STOECK_POINTS and m > 1:
        text += f" Stöck is multiplied like everything else in {contract} (×{m}, C3)."
    item = Item("points", given == right, text, "S1")
    return Feedback(item.correct, (item,), _summary((item,)))


# ---------------------------------------------------------------------------------------------
# Topic: score (H1, H2, O7, C3)


_WEIS_VALUES = (20, 20, 40, 50, 50, 70, 100, 100, 120, 150, 200)


def _gen_score(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    case = _weighted(rng, _SCORE_WEIGHTS)
    if case == "no-trump":
        contract = rng.choice((Contract.OBENABE, Contract.UNDENUFE))
    elif case in ("stoeck", "weis-and-stoeck"):
        contract = Contract(rng.randrange(4))
    else:
        contract = Contract(rng.randrange(6))
    if case == "match":
        team = Team(rng.randrange(2))
        card_points = (152, 0) if team == Team.T0 else (0, 152)
        tricks = (9, 0) if team == Team.T0 else (0, 9)
        last = team
    else:
        r = _random_round(rng, ruleset)
        r.choose(contract)
        while not r.done:
            r.play(rng.choice(list(r.legal_cards())))
        s = r.score()
        card_points, tricks, last = s.card_points, s.tricks, s.last_trick  # type: ignore[assignment]
        assert last is not None
    weis = (0, 0)
    if case in ("weis", "weis-and-stoeck") or (case in ("match", "no-trump") and rng.random() < 0.5):
        w = rng.choice(_WEIS_VALUES)
        weis = (w, 0) if rng.random() < 0.5 else (0, w)
    stoeck = (0, 0)
    if contract.has_trump and (case in ("stoeck", "weis-and-stoeck") or (case == "match" and rng.random() < 0.4)):
        stoeck = (STOECK_POINTS, 0) if rng.random() < 0.5 else (0, STOECK_POINTS)
    score = hand_score(card_points, tricks, last, contract, ruleset, weis, stoeck)
    prompt = (f"{contract}. The hand is over: score it. What does each team score for this hand "
              "(after the multiplier)? Answer (team 0, team 1).")
    position = {"contract": contract, "card_points": card_points, "tricks": tricks, "last_trick": last,
                "weis": weis, "stoeck": stoeck, "case": case}
    lines = [f"{contract} ×{score.multiplier} ({ruleset.name} rules, C3)."]
    lines += [_score_line(position, ruleset, t) for t in (0, 1)]
    lines.append(f"Answer: ({score.total[0]}, {score.total[1]}).")
    return prompt, position, score.total, "\n".join(lines)


def _score_line(p: Mapping[str, Any], ruleset: Ruleset, t: int) -> str:
    score = hand_score(p["card_points"], p["tricks"], p["last_trick"], p["contract"], ruleset, p["weis"], p["stoeck"])
    m = score.multiplier
    parts = [f"{p['card_points'][t]} card points"]
    if p["last_trick"] == t:
        parts.append(f"{LAST_TRICK_BONUS} for the last trick")
    if p["tricks"][t] == 9:
        parts.append(f"{MATCH_BONUS} for the match")
    tp = score.trick_points[t]
    first = " + ".join(parts) + f" = {tp} trick points (H1, O7)" if len(parts) > 1 else f"{tp} trick points (H1)"
    sum_parts = [f"{tp}"]
    if p["weis"][t]:
        sum_parts.append(f"{p['weis'][t]} Weis")
    if p["stoeck"][t]:
        sum_parts.append(f"{p['stoeck'][t]} Stöck")
    inner = " + ".join(sum_parts)
    body = f"({inner}) × {m}" if len(sum_parts) > 1 else f"{inner} × {m}"
    return f"team {t}: {first}; {body} = {score.total[t]} (H2)."


def _check_score(ex: Exercise, response: Any) -> Feedback:
    pair = _as_pair(response, "Please answer with both teams' scores, (team 0, team 1), e.g. (240, 114).")
    given = (_as_int(pair[0], "team 0's score"), _as_int(pair[1], "team 1's score"))
    p = ex.position
    score = hand_score(p["card_points"], p["tricks"], p["last_trick"], p["contract"], ex.ruleset, p["weis"],
                       p["stoeck"])
    items = []
    for t in (0, 1):
        right = score.total[t]
        text = f"{_said(given[t], right)}: " + _score_line(p, ex.ruleset, t).removeprefix(f"team {t}: ")
        if given[t] != right:
            text += _score_hint(given[t], p, score, t)
        items.append(Item(f"team {t}", given[t] == right, f"Team {t}: {text}", "H2"))
    return Feedback(all(i.correct for i in items), tuple(items), _summary(items, "scores"))


def _score_hint(given: int, p: Mapping[str, Any], score: Any, t: int) -> str:
    m = score.multiplier
    tp, w, s = score.trick_points[t], p["weis"][t], p["stoeck"][t]
    if m > 1 and given == tp + w + s:
        return f" Did you forget the multiplier? Everything is multiplied by {m} (C3, H2)."
    if m > 1 and (w or s) and given == tp * m + w + s:
        return " Weis and Stöck are multiplied too (H2)."
    if p["last_trick"] == t and given == (tp - LAST_TRICK_BONUS + w + s) * m:
        return " Did you forget the 5 points for the last trick (O7)?"
    if p["tricks"][t] == 9 and given == (tp - MATCH_BONUS + w + s) * m:
        return " Did you forget the 100 points for the match (O7)?"
    if (w or s) and given == tp * m:
        return " Weis and Stöck belong to the hand's score too (H2)."
    return ""


def _score_text(ex: Exercise) -> str:
    p = ex.position
    return "\n".join([
        f"Contract: {_contract_text(p['contract'], ex.ruleset)}",
        f"Card points captured: team 0 {p['card_points'][0]}, team 1 {p['card_points'][1]}",
        f"Tricks won: team 0 {p['tricks'][0]}, team 1 {p['tricks'][1]}",
        f"Last trick won by: team {int(p['last_trick'])}",
        f"Weis (before the multiplier): team 0 {p['weis'][0]}, team 1 {p['weis'][1]}",
        f"Stöck (before the multiplier): team 0 {p['stoeck'][0]}, team 1 {p['stoeck'][1]}",
    ])


def _table_html(header: tuple[str, str, str], rows: list[tuple[str, Any, Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        f"<tr><th style='text-align:left'>{html.escape(label)}</th><td>{html.escape(str(a))}</td>"
        f"<td>{html.escape(str(b))}</td></tr>"
        for label, a, b in rows
    )
    return f'<table class="jass-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _score_html(ex: Exercise) -> str:
    p = ex.position
    last = p["last_trick"]
    rows = [
        ("Card points captured", p["card_points"][0], p["card_points"][1]),
        ("Tricks won", p["tricks"][0], p["tricks"][1]),
        ("Last trick", "yes" if last == 0 else "", "yes" if last == 1 else ""),
        ("Weis (before ×)", p["weis"][0], p["weis"][1]),
        ("Stöck (before ×)", p["stoeck"][0], p["stoeck"][1]),
    ]
    return (_row("Contract", html.escape(_contract_text(p["contract"], ex.ruleset)))
            + _table_html(("", "team 0", "team 1"), rows))


# ---------------------------------------------------------------------------------------------
# Topic: claim (G1, G3)


_CATEGORY_WORDS = {"stoeck": "Stöck", "weis": "Weis", "stich": "trick points (Stich)"}


def _claim_case(recorded: tuple[int, int], additions: Mapping[str, tuple[int, int]], target: int,
                priority: tuple[str, ...]) -> str:
    result = race(recorded, additions, target, priority)
    final = tuple(recorded[t] + sum(additions[c][t] for c in priority) for t in (0, 1))
    if result.winner is None:
        return "nobody" if result.category is None else "tie"
    # reject the case where both teams reach within one category (it arises only when a whole hand is added)
    at = priority.index(result.category)  # type: ignore[arg-type]
    before = [recorded[t] + sum(additions[c][t] for c in priority[:at]) for t in (0, 1)]
    after = [before[t] + additions[priority[at]][t] for t in (0, 1)]
    if all(after[t] >= target for t in (0, 1)):
        return "same-category"
    loser = result.winner.other
    # priority matters when the loser reaches the target too, with a higher final total
    loser_reaches = final[loser] >= target and final[loser] > final[result.winner]
    if result.category == "stoeck" and loser_reaches:
        return "stoeck-first"
    if additions["stoeck"][loser] and loser_reaches and result.category in ("weis", "stich"):
        return "stoeck-short"
    if result.category == "weis" and loser_reaches:
        return "weis-before-stich"
    if result.category == "stich" and final[loser] < target:
        return "stich"
    return "other"


def _gen_claim(rng: random.Random, ruleset: Ruleset, number: int) -> _Draft:
    case = _weighted(rng, _CLAIM_WEIGHTS)
    target = ruleset.target
    priority = tuple(ruleset.claim_priority)
    for _ in range(20 * _MAX_TRIES):
        contract = Contract(rng.randrange(6))
        m = ruleset.multiplier(contract)
        stoeck = (0, 0)
        want_stoeck = case in ("stoeck-first", "stoeck-short") or rng.random() < 0.3
        if contract.has_trump and want_stoeck:
            stoeck = (STOECK_POINTS * m, 0) if rng.random() < 0.5 else (0, STOECK_POINTS * m)
        weis = (0, 0)
        if case == "weis-before-stich" or rng.random() < 0.55:
            w = rng.choice(_WEIS_VALUES) * m
            weis = (w, 0) if rng.random() < 0.5 else (0, w)
        if rng.random() < 0.05:
            stich = (257 * m, 0) if rng.random() < 0.5 else (0, 257 * m)
        else:
            a = rng.randint(12, 145)
            stich = (a * m, (157 - a) * m)
        additions = {"stoeck": stoeck, "weis": weis, "stich": stich}
        gains = [sum(additions[c][t] for c in priority) for t in (0, 1)]
        if case == "nobody":
            recorded = tuple(max(0, target - gains[t] - rng.randint(1, 60)) for t in (0, 1))
        else:
            recorded = tuple(max(0, target - rng.randint(1, gains[t] + 40)) for t in (0, 1))
        if _claim_case(recorded, additions, target, priority) == case:  # type: ignore[arg-type]
            break
    else:  # pragma: no cover
        raise RuntimeError(f"no claim of the case {case!r} found")
    result = race(recorded, additions, target, priority)
    prompt = (f"Target {target}. This hand ({contract} ×{ruleset.multiplier(contract)}) brings the points shown, "
              "already multiplied. Which team wins the game? Answer 0, 1, or None if nobody reaches the target "
              "yet.")
    position = {"recorded": recorded, "additions": additions, "target": target, "contract": contract, "case": case}
    return prompt, position, result.winner, _claim_walk(recorded, additions, target, priority)


def _claim_walk(recorded: tuple[int, int], additions: Mapping[str, tuple[int, int]], target: int,
                priority: tuple[str, ...]) -> str:
    order = "–".join(_CATEGORY_WORDS[c].split(" ")[0] if c != "stich" else "Stich" for c in priority)
    lines = [f"Target {target} (G1). Before this hand: team 0 {recorded[0]}, team 1 {recorded[1]}.",
             f"The points count in the order {order} (G3); the first team to reach {target} wins."]
    totals = list(recorded)
    winner: Team | None = None
    for step, category in enumerate(priority, 1):
        add = additions.get(category, (0, 0))
        before = list(totals)
        totals = [totals[0] + add[0], totals[1] + add[1]]
        moves = "; ".join(f"team {t} +{add[t]} → {totals[t]}" for t in (0, 1))
        if winner is not None:
            lines.append(f"{step}. {_CATEGORY_WORDS[category]}: {moves} (too late: the game is already over).")
            continue
        reached = [t for t in (0, 1) if totals[t] >= target]
        if not reached:
            lines.append(f"{step}. {_CATEGORY_WORDS[category]}: {moves}. Nobody has {target} yet.")
        elif len(reached) == 1:
            winner = Team(reached[0])
            lines.append(f"{step}. {_CATEGORY_WORDS[category]}: {moves}. {_cap(winner)} reaches {target} first "
                         f"and wins the game (G3).")
        else:
            result = race(recorded, additions, target, priority)
            winner = result.winner
            lines.append(f"{step}. {_CATEGORY_WORDS[category]}: {moves}. Both teams reach {target} here, from "
                         f"{before[0]} and {before[1]}; the higher total wins"
                         + (f": {winner}." if winner is not None else ": a tie."))
    if winner is None:
        lines.append(f"Nobody reaches {target}: the game goes on (answer None).")
    else:
        loser = winner.other
        if totals[loser] >= totals[winner]:
            lines.append(f"{_cap(loser)} ends the hand with {totals[loser]}, more than {totals[winner]}, but the order "
                         "decides, not the final total (G3).")
        lines.append(f"Answer: {winner}.")
    return "\n".join(lines)


def _check_claim(ex: Exercise, response: Any) -> Feedback:
    team = _as_team(response)
    right = ex.answer
    p = ex.position
    walk = _claim_walk(p["recorded"], p["additions"], p["target"], tuple(ex.ruleset.claim_priority))
    steps = " ".join(line for line in walk.splitlines()[2:] if not line.startswith("Answer"))
    said = "nobody" if team is None else str(team)
    right_words = "nobody reaches the target" if right is None else f"{right} wins"
    if team == right:
        text = f"Right, {right_words}: Stöck, then Weis, then the trick points (G3). {steps}"
    else:
        text = f"You said {said}, but {right_words}: Stöck, then Weis, then the trick points (G3). {steps}"
    item = Item("team", team == right, text, "G3")
    return Feedback(item.correct, (item,), _summary((item,)))


def _claim_text(ex: Exercise) -> str:
    p = ex.position
    add = p["additions"]
    return "\n".join([
        f"Target: {p['target']}; contract {_contract_text(p['contract'], ex.ruleset)}",
        f"Recorded before this hand: team 0 {p['recorded'][0]}, team 1 {p['recorded'][1]}",
        f"This hand adds (multiplied): Stöck {add['stoeck'][0]} / {add['stoeck'][1]}, "
        f"Weis {add['weis'][0]} / {add['weis'][1]}, tricks {add['stich'][0]} / {add['stich'][1]} (team 0 / team 1)",
    ])


def _claim_html(ex: Exercise) -> str:
    p = ex.position
    add = p["additions"]
    rows = [
        ("Recorded before this hand", p["recorded"][0], p["recorded"][1]),
        ("Stöck (multiplied)", add["stoeck"][0], add["stoeck"][1]),
        ("Weis (multiplied)", add["weis"][0], add["weis"][1]),
        ("Trick points (multiplied)", add["stich"][0], add["stich"][1]),
    ]
    return (_row("Target", str(p["target"]))
            + _row("Contract", html.escape(_contract_text(p["contract"], ex.ruleset)))
            + _table_html(("", "team 0", "team 1"), rows))


# ---------------------------------------------------------------------------------------------
# Dispatch tables

_GENERATORS: dict[str, Callable[[random.Random, Ruleset, int], _Draft]] = {
    "legal": _gen_legal,
    "trick": _gen_trick,
    "weis": _gen_weis,
    "contest": _gen_contest,
    "stoeck": _gen_stoeck,
    "score": _gen_score,
    "claim": _gen_claim,
}
_CHECKERS: dict[str, Callable[[Exercise, Any], Feedback]] = {
    "legal": _check_legal,
    "trick": _check_trick,
    "weis": _check_weis,
    "contest": _check_contest,
    "stoeck": _check_stoeck,
    "score": _check_score,
    "claim": _check_claim,
}
_POSITION_TEXT: dict[str, Callable[[Exercise], str]] = {
    "legal": _legal_text,
    "trick": _trick_text,
    "weis": _hand_text,
    "contest": _contest_text,
    "stoeck": _hand_text,
    "score": _score_text,
    "claim": _claim_text,
}
_POSITION_HTML: dict[str, Callable[[Exercise], str]] = {
    "legal": _legal_html,
    "trick": _trick_html,
    "weis": _hand_html,
    "contest": _contest_html,
    "stoeck": _hand_html,
    "score": _score_html,
    "claim": _claim_html,
}


def _team_words(team: Team | None) -> str:
    return "nobody" if team is None else str(team)


_ANSWER_TEXT: dict[str, Callable[[Any], str]] = {
    "cards": lambda a: str(a),
    "seat+points": lambda a: f"seat {int(a[0])}, {a[1]} points",
    "points": lambda a: f"{a} points",
    "team+points": lambda a: f"{_team_words(a[0])}, {a[1]} points",
    "points+points": lambda a: f"team 0: {a[0]}, team 1: {a[1]}",
    "team": _team_words,
}
