"""The contract advisor: which contract to name with a hand, or whether to say schieben, by playing it out.

:func:`advise` deals the 27 cards the chooser cannot see at random (uniformly, from a seed: the same
call gives the same advice), plays each sampled deal out under each of the six contracts and reports,
per contract, the choosing team's expected hand score under the ruleset (trick points × multiplier,
plus the Weis and Stöck that the hand and the table bring, H2), its spread, the chance of the match,
and — at forehand — what schieben is worth: the same deals with the partner naming the contract.

Which option it recommends is the ``objective`` (:data:`OBJECTIVES`).  A game of Schieber is a race to the
target: a point for the team and a point kept from the opponents count about the same while the game is
open (the margin, the team's hand score minus the opponents'), and the team's own points count more near
the end, when they finish the game.  The default, ``"robust"``, keeps the rule-based chooser's option (the
contract the bots name, or its schieben) unless the samples show another option better on *both* counts,
more points for the team and a better margin; of those it takes the best margin.  An option better on
both is better for every weight of the opponents' points between 0 (only the team's points count) and 1
(theirs count as much), so the advice departs from the taught rule only where no way of counting a
hand prefers the rule's option, and the winner's curse of picking the top of many noisy estimates
costs little.  ``"margin"`` ranks by the margin alone, ``"score"`` by the team's own hand score alone; the
last is a gambler's measure under the classic multipliers (a ×4 Undenufe lost by 40 points still brings
the team many points, but the opponents more), see ``benchmarks/README.md``.

Two ways to play a sampled deal out (``playout``):

* ``"rule"`` (the default): the rule-based players of :mod:`jasslib.players.heuristics` at all four
  seats, on the compiled fast path (:func:`jasslib.fast.play_batch`): real play, with its mistakes on
  both sides, about 40,000 deals a second on one core, so a hand is advised in a fraction of a second.
* ``"dd"``: double-dummy play (:func:`jasslib.solver.dd_batch`), every card open, both sides perfect.
  It flatters the declarer, who plays as if seeing every hand (so Undenufe and Obenabe look better than
  they play at a real table), and a trump solve takes seconds today: use a few dozen ``samples``.

What the samples assume: the other hands are dealt uniformly from the unseen cards.  After schieben
(``pushed=True``) the partner knows that forehand found no contract good enough; the advisor does not
use that hint (forehand's hand is sampled like the others).  Schieben's value at forehand assumes the
partner names the contract the rule-based chooser names with its hand after schieben
(:func:`~jasslib.players.heuristics.choose_contract`), on the same sampled deals; a partner who chooses
better makes schieben worth a little more than shown.

The baselines are named choosers with one call shape, ``chooser(hand, ruleset, pushed, seed)`` →
a :class:`~jasslib.Contract` or ``None`` (schieben): :func:`advisor_choice` (this advisor),
:func:`rule_choice` (the rule-based chooser of the bots) and :func:`lucerne_choice` (the per-card table
of the Lucerne course, :func:`lucerne_values`).  :data:`CHOOSERS` names them; :func:`choose_batch`
runs one on many hands at once (the benchmark ``benchmarks/bench_advisor.py`` compares them).

>>> a = advise("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", samples=200)
>>> a.choice, a.best.mean > a.outlook("clubs").mean
(Contract.HEARTS, True)
>>> a.recommendation().startswith("Name ♥ trump")
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .. import fast
from .._numba import jit
from ..cards import CardLike, CardSet, Rank
from ..contracts import Contract
from ..errors import ArgumentError, BudgetError, HandSizeError, excerpt
from ..players.heuristics import SCHIEBEN, choose_contract, default_threshold
from ..rulesets import CLASSIC, Ruleset
from ..scoring import match_points, multiplied

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Outlook",
    "Advice",
    "advise",
    "PLAYOUTS",
    "OBJECTIVES",
    "DEFAULT_SAMPLES",
    "LUCERNE_TRUMP",
    "LUCERNE_SIDE",
    "LUCERNE_OBENABE",
    "LUCERNE_UNDENUFE",
    "LUCERNE_THRESHOLD",
    "lucerne_values",
    "lucerne_choice",
    "rule_choice",
    "advisor_choice",
    "CHOOSERS",
    "choose_batch",
]

PLAYOUTS = ("rule", "dd")
"""The ways to play a sampled deal out: the rule-based players (real play) or double dummy (open cards)."""
OBJECTIVES = ("robust", "margin", "score")
"""How the advice chooses: ``"robust"`` (the default): the rule-based chooser's option unless another is
expected to be better both in the team's hand score and in the margin (then the best margin of those);
``"margin"``: the best expected hand score minus the opponents'; ``"score"``: the best expected hand score of
the team alone.  Margin and score differ where multipliers differ: a ×4 Undenufe lost by 40 points still
brings the team many points, but the opponents more.  The module doc gives the reasons for the default."""
DEFAULT_SAMPLES = 1000
"""Sampled deals per advice with the rule-based playout (6,000 rounds: well under a second)."""

_CONTRACTS = tuple(Contract)
_BOLD = ' style="font-weight:bold"'
_CHUNK = 60_000  # rounds per play_batch call in choose_batch (bounded memory)


# --------------------------------------------------------------------------------------------- the Lucerne table
def _table(values: dict[Rank, int]) -> tuple[int, ...]:
    return tuple(values.get(r, 0) for r in Rank)


LUCERNE_TRUMP = _table({Rank.ACE: 15, Rank.KING: 10, Rank.QUEEN: 7, Rank.JACK: 25, Rank.TEN: 6, Rank.NINE: 19,
                        Rank.EIGHT: 5, Rank.SEVEN: 5, Rank.SIX: 5})
"""The Lucerne (HSLU) course's points of a trump card, by rank 6 … A: J 25, 9 19, A 15, K 10, Q 7, 10 6, 8/7/6 5."""
LUCERNE_SIDE = _table({Rank.ACE: 9, Rank.KING: 7, Rank.QUEEN: 5, Rank.JACK: 2, Rank.TEN: 1})
"""Points of a card of a side suit (not trump) in a trump contract: A 9, K 7, Q 5, J 2, 10 1, the rest 0."""
LUCERNE_OBENABE = _table({Rank.ACE: 14, Rank.KING: 10, Rank.QUEEN: 8, Rank.JACK: 7, Rank.TEN: 5, Rank.EIGHT: 5})
"""Points of any card in Obenabe: A 14, K 10, Q 8, J 7, 10 5, 8 5, the rest 0."""
LUCERNE_UNDENUFE = _table({Rank.SIX: 11, Rank.SEVEN: 9, Rank.EIGHT: 7, Rank.TEN: 5, Rank.NINE: 5, Rank.KING: 2,
                           Rank.QUEEN: 1, Rank.JACK: 1})
