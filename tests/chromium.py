"""Find or provide the Chromium that the real-browser tests drive (run by ``make test`` before pytest).

``make test`` calls ``python tests/chromium.py --provide`` first, so a fresh machine either gets a
browser or stops at once with one sentence saying what to install (never after minutes of tests).
The tests then call :func:`find_chromium` and never skip.

The order tried:

1. ``$JASSLIB_CHROMIUM``, when set (a path to a Chromium or Chrome binary);
2. a Chromium or Chrome already on the machine (``chromium``, ``chromium-browser``, ``google-chrome``
   on the ``PATH``, then the usual install paths);
3. Playwright's own Chromium, when already downloaded, or ``python -m playwright install chromium``
   where that download can be reached;
4. as root on Debian or Ubuntu: the distribution's ``chromium`` package (``apt-get install chromium``).

``JASSLIB_CHROMIUM_SEARCH=0`` turns off steps 2–3 (for checking the fresh-machine path on a machine
that already has a browser).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium")
HELP = (
    "The browser tests need Chromium and none could be found or installed: install Chromium "
    "(Debian/Ubuntu: 'sudo apt-get install chromium'; or 'python -m playwright install chromium') "
    "or set JASSLIB_CHROMIUM to a Chromium binary, then run 'make test' again."
)


def _runs(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is an executable that answers ``--version`` (a snap stub or a broken link does not)."""
    p = Path(path)
    if not (p.is_file() and os.access(p, os.X_OK)):
        return False
    try:
        out = subprocess.run([str(p), "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and ("Chromium" in out.stdout or "Chrome" in out.stdout)


def _search_allowed() -> bool:
    return os.environ.get("JASSLIB_CHROMIUM_SEARCH", "1") != "0"


def _on_machine() -> str | None:
    if not _search_allowed():
        return None
    for name in NAMES:
        found = shutil.which(name)
        if found and _runs(found):
            return found
    for path in PATHS:
        if _runs(path):
            return path
    return None


def _playwright_chromium() -> str | None:
    """Playwright's own downloaded Chromium, if there is one."""
    if not _search_allowed():
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:  # noqa: BLE001 - any failure of the driver means: no usable Playwright browser
        return None
    return path if path and Path(path).is_file() else None


def find_chromium() -> str | None:
    """The Chromium binary to drive, or ``None``: steps 1–3 of the module docstring, without installing."""
    env = os.environ.get("JASSLIB_CHROMIUM")
    if env:
        return env if _runs(env) else None
    return _on_machine() or _playwright_chromium()


def _try(cmd: list[str], timeout: float) -> bool:
    print("chromium:", " ".join(cmd), file=sys.stderr)
    try:
        out = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout,
                             env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"chromium: {exc}", file=sys.stderr)
        return False
    if out.returncode != 0:
        lines = [ln.strip() for ln in out.stderr.splitlines() if ln.strip()]
        first = next((ln for ln in lines if "error" in ln.lower()), lines[0] if lines else "")
        print(f"chromium: failed (exit code {out.returncode}): {first[:200]}", file=sys.stderr)
    return out.returncode == 0


def _is_debian() -> bool:
    try:
        text = Path("/etc/os-release").read_text()
    except OSError:
        return False
    return any(word in text for word in ("ID=debian", "ID=ubuntu", "ID_LIKE=debian", 'ID_LIKE="debian'))


def provide() -> str | None:
    """:func:`find_chromium`, else install one (steps 3–4); ``None`` when nothing worked."""
    found = find_chromium()
    if found or os.environ.get("JASSLIB_CHROMIUM"):
        return found
    if _search_allowed() and _try([sys.executable, "-m", "playwright", "install", "chromium"], timeout=600):
        found = _playwright_chromium()
        if found:
            return found
    if os.geteuid() == 0 and _is_debian() and shutil.which("apt-get"):
        if _try(["apt-get", "update", "-qq"], timeout=600) and _try(
            ["apt-get", "install", "-y", "-qq", "chromium"], timeout=1200
        ):
            for path in ("/usr/bin/chromium", shutil.which("chromium") or ""):
                if path and _runs(path):
                    return path
    return None


def main(argv: list[str]) -> int:
    path = provide() if "--provide" in argv else find_chromium()
    if path is None:
        print(HELP, file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
