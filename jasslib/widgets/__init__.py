"""Interactive widgets for the notebooks (ipywidgets): exercise trainers and a table to play at.

This package is the only part of jasslib that imports ipywidgets.  The widgets state no rule of
their own: they ask the engine (``Round.legal_cards``, ``Round.check``) and the exercises
(``Exercise.check``) and show the answers, which cite the rule ids of RULES.md.

* :class:`Trainer` (and :func:`trainer` and a shortcut per topic such as :func:`legal_cards_trainer`
  or :func:`deal_trainer`): a series of exercises on one topic, with Check, Hint, Show solution, New
  exercise, a seed field, levels and a tally.
* :func:`review_trainer` (mixed topics) and :func:`final_check` (about twenty mixed items ending with
  a score per rule id).
* :class:`RoundPlayer`: a whole round against three bots.
* :class:`GamePlayer`: a whole game to the target against three bots of a strength chosen per seat
  (random, rule-based, search), with the running score, saved and resumed as the JSON of a ``Game``.
* :class:`ContractAdvisor`: deal or type a hand and see each contract's expected score as bars, schieben's
  value and the advisor's choice in one sentence (:class:`AdviceBox`: the same as the **What would you
  name?** button of the table widgets).
* :class:`HintBox`: the two-stage **Hint** button a table widget adds in one line.
* :class:`MistakesPanel`: a finished round's accuracy from the learner's own view and **Learn from your
  mistakes** (the round and game players hold one).
* :func:`trainers_page`: every registered topic's trainer on one page, each under a heading with an anchor
  (the app's page of trainers).

In a notebook, the last expression of a cell shows the widget::

    from jasslib.widgets import legal_cards_trainer, RoundPlayer
    legal_cards_trainer(seed="class 3b")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names as _lazy_names
from ._kernel import keep_every_output_message as _keep_every_output_message

# the trainers and their page, eagerly: light, and two of their names (trainer, trainers_page) are also the names of
# their modules, which an import of the module would otherwise put in their place
from .trainer import (
    FinalCheck,
    ReviewTrainer,
    Tally,
    Trainer,
    announce_trainer,
    claim_check_trainer,
    claim_trainer,
    contest_trainer,
    contract_trainer,
    deal_trainer,
    final_check,
    legal_cards_trainer,
    play_trainer,
    review_trainer,
    revoke_trainer,
    schneider_trainer,
    score_trainer,
    stoeck_timing_trainer,
    stoeck_trainer,
    trainer,
    trick_trainer,
    weis_trainer,
)
from .trainers_page import TrainersPage, trainers_page

if TYPE_CHECKING:  # the names as they are, for type checkers; at run time each module is imported on first use
    from .advisor import AdviceBox, ContractAdvisor, advice_bars_html
    from .game_player import GamePlayer
    from .hint import HintBox
    from .mistakes import MistakesPanel
    from .round_player import RoundPlayer

_MODULES: dict[str, str] = {
    "AdviceBox": "advisor", "ContractAdvisor": "advisor", "advice_bars_html": "advisor", "GamePlayer": "game_player",
    "HintBox": "hint", "MistakesPanel": "mistakes", "RoundPlayer": "round_player",
}
"""The module of each of the players and boxes: imported when the name is first asked for, so that a page with only
trainers (a chapter of the rules) does not import the players, the solver and numba that they need (a kernel of such
a page, measured: 75 -> 46 MB of its own memory, 0.32 s less CPU)."""


__getattr__, __dir__ = _lazy_names(__name__, _MODULES, globals())


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
    "deal_trainer",
    "contract_trainer",
    "announce_trainer",
    "stoeck_timing_trainer",
    "claim_check_trainer",
    "revoke_trainer",
    "schneider_trainer",
    "play_trainer",
    "ReviewTrainer",
    "review_trainer",
    "FinalCheck",
    "final_check",
    "RoundPlayer",
    "HintBox",
    "MistakesPanel",
    "GamePlayer",
    "ContractAdvisor",
    "AdviceBox",
    "advice_bars_html",
    "TrainersPage",
    "trainers_page",
]

_keep_every_output_message()  # in a Jupyter kernel: a page of widgets loses no message on its way (see _kernel)
