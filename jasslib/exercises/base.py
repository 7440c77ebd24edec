"""What every exercise topic shares: :class:`Exercise`, :class:`Feedback`, the :class:`Topic` record,
the answer readers and small helpers.

A topic is one :class:`Topic` value: its generator draws a position for a teaching case, its checker
judges a response item by item, and its renderers show the position as text and, through
:mod:`jasslib.display`, as HTML in any card style.  The registry's store is here too (:func:`register`,
:func:`get_topic`, :func:`topics`), so that an :class:`Exercise` finds its topic by name;
:mod:`jasslib.exercises.registry` registers the course's topics.  Nothing here states
a rule of the game: the topics call layer 2 (:mod:`jasslib.play`, :mod:`jasslib.weis`,
:mod:`jasslib.scoring`).

>>> _as_int(" 45 points", "the points"), _as_team("nobody"), _as_seat("seat 2")
(45, None, Seat.S2)
>>> _as_int("lots", "the points")
Traceback (most recent call last):
...
jasslib.exercises.base.Malformed: Please give the points as a whole number such as 45, not 'lots'.
"""

from __future__ import annotations

import html
import numbers
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import _check, display
from ..cards import Card, CardSet, Rank, Suit, restyle
from ..contracts import Contract
from ..errors import ArgumentError, JassError, excerpt
from ..round import Round
from ..rulesets import Ruleset
from ..seats import Seat, Team
from ..weis import Declaration, Weis, four_points

__all__ = [
    "ANSWER_KINDS",
    "MAX_TRIES",
    "Draft",
    "Item",
    "Feedback",
    "Malformed",
    "Topic",
    "Exercise",
    "register",
    "unregister",
    "get_topic",
    "topics",
    "topic_names",
]

MAX_TRIES = 5000
"""How many random deals a generator tries before it gives up on a teaching case (it never has to)."""


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

    def restyled(self, style: str) -> Feedback:
        """The same verdict with its words naming the cards in ``style`` (:func:`jasslib.cards.restyle`).

        >>> fb = Feedback(False, (Item("6♦", False, "6♦ may not be played (P3).", "P3"),), "Not right.")
        >>> fb.restyled("swiss").items[0].message, fb.restyled("swiss").items[0].key
        ('Schellen 6 may not be played (P3).', '6♦')
        """
        items = tuple(Item(i.key, i.correct, restyle(i.message, style), i.rule) for i in self.items)
        return Feedback(self.correct, items, restyle(self.summary, style))

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


class Malformed(Exception):
    """A response that cannot be read; the message asks for the expected form.

    A checker raises it (through the answer readers below); :meth:`Exercise.check` turns it into a
    :class:`Feedback`, so a malformed response never raises.
    """


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


def _verdict(items: Iterable[Item], noun: str = "parts") -> Feedback:
    """The Feedback of ``items``: right when every item is, with the usual summary."""
    items = tuple(items)
    return Feedback(all(i.correct for i in items), items, _summary(items, noun))


# ---------------------------------------------------------------------------------------------
# How answers are given


def _team_words(team: Team | None) -> str:
    return "nobody" if team is None else str(team)


ANSWER_KINDS: dict[str, Callable[[Any], str]] = {
    "cards": lambda a: str(a),
    "seat+points": lambda a: f"seat {int(a[0])}, {a[1]} points",
    "points": lambda a: f"{a} points",
    "team+points": lambda a: f"{_team_words(a[0])}, {a[1]} points",
    "points+points": lambda a: f"team 0: {a[0]}, team 1: {a[1]}",
    "team": _team_words,
    "seat": lambda a: f"seat {int(a)}",
    "number": lambda a: str(a),
    "choice": lambda a: str(a),
}
"""The ways an exercise is answered (``Exercise.kind``), each with its answer in words.

``cards``: a CardSet; ``seat+points``: (Seat, int); ``points``: int; ``team+points``: (Team or None,
int); ``points+points``: (team 0, team 1); ``team``: a Team or None; ``seat``: a Seat; ``number``: a
whole number that is not points (a trick's number, games won), named by the topic's
:attr:`Topic.answer_label`; ``choice``: one of ``position["options"]`` (cards of the hand, or words such as a
contract or ``"schieben"``), the learner picks one.  The trainers and worksheets have one control (or blank)
per kind, so a new topic picks one of these."""


