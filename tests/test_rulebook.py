"""The rule book docs/rules.md, the rule ids of jasslib.rulebook, and the links from every rule id a learner sees.

* The ids of :data:`jasslib.rulebook.RULES` are those of the rules specification (``../shared/RULES.md`` beside
  the clone, when it is there), and docs/rules.md has exactly one anchor per id, under a heading with its title.
* Every number of the rule book's worked examples and tables is computed here with the engine (hand_score,
  trick_winner, trick_points, best_declaration, contest_hands, race, ...), so the prose cannot drift.
* :func:`jasslib.display.link_rules` links ids in HTML text and nowhere else; the trainers' feedback, the round
  player's refusals, the worksheets and the notebooks' markdown link every rule id to the rule book.  In the
  widgets each id is a rule note: its rule's text, shown where it is clicked, with a link to the rendered page.
* The rendered page docs/rules.html and the rules' texts jasslib/data/rule_texts.json are made from docs/rules.md
  (python -m jasslib.build_rules) and kept in step here.
* The rule book's own statements against the sources: the modern preset's own choices, the cut (D3), looking
  back at tricks (P1), showing the Weis (W8), a revoke keeping Weis and Stöck (G5).
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest
from casetable import check_cases
from htmlcheck import assert_well_formed, parse
from hypothesis import given
from hypothesis import strategies as st

from jasslib import (
    CLASSIC,
    HAND_TOTAL,
    MATCH_TOTAL,
    MODERN,
    Card,
    Contract,
    Rank,
    Team,
    Weis,
    best_declaration,
    check_play,
    compare_weis,
    contest_hands,
    games_won,
    hand_score,
    judge_claim,
    race,
    revoke_score,
    stoeck_points,
    trick_points,
    trick_winner,
)
from jasslib.build_rules import build
from jasslib.display import RULE_NOTE_CSS, link_rules
from jasslib.errors import JassError
from jasslib.rulebook import (
    CHAPTERS,
    RULE_BOOK,
    RULE_ID_PATTERN,
    RULE_PAGE,
    RULES,
    rule_anchor,
    rule_book_page,
    rule_sections,
    rule_text_html,
    rule_title,
    rule_url,
)
from jasslib.scoring import multiplied
from jasslib.weis import four_points
from jasslib.worksheet import answer_key_html, worksheet_html, write_worksheet

ROOT = Path(__file__).resolve().parents[1]
BOOK_PATH = ROOT / "docs" / "rules.md"
BOOK = BOOK_PATH.read_text(encoding="utf-8")
SPEC = ROOT.parent / "shared" / "RULES.md"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "app").glob("*.ipynb"))
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("♣", "♠", "♥", "♦")


def section(rule_id: str) -> str:
    """The rule book's text from the anchor of ``rule_id`` to the next anchor, lines joined by spaces."""
    start = BOOK.index(f'<a id="{rule_anchor(rule_id)}"></a>')
    following = ANCHOR.search(BOOK, start + 1)
    text = BOOK[start: following.start() if following else len(BOOK)]
    return re.sub(r"\s+", " ", text)


def table(rule_id: str) -> tuple[list[str], dict[str, list[str]]]:
    """The markdown table in the section of ``rule_id``: its header cells and its rows by first cell."""
    start = BOOK.index(f'<a id="{rule_anchor(rule_id)}"></a>')
    rows = []
    for line in BOOK[start:].splitlines()[1:]:
        if ANCHOR.search(line):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    assert len(rows) >= 3, f"no table under {rule_id}"
    return rows[0], {row[0]: row[1:] for row in rows[2:]}


def card(rank: str, suit: str) -> Card:
    return Card.parse(rank + suit)


# --------------------------------------------------------------------------- the ids and the anchors


def spec_ids(text: str) -> list[str]:
    """The rule ids of the specification, in its order: each rule is a bullet ``- **P4** ...``."""
    return re.findall(r"^- \*\*([A-Z]\d+)\*\*", text, re.MULTILINE)


def test_rule_ids_are_those_of_the_specification():
    ids = list(RULES)
    # the ids run chapter by chapter in the rule book's order, numbered 1, 2, ... in each chapter
    assert [i[0] for i in ids] == sorted((i[0] for i in ids), key=list(CHAPTERS).index)
    for letter in CHAPTERS:
        numbers = [int(i[1:]) for i in ids if i[0] == letter]
        assert numbers == list(range(1, len(numbers) + 1)), letter
    if SPEC.is_file():  # beside the clone in CI and on the course machines (read-only)
        assert ids == spec_ids(SPEC.read_text(encoding="utf-8"))
    assert spec_ids("- **P4** No under-trumping\n  - **P5** x\n- **W2** Sequences") == ["P4", "W2"]


