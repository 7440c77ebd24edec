"""The trump columns of the shipped deals 400..1999, solved over several sessions by benchmarks/fill_dd_trump.py:
its file is whole, of the shipped deals, holds exactly the values of ddtable.sample, and the solver gives them
again."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import fill_dd_trump  # noqa: E402


def test_the_file_has_every_deal_400_to_1999_once_with_four_trump_values() -> None:
    rows = fill_dd_trump.done_rows()
    assert sorted(rows) == list(range(fill_dd_trump.FIRST, fill_dd_trump.LAST)) == list(range(400, 2000))
    lines = fill_dd_trump.CSV.read_text().splitlines()
    assert lines[0] + "\n" == fill_dd_trump.HEADER
    assert len(lines) - 1 == len(rows), "a deal appears twice"
    for deal, row in rows.items():
        assert len(row) == 5 and all(0 <= v <= 257 for v in row[:4]) and row[4] > 0, (deal, row)


def test_the_shipped_sample_holds_the_values_of_the_file() -> None:
    from jasslib import ddtable

    rows = fill_dd_trump.done_rows()
    table = ddtable.sample(ddtable.SAMPLE_DEALS)
    for i, name in enumerate(fill_dd_trump.TRUMPS):
        shipped = table[name].iloc[fill_dd_trump.FIRST:fill_dd_trump.LAST].tolist()
        assert shipped == [rows[d][i] for d in range(fill_dd_trump.FIRST, fill_dd_trump.LAST)], name


def test_the_solver_gives_the_values_of_the_quickest_deal_again() -> None:
    rows = fill_dd_trump.done_rows()
    deal = min(rows, key=lambda d: rows[d][4])  # about a second
    again = tuple(int(v) for v in fill_dd_trump.solve_deal(deal).split(",")[1:5])
    assert again == rows[deal][:4], deal


def test_every_deal_the_reference_solver_solved_again_agrees_with_the_file() -> None:
    """Issue 19's old-against-new comparison on the trump contracts of deals 400..: the reference solver (the solver
    before issue 19, ``fill_dd_trump.py --reference``) gives every value the new solver put in the file."""
    reference = fill_dd_trump.done_rows(fill_dd_trump.REFERENCE_CSV)
    lines = fill_dd_trump.REFERENCE_CSV.read_text().splitlines()
    assert lines[0] + "\n" == fill_dd_trump.HEADER and len(lines) - 1 == len(reference), "a deal appears twice"
    assert sorted(reference) == list(range(fill_dd_trump.FIRST, fill_dd_trump.FIRST + len(reference)))
    assert len(reference) == 1600  # every deal 400..1999: all 12,000 deal-contracts of the table compared
    assert fill_dd_trump.disagreements(reference, fill_dd_trump.done_rows()) == []
    assert all(row[4] > 0 for row in reference.values())


def test_a_disagreement_with_the_reference_is_found() -> None:
    rows = fill_dd_trump.done_rows()
    reference = {400: rows[400], 401: (*rows[401][:3], rows[401][3] + 2, 1.0), 2000: (1, 2, 3, 4, 1.0)}
    assert fill_dd_trump.disagreements(reference, rows) == [401, 2000]


@pytest.mark.parametrize("which", ["reference", "package"])
def test_the_solver_proves_each_true_value_and_refutes_its_neighbours(which: str) -> None:
    """``--reference`` from deal 1246 on, and ``--check``: two probes of the reference solver, or of the package's
    solver as it is now, at a value prove it or not.  Deal 1141 has a match each way (♠ 257, ♥ and ♦ 0) and an
    ordinary value (♣ 136), and takes a tenth of a second; deal 793 under ♦ gives team 0 no points without a match
    (0 points are two differences of the teams' points, -257 and -157: the check once took 0 for a match only)."""
    sys.path.insert(0, str(ROOT / "tests"))
    import solver_reference

    from jasslib import CLASSIC, ddtable, fast, solver

    search = solver_reference if which == "reference" else solver
    rows = fill_dd_trump.done_rows()
    assert rows[1141][:4] == (136, 257, 0, 0)  # team 0 takes all nine tricks under ♠, team 1 under ♥ and ♦
    hands = fast.deal_batch(ddtable.SAMPLE_SEED, 1141, 1)[0]
    for contract in range(4):
        pos = solver.Position.deal(hands, contract, 0, CLASSIC)
        true = rows[1141][contract]
        assert fill_dd_trump.reference_agrees(search, pos, true), contract
        for wrong in (true - 1, true + 1, true - 2, true + 2):
            if 0 <= wrong <= 257:
                assert not fill_dd_trump.reference_agrees(search, pos, wrong), (contract, wrong)
    if which == "reference":
        return
    # deal 793 under ♦: team 0 takes 0 points without a match (its one trick has none, and not the last); how the
    # points map to probes does not depend on the solver, so one is enough
    assert rows[793][3] == 0
    pos = solver.Position.deal(fast.deal_batch(ddtable.SAMPLE_SEED, 793, 1)[0], 3, 0, CLASSIC)
    assert fill_dd_trump.reference_agrees(search, pos, 0)
    assert not any(fill_dd_trump.reference_agrees(search, pos, wrong) for wrong in (1, 2, 257))


def test_check_proves_the_shipped_values_of_a_deal_with_the_package_solver() -> None:
    """``--check`` of deal 1141 (from the file) and deal 7 (a deal the solver before issue 19 shipped, about a
    second): every value proved."""
    for deal in (1141, 7):
        got, bad, seconds = fill_dd_trump.check_deal(deal)
        assert (got, bad) == (deal, []) and seconds >= 0
