"""DD-table benchmark: deals solved per second under all six contracts, serial and on 1 and 2 Dask workers.

Run it with ``.venv/bin/python benchmarks/bench_ddtable.py`` or ``bash benchmarks/run.sh --ddtable`` (part of
``make bench``).  Each figure is wall time (the point of Dask is several processes at once), best of
``--repeat`` runs of the same deals:

- **serial**: :func:`jasslib.ddtable.compute` with ``workers=0``, in this process;
- **dask 1 / dask 2**: the same deals on a local Dask cluster of 1 and 2 worker processes (127.0.0.1, no
  dashboard).  The cluster's start and the workers' first (numba-cache) load are timed apart and not in the
  deals per second: a long ``dd-table`` run pays them once.

The ratios are against the serial run; on the project's 2-core machine 2 workers can at best double it.  A deal
under all six contracts takes the solver about 10-13 CPU seconds on average (nearly all for the four trump
contracts), so the default 40 deals take about 20 minutes for the three settings.
Every run must give the same table as the serial one (checked, and printed).
"""

from __future__ import annotations

import argparse
import time

from jasslib import ddtable


def best_wall(fn, repeat: int) -> tuple[float, object]:  # noqa: ANN001
    """(best wall seconds, last result) of ``repeat`` calls of ``fn``."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def main(argv: list[str] | None = None) -> int:
    """Print the report; always returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="deals per run (default 40)")
    parser.add_argument("--chunk-size", type=int, default=5, help="deals per chunk (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per setting; the best counts (default 1)")
    args = parser.parse_args(argv)
    from distributed import Client

    start = time.perf_counter()
    ddtable.compute(1, seed=args.seed + 1)  # compile, or load numba's cache (one deal: the trump contracts take
    # the solver seconds a deal)
    warm = time.perf_counter() - start
    rows = []
    serial_s, reference = best_wall(lambda: ddtable.compute(args.deals, seed=args.seed, chunk_size=args.chunk_size,
                                                            workers=0), args.repeat)
    rows.append(("serial", serial_s, 0.0, True))
    for workers in (1, 2):
        start = time.perf_counter()
        with ddtable._local_cluster(workers) as cluster, Client(cluster) as client:
            client.run(lambda: ddtable.compute(1, seed=args.seed + 1))  # every worker loads the kernels
            startup = time.perf_counter() - start
            seconds, table = best_wall(lambda: ddtable.compute(args.deals, seed=args.seed,
                                                               chunk_size=args.chunk_size, scheduler=client),
                                       args.repeat)
        rows.append((f"dask {workers}", seconds, startup, table.equals(reference)))  # type: ignore[union-attr]
    print(f"DD tables: {args.deals:,} deals x 6 contracts, chunks of {args.chunk_size}, best of {args.repeat} "
          f"(first solve in this process, compile or cache load: {warm:.1f} s)")
    print(f"{'mode':<10}{'wall s':>9}{'deals/s':>10}{'x serial':>10}{'startup s':>11}  same table")
    for name, seconds, startup, same in rows:
        print(f"{name:<10}{seconds:>9.2f}{args.deals / seconds:>10.3g}{serial_s / seconds:>10.2f}"
              f"{startup:>11.1f}  {'yes' if same else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
