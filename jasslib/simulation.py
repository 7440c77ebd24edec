"""Simulate many rounds into a tidy pandas DataFrame, one row per round (and per contract with ``"all"``).

>>> df = simulate(200, players="rule", contract="all", seed=1, progress=False)
>>> len(df), sorted(df.contract.unique().tolist()) == sorted(CONTRACT_NAMES)
(1200, True)
>>> bool(((df.trick_points_0 + df.trick_points_1).isin([157, 257])).all())
True

Every deal of a seed is a pure function of ``(seed, deal)``: the same seed gives the
same frame, whatever the chunk size.  The fast backend (:mod:`jasslib.fast`)
plays the rounds; ``backend="reference"`` plays them through :class:`~jasslib.Round`
and the :mod:`jasslib.players` instead (slow; for checking and teaching).

Forehand is seat 0 in every simulated round (the dealer is seat 3); by the
symmetry of the seats nothing is lost, and the choosing team is always team 0.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _check, fast
from ._files import temp_path, write_target
from .contracts import Contract
from .errors import ArgumentError, HandSizeError, JassError, excerpt
from .rulesets import CLASSIC, Ruleset
from .scoring import match_points, multiplied

if TYPE_CHECKING:  # pandas is imported where a frame is made: a page of trainers never needs it (about 66 MB)
    import pandas as pd

__all__ = ["simulate", "iter_simulate", "simulate_to_file", "summarize", "COLUMNS", "CONTRACT_NAMES",
           "hand_features", "round_from_row", "chunk_frame", "SEARCH", "SEARCH_SAMPLES", "SEARCH_EXACT_FROM",
           "search_sample", "SEARCH_SAMPLE_SEED", "SEARCH_SAMPLE_ROUNDS"]

MAX_ROUNDS = 10**9
"""The most deals one simulation plays (hours on a laptop); for more, run several seeds."""
CONTRACT_NAMES = ["clubs", "spades", "hearts", "diamonds", "obenabe", "undenufe"]
"""Contract names as they appear in the ``contract`` column (an ordered categorical)."""

_RANK_NAMES = ["sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"]
_SUIT_NAMES = ["clubs", "spades", "hearts", "diamonds"]

COLUMNS: dict[str, str] = {
    "deal": "deal number within the seed; with the seed it reproduces the cards (round_from_row)",
    "seed": "the simulation seed",
    "contract": "the contract played: clubs, spades, hearts, diamonds (trump), obenabe, undenufe",
    "multiplier": "the contract's factor under the ruleset (C3)",
    "forehand": "forehand's seat, always 0 (the dealer is seat 3)",
    "chooser": "the seat that named the contract: 0 (forehand) or 2 (its partner after schieben)",
    "schoben": "True when forehand said schieben and the partner chose (C1)",
    "players": "the policies of seats 0-3, e.g. 'rule/random/rule/random'",
    "trick_points_0": "team 0's trick points before the multiplier: cards + 5 last trick + 100 match (H1)",
    "trick_points_1": "team 1's trick points before the multiplier (H1)",
    "trick_score_0": "team 0's trick points × multiplier (H2)",
    "trick_score_1": "team 1's trick points × multiplier (H2)",
    "tricks_0": "tricks taken by team 0",
    "tricks_1": "tricks taken by team 1",
    "match": "the team that took all nine tricks (0 or 1), or -1 (O7)",
    "weis_0": "team 0's Weis as recorded, multiplied (W7, W8)",
    "weis_1": "team 1's Weis as recorded, multiplied",
    "weis_winner": "the seat holding the strongest Weis of the table, or -1 (W7)",
    "stoeck_0": "team 0's Stöck, multiplied (S1)",
    "stoeck_1": "team 1's Stöck, multiplied",
    "score_0": "team 0's hand score: trick score + Weis + Stöck (H2)",
    "score_1": "team 1's hand score",
    **{f"fh_{r}": f"number of {r} in forehand's hand" for r in _RANK_NAMES},
    **{f"fh_len_{s}": f"number of {s} in forehand's hand" for s in _SUIT_NAMES},
    "fh_longest": "forehand's longest suit length",
    **{f"fh_value_{c}": f"the rule-based player's estimate of {c} for forehand's hand (contract_values)"
       for c in CONTRACT_NAMES},
    "fh_best": "the contract with forehand's highest estimate",
    **{f"ch_{k}": f"as fh_{k}, for the chooser's hand" for k in
       ("jacks", "nines", "aces", "sixes", "trumps", "puur", "naell")},
}
"""Every column of the frame, with its meaning (ch_trumps/puur/naell: of the chosen trump; 0 without)."""

SEARCH = 3
"""Policy code of :class:`~jasslib.players.SearchPlayer` (``players="search"``): the reference engine only."""
SEARCH_SAMPLES = 24
"""Layouts a move of the search players in :func:`simulate` by default (a sample count keeps rows reproducible)."""
SEARCH_EXACT_FROM = 5
"""Cards left in the hand from which the search players of :func:`simulate` solve each layout exactly (fixed,
not measured from the solver's speed as :class:`~jasslib.players.SearchPlayer` does by default, so that the rows
are the same on every machine and every Dask worker)."""
_PLAYER_CODES = {**fast.POLICIES, "search": SEARCH}
_POLICY_NAMES = {v: k for k, v in _PLAYER_CODES.items()}


def _policies(players: str | Sequence[str]) -> tuple[int, int, int, int]:
    if isinstance(players, str):
        if players in _PLAYER_CODES:
            return (_PLAYER_CODES[players],) * 4
        if "-vs-" in players:
            a, b = players.split("-vs-", 1)
            if a in _PLAYER_CODES and b in _PLAYER_CODES:
                pa, pb = _PLAYER_CODES[a], _PLAYER_CODES[b]
                return (pa, pb, pa, pb)
        raise ArgumentError(
            f"unknown players {excerpt(players)}: use 'random', 'rule', 'search', 'lowest', 'rule-vs-random' "
            "(team 0 vs team 1) or four names, one per seat"
        )
    names = list(players) if isinstance(players, (list, tuple)) and len(players) == 4 else []
    if len(names) != 4 or any(not isinstance(n, str) or n not in _PLAYER_CODES for n in names):
        raise ArgumentError(f"players: four of {sorted(_PLAYER_CODES)}, one per seat, got {excerpt(players)}")
    codes = [_PLAYER_CODES[n] for n in names]
    return (codes[0], codes[1], codes[2], codes[3])


def _contracts(contract: str | int | Contract) -> list[int]:
    if isinstance(contract, str) and contract.strip().lower() == "all":
        return list(range(6))
    if isinstance(contract, str) and contract.strip().lower() == "choose":
        return [fast.CHOOSE]
    try:
        return [int(Contract.parse(contract))]
    except ValueError:
        raise ArgumentError(
            f"unknown contract {excerpt(contract)}: use 'choose', 'all' or a contract "
            f"({', '.join(CONTRACT_NAMES)})"
        ) from None


def _rank_count(masks: np.ndarray, rank: int) -> np.ndarray:
    """Per hand mask, how many cards of ``rank`` (0..8) it holds, as int8."""
    return (((masks >> rank) & 1) + ((masks >> (9 + rank)) & 1) + ((masks >> (18 + rank)) & 1)
            + ((masks >> (27 + rank)) & 1)).astype(np.int8)


def hand_features(masks: np.ndarray, ruleset: Ruleset = CLASSIC) -> dict[str, np.ndarray]:
    """Counts per rank and suit, longest suit and the rule-based estimates of each contract, per hand mask.

    >>> f = hand_features(np.array([0b111111111]))   # all nine clubs: a sure match, best ×4 in Undenufe
    >>> int(f["aces"][0]), int(f["len_clubs"][0]), int(f["longest"][0]), f["best"][0]
    (1, 9, 9, 'undenufe')
    """
    try:
        m = np.asarray(masks, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise HandSizeError(f"hand masks: whole numbers, one per hand (an array), got {excerpt(masks)}") from None
    if m.ndim > 2 or (m.size and (m.min() < 0 or m.max() >= 1 << 36)):
        raise HandSizeError(f"hand masks: numbers of 36 bits, one per hand (an array), got {excerpt(masks)}")
    out: dict[str, np.ndarray] = {}
    for r, name in enumerate(_RANK_NAMES):
        out[name] = _rank_count(m, r)
    lengths = []
    for s, name in enumerate(_SUIT_NAMES):
        chunk = (m >> (9 * s)) & 0x1FF
        n = np.zeros(m.shape, dtype=np.int8)
        for r in range(9):
            n += ((chunk >> r) & 1).astype(np.int8)
        out[f"len_{name}"] = n
        lengths.append(n)
    out["longest"] = np.max(np.stack(lengths), axis=0).astype(np.int8)
    values = fast.contract_values_batch(m, ruleset)
    for c, name in enumerate(CONTRACT_NAMES):
        out[f"value_{name}"] = values[:, c].astype(np.float32)
    out["best"] = np.array(CONTRACT_NAMES, dtype=object)[np.argmax(values, axis=1)]
    return out


def _frame(res: np.ndarray, hands: np.ndarray, deals: np.ndarray, seed: int | str, pol: tuple[int, ...],
           ruleset: Ruleset) -> pd.DataFrame:
    import pandas as pd
    f = dict(zip(fast.RESULT_FIELDS, res.T))
    contract = f["contract"]
    mult = np.array(ruleset.multipliers, dtype=np.int16)[contract]
    tricks0, tricks1 = f["tricks_0"], f["tricks_1"]
    tp0 = f["card_points_0"] + match_points(tricks0)  # H1: cards + last trick (in card_points) + match
    tp1 = f["card_points_1"] + match_points(tricks1)
    ts0, w0, s0, total0 = multiplied(tp0, f["weis_0"], f["stoeck_0"], mult)  # H2
    ts1, w1, s1, total1 = multiplied(tp1, f["weis_1"], f["stoeck_1"], mult)
    match = np.where(tricks0 == 9, 0, np.where(tricks1 == 9, 1, -1)).astype(np.int8)
    data: dict[str, Any] = {
        "deal": deals.astype(np.int64),
        "seed": np.full(len(deals), seed, dtype=np.int64) if isinstance(seed, int)
        else pd.Categorical.from_codes(np.zeros(len(deals), dtype=np.int8), categories=[str(seed)]),
        "contract": pd.Categorical.from_codes(contract, categories=CONTRACT_NAMES, ordered=True),
        "multiplier": mult.astype(np.int8),
        "forehand": np.zeros(len(deals), dtype=np.int8),
        "chooser": f["chooser"].astype(np.int8),
        "schoben": f["schoben"].astype(bool),
        "players": pd.Categorical.from_codes(np.zeros(len(deals), dtype=np.int8),
                                             categories=["/".join(_POLICY_NAMES[p] for p in pol)]),
        "trick_points_0": tp0.astype(np.int16),
        "trick_points_1": tp1.astype(np.int16),
        "trick_score_0": ts0.astype(np.int16),
        "trick_score_1": ts1.astype(np.int16),
        "tricks_0": tricks0.astype(np.int8),
        "tricks_1": tricks1.astype(np.int8),
        "match": match,
        "weis_0": w0.astype(np.int16),
        "weis_1": w1.astype(np.int16),
        "weis_winner": f["weis_winner"].astype(np.int8),
        "stoeck_0": s0.astype(np.int16),
        "stoeck_1": s1.astype(np.int16),
        "score_0": total0.astype(np.int16),
        "score_1": total1.astype(np.int16),
    }
    fh = hand_features(hands[:, 0], ruleset)
    for k, v in fh.items():
        data[f"fh_{k}"] = v
    data["fh_best"] = pd.Categorical(fh["best"], categories=CONTRACT_NAMES, ordered=True)
    chooser_hand = np.where(f["chooser"] == 0, hands[:, 0], hands[:, 2])
    for name in ("jacks", "nines", "aces", "sixes"):
        data[f"ch_{name}"] = _rank_count(chooser_hand, _RANK_NAMES.index(name))
    trump = np.where(contract < 4, contract, 0)
    trump_chunk = (chooser_hand >> (9 * trump)) & 0x1FF
    has_trump = contract < 4
    n_trumps = np.zeros(len(deals), dtype=np.int8)
    for r in range(9):
        n_trumps += ((trump_chunk >> r) & 1).astype(np.int8)
    data["ch_trumps"] = np.where(has_trump, n_trumps, 0).astype(np.int8)
    data["ch_puur"] = np.where(has_trump, (trump_chunk >> 5) & 1, 0).astype(np.int8)
    data["ch_naell"] = np.where(has_trump, (trump_chunk >> 3) & 1, 0).astype(np.int8)
    return pd.DataFrame(data, columns=list(COLUMNS))


def iter_simulate(
    rounds: int,
    players: str | Sequence[str] = "random",
    contract: str | int | Contract = "choose",
    ruleset: Ruleset | str = CLASSIC,
    seed: int | str = 0,
    chunk_size: int = 100_000,
    progress: bool | None = None,
    backend: str = "fast",
    search_samples: int = SEARCH_SAMPLES,
    search_budget: float | None = None,
) -> Iterator[pd.DataFrame]:
    """Yield the frame of :func:`simulate` in chunks of at most ``chunk_size`` deals (bounded memory).

    The arguments are checked when it is called, before the first chunk is asked for.
    """
    rounds = _check.whole(rounds, "rounds", high=MAX_ROUNDS)
    chunk_size = _check.whole(chunk_size, "chunk_size", low=1, high=fast.MAX_BATCH)
    _check.choice(backend, "backend", ("fast", "reference"))
    _check.flag(progress, "progress") if progress is not None else None
    rs = Ruleset.get(ruleset)
    pol = _policies(players)
    cons = _contracts(contract)
    fast.seed_key(seed)  # validates the seed
    search = _search_settings(pol, search_samples, search_budget)
    return _chunks(rounds, pol, cons, rs, seed, chunk_size, progress, backend, search)  # checked now, played lazily


def _chunks(rounds: int, pol: tuple[int, int, int, int], cons: list[int], rs: Ruleset, seed: int | str,
            chunk_size: int, progress: bool | None, backend: str,
            search: tuple[int, float | None] | None) -> Iterator[pd.DataFrame]:
    slow = backend == "reference" or search is not None
    bar = _progress_bar(rounds * len(cons), progress, slow)
    try:
        for start in range(0, int(rounds), chunk_size):
            count = min(chunk_size, int(rounds) - start)
            yield _chunk(start, count, pol, cons, seed, rs, "reference" if slow else "fast", search, bar)
    finally:
        bar(0, close=True)


def _search_settings(pol: Sequence[int], samples: int, budget: float | None) -> tuple[int, float | None] | None:
    """The search players' budget (layouts a move, seconds a move), checked; None when no seat searches."""
    from .errors import BudgetError

    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
        raise BudgetError(f"search_samples: a whole number of layouts a move, at least 1, got {samples!r}")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget > 0):
        raise BudgetError(f"search_budget: seconds a move above 0 (or None: no time cap), got {budget!r}")
    return (int(samples), None if budget is None else float(budget)) if SEARCH in pol else None