"""Points of any card in Undenufe: 6 11, 7 9, 8 7, 10 5, 9 5, K 2, Q 1, J 1, A 0."""
LUCERNE_THRESHOLD = 68
"""The course's rule: with less than 68 points in the best contract, say schieben."""


def _hand(hand: CardSet | str | int | Iterable[CardLike]) -> CardSet:
    """The hand as a CardSet of nine cards, or the project's error (a bad card, a duplicate, a wrong size)."""
    cards = CardSet(hand)
    if len(cards) != 9:
        raise HandSizeError(f"a hand to advise has 9 cards (D3), got {len(cards)}: {excerpt(str(cards))}")
    return cards


def lucerne_values(hand: CardSet | str | int | Iterable[CardLike]) -> tuple[int, ...]:
    """The Lucerne course's points of the hand in each contract 0..5 (♣ ♠ ♥ ♦ trump, Obenabe, Undenufe).

    In a trump contract the hand's trump cards are scored with :data:`LUCERNE_TRUMP` and its other cards
    (the side suits) with :data:`LUCERNE_SIDE`; in Obenabe and Undenufe every card is scored with that
    contract's table.  The table counts points only: it ignores the ruleset's multipliers, Weis and Stöck.

    >>> lucerne_values("J♥ 9♥ A♥ 6♥ A♠ K♠ 10♣ 6♦ 7♦")   # ♥: 25+19+15+5 + 9+7 + 1 + 0+0 = 81
    (33, 37, 81, 38, 50, 44)
    """
    cards = _hand(hand)
    out = []
    for contract in _CONTRACTS:
        if contract.trump is None:
            table = LUCERNE_OBENABE if contract == Contract.OBENABE else LUCERNE_UNDENUFE
            out.append(sum(table[c.rank] for c in cards))
        else:
            out.append(sum((LUCERNE_TRUMP if c.suit == contract.trump else LUCERNE_SIDE)[c.rank] for c in cards))
    return tuple(out)


