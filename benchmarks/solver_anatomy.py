"""Where the double-dummy solver's work goes: counts that say which technique could still pay (issue 19).

    python benchmarks/solver_anatomy.py                         # 6 deals each of clubs, hearts, Obenabe
    python benchmarks/solver_anatomy.py --deals 3 --contracts 0 --distinct 16,20

The solver is not changed for this: the script copies ``jasslib/solver.py`` into a temporary module with a few
counters added (the copy's ``stats`` array is longer, nothing else differs; every value is checked against
:func:`jasslib.solver.dd_points`), compiles it without the numba cache and solves seeded full deals of
``bench_solver.py`` (``deal_batch`` seed ``bench-solver``) from the opening lead.  It prints, per contract:

1. **nodes by cards still held** when a node is entered (a trick boundary with ``n`` cards left and the first
   cards of that trick are ``n``, ``n - 1``, ``n - 2``, ``n - 3``), and the calls of the three-trick loops;
2. **ordering**: at nodes that cut off (fail high for the maximiser, low for the minimiser), the nodes spent
   on the moves tried before the one that cut, by how many cards of the trick were played (nested: a wasted
   subtree below a wasted subtree counts at both levels), and at trick boundaries by where the first move
   came from (the transposition table's best move, a hint of the shape table or the lead table, the static ordering);
3. **the shape table**: lookups, positions of the same shape found, how many of those would have decided the
   node with the stored bounds *without* the slack (the bounds of the other position taken as this one's) and
   of those how many the slack kept from deciding, by cards held.  That count is an upper bound of what a
   tighter transfer of bounds between positions of one shape could still cut (for example one that knows which
   team takes a card in every line of the stored proof, so that a point difference shifts the bound instead
   of widening it);
4. with ``--distinct N``: the trick boundaries with ``N`` cards left that the search entered, and how many
   distinct positions they are under ever coarser keys: the exact cards; the shape (who holds each live card,
   strongest first: the rules see nothing else); the shape with each card's points; and each player's
   multiset of card points per suit (the coarsest key that still fixes the value's possible points).  A table
   keyed on relative ranks (partition search) can share an exact value only between positions with equal
   points at equal places, so the last two columns bound what it could share.

With ``--no-slack`` it measures instead what the slack costs at most: the same deals are solved by a second copy of
the solver whose shape table takes the bounds of a position of the same shape *as they are*, without the slack
(unsound: its values may be wrong, and it counts them), beside the solver as it is, and it prints both node
counts.  A sound transfer of bounds between the positions of one shape can at best take the bounds as they are
where the points differ in the cards' favour, so this is about the most that any tighter transfer (the capture
masks above, partition search with point bounds) could save through the shape table.

With ``--must-follow`` it measures how much of a deal's work comes from Schieber's freedom to trump at any time
(P3: a trump may be played even by a player who holds the led suit, and the trump Jack need not follow trumps, P5):
the same deals are solved by a copy of the solver whose legal-move rule is the one of bridge and Skat (follow the
led suit when you can, else play any card) and by the solver, and it prints nodes and CPU milliseconds of both (the
copy has no counters, so its times are comparable; its values are those of another game and are not checked).

Counts do not depend on the load; times are not printed (the counters cost time), except with ``--must-follow``.
"""
# ruff: noqa: E501  (the anchors are lines of the solver's source, indented as there)

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import numpy as np

from jasslib import CLASSIC, fast, solver

_SOURCE = Path(solver.__file__)
_N = 80  # counters of the copy: below 16 the solver's own, 16.. below
_LOG = 100  # --distinct: the log of boundaries starts here (6 numbers each)
_COUNT, _LEVEL = 14, 15  # --distinct: numbers logged so far, cards left at the boundaries logged
_HIST, _WASTE_K, _WASTE_SRC, _CUTS_SRC, _SHAPE, _THREE = 18, 55, 59, 62, 65, 73  # where each group of counters starts


def _patch(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"solver_anatomy.py: the solver changed, this anchor is not found once: {old.strip()[:60]!r}")
    return text.replace(old, new)


def _source() -> str:
    """The solver's source, its relative imports made absolute (the copy is a module of its own)."""
    s = _SOURCE.read_text(encoding="utf-8")
    return re.sub(r"^from \.(\w*) import", lambda m: f"from jasslib.{m.group(1)} import" if m.group(1)
                  else "from jasslib import", s, flags=re.M)


