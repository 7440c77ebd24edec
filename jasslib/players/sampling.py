"""What a seat can know, as samples: layouts of the cards it cannot see, exactly uniform.

From a :class:`~jasslib.RoundView` only, :class:`LayoutSampler` deals the unseen cards to the other
three seats in every way that agrees with what the seat knows, each such layout equally likely:

* its own hand, every card played (the current trick included) and the hand sizes;
* the voids the play proves.  They are asked of :func:`jasslib.play.legal_mask`, never restated:
  a seat that played card ``c`` to a trick could not have held card ``y`` then exactly when ``c``
  is not legal from the cards it is known to have held at that moment (``c`` and the cards it
  played later) plus ``y``.  So trumping while holding the led suit (P3) proves nothing about
  that suit, and keeping back the lone Puur on a trump lead (P5) only proves "no other trump";
* the Weis shown to the table (W8): after the first trick, each seat's best declaration
  (:func:`jasslib.weis.best_declarations`) and the contest (W6, W7) must give the same winner and
  the same shown declarations as the view — this also covers "nobody had a Weis" and "the other
  team's Weis was weaker".  Stöck announced (S2) by a team means one of its seats holds the trump
  K and Q.

How: the card-level facts (allowed holders per card, hand sizes) are counted exactly by a small
dynamic programme over groups of cards with the same allowed holders, then a layout is drawn group
by group with the counted weights — a direct draw, no retry.  The Weis facts constrain whole hands;
a drawn layout that contradicts them is drawn again (exact conditioning, so still uniform).  Over
the 22,000 moves of the strength benchmark about half the draws were kept and never fewer than one
in 50 (:attr:`LayoutSampler.acceptance`); only a view that no layout can explain keeps refusing, and
after :data:`MAX_WEIS_DRAWS` draws it is reported as impossible.

>>> from jasslib import Round
>>> r = Round.deal(seed=1); r.choose("obenabe")
>>> for _ in range(13): r.play(min(r.legal_cards()))
>>> view = r.view(r.to_move)
>>> sampler = LayoutSampler(view)
>>> layouts = sampler.sample(5, seed=3)
>>> len(layouts), all(l[view.seat] == view.hand for l in layouts)
(5, True)
>>> [len(h) for h in layouts[0]] == list(view.hand_sizes)
True
>>> sampler.sample(5, seed=3) == layouts
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from math import comb

from .. import _check
from ..cards import FULL_MASK, CardSet
from ..errors import ArgumentError, ImpossibleViewError, PhaseError, excerpt
from ..play import legal_mask
from ..round import Round, RoundView
from ..seats import Seat
from ..weis import _contest, best_declarations, has_weis, stoeck_mask_held

__all__ = ["LayoutSampler", "Knowledge", "knowledge", "sample_layouts", "MAX_WEIS_DRAWS"]

MAX_WEIS_DRAWS = 100_000
"""Draws after which a view whose Weis no drawn layout explains is reported as impossible.

The lowest acceptance the strength benchmark saw is one draw in 50 (it prints the lowest rate), so a
possible view reaching this bound has a probability below ``0.98**100_000``, about ``e**-2000``."""

Layout = tuple[CardSet, CardSet, CardSet, CardSet]
"""The four current hands, seat 0 first."""
Masks = tuple[int, int, int, int]


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows about the cards it cannot see (the card-level facts of :func:`knowledge`).

    ``unseen`` is the mask of the cards in the other hands; ``sizes[s]`` the number of cards seat
    ``s`` holds; ``excluded[s]`` the unseen cards seat ``s`` cannot hold (its voids, as the play
    proves them, and the cards a shown Weis puts in another hand); ``forced[s]`` the unseen cards
    it must hold (those of its shown Weis); ``played_by[s]`` the cards seat ``s`` has played.
    """

    seat: Seat
    unseen: int
    sizes: tuple[int, int, int, int]
    excluded: tuple[int, int, int, int]
    forced: tuple[int, int, int, int]
    played_by: tuple[int, int, int, int]

    def voids(self, seat: Seat | int) -> CardSet:
        """The unseen cards ``seat`` cannot hold."""
        return CardSet.from_mask(self.excluded[int(seat)])


