"""The trump columns of the shipped deals 400..1999 being solved over several sessions (benchmarks/fill_dd_trump.py):
the committed rows are whole, of the right deals, and the solver gives them again."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import fill_dd_trump  # noqa: E402


def test_the_committed_rows_are_deals_400_to_1999_with_four_trump_values_each() -> None:
    rows = fill_dd_trump.done_rows()
    assert rows, "benchmarks/data/dd_trump.csv has no row"
    assert all(fill_dd_trump.FIRST <= deal < fill_dd_trump.LAST for deal in rows)
    lines = fill_dd_trump.CSV.read_text().splitlines()
    assert lines[0] + "\n" == fill_dd_trump.HEADER
    assert len(lines) - 1 == len(rows), "a deal appears twice"
    for deal, row in rows.items():
        assert len(row) == 5 and all(0 <= v <= 257 for v in row[:4]), (deal, row)


def test_its_deals_are_the_shipped_deals() -> None:
    from jasslib import ddtable, fast

    shipped = ddtable.sample_notrump()
    for deal in (fill_dd_trump.FIRST, min(fill_dd_trump.done_rows()), fill_dd_trump.LAST - 1):
        hands = fast.deal_batch(ddtable.SAMPLE_SEED, deal, 1)[0]
        assert [int(h) for h in hands] == [int(shipped.loc[deal, f"hand_{s}"]) for s in range(4)], deal


def test_the_solver_gives_the_committed_values_again() -> None:
    rows = fill_dd_trump.done_rows()
    quick = sorted(rows, key=lambda deal: rows[deal][4])[:2]  # the two quickest deals: a second or two
    for deal in quick:
        again = tuple(int(v) for v in fill_dd_trump.solve_deal(deal).split(",")[1:5])
        assert again == rows[deal][:4], deal
