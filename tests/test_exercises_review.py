"""Tests of jasslib/exercises/review.py: the mixed review draws each exercise's topic from the seed among
the topics met so far, the final check covers every topic before repeating one, and answers become a
score per rule id taken from the rule ids the feedback cites."""

from __future__ import annotations

from collections import Counter

import pytest

from jasslib import MODERN
from jasslib.exercises import (
    TOPICS,
    Feedback,
    Item,
    course_topics,
    exercise,
    final_check_exercises,
    get_topic,
    mixed,
    mixed_exercise,
    rules_judged,
    score_by_rule,
)
from jasslib.exercises.review import topic_list
from jasslib.rulebook import RULES


def test_course_topics_and_topic_lists():
    assert course_topics() == TOPICS and course_topics("legal") == ("deal", "contract", "legal")
    assert topic_list("play") == TOPICS and topic_list("schneider") == TOPICS[:-1]
    assert topic_list(["score", "weis"]) == ("score", "weis")
    for bad in ([], "poker", ["weis", "poker"]):
        with pytest.raises(ValueError):
            topic_list(bad)


def test_mixed_review_draws_topics_from_the_seed_and_regenerates_alone():
    series = mixed("class 3b", "stoeck", 30)
    topics = Counter(ex.topic for ex in series)
    assert set(topics) <= set(course_topics("stoeck")) and len(topics) >= 5
    assert series == mixed("class 3b", "stoeck", 30), "same seed, same review"
    assert [ex.topic for ex in mixed("class 3c", "stoeck", 30)] != [ex.topic for ex in series]
    for n, ex in enumerate(series[:6]):
        assert ex == mixed_exercise("class 3b", n, "stoeck")
        assert ex == exercise(ex.topic, ex.seed, ex.number), "each item is an exercise of its topic's series"
        assert ex.seed == "review class 3b" and ex.level is None
    assert {ex.ruleset for ex in mixed(1, None, 3, MODERN)} == {MODERN}
    with pytest.raises(ValueError, match="count"):
        mixed(1, None, 0)
    with pytest.raises(ValueError, match="0-based"):
        mixed_exercise(1, -1)


def test_the_final_check_covers_every_topic_before_repeating_one():
    items = final_check_exercises("class 3b")
    assert len(items) == 20 and items == final_check_exercises("class 3b")
    first_round = [ex.topic for ex in items[: len(TOPICS)]]
    assert sorted(first_round) == sorted(TOPICS)
    assert Counter(ex.topic for ex in items).most_common(1)[0][1] == 2
    assert [ex.number for ex in items] == list(range(20))
    few = final_check_exercises(3, ["weis", "legal"], 5)
    assert Counter(ex.topic for ex in few) in (Counter(weis=3, legal=2), Counter(weis=2, legal=3))


def test_rules_judged_from_the_feedback():
    ex = exercise("trick", 7, 0)
    tested = rules_judged(ex, ex.check(ex.answer))[0]
    assert tested and set(tested) <= set(RULES) and rules_judged(ex, ex.check(ex.answer))[1] == ()
    seat, points = ex.answer
    right, wrong = rules_judged(ex, ex.check((seat, points + 1)))  # the winner right, the points wrong
    seat_rule = ex.check(ex.answer).items[0].rule
    assert seat_rule in right and wrong and seat_rule not in wrong and wrong[0].startswith("O")
    assert rules_judged(ex, None) == ((), tested), "an unanswered item is wrong on every rule it tests"
    assert rules_judged(ex, ex.check("garbage")) == ((), tested)
    no_rule = Feedback(False, (Item("points", False, "wrong", None),), "Not right.")
    assert rules_judged(exercise("schneider", 1), no_rule) == ((), ("G4",))


def test_score_by_rule_counts_in_rule_book_order():
    answers = []
    for topic in ("claim_check", "deal", "schneider"):
        ex = exercise(topic, 2, 0)
        answers.append((ex, ex.check(ex.answer)))
    ex = exercise("schneider", 2, 1)
    answers.append((ex, None))
    scores = score_by_rule(answers)
    assert [s.rule for s in scores] == [r for r in RULES if r in {s.rule for s in scores}]
    by_rule = {s.rule: (s.right, s.wrong) for s in scores}
    assert by_rule["G4"] == (1, 1) and by_rule["G2"] == (1, 0)
    assert {s.title for s in scores} <= set(RULES.values()) and get_topic("schneider").rules[0] == "G4"
