"""Strength benchmark: SearchPlayer's team against the RuleBasedPlayer team and against RandomPlayer.

Run it with ``bash benchmarks/run.sh --players [options]`` (or as part of ``make bench``).

Mirrored deals: each deal is played twice with the same four hands and the same contract, the
search team on seats 0/2 the first time and on seats 1/3 the second, and the two rounds are paired
per deal.  Card play only: the contract is imposed, (a) cycled through all six contracts deal by
deal, or (b) named by the rule-based chooser (forehand, or its partner after schieben).  Printed
per row: the search team's share of the trick points and of the hand scores (Weis, Stöck and the
multiplier included) with 95 % intervals (paired per deal, delta method), points per round, and the
median / p95 / max seconds per search move (forced moves, a single legal card, are not counted).
Rows run in parallel processes over the cores; the wall time is printed.

Target of issue 17: >= 56 % of the trick points against the rule-based team in (a) and (b), a
median <= 1 s a move, p95 <= 3 s, no move over 5 s.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from jasslib import Contract, Round
from jasslib.players import RandomPlayer, RuleBasedPlayer, SearchPlayer

TARGET_SHARE = 0.56


@dataclass
class Row:
    name: str
    opponent: str
    contracts: str
    deals: int
    budget: float


def _contract_for(rnd: Round, deal: int, mode: str) -> tuple[Contract, bool]:
    """The imposed contract and whether forehand pushed (b: the rule-based chooser's answer)."""
    if mode == "cycled":
        return list(Contract)[deal % 6], False
    chooser = RuleBasedPlayer()
    c = chooser.choose_contract(rnd.view(rnd.forehand))
    if c is not None:
        return c, False
    rnd.schieben()
    c2 = chooser.choose_contract(rnd.view(rnd.chooser))
    assert c2 is not None
    return c2, True


def play_deal(deal: int, seed: int, opponent: str, mode: str, budget: float) -> dict[str, Any]:
    """Both mirrored rounds of one deal: the search team's points, totals and the seconds of its moves."""
    out: dict[str, Any] = {"trick": 0, "trick_total": 0, "score": 0, "score_total": 0, "times": [],
                              "sampling": 0.0, "proposals": 0, "refused": 0, "layouts": 0}
    for search_team in (0, 1):
        rnd = Round.deal(seed=f"bench-players/{seed}/{deal}")
        contract, _ = _contract_for(rnd, deal, mode)
        rnd.choose(contract)
        search = SearchPlayer(seed=f"{seed}/{deal}/{search_team}", time_budget=budget)
        other = RuleBasedPlayer() if opponent == "rule" else RandomPlayer(seed=f"{seed}/{deal}/{search_team}")
        times: list[float] = out["times"]
        while not rnd.done:
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            if seat % 2 == search_team:
                t = time.perf_counter()
                card = search.play_card(view)
                if len(view.legal or ()) > 1:
                    times.append(time.perf_counter() - t)
                    out["sampling"] += search.last_move["sampling_seconds"]
                    for key in ("proposals", "refused", "layouts"):
                        out[key] += search.last_move[key]
            else:
                card = other.play_card(view)
            rnd.play(card, seat)
        sc = rnd.score()
        out["trick"] += sc.trick_points[search_team]
        out["trick_total"] += sum(sc.trick_points)
        out["score"] += sc.total[search_team]
        out["score_total"] += sum(sc.total)
    return out


def _ratio(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Σx/Σy and the half-width of its 95 % interval (delta method over paired deals)."""
    n = len(xs)
    r = sum(xs) / sum(ys)
    if n < 2:
        return r, float("nan")
    my = sum(ys) / n
    resid = [x - r * y for x, y in zip(xs, ys)]
    sd = statistics.stdev(resid)
    return r, 1.96 * sd / (my * math.sqrt(n))


def _run_row(args: tuple[Row, int, int]) -> tuple[Row, list[dict[str, Any]], float]:
    row, seed, progress = args
    start = time.perf_counter()
    results = []
    for d in range(row.deals):
        results.append(play_deal(d, seed, row.opponent, row.contracts, row.budget))
        if progress and (d + 1) % progress == 0:
            part = [r["trick"] for r in results], [r["trick_total"] for r in results]
            share, _ = _ratio(*part)
            print(f"  [{row.name}] {d + 1}/{row.deals} deals, share so far {100 * share:.1f} %, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return row, results, time.perf_counter() - start


def report(row: Row, results: list[dict[str, Any]], seconds: float) -> str:
    xs = [float(r["trick"]) for r in results]
    ys = [float(r["trick_total"]) for r in results]
    share, half = _ratio(xs, ys)
    sx = [float(r["score"]) for r in results]
    sy = [float(r["score_total"]) for r in results]
    sshare, shalf = _ratio(sx, sy)
    times = sorted(t for r in results for t in r["times"])
    med = statistics.median(times) if times else float("nan")
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else float("nan")
    mx = times[-1] if times else float("nan")
    per_round = sum(xs) / (2 * len(xs))
    sampling = sum(float(r["sampling"]) for r in results) / max(sum(times), 1e-9)
    score_round = sum(sx) / (2 * len(sx))
    layouts = sum(int(r["layouts"]) for r in results)
    proposals = sum(int(r["proposals"]) for r in results)
    refused = sum(int(r["refused"]) for r in results)
    met = ""
    if row.opponent == "rule" and row.budget == DEFAULT_BUDGET:
        ok = share >= TARGET_SHARE and med <= 1 and p95 <= 3 and mx <= 5
        met = f"  target {'met' if ok else 'NOT met'}"
    return (f"{row.name:<34} {row.deals:>5} deals  trick points {100 * share:5.1f} % ± {100 * half:.1f}  "
            f"hand scores {100 * sshare:5.1f} % ± {100 * shalf:.1f}  per round {per_round:5.1f} trick / "
            f"{score_round:5.1f} score  s/move median {med:.3f} p95 {p95:.3f} max {mx:.2f} "
            f"({len(times)} moves, {layouts / max(len(times), 1):.0f} layouts a move, {100 * sampling:.0f} % of "
            f"the time sampling, {refused} of {proposals} Weis proposals refused)  {seconds:.0f} s{met}")


DEFAULT_BUDGET = 1.0


def main(argv: list[str] | None = None) -> int:
    """Print the report; always returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="mirrored deals per row against rule-based (300)")
    parser.add_argument("--random-deals", type=int, default=100, help="mirrored deals per row against random")
    parser.add_argument("--quarter-deals", type=int, default=None,
                        help="mirrored deals of the quarter-budget rows (default: --deals)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="seconds per move (1.0)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel processes")
    parser.add_argument("--rows", default="all", help="comma list of rows: a,b,ra,rb,qa,qb (default all)")
    parser.add_argument("--progress", type=int, default=10, help="print progress every N deals (0: never)")
    args = parser.parse_args(argv)
    b = args.budget
    quarter = args.quarter_deals if args.quarter_deals is not None else args.deals
    rows = {
        "a": Row("(a) vs rule-based, contracts cycled", "rule", "cycled", args.deals, b),
        "b": Row("(b) vs rule-based, rule-based contract", "rule", "chooser", args.deals, b),
        "ra": Row("(a) vs random, contracts cycled", "random", "cycled", args.random_deals, b),
        "rb": Row("(b) vs random, rule-based contract", "random", "chooser", args.random_deals, b),
        "qa": Row(f"(a) vs rule-based, budget {b / 4:g} s", "rule", "cycled", quarter, b / 4),
        "qb": Row(f"(b) vs rule-based, budget {b / 4:g} s", "rule", "chooser", quarter, b / 4),
    }
    chosen = list(rows) if args.rows == "all" else args.rows.split(",")
    # split each row into chunks so that the processes stay busy; chunks of one row share the seed stream
    work = [(rows[k], args.seed, args.progress) for k in chosen]
    print(f"bench_players: {len(work)} rows on {args.jobs} processes, default budget {b:g} s per move, "
          f"seed {args.seed}", flush=True)
    start = time.perf_counter()
    warm = Round.deal(seed="bench-players/warm-up")  # compile (or load) the numba kernels before the clock
    warm.choose(Contract.HEARTS)
    warm.play(SearchPlayer(samples=2).play_card(warm.view(warm.forehand)))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for row, results, seconds in pool.map(_run_row, work):
            print(report(row, results, seconds), flush=True)
    print(f"wall time {time.perf_counter() - start:.0f} s (the machine's load inflates the seconds per move)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
