"""Learn from your mistakes (jasslib.analysis.mistakes.MistakesLesson, jasslib.widgets.MistakesPanel) and the
accuracy of a round kept in progress: positions found from the learner's own view, retry → hint → solution, a
right card within the tolerance, nothing to learn, wrong clicks refused in words; the Hint and the lesson in the
game player; the accuracy written, read back, shown in the progress panel, and older files still read.

One seeded round (seed 6, the learner at seat 1 always plays its highest legal card, Undenufe chosen by another
seat) is judged once with 6 sampled layouts per card and the round's seed for the search, as the round player
does (fast and the same on every machine): its cards of tricks 2, 4 and 5 give away 5 expected points or more,
so the lesson has three positions (right at once, after a retry, after the hint).  A round without trumps, so
that the Review the accuracy test clicks (all cards open, from trick 1) takes a fraction of a second: the ♥ round
of seed 4 used before took 10 s of the solver's time there."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from htmlcheck import parse

from jasslib import Round
from jasslib.analysis import MISTAKE_POINTS, RIGHT_WITHIN, MistakesLesson, review_own_view
from jasslib.analysis.mistakes import OUTCOMES
from jasslib.progress import (
    RECENT_ROUNDS,
    Progress,
    ProgressFileError,
    ProgressRecord,
    RoundEntry,
    RoundRecordError,
    RoundsProgress,
    class_csv,
    class_html,
    merge_class,
    save_round_accuracy,
)
from jasslib.widgets import GamePlayer, MistakesPanel, RoundPlayer
from jasslib.widgets.progress import ProgressPanel

SAMPLES = 6
SEED = 6  # the round (see above)
LABEL = f"round {SEED}"  # the round player's name for it


def play_out(p: RoundPlayer) -> RoundPlayer:
    """The learner's scripted round: ♥ if asked, else the highest legal card."""
    while not p.round.done:
        if p.round.contract is None:
            p.choose("♥")
        else:
            p.play(max(p.round.legal_cards()))
    return p


@dataclass
class Table:
    """The seeded round played out at a RoundPlayer that records to ``store``: the record before the review
    (``before``), then Learn from your mistakes clicked (the cards judged)."""

    player: RoundPlayer
    store: Path
    before: ProgressRecord


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    store = tmp_path_factory.mktemp("mistakes") / "p.json"
    p = play_out(RoundPlayer(seed=SEED, seat=1, hint_budget=None, hint_samples=SAMPLES, progress=store))
    before = Progress(store).load()
    p.learn_button.click()
    return Table(p, store, before)


@pytest.fixture(scope="module")
def played(table: Table) -> Round:
    return table.player.round


@pytest.fixture(scope="module")
def judged(table: Table):
    assert table.player.mistakes.judged is not None
    return table.player.mistakes.judged


def lesson(played: Round, judged, **kw) -> MistakesLesson:
    return MistakesLesson(played, 1, judged=judged, **kw)


def test_positions_are_the_costly_cards_seen_from_the_learners_view(played, judged) -> None:
    les = lesson(played, judged)
    assert len(judged) == 9 and [j.trick for j in judged] == list(range(1, 10))
    assert les.positions == tuple(j for j in judged if j.lost >= MISTAKE_POINTS) and len(les.positions) >= 2
    plays = [e for e in played.history if e["event"] == "play"]
    for pos in les.positions:
        view = pos.view
        assert view.seat == 1 and view.contract == played.contract and pos.card in view.hand
        assert len(view.hand) == 10 - pos.trick  # the hand as it was then
        assert [str(c) for _, c in view.trick] == [e["card"] for e in plays[(pos.trick - 1) * 4:pos.number]]
        assert pos.hint.points[0][1] - pos.value >= MISTAKE_POINTS
    frame = review_own_view(played, 1, seed=played.seed, time_budget=None, samples=SAMPLES)  # the player's search
    assert frame.equals(les.table) and int(frame.mistake.sum()) == len(les.positions)


def test_retry_then_hint_then_solution(played, judged) -> None:
    les = lesson(played, judged)
    pos = les.current
    assert les.stage == "ask" and "Find a better card" in les.prompt() and str(pos.card) in les.prompt()
    first = les.click(pos.card)  # the card played then
    assert (first.kind, les.stage) == ("wrong", "retry") and "the card you played then" in first.text
    assert "Try again" in first.text and pos.hint.idea.text not in first.text  # no idea yet: a retry
    second = les.click(pos.card)
    assert (second.kind, les.stage) == ("wrong", "hint") and pos.hint.idea.text in second.text
    third = les.click(pos.card)
    best, value = pos.hint.points[0]
    assert (third.kind, les.stage) == ("solution", "shown") and les.answered
    assert f"The best card was {best} ({value:.1f} expected points" in third.text
    assert "Why: " + pos.hint.idea.text in third.text
    assert les.click(best).kind == "refused"  # answered: on to the next one
    nxt = les.next()
    assert nxt.kind == "next" and les.index == 1 and les.stage == "ask" and les.wrong == 0
    assert les.outcomes == ["shown"]


