"""Progress that lasts: what a learner has done, topic by topic, saved across sessions in a small JSON file.

Every **Check** in a trainer (:class:`jasslib.widgets.Trainer`, the mixed review and the final check) adds
one exercise to the learner's record: per topic, the exercises done, how many were right at the first
check, how many were answered after a hint or after the solution, the highest level reached, and per rule
id how often it was answered right and wrong (so the rules the learner misses most can be named).  The
record is a :class:`ProgressRecord`; :class:`Progress` is the file it lives in.

Where the file is (:func:`default_path`): the environment variable ``JASSLIB_PROGRESS`` if set, else
``$XDG_DATA_HOME/jasslib/progress.json``, else ``~/.local/share/jasslib/progress.json`` (``%APPDATA%`` on
Windows); a ``path`` argument overrides all of them.  Never inside a checkout of jasslib itself: progress is
personal, and a path there is refused with :class:`ProgressLocationError`.

In a classroom (``make app-classroom``, ``app/serve.py``), the app serves every learner from one computer: it
sets :data:`CLASS_ENV_VAR` to the class folder for all its kernels and tells each kernel which learner it
serves (the request header ``X-Jasslib-Learner``, which Voilà hands to the kernel as :data:`LEARNER_ENV_VAR`).
The trainers and the panel then record to that learner's own file in the class folder
(:func:`class_learner_path`, :class:`LearnerProgress`), found when the first exercise is checked, so a kernel
started before the learner arrived (Voilà's pool of pre-started kernels) records for the right one.

The file is written atomically (a temporary file in the same folder, flushed to disk, then renamed over the
old one), so a crash leaves the old record or the new one, never half of one.  A file that is not a jasslib
progress file, or is damaged, is never overwritten: reading it raises :class:`ProgressFileError`, whose
message names the file.

The format (``"format": "jasslib.progress/2"``)::

    {"format": "jasslib.progress/2", "learner": "Anna" or null,
     "created": "2025-03-01T09:30:00+00:00", "updated": "2025-03-02T10:00:00+00:00",
     "topics": {"legal": {"done": 12, "right_first": 9, "hints": 3, "solutions": 1, "level": 2,
                          "rules": {"P3": {"right": 8, "wrong": 1}, "P4": {"right": 2, "wrong": 3}}}},
     "questions": {"04": {"04.2": {"attempts": 2, "right_at": 2}, "04.5": {"attempts": 1, "right_at": null}}}}

``done``: exercises checked (each once, at its first check); ``right_first``: right at the first check
(a hint allowed, the solution not seen); ``hints``: exercises checked after a hint; ``solutions``: checked
after the solution was shown; ``level``: the highest level reached (null: never trained by levels).

``questions``: the checked questions at the end of the notebooks (:mod:`jasslib.widgets.questions`), per
notebook and question id: ``attempts``, the checks made (a check without an answer is not one);
``right_at``, the check at which the answer was first right (1: at the first attempt; null: not right
yet).  Discussion questions are not checked, so not recorded.

``rounds`` (optional, added within format 2): the rounds finished at the round and game players
(:class:`jasslib.widgets.RoundPlayer`, :class:`jasslib.widgets.GamePlayer`), ``{"played": 3, "hints": 5,
"cards": 2, "recent": [...]}``: rounds played, hints asked (the idea) and hints that went on to show the card;
a file without it reads as none played.  ``recent`` (optional, added within format 2 too): the latest
:data:`RECENT_ROUNDS` rounds one by one, oldest first, ``{"round": "7", "hints": 1, "cards": 0, "judged": 9,
"mean_lost": 2.4, "within_2": 0.667}``: the round's label, its hints, and once it was reviewed from the
learner's own view its accuracy (cards judged, expected points lost per card, share within 2 points of the best);
a round not reviewed has no accuracy fields, and a file without ``recent`` reads as no round kept one by one.
Format 2 added ``questions``; a file of
format 1 (:data:`READ_FORMATS`) is read as it is (it has no answers yet) and written again as format 2.

For a class (:func:`export_progress`, :func:`merge_class`, and ``python -m jasslib progress export`` /
``progress class``): each learner exports a copy of the record with a name, and the teacher merges the
files into one table, learner × topic (done, right first time, hints) and learner × question (right,
attempts), as CSV or HTML.  Exit codes of
``python -m jasslib progress``: 0 when the output is written (a class file that cannot be read is left out,
with one warning line on stderr naming it); 1 when the input cannot be used (no record to export, a bad
progress file, or not one class file readable): one error line, nothing written; 2 for bad arguments (a
missing ``--out``, an output name with the wrong ending, a missing output folder, a progress path inside the
repository): one sentence.

>>> rec = ProgressRecord().with_result("legal", True, right_rules=("P3",))
>>> rec = rec.with_result("legal", False, hint=True, right_rules=("P3",), wrong_rules=("P4",))
>>> t = rec.topic("legal")
>>> t.done, t.right_first, t.hints, [tuple(r) for r in t.rules]
(2, 1, 1, [('P3', 2, 0), ('P4', 0, 1)])
>>> [r.rule for r in rec.missed_most()]
['P4']
>>> rec.next_topic()
Suggestion(topic='deal', reason='not started yet')
>>> rec = rec.with_answer("04.2", False).with_answer("04.2", True)
>>> rec.question("04.2")
QuestionProgress(question='04.2', attempts=2, right_at=2)
>>> ProgressRecord.from_dict(rec.to_dict(), "test") == rec
True
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import itertools
import json
import os
import re
import stat
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from . import _check
from ._files import write_atomically
from .errors import ArgumentError, JassError, excerpt
from .exercises import TOPIC_TITLES, TOPICS
from .rulebook import RULES

__all__ = [
    "FORMAT",
    "ENV_VAR",
    "ProgressFileError",
    "ProgressLocationError",
    "AnswerRecordError",
    "READ_FORMATS",
    "RuleCount",
    "TopicProgress",
    "QuestionProgress",
    "RoundsProgress",
    "RoundEntry",
    "RECENT_ROUNDS",
    "RoundRecordError",
    "save_round",
    "save_round_accuracy",
    "NotebookQuestions",
    "ProgressRecord",
    "Suggestion",
    "Progress",
    "ProgressSpec",
    "CLASS_ENV_VAR",
    "LEARNER_ENV_VAR",
    "class_learner_path",
    "LearnerProgress",
    "default_store",
    "default_path",
    "jasslib_checkout",
    "check_location",
    "read_progress",
    "open_progress",
    "trainer_progress",
    "in_notebook",
    "save_attempt",
    "save_answer",
    "export_progress",
    "ClassTable",
    "merge_class",
    "class_csv",
    "class_html",
    "write_class_table",
    "write_atomically",
]

FORMAT = "jasslib.progress/2"
"""The ``format`` field of a progress file this version writes."""

READ_FORMATS = ("jasslib.progress/1", FORMAT)
"""The formats this version reads: 1 (before the questions were recorded) and 2."""

ENV_VAR = "JASSLIB_PROGRESS"
"""The environment variable naming the progress file (it overrides the default in the home folder)."""

CLASS_ENV_VAR = "JASSLIB_CLASS"
"""The environment variable naming a class folder (set by the classroom app for its kernels): each learner's
progress file is kept there (:func:`class_learner_path`), and the default store is the learner's
(:func:`default_store`)."""

LEARNER_ENV_VAR = "HTTP_X_JASSLIB_LEARNER"
"""The environment variable with the id of the learner a classroom kernel serves: Voilà's name for the request
header ``X-Jasslib-Learner`` that the classroom app sets (never the browser: the app replaces any it sends)."""

LEARNER_ID = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?")
"""A learner's id in a class: lower-case letters, digits and inner hyphens (the name of their file)."""

MAX_FILE_BYTES = 1_000_000
"""A progress file is a few kilobytes; anything longer than this is not one (and is not read whole)."""

SECURE_DONE = 5
"""Exercises done on a topic before it can count as secure (see :meth:`ProgressRecord.next_topic`)."""

SECURE_RATE = 0.8
"""Share right at the first check that makes a topic secure."""

STRUGGLING_DONE = 3
"""Exercises done before a low share right marks a topic as one to practise again first."""

STRUGGLING_RATE = 0.6
"""Below this share right at the first check (after :data:`STRUGGLING_DONE`), a topic comes first."""

_MAX_COUNT = 10**9
_MAX_NAME = 80
_MAX_LEVEL = 100
_MAX_ID = 64
_QUESTION_ID = re.compile(r"(\d\d)\.([1-9]\d{0,2})\Z")
_MAX_CLASS = 10_000
STALE_SECONDS = 600
"""A hidden temporary file of an interrupted save (kill -9) older than this is removed by the next save."""


class ProgressFileError(JassError):
    """A progress file that cannot be used: missing, unreadable, not a jasslib progress file, or damaged.

    The message names the file and says what to do.
    """


class RoundRecordError(JassError):
    """A finished round's hint counts that cannot be recorded (not whole numbers, more cards than hints)."""


class AnswerRecordError(JassError):
    """An answer to an end-of-notebook question that cannot be recorded: a question id that is not ``"NN.k"``
    (``"04.2"``), or more attempts than a progress file counts."""


class ProgressLocationError(ProgressFileError):
    """A progress file asked for in a place it must not be: inside a checkout of jasslib, or a folder."""


# ---------------------------------------------------------------------------------------------
# The record


class RuleCount(NamedTuple):
    """How often one rule id was answered right and wrong."""

    rule: str
    right: int
    wrong: int

    @property
    def title(self) -> str:
        """The rule's title in the rule book ('' for an id it does not have)."""
        return RULES.get(self.rule, "")


