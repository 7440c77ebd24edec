"""What the real-browser tests share: Chromium, a copy of the course, one JupyterLab and one Voilà app per process.

The fixtures in ``tests/conftest.py`` build on these (see its docstring): every browser test file uses them, so
a whole ``pytest`` run starts JupyterLab once and the course app (``app/serve.py``) once per worker process,
instead of once per test.  Servers bind to 127.0.0.1 on a free port, and are stopped at the end of the run.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LAB_SERVER_CONFIG = json.loads((ROOT / "jupyter_config" / "jupyter_server_config.json").read_text(encoding="utf-8"))
"""The server settings ``make lab`` gives JupyterLab (the test's JupyterLab takes them as flags)."""
# How long a real-browser step may wait for the page (ms): the suite runs on every core beside kernels and
# servers, so a step that takes a second alone can take a minute there.  A bound for a step that never comes,
# not a measure of speed (the benchmarks measure speed).
WAIT_MS = 120_000
RELOADS = 3
"""How often a test reloads a Voilà page of trainers whose last outputs say "model not found" (the open fault of
that page on a loaded machine, see ``test_classroom.ModelsMissing``), as a learner would, before it fails."""


def reload_after_the_open_fault(page: Any, attempt: int, report: str) -> None:
    """Reload a page of trainers that met the open fault (its last outputs say "model not found"), as a learner
    does (a kernel of its own again, the same login), and put ``report`` in the run's warnings summary."""
    warnings.warn(f"the open fault of the trainers page (reload {attempt} of {RELOADS}): {report}", stacklevel=2)
    page.reload(timeout=WAIT_MS)
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]
"""Chromium's command-line switches for the tests (headless, nothing fetched from the network)."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen, seconds: float = 90) -> None:
    """Until ``url`` answers 200; fails when ``proc`` exits first or after ``seconds``."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited early with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"the server did not answer {url} within {seconds} s")


def stop(proc: subprocess.Popen) -> None:
    """Terminate ``proc`` (kill it when it does not end within 20 s)."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def copy_course(work: Path) -> Path:
    """Copy the notebooks, the app and the rule book into ``work`` (so servers never write into the repository)."""
    for part in ("notebooks", "app", "docs"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return work


def runtime_dir() -> str:
    """A fresh, short folder for a server's Jupyter runtime files (removed when the run ends).  The course app's
    kernels talk over Unix sockets in that folder (``app/serve.py kernel_transport``) only when a socket's path fits
    in about 100 bytes; pytest's temporary folders are deeper than that, and the app would fall back to TCP and its
    port race (a kernel failing "Address already in use" and its page never coming)."""
    folder = tempfile.mkdtemp(prefix="jrt-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


def tail(path: Path, lines: int) -> str:
    """The last ``lines`` lines of the text file ``path`` ("" when it does not exist): a server's log, for a report."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def server_env(work: Path) -> dict[str, str]:
    """The environment of a server on the course copy ``work``: plots without a display, Jupyter's folders there."""
    return dict(os.environ, MPLBACKEND="Agg", JUPYTER_CONFIG_DIR=str(work / ".jupyter-config"),
                JUPYTER_RUNTIME_DIR=runtime_dir(), IPYTHONDIR=str(work / ".ipython"))


