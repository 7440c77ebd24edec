"""The learner's progress at a glance: a panel over the progress file of :mod:`jasslib.progress`.

:func:`progress_panel` shows what the trainers recorded across sessions: the exercises done, how many
were right at the first check and how many after a hint, one line per topic, the rules missed most (each
rule id a link to the rule book), the questions answered at the end of the notebooks (right, right at the
first check, the checks made, notebook by notebook), the rounds played at the round and game players with
the accuracy of the latest reviewed ones (:data:`ROUNDS_SHOWN`), and the trainer to go to next (a topic the learner
struggles with, else the first topic in course order that is not yet secure), linked to its place on the
app's page of trainers (:func:`jasslib.widgets.trainers_page.trainer_link`).  **Open** starts that
trainer below the panel, where the learner left off; its checks are recorded in the same file and the
panel follows them.  A name typed in the name field is saved with the record, for the class table
(``python -m jasslib progress``).

Problems (a damaged file, a place where progress may not be kept) are written into the panel, never
raised.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     panel = progress_panel(pathlib.Path(folder) / "progress.json")
...     print(panel.suggestion.topic)
...     panel.open_button.click()
...     t = panel.trainer
...     t.set_response(t.exercise.answer)
...     t.check_button.click()
...     print(panel.record.done, "1 exercise done" in panel.summary.value)
deal
1 True
"""

from __future__ import annotations

import html
import threading
from typing import Any

import ipywidgets as w

from ..exercises import get_topic
from ..progress import (
    Progress,
    ProgressFileError,
    ProgressRecord,
    ProgressSpec,
    Suggestion,
    TopicProgress,
    open_progress,
)
from ..rulesets import CLASSIC, Ruleset
from ._common import check_style, guarded, message_html, text_html
from .trainer import FinalCheck, Trainer
from .trainers_page import TRAINERS_PAGE, trainer_link

__all__ = ["ProgressPanel", "progress_panel", "MISSED_SHOWN", "ROUNDS_SHOWN"]

MISSED_SHOWN = 5
"""How many of the rules missed most the panel lists."""

ROUNDS_SHOWN = 8
"""How many of the latest reviewed rounds the panel lists with their accuracy."""


def _title(topic: str) -> str:
    try:
        return get_topic(topic).title
    except ValueError:  # a topic recorded by a notebook that registered it, not registered now
        return topic


def _level_count(topic: str) -> int:
    try:
        return get_topic(topic).level_count
    except ValueError:
        return 1


