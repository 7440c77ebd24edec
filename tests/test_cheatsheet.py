"""The printable cheat sheet (jasslib.cheatsheet and ``python -m jasslib cheatsheet``).

Every number on the sheet is read back from the parsed HTML and compared with the engine's, for both presets
and for a made-up ruleset (so no number can be typed into the sheet by hand); the page is well-formed,
self-contained, fits one A4 page when Chromium prints it, and links its rule ids to the rule book.  The command
writes atomically and reports a bad argument in one line with exit code 2.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from casetable import check_cases
from htmlcheck import Element, parse
from test_rulebook import rule_links

from jasslib import CLASSIC, HAND_TOTAL, MATCH_TOTAL, MODERN, Card, Contract, Rank, Ruleset, Suit, Team
from jasslib.__main__ import main
from jasslib.cheatsheet import card_rows, cheatsheet_html, write_cheatsheet
from jasslib.contracts import rank_strength
from jasslib.play import LAST_TRICK_BONUS, trick_points
from jasslib.rulebook import RULE_BOOK
from jasslib.scoring import CLAIM_CATEGORY_NAMES, hand_score, revoke_score
from jasslib.weis import STOECK_POINTS, four_points, stoeck_points

ROOT = Path(__file__).resolve().parents[1]
CUSTOM = CLASSIC.replace(
    name="club", multipliers=(2, 3, 5, 7, 11, 13), sequence_scale=(21, 52, 103, 154, 205, 256, 307), four_nines=77,
    modern_undenufe=True, target=2468, schneider=1234,
)
RULESETS = [CLASSIC, MODERN, CUSTOM]


def page(ruleset: Ruleset) -> Element:
    return parse(cheatsheet_html(ruleset))


def section(doc: Element, title: str) -> Element:
    return next(s for s in doc.find_all("section") if s.find("h2").text == title)


def rows(table: Element) -> dict[str, list[str]]:
    """A table's rows by the text of their first cell (rule ids included), the other cells' texts."""
    out = {}
    for tr in table.find_all("tr"):
        cells = [c for c in tr.find_all() if c.tag in ("th", "td")]
        out[cells[0].text] = [c.text for c in cells[1:]]
    return out


def text(doc: Element) -> str:
    return re.sub(r"\s+", " ", doc.text)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_page_is_well_formed_self_contained_and_printable(ruleset):
    markup = cheatsheet_html(ruleset)
    doc = parse(markup)  # fails on any HTML parse error
    assert markup.startswith("<!DOCTYPE html>") and doc.find("title").text.endswith(f"{ruleset.name} rules")
    assert doc.attr_values("src") == [] and doc.find_all("script") == [] and doc.find_all("link") == []
    style = doc.find("style").text
    assert "@media print" in style and "size: A4" in style
    assert rule_links(markup, RULE_BOOK) >= 30, "every rule id on the sheet links to the rule book (rules.md)"
    assert [s.find("h2").text for s in doc.find_all("section")] == [
        "Card order and card points", "Contracts: multipliers, Stöck, match", "Playing a trick", "The game",
        "Weis", "Scoring a hand",
    ]  # read column by column: the left column, then the right


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_card_order_and_points_are_the_engines(ruleset):
    table = section(page(ruleset), "Card order and card points").find("table")
    shown = {tr.find("th").text: [(td.find("b").text, int(td.find("small").text)) for td in tr.find_all("td")]
             for tr in table.find_all("tr")[1:]}
    kinds = [("Trump suit (O2, O4)", Contract.HEARTS, Suit.HEARTS),
             ("Other suits (trump contract) (O1, O4)", Contract.HEARTS, Suit.CLUBS),
             ("Obenabe, every suit (O1, O5)", Contract.OBENABE, Suit.SPADES),
             ("Undenufe, every suit (O3, O5, O6)", Contract.UNDENUFE, Suit.DIAMONDS)]
    assert list(shown) == [label for label, _, _ in kinds]

    def check(label, contract, suit):
        strength, points = rank_strength(contract), ruleset.card_points(contract)
        cards = sorted((Card.make(suit, r) for r in Rank), key=lambda c: strength[c], reverse=True)
        assert shown[label] == [(str(c.rank), points[c]) for c in cards]
        assert " ".join(rank for rank, _ in shown[label]) == contract.card_order(suit)

    check_cases(kinds, check)
    undenufe = dict(shown["Undenufe, every suit (O3, O5, O6)"])
    assert (undenufe["6"], undenufe["A"]) == ((11, 0) if ruleset.modern_undenufe else (0, 11))  # O6
    words = text(section(page(ruleset), "Card order and card points"))
    assert f"worth {sum(ruleset.card_points(Contract.OBENABE))}, the last trick adds {LAST_TRICK_BONUS}: " \
        f"{HAND_TOTAL}" in words and f"{MATCH_TOTAL} (O7)" in words
    assert [label for label, _, _ in card_rows(ruleset)] == [label.rsplit(" (", 1)[0] for label, _, _ in kinds]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_multipliers_stoeck_match_and_revoke_are_the_engines(ruleset):
    box = section(page(ruleset), "Contracts: multipliers, Stöck, match")
    table = rows(box.find("table"))
    assert table[""] == ["♣", "♠", "♥", "♦", "Obenabe", "Undenufe"]
    assert table["Multiplier (C3)"] == [f"×{ruleset.multiplier(c)}" for c in Contract]
    assert table["Stöck (S1)"] == [str(stoeck_points(c, ruleset) or "–") for c in Contract]
    assert table["Match (O7)"] == [str(MATCH_TOTAL * ruleset.multiplier(c)) for c in Contract]
    assert table["Revoke (G5)"] == [str(revoke_score(Team.T0, c, ruleset).total[1]) for c in Contract]
    if ruleset == MODERN:
        assert table["Optional set (C3)"] == [f"×{MODERN.with_multipliers().multiplier(c)}" for c in Contract]
    else:
        assert "Optional set (C3)" not in table
    assert f"{STOECK_POINTS} × the multiplier" in text(box)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_weis_tables_are_the_engines(ruleset):
    sequences, fours = (rows(t) for t in section(page(ruleset), "Weis").find_all("table"))
    lengths = sequences["Sequence (W2): cards"]
    assert lengths == [str(n) for n in range(3, 10)]
    assert sequences["points"] == [str(ruleset.sequence_points(int(n))) for n in lengths]
    groups = fours["Four of a kind (W3)"]
    assert sorted(r for g in groups for r in g.split()) == sorted(str(r) for r in Rank), "every rank once"
    for ranks, points in zip(groups, fours["points"]):
        for rank in ranks.split():
            value = four_points(Rank.parse(rank), ruleset)
            assert points == ("no Weis" if value is None else str(value)), (rank, points)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_worked_lines_are_computed(ruleset):
    words = text(section(page(ruleset), "Scoring a hand"))
    m = ruleset.multiplier(Contract.HEARTS)
    s = hand_score((95, 57), (5, 4), Team.T0, Contract.HEARTS, ruleset, weis=(ruleset.sequence_points(3), 0),
                   stoeck=(0, STOECK_POINTS))
    assert f"team 0: ({s.trick_points[0]} + {ruleset.sequence_points(3)}) × {m} = {s.total[0]}" in words
    assert f"team 1: ({s.trick_points[1]} + {STOECK_POINTS}) × {m} = {s.total[1]}" in words
    trick = ["A♣", "9♥", "J♥", "7♣"]
    total = trick_points(trick, Contract.HEARTS, ruleset)
    assert f"A♣ 9♥ J♥ 7♣ → J♥ wins (P6); 11 + 14 + 20 + 0 = {total}, × {m} = {total * m}" in words
    if ruleset == CLASSIC:
        assert "(100 + 20) × 2 = 240" in words, "H3's example"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_game_box_is_the_engines(ruleset):
    words = text(section(page(ruleset), "The game"))
    assert f"Target: {ruleset.target} (G1)" in words and f"holder of {ruleset.starting_card} is forehand" in words
    assert f"losers below {ruleset.schneider}: the win counts 2 games (G4)" in words
    order = " → ".join(CLAIM_CATEGORY_NAMES[c] for c in ruleset.claim_priority)
    assert f"(G3): {order}." in words and order == "Stöck → Weis → trick points (Stich)"


def test_presets_differ_where_the_rules_do():
    classic, modern = cheatsheet_html(CLASSIC), cheatsheet_html("modern")
    assert "classic rules (the default)" in classic and "modern rules" in modern and classic != modern
    assert cheatsheet_html(CLASSIC) == classic, "the same preset gives the same page"
    with pytest.raises(ValueError, match="unknown ruleset"):
        cheatsheet_html("bridge")


@pytest.mark.browser
def test_each_preset_prints_on_one_a4_page(tmp_path, chromium_context):
    """Chromium prints each preset's sheet on one A4 page, and nothing sticks out at the side (no shrinking)."""
    page = chromium_context.new_page()  # the run's Chromium (tests/conftest.py), a tab of this test's own
    try:
        # A4 less the sheet's 9 mm margins, at the 96 CSS pixels per inch of print
        page.set_viewport_size({"width": round((210 - 18) / 25.4 * 96), "height": 600})
        page.emulate_media(media="print")
        for ruleset in (CLASSIC, MODERN):
            page.goto(write_cheatsheet(tmp_path / f"{ruleset.name}.html", ruleset).as_uri())
            width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1], f"{ruleset.name}: the page is {width[0]} px wide, the paper {width[1]}"
            pdf = page.pdf(prefer_css_page_size=True)
            pages = re.findall(rb"/Type\s*/Page(?![a-z])", pdf)
            media = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
            assert len(pages) == 1, f"{ruleset.name}: {len(pages)} pages"
            assert media and all(abs(float(w) - 595) < 2 and abs(float(h) - 842) < 2 for w, h in media), media
    finally:
        page.close()


