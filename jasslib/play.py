"""Playing a trick: legal cards, verdicts with the rule id, trick winner and points (RULES.md P1–P6, O7).

Every rule of play lives here once.  The functions are pure: a hand, the cards
already in the trick (in playing order, the lead first) and the contract.

>>> from jasslib import CardSet, Card, Contract
>>> hand = CardSet.parse("8♣ 6♥ J♥ K♠")
>>> trick = [Card.CA, Card.H9]              # A♣ led, 9♥ trumped it (hearts are trump)
>>> str(legal_cards(hand, trick, Contract.HEARTS))
'8♣ J♥'
>>> v = check_play(Card.H6, hand, trick, Contract.HEARTS)
>>> v.legal, v.rule
(False, 'P4')
>>> print(v.message)
6♥ is not allowed: 9♥ already trumped this trick and 6♥ would under-trump it (P4);
you still hold other cards, so you may not play a weaker trump.
>>> print(check_play(Card.HJ, hand, trick, Contract.HEARTS).message)
J♥ is legal: you may trump even though you hold ♣ (P3), and J♥ beats 9♥ already in the trick (P4).
>>> full = [Card.CA, Card.H9, Card.HJ, Card.C7]
>>> trick_winner(full, Contract.HEARTS), trick_points(full, Contract.HEARTS)
(2, 45)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .bits import IntSequence
from .cards import SUIT_MASKS, Card, CardLike, CardSet, Suit, parse_cards
from .contracts import Contract, rank_strength
from .errors import CardNotInHandError, CardParseError, DuplicateCardError, HandSizeError, JassError, excerpt
from .rulesets import CLASSIC, Ruleset

__all__ = [
    "Verdict",
    "legal_cards",
    "legal_mask",
    "check_play",
    "is_legal",
    "trick_winner",
    "trick_points",
    "strongest_trump",
    "trick_value",
    "LAST_TRICK_BONUS",
    "CARD_POINTS_TOTAL",
]

LAST_TRICK_BONUS = 5
"""O7: the last trick adds 5 points."""
CARD_POINTS_TOTAL = 152
"""O7: the cards of every contract total 152 points (157 with the last trick)."""

_STRENGTH: tuple[tuple[int, ...], ...] = tuple(rank_strength(c) for c in Contract)
_from_mask = CardSet.from_mask
_CARDS: tuple[Card, ...] = tuple(Card)
_PUUR: tuple[int, ...] = tuple(1 << Card.make(s, 5) for s in range(4))  # trump J per suit


# Per contract, per strength -1..8 of the best trump already in the trick: the trumps stronger than it.
_STRONGER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << c for c in range(36) if c // 9 == contract and _STRENGTH[contract][c] > best) if contract < 4 else 0
        for best in range(-1, 9)
    )
    for contract in range(6)
)


# Per contract, per card: the mask of the cards of the same suit that are stronger (O1–O3).
_ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << d for d in range(9 * (c // 9), 9 * (c // 9) + 9) if _STRENGTH[contract][d] > _STRENGTH[contract][c])
        for c in range(36)
    )
    for contract in range(6)
)


def above_table(contract: int) -> tuple[int, ...]:
    """Per card, the mask of the cards of its suit that are stronger under ``contract`` (O1–O3).

    >>> from jasslib import CardSet, Card
    >>> str(CardSet.from_mask(above_table(0)[Card.C9]))    # clubs trump: only the Puur beats the Näll
    'J♣'
    """
    return _ABOVE[contract]


def strength_table(contract: int) -> tuple[int, ...]:
    """Per card, its strength within its suit under ``contract`` (0..8; see ``contracts.rank_strength``).

    A function rather than a table lookup so that numba-compiled callers get an array instead.
    """
    return _STRENGTH[contract]


def stronger_table(contract: int) -> tuple[int, ...]:
    """Index ``best + 1``: the trumps of ``contract`` stronger than strength ``best`` (-1..8)."""
    return _STRONGER[contract]


def legal_mask(hand: int, trick: IntSequence, contract: int) -> int:
    """The mask of legal cards (fast path on raw ints; see :func:`legal_cards`).

    ``hand`` is a card mask, ``trick`` the card numbers already played (lead
    first), ``contract`` a :class:`Contract` number.  The result is never
    empty for a non-empty hand.  Written in the subset of Python that numba
    compiles, so the fast simulation backend runs this very function.

    >>> legal_mask(0b1_0000_0000_0000_0001, [9], 4)   # 6♣ and K♠ in hand, 6♠ led: follow (P2)
    65536
    """
    if len(trick) == 0:
        return hand  # P1: the leader plays any card
    led = trick[0] // 9
    follow = hand & (0x1FF << (9 * led))
    if contract >= 4:  # P2: no trump
        return follow if follow else hand
    trump_mask = 0x1FF << (9 * contract)
    trumps = hand & trump_mask
    if led == contract:  # P5: trump led
        if trumps == 0 or trumps == 1 << (9 * contract + 5):  # only the Puur (trump J)
            return hand
        return trumps
    # P3/P4: non-trump led.
    allowed_trumps = trumps
    if trumps:
        strength = strength_table(contract)
        best = -1
        for c in trick:
            if c // 9 == contract and strength[c] > best:
                best = strength[c]
        if best >= 0 and hand & ~trump_mask:  # P4, unless only trumps are left
            allowed_trumps = trumps & stronger_table(contract)[best + 1]
    if follow:
        return follow | allowed_trumps
    return (hand & ~trump_mask) | allowed_trumps


def _hand_mask(hand: CardSet | Sequence[CardLike] | str | int) -> int:
    """The mask of a hand of 1 to 9 distinct cards (D3): a CardSet, card text, card-likes or a mask."""
    mask = hand.mask if isinstance(hand, CardSet) else CardSet(hand).mask
    n = mask.bit_count()
    if not 0 < n <= 9:
        shown = f": {CardSet.from_mask(mask)}" if n else ""
        raise HandSizeError(f"a hand holds 1 to 9 cards (D3), got {n}{shown}")
    return mask


Trick = Sequence[CardLike] | str
"""The cards of a trick in playing order, the lead first: a list or tuple of card-likes, or text ``"A♣ 9♥"``."""


def _trick_cards(trick: Trick | Iterable[CardLike], hand_mask: int = 0, limit: int = 3) -> list[int]:
    """The card numbers of ``trick`` (at most ``limit``, each once, none in the hand), or a specific error.

    The size is checked before any card is read, so a trick of a million cards is refused at once.
    """
    if isinstance(trick, str):
        items: Sequence[CardLike] = parse_cards(trick, 4, "a trick's text")
    elif isinstance(trick, (list, tuple)):
        items = trick
    else:
        try:
            items = list(itertools.islice(iter(trick), limit + 1))
        except TypeError:
            raise CardParseError(
                f"expected the cards of the trick in playing order (a list such as ['A♣', '9♥']), got {excerpt(trick)}"
            ) from None
    if len(items) > limit:
        where = "before yours " if limit == 3 else ""
        raise HandSizeError(f"a trick holds at most {limit} cards {where}(P1), got {len(items):,}")
    cards = [int(Card.parse(c)) for c in items]
    seen = 0
    for c in cards:
        bit = 1 << c
        if seen & bit:
            raise DuplicateCardError(f"card {Card(c)} appears twice in the trick (D1)")
        if hand_mask & bit:
            raise DuplicateCardError(f"card {Card(c)} is both in the hand and in the trick (D1)")
        seen |= bit
    return cards


def legal_cards(
    hand: CardSet | Sequence[CardLike] | str,
    trick: Trick,
    contract: Contract | int | str,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` under ``contract`` (P1–P5).

    >>> from jasslib import CardSet, Contract
    >>> hand = CardSet.parse("J♥ 7♣ K♠")
    >>> str(legal_cards(hand, CardSet.parse("6♥"), Contract.HEARTS))   # lone Puur: keep it (P5)
    '7♣ K♠ J♥'
    >>> str(legal_cards(hand, CardSet.parse("A♣"), Contract.OBENABE))  # follow suit (P2)
    '7♣'
    """
    if type(hand) is CardSet:
        mask = hand._mask  # the slot itself: the property costs more than the rest of this check
        if not mask or mask.bit_count() > 9:
            _hand_mask(hand)  # raises the HandSizeError
    else:
        mask = _hand_mask(hand)
    if type(contract) is not Contract:
        contract = Contract.parse(contract)
    # Fast path: a list or tuple of at most 3 Card values needs no parsing; only the duplicate check (D1) remains.
    if (type(trick) is list or type(trick) is tuple) and len(trick) <= 3:
        seen = mask
        for c in trick:
            if type(c) is not Card or seen & 1 << c:
                break
            seen |= 1 << c
        else:
            return _from_mask(legal_mask(mask, trick, contract))
    return CardSet.from_mask(legal_mask(mask, _trick_cards(trick, mask), contract))


