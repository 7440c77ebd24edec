"""Topic ``play``: play-decision puzzles from the shipped bank.

Every entry of the bank is checked: its position replays through :class:`Round` (each card played by the
rules), its options are the legal cards of the seat to move (or the six contracts and schieben), its answer is
the option with the best value, the margin over the next best is the one stated and at least the bank's minimum,
the 95 % intervals do not overlap, and the idea is the coach's idea for the answer.  A small sample of the bank is
valued again from its position and seed and gives the same numbers.  The generic tests of every topic (series,
checking, HTML, levels, hints, trainers, worksheets) are in test_exercises*.py and test_widgets.py.
"""

from __future__ import annotations

import pytest

from jasslib import CLASSIC, MODERN, Card, CardSet, Contract
from jasslib.analysis.coach import IDEAS, idea_for
from jasslib.exercises import exercises, get_topic
from jasslib.exercises.play_bank import (
    CARD_IDEAS,
    CONTRACT_IDEAS,
    MIN_CONTRACT_MARGIN,
    MIN_MARGIN,
    T_BATCHES,
    Z,
    bank,
    clear_choice,
    position_round,
    revalue,
    summary,
)
from jasslib.exercises.puzzles import IDEA_RULES
from jasslib.rulebook import RULES
from jasslib.widgets import play_trainer
from jasslib.worksheet import worksheet_html

ENTRIES = bank()
CONTRACT_LABELS = [str(c) for c in Contract] + ["schieben"]


def values_of(entry: dict) -> dict[str, tuple[float, float]]:
    return {k: (float(m), float(se)) for k, (m, se) in entry["values"].items()}


def test_the_bank_holds_enough_positions_of_every_idea():
    assert len(ENTRIES) >= 150
    ideas = {e["idea"] for e in ENTRIES}
    assert ideas == set(CARD_IDEAS + CONTRACT_IDEAS), "every idea has positions"
    assert len({e["id"] for e in ENTRIES}) == len(ENTRIES)
    for idea in ideas:
        assert idea in IDEAS and IDEA_RULES[idea] in RULES
    rows = summary(ENTRIES)
    assert rows[-1][:2] == ("all", len(ENTRIES)) and rows[-1][2] >= MIN_MARGIN


def check_entry(entry: dict) -> None:
    """One bank entry: a real position, legal options, one clearly best answer with the stated margin."""
    r = position_round(entry)  # each card is played through Round: a card that is not legal raises
    values = values_of(entry)
    if entry["kind"] == "card":
        assert r.to_move == entry["seat"] and r.contract == Contract.parse(entry["contract"])
        view = r.view(entry["seat"])
        assert set(values) == {str(c) for c in view.legal} and len(values) >= 2
        assert Card.parse(entry["answer"]) in r.legal_cards()
        assert idea_for(view, entry["answer"]).key == entry["idea"], "the idea explains the answer"
        found = clear_choice(values, MIN_MARGIN, Z)
        assert entry["method"] in ("rollout", "exact")
    else:
        assert r.contract is None and r.to_move == r.chooser == r.forehand == entry["seat"]
        assert list(values) == CONTRACT_LABELS
        assert (entry["answer"] == "schieben") == (entry["idea"] == "schieben")
        found = clear_choice(values, MIN_CONTRACT_MARGIN, T_BATCHES)
        assert entry["method"] == "advisor" and entry["rulesets"] == [entry["ruleset"]]
    assert found == (entry["answer"], entry["second"], entry["margin"])
    best = max(values, key=lambda k: values[k][0])
    assert best == entry["answer"] and entry["margin"] == round(values[best][0] - values[entry["second"]][0], 2)
    assert entry["margin"] >= (MIN_MARGIN if entry["kind"] == "card" else MIN_CONTRACT_MARGIN)


def test_every_entry_is_a_real_position_with_one_clearly_best_option():
    for entry in ENTRIES:
        try:
            check_entry(entry)
        except AssertionError as exc:
            raise AssertionError(f"bank entry {entry['id']}: {exc}") from exc


def _sample() -> list[dict]:
    """A few entries to value again: the first rollout positions of two ideas and the first call (fast ones)."""
    out = []
    for idea in ("smear", "take"):
        out.append(next(e for e in ENTRIES if e["idea"] == idea and e["method"] == "rollout"))
    out.append(next(e for e in ENTRIES if e["kind"] == "contract"))
    return out


@pytest.mark.parametrize("entry", _sample(), ids=lambda e: e["id"])
def test_a_sample_of_the_bank_is_derived_again_from_its_position_and_seed(entry):
    again = revalue(entry)
    stored = values_of(entry)
    assert list(again) == list(stored) or set(again) == set(stored)
    for option, (mean, se) in stored.items():
        assert again[option][0] == pytest.approx(mean, abs=0.011) and again[option][1] == pytest.approx(se, abs=0.011)


def test_card_puzzles_hold_under_the_rulesets_with_the_same_card_points():
    for e in ENTRIES:
        if e["kind"] == "card":
            contract = Contract.parse(e["contract"])
            same = [rs.name for rs in (CLASSIC, MODERN)
                    if rs.card_points(contract) == type(CLASSIC).get(e["ruleset"]).card_points(contract)]
            assert e["rulesets"] == same
    undenufe = [e for e in ENTRIES if e["kind"] == "card" and e["contract"] == "Undenufe"]
    assert all(e["rulesets"] == [e["ruleset"]] for e in undenufe)


def test_every_level_draws_its_ideas_under_both_rulesets():
    record = get_topic("play")
    assert record.kind == "choice" and record.level_count == 3
    for ruleset in (CLASSIC, MODERN):
        for level in range(1, 4):
            for ex in exercises("play", "levels", 6, ruleset, level):
                assert ex.case in record.level_cases(level)
                assert ex.position["puzzle"] in {e["id"] for e in ENTRIES}