class Suggestion(NamedTuple):
    """The trainer to go to next, and why (:meth:`ProgressRecord.next_topic`)."""

    topic: str
    reason: str


@dataclass(frozen=True)
class TopicProgress:
    """One topic's record (see the module for the meaning of each count)."""

    topic: str
    done: int = 0
    right_first: int = 0
    hints: int = 0
    solutions: int = 0
    level: int | None = None
    rules: tuple[RuleCount, ...] = ()

    @property
    def started(self) -> bool:
        """At least one exercise of the topic was checked."""
        return self.done > 0

    @property
    def rate(self) -> float:
        """The share right at the first check (0.0 before the first exercise).

        >>> TopicProgress("legal", done=4, right_first=3).rate
        0.75
        """
        return self.right_first / self.done if self.done else 0.0

    @property
    def secure(self) -> bool:
        """Done often enough (:data:`SECURE_DONE`) and right often enough (:data:`SECURE_RATE`)."""
        return self.done >= SECURE_DONE and self.rate >= SECURE_RATE


RECENT_ROUNDS = 50
"""How many of the latest rounds the record keeps one by one (:attr:`RoundsProgress.recent`), with their accuracy."""

_MAX_LABEL = 200


def _check_label(label: Any) -> str:
    if not isinstance(label, str) or len(label) > _MAX_LABEL or any(not ch.isprintable() for ch in label):
        raise RoundRecordError(f"a round's label is a short text (at most {_MAX_LABEL} printable characters), "
                               f"got {_short(label)}")
    return label


