"""Tests of jasslib.worksheet: printable, well-formed, self-contained sheets and answer keys, written
atomically, with clear errors for bad arguments."""

from __future__ import annotations

import html
import os
import re
import shlex
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from toy_topic import registered

from jasslib import MODERN, CardSet
from jasslib import rulebook as rules
from jasslib.__main__ import main
from jasslib.exercises import TOPIC_TITLES, TOPICS, Exercise, exercises, get_topic
from jasslib.worksheet import (
    MAX_COUNT,
    _paper_prompt,  # the prompt as printed: its contract is in the position
    answer_key_html,
    key_path,
    reproduce_command,
    sheet_exercises,
    worksheet_html,
    write_worksheet,
)

ROOT = Path(__file__).resolve().parent.parent

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class WellFormed(HTMLParser):
    """Checks that every element is closed in order, and collects the visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:  # a link (the rule ids' links to the rule book) loads nothing
            if (name == "src" or name == "href" and tag != "a") and value and not value.startswith("#"):
                self.external.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(text: str) -> WellFormed:
    parser = WellFormed()
    parser.feed(text)
    parser.close()
    assert not parser.errors, parser.errors[:5]
    assert not parser.stack, f"unclosed: {parser.stack}"
    assert not parser.external, f"not self-contained: {parser.external}"
    return parser


def position_cards(ex: Exercise) -> list[str]:
    p = ex.position
    cards: list = []
    if "hand" in p:
        cards += list(p["hand"])
    if "trick" in p:
        cards += [c for _, c in p["trick"]]
    if "hands" in p:
        for hand in p["hands"]:
            cards += list(hand)
    return [str(c) for c in cards]


@pytest.mark.parametrize("topic", TOPICS)
def test_sheet_and_key_are_written_and_well_formed(tmp_path, topic):
    sheet, key = write_worksheet(topic, 6, 42, tmp_path / "sheet.html")
    assert sheet == tmp_path / "sheet.html" and key == tmp_path / "sheet_key.html"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.html", "sheet_key.html"]  # no temp files left
    sheet_text, key_text = sheet.read_text(encoding="utf-8"), key.read_text(encoding="utf-8")
    items = sheet_exercises(topic, 6, 42)
    for text in (sheet_text, key_text):
        assert text.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in text
        assert "@media print" in text and "<style>" in text
        parsed = parse(text)
        assert {"html", "head", "body", "title"} <= set(parsed.tags)
        visible = "".join(parsed.text)
        assert html.unescape(TOPIC_TITLES[topic]) in visible and "seed: 42" in visible
        assert (get_topic(topic).instructions in visible) == (text is sheet_text)
        assert "classic rules" in visible
        for ex in items:
            assert f"Exercise {ex.number + 1}" in visible
            assert _paper_prompt(ex) in visible and _paper_prompt(ex).endswith(ex.prompt[-40:])
            for card in position_cards(ex):
                assert card in visible, (topic, ex.number, card)
    sheet_visible = "".join(parse(sheet_text).text)
    key_visible = "".join(parse(key_text).text)
    assert "Name:" in sheet_visible and "Answer:" not in sheet_visible
    for ex in items:
        assert f"Answer: {ex.answer_text()}" in key_visible
        assert ex.explanation in key_visible
        assert ex.explanation not in sheet_visible


def test_legal_sheet_has_a_box_to_tick_per_card(tmp_path):
    sheet, _ = write_worksheet("legal", 5, "boxes", tmp_path / "legal.html")
    text = sheet.read_text(encoding="utf-8")
    hands = sum(len(ex.position["hand"]) for ex in exercises("legal", "boxes", 5))
    assert text.count("☐") == hands


@pytest.mark.parametrize("topic", ["weis", "score", "claim"])
def test_blank_answer_lines(tmp_path, topic):
    text = write_worksheet(topic, 3, 1, tmp_path / "s.html")[0].read_text(encoding="utf-8")
    assert text.count('class="blank"') >= 3 + 2  # one or more per exercise, plus name and date


def test_same_seed_same_files_different_seed_different(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_worksheet("contest", 5, "class 3b", tmp_path / "a" / "sheet.html")
    b = write_worksheet("contest", 5, "class 3b", str(tmp_path / "b" / "other.html"))
    assert a[0].read_bytes() == b[0].read_bytes() and a[1].read_bytes() == b[1].read_bytes()
    c = write_worksheet("contest", 5, "class 3c", tmp_path / "a" / "third.html")
    assert c[0].read_bytes() != a[0].read_bytes()
    assert worksheet_html("contest", 5, "class 3b") == a[0].read_text(encoding="utf-8")
    assert answer_key_html("contest", 5, "class 3b") == a[1].read_text(encoding="utf-8")


def test_modern_ruleset_and_existing_files_replaced(tmp_path):
    out = tmp_path / "m.html"
    out.write_text("old", encoding="utf-8")
    sheet, key = write_worksheet("stoeck", 2, 3, out, ruleset=MODERN)
    text = sheet.read_text(encoding="utf-8")
    assert "modern rules" in text and "--ruleset modern" in text and text != "old"
    assert key.exists()
    assert write_worksheet("stoeck", 2, 3, out, ruleset="modern")[0].read_text(encoding="utf-8") == text


def test_key_path():
    assert key_path("x/legal.html") == Path("x/legal_key.html")
    assert key_path(Path("sheet.HTML")).name == "sheet_key.HTML"


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"topic": "poker"}, ValueError, "unknown topic 'poker': expected one of deal"),
        ({"count": 0}, ValueError, "count must be a whole number of at least 1, got 0"),
        ({"count": -3}, ValueError, "at least 1"),
        ({"count": True}, ValueError, "at least 1"),
        ({"count": "5"}, ValueError, "at least 1"),
        ({"count": MAX_COUNT + 1}, ValueError, f"at most {MAX_COUNT}"),
        ({"seed": 1.5}, ValueError, "seed"),
        ({"out": "sheet.txt"}, ValueError, "must be an .html file"),
        ({"out": "sheet"}, ValueError, "must be an .html file"),
        ({"out": ".html"}, ValueError, "must be an .html file"),
        ({"out": "missing/sheet.html"}, FileNotFoundError, "the folder .*missing.* does not exist"),
        ({"ruleset": "poker"}, ValueError, "unknown ruleset"),
    ],
)
def test_bad_arguments_raise_clear_errors_and_write_nothing(tmp_path, kwargs, error, message):
    args = {"topic": "legal", "count": 3, "seed": 1, "out": "sheet.html", "ruleset": "classic"} | kwargs
    with pytest.raises(error, match=message):
        write_worksheet(args["topic"], args["count"], args["seed"], tmp_path / args["out"], ruleset=args["ruleset"])
    assert list(tmp_path.iterdir()) == []


def test_output_path_that_is_a_folder_or_under_a_file(tmp_path):
    (tmp_path / "dir.html").mkdir()
    with pytest.raises(IsADirectoryError, match="is a folder"):
        write_worksheet("legal", 2, 0, tmp_path / "dir.html")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="is not a folder"):
        write_worksheet("legal", 2, 0, tmp_path / "file" / "sheet.html")
    with pytest.raises(ValueError, match="file name"):
        write_worksheet("legal", 2, 0, None)  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.html", "file"]


def test_no_partial_files_when_writing_fails(tmp_path, monkeypatch):
    import jasslib.worksheet as ws

    calls = []
    real_replace = os.replace

    def failing_replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:  # the sheet is in place, the key fails
            raise OSError("disk full")
        real_replace(src, dst)

    monkeypatch.setattr(ws.os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk full"):
        write_worksheet("trick", 3, 0, tmp_path / "sheet.html")
    assert list(tmp_path.iterdir()) == []

    monkeypatch.setattr(ws.os, "replace", real_replace)

    def broken_render(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(ws, "_render", broken_render)
    with pytest.raises(RuntimeError):
        write_worksheet("trick", 3, 0, tmp_path / "sheet.html")
    assert list(tmp_path.iterdir()) == []


def test_sheet_matches_the_trainers_series(tmp_path):
    """Exercise i of the sheet is exercise(topic, seed, i): the cards of the legal hands in order."""
    text = write_worksheet("legal", 4, 9, tmp_path / "s.html")[0].read_text(encoding="utf-8")
    positions = [text.index(f'id="ex{i + 1}"') for i in range(4)] + [len(text)]
    for i, ex in enumerate(exercises("legal", 9, 4)):
        fragment = WellFormed()
        fragment.feed(text[positions[i]:positions[i + 1]])
        block = "".join(fragment.text)
        assert f"Exercise {i + 1}" in block and f"Seat {int(ex.position['seat'])}'s hand" in block
        for card in CardSet(ex.position["hand"]):
            assert str(card) in block


def test_a_registered_topic_gets_sheets(tmp_path):
    """A topic registered after import (here a toy one) is printed like the course's own."""
    with registered() as toy:
        sheet, key = write_worksheet("count", 3, 5, tmp_path / "count.html")
        sheet_visible = "".join(parse(sheet.read_text(encoding="utf-8")).text)
        key_visible = "".join(parse(key.read_text(encoding="utf-8")).text)
        assert toy.title in sheet_visible and toy.instructions in sheet_visible and "Points:" in sheet_visible
        for ex in exercises("count", 5, 3):
            assert f"Answer: {ex.answer_text()}" in key_visible and ex.explanation in key_visible
    with pytest.raises(ValueError, match="unknown topic 'count'"):
        worksheet_html("count", 3)


