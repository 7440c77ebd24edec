"""Exercise trainers: one widget for every topic of :mod:`jasslib.exercises`.

A :class:`Trainer` shows one exercise (title, prompt, position), the controls its ``kind`` asks
for, and the buttons **Check**, **Hint**, **Show solution** and **New exercise**, a seed field (a
teacher gives the class one seed, and everybody sees the same series), a level menu and a running
tally.  It never judges an answer itself: **Check** passes the response to ``Exercise.check`` and
shows the :class:`~jasslib.exercises.Feedback`, one ✓/✗ line per item with the rule id; **Hint**
shows ``Exercise.hint`` (the deciding rule, never the answer).

Levels: by default a trainer draws from every teaching case of its topic (the series a worksheet of
the same seed prints).  Started at a level (``Trainer("legal", level=1)``, or by choosing one in the
menu) it moves up a level after :data:`RUN_UP` answers in a row right at the first check without a
hint, and back after :data:`RUN_DOWN` misses in a row; the series stays reproducible, since exercise
``n`` at level ``k`` is ``exercise(topic, seed, n, level=k)``.

:func:`review_trainer` mixes the topics met so far, and :func:`final_check` is a check of about twenty
mixed items that ends with a table of the rules answered right and wrong.

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from .. import _check
from ..cards import Card, CardSet, restyle
from ..errors import ArgumentError, CardNotInHandError, CardParseError, JassError, excerpt
from ..exercises import Exercise, Feedback, exercise, get_topic
from ..exercises.review import (
    FINAL_CHECK_COUNT,
    RuleScore,
    final_check_exercises,
    mixed_exercise,
    rules_judged,
    score_by_rule,
    topic_list,
)
from ..exercises.series import MAX_COUNT, MAX_NUMBER
from ..progress import ProgressSpec, save_attempt, trainer_progress
from ..rulesets import CLASSIC, Ruleset
from ..seats import Seat, Team
from ._common import (
    CardLook,
    CardPicture,
    InputError,
    card_pictures_row,
    check_style,
    close_all,
    guarded,
    message_html,
    text_html,
)

__all__ = [
    "Trainer",
    "ReviewTrainer",
    "FinalCheck",
    "Tally",
    "Attempt",
    "RUN_UP",
    "RUN_DOWN",
    "trainer",
    "review_trainer",
    "final_check",
    "deal_trainer",
    "contract_trainer",
    "announce_trainer",
    "stoeck_timing_trainer",
    "claim_check_trainer",
    "revoke_trainer",
    "schneider_trainer",
    "play_trainer",
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
_MAX_SEED_LENGTH = _check.MAX_SEED_TEXT
_MIXED = 0
"""The level menu's value for "every case" (no level)."""

RUN_UP = 3
"""Answers in a row right at the first check, without a hint, that move a trainer up a level."""

RUN_DOWN = 2
"""Misses in a row that move a trainer back a level."""


def parse_seed(text: str | int) -> int | str:
    """A seed from the seed field: a whole number if the text is one, else the text itself.

    >>> parse_seed(" 42 "), parse_seed("class 3b"), parse_seed(7)
    (42, 'class 3b', 7)
    >>> parse_seed("  ")
    Traceback (most recent call last):
    ...
    jasslib.widgets._common.InputError: Please type a seed: a number or a word.
    """
    if not isinstance(text, str):
        checked = _check.seed(text)  # a whole number (not True, not a Seat), else a CardParseError
        if checked is None:
            raise InputError("Please type a seed: a number or a word.")
        return checked
    s = text.strip()
    if not s:
        raise InputError("Please type a seed: a number or a word.")
    if len(s) > _MAX_SEED_LENGTH:
        raise InputError(f"Please type a shorter seed (at most {_MAX_SEED_LENGTH} characters).")
    try:
        _check.seed(s)
    except JassError:
        raise InputError("Please type the seed in plain letters and digits.") from None
    digits = s[1:] if s[:1] in "+-" else s
    return int(s) if digits.isascii() and digits.isdigit() and len(digits) <= 70 else s


@dataclass(frozen=True)
class Attempt:
    """One checked exercise: where it came from, whether it was right, whether a hint or the solution
    was seen before the check, and the rule ids answered right and wrong
    (:func:`jasslib.exercises.rules_judged`)."""

    topic: str
    seed: int | str
    number: int
    level: int | None
    case: str
    correct: bool
    hint: bool
    solution: bool
    right_rules: tuple[str, ...]
    wrong_rules: tuple[str, ...]