def test_the_boxes_stack_in_two_columns_under_the_card_table():
    """The grid holds the wide card table, then two columns that stack their boxes (no row to line up)."""
    html_text = cheatsheet_html()
    grid = html_text.split('<div class="grid">', 1)[1]
    order = re.findall(r'<div class="col">|<h2>([^<]*)', grid)
    assert [o for o in order if o] == ["Card order and card points", "Contracts: multipliers, Stöck, match",
                                       "Playing a trick", "The game", "Weis", "Scoring a hand"]
    assert grid.count('<div class="col">') == 2
    css = html_text.split("<style>")[1].split("</style>")[0]
    assert re.search(r"\.col \{ display: flex; flex-direction: column;", css) and "align-items: start" in css
    assert re.search(r"body \{[^}]*padding: 0 1\.5em;", css)  # a margin on screen, however narrow the window


@pytest.mark.browser
def test_on_screen_the_sheet_has_a_left_margin_and_no_gap_under_a_box(tmp_path, chromium_context):
    """In a window wide or narrow: the text starts at least 16 px from the left edge, and in each column the
    next box starts right under the one above it (no row-sized gap under the contracts box)."""
    measure = """() => {
      const boxes = [...document.querySelectorAll('section.box')].map(b => {
        const r = b.getBoundingClientRect(); const h = b.querySelector('h2').textContent;
        return {h, left: r.left, top: r.top, bottom: r.bottom};
      });
      return {boxes, h1: document.querySelector('h1').getBoundingClientRect().left,
              em: parseFloat(getComputedStyle(document.body).fontSize)};
    }"""
    path = write_cheatsheet(tmp_path / "sheet.html").as_uri()
    for width in (1280, 760):
        page = chromium_context.new_page()  # the run's Chromium (tests/conftest.py)
        try:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(path)
            got = page.evaluate(measure)
            assert got["h1"] >= 16 and all(b["left"] >= 16 for b in got["boxes"]), (width, got)
            for a, b in zip(got["boxes"][1:], got["boxes"][2:]):
                if abs(a["left"] - b["left"]) < 2:  # the same column: the next box follows at once
                    assert 0 <= b["top"] - a["bottom"] <= got["em"] * 1.2, (width, a, b)
            contracts, weis = got["boxes"][1], next(b for b in got["boxes"] if b["h"] == "Weis")
            below = next(b for b in got["boxes"] if b["h"] == "Playing a trick")
            assert below["top"] - contracts["bottom"] <= got["em"] * 1.2 < weis["bottom"] - contracts["bottom"], got
        finally:
            page.close()


