"""SearchPlayer: plays from what its seat can see, by sampling the hidden cards and searching each sample.

Each move (:meth:`SearchPlayer.play_card`):

1. :class:`~jasslib.players.sampling.LayoutSampler` draws layouts of the unseen cards, uniform over
   every layout that agrees with the view (hand sizes, the voids the play proves, the Weis shown
   and the Stöck announced).
2. Each legal card is scored on the same layouts (paired, so the comparison is not blurred by the
   luck of the layouts), as the points the player's team will take from here to the end of the
   round minus the other team's (the last trick's 5 and the match's 100 included, O7):

   * **early** (many cards left): *flat Monte Carlo* — the card is played, then all four seats play
     the round out by the rule-based heuristics (:func:`jasslib.players.heuristics.choose_card`,
     compiled by numba, a few microseconds a round);
   * **late** (few cards left, when an exact solve of a layout is cheap): *PIMC* — every layout is
     solved exactly by :func:`jasslib.solver.solve` and the card with the best mean wins.

   The switch point follows the solver's measured speed (see :meth:`SearchPlayer.exact_from_for`),
   so a faster solver makes the player play exactly from earlier in the round, with no change here;
   without a time budget it follows fixed reference timings, so that untimed play is the same everywhere.
3. The card with the best mean wins; ties go to the rule-based player's card, then card order.

What it assumes (no more): the rules, and that every layout consistent with the view is equally
likely — it draws no conclusion from *how* anybody played beyond what the rules prove, so it never
assumes its opponents are any particular bot.  The rule-based playouts are a way of valuing a card
(a stand-in for sensible play after it), not a model that filters layouts.

Contracts (and schieben) are chosen by :meth:`SearchPlayer.choose_contract`, which asks one method,
:meth:`SearchPlayer.contract_for`: the contract advisor (:func:`jasslib.analysis.advisor.advisor_choice`,
:attr:`SearchPlayer.ADVISOR_SAMPLES` sampled deals played out by the rule-based players, seeded by the view).

The budget: ``time_budget`` (seconds a move, a cap) and/or ``samples`` (layouts a move).  With a
sample count and ``time_budget=None`` the player is deterministic for its seed, on every machine; with a
time budget the cap may cut a slow move short and the switch to exact solving follows the machine's
speed, so then the layouts searched depend on the machine.

>>> from jasslib import Round
>>> from jasslib.players import RuleBasedPlayer, play_round
>>> p = SearchPlayer(seed=1, samples=8)
>>> r = play_round(Round.deal(seed=3), [p, RuleBasedPlayer(), p, RuleBasedPlayer()])
>>> r.done
True
>>> SearchPlayer(time_budget=0)
Traceback (most recent call last):
...
jasslib.errors.BudgetError: time_budget is the seconds a move may take, a number above 0 (or None), got 0
"""

from __future__ import annotations

import math
import time
from hashlib import blake2b
from random import Random
from typing import Any

import numpy as np

from .. import _check
from .._numba import HAVE_NUMBA, borrowed, jit
from ..cards import Card
from ..contracts import Contract
from ..errors import BudgetError, PhaseError, excerpt
from ..play import legal_mask, trick_value, trick_winner_index
from ..round import RoundView
from ..scoring import MATCH_BONUS
from .heuristics import SCHIEBEN, choose_card
from .sampling import MAX_LAYOUTS, LayoutSampler

__all__ = ["SearchPlayer", "rollout_values"]

_CONTRACTS = tuple(Contract)
_legal = jit(legal_mask)
_winner = jit(trick_winner_index)
_trick_value = jit(trick_value)


@jit
def _rollout_values(layouts: np.ndarray, trick0: np.ndarray, k0: int, leader0: int, played0: int, contract: int,
                    points: np.ndarray, won0: int, won1: int, cards: np.ndarray, match_bonus: int,
                    out: np.ndarray) -> None:
    """``out[i, j]``: team 0's points minus team 1's from now on, when the seat to move plays ``cards[j]``
    in layout ``i`` and then every seat plays by the rule-based heuristics."""
    _rollout_rows(layouts, trick0, k0, leader0, played0, contract, points, won0, won1, cards, match_bonus, out,
                  np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64))


