"""The registry of exercise topics: the one list the exercises, trainers and worksheets read.

Each topic is a module of this package that defines ``TOPIC = Topic(...)``; :data:`BUILTIN` lists
them in course order, and a new topic is one new module plus one entry there.  A topic defined
elsewhere (a teacher's own, in a notebook) joins with :func:`register`.  The functions that read and
change the registry live in :mod:`jasslib.exercises.base` (an Exercise looks its topic up there) and
are re-exported here.

>>> [t.name for t in topics()]  # doctest: +NORMALIZE_WHITESPACE
['deal', 'contract', 'legal', 'trick', 'weis', 'contest', 'announce', 'stoeck', 'stoeck_timing', 'score',
 'claim', 'claim_check', 'revoke', 'schneider', 'play']
>>> get_topic("weis").title
'Weis: the best declaration'
>>> get_topic("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
jasslib.errors.ArgumentError: unknown topic 'poker': expected one of deal, contract, ..., play
"""

from __future__ import annotations

from . import (
    announce,
    claim,
    claim_check,
    contest,
    contract,
    deal,
    legal,
    puzzles,
    revoke,
    schneider,
    score,
    stoeck,
    stoeck_timing,
    trick,
    weis,
)
from .base import Topic, get_topic, register, topic_names, topics, unregister

__all__ = ["BUILTIN", "register", "unregister", "get_topic", "topics", "topic_names"]

BUILTIN: tuple[Topic, ...] = (
    deal.TOPIC,
    contract.TOPIC,
    legal.TOPIC,
    trick.TOPIC,
    weis.TOPIC,
    contest.TOPIC,
    announce.TOPIC,
    stoeck.TOPIC,
    stoeck_timing.TOPIC,
    score.TOPIC,
    claim.TOPIC,
    claim_check.TOPIC,
    revoke.TOPIC,
    schneider.TOPIC,
    puzzles.TOPIC,
)
"""The course's topics, in course order (the order of the notebooks that teach them)."""

for _topic in BUILTIN:
    register(_topic)
del _topic