def _plays(view: RoundView) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every card played, in order: (seat, card, the cards before it in its trick)."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for t in view.tricks:
        cards = tuple(int(c) for c in t.cards)
        for i, (s, c) in enumerate(t.plays):
            out.append((int(s), int(c), cards[:i]))
    cards = tuple(int(c) for _, c in view.trick)
    for i, (s, c) in enumerate(view.trick):
        out.append((int(s), int(c), cards[:i]))
    return out


def knowledge(view: RoundView) -> Knowledge:
    """The card-level facts of ``view``: unseen cards, sizes, proven voids, cards a shown Weis places.

    Raises :class:`~jasslib.errors.ImpossibleViewError` when the view contradicts itself (a card
    played that its player could not legally have played, a shown Weis card elsewhere, sizes that do
    not add up).

    >>> from jasslib import Round
    >>> r = Round.deal(seed=0); r.choose("obenabe")
    >>> for _ in range(4): r.play(max(r.legal_cards()))
    >>> print(r.tricks[0])
    trick 1: 0:Q♦  1:6♦  2:Q♥  3:A♦  → seat 3 takes 17
    >>> k = knowledge(r.view(1))         # seat 3 showed 9♦ 10♦ J♦ (W8); seat 2 did not follow ♦ (P2)
    >>> str(k.voids(2)), str(k.voids(0)), str(CardSet.from_mask(k.forced[3]))
    ('7♦ 8♦ 9♦ 10♦ J♦ K♦', '9♦ 10♦ J♦', '9♦ 10♦ J♦')
    >>> r = Round.deal(seed=0); r.choose("♥")
    >>> for _ in range(4): r.play(max(r.legal_cards()))
    >>> str(knowledge(r.view(1)).voids(2))   # Q♥ trumps: allowed while holding ♦ (P3), proves nothing
    '9♦ 10♦ J♦'
    """
    me = int(view.seat)
    hand = view.hand.mask
    played = view.played.mask
    if hand & played:
        raise ImpossibleViewError(f"{CardSet.from_mask(hand & played)} is both in the hand and played (D1)")
    unseen = FULL_MASK & ~hand & ~played
    sizes = tuple(int(n) for n in view.hand_sizes)
    if sizes[me] != len(view.hand):
        raise ImpossibleViewError(f"seat {me} holds {len(view.hand)} cards but the view says {sizes[me]} (D3)")
    if sum(sizes) - sizes[me] != unseen.bit_count():
        raise ImpossibleViewError(
            f"the other hands hold {sum(sizes) - sizes[me]} cards but {unseen.bit_count()} cards are unseen (D1)")
    plays = _plays(view)
    played_by = [0, 0, 0, 0]
    for s, c, _ in plays:
        played_by[s] |= 1 << c
    excluded = [0, 0, 0, 0]
    forced = [0, 0, 0, 0]
    contract = None if view.contract is None else int(view.contract)
    if contract is not None:
        later = list(played_by)  # per seat, the cards it played from this play on
        for s, c, before in plays:
            later[s] &= ~(1 << c)
            if s == me:
                continue
            known = later[s] | (1 << c)  # held at that moment: this card and every card played later
            if not legal_mask(known, before, contract) >> c & 1:
                raise ImpossibleViewError(
                    f"seat {s} could not legally play {CardSet.from_mask(1 << c)} here, holding "
                    f"{CardSet.from_mask(known)} (see legal_cards)")
            y_mask = unseen & ~excluded[s]
            while y_mask:
                y = y_mask & -y_mask
                y_mask ^= y
                if not legal_mask(known | y, before, contract) >> c & 1:
                    excluded[s] |= y
    for s, d in enumerate(view.weis_shown):
        if d is None or s == me:
            continue
        cards = d.cards.mask
        if cards & (hand | (played & ~played_by[s])):
            raise ImpossibleViewError(f"seat {s}'s shown Weis {d} holds cards seen elsewhere (W8)")
        forced[s] |= cards & unseen
    for s in range(4):
        if s != me:
            for o in range(4):
                if o not in (s, me):
                    excluded[s] |= forced[o]
    if any(forced[s] & excluded[s] for s in range(4)):
        s = next(s for s in range(4) if forced[s] & excluded[s])
        raise ImpossibleViewError(f"seat {s}'s shown Weis needs {CardSet.from_mask(forced[s] & excluded[s])}, "
                                  "which its play or another shown Weis rules out (W8)")
    return Knowledge(Seat(me), unseen, (sizes[0], sizes[1], sizes[2], sizes[3]),
                     (excluded[0], excluded[1], excluded[2], excluded[3]),
                     (forced[0], forced[1], forced[2], forced[3]),
                     (played_by[0], played_by[1], played_by[2], played_by[3]))


