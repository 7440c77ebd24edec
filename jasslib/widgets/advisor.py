"""Which contract to name with a hand? :class:`ContractAdvisor`, the contract advisor as a widget.

The widget deals a hand from a seed (or takes one typed in any spelling the card parser reads), and
**Advise** asks :func:`jasslib.analysis.advise` what each contract is worth with it: for every contract
(and, at forehand, for schieben) a bar of the team's expected hand score with the range 8 deals in 10
fall in, a bar of the opponents' score, the expected difference, and the advisor's choice in one sentence.
It states no rule and computes nothing itself: the numbers are the advice's.

To stay quick it samples :data:`WIDGET_SAMPLES` deals per advice (about a twentieth of a second), fewer than
:func:`~jasslib.analysis.advise`'s default of 1,000; the sampling error of each mean (its ± figure) is
then about 1.8 times as wide.  ``samples=`` gives more.

>>> a = ContractAdvisor(hand="J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣")
>>> a.advise_button.click()
>>> a.advice.choice, a.sentence.value.startswith('<div class="jass-message jass-ok"')
(Contract.HEARTS, True)
>>> a.hand_text.value = "J♥ 9♥ X♥"; a.use_hand_button.click()
>>> "Unknown card 'X♥'" in html.unescape(a.message.value), a.hand == CardSet.parse("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣")
(True, True)

:class:`AdviceBox` is the same advice as a button for the table widgets (:class:`~jasslib.widgets.RoundPlayer`
and :class:`~jasslib.widgets.GamePlayer`): **What would you name?** while the learner chooses the contract.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from .. import _check
from ..cards import CardSet
from ..errors import ArgumentError, CardParseError, HandSizeError, excerpt
from ..round import deal_hands
from ..rulesets import CLASSIC, MODERN, Ruleset
from ._common import cards_row_html, check_style, guarded, message_html
from .trainer import parse_seed

__all__ = ["ContractAdvisor", "AdviceBox", "advice_bars_html", "WIDGET_SAMPLES"]

WIDGET_SAMPLES = 300
"""Sampled deals per advice in the widgets (``advise`` uses 1,000 by default): quick to answer a click."""

_BAR_PX = 260  # the width of the longest bar


def _samples(samples: object) -> int:
    return _check.whole(samples, "samples: sampled deals per advice", low=1, high=100_000)


def advice_bars_html(advice: Any, style: str = "french") -> str:
    """An :class:`~jasslib.analysis.Advice` as bars (pure HTML and CSS: no picture to load).

    One row per option (the six contracts, then schieben): the team's expected hand score as a dark bar
    with a line over the range 8 deals in 10 fall in (10th to 90th percentile) and its ± (the 95 % interval
    of the mean), the opponents' expected score as a light bar below it, and the difference.  The chosen
    option is marked ✓ and in bold (not by colour only).  The sentence is :meth:`Advice.recommendation`.

    >>> from jasslib.analysis import advise
    >>> page = advice_bars_html(advise("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", samples=50))
    >>> page.count('class="jass-advice-row"'), page.count("✓")
    (7, 1)
    """
    from ..analysis.advisor import Advice

    if not isinstance(advice, Advice):
        raise ArgumentError(f"advice: an Advice of jasslib.analysis.advise, got {excerpt(advice)}")
    best = advice.best
    scale = max([o.high for o in advice.options] + [o.opponents for o in advice.options] + [1.0])

    def px(value: float) -> int:
        return max(0, round(_BAR_PX * value / scale))

    rows = []
    for o in advice.options:
        chosen = o is best
        label = "schieben" if o.contract is None else o.contract.format(style)
        name = f"✓ {label}" if chosen else label
        weight = "font-weight:bold;" if chosen else ""
        low, high = px(o.low), px(o.high)
        bars = (
            f'<div style="position:relative;height:14px;width:{_BAR_PX + 4}px">'
            f'<div class="jass-advice-bar" data-value="{o.mean:.1f}" title="your team: {o.mean:.0f} expected" '
            f'style="position:absolute;left:0;top:2px;height:10px;width:{px(o.mean)}px;background:#2f5f8f"></div>'
            f'<div class="jass-advice-range" title="8 deals in 10: {o.low:.0f}–{o.high:.0f}" '
            f'style="position:absolute;left:{low}px;top:6px;height:2px;width:{max(1, high - low)}px;'
            f'background:#111"></div>'
            f'<div style="position:absolute;left:{low}px;top:2px;height:10px;width:1px;background:#111"></div>'
            f'<div style="position:absolute;left:{high}px;top:2px;height:10px;width:1px;background:#111"></div>'
            "</div>"
            f'<div class="jass-advice-opponents" data-value="{o.opponents:.1f}" '
            f'title="opponents: {o.opponents:.0f} expected" style="height:5px;margin:1px 0 3px 0;'
            f'width:{px(o.opponents)}px;background:#c9a86a"></div>')
        rows.append(
            f'<tr class="jass-advice-row" data-option="{html.escape(o.label)}" style="{weight}">'
            f'<td style="padding:1px 8px 1px 0;white-space:nowrap">{html.escape(name)}</td>'
            f'<td style="padding:1px 6px 1px 0">{bars}</td>'
            f'<td style="padding:1px 6px;white-space:nowrap;text-align:right">{o.mean:.0f} ± {o.error:.0f}</td>'
            f'<td style="padding:1px 6px;white-space:nowrap;text-align:right">{o.opponents:.0f}</td>'
            f'<td style="padding:1px 6px;white-space:nowrap;text-align:right">{o.margin:+.0f}</td></tr>')
    head = ('<tr style="font-size:11px;text-align:left"><th>option</th><th>your team (dark; the line: 8 deals in 10)'
            ' and the opponents (light)</th><th>your team</th><th>opponents</th><th>difference</th></tr>')
    where = "after schieben" if advice.pushed else "at forehand"
    note = (f"{advice.samples:,} sampled deals, {advice.ruleset.name} rules, {where}; expected hand scores "
            "(trick points × multiplier, Weis and Stöck included), the ± is the sampling error of the mean "
            f"(95 %). The advice ranks by the {'difference' if advice.objective == 'margin' else 'team’s score'}.")
    return (f'<div class="jass-advice-bars"><table style="border-collapse:collapse">{head}{"".join(rows)}</table>'
            f'<div style="font-size:11px">{html.escape(note)}</div></div>')


class ContractAdvisor:
    """Deal or type a hand and see what each contract is worth with it (see the module doc).

    ``seed``: the deal whose forehand's hand is shown first (``deal_hands(seed)[0]``); ``hand``: a hand to
    start with instead (any spelling :meth:`CardSet.parse` reads); ``ruleset``: ``"classic"`` or
    ``"modern"``; ``pushed``: the learner is the partner after schieben (no schieben left);
    ``samples``: sampled deals per advice (:data:`WIDGET_SAMPLES`); ``advise=True`` shows the advice at once.
    The advice is reproducible: its sampled deals come from ``advice_seed``.

    Public: :attr:`hand` (a CardSet), :attr:`advice` (the last :class:`~jasslib.analysis.Advice`, or None),
    :attr:`ui`, :attr:`hand_html`, :attr:`seed_text`, :attr:`deal_button`, :attr:`next_button`,
    :attr:`hand_text`, :attr:`use_hand_button`, :attr:`preset_menu`, :attr:`pushed_checkbox`,
    :attr:`advise_button`, :attr:`sentence` and :attr:`bars` (HTML), :attr:`message`; the methods :meth:`deal`,
    :meth:`use_hand` and :meth:`show_advice` do what the buttons do.  A wrong entry shows a message and
    changes nothing.
    """

    def __init__(self, seed: int | str = 0, hand: str | CardSet | None = None,
                 ruleset: Ruleset | str = CLASSIC, pushed: bool = False, samples: int = WIDGET_SAMPLES,
                 style: str = "french", advise: bool = False, advice_seed: int | str = 0) -> None:
        checked = _check.seed(seed, room=8)
        if checked is None:
            raise CardParseError("the advisor's seed is a whole number or a word, got None")
        self.seed: int | str = checked
        rs = Ruleset.parse(ruleset)
        if rs.name not in (CLASSIC.name, MODERN.name):
            raise ArgumentError(f"ruleset: the advisor widget offers the presets classic and modern, got "
                                f"{excerpt(rs.name)}")
        self.samples = _samples(samples)
        self.style = check_style(style)
        pushed = _check.flag(pushed, "pushed")
        checked_advice_seed = _check.seed(advice_seed)
        self.advice_seed: int | str = 0 if checked_advice_seed is None else checked_advice_seed
        self.hand = deal_hands(self.seed)[0] if hand is None else self._parse(hand)
        self.advice: Any = None

        self.title = w.HTML("<h3 style='margin:0.2em 0'>Which contract would you name?</h3>")
        self.hand_html = w.HTML()
        self.seed_text = w.Text(value=str(self.seed), description="Seed:", layout=w.Layout(width="14em"))
        self.deal_button = w.Button(description="Deal", icon="refresh", tooltip="Deal the hand of this seed")
        self.next_button = w.Button(description="Next hand", icon="forward", tooltip="The hand of the next seed")
        self.hand_text = w.Text(value="", description="Your hand:", placeholder="e.g. J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣",
                                layout=w.Layout(width="30em"))
        self.use_hand_button = w.Button(description="Use this hand", icon="check",
                                        tooltip="Nine cards, in any spelling: 10h, ♥J, Rosen Ober …")
        self.preset_menu = w.Dropdown(options=[("classic", CLASSIC.name), ("modern", MODERN.name)],
                                      value=MODERN.name if rs.name == MODERN.name else CLASSIC.name,
                                      description="Rules:", layout=w.Layout(width="14em"))
        self.pushed_checkbox = w.Checkbox(value=pushed, description="after schieben (your partner pushed)",
                                          indent=False, layout=w.Layout(width="auto"))
        self.advise_button = w.Button(description="Advise", button_style="primary", icon="lightbulb-o",
                                      tooltip=f"Play the hand out on {self.samples:,} sampled deals per contract")
        self.sentence = w.HTML()
        self.bars = w.HTML()
        self.message = w.HTML()
        self.deal_button.on_click(self._on_deal)
        self.next_button.on_click(self._on_next)
        self.use_hand_button.on_click(self._on_use_hand)
        self.advise_button.on_click(self._on_advise)
        self.preset_menu.observe(self._on_setting, names="value")
        self.pushed_checkbox.observe(self._on_setting, names="value")
        row = w.Layout(flex_flow="row wrap", align_items="center")
        self.ui = w.VBox(
            [self.title, self.hand_html,
             w.HBox([self.seed_text, self.deal_button, self.next_button], layout=row),
             w.HBox([self.hand_text, self.use_hand_button], layout=row),
             w.HBox([self.preset_menu, self.pushed_checkbox, self.advise_button], layout=row),
             self.message, self.sentence, self.bars],
            layout=w.Layout(border="1px solid #ccc", padding="6px"),
        )
        self.ui.add_class("jass-advisor")
        self.sentence.add_class("jass-advice-sentence")
        self._show_hand()
        self.message.value = message_html("Which contract would you name with this hand? Think, then press Advise.")
        if advise:
            self.show_advice()

    # ------------------------------------------------------------------ state
    @property
    def ruleset(self) -> Ruleset:
        """The preset chosen in the menu."""
        return Ruleset.parse(self.preset_menu.value)

    @property
    def pushed(self) -> bool:
        """True when the learner chooses after the partner's schieben."""
        return bool(self.pushed_checkbox.value)

    def _parse(self, text: str | CardSet) -> CardSet:
        cards = CardSet.parse(text) if isinstance(text, str) else CardSet(text)
        if len(cards) != 9:
            raise HandSizeError(f"a hand has 9 cards (D3), got {len(cards)}: {excerpt(str(cards))}")
        return cards

    def _show_hand(self) -> None:
        self.hand_html.value = f"<div class='jass-advisor-hand'>{cards_row_html(self.hand, self.style)}</div>"

    def _new_hand(self, hand: CardSet, said: str) -> None:
        self.hand = hand
        self.advice = None
        self.sentence.value = self.bars.value = ""
        self._show_hand()
        self.message.value = message_html(f"{said} Which contract would you name? Think, then press Advise.")

    # ------------------------------------------------------------------ actions
    def deal(self, seed: int | str | None = None) -> None:
        """Deal the hand of ``seed`` (default: the seed in the field), as **Deal**."""
        if seed is not None:
            self.seed_text.value = str(seed)
        self._on_deal()

    def use_hand(self, text: str) -> None:
        """Take the hand ``text``, as typing it and clicking **Use this hand**."""
        self.hand_text.value = text
        self._on_use_hand()

    def show_advice(self) -> None:
        """Advise the hand, as **Advise**."""
        self._on_advise()

    @guarded("message")
    def _on_deal(self, _button: Any = None) -> None:
        seed = parse_seed(self.seed_text.value)
        checked = _check.seed(seed, room=8)
        assert checked is not None
        hand = deal_hands(checked)[0]
        self.seed = checked
        self._new_hand(hand, f"The hand of seed {checked}.")

    @guarded("message")
    def _on_next(self, _button: Any = None) -> None:
        seed = self.seed
        if isinstance(seed, int):
            nxt: int | str = seed + 1
        else:
            head, _, tail = seed.rpartition("/")
            nxt = f"{head}/{int(tail) + 1}" if head and tail.isascii() and tail.isdigit() else f"{seed}/1"
        self.seed_text.value = str(nxt)
        self._on_deal()

    @guarded("message")
    def _on_use_hand(self, _button: Any = None) -> None:
        text = self.hand_text.value.strip()
        if not text:
            self.message.value = message_html("Type the nine cards of a hand first, e.g. J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣.",
                                              "warn")
            return
        self._new_hand(self._parse(text), "Your hand.")

    @guarded("message")
    def _on_advise(self, _button: Any = None) -> None:
        from ..analysis import advise

        self.advice = advise(self.hand, self.ruleset, self.pushed, self.samples, self.advice_seed)
        self.sentence.value = message_html(self.advice.recommendation(), "ok")
        self.bars.value = advice_bars_html(self.advice, self.style)
        self.message.value = ""

    def _on_setting(self, _change: Any = None) -> None:
        if self.advice is not None:  # the advice shown follows the preset and the schieben box
            self._on_advise()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<ContractAdvisor {self.hand} ({self.ruleset.name}{', after schieben' if self.pushed else ''})>"


