"""Benchmark of the double-dummy solver: full deals from the opening lead, per contract, no node budget.

    python benchmarks/bench_solver.py                        # 200 deals per contract (tens of minutes)
    python benchmarks/bench_solver.py --deals 20 --contracts 4,5 --reference-deals 5

Seeded deals from :func:`jasslib.fast.deal_batch` (forehand seat 0), one thread, warm JIT, and by default
no node budget, so every deal is solved and the max is a real max.  Times are the process's CPU time (the
search is single-threaded, so on an idle machine that is the wall time; on a shared machine it is the
fairer figure, though still inflated by the load); the node counts do not depend on the load.  For each
contract: median, p95, max and mean milliseconds and nodes per deal of :func:`jasslib.solver.dd_points`,
and whether the targets are met (trump contracts: median <= 50 ms, p95 <= 500 ms; Obenabe and Undenufe:
20 / 200 ms).  Prints the memory of the solver's tables (the same on every machine).

Then, on the first ``--reference-deals`` deals of each contract (a subset: the reference takes seconds per
trump deal), the same figures of the reference solver (``tests/solver_reference.py``, the solver before
issue 19) side by side, with the ratio of the mean nodes; the values must agree.  Then :func:`solve` of
the opening lead (every legal card's value) against :func:`value` on ``--solve-deals`` deals (target: 5x).

Then one yes/no question instead of the exact value, on the first ``--question-deals`` deals: "does forehand's
team take more points than the other team?" (one null-window search with a fresh table: the kind of question a
Skat solver answers, "does the declarer win?", so its figures compare with the published ones) and the two
questions at the exact value that any exact search must settle ("at least v?" yes, "more than v?" no).

A last table gives a ratio against a plain alpha-beta search (full window, no table, no equivalent
cards, no move ordering; compiled with numba too, so the ratio is fair), which cannot finish full deals:
the same deals after ``--later-tricks`` tricks (default 4, so five tricks are left), the first tricks
played with random legal cards from a seeded generator (``legal_mask`` and ``trick_winner_index`` of
:mod:`jasslib.play`), solved by both searches from there; the values must agree.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from jasslib import CLASSIC, Contract, fast, solver

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))  # solver_reference
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


def _stats(values: list[float]) -> tuple[float, float, float, float]:
    """Median, p95 (the nearest-rank quantile), max and mean."""
    v = np.sort(np.array(values, dtype=float))
    p95 = v[min(len(v) - 1, int(np.ceil(0.95 * len(v))) - 1)]
    return float(np.median(v)), float(p95), float(v[-1]), float(v.mean())


def reference_dd(masks: np.ndarray, contract: int) -> tuple[int, int]:
    """Team 0's points and the nodes of the reference solver (the solver before issue 19, tests/solver_reference.py)."""
    import solver_reference

    solver_reference.reset_nodes()
    v = solver_reference.value(solver.Position.deal([int(m) for m in masks], contract))
    return v[0], solver_reference.nodes()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200, help="deals per contract (default 200)")
    ap.add_argument("--contracts", default="0,1,2,3,4,5",
                    help="contract numbers (0-3 trump ♣♠♥♦, 4 Obenabe, 5 Undenufe)")
    ap.add_argument("--seed", default="bench-solver")
    ap.add_argument("--budget", type=float, default=0, help="node budget of the solver per deal (default 0: none)")
    ap.add_argument("--reference-deals", type=int, default=20, help="the first deals of each contract also solved by "
                    "the reference solver, side by side (it takes seconds per trump deal; 0: none)")
    ap.add_argument("--solve-deals", type=int, default=20, help="the first deals of each contract also given to "
                    "solve() (every legal card's value), against value() (0: none)")
    ap.add_argument("--question-deals", type=int, default=20, help="the first deals of each contract also asked one "
                    "yes/no question (one null-window search; 0: skip)")
    ap.add_argument("--later-tricks", type=int, default=4, help="tricks played before the plain-search table "
                    "(0: none)")
    ap.add_argument("--later-deals", type=int, default=50, help="deals per contract of that table")
    ap.add_argument("--later-budget", type=float, default=1e8, help="node budget of the plain search there")
    args = ap.parse_args(argv)
    contracts = [int(c) for c in args.contracts.split(",")]
    hands = fast.deal_batch(args.seed, 0, args.deals)
    # warm up the compiled searches (an endgame-sized deal is enough to compile them)
    solver_dd(hands[0], 4, 10_000)
    plain_dd(hands[0], 4, 10_000)
    nref = min(args.deals, args.reference_deals)
    if nref:
        reference_dd(hands[0], 4)
    ws = solver._workspace()
    print(f"load average {os.getloadavg()[0]:.1f} (times are CPU seconds of this process; node counts do not depend "
          f"on the load); {args.deals} seeded full deals per contract (deal_batch seed {args.seed!r}, forehand seat "
          f"0) from the opening lead, one thread, warm JIT; budget "
          f"{'none' if not args.budget else f'{args.budget:.0e} nodes'}")
    print(f"solver tables: {ws.nbytes / 2**20:.1f} MiB per thread (transposition {solver.TT_ENTRIES} x 16 B, "
          f"shape {solver.PT_ENTRIES} x 32 B, lead {solver.LT_ENTRIES} x 16 B, leaf {solver.LEAF_ENTRIES} x 16 B); "
          f"a search starts in the first "
          f"{ws.stats[solver._TT_START]} and {ws.stats[solver._PT_START]} entries of the first two and doubles "
          f"them as it fills them")
    head = (f"{'contract':<10}{'ms median':>10}{'p95':>9}{'max':>9}{'mean':>9} | {'nodes median':>13}{'p95':>10}"
            f"{'max':>10}{'mean':>10}{'stopped':>8} | target")
    print(head)
    print("-" * len(head))
    met = True
    results: dict[int, tuple[list[float], list[int], list[int | None]]] = {}
    for c in contracts:
        times: list[float] = []
        nodes: list[int] = []
        vals: list[int | None] = []
        for i in range(args.deals):
            t = time.process_time()
            v, n = solver_dd(hands[i], c, int(args.budget))
            times.append((time.process_time() - t) * 1000)
            nodes.append(n)
            vals.append(v)
            if (i + 1) % 20 == 0 and i + 1 < args.deals:  # a long run shows that it moves (on stderr)
                print(f"  {Contract(c).name.lower()}: {i + 1} deals, median so far {np.median(times):.1f} ms",
                      file=sys.stderr, flush=True)
        results[c] = (times, nodes, vals)
        tm, tp, tx, ta = _stats(times)
        nm, np95, nx, na = _stats([float(n) for n in nodes])
        stopped = sum(v is None for v in vals)
        goal = (50, 500) if c < 4 else (20, 200)
        ok = stopped == 0 and tm <= goal[0] and tp <= goal[1]
        met = met and ok
        print(f"{Contract(c).name.lower():<10}{tm:>10.1f}{tp:>9.1f}{tx:>9.1f}{ta:>9.1f} | {nm:>13.3g}{np95:>10.3g}"
              f"{nx:>10.3g}{na:>10.3g}{stopped:>8} | {'met' if ok else 'NOT met'} (<= {goal[0]} / {goal[1]} ms)",
              flush=True)
    print(f"targets (trump median <= 50 ms, p95 <= 500 ms; Obenabe/Undenufe <= 20 / 200 ms): "
          f"{'met' if met else 'NOT met'}")
    if nref and not reference_table(hands, contracts, nref, results):
        return 1
    if args.solve_deals and not solve_table(hands, contracts, min(args.deals, args.solve_deals), results):
        return 1
    if args.question_deals and not question_table(hands, contracts, min(args.deals, args.question_deals), results):
        return 1
    later = args.later_tricks
    if later > 0 and args.later_deals > 0 and not later_table(hands[: args.later_deals], contracts, later,
                                                              int(args.later_budget), args.seed):
        return 1
    return 0


