"""tests/chromium.py: ``make test`` finds or provides a browser first, or stops at once with one sentence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import chromium

SCRIPT = Path(__file__).with_name("chromium.py")


def _fake_browser(tmp_path: Path, banner: str) -> Path:
    exe = tmp_path / "fake-chromium"
    exe.write_text(f"#!/bin/sh\necho '{banner}'\n")
    exe.chmod(0o755)
    return exe


def test_an_explicit_browser_is_used_when_it_runs(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    exe = _fake_browser(tmp_path, "Chromium 999.0")
    monkeypatch.setenv("JASSLIB_CHROMIUM", str(exe))
    assert chromium.find_chromium() == str(exe)
    assert chromium.provide() == str(exe)


def test_a_program_that_is_no_browser_is_refused(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("JASSLIB_CHROMIUM", str(_fake_browser(tmp_path, "hello")))
    assert chromium.find_chromium() is None


def test_without_a_browser_make_test_stops_at_once_with_one_sentence(tmp_path: Path) -> None:
    """An explicit browser that is missing is not replaced by an install: the run stops, exit 1, one sentence."""
    env = dict(os.environ, JASSLIB_CHROMIUM=str(tmp_path / "missing"), JASSLIB_CHROMIUM_SEARCH="0")
    out = subprocess.run([sys.executable, str(SCRIPT), "--provide"], capture_output=True, text=True, env=env,
                         timeout=60)
    assert out.returncode == 1
    assert out.stdout == ""
    assert out.stderr.strip() == chromium.HELP
    assert chromium.HELP.count(". ") == 0 and chromium.HELP.endswith(".")  # one sentence


def test_the_browser_of_this_run_is_found() -> None:
    """make test has provided a browser (JASSLIB_CHROMIUM) or one is on the machine: the browser tests can run."""
    found = chromium.find_chromium()
    assert found and os.access(found, os.X_OK)
