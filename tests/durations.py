"""Refresh ``tests/durations.json`` (the seconds of the slow tests, which order a parallel run: see conftest.py).

    python -m pytest -n 0 -p no:randomly --durations=0 --durations-min=0.3 > report.txt
    python tests/durations.py report.txt

Each test's setup, call and teardown are added up; tests under ``--min`` seconds (default 0.3) are left out.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s+(setup|call|teardown)\s+(\S.*?)\s*$")


def parse(report: str) -> dict[str, float]:
    """Seconds per test id from the ``slowest durations`` block of a pytest report."""
    seconds: dict[str, float] = {}
    for line in report.splitlines():
        found = LINE.match(line)
        if found:
            seconds[found.group(3)] = seconds.get(found.group(3), 0.0) + float(found.group(1))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--min", type=float, default=0.3)
    args = parser.parse_args()
    seconds = parse(args.report.read_text(encoding="utf-8"))
    kept = {k: round(v, 1) for k, v in sorted(seconds.items()) if v >= args.min}
    (HERE / "durations.json").write_text(json.dumps(kept, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(kept)} tests of {len(seconds)} at {args.min} s or more; {sum(kept.values()):.0f} s in all")


if __name__ == "__main__":
    main()