def patched_source(log: int) -> str:
    """The solver's source with the counters added (see the module docstring); ``log`` numbers of room for
    logged boundaries.  Raises SystemExit naming the anchor when the solver no longer has one of its lines."""
    s = _source()
    found = re.search(r"^_NCOL = (\d+)$", s, flags=re.M)
    if found is None:
        raise SystemExit("solver_anatomy.py: the solver changed, its stack has no _NCOL line")
    ncol = int(found.group(1))  # the copy's stack gets three more columns: nodes when the first and the current
    first, now, source = ncol, ncol + 1, ncol + 2  # move started; where the first move came from
    s = _patch(s, f"_NCOL = {ncol}\n", f"_NCOL = {ncol + 3}\n")
    # 1. nodes by cards held at entry; 4. the log of boundaries
    s = _patch(s, """            alive = hands[0] | hands[1] | hands[2] | hands[3]
            phase = 1
            if k == 0:""", f"""            alive = hands[0] | hands[1] | hands[2] | hands[3]
            stats[{_HIST} + popcount(alive)] += 1
            if k == 0 and popcount(alive) == stats[{_LEVEL}] and stats[{_COUNT}] + 6 <= stats.shape[0] - {_LOG}:
                q = {_LOG} + stats[{_COUNT}]
                for s4 in range(4):
                    stats[q + s4] = hands[s4]
                stats[q + 4] = leader
                stats[q + 5] = flags
                stats[{_COUNT}] += 6
            phase = 1
            if k == 0:""")
    s = _patch(s, """                v, bm = _three_tricks(""", f"""                stats[{_THREE}] += 1
                v, bm = _three_tricks(""")
    # 2. where the first move came from, and the nodes spent before the move that cut
    s = _patch(s, """                    mv[d, 0] = tt_best
                    n = 1
                    st[d, _LAZY] = 1""", f"""                    mv[d, 0] = tt_best
                    n = 1
                    st[d, _LAZY] = 1
                    st[d, {source}] = 0""")
    s = _patch(s, """                                       hint if hint >= 0 else tt_best, contract, points, order, mv, sc, d)
                    st[d, _LAZY] = 0""", f"""                                       hint if hint >= 0 else tt_best, contract, points, order, mv, sc, d)
                    st[d, _LAZY] = 0
                    st[d, {source}] = 1 if hint >= 0 else 2""")
    s = _patch(s, """            if i < st[d, _N] and alpha < beta:
                c = mv[d, i]
                st[d, _I] = i + 1
""", f"""            if i < st[d, _N] and alpha < beta:
                c = mv[d, i]
                st[d, _I] = i + 1
                if i == 0:
                    st[d, {first}] = stats[_NODES]
                st[d, {now}] = stats[_NODES]
""")
    s = _patch(s, """            # every move tried (or a cut-off): store the bound in the table, return the value
            best = st[d, _BEST]""", f"""            # every move tried (or a cut-off): store the bound in the table, return the value
            best = st[d, _BEST]
            if st[d, _N] > 0 and (best >= st[d, _B0] if st[d, _SEAT] & 1 == 0 else best <= st[d, _A0]):
                if st[d, _K] == 0:
                    stats[{_CUTS_SRC} + st[d, {source}]] += 1
                if st[d, _I] > 1:
                    stats[{_WASTE_K} + st[d, _K]] += st[d, {now}] - st[d, {first}]
                    if st[d, _K] == 0:
                        stats[{_WASTE_SRC} + st[d, {source}]] += st[d, {now}] - st[d, {first}]""")
    # 3. the shape table: found, decided without the slack, kept from deciding by the slack
    s = _patch(s, """                            data = pt[pi + q, 3]
                            lo = (data & 0xFFFF) - 0x8000 - slack""", f"""                            data = pt[pi + q, 3]
                            stats[{_SHAPE}] += 1
                            lo0 = (data & 0xFFFF) - 0x8000
                            hi0 = ((data >> 16) & 0xFFFF) - 0x8000
                            if lo0 >= beta or hi0 <= alpha:
                                stats[{_SHAPE} + 1] += 1
                                if not (lo0 - slack >= beta or hi0 + slack <= alpha):
                                    stats[{_SHAPE} + 2 + popcount(alive) // 4 - 3] += 1
                            lo = (data & 0xFFFF) - 0x8000 - slack""")
    s, found_stats = re.subn(r"self\.stats = np\.zeros\(\w+, dtype=np\.int64\)",
                             f"self.stats = np.zeros({_N + _LOG + log}, dtype=np.int64)", s)
    if found_stats != 1:
        raise SystemExit("solver_anatomy.py: the solver changed, this anchor is not found once: self.stats = np.zeros")
    return s


def no_slack_source() -> str:
    """The solver's source with the shape table's slack set to 0 (unsound; see ``--no-slack``)."""
    return _patch(_source(), "slack = _shape_slack(alive, pt[pi + q, 2], points, order, contract)", "slack = 0")


