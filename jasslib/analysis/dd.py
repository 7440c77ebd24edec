"""Double-dummy (DD) tables: a deal's value under each contract (:func:`dd_table`), and tables of many deals
(:mod:`jasslib.ddtable`) read for strategy: DD scores, the best contract, perfect play against the
rule-based player, and how far forehand's own cards predict the DD results."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .. import _check
from ..ddtable import solved_contracts
from ..errors import ArgumentError, excerpt
from ..rulesets import CLASSIC, Ruleset
from ..simulation import CONTRACT_NAMES

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..cards import CardSet
    from ..round import Round
    from ..seats import Seat

__all__ = ["dd_table", "dd_scores", "dd_best", "dd_vs_rule", "feature_fit"]


def _deal_hands(deal: Round | Sequence[CardSet | str]) -> tuple[CardSet, ...]:
    from ..cards import CardSet
    from ..round import Round

    if isinstance(deal, Round):
        return tuple(deal.initial_hand(s) for s in range(4))
    if not isinstance(deal, (list, tuple)):
        raise ArgumentError(f"deal: a Round or four hands in a list, got {excerpt(deal)}")
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

    from ..contracts import Contract
    from ..round import Round
    from ..seats import Seat
    from ..solver import dd_points

    hands = _deal_hands(deal)
    if forehand is None:
        forehand = deal.forehand if isinstance(deal, Round) else Seat(0)
    fh = Seat.parse(forehand)
    if ruleset is None:
        ruleset = deal.ruleset if isinstance(deal, Round) else CLASSIC
    rs = Ruleset.get(ruleset)
    team = int(fh) % 2
    from ..ddtable import contract_list

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
        raise ArgumentError(f"{what} needs the DD values of {', '.join(missing)}; this table holds only "
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
    _check.frame(table, "the DD table")
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
    _check.frame(table, "the DD table")
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
    _check.frame(table, "the DD table")
    _check.frame(sim, "sim (the frame of simulate)")
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
        raise ArgumentError("sim must be a frame of jasslib.simulation.simulate(..., contract='all')")
    if set(sim["seed"].astype(str).unique()) != set(table["seed"].astype(str).unique()):
        raise ArgumentError("the DD table and the simulation must come from the same seed (the same deals)")
    solved = solved_contracts(table)
    dd = table.melt(id_vars=["deal"], value_vars=[f"dd_{c}" for c in solved], var_name="contract",
                    value_name="dd")
    dd["contract"] = dd["contract"].str[3:]
    rule = sim[["deal", "contract", "trick_points_0"]].rename(columns={"trick_points_0": "rule"})
    rule = rule.assign(contract=rule["contract"].astype(str))
    rule = rule[rule["contract"].isin(solved)]
    both = dd.merge(rule, on=["deal", "contract"], how="inner")
    if len(both) < len(rule):
        raise ArgumentError("every deal of the simulation must be in the DD table (use the same seed and deals)")
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
    jasslib.errors.ArgumentError: feature_fit needs more deals than features (...) on each half, got 20
    """
    _check.frame(table, "the DD table")
    import numpy as np
    import pandas as pd

    rs = Ruleset.get(ruleset)
    x, _ = _feature_matrix(table)
    train = (table["deal"].to_numpy() % 2) == 0
    test = ~train
    if train.sum() < x.shape[1] or test.sum() == 0:
        raise ArgumentError(f"feature_fit needs more deals than features ({x.shape[1]}) on each half, got {len(table)}")
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
