"""**Learn from your mistakes** after a round: :class:`MistakesPanel`, the widget of
:class:`jasslib.analysis.mistakes.MistakesLesson` (which holds all the logic; this module only renders it).

The round player and the game player hold one panel each.  Once a round is over, the panel judges the learner's
cards from the learner's own view (:func:`jasslib.analysis.judge_own_view`, once per round, shared with the
Review), shows the round's **accuracy** (expected points lost per card, the share of cards within 2 points of
the best) and, with **Learn from your mistakes**, goes back to each position where a card gave away at least
:data:`~jasslib.analysis.MISTAKE_POINTS` expected points: the table as the learner saw it then, their hand to
click, and **Hint**, **Show the solution**, **Next position**.

>>> from jasslib import Round
>>> from jasslib.players import RuleBasedPlayer, play_round
>>> r = play_round(Round.deal(seed=2), [RuleBasedPlayer()] * 4)
>>> panel = MistakesPanel(samples=6, time_budget=None)
>>> panel.set_round(r, 0, "round 2")
>>> panel.learn_button.click()
>>> "Accuracy" in panel.accuracy.value, panel.lesson is not None
(True, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as w

from .. import display
from ..analysis.coach import MISTAKE_POINTS, Accuracy, JudgedCard, judge_own_view, own_view_table
from ..analysis.mistakes import Answer, MistakesLesson
from ..errors import ArgumentError
from ..players.search import SearchPlayer
from ..round import Round, RoundView
from ..seats import Seat
from ._common import HandToClick, check_style, guarded, message_html

__all__ = ["MistakesPanel"]

_KIND = {"right": "ok", "wrong": "warn", "hint": "info", "solution": "info", "refused": "warn", "next": "info",
         "done": "ok"}


class MistakesPanel:
    """The own-view review of a finished round, its accuracy and **Learn from your mistakes**.

    ``seed``, ``time_budget``, ``samples``: the search's for each of the learner's cards (as the Hint's);
    ``threshold``: the expected points that make a mistake.  ``on_judged``: called with the round's
    :class:`~jasslib.analysis.Accuracy` once its cards are judged (the players record it in progress); ``what``:
    the word for the round (``"hand"`` in a game); ``draw_table``: the table of a position as HTML (default
    :func:`jasslib.display.table_html` without the hand, which is drawn as cards to click).

    Public: :attr:`learn_button` (the players put it beside Review), :attr:`ui` (the accuracy and the lesson),
    :attr:`accuracy`, :attr:`message` and :attr:`feedback` (HTML), :attr:`lesson` (the :class:`MistakesLesson`,
    None before the button), :attr:`hand_buttons`, :attr:`hint_button`, :attr:`solution_button`, :attr:`next_button`;
    :meth:`set_round`, :meth:`judge`, :meth:`table`, :meth:`start`, :meth:`click`, :meth:`hint`,
    :meth:`solution` and :meth:`next` (what the buttons do).
    """

    def __init__(self, style: str = "french", seed: int | str = 0, time_budget: float | None = 0.8,
                 samples: int | None = None, threshold: float = MISTAKE_POINTS,
                 on_judged: Callable[[Accuracy], Any] | None = None, what: str = "round",
                 draw_table: Callable[[RoundView], str] | None = None) -> None:
        self.style = check_style(style)
        SearchPlayer(seed, time_budget, samples)  # refuses a bad seed or budget now, not at the first click
        if on_judged is not None and not callable(on_judged):
            raise ArgumentError(f"on_judged: a function of the round's Accuracy (or None), got "
                                f"{type(on_judged).__name__}")
        self.seed, self.time_budget, self.samples = seed, time_budget, samples
        self.threshold = threshold
        self.what = html.escape(str(what)[:20])
        self.on_judged = on_judged
        if draw_table is not None and not callable(draw_table):
            raise ArgumentError(f"draw_table: a function of a RoundView returning HTML (or None), got "
                                f"{type(draw_table).__name__}")
        self.draw_table: Callable[[RoundView], str] = draw_table or self._table_html
        self.round: Round | None = None
        self.seat = Seat(0)
        self.label = ""
        self.judged: tuple[JudgedCard, ...] | None = None
        self.lesson: MistakesLesson | None = None
        self.last_answer: Answer | None = None
        self.learn_button = w.Button(description="Learn from your mistakes", icon="graduation-cap", disabled=True,
                                     layout=w.Layout(width="auto"),
                                     tooltip="After the round: back to each card that cost you expected points, "
                                             "to find a better one")
        self.accuracy = w.HTML()
        self.message = w.HTML()
        self.title = w.HTML()
        self.table_view = w.HTML()
        self._hand = HandToClick(self.style, self._on_card)
        self.feedback = w.HTML()
        self.bars = w.HTML()
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", tooltip="The idea of this position")
        self.solution_button = w.Button(description="Show the solution", icon="eye",
                                        tooltip="The best card here, and why")
        self.next_button = w.Button(description="Next position", icon="arrow-right",
                                    tooltip="On to the next card that cost you points")
        self.learn_button.on_click(self._on_learn)
        self.hint_button.on_click(self._on_hint)
        self.solution_button.on_click(self._on_solution)
        self.next_button.on_click(self._on_next)
        self.lesson_box = w.VBox([self.title, self.table_view, w.HTML("<b>Your hand then:</b>"), self._hand.box,
                                  w.HBox([self.hint_button, self.solution_button, self.next_button]),
                                  self.feedback, self.bars],
                                 layout=w.Layout(border="1px dashed #999", padding="4px", display="none"))
        self.lesson_box.add_class("jass-mistakes")
        self.ui = w.VBox([self.accuracy, self.message, self.lesson_box])
        self.ui.add_class("jass-mistakes-panel")

    # ------------------------------------------------------------------ state
    def set_round(self, rnd: Round | None, seat: Seat | int = 0, label: str = "") -> None:
        """Follow the table: ``rnd`` the finished round to learn from (None: none yet, the panel is cleared).
        The same round again changes nothing."""
        if rnd is self.round and (rnd is None or Seat.parse(seat) == self.seat):
            return
        self.round = rnd if rnd is not None and rnd.done and rnd.contract is not None else None
        self.seat = Seat.parse(seat)
        self.label = label
        self.judged = None
        self.lesson = None
        self.last_answer = None
        self.accuracy.value = ""
        self.message.value = ""
        self.feedback.value = ""
        self.lesson_box.layout.display = "none"
        self.learn_button.disabled = self.round is None

    def judge(self) -> tuple[JudgedCard, ...]:
        """The learner's cards of the round judged from their own view (once per round); shows the accuracy and
        calls ``on_judged``."""
        if self.round is None:
            raise ArgumentError("there is no finished round to judge yet")
        if self.judged is None:
            self.judged = judge_own_view(self.round, self.seat, seed=self.seed, time_budget=self.time_budget,
                                         samples=self.samples)
            acc = self.current_accuracy()
            self.accuracy.value = (f"<div class='jass-accuracy'><b>Accuracy of this {self.what}</b> (from what you "
                                   f"could see): {html.escape(str(acc))}.</div>")
            if self.on_judged is not None:
                self.on_judged(acc)
        return self.judged

    def table(self) -> Any:
        """The own-view review table of the round (:func:`jasslib.analysis.review_own_view`'s columns)."""
        return own_view_table(self.judge(), self.threshold)

    def current_accuracy(self) -> Accuracy:
        """The round's :class:`~jasslib.analysis.Accuracy` (the cards judged first if needed)."""
        from ..analysis import own_view_accuracy

        return own_view_accuracy(self.table())

    @property
    def hand_buttons(self) -> dict[Any, Any]:
        """Each card of the learner's hand at the current position → its picture to click."""
        return self._hand.buttons

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        """Start the lesson (as clicking **Learn from your mistakes**)."""
        self._on_learn()

    def click(self, card: Any) -> None:
        """Pick ``card`` at the current position (as clicking its picture)."""
        self._on_card(card)

    def hint(self) -> None:
        """As clicking **Hint**."""
        self._on_hint()

    def solution(self) -> None:
        """As clicking **Show the solution**."""
        self._on_solution()

    def next(self) -> None:
        """As clicking **Next position**."""
        self._on_next()

    @guarded("message")
    def _on_learn(self, _button: Any = None) -> None:
        if self.round is None:
            self.message.value = message_html("Learn from your mistakes opens when the round is over.", "warn")
            return
        if self.judged is None:
            self.message.value = message_html("Judging each of your cards from what you could see …")
        self.lesson = MistakesLesson(self.round, self.seat, judged=self.judge(), threshold=self.threshold)
        self.message.value = ""
        self.last_answer = None
        self.lesson_box.layout.display = None
        self._render()

    def _act(self, action: Callable[[MistakesLesson], Answer]) -> None:
        if self.lesson is None:
            self.message.value = message_html("Click Learn from your mistakes first.", "warn")
            return
        self.last_answer = action(self.lesson)
        self._render()

    @guarded("feedback")
    def _on_card(self, card: Any) -> None:
        self._act(lambda lesson: lesson.click(card))

    @guarded("feedback")
    def _on_hint(self, _button: Any = None) -> None:
        self._act(MistakesLesson.show_hint)

    @guarded("feedback")
    def _on_solution(self, _button: Any = None) -> None:
        self._act(MistakesLesson.show_solution)

    @guarded("feedback")
    def _on_next(self, _button: Any = None) -> None:
        self._act(MistakesLesson.next)

    # ------------------------------------------------------------------ display
    def _table_html(self, view: RoundView) -> str:
        """The table as the learner saw it (:func:`jasslib.display.table_html`, without the hand: it is drawn as
        cards to click)."""
        return display.table_html(view, style=self.style, own_hand=False, show_tricks=True)

    def _render(self) -> None:
        lesson = self.lesson
        assert lesson is not None
        view = lesson.view
        if view is None:
            self.title.value = "<h4 style='margin:0.3em 0'>Learn from your mistakes: done</h4>"
            self.table_view.value = ""
            self._hand.draw(())
            self.bars.value = ""
            for b in (self.hint_button, self.solution_button, self.next_button):
                b.disabled = True
            self.feedback.value = f"<div class='jass-mistakes-summary'>{message_html(lesson.summary(), 'ok')}</div>"
            return
        self.title.value = (f"<h4 style='margin:0.3em 0'>Learn from your mistakes</h4>"
                            f"<div class='jass-mistakes-prompt'>{html.escape(lesson.prompt())}</div>")
        self.table_view.value = self.draw_table(replace(view, legal=None))
        self._hand.draw(view.hand)
        answered = lesson.answered
        self.hint_button.disabled = answered or lesson.stage == "hint"
        self.solution_button.disabled = answered
        self.next_button.disabled = False
        self.next_button.description = ("Next position" if lesson.index + 1 < len(lesson.positions)
                                        else "Finish")
        answer = self.last_answer
        self.feedback.value = "" if answer is None else message_html(answer.text, _KIND.get(answer.kind, "info"))
        hint = lesson.hint
        self.bars.value = ("<div class='jass-mistakes-options'><b>Expected points of each card</b> (from what you "
                           f"could see):{hint.bars_html(self.style)}</div>" if answered and hint is not None else "")