def _chunk(start: int, count: int, pol: tuple[int, int, int, int], cons: list[int], seed: int | str, rs: Ruleset,
           backend: str, search: tuple[int, float | None] | None, bar: Callable[..., None]) -> pd.DataFrame:
    """The frame of deals ``start .. start + count - 1``: every contract of ``cons`` on each deal."""
    import pandas as pd
    hands = fast.deal_batch(seed, start, count)
    deals = np.arange(start, start + count, dtype=np.int64)
    frames = []
    for c in cons:
        if backend == "fast":
            res = fast.play_batch(hands, c, pol, seed=seed, start=start, ruleset=rs)
            bar(count)
        else:
            res = _reference_batch(hands, c, pol, seed, start, rs, search, bar)
        frames.append(_frame(res, hands, deals, seed, pol, rs))
    frame = frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)
    if len(cons) > 1:
        frame = frame.sort_values(["deal", "contract"], kind="stable", ignore_index=True)
    return frame


def chunk_frame(start: int, count: int, players: str | Sequence[str] = "search", contract: str | int = "choose",
                ruleset: Ruleset | str = CLASSIC, seed: int | str = 0, search_samples: int = SEARCH_SAMPLES,
                search_budget: float | None = None) -> pd.DataFrame:
    """The rows of :func:`simulate` for deals ``start .. start + count - 1`` alone: the unit of work of the
    chunked, resumable runs of ``python -m jasslib simulate --players search`` (on Dask).  Rows depend only on
    the deal, so any chunking and any number of workers give the same table.

    >>> whole = simulate(5, players="rule", seed=1)
    >>> chunk_frame(3, 2, players="rule", seed=1).equals(whole.iloc[3:].reset_index(drop=True))
    True
    """
    start = _check.whole(start, "start", high=fast.MAX_DEAL)
    count = _check.whole(count, "count", high=min(MAX_ROUNDS, fast.MAX_DEAL - start))  # 0: no rows, settings checked
    rs = Ruleset.get(ruleset)
    pol = _policies(players)
    fast.seed_key(seed)
    search = _search_settings(pol, search_samples, search_budget)
    backend = "reference" if search is not None else "fast"
    return _chunk(start, count, pol, _contracts(contract), seed, rs, backend, search,
                  lambda n, close=False: None)


