"""The questions at the end of each notebook, answered in place: ✓ or ✗ with the rule that decides.

:func:`questions` shows every question of a notebook (:func:`jasslib.exercises.questions.questions_for`),
:func:`question` one of them.  Each shows its prompt and the rule ids it is about, the inputs its kind asks
for (radio buttons for a choice, the hand's card pictures to click for the cards you may play, as in the
trainers, a box for a number), a **Check** button and the feedback of :meth:`Question.check
<jasslib.exercises.questions.Question.check>`: the same ✓/✗ lines with rule ids, linked to the rule book,
as the trainers show.  **Check** with no answer yet (nothing chosen or marked, an empty box) asks for one
and counts nothing.  A discussion question has a box for your own answer and a **Show a model answer**
button instead.  Nothing here judges an answer.

Every check of a checked question is recorded in the learner's progress (:mod:`jasslib.progress`: the
question id, the attempts, the check at which it was first right), as the trainers record theirs, and the
progress panel and the class table show them.  ``progress`` takes what the trainers take: by default the
learner's file when running in a notebook or the app, nowhere otherwise.

As everywhere in :mod:`jasslib.widgets`, ``button.click()`` and setting ``.value`` run the callbacks at
once, so a test (or a cell) can answer a question:

>>> q = question("04.2")
>>> q.set_response(26)
>>> q.check_button.click()
>>> "✓" in q.feedback.value, q.correct
(True, True)
>>> qs = questions("04")
>>> len(qs.widgets), str(qs.tally_text())
(7, '0 of 7 questions right')
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from ..cards import Card, CardSet
from ..errors import ArgumentError, CardNotInHandError
from ..exercises import get_topic
from ..exercises.base import Malformed, _as_int
from ..exercises.questions import Question, questions_for
from ..exercises.questions import question as _find
from ..progress import Progress, ProgressSpec, save_answer, trainer_progress
from ._common import CardLook, CardPicture, card_pictures_row, check_style, guarded, message_html, text_html
from .trainer import feedback_html

__all__ = ["QuestionWidget", "QuestionSet", "question", "questions", "SHORT_OPTION"]

SHORT_OPTION = 40
"""Options of at most this many characters are radio buttons with their text; longer ones are listed as
text that wraps, each with a letter, and chosen by the letter."""


class QuestionWidget:
    """One question with its inputs, a Check button and the feedback (or a model answer for a discussion).

    Public widgets: :attr:`ui` (the whole question), :attr:`choice` (kind ``choice``), :attr:`card_buttons`
    (kind ``cards``: the hand's :class:`~jasslib.widgets._common.CardPicture` controls, clicked to mark a card and
    clicked again to take the mark back, as in the trainers), :attr:`number_text` (kind ``number``),
    :attr:`answer_text` (a discussion question's box), :attr:`check_button`, :attr:`model_button` (discussion)
    and :attr:`feedback`.  :attr:`progress` is where each check is recorded (None: nowhere).
    """

    def __init__(self, item: Question | str, style: str = "french", progress: ProgressSpec = None) -> None:
        self.question = item if isinstance(item, Question) else _find(item)
        self.style = check_style(style)
        self.progress: Progress | None = trainer_progress(progress)
        self.correct: bool | None = None
        """None until checked; then whether the last check was right."""
        self._listeners: list[Any] = []
        q = self.question
        self.choice: w.RadioButtons | None = None
        self.card_buttons: dict[Card, CardPicture] = {}
        self.number_text: w.Text | None = None
        self.answer_text: w.Textarea | None = None
        self.check_button = w.Button(description="Check", button_style="primary", icon="check",
                                     tooltip="Check your answer")
        self.model_button = w.Button(description="Show a model answer", icon="eye", layout=w.Layout(width="auto"),
                                     tooltip="One good answer, with the rules behind it")
        self.feedback = w.HTML()
        self.feedback.add_class("jass-feedback")
        rules = ", ".join(q.rules)
        tag = " <i>(discussion)</i>" if q.discussion else ""
        self.prompt = w.HTML(f"<p style='margin:0.3em 0'><b>{q.number}.</b> {text_html(q.prompt)}{tag} "
                             f"<small>({text_html(rules)})</small></p>")
        rows: list[w.Widget] = [self.prompt]
        if q.exercise is not None:  # a cards question: the position without the hand, which the cards to click show
            rows.append(w.HTML(_position_html(q, self.style)))
        if q.kind == "choice" and max(len(o) for o in q.options) <= SHORT_OPTION:
            self.choice = w.RadioButtons(options=list(q.options), value=None, layout=w.Layout(width="auto"))
            rows.append(self.choice)
        elif q.kind == "choice":  # long options: listed as text (which wraps), chosen by their letter
            letters = [chr(ord("A") + i) for i in range(len(q.options))]
            items = "".join(f"<li><b>{k}.</b> {text_html(o)}</li>" for k, o in zip(letters, q.options))
            rows.append(w.HTML(f"<ul style='list-style:none;padding-left:0.5em;margin:0.2em 0'>{items}</ul>"))
            self.choice = w.RadioButtons(options=list(zip(letters, q.options)), value=None, orientation="horizontal",
                                         description="Answer:")
            rows.append(self.choice)
        elif q.kind == "cards":
            look = CardLook()  # one look for the row, as in the trainers
            for card in CardSet(q.exercise.position["hand"] if q.exercise else ()):
                self.card_buttons[card] = CardPicture(card, self.style, look, toggle=True)
            rows.append(w.HTML("<b>Your hand</b>: click every card that may be played "
                               "(click again to take the mark back)."))
            rows.append(card_pictures_row(self.card_buttons.values()))
        elif q.kind == "number":
            self.number_text = w.Text(value="", description=f"{q.label}:", placeholder="a whole number",
                                      layout=w.Layout(width="16em"))
            rows.append(self.number_text)
        else:
            self.answer_text = w.Textarea(value="", placeholder="Your answer, in a few words (for yourself)",
                                          layout=w.Layout(width="100%", height="4em"))
            rows.append(self.answer_text)
        if q.discussion:
            self.model_button.on_click(self._on_model)
            rows.append(self.model_button)
        else:
            self.check_button.on_click(self._on_check)
            rows.append(self.check_button)
        rows.append(self.feedback)
        self.ui = w.VBox(rows, layout=w.Layout(border="1px solid #ddd", padding="4px 8px", margin="4px 0"))
        self.ui.add_class("jass-question")

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<QuestionWidget {self.question.id} {self.question.kind} correct={self.correct}>"

    # ------------------------------------------------------------------ answers
    def response(self) -> Any:
        """The answer as the inputs hold it: the chosen option (None if none), the marked cards, the number's
        text, or a discussion question's text."""
        if self.choice is not None:
            return self.choice.value
        if self.question.kind == "cards":
            return CardSet(c for c, b in self.card_buttons.items() if b.value)
        if self.number_text is not None:
            return self.number_text.value
        return self.answer_text.value if self.answer_text is not None else None

    def set_response(self, response: Any) -> None:
        """Fill the inputs: an option, the cards to mark, a number, or a discussion answer's text.

        A ValueError (a :class:`~jasslib.errors.JassError` for cards) when it does not fit the inputs.
        """
        if self.choice is not None:
            if response not in self.question.options:
                raise ArgumentError(f"choose one of the options: {' / '.join(self.question.options)}")
            self.choice.value = response
        elif self.question.kind == "cards":
            marked = CardSet(response)
            missing = marked - CardSet(self.card_buttons)
            if missing:
                raise CardNotInHandError(f"{missing} is not in the hand shown")
            for card, button in self.card_buttons.items():
                button.value = card in marked
        elif self.number_text is not None:
            self.number_text.value = str(response)
        elif self.answer_text is not None:
            self.answer_text.value = str(response)

    def on_checked(self, callback: Any) -> None:
        """Call ``callback(self)`` after each check (the question set keeps its tally this way)."""
        self._listeners.append(callback)

    def check(self) -> Any:
        """Check the inputs' answer; show and return the Feedback (None, and nothing counted, while there is no
        answer yet: see :meth:`missing`)."""
        return self._on_check()

    def missing(self) -> str | None:
        """What the learner still has to give, as a request; None once there is an answer to check.

        >>> q = question("03.3")
        >>> q.missing()
        'Please click the cards that may be played first (a card you click is raised and outlined).'
        >>> q.set_response(["8♣"]); q.missing() is None
        True
        """
        if self.choice is not None and self.choice.value is None:
            return "Please choose an answer first."
        if self.question.kind == "cards" and not any(b.value for b in self.card_buttons.values()):
            return "Please click the cards that may be played first (a card you click is raised and outlined)."
        if self.number_text is not None:
            text = str(self.number_text.value)
            if not text.strip():
                return f"Please type {self.question.label} first: a whole number (0 counts too)."
            try:
                _as_int(text, "the answer")
            except Malformed as exc:  # refused as the trainers refuse it: asked again, not judged
                return str(exc)
        return None

    def show_model_answer(self) -> str | None:
        """Show (or hide again) a discussion question's model answer; returns it when shown."""
        return self._on_model()

    @guarded("feedback")
    def _on_check(self, _button: Any = None) -> Any:
        request = self.missing()
        if request is not None:  # no answer yet: asked for, not counted
            self.feedback.value = message_html(request, "warn")
            return None
        fb = self.question.check(self.response())
        self.correct = bool(fb.correct)
        unsaved = save_answer(self.progress, self.question.id, self.correct)  # None when saved
        self.feedback.value = feedback_html(fb, unsaved)
        for listener in self._listeners:
            listener(self)
        return fb

    @guarded("feedback")
    def _on_model(self, _button: Any = None) -> str | None:
        if self.feedback.value:
            self.feedback.value = ""
            self.model_button.description = "Show a model answer"
            return None
        text = self.question.explanation
        self.feedback.value = f"<div class='jass-solution'><b>A model answer.</b> {text_html(text)}</div>"
        self.model_button.description = "Hide the model answer"
        return text


class QuestionSet:
    """The questions of one notebook, one :class:`QuestionWidget` each, with a running count of right answers.

    :attr:`widgets` holds the questions' widgets in order, :attr:`ui` the whole set; each check is recorded
    in :attr:`progress` (None: nowhere).
    """

    def __init__(self, items: Iterable[Question], style: str = "french", title: str = "",
                 progress: ProgressSpec = None) -> None:
        self.progress: Progress | None = trainer_progress(progress)  # one store (and one warning) for the set
        self.widgets = [QuestionWidget(q, style, progress=self.progress or False) for q in items]
        self.checked = sum(not q.question.discussion for q in self.widgets)
        self.tally = w.HTML()
        for widget in self.widgets:
            widget.on_checked(self._count)
        head = [w.HTML(f"<h3 style='margin:0.2em 0'>{html.escape(title)}</h3>")] if title else []
        self.ui = w.VBox([*head, *(q.ui for q in self.widgets), self.tally])
        self.ui.add_class("jass-questions")
        self._count()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<QuestionSet {len(self.widgets)} questions, {self.tally_text()}>"

    def tally_text(self) -> str:
        """``'3 of 7 questions right'`` (the discussion questions are not counted)."""
        right = sum(q.correct is True for q in self.widgets)
        return f"{right} of {self.checked} questions right"

    def _count(self, _widget: Any = None) -> None:
        self.tally.value = f"<p><small>{html.escape(self.tally_text())}</small></p>" if self.checked else ""


def _position_html(q: Question, style: str) -> str:
    """A cards question's position as the trainers draw it: by its topic's ``sheet_html``, without the hand."""
    ex = q.exercise
    sheet_html = None if ex is None else get_topic(ex.topic).sheet_html
    return sheet_html(ex, style) if ex is not None and sheet_html is not None else q.position_html(style)


def question(qid: str, style: str = "french", progress: ProgressSpec = None) -> QuestionWidget:
    """The question ``qid`` (``"03.2"``) as a widget; a ValueError naming the questions for an unknown one."""
    return QuestionWidget(_find(qid), style, progress=progress)


def questions(notebook: str | int, style: str = "french", progress: ProgressSpec = None) -> QuestionSet:
    """Every question at the end of ``notebook`` (``"03"`` or ``3``) as widgets, with a count of right answers;
    each check is recorded in ``progress`` (as the trainers record theirs)."""
    return QuestionSet(questions_for(notebook), style, progress=progress)