@dataclass
class Tally:
    """How many exercises were checked, how many of those were right, and how many after a hint.

    Each exercise counts once, at its first **Check**; an exercise whose solution was shown first
    counts as checked but not right; one answered right after a hint counts as right and in
    :attr:`hints`.  :attr:`records` holds one :class:`Attempt` per checked exercise.

    >>> str(Tally(3, 5)), str(Tally(3, 5, hints=1))
    ('3 right of 5 checked', '3 right of 5 checked, 1 with a hint')
    """

    right: int = 0
    checked: int = 0
    hints: int = 0
    records: list[Attempt] = field(default_factory=list, compare=False, repr=False)

    def __str__(self) -> str:
        text = f"{self.right} right of {self.checked} checked"
        return text + (f", {self.hints} with a hint" if self.hints else "")


class Trainer:
    """An interactive exercise series for one topic: ``Trainer("legal", seed=0)``.

    ``topic`` is any registered topic (:func:`jasslib.exercises.topics`: the course's
    :data:`~jasslib.exercises.TOPICS` and any added with :func:`~jasslib.exercises.register`); its title,
    answer kind and position drawing come from its :class:`~jasslib.exercises.Topic` record.
    ``(topic, seed, number, ruleset)`` fixes the exercise, so two trainers with the same seed show the same
    series.  ``style`` is ``"french"`` (suit symbols, the default) or ``"swiss"`` (Swiss-German names).

    ``level`` (1 = easiest, up to the topic's :attr:`~jasslib.exercises.Topic.level_count`) starts the
    trainer at that level and lets it move up and down (see the module); ``None`` (the default) draws
    every case, as worksheets do.

    ``progress``: where each first check is recorded (:mod:`jasslib.progress`): a
    :class:`~jasslib.progress.Progress`, a file path, True (the learner's default file) or False (nowhere);
    the default None records to the default file in a notebook and nowhere in plain Python.

    Public widgets: :attr:`ui` (the whole trainer), :attr:`check_button`, :attr:`hint_button`,
    :attr:`solution_button`, :attr:`new_button`, :attr:`seed_text`, :attr:`seed_button`,
    :attr:`level_menu`, :attr:`feedback`; the answer controls :attr:`card_buttons` (kind ``cards``; kind
    ``choice``: the cards that may be played, one to pick), :attr:`option_buttons` (kind ``choice`` in words),
    :attr:`choice` (the seat or team buttons) and :attr:`points_inputs` (the number fields).
    """

    def __init__(
        self,
        topic: str,
        seed: int | str = 0,
        number: int = 0,
        ruleset: Ruleset | str = CLASSIC,
        style: str = "french",
        level: int | None = None,
        progress: ProgressSpec = None,
    ) -> None:
        record = get_topic(topic)  # a ValueError naming the topics
        if level is not None:
            record.level_cases(level)  # a ValueError for a level the topic lacks
        self.progress = trainer_progress(progress)  # where each check is recorded (jasslib.progress), or None
        self.topic = topic
        self.heading = record.title
        self.level_count = record.level_count
        self.level = level
        self._build(seed, number, ruleset, style)

    def _build(self, seed: int | str, number: int, ruleset: Ruleset | str, style: str) -> None:
        """Everything but the topic: the widgets, the tally and the first exercise."""
        number = _check.whole(number, "number (the exercise's 0-based index in the series)", high=MAX_NUMBER)
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset.get(ruleset)
        self.style = check_style(style)
        self.seed = parse_seed(seed)  # a number or a text (the seed field's text is parsed), checked
        self.number = number
        self.tally = Tally()
        self._counted = False  # the current exercise already counts in the tally
        self._solution_shown = False
        self._hint_used = False
        self._run_right = 0  # answers in a row right at the first check without a hint (levels)
        self._run_wrong = 0  # misses in a row (levels)
        self._syncing = False  # the level menu is being set by the trainer, not by the learner
        self.card_buttons: dict[Card, CardPicture] = {}
        self.choice: w.ToggleButtons | None = None
        self.option_buttons: w.ToggleButtons | None = None
        self.points_inputs: tuple[w.Text, ...] = ()

        self.title = w.HTML()
        self.prompt = w.HTML()
        self.position = w.HTML()
        self.answer_box = w.VBox()
        self.check_button = w.Button(description="Check", button_style="primary", icon="check",
                                     tooltip="Check your answer")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o",
                                    tooltip="A hint: the rule that decides, not the answer")
        self.solution_button = w.Button(description="Show solution", icon="eye",
                                        tooltip="Show the right answer and why")
        self.new_button = w.Button(description="New exercise", icon="forward", tooltip="The next exercise")
        self.seed_text = w.Text(value=str(self.seed), description="Seed:", layout=w.Layout(width="16em"),
                                tooltip="Everybody with the same seed gets the same exercises")
        self.seed_button = w.Button(description="Use seed", icon="refresh",
                                    tooltip="Start the series again at its first exercise with this seed")
        levels = [("every case, mixed", _MIXED)]
        if self.level_count > 1:  # a topic of one level (or a review) has nothing to choose
            levels += [(f"level {k} of {self.level_count}", k) for k in range(1, self.level_count + 1)]
        chosen = self.level if self.level_count > 1 and self.level else _MIXED
        self.level_menu = w.Dropdown(options=levels, value=chosen, description="Level:",
                                     layout=w.Layout(width=menu_width([label for label, _ in levels], "Level:"),
                                                     flex="0 0 auto"),
                                     style={"description_width": "initial"},
                                     tooltip="Start at a level: the trainer moves up after a run of right answers")
        if self.level_count < 2:
            self.level_menu.layout.display = "none"
        self.tally_html = w.HTML()
        self.feedback = w.HTML()
        self.check_button.on_click(self._on_check)
        self.hint_button.on_click(self._on_hint)
        self.solution_button.on_click(self._on_solution)
        self.new_button.on_click(self._on_new)
        self.seed_button.on_click(self._on_seed)
        self.level_menu.observe(self._on_level, names="value")
        self.ui = w.VBox(
            [
                self.title,
                self.prompt,
                self.position,
                self.answer_box,
                w.HBox([self.check_button, self.hint_button, self.solution_button, self.new_button]),
                w.HBox([self.seed_text, self.seed_button, self.level_menu, self.tally_html],
                       layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self.feedback,
            ],
            layout=w.Layout(border="1px solid #ccc", padding="6px"),
        )
        self.ui.add_class("jass-trainer")
        self.title.add_class("jass-trainer-title")
        self.feedback.add_class("jass-feedback")
        self.exercise = self._make(self.seed, self.number)
        self._show()

    # ------------------------------------------------------------------ where exercises come from
    def _make(self, seed: int | str, number: int) -> Exercise:
        """Exercise ``number`` of the series ``seed`` at the current level (may raise: nothing changes then)."""
        return exercise(self.topic, seed, number, self.ruleset, self.level)

    def _heading(self, ex: Exercise) -> str:
        """The heading above ``ex``."""
        return self.heading

    def _level_words(self) -> str:
        if self.level_count < 2:
            return ""
        return ", every case" if self.level is None else f", level {self.level} of {self.level_count}"

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.topic!r} seed={self.seed!r} number={self.number} "
                f"ruleset={self.ruleset.name!r} level={self.level!r} {self.tally}>")

    @property
    def kind(self) -> str:
        """How the current exercise is answered (``cards``, ``seat+points`` ...)."""
        return str(self.exercise.kind)

    def _show(self) -> None:
        """Show :attr:`exercise`: title, prompt, position and fresh answer controls."""
        ex = self.exercise
        self.title.value = (f"<h3 style='margin:0.2em 0'>{html.escape(self._heading(ex))} — "
                            f"{html.escape(self._numbered(ex))}</h3>"
                            f"<small>topic {html.escape(ex.topic)}, seed {html.escape(str(ex.seed))}, "
                            f"exercise {self.number + 1}, {html.escape(self.ruleset.name)} rules"
                            f"{html.escape(self._level_words())}</small>")
        self.prompt.value = f"<p><b>{text_html(ex.prompt_text(self.style))}</b></p>"
        self.position.value = self._position_html(ex)
        self._build_controls()
        self._counted = False
        self._solution_shown = False
        self._hint_used = False
        self._checked_html = ""  # the last check's feedback, kept when a hint is shown after it
        self.feedback.value = ""
        self._show_tally()

    def _position_html(self, ex: Exercise) -> str:
        """The position; for the kinds ``cards`` and ``choice`` without the hand, which the cards to click show."""
        sheet_html = get_topic(ex.topic).sheet_html
        if ex.kind in ("cards", "choice") and sheet_html is not None:
            return sheet_html(ex, self.style)
        return ex.position_html(self.style)

    def _numbered(self, ex: Exercise) -> str:
        """``'Exercise 3'``: the exercise's place in what the learner works through."""
        return f"Exercise {self.number + 1}"

    def _show_tally(self) -> None:
        self.tally_html.value = f"<span style='margin-left:1em'>{html.escape(str(self.tally))}</span>"

    def _build_controls(self) -> None:
        for row in self.answer_box.children:
            close_all(row)
        self.card_buttons = {}
        self.choice = None
        self.option_buttons = None
        self.points_inputs = ()
        kind = self.kind
        rows: list[w.Widget] = []
        if kind == "choice":
            rows += self._option_controls()
        if kind == "cards":
            look = CardLook()  # one look for the row: building widgets is what a new exercise costs
            for card in CardSet(self.exercise.position["hand"]):
                self.card_buttons[card] = CardPicture(card, self.style, look, toggle=True)
            seat = self.exercise.position.get("seat")
            whose = "Your hand" if seat is None else f"Seat {int(seat)}'s hand"
            rows.append(w.HTML(f"<b>{html.escape(whose)}</b>: click every card that may be played "
                               "(click again to take the mark back)."))
            rows.append(card_pictures_row(self.card_buttons.values()))
        if kind.startswith("seat"):
            self.choice = w.ToggleButtons(options=[(f"seat {s}", s) for s in range(4)], value=None,
                                          description="Winner:" if kind == "seat+points" else "Seat:",
                                          tooltips=[f"seat {s} (team {s % 2})" for s in range(4)])
        elif kind.startswith("team"):
            self.choice = w.ToggleButtons(options=[("team 0", 0), ("team 1", 1), ("nobody", _NOBODY)], value=None,
                                          description="Team:",
                                          tooltips=["seats 0 and 2", "seats 1 and 3", "neither team"])
        if self.choice is not None:
            self.choice.style.button_width = "6em"
            rows.append(self.choice)
        if kind in ("points", "seat+points", "team+points"):
            self.points_inputs = (_number_field("Points"),)
        elif kind == "number":
            self.points_inputs = (_number_field(get_topic(self.exercise.topic).answer_label),)
        elif kind == "points+points":
            self.points_inputs = (_number_field("Team 0"), _number_field("Team 1"))
        if self.points_inputs:
            rows.append(w.HBox(list(self.points_inputs)))
        if not rows:  # a kind this trainer does not know yet: say so instead of failing
            rows.append(w.HTML(message_html(f"This trainer cannot answer exercises of kind {kind!r} yet.", "warn")))
        self.answer_box.children = rows

    def _option_controls(self) -> list[w.Widget]:
        """Kind ``choice``: the legal cards to click, one at a time (the others dimmed), or a button per option."""
        options = tuple(self.exercise.position["options"])
        if options and all(isinstance(o, Card) for o in options):
            look = CardLook()
            pictures = []
            for card in CardSet(self.exercise.position["hand"]):
                legal = card in options
                picture = CardPicture(card, self.style, look, toggle=legal, dim=not legal)
                if legal:
                    self.card_buttons[card] = picture
                    picture.observe(self._one_card, names="value")
                pictures.append(picture)
            seat = int(self.exercise.position["seat"])
            words = (f"<b>Seat {seat}'s hand</b>: click the card you would play (the dimmed ones may not be "
                     "played).")
            return [w.HTML(words), card_pictures_row(pictures)]
        self.option_buttons = w.ToggleButtons(options=[(restyle(str(o), self.style), o) for o in options],
                                              value=None, description="Your call:",
                                              style={"description_width": "initial"})
        return [self.option_buttons]

    def _one_card(self, change: Any) -> None:
        """A card marked unmarks the others: the answer of a ``choice`` is one card."""
        if change.get("new"):
            for button in self.card_buttons.values():
                if button is not change.get("owner") and button.value:
                    button.value = False

    # ------------------------------------------------------------------ answers
    def response(self) -> Any:
        """The learner's answer as the controls hold it, in the form ``Exercise.check`` takes.

        ``cards``: the :class:`~jasslib.CardSet` of marked cards; ``points`` and ``number``: an int;
        ``seat+points``: ``(seat, points)``; ``team+points``: ``(team, points)``; ``points+points``:
        ``(team 0, team 1)``; ``team``: a team, ``None`` for nobody; ``seat``: a seat; ``choice``: the card
        picked (or the option chosen, such as ``"schieben"``).  While the answer is
        not complete (see :attr:`answered`: no card marked, no seat or team chosen, a number field empty or
        not a whole number) the whole response is ``None``.
        """
        kind = self.kind
        if not self.answered:
            return None
        if kind == "cards":
            return CardSet(c for c, b in self.card_buttons.items() if b.value)
        if kind == "choice":
            if self.option_buttons is not None:
                return self.option_buttons.value
            return next(c for c, b in self.card_buttons.items() if b.value)
        points = tuple(_whole_number(p.value) for p in self.points_inputs)
        if kind in ("points", "number"):
            return points[0]
        if kind == "points+points":
            return points
        who = self._chosen()
        if kind in ("seat+points", "team+points"):
            return (who, points[0])
        if kind in ("team", "seat"):
            return who
        raise ArgumentError(f"this trainer cannot answer exercises of kind {excerpt(kind)}")

    @property
    def answered(self) -> bool:
        """True once every control holds an answer: a card marked, a seat or team chosen, whole numbers typed."""
        return self._missing() is None

    def _missing(self) -> str | None:
        """What the learner still has to give, as a request; None when the answer is complete."""
        if self.kind == "cards" and not any(b.value for b in self.card_buttons.values()):
            return "Please click the cards that may be played first (a card you click is raised and outlined)."
        if self.kind == "choice":
            if self.option_buttons is not None and self.option_buttons.value is None:
                return "Please choose one of the options first."
            if self.option_buttons is None and not any(b.value for b in self.card_buttons.values()):
                return "Please click the card you would play first (a card you click is raised and outlined)."
        if self.choice is not None and self.choice.value is None:
            return f"Please choose {'a seat' if self.kind.startswith('seat') else 'a team (or nobody)'} first."
        for box in self.points_inputs:
            name = str(box.description).rstrip(":")
            text = str(box.value).strip()
            if not text:
                return f"Please type {name} first: a whole number (0 counts too)."
            if _whole_number(text) is None:
                return f"Please type a whole number for {name}, such as 20 (you typed {text[:20]!r})."
        return None

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
        if kind == "choice":
            self._set_option(response)
            return
        if kind in ("points", "number"):
            self._set_points((response,))
        elif kind == "points+points":
            self._set_points(tuple(response))
        elif kind in ("seat+points", "team+points"):
            who, points = response
            self._set_choice(who)
            self._set_points((points,))
        elif kind in ("team", "seat"):
            self._set_choice(response)
        else:
            raise ArgumentError(f"this trainer cannot answer exercises of kind {excerpt(kind)}")

    def _set_option(self, response: Any) -> None:
        options = tuple(self.exercise.position["options"])
        if self.option_buttons is not None:
            if response not in options:
                raise ArgumentError(f"{excerpt(response)} is not one of the options ({', '.join(map(str, options))})")
            self.option_buttons.value = response
            return
        card = Card.parse(response)
        if card not in self.card_buttons:
            raise CardNotInHandError(f"{card} is not one of the cards that may be played here")
        for other, button in self.card_buttons.items():
            button.value = other == card

    def _set_points(self, values: tuple[Any, ...]) -> None:
        if len(values) != len(self.points_inputs):
            raise ArgumentError(f"expected {len(self.points_inputs)} numbers, got {len(values)}")
        numbers = []
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int):
                raise ArgumentError(f"points are whole numbers, got {excerpt(v)}")
            numbers.append(int(v))
        for box, v in zip(self.points_inputs, numbers):
            box.value = str(v)

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

    def show_hint(self) -> str | None:
        """Show the exercise's hint (the deciding rule, never the answer); returns it.

        A hint seen before the first check is noted in the tally (:attr:`Tally.hints`) and keeps the
        answer from counting towards the next level.
        """
        return self._on_hint()

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

    def use_level(self, level: int | None) -> None:
        """Go on at ``level`` (None: every case) with the next exercise, as choosing it in the menu does."""
        self.level_menu.value = _MIXED if level is None else level

    @guarded("feedback")
    def _on_check(self, _button: Any = None) -> Any:
        missing = self._missing()
        if missing is not None:  # nothing to judge yet: refused, and not counted in the tally
            self.feedback.value = message_html(missing, "warn")
            return None
        ex = self.exercise
        fb = ex.check(self.response())
        if self.style != "french":  # the feedback's words name the cards as the faces shown do
            fb = fb.restyled(self.style)
        first = not self._counted
        note = None if first else "Only the first check of an exercise counts in the tally."
        if first:
            self._counted = True
            right = fb.correct and not self._solution_shown
            self.tally.checked += 1
            self.tally.right += right
            self.tally.hints += self._hint_used
            good, bad = rules_judged(ex, fb if not self._solution_shown else None)
            self.tally.records.append(Attempt(ex.topic, ex.seed, ex.number, ex.level, ex.case, right,
                                              self._hint_used, self._solution_shown, good, bad))
            note = self._adapt(right and not self._hint_used, not right)
            self._show_tally()
            unsaved = save_attempt(self.progress, self.tally.records[-1], self.level)  # None when saved
            note = " ".join(n for n in (note, unsaved) if n) or None
        self._checked_html = feedback_html(fb, note)
        self.feedback.value = self._checked_html
        self._after_check(fb)
        return fb

    def _after_check(self, feedback: Feedback) -> None:
        """What follows a check besides the feedback (the final check keeps the answer)."""

    def _adapt(self, clean: bool, miss: bool) -> str | None:
        """Count runs of right and wrong answers and move the level; a note for the learner, or None."""
        if self.level is None:
            return None
        if clean:
            self._run_right, self._run_wrong = self._run_right + 1, 0
        elif miss:
            self._run_right, self._run_wrong = 0, self._run_wrong + 1
        else:  # right after a hint: neither a miss nor a clean answer
            self._run_right = self._run_wrong = 0
        move = 0
        if self._run_right >= RUN_UP and self.level < self.level_count:
            move = 1
        elif self._run_wrong >= RUN_DOWN and self.level > 1:
            move = -1
        if not move:
            return None
        self._run_right = self._run_wrong = 0
        self.level += move
        self._syncing = True
        try:
            self.level_menu.value = self.level
        finally:
            self._syncing = False
        if move > 0:
            return (f"{RUN_UP} right at the first try in a row: the next exercise is at level {self.level} of "
                    f"{self.level_count}.")
        return f"{RUN_DOWN} misses in a row: the next exercise is back at level {self.level}."

    @guarded("feedback")
    def _on_hint(self, _button: Any = None) -> str:
        text = self.exercise.hint(self.style)
        if not self._counted:
            self._hint_used = True
        # after a check the ✓/✗ lines stay: the hint is added below them, not in their place
        self.feedback.value = self._checked_html + f"<div class='jass-hint'><b>Hint:</b> {text_html(text)}</div>"
        return text

    @guarded("feedback")
    def _on_level(self, change: Any = None) -> None:
        if self._syncing:
            return
        value = self.level_menu.value
        level = None if value == _MIXED else int(value)
        before = self.level
        self.level = level
        try:
            self._go(self.seed, self.number + 1)
        except Exception:
            self.level = before  # the exercise could not be made: change nothing
            raise
        self._run_right = self._run_wrong = 0
        words = "every case, mixed" if level is None else f"level {level} of {self.level_count}"
        self.feedback.value = message_html(f"Now at {words}.")

    @guarded("feedback")
    def _on_solution(self, _button: Any = None) -> str:
        self._solution_shown = True
        text = str(self.exercise.solution(self.style))
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
        ex = self._make(seed, number)  # may fail: change nothing then
        self.seed, self.number, self.exercise = seed, number, ex
        self.seed_text.value = str(seed)
        self._show()


