"""The Hint button of the round player (jasslib.widgets.hint.HintBox in RoundPlayer): two stages by clicks,
counted in the round's summary and in progress; ``show_legal`` and its old name ``hints``."""

from __future__ import annotations

import json

import pytest
from htmlcheck import parse

from jasslib.errors import ArgumentError
from jasslib.progress import (
    Progress,
    ProgressFileError,
    ProgressRecord,
    RoundEntry,
    RoundRecordError,
    RoundsProgress,
)
from jasslib.widgets import RoundPlayer


def fast_player(tmp_path, **kw) -> RoundPlayer:
    return RoundPlayer(seed=0, seat=1, hint_budget=None, hint_samples=6, progress=tmp_path / "p.json", **kw)


def test_hint_in_two_stages_by_clicks(tmp_path) -> None:
    p = fast_player(tmp_path)
    box = p.hint_box
    assert not box.button.disabled and box.output.value == ""
    box.button.click()
    assert box.stage == 1 and "Idea:" in box.output.value and "<svg" not in box.output.value
    idea = box.last_hint.idea
    assert idea.text in parse(box.output.value).text and idea.source in box.output.value
    box.button.click()
    assert box.stage == 2 and "<svg" in box.output.value and box.button.disabled
    card = box.last_hint.card
    assert card in p.round.legal_cards()
    assert all(c.format() in box.output.value for c, _ in box.last_hint.points)
    p.play(card)  # a move clears the hint; the counts stay for the round
    assert box.output.value == "" and box.stage == 0 and (p.hints_used, p.cards_shown) == (1, 1)


def test_hints_counted_in_summary_and_progress(tmp_path) -> None:
    p = fast_player(tmp_path)
    p.hint()
    while not p.round.done:
        if p.round.contract is None:
            p.choose("♥")
        else:
            if p.hints_used < 2 and p.hint_box.stage == 0:
                p.hint()  # a second position: the idea only
            p.play(min(p.round.legal_cards()))
    assert (p.hints_used, p.cards_shown) == (2, 0)
    assert "You used 2 hints (the card shown 0 times)" in parse(p.message.value).text
    assert p.hint_box.button.disabled and p.hint_box.ui.layout.display == "none"
    rec = Progress(tmp_path / "p.json").load()
    assert rec.rounds == RoundsProgress(played=1, hints=2, cards=0, recent=(RoundEntry("round 0", 2, 0),))
    p.new_round()
    assert (p.hints_used, p.cards_shown) == (0, 0)
    assert json.loads((tmp_path / "p.json").read_text())["rounds"]["played"] == 1


def test_no_hint_when_it_is_not_the_learners_card(tmp_path) -> None:
    p = RoundPlayer(seed=3, seat=0, hint_budget=None, hint_samples=4, progress=False)
    assert p.round.contract is None  # seat 0 chooses first: no card to hint yet
    assert p.hint_box.button.disabled
    p.hint()
    assert "your turn to play a card" in p.hint_box.output.value
    assert "Traceback" not in p.hint_box.output.value + p.message.value


def test_show_legal_and_the_old_name_hints(tmp_path) -> None:
    new, old, off = (RoundPlayer(seed=0, seat=1, show_legal=True, progress=False),
                     RoundPlayer(seed=0, seat=1, hints=True, progress=False),
                     RoundPlayer(seed=0, seat=1, progress=False))
    assert new.show_legal and old.show_legal and old.hints and not off.show_legal
    dim = [any(c.picture.value.count('data-dim="true"') for c in x.hand_buttons.values()) for x in (new, old, off)]
    assert dim == [True, True, False]
    with pytest.raises(ArgumentError, match="old name"):
        RoundPlayer(seed=0, hints=True, show_legal=False, progress=False)
    with pytest.raises(ArgumentError, match="show_legal is True or False"):
        RoundPlayer(seed=0, show_legal="yes", progress=False)  # type: ignore[arg-type]  # a wrong type on purpose


def test_rounds_progress_validated_on_write_and_read(tmp_path) -> None:
    with pytest.raises(RoundRecordError):
        ProgressRecord().with_round(hints=1, cards=2)
    with pytest.raises(RoundRecordError):
        ProgressRecord().with_round(hints=-1)
    store = Progress(tmp_path / "p.json")
    with pytest.raises(RoundRecordError):
        store.record_round(hints="2")  # type: ignore[arg-type]  # a wrong type on purpose
    assert not (tmp_path / "p.json").exists()  # nothing written
    rec = store.record_round(hints=3, cards=1)
    assert ProgressRecord.from_dict(rec.to_dict(), "x") == rec
    bad = rec.to_dict() | {"rounds": {"played": 1, "hints": 1, "cards": 5}}
    with pytest.raises(ProgressFileError, match="cards"):
        ProgressRecord.from_dict(bad, "x.json")
    old = {k: v for k, v in rec.to_dict().items() if k != "rounds"}
    assert ProgressRecord.from_dict(old, "x").rounds == RoundsProgress()


def test_review_shows_own_view_accuracy_beside_all_cards_open(tmp_path) -> None:
    p = fast_player(tmp_path)
    while not p.round.done:
        if p.round.contract is None:
            p.choose("♥")
        else:
            p.play(min(p.round.legal_cards()))
    p.review_button.click()
    text = parse(p.review_output.value).text
    assert "Review from what you could see" in text and "Accuracy:" in text
    assert "with all cards open" in text  # the double-dummy review stays beside it
    t = p.last_own_review
    assert len(t) == 9 and text.count("expected points lost per card") == 1
    marks = parse(p.review_output.value).find_all(class_="jass-own-mark")
    assert len(marks) == 9 and sum("✗" in m.text for m in marks) == int(t.mistake.sum())
