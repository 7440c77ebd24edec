"""Engine benchmark: jasslib side by side with jass-kit (the HSLU teaching engine).

Run it with ``make bench`` or ``bash benchmarks/run.sh``, which installs jass-kit into
``benchmarks/.venv`` only; jass-kit is never a dependency of jasslib.

Measured, in CPU seconds (:func:`time.process_time`), best of ``--repeat`` runs:

1. **rounds/s** -- complete rounds with uniformly random legal cards: deal, name the
   contract (sometimes after *schieben*), play 36 cards, score.  jasslib goes through its
   public :class:`jasslib.Round` API; jass-kit through ``GameSim`` + ``RuleSchieber`` on the
   game state, its fastest public path (the ``Arena`` / agent path builds an observation
   per card and is about twice as slow).  Both engines get the same contract sequence and
   draw from a seeded :class:`random.Random` (for jass-kit that beat numpy's generator).
2. **legal_cards/s** -- the legal cards of the same pre-collected positions (hand, trick so
   far, contract) from random jasslib rounds: :func:`jasslib.legal_cards` against
   ``RuleSchieber.get_valid_cards``.  Inputs are converted to each engine's own form
   before timing.  Both engines' answers are compared on every position and any
   difference is printed with examples.
3. The size of a finished :class:`jasslib.Round` serialised with ``to_json()`` (limit 4 KB).

Targets: jasslib at least 5x jass-kit in rounds/s and 4x in legal_cards/s.  The script
always exits 0: it is a report, and prints PASS/FAIL per target.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import jasslib
from jasslib import Card, CardSet, Contract, Round, legal_cards
from jasslib.play import legal_mask

try:
    import numpy as np
    from jass.game.const import PUSH, card_strings
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber
except ImportError as exc:  # pragma: no cover - run through benchmarks/run.sh
    sys.exit(f"jass-kit is not installed ({exc}); run the benchmark with: bash benchmarks/run.sh")

ROUNDS_TARGET = 5.0
"""jasslib must play at least this many times as many rounds per CPU second as jass-kit."""
LEGAL_TARGET = 4.0
"""jasslib must answer at least this many times as many legal_cards calls per CPU second."""
JSON_LIMIT = 4096
"""A finished Round serialised to JSON must stay under this many bytes."""

# ---------------------------------------------------------------------------------------------
# Encodings.  jasslib: card = suit * 9 + rank, suits ♣ ♠ ♥ ♦, ranks 6 7 8 9 10 J Q K A.
# jass-kit: card = colour * 9 + offset, colours D H S C (♦ ♥ ♠ ♣), offsets A K Q J 10 9 8 7 6.
# Both orders are exactly reversed, so jass-kit's index is 35 - jasslib's.
# ---------------------------------------------------------------------------------------------


def jk_card(card: int) -> int:
    """jass-kit's index of jasslib card ``card``: colour 3 - suit, offset 8 - rank."""
    return 35 - card


def jk_trump(contract: int) -> int:
    """jass-kit's trump constant of a jasslib contract (D=0 H=1 S=2 C=3, OBE_ABE=4, UNE_UFE=5)."""
    return 3 - contract if contract < 4 else contract


def _check_encodings() -> None:
    """Fail loudly if the mapping above does not match jass-kit's tables."""
    from jass.game.const import CLUBS, DIAMONDS, HEARTS, OBE_ABE, SPADES, UNE_UFE

    for card in Card:
        expected = card.suit.format("ascii") + card.rank.format("ascii").replace("T", "10")  # "D10", "CA"
        assert card_strings[jk_card(card)] == expected, (card, card_strings[jk_card(card)])
    expected_trump = {
        Contract.CLUBS: CLUBS, Contract.SPADES: SPADES, Contract.HEARTS: HEARTS,
        Contract.DIAMONDS: DIAMONDS, Contract.OBENABE: OBE_ABE, Contract.UNDENUFE: UNE_UFE,
    }
    for contract, trump in expected_trump.items():
        assert jk_trump(contract) == trump, (contract, trump)