MENU_CHAR_EM = 0.62
"""The width of a character of a menu's text in em, taken generously (a lower-case letter is about 0.5 em)."""

MENU_ARROW_EM = 3.0
"""The room a drop-down menu takes besides its text: the arrow, the padding, the gap after its label."""


def menu_width(labels: Sequence[str], description: str = "") -> str:
    """A CSS width for a drop-down menu that shows its longest label and its description uncut.

    >>> menu_width(["every case, mixed", "level 1 of 3"], "Level:")
    '17.3em'
    """
    chars = max((len(label) for label in labels), default=0) + len(description)
    return f"{round(chars * MENU_CHAR_EM + MENU_ARROW_EM, 1)}em"


def _number_field(name: str) -> w.Text:
    """An empty field for a whole number: an untouched field is no answer (a 0 there would be one)."""
    return w.Text(value="", description=f"{name}:", placeholder="a whole number", layout=w.Layout(width="14em"))


def _whole_number(text: Any) -> int | None:
    """The whole number typed in a field ("20", " -5 ", "+3"), or None when it is not one.

    >>> _whole_number(" 20 "), _whole_number("-5"), _whole_number("2.5"), _whole_number("")
    (20, -5, None, None)
    """
    s = str(text).strip()
    digits = s[1:] if s[:1] in "+-" else s
    if not digits or len(s) > 30 or not (digits.isascii() and digits.isdigit()):
        return None
    return int(s)


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
            style: str = "french", level: int | None = None, progress: ProgressSpec = None) -> Trainer:
    """A :class:`Trainer` for ``topic`` (same arguments)."""
    return Trainer(topic, seed=seed, number=number, ruleset=ruleset, style=style, level=level, progress=progress)


