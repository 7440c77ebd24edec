"""Every trainer on one page: one section per topic of the exercises registry, then the final check.

The app's page of trainers (``app/trainers.ipynb``) shows :func:`trainers_page`: a heading and a
:class:`~jasslib.widgets.Trainer` for every topic :func:`jasslib.exercises.topics` lists, in course order (a
new topic in the registry is on the page with nothing else to change), then the final check.  Each heading
carries an anchor, :func:`trainer_anchor` (``trainer-legal``, ``final-check``), so that a link can lead
to the trainer: the progress panel's "next" suggestion links to :func:`trainer_link` of the topic it
names.

The headings are shown as plain HTML output, not as widgets, so they are in the page as soon as it is
loaded (Voilà renders them with the notebook) and a link's ``#anchor`` finds them.

>>> page = trainers_page(seed=1, progress=False)
>>> [s.topic for s in page.sections][:3], len(page.sections)  # 15 topics and the final check
(['deal', 'contract', 'legal'], 16)
>>> page.sections[2].anchor, trainer_link("legal")
('trainer-legal', '../app/trainers.ipynb#trainer-legal')
>>> 'id="trainer-legal"' in page.sections[2].heading_html
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _check
from ..errors import ArgumentError, excerpt
from ..exercises import get_topic, topics
from ..progress import ProgressSpec, trainer_progress
from ..rulesets import CLASSIC, Ruleset
from ._common import text_html
from .trainer import FinalCheck, Trainer

__all__ = ["TRAINERS_PAGE", "FINAL_CHECK_ANCHOR", "TrainerSection", "TrainersPage", "trainer_anchor",
           "trainer_link", "trainers_page"]

TRAINERS_PAGE = "../app/trainers.ipynb"
"""The app's page of trainers, relative to a notebook of the course or of the app (both folders sit side by
side, so the same link works from ``notebooks/`` and from ``app/``, in JupyterLab and in Voilà)."""

FINAL_CHECK_ANCHOR = "final-check"
"""The anchor of the final check's section (where the panel points once every topic is secure)."""


def trainer_anchor(topic: str | None) -> str:
    """The anchor of ``topic``'s section on the page of trainers; None: the final check's.

    >>> trainer_anchor("stoeck_timing"), trainer_anchor(None)
    ('trainer-stoeck_timing', 'final-check')
    """
    if topic is None:
        return FINAL_CHECK_ANCHOR
    return "trainer-" + re.sub(r"[^A-Za-z0-9_-]", "-", topic)


def trainer_link(topic: str | None, page: str = TRAINERS_PAGE) -> str:
    """The link to ``topic``'s trainer (None: the final check) on the page of trainers ``page``."""
    return f"{page}#{trainer_anchor(topic)}"


@dataclass(frozen=True)
class TrainerSection:
    """One section of the page: the topic (None for the final check), its anchor, the heading (HTML, with the
    anchor as its id) and the trainer."""

    topic: str | None
    anchor: str
    heading_html: str
    trainer: Trainer


def _heading(number: int, title: str, rules: Sequence[str], anchor: str) -> str:
    cited = f" <small>({text_html(', '.join(rules))})</small>" if rules else ""
    return f'<h2 id="{anchor}" class="jass-trainer-heading">{number} · {text_html(title)}{cited}</h2>'


class TrainersPage:
    """A trainer for every registered topic (``topics``: some of them, by name; one name for one topic), each
    under a heading with its anchor, then the final check (``final_check=False``: without it).

    ``seed``, ``ruleset``, ``style`` and ``progress`` are passed to every trainer (one progress store for
    all).  :attr:`sections` lists the sections in order; shown as a cell's result, the page displays each
    heading as HTML and each trainer as its widget.
    """

    def __init__(self, seed: int | str = 1, ruleset: Ruleset | str = CLASSIC, style: str = "french",
                 progress: ProgressSpec = None, topics: Sequence[str] | None = None,
                 final_check: bool = True) -> None:
        final_check = _check.flag(final_check, "final_check")
        if isinstance(topics, str):  # one topic's name, not its letters
            topics = (topics,)
        names = [t.name for t in _registered()] if topics is None else [get_topic(n).name for n in topics]
        store = trainer_progress(progress)
        sections = []
        for number, name in enumerate(names, start=1):
            topic = get_topic(name)
            trainer = Trainer(name, seed=seed, ruleset=ruleset, style=style, progress=store or False)
            trainer.ui.add_class(f"jass-trainer-{name}")
            anchor = trainer_anchor(name)
            sections.append(TrainerSection(name, anchor, _heading(number, topic.title, topic.rules, anchor),
                                           trainer))
        if final_check:
            final = FinalCheck(seed, ruleset=ruleset, style=style, progress=store or False)
            title = "The final check: mixed questions from every topic, and your score per rule"
            sections.append(TrainerSection(None, FINAL_CHECK_ANCHOR,
                                           _heading(len(sections) + 1, title, (), FINAL_CHECK_ANCHOR), final))
        self.sections: tuple[TrainerSection, ...] = tuple(sections)

    def section(self, topic: str | None) -> TrainerSection:
        """The section of ``topic`` (None: the final check); an :class:`~jasslib.errors.ArgumentError` when the page
        has none."""
        for s in self.sections:
            if s.topic == topic:
                return s
        raise ArgumentError(f"topic: the page has no trainer for {excerpt(topic)}; its topics are "
                            f"{', '.join(str(s.topic) for s in self.sections)}")

    def __repr__(self) -> str:
        return f"<TrainersPage {len(self.sections)} sections>"

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        for s in self.sections:
            display(HTML(s.heading_html))
            display(s.trainer.ui)


def _registered() -> tuple[Any, ...]:
    return tuple(topics())


def trainers_page(seed: int | str = 1, ruleset: Ruleset | str = CLASSIC, style: str = "french",
                  progress: ProgressSpec = None, topics: Sequence[str] | None = None,
                  final_check: bool = True) -> TrainersPage:
    """A :class:`TrainersPage`: every registered topic's trainer (same arguments)."""
    return TrainersPage(seed=seed, ruleset=ruleset, style=style, progress=progress, topics=topics,
                        final_check=final_check)
