"""Analysis helpers for the strategy notebooks: exact Weis and Stöck odds, best contracts per deal, plots.

An optional module: it needs numpy and pandas (the ``sim`` extra) and matplotlib for the plots (the
``notebooks`` extra); the core engine never imports it.  Nothing here restates a rule of play: the
empirical side asks the engine (:func:`~jasslib.weis.find_weis`, :func:`~jasslib.weis.has_weis`,
:func:`~jasslib.weis.has_stoeck`, :func:`~jasslib.simulation.simulate`), the exact side counts hands.

Exact odds count 9-card hands out of the 36 cards (C(36, 9) = 94,143,280 hands) with suit patterns:
a suit's cards are a 9-bit pattern, so the hands in which every suit has some property are the
coefficient of x⁹ in the fourth power of that property's pattern polynomial (see :func:`count_hands`).
Four of a kind fixes one rank in every suit; inclusion–exclusion over the ranks does the rest.

>>> p_four_of_a_kind([5]), round(float(p_four_of_a_kind([5])), 5)   # four jacks: C(32, 5) / C(36, 9)
(Fraction(2, 935), 0.00214)
>>> p_four_of_a_kind([5]) == Fraction(comb(32, 5), comb(36, 9))
True
>>> round(float(p_stoeck()), 4), round(float(4 * p_stoeck()), 4)   # one hand; anywhere at the table
(0.0571, 0.2286)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from .cards import Rank
from .ddtable import solved_contracts
from .rulesets import CLASSIC, Ruleset
from .simulation import CONTRACT_NAMES, summarize
from .weis import four_points

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

    from .cards import CardSet
    from .round import Round
    from .seats import Seat

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
    "best_contracts",
    "schieben_table",
    "compare_summaries",
    "raw_vs_multiplied",
    "hist_grid",
    "box_by_contract",
    "REVIEW_COLUMNS",
    "review",
    "review_totals",
    "dd_table",
    "dd_scores",
    "dd_best",
    "dd_vs_rule",
    "feature_fit",
    "TIP_KINDS",
    "tip_puur_naell",
    "tip_schieben",
    "tip_obenabe",
    "tip_weis",
    "tip_positions",
    "tip_summary",
    "TIP_SAMPLE_SEED",
    "TIP_SAMPLE_ROUNDS",
    "tip_sample",
    "sample_layouts",
    "best_by_layout",
    "review_losses",
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
    for rank in set(four_of):
        if not 0 <= rank <= 8:
            raise ValueError(f"a rank index is 0 (six) to 8 (ace), got {rank!r}")
        required |= 1 << rank
    limit = 10 if max_run is None else int(max_run)
    if limit < 1:
        raise ValueError(f"max_run must be at least 1, got {max_run!r}")
    return _count(limit, required)


def p_holds(cards: int) -> Fraction:
    """The probability that a 9-card hand holds ``cards`` given cards: C(36 − n, 9 − n) / C(36, 9).

    >>> p_holds(2) == Fraction(comb(34, 7), comb(36, 9)), p_holds(0), p_holds(10)
    (True, Fraction(1, 1), Fraction(0, 1))
    """
    if cards < 0:
        raise ValueError(f"a number of cards is at least 0, got {cards!r}")
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
    return p_sequence_at_least(length) - p_sequence_at_least(length + 1)


def p_four_of_a_kind(ranks: Iterable[int]) -> Fraction:
    """W3: the probability that a hand holds all four cards of at least one of the rank indexes ``ranks``.

    By inclusion–exclusion over the sets of ranks held complete: for one rank C(32, 5) / C(36, 9).

    >>> p_four_of_a_kind([3]) == p_four_of_a_kind([8]) == Fraction(comb(32, 5), comb(36, 9))
    True
    >>> p_four_of_a_kind([4, 5]) == 2 * p_holds(4) - p_holds(8)
    True
    """
    ranks = sorted(set(ranks))
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
    return tuple(r for r in range(9) if four_points(r, ruleset) is not None)


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
    import pandas as pd

    from .cards import CardSet
    from .contracts import Contract
    from .weis import find_weis, has_stoeck, has_weis

    ranks = weis_ranks(ruleset)
    rows = []
    for m in masks:
        hand = CardSet.from_mask(int(m))
        found = find_weis(hand, ruleset)
        fours = {int(w.rank) for w in found if not w.is_sequence}  # type: ignore[arg-type]  # pandas and numpy values are untyped here
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
    import numpy as np
    import pandas as pd

    events = hands if isinstance(hands, pd.DataFrame) else weis_events(hands, ruleset)
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


# ----------------------------------------------------------------------------------------------
# Contracts and schieben


def _diff_matrix(df: pd.DataFrame) -> tuple[Any, pd.DataFrame]:
    """(deals × 6 score differences, the first row of each deal) of a frame simulated with contract="all"."""
    import numpy as np

    n = len(CONTRACT_NAMES)
    d = df.sort_values(["deal", "contract"], kind="stable")
    codes = d["contract"].cat.codes.to_numpy()
    if len(d) % n or not (codes.reshape(-1, n) == np.arange(n)).all():
        raise ValueError('expected a frame of simulate(..., contract="all"): each deal under all six contracts')
    diff = (d["score_0"].to_numpy(dtype=np.int64) - d["score_1"].to_numpy(dtype=np.int64)).reshape(-1, n)
    return diff, d.iloc[::n]


def best_contracts(df: pd.DataFrame) -> pd.DataFrame:
    """Per deal of a ``contract="all"`` frame: which contract gave team 0 (forehand's team) the highest
    score difference (``score_0 − score_1``, Weis and Stöck included; ties go to the first in the order
    ♣ ♠ ♥ ♦ Obenabe Undenufe) beside forehand's features and the rule-based estimate ``fh_best``.

    Columns: ``deal``, the ``fh_*`` features, ``diff_<contract>`` for each contract, ``best``,
    ``best_diff``, ``fh_best_diff`` (what the estimate's contract gave) and ``regret`` (the difference).

    >>> from jasslib.simulation import simulate
    >>> b = best_contracts(simulate(50, players="rule", contract="all", seed=3, progress=False))
    >>> len(b), bool((b.regret >= 0).all()), bool((b.best_diff >= b.diff_clubs).all())
    (50, True, True)
    """
    import numpy as np
    import pandas as pd

    diff, first = _diff_matrix(df)
    features = [c for c in first.columns if c.startswith("fh_")]
    out = first[["deal", *features]].reset_index(drop=True)
    for c, name in enumerate(CONTRACT_NAMES):
        out[f"diff_{name}"] = diff[:, c]
    best = diff.argmax(axis=1)
    estimate = out["fh_best"].cat.codes.to_numpy()
    out["best"] = pd.Categorical.from_codes(best, categories=CONTRACT_NAMES, ordered=True)
    out["best_diff"] = diff.max(axis=1)
    out["fh_best_diff"] = diff[np.arange(len(diff)), estimate]
    out["regret"] = out["best_diff"] - out["fh_best_diff"]
    return out


def schieben_table(choose: pd.DataFrame, every: pd.DataFrame) -> pd.DataFrame:
    """Per deal: what the team got with the contract actually chosen (``choose``: ``contract="choose"``)
    beside what forehand would have got naming its own best-estimated contract and the best contract in
    hindsight (``every``: the same seed and deals with ``contract="all"``).

    Columns: ``schoben``, ``contract``, ``fh_top_value`` (forehand's highest estimate), ``actual_diff``,
    ``own_diff``, ``oracle_diff`` and ``push_gain`` (actual − own: positive when schieben paid).  When
    forehand did not push, the rule-based player named its best estimate, so ``push_gain`` is 0 there.

    >>> from jasslib.simulation import simulate
    >>> kw = dict(players="rule", seed=4, progress=False)
    >>> t = schieben_table(simulate(60, contract="choose", **kw), simulate(60, contract="all", **kw))
    >>> bool((t.loc[~t.schoben, "push_gain"] == 0).all()), bool((t.oracle_diff >= t.actual_diff).all())
    (True, True)
    """
    import pandas as pd

    if set(choose["seed"].astype(str).unique()) != set(every["seed"].astype(str).unique()):
        raise ValueError("the two frames must come from the same seed (the same deals)")
    b = best_contracts(every).set_index("deal")
    c = choose.set_index("deal")
    deals = c.index.intersection(b.index)
    if len(deals) < len(c):
        raise ValueError("every deal of `choose` must also be in `every` (simulate the same rounds)")
    c, b = c.loc[deals], b.loc[deals]
    values = b[[f"fh_value_{n}" for n in CONTRACT_NAMES]].max(axis=1)
    actual = c["score_0"].astype(int) - c["score_1"].astype(int)
    out = pd.DataFrame({
        "schoben": c["schoben"].to_numpy(),
        "contract": c["contract"].to_numpy(),
        "fh_top_value": values.to_numpy(),
        "actual_diff": actual.to_numpy(),
        "own_diff": b["fh_best_diff"].to_numpy(),
        "oracle_diff": b["best_diff"].to_numpy(),
    }, index=deals)
    out["push_gain"] = out["actual_diff"] - out["own_diff"]
    return out


def compare_summaries(frames: Mapping[str, pd.DataFrame], name: str = "group") -> pd.DataFrame:
    """:func:`~jasslib.simulation.summarize` of several frames stacked, with an outer index level ``name``.

    >>> from jasslib.simulation import simulate
    >>> df = simulate(100, players="rule", contract="choose", seed=5, progress=False)
    >>> t = compare_summaries({"forehand": df[~df.schoben], "partner": df[df.schoben]}, name="chooser")
    >>> t.index.names, int(t["rounds"].sum())
    (FrozenList(['chooser', 'contract']), 100)
    """
    import pandas as pd

    return pd.concat({label: summarize(df) for label, df in frames.items()}, names=[name])


def raw_vs_multiplied(df: pd.DataFrame) -> pd.DataFrame:
    """Per contract: the multiplier (C3), mean and standard deviation of team 0's trick points before
    (``trick_points_0``) and after the multiplier (``trick_score_0``), and the ratio of the spreads.

    >>> from jasslib.simulation import simulate
    >>> t = raw_vs_multiplied(simulate(200, contract="all", seed=6, progress=False))
    >>> bool(((t["std ratio"] - t["multiplier"]).abs() < 1e-9).all())
    True
    """
    import pandas as pd

    g = df.groupby("contract", observed=True)
    out = pd.DataFrame({
        "multiplier": g["multiplier"].first().astype(int),
        "mean raw": g["trick_points_0"].mean().round(1),
        "std raw": g["trick_points_0"].std(),
        "mean multiplied": g["trick_score_0"].mean().round(1),
        "std multiplied": g["trick_score_0"].std(),
    })
    out["std ratio"] = out["std multiplied"] / out["std raw"]
    return out.round({"std raw": 1, "std multiplied": 1})


# ----------------------------------------------------------------------------------------------
# Plots


def _as_frames(frames: pd.DataFrame | Mapping[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    import pandas as pd

    return {"": frames} if isinstance(frames, pd.DataFrame) else dict(frames)


def hist_grid(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame],
    column: str = "trick_points_0",
    bins: int | Sequence[float] = 40,
    title: str | None = None,
) -> Figure:
    """Small multiples: one histogram panel per contract of ``column``, one outline per labelled frame
    (densities, so frames of different sizes compare).  Returns the matplotlib figure.
    """
    import matplotlib.pyplot as plt

    data = _as_frames(frames)
    fig, axes = plt.subplots(2, 3, figsize=(12, 6), sharex=True, sharey=True, constrained_layout=True)
    for ax, contract in zip(axes.flat, CONTRACT_NAMES):
        for label, df in data.items():
            values = df.loc[df["contract"] == contract, column]
            if len(values):
                ax.hist(values, bins=bins, density=True, histtype="step", linewidth=1.5, label=label or None)
        ax.set_title(contract)
    for ax in axes[-1]:
        ax.set_xlabel(column)
    if any(data):
        axes.flat[0].legend(fontsize="small")
    fig.suptitle(title or f"{column} per contract")
    return fig


def box_by_contract(frames: pd.DataFrame | Mapping[str, pd.DataFrame], column: str = "trick_points_0",
                    title: str | None = None) -> Figure:
    """Box plots of ``column`` per contract, one box per labelled frame side by side (whiskers at the 5th
    and 95th percentiles, means marked).  Returns the matplotlib figure.
    """
    import matplotlib.pyplot as plt

    data = _as_frames(frames)
    k = len(data)
    width = 0.8 / k
    fig, ax = plt.subplots(figsize=(12, 4.5), constrained_layout=True)
    for i, (label, df) in enumerate(data.items()):
        values = [df.loc[df["contract"] == c, column].to_numpy() for c in CONTRACT_NAMES]
        positions = [j + (i - (k - 1) / 2) * width for j in range(len(CONTRACT_NAMES))]
        parts = ax.boxplot(values, positions=positions, widths=width * 0.9, whis=(5, 95), showmeans=True,
                           showfliers=False, patch_artist=True)
        for box in parts["boxes"]:
            box.set_facecolor(f"C{i}")
            box.set_alpha(0.5)
        if label:
            parts["boxes"][0].set_label(label)
    ax.set_xticks(range(len(CONTRACT_NAMES)), CONTRACT_NAMES)
    ax.set_ylabel(column)
    if any(data):
        ax.legend(fontsize="small")
    ax.set_title(title or f"{column} per contract")
    return fig


# ----------------------------------------------------------------------------------------------
# Best play with all cards open: review of a round, DD table of a deal


REVIEW_COLUMNS: dict[str, str] = {
    "trick": "the trick, 1..9",
    "seat": "the seat that played the card",
    "team": "that seat's team (seat % 2)",
    "card": "the card played",
    "value": "the team's trick points at the end of the round if this card is played and everybody plays "
             "perfectly afterwards (cards taken so far + the double-dummy value from here)",
    "best_value": "the same with the best card instead: the most the team could still make",
    "lost": "best_value - value: the points the card gave away (0 for a best card)",
    "best": "the best cards in that position, as text",
    "best_cards": "the best cards, as a CardSet",
    "choices": "how many cards were legal",
}
"""The columns of :func:`review`."""


def _replay_start(rnd: Round) -> Round:
    """A fresh round with the same deal, seats and contract calls as ``rnd``, before the first card."""
    from .errors import PhaseError
    from .round import Round

    if rnd.contract is None:
        raise PhaseError("there is nothing to review yet: the contract is not named (C1)")
    fresh = Round([rnd.initial_hand(s) for s in range(4)], dealer=rnd.dealer, forehand=rnd.forehand,
                  ruleset=rnd.ruleset, seed=rnd.seed)
    if rnd.pushed:
        fresh.schieben(rnd.forehand)
    fresh.choose(rnd.contract, rnd.chooser)
    return fresh


def review(rnd: Round, from_trick: int = 1) -> pd.DataFrame:
    """Every card played in ``rnd`` judged with all cards open (double dummy): one row per card.

    Before each card the position is solved exactly (:func:`jasslib.solver.solve`): ``value`` is what
    the player's team ends the round with (trick points, last trick and match included; Weis and Stöck
    do not depend on the play and are left out) if that card is played and everybody plays perfectly
    afterwards; ``best_value`` the same with the best card; ``lost`` the difference (see
    :data:`REVIEW_COLUMNS`).  On a perfectly played round ``value`` never changes from card to card; it
    moves only when somebody gives points away.  A round still in play is reviewed up to its last card.

    Double dummy is an honest post-mortem, not a fair judge of a single decision: the players could not
    see the hidden hands, and a card that loses points against open cards may have been the best bet.

    ``from_trick`` (1..9) leaves out the cards of the tricks before it: their positions are not solved.
    In Obenabe and Undenufe a whole round takes the solver a few seconds; in a trump contract the
    first tricks of a full deal can take it minutes, so a review from trick 4 or 5 is the quick one.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=4)
    >>> r.choose("obenabe")
    >>> for _ in range(8):
    ...     r.play(max(r.legal_cards()))
    >>> t = review(r)
    >>> len(t), bool((t.lost == t.best_value - t.value).all()), bool((t.lost >= 0).all())
    (8, True, True)
    """
    import pandas as pd

    from .cards import Card
    from .solver import Position, solve

    if isinstance(from_trick, bool) or not isinstance(from_trick, int) or not 1 <= from_trick <= 9:
        raise ValueError(f"from_trick: a trick number from 1 to 9 (O1: nine tricks), got {from_trick!r}")
    replay = _replay_start(rnd)
    plays = [(int(e["seat"]), Card.parse(e["card"])) for e in rnd.history if e["event"] == "play"]
    rows = []
    totals: tuple[int, int] | None = None  # both teams' end-of-round points, perfect play from here
    for k, (seat, card) in enumerate(plays):
        if k < 4 * (from_trick - 1):
            replay.play(card, seat)
            continue
        team = seat % 2
        legal = replay.legal_cards()
        taken = replay.card_points
        if len(legal) == 1 and totals is not None:
            best, value, best_value = legal, totals[team], totals[team]  # a forced card keeps the value
        else:
            sol = solve(Position.from_round(replay))
            after = sol.card_values[card]
            totals = (taken[0] + after[0], taken[1] + after[1])
            best = sol.best
            value, best_value = totals[team], taken[team] + sol.value[team]
        rows.append((k // 4 + 1, seat, team, str(card), value, best_value, best_value - value, str(best), best,
                     len(legal)))
        replay.play(card, seat)
    return pd.DataFrame.from_records(rows, columns=list(REVIEW_COLUMNS))


def review_totals(table: pd.DataFrame) -> pd.DataFrame:
    """Per seat of a :func:`review` table: cards played, best cards, cards that lost points, points lost.

    >>> from jasslib import Round
    >>> from jasslib.players import RuleBasedPlayer, play_round
    >>> r = Round.deal(seed=2)
    >>> r.choose("undenufe")
    >>> r = play_round(r, [RuleBasedPlayer()] * 4)
    >>> t = review_totals(review(r, from_trick=3))
    >>> t.columns.tolist(), int(t["cards"].sum())
    (['team', 'cards', 'best', 'mistakes', 'lost'], 28)
    """
    g = table.groupby("seat")
    out = g.agg(team=("team", "first"), cards=("card", "size"), mistakes=("lost", lambda s: int((s > 0).sum())),
                lost=("lost", "sum"))
    out.insert(2, "best", out["cards"] - out["mistakes"])
    return out


def _deal_hands(deal: Round | Sequence[CardSet | str]) -> tuple[CardSet, ...]:
    from .cards import CardSet
    from .round import Round

    if isinstance(deal, Round):
        return tuple(deal.initial_hand(s) for s in range(4))
    checked = Round(list(deal))  # D1, D3: four hands of nine, no card twice (a specific error otherwise)
    return tuple(CardSet(checked.initial_hand(s)) for s in range(4))


def dd_table(
    deal: Round | Sequence[CardSet | str],
    forehand: Seat | int | None = None,
    ruleset: Ruleset | str | None = None,
    contracts: Iterable[Any] | None = None,
) -> pd.DataFrame:
    """The double-dummy value of a deal under each of the six contracts (rows), forehand leading (C2).

    ``deal`` is a :class:`~jasslib.Round` (its initial hands; by default its forehand and ruleset) or
    four hands (seat 0 first; forehand seat 0 and the classic rules by default).  Columns: ``team 0``
    and ``team 1`` (trick points with perfect play on both sides), ``chooser_team`` (forehand's team,
    which names the contract, itself or after schieben), ``multiplier`` (C3), ``chooser_score`` (its
    points × multiplier) and ``score_diff`` (× the difference of the two teams), and ``best``: the
    contract with the highest ``score_diff`` for the choosing team (card play only: Weis and Stöck
    left out).  ``contracts`` limits the rows to those contracts (names, numbers or
    :class:`~jasslib.Contract`): the solver is quick on Obenabe and Undenufe and can take seconds to
    minutes on a trump contract of a full deal.

    >>> from jasslib import Round
    >>> t = dd_table(Round.deal(seed=3), contracts=["obenabe", "undenufe"])
    >>> t.index.tolist(), bool(((t["team 0"] + t["team 1"]).isin([157, 257])).all())
    (['obenabe', 'undenufe'], True)
    >>> int(t.best.sum())
    1
    """
    import pandas as pd

    from .contracts import Contract
    from .round import Round
    from .seats import Seat
    from .solver import dd_points

    hands = _deal_hands(deal)
    if forehand is None:
        forehand = deal.forehand if isinstance(deal, Round) else Seat(0)
    fh = Seat.parse(forehand)
    if ruleset is None:
        ruleset = deal.ruleset if isinstance(deal, Round) else CLASSIC
    rs = Ruleset.get(ruleset)
    team = int(fh) % 2
    from .ddtable import contract_list

    chosen = [Contract(c) for c in contract_list(contracts)]
    rows = []
    for contract in chosen:
        points = dd_points(hands, contract, forehand=fh, ruleset=rs)
        mult = rs.multiplier(contract)
        rows.append((int(points[0]), int(points[1]), team, mult, mult * int(points[team]),
                     mult * (int(points[team]) - int(points[1 - team]))))
    out = pd.DataFrame.from_records(rows, columns=["team 0", "team 1", "chooser_team", "multiplier", "chooser_score",
                                                   "score_diff"],
                                    index=pd.Index([CONTRACT_NAMES[int(c)] for c in chosen], name="contract"))
    out["best"] = False
    out.iloc[int(out["score_diff"].to_numpy().argmax()), out.columns.get_loc("best")] = True
    return out


# ----------------------------------------------------------------------------------------------
# DD tables of many deals (jasslib.ddtable): perfect play against the rule-based player, best contracts

_TRUMP_NAMES = CONTRACT_NAMES[:4]


def _need(table: pd.DataFrame, names: Sequence[str], what: str) -> None:
    """Refuse a table without the DD values of ``names``, saying which are missing and how to get them."""
    solved = solved_contracts(table)
    missing = [name for name in names if name not in solved]
    if missing:
        raise ValueError(f"{what} needs the DD values of {', '.join(missing)}; this table holds only "
                         f"{', '.join(solved) or 'none'} (it was made with contracts=[...]): make one with all six "
                         "contracts (python -m jasslib dd-table without --contracts)")


def dd_scores(table: pd.DataFrame, ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """Per deal of a DD table (:func:`jasslib.ddtable.compute`): forehand's team's DD *score* under each
    contract, its DD trick points × the contract's multiplier (C3); Weis and Stöck left out.

    >>> from jasslib import ddtable
    >>> s = dd_scores(ddtable.sample())
    >>> s.columns.tolist() == CONTRACT_NAMES, bool((s["undenufe"] % 4 == 0).all())
    (True, True)
    """
    import pandas as pd

    _need(table, CONTRACT_NAMES, "dd_scores")
    rs = Ruleset.get(ruleset)
    return pd.DataFrame({name: table[f"dd_{name}"].astype(int) * rs.multipliers[c]
                         for c, name in enumerate(CONTRACT_NAMES)}, index=table.index)


def dd_best(table: pd.DataFrame, ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """Per deal: the contract with the highest DD score for forehand's team (:func:`dd_scores`; ties to the
    first of ♣ ♠ ♥ ♦ Obenabe Undenufe), that score, the rule-based estimate ``fh_best`` and what it scores.

    Columns: ``deal``, ``best``, ``best_score``, ``fh_best``, ``fh_best_score`` and ``regret`` (the difference).

    >>> from jasslib import ddtable
    >>> b = dd_best(ddtable.sample())
    >>> bool((b.regret >= 0).all()), b.best.dtype.name
    (True, 'category')
    """
    import numpy as np
    import pandas as pd

    _need(table, CONTRACT_NAMES, "dd_best")
    scores = dd_scores(table, ruleset).to_numpy()
    best = scores.argmax(axis=1)
    estimate = table["fh_best"].cat.codes.to_numpy() if hasattr(table["fh_best"], "cat") else \
        np.array([CONTRACT_NAMES.index(x) for x in table["fh_best"]])
    rows = np.arange(len(scores))
    out = pd.DataFrame({
        "deal": table["deal"].to_numpy(),
        "best": pd.Categorical.from_codes(best, categories=CONTRACT_NAMES, ordered=True),
        "best_score": scores[rows, best],
        "fh_best": pd.Categorical.from_codes(estimate, categories=CONTRACT_NAMES, ordered=True),
        "fh_best_score": scores[rows, estimate],
    })
    out["regret"] = out["best_score"] - out["fh_best_score"]
    return out


def dd_vs_rule(table: pd.DataFrame, sim: pd.DataFrame) -> pd.DataFrame:
    """Per contract: forehand's team's trick points with four rule-based players (``sim``: a
    ``simulate(..., players="rule", contract="all")`` frame of the same seed) against perfect play by
    both sides (the DD table of the same deals).  A table of some contracts only (``contracts=[...]``)
    gives the rows of those.

    Columns: ``deals``, ``rule`` and ``dd`` (means), ``gap`` (mean of rule − DD: the net of the two teams'
    mistakes, positive when the defenders gave away more than forehand's team), ``abs gap`` (its mean size:
    how far a real round strays from perfect play) and ``P(same)`` (the share of deals that ended exactly
    on the DD value).

    >>> from jasslib import ddtable
    >>> from jasslib.simulation import simulate
    >>> table = ddtable.sample()
    >>> t = dd_vs_rule(table, simulate(len(table), players="rule", contract="all", seed=ddtable.SAMPLE_SEED))
    >>> t.index.tolist() == CONTRACT_NAMES, int(t.deals.iloc[0]) == len(table)
    (True, True)
    """
    import pandas as pd

    gaps = _rule_gaps(table, sim)
    g = gaps.groupby("contract", observed=True)
    out = pd.DataFrame({
        "deals": g.size(),
        "rule": g["rule"].mean().round(1),
        "dd": g["dd"].mean().round(1),
        "gap": g["gap"].mean().round(1),
        "abs gap": g["gap"].apply(lambda s: s.abs().mean()).round(1),
        "P(same)": g["gap"].apply(lambda s: (s == 0).mean()).round(3),
    })
    out.index = out.index.astype(str)
    return out


def _rule_gaps(table: pd.DataFrame, sim: pd.DataFrame) -> pd.DataFrame:
    """One row per deal and contract: rule-based and DD trick points of forehand's team (team 0)."""
    import pandas as pd

    if "trick_points_0" not in sim.columns or "contract" not in sim.columns:
        raise ValueError("sim must be a frame of jasslib.simulation.simulate(..., contract='all')")
    if set(sim["seed"].astype(str).unique()) != set(table["seed"].astype(str).unique()):
        raise ValueError("the DD table and the simulation must come from the same seed (the same deals)")
    solved = solved_contracts(table)
    dd = table.melt(id_vars=["deal"], value_vars=[f"dd_{c}" for c in solved], var_name="contract",
                    value_name="dd")
    dd["contract"] = dd["contract"].str[3:]
    rule = sim[["deal", "contract", "trick_points_0"]].rename(columns={"trick_points_0": "rule"})
    rule = rule.assign(contract=rule["contract"].astype(str))
    rule = rule[rule["contract"].isin(solved)]
    both = dd.merge(rule, on=["deal", "contract"], how="inner")
    if len(both) < len(rule):
        raise ValueError("every deal of the simulation must be in the DD table (use the same seed and deals)")
    both["contract"] = pd.Categorical(both["contract"], categories=CONTRACT_NAMES, ordered=True)
    both["gap"] = both["rule"].astype(int) - both["dd"].astype(int)
    return both


