"""HTML for an exercise's position, in the French or the Swiss card style.

The exercises draw their position themselves (``Exercise.position_html()``), in the French style.
For the ``style="swiss"`` option the trainers lay out the values of ``Exercise.position`` (see
``docs/exercises_api.md``) with :func:`position_html`, which uses the helpers of
:mod:`jasslib.display` and states no rule.

>>> from jasslib import CardSet, Contract, Seat
>>> html = position_html({"hand": CardSet.parse("A♣ 10♥"), "contract": Contract.HEARTS, "seat": Seat(2)})
>>> "♥ trump" in html and html.count('class="jass-card"') == 2
True
>>> "Rosen trump" in position_html({"contract": Contract.HEARTS}, style="swiss")
True
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Mapping
from typing import Any

from .. import display
from ..cards import Card, CardSet
from ..contracts import Contract
from ..rulesets import Ruleset
from ..seats import Seat, Team
from ._common import cards_row_html, display_function

__all__ = ["position_html", "value_html", "exercise_position_html"]

# Labels of the known position keys, in display order (docs/exercises_api.md).
_LABELS: dict[str, str] = {
    "contract": "Contract",
    "forehand": "Forehand",
    "seat": "Your seat",
    "hand": "Your hand",
    "hands": "Hands",
    "trick": "Trick so far",
    "last": "Last trick of the hand",
    "declarations": "Declarations",
    "card_points": "Card points captured",
    "tricks": "Tricks won",
    "last_trick": "Last trick won by",
    "weis": "Weis (before the multiplier)",
    "stoeck": "Stöck (before the multiplier)",
    "recorded": "Recorded before this hand",
    "additions": "This hand adds (multiplied)",
    "target": "Target",
}
_ADDITIONS = {"stoeck": "Stöck", "weis": "Weis", "stich": "Trick points"}
_HIDDEN = {"case"}  # the generator's teaching case: not for the learner's eyes


def value_html(value: Any, style: str = "french") -> str:
    """One position value as HTML (cards as card chips, seats and teams in words).

    >>> value_html((3, 5))
    'team 0: 3 &nbsp;·&nbsp; team 1: 5'
    >>> value_html(Team.T1), value_html(None), value_html(True)
    ('team 1', 'nobody', 'yes')
    """
    if value is None:
        return "nobody"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card):
        return display.card_html(value, style)
    if isinstance(value, CardSet):
        return cards_row_html(value, style)
    if isinstance(value, Contract):
        return html.escape(value.format(style))
    if isinstance(value, (Seat, Team)):
        return html.escape(str(value))
    if _is_trick(value):
        return display.trick_html(value, None, style)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"team 0: {value[0]} &nbsp;·&nbsp; team 1: {value[1]}"
    if isinstance(value, Mapping):
        rows = "".join(f"<li>{html.escape(_ADDITIONS.get(str(k), str(k)))}: {value_html(v, style)}</li>"
                       for k, v in value.items())
        return f'<ul style="margin:0">{rows}</ul>'
    if isinstance(value, tuple) and len(value) == 4:
        rows = "".join(f"<li>seat {i}: {value_html(v, style)}</li>" for i, v in enumerate(value))
        return f'<ul style="margin:0">{rows}</ul>'
    fmt = getattr(value, "format", None)
    if callable(fmt) and not isinstance(value, str):
        try:
            return html.escape(str(fmt(style)))
        except (TypeError, ValueError, KeyError, IndexError):
            pass
    return html.escape(str(value))


def _is_trick(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[1], Card) for p in value)
    )


def _declarations_html(decls: Any, style: str) -> str:
    declaration_html = display_function("declaration_html")
    rows = []
    by_seat = len(decls) == 4
    for i, d in enumerate(decls):
        who = f"seat {i} (team {i % 2})" if by_seat else f"#{i + 1}"
        body = declaration_html(d, style=style) if declaration_html is not None else value_html(d, style)
        rows.append(f"<li>{who}: {body}</li>")
    return f'<ul style="margin:0">{"".join(rows)}</ul>'


def position_html(position: Mapping[str, Any], style: str = "french", ruleset: Ruleset | None = None) -> str:
    """An exercise's position as an HTML block: one labelled row per key.

    With ``ruleset`` the contract shows its multiplier (C3), as the exercises' own drawing does.
    """
    rows = []
    keys = [k for k in _LABELS if k in position] + [k for k in position if k not in _LABELS and k not in _HIDDEN]
    if position.get("declarations") and "hands" in keys:
        keys.remove("hands")  # the declarations show the cards that count
    for key in keys:
        value = position[key]
        if key == "last" and not value:
            continue
        if key == "contract" and isinstance(value, Contract) and ruleset is not None:
            body = html.escape(f"{value.format(style)} (×{ruleset.multiplier(value)})")
        elif key == "declarations":
            body = _declarations_html(value, style) if value else "none"
        elif key == "trick" and not value:
            body = "empty: you lead"
        else:
            body = value_html(value, style)
        label = html.escape(_LABELS.get(key, key.replace("_", " ").capitalize()))
        rows.append(f'<div class="jass-row"><b>{label}:</b> {body}</div>')
    return '<div class="jass-position">' + "".join(rows) + "</div>"


def exercise_position_html(exercise: Any, style: str = "french") -> str:
    """The position of ``exercise``: its own ``position_html()`` in the French style (or whenever it
    takes a ``style``), else :func:`position_html` of its ``position`` so that Swiss names show."""
    own = getattr(exercise, "position_html", None)
    if callable(own):
        if style == "french":
            return str(own())
        try:
            takes_style = "style" in inspect.signature(own).parameters
        except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
            takes_style = False
        if takes_style:
            return str(own(style=style))
    return position_html(exercise.position, style, getattr(exercise, "ruleset", None))
