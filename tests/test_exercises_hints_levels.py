"""Hints, levels and rule coverage of every exercise topic.

A hint names the deciding rule or points at the card or Weis that matters, never the answer; a level
restricts the teaching cases (and without one every case is drawn, as the series always were); and every
rule id of the rule book is drilled by at least one registered topic.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jasslib import CLASSIC, MODERN
from jasslib.exercises import TOPICS, Exercise, exercise, exercises, get_topic
from jasslib.play import strongest_trump
from jasslib.rulebook import RULES

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT.parent / "shared" / "RULES.md"
RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]


def sample(topic: str, ruleset, seed: str = "hints") -> list[Exercise]:
    """Exercises of every level and of the mixed series: each case comes up."""
    record = get_topic(topic)
    out = [exercise(topic, seed, n, ruleset) for n in range(6)]
    for level in range(1, record.level_count + 1):
        out += [exercise(topic, seed, n, ruleset, level) for n in range(4)]
    return out


def leaks(ex: Exercise, hint: str) -> list[str]:
    """What of the answer the hint gives away: the answer in words, a number, the seat or team, a card."""
    kind, answer = ex.kind, ex.answer
    found = [ex.answer_text()] if kind != "number" and ex.answer_text() in hint else []  # a bare number: below
    numbers: list[int] = []
    if kind in ("points", "number"):
        numbers = [answer]
    elif kind == "points+points":
        numbers = list(answer)
    elif kind in ("seat+points", "team+points"):
        numbers = [answer[1]]
    found += [str(n) for n in numbers if re.search(rf"(?<![\w.]){n}(?!\w)", hint)]
    who = answer if kind in ("seat", "team") else answer[0] if kind in ("seat+points", "team+points") else None
    if kind.startswith("seat") and f"seat {int(who)}" in hint.lower():
        found.append(f"seat {int(who)}")
    if kind.startswith("team"):
        words = "nobody" if who is None else f"team {int(who)}"
        if re.search(rf"\b{words}\b", hint.lower()):
            found.append(words)
    if kind == "cards":
        found += [str(c) for c in ex.position["hand"] if str(c) in hint]
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("topic", TOPICS)
def test_the_hint_names_a_rule_and_never_gives_the_answer(topic, ruleset):
    record = get_topic(topic)
    assert record.hint is not None, "every course topic has its own hint"
    for ex in sample(topic, ruleset):
        hint = ex.hint()
        assert hint and hint != ex.explanation and hint.strip().endswith((".", "?", ")")), hint
        assert RULE_ID.search(hint), f"the hint names no rule: {hint}"
        assert not leaks(ex, hint), (topic, ex.position["case"], hint, leaks(ex, hint))


def test_the_legal_hint_points_at_the_trick_not_the_hand():
    ex = exercise("legal", 0, 1)  # no under-trumping while the partner wins: the trick's top trump is named
    assert ex.position["case"] == "no-undertrump-partner-winning"
    top = strongest_trump([c for _, c in ex.position["trick"]], ex.position["contract"])
    assert "P4" in ex.hint() and str(top) in ex.hint()
    assert not any(str(c) in ex.hint() for c in ex.position["hand"])


RULE_ID = re.compile(r"\b[A-Z][0-9]\b")


@pytest.mark.parametrize("topic", TOPICS)
def test_levels_restrict_the_cases_and_no_level_is_the_old_series(topic):
    record = get_topic(topic)
    assert record.level_count == len(record.levels) >= 3, "each course topic has levels from easy to hard"
    assert sorted(c for level in record.levels for c in level) == sorted(record.cases)
    for level in range(1, record.level_count + 1):
        allowed = set(record.level_cases(level))
        series = exercises(topic, "levels", 8, level=level)
        assert {ex.position["case"] for ex in series} <= allowed, (level, allowed)
        assert all(ex.level == level for ex in series)
        assert series == exercises(topic, "levels", 8, level=level), "a level's series is reproducible"
    for n in range(3):
        assert exercise(topic, "levels", n) == exercise(topic, "levels", n, level=None)
        assert exercise(topic, "levels", n).level is None


def test_level_one_of_legal_keeps_its_opening_case():
    """Exercise 0 draws from the first cases that are in the level (legal: a position with a forbidden card)."""
    assert exercise("legal", "x", 0, level=1).position["case"] == "no-trump-follow"
    assert {exercise("legal", s, 0, level=3).position["case"] for s in range(8)} <= set(get_topic("legal").levels[2])


def test_the_easiest_level_of_legal_is_lead_and_follow_and_the_hardest_the_puur_and_under_trumping():
    levels = get_topic("legal").levels
    assert "leading" in levels[0] and "cannot-follow" in levels[0]
    assert "trump-while-able-to-follow" in levels[1]
    assert {"no-undertrump-partner-winning", "undertrump-only-trumps", "lone-puur"} == set(levels[2])


def rule_book_ids() -> set[str]:
    """Every rule id: the rule book's, and those of RULES.md lines like ``- **P4** ...`` when the file is there."""
    ids = set(RULES)
    if RULES_MD.exists():
        parsed = set(re.findall(r"^- \*\*([A-Z][0-9]+)\*\*", RULES_MD.read_text(encoding="utf-8"), re.M))
        assert parsed == ids, "jasslib.rulebook and RULES.md list the same rule ids"
    return ids


def test_every_rule_of_the_rule_book_is_drilled_by_a_topic():
    ids = rule_book_ids()
    assert len(ids) >= 40
    drilled = {rule: [t for t in TOPICS if rule in get_topic(t).rules] for rule in ids}
    missing = sorted(rule for rule, topics in drilled.items() if not topics)
    assert not missing, f"rules no topic drills: {missing}"
    unknown = sorted({r for t in TOPICS for r in get_topic(t).rules} - ids)
    assert not unknown, f"topics name rule ids the rule book lacks: {unknown}"


@pytest.mark.parametrize("rule", ["D3", "D4", "C1", "C2", "W1", "W8", "S2", "G2", "G4", "G5"])
def test_the_rules_of_the_new_topics_are_cited_by_their_feedback(rule):
    """A topic that lists a rule also cites it when an answer is judged (the rule is really drilled)."""
    topics = [t for t in TOPICS if rule in get_topic(t).rules]
    cited = {item.rule for t in topics for ex in sample(t, CLASSIC, "cited") for item in ex.check(ex.answer).items}
    assert rule in cited, (rule, topics, cited)