def test_every_rule_id_has_exactly_one_anchor_under_a_heading_with_its_title():
    anchors = ANCHOR.findall(BOOK)
    assert len(anchors) == len(set(anchors)), "an anchor is given twice"

    def check(rule_id, title):
        assert anchors.count(rule_id.lower()) == 1
        assert f'### <a id="{rule_id.lower()}"></a>{rule_id} · {title}\n' in BOOK

    check_cases(RULES.items(), check)
    others = [a for a in anchors if a.upper() not in RULES]
    assert others == [f"chapter-{letter.lower()}" for letter in CHAPTERS] + ["presets", "decisions"]


def test_the_rule_book_links_only_to_its_own_anchors_and_has_the_decisions():
    anchors = set(ANCHOR.findall(BOOK))
    targets = re.findall(r"\]\(#([^)]+)\)", BOOK)
    assert targets and set(targets) <= anchors
    assert "## <a id=\"decisions\"></a>Decisions this project made" in BOOK
    assert "RULES.md" not in BOOK and "shared" not in BOOK, "learners cannot see the specification"
    assert "python -m jasslib cheatsheet --ruleset classic" in BOOK


def test_rule_helpers():
    assert rule_url("P4") == RULE_BOOK + "#p4" == "../docs/rules.md#p4"
    assert rule_url(" g3 ", base="https://example.org/r.html") == "https://example.org/r.html#g3"
    assert rule_title("w6") == RULES["W6"] and rule_anchor("H3") == "h3"
    for bad in ("P9", "X1", "", "P"):
        with pytest.raises(JassError, match="unknown rule id"):
            rule_url(bad)


def test_rule_id_pattern_finds_ids_standing_alone():
    cases = [
        ("(P4)", ["P4"]), ("(W2, W3)", ["W2", "W3"]), ("O4–O6", ["O4", "O6"]), ("**H2**", ["H2"]),
        ("P44 W9 p4 XP4 P4x P4_ #P4 &#xD1;", []), ("&amp;P4", ["P4"]), ("seat 1, 10♥, A♣, TC, 6H", []), ("G5.", ["G5"]),
    ]
    check_cases(cases, lambda text, ids: RULE_ID_PATTERN.findall(text) == ids or pytest.fail(text))


# --------------------------------------------------------------------------- worked examples and tables


def test_H3_worked_example():
    m = CLASSIC.multiplier(Contract.HEARTS)
    score = hand_score((95, 57), (5, 4), Team.T0, Contract.HEARTS, weis=(20, 0))
    text = section("H3")
    assert score.trick_points == (100, 57) and m == 2
    assert f"(×{m})" in text and f"trick points are {score.trick_points[0]} for the first team and " \
        f"{score.trick_points[1]}" in text
    assert f"({score.trick_points[0]} + 20) × {m} = {score.total[0]}" in text
    assert f"{score.trick_points[1]} × {m} = {score.total[1]}" in text


def test_H4_worked_example():
    trick = ["A♣", "9♥", "J♥", "7♣"]
    players = "ABCD"
    points = CLASSIC.card_points(Contract.HEARTS)
    m = CLASSIC.multiplier(Contract.HEARTS)
    total = trick_points(trick, Contract.HEARTS)
    text = section("H4")
    assert "A leads A♣, B plays 9♥, C still holds 8♣ but plays J♥" in text and "D plays 7♣" in text
    assert f"{players[trick_winner(trick, Contract.HEARTS)]} wins the trick with the Puur" in text
    assert f"{' + '.join(str(points[Card.parse(c)]) for c in trick)} = {total} points, {total * m} after" in text
    hand = "8♣ J♥ 6♥ K♠"
    assert check_play("J♥", hand, trick[:2], Contract.HEARTS).rule == "P3" and "legal (P3)" in text
    refused = check_play("6♥", hand, trick[:2], Contract.HEARTS)
    assert not refused.legal and refused.rule == "P4" and "6♥ while holding 8♣" in text and "(P4)" in text


def test_H5_worked_example():
    trick = ["K♦", "8♥", "J♥", "6♦"]
    players = ("4", "3", "1", "2")
    points = MODERN.card_points(Contract.HEARTS)
    text = section("H5")
    assert MODERN.multiplier(Contract.HEARTS) == 1 and "no multiplier" in text
    assert f"Player {players[trick_winner(trick, Contract.HEARTS)]} wins the trick" in text
    total = trick_points(trick, Contract.HEARTS, MODERN)
    assert f"{' + '.join(str(points[Card.parse(c)]) for c in trick)} = {total} points" in text
    assert check_play("J♥", "10♦ J♥ 7♠", trick[:2], Contract.HEARTS).legal
    assert check_play("8♥", "8♥ A♣", trick[:1], Contract.HEARTS).legal  # player 3 has no ♦


