"""Command line: ``python -m jasslib simulate ...``, ``worksheet ...``, ``dd-table ...`` (see ``--help``).

Errors in the arguments or the output path are reported in one line on stderr with
exit code 2; no partial output file is left behind.  ``dd-table`` keeps the chunks it
finished when interrupted and resumes from them when run again with the same arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

__all__ = ["main"]


def _whole(low: int, high: int, below_zero_means_dask: bool = False) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` in ASCII digits (``٣`` and ``²`` are refused)."""

    def parse(text: str) -> int:
        from ._check import ascii_whole
        from .errors import ArgumentError

        try:
            value = ascii_whole(text, "value", low=None, high=None)
        except ArgumentError as exc:
            raise argparse.ArgumentTypeError(str(exc).removeprefix("value: ")) from None
        if value < low:
            raise argparse.ArgumentTypeError("expected 0 (no Dask) or more" if low == 0 and below_zero_means_dask
                                             else f"expected at least {low:,}, got {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"expected at most {high:,}, got {_short(text)}")
        return value

    return parse


def _short(text: str) -> str:
    from .errors import excerpt

    return excerpt(text)


def _positive(text: str) -> int:
    return _whole(1, 10**9)(text)


def _seed(text: str) -> int | str:
    body = text.lstrip("-")
    return int(text) if body.isascii() and body.isdigit() and len(body) < 80 else text


def _rounds(text: str) -> int:
    from .simulation import MAX_ROUNDS

    return _whole(1, MAX_ROUNDS)(text)


def _workers(text: str) -> int:
    from .ddtable import MAX_WORKERS

    return _whole(0, MAX_WORKERS, below_zero_means_dask=True)(text)


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, such as 1.5, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected seconds above 0, got {text!r}")
    return value


def _one_line_errors(parser: argparse.ArgumentParser) -> None:
    """Make ``parser`` report a bad argument in one sentence on stderr (exit code 2), without the usage block."""

    def error(message: str) -> NoReturn:  # argparse's error() must not return
        message = message.replace("argument ", "", 1) if message.startswith("argument ") else message
        parser.exit(2, f"{parser.prog}: error: {message} (see --help)\n")

    parser.error = error  # type: ignore[method-assign]  # argparse has no hook for its error message


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (one sub-command per task)."""
    parser = argparse.ArgumentParser(prog="python -m jasslib", description="jasslib: Schieber by the rules.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser(
        "simulate",
        help="play many rounds and write one row per round to Parquet or CSV",
        description="Play many rounds on the fast backend and write one tidy row per round "
        "(columns: jasslib.simulation.COLUMNS); print a summary per contract at the end. With search players "
        "(--players search, or search-vs-rule ...) the rounds are slow (a second or two each): they run in "
        "resumable chunks on Dask like dd-table (a local cluster by default, an existing one with --scheduler; "
        "finished chunks are kept in OUT.parts and a run started again resumes; the same rows whatever the "
        "number of workers).",
    )
    sim.add_argument("--rounds", type=_rounds, required=True, help="number of deals")
    sim.add_argument("--players", default="random",
                     help="random, rule, search, lowest, or TEAM0-vs-TEAM1 such as search-vs-rule (default random)")
    sim.add_argument("--contract", default="choose",
                     help="choose (forehand's player chooses or pushes), all (each deal under all six), "
                          "or one of clubs spades hearts diamonds obenabe undenufe (default choose)")
    sim.add_argument("--ruleset", default="classic", choices=["classic", "modern"], help="rules preset")
    sim.add_argument("--seed", type=_seed, default=0, help="seed: the same seed gives the same file")
    sim.add_argument("--out", required=True, help="output file, FILE.parquet or FILE.csv")
    sim.add_argument("--chunk-size", type=_positive, default=None,
                     help="deals per chunk (memory bound; with search players the unit of work and of resuming); "
                          "default 100000, or 10 with search players")
    sim.add_argument("--search-samples", type=_positive, default=None,
                     help="search players: layouts a move (default jasslib.simulation.SEARCH_SAMPLES, 24)")
    sim.add_argument("--search-budget", type=_budget, default=None, metavar="SECONDS",
                     help="search players: at most this many seconds a move (default: no cap, so the rows are "
                          "the same on any machine)")
    sim.add_argument("--workers", type=_workers, default=None,
                     help="search players: worker processes of the local Dask cluster (default: one per core; "
                          "0: no Dask)")
    sim.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help="search players: address of an existing Dask scheduler (instead of a local cluster)")
    bar = sim.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None, help="show a progress bar")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    _one_line_errors(sim)
    ws = sub.add_parser(
        "worksheet",
        help="write a printable exercise sheet and its answer key (HTML)",
        description="Write a printable exercise sheet and a separate answer key (SHEET_key.html). "
        "The same seed gives the same exercises as the notebook trainers.",
    )
    ws.add_argument("--topic", required=True, action="append",
                    help="a topic (deal, contract, legal, trick, weis, contest, announce, stoeck, stoeck_timing, "
                         "score, claim, claim_check, revoke, schneider, play); several as legal,weis or --topic again")
    ws.add_argument("--count", type=_positive, default=10, help="number of exercises of each topic (default 10)")
    ws.add_argument("--seed", type=_seed, default=0, help="seed of the series (give a class one seed)")
    ws.add_argument("--ruleset", default="classic", choices=["classic", "modern"], help="rules preset")
    ws.add_argument("--style", default="french", choices=["french", "swiss", "german"],
                    help="how the cards are drawn: French symbols, Swiss-German or German names (default french)")
    ws.add_argument("--out", required=True, help="output file, SHEET.html")
    ws.add_argument("--rules-base", default=None, metavar="PATH_OR_URL",
                    help="where the rule ids link to: the rule book docs/rules.md relative to the sheet, or a URL "
                         "(default ../docs/rules.md)")
    _one_line_errors(ws)
    cs = sub.add_parser(
        "cheatsheet",
        help="write the printable one-page cheat sheet of a rules preset (HTML)",
        description="Write one A4 page with every number of a preset's rules: card order and points per "
        "contract, multipliers, Weis, Stöck, how a hand is scored, the game and the counting order of claims.",
    )
    cs.add_argument("--ruleset", default="classic", choices=["classic", "modern"], help="rules preset")
    cs.add_argument("--out", required=True, help="output file, CHEATSHEET.html")
    cs.add_argument("--rules-base", default=None, metavar="PATH_OR_URL",
                    help="where the rule ids link to (default ../docs/rules.md)")
    _one_line_errors(cs)
    dd = sub.add_parser(
        "dd-table",
        help="solve many deals double dummy under all six contracts and write one row per deal to Parquet",
        description="Solve deals 0..N-1 of a seed with all cards open (double dummy) under each contract and "
        "write one row per deal: forehand's team's DD trick points per contract (dd_*), the hands, and "
        "forehand's hand features (as in simulate; the same seed gives the same deals). Runs on Dask: a local "
        "cluster over the machine's cores by default, or an existing one with --scheduler. Finished chunks "
        "are kept in OUT.parts; run the same command again to resume an interrupted run.",
    )
    dd.add_argument("--deals", type=_positive, required=True, help="number of deals")
    dd.add_argument("--seed", type=_seed, default=0, help="seed: the same seed gives the same table (default 0)")
    dd.add_argument("--ruleset", default="classic", choices=["classic", "modern"], help="rules preset")
    dd.add_argument("--out", required=True, help="output file, FILE.parquet")
    dd.add_argument("--contracts", type=_contracts, default=None, metavar="NAMES",
                    help="solve only these contracts, comma-separated, e.g. obenabe,undenufe (default: all six; "
                    "the trump contracts are the slow ones)")
    from .ddtable import MIN_CHUNKS, chunk_size_for

    dd.add_argument("--chunk-size", type=_positive, default=None,
                    help=f"deals per chunk, the unit of work and of resuming (default: about two minutes of "
                    f"solving a chunk and at least {MIN_CHUNKS} chunks, e.g. {chunk_size_for(2000)} deals with all "
                    f"six contracts and {chunk_size_for(2000, (4, 5))} of 2,000 deals without trumps; a run "
                    f"started again resumes with its own chunks)")
    dd.add_argument("--workers", type=_workers, default=None,
                    help="worker processes of the local Dask cluster (default: one per core; 0: no Dask)")
    dd.add_argument("--scheduler", default=None, metavar="ADDRESS",
                    help="address of an existing Dask scheduler, e.g. tcp://10.0.0.5:8786 (instead of a local cluster)")
    bar = dd.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None, help="show a progress bar")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    _one_line_errors(dd)
    pg = sub.add_parser(
        "progress",
        help="export a learner's progress for the teacher, or merge a class's files into one table",
        description="export: write a copy of a learner's progress (kept by the trainers) with a name, for the "
        "teacher. class: merge the learners' files into one table, learner x topic (done, right first time, hints), "
        "as CSV or HTML; a file that cannot be read is left out with a warning (exit code 1 when none can be).",
    )
    pg_sub = pg.add_subparsers(dest="progress_command", metavar="ACTION")
    pg_export = pg_sub.add_parser("export", help="write a learner's progress with a name, FILE.json",
                                  description="Write a copy of a learner's progress file with a name, for the class.")
    pg_export.add_argument("--name", default=None, help="the learner's name (default: the name saved with it)")
    pg_export.add_argument("--progress", dest="progress_path", default=None, metavar="PATH",
                           help="the progress file (default: $JASSLIB_PROGRESS, else "
                                "~/.local/share/jasslib/progress.json)")
    pg_export.add_argument("--out", required=True, help="output file, FILE.json")
    pg_class = pg_sub.add_parser("class", help="merge learners' files into one table, class.csv or class.html",
                                 description="Merge learners' progress files (exported or not) into one table.")
    pg_class.add_argument("files", nargs="+", metavar="FILE", help="the learners' progress files")
    pg_class.add_argument("--out", required=True, help="output file, class.csv or class.html")
    for p in (pg, pg_export, pg_class):
        _one_line_errors(p)
    return parser


def _worksheet(args: argparse.Namespace) -> int:
    from .rulesets import Ruleset
    from .worksheet import topic_names, write_worksheet

    base = {} if args.rules_base is None else {"rules_base": args.rules_base}
    sheet, key = write_worksheet(args.topic, args.count, args.seed, args.out, ruleset=Ruleset.get(args.ruleset),
                                 style=args.style, **base)
    names = topic_names(args.topic)
    what = f"{args.count} {names[0]} exercises" if len(names) == 1 else \
        f"{args.count} exercises each of {', '.join(names)}"
    print(f"wrote {what} (seed {args.seed}) to {sheet} and the answers to {key}")
    return 0


def _cheatsheet(args: argparse.Namespace) -> int:
    from .cheatsheet import write_cheatsheet

    base = {} if args.rules_base is None else {"rules_base": args.rules_base}
    path = write_cheatsheet(args.out, args.ruleset, **base)
    print(f"wrote the {args.ruleset} cheat sheet to {path}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from . import simulation
    from .simulation import simulate_to_file

    if simulation.SEARCH in simulation._policies(args.players):
        return _simulate_search(args)
    for name in ("search_samples", "search_budget", "workers", "scheduler"):
        if getattr(args, name) is not None:
            raise ValueError(f"--{name.replace('_', '-')} is for runs with search players (--players search)")
    progress = (args.rounds >= 50_000 and sys.stderr.isatty()) if args.progress is None else args.progress
    summary = simulate_to_file(args.out, args.rounds, players=args.players, contract=args.contract,
                               ruleset=args.ruleset, seed=args.seed,
                               chunk_size=100_000 if args.chunk_size is None else args.chunk_size,
                               progress=progress)
    print(f"wrote {args.rounds:,} deals to {args.out}")
    print("choosing team's trick points per contract (team 0):")
    print(summary.to_string())
    return 0


def _simulate_search(args: argparse.Namespace) -> int:
    """``simulate`` with search players: resumable chunks of :func:`jasslib.simulation.chunk_frame` on Dask."""
    import functools

    from . import ddtable, simulation
    from ._files import write_target

    if args.workers is not None and args.scheduler is not None:
        raise ValueError("--workers sizes the local cluster; it cannot be used with --scheduler")
    samples = simulation.SEARCH_SAMPLES if args.search_samples is None else args.search_samples
    chunk = 10 if args.chunk_size is None else args.chunk_size
    simulation.chunk_frame(0, 0, args.players, args.contract, args.ruleset, args.seed, samples, args.search_budget)
    settings = {"format": "jasslib-simulate/1", "seed": args.seed, "ruleset": args.ruleset, "chunk_size": chunk,
                "players": args.players, "contract": args.contract, "search_samples": samples,
                "search_budget": args.search_budget}
    fn = functools.partial(simulation.chunk_frame, players=args.players, contract=args.contract,
                           ruleset=args.ruleset, seed=args.seed, search_samples=samples,
                           search_budget=args.search_budget)
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    out = write_target(args.out)
    result = _chunked("simulate", out, lambda: ddtable.write_chunks(
        out, args.rounds, chunk, settings, fn, args.workers, args.scheduler, progress,
        keep_frame=True, key="simulate-chunk", desc="simulating", unit="round"))
    if isinstance(result, int):
        return result
    resumed = f", {result.resumed} chunk(s) resumed" if result.resumed else ""
    print(f"wrote {args.rounds:,} deals to {args.out} in {result.seconds:.1f} s "
          f"({_rate(result.deals_per_second)} rounds/s{resumed})")
    assert result.frame is not None  # keep_frame=True
    print("choosing team's trick points per contract (team 0):")
    print(simulation.summarize(result.frame).to_string())
    return 0


def _chunked(command: str, out: Path, run: Callable[[], Any]) -> Any:
    """``run()``, a resumable write of chunks to ``out``; on Ctrl-C say which finished chunks are kept and
    return the exit code, on a missing Dask say what to install and return 2."""
    from . import ddtable

    try:
        return run()
    except KeyboardInterrupt as exc:
        parts = ddtable.parts_folder(out)
        saved = len(list(parts.glob("chunk-*.parquet"))) if parts.is_dir() else 0
        print(f"interrupted; {saved} finished chunk(s) are kept in {parts}: run the same command again to resume",
              file=sys.stderr)
        return _interrupt_code(exc)
    except ImportError as exc:  # Dask missing: say what to install
        print(f"python -m jasslib {command}: error: {exc}", file=sys.stderr)
        return 2


def _rate(per_second: float) -> str:
    """A rate with two significant digits below 100 (0.48, 12), whole numbers with separators above."""
    return f"{per_second:,.0f}" if per_second >= 100 else f"{per_second:.2g}"


def _contracts(text: str) -> tuple[int, ...]:
    """``--contracts obenabe,undenufe``: contract names (or symbols) separated by commas."""
    from .ddtable import contract_list

    names = [part.strip() for part in text.split(",") if part.strip()]
    try:
        return contract_list(names)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _dd_table(args: argparse.Namespace) -> int:
    from . import ddtable
    from ._files import write_target

    if args.workers is not None and args.scheduler is not None:
        raise ValueError("--workers sizes the local cluster; it cannot be used with --scheduler")
    # a progress bar on a terminal when the run takes half a minute or more (with trumps: from 15 deals on)
    progress = (ddtable._long(args.deals, args.contracts) and sys.stderr.isatty()) if args.progress is None \
        else args.progress
    # a symbolic link is written through (the file it points to gets the table; its chunks are kept beside it)
    out = write_target(args.out)
    result = _chunked("dd-table", out, lambda: ddtable.write(
        out, args.deals, seed=args.seed, ruleset=args.ruleset, chunk_size=args.chunk_size, workers=args.workers,
        scheduler=args.scheduler, progress=progress, keep_frame=True, contracts=args.contracts))
    if isinstance(result, int):
        return result
    resumed = f", {result.resumed} chunk(s) resumed" if result.resumed else ""
    print(f"wrote {args.deals:,} deals to {args.out} in {result.seconds:.1f} s "
          f"({_rate(result.deals_per_second)} deals/s{resumed})")
    print("forehand's team's double-dummy trick points per contract:")
    print(ddtable.summary(result.frame).to_string())
    return 0


def _progress(args: argparse.Namespace) -> int:
    from . import progress

    if args.progress_command is None:
        raise ValueError("say what to do: progress export --out FILE.json, or progress class FILE... --out FILE.csv")
    try:
        if args.progress_command == "export":
            out, record = progress.export_progress(args.out, args.progress_path, name=args.name)
            who = record.learner or "a learner without a name (add --name)"
            print(f"wrote the progress of {who}, {record.done} exercise(s) and {len(record.questions)} question(s), "
                  f"to {out}")
            return 0
        table = progress.write_class_table(args.files, args.out)
    except progress.ProgressLocationError:
        raise  # a path that may not be used: a bad argument (exit code 2)
    except progress.ProgressFileError as exc:  # the data cannot be used: exit code 1
        print(f"python -m jasslib progress {args.progress_command}: error: {exc}", file=sys.stderr)
        return 1
    for problem in table.problems:
        print(f"python -m jasslib progress class: warning: {problem}", file=sys.stderr)
    left_out = f", {len(table.problems)} file(s) left out" if table.problems else ""
    print(f"wrote {len(table.rows)} learner(s) and {len(table.questions)} question(s) to {args.out}{left_out}")
    return 0


_COMMANDS = {"simulate": _simulate, "worksheet": _worksheet, "cheatsheet": _cheatsheet, "dd-table": _dd_table,
             "progress": _progress}


_OUT_OF_MEMORY_HINTS = {
    "simulate": " (a smaller --chunk-size needs less)",
    "dd-table": " (the finished chunks are kept; a smaller --chunk-size or fewer --workers need less)",
}


def _command_name(args: argparse.Namespace) -> str:
    """The command as typed: ``simulate``, or ``progress export`` for a command with sub-commands."""
    sub = getattr(args, "progress_command", None) if args.command == "progress" else None
    return f"{args.command} {sub}" if sub else args.command


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP while a command runs: unwinds like Ctrl-C, so no half-written output stays."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_RETRY_SECONDS = 0.01  # a stop that Python dropped (raised inside a finalizer) is raised again this much later
_dropped: list[int] = []  # the signal of that stop (SIGINT for Ctrl-C)


def _stop(signum: int, _frame: object) -> None:
    """SIGTERM's and SIGHUP's handler: unwind the command as Ctrl-C does."""
    _dropped.clear()  # a stop dropped before is raised now: SIGALRM has nothing left to raise
    raise _Stopped(signum)


def _interrupt(_signum: int, _frame: object) -> None:
    """Ctrl-C's handler while a command runs: Python's own (KeyboardInterrupt), which also ends a wait of SIGALRM."""
    _dropped.clear()
    raise KeyboardInterrupt


def _stop_again(_signum: int, _frame: object) -> None:
    """SIGALRM's handler while a command runs: the stop that a finalizer dropped, raised again."""
    import signal

    if _dropped:
        number = _dropped.pop()
        raise KeyboardInterrupt if number == signal.SIGINT else _Stopped(number)


@contextlib.contextmanager
def _stopping_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP stop the command while the block runs, as Ctrl-C does; the handlers found are put back.

    A signal whose handler runs while a garbage-collected object's ``__del__`` (or a weak reference's callback)
    runs raises there, and Python prints that exception and drops it: the command would run on to its end.  Python
    hands such an exception to :func:`sys.unraisablehook`; this block's hook raises the stop again a moment later
    (by SIGALRM), outside the finalizer.  Only the main thread can set handlers: elsewhere the block changes nothing.
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    again = hasattr(signal, "setitimer")  # not on Windows, which has no SIGHUP either
    wanted = [("SIGTERM", _stop), ("SIGHUP", _stop)] + ([("SIGALRM", _stop_again)] if again else [])
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not where Ctrl-C was given another meaning
        wanted.append(("SIGINT", _interrupt))
    saved: dict[int, Any] = {}
    for name, handler in wanted:
        number = getattr(signal, name, None)
        if number is not None:
            saved[number] = signal.signal(number, handler)
    previous_hook = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        exc = unraisable.exc_value
        if again and isinstance(exc, KeyboardInterrupt):
            _dropped[:] = [exc.signum if isinstance(exc, _Stopped) else signal.SIGINT]
            signal.setitimer(signal.ITIMER_REAL, _RETRY_SECONDS)
        else:
            previous_hook(unraisable)

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = previous_hook
        if again:
            signal.setitimer(signal.ITIMER_REAL, 0)
        _dropped.clear()
        for number, handler in saved.items():
            signal.signal(number, handler)


def _interrupt_code(exc: KeyboardInterrupt) -> int:
    """The shell's exit code of an interruption: 128 + the signal (130 for Ctrl-C, 143 for SIGTERM)."""
    return 128 + exc.signum if isinstance(exc, _Stopped) else 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Ctrl-C, SIGTERM and SIGHUP stop a command cleanly: the output file is written whole or not at all
    (``dd-table`` keeps its finished chunks), and the exit code is 128 + the signal's number.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    with _stopping_signals():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """The command of ``args``; its errors and interruptions as a sentence on stderr and an exit code."""
    try:
        return _COMMANDS[args.command](args)
    except (ValueError, OSError) as exc:
        print(f"python -m jasslib {_command_name(args)}: error: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        hint = _OUT_OF_MEMORY_HINTS.get(args.command, "")
        print(f"python -m jasslib {_command_name(args)}: error: out of memory; no output file was written{hint}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        print("interrupted; no output file was written", file=sys.stderr)
        return _interrupt_code(exc)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
