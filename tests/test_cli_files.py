"""The files the command line writes (issue 8, hardened edges): a failed write keeps what was there before,
running out of memory ends in one sentence without a half-written file, ``--out`` through a symbolic link
writes the file it points to, and ``simulate()`` refuses a run whose frame cannot fit in memory at once."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pandas as pd
import pytest

import jasslib.cheatsheet
import jasslib.ddtable
import jasslib.progress
import jasslib.simulation
import jasslib.worksheet
from jasslib import JassError, simulate
from jasslib.__main__ import main
from jasslib.progress import Progress
from jasslib.simulation import simulate_to_file
from jasslib.worksheet import write_worksheet

WORKSHEET = ["worksheet", "--topic", "legal", "--count", "2", "--seed", "1"]


def names(folder: Path) -> list[str]:
    """Every entry of ``folder`` (temporary files included: they start with a dot)."""
    return sorted(p.name for p in folder.iterdir())


def one_sentence(err: str, command: str) -> str:
    """The single error line of ``python -m jasslib COMMAND``; fails on a traceback or several lines."""
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"python -m jasslib {command}: error: "), err
    return lines[0]


# ------------------------------------------------------------------------------------------------------------
# A failed worksheet write keeps both files as they were


@pytest.mark.parametrize("old_sheet", [True, False], ids=["old sheet", "no sheet"])
def test_worksheet_whose_key_cannot_be_written_keeps_the_sheet_as_it_was(tmp_path, capsys, old_sheet):
    sheet = tmp_path / "s.html"
    if old_sheet:
        sheet.write_text("the old sheet", encoding="utf-8")
    (tmp_path / "s_key.html").mkdir()  # root may write anywhere; a folder cannot be replaced by a file
    assert main([*WORKSHEET, "--out", str(sheet)]) == 2
    assert names(tmp_path) == (["s.html", "s_key.html"] if old_sheet else ["s_key.html"])
    if old_sheet:
        assert sheet.read_text(encoding="utf-8") == "the old sheet"
    assert names(tmp_path / "s_key.html") == []
    line = one_sentence(capsys.readouterr().err, "worksheet")
    assert "s_key.html" in line and "folder" in line


@pytest.mark.parametrize("old", [True, False], ids=["old files", "no files"])
def test_worksheet_rename_failing_for_the_key_puts_the_old_sheet_back(tmp_path, monkeypatch, old):
    """The key's rename fails after the sheet's succeeded: the old sheet returns (or the new one goes)."""
    sheet, key = tmp_path / "s.html", tmp_path / "s_key.html"
    if old:
        sheet.write_text("old sheet", encoding="utf-8")
        key.write_text("old key", encoding="utf-8")
        os.chmod(sheet, 0o600)
    real_replace = os.replace

    def replace(src, dst, **kwargs):
        if Path(dst) == key:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst, **kwargs)

    monkeypatch.setattr(jasslib.worksheet.os, "replace", replace)
    with pytest.raises(OSError, match="s_key.html"):
        write_worksheet("legal", 2, 1, sheet)
    monkeypatch.undo()
    if old:
        assert names(tmp_path) == ["s.html", "s_key.html"]
        assert sheet.read_text(encoding="utf-8") == "old sheet" and key.read_text(encoding="utf-8") == "old key"
        assert sheet.stat().st_mode & 0o777 == 0o600  # the old file itself, not a copy
    else:
        assert names(tmp_path) == []


def test_worksheet_written_again_leaves_no_backup_behind(tmp_path):
    sheet = tmp_path / "s.html"
    write_worksheet("legal", 2, 1, sheet)
    first = sheet.read_text(encoding="utf-8")
    write_worksheet("legal", 3, 1, sheet)
    assert names(tmp_path) == ["s.html", "s_key.html"] and sheet.read_text(encoding="utf-8") != first


# ------------------------------------------------------------------------------------------------------------
# Out of memory: one sentence, exit code 2, no file


def _out_of_memory(*args, **kwargs):
    raise MemoryError


def test_simulate_out_of_memory_half_way_leaves_no_file(tmp_path, capsys, monkeypatch):
    real = jasslib.simulation.iter_simulate

    def chunks(*args, **kwargs):
        yield from real(*args, **kwargs)
        assert list(tmp_path.glob(".sim.csv.*.part")), "the first chunks are written to the .part file"
        raise MemoryError

    monkeypatch.setattr(jasslib.simulation, "iter_simulate", chunks)
    code = main(["simulate", "--rounds", "20", "--chunk-size", "10", "--no-progress", "--out",
                 str(tmp_path / "sim.csv")])
    assert code == 2
    line = one_sentence(capsys.readouterr().err, "simulate")
    assert "memory" in line and "--chunk-size" in line
    assert names(tmp_path) == []


def _cheatsheet_fails(monkeypatch):
    monkeypatch.setattr(jasslib.cheatsheet, "cheatsheet_html", _out_of_memory)


def _worksheet_fails(monkeypatch):  # the key, rendered after the sheet
    real = jasslib.worksheet._render
    monkeypatch.setattr(jasslib.worksheet, "_render",
                        lambda *a, key, **k: _out_of_memory() if key else real(*a, key=key, **k))


def _export_fails(monkeypatch):
    monkeypatch.setattr(jasslib.progress.ProgressRecord, "to_json", _out_of_memory)


def _class_fails(monkeypatch):
    monkeypatch.setattr(jasslib.progress, "class_csv", _out_of_memory)


@pytest.mark.parametrize("command, out, fail", [
    (["cheatsheet"], "c.html", _cheatsheet_fails),
    (WORKSHEET, "s.html", _worksheet_fails),
    (["progress", "export", "--progress", "{store}"], "anna.json", _export_fails),
    (["progress", "class", "{store}"], "class.csv", _class_fails),
], ids=["cheatsheet", "worksheet", "progress export", "progress class"])
def test_out_of_memory_ends_in_one_sentence_without_a_file(tmp_path, capsys, monkeypatch, command, out, fail):
    store = Progress(tmp_path / "in" / "store.json")
    store.record("legal", True)
    folder = tmp_path / "out"
    folder.mkdir()
    fail(monkeypatch)
    args = [a.replace("{store}", str(store.path)) for a in command]
    assert main([*args, "--out", str(folder / out)]) == 2
    line = one_sentence(capsys.readouterr().err, " ".join(command[:2]) if command[0] == "progress" else command[0])
    assert "memory" in line and "no output file was written" in line
    assert names(folder) == []


# ------------------------------------------------------------------------------------------------------------
# --out through a symbolic link


def _link(tmp_path: Path, name: str, old: str | None = "old") -> tuple[Path, Path]:
    """``tmp_path/out/name``, a symbolic link to ``tmp_path/real/name`` (holding ``old`` unless None)."""
    (tmp_path / "out").mkdir()
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / name
    if old is not None:
        target.write_text(old, encoding="utf-8")
    link = tmp_path / "out" / name
    link.symlink_to(target)
    return link, target


def _written_through(link: Path, target: Path) -> None:
    assert link.is_symlink() and link.resolve() == target
    assert target.read_text(encoding="utf-8") != "old"
    assert names(target.parent) == [target.name]  # no temporary file left beside the target


@pytest.mark.parametrize("old", ["old", None], ids=["target exists", "dangling link"])
def test_simulate_out_through_a_symlink_writes_its_target(tmp_path, capsys, old):
    link, target = _link(tmp_path, "sim.csv", old)
    assert main(["simulate", "--rounds", "5", "--no-progress", "--out", str(link)]) == 0
    _written_through(link, target)
    assert len(pd.read_csv(link)) == 5


def test_simulate_to_file_through_a_symlink_writes_its_target(tmp_path):
    link, target = _link(tmp_path, "sim.parquet")
    simulate_to_file(link, 5, progress=False)
    assert link.is_symlink() and len(pd.read_parquet(target)) == 5
    assert names(target.parent) == ["sim.parquet"]


def test_worksheet_out_through_a_symlink_writes_its_target(tmp_path, capsys):
    link, target = _link(tmp_path, "s.html")
    assert main([*WORKSHEET, "--out", str(link)]) == 0
    _written_through(link, target)
    assert "Exercise 2" in target.read_text(encoding="utf-8")
    assert names(tmp_path / "out") == ["s.html", "s_key.html"]  # the key beside the link, a file of its own
    assert not (tmp_path / "out" / "s_key.html").is_symlink()


def test_worksheet_key_through_a_symlink_writes_its_target(tmp_path, capsys):
    link, target = _link(tmp_path, "s_key.html")
    assert main([*WORKSHEET, "--out", str(tmp_path / "out" / "s.html")]) == 0
    _written_through(link, target)
    assert "Answer:" in target.read_text(encoding="utf-8")


def test_cheatsheet_out_through_a_symlink_writes_its_target(tmp_path, capsys):
    link, target = _link(tmp_path, "c.html")
    assert main(["cheatsheet", "--out", str(link)]) == 0
    _written_through(link, target)


@pytest.mark.parametrize("command, out", [
    (["progress", "export", "--progress", "{store}"], "anna.json"),
    (["progress", "class", "{store}"], "class.html"),
], ids=["export", "class"])
def test_progress_out_through_a_symlink_writes_its_target(tmp_path, capsys, command, out):
    store = Progress(tmp_path / "store.json")
    store.record("legal", True)
    link, target = _link(tmp_path, out)
    assert main([*(a.replace("{store}", str(store.path)) for a in command), "--out", str(link)]) == 0
    _written_through(link, target)


def test_dd_table_out_through_a_symlink_writes_its_target(tmp_path, capsys):
    link, target = _link(tmp_path, "dd.parquet")
    assert main(["dd-table", "--deals", "1", "--out", str(link), "--workers", "0", "--no-progress",
                 "--contracts", "obenabe"]) == 0
    assert link.is_symlink() and len(pd.read_parquet(target)) == 1
    assert names(target.parent) == ["dd.parquet"] and names(link.parent) == ["dd.parquet"]
    assert str(link) in capsys.readouterr().out  # the user's name for it


def test_dd_table_write_through_a_symlink_writes_its_target(tmp_path):
    link, target = _link(tmp_path, "dd.parquet")
    jasslib.ddtable.write(link, 1, workers=0, contracts=["obenabe"])
    assert link.is_symlink() and len(pd.read_parquet(target)) == 1
    assert names(target.parent) == ["dd.parquet"] and names(link.parent) == ["dd.parquet"]


# ------------------------------------------------------------------------------------------------------------
# simulate() refuses a frame that cannot fit in memory


@pytest.fixture
def simulating_fails(monkeypatch):
    """Any simulation started fails the test at once (instead of filling the memory for minutes)."""

    def started(*args, **kwargs):
        raise AssertionError("simulate() started simulating instead of refusing")

    monkeypatch.setattr(jasslib.simulation, "iter_simulate", started)


def test_simulate_a_billion_rounds_is_refused_at_once(monkeypatch, simulating_fails):
    monkeypatch.setattr(jasslib.simulation, "_memory_available", lambda: 16 * 10**9)
    start, cpu = time.perf_counter(), time.thread_time()
    with pytest.raises(JassError) as info:
        simulate(10**9)
    assert time.thread_time() - cpu < 0.1 and time.perf_counter() - start < 0.5  # CPU: not the machine's load
    message = str(info.value)
    assert "92 GB" in message and "16 GB" in message
    assert "simulate_to_file" in message and "python -m jasslib simulate --out" in message
    assert ". " not in message  # one sentence


def test_simulate_refuses_by_this_computers_memory(simulating_fails):
    start, cpu = time.perf_counter(), time.thread_time()
    with pytest.raises(ValueError, match=r"would need about 552 GB"):
        simulate(10**9, contract="all")  # six rows a deal
    assert time.thread_time() - cpu < 0.1 and time.perf_counter() - start < 0.5


def test_simulate_that_fits_is_not_refused(monkeypatch):
    monkeypatch.setattr(jasslib.simulation, "_memory_available", lambda: 16 * 10**9)
    assert len(simulate(30, contract="all", progress=False)) == 180


@pytest.mark.parametrize("seed", [3, "word"])
def test_the_memory_estimate_is_the_frames_own_size(seed):
    frame = simulate(4, seed=seed, progress=False)
    per_row = sum(col.cat.codes.dtype.itemsize if isinstance(col.dtype, pd.CategoricalDtype)
                  else col.dtype.itemsize for _, col in frame.items())
    assert jasslib.simulation._row_bytes(seed) == per_row == (92 if seed == 3 else 85)


@pytest.mark.parametrize(("limit", "current", "room"), [("max", "5", None), ("8000", "3000", 5000), ("100", "400", 0)])
def test_a_containers_memory_limit_counts(tmp_path, limit, current, room):
    (tmp_path / "memory.max").write_text(limit + "\n")
    (tmp_path / "memory.current").write_text(current + "\n")
    assert jasslib.simulation._cgroup_room(str(tmp_path)) == room


def test_no_cgroup_files_means_no_container_limit(tmp_path):
    assert jasslib.simulation._cgroup_room(str(tmp_path)) is None


def test_a_container_limit_below_the_free_memory_refuses(monkeypatch, simulating_fails):
    monkeypatch.setattr(jasslib.simulation, "_cgroup_room", lambda: 2 * 10**9)
    with pytest.raises(JassError, match=r"more than the 2\.0 GB free here"):
        simulate(10**8)


# ------------------------------------------------------------------------------------------------------------
# Output files get the usual permissions, and an interrupted write leaves no temporary file


def _usual_mode() -> int:
    """The permissions a new file gets here: 0o666 less the umask (0o644 with the common umask 022)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def test_dd_tables_and_simulations_get_the_usual_permissions_of_a_new_file(tmp_path):
    # they used to be private (0o600), as the temporary file they were renamed from: a class could not share them
    table = tmp_path / "dd.parquet"
    jasslib.ddtable.write(table, 2, seed=3, contracts=["undenufe"], workers=0, chunk_size=1)
    rounds = tmp_path / "sim.csv"
    simulate_to_file(rounds, 3, seed=1)
    for path in (table, rounds):
        assert path.stat().st_mode & 0o777 == _usual_mode(), path
    assert names(tmp_path) == ["dd.parquet", "sim.csv"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, OSError])
def test_a_chunk_write_stopped_halfway_leaves_no_file(tmp_path, monkeypatch, stop):
    frame = pd.DataFrame({"x": [1, 2]})

    def half_write(self, path, **kwargs):
        Path(path).write_bytes(b"PAR1 half")  # the file exists, then Ctrl-C (or a full disk) stops the write
        raise stop()

    monkeypatch.setattr(pd.DataFrame, "to_parquet", half_write)
    with pytest.raises(stop):
        jasslib.ddtable._atomic_parquet(frame, tmp_path / "chunk-000000.parquet")
    assert names(tmp_path) == []
