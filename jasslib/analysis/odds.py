"""Weis and Stöck odds: the exact probabilities of W2, W3 and S1 for one hand, and the same events counted
from the engine on dealt hands.

Exact odds count 9-card hands out of the 36 cards (C(36, 9) = 94,143,280 hands) with suit patterns:
a suit's cards are a 9-bit pattern, so the hands in which every suit has some property are the
coefficient of x⁹ in the fourth power of that property's pattern polynomial (see :func:`count_hands`).
Four of a kind fixes one rank in every suit; inclusion–exclusion over the ranks does the rest.  The
empirical side asks the engine (:func:`~jasslib.weis.find_weis`, :func:`~jasslib.weis.has_weis`,
:func:`~jasslib.weis.has_stoeck`); :func:`weis_check` sets the two side by side.

>>> p_four_of_a_kind([5]), round(float(p_four_of_a_kind([5])), 5)   # four jacks: C(32, 5) / C(36, 9)
(Fraction(2, 935), 0.00214)
>>> p_four_of_a_kind([5]) == Fraction(comb(32, 5), comb(36, 9))
True
>>> round(float(p_stoeck()), 4), round(float(4 * p_stoeck()), 4)   # one hand; anywhere at the table
(0.0571, 0.2286)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, islice
from math import comb
from typing import TYPE_CHECKING

from .. import _check
from ..cards import Rank
from ..errors import ArgumentError, excerpt
from ..rulesets import CLASSIC, Ruleset
from ..weis import four_points

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "TOTAL_HANDS",
    "RANK_NAMES",
    "longest_run",
    "count_hands",
    "p_holds",
    "p_stoeck",
    "p_sequence_at_least",
    "p_longest_sequence",
    "p_four_of_a_kind",
    "p_any_weis",
    "weis_ranks",
    "exact_weis_table",
    "weis_events",
    "weis_check",
]


DECK_SIZE = 36
HAND_SIZE = 9
TOTAL_HANDS = comb(DECK_SIZE, HAND_SIZE)
"""The number of different 9-card hands: C(36, 9) = 94,143,280."""
RANK_NAMES = ("sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces")
"""Rank index 0..8 (6 7 8 9 10 J Q K A) to a plural name, as in the frame's ``fh_*`` columns."""


# ----------------------------------------------------------------------------------------------
# Exact combinatorics


def longest_run(pattern: int) -> int:
    """The longest run of adjacent set bits in a 9-bit suit pattern (bit 0 = 6, ..., bit 8 = A).

    >>> longest_run(0b000111011), longest_run(0), longest_run(0b111111111)
    (3, 0, 9)
    """
    pattern = _check.whole(pattern, "pattern (a suit's 9 bits)", high=511)
    best = run = 0
    for r in range(9):
        run = run + 1 if pattern >> r & 1 else 0
        best = max(best, run)
    return best


@cache
def _suit_polynomial(max_run: int, required: int) -> tuple[int, ...]:
    """Coefficient k: the 9-bit patterns with k cards that contain ``required`` and no run of ``max_run``."""
    poly = [0] * 10
    for pattern in range(512):
        if pattern & required == required and longest_run(pattern) < max_run:
            poly[pattern.bit_count()] += 1
    return tuple(poly)


@cache
def _count(max_run: int, required: int) -> int:
    poly = [1] + [0] * HAND_SIZE  # the product over the suits, truncated at x^9
    suit = _suit_polynomial(max_run, required)
    for _ in range(4):
        poly = [sum(poly[i] * suit[k - i] for i in range(k + 1)) for k in range(HAND_SIZE + 1)]
    return poly[HAND_SIZE]


def count_hands(max_run: int | None = None, four_of: Iterable[int] = ()) -> int:
    """The number of 9-card hands in which no suit has a run of ``max_run`` adjacent ranks (None: no
    limit) and which hold all four cards of every rank index in ``four_of`` (0 = 6, ..., 8 = A).

    Each suit contributes a polynomial whose coefficient k counts its allowed patterns of k cards; the
    hands are the coefficient of x⁹ in the product of the four suits' polynomials.

    >>> count_hands() == TOTAL_HANDS == 94_143_280
    True
    >>> count_hands(four_of=[8]) == comb(32, 5), count_hands(four_of=[7, 8]) == comb(28, 1)
    (True, True)
    >>> count_hands(four_of=[4, 5, 6])                  # twelve cards do not fit in nine
    0
    >>> count_hands(max_run=2) > 0                       # hands with no two adjacent ranks in any suit
    True
    """
    required = 0
    for rank in _ranks(four_of, "four_of"):
        required |= 1 << rank
    limit = 10 if max_run is None else _check.whole(max_run, "max_run", low=1, high=DECK_SIZE)
    return _count(limit, required)


