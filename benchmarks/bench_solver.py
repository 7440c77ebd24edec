"""Benchmark of the double-dummy solver: full deals from the opening lead, per contract, against plain alpha-beta.

    python benchmarks/bench_solver.py                        # 200 deals per contract
    python benchmarks/bench_solver.py --deals 20 --contracts 4,5 --budget 2e7 --baseline-budget 2e6

Seeded deals from :func:`jasslib.fast.deal_batch` (forehand seat 0), one thread, warm JIT.  Times are
the process's CPU time (the search is single-threaded, so on an idle machine that is the wall time;
on a shared machine it is the fairer figure).  For each contract: median, p95 and max milliseconds
per deal of :func:`jasslib.solver.dd_points` (the exact
value), and of the SAME deals with a plain alpha-beta search (full window, no table, no equivalent
cards, no move ordering; compiled with numba too, so the ratio is fair), side by side with the ratio
of the medians.

Budgets: a deal whose search needs more nodes than its budget is stopped; its time then only says
"more than this", and the figures it enters show as "> X ms" (X: the smallest time at which a deal
of that column was stopped).  The plain search stops far earlier than the solver on full deals, so
its column is mostly such lower bounds.  Prints the transposition table's memory and whether the
targets (median <= 50 ms, p95 <= 500 ms) are met.

A second table gives a ratio that the plain search can finish: the same deals after ``--later-tricks``
tricks (default 4, so five tricks are left), the first tricks played with random legal cards from a
seeded generator (``legal_mask`` and ``trick_winner_index`` of :mod:`jasslib.play`), solved by both
searches from there; the values must agree.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from jasslib import CLASSIC, Contract, fast, solver
from jasslib.play import LAST_TRICK_BONUS, legal_mask, trick_winner_index
from jasslib.scoring import MATCH_BONUS

try:
    import numba

    _legal = numba.njit(cache=False)(legal_mask)
    _winner = numba.njit(cache=False)(trick_winner_index)
    _compile = numba.njit(cache=False)
except ImportError:  # pragma: no cover
    sys.exit("bench_solver.py needs numba (the comparison would be meaningless in plain Python)")

_INF = 10_000
_STOP = -(1 << 40)


def _plain(hands, trick, k, leader, contract, points, won0, won1, alpha, beta, nodes):  # type: ignore[no-untyped-def]
    """Plain fail-hard alpha-beta on team 0 - team 1 (no table, no equivalence, no ordering); ``_STOP`` over budget."""
    nodes[0] += 1
    if nodes[0] > nodes[1]:
        return _STOP
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
            v = _plain(hands, trick, k + 1, leader, contract, points, won0, won1, alpha, beta, nodes)
        else:
            winner = (leader + _winner(trick, contract)) % 4
            got = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            if hands[0] == 0 and hands[1] == 0 and hands[2] == 0 and hands[3] == 0:
                got += LAST_TRICK_BONUS
            if winner % 2 == 0:
                v = _plain(hands, trick, 0, winner, contract, points, won0 + 1, won1, alpha - got, beta - got, nodes)
                v = v if v == _STOP else got + v
            else:
                v = _plain(hands, trick, 0, winner, contract, points, won0, won1 + 1, alpha + got, beta + got, nodes)
                v = v if v == _STOP else v - got
            trick[0] = t0
            trick[1] = t1
            trick[2] = t2
        hands[seat] ^= bit
        if v == _STOP:
            return _STOP
        if seat % 2 == 0:
            if v > alpha:
                alpha = v
        elif v < beta:
            beta = v
        if alpha >= beta:
            break
    return alpha if seat % 2 == 0 else beta


_plain = _compile(_plain)


def plain_dd(masks: np.ndarray, contract: int, budget: int) -> int | None:
    """Team 0's points of a full deal by the plain search, or None over ``budget`` nodes."""
    d = plain_later([int(m) for m in masks], 0, (0, 0), contract, budget)
    if d is None:
        return None
    total = sum(CLASSIC.card_points(contract)) + LAST_TRICK_BONUS
    return d if d > total else 0 if d < -total else (total + d) // 2


def solver_dd(masks: np.ndarray, contract: int, budget: int) -> tuple[int | None, int]:
    """Team 0's points by :func:`jasslib.solver.dd_points` (None over ``budget`` nodes) and the nodes searched."""
    ws = solver._workspace()
    ws.stats[solver._NODES] = 0
    ws.stats[solver._BUDGET] = budget
    try:
        v = solver.dd_points([int(m) for m in masks], contract)
    finally:
        ws.stats[solver._BUDGET] = 0
    nodes = int(ws.stats[solver._NODES])
    return (None if nodes > budget > 0 else v[0]), nodes


