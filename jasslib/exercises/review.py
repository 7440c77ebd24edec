"""Mixed review and the final check: exercises drawn across topics, and a score per rule id.

A mixed review draws the topic of each exercise from the seed (:func:`mixed_exercise`), among the
topics met so far (:func:`course_topics`), so one exercise can be regenerated alone, like those of a
topic's series.  A final check (:func:`final_check_exercises`) deals about twenty items so that every
topic comes up before any comes twice.  :func:`rules_judged` and :func:`score_by_rule` turn answers into
what a learner needs at the end: which rules were answered right and which wrong, taken from the rule
ids the feedback cites.

>>> [ex.topic for ex in mixed("class 3b", ["legal", "trick"], 4)]
['legal', 'legal', 'legal', 'trick']
>>> items = final_check_exercises("class 3b")
>>> len(items), len({ex.topic for ex in items}) == len(course_topics())
(20, True)
>>> ex = items[0]
>>> rules_judged(ex, ex.check(ex.answer))[1]
()
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import _check
from ..errors import ArgumentError, excerpt
from ..rulebook import RULES
from ..rulesets import CLASSIC, Ruleset
from .base import Exercise, Feedback, get_topic, topic_names
from .series import MAX_COUNT, MAX_NUMBER, _check_series, exercise

__all__ = [
    "FINAL_CHECK_COUNT",
    "RuleScore",
    "course_topics",
    "topic_list",
    "mixed_exercise",
    "mixed",
    "final_check_exercises",
    "rules_judged",
    "score_by_rule",
    "rule_title",
]

FINAL_CHECK_COUNT = 20
"""How many items a final check has by default."""

_RULE_ID = re.compile(r"\b[A-Z][0-9]+\b")


def course_topics(until: str | None = None) -> tuple[str, ...]:
    """The registered topics in course order, up to and including ``until`` (all of them for None).

    >>> course_topics("legal")
    ('deal', 'contract', 'legal')
    """
    names = topic_names()
    if until is None:
        return names
    get_topic(until)  # a ValueError naming the topics
    return names[: names.index(until) + 1]


def topic_list(topics: str | Sequence[str] | None) -> tuple[str, ...]:
    """A review's topics: all for None, every topic up to a name (course order), or the names given.

    >>> topic_list(["weis", "legal"]), topic_list("contract")
    (('weis', 'legal'), ('deal', 'contract'))
    """
    if topics is None or isinstance(topics, str):
        return course_topics(topics)
    if not isinstance(topics, (list, tuple)):
        raise ArgumentError(f"topics: a topic's name, a list of names, or None for all, got {excerpt(topics)}")
    names = tuple(topics)
    if len(names) > 1_000:
        raise ArgumentError(f"topics: a list of topic names, got {len(names):,} of them")
    if not names:
        raise ArgumentError("a review needs at least one topic")
    for name in names:
        get_topic(name)
    return names


def mixed_exercise(seed: int | str, number: int, topics: str | Sequence[str] | None = None,
                   ruleset: Ruleset | str = CLASSIC) -> Exercise:
    """Exercise ``number`` of the mixed review ``seed`` over ``topics`` (see :func:`mixed`).

    Its topic is drawn from ``random.Random(f"review/{seed}/{number}/{topics}")``; the exercise is number
    ``number`` of that topic's series ``f"review {seed}"`` (so it is not one the topic's own trainer shows
    for the same class seed), drawn from every case (no level).
    """
    names = topic_list(topics)
    _check_series(seed)
    number = _check.whole(number, "number (the exercise's 0-based index in the review)", high=MAX_NUMBER)
    topic = random.Random(f"review/{seed}/{number}/{'+'.join(names)}").choice(names)
    return exercise(topic, f"review {seed}", number, ruleset)


def mixed(seed: int | str = 0, topics: str | Sequence[str] | None = None, count: int = 10,
          ruleset: Ruleset | str = CLASSIC) -> list[Exercise]:
    """The first ``count`` exercises of a mixed review: each one's topic is drawn from the seed.

    ``topics`` is a list of topic names, the name of the last topic met (every topic up to it in course
    order), or None for every topic.
    """
    _check_series(seed)
    count = _check.whole(count, "count", low=1, high=MAX_COUNT)
    return [mixed_exercise(seed, n, topics, ruleset) for n in range(count)]


def final_check_exercises(seed: int | str = 0, topics: str | Sequence[str] | None = None,
                          count: int = FINAL_CHECK_COUNT, ruleset: Ruleset | str = CLASSIC) -> list[Exercise]:
    """The items of a final check: ``count`` exercises over ``topics``, every topic once before any twice.

    The topics are dealt in rounds, each round in an order shuffled from the seed; item ``i`` is exercise
    ``i`` of its topic's series ``f"final {seed}"``.
    """
    names = topic_list(topics)
    _check_series(seed)
    count = _check.whole(count, "count", low=1, high=MAX_COUNT)
    rng = random.Random(f"final/{seed}/{'+'.join(names)}")
    order: list[str] = []
    while len(order) < count:
        batch = list(names)
        rng.shuffle(batch)
        order += batch
    return [exercise(topic, f"final {seed}", i, ruleset) for i, topic in enumerate(order[:count])]


def _ids(rule: str | None) -> list[str]:
    return _RULE_ID.findall(rule or "")


def _unique(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def rules_judged(ex: Exercise, feedback: Feedback | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The rule ids answered right and those answered wrong, from the feedback on one exercise.

    The rules an exercise tests are those its right answer's feedback cites (the topic's own list if it
    cites none).  A wrong answer is wrong on the rules of its wrong items; an unanswered or unreadable
    one (``feedback`` None, or only a request to answer in the form asked for) on all of them.
    """
    if not isinstance(ex, Exercise):
        raise ArgumentError(f"expected an Exercise (see jasslib.exercises.exercise), got {excerpt(ex)}")
    if feedback is not None and not isinstance(feedback, Feedback):
        raise ArgumentError(f"expected the Feedback of Exercise.check (or None), got {excerpt(feedback)}")
    tested = _unique(r for item in ex.check(ex.answer).items for r in _ids(item.rule)) or get_topic(ex.topic).rules
    if feedback is None or all(item.key == "answer" and not item.correct for item in feedback.items):
        return (), tested
    if feedback.correct:
        return tested, ()
    wrong = _unique(r for item in feedback.items if not item.correct for r in _ids(item.rule)) or tested
    right = _unique(r for r in (*(r for i in feedback.items if i.correct for r in _ids(i.rule)), *tested)
                    if r not in wrong)
    return right, wrong


