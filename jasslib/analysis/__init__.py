"""Analysis helpers for the strategy notebooks: exact Weis and Stöck odds, best contracts per deal, plots,
double-dummy reviews and tables, the beginners' tips put to the test.

An optional package: it needs numpy and pandas (the ``sim`` extra) and matplotlib for the plots (the
``notebooks`` extra); the core engine never imports it.  Nothing here restates a rule of play: the
empirical side asks the engine (:func:`~jasslib.weis.find_weis`, :func:`~jasslib.simulation.simulate`,
:func:`~jasslib.solver.solve`), the exact side counts hands.  One module per concern, every name
importable from ``jasslib.analysis`` itself:

* :mod:`~jasslib.analysis.odds`: exact Weis and Stöck odds, and the same events counted on dealt hands;
* :mod:`~jasslib.analysis.frames`: simulated rounds read for strategy (best contracts, schieben, summaries);
* :mod:`~jasslib.analysis.plots`: histograms and box plots per contract;
* :mod:`~jasslib.analysis.postmortem`: a round reviewed card by card with all cards open (:func:`review`, and
  :class:`LiveReview` judging each trick in the background while the round is played), and the price
  of not seeing the hidden cards (:func:`best_by_layout`, on :func:`jasslib.players.sampling.sample_layouts`);
* :mod:`~jasslib.analysis.dd`: double-dummy tables of one deal and of many;
* :mod:`~jasslib.analysis.tips`: the beginners' tips of the modern rules page, measured;
* :mod:`~jasslib.analysis.history`: a round's history as a table;
* :mod:`~jasslib.analysis.coach`: a two-stage hint at the table, from the seat's own view (:func:`hint`).
* :mod:`~jasslib.analysis.mistakes`: Learn from your mistakes, the positions of a round where a card cost
  expected points, asked again (:class:`MistakesLesson`).
* :mod:`~jasslib.analysis.playing_well`: the contract choosers compared with the play held fixed, and random,
  rule-based, search and double-dummy play per contract (notebook 14).
* :mod:`~jasslib.analysis.advisor`: which contract to name with a hand (:func:`advise`), by sampling the unseen
  cards and playing them out, and the choosers it is measured against (the bots', the Lucerne course's table).

>>> from jasslib import analysis
>>> analysis.p_stoeck(), analysis.review is analysis.postmortem.review
(Fraction(2, 35), True)
"""

from __future__ import annotations

from ..players.sampling import sample_layouts
from .advisor import (
    CHOOSERS,
    DEFAULT_SAMPLES,
    LUCERNE_OBENABE,
    LUCERNE_SIDE,
    LUCERNE_THRESHOLD,
    LUCERNE_TRUMP,
    LUCERNE_UNDENUFE,
    OBJECTIVES,
    PLAYOUTS,
    Advice,
    Outlook,
    advise,
    advisor_choice,
    choose_batch,
    lucerne_choice,
    lucerne_values,
    rule_choice,
)
from .coach import (
    IDEAS,
    MISTAKE_POINTS,
    OWN_VIEW_COLUMNS,
    Accuracy,
    Hint,
    Idea,
    JudgedCard,
    PositionFacts,
    hint,
    idea_for,
    judge_own_view,
    own_view_accuracy,
    own_view_table,
    position_facts,
    review_own_view,
)
from .dd import dd_best, dd_scores, dd_table, dd_vs_rule, feature_fit
from .frames import best_contracts, compare_rulesets, compare_summaries, raw_vs_multiplied, schieben_table
from .history import history_table
from .mistakes import OUTCOMES, RIGHT_WITHIN, STAGES, Answer, MistakesLesson
from .odds import (
    DECK_SIZE,
    HAND_SIZE,
    RANK_NAMES,
    TOTAL_HANDS,
    count_hands,
    exact_weis_table,
    longest_run,
    p_any_weis,
    p_four_of_a_kind,
    p_holds,
    p_longest_sequence,
    p_sequence_at_least,
    p_stoeck,
    weis_check,
    weis_events,
    weis_ranks,
)
from .playing_well import chooser_rounds, chooser_summary, hindsight_best, play_by_contract
from .plots import box_by_contract, hist_grid
from .postmortem import (
    REVIEW_COLUMNS,
    LineComparison,
    LiveReview,
    best_by_layout,
    compare_lines,
    review,
    review_losses,
    review_totals,
)
from .tips import (
    TIP_KINDS,
    TIP_SAMPLE_ROUNDS,
    TIP_SAMPLE_SEED,
    tip_obenabe,
    tip_positions,
    tip_puur_naell,
    tip_sample,
    tip_schieben,
    tip_summary,
    tip_weis,
)

__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "TOTAL_HANDS",
    "RANK_NAMES",
    "longest_run",
    "count_hands",
    "p_holds",
    "p_stoeck",
    "p_sequence_at_least",
    "p_longest_sequence",
    "p_four_of_a_kind",
    "p_any_weis",
    "weis_ranks",
    "exact_weis_table",
    "weis_events",
    "weis_check",
    "best_contracts",
    "schieben_table",
    "compare_summaries",
    "raw_vs_multiplied",
    "hist_grid",
    "box_by_contract",
    "REVIEW_COLUMNS",
    "review",
    "review_totals",
    "dd_table",
    "dd_scores",
    "dd_best",
    "dd_vs_rule",
    "feature_fit",
    "TIP_KINDS",
    "tip_puur_naell",
    "tip_schieben",
    "tip_obenabe",
    "tip_weis",
    "tip_positions",
    "tip_summary",
    "TIP_SAMPLE_SEED",
    "TIP_SAMPLE_ROUNDS",
    "tip_sample",
    "sample_layouts",
    "best_by_layout",
    "review_losses",
    "history_table",
    "chooser_rounds",
    "chooser_summary",
    "play_by_contract",
    "hindsight_best",
    "IDEAS",
    "Idea",
    "Hint",
    "PositionFacts",
    "hint",
    "idea_for",
    "position_facts",
    "OWN_VIEW_COLUMNS",
    "Accuracy",
    "review_own_view",
    "own_view_accuracy",
    "MISTAKE_POINTS",
    "JudgedCard",
    "judge_own_view",
    "own_view_table",
    "RIGHT_WITHIN",
    "STAGES",
    "OUTCOMES",
    "Answer",
    "MistakesLesson",
    "advise",
    "Advice",
    "Outlook",
    "advisor_choice",
    "rule_choice",
    "lucerne_choice",
    "lucerne_values",
    "CHOOSERS",
    "choose_batch",
    "PLAYOUTS",
    "OBJECTIVES",
    "DEFAULT_SAMPLES",
    "LUCERNE_TRUMP",
    "LUCERNE_SIDE",
    "LUCERNE_OBENABE",
    "LUCERNE_UNDENUFE",
    "LUCERNE_THRESHOLD",
    "LiveReview",
    "LineComparison",
    "compare_lines",
    "compare_rulesets",
]
