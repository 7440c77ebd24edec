"""A round's history as a table (:func:`history_table`), one row per event, for notebooks to filter and show."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..errors import ArgumentError, excerpt
from ..round import Round

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["history_table"]


def history_table(rnd: Round, events: Iterable[str] | None = None, cards: Iterable[str] | None = None) -> pd.DataFrame:
    """A round's history (:attr:`~jasslib.round.Round.history`) as a table, one row per event, in order.

    ``seat`` and ``trick`` are nullable whole numbers (``Int8``; tricks numbered 1 to 9, as people count
    them) and ``card`` and ``detail`` are text, empty where an event has none, so no ``NaN`` appears.
    With ``events`` (kinds such as ``"weis"``) or ``cards`` (such as ``"Q♥"``) only the rows of those
    kinds or of those cards are kept.  To show the missing seats and tricks as blanks too:
    ``history_table(r).style.format(na_rep="")``.

    >>> from jasslib import Contract, Round
    >>> r = Round.deal(seed=2)
    >>> r.choose(Contract.HEARTS)
    >>> r.play(min(r.legal_cards()))
    >>> table = history_table(r)
    >>> table.dtypes.astype(str).to_dict()
    {'event': 'object', 'seat': 'Int8', 'card': 'object', 'trick': 'Int8', 'detail': 'object'}
    >>> table.values.tolist()[1:]
    [['contract', 0, '', <NA>, '♥ trump ×2'], ['play', 0, '6♣', 1, '']]
    >>> history_table(r, events=["contract"], cards=["6♣"]).event.tolist()
    ['contract', 'play']
    """
    import pandas as pd

    if not isinstance(rnd, Round):
        raise ArgumentError(f"expected a Round, got {excerpt(rnd)}")
    for what, given in (("events", events), ("cards", cards)):
        if given is not None and (isinstance(given, (str, bytes)) or not isinstance(given, (list, tuple, set))):
            raise ArgumentError(f"{what}: a list such as ['weis'] or ['Q♥'] (or None), got {excerpt(given)}")
    rows = rnd.history
    table = pd.DataFrame({
        "event": pd.Series([e["event"] for e in rows], dtype=object),
        "seat": pd.array([e["seat"] for e in rows], dtype="Int8"),
        "card": pd.Series([e["card"] or "" for e in rows], dtype=object),
        "trick": pd.array([None if e["trick"] is None else e["trick"] + 1 for e in rows], dtype="Int8"),
        "detail": pd.Series([e["detail"] or "" for e in rows], dtype=object),
    })
    if events is None and cards is None:
        return table
    keep = table.event.isin(list(events or ())) | table.card.isin([str(c) for c in cards or ()])
    return table[keep]
