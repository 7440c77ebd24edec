"""Test-session set-up: Hypothesis profiles, the numba kernels compiled once before the workers start, and the
real-browser fixtures every browser test file shares.

Hypothesis: "ci" when the CI environment variable is set, else "dev".

With pytest-xdist, every worker would otherwise compile (or load) the same kernels at the same time
on a cold cache; the controller compiles them first, in one process, so the workers only load them.

Real-browser fixtures (``tests/browsing.py`` has the helpers; each server starts at its first use, once per
worker process, and stops at the end of the run; a test never starts its own JupyterLab or Voilà):

- ``playwright``: the worker's one Playwright (sync API), for tests that launch browsers of their own.
- ``chromium_context``: Debian's headless Chromium (``$JASSLIB_CHROMIUM``), one Playwright browser context for
  the run; ``chromium_context.new_page()`` gives a tab.
- ``course_copy``: a copy of ``notebooks/``, ``app/`` and ``docs/`` in a temporary folder (the servers serve it).
- ``jupyter_lab``: JupyterLab on the course copy (:class:`browsing.JupyterLab`: ``url(path)``, ``kernels()``).
- ``voila_app``: the course without code, ``app/serve.py`` (``make app``) on the course copy
  (:class:`browsing.VoilaApp`: ``url(path)``).
- ``lab_notebook``: ``lab_notebook("03_following_suit_and_trumping.ipynb")`` opens that notebook of
  ``notebooks/`` in JupyterLab (a tab and a workspace of its own), waits for its kernel and runs all cells
  (``run=False``: opened only); returns the Playwright page.  At the test's end the tab is closed and the
  notebook's kernel shut down.  ``shared=True``: the page (and its kernel) is kept for the run and handed to
  every test asking for the same notebook with ``shared=True`` -- for tests that each use a widget of their
  own on it, so the notebook runs once.
- ``voila_page``: ``voila_page("voila/render/app/trainers.ipynb")`` (``""``: the index) opens that page of the
  course app in a new tab and returns it; the tabs the test opened (pop-ups too) are closed at its end, which
  ends their kernels.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


@pytest.fixture(autouse=True)
def _no_solver_jobs_left() -> Iterator[None]:
    """After each test, the jobs its reviews left to the process's solver thread are dropped (a RoundPlayer judges
    ahead in the background: a test's hard trump round must not hold the thread for the next test)."""
    yield
    solver = sys.modules.get("jasslib.solver")
    if solver is not None:
        solver._stop_all()


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


# ------------------------------------------------------------------------------------- real-browser fixtures
@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """The run's one Playwright (sync API): a process may start it only once while it runs, so every browser
    fixture and test of a worker uses this one (``playwright.chromium.launch(...)`` for browsers of its own)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium_context(playwright: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless Chromium (Playwright persistent context) for the whole run; fails, never skips, without one."""
    from browsing import ARGS, WAIT_MS
    from chromium import HELP, find_chromium

    chromium = find_chromium()
    assert chromium, HELP
    profile = tmp_path_factory.mktemp("chromium-profile")
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, args=ARGS, viewport={"width": 1400, "height": 1000}
    )
    context.set_default_timeout(WAIT_MS)  # every wait without its own bound (browsing.WAIT_MS)

    def watch(page: Any) -> None:  # the pages' errors, for the report of a failing test (see below)
        page.on("console", lambda m: _PAGE_ERRORS.append(f"{m.type}: {m.text}") if m.type in ("error", "warning")
                else None)
        page.on("pageerror", lambda e: _PAGE_ERRORS.append(f"uncaught: {e}"))

    context.on("page", watch)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def course_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the notebooks, the app and the rule book, so the servers never write into the repository."""
    from browsing import copy_course

    return copy_course(tmp_path_factory.mktemp("course"))


@pytest.fixture(scope="session")
def jupyter_lab(course_copy: Path) -> Iterator[Any]:
    """JupyterLab on the course copy, started once (per worker process) for the run."""
    from browsing import JupyterLab

    lab = JupyterLab(course_copy)
    try:
        yield lab
    finally:
        lab.close()


@pytest.fixture(scope="session")
def voila_app(course_copy: Path) -> Iterator[Any]:
    """The course without code (app/serve.py on the course copy), started once (per worker process) for the run."""
    from browsing import VoilaApp

    app = VoilaApp(course_copy)
    try:
        yield app
    finally:
        app.close()


_SHARED_PAGES: dict[str, Any] = {}
_PAGE_ERRORS: list[str] = []
"""The console errors and warnings of the pages of ``chromium_context`` since the current test's set-up began."""


def _close_own_pages(context: Any) -> None:
    """Close every tab of ``context`` except the shared notebook pages."""
    keep = {id(p) for p in _SHARED_PAGES.values()}
    for page in list(context.pages):
        if id(page) not in keep:
            page.close()