class LayoutSampler:
    """Exactly uniform layouts of the unseen cards given a :class:`~jasslib.RoundView` (see the module).

    Built once per view (the counting takes well under a millisecond); :meth:`sample` and
    :meth:`sample_masks` then draw as many layouts as wanted, reproducibly from a seed.
    :attr:`count` is the number of layouts the card-level facts allow (the Weis facts, when there
    are any, keep a share of them).

    >>> from jasslib import Round
    >>> r = Round.deal(seed=5); r.choose("undenufe")
    >>> for _ in range(30): r.play(min(r.legal_cards()))
    >>> s = LayoutSampler(r.view(r.to_move))
    >>> s.count <= 6 * 5 * 4 * 3 * 2 // 8, len(set(s.sample_masks(200, seed=1))) <= s.count
    (True, True)
    """

    def __init__(self, view: RoundView) -> None:
        if not isinstance(view, RoundView):
            raise ArgumentError(f"a LayoutSampler needs a seat's view (Round.view(seat)), got {type(view).__name__}")
        self.view = view
        self.knowledge = k = knowledge(view)
        me = int(view.seat)
        self._holders = tuple(s for s in range(4) if s != me)
        groups: dict[int, int] = {}
        m = k.unseen
        while m:
            b = m & -m
            m ^= b
            allowed = 0
            for i, s in enumerate(self._holders):
                if not k.excluded[s] & b:
                    allowed |= 1 << i
            groups[allowed] = groups.get(allowed, 0) | b
        if 0 in groups:
            cards = CardSet.from_mask(groups[0])
            raise ImpossibleViewError(f"no seat can hold {cards}: every other seat's play rules it out (P2–P5)")
        self._groups = tuple(sorted(groups.items()))
        self._memo: dict[tuple[int, int, int, int], int] = {}
        sizes = tuple(k.sizes[s] - k.forced[s].bit_count() for s in self._holders)
        self._start = (sizes[0], sizes[1], sizes[2])
        # forced cards are placed first: take them out of their groups
        forced_all = k.forced[0] | k.forced[1] | k.forced[2] | k.forced[3]
        self._groups = tuple((a, g & ~forced_all) for a, g in self._groups if g & ~forced_all)
        self._bits = tuple([1 << c for c in range(36) if g >> c & 1] for _, g in self._groups)
        self._group_masks = tuple(g for _, g in self._groups)
        self._choice_memo: dict[tuple[int, int, int, int], tuple[list[tuple[int, int, int]], list[int], int]] = {}
        self.count = self._ways(0, *self._start) if min(sizes) >= 0 else 0
        if self.count == 0:
            raise ImpossibleViewError(self._why_impossible())
        self._weis = view.contract is not None and len(view.tricks) > 0
        self._stoeck = view.contract is not None and any(view.stoeck_recorded)
        self._draws = 0
        self._accepted = 0
        # seats whose hand had no Weis: all, when nobody won the Weis; a shown seat with an empty declaration
        self._no_weis = tuple(s for s in self._holders if view.weis_winner is None
                              or (view.weis_shown[s] is not None and not view.weis_shown[s]))

    def _why_impossible(self) -> str:
        k = self.knowledge
        for s in self._holders:
            can = k.unseen & ~k.excluded[s]
            if can.bit_count() < k.sizes[s]:
                return (f"no layout fits the view: seat {s} holds {k.sizes[s]} cards but its play leaves it only "
                        f"{can.bit_count()} of the unseen cards ({CardSet.from_mask(can) or 'none'}) (P2–P5)")
        return "no layout of the unseen cards fits the hand sizes and the voids the play proves (P2–P5)"

    def _ways(self, g: int, r0: int, r1: int, r2: int) -> int:
        """Layouts of groups ``g..`` with ``r0, r1, r2`` cards still to give to the three holders."""
        key = (g, r0, r1, r2)
        got = self._memo.get(key)
        if got is not None:
            return got
        if g == len(self._groups):
            total = 1 if r0 == r1 == r2 == 0 else 0
        else:
            total = 0
            for k0, k1, k2, w in self._splits(g, r0, r1, r2):
                total += w * self._ways(g + 1, r0 - k0, r1 - k1, r2 - k2)
        self._memo[key] = total
        return total

    def _splits(self, g: int, r0: int, r1: int, r2: int) -> list[tuple[int, int, int, int]]:
        """Each way to split group ``g`` among the holders it allows: (k0, k1, k2, number of ways)."""
        allowed, cards = self._groups[g]
        n = cards.bit_count()
        m0 = min(r0, n) if allowed & 1 else 0
        m1 = min(r1, n) if allowed & 2 else 0
        m2 = r2 if allowed & 4 else 0
        out = []
        for k0 in range(m0 + 1):
            for k1 in range(min(m1, n - k0) + 1):
                k2 = n - k0 - k1
                if k2 <= m2:
                    out.append((k0, k1, k2, comb(n, k0) * comb(n - k0, k1)))
        return out

    def _choices(self, g: int, r0: int, r1: int, r2: int) -> tuple[list[tuple[int, int, int]], list[int], int]:
        """The splits of group ``g`` from state ``r0, r1, r2``, their cumulative layout counts and the total."""
        key = (g, r0, r1, r2)
        got = self._choice_memo.get(key)
        if got is None:
            splits, cumulative, total = [], [], 0
            for k0, k1, k2, w in self._splits(g, r0, r1, r2):
                n = w * self._ways(g + 1, r0 - k0, r1 - k1, r2 - k2)
                if n:
                    total += n
                    splits.append((k0, k1, k2))
                    cumulative.append(total)
            got = self._choice_memo[key] = (splits, cumulative, total)
        return got

    def _draw(self, rng: random.Random) -> list[int]:
        """One layout of the card-level facts: the three holders' current hands as masks."""
        k = self.knowledge
        hands = [k.forced[s] for s in self._holders]
        r0, r1, r2 = self._start
        for g, bits in enumerate(self._bits):
            splits, cumulative, total = self._choices(g, r0, r1, r2)
            if len(splits) == 1:
                k0, k1, k2 = splits[0]
            else:
                k0, k1, k2 = splits[bisect_right(cumulative, rng.randrange(total))]
            if k0 == len(bits):
                hands[0] |= self._group_masks[g]
            elif k1 == len(bits):
                hands[1] |= self._group_masks[g]
            elif k2 == len(bits):
                hands[2] |= self._group_masks[g]
            else:
                order = bits[:]
                rng.shuffle(order)
                hands[0] |= sum(order[:k0])
                hands[1] |= sum(order[k0:k0 + k1])
                hands[2] |= sum(order[k0 + k1:])
            r0, r1, r2 = r0 - k0, r1 - k1, r2 - k2
        return hands

    def _agrees(self, masks: list[int]) -> bool:
        """The Weis (W6–W8) and Stöck (S2) facts for a layout of current hands ``masks`` (seat order)."""
        view = self.view
        contract = view.contract
        assert contract is not None
        initial = [masks[s] | self.knowledge.played_by[s] for s in range(4)]
        if self._stoeck:
            for t in range(2):
                if view.stoeck_recorded[t] and not (stoeck_mask_held(initial[t], int(contract))
                                                   or stoeck_mask_held(initial[t + 2], int(contract))):
                    return False
        if not self._weis:
            return True
        for s in self._no_weis:  # quick refusals first: seats known to have had no Weis at all
            if has_weis(initial[s], view.ruleset):
                return False
        decls = best_declarations(initial, contract, view.ruleset)
        result = _contest((decls[0], decls[1], decls[2], decls[3]), contract, view.forehand)
        if result.winner != view.weis_winner:
            return False
        team = result.team
        for s in range(4):
            shown = decls[s] if team is not None and s % 2 == int(team) else None
            if shown != view.weis_shown[s]:
                return False
        return True

    def draw_masks(self, rng: random.Random) -> Masks:
        """One layout as four current hand masks (seat order), drawn with ``rng``."""
        me = int(self.view.seat)
        check = self._weis or self._stoeck
        for _ in range(MAX_WEIS_DRAWS):
            drawn = self._draw(rng)
            masks = [0, 0, 0, 0]
            masks[me] = self.view.hand.mask
            for s, m in zip(self._holders, drawn):
                masks[s] = m
            self._draws += 1
            if not check or self._agrees(masks):
                self._accepted += 1
                return (masks[0], masks[1], masks[2], masks[3])
        raise ImpossibleViewError(
            f"no layout of the unseen cards explains the Weis shown (W8) and the Stöck announced (S2) "
            f"after {MAX_WEIS_DRAWS:,} draws: the view contradicts itself")

    def sample_masks(self, count: int, seed: int | str | None = 0) -> list[Masks]:
        """``count`` layouts as masks (four current hands, seat 0 first), reproducible from ``seed``."""
        _check_count(count)
        rng = random.Random(f"layouts/{seed}") if seed is not None else random.Random()
        return [self.draw_masks(rng) for _ in range(count)]

    def sample(self, count: int, seed: int | str | None = 0) -> list[Layout]:
        """``count`` layouts as four :class:`~jasslib.CardSet` current hands, reproducible from ``seed``."""
        f = CardSet.from_mask
        return [(f(a), f(b), f(c), f(d)) for a, b, c, d in self.sample_masks(count, seed)]

    @property
    def acceptance(self) -> float:
        """The share of drawn layouts that agreed with the Weis and Stöck facts so far (1.0 before any draw)."""
        return self._accepted / self._draws if self._draws else 1.0