def later_position(masks: np.ndarray, contract: int, tricks: int, rng: np.random.Generator
                   ) -> tuple[list[int], int, tuple[int, int]]:
    """The hands, the leader and the tricks won per team after ``tricks`` tricks of random legal cards."""
    hands = [int(m) for m in masks]
    leader = 0
    won = [0, 0]
    for _ in range(tricks):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) % 4
            legal = [c for c in range(36) if (legal_mask(hands[seat], trick, contract) >> c) & 1]
            card = int(rng.choice(legal))
            hands[seat] &= ~(1 << card)
            trick.append(card)
        leader = (leader + trick_winner_index(trick, contract)) % 4
        won[leader % 2] += 1
    return hands, leader, (won[0], won[1])


def plain_later(hands: list[int], leader: int, won: tuple[int, int], contract: int, budget: int) -> int | None:
    """Team 0 - team 1 of the rest of the round by the plain search, or None over ``budget`` nodes."""
    points = np.array(CLASSIC.card_points(contract), dtype=np.int64)
    nodes = np.array([0, budget if budget > 0 else 1 << 62], dtype=np.int64)
    d = _plain(np.array(hands, dtype=np.int64), np.zeros(4, dtype=np.int64), 0, leader, contract, points,
               won[0], won[1], -_INF, _INF, nodes)
    return None if d == _STOP else int(d)


def later_table(hands: np.ndarray, contracts: list[int], tricks: int, budget: int, seed: str) -> bool:
    """Print solver and plain search side by side on the positions after ``tricks`` tricks; False on a disagreement."""
    print(f"\nthe same deals after {tricks} tricks of random legal cards ({9 - tricks} tricks left), both searches "
          f"from there; plain budget {budget:.0e} nodes")
    head = (f"{'contract':<10}{'solver median':>14}{'p95':>10}{'max':>10} | {'plain median':>13}{'p95':>10}"
            f"{'max':>10}{'stopped':>8} | {'ratio':>8}")
    print(head)
    print("-" * len(head))
    for c in contracts:
        rng = np.random.default_rng([c, tricks, len(seed), *seed.encode()])
        s_times: list[float] = []
        b_times: list[float] = []
        b_stop: list[bool] = []
        for masks in hands:
            h, leader, won = later_position(masks, c, tricks, rng)
            t = time.process_time()
            t0, t1 = solver.value(solver.Position(h, (), leader, c, tricks_won=won))
            s_times.append((time.process_time() - t) * 1000)
            t = time.process_time()
            d = plain_later(h, leader, won, c, budget)
            b_times.append((time.process_time() - t) * 1000)
            b_stop.append(d is None)
            if d is not None and d != t0 - t1:
                print(f"  DISAGREEMENT contract {c}: solver {t0} - {t1}, plain difference {d}", file=sys.stderr)
                return False
        sm, sp, sx, sm_v = _figures(s_times, [False] * len(s_times))
        bm, bp, bx, bm_v = _figures(b_times, b_stop)
        ratio = f"> {float(bm.split()[1]) / sm_v:.0f}x" if np.isinf(bm_v) else f"{bm_v / sm_v:.0f}x"
        print(f"{Contract(c).name.lower():<10}{sm:>14}{sp:>10}{sx:>10} | {bm:>13}{bp:>10}{bx:>10}{sum(b_stop):>8} | "
              f"{ratio:>8}", flush=True)
    return True