def test_O6_worked_example_undenufe_values():
    trick = ["6♠", "7♠", "8♠", "K♠"]
    text = section("O6")
    assert trick_winner(trick, Contract.UNDENUFE) == 0 and "the 6♠ wins (O3)" in text
    for ruleset, words in ((CLASSIC, "in the classic rules"), (MODERN, "in the modern rules")):
        points = ruleset.card_points(Contract.UNDENUFE)
        total = trick_points(trick, Contract.UNDENUFE, ruleset)
        assert f"{' + '.join(str(points[Card.parse(c)]) for c in trick)} = {total} points {words}" in text \
            or f"{' + '.join(str(points[Card.parse(c)]) for c in trick)} = {total} {words}" in text


def test_O7_totals_and_the_match_example():
    for ruleset in (CLASSIC, MODERN):
        for contract in Contract:
            assert sum(ruleset.card_points(contract)) == 152
    text = section("O7")
    assert "**152**" in text and "**5**" in text and f"**{HAND_TOTAL}**" in text and f"**{MATCH_TOTAL}**" in text
    m = CLASSIC.multiplier(Contract.OBENABE)
    match = hand_score((152, 0), (9, 0), Team.T0, Contract.OBENABE)
    assert match.trick_points == (MATCH_TOTAL, 0)
    assert f"(classic, ×{m}) scores {MATCH_TOTAL} × {m} = {match.total[0]}" in text


def test_W4_worked_example_splitting_a_sequence():
    hand = "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♠"
    classic = best_declaration(hand, Contract.HEARTS)
    modern = best_declaration(hand, Contract.HEARTS, MODERN)
    text = section("W4")
    assert CLASSIC.sequence_points(8) == 100 and "an 8-card sequence is worth only 100" in text
    parts = sorted((w.points for w in classic.weis), reverse=True)
    assert parts == [100, 20] and [w.length for w in sorted(classic.weis, key=lambda w: -w.points)] == [5, 3]
    assert f"{parts[0]} + {parts[1]} = {classic.points}" in text
    assert len(modern.weis) == 1 and f"whole sequence of 8 is worth {modern.points}" in text


def test_W6_worked_example_comparing_weis():
    text = section("W6")
    five, kings = Weis.from_cards("6♥ 7♥ 8♥ 9♥ 10♥"), Weis.from_cards("K♣ K♠ K♥ K♦")
    assert five.points == kings.points == 100 and compare_weis(five, kings, Contract.CLUBS) > 0
    assert "sequence of five 6♥–10♥ (100) and four kings (100)" in text and "five cards beat four" in text
    low, high = Weis.from_cards("6♥ 7♥ 8♥"), Weis.from_cards("Q♣ K♣ A♣")
    assert low.points == high.points == 20 and "(20 each)" in text
    assert compare_weis(high, low, Contract.OBENABE) > 0 and "in Obenabe the one up to the ace wins" in text
    assert compare_weis(low, high, Contract.UNDENUFE) > 0 and "in Undenufe the one up to the eight" in text


def test_W7_worked_example_the_contest():
    hands = ["7♦ 8♦ 9♦ 10♦", "Q♣ Q♠ Q♥ Q♦", "6♠ 7♠ 8♠", "6♥ 7♥ 8♥"]
    result = contest_hands(hands, Contract.CLUBS, forehand=0)
    declared = [best_declaration(h, Contract.CLUBS).points for h in hands]
    assert declared == [50, 100, 20, 20] and result.team == Team.T1
    text = section("W7")
    assert "(a sequence of 4, 50), seat 1 four queens (100), seat 2 6♠–8♠ (20) and seat 3 6♥–8♥ (20)" in text
    assert f"team 1 scores {declared[1]} + {declared[3]} = {result.scored()[1]} and team 0 scores " \
        f"{result.scored()[0]}" in text
    assert f"together hold {declared[0] + declared[2]}" in text and "(100 beats 50)" in text


def test_S1_and_H2_examples_stoeck_and_the_multiplier():
    m = CLASSIC.multiplier(Contract.HEARTS)
    assert f"20 × {m} = {stoeck_points(Contract.HEARTS)} in the classic rules and " \
        f"{stoeck_points(Contract.HEARTS, MODERN)} in the modern rules" in section("S1")
    assert stoeck_points(Contract.OBENABE) == stoeck_points(Contract.UNDENUFE) == 0
    total = multiplied(57, 0, 20, m)[3]
    assert total == hand_score((95, 57), (5, 4), Team.T0, Contract.HEARTS, stoeck=(0, 20)).total[1]
    assert f"57 × {m} + 20 × {m} = {total}" in section("H2")


