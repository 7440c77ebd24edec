"""Simulation benchmark: jasslib's fast backend side by side with jass-kit, and a million rounds to a frame.

Run it with ``make bench`` (after ``bench_engine.py``) or ``bash benchmarks/run.sh --simulate``.
Measured in CPU seconds (:func:`time.process_time`), best of ``--repeat`` runs:

1. complete random rounds per CPU second: jasslib's fast path (deal, contract, 36 cards, Weis, Stöck,
   trick points) against jass-kit's ``GameSim`` path (as in ``bench_engine.py``).  Target: 300x.
2. the same with the rule-based player on every seat of the fast path.  Target: 50x.
3. ``jasslib.simulation.simulate(1_000_000)``: wall time and peak memory of a fresh process (targets
   under 10 s and under 500 MB on the project's 2-core machine).

The numba compilation happens once, before timing (it is cached on disk afterwards).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from bench_engine import best_cpu_time, jasskit_rounds, make_plan

from jasslib import fast

RANDOM_TARGET = 300.0
RULE_TARGET = 50.0
WALL_TARGET = 10.0
MEMORY_TARGET_MB = 500.0

_MILLION = """
import json, resource, sys, time
t0 = time.perf_counter()
from jasslib.simulation import simulate
simulate(100, progress=False)                      # compile (or load the numba cache) first
t1 = time.perf_counter()
df = simulate({rounds}, players="random", contract="choose", seed=11, progress=False)
t2 = time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"rows": len(df), "import_compile_s": t1 - t0, "simulate_s": t2 - t1, "peak_mb": peak,
                  "frame_mb": df.memory_usage(deep=True).sum() / 2**20}}))
"""


def fast_rounds(n: int, policies: tuple[int, int, int, int]) -> float:
    """CPU seconds to deal and play ``n`` rounds on the fast path (contract chosen by forehand)."""
    start = time.process_time()
    hands = fast.deal_batch(1, 0, n)
    fast.play_batch(hands, fast.CHOOSE, policies, seed=1)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    """Print the report; always returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jasskit-rounds", type=int, default=1500, help="jass-kit rounds per run (1500)")
    parser.add_argument("--fast-rounds", type=int, default=500_000, help="fast-path random rounds per run")
    parser.add_argument("--rule-rounds", type=int, default=100_000, help="fast-path rule-based rounds per run")
    parser.add_argument("--million", type=int, default=1_000_000, help="rounds of the DataFrame run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure; the best counts (3)")
    args = parser.parse_args(argv)

    print(f"jasslib simulation benchmark (numba: {fast.HAVE_NUMBA}; CPU time, best of {args.repeat})\n")
    fast_rounds(1000, (fast.RANDOM,) * 4)  # compile before timing
    fast_rounds(1000, (fast.RULE,) * 4)

    plan = make_plan(args.jasskit_rounds, 2024)
    jk = args.jasskit_rounds / best_cpu_time(jasskit_rounds(plan, 2024), args.repeat)
    rnd = args.fast_rounds / min(fast_rounds(args.fast_rounds, (fast.RANDOM,) * 4) for _ in range(args.repeat))
    rule = args.rule_rounds / min(fast_rounds(args.rule_rounds, (fast.RULE,) * 4) for _ in range(args.repeat))

    rows = [
        ("jass-kit random rounds/s", f"{jk:,.0f}", "", "", ""),
        ("fast path, random players", f"{rnd:,.0f}", f"{rnd / jk:,.0f}x", f">= {RANDOM_TARGET:g}x",
         "PASS" if rnd / jk >= RANDOM_TARGET else "FAIL"),
        ("fast path, rule-based players", f"{rule:,.0f}", f"{rule / jk:,.0f}x", f">= {RULE_TARGET:g}x",
         "PASS" if rule / jk >= RULE_TARGET else "FAIL"),
    ]
    out = subprocess.run([sys.executable, "-c", _MILLION.format(rounds=args.million)], capture_output=True,
                         text=True, check=True)
    m = json.loads(out.stdout.strip().splitlines()[-1])
    rows.append((f"simulate({args.million:,}) wall s", f"{m['simulate_s']:.2f}", "", f"< {WALL_TARGET:g} s",
                 "PASS" if m["simulate_s"] < WALL_TARGET else "FAIL"))
    rows.append(("  peak memory of the process, MB", f"{m['peak_mb']:.0f}", "", f"< {MEMORY_TARGET_MB:g} MB",
                 "PASS" if m["peak_mb"] < MEMORY_TARGET_MB else "FAIL"))
    rows.append(("  the frame itself, MB", f"{m['frame_mb']:.0f}", "", "", ""))
    rows.append(("  import + compile/cache load, s", f"{m['import_compile_s']:.2f}", "", "", ""))

    widths = [max(len(r[i]) for r in rows + [("metric", "rounds/s", "ratio", "target", "pass")]) for i in range(5)]
    header = ("metric", "value", "ratio", "target", "pass")
    print(" | ".join(h.ljust(w) for h, w in zip(header, widths)))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(" | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
