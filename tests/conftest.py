"""Test-session set-up: Hypothesis profiles, and the numba kernels compiled once before the workers start.

Hypothesis: "ci" when the CI environment variable is set, else "dev".

With pytest-xdist, every worker would otherwise compile (or load) the same kernels at the same time
on a cold cache; the controller compiles them first, in one process, so the workers only load them.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True, print_blob=True)
_ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
settings.load_profile("ci" if _ci else "dev")

# tests/ holds helpers the tests import (chromium.py): make it importable however pytest is started.
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _warm_numba_kernels() -> None:
    """Compile (or load from the cache) every numba kernel the suite uses, in this one process."""
    from jasslib import fast

    if not fast.HAVE_NUMBA:
        return
    hands = fast.deal_batch(0, 0, 2)
    fast.play_batch(hands, fast.CHOOSE, (fast.RANDOM, fast.RULE, fast.LOWEST, fast.RULE))
    fast.contract_values_batch(hands[:, 0])
    # the solver's kernels: a full deal in Obenabe (quick) and an ending through solve()
    from jasslib import CardSet, Contract, Seat, solver

    solver.dd_batch(hands[:1], contracts=[Contract.OBENABE])
    ending = [CardSet.parse(t) for t in ("A♣ 6♠", "K♣ 7♠", "Q♣ 8♠", "J♣ 9♠")]
    solver.solve(solver.Position(ending, (), Seat(0), Contract.HEARTS, tricks_won=(3, 4)))


_PROGRESS_DIR: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    # Trainers record learners' progress: never into the real home during tests (one file per process).
    _PROGRESS_DIR.append(tempfile.mkdtemp(prefix="jasslib-progress-"))
    os.environ["JASSLIB_PROGRESS"] = os.path.join(_PROGRESS_DIR[-1], "progress.json")
    if hasattr(config, "workerinput") or config.option.collectonly:
        return  # an xdist worker: the controller has compiled the kernels already
    _warm_numba_kernels()


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _PROGRESS_DIR:
        shutil.rmtree(folder, ignore_errors=True)