def test_the_legal_sheet_leaves_the_hand_to_the_tick_boxes():
    """The sheet's position of a legal exercise has no hand row; the key shows the whole position."""
    ex = exercises("legal", 9, 1)[0]
    sheet, key = worksheet_html("legal", 1, 9), answer_key_html("legal", 1, 9)
    label = html.escape(f"Seat {int(ex.position['seat'])}'s hand:")
    assert label not in sheet and label in key and ex.position_html() in key


def _visible(text: str) -> str:
    return "".join(parse(text).text)


def test_the_footer_command_runs_and_writes_the_same_sheet_byte_for_byte(tmp_path):
    """The footer's command (quoted for the shell: a seed with a space, --out) run in another folder writes
    the very same sheet and key: nothing in them depends on the time, the file name or the folder."""
    (tmp_path / "made").mkdir()
    (tmp_path / "again").mkdir()
    sheet, key = write_worksheet("legal,weis", 2, "class 3b", tmp_path / "made" / "week 3.html", ruleset="modern",
                                 style="swiss", rules_base="https://example.org/rules.md")
    text = sheet.read_text(encoding="utf-8")
    found = re.findall(r"<code>(.*?)</code>", text)
    assert len(found) == 1
    command = html.unescape(found[0])
    assert command == reproduce_command(["legal", "weis"], 2, "class 3b", "modern", "swiss",
                                        "https://example.org/rules.md")
    words = shlex.split(command)
    assert words[:4] == ["python", "-m", "jasslib", "worksheet"] and words[words.index("--seed") + 1] == "class 3b"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, *words[1:]], cwd=tmp_path / "again", env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "again" / words[words.index("--out") + 1]
    assert out.read_bytes() == sheet.read_bytes()
    assert key_path(out).read_bytes() == key.read_bytes()
    assert f"<code>{html.escape(command)}</code>" in key.read_text(encoding="utf-8")