def test_a_right_card_at_once_after_a_retry_and_after_the_hint(played, judged) -> None:
    les = lesson(played, judged)
    outcomes = []
    for i, pos in enumerate(les.positions):
        best = pos.hint.points[0][0]
        if i == 1:
            les.click(pos.card)  # one wrong card first
        elif i == 2:
            assert les.show_hint().kind == "hint" and les.stage == "hint"
        answer = les.click(best)
        assert answer.kind == "right" and les.stage == "solved" and "Why: " in answer.text
        outcomes.append(les.outcomes[-1])
        les.next()
    assert len(outcomes) >= 3 and outcomes[:3] == ["first", "retry", "hint"]
    assert les.done and les.current is None
    summary = les.summary()
    assert f"{len(outcomes)} positions to learn from" in summary
    assert all(f"{outcomes.count(k)} {OUTCOMES[k]}" in summary for k in outcomes)
    assert "Accuracy of the round: " in summary and str(les.accuracy) in summary


def test_a_card_within_the_tolerance_counts_as_right(played, judged) -> None:
    les = lesson(played, judged)
    for pos in les.positions:
        for card, _ in pos.hint.points:
            assert pos is les.current and les.is_right(card) == (pos.hint.lost(card) <= RIGHT_WITHIN)
        les.next()
    wide = lesson(played, judged, tolerance=100.0)  # every legal card is within 100 points of the best
    assert wide.click(wide.current.card).kind == "right"


def test_nothing_to_learn_without_mistakes(played, judged) -> None:
    les = lesson(played, judged, threshold=1000.0)
    assert les.positions == () and les.done and les.current is None and les.view is None
    assert "nothing to learn" in les.summary() and "Accuracy: " in les.summary()
    for answer in (les.click("A♥"), les.show_hint(), les.show_solution()):
        assert answer.kind == "refused" and "nothing to learn" in answer.text
    assert les.next().kind == "done"


def test_wrong_input_never_raises_and_changes_nothing(played, judged) -> None:
    les = lesson(played, judged)
    pos = les.current
    view = pos.view
    not_in_hand = next(c for c in played.initial_hand(0))
    illegal = next((c for c in view.hand if c not in view.legal), None)
    for bad in ("Z♣", None, 99, 1.5, [1], "", not_in_hand):
        answer = les.click(bad)
        assert answer.kind == "refused" and (les.stage, les.wrong, les.outcomes) == ("ask", 0, [])
    assert "was not in your hand" in les.click(not_in_hand).text
    if illegal is not None:
        assert "not allowed" in les.click(illegal).text and les.wrong == 0
    with pytest.raises(Exception, match="over"):
        MistakesLesson(Round.deal(seed=1), 1)


def test_the_panel_by_clicks(played, judged) -> None:
    seen = []
    panel = MistakesPanel(samples=SAMPLES, time_budget=None, on_judged=seen.append)
    assert panel.learn_button.disabled
    panel.start()  # no round yet: said, not raised
    assert "when the round is over" in panel.message.value and panel.lesson is None
    panel.hint_button.click()
    assert "Learn from your mistakes first" in panel.message.value
    panel.set_round(played, 1, LABEL)
    panel.judged = judged  # the module's judgement (the same search); the button judges only once
    panel.learn_button.click()
    les = panel.lesson
    assert les is not None and panel.lesson_box.layout.display is None and seen == []  # judged before: not again
    pos = les.current
    assert set(panel.hand_buttons) == set(pos.view.hand)
    assert "Position 1 of" in parse(panel.title.value).text
    panel.hand_buttons[pos.card].click()
    assert "Try again" in parse(panel.feedback.value).text and panel.bars.value == ""
    panel.hint_button.click()
    assert pos.hint.idea.text in parse(panel.feedback.value).text and panel.hint_button.disabled
    panel.solution_button.click()
    assert "The best card was" in parse(panel.feedback.value).text and "<svg" in panel.bars.value
    assert panel.solution_button.disabled
    while not les.done:
        panel.next_button.click()
    summary = parse(panel.feedback.value).find(class_="jass-mistakes-summary")
    n = len(les.positions)
    assert summary is not None and f"{n} position{'s' if n != 1 else ''} to learn from" in summary.text
    assert panel.next_button.disabled and panel.hand_buttons == {}
    panel.next_button.click()  # disabled in the page; a call still answers in words
    assert "Traceback" not in panel.feedback.value + panel.message.value


