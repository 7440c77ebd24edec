"""A round judged card by card with all cards open (double dummy, :mod:`jasslib.solver`): the review of one
round, the points rule-based players lose over many, and what double dummy promises that a player who
cannot see the hidden cards cannot get (:func:`best_by_layout`)."""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import _check
from ..cards import Card
from ..errors import ArgumentError, excerpt
from ..players.sampling import sample_layouts
from ..round import Round, TrickRecord
from ..rulesets import CLASSIC, Ruleset
from ..seats import Seat
from ..simulation import CONTRACT_NAMES

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..solver import Judgement, Position

MAX_REVIEW_ROUNDS = 1_000
"""The most rounds :func:`review_losses` reviews (each takes the solver seconds)."""
MAX_SOLVED_LAYOUTS = 1_000
"""The most layouts :func:`best_by_layout` solves."""

__all__ = ["REVIEW_COLUMNS", "review", "LiveReview", "review_totals", "review_losses", "best_by_layout",
           "LineComparison", "compare_lines"]


REVIEW_COLUMNS: dict[str, str] = {
    "trick": "the trick, 1..9",
    "seat": "the seat that played the card",
    "team": "that seat's team (seat % 2)",
    "card": "the card played",
    "value": "the team's trick points at the end of the round if this card is played and everybody plays "
             "perfectly afterwards (cards taken so far + the double-dummy value from here)",
    "best_value": "the same with the best card instead: the most the team could still make",
    "lost": "best_value - value: the points the card gave away (0 for a best card)",
    "best": "the best cards in that position, as text",
    "best_cards": "the best cards, as a CardSet",
    "choices": "how many cards were legal",
}
"""The columns of :func:`review`."""


def _replay_start(rnd: Round) -> Round:
    """A fresh round with the same deal, seats and contract calls as ``rnd``, before the first card."""
    from ..errors import PhaseError
    from ..round import Round

    if not isinstance(rnd, Round):
        raise ArgumentError(f"expected a Round, got {excerpt(rnd)}")
    if rnd.contract is None:
        raise PhaseError("there is nothing to review yet: the contract is not named (C1)")
    fresh = Round([rnd.initial_hand(s) for s in range(4)], dealer=rnd.dealer, forehand=rnd.forehand,
                  ruleset=rnd.ruleset, seed=rnd.seed)
    if rnd.pushed:
        fresh.schieben(rnd.forehand)
    fresh.choose(rnd.contract, rnd.chooser)
    return fresh


def review(rnd: Round, from_trick: int = 1) -> pd.DataFrame:
    """Every card played in ``rnd`` judged with all cards open (double dummy): one row per card.

    Before each card the position is solved exactly (:func:`jasslib.solver.judge`): ``value`` is what
    the player's team ends the round with (trick points, last trick and match included; Weis and Stöck
    do not depend on the play and are left out) if that card is played and everybody plays perfectly
    afterwards; ``best_value`` the same with the best card; ``lost`` the difference (see
    :data:`REVIEW_COLUMNS`).  On a perfectly played round ``value`` never changes from card to card; it
    moves only when somebody gives points away.  A round still in play is reviewed up to its last card.

    Double dummy is an honest post-mortem, not a fair judge of a single decision: the players could not
    see the hidden hands, and a card that loses points against open cards may have been the best bet.

    ``from_trick`` (1..9) leaves out the cards of the tricks before it: their positions are not solved.
    From trick 1 a round of Obenabe or Undenufe takes the solver about a tenth of a second (rarely seconds), one
    of a trump contract a few seconds (up to half a minute); from trick 2 a trump round takes a fraction of a
    second (``benchmarks/bench_review.py``).  :class:`LiveReview` gives the same table without that wait at the
    end of a round: it judges each trick in the background as soon as it is complete.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=4)
    >>> r.choose("obenabe")
    >>> for _ in range(8):
    ...     r.play(max(r.legal_cards()))
    >>> t = review(r)
    >>> len(t), bool((t.lost == t.best_value - t.value).all()), bool((t.lost >= 0).all())
    (8, True, True)
    """
    from ..solver import Position, judge

    replay = _replay_start(rnd)
    from_trick = _check.whole(from_trick, _FROM_TRICK, low=1, high=9)
    plays = _plays(rnd)
    first = min(4 * (from_trick - 1), len(plays))
    for seat, card in plays[:first]:
        replay.play(card, seat)
    verdicts = judge(Position.from_round(replay), [card for _, card in plays[first:]]) if first < len(plays) else ()
    return _table(replay, plays, first, verdicts)


