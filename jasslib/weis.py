"""Weis (declarations) and Stöck (RULES.md W1–W8, S1).

A *Weis* is a single combination in a player's initial hand (W1): a sequence of
three or more cards of one suit in natural order 6 7 8 9 10 J Q K A (W2), or four
cards of one rank (W3).  A *declaration* is a set of disjoint Weis (W4); a player
declares the one with the highest total, ties going to the strongest single Weis
(W5).  The team holding the strongest single Weis of the table scores all the
Weis of both its members (W6, W7).  Stöck is trump K and Q in one hand (S1).

>>> hand = CardSet.parse("6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♠")
>>> len(find_weis(hand))  # every sub-run of the 8-card run: 6 + 5 + 4 + 3 + 2 + 1
21
>>> print(best_declaration(hand, Contract.HEARTS))  # W4: 5 + 3 beats the whole 8 (classic)
sequence of 5 ♣ 9–K (100) + sequence of 3 ♣ 6–8 (20) = 120
>>> print(best_declaration(hand, Contract.HEARTS, MODERN))
sequence of 8 ♣ 6–K (250)
>>> hands = [hand, "J♠ J♥ J♦ 6♥ 7♥ 8♥ 9♥ 10♥ Q♦", "A♣ A♥ A♦ 6♠", "7♠ 8♠ 9♠"]
>>> result = contest_hands(hands, Contract.HEARTS, forehand=Seat(0))  # seat 0 declares 5 + 3 = 120
>>> print(result)
team 1 wins the Weis, 0–120:
seat 1's sequence of 6 beats seat 0's sequence of 5 because six cards beat five
>>> has_stoeck(hand, Contract.CLUBS), str(stoeck_cards(Contract.CLUBS))
(True, 'Q♣ K♣')

Performance: all work is done on :attr:`CardSet.mask` (suit ``s`` in bits ``9s .. 9s+8``,
rank index 0 = 6 .. 8 = A) with per-suit lookup tables built once per Weis scale, and
per-hand results are cached, so a call per seat per round is cheap in simulations.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache

from .cards import FULL_MASK, STYLES, CardLike, CardSet, Rank, Suit
from .contracts import Contract
from .errors import CardParseError, ContractError, DuplicateCardError, HandSizeError, JassError, excerpt
from .rulesets import CLASSIC, MODERN, Ruleset  # noqa: F401  (MODERN: used by the doctests)
from .seats import Seat, Team

__all__ = [
    "STOECK_POINTS",
    "WeisKind",
    "Weis",
    "Declaration",
    "ContestResult",
    "Announcement",
    "HandLike",
    "find_weis",
    "declarations",
    "best_declaration",
    "weis_strength",
    "compare_weis",
    "explain_comparison",
    "contest",
    "contest_hands",
    "announcements",
    "stoeck_cards",
    "has_stoeck",
    "stoeck_holder",
    "stoeck_points",
    "four_points",
    "has_weis",
    "best_declarations",
    "strength_code",
    "fast_tables",
]

STOECK_POINTS = 20
"""S1: Stöck is worth 20 before the multiplier."""
STOECK_MASKS: tuple[int, ...] = tuple(
    (1 << (9 * c + Rank.QUEEN)) | (1 << (9 * c + Rank.KING)) if c < 4 else 0 for c in range(6)
)
"""S1: per contract number, the mask of trump Q and K (0 without trump)."""
"""S1: trump K and Q in one initial hand, before the contract's multiplier."""

HandLike = CardSet | str | Iterable[CardLike]
"""A hand: a :class:`CardSet`, card text (``"A♣ K♣ 9♥"``) or an iterable of card-likes."""

_RANK_WORDS = ("six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_PLURALS = {
    "french": ("Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"),
    "ascii": ("Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"),
    "swiss": ("Sechser", "Siebner", "Achter", "Neuner", "Banner", "Under", "Ober", "Könige", "Asse"),
    "german": ("Sechser", "Siebener", "Achter", "Neuner", "Zehner", "Unter", "Ober", "Könige", "Asse"),
}
_RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (9 * s + r) for s in range(4)) for r in range(9))
"""Per rank index, the mask of its four cards."""


class WeisKind(enum.Enum):
    """The two kinds of Weis: a sequence (W2) or four of a kind (W3)."""

    SEQUENCE = "sequence"
    FOUR_OF_A_KIND = "four of a kind"

    def __repr__(self) -> str:
        return f"WeisKind.{self.name}"


def _run_bounds(chunk: int) -> tuple[int, int] | None:
    """``(low, top)`` rank indexes when the 9-bit ``chunk`` is one block of >= 3 adjacent bits."""
    if chunk <= 0:
        return None
    low = (chunk & -chunk).bit_length() - 1
    top = chunk.bit_length() - 1
    if top - low < 2 or chunk != ((1 << (top + 1)) - (1 << low)):
        return None
    return low, top


