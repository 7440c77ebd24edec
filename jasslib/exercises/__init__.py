"""Exercises for the course: generators that pick positions to teach, and checking that explains why.

One module per topic (:data:`TOPICS`), each defining a :class:`Topic` record that the registry
(:mod:`jasslib.exercises.registry`) collects.  ``exercise(topic, seed, number, ruleset)`` depends
only on its arguments, so a teacher gives the class one seed and everybody gets the same series;
:meth:`Exercise.check` judges a response item by item and every message cites the rule ids of the
course rules.  Widgets and worksheets never restate a rule: they show an :class:`Exercise`, collect a
response and display the :class:`Feedback` (see ``docs/exercises_api.md``).

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

import random

from ..rulesets import CLASSIC, Ruleset
from .base import ANSWER_KINDS, Draft, Exercise, Feedback, Item, Malformed, Topic
from .legal import LEGAL_CASES, RESTRICTION_CASES
from .registry import get_topic, register, topic_names, topics, unregister

__all__ = [
    "TOPICS",
    "TOPIC_TITLES",
    "KINDS",
    "LEGAL_CASES",
    "RESTRICTION_CASES",
    "CASES",
    "ANSWER_KINDS",
    "Item",
    "Feedback",
    "Exercise",
    "Topic",
    "Draft",
    "Malformed",
    "exercise",
    "exercises",
    "mixed",
    "mixed_exercise",
    "final_check_exercises",
    "course_topics",
    "score_by_rule",
    "rules_judged",
    "RuleScore",
    "get_topic",
    "register",
    "unregister",
    "topics",
]

TOPICS: tuple[str, ...] = topic_names()
"""The course's exercise topics, in course order (a topic registered later is in :func:`topics`)."""

TOPIC_TITLES: dict[str, str] = {t.name: t.title for t in topics()}
"""A heading per topic (for worksheets and trainers)."""

KINDS: dict[str, str] = {t.name: t.kind for t in topics()}
"""How each topic is answered (``Exercise.kind``, one of :data:`ANSWER_KINDS`)."""

CASES: dict[str, tuple[str, ...]] = {t.name: tuple(t.cases) for t in topics()}
"""Per topic, the teaching cases its generator draws from (``position["case"]``)."""


def _check_series(seed: int | str) -> None:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a word, got {seed!r}")


def exercise(
    topic: str, seed: int | str = 0, number: int = 0, ruleset: Ruleset | str = CLASSIC, level: int | None = None
) -> Exercise:
    """Exercise ``number`` (0-based) of the series ``(topic, seed)`` under ``ruleset``.

    The result depends only on the arguments: it is generated from
    ``random.Random(f"{topic}/{seed}/{number}/{ruleset.name}")``, which first draws the teaching case
    (:meth:`Topic.draw_case`) and then the position (the topic's generator).  ``level`` (1 = easiest,
    see :attr:`Topic.levels`) restricts the case to that level's; ``None`` (the default) draws from
    every case, so the series without a level is the one it always was.

    >>> ex = exercise("stoeck", seed="class 3b", number=4)
    >>> ex.topic, ex.kind, ex.number, ex.ruleset.name, ex.level
    ('stoeck', 'points', 4, 'classic', None)
    >>> easy = exercise("legal", seed=1, number=3, level=1)
    >>> easy.level, easy.position["case"] in get_topic("legal").level_cases(1)
    (1, True)
    >>> exercise("poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown topic 'poker': expected one of deal, contract, legal, trick, weis, ..., schneider
    """
    record = get_topic(topic)
    _check_series(seed)
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"number is the exercise's 0-based index in the series (0, 1, 2 ...), got {number!r}")
    rs = Ruleset.get(ruleset)
    record.level_cases(level)  # a ValueError for a level the topic lacks
    rng = random.Random(f"{topic}/{seed}/{number}/{rs.name}")
    case = record.draw_case(rng, number, level)
    prompt, position, answer, explanation = record.generate(rng, rs, case)
    return Exercise(topic, seed, number, rs, record.kind, prompt, position, answer, explanation, level)


def exercises(
    topic: str, seed: int | str = 0, count: int = 10, ruleset: Ruleset | str = CLASSIC, level: int | None = None
) -> list[Exercise]:
    """The first ``count`` exercises of the series: ``exercise(topic, seed, i, ruleset, level)`` for ``i < count``.

    >>> [ex.number for ex in exercises("claim", seed=5, count=3)]
    [0, 1, 2]
    >>> exercises("claim", count=0)
    Traceback (most recent call last):
    ...
    ValueError: count must be at least 1, got 0
    """
    get_topic(topic)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be at least 1, got {count!r}")
    return [exercise(topic, seed, i, ruleset, level) for i in range(count)]


# The mixed review and the final check draw through exercise() above, so they are imported last.
from .review import (  # noqa: E402
    RuleScore,
    course_topics,
    final_check_exercises,
    mixed,
    mixed_exercise,
    rules_judged,
    score_by_rule,
)
