"""The course's index for ``make app``: every numbered notebook with its title and purpose, as links.

The title and the purpose are read from each notebook's first markdown cell (its ``# Title`` line and the
paragraph after it), so the index follows the notebooks as they change.  ``app/index.ipynb`` shows
:func:`course_index_html`; Voilà renders it without code, and each link opens a notebook rendered the same
way (``/voila/render/notebooks/NN_name.ipynb``, relative to the index's own page).

>>> entries = course_index(Path(__file__).resolve().parent.parent / "notebooks")
>>> entries[0].number, entries[0].file
('01', '01_start_here.ipynb')
>>> 'href="../notebooks/01_start_here.ipynb"' in course_index_html(entries)
True
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Entry", "course_index", "course_index_html", "plain_text"]

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
_NUMBERED = re.compile(r"(\d\d)_[a-z0-9_]+\.ipynb\Z")


@dataclass(frozen=True)
class Entry:
    """One notebook of the course: its number, file name, title and purpose (plain text)."""

    number: str
    file: str
    title: str
    purpose: str


def plain_text(markdown: str) -> str:
    """Markdown of one paragraph as plain text: links, emphasis and code marks dropped, lines joined.

    >>> plain_text("This course teaches **Schieber** by the rules ([P4](../docs/rules.md#p4)),\\n`make lab`.")
    'This course teaches Schieber by the rules (P4), make lab.'
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"(\*\*|__|\*|_|`)(.+?)\1", r"\2", text)
    return " ".join(text.split())


def _first_markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            return "".join(source) if isinstance(source, list) else str(source)
    return ""


def _title_and_purpose(markdown: str, fallback: str) -> tuple[str, str]:
    """The ``# Title`` line and the first paragraph after it."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", markdown) if p.strip()]
    title, purpose = fallback, ""
    for k, paragraph in enumerate(paragraphs):
        if paragraph.startswith("# "):
            title = plain_text(paragraph.splitlines()[0][2:])
            rest = [p for p in paragraphs[k + 1:] if not p.startswith("#")]
            purpose = plain_text(rest[0]) if rest else ""
            break
    return title, purpose


def course_index(folder: str | Path = NOTEBOOKS) -> list[Entry]:
    """The numbered notebooks of ``folder`` in order, each with the title and purpose its first markdown
    cell gives (the file name when it has no ``# Title``)."""
    entries = []
    for path in sorted(Path(folder).glob("*.ipynb")):
        match = _NUMBERED.match(path.name)
        if match is None:
            continue
        number = match.group(1)
        fallback = path.stem[3:].replace("_", " ").capitalize()
        title, purpose = _title_and_purpose(_first_markdown(path), fallback)
        title = re.sub(rf"^0*{int(number)}\s*[·.:\-–]?\s+", "", title)  # the list numbers it already
        purpose = re.sub(r"^Purpose:\s*", "", purpose)
        entries.append(Entry(number, path.name, title, purpose[:1].upper() + purpose[1:]))
    return entries


def course_index_html(entries: list[Entry] | None = None, link_base: str = "../notebooks/",
                      trainers: str = "trainers.ipynb", advisor: str = "advisor.ipynb") -> str:
    """The index as HTML: one numbered link per notebook with its purpose, then the page of trainers and the
    contract advisor's page.

    Links are relative to the index's page (``link_base``), so they work under any server prefix.
    """
    entries = course_index() if entries is None else entries
    items = "".join(
        f'<li class="jass-course-entry" value="{int(e.number)}"><a href="{html.escape(link_base + e.file)}">'
        f"<b>{html.escape(e.title)}</b></a>"
        + (f'<br><span style="font-size:0.92em">{html.escape(e.purpose)}</span>' if e.purpose else "")
        + "</li>"
        for e in entries
    )
    return (
        '<nav class="jass-course-index" aria-label="The course">'
        f'<ol style="line-height:1.35;padding-left:2.2em">{items}</ol>'
        f'<p>Only practising? <a class="jass-trainers-link" href="{html.escape(trainers)}"><b>All the trainers on '
        "one page</b></a>: one trainer per topic and a round to play against the computer.</p>"
        f'<p>Which contract would you name? <a class="jass-advisor-link" href="{html.escape(advisor)}"><b>The '
        "contract advisor</b></a>: deal or type a hand and see what each contract, and schieben, is worth.</p></nav>"
    )
