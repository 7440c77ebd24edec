"""Tests of jasslib.ddtable and ``python -m jasslib dd-table``: DD tables of many deals, chunked and resumable.

The same seed gives the same table whatever the chunk size and the number of Dask workers (a 2-worker
LocalCluster on 127.0.0.1 without a dashboard, checked against the serial path); an interrupted run keeps
its finished chunks and resumes from them; bad arguments exit with code 2 and one sentence, writing nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from jasslib import Contract, fast
from jasslib import ddtable as dt
from jasslib.__main__ import main
from jasslib.simulation import simulate
from jasslib.solver import dd_points

SEED = 21
# The solver is quick on Undenufe and can take seconds to minutes on a trump deal, so the tables here solve one
# contract; every contract's value through dd_batch is checked in test_solver.
C = ("undenufe",)
N = 4


@pytest.fixture(scope="module")
def serial() -> pd.DataFrame:
    return dt.compute(N, seed=SEED, contracts=C)


@pytest.fixture(scope="module")
def client():  # noqa: ANN201
    import distributed  # in the sim extra: a missing Dask fails the test, never skips it

    from jasslib.ddtable import _local_cluster

    with _local_cluster(2) as cluster, distributed.Client(cluster) as c:
        yield c


def files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_rows_are_the_deals_of_simulate(serial):
    assert serial.deal.tolist() == list(range(N)) and (serial.seed == SEED).all()
    hands = fast.deal_batch(SEED, 0, N)
    assert (serial[[f"hand_{s}" for s in range(4)]].to_numpy() == hands).all()
    sim = simulate(N, players="rule", contract="obenabe", seed=SEED, progress=False)
    features = [c for c in sim.columns if c.startswith("fh_")]
    assert features and all(c in serial.columns for c in features)
    pd.testing.assert_frame_equal(serial[features], sim[features])


def test_dd_columns_are_forehands_team_points(serial):
    for row in serial.iloc[[0, N - 1]].itertuples():
        hands = [getattr(row, f"hand_{s}") for s in range(4)]
        assert row.dd_undenufe == dd_points(hands, Contract.UNDENUFE, forehand=0)[0]
    assert serial[dt.DD_COLUMNS].dtypes.eq("Int16").all()
    assert serial[[c for c in dt.DD_COLUMNS if c != "dd_undenufe"]].isna().all().all(), "contracts not solved: <NA>"
    assert serial.dd_undenufe.notna().all()


def test_all_six_contracts_give_int16_columns():
    t = dt.dd_frame(SEED, 0, 0)
    assert t[dt.DD_COLUMNS].dtypes.eq(np.int16).all() and len(t) == 0
    assert dt.contract_list(None) == tuple(range(6)) and dt.contract_list("♥") == (2,)
    with pytest.raises(ValueError, match="C1"):
        dt.contract_list(["trumps"])


def test_chunking_does_not_change_the_table(serial):
    pd.testing.assert_frame_equal(dt.compute(N, seed=SEED, chunk_size=3, contracts=C), serial)
    pd.testing.assert_frame_equal(dt.compute(3, seed=SEED, chunk_size=2, contracts=C), serial.iloc[:3])
    assert len(dt.compute(0, seed=SEED)) == 0


def test_dask_workers_give_the_same_table(serial, client, tmp_path):
    out = tmp_path / "dd.parquet"
    result = dt.write(out, N, seed=SEED, chunk_size=1, scheduler=client.scheduler.address, contracts=C)
    assert result.computed == 4 and result.resumed == 0
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial)
    assert files(tmp_path) == ["dd.parquet"], "the chunk folder is removed once the file is written"


def test_the_local_cluster_listens_on_127_0_0_1_only_and_not_on_dasks_default_port(client):
    """The cluster that dd-table and simulate start (its scheduler runs in this process): every socket it listens
    on is on 127.0.0.1, and its small web server (no dashboard) is on a free port, not Dask's 8787, where a second
    cluster at the same time made Dask print a warning about the port in use."""
    import psutil

    listening = [c.laddr for c in psutil.Process().net_connections("inet") if c.status == psutil.CONN_LISTEN]
    assert listening and all(address.ip == "127.0.0.1" for address in listening), listening
    web = client.scheduler_info()["services"]["dashboard"]  # Dask's name for the web server, with or without one
    assert web in {address.port for address in listening} and web != 8787


def test_string_seed_and_modern_ruleset():
    t = dt.compute(3, seed="class 3b", ruleset="modern", contracts=C)
    assert t.seed.astype(str).eq("class 3b").all()
    hands = [int(h) for h in t.loc[0, [f"hand_{s}" for s in range(4)]]]
    from jasslib import MODERN

    assert t.loc[0, "dd_undenufe"] == dd_points(hands, Contract.UNDENUFE, 0, MODERN)[0]


def test_interrupted_write_resumes_from_its_chunks(serial, tmp_path, monkeypatch):
    out = tmp_path / "dd.parquet"
    real = dt.dd_frame
    calls: list[int] = []

    def interrupted(seed, start, count, ruleset, contracts):  # noqa: ANN001, ANN202
        if len(calls) == 2:
            raise KeyboardInterrupt
        calls.append(start)
        return real(seed, start, count, ruleset, contracts)

    monkeypatch.setattr(dt, "dd_frame", interrupted)
    with pytest.raises(KeyboardInterrupt):
        dt.write(out, N, seed=SEED, chunk_size=1, workers=0, contracts=C)
    parts = dt.parts_folder(out)
    assert not out.exists()
    assert files(parts) == ["chunk-000000.parquet", "chunk-000001.parquet", "run.json"], "no half-written chunk"
    (parts / ".chunk-000002.parquet.abc.tmp").write_bytes(b"half")  # as left by a killed process
    monkeypatch.setattr(dt, "dd_frame", lambda *a: calls.append(a[1]) or real(*a))
    result = dt.write(out, N, seed=SEED, chunk_size=1, workers=0, keep_frame=True, contracts=C)
    assert calls == [0, 1, 2, 3] and (result.computed, result.resumed, result.resumed_deals) == (2, 2, 2)
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial)
    assert files(tmp_path) == ["dd.parquet"]


def test_without_a_chunk_size_the_chunks_fit_the_contracts_and_every_core_has_work():
    """The trump contracts take about forty times as long as Obenabe and Undenufe (bench_solver.py): the default
    chunk holds about two minutes of solving, a small table is cut into 8 chunks at least, and the number of
    workers does not count (so the same command resumes)."""
    assert dt.chunk_size_for(2000) == 14 and dt.chunk_size_for(2000, ["clubs", "hearts"]) == 30
    assert dt.chunk_size_for(2000, ["obenabe", "undenufe"]) == 250 and dt.chunk_size_for(10**6, C) == 500
    assert [dt.chunk_size_for(n, ["clubs"]) for n in (1, 8, 9, 24, 479, 480, 481)] == [1, 1, 2, 3, 60, 60, 60]
    for deals in (1, 7, 100, 2000, 123_457):
        for contracts in (None, ["clubs"], ["obenabe", "undenufe"], ["undenufe"]):
            size = dt.chunk_size_for(deals, contracts)
            chunks = -(-deals // size)
            assert chunks >= min(deals, dt.MIN_CHUNKS) and size <= dt.DEFAULT_CHUNK_SIZE
            assert size == 1 or size * dt.estimated_seconds(1, contracts) <= dt.CHUNK_SECONDS


def test_a_run_started_again_without_a_chunk_size_resumes_with_the_chunks_it_cut(serial, tmp_path, monkeypatch):
    out = tmp_path / "dd.parquet"
    real = dt.dd_frame
    calls: list[tuple[int, int]] = []

    def interrupted(seed, start, count, ruleset, contracts):  # noqa: ANN001, ANN202
        if len(calls) == 1:
            raise KeyboardInterrupt
        calls.append((start, count))
        return real(seed, start, count, ruleset, contracts)

    monkeypatch.setattr(dt, "dd_frame", interrupted)
    with pytest.raises(KeyboardInterrupt):
        dt.write(out, N, seed=SEED, chunk_size=2, workers=0, contracts=C)  # chunks of 2, not the default 1
    monkeypatch.setattr(dt, "dd_frame", lambda *a: calls.append((a[1], a[2])) or real(*a))
    result = dt.write(out, N, seed=SEED, workers=0, keep_frame=True, contracts=C)  # no chunk size: the folder's
    assert calls == [(0, 2), (2, 2)] and (result.computed, result.resumed) == (1, 1)
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial)
    calls.clear()
    dt.write(tmp_path / "other.parquet", N, seed=SEED, workers=0, contracts=C)  # a new run: the default, 1 a chunk
    assert calls == [(0, 1), (1, 1), (2, 1), (3, 1)] and dt.chunk_size_for(N, C) == 1


def test_a_chunk_folder_of_another_run_is_refused(tmp_path):
    out = tmp_path / "dd.parquet"
    parts = dt.parts_folder(out)
    parts.mkdir()
    (parts / "run.json").write_text('{"format": "jasslib-dd-table/1", "seed": 1, "ruleset": "classic", '
                                    '"chunk_size": 5}')
    with pytest.raises(ValueError, match="another run"):
        dt.write(out, 10, seed=2, chunk_size=5, workers=0)
    with pytest.raises(ValueError, match="another run"):  # without a chunk size too: only that may differ
        dt.write(out, 10, seed=2, workers=0)
    assert files(tmp_path) == ["dd.parquet.parts", "dd.parquet.parts/run.json"]


@pytest.mark.parametrize("kwargs, error", [
    (dict(deals=-1), "at least 0"),
    (dict(deals=5, chunk_size=0), "chunk size"),
    (dict(deals=5, workers=-2), "workers"),
    (dict(deals=5, seed=1.5), "seed"),
    (dict(deals=5, workers=2, scheduler="tcp://127.0.0.1:1"), "scheduler"),
])
def test_write_refuses_bad_arguments_before_writing(tmp_path, kwargs, error):
    with pytest.raises(ValueError, match=error):
        dt.write(tmp_path / "dd.parquet", **kwargs)
    assert files(tmp_path) == []


# ------------------------------------------------------------------------------------------ command line


def test_cli_writes_the_table_and_a_summary(serial, tmp_path, capsys):
    out = tmp_path / "dd.parquet"
    code = main(["dd-table", "--deals", str(N), "--seed", str(SEED), "--out", str(out), "--chunk-size", "3",
                 "--workers", "0", "--no-progress", "--contracts", "undenufe"])
    assert code == 0
    text = capsys.readouterr().out
    assert f"wrote {N} deals" in text and "deals/s" in text and "undenufe" in text and "obenabe" not in text
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial)


@pytest.mark.parametrize("args, shown", [
    (["--deals", "15"], True),                                       # all six: about two minutes
    (["--deals", "15", "--contracts", "clubs"], True),               # 30 s
    (["--deals", "14", "--contracts", "clubs"], False),
    (["--deals", "299", "--contracts", "obenabe,undenufe"], False),  # without trumps: 30 s at 300 deals
    (["--deals", "300", "--contracts", "obenabe,undenufe"], True),
    (["--deals", "300", "--contracts", "obenabe,undenufe", "--no-progress"], False),
])
def test_cli_shows_a_progress_bar_on_a_terminal_when_the_run_takes_over_half_a_minute(tmp_path, monkeypatch, args,
                                                                                        shown):
    asked: dict[str, object] = {}

    def write(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        asked.update(kw)
        raise KeyboardInterrupt  # nothing is solved

    monkeypatch.setattr(dt, "write", write)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["dd-table", *args, "--out", str(tmp_path / "dd.parquet")]) == 130
    assert asked["progress"] is shown and asked["chunk_size"] is None


def test_compute_and_write_show_a_progress_bar_when_the_run_takes_half_a_minute(tmp_path, monkeypatch):
    """In a notebook too: ``progress=None`` (the default) shows tqdm's bar when :func:`estimated_seconds` says
    30 s or more; True and False are obeyed."""

    class Asked(Exception):
        pass

    shown: list[bool] = []

    def bar(total, done, show, *args):  # noqa: ANN001, ANN002, ANN202 - the run stops once the bar is asked for
        shown.append(show)
        raise Asked

    monkeypatch.setattr(dt, "_progress", bar)
    for deals, contracts, progress in [(15, ["clubs"], None), (14, ["clubs"], None), (600, C, None),
                                       (599, C, None), (3, C, True), (10**6, C, False)]:
        with pytest.raises(Asked):
            dt.compute(deals, contracts=contracts, progress=progress)
    assert shown == [True, False, True, False, True, False]
    shown.clear()
    with pytest.raises(Asked):
        dt.write(tmp_path / "dd.parquet", 15, contracts=["clubs"], workers=0)
    assert shown == [True] and files(tmp_path) == []


BAD_ARGUMENTS = [
    (["--deals", "0"], "--deals: expected at least 1"),
    (["--deals", "ten"], "whole number"),
    (["--deals", "5", "--ruleset", "swiss"], "invalid choice"),
    (["--deals", "5", "--workers", "-1"], "0 (no Dask) or more"),
    (["--deals", "5", "--chunk-size", "0"], "at least 1"),
    (["--deals", "5", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "cannot be used with --scheduler"),
    (["--deals", "5", "--out", "x.csv"], "must end in .parquet"),
    (["--deals", "5", "--out", "no/such/folder/x.parquet"], "does not exist"),
    (["--out", "x.parquet"], "required: --deals"),
    (["--deals", "5", "--contracts", "trumps"], "unknown contract 'trumps'"),
    (["--deals", "5", "--seed", str(-(2**63) - 1)], "a seed number fits in 64 bits"),
]


@pytest.mark.parametrize("args, message", BAD_ARGUMENTS)
def test_cli_errors_are_one_sentence(tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    if "--out" not in args:
        args = [*args, "--out", "x.parquet"]
    try:
        code = main(["dd-table", *args])
    except SystemExit as stop:  # argparse's own checks end the process
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and message in err
    assert len(err.strip().splitlines()) == 1 and "usage" not in err and "Traceback" not in err, err
    assert files(tmp_path) == []


@pytest.mark.parametrize("args, message", [BAD_ARGUMENTS[0], BAD_ARGUMENTS[6]])
def test_cli_errors_in_a_real_process(tmp_path, args, message):
    command = [sys.executable, "-m", "jasslib", "dd-table", *args]
    if "--out" not in args:
        command += ["--out", "x.parquet"]
    result = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    assert files(tmp_path) == []


def test_cli_other_commands_still_work(tmp_path):
    assert main(["simulate", "--rounds", "3", "--out", str(tmp_path / "s.csv"), "--no-progress"]) == 0


def test_cli_sigint_keeps_finished_chunks_and_the_next_run_resumes(tmp_path):
    out = tmp_path / "dd.parquet"
    parts = dt.parts_folder(out)
    args = ["dd-table", "--deals", "400", "--seed", str(SEED), "--out", str(out), "--chunk-size", "1",
            "--workers", "0", "--no-progress", "--contracts", "undenufe"]
    # a shell's background job starts with SIGINT ignored, and the child would inherit that: restore the default
    proc = subprocess.Popen([sys.executable, "-m", "jasslib", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.time() + 120
        while not list(parts.glob("chunk-*.parquet")):
            assert proc.poll() is None, proc.communicate()
            assert time.time() < deadline, "no chunk was written within 120 s"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=180)  # the deal being solved is finished first
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "run the same command again to resume" in err and "Traceback" not in err
    assert not out.exists()
    kept = sorted(p.name for p in parts.glob("chunk-*.parquet"))
    assert kept and all(n.startswith("chunk-") for n in os.listdir(parts) if n != "run.json")
    assert main([*args[:2], str(N), *args[3:]]) == 0  # fewer deals: the kept chunks that fit are reused
    pd.testing.assert_frame_equal(pd.read_parquet(out), dt.compute(N, seed=SEED, contracts=C))


QUICK_TRUMP_DEALS = [(363, "clubs"), (205, "spades"), (272, "hearts"), (206, "diamonds"),  # dd_frame (40..399)
                     (645, "clubs"), (412, "spades"), (470, "hearts"), (619, "diamonds")]  # fill_dd_trump.py
"""Trump values of the shipped sample that the solver finds again in about a second each."""


def test_the_shipped_sample_is_the_table_compute_makes():
    t = dt.sample()
    n = len(t)
    assert n >= 10 and t.deal.tolist() == list(range(n)) and (t.seed == dt.SAMPLE_SEED).all()
    assert t[dt.DD_COLUMNS].dtypes.eq(np.int16).all() and t[dt.DD_COLUMNS].isin(range(258)).all().all()
    # hands and features as compute makes them (no solving), then Obenabe solved again on the first deals
    empty = dt.dd_frame(dt.SAMPLE_SEED, 0, 0)
    assert t.dtypes.to_dict() == empty.dtypes.to_dict()
    hands = fast.deal_batch(dt.SAMPLE_SEED, 0, n)
    assert (t[[f"hand_{s}" for s in range(4)]].to_numpy() == hands).all()
    fresh = dt.dd_frame(dt.SAMPLE_SEED, 0, 2, contracts=["obenabe"])
    features = [c for c in t.columns if c.startswith("fh_")]
    pd.testing.assert_frame_equal(t[features].iloc[:2], fresh[features])
    assert t.dd_obenabe.iloc[:2].tolist() == fresh.dd_obenabe.tolist()


def test_the_shipped_notrump_table_is_the_sample_with_only_the_two_contracts_without_trumps():
    t = dt.sample_notrump()
    n = dt.NOTRUMP_DEALS
    assert len(t) == n == dt.SAMPLE_DEALS == 2000
    assert t.dtypes.to_dict() == dt.dd_frame(dt.SAMPLE_SEED, 0, 0, contracts=["obenabe", "undenufe"]).dtypes.to_dict()
    assert t[["dd_clubs", "dd_spades", "dd_hearts", "dd_diamonds"]].isna().all().all()
    full = dt.sample(n)
    trumps = ["dd_clubs", "dd_spades", "dd_hearts", "dd_diamonds"]
    pd.testing.assert_frame_equal(t.drop(columns=trumps), full.drop(columns=trumps), check_dtype=False)
    assert dt.solved_contracts(t) == ["obenabe", "undenufe"]
    pd.testing.assert_frame_equal(dt.sample_notrump(5), t.iloc[:5])
    with pytest.raises(ValueError, match=r"holds deals 0..1999 \(2000 deals\), so 2001 deals cannot be read"):
        dt.sample_notrump(2001)


def test_the_whole_shipped_sample_is_the_table_compute_makes():
    from jasslib.simulation import hand_features

    t = dt.sample(dt.SAMPLE_DEALS)
    n = dt.SAMPLE_DEALS
    assert len(t) == n == 2000 and t.deal.tolist() == list(range(n)) and (t.seed == dt.SAMPLE_SEED).all()
    assert t.dtypes.to_dict() == dt.dd_frame(dt.SAMPLE_SEED, 0, 0).dtypes.to_dict()
    assert t[dt.DD_COLUMNS].isin(range(258)).all().all()
    pd.testing.assert_frame_equal(t.iloc[:20], dt.sample())  # the default is the first 20
    # every hand and feature as compute makes them (no solving needed) ...
    hands = fast.deal_batch(dt.SAMPLE_SEED, 0, n)
    assert (t[[f"hand_{s}" for s in range(4)]].to_numpy() == hands).all()
    for key, values in hand_features(hands[:, 0]).items():
        if key != "best":
            assert (t[f"fh_{key}"].to_numpy() == values).all(), key
    # ... and values solved again where the solver is quick: trump contracts of deals written by dd_frame (40..399)
    # and by benchmarks/fill_dd_trump.py with dd_batch (400..1999), Obenabe and Undenufe of the last two deals
    for deal, contract in QUICK_TRUMP_DEALS:
        fresh = dt.dd_frame(dt.SAMPLE_SEED, deal, 1, contracts=[contract])
        assert t[f"dd_{contract}"].iloc[deal] == fresh[f"dd_{contract}"].iloc[0], (deal, contract)
    fresh = dt.dd_frame(dt.SAMPLE_SEED, n - 2, 2, contracts=["obenabe", "undenufe"])
    assert t[["dd_obenabe", "dd_undenufe"]].iloc[n - 2:].to_numpy().tolist() == \
        fresh[["dd_obenabe", "dd_undenufe"]].to_numpy().tolist()


@pytest.mark.parametrize("deals", [0, 2001, -1, 2.0, True, "20", None])
def test_the_sample_refuses_a_size_it_does_not_hold(deals):
    with pytest.raises(ValueError, match=r"the shipped sample holds deals 0\.\.1999 \(2000 deals\)"):
        dt.sample(deals)
