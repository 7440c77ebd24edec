"""Helpers shared by the widgets: friendly error messages, HTML snippets and cards to click.

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
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle

from .. import display
from ..cards import Card, CardLike
from ..errors import ArgumentError, JassError, excerpt

__all__ = ["InputError", "friendly", "text_html", "message_html", "guarded", "display_function", "card_label",
           "card_tooltip", "cards_row_html", "check_style", "CardPicture", "CardLook", "MARKED", "card_pictures_row",
           "close_all", "sentence", "HandToClick"]

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
        raise ArgumentError(f"unknown style {excerpt(style)}: expected one of {', '.join(STYLES)}")
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
    """Plain text as HTML: escaped, with line breaks kept, each rule id a rule note.

    Every sentence a widget shows (feedback, hints, solutions, refusals, the round's log) passes
    here, so every rule id a learner reads shows its rule's text where it is clicked, with a link to
    the rendered rule book at the rule (:func:`jasslib.display.link_rules` with ``in_place=True``).
    """
    return display.link_rules(html.escape(str(text)).replace("\n", "<br>"), in_place=True)


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


MARKED = "✓ marked"
"""The words under a marked card (a mark in words, not a colour only)."""


class CardLook:
    """The layouts and styles one row of :class:`CardPicture` shares (a widget less to build per card).

    The picture and the button sit in the same cell of a one-cell grid, the button on top: a transparent
    button as large as the picture, so the picture is what the learner clicks.
    """

    def __init__(self) -> None:
        self.box = w.Layout(grid_template_columns="auto", grid_template_rows="auto", width="auto", margin="0 1px")
        # grid_area, not grid_row and grid_column: the page's widget manager applies only grid_area
        self.picture = w.Layout(grid_area="1 / 1", margin="0", padding="7px 4px 2px 4px")  # room for the outline
        self.button = w.Layout(grid_area="1 / 1", width="auto", height="auto", align_self="stretch", margin="0",
                               padding="0")
        self.button_style = w.ButtonStyle(button_color="transparent", text_color="transparent")
        self.picture_style = HTMLStyle()


class CardPicture(w.GridBox):
    """One card drawn as in the positions (:func:`jasslib.display.card_html`), and itself the control.

    A transparent :class:`ipywidgets.Button` lies over the picture: clicking the card, or pressing Space or
    Enter on it after Tab, clicks the button.  The button carries the card's name (``description``, e.g.
    ``J♥``, invisible but read by screen readers, with ", marked" while marked) and both names as its
    ``tooltip``.  It works wherever ipywidgets do (JupyterLab, Voilà), with no style sheet of its own.

    ``toggle=True`` (the trainers): a click marks or unmarks the card; :attr:`value` is the mark (set it, or
    :meth:`observe` it, as on a ToggleButton), and a marked card is raised, outlined and labelled
    :data:`MARKED`.  ``toggle=False`` (the round player): :meth:`on_click` handlers run on a click.
    ``dim`` fades the picture (a card that may not be played).

    >>> c = CardPicture("J♥", toggle=True)
    >>> c.click(); c.value, c.description, MARKED in c.picture.value
    (True, 'J♥, marked', True)
    >>> c.value = False; c.description, 'data-highlight' in c.picture.value
    ('J♥', False)
    """

    value = traitlets.Bool(False, help="marked (toggle=True); not sent to the page, the picture shows it")

    def __init__(self, card: CardLike, style: str = "french", look: CardLook | None = None, *, toggle: bool = False,
                 dim: bool = False) -> None:
        look = CardLook() if look is None else look
        self.card = Card.parse(card)
        self.style = style
        self.toggle = toggle
        self.dim = dim
        self.label = card_label(self.card, style)
        self.picture = w.HTML(self._picture_html(False), layout=look.picture, style=look.picture_style)
        self.button = w.Button(description=self.label, tooltip=card_tooltip(self.card), layout=look.button,
                               style=look.button_style)
        super().__init__(children=[self.picture, self.button], layout=look.box)
        self.add_class("jass-card-control")
        if toggle:
            self.button.on_click(self._flip)
            self.observe(self._redraw, names="value")

    def _picture_html(self, marked: bool) -> str:
        label = (MARKED if marked else "\u00a0") if self.toggle else None
        return display.card_html(self.card, self.style, highlight=marked, dim=self.dim, label=label)

    def _flip(self, _button: Any = None) -> None:
        self.value = not self.value

    def _redraw(self, change: Any = None) -> None:
        marked = bool(self.value)
        self.picture.value = self._picture_html(marked)
        self.button.description = f"{self.label}, marked" if marked else self.label

    @property
    def description(self) -> str:
        """The card's name on the button (what a screen reader says)."""
        return str(self.button.description)

    @property
    def tooltip(self) -> str:
        """Both names of the card (French and Swiss-German)."""
        return str(self.button.tooltip)

    def on_click(self, callback: Callable[..., Any]) -> None:
        """Run ``callback(button)`` when the card is clicked."""
        self.button.on_click(callback)

    def click(self) -> None:
        """Click the card, as the learner does."""
        self.button.click()

    def close(self) -> None:
        """Close the picture, the button and the grid (the shared look stays open for the row)."""
        for part in (getattr(self, "picture", None), getattr(self, "button", None)):
            if part is not None:
                part.close()
        super().close()