def _ranks(ranks: Iterable[int], what: str) -> set[int]:
    """Rank indexes 0 (six) to 8 (ace) or :class:`~jasslib.Rank` members, checked: a list of at most 36."""
    if isinstance(ranks, (str, bytes)) or not isinstance(ranks, Iterable):
        raise ArgumentError(f"{what}: rank indexes 0 (six) to 8 (ace) in a list, got {excerpt(ranks)}")
    items = list(islice(ranks, DECK_SIZE + 1))
    if len(items) > DECK_SIZE:
        raise ArgumentError(f"{what}: at most {DECK_SIZE} rank indexes, got more")
    return {int(rank) if isinstance(rank, Rank) else _check.whole(rank, f"{what}: a rank index (0 = six to 8 = ace)",
                                                                    high=8) for rank in items}


def p_holds(cards: int) -> Fraction:
    """The probability that a 9-card hand holds ``cards`` given cards: C(36 − n, 9 − n) / C(36, 9).

    >>> p_holds(2) == Fraction(comb(34, 7), comb(36, 9)), p_holds(0), p_holds(10)
    (True, Fraction(1, 1), Fraction(0, 1))
    """
    cards = _check.whole(cards, "cards (a number of cards)", high=DECK_SIZE)
    if cards > HAND_SIZE:
        return Fraction(0)
    return Fraction(comb(DECK_SIZE - cards, HAND_SIZE - cards), TOTAL_HANDS)


def p_stoeck() -> Fraction:
    """S1: the probability that one given hand holds the K and Q of a named trump, C(34, 7) / C(36, 9).

    At most one hand holds both cards, so the chance that some hand at the table has Stöck is four times
    this (about 23%).

    >>> p_stoeck()
    Fraction(2, 35)
    """
    return p_holds(2)


def p_sequence_at_least(length: int) -> Fraction:
    """W2: the probability that a 9-card hand holds a run of at least ``length`` adjacent ranks in one suit.

    >>> round(float(p_sequence_at_least(3)), 4), p_sequence_at_least(1), p_sequence_at_least(10)
    (0.2666, Fraction(1, 1), Fraction(0, 1))
    >>> p_sequence_at_least(9) == Fraction(4, TOTAL_HANDS)          # a whole suit
    True
    >>> p_sequence_at_least(8) == Fraction(4 * (28 + 28 - 1), TOTAL_HANDS)   # 6–K or 7–A of one suit
    True
    """
    length = _check.whole(length, "length (of a sequence)", low=None, high=DECK_SIZE)
    if length <= 0:
        return Fraction(1)
    if length > 9:
        return Fraction(0)
    return 1 - Fraction(count_hands(max_run=length), TOTAL_HANDS)


def p_longest_sequence(length: int) -> Fraction:
    """The probability that the hand's longest run in one suit has exactly ``length`` cards (0..9).

    >>> sum(p_longest_sequence(n) for n in range(10))
    Fraction(1, 1)
    """
    length = _check.whole(length, "length (of a sequence)", high=DECK_SIZE - 1)
    return p_sequence_at_least(length) - p_sequence_at_least(length + 1)


def p_four_of_a_kind(ranks: Iterable[int]) -> Fraction:
    """W3: the probability that a hand holds all four cards of at least one of the rank indexes ``ranks``.

    By inclusion–exclusion over the sets of ranks held complete: for one rank C(32, 5) / C(36, 9).

    >>> p_four_of_a_kind([3]) == p_four_of_a_kind([8]) == Fraction(comb(32, 5), comb(36, 9))
    True
    >>> p_four_of_a_kind([4, 5]) == 2 * p_holds(4) - p_holds(8)
    True
    """
    ranks = sorted(_ranks(ranks, "ranks"))
    total = Fraction(0)
    for k in range(1, len(ranks) + 1):
        for subset in combinations(ranks, k):
            total += (-1) ** (k + 1) * Fraction(count_hands(four_of=subset), TOTAL_HANDS)
    return total