def _check_pushed(pushed: object) -> bool:
    """``pushed`` as a bool, or :class:`~jasslib.errors.ArgumentError` (a string such as ``'no'`` is truthy)."""
    if not isinstance(pushed, (bool, np.bool_)):
        raise ArgumentError(f"pushed: True (the partner chooses after schieben) or False (forehand), "
                            f"got {excerpt(pushed)}")
    return bool(pushed)


def _check_masks(masks: object) -> np.ndarray:
    """Hand masks as a flat int64 array, each a 9-card hand (36-bit mask), or the project's error."""
    try:
        m = np.asarray(masks)
    except (TypeError, ValueError) as e:  # ragged nesting and the like
        raise ArgumentError(f"masks: an array of 9-card hand masks (ints), got {excerpt(masks)}") from e
    if m.dtype == object or not (np.issubdtype(m.dtype, np.integer) or m.size == 0):
        raise ArgumentError(f"masks: an array of 9-card hand masks (ints, such as CardSet.mask), got "
                            f"{excerpt(masks)}")
    m = m.astype(np.int64).reshape(-1)
    bad = (m < 0) | (m >= 1 << 36)
    if bad.any():
        raise ArgumentError(f"masks: a hand mask has bits 0..35 (36 cards), got {int(m[bad][0])}")
    counts = np.zeros(m.shape[0], dtype=np.int64)
    for bit in range(36):
        counts += (m >> bit) & 1
    if (counts != 9).any():
        i = int(np.flatnonzero(counts != 9)[0])
        raise HandSizeError(f"masks: a hand to advise has 9 cards (D3), hand {i} has {int(counts[i])}")
    return m


def _lucerne_batch(masks: np.ndarray) -> np.ndarray:
    """:func:`lucerne_values` of many hand masks at once: an ``(n, 6)`` int array (the same sums, vectorised)."""
    m = np.asarray(masks, dtype=np.int64).reshape(-1)
    bits = ((m[:, None] >> np.arange(36)) & 1).reshape(-1, 4, 9)  # (n, suit, rank)
    side = bits @ np.array(LUCERNE_SIDE)  # (n, suit): each suit scored as a side suit
    trump = bits @ np.array(LUCERNE_TRUMP)
    out = np.empty((m.shape[0], 6), dtype=np.int64)
    total_side = side.sum(axis=1)
    for s in range(4):
        out[:, s] = total_side - side[:, s] + trump[:, s]
    out[:, 4] = (bits @ np.array(LUCERNE_OBENABE)).sum(axis=1)
    out[:, 5] = (bits @ np.array(LUCERNE_UNDENUFE)).sum(axis=1)
    return out


def _lucerne_pick(values: np.ndarray, pushed: bool) -> np.ndarray:
    """The course's choice from the values: the highest (the lowest contract number on ties), schieben below 68."""
    best = np.argmax(values, axis=1)
    if not pushed:
        best = np.where(values.max(axis=1) < LUCERNE_THRESHOLD, SCHIEBEN, best)
    return best.astype(np.int64)


def _contract_or_none(code: int) -> Contract | None:
    return None if code == SCHIEBEN else _CONTRACTS[code]


