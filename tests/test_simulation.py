"""Tests of jasslib.simulation and the command line ``python -m jasslib simulate``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from jasslib import CardSet, Contract, Round
from jasslib.__main__ import main
from jasslib.simulation import (
    COLUMNS,
    CONTRACT_NAMES,
    hand_features,
    iter_simulate,
    round_from_row,
    simulate,
    simulate_to_file,
    summarize,
)


def test_columns_are_documented_and_present():
    df = simulate(50, seed=1, progress=False)
    assert list(df.columns) == list(COLUMNS)
    assert all(COLUMNS[c] for c in df.columns)


def test_same_seed_same_frame_whatever_the_chunks():
    a = simulate(700, players="rule-vs-random", seed="lesson-4", progress=False)
    b = simulate(700, players="rule-vs-random", seed="lesson-4", chunk_size=128, progress=False)
    pd.testing.assert_frame_equal(a, b)
    c = simulate(700, players="rule-vs-random", seed="lesson-5", progress=False)
    assert not a.equals(c)


def test_O7_points_total_157_or_257_and_scores_add_up():
    df = simulate(3000, players="random", contract="all", ruleset="modern", seed=2, progress=False)
    total = df.trick_points_0 + df.trick_points_1
    assert total.isin([157, 257]).all()
    assert ((total == 257) == (df.match >= 0)).all()
    assert (df.score_0 == df.trick_score_0 + df.weis_0 + df.stoeck_0).all()
    assert (df.trick_score_0 == df.trick_points_0 * df.multiplier).all()
    assert (df.weis_0 * df.weis_1 == 0).all(), "W7: only one team scores Weis"


def test_contract_all_plays_each_deal_under_every_contract():
    df = simulate(40, contract="all", seed=3, progress=False)
    assert len(df) == 240
    per_deal = df.groupby("deal").contract.apply(lambda s: sorted(s.astype(str)))
    assert all(v == sorted(CONTRACT_NAMES) for v in per_deal)
    assert not df.schoben.any() and (df.chooser == 0).all()


def test_C3_multiplier_column_follows_the_ruleset():
    df = simulate(60, contract="all", seed=3, progress=False)
    mult = df.groupby("contract", observed=True).multiplier.first()
    assert mult.to_dict() == dict(zip(CONTRACT_NAMES, [1, 1, 2, 2, 3, 4]))


def test_C1_choose_lets_forehand_push():
    df = simulate(3000, players="random", seed=4, progress=False)
    assert 0.10 < df.schoben.mean() < 0.19
    assert set(df.chooser[df.schoben]) == {2} and set(df.chooser[~df.schoben]) == {0}


def test_rows_replay_through_the_reference_round():
    df = simulate(30, players="rule", contract="hearts", seed=6, progress=False)
    from jasslib.players import RuleBasedPlayer, play_round

    for _, row in df.head(10).iterrows():
        r = round_from_row(row)
        r.choose(Contract.HEARTS)
        play_round(r, [RuleBasedPlayer()] * 4)
        s = r.score()
        assert (s.trick_points[0], s.total[0], s.total[1]) == (row.trick_points_0, row.score_0, row.score_1)


def test_reference_backend_gives_the_same_frame_for_deterministic_players():
    fast_df = simulate(60, players="rule", contract="choose", seed=8, progress=False)
    ref_df = simulate(60, players="rule", contract="choose", seed=8, progress=False, backend="reference")
    pd.testing.assert_frame_equal(fast_df, ref_df)


def test_hand_features_count_cards():
    hand = CardSet.parse("6♣ 7♣ 8♣ A♠ A♥ A♦ J♥ 9♥ 6♦")
    f = hand_features(np.array([hand.mask]))
    assert int(f["aces"][0]) == 3 and int(f["sixes"][0]) == 2 and int(f["len_hearts"][0]) == 3
    assert int(f["longest"][0]) == 3


def test_summary_table():
    df = simulate(500, contract="all", seed=9, progress=False)
    s = summarize(df)
    assert list(s.index.astype(str)) == CONTRACT_NAMES
    assert (s["rounds"] == 500).all()
    assert ((s["q1"] <= s["median"]) & (s["median"] <= s["q3"])).all()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rounds": -1}, "rounds"),
        ({"rounds": 10, "players": "clever"}, "unknown players"),
        ({"rounds": 10, "contract": "trumps"}, "unknown contract"),
        ({"rounds": 10, "ruleset": "swiss"}, "unknown ruleset"),
        ({"rounds": 10, "seed": 1.5}, "seed"),
        ({"rounds": 10, "chunk_size": 0}, "chunk_size"),
    ],
)
def test_bad_arguments_are_explained(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate(progress=False, **kwargs)


def test_iter_simulate_streams_bounded_chunks():
    sizes = [len(c) for c in iter_simulate(1000, chunk_size=300, seed=1, progress=False)]
    assert sizes == [300, 300, 300, 100]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_simulate_to_file_round_trips(tmp_path: Path, suffix: str):
    out = tmp_path / f"sim{suffix}"
    summary = simulate_to_file(out, 900, players="rule", contract="all", seed=5, chunk_size=250)
    back = pd.read_parquet(out) if suffix == ".parquet" else pd.read_csv(out)
    assert len(back) == 5400
    df = simulate(900, players="rule", contract="all", seed=5, progress=False)
    assert (back.trick_points_0.to_numpy() == df.trick_points_0.to_numpy()).all()
    assert summary["rounds"].sum() == 5400
    assert [p.name for p in tmp_path.iterdir()] == [out.name], "no temporary file is left"


def test_simulate_to_file_leaves_no_partial_file_on_failure(tmp_path: Path, monkeypatch):
    out = tmp_path / "broken.parquet"
    import jasslib.simulation as sim

    calls = {"n": 0}
    real = sim._frame

    def failing_frame(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("disk full (simulated)")
        return real(*args, **kwargs)

    monkeypatch.setattr(sim, "_frame", failing_frame)
    with pytest.raises(RuntimeError, match="disk full"):
        simulate_to_file(out, 1000, chunk_size=200, seed=1)
    assert list(tmp_path.iterdir()) == []


def test_cli_simulate_writes_file_and_prints_summary(tmp_path: Path, capsys):
    out = tmp_path / "run.csv"
    code = main(["simulate", "--rounds", "300", "--players", "rule", "--contract", "all", "--seed", "7",
                 "--out", str(out), "--no-progress"])
    assert code == 0
    text = capsys.readouterr().out
    assert "wrote 300 deals" in text and "obenabe" in text and "P(match)" in text
    assert len(pd.read_csv(out)) == 1800


def _cli(argv: list[str], capsys) -> tuple[int, str]:  # noqa: ANN001
    """``python -m jasslib ARGV`` run in this process: its exit code (argparse exits with SystemExit) and stderr."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rounds", "0"], "at least 1"),
        (["--rounds", "ten"], "whole number"),
        (["--rounds", "5", "--players", "clever"], "unknown players"),
        (["--rounds", "5", "--contract", "trumps"], "unknown contract"),
        (["--rounds", "5", "--ruleset", "swiss"], "invalid choice"),
        (["--rounds", "5", "--out", "x.txt"], ".parquet or .csv"),
        (["--rounds", "5", "--out", "/no/such/folder/x.csv"], "does not exist"),
        (["--rounds", "5", "--seed", str(2**63)], "a seed number fits in 64 bits"),
    ],
)
def test_cli_errors_are_clear(tmp_path: Path, args, message, capsys, monkeypatch):
    """Each bad argument: exit code 2, one sentence on stderr, no output file and no temporary file (the parser
    and the command run in this process; test_cli_error_exits_the_process runs the real command)."""
    monkeypatch.chdir(tmp_path)  # x.txt is written relative to the working folder (it must not be)
    if "--out" not in args:
        args = [*args, "--out", str(tmp_path / "x.csv")]
    code, err = _cli(["simulate", *args], capsys)
    assert code == 2
    assert message in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_cli_error_exits_the_process(tmp_path: Path):
    """The real ``python -m jasslib simulate`` with a bad argument: the process ends with exit status 2 and one
    sentence, without a traceback or a file (a command's own exit code reaching the shell: the SIGTERM test)."""
    args, message = ["--rounds", "ten"], "whole number"
    result = subprocess.run([sys.executable, "-m", "jasslib", "simulate", *args, "--out", str(tmp_path / "x.csv")],
                            capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_cli_unwritable_folder(capsys):
    # /sys refuses new files even to root
    assert main(["simulate", "--rounds", "5", "--out", "/sys/jasslib-test.csv"]) == 2
    assert "is not writable" in capsys.readouterr().err


def test_cli_output_inside_a_file(tmp_path: Path, capsys):
    (tmp_path / "file.txt").write_text("x")
    assert main(["simulate", "--rounds", "5", "--out", str(tmp_path / "file.txt" / "x.csv")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_cli_refuses_a_folder_as_output(tmp_path: Path, capsys):
    assert main(["simulate", "--rounds", "5", "--out", str(tmp_path)]) == 2
    assert "must end in .parquet or .csv" in capsys.readouterr().err


def test_round_from_row_is_the_same_deal():
    df = simulate(5, seed="x", progress=False)
    r = round_from_row(df.iloc[3])
    assert isinstance(r, Round) and r.forehand == 0


def test_cli_simulate_stopped_by_sigterm_leaves_no_file(tmp_path: Path):
    """Killed politely half-way (`kill`, a scheduler's stop): the real process exits with 128 + SIGTERM, one
    sentence, and neither the output file nor its temporary .part file is left behind."""
    import signal
    import time

    number = signal.SIGTERM
    proc = subprocess.Popen([sys.executable, "-m", "jasslib", "simulate", "--rounds", "50000000", "--out",
                             str(tmp_path / "sim.parquet"), "--no-progress"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        deadline = time.time() + 120
        while not list(tmp_path.glob(".sim.parquet.*.part")):
            assert proc.poll() is None, proc.communicate()
            assert time.time() < deadline, "the run did not start writing within 120 s"
            time.sleep(0.05)
        time.sleep(0.3)
        proc.send_signal(number)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + number, err
    assert "interrupted; no output file was written" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_cli_simulate_stopped_by_sighup_leaves_no_file(tmp_path: Path, capsys):
    """A logout (SIGHUP) half-way, the command run in this process: main() returns 128 + SIGHUP, says so in one
    sentence, leaves no file, and puts back the SIGHUP handler it found."""
    import signal
    import threading
    import time

    number = signal.SIGHUP
    before = signal.getsignal(number)
    writing, sent = threading.Event(), threading.Event()

    def hang_up() -> None:  # once the run writes its .part file (or after 120 s), the signal comes to this process
        deadline = time.time() + 120
        while time.time() < deadline and not sent.is_set():
            if list(tmp_path.glob(".sim.parquet.*.part")):
                writing.set()
                time.sleep(0.3)
                break
            time.sleep(0.02)
        if not sent.is_set() and signal.getsignal(number) is not before:  # main()'s handler is in place
            sent.set()
            os.kill(os.getpid(), number)

    watcher = threading.Thread(target=hang_up, daemon=True)
    watcher.start()
    try:
        code = main(["simulate", "--rounds", "50000000", "--out", str(tmp_path / "sim.parquet"), "--no-progress"])
    finally:
        sent.set()  # a watcher still waiting sends nothing once main() has returned
        watcher.join(timeout=10)
    err = capsys.readouterr().err
    assert writing.is_set(), "the run did not start writing within 120 s"
    assert code == 128 + number, err
    assert "interrupted; no output file was written" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert signal.getsignal(number) is before


@pytest.mark.parametrize(("finalizer", "name"), [("__del__", "SIGTERM"), ("weakref.finalize", "SIGHUP"),
                                                 ("__del__", "SIGINT")])
def test_a_stop_signal_handled_inside_a_finalizer_still_stops_the_command(finalizer: str, name: str):
    """A SIGTERM, SIGHUP or Ctrl-C whose handler runs inside a finalizer (an object's ``__del__`` or a weak
    reference's callback, run when garbage is collected) raises there, and Python prints and drops that exception:
    once in this suite the command ran on to its end (50 million rounds).  The stop comes a moment later instead,
    and the handlers and the hook found are put back."""
    import signal
    import time
    import weakref

    from jasslib.__main__ import _Stopped, _stopping_signals

    def terminate() -> None:
        os.kill(os.getpid(), getattr(signal, name))  # handled before this function returns

    class Litter:
        def __del__(self) -> None:
            if finalizer == "__del__":
                terminate()

    numbers = (signal.SIGTERM, signal.SIGHUP, signal.SIGALRM, signal.SIGINT)
    before = {number: signal.getsignal(number) for number in numbers}
    hook = sys.unraisablehook
    with pytest.raises(KeyboardInterrupt) as caught:
        with _stopping_signals():
            litter = Litter()
            if finalizer == "weakref.finalize":
                weakref.finalize(litter, terminate)
            del litter  # collected at once
            start = time.monotonic()
            while time.monotonic() - start < 5:  # the command (or until the stop comes)
                time.sleep(0.001)
    assert time.monotonic() - start < 4  # stopped, not after the 5 s of the loop
    if name == "SIGINT":
        assert type(caught.value) is KeyboardInterrupt
    else:
        assert isinstance(caught.value, _Stopped) and caught.value.signum == getattr(signal, name)
    assert {number: signal.getsignal(number) for number in numbers} == before and sys.unraisablehook is hook
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
