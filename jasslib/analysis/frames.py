"""Frames of simulated rounds (:func:`jasslib.simulation.simulate`) read for strategy: the best contract per
deal in hindsight, what schieben paid, summaries side by side, the multiplier's effect on the spread; and the
conventions of rulesets side by side (:func:`compare_rulesets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import _check
from ..cards import Card
from ..contracts import Contract
from ..errors import ArgumentError, excerpt
from ..rulesets import CLASSIC, MODERN, Ruleset
from ..simulation import CONTRACT_NAMES, summarize

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["best_contracts", "schieben_table", "compare_summaries", "raw_vs_multiplied", "compare_rulesets"]


def _diff_matrix(df: pd.DataFrame) -> tuple[Any, pd.DataFrame]:
    """(deals × 6 score differences, the first row of each deal) of a frame simulated with contract="all"."""
    import numpy as np

    _check.frame(df, 'the frame of simulate(..., contract="all")', ("deal", "contract", "score_0", "score_1"))
    n = len(CONTRACT_NAMES)
    d = df.sort_values(["deal", "contract"], kind="stable")
    codes = d["contract"].cat.codes.to_numpy()
    if len(d) % n or not (codes.reshape(-1, n) == np.arange(n)).all():
        raise ArgumentError('expected a frame of simulate(..., contract="all"): each deal under all six contracts')
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

    _check.frame(choose, 'choose (the frame of simulate(..., contract="choose"))',
                 ("seed", "deal", "contract", "schoben", "score_0", "score_1"))
    _check.frame(every, 'every (the frame of simulate(..., contract="all"))', ("seed", "deal"))
    if set(choose["seed"].astype(str).unique()) != set(every["seed"].astype(str).unique()):
        raise ArgumentError("the two frames must come from the same seed (the same deals)")
    b = best_contracts(every).set_index("deal")
    c = choose.set_index("deal")
    deals = c.index.intersection(b.index)
    if len(deals) < len(c):
        raise ArgumentError("every deal of `choose` must also be in `every` (simulate the same rounds)")
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

    if not isinstance(frames, Mapping) or not frames:
        raise ArgumentError(f"frames: a dict of labelled frames such as {{'rule': df}}, got {excerpt(frames)}")
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

    _check.frame(df, "the frame of simulate", ("contract", "multiplier", "trick_points_0", "trick_score_0"))
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


_CLAIM_NAMES = {"stoeck": "Stöck", "weis": "Weis", "stich": "Stich"}
MAX_RULESETS = 8
""":func:`compare_rulesets` sets at most this many rulesets side by side (a table a page wide)."""


def _multipliers_text(rs: Ruleset) -> str:
    if len(set(rs.multipliers)) == 1:
        return f"all ×{rs.multipliers[0]}"
    return ", ".join(f"{str(c).removesuffix(' trump')} ×{m}" for c, m in zip(Contract, rs.multipliers))


def _sequences_text(rs: Ruleset) -> str:
    scale = rs.sequence_scale
    same = len(scale) - 1  # from this index on, every sequence is worth the same
    while same > 0 and scale[same - 1] == scale[-1]:
        same -= 1
    if same == len(scale) - 1:  # every length its own value
        return f"{', '.join(map(str, scale))} for 3 to 9 cards"
    return ", ".join([f"{n + 3} cards {v}" for n, v in enumerate(scale[:same])] + [f"{same + 3} or more {scale[-1]}"])


def _undenufe_text(rs: Ruleset) -> str:
    points = rs.card_points(Contract.UNDENUFE)
    ace, six = points[Card.CA], points[Card.C6]
    return f"6 {six}, A {ace}" if six > ace else f"A {ace}, 6 {six}"


def compare_rulesets(*rulesets: Ruleset | str) -> pd.DataFrame:
    """The conventions in which rulesets may differ, side by side and written as people write them: a row per
    convention, named with its rule id; a column per ruleset (by default the classic and the modern presets).

    Each entry is read from the ruleset itself (its multipliers, card points, Weis scale, ...), so a variant made
    with :meth:`~jasslib.rulesets.Ruleset.replace` shows its own values.

    >>> t = compare_rulesets()
    >>> list(t.columns), t.loc["four nines (W3)"].tolist()
    (['classic', 'modern'], ['no Weis', '150'])
    >>> t.loc["sequences (W2)", "classic"]
    '3 cards 20, 4 cards 50, 5 or more 100'
    >>> compare_rulesets("modern", "classic").loc["Undenufe card values (O6)"].tolist()
    ['6 11, A 0', 'A 11, 6 0']
    >>> compare_rulesets("modern").loc["sequences (W2)", "modern"]
    '20, 50, 100, 150, 200, 250, 300 for 3 to 9 cards'
    """
    import pandas as pd

    if len(rulesets) > MAX_RULESETS:
        raise ArgumentError(f"compare_rulesets sets 1 to {MAX_RULESETS} rulesets side by side, got {len(rulesets):,}")
    chosen = [Ruleset.parse(rs) for rs in rulesets] or [CLASSIC, MODERN]
    names = [rs.name for rs in chosen]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise ArgumentError(f"two of the rulesets are called {twice!r}: give each column its own name "
                            "(Ruleset.replace(name=...))")
    rows: dict[str, list[str]] = {
        "multipliers (C3)": [_multipliers_text(rs) for rs in chosen],
        "Undenufe card values (O6)": [_undenufe_text(rs) for rs in chosen],
        "sequences (W2)": [_sequences_text(rs) for rs in chosen],
        "four nines (W3)": ["no Weis" if rs.four_nines is None else str(rs.four_nines) for rs in chosen],
        "starting card (D4)": [str(rs.starting_card) for rs in chosen],
        "target (G1)": [str(rs.target) for rs in chosen],
        "Schneider below (G4)": [str(rs.schneider) for rs in chosen],
        "counting order (G3)": [", ".join(_CLAIM_NAMES[c] for c in rs.claim_priority) for rs in chosen],
    }
    return pd.DataFrame(rows, index=pd.Index(names, name="ruleset")).T.rename_axis("convention")