# ---------------------------------------------------------------------------------------------
# Timing helpers
# ---------------------------------------------------------------------------------------------


def best_cpu_time(fn: Callable[[], object], repeat: int) -> float:
    """The smallest CPU time (process_time seconds) of ``repeat`` calls of ``fn``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


@dataclass(frozen=True)
class RoundPlan:
    """One planned round: the seed of the deal, the dealer, whether forehand pushes, the contract."""

    seed: int
    dealer: int
    schieben: bool
    contract: Contract


def make_plan(n: int, seed: int) -> list[RoundPlan]:
    """``n`` rounds with random contracts; forehand pushes (schieben) in half of them."""
    rnd = random.Random(seed)
    return [
        RoundPlan(seed * 1_000_003 + i, i % 4, rnd.random() < 0.5, Contract(rnd.randrange(6)))
        for i in range(n)
    ]


# ---------------------------------------------------------------------------------------------
# (a) complete random rounds
# ---------------------------------------------------------------------------------------------


def play_planned(p: RoundPlan, choice: Callable[[list[Card]], Card]) -> Round:
    """Deal and play one planned round to the end through the public Round API, cards picked by ``choice``."""
    r = Round.deal(seed=p.seed, dealer=p.dealer)
    if p.schieben:
        r.schieben()
    r.choose(p.contract)
    while not r.done:
        r.play(choice(list(r.legal_cards())))
    return r


def jasslib_rounds(plan: list[RoundPlan], seed: int) -> Callable[[], object]:
    """A function playing every planned round through jasslib's public Round API."""

    def run() -> object:
        choice = random.Random(seed).choice
        score = None
        for p in plan:
            score = play_planned(p, choice).score()
        return score

    return run


def jasskit_rounds(plan: list[RoundPlan], seed: int) -> Callable[[], object]:
    """A function playing every planned round with jass-kit's GameSim and RuleSchieber.

    This is jass-kit's fastest public path: valid cards straight from the game state
    (``get_valid_cards_from_state``), no per-card observation object.  Dealing uses its
    ``deal_random_hand`` (numpy's global generator, seeded here).
    """
    trumps = [jk_trump(p.contract) for p in plan]

    def run() -> object:
        np.random.seed(seed)
        rng = random.Random(seed)
        randrange = rng.randrange
        rule = RuleSchieber()
        valid_cards = rule.get_valid_cards_from_state
        flatnonzero = np.flatnonzero
        sim = GameSim(rule=rule)
        for p, trump in zip(plan, trumps):
            sim.init_from_cards(deal_random_hand(), dealer=p.dealer)
            if p.schieben:
                sim.action_trump(PUSH)
            sim.action_trump(trump)
            state = sim.state
            while state.nr_played_cards < 36:
                valid = flatnonzero(valid_cards(state))
                sim.action_play_card(int(valid[randrange(len(valid))]))
        return sim.state.points

    return run


# ---------------------------------------------------------------------------------------------
# (b) legal cards on pre-collected positions
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position to play from: the hand of the player to move, the trick so far, the contract."""

    hand: CardSet
    trick: tuple[Card, ...]
    contract: Contract


def collect_positions(n: int, seed: int) -> list[Position]:
    """``n`` positions met while playing random jasslib rounds (every card of every round).

    Uses the public :class:`jasslib.Round` (``hand``, ``trick``, ``to_move``, ``contract``).
    """
    rng = random.Random(seed)
    out: list[Position] = []
    i = 0
    while len(out) < n:
        r = Round.deal(seed=seed * 7919 + i, dealer=i % 4)
        r.choose(Contract(rng.randrange(6)))
        contract = r.contract
        assert contract is not None
        while not r.done:
            seat = r.to_move
            assert seat is not None
            out.append(Position(r.hand(seat), tuple(card for _, card in r.trick), contract))
            r.play(rng.choice(list(r.legal_cards())))
        i += 1
    return out[:n]


def jasskit_inputs(positions: list[Position]) -> list[tuple[np.ndarray, list[int], int, int]]:
    """The positions in jass-kit's form: one-hot int32 hand, trick card list, move number, trump."""
    out = []
    for pos in positions:
        hand = np.zeros(36, np.int32)
        for card in pos.hand:
            hand[jk_card(card)] = 1
        trick = [jk_card(c) for c in pos.trick]
        out.append((hand, trick, len(trick), jk_trump(pos.contract)))
    return out


