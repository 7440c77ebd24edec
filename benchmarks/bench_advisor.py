"""A/B benchmark of the contract advisor (jasslib.analysis.advise) against the rule-based chooser and the
Lucerne course's per-card table, with the card play held fixed.

Each deal is played once per chooser: forehand (seat 0) chooses with the chooser or says schieben; after
schieben the partner (seat 2) chooses with the same chooser (pushed=True).  All four seats then play by the
rule-based player on the fast path, so the only difference between two rows of a deal is the contract.
The measure is the choosing team's (team 0's) hand score (trick points x multiplier + Weis + Stöck, H2),
paired per deal, with a 95 % interval (1.96 standard errors of the paired differences); the margin (the
team's score minus the opponents') is printed beside it.  The advisor is run under each of its objectives
(robust, the default; margin; score) from the same sampled deals.  Then each chooser's contract distribution
and push rate, the advisor's time per hand, and — when jasslib.players.search exists — the same
distribution for SearchPlayer's own contract choices.

    python benchmarks/bench_advisor.py                   # 5,000 deals, both presets, 300 samples per advice
    python benchmarks/bench_advisor.py --deals 500 --samples 50     # a quick look

Measured while other work loads the machine, the seconds are inflated; the gains are counts and do not
depend on load.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from jasslib import CardSet, Contract, fast
from jasslib.analysis import advisor as adv
from jasslib.rulesets import Ruleset
from jasslib.scoring import match_points, multiplied

NAMES = ["♣", "♠", "♥", "♦", "Oben", "Unden"]


def _scores(hands: np.ndarray, contracts: np.ndarray, rs: Ruleset) -> tuple[np.ndarray, np.ndarray]:
    """Team 0's hand score and margin of each deal played by rule-based players under the given contracts."""
    res = fast.play_batch(hands, contracts, (fast.RULE,) * 4, ruleset=rs)
    f = dict(zip(fast.RESULT_FIELDS, res.T))
    mult = np.array(rs.multipliers, dtype=np.int64)[contracts]
    s0 = multiplied(f["card_points_0"] + match_points(f["tricks_0"]), f["weis_0"], f["stoeck_0"], mult)[3]
    s1 = multiplied(f["card_points_1"] + match_points(f["tricks_1"]), f["weis_1"], f["stoeck_1"], mult)[3]
    return s0, s0 - s1


def _interval(d: np.ndarray) -> str:
    m = float(d.mean())
    h = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d))
    mark = "  (excludes 0)" if (m - h > 0 or m + h < 0) else ""
    return f"{m:+7.2f} ± {h:5.2f}  [{m - h:+7.2f}, {m + h:+7.2f}]{mark}"


def _distribution(contracts: np.ndarray, pushed: np.ndarray) -> str:
    counts = np.bincount(contracts, minlength=6) / len(contracts)
    return "  ".join(f"{n} {p:5.1%}" for n, p in zip(NAMES, counts)) + f"   push {pushed.mean():5.1%}"


