"""Solve the four trump contracts of the shipped deals 400..1999 (seed 12), a deal at a time, over several runs.

    python benchmarks/fill_dd_trump.py                 # go on where the last run stopped (Ctrl-C any time)
    python benchmarks/fill_dd_trump.py --jobs 2        # on both cores
    python benchmarks/fill_dd_trump.py --status        # how many are done, and the CPU hours left
    python benchmarks/fill_dd_trump.py --reference     # the same deals by the reference solver (see below)
    python benchmarks/fill_dd_trump.py --reference --status
    python benchmarks/fill_dd_trump.py --check --jobs 2 --from 400 --limit 300   # the solver of today proves them

How the trump columns of deals 400..1999 of :func:`jasslib.ddtable.sample` were made (issue 19).  Deals 0..399 of
that table were solved earlier under all six contracts, and Obenabe and Undenufe of all 2,000 deals; the trump
contracts of the other 1,600 deals took the solver about 5.6 CPU hours, more than one working session, so this
script solved them one deal at a time and appended each deal's row to ``benchmarks/data/dd_trump.csv``: ``deal``,
team 0's DD points under ♣ ♠ ♥ ♦ (from :func:`jasslib.solver.dd_batch`, exactly what
:func:`jasslib.ddtable.dd_frame` puts in its columns) and the CPU seconds the deal took (one core, another job on
the other).  A deal is written only when its four values are found, so an interrupted run loses at most the deals
in progress.  The file is kept: it says what each deal cost the solver, and the tests check that the shipped
table holds its values.

Before it solves, a run checks that its deals are the shipped ones (each hand of deal 400 and of the last deal)
and, if the file has rows, solves its first row again and compares.  To solve the deals again with a changed
solver, move the file away and run the script (``--limit`` solves a part).

``--reference`` solves the same deals with the reference solver (``tests/solver_reference.py``, the solver before
issue 19) into ``benchmarks/data/dd_trump_reference.csv`` (same columns), deal 400 first, and says on the spot
when a deal disagrees with ``dd_trump.csv``: issue 19's comparison of the new solver with the old one on the
trump contracts of these 1,600 deals (the rest of the 2,000 shipped deals was compared by
``solver_exactness.py``'s part (e)).  The old solver is slower (about 3x the CPU), so this too goes a part at a
time; the tests check that every row of that file equals the row of ``dd_trump.csv``.

From deal 1246 on, ``--reference`` checks each value ``v`` of ``dd_trump.csv`` the way the reference solver's own
bisection ends, with two null-window probes of the reference solver's search: "at least ``v``?" must answer yes and
"at least ``v`` + 2?" (the next value of the same parity) no, which together prove that the reference solver's value
is ``v``.  Only when a probe answers otherwise does the reference solver solve the deal from scratch (and the deal
is reported as a disagreement).  The probes are the costly part of a solve anyway, but started at the value they
skip the far probes: on deals 1246..1248 the check took 151 CPU s against the full solves' 254 (1.7x).
``--full`` solves every deal from scratch, as deals 400..1245 were.

``--check`` asks the package's solver as it is now for the same two probes at each value of the shipped table
(:func:`jasslib.ddtable.sample`, the four trump columns of deals ``--from`` .. ``--from + --limit - 1``, 0..1999): the
solver changed after the file was made, and this re-proves the table with the new code a little cheaper than
solving it (6-7 CPU s a deal).  Nothing is written; each deal that fails is printed, with a summary at the end
(exit code 1 on a failure).  Deals 0..399 hold the values of the solver before issue 19, 400..1999 those of the
file above (which the reference solver proved).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
import types
from pathlib import Path

import numpy as np

from jasslib import CLASSIC, ddtable, fast, solver
from jasslib.play import LAST_TRICK_BONUS
from jasslib.scoring import MATCH_BONUS

HERE = Path(__file__).resolve().parent
CSV = HERE / "data" / "dd_trump.csv"
REFERENCE_CSV = HERE / "data" / "dd_trump_reference.csv"
TESTS = HERE.parent / "tests"  # solver_reference.py, the solver before issue 19
HEADER = "deal,dd_clubs,dd_spades,dd_hearts,dd_diamonds,cpu_s\n"
FIRST, LAST = 400, ddtable.SAMPLE_DEALS  # deals FIRST .. LAST - 1
TRUMPS = ddtable.DD_COLUMNS[:4]


def done_rows(path: Path = CSV) -> dict[int, tuple[int, ...]]:
    """The rows already in the file: deal -> (♣, ♠, ♥, ♦, cpu_s)."""
    rows: dict[int, tuple[int, ...]] = {}
    if not path.exists():
        return rows
    for line in path.read_text().splitlines()[1:]:
        if line.strip():
            deal, *vals = line.split(",")
            rows[int(deal)] = (*(int(v) for v in vals[:4]), float(vals[4]))  # type: ignore[assignment]
    return rows


def solve_deal(deal: int) -> str:
    """One deal's row of the file (its four trump values and the CPU seconds)."""
    hands = fast.deal_batch(ddtable.SAMPLE_SEED, deal, 1)
    start = time.process_time()
    row = solver.dd_batch(hands, contracts=[0, 1, 2, 3])[0]
    return f"{deal},{row[0]},{row[1]},{row[2]},{row[3]},{time.process_time() - start:.2f}\n"