def weis_ranks(ruleset: Ruleset = CLASSIC) -> tuple[int, ...]:
    """W3: the rank indexes whose four of a kind is a Weis: 10 J Q K A, and 9 when the ruleset counts it.

    >>> from jasslib import MODERN
    >>> weis_ranks(), weis_ranks(MODERN)
    ((4, 5, 6, 7, 8), (3, 4, 5, 6, 7, 8))
    """
    rs = Ruleset.parse(ruleset)
    return tuple(r for r in range(9) if four_points(r, rs) is not None)


def p_any_weis(ruleset: Ruleset = CLASSIC) -> Fraction:
    """The probability that a 9-card hand holds at least one Weis (a run of 3, or a four of a Weis rank).

    One minus the hands with no run of 3 and no such four, counted by inclusion–exclusion over the sets
    of fours held complete.

    >>> from jasslib import MODERN
    >>> round(float(p_any_weis()), 4), float(p_any_weis(MODERN)) > float(p_any_weis())
    (0.2752, True)
    """
    ranks = weis_ranks(ruleset)
    none = Fraction(0)
    for k in range(len(ranks) + 1):
        for subset in combinations(ranks, k):
            none += (-1) ** k * Fraction(count_hands(max_run=3, four_of=subset), TOTAL_HANDS)
    return 1 - none


def _events(ruleset: Ruleset) -> list[tuple[str, str, Fraction]]:
    """(event, how it is counted, exact probability) for one 9-card hand."""
    fours = weis_ranks(ruleset)
    seq = ruleset.sequence_scale
    rows = [
        ("a sequence (3+ cards)", "suit patterns", p_sequence_at_least(3)),
        (f"longest sequence 3 cards ({seq[0]})", "suit patterns", p_longest_sequence(3)),
        (f"longest sequence 4 cards ({seq[1]})", "suit patterns", p_longest_sequence(4)),
        (f"longest sequence 5+ cards ({seq[2]}+)", "suit patterns", p_sequence_at_least(5)),
        (f"four jacks ({four_points(Rank.JACK, ruleset)})", "C(32,5)/C(36,9)", p_four_of_a_kind([Rank.JACK])),
        (f"four aces ({four_points(Rank.ACE, ruleset)})", "C(32,5)/C(36,9)", p_four_of_a_kind([Rank.ACE])),
    ]
    nines = four_points(Rank.NINE, ruleset)
    if nines is not None:
        rows.append((f"four nines ({nines})", "C(32,5)/C(36,9)", p_four_of_a_kind([Rank.NINE])))
    rows += [
        ("some four of a kind", "inclusion-exclusion", p_four_of_a_kind(fours)),
        ("any Weis", "patterns + incl.-excl.", p_any_weis(ruleset)),
        ("Stöck (K+Q of a named trump)", "C(34,7)/C(36,9)", p_stoeck()),
    ]
    return rows


def exact_weis_table(ruleset: Ruleset = CLASSIC) -> pd.DataFrame:
    """The exact probability of each Weis event for one 9-card hand (W2, W3, S1), as a table.

    Columns: ``how`` (the counting method), ``exact`` (a float), ``one in`` (1 / probability) and
    ``fraction`` (the exact value).

    >>> t = exact_weis_table()
    >>> t.loc["four jacks (200)", "fraction"] == Fraction(comb(32, 5), comb(36, 9))
    True
    >>> float(t.loc["some four of a kind", "exact"]) < float(t.loc["a sequence (3+ cards)", "exact"])
    True
    """
    ruleset = Ruleset.parse(ruleset)
    import pandas as pd

    rows = _events(ruleset)
    return pd.DataFrame(
        {
            "how": [h for _, h, _ in rows],
            "exact": [float(p) for _, _, p in rows],
            "one in": [round(float(1 / p), 1) for _, _, p in rows],
            "fraction": [p for _, _, p in rows],
        },
        index=pd.Index([e for e, _, _ in rows], name="event"),
    )


# ----------------------------------------------------------------------------------------------
# Empirical Weis frequencies, from the engine


