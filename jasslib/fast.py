"""The fast simulation backend: many rounds on integer bitmasks, compiled by numba when it is installed.

The reference :class:`~jasslib.round.Round` is written for clarity; bulk
simulation plays the same rules here on card masks in tight loops.  It does not
restate the rules of play: the kernels compile :func:`jasslib.play.legal_mask`
and :func:`jasslib.play.trick_winner_index` themselves, take their card points
from the ruleset, their Weis from :func:`jasslib.weis.fast_tables`, and the
rule-based player from :mod:`jasslib.players.heuristics`.  The tests play the
same deals through both engines and require identical results round for round.

Without numba everything here still runs, as plain Python (about a hundred times
slower); ``HAVE_NUMBA`` tells which.

Deals are counter-based: deal ``i`` of a seed is a pure function of ``(seed, i)``,
so any chunk of a simulation can be regenerated on its own.

>>> hands = deal_batch(seed=7, start=0, count=3)
>>> hands.shape, all(int(h[0] | h[1] | h[2] | h[3]) == 2**36 - 1 for h in hands)
((3, 4), True)
"""

from __future__ import annotations

from hashlib import blake2b

import numpy as np

from . import _check
from ._numba import HAVE_NUMBA, borrowed, jit
from .bits import lsb_index, popcount
from .contracts import Contract
from .errors import ArgumentError, CardParseError
from .play import legal_mask, trick_value, trick_winner_index
from .players.heuristics import choose_card, choose_contract, contract_values, default_threshold
from .rulesets import CLASSIC, Ruleset
from .weis import STOECK_POINTS, fast_tables, stoeck_mask_held

__all__ = [
    "HAVE_NUMBA",
    "RANDOM",
    "RULE",
    "LOWEST",
    "POLICIES",
    "CHOOSE",
    "seed_key",
    "deal_batch",
    "play_batch",
    "RESULT_FIELDS",
    "contract_values_batch",
]

RANDOM, RULE, LOWEST = 0, 1, 2
"""Policy codes: uniform random legal card, the rule-based heuristic, the lowest legal card (for tests)."""
POLICIES = {"random": RANDOM, "rule": RULE, "lowest": LOWEST}
CHOOSE = -1
"""Contract code meaning: forehand's player chooses (or says schieben)."""

M32 = 0xFFFFFFFF
MAX_DEAL = 2**62
"""Deal numbers run from 0 below this bound (the streams mix a deal number's 64 bits)."""
MAX_BATCH = 10_000_000
"""The most deals one :func:`deal_batch` call returns (320 MB of hand masks)."""
_GOLDEN = 0x9E3779B9

RESULT_FIELDS = (
    "contract", "chooser", "schoben", "card_points_0", "card_points_1", "tricks_0", "tricks_1",
    "last_trick", "weis_0", "weis_1", "weis_winner", "stoeck_0", "stoeck_1",
)
"""Columns of :func:`play_batch`'s result array (raw points, before the multiplier)."""
_NF = len(RESULT_FIELDS)

_legal = jit(legal_mask)
_winner = jit(trick_winner_index)
_trick_value = jit(trick_value)
_stoeck_held = jit(stoeck_mask_held)




def seed_key(seed: int | str) -> int:
    """A 32-bit key from any int or str seed (BLAKE2b), the root of the counter-based streams.

    >>> seed_key(1) == seed_key(1), seed_key(1) != seed_key("1")
    (True, True)
    """
    if _check.is_whole(seed) and not -(2**63) <= seed < 2**63:  # tables keep the seed in an int64 column
        raise CardParseError("a seed number fits in 64 bits (-9223372036854775808 to 9223372036854775807); "
                             "a longer seed can be a word")
    checked = _check.seed(seed, bits=64)  # tables keep the seed in an int64 column; a longer seed can be a word
    if checked is None:
        raise CardParseError("a simulation's seed is a whole number or a text, got None")
    seed = checked
    text = (f"i:{seed}" if isinstance(seed, int) else f"s:{seed}").encode()
    return int.from_bytes(blake2b(text, digest_size=4, person=b"jasslib-sim").digest(), "little")


@jit
def _mix32(x: int) -> int:
    """A 32-bit integer hash (good avalanche): the counter-based random numbers are built from it."""
    x = x & M32
    x = ((x ^ (x >> 16)) * 0x7FEB352D) & M32
    x = ((x ^ (x >> 15)) * 0x846CA68B) & M32
    return x ^ (x >> 16)