def lucerne_choice(hand: CardSet | str | int | Iterable[CardLike], ruleset: Ruleset | str = CLASSIC,
                   pushed: bool = False, seed: int | str = 0) -> Contract | None:
    """The Lucerne course's choice: the contract with the most :func:`lucerne_values` points (on a tie the
    first of ♣ ♠ ♥ ♦ Obenabe Undenufe), or ``None`` (schieben) below :data:`LUCERNE_THRESHOLD` when allowed.

    ``ruleset`` and ``seed`` are taken for the common chooser signature; the table uses neither.

    >>> lucerne_choice("J♥ 9♥ A♥ 6♥ A♠ K♠ 10♣ 6♦ 7♦"), lucerne_choice("6♣ 8♣ Q♣ 7♠ 9♠ 8♥ J♥ 10♦ K♦")
    (Contract.HEARTS, None)
    """
    values = np.array([lucerne_values(hand)])
    Ruleset.parse(ruleset)
    return _contract_or_none(int(_lucerne_pick(values, _check_pushed(pushed))[0]))


@jit
def _rule_choices_into(masks: np.ndarray, pushed: bool, multipliers: np.ndarray, threshold: float,
                       out: np.ndarray) -> None:
    for i in range(masks.shape[0]):
        out[i] = choose_contract(masks[i], pushed, multipliers, threshold)


def _rule_batch(masks: np.ndarray, ruleset: Ruleset, pushed: bool) -> np.ndarray:
    """The rule-based chooser's contract numbers (or SCHIEBEN) for many hand masks."""
    m = np.ascontiguousarray(masks, dtype=np.int64).reshape(-1)
    out = np.zeros(m.shape[0], dtype=np.int64)
    mult = np.array(ruleset.multipliers, dtype=np.int64)
    _rule_choices_into(m, bool(pushed), mult, float(default_threshold(mult)), out)
    return out


def rule_choice(hand: CardSet | str | int | Iterable[CardLike], ruleset: Ruleset | str = CLASSIC,
                pushed: bool = False, seed: int | str = 0) -> Contract | None:
    """The rule-based bots' choice (:func:`~jasslib.players.heuristics.choose_contract` at the ruleset's default
    threshold): what :class:`~jasslib.players.RuleBasedPlayer` names.  ``seed`` is unused.

    >>> rule_choice("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣")
    Contract.HEARTS
    """
    cards = _hand(hand)
    rs = Ruleset.parse(ruleset)
    return _contract_or_none(int(_rule_batch(np.array([cards.mask]), rs, _check_pushed(pushed))[0]))


# --------------------------------------------------------------------------------------------- sampling, playing out
def _check_samples(samples: object) -> int:
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
        raise BudgetError(f"samples: a whole number of sampled deals (at least 1), got {excerpt(samples)}")
    if samples < 1:
        raise BudgetError(f"samples: at least 1 sampled deal is needed to advise, got {int(samples)}")
    if samples > 1_000_000:
        raise BudgetError(f"samples: at most 1,000,000 sampled deals, got {int(samples):,}")
    return int(samples)


def _layouts(mask: int, pushed: bool, samples: int, seed: int | str) -> np.ndarray:
    """``samples`` deals ``(samples, 4)`` with the hand at seat 0 (forehand) or 2 (after schieben) and the 27 other
    cards dealt uniformly to the three other seats; a pure function of the arguments."""
    unseen = np.array([c for c in range(36) if not mask >> c & 1], dtype=np.int64)
    rng = np.random.default_rng([fast.seed_key(seed), 0xAD71CE])
    order = rng.permuted(np.broadcast_to(unseen, (samples, 27)), axis=1)
    others = (np.int64(1) << order).reshape(samples, 3, 9).sum(axis=2)  # distinct bits: the sum is the union
    deals = np.empty((samples, 4), dtype=np.int64)
    mine = 2 if pushed else 0
    deals[:, mine] = mask
    deals[:, [s for s in range(4) if s != mine]] = others
    return deals


@dataclass(frozen=True)
class _Played:
    """Each sampled deal under each contract: the choosing team's (team 0's) numbers, arrays ``(n, 6)``."""

    score: np.ndarray  # hand score: trick points × multiplier + Weis + Stöck (H2)
    opponents: np.ndarray  # the other team's hand score
    trick_points: np.ndarray  # before the multiplier, match bonus included (H1)
    match: np.ndarray  # bool: team 0 took all nine tricks