def test_the_command_quotes_what_the_shell_would_split():
    command = reproduce_command("stoeck", 3, "it's 3b; rm -rf /", style="french")
    assert shlex.split(command)[shlex.split(command).index("--seed") + 1] == "it's 3b; rm -rf /"
    assert reproduce_command("legal", 10, 7) == "python -m jasslib worksheet --topic legal --count 10 --seed 7 " \
                                                "--out sheet.html"


@pytest.mark.parametrize("topic", TOPICS)
def test_printed_sheets_speak_words_not_python(topic):
    """No "None", "True", "(None, 0)" or "0, 1, or None" on a sheet or its key: the answers are in words."""
    for text in (worksheet_html(topic, 8, "words"), answer_key_html(topic, 8, "words")):
        visible = _visible(text)
        assert not re.search(r"\b(None|True|False)\b", visible), re.findall(r".{40}\b(?:None|True|False)\b.{10}",
                                                                          visible)


def test_several_topics_in_one_sheet(tmp_path, capsys):
    text = worksheet_html("legal,weis", 3, 5)
    assert text == worksheet_html(["legal", "weis"], 3, 5) == worksheet_html(["legal", "weis,legal"], 3, 5)
    visible = _visible(text)
    assert "Topics: legal, weis" in visible and "3 exercises each" in visible
    assert visible.index(get_topic("legal").title) < visible.index(get_topic("weis").title)
    for name in ("legal", "weis"):
        assert get_topic(name).instructions in visible
        for ex in exercises(name, 5, 3):
            assert f'id="{name}-ex{ex.number + 1}"' in text and _paper_prompt(ex) in visible
    key = _visible(answer_key_html("legal,weis", 3, 5))
    for ex in [*exercises("legal", 5, 3), *exercises("weis", 5, 3)]:
        assert f"Answer: {ex.answer_text()}" in key
    # on the command line: a list with commas, or --topic again
    assert main(["worksheet", "--topic", "legal", "--topic", "weis", "--count", "3", "--seed", "5",
                 "--out", str(tmp_path / "a.html")]) == 0
    assert main(["worksheet", "--topic", "legal,weis", "--count", "3", "--seed", "5",
                 "--out", str(tmp_path / "b.html")]) == 0
    assert "3 exercises each of legal, weis" in capsys.readouterr().out
    assert (tmp_path / "a.html").read_text(encoding="utf-8") == (tmp_path / "b.html").read_text(encoding="utf-8")
    assert (tmp_path / "a.html").read_text(encoding="utf-8") == text
    with pytest.raises(ValueError, match="at most 500 exercises per sheet, got 600 \\(2 topics × 300\\)"):
        worksheet_html("legal,weis", 300)
    with pytest.raises(ValueError, match="unknown topic 'poker'"):
        worksheet_html("legal,poker", 3)
    with pytest.raises(ValueError, match="at least one topic"):
        worksheet_html(" , ", 3)