def solve_deal_reference(deal: int) -> str:
    """One deal's row of the reference file: the four trump values by the reference solver, and its CPU seconds."""
    solver_reference = _reference()
    hands = [int(h) for h in fast.deal_batch(ddtable.SAMPLE_SEED, deal, 1)[0]]
    start = time.process_time()
    vals = [solver_reference.value(solver.Position.deal(hands, contract, 0, CLASSIC))[0] for contract in range(4)]
    return f"{deal},{vals[0]},{vals[1]},{vals[2]},{vals[3]},{time.process_time() - start:.2f}\n"


def _reference() -> types.ModuleType:
    """The reference solver, ``tests/solver_reference.py`` (its folder put on the path once per worker process)."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    import solver_reference

    return solver_reference


def certify_deal_reference(deal: int) -> str:
    """One deal's row of the reference file, each of its four values in ``dd_trump.csv`` proved by two probes of the
    reference solver at that value (the module docstring); a value that fails its proof is solved from scratch."""
    solver_reference = _reference()
    new = done_rows(CSV)[deal]
    hands = [int(h) for h in fast.deal_batch(ddtable.SAMPLE_SEED, deal, 1)[0]]
    start = time.process_time()
    vals = []
    for contract in range(4):
        pos = solver.Position.deal(hands, contract, 0, CLASSIC)
        vals.append(new[contract] if reference_agrees(solver_reference, pos, new[contract])
                    else solver_reference.value(pos)[0])
    return f"{deal},{vals[0]},{vals[1]},{vals[2]},{vals[3]},{time.process_time() - start:.2f}\n"


def reference_agrees(reference: types.ModuleType, pos: solver.Position, points: int) -> bool:
    """Whether the value of the full deal ``pos`` by the solver module ``reference`` (``solver_reference`` or
    :mod:`jasslib.solver`, which share the probe's interface) gives team 0 ``points``: a fail-soft probe
    "d >= v?" answers yes and "d >= v + 2?" no, for the difference d of the team's points that ``points`` means
    (every d of a full deal is odd: 157 points are left; a match is d = +-257, and nothing lies beyond it).

    Team 0's 0 points are two values of d: -257 when team 1 took every trick (a match, O7), -157 when team 0 took
    only tricks without points and not the last one (deal 793 under ♦).  So 0 is proved by the one probe
    "d >= -155?" answering no, which both pass; every other number of points is one d (257 only with the match).
    """
    total = pos.points_left + LAST_TRICK_BONUS
    match = total + MATCH_BONUS
    d = match if points == match else 2 * points - total  # points 0: d <= -total, the match or not
    st = reference._State(pos)
    ws = reference._workspace()
    gen = ws.generations(1)  # one table for both probes, as within one solve
    at_least = points == 0 or st.probe(ws, gen, d - 1, d, -1) >= d
    return at_least and (d >= match or st.probe(ws, gen, d + 1, d + 2, -1) < d + 2)


def check_deal(deal: int) -> tuple[int, list[int], float]:
    """``--check`` for one shipped deal: (the deal, the trump contracts whose shipped value the package's solver does
    not prove, CPU seconds)."""
    shipped = _shipped_trumps()[deal]
    hands = [int(h) for h in fast.deal_batch(ddtable.SAMPLE_SEED, deal, 1)[0]]
    start = time.process_time()
    bad = [contract for contract in range(4)
           if not reference_agrees(solver, solver.Position.deal(hands, contract, 0, CLASSIC), shipped[contract])]
    return deal, bad, time.process_time() - start


_SHIPPED: dict[int, tuple[int, ...]] = {}


def _shipped_trumps() -> dict[int, tuple[int, ...]]:
    """deal -> the four trump values of the shipped table (read once per process)."""
    if not _SHIPPED:
        table = ddtable.sample(ddtable.SAMPLE_DEALS)
        _SHIPPED.update(zip(range(len(table)), (tuple(int(v) for v in row) for row in table[TRUMPS].to_numpy())))
    return _SHIPPED


def check_main(args: argparse.Namespace) -> int:
    """``--check``: prove the shipped trump values of a range of deals with the package's solver; 1 on a failure."""
    first = max(0, args.first)
    deals = list(range(first, min(LAST, first + max(0, args.limit))))
    print(f"--check: the package's solver proves the shipped trump values of deals {first}..{first + len(deals) - 1} "
          f"({len(deals)} deals, {4 * len(deals)} deal-contracts, {max(1, args.jobs)} processes)", flush=True)
    failed: list[tuple[int, int]] = []
    cpu = 0.0
    wall = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for done, (deal, bad, seconds) in enumerate(pool.imap(check_deal, deals), 1):
            cpu += seconds
            for contract in bad:
                failed.append((deal, contract))
                print(f"NOT PROVED deal {deal} {TRUMPS[contract]}: shipped {_shipped_trumps()[deal][contract]}",
                      file=sys.stderr, flush=True)
            if done % 25 == 0 or done == len(deals):
                print(f"  {done} deals (to {deal}), {len(failed)} not proved, {cpu:.0f} CPU s, "
                      f"{time.perf_counter() - wall:.0f} s", flush=True)
    print(f"--check: {len(deals)} deals, {4 * len(deals)} deal-contracts, {len(failed)} not proved; "
          f"{cpu:.0f} CPU s ({cpu / max(1, len(deals)):.2f} a deal)")
    return 1 if failed else 0


def disagreements(reference: dict[int, tuple[int, ...]], rows: dict[int, tuple[int, ...]]) -> list[int]:
    """The deals of the reference file whose four values are not those of the solver's file (or missing there)."""
    return [deal for deal in sorted(reference) if rows.get(deal, (None,) * 4)[:4] != reference[deal][:4]]


def check(rows: dict[int, tuple[int, ...]]) -> None:
    """The deals are the shipped ones, and the file's first row is solved again to the same values."""
    shipped = ddtable.sample(ddtable.SAMPLE_DEALS)
    for deal in (FIRST, LAST - 1):
        hands = fast.deal_batch(ddtable.SAMPLE_SEED, deal, 1)[0]
        if [int(h) for h in hands] != [int(shipped.loc[deal, f"hand_{s}"]) for s in range(4)]:
            sys.exit(f"deal {deal} of seed {ddtable.SAMPLE_SEED} is not the shipped deal {deal}: nothing solved")
    if rows:
        deal = min(rows)
        again = tuple(int(v) for v in solve_deal(deal).split(",")[1:5])
        if again != rows[deal][:4]:
            sys.exit(f"deal {deal}: the file says {rows[deal][:4]}, the solver now {again}: nothing solved")
        print(f"checked: deals {FIRST} and {LAST - 1} are the shipped deals; deal {deal} solved again: {again}")


def status(rows: dict[int, tuple[int, ...]], reference: bool = False) -> None:
    """How many deals are done, and an estimate of the CPU hours left (the mean of the last 100 deals); with
    ``reference``, of the reference file, with its disagreements and its CPU against the solver's on its deals."""
    left = LAST - FIRST - len(rows)
    recent = [rows[d][4] for d in sorted(rows)[-100:]]
    mean = float(np.mean(recent)) if recent else float("nan")
    print(f"{'reference: ' if reference else ''}{len(rows)} of {LAST - FIRST} deals done ({FIRST}..{LAST - 1}); "
          f"{left} left; mean {mean:.1f} CPU s a deal (last {len(recent)}): "
          f"about {left * mean / 3600:.1f} CPU hours left")
    if reference:
        new = done_rows(CSV)
        bad = disagreements(rows, new)
        both = [d for d in rows if d in new]
        old_s, new_s = sum(rows[d][4] for d in both), sum(new[d][4] for d in both)
        print(f"reference against dd_trump.csv: {len(rows)} deals, {4 * len(rows)} deal-contracts, "
              f"{len(bad)} disagreements{' ' + str(bad[:10]) if bad else ''}; CPU on those deals: reference "
              f"{old_s / 3600:.2f} h, solver {new_s / 3600:.2f} h ({old_s / max(new_s, 1e-9):.1f}x)")


def main(argv: list[str] | None = None) -> int:
    """Solve the missing deals (or report); returns 0."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=1, help="processes (each solves whole deals)")
    ap.add_argument("--limit", type=int, default=LAST - FIRST, help="solve at most so many deals in this run")
    ap.add_argument("--status", action="store_true", help="only say how far the file is")
    ap.add_argument("--reference", action="store_true",
                    help="solve with the reference solver (tests/solver_reference.py) into dd_trump_reference.csv")
    ap.add_argument("--full", action="store_true",
                    help="with --reference: solve each deal from scratch instead of proving the file's values")
    ap.add_argument("--check", action="store_true",
                    help="prove the shipped table's trump values with the package's solver (nothing written)")
    ap.add_argument("--from", dest="first", type=int, default=FIRST, help="with --check: the first deal (0..1999)")
    args = ap.parse_args(argv)
    if args.check:
        return check_main(args)
    if args.reference:
        return reference_main(args)
    rows = done_rows()
    if args.status:
        status(rows)
        return 0
    CSV.parent.mkdir(exist_ok=True)
    if not CSV.exists():
        CSV.write_text(HEADER)
    check(rows)
    todo = [d for d in range(FIRST, LAST) if d not in rows][: max(0, args.limit)]
    status(rows)
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool, CSV.open("a") as fh:
        for line in pool.imap_unordered(solve_deal, todo):
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
    status(done_rows())
    return 0


def reference_main(args: argparse.Namespace) -> int:
    """``--reference``: solve the missing deals of the reference file, deal 400 first; 1 on a disagreement."""
    rows = done_rows(REFERENCE_CSV)
    if args.status:
        status(rows, reference=True)
        return 1 if disagreements(rows, done_rows(CSV)) else 0
    if not REFERENCE_CSV.exists():
        REFERENCE_CSV.write_text(HEADER)
    new = done_rows(CSV)
    todo = [d for d in range(FIRST, LAST) if d not in rows][: max(0, args.limit)]
    status(rows, reference=True)
    bad = 0
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool, REFERENCE_CSV.open("a") as fh:
        work = solve_deal_reference if args.full else certify_deal_reference
        for line in pool.imap(work, todo):  # in order: the file's deals stay 400, 401, ...
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
            deal, *vals = line.split(",")
            if disagreements({int(deal): tuple(int(v) for v in vals[:4])}, new):
                bad += 1
                print(f"DISAGREEMENT deal {deal}: reference {vals[:4]}, dd_trump.csv {new.get(int(deal))}",
                      file=sys.stderr, flush=True)
    status(done_rows(REFERENCE_CSV), reference=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
