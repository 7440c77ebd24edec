"""How many A4 pages the worksheets and answer keys take when printed (headless Chromium to PDF).

For each topic: a sheet and a key of ``--count`` exercises (seed 0), printed to PDF by Chromium, and
the pages counted (the ``/Type /Page`` objects of the PDF).  Prints one line per topic and the totals;
the target is two exercises per page or better in both.

    python benchmarks/worksheet_pages.py [--count 10] [--topics legal,contest] [--chromium PATH]

Chromium: ``--chromium``, else ``$JASSLIB_CHROMIUM``, else ``chromium`` on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jasslib.exercises import TOPICS  # noqa: E402
from jasslib.worksheet import answer_key_html, worksheet_html  # noqa: E402

_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_pages(pdf: bytes) -> int:
    """The number of page objects in ``pdf`` (Chromium writes them uncompressed)."""
    return len(_PAGE.findall(pdf))


def printed_pages(document: str, chromium: str, folder: Path, name: str) -> int:
    """Print the HTML ``document`` to an A4 PDF with headless Chromium; its page count."""
    source, pdf = folder / f"{name}.html", folder / f"{name}.pdf"
    source.write_text(document, encoding="utf-8")
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--user-data-dir={folder / 'profile'}", f"--print-to-pdf={pdf}", source.as_uri()],
                   check=True, capture_output=True, timeout=120)
    return pdf_pages(pdf.read_bytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--topics", default=",".join(TOPICS))
    parser.add_argument("--chromium", default=os.environ.get("JASSLIB_CHROMIUM") or shutil.which("chromium"))
    args = parser.parse_args(argv)
    if not args.chromium:
        parser.error("no Chromium found: pass --chromium or set JASSLIB_CHROMIUM")
    totals = [0, 0]
    print(f"{'topic':<14} {'sheet':>5} {'key':>5}   ({args.count} exercises each, A4)")
    with tempfile.TemporaryDirectory() as tmp:
        for topic in args.topics.split(","):
            sheet = printed_pages(worksheet_html(topic, args.count), args.chromium, Path(tmp), f"{topic}-sheet")
            key = printed_pages(answer_key_html(topic, args.count), args.chromium, Path(tmp), f"{topic}-key")
            totals[0] += sheet
            totals[1] += key
            print(f"{topic:<14} {sheet:>5} {key:>5}", flush=True)
    n = len(args.topics.split(",")) * args.count
    print(f"{'total':<14} {totals[0]:>5} {totals[1]:>5}   exercises per page: sheet {n / totals[0]:.1f}, "
          f"key {n / totals[1]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
