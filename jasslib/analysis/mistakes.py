"""Learn from your mistakes: back to each position of a round where a card cost expected points, to find a better one.

:class:`MistakesLesson` is the logic (plain Python, no widgets; the round and game widgets render it with
:class:`jasslib.widgets.mistakes.MistakesPanel`).  The learner's cards are judged from the learner's own view at
each moment (:func:`jasslib.analysis.coach.judge_own_view`: the search's expected points, never the hidden hands);
a card that gave away at least :data:`~jasslib.analysis.coach.MISTAKE_POINTS` expected points is a mistake.  The
lesson goes to each such position in turn (the learner's hand then, the trick so far, the contract) and asks for
a better card: a card within :data:`RIGHT_WITHIN` expected points of the best counts as right.  A wrong card:
try again; a second wrong card: the hint (the idea of the position); a third: the solution.  Each answer comes
with one sentence of why (the coach's idea for that position) and the expected points of every legal card.  At
the end, :meth:`MistakesLesson.summary` says how each position went.

>>> from jasslib import Round
>>> r = Round(["6♠ 7♣ 8♣ 9♣ 6♦ 7♦ 8♦ 9♦ 10♦", "A♠ K♠ Q♠ J♠ A♣ K♣ Q♣ J♣ 10♣", "7♠ 9♠ 6♣ A♦ K♦ Q♦ J♦ 6♥ 7♥",
...            "10♠ 8♠ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"], forehand=0)
>>> r.choose("♥"); r.play("6♠"); r.play("A♠"); r.play("7♠"); r.play("8♠")  # seat 3 keeps its 10♠ back
>>> from jasslib.players import RuleBasedPlayer, play_round
>>> _ = play_round(r, [RuleBasedPlayer()] * 4)
>>> lesson = MistakesLesson(r, 3, samples=8, time_budget=None)
>>> len(lesson.positions) >= 1 and lesson.current.trick == 1
True
>>> lesson.click("8♠").kind, lesson.stage          # the card played again: wrong, try again
('wrong', 'retry')
>>> lesson.click("10♠").kind, lesson.stage         # putting the points on the partner's trick
('right', 'solved')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import CardParseError, HintError, JassError
from ..play import check_play
from ..round import Round, RoundView
from ..seats import Seat
from .coach import MISTAKE_POINTS, Accuracy, Hint, JudgedCard, _check_threshold, judge_own_view, own_view_table

__all__ = ["RIGHT_WITHIN", "STAGES", "OUTCOMES", "Answer", "MistakesLesson"]

RIGHT_WITHIN = 1.0
"""A card within this many expected points of the best card counts as right (the search's values carry sampling
noise of about a point)."""

STAGES = ("ask", "retry", "hint", "solved", "shown", "done")
"""Where the lesson is at the current position: ``ask`` (waiting for a card), ``retry`` (a wrong card, try again),
``hint`` (two wrong cards or the Hint asked: the idea is shown), ``solved`` (a right card), ``shown`` (the
solution shown), ``done`` (no position left: :meth:`MistakesLesson.summary`)."""

OUTCOMES = {"first": "found at the first try", "retry": "found after a retry", "hint": "found after the hint",
            "shown": "solution shown"}
"""How a position ended → the words of the summary."""


@dataclass(frozen=True)
class Answer:
    """What the lesson says to one action: ``kind`` (``right``, ``wrong``, ``hint``, ``solution``, ``refused``,
    ``next``, ``done``) and ``text``, sentences for the learner."""

    kind: str
    text: str


def _points(value: float) -> str:
    return f"{value:.1f} expected point{'' if value == 1 else 's'}"


class MistakesLesson:
    """The positions of ``rnd`` where ``seat`` gave away at least ``threshold`` expected points, to replay.

    ``judged``: the cards already judged (:func:`~jasslib.analysis.coach.judge_own_view`, which the review of
    the round shares); else they are judged here with ``seed``, ``time_budget`` and ``samples`` (the search's).
    ``tolerance``: how close to the best a right card must be (:data:`RIGHT_WITHIN`).

    Public: :attr:`judged` (every card of the seat), :attr:`positions` (the mistakes, in the order played),
    :attr:`index` and :attr:`current` (the position asked now, None at the end), :attr:`stage` (one of
    :data:`STAGES`), :attr:`wrong` (wrong cards at this position), :attr:`outcomes` (how each finished position
    ended, keys of :data:`OUTCOMES`), :attr:`accuracy`, :attr:`table` (the review table); the actions
    :meth:`click`, :meth:`show_hint`, :meth:`show_solution` and :meth:`next` never raise: each returns an
    :class:`Answer`.
    """

    def __init__(self, rnd: Round, seat: Seat | int, judged: tuple[JudgedCard, ...] | None = None,
                 threshold: float = MISTAKE_POINTS, tolerance: float = RIGHT_WITHIN, seed: int | str = 0,
                 time_budget: float | None = 0.8, samples: int | None = None) -> None:
        self.seat = Seat.parse(seat)
        if not isinstance(rnd, Round):
            raise HintError(f"Learn from your mistakes needs a Round, got {type(rnd).__name__}")
        if not rnd.done:
            raise HintError("Learn from your mistakes opens when the round is over")
        self.threshold = _check_threshold(threshold)
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not 0 <= tolerance < math.inf:
            raise HintError(f"tolerance is the expected points a right card may lie below the best, a number from 0, "
                            f"got {tolerance!r}")
        self.tolerance = float(tolerance)
        self.round = rnd
        if judged is None:
            judged = judge_own_view(rnd, self.seat, seed=seed, time_budget=time_budget, samples=samples)
        if not isinstance(judged, tuple) or not all(isinstance(j, JudgedCard) and j.view.seat == self.seat
                                                    for j in judged):
            raise HintError(f"judged: the cards of seat {int(self.seat)} judged by judge_own_view")
        self.judged = judged
        self.positions = tuple(j for j in judged if j.lost >= self.threshold)
        self.index = 0
        self.wrong = 0
        self.outcomes: list[str] = []
        self.stage = "ask" if self.positions else "done"

    # ------------------------------------------------------------------ reading
    @property
    def current(self) -> JudgedCard | None:
        """The position asked now (None when the lesson is over)."""
        return self.positions[self.index] if self.index < len(self.positions) else None

    @property
    def view(self) -> RoundView | None:
        """The table as the learner saw it at the current position: their hand, the trick so far, the contract."""
        pos = self.current
        return None if pos is None else pos.view

    @property
    def done(self) -> bool:
        """No position left."""
        return self.stage == "done"

    @property
    def table(self) -> Any:
        """The review table of every judged card (:func:`~jasslib.analysis.coach.review_own_view`'s columns)."""
        return own_view_table(self.judged, self.threshold)

    @property
    def accuracy(self) -> Accuracy:
        """The round's accuracy from the learner's own view (:func:`~jasslib.analysis.coach.own_view_accuracy`)."""
        from .coach import own_view_accuracy

        return own_view_accuracy(self.table)

    def why(self) -> str:
        """The sentence of why at the current position: the idea that explains its best card (with its source)."""
        pos = self.current
        if pos is None:
            return ""
        return f"{pos.hint.idea.text} ({pos.hint.idea.source})"

    def options(self) -> tuple[tuple[Card, float], ...]:
        """Every legal card of the current position with its expected points, best first."""
        pos = self.current
        return () if pos is None else pos.hint.points

    @property
    def hint(self) -> Hint | None:
        """The coach's hint at the current position (its bars: ``hint.bars_html()``)."""
        pos = self.current
        return None if pos is None else pos.hint

    def is_right(self, card: Card) -> bool:
        """``card`` is a legal card within :attr:`tolerance` of the best at the current position."""
        pos = self.current
        return pos is not None and card in dict(pos.hint.points) and pos.hint.lost(card) <= self.tolerance

    @property
    def answered(self) -> bool:
        """The current position is finished (right, or the solution shown): :meth:`next` moves on."""
        return self.stage in ("solved", "shown")

    # ------------------------------------------------------------------ actions
    def click(self, card: object) -> Answer:
        """The learner picks ``card`` at the current position (never raises)."""
        pos = self.current
        if pos is None:
            return Answer("refused", self.summary())
        if self.answered:
            return Answer("refused", "This position is answered: go on to the next one.")
        try:
            c = Card.parse(card)  # type: ignore[arg-type]  # anything: a bad card is refused below
        except (CardParseError, JassError, TypeError, ValueError):
            return Answer("refused", "Please click one of the cards of your hand.")
        view = pos.view
        if c not in view.hand:
            return Answer("refused", f"{c} was not in your hand at that moment: pick one of {view.hand}.")
        legal = dict(pos.hint.points)
        if c not in legal:
            assert view.contract is not None
            verdict = check_play(c, view.hand, [x for _, x in view.trick], view.contract)
            return Answer("refused", f"{verdict.message} Pick another card.")
        if self.is_right(c):
            self.outcomes.append("hint" if self.stage == "hint" else "retry" if self.wrong else "first")
            self.stage = "solved"
            best = pos.hint.points[0]
            close = "" if c == best[0] else f" (the best, {best[0]}, has {_points(best[1])}: as good within a point)"
            return Answer("right", f"Right: {c} has {_points(legal[c])}{close}. Why: {self.why()}")
        self.wrong += 1
        lost = pos.hint.lost(c)
        said = ("That is the card you played then: " if c == pos.card else f"Not {c}: ") + \
            f"it gives away {_points(lost)} against the best card."
        if self.wrong == 1 and self.stage == "ask":
            self.stage = "retry"
            return Answer("wrong", f"{said} Try again.")
        if self.stage in ("ask", "retry"):
            self.stage = "hint"
            return Answer("wrong", f"{said} A hint: {self.why()} Try once more.")
        return self._solution(f"{said} ")

    def show_hint(self) -> Answer:
        """Show the idea of the current position (as a second wrong card does); never raises."""
        if self.current is None:
            return Answer("refused", self.summary())
        if self.answered:
            return Answer("refused", "This position is answered: go on to the next one.")
        self.stage = "hint"
        return Answer("hint", f"A hint: {self.why()}")

    def show_solution(self) -> Answer:
        """Show the best card of the current position with why; never raises."""
        if self.current is None:
            return Answer("refused", self.summary())
        if self.answered:
            return Answer("refused", "This position is answered: go on to the next one.")
        return self._solution("")

    def _solution(self, said: str) -> Answer:
        pos = self.current
        assert pos is not None
        self.stage = "shown"
        self.outcomes.append("shown")
        best, value = pos.hint.points[0]
        return Answer("solution", f"{said}The best card was {best} ({_points(value)}; you played {pos.card}, "
                                  f"{_points(pos.value)}). Why: {self.why()}")

    def next(self) -> Answer:
        """Go on to the next position (an unanswered one counts as its solution shown); at the end, the summary."""
        if self.current is None:
            return Answer("done", self.summary())
        if not self.answered:
            self.outcomes.append("shown")
        self.index += 1
        self.wrong = 0
        if self.current is None:
            self.stage = "done"
            return Answer("done", self.summary())
        self.stage = "ask"
        return Answer("next", self.prompt())

    def prompt(self) -> str:
        """What the learner is asked at the current position (or the summary at the end)."""
        pos = self.current
        if pos is None:
            return self.summary()
        return (f"Position {self.index + 1} of {len(self.positions)}, trick {pos.trick}: you played {pos.card}, "
                f"which gave away {_points(pos.lost)}. Find a better card.")

    def summary(self) -> str:
        """How the lesson went (or that there was nothing to learn)."""
        acc = self.accuracy
        if not self.positions:
            return (f"No card of yours gave away {self.threshold:g} expected points or more: nothing to learn from "
                    f"this round. Accuracy: {acc}.")
        counts = [f"{self.outcomes.count(k)} {words}" for k, words in OUTCOMES.items() if self.outcomes.count(k)]
        left = len(self.positions) - len(self.outcomes)
        if left:
            counts.append(f"{left} still to do")
        n = len(self.positions)
        return (f"{n} position{'s' if n != 1 else ''} to learn from: {', '.join(counts)}. "
                f"Accuracy of the round: {acc}.")
