"""Tests of jasslib.players.sampling: layouts of the unseen cards, exactly uniform and always consistent.

The oracle is the engine itself: a layout is consistent with a view when replaying the round from the
layout's initial hands (current hands plus each seat's played cards), with the same calls and the same
cards, is legal throughout and shows the seat exactly the same view.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jasslib import Card, CardSet, Contract, IllegalPlayError, ImpossibleViewError, JassError, Round, RoundView, Seat
from jasslib.play import legal_mask
from jasslib.players import RandomPlayer, RuleBasedPlayer, sampling
from jasslib.players.sampling import LayoutSampler, knowledge, sample_layouts

CONTRACTS = list(Contract)


def play_to(seed: int, contract: Contract, cards: int, policy: str = "rule", pushed: bool = False) -> Round:
    """A round of ``seed`` under ``contract`` with ``cards`` cards played (rule-based or random)."""
    r = Round.deal(seed=seed)
    if pushed:
        r.schieben()
    r.choose(contract)
    players = [RuleBasedPlayer() if policy == "rule" else RandomPlayer(seed=seed * 4 + s) for s in range(4)]
    for _ in range(cards):
        seat = r.to_move
        assert seat is not None
        r.play(players[seat].play_card(r.view(seat)))
    return r


def replay_view(view: RoundView, hands: tuple[int, int, int, int]) -> RoundView | None:
    """The view the same round gives when the other hands are ``hands`` (current masks), or None if illegal."""
    played_by = [0, 0, 0, 0]
    order: list[tuple[Seat, Card]] = []
    for t in view.tricks:
        order.extend(t.plays)
    order.extend(view.trick)
    for s, c in order:
        played_by[int(s)] |= 1 << int(c)
    initial = [CardSet.from_mask(hands[s] | played_by[s]) for s in range(4)]
    r = Round(initial, dealer=view.dealer, forehand=view.forehand, ruleset=view.ruleset)
    if view.pushed:
        r.schieben()
    assert view.contract is not None
    r.choose(view.contract)
    try:
        for s, c in order:
            r.play(c, s)
    except IllegalPlayError:
        return None
    return r.view(view.seat)


def consistent(view: RoundView, hands: tuple[int, int, int, int]) -> bool:
    return replay_view(view, hands) == view


def all_layouts(view: RoundView) -> list[tuple[int, int, int, int]]:
    """Every assignment of the unseen cards to the other seats with the right sizes (consistent or not)."""
    me = int(view.seat)
    others = [s for s in range(4) if s != me]
    unseen = [c for c in range(36) if not (view.hand.mask | view.played.mask) >> c & 1]
    sizes = [view.hand_sizes[s] for s in others]
    out = []
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            hands = [0, 0, 0, 0]
            hands[me] = view.hand.mask
            for s, cards in zip(others, (first, second, third)):
                hands[s] = sum(1 << c for c in cards)
            out.append((hands[0], hands[1], hands[2], hands[3]))
    return out


def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom > x), by the Wilson–Hilferty approximation."""
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize("seed,contract,cards,policy", [
    (3, Contract.HEARTS, 24, "rule"),         # 3 tricks left, the seat to lead
    (8, Contract.OBENABE, 26, "random"),      # in the middle of a trick: its cards show voids too
    (21, Contract.UNDENUFE, 25, "random"),
    (5, Contract.CLUBS, 26, "random"),
])
def test_uniform_over_every_consistent_layout(seed: int, contract: Contract, cards: int, policy: str) -> None:
    """Chi-square: the sampled layouts are the consistent ones (listed by replaying), each as often."""
    r = play_to(seed, contract, cards, policy)
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    layouts = all_layouts(view)
    good = {h for h in layouts if consistent(view, h)}
    real = tuple(h.mask for h in r.hands)
    assert real in good
    assert len(good) < len(layouts)  # the play proved something in these endings
    sampler = LayoutSampler(view)
    n = 40 * len(good)
    counts = Counter(sampler.sample_masks(n, seed="chi2"))
    assert set(counts) <= good  # never an inconsistent layout
    stat = sum((counts.get(h, 0) - n / len(good)) ** 2 / (n / len(good)) for h in good)
    assert chi2_sf(stat, len(good) - 1) > 1e-4, (stat, len(good))


