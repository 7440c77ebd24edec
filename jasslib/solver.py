"""Exact double-dummy (DD) search for Schieber: the value of every card when all hands are known.

A :class:`Position` is any moment of the play (at a trick boundary or in the middle of a trick);
:func:`solve` returns a :class:`Solution` with each team's trick points from here to the end under
perfect play by both teams, the value of every legal card of the side to move, the best cards and
one principal variation.  :func:`value` gives just the value (the fastest path), :func:`dd_points`
the value of a full deal from the opening lead and :func:`dd_batch` whole tables of them; :func:`judge`
judges each card of a line of play (its value, the best value, the best cards: what a review needs) with
one table for the whole line.

What the value counts: the card points still to be captured (the cards in the hands and in the
current trick, O4–O6), the 5 of the last trick and the 100 of a match (O7).  Points already captured
are not included.  A match needs all nine tricks of the round, so it depends on
``Position.tricks_won``: a team can still make it only while the other team has taken no trick.
Weis and Stöck (W, S) do not depend on the play and are not part of the value.

The rules are not restated here: the search calls :func:`jasslib.play.legal_mask` and
:func:`jasslib.play.trick_winner_index` (numba compiles those very functions), takes card points
from :meth:`jasslib.rulesets.Ruleset.card_points`, the last-trick bonus from
:data:`jasslib.play.LAST_TRICK_BONUS` and the match bonus from :data:`jasslib.scoring.MATCH_BONUS`.

How it searches.  The game is zero-sum on the DIFFERENCE ``d`` = team 0's points - team 1's points
of the rest of the round: team 0 maximises it, team 1 minimises it.  Each team's points follow from
``d``, the remaining total ``r`` (card points left + 5) and whether a match happened: ``d > r``
means team 0 took every trick (it has ``r + 100``), ``d < -r`` team 1 did, and otherwise team 0 has
``(r + d) / 2`` and team 1 ``(r - d) / 2``.  The exact ``d`` is found by null-window alpha-beta
probes (a bisection of the range of ``d`` narrowed by each fail-soft answer, the MTD family; ``d``
always has the parity of ``r``, which halves the probes)
on a fail-soft alpha-beta search with

* a transposition table at trick boundaries keyed on the cards still held (36 bits, which fix the
  four hands within one deal), the leader and the two "may still make a match" flags; it stores
  lower and upper bounds of ``d`` and the best lead.  It is a fixed-size numpy array of
  :data:`TT_ENTRIES` entries of 16 bytes (64 MiB), allocated once per thread and reused, two-way
  associative (a bucket is one cache line) and stamped with a generation number per search so that
  no entry leaks from one deal into the next (the three tables start as zeros that the system commits
  page by page where the search writes, so a small search holds little memory).  A search starts in the table's
  first 2**16 entries (1 MiB, and 2**14 of the shape table below: memory the processor keeps in its cache) and
  doubles that part, moving its entries along, each time it has stored positions for half of it (on the bench's
  first 60 Obenabe and Undenufe deals 13 % and 20 % less time than with the whole tables at once; in trump
  contracts, which reach the whole tables on most deals, about the same: on 20 deals of clubs and of hearts 3 %
  more nodes, 2 % and 7 % less time);
* a *shape table* at the trick boundaries below the root (at most eight tricks left).  Its key is the
  position's shape: who holds the live cards of each suit, strongest first, whether the trump Jack is
  one of them (P5), the leader and the match flags.  The rules see a card only through its suit, its
  rank among the live cards of its suit and whether it is the Puur, so two positions of one shape have
  the same game tree, in which only the points of the cards at the same places differ.  An entry keeps
  one position's live cards and its bounds of ``d``; for another position of the shape they hold
  widened by the sum of those point differences (each line's ``d`` moves by at most that much), which
  often still decides a null-window probe.  The many positions that differ in which low cards are
  gone, or in cards of nearly the same points, share entries: on trump positions seven tricks before
  the end this cuts the nodes by about 59 %.  A fixed-size array of :data:`PT_ENTRIES` entries of 32
  bytes (32 MiB), two slots per bucket (two positions of a shape), stamped with the generation.  An entry
  also keeps the best lead by its *place* (its suit and how many live cards of the suit are stronger): when
  the bounds do not decide a position of the shape and the transposition table has no best lead for it, the
  card at that place is tried first (on 20 trump and 20 Obenabe deals: about 5 % fewer nodes);
* a *lead table* for the trick boundaries below the root with more than three tricks left that neither table
  gives a lead for (otherwise the static ordering below picks it): keyed on a coarser pattern than the shape,
  each seat's number of cards in each suit and who holds the strongest live card of each suit, with the leader,
  it keeps the place of the last lead that cut off or was best at a position of that pattern, and the card at
  that place is tried first (on 30 deals of spades, diamonds and Undenufe not used to choose the pattern: 11.6 %
  fewer nodes, 11 % less time).  A fixed-size array of :data:`LT_ENTRIES` entries of 16 bytes (4 MiB), one slot
  per pattern, stamped with the generation;
* a look-ahead into the transposition table before the fourth card of a trick is searched (an enhanced
  transposition cut-off): if a position after the trick, reached by one of the cards, has a stored bound
  that already decides the node, no card is searched (on 20 trump and 20 Obenabe deals: 9 % and 12 %
  fewer nodes); only with at least :data:`_ETC` cards (and never fewer than 12) left after the trick, where a cut
  saves enough;
* two tricks before the end (two cards a hand), alpha-beta in the search's window written out as loops
  (:func:`_two_tricks`, at most 16 lines of the eighth trick), not by the search's nodes: a line that decides
  the window ends its level (on 20 trump and 20 Obenabe deals: 10 % and 20 % less time, though 6-8 % more
  nodes, since a bound tells the levels above less than the exact value did);
* three tricks before the end (three cards a hand), when the tables do not decide the position: alpha-beta in
  the window written out as loops over the seventh trick's lines, each ended by :func:`_two_tricks`
  (:func:`_three_tricks`; the lead the tables suggest is tried first, the other cards in plain order), whose bound
  and best lead are stored as a searched position's are (on 20 trump and 20 Obenabe deals: 17 % and 16 % less
  time; the equivalent-card classes and the move ordering inside these loops cost more than they save).  The
  endings of two tricks that these loops reach keep their bounds in a *leaf table* (keyed as the transposition
  table, one slot a key, :data:`LEAF_ENTRIES` entries of 16 bytes: 512 KiB, which mostly stays in the cache):
  another line or a later probe that reaches the same ending takes its value from there when the bounds decide it
  (51 % of the endings asked on 30 Undenufe deals); on 100 Undenufe deals 4-7 % less time, on 3 deals of clubs and
  of hearts 4 % and 2 %;
* equivalent cards searched once: cards of one player, adjacent in their suit's order for the
  contract once the cards of completed tricks are taken out, with equal points;
* in a trick whose winning team is already settled (no later seat holds a card that could beat the
  winner), of such adjacent cards with different points only the one placed best is searched: the
  most points for the team that takes the trick, the fewest for the other (:func:`_search_moves`);
* move ordering: the table's best lead, tried before the other moves are even generated (it mostly
  cuts off); a master card or else the cheapest lead; for a follower the cards that take the trick for
  the side, trumping in (P3) only when the trick is worth it;
* cut-offs from the points left (a team cannot win more than what is still to be won) and, in a
  trump contract, from the strongest trumps still out when one team holds them all: each takes its
  trick whenever it is played (P6), so their points are that team's and the other team can no longer
  make a match.

The search reaches its arrays through views that own nothing (:func:`jasslib._numba.borrowed`): numba's
reference counting of each array passed to a call, inlined or not, took a fifth of its time (60 Obenabe and
60 Undenufe deals: 12-14 % less time, the same nodes).

Without numba (``JASSLIB_NO_NUMBA=1``) the same code runs as plain Python: fine for endgames, slow
for full deals.

>>> from jasslib import Card, CardSet, Contract, Seat
>>> hands = [CardSet.parse(t) for t in ("A♠ 6♥", "K♠ 7♥", "Q♠ 8♥", "J♠ 9♥")]
>>> pos = Position(hands, (), Seat(0), Contract.HEARTS, tricks_won=(4, 3))
>>> sol = solve(pos)
>>> sol.value                  # lead 6♥: 9♥ takes 14, then A♠ takes the last trick: 20 + 5
(25, 14)
>>> str(sol.best), sol.card_values[Card.SA], sol.loss("A♠")    # after A♠, K♠ Q♠ and 9♥ trumps (P3)
('6♥', (7, 32), 36)
>>> " ".join(str(c) for c in sol.pv)
'6♥ 7♥ 8♥ 9♥ J♠ A♠ K♠ Q♠'
"""

from __future__ import annotations

import enum
import itertools
import os
import queue
import threading
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ._numba import HAVE_NUMBA, borrowed, jit, jit_inline, prefetch
from .bits import lsb_index, msb_index, popcount
from .cards import FULL_MASK, Card, CardLike, CardSet
from .contracts import Contract
from .errors import (
    CardNotInHandError,
    CardParseError,
    DuplicateCardError,
    HandSizeError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
    excerpt,
)
from .play import LAST_TRICK_BONUS, above_table, check_play, legal_mask, strength_table, trick_value, trick_winner_index
from .rulesets import CLASSIC, Ruleset
from .scoring import MATCH_BONUS
from .seats import Seat

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

__all__ = [
    "Position",
    "Solution",
    "Judgement",
    "solve",
    "judge",
    "value",
    "dd_points",
    "dd_batch",
    "TT_ENTRIES",
    "PT_ENTRIES",
    "LT_ENTRIES",
    "LEAF_ENTRIES",
    "HAVE_NUMBA",
]

TT_BITS = min(28, max(12, int(os.environ.get("JASSLIB_SOLVER_TT_BITS", "22"))))
TT_ENTRIES = 1 << TT_BITS
"""Entries of the transposition table of each thread: 16 bytes each (a key word; bounds and best move).

2**22 (64 MiB) by default; the environment variable ``JASSLIB_SOLVER_TT_BITS`` (12..28) sets the power
of two, e.g. 20 for 16 MiB per thread where memory is short (hard deals then search more nodes).
"""
PT_BITS = min(26, max(10, int(os.environ.get("JASSLIB_SOLVER_PT_BITS", "20"))))
PT_ENTRIES = 1 << PT_BITS
"""Entries of the shape table of each thread (see the module docstring): 32 bytes each (shape in two words, live
cards, bounds).

2**20 (32 MiB) by default; ``JASSLIB_SOLVER_PT_BITS`` (10..26) sets the power of two.  With the
transposition table, the lead table and the leaf table a thread holds 100.5 MiB, whatever the machine.
"""
LT_ENTRIES = 1 << 18
"""Entries of the lead table of each thread (see the module docstring): 16 bytes each (a pattern's key, a place);
4 MiB, the same on every machine."""
LEAF_ENTRIES = 1 << 15
"""Entries of the leaf table of each thread (see the module docstring): 16 bytes each (a key, bounds); 512 KiB, the
same on every machine."""
# A search starts in the first 2**16 entries of the transposition table (1 MiB) and 2**14 of the shape table
# (512 KiB), which stay in the processor's cache, and doubles each part as it fills (see _search).  The variables
# are for the benchmarks (e.g. 22 and 20: the whole tables from the start, as before).
_TT_START_ENTRIES = 1 << min(TT_BITS, int(os.environ.get("JASSLIB_SOLVER_TT_START", "16")))
_PT_START_ENTRIES = 1 << min(PT_BITS, int(os.environ.get("JASSLIB_SOLVER_PT_START", "14")))
_GEN_LIMIT = 1 << 22  # generation numbers live in bits 40..61 of a key
_INF = 10_000
_ABORT = -(1 << 40)

_legal = jit(legal_mask)  # not inlined: numba would then type the lead's empty trick as if it had cards
_winner = jit_inline(trick_winner_index)
_trick_value = jit_inline(trick_value)


# ----------------------------------------------------------------------------------------------- kernels
@jit
def _moves(legal: int, alive: int, points: np.ndarray, order: np.ndarray, out: np.ndarray) -> int:
    """Write one card of each class of equivalent legal cards into ``out``; return how many.

    ``order`` lists the cards of each suit strongest first (9 per suit).  Two legal cards are
    equivalent when no card still alive (in a hand or in the current trick) lies between them in
    that order and they carry the same points; the strongest of each run stands for it.
    """
    n = 0
    one = np.int64(1)
    for s in range(4):
        if (legal >> (9 * s)) & 0x1FF == 0:
            continue
        prev_mine = False
        prev_pts = -1
        for i in range(9):
            c = order[9 * s + i]
            bit = one << c
            if legal & bit:
                p = points[c]
                if not (prev_mine and p == prev_pts):
                    out[n] = c
                    n += 1
                prev_mine = True
                prev_pts = p
            elif alive & bit:
                prev_mine = False
    return n


