"""How long the double-dummy Review of a whole round takes, per contract and first judged trick.

    python benchmarks/bench_review.py                  # 40 rounds per contract, from trick 1, 2 and 3
    python benchmarks/bench_review.py --rounds 10 --contracts obenabe,undenufe --from 1,2

Rounds of four rule-based players (seeds 0..N-1, the contract forced), reviewed by
:func:`jasslib.analysis.review` (which judges the line with :func:`jasslib.solver.judge`: one table for the
round, the value of each position taken from the card before, one probe per other card) and, side by side on the
same rounds, by the way it was done before: :func:`jasslib.solver.solve` of the position before every card, each
with a fresh table (the baseline).  Prints median, p95 and max seconds of this process's CPU per round for both
(a loaded machine inflates CPU less than the wall time), the ratio of their sums, and whether the two tables agree
on every card (they must).  Target of issue 19: a whole round from trick 1 in at most 2 s, in every contract.
``--baseline 0`` leaves the baseline out (it takes many seconds a round in trump contracts from trick 1).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from jasslib import Card, Contract, Round
from jasslib.analysis import review
from jasslib.analysis.postmortem import _replay_start
from jasslib.players import RuleBasedPlayer, play_round
from jasslib.solver import Position, solve


def _rounds(contract: Contract, n: int) -> list[Round]:
    out = []
    for seed in range(n):
        r = Round.deal(seed=seed)
        r.choose(contract)
        out.append(play_round(r, [RuleBasedPlayer()] * 4))
    return out


def review_by_solve(rnd: Round, from_trick: int) -> list[tuple[int, int, str]]:
    """The baseline: per card from ``from_trick`` on, (the team's value, its best value, the best cards), each
    from a :func:`solve` of the position before the card."""
    replay = _replay_start(rnd)
    out = []
    plays = [(int(e["seat"]), Card.parse(e["card"])) for e in rnd.history if e["event"] == "play"]
    for k, (seat, card) in enumerate(plays):
        if k >= 4 * (from_trick - 1):
            sol = solve(Position.from_round(replay))
            taken = replay.card_points[seat % 2]
            out.append((taken + sol.card_values[card][seat % 2], taken + sol.value[seat % 2], str(sol.best)))
        replay.play(card, seat)
    return out


def _stats(cpu: list[float]) -> str:
    a = np.array(cpu)
    return f"{np.median(a):8.3f} {np.percentile(a, 95):8.3f} {a.max():8.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--contracts", default="clubs,spades,hearts,diamonds,obenabe,undenufe")
    ap.add_argument("--from", dest="starts", default="1,2,3", help="first judged tricks, comma-separated")
    ap.add_argument("--baseline", type=int, default=1, help="1: also review by solve before every card")
    args = ap.parse_args()
    starts = [int(s) for s in args.starts.split(",")]
    warm = _rounds(Contract.OBENABE, 1)[0]
    review(warm, from_trick=8)  # compile the solver first
    review_by_solve(warm, 8)
    print(f"{args.rounds} rule-based rounds per contract, CPU seconds per whole-round review (target: <= 2 s "
          "from trick 1)")
    print(f"{'':15} {'review (judge)':^26}   {'baseline (solve each)':^26}")
    print(f"{'contract':10} {'from':>4} {'median':>8} {'p95':>8} {'max':>8}   {'median':>8} {'p95':>8} {'max':>8} "
          f"{'sums':>7} {'agree':>6}")
    for name in args.contracts.split(","):
        contract = Contract.parse(name)
        rounds = _rounds(contract, args.rounds)
        for start in starts:
            new, old, agree = [], [], True
            for r in rounds:
                t = time.process_time()
                table = review(r, from_trick=start)
                new.append(time.process_time() - t)
                if args.baseline:
                    t = time.process_time()
                    base = review_by_solve(r, start)
                    old.append(time.process_time() - t)
                    agree &= base == list(zip(table.value, table.best_value, table.best))
            line = f"{name:10} {start:>4} {_stats(new)}   "
            if args.baseline:
                line += f"{_stats(old)} {sum(old) / max(sum(new), 1e-9):6.1f}x {'yes' if agree else 'NO':>6}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
