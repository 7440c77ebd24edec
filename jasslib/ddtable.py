"""Double-dummy tables at scale: every deal of a seed solved under all six contracts, on Dask.

One row per deal: the double-dummy (DD) trick points of forehand's team (team 0; forehand is seat 0,
as in :mod:`jasslib.simulation`) under each contract (``dd_clubs`` ... ``dd_undenufe``, from
:func:`jasslib.solver.dd_batch`), the four hands as masks, and forehand's hand features of
:data:`jasslib.simulation.COLUMNS` (``fh_*``).  Deal ``i`` of a seed is the same deal as row ``deal == i``
of :func:`jasslib.simulation.simulate` with that seed (both use :func:`jasslib.fast.deal_batch`), so the
two frames join on ``deal``.

>>> t = dd_frame(seed=1, start=0, count=3, contracts=["obenabe", "undenufe"])
>>> len(t), int(t.deal.iloc[-1]), [c for c in t.columns if c.startswith("dd_")]
(3, 2, ['dd_clubs', 'dd_spades', 'dd_hearts', 'dd_diamonds', 'dd_obenabe', 'dd_undenufe'])
>>> bool(t[["dd_obenabe", "dd_undenufe"]].isin(range(258)).all().all())
True

:func:`compute` returns a table in memory; :func:`write` streams one to Parquet in chunks that survive
an interruption: each finished chunk is written (atomically) to ``PATH.parts/chunk-000123.parquet``, a
new run with the same settings skips them, and ``PATH`` itself appears (atomically) only when every
chunk is there.  Both run serially (``workers=0``) or on Dask distributed: a local cluster over the
machine's cores by default, or an existing cluster by address.  Dask is imported only when it is used.
The same seed gives the same table whatever the number of workers or the chunk size.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import _check
from ._files import temp_path, write_target
from .errors import ArgumentError, excerpt
from .rulesets import CLASSIC, PRESETS, Ruleset

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["DD_COLUMNS", "FORMAT", "DEFAULT_CHUNK_SIZE", "CHUNK_SECONDS", "MIN_CHUNKS", "PROGRESS_SECONDS",
           "SECONDS_PER_DEAL", "estimated_seconds", "chunk_size_for", "contract_list", "dd_frame", "compute", "write",
           "WriteResult", "write_chunks", "run_chunks", "parts_folder", "solved_contracts", "summary", "sample",
           "sample_notrump", "SAMPLE_SEED", "SAMPLE_DEALS", "NOTRUMP_DEALS"]

_CONTRACT_NAMES = ("clubs", "spades", "hearts", "diamonds", "obenabe", "undenufe")
DD_COLUMNS = [f"dd_{c}" for c in _CONTRACT_NAMES]
"""The DD columns: forehand's team's trick points under each contract with perfect play on both sides."""
FORMAT = "jasslib-dd-table/1"
"""The format tag of a run's settings file (``PATH.parts/run.json``)."""
MAX_DEALS = 10**9
"""The most deals one table holds (years of solving on one machine; the bound keeps a typo from planning it)."""
MAX_CHUNK_SIZE = 1_000_000
"""The most deals one chunk (one :func:`dd_frame` call) solves."""
MAX_WORKERS = 256
"""The most worker processes of a local Dask cluster (each is a whole Python process with its own memory)."""
DEFAULT_CHUNK_SIZE = 500
"""The most deals in a chunk (the unit of work, of resuming and of the progress bar) when no chunk size is given:
then :func:`chunk_size_for` sizes the chunks to the contracts solved."""
CHUNK_SECONDS = 120.0
"""About how many CPU seconds of solving a chunk holds when no chunk size is given (see :func:`chunk_size_for`)."""
MIN_CHUNKS = 8
"""When no chunk size is given, a table is cut into at least this many chunks (if it has as many deals), so that
every core of a small run has work."""
PROGRESS_SECONDS = 30.0
"""A run expected to take this many CPU seconds or more shows a progress bar unless told otherwise (the command
line: on a terminal)."""
SECONDS_PER_DEAL = (2.0, 2.0, 2.0, 2.0, 0.05, 0.05)
"""CPU seconds to solve a deal under each contract, a round figure above the mean of ``bench_solver.py`` on this
project's machine (trump contracts 1.6-2.1 s, Obenabe and Undenufe 34-40 ms): what the chunk size and the
command's progress bar plan with."""


def _ruleset(ruleset: Ruleset | str) -> Ruleset:
    return ruleset if isinstance(ruleset, Ruleset) else Ruleset.get(ruleset)


