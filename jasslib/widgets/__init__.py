"""Interactive widgets for the notebooks (ipywidgets): exercise trainers and a table to play at.

This package is the only part of jasslib that imports ipywidgets.  The widgets state no rule of
their own: they ask the engine (``Round.legal_cards``, ``Round.check``) and the exercises
(``Exercise.check``) and show the answers, which cite the rule ids of RULES.md.

* :class:`Trainer` (and :func:`trainer`, :func:`legal_cards_trainer`, :func:`trick_trainer`,
  :func:`weis_trainer`, :func:`contest_trainer`, :func:`stoeck_trainer`, :func:`score_trainer`,
  :func:`claim_trainer`): a series of exercises on one topic, with Check, Show solution, New
  exercise, a seed field and a tally.
* :class:`RoundPlayer`: a whole round against three bots.

In a notebook, the last expression of a cell shows the widget::

    from jasslib.widgets import legal_cards_trainer, RoundPlayer
    legal_cards_trainer(seed="class 3b")
"""

from __future__ import annotations

from .round_player import RoundPlayer
from .trainer import (
    Tally,
    Trainer,
    claim_trainer,
    contest_trainer,
    legal_cards_trainer,
    score_trainer,
    stoeck_trainer,
    trainer,
    trick_trainer,
    weis_trainer,
)

__all__ = [
    "Trainer",
    "Tally",
    "trainer",
    "legal_cards_trainer",
    "trick_trainer",
    "weis_trainer",
    "contest_trainer",
    "stoeck_trainer",
    "score_trainer",
    "claim_trainer",
    "RoundPlayer",
]
