"""The bank of play-decision puzzles: positions from real rounds where one choice is clearly best from the
player's own view, built once (the search is too slow to run live) and shipped as ``jasslib/data/play_puzzles.json``.

Build it again, deterministically for a seed, with ``python -m jasslib.exercises.play_bank`` (see :func:`main`;
it prints its progress).  How a position gets into the bank:

1. **Real rounds.**  Rounds are dealt from the seed and played by four rule-based players
   (:class:`~jasslib.players.RuleBasedPlayer`, who also name the contracts and say schieben), alternately under
   the classic and the modern rules.
2. **Every legal card valued from the seat's own view** (:func:`card_values`): layouts of the unseen cards are
   drawn by :class:`~jasslib.players.sampling.LayoutSampler` (uniform over every layout the view allows; it never
   looks at the other hands), and each legal card is valued on the same layouts, as the search player does
   (:mod:`jasslib.players.search`): played out by the rule-based bots while many cards are left
   (:func:`~jasslib.players.search.rollout_values`, :data:`ROLLOUT_SAMPLES` layouts), solved exactly with
   :data:`EXACT_FROM` cards or fewer in the hand (:func:`jasslib.solver.solve`, :data:`EXACT_SAMPLES` layouts).
   A card's value is its expected points for the team from here to the end of the round (the scale of
   :class:`jasslib.analysis.coach.Hint`), with the standard error of that mean.
3. **Clearly best** (:func:`clear_choice`): the best card's mean is at least :data:`MIN_MARGIN` points above every
   other legal card's, *and* its lower 95 % bound (mean − :data:`Z` standard errors) is above every other card's
   upper bound, so the answer is no coin flip of the samples.
4. **Grouped by idea**: the coach's idea for the best card (:func:`jasslib.analysis.coach.idea_for`, the
   vocabulary of the beginners' tips: put points on, the last trick, draw trumps, the Puur is out, lead a master
   card ...).  Positions whose best card needs no idea (``forced``) or no simple one (``best_value``) are left out;
   each idea gets at most :data:`PER_IDEA` positions.
5. **Schieben or not**: the forehand's nine cards before the contract, valued by the contract advisor
   (:func:`jasslib.analysis.advisor.advise`, rule-based play-outs) in :data:`CONTRACT_BATCHES` independent batches:
   each option (six contracts and schieben) gets the mean and standard error of its expected margin (the team's
   hand score minus the opponents', H2) over the batches, and the same test of a clear best (margin at least
   :data:`MIN_CONTRACT_MARGIN`; the batch means' 95 % bounds with Student's factor :data:`T_BATCHES`).

Every entry keeps what it takes to replay the position through :class:`~jasslib.round.Round` (the deal, the calls,
the cards played) and to value it again (the method, the sample count, the seed of the layouts):
:func:`position_round` and :func:`revalue` do, and the tests re-derive a sample of the bank with them.

>>> entries = bank()
>>> len(entries) >= 150, {e["idea"] for e in entries} >= {"smear", "last_trick", "draw_trumps", "schieben"}
(True, True)
>>> e = next(e for e in entries if e["kind"] == "card")
>>> r = position_round(e); r.to_move == e["seat"], sorted(map(str, r.legal_cards())) == sorted(e["values"])
(True, True)
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

from ..cards import Card, CardSet
from ..contracts import Contract
from ..errors import ArgumentError, excerpt
from ..round import Round, RoundView
from ..rulesets import CLASSIC, MODERN, Ruleset

__all__ = [
    "BANK_FILE",
    "MIN_MARGIN",
    "MIN_CONTRACT_MARGIN",
    "Z",
    "T_BATCHES",
    "ROLLOUT_SAMPLES",
    "EXACT_SAMPLES",
    "EXACT_FROM",
    "CONTRACT_BATCHES",
    "CONTRACT_DEALS",
    "CARD_IDEAS",
    "bank_ideas",
    "CONTRACT_IDEAS",
    "PER_IDEA",
    "ROUNDS",
    "bank",
    "card_values",
    "contract_values",
    "clear_choice",
    "position_round",
    "revalue",
    "build",
    "summary",
    "main",
]

BANK_FILE = Path(__file__).resolve().parent.parent / "data" / "play_puzzles.json"
"""Where the shipped bank lives."""

MIN_MARGIN = 5.0
"""Expected points the best card must be worth more than every other legal card."""
MIN_CONTRACT_MARGIN = 10.0
"""Expected hand-score margin (team minus opponents) the best contract option must beat every other by."""
Z = 1.96
"""Standard errors on each side of a card's mean: its 95 % interval."""
T_BATCHES = 2.262
"""Student's t for 95 % with the 10 batches of a contract option (9 degrees of freedom)."""
ROLLOUT_SAMPLES = 400
"""Layouts of the unseen cards per position while the rule-based play-outs value the cards."""
EXACT_SAMPLES = 96
"""Layouts per position when each is solved exactly (few cards left)."""
EXACT_FROM = 3
"""Cards in the hand from which each layout is solved exactly (the solver is cheap there)."""
CONTRACT_BATCHES = 10
"""Independent batches of the contract advisor per hand (schieben or not)."""
CONTRACT_DEALS = 200
"""Sampled deals per batch."""
CARD_IDEAS: tuple[str, ...] = ("smear", "take", "cheap", "lead_master", "partner_keep", "last_trick", "draw_trumps",
                               "puur_out")