def _check_seed(seed: int | str) -> int | str:
    """``seed`` when :func:`jasslib.fast.deal_batch` takes it (an int of 64 bits or a str), else a ValueError."""
    from .fast import seed_key

    seed_key(seed)
    return seed


def contract_list(contracts: Iterable[Any] | None) -> tuple[int, ...]:
    """The contract numbers (0..5, ♣ ♠ ♥ ♦ Obenabe Undenufe) of ``contracts``: names, numbers or
    :class:`jasslib.Contract` values; None means all six.  An unknown name raises the project's error.

    >>> contract_list(["undenufe", "obenabe"]), contract_list(None)
    ((4, 5), (0, 1, 2, 3, 4, 5))
    """
    from .contracts import Contract

    if contracts is None:
        return tuple(range(6))
    if isinstance(contracts, (str, int, Contract)):
        contracts = [contracts]
    if not isinstance(contracts, Iterable):
        raise ArgumentError(f"contracts: names of contracts (or None for all six), got {excerpt(contracts)}")
    items = list(itertools.islice(contracts, 13))
    if len(items) > 12:
        raise ArgumentError(f"contracts: at most the six contracts, got more than 12 names: {excerpt(items)}")
    chosen = sorted({int(Contract.parse(c)) for c in items})
    if not chosen:
        raise ArgumentError("contracts: name at least one contract (or None for all six)")
    return tuple(chosen)


def dd_frame(seed: int | str, start: int, count: int, ruleset: Ruleset | str = CLASSIC,
             contracts: Iterable[Any] | None = None) -> pd.DataFrame:
    """The DD table of deals ``start .. start + count - 1`` of ``seed`` (one row per deal; see the module).

    Columns: ``deal``, ``seed``, :data:`DD_COLUMNS` (int16; with ``contracts``, only those contracts are
    solved and the other columns hold ``<NA>``, dtype Int16), ``hand_0`` .. ``hand_3`` (int64 masks, seat 0
    is forehand) and forehand's features ``fh_*`` exactly as in :data:`jasslib.simulation.COLUMNS`.

    Solving is quick for Obenabe and Undenufe and can take the solver seconds to minutes per deal in a
    trump contract, so ``contracts=["obenabe", "undenufe"]`` gives a first table fast.

    >>> t = dd_frame(seed=1, start=0, count=2, contracts=["obenabe"])
    >>> t.dd_obenabe.tolist(), bool(t.dd_clubs.isna().all())
    ([90, 100], True)
    """
    import numpy as np
    import pandas as pd

    from . import fast, solver
    from .simulation import CONTRACT_NAMES, hand_features

    rs = _ruleset(ruleset)
    chosen = contract_list(contracts)
    start = _check.whole(start, "start", high=fast.MAX_DEAL)
    count = _check.whole(count, "count", high=min(MAX_CHUNK_SIZE, fast.MAX_DEAL - start))
    hands = fast.deal_batch(_check_seed(seed), start, count)
    dd = np.asarray(solver.dd_batch(hands, forehand=0, ruleset=rs, contracts=chosen),
                    dtype=np.int64).reshape(len(hands), 6)
    data: dict[str, Any] = {
        "deal": np.arange(int(start), int(start) + int(count), dtype=np.int64),
        "seed": np.full(len(hands), seed, dtype=np.int64) if isinstance(seed, int)
        else pd.Categorical.from_codes(np.zeros(len(hands), dtype=np.int8), categories=[str(seed)]),
    }
    for c, name in enumerate(DD_COLUMNS):
        if len(chosen) == 6:
            data[name] = dd[:, c].astype(np.int16)
        else:  # dd_batch leaves -1 in the columns it did not solve
            data[name] = pd.array(dd[:, c], dtype="Int16")
            data[name][dd[:, c] < 0] = pd.NA
    for s in range(4):
        data[f"hand_{s}"] = hands[:, s].astype(np.int64)
    features = hand_features(hands[:, 0], rs)
    for key, values in features.items():
        data[f"fh_{key}"] = values
    data["fh_best"] = pd.Categorical(features["best"], categories=CONTRACT_NAMES, ordered=True)
    return pd.DataFrame(data)


# ----------------------------------------------------------------------------------------------- running


def _chunks(deals: int, chunk_size: int) -> list[tuple[int, int, int]]:
    """(chunk number, first deal, number of deals) for ``deals`` deals in chunks of ``chunk_size``."""
    return [(k, start, min(chunk_size, deals - start)) for k, start in enumerate(range(0, deals, chunk_size))]