@jit
def _rollout_rows(layouts: np.ndarray, trick0: np.ndarray, k0: int, leader0: int, played0: int, contract: int,
                  points: np.ndarray, won0: int, won1: int, cards: np.ndarray, match_bonus: int,
                  out: np.ndarray, hands: np.ndarray, trick: np.ndarray) -> None:
    """:func:`_rollout_values` with its scratch arrays (the four hands, the current trick) passed in: every array
    is an argument, alive for the whole call, so the loops work on views of them that own nothing
    (:func:`jasslib._numba.borrowed`; numba's reference counting of the arrays passed on to the rules at every
    card would otherwise cost a large share of the time)."""
    layouts, trick0, points, cards, out = borrowed(layouts), borrowed(trick0), borrowed(points), borrowed(cards), \
        borrowed(out)
    hands, trick = borrowed(hands), borrowed(trick)
    me = (leader0 + k0) % 4
    for i in range(layouts.shape[0]):
        for j in range(cards.shape[0]):
            for s in range(4):
                hands[s] = layouts[i, s]
            for x in range(4):
                trick[x] = trick0[x]
            c = cards[j]
            trick[k0] = c
            hands[me] = hands[me] & ~(np.int64(1) << c)
            played = played0 | (np.int64(1) << c)
            k = k0 + 1
            leader = leader0
            done = won0 + won1
            w0 = won0
            w1 = won1
            p0 = 0
            p1 = 0
            while True:
                while k < 4:
                    seat = (leader + k) % 4
                    legal = _legal(hands[seat], trick[:k], contract)
                    card = choose_card(hands[seat], legal, trick[:k], contract, played, points)
                    trick[k] = card
                    hands[seat] = hands[seat] & ~(np.int64(1) << card)
                    played = played | (np.int64(1) << card)
                    k += 1
                win = (leader + _winner(trick, contract)) % 4
                last = done == 8
                pts = _trick_value(trick, points, last)
                if win % 2 == 0:
                    p0 += pts
                    w0 += 1
                else:
                    p1 += pts
                    w1 += 1
                done += 1
                if last:
                    break
                leader = win
                k = 0
            if w1 == 0:
                p0 += match_bonus
            elif w0 == 0:
                p1 += match_bonus
            out[i, j] = p0 - p1


def rollout_values(view: RoundView, layouts: list[tuple[int, int, int, int]], cards: list[int]) -> np.ndarray:
    """For each layout (four current hand masks) and each card the seat to move may play: its team's
    points minus the other team's from now to the end, playing that card and then every seat by the
    rule-based heuristics.  An ``(len(layouts), len(cards))`` int array.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=2); r.choose("obenabe")
    >>> v = rollout_values(r.view(0), [tuple(h.mask for h in r.hands)], [int(c) for c in r.legal_cards()])
    >>> v.shape, int(abs(v).max()) <= 257
    ((1, 9), True)
    """
    assert view.contract is not None
    contract = int(view.contract)
    trick = np.zeros(4, dtype=np.int64)
    for i, (_, c) in enumerate(view.trick):
        trick[i] = int(c)
    leader = int(view.trick[0][0]) if view.trick else int(view.seat)
    arr = np.array(layouts, dtype=np.int64).reshape(len(layouts), 4)
    out = np.zeros((len(layouts), len(cards)), dtype=np.int64)
    points = np.array(view.ruleset.card_points(contract), dtype=np.int64)
    _rollout_values(arr, trick, len(view.trick), leader, view.played.mask, contract, points,
                    int(view.tricks_won[0]), int(view.tricks_won[1]), np.array(cards, dtype=np.int64),
                    MATCH_BONUS, out)
    return out if view.seat % 2 == 0 else -out