def instrumented(log: int, source: str | None = None, name: str = "solver_anatomy_copy") -> ModuleType:
    """The solver with counters (or ``source``) as a module of its own (compiled afresh: numba does not cache it)."""
    s = patched_source(log) if source is None else source
    path = Path(tempfile.mkdtemp(prefix="solver-anatomy-")) / f"{name}.py"
    path.write_text(s, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _owner(hands: np.ndarray, c: int) -> int:
    return next(s for s in range(4) if int(hands[s]) >> c & 1)


def distinct(rows: np.ndarray, contract: int) -> tuple[int, int, int, int]:
    """Distinct positions among logged boundaries: exact cards, shape, shape with points, points per owner and
    suit."""
    order = solver._ORDERS[contract]
    points = solver._points_all(CLASSIC)[contract]
    exact, shape, shaped, owned = set(), set(), set(), set()
    for r in {tuple(int(x) for x in row) for row in rows}:
        hands = np.array(r[:4])
        alive = r[0] | r[1] | r[2] | r[3]
        sh, sp, ow = [], [], []
        for s in range(4):
            live = [int(c) for c in order[9 * s: 9 * s + 9] if alive >> int(c) & 1]
            sh.append(tuple(_owner(hands, c) for c in live))
            sp.append(tuple((_owner(hands, c), int(points[c])) for c in live))
            ow.append(tuple(sorted(sp[-1])))
        exact.add(r)
        shape.add((tuple(sh), r[4], r[5]))
        shaped.add((tuple(sp), r[4], r[5]))
        owned.add((tuple(ow), r[4], r[5]))
    return len(exact), len(shape), len(shaped), len(owned)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6, help="deals per contract (default 6)")
    ap.add_argument("--contracts", default="0,2,4", help="contract numbers (0-3 trumps, 4 Obenabe, 5 Undenufe)")
    ap.add_argument("--distinct", default="", help="cards left at the boundaries to count distinct positions of, "
                    "e.g. 16,20 (slow: a Python pass over up to millions of positions)")
    ap.add_argument("--log", type=int, default=12_000_000, help="room for logged boundaries (6 numbers each)")
    ap.add_argument("--no-slack", action="store_true", help="nodes with the shape table's slack set to 0 (unsound) "
                    "beside the solver as it is: the most a tighter transfer of bounds could save")
    ap.add_argument("--must-follow", action="store_true", help="nodes and milliseconds of a copy whose legal-move "
                    "rule is bridge's and Skat's (follow suit if you can) beside the solver's")
    ap.add_argument("--solver-deals", type=int, default=-1, help="with --must-follow: solve only the first so many "
                    "deals with the solver itself (default: all)")
    args = ap.parse_args(argv)
    contracts = [int(c) for c in args.contracts.split(",")]
    if args.no_slack:
        return no_slack(contracts, args.deals)
    if args.must_follow:
        return must_follow(contracts, args.deals, args.deals if args.solver_deals < 0 else args.solver_deals)
    levels = [int(x) for x in args.distinct.split(",") if x]
    S = instrumented(args.log if levels else 0)
    hands = fast.deal_batch("bench-solver", 0, args.deals)
    ws = S._workspace()
    print(f"{args.deals} deals per contract (deal_batch seed 'bench-solver'), full deals from the opening lead")
    for contract in contracts:
        tot = np.zeros(_N, dtype=np.int64)
        seen: dict[int, list[int]] = {n: [0, 0, 0, 0, 0] for n in levels}
        for i in range(args.deals):
            masks = [int(m) for m in hands[i]]
            for n in levels or [0]:
                _clear(ws)
                ws.stats[_LEVEL] = n if levels else -1
                got = S.dd_points(masks, contract)
                if got != solver.dd_points(masks, contract):
                    raise SystemExit(f"the instrumented copy disagrees with the solver on deal {i}")
                if n:
                    m = int(ws.stats[_COUNT]) // 6
                    rows = ws.stats[_LOG: _LOG + 6 * m].reshape(m, 6)
                    seen[n][0] += m
                    for j, x in enumerate(distinct(rows, contract)):
                        seen[n][j + 1] += x
                if n == (levels or [0])[0]:
                    tot += ws.stats[:_N]
        nodes = int(tot[0])
        print(f"\ncontract {contract}: {nodes:,} nodes, {int(tot[2])} probes, {int(tot[_THREE]):,} calls of the "
              "three-trick loops")
        hist = ", ".join(f"{n}: {int(tot[_HIST + n]):,}" for n in range(36, 11, -1) if tot[_HIST + n])
        print(f"  nodes by cards held at entry: {hist}")
        waste = tot[_WASTE_K: _WASTE_K + 4]
        print("  ordering, nodes spent before the move that cut (nested), by cards of the trick played: "
              + ", ".join(f"{k}: {int(w):,} ({w / nodes:.0%})" for k, w in enumerate(waste)))
        cuts = tot[_CUTS_SRC: _CUTS_SRC + 3]
        src = tot[_WASTE_SRC: _WASTE_SRC + 3]
        print("  trick boundaries that cut, by the first move's source: "
              + ", ".join(f"{name} {int(c):,} cuts / {int(w):,} nodes before the cut"
                          for name, c, w in zip(("table", "shape or lead-table hint", "static order"), cuts, src)))
        blocked = tot[_SHAPE + 2: _SHAPE + 8]
        print(f"  shape table: {int(tot[3]):,} lookups, {int(tot[_SHAPE]):,} positions of the same shape found, "
              f"{int(tot[_SHAPE + 1]):,} would decide without the slack, {int(blocked.sum()):,} of them kept from "
              "deciding by the slack (by cards held: "
              + ", ".join(f"{12 + 4 * j}-{15 + 4 * j}: {int(b):,}" for j, b in enumerate(blocked) if b) + ")")
        for n in levels:
            v, ex, sh, sp, ow = seen[n]
            print(f"  boundaries with {n} cards left: {v:,} entered, distinct: {ex:,} positions, {sh:,} shapes, "
                  f"{sp:,} shapes with points, {ow:,} by each player's points per suit")
    return 0


