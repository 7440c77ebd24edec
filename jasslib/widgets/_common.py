"""Helpers shared by the widgets: friendly error messages, HTML snippets and card buttons.

Nothing here knows a rule of the game: the widgets ask the engine (:mod:`jasslib.round`,
:mod:`jasslib.play`) and the exercises (:mod:`jasslib.exercises`) and only show their answers.

>>> print(friendly(ValueError("bad")))
Something went wrong (ValueError: bad). Please try again, or start over with a new one.
>>> from jasslib.errors import PhaseError
>>> print(friendly(PhaseError("the hand is over")))
The hand is over.
>>> text_html("a < b\\nc")
'a &lt; b<br>c'
"""

from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import ipywidgets as w

from .. import display
from ..cards import Card, CardLike
from ..errors import JassError

__all__ = ["InputError", "friendly", "text_html", "message_html", "guarded", "display_function", "card_label",
           "card_tooltip", "cards_row_html", "check_style"]

_log = logging.getLogger("jasslib.widgets")
F = TypeVar("F", bound=Callable[..., Any])

STYLES = ("french", "swiss")
"""The card styles the widgets offer: French symbols (default) or Swiss-German names."""


class InputError(JassError):
    """A learner's input that a widget cannot use (an empty seed ...); its message says what to do."""


def check_style(style: str) -> str:
    """``style`` if the widgets support it, else a ValueError naming the choices.

    >>> check_style("swiss")
    'swiss'
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}: expected one of {', '.join(STYLES)}")
    return style


def friendly(exc: BaseException) -> str:
    """A message for the learner (plain text, never a traceback).

    A :class:`~jasslib.errors.JassError` already speaks to the learner (it names the card, seat and
    rule id): it is shown as it is, with a capital letter and a full stop.  Anything else is a bug
    or a bad value, reported in one sentence.
    """
    if isinstance(exc, JassError):
        text = str(exc).strip() or type(exc).__name__
        text = text[0].upper() + text[1:]
        return text if text.endswith((".", "!", "?", ")")) else text + "."
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return f"Something went wrong ({detail}). Please try again, or start over with a new one."


def text_html(text: str) -> str:
    """Plain text as HTML: escaped, with line breaks kept, each rule id a link to the rule book.

    Every sentence a widget shows (feedback, hints, solutions, refusals, the round's log) passes
    here, so every rule id a learner reads opens its rule (:func:`jasslib.display.link_rules`).
    """
    return display.link_rules(html.escape(str(text)).replace("\n", "<br>"))


def message_html(text: str, kind: str = "info") -> str:
    """A one-box message; ``kind`` is info, ok, warn or error.

    The kind is told by a mark (ℹ ✓ ⚠ ✗) as well as by colour, so it does not rely on colour.

    >>> message_html("Right!", "ok")
    '<div class="jass-message jass-ok" style="color:#1a6b1a">✓ Right!</div>'
    """
    mark, color = {"ok": ("✓", "#1a6b1a"), "warn": ("⚠", "#8a5a00"), "error": ("✗", "#a00000")}.get(
        kind, ("ℹ", "#333")
    )
    return f'<div class="jass-message jass-{kind}" style="color:{color}">{mark} {text_html(text)}</div>'


def guarded(target: str) -> Callable[[F], F]:
    """Decorate a widget callback so that no exception escapes it.

    An exception is turned into :func:`friendly` text written into the HTML widget named
    ``target`` on the instance (``"feedback"``, ``"message"`` ...); the traceback goes only to
    the ``jasslib.widgets`` logger at DEBUG level.  Button callbacks get the button as an extra
    argument, which the wrapper accepts and drops when the method does not want it.
    """

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except Exception as exc:  # a click must never show a traceback
                _log.debug("%s failed", method.__name__, exc_info=True)
                kind = "warn" if isinstance(exc, JassError) else "error"
                try:
                    getattr(self, target).value = message_html(friendly(exc), kind)
                except Exception:  # not even a broken widget may raise here
                    _log.debug("cannot write the message", exc_info=True)
                return None

        return wrapper  # type: ignore[return-value]  # same signature as method (functools.wraps)

    return decorate


def display_function(name: str) -> Callable[..., str] | None:
    """The HTML helper ``name`` of :mod:`jasslib.display` when it exists (looked up at call time)."""
    fn = getattr(display, name, None)
    return fn if callable(fn) else None


def card_label(card: CardLike, style: str = "french") -> str:
    """The text on a card's button: the card with its suit symbol (or its Swiss-German name).

    >>> card_label("10h"), card_label("10h", "swiss")
    ('10♥', 'Rosen Banner')
    """
    return Card.parse(card).format(style)


def card_tooltip(card: CardLike) -> str:
    """Both names of a card, for a tooltip.

    >>> card_tooltip("QS")
    'Q♠ — Schilten Ober'
    """
    c = Card.parse(card)
    return f"{c} — {c.format('swiss')}"


def cards_row_html(cards: Iterable[CardLike], style: str = "french") -> str:
    """A hand as HTML: :func:`jasslib.display.hand_html` when available, else ``cards_html``."""
    cards = list(cards)
    hand_html = display_function("hand_html")
    if hand_html is not None:
        return hand_html(cards, style)
    return display.cards_html(cards, style)


def card_button_layout() -> w.Layout:
    """The layout of one card button: as wide as its text."""
    return w.Layout(width="auto", min_width="3.2em")