def jk_result_mask(valid: np.ndarray) -> int:
    """A jass-kit one-hot answer as a jasslib card mask."""
    mask = 0
    for i in np.flatnonzero(valid):
        mask |= 1 << jk_card(int(i))
    return mask


@dataclass
class Mismatch:
    """A position where the two engines disagree."""

    position: Position
    jasslib: int
    jasskit: int

    def kind(self) -> str:
        """A short classification of the disagreement."""
        pos = self.position
        trump = pos.contract.trump
        if trump is None:
            return "no-trump contract"
        trumps_in_trick = [c for c in pos.trick if c.suit == trump]
        if pos.trick and pos.trick[0].suit != trump and len(trumps_in_trick) >= 2:
            return ("non-trump led, two trumps already in the trick: P4 forbids under-trumping the "
                    "strongest; jass-kit checks against the weaker one")
        if pos.trick and pos.trick[0].suit == trump:
            return "trump led (P5)"
        return "other"

    def describe(self) -> str:
        """Several lines for people."""
        pos = self.position
        only_jl = CardSet.from_mask(self.jasslib & ~self.jasskit)
        only_jk = CardSet.from_mask(self.jasskit & ~self.jasslib)
        trick = " ".join(map(str, pos.trick)) or "(lead)"
        return (
            f"    contract {pos.contract}, trick {trick}, hand {pos.hand}\n"
            f"      jasslib : {CardSet.from_mask(self.jasslib)}\n"
            f"      jass-kit: {CardSet.from_mask(self.jasskit)}\n"
            f"      only jasslib allows: {only_jl or '-'};  only jass-kit allows: {only_jk or '-'}"
        )


def compare_legal(positions: list[Position], jk_inputs: list[tuple[np.ndarray, list[int], int, int]]
                  ) -> list[Mismatch]:
    """Every position where jasslib's and jass-kit's legal cards differ."""
    rule = RuleSchieber()
    out = []
    for pos, (hand, trick, move_nr, trump) in zip(positions, jk_inputs):
        ours = legal_cards(pos.hand, pos.trick, pos.contract).mask
        theirs = jk_result_mask(rule.get_valid_cards(hand, trick, move_nr, trump))
        if ours != theirs:
            out.append(Mismatch(pos, ours, theirs))
    return out


# ---------------------------------------------------------------------------------------------
# (c) JSON size
# ---------------------------------------------------------------------------------------------


def json_sizes(plan: list[RoundPlan], seed: int) -> list[int]:
    """UTF-8 size in bytes of ``Round.to_json()`` for each planned round, played to the end."""
    choice = random.Random(seed).choice
    return [len(play_planned(p, choice).to_json().encode("utf-8")) for p in plan]


# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------


def _row(cells: list[str], widths: list[int]) -> str:
    return " | ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))