def simulate(
    rounds: int,
    players: str | Sequence[str] = "random",
    contract: str | int | Contract = "choose",
    ruleset: Ruleset | str = CLASSIC,
    seed: int | str = 0,
    chunk_size: int = 100_000,
    progress: bool | None = None,
    backend: str = "fast",
    search_samples: int = SEARCH_SAMPLES,
    search_budget: float | None = None,
) -> pd.DataFrame:
    """Play ``rounds`` deals and return one tidy row per round (see :data:`COLUMNS`).

    ``players``: ``"random"``, ``"rule"``, ``"search"``, ``"rule-vs-random"`` (team 0 against team 1) or
    four policy names, one per seat.

    ``"search"`` seats are :class:`~jasslib.players.SearchPlayer` (seeded ``"{seed}/{deal}/{seat}"``, with
    ``search_samples`` layouts a move, exact solves from :data:`SEARCH_EXACT_FROM` cards left and, when
    ``search_budget`` is given, a cap in seconds a move; without a cap the rows are the same on any machine).
    They play through the reference engine and are **slow**:
    about a second or two a round on one core (and they name contracts with the advisor), against some
    40,000 rounds a second for ``"rule"``; a progress bar shows by default from 20 rounds.  For many
    rounds use ``python -m jasslib simulate --players search``, which runs them in resumable chunks on Dask.

    ``contract``: ``"choose"`` (forehand's player names it or says
    schieben), ``"all"`` (each deal once under each of the six contracts, by the same players, so
    contracts compare on the same cards) or one contract.  ``progress``: a progress bar (None: only
    for long runs).

    The frame is held in memory whole (about 92 bytes a row): a run that cannot fit in the memory free
    now is refused at once with a :class:`~jasslib.JassError` before any deal is played; stream such a
    run to a file with :func:`simulate_to_file` (``python -m jasslib simulate --out``) instead.
    """
    import pandas as pd
    rounds = _check.whole(rounds, "rounds", high=MAX_ROUNDS)
    fast.seed_key(seed)  # validates the seed
    total = rounds * len(_contracts(contract))
    if total:
        _check_memory(int(rounds), total, seed)
    columns: dict[str, np.ndarray] = {}
    categories: dict[str, pd.Index] = {}
    filled = 0
    first: pd.DataFrame | None = None
    # Fill preallocated columns chunk by chunk: memory stays at one frame plus one chunk.
    for chunk in iter_simulate(rounds, players, contract, ruleset, seed, chunk_size, progress, backend,
                               search_samples, search_budget):
        if first is None:
            first = chunk
            if len(chunk) == total:
                return chunk
            for name, col in chunk.items():
                if isinstance(col.dtype, pd.CategoricalDtype):
                    categories[name] = col.cat.categories
                    columns[name] = np.empty(total, dtype=col.cat.codes.dtype)
                else:
                    columns[name] = np.empty(total, dtype=col.dtype)
        for name, col in chunk.items():
            values = col.cat.codes.to_numpy() if name in categories else col.to_numpy()
            columns[name][filled : filled + len(chunk)] = values
        filled += len(chunk)
    if first is None:
        return _frame(np.zeros((0, len(fast.RESULT_FIELDS)), dtype=np.int64), np.zeros((0, 4), dtype=np.int64),
                      np.zeros(0, dtype=np.int64), seed, _policies(players), Ruleset.get(ruleset))
    data = {
        name: pd.Categorical.from_codes(arr, categories=categories[name], ordered=first[name].cat.ordered)
        if name in categories else arr
        for name, arr in columns.items()
    }
    return pd.DataFrame(data, copy=False)


