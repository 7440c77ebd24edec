"""The double-dummy solver as it was before issue 19 (a frozen copy): the reference the new solver is checked against.

It is ``jasslib/solver.py`` of commit b2c03b4 (exact: zero disagreements against plain minimax,
plain alpha-beta and one-step consistency), its kernels unchanged, without :class:`Position`
(it takes ``jasslib.solver.Position``), ``dd_points`` and ``dd_batch``.  ``value(position)`` and
``solve(position)`` work as they did; :func:`nodes` tells the nodes of the last call.  Imported by
``tests/test_solver.py`` and the benchmarks (``benchmarks/solver_exactness.py``, ``bench_solver.py``),
never by the package.
"""

from __future__ import annotations

import hashlib
import os
import threading
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import numpy as np

from jasslib import play as _play
from jasslib import solver as _solver
from jasslib._numba import HAVE_NUMBA, kernel_sources, prefetch
from jasslib.bits import lsb_index, popcount
from jasslib.cards import Card, CardSet
from jasslib.contracts import Contract
from jasslib.play import LAST_TRICK_BONUS, above_table, legal_mask, strength_table, trick_value, trick_winner_index
from jasslib.rulesets import Ruleset
from jasslib.scoring import MATCH_BONUS
from jasslib.solver import Position, Solution

if TYPE_CHECKING:  # pragma: no cover
    from jasslib.round import Round

__all__ = ["solve", "value", "nodes", "reset_nodes"]

TT_ENTRIES = 1 << 22  # the table of the reference: 64 MiB, as it was
_GEN_LIMIT = 1 << 22  # generation numbers live in bits 40..61 of a key
_INF = 10_000
_ABORT = -(1 << 40)

F = TypeVar("F", bound=Callable[..., Any])


def _cache_dir() -> str:
    """A numba cache folder for this file's kernels, keyed on this file and the jasslib sources the kernels use."""
    digest = hashlib.blake2b(digest_size=8)
    digest.update(Path(__file__).read_bytes())
    root = Path(_solver.__file__).resolve().parent
    for name in kernel_sources(_play.__file__):
        digest.update((root / name).read_bytes())
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "jasslib"
    )
    return os.path.join(base, f"numba-solver-reference-{digest.hexdigest()}")


def _jit(inline: bool) -> Callable[[F], F]:
    """numba.njit with a cache (compiling these kernels takes half a minute), or the function itself without numba."""
    def wrap(func: F) -> F:
        if not HAVE_NUMBA:
            return func
        import numba

        config = vars(numba.config)
        saved = config["CACHE_DIR"]
        config["CACHE_DIR"] = _cache_dir()
        try:
            options: dict[str, Any] = {"nogil": True, "cache": True}
            if inline:
                options["inline"] = "always"
            return cast(F, numba.njit(**options)(func))
        finally:
            config["CACHE_DIR"] = saved
    return wrap


jit = _jit(False)
jit_inline = _jit(True)


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
        if (legal >> (9 * s)) & 0x1FF == 0:
            continue
        m = 0
        mixed = False  # the run holds cards of different points
        for i in range(10):
            c = order[9 * s + i] if i < 9 else -1
            if c >= 0 and legal & (one << c) and c != puur:
                if m > 0 and points[c] != points[sc[d, m - 1]]:
                    mixed = True
                sc[d, m] = c
                m += 1
                continue
            if c >= 0 and not alive & (one << c):
                continue  # a card out of play does not part a run
            if m > 0:
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
            if c == puur and legal & (one << c):
                mv[d, n] = c
                n += 1
    return n


@jit
def _tt_key(alive: int, leader: int, flags: int, gen: int) -> int:
    """The table's key of a trick boundary: the cards still held, the leader, the match flags and the search's
    generation (the bucket depends on the first three only)."""
    return alive | (leader << 36) | (flags << 38) | (gen << 40)


@jit
def _tt_index(key: int, mask: int) -> int:
    """The first slot of the two-slot bucket of ``key`` (a multiplicative hash of its low 40 bits)."""
    h = ((key & 0xFFFFFFFFFF) * 0x9E3779B1) & 0x3FFFFFFFFFFFFFFF
    return ((h >> 30) & mask) & ~1


@jit
def _tt_data(lo: int, hi: int, move: int) -> int:
    """One table entry's data word: the lower and upper bound and the best move."""
    return (lo + 0x8000) | ((hi + 0x8000) << 16) | ((move + 1) << 32)


