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

``--live 2,4,8`` measures the Review of :class:`jasslib.analysis.LiveReview` (what the RoundPlayer does): each trick
is judged (``judge`` from the trick's start) as soon as it is complete, by one solver thread, while the learner
plays on; and as soon as the contract is named the thread starts on the opening position's value (the head start),
all the round's searches in one generation of its tables.  Each job's CPU seconds are measured (one after the
other, as the thread does them), and the wait at the Review is computed for a learner who takes ``pace`` seconds a
trick: the head start is handed over at 0, trick t at ``t * pace``, the thread does them in order (a job starts
when it is handed over and the one before is done), the Review is clicked at ``9 * pace``; wait = what the thread
still has to do then (it has a core to itself: the kernel waits for the learner).  Beside it, on the same rounds,
the LiveReview before the head start (each trick judged with a fresh table, none before trick 1 is complete).
``--live-real N`` checks the model on the first N rounds with real sleeps.

``--why`` measures **Why?** after the Review (the lines of a card that lost points, :func:`compare_lines`): for
every card of trick 1 that lost points in the rounds, the CPU seconds of :meth:`LiveReview.lines` right after that
round's review (the lines searched in the review's solver tables, what the RoundPlayer does), of
:func:`compare_lines` afresh, and of the way it was done before (:func:`jasslib.solver.solve` of the position before
the card and, for the played line, of the position after it), and whether the first two give the same lines.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from jasslib import Card, Contract, Round
from jasslib.analysis import LiveReview, compare_lines, review
from jasslib.analysis.postmortem import _plays, _replay_start
from jasslib.players import RuleBasedPlayer, play_round
from jasslib.solver import Position, _judge, _Shared, _value_in, solve


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


def trick_times(rnd: Round, head_start: bool = True) -> list[float]:
    """CPU seconds of the jobs of a LiveReview of ``rnd``: the head start (the opening position's value; 0.0
    without ``head_start``), then each trick's judgement from its start, all in one shared generation as
    LiveReview does them (without ``head_start``: each trick with a fresh table, as before the head start)."""
    replay = _replay_start(rnd)
    plays = _plays(rnd)
    shared = _Shared() if head_start else None
    out = [0.0]
    if shared is not None:
        c = time.process_time()
        _value_in(Position.from_round(replay), shared)
        out[0] = time.process_time() - c
    for t in range(9):
        cards = plays[4 * t:4 * t + 4]
        start = Position.from_round(replay)
        c = time.process_time()
        _judge(start, [card for _, card in cards], shared)
        out.append(time.process_time() - c)
        for seat, card in cards:
            replay.play(card, seat)
    return out


def wait_at_review(times: list[float], pace: float) -> float:
    """The wait at the Review when the head start (``times[0]``) is handed over at 0 and trick t (1..9) at
    t * pace, all done in order by one thread."""
    done = times[0]
    for t, dur in enumerate(times[1:], 1):
        done = max(done, t * pace) + dur
    return max(0.0, done - 9 * pace)


def wait_for_real(rnd: Round, pace: float) -> float:
    """The same wait measured: a LiveReview updated once the contract is named and after every card, the round's
    cards replayed a trick every ``pace`` seconds (each trick's four cards at the end of its time), then the wall
    seconds of its table()."""
    replay = _replay_start(rnd)
    live = LiveReview(replay)
    live.update()
    for k, (seat, card) in enumerate(_plays(rnd)):
        if k % 4 == 0:
            time.sleep(pace)
        replay.play(card, seat)
        live.update()
    t = time.perf_counter()
    live.table()
    return time.perf_counter() - t


def _spread(values: list[float]) -> tuple[float, float, float]:
    """Median, p95 and max."""
    a = np.array(values)
    return float(np.median(a)), float(np.percentile(a, 95)), float(a.max())