def _kernel_loop() -> Any | None:
    """The event loop of the IPython kernel running this code (tornado's ``IOLoop``, whose ``add_callback`` may be
    called from any thread), or None outside a kernel (plain Python, the tests)."""
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:  # pragma: no cover - ipykernel is a dependency
        return None
    if not Kernel.initialized():
        return None
    return getattr(Kernel.instance(), "io_loop", None)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class ProgressPanel:
    """A panel over a learner's progress file: ``ProgressPanel()`` (the default file) or
    ``ProgressPanel(path)``; ``progress`` takes what the trainers take (:data:`jasslib.progress.ProgressSpec`).

    ``trainers_page``: the page of trainers the "next" suggestion links to (relative to the page showing the
    panel; None: no link).

    Public widgets: :attr:`ui`, :attr:`summary`, :attr:`topics_table`, :attr:`questions_table`,
    :attr:`rounds_table` (the rounds played at the table and the latest reviewed rounds' accuracy),
    :attr:`missed`, :attr:`next_up`,
    :attr:`open_button`, :attr:`refresh_button`, :attr:`name_text`, :attr:`name_button`, :attr:`message`
    and :attr:`trainer_box` (where **Open** puts :attr:`trainer`).  :attr:`record` is the record last read
    (None when the file could not be read) and :attr:`suggestion` the trainer to go to next (None: every
    topic is secure, and **Open** starts the final check).
    """

    def __init__(self, progress: ProgressSpec = True, style: str = "french",
                 ruleset: Ruleset | str = CLASSIC, trainers_page: str | None = TRAINERS_PAGE) -> None:
        self.style = check_style(style)
        self.trainers_page = trainers_page
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset.get(ruleset)
        # the argument is checked before any widget is made: a wrong type is refused at once
        self.store: Progress | None = None
        problem: str | None = None
        try:
            self.store = open_progress(progress)
        except ProgressFileError as exc:  # a wrong type of argument is raised, a file that cannot be used shown
            problem = str(exc)
        self.record: ProgressRecord | None = None
        self.suggestion: Suggestion | None = None
        self.trainer: Trainer | None = None
        self.heading = w.HTML("<h3 style='margin:0.2em 0'>Your progress</h3>")
        self.where = w.HTML()
        self.summary = w.HTML()
        self.topics_table = w.HTML()
        self.questions_table = w.HTML()
        self.rounds_table = w.HTML()
        self.missed = w.HTML()
        self.next_up = w.HTML()
        self.message = w.HTML()
        self.open_button = w.Button(description="Open", button_style="primary", icon="play",
                                    tooltip="Open the trainer suggested next, where you left off")
        self.refresh_button = w.Button(description="Refresh", icon="refresh",
                                       tooltip="Read the progress file again (after working in other notebooks)")
        self.name_text = w.Text(description="Name:", placeholder="your name, for the class table",
                                layout=w.Layout(width="22em"))
        self.name_button = w.Button(description="Save name", icon="save",
                                    tooltip="Save your name with your progress (for the teacher's class table)")
        self.trainer_box = w.VBox()
        self.open_button.on_click(self._on_open)
        self.refresh_button.on_click(self._on_refresh)
        self.name_button.on_click(self._on_name)
        self.ui = w.VBox(
            [
                self.heading,
                self.where,
                self.summary,
                self.topics_table,
                self.questions_table,
                self.rounds_table,
                self.missed,
                w.HBox([self.next_up, self.open_button]),
                w.HBox([self.name_text, self.name_button, self.refresh_button]),
                self.message,
                self.trainer_box,
            ],
            layout=w.Layout(border="1px solid #ccc", padding="6px"),
        )
        self.ui.add_class("jass-progress")
        if problem is not None:
            self.message.value = message_html(problem, "warn")
        if self.store is None and not self.message.value:
            self.message.value = message_html("Progress is not recorded here (progress=False).", "warn")
        if getattr(self.store, "waits_for_page", False):
            # a kernel started ahead of its learner (the classroom's pool): the panel is shown now, with its
            # widgets, and filled in once the page is opened (a page drawing the panel before its widgets
            # existed showed "model not found")
            self._waiting_text = message_html("Your progress appears when your page has opened …")
            self.message.value = self._waiting_text
            self._kernel_loop = _kernel_loop()  # the kernel's own thread fills the panel in; None in plain Python
            self._waiting = threading.Thread(target=self._wait_for_learner, name="jasslib-progress-wait",
                                             daemon=True)
            self._waiting.start()
        else:
            self.refresh()

    def _wait_for_learner(self) -> None:
        """(The waiting thread.)  Wait until the page's learner is known, then fill the panel in the kernel's own
        thread: widgets changed from another thread while the page loads would race with the kernel sending
        every widget's state to that page."""
        problem: Exception | None = None
        try:
            if self.store is not None:
                self.store.path  # noqa: B018 - a LearnerProgress finds its learner here (it waits for the page)
        except Exception as exc:  # noqa: BLE001 - shown in the panel, as a refresh shows it
            problem = exc
        loop = self._kernel_loop
        if loop is None:
            self._fill_once_known(problem)
        else:
            loop.add_callback(self._fill_once_known, problem)

    @guarded("message")
    def _fill_once_known(self, problem: Exception | None = None) -> None:
        if problem is not None:  # shown as any problem is, without asking again (a second wait would hold the kernel)
            raise problem
        self.refresh()  # a problem reading the file replaces the waiting text
        if self.message.value == self._waiting_text:
            self.message.value = ""

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        done = "unread" if self.record is None else _plural(self.record.done, "exercise")
        return f"<ProgressPanel {self.store!r} {done}>"

    def refresh(self) -> None:
        """Read the file again and show it (a problem is shown in :attr:`message`)."""
        self._on_refresh()

    @guarded("message")
    def _on_refresh(self, _button: Any = None) -> None:
        self.record = None
        self.suggestion = None
        self.open_button.disabled = self.store is None
        if self.store is None:
            self._show_nothing()
            return
        self.where.value = f"<small>Kept in {html.escape(str(self.store.path))}</small>"
        try:
            record = self.store.load()
        except ProgressFileError as exc:
            self._show_nothing()
            self.open_button.disabled = True
            self.message.value = message_html(f"{exc}. Move it away, or open another file, to start afresh.",
                                              "warn")
            return
        self.record = record
        self.suggestion = record.next_topic()
        if record.learner and not self.name_text.value:
            self.name_text.value = record.learner
        self.summary.value = self._summary_html(record)
        self.topics_table.value = self._topics_html(record)
        self.questions_table.value = self._questions_html(record)
        self.rounds_table.value = self._rounds_html(record)
        self.missed.value = self._missed_html(record)
        self.next_up.value = self._next_html(self.suggestion, self.trainers_page)
        self.open_button.description = "Open the final check" if self.suggestion is None else "Open"

    def _show_nothing(self) -> None:
        for widget in (self.summary, self.topics_table, self.questions_table, self.rounds_table, self.missed,
                       self.next_up):
            widget.value = ""

    @staticmethod
    def _summary_html(record: ProgressRecord) -> str:
        answered = ""
        if record.questions:
            answered = (f" End-of-notebook questions: <b>{record.questions_right} of "
                        f"{_plural(len(record.questions), 'question')} right</b>, "
                        f"{_plural(record.question_attempts, 'check')}.")
        if not record.done:
            return ("<p>No exercise checked yet: your results appear here as you work through the trainers."
                    f"{answered}</p>")
        started = sum(1 for t in record.topics if t.started)
        who = f"{html.escape(record.learner)}: " if record.learner else ""
        return (f"<p>{who}<b>{_plural(record.done, 'exercise')} done</b>, {record.right_first} right at the "
                f"first check, {record.hints} after a hint, in {_plural(started, 'topic')}.{answered}</p>")

    def _topics_html(self, record: ProgressRecord) -> str:
        if not record.done:
            return ""
        from ..exercises import TOPICS  # the course order, as the record keeps it

        names = list(TOPICS) + [t.topic for t in record.topics if t.topic not in TOPICS]
        rows = []
        for name in names:
            t = record.topic(name)
            rows.append(f"<tr><td>{html.escape(_title(name))}</td>{self._counts_html(t)}</tr>")
        head = "".join(f"<th>{h}</th>" for h in ("Topic", "done", "right first time", "hints", "level"))
        return (f"<table class='jass-table jass-progress-topics'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")

    @staticmethod
    def _questions_html(record: ProgressRecord) -> str:
        """One row per notebook with a question checked: right, right at the first check, checks, and the
        questions not right yet."""
        if not record.questions:
            return ""
        rows = []
        for notebook in record.question_notebooks():
            n = record.notebook_questions(notebook)
            open_ = ", ".join(q.question for q in record.questions_of(notebook) if not q.right) or "–"
            rows.append(f"<tr><td>Notebook {html.escape(notebook)}</td>"
                        f"<td style='text-align:right'>{n.right} of {n.answered} of {_checked_count(notebook)}</td>"
                        f"<td style='text-align:right'>{n.right_first}</td>"
                        f"<td style='text-align:right'>{n.attempts}</td><td>{html.escape(open_)}</td></tr>")
        head = "".join(f"<th>{h}</th>" for h in ("Questions", "right of answered of all", "right first time",
                                                 "checks", "not right yet"))
        return (f"<table class='jass-table jass-progress-questions'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")

    @staticmethod
    def _rounds_html(record: ProgressRecord) -> str:
        """The rounds played at the table: how many, the hints used, and the latest reviewed rounds' accuracy
        (oldest first, so that a learner sees it improve)."""
        rounds = record.rounds
        if not rounds.played:
            return ""
        head = (f"<p><b>Rounds at the table:</b> {_plural(rounds.played, 'round')} played, "
                f"{_plural(rounds.hints, 'hint')} asked (the card shown {_plural(rounds.cards, 'time')}).</p>")
        reviewed = rounds.reviewed[-ROUNDS_SHOWN:]
        if not reviewed:
            return (f"<div class='jass-progress-rounds'>{head}<p><small>Review a round, or Learn from your mistakes, "
                    "to see its accuracy here.</small></p></div>")
        rows = "".join(
            f"<tr><td>{html.escape(e.label)}</td><td style='text-align:right'>{e.mean_lost:.1f}</td>"
            f"<td style='text-align:right'>{e.within_2:.0%}</td><td style='text-align:right'>{e.hints}</td></tr>"
            for e in reviewed if e.mean_lost is not None and e.within_2 is not None)
        heads = "".join(f"<th>{h}</th>" for h in ("Round", "expected points lost per card",
                                                  "cards within 2 points of the best", "hints"))
        return (f"<div class='jass-progress-rounds'>{head}<p>Your accuracy in the latest reviewed rounds, from what "
                "you could see (oldest first; fewer points lost is better):</p>"
                f"<table class='jass-table jass-progress-accuracy'><thead><tr>{heads}</tr></thead>"
                f"<tbody>{rows}</tbody></table></div>")

    @staticmethod
    def _counts_html(t: TopicProgress) -> str:
        if not t.started:
            return "<td colspan='4'><small>not started</small></td>"
        count = _level_count(t.topic)
        level = "" if t.level is None else f"{t.level} of {count}" if count > 1 else str(t.level)
        mark = " ✓" if t.secure else ""
        return (f"<td style='text-align:right'>{t.done}</td><td style='text-align:right'>{t.right_first}"
                f" ({t.rate:.0%}){mark}</td><td style='text-align:right'>{t.hints}</td><td>{level}</td>")

    @staticmethod
    def _missed_html(record: ProgressRecord) -> str:
        missed = record.missed_most(MISSED_SHOWN)
        if not missed:
            return "" if not record.done else "<p>Rules you miss most: none so far.</p>"
        items = "".join(
            f"<li>{text_html(f'{r.rule} {r.title}'.strip())}: missed {r.wrong} of {r.right + r.wrong}</li>"
            for r in missed
        )
        return f"<div class='jass-progress-missed'><b>Rules you miss most</b><ul>{items}</ul></div>"

    @staticmethod
    def _next_html(suggestion: Suggestion | None, page: str | None = TRAINERS_PAGE) -> str:
        topic = None if suggestion is None else suggestion.topic
        name = "the final check" if topic is None else _title(topic)
        where = html.escape(name)
        if page is not None:  # where that trainer is on the page of trainers (Open starts it here too)
            where = (f'<a class="jass-next-link" href="{html.escape(trainer_link(topic, page))}" target="_blank" '
                     f'title="This trainer on the page of all trainers">{where}</a>')
        if suggestion is None:
            return (f"<p><b>Next:</b> every topic is secure. Try {where}: about twenty mixed "
                    "questions and your score per rule.</p>")
        return (f"<p><b>Next:</b> {where} "
                f"<small>({html.escape(suggestion.topic)}: {html.escape(suggestion.reason)})</small></p>")

    # ------------------------------------------------------------------ actions
    def open_next(self) -> Trainer | None:
        """Open the suggested trainer (or the final check) below the panel; returns it (None on a problem)."""
        return self._on_open()

    @guarded("message")
    def _on_open(self, _button: Any = None) -> Trainer | None:
        self._on_refresh()
        if self.record is None or self.store is None:
            return None
        if self.trainer is not None:
            self.trainer.ui.close()
        if self.suggestion is None:
            trainer: Trainer = FinalCheck(ruleset=self.ruleset, style=self.style, progress=self.store)
            words = "the final check"
        else:
            topic = self.suggestion.topic
            t = self.record.topic(topic)
            level = t.level or (1 if _level_count(topic) > 1 else None)
            trainer = Trainer(topic, number=t.done, ruleset=self.ruleset, style=self.style, level=level,
                              progress=self.store)
            words = f"“{_title(topic)}” at exercise {t.done + 1}"
        trainer.feedback.observe(self._on_trainer_change, names="value")  # a check ends by writing feedback
        self.trainer = trainer
        self.trainer_box.children = (trainer.ui,)
        self.message.value = message_html(f"Opened {words}, below. Your checks there are recorded.")
        return trainer

    @guarded("message")
    def _on_trainer_change(self, _change: Any = None) -> None:
        message = self.message.value
        self._on_refresh()
        self.message.value = message

    def save_name(self, name: str | None) -> None:
        """Save ``name`` as the learner's name (as typing it and pressing **Save name** does)."""
        self.name_text.value = name or ""
        self._on_name()

    @guarded("message")
    def _on_name(self, _button: Any = None) -> None:
        if self.store is None:
            self.message.value = message_html("There is no progress file to save a name in.", "warn")
            return
        record = self.store.set_learner(self.name_text.value)
        self._on_refresh()
        said = f"Saved your name: {record.learner}." if record.learner else "Your name is removed from the record."
        self.message.value = message_html(said, "ok")


def _checked_count(notebook: str) -> int | str:
    """How many checked (not discussion) questions ``notebook`` ends with ('?' for one the course lacks)."""
    from ..exercises.questions import questions_for

    try:
        return sum(not q.discussion for q in questions_for(notebook))
    except ValueError:  # a notebook of another version of the course
        return "?"


def progress_panel(progress: ProgressSpec = True, style: str = "french",
                   ruleset: Ruleset | str = CLASSIC, trainers_page: str | None = TRAINERS_PAGE) -> ProgressPanel:
    """A :class:`ProgressPanel` over ``progress`` (default: the learner's progress file)."""
    return ProgressPanel(progress, style=style, ruleset=ruleset, trainers_page=trainers_page)