def test_swiss_german_card_style(tmp_path):
    sheet, key = write_worksheet("legal", 3, 2, tmp_path / "s.html", style="swiss")
    text, key_text = sheet.read_text(encoding="utf-8"), key.read_text(encoding="utf-8")
    assert "Swiss-German cards" in _visible(text) and "--style swiss" in text
    for ex in exercises("legal", 2, 3):
        assert get_topic("legal").sheet_html(ex, "swiss") in text and ex.position_html("swiss") in key_text
        assert all(card.format("swiss") in _visible(text) for card in ex.position["hand"])
    french = worksheet_html("legal", 3, 2).split('<section class="rules-used">')[0]  # the rule texts name both decks
    assert "Rosen" not in french and "Swiss-German" not in french
    cards = re.findall(r'class="jass-card"[^>]*>(.*?)</span></span>', text)
    assert cards and not any(set("♣♠♥♦") & set(re.sub(r"<[^>]*>", "", c)) for c in cards)
    with pytest.raises(ValueError, match="unknown card style 'klingon'"):
        worksheet_html("legal", 3, style="klingon")
    assert main(["worksheet", "--topic", "legal", "--count", "3", "--seed", "2", "--style", "swiss",
                 "--out", str(tmp_path / "c.html")]) == 0
    assert (tmp_path / "c.html").read_text(encoding="utf-8") == text


def test_no_near_identical_exercises_in_one_sheet():
    """The contract topic repeats positions (exercise 11 of seed 0 is exercise 9 again, with another hand
    number): the sheet skips the repeat, in the same way every time."""
    plain = exercises("contract", 0, 12)
    keys = [(ex.position_text(), ex.answer_text()) for ex in plain]
    assert len(set(keys)) < len(keys), "the series itself repeats a position"
    items = sheet_exercises("contract", 12, 0)
    assert len(items) == 12 and [ex.number for ex in items] == sorted({ex.number for ex in items})
    assert len({(ex.position_text(), ex.answer_text()) for ex in items}) == 12
    skipped = [ex.number for ex in plain if ex.number not in {i.number for i in items}]
    assert skipped and all(keys.index(keys[n]) < n for n in skipped)
    text = worksheet_html("contract", 12, 0)
    assert all(f'id="ex{n + 1}"' not in text for n in skipped)
    assert text == worksheet_html("contract", 12, 0)
    with pytest.raises(ValueError, match="has only .* different exercises"):
        sheet_exercises("contract", 300, 0)