# ---------------------------------------------------------------------------------------------
# The topic record


class Draft(NamedTuple):
    """What a topic's generator returns: the exercise without its series coordinates."""

    prompt: str
    position: dict[str, Any]
    answer: Any
    explanation: str


_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_RULE_ID = re.compile(r"[A-Z][0-9]+\Z")


@dataclass(frozen=True)
class Topic:
    """One exercise topic: everything the exercises, trainers and worksheets need to know about it.

    A topic lives in one module of :mod:`jasslib.exercises` that defines ``TOPIC = Topic(...)``;
    the registry (:mod:`jasslib.exercises.registry`) lists it, and everything else is derived.

    Attributes:
        name: the topic's id (``"legal"``), used in seeds and on the command line.
        title: a heading for worksheets and trainers (``"Which cards may you play?"``).
        kind: how it is answered, one of :data:`ANSWER_KINDS`.
        rules: the rule ids it drills (``("P1", "P2", ...)``).
        cases: the teaching cases and their weights: each exercise draws one (``position["case"]``).
        generate: ``(rng, ruleset, case) -> Draft``; depends only on its arguments.
        check: ``(exercise, response) -> Feedback``; raises :class:`Malformed` for an unreadable
            response (never anything else).
        text: ``(exercise) -> str``, the position as plain text (French symbols), one fact a line.
        html: ``(exercise, style) -> str``, the position as HTML, drawn by :mod:`jasslib.display`.
        instructions: one line for the top of a worksheet (what to write in the blanks).
        first_cases: the cases exercise 0 of a series draws from (what a trainer shows first); empty
            for all of :attr:`cases`.
        sheet_html: ``(exercise, style) -> str``, the position where the answer area shows part of it,
            when it differs from :attr:`html` (the ``legal`` hand is left out: a worksheet's tick boxes and
            a trainer's clickable cards show it), or None.
        hint: ``(exercise) -> str``, a hint shown before the solution: it names the deciding rule or
            points at the card or Weis that matters, never the answer; None for a generic hint naming
            :attr:`rules`.
        levels: the teaching cases by level, easiest first (``(("leading", ...), ("lone-puur", ...))``);
            together they hold every case.  Empty: one level of all the cases.  An exercise drawn
            without a level (the default) draws from all the cases, as the series always did.
        answer_label: what the answer is called on the trainer's field and the worksheet's blank
            (``"Trick"``, ``"Games"``); used by the kind ``number``.

    >>> from jasslib.exercises import get_topic
    >>> t = get_topic("stoeck")
    >>> t.kind, t.rules, list(t.cases)[:2]
    ('points', ('S1', 'C3'), ['stoeck', 'stoeck-in-weis'])
    >>> t.draw_case(random.Random(1), 0) in t.cases
    True
    >>> t.level_count, t.level_cases(1)
    (3, ('stoeck', 'one-only'))
    >>> t.draw_case(random.Random(1), 0, level=1) in t.level_cases(1)
    True
    """

    name: str
    title: str
    kind: str
    rules: tuple[str, ...]
    cases: Mapping[str, int] = field(hash=False)
    generate: Callable[[random.Random, Ruleset, str], Draft]
    check: Callable[[Exercise, Any], Feedback]
    text: Callable[[Exercise], str]
    html: Callable[[Exercise, str], str]
    instructions: str
    first_cases: tuple[str, ...] = ()
    sheet_html: Callable[[Exercise, str], str] | None = None
    hint: Callable[[Exercise], str] | None = None
    levels: tuple[tuple[str, ...], ...] = ()
    answer_label: str = "Answer"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise ArgumentError(f"a topic's name is a lower-case word such as 'legal', got {excerpt(self.name)}")
        if self.kind not in ANSWER_KINDS:
            raise ArgumentError(f"topic {excerpt(self.name)}: unknown kind {excerpt(self.kind)}: expected one of "
                             f"{', '.join(ANSWER_KINDS)}")
        bad_rules = [r for r in self.rules if not isinstance(r, str) or not _RULE_ID.match(r)]
        if not self.rules or bad_rules:
            raise ArgumentError(f"topic {excerpt(self.name)}: rules are rule ids such as 'P4', "
                                f"got {excerpt(self.rules)}")
        weights = dict(self.cases)
        if not weights or any(isinstance(w, bool) or not isinstance(w, int) or w <= 0 for w in weights.values()):
            raise ArgumentError(f"topic {excerpt(self.name)}: cases map each teaching case to a positive whole weight, "
                             f"got {excerpt(weights)}")
        unknown = [c for c in self.first_cases if c not in weights]
        if unknown:
            raise ArgumentError(f"topic {excerpt(self.name)}: first_cases {unknown} are not among its cases")
        if self.levels:
            levelled = [c for level in self.levels for c in level]
            if any(not level for level in self.levels) or sorted(levelled) != sorted(weights):
                raise ArgumentError(f"topic {excerpt(self.name)}: levels must hold every case exactly once, "
                                    "none empty; "
                                 f"got {excerpt(self.levels)} for the cases {list(weights)}")

    @property
    def level_count(self) -> int:
        """How many levels the topic has (1 when :attr:`levels` is empty)."""
        return len(self.levels) or 1

    def level_cases(self, level: int | None) -> tuple[str, ...]:
        """The cases of ``level`` (1 = easiest); every case for ``None``.  A ValueError for a level it lacks."""
        if level is None:
            return tuple(self.cases)
        if not _check.is_whole(level) or not 1 <= level <= self.level_count:
            raise ArgumentError(f"topic {excerpt(self.name)} has levels 1 to {self.level_count} (or None for all), "
                                f"got {excerpt(level)}")
        return self.levels[level - 1] if self.levels else tuple(self.cases)

    def draw_case(self, rng: random.Random, number: int, level: int | None = None) -> str:
        """The teaching case of exercise ``number``, drawn by weight (exercise 0 from :attr:`first_cases`).

        With a ``level``, only that level's cases are drawn (exercise 0 from those of them that are
        first cases, if any); without one (the default) every case, exactly as before levels existed.
        """
        if level is None:
            allowed = self.first_cases if number == 0 and self.first_cases else tuple(self.cases)
        else:
            allowed = self.level_cases(level)
            first = tuple(c for c in allowed if c in self.first_cases)
            if number == 0 and first:
                allowed = first
        names = [c for c in self.cases if c in allowed]
        return rng.choices(names, weights=[self.cases[n] for n in names])[0]