def _play_out(deals: np.ndarray, ruleset: Ruleset, playout: str) -> _Played:
    n = deals.shape[0]
    rep = np.repeat(deals, 6, axis=0)
    res = fast.play_batch(rep, np.tile(np.arange(6), n), (fast.RULE,) * 4, ruleset=ruleset)
    f = {k: res[:, i].reshape(n, 6) for i, k in enumerate(fast.RESULT_FIELDS)}
    if playout == "dd":
        from ..solver import dd_batch

        tp0 = dd_batch(deals, 0, ruleset)
        # dd_batch gives team 0's points; 257 is its match, 0 (almost always) the other team's (dd_batch's note)
        tp1 = np.where(tp0 == 257, 0, np.where(tp0 == 0, 257, 157 - tp0))
        match = tp0 == 257
    else:
        tp0 = f["card_points_0"] + match_points(f["tricks_0"])
        tp1 = f["card_points_1"] + match_points(f["tricks_1"])
        match = f["tricks_0"] == 9
    mult = np.broadcast_to(np.array(ruleset.multipliers, dtype=np.int64), (n, 6))
    score = multiplied(tp0, f["weis_0"], f["stoeck_0"], mult)[3]
    opp = multiplied(tp1, f["weis_1"], f["stoeck_1"], mult)[3]
    return _Played(score, opp, tp0, match)


@dataclass(frozen=True)
class Outlook:
    """What one option (a contract, or schieben) is worth over the sampled deals, for the choosing team.

    ``mean`` is the expected hand score (trick points × multiplier + Weis + Stöck, H2); ``std`` its
    spread from deal to deal; ``low``/``high`` the 10th and 90th percentiles (8 deals in 10 fall between);
    ``error`` the half-width of the 95 % interval of ``mean`` (the sampling error); ``p_match`` the chance of
    taking all nine tricks; ``trick_points`` the mean trick points before the multiplier; ``opponents``
    the other team's expected hand score.
    """

    contract: Contract | None  # None: schieben
    mean: float
    std: float
    low: float
    high: float
    error: float
    p_match: float
    trick_points: float
    opponents: float

    @property
    def margin(self) -> float:
        """The expected hand score minus the opponents'."""
        return self.mean - self.opponents

    @property
    def label(self) -> str:
        """``'♥ trump'``, ``'Obenabe'``, or ``'schieben'``."""
        return "schieben" if self.contract is None else str(self.contract)

    def value(self, objective: str) -> float:
        """The number the advice ranks by: ``mean`` (objective ``"score"``) or ``margin`` (``"margin"``, and
        ``"robust"`` among the options that beat the rule-based chooser's on both counts)."""
        return self.mean if objective == "score" else self.margin

    def dominates(self, other: Outlook) -> bool:
        """At least as good as ``other`` both in the team's expected hand score and in the expected margin."""
        return self.mean >= other.mean and self.margin >= other.margin


def _outlook(contract: Contract | None, score: np.ndarray, opp: np.ndarray, tp: np.ndarray,
             match: np.ndarray) -> Outlook:
    n = score.shape[0]
    std = float(score.std(ddof=1)) if n > 1 else 0.0
    lo, hi = np.percentile(score, [10, 90])
    return Outlook(contract, float(score.mean()), std, float(lo), float(hi), 1.96 * std / math.sqrt(n),
                   float(match.mean()), float(tp.mean()), float(opp.mean()))


def _outlooks(p: _Played, partner: np.ndarray | None) -> tuple[Outlook, ...]:
    """Six contracts, then schieben (the partner's contract per deal) when ``partner`` is given."""
    out = [_outlook(c, p.score[:, int(c)], p.opponents[:, int(c)], p.trick_points[:, int(c)], p.match[:, int(c)])
           for c in _CONTRACTS]
    if partner is not None:
        rows = np.arange(p.score.shape[0])
        out.append(_outlook(None, p.score[rows, partner], p.opponents[rows, partner], p.trick_points[rows, partner],
                            p.match[rows, partner]))
    return tuple(out)


