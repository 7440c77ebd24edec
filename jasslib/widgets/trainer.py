"""Exercise trainers: one widget for every topic of :mod:`jasslib.exercises`.

A :class:`Trainer` shows one exercise (title, prompt, position), the controls its ``kind`` asks
for, and the buttons **Check**, **Show solution** and **New exercise**, a seed field (a teacher
gives the class one seed, and everybody sees the same series) and a running tally.  It never
judges an answer itself: **Check** passes the response to ``Exercise.check`` and shows the
:class:`~jasslib.exercises.Feedback`, one ✓/✗ line per item with the rule id.

Everything works without a kernel: ``button.click()`` and setting ``.value`` run the callbacks at
once, so a notebook cell or a test can drive a trainer.

>>> t = legal_cards_trainer(seed=3)
>>> t.set_response(t.exercise.answer)
>>> t.check_button.click()
>>> "✓" in t.feedback.value, str(t.tally)
(True, '1 right of 1 checked')
>>> t.new_button.click()
>>> t.exercise.number
1
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ..cards import Card, CardSet
from ..errors import CardNotInHandError, CardParseError
from ..exercises import exercise, get_topic
from ..rulesets import CLASSIC, Ruleset
from ..seats import Seat, Team
from ._common import (
    InputError,
    card_button_layout,
    card_label,
    card_tooltip,
    check_style,
    guarded,
    message_html,
    text_html,
)

__all__ = [
    "Trainer",
    "Tally",
    "trainer",
    "legal_cards_trainer",
    "trick_trainer",
    "weis_trainer",
    "contest_trainer",
    "stoeck_trainer",
    "score_trainer",
    "claim_trainer",
    "parse_seed",
]

_NOBODY = "nobody"
_MAX_SEED_LENGTH = 200


def parse_seed(text: str | int) -> int | str:
    """A seed from the seed field: a whole number if the text is one, else the text itself.

    >>> parse_seed(" 42 "), parse_seed("class 3b"), parse_seed(7)
    (42, 'class 3b', 7)
    >>> parse_seed("  ")
    Traceback (most recent call last):
    ...
    jasslib.widgets._common.InputError: Please type a seed: a number or a word.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    s = str(text).strip()
    if not s:
        raise InputError("Please type a seed: a number or a word.")
    if len(s) > _MAX_SEED_LENGTH:
        raise InputError(f"Please type a shorter seed (at most {_MAX_SEED_LENGTH} characters).")
    try:
        return int(s)
    except ValueError:
        return s


@dataclass
class Tally:
    """How many exercises were checked and how many of those were right.

    Each exercise counts once, at its first **Check**; an exercise whose solution was shown first
    counts as checked but not right.

    >>> str(Tally(3, 5))
    '3 right of 5 checked'
    """

    right: int = 0
    checked: int = 0

    def __str__(self) -> str:
        return f"{self.right} right of {self.checked} checked"