def _figures(times: list[float], stopped: list[bool]) -> tuple[str, str, str, float]:
    """Median, p95 and max as text ("> X" where the quantile falls on a stopped deal), and the median value."""
    t = np.array(times)
    order = np.argsort(np.where(stopped, np.inf, t), kind="stable")
    floor = min((x for x, s in zip(times, stopped) if s), default=None)

    def quantile(q: float) -> tuple[str, float]:
        i = min(len(t) - 1, int(np.ceil(q * len(t))) - 1)
        j = order[i]
        if stopped[j]:
            return f"> {floor:.0f}", float("inf")
        return f"{t[j]:.1f}", float(t[j])

    med, med_v = quantile(0.5)
    p95, _ = quantile(0.95)
    mx = f"> {floor:.0f}" if floor is not None else f"{t.max():.1f}"
    return med, p95, mx, med_v


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200, help="deals per contract (default 200)")
    ap.add_argument("--contracts", default="0,1,2,3,4,5",
                    help="contract numbers (0-3 trump ♣♠♥♦, 4 Obenabe, 5 Undenufe)")
    ap.add_argument("--seed", default="bench-solver")
    ap.add_argument("--budget", type=float, default=1e8, help="node budget of the solver per deal (0: none)")
    ap.add_argument("--baseline-budget", type=float, default=2e7, help="node budget of the plain search per deal")
    ap.add_argument("--baseline-deals", type=int, default=None, help="deals per contract for the plain search "
                    "(default: all)")
    ap.add_argument("--later-tricks", type=int, default=4, help="tricks played before the second table (0: none)")
    ap.add_argument("--later-budget", type=float, default=1e8, help="node budget of the plain search there")
    args = ap.parse_args(argv)
    contracts = [int(c) for c in args.contracts.split(",")]
    hands = fast.deal_batch(args.seed, 0, args.deals)
    # warm up both compiled searches (an endgame-sized deal is enough to compile them)
    solver_dd(hands[0], 4, 10_000)
    plain_dd(hands[0], 4, 10_000)
    ws = solver._workspace()
    print(f"load average {os.getloadavg()[0]:.1f}; {args.deals} seeded full deals per contract "
          f"(deal_batch seed {args.seed!r}, forehand seat 0), one thread, CPU time; "
          f"solver table {ws.nbytes / 2**20:.0f} MiB ({solver.TT_ENTRIES} entries); budgets: solver "
          f"{args.budget:.0e} nodes, plain {args.baseline_budget:.0e} nodes per deal")
    head = (f"{'contract':<10}{'solver median':>14}{'p95':>10}{'max':>10}{'nodes med':>11}{'stopped':>8} | "
            f"{'plain median':>13}{'p95':>10}{'max':>10}{'stopped':>8} | {'ratio':>8}")
    print(head)
    print("-" * len(head))
    met = True
    nb = args.deals if args.baseline_deals is None else min(args.deals, args.baseline_deals)
    for c in contracts:
        s_times, s_stop, s_nodes, b_times, b_stop = [], [], [], [], []
        for i in range(args.deals):
            t = time.process_time()
            v, nodes = solver_dd(hands[i], c, int(args.budget))
            s_times.append((time.process_time() - t) * 1000)
            s_stop.append(v is None)
            s_nodes.append(nodes)
            if i < nb:
                t = time.process_time()
                b = plain_dd(hands[i], c, int(args.baseline_budget))
                b_times.append((time.process_time() - t) * 1000)
                b_stop.append(b is None)
                if b is not None and v is not None and b != v:
                    print(f"  DISAGREEMENT deal {i} contract {c}: solver {v}, plain {b}", file=sys.stderr)
                    return 1
            if (i + 1) % 20 == 0 and i + 1 < args.deals:  # a long run shows that it moves (on stderr)
                done = np.array(s_times)
                print(f"  {Contract(c).name.lower()}: {i + 1} deals, solver median so far {np.median(done):.0f} ms, "
                      f"{sum(s_stop)} over the budget", file=sys.stderr, flush=True)
        sm, sp, sx, sm_v = _figures(s_times, s_stop)
        bm, bp, bx, bm_v = _figures(b_times, b_stop)
        # the ratio of the medians over the deals both searches were given (the plain one may have fewer)
        _, _, _, sub_v = _figures(s_times[:nb], s_stop[:nb])
        if np.isinf(sub_v):
            ratio = "n/a"
        elif np.isinf(bm_v):  # the plain median is only a lower bound: a ratio below 1 then says nothing
            bound = float(bm.split()[1]) / sub_v
            ratio = f"> {bound:.1f}x" if bound >= 1 else "n/a"
        else:
            ratio = f"{bm_v / sub_v:.1f}x"
        name = Contract(c).name.lower()
        print(f"{name:<10}{sm:>14}{sp:>10}{sx:>10}{np.median(s_nodes):>11.3g}{sum(s_stop):>8} | "
              f"{bm:>13}{bp:>10}{bx:>10}{sum(b_stop):>8} | {ratio:>8}", flush=True)
        p95_v = _figures(s_times, s_stop)[1]
        met = met and sm_v <= 50 and not p95_v.startswith(">") and float(p95_v) <= 500
    print(f"targets (median <= 50 ms and p95 <= 500 ms per deal, every contract): {'met' if met else 'NOT met'}")
    later = args.later_tricks
    if later > 0 and not later_table(hands, contracts, later, int(args.later_budget), args.seed):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