_FROM_TRICK = "from_trick (a trick number, O1: nine tricks)"


def _plays(rnd: Round) -> list[tuple[int, Card]]:
    """The cards played in ``rnd`` so far, with their seats, in order."""
    return [(int(seat), card) for t in rnd.tricks for seat, card in t.plays] + [(int(s), c) for s, c in rnd.trick]


def _table(replay: Round, plays: Sequence[tuple[int, Card]], first: int, verdicts: Sequence[Judgement]
           ) -> pd.DataFrame:
    """:func:`review`'s table of ``plays[first:]`` judged by ``verdicts``; ``replay`` is the round before
    ``plays[first]`` (it is played on to the end)."""
    import pandas as pd

    rows = []
    for k, ((seat, card), verdict) in enumerate(zip(plays[first:], verdicts), first):
        team = seat % 2
        taken = replay.card_points
        value, best_value = taken[team] + verdict.value[team], taken[team] + verdict.best_value[team]
        rows.append((k // 4 + 1, seat, team, str(card), value, best_value, best_value - value, str(verdict.best),
                     verdict.best, len(replay.legal_cards())))
        replay.play(card, seat)
    return pd.DataFrame.from_records(rows, columns=list(REVIEW_COLUMNS))


# ----------------------------------------------------------------------------------------------
# Why a card gave points away: the line after it beside the best line


@dataclass(frozen=True)
class LineComparison:
    """One card of a round beside the best card at that moment, with all cards open (:func:`compare_lines`).

    ``played_line`` is the rest of the round after ``card`` with perfect play from then on, ``best_line`` the rest
    after ``best`` (one of the best cards; ``card`` itself when it was one), both as the tricks from ``trick`` on
    (:class:`~jasslib.round.TrickRecord`: leader, cards in playing order, winner, points with the last trick's 5);
    ``played_points`` and ``best_points`` are the trick points the seat's team ends the round with on each line
    (cards taken before included, the match's 100 too: :func:`review`'s ``value`` and ``best_value``).
    """

    trick: int
    seat: Seat
    card: Card
    best: Card
    played_line: tuple[TrickRecord, ...]
    best_line: tuple[TrickRecord, ...]
    played_points: int
    best_points: int

    @property
    def lost(self) -> int:
        """The points the card gave away: ``best_points - played_points`` (:func:`review`'s ``lost``)."""
        return self.best_points - self.played_points

    def takes(self, record: TrickRecord) -> bool:
        """Whether the seat's team takes the trick ``record`` of one of the lines."""
        return record.winner.team == self.seat.team

    @property
    def parting_trick(self) -> int | None:
        """The first trick (1..9) that goes to the other team, or carries other points for the seat's team, on the
        two lines: where the card's cost shows; None when the lines give the team the same tricks."""
        for mine, best in zip(self.played_line, self.best_line):
            if self.takes(mine) != self.takes(best) or mine.points != best.points:
                return mine.number + 1
        return None

    def columns(self) -> tuple[tuple[Card, tuple[TrickRecord, ...], int], ...]:
        """The lines to set side by side, each as (its first card, its tricks, the team's points): the line after
        ``card``, and the one after ``best`` when that is another card."""
        played = (self.card, self.played_line, self.played_points)
        return (played,) if self.best == self.card else (played, (self.best, self.best_line, self.best_points))

    def _taker(self, record: TrickRecord) -> str:
        return f"team {int(record.winner.team)}"

    def _trick_text(self, record: TrickRecord) -> str:
        return (f"{' '.join(str(c) for c in record.cards)} → seat {int(record.winner)} ({self._taker(record)}) "
                f"takes {record.points}")

    def text(self) -> str:
        """The comparison in sentences, then both lines trick by trick."""
        team = int(self.seat.team)
        head = (f"Trick {self.trick}, seat {int(self.seat)} (team {team}) played {self.card}: with perfect play "
                f"afterwards team {team} ends with {self.played_points} trick points.")
        if self.lost == 0:
            head += f" {self.card} was a best card: no point given away."
        else:
            head += f" With {self.best} it would end with {self.best_points}: {self.lost} more."
            at = self.parting_trick
            if at is not None:
                mine, best = self.played_line[at - self.trick], self.best_line[at - self.trick]
                head += (f" The lines part at trick {at}: after {self.card} {self._taker(mine)} takes it with "
                         f"{mine.points} points, after {self.best} {self._taker(best)} takes it with {best.points}.")
        rows = [head]
        for first, line, _ in self.columns():
            rows += [f"After {first}:", *(f"  trick {r.number + 1}: {self._trick_text(r)}" for r in line)]
        return "\n".join(rows)

    __str__ = text

    def _repr_html_(self) -> str:
        esc = html.escape
        lines = self.columns()
        head = "".join(f"<th style='{_PAD}'>after {esc(str(c))}</th>" for c, _, _ in lines)
        body = []
        for i in range(len(self.played_line)):
            cells = []
            for _, line, _ in lines:
                r = line[i]
                bold = "font-weight:bold;" if self.takes(r) else ""
                cells.append(f"<td style='{bold}{_PAD}'>{esc(self._trick_text(r))}</td>")
            body.append(f"<tr><td style='{_PAD}'>trick {self.played_line[i].number + 1}</td>{''.join(cells)}</tr>")
        team = int(self.seat.team)
        ends = "".join(f"<td style='{_PAD}'>team {team} ends with {points}</td>" for _, _, points in lines)
        said = esc(self.text().split("\n", 1)[0])
        return (f"<div class='jass-lines'><p>{said}</p><table><tr><th></th>{head}</tr>{''.join(body)}"
                f"<tr><td></td>{ends}</tr></table><p>Bold: the tricks team {team} takes.</p></div>")


