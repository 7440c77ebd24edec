"""The notebooks of ``notebooks/``: each runs top to bottom without an error, and each is committed clean.

Every ``notebooks/*.ipynb`` is picked up automatically.  Execution (marked ``notebook``) uses nbclient on a copy
of the folder in a temporary directory, so a notebook that writes files leaves nothing in the repository; the
kernel gets ``MPLBACKEND=Agg`` so plots need no display.  Deselect with ``pytest -m "not notebook"``.

The committed form: no outputs and no execution counts, kernel ``python3``, a numbered file name, a markdown title
cell first (``# ...``), the learner's "Questions" as the last section (the last markdown heading; the questions
themselves may follow as a code cell), and thin code cells (no function longer than a few lines: reusable code
belongs in :mod:`jasslib`, e.g. :mod:`jasslib.analysis`).

What the executed notebooks show is checked too (:data:`OUTPUT_CHECKS`): no ``NaN`` or ``<NA>`` in a table a
learner reads, contracts as people write them (``♥ trump``, not ``HEARTS``).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from jasslib import Contract

NOTEBOOK_DIR = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
MAX_DEF_LINES = 5
"""A function defined in a notebook may be at most this many lines long (thin notebooks)."""


def _name(path: Path) -> str:
    return path.name


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def test_notebooks_are_found():
    assert NOTEBOOKS, f"no notebooks in {NOTEBOOK_DIR}"


@pytest.mark.notebook
@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_runs_without_errors(path, tmp_path, monkeypatch):
    from nbclient import NotebookClient  # the kernel needs ipykernel, the notebooks matplotlib: all in [dev]

    monkeypatch.setenv("MPLBACKEND", "Agg")  # the kernel inherits this process's environment
    work = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOK_DIR, work, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "outputs"))
    nb = _read(work / path.name)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(work)}},
                            shutdown_kernel="immediate")
    client.execute()  # raises CellExecutionError, with the failing cell and its traceback, on any error
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    for check in OUTPUT_CHECKS:
        problems = check(nb)
        assert not problems, f"{path.name}: {check.__doc__} {problems}"


def _shown(cell) -> str:
    """What a code cell shows: its text and HTML outputs, joined."""
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        data = out.get("data", {})
        parts.append(data.get("text/html", "") or data.get("text/plain", ""))
    return "\n".join("".join(p) if isinstance(p, list) else p for p in parts)


def _tables(nb) -> list[tuple[int, str]]:
    """(cell, HTML) of every table a code cell shows."""
    return [(i, html) for i, c in enumerate(nb.cells) if c.cell_type == "code"
            for html in [_shown(c)] if "<table" in html]


def no_missing_value_marks(nb) -> list[int]:
    """Tables show blanks, not NaN or <NA>, where a value is missing (cells listed)."""
    return [i for i, html in _tables(nb) if re.search(r">\s*(NaN|&lt;NA&gt;|<NA>|None)\s*<", html)]


def contracts_as_people_write_them(nb) -> list[int]:
    """Tables name contracts as people write them (♥ trump, Obenabe), not as enum names (cells listed)."""
    names = "|".join(c.name for c in Contract)
    return [i for i, html in _tables(nb) if re.search(rf">\s*({names})\s*<", html)]


def numbers_as_people_write_them(nb) -> list[int]:
    """Numbers are shown as people write them (0.05, 5 %), not in a computer's exponent form 5.0e-02 (cells
    listed)."""
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
            and re.search(r"\b\d+(\.\d+)?e[-+]\d+\b", _shown(c))]


OUTPUT_CHECKS = (no_missing_value_marks, contracts_as_people_write_them, numbers_as_people_write_them)
"""Checks of what every executed notebook shows; each returns the offending cells."""


def _executed(outputs: list[dict]) -> nbformat.NotebookNode:
    cells = [nbformat.v4.new_code_cell("x", outputs=[nbformat.from_dict(o) for o in outputs])]
    return nbformat.v4.new_notebook(cells=cells)


def test_output_checks_find_what_they_look_for():
    frame = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
             "data": {"text/html": "<table><tr><td>1</td><td>{}</td></tr></table>", "text/plain": "x"}}
    bad = [dict(frame, data={"text/html": frame["data"]["text/html"].format(v)}) for v in ("NaN", "&lt;NA&gt;")]
    good = dict(frame, data={"text/html": frame["data"]["text/html"].format("")})
    assert [no_missing_value_marks(_executed([b])) for b in bad] == [[0], [0]]
    assert no_missing_value_marks(_executed([good])) == []
    hearts = dict(frame, data={"text/html": frame["data"]["text/html"].format("HEARTS")})
    people = dict(frame, data={"text/html": frame["data"]["text/html"].format("♥ trump")})
    assert contracts_as_people_write_them(_executed([hearts])) == [0]
    assert contracts_as_people_write_them(_executed([people])) == []
    for shown, cells in (("5.0e-02", [0]), ("1e+06", [0]), ("0.05", []), ("5 %", []), ("seed 7e3f", [])):
        text = {"output_type": "stream", "name": "stdout", "text": f"share {shown}\n"}
        assert numbers_as_people_write_them(_executed([text])) == cells, shown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_is_committed_without_outputs(path):
    nb = _read(path)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not dirty, f"{path.name}: cells {dirty} have outputs or execution counts; clear them before committing"
    raw = json.loads(path.read_text(encoding="utf-8"))  # nbformat fills in missing ids when it reads
    ids = [c.get("id") for c in raw["cells"]]
    assert None not in ids and len(set(ids)) == len(ids), f"{path.name}: every cell has its own id (nbformat 4.5)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_opens_with_a_title_and_ends_with_questions(path):
    assert re.fullmatch(r"\d\d_[a-z0-9_]+\.ipynb", path.name), "notebooks are numbered: 07_some_topic.ipynb"
    cells = _read(path).cells
    assert cells, f"{path.name} is empty"
    assert cells[0].cell_type == "markdown" and cells[0].source.lstrip().startswith("# "), \
        f"{path.name} must open with a markdown title cell ('# ...')"
    headings = [h for c in cells if c.cell_type == "markdown" for h in re.findall(r"^#+ +(.*)$", c.source, re.M)]
    assert headings and "Questions" in headings[-1], \
        f"{path.name} must end with a 'Questions' section (its last markdown heading), not {headings[-1:]}"


def _long_functions(source: str) -> list[tuple[str, int]]:
    """(name, lines) of each function longer than MAX_DEF_LINES in a code cell (magics and shell lines blanked)."""
    code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(code))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= MAX_DEF_LINES
    ]


def test_long_function_check():
    assert _long_functions("def f(x):\n    return x\n%timeit f(1)") == []
    assert _long_functions("def g():\n" + "    pass\n" * 5) == [("g", 6)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_code_cells_are_thin(path):
    cells = _read(path).cells
    long = [(i, *f) for i, c in enumerate(cells) if c.cell_type == "code" for f in _long_functions(c.source)]
    assert not long, (f"{path.name}: functions longer than {MAX_DEF_LINES} lines (cell, name, lines): {long}; "
                      "move them to jasslib (e.g. the jasslib/analysis package) with docstrings and tests")