def test_a_wrong_card_gives_every_options_expected_points_and_the_idea():
    ex = next(x for x in exercises("play", "why", 30) if "contract" in x.position and len(x.position["options"]) >= 2)
    wrong = next(o for o in ex.position["options"] if o != ex.answer)
    fb = ex.check(wrong)
    message = fb.items[0].message
    assert not fb.correct and message.startswith(f"You chose {wrong}")
    assert all(str(o) in message for o in ex.position["options"]) and "expected points" in message
    assert IDEAS[ex.case][1] in message and fb.items[0].rule == IDEA_RULES[ex.case]
    lost = ex.position["values"][ex.answer][0] - ex.position["values"][wrong][0]
    assert f"{lost:.1f} more" in message and lost >= MIN_MARGIN
    right = ex.check(str(ex.answer))
    assert right.correct and "best choice" in right.items[0].message
    swiss = ex.check(wrong, style="swiss").items[0].message
    assert "♥" not in swiss and "♠" not in swiss and "♦" not in swiss and "♣" not in swiss


def test_a_card_that_may_not_be_played_or_is_not_held_is_answered_in_words():
    ex = next(x for x in exercises("play", "illegal", 40)
              if "contract" in x.position and len(x.position["options"]) < len(x.position["hand"]))
    illegal = next(c for c in ex.position["hand"] if c not in ex.position["options"])
    fb = ex.check(illegal)
    assert not fb.correct and "is not allowed" in fb.items[0].message and fb.items[0].rule
    assert "Pick one of the cards you may play" in fb.items[0].message
    outside = next(c for c in Card if c not in ex.position["hand"])
    fb = ex.check(outside)
    assert fb.items[0].key == "answer" and "not in your hand" in fb.items[0].message


def test_a_call_is_answered_with_a_contract_or_schieben():
    ex = next(x for x in exercises("play", "calls", 40, level=3) if "contract" not in x.position)
    assert ex.position["options"] == tuple(CONTRACT_LABELS) and ex.answer in CONTRACT_LABELS
    assert ex.check(ex.answer).correct
    if ex.answer != "schieben":
        assert ex.check(Contract.parse(ex.answer)).correct and not ex.check("schieben").correct
    else:
        assert not ex.check("Obenabe").correct and "expected margin" in ex.check("Obenabe").items[0].message
    assert "schieben" not in ex.hint() and ex.answer not in ex.hint() and "C1" in ex.hint()


def test_the_trainer_picks_one_card_and_draws_the_hand_once():
    t = play_trainer(seed=4, number=1, progress=False)
    while "contract" not in t.exercise.position:
        t.new_exercise()
    ex = t.exercise
    assert list(t.card_buttons) == list(ex.position["options"]) or set(t.card_buttons) == set(ex.position["options"])
    assert "hand:" not in t.position.value, "the hand is drawn once: as the cards to click"
    cards = list(t.card_buttons)
    t.card_buttons[cards[0]].click()
    t.card_buttons[cards[1]].click()
    assert t.response() == cards[1] and not t.card_buttons[cards[0]].value, "one card at a time"
    t.set_response(ex.answer)
    t.check_button.click()
    assert "✓" in t.feedback.value and t.tally.right == 1
    t.show_hint()
    assert "Hint:" in t.feedback.value and str(ex.answer) not in t.feedback.value.split("Hint:")[1]


def test_the_worksheet_ticks_one_card_or_one_call():
    sheet = worksheet_html("play", 6, seed="class 3b")
    assert "tick the one card you would play" in sheet or "Tick one:" in sheet
    assert "☐" in sheet and "Traceback" not in sheet
    items = exercises("play", "class 3b", 6)
    assert len({ex.position["puzzle"] for ex in items}) >= 4
    hand = items[0].position["hand"]
    assert isinstance(hand, CardSet)


def test_the_shipped_bank_was_built_with_the_builders_settings():
    """``python -m jasslib.exercises.play_bank`` with its defaults writes the shipped file again: same settings."""
    import json

    from jasslib.exercises import play_bank

    meta = json.loads(play_bank.BANK_FILE.read_text(encoding="utf-8"))["meta"]
    assert meta["rounds"] == play_bank.ROUNDS and meta["per_idea"] == play_bank.PER_IDEA and meta["seed"] == "0"
    assert (meta["min_margin"], meta["min_contract_margin"], meta["z"], meta["t_batches"]) == (
        MIN_MARGIN, MIN_CONTRACT_MARGIN, Z, T_BATCHES)
    assert (meta["rollout_samples"], meta["exact_samples"], meta["exact_from"]) == (
        play_bank.ROLLOUT_SAMPLES, play_bank.EXACT_SAMPLES, play_bank.EXACT_FROM)
    assert (meta["contract_batches"], meta["contract_deals"]) == (play_bank.CONTRACT_BATCHES, play_bank.CONTRACT_DEALS)
    assert all(len([e for e in ENTRIES if e["idea"] == idea]) <= play_bank.PER_IDEA for idea in meta["ideas"])


def test_the_banks_ideas_are_the_coachs():
    """The trainer reads the ideas' words from the bank's file (no numpy, no analysis package at import); they
    must be the coach's words, so a tip reworded in coach.IDEAS needs the bank built again."""
    from jasslib.analysis.coach import IDEAS
    from jasslib.exercises.play_bank import CARD_IDEAS, CONTRACT_IDEAS, bank_ideas

    assert bank_ideas() == {k: IDEAS[k] for k in CARD_IDEAS + CONTRACT_IDEAS}
