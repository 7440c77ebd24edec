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

from .base import ANSWER_KINDS, Draft, Exercise, Feedback, Item, Malformed, Topic
from .legal import LEGAL_CASES, RESTRICTION_CASES
from .registry import get_topic, register, topic_names, topics, unregister
from .review import (
    RuleScore,
    course_topics,
    final_check_exercises,
    mixed,
    mixed_exercise,
    rules_judged,
    score_by_rule,
)
from .series import exercise, exercises

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