def is_legal(card: CardLike, hand: CardSet | Sequence[CardLike] | str, trick: Trick,
             contract: Contract | int | str) -> bool:
    """True when ``card`` from ``hand`` may be played to ``trick`` (see :func:`check_play`)."""
    return check_play(card, hand, trick, contract).legal


@dataclass(frozen=True)
class Verdict:
    """The answer of :func:`check_play`: legal or not, the rule id that decides, and why.

    A verdict is truthy when the card is legal.
    """

    card: Card
    legal: bool
    rule: str
    message: str

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.message


def check_play(
    card: CardLike,
    hand: CardSet | Sequence[CardLike] | str,
    trick: Trick,
    contract: Contract | int | str,
) -> Verdict:
    """Judge playing ``card`` from ``hand`` to ``trick``: a :class:`Verdict` naming the rule.

    Raises :class:`~jasslib.errors.CardNotInHandError` when ``card`` is not in ``hand``, and
    :class:`~jasslib.errors.DuplicateCardError` when a card is both in the hand and in the trick (D1).

    >>> from jasslib import CardSet, Contract
    >>> hand = CardSet.parse("10♦ J♥ K♠")        # H5: K♦ led, 8♥ trumped, roses (♥) trump
    >>> print(check_play("J♥", hand, ["K♦", "8♥"], "♥").message)
    J♥ is legal: you may trump even though you hold ♦ (P3), and J♥ beats 8♥ already in the trick (P4).
    >>> v = check_play("K♠", hand, ["K♦", "8♥"], "♥")
    >>> v.rule, v.message
    ('P3', 'K♠ is not allowed: you hold ♦, so you must follow ♦ or play a trump (P3).')
    """
    card = Card.parse(card)
    contract = Contract.parse(contract)
    hand_mask = _hand_mask(hand)
    cards = _trick_cards(trick, hand_mask)
    if not hand_mask >> card & 1:
        raise CardNotInHandError(f"{card} is not in the hand ({CardSet.from_mask(hand_mask)})")
    legal = legal_mask(hand_mask, cards, int(contract))
    ok = bool(legal >> card & 1)
    rule, message = _explain(card, hand_mask, cards, contract, ok)
    return Verdict(card, ok, rule, message)