@jit
def _stream(key: int, deal: int, salt: int) -> int:
    """The start of the random stream of one deal (``salt`` separates the deal from the players)."""
    return _mix32(key ^ _mix32((deal & M32) ^ _mix32(((deal >> 32) & M32) ^ (salt * _GOLDEN & M32))))


@jit
def _draw(state: int, k: int) -> int:
    """The ``k``-th 32-bit random number of a stream (used to shuffle the deck)."""
    return _mix32((state + (k + 1) * _GOLDEN) & M32)


@jit
def _deal_into(key: int, start: int, count: int, out: np.ndarray) -> None:
    deck = np.zeros(36, dtype=np.int64)
    for n in range(count):
        deal = start + n
        s = _stream(key, deal, 0)
        for i in range(36):
            deck[i] = i
        for i in range(35, 0, -1):
            j = (_draw(s, i) * (i + 1)) >> 32
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t
        for seat in range(4):
            out[n, seat] = 0
        # D3: packets of three from the dealer's right; the dealer is seat 3, so packet p goes to seat p % 4.
        for pos in range(36):
            seat = (pos // 3) % 4
            out[n, seat] = out[n, seat] | (np.int64(1) << deck[pos])


def deal_batch(seed: int | str, start: int, count: int) -> np.ndarray:
    """Deals ``start .. start + count - 1`` of ``seed`` as an ``(count, 4)`` int64 array of hand masks.

    The dealer is seat 3, so forehand is seat 0 in every simulated round (seats are symmetric).
    """
    key = seed_key(seed)
    first = _check.whole(start, "start", high=MAX_DEAL)
    n = _check.whole(count, "count", high=min(MAX_BATCH, MAX_DEAL - first))
    out = np.zeros((n, 4), dtype=np.int64)
    _deal_into(key, first, n, out)
    return out


@jit
def _hand_weis(m: int, contract: int, suit_points: np.ndarray, suit_code: np.ndarray, four_points: np.ndarray,
               four_code: np.ndarray) -> tuple[int, int]:
    """(total points, strongest code) of one hand's best declaration (W4, W5) from the tables."""
    four = m & (m >> 9) & (m >> 18) & (m >> 27) & 0x1FF
    if four == 0:  # no four of a kind: the suits' best declarations simply add up
        total = 0
        code = 0
        for s in range(4):
            idx = s * 512 + ((m >> (9 * s)) & 0x1FF)
            total += suit_points[idx]
            if suit_code[idx] > code:
                code = suit_code[idx]
        return total, code
    eligible = 0
    for r in range(9):
        if four >> r & 1 and four_points[r] > 0:
            eligible |= 1 << r
    best_total = -1
    best_code = -1
    sub = eligible
    while True:  # every subset of the eligible fours (at most two in nine cards)
        rem = m
        total = 0
        code = 0
        for r in range(9):
            if sub >> r & 1:
                rem &= ~(0x8040201 << r)  # the four cards of rank r
                total += four_points[r]
                if four_code[r] > code:
                    code = four_code[r]
        for s in range(4):
            idx = s * 512 + ((rem >> (9 * s)) & 0x1FF)
            total += suit_points[idx]
            if suit_code[idx] > code:
                code = suit_code[idx]
        if total > best_total or (total == best_total and code > best_code):
            best_total = total
            best_code = code
        if sub == 0:
            break
        sub = (sub - 1) & eligible
    return best_total, best_code


@jit
def _next(state: int) -> int:
    """xorshift32: the next state of a round's random stream (never 0 for a non-zero state)."""
    state ^= (state << 13) & M32
    state ^= state >> 17
    state ^= (state << 5) & M32
    return state


_POP9 = np.array([bin(m).count("1") for m in range(512)], dtype=np.int64)
_NTH9 = np.array([[i for i in range(9) if m >> i & 1] + [0] * (9 - bin(m).count("1")) for m in range(512)],
                 dtype=np.int64)


@jit
def _nth_card(mask: int, n: int) -> int:
    """The ``n``-th (0-based) card of ``mask`` in card order (by 9-bit suit tables)."""
    for s in range(4):
        chunk = (mask >> (9 * s)) & 0x1FF
        c = _POP9[chunk]
        if n < c:
            return 9 * s + _NTH9[chunk, n]
        n -= c
    return -1


@jit
def _contract_choice(policy: int, hand: int, pushed: bool, multipliers: np.ndarray, threshold: float,
                     state: int) -> int:
    if policy == 1:
        return choose_contract(hand, pushed, multipliers, threshold)
    if policy == 2:
        return 0
    options = 6 if pushed else 7  # the random player says schieben with probability 1/7 when it may
    c = (state * options) >> 32
    return -1 if c == 6 else c


@jit
def _play_into(hands: np.ndarray, contracts: np.ndarray, policies: np.ndarray, key: int, start: int,
               multipliers: np.ndarray, threshold: float, points_all: np.ndarray, suit_points_all: np.ndarray,
               suit_code_all: np.ndarray, four_points_all: np.ndarray, four_code_all: np.ndarray,
               out: np.ndarray) -> None:
    """Play the rounds of ``hands`` into the rows of ``out`` (see :func:`play_batch`)."""
    _play_rows(hands, contracts, policies, key, start, multipliers, threshold, points_all, suit_points_all,
               suit_code_all, four_points_all, four_code_all, out, np.zeros(4, dtype=np.int64),
               np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64))