def _named(topic: str, name: str) -> Any:
    def make(seed: int | str = 0, number: int = 0, ruleset: Ruleset | str = CLASSIC,
             style: str = "french", level: int | None = None, progress: ProgressSpec = None) -> Trainer:
        return Trainer(topic, seed=seed, number=number, ruleset=ruleset, style=style, level=level, progress=progress)

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
deal_trainer = _named("deal", "deal_trainer")
contract_trainer = _named("contract", "contract_trainer")
announce_trainer = _named("announce", "announce_trainer")
stoeck_timing_trainer = _named("stoeck_timing", "stoeck_timing_trainer")
claim_check_trainer = _named("claim_check", "claim_check_trainer")
revoke_trainer = _named("revoke", "revoke_trainer")
schneider_trainer = _named("schneider", "schneider_trainer")
play_trainer = _named("play", "play_trainer")


# ---------------------------------------------------------------------------------------------
# Mixed review and the final check


class ReviewTrainer(Trainer):
    """A trainer over several topics: each exercise's topic is drawn from the seed.

    ``topics`` is a list of topic names, the name of the last topic met (every topic up to it in course
    order), or None for all.  Exercise ``n`` is :func:`jasslib.exercises.mixed_exercise` ``(seed, n,
    topics)``: the same seed gives the same mixed series.

    >>> t = review_trainer("trick", seed="class 3b")
    >>> t.topics, t.exercise.topic in t.topics
    (('deal', 'contract', 'legal', 'trick'), True)
    """

    def __init__(
        self,
        topics: str | Sequence[str] | None = None,
        seed: int | str = 0,
        number: int = 0,
        ruleset: Ruleset | str = CLASSIC,
        style: str = "french",
        progress: ProgressSpec = None,
    ) -> None:
        self.progress = trainer_progress(progress)
        self.topics = topic_list(topics)
        self.topic = "review"
        self.heading = "Mixed review"
        self.level_count = 1
        self.level = None
        self._build(seed, number, ruleset, style)

    def _make(self, seed: int | str, number: int) -> Exercise:
        return mixed_exercise(seed, number, self.topics, self.ruleset)

    def _heading(self, ex: Exercise) -> str:
        return f"Mixed review: {get_topic(ex.topic).title}"