def _check_budget(name: str, value: Any, integer: bool) -> None:
    if value is None:
        return
    ok = not isinstance(value, bool) and isinstance(value, int if integer else (int, float))
    if ok and integer and value > MAX_LAYOUTS:
        raise BudgetError(f"{name} is at most {MAX_LAYOUTS:,} layouts a move, got {excerpt(value)}")
    if not ok or not (value > 0) or not math.isfinite(value):
        what = "the layouts searched a move, a whole number above 0" if integer else \
            "the seconds a move may take, a number above 0"
        raise BudgetError(f"{name} is {what} (or None), got {value!r}")


REFERENCE_SOLVE_SECONDS: dict[tuple[bool, int], float] = {
    (True, 3): 0.0008, (True, 4): 0.0011, (True, 5): 0.0022, (True, 6): 0.016, (True, 7): 0.083,
    (False, 3): 0.0007, (False, 4): 0.0009, (False, 5): 0.0016, (False, 6): 0.0024, (False, 7): 0.0102,
}
"""Seconds of one exact solve per (trump contract?, cards left in the hand to move), measured once on the
project's reference machine (2 cores, CPU time): the calibration of :meth:`SearchPlayer.exact_from_for` for a
search without a time budget, so that untimed play (hints, reviews, the puzzle bank, the tests) is the same on
every machine and under any load."""

_SOLVE_SECONDS: dict[tuple[bool, int], float] = {}
"""Measured seconds of one exact solve, per (trump contract?, cards left in the hand to move): the
calibration of :meth:`SearchPlayer.exact_from_for`, measured once per process."""


def _solve_seconds(trump: bool, cards_left: int) -> float:
    """The median time of :func:`jasslib.solver.solve` on a few fixed positions (measured once, cached)."""
    key = (trump, cards_left)
    got = _SOLVE_SECONDS.get(key)
    if got is not None:
        return got
    from ..round import Round
    from ..solver import solve
    from .heuristics import choose_card as rule_card

    times = []
    for seed in range(3):
        r = Round.deal(seed=f"calibrate/{seed}")
        r.choose(Contract.HEARTS if trump else Contract.OBENABE)
        while len(r.hand(r.to_move)) > cards_left:  # type: ignore[arg-type]  # in play
            v = r.view(r.to_move)  # type: ignore[arg-type]  # in play
            trick = [int(c) for _, c in v.trick]
            r.play(Card(int(rule_card(v.hand.mask, v.legal.mask,  # type: ignore[union-attr]  # seat to move
                                      np.array(trick, dtype=np.int64) if HAVE_NUMBA else trick,
                                      int(r.contract), v.played.mask,  # type: ignore[arg-type]  # in play
                                      np.array(v.ruleset.card_points(int(r.contract)), dtype=np.int64)))))  # type: ignore[arg-type]  # in play
        start = time.perf_counter()
        solve(r)
        times.append(time.perf_counter() - start)
    times.sort()
    _SOLVE_SECONDS[key] = times[1]
    return times[1]


