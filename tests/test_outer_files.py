"""The outer layers' files and command line under hostile input: a FIFO, a killed save, a BOM, a writer that
must not write what its reader refuses, numbers in other scripts, sizes that would run for ever.

(The one-call refusals of every public name are in ``test_edges_outer.py``; here are the ones that need a
file, a second process's leftovers, or the command line.)
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from jasslib import Round, progress
from jasslib.__main__ import main
from jasslib.errors import ArgumentError, RoundFormatError
from jasslib.progress import STALE_SECONDS, Progress, ProgressRecord, read_progress


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("JASSLIB_PROGRESS", str(tmp_path / "default" / "progress.json"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_a_refused_write_leaves_the_file_readable_and_later_saves_work(tmp_path: Path) -> None:
    """One bad write (level 101, an empty or too long rule id) used to make the file unreadable for good."""
    store = Progress(tmp_path / "p.json")
    store.record("legal", True, level=2, right_rules=("P3",))
    before = (tmp_path / "p.json").read_bytes()
    for bad in ({"level": 101}, {"right_rules": ("",)}, {"wrong_rules": ("x" * 65,)}, {"hint": "no"}):
        with pytest.raises(ArgumentError):
            store.record("legal", True, **bad)  # type: ignore[arg-type]
        assert (tmp_path / "p.json").read_bytes() == before
    with pytest.raises(ArgumentError, match="level"):
        store.save(ProgressRecord(topics=(progress.TopicProgress("legal", done=1, level=101),)))
    assert store.record("legal", False, level=3).topic("legal").done == 2
    assert read_progress(tmp_path / "p.json").topic("legal").level == 3


def test_strings_are_not_taken_as_true(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match="correct"):
        ProgressRecord().with_result("legal", "False")  # type: ignore[arg-type]
    assert ProgressRecord().with_result("legal", False).topic("legal").right_first == 0


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + ProgressRecord().with_result("legal", True).to_json().encode())
    assert read_progress(path).topic("legal").done == 1
    assert Progress(path).record("legal", True).topic("legal").done == 2  # and saved again, without the mark
    assert not path.read_bytes().startswith(b"\xef\xbb\xbf")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_as_the_progress_file_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    start = time.perf_counter()
    with pytest.raises(progress.ProgressLocationError, match="regular file"):
        Progress(fifo)
    with pytest.raises(progress.ProgressFileError, match="regular file"):
        read_progress(fifo)
    assert time.perf_counter() - start < 2


def test_stale_temporary_files_of_a_killed_save_are_cleaned_on_the_next_write(tmp_path: Path) -> None:
    """kill -9 during a save leaves ``.progress.json.<hex>.tmp``; the next save removes the old ones only."""
    store = Progress(tmp_path / "progress.json")
    old = tmp_path / ".progress.json.0123456789ab.tmp"
    fresh = tmp_path / ".progress.json.ba9876543210.tmp"  # maybe another process's save in progress: kept
    other = tmp_path / ".notes.txt.0123456789ab.tmp"  # not ours: kept
    for path in (old, fresh, other):
        path.write_text("{")
    long_ago = time.time() - STALE_SECONDS - 60
    os.utime(old, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    store.record("legal", True)
    assert not old.exists() and fresh.exists() and other.exists()
    assert read_progress(store.path).done == 1


def test_merge_class_refuses_one_path_given_as_text(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match="list"):
        progress.merge_class("abc")
    assert progress.merge_class([]).rows == ()


def test_a_round_whose_seed_does_not_deal_its_hands_is_refused() -> None:
    data = json.loads(Round.deal(seed=1).to_json())
    data["seed"] = 2
    with pytest.raises(RoundFormatError, match="seed 2 deals other hands"):
        Round.from_json(json.dumps(data))
    data["seed"] = None  # hands without a seed: fine
    assert Round.from_json(json.dumps(data)).seed is None
    assert Round.from_json(Round.deal(seed="monday", dealer=1).to_json()).seed == "monday"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["simulate", "--rounds", "٣", "--out", "x.csv"], "digits 0-9"),
        (["simulate", "--rounds", "²", "--out", "x.csv"], "digits 0-9"),
        (["simulate", "--rounds", str(10**30), "--out", "x.csv"], "1,000,000,000"),
        (["simulate", "--rounds", "3", "--chunk-size", "٣", "--out", "x.csv"], "digits 0-9"),
        (["dd-table", "--deals", "3", "--workers", "1000000", "--out", "x.parquet"], "256"),
        (["worksheet", "--topic", "legal", "--count", "٣", "--out", "x.html"], "digits 0-9"),
    ],
)
def test_the_command_line_reads_ascii_digits_within_bounds(tmp_path: Path, monkeypatch, capsys, argv,
                                                           words) -> None:
    cwd = tmp_path / "cwd"  # not tmp_path itself: HOME is tmp_path/home, where numba may make its cache
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    start = time.perf_counter()
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and time.perf_counter() - start < 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert os.listdir(cwd) == []  # no output file begun


def test_a_seed_in_other_digits_is_a_word_seed(tmp_path: Path, monkeypatch) -> None:
    from jasslib.__main__ import _seed

    assert _seed("٣") == "٣" and _seed("3") == 3 and _seed("-3") == -3


def test_the_checks_keep_what_the_notebooks_pass() -> None:
    """Bin edges as a range, rank indexes as Rank members, NumPy counts: still taken after the checks."""
    import numpy as np
    import pandas as pd

    from jasslib import Rank, analysis
    from jasslib.fast import deal_batch

    frame = pd.DataFrame({"contract": ["clubs", "hearts"], "trick_points_0": [80, 100]})
    assert analysis.hist_grid({"a": frame}, bins=range(0, 265, 8)) is not None
    assert analysis.p_four_of_a_kind([Rank.NINE]) == analysis.p_four_of_a_kind([3])
    assert deal_batch(1, np.int64(2), np.int64(3)).shape == (3, 4)
    assert Round.deal(seed=np.int64(5)).to_json() == Round.deal(seed=5).to_json()