def print_table(rows: list[list[str]]) -> None:
    """Print a plain-text table whose first row is the header."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print(_row(rows[0], widths))
    print("-+-".join("-" * w for w in widths))
    for r in rows[1:]:
        print(_row(r, widths))


def verdict(ok: bool) -> str:
    """PASS or FAIL."""
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the report; always returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per engine and run (default 2000)")
    parser.add_argument("--positions", type=int, default=20000, help="legal_cards positions (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure; the best counts (3)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of deals, contracts and card choices")
    parser.add_argument("--examples", type=int, default=3, help="mismatch examples printed per kind (3)")
    args = parser.parse_args(argv)

    from importlib.metadata import version

    _check_encodings()
    runs = f"{args.repeat} run" + ("s" if args.repeat != 1 else "")
    print(f"jasslib engine benchmark (CPU time, time.process_time; best of {runs})")
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}), "
        f"jasslib {jasslib.__version__}, jass-kit {version('jass-kit')}, numpy {np.__version__}"
    )
    print(f"rounds: {args.rounds} per run; legal_cards positions: {args.positions}; seed {args.seed}\n")

    rows: list[list[str]] = [["metric", "jasslib", "jass-kit", "ratio", "target", "pass"]]
    plan = make_plan(args.rounds, args.seed)

    # (a) rounds
    jk_round_time = best_cpu_time(jasskit_rounds(plan, args.seed), args.repeat)
    jk_rounds = args.rounds / jk_round_time
    jl_round_time = best_cpu_time(jasslib_rounds(plan, args.seed), args.repeat)
    jl_rounds = args.rounds / jl_round_time
    ratio = jl_rounds / jk_rounds
    rows.append([
        "rounds/s", f"{jl_rounds:,.0f}", f"{jk_rounds:,.0f}", f"{ratio:.2f}x",
        f">= {ROUNDS_TARGET:g}x", verdict(ratio >= ROUNDS_TARGET),
    ])

    # Sanity (untimed): both loops really played complete rounds.
    jk_points = jasskit_rounds(plan[:50], args.seed)()
    assert int(jk_points[0]) + int(jk_points[1]) == 157, jk_points
    score = jasslib_rounds(plan[:50], args.seed)()
    assert sum(score.trick_points) in (157, 257), score  # type: ignore[attr-defined]

    # (b) legal cards
    positions = collect_positions(args.positions, args.seed + 1)
    jk_in = jasskit_inputs(positions)
    jl_in = [(p.hand, p.trick, p.contract) for p in positions]

    def run_jasslib_legal() -> None:
        for hand, trick, contract in jl_in:
            legal_cards(hand, trick, contract)

    get_valid_cards = RuleSchieber().get_valid_cards

    def run_jasskit_legal() -> None:
        for hand, trick, move_nr, trump in jk_in:
            get_valid_cards(hand, trick, move_nr, trump)

    raw_in = [(p.hand.mask, [int(c) for c in p.trick], int(p.contract)) for p in positions]

    def run_jasslib_mask() -> None:
        for hand, trick, contract in raw_in:
            legal_mask(hand, trick, contract)

    jl_legal = len(positions) / best_cpu_time(run_jasslib_legal, args.repeat)
    jk_legal = len(positions) / best_cpu_time(run_jasskit_legal, args.repeat)
    jl_mask = len(positions) / best_cpu_time(run_jasslib_mask, args.repeat)
    ratio = jl_legal / jk_legal
    rows.append([
        "legal_cards/s", f"{jl_legal:,.0f}", f"{jk_legal:,.0f}", f"{ratio:.2f}x",
        f">= {LEGAL_TARGET:g}x", verdict(ratio >= LEGAL_TARGET),
    ])
    rows.append(["legal_mask/s (raw ints, info)", f"{jl_mask:,.0f}", f"{jk_legal:,.0f}",
                 f"{jl_mask / jk_legal:.2f}x", "-", "-"])

    # (c) JSON size
    sizes = json_sizes(plan[:200], args.seed)
    rows.append([
        "Round.to_json() bytes (max)", f"{max(sizes):,}", "-", "-", f"< {JSON_LIMIT:,}",
        verdict(max(sizes) < JSON_LIMIT),
    ])

    print_table(rows)
    if sizes:
        print(f"\nRound.to_json() of {len(sizes)} finished rounds: max {max(sizes):,} bytes, "
              f"mean {sum(sizes) / len(sizes):,.0f} bytes")

    # Agreement of the two engines on the same positions.
    mismatches = compare_legal(positions, jk_in)
    print(f"\nlegal-card sets compared on {len(positions):,} positions: {len(mismatches)} mismatches")
    if mismatches:
        looser = sum(1 for m in mismatches if m.jasslib & ~m.jasskit == 0)
        print(f"  in {looser} of them jass-kit allows every card jasslib allows, and more")
    by_kind: Counter[str] = Counter(m.kind() for m in mismatches)
    for kind, count in by_kind.most_common():
        print(f"  {count:5} x {kind}")
        for m in [m for m in mismatches if m.kind() == kind][: args.examples]:
            print(m.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