class Trainer:
    """An interactive exercise series for one topic: ``Trainer("legal", seed=0)``.

    ``topic`` is any registered topic (:func:`jasslib.exercises.topics`: the course's
    :data:`~jasslib.exercises.TOPICS` and any added with :func:`~jasslib.exercises.register`); its title,
    answer kind and position drawing come from its :class:`~jasslib.exercises.Topic` record.
    ``(topic, seed, number, ruleset)`` fixes the exercise, so two trainers with the same seed show the same
    series.  ``style`` is ``"french"`` (suit symbols, the default) or ``"swiss"`` (Swiss-German names).

    Public widgets: :attr:`ui` (the whole trainer), :attr:`check_button`, :attr:`solution_button`,
    :attr:`new_button`, :attr:`seed_text`, :attr:`seed_button`, :attr:`feedback`; the answer controls
    :attr:`card_buttons` (kind ``cards``), :attr:`choice` (the seat or team buttons) and
    :attr:`points_inputs` (the number fields).
    """

    def __init__(
        self,
        topic: str,
        seed: int | str = 0,
        number: int = 0,
        ruleset: Ruleset | str = CLASSIC,
        style: str = "french",
    ) -> None:
        record = get_topic(topic)  # a ValueError naming the topics
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise ValueError(f"number is the exercise's 0-based index in the series, got {number!r}")
        self.topic = topic
        self.heading = record.title
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset.get(ruleset)
        self.style = check_style(style)
        self.seed = parse_seed(seed)
        self.number = number
        self.tally = Tally()
        self._counted = False  # the current exercise already counts in the tally
        self._solution_shown = False
        self.card_buttons: dict[Card, w.ToggleButton] = {}
        self.choice: w.ToggleButtons | None = None
        self.points_inputs: tuple[w.IntText, ...] = ()

        self.title = w.HTML()
        self.prompt = w.HTML()
        self.position = w.HTML()
        self.answer_box = w.VBox()
        self.check_button = w.Button(description="Check", button_style="primary", icon="check",
                                     tooltip="Check your answer")
        self.solution_button = w.Button(description="Show solution", icon="eye",
                                        tooltip="Show the right answer and why")
        self.new_button = w.Button(description="New exercise", icon="forward", tooltip="The next exercise")
        self.seed_text = w.Text(value=str(self.seed), description="Seed:", layout=w.Layout(width="16em"),
                                tooltip="Everybody with the same seed gets the same exercises")
        self.seed_button = w.Button(description="Use seed", icon="refresh",
                                    tooltip="Start the series again at its first exercise with this seed")
        self.tally_html = w.HTML()
        self.feedback = w.HTML()
        self.check_button.on_click(self._on_check)
        self.solution_button.on_click(self._on_solution)
        self.new_button.on_click(self._on_new)
        self.seed_button.on_click(self._on_seed)
        self.ui = w.VBox(
            [
                self.title,
                self.prompt,
                self.position,
                self.answer_box,
                w.HBox([self.check_button, self.solution_button, self.new_button]),
                w.HBox([self.seed_text, self.seed_button, self.tally_html]),
                self.feedback,
            ],
            layout=w.Layout(border="1px solid #ccc", padding="6px"),
        )
        self.ui.add_class("jass-trainer")
        self.title.add_class("jass-trainer-title")
        self.feedback.add_class("jass-feedback")
        self.exercise = exercise(self.topic, self.seed, self.number, self.ruleset)
        self._show()

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return (f"<Trainer {self.topic!r} seed={self.seed!r} number={self.number} ruleset={self.ruleset.name!r} "
                f"{self.tally}>")

    @property
    def kind(self) -> str:
        """How the current exercise is answered (``cards``, ``seat+points`` ...)."""
        return str(self.exercise.kind)

    def _show(self) -> None:
        """Show :attr:`exercise`: title, prompt, position and fresh answer controls."""
        ex = self.exercise
        self.title.value = (f"<h3 style='margin:0.2em 0'>{html.escape(self.heading)} — {html.escape(ex.title)}</h3>"
                            f"<small>topic {html.escape(self.topic)}, seed {html.escape(str(ex.seed))}, "
                            f"exercise {self.number + 1}, {html.escape(self.ruleset.name)} rules</small>")
        self.prompt.value = f"<p><b>{text_html(ex.prompt)}</b></p>"
        self.position.value = ex.position_html(self.style)
        self._build_controls()
        self._counted = False
        self._solution_shown = False
        self.feedback.value = ""
        self._show_tally()

    def _show_tally(self) -> None:
        self.tally_html.value = f"<span style='margin-left:1em'>{html.escape(str(self.tally))}</span>"

    def _build_controls(self) -> None:
        for widget in self._controls():
            widget.close()
        self.card_buttons = {}
        self.choice = None
        self.points_inputs = ()
        kind = self.kind
        rows: list[w.Widget] = []
        if kind == "cards":
            for card in CardSet(self.exercise.position["hand"]):
                button = w.ToggleButton(value=False, description=card_label(card, self.style),
                                        tooltip=card_tooltip(card), layout=card_button_layout())
                button.observe(_mark_toggle, names="value")
                self.card_buttons[card] = button
            rows.append(w.HTML("Mark every card that may be played:"))
            rows.append(w.HBox(list(self.card_buttons.values()), layout=w.Layout(flex_flow="row wrap")))
        if kind.startswith("seat"):
            self.choice = w.ToggleButtons(options=[(f"seat {s}", s) for s in range(4)], value=None,
                                          description="Winner:",
                                          tooltips=[f"seat {s} (team {s % 2})" for s in range(4)])
        elif kind.startswith("team"):
            self.choice = w.ToggleButtons(options=[("team 0", 0), ("team 1", 1), ("nobody", _NOBODY)], value=None,
                                          description="Team:",
                                          tooltips=["seats 0 and 2", "seats 1 and 3", "neither team"])
        if self.choice is not None:
            self.choice.style.button_width = "6em"
            rows.append(self.choice)
        if kind in ("points", "seat+points", "team+points"):
            self.points_inputs = (w.IntText(value=0, description="Points:", layout=w.Layout(width="14em")),)
        elif kind == "points+points":
            self.points_inputs = (
                w.IntText(value=0, description="Team 0:", layout=w.Layout(width="14em")),
                w.IntText(value=0, description="Team 1:", layout=w.Layout(width="14em")),
            )
        if self.points_inputs:
            rows.append(w.HBox(list(self.points_inputs)))
        if not rows:  # a kind this trainer does not know yet: say so instead of failing
            rows.append(w.HTML(message_html(f"This trainer cannot answer exercises of kind {kind!r} yet.", "warn")))
        self.answer_box.children = rows

    def _controls(self) -> list[w.Widget]:
        out: list[w.Widget] = list(self.card_buttons.values())
        if self.choice is not None:
            out.append(self.choice)
        out.extend(self.points_inputs)
        return out

    # ------------------------------------------------------------------ answers
    def response(self) -> Any:
        """The learner's answer as the controls hold it, in the form ``Exercise.check`` takes.

        ``cards``: the :class:`~jasslib.CardSet` of marked cards; ``points``: an int;
        ``seat+points``: ``(seat, points)``; ``team+points``: ``(team, points)``; ``points+points``:
        ``(team 0, team 1)``; ``team``: a team, ``None`` for nobody.  While no seat or team is chosen
        (see :attr:`answered`) the whole response is ``None``.
        """
        kind = self.kind
        if kind == "cards":
            return CardSet(c for c, b in self.card_buttons.items() if b.value)
        points = tuple(int(p.value) for p in self.points_inputs)
        if kind == "points":
            return points[0]
        if kind == "points+points":
            return points
        if not self.answered:
            return None
        who = self._chosen()
        if kind in ("seat+points", "team+points"):
            return (who, points[0])
        if kind == "team":
            return who
        raise ValueError(f"this trainer cannot answer exercises of kind {kind!r}")

    @property
    def answered(self) -> bool:
        """False while the seat or team buttons (if any) have no choice."""
        return self.choice is None or self.choice.value is not None

    def _chosen(self) -> Seat | Team | None:
        value = None if self.choice is None else self.choice.value
        if value is None or value == _NOBODY:
            return None
        return Seat(value) if self.kind.startswith("seat") else Team(value)

    def set_response(self, response: Any) -> None:
        """Fill the controls with ``response`` (same forms as :meth:`response`; ``None`` team = nobody).

        Raises :class:`ValueError` (a :class:`~jasslib.errors.JassError` for cards) when the response
        does not fit the controls, e.g. a card that is not in the hand.
        """
        kind = self.kind
        if kind == "cards":
            marked = CardSet(response)
            missing = marked - CardSet(self.card_buttons)
            if missing:
                raise CardNotInHandError(f"{missing} is not in the hand shown")
            for card, button in self.card_buttons.items():
                button.value = card in marked
            return
        if kind == "points":
            self._set_points((response,))
        elif kind == "points+points":
            self._set_points(tuple(response))
        elif kind in ("seat+points", "team+points"):
            who, points = response
            self._set_choice(who)
            self._set_points((points,))
        elif kind == "team":
            self._set_choice(response)
        else:
            raise ValueError(f"this trainer cannot answer exercises of kind {kind!r}")

    def _set_points(self, values: tuple[Any, ...]) -> None:
        if len(values) != len(self.points_inputs):
            raise ValueError(f"expected {len(self.points_inputs)} numbers, got {len(values)}")
        numbers = []
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"points are whole numbers, got {v!r}")
            numbers.append(int(v))
        for field, v in zip(self.points_inputs, numbers):
            field.value = v

    def _set_choice(self, who: Any) -> None:
        assert self.choice is not None
        if who is None:
            if self.kind.startswith("seat"):
                self.choice.value = None
                return
            self.choice.value = _NOBODY
            return
        if isinstance(who, str) and who.strip().lower() in ("nobody", "none"):
            self.choice.value = _NOBODY if self.kind.startswith("team") else None
            return
        if self.kind.startswith("seat"):
            self.choice.value = int(Seat.parse(who))
        else:
            team = int(who) if isinstance(who, int) else None
            if team not in (0, 1):
                raise CardParseError(f"unknown team {who!r}: teams are 0 and 1, or nobody")
            self.choice.value = team

    # ------------------------------------------------------------------ actions
    def check(self) -> Any:
        """Check the controls' answer with ``Exercise.check``; show and return the Feedback.

        Never raises: a problem is reported in :attr:`feedback` (and ``None`` returned).
        """
        return self._on_check()

    def show_solution(self) -> str | None:
        """Fill in the right answer and show the explanation (with rule ids); returns it."""
        return self._on_solution()

    def new_exercise(self) -> None:
        """Go to the next exercise of the series (number + 1)."""
        self._on_new()

    def use_seed(self, seed: int | str) -> None:
        """Start the series again at exercise 0 with ``seed`` (and show it in the seed field)."""
        self.seed_text.value = str(seed)
        self._on_seed()

    @guarded("feedback")
    def _on_check(self, _button: Any = None) -> Any:
        if not self.answered:
            what = "a seat" if self.kind.startswith("seat") else "a team (or nobody)"
            self.feedback.value = message_html(f"Please choose {what} first.", "warn")
            return None
        fb = self.exercise.check(self.response())
        first = not self._counted
        if first:
            self._counted = True
            self.tally.checked += 1
            if fb.correct and not self._solution_shown:
                self.tally.right += 1
            self._show_tally()
        note = None if first else "Only the first check of an exercise counts in the tally."
        self.feedback.value = feedback_html(fb, note)
        return fb

    @guarded("feedback")
    def _on_solution(self, _button: Any = None) -> str:
        self._solution_shown = True
        text = str(self.exercise.solution())
        try:
            self.set_response(self.exercise.answer)
        except (ValueError, TypeError):
            pass  # the explanation still says it all
        self.feedback.value = ("<div class='jass-solution'><b>Solution.</b> "
                               f"{text_html(text)}</div>")
        return text

    @guarded("feedback")
    def _on_new(self, _button: Any = None) -> None:
        self._go(self.seed, self.number + 1)

    @guarded("feedback")
    def _on_seed(self, _widget: Any = None) -> None:
        self._go(parse_seed(self.seed_text.value), 0)
        self.feedback.value = message_html(f"Seed {self.seed}: the series starts again at exercise 1.")

    def _go(self, seed: int | str, number: int) -> None:
        ex = exercise(self.topic, seed, number, self.ruleset)  # may fail: change nothing then
        self.seed, self.number, self.exercise = seed, number, ex
        self.seed_text.value = str(seed)
        self._show()