@jit_inline
def _winner_of(tricks: np.ndarray, tn: int, n: int, contract: int) -> int:
    """:func:`jasslib.play.trick_winner_index` of the first ``n`` (1..4) cards of ``tricks[tn]``.

    The cards go to the rule as a tuple, not as a slice of the array: in compiled code every array
    view costs two atomic reference-count updates, which took a quarter of the search's time.
    """
    if n == 1:
        return _winner((tricks[tn, 0],), contract)
    if n == 2:
        return _winner((tricks[tn, 0], tricks[tn, 1]), contract)
    if n == 3:
        return _winner((tricks[tn, 0], tricks[tn, 1], tricks[tn, 2]), contract)
    return _winner((tricks[tn, 0], tricks[tn, 1], tricks[tn, 2], tricks[tn, 3]), contract)


@jit_inline
def _legal_of(hand: int, tricks: np.ndarray, tn: int, k: int, contract: int) -> int:
    """:func:`jasslib.play.legal_mask` of ``hand`` after the first ``k`` (0..3) cards of ``tricks[tn]`` (a tuple)."""
    if k == 0:
        return _legal(hand, (), contract)
    if k == 1:
        return _legal(hand, (tricks[tn, 0],), contract)
    if k == 2:
        return _legal(hand, (tricks[tn, 0], tricks[tn, 1]), contract)
    return _legal(hand, (tricks[tn, 0], tricks[tn, 1], tricks[tn, 2]), contract)


@jit_inline
def _search_moves(legal: int, alive: int, hands: np.ndarray, tricks: np.ndarray, tn: int, k: int, leader: int,
                  contract: int, points: np.ndarray, order: np.ndarray, above: Sequence[int], mv: np.ndarray,
                  sc: np.ndarray, d: int) -> int:
    """The moves the search must try: :func:`_moves`, and fewer where the trick is settled.

    A *run* is a set of the mover's legal cards adjacent in their suit's order with no other live card
    between them (in a hand or in this trick).  They compare alike with every live card, so playing one
    or another of them gives the same game but for where their points go: of two neighbours in a run,
    the one played now puts its points into this trick and the other keeps them for a later trick.

    The trick is *settled* for a team when, after a card of the run, the card winning the trick (O1–O3,
    P6) could not be beaten by any card the later seats hold (a stronger card of its suit, or any trump
    over a plain card).  Whether they may play that card is not asked (P3, P4 only restrict), so a
    settled trick may be missed, never claimed wrongly.  If it is settled for the mover's team, playing
    the neighbour with more points now is never worse (those points are won now for sure, and only
    maybe later); if for the other team, the one with fewer points.  So only the cards of a run that no
    neighbour beats this way are searched, and the value is unchanged.  The trump Jack is never grouped
    so: who holds the Puur changes what may be played (P5).  When the trick is not settled, equal-point
    neighbours are the only ones merged, as in :func:`_moves`.  The moves go to ``mv[d]``; ``sc[d]`` is
    scratch space (a run, 9 entries); the current trick is ``tricks[tn]``, its first ``k`` cards played.
    """
    n = 0
    one = np.int64(1)
    team = (leader + k) & 1
    puur = 9 * contract + 5 if contract < 4 else -1
    trumps = np.int64(0x1FF) << (9 * contract) if contract < 4 else np.int64(0)
    later = np.int64(-1)  # the cards of the seats still to play to this trick (found once, when first needed)
    for s in range(4):
        mine = (legal >> (9 * s)) & 0x1FF
        if mine == 0:
            continue
        # the mover's legal cards of the suit strongest first, from their bits in the contract's order (the card
        # at order bit i is order[base - i]); two of them are neighbours in a run when no live card lies between
        # them (a card out of play does not part a run)
        mine = _SUIT_ORDER_BITS[contract, s, mine]
        live = _SUIT_ORDER_BITS[contract, s, (alive >> (9 * s)) & 0x1FF]
        base = 9 * s + 8
        m = 0
        prev = 0  # the order bit of the run's last card
        mixed = False  # the run holds cards of different points
        while True:
            c = -1
            i = 0
            if mine != 0:
                i = msb_index(mine)
                mine ^= one << i
                c = order[base - i]
            if m > 0 and (c < 0 or c == puur or (live >> (i + 1)) & ((one << (prev - i - 1)) - 1) != 0):
                # the run ends: its cards go to the moves
                side = -1
                if mixed:
                    # is the trick settled if a card of this run is played?  (see the docstring)
                    tricks[tn, k] = sc[d, 0]  # the mover's slot, free until a card is played
                    wi = _winner_of(tricks, tn, k + 1, contract)
                    top = tricks[tn, wi]
                    top_seat = (leader + wi) & 3
                    beat = above[top]
                    if top // 9 != contract:
                        beat |= trumps
                    if later < 0:
                        later = 0
                        for j in range(k + 1, 4):
                            later |= hands[(leader + j) & 3]
                    side = -1 if beat & later else top_seat & 1
                for j in range(m):
                    q = points[sc[d, j]]
                    if side < 0:
                        keep = j == 0 or points[sc[d, j - 1]] != q
                    elif side == team:
                        keep = (j == 0 or points[sc[d, j - 1]] < q) and (j == m - 1 or points[sc[d, j + 1]] <= q)
                    else:
                        keep = (j == 0 or points[sc[d, j - 1]] > q) and (j == m - 1 or points[sc[d, j + 1]] >= q)
                    if keep:
                        mv[d, n] = sc[d, j]
                        n += 1
                m = 0
                mixed = False
            if c < 0:
                break
            if c == puur:  # never grouped: who holds the Puur changes what may be played (P5)
                mv[d, n] = c
                n += 1
                continue
            if m > 0 and points[c] != points[sc[d, m - 1]]:
                mixed = True
            sc[d, m] = c
            m += 1
            prev = i
    return n


@jit
def _tt_key(alive: int, leader: int, flags: int, gen: int) -> int:
    """The table's key of a trick boundary: the cards still held, the leader, the match flags and the search's
    generation (the bucket depends on the first three only)."""
    return alive | (leader << 36) | (flags << 38) | (gen << 40)


@jit
def _key_hash(key: int) -> int:
    """A multiplicative hash of the low 40 bits of a table key (cards held, leader, match flags): what the
    transposition table and the leaf table take their slot from, under their masks."""
    return (((key & 0xFFFFFFFFFF) * 0x9E3779B1) & 0x3FFFFFFFFFFFFFFF) >> 30


@jit
def _tt_index(key: int, mask: int) -> int:
    """The first slot of the two-slot bucket of ``key``."""
    return (_key_hash(key) & mask) & ~1


@jit
def _tt_data(lo: int, hi: int, move: int) -> int:
    """One table entry's data word: the lower and upper bound and the best move."""
    return (lo + 0x8000) | ((hi + 0x8000) << 16) | ((move + 1) << 32)


@jit_inline
def _shape_key(hands: np.ndarray, alive: int, leader: int, flags: int, contract: int) -> tuple[int, int]:
    """The *shape* of a trick boundary with at most :data:`_SHAPE_CARDS` cards left, in two words: who holds the
    cards of each suit, strongest first (2 bits a card, at most 64 bits), and the sizes of the first three suits
    (4 bits each), the tricks left (4 bits: up to eight), whether the trump Jack is among the cards (P5), the
    leader and the match flags (:data:`_SHAPE_META_BITS` = 21 bits); (-1, -1) with more cards.

    Two positions of the same shape have the same game tree (the rules compare cards only by suit, by rank
    within a suit and by which card is the trump Jack); only the points of the cards at the same places may
    differ.
    """
    n = popcount(alive)
    if n > _SHAPE_CARDS:
        return -1, -1
    key = np.int64(0)
    sizes = np.int64(0)
    odd = hands[1] | hands[3]  # the owner's low bit: seat 1 or 3
    high = hands[2] | hands[3]  # its high bit: seat 2 or 3
    for s in range(4):
        # the suit's cards as 9 bits in the contract's order, the strongest the highest (see _SUIT_ORDER_BITS); the
        # owner bits of its live cards packed together (_PACK) and interleaved (_SPREAD), strongest first
        live = _SUIT_ORDER_BITS[contract, s, (alive >> (9 * s)) & 0x1FF]
        low_bits = _SUIT_ORDER_BITS[contract, s, (odd >> (9 * s)) & 0x1FF]
        high_bits = _SUIT_ORDER_BITS[contract, s, (high >> (9 * s)) & 0x1FF]
        m = popcount(live)
        lo5 = (live & 31) << 5
        hi4 = (live >> 5) << 4
        shift = popcount(live & 31)
        packed_low = _PACK_LOW[lo5 | (low_bits & 31)] | (_PACK_HIGH[hi4 | (low_bits >> 5)] << shift)
        packed_high = _PACK_LOW[lo5 | (high_bits & 31)] | (_PACK_HIGH[hi4 | (high_bits >> 5)] << shift)
        key = (key << (2 * m)) | (_SPREAD[packed_high] << 1) | _SPREAD[packed_low]
        if s < 3:
            sizes = (sizes << 4) | m
    puur = 1 if contract < 4 and (alive >> (9 * contract + 5)) & 1 else 0
    return int(key), int(sizes | (np.int64(n >> 2) << 12) | (np.int64(puur) << 16) | (np.int64(leader) << 17)
                         | (np.int64(flags) << 19))


@jit_inline
def _pt_index(key: int, meta: int, mask: int) -> int:
    """The first slot of the two-slot bucket of a shape in the shape table (a mix of both words)."""
    h = (key ^ (key >> 29)) * 0x2545F4914F6CDD1D
    h ^= (meta ^ (h >> 32)) * 0x5851F42D4C957F2D
    return ((h >> 17) & mask) & ~1


@jit_inline
def _shape_slack(a: int, b: int, points: np.ndarray, order: np.ndarray, contract: int) -> int:
    """How far apart the values of two positions of the same shape with live cards ``a`` and ``b`` can be:
    the sum over the places of each suit of the difference of the points of the two cards at that place.

    Each line of play of one position is a line of the other with the cards at the same places; its
    difference of the teams' points changes by at most that sum, so the minimax values do too.  Each suit's
    live cards are read strongest first from their bits in the contract's order (:data:`_SUIT_ORDER_BITS`); a
    place held by the same card in both costs nothing.
    """
    one = np.int64(1)
    slack = 0
    diff = a ^ b
    for s in range(4):
        if (diff >> (9 * s)) & 0x1FF == 0:
            continue
        x = _SUIT_ORDER_BITS[contract, s, (a >> (9 * s)) & 0x1FF]
        y = _SUIT_ORDER_BITS[contract, s, (b >> (9 * s)) & 0x1FF]
        top = 9 * s + 8  # the card at order bit i is order[top - i]
        while x != 0 and y != 0:
            i = msb_index(x)
            j = msb_index(y)
            x ^= one << i
            y ^= one << j
            if i != j:
                pa = points[order[top - i]]
                pb = points[order[top - j]]
                slack += pa - pb if pa > pb else pb - pa
    return slack


@jit_inline
def _place_of(alive: int, card: int, order: np.ndarray) -> int:
    """``card``'s place among the live cards: 9 x its suit + how many live cards of its suit are stronger."""
    one = np.int64(1)
    s = card // 9
    i = 0
    for j in range(9):
        c = order[9 * s + j]
        if c == card:
            break
        if alive & (one << c):
            i += 1
    return 9 * s + i


@jit_inline
def _card_at(alive: int, place: int, order: np.ndarray) -> int:
    """The live card at ``place`` (see :func:`_place_of`), or -1."""
    one = np.int64(1)
    s = place // 9
    i = place % 9
    for j in range(9):
        c = order[9 * s + j]
        if alive & (one << c):
            if i == 0:
                return int(c)
            i -= 1
    return -1


@jit_inline
def _lead_key(hands: np.ndarray, alive: int, leader: int, gen: int, order: np.ndarray) -> int:
    """The lead table's key of a trick boundary (63 bits, never negative): a hash of each seat's number of cards
    in each suit, the seat holding the strongest live card of each suit, the leader and the search's generation.

    Coarser than the shape (:func:`_shape_key`): positions that differ in the lower cards share it, and the lead
    that was best at one of them is often best at the others (it is only tried first, never trusted).
    """
    one = np.int64(1)
    h = leader + 1 + (gen << 3)  # plain integers: compiled, they wrap at 64 bits; in plain Python they grow
    for s in range(4):
        top = 4
        for i in range(9):
            bit = one << order[9 * s + i]
            if alive & bit:
                top = 0 if hands[0] & bit else (1 if hands[1] & bit else (2 if hands[2] & bit else 3))
                break
        suit = np.int64(0x1FF) << (9 * s)
        x = top
        for p in range(4):
            x = x * 10 + popcount(hands[p] & suit)
        h = (h ^ x) * -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit number
        h ^= (h >> 29) & 0x7FFFFFFFF
    return int(h & 0x7FFFFFFFFFFFFFFF)


# Columns of the per-ply stack of :func:`_search` (one row per card played below the root).
(_K, _LEADER, _FLAGS, _LEFT, _ALPHA, _BETA, _A0, _B0, _BEST, _BM, _N, _I, _GOT, _SLOT, _KEY, _SEAT, _TN,
 _LAZY, _SKEY, _SMETA, _LKEY) = range(21)