# The bytes of one row per column of the frame (_frame): a categorical column stores int8 codes.  A test checks
# this table against a real frame; the estimate must not run the numba kernels (a refusal is immediate).
_COLUMN_BYTES: dict[str, int] = {
    "deal": 8, "seed": 8, "trick_points_0": 2, "trick_points_1": 2, "trick_score_0": 2, "trick_score_1": 2,
    "weis_0": 2, "weis_1": 2, "stoeck_0": 2, "stoeck_1": 2, "score_0": 2, "score_1": 2,
    **{f"fh_value_{c}": 4 for c in CONTRACT_NAMES},
}


def _row_bytes(seed: int | str) -> int:
    """The memory of one row of the frame (a word as seed is a categorical column: one byte)."""
    return sum(1 if name == "seed" and not isinstance(seed, (int, np.integer)) else _COLUMN_BYTES.get(name, 1)
               for name in COLUMNS)


def _cgroup_room(root: str = "/sys/fs/cgroup") -> int | None:
    """The bytes a Linux container's memory limit still allows (cgroup v2 ``memory.max`` - ``memory.current``).

    None where there is no limit ("max") or no cgroup v2 files (another system).
    """
    try:
        with open(os.path.join(root, "memory.max"), encoding="ascii") as fh:
            limit = fh.read().strip()
        if limit == "max":
            return None
        with open(os.path.join(root, "memory.current"), encoding="ascii") as fh:
            used = int(fh.read().strip())
        return max(0, int(limit) - used)
    except (OSError, ValueError):
        return None