def weis_events(masks: Iterable[int], ruleset: Ruleset = CLASSIC) -> pd.DataFrame:
    """One row per hand mask, from the engine: the longest sequence :func:`~jasslib.weis.find_weis` lists,
    one column per four of a kind that is a Weis (``four_jacks``, ...), ``any_weis``
    (:func:`~jasslib.weis.has_weis`) and ``stoeck_clubs`` (:func:`~jasslib.weis.has_stoeck` with ♣ trump).

    >>> from jasslib import CardSet
    >>> e = weis_events([CardSet.parse("J♣ J♠ J♥ J♦ 6♥ 7♥ 8♥ Q♣ K♣").mask])
    >>> e[["longest_sequence", "four_jacks", "four_aces", "any_weis", "stoeck_clubs"]].astype(int).iloc[0].tolist()
    [3, 1, 0, 1, 1]
    """
    ruleset = Ruleset.parse(ruleset)
    import pandas as pd

    from ..cards import CardSet
    from ..contracts import Contract
    from ..weis import find_weis, has_stoeck, has_weis

    ranks = weis_ranks(ruleset)
    if isinstance(masks, (str, bytes)) or not isinstance(masks, Iterable):
        raise ArgumentError(f"masks: hand masks (whole numbers of 36 bits) in a list or array, got {excerpt(masks)}")
    rows = []
    for m in masks:
        if not _check.is_whole(m) or not 0 <= m < 1 << DECK_SIZE:
            raise ArgumentError(f"masks: a hand mask is a whole number of 36 bits, got {excerpt(m)}")
        hand = CardSet.from_mask(int(m))
        found = find_weis(hand, ruleset)
        fours = {int(w.rank) for w in found if w.rank is not None}  # rank: None for a sequence
        rows.append((max((w.length for w in found if w.is_sequence), default=0),
                     *(r in fours for r in ranks), has_weis(hand, ruleset), has_stoeck(hand, Contract.CLUBS)))
    columns = ["longest_sequence", *(f"four_{RANK_NAMES[r]}" for r in ranks), "any_weis", "stoeck_clubs"]
    return pd.DataFrame.from_records(rows, columns=columns)


def weis_check(hands: Sequence[int] | pd.DataFrame, ruleset: Ruleset = CLASSIC) -> pd.DataFrame:
    """:func:`exact_weis_table` beside the frequencies of the same events among ``hands``: hand masks, or
    the frame :func:`weis_events` made of them (with the same ``ruleset``).

    ``z`` is (empirical − exact) / standard error, the standard error of a proportion over independent
    hands; the four hands of one deal are slightly dependent, so read ``|z|`` below about 3 as agreement.

    >>> from jasslib.fast import deal_batch
    >>> check = weis_check(deal_batch(seed=1, start=0, count=500).ravel())
    >>> list(check.columns), bool((check.z.abs() < 5).all())
    (['how', 'exact', 'empirical', 'hands', 'z'], True)
    """
    ruleset = Ruleset.parse(ruleset)
    import numpy as np
    import pandas as pd

    if not isinstance(hands, pd.DataFrame) and (isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable)):
        raise ArgumentError(f"hands: hand masks in a list or array, or the frame of weis_events, got {excerpt(hands)}")
    events = hands if isinstance(hands, pd.DataFrame) else weis_events(hands, ruleset)
    _check.frame(events, "hands", ("longest_sequence", "four_jacks", "four_aces", "any_weis", "stoeck_clubs"))
    seq = events["longest_sequence"]
    four_cols = [c for c in events.columns if c.startswith("four_")]
    hits = [seq >= 3, seq == 3, seq == 4, seq >= 5, events["four_jacks"], events["four_aces"]]
    if ruleset.four_nines is not None:
        hits.append(events["four_nines"])
    hits += [events[four_cols].any(axis=1), events["any_weis"], events["stoeck_clubs"]]
    table = exact_weis_table(ruleset)[["how", "exact"]].copy()
    n = len(events)
    table["empirical"] = [float(np.mean(h)) if n else float("nan") for h in hits]
    table["hands"] = n
    se = np.sqrt(table["exact"] * (1 - table["exact"]) / max(n, 1))
    table["z"] = ((table["empirical"] - table["exact"]) / se).round(2)
    return table
