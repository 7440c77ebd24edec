"""The registry of exercise topics: the one list the exercises, trainers and worksheets read.

Each topic is a module of this package that defines ``TOPIC = Topic(...)``; :data:`BUILTIN` lists
them in course order, and a new topic is one new module plus one entry there.  A topic defined
elsewhere (a teacher's own, in a notebook) joins with :func:`register`.  The functions that read and
change the registry live in :mod:`jasslib.exercises.base` (an Exercise looks its topic up there) and
are re-exported here.

>>> [t.name for t in topics()]
['legal', 'trick', 'weis', 'contest', 'stoeck', 'score', 'claim']
>>> get_topic("weis").title
'Weis: the best declaration'
>>> get_topic("poker")
Traceback (most recent call last):
...
ValueError: unknown topic 'poker': expected one of legal, trick, weis, contest, stoeck, score, claim
"""

from __future__ import annotations

from . import claim, contest, legal, score, stoeck, trick, weis
from .base import Topic, get_topic, register, topic_names, topics, unregister

__all__ = ["BUILTIN", "register", "unregister", "get_topic", "topics", "topic_names"]

BUILTIN: tuple[Topic, ...] = (
    legal.TOPIC,
    trick.TOPIC,
    weis.TOPIC,
    contest.TOPIC,
    stoeck.TOPIC,
    score.TOPIC,
    claim.TOPIC,
)
"""The course's topics, in course order."""

for _topic in BUILTIN:
    register(_topic)
del _topic