def estimated_seconds(deals: int, contracts: Iterable[Any] | None = None) -> float:
    """About how many CPU seconds ``deals`` deals take to solve under ``contracts`` (None: all six), by
    :data:`SECONDS_PER_DEAL`; a deal's real time varies a hundredfold, so this plans, it does not promise.

    >>> estimated_seconds(2000), estimated_seconds(2000, ["obenabe", "undenufe"])
    (16200.0, 200.0)
    """
    _check.whole(deals, "the number of deals", high=MAX_DEALS)
    return round(deals * sum(SECONDS_PER_DEAL[c] for c in contract_list(contracts)), 6)


def chunk_size_for(deals: int, contracts: Iterable[Any] | None = None) -> int:
    """The chunk size used when none is given: about :data:`CHUNK_SECONDS` of solving a chunk, so that an
    interrupted run loses little and the progress bar moves, at least :data:`MIN_CHUNKS` chunks, so that every
    core of a small run has work, and at most :data:`DEFAULT_CHUNK_SIZE` deals.  It depends on the deals and the
    contracts only, so the same command always cuts the same chunks (the number of workers does not count).

    >>> chunk_size_for(2000), chunk_size_for(2000, ["clubs"]), chunk_size_for(2000, ["obenabe", "undenufe"])
    (14, 60, 250)
    >>> chunk_size_for(24, ["clubs"]), chunk_size_for(10**6, ["undenufe"]), chunk_size_for(0)
    (3, 500, 1)
    """
    per_deal = estimated_seconds(1, contracts)
    spread = -(-_check.whole(deals, "the number of deals", high=MAX_DEALS) // MIN_CHUNKS)
    return max(1, min(DEFAULT_CHUNK_SIZE, int(CHUNK_SECONDS // per_deal), spread))


def _long(deals: int, contracts: Iterable[Any] | None) -> bool:
    """True when solving ``deals`` deals under ``contracts`` is expected to take :data:`PROGRESS_SECONDS` or more."""
    return estimated_seconds(deals, contracts) >= PROGRESS_SECONDS


def _check_counts(deals: int, chunk_size: int, workers: int | None) -> None:
    _check.whole(deals, "the number of deals", high=MAX_DEALS)
    _check.whole(chunk_size, "the chunk size", low=1, high=MAX_CHUNK_SIZE)
    if workers is not None:
        _check.whole(workers, "the number of workers (0: no Dask)", high=MAX_WORKERS)


def _progress(total: int, done: int, show: bool, unit: str = "deal", desc: str = "dd-table") -> Callable[..., None]:
    """A callable advancing a tqdm bar over deals (starting at the ``done`` deals resumed), or doing nothing."""
    if not show:
        return lambda n, close=False: None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the simulation extra
        return lambda n, close=False: None
    bar = tqdm(total=total, initial=done, unit=unit, desc=desc, mininterval=0.5)

    def step(n: int, close: bool = False) -> None:
        if n:
            bar.update(n)
        if close:
            bar.close()

    return step


def _dd_chunk(seed: int | str, ruleset: Ruleset, contracts: tuple[int, ...], start: int, count: int) -> pd.DataFrame:
    """:func:`dd_frame` as a chunk function ``(start, count)`` (with ``functools.partial``; it pickles for Dask)."""
    return dd_frame(seed, start, count, ruleset, contracts)


def _run(tasks: list[tuple[int, int, int]], seed: int | str, ruleset: Ruleset, workers: int | None,
         scheduler: Any, done: Callable[[int, pd.DataFrame], None], contracts: tuple[int, ...]) -> None:
    """Solve every (chunk, start, count) task and hand each frame to ``done`` as it arrives (see :func:`run_chunks`)."""
    run_chunks(tasks, functools.partial(_dd_chunk, seed, ruleset, contracts), workers, scheduler, done, "dd-chunk")


def run_chunks(tasks: list[tuple[int, int, int]], fn: Callable[[int, int], pd.DataFrame], workers: int | None,
               scheduler: Any, done: Callable[[int, pd.DataFrame], None], key: str = "chunk") -> None:
    """Compute ``fn(start, count)`` for every (chunk, start, count) task and hand each frame to ``done``.

    ``workers=0`` computes in this process; otherwise on Dask (``scheduler``: an address or a
    ``distributed.Client``; None: a local cluster of ``workers`` processes, all cores when None).  ``fn``
    must pickle (a module-level function, or a ``functools.partial`` of one).  Bad tasks, a ``fn`` or ``done``
    that cannot be called, or a worker count that is not a whole number raise :class:`ArgumentError` before
    anything runs.
    """
    if not isinstance(tasks, (list, tuple)):
        raise ArgumentError(f"tasks is a list of (chunk, start, count) triples, got {excerpt(tasks)}")
    for task in tasks:
        if (not isinstance(task, tuple) or len(task) != 3
                or not all(_check.is_whole(v) and v >= 0 for v in task)):
            raise ArgumentError(f"a task is a (chunk, start, count) triple of whole numbers, got {excerpt(task)}")
    for name, value in (("fn", fn), ("done", done)):
        if not callable(value):
            raise ArgumentError(f"{name} is a function, got {excerpt(value)}")
    if workers is not None:
        _check.whole(workers, "workers", low=0)
    if not tasks:
        return
    if workers == 0 and scheduler is None:
        for k, start, count in tasks:
            done(k, fn(start, count))
        return
    with _dask_client(workers, scheduler) as client:
        from distributed import as_completed

        futures = {client.submit(fn, start, count, pure=False, key=f"{key}-{k}-{start}"): k
                   for k, start, count in tasks}
        try:
            for future in as_completed(list(futures)):
                frame = future.result()
                done(futures[future], frame)
                future.release()
        except BaseException:
            client.cancel(list(futures))
            raise


class _sigint_ignored:  # noqa: N801 - a context manager
    """Ignore SIGINT while child processes are started (in the main thread only; elsewhere do nothing)."""

    def __enter__(self) -> None:
        import signal
        import threading

        self.old: Any = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def __exit__(self, *exc: object) -> None:
        import signal

        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)


def _local_cluster(workers: int) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` processes of one thread on this computer (127.0.0.1 only).

    No dashboard, and the scheduler's small web server (health and metrics) on a free port of 127.0.0.1: on its
    default port (8787) a second cluster running at the same time (another run, a notebook's) made Dask print a
    warning about the port in use.
    """
    import logging

    from distributed import LocalCluster

    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        silence_logs=logging.ERROR)


class _dask_client:  # noqa: N801 - used as a context manager, like a function
    """A ``distributed.Client`` for the run, closed (with its local cluster) on the way out."""

    def __init__(self, workers: int | None, scheduler: Any) -> None:
        self.workers, self.scheduler = workers, scheduler
        self.client: Any = None
        self.cluster: Any = None
        self.own_client = True

    def __enter__(self) -> Any:
        try:
            from distributed import Client
        except ImportError:
            raise ImportError("the Dask path needs Dask: pip install 'dask[distributed]' (or use workers=0)") from None
        if self.scheduler is not None and not isinstance(self.scheduler, str):
            self.client, self.own_client = self.scheduler, False  # a Client the caller manages
            return self.client
        if self.scheduler is not None:
            try:
                self.client = Client(self.scheduler, timeout="10s")
            except (OSError, TimeoutError, ValueError) as exc:
                raise OSError(f"cannot reach the Dask scheduler at {self.scheduler!r} ({exc})") from None
            return self.client
        n = self.workers if self.workers else (os.cpu_count() or 1)
        # Ctrl-C reaches every process of the terminal's group: the worker processes start with SIGINT
        # ignored (they inherit it), so only this process reacts, keeps the finished chunks and closes them.
        with _sigint_ignored():
            self.cluster = _local_cluster(n)
        self.client = Client(self.cluster)
        return self.client

    def __exit__(self, *exc: object) -> None:
        try:
            if self.client is not None and self.own_client:
                self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()


def compute(
    deals: int,
    seed: int | str = 0,
    ruleset: Ruleset | str = CLASSIC,
    chunk_size: int | None = None,
    workers: int | None = 0,
    scheduler: Any = None,
    progress: bool | None = None,
    contracts: Iterable[Any] | None = None,
) -> pd.DataFrame:
    """The DD table of deals ``0 .. deals - 1`` of ``seed``, in memory (see the module for the columns).

    ``workers=0`` (the default) runs in this process; ``workers=None`` on a local Dask cluster over all
    cores, ``workers=k`` on one of ``k`` processes; ``scheduler`` (an address such as
    ``"tcp://10.0.0.5:8786"`` or a ``distributed.Client``) on an existing cluster.  ``contracts``: solve
    only those (see :func:`dd_frame`).  ``chunk_size``: deals per task (None: :func:`chunk_size_for`).
    ``progress``: a progress bar (tqdm; in a notebook a widget); None shows one when the run is expected to take
    :data:`PROGRESS_SECONDS` or more (:func:`estimated_seconds`: with trumps from 15 deals on).

    >>> t = compute(4, seed=2, contracts=["undenufe"])
    >>> t.deal.tolist(), t.equals(compute(4, seed=2, chunk_size=3, contracts=["undenufe"]))
    ([0, 1, 2, 3], True)
    """

    chosen = contract_list(contracts)
    if chunk_size is None:
        chunk_size = chunk_size_for(deals, chosen)  # a bad number of deals is refused there
    _check_counts(deals, chunk_size, workers)
    rs = _ruleset(ruleset)
    _check_seed(seed)
    tasks = _chunks(deals, chunk_size)
    frames: dict[int, pd.DataFrame] = {}
    bar = _progress(deals, 0, _long(deals, chosen) if progress is None else progress)

    def done(k: int, frame: pd.DataFrame) -> None:
        frames[k] = frame
        bar(len(frame))

    try:
        _run(tasks, seed, rs, workers, scheduler, done, chosen)
    finally:
        bar(0, close=True)
    if not tasks:
        return dd_frame(seed, 0, 0, rs, chosen)
    return _concat([frames[k] for k, _, _ in tasks])


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Chunks in order, with the categorical columns kept categorical."""
    import pandas as pd

    if len(frames) == 1:
        return frames[0].reset_index(drop=True)
    out = pd.concat(frames, ignore_index=True)
    for name, col in frames[0].items():
        if isinstance(col.dtype, pd.CategoricalDtype) and not isinstance(out[name].dtype, pd.CategoricalDtype):
            out[name] = pd.Categorical(out[name], categories=col.cat.categories, ordered=col.cat.ordered)
    return out


# ----------------------------------------------------------------------------------------------- files


@dataclass(frozen=True)
class WriteResult:
    """What :func:`write` did: the file, its deals, the chunks computed now and those resumed, the time."""

    path: Path
    deals: int
    computed: int
    resumed: int
    resumed_deals: int
    seconds: float
    frame: pd.DataFrame | None = None

    @property
    def deals_per_second(self) -> float:
        """Deals computed in this run per second of wall time (resumed chunks not counted)."""
        return (self.deals - self.resumed_deals) / self.seconds if self.seconds > 0 else float("nan")


def parts_folder(path: str | os.PathLike[str]) -> Path:
    """The folder of finished chunks of an unfinished :func:`write` to ``path``: ``PATH.parts``.

    >>> parts_folder("runs/dd.parquet").as_posix()
    'runs/dd.parquet.parts'
    """
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise ArgumentError(f"path: the DD table's file name, such as 'dd.parquet', got {excerpt(path)}")
    p = Path(path)
    return p.with_name(p.name + ".parts")


def _settings(seed: int | str, ruleset: Ruleset, chunk_size: int, contracts: tuple[int, ...]) -> dict[str, Any]:
    rs: Any = ruleset.name if PRESETS.get(ruleset.name) == ruleset else ruleset.to_dict()
    settings: dict[str, Any] = {"format": FORMAT, "seed": seed, "ruleset": rs, "chunk_size": chunk_size}
    if len(contracts) < 6:
        settings["contracts"] = [_CONTRACT_NAMES[c] for c in contracts]
    return settings


def _check_target(target: Path) -> Path:
    """The folder of ``target`` after checking that a Parquet file can be made there (nothing is written)."""
    if target.suffix.lower() != ".parquet":
        raise ArgumentError(f"the output file must end in .parquet, got {excerpt(str(target))}")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        raise OSError(f"cannot write {str(target)!r}: the folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise OSError(f"cannot write {str(target)!r}: {str(folder)!r} is not a folder")
    if target.is_dir():
        raise OSError(f"cannot write {str(target)!r}: it is a folder")
    if not os.access(folder, os.W_OK):
        raise OSError(f"cannot write {str(target)!r}: the folder {str(folder)!r} is not writable")
    return folder


def _atomic_parquet(frame: pd.DataFrame, target: Path) -> None:
    """Write ``frame`` to a temporary file beside ``target``, then rename it: ``target`` is never half-written."""
    tmp = temp_path(target)  # named before it exists: an interruption at any point leaves no stray file
    try:
        frame.to_parquet(tmp, index=False)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _check_parts(parts: Path, settings: dict[str, Any]) -> None:
    """Check that an existing ``parts`` folder was made with ``settings`` (and drop its stale temporary files)."""
    if parts.exists():
        if not parts.is_dir():
            raise OSError(f"cannot keep chunks in {str(parts)!r}: a file of that name is in the way")
        old = _run_settings(parts)
        if old != settings:
            said = "no readable run.json" if old is None else \
                (f"seed {old.get('seed')!r}, ruleset {old.get('ruleset')!r}, chunk size {old.get('chunk_size')!r}, "
                 f"contracts {old.get('contracts', 'all')!r}")
            raise ArgumentError(
                f"{str(parts)!r} holds the chunks of another run ({said}); run that command again to resume it, "
                "or delete the folder to start afresh")
        for stale in parts.glob(".*.tmp"):  # a chunk being written when the process was killed
            stale.unlink(missing_ok=True)


def _run_settings(parts: Path) -> Any:
    """The settings an unfinished run wrote to ``parts/run.json`` (None when there are none to read)."""
    try:
        return json.loads((parts / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _resumable_chunk_size(path: str | os.PathLike[str], settings: dict[str, Any]) -> int | None:
    """The chunk size of an unfinished run in ``path``'s folder of chunks whose settings are ``settings`` but for the
    chunk size, or None: a run started again without a chunk size resumes with the chunks it cut."""
    try:
        old = _run_settings(parts_folder(write_target(path)))
    except (ValueError, TypeError):  # a path that is no path: write_chunks refuses it
        return None
    if not isinstance(old, dict):
        return None
    size = old.get("chunk_size")
    if type(size) is not int or not 1 <= size <= MAX_CHUNK_SIZE:
        return None
    return size if {**old, "chunk_size": 0} == {**settings, "chunk_size": 0} else None


def _make_parts(parts: Path, settings: dict[str, Any]) -> None:
    """Create ``parts`` with its settings file ``run.json`` (written atomically), unless it exists."""
    if parts.is_dir():
        return
    parts.mkdir()
    tmp = parts / ".run.json.tmp"
    tmp.write_text(json.dumps(settings), encoding="utf-8")
    os.replace(tmp, parts / "run.json")


def _chunk_path(parts: Path, k: int) -> Path:
    return parts / f"chunk-{k:06d}.parquet"


def _finished(path: Path, count: int) -> bool:
    """True when the chunk file exists and holds ``count`` rows (a chunk of another length is redone)."""
    if not path.is_file():
        return False
    try:
        import pyarrow.parquet as pq

        return int(pq.read_metadata(path).num_rows) == count
    except Exception:  # noqa: BLE001 - an unreadable chunk is simply computed again
        return False


def write(
    path: str | os.PathLike[str],
    deals: int,
    seed: int | str = 0,
    ruleset: Ruleset | str = CLASSIC,
    chunk_size: int | None = None,
    workers: int | None = None,
    scheduler: Any = None,
    progress: bool | None = None,
    keep_frame: bool = False,
    contracts: Iterable[Any] | None = None,
) -> WriteResult:
    """Write the DD table of deals ``0 .. deals - 1`` of ``seed`` to ``path`` (``.parquet``), resumably.

    Finished chunks go to :func:`parts_folder` (``PATH.parts/chunk-000000.parquet`` ..., each written to a
    temporary file and renamed), with the run's settings in ``run.json``.  An interrupted run, started
    again with the same seed, ruleset and chunk size, keeps those chunks and computes only the others; a
    folder left by a run with other settings is refused (delete it or use another path).  When every
    chunk is there, ``path`` is written atomically and the folder removed.  ``workers`` and ``scheduler``
    as in :func:`compute`, except that the default here is a local Dask cluster over all cores.  Without a
    ``chunk_size`` the chunks are those of an unfinished run of the same settings in the folder, else
    :func:`chunk_size_for` sizes them.  ``progress`` as in :func:`compute`.
    ``keep_frame=True`` also returns the table in :attr:`WriteResult.frame`; ``contracts`` solves only
    those (see :func:`dd_frame`; part of the run's settings).  A ``path`` that is a symbolic link is
    written through: the file it points to gets the table, and its chunks sit beside that file.
    """
    chosen = contract_list(contracts)
    rs = _ruleset(ruleset)
    if chunk_size is None:  # a bad number of deals is refused by chunk_size_for
        chunk_size = chunk_size_for(deals, chosen)
        chunk_size = _resumable_chunk_size(path, _settings(seed, rs, chunk_size, chosen)) or chunk_size
    _check_counts(deals, chunk_size, workers)
    if workers and scheduler is not None:
        raise ArgumentError("the number of workers sizes a local cluster; it cannot be given with a scheduler address")
    _check_seed(seed)
    return write_chunks(path, deals, chunk_size, _settings(seed, rs, chunk_size, chosen),
                        functools.partial(_dd_chunk, seed, rs, chosen), workers, scheduler,
                        _long(deals, chosen) if progress is None else progress, keep_frame, key="dd-chunk",
                        desc="dd-table")


def write_chunks(path: str | os.PathLike[str], deals: int, chunk_size: int, settings: dict[str, Any],
                 fn: Callable[[int, int], pd.DataFrame], workers: int | None = None, scheduler: Any = None,
                 progress: bool = False, keep_frame: bool = False, key: str = "chunk", desc: str = "chunks",
                 unit: str = "deal") -> WriteResult:
    """The resumable chunked writer behind :func:`write`: the rows of deals ``0 .. deals - 1``, chunk by chunk
    ``fn(start, count)``, to ``path`` (``.parquet``), with ``settings`` (a JSON-able dict) as the run's identity
    in ``PATH.parts/run.json``.  :func:`jasslib.simulation.chunk_frame` uses it for the slow search players.
    """
    import pandas as pd

    _check_counts(deals, chunk_size, workers)
    if workers and scheduler is not None:
        raise ArgumentError("the number of workers sizes a local cluster; it cannot be given with a scheduler address")
    # a symbolic link is written through (its target gets the table; the link stays a link)
    target = write_target(path)
    _check_target(target)
    began = time.perf_counter()
    parts = parts_folder(target)
    _check_parts(parts, settings)  # the folder itself is made with the first finished chunk
    tasks = _chunks(deals, chunk_size)
    todo = [t for t in tasks if not _finished(_chunk_path(parts, t[0]), t[2])]
    resumed = len(tasks) - len(todo)
    resumed_deals = sum(t[2] for t in tasks) - sum(t[2] for t in todo)
    bar = _progress(deals, resumed_deals, progress, unit, desc)

    def done(k: int, frame: pd.DataFrame) -> None:
        _make_parts(parts, settings)
        _atomic_parquet(frame, _chunk_path(parts, k))
        bar(len(frame))

    try:
        run_chunks(todo, fn, workers, scheduler, done, key)
    finally:
        bar(0, close=True)
    frames = [pd.read_parquet(_chunk_path(parts, k)) for k, _, _ in tasks]
    table = _concat(frames) if frames else fn(0, 0)
    _atomic_parquet(table, target)
    shutil.rmtree(parts, ignore_errors=True)
    return WriteResult(target, deals, len(todo), resumed, resumed_deals, time.perf_counter() - began,
                       table if keep_frame else None)


def solved_contracts(table: pd.DataFrame) -> list[str]:
    """The contracts whose DD values ``table`` holds: a table made with ``contracts=[...]`` has <NA> in the others.

    >>> solved_contracts(sample_notrump(3))
    ['obenabe', 'undenufe']
    """
    _check.frame(table, "the DD table")
    if not any(col in table.columns for col in DD_COLUMNS):
        raise ArgumentError(f"the DD table: a table of ddtable.compute or sample, with the columns "
                            f"{', '.join(DD_COLUMNS)}; this one has none of them ({excerpt(list(table.columns))})")
    return [name for name, col in zip(_CONTRACT_NAMES, DD_COLUMNS) if col in table and not table[col].isna().any()]


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per contract: the mean DD trick points of forehand's team, the share of matches (257) and of deals
    where the team makes at least half (79 of 157).  Contracts that were not solved are left out.

    >>> summary(compute(2, seed=3, contracts=["undenufe"]))
              deals  mean  P(match)  P(>=79)
    undenufe      2  ...
    """
    import pandas as pd

    _check.frame(table, "the DD table")
    n = len(table)
    rows = {}
    solved = solved_contracts(table)
    for name, col in zip(_CONTRACT_NAMES, DD_COLUMNS):
        if name not in solved:
            continue
        v = table[col].astype(int)
        rows[name] = {"deals": n, "mean": round(float(v.mean()), 1) if n else float("nan"),
                      "P(match)": round(float((v == 257).mean()), 4) if n else float("nan"),
                      "P(>=79)": round(float((v >= 79).mean()), 4) if n else float("nan")}
    return pd.DataFrame.from_dict(rows, orient="index")


SAMPLE_SEED = 12
"""The seed of :func:`sample`'s deals."""

SAMPLE_DEALS = 2000
"""How many deals the shipped sample holds (:func:`sample` gives the first 20 unless asked for more)."""

NOTRUMP_DEALS = SAMPLE_DEALS
"""How many deals :func:`sample_notrump` holds: those of :func:`sample`."""


def _shipped(name: str, deals: Any, limit: int, what: str) -> pd.DataFrame:
    """The first ``deals`` rows (1..``limit``) of the table ``name`` in jasslib/data; ``what`` names it in errors."""
    from importlib.resources import files

    import pandas as pd

    try:
        count = _check.whole(deals, "deals", low=1, high=limit)
    except ArgumentError:
        raise ArgumentError(f"{what} holds deals 0..{limit - 1} ({limit} deals), so {excerpt(deals)} deals cannot be "
                            "read from it; make a bigger table with ddtable.write or python -m jasslib dd-table"
                            ) from None
    with files("jasslib").joinpath("data").joinpath(name).open("rb") as fh:
        table = pd.read_parquet(fh)
    return table.iloc[:count].reset_index(drop=True)


def sample(deals: int = 20) -> pd.DataFrame:
    """A DD table shipped with jasslib, so that the examples and the course have real data at once:
    deals ``0 .. deals - 1`` of seed :data:`SAMPLE_SEED` under all six contracts, exactly as
    ``compute(deals, seed=SAMPLE_SEED)`` makes it.  ``deals`` is 1 to :data:`SAMPLE_DEALS` (2,000): 20 (the
    default) show the columns and the methods quickly; all 2,000 give means per contract with error bars of
    about one point, and rows of a few dozen deals where a question splits them by a feature of the hand.

    How it was made (the tests recompute every hand and feature and solve some values again):
    ``python -m jasslib dd-table --deals 40 --seed 12`` wrote the first 40 deals; deals 40..399 were solved one
    deal and contract at a time with :func:`dd_frame` (which ``compute`` runs on every chunk), Obenabe and
    Undenufe of all 2,000 deals with ``dd-table --contracts obenabe,undenufe``, and the four trump contracts of
    deals 400..1,999 one deal at a time by ``benchmarks/fill_dd_trump.py`` with :func:`jasslib.solver.dd_batch`
    (about 5.6 CPU hours; its file ``benchmarks/data/dd_trump.csv`` keeps each deal's values and CPU seconds).

    >>> t = sample()
    >>> len(t), int(t.seed.iloc[0]), bool(t[DD_COLUMNS].notna().all().all())
    (20, 12, True)
    >>> len(sample(SAMPLE_DEALS))
    2000
    >>> sample(2001)
    Traceback (most recent call last):
    ...
    jasslib.errors.ArgumentError: the shipped sample holds deals 0..1999 (2000 deals), so 2001 deals cannot be ...
    """
    return _shipped("dd_sample.parquet", deals, SAMPLE_DEALS, "the shipped sample")


def sample_notrump(deals: int = NOTRUMP_DEALS) -> pd.DataFrame:
    """The deals of :func:`sample` with only the two contracts without trumps: Obenabe and Undenufe as
    :func:`sample` has them, the four trump columns ``<NA>``, exactly as
    ``compute(deals, seed=SAMPLE_SEED, contracts=["obenabe", "undenufe"])`` makes it.  ``deals`` is 1 to
    :data:`NOTRUMP_DEALS` (2,000, the default).

    Before the trump contracts of all 2,000 deals were solved this was the only big shipped table; it stays for
    the code written against it, and as an example of a table of some contracts (``contracts=[...]``), which
    :func:`jasslib.analysis.feature_fit`, :func:`jasslib.analysis.dd_vs_rule` and
    :func:`jasslib.analysis.tip_obenabe` accept and the analyses that need all six refuse in a sentence.

    >>> t = sample_notrump()
    >>> len(t), bool(t.dd_clubs.isna().all()), bool(t[["dd_obenabe", "dd_undenufe"]].notna().all().all())
    (2000, True, True)
    >>> t.dd_obenabe.tolist() == sample(SAMPLE_DEALS).dd_obenabe.tolist()   # the same deals
    True
    """
    import pandas as pd

    table = _shipped("dd_sample.parquet", deals, NOTRUMP_DEALS, "the shipped table of Obenabe and Undenufe")
    for i, name in enumerate(DD_COLUMNS):
        table[name] = table[name].astype("Int16")
        if i < 4:
            table[name] = pd.array([pd.NA] * len(table), dtype="Int16")
    return table