# ---------------------------------------------------------------------------------------------
# The exercise


# The registry's store: topics by name, in the order registered (jasslib/exercises/registry.py fills it
# with the course's topics).  It lives here so that an Exercise finds its topic without importing the
# topic modules, which import this one.

_REGISTRY: dict[str, Topic] = {}


def register(topic: Topic) -> Topic:
    """Add ``topic`` after the topics already registered; return it.

    Raises ValueError when it is not a :class:`Topic` or its name is taken.
    """
    if not isinstance(topic, Topic):
        raise ArgumentError(f"register a Topic, not {type(topic).__name__}")
    if topic.name in _REGISTRY:
        raise ArgumentError(f"a topic named {excerpt(topic.name)} is already registered")
    _REGISTRY[topic.name] = topic
    return topic


def unregister(name: str) -> Topic:
    """Remove the topic ``name`` (e.g. a teacher's own, after use); return it."""
    topic = get_topic(name)
    del _REGISTRY[name]
    return topic


def get_topic(name: str) -> Topic:
    """The registered topic ``name``; a ValueError naming the topics if there is none."""
    topic = _REGISTRY.get(name) if isinstance(name, str) else None
    if topic is None:
        raise ArgumentError(f"unknown topic {excerpt(name)}: expected one of {', '.join(_REGISTRY)}")
    return topic


def topics() -> tuple[Topic, ...]:
    """Every registered topic, in course order (then in the order registered)."""
    return tuple(_REGISTRY.values())


def topic_names() -> tuple[str, ...]:
    """The names of :func:`topics`."""
    return tuple(_REGISTRY)