def _pick(options: Sequence[Outlook], objective: str) -> Outlook:
    """The best option by its value (the first of ♣ ♠ ♥ ♦ Obenabe Undenufe on ties; a contract over schieben)."""
    best = options[0]
    for o in options[1:]:
        if o.value(objective) > best.value(objective):
            best = o
    return best


def _choose(options: Sequence[Outlook], objective: str, rule: int) -> Outlook:
    """The option the objective recommends; ``rule`` is the index of the rule-based chooser's option."""
    if objective != "robust":
        return _pick(options, objective)
    prior = options[rule]
    best = prior
    for o in options:
        if o.dominates(prior) and o.margin > best.margin:
            best = o
    return best


# --------------------------------------------------------------------------------------------- the advice
@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one hand: an :class:`Outlook` per contract (and schieben), and the choice.

    ``options`` holds the six contracts in order, then schieben when it was allowed (not ``pushed``).
    Shows as a table in a notebook; :meth:`to_frame` gives the same as a DataFrame.
    """

    hand: CardSet
    ruleset: Ruleset
    pushed: bool
    samples: int
    playout: str
    objective: str
    seed: int | str
    options: tuple[Outlook, ...]
    rule_option: int = 0
    """The index in ``options`` of the rule-based chooser's option (6: its schieben), the prior of ``"robust"``."""

    @property
    def best(self) -> Outlook:
        """The option the objective recommends (:data:`OBJECTIVES`)."""
        return _choose(self.options, self.objective, self.rule_option)

    @property
    def rule(self) -> Outlook:
        """The option the rule-based chooser takes with this hand (:func:`rule_choice`)."""
        return self.options[self.rule_option]

    @property
    def choice(self) -> Contract | None:
        """The contract to name, or ``None`` for schieben."""
        return self.best.contract

    @property
    def schieben(self) -> Outlook | None:
        """Schieben's outlook (the partner names the contract), or None after schieben (the hand must choose)."""
        return None if self.pushed else self.options[6]

    def outlook(self, contract: Contract | int | str) -> Outlook:
        """The outlook of one contract (anything :meth:`Contract.parse` reads)."""
        return self.options[int(Contract.parse(contract))]

    def recommendation(self) -> str:
        """One sentence for a learner: what to do, what it is worth, and against what.

        >>> advise("6♣ 8♣ Q♣ 7♠ 9♠ 8♥ J♥ 10♦ K♦", samples=200).recommendation()[:13]
        'Say schieben:'
        """
        best = self.best
        ranking = "margin" if self.objective == "robust" else self.objective
        second = _pick([o for o in self.options if o is not best], ranking)
        by = "in your team's points" if ranking == "score" else "on the difference"

        def worth(o: Outlook) -> str:
            return f"{o.mean:.0f} points" if ranking == "score" else f"{o.margin:+.0f} against the opponents"

        if best.contract is None:
            top = _pick(self.options[:6], ranking)
            return (f"Say schieben: with your partner choosing, your team can expect {worth(best)}, better than "
                    f"with your best contract, {top.label} ({worth(top)}).")
        tail = " (after schieben you must choose)" if self.pushed else ""
        match = f", a match in {best.p_match:.0%} of deals" if best.p_match >= 0.005 else ""
        lead = best.value(ranking) - second.value(ranking)
        if lead < 0:  # robust: the best margin costs the team points, so the advice keeps the surer option
            against = (f"{second.label} promises {-lead:.0f} more on the difference but fewer points for your team "
                       f"({second.mean:.0f})")
        elif lead <= best.error:
            against = f"the next best, {second.label}, is about as good (within the sampling error)"
        else:
            against = f"the next best, {second.label}, is {lead:.0f} worse {by}"
        return (f"Name {best.label}{tail}: your team can expect about {best.mean:.0f} points to the opponents' "
                f"{best.opponents:.0f} (8 deals in 10 between {best.low:.0f} and {best.high:.0f}{match}); {against}.")

    def to_frame(self) -> pd.DataFrame:
        """One row per option (the six contracts, then schieben): the numbers of each :class:`Outlook`."""
        import pandas as pd

        rows = [{"option": o.label, "expected score": o.mean, "± (95 %)": o.error, "std": o.std, "p10": o.low,
                 "p90": o.high, "P(match)": o.p_match, "trick points": o.trick_points,
                 "opponents' score": o.opponents, "margin": o.margin, "best": o is self.best}
                for o in self.options]
        return pd.DataFrame(rows).set_index("option")

    def _repr_html_(self) -> str:
        best = self.best
        head = ("<tr><th>option</th><th>expected score</th><th>± (95 %)</th><th>std</th><th>8 in 10 between</th>"
                "<th>P(match)</th><th>trick points</th><th>opponents</th></tr>")
        rows = "".join(
            f"<tr{_BOLD if o is best else ''}><td>{html.escape(o.label)}</td>"
            f"<td>{o.mean:.1f}</td><td>{o.error:.1f}</td><td>{o.std:.1f}</td><td>{o.low:.0f}–{o.high:.0f}</td>"
            f"<td>{o.p_match:.1%}</td><td>{o.trick_points:.1f}</td><td>{o.opponents:.1f}</td></tr>"
            for o in self.options)
        caption = (f"{html.escape(str(self.hand))} — {self.ruleset.name} rules, "
                   f"{'after schieben' if self.pushed else 'forehand'}, {self.samples:,} sampled deals "
                   f"({'rule-based play' if self.playout == 'rule' else 'double-dummy play'})")
        return (f"<div class='jass-advice'><p>{html.escape(self.recommendation())}</p>"
                f"<table><caption>{caption}</caption>{head}{rows}</table></div>")

    def __str__(self) -> str:
        return self.recommendation()