def test_a_swiss_sheet_and_key_name_every_card_in_swiss_german_words():
    """Prompts, answers and explanations name the cards as the faces do: no ♣♠♥♦ on a Swiss sheet or key."""
    names = ",".join(exercises_topic for exercises_topic in TOPICS)
    for make in (worksheet_html, answer_key_html):
        # the rules at the end are quoted from the rule book as written (it names both decks): not card names
        swiss, french = (make(names, 2, "styles", **style).split('<section class="rules-used">')[0]
                         for style in ({"style": "swiss"}, {}))
        shown = html.unescape(re.sub(r"<[^>]*>", " ", re.sub(r"<style>.*?</style>", "", swiss, flags=re.S)))
        assert not re.findall("[♣♠♥♦]", shown), re.findall(r".{40}[♣♠♥♦].{10}", shown)[:5]
        assert "Schellen" in shown and not re.search(r"\b(Eicheln|Schilten|Rosen|Schellen)\b", french)


def test_on_paper_the_contract_is_stated_once_and_the_rules_are_written_out():
    for topic in TOPICS:
        sheet, key = worksheet_html(topic, 4, 1), answer_key_html(topic, 4, 1)
        for ex in exercises(topic, 1, 4):
            contract = ex.position.get("contract")
            prompts = re.findall(r'<p class="prompt">(.*?)</p>', sheet)
            assert len(prompts) == 4
            if contract is not None:  # the position shows "Contract: ♥ trump (×2)"; the prompt does not say it again
                assert not any(html.unescape(p).startswith(str(contract)) for p in prompts), (topic, prompts)
        for page, what in ((sheet, "sheet"), (key, "key")):
            listed = re.search(r'<section class="rules-used"><h2>The rules on this ' + what + r"</h2>(.*?)</section>",
                               page, re.S)
            assert listed, topic
            ids = [re.sub(r"<[^>]*>", "", dt) for dt in re.findall(r"<dt>(.*?)</dt>", listed.group(1))]
            assert set(get_topic(topic).rules) <= set(ids), (topic, ids)
            text = html.unescape(re.sub(r"<[^>]*>", "", listed.group(1)))
            assert all(rules.rule_title(r) in text for r in ids)
            for r in get_topic(topic).rules:  # the topic's rules in full, not only titles: no link on paper
                words = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", rules.rule_text_html(r))).split())
                assert words[:60] in " ".join(html.unescape(re.sub(r"<[^>]*>", " ", listed.group(1))).split()), r
            exercises_part = page.split('<section class="rules-used">')[0].split("</header>")[1]
            cited = set(re.findall(r"\b[A-Z][0-9]\b", html.unescape(re.sub(r"<[^>]*>", " ", exercises_part))))
            assert cited & set(rules.RULES) <= set(ids), (topic, cited - set(ids))
    css = re.search(r"@media print \{(.*)\}\s*</style>", worksheet_html("legal", 2), re.S).group(1)
    assert re.search(r"a\.jass-rule \{ color: inherit; text-decoration: none; \}", css)  # printed as plain text
    assert re.search(r"ol\.exercises \{ columns: 2;", css) and "size: A4" in css


def test_ten_exercises_print_on_five_a4_pages_or_fewer_sheet_and_key(tmp_path):
    """Two exercises per page or better: the two that took most pages (10 each: the contest key, the revoke
    sheet; benchmarks/worksheet_pages.py prints every topic) printed by Chromium to A4 PDF."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from chromium import find_chromium
    from worksheet_pages import printed_pages

    chromium = find_chromium()
    assert chromium, "the printed-pages test needs Chromium (see tests/chromium.py)"
    pages = {}
    for topic, make in (("contest", answer_key_html), ("revoke", worksheet_html)):
        pages[topic, make.__name__] = printed_pages(make(topic, 10), chromium, tmp_path, f"{topic}-{make.__name__}")
    assert all(1 <= n <= 5 for n in pages.values()), pages
