"""Printable exercise sheets: a self-contained HTML sheet and a separate answer key.

The sheet and the trainers draw from the same series: exercise ``i`` of ``(topic, seed, ruleset)``
is :func:`jasslib.exercises.exercise`, so a class can work on paper and check in the notebook.  A sheet
may hold several topics (one section each), draws the cards in French or Swiss-German style, and never
prints the same position with the same answer twice (:func:`sheet_exercises`).  Its footer gives the
command that writes it again, byte for byte.

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
import re
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from . import _check
from ._files import write_target
from .cards import Card, restyle
from .contracts import Contract
from .display import card_html, link_rules
from .errors import ArgumentError, CardParseError, excerpt
from .exercises import Exercise, exercise, get_topic
from .rulebook import RULE_BOOK, RULE_ID_PATTERN, RULES, rule_text_html, rule_title
from .rulesets import CLASSIC, Ruleset

__all__ = ["write_worksheet", "worksheet_html", "answer_key_html", "sheet_exercises", "topic_names", "key_path",
           "reproduce_command", "MAX_COUNT", "SHEET_STYLES"]

MAX_COUNT = 500
"""The most exercises one sheet holds (all its topics together)."""

SHEET_STYLES = ("french", "swiss", "german")
"""The card styles a sheet is drawn in: French symbols (default), Swiss-German or German names."""

_LOOK_AHEAD = 4
"""A topic's series is read up to ``_LOOK_AHEAD * count + 40`` exercises to find ``count`` different ones."""

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 52em; margin: 1.5em auto; padding: 0 1em;
       color: #000; line-height: 1.4; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 1.5em; margin: 0 0 0.2em 0; }