def _check_accuracy(judged: Any, mean_lost: Any, within_2: Any) -> tuple[int, float, float]:
    """A round's accuracy as the record keeps it (the reader's rule and the writer's)."""
    if isinstance(judged, bool) or not isinstance(judged, int) or not 0 <= judged <= 36:
        raise RoundRecordError(f"a round's cards judged is a whole number from 0 to 36, got {_short(judged)}")
    for name, value, top in (("mean lost", mean_lost, 1_000.0), ("share within 2", within_2, 1.0)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= top:
            raise RoundRecordError(f"a round's {name} is a number from 0 to {top:g}, got {_short(value)}")
    return judged, round(float(mean_lost), 2), round(float(within_2), 3)


@dataclass(frozen=True)
class RoundEntry:
    """One finished round in :attr:`RoundsProgress.recent`: its ``label`` (which round: the seed of its deal, or
    the game and hand), the ``hints`` asked and ``cards`` shown, and once it was reviewed from the learner's own
    view its accuracy: ``judged`` (cards judged), ``mean_lost`` (expected points lost per card) and ``within_2``
    (the share of cards within 2 expected points of the best); None before the review.

    >>> RoundEntry("3", 1, 0, 9, 2.5, 0.667).accuracy_text
    '2.5 expected points lost per card, 67% of 9 cards within 2 points of the best'
    """

    label: str = ""
    hints: int = 0
    cards: int = 0
    judged: int | None = None
    mean_lost: float | None = None
    within_2: float | None = None

    @property
    def reviewed(self) -> bool:
        """The accuracy is known (the round was reviewed)."""
        return self.mean_lost is not None

    @property
    def accuracy_text(self) -> str:
        """The accuracy in words ('not reviewed' before the review)."""
        if self.mean_lost is None or self.within_2 is None:
            return "not reviewed"
        return (f"{self.mean_lost:.1f} expected points lost per card, {self.within_2:.0%} of {self.judged} cards "
                "within 2 points of the best")

    def to_dict(self) -> dict[str, Any]:
        """The entry in the file format."""
        out: dict[str, Any] = {"round": self.label, "hints": self.hints, "cards": self.cards}
        if self.reviewed:
            out |= {"judged": self.judged, "mean_lost": self.mean_lost, "within_2": self.within_2}
        return out


@dataclass(frozen=True)
class RoundsProgress:
    """Rounds finished at the round and game players: how many (``played``), hints asked (``hints``, the idea
    shown) and hints that showed the card (``cards``), and the latest :data:`RECENT_ROUNDS` rounds one by one
    (``recent``, oldest first, each a :class:`RoundEntry` with its accuracy once reviewed).

    >>> r = RoundsProgress().with_round(hints=2, cards=1, label="0").with_round(hints=0, cards=0, label="1")
    >>> r.played, r.hints, r.cards, [e.label for e in r.recent]
    (2, 2, 1, ['0', '1'])
    >>> r.with_accuracy("0", 9, 1.5, 0.778).recent[0].accuracy_text
    '1.5 expected points lost per card, 78% of 9 cards within 2 points of the best'
    """

    played: int = 0
    hints: int = 0
    cards: int = 0
    recent: tuple[RoundEntry, ...] = ()

    def with_round(self, hints: int, cards: int, label: str = "") -> RoundsProgress:
        """One more round, with ``hints`` hints asked of which ``cards`` showed the card (validated); ``label``
        names the round (for :meth:`with_accuracy`)."""
        for name, value in (("hints", hints), ("cards", cards)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
                raise RoundRecordError(f"a round's {name} is a whole number from 0, got {_short(value)}")
        if cards > hints:
            raise RoundRecordError(f"a round cannot show the card ({cards} times) more often than a hint was "
                                   f"asked ({hints} times)")
        label = _check_label(label)
        if self.played >= _MAX_COUNT:
            raise RoundRecordError(f"{_MAX_COUNT:,} rounds are recorded already: no more are counted")
        recent = (*self.recent, RoundEntry(label, hints, cards))[-RECENT_ROUNDS:]
        return RoundsProgress(self.played + 1, self.hints + hints, self.cards + cards, recent)

    def with_accuracy(self, label: str, judged: int, mean_lost: float, within_2: float) -> RoundsProgress:
        """The accuracy of the latest recent round called ``label`` that is not reviewed yet (validated); the
        record unchanged when there is none (a round reviewed twice, or no longer among the recent ones)."""
        label = _check_label(label)
        numbers = _check_accuracy(judged, mean_lost, within_2)
        for i in range(len(self.recent) - 1, -1, -1):
            entry = self.recent[i]
            if entry.label == label and not entry.reviewed:
                new = replace(entry, judged=numbers[0], mean_lost=numbers[1], within_2=numbers[2])
                return replace(self, recent=(*self.recent[:i], new, *self.recent[i + 1:]))
        return self

    @property
    def reviewed(self) -> tuple[RoundEntry, ...]:
        """The recent rounds whose accuracy is known, oldest first."""
        return tuple(e for e in self.recent if e.reviewed)


@dataclass(frozen=True)
class QuestionProgress:
    """One end-of-notebook question's record: the checks made and the check at which it was first right.

    >>> q = QuestionProgress("04.2", attempts=3, right_at=2)
    >>> q.notebook, q.right, q.right_first, q.wrong_checks
    ('04', True, False, 1)
    """

    question: str
    attempts: int = 0
    right_at: int | None = None

    @property
    def notebook(self) -> str:
        """The notebook the question ends (``"04"`` for ``"04.2"``)."""
        return self.question.split(".")[0]

    @property
    def right(self) -> bool:
        """Answered right at some check."""
        return self.right_at is not None

    @property
    def right_first(self) -> bool:
        """Right at the first check."""
        return self.right_at == 1

    @property
    def wrong_checks(self) -> int:
        """The checks before the first right one (all of them while it is not right yet)."""
        return self.attempts if self.right_at is None else self.right_at - 1


class NotebookQuestions(NamedTuple):
    """One notebook's questions answered (:meth:`ProgressRecord.notebook_questions`): how many were checked,
    how many are right, how many right at the first check, and the checks made."""

    notebook: str
    answered: int
    right: int
    right_first: int
    attempts: int


def _question_key(qid: str) -> tuple[int, int]:
    notebook, number = qid.split(".")
    return int(notebook), int(number)


def _check_question_id(qid: Any) -> str:
    """A question id ``"NN.k"`` (the reader's rule and the writer's)."""
    if not isinstance(qid, str) or not _QUESTION_ID.match(qid):
        raise AnswerRecordError(f"a question id is 'NN.k' such as '04.2', got {_short(qid)}")
    return qid


def _topic_key(name: str) -> tuple[int, int, str]:
    """Course order first, then any other topic by name."""
    return (0, TOPICS.index(name), "") if name in TOPICS else (1, 0, name)


_RULE_ORDER = {rule: i for i, rule in enumerate(RULES)}


def _rule_key(rule: str) -> tuple[int, str]:
    """Rule-book order first, then any other id by name."""
    return (_RULE_ORDER.get(rule, len(_RULE_ORDER)), rule)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _add_rules(rules: Iterable[RuleCount], right: Iterable[str], wrong: Iterable[str]) -> tuple[RuleCount, ...]:
    counts = {r.rule: [r.right, r.wrong] for r in rules}
    for rule in right:
        counts.setdefault(str(rule), [0, 0])[0] += 1
    for rule in wrong:
        counts.setdefault(str(rule), [0, 0])[1] += 1
    return tuple(RuleCount(rule, a, b) for rule, (a, b) in sorted(counts.items(), key=lambda kv: _rule_key(kv[0])))


@dataclass(frozen=True)
class ProgressRecord:
    """A learner's whole record: an optional name, and one :class:`TopicProgress` per topic met.

    A value: :meth:`with_result`, :meth:`with_answer` and :meth:`with_learner` return a new record.
    :attr:`topics` is in course order (:data:`jasslib.exercises.TOPICS`), a topic from outside the course
    after them; :attr:`questions` (the end-of-notebook questions checked) in notebook order.
    """

    learner: str | None = None
    topics: tuple[TopicProgress, ...] = ()
    created: str | None = None
    updated: str | None = None
    questions: tuple[QuestionProgress, ...] = ()
    """The end-of-notebook questions checked, in course order (notebook, then question)."""
    rounds: RoundsProgress = RoundsProgress()
    """The rounds finished at the round player, with the hints used."""

    # ----------------------------------------------------------------- reading
    def topic(self, name: str) -> TopicProgress:
        """The record of topic ``name`` (all zero when it was never checked)."""
        for t in self.topics:
            if t.topic == name:
                return t
        return TopicProgress(name)

    @property
    def done(self) -> int:
        """Exercises checked, over all topics."""
        return sum(t.done for t in self.topics)

    @property
    def right_first(self) -> int:
        """Exercises right at the first check, over all topics."""
        return sum(t.right_first for t in self.topics)

    @property
    def hints(self) -> int:
        """Exercises checked after a hint, over all topics."""
        return sum(t.hints for t in self.topics)

    @property
    def solutions(self) -> int:
        """Exercises checked after the solution was shown, over all topics."""
        return sum(t.solutions for t in self.topics)

    def rules(self) -> tuple[RuleCount, ...]:
        """Per rule id, right and wrong over all topics, in rule-book order."""
        return _sum_rules(t.rules for t in self.topics)

    def question(self, qid: str) -> QuestionProgress:
        """The record of question ``qid`` (``"04.2"``; no attempts when it was never checked)."""
        for q in self.questions:
            if q.question == qid:
                return q
        return QuestionProgress(qid)

    def question_notebooks(self) -> tuple[str, ...]:
        """The notebooks with a question checked, in course order (``("01", "04")``)."""
        return tuple(dict.fromkeys(q.notebook for q in self.questions))

    def questions_of(self, notebook: str) -> tuple[QuestionProgress, ...]:
        """The questions of ``notebook`` (``"04"``) checked, in order."""
        return tuple(q for q in self.questions if q.notebook == notebook)

    def notebook_questions(self, notebook: str) -> NotebookQuestions:
        """The totals of ``notebook``'s questions checked.

        >>> ProgressRecord().with_answer("04.1", True).with_answer("04.2", False).notebook_questions("04")
        NotebookQuestions(notebook='04', answered=2, right=1, right_first=1, attempts=2)
        """
        qs = self.questions_of(notebook)
        return NotebookQuestions(notebook, len(qs), sum(q.right for q in qs), sum(q.right_first for q in qs),
                                 sum(q.attempts for q in qs))

    @property
    def questions_right(self) -> int:
        """End-of-notebook questions answered right (at some check), over all notebooks."""
        return sum(q.right for q in self.questions)

    @property
    def question_attempts(self) -> int:
        """Checks of end-of-notebook questions, over all notebooks."""
        return sum(q.attempts for q in self.questions)

    def missed_most(self, count: int = 5) -> tuple[RuleCount, ...]:
        """The rules answered wrong most often (at most ``count``): most misses first, then the larger share
        missed, then rule-book order.  Rules never missed are not listed."""
        missed = [r for r in self.rules() if r.wrong]
        missed.sort(key=lambda r: (-r.wrong, -r.wrong / (r.right + r.wrong), _rule_key(r.rule)))
        return tuple(missed[: max(0, count)])

    def next_topic(self, topics: Sequence[str] | None = None) -> Suggestion | None:
        """The trainer to go to next, in course order (``topics``, by default :data:`~jasslib.exercises.TOPICS`).

        First a topic the learner struggles with (:data:`STRUGGLING_DONE` done or more, fewer than
        :data:`STRUGGLING_RATE` right at the first check): the weakest one.  Otherwise the first topic in
        course order that is not yet secure (not started, fewer than :data:`SECURE_DONE` done, or fewer than
        :data:`SECURE_RATE` right).  None when every topic is secure (then the final check is the next step).

        >>> rec = ProgressRecord(topics=(TopicProgress("deal", done=5, right_first=5),
        ...                              TopicProgress("legal", done=4, right_first=1)))
        >>> rec.next_topic()
        Suggestion(topic='legal', reason='1 of 4 right at the first check: practise it again')
        >>> ProgressRecord(topics=(TopicProgress("deal", done=5, right_first=5),)).next_topic()
        Suggestion(topic='contract', reason='not started yet')
        """
        order = tuple(TOPICS if topics is None else topics)
        records = [self.topic(name) for name in order]
        struggling = [t for t in records if t.done >= STRUGGLING_DONE and t.rate < STRUGGLING_RATE]
        if struggling:
            worst = min(struggling, key=lambda t: (t.rate, order.index(t.topic)))
            return Suggestion(worst.topic, f"{worst.right_first} of {worst.done} right at the first check: "
                                           "practise it again")
        for t in records:
            if not t.started:
                return Suggestion(t.topic, "not started yet")
            if t.done < SECURE_DONE:
                return Suggestion(t.topic, f"{t.done} done so far: do at least {SECURE_DONE}")
            if t.rate < SECURE_RATE:
                return Suggestion(t.topic, f"{t.right_first} of {t.done} right at the first check: "
                                           f"aim for {SECURE_RATE:.0%}")
        return None

    # ----------------------------------------------------------------- changing (new values)
    def with_result(
        self,
        topic: str,
        correct: bool,
        *,
        hint: bool = False,
        solution: bool = False,
        right_rules: Iterable[str] = (),
        wrong_rules: Iterable[str] = (),
        level: int | None = None,
    ) -> ProgressRecord:
        """The record with one more checked exercise of ``topic``.

        ``correct``: right at the first check (a right answer after the solution was shown does not count
        as right); ``hint`` / ``solution``: seen before that check; ``right_rules`` / ``wrong_rules``: the
        rule ids answered right and wrong (:func:`jasslib.exercises.rules_judged`); ``level``: the level
        reached (the highest so far is kept).
        """
        name = _check_id(topic, "topic")
        correct, hint, solution = (_check.flag(v, k) for k, v in (("correct", correct), ("hint", hint),
                                                                    ("solution", solution)))
        if level is not None:
            level = _check.whole(level, "level", low=1, high=_MAX_LEVEL)
        right_rules, wrong_rules = _check_rules(right_rules, "right_rules"), _check_rules(wrong_rules, "wrong_rules")
        old = self.topic(name)
        if old.done >= _MAX_COUNT:
            raise ArgumentError(f"topic {name!r} already counts {old.done:,} exercises, the most a record keeps")
        new = replace(
            old,
            done=old.done + 1,
            right_first=old.right_first + bool(correct and not solution),
            hints=old.hints + bool(hint),
            solutions=old.solutions + bool(solution),
            level=old.level if level is None else max(level, old.level or 0),
            rules=_add_rules(old.rules, right_rules, wrong_rules),
        )
        topics = sorted([t for t in self.topics if t.topic != name] + [new], key=lambda t: _topic_key(t.topic))
        now = _now()
        return replace(self, topics=tuple(topics), created=self.created or now, updated=now)

    def with_answer(self, qid: str, correct: bool) -> ProgressRecord:
        """The record with one more check of the end-of-notebook question ``qid`` (``"04.2"``): one attempt
        more, and ``correct`` at this check (the first right check is kept)."""
        name = _check_question_id(qid)
        correct = _check.flag(correct, "correct")
        old = self.question(name)
        if old.attempts >= _MAX_COUNT:
            raise AnswerRecordError(f"question {name} has {_MAX_COUNT:,} attempts already: no more are counted")
        attempts = old.attempts + 1
        right_at = old.right_at if old.right_at is not None or not correct else attempts
        new = QuestionProgress(name, attempts, right_at)
        questions = sorted([q for q in self.questions if q.question != name] + [new],
                           key=lambda q: _question_key(q.question))
        now = _now()
        return replace(self, questions=tuple(questions), created=self.created or now, updated=now)

    def with_round(self, hints: int = 0, cards: int = 0, label: str = "") -> ProgressRecord:
        """The record with one more round finished at the round player (:meth:`RoundsProgress.with_round`)."""
        rounds = self.rounds.with_round(hints, cards, label)
        now = _now()
        return replace(self, rounds=rounds, created=self.created or now, updated=now)

    def with_round_accuracy(self, label: str, judged: int, mean_lost: float, within_2: float) -> ProgressRecord:
        """The record with the accuracy of the round ``label`` (:meth:`RoundsProgress.with_accuracy`)."""
        rounds = self.rounds.with_accuracy(label, judged, mean_lost, within_2)
        if rounds is self.rounds:
            return self
        return replace(self, rounds=rounds, updated=_now())

    def with_learner(self, name: str | None) -> ProgressRecord:
        """The record with the learner's name (None: without a name).

        >>> ProgressRecord().with_learner("  Anna  ").learner
        'Anna'
        """
        return replace(self, learner=_check_learner(name))

    # ----------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        """The record in the file format (JSON-able)."""
        topics: dict[str, Any] = {}
        for t in self.topics:
            topics[t.topic] = {
                "done": t.done, "right_first": t.right_first, "hints": t.hints, "solutions": t.solutions,
                "level": t.level, "rules": {r.rule: {"right": r.right, "wrong": r.wrong} for r in t.rules},
            }
        questions: dict[str, dict[str, Any]] = {}
        for q in self.questions:
            questions.setdefault(q.notebook, {})[q.question] = {"attempts": q.attempts, "right_at": q.right_at}
        out = {"format": FORMAT, "learner": self.learner, "created": self.created, "updated": self.updated,
               "topics": topics, "questions": questions}
        if self.rounds.played:
            rounds: dict[str, Any] = {"played": self.rounds.played, "hints": self.rounds.hints,
                                      "cards": self.rounds.cards}
            if self.rounds.recent:
                rounds["recent"] = [e.to_dict() for e in self.rounds.recent]
            out["rounds"] = rounds
        return out

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON text, ending in a newline."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any, source: str) -> ProgressRecord:
        """A record from the file format; ``source`` names the file in the :class:`ProgressFileError` raised
        for anything else (a foreign file, a newer format, a damaged field)."""
        foreign = f"{source} is not a jasslib progress file"
        if not isinstance(data, dict):
            raise ProgressFileError(f"{foreign}: it holds a JSON {_json_kind(data)}, not an object with "
                                    f"\"format\": \"{FORMAT}\"")
        fmt = data.get("format")
        if fmt not in READ_FORMATS:
            if isinstance(fmt, str) and fmt.startswith("jasslib.progress/"):
                raise ProgressFileError(f"{source} was written by another version of jasslib (format {_short(fmt)}); "
                                        f"this one reads {' and '.join(map(repr, READ_FORMATS))}: update jasslib, "
                                        "or use another file")
            what = "no \"format\" field" if fmt is None else f"the format {_short(fmt)}"
            raise ProgressFileError(f"{foreign}: it has {what} (expected {FORMAT!r})")
        damaged = f"{source} is a damaged jasslib progress file"
        try:
            learner = _check_learner(data.get("learner"))
        except ValueError as exc:
            raise ProgressFileError(f"{damaged}: \"learner\": {exc}") from None
        stamps = []
        for key in ("created", "updated"):
            value = data.get(key)
            if value is not None and not (isinstance(value, str) and len(value) <= _MAX_NAME):
                raise ProgressFileError(f"{damaged}: \"{key}\" should be a date, got {_short(value)}")
            stamps.append(value)
        raw_topics = data.get("topics", {})
        if not isinstance(raw_topics, dict):
            raise ProgressFileError(f"{damaged}: \"topics\" should be an object, got a {_json_kind(raw_topics)}")
        topics = [_topic_from_dict(name, value, damaged) for name, value in raw_topics.items()]
        topics.sort(key=lambda t: _topic_key(t.topic))
        questions = _questions_from_dict(data.get("questions", {}), damaged)
        rounds = _rounds_from_dict(data.get("rounds"), damaged)
        return cls(learner, tuple(topics), stamps[0], stamps[1], questions, rounds)


def _sum_rules(groups: Iterable[Iterable[RuleCount]]) -> tuple[RuleCount, ...]:
    counts: dict[str, list[int]] = {}
    for group in groups:
        for r in group:
            c = counts.setdefault(r.rule, [0, 0])
            c[0] += r.right
            c[1] += r.wrong
    return tuple(RuleCount(rule, a, b) for rule, (a, b) in sorted(counts.items(), key=lambda kv: _rule_key(kv[0])))


def _json_kind(value: Any) -> str:
    return {dict: "object", list: "list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "number")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _short_repr(value: Any) -> str:
    return excerpt(value)


def _path_list(paths: Any) -> list[str | os.PathLike[str]]:
    """The files of a class: a list (or other iterable) of paths; one path alone is refused, so that a text
    is never read as one file per character."""
    if isinstance(paths, (str, bytes, os.PathLike)) or not isinstance(paths, Iterable):
        raise ArgumentError(f"give a list of the learners' progress files, such as ['anna.json'], got "
                            f"{excerpt(paths)}")
    items = list(itertools.islice(paths, _MAX_CLASS + 1))
    if len(items) > _MAX_CLASS:
        raise ArgumentError(f"a class table merges at most {_MAX_CLASS:,} files")
    for item in items:
        if not isinstance(item, (str, os.PathLike)):
            raise ArgumentError(f"a progress file is a path, got {excerpt(item)}")
    return items


def _check_id(name: Any, what: str) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > _MAX_ID:
        raise ArgumentError(f"a {what} is a short name (1 to {_MAX_ID} characters), got {_short(name)}")
    return name


def _check_rules(rules: Any, what: str) -> tuple[str, ...]:
    """Rule ids as the reader takes them: texts of 1 to 64 characters, at most 1,000 in one result."""
    if isinstance(rules, (str, bytes)) or not isinstance(rules, Iterable):
        raise ArgumentError(f"{what}: a list of rule ids such as ['P3'], got {_short(rules)}")
    ids = tuple(itertools.islice(rules, 1_001))
    if len(ids) > 1_000:
        raise ArgumentError(f"{what}: at most 1,000 rule ids in one result")
    for rule in ids:
        if not isinstance(rule, str) or not rule or len(rule) > _MAX_ID:
            raise ArgumentError(f"{what}: a rule id is a text of 1 to {_MAX_ID} characters such as 'P3', "
                                f"got {_short(rule)}")
    return ids


def _check_learner(name: Any) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str):
        raise ArgumentError(f"a learner's name is text, got {_short(name)}")
    text = " ".join(name.split())
    if not text:
        return None
    if len(text) > _MAX_NAME:
        raise ArgumentError(f"a learner's name has at most {_MAX_NAME} characters, got {len(text):,}")
    if any(not ch.isprintable() for ch in text):
        raise ArgumentError("a learner's name cannot contain control characters")
    return text


def _count(value: Any, where: str, damaged: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
        raise ProgressFileError(f"{damaged}: {where} should be a whole number from 0, got {_short(value)}")
    return value


def _topic_from_dict(name: Any, value: Any, damaged: str) -> TopicProgress:
    try:
        topic = _check_id(name, "topic")
    except ValueError as exc:
        raise ProgressFileError(f"{damaged}: {exc}") from None
    where = f"topic {topic!r}"
    if not isinstance(value, dict):
        raise ProgressFileError(f"{damaged}: {where} should be an object, got a {_json_kind(value)}")
    counts = {key: _count(value.get(key, 0), f"{where} \"{key}\"", damaged)
              for key in ("done", "right_first", "hints", "solutions")}
    for key in ("right_first", "hints", "solutions"):
        if counts[key] > counts["done"]:
            raise ProgressFileError(f"{damaged}: {where} has {key} {counts[key]} above done {counts['done']}")
    level = value.get("level")
    if level is not None and (isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= _MAX_LEVEL):
        raise ProgressFileError(f"{damaged}: {where} \"level\" should be a level from 1 or null, got {_short(level)}")
    raw_rules = value.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise ProgressFileError(f"{damaged}: {where} \"rules\" should be an object, got a {_json_kind(raw_rules)}")
    rules = []
    for rule, c in raw_rules.items():
        if not isinstance(rule, str) or not rule or len(rule) > _MAX_ID:
            raise ProgressFileError(f"{damaged}: {where} has a rule id {_short(rule)}")
        if not isinstance(c, dict):
            raise ProgressFileError(f"{damaged}: {where} rule {rule!r} should be an object with right and wrong")
        rules.append(RuleCount(rule, _count(c.get("right", 0), f"{where} rule {rule!r} right", damaged),
                               _count(c.get("wrong", 0), f"{where} rule {rule!r} wrong", damaged)))
    rules.sort(key=lambda r: _rule_key(r.rule))
    return TopicProgress(topic, counts["done"], counts["right_first"], counts["hints"], counts["solutions"], level,
                         tuple(rules))


def _rounds_from_dict(raw: Any, damaged: str) -> RoundsProgress:
    """The optional ``rounds`` object: rounds played, hints asked, cards shown."""
    if raw is None:
        return RoundsProgress()
    if not isinstance(raw, dict):
        raise ProgressFileError(f"{damaged}: \"rounds\" should be an object, got a {_json_kind(raw)}")
    counts = {key: _count(raw.get(key, 0), f"rounds \"{key}\"", damaged) for key in ("played", "hints", "cards")}
    if counts["cards"] > counts["hints"]:
        raise ProgressFileError(f"{damaged}: rounds \"cards\" ({counts['cards']}) is more than \"hints\" "
                                f"({counts['hints']})")
    raw_recent = raw.get("recent", [])
    if not isinstance(raw_recent, list) or len(raw_recent) > 10 * RECENT_ROUNDS:
        got = _short(raw_recent) if not isinstance(raw_recent, list) else len(raw_recent)
        raise ProgressFileError(f"{damaged}: rounds \"recent\" should be a list of at most {10 * RECENT_ROUNDS} "
                                f"rounds, got {got}")
    recent = tuple(_round_entry(e, i, damaged) for i, e in enumerate(raw_recent))[-RECENT_ROUNDS:]
    return RoundsProgress(counts["played"], counts["hints"], counts["cards"], recent)


def _round_entry(raw: Any, i: int, damaged: str) -> RoundEntry:
    """One entry of ``rounds.recent``: its label, hints and cards, and its accuracy (all three or none)."""
    where = f"rounds \"recent\" entry {i + 1}"
    if not isinstance(raw, dict):
        raise ProgressFileError(f"{damaged}: {where} should be an object, got a {_json_kind(raw)}")
    hints, cards = (_count(raw.get(k, 0), f"{where} \"{k}\"", damaged) for k in ("hints", "cards"))
    try:
        label = _check_label(raw.get("round", ""))
        numbers = [raw.get(k) for k in ("judged", "mean_lost", "within_2")]
        if all(n is None for n in numbers):
            return RoundEntry(label, hints, cards)
        judged, mean_lost, within_2 = _check_accuracy(*numbers)
    except RoundRecordError as exc:
        raise ProgressFileError(f"{damaged}: {where}: {exc}") from None
    return RoundEntry(label, hints, cards, judged, mean_lost, within_2)


def _questions_from_dict(raw: Any, damaged: str) -> tuple[QuestionProgress, ...]:
    """The ``questions`` object: per notebook ``"NN"``, per question ``"NN.k"`` of it, the attempts and the
    check first right."""
    if not isinstance(raw, dict):
        raise ProgressFileError(f"{damaged}: \"questions\" should be an object, got a {_json_kind(raw)}")
    found: list[QuestionProgress] = []
    for notebook, group in raw.items():
        if not isinstance(notebook, str) or not re.fullmatch(r"\d\d", notebook):
            raise ProgressFileError(f"{damaged}: \"questions\" has a notebook {_short(notebook)} (expected 'NN')")
        if not isinstance(group, dict):
            raise ProgressFileError(f"{damaged}: questions of notebook {notebook} should be an object, "
                                    f"got a {_json_kind(group)}")
        for qid, value in group.items():
            try:
                _check_question_id(qid)
            except AnswerRecordError as exc:
                raise ProgressFileError(f"{damaged}: notebook {notebook}: {exc}") from None
            where = f"question {qid}"
            if qid.split(".")[0] != notebook:
                raise ProgressFileError(f"{damaged}: {where} is filed under notebook {notebook}")
            if not isinstance(value, dict):
                raise ProgressFileError(f"{damaged}: {where} should be an object, got a {_json_kind(value)}")
            attempts = _count(value.get("attempts", 0), f"{where} \"attempts\"", damaged)
            if attempts < 1:
                raise ProgressFileError(f"{damaged}: {where} \"attempts\" should be 1 or more, got 0")
            right_at = value.get("right_at")
            if right_at is not None and (isinstance(right_at, bool) or not isinstance(right_at, int)
                                         or not 1 <= right_at <= attempts):
                raise ProgressFileError(f"{damaged}: {where} \"right_at\" should be a check from 1 to its "
                                        f"{attempts} attempts, or null, got {_short(right_at)}")
            found.append(QuestionProgress(qid, attempts, right_at))
    found.sort(key=lambda q: _question_key(q.question))
    return tuple(found)


# ---------------------------------------------------------------------------------------------
# Where the file is


def default_path() -> Path:
    """The progress file when no path is given: ``$JASSLIB_PROGRESS``, else ``$XDG_DATA_HOME/jasslib/progress.json``,
    else ``~/.local/share/jasslib/progress.json`` (``%APPDATA%\\jasslib\\progress.json`` on Windows).

    Only the name is worked out here: nothing is made or read.
    """
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME", "").strip()
    if xdg and os.path.isabs(xdg):
        base = Path(xdg)
    elif sys.platform == "win32" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    else:
        try:
            base = Path.home() / ".local" / "share"
        except RuntimeError:  # no home folder known
            raise ProgressLocationError(f"cannot find your home folder to keep your progress in: set {ENV_VAR} "
                                        "to a file (for example /tmp/progress.json)") from None
    return base / "jasslib" / "progress.json"


_PROJECT_NAME = re.compile(r"""(?m)^\s*name\s*=\s*["']jasslib["']""")


def _is_checkout(folder: Path) -> bool:
    """``folder`` is the top of a jasslib checkout: its pyproject.toml names jasslib, or it holds .git and jasslib/."""
    with contextlib.suppress(OSError):
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            with open(pyproject, encoding="utf-8", errors="replace") as fh:
                if _PROJECT_NAME.search(fh.read(100_000)):
                    return True
        if (folder / ".git").exists() and (folder / "jasslib" / "__init__.py").is_file():
            return True
    return False


def _shown(path: Path | str) -> str:
    """A path for a message: whole when short, else an excerpt."""
    text = str(path)
    return text if len(text) <= 120 else excerpt(text)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__


def _resolved(path: Any) -> Path:
    """``path`` made absolute (links followed), or :class:`ProgressLocationError` for a path that is none: not
    a text, a NUL inside, a loop of symbolic links."""
    if not isinstance(path, (str, os.PathLike)):
        raise ProgressLocationError(f"a progress file is a path (text), got {excerpt(path)}")
    text = os.fspath(path)
    if isinstance(text, bytes) or "\x00" in text:
        raise ProgressLocationError(f"{excerpt(text)} is not a file name (it holds a NUL character or bytes)")
    if not text.strip():
        raise ProgressLocationError("a progress file is a path, got an empty text")
    try:
        return Path(text).expanduser().resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # RuntimeError: a loop of symbolic links (Python < 3.13)
        raise ProgressLocationError(f"{_shown(text)} cannot be used for the progress: {_reason(exc)}") from None


def jasslib_checkout(path: str | os.PathLike[str]) -> Path | None:
    """The top folder of the jasslib checkout (repository) that ``path`` is inside, or None.

    >>> jasslib_checkout("/tmp/progress.json") is None
    True
    """
    p = _resolved(path)
    for folder in (p, *p.parents):
        if _is_checkout(folder):
            return folder
    return None


def check_location(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute, if a progress file may be kept there; else :class:`ProgressLocationError`.

    Refused: a folder, and any place inside a checkout of jasslib (progress is personal: it never goes
    into the repository, where it could be committed).
    """
    p = _resolved(path)
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        mode = None
    except NotADirectoryError:
        raise ProgressLocationError(f"{_shown(p)} cannot be a progress file: a part of its folder is a file, "
                                    "not a folder") from None
    except (OSError, ValueError) as exc:
        raise ProgressLocationError(f"{_shown(p)} cannot be used for the progress: {_reason(exc)}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise ProgressLocationError(f"{_shown(p)} is a folder: give a file for the progress, such as "
                                    f"{_shown(p / 'progress.json')}")
    if mode is not None and not stat.S_ISREG(mode):
        raise ProgressLocationError(f"{_shown(p)} is not a regular file (a pipe, a device or a socket): "
                                    "give a file for the progress")
    top = jasslib_checkout(p)
    if top is not None:
        raise ProgressLocationError(
            f"{p} is inside the jasslib repository ({top}): progress is personal and is never kept there. "
            f"Leave the default (your home folder), or set {ENV_VAR} to a file outside the repository")
    return p


# ---------------------------------------------------------------------------------------------
# Reading and writing files


def read_progress(path: str | os.PathLike[str], *, missing_ok: bool = False) -> ProgressRecord:
    """The record in file ``path``; an empty record for a missing file when ``missing_ok``.

    A missing (unless ``missing_ok``), unreadable, foreign or damaged file raises :class:`ProgressFileError`
    naming it.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ProgressFileError(f"a progress file is a path (text), got {excerpt(path)}")
    text_path = os.fspath(path)
    if isinstance(text_path, bytes) or "\x00" in text_path:
        raise ProgressFileError(f"{excerpt(text_path)} is not a file name (it holds a NUL character or bytes)")
    p = Path(text_path)
    try:
        mode = os.stat(p).st_mode  # before opening: opening a FIFO would wait for a writer for ever
        if stat.S_ISDIR(mode):
            raise IsADirectoryError
        if not stat.S_ISREG(mode):
            raise ProgressFileError(f"{_shown(p)} is not a progress file: it is not a regular file (a pipe, a "
                                    "device or a socket)")
        with open(p, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        if missing_ok:
            return ProgressRecord()
        raise ProgressFileError(f"{_shown(p)} does not exist") from None
    except IsADirectoryError:
        raise ProgressFileError(f"{_shown(p)} is a folder, not a progress file") from None
    except ProgressFileError:
        raise
    except (OSError, ValueError) as exc:
        raise ProgressFileError(f"cannot read {_shown(p)}: {_reason(exc)}") from None
    foreign = f"{p} is not a jasslib progress file"
    if len(raw) > MAX_FILE_BYTES:
        raise ProgressFileError(f"{foreign}: it is larger than {MAX_FILE_BYTES:,} bytes")
    if not raw.strip():
        raise ProgressFileError(f"{foreign}: it is empty")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (some Windows editors write one) is skipped
    except UnicodeDecodeError:
        raise ProgressFileError(f"{foreign}: it is not text (UTF-8)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProgressFileError(f"{foreign}: it is not valid JSON ({exc.msg} at line {exc.lineno}, "
                                f"column {exc.colno})") from None
    except RecursionError:
        raise ProgressFileError(f"{foreign}: it is nested too deeply") from None
    except ValueError:  # a number of thousands of digits (Python's limit on int conversion)
        raise ProgressFileError(f"{foreign}: it holds a number far too long for any count") from None
    return ProgressRecord.from_dict(data, str(p))


class AttemptLike(Protocol):
    """What a trainer's :class:`~jasslib.widgets.trainer.Attempt` holds (and :func:`save_attempt` reads)."""

    @property
    def topic(self) -> str: ...

    @property
    def correct(self) -> bool: ...

    @property
    def hint(self) -> bool: ...

    @property
    def solution(self) -> bool: ...

    @property
    def level(self) -> int | None: ...

    @property
    def right_rules(self) -> tuple[str, ...]: ...

    @property
    def wrong_rules(self) -> tuple[str, ...]: ...


class Progress:
    """A learner's progress file: ``Progress()`` (the default file, :func:`default_path`) or ``Progress(path)``.

    Nothing is read or written when it is made, only the place is checked (:func:`check_location`).
    :meth:`load` reads the record; :meth:`record` adds one checked exercise (read, add, write atomically,
    under a lock so that two notebooks open at once do not lose each other's results).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = Progress(Path(folder) / "progress.json")
    ...     before = store.load().done
    ...     right = store.record("legal", True, right_rules=("P3",)).topic("legal").right_first
    ...     print(before, right, store.set_learner("Anna").learner, store.load().done)
    0 1 Anna 1
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = check_location(default_path() if path is None else path)

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Progress) and other.path == self.path

    def __hash__(self) -> int:
        return hash(self.path)

    def load(self) -> ProgressRecord:
        """The record in the file (empty when there is no file yet); :class:`ProgressFileError` for a bad file."""
        return read_progress(self.path, missing_ok=True)

    def save(self, record: ProgressRecord) -> None:
        """Write ``record`` to the file atomically (the folder is made when missing).

        The record is checked first with the reader's own rules, so a save never writes a file that
        :func:`read_progress` would refuse (and every later save then fail).  Hidden temporary files left
        beside the file by a save that was killed are removed (those older than :data:`STALE_SECONDS`).
        """
        if not isinstance(record, ProgressRecord):
            raise ArgumentError(f"save a ProgressRecord, got {excerpt(record)}")
        try:
            ProgressRecord.from_dict(record.to_dict(), "the record")
        except ProgressFileError as exc:
            raise ArgumentError(f"not saved, the file could not be read back: {exc}") from None
        self._folder()
        self._clean_stale()
        write_atomically(self.path, record.to_json(), mode=0o600)

    def _folder(self) -> None:
        """Make the file's folder when missing; :class:`ProgressLocationError` when a part of it is a file."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise ProgressLocationError(f"{_shown(self.path)} cannot be a progress file: a part of its folder is "
                                        "a file, not a folder") from None

    def _clean_stale(self) -> None:
        """Remove ``.NAME.<hex>.tmp`` files of saves that never finished (a process killed mid-write)."""
        pattern = re.compile(rf"\.{re.escape(self.path.name)}\.[0-9a-f]{{12}}\.tmp")
        limit = time.time() - STALE_SECONDS
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.path.parent):
                if pattern.fullmatch(entry.name):
                    with contextlib.suppress(OSError):
                        if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < limit:
                            os.unlink(entry.path)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the file's lock (POSIX ``flock`` on a lock file beside it; nothing where there is none)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: atomic writes only
            yield
            return
        self._folder()
        with open(self.path.with_name(f".{self.path.name}.lock"), "a") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def update(self, change: Callable[[ProgressRecord], ProgressRecord]) -> ProgressRecord:
        """Read the record, apply ``change`` (a function of a :class:`ProgressRecord` returning one), write the
        result; returns it.  A bad file is never overwritten: :class:`ProgressFileError` is raised first."""
        with self._locked():
            record = change(self.load())
            self.save(record)
        return record

    def record(
        self,
        topic: str,
        correct: bool,
        *,
        hint: bool = False,
        solution: bool = False,
        right_rules: Iterable[str] = (),
        wrong_rules: Iterable[str] = (),
        level: int | None = None,
    ) -> ProgressRecord:
        """Add one checked exercise (the arguments of :meth:`ProgressRecord.with_result`); returns the record."""
        right, wrong = tuple(right_rules), tuple(wrong_rules)
        return self.update(lambda r: r.with_result(topic, correct, hint=hint, solution=solution, right_rules=right,
                                                   wrong_rules=wrong, level=level))

    def record_attempt(self, attempt: AttemptLike, level: int | None = None) -> ProgressRecord:
        """Add a trainer's :class:`~jasslib.widgets.trainer.Attempt`; ``level``: the trainer's level after it
        (it may have moved up), kept if higher than the attempt's own."""
        levels = [lv for lv in (attempt.level, level) if lv is not None]
        return self.record(attempt.topic, attempt.correct, hint=attempt.hint, solution=attempt.solution,
                           right_rules=attempt.right_rules, wrong_rules=attempt.wrong_rules,
                           level=max(levels) if levels else None)

    def record_answer(self, qid: str, correct: bool) -> ProgressRecord:
        """Add one check of the end-of-notebook question ``qid`` (:meth:`ProgressRecord.with_answer`)."""
        name = _check_question_id(qid)
        return self.update(lambda r: r.with_answer(name, correct))

    def record_round(self, hints: int = 0, cards: int = 0, label: str = "") -> ProgressRecord:
        """Add one round finished at the round player (:meth:`ProgressRecord.with_round`)."""
        RoundsProgress().with_round(hints, cards, label)  # validated before the file is touched
        return self.update(lambda r: r.with_round(hints, cards, label))

    def record_round_accuracy(self, label: str, judged: int, mean_lost: float, within_2: float) -> ProgressRecord:
        """Add the accuracy of the round ``label`` once it is reviewed (:meth:`ProgressRecord.with_round_accuracy`)."""
        _check_label(label)
        _check_accuracy(judged, mean_lost, within_2)  # validated before the file is touched
        return self.update(lambda r: r.with_round_accuracy(label, judged, mean_lost, within_2))

    def set_learner(self, name: str | None) -> ProgressRecord:
        """Save the learner's name (used when the record is exported for the class); None removes it."""
        checked = _check_learner(name)
        return self.update(lambda r: r.with_learner(checked))


def _class_folder(folder: object) -> None:
    """Refuse a class folder that is not a path: a :class:`ProgressLocationError`."""
    if not isinstance(folder, (str, os.PathLike)) or isinstance(os.fspath(folder), bytes):
        raise ProgressLocationError(f"a class folder is a path (text), got {excerpt(folder)}")


def class_learner_path(folder: str | os.PathLike[str], learner: str) -> Path:
    """The progress file of learner ``learner`` (an id, :data:`LEARNER_ID`) in the class folder ``folder``.

    >>> class_learner_path("/tmp/class-7b", "anna-muster").name
    'anna-muster.json'
    >>> class_learner_path("/tmp/class-7b", "../teacher")
    Traceback (most recent call last):
    ...
    jasslib.progress.ProgressLocationError: '../teacher' is not a learner's id (lower-case letters, digits, hyphens)
    """
    _class_folder(folder)
    if not isinstance(learner, str) or not LEARNER_ID.fullmatch(learner):
        raise ProgressLocationError(f"{_short(learner)} is not a learner's id (lower-case letters, digits, hyphens)")
    return Path(folder).expanduser() / f"{learner}.json"


REQUEST_WAIT_SECONDS = 600.0
"""How long a pre-started kernel keeps trying to reach Voilà for its page's request once a try failed (the
server busy, a connection dropped): :func:`_voila_request_info`."""


def _voila_request_info(url: str | None = None, give_up: float = REQUEST_WAIT_SECONDS) -> dict[str, str] | None:
    """The details of the page's request for a kernel Voilà started ahead (its pool), from Voilà's request-info
    socket (``<server>/voila/query/<kernel id>``): it answers once the page is requested, which may be
    long after the kernel rendered the page ahead.

    Voilà's own ``voila.utils.wait_for_request`` tries once, gives the server 5 s to open the socket and ends
    on a dropped connection, so on a busy server a learner's page could lose who its learner is.  Here a
    failed try is tried again (one second apart, for up to ``give_up`` seconds in a row) and the socket is
    opened with a generous timeout; the classroom server keeps the request's details until the kernel
    ends, so a second try still gets them.  None when nothing came.

    >>> _voila_request_info("ws://127.0.0.1:9/voila/query", give_up=0) is None   # nothing listens there
    True
    """
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    if url is None:
        protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
        host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
        port = os.environ.get("VOILA_APP_PORT", "8866")
        base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
        url = f"{protocol}://{host}:{port}{base}voila/query"
    address = f"{url}/{os.environ.get('VOILA_KERNEL_ID', '')}"
    failed_since: float | None = None
    while True:
        try:
            # no keep-alive pings: a server too busy to answer one in time would drop the wait for nothing
            with connect(address, open_timeout=60, ping_interval=None, close_timeout=2) as socket:
                failed_since = None
                message = socket.recv()
            info = json.loads(message)
            return {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else None
        except (OSError, TimeoutError, WebSocketException, ValueError):
            now = time.monotonic()
            failed_since = now if failed_since is None else failed_since
            if now - failed_since >= give_up:
                return None
            time.sleep(1.0)


def _voila_request_learner() -> str:
    """The learner id the classroom app sent with the page's request ('' when there is none).

    A kernel Voilà started for the request has it in its environment; a pre-started kernel (Voilà's pool)
    gets the request's details when it asks Voilà for them (:func:`_voila_request_info`, which waits until
    its page has been requested: a trainer checks only after that).
    """
    if _waits_for_voila_request():
        with _REQUEST_LOCK:  # one wait a kernel: the progress panel's, and a trainer's check after it
            if _waits_for_voila_request():
                info = _voila_request_info()
                if info:
                    os.environ.update(info)  # as Voilà does: the page's query string and headers, for the notebook
    return os.environ.get(LEARNER_ENV_VAR, "").strip()


def _waits_for_voila_request() -> bool:
    """Whether this is a kernel Voilà started ahead (its pool) that does not know its learner yet."""
    return os.environ.get("VOILA_PREHEAT") == "True" and not os.environ.get(LEARNER_ENV_VAR, "").strip()


_REQUEST_LOCK = threading.Lock()


class LearnerProgress(Progress):
    """The progress file of the learner a classroom kernel serves: ``LearnerProgress(folder)``.

    Which learner is found at the first read or write (``learner``: a given id; by default the one the
    classroom app sent, :data:`LEARNER_ENV_VAR`), so a kernel started before its learner arrived records to
    the right file.  Reading and writing are those of :class:`Progress` (atomic, under a lock).  Without a
    learner nothing is written: :class:`ProgressLocationError` says why (a trainer shows it, and goes on).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = LearnerProgress(folder, learner="anna")
    ...     print(store.record("legal", True).done, store.path.name)
    1 anna.json
    """

    def __init__(self, folder: str | os.PathLike[str], learner: str | None = None) -> None:
        _class_folder(folder)
        self.folder = Path(folder).expanduser()
        self._learner = learner
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        """The learner's file (found at the first use; setting it names the file directly)."""
        if self._path is None:
            learner = self._learner if self._learner is not None else _voila_request_learner()
            if not learner:
                raise ProgressLocationError("no learner is known for this page: open it with your own link "
                                            "from the teacher (or give your name on the class's page)")
            self._path = check_location(class_learner_path(self.folder, learner))
        return self._path

    @path.setter
    def path(self, value: Path) -> None:
        self._path = check_location(value)

    @property
    def waits_for_page(self) -> bool:
        """Whether the first use waits for the page's request: a kernel Voilà started ahead (its pool) that does
        not know its learner yet.  A progress panel then shows itself at once and fills in once it is known, so
        the page a learner opens has the panel's widgets from the start.

        >>> LearnerProgress("/tmp/class-7b", learner="anna").waits_for_page
        False
        """
        return self._path is None and self._learner is None and _waits_for_voila_request()

    def __repr__(self) -> str:
        who = self._learner if self._path is None else self._path.stem
        return f"LearnerProgress({str(self.folder)!r}, learner={who!r})"


def default_store() -> Progress:
    """The store used when none is named: the classroom learner's file (:class:`LearnerProgress`) when
    :data:`CLASS_ENV_VAR` names a class folder, else the learner's own default file (:func:`default_path`)."""
    folder = os.environ.get(CLASS_ENV_VAR, "").strip()
    return LearnerProgress(folder) if folder else Progress()


ProgressSpec = Progress | str | os.PathLike[str] | bool | None
"""What the ``progress`` argument of the trainers and the panel takes: a :class:`Progress`, a file path,
True (the default file), False (no recording) or None (the trainers' default: see :func:`trainer_progress`)."""


def in_notebook() -> bool:
    """Running in a Jupyter kernel (a notebook, JupyterLab, Voilà), not in plain Python or a terminal."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    shell = get() if callable(get) else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def open_progress(progress: ProgressSpec = True) -> Progress | None:
    """The store ``progress`` asks for: a :class:`Progress` as it is, a path's file, True the default file,
    False or None none."""
    if progress is None or progress is False:
        return None
    if progress is True:
        return default_store()
    if isinstance(progress, Progress):
        return progress
    if isinstance(progress, (str, os.PathLike)):
        return Progress(progress)
    raise ArgumentError(f"progress is a Progress, a file path, True or False, got {_short_repr(progress)}")


def trainer_progress(progress: ProgressSpec = None) -> Progress | None:
    """The store a trainer records to: as :func:`open_progress`, except the default ``None``, which records
    to the default file when running in a Jupyter kernel (notebooks and the app) and not otherwise (plain
    Python, scripts, doctests).  Under pytest the default never records unless :data:`ENV_VAR` is set, so a
    test run cannot write to the real home folder.  A default file that cannot be used is warned about,
    not raised: the trainer then works without recording."""
    if progress is not None:
        return open_progress(progress)
    if not in_notebook():
        return None
    if "PYTEST_CURRENT_TEST" in os.environ and not (os.environ.get(ENV_VAR, "").strip()
                                                    or os.environ.get(CLASS_ENV_VAR, "").strip()):
        return None
    try:
        return default_store()
    except ProgressFileError as exc:
        warnings.warn(f"your progress is not recorded: {exc}", stacklevel=3)
        return None


def save_attempt(store: Progress | None, attempt: AttemptLike, level: int | None = None) -> str | None:
    """Record ``attempt`` in ``store`` (nothing when None).  Never raises: returns None when saved (or when
    there is no store), else one sentence for the learner saying why the progress was not saved.  (A ``store``
    that is not a :class:`Progress`, or an ``attempt`` without an attempt's fields, is a mistake in the calling
    code, not the learner's: an ArgumentError.)"""
    if store is None:
        return None
    if not isinstance(store, Progress):
        raise ArgumentError(f"store: a Progress (or None), got {excerpt(store)}")
    missing = [f for f in ("topic", "correct", "hint", "solution", "level", "right_rules", "wrong_rules")
               if not hasattr(attempt, f)]
    if missing:
        raise ArgumentError(f"attempt: a trainer's Attempt (with {', '.join(missing)}), got {excerpt(attempt)}")
    try:
        store.record_attempt(attempt, level)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"Your progress was not saved ({reason})."
    return None


def save_answer(store: Progress | None, qid: str, correct: bool) -> str | None:
    """Record one check of question ``qid`` in ``store`` (nothing when None); never raises, as
    :func:`save_attempt`: None when saved, else one sentence saying why the progress was not saved."""
    if store is None:
        return None
    if not isinstance(store, Progress):
        raise ArgumentError(f"store: a Progress (or None), got {excerpt(store)}")
    _check.flag(correct, "correct")  # the caller's mistake is raised, a file that cannot be written said
    try:
        store.record_answer(qid, correct)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"Your progress was not saved ({reason})."
    return None


# ---------------------------------------------------------------------------------------------
# For the class: export and merge


def export_progress(
    out: str | os.PathLike[str],
    progress: str | os.PathLike[str] | Progress | None = None,
    name: str | None = None,
) -> tuple[Path, ProgressRecord]:
    """Write a copy of a learner's record to ``out`` (a ``.json`` file, atomically), with ``name`` as the
    learner's name (default: the name saved in the record).  ``progress``: the learner's file (default:
    :func:`default_path`).  The copy is a progress file itself, so the class table reads it as it is.

    Raises :class:`ProgressFileError` when there is no record yet or the file is bad, ValueError for an
    output name that does not end in ``.json``, OSError when the output folder does not exist.
    """
    target = _output_path(out, (".json",))
    store = progress if isinstance(progress, Progress) else Progress(progress)
    if not store.path.exists():
        raise ProgressFileError(f"there is no progress to export yet: {store.path} does not exist "
                                "(no exercise has been checked with it)")
    record = store.load()
    if name is not None:
        record = record.with_learner(name)
    write_atomically(target, record.to_json())
    return target, record


def _output_path(out: str | os.PathLike[str], suffixes: tuple[str, ...]) -> Path:
    if not isinstance(out, (str, os.PathLike)) or "\x00" in os.fspath(out):
        raise ArgumentError(f"the output file is a path (text without NUL), got {excerpt(out)}")
    p = Path(out).expanduser()
    if p.suffix.lower() not in suffixes:
        raise ArgumentError(f"the output file must end in {' or '.join(suffixes)}, got {_short(str(out))}")
    if p.is_dir():
        raise IsADirectoryError(f"{str(p)!r} is a folder, not an output file")
    if not p.parent.is_dir():
        raise FileNotFoundError(f"the folder of {str(p)!r} does not exist")
    return p


@dataclass(frozen=True)
class ClassTable:
    """A class's records merged: one row per learner (label, file, record), the topics as columns (course
    order, then any other topic met), the end-of-notebook questions any learner checked, and one sentence
    per file that could not be read."""

    rows: tuple[tuple[str, str, ProgressRecord], ...]
    topics: tuple[str, ...]
    problems: tuple[str, ...]
    questions: tuple[str, ...] = ()
    """The end-of-notebook questions any learner checked, in course order (``("04.1", "04.2")``)."""

    @property
    def notebooks(self) -> tuple[str, ...]:
        """The notebooks of :attr:`questions`, in course order."""
        return tuple(dict.fromkeys(q.split(".")[0] for q in self.questions))


def merge_class(paths: Iterable[str | os.PathLike[str]]) -> ClassTable:
    """Read each learner's file (exported or the progress file itself) into a :class:`ClassTable`.

    A file that cannot be read (missing, foreign, damaged) is left out with one sentence naming it in
    :attr:`ClassTable.problems`; the others are merged.  A learner is labelled by the name in the record,
    else by the file's name; two rows with one label get the file's name added.
    """
    rows: list[tuple[str, str, ProgressRecord]] = []
    problems: list[str] = []
    for path in _path_list(paths):
        try:
            record = read_progress(path)
        except ProgressFileError as exc:
            problems.append(f"{exc}; left out")
            continue
        rows.append((record.learner or Path(path).stem, str(path), record))
    labels = [label for label, _, _ in rows]
    rows = [(f"{label} ({Path(src).name})" if labels.count(label) > 1 else label, src, rec)
            for label, src, rec in rows]
    extra = sorted({t.topic for _, _, rec in rows for t in rec.topics if t.topic not in TOPICS})
    questions = sorted({q.question for _, _, rec in rows for q in rec.questions}, key=_question_key)
    return ClassTable(tuple(rows), (*TOPICS, *extra), tuple(problems), tuple(questions))


def _cell(text: str) -> str:
    """A CSV cell that a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _missed_words(record: ProgressRecord, count: int = 3) -> str:
    return ", ".join(f"{r.rule} ({r.wrong}×)" for r in record.missed_most(count))


def _round_numbers(record: ProgressRecord) -> tuple[str, str, str, str, str]:
    """Rounds played, hints asked at them, rounds reviewed among the recent ones, and the latest reviewed
    round's mean expected points lost per card and share of cards within 2 points ("" when none)."""
    r = record.rounds
    last = r.reviewed[-1] if r.reviewed else None
    lost = "" if last is None or last.mean_lost is None else f"{last.mean_lost:.1f}"
    within = "" if last is None or last.within_2 is None else f"{last.within_2:.0%}"
    return str(r.played), str(r.hints), str(len(r.reviewed)), lost, within


def _check_table(table: Any) -> None:
    if not isinstance(table, ClassTable):
        raise ArgumentError(f"expected a ClassTable (see merge_class), got {excerpt(table)}")


def class_csv(table: ClassTable) -> str:
    """The class table as CSV: learner, file, totals, then done / right first time / hints per topic, the
    rules missed most, the rounds played at the round and game players (with their hints, the rounds reviewed
    and the latest reviewed round's accuracy: expected points lost per card, share of cards within 2 points),
    then the end-of-notebook questions: how many are right (and right at the first check) and the checks made,
    and per question checked by anyone whether it is right (``yes``, ``no``; empty when not answered) and its
    attempts.

    >>> rec = ProgressRecord().with_result("legal", True).with_answer("04.2", False).with_answer("04.2", True)
    >>> rec = replace(rec, rounds=RoundsProgress().with_round(1, 0, "7").with_accuracy("7", 9, 1.5, 0.778))
    >>> t = ClassTable((("Anna", "anna.json", rec),), ("legal",), (), ("04.2",))
    >>> print(class_csv(t))
    learner,file,done,right first time,hints,legal done,legal right first time,legal hints,rules missed most,\
rounds played,round hints,rounds reviewed,latest round lost per card,latest round within 2,\
questions right,questions right first time,question attempts,04.2 right,04.2 attempts
    Anna,anna.json,1,1,0,1,1,0,,1,1,1,1.5,78%,1,0,2,yes,2
    <BLANKLINE>
    """
    _check_table(table)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head = ["learner", "file", "done", "right first time", "hints"]
    for topic in table.topics:
        head += [f"{topic} done", f"{topic} right first time", f"{topic} hints"]
    head += ["rules missed most", "rounds played", "round hints", "rounds reviewed", "latest round lost per card",
             "latest round within 2", "questions right", "questions right first time", "question attempts"]
    for qid in table.questions:
        head += [f"{qid} right", f"{qid} attempts"]
    writer.writerow(head)
    for label, source, rec in table.rows:
        row = [_cell(label), _cell(Path(source).name), str(rec.done), str(rec.right_first), str(rec.hints)]
        for topic in table.topics:
            t = rec.topic(topic)
            row += [str(t.done), str(t.right_first), str(t.hints)]
        row += [_missed_words(rec), *_round_numbers(rec), str(rec.questions_right),
                str(sum(q.right_first for q in rec.questions)), str(rec.question_attempts)]
        for qid in table.questions:
            q = rec.question(qid)
            row += ["yes" if q.right else "no", str(q.attempts)] if q.attempts else ["", ""]
        writer.writerow(row)
    return out.getvalue()


def class_html(table: ClassTable, title: str = "Class progress") -> str:
    """The class table as a standalone HTML page: one row per learner, one column per topic with
    "done · right first time · hints", the totals, the rules missed most, the rounds played (and the latest
    reviewed round's accuracy), and the files left out."""
    _check_table(table)
    if not isinstance(title, str) or len(title) > 200:
        raise ArgumentError(f"title: a short text, got {excerpt(title)}")
    esc = html.escape
    head = "".join(f"<th title='{esc(t)}'>{esc(TOPIC_TITLES.get(t, t))}</th>" for t in table.topics)
    body = []
    for label, source, rec in table.rows:
        cells = []
        for topic in table.topics:
            t = rec.topic(topic)
            text = f"{t.done} · {t.right_first} · {t.hints}" if t.done else "–"
            cells.append(f"<td class='num'>{text}</td>")
        played, hints, _, lost, within = _round_numbers(rec)
        rounds = "–" if played == "0" else f"{played} played · {hints} hints"
        if lost:
            rounds += f"; latest: {lost} lost per card, {within} within 2"
        body.append(f"<tr><th scope='row' title='{esc(Path(source).name)}'>{esc(label)}</th>"
                    f"<td class='num'>{rec.done} · {rec.right_first} · {rec.hints}</td>{''.join(cells)}"
                    f"<td>{esc(_missed_words(rec))}</td><td class='rounds'>{esc(rounds)}</td></tr>")
    answers = _class_questions_html(table)
    left_out = ""
    if table.problems:
        items = "".join(f"<li>{esc(p)}</li>" for p in table.problems)
        left_out = f"<h2>Files left out</h2><ul>{items}</ul>"
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{esc(title)}</title><style>body{{font-family:sans-serif}} table{{border-collapse:collapse}} "
        "th,td{border:1px solid #bbb;padding:2px 6px} td.num{text-align:center;white-space:nowrap}</style>"
        f"</head><body><h1>{esc(title)}</h1>"
        f"<p>{len(table.rows)} learners. Each cell: exercises done · right at the first check · after a hint.</p>"
        f"<table><thead><tr><th>Learner</th><th>All topics</th>{head}<th>Rules missed most</th>"
        "<th title='at the round and game players; accuracy from the learner&#39;s own view'>Rounds</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>{answers}{left_out}</body></html>\n"
    )


def _class_questions_html(table: ClassTable) -> str:
    """The second table of :func:`class_html`: learner × notebook, the end-of-notebook questions checked."""
    if not table.questions:
        return "<h2>End-of-notebook questions</h2><p>No learner has checked a question yet.</p>"
    esc = html.escape
    head = "".join(f"<th>Notebook {esc(nb)}</th>" for nb in table.notebooks)
    body = []
    for label, source, rec in table.rows:
        cells = []
        for nb in table.notebooks:
            n = rec.notebook_questions(nb)
            detail = "; ".join(f"{q.question}: {'right' if q.right else 'not right yet'}, "
                               f"{q.attempts} attempt{'s' if q.attempts > 1 else ''}" for q in rec.questions_of(nb))
            text = f"{n.right} of {n.answered} · {n.right_first} · {n.attempts}" if n.answered else "–"
            cells.append(f"<td class='num' title='{esc(detail)}'>{text}</td>")
        wrong = ", ".join(f"{q.question} ({q.attempts}×)" for q in rec.questions if not q.right)
        first = sum(q.right_first for q in rec.questions)
        total = (f"{rec.questions_right} of {len(rec.questions)} · {first} · {rec.question_attempts}"
                 if rec.questions else "–")
        body.append(f"<tr><th scope='row' title='{esc(Path(source).name)}'>{esc(label)}</th>"
                    f"<td class='num'>{total}</td>{''.join(cells)}<td>{esc(wrong)}</td></tr>")
    return (
        "<h2>End-of-notebook questions</h2>"
        "<p>Each cell: questions right of those checked · right at the first check · checks made "
        "(point at a cell for each question).</p>"
        f"<table class='questions'><thead><tr><th>Learner</th><th>All notebooks</th>{head}"
        f"<th>Not right yet (checks)</th></tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def write_class_table(paths: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str]) -> ClassTable:
    """Merge the learners' files (:func:`merge_class`) and write the table to ``out`` (``.csv`` or ``.html``,
    atomically).  Files that cannot be read are left out (see :attr:`ClassTable.problems`); when none can
    be, nothing is written and :class:`ProgressFileError` lists them.  ValueError for no files or a bad
    output name, OSError when the output folder does not exist."""
    paths = _path_list(paths)
    if not paths:
        raise ArgumentError("give at least one learner's progress file")
    target = _output_path(out, (".csv", ".html", ".htm"))
    table = merge_class(paths)
    if not table.rows:
        raise ProgressFileError("no file could be merged: " + " ".join(table.problems))
    text = class_csv(table) if target.suffix.lower() == ".csv" else class_html(table)
    write_atomically(target, text)
    return table



def save_round(store: Progress | None, hints: int = 0, cards: int = 0, label: str = "") -> str | None:
    """Record one finished round with its hints in ``store`` (nothing when None); never raises, as
    :func:`save_attempt`: None when saved, else one sentence saying why the progress was not saved."""
    if store is None:
        return None
    if not isinstance(store, Progress):
        raise ArgumentError(f"store: a Progress (or None), got {excerpt(store)}")
    try:
        store.record_round(hints, cards, label)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"Your progress was not saved ({reason})."
    return None


def save_round_accuracy(store: Progress | None, label: str, accuracy: Any) -> str | None:
    """Record the accuracy of the finished round ``label`` in ``store`` once it is reviewed (nothing when None):
    ``accuracy`` has ``cards``, ``mean_lost`` and ``within_2`` (a :class:`jasslib.analysis.Accuracy`).  Never
    raises, as :func:`save_round`."""
    if store is None:
        return None
    if not isinstance(store, Progress):
        raise ArgumentError(f"store: a Progress (or None), got {excerpt(store)}")
    missing = [f for f in ("cards", "mean_lost", "within_2") if not hasattr(accuracy, f)]
    if missing:
        raise ArgumentError(f"accuracy: an Accuracy (with {', '.join(missing)}), got {excerpt(accuracy)}")
    try:
        store.record_round_accuracy(label, accuracy.cards, accuracy.mean_lost, accuracy.within_2)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"Your progress was not saved ({reason})."
    return None