def test_G_examples_claim_race_schneider_revoke():
    claim = judge_claim(0, (2900, 2500), (45, 0), 2, stoeck=(40, 0))
    assert claim.valid and f"2900 + 45 × 2 + 40 = {claim.total}, at least {CLASSIC.target}" in section("G2")
    result = race((2980, 2990), {"stoeck": (0, 0), "weis": (40, 0), "stich": (10, 100)}, target=CLASSIC.target)
    assert result.winner == Team.T0 and result.category == "weis"
    assert f"2980 + 40 = {result.totals[0]} first and wins, although team 1 ends with 2990 + 100 = 3090" \
        in section("G3")
    assert games_won(1450) == 2 and games_won(1500) == 1
    assert f"under {CLASSIC.schneider} in the classic rules, under {MODERN.schneider} in the modern" in section("G4")
    assert "loses with 1450 is Schneider (the win counts 2 games); with 1500 it is not (1 game)" in section("G4")
    revoke = revoke_score(1, Contract.HEARTS)
    assert f"team 0 scores {HAND_TOTAL} × 2 = {revoke.total[0]}, team 1 scores {revoke.total[1]}" in section("G5")
    assert f"{CLASSIC.target} points in the classic rules, {MODERN.target} in the modern" in section("G1")


def test_card_order_sections_O1_O3():
    for rule_id, contract, suit in (("O1", Contract.CLUBS, "♠"), ("O1", Contract.OBENABE, "♣"),
                                    ("O2", Contract.HEARTS, "♥"), ("O3", Contract.UNDENUFE, "♦")):
        assert f"**{contract.card_order(SUITS.index(suit))}**" in section(rule_id)


def test_card_points_tables_O4_O5():
    header, rows = table("O4")
    assert header[1:] == list(RANKS)

    def check_trump(contract):
        points = CLASSIC.card_points(contract)
        trump = SUITS[contract]
        other = next(s for s in SUITS if s != trump)
        assert rows["trump suit"] == [str(points[card(r, trump)]) for r in RANKS]
        assert rows["other suits"] == [str(points[card(r, other)]) for r in RANKS]

    check_cases([c for c in Contract if c.has_trump], check_trump)
    header, rows = table("O5")
    assert header[1:] == list(RANKS)
    expected = {"Obenabe": (CLASSIC, Contract.OBENABE), "Undenufe, classic": (CLASSIC, Contract.UNDENUFE),
                "Undenufe, modern": (MODERN, Contract.UNDENUFE)}
    assert set(rows) == set(expected)
    for label, (ruleset, contract) in expected.items():
        points = ruleset.card_points(contract)
        for suit in SUITS:
            assert rows[label] == [str(points[card(r, suit)]) for r in RANKS], (label, suit)


def test_multiplier_table_C3():
    header, rows = table("C3")
    assert header[1:] == ["♣", "♠", "♥", "♦", "Obenabe", "Undenufe"]
    expected = {"classic": CLASSIC, "modern": MODERN, "modern, optional set": MODERN.with_multipliers()}
    assert set(rows) == set(expected)
    for label, ruleset in expected.items():
        assert rows[label] == [f"×{ruleset.multiplier(c)}" for c in Contract], label


def test_weis_tables_W2_W3():
    header, rows = table("W2")
    assert header[1:] == [str(n) for n in range(3, 10)]
    assert rows['classic ("small Weis")'] == [str(CLASSIC.sequence_points(n)) for n in range(3, 10)]
    assert rows['modern ("large Weis")'] == [str(MODERN.sequence_points(n)) for n in range(3, 10)]
    header, rows = table("W3")
    ranks = [Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN]
    assert header[1:-1] == [str(r) for r in ranks] and header[-1] == "8, 7 or 6"
    for label, ruleset in (("classic", CLASSIC), ("modern", MODERN)):
        values = [four_points(r, ruleset) for r in ranks]
        assert rows[label][:-1] == ["no Weis" if v is None else str(v) for v in values], label
        assert rows[label][-1] == "no Weis"
        assert {four_points(r, ruleset) for r in (Rank.EIGHT, Rank.SEVEN, Rank.SIX)} == {None}


def test_presets_table():
    start = BOOK.index('<a id="presets"></a>')
    rows = {}
    for line in BOOK[start:].splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells[1:]
    assert rows["starting card (D4)"] == [str(CLASSIC.starting_card), str(MODERN.starting_card)]
    assert rows["target (G1)"][0] == str(CLASSIC.target) and rows["target (G1)"][1].startswith(f"{MODERN.target} ")
    assert rows["Schneider below (G4)"] == [str(CLASSIC.schneider), str(MODERN.schneider)]
    nines = ["no Weis" if r.four_nines is None else str(r.four_nines) for r in (CLASSIC, MODERN)]
    assert rows["four nines (W3)"] == nines
    assert rows["counting order (G3)"] == ["Stöck, Weis, Stich"] * 2
    assert CLASSIC.claim_priority == MODERN.claim_priority == ("stoeck", "weis", "stich")
    assert rows["sequences (W2)"][1].startswith(", ".join(str(MODERN.sequence_points(n)) for n in range(3, 10)))