def _mark_toggle(change: dict[str, Any]) -> None:
    """A marked card shows a check mark (not only a darker colour)."""
    change["owner"].icon = "check" if change["new"] else ""


def feedback_html(feedback: Any, note: str | None = None) -> str:
    """A Feedback as HTML: its summary, then one ✓/✗ line per item (the exercise's own messages)."""
    ok = bool(feedback.correct)
    head = f"<div><b>{'✓' if ok else '✗'} {text_html(feedback.summary)}</b></div>"
    lines = []
    for item in feedback.items:
        mark = "✓" if item.correct else "✗"
        color = "#1a6b1a" if item.correct else "#a00000"
        lines.append(f"<li style='list-style:none;color:{color}'>{mark} {text_html(item.message)}</li>")
    body = f"<ul style='padding-left:0.5em;margin:0.2em 0'>{''.join(lines)}</ul>" if lines else ""
    tail = f"<div><small>{text_html(note)}</small></div>" if note else ""
    return f"<div class='jass-feedback'>{head}{body}{tail}</div>"


def trainer(topic: str, seed: int | str = 0, number: int = 0, ruleset: Ruleset | str = CLASSIC,
            style: str = "french") -> Trainer:
    """A :class:`Trainer` for ``topic`` (same arguments)."""
    return Trainer(topic, seed=seed, number=number, ruleset=ruleset, style=style)


def _named(topic: str, name: str) -> Any:
    def make(seed: int | str = 0, number: int = 0, ruleset: Ruleset | str = CLASSIC,
             style: str = "french") -> Trainer:
        return Trainer(topic, seed=seed, number=number, ruleset=ruleset, style=style)

    make.__name__ = make.__qualname__ = name
    make.__doc__ = f"A :class:`Trainer` for the ``{topic!r}`` exercises: {get_topic(topic).title}"
    return make


# Shortcuts for the course's topics, as the notebooks call them; trainer(name) serves every registered topic.
legal_cards_trainer = _named("legal", "legal_cards_trainer")
trick_trainer = _named("trick", "trick_trainer")
weis_trainer = _named("weis", "weis_trainer")
contest_trainer = _named("contest", "contest_trainer")
stoeck_trainer = _named("stoeck", "stoeck_trainer")
score_trainer = _named("score", "score_trainer")
claim_trainer = _named("claim", "claim_trainer")