class FinalCheck(Trainer):
    """A final check: ``count`` mixed items (:func:`jasslib.exercises.final_check_exercises`), one after
    the other, ending with a table of the rules answered right and wrong (:meth:`results`).

    Each item counts at its first **Check**; an item skipped, or whose solution was shown before the
    check, counts as wrong on every rule it tests.  There are no hints in a check.  After the last item
    (its check, or **See your results**) the table is shown in :attr:`report`.  A new seed starts a new
    check.

    >>> fc = final_check(seed="class 3b", count=2)
    >>> fc.set_response(fc.exercise.answer)
    >>> fc.check_button.click()
    >>> fc.new_button.click()
    >>> fc.new_button.description
    'See your results'
    >>> fc.new_button.click()
    >>> fc.finished, "Rules to practise again" in fc.report.value
    (True, True)
    """

    def __init__(
        self,
        seed: int | str = 0,
        topics: str | Sequence[str] | None = None,
        count: int = FINAL_CHECK_COUNT,
        ruleset: Ruleset | str = CLASSIC,
        style: str = "french",
        progress: ProgressSpec = None,
    ) -> None:
        count = _check.whole(count, "count", low=1, high=MAX_COUNT)
        self.progress = trainer_progress(progress)
        self.topics = topic_list(topics)
        self.count = count
        self.topic = "final"
        self.heading = "Final check"
        self.level_count = 1
        self.level = None
        self.items: list[Exercise] = []
        self.answers: dict[int, Feedback | None] = {}
        self.finished = False
        self._items_for: tuple[Any, ...] | None = None
        self.report = w.HTML()
        self._build(seed, 0, ruleset, style)
        self.hint_button.layout.display = "none"
        self.report.add_class("jass-final-report")
        self.ui.children = (*self.ui.children, self.report)
        self._label_next()

    def _make(self, seed: int | str, number: int) -> Exercise:
        key = (seed, self.ruleset.name)
        if self._items_for != key:
            items = final_check_exercises(seed, self.topics, self.count, self.ruleset)
            self.items, self._items_for = items, key
        return self.items[number]

    def _numbered(self, ex: Exercise) -> str:
        return f"Question {self.number + 1} of {self.count}"

    def _heading(self, ex: Exercise) -> str:
        return f"Final check: {get_topic(ex.topic).title}"

    def _label_next(self) -> None:
        last = self.number == self.count - 1
        self.new_button.description = "See your results" if last else "Next question"

    def _show(self) -> None:
        super()._show()
        self._label_next()

    def _after_check(self, feedback: Feedback) -> None:
        if self.number not in self.answers:
            self.answers[self.number] = None if self._solution_shown else feedback
        if self.number == self.count - 1:
            self._finish()

    @guarded("feedback")
    def _on_hint(self, _button: Any = None) -> str:
        self.feedback.value = message_html("There are no hints in the final check: answer as well as you can.")
        return ""

    @guarded("feedback")
    def _on_new(self, _button: Any = None) -> None:
        if self.number >= self.count - 1:
            self._finish()
            return
        self._go(self.seed, self.number + 1)

    @guarded("feedback")
    def _on_seed(self, _widget: Any = None) -> None:
        seed = parse_seed(self.seed_text.value)
        self._go(seed, 0)
        self.tally = Tally()
        self.answers = {}
        self.finished = False
        self.report.value = ""
        self._show_tally()
        self.feedback.value = message_html(f"Seed {self.seed}: a new final check of {self.count} questions.")

    def results(self) -> list[RuleScore]:
        """Per rule id, how many items answered it right and wrong (unanswered items count as wrong)."""
        return score_by_rule((ex, self.answers.get(i)) for i, ex in enumerate(self.items))

    def _finish(self) -> None:
        self.finished = True
        right = sum(1 for fb in self.answers.values() if fb is not None and fb.correct)
        self.report.value = final_report_html(self.results(), right, self.count)