# --------------------------------------------------------------------------- link_rules


def rule_links(markup: str, base: str = RULE_PAGE) -> int:
    """Check that every rule id in the shown text of ``markup`` is a link to its rule, or a rule note (its id, the
    rule's text hidden until the id is clicked, a link to the rule book at the rule); return how many."""
    doc = parse(markup)
    links = doc.find_all("a", class_="jass-rule")
    for a in links:
        assert RULE_ID_PATTERN.fullmatch(a.text), a
        assert a.attrs["href"] == rule_url(a.text, base) and a.attrs["target"] == "_blank"
        assert a.attrs["title"] == f"{a.text}: {RULES[a.text]}"
    notes = doc.find_all("label", class_="jass-rule-note")
    for note in notes:
        rule = note.attrs["data-rule"]
        assert note.find(class_="jass-rule-id").text == rule and note.find("input", type="checkbox")
        text = note.find(class_="jass-rule-text")
        assert "display:none" in text.attrs["style"] and parse(rule_text_html(rule, base)).text in text.text
        assert [a.text for a in text.find_all("a", class_="jass-rule")] == [rule]
    if notes:
        assert RULE_NOTE_CSS in markup, "the notes' style rule (once per piece of text that has notes)"
    assert len(RULE_ID_PATTERN.findall(doc.shown_text)) == (len(notes) or len(links)), markup
    return len(notes) or len(links)


def test_link_rules_links_every_form_of_an_id():
    out = link_rules("<p>You may not under-trump (P4); see (W2, W3) and H3–H5, or G1.</p>")
    assert rule_links(out) == 6
    assert parse(out).text == "You may not under-trump (P4); see (W2, W3) and H3–H5, or G1."
    assert '(<a class="jass-rule" href="../docs/rules.html#p4" target="_blank" title="P4: No under-trumping">P4</a>)' \
        in out
    notes = link_rules("<p>You may not under-trump (P4); see (W2, W3) and H3–H5, or G1.</p>", in_place=True)
    assert rule_links(notes) == 6
    assert parse(notes).shown_text == "You may not under-trump (P4); see (W2, W3) and H3–H5, or G1."


def test_link_rules_leaves_markup_links_and_code_alone():
    cases = [
        '<span class="jass-card" data-card="P4" title="P4">x</span>',
        '<a href="#x">P4 and W2</a>',
        '<a class="jass-rule" href="../docs/rules.md#p4">P4</a>',
        "<code>P4</code> <style>.P4 { color: red }</style> <script>var W2 = 1;</script>",
        "<!-- P4 --> W9 P44 p4",
        "<textarea>P4</textarea><title>W2</title>",
        '<svg><text x="1">10♥</text></svg>',
    ]
    check_cases(cases, lambda markup: link_rules(markup) == markup or pytest.fail(link_rules(markup)))
    mixed = parse(link_rules("<a href='#'>P4</a> P5 <code>P6</code> P1"))
    assert [a.attrs["href"] for a in mixed.find_all("a")] == ["#", rule_url("P5", RULE_PAGE), rule_url("P1", RULE_PAGE)]
    note = link_rules("P4", in_place=True)
    check_cases(cases + [note], lambda markup: link_rules(markup, in_place=True) == markup or pytest.fail(markup))


def test_link_rules_base_is_escaped_in_the_attribute():
    base = 'https://example.org/r.html?a=1&b="2"'
    out = link_rules("P4", base=base)
    assert parse(out).find("a").attrs["href"] == base + "#p4"
    assert "&amp;" in out and "&quot;" in out


@given(st.lists(st.one_of(st.sampled_from([*RULES, "W9", "P44", "p4", "&#", "<", ">", "&", '"', "'", " ", "("]),
                          st.text(alphabet="AOPWxy01249 ,.()–-<>&\"'#;", max_size=4)), max_size=12).map("".join))
def test_link_rules_keeps_the_text_and_links_each_id_once(text):
    escaped = html.escape(text).replace("\n", "<br>")
    out = link_rules(escaped)
    assert parse(out).text == text
    rule_links(out)
    assert link_rules(out) == out, "linking twice changes nothing"
    notes = link_rules(escaped, in_place=True)
    assert parse(notes).shown_text == text
    rule_links(notes)
    assert link_rules(notes, in_place=True) == notes
    if not RULE_ID_PATTERN.search(text):
        assert out == escaped == notes


# --------------------------------------------------------------------------- where learners see rule ids


