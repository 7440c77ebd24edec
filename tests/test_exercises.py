"""Tests of jasslib.exercises as a whole (base, registry, entry points): every registered topic generates,
checks, renders and serialises; malformed responses never raise; the series are deterministic; a new
topic is one Topic value.  Each topic's own tests are in tests/test_exercises_<topic>.py, and
tests/test_exercises_regression.py pins every series to the one first generated."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toy_topic import TOY, registered

from jasslib import CLASSIC, MODERN, Card, CardSet, Contract, Seat, Team
from jasslib.exercises import (
    ANSWER_KINDS,
    CASES,
    KINDS,
    TOPIC_TITLES,
    TOPICS,
    Exercise,
    Feedback,
    Item,
    Topic,
    exercise,
    exercises,
    get_topic,
    register,
    topics,
    unregister,
)
from jasslib.exercises.base import Malformed, _as_int, _as_pair, _as_seat, _as_team, _parse_cards
from jasslib.exercises.registry import BUILTIN

ROOT = Path(__file__).resolve().parent.parent
RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]
FRENCH_SUITS = set("♣♠♥♦")


def visible(markup: str) -> str:
    """The text of HTML (tags, and so the French names in tooltips, removed)."""
    return re.sub(r"<[^>]*>", " ", markup)


# ---------------------------------------------------------------------------------------------
# The registry: everything is derived from it


def test_the_course_topics_in_course_order():
    assert TOPICS == ("deal", "contract", "legal", "trick", "weis", "contest", "announce", "stoeck", "stoeck_timing",
                      "score", "claim", "claim_check", "revoke", "schneider", "play")
    assert tuple(t.name for t in BUILTIN) == TOPICS == tuple(t.name for t in topics())
    assert TOPIC_TITLES == {t.name: t.title for t in BUILTIN}
    assert KINDS == {t.name: t.kind for t in BUILTIN} and set(KINDS.values()) <= set(ANSWER_KINDS)
    assert CASES == {t.name: tuple(t.cases) for t in BUILTIN}
    for t in BUILTIN:
        assert get_topic(t.name) is t and t.instructions and t.rules


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_registered_topic_generates_checks_and_renders(topic, ruleset):
    record = get_topic(topic)
    for ex in [exercise(topic, seed, n, ruleset) for seed in range(6) for n in range(2)]:
        assert (ex.topic, ex.kind, ex.ruleset) == (topic, record.kind, ruleset)
        assert ex.position["case"] in record.cases
        fb = ex.check(ex.answer)
        assert isinstance(fb, Feedback) and fb.correct and fb.summary.startswith("Right"), str(fb)
        assert all(item.correct and item.message for item in fb.items)
        assert ex.solution() == ex.explanation and ex.explanation and ex.prompt
        assert ex.answer_text() == ANSWER_KINDS[ex.kind](ex.answer)
        text = str(ex)
        assert text.startswith(f"{ex.title} · {topic} · {ruleset.name} rules") and ex.position_text() in text
        markup = ex._repr_html_()
        assert markup.startswith('<div class="jass-exercise">') and ex.position_html() in markup
        assert "Solution" in markup
        swiss = ex.position_html(style="swiss")
        assert not FRENCH_SUITS & set(visible(swiss)), swiss
        data = ex.to_dict()
        assert json.loads(json.dumps(data, ensure_ascii=False)) == data
        assert data["topic"] == topic and data["kind"] == record.kind and data["answer_text"] == ex.answer_text()
        assert set(data["position"]) == set(ex.position)
        if "hand" in ex.position:
            assert CardSet.parse(data["position"]["hand"]) == ex.position["hand"]
        if ex.kind == "cards":
            assert CardSet.parse(data["answer"]) == ex.answer


def drawn_cards(position: dict) -> list[Card]:
    """The cards a position shows: its hand, trick, hands, single card, cards played and Weis announced."""
    cards = list(position.get("hand", ())) + [c for _, c in position.get("trick", ())]
    for hand in position.get("hands", ()):
        cards += list(hand)
    if "card" in position:
        cards.append(position["card"])
    cards += [c for _, c in position.get("played", ())]
    for _, weis in position.get("announced", ()):
        cards += list(weis.cards)
    return cards


@pytest.mark.parametrize("topic", TOPICS)
def test_positions_draw_the_cards_in_the_style_asked_for(topic):
    for ex in exercises(topic, 2, 5) + [exercise(topic, 2, 5, level=k) for k in range(1, 4)]:
        cards = drawn_cards(ex.position)
        for style in ("french", "swiss"):
            markup = ex.position_html(style=style)
            assert markup.count('class="jass-card"') == len(cards)
            words = visible(markup)
            for card in cards:
                assert f'data-card="{card.format("ascii")}"' in markup
                assert card.rank.format(style) in words and card.suit.format(style) in words
        if "contract" in ex.position:
            assert ex.position["contract"].format("swiss") in ex.position_html(style="swiss")


def test_a_new_topic_is_one_topic_value():
    """A toy topic, registered from outside the package, gets series, checking, text, HTML and JSON."""
    assert "count" not in TOPICS
    with pytest.raises(ValueError, match="unknown topic 'count'"):
        exercise("count")
    with registered() as toy:
        assert get_topic("count") is toy and topics()[-1] is toy
        series = exercises("count", "class 3b", 6)
        assert series == [exercise("count", "class 3b", i) for i in range(6)]
        assert series[0].position["case"] == "few"  # exercise 0 draws from first_cases
        assert {ex.position["case"] for ex in exercises("count", 1, 40)} == {"few", "many"}
        for ex in series:
            assert ex.kind == "points" and ex.answer == len(ex.position["hand"])
            assert ex.check(ex.answer).correct and not ex.check(ex.answer + 1).correct
            fb = ex.check("lots")
            assert not fb.correct and fb.items[0].message.startswith("Please")
            assert str(ex).endswith(ex.prompt) and "jass-card" in ex._repr_html_()
            assert ex.to_dict()["answer_text"] == f"{ex.answer} points"
        with pytest.raises(ValueError, match="already registered"):
            register(TOY)
    assert "count" not in [t.name for t in topics()]
    with pytest.raises(ValueError, match="unknown topic 'count'"):
        unregister("count")


TOPIC_ERRORS = [
    ({"name": "Legal Cards"}, "lower-case word"),
    ({"kind": "essay"}, "unknown kind 'essay'"),
    ({"rules": ()}, "rule ids"),
    ({"rules": ("p4",)}, "rule ids"),
    ({"cases": {}}, "positive whole weight"),
    ({"cases": {"few": 0}}, "positive whole weight"),
    ({"cases": {"few": 1.5}}, "positive whole weight"),
    ({"first_cases": ("some",)}, "not among its cases"),
    ({"levels": (("few",),)}, "every case exactly once"),
    ({"levels": (("few",), ("many",), ())}, "every case exactly once"),
    ({"levels": (("few", "many"), ("many",))}, "every case exactly once"),
]


def test_a_topic_record_refuses_what_would_break_later():
    fields = {f: getattr(TOY, f) for f in TOY.__dataclass_fields__}
    for change, message in TOPIC_ERRORS:
        with pytest.raises(ValueError, match=message):
            Topic(**(fields | change))
    with pytest.raises(ValueError, match="register a Topic"):
        register("count")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Answers in any reasonable form; malformed ones never raise

READINGS = [  # (reader, response, what it reads as)
    (lambda r: _as_int(r, "x"), 45, 45),
    (lambda r: _as_int(r, "x"), 45.0, 45),
    (lambda r: _as_int(r, "x"), " 45 points", 45),
    (lambda r: _as_int(r, "x"), "1'000", 1000),
    (lambda r: _as_int(r, "x"), "-5 pts", -5),
    (_as_seat, Seat(2), Seat(2)),
    (_as_seat, 3, Seat(3)),
    (_as_seat, " Seat 1", Seat(1)),
    (_as_team, None, None),
    (_as_team, " Nobody ", None),
    (_as_team, "neither", None),
    (_as_team, 1, Team.T1),
    (_as_team, "team 0", Team.T0),
    (lambda r: _as_pair(r, "x"), [1, 2], (1, 2)),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), "8♣ J♥", CardSet.parse("8♣ J♥")),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), ["8c", "JH"], CardSet.parse("8♣ J♥")),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), {"8♣": True, "A♣": False}, CardSet.parse("8♣")),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), Card.CA, CardSet.parse("A♣")),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), [], CardSet()),
]

REFUSALS = [  # (reader, response): each raises Malformed
    (lambda r: _as_int(r, "x"), True),
    (lambda r: _as_int(r, "x"), 2.5),
    (lambda r: _as_int(r, "x"), "many"),
    (_as_seat, 4),
    (_as_seat, Team.T1),
    (_as_seat, "seat 7"),
    (_as_team, 2),
    (_as_team, Seat(1)),
    (lambda r: _as_team(r, nobody=False), None),
    (lambda r: _as_pair(r, "Please give two."), "1 2"),
    (lambda r: _as_pair(r, "Please give two."), (1, 2, 3)),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), "K♠"),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), [True]),
    (lambda r: _parse_cards(r, CardSet.parse("A♣ 8♣ J♥")), None),
]


def test_answer_readers():
    for reader, response, expected in READINGS:
        assert reader(response) == expected, response
    for reader, response in REFUSALS:
        with pytest.raises(Malformed, match="^Please"):
            reader(response)


MALFORMED = {
    "cards": [None, 5, 3.5, True, "abc", "A♣ A♣ Z", ["A♣", "nope"], [True], object(), {"Z♣": True}],
    "seat+points": [None, "abc", 5, (1,), (1, 2, 3), ("seat 7", 10), (1, "many"), (1, 2.5), (True, 10),
                    {"seat": 1}, "1 20", (None, 10)],
    "points": [None, "abc", 2.5, True, [], (20,), object(), "20 and 30"],
    "team+points": [None, "abc", 1, (1,), (1, 2, 3), (5, 10), ("team 2", 10), (1, "lots"), (1, None)],
    "points+points": [None, "abc", 5, (1,), (1, 2, 3), ("a", 1), (1, None), (True, 1), "100 57"],
    "team": ["abc", 2, -1, 1.5, True, [0], Seat(2), "team 3", object()],
    "seat": [None, "abc", 5, -1, 1.5, True, "seat 7", (1, 2), Team.T1, object()],
    "number": [None, "abc", 2.5, True, [], (3,), object(), "3 and 4"],
    "choice": [None, "abc", 5, 2.5, True, [], (3,), object(), "Z♣", CardSet.parse("A♣ K♣"), {"A♣": True}],
}


def test_malformed_responses_give_helpful_feedback():
    assert set(MALFORMED) == set(ANSWER_KINDS)
    for topic in TOPICS:
        for ruleset in (CLASSIC, MODERN):
            for ex in [exercise(topic, seed, 0, ruleset) for seed in range(4)]:
                responses = list(MALFORMED[ex.kind])
                if ex.kind == "cards":
                    outside = next(c for c in Card if c not in ex.position["hand"])
                    responses += [[str(outside)], CardSet([outside]), str(outside)]
                for response in responses:
                    fb = ex.check(response)
                    assert isinstance(fb, Feedback) and not fb.correct, (topic, response, fb)
                    assert fb.items and fb.items[0].key == "answer" and fb.items[0].message.startswith("Please")
                    assert str(fb) and fb._repr_html_()
                if ex.kind == "cards":
                    fb = ex.check([str(outside)])
                    assert str(outside) in fb.items[0].message and "not in your hand" in fb.items[0].message


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["A♣", "10h", "seat 2", "team 1", "none", "45", "J♥ 9♥"]),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=3), inner,
                                                                                           max_size=2),
    max_leaves=6,
)
_ONE_PER_TOPIC = [exercise(t, "junk", 0) for t in TOPICS]


@given(response=junk, index=st.integers(0, len(TOPICS) - 1))
def test_check_never_raises(response, index):
    fb = _ONE_PER_TOPIC[index].check(response)
    assert isinstance(fb, Feedback) and isinstance(fb.correct, bool) and fb.items


def test_feedback_text_and_html_mark_right_and_wrong_without_colour_only():
    ex = exercise("legal", 4)
    wrong = ex.answer - CardSet([ex.answer[0]])
    fb = ex.check(wrong)
    text = str(fb)
    assert text.splitlines()[0] == fb.summary and "✗ You left out" in text and "✓ " in text
    markup = fb._repr_html_()
    assert markup.count("✗") >= 2 and "✓" in markup and 'aria-label="wrong"' in markup
    assert str(Item("seat", True, "Seat 2 wins (P6).", "P6")) == "✓ Seat 2 wins (P6)."


# ---------------------------------------------------------------------------------------------
# Determinism


@pytest.mark.parametrize("topic", TOPICS)
def test_same_seed_same_exercise_different_seeds_differ(topic):
    for ruleset in (CLASSIC, MODERN):
        for seed in (0, 1, "class 3b"):
            a, b = exercise(topic, seed, 2, ruleset), exercise(topic, seed, 2, ruleset.name)
            assert a == b and str(a) == str(b) and a.to_dict() == b.to_dict()
        assert exercises(topic, 5, 4, ruleset) == [exercise(topic, 5, i, ruleset) for i in range(4)]
    texts = {str(exercise(topic, seed, 0)).split("\n", 1)[1] for seed in range(20)}
    assert len(texts) >= 16, "different seeds should give different exercises"
    numbers = {str(exercise(topic, 0, n)).split("\n", 1)[1] for n in range(20)}
    assert len(numbers) >= 16, "different numbers should give different exercises"


def test_deterministic_across_processes():
    """No dependence on hash randomization or on what ran before."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from jasslib.exercises import TOPICS, exercise\n"
        "print(json.dumps([exercise(t, 11, n, r).to_dict() for t in TOPICS for n in range(3)"
        " for r in ('classic', 'modern')], ensure_ascii=False, sort_keys=True))\n"
    )
    outputs = set()
    for hashseed in ("1", "2", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                                encoding="utf-8")
        assert result.returncode == 0, result.stderr
        outputs.add(result.stdout)
    assert len(outputs) == 1
    here = [exercise(t, 11, n, r).to_dict() for t in TOPICS for n in range(3) for r in ("classic", "modern")]
    assert json.loads(outputs.pop()) == json.loads(json.dumps(here, ensure_ascii=False, sort_keys=True))


