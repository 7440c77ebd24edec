"""Tests of strategy data from search players: ``simulate(players="search")``, its chunked and resumable runs on
Dask (``python -m jasslib simulate --players search``; a 2-worker LocalCluster on 127.0.0.1 without a dashboard),
and bad budgets and arguments (the shipped sample of search rounds: tests/test_search_sample.py)."""

from __future__ import annotations

import pandas as pd
import pytest

from jasslib import ddtable
from jasslib import simulation as sim
from jasslib.__main__ import main
from jasslib.errors import BudgetError

SEED = 8
K = 4  # layouts a move: a few, so that a round takes a fraction of a second


@pytest.fixture(scope="module")
def serial() -> pd.DataFrame:
    return sim.simulate(4, players="search", seed=SEED, search_samples=K, progress=False)


@pytest.fixture(scope="module")
def client():  # noqa: ANN201
    import distributed  # in the sim extra: a missing Dask fails the test, never skips it

    from jasslib.ddtable import _local_cluster

    with _local_cluster(2) as cluster, distributed.Client(cluster) as c:
        yield c


def test_search_rounds_are_whole_rounds_by_the_rules(serial):
    assert serial.deal.tolist() == [0, 1, 2, 3] and (serial.players == "search/search/search/search").all()
    assert (serial.trick_points_0 + serial.trick_points_1).isin([157, 257]).all()
    assert ((serial.chooser == 2) == serial.schoben).all()
    assert list(serial.columns) == list(sim.COLUMNS)


def test_rows_do_not_depend_on_the_chunking(serial):
    again = pd.concat([sim.chunk_frame(0, 3, "search", seed=SEED, search_samples=K),
                       sim.chunk_frame(3, 1, "search", seed=SEED, search_samples=K)], ignore_index=True)
    pd.testing.assert_frame_equal(again, serial)
    chunked = sim.simulate(4, players="search", seed=SEED, search_samples=K, chunk_size=3, progress=False)
    pd.testing.assert_frame_equal(chunked, serial)


def test_a_search_team_against_the_rule_based_team():
    df = sim.simulate(2, players="search-vs-rule", seed=1, search_samples=K, progress=False)
    assert (df.players == "search/rule/search/rule").all()


@pytest.mark.parametrize("kw", [dict(search_samples=0), dict(search_samples=-2), dict(search_samples=1.5),
                                dict(search_budget=0), dict(search_budget=-1.0)])
def test_bad_search_budgets_are_refused(kw):
    with pytest.raises(BudgetError, match="search_"):
        sim.simulate(1, players="search", progress=False, **kw)


def test_the_command_on_dask_gives_the_serial_rows(serial, client, tmp_path, capsys):
    out = tmp_path / "search.parquet"
    code = main(["simulate", "--players", "search", "--rounds", "4", "--seed", str(SEED), "--search-samples", str(K),
                 "--chunk-size", "1", "--scheduler", client.scheduler.address, "--out", str(out), "--no-progress"])
    assert code == 0 and "wrote 4 deals" in capsys.readouterr().out
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial)
    assert not ddtable.parts_folder(out).exists()


def test_an_interrupted_run_resumes_from_its_finished_chunks(serial, tmp_path):
    out = tmp_path / "search.parquet"
    settings = {"format": "jasslib-simulate/1", "seed": SEED, "chunk_size": 2}

    def fails_on_the_second_chunk(start: int, count: int) -> pd.DataFrame:
        if start >= 2:
            raise KeyboardInterrupt
        return sim.chunk_frame(start, count, "search", seed=SEED, search_samples=K)

    with pytest.raises(KeyboardInterrupt):
        ddtable.write_chunks(out, 4, 2, settings, fails_on_the_second_chunk, workers=0)
    assert not out.exists() and len(list(ddtable.parts_folder(out).glob("chunk-*.parquet"))) == 1

    def chunk(start: int, count: int) -> pd.DataFrame:
        return sim.chunk_frame(start, count, "search", seed=SEED, search_samples=K)

    result = ddtable.write_chunks(out, 4, 2, settings, chunk, workers=0, keep_frame=True)
    assert result.resumed == 1 and result.computed == 1
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial)


@pytest.mark.parametrize("args, message", [
    (["--players", "rule", "--search-samples", "4"], "--search-samples is for runs with search players"),
    (["--players", "search", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "cannot be used with --scheduler"),
])
def test_command_errors_are_one_sentence(args, message, tmp_path, capsys):
    out = tmp_path / "x.parquet"
    assert main(["simulate", "--rounds", "2", "--out", str(out), *args]) == 2
    assert message in capsys.readouterr().err and not out.exists()


def test_a_budget_of_zero_seconds_is_refused_by_the_parser(tmp_path, capsys):
    out = tmp_path / "x.parquet"
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--rounds", "2", "--players", "search", "--search-budget", "0", "--out", str(out)])
    assert exc.value.code == 2 and "seconds above 0" in capsys.readouterr().err and not out.exists()