_PAD = "padding:1px 10px"


def compare_lines(rnd: Round, trick: int, seat: Seat | int | str) -> LineComparison:
    """Why the card ``seat`` played in ``trick`` (1..9) of ``rnd`` gave points away, with all cards open: the rest of
    the round after it beside the rest after the best card, each with perfect play from then on
    (:class:`LineComparison`; its ``text()`` says where the lines part).

    The solver finds a best line from the position before the card (the card's own if it is a best card, else the
    lowest best card's) and, if the card is not a best card, one from the position after it; both lines are played
    out on copies of the round, so every trick's winner and points are the rules' own.  Like :func:`review`, a
    position of trick 1 in a trump contract can take the solver seconds; :meth:`LiveReview.lines` finds the same
    lines in the tables of the round's review, in a fraction of that.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=4)
    >>> r.choose("obenabe")
    >>> for _ in range(36):
    ...     r.play(max(r.legal_cards()))
    >>> why = compare_lines(r, 1, 0)
    >>> why.lost == int(review(r).lost[0]), why.played_points + why.lost == why.best_points
    (True, True)
    >>> len(why.played_line), why.played_line[0].number     # trick 1 to 9, numbered from 0 as in Round.tricks
    (9, 0)
    """
    from ..solver import _best_line

    if not isinstance(rnd, Round):
        raise ArgumentError(f"compare_lines: expected a Round, got {excerpt(rnd)}")
    return _lines(rnd, trick, seat, _best_line)


