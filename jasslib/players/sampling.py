"""What a seat can know, as samples: layouts of the cards it cannot see, exactly uniform.

From a :class:`~jasslib.RoundView` only, :class:`LayoutSampler` deals the unseen cards to the other
three seats in every way that agrees with what the seat knows, each such layout equally likely:

* its own hand, every card played (the current trick included) and the hand sizes;
* the voids the play proves.  They are asked of :func:`jasslib.play.legal_mask`, never restated:
  a seat that played card ``c`` to a trick could not have held card ``y`` then exactly when ``c``
  is not legal from the cards it is known to have held at that moment (``c`` and the cards it
  played later) plus ``y``.  So trumping while holding the led suit (P3) proves nothing about
  that suit, and keeping back the lone Puur on a trump lead (P5) only proves "no other trump";
* the Weis shown to the table (W8): after the first trick every other seat's initial hand must give,
  by :func:`jasslib.weis.best_declarations` and the contest (W6, W7, ``weis._contest``), the winner
  and the shown declarations of the view.  Per seat that is one predicate on its initial hand
  (:class:`_Fact`): *no Weis* (nobody won the Weis), *exactly the declaration shown* (the winning
  team; the shown cards are placed in that hand), or *its strongest Weis loses to the winner's*
  (the other team).  Stöck announced (S2) adds nothing about the unseen cards: it is announced
  when its holder plays the second of trump K and Q, or shows both in a counted Weis, so the table
  has seen both cards in that seat (:func:`knowledge` refuses a view where it has not).

How (exact, no rejection that can give up):

* Without Weis facts (before the first trick is complete) the cards with the same allowed holders
  are exchangeable: a dynamic programme over these groups counts the layouts with binomials, and a
  layout is drawn group by group with the counted weights.
* With Weis facts, a dynamic programme over the four suits (:class:`_SuitDP`): each suit's free
  cards are given to the holders in every allowed way, grouped by what the facts need of them, and
  the layouts are counted as tables over the cards still to give.  *Proof that suit-by-suit judging
  is exact*: a hand without a Weis-making four of a kind has as its best declaration the union of
  its suits' best declarations (:func:`jasslib.weis.best_declarations`, the same decomposition the
  fast backends use, :func:`jasslib.weis.fast_tables`); so "no Weis", "exactly this declaration"
  and "strongest Weis weaker than the winner's" (a maximum) each hold for the hand exactly when they
  hold for every suit.  A holder for whom a four of a kind is still possible (all four cards of an
  eligible rank could be in its initial hand) is *open*: in the exact DP its cards that can take part
  in a Weis (those in a sequence of their suit or of a possible four's rank: the others change no
  Weis) are carried along and the whole hand is judged by weis.py at the end.
* Because carrying those cards is slow, draws first use a *proposal* DP in which an open holder that
  ends with a four of a kind is counted whatever its suits say; such a drawn hand is then judged
  whole (exact conditioning: an accepted proposal is uniform over the consistent layouts).  After
  :data:`PROPOSALS` refusals in a row the sampler switches for good to the exact DP, which always
  terminates (4 suits, finitely many states).  Every draw is therefore exactly uniform and no draw
  can fail for a possible view; ``proposals`` and ``refused`` count what happened.

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
from typing import Any

import numpy as np

from .. import _check
from ..cards import FULL_MASK, CardSet, Rank
from ..errors import ArgumentError, ImpossibleViewError, PhaseError, excerpt
from ..play import legal_mask
from ..round import Round, RoundView
from ..seats import Seat
from ..weis import Declaration, Weis, _contest, best_declarations, find_weis, four_points, has_weis, stoeck_mask_held

__all__ = ["LayoutSampler", "Knowledge", "knowledge", "sample_layouts", "MAX_LAYOUTS", "PROPOSALS"]

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
    if contract is not None:  # S2: Stöck is announced on cards the table sees (both played, or a shown Weis)
        for t in range(2):
            if view.stoeck_recorded[t] and not any(
                    stoeck_mask_held(played_by[s] | (d.cards.mask if (d := view.weis_shown[s]) is not None else 0),
                                     contract) for s in (t, t + 2)):
                raise ImpossibleViewError(f"team {t} announced Stöck, but no seat of it played or showed the "
                                          "trump K and Q (S2)")
    return Knowledge(Seat(me), unseen, (sizes[0], sizes[1], sizes[2], sizes[3]),
                     (excluded[0], excluded[1], excluded[2], excluded[3]),
                     (forced[0], forced[1], forced[2], forced[3]),
                     (played_by[0], played_by[1], played_by[2], played_by[3]))


_SUIT_JUDGED: dict[tuple[object, ...], dict[int, bool]] = {}
"""Per :attr:`_Fact.key`, the suits judged so far (a fact stays the same from the first trick to the end)."""
_SUIT_GROUPS: dict[tuple[object, ...], tuple[Any, ...]] = {}
"""A suit's grouped assignments, by everything they depend on: reused from move to move while the suit is
not played (the facts stay, and a trick changes one or two suits)."""


class _Fact:
    """What the Weis shown (W6–W8) say about one other seat's initial hand: a predicate, asked of weis.py.

    ``kind`` is ``"none"`` (the hand held no Weis), ``"equal"`` (its best declaration is ``shown``,
    the declaration the table was shown) or ``"loses"`` (its best declaration's strongest Weis
    loses the contest to ``shown``, the winner's, declared by ``winner``).  :meth:`whole` judges a
    whole initial hand; :meth:`suit` judges one suit's cards of a hand that holds no Weis-making
    four of a kind (then the best declaration is the union of each suit's best, see
    :func:`jasslib.weis.best_declarations`, so the whole predicate is the conjunction over suits).
    """

    def __init__(self, kind: str, view: RoundView, seat: int, shown: Declaration | None = None,
                 winner: int = -1) -> None:
        assert view.contract is not None
        self.kind = kind
        self.seat = seat
        self.contract = view.contract
        self.ruleset = view.ruleset
        self.forehand = view.forehand
        self.shown = shown
        self.winner = winner
        self.by_suit: dict[int, frozenset[Weis]] = {}
        if shown is not None and kind == "equal":
            for base in (0, 9, 18, 27):
                self.by_suit[base] = frozenset(w for w in shown.weis
                                               if w.is_sequence and w.cards.mask >> base & 0x1FF)
        self.key = (kind, seat, int(self.contract), self.ruleset, int(self.forehand), shown, winner)
        """Two facts with equal keys are the same predicate (their suit judgements are shared)."""
        memo = _SUIT_JUDGED.get(self.key)
        if memo is None:
            if len(_SUIT_JUDGED) > 256:
                _SUIT_JUDGED.clear()
            memo = _SUIT_JUDGED[self.key] = {}
        self._suit_memo = memo

    def _best(self, mask: int) -> Declaration:
        return best_declarations((mask,), self.contract, self.ruleset)[0]

    def _loses(self, d: Declaration) -> bool:
        if not d.weis:
            return True
        assert self.shown is not None
        empty = Declaration((), self.contract)
        decls = [empty, empty, empty, empty]
        decls[self.winner] = self.shown
        decls[self.seat] = d
        return _contest((decls[0], decls[1], decls[2], decls[3]), self.contract, self.forehand).winner == self.winner

    def whole(self, mask: int) -> bool:
        """The predicate on a whole initial hand (any hand, four of a kind or not)."""
        if self.kind == "none":
            return not has_weis(mask, self.ruleset)
        d = self._best(mask)
        return d == self.shown if self.kind == "equal" else self._loses(d)

    def suit(self, chunk: int, base: int) -> bool:
        """The predicate on the cards ``chunk`` of the suit starting at bit ``base`` (no four of a kind)."""
        mask = chunk << base
        got = self._suit_memo.get(mask)
        if got is None:
            if self.kind == "none":
                got = not has_weis(mask, self.ruleset)
            elif self.kind == "equal":
                got = frozenset(self._best(mask).weis) == self.by_suit[base]
            else:
                got = self._loses(self._best(mask))
            self._suit_memo[mask] = got
        return got


def _facts(view: RoundView, me: int) -> dict[int, _Fact]:
    """Per other seat, its :class:`_Fact` (empty before the first trick is complete: nothing shown yet)."""
    if view.contract is None or not view.tricks:
        return {}
    others = [s for s in range(4) if s != me]
    w = view.weis_winner
    if w is None:
        return {s: _Fact("none", view, s) for s in others}
    winner = int(w)
    strongest = view.weis_shown[winner] if winner != me else view.weis
    if strongest is None or not strongest.weis:
        raise ImpossibleViewError(f"seat {winner} won the Weis (W7) but shows no Weis (W8)")
    out = {}
    for s in others:
        shown = view.weis_shown[s]
        if s % 2 == winner % 2:
            if shown is None:
                raise ImpossibleViewError(f"seat {s}'s team won the Weis, but its declaration is not shown (W8)")
            out[s] = _Fact("equal", view, s, shown)
        else:
            out[s] = _Fact("loses", view, s, strongest, winner)
    return out

_SUITS = (0, 9, 18, 27)


def _submasks(m: int) -> list[int]:
    """Every submask of ``m`` (``m`` itself first, 0 last)."""
    out = []
    sub = m
    while True:
        out.append(sub)
        if sub == 0:
            return out
        sub = (sub - 1) & m


State = tuple[Any, ...]
"""Per holder: None (judged suit by suit) or what an open holder carries (see :class:`_SuitDP`)."""


class _SuitDP:
    """The layouts under the Weis facts, counted and drawn suit by suit (see the module).

    Per holder the state after a suit is ``None`` (judged suit by suit from now on) or, while a
    Weis-making four of a kind is still possible for it: with ``exact``, ``(kept, ranks)`` (the cards
    of its initial hand that can take part in a Weis, judged whole at the end, and the ranks of the
    fours still possible); without, ``(ranks, failed)`` (a hand that ends with a four of a kind is
    counted whatever its suits say, and judged whole when drawn: a *proposal*).
    """

    def __init__(self, sampler: LayoutSampler, exact: bool) -> None:
        k = sampler.knowledge
        self.exact = exact
        self.r0 = sampler._start
        holders = sampler._holders
        self.facts = [sampler._facts[s] for s in holders]
        self.played = [k.played_by[s] for s in holders]
        base_hand = [k.played_by[s] | k.forced[s] for s in holders]
        self.forced = [k.forced[s] for s in holders]
        allowed = [k.unseen & ~k.excluded[s] for s in holders]
        free_all = sampler._free
        eligible = sum(1 << r for r in range(9) if four_points(Rank(r), sampler.view.ruleset) is not None)
        cand = []
        for h in range(3):
            p = base_hand[h] | (allowed[h] & free_all)
            cand.append(eligible & p & (p >> 9) & (p >> 18) & (p >> 27) & 0x1FF)
        self.cand = cand
        self.start: State = tuple(None if not c else (0, c) if exact else (c, False) for c in cand)
        suits = []
        for base in _SUITS:
            free = free_all >> base & 0x1FF
            al = [allowed[h] >> base & free for h in range(3)]
            hb = [base_hand[h] >> base & 0x1FF for h in range(3)]
            ckey = (exact, base, free, tuple(al), tuple(hb), tuple(cand), tuple(f.key for f in self.facts))
            cached = _SUIT_GROUPS.get(ckey)
            if cached is not None:
                suits.append(cached)
                continue
            valid = []  # per holder: its possible cards of this suit -> what the DP keeps of them
            for h in range(3):
                memo: dict[int, object] = {}
                vh = {}
                for a in _submasks(al[h]):
                    info = self._info(h, hb[h] | a, base, memo)
                    if info is not False:
                        vh[a] = info
                valid.append(vh)
            groups: dict[tuple[object, ...], dict[tuple[int, int, int], list[tuple[int, int, int]]]] = {}
            v1, v2 = valid[1], valid[2]
            missing = object()
            for a0, i0 in valid[0].items():
                rest = free & ~a0
                for a1 in _submasks(al[1] & rest):
                    i1 = v1.get(a1, missing)
                    if i1 is missing:
                        continue
                    a2 = rest ^ a1
                    i2 = v2.get(a2, missing)
                    if i2 is missing:
                        continue
                    by_count = groups.setdefault((i0, i1, i2), {})
                    ks = (a0.bit_count(), a1.bit_count(), a2.bit_count())
                    got = by_count.get(ks)
                    if got is None:
                        by_count[ks] = [(a0 << base, a1 << base, a2 << base)]
                    else:
                        got.append((a0 << base, a1 << base, a2 << base))
            entries = []
            for infos, by_count in groups.items():
                counts = np.zeros((10, 10), dtype=np.int64)
                for (k0, k1, _), assignments in by_count.items():
                    counts[k0, k1] = len(assignments)
                lists = {(k0, k1): assignments for (k0, k1, _), assignments in by_count.items()}
                entries.append((infos, counts, lists))
            if len(_SUIT_GROUPS) > 512:
                _SUIT_GROUPS.clear()
            suits.append(_SUIT_GROUPS.setdefault(ckey, tuple(entries)))
        self.suits = tuple(suits)
        self.memo: dict[tuple[object, ...], np.ndarray] = {}
        self.merged: dict[tuple[object, ...], list[tuple[State, np.ndarray, list[int]]]] = {}
        self.choice: dict[tuple[Any, ...], tuple[list[Any], list[int], int]] = {}
        self.lists: dict[tuple[int, int, int, int], list[tuple[int, int, int]]] = {}

    def _info(self, h: int, chunk: int, base: int, memo: dict[int, object]) -> object:
        """What the DP keeps of holder ``h``'s initial cards ``chunk`` in one suit: ``False`` (fails
        whatever the rest), ``None`` (passes, nothing to keep) or, when a four of a kind is still
        possible, the cards that can take part in a Weis (``exact``) or ``(passes, ranks of fours)``."""
        got = memo.get(chunk, memo)
        if got is not memo:
            return got
        fact, cand = self.facts[h], self.cand[h]
        passes = fact.suit(chunk, base)
        if cand and chunk & cand:
            if not passes and fact.kind == "none":
                got = False  # a sequence is a Weis whatever else the hand holds (W2)
            elif self.exact:
                weis_cards = 0
                for w in find_weis(CardSet.from_mask(chunk << base), fact.ruleset):
                    weis_cards |= w.cards.mask
                got = chunk & (weis_cards >> base | cand)  # the other cards take part in no Weis
            else:
                got = (passes, chunk & cand)
        else:
            got = None if passes else False
        memo[chunk] = got
        return got

    def _step(self, i: int, infos: tuple[Any, ...], state: State) -> State | None:
        """The state after suit ``i`` given what it brings each holder, or ``None`` when such layouts fail."""
        base = _SUITS[i]
        out: list[object] = []
        for h in range(3):
            st = state[h]
            info = infos[h]
            fact = self.facts[h]
            if st is None:
                if info is not None and not (info[0] if type(info) is tuple else fact.suit(info, base)):
                    return None
                out.append(None)
                continue
            if self.exact:
                kept, ranks = st
                if info is not None:
                    ranks &= info
                    if ranks:
                        out.append((kept | info << base, ranks))
                        continue
                if info is not None and not fact.suit(info, base):
                    return None
                for j in range(i):  # no four of a kind any more: each suit on its own
                    b = _SUITS[j]
                    if not fact.suit(kept >> b & 0x1FF, b):
                        return None
                out.append(None)
            else:
                ranks, failed = st
                if info is None:
                    ranks = 0
                else:
                    ranks &= info[1]
                    failed = failed or not info[0]
                if ranks:
                    out.append((ranks, failed))
                elif failed:
                    return None
                else:
                    out.append(None)
        return tuple(out)

    def _merged(self, i: int, state: State) -> list[tuple[State, np.ndarray, list[int]]]:
        """Suit ``i``'s groups from ``state``, merged by the state they lead to: (next state, the summed
        count table ``c[k0, k1]`` of their assignments, the groups)."""
        key = (i, state)
        got = self.merged.get(key)
        if got is None:
            by_next: dict[State, tuple[np.ndarray, list[int]]] = {}
            for g, (infos, counts, _) in enumerate(self.suits[i]):
                nxt = self._step(i, infos, state)
                if nxt is None:
                    continue
                acc = by_next.get(nxt)
                if acc is None:
                    by_next[nxt] = (counts.copy(), [g])
                else:
                    acc[0][...] += counts
                    acc[1].append(g)
            got = self.merged[key] = [(nxt, c, gs) for nxt, (c, gs) in by_next.items()]
        return got

    def table(self, i: int, state: State) -> np.ndarray:
        """``t[r0, r1]``: layouts of suits ``i..`` from ``state`` with ``r0``, ``r1`` cards still to give to
        the first two holders (the third holder's number follows: the cards left add up)."""
        key = (i, state)
        got = self.memo.get(key)
        if got is not None:
            return got
        t = np.zeros((10, 10), dtype=np.int64)
        if i == 4:
            ok = True
            if self.exact:
                for h in range(3):
                    st = state[h]
                    if st is not None and not self.facts[h].whole(st[0]):
                        ok = False
            t[0, 0] = 1 if ok else 0
        else:
            for nxt, c, _ in self._merged(i, state):
                w = self.table(i + 1, nxt)
                for k0, k1 in zip(*np.nonzero(c)):
                    t[k0:, k1:] += c[k0, k1] * w[:10 - k0, :10 - k1]
        self.memo[key] = t
        return t

    def ways(self, r: tuple[int, int, int]) -> int:
        """Layouts of every suit with ``r`` cards to give the holders."""
        return int(self.table(0, self.start)[r[0], r[1]])

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One layout (the holders' current hands) and the holders still open at the end (four of a kind)."""
        hands = list(self.forced)
        r0, r1, _ = self.r0
        state = self.start
        for i in range(4):
            ck = (i, r0, r1, state)
            got = self.choice.get(ck)
            if got is None:
                options, cumulative, total = [], [], 0
                for nxt, c, gs in self._merged(i, state):
                    w = self.table(i + 1, nxt)
                    prod = c[:r0 + 1, :r1 + 1] * w[r0::-1, r1::-1]
                    for k0, k1 in zip(*np.nonzero(prod)):
                        total += int(prod[k0, k1])
                        options.append((nxt, int(k0), int(k1), gs))
                        cumulative.append(total)
                got = self.choice[ck] = (options, cumulative, total)
            options, cumulative, total = got
            j = 0 if len(options) == 1 else bisect_right(cumulative, rng.randrange(total))
            state, k0, k1, gs = options[j]
            lk = (i, k0, k1, id(gs))
            lists = self.lists.get(lk)
            if lists is None:
                lists = self.lists[lk] = [a for g in gs for a in self.suits[i][g][2].get((k0, k1), ())]
            # the assignment: uniform among the groups' assignments with these numbers of cards
            a = lists[0] if len(lists) == 1 else lists[rng.randrange(len(lists))]
            hands[0] |= a[0]
            hands[1] |= a[1]
            hands[2] |= a[2]
            r0 -= k0
            r1 -= k1
        return hands, [h for h in range(3) if state[h] is not None]

class LayoutSampler:
    """Exactly uniform layouts of the unseen cards given a :class:`~jasslib.RoundView` (see the module).

    Built once per view (the counting takes a few milliseconds at most); :meth:`sample` and
    :meth:`sample_masks` then draw as many layouts as wanted, reproducibly from a seed, each draw a
    handful of weighted choices.  :attr:`count` is the exact number of layouts that agree with every
    fact of the view (the Weis and Stöck ones included).

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
        self._me = me
        self._holders = tuple(s for s in range(4) if s != me)
        self._facts = _facts(view, me)
        forced_all = k.forced[0] | k.forced[1] | k.forced[2] | k.forced[3]
        self._free = k.unseen & ~forced_all
        sizes = tuple(k.sizes[s] - k.forced[s].bit_count() for s in self._holders)
        self._start = (sizes[0], sizes[1], sizes[2])
        m = self._free
        while m:
            b = m & -m
            m ^= b
            if all(k.excluded[s] & b for s in self._holders):
                raise ImpossibleViewError(f"no seat can hold {CardSet.from_mask(b)}: every other seat's play "
                                          "rules it out (P2–P5)")
        self.proposals = 0
        """Layouts proposed so far under Weis facts (see the module)."""
        self.refused = 0
        """Proposals refused because a seat's four of a kind contradicts the Weis shown."""
        self._count: int | None = None
        if min(sizes) < 0:
            self._count = 0
        elif self._facts:
            self._dp = _SuitDP(self, exact=False)
            four = any(self._dp.cand)  # without a possible four of a kind the proposals are exact
            self._exact_dp: _SuitDP | None = None if four else self._dp
            if self._dp.ways(self._start) == 0:
                self._count = 0
            elif not four:
                self._count = self._dp.ways(self._start)
        else:
            self._init_groups()
            self._count = self._ways(0, *self._start)
        if self._count == 0:
            raise ImpossibleViewError(self._why_impossible())

    def _why_impossible(self) -> str:
        k = self.knowledge
        for s in self._holders:
            can = k.unseen & ~k.excluded[s]
            if can.bit_count() < k.sizes[s]:
                return (f"no layout fits the view: seat {s} holds {k.sizes[s]} cards but its play leaves it only "
                        f"{can.bit_count()} of the unseen cards ({CardSet.from_mask(can) or 'none'}) (P2–P5)")
        if self._facts:
            return ("no layout of the unseen cards explains the Weis shown (W8) with the hand sizes and the voids "
                    "the play proves: the view contradicts itself")
        return "no layout of the unseen cards fits the hand sizes and the voids the play proves (P2–P5)"

    # ------------------------------------------------------------------ card-level facts only
    def _init_groups(self) -> None:
        """Groups of free cards with the same allowed holders (no Weis facts: cards are exchangeable)."""
        k = self.knowledge
        groups: dict[int, int] = {}
        m = self._free
        while m:
            b = m & -m
            m ^= b
            allowed = 0
            for i, s in enumerate(self._holders):
                if not k.excluded[s] & b:
                    allowed |= 1 << i
            groups[allowed] = groups.get(allowed, 0) | b
        self._groups = tuple(sorted(groups.items()))
        self._memo: dict[tuple[int, int, int, int], int] = {}
        self._bits = tuple([1 << c for c in range(36) if g >> c & 1] for _, g in self._groups)
        self._group_masks = tuple(g for _, g in self._groups)
        self._choice_memo: dict[tuple[int, int, int, int], tuple[list[tuple[int, int, int]], list[int], int]] = {}

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

    def _draw_groups(self, rng: random.Random) -> list[int]:
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

    # ------------------------------------------------------------------ drawing
    def _exact(self) -> _SuitDP:
        """The exact DP (built on first need: a proposal refused :data:`PROPOSALS` times in a row)."""
        if self._exact_dp is None:
            self._exact_dp = _SuitDP(self, exact=True)
        return self._exact_dp

    def _draw_weis(self, rng: random.Random) -> list[int]:
        """One layout of every fact (see the module: proposals, then the exact DP if they keep failing)."""
        dp = self._dp
        if dp.exact or dp is self._exact_dp:
            return dp.draw(rng)[0]
        for _ in range(PROPOSALS):
            hands, four = dp.draw(rng)
            self.proposals += 1
            if all(dp.facts[h].whole(hands[h] | dp.played[h]) for h in four):
                return hands
            self.refused += 1
        self._dp = self._exact()
        if self._dp.ways(self._start) == 0:
            raise ImpossibleViewError(self._why_impossible())
        return self._dp.draw(rng)[0]

    @property
    def count(self) -> int:
        """The exact number of layouts that agree with every fact of the view."""
        if self._count is None:
            dp = self._exact()
            self._count = dp.ways(self._start)
        return self._count

    def draw_masks(self, rng: random.Random) -> Masks:
        """One layout as four current hand masks (seat order), drawn with ``rng``."""
        drawn = self._draw_weis(rng) if self._facts else self._draw_groups(rng)
        masks = [0, 0, 0, 0]
        masks[self._me] = self.view.hand.mask
        for s, m in zip(self._holders, drawn):
            masks[s] = m
        return (masks[0], masks[1], masks[2], masks[3])

    def sample_masks(self, count: int, seed: int | str | None = 0) -> list[Masks]:
        """``count`` layouts as masks (four current hands, seat 0 first), reproducible from ``seed``."""
        _check_count(count)
        rng = random.Random(f"layouts/{seed}") if seed is not None else random.Random()
        return [self.draw_masks(rng) for _ in range(count)]

    def sample(self, count: int, seed: int | str | None = 0) -> list[Layout]:
        """``count`` layouts as four :class:`~jasslib.CardSet` current hands, reproducible from ``seed``."""
        f = CardSet.from_mask
        return [(f(a), f(b), f(c), f(d)) for a, b, c, d in self.sample_masks(count, seed)]


MAX_LAYOUTS = 100_000
"""The most layouts drawn by one call."""

PROPOSALS = 64
"""Proposals refused in a row after which a :class:`LayoutSampler` switches to its exact DP (see the module)."""


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