def _feature_matrix(table: pd.DataFrame) -> tuple[Any, list[str]]:
    import numpy as np

    names = [c for c in table.columns if c.startswith("fh_") and c != "fh_best"]
    x = table[names].to_numpy(dtype=np.float64)
    return np.column_stack([np.ones(len(x)), x]), names


def feature_fit(table: pd.DataFrame, ruleset: Ruleset | str = CLASSIC) -> tuple[pd.DataFrame, pd.Series]:
    """How far forehand's own nine cards predict the DD results: a least-squares line per contract from the
    ``fh_*`` features (counts per rank and suit, longest suit, the rule-based estimates), fitted on the
    even deals and judged on the odd ones.

    Returns (per contract: ``R2`` on the held-out deals and the mean absolute error in points,
    accuracies on the held-out deals of three ways to name the DD-best contract: the fitted lines'
    highest predicted score, the rule-based estimate ``fh_best``, and always the most frequent best).
    A table of some contracts only (``contracts=[...]``, such as :func:`jasslib.ddtable.sample_notrump`)
    gets the lines of those, and an empty Series of accuracies: naming the best of six needs all six.

    With a table of a few hundred deals or more (all of :func:`jasslib.ddtable.sample`, or ``python -m jasslib
    dd-table``) it returns two frames (``R2`` and ``MAE`` per contract; the three accuracies); the sample's
    default 20 deals are too few for a line on so many numbers:

    >>> from jasslib import ddtable
    >>> feature_fit(ddtable.sample())
    Traceback (most recent call last):
    ...
    ValueError: feature_fit needs more deals than features (...) on each half, got 20
    """
    import numpy as np
    import pandas as pd

    rs = Ruleset.get(ruleset)
    x, _ = _feature_matrix(table)
    train = (table["deal"].to_numpy() % 2) == 0
    test = ~train
    if train.sum() < x.shape[1] or test.sum() == 0:
        raise ValueError(f"feature_fit needs more deals than features ({x.shape[1]}) on each half, got {len(table)}")
    rows, predicted = {}, []
    solved = solved_contracts(table)
    for c, name in enumerate(CONTRACT_NAMES):
        if name not in solved:
            continue
        y = table[f"dd_{name}"].to_numpy(dtype=np.float64)
        coef, *_ = np.linalg.lstsq(x[train], y[train], rcond=None)
        guess = x[test] @ coef
        resid = y[test] - guess
        rows[name] = {"R2": round(1 - float(resid @ resid) / float(((y[test] - y[test].mean()) ** 2).sum()), 3),
                      "MAE": round(float(np.abs(resid).mean()), 1)}
        predicted.append(guess * rs.multipliers[c])
    if len(solved) < len(CONTRACT_NAMES):
        return pd.DataFrame.from_dict(rows, orient="index"), pd.Series(dtype=np.float64, name="accuracy")
    best = dd_best(table, rs)
    truth = best["best"].cat.codes.to_numpy()[test]
    fitted = np.column_stack(predicted).argmax(axis=1)
    frequent = np.bincount(best["best"].cat.codes.to_numpy()[train], minlength=6).argmax()
    acc = pd.Series({
        "fitted lines": round(float((fitted == truth).mean()), 3),
        "fh_best estimate": round(float((best["fh_best"].cat.codes.to_numpy()[test] == truth).mean()), 3),
        "most frequent best": round(float((truth == frequent).mean()), 3),
    }, name="accuracy")
    return pd.DataFrame.from_dict(rows, orient="index"), acc


