"""Scoring a hand and a game: H1–H2, the match, revoke (G5), claims (G2–G3) and Schneider (G4).

>>> from jasslib import Contract, Team
>>> s = hand_score((95, 57), (5, 4), last_trick=Team.T0, contract=Contract.HEARTS, weis=(20, 0))
>>> s.trick_points, s.weis, s.total                                    # H3: (100 + 20) × 2, 57 × 2
((100, 57), (40, 0), (240, 114))
>>> hand_score((152, 0), (9, 0), Team.T0, Contract.CLUBS).total        # a match: 257 (O7)
(257, 0)
>>> race((2950, 2990), {"stoeck": (0, 0), "weis": (0, 0), "stich": (60, 0)}, target=3000)
RaceResult(winner=Team.T0, category='stich', totals=(3010, 2990))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from .contracts import Contract
from .errors import ClaimError, JassError, excerpt
from .play import CARD_POINTS_TOTAL, LAST_TRICK_BONUS
from .rulesets import CLAIM_PRIORITY, CLASSIC, Ruleset
from .seats import Team

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "MATCH_BONUS",
    "HAND_TOTAL",
    "MATCH_TOTAL",
    "match_points",
    "multiplied",
    "CLAIM_CATEGORY_NAMES",
    "HandScore",
    "trick_totals",
    "hand_score",
    "revoke_score",
    "ClaimResult",
    "judge_claim",
    "RaceResult",
    "RaceStep",
    "race_steps",
    "race",
    "is_schneider",
    "games_won",
]

MATCH_BONUS = 100
"""O7/H1: taking all nine tricks adds 100."""
HAND_TOTAL = CARD_POINTS_TOTAL + LAST_TRICK_BONUS
"""O7: card points 152 plus 5 for the last trick: 157."""
MATCH_TOTAL = HAND_TOTAL + MATCH_BONUS
"""O7: a match (all nine tricks) is worth 257."""
CLAIM_CATEGORY_NAMES: dict[str, str] = {"stoeck": "Stöck", "weis": "Weis", "stich": "trick points (Stich)"}
"""G3: the display name of each claim category of :data:`~jasslib.rulesets.CLAIM_PRIORITY`."""

Pair = tuple[int, int]
_TEAMS = tuple(Team)

_N = TypeVar("_N", int, "npt.NDArray[np.integer[Any]]")
"""A number of points or tricks: an int, or a numpy array of them (the simulation's columns)."""


def _is_array(value: object) -> bool:
    """True for a numpy array or scalar (the simulation's columns): checked by numpy, not here."""
    return hasattr(value, "dtype")


def _is_count(value: object) -> bool:
    """True for a whole number of points or tricks: an int of at least 0, not ``True``/``False``."""
    return isinstance(value, int) and not isinstance(value, (bool, Enum)) and value >= 0


def _check_number(value: object, what: str, low: int = 0, high: int | None = None) -> None:
    """Refuse ``value`` unless it is a numpy value or a whole number from ``low`` (to ``high``)."""
    if type(value) is int and low <= value and (high is None or value <= high):
        return
    if _is_array(value):
        return
    if (not isinstance(value, int) or isinstance(value, (bool, Enum)) or value < low
            or (high is not None and value > high)):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise JassError(f"{what}: expected a whole number {bound}, got {excerpt(value)}")


def match_points(tricks: _N) -> _N:
    """O7/H1: the match bonus a team earns for ``tricks`` tricks taken (100 for all nine, else 0).

    Works on an int or elementwise on a numpy array of trick counts.

    >>> match_points(9), match_points(8)
    (100, 0)
    """
    if type(tricks) is not int or not 0 <= tricks <= 9:
        _check_number(tricks, "tricks taken", 0, 9)
    return _match_points(tricks)


def _match_points(tricks: _N) -> _N:
    """:func:`match_points` unchecked (the one home of the rule; the engine passes checked counts)."""
    bonus: _N = MATCH_BONUS * (tricks == 9)  # numpy types an array's == as Any
    return bonus


def multiplied(trick_points: _N, weis: _N, stoeck: _N, multiplier: _N) -> tuple[_N, _N, _N, _N]:
    """H2 for one team: (trick score, Weis, Stöck, hand total) from points before the multiplier.

    The trick points are multiplied once at the end; Weis and Stöck are recorded multiplied (W8, S1).
    Works on ints or elementwise on numpy arrays (the simulation's columns).

    >>> multiplied(100, 20, 0, 2)        # H3: (100 + 20) × 2
    (200, 40, 0, 240)
    """
    if not (type(trick_points) is int and type(weis) is int and type(stoeck) is int and type(multiplier) is int
            and multiplier >= 1):
        for value, what in ((trick_points, "trick points"), (weis, "Weis points"), (stoeck, "Stöck points")):
            if not _is_array(value) and (not isinstance(value, int) or isinstance(value, bool)):
                raise JassError(f"{what}: expected a whole number, got {excerpt(value)}")
        _check_number(multiplier, "multiplier (C3)", 1)
    return _multiplied(trick_points, weis, stoeck, multiplier)


def _multiplied(trick_points: _N, weis: _N, stoeck: _N, multiplier: _N) -> tuple[_N, _N, _N, _N]:
    """:func:`multiplied` unchecked (the one home of H2's arithmetic; the engine passes checked numbers)."""
    ts = trick_points * multiplier
    w = weis * multiplier
    st = stoeck * multiplier
    return ts, w, st, ts + w + st


@dataclass(frozen=True)
class HandScore:
    """The score of one hand for both teams (index 0 = team 0, 1 = team 1).

    ``trick_points`` are before the multiplier (H1: cards + last trick + match);
    ``weis`` and ``stoeck`` are recorded already multiplied (H2, W8); ``total``
    is ``trick_points × multiplier + weis + stoeck``.
    """

    contract: Contract
    multiplier: int
    card_points: Pair
    tricks: Pair
    last_trick: Team | None
    trick_points: Pair
    weis: Pair
    stoeck: Pair
    match: Team | None = None
    revoke: Team | None = None

    @property
    def trick_score(self) -> Pair:
        """Trick points after the multiplier, applied once (H2)."""
        m = self.multiplier
        return (_multiplied(self.trick_points[0], 0, 0, m)[0], _multiplied(self.trick_points[1], 0, 0, m)[0])

    @property
    def total(self) -> Pair:
        """The hand score of each team (H2): trick score + Weis + Stöck (these two recorded multiplied)."""
        t = self.trick_score
        return (t[0] + self.weis[0] + self.stoeck[0], t[1] + self.weis[1] + self.stoeck[1])

    def team(self, team: Team | int) -> int:
        """The total of one team."""
        return self.total[Team.parse(team)]

    def to_dict(self) -> dict[str, object]:
        """A flat JSON-ready dict (one row of a table)."""
        return {
            "contract": self.contract.name,
            "multiplier": self.multiplier,
            **{f"{k}_{t}": getattr(self, k)[t] for k in ("card_points", "tricks", "trick_points") for t in (0, 1)},
            **{f"{k}_{t}": getattr(self, k)[t] for k in ("weis", "stoeck", "total") for t in (0, 1)},
            "last_trick": None if self.last_trick is None else int(self.last_trick),
            "match": None if self.match is None else int(self.match),
            "revoke": None if self.revoke is None else int(self.revoke),
        }


    def __str__(self) -> str:
        lines = [f"{self.contract} ×{self.multiplier}"]
        for t in (0, 1):
            extra = " (match)" if self.match == t else ""
            lines.append(
                f"team {t}: ({self.trick_points[t]} tricks{extra} × {self.multiplier}) + {self.weis[t]} Weis "
                f"+ {self.stoeck[t]} Stöck = {self.total[t]}"
            )
        return "\n".join(lines)


def _pair(values: Sequence[int], what: str) -> Pair:
    """Two whole numbers of at least 0, one per team (a tuple or list; numpy integers are taken too)."""
    if type(values) is tuple and len(values) == 2:
        a, b = values
        if type(a) is int and type(b) is int and a >= 0 and b >= 0:
            return values
    if isinstance(values, (list, tuple)) and len(values) == 2:
        a, b = values
        if (_is_count(a) or _is_array(a) and int(a) >= 0) and (_is_count(b) or _is_array(b) and int(b) >= 0):
            return (int(a), int(b))
    raise JassError(f"{what}: expected one whole number of at least 0 per team (two numbers), got {excerpt(values)}")


def trick_totals(card_points: Sequence[int], tricks: Sequence[int], last_trick: Team | int) -> Pair:
    """H1: each team's captured card points, plus 5 for the last trick, plus 100 for a match.

    >>> trick_totals((152, 0), (9, 0), 0)
    (257, 0)
    >>> trick_totals((80, 72), (4, 5), 1)
    (80, 77)
    """
    return _trick_totals(_pair(card_points, "card_points"), _pair(tricks, "tricks"), Team.parse(last_trick))


def _trick_totals(cp: Pair, tr: Pair, last: Team) -> Pair:
    """:func:`trick_totals` of checked pairs and team (the sums still checked: O7, nine tricks)."""
    if sum(cp) != CARD_POINTS_TOTAL:
        raise JassError(f"the card points of a hand total {CARD_POINTS_TOTAL} (O7), got {cp[0]} + {cp[1]} = {sum(cp)}")
    if sum(tr) != 9 or tr[last] == 0:
        raise JassError(f"a hand has nine tricks and the last-trick team took at least one, got {tr}")
    totals = [cp[0] + _match_points(tr[0]), cp[1] + _match_points(tr[1])]
    totals[last] += LAST_TRICK_BONUS
    return (totals[0], totals[1])


def hand_score(
    card_points: Sequence[int],
    tricks: Sequence[int],
    last_trick: Team | int,
    contract: Contract | int | str,
    ruleset: Ruleset | str = CLASSIC,
    weis: Sequence[int] = (0, 0),
    stoeck: Sequence[int] = (0, 0),
) -> HandScore:
    """H1–H2: the hand's score; ``weis`` and ``stoeck`` are given before the multiplier.

    The multiplier (C3) is applied once to the trick points; Weis and Stöck are
    recorded multiplied (W8, S1) and not multiplied again.

    >>> from jasslib import Contract, MODERN
    >>> hand_score((90, 62), (5, 4), 1, Contract.UNDENUFE, weis=(0, 50), stoeck=(0, 0)).total
    (360, 468)
    >>> hand_score((90, 62), (5, 4), 1, Contract.UNDENUFE, MODERN, weis=(0, 50)).total
    (90, 117)
    """
    c = contract if type(contract) is Contract else Contract.parse(contract)
    mult = (ruleset if type(ruleset) is Ruleset else Ruleset.parse(ruleset)).multipliers[c]
    cp, tr = _pair(card_points, "card_points"), _pair(tricks, "tricks")
    if type(last_trick) is Team:
        last = last_trick
    elif type(last_trick) is int and (last_trick == 0 or last_trick == 1):
        last = _TEAMS[last_trick]
    else:
        last = Team.parse(last_trick)
    tp = _trick_totals(cp, tr, last)
    w, s = _pair(weis, "weis"), _pair(stoeck, "stoeck")
    match = _TEAMS[0] if _match_points(tr[0]) else _TEAMS[1] if _match_points(tr[1]) else None
    m0, m1 = _multiplied(tp[0], w[0], s[0], mult), _multiplied(tp[1], w[1], s[1], mult)
    return HandScore(c, mult, cp, tr, last, tp, (m0[1], m1[1]), (m0[2], m1[2]), match)


def revoke_score(
    offender: Team | int,
    contract: Contract | int | str,
    ruleset: Ruleset | str = CLASSIC,
    weis: Sequence[int] = (0, 0),
    stoeck: Sequence[int] = (0, 0),
) -> HandScore:
    """G5: a revoke ends the round; the other team scores 157 trick points, the offenders none.

    Weis and Stöck already recorded in the hand (given before the multiplier)
    stay recorded: G5 takes away trick points only.

    >>> revoke_score(1, "♥").total
    (314, 0)
    """
    off = Team.parse(offender)
    c = Contract.parse(contract)
    mult = Ruleset.parse(ruleset).multiplier(c)
    w, s = _pair(weis, "weis"), _pair(stoeck, "stoeck")
    tp = [0, 0]
    tp[off.other] = HAND_TOTAL
    return HandScore(
        contract=c,
        multiplier=mult,
        card_points=(0, 0),
        tricks=(0, 0),
        last_trick=None,
        trick_points=(tp[0], tp[1]),
        weis=(w[0] * mult, w[1] * mult),
        stoeck=(s[0] * mult, s[1] * mult),
        revoke=off,
    )


@dataclass(frozen=True)
class ClaimResult:
    """The outcome of a claim (G2): the claimed total, whether it holds, and who wins the game."""

    team: Team
    total: int
    target: int
    valid: bool
    winner: Team
    message: str


def judge_claim(
    team: Team | int,
    recorded: Sequence[int],
    captured: Sequence[int] = (0, 0),
    multiplier: int = 1,
    target: int = CLASSIC.target,
    stoeck: Sequence[int] = (0, 0),
) -> ClaimResult:
    """G2: a team claims the win; it adds its captured card points (× multiplier) and claimable Stöck.

    ``recorded`` is what is already written for each team (earlier hands,
    Weis and Stöck of this hand); ``captured`` the card points taken so far
    in this hand; ``stoeck`` Stöck the team may still claim (already
    multiplied).  At least the target wins; a false claim loses the game.

    >>> judge_claim(0, recorded=(2900, 2500), captured=(45, 0), multiplier=2).valid
    False
    >>> print(judge_claim(0, (2900, 2500), (45, 0), 2, stoeck=(40, 0)).message)
    team 0 claims 2900 + 45 × 2 + 40 Stöck = 3030 ≥ 3000: the claim holds and team 0 wins (G2).
    """
    t = Team.parse(team)
    rec, cap, st = _pair(recorded, "recorded"), _pair(captured, "captured"), _pair(stoeck, "stoeck")
    _check_number(multiplier, "multiplier (C3)", 1)
    _check_number(target, "target (G1)", 1)
    total = rec[t] + cap[t] * multiplier + st[t]
    parts = f"{rec[t]} + {cap[t]} × {multiplier}" + (f" + {st[t]} Stöck" if st[t] else "")
    if total >= target:
        msg = f"{t} claims {parts} = {total} ≥ {target}: the claim holds and {t} wins (G2)."
        return ClaimResult(t, total, target, True, t, msg)
    msg = f"{t} claims {parts} = {total} < {target}: a false claim loses the game, {t.other} wins (G2)."
    return ClaimResult(t, total, target, False, t.other, msg)


@dataclass(frozen=True)
class RaceResult:
    """The outcome of :func:`race`: the winning team (or None), the deciding category, the totals."""

    winner: Team | None
    category: str | None
    totals: Pair


@dataclass(frozen=True)
class RaceStep:
    """One category of :func:`race_steps`: what it adds, the totals after it, and what it decides (G3).

    ``reached`` lists the teams at or above the target after this category.  ``decides`` is true for
    the first category in which a team reaches the target; ``winner`` is the race's winner from that
    category on (the higher total when both teams reach the target in it, ``None`` for a tie there, and
    ``None`` while nobody has reached the target).
    """

    category: str
    added: Pair
    totals: Pair
    reached: tuple[Team, ...]
    decides: bool
    winner: Team | None


def race_steps(
    recorded: Sequence[int],
    additions: Mapping[str, Sequence[int]],
    target: int = CLASSIC.target,
    priority: Sequence[str] = CLAIM_PRIORITY,
) -> Iterator[RaceStep]:
    """G3 step by step: each category of ``priority`` in turn, its points added to both teams' totals.

    Every category is yielded, also those after the one that decides the race (they no longer change
    the winner); :func:`race` stops at the deciding one.  Arguments as for :func:`race`.

    >>> steps = list(race_steps((2980, 2990), {"stoeck": (0, 0), "weis": (40, 0), "stich": (10, 100)}))
    >>> for s in steps:
    ...     print(s.category, s.added, s.totals, s.decides, s.winner)
    stoeck (0, 0) (2980, 2990) False None
    weis (40, 0) (3020, 2990) True team 0
    stich (10, 100) (3030, 3090) False team 0
    """
    totals = _pair(recorded, "recorded")
    adds = _additions(additions)
    _check_number(target, "target (G1)", 1)
    order = _priority(priority)
    return _race_steps(totals, adds, target, order)


def _additions(additions: Mapping[str, Sequence[int]]) -> dict[str, Pair]:
    """The points of each claim category (G3), checked: a mapping of known categories to two numbers."""
    if not isinstance(additions, Mapping):
        raise ClaimError(
            f"additions: expected a mapping of 'stoeck', 'weis' and 'stich' to two numbers (G3), "
            f"got {excerpt(additions)}"
        )
    if len(additions) > len(CLAIM_PRIORITY) or not set(additions) <= set(CLAIM_PRIORITY):
        unknown = [k for k in itertools.islice(additions, 4) if k not in CLAIM_PRIORITY]
        raise ClaimError(f"unknown claim categories {excerpt(unknown)}: use stoeck, weis, stich (G3)")
    return {category: _pair(points, category) for category, points in additions.items()}


def _priority(priority: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(priority, (list, tuple)) or sorted(map(str, priority[:4])) != sorted(CLAIM_PRIORITY):
        raise ClaimError(f"priority must order 'stoeck', 'weis' and 'stich' (G3), not {excerpt(priority)}")
    return tuple(priority)


def _race_steps(totals: Pair, additions: dict[str, Pair], target: int, priority: tuple[str, ...]
                ) -> Iterator[RaceStep]:
    """:func:`race_steps` on checked arguments."""
    decided = False
    winner: Team | None = None
    for category in priority:
        add = additions.get(category, (0, 0))
        totals = (totals[0] + add[0], totals[1] + add[1])
        reached = tuple(team for team in _TEAMS if totals[team] >= target)
        decides = bool(reached) and not decided
        if decides:
            decided = True
            if len(reached) == 1:
                winner = reached[0]
            elif totals[0] != totals[1]:  # both reach the target in this category: the higher total wins
                winner = Team(0) if totals[0] > totals[1] else Team(1)
        yield RaceStep(category, add, totals, reached, decides, winner)


def race(
    recorded: Sequence[int],
    additions: Mapping[str, Sequence[int]],
    target: int = CLASSIC.target,
    priority: Sequence[str] = CLAIM_PRIORITY,
) -> RaceResult:
    """G3: add points category by category in claim order (Stöck–Weis–Stich); the first team to reach the
    target wins.

    ``additions`` maps ``"stoeck"``, ``"weis"`` and ``"stich"`` to each team's
    points (already multiplied); missing categories count 0.  If both teams
    reach the target within the same category, the higher total wins (within
    one trick only one team gains trick points, so this arises only when a
    whole hand is added at once); a tie there leaves the winner undecided.
    The steps are those of :func:`race_steps`.

    >>> race((2980, 2990), {"stoeck": (0, 0), "weis": (40, 0), "stich": (10, 100)}).winner   # Weis first
    Team.T0
    >>> race((100, 200), {"stich": (57, 100)})
    RaceResult(winner=None, category=None, totals=(157, 300))
    """
    totals = _pair(recorded, "recorded")
    for step in race_steps(recorded, additions, target, priority):
        if step.decides:
            return RaceResult(step.winner, step.category, step.totals)
        totals = step.totals
    return RaceResult(None, None, totals)


def is_schneider(loser_total: int, ruleset: Ruleset | str = CLASSIC) -> bool:
    """G4: the losers are Schneider when they have less than half the target.

    >>> is_schneider(1499), is_schneider(1500)
    (True, False)
    """
    _check_number(loser_total, "the losers' total")
    return loser_total < (ruleset if type(ruleset) is Ruleset else Ruleset.parse(ruleset)).schneider


def games_won(loser_total: int, ruleset: Ruleset | str = CLASSIC) -> int:
    """G4: a win counts as two games of a series against Schneider losers, else one.

    >>> games_won(1200), games_won(2999)
    (2, 1)
    """
    return 2 if is_schneider(loser_total, ruleset) else 1
