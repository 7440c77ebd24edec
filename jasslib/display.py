"""HTML for notebooks: cards, hands, tricks, rounds and scores (``_repr_html_`` hooks call into this).

Suits are told apart without colour by their symbol and, in the Swiss style,
by name; red suits are also coloured.  The output is plain inline-styled HTML
that renders in JupyterLab, Voilà and GitHub.

>>> from jasslib import Card, CardSet
>>> card_html(Card.HJ)
'<span class="jass-card" title="J♥" style="...">J♥</span>'
>>> cards_html(CardSet.parse("A♣ 10♥")).count('class="jass-card"')
2
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import Card, CardLike

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

__all__ = ["card_html", "cards_html", "trick_html", "round_html"]

_RED = {2, 3}
_CARD_STYLE = (
    "display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;border:1px solid #888;"
    "border-radius:4px;background:#fff;font-family:sans-serif;text-align:center;color:{color}"
)


def card_html(card: CardLike, style: str = "french", highlight: bool = False) -> str:
    """One card as an inline HTML chip (``style``: french or swiss names)."""
    c = Card.parse(card)
    color = "#c00" if c.suit in _RED else "#000"
    css = _CARD_STYLE.format(color=color) + (";outline:3px solid #e8a400" if highlight else "")
    text = html.escape(c.format(style))
    return f'<span class="jass-card" title="{html.escape(str(c))}" style="{css}">{text}</span>'


def cards_html(cards: Iterable[CardLike], style: str = "french") -> str:
    """A row of cards."""
    inner = "".join(card_html(c, style) for c in cards)
    return f'<span class="jass-cards">{inner}</span>'


def trick_html(plays: Iterable[tuple[int, CardLike]], winner: int | None = None, style: str = "french") -> str:
    """A trick as seat/card pairs; the winner's card is outlined."""
    cells = []
    for seat, card in plays:
        mark = int(seat) == winner
        cells.append(f'<span class="jass-play">seat {int(seat)}: {card_html(card, style, highlight=mark)}</span>')
    return '<div class="jass-trick">' + " ".join(cells) + "</div>"


def round_html(rnd: Round, style: str = "french") -> str:
    """A round: contract, the four hands, the tricks so far and the score."""
    rows = []
    contract = "to be chosen" if rnd.contract is None else f"{rnd.contract.format(style)} ×{rnd.multiplier}"
    rows.append(f"<div><b>Contract:</b> {html.escape(contract)} &nbsp; <b>forehand:</b> seat {int(rnd.forehand)}</div>")
    for seat in range(4):
        arrow = " ◀ to move" if rnd.to_move == seat else ""
        rows.append(f"<div>seat {seat} (team {seat % 2}): {cards_html(rnd.hand(seat), style)}{arrow}</div>")
    for t in rnd.tricks:
        rows.append(trick_html(t.plays, int(t.winner), style) + f"<small>{t.points} points</small>")
    if rnd.trick:
        rows.append(trick_html(rnd.trick, None, style))
    if rnd.done:
        s = rnd.score()
        rows.append(f"<div><b>Score:</b> team 0 {s.total[0]}, team 1 {s.total[1]}</div>")
    return '<div class="jass-round">' + "".join(rows) + "</div>"