def _check_options(playout: str, objective: str) -> None:
    if playout not in PLAYOUTS:
        raise ArgumentError(f"playout: 'rule' (rule-based play) or 'dd' (double dummy), got {excerpt(playout)}")
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ArgumentError(f"objective: one of {', '.join(map(repr, OBJECTIVES))}, got {excerpt(objective)}")


def advise(
    hand: CardSet | str | int | Iterable[CardLike],
    ruleset: Ruleset | str = CLASSIC,
    pushed: bool = False,
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    playout: str = "rule",
    objective: str = "robust",
) -> Advice:
    """Advise a 9-card hand at forehand (or, ``pushed=True``, the partner after schieben): see the module doc.

    ``samples`` sampled deals (the same ones for every contract, so the contracts compare on the same
    cards); ``seed`` makes them reproducible; ``playout`` ``"rule"`` or ``"dd"``; ``objective`` ``"robust"``
    (the default: the rule-based chooser's option unless another is better both in score and margin),
    ``"margin"`` (the team's hand score minus the opponents') or ``"score"`` (the team's hand score alone),
    :data:`OBJECTIVES`.  A hand of the wrong size or with a
    card twice raises :class:`~jasslib.errors.HandSizeError` / :class:`~jasslib.errors.DuplicateCardError`;
    a sample count below 1 :class:`~jasslib.errors.BudgetError`.

    >>> a = advise("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", samples=100, seed=1)
    >>> a == advise("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", samples=100, seed=1), len(a.options), a.schieben is None
    (True, 7, False)
    >>> advise("J♥ 9♥ A♥", samples=10)
    Traceback (most recent call last):
    ...
    jasslib.errors.HandSizeError: a hand to advise has 9 cards (D3), got 3: '9♥ J♥ A♥'
    """
    cards = _hand(hand)
    rs = Ruleset.parse(ruleset)
    n = _check_samples(samples)
    _check_options(playout, objective)
    is_pushed = _check_pushed(pushed)
    fast.seed_key(seed)
    deals = _layouts(cards.mask, is_pushed, n, seed)
    played = _play_out(deals, rs, playout)
    partner = None if is_pushed else _rule_batch(deals[:, 2], rs, True)
    return Advice(cards, rs, is_pushed, n, playout, objective, seed, _outlooks(played, partner),
                  _option_index(int(_rule_batch(np.array([cards.mask]), rs, is_pushed)[0])))


def _option_index(code: int) -> int:
    """A chooser's answer (0..5, or SCHIEBEN) as an index of :attr:`Advice.options` (schieben is 6)."""
    return 6 if code == SCHIEBEN else code