@dataclass(frozen=True)
class Exercise:
    """One exercise: what to show, the answer, the explanation, and :meth:`check`.

    ``position`` holds jasslib values (CardSet, Card, Seat, Contract ...) under the keys listed in
    ``docs/exercises_api.md``, plus ``"case"``: the teaching case the generator drew
    (:data:`~jasslib.exercises.CASES`).  ``answer`` has the same form as a response.

    >>> from jasslib.exercises import exercise
    >>> ex = exercise("weis", seed=3, number=1)
    >>> ex.check(ex.answer).summary
    'Right!'
    >>> ex.check(ex.answer + 20).correct, ex.check(None).correct, ex.check("abc").correct
    (False, False, False)
    >>> ex.solution() == ex.explanation
    True
    >>> "Rosen" in exercise("stoeck", 1).position_html(style="swiss")
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
    level: int | None = None
    """The level it was drawn at (:meth:`Topic.level_cases`), or None: drawn from every case."""

    def check(self, response: Any, style: str = "french") -> Feedback:
        """Judge ``response`` (same form as :attr:`answer`); never raises for a wrong or malformed one.

        ``style``: the card style the feedback's words name the cards in (:data:`jasslib.cards.STYLES`).
        """
        try:
            feedback = get_topic(self.topic).check(self, response)
        except Malformed as exc:
            feedback = _malformed(str(exc))
        return feedback if style == "french" else feedback.restyled(style)

    def solution(self, style: str = "french") -> str:
        """The full solution in words with rule ids (= :attr:`explanation`), the cards named in ``style``.

        >>> from jasslib.exercises import exercise
        >>> "♦" in exercise("legal", 2).solution(), "♦" in exercise("legal", 2).solution("swiss")
        (True, False)
        """
        return restyle(self.explanation, style)

    def prompt_text(self, style: str = "french") -> str:
        """The question (:attr:`prompt`), the cards named in ``style``."""
        return restyle(self.prompt, style)

    def hint(self, style: str = "french") -> str:
        """A hint before the solution: the deciding rule, or the card or Weis to look at; never the answer.

        >>> from jasslib.exercises import exercise
        >>> ex = exercise("legal", seed=1)
        >>> "P" in ex.hint() and str(ex.answer) not in ex.hint()
        True
        """
        record = get_topic(self.topic)
        if record.hint is not None:
            return restyle(record.hint(self), style)
        return f"Think of the rules {_and(list(record.rules))}."

    @property
    def case(self) -> str:
        """The teaching case the position was drawn for (``position["case"]``, or ``''``)."""
        return str(self.position.get("case", ""))

    @property
    def title(self) -> str:
        """``'Exercise 3'`` (numbered from 1 for people; :attr:`number` is 0-based)."""
        return f"Exercise {self.number + 1}"

    def answer_text(self, style: str = "french") -> str:
        """The answer in words, e.g. ``'8♣ J♥'``, ``'seat 2, 45 points'``, ``'team 1'`` (cards in ``style``)."""
        return restyle(ANSWER_KINDS[self.kind](self.answer), style)

    def position_text(self, style: str = "french") -> str:
        """The position as plain text (French card symbols, or ``style``), one fact per line."""
        return restyle(get_topic(self.topic).text(self), style)

    def position_html(self, style: str = "french") -> str:
        """The position as HTML, cards drawn by :mod:`jasslib.display` in ``style`` (french, swiss ...)."""
        return get_topic(self.topic).html(self, style)

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
        >>> from jasslib.exercises import exercise
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
            "level": self.level,
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
# Answer readers: a response in any reasonable form, or Malformed with what to write instead


def _as_int(value: Any, what: str) -> int:
    """A whole number from an int, an integral float or its text; else :class:`Malformed`."""
    if isinstance(value, bool):
        raise Malformed(f"Please give {what} as a whole number, not {value!r}.")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().replace("'", "").replace("’", "")
        for word in ("points", "point", "pts"):
            if text.lower().endswith(word):
                text = text[: -len(word)].strip()
        if re.fullmatch(r"[+-]?[0-9]+", text):  # ASCII digits: '²'.isdigit() is True, and int('²') fails
            return int(text)
    raise Malformed(f"Please give {what} as a whole number such as 45, not {value!r}.")


def _as_pair(value: Any, message: str) -> tuple[Any, Any]:
    """Two parts of a response (a tuple or list of two); else :class:`Malformed` with ``message``."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise Malformed(message)
    items = list(value)
    if len(items) != 2:
        raise Malformed(message)
    return items[0], items[1]