def card_pictures_row(controls: Iterable[CardPicture]) -> w.HBox:
    """A hand's cards to click in a wrapping row, one group per suit in the order given (a gap between
    suits, as in :func:`jasslib.display.hand_html`)."""
    groups: list[list[CardPicture]] = []
    for control in controls:
        if groups and groups[-1][-1].card.suit == control.card.suit:
            groups[-1].append(control)
        else:
            groups.append([control])
    gap = w.Layout(flex_flow="row nowrap", margin="0 10px 0 0")
    row = w.HBox([w.HBox(group, layout=gap) for group in groups], layout=w.Layout(flex_flow="row wrap"))
    row.add_class("jass-cards-to-click")
    return row


def close_all(widget: w.Widget) -> None:
    """Close ``widget`` and every widget inside it (a row that is replaced must not stay in the kernel)."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    widget.close()


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital letter first and a full stop at the end.

    >>> sentence("card J♥ is not in your hand")
    'Card J♥ is not in your hand.'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


class HandToClick:
    """The learner's hand as cards to click (the round player and the game player share it).

    :attr:`box` holds one :func:`card_pictures_row`; :meth:`draw` redraws it only when the cards or their
    fading changed, and :attr:`buttons` maps each card to its :class:`CardPicture`.

    >>> seen = []
    >>> h = HandToClick("french", seen.append)
    >>> h.draw(["AS", "6H"], faded=["6H"]); h.buttons[Card.parse("AS")].click(); seen, h.buttons[Card.parse("6H")].dim
    ([Card.SA], True)
    """

    def __init__(self, style: str, on_card: Callable[[Card], Any]) -> None:
        self.style = style
        self.on_card = on_card
        self.box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons: dict[Card, CardPicture] = {}
        self._drawn: tuple[tuple[Card, bool], ...] = ()

    def draw(self, cards: Iterable[CardLike], faded: Iterable[CardLike] = ()) -> None:
        """Show ``cards`` in this order, those in ``faded`` faded."""
        fade = {Card.parse(c) for c in faded}
        drawn = tuple((c, c in fade) for c in (Card.parse(x) for x in cards))
        if drawn == self._drawn:
            return
        for row in self.box.children:
            close_all(row)
        look = CardLook()
        self.buttons = {card: CardPicture(card, self.style, look, dim=dim) for card, dim in drawn}
        for card, control in self.buttons.items():
            control.on_click(lambda _b, c=card: self.on_card(c))
        self._drawn = drawn
        self.box.children = [card_pictures_row(self.buttons.values())] if drawn else []