# ---------------------------------------------------------------------------------------------
# Arguments


ARGUMENT_ERRORS = [  # (call, message)
    (lambda: exercise("poker"), "unknown topic 'poker': expected one of deal, contract, legal, trick, weis"),
    (lambda: exercise("legal", 0, 0, level=4), "levels 1 to 3"),
    (lambda: exercise("legal", 0, 0, level=0), "levels 1 to 3"),
    (lambda: exercise("legal", 0, 0, level=True), "levels 1 to 3"),
    (lambda: exercises("legal", 0, 0), "count: expected a whole number of at least 1"),
    (lambda: exercises("legal", 0, True), "count: expected a whole number from 1 to 1,000, got True"),
    (lambda: exercises("nope", 0, 3), "unknown topic"),
    (lambda: exercise("legal", 0, -1), "0-based index"),
    (lambda: exercise("legal", 0, True), "0-based index"),
    (lambda: exercise("legal", 1.5), "seed"),
    (lambda: exercise("legal", None), "seed"),
    (lambda: exercise("legal", 0, 0, "poker"), "ruleset"),
    (lambda: get_topic(3), "unknown topic 3"),
]


def test_argument_errors():
    for call, message in ARGUMENT_ERRORS:
        with pytest.raises(ValueError, match=message):
            call()
    assert exercise("legal", 0, 0, "modern").ruleset is MODERN


def test_a_hand_built_exercise_is_checked_by_its_topic():
    """Exercise(...) with a position of one's own: the topic's checker and drawing serve it too."""
    ex = Exercise("stoeck", 0, 0, CLASSIC, "points", "?", {"hand": CardSet.parse("Q♥ K♥ 6♣"),
                                                            "contract": Contract.HEARTS, "case": "stoeck"}, 40, "")
    assert ex.check(40).correct and 'data-card="QH"' in ex.position_html(style="swiss")
    assert ex.position_text() == "Contract: ♥ trump (×2)\nHand: 6♣ Q♥ K♥"


@pytest.mark.parametrize("text", ["²", "٣", "+-5", "3²", "seat ²"])
def test_lookalike_digits_are_a_malformed_answer_not_a_crash(text):
    """'²'.isdigit() is True but int('²') fails: answers are read in ASCII digits only, and anything else is
    feedback asking again (found by test_check_never_raises)."""
    with pytest.raises(Malformed):
        _as_int(text, "the points")
    with pytest.raises(Malformed):
        _as_seat(text, "a seat")
    for ex in _ONE_PER_TOPIC:
        assert ex.check(text).correct is not True