def _stats(cpu: list[float]) -> str:
    a = np.array(cpu)
    return f"{np.median(a):8.3f} {np.percentile(a, 95):8.3f} {a.max():8.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--contracts", default="clubs,spades,hearts,diamonds,obenabe,undenufe")
    ap.add_argument("--from", dest="starts", default="1,2,3", help="first judged tricks, comma-separated")
    ap.add_argument("--baseline", type=int, default=1, help="1: also review by solve before every card")
    ap.add_argument("--live", default="", help="seconds a trick (comma-separated): the wait at a LiveReview's Review")
    ap.add_argument("--live-real", type=int, default=0, help="rounds per contract also measured with real sleeps")
    ap.add_argument("--why", action="store_true", help="the lines of the cards of trick 1 that lost points (Why?)")
    args = ap.parse_args()
    if args.why:
        why(args)
        return
    if args.live:
        live(args)
        return
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


def _two_solves(rnd: Round, seat: int) -> None:
    """Why? as it was done before: solve the position before ``seat``'s card of trick 1 and the one after it."""
    replay = _replay_start(rnd)
    for s, c in _plays(rnd)[:4]:
        if s == seat:
            before = solve(Position.from_round(replay))
            replay.play(c, s)
            if c not in before.best:
                solve(Position.from_round(replay))
            return
        replay.play(c, s)


def why(args: argparse.Namespace) -> None:
    warm = _rounds(Contract.OBENABE, 1)[0]
    LiveReview(warm).lines(1, 0)
    compare_lines(warm, 1, 0)
    print(f"Why? of the cards of trick 1 that lost points, {args.rounds} rule-based rounds per contract: CPU s per "
          "card (median / p95 / max)")
    print(f"{'contract':10} {'cards':>5}   {'LiveReview.lines':^26}   {'compare_lines':^26}   {'two solves':^26} "
          f"{'same':>5}")
    for name in args.contracts.split(","):
        live_s, fresh_s, old_s, same = [], [], [], True
        for r in _rounds(Contract.parse(name), args.rounds):
            live = LiveReview(r)
            table = live.table()
            for row in table[(table.trick == 1) & (table.lost > 0)].itertuples():
                t = time.process_time()
                lines = live.lines(1, row.seat)
                live_s.append(time.process_time() - t)
                t = time.process_time()
                same &= compare_lines(r, 1, row.seat) == lines
                fresh_s.append(time.process_time() - t)
                t = time.process_time()
                _two_solves(r, row.seat)
                old_s.append(time.process_time() - t)
        if live_s:
            print(f"{name:10} {len(live_s):>5}   {_stats(live_s)}   {_stats(fresh_s)}   {_stats(old_s)} "
                  f"{'yes' if same else 'NO':>5}", flush=True)


def live(args: argparse.Namespace) -> None:
    paces = [float(p) for p in args.live.split(",")]
    warm = _rounds(Contract.OBENABE, 1)[0]
    trick_times(warm)
    print(f"LiveReview: {args.rounds} rule-based rounds per contract; CPU s per round (the head start and all nine "
          "tricks; the share of the head start and trick 1) and the wait at the Review (median / p95 / max) for a "
          "learner taking `pace` s a trick; 'before': each trick with a fresh table, no head start (same rounds)")
    print(f"{'contract':10} {'':7} {'CPU median':>10} {'p95':>7} {'max':>7} {'head+1':>7}  "
          + "  ".join(f"{'wait @' + format(p, 'g') + ' s':>22}" for p in paces))
    for name in args.contracts.split(","):
        rounds = _rounds(Contract.parse(name), args.rounds)
        for label, head in (("now", True), ("before", False)):
            times = [trick_times(r, head) for r in rounds]
            total = np.array([sum(t) for t in times])
            first = sum(t[0] + t[1] for t in times) / max(total.sum(), 1e-9)
            waits = [" ".join(f"{x:6.2f}" for x in _spread([wait_at_review(t, p) for t in times])) for p in paces]
            print(f"{name:10} {label:7} {np.median(total):10.3f} {np.percentile(total, 95):7.2f} {total.max():7.2f} "
                  f"{first:6.0%}   " + "  ".join(f"{w:>22}" for w in waits), flush=True)
            if head:
                head_times = times
        for r, t in list(zip(rounds, head_times))[:args.live_real]:
            for p in paces:
                real = wait_for_real(r, p)
                print(f"  {name} seed {r.seed}, {p:g} s a trick: wait {real:.2f} s measured, "
                      f"{wait_at_review(t, p):.2f} s by the model", flush=True)


if __name__ == "__main__":
    main()
