"""A **Hint** button for any table widget: :class:`HintBox`, two stages from the learner's own view.

The first press shows the idea (:attr:`jasslib.analysis.coach.Hint.idea`, with its tip name or rule id),
the second the card and the expected points of every legal card as bars; a move (or anything that
changes the view) starts again at the first stage.  The box counts what was used (:attr:`HintBox.ideas`,
:attr:`HintBox.cards`) so the widget that holds it can put the counts in its summary and in progress.
A table widget adds it with one line: ``HintBox(lambda: view_of_the_learner_or_None, style)``.

>>> from jasslib import Round
>>> r = Round.deal(seed=1); r.choose("obenabe")
>>> box = HintBox(lambda: r.view(0), samples=8, time_budget=None)
>>> box.press(); box.stage, "Idea:" in box.output.value
(1, True)
>>> box.press(); box.stage, "<svg" in box.output.value, box.ideas, box.cards
(2, True, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..errors import ArgumentError
from ..players.search import SearchPlayer
from ..round import RoundView
from ._common import check_style, guarded, message_html

__all__ = ["HintBox"]


class HintBox:
    """The **Hint** button and its output (:attr:`ui`), for the seat whose view ``view()`` returns.

    ``view``: a function returning the learner's :class:`~jasslib.round.RoundView` when the learner is to
    play a card, else None (the button is then disabled by :meth:`refresh`).  ``seed``, ``time_budget``,
    ``samples``: the search's (:func:`jasslib.analysis.hint`).  Public: :attr:`button`, :attr:`output`,
    :attr:`stage` (0 nothing shown, 1 the idea, 2 the card), :attr:`ideas` (positions where a hint was asked),
    :attr:`cards` (positions where the card was shown), :attr:`last_hint`.
    """

    def __init__(self, view: Callable[[], RoundView | None], style: str = "french", seed: int | str = 0,
                 time_budget: float | None = 1.0, samples: int | None = None) -> None:
        if not callable(view):
            raise ArgumentError(f"view: a function returning the learner's RoundView (or None), got "
                                f"{type(view).__name__}")
        SearchPlayer(seed, time_budget, samples)  # refuses a bad seed or budget now, not at the first click
        self._view = view
        self.style = check_style(style)
        self.seed, self.time_budget, self.samples = seed, time_budget, samples
        self.button = w.Button(description="Hint", icon="lightbulb-o",
                               tooltip="First the idea, press again for the card (from what you can see)")
        self.output = w.HTML()
        self.ui = w.VBox([self.button, self.output])
        self.ui.add_class("jass-hint")
        self.stage = 0
        self.ideas = 0
        self.cards = 0
        self.last_hint: Any = None
        self._key: tuple[Any, ...] | None = None
        self.button.on_click(lambda _b: self.press())
        self.refresh()

    @staticmethod
    def _position(view: RoundView) -> tuple[Any, ...]:
        return (int(view.seat), view.hand.mask, view.played.mask, len(view.trick))

    def reset_counts(self) -> None:
        """Start counting again (a new round)."""
        self.ideas = self.cards = 0
        self.refresh()

    def refresh(self) -> None:
        """Follow the table: enabled when the learner has a card to play; a new position clears the hint."""
        view = self._view()
        key = None if view is None or view.legal is None else self._position(view)
        if key != self._key:
            self._key = key
            self.stage = 0
            self.last_hint = None
            self.output.value = ""
            self.button.description = "Hint"
        self.button.disabled = key is None

    @guarded("output")
    def press(self) -> None:
        """What the button does: the idea, then the card with the bars."""
        self.refresh()
        view = self._view()
        if view is None or view.legal is None:
            self.output.value = message_html("A hint is for your turn to play a card.", "warn")
            return
        if self.stage >= 2:
            return
        if self.last_hint is None:
            from ..analysis import hint

            self.last_hint = hint(view, seed=self.seed, time_budget=self.time_budget, samples=self.samples)
        self.stage += 1
        if self.stage == 1:
            self.ideas += 1
            self.output.value = self.last_hint.idea_html()
            self.button.description = "Show the card"
        else:
            self.cards += 1
            self.output.value = self.last_hint.idea_html() + self.last_hint.card_html(self.style)
            self.button.description = "Hint"
            self.button.disabled = True