# ----------------------------------------------------------------------------------------------
# The beginners' tips of the modern rules page, put to the test


def _holder_team(table: pd.DataFrame, card: int) -> Any:
    """Per deal, the team (0 = forehand's) whose hand holds ``card``."""
    import numpy as np

    team = np.zeros(len(table), dtype=np.int8)
    for s in (1, 3):
        team |= ((table[f"hand_{s}"].to_numpy() >> card) & 1).astype(np.int8)
    return team


def tip_puur_naell(table: pd.DataFrame) -> pd.DataFrame:
    """Tip "keep track of the Puur and the Näll": what those two cards are worth. For every deal and
    trump contract (the four pooled), forehand's team's DD trick points by which team holds the trump J
    (Puur, O2) and the trump 9 (Näll).

    Rows: who holds the Puur; columns: who holds the Näll ("us" = forehand's team, "them" = the other).

    >>> from jasslib import ddtable
    >>> t = tip_puur_naell(ddtable.sample())
    >>> t.index.tolist(), t.columns.tolist()
    (['Puur: us', 'Puur: them'], ['Näll: us', 'Näll: them'])
    """
    import pandas as pd

    from .cards import Card, Rank, Suit

    _need(table, _TRUMP_NAMES, "tip_puur_naell")
    parts = []
    for c, name in enumerate(_TRUMP_NAMES):
        parts.append(pd.DataFrame({
            "puur": _holder_team(table, int(Card.make(Suit(c), Rank.JACK))),
            "naell": _holder_team(table, int(Card.make(Suit(c), Rank.NINE))),
            "dd": table[f"dd_{name}"].to_numpy(dtype=int),
        }))
    rows = pd.concat(parts, ignore_index=True)
    out = rows.pivot_table(index="puur", columns="naell", values="dd", aggfunc="mean").round(1)
    out = out.reindex(index=[0, 1], columns=[0, 1])
    out.index = ["Puur: us", "Puur: them"]
    out.columns = ["Näll: us", "Näll: them"]
    return out