_NCOL = 21
_PLIES = 40
_FIRST = 1 << 40  # ordering score of the table's best move
_SHAPE_CARDS = 32  # the shape table serves trick boundaries with at most this many cards left
_SHAPE_META_BITS = 21  # bits of the second word of a shape; the search's generation sits above them
_NODES, _BUDGET, _PROBES, _SHAPES, _ETCS, _HINTS, _LEAD_HINTS = range(7)  # counters in ``stats`` (_SHAPES: lookups of
# the shape table, _HINTS: leads it suggested)
# ... and the parts of the tables in use (see _search): the generation they belong to, the transposition and shape
# table's entries in use, the entries each starts with, the new positions stored since the last doubling; _STATS:
# the length of ``stats``
_USE_GEN, _TT_USE, _PT_USE, _TT_START, _PT_START, _TT_NEW, _PT_NEW = range(7, 14)
_STATS = 14
_HINT = int(os.environ.get("JASSLIB_SOLVER_HINT", "1"))  # the shape table suggests leads (benchmarks: 0 is off)
_STEP = int(os.environ.get("JASSLIB_SOLVER_STEP", "16"))  # the first probes step away from the guess (see _exact;
# benchmarks: 0 is bisection from the first probe)
_THREE = int(os.environ.get("JASSLIB_SOLVER_THREE", "1"))  # three tricks left by loops (benchmarks: 0 is off)
_LEADS = int(os.environ.get("JASSLIB_SOLVER_LEADS", "1"))  # the lead table (benchmarks: 0 is off)
_ETC = int(os.environ.get("JASSLIB_SOLVER_ETC", "12"))  # the table look-ahead with at least so many cards left after
# the trick (benchmarks: 0 turns it off); it runs inside the prefetch's branch, which needs 12 cards left after the
# trick already, so a setting from 1 to 12 acts as 12


@jit
def _grow_tt(tt: np.ndarray, size: int, gen: int) -> None:
    """Double the part of the transposition table in use, ``size`` entries: every entry of generation ``gen`` whose
    bucket under the doubled mask is the upper copy of its old one moves there (the same slot of the bucket)."""
    mask = 2 * size - 1
    for i in range(size):
        key = tt[i, 0]
        if key != 0 and (key >> 40) == gen:
            j = _tt_index(key, mask) + (i & 1)
            if j != i:
                tt[j, 0] = key
                tt[j, 1] = tt[i, 1]
                tt[i, 0] = 0
                tt[i, 1] = 0


@jit
def _grow_pt(pt: np.ndarray, size: int, gen: int) -> None:
    """Double the part of the shape table in use, as :func:`_grow_tt` does for the transposition table."""
    mask = 2 * size - 1
    for i in range(size):
        meta = pt[i, 1]
        if meta != 0 and (meta >> _SHAPE_META_BITS) == gen:
            j = _pt_index(pt[i, 0], meta, mask) + (i & 1)
            if j != i:
                for col in range(4):
                    pt[j, col] = pt[i, col]
                    pt[i, col] = 0