# Columns of the per-ply stack of :func:`_search` (one row per card played below the root).
(_K, _LEADER, _FLAGS, _LEFT, _ALPHA, _BETA, _A0, _B0, _BEST, _BM, _N, _I, _GOT, _SLOT, _KEY, _SEAT, _TN,
 _LAZY) = range(18)
_NCOL = 18
_PLIES = 40
_FIRST = 1 << 40  # ordering score of the table's best move
_NODES, _BUDGET, _PROBES = 0, 1, 2  # counters in ``stats``


@jit_inline
def _ordered_moves(hands: np.ndarray, tricks: np.ndarray, tn: int, k: int, leader: int, alive: int, filt: int,
                   tt_best: int, contract: int, points: np.ndarray, order: np.ndarray, mv: np.ndarray, sc: np.ndarray,
                   d: int) -> int:
    """The legal moves of the side to move (one per class of equivalent cards), best first, into ``mv[d]``.

    Ordering: the table's best move; for a lead, a master trump while the opponents hold trumps, a master
    card (strongest of its suit still out) with its points unless an opponent can trump it (P3), a low card
    to the partner's master, else the cheapest card; for a follower, cards that make the side win the trick
    (the player's own card first, giving points to the partner next), trumping in only when the trick is
    worth it, then the cheapest cards.
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


@jit
def _search(hands: np.ndarray, tricks: np.ndarray, k0: int, leader0: int, flags0: int, left0: int, alpha0: int,
            beta0: int, filt: int, contract: int, points: np.ndarray, order: np.ndarray, tt: np.ndarray, gen: int,
            st: np.ndarray, mv: np.ndarray, sc: np.ndarray, stats: np.ndarray) -> int:
    """Fail-soft alpha-beta: the difference team 0 - team 1 of the points of the rest of the round.

    The root has ``k0`` cards of the current trick in ``tricks[0]`` (led by ``leader0``); ``left0`` is
    the card points still in the hands and that trick; ``flags0`` bit 0 (bit 1): team 0 (team 1) may
    still make a match.  ``filt`` restricts the root's moves (to value one card).  The search is
    iterative (numba cannot cache recursive functions): ``st`` holds one row of state per ply, ``mv``
    and ``sc`` the ordered moves and their scores; ``tricks[t]`` is the t-th trick below the root.
    ``hands`` is changed during the search and restored before it returns.  Returns ``_ABORT`` when
    ``stats[_BUDGET]`` nodes (if positive) are exceeded.
    """
    one = np.int64(1)
    tmask = tt.shape[0] - 1
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
            if phase == 1:
                if tt_best >= 0:
                    # the table's best move is tried first; the other moves are generated only if it does not
                    # cut off (most often it does), in the order they would have had anyway
                    mv[d, 0] = tt_best
                    n = 1
                    st[d, _LAZY] = 1
                else:
                    n = _ordered_moves(hands, tricks, tn, k, leader, alive, filt if d == 0 else -1, tt_best,
                                       contract, points, order, mv, sc, d)
                    st[d, _LAZY] = 0
                if k == 3 and popcount(alive) > 8:
                    # each card ends the trick: ask for the table's buckets of the positions that follow now,
                    # so that they are in the cache by the time the search gets there
                    after = hands[0] | hands[1] | hands[2] | hands[3]
                    for j in range(n):
                        c = mv[d, j]
                        tricks[tn, 3] = c
                        w, _, nf, _ = _close_trick(tricks, tn, leader, flags, False, contract, points)
                        prefetch(tt, _tt_index(_tt_key(after & ~(one << c), w, nf, gen), tmask))
                seat = (leader + k) & 3
                st[d, _ALPHA] = alpha
                st[d, _BETA] = beta
                st[d, _SEAT] = seat
                st[d, _N] = n
                st[d, _I] = 0
                st[d, _BEST] = -_INF if seat & 1 == 0 else _INF
                st[d, _BM] = -1
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
                if slot >= 0 and tt[slot, 0] == key:  # merge with the bounds found on entry
                    data = tt[slot, 1]
                    lo = max(lo, (data & 0xFFFF) - 0x8000)
                    hi = min(hi, ((data >> 16) & 0xFFFF) - 0x8000)
                    if not improved:
                        move = ((data >> 32) & 0xFF) - 1
                else:
                    # two-tier replacement: slot 0 keeps the bigger subtree (or a fresher entry), slot 1 the rest
                    i0 = _tt_index(key, tmask)
                    old = tt[i0, 0]
                    if (old >> 40) != gen or popcount(old & 0xFFFFFFFFF) <= popcount(key & 0xFFFFFFFFF):
                        if (old >> 40) == gen:
                            tt[i0 + 1, 0] = old
                            tt[i0 + 1, 1] = tt[i0, 1]
                        slot = i0
                    else:
                        slot = i0 + 1
                    tt[slot, 0] = key
                tt[slot, 1] = _tt_data(lo, hi, move)
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
           contract: int, points: np.ndarray, order: np.ndarray, tt: np.ndarray, gen: int, st: np.ndarray,
           mv: np.ndarray, sc: np.ndarray, stats: np.ndarray) -> int:
    """The exact value of a node (its moves restricted to ``filt``) by null-window probes of :func:`_search`.

    Every value has the parity of the points left + 5, so each probe asks "at least beta?" for a beta of
    that parity.  The first probe is at ``guess`` (an even split when it is out of range), the next ones
    bisect the interval left by the fail-soft answers so far.
    """
    if k == 0 and (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
        return MATCH_BONUS if flags & 1 else (-MATCH_BONUS if flags & 2 else 0)
    total = left + LAST_TRICK_BONUS
    lower = -total - (MATCH_BONUS if flags & 2 else 0)
    upper = total + (MATCH_BONUS if flags & 1 else 0)
    parity = total & 1
    g = guess if lower <= guess <= upper else parity
    while lower < upper:
        beta = g
        if beta <= lower:
            beta = lower + 1
        if beta > upper:
            beta = upper
        if (beta - parity) & 1:
            beta += 1
        g = _search(hands, tricks, k, leader, flags, left, beta - 1, beta, filt, contract, points, order, tt, gen, st,
                    mv, sc, stats)
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
        else:
            g += (g - parity) & 1
            if g > lower:
                lower = g
        g = (lower + upper) // 2
    return lower


@jit
def _dd_batch_kernel(hands: np.ndarray, forehand: int, contracts: np.ndarray, points_all: np.ndarray,
                     order_all: np.ndarray, tt: np.ndarray, gen: int, tricks: np.ndarray, st: np.ndarray,
                     mv: np.ndarray, sc: np.ndarray, stats: np.ndarray, out: np.ndarray) -> int:
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
            d = _exact(h, tricks, 0, forehand, 3, left, -1, 0, contract, points, order_all[contract], tt, gen, st, mv,
                       sc, stats)
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
        self.tt = np.full((TT_ENTRIES, 2), -1, dtype=np.int64)
        self.tricks = np.zeros((10, 4), dtype=np.int64)
        self.st = np.zeros((_PLIES, _NCOL), dtype=np.int64)
        self.mv = np.zeros((_PLIES, 9), dtype=np.int64)
        self.sc = np.zeros((_PLIES, 9), dtype=np.int64)
        self.stats = np.zeros(4, dtype=np.int64)
        self.gen = 0

    @property
    def nbytes(self) -> int:
        return int(self.tt.nbytes)

    def generations(self, count: int) -> int:
        """Reserve ``count`` fresh generation numbers; return the first (clears the table on wrap-around)."""
        if self.gen + count >= _GEN_LIMIT:
            self.tt.fill(-1)
            self.gen = 0
        first = self.gen + 1
        self.gen += count
        return first


_LOCAL = threading.local()


def _workspace() -> _Workspace:
    ws = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = _Workspace()
        _LOCAL.ws = ws
    return ws


# ----------------------------------------------------------------------------------------------- values
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
                          self.points, self.order, ws.tt, gen, ws.st, ws.mv, ws.sc, ws.stats))

    def probe(self, ws: _Workspace, gen: int, alpha: int, beta: int, filt: int) -> int:
        """One fail-soft alpha-beta search of this position in the window (alpha, beta)."""
        ws.tricks[0] = self.trick
        return int(_search(self.hands, ws.tricks, self.k, self.leader, self.flags, self.left, alpha, beta, filt,
                           self.contract, self.points, self.order, ws.tt, gen, ws.st, ws.mv, ws.sc, ws.stats))

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
    raise TypeError(f"expected a Position or a Round in its play phase, got {type(position).__name__}")


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


def nodes() -> int:
    """The nodes searched since the counter was last reset (by :func:`reset_nodes`)."""
    return int(_workspace().stats[_NODES])


def reset_nodes() -> None:
    """Set the node counter to zero."""
    _workspace().stats[_NODES] = 0
