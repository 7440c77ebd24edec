"""The double-dummy solver against independent references (issue: zero disagreements).

The references here share nothing with ``jasslib.solver`` but the rules of ``jasslib.play``:
(a) a plain minimax without pruning or tables on positions with up to 4 cards per hand, (b) a plain
alpha-beta without table, equivalent cards or move ordering on 5–7 cards per hand, and (c) on full
deals, one-step consistency (a position's value is the best of its children's values, each solved
afresh) and the principal variation played out through :class:`jasslib.Round`.  The full samples
(thousands of positions) run in ``benchmarks/solver_exactness.py``; these are smaller samples of
each kind.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jasslib import (
    CLASSIC,
    MODERN,
    Card,
    CardNotInHandError,
    CardSet,
    Contract,
    DuplicateCardError,
    HandSizeError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
    Round,
    Seat,
    fast,
)
from jasslib import solver as solver_module
from jasslib.bits import popcount
from jasslib.play import LAST_TRICK_BONUS, legal_mask, trick_winner_index
from jasslib.rulesets import Ruleset
from jasslib.scoring import MATCH_BONUS
from jasslib.solver import Position, dd_batch, dd_points, judge, solve, value

# ----------------------------------------------------------------------------------------------- references


def _after_trick(hands: list[int], trick: list[int], leader: int, contract: int, points: tuple[int, ...],
                 won: tuple[int, int]) -> tuple[list[int], int, int, tuple[int, int]]:
    """Close a complete trick: (winner, points taken incl. the last trick's 5, new tricks_won)."""
    winner = (leader + trick_winner_index(trick, contract)) % 4
    got = sum(points[c] for c in trick)
    if not any(hands):
        got += LAST_TRICK_BONUS
    new_won = (won[0] + (winner % 2 == 0), won[1] + (winner % 2 == 1))
    return hands, winner, got, new_won


def _end_bonus(won: tuple[int, int]) -> tuple[int, int]:
    """O7: 100 for the team that took every trick of the round."""
    return (MATCH_BONUS if won[1] == 0 else 0, MATCH_BONUS if won[0] == 0 else 0)


def minimax(hands: list[int], trick: list[int], leader: int, contract: int, points: tuple[int, ...],
            won: tuple[int, int]) -> tuple[int, int]:
    """Each team's points from here under perfect play: every line searched, no pruning, no table."""
    if not trick and not any(hands):
        return _end_bonus(won)
    seat = (leader + len(trick)) % 4
    legal = legal_mask(hands[seat], trick, contract)
    results = [_child_minimax(hands, trick, leader, contract, points, won, c) for c in range(36) if legal >> c & 1]
    sign = 1 if seat % 2 == 0 else -1
    return max(results, key=lambda v: sign * (v[0] - v[1]))


def _child_minimax(hands: list[int], trick: list[int], leader: int, contract: int, points: tuple[int, ...],
                   won: tuple[int, int], card: int) -> tuple[int, int]:
    """The value after the side to move plays ``card`` (the trick's points included when it completes)."""
    seat = (leader + len(trick)) % 4
    h = list(hands)
    h[seat] &= ~(1 << card)
    t = trick + [card]
    if len(t) < 4:
        return minimax(h, t, leader, contract, points, won)
    h, winner, got, new_won = _after_trick(h, t, leader, contract, points, won)
    rest = minimax(h, [], winner, contract, points, new_won)
    return (rest[0] + got, rest[1]) if winner % 2 == 0 else (rest[0], rest[1] + got)


def alphabeta(hands: list[int], trick: list[int], leader: int, contract: int, points: tuple[int, ...],
              won: tuple[int, int], alpha: int, beta: int) -> int:
    """Plain fail-hard alpha-beta on team 0's points minus team 1's: no table, no equivalence, no ordering."""
    if not trick and not any(hands):
        bonus = _end_bonus(won)
        return bonus[0] - bonus[1]
    seat = (leader + len(trick)) % 4
    legal = legal_mask(hands[seat], trick, contract)
    maximise = seat % 2 == 0
    for c in range(36):
        if not legal >> c & 1:
            continue
        h = list(hands)
        h[seat] &= ~(1 << c)
        t = trick + [c]
        if len(t) < 4:
            v = alphabeta(h, t, leader, contract, points, won, alpha, beta)
        else:
            h, winner, got, new_won = _after_trick(h, t, leader, contract, points, won)
            s = got if winner % 2 == 0 else -got
            v = s + alphabeta(h, [], winner, contract, points, new_won, alpha - s, beta - s)
        if maximise:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return alpha if maximise else beta


def random_position(rng: random.Random, cards: int, mid_trick: bool, ruleset: Ruleset = CLASSIC,
                    contract: int | None = None) -> Position:
    """A position reached by random legal play from a random deal, ``cards`` cards left to the side to move.

    ``tricks_won`` is redrawn among the splits of the tricks already played, often (x, 0) or (0, x) so that
    the match (O7) is at stake.
    """
    rnd = Round.deal(seed=rng.randrange(10**9), ruleset=ruleset)
    rnd.choose(rng.randrange(6) if contract is None else contract)
    extra = rng.randint(1, 3) if mid_trick else 0
    while len(rnd.hand(rnd.to_move)) > cards or len(rnd.trick) < extra:  # type: ignore[arg-type]
        rnd.play(rng.choice(list(rnd.legal_cards())))
    pos = Position.from_round(rnd)
    played = 9 - cards
    a = rng.randint(0, played)
    won = rng.choice([(a, played - a), (played, 0), (0, played)])
    return Position(pos.hands, pos.trick, pos.leader, pos.contract, pos.ruleset, won)


def _masks(pos: Position) -> list[int]:
    return [h.mask for h in pos.hands]


def _points(pos: Position) -> tuple[int, ...]:
    return pos.ruleset.card_points(pos.contract)


def _remaining_total(pos: Position) -> int:
    return pos.points_left + LAST_TRICK_BONUS


# ----------------------------------------------------------------------------------------------- (a) minimax


@pytest.mark.parametrize("ruleset", [CLASSIC, MODERN], ids=["classic", "modern"])
def test_value_and_every_card_value_agree_with_plain_minimax(ruleset: Ruleset) -> None:
    rng = random.Random(f"minimax-{ruleset.name}")
    checked = 0
    for i in range(100):
        pos = random_position(rng, rng.randint(1, 3), mid_trick=i % 3 == 0, ruleset=ruleset, contract=i % 6)
        masks, trick = _masks(pos), [int(c) for c in pos.trick]
        sol = solve(pos)
        assert sol.value == minimax(masks, trick, pos.leader, pos.contract, _points(pos), pos.tricks_won), pos
        for card, v in sol.card_values.items():
            ref = _child_minimax(masks, trick, pos.leader, pos.contract, _points(pos), pos.tricks_won, card)
            assert v == ref, (pos, card)
        checked += 1
    assert checked == 100


def test_four_cards_per_hand_agree_with_plain_minimax() -> None:
    rng = random.Random("minimax-four")
    for i in range(3):
        pos = random_position(rng, 4, mid_trick=True, ruleset=(CLASSIC, MODERN)[i % 2], contract=(4, 5, 0)[i])
        ref = minimax(_masks(pos), [int(c) for c in pos.trick], pos.leader, pos.contract, _points(pos), pos.tricks_won)
        assert value(pos) == ref, pos


# ----------------------------------------------------------------------------------------------- (b) alpha-beta


def test_five_cards_per_hand_agree_with_plain_alphabeta() -> None:
    rng = random.Random("alphabeta")
    for i in range(8):
        pos = random_position(rng, 5, mid_trick=i % 3 == 0, ruleset=(CLASSIC, MODERN)[i % 2],
                              contract=(4, 5, 1, 3)[i % 4])
        d = alphabeta(_masks(pos), [int(c) for c in pos.trick], pos.leader, pos.contract, _points(pos),
                      pos.tricks_won, -10_000, 10_000)
        v = value(pos)
        assert v[0] - v[1] == d, pos
        assert sum(v) in (_remaining_total(pos), _remaining_total(pos) + MATCH_BONUS)


def _five_cards_agree_with_plain_alphabeta(rng: random.Random, contracts: tuple[int, ...]) -> None:
    """One position of five cards a hand per contract (at a trick start and inside a trick, both presets): the
    solver's value is plain alpha-beta's."""
    for i, contract in enumerate(contracts):
        pos = random_position(rng, 5, mid_trick=i % 2 == 1, ruleset=(CLASSIC, MODERN)[i % 2], contract=contract)
        d = alphabeta(_masks(pos), [int(c) for c in pos.trick], pos.leader, pos.contract, _points(pos),
                      pos.tricks_won, -10_000, 10_000)
        v = value(pos)
        assert v[0] - v[1] == d, pos


def test_the_table_look_ahead_cuts_nodes_and_keeps_the_exact_value() -> None:
    """Before the fourth card of a trick is searched, the table entries of the positions after the trick may
    already decide the node (an enhanced transposition cut-off).  It must fire on real positions, and every
    value it gives must be plain alpha-beta's, in trump and no-trump contracts, at the trick start and inside."""
    from jasslib import solver

    ws = solver._workspace()
    rng = random.Random("table-look-ahead")
    before = int(ws.stats[solver._ETCS])
    _five_cards_agree_with_plain_alphabeta(rng, (0, 4, 2, 5, 3, 1))
    assert int(ws.stats[solver._ETCS]) > before


def test_the_lead_table_suggests_leads_and_keeps_the_exact_value() -> None:
    """Where neither table has a lead, the lead table suggests the lead that was best at a position of the same
    pattern (suit lengths per seat, holders of each suit's strongest card).  It must fire on real positions, and
    the values must stay plain alpha-beta's (it only orders moves) and the full deals' values the shipped table's."""
    from jasslib import ddtable, solver

    ws = solver._workspace()
    before = int(ws.stats[solver._LEAD_HINTS])
    _five_cards_agree_with_plain_alphabeta(random.Random("lead-table"), (3, 5, 1, 4, 0, 2))
    table = ddtable.sample(400)
    for deal, contract in ((0, Contract.OBENABE), (1, Contract.UNDENUFE), (363, Contract.CLUBS)):
        row = table.iloc[deal]
        hands = [int(row[f"hand_{seat}"]) for seat in range(4)]
        assert dd_points(hands, contract)[0] == int(row[f"dd_{contract.name.lower()}"])
    assert int(ws.stats[solver._LEAD_HINTS]) > before


def _fail_soft(exact: int, alpha: int, beta: int, got: int, pos: Position) -> str:
    """Check a fail-soft answer ``got`` of a search in the window (alpha, beta) against the exact value: the value
    itself inside the window, else a true bound on the side it failed; return which case it was."""
    if exact <= alpha:
        assert exact <= got <= alpha, (pos, alpha, beta, got)
        return "low"
    if exact >= beta:
        assert beta <= got <= exact, (pos, alpha, beta, got)
        return "high"
    assert got == exact, (pos, alpha, beta, got)
    return "inside"


def test_the_last_two_tricks_give_the_exact_value_inside_the_window_and_a_true_bound_outside() -> None:
    """Two tricks before the end the search asks the loops of ``_two_tricks`` with its window (alpha, beta): the
    answer must be plain minimax's value when that lies inside, and otherwise a bound on the side it failed
    (fail-soft: at most alpha when the value is, at least beta when the value is), never wrong."""
    from jasslib import solver

    rng = random.Random("two-tricks-window")
    tricks = np.zeros((10, 4), dtype=np.int64)
    outcomes = set()
    for i in range(60):
        pos = random_position(rng, 2, mid_trick=False, ruleset=(CLASSIC, MODERN)[i % 2], contract=i % 6)
        ref = minimax(_masks(pos), [], pos.leader, pos.contract, _points(pos), pos.tricks_won)
        exact = ref[0] - ref[1]
        s = solver._State(pos)
        args = (s.hands, tricks, 0, s.leader, s.flags, s.contract, s.points)
        assert solver._two_tricks(*args, -10_000, 10_000) == exact, pos
        for alpha in (exact - 7, exact - 1, exact, exact + 3):
            for width in (1, 2, 10):
                got = solver._two_tricks(*args, alpha, alpha + width)
                outcomes.add(_fail_soft(exact, alpha, alpha + width, got, pos))
    assert outcomes == {"low", "high", "inside"}


def test_the_last_three_tricks_give_the_exact_value_inside_the_window_and_a_true_bound_outside() -> None:
    """Three tricks before the end the search asks the loops of ``_three_tricks`` (the seventh trick, each line
    ended by ``_two_tricks`` or by the bounds the leaf table keeps of that ending) with its window: plain minimax's
    value inside it, else a fail-soft bound on the side it failed; the lead it names gives that value; the lead
    suggested first changes no value; the hands are restored.  Every window is asked twice in one generation, the
    second time with the leaf table holding the bounds the first left (as the probes of one search do), and one
    leaf table serves all positions, each in a generation of its own (the same cards held by other seats in
    another position must never be taken for this one's)."""
    from jasslib import solver

    rng = random.Random("three-tricks-window")
    tricks = np.zeros((10, 4), dtype=np.int64)
    leaf = np.zeros((1 << 8, 2), dtype=np.int64)
    outcomes = set()
    for i in range(36):
        pos = random_position(rng, 3, mid_trick=False, ruleset=(CLASSIC, MODERN)[i % 2], contract=i % 6)
        # plain minimax's value of each lead, and so of the position (the leader's team picks the best)
        leads = {int(c): _child_minimax(_masks(pos), [], pos.leader, pos.contract, _points(pos), pos.tricks_won,
                                        int(c)) for c in pos.legal_cards()}
        sign = 1 if pos.leader % 2 == 0 else -1
        exact = max(sign * (v[0] - v[1]) for v in leads.values()) * sign
        s = solver._State(pos)
        before = s.hands.copy()
        args = (s.hands, tricks, 0, s.leader, s.flags, s.contract, s.points)
        gen = i + 1
        lead = list(pos.hands[pos.leader])[i % 3]
        for _ in range(2):
            for first in (-1, int(lead)):
                got, best = solver._three_tricks(*args, -10_000, 10_000, first, leaf, gen)
                assert got == exact, (pos, first)
                assert leads[best][0] - leads[best][1] == exact, (pos, first, best)
            for alpha in (exact - 7, exact - 1, exact, exact + 3):
                for width in (1, 2, 10):
                    got, _ = solver._three_tricks(*args, alpha, alpha + width, int(lead), leaf, gen)
                    outcomes.add(_fail_soft(exact, alpha, alpha + width, got, pos))
        assert (s.hands == before).all(), pos
        assert ((leaf[:, 0] >> 40) == gen).any(), "the endings' bounds were not kept"
    assert outcomes == {"low", "high", "inside"}


def test_a_lead_keeps_its_place_among_the_live_cards_in_a_position_of_the_same_shape() -> None:
    """The shape table suggests a lead by its place (suit, and how many live cards of the suit are stronger):
    in a position that differs only in a low card, or in which a card of other points sits at that place,
    the place names the card of the same rank among the live cards."""
    from jasslib import solver

    order = solver._ORDERS[int(Contract.OBENABE)]
    a = CardSet.parse("A♣ Q♣ 8♣ 6♣ K♥").mask
    b = CardSet.parse("A♣ Q♣ 9♣ 6♣ K♥").mask  # 9♣ for 8♣: the same shape, 8♣ and 9♣ at the same place
    c = CardSet.parse("A♣ 10♣ 9♣ 6♣ K♥").mask  # 10♣ (10 points) where Q♣ (3) is: the same shape again
    for card, same_in_b, same_in_c in [("Q♣", "Q♣", "10♣"), ("8♣", "9♣", "9♣"), ("6♣", "6♣", "6♣"),
                                       ("A♣", "A♣", "A♣"), ("K♥", "K♥", "K♥")]:
        place = solver._place_of(a, int(Card.parse(card)), order)
        assert solver._card_at(b, place, order) == int(Card.parse(same_in_b)), card
        assert solver._card_at(c, place, order) == int(Card.parse(same_in_c)), card
    assert solver._card_at(CardSet.parse("A♣").mask, solver._place_of(a, int(Card.parse("Q♣")), order), order) == -1


def test_the_shape_tables_lead_suggestions_fire_and_keep_the_exact_value() -> None:
    """A trick start whose shape table entry does not decide the node tries first the lead that was best in the
    position of the same shape stored there.  It only orders the moves: it must fire, and every value must be
    plain alpha-beta's."""
    from jasslib import solver

    ws = solver._workspace()
    rng = random.Random("shape-hints")
    before = int(ws.stats[solver._HINTS])
    _five_cards_agree_with_plain_alphabeta(rng, (2, 5, 0, 4, 1, 3))
    assert int(ws.stats[solver._HINTS]) > before


def test_a_search_with_a_wide_window_gives_the_exact_value() -> None:
    """The kernel's table narrows a window to an exact stored value: it must answer that value, not a bound.

    :func:`value` only ever asks null windows; a wider window (as an aspiration search would) once made a
    node whose table entry was exact return an infinite value.
    """
    from jasslib import solver

    rng = random.Random("wide-window")
    ws = solver._workspace()
    for i in range(12):
        pos = random_position(rng, 5, mid_trick=False, contract=(0, 1, 2, 3, 4, 5)[i % 6])
        state = solver._State(pos)
        gen = ws.generations(1)
        d = state.exact(ws, gen)  # fills the table with bounds and exact values of this position's subtree
        assert state.probe(ws, gen, -10_000, 10_000, -1) == d, pos
        assert state.probe(ws, gen, d - 20, d + 20, -1) == d, pos


# ----------------------------------------------------------------------------------------------- (c) full deals

# Full deals of fast.deal_batch("solver-tests") whose searches are quick enough for the unit tests (the
# exactness script checks hundreds of deals): (deal, contract).
_QUICK_DEALS = [(10, Contract.OBENABE), (11, Contract.HEARTS)]


@pytest.mark.parametrize(("deal", "contract"), _QUICK_DEALS, ids=[f"{d}-{c.name}" for d, c in _QUICK_DEALS])
def test_full_deal_one_step_consistency_and_principal_variation_through_round(deal: int, contract: Contract) -> None:
    masks = [int(h) for h in fast.deal_batch("solver-tests", 0, deal + 1)[deal]]
    pos = Position.deal(masks, contract)
    sol = solve(pos)
    # one step: the value is the best, for the side to move (team 0), of the values after each legal card,
    # each solved afresh; and solve's card values are those values
    children = {card: value(pos.play(card)) for card in pos.legal_cards()}
    assert sol.value == max(children.values(), key=lambda v: v[0] - v[1])
    assert dict(sol.card_values) == children
    assert sol.best == CardSet(c for c, v in children.items() if v == sol.value)
    # the principal variation, played through a Round, scores exactly the value (O7: last trick, match)
    rnd = Round([CardSet.from_mask(m) for m in masks], dealer=3, forehand=0)
    rnd.choose(contract)
    for card in sol.pv:
        rnd.play(card)
    assert rnd.done and rnd.score().trick_points == sol.value
    assert dd_points(masks, contract) == sol.value
    assert dd_batch(np.array([masks]), contracts=[contract])[0, contract] == sol.value[0]


# ------------------------------------------------------------------- (d) the reference solver, the shape table


def test_full_deals_and_later_positions_agree_with_the_reference_solver() -> None:
    """The solver against its predecessor (tests/solver_reference.py, exact on thousands of checks): the value and
    every card's value of full deals without trumps and of trump positions six tricks before the end."""
    import solver_reference

    hands = fast.deal_batch("solver-reference-tests", 0, 6)
    rng = random.Random("solver-reference-tests")
    for i, masks in enumerate(hands):
        pos = Position.deal([int(m) for m in masks], 4 + i % 2, ruleset=(CLASSIC, MODERN)[i // 2 % 2])
        new, ref = solve(pos), solver_reference.solve(pos)
        assert (new.value, dict(new.card_values)) == (ref.value, dict(ref.card_values)), pos
    for i in range(8):
        pos = random_position(rng, 6, mid_trick=i % 2 == 1, ruleset=(CLASSIC, MODERN)[i // 4], contract=i % 4)
        new, ref = solve(pos), solver_reference.solve(pos)
        assert (new.value, dict(new.card_values)) == (ref.value, dict(ref.card_values)), pos


def _variants(pos: Position) -> list[tuple[Position, int, int]]:
    """Positions of the same shape as ``pos`` (a trick start): one live card swapped for a card of its suit already
    played, with no live card between them in the suit's order, neither the trump Jack (P5).  Each comes with the
    two cards' point difference (the slack of the shape table) and the card played in."""
    from jasslib.play import strength_table

    strength = strength_table(int(pos.contract))
    points = _points(pos)
    masks = _masks(pos)
    alive = masks[0] | masks[1] | masks[2] | masks[3]
    puur = 9 * int(pos.contract) + 5 if pos.contract < 4 else -1
    out = []
    for seat in range(4):
        for c in range(36):
            if not masks[seat] >> c & 1 or c == puur:
                continue
            for c2 in range(9 * (c // 9), 9 * (c // 9) + 9):
                if alive >> c2 & 1 or c2 == puur:
                    continue
                lo, hi = sorted((strength[c], strength[c2]))
                between = [x for x in range(9 * (c // 9), 9 * (c // 9) + 9) if lo < strength[x] < hi]
                if any(alive >> x & 1 for x in between):
                    continue
                hands = list(masks)
                hands[seat] = hands[seat] & ~(1 << c) | (1 << c2)
                other = Position(hands, (), pos.leader, pos.contract, pos.ruleset, pos.tricks_won)
                out.append((other, abs(points[c] - points[c2]), c2))
    return out


@pytest.mark.parametrize("contract", range(6), ids=[c.name for c in Contract])
def test_positions_differing_only_in_low_cards_or_in_point_cards_are_solved_exactly(contract: int) -> None:
    """Where a table that shares entries between positions of one shape would err: positions built to differ only
    in which low card (same points) or which point card of a suit is still out.  Each is solved exactly (plain
    alpha-beta); same-point variants have the same value, and the others stay within the points that differ."""
    from jasslib import solver

    rng = random.Random(f"shapes-{contract}")
    low = point = 0
    for _ in range(6):
        if low >= 2 and point >= 2:
            break
        pos = random_position(rng, 4, mid_trick=False, contract=contract)
        v0 = value(pos)
        d = v0[0] - v0[1]
        base = solver._State(pos)
        alive = int(np.bitwise_or.reduce(base.hands))
        key = solver._shape_key(base.hands, alive, base.leader, base.flags, base.contract)
        variants = _variants(pos)
        same = [v for v in variants if v[1] == 0]
        other_points = [v for v in variants if v[1] > 0]
        picked = rng.sample(same, min(2, len(same))) + rng.sample(other_points, min(2, len(other_points)))
        for other, slack, _ in picked:
            v = value(other)
            ref = alphabeta(_masks(other), [], other.leader, other.contract, _points(other), other.tricks_won,
                            -10_000, 10_000)
            assert v[0] - v[1] == ref, other
            st = solver._State(other)
            other_alive = int(np.bitwise_or.reduce(st.hands))
            assert solver._shape_key(st.hands, other_alive, st.leader, st.flags, st.contract) == key
            assert solver._shape_slack(alive, other_alive, base.points, base.order, base.contract) == slack
            assert abs(ref - d) <= slack, (pos, other)
            if slack == 0:
                low += 1
                assert ref == d, (pos, other)
            else:
                point += 1
    assert low >= 2 and point >= 2


def test_p5_shape_table_tells_a_position_with_the_puur_from_one_without_it_eight_tricks_before_the_end() -> None:
    """Regression (issue 19): with eight tricks left the tricks-left field of a shape's second word overflowed
    into the bit that says whether the trump Jack is still out, so a position where the Puur may be held back
    (P5) shared table entries with one where it had gone; the solver then valued a full ♠ deal 134 instead of 142.

    Built here: two positions, 32 cards each, the same owners at every place of every suit, one with the trump
    Jack and one without it.  Their shapes must differ, and the full deal is solved to the reference's value."""
    from jasslib import solver

    hands = [int(h) for h in fast.deal_batch("bench-solver", 0, 13)[12]]
    c = int(Contract.SPADES)
    order = solver._ORDERS[c]
    trumps = [int(order[9 * c + i]) for i in range(9)]            # strongest first: the Jack, the Nell, ...
    assert trumps[0] == 9 * c + 5
    owner = {card: s for s in range(4) for card in range(36) if hands[s] >> card & 1}
    a = list(hands)
    a[owner[trumps[0]]] &= ~(1 << trumps[0])                     # A: the Puur has gone ...
    for s in range(4):                                            # ... and one side card of each other hand
        if s != owner[trumps[0]]:
            side = next(card for card in range(36) if a[s] >> card & 1 and card // 9 != c)
            a[s] &= ~(1 << side)
    b = [h & ~sum(1 << t for t in trumps) for h in a]           # B: the same owners at the trump places ...
    for place, card in enumerate(trumps[1:]):                     # ... of J 9 A K Q 10 8 7 instead of 9 A K ... 6
        b[owner[card]] |= 1 << trumps[place]
    assert [popcount(h) for h in a] == [popcount(h) for h in b] == [8, 8, 8, 8]
    keys = []
    for masks in (a, b):
        st = solver._State(Position(masks, (), Seat(0), Contract.SPADES, tricks_won=(1, 0)))
        alive = int(np.bitwise_or.reduce(st.hands))
        keys.append(solver._shape_key(st.hands, alive, st.leader, st.flags, st.contract))
    assert keys[0][0] == keys[1][0]                               # the same owners, place by place ...
    assert keys[0] != keys[1]                                     # ... but not the same shape (P5)
    assert dd_points(hands, Contract.SPADES) == (142, 15)          # tests/solver_reference.py's value


def test_o7_match_bonus_goes_to_a_team_that_takes_every_trick_of_the_round() -> None:
    masks = [int(h) for h in fast.deal_batch("solver-tests", 0, 12)[11]]
    pos = Position.deal(masks, Contract.HEARTS)
    assert value(pos) == (257, 0)                      # 152 + 5 + 100
    # the same cards later in the round: the match still counts while team 1 has no trick ...
    rnd = Round([CardSet.from_mask(m) for m in masks], dealer=3, forehand=0)
    rnd.choose(Contract.HEARTS)
    for card in solve(pos).pv[:8]:
        rnd.play(card)
    assert rnd.tricks_won == (2, 0)
    here = Position.from_round(rnd)
    assert value(here)[0] == here.points_left + 5 + 100
    # ... and is gone once team 1 has taken one (same cards, other history)
    lost = Position(here.hands, here.trick, here.leader, here.contract, here.ruleset, (1, 1))
    assert value(lost) == (here.points_left + 5, 0)


def test_o7_a_team_without_tricks_so_far_can_still_lose_the_match_in_the_last_trick() -> None:
    # one trick left; team 0 took all eight before, but seat 1's trump wins the last trick
    hands = [CardSet.parse("A♠"), CardSet.parse("6♥"), CardSet.parse("K♠"), CardSet.parse("Q♠")]
    pos = Position(hands, (), Seat(0), Contract.HEARTS, tricks_won=(8, 0))
    assert value(pos) == (0, 11 + 4 + 3 + 5)
    pos = Position(hands, (), Seat(0), Contract.OBENABE, tricks_won=(8, 0))
    assert value(pos) == (11 + 4 + 3 + 5 + 100, 0)     # no trump: A♠ takes the last trick, team 0 the match


def test_p3_trump_instead_of_following_is_searched() -> None:
    # ♥ trump, A♠ led: seat 1 may trump with 7♥ although it holds K♠ (P3); the best line has seat 3 trump
    # K♠ Q♠ with 9♥ while it still holds J♠ (P3 again)
    hands = [CardSet.parse(t) for t in ("A♠ 6♥", "K♠ 7♥", "Q♠ 8♥", "J♠ 9♥")]
    after_lead = Position([hands[0] - CardSet.parse("A♠"), *hands[1:]], ("A♠",), Seat(0), Contract.HEARTS,
                          tricks_won=(4, 3))
    sol = solve(after_lead)
    assert set(sol.card_values) == {Card.SK, Card.H7}
    assert sol.pv[:3] == (Card.SK, Card.SQ, Card.H9)
    assert sol.value == (2 + 5, 11 + 4 + 3 + 14)
    assert solve(Position(hands, (), Seat(0), Contract.HEARTS, tricks_won=(4, 3))).card_values[Card.SA] == sol.value


def test_p4_under_trumping_is_never_searched() -> None:
    # ♥ trump: A♣ led and 9♥ played; seat 2 holds 8♣ 6♥: 6♥ would under-trump (P4), so only 8♣ is valued
    hands = [CardSet.parse("K♣"), CardSet.parse("6♦"), CardSet.parse("8♣ 6♥"), CardSet.parse("7♣ 10♥")]
    pos = Position(hands, ("A♣", "9♥"), Seat(0), Contract.HEARTS, tricks_won=(3, 4))
    assert set(solve(pos).card_values) == {Card.C8}


def test_p5_a_lone_puur_may_be_kept_when_trump_is_led() -> None:
    # seat 3 led 7♥ (♥ trump); seat 0's only trump is the Puur J♥: it may keep it and play 6♣ (P5)
    pos = Position([CardSet.parse("J♥ 6♣"), CardSet.parse("8♥ K♣"), CardSet.parse("9♥ Q♣"), CardSet.parse("A♣")],
                   ("7♥",), Seat(3), Contract.HEARTS, tricks_won=(3, 4))
    assert set(solve(pos).card_values) == {Card.HJ, Card.C6}


def test_loss_is_zero_for_best_cards_and_measured_on_the_difference() -> None:
    sol = solve(Position(_endgame(), (), Seat(0), Contract.HEARTS, tricks_won=(4, 3)))
    assert sol.loss("6♥") == 0
    assert sol.loss("A♠") == (25 - 14) - (7 - 32)
    assert "6♥" in str(sol) and "<table>" in sol._repr_html_()


def test_solve_takes_a_round_in_the_middle_of_a_trick_and_leaves_it_unchanged() -> None:
    rnd = Round.deal(seed=12)
    rnd.choose(Contract.UNDENUFE)
    for _ in range(26):
        rnd.play(min(rnd.legal_cards()))
    before = rnd.to_json() if hasattr(rnd, "to_json") else None
    sol = solve(rnd)
    assert sol.position == Position.from_round(rnd) and len(sol.position.trick) == 2
    assert len(sol.pv) == 36 - 26
    assert (rnd.to_json() if before is not None else None) == before
    after = rnd.copy()
    for card in sol.pv:
        after.play(card)
    got = tuple(a - b for a, b in zip(after.score().trick_points, rnd.card_points))
    assert got == sol.value


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), cards=st.integers(1, 3), mid=st.booleans(), contract=st.integers(0, 5),
       modern=st.booleans())
def test_property_values_add_up_and_the_best_card_keeps_the_value(seed: int, cards: int, mid: bool, contract: int,
                                                                 modern: bool) -> None:
    pos = random_position(random.Random(seed), cards, mid, MODERN if modern else CLASSIC, contract)
    sol = solve(pos)
    total = _remaining_total(pos)
    match = sum(sol.value) == total + MATCH_BONUS
    assert sum(sol.value) == total or (match and min(sol.value) == 0 and 0 in pos.tricks_won)
    assert sol.best and sol.best <= pos.legal_cards() and set(sol.card_values) == set(pos.legal_cards())
    assert all(sol.card_values[c] == sol.value for c in sol.best)
    assert all(sol.loss(c) > 0 for c in pos.legal_cards() - sol.best)
    assert sol.value == value(pos)


def _judged_as_solve_says(pos: Position, line: list[Card]) -> None:
    """judge's verdict on every card of ``line`` is what solve of the position before the card says."""
    verdicts = judge(pos, line)
    assert [v.card for v in verdicts] == line
    for v in verdicts:
        sol = solve(v.position)
        assert v.position == pos, "the verdict names the position before its card"
        assert (v.value, v.best_value, v.best, v.loss) == (sol.card_values[v.card], sol.value, sol.best,
                                                          sol.loss(v.card)), (pos, v.card)
        pos = pos.play(v.card)


@pytest.mark.parametrize("contract", range(6), ids=[c.name for c in Contract])
def test_judge_gives_solves_verdict_on_every_card_of_random_lines(contract: int) -> None:
    """Lines of random legal cards (so that many cards lose points) from positions of 3-5 cards a hand, both
    presets, at trick starts and in the middle of a trick, the match at stake in some."""
    rng = random.Random(1900 + contract)
    for i in range(6):
        pos = random_position(rng, 3 + i % 3, i % 2 == 1, (CLASSIC, MODERN)[i % 2], contract)
        line, p = [], pos
        while not p.done:
            card = rng.choice(sorted(p.legal_cards()))
            line.append(card)
            p = p.play(card)
        _judged_as_solve_says(pos, line)


def test_judge_a_full_deal_played_by_the_bots_as_solve_judges_it() -> None:
    """A whole Obenabe round of rule-based bots from the opening lead, and the cards of trick 7 on of a hearts
    round: the verdicts of one shared table are those of a fresh solve before every card."""
    from jasslib.players import RuleBasedPlayer, play_round

    for contract, start in ((Contract.OBENABE, 0), (Contract.HEARTS, 24)):
        r = Round.deal(seed=11)
        r.choose(contract)
        play_round(r, [RuleBasedPlayer()] * 4)
        replay = Round.deal(seed=11)
        replay.choose(contract)
        plays = [Card.parse(e["card"]) for e in r.history if e["event"] == "play"]
        for card in plays[:start]:
            replay.play(card)
        _judged_as_solve_says(Position.from_round(replay), plays[start:])


def test_judge_checks_every_card_before_it_solves_and_changes_nothing() -> None:
    pos = Position([CardSet.parse(t) for t in ("A♠ 6♥", "K♠ 7♥", "Q♠ 8♥", "J♠ 9♥")], (), Seat(0), Contract.OBENABE,
                   tricks_won=(4, 3))
    before = repr(pos)
    with pytest.raises(IllegalPlayError, match="P2"):  # 7♥ does not follow the spade lead
        judge(pos, ["A♠", "7♥"])
    with pytest.raises(CardNotInHandError, match="6♥"):  # a ninth card after the round's end
        judge(pos, ["A♠", "K♠", "Q♠", "J♠", "6♥", "7♥", "8♥", "9♥", "6♥"])
    assert repr(pos) == before and judge(pos, []) == ()


def test_the_solver_works_without_numba() -> None:
    """With JASSLIB_NO_NUMBA=1 the same search runs as plain Python (slowly): same values."""
    code = (
        "from jasslib import solver, CardSet, Contract, Seat\n"
        "assert not solver.HAVE_NUMBA\n"
        "h = [CardSet.parse(t) for t in ('A♠ 6♥', 'K♠ 7♥', 'Q♠ 8♥', 'J♠ 9♥')]\n"
        "s = solver.solve(solver.Position(h, (), Seat(0), Contract.HEARTS, tricks_won=(4, 3)))\n"
        "print(s.value, ' '.join(str(c) for c in s.pv))\n"
    )
    env = dict(os.environ, JASSLIB_NO_NUMBA="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(25, 14) 6♥ 7♥ 8♥ 9♥ J♠ A♠ K♠ Q♠"


def _shape_key_by_definition(hands: list[int], leader: int, flags: int, contract: int) -> tuple[int, int]:
    """The shape key as its docstring defines it, card by card: each suit's live cards strongest first, 2 bits of
    owner each, then the sizes of the first three suits, the tricks left, the Puur, the leader and the flags."""
    order = solver_module._order_table(contract)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    key = sizes = 0
    for s in range(4):
        held = [c for c in order[9 * s: 9 * s + 9] if alive >> int(c) & 1]
        for c in held:
            key = (key << 2) | next(p for p in range(4) if hands[p] >> int(c) & 1)
        if s < 3:
            sizes = (sizes << 4) | len(held)
    puur = int(contract < 4 and bool(alive >> (9 * contract + 5) & 1))
    n = bin(alive).count("1")
    key -= (key >> 63) << 64  # 32 cards fill 64 bits: compiled, the word is a signed 64-bit number
    return key, sizes | (n >> 2) << 12 | puur << 16 | leader << 17 | flags << 19


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 5), st.integers(1, 8), st.integers(0, 3), st.integers(0, 3))
def test_the_shape_key_is_its_definition(seed: int, contract: int, tricks_left: int, leader: int, flags: int) -> None:
    """The compiled shape key (read through per-suit bit tables) is the key defined card by card, for every
    contract and every number of tricks left that the shape table serves."""
    rng = random.Random(seed)
    cards = rng.sample(range(36), 4 * tricks_left)
    hands = [sum(1 << c for c in cards[p::4]) for p in range(4)]
    got = solver_module._shape_key(np.array(hands, dtype=np.int64), sum(hands), leader, flags, contract)
    assert got == _shape_key_by_definition(hands, leader, flags, contract)


def test_a_borrowed_view_is_the_same_memory_in_compiled_code() -> None:
    """``_numba.borrowed``, through which the search reaches its arrays without reference counting: compiled code
    reads and writes the caller's array through it (rows of a 2-D array too), and the array stays intact."""
    import numba

    from jasslib._numba import borrowed

    @numba.njit
    def bump_through_view(table: np.ndarray, row: int) -> int:
        view = borrowed(table)
        view[row, 1] += 5
        return int(view[row].sum() + view.shape[0])

    table = np.arange(12, dtype=np.int64).reshape(6, 2)
    for _ in range(1000):  # a reference-count error would show as a crash or a freed array here
        bump_through_view(table, 2)
    assert table[2].tolist() == [4, 5 + 5000] and table.sum() == 66 + 5000
    assert bump_through_view(table, 0) == 0 + 6 + 6


def test_a_new_workspace_commits_no_memory_until_a_search_writes_there() -> None:
    """The solver's tables (100 MiB a thread) start as zeros the system hands out page by page: a new thread's
    workspace adds next to nothing to the process's memory, and a small search commits only the pages it uses (a
    kernel that only checks endings keeps its memory)."""
    code = (
        "import threading, psutil\n"
        "from jasslib import solver, CardSet, Contract, Seat\n"
        "rss = lambda: psutil.Process().memory_info().rss\n"
        "h = [CardSet.parse(t) for t in ('A♠ 6♥', 'K♠ 7♥', 'Q♠ 8♥', 'J♠ 9♥')]\n"
        "ending = solver.Position(h, (), Seat(0), Contract.HEARTS, tricks_won=(4, 3))\n"
        "solver.solve(ending)  # the compiled search loaded, in this thread's workspace\n"
        "def another_thread():\n"
        "    before = rss()\n"
        "    ws = solver._workspace()\n"
        "    made = rss()\n"
        "    solver.solve(ending)\n"
        "    print(ws.nbytes >> 20, (made - before) >> 20, (rss() - made) >> 20)\n"
        "t = threading.Thread(target=another_thread)\n"
        "t.start()\n"
        "t.join()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    tables, made, searched = map(int, out.stdout.split())
    assert tables == 100 and made < 8, f"a new workspace of {tables} MiB committed {made} MiB"
    assert searched < 16, f"a two-card ending committed {searched} MiB of the tables"


def test_growing_a_table_keeps_every_entry_of_its_generation_findable() -> None:
    """A search starts in a small part of each table and doubles it as it fills: every entry of the search's
    generation must then sit in the bucket the doubled mask gives it (the same slot), none lost, and entries of
    other generations are left where they were (they are free space)."""
    rng = np.random.default_rng(7)
    size, gen = 1 << 10, 5
    tt = np.zeros((4 * size, 2), dtype=np.int64)
    stale = solver_module._tt_index(12345 | ((gen - 1) << 40), size - 1)
    tt[stale] = 12345 | ((gen - 1) << 40), 9
    ours = {}
    for _ in range(3 * size // 4):
        key = int(rng.integers(1, 1 << 36)) | (int(rng.integers(0, 4)) << 36) | (3 << 38) | (gen << 40)
        i = solver_module._tt_index(key, size - 1) + int(rng.integers(0, 2))
        if tt[i, 0] == 0:
            tt[i] = key, key * 3 + 1
            ours[key] = i & 1
    solver_module._grow_tt(tt, size, gen)
    for key, slot in ours.items():
        j = solver_module._tt_index(key, 2 * size - 1) + slot
        assert tt[j, 0] == key and tt[j, 1] == key * 3 + 1
    assert sum(int(k) >> 40 == gen for k in tt[:, 0]) == len(ours)
    assert tt[stale, 1] == 9
    assert not tt[2 * size:].any()  # nothing beyond the doubled part

    pt = np.zeros((4 * size, 4), dtype=np.int64)
    shapes = {}
    for _ in range(3 * size // 4):
        key, meta = int(rng.integers(1, 1 << 60)), int(rng.integers(0, 1 << 20)) | (gen << 21)
        i = solver_module._pt_index(key, meta, size - 1) + int(rng.integers(0, 2))
        if pt[i, 1] == 0:
            pt[i] = key, meta, key ^ meta, 17
            shapes[key, meta] = i & 1
    solver_module._grow_pt(pt, size, gen)
    for (key, meta), slot in shapes.items():
        j = solver_module._pt_index(key, meta, 2 * size - 1) + slot
        assert tuple(pt[j]) == (key, meta, key ^ meta, 17)
    assert sum(int(m) >> 21 == gen for m in pt[:, 1]) == len(shapes)


def test_a_search_grows_its_part_of_the_tables_and_finds_the_same_values() -> None:
    """An ending stays in the part of the tables a search starts with (1 MiB and 512 KiB: they stay in the
    processor's cache); a full deal doubles the parts as it stores positions (here from a start of 2**12 and
    2**10 entries, so that most deals grow them several times); with the whole tables from the start (a start
    of 0) every value is the same."""
    ws = solver_module._workspace()
    start = int(ws.stats[solver_module._TT_START]), int(ws.stats[solver_module._PT_START])
    assert start == (1 << 16, 1 << 14)
    solve(Position(_endgame(), (), Seat(0), Contract.HEARTS, tricks_won=(4, 3)))
    assert (ws.stats[solver_module._TT_USE], ws.stats[solver_module._PT_USE]) == start
    deals = fast.deal_batch("table-growth", 0, 6)
    try:
        ws.stats[solver_module._TT_START], ws.stats[solver_module._PT_START] = 1 << 12, 1 << 10
        grown, used = [], []
        for i, hands in enumerate(deals):
            grown.append(dd_points([int(m) for m in hands], 4 + i % 2))
            used.append((int(ws.stats[solver_module._TT_USE]), int(ws.stats[solver_module._PT_USE])))
        assert sum(t >= 1 << 14 and p >= 1 << 12 for t, p in used) >= 4, used  # grown twice or more
        ws.stats[solver_module._TT_START] = ws.stats[solver_module._PT_START] = 0
        whole = [dd_points([int(m) for m in hands], 4 + i % 2) for i, hands in enumerate(deals)]
        assert ws.stats[solver_module._TT_USE] == solver_module.TT_ENTRIES
    finally:
        ws.stats[solver_module._TT_START], ws.stats[solver_module._PT_START] = start
    assert whole == grown


# ----------------------------------------------------------------------------------------------- bad input


def _endgame() -> list[CardSet]:
    return [CardSet.parse(t) for t in ("A♠ 6♥", "K♠ 7♥", "Q♠ 8♥", "J♠ 9♥")]


def test_d1_duplicate_card_in_two_hands_is_refused() -> None:
    hands = _endgame()
    hands[1] = CardSet.parse("A♠ 7♥")
    with pytest.raises(DuplicateCardError, match=r"A♠.*\(D1\)"):
        Position(hands, (), Seat(0), Contract.HEARTS)


def test_d1_trick_card_still_in_a_hand_is_refused() -> None:
    hands = _endgame()
    with pytest.raises(DuplicateCardError, match=r"K♠ is in the trick and also in seat 1's hand.*D1"):
        Position([hands[0] - CardSet.parse("A♠"), *hands[1:]], ("K♠",), Seat(0), Contract.HEARTS)


def test_p1_unequal_hand_sizes_at_a_trick_start_are_refused() -> None:
    hands = _endgame()
    hands[2] = CardSet.parse("Q♠")
    with pytest.raises(HandSizeError, match=r"P1"):
        Position(hands, (), Seat(0), Contract.HEARTS)


def test_p1_a_seat_that_played_out_of_turn_is_refused() -> None:
    # seat 0 led A♠, but seat 2 (not yet to play) holds one card fewer than seat 1
    hands = _endgame()
    with pytest.raises(HandSizeError, match=r"seat 2 holds 1 cards but should hold 2.*P1"):
        Position([CardSet.parse("6♥"), hands[1], CardSet.parse("8♥"), hands[3]], ("A♠",), Seat(0), Contract.HEARTS)


def test_p1_a_trick_holds_at_most_three_cards_before_it_is_complete() -> None:
    with pytest.raises(HandSizeError, match=r"at most 3 cards.*P1"):
        Position([CardSet(), CardSet(), CardSet(), CardSet()], ("A♠", "K♠", "Q♠", "J♠"), Seat(0), Contract.HEARTS)


def test_loss_of_a_card_of_another_seat_names_the_turn_rule() -> None:
    sol = solve(Position(_endgame(), (), Seat(0), Contract.HEARTS, tricks_won=(4, 3)))
    with pytest.raises(OutOfTurnError, match=r"K♠ belongs to seat 1.*P1"):
        sol.loss("K♠")


def test_p4_loss_of_an_under_trump_is_refused_with_the_rule() -> None:
    # ♥ trump: A♣ led, 9♥ trumped; seat 2 holds 8♣ and 6♥: under-trumping is not allowed (P4)
    hands = [CardSet.parse("K♣"), CardSet.parse("Q♣"), CardSet.parse("8♣ 6♥"), CardSet.parse("7♣ 10♥")]
    pos = Position([hands[0], hands[1] - CardSet.parse("Q♣") | CardSet.parse("6♦"), hands[2], hands[3]],
                   ("A♣", "9♥"), Seat(0), Contract.HEARTS, tricks_won=(3, 4))
    sol = solve(pos)
    assert set(sol.card_values) == {Card.C8}
    with pytest.raises(IllegalPlayError) as err:
        sol.loss("6♥")
    assert err.value.rule == "P4"
    with pytest.raises(CardNotInHandError):
        sol.loss("A♦")


def test_from_round_needs_the_play_phase() -> None:
    rnd = Round.deal(seed=1)
    with pytest.raises(PhaseError, match=r"C1"):
        Position.from_round(rnd)


def test_dd_batch_refuses_a_bad_deal() -> None:
    deals = fast.deal_batch(seed=4, start=0, count=3)
    deals[1, 0] = deals[1, 1]
    with pytest.raises(DuplicateCardError, match=r"deal 1.*D1"):
        dd_batch(deals)
    deals[1, 0] = deals[1, 0] & (deals[1, 0] - 1)  # one card fewer
    with pytest.raises(HandSizeError, match=r"deal 1.*\[8, 9, 9, 9\].*D3"):
        dd_batch(deals)
    with pytest.raises(HandSizeError, match=r"\(n, 4\)"):
        dd_batch(np.zeros((2, 3), dtype=np.int64))


def test_solver_anatomy_still_finds_every_line_it_counts_at() -> None:
    # benchmarks/solver_anatomy.py adds counters to a copy of the solver at lines it finds in the source: a change
    # of those lines must show here, not only when someone next runs the analysis
    path = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "solver_anatomy.py")
    spec = importlib.util.spec_from_file_location("solver_anatomy", path)
    assert spec is not None and spec.loader is not None
    anatomy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(anatomy)
    source = anatomy.patched_source(600)
    compile(source, "solver_anatomy_copy.py", "exec")  # still Python
    assert "from ." not in source.split('if TYPE_CHECKING')[0]  # the copy imports jasslib by name
    assert source.count("stats[") > open(solver_module.__file__, encoding="utf-8").read().count("stats[") + 10
    with pytest.raises(SystemExit, match="anchor"):
        anatomy._patch(source, "a line the solver never had", "")
    loose = anatomy.no_slack_source()  # --no-slack: the one line that takes the slack, set to 0
    compile(loose, "anatomy_no_slack.py", "exec")
    assert "slack = 0\n" in loose and "slack = _shape_slack(" not in loose
    other = anatomy.must_follow_source()  # --must-follow: the legal-move rule replaced, nothing else
    compile(other, "anatomy_must_follow.py", "exec")
    assert "_legal = jit(_must_follow)" in other and "_legal = jit(legal_mask)" not in other


def test_a_shared_generation_serves_only_positions_of_its_deal_contract_and_ruleset() -> None:
    """solver._Shared (LiveReview's one generation for a round's searches): positions whose hands are within the first
    one's, under its contract and ruleset, share it; any other position gets a fresh generation; after the
    workspace's generation numbers wrapped around, a new one is taken (the old number may be another deal's)."""
    from jasslib.solver import _judge, _Shared, _State, _value_in, _Workspace

    start = Position.from_round(_chosen(Round.deal(seed=5), "obenabe"))
    later = start
    for _ in range(5):  # a trick and a card: cards only left the hands
        later = later.play(min(later.legal_cards()))
    ws = _Workspace()
    shared = _Shared()
    gen = shared.generation(ws, start)
    assert shared.generation(ws, later) == gen
    others = (Position.from_round(_chosen(Round.deal(seed=6), "obenabe")),
              Position.from_round(_chosen(Round.deal(seed=5), "undenufe")),
              Position.from_round(_chosen(Round.deal(seed=5, ruleset=MODERN), "obenabe")))
    fresh = [shared.generation(ws, p) for p in others]
    assert gen not in fresh and len(set(fresh)) == 3 and shared.generation(ws, start) == gen
    ws.gen = solver_module._GEN_LIMIT - 1  # the next reservation wraps around (the tables are cleared)
    ws.generations(1)
    again = shared.generation(ws, start)
    assert ws.wraps == shared.wraps == 1 and again != gen and shared.generation(ws, later) == again
    # the head start and the judgements in one generation give what fresh searches give
    shared = _Shared()
    d = _value_in(start, shared)
    assert _State(start).teams(d) == value(start)
    line = [min(start.legal_cards())]
    assert _judge(start, line, shared) == judge(start, line)
    assert _judge(later, [min(later.legal_cards())], shared) == judge(later, [min(later.legal_cards())])


def _chosen(r: Round, contract: str) -> Round:
    r.choose(contract)
    return r


@pytest.mark.parametrize("contract", ["obenabe", "undenufe", "hearts"])
def test_a_rounds_tricks_judged_in_one_shared_generation_are_judged_as_with_fresh_tables(contract: str) -> None:
    """What LiveReview does: the head start, then every trick of a round judged in order in one generation, with
    the tricks of another deal judged in between in the same workspace (they get generations of their own); each
    verdict equals judge() with a fresh table.  The trump round from trick 2 on (trick 1 takes seconds)."""
    from jasslib.analysis.postmortem import _plays, _replay_start
    from jasslib.players import RuleBasedPlayer, play_round
    from jasslib.solver import _judge, _Shared, _value_in

    first = 1 if contract in ("obenabe", "undenufe") else 2
    rounds = [play_round(_chosen(Round.deal(seed=seed), contract), [RuleBasedPlayer()] * 4) for seed in (21, 22)]
    replays = [_replay_start(r) for r in rounds]
    plays = [_plays(r) for r in rounds]
    for replay, line in zip(replays, plays):
        for seat, card in line[:4 * (first - 1)]:
            replay.play(card, seat)
    shared = [_Shared(), _Shared()]
    for i in (0, 1):
        _value_in(Position.from_round(replays[i]), shared[i])
    for t in range(first - 1, 9):
        for i in (0, 1):  # the two rounds' tricks interleaved, as two learners' reviews in one solver thread
            start = Position.from_round(replays[i])
            cards = [card for _, card in plays[i][4 * t:4 * t + 4]]
            assert _judge(start, cards, shared[i]) == judge(start, cards), (contract, i, t + 1)
            for seat, card in plays[i][4 * t:4 * t + 4]:
                replays[i].play(card, seat)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), contract=st.sampled_from(list(Contract)), played=st.integers(14, 30))
def test_a_best_line_is_solves_line_and_starts_with_a_given_card_exactly_when_it_is_best(seed, contract, played):
    """solver._best_line (what compare_lines and Why? use instead of a full solve): without a card, solve's pv; with a
    card, a line that starts with it when it is one of solve's best cards, else solve's pv; every line is worth the
    position's value when played out."""
    rng = random.Random(seed)
    r = Round.deal(seed=seed)
    r.choose(contract)
    for _ in range(played):
        r.play(rng.choice(sorted(r.legal_cards())))
    pos = Position.from_round(r)
    full = solve(pos)
    assert solver_module._best_line(pos) == full.pv
    for card in sorted(pos.legal_cards()):
        line = solver_module._best_line(pos, card)
        assert line == full.pv if card not in full.best else line[0] == card
        end = pos
        for c in line:
            end = end.play(c)
        assert end.done, "a line plays to the end of the round"
        replay = r.copy()
        for c in line:
            replay.play(c)
        points = tuple(a - b for a, b in zip(replay.score().trick_points, r.card_points))
        assert points == full.value, (card, line)
