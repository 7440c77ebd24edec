"""HTML for notebooks: cards, hands, tricks, a table view, Weis and score sheets.

Everything is plain HTML with inline styles (and a little inline SVG for the
Swiss and German suit pictures): no scripts, no stylesheets, no external
resources, so the output renders alike in JupyterLab, Voilà and on GitHub.
The ``_repr_html_`` hooks of cards, card sets and rounds call into this module.

Suits are told apart without colour: every card shows its suit symbol (French
and ASCII styles) or its suit name with a small suit picture (Swiss and German
styles, RULES.md D2); hearts and diamonds (Rosen, Schellen) are red as well.
Each card is a ``<span class="jass-card" data-card="...">`` carrying the card's
ASCII code, so tests and browser tests can find it; its ``title`` tooltip is
the French name.  A winning card is outlined and labelled, not only coloured;
a card that may not be played is faded and hatched.

>>> from jasslib import Card, CardSet
>>> markup = card_html(Card.HJ)
>>> 'class="jass-card"' in markup, 'data-card="JH"' in markup, 'title="J♥"' in markup
(True, True, True)
>>> "Rosen" in card_html("Rosen Under", "swiss") and "Under" in card_html("Rosen Under", "swiss")
True
>>> cards_html(CardSet.parse("A♣ 10♥")).count('class="jass-card"')
2
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from . import _check
from .cards import Card, CardLike, CardSet
from .errors import ArgumentError, CardParseError, excerpt
from .game import Game
from .round import Round, RoundView
from .rulebook import RULE_ID_PATTERN, RULE_PAGE, rule_text_html, rule_title, rule_url
from .scoring import HAND_TOTAL, HandScore
from .seats import Seat
from .weis import ContestResult, Declaration

if TYPE_CHECKING:  # pragma: no cover
    from .contracts import Contract
    from .round import TrickRecord
    from .rulesets import Ruleset

__all__ = [
    "card_html",
    "card_back_html",
    "cards_html",
    "hand_html",
    "trick_html",
    "table_html",
    "round_html",
    "declaration_html",
    "contest_html",
    "score_sheet_html",
    "contract_label",
    "labelled_html",
    "teams_table_html",
    "play_position_html",
    "declarations_position_html",
    "teams_position_html",
    "link_rules",
]

# ----------------------------------------------------------------------------- look

_FONT = "font-family:'DejaVu Sans','Segoe UI',system-ui,-apple-system,Helvetica,Arial,sans-serif"
_RED = "#c8102e"
_BLACK = "#1b1b1b"
_GOLD = "#f0b400"
_RED_SUITS = (2, 3)  # ♥ ♦: Rosen, Schellen (D2)

# card size: (width, height, corner rank px, centre pip px, name px, picture px)
_SIZES = {False: (56, 80, 17, 34, 10, 28), True: (46, 64, 14, 25, 8, 20)}
_NARROW = "font-family:'DejaVu Sans Condensed','Arial Narrow','Roboto Condensed','Helvetica Neue',Arial,sans-serif"

_CARD_CSS = (
    "display:inline-flex;flex-direction:column;align-items:stretch;box-sizing:border-box;"
    "width:{w}px;height:{h}px;margin:2px;padding:3px 4px;border:1px solid #7d7d7d;border-radius:6px;"
    "background:#fff;color:{color};box-shadow:0 1px 3px rgba(0,0,0,.35);vertical-align:top;"
    "line-height:1.05;text-align:center;overflow:hidden;" + _FONT
)
_HIGHLIGHT_CSS = (
    f";outline:3px solid {_GOLD};box-shadow:0 0 0 6px rgba(240,180,0,.35),0 2px 6px rgba(0,0,0,.5);"
    "transform:translateY(-3px)"
)
_DIM_CSS = ";opacity:.42;filter:grayscale(.8);background:repeating-linear-gradient(135deg,#fff 0 5px,#d4d4d4 5px 7px)"

# Suit pictures for the Swiss and German styles, in a 24 × 24 box, shapes that differ without colour.
_ROSE_PETALS = ((12, 6.4), (17.3, 10.3), (15.3, 16.5), (8.7, 16.5), (6.7, 10.3))
_PICTURES = {
    "acorn": (
        '<ellipse cx="12" cy="15" rx="5.6" ry="6.8" fill="#d9a21b" stroke="#5b3a1a" stroke-width="1.2"/>'
        '<path d="M4.8 11.2 Q12 2.5 19.2 11.2 Z" fill="#6b4423" stroke="#3b2410" stroke-width="1"/>'
        '<rect x="11.2" y="2" width="1.6" height="4.5" fill="#3b2410"/>'
    ),
    "shield": (
        '<path d="M4 3 H20 V11 Q20 18 12 22 Q4 18 4 11 Z" fill="#f2c300" stroke="#1b1b1b" stroke-width="1.5"/>'
        '<path d="M4.8 8.5 H19.2 V12.5 H4.8 Z" fill="#1b1b1b"/>'
        '<path d="M12 12.5 V21" stroke="#c8102e" stroke-width="2"/>'
    ),
    "rose": "".join(
        f'<circle cx="{x}" cy="{y}" r="4.3" fill="#d62839" stroke="#7a0f19" stroke-width="1"/>'
        for x, y in _ROSE_PETALS
    )
    + '<circle cx="12" cy="12" r="3" fill="#f4d03f" stroke="#7a0f19" stroke-width="1"/>',
    "bell": (
        '<circle cx="12" cy="4" r="1.9" fill="none" stroke="#7a5c00" stroke-width="1.4"/>'
        '<circle cx="12" cy="13.5" r="8" fill="#f2c300" stroke="#7a5c00" stroke-width="1.3"/>'
        '<path d="M4.3 11.3 H19.7 V14 H4.3 Z" fill="#c8102e"/>'
        '<path d="M9 18 H15" stroke="#3d2e00" stroke-width="1.8" stroke-linecap="round"/>'
    ),
    "leaf": (
        '<path d="M12 1.5 C19.5 7 19.5 15 12 20.5 C4.5 15 4.5 7 12 1.5 Z" fill="#3f8f2f" stroke="#1f4d18"'
        ' stroke-width="1.2"/>'
        '<path d="M12 4 V23" stroke="#1f4d18" stroke-width="1.3"/>'
    ),
    "heart": (
        '<path d="M12 21 C4 14.5 2.5 10.5 2.5 8 A4.7 4.7 0 0 1 12 6.3 A4.7 4.7 0 0 1 21.5 8 C21.5 10.5 20 14.5'
        ' 12 21 Z" fill="#d62839" stroke="#7a0f19" stroke-width="1"/>'
    ),
}
_SUIT_PICTURES = {
    "swiss": ("acorn", "shield", "rose", "bell"),
    "german": ("acorn", "leaf", "heart", "bell"),
}

_e = html.escape


def _color(card: Card) -> str:
    return _RED if card.suit in _RED_SUITS else _BLACK


def _as_cards(cards: Iterable[CardLike] | str) -> list[Card]:
    """Card-likes (or card text) as a list of cards, in the order given."""
    if isinstance(cards, str):
        return list(CardSet.parse(cards))
    if isinstance(cards, CardSet):
        return list(cards)
    if not isinstance(cards, Iterable):
        raise CardParseError(f"expected cards (a CardSet, a list of cards or a text such as 'A♣ K♣'), got "
                             f"{excerpt(cards)}")
    out = []
    for c in itertools.islice(cards, 37):
        out.append(Card.parse(c))
    if len(out) > 36:
        raise CardParseError("expected at most the 36 cards of the deck, got more")
    return out


def _picture(name: str, size: int) -> str:
    return (
        f'<svg width="{size}" height="{size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        f'style="display:block">{_PICTURES[name]}</svg>'
    )


def _face(card: Card, style: str, small: bool) -> str:
    """The inside of a card; its text is exactly ``card.format(style)``."""
    _, _, rank_px, pip_px, name_px, pic_px = _SIZES[small]
    if style in ("french", "ascii"):
        rank, suit = card.rank.format(style), card.suit.format(style)
        return (
            f'<span style="align-self:flex-start;font-size:{rank_px}px;font-weight:700">{_e(rank)}</span>'
            f'<span style="flex:1;display:flex;align-items:center;justify-content:center;font-size:{pip_px}px">'
            f"{_e(suit)}</span>"
        )
    suit_name, rank_name = card.suit.format(style), card.rank.format(style)  # checks the style too
    picture = _picture(_SUIT_PICTURES[style][card.suit], pic_px)
    rank_size = name_px + 2 if len(rank_name) > 2 else rank_px
    return (
        f'<span style="font-size:{name_px}px;font-weight:700;white-space:nowrap;margin:0 -2px;{_NARROW}">'
        f"{_e(suit_name)}</span> "
        f'<span style="flex:1;display:flex;align-items:center;justify-content:center">{picture}</span>'
        f'<span style="font-size:{rank_size}px;font-weight:700;white-space:nowrap;margin:0 -2px;{_NARROW}">'
        f"{_e(rank_name)}</span>"
    )


# ----------------------------------------------------------------------------- cards


def card_html(
    card: CardLike,
    style: str = "french",
    highlight: bool = False,
    *,
    dim: bool = False,
    label: str | None = None,
    small: bool = False,
) -> str:
    """One card as a small playing card (``style``: one of :data:`jasslib.cards.STYLES`).

    The card's text is exactly ``card.format(style)``: rank and suit symbol
    (``J♥``), or the Swiss/German suit and rank names (``Rosen Under``) with
    a suit picture.  ``highlight`` outlines the card (a trick's winner);
    ``dim`` fades and hatches it (not playable); ``label`` is text under the
    card (the card and label are then wrapped in a ``jass-slot`` span).

    >>> m = card_html("10♠", "swiss", dim=True, label="seat 2")
    >>> 'data-card="TS"' in m, 'data-dim="true"' in m, "Schilten" in m, "Banner" in m, "seat 2" in m
    (True, True, True, True, True)
    >>> "outline" in card_html("A♦", highlight=True), "outline" in card_html("A♦")
    (True, False)
    """
    c = Card.parse(card)
    w, h, *_ = _SIZES[small]
    css = _CARD_CSS.format(w=w, h=h, color=_color(c))
    attrs = f'class="jass-card" data-card="{c.format("ascii")}" title="{_e(str(c))}"'
    if highlight:
        css += _HIGHLIGHT_CSS
        attrs += ' data-highlight="true"'
    if dim:
        css += _DIM_CSS
        attrs += ' data-dim="true" aria-disabled="true"'
    span = f'<span {attrs} style="{css}">{_face(c, style, small)}</span>'
    if label is None:
        return span
    weight = "700" if highlight else "400"
    return (
        '<span class="jass-slot" style="display:inline-flex;flex-direction:column;align-items:center;'
        f'vertical-align:top;margin:0 2px">{span}'
        f'<span class="jass-label" style="font-size:11px;line-height:1.25;margin-top:3px;white-space:nowrap;'
        f'color:inherit;font-weight:{weight};{_FONT}">{_e(label)}</span></span>'
    )


def card_back_html(small: bool = False, overlap: int = 0) -> str:
    """The back of a card (a hidden card): no ``data-card``, nothing about the card.

    ``overlap`` pixels of it slide under the card before it (a fanned pile).

    >>> "jass-back" in card_back_html(), "data-card" in card_back_html()
    (True, False)
    """
    small = _check.flag(small, "small")
    overlap = _check.whole(overlap, "overlap (pixels)", low=-100, high=100)
    w, h, *_ = _SIZES[small]
    return (
        f'<span class="jass-back" aria-label="a hidden card" style="display:inline-block;box-sizing:border-box;'
        f"width:{w}px;height:{h}px;margin:2px 2px 2px {2 - overlap}px;border:3px solid #fff;border-radius:6px;"
        "background:repeating-linear-gradient(45deg,#8e1b22 0 4px,#b8333b 4px 8px);"
        'box-shadow:0 1px 3px rgba(0,0,0,.45);vertical-align:top"></span>'
    )


def cards_html(cards: Iterable[CardLike], style: str = "french", *, small: bool = False) -> str:
    """A row of cards in the order given.

    >>> cards_html("A♣ K♣").count('class="jass-card"')
    2
    """
    inner = "".join(card_html(c, style, small=small) for c in _as_cards(cards))
    return f'<span class="jass-cards" style="display:inline-flex;flex-wrap:wrap;align-items:flex-start">{inner}</span>'


def hand_html(
    cards: Iterable[CardLike],
    style: str = "french",
    legal: Iterable[CardLike] | None = None,
    *,
    small: bool = False,
) -> str:
    """A hand sorted by suit (♣ ♠ ♥ ♦) then rank, with a gap between suits.

    With ``legal`` given, the cards not in it are dimmed (``data-dim="true"``).

    >>> m = hand_html("A♥ 6♣ K♣", legal="6♣ K♣")
    >>> [m.index(x) < m.index(y) for x, y in (('"6C"', '"KC"'), ('"KC"', '"AH"'))]
    [True, True]
    >>> m.count('data-dim="true"')
    1
    """
    hand = sorted(_as_cards(cards))
    allowed = None if legal is None else set(_as_cards(legal))
    parts: list[str] = []
    previous = None
    for c in hand:
        if previous is not None and c.suit != previous:
            parts.append('<span style="display:inline-block;width:8px"></span>')
        parts.append(card_html(c, style, dim=allowed is not None and c not in allowed, small=small))
        previous = c.suit
    if not hand:
        parts.append(f'<span style="font-style:italic;opacity:.75;padding:4px;{_FONT}">no cards</span>')
    return (
        f'<div class="jass-hand" data-count="{len(hand)}" style="display:flex;flex-wrap:wrap;'
        f'align-items:flex-start;justify-content:center">{"".join(parts)}</div>'
    )


def trick_html(
    plays: Iterable[tuple[int, CardLike]],
    winner: int | None = None,
    style: str = "french",
    *,
    points: int | None = None,
    caption: str | None = None,
    small: bool = False,
) -> str:
    """A trick: each card labelled with its seat; the winner's card outlined and labelled "wins".

    ``plays`` are (seat, card) pairs in playing order (``TrickRecord.plays``,
    ``Round.trick``); ``points`` and ``caption`` add a line above the cards.

    >>> m = trick_html([(0, "A♣"), (1, "K♣"), (2, "J♥"), (3, "6♣")], winner=2, points=45)
    >>> m.count('data-highlight="true"'), "seat 2 ★ wins" in m, "seat 2 wins 45 points" in m
    (1, True, True)
    """
    if isinstance(plays, (str, bytes, dict)) or not hasattr(plays, "__iter__"):
        raise ArgumentError(f"a trick is at most four (seat, card) pairs, got {excerpt(plays)}")
    shown = plays if isinstance(plays, (list, tuple)) else list(itertools.islice(iter(plays), 5))  # enumerate(...)
    if len(shown) > 4:
        raise ArgumentError(f"a trick is at most four (seat, card) pairs, got {excerpt(shown)}")
    plays = shown
    pairs = []
    for play in plays:
        if not isinstance(play, (list, tuple)) or len(play) != 2:
            raise ArgumentError(f"a trick's play is a (seat, card) pair, got {excerpt(play)}")
        pairs.append((int(Seat.parse(play[0])), Card.parse(play[1])))
    win = None if winner is None else int(Seat.parse(winner))
    cells = []
    for seat, card in pairs:
        mark = seat == win
        label = f"seat {seat}" + (" ★ wins" if mark else "")
        card_markup = card_html(card, style, mark, label=label, small=small)
        cells.append(f'<span class="jass-play" data-seat="{seat}">{card_markup}</span>')
    if not pairs:
        cells.append(f'<span style="font-style:italic;opacity:.75;{_FONT}">no card played yet</span>')
    if caption is None and win is not None and points is not None:
        caption = f"seat {win} wins {points} points"
    head = "" if caption is None else f'<div style="font-size:12px;margin-bottom:4px;{_FONT}">{_e(caption)}</div>'
    data = "" if win is None else f' data-winner="{win}"'
    return (
        f'<div class="jass-trick"{data} style="display:inline-block;vertical-align:top;margin:4px 10px 4px 0">'
        f'{head}<div style="display:flex;align-items:flex-end;gap:2px">{"".join(cells)}</div></div>'
    )


# ----------------------------------------------------------------------------- Weis


def declaration_html(
    decl: Declaration, style: str = "french", *, small: bool = True, mark_strongest: bool = False
) -> str:
    """A declaration (W4, W5): each Weis as a group of cards with its name and points, then the total.

    ``mark_strongest`` frames the strongest Weis and labels it (the contest's winner, W6).

    >>> from jasslib import Contract, best_declaration
    >>> m = declaration_html(best_declaration("6♥ 7♥ 8♥ Q♣ Q♠ Q♥ Q♦", Contract.HEARTS))
    >>> m.count('class="jass-card"'), "four Queens (100)" in m, "total 120" in m
    (7, True, True)
    >>> "no Weis" in declaration_html(best_declaration("6♥ 8♥", Contract.HEARTS))
    True
    """
    if not isinstance(decl, Declaration):
        raise ArgumentError(f"expected a Declaration (see best_declaration), got {excerpt(decl)}")
    if not decl.weis:
        return f'<div class="jass-weis" data-points="0" style="font-style:italic;{_FONT}">no Weis</div>'
    groups = []
    for i, w in enumerate(decl.weis):
        marked = mark_strongest and i == 0
        frame = f"border:2px solid {_GOLD};background:rgba(240,180,0,.12)" if marked else "border:2px solid transparent"
        note = " ★ strongest" if marked else ""
        cards = "".join(card_html(c, style, small=small) for c in w.cards)
        groups.append(
            f'<span class="jass-weis-item" data-points="{w.points}" style="display:inline-flex;flex-direction:column;'
            f'align-items:center;margin:2px 8px 2px 0;padding:2px 3px;border-radius:7px;{frame}">'
            f'<span style="display:inline-flex;flex-wrap:wrap">{cards}</span>'
            f'<span style="font-size:11px;margin-top:2px">{_e(w.format(style))}{note}</span></span>'
        )
    total = f'<span style="font-weight:700;align-self:center">total {decl.points}</span>' if len(decl.weis) > 1 else ""
    return (
        f'<div class="jass-weis" data-points="{decl.points}" style="display:flex;flex-wrap:wrap;align-items:flex-start;'
        f'{_FONT}">{"".join(groups)}{total}</div>'
    )


def contest_html(result: ContestResult, style: str = "french", *, ruleset: Ruleset | None = None) -> str:
    """The Weis contest of a hand (W6, W7): every seat's declaration, the winner and the reason.

    Seats are listed in playing order from forehand.  With ``ruleset`` the
    points are also shown multiplied, as recorded (W8).

    >>> from jasslib import Contract
    >>> from jasslib.weis import contest_hands
    >>> hands = ["J♣ J♠ J♥ J♦", "6♠ 7♠ 8♠ 9♠ 10♠", "A♣ A♠ A♥ A♦", "6♥ 7♥ 8♥"]
    >>> m = contest_html(contest_hands(hands, Contract.OBENABE, forehand=1))
    >>> "team 0 wins the Weis" in m, "★ strongest" in m, m.count('class="jass-card"')
    (True, True, 16)
    """
    if not isinstance(result, ContestResult):
        raise ArgumentError(f"expected a ContestResult (see contest), got {excerpt(result)}")
    contract = result.contract
    order = [(int(result.forehand) + k) % 4 for k in range(4)]
    rows = []
    for seat in order:
        d = result.declarations[seat]
        won = result.winner is not None and seat == int(result.winner)
        if result.team is None or not d:
            counts = "—"
        elif seat % 2 == int(result.team):
            counts = f"counts {d.points}"
        else:
            counts = "lost: 0"
        mark = " ★" if won else ""
        rows.append(
            f'<tr data-seat="{seat}"><td style="{_TD_LEFT}white-space:nowrap;font-weight:{700 if won else 400}">'
            f"seat {seat}{mark}<br><small>team {seat % 2}</small></td>"
            f'<td style="{_TD_LEFT}">{declaration_html(d, style, mark_strongest=won)}</td>'
            f'<td style="{_TD}white-space:nowrap">{_e(counts)}</td></tr>'
        )
    if result.team is None:
        summary = "No Weis at the table."
    else:
        summary = str(result) + "."
        if ruleset is not None:
            scored = result.scored(ruleset)
            factor = ruleset.multiplier(contract)
            summary += f" Recorded ×{factor}: team 0 {scored[0]}, team 1 {scored[1]}."
        else:
            summary += " (Points before the contract's multiplier.)"
    return (
        f'<div class="jass-contest" style="display:inline-block;padding:6px;border-radius:8px;background:#fff;'
        f'color:#222;{_FONT}"><div style="font-weight:700;margin-bottom:4px">Weis contest under '
        f"{_e(contract.format(style))}</div>"
        f'<table style="{_TABLE}"><tr><th style="{_TH}">seat</th><th style="{_TH}">declaration</th>'
        f'<th style="{_TH}">points</th></tr>{"".join(rows)}</table>'
        f'<div style="font-size:12px;margin-top:4px;max-width:640px">{_e(summary)}</div></div>'
    )


# ----------------------------------------------------------------------------- the table

_ROLES = ("you", "right opponent", "partner", "left opponent")
# where each seat sits relative to the viewer: (grid row, grid column) in the 3 × 3 table
_PLACES = ((3, 2), (2, 3), (1, 2), (2, 1))


def _multiplier(view: RoundView) -> int:
    return 1 if view.contract is None else view.ruleset.multiplier(view.contract)


def _seat_panel(view: RoundView, rnd: Round | None, seat: int, style: str, open_hands: bool,
                own_hand: bool = True) -> str:
    viewer = int(view.seat)
    rel = (seat - viewer) % 4
    moving = view.to_move is not None and int(view.to_move) == seat
    title = f"Seat {seat}" + ("" if open_hands else f" · {_ROLES[rel]}")
    notes = [f"team {seat % 2}"]
    if int(view.dealer) == seat:
        notes.append("dealer")
    if int(view.forehand) == seat:
        notes.append("forehand" + (", schieben" if view.pushed else ""))
    if view.contract is not None and int(view.chooser) == seat:
        notes.append(f"named {view.contract.format(style)}")
    if moving:
        notes.append("▶ to choose" if view.contract is None else "▶ to move")
    border = f"3px solid {_GOLD}" if moving else "3px solid transparent"
    if rel == 0:
        blocked = view.legal is not None and len(view.legal) < len(view.hand)
        note = "faded, hatched cards may not be played" if blocked else ""
        if own_hand:
            body = hand_html(view.hand, style, view.legal)
        else:  # the viewer's cards are drawn elsewhere (a widget's cards to click)
            n = len(view.hand)
            words = f"your {n} card{'s' if n != 1 else ''}: below the table" if n else "no cards left"
            body = (f'<div class="jass-hand-elsewhere" data-count="{n}" style="font-size:12px;padding:4px">'
                    f"{words}</div>")
    elif open_hands and rnd is not None:
        legal = rnd.legal_cards() if moving and view.contract is not None else None
        body = hand_html(rnd.hand(seat), style, legal, small=rel != 0)
        note = ""
    else:
        n = view.hand_sizes[seat]
        backs = "".join(card_back_html(small=True, overlap=28 if i else 0) for i in range(n))
        body = f'<div style="display:flex;justify-content:center;padding-left:2px">{backs}</div>'
        note = f"{n} card{'s' if n != 1 else ''}"
    note_html = f'<div style="font-size:11px;opacity:.85;margin-top:3px">{_e(note)}</div>' if note else ""
    shown = view.weis_shown[seat]
    if shown and rel != 0 and not open_hands:  # a counted Weis is shown to the table (W8), at its seat
        note_html += (
            f'<div class="jass-shown-weis" style="margin-top:4px;display:flex;flex-direction:column;'
            f'align-items:center"><span style="font-size:11px">shows Weis</span>{declaration_html(shown, style)}</div>'
        )
    row, col = _PLACES[rel]
    span = "1 / 4" if rel == 0 else str(col)
    to_move = ' data-to-move="true"' if moving else ""
    return (
        f'<div class="jass-seat" data-seat="{seat}"{to_move} style="grid-row:{row};grid-column:{span};'
        f"background:rgba(0,0,0,{'.10' if rel == 0 else '.18'});border:{border};border-radius:10px;"
        f'padding:5px 6px;text-align:center;min-width:0">'
        f'<div style="font-weight:700;font-size:13px">{_e(title)}</div>'
        f'<div style="font-size:11px;opacity:.9;margin-bottom:3px">{_e(" · ".join(notes))}</div>'
        f"{body}{note_html}</div>"
    )


def _center(view: RoundView, style: str) -> str:
    viewer = int(view.seat)
    winner = None
    if view.trick:
        plays: Sequence[tuple[Any, Card]] = view.trick
        caption = f"Trick {len(view.tricks) + 1} of 9"
    elif view.tricks:
        last = view.tricks[-1]
        plays, winner = last.plays, int(last.winner)
        caption = f"Trick {last.number + 1} of 9: seat {winner} wins {last.points}"
    else:
        plays = ()
        if view.contract is None:
            caption = f"seat {int(view.chooser)} names the contract"
        else:
            caption = f"seat {int(view.forehand)} leads"
    slots = []
    for i, (seat, card) in enumerate(plays):
        s = int(seat)
        row, col = _PLACES[(s - viewer) % 4]
        mark = s == winner
        label = f"seat {s}" + (" ★ wins" if mark else " · led" if i == 0 else "")
        slots.append(
            f'<div class="jass-play" data-seat="{s}" style="grid-row:{row};grid-column:{col};display:flex;'
            f'justify-content:center;align-items:center">{card_html(card, style, mark, label=label, small=True)}</div>'
        )
    return (
        '<div class="jass-center" style="grid-row:2;grid-column:2;display:grid;'
        "grid-template-columns:repeat(3,minmax(0,1fr));grid-template-rows:repeat(3,auto);gap:2px;"
        'background:rgba(0,0,0,.12);border-radius:50% / 30%;padding:6px 4px;align-items:center">'
        f'{"".join(slots)}<div style="grid-row:2;grid-column:2;text-align:center;font-size:12px;'
        f'font-weight:600;opacity:.95">{_e(caption)}</div></div>'
    )


def _points_panel(view: RoundView, open_hands: bool) -> str:
    mult = _multiplier(view)
    rows = []
    for t in (0, 1):
        mine = " (you)" if int(view.seat) % 2 == t and not open_hands else ""
        rows.append(
            f'<tr data-team="{t}"><td style="{_TD_LEFT_DARK}">team {t}{mine}<br><small>seats {t} &amp; {t + 2}'
            f'</small></td><td style="{_TD_DARK}" data-field="tricks">{view.tricks_won[t]}</td>'
            f'<td style="{_TD_DARK}" data-field="points">{view.card_points[t]}</td>'
            f'<td style="{_TD_DARK}" data-field="weis">{view.weis_recorded[t]}</td>'
            f'<td style="{_TD_DARK}" data-field="stoeck">{view.stoeck_recorded[t]}</td></tr>'
        )
    head = "".join(f'<th style="{_TH_DARK}">{h}</th>' for h in ("", "tricks", "points", "Weis", "Stöck"))
    before = f", before ×{mult}" if mult != 1 else ""
    note = f"points: card points taken so far{before}; Weis and Stöck as recorded" if view.contract else ""
    return (
        '<div class="jass-points" style="grid-row:1;grid-column:1;font-size:12px;align-self:start">'
        f'<table style="border-collapse:collapse;font-size:11px;color:inherit"><tr>{head}</tr>{"".join(rows)}</table>'
        f'<div style="font-size:10px;opacity:.8;margin-top:2px">{_e(note)}</div></div>'
    )


def _weis_panel(view: RoundView, rnd: Round | None, style: str) -> str:
    """The top-right corner: the Weis contest and Stöck, in words (the shown cards sit at their seats)."""
    parts = []
    if view.weis_winner is not None:
        w = int(view.weis_winner)
        t = w % 2
        parts.append(f"<div><b>Weis:</b> seat {w} has the strongest; team {t} records {view.weis_recorded[t]}</div>")
        if rnd is not None and rnd.weis_result is not None:
            parts.append(f'<div style="font-size:11px;opacity:.9">{_e(rnd.weis_result.reason)}</div>')
        for seat, d in enumerate(view.weis_shown):
            if d:
                parts.append(f'<div style="font-size:11px">seat {seat} shows {_e(d.format(style))}</div>')
    elif view.contract is not None and not view.tricks:
        parts.append("<div><b>Weis</b> is settled after the first trick (W8).</div>")
        if view.weis is not None:
            parts.append(f'<div style="font-size:11px">your Weis: {_e(view.weis.format(style))}</div>')
    elif view.contract is not None:
        parts.append("<div><b>Weis:</b> none at the table</div>")
    for t in (0, 1):
        if view.stoeck_recorded[t]:
            parts.append(f"<div><b>Stöck:</b> team {t} records {view.stoeck_recorded[t]}</div>")
    return (
        '<div class="jass-weis-panel" style="grid-row:1;grid-column:3;font-size:12px;align-self:start;'
        f'text-align:left;min-width:0">{"".join(parts)}</div>'
    )


def _as_view(view_or_round: Round | RoundView, seat: int | None) -> tuple[RoundView, Round | None]:
    from .round import Round, RoundView
    from .seats import Seat

    if isinstance(view_or_round, RoundView):
        if seat is not None and Seat.parse(seat) != view_or_round.seat:
            raise ArgumentError(f"this RoundView is seat {int(view_or_round.seat)}'s, not seat {excerpt(seat)}'s")
        return view_or_round, None
    if isinstance(view_or_round, Round):
        return view_or_round.view(0 if seat is None else seat), view_or_round
    raise ArgumentError(f"expected a RoundView or a Round, got {excerpt(view_or_round)}")


def table_html(
    view_or_round: Round | RoundView,
    seat: int | None = None,
    style: str = "french",
    *,
    open_hands: bool = False,
    show_tricks: bool = True,
    own_hand: bool = True,
) -> str:
    """A round in progress seen from one seat, as four seats around a table.

    The viewer sits at the bottom with the hand face up (cards that may not be
    played are faded when it is the viewer's turn), the partner at the top, the
    next player (to the right, P1) on the right and the previous one on the left;
    the other seats show card backs and a count.  The middle shows the current
    trick, each card in front of its player (or the last trick, its winner
    outlined); the corners show the points taken so far and the Weis and Stöck
    recorded.  The contract, multiplier and the seat to move head the table.

    ``view_or_round`` is a :class:`~jasslib.round.RoundView` (preferred: it holds
    nothing of the other hands) or a :class:`~jasslib.round.Round` seen from
    ``seat`` (default 0).  ``open_hands=True`` (a Round only) shows every hand
    face up, for the referee.  ``show_tricks`` adds the finished tricks in a
    collapsed ``<details>`` block.  ``own_hand=False`` leaves the viewer's cards
    out (a count stands there): a widget draws them below, as cards to click.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1)
    >>> r.choose("♥")
    >>> v = r.view(2)
    >>> m = table_html(v)
    >>> sorted(x for x in v.hand) == sorted(Card.parse(t[:2]) for t in m.split('data-card="')[1:])
    True
    >>> m.count('class="jass-back"')
    27
    >>> 'data-card' in table_html(v, own_hand=False), 'your 9 cards: below the table' in table_html(v, own_hand=False)
    (False, True)
    """
    view, rnd = _as_view(view_or_round, seat)
    if open_hands and rnd is None:
        raise ArgumentError("open_hands needs a Round: a RoundView holds only its own seat's hand")
    viewer = int(view.seat)
    mult = _multiplier(view)
    if view.contract is None:
        contract = f"to be named by seat {int(view.chooser)}" + (" after schieben" if view.pushed else "")
    else:
        how = " after schieben" if view.pushed else ""
        contract = f"{view.contract.format(style)} ×{mult} (named by seat {int(view.chooser)}{how})"
    if view.to_move is None:
        status = "hand over"
    else:
        status = f"▶ seat {int(view.to_move)} to {'choose' if view.contract is None else 'play'}"
    trick_no = min(len(view.tricks) + 1, 9)
    header = (
        f'<div style="display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline;margin-bottom:6px">'
        f'<span style="font-size:15px"><b>Contract:</b> {_e(contract)}</span>'
        f'<span style="font-size:12px">dealer seat {int(view.dealer)} · forehand seat {int(view.forehand)} · '
        f'trick {trick_no} of 9 · {_e(view.ruleset.name)} rules</span>'
        f'<span style="font-size:13px;font-weight:700;background:{_GOLD};color:#111;border-radius:4px;'
        f'padding:1px 6px">{_e(status)}</span></div>'
    )
    cells = [_points_panel(view, open_hands), _weis_panel(view, rnd, style), _center(view, style)]
    cells += [_seat_panel(view, rnd, s, style, open_hands, own_hand or open_hands) for s in range(4)]
    grid = (
        '<div style="display:grid;grid-template-columns:minmax(150px,1fr) minmax(250px,1.35fr) minmax(150px,1fr);'
        f'grid-template-rows:auto auto auto;gap:8px">{"".join(cells)}</div>'
    )
    footer = ""
    if view.to_move is None and rnd is not None:
        s = rnd.score()
        footer = (
            f'<div style="margin-top:6px;font-weight:700">Hand over: team 0 scores {s.total[0]}, '
            f"team 1 scores {s.total[1]}</div>"
        )
    if show_tricks and view.tricks:
        tricks = "".join(_trick_record_html(t, style) for t in view.tricks)
        footer += (
            f'<details style="margin-top:6px"><summary style="cursor:pointer">Finished tricks ({len(view.tricks)})'
            f'</summary><div style="display:flex;flex-wrap:wrap">{tricks}</div></details>'
        )
    return (
        f'<div class="jass-table" data-viewer="{viewer}" style="box-sizing:border-box;max-width:880px;'
        "padding:10px 12px;border-radius:16px;"
        "background:radial-gradient(ellipse at center,#2b8a4f 0%,#1c6338 70%,#154d2b 100%);"
        f'color:#fff;{_FONT}">{header}{grid}{footer}</div>'
    )


def _trick_record_html(t: TrickRecord, style: str) -> str:
    return trick_html(t.plays, int(t.winner), style, small=True,
                      caption=f"trick {t.number + 1}: seat {int(t.winner)} wins {t.points}")


def round_html(rnd: Round, style: str = "french") -> str:
    """The referee's view of a round: every hand face up, the tricks, the Weis contest and the score.

    Used by ``Round._repr_html_``.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1)
    >>> round_html(r).count('class="jass-card"')
    36
    """
    if not isinstance(rnd, Round):
        raise ArgumentError(f"expected a Round, got {excerpt(rnd)}")
    parts = [table_html(rnd, 0, style, open_hands=True, show_tricks=False)]
    if rnd.tricks:
        tricks = "".join(_trick_record_html(t, style) for t in rnd.tricks)
        parts.append(f'<div style="display:flex;flex-wrap:wrap;margin-top:6px">{tricks}</div>')
    if rnd.weis_result is not None and rnd.weis_result.team is not None:
        parts.append(f'<div style="margin-top:6px">{contest_html(rnd.weis_result, style, ruleset=rnd.ruleset)}</div>')
    if rnd.done:
        parts.append(f'<div style="margin-top:6px">{score_sheet_html(rnd.score(), style)}</div>')
    return f'<div class="jass-round" style="{_FONT}">{"".join(parts)}</div>'


# ----------------------------------------------------------------------------- exercise positions
# An exercise's position (jasslib.exercises) is drawn here, in any card style; each topic picks the rows.


def contract_label(contract: Contract, ruleset: Ruleset | None = None, style: str = "french") -> str:
    """A contract in words (plain text), with its multiplier (C3) when ``ruleset`` is given.

    >>> from jasslib import CLASSIC, Contract
    >>> contract_label(Contract.HEARTS, CLASSIC), contract_label(Contract.HEARTS, style="swiss")
    ('♥ trump (×2)', 'Rosen trump')
    """
    text = contract.format(style)
    return text if ruleset is None else f"{text} (×{ruleset.multiplier(contract)})"


def labelled_html(label: str, body: str) -> str:
    """One row of a position: the label (plain text) in bold, then ``body`` (HTML).

    >>> labelled_html("Target", "3000")
    '<div class="jass-row"><b>Target:</b> 3000</div>'
    """
    return f'<div class="jass-row"><b>{_e(label)}:</b> {body}</div>'


def teams_table_html(rows: Iterable[tuple[str, Any, Any]]) -> str:
    """A table with one column per team: ``rows`` are (label, team 0's value, team 1's value).

    >>> teams_table_html([("Tricks won", 5, 4)]).count("<td>")
    2
    """
    head = "".join(f"<th>{_e(h)}</th>" for h in ("", "team 0", "team 1"))
    body = "".join(
        f"<tr><th style='text-align:left'>{_e(label)}</th><td>{_e(str(a))}</td><td>{_e(str(b))}</td></tr>"
        for label, a, b in rows
    )
    return f'<table class="jass-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def play_position_html(
    contract: Contract,
    *,
    ruleset: Ruleset | None = None,
    style: str = "french",
    trick: Sequence[tuple[int, CardLike]] | None = None,
    trick_label: str = "Trick",
    last: bool = False,
    hand: Iterable[CardLike] | None = None,
    hand_label: str = "Hand",
) -> str:
    """A position in play: the contract, then the trick (if given; empty: the player leads), a line
    when it is the last trick of the hand, then the hand (if given), as labelled rows.

    >>> from jasslib import CLASSIC, Contract
    >>> m = play_position_html(Contract.HEARTS, ruleset=CLASSIC, trick=[(0, "A♣")], trick_label="Trick so far",
    ...                        hand="8♣ J♥", hand_label="Seat 1's hand", style="swiss")
    >>> m.count('class="jass-card"'), "Rosen trump (×2)" in m, "Seat 1&#x27;s hand:" in m
    (3, True, True)
    >>> "empty: you lead" in play_position_html(Contract.OBENABE, trick=[])
    True
    """
    rows = [labelled_html("Contract", _e(contract_label(contract, ruleset, style)))]
    if trick is not None:
        rows.append(labelled_html(trick_label, trick_html(trick, None, style) if trick else "empty: you lead"))
    if last:
        rows.append(labelled_html("Last trick of the hand", "yes"))
    if hand is not None:
        rows.append(labelled_html(hand_label, cards_html(hand, style)))
    return "".join(rows)


def declarations_position_html(
    contract: Contract,
    forehand: int,
    hands: Sequence[Iterable[CardLike]],
    declarations: Sequence[Declaration],
    *,
    ruleset: Ruleset | None = None,
    style: str = "french",
) -> str:
    """A Weis contest (W5–W7): the contract, forehand, then each seat in playing order from forehand
    with its cards and its declaration.

    >>> from jasslib import Contract, Declaration, best_declaration
    >>> hands = ["6♥ 7♥ 8♥", "", "", ""]
    >>> decls = [best_declaration(hands[0], Contract.CLUBS)] + [Declaration((), Contract.CLUBS)] * 3
    >>> m = declarations_position_html(Contract.CLUBS, 0, hands, decls)
    >>> m.count('class="jass-card"'), "Seat 3 (team 1):</b> no Weis" in m
    (3, True)
    """
    rows = [
        labelled_html("Contract", _e(contract_label(contract, ruleset, style))),
        labelled_html("Forehand", f"seat {int(forehand)}"),
    ]
    for k in range(4):
        seat = (int(forehand) + k) % 4
        cards = list(_as_cards(hands[seat]))
        shown = cards_html(cards, style) + " " if cards else ""
        rows.append(labelled_html(f"Seat {seat} (team {seat % 2})", shown + _e(declarations[seat].format(style))))
    return "".join(rows)


def teams_position_html(
    rows: Iterable[tuple[str, Any, Any]],
    *,
    contract: Contract | None = None,
    ruleset: Ruleset | None = None,
    target: int | None = None,
    style: str = "french",
) -> str:
    """A position of points per team: the target and contract (when given), then the table of ``rows``.

    >>> from jasslib import Contract
    >>> m = teams_position_html([("Weis", 20, 0)], contract=Contract.UNDENUFE, target=1000)
    >>> m.index("Target") < m.index("Undenufe") < m.index("<table")
    True
    """
    parts = []
    if target is not None:
        parts.append(labelled_html("Target", str(target)))
    if contract is not None:
        parts.append(labelled_html("Contract", _e(contract_label(contract, ruleset, style))))
    return "".join(parts) + teams_table_html(rows)


# ----------------------------------------------------------------------------- score sheets

_TABLE = "border-collapse:collapse;font-size:13px;background:#fff;color:#222"
_TH = "padding:3px 8px;border-bottom:2px solid #999;background:#f1f1f1;color:#222;text-align:center;font-weight:700"
_TD = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:right;vertical-align:top;"
_TD_LEFT = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;"
_TH_DARK = "padding:1px 3px;border-bottom:1px solid rgba(255,255,255,.6);font-weight:600;text-align:right"
_TD_DARK = "padding:1px 3px;text-align:right;border-bottom:1px solid rgba(255,255,255,.2)"
_TD_LEFT_DARK = (
    "padding:1px 3px;text-align:left;border-bottom:1px solid rgba(255,255,255,.2);line-height:1.1;white-space:nowrap"
)


def _hand_sheet(hs: HandScore, style: str) -> str:
    m = hs.multiplier

    def row(label: str, field: str, values: tuple[str, str], strong: bool = False) -> str:
        weight = "font-weight:700;border-top:2px solid #444;" if strong else ""
        cells = "".join(
            f'<td style="{_TD}{weight}" data-field="{field}" data-team="{t}">{_e(values[t])}</td>' for t in (0, 1)
        )
        return f'<tr><td style="{_TD_LEFT}{weight}">{_e(label)}</td>{cells}</tr>'

    def pair(f: Any) -> tuple[str, str]:
        return (f(0), f(1))

    rows = [
        row("card points", "card_points", pair(lambda t: str(hs.card_points[t]))),
        row("last trick", "last_trick", pair(lambda t: "+5" if hs.last_trick == t else "")),
    ]
    if hs.match is not None:
        rows.append(row("match (all nine tricks)", "match", pair(lambda t: "+100" if hs.match == t else "")))
    rows += [
        row("trick points", "trick_points", pair(lambda t: str(hs.trick_points[t]))),
        row(f"trick points × {m}", "trick_score", pair(lambda t: str(hs.trick_score[t]))),
        row(f"Weis (recorded ×{m})", "weis", pair(lambda t: f"+{hs.weis[t]}")),
        row(f"Stöck (recorded ×{m})", "stoeck", pair(lambda t: f"+{hs.stoeck[t]}")),
        row("hand total", "total", pair(lambda t: str(hs.total[t])), strong=True),
    ]
    notes = []
    if hs.revoke is not None:
        notes.append(f"revoke by team {int(hs.revoke)}: the other team scores {HAND_TOTAL} trick points (G5)")
    if hs.match is not None:
        notes.append(f"team {int(hs.match)} took all nine tricks: a match, +100 (O7)")
    note = "".join(f'<div style="font-size:12px;margin-top:3px">{_e(n)}</div>' for n in notes)
    head = f'<th style="{_TH}">{_e(hs.contract.format(style))} ×{m}</th>'
    head += "".join(f'<th style="{_TH}">team {t}</th>' for t in (0, 1))
    return (
        f'<div class="jass-score-sheet" data-kind="hand" style="display:inline-block;padding:6px;border-radius:8px;'
        f'background:#fff;color:#222;{_FONT}"><table style="{_TABLE}"><tr>{head}</tr>{"".join(rows)}</table>'
        f"{note}</div>"
    )


def _cell(field: str, team: int, hand: int | str, text: str, extra: str = "", css: str = "") -> str:
    return (
        f'<td style="{_TD}{css}" data-field="{field}" data-team="{team}" data-hand="{hand}">{extra}{_e(text)}</td>'
    )


def score_sheet_html(
    scores: Game | HandScore | Sequence[HandScore],
    style: str = "french",
    *,
    target: int | None = None,
) -> str:
    """A score sheet: of one :class:`~jasslib.scoring.HandScore`, or of a game.

    A hand's sheet adds up, per team, card points, last trick, match, the
    multiplier, Weis and Stöck to the hand total (H1, H2).  A game's sheet
    (a :class:`~jasslib.game.Game` or a list of HandScores) has one row per
    hand: contract and multiplier, each team's trick points (after the
    multiplier, the raw points in small type), Weis, Stöck and hand total,
    and the running totals; then a hand stopped by a claim or still in play,
    the target line with each team's distance to it, and how the game ended
    (winner, Schneider, G4).  Every number cell carries ``data-field``,
    ``data-team`` and ``data-hand`` attributes.

    >>> from jasslib import Contract, hand_score
    >>> hs = hand_score((95, 57), (5, 4), 0, Contract.HEARTS, weis=(20, 0))
    >>> m = score_sheet_html(hs)
    >>> 'data-field="total" data-team="0">240<' in m, 'data-field="total" data-team="1">114<' in m
    (True, True)
    >>> m = score_sheet_html([hs, hs], target=1000)
    >>> 'data-field="running" data-team="0" data-hand="2">480<' in m, "520 to go" in m
    (True, True)
    """
    from .game import Game
    from .scoring import HandScore

    if isinstance(scores, HandScore):
        return _hand_sheet(scores, style)
    if isinstance(scores, Game):
        hand_scores = list(scores.hand_scores)
        rounds: Sequence[Round] = scores.rounds
        target = scores.ruleset.target if target is None else target
        end = scores.end
        current = None if scores.over else scores.round
        final = scores.scores
    else:
        if not isinstance(scores, (list, tuple)):
            raise ArgumentError(f"a score sheet is of a HandScore, a Game or a list of HandScores, got "
                                f"{excerpt(scores)}")
        hand_scores = list(scores)
        for hs in hand_scores:
            if not isinstance(hs, HandScore):
                raise ArgumentError(f"expected HandScores, got {excerpt(hs)}")
        rounds, end, current = (), None, None
        final = (sum(h.total[0] for h in hand_scores), sum(h.total[1] for h in hand_scores))
    rows = []
    running = [0, 0]
    for i, hs in enumerate(hand_scores):
        n = i + 1
        who = ""
        if i < len(rounds):
            r = rounds[i]
            who = f"by seat {int(r.chooser)}" + (" after schieben" if r.pushed else "")
        running = [running[0] + hs.total[0], running[1] + hs.total[1]]
        cells = []
        for t in (0, 1):
            raw = f"<small>{hs.trick_points[t]}×{hs.multiplier} </small>" if hs.multiplier != 1 else ""
            tag = " match" if hs.match == t else " revoke" if hs.revoke == t else ""
            cells.append(_cell("trick_score", t, n, f"{hs.trick_score[t]}{tag}", raw))
            cells.append(_cell("weis", t, n, str(hs.weis[t])))
            cells.append(_cell("stoeck", t, n, str(hs.stoeck[t])))
            cells.append(_cell("total", t, n, str(hs.total[t]), css="font-weight:700;"))
        cells += [_cell("running", t, n, str(running[t]), css="background:#f6f6f6;") for t in (0, 1)]
        rows.append(_game_row(n, hs.contract.format(style), who, hs.multiplier, cells))
    partial: Round | None = None
    label, totals = "", (0, 0)
    if end is not None and len(rounds) > len(hand_scores):
        partial, label = rounds[len(hand_scores)], "stopped: claim"
        totals = (end.scores[0] - running[0], end.scores[1] - running[1])
    elif current is not None and current.contract is not None:
        partial, label = current, "in play"
        totals = (final[0] - running[0], final[1] - running[1])
    if partial is not None:
        n = len(hand_scores) + 1
        w, s = partial.weis_recorded, partial.stoeck_recorded
        cells = []
        for t in (0, 1):
            if current is not None:  # trick points are written at the end of the hand (H2)
                text = "in play"
            else:  # what the claim added: captured card points × multiplier, Stöck claimed early (G2)
                stich = totals[t] - w[t] - s[t]
                text = f"+{stich} claim" if stich else "0"
            cells.append(_cell("trick_score", t, n, text))
            cells.append(_cell("weis", t, n, str(w[t])))
            cells.append(_cell("stoeck", t, n, str(s[t])))
            cells.append(_cell("total", t, n, str(totals[t]), css="font-weight:700;"))
        running = [running[0] + totals[0], running[1] + totals[1]]
        cells += [_cell("running", t, n, str(running[t]), css="background:#f6f6f6;") for t in (0, 1)]
        contract = "—" if partial.contract is None else partial.contract.format(style)
        rows.append(_game_row(n, contract, label, partial.multiplier, cells, italic=True))
    if not rows:
        rows.append(f'<tr><td colspan="13" style="{_TD_LEFT}font-style:italic">no hand finished yet</td></tr>')
    foot = ""
    if target is not None:
        left = []
        for t in (0, 1):
            gap = target - running[t]
            text = "✓ reached" if gap <= 0 else f"{gap} to go"
            left.append(f'<td style="{_TD}border-top:2px dashed #c00;font-weight:700" data-field="to_go" '
                        f'data-team="{t}">{_e(text)}</td>')
        foot += (
            f'<tr><td colspan="11" style="{_TD_LEFT}border-top:2px dashed #c00;font-weight:700" data-field="target">'
            f"target {target}</td>{''.join(left)}</tr>"
        )
    head = (
        f'<tr><th style="{_TH}" rowspan="2">hand</th><th style="{_TH}" rowspan="2">contract</th>'
        f'<th style="{_TH}" rowspan="2">×</th><th style="{_TH}" colspan="4">team 0 (seats 0 &amp; 2)</th>'
        f'<th style="{_TH}" colspan="4">team 1 (seats 1 &amp; 3)</th><th style="{_TH}" colspan="2">running</th></tr>'
        "<tr>" + "".join(f'<th style="{_TH}">{h}</th>' for h in ("tricks", "Weis", "Stöck", "total") * 2)
        + f'<th style="{_TH}">team 0</th><th style="{_TH}">team 1</th></tr>'
    )
    bars = ""
    if target:
        bars = "".join(_progress(t, running[t], target) for t in (0, 1))
    result = ""
    if end is not None:
        games = f" The win counts as {end.games} games." if end.games != 1 else ""
        result = (
            f'<div style="font-weight:700;margin-top:4px;max-width:700px" data-field="result">'
            f"{_e(str(end))}{_e(games)}</div>"
        )
    return (
        f'<div class="jass-score-sheet" data-kind="game" style="display:inline-block;padding:6px;border-radius:8px;'
        f'background:#fff;color:#222;{_FONT}"><table style="{_TABLE}">{head}{"".join(rows)}{foot}</table>'
        f"{bars}{result}</div>"
    )


def _game_row(n: int, contract: str, who: str, mult: int, cells: list[str], italic: bool = False) -> str:
    css = "font-style:italic;" if italic else ""
    who_html = f"<br><small>{_e(who)}</small>" if who else ""
    return (
        f'<tr data-hand="{n}"><td style="{_TD}{css}">{n}</td><td style="{_TD_LEFT}{css}">{_e(contract)}{who_html}</td>'
        f'<td style="{_TD}{css}" data-field="multiplier" data-hand="{n}">{mult}</td>{"".join(cells)}</tr>'
    )


def _progress(team: int, total: int, target: int) -> str:
    share = max(0.0, min(1.0, total / target))
    return (
        f'<div style="display:flex;align-items:center;gap:6px;margin-top:4px;font-size:12px">'
        f'<span style="width:52px">team {team}</span><span style="flex:1;max-width:420px;height:10px;'
        f'border:1px solid #888;border-radius:5px;background:#eee;overflow:hidden;display:block">'
        f'<span style="display:block;height:100%;width:{share * 100:.1f}%;background:'
        f'{"#2b6cb0" if team == 0 else "#c05621"}"></span></span>'
        f"<span>{total} / {target}</span></div>"
    )


# ---------------------------------------------------------------------------------------------
# Rule ids as links to the rule book (docs/rules.html), or as the rule's text shown where the id is clicked.

_MARKUP = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
_TAG_NAME = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
_NO_LINKS = frozenset({"a", "code", "label", "script", "style", "textarea", "title"})
"""Elements whose text is never linked: an existing link or rule note, code, and text that is not shown as prose."""

RULE_NOTE_CSS = (
    "<style>.jass-rule-toggle:checked~.jass-rule-text{display:block!important}"
    ".jass-rule-toggle:focus-visible+.jass-rule-id{outline:2px solid #1a5fb4;outline-offset:1px}"
    ".jass-rule-toggle:checked+.jass-rule-id{background:#e8f0fb}</style>"
)
"""The style rules a rule note needs (a checked note shows its text): :func:`link_rules` adds them once to each
text that has notes (a widget that joins several such texts carries a copy per text; they are the same rules)."""

_NOTE_TEXT_STYLE = (
    "display:none;position:relative;z-index:5;box-sizing:border-box;max-width:36em;margin:4px 0 6px;"
    "padding:6px 10px;border:1px solid #9db4d6;border-left:4px solid #1a5fb4;border-radius:4px;"
    "background:#f7faff;color:#222;font-size:13px;font-weight:normal;font-style:normal;line-height:1.4;"
    "text-align:left;white-space:normal;cursor:auto"
)


def link_rules(html_text: str, base: str = RULE_PAGE, in_place: bool = False) -> str:
    """``html_text`` with every rule id (``P4``, ``W2`` in "(W2, W3)" …) linked to its rule.

    ``html_text`` is HTML (already escaped); only its text is touched, never a tag, an attribute, a
    comment, or the text inside an existing link or rule note, ``<code>``, ``<script>``, ``<style>``,
    ``<textarea>`` or ``<title>``, so linking twice changes nothing.

    A link opens the rule book at the rule (``base#p4``, see :func:`jasslib.rulebook.rule_url`) in a new
    tab and has the rule's title as its tooltip.  ``base`` is the rule book's address: the default
    ``../docs/rules.html`` (:data:`jasslib.rulebook.RULE_PAGE`, the rendered page) suits the notebooks in
    ``notebooks/`` and the app in ``app/``; a URL or another relative path works alike.

    ``in_place=True`` (the widgets) makes each id a **rule note** instead: clicking the id shows the rule's
    text right there (:func:`jasslib.rulebook.rule_text_html`), with a link to the whole rule book at the
    rule; clicking it again hides it.  It is HTML and CSS only (a checkbox in a ``<label>``, shown by
    :data:`RULE_NOTE_CSS`, added once), so it works in JupyterLab, in Voilà and in a saved HTML page
    without a kernel, and it may stand inside a paragraph (the text is made of spans).

    >>> print(link_rules("<p>You may not under-trump (P4).</p>"))
    <p>You may not under-trump (<a class="jass-rule" href="../docs/rules.html#p4" target="_blank" \
title="P4: No under-trumping">P4</a>).</p>
    >>> link_rules(link_rules("W2")) == link_rules("W2")
    True
    >>> link_rules('<span title="P4">W9, P44, <code>P4</code></span>')
    '<span title="P4">W9, P44, <code>P4</code></span>'
    >>> note = link_rules("Never under-trump (P4).", in_place=True)
    >>> note.count('<label class="jass-rule-note" data-rule="P4">'), "weaker than the strongest trump" in note
    (1, True)
    >>> link_rules(note, in_place=True) == note
    True
    """
    if not isinstance(html_text, str):
        raise ArgumentError(f"link_rules takes HTML text (a str), got {excerpt(html_text)}")
    if not isinstance(base, str):
        raise ArgumentError(f"base: the rule book's address (a path or a URL), got {excerpt(base)}")
    out: list[str] = []
    skip = 0
    noted = False
    for piece in _MARKUP.split(html_text):
        if not piece:
            continue
        if piece.startswith("<"):
            tag = _TAG_NAME.match(piece)
            if tag and tag.group(2).lower() in _NO_LINKS and not piece.endswith("/>"):
                skip = max(0, skip - 1) if tag.group(1) else skip + 1
            out.append(piece)
        elif skip:
            out.append(piece)
        else:
            linked = RULE_ID_PATTERN.sub(lambda m: _rule_link(m.group(0), base, in_place), piece)
            noted = noted or linked != piece
            out.append(linked)
    if in_place and noted and RULE_NOTE_CSS not in html_text:
        out.append(RULE_NOTE_CSS)
    return "".join(out)


def _rule_link(rule_id: str, base: str, in_place: bool = False) -> str:
    title = html.escape(f"{rule_id}: {rule_title(rule_id)}", quote=True)
    href = html.escape(rule_url(rule_id, base), quote=True)
    link = f'<a class="jass-rule" href="{href}" target="_blank" title="{title}">{rule_id}</a>'
    if not in_place:
        return link
    heading = html.escape(f"{rule_id} · {rule_title(rule_id)}")
    return (
        f'<label class="jass-rule-note" data-rule="{rule_id}">'
        '<input type="checkbox" class="jass-rule-toggle" '
        f'aria-label="{rule_id}: show the rule" '
        'style="appearance:none;-webkit-appearance:none;opacity:0;width:0;height:0;margin:0;padding:0;border:0;'
        'pointer-events:none;vertical-align:middle">'
        f'<span class="jass-rule-id" title="{title} (click to read the rule)" style="color:#1a5fb4;'
        f'text-decoration:underline dotted;cursor:pointer;border-radius:3px">{rule_id}</span>'
        f'<span class="jass-rule-text" role="note" style="{_NOTE_TEXT_STYLE}">'
        f'<span style="display:block;font-weight:bold">{heading}</span>'
        f"{rule_text_html(rule_id, base)}"
        f'<span style="display:block;margin-top:4px">{link} in the whole rule book ↗ · click the id again to '
        "close</span></span></label>"
    )


# ---------------------------------------------------------------------------------------------
# Notebook hooks: the engine's values show as pictures in Jupyter.  They are attached here, when
# display is imported (the package imports it), so the engine's layers never import display.

_HOOK = "_repr_html_"
_HOOKS: tuple[tuple[type, Any], ...] = (
    (Card, card_html), (CardSet, cards_html), (Declaration, declaration_html), (ContestResult, contest_html),
    (HandScore, score_sheet_html), (Game, score_sheet_html), (Round, round_html), (RoundView, table_html),
)
for _cls, _draw in _HOOKS:  # a function set on the class becomes the method (Enum: set after the class body)
    setattr(_cls, _HOOK, _draw)
