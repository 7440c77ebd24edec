"""Progress that lasts (jasslib.progress, jasslib.widgets.progress, ``python -m jasslib progress``).

The learner's record survives the session in a small JSON file outside the repository, written so that a
crash loses nothing; a damaged or foreign file is named, never overwritten; every first check in a trainer
is recorded; the panel shows the record and what to do next; a teacher merges a class's files into one
table even when some files are bad.

Every test here runs with ``JASSLIB_PROGRESS``, ``XDG_DATA_HOME`` and ``HOME`` pointing into its own
temporary folder (the autouse fixture), so nothing is written to the real home folder.
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
from pathlib import Path

import pytest
from casetable import check_cases
from htmlcheck import assert_well_formed, parse

from jasslib import CardSet, progress
from jasslib.__main__ import main
from jasslib.errors import ArgumentError
from jasslib.exercises import get_topic
from jasslib.progress import (
    FORMAT,
    SECURE_DONE,
    Progress,
    ProgressFileError,
    ProgressLocationError,
    ProgressRecord,
    Suggestion,
    TopicProgress,
    check_location,
    default_path,
    merge_class,
    read_progress,
    trainer_progress,
)
from jasslib.widgets.progress import progress_panel
from jasslib.widgets.trainer import RUN_UP, FinalCheck, ReviewTrainer, Trainer

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def store_path(tmp_path, monkeypatch) -> Path:
    """The default progress file of every test: in the test's own folder, never the real home."""
    path = tmp_path / "data" / "progress.json"
    monkeypatch.setenv("JASSLIB_PROGRESS", str(path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return path


def _answer(t: Trainer, right: bool = True) -> None:
    """Fill in the right answer, or a wrong one (legal cards: the whole hand, or all legal cards but one)."""
    answer = t.exercise.answer
    if not right:
        hand = CardSet(t.exercise.position["hand"])
        answer = hand if answer != hand else CardSet(list(hand)[1:])
    t.set_response(answer)


def _saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# The store


def test_a_record_survives_a_new_session(tmp_path):
    path = tmp_path / "anna" / "progress.json"  # the folder is made on the first write
    Progress(path).record("legal", True, right_rules=("P3",), level=2)
    Progress(path).record("legal", False, hint=True, right_rules=("P3",), wrong_rules=("P4",))
    Progress(path).set_learner("Anna")
    data = _saved(path)
    assert data["format"] == FORMAT and data["learner"] == "Anna"
    assert data["topics"] == {"legal": {"done": 2, "right_first": 1, "hints": 1, "solutions": 0, "level": 2,
                                        "rules": {"P3": {"right": 2, "wrong": 0}, "P4": {"right": 0, "wrong": 1}}}}
    record = Progress(path).load()
    assert ProgressRecord.from_dict(record.to_dict(), "x") == record
    assert (record.done, record.right_first, record.hints, record.learner) == (2, 1, 1, "Anna")


def test_counts_first_checks_hints_solutions_levels_and_rules():
    rec = ProgressRecord()
    rec = rec.with_result("trick", True, level=3)
    rec = rec.with_result("trick", True, solution=True, level=1)  # right after the solution: not right
    rec = rec.with_result("deal", False, hint=True, wrong_rules=("D4", "D3"))
    trick, deal = rec.topic("trick"), rec.topic("deal")
    assert (trick.done, trick.right_first, trick.solutions, trick.level) == (2, 1, 1, 3)  # the highest level kept
    assert (deal.done, deal.right_first, deal.hints, deal.level) == (1, 0, 1, None)
    assert [t.topic for t in rec.topics] == ["deal", "trick"]  # course order
    assert [r.rule for r in deal.rules] == ["D3", "D4"]  # rule-book order
    assert rec.topic("weis") == TopicProgress("weis")


def test_the_rules_missed_most_come_first():
    rec = ProgressRecord()
    for wrong in (("P4",), ("P4",), ("W6",), ("P4", "W6"), ("S1",)):
        rec = rec.with_result("legal", False, wrong_rules=wrong, right_rules=("P3",))
    rec = rec.with_result("weis", True, right_rules=("W6", "W2"))
    assert [(r.rule, r.right, r.wrong) for r in rec.missed_most()] == [("P4", 0, 3), ("W6", 1, 2), ("S1", 0, 1)]
    assert [r.rule for r in rec.missed_most(1)] == ["P4"]
    assert rec.missed_most()[0].title == "No under-trumping"


def test_the_next_trainer_is_the_weakest_or_the_first_not_yet_secure():
    secure = TopicProgress("deal", done=SECURE_DONE, right_first=SECURE_DONE)

    def check(topics, expected):
        assert ProgressRecord(topics=topics).next_topic() == expected

    check_cases([
        ((), Suggestion("deal", "not started yet")),
        ((secure,), Suggestion("contract", "not started yet")),
        ((TopicProgress("deal", done=2, right_first=2),), Suggestion("deal", "2 done so far: do at least 5")),
        ((TopicProgress("deal", done=10, right_first=7),),
         Suggestion("deal", "7 of 10 right at the first check: aim for 80%")),
        ((secure, TopicProgress("legal", done=4, right_first=2), TopicProgress("trick", done=3, right_first=0)),
         Suggestion("trick", "0 of 3 right at the first check: practise it again")),
    ], check)
    every = tuple(TopicProgress(name, done=SECURE_DONE, right_first=SECURE_DONE) for name in progress.TOPICS)
    assert ProgressRecord(topics=every).next_topic() is None


def test_the_default_file_follows_the_environment(store_path, monkeypatch, tmp_path):
    assert default_path() == store_path
    assert Progress().path == store_path.resolve()
    monkeypatch.delenv("JASSLIB_PROGRESS")
    assert default_path() == tmp_path / "xdg" / "jasslib" / "progress.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == tmp_path / "home" / ".local" / "share" / "jasslib" / "progress.json"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/folder")  # the XDG spec ignores a relative path
    assert default_path() == tmp_path / "home" / ".local" / "share" / "jasslib" / "progress.json"


def test_a_failed_rename_leaves_the_old_file_whole(store_path, monkeypatch):
    store = Progress()
    store.record("legal", True)
    before = store_path.read_bytes()

    def crash(*args, **kwargs):
        raise OSError("simulated crash")

    for name in ("replace", "fsync"):  # dying before the rename, or while syncing the new data
        with monkeypatch.context() as m:
            m.setattr(progress.os, name, crash)
            with pytest.raises(OSError, match="simulated crash"):
                store.record("legal", False)
        assert store_path.read_bytes() == before
        assert sorted(p.name for p in store_path.parent.iterdir()) == [".progress.json.lock", "progress.json"]
    assert store.load().topic("legal").done == 1


def test_new_data_is_on_disk_before_the_rename(store_path, monkeypatch):
    events: list[str] = []
    fsync, rename = os.fsync, os.replace
    monkeypatch.setattr(progress.os, "fsync", lambda fd: (events.append("fsync"), fsync(fd))[1])
    monkeypatch.setattr(progress.os, "replace", lambda a, b: (events.append("replace"), rename(a, b))[1])
    Progress().record("legal", True)
    assert events[:2] == ["fsync", "replace"]


_BAD_FILES = [
    (b"", "is not a jasslib progress file: it is empty"),
    (b'{"format": "jasslib.progress/1", ', "is not a jasslib progress file: it is not valid JSON"),
    (b"\xff\xfe\x00", "is not a jasslib progress file: it is not text"),
    (b"[1, 2]", "is not a jasslib progress file: it holds a JSON list"),
    (b'{"name": "my notes"}', 'is not a jasslib progress file: it has no "format" field'),
    (b'{"format": "other.app/3"}', "is not a jasslib progress file: it has the format 'other.app/3'"),
    (b'{"format": "jasslib.progress/3"}', "was written by another version of jasslib"),
    (b'{"format": "jasslib.progress/1", "topics": []}', '"topics" should be an object'),
    (b'{"format": "jasslib.progress/1", "learner": 7}', "\"learner\": a learner's name is text"),
    (b'{"format": "jasslib.progress/1", "topics": {"legal": {"done": -1}}}',
     "topic 'legal' \"done\" should be a whole number from 0"),
    (b'{"format": "jasslib.progress/1", "topics": {"legal": {"done": 1, "right_first": 2}}}',
     "topic 'legal' has right_first 2 above done 1"),
    (b'{"format": "jasslib.progress/1", "topics": {"legal": {"done": 1, "level": 0}}}', '"level" should be a level'),
    (b'{"format": "jasslib.progress/1", "topics": {"legal": {"rules": {"P4": {"wrong": true}}}}}',
     "rule 'P4' wrong should be a whole number"),
    (b" " * (progress.MAX_FILE_BYTES + 1), "is larger than"),
]


def test_a_damaged_or_foreign_file_is_named_and_never_overwritten(store_path):
    store_path.parent.mkdir(parents=True)

    def check(content, expected):
        store_path.write_bytes(content)
        with pytest.raises(ProgressFileError) as info:
            Progress().record("legal", True)
        assert str(store_path) in str(info.value) and expected in str(info.value), str(info.value)
        assert store_path.read_bytes() == content  # not replaced by a fresh record

    check_cases(_BAD_FILES, check)


def test_a_missing_file_is_an_empty_record_for_the_store_but_an_error_when_read_as_a_class_file(tmp_path):
    assert Progress(tmp_path / "new.json").load() == ProgressRecord()
    with pytest.raises(ProgressFileError, match="new.json does not exist"):
        read_progress(tmp_path / "new.json")


def test_progress_is_never_kept_inside_the_repository(monkeypatch, tmp_path):
    inside = [REPO / "progress.json", REPO / "notebooks" / "progress.json", REPO / "tests" / "new" / "p.json"]

    def refused(path):
        with pytest.raises(ProgressLocationError, match="inside the jasslib repository") as info:
            Progress(path)
        assert str(REPO) in str(info.value)

    check_cases(inside, refused)
    monkeypatch.setenv("JASSLIB_PROGRESS", str(REPO / "notebooks" / "progress.json"))
    refused(None)  # the environment variable pointing into it
    with pytest.raises(ProgressLocationError):
        Trainer("legal", progress=REPO / "progress.json")
    assert not (REPO / "progress.json").exists() and not (REPO / "notebooks" / "progress.json").exists()
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    with pytest.warns(UserWarning, match="not recorded"):
        assert Trainer("legal").progress is None  # the notebook default: a warning, and a trainer that works


def test_any_jasslib_checkout_is_refused_but_other_projects_are_not(tmp_path):
    clone = tmp_path / "my-jasslib"
    clone.mkdir()
    (clone / "pyproject.toml").write_text('[project]\nname = "jasslib"\nversion = "0.1.0"\n', encoding="utf-8")
    with pytest.raises(ProgressLocationError, match="my-jasslib"):
        check_location(clone / "data" / "progress.json")
    other = tmp_path / "other"
    other.mkdir()
    (other / "pyproject.toml").write_text('[project]\nname = "jasslib-notes"\n', encoding="utf-8")
    assert check_location(other / "progress.json") == (other / "progress.json").resolve()
    with pytest.raises(ProgressLocationError, match="is a folder"):
        check_location(other)


def test_the_trainers_default_records_only_in_a_notebook(store_path, monkeypatch):
    assert trainer_progress(None) is None  # plain Python (here): nothing recorded
    assert trainer_progress(False) is None
    assert trainer_progress(True) == Progress(store_path)
    with pytest.raises(ArgumentError, match="progress is a Progress"):
        trainer_progress(3)  # type: ignore[arg-type]  # a wrong type on purpose
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    assert trainer_progress(None) == Progress(store_path)
    monkeypatch.delenv("JASSLIB_PROGRESS")  # under pytest without the variable: never the home folder
    assert trainer_progress(None) is None


# ---------------------------------------------------------------------------------------------
# Trainers record their checks


def test_a_trainers_first_checks_are_recorded(store_path):
    t = Trainer("legal", seed=3, progress=True)
    _answer(t)
    t.check_button.click()
    t.check_button.click()  # a second check of the same exercise is not counted again
    t.new_button.click()
    t.hint_button.click()
    _answer(t, right=False)
    t.check_button.click()
    t.new_button.click()
    t.solution_button.click()
    t.check_button.click()
    legal = Progress().load().topic("legal")
    assert (legal.done, legal.right_first, legal.hints, legal.solutions) == (3, 1, 1, 1)
    judged = {}
    for a in t.tally.records:  # the rule ids the exercises' own feedback judged, summed
        for rule in a.right_rules:
            judged.setdefault(rule, [0, 0])[0] += 1
        for rule in a.wrong_rules:
            judged.setdefault(rule, [0, 0])[1] += 1
    assert {r.rule: [r.right, r.wrong] for r in legal.rules} == judged
    assert any(r.wrong for r in legal.rules)


def test_plain_python_records_nothing_by_default_and_a_notebook_does(store_path, monkeypatch):
    t = Trainer("trick", seed=1)
    _answer(t)
    t.check_button.click()
    assert not store_path.exists()
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    t = Trainer("trick", seed=1)
    _answer(t)
    t.check_button.click()
    assert _saved(store_path)["topics"]["trick"]["right_first"] == 1


def test_the_level_reached_is_recorded(tmp_path):
    path = tmp_path / "p.json"
    t = Trainer("legal", seed=0, level=1, progress=path)
    for _ in range(RUN_UP):
        _answer(t)
        t.check_button.click()
        t.new_button.click()
    assert t.level == 2
    assert Progress(path).load().topic("legal").level == 2


def test_the_mixed_review_and_the_final_check_record_each_topic(tmp_path):
    path = tmp_path / "p.json"
    review = ReviewTrainer("trick", seed=5, progress=path)
    review.set_response(review.exercise.answer)
    review.check_button.click()
    final = FinalCheck(seed=5, count=2, progress=path)
    topics = [review.exercise.topic]
    for _ in range(2):
        final.set_response(final.exercise.answer)
        final.check_button.click()
        topics.append(final.exercise.topic)
        final.new_button.click()
    record = Progress(path).load()
    assert record.done == record.right_first == 3
    assert {t.topic: t.done for t in record.topics} == {name: topics.count(name) for name in topics}


def test_a_bad_progress_file_does_not_spoil_the_feedback(store_path):
    store_path.parent.mkdir(parents=True)
    store_path.write_text("not json", encoding="utf-8")
    t = Trainer("legal", seed=3, progress=True)
    _answer(t)
    t.check_button.click()
    assert "✓" in t.feedback.value and "Your progress was not saved" in t.feedback.value
    assert str(store_path) in t.feedback.value and "Traceback" not in t.feedback.value
    assert str(t.tally) == "1 right of 1 checked"
    assert store_path.read_text(encoding="utf-8") == "not json"


def test_progress_false_records_nothing(tmp_path, store_path):
    t = Trainer("legal", seed=3, progress=False)
    _answer(t)
    t.check_button.click()
    assert not store_path.exists() and t.progress is None


# ---------------------------------------------------------------------------------------------
# The panel


def _some_progress(path: Path) -> Progress:
    store = Progress(path)
    rec = ProgressRecord(learner="Anna")
    for _ in range(SECURE_DONE):
        rec = rec.with_result("deal", True, right_rules=("D3",))
    rec = rec.with_result("legal", False, hint=True, right_rules=("P3",), wrong_rules=("P4",), level=2)
    rec = rec.with_result("legal", False, wrong_rules=("P4", "P5"))
    rec = rec.with_result("legal", False, wrong_rules=("P4",))
    store.save(rec)
    return store


def test_the_panel_shows_done_right_hints_missed_rules_and_what_next(store_path):
    _some_progress(store_path)
    panel = progress_panel()
    assert "Anna: <b>8 exercises done</b>, 5 right at the first check, 1 after a hint, in 2 topics" in \
        panel.summary.value
    missed = parse(panel.missed.value)
    links = missed.find_all(class_="jass-rule")
    assert [a.text for a in links] == ["P4", "P5"]  # most missed first, each a link to the rule book
    assert "missed 3 of 3" in missed.text
    assert panel.suggestion == Suggestion("legal", "0 of 3 right at the first check: practise it again")
    assert html.escape(get_topic("legal").title) in panel.next_up.value
    table = parse(panel.topics_table.value)
    assert len(table.find_all("tr")) == 1 + len(progress.TOPICS)
    for widget in (panel.summary, panel.topics_table, panel.missed, panel.next_up, panel.where):
        assert_well_formed(widget.value)
    assert panel.name_text.value == "Anna"


def test_the_panel_opens_the_next_trainer_where_the_learner_left_off_and_follows_it(store_path):
    _some_progress(store_path)
    panel = progress_panel()
    panel.open_button.click()
    t = panel.trainer
    assert isinstance(t, Trainer) and t.topic == "legal" and t.number == 3 and t.level == 2
    assert panel.trainer_box.children == (t.ui,)
    _answer(t)
    t.check_button.click()
    assert panel.record is not None and panel.record.topic("legal").right_first == 1
    assert "9 exercises done" in panel.summary.value


def test_the_panel_offers_the_final_check_when_every_topic_is_secure(store_path):
    store = Progress()
    rec = ProgressRecord()
    for name in progress.TOPICS:
        for _ in range(SECURE_DONE):
            rec = rec.with_result(name, True)
    store.save(rec)
    panel = progress_panel()
    assert panel.suggestion is None and "final check" in panel.next_up.value
    assert isinstance(panel.open_next(), FinalCheck)


def test_the_panel_saves_the_learners_name(store_path):
    panel = progress_panel()
    assert "No exercise checked yet" in panel.summary.value
    panel.name_text.value = "  Ueli   Meier "
    panel.name_button.click()
    assert _saved(store_path)["learner"] == "Ueli Meier"
    assert "Saved your name" in panel.message.value
    panel.save_name("x" * 200)
    assert "at most" in panel.message.value and _saved(store_path)["learner"] == "Ueli Meier"


def test_the_panel_reports_a_bad_file_or_place_without_raising(store_path, monkeypatch):
    store_path.parent.mkdir(parents=True)
    store_path.write_text('{"format": "other.app/3"}', encoding="utf-8")
    panel = progress_panel()
    assert str(store_path) in panel.message.value and "not a jasslib progress file" in panel.message.value
    assert panel.open_button.disabled and panel.open_next() is None
    panel = progress_panel(REPO / "progress.json")
    assert "inside the jasslib repository" in panel.message.value and panel.store is None
    panel.name_button.click()
    assert "no progress file" in panel.message.value


# ---------------------------------------------------------------------------------------------
# The class: export and merge


def _export(tmp_path: Path, name: str, rights: int) -> Path:
    store = Progress(tmp_path / f"{name}-store.json")
    for i in range(3):
        store.record("legal", i < rights, right_rules=("P3",), wrong_rules=() if i < rights else ("P4",))
    out = tmp_path / f"{name}.json"
    assert main(["progress", "export", "--name", name, "--progress", str(store.path), "--out", str(out)]) == 0
    return out


def test_export_writes_the_record_with_the_learners_name(tmp_path, capsys, store_path):
    Progress().record("weis", True)
    out = tmp_path / "anna.json"
    assert main(["progress", "export", "--name", "Anna", "--out", str(out)]) == 0  # the default store
    assert "Anna" in capsys.readouterr().out
    record = read_progress(out)
    assert record.learner == "Anna" and record.topic("weis").done == 1
    assert Progress().load().learner is None  # the learner's own file is not changed


def test_the_class_table_merges_the_good_files_and_names_the_bad_ones(tmp_path, capsys):
    anna, beat = _export(tmp_path, "Anna", 3), _export(tmp_path, "Beat", 1)
    broken, foreign = tmp_path / "broken.json", tmp_path / "notes.json"
    broken.write_text('{"format": "jasslib.progress/1", "topics": {', encoding="utf-8")
    foreign.write_text('{"title": "my notes"}', encoding="utf-8")
    capsys.readouterr()
    out = tmp_path / "class.csv"
    assert main(["progress", "class", str(anna), str(broken), str(beat), str(foreign), "--out", str(out)]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "broken.json" in err[0] and "notes.json" in err[1]
    assert all(line.startswith("python -m jasslib progress class: warning:") for line in err)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [(r["learner"], r["legal done"], r["legal right first time"], r["done"]) for r in rows] == [
        ("Anna", "3", "3", "3"), ("Beat", "3", "1", "3")]
    assert rows[1]["rules missed most"] == "P4 (2×)"
    html_out = tmp_path / "class.html"
    assert main(["progress", "class", str(anna), str(beat), str(foreign), "--out", str(html_out)]) == 0
    page = html_out.read_text(encoding="utf-8")
    assert_well_formed(page)
    body = parse(page)
    assert [th.text for th in body.find_all("th") if th.attrs.get("scope") == "row"] == ["Anna", "Beat"]
    assert "notes.json" in body.text  # the files left out are listed on the page too


def test_the_class_table_fails_when_no_file_is_good_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    out = tmp_path / "class.csv"
    assert main(["progress", "class", str(bad), str(tmp_path / "missing.json"), "--out", str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.json" in err[0] and "missing.json" in err[0]
    assert not out.exists()


def test_bad_arguments_exit_2_with_one_sentence(tmp_path, capsys):
    good = _export(tmp_path, "Anna", 1)
    capsys.readouterr()
    cases = [
        ["progress"],
        ["progress", "class", "--out", str(tmp_path / "c.csv")],
        ["progress", "class", str(good), "--out", str(tmp_path / "c.txt")],
        ["progress", "class", str(good), "--out", str(tmp_path / "no" / "c.csv")],
        ["progress", "export", "--out", str(tmp_path / "e.csv")],
        ["progress", "export", "--progress", str(REPO / "progress.json"), "--out", str(tmp_path / "e.json")],
    ]

    def check(*argv):
        assert _exit_code(list(argv)) == 2
        err = capsys.readouterr().err
        # one line, named like argparse's own errors: the sub-command as typed ("progress class: error: ...")
        command = " ".join(argv[:2]) if len(argv) > 1 else "progress"
        assert err.count("\n") == 1 and err.startswith(f"python -m jasslib {command}: error: "), err

    check_cases([tuple(c) for c in cases], check)
    assert not list(tmp_path.glob("c.*")) and not list(tmp_path.glob("e.*"))


def _exit_code(argv: list[str]) -> int:
    """main's return value, or the code argparse exits with."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def test_export_without_a_record_or_with_a_bad_one_exits_1(tmp_path, capsys, store_path):
    out = tmp_path / "anna.json"
    assert main(["progress", "export", "--out", str(out)]) == 1
    assert "no progress to export yet" in capsys.readouterr().err
    store_path.parent.mkdir(parents=True)
    store_path.write_text("{}", encoding="utf-8")
    assert main(["progress", "export", "--out", str(out)]) == 1
    assert str(store_path) in capsys.readouterr().err and not out.exists()


def test_a_learners_name_cannot_become_a_spreadsheet_formula(tmp_path):
    path = tmp_path / "p.json"
    Progress(path).save(ProgressRecord(learner="=HYPERLINK(1)").with_result("deal", True))
    text = progress.class_csv(merge_class([path]))
    assert list(csv.reader(io.StringIO(text)))[1][0] == "'=HYPERLINK(1)"


# ---------------------------------------------------------------------------------------------
# The end-of-notebook questions


def _answer_question(widget, right: bool) -> None:
    """Answer a checked question right, or wrong, through its inputs, and press Check."""
    q = widget.question
    if q.kind == "choice":
        widget.set_response(q.answer if right else next(o for o in q.options if o != q.answer))
    elif q.kind == "cards":
        hand = CardSet(q.exercise.position["hand"])
        widget.set_response(q.answer if right else (hand if q.answer != hand else CardSet(list(hand)[1:])))
    else:
        widget.set_response(q.answer if right else q.answer + 1)
    widget.check_button.click()


def test_every_check_of_a_question_is_recorded_with_its_attempts(store_path):
    from jasslib.widgets.questions import questions

    qs = questions("04", progress=store_path)
    first, second = qs.widgets[0], qs.widgets[1]
    first.check_button.click()  # no answer yet: asked for, not counted
    assert not store_path.exists()
    _answer_question(first, False)
    _answer_question(first, True)
    _answer_question(first, False)  # a later wrong check does not undo the first right one
    _answer_question(second, True)
    data = _saved(store_path)
    assert data["format"] == FORMAT == "jasslib.progress/2"
    assert data["questions"] == {"04": {first.question.id: {"attempts": 3, "right_at": 2},
                                        second.question.id: {"attempts": 1, "right_at": 1}}}
    record = Progress(store_path).load()
    q = record.question(first.question.id)
    assert (q.attempts, q.right, q.right_first, q.wrong_checks) == (3, True, False, 1)
    assert record.notebook_questions("04")[1:] == (2, 2, 1, 4)
    assert record.done == 0  # the trainers' exercises are counted apart
    assert ProgressRecord.from_dict(record.to_dict(), "x") == record


def test_a_question_outside_a_notebook_records_nothing_by_default(store_path):
    from jasslib.widgets.questions import question

    widget = question("04.2")  # plain Python: the default records nowhere, as the trainers' default does
    _answer_question(widget, True)
    assert widget.progress is None and not store_path.exists() and widget.correct


def test_an_unsaved_answer_is_said_under_the_feedback_not_raised(tmp_path):
    from jasslib.widgets.questions import question

    path = tmp_path / "p.json"
    path.write_text("{}", encoding="utf-8")  # not a progress file: never overwritten
    widget = question("04.2", progress=path)
    _answer_question(widget, True)
    assert "✓" in widget.feedback.value and "Your progress was not saved" in widget.feedback.value
    assert path.read_text(encoding="utf-8") == "{}"


def test_a_format_1_file_is_still_read_and_written_again_as_format_2(tmp_path):
    path = tmp_path / "old.json"
    old = {"format": "jasslib.progress/1", "learner": "Anna", "created": None, "updated": None,
           "topics": {"legal": {"done": 2, "right_first": 1, "hints": 0, "solutions": 0, "level": None,
                                "rules": {}}}}
    path.write_text(json.dumps(old), encoding="utf-8")
    store = Progress(path)
    assert store.load().topic("legal").done == 2 and store.load().questions == ()
    store.record_answer("05.1", True)
    data = _saved(path)
    assert data["format"] == "jasslib.progress/2" and data["topics"]["legal"]["done"] == 2
    assert data["questions"] == {"05": {"05.1": {"attempts": 1, "right_at": 1}}}


def test_a_damaged_questions_field_is_named():
    def check(questions, words):
        data = {"format": FORMAT, "topics": {}, "questions": questions}
        with pytest.raises(ProgressFileError, match="damaged") as info:
            ProgressRecord.from_dict(data, "anna.json")
        assert "anna.json" in str(info.value) and words in str(info.value), str(info.value)

    check_cases([
        ([], '"questions" should be an object'),
        ({"4": {}}, "has a notebook '4'"),
        ({"04": []}, "questions of notebook 04 should be an object"),
        ({"04": {"04": {"attempts": 1}}}, "a question id is 'NN.k'"),
        ({"04": {"05.1": {"attempts": 1}}}, "question 05.1 is filed under notebook 04"),
        ({"04": {"04.1": 3}}, "question 04.1 should be an object"),
        ({"04": {"04.1": {"attempts": 0}}}, '"attempts" should be 1 or more'),
        ({"04": {"04.1": {"attempts": True}}}, '"attempts" should be a whole number'),
        ({"04": {"04.1": {"attempts": 2, "right_at": 3}}}, '"right_at" should be a check from 1 to its 2'),
        ({"04": {"04.1": {"attempts": 2, "right_at": 0}}}, '"right_at"'),
        ({"04": {"04.1": {"attempts": 2, "right_at": "1"}}}, '"right_at"'),
    ], check)


def test_a_bad_question_id_is_refused_on_write_by_the_readers_rule(tmp_path):
    from jasslib.progress import AnswerRecordError

    path = tmp_path / "p.json"
    store = Progress(path)
    store.record_answer("04.2", True)
    before = path.read_bytes()

    def check(qid):
        with pytest.raises(AnswerRecordError, match="a question id is 'NN.k'"):
            store.record_answer(qid, True)
        with pytest.raises(AnswerRecordError):
            ProgressRecord().with_answer(qid, False)

    check_cases(["", "4.2", "04.0", "04.2 ", "04.1234", "x" * 70, None, 4.2, ["04", 2]], check)
    assert path.read_bytes() == before  # nothing written
    assert read_progress(path).question("04.2").attempts == 1


def test_the_panel_shows_the_questions_answered(store_path):
    from jasslib.exercises.questions import questions_for

    store = Progress(store_path)
    for qid, right in (("04.1", False), ("04.1", True), ("04.2", False), ("07.1", True)):
        store.record_answer(qid, right)
    panel = progress_panel(store_path)
    text = html.unescape(panel.summary.value)
    assert "2 of 3 questions right" in text and "4 checks" in text
    table = parse(panel.questions_table.value)
    rows = [[td.text for td in tr.find_all("td")] for tr in table.find_all("tr")[1:]]
    checked_04 = sum(not q.discussion for q in questions_for("04"))
    checked_07 = sum(not q.discussion for q in questions_for("07"))
    assert rows == [["Notebook 04", f"1 of 2 of {checked_04}", "0", "3", "04.2"],
                    ["Notebook 07", f"1 of 1 of {checked_07}", "1", "1", "–"]]
    # and the panel follows a check made in a question widget
    from jasslib.widgets.questions import question

    _answer_question(question("04.2", progress=store_path), True)
    panel.refresh()
    assert "3 of 3 questions right" in html.unescape(panel.summary.value)


def test_the_class_table_merges_the_questions(tmp_path, capsys):
    anna, beat = Progress(tmp_path / "anna.json"), Progress(tmp_path / "beat.json")
    anna.set_learner("Anna")
    beat.set_learner("Beat")
    anna.record_answer("04.1", True)
    anna.record_answer("04.2", False)
    anna.record_answer("04.2", False)
    beat.record_answer("04.2", False)
    beat.record_answer("04.2", True)
    beat.record("legal", True)
    beat.record_answer("12.3", True)
    table = merge_class([anna.path, beat.path])
    assert table.questions == ("04.1", "04.2", "12.3") and table.notebooks == ("04", "12")
    out = tmp_path / "class.csv"
    assert main(["progress", "class", str(anna.path), str(beat.path), "--out", str(out)]) == 0
    assert "2 learner(s) and 3 question(s)" in capsys.readouterr().out
    rows = {r["learner"]: r for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}
    pick = ("questions right", "questions right first time", "question attempts", "04.1 right", "04.1 attempts",
            "04.2 right", "04.2 attempts", "12.3 right", "12.3 attempts")
    assert [rows["Anna"][k] for k in pick] == ["1", "1", "3", "yes", "1", "no", "2", "", ""]
    assert [rows["Beat"][k] for k in pick] == ["2", "1", "3", "", "", "yes", "2", "yes", "1"]
    html_out = tmp_path / "class.html"
    assert main(["progress", "class", str(anna.path), str(beat.path), "--out", str(html_out)]) == 0
    page = html_out.read_text(encoding="utf-8")
    assert_well_formed(page)
    questions_table = parse(page).find_all("table")[1]
    cells = {tr.find("th").text: [td.text for td in tr.find_all("td")] for tr in questions_table.find_all("tr")[1:]}
    assert cells == {"Anna": ["1 of 2 · 1 · 3", "1 of 2 · 1 · 3", "–", "04.2 (2×)"],
                     "Beat": ["2 of 2 · 1 · 3", "1 of 1 · 0 · 2", "1 of 1 · 1 · 1", ""]}


def test_export_keeps_the_questions(tmp_path, capsys, store_path):
    Progress().record_answer("04.2", False)
    out = tmp_path / "anna.json"
    assert main(["progress", "export", "--name", "Anna", "--out", str(out)]) == 0
    assert "0 exercise(s) and 1 question(s)" in capsys.readouterr().out
    assert read_progress(out).question("04.2") == Progress().load().question("04.2")