@jit
def _play_rows(hands: np.ndarray, contracts: np.ndarray, policies: np.ndarray, key: int, start: int,
               multipliers: np.ndarray, threshold: float, points_all: np.ndarray, suit_points_all: np.ndarray,
               suit_code_all: np.ndarray, four_points_all: np.ndarray, four_code_all: np.ndarray,
               out: np.ndarray, trick: np.ndarray, hand: np.ndarray, totals: np.ndarray) -> None:
    """:func:`_play_into` with its scratch arrays (the current trick, the four hands, the Weis totals) passed in.

    Every array is an argument, alive for the whole call, so the function works on views of them that own nothing
    (:func:`jasslib._numba.borrowed`): numba's reference counting of each array passed on to the players' rules,
    two atomic updates per array and call, took over two fifths of the time of a simulation.
    """
    hands, contracts, policies, multipliers = borrowed(hands), borrowed(contracts), borrowed(policies), \
        borrowed(multipliers)
    points_all, suit_points_all, suit_code_all = borrowed(points_all), borrowed(suit_points_all), \
        borrowed(suit_code_all)
    four_points_all, four_code_all, out = borrowed(four_points_all), borrowed(four_code_all), borrowed(out)
    trick, hand, totals = borrowed(trick), borrowed(hand), borrowed(totals)
    for n in range(hands.shape[0]):
        state = _stream(key, start + n, 1) | 1
        h0 = hands[n, 0]
        h1 = hands[n, 1]
        h2 = hands[n, 2]
        h3 = hands[n, 3]
        hand[0] = h0
        hand[1] = h1
        hand[2] = h2
        hand[3] = h3
        forehand = 0
        # ---- contract (C1): forehand names it or pushes to the partner
        contract = contracts[n]
        chooser = forehand
        schoben = 0
        if contract < 0:
            state = _next(state)
            contract = _contract_choice(policies[forehand], hand[forehand], False, multipliers, threshold, state)
            if contract < 0:
                schoben = 1
                chooser = (forehand + 2) % 4
                state = _next(state)
                contract = _contract_choice(policies[chooser], hand[chooser], True, multipliers, threshold, state)
        points = points_all[contract]
        # ---- Weis (W5-W7) and Stöck (S1), from the initial hands
        suit_points = suit_points_all[contract]
        suit_code = suit_code_all[contract]
        four_points = four_points_all
        four_code = four_code_all[contract]
        best_code = 0
        winner = -1
        for i in range(4):
            seat = (forehand + i) % 4
            total, code = _hand_weis(hand[seat], contract, suit_points, suit_code, four_points, four_code)
            totals[seat] = total
            if total > 0 and code > best_code:
                best_code = code
                winner = seat
        weis0 = 0
        weis1 = 0
        if winner >= 0:
            if winner % 2 == 0:
                weis0 = totals[0] + totals[2]
            else:
                weis1 = totals[1] + totals[3]
        stoeck0 = 0
        stoeck1 = 0
        for seat in range(4):
            if _stoeck_held(hand[seat], contract):  # S1 (raw points: the frame multiplies, H2)
                if seat % 2 == 0:
                    stoeck0 = STOECK_POINTS
                else:
                    stoeck1 = STOECK_POINTS
        # ---- nine tricks (P1-P6)
        played = 0
        leader = forehand
        cp0 = 0
        cp1 = 0
        t0 = 0
        t1 = 0
        last = 0
        for t in range(9):
            for i in range(4):
                seat = (leader + i) % 4
                legal = _legal(hand[seat], trick[:i], contract)
                policy = policies[seat]
                if policy == 0:
                    state = _next(state)
                    card = _nth_card(legal, (state * popcount(legal)) >> 32)
                elif policy == 1:
                    card = choose_card(hand[seat], legal, trick[:i], contract, played, points)
                else:
                    card = lsb_index(legal)
                trick[i] = card
                hand[seat] = hand[seat] & ~(np.int64(1) << card)
                played = played | (np.int64(1) << card)
            win = (leader + _winner(trick, contract)) % 4
            pts = _trick_value(trick, points, t == 8)  # O4-O7
            if t == 8:
                last = win % 2
            if win % 2 == 0:
                cp0 += pts
                t0 += 1
            else:
                cp1 += pts
                t1 += 1
            leader = win
        out[n, 0] = contract
        out[n, 1] = chooser
        out[n, 2] = schoben
        out[n, 3] = cp0
        out[n, 4] = cp1
        out[n, 5] = t0
        out[n, 6] = t1
        out[n, 7] = last
        out[n, 8] = weis0
        out[n, 9] = weis1
        out[n, 10] = winner
        out[n, 11] = stoeck0
        out[n, 12] = stoeck1


