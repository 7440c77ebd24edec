"""The rule-based player's heuristics: small named functions on raw ints, plain Python or numba.

Everything here works on card numbers and 36-bit masks (see :mod:`jasslib.cards`):
card = ``suit * 9 + rank`` with suits ♣ ♠ ♥ ♦ = 0..3 and ranks 6 7 8 9 10 J Q K A = 0..8,
and a mask has bit ``c`` set for card ``c``.  Contracts are numbered 0..3 (that suit is trump),
4 (Obenabe) and 5 (Undenufe).

Every function is written in the subset of Python that numba compiles and is decorated with
:func:`jasslib._numba.jit`, so the same source runs compiled when numba is installed and as plain
Python otherwise (or with ``JASSLIB_NO_NUMBA=1``); both give identical answers.  The two entry
points are :func:`choose_contract` and :func:`choose_card`.

Reading guide (the order a club player thinks in):

* Contract: :func:`contract_values` estimates, for each contract, the expected card-point
  difference (own team minus opponents) times the multiplier; :func:`choose_contract` takes the
  best, or says schieben (-1) when even the best is below a threshold.
* Leading: :func:`lead_trump` (pull trumps with the master trump), then :func:`lead_master`
  (cash an established top card), else :func:`lead_low` (a low card of the longest side suit).
* Following: :func:`partner_is_safe` then :func:`smear` (give points to the partner's trick),
  else :func:`win_cheaply` (the weakest card that takes the trick, when it is worth it),
  else :func:`discard` (throw the least useful card).

Pass plain ints (``int(Contract.HEARTS)``, ``int(Card.CA)``): compiled code cannot index tables with
enum members.  In compiled code ``trick`` must be a numpy int64 array (numba cannot index an empty
tuple); plain Python takes any sequence.  A few positions (card numbers via :class:`jasslib.Card`,
masks via :class:`jasslib.CardSet`):

>>> import numpy as np
>>> from jasslib import Card, CardSet, Contract, CLASSIC
>>> def m(text): return CardSet.parse(text).mask
>>> def cards(text): return np.array([int(Card.parse(t)) for t in text.split()], dtype=np.int64)
>>> hearts = int(Contract.HEARTS)
>>> pts = CLASSIC.card_points(hearts)
>>> hand = m("J♥ 7♥ A♠ 6♣ 7♣ 8♦")                   # hearts trump, I lead, Puur in hand
>>> Card(choose_card(hand, hand, cards(""), hearts, 0, pts))
Card.HJ
>>> hand = m("10♠ 6♠ 6♦")                             # partner's A♣ wins, I am last: smear the 10
>>> trick = cards("6♣ A♣ 7♣")
>>> Card(choose_card(hand, hand, trick, hearts, m("6♣ A♣ 7♣"), pts))
Card.S10
>>> threshold = default_threshold(CLASSIC.multipliers)
>>> threshold
97.5
>>> choose_contract(m("6♣ 7♣ 6♠ 7♠ 6♥ 8♥ 6♦ 7♦ 8♦"), False, CLASSIC.multipliers, threshold)   # Undenufe
5
>>> choose_contract(m("7♣ 9♣ 7♠ 9♠ Q♠ 7♥ 9♥ 10♦ Q♦"), False, CLASSIC.multipliers, threshold)   # schieben
-1
>>> choose_contract(m("7♣ 9♣ 7♠ 9♠ Q♠ 7♥ 9♥ 10♦ Q♦"), True, CLASSIC.multipliers, threshold)  # pushed: ♠
1
"""

from __future__ import annotations

from collections.abc import Sequence

from .._numba import jit
from ..bits import IntSequence, lsb_index, popcount
from ..cards import FULL_MASK
from ..play import above_table, strength_table, trick_winner_index

__all__ = [
    "SCHIEBEN",
    "NO_CARD",
    "THRESHOLD_PER_MULTIPLIER",
    "default_threshold",
    "contract_values",
    "choose_contract",
    "choose_card",
    "lead_trump",
    "lead_master",
    "lead_low",
    "partner_is_safe",
    "smear",
    "win_cheaply",
    "discard",
    "is_master",
    "ruff_risk",
    "beats",
    "is_sure_winner",
]

