"""Exact agreement of the fast path with the reference engine, on the full sample (``make agreement``).

The test suite plays a smaller sample of the same comparison (tests/test_fast.py); this script plays
10,000 deals per contract and preset with the deterministic policies (the lowest legal card; the
rule-based player, contract forced) and 3,000 deals per preset with the rule-based player choosing
its contract (schieben included).  Every round must give identical results in both engines: contract,
chooser, card points, tricks, last trick, Weis, Weis winner and Stöck.

    python benchmarks/agreement.py            # the full sample (a few minutes on 2 cores)
    python benchmarks/agreement.py --deals 500

It prints one line per run and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from jasslib import CLASSIC, MODERN, Contract, fast
from jasslib.simulation import _reference_batch

POLICIES = {"lowest": fast.LOWEST, "rule": fast.RULE}


def compare(hands: np.ndarray, contract: int, policy: int, ruleset) -> int:  # noqa: ANN001
    """The number of rounds whose results differ between the fast path and the reference Round."""
    pol = (policy,) * 4
    got = fast.play_batch(hands, contract, pol, ruleset=ruleset)
    want = _reference_batch(hands, contract, pol, "x", 0, ruleset)
    return int((got != want).any(axis=1).sum())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10_000, help="deals per contract, preset and policy")
    ap.add_argument("--choose-deals", type=int, default=3_000, help="deals per preset with contract choice")
    args = ap.parse_args(argv)
    fast.play_batch(fast.deal_batch(0, 0, 1), 0)  # compile before the clock starts
    total = bad = 0
    print(f"{'policy':8} {'preset':8} {'contract':9} {'deals':>6} {'differ':>6} {'seconds':>8}")
    for name, policy in POLICIES.items():
        for ruleset in (CLASSIC, MODERN):
            for contract in list(Contract) + [None]:
                n = args.deals if contract is not None else args.choose_deals
                if policy == fast.LOWEST and contract is None:
                    continue  # the lowest-card policy always names clubs: nothing new to compare
                code = fast.CHOOSE if contract is None else int(contract)
                hands = fast.deal_batch(f"agree-{name}-{ruleset.name}-{code}", 0, n)
                t0 = time.perf_counter()
                differ = compare(hands, code, policy, ruleset)
                label = "choose" if contract is None else contract.name.lower()
                print(f"{name:8} {ruleset.name:8} {label:9} {n:6} {differ:6} {time.perf_counter() - t0:8.1f}",
                      flush=True)
                total += n
                bad += differ
    print(f"{total} rounds compared, {bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