def reference_table(hands: np.ndarray, contracts: list[int], n: int,
                    results: dict[int, tuple[list[float], list[int], list[int | None]]]) -> bool:
    """The first ``n`` deals of each contract by the reference solver, side by side; False on a disagreement."""
    print(f"\nthe first {n} deals of each contract, the solver against the reference (the solver before issue 19)")
    head = (f"{'contract':<10}{'ms median':>10}{'p95':>9}{'max':>9} | {'ref ms median':>14}{'p95':>9}{'max':>10} | "
            f"{'nodes median':>13}{'ref median':>11}{'mean':>10}{'ref mean':>10} | {'nodes ratio':>11}")
    print(head)
    print("-" * len(head))
    for c in contracts:
        times, nodes, vals = results[c]
        r_times: list[float] = []
        r_nodes: list[int] = []
        for i in range(n):
            t = time.process_time()
            v, rn = reference_dd(hands[i], c)
            r_times.append((time.process_time() - t) * 1000)
            r_nodes.append(rn)
            if vals[i] is not None and vals[i] != v:
                print(f"  DISAGREEMENT deal {i} contract {c}: solver {vals[i]}, reference {v}", file=sys.stderr)
                return False
        tm, tp, tx, _ = _stats(times[:n])
        rm, rp, rx, _ = _stats(r_times)
        nm, _, _, na = _stats([float(x) for x in nodes[:n]])
        rnm, _, _, rna = _stats([float(x) for x in r_nodes])
        print(f"{Contract(c).name.lower():<10}{tm:>10.1f}{tp:>9.1f}{tx:>9.1f} | {rm:>14.1f}{rp:>9.1f}{rx:>10.1f} | "
              f"{nm:>13.3g}{rnm:>11.3g}{na:>10.3g}{rna:>10.3g} | {rna / na:>10.2f}x", flush=True)
    return True