def _memory_available() -> int | None:
    """The bytes of memory free for a new frame, or None unknown.

    Linux: MemAvailable, or less where a container's memory limit leaves less (cgroup v2); else the
    free pages.
    """
    room = _cgroup_room()
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    free = int(line.split()[1]) * 1024
                    return free if room is None else min(free, room)
    except (OSError, ValueError, IndexError):
        pass
    if room is not None:
        return room
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):  # no sysconf (Windows), or not this name (macOS)
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def _size(n: float) -> str:
    """Bytes for a person: ``92 GB``, ``9.2 GB``, ``552 TB`` (powers of 1000)."""
    for unit in ("bytes", "kB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if n >= 10 or unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    raise AssertionError("unreachable")  # pragma: no cover


def _check_memory(rounds: int, rows: int, seed: int | str) -> None:
    """Refuse a frame of ``rows`` rows that the memory cannot hold, before any deal is played."""
    need = rows * _row_bytes(seed)
    free = _memory_available()
    if free is not None and need > free:
        per_round = f"{rows // rounds} rows of {_row_bytes(seed)} bytes" if rows > rounds else \
            f"{_row_bytes(seed)} bytes"
        raise JassError(
            f"simulate() of {rounds:,} rounds ({per_round} a round) would need about {_size(need)} of memory "
            f"at once, more than the {_size(free)} free here: stream it to a file in chunks instead with "
            "simulate_to_file(path, ...) or python -m jasslib simulate --out FILE.parquet (or simulate fewer rounds)"
        )


def simulate_to_file(
    path: str | os.PathLike[str],
    rounds: int,
    players: str | Sequence[str] = "random",
    contract: str | int | Contract = "choose",
    ruleset: Ruleset | str = CLASSIC,
    seed: int | str = 0,
    chunk_size: int = 100_000,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Stream a simulation to ``path`` (``.parquet`` or ``.csv``) chunk by chunk; return :func:`summarize`.

    Memory stays bounded by one chunk.  The file is written under a temporary name and renamed at the
    end, so a failure leaves no partial file behind.  A ``path`` that is a symbolic link is written
    through: the file it points to gets the table.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".parquet", ".csv"):
        raise ArgumentError(f"output file must end in .parquet or .csv, got {excerpt(str(target))}")
    target = write_target(target)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        raise OSError(f"cannot write {str(target)!r}: the folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise OSError(f"cannot write {str(target)!r}: {str(folder)!r} is not a folder")
    if target.is_dir():
        raise OSError(f"cannot write {str(target)!r}: it is a folder")
    # named before it exists and created inside the ``try``: an interruption at any point leaves no stray file
    tmp = temp_path(target, ".part")
    totals: list[pd.DataFrame] = []
    writer = None
    try:
        try:
            tmp.touch(exist_ok=False)  # the usual permissions of a new file (the umask)
        except OSError as exc:
            raise OSError(f"cannot write {str(target)!r}: the folder {str(folder)!r} is not writable "
                          f"({exc.strerror})") from None
        first = True
        for chunk in iter_simulate(rounds, players, contract, ruleset, seed, chunk_size, progress):
            if suffix == ".csv":
                chunk.to_csv(tmp, mode="w" if first else "a", header=first, index=False)
            else:
                import pyarrow as pa
                import pyarrow.parquet as pq

                table = pa.Table.from_pandas(chunk, preserve_index=False)
                if writer is None:
                    writer = pq.ParquetWriter(tmp, table.schema)
                writer.write_table(table)
            totals.append(_partial_summary(chunk))
            first = False
        if writer is not None:
            writer.close()
            writer = None
        if first and suffix == ".parquet":  # no rounds: still write a valid, empty file
            simulate(0, players, contract, ruleset, seed).to_parquet(tmp, index=False)
        elif first:
            simulate(0, players, contract, ruleset, seed).to_csv(tmp, index=False)
        os.replace(tmp, target)
    except BaseException:
        if writer is not None:
            try:
                writer.close()
            except Exception:  # noqa: BLE001 - the original error matters more
                pass
        tmp.unlink(missing_ok=True)
        raise
    return _combine_summaries(totals)


def _partial_summary(df: pd.DataFrame) -> pd.DataFrame:
    import pandas as pd
    g = df.groupby("contract", observed=True)
    return pd.DataFrame({
        "rounds": g.size(),
        "sum_points": g.trick_points_0.sum(),
        "sum_sq": g.trick_points_0.apply(lambda s: float((s.astype(np.float64) ** 2).sum())),
        "matches": g.match.apply(lambda s: int((s == 0).sum())),
        "at_least_100": g.trick_points_0.apply(lambda s: int((s >= 100).sum())),
        "sum_score_diff": (df.score_0 - df.score_1).groupby(df.contract, observed=True).sum(),
    })


def _combine_summaries(parts: list[pd.DataFrame]) -> pd.DataFrame:
    import pandas as pd
    if not parts:
        return pd.DataFrame(columns=["rounds", "mean", "std", "P(match)", "P(>=100)", "mean score diff"])
    tot = pd.concat(parts).groupby(level=0, observed=True).sum()
    n = tot["rounds"]
    mean = tot["sum_points"] / n
    var = (tot["sum_sq"] / n - mean**2).clip(lower=0)
    return pd.DataFrame({
        "rounds": n.astype(int),
        "mean": mean.round(1),
        "std": np.sqrt(var * n / (n - 1).clip(lower=1)).round(1),
        "P(match)": (tot["matches"] / n).round(4),
        "P(>=100)": (tot["at_least_100"] / n).round(4),
        "mean score diff": (tot["sum_score_diff"] / n).round(1),
    })


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Per contract: the choosing team's (team 0's) trick points — mean, median, quartiles — P(match),
    P(at least 100) and the mean score difference.

    >>> s = summarize(simulate(300, contract="all", seed=2, progress=False))
    >>> list(s.columns)
    ['rounds', 'mean', 'median', 'q1', 'q3', 'P(match)', 'P(>=100)', 'mean score diff']
    """
    import pandas as pd
    _check.frame(df, "summarize", ("contract", "trick_points_0", "match", "score_0", "score_1"))
    g = df.groupby("contract", observed=True)
    pts = g.trick_points_0
    return pd.DataFrame({
        "rounds": g.size(),
        "mean": pts.mean().round(1),
        "median": pts.median(),
        "q1": pts.quantile(0.25),
        "q3": pts.quantile(0.75),
        "P(match)": g.match.apply(lambda s: (s == 0).mean()).round(4),
        "P(>=100)": pts.apply(lambda s: (s >= 100).mean()).round(4),
        "mean score diff": (df.score_0 - df.score_1).groupby(df.contract, observed=True).mean().round(1),
    })


def round_from_row(row: pd.Series | dict[str, Any], ruleset: Ruleset | str = CLASSIC) -> Any:
    """The reference :class:`~jasslib.Round` of a frame row's deal, before the contract (replay it yourself).

    >>> df = simulate(3, seed=5, progress=False)
    >>> r = round_from_row(df.iloc[1])
    >>> r.forehand, len(r.hand(0))
    (Seat.S0, 9)
    """
    from .round import Round

    if not hasattr(row, "__getitem__") or isinstance(row, (str, bytes)) or any(
            key not in row for key in ("seed", "deal")):
        raise ArgumentError(f"row: a row of a simulation's frame, with its seed and deal, got {excerpt(row)}")
    seed = row["seed"]
    seed = int(seed) if isinstance(seed, (int, np.integer)) else str(seed)
    hands = fast.deal_batch(seed, row["deal"], 1)[0]
    from .cards import CardSet

    # the table's seed drives the fast backend's deals, not Round.deal's: the Round carries no seed of its own
    return Round([CardSet.from_mask(int(h)) for h in hands], dealer=3, ruleset=ruleset)


def _reference_batch(hands: np.ndarray, contract: int, pol: tuple[int, ...], seed: int | str, start: int,
                     ruleset: Ruleset, search: tuple[int, float | None] | None = None,
                     step: Callable[..., None] | None = None) -> np.ndarray:
    """:func:`fast.play_batch`'s result array, computed with the reference Round and players (``search``: the
    search players' layouts and seconds a move; ``step(1)`` after each round, for a progress bar)."""
    from .cards import CardSet
    from .players import RandomPlayer, RuleBasedPlayer, play_round
    from .round import Round

    out = np.zeros((len(hands), len(fast.RESULT_FIELDS)), dtype=np.int64)
    for n, row in enumerate(hands):
        players: list[Any] = []
        for seat, p in enumerate(pol):
            if p == fast.RULE:
                players.append(RuleBasedPlayer())
            elif p == SEARCH:
                from .players.search import SearchPlayer

                samples, budget = search if search is not None else (SEARCH_SAMPLES, None)
                players.append(SearchPlayer(seed=f"{seed}/{start + n}/{seat}", time_budget=budget, samples=samples,
                                            exact_from=SEARCH_EXACT_FROM))
            elif p == fast.LOWEST:
                players.append(_LowestPlayer())
            else:
                players.append(RandomPlayer(seed=f"{seed}/{start + n}/{seat}"))
        r = Round([CardSet.from_mask(int(h)) for h in row], dealer=3, ruleset=ruleset)
        if contract >= 0:
            r.choose(contract)
        play_round(r, players)
        s = r.score()
        c, w, last = r.contract, r.weis_result, s.last_trick
        assert c is not None and w is not None and last is not None  # a round played to its end has all three
        out[n] = (int(c), int(r.chooser), int(r.pushed), r.card_points[0], r.card_points[1],
                  s.tricks[0], s.tricks[1], int(last), w.points[0], w.points[1],
                  -1 if w.winner is None else int(w.winner),
                  s.stoeck[0] // s.multiplier, s.stoeck[1] // s.multiplier)
        if step is not None:
            step(1)
    return out


class _LowestPlayer:
    """Plays the lowest legal card and names clubs: the deterministic policy ``lowest``."""

    def choose_contract(self, view: Any) -> Contract:
        return Contract.CLUBS

    def play_card(self, view: Any) -> Any:
        return min(view.legal)


def _progress_bar(total: int, progress: bool | None, slow: bool = False) -> Callable[..., None]:
    """A callable advancing a tqdm bar (terminal or notebook), or doing nothing (by default shown from 200,000
    fast rounds, or 20 slow ones)."""
    show = total >= (20 if slow else 200_000) if progress is None else bool(progress)
    if not show:
        return lambda n, close=False: None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the simulation extra
        return lambda n, close=False: None
    bar = tqdm(total=total, unit="round", desc="simulating", mininterval=0.5)

    def step(n: int, close: bool = False) -> None:
        if n:
            bar.update(n)
        if close:
            bar.close()

    return step


SEARCH_SAMPLE_SEED = 17
"""The seed of the shipped rounds of search players (:func:`search_sample`)."""
SEARCH_SAMPLE_ROUNDS = 300
"""How many rounds :func:`search_sample` ships."""


def search_sample(rounds: int = SEARCH_SAMPLE_ROUNDS) -> pd.DataFrame:
    """Rounds of four :class:`~jasslib.players.SearchPlayer` shipped with jasslib (strategy data from realistic
    play, beside the rule-based bots' and double-dummy tables): deals ``0 .. rounds - 1`` of seed
    :data:`SEARCH_SAMPLE_SEED` (17), classic rules, contracts chosen by the players (with the advisor),
    :data:`SEARCH_SAMPLES` (24) layouts a move, exact solves from :data:`SEARCH_EXACT_FROM` (5) cards left and no
    time cap, exactly as
    ``python -m jasslib simulate --players search --rounds 300 --seed 17 --search-samples 24 --out FILE.parquet``
    writes them (the tests play some of its rounds again).  The columns are :data:`COLUMNS`.

    >>> df = search_sample(5)
    >>> len(df), str(df.players.iloc[0]), int(df.seed.iloc[0])
    (5, 'search/search/search/search', 17)
    """
    from importlib.resources import files

    import pandas as pd

    if not _check.is_whole(rounds) or not 1 <= rounds <= SEARCH_SAMPLE_ROUNDS:
        raise ArgumentError(f"rounds: the shipped search rounds are deals 0..{SEARCH_SAMPLE_ROUNDS - 1}, so "
                            f"{excerpt(rounds)} rounds cannot be read from them (1 to {SEARCH_SAMPLE_ROUNDS}); play "
                            "more with python -m jasslib simulate --players search")
    with files("jasslib").joinpath("data").joinpath("search_sample.parquet").open("rb") as fh:
        table = pd.read_parquet(fh)
    return table.iloc[: int(rounds)].reset_index(drop=True)