def _lines(rnd: Round, trick: int, seat: Seat | int | str,
           line_of: Callable[[Position, Card | None], tuple[Card, ...]]) -> LineComparison:
    """:func:`compare_lines` of ``rnd`` (a Round); ``line_of(position, card)`` gives a best line from a position,
    starting with ``card`` if that is a best card (:func:`jasslib.solver._best_line`, perhaps in other tables)."""
    from ..solver import Position

    number = _check.whole(trick, "trick (a trick number, O1: nine tricks)", low=1, high=9)
    who = Seat.parse(seat)  # a NumPy integer from review's table too
    if rnd.contract is None:
        Position.from_round(rnd)  # raises the solver's PhaseError: no contract yet
    plays = _plays(rnd)
    index = next((i for i in range(4 * (number - 1), min(4 * number, len(plays))) if plays[i][0] == int(who)), None)
    if index is None:
        raise ArgumentError(f"compare_lines: seat {int(who)} has not played in trick {number} yet "
                            f"({len(plays)} cards of the round are played)")
    replay = _replay_start(rnd)
    for s, c in plays[:index]:
        replay.play(c, s)
    card = plays[index][1]
    before = Position.from_round(replay)
    best_line = line_of(before, card)
    best_round = _played_out(replay, best_line)
    played = best_round if best_line[0] == card else _played_out(replay, (card, *line_of(before.play(card), None)))
    team = who.team
    return LineComparison(number, who, card, best_line[0], played.tricks[number - 1:], best_round.tricks[number - 1:],
                          played.score().trick_points[team], best_round.score().trick_points[team])


def _played_out(replay: Round, line: Sequence[Card]) -> Round:
    """A copy of ``replay`` with the cards of ``line`` played (the rules check each)."""
    out = replay.copy()
    for c in line:
        out.play(c)
    return out


# ----------------------------------------------------------------------------------------------
# The review judged while the round is played: each trick in a background thread once it is complete


