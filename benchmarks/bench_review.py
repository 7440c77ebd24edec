"""How long the double-dummy Review of a whole round takes, per contract and first judged trick.

    python benchmarks/bench_review.py                  # 40 rounds per contract, from trick 1, 2 and 3
    python benchmarks/bench_review.py --rounds 10 --contracts obenabe,undenufe --from 1,2

Rounds of four rule-based players (seeds 0..N-1, the contract forced), reviewed by
:func:`jasslib.analysis.review` with each ``from_trick``; prints median, p95 and max seconds of this process's
CPU per round (a loaded machine inflates it less than the wall time) side by side, with the ratio of each max to
the Review button's present setting (:attr:`jasslib.widgets.RoundPlayer.review_start`).  Target of issue 19: a
whole round from trick 1 in at most 2 s, in every contract.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from jasslib import Contract, Round
from jasslib.analysis import review
from jasslib.players import RuleBasedPlayer, play_round
from jasslib.widgets import RoundPlayer


def _rounds(contract: Contract, n: int) -> list[Round]:
    out = []
    for seed in range(n):
        r = Round.deal(seed=seed)
        r.choose(contract)
        out.append(play_round(r, [RuleBasedPlayer()] * 4))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--contracts", default="clubs,spades,hearts,diamonds,obenabe,undenufe")
    ap.add_argument("--from", dest="starts", default="1,2,3", help="first judged tricks, comma-separated")
    args = ap.parse_args()
    starts = [int(s) for s in args.starts.split(",")]
    warm = _rounds(Contract.OBENABE, 1)[0]
    review(warm, from_trick=8)  # compile the solver first
    print(f"{args.rounds} rule-based rounds per contract, CPU seconds per whole-round review (target: <= 2 s "
          "from trick 1)")
    print(f"{'contract':10} {'from':>4} {'median':>8} {'p95':>8} {'max':>8} {'max / present':>14}")
    for name in args.contracts.split(","):
        contract = Contract.parse(name)
        rounds = _rounds(contract, args.rounds)
        trump = contract.trump is not None
        present = RoundPlayer.trump_review_from if trump else RoundPlayer.review_from
        maxima = {}
        rows = []
        for start in sorted(set(starts) | {present}):
            cpu = []
            for r in rounds:
                t = time.process_time()
                review(r, from_trick=start)
                cpu.append(time.process_time() - t)
            a = np.array(cpu)
            maxima[start] = a.max()
            rows.append((start, np.median(a), np.percentile(a, 95), a.max()))
        for start, med, p95, mx in rows:
            mark = " (present)" if start == present else ""
            print(f"{name:10} {start:>4} {med:8.3f} {p95:8.3f} {mx:8.3f} {mx / maxima[present]:13.1f}x{mark}",
                  flush=True)


if __name__ == "__main__":
    main()