h2 { font-size: 1.1em; margin: 0 0 0.3em 0; }
h3 { font-size: 1.05em; margin: 0 0 0.3em 0; }
section.topic { margin-top: 1.2em; }
section.topic > h2.topic-title { font-size: 1.25em; border-bottom: 2px solid #000; padding-bottom: 0.1em; }
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
section.rules-used { margin-top: 1em; border-top: 2px solid #000; }
section.rules-used h2 { margin: 0.3em 0; }
dl.rules { margin: 0; columns: 2; column-gap: 2em; font-size: 0.9em; }
dl.rules div { break-inside: avoid; margin: 0 0 0.4em 0; }
dl.rules dt { display: inline; font-weight: bold; }
dl.rules dd { display: inline; margin: 0 0 0 0.4em; }
footer { border-top: 1px solid #999; margin-top: 1em; padding-top: 0.4em; color: #333; font-size: 0.9em; }
@media print {
  @page { size: A4; margin: 1.1cm 1.2cm; }
  body { margin: 0; max-width: none; font-size: 9pt; line-height: 1.25; }
  h1 { font-size: 1.35em; }
  ol.exercises { columns: 2; column-gap: 1.6em; column-rule: 1px solid #ccc; }
  li.exercise { break-inside: avoid; page-break-inside: avoid; padding: 0.3em 0 0.45em 0; }
  li.exercise:first-child { border-top: none; }
  .position, .answer { zoom: 0.7; }
  .prompt { margin: 0.25em 0; }
  .answer { margin-top: 0.3em; }
  .solution { font-size: 0.95em; }
  a.jass-rule { color: inherit; text-decoration: none; }
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


def topic_names(topics: str | Sequence[str]) -> tuple[str, ...]:
    """The topics of a sheet: a name, names separated by commas, or a list of those; each once, in order.

    >>> topic_names("legal, weis"), topic_names(["legal", "weis,legal"])
    (('legal', 'weis'), ('legal', 'weis'))
    """
    parts = [topics] if isinstance(topics, str) else list(topics) if isinstance(topics, Sequence) else None
    if parts is None or not all(isinstance(p, str) for p in parts):
        raise ArgumentError(f"topics are names such as 'legal' or 'legal,weis', got {excerpt(topics)}")
    names: list[str] = []
    for part in parts:
        for name in part.split(","):
            name = name.strip()
            if name and name not in names:
                get_topic(name)  # a ValueError naming the topics
                names.append(name)
    if not names:
        raise ArgumentError("name at least one topic, such as 'legal' or 'legal,weis'")
    return tuple(names)


def _check_arguments(topics: str | Sequence[str], count: int, seed: int | str, style: str) -> tuple[str, ...]:
    names = topic_names(topics)
    if not _check.is_whole(count) or count < 1:
        raise ArgumentError(f"count must be a whole number of at least 1, got {excerpt(count)}")
    if count * len(names) > MAX_COUNT:
        per = f" ({len(names)} topics × {count})" if len(names) > 1 else ""
        raise ArgumentError(f"count must be at most {MAX_COUNT} exercises per sheet, got {count * len(names)}{per}")
    if seed is None:
        raise CardParseError("a seed is a whole number or a word, got None")
    _check.seed(seed)  # one limit for seeds everywhere; a Seat, True or 1.5 is not one
    if style not in SHEET_STYLES:
        raise ArgumentError(f"unknown card style {excerpt(style)}: expected one of {', '.join(SHEET_STYLES)}")
    return names


def sheet_exercises(topics: str | Sequence[str], count: int, seed: int | str = 0,
                    ruleset: Ruleset | str = CLASSIC) -> list[Exercise]:
    """The exercises of a sheet, topic after topic: ``count`` of each topic's series, no two alike.

    Exercise ``i`` of a topic is :func:`jasslib.exercises.exercise` ``(topic, seed, i, ruleset)``, as in the
    trainers; one whose position and answer are those of an earlier exercise of the sheet is skipped (the
    sheet numbers each exercise as the series does, so a skipped number is missing).  A topic that has
    fewer different exercises than asked for is a ValueError.

    >>> [ex.number for ex in sheet_exercises("contract", 8, seed=0)]
    [0, 1, 2, 3, 4, 5, 6, 7]
    >>> [ex.number for ex in sheet_exercises("contract", 12, seed=0)][-3:]  # 10 and 11 repeat 8 and 4
    [9, 12, 13]
    """
    names = _check_arguments(topics, count, seed, "french")
    rs = Ruleset.get(ruleset)
    items: list[Exercise] = []
    for name in names:
        seen: set[tuple[str, str]] = set()
        limit = _LOOK_AHEAD * count + 40
        found = 0
        for number in range(limit):
            ex = exercise(name, seed, number, rs)
            key = (ex.position_text(), ex.answer_text())
            if key in seen:
                continue
            seen.add(key)
            items.append(ex)
            found += 1
            if found == count:
                break
        else:
            raise ArgumentError(f"the topic {excerpt(name)} has only {found} different exercises among the first "
                                f"{limit} of "
                             f"seed {excerpt(seed)}: ask for at most {found}")
    return items


def _page(title: str, header: str, body: str, footer: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<header>{header}</header>\n{body}\n<footer>{footer}</footer>\n</body>\n</html>\n"
    )


_STYLE_WORDS = {"french": "French cards", "swiss": "Swiss-German cards", "german": "German cards"}


def _meta(names: Sequence[str], count: int, seed: int | str, ruleset: Ruleset, style: str) -> str:
    label = "Topic" if len(names) == 1 else "Topics"
    topics = ", ".join(f"<b>{html.escape(n)}</b>" for n in names)
    each = " each" if len(names) > 1 else ""
    cards = f" · {_STYLE_WORDS[style]}" if style != "french" else ""
    return (
        f'<p class="meta">{label}: {topics} · {html.escape(ruleset.name)} rules{cards} · '
        f"seed: <b>{html.escape(str(seed))}</b> · {count} exercise{'s' if count != 1 else ''}{each}</p>"
    )


def reproduce_command(topics: str | Sequence[str], count: int, seed: int | str, ruleset: Ruleset | str = CLASSIC,
                      style: str = "french", rules_base: str = RULE_BOOK, out: str = "sheet.html") -> str:
    """The shell command that writes this sheet (as ``out``) and its key again, byte for byte.

    Every value is quoted for a POSIX shell; the options left at their defaults are left out.

    >>> print(reproduce_command("legal,weis", 5, "class 3b", style="swiss"))
    python -m jasslib worksheet --topic legal,weis --count 5 --seed 'class 3b' --style swiss --out sheet.html
    """
    names = topic_names(topics)
    rs = Ruleset.get(ruleset)
    words = ["python", "-m", "jasslib", "worksheet", "--topic", ",".join(names), "--count", str(count),
             "--seed", str(seed)]
    if rs.name != CLASSIC.name:
        words += ["--ruleset", rs.name]
    if style != "french":
        words += ["--style", style]
    if rules_base != RULE_BOOK:
        words += ["--rules-base", rules_base]
    words += ["--out", out]
    return " ".join(shlex.quote(w) for w in words)


def _answer_area(ex: Exercise, style: str) -> str:
    """Blank lines, or boxes to tick, for the learner's answer."""
    blank = '<span class="blank">&nbsp;</span>'
    kind = ex.kind
    if kind == "cards":
        boxes = "".join(
            f'<span class="tick"><span class="box">☐</span> {card_html(card, style)}</span>'
            for card in ex.position["hand"]
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
    if kind == "choice":
        options = ex.position["options"]
        if all(isinstance(o, Card) for o in options):
            boxes = "".join(f'<span class="tick"><span class="box">☐</span> {card_html(card, style)}</span>'
                            if card in options else f'<span class="tick">{card_html(card, style, dim=True)}</span>'
                            for card in ex.position["hand"])
            return (f"Seat {int(ex.position['seat'])}'s hand — tick the one card you would play (the dimmed cards may "
                    f"not be played):<br>{boxes}")
        boxes = "".join(f'<span class="tick"><span class="box">☐</span> {html.escape(restyle(str(o), style))}</span>'
                        for o in options)
        return f"Tick one:<br>{boxes}"
    return f"Answer: {blank}"  # pragma: no cover


def _sheet_position(ex: Exercise, key: bool, style: str) -> str:
    """The position; on a sheet the topic may leave out what the answer area shows (the ``legal`` hand)."""
    sheet_html = get_topic(ex.topic).sheet_html
    if key or sheet_html is None:
        return ex.position_html(style)
    return sheet_html(ex, style)


def _paper_prompt(ex: Exercise) -> str:
    """The prompt without the contract it opens with when the position above it shows the contract.

    >>> from jasslib.exercises import exercise
    >>> ex = exercise("revoke", 0)
    >>> ex.prompt.startswith(str(ex.position["contract"])), _paper_prompt(ex)[:12]
    (True, 'After 6 tric')
    """
    contract = ex.position.get("contract")
    prompt = ex.prompt
    if isinstance(contract, Contract):
        for sep in (". ", "; ", ", "):
            head = f"{contract}{sep}"
            if prompt.startswith(head) and len(prompt) > len(head):
                rest = prompt[len(head):]
                return rest[:1].upper() + rest[1:]
    return prompt


def _paper_text(rule_id: str) -> str:
    """Rule ``rule_id``'s text for paper: its paragraphs run on as sentences, its links as plain text."""
    text = re.sub(r'\sstyle="display:block;[^"]*"', "", rule_text_html(rule_id))
    return re.sub(r"</?a\b[^>]*>", "", text)


def _rules_used(body: str, names: Sequence[str], key: bool) -> str:
    """On paper a link cannot be followed: every rule id the sheet's ``body`` (HTML) names, with its title, and
    the rules of the sheet's topics with their whole text from the rule book (paragraphs run on, to stay short)."""
    ids = {r for name in names for r in get_topic(name).rules}
    ids.update(m.group(0) for m in RULE_ID_PATTERN.finditer(re.sub(r"<[^>]*>", " ", body)))
    ordered = [r for r in RULES if r in ids]
    topic_rules = {r for name in names for r in get_topic(name).rules}
    rows = "".join(f"<div><dt>{r}</dt><dd><strong>{html.escape(rule_title(r))}.</strong> "
                   f"{_paper_text(r) if r in topic_rules else ''}</dd></div>" for r in ordered)
    return (f'<section class="rules-used"><h2>The rules on this {"key" if key else "sheet"}</h2>'
            f'<dl class="rules">{rows}</dl></section>')


def _exercise_block(ex: Exercise, key: bool, style: str, several: bool) -> str:
    anchor = f"{ex.topic}-ex{ex.number + 1}" if several else f"ex{ex.number + 1}"
    heading = "h3" if several else "h2"
    parts = [
        f'<li class="exercise" id="{anchor}"><{heading}>{html.escape(ex.title)}</{heading}>',
        f'<div class="position">{_sheet_position(ex, key, style)}</div>',
        f'<p class="prompt">{html.escape(restyle(_paper_prompt(ex), style))}</p>',
    ]
    if key:
        parts.append(f'<p class="answer-line">Answer: {html.escape(ex.answer_text(style))}</p>')
        parts.append(f'<div class="solution">{html.escape(ex.solution(style))}</div>')
    else:
        parts.append(f'<div class="answer">{_answer_area(ex, style)}</div>')
    parts.append("</li>")
    return "\n".join(parts)


def _render(items: Sequence[Exercise], names: Sequence[str], count: int, seed: int | str, ruleset: Ruleset,
            key: bool, rules_base: str = RULE_BOOK, style: str = "french") -> str:
    several = len(names) > 1
    heading = f"{len(names)} topics" if several else get_topic(names[0]).title
    title = f"Jass exercises: {heading}" + (" — answer key" if key else "")
    header = f"<h1>{html.escape(title)}</h1>\n{_meta(names, count, seed, ruleset, style)}\n"
    if key:
        header += ('<p class="how">Answers and explanations; on screen each rule id (P4, W6 …) links to its rule '
                   "in the course's rule book, and the rules are listed at the end.</p>\n")
    else:
        header += ('<p class="name">Name: <span class="blank" style="min-width:16em">&nbsp;</span> '
                   'Date: <span class="blank">&nbsp;</span></p>\n')
        if not several:
            header += f'<p class="how">{html.escape(get_topic(names[0]).instructions)}</p>\n'
    sections = []
    for name in names:
        blocks = "\n".join(_exercise_block(ex, key, style, several) for ex in items if ex.topic == name)
        listed = f'<ol class="exercises">\n{blocks}\n</ol>'
        if several:
            record = get_topic(name)
            how = "" if key else f'<p class="how">{html.escape(record.instructions)}</p>\n'
            listed = (f'<section class="topic" id="topic-{name}"><h2 class="topic-title">'
                      f"{html.escape(record.title)}</h2>\n{how}{listed}</section>")
        sections.append(listed)
    sections.append(_rules_used("\n".join(sections), names, key))
    command = reproduce_command(names, count, seed, ruleset, style, rules_base)
    footer = (
        f"Made with jasslib; this command writes the sheet and its key again: <code>{html.escape(command)}</code>. "
        "The same seed gives the same exercises in the notebook trainers"
        + ("." if key else "; the answers are in the separate answer key.")
    )
    return _page(title, link_rules(header, rules_base), link_rules("\n".join(sections), rules_base), footer)


def worksheet_html(topics: str | Sequence[str], count: int, seed: int | str = 0, ruleset: Ruleset | str = CLASSIC,
                   rules_base: str = RULE_BOOK, style: str = "french") -> str:
    """The exercise sheet as one self-contained HTML document (no answers).

    ``topics`` is a topic's name, several separated by commas (``"legal,weis"``) or a list; ``count``
    exercises of each (:func:`sheet_exercises`).  Every rule id links to its place in the rule book at
    ``rules_base`` (see :func:`write_worksheet`); ``style`` draws the cards (``"swiss"``: Swiss-German).

    >>> text = worksheet_html("weis", 2, seed=1)
    >>> text.startswith("<!DOCTYPE html>"), "@media print" in text, "Exercise 2" in text
    (True, True, True)
    """
    names = _check_arguments(topics, count, seed, style)
    rs = Ruleset.get(ruleset)
    items = sheet_exercises(names, count, seed, rs)
    return _render(items, names, count, seed, rs, key=False, rules_base=rules_base, style=style)


def answer_key_html(topics: str | Sequence[str], count: int, seed: int | str = 0, ruleset: Ruleset | str = CLASSIC,
                    rules_base: str = RULE_BOOK, style: str = "french") -> str:
    """The answer key: each exercise with its answer and the explanation citing the rule ids (as links)."""
    names = _check_arguments(topics, count, seed, style)
    rs = Ruleset.get(ruleset)
    items = sheet_exercises(names, count, seed, rs)
    return _render(items, names, count, seed, rs, key=True, rules_base=rules_base, style=style)


def _check_out_path(out_path: str | os.PathLike[str]) -> Path:
    if isinstance(out_path, bytes) or not isinstance(out_path, (str, os.PathLike)):
        raise ArgumentError(f"the output path must be a file name such as 'sheet.html', got {excerpt(out_path)}")
    path = Path(out_path)
    if path.suffix.lower() != ".html" or not path.stem:
        raise ArgumentError(f"the output file must be an .html file, such as 'sheet.html', got {str(path)!r}")
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
    """Write every file or none: each to a temporary file beside it, then all renamed into place.

    A file that already exists is kept under a second name (a hard link, else a copy) until every rename has
    succeeded; when one fails, the files renamed before it get their old content back (or are removed when
    they did not exist), so a sheet never stays without its key and an older pair stays whole.  A path that
    is a symbolic link is written through: the file it points to gets the new text.
    """
    temps: list[tuple[str, Path, Path]] = []  # (temporary file, where it goes, the name the user gave)
    kept: list[tuple[Path, str | None]] = []  # the files renamed into place, and their old content's copy
    backups: list[str] = []
    try:
        for path, text in files:
            real = write_target(path)
            try:
                fd, tmp = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp")
            except OSError as exc:
                raise _cannot_write(path, exc) from None
            temps.append((tmp, real, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.chmod(tmp, 0o644)
        for tmp, real, path in temps:
            backup = _keep_old(real)
            if backup is not None:
                backups.append(backup)
            try:
                os.replace(tmp, real)
            except OSError as exc:
                raise _cannot_write(path, exc) from None
            kept.append((real, backup))
    except BaseException:
        for tmp, _, _ in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        for real, backup in reversed(kept):  # nothing was written whole: put the old files back
            with contextlib.suppress(OSError):
                if backup is None:
                    real.unlink()
                else:
                    os.replace(backup, real)
        raise
    finally:
        for backup in backups:
            with contextlib.suppress(OSError):
                os.unlink(backup)


def _keep_old(path: Path) -> str | None:
    """A second name for the existing file ``path`` (a hard link, else a copy) beside it, or None without one."""
    if not path.is_file():
        return None
    fd, backup = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old")
    os.close(fd)
    try:
        os.unlink(backup)
        os.link(path, backup)
    except OSError:  # no hard links here (some shared or removable drives): a copy does
        shutil.copy2(path, backup)
    return backup


def _cannot_write(path: Path, exc: OSError) -> OSError:
    """The error of a file that cannot be written, naming it (not its temporary file) and saying why."""
    why = "it is a folder" if os.path.isdir(path) else (exc.strerror or str(exc)).lower()
    return type(exc)(f"cannot write {str(path)!r}: {why}; no file was changed")


def write_worksheet(
    topics: str | Sequence[str],
    count: int,
    seed: int | str,
    out_path: str | os.PathLike[str],
    ruleset: Ruleset | str = CLASSIC,
    rules_base: str = RULE_BOOK,
    style: str = "french",
) -> tuple[Path, Path]:
    """Write a printable exercise sheet and its answer key; return ``(sheet, key)``.

    The sheet ``out_path`` (an ``.html`` file) is a self-contained HTML page with a print-friendly
    style sheet (``@media print``): the title and topics, the seed and ruleset, a name line, and
    ``count`` numbered exercises of each topic, each with its position (cards drawn as in the
    notebooks), the question and blank answer lines (boxes to tick for the ``legal`` topic).  The answer
    key ``<stem>_key.html`` beside it repeats each exercise with the answer and the full explanation
    citing the rule ids.  Every rule id on both links to its place in the rule book (``rules.md#p4``).
    Exercise ``i`` of a topic is ``jasslib.exercises.exercise(topic, seed, i, ruleset)``, so the sheets
    match the notebook trainers; an exercise with the position and answer of an earlier one is left out
    (:func:`sheet_exercises`).  The same arguments always give the same files, whatever their name: the
    footer prints the command that writes them again (:func:`reproduce_command`).

    Command line: ``python -m jasslib worksheet --topic legal,weis --count 10 --seed 7 --out sheet.html``.

    Args:
        topics: a registered topic (:data:`jasslib.exercises.TOPICS` and any added with
            :func:`jasslib.exercises.register`), several separated by commas, or a list of them.
        count: the number of exercises of each topic, 1 to :data:`MAX_COUNT` in all.
        seed: the series seed, a whole number or a word (a teacher gives the class one seed).
        out_path: the sheet's file name, ending in ``.html``; its folder must exist.  Existing files
            are replaced; a symbolic link is written through (the file it points to gets the sheet).
        ruleset: ``CLASSIC`` (default), ``MODERN``, a name, or another :class:`~jasslib.Ruleset`.
        rules_base: where the rule ids link to: the rule book ``docs/rules.md`` as a path relative to
            the sheet, or a URL (``--rules-base`` on the command line).  The default
            ``../docs/rules.md`` fits a sheet written into a folder of the course, such as
            ``notebooks/`` or ``worksheets/``; links are the sheet's only references (it stays
            self-contained: no style sheet, script or picture is loaded from elsewhere).
        style: how the cards are drawn, one of :data:`SHEET_STYLES` (``"swiss"``: Swiss-German names and
            suit pictures; ``--style`` on the command line).

    Raises:
        ValueError: an unknown topic, ruleset or style, a count below 1 or above the maximum, a topic
            with fewer different exercises than asked for, a bad seed, or an output name that does not
            end in ``.html``.
        OSError: the output folder does not exist (``FileNotFoundError``), the output path is a folder,
            or the files cannot be written.  Both files are written to temporary files first and
            renamed into place, so a failure leaves no partial sheet or key behind: both files stay
            as they were (an older pair whole, or no file).
    """
    names = _check_arguments(topics, count, seed, style)
    rs = Ruleset.get(ruleset)
    sheet = _check_out_path(out_path)
    key = key_path(sheet)
    items = sheet_exercises(names, count, seed, rs)
    _write_all([(sheet, _render(items, names, count, seed, rs, key=False, rules_base=rules_base, style=style)),
                (key, _render(items, names, count, seed, rs, key=True, rules_base=rules_base, style=style))])
    return sheet, key
