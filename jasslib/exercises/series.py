"""A series of exercises: exercise ``number`` of ``(topic, seed)`` under a ruleset, at a level or from every case.

The result depends only on the arguments, so a teacher gives the class one seed and everybody gets the
same series; :mod:`jasslib.exercises` re-exports :func:`exercise` and :func:`exercises`.
"""

from __future__ import annotations

import random

from .. import _check
from ..errors import CardParseError
from ..rulesets import CLASSIC, Ruleset
from .base import Exercise, get_topic

__all__ = ["exercise", "exercises"]


MAX_NUMBER = 10**9
"""The highest exercise number of a series (a series has no end, but an index is a plain number)."""
MAX_COUNT = 1_000
"""The most exercises :func:`exercises` (and a review) returns at once."""


def _check_series(seed: int | str) -> None:
    if seed is None:
        raise CardParseError("a series' seed is a whole number or a word (a class's seed), got None")
    _check.seed(seed)


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
    jasslib.errors.ArgumentError: unknown topic 'poker': expected one of deal, contract, ..., play
    """
    record = get_topic(topic)
    _check_series(seed)
    number = _check.whole(number, "number (the exercise's 0-based index in the series)", high=MAX_NUMBER)
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
    jasslib.errors.ArgumentError: count: expected a whole number of at least 1, got 0
    """
    get_topic(topic)
    count = _check.whole(count, "count", low=1, high=MAX_COUNT)
    return [exercise(topic, seed, i, ruleset, level) for i in range(count)]
