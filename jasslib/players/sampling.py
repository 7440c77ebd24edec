"""Sampling of the cards a seat cannot see: random layouts of the other hands consistent with what the
tricks showed (:func:`sample_layouts`).

The standard library only: :func:`jasslib.analysis.best_by_layout` solves each layout, and players that
search over the hidden hands draw them from here.
"""

from __future__ import annotations

import random

from .. import _check
from ..cards import Card, CardSet, Rank
from ..errors import ArgumentError, PhaseError, excerpt
from ..round import Round

__all__ = ["sample_layouts"]


MAX_LAYOUTS = 100_000
"""The most layouts :func:`sample_layouts` deals at once."""

def _known_voids(rnd: Round) -> dict[int, int]:
    """Per seat, a mask of cards it cannot hold, from the tricks so far: a seat that neither followed the led
    suit nor trumped has none of it (P2, P3); one that did not follow a trump lead has no trump but maybe
    the Puur (P5)."""
    contract = rnd.contract
    trump = contract.trump if contract is not None else None
    voids = {s: 0 for s in range(4)}
    tricks = [t.plays for t in rnd.tricks] + ([rnd.trick] if rnd.trick else [])
    for plays in tricks:
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit == led:
                continue
            if trump is not None and card.suit == trump and led != trump:
                continue  # trumping is allowed while holding the led suit (P3): nothing learnt
            suit_mask = 0x1FF << (9 * int(led))
            if trump is not None and led == trump:
                suit_mask &= ~(1 << int(Card.make(trump, Rank.JACK)))  # the Puur may be kept back (P5)
            voids[int(seat)] |= suit_mask
    return voids


def sample_layouts(rnd: Round, count: int = 12, seed: int | str = 0) -> list[tuple[CardSet, CardSet, CardSet, CardSet]]:
    """``count`` random layouts of the cards the seat to move cannot see: the other three hands dealt again
    from the unseen cards, with their sizes and with what the tricks showed (a seat that did not follow a
    suit holds none of it).  The first layout is the real one.  Each is four current hands, seat 0 first.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1); r.choose("obenabe")
    >>> for _ in range(13): r.play(min(r.legal_cards()))
    >>> ls = sample_layouts(r, 5)
    >>> len(ls), ls[0] == r.hands, all(l[r.to_move] == r.hand(r.to_move) for l in ls)
    (5, True, True)
    """
    if not isinstance(rnd, Round):
        raise ArgumentError(f"expected a Round, got {excerpt(rnd)}")
    count = _check.whole(count, "count (of layouts)", low=1, high=MAX_LAYOUTS)
    _check.seed(seed)
    seat = rnd.to_move  # None once the round is done
    if rnd.contract is None or seat is None:
        raise PhaseError("layouts are sampled while the cards are being played (after the contract, C1)")
    me = int(seat)
    others = [s for s in range(4) if s != me]
    unseen = [c for s in others for c in rnd.hand(s)]
    sizes = [len(rnd.hand(s)) for s in others]
    voids = _known_voids(rnd)
    rng = random.Random(f"layouts/{seed}")
    out: list[tuple[CardSet, CardSet, CardSet, CardSet]] = [rnd.hands]
    for _ in range(100_000):
        if len(out) >= count:
            break
        rng.shuffle(unseen)
        hands, start = list(rnd.hands), 0
        ok = True
        for s, n in zip(others, sizes):
            hand = CardSet(unseen[start:start + n])
            start += n
            if hand.mask & voids[s]:
                ok = False
                break
            hands[s] = hand
        if ok:
            out.append((hands[0], hands[1], hands[2], hands[3]))
    return out