def tip_schieben(table: pd.DataFrame, ruleset: Ruleset | str = CLASSIC,
                 bins: Sequence[float] = (-1e9, 25, 50, 75, 97.5, 125, 150, 1e9)) -> pd.DataFrame:
    """Tip "with a weak hand, push" (C1), with perfect card play: per band of forehand's own best estimate
    (the rule-based player's ``fh_value_*``; it pushes below 97.5 in classic), the mean DD score when
    forehand names its own best-estimated contract (``own``) and when the partner names the partner's
    (``partner``), their difference ``push gain`` and how often pushing scores more.

    >>> from jasslib import ddtable
    >>> t = tip_schieben(ddtable.sample())
    >>> t.columns.tolist()
    ['deals', 'own', 'partner', 'push gain', 'P(push better)']
    """
    import numpy as np
    import pandas as pd

    from .simulation import hand_features

    _need(table, CONTRACT_NAMES, "tip_schieben")
    rs = Ruleset.get(ruleset)
    scores = dd_scores(table, rs).to_numpy()
    values = table[[f"fh_value_{c}" for c in CONTRACT_NAMES]].to_numpy()
    own = values.argmax(axis=1)
    partner_values = hand_features(table["hand_2"].to_numpy(), rs)
    partner = np.column_stack([partner_values[f"value_{c}"] for c in CONTRACT_NAMES]).argmax(axis=1)
    rows = np.arange(len(table))
    frame = pd.DataFrame({"band": pd.cut(values.max(axis=1), bins=list(bins)), "own": scores[rows, own],
                          "partner": scores[rows, partner]})
    frame["gain"] = frame["partner"] - frame["own"]
    g = frame.groupby("band", observed=True)
    out = pd.DataFrame({"deals": g.size(), "own": g["own"].mean().round(1), "partner": g["partner"].mean().round(1),
                        "push gain": g["gain"].mean().round(1),
                        "P(push better)": g["gain"].apply(lambda s: (s > 0).mean()).round(3)})
    out.index.name = "forehand's best estimate"
    return out