@pytest.mark.parametrize("seed,contract,cards", [
    (1, Contract.SPADES, 25),      # nobody had a Weis; a seat could hold four of a kind (W3)
    (7, Contract.SPADES, 25),      # seat 0 won the Weis; the others' Weis were weaker (W6, W7)
    (2, Contract.HEARTS, 25),      # Stöck announced (S2), a Weis won, a four of a kind possible
    (0, Contract.CLUBS, 26),       # seat 3 showed a sequence: its cards are placed, its partner's Weis shown
    (3, Contract.DIAMONDS, 26),
])
def test_uniform_with_weis_and_stoeck_facts(seed: int, contract: Contract, cards: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Chi-square on endings where the Weis shown (W8) and Stöck (S2) rule layouts out that the play allows:
    both ways of drawing (proposals judged whole, and the exact DP they fall back on) are uniform over
    exactly the consistent layouts, and ``count`` is their number."""
    r = play_to(seed, contract, cards, "random")
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    k = knowledge(view)
    card_level = [h for h in all_layouts(view)
                  if all(not h[s] & k.excluded[s] and h[s] & k.forced[s] == k.forced[s] for s in range(4))]
    good = {h for h in card_level if consistent(view, h)}
    assert tuple(h.mask for h in r.hands) in good
    assert len(good) < len(card_level)  # the Weis facts rule out layouts the play alone allows
    assert LayoutSampler(view).count == len(good)
    for exact in (False, True):
        if exact:
            monkeypatch.setattr(sampling, "PROPOSALS", 0)  # every draw through the exact DP
        sampler = LayoutSampler(view)
        n = 30 * len(good)
        counts = Counter(sampler.sample_masks(n, seed=f"chi2/{exact}"))
        assert set(counts) <= good
        stat = sum((counts.get(h, 0) - n / len(good)) ** 2 / (n / len(good)) for h in good)
        assert chi2_sf(stat, len(good) - 1) > 1e-4, (exact, stat, len(good))


def test_weis_facts_are_used() -> None:
    """After the first trick the Weis shown (and no Weis shown) constrain the hands; samples agree."""
    seen_weis = 0
    for seed in range(40):
        r = play_to(seed, CONTRACTS[seed % 6], 4 + seed % 20, "random")
        view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
        sampler = LayoutSampler(view)
        for hands in sampler.sample_masks(5, seed=seed):
            assert consistent(view, hands)
        if any(view.weis_shown):
            seen_weis += 1
    assert seen_weis >= 5


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(CONTRACTS), st.integers(0, 35), st.booleans(), st.booleans())
def test_every_sample_is_consistent(seed: int, contract: Contract, cards: int, rule: bool, pushed: bool) -> None:
    """Property: replaying the round with any sampled hands, every card played was legal and the view is the same."""
    r = play_to(seed, contract, cards, "rule" if rule else "random", pushed)
    for seat in range(4):
        view = r.view(seat)
        for hands in LayoutSampler(view).sample_masks(3, seed=seed):
            assert hands[seat] == view.hand.mask
            assert consistent(view, hands)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**36 - 1), st.lists(st.integers(0, 35), max_size=3, unique=True),
       st.integers(0, 5), st.integers(0, 35))
def test_voids_are_card_by_card(hand: int, trick: list[int], contract: int, card: int) -> None:
    """What the sampler relies on, asked of legal_mask itself: a card is legal from ``known | extra``
    exactly when it is legal from ``known | y`` for each single card ``y`` of ``extra``."""
    rng = random.Random(hand ^ card)
    bits = [c for c in range(36) if hand >> c & 1 and c not in trick and c != card][:12]
    rng.shuffle(bits)
    known = (1 << card) | sum(1 << c for c in bits[:2])
    extra = bits[2:]
    if card in trick:
        return
    whole = legal_mask(known | sum(1 << y for y in extra), trick, contract) >> card & 1
    each = all(legal_mask(known | 1 << y, trick, contract) >> card & 1 for y in extra)
    assert bool(whole) == (bool(legal_mask(known, trick, contract) >> card & 1) and each)


def test_p3_and_p5_prove_nothing() -> None:
    """Trumping while holding the led suit (P3) and keeping back the lone Puur (P5) are no voids."""
    # seed 0, ♥ trump: seat 2 trumps Q♥ on Q♦; under Obenabe the same card proves seat 2 has no ♦.
    r = play_to(0, Contract.HEARTS, 0)
    for _ in range(4):
        r.play(max(r.legal_cards()))
    assert CardSet.parse("7♦ 8♦ K♦").mask & knowledge(r.view(1)).excluded[2] == 0
    r = play_to(0, Contract.OBENABE, 0)
    for _ in range(4):
        r.play(max(r.legal_cards()))
    assert CardSet.parse("7♦ 8♦ K♦").mask & ~knowledge(r.view(1)).excluded[2] == 0
    # P5: trump led, a seat discards; it may hold the lone Puur but no other trump.
    hands = ["6♥ 7♥ 8♥ A♣ K♣ Q♣ 6♠ 7♠ 8♠", "J♥ A♠ K♠ Q♠ 6♦ 7♦ 8♦ 9♦ 10♦", "9♥ 10♥ Q♥ J♣ 10♣ 9♣ 8♣ 7♣ 6♣",
             "K♥ A♥ J♠ 10♠ 9♠ J♦ Q♦ K♦ A♦"]
    r = Round(hands, dealer=3)
    r.choose("♥")
    r.play("6♥")
    r.play("6♦")  # seat 1 keeps the Puur back (P5)
    k = knowledge(r.view(2))
    assert CardSet.parse("J♥").mask & k.excluded[1] == 0
    assert CardSet.parse("K♥ A♥").mask & ~k.excluded[1] == 0


def test_sample_layouts_keeps_the_call_of_analysis() -> None:
    r = play_to(1, Contract.OBENABE, 13)
    layouts = sample_layouts(r, 6, seed=2)
    assert len(layouts) == 6 and layouts[0] == r.hands
    assert layouts == sample_layouts(r, 6, seed=2)
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    assert all(consistent(view, tuple(h.mask for h in l)) for l in layouts)  # type: ignore[arg-type]
    with pytest.raises(JassError, match="at least 1"):
        sample_layouts(r, 0)


def test_impossible_views_are_refused() -> None:
    r = play_to(4, Contract.SPADES, 10, "random")
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    sizes = list(view.hand_sizes)
    sizes[(int(view.seat) + 1) % 4] += 1
    with pytest.raises(ImpossibleViewError, match="unseen"):
        LayoutSampler(dataclasses.replace(view, hand_sizes=tuple(sizes)))  # type: ignore[arg-type]
    # a hand holding a card that was played
    played = next(iter(view.played))
    with pytest.raises(ImpossibleViewError, match="both in the hand and played"):
        LayoutSampler(dataclasses.replace(view, hand=view.hand.add(played)))
    # voids that leave a seat too few cards: every unseen card declared in a shown Weis of one seat
    r = play_to(0, Contract.OBENABE, 4, "rule")
    view = r.view(1)
    with pytest.raises(ImpossibleViewError):
        weis = view.weis_shown
        LayoutSampler(dataclasses.replace(view, weis_shown=(weis[3], weis[1], weis[3], weis[3])))


def test_impossible_voids_are_refused() -> None:
    """A seat whose play leaves it fewer possible cards than it holds: a clear error naming the seat."""
    hands = ["A♣ A♠ A♥ 6♣ 6♠ 6♥ 7♣ 7♠ 7♥", "6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦", "K♣ Q♣ J♣ K♠ Q♠ J♠ K♥ Q♥ J♥",
             "10♣ 9♣ 8♣ 10♠ 9♠ 8♠ 10♥ 9♥ 8♥"]
    r = Round(hands, dealer=3)
    r.choose("obenabe")
    for card in "A♣ 6♦ K♣ 10♣ A♠ 7♦ K♠ 10♠ A♥ 8♦ K♥ 10♥".split():
        r.play(card)
    view = r.view(0)  # seat 1 showed no ♣, ♠ or ♥ (P2) and its ♦ sequences (W8); seat 3 its sequences
    assert CardSet.from_mask(view.hand.mask) == CardSet.parse("6♣ 6♠ 6♥ 7♣ 7♠ 7♥")
    sampler = LayoutSampler(view)
    assert sampler.count == 1 and sampler.sample(1) == [r.hands]
    fake = dataclasses.replace(view, hand_sizes=(6, 7, 5, 6))
    with pytest.raises(ImpossibleViewError, match="seat 1 holds 7 cards but its play leaves it only 6"):
        LayoutSampler(fake)
    fake = dataclasses.replace(view, hand=CardSet.parse("6♣ 6♠ 6♥ 7♣ 7♠ 9♦"))
    with pytest.raises(ImpossibleViewError, match="seen elsewhere"):
        LayoutSampler(fake)