MAX_LAYOUTS = 100_000
"""The most layouts drawn by one call."""


def _check_count(count: int) -> int:
    return _check.whole(count, "count (of layouts)", low=1, high=MAX_LAYOUTS)


def sample_layouts(rnd: Round, count: int = 12, seed: int | str = 0) -> list[Layout]:
    """``count`` layouts of the cards the seat to move cannot see; the first is the real one.

    The others are drawn by :class:`LayoutSampler` from ``rnd.view(rnd.to_move)`` only: uniform over
    the layouts that agree with the hand sizes, the voids the play proves and the Weis and Stöck
    shown.  Each layout is four current hands, seat 0 first.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1); r.choose("obenabe")
    >>> for _ in range(13): r.play(min(r.legal_cards()))
    >>> ls = sample_layouts(r, 5)
    >>> len(ls), ls[0] == r.hands, all(l[r.to_move] == r.hand(r.to_move) for l in ls)
    (5, True, True)
    """
    if not isinstance(rnd, Round):
        raise ArgumentError(f"expected a Round, got {excerpt(rnd)}")
    if rnd.contract is None or rnd.done:
        raise PhaseError("layouts are sampled while the cards are being played (after the contract, C1)")
    count = _check_count(count)
    _check.seed(seed)
    seat = rnd.to_move
    assert seat is not None  # a round in play has a seat to move
    h = rnd.hands
    out: list[Layout] = [(h[0], h[1], h[2], h[3])]
    if count > 1:
        out.extend(LayoutSampler(rnd.view(seat)).sample(count - 1, seed))
    return out
