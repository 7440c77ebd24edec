"""The package is typed honestly: every ``# type: ignore`` in jasslib names its error code and says why.

``make test`` runs mypy itself (see ``[tool.mypy]`` in pyproject.toml); this test keeps the escape hatch
narrow: a bare ``# type: ignore`` hides any error on its line, and one without a reason cannot be judged.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "jasslib"

_IGNORE = re.compile(r"type:\s*ignore")
# The accepted form: `# type: ignore[code, code]  # why`, the reason a further comment with some text.
_REASONED = re.compile(r"type:\s*ignore\[\s*[a-z][a-z0-9-]*(\s*,\s*[a-z][a-z0-9-]*)*\s*\]\s*#\s*\S")


def unreasoned_ignores(source: str) -> list[tuple[int, str]]:
    """(line, comment) of each ``type: ignore`` comment in ``source`` without an error code and a reason.

    Only real comments count (read with :mod:`tokenize`), not text inside strings.
    """
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and _IGNORE.search(tok.string) and not _REASONED.search(tok.string):
            found.append((tok.start[0], tok.string))
    return found


@pytest.mark.parametrize(
    ("line", "flagged"),
    [
        ("x = f()  # type: ignore\n", True),
        ("x = f()  # type: ignore[arg-type]\n", True),
        ("x = f()  # type: ignore[arg-type]  #\n", True),
        ("x = f()  # type: ignore  # numba's decorator is untyped\n", True),
        ("x = f()  # type:ignore[misc] because\n", True),
        ("x = f()  # type: ignore[arg-type]  # every card is a Card (checked above)\n", False),
        ("x = f()  # type: ignore[operator,return-value]  # ints and arrays alike\n", False),
        ("x = f()  # type: ignore[attr-defined]# Enum reserves _sunder_ names\n", False),
        ('x = "# type: ignore"  # a string, not a comment\n', False),
        ("x = f()  # an ordinary comment\n", False),
    ],
)
def test_the_check_tells_reasoned_from_unreasoned_ignores(line: str, flagged: bool) -> None:
    assert bool(unreasoned_ignores(line)) is flagged


def test_every_type_ignore_in_jasslib_names_its_code_and_reason() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {comment}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, comment in unreasoned_ignores(path.read_text(encoding="utf-8"))
    ]
    assert not offenders, (
        "write each `# type: ignore` as `# type: ignore[code]  # reason` (or fix the type):\n" + "\n".join(offenders)
    )
