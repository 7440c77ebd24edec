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

import random

import numpy as np
import pytest

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
from jasslib.play import LAST_TRICK_BONUS, legal_mask, trick_winner_index
from jasslib.rulesets import Ruleset
from jasslib.scoring import MATCH_BONUS
from jasslib.solver import Position, dd_batch, solve

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
    for i in range(150):
        pos = random_position(rng, rng.randint(1, 3), mid_trick=i % 3 == 0, ruleset=ruleset, contract=i % 6)
        masks, trick = _masks(pos), [int(c) for c in pos.trick]
        sol = solve(pos)
        assert sol.value == minimax(masks, trick, pos.leader, pos.contract, _points(pos), pos.tricks_won), pos
        for card, v in sol.card_values.items():
            ref = _child_minimax(masks, trick, pos.leader, pos.contract, _points(pos), pos.tricks_won, card)
            assert v == ref, (pos, card)
        checked += 1
    assert checked == 150


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
