"""How long analysis.review_own_view takes for a whole round (the learner's nine cards, from trick 1).

Target (issue 18): a round reviewed from the learner's view in at most 10 s.  Prints the seconds per round (wall
and this process's CPU, which a loaded machine inflates less), the cards searched, the positions Learn from your
mistakes would ask (cards losing at least MISTAKE_POINTS) and the round's accuracy, for rule-based rounds of seeds
0..N-1 under the contract the bots choose: once with review_own_view's defaults and once as the round and game
players judge a round (MistakesPanel, the Hint's budget of 1 s per card).
Run: ``python benchmarks/own_view_review.py [rounds]``.
"""

from __future__ import annotations

import sys
import time

from jasslib import Round
from jasslib.analysis import MistakesLesson, hint, own_view_accuracy, review_own_view
from jasslib.players import RuleBasedPlayer, play_round
from jasslib.widgets import MistakesPanel


def main(rounds: int = 5) -> None:
    warm = Round.deal(seed="warm")
    warm.choose("♥")
    hint(warm, samples=4, time_budget=None)  # compile the playouts first (numba), so the rounds time the review
    times, cpus, panel_times, panel_cpus = [], [], [], []
    for seed in range(rounds):
        r = play_round(Round.deal(seed=seed), [RuleBasedPlayer()] * 4)
        start, cpu = time.perf_counter(), time.process_time()
        t = review_own_view(r, 0)
        times.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        panel = MistakesPanel(time_budget=1.0)  # as RoundPlayer's default hint_budget
        panel.set_round(r, 0, f"round {seed}")
        start, cpu = time.perf_counter(), time.process_time()
        judged = panel.judge()
        lesson = MistakesLesson(r, 0, judged=judged)
        panel_times.append(time.perf_counter() - start)
        panel_cpus.append(time.process_time() - cpu)
        print(f"round {seed}: {r.contract!s:10} review {times[-1]:5.2f} s wall {cpus[-1]:5.2f} s CPU; "
              f"as the players judge it {panel_times[-1]:5.2f} s wall {panel_cpus[-1]:5.2f} s CPU; {len(t)} cards, "
              f"{int(t.mistake.sum())} mistakes ({len(lesson.positions)} positions to learn from), "
              f"{own_view_accuracy(t)}", flush=True)
    for name, wall, cpu in (("review_own_view", times, cpus), ("as the players judge", panel_times, panel_cpus)):
        print(f"{name} per round: mean {sum(wall) / len(wall):.2f} s wall (max {max(wall):.2f} s), "
              f"mean {sum(cpu) / len(cpu):.2f} s CPU (max {max(cpu):.2f} s); target ≤ 10 s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