def advisor_choice(hand: CardSet | str | int | Iterable[CardLike], ruleset: Ruleset | str = CLASSIC,
                   pushed: bool = False, seed: int | str = 0, samples: int = DEFAULT_SAMPLES,
                   objective: str = "robust") -> Contract | None:
    """The advisor's choice: ``advise(...).choice``, the cheap call shape for a player naming a contract.

    >>> advisor_choice("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", "modern", pushed=True, seed=3, samples=200)
    Contract.HEARTS
    """
    return advise(hand, ruleset, pushed, samples, seed, objective=objective).choice


Chooser = Callable[..., "Contract | None"]
CHOOSERS: dict[str, Chooser] = {"advisor": advisor_choice, "rule": rule_choice, "lucerne": lucerne_choice}
"""The named choosers, each ``chooser(hand, ruleset, pushed, seed)`` → a Contract or None (schieben)."""


def choose_batch(name: str, masks: np.ndarray, ruleset: Ruleset | str = CLASSIC, pushed: bool = False,
                 seeds: Sequence[int | str] | None = None, samples: int = DEFAULT_SAMPLES,
                 objective: str = "robust") -> np.ndarray:
    """The choice of the chooser ``name`` (a key of :data:`CHOOSERS`) for many hand masks: contract numbers 0..5,
    -1 for schieben.  The same choices as the chooser called hand by hand (``seeds[i]`` is hand ``i``'s seed
    for the advisor, 0 for all by default, as in :func:`advise`), in far less time: the advisor's sampled
    deals of many hands are played in one batch.

    >>> m = np.array([CardSet.parse(h).mask for h in ("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", "6♣ 8♣ Q♣ 7♠ 9♠ 8♥ J♥ 10♦ K♦")])
    >>> choose_batch("lucerne", m).tolist(), choose_batch("advisor", m, seeds=[0, 0], samples=200).tolist()
    ([2, -1], [2, -1])
    """
    if not isinstance(name, str) or name not in CHOOSERS:
        raise ArgumentError(f"unknown chooser {excerpt(name)}: one of {', '.join(CHOOSERS)}")
    rs = Ruleset.parse(ruleset)
    m = _check_masks(masks)
    is_pushed = _check_pushed(pushed)
    if name == "lucerne":
        return _lucerne_pick(_lucerne_batch(m), is_pushed)
    if name == "rule":
        return _rule_batch(m, rs, is_pushed)
    n = _check_samples(samples)
    _check_options("rule", objective)
    seeds = [0] * len(m) if seeds is None else list(seeds)
    if len(seeds) != len(m):
        raise ArgumentError(f"seeds: one per hand ({len(m)}), got {len(seeds)}")
    return _advisor_batch(m, rs, is_pushed, seeds, n, (objective,))[objective]


def _advisor_batch(m: np.ndarray, rs: Ruleset, pushed: bool, seeds: Sequence[int | str], n: int,
                   objectives: Sequence[str]) -> dict[str, np.ndarray]:
    """The advisor's choices of many hands under each objective (one playout serves them all)."""
    out = {o: np.zeros(len(m), dtype=np.int64) for o in objectives}
    rule = _rule_batch(m, rs, pushed)
    per = max(1, _CHUNK // (6 * n))
    for start in range(0, len(m), per):
        idx = range(start, min(start + per, len(m)))
        deals = np.concatenate([_layouts(int(m[i]), pushed, n, seeds[i]) for i in idx])
        played = _play_out(deals, rs, "rule")
        partner = None if pushed else _rule_batch(deals[:, 2], rs, True)
        for k, i in enumerate(idx):
            sl = slice(k * n, (k + 1) * n)
            part = _Played(played.score[sl], played.opponents[sl], played.trick_points[sl], played.match[sl])
            options = _outlooks(part, None if partner is None else partner[sl])
            for o in objectives:
                best = _choose(options, o, _option_index(int(rule[i])))
                out[o][i] = SCHIEBEN if best.contract is None else int(best.contract)
    return out