def test_the_round_players_accuracy_goes_to_progress_and_the_panel(table: Table, played, judged) -> None:
    p, store = table.player, table.store
    assert "Learn from your mistakes" in parse(p.message.value).text
    assert table.before.rounds.recent == (RoundEntry(LABEL, 0, 0),)  # at the end; the accuracy after review
    acc = p.accuracy
    assert acc is not None and acc.cards == 9 and "Accuracy of this round" in p.mistakes.accuracy.value
    assert [j.lost for j in judged] == [j.lost for j in p.mistakes.judged]
    entry = Progress(store).load().rounds.recent[-1]
    assert (entry.label, entry.judged, entry.mean_lost, entry.within_2) == (LABEL, 9, acc.mean_lost, acc.within_2)
    p.review_button.click()  # the review shares the judgement: the accuracy is recorded once
    assert Progress(store).load().rounds.reviewed == (entry,)
    assert "Accuracy:" in parse(p.review_output.value).text
    panel = ProgressPanel(store)
    rounds = parse(panel.rounds_table.value)
    assert "1 round played" in rounds.text and f"{acc.mean_lost:.1f}" in rounds.text and LABEL in rounds.text
    klass = merge_class([store])
    assert klass.rows[0][2].rounds.reviewed == (entry,)  # the class table reads it as it is
    row = next(csv.DictReader(io.StringIO(class_csv(klass))))  # and the teacher sees it
    assert (row["rounds played"], row["rounds reviewed"], row["latest round lost per card"]) == \
        ("1", "1", f"{acc.mean_lost:.1f}")
    assert row["latest round within 2"] == f"{acc.within_2:.0%}"
    cell = parse(class_html(klass)).find_all("td", class_="rounds")[0].text
    assert cell.startswith("1 played · 0 hints; latest: ") and f"{acc.mean_lost:.1f} lost per card" in cell


def test_accuracy_in_the_record_read_back_and_an_old_file(tmp_path) -> None:
    rec = ProgressRecord().with_round(1, 0, "round 3").with_round(0, 0, "round 4")
    rec = rec.with_round_accuracy("round 3", 9, 2.25, 0.778)
    assert ProgressRecord.from_dict(json.loads(rec.to_json()), "x") == rec
    assert rec.with_round_accuracy("round 3", 9, 1.0, 1.0) == rec  # reviewed already: kept
    assert rec.with_round_accuracy("round 99", 9, 1.0, 1.0) == rec  # not a recent round: nothing
    old = rec.to_dict()
    old["rounds"] = {"played": 2, "hints": 1, "cards": 0}  # a file written before the accuracy was kept
    back = ProgressRecord.from_dict(old, "old.json")
    assert back.rounds == RoundsProgress(2, 1, 0) and back.rounds.reviewed == ()
    many = ProgressRecord()
    for i in range(RECENT_ROUNDS + 3):
        many = many.with_round(0, 0, f"round {i}")
    assert len(many.rounds.recent) == RECENT_ROUNDS and many.rounds.recent[0].label == "round 3"
    with pytest.raises(RoundRecordError):
        rec.with_round_accuracy("round 4", 9, -1.0, 0.5)
    with pytest.raises(RoundRecordError):
        rec.with_round_accuracy("round 4", 40, 1.0, 0.5)
    for damaged in ({"round": "r", "judged": 9}, {"round": "r", "judged": 9, "mean_lost": 1.0, "within_2": 2.0},
                    {"round": 5}, "x"):
        bad = rec.to_dict()
        bad["rounds"]["recent"] = [damaged]
        with pytest.raises(ProgressFileError, match="recent"):
            ProgressRecord.from_dict(bad, "bad.json")
    store = Progress(tmp_path / "p.json")
    assert save_round_accuracy(store, "round 1", type("A", (), {"cards": 9, "mean_lost": "x", "within_2": 1})()) \
        .startswith("Your progress was not saved")  # said, not raised
    assert not (tmp_path / "p.json").exists()


def test_hint_and_learning_in_the_game_player(tmp_path) -> None:
    store = tmp_path / "g.json"
    g = GamePlayer(seed=1, seat=0, ruleset="modern", hint_budget=None, hint_samples=SAMPLES, progress=store)
    assert g.learn_button.disabled
    while g.learn_button.disabled:  # until the first hand is over
        if g.game.round.contract is None:
            g.choose("obenabe")
            continue
        if not g.hints_used:
            g.hint_box.button.click()
            assert "Idea:" in g.hint_box.output.value
            g.hint_box.button.click()
            assert "<svg" in g.hint_box.output.value
        g.play(min(g.game.legal_cards()))
    assert "In hand 1 you used 1 hint (the card shown 1 time)" in parse(g.message.value).text
    assert g.hints_used == 0  # counted per hand
    rec = Progress(store).load()
    assert rec.rounds.played == 1 and rec.rounds.recent[0] == RoundEntry("game 1, hand 1", 1, 1)
    assert not g.learn_button.disabled
    g.learn_button.click()
    assert "Accuracy of this hand" in g.mistakes.accuracy.value and g.mistakes.lesson is not None
    assert Progress(store).load().rounds.recent[0].reviewed
    g.mistakes.click("Z♣")
    assert "Traceback" not in g.mistakes.feedback.value + g.message.value
    assert GamePlayer(seed=1, hints=True, progress=False).show_legal
    assert GamePlayer(seed=1, show_legal=True, progress=False).hints