@jit_inline
def _ordered_moves(hands: np.ndarray, tricks: np.ndarray, tn: int, k: int, leader: int, alive: int, filt: int,
                   tt_best: int, contract: int, points: np.ndarray, order: np.ndarray, mv: np.ndarray, sc: np.ndarray,
                   d: int) -> int:
    """The legal moves of the side to move (one per class of equivalent cards), best first, into ``mv[d]``.

    Ordering: the table's best move; for a lead, a master trump while the opponents hold trumps, a master
    card (strongest of its suit still out) with its points unless an opponent can trump it (P3), a low card
    to the partner's master, else the cheapest card; for a follower, cards that make the side win the trick
    (the player's own card first, giving points to the partner next), trumping in only when the trick is
    worth it, then the cheapest cards (without trumps the cheapest and weakest: on 150 deals of seed ``holdout``,
    Undenufe 15 % fewer nodes and Obenabe 2 % than by the points alone).
    """
    one = np.int64(1)
    seat = (leader + k) & 3
    legal = _legal_of(hands[seat], tricks, tn, k, contract) & filt
    if legal & (legal - 1) == 0 and legal != 0:  # a forced card: nothing to order
        mv[d, 0] = lsb_index(legal)
        return 1
    strength = strength_table(contract)
    above = above_table(contract)
    n = _search_moves(legal, alive, hands, tricks, tn, k, leader, contract, points, order, above, mv, sc, d)
    team = seat & 1
    worth = 0
    for q in range(k):
        worth += points[tricks[tn, q]]
    mate_wins = k > 0 and ((leader + _winner_of(tricks, tn, k, contract)) & 1) == team
    # for a lead in a trump contract, once per node: whether the opponents hold trumps, and the suits
    # (bit s) an opponent could trump, being void in it and holding a trump (P3)
    opp_trumps = False
    ruffs = 0
    if k == 0 and contract < 4:
        tr = np.int64(0x1FF) << (9 * contract)
        o1 = hands[(seat + 1) & 3]
        o3 = hands[(seat + 3) & 3]
        opp_trumps = (o1 | o3) & tr != 0
        for s in range(4):
            suit = np.int64(0x1FF) << (9 * s)
            if s != contract and ((o1 & suit == 0 and o1 & tr != 0) or (o3 & suit == 0 and o3 & tr != 0)):
                ruffs |= 1 << s
    for j in range(n):
        c = mv[d, j]
        if c == tt_best:
            score = _FIRST
        elif k == 0:
            ruffed = (ruffs >> (c // 9)) & 1 == 1
            if above[c] & alive == 0:
                score = 1000 + points[c]
                if c // 9 == contract:
                    if opp_trumps:
                        score = 1500 + points[c]  # the master trump draws the opponents' trumps
                elif ruffed:
                    score = -(points[c] * 16 + strength[c])  # an opponent can trump it (P3)
            else:
                score = -(points[c] * 16 + strength[c])
                top = -1
                s9 = 9 * (c // 9)
                for i in range(9):
                    if alive & (one << order[s9 + i]):
                        top = order[s9 + i]
                        break
                if hands[(seat + 2) & 3] & (one << top) and not ruffed:
                    score = 500 - points[c] * 16 - strength[c]  # a low card to the partner's master
        else:
            tricks[tn, k] = c
            w = (leader + _winner_of(tricks, tn, k + 1, contract)) & 3
            if c // 9 == contract and tricks[tn, 0] // 9 != contract and (worth < 10 or mate_wins):
                score = -5000 - strength[c]  # trumping in costs a trump: only first when the trick is worth it
            elif w == seat:
                score = 2000 + points[c] * 4 - strength[c]
            elif w & 1 == team:
                if k == 3 or contract >= 4:
                    score = 1000 + points[c] * 4 - strength[c]  # the partner takes the trick: give points
                else:
                    score = 1000 - points[c] * 4 - strength[c]  # an opponent may still trump: keep the points
            elif contract >= 4:
                # without trumps the weakest card goes first, nearly as much as the cheapest: in Undenufe the cards
                # without points (6, 7, 9) are the strongest, and a player losing the trick keeps them
                score = -points[c] * 4 - strength[c] * 8
            else:
                score = -points[c] * 4 - strength[c]
        sc[d, j] = score
    for j in range(1, n):  # insertion sort, best score first
        c = mv[d, j]
        score = sc[d, j]
        i = j - 1
        while i >= 0 and sc[d, i] < score:
            mv[d, i + 1] = mv[d, i]
            sc[d, i + 1] = sc[d, i]
            i -= 1
        mv[d, i + 1] = c
        sc[d, i + 1] = score
    return n


@jit_inline
def _close_trick(tricks: np.ndarray, tn: int, leader: int, flags: int, last: bool, contract: int,
                 points: np.ndarray) -> tuple[int, int, int, int]:
    """The complete trick ``tricks[tn]``: (winner, signed points for team 0 incl. the last trick's 5, new flags,
    card points)."""
    row = (tricks[tn, 0], tricks[tn, 1], tricks[tn, 2], tricks[tn, 3])  # a tuple: no array view (see _winner_of)
    w = np.int64((leader + _winner(row, contract)) & 3)
    cards = np.int64(_trick_value(row, points, False))
    got = np.int64(_trick_value(row, points, last))
    if w & 1:
        return w, -got, np.int64(flags & 2), cards
    return w, got, np.int64(flags & 1), cards


@jit_inline
def _two_tricks(hands: np.ndarray, tricks: np.ndarray, tn: int, leader: int, flags: int, contract: int,
                points: np.ndarray, alpha: int, beta: int) -> int:
    """The difference ``d`` of a trick boundary with two tricks left (two cards a hand), by fail-soft alpha-beta
    in the window (``alpha``, ``beta``): exact inside it, else a bound on the side it failed.

    At most 2 x 2 x 2 x 2 lines for the eighth trick (the ninth is forced), each judged by
    :func:`jasslib.play.legal_mask` and :func:`jasslib.play.trick_winner_index` as in the search; written
    out as loops, this costs far less than the search's nodes for the same tree, and a line that already
    decides the window ends its level (in a null-window probe, often after the first line).
    ``tricks[tn]`` and ``tricks[tn + 1]`` are used as scratch space.
    """
    one = np.int64(1)
    s0 = leader
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    max0 = s0 & 1 == 0  # seats 0 and 2 (team 0) maximise d; seats 1 and 3 minimise it
    v0 = -_INF if max0 else _INF
    a0 = alpha
    b0 = beta
    m0 = _legal_of(hands[s0], tricks, tn, 0, contract)
    while m0 and a0 < b0:
        c0 = lsb_index(m0)
        m0 &= m0 - 1
        tricks[tn, 0] = c0
        v1 = _INF if max0 else -_INF  # seat 1 is of the other team
        a1 = a0
        b1 = b0
        m1 = _legal_of(hands[s1], tricks, tn, 1, contract)
        while m1 and a1 < b1:
            c1 = lsb_index(m1)
            m1 &= m1 - 1
            tricks[tn, 1] = c1
            v2 = -_INF if max0 else _INF
            a2 = a1
            b2 = b1
            m2 = _legal_of(hands[s2], tricks, tn, 2, contract)
            while m2 and a2 < b2:
                c2 = lsb_index(m2)
                m2 &= m2 - 1
                tricks[tn, 2] = c2
                v3 = _INF if max0 else -_INF
                a3 = a2
                b3 = b2
                m3 = _legal_of(hands[s3], tricks, tn, 3, contract)
                while m3 and a3 < b3:
                    c3 = lsb_index(m3)
                    m3 &= m3 - 1
                    tricks[tn, 3] = c3
                    w, got, nf, _ = _close_trick(tricks, tn, leader, flags, False, contract, points)
                    for i in range(4):
                        seat = (w + i) & 3
                        played = c0 if seat == s0 else (c1 if seat == s1 else (c2 if seat == s2 else c3))
                        tricks[tn + 1, i] = lsb_index(hands[seat] & ~(one << played))
                    _, got2, nf2, _ = _close_trick(tricks, tn + 1, w, nf, True, contract, points)
                    v = got + got2 + (MATCH_BONUS if nf2 & 1 else (-MATCH_BONUS if nf2 & 2 else 0))
                    if max0:  # seat 3 is of the other team: it minimises when seat 0 maximises
                        if v < v3:
                            v3 = v
                            if v3 < b3:
                                b3 = v3
                    else:
                        if v > v3:
                            v3 = v
                            if v3 > a3:
                                a3 = v3
                    tricks[tn, 0] = c0
                    tricks[tn, 1] = c1
                    tricks[tn, 2] = c2
                if max0:
                    if v3 > v2:
                        v2 = v3
                        if v2 > a2:
                            a2 = v2
                else:
                    if v3 < v2:
                        v2 = v3
                        if v2 < b2:
                            b2 = v2
            if max0:
                if v2 < v1:
                    v1 = v2
                    if v1 < b1:
                        b1 = v1
            else:
                if v2 > v1:
                    v1 = v2
                    if v1 > a1:
                        a1 = v1
        if max0:
            if v1 > v0:
                v0 = v1
                if v0 > a0:
                    a0 = v0
        else:
            if v1 < v0:
                v0 = v1
                if v0 < b0:
                    b0 = v0
    return v0


@jit_inline
def _three_tricks(hands: np.ndarray, tricks: np.ndarray, tn: int, leader: int, flags: int, contract: int,
                  points: np.ndarray, alpha: int, beta: int, first: int, leaf: np.ndarray, gen: int
                  ) -> tuple[int, int]:
    """The difference ``d`` of a trick boundary with three tricks left (three cards a hand) by fail-soft alpha-beta
    in the window (``alpha``, ``beta``), as :func:`_two_tricks` one trick earlier: the seventh trick's lines in
    loops, each ended by :func:`_two_tricks`; (value, the lead that gave it).  ``first`` (a card or -1) is the lead
    tried first.  ``hands`` is changed and restored; ``tricks[tn]`` .. ``tricks[tn + 2]`` are scratch space.
    """
    one = np.int64(1)
    s0 = leader
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    max0 = s0 & 1 == 0
    v0 = -_INF if max0 else _INF
    best = -1
    a0 = alpha
    b0 = beta
    legal0 = _legal_of(hands[s0], tricks, tn, 0, contract)
    m0 = legal0
    if first >= 0 and legal0 & (one << first):
        m0 &= ~(one << first)
    else:
        first = -1
    while (m0 or first >= 0) and a0 < b0:
        if first >= 0:
            c0 = first
            first = -1
        else:
            c0 = lsb_index(m0)
            m0 &= m0 - 1
        tricks[tn, 0] = c0
        hands[s0] ^= one << c0
        v1 = _INF if max0 else -_INF
        a1 = a0
        b1 = b0
        m1 = _legal_of(hands[s1], tricks, tn, 1, contract)
        while m1 and a1 < b1:
            c1 = lsb_index(m1)
            m1 &= m1 - 1
            tricks[tn, 1] = c1
            hands[s1] ^= one << c1
            v2 = -_INF if max0 else _INF
            a2 = a1
            b2 = b1
            m2 = _legal_of(hands[s2], tricks, tn, 2, contract)
            while m2 and a2 < b2:
                c2 = lsb_index(m2)
                m2 &= m2 - 1
                tricks[tn, 2] = c2
                hands[s2] ^= one << c2
                v3 = _INF if max0 else -_INF
                a3 = a2
                b3 = b2
                m3 = _legal_of(hands[s3], tricks, tn, 3, contract)
                while m3 and a3 < b3:
                    c3 = lsb_index(m3)
                    m3 &= m3 - 1
                    tricks[tn, 3] = c3
                    hands[s3] ^= one << c3
                    w, got, nf, _ = _close_trick(tricks, tn, leader, flags, False, contract, points)
                    a = a3 - got
                    b = b3 - got
                    # the leaf table may hold bounds of the ending that follows (reached before by another line or
                    # probe): they may decide it, else _two_tricks does, and its bound joins them
                    key = _tt_key(hands[0] | hands[1] | hands[2] | hands[3], w, nf, gen)
                    li = _key_hash(key) & (leaf.shape[0] - 1)
                    lo = -_INF
                    hi = _INF
                    if leaf[li, 0] == key:
                        data = leaf[li, 1]
                        lo = (data & 0xFFFF) - 0x8000
                        hi = ((data >> 16) & 0xFFFF) - 0x8000
                    if lo >= b or lo == hi:
                        r = lo
                    elif hi <= a:
                        r = hi
                    else:
                        r = _two_tricks(hands, tricks, tn + 1, w, nf, contract, points, a, b)
                        if r <= a:
                            hi = min(hi, r)
                        elif r >= b:
                            lo = max(lo, r)
                        else:
                            lo = r
                            hi = r
                        leaf[li, 0] = key
                        leaf[li, 1] = (lo + 0x8000) | ((hi + 0x8000) << 16)
                    v = got + r
                    hands[s3] ^= one << c3
                    if max0:
                        if v < v3:
                            v3 = v
                            if v3 < b3:
                                b3 = v3
                    else:
                        if v > v3:
                            v3 = v
                            if v3 > a3:
                                a3 = v3
                hands[s2] ^= one << c2
                if max0:
                    if v3 > v2:
                        v2 = v3
                        if v2 > a2:
                            a2 = v2
                else:
                    if v3 < v2:
                        v2 = v3
                        if v2 < b2:
                            b2 = v2
            hands[s1] ^= one << c1
            if max0:
                if v2 < v1:
                    v1 = v2
                    if v1 < b1:
                        b1 = v1
            else:
                if v2 > v1:
                    v1 = v2
                    if v1 > a1:
                        a1 = v1
        hands[s0] ^= one << c0
        if max0:
            if v1 > v0:
                v0 = v1
                best = c0
                if v0 > a0:
                    a0 = v0
        else:
            if v1 < v0:
                v0 = v1
                best = c0
                if v0 < b0:
                    b0 = v0
    return v0, best


@jit
def _search(hands: np.ndarray, tricks: np.ndarray, k0: int, leader0: int, flags0: int, left0: int, alpha0: int,
            beta0: int, filt: int, contract: int, points: np.ndarray, order: np.ndarray, tt: np.ndarray, pt: np.ndarray,
            gen: int, st: np.ndarray, mv: np.ndarray, sc: np.ndarray, stats: np.ndarray, lt: np.ndarray,
            leaf: np.ndarray) -> int:
    """Fail-soft alpha-beta: the difference team 0 - team 1 of the points of the rest of the round.

    The root has ``k0`` cards of the current trick in ``tricks[0]`` (led by ``leader0``); ``left0`` is
    the card points still in the hands and that trick; ``flags0`` bit 0 (bit 1): team 0 (team 1) may
    still make a match.  ``filt`` restricts the root's moves (to value one card).  The search is
    iterative (numba cannot cache recursive functions): ``st`` holds one row of state per ply, ``mv``
    and ``sc`` the ordered moves and their scores; ``tricks[t]`` is the t-th trick below the root.
    ``hands`` is changed during the search and restored before it returns.  Returns ``_ABORT`` when
    ``stats[_BUDGET]`` nodes (if positive) are exceeded.
    """
    # views that own nothing: no reference counting at every call and inlined call below (see borrowed)
    hands, tricks, points, order = borrowed(hands), borrowed(tricks), borrowed(points), borrowed(order)
    tt, pt, st, mv, sc, stats, lt = borrowed(tt), borrowed(pt), borrowed(st), borrowed(mv), borrowed(sc), \
        borrowed(stats), borrowed(lt)
    leaf = borrowed(leaf)
    one = np.int64(1)
    if gen > stats[_USE_GEN]:
        # A new generation (a new search) uses the first _TT_START / _PT_START entries of each table, a part that
        # stays in the processor's cache; the part doubles, up to the whole table, whenever the search has stored
        # new positions for more than half of its entries since the last doubling, and the entries of the
        # generation whose bucket is now in the new half move there (_grow_tt, _grow_pt).  An entry lost on the
        # way (a shared generation searched again after another one) costs nodes, never a wrong value: every
        # lookup compares the whole key.
        stats[_USE_GEN] = gen
        stats[_TT_USE] = stats[_TT_START] if 0 < stats[_TT_START] < tt.shape[0] else tt.shape[0]  # 0: the whole
        stats[_PT_USE] = stats[_PT_START] if 0 < stats[_PT_START] < pt.shape[0] else pt.shape[0]
        stats[_TT_NEW] = 0
        stats[_PT_NEW] = 0
    tmask = stats[_TT_USE] - 1
    pmask = stats[_PT_USE] - 1  # 0 (no shape table) for a table of one entry
    d = 0
    st[0, _K] = k0
    st[0, _LEADER] = leader0
    st[0, _FLAGS] = flags0
    st[0, _LEFT] = left0
    st[0, _ALPHA] = alpha0
    st[0, _BETA] = beta0
    st[0, _TN] = 0
    ret = 0
    phase = 0  # 0: enter the node at ply d, 1: try its next move, 2: return ``ret`` to the parent
    while True:
        if phase == 0:
            stats[_NODES] += 1
            if stats[_NODES] > stats[_BUDGET] > 0:  # over the node budget: give up (nothing partial is stored)
                return _ABORT
            k = st[d, _K]
            leader = st[d, _LEADER]
            flags = st[d, _FLAGS]
            left = st[d, _LEFT]
            alpha = st[d, _ALPHA]
            beta = st[d, _BETA]
            tn = st[d, _TN]
            alive = hands[0] | hands[1] | hands[2] | hands[3]
            phase = 1
            if k == 0:
                if alive == 0:  # the round is over: the match bonus (O7) if one team took every trick
                    ret = MATCH_BONUS if flags & 1 else (-MATCH_BONUS if flags & 2 else 0)
                    phase = 2
                elif popcount(alive) == 8 and (d > 0 or filt == -1):  # two tricks left: alpha-beta in loops
                    ret = _two_tricks(hands, tricks, tn, leader, flags, contract, points, alpha, beta)
                    phase = 2
                elif popcount(alive) == 4:  # the last trick: every card is forced
                    for i in range(4):
                        tricks[tn, i] = lsb_index(hands[(leader + i) & 3])
                    w, got, nf, _ = _close_trick(tricks, tn, leader, flags, True, contract, points)
                    ret = got + (MATCH_BONUS if nf & 1 else (-MATCH_BONUS if nf & 2 else 0))
                    phase = 2
            else:
                for i in range(k):
                    alive |= one << tricks[tn, i]
            if phase == 1:
                # cut-offs from the points left: nobody wins more than what is still to be won
                upper = left + LAST_TRICK_BONUS + (MATCH_BONUS if flags & 1 else 0)
                lower = -left - LAST_TRICK_BONUS - (MATCH_BONUS if flags & 2 else 0)
                if upper <= alpha:
                    ret = upper
                    phase = 2
                elif lower >= beta:
                    ret = lower
                    phase = 2
            tt_best = -1
            hint = -1  # a lead suggested by the shape table (the best lead of a position of the same shape)
            if phase == 1:
                st[d, _A0] = alpha
                st[d, _B0] = beta
                st[d, _SLOT] = -1
                st[d, _KEY] = -1
                if k == 0 and (d > 0 or filt == -1):
                    key = _tt_key(alive, leader, flags, gen)
                    st[d, _KEY] = key
                    i0 = _tt_index(key, tmask)
                    slot = -1
                    if tt[i0, 0] == key:
                        slot = i0
                    elif tt[i0 + 1, 0] == key:
                        slot = i0 + 1
                    if slot >= 0:
                        st[d, _SLOT] = slot
                        data = tt[slot, 1]
                        lo = (data & 0xFFFF) - 0x8000
                        hi = ((data >> 16) & 0xFFFF) - 0x8000
                        if lo >= beta:
                            ret = lo
                            phase = 2
                        elif hi <= alpha:
                            ret = hi
                            phase = 2
                        elif lo == hi:  # the exact value (inside a window wider than a null window)
                            ret = lo
                            phase = 2
                        else:
                            if lo > alpha:
                                alpha = lo
                            if hi < beta:
                                beta = hi
                            tt_best = ((data >> 32) & 0xFF) - 1
            st[d, _SMETA] = -1
            if phase == 1 and k == 0 and d > 0 and pmask > 0:
                skey, smeta = _shape_key(hands, alive, leader, flags, contract)
                if smeta >= 0:
                    smeta |= gen << _SHAPE_META_BITS
                    st[d, _SKEY] = skey
                    st[d, _SMETA] = smeta
                    # the two slots of the bucket may hold positions of this shape with other cards: each
                    # one's bounds, widened by the slack, bound this position's value
                    pi = _pt_index(skey, smeta, pmask)
                    stats[_SHAPES] += 1
                    for q in range(2):
                        if pt[pi + q, 0] == skey and pt[pi + q, 1] == smeta:
                            slack = _shape_slack(alive, pt[pi + q, 2], points, order, contract)
                            data = pt[pi + q, 3]
                            lo = (data & 0xFFFF) - 0x8000 - slack
                            hi = ((data >> 16) & 0xFFFF) - 0x8000 + slack
                            if lo >= beta:
                                ret = lo
                                phase = 2
                                break
                            if hi <= alpha:
                                ret = hi
                                phase = 2
                                break
                            if _HINT and hint < 0 and tt_best < 0:
                                place = ((data >> 32) & 0xFF) - 1
                                if place >= 0:
                                    hint = _card_at(alive, place, order)
                                    stats[_HINTS] += 1
            st[d, _LKEY] = -1
            if _LEADS and phase == 1 and k == 0 and d > 0 and popcount(alive) > 12:
                lkey = _lead_key(hands, alive, leader, gen, order)
                st[d, _LKEY] = lkey
                if tt_best < 0 and hint < 0:
                    # neither table has a lead for this position: the last good lead at a position of its pattern
                    li = lkey & (lt.shape[0] - 1)
                    if lt[li, 0] == lkey:
                        c = _card_at(alive, lt[li, 1], order)
                        if c >= 0 and hands[leader] & (one << c):
                            hint = c
                            stats[_LEAD_HINTS] += 1
            if phase == 1 and k == 0 and contract < 4:
                # the strongest trumps still out, held by one team, each take their trick (P6): their points
                # are that team's, and the other team can no longer make a match
                sure = 0
                owner = -1
                for i in range(9):
                    c = order[9 * contract + i]
                    bit = one << c
                    if alive & bit:
                        t = 0 if (hands[0] | hands[2]) & bit else 1
                        if owner < 0:
                            owner = t
                        elif t != owner:
                            break
                        sure += points[c]
                if owner == 0 and 2 * sure - left - LAST_TRICK_BONUS >= beta:
                    ret = 2 * sure - left - LAST_TRICK_BONUS
                    phase = 2
                elif owner == 1 and left + LAST_TRICK_BONUS - 2 * sure <= alpha:
                    ret = left + LAST_TRICK_BONUS - 2 * sure
                    phase = 2
            if phase == 1 and k == 0 and d > 0 and _THREE and popcount(alive) == 12:
                # three tricks left: alpha-beta in loops; the bound is stored as a searched node's would be
                v, bm = _three_tricks(hands, tricks, tn, leader, flags, contract, points, alpha, beta,
                                      hint if hint >= 0 else tt_best, leaf, gen)
                st[d, _ALPHA] = alpha
                st[d, _BETA] = beta
                st[d, _SEAT] = leader
                st[d, _N] = 0
                st[d, _I] = 0
                st[d, _LAZY] = 0
                st[d, _BEST] = v
                st[d, _BM] = bm
                phase = 3
            if phase == 1:
                if tt_best >= 0:
                    # the table's best move is tried first; the other moves are generated only if it does not
                    # cut off (most often it does), in the order they would have had anyway
                    mv[d, 0] = tt_best
                    n = 1
                    st[d, _LAZY] = 1
                else:
                    n = _ordered_moves(hands, tricks, tn, k, leader, alive, filt if d == 0 else -1,
                                       hint if hint >= 0 else tt_best, contract, points, order, mv, sc, d)
                    st[d, _LAZY] = 0
                if k == 3 and popcount(alive) > 12:
                    # each card ends the trick: ask for the table's buckets of the positions that follow now,
                    # so that they are in the cache by the time the search gets there (not for the positions
                    # of two tricks left, which :func:`_two_tricks` solves without the table)
                    after = hands[0] | hands[1] | hands[2] | hands[3]
                    for j in range(n):
                        c = mv[d, j]
                        tricks[tn, 3] = c
                        w, _, nf, _ = _close_trick(tricks, tn, leader, flags, False, contract, points)
                        prefetch(tt, _tt_index(_tt_key(after & ~(one << c), w, nf, gen), tmask))
                    if _ETC and popcount(after) >= _ETC + 1:
                        # enhanced transposition cut-off: a position after this trick already in the table
                        # may decide the node before any move is searched
                        last_max = (leader + 3) & 1 == 0
                        for j in range(n):
                            c = mv[d, j]
                            tricks[tn, 3] = c
                            w, got, nf, _ = _close_trick(tricks, tn, leader, flags, False, contract, points)
                            key2 = _tt_key(after & ~(one << c), w, nf, gen)
                            i2 = _tt_index(key2, tmask)
                            for q in range(2):
                                if tt[i2 + q, 0] == key2:
                                    data = tt[i2 + q, 1]
                                    if last_max:
                                        v = (data & 0xFFFF) - 0x8000 + got
                                        if v >= beta:
                                            ret = v
                                            phase = 2
                                    else:
                                        v = ((data >> 16) & 0xFFFF) - 0x8000 + got
                                        if v <= alpha:
                                            ret = v
                                            phase = 2
                                    break
                            if phase == 2:
                                stats[_ETCS] += 1
                                break
                if phase == 1:
                    seat = (leader + k) & 3
                    st[d, _ALPHA] = alpha
                    st[d, _BETA] = beta
                    st[d, _SEAT] = seat
                    st[d, _N] = n
                    st[d, _I] = 0
                    st[d, _BEST] = -_INF if seat & 1 == 0 else _INF
                    st[d, _BM] = -1
        if phase == 3:
            phase = 1
        if phase == 1:
            i = st[d, _I]
            alpha = st[d, _ALPHA]
            beta = st[d, _BETA]
            if i == st[d, _N] and st[d, _LAZY] and alpha < beta:  # the table's move did not cut off: the others
                st[d, _LAZY] = 0
                k = st[d, _K]
                leader = st[d, _LEADER]
                st[d, _N] = _ordered_moves(hands, tricks, st[d, _TN], k, leader,
                                           hands[0] | hands[1] | hands[2] | hands[3], filt if d == 0 else -1,
                                           mv[d, 0], contract, points, order, mv, sc, d)
            if i < st[d, _N] and alpha < beta:
                c = mv[d, i]
                st[d, _I] = i + 1
                k = st[d, _K]
                tn = st[d, _TN]
                hands[st[d, _SEAT]] ^= one << c
                tricks[tn, k] = c
                e = d + 1
                if k == 3:
                    last = (hands[0] | hands[1] | hands[2] | hands[3]) == 0
                    w, got, nf, cards = _close_trick(tricks, tn, st[d, _LEADER], st[d, _FLAGS], last, contract, points)
                    st[e, _K] = 0
                    st[e, _LEADER] = w
                    st[e, _FLAGS] = nf
                    st[e, _LEFT] = st[d, _LEFT] - cards
                    st[e, _TN] = tn + 1
                else:
                    got = 0
                    st[e, _K] = k + 1
                    st[e, _LEADER] = st[d, _LEADER]
                    st[e, _FLAGS] = st[d, _FLAGS]
                    st[e, _LEFT] = st[d, _LEFT]
                    st[e, _TN] = tn
                st[d, _GOT] = got
                st[e, _ALPHA] = alpha - got
                st[e, _BETA] = beta - got
                d = e
                phase = 0
                continue
            # every move tried (or a cut-off): store the bound in the table, return the value
            best = st[d, _BEST]
            key = st[d, _KEY]
            if key >= 0:
                a0 = st[d, _A0]
                b0 = st[d, _B0]
                improved = best > a0 if st[d, _SEAT] & 1 == 0 else best < b0
                if best <= a0:
                    lo = -_INF
                    hi = best
                elif best >= b0:
                    lo = best
                    hi = _INF
                else:
                    lo = best
                    hi = best
                move = st[d, _BM] if improved else -1
                slot = st[d, _SLOT]
                i0 = _tt_index(key, tmask)
                if slot >= 0 and tt[slot, 0] != key:  # the entry found on entry moved (the table grew) or was replaced
                    slot = i0 if tt[i0, 0] == key else (i0 + 1 if tt[i0 + 1, 0] == key else -1)
                if slot >= 0:  # merge with the bounds found on entry
                    data = tt[slot, 1]
                    lo = max(lo, (data & 0xFFFF) - 0x8000)
                    hi = min(hi, ((data >> 16) & 0xFFFF) - 0x8000)
                    if not improved:
                        move = ((data >> 32) & 0xFF) - 1
                else:
                    # two-tier replacement: slot 0 keeps the bigger subtree (or a fresher entry), slot 1 the rest
                    old = tt[i0, 0]
                    if (old >> 40) != gen or popcount(old & 0xFFFFFFFFF) <= popcount(key & 0xFFFFFFFFF):
                        if (old >> 40) == gen:
                            tt[i0 + 1, 0] = old
                            tt[i0 + 1, 1] = tt[i0, 1]
                        slot = i0
                    else:
                        slot = i0 + 1
                    tt[slot, 0] = key
                    stats[_TT_NEW] += 1
                tt[slot, 1] = _tt_data(lo, hi, move)
                if 2 * stats[_TT_NEW] > stats[_TT_USE] and stats[_TT_USE] < tt.shape[0]:
                    _grow_tt(tt, stats[_TT_USE], gen)
                    stats[_TT_USE] *= 2
                    stats[_TT_NEW] = 0
                    tmask = stats[_TT_USE] - 1
                smeta = st[d, _SMETA]
                if smeta >= 0:
                    skey = st[d, _SKEY]
                    # the same cards overwrite their own slot; other cards go to the first slot, whose old
                    # entry moves to the second
                    pi = _pt_index(skey, smeta, pmask)
                    live = hands[0] | hands[1] | hands[2] | hands[3]
                    if not (pt[pi, 0] == skey and pt[pi, 1] == smeta and pt[pi, 2] == live):
                        if not (pt[pi + 1, 0] == skey and pt[pi + 1, 1] == smeta and pt[pi + 1, 2] == live):
                            for col in range(4):
                                pt[pi + 1, col] = pt[pi, col]
                            pt[pi, 0] = skey
                            pt[pi, 1] = smeta
                            pt[pi, 2] = live
                            stats[_PT_NEW] += 1
                        else:
                            pi += 1
                    place = _place_of(live, move, order) if move >= 0 else -1
                    pt[pi, 3] = (lo + 0x8000) | ((hi + 0x8000) << 16) | ((place + 1) << 32)
                    if 2 * stats[_PT_NEW] > stats[_PT_USE] and stats[_PT_USE] < pt.shape[0]:
                        _grow_pt(pt, stats[_PT_USE], gen)
                        stats[_PT_USE] *= 2
                        stats[_PT_NEW] = 0
                        pmask = stats[_PT_USE] - 1
                lkey = st[d, _LKEY]
                if lkey >= 0 and move >= 0 and improved:  # a lead that cut off or was best: its pattern's lead
                    li = lkey & (lt.shape[0] - 1)
                    lt[li, 0] = lkey
                    lt[li, 1] = _place_of(hands[0] | hands[1] | hands[2] | hands[3], move, order)
            ret = best
            phase = 2
        if phase == 2:
            if d == 0:
                return ret
            d -= 1
            c = mv[d, st[d, _I] - 1]
            seat = st[d, _SEAT]
            hands[seat] ^= one << c
            v = st[d, _GOT] + ret
            if seat & 1 == 0:
                if v > st[d, _BEST]:
                    st[d, _BEST] = v
                    st[d, _BM] = c
                    if v > st[d, _ALPHA]:
                        st[d, _ALPHA] = v
            else:
                if v < st[d, _BEST]:
                    st[d, _BEST] = v
                    st[d, _BM] = c
                    if v < st[d, _BETA]:
                        st[d, _BETA] = v
            phase = 1


@jit
def _exact(hands: np.ndarray, tricks: np.ndarray, k: int, leader: int, flags: int, left: int, filt: int, guess: int,
           contract: int, points: np.ndarray, order: np.ndarray, tt: np.ndarray, pt: np.ndarray, gen: int,
           st: np.ndarray, mv: np.ndarray, sc: np.ndarray, stats: np.ndarray, lt: np.ndarray, leaf: np.ndarray) -> int:
    """The exact value of a node (its moves restricted to ``filt``) by null-window probes of :func:`_search`.

    Every value has the parity of the points left + 5, so each probe asks "at least beta?" for a beta of
    that parity.  The first probe is at ``guess`` (an even split when it is out of range); while every answer so
    far failed on the same side, the next probe steps away from the last bound by :data:`_STEP` points, doubling
    the step each time (values lie near the guess more often than near the ends of the range, and a probe far
    from the value is cheap, one near it dear); then the probes bisect the interval left by the fail-soft
    answers.  (On 20 ♣ and 20 Obenabe deals and 30 ♥ and 30 Undenufe deals, against bisection from the first
    probe: 3, 9, 1 and 3.5 % fewer mean nodes; steps of 8 or 32 gave more.)
    """
    if k == 0 and (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
        return MATCH_BONUS if flags & 1 else (-MATCH_BONUS if flags & 2 else 0)
    total = left + LAST_TRICK_BONUS
    lower = -total - (MATCH_BONUS if flags & 2 else 0)
    upper = total + (MATCH_BONUS if flags & 1 else 0)
    parity = total & 1
    g = guess if lower <= guess <= upper else parity
    step = _STEP
    probed = 0  # bit 0: a probe failed high (gave a lower bound), bit 1: one failed low
    while lower < upper:
        beta = g
        if beta <= lower:
            beta = lower + 1
        if beta > upper:
            beta = upper
        if (beta - parity) & 1:
            beta += 1
        g = _search(hands, tricks, k, leader, flags, left, beta - 1, beta, filt, contract, points, order, tt, pt, gen,
                    st, mv, sc, stats, lt, leaf)
        if g == _ABORT:
            return _ABORT
        stats[_PROBES] += 1
        # A fail-soft answer is a bound on the value, which has the parity of ``total``: round it to that
        # parity, and never widen the interval.  Both ends keep the parity, so each probe narrows it by at
        # least 2 and the loop ends (a bound of the other parity once made it probe the same beta forever).
        if g < beta:
            g -= (g - parity) & 1
            if g < upper:
                upper = g
            probed |= 2
        else:
            g += (g - parity) & 1
            if g > lower:
                lower = g
            probed |= 1
        if step > 0 and probed != 3:
            g = lower + step if probed == 1 else upper - step
            step *= 2
        else:
            g = (lower + upper) // 2
    return lower


@jit
def _dd_batch_kernel(hands: np.ndarray, forehand: int, contracts: np.ndarray, points_all: np.ndarray,
                     order_all: np.ndarray, tt: np.ndarray, pt: np.ndarray, gen: int, tricks: np.ndarray,
                     st: np.ndarray, mv: np.ndarray, sc: np.ndarray, stats: np.ndarray, out: np.ndarray,
                     lt: np.ndarray, leaf: np.ndarray) -> int:
    """Team 0's DD points of each full deal under each contract of ``contracts``; returns the next generation."""
    h = np.zeros(4, dtype=np.int64)
    for n in range(hands.shape[0]):
        for ci in range(contracts.shape[0]):
            contract = contracts[ci]
            points = points_all[contract]
            left = 0
            for c in range(36):
                left += points[c]
            for s in range(4):
                h[s] = hands[n, s]
            d = _exact(h, tricks, 0, forehand, 3, left, -1, 0, contract, points, order_all[contract], tt, pt, gen, st,
                       mv, sc, stats, lt, leaf)
            gen += 1
            total = left + LAST_TRICK_BONUS
            if d > total:
                out[n, contract] = d
            elif d < -total:
                out[n, contract] = 0
            else:
                out[n, contract] = (total + d) // 2
    return gen


# ----------------------------------------------------------------------------------------------- tables
def _order_table(contract: int) -> np.ndarray:
    """Per suit, its nine cards strongest first under ``contract`` (from :func:`play.strength_table`)."""
    strength = strength_table(contract)
    out = np.zeros(36, dtype=np.int64)
    for s in range(4):
        cards = sorted(range(9 * s, 9 * s + 9), key=lambda c: -strength[c])
        out[9 * s: 9 * s + 9] = cards
    return out


_ORDERS = np.array([_order_table(c) for c in range(6)], dtype=np.int64)


def _suit_order_bits(contract: int) -> np.ndarray:
    """``[s, x]``: the 9-bit mask ``x`` of suit ``s``'s cards (bit r: card 9 s + r) with its bits placed in the
    contract's order of the suit, the strongest card at bit 8 (so the set bits read from the highest down are
    the cards strongest first, as :func:`_order_table` lists them)."""
    masks = np.arange(512, dtype=np.int64)
    out = np.zeros((4, 512), dtype=np.int64)
    for s in range(4):
        for i, card in enumerate(_ORDERS[contract, 9 * s: 9 * s + 9]):
            out[s] |= ((masks >> (card - 9 * s)) & 1) << (8 - i)
    return out


_SUIT_ORDER_BITS = np.array([_suit_order_bits(c) for c in range(6)], dtype=np.int64)
"""Per contract, :func:`_suit_order_bits`: what :func:`_shape_key` reads a suit's cards in order through, three
table reads a suit instead of a loop over its nine cards."""


def _pack_table(width: int) -> np.ndarray:
    """``[m << width | x]``: the bits of ``x`` that lie in the mask ``m``, packed together in their order (the
    lowest of them at bit 0), for masks of ``width`` bits."""
    out = np.zeros(1 << (2 * width), dtype=np.int64)
    for m in range(1 << width):
        places = [b for b in range(width) if m >> b & 1]
        for x in range(1 << width):
            out[m << width | x] = sum(((x >> b) & 1) << i for i, b in enumerate(places))
    return out


_PACK_LOW = _pack_table(5)
_PACK_HIGH = _pack_table(4)
"""What :func:`_shape_key` packs the owners of a suit's live cards with: the low five and the high four of the nine
bits, each from a small table (a 9-bit table would take 512 x 512 entries)."""
_SPREAD = np.array([sum(((x >> b) & 1) << (2 * b) for b in range(9)) for x in range(512)], dtype=np.int64)
"""``[x]``: the 9 bits of ``x`` at the even places (bit b at bit 2 b), for two owner bits a card side by side."""
_POINTS_CACHE: dict[Ruleset, np.ndarray] = {}


def _points_all(ruleset: Ruleset) -> np.ndarray:
    table = _POINTS_CACHE.get(ruleset)
    if table is None:
        table = np.array([ruleset.card_points(c) for c in Contract], dtype=np.int64)
        _POINTS_CACHE[ruleset] = table
    return table


class _Workspace:
    """One thread's transposition table, scratch buffers and generation counter."""

    def __init__(self) -> None:
        # Zeros mark empty slots (every key holds a generation >= 1, so no key is 0): the system hands out zeroed
        # memory page by page as the search first writes there, so a new workspace costs nothing at once (filled
        # with another value, its 100 MiB cost 0.6-0.8 s here before the first search) and a small search commits
        # only the pages it uses.
        self.tt = np.zeros((TT_ENTRIES, 2), dtype=np.int64)
        self.pt = np.zeros((PT_ENTRIES, 4), dtype=np.int64)
        self.lt = np.zeros((LT_ENTRIES, 2), dtype=np.int64)
        self.leaf = np.zeros((LEAF_ENTRIES, 2), dtype=np.int64)
        self.tricks = np.zeros((10, 4), dtype=np.int64)
        self.st = np.zeros((_PLIES, _NCOL), dtype=np.int64)
        self.mv = np.zeros((_PLIES, 9), dtype=np.int64)
        self.sc = np.zeros((_PLIES, 9), dtype=np.int64)
        self.stats = np.zeros(_STATS, dtype=np.int64)
        self.stats[_TT_START] = _TT_START_ENTRIES
        self.stats[_PT_START] = _PT_START_ENTRIES
        self.gen = 0
        self.wraps = 0  # how often the generation numbers wrapped around (a _Shared generation is void after it)

    @property
    def nbytes(self) -> int:
        """The memory of the four tables in bytes."""
        return int(self.tt.nbytes + self.pt.nbytes + self.lt.nbytes + self.leaf.nbytes)

    def generations(self, count: int) -> int:
        """Reserve ``count`` fresh generation numbers; return the first (clears the table on wrap-around)."""
        if self.gen + count >= _GEN_LIMIT:
            self.tt.fill(0)
            self.pt.fill(0)
            self.lt.fill(0)
            self.leaf.fill(0)
            self.stats[_USE_GEN] = 0
            self.gen = 0
            self.wraps += 1
        first = self.gen + 1
        self.gen += count
        return first


class _Shared:
    """One generation of a workspace's tables kept for several searches of positions of one deal, under one
    contract and ruleset (the tricks of a round that :class:`jasslib.analysis.LiveReview` hands over one by one):
    each search starts from what the ones before it left in the tables, e.g. trick 1's judgement from the
    opening position's value solved while the trick was played.

    Sound because the tables key a position on the cards still held (with the leader and the match flags), and
    within one deal those cards fix the four hands: so every position searched in the generation must hold
    only cards its seat held at the first one (cards only leave hands), under the same contract and ruleset.
    :meth:`generation` checks that and gives a position that does not fit a fresh generation of its own; a
    generation whose numbers the workspace has since reused (wrap-around) is replaced by a fresh one.
    """

    __slots__ = ("hands", "contract", "ruleset", "ws", "gen", "wraps")

    def __init__(self) -> None:
        self.hands: tuple[int, ...] = ()
        self.contract: Contract | None = None
        self.ruleset: Ruleset | None = None
        self.ws: _Workspace | None = None
        self.gen = 0
        self.wraps = -1

    def generation(self, ws: _Workspace, pos: Position) -> int:
        """The generation to search ``pos`` in with ``ws``: the shared one if ``pos`` fits it, else a fresh one."""
        hands = tuple(h.mask for h in pos.hands)
        if not self.hands:
            self.hands, self.contract, self.ruleset = hands, pos.contract, pos.ruleset
        fits = (pos.contract == self.contract and pos.ruleset == self.ruleset
                and all(h & ~first == 0 for h, first in zip(hands, self.hands)))
        if not fits:
            return ws.generations(1)
        if self.ws is not ws or self.wraps != ws.wraps:
            self.ws, self.gen = ws, ws.generations(1)
            self.wraps = ws.wraps
        return self.gen


_LOCAL = threading.local()


def _workspace() -> _Workspace:
    ws = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = _Workspace()
        _LOCAL.ws = ws
    return ws


# ----------------------------------------------------------------------------------------------- background
# One solver thread per process for work handed over while the caller goes on (a review judged during the play,
# :class:`jasslib.analysis.LiveReview`): jobs in order, urgent ones first; a job can be stopped while it runs (its
# searches give up at the next node, through the node budget of the thread's own workspace).


class _Stopped(Exception):
    """A background job stopped while it ran: its result was not kept."""


_Job = tuple[int, int, int, "Future[Any]", "Callable[..., Any]", tuple[Any, ...]]  # (0 urgent / 1, order, epoch,
# future, fn, args)


@dataclass
class _Background:
    """The process's solver thread: its queue, its workspace (once it runs), the job it runs, whether to stop it."""

    pid: int
    thread: threading.Thread
    jobs: queue.PriorityQueue[_Job]
    count: Iterator[int]
    ws: _Workspace | None = None
    running: Future[Any] | None = None
    stop: bool = False
    epoch: int = 0  # _stop_all drops every job handed over before it, even one the thread has just taken


_BG: list[_Background] = []  # the one of this process (made again after a fork)
_BG_LOCK = threading.Lock()


def _background(fn: Callable[..., Any], *args: Any, urgent: bool = False) -> Future[Any]:
    """``fn(*args)`` in the process's solver thread (started on first use, a daemon; again after a fork): after
    the jobs handed over before it, or with ``urgent`` before every job that is not urgent."""
    with _BG_LOCK:
        if not _BG or _BG[0].pid != os.getpid() or not _BG[0].thread.is_alive():
            jobs: queue.PriorityQueue[_Job] = queue.PriorityQueue()
            thread = threading.Thread(target=_background_loop, args=(jobs,), name="jasslib-solver", daemon=True)
            _BG[:] = [_Background(os.getpid(), thread, jobs, itertools.count())]
            thread.start()
        job: Future[Any] = Future()
        _BG[0].jobs.put((0 if urgent else 1, next(_BG[0].count), _BG[0].epoch, job, fn, args))
    return job


def _stop(job: Future[Any]) -> None:
    """Drop ``job``: cancelled if it waits, stopped within a node if the solver thread runs it (then its future
    holds :class:`_Stopped`); nothing if it is done."""
    with _BG_LOCK:
        if _BG and _BG[0].running is job and _BG[0].ws is not None:
            _BG[0].stop = True
            _BG[0].ws.stats[_BUDGET] = 1  # the searches of the job give up at their next node
        else:
            job.cancel()


def _stop_all() -> None:
    """Drop every job of the solver thread (waiting or running)."""
    with _BG_LOCK:
        if not _BG or _BG[0].pid != os.getpid():
            return
        _BG[0].epoch += 1
        waiting = list(_BG[0].jobs.queue)
        running = _BG[0].running
    for entry in waiting:
        entry[3].cancel()
    if running is not None:
        _stop(running)


def _background_loop(jobs: queue.PriorityQueue[_Job]) -> None:
    ws = _workspace()
    with _BG_LOCK:
        me = next(b for b in _BG if b.jobs is jobs)
        me.ws = ws
    while True:
        _, _, epoch, job, fn, args = jobs.get()
        with _BG_LOCK:  # running, or dropped: never in between for _stop and _stop_all
            if epoch != me.epoch:
                job.cancel()
            if not job.set_running_or_notify_cancel():
                continue
            me.running = job
            me.stop = False
            ws.stats[_BUDGET] = 0
        error: BaseException | None = None
        result: Any = None
        try:
            result = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread by the future
            error = exc
        with _BG_LOCK:
            stopped = me.stop
            me.running = None
            me.stop = False
            ws.stats[_BUDGET] = 0
        if stopped:
            job.set_exception(_Stopped("the job was dropped while the solver ran it"))
        elif error is not None:
            job.set_exception(error)
        else:
            job.set_result(result)


# ----------------------------------------------------------------------------------------------- values
def _as_mask(hand: CardSet | int | Iterable[CardLike], what: str) -> int:
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, (int, np.integer)) and not isinstance(hand, bool):
        return CardSet(int(hand)).mask
    if isinstance(hand, str):
        return CardSet.parse(hand).mask
    return CardSet(hand).mask


@dataclass(frozen=True)
class Position:
    """A moment of the play with every hand known: the input of :func:`solve` and :func:`value`.

    ``hands`` are the cards each seat still holds, ``trick`` the cards already played to the current
    trick (lead first), ``leader`` the seat that led it; the seat to move is ``leader + len(trick)``.
    ``tricks_won`` are the tricks each team has taken so far this round: they add up to the tricks
    played (9 less the cards the seat to move holds), so the default ``(0, 0)`` fits a full deal only; for
    the value only whether each is zero matters (a team can still make a match while the other team has
    taken no trick, O7).  Hands may be CardSets, masks, card lists or text; the checks of
    :meth:`__post_init__` raise jasslib errors naming the rule (D1, P1).

    >>> from jasslib import CardSet, Contract
    >>> p = Position([CardSet.parse(t) for t in ("A♣ 6♣", "K♣ 7♣", "Q♣ 8♣", "J♣")], ["10♣"], 3,
    ...              Contract.OBENABE, tricks_won=(4, 3))
    >>> p.to_move
    Seat.S0
    """

    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    trick: tuple[Card, ...]
    leader: Seat
    contract: Contract
    ruleset: Ruleset = CLASSIC
    tricks_won: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        hands = self.hands
        if not isinstance(hands, (list, tuple, np.ndarray)) or len(hands) != 4:
            raise HandSizeError(f"a position needs four hands, one per seat, in a list or tuple (D1), got "
                                f"{excerpt(hands)}")
        masks = tuple(_as_mask(h, f"seat {i}'s hand") for i, h in enumerate(hands))
        seen = 0
        for i, m in enumerate(masks):
            if seen & m:
                dup = CardSet.from_mask(seen & m)
                raise DuplicateCardError(f"card {dup} is in two hands (seat {i} and an earlier seat); "
                                         "each of the 36 cards exists once (D1)")
            seen |= m
        trick = self.trick
        if isinstance(trick, str):
            trick = trick.split() if len(trick) <= 40 else [trick]
        if not isinstance(trick, (list, tuple)):
            raise CardParseError(f"the trick is the cards already played to it, lead first (a list or tuple, "
                                 f"empty at a trick's start), got {excerpt(self.trick)}")
        if len(trick) > 3:
            raise HandSizeError(f"a trick in progress holds at most 3 cards, got {len(trick):,}; the fourth "
                                "card completes it (P1)")
        trick_cards = tuple(Card.parse(c) for c in trick)
        if len(trick_cards) > 3:
            raise HandSizeError(f"a trick in progress holds at most 3 cards, got {len(trick_cards)}; the fourth "
                                "card completes it (P1)")
        for c in trick_cards:
            bit = 1 << c
            if seen & bit:
                where = next((f"also in seat {i}'s hand" for i, m in enumerate(masks) if m & bit), "there twice")
                raise DuplicateCardError(f"card {c} is in the trick and {where}; each card exists once (D1)")
            seen |= bit
        leader = Seat.parse(self.leader)
        contract = Contract.parse(self.contract)
        ruleset = Ruleset.get(self.ruleset)
        k = len(trick_cards)
        sizes = [popcount(m) for m in masks]
        played = {(leader + i) % 4 for i in range(k)}
        base = sizes[(leader + k) % 4] if k < 4 else 0
        for s in range(4):
            want = base - 1 if s in played else base
            if sizes[s] != want:
                if k == 0:
                    raise HandSizeError(f"at the start of a trick every seat holds the same number of cards, but "
                                        f"the hands hold {sizes[0]}, {sizes[1]}, {sizes[2]}, {sizes[3]} (P1)")
                raise HandSizeError(
                    f"seat {s} holds {sizes[s]} cards but should hold {want}: the {k} seat(s) that already played "
                    f"to this trick (led by seat {int(leader)}) hold one card fewer than the seats still to play, "
                    f"who play in turn (P1)")
        if base > 9:
            raise HandSizeError(f"a player holds at most 9 cards (D3), got {base}")
        tw = self.tricks_won
        if (not isinstance(tw, (list, tuple)) or len(tw) != 2
                or not all(isinstance(t, (int, np.integer)) and not isinstance(t, (bool, enum.Enum)) for t in tw)
                or min(tw) < 0):
            raise HandSizeError(f"tricks_won: two whole numbers >= 0, the tricks each team took so far, got "
                                f"{excerpt(tw)}")
        won = (int(tw[0]), int(tw[1]))
        finished = 9 - base  # the seat to move holds one card for each trick still to complete
        if won[0] + won[1] != finished:
            raise HandSizeError(f"tricks_won {won}: {finished} trick(s) have been played (seat "
                                f"{int((leader + k) % 4)} to move holds {base} card(s) of 9), so the tricks the "
                                f"teams took add up to {finished} (D3); give tricks_won=(team 0's, team 1's) "
                                "(O7: a team without a trick can still lose the match)")
        object.__setattr__(self, "hands", tuple(CardSet.from_mask(m) for m in masks))
        object.__setattr__(self, "trick", trick_cards)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "tricks_won", won)

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is (P1)."""
        return Seat((self.leader + len(self.trick)) % 4)

    @property
    def done(self) -> bool:
        """True when no card is left to play."""
        return not self.trick and not any(self.hands)

    def legal_cards(self) -> CardSet:
        """The cards the side to move may play (P1–P5)."""
        if self.done:
            return CardSet()
        return CardSet.from_mask(legal_mask(self.hands[self.to_move].mask, [int(c) for c in self.trick],
                                            int(self.contract)))

    @property
    def points_left(self) -> int:
        """Card points still to be captured: in the hands and in the current trick (O4–O6)."""
        pts = self.ruleset.card_points(self.contract)
        alive = self.hands[0].mask | self.hands[1].mask | self.hands[2].mask | self.hands[3].mask
        return sum(pts[c] for c in range(36) if alive >> c & 1) + sum(pts[c] for c in self.trick)

    def play(self, card: CardLike) -> Position:
        """The position after the side to move plays ``card`` (checked like :meth:`Round.play`)."""
        c = Card.parse(card)
        seat = self.to_move
        hand = self.hands[seat]
        if c not in hand:
            for s in range(4):
                if c in self.hands[s]:
                    raise OutOfTurnError(f"{c} belongs to seat {s}, but it is seat {int(seat)}'s turn to play (P1)")
            raise CardNotInHandError(f"{c} is not in seat {int(seat)}'s hand ({hand})")
        verdict = check_play(c, hand, list(self.trick), self.contract)
        if not verdict.legal:
            raise IllegalPlayError(verdict)
        hands = list(self.hands)
        hands[seat] = hand.remove(c)
        trick = self.trick + (c,)
        if len(trick) < 4:
            return Position(tuple(hands), trick, self.leader, self.contract, self.ruleset,  # type: ignore[arg-type]  # four hands, as the tuple is built
                            self.tricks_won)
        winner = (self.leader + trick_winner_index([int(x) for x in trick], int(self.contract))) % 4
        won = list(self.tricks_won)
        won[winner % 2] += 1
        return Position(tuple(hands), (), Seat(winner), self.contract, self.ruleset,  # type: ignore[arg-type]  # four hands, as the tuple is built
                        (won[0], won[1]))

    @classmethod
    def from_round(cls, rnd: Round) -> Position:
        """The position of a :class:`~jasslib.round.Round` in its play phase (also in the middle of a trick)."""
        contract = getattr(rnd, "contract", None)
        if contract is None:
            raise PhaseError("the round has no contract yet: a position to solve starts once the contract "
                             "is named (C1)")
        if getattr(rnd, "done", False):
            raise PhaseError("the hand is over: all nine tricks have been played, nothing is left to solve")
        trick = rnd.trick
        leader = trick[0][0] if trick else Seat.parse(rnd.to_move)  # type: ignore[arg-type]  # set in the play phase
        return cls(rnd.hands, tuple(card for _, card in trick), leader, contract, rnd.ruleset, rnd.tricks_won)

    @classmethod
    def deal(cls, hands: Sequence[CardSet | int | Iterable[CardLike]], contract: Contract | int | str,
             forehand: Seat | int = Seat.S0, ruleset: Ruleset = CLASSIC) -> Position:
        """The opening lead of a full deal: four hands of 9 cards, forehand to lead (C2).

        >>> from jasslib import Round, Contract
        >>> p = Position.deal(Round.deal(seed=1).hands, Contract.OBENABE)
        >>> p.to_move, p.tricks_won, len(p.hands[0])
        (Seat.S0, (0, 0), 9)
        """
        if isinstance(hands, np.ndarray):
            hands = [int(h) for h in hands]
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise HandSizeError(f"a deal has four hands, one per seat, in a list or tuple (D1), got {excerpt(hands)}")
        masks = [_as_mask(h, f"seat {i}'s hand") for i, h in enumerate(hands)]
        for i, m in enumerate(masks):
            if popcount(m) != 9:
                raise HandSizeError(f"seat {i}'s hand has {popcount(m)} cards; every player holds 9 (D3)")
        return cls(tuple(CardSet.from_mask(m) for m in masks), (), Seat.parse(forehand),  # type: ignore[arg-type]  # four hands, as the tuple is built
                   Contract.parse(contract), ruleset, (0, 0))


@dataclass(frozen=True)
class Solution:
    """The result of :func:`solve`: the value, the value of every legal card, the best cards, one best line.

    ``value`` and ``card_values`` are each team's points (team 0, team 1) from here to the end of the
    round under perfect play: cards, the last trick's 5 and the match's 100 (O7).
    """

    position: Position
    value: tuple[int, int]
    card_values: Mapping[Card, tuple[int, int]] = field(repr=False)
    best: CardSet
    pv: tuple[Card, ...] = field(repr=False)

    def loss(self, card: CardLike) -> int:
        """What playing ``card`` instead of a best card costs the side to move (0 for a best card).

        Measured on the difference of the two teams' points (what the search optimises): a card that
        hands the other team a 10-point trick the side could have taken costs 20 (10 not won, 10 given).
        Raises the jasslib error of :meth:`Position.play` for a card that cannot be played.
        """
        c = Card.parse(card)
        if c not in self.card_values:
            self.position.play(c)  # raises the specific error: not the player's card, out of turn, illegal
            raise CardNotInHandError(f"{c} cannot be played here")  # pragma: no cover
        team = self.position.to_move % 2
        best = self.value[0] - self.value[1]
        got = self.card_values[c][0] - self.card_values[c][1]
        return best - got if team == 0 else got - best

    def __str__(self) -> str:
        lines = [f"value: team 0 {self.value[0]}, team 1 {self.value[1]} (seat {int(self.position.to_move)} to move)"]
        for c, v in self.card_values.items():
            mark = " best" if c in self.best else f" loses {self.loss(c)}"
            lines.append(f"  {c}: {v[0]} : {v[1]}{mark}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{c}</td><td>{v[0]}</td><td>{v[1]}</td><td>{'best' if c in self.best else self.loss(c)}</td></tr>"
            for c, v in self.card_values.items()
        )
        return ("<table><tr><th>card</th><th>team 0</th><th>team 1</th><th>loss</th></tr>"
                f"{rows}</table>")


class _State:
    """A position as the kernels see it: arrays and numbers."""

    __slots__ = ("hands", "trick", "k", "leader", "flags", "left", "contract", "points", "order")

    def __init__(self, pos: Position) -> None:
        self.hands = np.array([h.mask for h in pos.hands], dtype=np.int64)
        self.trick = np.zeros(4, dtype=np.int64)
        for i, c in enumerate(pos.trick):
            self.trick[i] = int(c)
        self.k = len(pos.trick)
        self.leader = int(pos.leader)
        won = pos.tricks_won
        self.flags = (1 if won[1] == 0 else 0) | (2 if won[0] == 0 else 0)
        self.contract = int(pos.contract)
        self.points = _points_all(pos.ruleset)[self.contract]
        self.order = _ORDERS[self.contract]
        self.left = pos.points_left

    def exact(self, ws: _Workspace, gen: int, filt: int = -1, guess: int = 0) -> int:
        """The exact difference d of this position (its moves restricted to the cards of ``filt``)."""
        ws.tricks[0] = self.trick
        return int(_exact(self.hands, ws.tricks, self.k, self.leader, self.flags, self.left, filt, guess, self.contract,
                          self.points, self.order, ws.tt, ws.pt, gen, ws.st, ws.mv, ws.sc, ws.stats, ws.lt,
                          ws.leaf))

    def probe(self, ws: _Workspace, gen: int, alpha: int, beta: int, filt: int) -> int:
        """One fail-soft alpha-beta search of this position in the window (alpha, beta)."""
        ws.tricks[0] = self.trick
        return int(_search(self.hands, ws.tricks, self.k, self.leader, self.flags, self.left, alpha, beta, filt,
                           self.contract, self.points, self.order, ws.tt, ws.pt, gen, ws.st, ws.mv, ws.sc, ws.stats,
                           ws.lt, ws.leaf))

    def teams(self, d: int) -> tuple[int, int]:
        """Each team's points from the difference ``d`` (see the module docstring)."""
        if self.k == 0 and not self.hands.any():
            return (0, 0)
        total = self.left + LAST_TRICK_BONUS
        if d > total:
            return (d, 0)
        if d < -total:
            return (0, -d)
        return ((total + d) // 2, (total - d) // 2)

    def play(self, card: int) -> int:
        """Play ``card`` for the side to move; return the signed points of a trick it completes."""
        seat = (self.leader + self.k) % 4
        self.hands[seat] &= ~(1 << card)
        self.trick[self.k] = card
        self.k += 1
        if self.k < 4:
            return 0
        cards = [int(c) for c in self.trick]
        winner = (self.leader + trick_winner_index(cards, self.contract)) % 4
        got = sum(int(self.points[c]) for c in cards)
        self.left -= got
        if not self.hands.any():
            got += LAST_TRICK_BONUS
        self.flags &= 1 if winner % 2 == 0 else 2
        self.leader = winner
        self.k = 0
        return got if winner % 2 == 0 else -got

    def legal(self) -> int:
        seat = (self.leader + self.k) % 4
        return legal_mask(int(self.hands[seat]), [int(c) for c in self.trick[: self.k]], self.contract)

    def classes(self, legal: int) -> dict[int, int]:
        """Each legal card's representative among its equivalent cards (see :func:`_moves`)."""
        alive = int(np.bitwise_or.reduce(self.hands))
        for i in range(self.k):
            alive |= 1 << int(self.trick[i])
        out = np.zeros(9, dtype=np.int64)
        n = int(_moves(legal, alive, self.points, self.order, out))
        reps = [int(c) for c in out[:n]]
        rep_of: dict[int, int] = {}
        for c in range(36):
            if legal >> c & 1:
                # the representative is the strongest card of its run: walk up through equivalent cards
                rep_of[c] = next(r for r in reps if r == c or _same_run(c, r, legal, alive, self.order, self.points))
        return rep_of


def _same_run(c: int, r: int, legal: int, alive: int, order: np.ndarray, points: np.ndarray) -> bool:
    """True when legal cards ``c`` and ``r`` of one suit are equivalent (a run of equal-point held cards)."""
    if c // 9 != r // 9 or points[c] != points[r]:
        return False
    suit = order[9 * (c // 9): 9 * (c // 9) + 9].tolist()
    i, j = sorted((suit.index(c), suit.index(r)))
    for x in suit[i: j + 1]:
        bit = 1 << x
        if legal & bit:
            if points[x] != points[c]:
                return False
        elif alive & bit:
            return False
    return True


def _position(position: Position | Round) -> Position:
    if isinstance(position, Position):
        return position
    if hasattr(position, "hands") and hasattr(position, "tricks_won"):
        return Position.from_round(position)
    raise PhaseError(f"expected a Position or a Round in its play phase, got {excerpt(position)}")


def value(position: Position | Round) -> tuple[int, int]:
    """Each team's points from here to the end of the round under perfect play (the fastest path).

    >>> from jasslib import Round, Contract
    >>> r = Round.deal(seed=3)
    >>> r.choose(Contract.OBENABE)
    >>> for _ in range(24):             # six tricks, each player plays their lowest legal card
    ...     r.play(min(r.legal_cards()))
    >>> value(r), r.card_points         # from here on; already captured
    ((35, 25), (53, 44))
    """
    pos = _position(position)
    st = _State(pos)
    ws = _workspace()
    return st.teams(st.exact(ws, ws.generations(1)))


def solve(position: Position | Round) -> Solution:
    """The value of the position, of each legal card of the side to move, the best cards and a best line.

    >>> from jasslib import Round, Contract
    >>> r = Round.deal(seed=3)
    >>> r.choose(Contract.HEARTS)
    >>> for _ in range(25):             # six tricks and one card of the seventh
    ...     r.play(min(r.legal_cards()))
    >>> s = solve(r)
    >>> s.best <= r.legal_cards() and s.value == s.card_values[s.pv[0]]
    True
    >>> s.value, len(s.pv), {str(c): s.loss(c) for c in r.legal_cards()}
    ((25, 27), 11, {'7♦': 0, '8♦': 0, 'A♦': 54})
    """
    pos = _position(position)
    st = _State(pos)
    ws = _workspace()
    gen = ws.generations(1)
    if pos.done:
        return Solution(pos, (0, 0), types.MappingProxyType({}), CardSet(), ())
    legal = st.legal()
    rep_of = st.classes(legal)
    diffs: dict[int, int] = {}
    guess = 0
    for rep in sorted(set(rep_of.values())):  # each card's value; the previous one is the first guess
        diffs[rep] = guess = st.exact(ws, gen, 1 << rep, guess)
    team0 = (st.leader + st.k) % 2 == 0
    best_d = max(diffs.values()) if team0 else min(diffs.values())
    card_values = {Card(c): st.teams(diffs[rep_of[c]]) for c in sorted(rep_of)}
    best = CardSet(c for c in rep_of if diffs[rep_of[c]] == best_d)
    result = st.teams(best_d)
    pv = _principal_variation(st, ws, gen, best_d, min(best))
    return Solution(pos, result, types.MappingProxyType(card_values), best, pv)


@dataclass(frozen=True)
class Judgement:
    """One card of a line of play judged with all cards open (:func:`judge`).

    ``value`` is each team's points (team 0, team 1) from ``position`` to the end of the round if ``card`` is
    played and both teams play perfectly afterwards; ``best_value`` the same with a best card (the position's
    value); ``best`` the best cards.  As in :class:`Solution`, the points are cards, the last trick's 5 and the
    match's 100 (O7).
    """

    position: Position
    card: Card
    value: tuple[int, int]
    best_value: tuple[int, int]
    best: CardSet

    @property
    def loss(self) -> int:
        """What ``card`` cost the side to move against a best card, on the difference of the teams' points
        (as :meth:`Solution.loss`; 0 for a best card)."""
        d_best = self.best_value[0] - self.best_value[1]
        d_card = self.value[0] - self.value[1]
        return d_best - d_card if self.position.to_move % 2 == 0 else d_card - d_best


def judge(position: Position | Round, cards: Iterable[CardLike]) -> tuple[Judgement, ...]:
    """Each card of a line played from ``position`` judged with all cards open: its value, the position's
    value and the best cards, as :func:`solve` of the position before each card gives them.

    Quicker than :func:`solve` before every card, and what a review needs: the value of each position is the
    value after the card before it (no search); whether another card is a best card is one null-window
    probe at that value; only a card that is not a best card is solved exactly; and every search of the line
    shares one transposition table (all its positions come from one deal, so the table's entries stay true).
    Cards are checked first (as :meth:`Position.play` checks them), so a card that cannot be played raises its
    jasslib error before anything is solved.

    >>> from jasslib import Round, Contract
    >>> r = Round.deal(seed=3)
    >>> r.choose(Contract.HEARTS)
    >>> for _ in range(25):
    ...     r.play(min(r.legal_cards()))
    >>> first = judge(r, ["A♦"])[0]          # 7♦ and 8♦ are best (see solve); A♦ hands team 0 all 52
    >>> first.value, first.best_value, str(first.best), first.loss
    ((52, 0), (25, 27), '7♦ 8♦', 54)
    """
    return _judge(position, cards)


def _judge(position: Position | Round, cards: Iterable[CardLike], shared: _Shared | None = None
           ) -> tuple[Judgement, ...]:
    """:func:`judge`, its searches in ``shared``'s generation if given (see :class:`_Shared`)."""
    pos = _position(position)
    if isinstance(cards, (str, Card)) or not isinstance(cards, Iterable):
        raise CardParseError(f"cards: the cards of the line in playing order, in a list, got {excerpt(cards)}")
    line = [Card.parse(c) for c in itertools.islice(cards, 37)]
    if len(line) > 36:
        raise CardParseError(f"cards: at most the 36 cards of a round, got more: {excerpt(line)}")
    positions = [pos]
    for c in line:  # every card checked before any search
        positions.append(positions[-1].play(c))
    st = _State(pos)
    ws = _workspace()
    gen = ws.generations(1) if shared is None else shared.generation(ws, pos)
    out: list[Judgement] = []
    d_here: int | None = None  # the exact difference d of the position before the next card
    for before, c in zip(positions, line):
        card = int(c)
        legal = st.legal()
        rep_of = st.classes(legal)
        team0 = (st.leader + st.k) % 2 == 0
        if d_here is None:
            d_here = st.exact(ws, gen, -1, 0)
        v = d_here
        reps = sorted(set(rep_of.values()))
        if len(reps) == 1:
            best_reps = reps
        elif team0:  # a card is a best card when it reaches the value: one null-window probe each
            best_reps = [r for r in reps if st.probe(ws, gen, v - 1, v, 1 << r) >= v]
        else:
            best_reps = [r for r in reps if st.probe(ws, gen, v, v + 1, 1 << r) <= v]
        d_card = v if rep_of[card] in best_reps else st.exact(ws, gen, 1 << rep_of[card], v)
        best = CardSet(x for x in rep_of if rep_of[x] in best_reps)
        out.append(Judgement(before, c, st.teams(d_card), st.teams(v), best))
        d_here = d_card - st.play(card)
    return tuple(out)


def _value_in(position: Position, shared: _Shared) -> int:
    """The exact difference d of ``position`` (team 0 - team 1), searched in ``shared``'s generation: a head
    start for the judgements that follow in it (:class:`jasslib.analysis.LiveReview`, at the opening lead)."""
    st = _State(position)
    ws = _workspace()
    return st.exact(ws, shared.generation(ws, position))


def _best_line(position: Position, card: Card | None = None, shared: _Shared | None = None) -> tuple[Card, ...]:
    """A best line from ``position`` to the end of the round: :func:`solve`'s ``pv`` (the lowest best card, then
    perfect play), or one that starts with ``card`` when that is a best card; the searches in ``shared``'s
    generation if given (see :class:`_Shared`).  Cheaper than :func:`solve`: the position's value and one probe per
    card tried, no other card's exact value."""
    if position.done:
        return ()
    st = _State(position)
    ws = _workspace()
    gen = ws.generations(1) if shared is None else shared.generation(ws, position)
    d = st.exact(ws, gen)
    team0 = (st.leader + st.k) % 2 == 0
    rep_of = st.classes(st.legal())
    keeps: dict[int, bool] = {}  # per class of equivalent cards: does it keep the value?
    for c in ([int(card)] if card is not None and int(card) in rep_of else []) + sorted(rep_of):
        r = rep_of[c]
        if r not in keeps:
            keeps[r] = (st.probe(ws, gen, d - 1, d, 1 << r) >= d if team0 else st.probe(ws, gen, d, d + 1, 1 << r) <= d)
        if keeps[r]:
            return _principal_variation(st, ws, gen, d, c)
    raise AssertionError("no card keeps the value: the search is inconsistent")


def _principal_variation(st: _State, ws: _Workspace, gen: int, d: int, first: int) -> tuple[Card, ...]:
    """One optimal line to the end of the round, starting with ``first`` (a best card worth ``d``)."""
    line = [Card(first)]
    d -= st.play(first)
    while st.k or st.hands.any():
        team0 = (st.leader + st.k) % 2 == 0
        legal = st.legal()
        out = np.zeros(9, dtype=np.int64)
        alive = int(np.bitwise_or.reduce(st.hands))
        for i in range(st.k):
            alive |= 1 << int(st.trick[i])
        n = int(_moves(legal, alive, st.points, st.order, out))
        chosen = -1
        for c in sorted(int(x) for x in out[:n]):
            if team0:
                ok = st.probe(ws, gen, d - 1, d, 1 << c) >= d
            else:
                ok = st.probe(ws, gen, d, d + 1, 1 << c) <= d
            if ok:
                chosen = c
                break
        assert chosen >= 0, "no move keeps the value: the search is inconsistent"
        line.append(Card(chosen))
        d -= st.play(chosen)
    return tuple(line)


def dd_points(hands: Sequence[CardSet | int | Iterable[CardLike]], contract: Contract | int | str,
              forehand: Seat | int = 0, ruleset: Ruleset = CLASSIC) -> tuple[int, int]:
    """Each team's points of a full deal under perfect play from the opening lead (forehand leads, C2).

    >>> from jasslib import Round, Contract
    >>> dd_points(Round.deal(seed=2).hands, Contract.OBENABE)
    (101, 56)
    """
    return value(Position.deal(hands, contract, forehand, ruleset))


def dd_batch(hands: np.ndarray, forehand: int = 0, ruleset: Ruleset = CLASSIC,
             contracts: Iterable[int] = range(6)) -> np.ndarray:
    """Team 0's DD points of many full deals under each contract: an ``(n, 6)`` int64 array.

    ``hands`` is an ``(n, 4)`` array of the four hand masks of each deal (e.g. from
    :func:`jasslib.fast.deal_batch`).  Column ``c`` is contract ``c``; team 1 has the total minus
    that (157, or 257 after a match: 257 for team 0 is its match; 0 is almost always team 1's match,
    except in the rare deal where team 0's best is tricks without points — :func:`dd_points` tells
    both teams).  Columns of contracts not asked for hold -1.  Deterministic: the same deals give the
    same table, whatever the chunking and the thread.

    >>> from jasslib import Round
    >>> deal = np.array([[h.mask for h in Round.deal(seed=2).hands]])
    >>> dd_batch(deal, contracts=[2, 4]).tolist()      # ♥ trump: team 1 takes every trick (257)
    [[-1, -1, 0, -1, 101, -1]]
    """
    try:
        arr = np.ascontiguousarray(hands, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise HandSizeError(f"hands: an (n, 4) array of hand masks, one row per deal (D1), got {excerpt(hands)}"
                            ) from None
    if arr.ndim != 2 or arr.shape[1] != 4:
        raise HandSizeError(f"hands: an (n, 4) array of hand masks, one row per deal (D1), got shape {arr.shape}")
    _check_deals(arr)
    if isinstance(contracts, (str, int, Contract)) or not isinstance(contracts, Iterable):
        raise CardParseError(f"contracts: contract numbers 0..5 or names, in a list, got {excerpt(contracts)}")
    asked = list(itertools.islice(contracts, 13))
    if len(asked) > 12:
        raise CardParseError(f"contracts: at most the six contracts, got more than 12: {excerpt(asked)}")
    con = np.array(sorted({int(Contract.parse(c)) for c in asked}), dtype=np.int64)
    fh = int(Seat.parse(forehand))
    out = np.full((arr.shape[0], 6), -1, dtype=np.int64)
    if arr.shape[0] == 0 or con.size == 0:
        return out
    ws = _workspace()
    gen = ws.generations(arr.shape[0] * con.size)
    _dd_batch_kernel(arr, fh, con, _points_all(Ruleset.get(ruleset)), _ORDERS, ws.tt, ws.pt, gen, ws.tricks, ws.st,
                     ws.mv, ws.sc, ws.stats, out, ws.lt, ws.leaf)
    return out


def _check_deals(arr: np.ndarray) -> None:
    """Each row: four disjoint hands of 9 cards covering the deck (D1, D3)."""
    union = arr[:, 0] | arr[:, 1] | arr[:, 2] | arr[:, 3]
    counts = np.zeros(arr.shape, dtype=np.int64)
    x = arr.copy()
    for _ in range(36):
        counts += x & 1
        x >>= 1
    bad = np.flatnonzero((union != FULL_MASK) | (counts != 9).any(axis=1) | (arr < 0).any(axis=1))
    if bad.size:
        row = int(bad[0])
        sizes = counts[row].tolist()
        if sizes != [9, 9, 9, 9]:
            raise HandSizeError(f"deal {row}: the hands hold {sizes} cards; every player holds 9 (D3)")
        raise DuplicateCardError(f"deal {row}: the four hands do not hold each of the 36 cards once (D1)")