"""The coach's ideas (:data:`jasslib.analysis.coach.IDEAS`) a card puzzle teaches."""
CONTRACT_IDEAS: tuple[str, ...] = ("schieben", "name_contract")
"""The ideas of the contract puzzles: schieben, or name the contract yourself."""
PER_IDEA = 20
"""At most this many positions per idea."""
ROUNDS = 240
"""Rounds the shipped bank was built from (at most; it stops early once every idea is full)."""

_CARD_RULESETS = (CLASSIC, MODERN)


# --------------------------------------------------------------------------------------------- values
def card_values(view: RoundView, samples: int, seed: str, exact: bool | None = None) -> dict[Card, tuple[float, float]]:
    """Every legal card of the seat to move in ``view`` → (its expected points for the team from here, the standard
    error of that mean), over ``samples`` layouts of the unseen cards drawn from ``Random(seed)``.

    ``exact``: solve each layout exactly (None: with :data:`EXACT_FROM` cards or fewer in the hand), else play it
    out by the rule-based bots.  Deterministic for its arguments.

    >>> r = Round.deal(seed=4); r.choose("♥")
    >>> v = card_values(r.view(r.to_move), 16, "doc")
    >>> sorted(v) == sorted(r.legal_cards()) and all(se > 0 for _, se in v.values())
    True
    """
    import numpy as np  # the builder's tools (numpy, the coach) are imported here: the trainer only reads the bank

    from ..analysis.coach import _remaining
    from ..players.sampling import LayoutSampler
    from ..players.search import rollout_values

    if view.legal is None or view.contract is None:
        raise ArgumentError(f"seat {int(view.seat)} has no card to play in this view")
    legal = [int(c) for c in view.legal]
    sampler = LayoutSampler(view)
    rng = Random(seed)
    layouts = [sampler.draw_masks(rng) for _ in range(samples)]
    if exact is None:
        exact = len(view.hand) <= EXACT_FROM
    if exact:
        from ..solver import Position, solve

        trick = tuple(c for _, c in view.trick)
        leader = view.trick[0][0] if view.trick else view.seat
        rows = []
        for hands in layouts:
            sol = solve(Position(hands, trick, leader, view.contract, view.ruleset, view.tricks_won))  # type: ignore[arg-type]  # masks are hands
            pairs = [sol.card_values[Card(c)] for c in legal]
            rows.append([a - b if view.seat % 2 == 0 else b - a for a, b in pairs])
        diffs = np.array(rows, dtype=np.float64)
    else:
        diffs = rollout_values(view, layouts, legal).astype(np.float64)
    rest = _remaining(view)
    points = (rest + diffs) / 2
    out = {}
    for j, c in enumerate(legal):
        column = points[:, j]
        se = float(column.std(ddof=1)) / math.sqrt(len(column)) if len(column) > 1 else 0.0
        out[Card(c)] = (round(float(column.mean()), 2), round(se, 2))
    return out


