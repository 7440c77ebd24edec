"""Exactness of the double-dummy solver against independent references (the full samples).

    python benchmarks/solver_exactness.py                      # the full samples (a) 3000, (b) 300, (c) 200
    python benchmarks/solver_exactness.py --a 300 --b 30 --c 12 --budget 2e7

(a) plain minimax (every line, no pruning, no table) on random positions with 1–4 cards per hand: the
    value and the value of every legal card; both presets, all six contracts, a third mid-trick,
    random ``tricks_won`` (often (x, 0) or (0, x), so that the match is at stake);
(b) plain alpha-beta (no table, no equivalent cards, no move ordering) on 5–7 cards per hand;
(c) full deals from the opening lead: one-step consistency (the value equals the best, for the side
    to move, of the values after each legal card, each solved afresh with an empty table) and the
    principal variation played through :class:`jasslib.Round`, whose trick points must equal the value;
(d) full deals from the opening lead against the reference solver (``tests/solver_reference.py``, the
    solver before issue 19, exact on (a)–(c)): deal ``i`` under contract ``i % 6``, both presets; every
    tenth deal also compares every legal card's value (:func:`solve`).

The references share nothing with ``jasslib.solver``: they call the rules of ``jasslib.play``
(``legal_mask``, ``trick_winner_index``) and the card points of the ruleset.  They are recursive and
compiled with numba without caching (numba cannot load a cached recursive function).  (c) can be
slow on hard trump deals: ``--budget`` caps the nodes of the root solve of a deal; a deal over the
budget is skipped and counted as such (never as agreement).

(e) the parts of the shipped DD table that the solver before issue 19 made (its search is the reference's: only
    messages and checks of bad input changed between them): all six contracts of deals 0..399 of
    ``ddtable.sample`` and Obenabe and Undenufe of deals 0..1,999 (the trump contracts of deals 400..1,999 were
    solved later, by ``fill_dd_trump.py``), solved again with :func:`dd_batch` and compared column by column;
    ``--e`` deals (from ``--e-start``) get all six contracts, the others up to 2,000 the two without trumps (a
    trump deal takes seconds, one without a tenth of a second; ``--e-notrump 0`` leaves those out).

(d) is slow on trump deals for the reference's sake (seconds per deal): ``--jobs`` spreads it too.

Prints counts and disagreements per part; the exit code is 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TypeVar

import numpy as np

from jasslib import CLASSIC, MODERN, CardSet, Contract, Round, fast
from jasslib.play import LAST_TRICK_BONUS, legal_mask, trick_winner_index
from jasslib.rulesets import Ruleset
from jasslib.scoring import MATCH_BONUS
from jasslib.solver import Position, dd_batch, solve, value

T = TypeVar("T")
R = TypeVar("R")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))  # solver_reference

try:
    import numba

    def _compile(f):  # type: ignore[no-untyped-def]
        return numba.njit(cache=False)(f)

    _legal = numba.njit(cache=False)(legal_mask)
    _winner = numba.njit(cache=False)(trick_winner_index)
except ImportError:  # pragma: no cover - plain Python references (slow)
    def _compile(f):  # type: ignore[no-untyped-def]
        return f

    _legal = legal_mask
    _winner = trick_winner_index


# ----------------------------------------------------------------------------------------------- references
def _minimax(hands, trick, k, leader, contract, points, won0, won1):  # type: ignore[no-untyped-def]
    """Team 0's and team 1's points from here: every line, no pruning (returns the pair as t0 * 1024 + t1)."""
    if k == 0 and hands[0] == 0 and hands[1] == 0 and hands[2] == 0 and hands[3] == 0:
        return (MATCH_BONUS if won1 == 0 else 0) * 1024 + (MATCH_BONUS if won0 == 0 else 0)
    seat = (leader + k) % 4
    legal = _legal(hands[seat], trick[:k], contract)
    best = -1
    best_d = 0
    for c in range(36):
        if not (legal >> c) & 1:
            continue
        v = _minimax_child(hands, trick, k, leader, contract, points, won0, won1, c)
        d = v // 1024 - v % 1024
        if best < 0 or (seat % 2 == 0 and d > best_d) or (seat % 2 == 1 and d < best_d):
            best = v
            best_d = d
    return best


def _minimax_child(hands, trick, k, leader, contract, points, won0, won1, card):  # type: ignore[no-untyped-def]
    """The pair (t0 * 1024 + t1) after the side to move plays ``card``."""
    seat = (leader + k) % 4
    h = hands.copy()
    h[seat] &= ~(np.int64(1) << card)
    t = trick.copy()
    t[k] = card
    if k < 3:
        return _minimax(h, t, k + 1, leader, contract, points, won0, won1)
    winner = (leader + _winner(t, contract)) % 4
    got = points[t[0]] + points[t[1]] + points[t[2]] + points[t[3]]
    if h[0] == 0 and h[1] == 0 and h[2] == 0 and h[3] == 0:
        got += LAST_TRICK_BONUS
    if winner % 2 == 0:
        return _minimax(h, t, 0, winner, contract, points, won0 + 1, won1) + got * 1024
    return _minimax(h, t, 0, winner, contract, points, won0, won1 + 1) + got


def _alphabeta(hands, trick, k, leader, contract, points, won0, won1, alpha, beta):  # type: ignore[no-untyped-def]
    """Plain fail-hard alpha-beta on team 0's points minus team 1's: no table, no equivalence, no ordering.

    ``hands`` and ``trick`` are changed in place and restored.
    """
    if k == 0 and hands[0] == 0 and hands[1] == 0 and hands[2] == 0 and hands[3] == 0:
        return (MATCH_BONUS if won1 == 0 else 0) - (MATCH_BONUS if won0 == 0 else 0)
    seat = (leader + k) % 4
    legal = _legal(hands[seat], trick[:k], contract)
    t0 = trick[0]
    t1 = trick[1]
    t2 = trick[2]
    for c in range(36):
        if not (legal >> c) & 1:
            continue
        bit = np.int64(1) << c
        hands[seat] ^= bit
        trick[k] = c
        if k < 3:
            v = _alphabeta(hands, trick, k + 1, leader, contract, points, won0, won1, alpha, beta)
        else:
            winner = (leader + _winner(trick, contract)) % 4
            got = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            if hands[0] == 0 and hands[1] == 0 and hands[2] == 0 and hands[3] == 0:
                got += LAST_TRICK_BONUS
            if winner % 2 == 0:
                v = got + _alphabeta(hands, trick, 0, winner, contract, points, won0 + 1, won1, alpha - got,
                                     beta - got)
            else:
                v = -got + _alphabeta(hands, trick, 0, winner, contract, points, won0, won1 + 1, alpha + got,
                                      beta + got)
            trick[0] = t0
            trick[1] = t1
            trick[2] = t2
        hands[seat] ^= bit
        if seat % 2 == 0:
            if v > alpha:
                alpha = v
        elif v < beta:
            beta = v
        if alpha >= beta:
            break
    return alpha if seat % 2 == 0 else beta


_minimax = _compile(_minimax)
_minimax_child = _compile(_minimax_child)
_alphabeta = _compile(_alphabeta)

_INF = 10_000


def _arrays(pos: Position) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    hands = np.array([h.mask for h in pos.hands], dtype=np.int64)
    trick = np.zeros(4, dtype=np.int64)
    for i, c in enumerate(pos.trick):
        trick[i] = int(c)
    points = np.array(pos.ruleset.card_points(pos.contract), dtype=np.int64)
    return hands, trick, points


def _pair(v: int) -> tuple[int, int]:
    return (int(v) // 1024, int(v) % 1024)


def random_position(rng: random.Random, cards: int, mid_trick: bool, ruleset: Ruleset, contract: int) -> Position:
    """Random legal play from a random deal until the side to move holds ``cards`` cards (and, mid-trick,
    1–3 cards lie in the trick); ``tricks_won`` is redrawn, often (x, 0) or (0, x)."""
    rnd = Round.deal(seed=rng.randrange(10**12), ruleset=ruleset)
    rnd.choose(contract)
    extra = rng.randint(1, 3) if mid_trick else 0
    while len(rnd.hand(rnd.to_move)) > cards or len(rnd.trick) < extra:  # type: ignore[arg-type]
        rnd.play(rng.choice(list(rnd.legal_cards())))
    pos = Position.from_round(rnd)
    played = 9 - cards
    a = rng.randint(0, played)
    won = rng.choice([(a, played - a), (played, 0), (0, played)])
    return Position(pos.hands, pos.trick, pos.leader, pos.contract, pos.ruleset, won)


# ----------------------------------------------------------------------------------------------- parts
def part_a(n: int, seed: str) -> tuple[int, int, Counter[str]]:
    rng = random.Random(seed)
    bad = 0
    kinds: Counter[str] = Counter()
    for i in range(n):
        ruleset = (CLASSIC, MODERN)[i % 2]
        pos = random_position(rng, rng.randint(1, 4), mid_trick=i % 3 == 0, ruleset=ruleset, contract=(i // 2) % 6)
        hands, trick, points = _arrays(pos)
        k, leader, (w0, w1) = len(pos.trick), int(pos.leader), pos.tricks_won
        sol = solve(pos)
        ok = sol.value == _pair(_minimax(hands, trick, k, leader, int(pos.contract), points, w0, w1))
        for card, v in sol.card_values.items():
            ref = _pair(_minimax_child(hands, trick, k, leader, int(pos.contract), points, w0, w1, int(card)))
            ok = ok and v == ref
        if sum(sol.value) >= MATCH_BONUS:
            kinds["match"] += 1
        kinds["mid-trick" if k else "trick start"] += 1
        if not ok:
            bad += 1
            print(f"  (a) DISAGREEMENT: {pos!r}", file=sys.stderr)
    return n, bad, kinds


def part_b(n: int, seed: str) -> tuple[int, int, Counter[str]]:
    rng = random.Random(seed)
    bad = 0
    kinds: Counter[str] = Counter()
    for i in range(n):
        ruleset = (CLASSIC, MODERN)[i % 2]
        pos = random_position(rng, rng.randint(5, 7), mid_trick=i % 3 == 0, ruleset=ruleset, contract=(i // 2) % 6)
        hands, trick, points = _arrays(pos)
        v = value(pos)
        ref = _alphabeta(hands, trick, len(pos.trick), int(pos.leader), int(pos.contract), points,
                         pos.tricks_won[0], pos.tricks_won[1], -_INF, _INF)
        kinds[f"{len(pos.hands[pos.to_move])} cards"] += 1
        total = pos.points_left + LAST_TRICK_BONUS
        if v[0] - v[1] != ref or sum(v) not in (total, total + MATCH_BONUS):
            bad += 1
            print(f"  (b) DISAGREEMENT: {pos!r}: solver {v}, alpha-beta difference {ref}", file=sys.stderr)
        if (i + 1) % 50 == 0:
            print(f"  (b) {i + 1} positions, {bad} disagreements so far", flush=True)
    return n, bad, kinds


def _budgeted_value(pos: Position, budget: int) -> tuple[int, int] | None:
    """value(pos), or None when the root search needs more than ``budget`` nodes (0: no budget)."""
    from jasslib import solver

    ws = solver._workspace()
    ws.stats[solver._NODES] = 0
    ws.stats[solver._BUDGET] = budget
    try:
        v = value(pos)
        return None if ws.stats[solver._NODES] > budget > 0 else v
    finally:
        ws.stats[solver._BUDGET] = 0


def _check_deal(args: tuple[str, int, int]) -> tuple[int, str, str | None]:
    """(c) for deal ``i`` of ``seed``: (0 checked / 1 skipped, its kind, a disagreement message or None)."""
    seed, i, budget = args
    hands = fast.deal_batch(seed, i, 1)[0]
    contract = i % 6
    ruleset = (CLASSIC, MODERN)[(i // 6) % 2]
    masks = [int(h) for h in hands]
    pos = Position.deal(masks, contract, 0, ruleset)
    root = _budgeted_value(pos, budget)
    if root is None:
        return 1, f"skipped {Contract(contract).name}", None
    # one-step consistency: each legal card solved afresh (value() starts a new table generation)
    team0 = pos.to_move % 2 == 0
    children = [value(pos.play(card)) for card in pos.legal_cards()]  # no card completes a trick at the lead
    best = max(children, key=lambda v: v[0] - v[1]) if team0 else min(children, key=lambda v: v[0] - v[1])
    # the principal variation, played through a Round, scores the value
    sol = solve(pos)
    rnd = Round([CardSet.from_mask(m) for m in masks], dealer=3, forehand=0, ruleset=ruleset)
    rnd.choose(contract)
    for card in sol.pv:
        rnd.play(card)
    score = rnd.score()
    ok = best == root and sol.value == root and rnd.done and score.trick_points == root
    kind = Contract(contract).name + (" match" if score.match is not None else "")
    if ok:
        return 0, kind, None
    return 0, kind, (f"  (c) DISAGREEMENT deal {i} {Contract(contract).name} {ruleset.name}: root {root}, best child "
                     f"{best}, solve {sol.value}, pv scores {score.trick_points}")


@contextlib.contextmanager
def _results(check: Callable[[T], R], tasks: list[T], jobs: int, ordered: bool = True,
             chunksize: int = 1) -> Iterator[Iterator[R]]:
    """The results of ``check`` on ``tasks``: in this process, or on ``jobs`` spawned processes (in the tasks'
    order when ``ordered``), the pool closed when the block ends."""
    if jobs <= 1:
        yield iter(map(check, tasks))
        return
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(jobs)
    try:
        yield (pool.imap if ordered else pool.imap_unordered)(check, tasks, chunksize)
    finally:
        pool.close()
        pool.join()


def part_c(n: int, seed: str, budget: int, jobs: int = 1, start: int = 0) -> tuple[int, int, int, Counter[str]]:
    bad = 0
    skipped = 0
    kinds: Counter[str] = Counter()
    tasks = [(seed, i, budget) for i in range(start, start + n)]
    with _results(_check_deal, tasks, jobs) as results:
        for done, (skip, kind, message) in enumerate(results, 1):
            skipped += skip
            for word in [kind] if skip else kind.split():
                kinds[word] += 1
            if message is not None:
                bad += 1
                print(message, file=sys.stderr, flush=True)
            if done % 20 == 0:
                print(f"  (c) {done} deals, {bad} disagreements, {skipped} skipped so far", flush=True)
    return n - skipped, bad, skipped, kinds


def _check_reference(args: tuple[str, int]) -> tuple[str, str | None]:
    """(d) for deal ``i`` of ``seed``: (its kind, a disagreement message or None)."""
    import solver_reference

    seed, i = args
    contract = i % 6
    ruleset = (CLASSIC, MODERN)[(i // 6) % 2]
    pos = Position.deal([int(h) for h in fast.deal_batch(seed, i, 1)[0]], contract, 0, ruleset)
    if i % 10 == 0:
        new, ref = solve(pos), solver_reference.solve(pos)
        got: object = (new.value, dict(new.card_values))
        want: object = (ref.value, dict(ref.card_values))
    else:
        got, want = value(pos), solver_reference.value(pos)
    if got == want:
        return Contract(contract).name, None
    return Contract(contract).name, (f"  (d) DISAGREEMENT deal {i} {Contract(contract).name} {ruleset.name}: "
                                     f"{got} != {want}")


def part_d(n: int, seed: str, jobs: int = 1, start: int = 0) -> tuple[int, int, Counter[str]]:
    bad = 0
    kinds: Counter[str] = Counter()
    tasks = [(seed, i) for i in range(start, start + n)]
    with _results(_check_reference, tasks, jobs, ordered=False) as results:
        for done, (kind, message) in enumerate(results, 1):
            kinds[kind] += 1
            if message is not None:
                bad += 1
                print(message, file=sys.stderr, flush=True)
            if done % 20 == 0:
                print(f"  (d) {done} deals, {bad} disagreements so far", flush=True)
    return n, bad, kinds


OLD_SIX, OLD_NOTRUMP = 400, 2000  # the deals of the shipped tables made before issue 19 (all six / the two)
_SHIPPED: dict[bool, object] = {}  # those tables, read once per process


def _check_shipped(args: tuple[int, bool]) -> tuple[int, str | None]:
    """(e) for shipped deal ``i``: (contracts compared, a disagreement message or None)."""
    from jasslib import ddtable

    i, six = args
    contracts = list(range(6)) if six else [4, 5]
    if six not in _SHIPPED:
        _SHIPPED[six] = ddtable.sample(OLD_SIX) if six else ddtable.sample_notrump(OLD_NOTRUMP)
    table = _SHIPPED[six]
    want = [int(table[ddtable.DD_COLUMNS[c]].iloc[i]) for c in contracts]
    row = dd_batch(fast.deal_batch(ddtable.SAMPLE_SEED, i, 1), contracts=contracts)[0]
    got = [int(row[c]) for c in contracts]
    if got == want:
        return len(contracts), None
    return len(contracts), f"  (e) DISAGREEMENT shipped deal {i} contracts {contracts}: now {got}, shipped {want}"


def part_e(six: int, jobs: int = 1, notrump: bool = True, start: int = 0) -> tuple[int, int, int]:
    """(deals, deal-contracts, disagreements) of (e): deals ``start .. six - 1`` with all six contracts, the
    rest of the 2,000 with the two without trumps (unless ``notrump`` is false)."""
    six = max(0, min(six, OLD_SIX))
    tasks = [(i, i < six) for i in range(max(0, start), OLD_NOTRUMP if notrump else six)]
    bad = 0
    compared = 0
    with _results(_check_shipped, tasks, jobs, ordered=False, chunksize=4) as results:
        for done, (count, message) in enumerate(results, 1):
            compared += count
            if message is not None:
                bad += 1
                print(message, file=sys.stderr, flush=True)
            if done % 200 == 0:
                print(f"  (e) {done} deals, {compared} deal-contracts, {bad} disagreements so far", flush=True)
    return len(tasks), compared, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", type=int, default=3000, help="positions for (a), minimax on 1-4 cards per hand")
    ap.add_argument("--b", type=int, default=300, help="positions for (b), alpha-beta on 5-7 cards per hand")
    ap.add_argument("--c", type=int, default=200, help="full deals for (c)")
    ap.add_argument("--d", type=int, default=2000, help="full deals for (d), against the reference solver")
    ap.add_argument("--d-start", type=int, default=0, help="first deal of (d)")
    ap.add_argument("--e", type=int, default=400,
                    help="shipped deals (from 0, at most 400) compared under all six contracts in (e); -1 skips (e)")
    ap.add_argument("--e-notrump", type=int, default=1, help="0: (e) only the deals of all six contracts")
    ap.add_argument("--e-start", type=int, default=0, help="first deal of (e): to add deals to an earlier run")
    ap.add_argument("--budget", type=float, default=0, help="node budget of a (c) root solve (0: none)")
    ap.add_argument("--seed", default="solver-exactness")
    ap.add_argument("--jobs", type=int, default=1, help="processes for (c) (each deal is checked on one core)")
    ap.add_argument("--start", type=int, default=0, help="first deal of (c): to add deals to an earlier run")
    args = ap.parse_args(argv)
    total_bad = 0
    for name, run in (("a", lambda: part_a(args.a, args.seed + "-a")), ("b", lambda: part_b(args.b, args.seed + "-b"))):
        if (args.a, args.b)[name == "b"] <= 0:
            continue
        t = time.perf_counter()
        count, bad, kinds = run()
        total_bad += bad
        print(f"({name}) {count} positions, {bad} disagreements, {time.perf_counter() - t:.0f} s; {dict(kinds)}",
              flush=True)
    if args.c > 0:
        t = time.perf_counter()
        count, bad, skipped, kinds = part_c(args.c, args.seed + "-c", int(args.budget), args.jobs, args.start)
        total_bad += bad
        print(f"(c) {count} full deals checked, {bad} disagreements, {skipped} skipped over the budget, "
              f"{time.perf_counter() - t:.0f} s; {dict(kinds)}", flush=True)
    if args.d > 0:
        t = time.perf_counter()
        count, bad, kinds = part_d(args.d, args.seed + "-d", args.jobs, args.d_start)
        total_bad += bad
        print(f"(d) {count} full deals against the reference solver, {bad} disagreements, "
              f"{time.perf_counter() - t:.0f} s; {dict(kinds)}", flush=True)
    if args.e >= 0:
        t = time.perf_counter()
        deals, compared, bad = part_e(args.e, args.jobs, bool(args.e_notrump), args.e_start)
        total_bad += bad
        six = max(0, min(args.e, OLD_SIX) - max(0, args.e_start))
        print(f"(e) {deals} shipped deals ({six} of all six contracts), {compared} deal-contracts "
              f"against the tables of the solver before issue 19, {bad} disagreements, {time.perf_counter() - t:.0f} s",
              flush=True)
    print("OK: no disagreement" if total_bad == 0 else f"FAILED: {total_bad} disagreements")
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