def _as_seat(value: Any, what: str = "the winning seat") -> Seat:
    """A seat from a Seat, 0..3 or ``"seat 2"``; ``what`` names it in the message for anything else."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4 and not isinstance(value, Team):
        return Seat(value)
    if isinstance(value, str):
        text = value.strip().lower().removeprefix("seat").strip()
        if text in ("0", "1", "2", "3"):
            return Seat(int(text))
    raise Malformed(f"Please name {what} as 0, 1, 2 or 3, not {value!r}.")


_NOBODY = ("none", "nobody", "no one", "noone", "neither", "-", "")


def _as_team(value: Any, nobody: bool = True) -> Team | None:
    """A team from a Team, 0/1 or ``"team 1"``; with ``nobody``, None (or ``"nobody"``) for no team."""
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
    raise Malformed(f"Please name a team as 0 (seats 0 and 2) or 1 (seats 1 and 3){extra}; got {value!r}.")


def _parse_cards(response: Any, hand: CardSet) -> CardSet:
    """The cards a learner marked: a CardSet, card text, a list of card-likes or {card: bool}."""
    ask = ("Please mark the cards you may play, as a list of cards such as ['7♥', '8♣'] "
           "(an empty list if you think none is legal).")
    if response is None:
        raise Malformed(ask)
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
                    raise Malformed(f"{ask} {item!r} is not a card.")
                marked = marked.add(Card.parse(item))
        else:
            raise Malformed(f"{ask} {response!r} is not a list of cards.")
    except JassError as exc:
        raise Malformed(f"{ask} ({exc})") from None
    except TypeError:
        raise Malformed(ask) from None
    extra = marked - hand
    if extra:
        raise Malformed(f"Please mark only cards you hold: {extra} is not in your hand ({hand}).")
    return marked


# ---------------------------------------------------------------------------------------------
# Words


def _contract_text(contract: Contract, ruleset: Ruleset) -> str:
    """``'♥ trump (×2)'``: the contract with its multiplier (C3), as the text renderers show it."""
    return f"{contract} (×{ruleset.multiplier(contract)})"


def _plays_text(plays: Iterable[tuple[Seat, Card]]) -> str:
    return ", ".join(f"seat {int(s)} {c}" for s, c in plays)


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _cap(team: Team) -> str:
    return str(team).capitalize()


def _said(given: int, right: int) -> str:
    return f"{given} is right" if given == right else f"You said {given}; the right answer is {right}"


def _hand_text(ex: Exercise) -> str:
    """The text of a position that is a contract and a hand (``weis``, ``stoeck``)."""
    p = ex.position
    return f"Contract: {_contract_text(p['contract'], ex.ruleset)}\nHand: {p['hand']}"


def _hand_html(ex: Exercise, style: str = "french") -> str:
    """The HTML of a position that is a contract and a hand (``weis``, ``stoeck``)."""
    p = ex.position
    return display.play_position_html(p["contract"], ruleset=ex.ruleset, style=style, hand=p["hand"])


# ---------------------------------------------------------------------------------------------
# Positions: real deals and planted hands


def _random_round(rng: random.Random, ruleset: Ruleset) -> Round:
    """A freshly dealt round (the deal and dealer drawn from ``rng``)."""
    return Round.deal(seed=rng.getrandbits(64), dealer=rng.randrange(4), ruleset=ruleset)


def _sequence(suit: int, low: int, length: int) -> CardSet:
    """``length`` cards of ``suit`` in a row from rank index ``low`` up."""
    return CardSet.from_mask(((1 << length) - 1) << (9 * suit + low))


def _four(rank: int) -> CardSet:
    """The four cards of ``rank``."""
    return CardSet(Card.make(s, rank) for s in range(4))


def _run_neighbours(cards: CardSet) -> int:
    """The mask of the cards that would lengthen a run of ``cards`` (kept out of a fill)."""
    mask = 0
    for suit in range(4):
        chunk = cards.mask >> (9 * suit) & 0x1FF
        if chunk:
            mask |= (((chunk << 1) | (chunk >> 1)) & 0x1FF & ~chunk) << (9 * suit)
    return mask


_WEIS_VALUES: tuple[int, ...] = (20, 20, 40, 50, 50, 70, 100, 100, 120, 150, four_points(Rank.JACK) or 0)
"""Weis totals the ``score`` and ``claim`` positions draw from (the common ones more often), up to four Jacks."""


def _fill(rng: random.Random, planted: CardSet, size: int = 9, avoid: int = 0) -> CardSet:
    """``planted`` plus random cards (none of mask ``avoid``) up to ``size`` cards."""
    pool = [c for c in Card if not (planted.mask | avoid) >> c & 1]
    extra = rng.sample(pool, size - len(planted))
    return planted | CardSet(extra)
