"""Playing well, measured (notebook 14): the contract choosers compared, and four kinds of card play per contract.

* :func:`chooser_rounds` / :func:`chooser_summary`: the three named choosers of :mod:`~jasslib.analysis.advisor`
  (the advisor, the rule-based chooser, the Lucerne course's table) on the same deals with the card play held
  fixed (rule-based players at all four seats on the fast path), so the only difference is the contract: the
  choosing team's hand score, paired per deal.  After schieben the partner chooses with the same chooser.
* :func:`play_by_contract`: forehand's team's trick points per contract with random, rule-based, search and
  double-dummy play, from the shipped samples (:func:`jasslib.simulation.search_sample`,
  :func:`jasslib.ddtable.sample`) and fresh simulations of the same deals.
* :func:`hindsight_best`: how often each contract is the best in hindsight with all cards open and with
  rule-based play on the same deals (the "Undenufe is best in 55 % of deals" of open cards).

>>> s = chooser_summary(chooser_rounds(20, samples=20, seed=1))
>>> list(s.index), int(s["deals"].iloc[0])
(['advisor', 'rule', 'lucerne'], 20)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .. import _check, fast
from ..contracts import Contract
from ..rulesets import CLASSIC, Ruleset
from ..scoring import match_points, multiplied
from .advisor import CHOOSERS, choose_batch

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["chooser_rounds", "chooser_summary", "play_by_contract", "hindsight_best"]

_NAMES = tuple(c.name.lower() for c in Contract)
_LABELS = tuple(str(c) for c in Contract)


def chooser_rounds(deals: int = 300, ruleset: Ruleset | str = CLASSIC, seed: int | str = 14,
                   samples: int = 100) -> pd.DataFrame:
    """Deals ``0 .. deals - 1`` of ``seed`` (the deals of :func:`~jasslib.simulation.simulate`), each played once
    per chooser of :data:`~jasslib.analysis.advisor.CHOOSERS`: forehand (seat 0) names a contract or says
    schieben, then the partner (seat 2) names one with the same chooser; every seat plays rule-based.

    One row per deal and chooser: ``deal``, ``chooser``, ``pushed``, ``contract`` (as people write it),
    ``score`` (the choosing team's hand score: trick points × multiplier + Weis + Stöck, H2), ``opponents`` and
    ``margin`` (the difference).  ``samples``: the advisor's sampled deals per hand (its seed is the deal's).
    """
    import pandas as pd

    n = _check.whole(deals, "deals", low=1, high=100_000)
    _check.whole(samples, "samples: sampled deals per advice", low=1, high=1_000_000)
    rs = Ruleset.parse(ruleset)
    _check.seed(seed)
    hands = fast.deal_batch(seed, 0, n)
    rows = []
    for name in CHOOSERS:
        seeds = list(range(n)) if name == "advisor" else None
        first = choose_batch(name, hands[:, 0], rs, False, seeds, samples)
        pushed = first < 0
        contracts = first.astype(np.int64)
        if pushed.any():  # the partner chooses only where forehand pushed
            again = None if seeds is None else [s for s, p in zip(seeds, pushed) if p]
            contracts[pushed] = choose_batch(name, hands[pushed, 2], rs, True, again, samples)
        res = fast.play_batch(hands, contracts, (fast.RULE,) * 4, ruleset=rs)
        f = dict(zip(fast.RESULT_FIELDS, res.T))
        mult = np.array(rs.multipliers, dtype=np.int64)[contracts]
        s0 = multiplied(f["card_points_0"] + match_points(f["tricks_0"]), f["weis_0"], f["stoeck_0"], mult)[3]
        s1 = multiplied(f["card_points_1"] + match_points(f["tricks_1"]), f["weis_1"], f["stoeck_1"], mult)[3]
        rows.append(pd.DataFrame({"deal": np.arange(n), "chooser": name, "pushed": pushed,
                                  "contract": pd.Categorical.from_codes(contracts, _LABELS),
                                  "score": s0, "opponents": s1, "margin": s0 - s1}))
    return pd.concat(rows, ignore_index=True)


def chooser_summary(rounds: pd.DataFrame) -> pd.DataFrame:
    """Per chooser of :func:`chooser_rounds`'s table: ``deals``, the mean ``score`` and ``margin``, how often it
    pushed (``push``), and the advisor's gain over it on the margin, paired per deal, with the half-width of its
    95 % interval (``gain ±``; 0 for the advisor itself)."""
    import pandas as pd

    _check.frame(rounds, "rounds", ("deal", "chooser", "pushed", "score", "margin"))
    wide = rounds.pivot(index="deal", columns="chooser", values="margin")
    out = []
    for name in [c for c in CHOOSERS if c in wide.columns]:
        mine = rounds[rounds.chooser == name]
        gain = wide["advisor"] - wide[name] if "advisor" in wide.columns else wide[name] * np.nan
        half = 1.96 * float(gain.std(ddof=1)) / math.sqrt(len(gain)) if len(gain) > 1 else math.nan
        out.append({"chooser": name, "deals": len(mine), "score": mine.score.mean(), "margin": mine.margin.mean(),
                    "push": mine.pushed.mean(), "advisor's gain": gain.mean(), "gain ±": half})
    return pd.DataFrame(out).set_index("chooser")


def play_by_contract(rounds: int = 300) -> pd.DataFrame:
    """Forehand's team's mean trick points per contract with four kinds of card play, from the shipped samples.

    Left: the search sample's deals (:func:`~jasslib.simulation.search_sample`, four search players who chose
    their contracts) played again with the same contracts by four random players and by four rule-based
    players (same deals, same contracts: the columns compare the play only).  Right: the shipped DD table's
    2,000 deals (:func:`~jasslib.ddtable.sample`, every contract forced) with rule-based play and with perfect
    play on open cards.  Columns: ``rounds`` (of the search sample), ``random``, ``rule-based``, ``search``,
    ``search − rule``, then ``DD deals``, ``rule-based (DD deals)``, ``double dummy``, ``DD − rule``.
    """
    import pandas as pd

    from .. import ddtable
    from ..simulation import SEARCH_SAMPLE_ROUNDS, SEARCH_SAMPLE_SEED, search_sample, simulate

    search = search_sample(_check.whole(rounds, "rounds: of the shipped search sample", low=1,
                                        high=SEARCH_SAMPLE_ROUNDS))
    n = len(search)
    picked = search.contract.astype(str).to_numpy()
    out: dict[str, pd.Series] = {}
    out["rounds"] = search.groupby("contract", observed=False).size()
    for label, players in (("random", "random"), ("rule-based", "rule")):
        every = simulate(n, players=players, contract="all", seed=SEARCH_SAMPLE_SEED, progress=False)
        same = every[every.contract.astype(str).to_numpy() == picked[every.deal.to_numpy()]]
        out[label] = same.groupby("contract", observed=False).trick_points_0.mean()
    out["search"] = search.groupby("contract", observed=False).trick_points_0.mean()
    out["search − rule"] = out["search"] - out["rule-based"]
    table = ddtable.sample(ddtable.SAMPLE_DEALS)
    sim = simulate(len(table), players="rule", contract="all", seed=ddtable.SAMPLE_SEED, progress=False)
    out["DD deals"] = pd.Series(len(table), index=list(_NAMES))
    out["rule-based (DD deals)"] = sim.groupby("contract", observed=False).trick_points_0.mean()
    out["double dummy"] = pd.Series({name: table[f"dd_{name}"].mean() for name in _NAMES})
    out["DD − rule"] = out["double dummy"] - out["rule-based (DD deals)"]
    frame = pd.DataFrame({k: v.reindex(list(_NAMES)) for k, v in out.items()})
    frame.index = pd.Index(list(_LABELS), name="contract")
    return frame


def hindsight_best(ruleset: Ruleset | str = CLASSIC) -> pd.DataFrame:
    """On the shipped DD table's deals: how often each contract gives forehand's team the highest score
    (trick points × multiplier, C3) in hindsight, with all cards open (``double dummy``, as
    :func:`~jasslib.analysis.dd_best`) and with four rule-based players on the same deals (``rule-based play``).
    Shares of the deals; ties go to the first contract in the order ♣ ♠ ♥ ♦ Obenabe Undenufe.

    >>> h = hindsight_best()
    >>> h.loc["Undenufe"].round(2).tolist()            # with open cards, with rule-based play
    [0.55, 0.57]
    """
    import pandas as pd

    from .. import ddtable
    from ..simulation import simulate

    rs = Ruleset.parse(ruleset)
    table = ddtable.sample(ddtable.SAMPLE_DEALS)
    mult = np.array(rs.multipliers)
    dd = table[[f"dd_{name}" for name in _NAMES]].to_numpy() * mult
    sim = simulate(len(table), players="rule", contract="all", seed=ddtable.SAMPLE_SEED, ruleset=rs, progress=False)
    rule = sim.pivot(index="deal", columns="contract", values="trick_points_0")[list(_NAMES)].to_numpy() * mult
    shares = {label: np.bincount(m.argmax(axis=1), minlength=6) / len(m)
              for label, m in (("double dummy", dd), ("rule-based play", rule))}
    return pd.DataFrame(shares, index=pd.Index(list(_LABELS), name="contract"))