@dataclass(frozen=True)
class RuleScore:
    """How often one rule was answered right and wrong in a set of exercises."""

    rule: str
    right: int
    wrong: int

    @property
    def title(self) -> str:
        """The rule's title from the rule book."""
        return rule_title(self.rule)


def _rule_order(rule: str) -> tuple[int, str]:
    """Rule-book order (an id the rule book lacks goes last)."""
    keys = list(RULES)
    return (keys.index(rule) if rule in keys else len(keys), rule)


def rule_title(rule: str) -> str:
    """The title of ``rule`` in the rule book (:data:`jasslib.rulebook.RULES`), ``''`` for an unknown id.

    >>> rule_title("G4")
    'Schneider'
    """
    return RULES.get(rule, "")


def score_by_rule(answers: Iterable[tuple[Exercise, Feedback | None]]) -> list[RuleScore]:
    """Per rule id, how many of the ``(exercise, feedback)`` answers got it right and wrong, in rule-book order.

    >>> ex = exercise("stoeck", 1)
    >>> [(s.rule, s.right, s.wrong) for s in score_by_rule([(ex, ex.check(ex.answer)), (ex, None)])]
    [('S1', 1, 1)]
    """
    if isinstance(answers, (str, bytes)) or not isinstance(answers, Iterable):
        raise ArgumentError(f"answers: (exercise, feedback) pairs in a list, got {excerpt(answers)}")
    right: dict[str, int] = {}
    wrong: dict[str, int] = {}
    for answer in answers:
        if not isinstance(answer, (list, tuple)) or len(answer) != 2:
            raise ArgumentError(f"answers: each is an (Exercise, Feedback or None) pair, got {excerpt(answer)}")
        ex, feedback = answer
        good, bad = rules_judged(ex, feedback)
        for r in good:
            right[r] = right.get(r, 0) + 1
        for r in bad:
            wrong[r] = wrong.get(r, 0) + 1
    rules = sorted(set(right) | set(wrong), key=_rule_order)
    return [RuleScore(r, right.get(r, 0), wrong.get(r, 0)) for r in rules]
