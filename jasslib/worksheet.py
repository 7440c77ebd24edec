"""Printable exercise sheets: a self-contained HTML sheet and a separate answer key.

The sheet and the trainers draw from the same series: exercise ``i`` of ``(topic, seed, ruleset)``
is :func:`jasslib.exercises.exercise`, so a class can work on paper and check in the notebook.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> sheet, key = write_worksheet("trick", 3, seed=7, out_path=folder / "tricks.html")
>>> sheet.name, key.name
('tricks.html', 'tricks_key.html')
>>> "Exercise 3" in sheet.read_text(encoding="utf-8"), "Answer:" in key.read_text(encoding="utf-8")
(True, True)
"""

from __future__ import annotations

import contextlib
import html
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .display import link_rules
from .exercises import Exercise, exercises, get_topic
from .rulebook import RULE_BOOK
from .rulesets import CLASSIC, Ruleset

__all__ = ["write_worksheet", "worksheet_html", "answer_key_html", "key_path", "MAX_COUNT"]

MAX_COUNT = 500
"""The most exercises one sheet holds."""

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 52em; margin: 1.5em auto; padding: 0 1em;
       color: #000; line-height: 1.4; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 1.5em; margin: 0 0 0.2em 0; }
h2 { font-size: 1.1em; margin: 0 0 0.3em 0; }
.meta { color: #333; margin: 0.2em 0; }
.name { margin: 0.8em 0; }
ol.exercises { list-style: none; padding: 0; margin: 0; }
li.exercise { border-top: 1px solid #999; padding: 0.6em 0 0.8em 0; break-inside: avoid; page-break-inside: avoid; }
.jass-row { margin: 0.15em 0; }
.prompt { margin: 0.4em 0; }
.answer { margin-top: 0.5em; }
.blank { display: inline-block; min-width: 7em; border-bottom: 1px solid #000; margin: 0 0.8em 0 0.3em; }
.tick { display: inline-block; white-space: nowrap; margin: 0 0.9em 0.3em 0; }
.box { font-size: 1.4em; vertical-align: middle; }
table.jass-table { border-collapse: collapse; margin: 0.3em 0; }
table.jass-table th, table.jass-table td { border: 1px solid #999; padding: 2px 8px; text-align: right; }
.solution { white-space: pre-wrap; margin: 0.3em 0 0 0; }
.answer-line { font-weight: bold; }
footer { border-top: 1px solid #999; margin-top: 1em; padding-top: 0.4em; color: #333; font-size: 0.9em; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; }
  @page { margin: 1.5cm; }
  li.exercise { break-inside: avoid; page-break-inside: avoid; }
  details { display: block; }
}
"""


def key_path(out_path: str | os.PathLike[str]) -> Path:
    """The answer key's path beside the sheet: ``sheet.html`` → ``sheet_key.html``.

    >>> key_path("week3/legal.html").as_posix()
    'week3/legal_key.html'
    """
    path = Path(out_path)
    return path.with_name(f"{path.stem}_key{path.suffix}")


def _check_arguments(topic: str, count: int, seed: int | str) -> None:
    get_topic(topic)  # a ValueError naming the topics
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number of at least 1, got {count!r}")
    if count > MAX_COUNT:
        raise ValueError(f"count must be at most {MAX_COUNT} exercises per sheet, got {count}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a word, got {seed!r}")


def _page(title: str, header: str, body: str, footer: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<header>{header}</header>\n{body}\n<footer>{footer}</footer>\n</body>\n</html>\n"
    )


def _meta(topic: str, count: int, seed: int | str, ruleset: Ruleset) -> str:
    return (
        f'<p class="meta">Topic: <b>{html.escape(topic)}</b> · {html.escape(ruleset.name)} rules · '
        f"seed: <b>{html.escape(str(seed))}</b> · {count} exercise{'s' if count != 1 else ''}</p>"
    )


def _command(topic: str, count: int, seed: int | str, ruleset: Ruleset) -> str:
    text = f"python -m jasslib worksheet --topic {topic} --count {count} --seed {seed}"
    if ruleset.name != CLASSIC.name:
        text += f" --ruleset {ruleset.name}"
    return html.escape(text)


def _answer_area(ex: Exercise) -> str:
    """Blank lines, or boxes to tick, for the learner's answer."""
    blank = '<span class="blank">&nbsp;</span>'
    kind = ex.kind
    if kind == "cards":
        from .display import card_html

        boxes = "".join(
            f'<span class="tick"><span class="box">☐</span> {card_html(card)}</span>' for card in ex.position["hand"]
        )
        return f"Seat {int(ex.position['seat'])}'s hand — tick every legal card:<br>{boxes}"
    if kind == "seat+points":
        return f"Winner: seat {blank} Points: {blank}"
    if kind == "points":
        return f"Points: {blank}"
    if kind == "team+points":
        return f"Team (or nobody): {blank} Weis points: {blank}"
    if kind == "points+points":
        return f"Team 0: {blank} Team 1: {blank}"
    if kind == "team":
        return f"The game is won by team (or nobody): {blank}"
    if kind == "seat":
        return f"Seat: {blank}"
    if kind == "number":
        return f"{html.escape(get_topic(ex.topic).answer_label)}: {blank}"
    return f"Answer: {blank}"  # pragma: no cover


def _sheet_position(ex: Exercise, key: bool) -> str:
    """The position; on a sheet the topic may leave out what the answer area shows (the ``legal`` hand)."""
    sheet_html = get_topic(ex.topic).sheet_html
    if key or sheet_html is None:
        return ex.position_html()
    return sheet_html(ex)


def _exercise_block(ex: Exercise, key: bool) -> str:
    parts = [
        f'<li class="exercise" id="ex{ex.number + 1}"><h2>{html.escape(ex.title)}</h2>',
        f'<div class="position">{_sheet_position(ex, key)}</div>',
        f'<p class="prompt">{html.escape(ex.prompt)}</p>',
    ]
    if key:
        parts.append(f'<p class="answer-line">Answer: {html.escape(ex.answer_text())}</p>')
        parts.append(f'<div class="solution">{html.escape(ex.explanation)}</div>')
    else:
        parts.append(f'<div class="answer">{_answer_area(ex)}</div>')
    parts.append("</li>")
    return "\n".join(parts)


def _render(items: Sequence[Exercise], topic: str, seed: int | str, ruleset: Ruleset, key: bool,
            rules_base: str = RULE_BOOK) -> str:
    count = len(items)
    record = get_topic(topic)
    heading = record.title
    title = f"Jass exercises: {heading}" + (" — answer key" if key else "")
    header = f"<h1>{html.escape(title)}</h1>\n{_meta(topic, count, seed, ruleset)}\n"
    if key:
        header += ('<p class="how">Answers and explanations; each rule id (P4, W6 …) links to its rule in the '
                   "course's rule book.</p>\n")
    else:
        header += (
            '<p class="name">Name: <span class="blank" style="min-width:16em">&nbsp;</span> '
            'Date: <span class="blank">&nbsp;</span></p>\n'
            f'<p class="how">{html.escape(record.instructions)}</p>\n'
        )
    body = '<ol class="exercises">\n' + "\n".join(_exercise_block(ex, key) for ex in items) + "\n</ol>"
    footer = (
        f"Made with jasslib: <code>{_command(topic, count, seed, ruleset)}</code>. "
        "The same seed gives the same exercises in the notebook trainers"
        + ("." if key else "; the answers are in the separate answer key.")
    )
    return _page(title, link_rules(header, rules_base), link_rules(body, rules_base), footer)


def worksheet_html(topic: str, count: int, seed: int | str = 0, ruleset: Ruleset | str = CLASSIC,
                   rules_base: str = RULE_BOOK) -> str:
    """The exercise sheet as one self-contained HTML document (no answers).

    Every rule id links to its place in the rule book at ``rules_base`` (see :func:`write_worksheet`).

    >>> text = worksheet_html("weis", 2, seed=1)
    >>> text.startswith("<!DOCTYPE html>"), "@media print" in text, "Exercise 2" in text
    (True, True, True)
    """
    _check_arguments(topic, count, seed)
    rs = Ruleset.get(ruleset)
    return _render(exercises(topic, seed, count, rs), topic, seed, rs, key=False, rules_base=rules_base)


def answer_key_html(topic: str, count: int, seed: int | str = 0, ruleset: Ruleset | str = CLASSIC,
                    rules_base: str = RULE_BOOK) -> str:
    """The answer key: each exercise with its answer and the explanation citing the rule ids (as links)."""
    _check_arguments(topic, count, seed)
    rs = Ruleset.get(ruleset)
    return _render(exercises(topic, seed, count, rs), topic, seed, rs, key=True, rules_base=rules_base)


def _check_out_path(out_path: str | os.PathLike[str]) -> Path:
    if isinstance(out_path, bytes) or not isinstance(out_path, (str, os.PathLike)):
        raise ValueError(f"the output path must be a file name such as 'sheet.html', got {out_path!r}")
    path = Path(out_path)
    if path.suffix.lower() != ".html" or not path.stem:
        raise ValueError(f"the output file must be an .html file, such as 'sheet.html', got {str(path)!r}")
    if path.is_dir():
        raise IsADirectoryError(f"the output path {str(path)!r} is a folder: give a file name such as "
                                f"{str(path / 'sheet.html')!r}")
    parent = path.parent
    if not parent.exists():
        raise FileNotFoundError(f"the folder {str(parent)!r} does not exist: create it first or choose another "
                                "output path")
    if not parent.is_dir():
        raise NotADirectoryError(f"{str(parent)!r} is not a folder, so {path.name!r} cannot be written in it")
    return path


def _write_all(files: Sequence[tuple[Path, str]]) -> None:
    """Write every file via a temporary file in the same folder and a rename; nothing partial is left."""
    temps: list[tuple[str, Path]] = []
    done: list[Path] = []
    try:
        for path, text in files:
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            temps.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.chmod(tmp, 0o644)
        for tmp, path in temps:
            os.replace(tmp, path)
            done.append(path)
    except BaseException:
        for tmp, _ in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if len(done) < len(files):  # a sheet without its key (or the reverse) would be partial
            for path in done:
                with contextlib.suppress(OSError):
                    path.unlink()
        raise


def write_worksheet(
    topic: str,
    count: int,
    seed: int | str,
    out_path: str | os.PathLike[str],
    ruleset: Ruleset | str = CLASSIC,
    rules_base: str = RULE_BOOK,
) -> tuple[Path, Path]:
    """Write a printable exercise sheet and its answer key; return ``(sheet, key)``.

    The sheet ``out_path`` (an ``.html`` file) is a self-contained HTML page with a print-friendly
    style sheet (``@media print``): the title and topic, the seed and ruleset, a name line, and
    ``count`` numbered exercises, each with its position (cards drawn as in the notebooks), the
    question and blank answer lines (boxes to tick for the ``legal`` topic).  The answer key
    ``<stem>_key.html`` beside it repeats each exercise with the answer and the full explanation
    citing the rule ids.  Every rule id on both links to its place in the rule book (``rules.md#p4``).
    Exercise ``i`` is ``jasslib.exercises.exercise(topic, seed, i, ruleset)``,
    so the sheets match the notebook trainers, and the same arguments always give the same files.

    Command line: ``python -m jasslib worksheet --topic legal --count 10 --seed 7 --out sheet.html``.

    Args:
        topic: a registered topic (:data:`jasslib.exercises.TOPICS` and any added with
            :func:`jasslib.exercises.register`).
        count: the number of exercises, 1 to :data:`MAX_COUNT`.
        seed: the series seed, a whole number or a word (a teacher gives the class one seed).
        out_path: the sheet's file name, ending in ``.html``; its folder must exist.  Existing files
            are replaced.
        ruleset: ``CLASSIC`` (default), ``MODERN``, a name, or another :class:`~jasslib.Ruleset`.
        rules_base: where the rule ids link to: the rule book ``docs/rules.md`` as a path relative to
            the sheet, or a URL (``--rules-base`` on the command line).  The default
            ``../docs/rules.md`` fits a sheet written into a folder of the course, such as
            ``notebooks/`` or ``worksheets/``; links are the sheet's only references (it stays
            self-contained: no style sheet, script or picture is loaded from elsewhere).

    Raises:
        ValueError: an unknown topic or ruleset, a count below 1 or above the maximum, a bad seed, or
            an output name that does not end in ``.html``.
        OSError: the output folder does not exist (``FileNotFoundError``), the output path is a folder,
            or the files cannot be written.  Both files are written to temporary files first and
            renamed into place, so a failure leaves no partial sheet or key behind.
    """
    _check_arguments(topic, count, seed)
    rs = Ruleset.get(ruleset)
    sheet = _check_out_path(out_path)
    key = key_path(sheet)
    items = exercises(topic, seed, count, rs)
    _write_all([(sheet, _render(items, topic, seed, rs, key=False, rules_base=rules_base)),
                (key, _render(items, topic, seed, rs, key=True, rules_base=rules_base))])
    return sheet, key