def solve_table(hands: np.ndarray, contracts: list[int], n: int,
                results: dict[int, tuple[list[float], list[int], list[int | None]]]) -> bool:
    """solve() (every legal card's value and a best line) of the opening lead against value(), same deals."""
    print(f"\nsolve() of the opening lead (the value of every legal card, the best line) against value(), the first "
          f"{n} deals; target: within 5x")
    head = f"{'contract':<10}{'value ms median':>16}{'solve ms median':>16}{'mean ratio':>11}{'ratio of sums':>14}"
    print(head)
    print("-" * len(head))
    for c in contracts:
        times, _, vals = results[c]
        s_times: list[float] = []
        for i in range(n):
            pos = solver.Position.deal([int(m) for m in hands[i]], c)
            t = time.process_time()
            sol = solver.solve(pos)
            s_times.append((time.process_time() - t) * 1000)
            if vals[i] is not None and sol.value[0] != vals[i]:
                print(f"  DISAGREEMENT deal {i} contract {c}: value {vals[i]}, solve {sol.value}", file=sys.stderr)
                return False
        ratios = [s / max(v, 1e-3) for s, v in zip(s_times, times[:n])]
        print(f"{Contract(c).name.lower():<10}{np.median(times[:n]):>16.1f}{np.median(s_times):>16.1f}"
              f"{np.mean(ratios):>10.1f}x{sum(s_times) / sum(times[:n]):>13.1f}x", flush=True)
    return True


def _question(masks: np.ndarray, contract: int, beta: int) -> tuple[bool, float, int]:
    """(does team 0 - team 1 reach ``beta``?, CPU ms, nodes) of one null-window search of the opening lead with a
    fresh table, as :func:`jasslib.solver.judge` asks of a card (internal: the solver's state and workspace)."""
    st = solver._State(solver.Position.deal([int(m) for m in masks], contract))
    ws = solver._workspace()
    ws.stats[solver._NODES] = 0
    t = time.process_time()
    g = st.probe(ws, ws.generations(1), beta - 1, beta, -1)
    return g >= beta, (time.process_time() - t) * 1000, int(ws.stats[solver._NODES])


def question_table(hands: np.ndarray, contracts: list[int], n: int,
                   results: dict[int, tuple[list[float], list[int], list[int | None]]]) -> bool:
    """One yes/no question against the exact value, same deals: "does forehand's team take more than half of the
    points?" (what a Skat solver answers: does the declarer win) and the two questions at the exact value (``>= v``
    yes, ``>= v + 1`` no: the proofs the exact value needs at least); False if an answer contradicts the value."""
    print(f"\none yes/no question (one null-window search, fresh table) against the exact value, the first {n} "
          "deals: 'more than half?', and the two at the value ('at least v?' yes, 'at least v+1?' no)")
    head = (f"{'contract':<10}{'value ms median':>16}{'mean':>9} | {'half? median':>13}{'mean':>9}{'nodes':>10} | "
            f"{'at v: median':>13}{'mean':>9}{'nodes':>10}")
    print(head)
    print("-" * len(head))
    for c in contracts:
        times, _, vals = results[c]
        half_ms, half_nodes, at_ms, at_nodes = [], [], [], []
        for i in range(n):
            if vals[i] is None:
                continue
            t0, t1 = solver.value(solver.Position.deal([int(m) for m in hands[i]], c))
            d = t0 - t1  # what the search's questions are about: team 0 - team 1
            yes, ms, nodes = _question(hands[i], c, 1)  # team 0 - team 1 >= 1: more than half
            half_ms.append(ms)
            half_nodes.append(nodes)
            if yes != (t0 > t1):
                print(f"  CONTRADICTION deal {i} contract {c}: value {(t0, t1)}, 'more than half?' {yes}",
                      file=sys.stderr)
                return False
            up, ms1, n1 = _question(hands[i], c, d)
            down, ms2, n2 = _question(hands[i], c, d + 1)
            at_ms.append(ms1 + ms2)
            at_nodes.append(n1 + n2)
            if not up or down:
                print(f"  CONTRADICTION deal {i} contract {c}: value {(t0, t1)}, at least {d}: {up}, at least "
                      f"{d + 1}: {down}", file=sys.stderr)
                return False
        print(f"{Contract(c).name.lower():<10}{np.median(times[:n]):>16.1f}{np.mean(times[:n]):>9.1f} | "
              f"{np.median(half_ms):>13.1f}{np.mean(half_ms):>9.1f}{np.mean(half_nodes):>10.3g} | "
              f"{np.median(at_ms):>13.1f}{np.mean(at_ms):>9.1f}{np.mean(at_nodes):>10.3g}", flush=True)
    return True


if __name__ == "__main__":
    sys.exit(main())