class _Logged:
    """A server whose log (its stderr, where Jupyter servers and their kernels write) goes to a file beside the
    course copy (not in it: the servers list the copy), so that a failing browser test can show what the server saw
    (``log_tail``, added to the failure's report by ``tests/conftest.py``)."""

    root: Path
    proc: subprocess.Popen
    log: Path

    def _start(self, name: str, command: list[str]) -> None:
        """Start the server process ``command`` on the course copy, its stderr into ``<copy>-<name>.log``."""
        self.log = self.root.with_name(f"{self.root.name}-{name}.log")
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(command, cwd=self.root, env=server_env(self.root),
                                         stdout=subprocess.DEVNULL, stderr=log)

    def _wait(self, url: str, seconds: float) -> None:
        """Until the server answers ``url``; else stop it and fail with its log's last lines."""
        try:
            wait_http(url, self.proc, seconds)
        except BaseException as exc:
            stop(self.proc)
            if isinstance(exc, AssertionError):
                raise AssertionError(f"{exc}; its log ends:\n{self.log_tail()}") from exc
            raise

    def log_tail(self, lines: int = 40) -> str:
        """The last ``lines`` lines of the server's log ("" when there is none yet)."""
        return tail(self.log, lines) if hasattr(self, "log") else ""


class JupyterLab(_Logged):
    """JupyterLab serving the course copy ``root`` on 127.0.0.1 with a token (no news, no update check)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port, self.token = free_port(), secrets.token_hex(16)
        self._workspaces = itertools.count(1)
        self._start("jupyterlab", [
            sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
            f"--port={self.port}", f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True", "--ServerApp.open_browser=False",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            # make lab's kernel shutdown wait (jupyter_config/jupyter_server_config.json, see its README)
            f"--KernelManager.shutdown_wait_time={LAB_SERVER_CONFIG['KernelManager']['shutdown_wait_time']}",
        ])
        self._wait(self.api("status"), 90)

    def api(self, path: str) -> str:
        """The address of ``/api/<path>`` with the token."""
        return f"http://127.0.0.1:{self.port}/api/{path}?token={self.token}"

    def url(self, path: str, workspace: str | None = None) -> str:
        """The address of ``path`` (relative to the course copy, e.g. ``notebooks/03_....ipynb``) in JupyterLab,
        in a workspace of its own (a fresh one unless ``workspace`` is named), with the token."""
        name = workspace or f"test-{next(self._workspaces)}"
        return f"http://127.0.0.1:{self.port}/lab/workspaces/{name}/tree/{path}?token={self.token}"

    def kernels(self) -> list[dict]:
        """The server's running kernels (its REST API)."""
        with urllib.request.urlopen(self.api("kernels"), timeout=10) as resp:
            return list(json.load(resp))

    def shutdown_session(self, path: str) -> None:
        """End the kernel of the notebook ``path`` (relative to the course copy), if it has one."""
        with urllib.request.urlopen(self.api("sessions"), timeout=10) as resp:
            sessions = json.load(resp)
        for s in sessions:
            if s.get("path") == path:
                req = urllib.request.Request(self.api(f"sessions/{s['id']}"), method="DELETE")
                with urllib.request.urlopen(req, timeout=30):
                    pass

    def close(self) -> None:
        stop(self.proc)


class VoilaApp(_Logged):
    """The course without code (``app/serve.py``, i.e. ``make app``) serving the course copy ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = free_port()
        # the copy's app/serve.py serves the copy of the course (its parent folder)
        self._start("voila", [sys.executable, str(root / "app" / "serve.py"), "--port", str(self.port)])
        self._wait(self.url("voila/api/contents/"), 120)

    def url(self, path: str = "") -> str:
        """The address of ``path`` on the app: ``""`` is the index, ``voila/render/app/trainers.ipynb`` the trainers."""
        return f"http://127.0.0.1:{self.port}/{path}"

    def close(self) -> None:
        stop(self.proc)


KERNEL_IDLE = (
    "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
    " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel"
    " && w.sessionContext.session.kernel.status === 'idle'; }"
)


def wait_kernel_idle(page) -> None:  # noqa: ANN001
    """Until the notebook shown in JupyterLab's ``page`` has its kernel started and idle."""
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)


def run_all(page) -> None:  # noqa: ANN001
    """Run every cell of the notebook shown in JupyterLab's ``page`` (its kernel idle first)."""
    wait_kernel_idle(page)
    page.evaluate("() => window.jupyterapp.commands.execute('runmenu:run-all')")