SCHIEBEN = -1
""":func:`choose_contract`'s answer for schieben (C1)."""
NO_CARD = -1
"""What a heuristic returns when it does not apply (the next heuristic is asked)."""

# Rank numbers inside a suit.
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = 0, 1, 2, 3, 4, 5, 6, 7, 8

# ----------------------------------------------------------------------------- tuning constants
WORTH_TAKING = 10
"""Points already in a trick that justify spending a trump (or overtaking the partner) to take it."""
RUFF_SAFE = 2
"""A side suit is assumed safe from being trumped while at least this many of its cards are unknown
(held by the other three players); with fewer, someone is probably void in it and may trump."""
DISCARD_POINT_COST = 1
"""Discard cost per card point (do not give points away)."""
DISCARD_MASTER_COST = 30
"""Discard cost of an established top card (it would win a trick later)."""
DISCARD_LAST_MASTER_COST = 15
"""Extra cost of the only established top card left: keep a winner for the end (the last trick's 5)."""
DISCARD_TRUMP_COST = 40
"""Discard cost of a trump: trumps take the opponents' points later."""
DISCARD_SUIT_LENGTH_COST = 1
"""Discard cost per card held in the same suit: discard from short suits, keep long ones."""

THRESHOLD_PER_MULTIPLIER = 45.0
"""Schieben threshold per unit of the average multiplier (see :func:`default_threshold`)."""

# Contract estimate weights: the expected card-point difference (own team − opponents, last trick and
# match included, before the multiplier) is an intercept plus one weight per feature of the hand.  They
# were fitted by least squares to 20,000 classic deals, each played in all six contracts by four
# rule-based players with the chooser as forehand, and rounded.  Most of the outcome depends on the
# partner's unseen cards: the features explain about 28% of the variance with trump, 17% in Obenabe
# and 15% in Undenufe, but the estimates are about right on average.
TRUMP_WEIGHTS = (-83.0, 43.0, 30.0, 16.0, 21.0, 8.0, 7.0, 6.0, 1.0, 4.0)
"""Trump contract: intercept, Puur, Näll, trump A, per trump, per side A, per side K with its A,
per side K without its A (with a guard), per side 10 with its A, per void side suit."""
OBENABE_WEIGHTS = (-53.0, 11.0, 16.0, 14.0, 6.0, 14.0)
"""Obenabe: intercept, per top-run card (A, A K, A K Q, ... of a suit), per A, per guarded K,
per guarded Q, per card of a suit beyond 3 when the suit has its A."""
UNDENUFE_WEIGHTS = (-58.0, 17.0, 5.0, 18.0, 12.0, 17.0)
"""Undenufe: the same features as Obenabe with the order reversed (6 is the top card); fitted with the
classic card values (O6), which the default preset uses."""
STOECK_VALUE = 20.0
"""Stöck (trump K and Q in one hand, S1) adds 20 sure points to a trump contract."""


# ----------------------------------------------------------------------------- basic helpers
@jit
def is_trump(card: int, contract: int) -> bool:
    """True when ``card`` is a trump under ``contract`` (only contracts 0..3 have trumps)."""
    return contract < 4 and card // 9 == contract


@jit
def trump_mask(contract: int) -> int:
    """The mask of the trump suit, or 0 for Obenabe and Undenufe."""
    if contract < 4:
        return (0x1FF << (9 * (contract)))
    return 0


@jit
def strength(card: int, contract: int) -> int:
    """The strength of ``card`` within its suit under ``contract``: 0 weakest .. 8 strongest."""
    return strength_table(contract)[card]


@jit
def stronger_cards(card: int, contract: int, mask: int) -> int:
    """The cards of ``mask`` in ``card``'s suit that are stronger than ``card``."""
    return mask & above_table(contract)[card]


