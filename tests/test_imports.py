"""The package's shape: no import cycle, imports only point down the layers of the design, one front door.

Every ``import`` statement of every jasslib module is read with :mod:`ast` — at the top level, inside
functions and methods, and under ``if TYPE_CHECKING:`` alike — so a cycle cannot hide in a lazy import.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import jasslib

ROOT = Path(jasslib.__file__).resolve().parent

# The layers of the design (imports only point down; the same layer is allowed, without cycles).
LAYERS: dict[str, int] = {
    "cards": 1, "contracts": 1, "rulesets": 1, "seats": 1, "errors": 1, "_check": 1, "bits": 1, "rulebook": 1,
    "_files": 1, "_markdown": 1, "build_rules": 1, "_lazy": 1,
    "play": 2, "weis": 2, "scoring": 2, "_numba": 2,
    "round": 3, "game": 3,
    "solver": 35,
    "players": 4, "simulation": 4, "analysis": 4, "fast": 4, "ddtable": 4,
    "display": 5, "exercises": 5, "widgets": 5, "worksheet": 5, "progress": 5, "cheatsheet": 5, "__main__": 5,
}
LAYERS = {k: (v if v != 35 else 3.5) for k, v in LAYERS.items()}  # type: ignore[misc]


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (``jasslib.play``, ``jasslib.widgets`` for its __init__)."""
    out: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(module: str, is_package: bool, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The jasslib modules an import statement loads (explicitly named ones; parents are not counted)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "jasslib"]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != "jasslib":
        return []
    names = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        names.append(sub if sub in MODULES else target)
    return names


def import_graph() -> dict[str, set[str]]:
    """module -> the jasslib modules it imports anywhere in its source."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges.update(_resolve(name, path.name == "__init__.py", node))
        edges.discard(name)
        graph[name] = {e for e in edges if e in MODULES}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def _layer(module: str) -> float | None:
    parts = module.split(".")
    if len(parts) == 1:
        return None  # the package's front door imports everything
    return LAYERS.get(parts[1])


def test_no_import_cycle() -> None:
    graph = {k: {e for e in v if e != "jasslib"} for k, v in import_graph().items() if k != "jasslib"}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_every_module_has_a_layer() -> None:
    missing = [m for m in MODULES if m != "jasslib" and _layer(m) is None]
    assert not missing, f"give these modules a layer in tests/test_imports.py (DESIGN.md): {missing}"


def test_imports_point_down_the_layers() -> None:
    upward = []
    for module, targets in import_graph().items():
        low = _layer(module)
        if low is None:
            continue
        for t in targets:
            high = _layer(t)
            if high is not None and high > low:
                upward.append(f"{module} (layer {low}) imports {t} (layer {high})")
    assert not upward, "\n".join(upward)


def test_no_module_imports_the_front_door() -> None:
    """Submodules import each other, never ``jasslib`` itself (which imports everything)."""
    offenders = [m for m, targets in import_graph().items() if m != "jasslib" and "jasslib" in targets]
    assert not offenders


def test_front_door_all_is_complete_and_importable() -> None:
    """Everything the notebooks and the README use is importable from ``jasslib``, and ``__all__`` says so."""
    assert len(jasslib.__all__) == len(set(jasslib.__all__))
    for name in jasslib.__all__:
        assert hasattr(jasslib, name), name
    public = {n for n, v in vars(jasslib).items() if not n.startswith("_") and not isinstance(v, type(jasslib))}
    assert public - {"annotations"} <= set(jasslib.__all__), sorted(public - set(jasslib.__all__) - {"annotations"})


def _notebook_imports() -> set[tuple[str, str]]:
    import json

    used: set[tuple[str, str]] = set()
    paths = sorted((ROOT.parent / "notebooks").glob("*.ipynb")) + sorted((ROOT.parent / "app").glob("*.ipynb"))
    for path in paths:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            src = "".join(cell["source"])
            try:
                tree = ast.parse(src)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("jasslib"):
                    for a in node.names:
                        used.add((node.module, a.name))
    return used


def test_notebooks_import_from_the_front_door() -> None:
    """The notebooks import jasslib's names from the front door ``jasslib``, not from its modules."""
    allowed = {"jasslib"}
    deep = sorted(f"{m}.{n}" for m, n in _notebook_imports() if m not in allowed)
    assert not deep, f"import these from jasslib instead: {deep}"
    for module, name in _notebook_imports():
        if f"{module}.{name}" in MODULES:  # a submodule, such as ``from jasslib import analysis``
            continue
        assert hasattr(importlib.import_module(module), name), f"{module}.{name}"
        assert name in jasslib.__all__, f"{name} is used by a notebook: list it in jasslib.__all__"


@pytest.mark.parametrize("module", sorted(m.name for m in pkgutil.walk_packages(jasslib.__path__, "jasslib.")))
def test_every_module_imports_on_its_own(module: str) -> None:
    importlib.import_module(module)


def test_front_door_offers_every_widget() -> None:
    """Every trainer and widget is importable from ``jasslib`` itself (lazily: ipywidgets loads on first use)."""
    widgets = importlib.import_module("jasslib.widgets")
    missing = sorted(n for n in widgets.__all__ if n not in jasslib.__all__)
    assert not missing, f"add to jasslib._LAZY: {missing}"


_PAGE_RUN = """
import json, sys
sys.path.insert(0, "app")
for name in sys.argv[2:]:
    cells, page = json.load(open(name, encoding="utf-8"))["cells"], {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), page)
print(sorted(m for m in sys.argv[1].split(",") if m in sys.modules))
"""
"""Run the code cells of the notebooks named after the first argument; print which of the modules named (comma
separated) in the first argument were loaded."""