def final_report_html(scores: Sequence[RuleScore], right: int, count: int) -> str:
    """The end of a final check: the score, then one row per rule with ✓/✗ counts and what to practise."""
    rows = []
    for s in scores:
        verdict = "practise again" if s.wrong else "sure"
        mark = "✗" if s.wrong else "✓"
        title = f" {html.escape(s.title)}" if s.title else ""
        rows.append(f"<tr><td><b>{html.escape(s.rule)}</b>{title}</td><td style='text-align:right'>{s.right}</td>"
                    f"<td style='text-align:right'>{s.wrong}</td><td>{mark} {verdict}</td></tr>")
    weak = [s.rule for s in scores if s.wrong]
    advice = (f"Rules to practise again: {', '.join(weak)}." if weak
              else "Rules to practise again: none. Every rule was answered right.")
    head = "".join(f"<th>{h}</th>" for h in ("Rule", "right", "wrong", ""))
    return (f"<div class='jass-final-report'><h4 style='margin:0.3em 0'>Your result: {right} of {count} right"
            f"</h4><table class='jass-table'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<p>{html.escape(advice)}</p></div>")


def review_trainer(topics: str | Sequence[str] | None = None, seed: int | str = 0, number: int = 0,
                   ruleset: Ruleset | str = CLASSIC, style: str = "french",
                   progress: ProgressSpec = None) -> ReviewTrainer:
    """A :class:`ReviewTrainer`: mixed exercises over ``topics`` (a list, the last topic met, or None for all)."""
    return ReviewTrainer(topics, seed=seed, number=number, ruleset=ruleset, style=style, progress=progress)


def final_check(seed: int | str = 0, topics: str | Sequence[str] | None = None, count: int = FINAL_CHECK_COUNT,
                ruleset: Ruleset | str = CLASSIC, style: str = "french",
                progress: ProgressSpec = None) -> FinalCheck:
    """A :class:`FinalCheck` of ``count`` mixed items over ``topics`` (all by default), seeded."""
    return FinalCheck(seed, topics=topics, count=count, ruleset=ruleset, style=style, progress=progress)
