"""The beginners' tips of the modern rules page put to the test: on DD tables (Puur and Näll, schieben,
Obenabe), on simulated rounds (Weis) and on solved decisions of played rounds (smearing, the last trick,
leading trumps; :func:`tip_sample` ships 60 rounds of them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .. import _check
from ..ddtable import solved_contracts
from ..errors import ArgumentError, excerpt
from ..rulesets import CLASSIC, Ruleset
from ..simulation import CONTRACT_NAMES
from .dd import _TRUMP_NAMES, _need, dd_best, dd_scores
from .odds import weis_events

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..contracts import Contract
    from ..round import Round
    from ..seats import Seat

__all__ = [
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
]


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
    _check.frame(table, "the DD table")
    import pandas as pd

    from ..cards import Card, Rank, Suit

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
    _check.frame(table, "the DD table")
    import numpy as np
    import pandas as pd

    from ..simulation import hand_features

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
    _check.frame(table, "the DD table")
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
    _check.frame(sim, "sim (the frame of simulate)")
    import numpy as np
    import pandas as pd

    from ..fast import deal_batch

    rs = Ruleset.get(ruleset)
    recorded = (sim["weis_0"].astype(int) + sim["weis_1"].astype(int)).to_numpy()
    with_weis = recorded > 0
    diff = (sim["score_0"].astype(int) - sim["score_1"].astype(int)).to_numpy()
    without = diff - (sim["weis_0"].astype(int) - sim["weis_1"].astype(int)).to_numpy()
    if sim["seed"].astype(str).nunique() != 1:
        raise ArgumentError("tip_weis needs the frame of one simulation seed")
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


MAX_TIP_ROUNDS = 10_000
"""The most rounds :func:`tip_positions` plays (each position found is solved)."""
TIP_KINDS = ("smear", "last_trick", "trump_lead")
"""The decisions :func:`tip_positions` collects: smearing on the partner's trick (4th seat, the partner
winning), the choice between a strong and a weak card before the last trick (trick 8), and leading a
trump or not with four or more trumps (tricks 1–3 of a trump contract)."""


def _tip_kind(rnd: Round, contract: Contract, seat: Seat, kinds: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """The kind of tip decision ``seat``, to move in ``rnd`` under ``contract``, faces (with its facts), or None."""
    from ..play import trick_winner
    from ..players.heuristics import strength

    legal = list(rnd.legal_cards())
    if len(legal) < 2:
        return None
    trick = [c for _, c in rnd.trick]
    points = rnd.ruleset.card_points(contract)
    if "smear" in kinds and len(trick) == 3 and trick_winner(trick, contract) == 1:
        pts = sorted({points[c] for c in legal})
        if len(pts) > 1:
            heavy = max(legal, key=lambda c: (points[c], -strength(int(c), int(contract))))
            light = min(legal, key=lambda c: (points[c], strength(int(c), int(contract))))
            return "smear", {"strong": heavy, "weak": light}
    if "last_trick" in kinds and rnd.trick_number == 7 and len(legal) == 2:
        key = [(c.suit == contract.trump, strength(int(c), int(contract))) for c in legal]
        if key[0] != key[1]:
            strong, weak = (legal[0], legal[1]) if key[0] > key[1] else (legal[1], legal[0])
            return "last_trick", {"strong": strong, "weak": weak}
    if "trump_lead" in kinds and not trick and rnd.trick_number < 3 and contract.has_trump:
        trumps = [c for c in legal if c.suit == contract.trump]
        if len(trumps) >= 4 and len(trumps) < len(legal):
            return "trump_lead", {"trumps": len(trumps), "seat": int(seat)}
    return None


def _tip_row(rnd: Round, contract: Contract, seat: Seat, kind: str, facts: dict[str, Any]) -> dict[str, Any]:
    """The decision ``seat`` faces in ``rnd`` solved: the team's end-of-round DD points for each option."""
    from ..solver import Position, solve

    sol = solve(Position.from_round(rnd))
    team = int(seat) % 2
    taken = rnd.card_points[team]
    value = {c: taken + v[team] for c, v in sol.card_values.items()}
    if kind == "trump_lead":
        trump = contract.trump
        strong = max((c for c in value if c.suit == trump), key=lambda c: value[c])
        weak = max((c for c in value if c.suit != trump), key=lambda c: value[c])
    else:
        strong, weak = facts["strong"], facts["weak"]
    advised, other = (weak, strong) if kind == "last_trick" else (strong, weak)
    return {"kind": kind, "contract": str(CONTRACT_NAMES[int(contract)]), "seat": int(seat),
            "trick": rnd.trick_number + 1, "strong": str(strong), "weak": str(weak), "value_strong": value[strong],
            "value_weak": value[weak], "gain": value[advised] - value[other], "tip_best": advised in sol.best,
            "trumps": facts.get("trumps", 0)}


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

    from ..players import RuleBasedPlayer, take_turn
    from ..round import Round

    rounds = _check.whole(rounds, "rounds", high=MAX_TIP_ROUNDS)
    _check.seed(seed)
    if isinstance(kinds, (str, bytes)) or not isinstance(kinds, (list, tuple)) or len(kinds) > 12:
        raise ArgumentError(f"kinds: a list of tip kinds ({', '.join(TIP_KINDS)}), got {excerpt(kinds)}")
    bad = [k for k in kinds if k not in TIP_KINDS]
    if bad:
        raise ArgumentError(f"unknown tip kind {excerpt(bad[0])}: expected one of {', '.join(TIP_KINDS)}")
    players = [RuleBasedPlayer()] * 4
    rs = Ruleset.get(ruleset)
    rows = []
    for i in range(int(rounds)):
        rnd = Round.deal(seed=f"{seed}/{i}", ruleset=rs)
        while not rnd.done:
            contract, seat = rnd.contract, rnd.to_move
            if contract is not None and seat is not None:  # the cards are being played (seat: None once done)
                found = _tip_kind(rnd, contract, seat, kinds)
                if found is not None:
                    rows.append({"round": i, **_tip_row(rnd, contract, seat, *found)})
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
    _check.frame(positions, "the frame of tip_positions", ("kind", "gain", "tip_best"))
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