def no_slack(contracts: list[int], deals: int) -> int:
    """``--no-slack``: per contract, the nodes of the solver as it is and of the copy without the slack."""
    loose = instrumented(0, no_slack_source(), "anatomy_no_slack")
    hands = fast.deal_batch("bench-solver", 0, deals)
    print(f"{deals} deals per contract (deal_batch seed 'bench-solver'), full deals from the opening lead: nodes of the "
          "solver as it is and with the shape table's bounds taken without the slack (unsound)")
    print("contract | nodes as is | without the slack | saved | deals whose value came out wrong")
    for contract in contracts:
        counts = [0, 0]
        wrong = 0
        for i in range(deals):
            masks = [int(m) for m in hands[i]]
            values = []
            for j, mod in enumerate((solver, loose)):
                ws = mod._workspace()
                _clear(ws)
                values.append(mod.dd_points(masks, contract))
                counts[j] += int(ws.stats[0])
            wrong += values[1] != values[0]
        print(f"{contract} | {counts[0]:,} | {counts[1]:,} | {1 - counts[1] / counts[0]:.1%} | {wrong} of {deals}",
              flush=True)
    return 0


_MUST_FOLLOW_RULE = '''
def _must_follow(hand, trick, contract):
    """Not a rule of Jass: follow the led suit when you can, else any card (bridge, Skat)."""
    if len(trick) == 0:
        return hand
    follow = hand & (0x1FF << (9 * (trick[0] // 9)))
    return follow if follow else hand


_legal = jit(_must_follow)'''


def must_follow_source() -> str:
    """The solver's source with the legal-move rule of bridge and Skat instead of Schieber's (see ``--must-follow``)."""
    return _patch(_source(), "_legal = jit(legal_mask)", _MUST_FOLLOW_RULE)


def _clear(ws: object) -> None:
    """Zero a workspace's counters, keeping the sizes its searches start their tables with."""
    stats = ws.stats  # type: ignore[attr-defined]
    keep = stats[solver._TT_START], stats[solver._PT_START]
    stats[:] = 0
    stats[solver._TT_START], stats[solver._PT_START] = keep


def _timed(mod: ModuleType, masks: list[int], contract: int) -> tuple[int, float]:
    ws = mod._workspace()
    _clear(ws)
    t0 = time.process_time()
    mod.dd_points(masks, contract)
    return int(ws.stats[0]), 1000 * (time.process_time() - t0)


def must_follow(contracts: list[int], deals: int, solver_deals: int) -> int:
    """``--must-follow``: per contract, nodes and milliseconds of the solver and of the copy with bridge's rule."""
    other = instrumented(0, must_follow_source(), "anatomy_must_follow")
    hands = fast.deal_batch("bench-solver", 0, deals)
    print(f"deal_batch seed 'bench-solver', full deals from the opening lead, CPU ms and nodes a deal: the solver "
          f"({min(deals, solver_deals)} deals) and a copy whose rule is to follow suit when one can ({deals} deals)")
    print("contract | rule | deals | ms median | p95 | max | nodes median | mean")
    for contract in contracts:
        for name, mod, n in (("Schieber (P3-P5)", solver, min(deals, solver_deals)), ("follow suit", other, deals)):
            if n == 0:
                continue
            _timed(mod, [int(m) for m in hands[0]], contract)  # compiled before the clock runs
            runs = np.array([_timed(mod, [int(m) for m in hands[i]], contract) for i in range(n)])
            ms, nodes = runs[:, 1], runs[:, 0]
            print(f"{contract} | {name} | {n} | {np.median(ms):.1f} | {np.percentile(ms, 95):.0f} | {ms.max():.0f} | "
                  f"{np.median(nodes):.3g} | {nodes.mean():.3g}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
