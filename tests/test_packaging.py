"""Checks on the packaging files: pyproject.toml, environment.yml, .ci/run, README.md.

These keep the conda environment in step with the pip extras, CI wired to
``make test``, and the core engine free of third-party imports.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, as the tomli package
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jasslib"

# Modules of jasslib that may import third-party packages at top level: the
# simulation and notebook helpers.  Any such package must be in the "notebooks" extra (which includes "sim").  Every
# other module is the core engine and may import only the standard library.
OPTIONAL_MODULES = (
    "jasslib/widgets/",
    "jasslib/display.py",
    "jasslib/plotting.py",
    "jasslib/_numba.py",
    "jasslib/fast.py",
    "jasslib/simulation.py",
    "jasslib/solver.py",
    "jasslib/ddtable.py",
    "jasslib/players/",
    "jasslib/analysis/",
)

# Distribution name -> name it is imported under, where the two differ.
IMPORT_NAMES: dict[str, str] = {}


def normalize(name: str) -> str:
    """PEP 503 normalized project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """``"ruff>=0.6,<0.18"`` -> ``"ruff"``; ``"pkg[extra]; python_version<'3.11'"`` -> ``"pkg"``."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert match, f"cannot read a package name in {requirement!r}"
    return normalize(match.group(1))


def load_pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)


def extras_packages(pyproject: dict) -> dict[str, set[str]]:
    """Package names of each extra, self-references like ``jasslib[a,b]`` expanded."""
    raw = pyproject["project"]["optional-dependencies"]
    name = normalize(pyproject["project"]["name"])

    def expand(extra: str, seen: frozenset[str] = frozenset()) -> set[str]:
        assert extra not in seen, f"extra {extra!r} refers to itself"
        packages: set[str] = set()
        for req in raw[extra]:
            if requirement_name(req) == name:
                inner = re.search(r"\[([^\]]*)\]", req)
                assert inner, f"{req!r}: a self-reference needs [extras]"
                for sub in inner.group(1).split(","):
                    packages |= expand(sub.strip(), seen | {extra})
            else:
                packages.add(requirement_name(req))
        return packages

    return {extra: expand(extra) for extra in raw}


def environment_yml() -> tuple[str | None, set[str], list[str]]:
    """(name, conda packages, pip entries) of environment.yml, read without PyYAML.

    The file is small and ours: ``name:``, then ``dependencies:`` with one
    ``- spec`` per line and an optional nested ``- pip:`` list.
    """
    name = None
    conda: set[str] = set()
    pip: list[str] = []
    section = None
    in_pip = False
    for line in (ROOT / "environment.yml").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        text = line.strip()
        if indent == 0:
            key, _, value = text.partition(":")
            section = key.strip()
            in_pip = False
            if section == "name":
                name = value.strip()
            continue
        if section != "dependencies" or not text.startswith("- "):
            continue
        item = text[2:].strip()
        if item == "pip:":
            in_pip, pip_indent = True, indent
            continue
        if in_pip and indent > pip_indent:
            pip.append(item)
            continue
        in_pip = False
        conda.add(requirement_name(item))
    return name, conda, pip


def test_pyproject_metadata():
    project = load_pyproject()["project"]
    assert project["name"] == "jasslib"
    assert project["version"] == "0.1.0"
    assert project.get("dependencies", []) == [], "the core engine has no dependencies"
    extras = extras_packages(load_pyproject())
    assert {"notebooks", "test", "dev"} <= extras.keys()
    assert extras["dev"] == extras["notebooks"] | extras["test"]


def test_environment_yml_matches_pyproject_extras():
    name, conda, pip = environment_yml()
    assert name == "jasslib"
    conda -= {"python", "pip"}
    wanted = set().union(*extras_packages(load_pyproject()).values())
    assert not wanted - conda, f"in pyproject extras but not in environment.yml: {sorted(wanted - conda)}"
    assert not conda - wanted, f"in environment.yml but not in pyproject extras: {sorted(conda - wanted)}"
    assert "-e ." in pip, "environment.yml should pip-install the project itself (-e .)"


def test_ci_runs_make_test():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines() if not line.strip().startswith("#")]
    runs_make_test = any(re.search(r"(^|[;&|]\s*)make\b.*\btest\b", cmd) for cmd in commands)
    assert runs_make_test, ".ci/run must run `make test`"
    assert "set -euo pipefail" in script


def test_readme_documents_make_targets():
    readme = ROOT / "README.md"
    assert readme.exists(), "README.md is missing"
    text = readme.read_text(encoding="utf-8")
    for target in ("make lab", "make test"):
        assert target in text, f"README.md should mention `{target}`"


def _module_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _is_optional(path: Path) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return any(rel == opt or rel.startswith(opt) for opt in OPTIONAL_MODULES)


def _top_level_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """Absolute imports run when the module is imported (not those in functions
    or classes' methods, nor under ``if TYPE_CHECKING:``)."""
    found: list[tuple[int, str]] = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.extend((node.lineno, alias.name.split(".")[0]) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and node.module:
                    found.append((node.lineno, node.module.split(".")[0]))
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if test not in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.ClassDef):
                visit(node.body)
            elif isinstance(node, (ast.With,)):
                visit(node.body)

    visit(tree.body)
    return found


def test_package_has_modules():
    assert any(not _is_optional(p) for p in _module_files()), "no core modules found in jasslib/"


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=p.relative_to(ROOT).as_posix()) for p in _module_files()]
)
def test_core_modules_import_only_stdlib(path: Path):
    """The engine needs no third-party package; notebook helpers only the notebooks extra."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    allowed = set(sys.stdlib_module_names) | {"jasslib", "__future__"}
    if _is_optional(path):
        notebooks = extras_packages(load_pyproject())["notebooks"]
        allowed |= {IMPORT_NAMES.get(pkg, pkg.replace("-", "_")) for pkg in notebooks}
    bad = [f"line {line}: import {name}" for line, name in _top_level_imports(tree) if name not in allowed]
    assert not bad, f"{path.relative_to(ROOT)} imports packages it may not need at import time: {bad}"


def test_core_imports_without_site_packages():
    """``import jasslib`` (and each core module) works with no site-packages at all."""
    core = [
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in _module_files()
        if not _is_optional(p)
    ]
    code = (
        "import importlib, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"for name in {core!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in ('numpy', 'pandas', 'ipywidgets', 'matplotlib') if m in sys.modules)\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert result.returncode == 0, result.stderr