def _explain(card: Card, hand: int, trick: list[int], contract: Contract, ok: bool) -> tuple[str, str]:
    """The rule id and one sentence for :func:`check_play`."""
    yes = f"{card} is legal: "
    no = f"{card} is not allowed: "
    if not trick:
        return "P1", yes + "the player who leads may play any card (P1)."
    led = Suit(trick[0] // 9)
    follow = hand & SUIT_MASKS[led]
    if not contract.has_trump:
        if ok and card.suit == led:
            return "P2", yes + f"it follows the led suit {led} (P2)."
        if ok:
            return "P2", yes + f"you have no {led}, so you may play any card (P2)."
        return "P2", no + f"you hold {led}, so you must follow suit in {contract} (P2)."
    trump = contract.trump
    assert trump is not None
    trumps = hand & SUIT_MASKS[trump]
    if led == trump:
        if card.suit == trump:
            return "P5", yes + "trump was led and you follow with a trump (P5)."
        if ok and trumps == _PUUR[trump]:
            return "P5", yes + f"your only trump is the Puur J{trump}, which you may keep (P5)."
        if ok:
            return "P5", yes + "trump was led and you hold no trump, so you may play any card (P5)."
        return "P5", no + "trump was led and you hold a trump, so you must play one (P5)."
    strength = _STRENGTH[contract]
    top = strongest_trump([Card(c) for c in trick], contract)
    if card.suit == trump:
        if top is not None and strength[card] < strength[top]:
            if ok:
                return "P4", yes + (
                    f"it is weaker than {Card(top)} in the trick, but every card left in your hand is a "
                    "trump, so under-trumping is allowed (P4)."
                )
            return "P4", no + (
                f"{Card(top)} already trumped this trick and {card} would under-trump it (P4); you still "
                "hold other cards, so you may not play a weaker trump."
            )
        beats = f", and {card} beats {Card(top)} already in the trick (P4)" if top is not None else ""
        if follow:
            return "P3", yes + f"you may trump even though you hold {led} (P3){beats}."
        return "P3", yes + f"you have no {led} and may trump (P3){beats}."
    if card.suit == led:
        return "P3", yes + f"it follows the led suit {led} (P3)."
    if follow:
        return "P3", no + f"you hold {led}, so you must follow {led} or play a trump (P3)."
    return "P3", yes + f"you have no {led}, so you may discard any card (P3)."


def strongest_trump(trick: Trick, contract: Contract | int | str) -> Card | None:
    """The strongest trump already in ``trick`` (the card P4 forbids under-trumping), or ``None``.

    >>> strongest_trump(["A♣", "9♥", "6♥"], "♥"), strongest_trump(["A♣", "K♣"], "♥")
    (Card.H9, None)
    """
    c = Contract.parse(contract)
    cards = _trick_cards(trick, limit=4)
    if not c.has_trump:
        return None
    strength = _STRENGTH[c]
    best: Card | None = None
    for card in cards:
        if card // 9 == c and (best is None or strength[card] > strength[best]):
            best = _CARDS[card]
    return best


def trick_winner(trick: Trick, contract: Contract | int | str) -> int:
    """The position (0 = the lead) of the card that wins ``trick`` (P6, P2).

    The strongest trump wins; with no trump in the trick, the strongest card of
    the led suit in the contract's order.  Works on complete and partial tricks.

    >>> from jasslib import Contract
    >>> trick_winner(["K♦", "8♥", "J♥", "6♦"], "♥")                  # H5: the Puur wins
    2
    >>> trick_winner(["9♣", "6♣", "A♠", "A♣"], Contract.UNDENUFE)   # lowest of the led suit
    1
    """
    c = Contract.parse(contract)
    cards = _trick_cards(trick, limit=4)
    if not cards:
        raise HandSizeError("an empty trick has no winner (P6)")
    return trick_winner_index(cards, int(c))


def trick_winner_index(cards: IntSequence, contract: int) -> int:
    """Fast path of :func:`trick_winner` on card numbers."""
    strength = strength_table(contract)
    led = cards[0] // 9
    best = 0
    best_key = strength[cards[0]] + (100 if led == contract else 0)
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 9
        if s == contract:
            key = strength[c] + 100
        elif s == led:
            key = strength[c]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def trick_points(
    trick: Trick,
    contract: Contract | int | str,
    ruleset: Ruleset | str = CLASSIC,
    last: bool = False,
) -> int:
    """The card points of ``trick`` (O4–O6), plus 5 when it is the last trick (O7).

    >>> trick_points(["K♦", "8♥", "J♥", "6♦"], "♥")                   # H5
    24
    >>> trick_points(["A♣", "8♣", "6♣", "K♣"], "obenabe", last=True)  # O5: 8 counts 8; O7
    28
    """
    points = Ruleset.parse(ruleset).card_points(Contract.parse(contract))
    if type(last) is not bool:
        raise JassError(f"last is True (the last trick, O7) or False, not {excerpt(last)}")
    return trick_value(_trick_cards(trick, limit=4), points, last)


def trick_value(cards: IntSequence, points: IntSequence, last: bool) -> int:
    """Fast path of :func:`trick_points` on card numbers and a card-points table (O4–O7).

    Written in the subset of Python numba compiles: the fast backend and the solver run this very
    function.

    >>> trick_value([0, 8], [0, 0, 0, 14, 10, 20, 3, 4, 11] * 4, True)   # 6♣ and A♣ in the last trick
    16
    """
    total = 0
    for c in cards:
        total += points[c]
    if last:
        total += LAST_TRICK_BONUS
    return total