@pytest.fixture
def lab_notebook(chromium_context: Any, jupyter_lab: Any) -> Iterator[Callable[..., Any]]:
    """``lab_notebook(name, run=True, shared=False)``: notebook ``notebooks/<name>`` open in JupyterLab (see the
    module docstring); returns the Playwright page."""
    from browsing import run_all

    opened: list[str] = []

    def open_notebook(name: str, run: bool = True, shared: bool = False) -> Any:
        path = f"notebooks/{name}"
        if shared and path in _SHARED_PAGES:
            return _SHARED_PAGES[path]
        page = chromium_context.new_page()
        page.goto(jupyter_lab.url(path), timeout=120_000)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=120_000)
        page.wait_for_selector(".jp-Notebook", timeout=120_000)
        if run:
            run_all(page)
        if shared:
            _SHARED_PAGES[path] = page
        else:
            opened.append(path)
        return page

    yield open_notebook
    _close_own_pages(chromium_context)
    for path in opened:
        if path not in _SHARED_PAGES:
            jupyter_lab.shutdown_session(path)


@pytest.fixture
def voila_page(chromium_context: Any, voila_app: Any) -> Iterator[Callable[[str], Any]]:
    """``voila_page(path)``: the course app's page ``path`` (``""``: the index) in a new tab; returns the page."""

    def open_page(path: str = "") -> Any:
        page = chromium_context.new_page()
        page.goto(voila_app.url(path), timeout=180_000)
        return page

    yield open_page
    _close_own_pages(chromium_context)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _PAGE_ERRORS.clear()  # each test's report shows the page errors from its own set-up on


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A failing test that used the shared browser or a server fixture with a ``log_tail`` (JupyterLab, the course
    app, a classroom, ``make app``) gets the pages' console errors and the end of the server's log as sections of its
    report: where a page stopped answering, what the page, the server and its kernels said last."""
    outcome = yield
    report = outcome.get_result()
    if not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    if "chromium_context" in funcargs and _PAGE_ERRORS:
        report.sections.append(("the pages' console errors and warnings (last 40)", "\n".join(_PAGE_ERRORS[-40:])))
    for name, value in funcargs.items():  # the shared servers, and any fixture's server with a log_tail
        tail = getattr(value, "log_tail", None)
        text = tail(60) if callable(tail) else ""
        if text:
            report.sections.append((f"{name}: the server's log (last 60 lines)", text))


# ------------------------------------------------------------------------- the order of the tests on xdist workers
_DURATIONS = Path(__file__).resolve().parent / "durations.json"
"""Seconds per test id for the tests that take more than a fraction of a second (from a ``--durations`` run;
refresh with ``python tests/durations.py REPORT``).  Only the order of the run depends on them."""
_SHARED_SERVERS = ("jupyter_lab", "voila_app")


def _group(item: pytest.Item) -> str:
    """Tests that share a costly fixture run on one worker, one after the other: the shared server's name, or the
    module of a test that uses a module- or class-scoped fixture; else the test's own id."""
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs if info is not None else {}
    for name in _SHARED_SERVERS:
        if name in defs:
            return name
    if any(d.scope in ("module", "class", "package") for ds in defs.values() for d in ds):
        return item.nodeid.split("::", 1)[0]
    return item.nodeid


def _block_sizes(count: int, workers: int) -> list[int]:
    """How pytest-xdist's worksteal scheduler first splits ``count`` tests among ``workers`` (in order)."""
    sizes = []
    for i in range(workers):
        sizes.append(count // (workers - i))
        count -= sizes[-1]
    return sizes


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On pytest-xdist workers, order the tests so that each worker's first block starts with an equal share of
    the slow ones (longest first) and ends with quick ones, which the other worker can steal at the end: both
    workers then finish together.  The groups of :func:`_group` stay whole.  Every worker computes the same order
    (xdist checks that they collected the same tests); a plain ``pytest`` keeps the collection order."""
    import json

    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    if workers < 2 or len(items) < 2 * workers:
        return
    try:
        seconds: dict[str, float] = json.loads(_DURATIONS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    groups: dict[str, list[pytest.Item]] = {}
    for item in items:
        groups.setdefault(_group(item), []).append(item)
    cost = {key: sum(seconds.get(i.nodeid, 0.0) for i in members) for key, members in groups.items()}
    slow = sorted((k for k in groups if cost[k] > 0), key=lambda k: -cost[k])
    bins: list[list[pytest.Item]] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for key in slow:  # longest first onto the least loaded worker
        w = load.index(min(load))
        bins[w].extend(groups[key])  # a group keeps its file order: its tests may build on its server's state
        load[w] += cost[key]
    quick = [i for key, members in groups.items() if cost[key] == 0 for i in members]
    sizes = _block_sizes(len(items), workers)
    if any(len(b) > size for b, size in zip(bins, sizes)):
        return  # more slow tests than a block holds: keep the collection order
    for b, size in zip(bins, sizes):
        take, quick = quick[: size - len(b)], quick[size - len(b):]
        b.extend(take)
    items[:] = [i for b in bins for i in b]