def tip_obenabe(table: pd.DataFrame, ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """Tip "many aces and kings call for Obenabe": per number of aces + kings in forehand's hand, forehand's
    team's mean DD points in Obenabe and in Undenufe; with all six contracts in the table also how often
    Obenabe is the DD-best contract (by score, :func:`dd_best`), the best trump contract's mean DD points
    and the mean DD-score difference Obenabe − best other contract (positive: Obenabe pays).

    >>> from jasslib import ddtable
    >>> tip_obenabe(ddtable.sample()).columns.tolist()[1:]
    ['obenabe points', 'undenufe points', 'P(obenabe best)', 'best trump points', 'obenabe - best other (score)']
    >>> tip_obenabe(ddtable.sample_notrump(100)).columns.tolist()     # Obenabe and Undenufe only
    ['deals', 'obenabe points', 'undenufe points']
    """
    import numpy as np
    import pandas as pd

    _need(table, ["obenabe", "undenufe"], "tip_obenabe")
    frame = pd.DataFrame({
        "high": (table["fh_aces"].astype(int) + table["fh_kings"].astype(int)).to_numpy(),
        "obenabe": table["dd_obenabe"].to_numpy(dtype=int),
        "undenufe": table["dd_undenufe"].to_numpy(dtype=int),
    })
    full = len(solved_contracts(table)) == len(CONTRACT_NAMES)
    if full:
        rs = Ruleset.get(ruleset)
        scores = dd_scores(table, rs)
        frame["best"] = (dd_best(table, rs)["best"] == "obenabe").to_numpy()
        frame["trump"] = table[[f"dd_{c}" for c in _TRUMP_NAMES]].to_numpy(dtype=int).max(axis=1)
        frame["edge"] = (scores["obenabe"] - scores.drop(columns="obenabe").max(axis=1)).to_numpy(dtype=np.int64)
    g = frame.groupby("high")
    out = pd.DataFrame({"deals": g.size(), "obenabe points": g["obenabe"].mean().round(1),
                        "undenufe points": g["undenufe"].mean().round(1)})
    if full:
        out["P(obenabe best)"] = g["best"].mean().round(3)
        out["best trump points"] = g["trump"].mean().round(1)
        out["obenabe - best other (score)"] = g["edge"].mean().round(1)
    out.index.name = "aces + kings"
    return out


def tip_weis(sim: pd.DataFrame, ruleset: Ruleset | str = CLASSIC) -> pd.Series:
    """Tip "don't forget your Weis", from a ``simulate(..., contract="choose")`` frame: how often a Weis is
    recorded, what it is worth, how often it decides which team scores more in the hand, and how often a
    team holding a Weis scores nothing for it because the other team's is stronger (W7).

    >>> from jasslib.simulation import simulate
    >>> s = tip_weis(simulate(100, players="rule", seed=1, progress=False))
    >>> bool(0 <= s["P(a team records Weis)"] <= 1), s.index[-1]
    (True, 'P(a team with a Weis scores none of it)')
    """
    import numpy as np
    import pandas as pd

    from .fast import deal_batch

    rs = Ruleset.get(ruleset)
    recorded = (sim["weis_0"].astype(int) + sim["weis_1"].astype(int)).to_numpy()
    with_weis = recorded > 0
    diff = (sim["score_0"].astype(int) - sim["score_1"].astype(int)).to_numpy()
    without = diff - (sim["weis_0"].astype(int) - sim["weis_1"].astype(int)).to_numpy()
    if sim["seed"].astype(str).nunique() != 1:
        raise ValueError("tip_weis needs the frame of one simulation seed")
    first = sim["seed"].iloc[0]
    seed = int(first) if isinstance(first, (int, np.integer)) else str(first)
    deals = sim["deal"].to_numpy()
    hands = deal_batch(seed, 0, int(deals.max()) + 1)[deals] if len(deals) else np.zeros((0, 4), dtype=np.int64)
    held = weis_events(hands.ravel(), rs)["any_weis"].to_numpy().reshape(-1, 4)
    team_held = np.stack([held[:, 0] | held[:, 2], held[:, 1] | held[:, 3]], axis=1)
    team_got = np.stack([sim["weis_0"].to_numpy() > 0, sim["weis_1"].to_numpy() > 0], axis=1)
    return pd.Series({
        "rounds": len(sim),
        "P(a team records Weis)": round(float(with_weis.mean()), 3),
        "mean Weis per round (score)": round(float(recorded.mean()), 1),
        "mean Weis when recorded (score)": round(float(recorded[with_weis].mean()), 1) if with_weis.any() else 0.0,
        "P(Weis decides who scores more)": round(float((np.sign(diff) != np.sign(without)).mean()), 3),
        "P(a team with a Weis scores none of it)":
            round(float((team_held & ~team_got).sum() / max(int(team_held.sum()), 1)), 3),
    })


TIP_KINDS = ("smear", "last_trick", "trump_lead")
"""The decisions :func:`tip_positions` collects: smearing on the partner's trick (4th seat, the partner
winning), the choice between a strong and a weak card before the last trick (trick 8), and leading a
trump or not with four or more trumps (tricks 1–3 of a trump contract)."""


def _tip_kind(rnd: Round, kinds: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """The kind of tip decision the seat to move faces in ``rnd`` (with its facts), or None."""
    from .play import trick_winner
    from .players.heuristics import strength

    legal = list(rnd.legal_cards())
    if len(legal) < 2:
        return None
    contract = rnd.contract
    trick = [c for _, c in rnd.trick]
    seat = int(rnd.to_move)  # type: ignore[arg-type]  # pandas and numpy values are untyped here
    points = rnd.ruleset.card_points(contract)  # type: ignore[arg-type]  # pandas and numpy values are untyped here
    if "smear" in kinds and len(trick) == 3 and trick_winner(trick, contract) == 1:  # type: ignore[arg-type]  # pandas and numpy values are untyped here
        pts = sorted({points[c] for c in legal})
        if len(pts) > 1:
            heavy = max(legal, key=lambda c: (points[c], -strength(int(c), int(contract))))  # type: ignore[arg-type]  # pandas and numpy values are untyped here
            light = min(legal, key=lambda c: (points[c], strength(int(c), int(contract))))  # type: ignore[arg-type]  # pandas and numpy values are untyped here
            return "smear", {"strong": heavy, "weak": light}
    if "last_trick" in kinds and rnd.trick_number == 7 and len(legal) == 2:
        key = [(c.suit == getattr(contract, "trump", None), strength(int(c), int(contract))) for c in legal]  # type: ignore[arg-type]  # a round in play has its contract
        if key[0] != key[1]:
            strong, weak = (legal[0], legal[1]) if key[0] > key[1] else (legal[1], legal[0])
            return "last_trick", {"strong": strong, "weak": weak}
    if "trump_lead" in kinds and not trick and rnd.trick_number < 3 and contract.has_trump:  # type: ignore[union-attr]  # pandas and numpy values are untyped here
        trumps = [c for c in legal if c.suit == contract.trump]  # type: ignore[union-attr]  # pandas and numpy values are untyped here
        if len(trumps) >= 4 and len(trumps) < len(legal):
            return "trump_lead", {"trumps": len(trumps), "seat": seat}
    return None


def tip_positions(rounds: int = 50, seed: int | str = 0, kinds: Sequence[str] = TIP_KINDS,
                  ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """Play ``rounds`` rounds with four rule-based players (deals ``Round.deal(seed=f"{seed}/{i}")``, the
    bots name the contract) and solve every position where the seat to move faces a tip's decision
    (:data:`TIP_KINDS`).  One row per decision, with the team's end-of-round DD points for each option:

    * ``smear``: ``strong`` = the legal card with most points, ``weak`` = the one with fewest;
    * ``last_trick``: ``strong`` = the stronger of the two cards (a trump beats a plain card, then the
      contract's order), ``weak`` = the other: "keeping the strong card" means playing ``weak``;
    * ``trump_lead``: ``strong`` = the best trump lead, ``weak`` = the best lead of another suit.

    ``gain`` is what the tip's advice scores more than the alternative (for ``last_trick``: playing the
    weak card now and keeping the strong one), ``tip_best`` whether the advised card is among the best.

    >>> t = tip_positions(2, seed=1, kinds=["last_trick"])
    >>> set(t.kind) <= {"last_trick"}, list(t.columns)[:4]
    (True, ['round', 'kind', 'contract', 'seat'])
    """
    import pandas as pd

    from .players import RuleBasedPlayer, take_turn
    from .round import Round
    from .solver import Position, solve

    bad = [k for k in kinds if k not in TIP_KINDS]
    if bad:
        raise ValueError(f"unknown tip kind {bad[0]!r}: expected one of {', '.join(TIP_KINDS)}")
    players = [RuleBasedPlayer()] * 4
    rs = Ruleset.get(ruleset)
    rows = []
    for i in range(int(rounds)):
        rnd = Round.deal(seed=f"{seed}/{i}", ruleset=rs)
        while not rnd.done:
            found = _tip_kind(rnd, kinds) if rnd.contract is not None else None
            if found is not None:
                kind, facts = found
                sol = solve(Position.from_round(rnd))
                team = int(rnd.to_move) % 2  # type: ignore[arg-type]  # pandas and numpy values are untyped here
                taken = rnd.card_points[team]
                value = {c: taken + v[team] for c, v in sol.card_values.items()}
                if kind == "trump_lead":
                    trump = rnd.contract.trump  # type: ignore[union-attr]  # pandas and numpy values are untyped here
                    strong = max((c for c in value if c.suit == trump), key=lambda c: value[c])
                    weak = max((c for c in value if c.suit != trump), key=lambda c: value[c])
                else:
                    strong, weak = facts["strong"], facts["weak"]
                advised, other = (weak, strong) if kind == "last_trick" else (strong, weak)
                rows.append({"round": i, "kind": kind, "contract": str(CONTRACT_NAMES[int(rnd.contract)]),  # type: ignore[arg-type]  # a finished round has its contract
                             "seat": int(rnd.to_move), "trick": rnd.trick_number + 1,  # type: ignore[arg-type]  # pandas and numpy values are untyped here
                             "strong": str(strong), "weak": str(weak), "value_strong": value[strong],
                             "value_weak": value[weak], "gain": value[advised] - value[other],
                             "tip_best": advised in sol.best, "trumps": facts.get("trumps", 0)})
            take_turn(rnd, players)
    columns = ["round", "kind", "contract", "seat", "trick", "strong", "weak", "value_strong", "value_weak", "gain",
               "tip_best", "trumps"]
    return pd.DataFrame(rows, columns=columns)


def tip_summary(positions: pd.DataFrame) -> pd.DataFrame:
    """Per kind of :func:`tip_positions`: decisions, mean ``gain`` of following the tip, how often it helps
    (gain > 0), is neutral (0) or hurts (< 0), and how often the advised card is a best card.

    >>> tip_summary(tip_positions(2, seed=1, kinds=["last_trick"])).columns.tolist()
    ['decisions', 'mean gain', 'P(helps)', 'P(neutral)', 'P(hurts)', 'P(tip card is best)']
    """
    import pandas as pd

    g = positions.groupby("kind")
    return pd.DataFrame({
        "decisions": g.size(),
        "mean gain": g["gain"].mean().round(1),
        "P(helps)": g["gain"].apply(lambda s: (s > 0).mean()).round(3),
        "P(neutral)": g["gain"].apply(lambda s: (s == 0).mean()).round(3),
        "P(hurts)": g["gain"].apply(lambda s: (s < 0).mean()).round(3),
        "P(tip card is best)": g["tip_best"].mean().round(3),
    })


TIP_SAMPLE_SEED = 13
"""The seed of :func:`tip_sample`'s rounds."""

TIP_SAMPLE_ROUNDS = 60
"""How many rounds :func:`tip_sample` holds the decisions of."""


def tip_sample() -> pd.DataFrame:
    """The decisions of ``tip_positions(TIP_SAMPLE_ROUNDS, seed=TIP_SAMPLE_SEED)``, shipped with jasslib.

    Solving the early decisions of a trump contract takes the solver seconds each, too long to wait for
    in a lesson, so the table of 60 rounds is made once (the tests recompute part of it) and read here;
    :func:`tip_positions` makes the same table, or one of other rounds.

    >>> t = tip_sample()
    >>> sorted(set(t.kind)) == sorted(TIP_KINDS), bool(t["round"].max() < TIP_SAMPLE_ROUNDS)
    (True, True)
    """
    from importlib.resources import files

    import pandas as pd

    with files("jasslib").joinpath("data").joinpath("tip_sample.parquet").open("rb") as fh:
        return pd.read_parquet(fh)


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


__all__ += ["history_table"]


# ----------------------------------------------------------------------------------------------
# Why double dummy is optimistic: the same decision over the hidden layouts a player cannot tell apart


def _known_voids(rnd: Round) -> dict[int, int]:
    """Per seat, a mask of cards it cannot hold, from the tricks so far: a seat that neither followed the led
    suit nor trumped has none of it (P2, P3); one that did not follow a trump lead has no trump but maybe
    the Puur (P5)."""
    from .cards import Card, Rank

    contract = rnd.contract
    trump = contract.trump if contract is not None else None
    voids = {s: 0 for s in range(4)}
    tricks = [t.plays for t in rnd.tricks] + ([rnd.trick] if rnd.trick else [])
    for plays in tricks:
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit == led:
                continue
            if trump is not None and card.suit == trump and led != trump:
                continue  # trumping is allowed while holding the led suit (P3): nothing learnt
            suit_mask = 0x1FF << (9 * int(led))
            if trump is not None and led == trump:
                suit_mask &= ~(1 << int(Card.make(trump, Rank.JACK)))  # the Puur may be kept back (P5)
            voids[int(seat)] |= suit_mask
    return voids


def sample_layouts(rnd: Round, count: int = 12, seed: int | str = 0) -> list[tuple[CardSet, ...]]:
    """``count`` random layouts of the cards the seat to move cannot see: the other three hands dealt again
    from the unseen cards, with their sizes and with what the tricks showed (a seat that did not follow a
    suit holds none of it).  The first layout is the real one.  Each is four current hands, seat 0 first.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1); r.choose("obenabe")
    >>> for _ in range(13): r.play(min(r.legal_cards()))
    >>> ls = sample_layouts(r, 5)
    >>> len(ls), ls[0] == r.hands, all(l[r.to_move] == r.hand(r.to_move) for l in ls)
    (5, True, True)
    """
    import random

    from .cards import CardSet
    from .errors import PhaseError

    if rnd.contract is None or rnd.done:
        raise PhaseError("layouts are sampled while the cards are being played (after the contract, C1)")
    me = int(rnd.to_move)  # type: ignore[arg-type]  # pandas and numpy values are untyped here
    others = [s for s in range(4) if s != me]
    unseen = [c for s in others for c in rnd.hand(s)]
    sizes = [len(rnd.hand(s)) for s in others]
    voids = _known_voids(rnd)
    rng = random.Random(f"layouts/{seed}")
    out = [rnd.hands]
    for _ in range(100_000):
        if len(out) >= count:
            break
        rng.shuffle(unseen)
        hands, start = list(rnd.hands), 0
        ok = True
        for s, n in zip(others, sizes):
            hand = CardSet(unseen[start:start + n])
            start += n
            if hand.mask & voids[s]:
                ok = False
                break
            hands[s] = hand
        if ok:
            out.append(tuple(hands))  # type: ignore[arg-type]  # pandas and numpy values are untyped here
    return out  # type: ignore[return-value]  # pandas and numpy values are untyped here


def best_by_layout(rnd: Round, count: int = 12, seed: int | str = 0) -> pd.DataFrame:
    """The decision of the seat to move solved in each of :func:`sample_layouts`: one row per layout, one
    column per legal card with the team's end-of-round DD points if it plays that card, and ``best``.

    The real layout is row 0.  Against the real layout the solver plays like someone who can see every
    card; a player must pick one card for all the layouts at once.  So the mean over the layouts of each
    row's best value (what double dummy promises) is at least the best column mean (what a player who
    cannot see the cards can get): the difference is the price of not seeing.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1); r.choose("obenabe")
    >>> for _ in range(20): r.play(min(r.legal_cards()))
    >>> t = best_by_layout(r, 4)
    >>> len(t), bool(t.drop(columns="best").max(axis=1).mean() >= t.drop(columns="best").mean().max())
    (4, True)
    """
    import pandas as pd

    from .solver import Position, solve

    me = int(rnd.to_move)  # type: ignore[arg-type]  # pandas and numpy values are untyped here
    team = me % 2
    taken = rnd.card_points[team]
    trick = tuple(c for _, c in rnd.trick)
    leader = rnd.trick[0][0] if rnd.trick else rnd.to_move
    rows = []
    for hands in sample_layouts(rnd, count, seed):
        sol = solve(Position(hands, trick, leader, rnd.contract, rnd.ruleset, rnd.tricks_won))  # type: ignore[arg-type]  # a round in play has its contract
        row: dict[str, Any] = {str(c): taken + v[team] for c, v in sol.card_values.items()}
        row["best"] = str(sol.best)
        rows.append(row)
    out = pd.DataFrame(rows)
    out.index.name = "layout"
    return out


def review_losses(rounds: int = 3, seed: int | str = 0, contracts: Sequence[str] | None = None,
                  ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """Each team's points lost against perfect play, card by card (:func:`review`), in rounds of four
    rule-based players: ``rounds`` deals of ``seed`` (as in :func:`jasslib.simulation.simulate`, forehand
    seat 0) under each of ``contracts`` (default all six).

    One row per round: ``deal``, ``contract``, ``dd`` (forehand's team's DD points at the start),
    ``actual`` (its trick points), ``lost_0`` and ``lost_1`` (each team's sum of :func:`review`'s
    ``lost``) and ``mistakes_0``/``mistakes_1`` (cards that lost points).

    >>> t = review_losses(1, seed=3, contracts=["obenabe"])
    >>> t.columns.tolist()
    ['deal', 'contract', 'dd', 'actual', 'lost_0', 'lost_1', 'mistakes_0', 'mistakes_1']
    """
    import pandas as pd

    from .cards import CardSet
    from .contracts import Contract
    from .fast import deal_batch
    from .players import RuleBasedPlayer, play_round
    from .round import Round

    names = list(CONTRACT_NAMES) if contracts is None else [CONTRACT_NAMES[int(Contract.parse(c))] for c in contracts]
    rs = Ruleset.get(ruleset)
    hands = deal_batch(seed, 0, int(rounds))
    rows = []
    for deal, row in enumerate(hands):
        for name in names:
            rnd = Round([CardSet.from_mask(int(h)) for h in row], dealer=3, ruleset=rs)
            rnd.choose(CONTRACT_NAMES.index(name))
            play_round(rnd, [RuleBasedPlayer()] * 4)
            t = review(rnd)
            lost = t.groupby("team").lost.agg(["sum", lambda s: int((s > 0).sum())]).reindex([0, 1], fill_value=0)
            rows.append((deal, name, int(t.best_value.iloc[0]), rnd.score().trick_points[0], int(lost.iloc[0, 0]),
                         int(lost.iloc[1, 0]), int(lost.iloc[0, 1]), int(lost.iloc[1, 1])))
    out = pd.DataFrame(rows, columns=["deal", "contract", "dd", "actual", "lost_0", "lost_1", "mistakes_0",
                                      "mistakes_1"])
    out["contract"] = pd.Categorical(out["contract"], categories=CONTRACT_NAMES, ordered=True)
    return out
