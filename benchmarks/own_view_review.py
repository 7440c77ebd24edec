"""How long analysis.review_own_view takes for a whole round (the learner's nine cards, from trick 1).

Target (issue 18): a round reviewed from the learner's view in at most 10 s.  Prints the seconds per round,
the cards searched and the round's accuracy, for rule-based rounds of seeds 0..N-1 under the contract the
bots choose.  Run: ``python benchmarks/own_view_review.py [rounds]``.
"""

from __future__ import annotations

import sys
import time

from jasslib import Round
from jasslib.analysis import hint, own_view_accuracy, review_own_view
from jasslib.players import RuleBasedPlayer, play_round


def main(rounds: int = 5) -> None:
    warm = Round.deal(seed="warm")
    warm.choose("♥")
    hint(warm, samples=4, time_budget=None)  # compile the playouts first (numba), so the rounds time the review
    times = []
    for seed in range(rounds):
        r = play_round(Round.deal(seed=seed), [RuleBasedPlayer()] * 4)
        start = time.perf_counter()
        t = review_own_view(r, 0)
        took = time.perf_counter() - start
        times.append(took)
        print(f"round {seed}: {r.contract!s:10} {took:5.2f} s, {len(t)} cards, {int(t.mistake.sum())} mistakes, "
              f"{own_view_accuracy(t)}", flush=True)
    print(f"per round: mean {sum(times) / len(times):.2f} s, max {max(times):.2f} s (target ≤ 10 s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