def _choices(name: str, hands: np.ndarray, rs: Ruleset, samples: int, seed: int,
             progress: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per chooser label: (contract per deal, pushed per deal), with the pushing rule applied."""
    n = len(hands)
    if name != "advisor":
        fore = adv.choose_batch(name, hands[:, 0], rs, False)
        pushed = fore < 0
        chosen = fore.copy()
        chosen[pushed] = adv.choose_batch(name, hands[pushed, 2], rs, True)
        return {name: (chosen, pushed)}
    seeds0 = [f"{seed}/{i}/0" for i in range(n)]
    first: dict[str, np.ndarray] = {o: np.zeros(n, dtype=np.int64) for o in adv.OBJECTIVES}
    step = max(1, progress)
    t0 = time.perf_counter()
    for start in range(0, n, step):
        part = adv._advisor_batch(hands[start:start + step, 0], rs, False, seeds0[start:start + step], samples,
                                  adv.OBJECTIVES)
        for o in adv.OBJECTIVES:
            first[o][start:start + step] = part[o]
        if progress and start + step < n:
            print(f"    {rs.name} advisor: {start + step:,}/{n:,} hands, {time.perf_counter() - t0:.0f} s", flush=True)
    any_push = np.zeros(n, dtype=bool)
    for o in adv.OBJECTIVES:
        any_push |= first[o] < 0
    idx = np.flatnonzero(any_push)
    second = adv._advisor_batch(hands[idx, 2], rs, True, [f"{seed}/{i}/2" for i in idx], samples, adv.OBJECTIVES)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for o in adv.OBJECTIVES:
        c = first[o].copy()
        pushed = c < 0
        c[idx[pushed[idx]]] = second[o][pushed[idx]]
        out[f"advisor ({o})"] = (c, pushed)
    return out


def _search_distribution(hands: np.ndarray, rs: Ruleset, count: int) -> str | None:
    """SearchPlayer's own contract choices on the first ``count`` deals, or None when it does not exist yet."""
    try:
        from jasslib.players.search import SearchPlayer
    except ImportError:
        return None
    from jasslib import Round

    contracts, pushed = [], []
    for i in range(count):
        r = Round([CardSet.from_mask(int(h)) for h in hands[i]], dealer=3, ruleset=rs)
        player = SearchPlayer(seed=i)
        seat = r.to_move
        assert seat is not None
        c = player.choose_contract(r.view(seat))
        pushed.append(c is None)
        if c is None:
            r.schieben(seat)
            partner = r.to_move
            assert partner is not None
            c = SearchPlayer(seed=i).choose_contract(r.view(partner))
        assert c is not None
        contracts.append(int(Contract.parse(c)))
    return _distribution(np.array(contracts), np.array(pushed))


def run(deals: int, samples: int, seed: int, presets: list[str], progress: int, search: int) -> None:
    hands = fast.deal_batch(seed, 0, deals)
    print(f"contract advisor A/B: {deals:,} deals of seed {seed}, {samples} sampled deals per advice "
          f"(rule-based playouts), card play rule-based at all seats; team 0 chooses (forehand, or its partner "
          f"after schieben)")
    # warm up the compiled kernels and time one advice at the default sample count
    adv.advise(CardSet.from_mask(int(hands[0, 0])), samples=10)
    t = time.perf_counter()
    timed = 20
    for i in range(timed):
        adv.advise(CardSet.from_mask(int(hands[i, 0])), samples=adv.DEFAULT_SAMPLES, seed=i)
    per_hand = (time.perf_counter() - t) / timed
    print(f"advise() time per hand at the default {adv.DEFAULT_SAMPLES} samples: {per_hand * 1000:.0f} ms "
          f"(mean of {timed} hands, this machine under its present load)")
    for preset in presets:
        rs = Ruleset.parse(preset)
        t = time.perf_counter()
        choices: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for name in ("advisor", "rule", "lucerne"):
            choices.update(_choices(name, hands, rs, samples, seed, progress))
        t_choose = time.perf_counter() - t
        score = {k: _scores(hands, c, rs) for k, (c, _) in choices.items()}
        print(f"\n== {preset} (multipliers {rs.multipliers}); choosing took {t_choose:.0f} s")
        print("mean hand score of the choosing team (and margin over the opponents):")
        for k, (s, m) in score.items():
            print(f"  {k:18s} score {s.mean():7.1f}   margin {m.mean():+7.1f}")
        print("paired gain per deal, 95 % interval:")
        for a in (f"advisor ({o})" for o in adv.OBJECTIVES):
            for b in ("rule", "lucerne"):
                print(f"  {a} - {b:8s} score  {_interval(score[a][0] - score[b][0])}")
                print(f"  {'':16s}   {'':8s} margin {_interval(score[a][1] - score[b][1])}")
        for b in ("rule", "lucerne"):
            d_s, d_m = (score[f"advisor ({adv.OBJECTIVES[0]})"][k] - score[b][k] for k in (0, 1))
            met = [bool(d.mean() - 1.96 * d.std(ddof=1) / math.sqrt(len(d)) > 0) for d in (d_s, d_m)]
            print(f"  target (advisor, default objective, gain above 0 against {b}): hand score "
                  f"{'met' if met[0] else 'NOT met'}, margin {'met' if met[1] else 'NOT met'}")
        print("contracts named (after the pushing rule) and push rate at forehand:")
        for k, (c, p) in choices.items():
            print(f"  {k:18s} {_distribution(c, p)}")
        if search:
            line = _search_distribution(hands, rs, search)
            if line is None:
                print("  SearchPlayer        (jasslib.players.search is not in this tree yet)")
            else:
                print(f"  SearchPlayer ({search} deals) {line}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=5000)
    p.add_argument("--samples", type=int, default=300,
                   help=f"sampled deals per advice (default 300, the README's run; advise(): {adv.DEFAULT_SAMPLES})")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--presets", nargs="+", default=["classic", "modern"])
    p.add_argument("--progress", type=int, default=1000, help="print progress every N hands (0: never)")
    p.add_argument("--search", type=int, default=200, help="deals for SearchPlayer's own choices (0: skip)")
    a = p.parse_args()
    run(a.deals, a.samples, a.seed, a.presets, a.progress, a.search)


if __name__ == "__main__":
    main()