class LiveReview:
    """:func:`review` of a round in play, judged trick by trick in the background: each trick is handed to
    a solver thread as soon as its fourth card is played, so the review of a finished round is ready (or
    nearly) when the learner asks for it, in every contract and from trick 1.

    The first trick of a trump contract is the slow one (the solver's exact value of the opening position: over 90 %
    of a trump round's 3-5 s of CPU at the median, up to tens of seconds, ``benchmarks/bench_review.py --live``);
    while the learner plays the eight tricks after it, the thread has that time.  :meth:`update` (after every card;
    cheap, it only hands over complete tricks) and :meth:`table` (the same table as :func:`review`, waiting for what
    is still being judged) are called from the thread that plays the round; the solver thread only sees the
    positions and cards handed to it, never the round.  As soon as the contract is named, :meth:`update` also hands
    over the exact value of the opening position, the bulk of trick 1's judgement (about 80-95 % of it on the
    hard trump deals): the thread starts on it while trick 1 is played, and all the round's searches share one
    generation of the thread's tables, so each trick's judgement starts from what the ones before it found.
    One solver thread serves every LiveReview of the process, trick after trick, with its own transposition tables
    (:data:`jasslib.solver.TT_ENTRIES`); numba runs the search without the GIL, so the play goes on meanwhile.
    :meth:`cancel` drops the tricks not judged yet, even the one being judged (a new round was dealt); so does the
    end of a LiveReview that nobody holds any more.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=4)
    >>> r.choose("obenabe")
    >>> live = LiveReview(r)
    >>> for _ in range(9):
    ...     r.play(max(r.legal_cards()))
    >>> live.update()                       # trick 1 and 2 are complete: both handed to the solver thread
    2
    >>> t = live.table()                    # waits for them, and has the card of trick 3 judged too
    >>> t.equals(review(r)), live.judged    # the same table as review(); two complete tricks judged
    (True, 2)
    """

    def __init__(self, rnd: Round) -> None:
        if not isinstance(rnd, Round):
            raise ArgumentError(f"LiveReview: expected a Round, got {excerpt(rnd)}")
        self._round = rnd
        self._starts: list[Position] = []  # the position at the start of trick 1, 2, ... (once reached)
        self._replay: Round | None = None  # the deal replayed to the last of those starts
        self._jobs: dict[int, tuple[int, Future[Any]]] = {}  # trick -> (cards, verdicts); 0: the opening value
        self._shared: Any = None  # the solver's _Shared generation of this round's searches (made when first needed)
        self._cancelled = False
        weakref.finalize(self, _cancel_jobs, self._jobs)  # a review nobody holds any more: its jobs are dropped

    def __repr__(self) -> str:
        handed = sum(1 for t in self._jobs if t)
        return f"<LiveReview: {self.judged} tricks judged, {handed} handed to the solver thread>"

    @property
    def judged(self) -> int:
        """How many complete tricks are judged."""
        return sum(1 for cards, job in self._jobs.values() if cards == 4 and _judged(job))

    @property
    def ready(self) -> bool:
        """True when every complete trick of the round is judged (:meth:`table` will not wait, except for the
        cards of a trick still in play)."""
        complete = len(_plays(self._round)) // 4
        return all(t in self._jobs and _judged(self._jobs[t][1]) for t in range(1, complete + 1))

    def update(self, from_trick: int = 1) -> int:
        """Hand every complete trick from ``from_trick`` on that is not judged or being judged to the solver
        thread; the number handed over.  Nothing happens before the contract is named; from then on, while trick 1
        is played, the opening position's value goes to the thread once (a head start, not counted)."""
        from ..solver import _background, _value_in

        from_trick = _check.whole(from_trick, _FROM_TRICK, low=1, high=9)
        if self._cancelled or self._round.contract is None:
            return 0
        plays = _plays(self._round)
        if from_trick == 1 and len(plays) < 4 and 0 not in self._jobs:
            self._jobs[0] = (0, _background(_value_in, self._start_of(1, plays), self._shared))
        handed = 0
        for t in range(from_trick, len(plays) // 4 + 1):
            if t not in self._jobs or self._jobs[t][0] != 4 or _dropped(self._jobs[t][1]):
                self._hand_over(t, plays)
                handed += 1
        return handed

    def table(self, from_trick: int = 1, timeout: float | None = None) -> pd.DataFrame:
        """The review (:func:`review`'s table, from ``from_trick``) of every card played so far: the tricks
        judged in the background, the ones not handed over yet judged now (in the solver thread), waiting at
        most ``timeout`` seconds in all (None: as long as it takes; TimeoutError after it)."""
        import time

        from_trick = _check.whole(from_trick, _FROM_TRICK, low=1, high=9)
        if timeout is not None:
            timeout = _check.finite(timeout, "timeout (seconds, or None)", low=0.0)
        if self._round.contract is None:
            _replay_start(self._round)  # raises the PhaseError of review()
        plays = _plays(self._round)
        last = (len(plays) + 3) // 4  # the last trick with a card played
        if 0 in self._jobs and self._jobs[0][1].cancel():
            del self._jobs[0]  # the head start has not begun: trick 1's judgement (urgent now) does its work
        for t in range(from_trick, last + 1):
            cards = min(4, len(plays) - 4 * (t - 1))  # a trick in play is judged up to its last card
            if t in self._jobs and self._jobs[t][0] == cards and self._jobs[t][1].cancel():
                del self._jobs[t]  # waiting behind other jobs: handed over again, ahead of them
            if t not in self._jobs or self._jobs[t][0] != cards or _dropped(self._jobs[t][1]):
                self._hand_over(t, plays, urgent=True)
        end = None if timeout is None else time.monotonic() + timeout
        verdicts: list[Judgement] = []
        for t in range(from_trick, last + 1):
            left = None if end is None else max(0.0, end - time.monotonic())
            verdicts.extend(self._jobs[t][1].result(left))
        replay = _replay_start(self._round)
        first = min(4 * (from_trick - 1), len(plays))
        for seat, card in plays[:first]:
            replay.play(card, seat)
        return _table(replay, plays, first, verdicts)

    def cancel(self) -> None:
        """Drop the tricks not judged yet: the waiting ones, and the one the solver thread is judging (its search
        gives up at the next node).  :meth:`update` hands nothing over after it; :meth:`table` still can."""
        self._cancelled = True
        _cancel_jobs(self._jobs)

    def lines(self, trick: int, seat: Seat | int | str) -> LineComparison:
        """:func:`compare_lines` of the round, its two positions solved in the solver thread's tables of this
        round: once the round is reviewed they hold most of the work, so the lines of a card of trick 1 come in a
        fraction of a fresh solve's time (the thread's other jobs wait; the caller waits for the two solves).

        >>> from jasslib import Round
        >>> r = Round.deal(seed=4)
        >>> r.choose("obenabe")
        >>> live = LiveReview(r)
        >>> for _ in range(36):
        ...     r.play(max(r.legal_cards()))
        >>> _ = live.table()
        >>> live.lines(1, 0) == compare_lines(r, 1, 0)
        True
        """
        from ..solver import _background, _best_line

        def line_of(position: Position, card: Card | None) -> tuple[Card, ...]:
            self._start_of(1, _plays(self._round))  # the shared generation, made now if nothing was handed over
            return _background(_best_line, position, card, self._shared, urgent=True).result()

        return _lines(self._round, trick, seat, line_of)

    def _start_of(self, trick: int, plays: list[tuple[int, Card]]) -> Position:
        """The position at the start of trick ``trick`` (the deal replayed that far once; the round's shared
        generation made with the first)."""
        from ..solver import Position, _Shared

        if self._replay is None:
            self._replay = _replay_start(self._round)
            self._starts = [Position.from_round(self._replay)]
            self._shared = _Shared()
        while len(self._starts) < trick:  # replay the deal to the start of that trick
            done = 4 * (len(self._starts) - 1)
            for seat, card in plays[done:done + 4]:
                self._replay.play(card, seat)
            self._starts.append(Position.from_round(self._replay))
        return self._starts[trick - 1]

    def _hand_over(self, trick: int, plays: list[tuple[int, Card]], urgent: bool = False) -> None:
        """Give trick ``trick``'s cards played so far to the solver thread, from the position at its start;
        ``urgent``: before the jobs that are not (somebody waits for it)."""
        from ..solver import _background, _judge

        start = self._start_of(trick, plays)
        cards = [card for _, card in plays[4 * (trick - 1):4 * trick]]
        self._jobs[trick] = (len(cards), _background(_judge, start, cards, self._shared, urgent=urgent))


def _cancel_jobs(jobs: dict[int, tuple[int, Future[Any]]]) -> None:
    from ..solver import _stop

    for _, job in list(jobs.values()):
        _stop(job)


def _judged(job: Future[Any]) -> bool:
    """True when ``job`` is done with its verdicts (not cancelled, stopped or failed)."""
    return job.done() and not job.cancelled() and job.exception() is None


def _dropped(job: Future[Any]) -> bool:
    """True when ``job`` was cancelled before it ran or stopped while it ran (it must be handed over again)."""
    from ..solver import _Stopped

    return job.cancelled() or (job.done() and isinstance(job.exception(), _Stopped))


def review_totals(table: pd.DataFrame) -> pd.DataFrame:
    """Per seat of a :func:`review` table: cards played, best cards, cards that lost points, points lost.

    >>> from jasslib import Round
    >>> from jasslib.players import RuleBasedPlayer, play_round
    >>> r = Round.deal(seed=2)
    >>> r.choose("undenufe")
    >>> r = play_round(r, [RuleBasedPlayer()] * 4)
    >>> t = review_totals(review(r, from_trick=3))
    >>> t.columns.tolist(), int(t["cards"].sum())
    (['team', 'cards', 'best', 'mistakes', 'lost'], 28)
    """
    _check.frame(table, "the table of review()", ("seat", "team", "card", "lost", "best_value", "value"))
    g = table.groupby("seat")
    out = g.agg(team=("team", "first"), cards=("card", "size"), mistakes=("lost", lambda s: int((s > 0).sum())),
                lost=("lost", "sum"))
    out.insert(2, "best", out["cards"] - out["mistakes"])
    return out


def review_losses(rounds: int = 3, seed: int | str = 0, contracts: Sequence[str] | None = None,
                  ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """Each team's points lost against perfect play, card by card (:func:`review`), in rounds of four
    rule-based players: ``rounds`` deals of ``seed`` (as in :func:`jasslib.simulation.simulate`, forehand
    seat 0) under each of ``contracts`` (default all six).

    One row per round: ``deal``, ``contract``, ``dd`` (forehand's team's DD points at the start),
    ``actual`` (its trick points), ``lost_0`` and ``lost_1`` (each team's sum of :func:`review`'s
    ``lost``) and ``mistakes_0``/``mistakes_1`` (cards that lost points).

    >>> t = review_losses(1, seed=3, contracts=["obenabe"])
    >>> t.columns.tolist()
    ['deal', 'contract', 'dd', 'actual', 'lost_0', 'lost_1', 'mistakes_0', 'mistakes_1']
    """
    import pandas as pd

    from ..cards import CardSet
    from ..contracts import Contract
    from ..fast import deal_batch
    from ..players import RuleBasedPlayer, play_round
    from ..round import Round

    rounds = _check.whole(rounds, "rounds", high=MAX_REVIEW_ROUNDS)
    if contracts is not None and (isinstance(contracts, (str, bytes)) or not isinstance(contracts, (list, tuple))
                                  or len(contracts) > 12):
        raise ArgumentError(f"contracts: a list of contract names (or None for all six), got {excerpt(contracts)}")
    names = list(CONTRACT_NAMES) if contracts is None else [CONTRACT_NAMES[int(Contract.parse(c))] for c in contracts]
    rs = Ruleset.get(ruleset)
    hands = deal_batch(seed, 0, rounds)
    rows = []
    for deal, row in enumerate(hands):
        for name in names:
            rnd = Round([CardSet.from_mask(int(h)) for h in row], dealer=3, ruleset=rs)
            rnd.choose(CONTRACT_NAMES.index(name))
            play_round(rnd, [RuleBasedPlayer()] * 4)
            t = review(rnd)
            lost = t.groupby("team").lost.agg(["sum", lambda s: int((s > 0).sum())]).reindex([0, 1], fill_value=0)
            rows.append((deal, name, int(t.best_value.iloc[0]), rnd.score().trick_points[0], int(lost.iloc[0, 0]),
                         int(lost.iloc[1, 0]), int(lost.iloc[0, 1]), int(lost.iloc[1, 1])))
    out = pd.DataFrame(rows, columns=["deal", "contract", "dd", "actual", "lost_0", "lost_1", "mistakes_0",
                                      "mistakes_1"])
    out["contract"] = pd.Categorical(out["contract"], categories=CONTRACT_NAMES, ordered=True)
    return out


# ----------------------------------------------------------------------------------------------
# Why double dummy is optimistic: the same decision over the hidden layouts a player cannot tell apart


def best_by_layout(rnd: Round, count: int = 12, seed: int | str = 0) -> pd.DataFrame:
    """The decision of the seat to move solved in each of :func:`~jasslib.players.sampling.sample_layouts`:
    one row per layout, one column per legal card with the team's end-of-round DD points if it plays that
    card, and ``best``.

    The real layout is row 0.  Against the real layout the solver plays like someone who can see every
    card; a player must pick one card for all the layouts at once.  So the mean over the layouts of each
    row's best value (what double dummy promises) is at least the best column mean (what a player who
    cannot see the cards can get): the difference is the price of not seeing.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1); r.choose("obenabe")
    >>> for _ in range(20): r.play(min(r.legal_cards()))
    >>> t = best_by_layout(r, 4)
    >>> len(t), bool(t.drop(columns="best").max(axis=1).mean() >= t.drop(columns="best").mean().max())
    (4, True)
    """
    import pandas as pd

    from ..errors import PhaseError
    from ..solver import Position, solve

    if not isinstance(rnd, Round):
        raise ArgumentError(f"expected a Round, got {excerpt(rnd)}")
    count = _check.whole(count, "count (of layouts, each solved)", low=1, high=MAX_SOLVED_LAYOUTS)
    contract, seat = rnd.contract, rnd.to_move  # the seat is None once the round is done
    if contract is None or seat is None:
        raise PhaseError("a decision is solved while the cards are being played (after the contract, C1)")
    team = int(seat) % 2
    taken = rnd.card_points[team]
    trick = tuple(c for _, c in rnd.trick)
    leader = rnd.trick[0][0] if rnd.trick else seat
    rows = []
    for hands in sample_layouts(rnd, count, seed):
        sol = solve(Position(hands, trick, leader, contract, rnd.ruleset, rnd.tricks_won))
        row: dict[str, Any] = {str(c): taken + v[team] for c, v in sol.card_values.items()}
        row["best"] = str(sol.best)
        rows.append(row)
    out = pd.DataFrame(rows)
    out.index.name = "layout"
    return out