def _tables(ruleset: Ruleset) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    points = np.array([ruleset.card_points(c) for c in Contract], dtype=np.int64)
    tabs = [fast_tables(c, ruleset) for c in Contract]
    suit_points = np.array([t[0] for t in tabs], dtype=np.int64)
    suit_code = np.array([t[1] for t in tabs], dtype=np.int64)
    four_points = np.array(tabs[0][2], dtype=np.int64)
    four_code = np.array([t[3] for t in tabs], dtype=np.int64)
    return points, suit_points, suit_code, four_points, four_code


def play_batch(
    hands: np.ndarray,
    contracts: np.ndarray | int,
    policies: tuple[int, int, int, int] | np.ndarray = (RANDOM, RANDOM, RANDOM, RANDOM),
    seed: int | str = 0,
    start: int = 0,
    ruleset: Ruleset = CLASSIC,
    threshold: float | None = None,
) -> np.ndarray:
    """Play one round on each deal of ``hands`` (``(n, 4)`` masks, forehand seat 0); one result row each.

    ``contracts`` is a contract number per round (or one for all), :data:`CHOOSE` to let forehand's
    policy choose or say schieben.  ``policies`` gives each seat's policy code.  Random choices come
    from the counter-based stream of ``(seed, start + row)``, so results do not depend on batching.
    Columns: :data:`RESULT_FIELDS`; points are raw (before the multiplier); ``card_points`` include
    the last trick's 5 (O7).
    """
    hands = np.ascontiguousarray(hands, dtype=np.int64)
    n = hands.shape[0]
    con = np.broadcast_to(np.asarray(contracts, dtype=np.int64), (n,)).copy()
    pol = np.asarray(policies, dtype=np.int64)
    if pol.shape != (4,) or pol.min() < 0 or pol.max() > 2:
        raise ArgumentError(f"policies: four policy codes (0 random, 1 rule, 2 lowest), got {policies!r}")
    if ((con < CHOOSE) | (con > 5)).any():
        raise ArgumentError("contracts: numbers 0..5 (♣ ♠ ♥ ♦ trump, Obenabe, Undenufe) or -1 to choose")
    limit = float(default_threshold(ruleset.multipliers)) if threshold is None else float(threshold)
    out = np.zeros((n, _NF), dtype=np.int64)
    mult = np.array(ruleset.multipliers, dtype=np.int64)
    _play_into(hands, con, pol, seed_key(seed), int(start), mult, limit, *_tables(ruleset), out)
    return out


@jit
def _values_into(masks: np.ndarray, multipliers: np.ndarray, out: np.ndarray) -> None:
    for n in range(masks.shape[0]):
        v = contract_values(masks[n], multipliers)
        for c in range(6):
            out[n, c] = v[c]


def contract_values_batch(masks: np.ndarray, ruleset: Ruleset = CLASSIC) -> np.ndarray:
    """The rule-based player's estimate of each contract (:func:`~jasslib.players.heuristics.contract_values`)
    for each hand mask: an ``(n, 6)`` float array."""
    m = np.ascontiguousarray(masks, dtype=np.int64).reshape(-1)
    out = np.zeros((m.shape[0], 6), dtype=np.float64)
    _values_into(m, np.array(ruleset.multipliers, dtype=np.int64), out)
    return out