def contract_values(hand: CardSet, ruleset: Ruleset, seed: str, batches: int = CONTRACT_BATCHES,
                    deals: int = CONTRACT_DEALS) -> dict[str, tuple[float, float]]:
    """Each option of a forehand with ``hand`` (the six contracts, then ``"schieben"``) → (its expected margin, the
    team's hand score minus the opponents', over ``batches`` advisor runs of ``deals`` sampled deals; the standard
    error of that mean from the spread of the batches).

    >>> v = contract_values(CardSet.parse("J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣"), CLASSIC, "doc", batches=2, deals=40)
    >>> list(v)[2], max(v, key=lambda k: v[k][0])
    ('♥ trump', '♥ trump')
    """
    from ..analysis.advisor import advise

    runs = [advise(hand, ruleset, pushed=False, samples=deals, seed=f"{seed}/{b}") for b in range(batches)]
    out = {}
    for k, option in enumerate(runs[0].options):
        margins = [run.options[k].margin for run in runs]
        se = statistics.stdev(margins) / math.sqrt(batches) if batches > 1 else 0.0
        out[option.label] = (round(statistics.fmean(margins), 2), round(se, 2))
    return out


def clear_choice(values: dict[Any, tuple[float, float]], min_margin: float = MIN_MARGIN,
                 z: float = Z) -> tuple[Any, Any, float] | None:
    """``(best, second, margin)`` when one option is clearly best: its mean at least ``min_margin`` above every
    other's, and its lower bound (mean − ``z`` standard errors) above every other's upper bound; else None.

    >>> clear_choice({"a": (30.0, 1.0), "b": (20.0, 1.5), "c": (5.0, 2.0)})
    ('a', 'b', 10.0)
    >>> clear_choice({"a": (30.0, 3.0), "b": (24.0, 3.0)}) is None  # 6 points, but the intervals overlap
    True
    """
    if len(values) < 2:
        return None
    ranked = sorted(values, key=lambda k: -values[k][0])
    best, second = ranked[0], ranked[1]
    mean, se = values[best]
    margin = round(mean - values[second][0], 2)
    if margin < min_margin:
        return None
    low = mean - z * se
    if any(low <= values[k][0] + z * values[k][1] for k in ranked[1:]):
        return None
    return best, second, margin


# --------------------------------------------------------------------------------------------- replay
def position_round(entry: dict[str, Any]) -> Round:
    """The round of a bank entry replayed through :class:`~jasslib.round.Round` up to the position: the deal, the
    calls (schieben, the contract) and every card played (each one checked by the rules as it is played).

    A card puzzle stops with the entry's seat to move; a contract puzzle before forehand's call.
    """
    r = Round(list(entry["hands"]), dealer=entry["dealer"], forehand=entry["forehand"], ruleset=entry["ruleset"])
    for call in entry["calls"]:
        if call == "schieben":
            r.schieben()
        else:
            r.choose(Contract.parse(call))
    for card in entry["plays"]:
        r.play(Card.parse(card))
    return r