@pytest.mark.parametrize("topic", ["legal", "trick", "weis", "contest", "stoeck", "score", "claim"])
def test_trainer_feedback_and_solution_link_the_rules(topic):
    from jasslib.widgets import Trainer

    t = Trainer(topic, seed=1)
    t.show_solution()
    assert rule_links(t.feedback.value) >= 1, t.feedback.value
    wrong = Trainer(topic, seed=2)
    answer = wrong.exercise.answer
    try:
        wrong.set_response(_wrong(answer))
    except (ValueError, TypeError):
        wrong.set_response(answer)
    wrong.check()
    rule_links(wrong.feedback.value)
    rule_links(wrong.prompt.value)


def _wrong(answer):
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer + 10
    if isinstance(answer, tuple) and len(answer) == 2 and all(isinstance(a, int) for a in answer):
        return (answer[0] + 10, answer[1] + 10)
    return answer


def test_legal_trainer_refusal_links_P4():
    from jasslib.widgets import legal_cards_trainer

    for number in range(40):
        t = legal_cards_trainer(seed=3, number=number)
        pos = t.exercise.position
        trick = [c for _, c in pos["trick"]]
        wrong = [c for c in pos["hand"] if check_play(c, pos["hand"], trick, pos["contract"]).rule == "P4"
                 and c not in t.exercise.answer]
        if wrong:
            t.set_response(set(t.exercise.answer) | {wrong[0]})
            t.check()
            doc = parse(t.feedback.value)
            assert any(a.attrs["href"] == "../docs/rules.html#p4" for a in doc.find_all("a", class_="jass-rule"))
            note = doc.find_all("label", class_="jass-rule-note", data_rule="P4")[0]
            assert "weaker than the strongest trump in the trick" in note.text  # the rule itself, in place
            rule_links(t.feedback.value)
            return
    pytest.fail("no exercise with an under-trump in 40")


def test_round_player_refusal_links_the_rule():
    from jasslib.widgets import RoundPlayer

    rng = random.Random(1)
    for seed in range(30):
        p = RoundPlayer(seed=seed)
        while not p.round.done:
            if p.round.contract is None:
                p.choose(Contract.HEARTS)
                continue
            legal = p.round.legal_cards()
            illegal = [c for c in p.round.hand(p.seat) if c not in legal]
            if illegal:
                verdict = p.round.check(illegal[0])
                p.play(illegal[0])
                assert verdict.message in parse(p.message.value).shown_text
                href = [a.attrs["href"] for a in parse(p.message.value).find_all("a", class_="jass-rule")]
                assert href == [rule_url(verdict.rule, RULE_PAGE)], p.message.value
                rule_links(p.log.value)
                return
            p.play(rng.choice(list(legal)))
    pytest.fail("no refused card in 30 rounds")


def test_round_player_log_links_the_rules():
    from jasslib.widgets import RoundPlayer

    linked = 0
    for seed in range(12):
        p = RoundPlayer(seed=seed)
        while not p.round.done:
            if p.round.contract is None:
                p.choose(Contract.HEARTS)
                continue
            p.play(min(p.round.legal_cards()))
        linked += rule_links(p.log.value)
    assert linked, "a Stöck or Weis line of the log cites a rule"


def _on_screen(sheet: str) -> str:
    """A worksheet without its list of the rules used (written out for paper, where a link cannot be followed)."""
    listed = re.search(r'<section class="rules-used">.*?</section>', sheet, flags=re.S)
    assert listed, "a worksheet ends with the rules it uses, written out for paper"
    rest = sheet[:listed.start()] + sheet[listed.end():]
    return rest


def test_worksheets_link_the_rules(tmp_path):
    key = answer_key_html("legal", 4, seed=1)
    assert rule_links(_on_screen(key), RULE_BOOK) >= 4
    rule_links(_on_screen(worksheet_html("score", 3, seed=2)), RULE_BOOK)
    base = "https://example.org/jass/rules.html"
    sheet, key_file = write_worksheet("trick", 3, seed=5, out_path=tmp_path / "t.html", rules_base=base)
    assert rule_links(_on_screen(key_file.read_text(encoding="utf-8")), base) >= 3
    rule_links(_on_screen(sheet.read_text(encoding="utf-8")), base)
    assert answer_key_html("trick", 3, seed=5, rules_base=base) == key_file.read_text(encoding="utf-8")
    from jasslib.__main__ import main

    assert main(["worksheet", "--topic", "weis", "--count", "2", "--out", str(tmp_path / "w.html"),
                 "--rules-base", base]) == 0
    assert rule_links(_on_screen((tmp_path / "w_key.html").read_text(encoding="utf-8")), base) >= 2


def test_every_rule_id_jasslib_cites_is_in_the_rule_book():
    """An id in parentheses anywhere in jasslib's source ("(P4)", "(W5–W7)") names a rule of the rule book."""
    cited = set()
    for path in (ROOT / "jasslib").rglob("*.py"):
        cited |= set(re.findall(r"\(([A-Z]\d+)[,)–-]", path.read_text(encoding="utf-8")))
    assert {"P4", "W6", "G3"} <= cited and cited <= set(RULES), sorted(cited - set(RULES))