class SearchPlayer:
    """Samples the hidden cards and searches each sample (see the module): plays from the view only.

    ``seed``: the moves are a function of the seed and the view (each move draws its layouts from a
    stream named by both).  ``time_budget``: at most this many seconds a move (default 1.0; ``None``
    for no cap).  ``samples``: layouts a move (``None``: :meth:`default_samples`, 160 in the rollout phase and
    24 when solving exactly for a budget of one second, in proportion to the budget).  ``exact_from``:
    cards left in the hand from which every layout is solved exactly
    (``None``: from the solver's measured speed, see :meth:`exact_from_for`).

    >>> p = SearchPlayer(seed=3, samples=16)
    >>> p
    SearchPlayer(seed=3, time_budget=1.0, samples=16, exact_from=None)
    """

    ROLLOUT_SAMPLES = 160
    """Layouts a move in the rollout phase per second of budget, when ``samples`` is not given."""
    EXACT_SAMPLES = 24
    """Layouts a move in the exact phase per second of budget, when ``samples`` is not given."""
    ADVISOR_SAMPLES = 1000
    """Sampled deals the contract advisor plays out to choose a contract (about 0.2 s on one core)."""
    EXACT_SHARE = 0.35
    """The exact phase starts where solving the layouts takes at most this share of the time budget."""

    def __init__(self, seed: int | str = 0, time_budget: float | None = 1.0, samples: int | None = None,
                 exact_from: int | None = None) -> None:
        _check_budget("time_budget", time_budget, integer=False)
        _check_budget("samples", samples, integer=True)
        if exact_from is not None and (isinstance(exact_from, bool) or not isinstance(exact_from, int)
                                       or not 0 <= exact_from <= 9):
            raise BudgetError(f"exact_from is the cards left (0..9) from which layouts are solved exactly, "
                              f"got {exact_from!r}")
        if time_budget is None and samples is None:
            raise BudgetError("give a time_budget, a samples count or both: a search needs a limit")
        if not isinstance(seed, str):  # a text's length is the caller's (a simulation adds /deal/seat to it)
            _check.seed(seed)  # a CardParseError for a seed that is not a whole number or a text
        self.seed = seed
        self.time_budget = None if time_budget is None else float(time_budget)
        self.samples = samples
        self.exact_from = exact_from
        self.last_move: dict[str, Any] = {}
        """How the last card was found: phase (rollout, exact, forced), layouts, seconds (of which
        sampling_seconds drawing the layouts), each legal card's mean value."""

    def __repr__(self) -> str:
        return (f"SearchPlayer(seed={self.seed!r}, time_budget={self.time_budget!r}, samples={self.samples!r}, "
                f"exact_from={self.exact_from!r})")

    # ----------------------------------------------------------------------------- contract
    def contract_for(self, view: RoundView) -> int:
        """The contract number to name (0..5) or :data:`~jasslib.players.heuristics.SCHIEBEN`.

        The one place the contract is decided: the contract advisor
        (:func:`~jasslib.analysis.advisor.advisor_choice`) on :attr:`ADVISOR_SAMPLES` sampled deals, seeded
        by this player's seed and the view (the same answer for the same seed, whatever the time budget).
        """
        from ..analysis.advisor import advisor_choice

        c = advisor_choice(view.hand, view.ruleset, bool(view.pushed), seed=self._rng_seed(view),
                           samples=self.ADVISOR_SAMPLES)
        return SCHIEBEN if c is None else int(c)

    def choose_contract(self, view: RoundView) -> Contract | None:
        """The contract to name, or ``None`` for schieben (only while ``not view.pushed``, C1)."""
        c = self.contract_for(view)
        return None if c == SCHIEBEN else _CONTRACTS[c]

    # ----------------------------------------------------------------------------- play
    def exact_from_for(self, view: RoundView) -> int:
        """Cards left in the hand to move from which each layout is solved exactly.

        ``exact_from`` when given; else the largest number of cards left (at least 3) at which solving
        the move's layouts takes at most :attr:`EXACT_SHARE` of the time budget, by the solver's speed
        measured once per process on fixed positions (a faster solver raises it by itself).  Without a time
        budget, of one second by :data:`REFERENCE_SOLVE_SECONDS`, so that the switch, and with it every move,
        does not depend on the machine or its load.

        >>> from jasslib import Contract, Round
        >>> r = Round.deal(seed=1); r.choose(Contract.HEARTS)
        >>> SearchPlayer(time_budget=None, samples=6).exact_from_for(r.view(r.to_move))
        6
        """
        if self.exact_from is not None:
            return self.exact_from
        assert view.contract is not None
        trump = view.contract.has_trump
        count = self.samples or self.default_samples(True)
        budget = self.EXACT_SHARE * (self.time_budget if self.time_budget is not None else 1.0)
        best = 3
        seconds = _solve_seconds if self.time_budget is not None else \
            (lambda t, n: REFERENCE_SOLVE_SECONDS[(t, n)])
        for left in (4, 5, 6, 7):
            if seconds(trump, left) * count > budget:
                break
            best = left
        return best

    def default_samples(self, exact: bool) -> int:
        """Layouts a move when ``samples`` is not given: :attr:`EXACT_SAMPLES` or :attr:`ROLLOUT_SAMPLES` for a
        budget of one second, in proportion to ``time_budget`` (at least 4)."""
        base = self.EXACT_SAMPLES if exact else self.ROLLOUT_SAMPLES
        scale = 1.0 if self.time_budget is None else self.time_budget
        return max(4, round(base * scale))

    def _rng_seed(self, view: RoundView) -> str:
        text = f"{self.seed!r}/{int(view.seat)}/{view.hand.mask}/{view.played.mask}/{len(view.trick)}"
        return blake2b(text.encode(), digest_size=8, person=b"jasslib-search").hexdigest()

    def _rule_card(self, view: RoundView) -> int:
        assert view.contract is not None and view.legal is not None
        contract = int(view.contract)
        trick = [int(c) for _, c in view.trick]
        return int(choose_card(view.hand.mask, view.legal.mask,
                               np.array(trick, dtype=np.int64) if HAVE_NUMBA else trick,
                               contract, view.played.mask,
                               np.array(view.ruleset.card_points(contract), dtype=np.int64)))

    def play_card(self, view: RoundView) -> Card:
        """The card with the best mean value over the sampled layouts (see the module)."""
        if view.legal is None or view.contract is None:
            raise PhaseError(f"seat {int(view.seat)} has no card to play now (phase {view.phase.value})")
        start = time.perf_counter()
        legal = [int(c) for c in view.legal]
        if len(legal) == 1:
            self.last_move = {"phase": "forced", "layouts": 0, "seconds": 0.0, "sampling_seconds": 0.0,
                              "proposals": 0, "refused": 0, "values": {}}
            return Card(legal[0])
        rule = self._rule_card(view)
        left = len(view.hand)
        exact = left <= self.exact_from_for(view)
        count = self.samples or self.default_samples(exact)
        deadline = None if self.time_budget is None else start + 0.8 * self.time_budget
        t = time.perf_counter()
        sampler = LayoutSampler(view)
        sampling = time.perf_counter() - t

        rng = Random(self._rng_seed(view))
        totals = np.zeros(len(legal), dtype=np.float64)
        done = 0
        if exact:
            from ..solver import Position, solve

            trick = tuple(c for _, c in view.trick)
            leader = view.trick[0][0] if view.trick else view.seat
            team = int(view.seat) % 2
            for _ in range(count):
                if done and deadline is not None and time.perf_counter() > deadline:
                    break
                t = time.perf_counter()
                hands = sampler.draw_masks(rng)
                sampling += time.perf_counter() - t
                sol = solve(Position(hands, trick, leader, view.contract, view.ruleset, view.tricks_won))  # type: ignore[arg-type]  # masks are hands
                for j, c in enumerate(legal):
                    a, b = sol.card_values[Card(c)]
                    totals[j] += (a - b) if team == 0 else (b - a)
                done += 1
        else:
            chunk = 16
            while done < count:
                if done and deadline is not None and time.perf_counter() > deadline:
                    break
                n = min(chunk, count - done)
                t = time.perf_counter()
                layouts = [sampler.draw_masks(rng) for _ in range(n)]
                sampling += time.perf_counter() - t
                totals += rollout_values(view, layouts, legal).sum(axis=0)
                done += n
        means = totals / done
        best = max(range(len(legal)), key=lambda j: (means[j], legal[j] == rule, -legal[j]))
        self.last_move = {"phase": "exact" if exact else "rollout", "layouts": done,
                          "seconds": time.perf_counter() - start, "sampling_seconds": sampling,
                          "proposals": sampler.proposals, "refused": sampler.refused,
                          "values": {str(Card(c)): float(means[j]) for j, c in enumerate(legal)}}
        return Card(legal[best])