class AdviceBox:
    """**What would you name?** for a table widget: the advice for the learner's hand at the contract choice.

    ``choosing``: a function returning ``(hand, ruleset, pushed)`` while the learner chooses the contract,
    else None (the button is then hidden by :meth:`refresh`).  ``seed`` makes the advice reproducible;
    ``samples``: sampled deals (:data:`WIDGET_SAMPLES`).  Public: :attr:`button`, :attr:`output` (HTML: the
    sentence and the bars), :attr:`ui`, :attr:`advice` (the last one, or None), :attr:`asked` (hands where the
    learner asked).
    """

    def __init__(self, choosing: Callable[[], tuple[CardSet, Ruleset, bool] | None], style: str = "french",
                 seed: int | str = 0, samples: int = WIDGET_SAMPLES) -> None:
        if not callable(choosing):
            raise ArgumentError(f"choosing: a function returning (hand, ruleset, pushed) or None, got "
                                f"{type(choosing).__name__}")
        self._choosing = choosing
        self.style = check_style(style)
        checked = _check.seed(seed)
        self.seed: int | str = 0 if checked is None else checked
        self.samples = _samples(samples)
        self.button = w.Button(description="What would you name?", icon="question",
                               tooltip="The contract advisor's view of your hand, before you choose")
        self.output = w.HTML()
        self.ui = w.VBox([self.button, self.output])
        self.ui.add_class("jass-advice-box")
        self.advice: Any = None
        self.asked = 0
        self._key: tuple[Any, ...] | None = None
        self.button.on_click(lambda _b: self.press())
        self.refresh()

    def refresh(self) -> None:
        """Follow the table: shown while the learner chooses; another hand or choice clears the advice."""
        state = self._choosing()
        key = None if state is None else (state[0].mask, state[1].name, state[2])
        if key != self._key:
            self._key = key
            self.advice = None
            self.output.value = ""
        self.ui.layout.display = None if key is not None else "none"

    @guarded("output")
    def press(self) -> None:
        """What the button does: advise the hand and show the sentence and the bars."""
        self.refresh()
        state = self._choosing()
        if state is None:
            self.output.value = message_html("The advice is for your choice of the contract.", "warn")
            return
        if self.advice is None:
            from ..analysis import advise

            hand, ruleset, pushed = state
            self.advice = advise(hand, ruleset, pushed, self.samples, self.seed)
            self.asked += 1
        self.output.value = (message_html(self.advice.recommendation(), "info")
                             + advice_bars_html(self.advice, self.style))