@jit
def is_master(card: int, contract: int, unknown: int) -> bool:
    """True when ``card`` is established: no unknown card of its suit is stronger."""
    return stronger_cards(card, contract, unknown) == 0


@jit
def ruff_risk(suit: int, contract: int, unknown: int) -> bool:
    """True when a card of side suit ``suit`` may be trumped by another player.

    Only in a trump contract, only for a non-trump suit, only while unknown trumps remain, and only
    when fewer than :data:`RUFF_SAFE` cards of the suit are unknown (someone is probably void).
    """
    if contract >= 4 or suit == contract:
        return False
    if unknown & (0x1FF << (9 * (contract))) == 0:
        return False
    return popcount(unknown & (0x1FF << (9 * (suit)))) < RUFF_SAFE


_winner = jit(trick_winner_index)


@jit
def beats(card: int, best: int, contract: int) -> bool:
    """True when ``card`` played now takes the trick from ``best``, the card currently winning it.

    The winning card is of the led suit or a trump, so the pair (best, card) is judged like a
    trick led by ``best`` (rules P2, P6 via :func:`jasslib.play.trick_winner_index`).
    """
    return _winner((best, card), contract) == 1


@jit
def is_sure_winner(card: int, contract: int, unknown: int) -> bool:
    """True when ``card``, winning the trick now, cannot be beaten by any unknown card.

    A trump: no unknown trump is stronger.  A side card: no unknown card of its suit is stronger and
    the suit is not at risk of being trumped (:func:`ruff_risk`).
    """
    if is_trump(card, contract):
        return is_master(card, contract, unknown)
    return is_master(card, contract, unknown) and not ruff_risk(card // 9, contract, unknown)


@jit
def trick_value(trick: IntSequence, points: IntSequence) -> int:
    """The card points already in ``trick``."""
    total = 0
    for i in range(len(trick)):
        total += int(points[int(trick[i])])
    return total


@jit
def weakest(mask: int, contract: int) -> int:
    """The weakest card of ``mask``: side cards before trumps, then lowest strength, then lowest number."""
    best = NO_CARD
    best_key = 1000
    m = mask
    while m:
        c = lsb_index(m)
        m &= m - 1
        key = strength(c, contract) + (100 if is_trump(c, contract) else 0)
        if key < best_key:
            best, best_key = c, key
    return best


@jit
def strongest_trump(mask: int, contract: int) -> int:
    """The strongest trump in ``mask``, or :data:`NO_CARD`."""
    best = NO_CARD
    best_s = -1
    m = mask & trump_mask(contract)
    while m:
        c = lsb_index(m)
        m &= m - 1
        if strength(c, contract) > best_s:
            best, best_s = c, strength(c, contract)
    return best


@jit
def masters(hand: int, contract: int, unknown: int) -> int:
    """The established cards of ``hand`` (no unknown card of their suit is stronger)."""
    out = 0
    m = hand
    while m:
        c = lsb_index(m)
        m &= m - 1
        if is_master(c, contract, unknown):
            out |= 1 << c
    return out


# ----------------------------------------------------------------------------- leading
@jit
def lead_trump(legal: int, contract: int, unknown: int) -> int:
    """Pull trumps: lead my strongest trump when it is the master trump (the Puur, or the Näll once the
    Puur is gone, ...), I hold at least two trumps and other players may still hold trumps.
    Else :data:`NO_CARD`."""
    if contract >= 4 or unknown & (0x1FF << (9 * (contract))) == 0:
        return NO_CARD
    top = strongest_trump(legal, contract)
    if top >= 0 and popcount(legal & (0x1FF << (9 * (contract)))) >= 2 and is_master(top, contract, unknown):
        return top
    return NO_CARD


@jit
def lead_master(legal: int, contract: int, unknown: int, points: IntSequence) -> int:
    """Cash an established side card (no unknown card of its suit is stronger) that is not at risk of
    being trumped; among several, the one with most points (an A before its K), then lowest number.
    Else :data:`NO_CARD`."""
    best = NO_CARD
    best_points = -1
    m = legal & ~trump_mask(contract)
    while m:
        c = lsb_index(m)
        m &= m - 1
        if is_master(c, contract, unknown) and not ruff_risk(c // 9, contract, unknown):
            p = int(points[c])
            if p > best_points:
                best, best_points = c, p
    return best


@jit
def lead_low(legal: int, contract: int, points: IntSequence) -> int:
    """Lead low from the longest side suit (lowest suit number on ties): the card with fewest points,
    then weakest.  With only trumps left, the weakest trump."""
    side = legal & ~trump_mask(contract)
    if side == 0:
        return weakest(legal, contract)
    best_suit = -1
    best_len = 0
    for s in range(4):
        n = popcount(side & (0x1FF << (9 * (s))))
        if n > best_len:
            best_suit, best_len = s, n
    best = NO_CARD
    best_key = 10000
    m = side & (0x1FF << (9 * (best_suit)))
    while m:
        c = lsb_index(m)
        m &= m - 1
        key = 10 * int(points[c]) + strength(c, contract)
        if key < best_key:
            best, best_key = c, key
    return best


# ----------------------------------------------------------------------------- following
@jit
def partner_is_safe(trick: IntSequence, contract: int, unknown: int) -> bool:
    """True when my partner (who played ``trick[len(trick) - 2]``) wins the trick and nobody after me can
    change that: I am last, or the partner's card is a sure winner (:func:`is_sure_winner`)."""
    n = len(trick)
    if n < 2:
        return False
    w = _winner(trick, contract)
    if w != n - 2:
        return False
    if n == 3:
        return True
    return is_sure_winner(int(trick[w]), contract, unknown)


@jit
def smear(hand: int, legal: int, contract: int, unknown: int, points: IntSequence) -> int:
    """Give points to the partner's safe trick: the legal card with most points that I do not need
    later, i.e. not an established card and not a trump (trumps only when every legal card is one);
    ties: the weaker card, then lowest number.  When no such card has points, :func:`discard`."""
    pool = legal & ~masters(legal, contract, unknown)
    if pool & ~trump_mask(contract):
        pool &= ~trump_mask(contract)
    elif legal & ~trump_mask(contract):
        pool = 0  # only trumps are non-established: keep them for ruffing
    best = NO_CARD
    best_key = 0
    m = pool
    while m:
        c = lsb_index(m)
        m &= m - 1
        key = 16 * int(points[c]) + 8 - strength(c, contract)
        if int(points[c]) > 0 and key > best_key:
            best, best_key = c, key
    if best >= 0:
        return best
    return discard(hand, legal, contract, unknown, points)


@jit
def win_cheaply(legal: int, trick: IntSequence, contract: int, unknown: int, points: IntSequence) -> int:
    """Take the trick with the weakest card that wins it, when that is worth it; else :data:`NO_CARD`.

    * Last to play: the weakest winning card, if it is a side card (cheap) or the trick already holds
      :data:`WORTH_TAKING` points (worth a trump).
    * Not last: the weakest card that nobody after me can beat (:func:`is_sure_winner`), if it is a side
      card or the trick is worth it.  Without such a card, trump a trick worth it anyway (the weakest
      winning trump: an over-trump is possible but not likely).
    * My partner is winning (but not safely): overtake only a trick that is worth it, and only surely.
    """
    n = len(trick)
    w = _winner(trick, contract)
    best = int(trick[w])
    winners = 0
    m = legal
    while m:
        c = lsb_index(m)
        m &= m - 1
        if beats(c, best, contract):
            winners |= 1 << c
    if winners == 0:
        return NO_CARD
    value = trick_value(trick, points)
    worth_it = value >= WORTH_TAKING
    partner_winning = n >= 2 and w == n - 2
    if n == 3:
        card = weakest(winners, contract)
        return card if worth_it or not is_trump(card, contract) else NO_CARD
    sure = 0
    m = winners
    while m:
        c = lsb_index(m)
        m &= m - 1
        if is_sure_winner(c, contract, unknown):
            sure |= 1 << c
    if sure:
        card = weakest(sure, contract)
        if partner_winning:
            return card if worth_it else NO_CARD
        return card if worth_it or not is_trump(card, contract) else NO_CARD
    ruffs = winners & trump_mask(contract)
    if worth_it and not partner_winning and ruffs:
        return weakest(ruffs, contract)
    return NO_CARD


@jit
def discard(hand: int, legal: int, contract: int, unknown: int, points: IntSequence) -> int:
    """Throw the least useful legal card: the lowest cost, where cost adds

    * :data:`DISCARD_POINT_COST` per card point (do not give points away),
    * the card's strength (keep strong cards),
    * :data:`DISCARD_MASTER_COST` for an established card, plus :data:`DISCARD_LAST_MASTER_COST` if it is
      my only one (keep a winner for the last trick),
    * :data:`DISCARD_TRUMP_COST` for a trump,
    * :data:`DISCARD_SUIT_LENGTH_COST` per card I hold in its suit (discard from short suits).

    Ties go to the lowest card number.
    """
    mine = masters(hand, contract, unknown)
    only_master = popcount(mine) == 1
    best = NO_CARD
    best_cost = 1 << 30
    m = legal
    while m:
        c = lsb_index(m)
        m &= m - 1
        cost = DISCARD_POINT_COST * int(points[c]) + strength(c, contract)
        if mine >> c & 1:
            cost += DISCARD_MASTER_COST
            if only_master:
                cost += DISCARD_LAST_MASTER_COST
        if is_trump(c, contract):
            cost += DISCARD_TRUMP_COST
        cost += DISCARD_SUIT_LENGTH_COST * popcount(hand & (0x1FF << (9 * (c // 9))))
        if cost < best_cost:
            best, best_cost = c, cost
    return best


@jit
def choose_card(hand: int, legal: int, trick: IntSequence, contract: int, played: int,
                points: IntSequence) -> int:
    """The rule-based player's card: a card number whose bit is in ``legal``.

    ``hand``: mask of my cards; ``legal``: mask of my legal cards (never 0); ``trick``: card numbers
    already in the current trick, lead first (0..3 of them; in compiled code a numpy int64 array,
    since numba cannot index an empty tuple); ``contract``: 0..5; ``played``: mask of every card
    played so far in the hand, the current trick's included; ``points``: the 36 card points under
    the contract (:meth:`jasslib.Ruleset.card_points`).

    Leading: :func:`lead_trump`, else :func:`lead_master`, else :func:`lead_low`.  Following:
    :func:`smear` when :func:`partner_is_safe`, else :func:`win_cheaply`, else :func:`discard`.
    """
    if legal & (legal - 1) == 0:
        return lsb_index(legal)
    unknown = FULL_MASK & ~hand & ~played
    if len(trick) == 0:
        card = lead_trump(legal, contract, unknown)
        if card < 0:
            card = lead_master(legal, contract, unknown, points)
        if card < 0:
            card = lead_low(legal, contract, points)
        return card
    if partner_is_safe(trick, contract, unknown):
        return smear(hand, legal, contract, unknown, points)
    card = win_cheaply(legal, trick, contract, unknown, points)
    if card >= 0:
        return card
    return discard(hand, legal, contract, unknown, points)


# ----------------------------------------------------------------------------- contract
@jit
def suit_ranks(hand: int, suit: int) -> int:
    """The 9-bit rank pattern of ``hand`` in ``suit`` (bit r = rank r, 6 = bit 0 .. A = bit 8)."""
    return hand >> (9 * suit) & 0x1FF


@jit
def reverse_ranks(ranks: int) -> int:
    """A 9-bit rank pattern upside down (6 ↔ A, 7 ↔ K, ...): Undenufe seen as Obenabe."""
    out = 0
    for r in range(9):
        if ranks >> r & 1:
            out |= 1 << (8 - r)
    return out


@jit
def trump_estimate(hand: int, trump: int) -> float:
    """Expected card-point difference (own team − opponents) with ``trump`` as trump, before the
    multiplier: :data:`TRUMP_WEIGHTS` applied to the Puur, the Näll, the trump A, the trump length,
    side aces, side kings with and without their ace, side tens with their ace, and void side suits;
    plus :data:`STOECK_VALUE` for trump K and Q (S1)."""
    w = TRUMP_WEIGHTS
    t = suit_ranks(hand, trump)
    value = w[0] + w[1] * (t >> JACK & 1) + w[2] * (t >> NINE & 1) + w[3] * (t >> ACE & 1) + w[4] * popcount(t)
    for s in range(4):
        if s == trump:
            continue
        r = suit_ranks(hand, s)
        ace = r >> ACE & 1
        king = r >> KING & 1
        value += w[5] * ace
        if king and ace:
            value += w[6]
        elif king and popcount(r) >= 2:
            value += w[7]
        if ace and r >> TEN & 1:
            value += w[8]
        if r == 0:
            value += w[9]
    if t >> KING & 1 and t >> QUEEN & 1:
        value += STOECK_VALUE
    return value


@jit
def topdown_estimate(hand: int, reverse: bool, weights: Sequence[float]) -> float:
    """Expected card-point difference without trump, before the multiplier (Obenabe; Undenufe with
    ``reverse``): ``weights`` applied to the top-run cards (A, A K, A K Q, ... of each suit), the aces,
    the guarded kings (K with another card) and queens (Q with two others), and the length of suits
    that hold their ace beyond three cards."""
    value = weights[0]
    for s in range(4):
        r = suit_ranks(hand, s)
        if reverse:
            r = reverse_ranks(r)
        run = 0
        k = ACE
        while k >= 0 and r >> k & 1:
            run += 1
            k -= 1
        n = popcount(r)
        ace = r >> ACE & 1
        value += weights[1] * run + weights[2] * ace
        if r >> KING & 1 and n >= 2:
            value += weights[3]
        if r >> QUEEN & 1 and n >= 3:
            value += weights[4]
        if ace and n > 3:
            value += weights[5] * (n - 3)
    return value


@jit
def contract_values(hand: int, multipliers: IntSequence) -> tuple[float, float, float, float, float, float]:
    """The estimated value of each contract 0..5 for the chooser's team: the expected card-point
    difference (own − opponents) times the contract's multiplier (C3)."""
    return (
        trump_estimate(hand, 0) * multipliers[0],
        trump_estimate(hand, 1) * multipliers[1],
        trump_estimate(hand, 2) * multipliers[2],
        trump_estimate(hand, 3) * multipliers[3],
        topdown_estimate(hand, False, OBENABE_WEIGHTS) * multipliers[4],
        topdown_estimate(hand, True, UNDENUFE_WEIGHTS) * multipliers[5],
    )


@jit
def default_threshold(multipliers: IntSequence) -> float:
    """The schieben threshold the rule-based player uses by default: :data:`THRESHOLD_PER_MULTIPLIER` times
    the average multiplier (classic: 45 × 13/6 = 97.5; modern: 45).  About what the partner's choice
    after schieben is worth on average; the value that scored best in simulated rounds of both presets.
    """
    total = 0.0
    for i in range(len(multipliers)):
        total += multipliers[i]
    return THRESHOLD_PER_MULTIPLIER * total / len(multipliers)


@jit
def choose_contract(hand: int, pushed: bool, multipliers: IntSequence, threshold: float) -> int:
    """The contract with the highest :func:`contract_values` (lowest number on ties), or
    :data:`SCHIEBEN` (-1) when not ``pushed`` and the best value is below ``threshold``.
    When pushed (C1: the partner must choose) the answer is always a contract 0..5."""
    values = contract_values(hand, multipliers)
    best = 0
    for c in range(1, 6):
        if values[c] > values[best]:
            best = c
    if not pushed and values[best] < threshold:
        return SCHIEBEN
    return best