def _python(*args: str, timeout: float = 120) -> str:
    """The output of ``python -c *args`` in a fresh process (the project's folder as working folder); it must
    succeed."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", *args], cwd=ROOT.parent, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_course_apps_pages_load_no_pandas() -> None:
    """The app's pages (the trainers with the round player and the progress panel, the advisor, the index) run
    without pandas, pyarrow or matplotlib: every learner's kernel in a class would otherwise carry them (pandas with
    pyarrow is about 66 MB and 0.2 s of each kernel's start).  A module that needs pandas imports it where it makes a
    frame."""
    pages = [str(ROOT.parent / "app" / name) for name in ("trainers.ipynb", "advisor.ipynb", "index.ipynb")]
    out = _python(_PAGE_RUN, "pandas,pyarrow,matplotlib", *pages)
    assert out.strip() == "[]", f"the app's pages loaded {out.strip()}"


def test_chapters_with_only_trainers_load_no_numba() -> None:
    """The chapters whose widgets are trainers only (01-03) run without numba: ``jasslib.widgets`` imports the
    players' widgets (round and game player, advisor, hint, mistakes) on first use, so such a kernel does not carry
    numba, the players and the solver (measured 2026-12-06: 31 MB of its own memory and 0.24 s of its start)."""
    pages = [str(p) for p in sorted((ROOT.parent / "notebooks").glob("0[1-3]_*.ipynb"))]
    assert len(pages) == 3
    out = _python(_PAGE_RUN, "numba,llvmlite,jasslib.solver,jasslib.players", *pages)
    loaded = out.strip().splitlines()[-1]  # the chapters print their own lines before
    assert loaded == "[]", f"a chapter of trainers loaded {loaded}"


def test_chapters_whose_bots_play_load_no_numba() -> None:
    """Chapters 04-07 and 09 play rounds and games with rule-based bots: the bots run as plain Python until numba is
    in use anyway (``_numba.interpreted``), so these kernels do not import numba or the solver (measured 2026-12-06:
    chapter 04's kernel 207 -> 60 MB of its own memory, 05-07 and 09 about 308 -> 166 MB, 0.25-0.3 s less CPU)."""
    pages = [str(p) for p in sorted((ROOT.parent / "notebooks").glob("0[4-79]_*.ipynb"))]
    assert len(pages) == 5
    loaded = _python(_PAGE_RUN, "numba,llvmlite,jasslib.solver", *pages).strip().splitlines()[-1]
    assert loaded == "[]", f"a chapter of bots loaded {loaded}"


_BOTS_RUN = """
import sys
from jasslib import CLASSIC, MODERN, Game, Round, RuleBasedPlayer, play_game, play_round
from jasslib._numba import load_numba

def games():
    out = []
    for seed in range(40):
        r = play_round(Round.deal(seed=seed, ruleset=MODERN if seed % 2 else CLASSIC), [RuleBasedPlayer()] * 4)
        out.append((str(r.contract), r.pushed, tuple(str(c) for t in r.tricks for _, c in t.plays)))
    g = play_game(Game(seed=3, ruleset="modern"), [RuleBasedPlayer(threshold=40.0)] * 4)
    out.append((g.scores, len(g.rounds)))
    return out

plain = games()
print("numba" in sys.modules)
load_numba()
print(games() == plain, "numba" in sys.modules)
"""


def test_bots_play_the_same_cards_as_plain_python_and_compiled() -> None:
    """A rule-based bot gives the same contract, the same schieben and the same card as plain Python (before numba is
    imported) as compiled: 40 rounds of both rulesets and a whole game, played each way in one process."""
    out = _python(_BOTS_RUN, timeout=300)
    assert out.split() == ["False", "True", "True"], out


def test_a_widget_module_imported_first_leaves_the_package_names_alone() -> None:
    """``trainer`` and ``trainers_page`` are functions of ``jasslib.widgets`` and the names of two of its modules; the
    package keeps the functions whichever module is imported first."""
    code = ("import jasslib.widgets.progress, jasslib.widgets.round_player, jasslib.widgets as w, jasslib\n"
            "print(callable(w.trainer), callable(w.trainers_page), jasslib.trainer is w.trainer,"
            " w.RoundPlayer.__module__)")
    assert _python(code).split() == ["True", "True", "True", "jasslib.widgets.round_player"]


_LAZY_RUN = """
import pickle, sys
import jasslib.players.heuristics as H
from jasslib import RoundPlayer, trainers_page
trainers_page(seed=1), RoundPlayer(seed=1)  # the app's trainers page: nothing compiled is called yet
stand_in = H.default_threshold
print("numba" in sys.modules, pickle.loads(pickle.dumps(stand_in)) is stand_in,
      "compiled when first called" in repr(stand_in))
value = stand_in((1, 1, 2, 2, 3, 4))  # the first call imports numba and compiles (or loads the cached code)
from numba.core.registry import CPUDispatcher
print("numba" in sys.modules, isinstance(H.default_threshold, CPUDispatcher),
      H.default_threshold((1, 1, 2, 2, 3, 4)) == value, stand_in.py_func is H.default_threshold.py_func)
"""


def test_numba_is_imported_when_the_first_compiled_function_is_called() -> None:
    """The app's trainers page (a class's first page) draws its trainers and round player without importing numba
    (a kernel: 81 -> 55 MB of its own memory, measured 2026-12-06); the first call of a compiled function imports
    it, and the package's modules then hold numba's dispatchers in place of the stand-ins, which keep working."""
    out = _python(_LAZY_RUN, timeout=300)
    assert out.split() == ["False", "True", "True", "True", "True", "True", "True"], out
