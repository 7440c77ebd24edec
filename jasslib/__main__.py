"""Command line: ``python -m jasslib simulate ...``, ``python -m jasslib worksheet ...`` (see ``--help``).

Errors in the arguments or the output path are reported in one line on stderr with
exit code 2; no partial output file is left behind.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["main"]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (one sub-command per task)."""
    parser = argparse.ArgumentParser(prog="python -m jasslib", description="jasslib: Schieber by the rules.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser(
        "simulate",
        help="play many rounds and write one row per round to Parquet or CSV",
        description="Play many rounds on the fast backend and write one tidy row per round "
        "(columns: jasslib.simulation.COLUMNS); print a summary per contract at the end.",
    )
    sim.add_argument("--rounds", type=_positive, required=True, help="number of deals")
    sim.add_argument("--players", default="random",
                     help="random, rule, lowest, or TEAM0-vs-TEAM1 such as rule-vs-random (default random)")
    sim.add_argument("--contract", default="choose",
                     help="choose (forehand's player chooses or pushes), all (each deal under all six), "
                          "or one of clubs spades hearts diamonds obenabe undenufe (default choose)")
    sim.add_argument("--ruleset", default="classic", choices=["classic", "modern"], help="rules preset")
    sim.add_argument("--seed", type=_seed, default=0, help="seed: the same seed gives the same file")
    sim.add_argument("--out", required=True, help="output file, FILE.parquet or FILE.csv")
    sim.add_argument("--chunk-size", type=_positive, default=100_000, help="deals per chunk (memory bound)")
    bar = sim.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None, help="show a progress bar")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    ws = sub.add_parser(
        "worksheet",
        help="write a printable exercise sheet and its answer key (HTML)",
        description="Write a printable exercise sheet and a separate answer key (SHEET_key.html). "
        "The same seed gives the same exercises as the notebook trainers.",
    )
    ws.add_argument("--topic", required=True,
                    help="legal, trick, weis, contest, stoeck, score or claim")
    ws.add_argument("--count", type=_positive, default=10, help="number of exercises (default 10)")
    ws.add_argument("--seed", type=_seed, default=0, help="seed of the series (give a class one seed)")
    ws.add_argument("--ruleset", default="classic", choices=["classic", "modern"], help="rules preset")
    ws.add_argument("--out", required=True, help="output file, SHEET.html")
    return parser


def _worksheet(args: argparse.Namespace) -> int:
    from .rulesets import Ruleset
    from .worksheet import write_worksheet

    sheet, key = write_worksheet(args.topic, args.count, args.seed, args.out, ruleset=Ruleset.get(args.ruleset))
    print(f"wrote {args.count} {args.topic} exercises (seed {args.seed}) to {sheet} and the answers to {key}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .simulation import simulate_to_file

    progress = (args.rounds >= 50_000 and sys.stderr.isatty()) if args.progress is None else args.progress
    summary = simulate_to_file(args.out, args.rounds, players=args.players, contract=args.contract,
                               ruleset=args.ruleset, seed=args.seed, chunk_size=args.chunk_size,
                               progress=progress)
    print(f"wrote {args.rounds:,} deals to {args.out}")
    print("choosing team's trick points per contract (team 0):")
    print(summary.to_string())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return _worksheet(args) if args.command == "worksheet" else _simulate(args)
    except (ValueError, OSError) as exc:
        print(f"python -m jasslib {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # pragma: no cover - interactive
        print("interrupted; no output file was written", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