def revalue(entry: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """The values of ``entry``'s options computed again from its position, method, samples and seed."""
    r = position_round(entry)
    if entry["kind"] == "contract":
        return contract_values(r.hand(r.forehand), r.ruleset, entry["eval_seed"], entry["samples"],
                               entry["deals"])
    seat = r.to_move
    assert seat is not None
    values = card_values(r.view(seat), entry["samples"], entry["eval_seed"], exact=entry["method"] == "exact")
    return {str(c): v for c, v in values.items()}


# --------------------------------------------------------------------------------------------- the bank
@cache
def _load(path: str) -> tuple[dict[str, Any], ...]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return tuple(data["entries"])


@cache
def _ideas(path: str) -> dict[str, tuple[str, str]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return {k: (str(v[0]), str(v[1])) for k, v in data["meta"]["ideas"].items()}


def bank_ideas(path: str | Path | None = None) -> dict[str, tuple[str, str]]:
    """The ideas the bank teaches, idea → (its source: tip name or rule id, its sentence), as the builder took them
    from :data:`jasslib.analysis.coach.IDEAS` (a test keeps the two in step); read from the bank's file, so the
    trainer needs neither numpy nor the analysis package.

    >>> bank_ideas()["smear"][1]
    'Your partner is winning this trick: put points on it.'
    """
    return _ideas(str(BANK_FILE if path is None else Path(path)))


def bank(path: str | Path | None = None) -> tuple[dict[str, Any], ...]:
    """The entries of the bank (the shipped one, or the JSON file ``path``), each a dict (see the module).

    Read once per process.
    """
    return _load(str(BANK_FILE if path is None else Path(path)))


def _applies(contract: Contract, built: Ruleset) -> list[str]:
    """The rulesets under which a card puzzle built under ``built`` has the same values (same card points)."""
    return [rs.name for rs in _CARD_RULESETS if rs.card_points(contract) == built.card_points(contract)]


def _calls(r: Round) -> list[str]:
    out = []
    for event in r.history:
        if event["event"] == "schieben":
            out.append("schieben")
        elif event["event"] == "contract":
            out.append(str(r.contract))
    return out


def _card_entry(r: Round, view: RoundView, values: dict[Card, tuple[float, float]], found: tuple[Any, Any, float],
                idea: str, seed: str, exact: bool) -> dict[str, Any]:
    best, second, margin = found
    assert view.contract is not None
    return {
        "kind": "card", "idea": idea, "ruleset": r.ruleset.name, "rulesets": _applies(view.contract, r.ruleset),
        "hands": [str(h) for h in (r.initial_hand(s) for s in range(4))], "dealer": int(r.dealer),
        "forehand": int(r.forehand), "calls": _calls(r), "contract": str(view.contract),
        "plays": [str(c) for t in r.tricks for c in t.cards] + [str(c) for _, c in r.trick],
        "seat": int(view.seat), "method": "exact" if exact else "rollout",
        "samples": EXACT_SAMPLES if exact else ROLLOUT_SAMPLES, "deals": 0, "eval_seed": seed,
        "values": {str(c): list(v) for c, v in sorted(values.items(), key=lambda cv: -cv[1][0])},
        "answer": str(best), "second": str(second), "margin": margin,
    }


def _contract_entry(r: Round, values: dict[str, tuple[float, float]], found: tuple[Any, Any, float], idea: str,
                    seed: str) -> dict[str, Any]:
    best, second, margin = found
    return {
        "kind": "contract", "idea": idea, "ruleset": r.ruleset.name, "rulesets": [r.ruleset.name],
        "hands": [str(h) for h in r.hands], "dealer": int(r.dealer), "forehand": int(r.forehand), "calls": [],
        "contract": None, "plays": [], "seat": int(r.forehand), "method": "advisor", "samples": CONTRACT_BATCHES,
        "deals": CONTRACT_DEALS, "eval_seed": seed, "values": {k: list(v) for k, v in values.items()},
        "answer": best, "second": second, "margin": margin,
    }


def build(seed: int | str = 0, rounds: int = ROUNDS, per_idea: int = PER_IDEA, log: Any = None) -> list[dict[str, Any]]:
    """The bank's entries from up to ``rounds`` real rounds dealt from ``seed`` (see the module); deterministic.

    ``log``: a text stream for progress lines (None: quiet).  Stops early once every idea has ``per_idea``
    positions.
    """
    from ..analysis.coach import idea_for
    from ..players import RuleBasedPlayer

    bot = RuleBasedPlayer()
    counts = {idea: 0 for idea in CARD_IDEAS + CONTRACT_IDEAS}
    entries: list[dict[str, Any]] = []
    start = time.perf_counter()
    valued = 0
    for k in range(rounds):
        if all(n >= per_idea for n in counts.values()):
            break
        ruleset = _CARD_RULESETS[k % 2]
        r = Round.deal(seed=f"play-bank/{seed}/{k}", dealer=k % 4, ruleset=ruleset)
        taken: set[str] = set()  # at most one position per idea and round: variety
        need_contract = [i for i in CONTRACT_IDEAS if counts[i] < per_idea]
        if need_contract:
            eval_seed = f"play-bank/{seed}/{k}/contract"
            values = contract_values(r.hand(r.forehand), ruleset, eval_seed)
            valued += 1
            found = clear_choice(values, MIN_CONTRACT_MARGIN, T_BATCHES)
            if found is not None:
                idea = "schieben" if found[0] == "schieben" else "name_contract"
                if counts[idea] < per_idea:
                    entries.append(_contract_entry(r, values, found, idea, eval_seed))
                    counts[idea] += 1
        choice = bot.choose_contract(r.view(r.forehand))
        if choice is None:
            r.schieben()
            choice = bot.choose_contract(r.view(r.chooser))
            assert choice is not None
        r.choose(choice)
        while not r.done:
            seat = r.to_move
            assert seat is not None
            view = r.view(seat)
            legal = list(view.legal or ())
            if len(legal) > 1:
                ideas = {idea_for(view, c).key for c in legal}
                wanted = {i for i in ideas if i in counts and counts[i] < per_idea and i not in taken}
                if wanted:
                    eval_seed = f"play-bank/{seed}/{k}/{len(view.played)}"
                    exact = len(view.hand) <= EXACT_FROM
                    values_c = card_values(view, EXACT_SAMPLES if exact else ROLLOUT_SAMPLES, eval_seed, exact)
                    valued += 1
                    found_c = clear_choice(values_c)
                    if found_c is not None:
                        idea = idea_for(view, found_c[0]).key
                        if idea in wanted:
                            entries.append(_card_entry(r, view, values_c, found_c, idea, eval_seed, exact))
                            counts[idea] += 1
                            taken.add(idea)
            r.play(bot.play_card(view))
        if log is not None and (k % 10 == 9 or all(n >= per_idea for n in counts.values())):
            done = " ".join(f"{i}={n}" for i, n in counts.items())
            print(f"round {k + 1}: {len(entries)} positions ({valued} valued, {time.perf_counter() - start:.0f} s) "
                  f"{done}", file=log, flush=True)
    for n, e in enumerate(entries):
        e["id"] = f"p{n:03d}"
    return entries


def summary(entries: Sequence[dict[str, Any]]) -> list[tuple[str, int, float, float, float]]:
    """Per idea (then ``"all"``): (idea, positions, min, median, max margin).

    >>> summary([{"idea": "smear", "margin": 6.0}, {"idea": "smear", "margin": 8.0}])
    [('smear', 2, 6.0, 7.0, 8.0), ('all', 2, 6.0, 7.0, 8.0)]
    """
    groups: dict[str, list[float]] = {}
    for e in entries:
        groups.setdefault(e["idea"], []).append(float(e["margin"]))
    groups["all"] = [float(e["margin"]) for e in entries]
    return [(idea, len(m), min(m), statistics.median(m), max(m)) for idea, m in groups.items() if m]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m jasslib.exercises.play_bank [--seed S] [--rounds N] [--per-idea K] [--out FILE]``: build the bank
    and write it (JSON), printing progress and the margin distribution per idea.  With the defaults it writes the
    shipped file again, byte for byte (the rounds, the layouts and the advisor's deals all come from the seed)."""
    parser = argparse.ArgumentParser(prog="python -m jasslib.exercises.play_bank", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", default="0", help="the seed of the rounds and layouts (default 0)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"at most this many rounds (default {ROUNDS})")
    parser.add_argument("--per-idea", type=int, default=PER_IDEA, help=f"positions per idea (default {PER_IDEA})")
    parser.add_argument("--out", default=str(BANK_FILE), help="the JSON file to write (default: the shipped bank)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.per_idea < 1:
        raise ArgumentError(f"--rounds and --per-idea are whole numbers of at least 1, got {excerpt(args.rounds)}")
    start = time.perf_counter()
    cpu = time.process_time()
    from ..analysis.coach import IDEAS

    entries = build(args.seed, args.rounds, args.per_idea, log=sys.stdout)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    meta = {"seed": args.seed, "rounds": args.rounds, "per_idea": args.per_idea, "min_margin": MIN_MARGIN,
            "min_contract_margin": MIN_CONTRACT_MARGIN, "z": Z,
            "t_batches": T_BATCHES, "rollout_samples": ROLLOUT_SAMPLES, "exact_samples": EXACT_SAMPLES,
            "exact_from": EXACT_FROM, "contract_batches": CONTRACT_BATCHES, "contract_deals": CONTRACT_DEALS,
            "ideas": {k: list(IDEAS[k]) for k in CARD_IDEAS + CONTRACT_IDEAS}}
    text = json.dumps({"about": "jasslib play-decision puzzles (python -m jasslib.exercises.play_bank)",
                       "meta": meta, "entries": entries}, ensure_ascii=False, indent=1)
    Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(entries)} positions to {args.out} in {seconds:.0f} s wall, {cpu:.0f} s CPU")
    for idea, n, low, mid, high in summary(entries):
        print(f"  {idea:14s} {n:4d}  margin min {low:6.1f}  median {mid:6.1f}  max {high:6.1f}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
