"""What the notebooks and the trainers page say: no rule the rule book does not state, labels that match the
trainers, the final check where the course ends, and the history table notebook 06 shows.

These read the committed sources (no kernel); what the executed notebooks show is checked in
``tests/test_notebooks.py`` (``OUTPUT_CHECKS``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from htmlcheck import parse

import jasslib
from jasslib import Contract, Round, RuleBasedPlayer, analysis, play_round
from jasslib.exercises import get_topic

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
APP = ROOT / "app" / "trainers.ipynb"


def _cells(path: Path) -> list[tuple[str, str]]:
    """(cell type, source) of each cell."""
    return [(c["cell_type"], "".join(c["source"])) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def _rule_ids(markdown: str) -> set[str]:
    """The rule ids a markdown text names, ranges such as P1–P5 spelled out, links removed."""
    text = re.sub(r"\[([A-Z]\d+)\]\([^)]*\)", r"\1", markdown)
    ids: set[str] = set()
    for letter, low, high in re.findall(r"\b([A-Z])(\d+)[–-]\1?(\d+)\b", text):
        ids |= {f"{letter}{n}" for n in range(int(low), int(high) + 1)}
    return ids | set(re.findall(r"\b[A-Z]\d+\b", text))


def test_rule_ids_reads_links_and_ranges():
    assert _rule_ids("## 1 · Cards? ([P1](../docs/rules.md#p1)–[P5](../docs/rules.md#p5), H4)") == {
        "P1", "P2", "P3", "P4", "P5", "H4"}
    assert _rule_ids("(G2, G3)") == {"G2", "G3"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_misdeal_is_only_dealt_again(path):
    """G5 says only that a misdeal is dealt again: no notebook lists causes the rule book does not give."""
    for kind, source in _cells(path):
        if kind != "markdown":
            continue
        assert not re.search(r"misdeal\W{0,3}\(", source, re.I), source  # "a misdeal (wrong number of cards, ...)"
        assert "card shown" not in source, source


def test_trainer_labels_name_the_rules_their_topic_drills():
    """Each trainer's heading on the trainers page (app/trainers.ipynb shows ``trainers_page``) names its
    topic's title and exactly the rules of its topic's ``rules``."""
    from jasslib.widgets import trainers_page

    assert any(kind == "code" and re.fullmatch(r"trainers_page\(.*\)", source.strip()) for kind, source in _cells(APP))
    page = trainers_page(seed=1, progress=False, final_check=False)
    for section in page.sections:
        topic = get_topic(section.topic)
        named = _rule_ids(parse(section.heading_html).shown_text)  # not the rules cited in a hidden rule note
        assert named == set(topic.rules) and topic.title in section.heading_html, (section.heading_html, topic.rules)
    assert len(page.sections) == len(jasslib.exercises.topics()) >= 14


def test_notebook_09_ends_with_the_final_check_before_its_questions():
    (path,) = (ROOT / "notebooks").glob("09_*.ipynb")
    cells = _cells(path)
    headings = [(i, s) for i, (k, s) in enumerate(cells) if k == "markdown" and s.startswith("## ")]
    (final, _), (questions, _) = headings[-2:]
    assert cells[final][1].startswith("## Final check") and cells[questions][1].startswith("## Questions")
    code = [s for k, s in cells[final + 1:questions] if k == "code"]
    assert code == ['from jasslib import final_check\n\nfinal_check(seed="class 3b")']


def test_notebook_06_shows_the_history_through_the_library():
    (path,) = (ROOT / "notebooks").glob("06_*.ipynb")
    code = "\n".join(s for k, s in _cells(path) if k == "code")
    assert "analysis.history_table(r" in code and "pd.DataFrame(r.history)" not in code


# ---------------------------------------------------------------------------------------------
# analysis.history_table


@pytest.fixture(scope="module")
def played() -> Round:
    r = Round.deal(seed=2)
    r.choose(Contract.HEARTS)
    return play_round(r, [RuleBasedPlayer()] * 4)


def test_history_table_has_whole_numbers_and_blanks(played):
    table = analysis.history_table(played)
    assert table.columns.tolist() == ["event", "seat", "card", "trick", "detail"]
    assert str(table.seat.dtype) == "Int8" and str(table.trick.dtype) == "Int8"
    assert len(table) == len(played.history)
    assert table.trick.dropna().between(1, 9).all() and set(table.trick.dropna()) == set(range(1, 10))
    plays = table[table.event == "play"]
    assert len(plays) == 36 and (plays.card != "").all() and (plays.detail == "").all()
    assert table.card.isna().sum() == table.detail.isna().sum() == 0
    score = table[table.event == "score"].iloc[0]
    assert score.card == "" and score.seat is pd.NA  # the score has no seat: shown blank below
    shown = table.style.format(na_rep="").to_html()
    assert "NaN" not in shown and "&lt;NA&gt;" not in shown and "<NA>" not in shown


def test_history_table_keeps_the_events_and_cards_asked_for(played):
    table = analysis.history_table(played, events=["contract", "weis", "stoeck", "score"], cards=["Q♥", "K♥"])
    assert table.event.tolist() == ["contract", "weis", "play", "play", "stoeck", "score"]
    assert table[table.event == "play"].card.tolist() == ["Q♥", "K♥"]
    stoeck = table[table.event == "stoeck"].iloc[0]
    assert stoeck.trick == table[table.card == "K♥"].iloc[0].trick  # announced with the second card (S2)
    assert analysis.history_table(played, events=[]).empty
    assert analysis.history_table(played, cards=["6♣"]).card.tolist() == ["6♣"]