@dataclass(frozen=True)
class Weis:
    """One Weis: a sequence (W2) or four of a kind (W3), with its points before any multiplier.

    Build one with :meth:`from_cards` (which checks the cards and computes the points) or get them
    all from :func:`find_weis`.

    >>> w = Weis.from_cards("10♠ J♠ Q♠ K♠")
    >>> print(w), w.length, w.suit, w.top, w.points
    sequence of 4 ♠ 10–K (50)
    (None, 4, Suit.SPADES, Rank.KING, 50)
    >>> four = Weis.from_cards("J♣ J♠ J♥ J♦")
    >>> str(four), four.rank, four.top, four.label
    ('four Jacks (200)', Rank.JACK, Rank.JACK, 'four Jacks')
    >>> w.format("swiss"), four.format("german"), w.format("ascii")
    ('sequence of 4 Schilten Banner–König (50)', 'four Unter (200)', 'sequence of 4 S T-K (50)')
    """

    kind: WeisKind
    cards: CardSet
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.cards, CardSet):
            object.__setattr__(self, "cards", _as_cardset(self.cards))
        mask = self.cards.mask
        if self.kind is WeisKind.SEQUENCE:
            low = (mask & -mask).bit_length() - 1
            suit = max(low, 0) // 9
            if mask >> (9 * suit) >> 9 or _run_bounds(mask >> (9 * suit)) is None:
                raise JassError(
                    f"{self.cards or 'no cards'} is no sequence: a sequence is three or more cards "
                    "of one suit in the order 6 7 8 9 10 J Q K A (W2)"
                )
        elif self.kind is WeisKind.FOUR_OF_A_KIND:
            if mask not in _RANK_MASKS:
                raise JassError(f"{self.cards or 'no cards'} is not four cards of one rank (W3)")
        else:
            raise JassError(f"unknown Weis kind {excerpt(self.kind)}: a WeisKind (SEQUENCE or FOUR_OF_A_KIND)")
        if not isinstance(self.points, int) or isinstance(self.points, bool) or self.points <= 0:
            raise JassError(f"a Weis is worth a positive number of points (a whole number), not {excerpt(self.points)}")

    @classmethod
    def from_cards(cls, cards: HandLike, ruleset: Ruleset | str = CLASSIC) -> Weis:
        """The Weis made of exactly ``cards``, its points from ``ruleset`` (W2, W3).

        >>> Weis.from_cards("9♣ 9♠ 9♥ 9♦", MODERN).points
        150
        >>> Weis.from_cards("9♣ 9♠ 9♥ 9♦")
        Traceback (most recent call last):
        ...
        jasslib.errors.JassError: four Nines are no Weis under the classic rules (W3)
        """
        ruleset = Ruleset.parse(ruleset)
        mask = _as_cardset(cards).mask
        if mask in _RANK_MASKS:
            rank = _RANK_MASKS.index(mask)
            points = _four_points(rank, ruleset.four_nines)
            if points is None:
                raise JassError(
                    f"four {_PLURALS['french'][rank]} are no Weis under the {ruleset.name} rules (W3)"
                )
            return cls(WeisKind.FOUR_OF_A_KIND, CardSet.from_mask(mask), points)
        low = (mask & -mask).bit_length() - 1
        suit = max(low, 0) // 9
        chunk = mask >> (9 * suit)
        if chunk >> 9 or _run_bounds(chunk) is None:
            raise JassError(
                f"{CardSet.from_mask(mask) or 'no cards'} is no Weis: expected three or more cards of one "
                "suit in the order 6 7 8 9 10 J Q K A (W2) or four cards of one rank (W3)"
            )
        return cls(WeisKind.SEQUENCE, CardSet.from_mask(mask), ruleset.sequence_points(chunk.bit_count()))

    @property
    def mask(self) -> int:
        """The raw mask of the Weis's cards."""
        return self.cards.mask

    @property
    def length(self) -> int:
        """Number of cards (4 for four of a kind)."""
        return self.cards.mask.bit_count()

    @property
    def is_sequence(self) -> bool:
        """True for a sequence, False for four of a kind."""
        return self.kind is WeisKind.SEQUENCE

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence; ``None`` for four of a kind."""
        if self.kind is not WeisKind.SEQUENCE:
            return None
        mask = self.cards.mask
        return Suit(((mask & -mask).bit_length() - 1) // 9)

    @property
    def rank(self) -> Rank | None:
        """The rank of four of a kind; ``None`` for a sequence (see :attr:`top`)."""
        if self.kind is not WeisKind.FOUR_OF_A_KIND:
            return None
        return Rank(_RANK_MASKS.index(self.cards.mask))

    @property
    def top(self) -> Rank:
        """The highest natural rank of a sequence; the rank of four of a kind (W6)."""
        return Rank((self.cards.mask.bit_length() - 1) % 9)

    @property
    def bottom(self) -> Rank:
        """The lowest natural rank of a sequence; the rank of four of a kind."""
        mask = self.cards.mask
        return Rank(((mask & -mask).bit_length() - 1) % 9)

    @property
    def label(self) -> str:
        """A short name: ``'sequence of 4'`` or ``'four Jacks'``."""
        if self.kind is WeisKind.SEQUENCE:
            return f"sequence of {self.length}"
        return f"four {_PLURALS['french'][self.top]}"

    def format(self, style: str = "french") -> str:
        """A readable description in one of :data:`jasslib.cards.STYLES`."""
        if style not in STYLES:
            raise CardParseError(f"unknown style {style!r}: expected one of {', '.join(STYLES)}")
        if self.kind is WeisKind.FOUR_OF_A_KIND:
            return f"four {_PLURALS[style][self.top]} ({self.points})"
        dash = "-" if style == "ascii" else "–"
        suit = self.suit
        assert suit is not None
        return (
            f"sequence of {self.length} {suit.format(style)} "
            f"{self.bottom.format(style)}{dash}{self.top.format(style)} ({self.points})"
        )

    def __str__(self) -> str:
        return self.format()


def four_points(rank: Rank | int | str, ruleset: Ruleset | str = CLASSIC) -> int | None:
    """W3: the points of four cards of ``rank`` under ``ruleset``, or ``None`` when they are no Weis.

    >>> four_points(Rank.JACK), four_points(Rank.ACE), four_points(Rank.NINE), four_points(Rank.EIGHT)
    (200, 100, None, None)
    >>> from jasslib.rulesets import MODERN
    >>> four_points(Rank.NINE, MODERN)
    150
    """
    r = rank if type(rank) is Rank else Rank.parse(rank)
    return _four_points(int(r), Ruleset.parse(ruleset).four_nines)


def _four_points(rank: int, four_nines: int | None) -> int | None:
    """W3: points of four cards of rank index ``rank``, or ``None`` when they are no Weis (the one table)."""
    if rank == Rank.JACK:
        return 200
    if rank in (Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE):
        return 100
    if rank == Rank.NINE:
        return four_nines
    return None


# ---------------------------------------------------------------------------------------------
# Tables and caches (keyed by the Weis scale so that custom rulesets share them when equal).

_Key = tuple[tuple[int, ...], int | None]


def _key(ruleset: Ruleset | str) -> _Key:
    rs = ruleset if type(ruleset) is Ruleset else Ruleset.parse(ruleset)
    return (rs.sequence_scale, rs.four_nines)


def _natural_order(w: Weis) -> tuple[int, ...]:
    """Sort key for :func:`find_weis`: W6 without a contract (natural ranks, no trump), then suit."""
    suit = w.suit
    return (-w.points, -w.length, -w.top, w.kind is WeisKind.SEQUENCE, -1 if suit is None else int(suit))


@cache
def _tables(key: _Key) -> tuple[tuple[tuple[Weis, ...], ...], tuple[tuple[int, Weis], ...]]:
    """Per suit chunk value (``suit * 512 + chunk``) its sequences; and the eligible four-of-a-kinds."""
    scale, four_nines = key
    seq: dict[tuple[int, int, int], Weis] = {}
    for suit in range(4):
        for low in range(9):
            for top in range(low + 2, 9):
                chunk = (1 << (top + 1)) - (1 << low)
                seq[suit, low, top] = Weis(
                    WeisKind.SEQUENCE, CardSet.from_mask(chunk << (9 * suit)), scale[top - low + 1 - 3]
                )
    per_chunk: list[tuple[Weis, ...]] = []
    for suit in range(4):
        for chunk in range(512):
            found = []
            r = 0
            while r < 9:
                if chunk >> r & 1:
                    start = r
                    while r < 9 and chunk >> r & 1:
                        r += 1
                    end = r - 1  # the run is start..end
                    for low in range(start, end - 1):
                        for top in range(low + 2, end + 1):
                            found.append(seq[suit, low, top])
                else:
                    r += 1
            per_chunk.append(tuple(sorted(found, key=_natural_order)))
    fours = []
    for rank in range(9):
        points = _four_points(rank, four_nines)
        if points is not None:
            fours.append(
                (
                    _RANK_MASKS[rank],
                    Weis(WeisKind.FOUR_OF_A_KIND, CardSet.from_mask(_RANK_MASKS[rank]), points),
                )
            )
    return tuple(per_chunk), tuple(fours)


@lru_cache(maxsize=1 << 16)
def _find(mask: int, key: _Key) -> tuple[Weis, ...]:
    per_chunk, fours = _tables(key)
    found: list[Weis] = [w for m, w in fours if mask & m == m]
    for suit in range(4):
        chunk = (mask >> (9 * suit)) & 0x1FF
        if chunk & (chunk >> 1) & (chunk >> 2):  # at least three adjacent cards
            found.extend(per_chunk[suit * 512 + chunk])
    if len(found) > 1:
        found.sort(key=_natural_order)
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _maximal_sets(mask: int, key: _Key) -> tuple[tuple[Weis, ...], ...]:
    """Every maximal set of pairwise disjoint Weis of the hand (W4)."""
    weis = _find(mask, key)
    n = len(weis)
    if n <= 1:
        return (weis,)
    masks = [w.cards.mask for w in weis]
    later = [0] * (n + 1)  # union of masks[i:], for pruning
    for i in range(n - 1, -1, -1):
        later[i] = later[i + 1] | masks[i]
    out: list[tuple[Weis, ...]] = []
    chosen: list[Weis] = []

    def rec(i: int, used: int) -> None:
        if i == n:
            if all(m & used for m in masks):
                out.append(tuple(chosen))
            return
        m = masks[i]
        if m & used:
            rec(i + 1, used)
            return
        chosen.append(weis[i])
        rec(i + 1, used | m)
        chosen.pop()
        # Leaving out a Weis that fits is only maximal if a later chosen Weis overlaps it.
        if m & later[i + 1]:
            rec(i + 1, used)

    rec(0, 0)
    return tuple(out)


@cache
def _four_eligible(four_nines: int | None) -> int:
    """W3 as a rank mask: the ranks whose four of a kind is a Weis (from :func:`_four_points`)."""
    return sum(1 << r for r in range(9) if _four_points(r, four_nines) is not None)


_RUN_STARTS = sum(0b1111111 << (9 * s) for s in range(4))  # where a run of three can start within a suit


def has_weis(hand: HandLike | int, ruleset: Ruleset | str = CLASSIC) -> bool:
    """True when the hand holds at least one Weis (a fast test; see :func:`find_weis`).

    ``hand`` may also be a raw card mask (engine fast path).

    >>> has_weis("6♣ 7♣ 8♣"), has_weis("6♣ 7♣ 9♣"), has_weis("9♣ 9♠ 9♥ 9♦"), has_weis("9♣ 9♠ 9♥ 9♦", MODERN)
    (True, False, False, True)
    """
    if type(hand) is int:
        if not 0 <= hand <= FULL_MASK:
            raise CardParseError(f"a card mask must be a number between 0 and 2**36 - 1, got {excerpt(hand)}")
        mask = hand
    else:
        mask = _hand_mask(hand)
    eligible = _four_eligible(_key(ruleset)[1])
    return bool(mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS or mask & (mask >> 9) & (mask >> 18) & (mask >> 27)
                & eligible)


def best_declarations(masks: Sequence[int], contract: Contract, ruleset: Ruleset | str = CLASSIC
                      ) -> tuple[Declaration, ...]:
    """:func:`best_declaration` of several hands given as raw masks (the engine's fast path).

    >>> [str(d) for d in best_declarations([0b111, 0b101], Contract.CLUBS)]
    ['sequence of 3 ♣ 6–8 (20)', 'no Weis']
    """
    scale, nines = _key(ruleset)
    eligible = _four_eligible(nines)
    empty = _empty(contract)
    return tuple(
        _best(m, contract, scale, nines)
        if m & (m >> 1) & (m >> 2) & _RUN_STARTS or m & (m >> 9) & (m >> 18) & (m >> 27) & eligible
        else empty
        for m in masks
    )


# ---------------------------------------------------------------------------------------------
# Input checks


def _as_cardset(hand: HandLike | int) -> CardSet:
    if isinstance(hand, CardSet):
        return hand
    if isinstance(hand, int) and not isinstance(hand, bool):
        raise CardParseError(
            f"expected cards (a CardSet, card text or a list of cards), got the number {excerpt(hand)}"
        )
    return CardSet(hand)  # text, or an iterable of card-likes; anything else is refused there


def _check_weis(weis: object) -> Weis:
    if not isinstance(weis, Weis):
        raise JassError(f"expected a Weis (see find_weis and Weis.from_cards), got {excerpt(weis)}")
    return weis


def _four(items: object, what: str) -> tuple[object, object, object, object]:
    """Exactly four items, one per seat 0..3 (the size is checked before any item is read)."""
    if isinstance(items, (list, tuple)):
        n, more = len(items), ""
        if n == 4:
            return (items[0], items[1], items[2], items[3])
    elif isinstance(items, (str, bytes, CardSet)) or not isinstance(items, Iterable):
        raise JassError(f"expected 4 {what}, one per seat 0..3 (a list or tuple), got {excerpt(items)}")
    else:
        out = tuple(itertools.islice(items, 5))
        n, more = len(out), " or more" if len(out) == 5 else ""
        if n == 4:
            return (out[0], out[1], out[2], out[3])
    raise HandSizeError(f"expected 4 {what}, one per seat 0..3, got {n:,}{more}")


def _sequence(items: object, what: str, limit: int) -> tuple[object, ...]:
    """``items`` as a tuple when it is a list, tuple or other iterable of at most ``limit`` items (else an error).

    The size is checked before any item is read.
    """
    if isinstance(items, (list, tuple)):
        if len(items) > limit:
            raise HandSizeError(f"expected at most {limit} {what}, got {len(items):,}")
        return tuple(items)
    if isinstance(items, (str, bytes, CardSet)) or not isinstance(items, Iterable):
        raise JassError(f"expected {what} (a list or tuple), got {excerpt(items)}")
    out = tuple(itertools.islice(items, limit + 1))
    if len(out) > limit:
        raise HandSizeError(f"expected at most {limit} {what}, got more")
    return out


def _hand_mask(hand: HandLike | int) -> int:
    """The mask of a hand of 1..9 distinct cards, or a specific error (D1, D3; a number is refused)."""
    cards = _as_cardset(hand)
    n = len(cards)
    if not 1 <= n <= 9:
        shown = f": {cards}" if n else ""
        raise HandSizeError(f"a hand holds 1 to 9 cards (D3), got {n}{shown}")
    return cards.mask


def _contract(contract: Contract | int | str) -> Contract:
    return contract if isinstance(contract, Contract) else Contract.parse(contract)


# ---------------------------------------------------------------------------------------------
# Finding Weis


def find_weis(hand: HandLike, ruleset: Ruleset | str = CLASSIC) -> list[Weis]:
    """Every single Weis in ``hand`` (W1–W3), overlapping ones included.

    Every run of three or more adjacent natural ranks in one suit is listed, and every sub-run of
    a longer run (a 5-card run gives three 3-runs, two 4-runs and one 5-run), with the points of
    ``ruleset.sequence_points``; then four J (200), four A, K, Q or 10 (100), four 9 only when
    ``ruleset.four_nines`` is set.  Only the cards given count (W1: pass the initial hand).
    Order: strongest first by W6 with natural ranks and no trump, then suit order.

    >>> [str(w) for w in find_weis("9♥ 10♥ J♥ Q♥ 8♣")]
    ['sequence of 4 ♥ 9–Q (50)', 'sequence of 3 ♥ 10–Q (20)', 'sequence of 3 ♥ 9–J (20)']
    >>> find_weis("9♣ 9♠ 9♥ 9♦"), [str(w) for w in find_weis("9♣ 9♠ 9♥ 9♦", MODERN)]
    ([], ['four Nines (150)'])
    >>> find_weis("A♣ A♣")
    Traceback (most recent call last):
    ...
    jasslib.errors.DuplicateCardError: card A♣ appears twice (D1: each of the 36 cards exists once)
    """
    return list(_find(_hand_mask(hand), _key(ruleset)))


# ---------------------------------------------------------------------------------------------
# Strength (W6)


def _strength(w: Weis, contract: Contract) -> tuple[int, int, int, int]:
    top = (w.cards.mask.bit_length() - 1) % 9
    rank = 8 - top if contract is Contract.UNDENUFE else top
    trump = 0
    if w.kind is WeisKind.SEQUENCE and contract < 4:
        mask = w.cards.mask
        trump = int(((mask & -mask).bit_length() - 1) // 9 == contract)
    return (w.points, w.cards.mask.bit_count(), rank, trump)


def weis_strength(weis: Weis, contract: Contract | int | str) -> tuple[int, int, int, int]:
    """A sort key for one Weis under ``contract`` (W6), bigger is stronger, without the positional tie-break.

    The key is ``(points, cards, rank, trump)``: rank is the top of a sequence or the rank of four of
    a kind (0 = 6 .. 8 = A), reversed in Undenufe; ``trump`` is 1 for a sequence in the trump suit.

    >>> weis_strength(Weis.from_cards("10♠ J♠ Q♠ K♠"), Contract.SPADES)
    (50, 4, 7, 1)
    >>> weis_strength(Weis.from_cards("10♠ J♠ Q♠ K♠"), Contract.UNDENUFE)
    (50, 4, 1, 0)
    """
    return _strength(_check_weis(weis), _contract(contract))


def compare_weis(a: Weis, b: Weis, contract: Contract | int | str) -> int:
    """``+1`` when ``a`` is stronger than ``b`` under ``contract`` (W6), ``-1`` when weaker, ``0`` when equal.

    Equal Weis are decided by position: the earlier player in the first trick wins (see :func:`contest`).

    >>> k, a = Weis.from_cards("J♦ Q♦ K♦"), Weis.from_cards("Q♣ K♣ A♣")
    >>> compare_weis(a, k, Contract.HEARTS), compare_weis(a, k, Contract.UNDENUFE), compare_weis(k, k, 0)
    (1, -1, 0)
    """
    c = _contract(contract)
    ka, kb = _strength(_check_weis(a), c), _strength(_check_weis(b), c)
    return (ka > kb) - (ka < kb)


_EARLIER_WINS = "the earlier player in the first trick wins"
"""The last key of W6 in words: between equally strong Weis the one announced first wins (one place for it)."""


def explain_comparison(a: Weis, b: Weis, contract: Contract | int | str) -> str:
    """The comparison of W6 that decides between ``a`` and ``b``, in words (from the winner's side).

    >>> seq = Weis.from_cards
    >>> explain_comparison(seq("6♣ 7♣ 8♣ 9♣ 10♣"), seq("6♠ 7♠ 8♠ 9♠ 10♠ J♠"), Contract.HEARTS)
    'six cards beat five'
    >>> explain_comparison(seq("6♣ 7♣ 8♣"), seq("6♠ 7♠ 8♠ 9♠"), Contract.HEARTS)
    '50 beats 20'
    >>> explain_comparison(seq("6♣ 7♣ 8♣ 9♣ 10♣"), seq("J♠ J♥ J♦ J♣"), Contract.HEARTS)
    '200 beats 100'
    >>> explain_comparison(seq("J♣ Q♣ K♣"), seq("Q♠ K♠ A♠"), Contract.HEARTS)
    'a sequence up to the ace beats one up to the king'
    >>> explain_comparison(seq("J♣ Q♣ K♣"), seq("Q♠ K♠ A♠"), Contract.UNDENUFE)
    'in Undenufe the lower sequence wins, so up to the king beats up to the ace'
    >>> explain_comparison(seq("J♣ Q♣ K♣"), seq("J♠ Q♠ K♠"), Contract.SPADES)
    'a trump sequence beats a non-trump one'
    >>> explain_comparison(seq("J♣ Q♣ K♣"), seq("J♠ Q♠ K♠"), Contract.HEARTS)
    'they are equally strong, so the earlier player in the first trick wins'
    """
    c = _contract(contract)
    ka, kb = _strength(_check_weis(a), c), _strength(_check_weis(b), c)
    if ka == kb:
        return f"they are equally strong, so {_EARLIER_WINS}"
    hi, lo = (a, b) if ka > kb else (b, a)
    kh, kl = max(ka, kb), min(ka, kb)
    if kh[0] != kl[0]:
        return f"{hi.points} beats {lo.points}"
    if kh[1] != kl[1]:
        return f"{_NUMBER_WORDS[hi.length]} cards beat {_NUMBER_WORDS[lo.length]}"
    if kh[2] != kl[2]:
        prefix = "in Undenufe the lower {} wins, so " if c is Contract.UNDENUFE else ""
        if hi.is_sequence and lo.is_sequence:
            if prefix:
                return (
                    prefix.format("sequence")
                    + f"up to the {_RANK_WORDS[hi.top]} beats up to the {_RANK_WORDS[lo.top]}"
                )
            return f"a sequence up to the {_RANK_WORDS[hi.top]} beats one up to the {_RANK_WORDS[lo.top]}"
        if not hi.is_sequence and not lo.is_sequence:
            return prefix.format("four of a kind") + f"{hi.label} beat {lo.label}"
        return prefix.format("rank") + f"the {_RANK_WORDS[hi.top]} beats the {_RANK_WORDS[lo.top]}"
    return "a trump sequence beats a non-trump one"


# ---------------------------------------------------------------------------------------------
# Declarations (W4, W5)


@dataclass(frozen=True)
class Declaration:
    """A player's declaration: disjoint Weis (W4) under ``contract``, strongest first (W6).

    >>> d = Declaration((Weis.from_cards("6♥ 7♥ 8♥"), Weis.from_cards("Q♣ Q♠ Q♥ Q♦")), Contract.HEARTS)
    >>> d.points, str(d.strongest), len(d.cards), bool(d)
    (120, 'four Queens (100)', 7, True)
    >>> print(d)
    four Queens (100) + sequence of 3 ♥ 6–8 (20) = 120
    >>> bool(Declaration((), Contract.HEARTS)), str(Declaration((), Contract.HEARTS))
    (False, 'no Weis')
    >>> Declaration((Weis.from_cards("Q♥ K♥ A♥"), Weis.from_cards("Q♣ Q♠ Q♥ Q♦")), Contract.HEARTS)
    Traceback (most recent call last):
    ...
    jasslib.errors.DuplicateCardError: Q♥ is in two Weis of one declaration:
    a card counts in one Weis only (W4)
    """

    weis: tuple[Weis, ...]
    contract: Contract
    points: int = field(init=False, compare=False, repr=False)
    cards: CardSet = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        contract = _contract(self.contract)
        weis: tuple[Weis, ...] = tuple(
            _check_weis(w) for w in _sequence(self.weis, "Weis in a declaration", 12)  # 36 cards: at most 12 Weis
        )
        used = 0
        for w in weis:
            overlap = used & w.cards.mask
            if overlap:
                raise DuplicateCardError(
                    f"{CardSet.from_mask(overlap)} is in two Weis of one declaration: "
                    "a card counts in one Weis only (W4)"
                )
            used |= w.cards.mask
        if len(weis) > 1:
            weis = tuple(sorted(weis, key=lambda w: (_strength(w, contract), -w.cards.mask), reverse=True))
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "weis", weis)
        object.__setattr__(self, "points", sum(w.points for w in weis))
        object.__setattr__(self, "cards", CardSet.from_mask(used))

    @property
    def strongest(self) -> Weis | None:
        """The strongest single Weis under the contract (W6), or ``None`` when empty."""
        return self.weis[0] if self.weis else None

    def __bool__(self) -> bool:
        return bool(self.weis)

    def __len__(self) -> int:
        return len(self.weis)

    def format(self, style: str = "french") -> str:
        """The Weis joined by ``+`` with the total, or ``'no Weis'``."""
        if not self.weis:
            return "no Weis"
        if len(self.weis) == 1:
            return self.weis[0].format(style)
        return " + ".join(w.format(style) for w in self.weis) + f" = {self.points}"

    def __str__(self) -> str:
        return self.format()



def _declaration_order(d: Declaration) -> tuple[object, ...]:
    """W5 (total, then strongest Weis), then the other Weis, then card masks for determinism."""
    c = d.contract
    return (d.points, tuple(_strength(w, c) for w in d.weis), tuple(-w.cards.mask for w in d.weis))


@lru_cache(maxsize=1 << 16)
def _declarations(mask: int, contract: Contract, key: _Key) -> tuple[Declaration, ...]:
    decls = [Declaration(s, contract) for s in _maximal_sets(mask, key)]
    if len(decls) > 1:
        decls.sort(key=_declaration_order, reverse=True)
    return tuple(decls)


def declarations(
    hand: HandLike, contract: Contract | int | str, ruleset: Ruleset | str = CLASSIC
) -> list[Declaration]:
    """Every way to declare ``hand``'s Weis (W4, W5), best first.

    Each declaration is a *maximal* set of pairwise disjoint Weis from :func:`find_weis`: no other
    Weis of the hand could be added without sharing a card.  Non-maximal sets are left out because
    adding a Weis only adds points, so they can never be best.  The list is sorted by W5: highest
    total first, then by the strongest Weis (W6 under ``contract``), then the next Weis.  The empty
    declaration is listed only when the hand has no Weis at all.

    >>> for d in declarations("6♣ 7♣ 8♣ 9♣ 10♣ J♣", Contract.CLUBS):
    ...     print(d)
    sequence of 6 ♣ 6–J (100)
    sequence of 5 ♣ 7–J (100)
    sequence of 5 ♣ 6–10 (100)
    sequence of 4 ♣ 8–J (50)
    sequence of 4 ♣ 7–10 (50)
    sequence of 4 ♣ 6–9 (50)
    sequence of 3 ♣ 9–J (20) + sequence of 3 ♣ 6–8 (20) = 40
    sequence of 3 ♣ 8–10 (20)
    sequence of 3 ♣ 7–9 (20)
    >>> declarations("A♣", Contract.CLUBS)
    [Declaration(weis=(), contract=Contract.CLUBS)]
    """
    return list(_declarations(_hand_mask(hand), _contract(contract), _key(ruleset)))


def best_declaration(
    hand: HandLike, contract: Contract | int | str, ruleset: Ruleset | str = CLASSIC
) -> Declaration:
    """The declaration of W5: the highest total; among equal totals the strongest single Weis (W6).

    The empty declaration (``bool(d) is False``) when the hand has no Weis.

    >>> print(best_declaration("6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", Contract.CLUBS))
    sequence of 5 ♥ 10–A (100) + sequence of 4 ♥ 6–9 (50) = 150
    >>> print(best_declaration("6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", Contract.UNDENUFE))
    sequence of 5 ♥ 6–10 (100) + sequence of 4 ♥ J–A (50) = 150
    >>> print(best_declaration("6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", Contract.CLUBS, MODERN))
    sequence of 9 ♥ 6–A (300)
    """
    mask = hand.mask if type(hand) is CardSet and 1 <= len(hand) <= 9 else _hand_mask(hand)
    c = contract if type(contract) is Contract else _contract(contract)
    return _best(mask, c, *_key(ruleset))


@lru_cache(maxsize=64)
def _empty(contract: Contract) -> Declaration:
    return Declaration((), contract)


@cache
def _suit_cache(key: _Key) -> dict[int, Declaration]:
    """Per Weis scale: the best declaration of one suit's cards alone, keyed by ``mask * 8 + contract``."""
    return {}


def _best(mask: int, contract: Contract, scale: tuple[int, ...], four_nines: int | None) -> Declaration:
    """:func:`best_declaration` on a mask.

    Without four of a kind the suits are independent: the best declaration is the union of each
    suit's best, and a hand holds at most one suit long enough (8+ cards) to have equal-total
    alternatives, so W5's tie-break is decided within that suit.  Hands with four of a kind take
    the general search over every maximal disjoint set.
    """
    key = (scale, four_nines)
    four = mask & (mask >> 9) & (mask >> 18) & (mask >> 27) & 0x1FF
    if four & _four_eligible(four_nines):
        return _declarations(mask, contract, key)[0]
    suit_cache = _suit_cache(key)
    found: Declaration | None = None
    for base in (0, 9, 18, 27):
        chunk = mask >> base & 0x1FF
        if chunk & (chunk >> 1) & (chunk >> 2):
            k = (chunk << base) * 8 + contract
            d = suit_cache.get(k)
            if d is None:
                d = suit_cache[k] = _declarations(chunk << base, contract, key)[0]
            found = d if found is None else _join(found, d)
    return _empty(contract) if found is None else found


def _join(a: Declaration, b: Declaration) -> Declaration:
    """Two declarations of disjoint cards as one (trusted: sorted as ``__post_init__`` would)."""
    contract = a.contract
    weis = tuple(sorted(a.weis + b.weis, key=lambda w: (_strength(w, contract), -w.cards.mask), reverse=True))
    d = object.__new__(Declaration)
    object.__setattr__(d, "weis", weis)
    object.__setattr__(d, "contract", contract)
    object.__setattr__(d, "points", a.points + b.points)
    object.__setattr__(d, "cards", CardSet.from_mask(a.cards.mask | b.cards.mask))
    return d


def strength_code(weis: Weis, contract: Contract | int | str) -> int:
    """:func:`weis_strength` packed into one int with the same order (for array-based backends).

    >>> a, b = Weis.from_cards("J♣ Q♣ K♣"), Weis.from_cards("Q♠ K♠ A♠")
    >>> (strength_code(a, 0) < strength_code(b, 0)) == (weis_strength(a, 0) < weis_strength(b, 0))
    True
    """
    points, cards, rank, trump = _strength(_check_weis(weis), _contract(contract))
    return ((points * 16 + cards) * 16 + rank) * 2 + trump


_Tables = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def fast_tables(contract: Contract | int | str, ruleset: Ruleset | str = CLASSIC) -> _Tables:
    """Tables from which an array backend assembles each hand's best declaration (W2–W6).

    Returns ``(suit_points, suit_code, four_points, four_code)``: for index ``suit * 512 + chunk``
    (the 9-bit mask of one suit's cards) the points and the :func:`strength_code` of the strongest
    Weis of that suit's best declaration on its own (0, 0 without a Weis); for each rank index, the
    points and code of four of a kind (0, 0 when four of that rank are no Weis).  Without four of a
    kind a hand's best declaration is the union of its suits' (see :func:`_best`).
    """
    return _fast_tables(_contract(contract), Ruleset.parse(ruleset))


@lru_cache(maxsize=64)
def _fast_tables(c: Contract, ruleset: Ruleset) -> _Tables:
    """:func:`fast_tables` of a checked contract and ruleset (cached)."""
    key = _key(ruleset)
    suit_points, suit_code = [], []
    for suit in range(4):
        for chunk in range(512):
            if chunk & (chunk >> 1) & (chunk >> 2):
                d = _declarations(chunk << (9 * suit), c, key)[0]
                suit_points.append(d.points)
                suit_code.append(strength_code(d.weis[0], c))
            else:
                suit_points.append(0)
                suit_code.append(0)
    four_points, four_code = [], []
    for rank in range(9):
        points = _four_points(rank, ruleset.four_nines)
        if points is None:
            four_points.append(0)
            four_code.append(0)
        else:
            w = Weis(WeisKind.FOUR_OF_A_KIND, CardSet.from_mask(_RANK_MASKS[rank]), points)
            four_points.append(points)
            four_code.append(strength_code(w, c))
    return tuple(suit_points), tuple(suit_code), tuple(four_points), tuple(four_code)


# ---------------------------------------------------------------------------------------------
# The contest (W6, W7)


@dataclass(frozen=True)
class ContestResult:
    """The Weis contest of one hand (W6, W7).

    Attributes:
        winner: the seat holding the strongest single Weis, or ``None`` when nobody has a Weis.
        team: the winner's team, or ``None``.
        points: per team, the Weis points before the multiplier: the winning team scores all the Weis
            of both its members' declarations, the other team 0 (W7).
        strongest: the strongest single Weis of the table.
        reason: the deciding comparison in words (computed when first asked for).
        declarations: each seat's declaration, indexed by seat.
        contract: the contract the Weis were compared under.
        forehand: the seat that leads the first trick (the positional tie-break of W6).
    """

    winner: Seat | None
    team: Team | None
    points: tuple[int, int]
    strongest: Weis | None
    declarations: tuple[Declaration, Declaration, Declaration, Declaration]
    contract: Contract
    forehand: Seat
    rival: tuple[Seat, Weis] | None = field(default=None, repr=False)
    """The other team's strongest Weis and its seat (what ``reason`` compares against)."""

    @cached_property
    def reason(self) -> str:
        """The deciding comparison in words."""
        if self.winner is None or self.strongest is None:
            return "no Weis at the table"
        seat, w = self.winner, self.strongest
        if self.rival is None:
            return f"{seat}'s {w.label} wins because {seat.team.other} has no Weis"
        r_seat, r_weis = self.rival
        why = explain_comparison(w, r_weis, self.contract)
        if compare_weis(w, r_weis, self.contract) == 0:  # the positional tie-break of W6
            return (f"{seat}'s {w.label} and {r_seat}'s {r_weis.label} are {why.removeprefix('they are ')}, "
                    f"and {seat} plays before {r_seat}")
        return f"{seat}'s {w.label} beats {r_seat}'s {r_weis.label} because {why}"

    def scored(self, ruleset: Ruleset | str = CLASSIC) -> tuple[int, int]:
        """:attr:`points` multiplied by the contract's factor, as recorded at once (W8, H2)."""
        factor = Ruleset.parse(ruleset).multiplier(self.contract)
        return (self.points[0] * factor, self.points[1] * factor)


    def __str__(self) -> str:
        if self.team is None:
            return self.reason
        return f"{self.team} wins the Weis, {self.points[0]}–{self.points[1]}: {self.reason}"


def _check_declarations(
    declarations_by_seat: Sequence[Declaration], contract: Contract
) -> tuple[Declaration, Declaration, Declaration, Declaration]:
    decls = _four(declarations_by_seat, "declarations")
    used = 0
    for seat, d in enumerate(decls):
        if not isinstance(d, Declaration):
            raise JassError(f"seat {seat}: expected a Declaration, got {d!r}")
        if d.contract is not contract:
            raise ContractError(
                f"seat {seat}'s declaration was made for {d.contract}, but the contest is under {contract}"
            )
        overlap = used & d.cards.mask
        if overlap:
            raise DuplicateCardError(
                f"{CardSet.from_mask(overlap)} is declared by two players (D1: each card exists once)"
            )
        used |= d.cards.mask
    return (decls[0], decls[1], decls[2], decls[3])  # type: ignore[return-value]  # each checked a Declaration


_ORDERS = tuple(tuple(Seat((f + k) % 4) for k in range(4)) for f in range(4))


def _playing_order(forehand: Seat) -> tuple[Seat, ...]:
    return _ORDERS[forehand]


def contest(
    declarations_by_seat: Sequence[Declaration], contract: Contract | int | str, forehand: Seat | int
) -> ContestResult:
    """Settle the Weis of the table (W6, W7) from each seat's declaration.

    Each player's strongest single Weis is the :attr:`Declaration.strongest` of their declaration
    (the contest compares the Weis that are declared).  The strongest of the table wins by W6; when
    two are equal the one declared earlier in the first trick wins: ``forehand`` first, then in
    playing order.  The winning team scores all the Weis of both its members' declarations, the
    other team none (W7).  ``reason`` compares the winner's Weis with the best of the other team.

    >>> decl = lambda text: best_declaration(text, Contract.SPADES)
    >>> r = contest([decl("6♣ 7♣ 8♣"), decl("6♥ 7♥ 8♥ 9♥"), decl("A♦"), decl("6♦ 7♦ 8♦")], Contract.SPADES, 0)
    >>> r.winner, r.team, r.points
    (Seat.S1, Team.T1, (0, 70))
    >>> r.reason
    "seat 1's sequence of 4 beats seat 0's sequence of 3 because 50 beats 20"
    >>> r = contest([decl("6♣ 7♣ 8♣"), decl("A♥"), decl("A♦"), decl("6♦ 7♦ 8♦")], Contract.SPADES, 3)
    >>> r.winner, r.points
    (Seat.S3, (0, 20))
    >>> print(r.reason)  # equal Weis: the positional tie-break of W6
    seat 3's sequence of 3 and seat 0's sequence of 3 are equally strong, so the earlier player in the first trick
    wins, and seat 3 plays before seat 0
    """
    c = _contract(contract)
    return _contest(_check_declarations(declarations_by_seat, c), c, Seat.parse(forehand))


def _contest(
    decls: tuple[Declaration, Declaration, Declaration, Declaration], c: Contract, fh: Seat
) -> ContestResult:
    """:func:`contest` on checked declarations (the engine's fast path)."""
    if not (decls[0].weis or decls[1].weis or decls[2].weis or decls[3].weis):
        return ContestResult(None, None, (0, 0), None, decls, c, fh)
    best: tuple[Seat, Weis] | None = None
    best_of_team: list[tuple[Seat, Weis] | None] = [None, None]
    best_key: tuple[int, ...] = (-1,)
    team_keys: list[tuple[int, ...]] = [(-1,), (-1,)]
    for seat in _playing_order(fh):
        w = decls[seat].strongest
        if w is None:
            continue
        k = _strength(w, c)
        if k > best_key:
            best, best_key = (seat, w), k
        if k > team_keys[seat % 2]:
            best_of_team[seat % 2], team_keys[seat % 2] = (seat, w), k
    if best is None:
        return ContestResult(None, None, (0, 0), None, decls, c, fh)
    seat, w = best
    team = seat.team
    total = decls[team.seats[0]].points + decls[team.seats[1]].points
    points = (total, 0) if team is Team.T0 else (0, total)
    return ContestResult(seat, team, points, w, decls, c, fh, best_of_team[1 - team])


def contest_hands(
    hands: Sequence[HandLike],
    contract: Contract | int | str,
    forehand: Seat | int,
    ruleset: Ruleset | str = CLASSIC,
) -> ContestResult:
    """:func:`contest` of four initial hands (indexed by seat), each declaring its :func:`best_declaration`.

    >>> hands = ["J♣ J♠ J♥ J♦", "6♠ 7♠ 8♠ 9♠ 10♠", "A♣ A♠ A♥ A♦", "6♥ 7♥ 8♥"]
    >>> r = contest_hands(hands, Contract.OBENABE, forehand=1)
    >>> r.winner, r.points, r.reason
    (Seat.S0, (300, 0), "seat 0's four Jacks beats seat 1's sequence of 5 because 200 beats 100")
    """
    c = _contract(contract)
    key = _key(ruleset)
    fh = Seat.parse(forehand)
    masks = [_hand_mask(h) for h in _four(hands, "hands (D3)")]  # type: ignore[arg-type]  # each checked
    used = 0
    for m in masks:
        if used & m:
            raise DuplicateCardError(
                f"{CardSet.from_mask(used & m)} is dealt to two seats (D1: each card exists once)"
            )
        used |= m
    return contest([_declarations(m, c, key)[0] for m in masks], c, fh)


# ---------------------------------------------------------------------------------------------
# The announcing dialogue (W8), for teaching

_REVEALS = ("points", "length", "top", "trump")


@dataclass(frozen=True)
class Announcement:
    """One player's announcement in the first trick (W8).

    Attributes:
        seat: who announces.
        weis: the strongest Weis of that player's declaration.
        reveals: what is said, a prefix of ``("points", "length", "top", "trump")``: the points, and
            the number of cards, the top card and whether it is trump only when the comparison with
            the best Weis announced so far needs them (the other player then answers in kind).
        leads: True when, after this announcement, this seat holds the best Weis announced.
        note: why it leads or not, in words.
        trump: True when the Weis is a sequence in the trump suit.
    """

    seat: Seat
    weis: Weis
    reveals: tuple[str, ...]
    leads: bool
    note: str
    trump: bool = False

    @property
    def words(self) -> str:
        """What the player says: ``'50'``, ``'50, four cards'``, ``'50, four cards up to the king'`` ..."""
        w = self.weis
        parts = [str(w.points)]
        if "length" in self.reveals:
            parts.append(f"{_NUMBER_WORDS[w.length]} cards" if w.is_sequence else "four of a kind")
        text = ", ".join(parts)
        if "top" in self.reveals:
            text += f" up to the {_RANK_WORDS[w.top]}" if w.is_sequence else f", {_PLURALS['french'][w.top]}"
        if "trump" in self.reveals:
            text += ", trump" if self.trump else ", not trump"
        return text

    def __str__(self) -> str:
        return f"{self.seat}: {self.words} ({self.note})"


def announcements(
    declarations_by_seat: Sequence[Declaration], contract: Contract | int | str, forehand: Seat | int
) -> list[Announcement]:
    """The announcing dialogue of W8 in first-trick order: a teaching display of :func:`contest`.

    Players speak in playing order from ``forehand``.  A player with a Weis announces the strongest
    one if nothing was announced yet or if it is at least as strong as the best announced so far
    (W6); a player with a weaker one, or none, stays silent.  The announcement reveals the points,
    then the number of cards, the top card and trump only as far as the comparison with the current
    best needs.  An equal Weis does not take the lead (the earlier player wins), so the last leader
    is always :func:`contest`'s winner.

    >>> decl = lambda text: best_declaration(text, Contract.HEARTS)
    >>> hands = ["6♣ 7♣ 8♣ 9♣", "A♥", "J♠ Q♠ K♠ A♠", "6♦ 7♦ 8♦"]
    >>> for a in announcements([decl(h) for h in hands], Contract.HEARTS, forehand=0):
    ...     print(a)
    seat 0: 50 (the first Weis announced)
    seat 2: 50, four cards up to the ace (beats seat 0: a sequence up to the ace beats one up to the nine)
    """
    c = _contract(contract)
    fh = Seat.parse(forehand)
    decls = _check_declarations(declarations_by_seat, c)
    out: list[Announcement] = []
    leader: tuple[Seat, Weis, tuple[int, int, int, int]] | None = None
    for seat in _playing_order(fh):
        w = decls[seat].strongest
        if w is None:
            continue
        k = _strength(w, c)
        if leader is None:
            out.append(Announcement(seat, w, ("points",), True, "the first Weis announced", bool(k[3])))
            leader = (seat, w, k)
            continue
        lseat, lw, lk = leader
        if k < lk:
            continue
        depth = next((i for i in range(4) if k[i] != lk[i]), 3 if c.has_trump else 2)
        if k > lk:
            note = f"beats {lseat}: {explain_comparison(w, lw, c)}"
            leader = (seat, w, k)
        else:
            note = f"equal to {lseat}: {_EARLIER_WINS}"
        out.append(Announcement(seat, w, _REVEALS[: depth + 1], k > lk, note, bool(k[3])))
    return out


# ---------------------------------------------------------------------------------------------
# Stöck (S1)


def stoeck_cards(contract: Contract | int | str) -> CardSet:
    """The trump K and Q (S1); empty for Obenabe and Undenufe.

    >>> stoeck_cards(Contract.HEARTS), stoeck_cards(Contract.OBENABE)
    (CardSet.parse('Q♥ K♥'), CardSet())
    """
    return CardSet.from_mask(STOECK_MASKS[_contract(contract)])


def has_stoeck(hand: HandLike, contract: Contract | int | str) -> bool:
    """True when the initial ``hand`` holds the trump K and Q (S1: worth :data:`STOECK_POINTS`).

    The two cards may also belong to a Weis.  There is no Stöck without trump.

    >>> has_stoeck("Q♥ K♥ A♥", Contract.HEARTS), has_stoeck("Q♥ K♥", Contract.OBENABE)
    (True, False)
    """
    return stoeck_mask_held(_hand_mask(hand), int(_contract(contract)))


def stoeck_mask_held(hand: int, contract: int) -> bool:
    """S1 on raw ints: the hand mask holds the trump K and Q of contract number ``contract``.

    The one home of the Stöck test; written in the subset of Python that numba compiles so that
    the fast backend runs this very function.

    >>> stoeck_mask_held(CardSet.parse("Q♥ K♥").mask, 2), stoeck_mask_held(CardSet.parse("Q♥ K♥").mask, 4)
    (True, False)
    """
    stoeck = STOECK_MASKS[contract]
    return stoeck != 0 and hand & stoeck == stoeck


def stoeck_holder(hands: Sequence[HandLike], contract: Contract | int | str) -> Seat | None:
    """S1: the seat whose initial hand holds the trump K and Q, or ``None``.

    >>> stoeck_holder(["A♥", "Q♥ K♥", "6♥", "7♥"], Contract.HEARTS), stoeck_holder(["A♥", "Q♥ K♥", "6♥", "7♥"], "♠")
    (Seat.S1, None)
    """
    c = int(_contract(contract))
    masks = [_hand_mask(h) for h in _four(hands, "hands (D3)")]  # type: ignore[arg-type]  # each checked
    for seat, mask in enumerate(masks):
        if stoeck_mask_held(mask, c):
            return Seat(seat)
    return None


def stoeck_points(contract: Contract | int | str, ruleset: Ruleset | str = CLASSIC) -> int:
    """S1 with C3: what Stöck is worth, already multiplied (0 without trump).

    >>> stoeck_points(Contract.HEARTS), stoeck_points(Contract.CLUBS), stoeck_points(Contract.OBENABE)
    (40, 20, 0)
    """
    c = _contract(contract)
    rs = ruleset if type(ruleset) is Ruleset else Ruleset.parse(ruleset)
    return STOECK_POINTS * rs.multiplier(c) if c.has_trump else 0