# --------------------------------------------------------------------------- notebooks


def unlinked_ids(markdown: str) -> tuple[list[str], list[tuple[str, str]]]:
    """Rule ids of a markdown cell that are not links, and (id, target) of links whose target is not the rule's."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", "", text)
    wrong = []
    for label, target in re.findall(r"\[([^\]]*)\]\(([^)]*)\)", text):
        if RULE_ID_PATTERN.fullmatch(label) and target != rule_url(label):
            wrong.append((label, target))
    for target, label in re.findall(r'<a [^>]*href="([^"]*)"[^>]*>(.*?)</a>', text):
        if RULE_ID_PATTERN.fullmatch(label) and target != rule_url(label):
            wrong.append((label, target))
    text = re.sub(r"\[([^\]]*)\]\(([^)]*)\)", "", text)
    text = re.sub(r"<a [^>]*>.*?</a>", "", text)
    return RULE_ID_PATTERN.findall(text), wrong


def test_unlinked_ids_finds_them():
    assert unlinked_ids("(P4) and [W2](../docs/rules.md#w2), `P5`") == (["P4"], [])
    assert unlinked_ids("[W2](../docs/rules.md#w3) <a href=\"x#p1\">P1</a>") == ([], [("W2", "../docs/rules.md#w3"),
                                                                                     ("P1", "x#p1")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_markdown_links_every_rule_id_to_the_rule_book(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    problems = [(i, unlinked_ids(m)) for i, m in enumerate(markdown) if unlinked_ids(m) != ([], [])]
    assert not problems, f"{path.name}: link these ids as [P4](../docs/rules.md#p4): {problems}"
    if path.parent.name == "notebooks":  # every lesson cites rules; the app's index only lists the lessons
        assert sum(len(re.findall(r"\]\(\.\./docs/rules\.md#", m)) for m in markdown) > 0
    assert not any("RULES.md" in m for m in markdown), "learners cannot see RULES.md: cite docs/rules.md"
    assert (path.parent / RULE_BOOK).resolve() == BOOK_PATH.resolve()


# --------------------------------------------------------------------------- the rendered rule book


def test_the_rendered_page_and_the_rules_texts_are_in_step_with_rules_md():
    page, texts = build(ROOT)
    assert (ROOT / "docs" / "rules.html").read_text(encoding="utf-8") == page, \
        "docs/rules.html is behind docs/rules.md: run python -m jasslib.build_rules"
    assert (ROOT / "jasslib" / "data" / "rule_texts.json").read_text(encoding="utf-8") == texts, \
        "jasslib/data/rule_texts.json is behind docs/rules.md: run python -m jasslib.build_rules"
    assert page == rule_book_page(BOOK) and set(json.loads(texts)) == set(RULES)


def test_the_rendered_page_has_every_rule_under_its_anchor_and_no_markdown_left():
    doc = parse(rule_book_page(BOOK))
    assert doc.find("title").text.startswith("The rule book")

    def check(rule_id, title):
        anchor = doc.find("a", id=rule_anchor(rule_id))
        heading = next(h for h in doc.find_all("h3") if anchor in h.find_all("a"))
        assert heading.text == f"{rule_id} · {title}"

    check_cases(RULES.items(), check)
    assert len(doc.find_all("table")) == len(re.findall(r"^\|---\|", BOOK, re.MULTILINE)) and "**" not in doc.text
    links = [a.attrs["href"] for a in doc.find_all("a") if "href" in a.attrs]
    assert "#presets" in links and "#decisions" in links
    c3 = next(p for p in doc.find_all("p") if p.text.startswith("Every contract has a multiplier"))
    assert [(a.text, a.attrs["href"]) for a in c3.find_all("a")] == [("H2", "#h2")], "an id in the text is a link"
    assert not any(a.attrs.get("href") for h in doc.find_all("h3") for a in h.find_all("a")), "not in headings"
    assert_well_formed(rule_book_page(BOOK))


def test_each_rules_text_is_its_section_as_spans_that_may_stand_in_a_paragraph():
    sections = rule_sections(BOOK)
    assert list(sections) == list(RULES)

    def check(rule_id, markdown):
        text = rule_text_html(rule_id)
        assert not re.search(r"<(p|div|table|tr|td|ul|ol|li|pre|h\d|details|section)\b", text), rule_id
        assert_well_formed(f"<p>{text}</p>")
        words = parse(text).text
        first = re.sub(r"[*`]", "", markdown.split("\n\n")[0]).split(".")[0]
        assert " ".join(first.split())[:40] in " ".join(words.split()), (rule_id, first)

    check_cases(sections.items(), check)
    assert "weaker than the strongest trump in the trick" in rule_text_html("P4")
    assert 'href="x/r.html#decisions"' in rule_text_html("P1", base="x/r.html")  # a link to the book leads there
    assert '(<a target="_blank" href="x/r.html#h2">H2</a>)' in rule_text_html("C3", base="x/r.html")
    with pytest.raises(JassError, match="unknown rule id"):
        rule_text_html("P9")


# --------------------------------------------------------------------------- the rule book against the sources


def decisions() -> str:
    return re.sub(r"\s+", " ", BOOK[BOOK.index('<a id="decisions"></a>'):])


def presets() -> dict[str, list[str]]:
    rows = {}
    for line in BOOK[BOOK.index('<a id="presets"></a>'):].splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells[1:]
    return rows


def test_decisions_name_the_modern_presets_own_choices():
    text = decisions()
    assert "The modern preset's own choices." in text and "not on that page" in text
    assert f"Schneider under {MODERN.schneider}" in text and MODERN.schneider != CLASSIC.schneider
    large = [MODERN.sequence_points(n) for n in range(6, 10)]
    assert f"large Weis** scale {', '.join(map(str, large[:3]))}, {large[3]} for sequences of 6 to 9" in text
    assert large != [CLASSIC.sequence_points(n) for n in range(6, 10)]
    assert f"four nines worth {MODERN.four_nines}" in text and CLASSIC.four_nines is None
    # what the modern page does give is named as followed: its starting card and target
    assert f"the starting card {MODERN.starting_card}" in text and f"the target {MODERN.target}" in text


def test_D3_the_modern_deal_cuts_the_deck():
    assert "In the modern rules the deck is also **cut**: the dealer shuffles, a neighbour cuts" in section("D3")
    assert presets()["cutting the deck (D3)"] == ["not mentioned", "the dealer shuffles, a neighbour cuts"]


def test_P1_you_may_remember_finished_tricks_but_not_look_back():
    text = section("P1")
    assert "you may **remember** the tricks played" in text and "you may **not look back** at finished" in text
    assert "Finished tricks" in text and "Finished tricks in the round player (P1)" in decisions()


def test_P1_the_round_player_hides_finished_tricks_unless_the_learner_asks():
    from jasslib.widgets import RoundPlayer

    p = RoundPlayer(seed=4)
    if p.round.contract is None:
        p.choose(Contract.HEARTS)
    p.play(min(p.round.legal_cards()))
    assert p.round.tricks, "a trick is finished"
    assert not p.show_tricks and not p.tricks_checkbox.value
    assert "Finished tricks (" not in p.table.value
    first = p.round.tricks[0]
    log = parse(p.log.value)
    assert f"Trick 1: → seat {int(first.winner)} takes {first.points}." in log.shown_text
    line = next(d for d in log.find_all("div") if d.shown_text.startswith("Trick 1:"))
    assert not [e for e in line.elements() if "data-card" in e.attrs], "no card of a finished trick"
    assert "look back" in parse(p.tricks_note.value).shown_text and p.tricks_note.value.count('data-rule="P1"') == 1
    p.tricks_checkbox.value = True  # the learner asks for them
    assert p.show_tricks and "Finished tricks (" in p.table.value
    line = next(d for d in parse(p.log.value).find_all("div") if d.shown_text.startswith("Trick 1:"))
    assert len([e for e in line.elements() if "data-card" in e.attrs]) == 4
    shown = RoundPlayer(seed=4, show_tricks=True)
    assert shown.tricks_checkbox.value is True
    with pytest.raises(JassError, match="show_tricks is True or False"):
        RoundPlayer(seed=4, show_tricks="no")  # type: ignore[arg-type]  # the bad input under test


def test_W8_the_modern_winning_side_shows_its_weis_in_the_second_trick():
    assert "In the modern rules the side that won the Weis **shows its Weis in the second trick**." in section("W8")
    assert presets()["showing the Weis (W8)"] == ["the counted cards on request, before the second lead",
                                                   "the winning side shows its Weis in the second trick"]


def test_G5_weis_and_stoeck_written_down_before_a_revoke_stay():
    text = section("G5")
    assert "**Weis and Stöck written down before the revoke stay** with the team that scored them" in text
    kept = revoke_score(1, Contract.HEARTS, weis=(0, 50), stoeck=(0, 20))
    m = CLASSIC.multiplier(Contract.HEARTS)
    assert kept.weis == (0, 50 * m) and kept.stoeck == (0, 20 * m) and kept.trick_points == (HAND_TOTAL, 0)
    assert f"it would keep 50 × {m} = {kept.weis[1]}" in text
    assert "A revoke keeps the Weis and the Stöck (G5)." in decisions()