# --------------------------------------------------------------------------- the command


def test_command_writes_the_sheet(tmp_path, capsys):
    out = tmp_path / "modern.html"
    assert main(["cheatsheet", "--ruleset", "modern", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == cheatsheet_html(MODERN)
    assert "modern" in capsys.readouterr().out
    assert main(["cheatsheet", "--out", str(tmp_path / "c.html")]) == 0
    assert (tmp_path / "c.html").read_text(encoding="utf-8") == cheatsheet_html(CLASSIC)
    base = "https://example.org/rules.html"
    assert main(["cheatsheet", "--out", str(tmp_path / "u.html"), "--rules-base", base]) == 0
    assert rule_links((tmp_path / "u.html").read_text(encoding="utf-8"), base) > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.html", "modern.html", "u.html"], "no temp file left"


def test_bad_arguments_one_sentence_exit_code_2(tmp_path, capsys):
    cases = [
        (["--ruleset", "bridge", "--out", str(tmp_path / "x.html")], "invalid choice: 'bridge'"),
        (["--ruleset", "modern"], "required: --out"),
        (["--out", str(tmp_path / "x.txt")], "must be an .html file"),
        (["--out", str(tmp_path / "no" / "x.html")], "does not exist"),
        (["--out", str(tmp_path)], "must be an .html file"),
        (["--out", str(tmp_path / "folder.html")], "is a folder"),
    ]
    (tmp_path / "folder.html").mkdir()

    def check(args, words):
        try:
            code = main(["cheatsheet", *args])
        except SystemExit as exc:  # argparse's own checks
            code = exc.code
        err = capsys.readouterr().err
        assert code == 2
        assert err.count("\n") == 1 and err.startswith("python -m jasslib cheatsheet: error: ") and words in err

    check_cases(cases, check)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.html"]


def test_exit_code_from_the_shell(tmp_path):
    run = subprocess.run([sys.executable, "-m", "jasslib", "cheatsheet", "--ruleset", "x", "--out", "a.html"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and not list(tmp_path.iterdir())


def test_failure_leaves_the_existing_file_and_no_temp_file(tmp_path, monkeypatch):
    out = tmp_path / "sheet.html"
    out.write_text("the old sheet", encoding="utf-8")
    import jasslib.cheatsheet as cheatsheet

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(cheatsheet.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_cheatsheet(out)
    assert main(["cheatsheet", "--out", str(out)]) == 2
    monkeypatch.undo()

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cheatsheet.os, "chmod", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_cheatsheet(out, MODERN)
    monkeypatch.undo()
    monkeypatch.setattr(cheatsheet, "cheatsheet_html", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_cheatsheet(out)
    assert out.read_text(encoding="utf-8") == "the old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.html"], "no temporary file left"
    monkeypatch.undo()
    write_cheatsheet(out)
    assert out.read_text(encoding="utf-8") == cheatsheet_html() and oct(os.stat(out).st_mode & 0o777) == "0o644"
