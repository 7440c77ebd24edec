"""Cards: :class:`Suit`, :class:`Rank`, :class:`Card` and :class:`CardSet` (RULES.md D1, D2).

A card is an integer ``0..35``: ``suit * 9 + rank`` with suits ♣ ♠ ♥ ♦ (0..3)
and ranks 6 7 8 9 10 J Q K A (0..8).  A :class:`CardSet` is an immutable
36-bit mask, like python-chess's ``SquareSet``: bit ``i`` is set when card
``i`` is in the set.  The engine is suit-neutral; names and symbols are
presentation only (D2).

>>> Card.parse("A♣"), Card.parse("10h"), Card.parse("Rosen Under")
(Card.CA, Card.H10, Card.HJ)
>>> str(Card.H10), Card.H10.format("swiss"), Card.H10.format("ascii")
('10♥', 'Rosen Banner', 'TH')
>>> hand = CardSet.parse("A♣ K♣ 9♥")
>>> len(hand), Card.CK in hand, str(hand)
(3, True, 'K♣ A♣ 9♥')
>>> hand | CardSet.parse("6♦")
CardSet.parse('K♣ A♣ 9♥ 6♦')
"""

from __future__ import annotations

import enum
import numbers
import re
from collections.abc import Iterable, Iterator

from .errors import CardParseError, DuplicateCardError, excerpt

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "CardLike",
    "parse_cards",
    "FULL_MASK",
    "SUIT_MASKS",
    "STYLES",
    "restyle",
]

STYLES = ("french", "ascii", "swiss", "german")
"""Formatting styles: French symbols (default), ASCII letters, Swiss-German and German names."""

_MAX_NAME = 24
"""Text longer than this is no suit or rank name (the longest is 8 characters): refused before it is read."""


def _refuse(what: str, value: object, expected: str) -> CardParseError:
    """The error for a value that names no ``what``: a short excerpt of it and what is expected."""
    return CardParseError(f"unknown {what} {excerpt(value)}: expected {expected}")


def _plain_int(value: object) -> object:
    """A NumPy integer (a number read from a DataFrame's column or an array) as the Python int it holds; every other
    value as it is.  NumPy's bool stays what it is (no number here, as ``True`` is none).

    >>> import numpy as np
    >>> _plain_int(np.int64(7)), _plain_int(np.bool_(True)), _plain_int("7")
    (7, np.True_, '7')
    """
    if isinstance(value, (int, str)) or not isinstance(value, numbers.Integral) or type(value).__name__ == "bool_":
        return value
    return int(value)


def _small_int(value: object, cls: type[enum.IntEnum], size: int, what: str, expected: str) -> int | None:
    """``value`` as a number ``0..size-1`` when it is an int, a NumPy integer or a member of ``cls``; None for text.

    Booleans and members of other enums (a Suit where a Card is expected) are refused: they are ints to
    Python but name no ``what``.
    """
    value = _plain_int(value)
    if isinstance(value, int):
        if isinstance(value, cls):
            return int(value)
        if isinstance(value, (bool, enum.Enum)):
            raise _refuse(what, value, expected)
        if 0 <= value < size:
            return int(value)
        raise _refuse(what, value, expected)
    if isinstance(value, str):
        return None
    raise _refuse(what, value, expected)


class Suit(enum.IntEnum):
    """The four suits in the engine's order ♣ ♠ ♥ ♦ (D2).

    >>> Suit.parse("Schellen"), Suit.parse("♥"), Suit.parse("laub")
    (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    >>> Suit.HEARTS.symbol, Suit.HEARTS.format("swiss"), Suit.SPADES.format("german")
    ('♥', 'Rosen', 'Laub')
    """

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @property
    def symbol(self) -> str:
        """The French suit symbol ``♣ ♠ ♥ ♦``."""
        return _SUIT_SYMBOLS[self]

    @property
    def mask(self) -> int:
        """The 36-bit mask of the nine cards of this suit."""
        return SUIT_MASKS[self]

    def format(self, style: str = "french") -> str:
        """The suit's name in one of :data:`STYLES` (``french`` gives the symbol)."""
        return _SUIT_NAMES[_check_style(style)][self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str | int | Suit) -> Suit:
        """Parse a symbol, a letter (C S H D) or a French, Swiss-German or German name; 0..3 or a Suit passes.

        >>> Suit.parse(2), Suit.parse(Suit.CLUBS)
        (Suit.HEARTS, Suit.CLUBS)
        """
        if type(text) is Suit:
            return text
        expected = "♣ ♠ ♥ ♦, C S H D, a number 0..3, or a name such as clubs, Eicheln, Schilten, Rosen, Schellen, Laub"
        number = _small_int(text, cls, 4, "suit", expected)
        if number is not None:
            return _SUITS[number]
        assert isinstance(text, str)
        if len(text) <= _MAX_NAME:
            key = text.strip().lower()
            if key in _SUIT_WORDS:
                return _SUIT_WORDS[key]
        raise _refuse("suit", text, expected)

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise _refuse("suit", value, "a suit number 0..3 (♣ ♠ ♥ ♦)")


class Rank(enum.IntEnum):
    """The nine ranks in natural order 6 7 8 9 10 J Q K A (D1).

    >>> Rank.parse("Ober"), Rank.parse("T"), Rank.parse("Banner")
    (Rank.QUEEN, Rank.TEN, Rank.TEN)
    """

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def format(self, style: str = "french") -> str:
        """The rank's name in one of :data:`STYLES`."""
        return _RANK_NAMES[_check_style(style)][self]

    def __str__(self) -> str:
        return _RANK_NAMES["french"][self]

    @classmethod
    def parse(cls, text: str | int | Rank) -> Rank:
        """Parse ``6``..``10``, ``T``, ``J Q K A``, ``U O B`` or a name (Under, Ober, Banner ...).

        A rank index 0..8 (0 = 6 .. 8 = A) or a Rank passes through: ``Rank.parse(8)`` is the ace.
        """
        if type(text) is Rank:
            return text
        expected = "6 7 8 9 10 J Q K A (or T, U, O, B, Under, Ober, Banner), or an index 0..8"
        number = _small_int(text, cls, 9, "rank", expected)
        if number is not None:
            return _RANKS[number]
        assert isinstance(text, str)
        if len(text) <= _MAX_NAME:
            key = text.strip().lower()
            if key in _RANK_WORDS:
                return _RANK_WORDS[key]
        raise _refuse("rank", text, expected)

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        raise _refuse("rank", value, "a rank index 0..8 (6 7 8 9 10 J Q K A)")


def _check_style(style: str) -> str:
    if not isinstance(style, str) or style not in STYLES:
        raise CardParseError(f"unknown style {excerpt(style)}: expected one of {', '.join(STYLES)}")
    return style


_SUITS: tuple[Suit, ...] = tuple(Suit)
_RANKS: tuple[Rank, ...] = tuple(Rank)


_SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")
_SUIT_NAMES = {
    "french": _SUIT_SYMBOLS,
    "ascii": ("C", "S", "H", "D"),
    "swiss": ("Eicheln", "Schilten", "Rosen", "Schellen"),
    "german": ("Eichel", "Laub", "Herz", "Schellen"),
}
_RANK_NAMES = {
    "french": ("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "ascii": ("6", "7", "8", "9", "T", "J", "Q", "K", "A"),
    "swiss": ("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass"),
    "german": ("6", "7", "8", "9", "10", "Unter", "Ober", "König", "Ass"),
}

_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in zip(
    Suit,
    (
        "♣ ♧ c club clubs eicheln eichel acorns acorn e",
        "♠ ♤ s spade spades schilten schilte shields shield laub leaves leaf l",
        "♥ ♡ h heart hearts rosen rose roses herz herzen r",
        "♦ ♢ d diamond diamonds schellen schelle bells bell",
    ),
):
    for _w in _words.split():
        _SUIT_WORDS[_w] = _suit
_RANK_WORDS: dict[str, Rank] = {}
for _rank, _words in zip(
    Rank,
    (
        "6 six",
        "7 seven",
        "8 eight",
        "9 nine",
        "10 t ten banner b zehn",
        "j jack u under unter",
        "q queen o ober",
        "k king könig koenig konig",
        "a ace ass",
    ),
):
    for _w in _words.split():
        _RANK_WORDS[_w] = _rank
del _suit, _rank, _words, _w

_MAX_CARD_TEXT = 2 * _MAX_NAME
"""The longest text read as one card (the longest name, "Schilten Banner", has 15 characters; spaces
around are allowed): longer text is refused at once, without being read."""
_CARD_EXPECTED = ("a rank (6 7 8 9 10 J Q K A, or T, U, O, B) and a suit (♣ ♠ ♥ ♦, C S H D, or a Swiss/German "
                  "suit name)")


class Card(enum.IntEnum):
    """One of the 36 cards, an integer ``suit * 9 + rank`` (members ``C6`` .. ``DA``).

    >>> Card.HJ.suit, Card.HJ.rank, int(Card.HJ)
    (Suit.HEARTS, Rank.JACK, 23)
    >>> Card.make(Suit.SPADES, Rank.TEN)
    Card.S10
    >>> [str(c) for c in (Card.parse("TC"), Card.parse("♥J"), Card.parse("Schellen Ass"))]
    ['10♣', 'J♥', 'A♦']
    """

    # fmt: off
    C6 = 0; C7 = 1; C8 = 2; C9 = 3; C10 = 4; CJ = 5; CQ = 6; CK = 7; CA = 8  # noqa: E702
    S6 = 9; S7 = 10; S8 = 11; S9 = 12; S10 = 13; SJ = 14; SQ = 15; SK = 16; SA = 17  # noqa: E702
    H6 = 18; H7 = 19; H8 = 20; H9 = 21; H10 = 22; HJ = 23; HQ = 24; HK = 25; HA = 26  # noqa: E702
    D6 = 27; D7 = 28; D8 = 29; D9 = 30; D10 = 31; DJ = 32; DQ = 33; DK = 34; DA = 35  # noqa: E702
    # fmt: on

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _CARD_SUIT[self]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _CARD_RANK[self]

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    @classmethod
    def make(cls, suit: Suit | int | str, rank: Rank | int | str) -> Card:
        """The card of ``suit`` and ``rank`` (each as :meth:`Suit.parse` and :meth:`Rank.parse` take them)."""
        s = suit if type(suit) is Suit else Suit.parse(suit)
        r = rank if type(rank) is Rank else Rank.parse(rank)
        return _CARDS[s * 9 + r]

    def format(self, style: str = "french") -> str:
        """Format in one of :data:`STYLES`: ``'A♣'``, ``'AC'``, ``'Eicheln Ass'``, ``'Eichel Ass'``.

        >>> [Card.SQ.format(s) for s in STYLES]
        ['Q♠', 'QS', 'Schilten Ober', 'Laub Ober']
        """
        _check_style(style)
        if style in ("french", "ascii"):
            return self.rank.format(style) + self.suit.format(style)
        return f"{self.suit.format(style)} {self.rank.format(style)}"

    def __str__(self) -> str:
        return _CARD_STR[self]

    def __format__(self, spec: str) -> str:
        return self.format(spec) if spec else str(self)

    @classmethod
    def parse(cls, text: str | int | Card) -> Card:
        """Parse one card from text in any supported form; an int 0..35 (a NumPy integer too) or a Card passes through.

        Accepted: ``"A♣"``, ``"10♥"``, ``"AC"``, ``"TC"``, ``"10c"``, ``"♥J"``, ``"CA"``,
        ``"Rosen Under"``, ``"Eichel-Ober"``, ``"Ober Eicheln"``, ``"Schellen 10"``.  Refused: anything
        else, also ``True`` and other enums' members (``Suit.HEARTS`` is no card), and text longer than
        any card's name (at once, whatever its length).

        >>> Card.parse(True)
        Traceback (most recent call last):
        ...
        jasslib.errors.CardParseError: unknown card True: expected a card, a number 0..35 or text such as 'A♣'
        """
        if type(text) is Card:
            return text
        if type(text) is int and 0 <= text < 36:
            return _CARDS[text]
        if isinstance(text, str):
            card = _parse_card_text(text)
            if card is None:
                raise _refuse("card", text, _CARD_EXPECTED)
            return card
        number = _small_int(text, cls, 36, "card", "a card, a number 0..35 or text such as 'A♣'")
        assert number is not None  # _small_int refuses what is neither an int nor text
        return _CARDS[number]

    @classmethod
    def _missing_(cls, value: object) -> Card:
        raise _refuse("card", value, "a card number 0..35")


_CARDS: tuple[Card, ...] = tuple(Card)
_CARD_SUIT: tuple[Suit, ...] = tuple(Suit(i // 9) for i in range(36))
_CARD_RANK: tuple[Rank, ...] = tuple(Rank(i % 9) for i in range(36))
_CARD_STR: tuple[str, ...] = tuple(
    _RANK_NAMES["french"][i % 9] + _SUIT_SYMBOLS[i // 9] for i in range(36)
)


def parse_cards(text: str, limit: int = 36, what: str = "card text") -> list[Card]:
    """The cards of ``text`` in the order written (separated by spaces or commas), each checked by :meth:`Card.parse`.

    At most ``limit`` cards: longer text is refused before it is read.  Duplicates are the caller's to refuse
    (:class:`CardSet` does; a trick does).

    >>> parse_cards("K♦ 8♥, Rosen Under")
    [Card.DK, Card.H8, Card.HJ]
    """
    if not isinstance(text, str):
        raise CardParseError(f"expected card text such as 'A♣ K♣ 9♥', got {excerpt(text)}")
    longest = limit * (_MAX_CARD_TEXT + 2)
    if len(text) > longest:
        raise CardParseError(
            f"{what} of {len(text):,} characters is longer than {limit} cards can be ({longest}): {excerpt(text)}"
        )
    tokens: list[str] = []
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if " " in part and _parse_card_text(part) is not None:
            tokens.append(part)  # a two-word name such as "Eicheln Ass"
        else:
            tokens.extend(t for t in part.split() if t)
    return [Card.parse(t) for t in tokens]


def _parse_card_text(text: str) -> Card | None:
    """The card ``text`` names, or None (text longer than any card's name is not read: O(1) for it)."""
    if len(text) > _MAX_CARD_TEXT:
        return None
    s = text.strip().lower().replace("_", " ")
    if not s:
        return None
    parts = [p for p in re.split(r"[\s\-]+", s) if p]
    if len(parts) == 2:
        a, b = parts
        for rank_word, suit_word in ((a, b), (b, a)):
            if rank_word in _RANK_WORDS and suit_word in _SUIT_WORDS:
                return Card.make(_SUIT_WORDS[suit_word], _RANK_WORDS[rank_word])
        return None
    if len(parts) != 1:
        return None
    # One token: split it into a rank part and a suit part, in either order.
    for i in range(1, len(s)):
        head, tail = s[:i], s[i:]
        if head in _RANK_WORDS and tail in _SUIT_WORDS:
            return Card.make(_SUIT_WORDS[tail], _RANK_WORDS[head])
        if head in _SUIT_WORDS and tail in _RANK_WORDS:
            return Card.make(_SUIT_WORDS[head], _RANK_WORDS[tail])
    return None


CardLike = Card | int | str
"""Anything :meth:`Card.parse` accepts."""

FULL_MASK = (1 << 36) - 1
"""The mask of the whole deck."""
SUIT_MASKS: tuple[int, int, int, int] = (0x1FF, 0x1FF << 9, 0x1FF << 18, 0x1FF << 27)
"""The mask of each suit's nine cards, indexed by suit."""

# Card indexes of a mask, precomputed per 9-bit suit chunk for fast iteration.
_CHUNK_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(9) if m >> i & 1) for m in range(512)
)


# Per suit, per 9-bit chunk: the tuple of Card members in that chunk (fast iteration).
_CHUNK_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(_CARDS[9 * s + i] for i in _CHUNK_BITS[m]) for m in range(512)) for s in range(4)
)
_C0, _C1, _C2, _C3 = _CHUNK_CARDS


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards in ``mask``, in ascending order (fast helper for the engine).

    >>> mask_cards(0b1011)
    (Card.C6, Card.C7, Card.C9)
    """
    return (
        _C0[mask & 0x1FF] + _C1[mask >> 9 & 0x1FF] + _C2[mask >> 18 & 0x1FF] + _C3[mask >> 27 & 0x1FF]
    )


class CardSet:
    """An immutable set of cards stored as a 36-bit integer mask.

    Iteration is in card order (♣ ♠ ♥ ♦, each 6 → A).  ``repr`` round-trips;
    ``str`` is for people.  The constructor and the set operators take CardSets,
    masks, card text (as :meth:`parse` reads it) or iterables of card-likes;
    anything else (``True``, a float, a suit) is refused with a CardParseError.

    >>> s = CardSet.parse("6♣ 7♣ 8♣")
    >>> s.mask, len(s), list(s)
    (7, 3, [Card.C6, Card.C7, Card.C8])
    >>> s - CardSet([Card.C7]) == CardSet.parse("6♣ 8♣")
    True
    >>> CardSet.parse("A♣ A♣")
    Traceback (most recent call last):
    ...
    jasslib.errors.DuplicateCardError: card A♣ appears twice (D1: each of the 36 cards exists once)
    """

    __slots__ = ("_mask",)
    _mask: int  # the slot, written once (in __init__ or by from_mask)

    def __init__(self, cards: CardSet | Iterable[CardLike] | int = 0) -> None:
        if isinstance(cards, CardSet):
            mask = cards._mask
        elif isinstance(cards, Card):
            mask = 1 << cards
        elif isinstance(cards, int):
            if isinstance(cards, (bool, enum.Enum)) or not 0 <= cards <= FULL_MASK:
                raise CardParseError(f"a card mask must be a number between 0 and 2**36 - 1, got {excerpt(cards)}")
            mask = cards
        elif isinstance(cards, str):
            mask = CardSet.parse(cards)._mask
        else:
            if isinstance(cards, (bytes, bytearray)):
                raise CardParseError(f"expected cards (card text, a list of cards or a mask), got {excerpt(cards)}")
            try:
                items = iter(cards)
            except TypeError:
                raise CardParseError(
                    f"expected cards (a CardSet, card text, a list of cards or a mask), got {excerpt(cards)}"
                ) from None
            mask = 0
            for item in items:  # stops at the first bad item, or at the 37th (a duplicate): O(1) for any size
                bit = 1 << Card.parse(item)
                if mask & bit:
                    raise DuplicateCardError(
                        f"card {Card.parse(item)} appears twice (D1: each of the 36 cards exists once)"
                    )
                mask |= bit
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a raw mask without checks (engine fast path)."""
        obj = _new(cls)
        _set_mask(obj, mask)
        return obj

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces or commas; two-word names may use a hyphen.

        >>> CardSet.parse("AC, 10h ♥J")
        CardSet.parse('A♣ 10♥ J♥')
        >>> CardSet.parse("Rosen-Ober Eicheln-Under")
        CardSet.parse('J♣ Q♥')
        """
        return cls(parse_cards(text))

    @classmethod
    def full(cls) -> CardSet:
        """All 36 cards."""
        return cls.from_mask(FULL_MASK)

    @property
    def mask(self) -> int:
        """The raw 36-bit mask."""
        return self._mask

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        m = self._mask
        return iter(_C0[m & 0x1FF] + _C1[m >> 9 & 0x1FF] + _C2[m >> 18 & 0x1FF] + _C3[m >> 27 & 0x1FF])

    def __reversed__(self) -> Iterator[Card]:
        return reversed(mask_cards(self._mask))

    def __getitem__(self, index: int) -> Card:
        """The ``index``-th card in card order (so ``random.choice(cardset)`` works).

        >>> CardSet.parse("A♣ 6♥ 9♠")[1], CardSet.parse("A♣ 6♥ 9♠")[-1]
        (Card.S9, Card.H6)
        """
        return mask_cards(self._mask)[index]

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self._mask)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, int) and 0 <= card < 36:
            return bool(self._mask >> card & 1)
        if isinstance(card, str):
            try:
                return bool(self._mask >> Card.parse(card) & 1)
            except CardParseError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    @staticmethod
    def _as_mask(other: CardSet | Iterable[CardLike] | int) -> int:
        if isinstance(other, CardSet):
            return other._mask
        return CardSet(other)._mask  # a Card (an int) means that one card, another int a mask

    def __or__(self, other: CardSet | Iterable[CardLike] | int) -> CardSet:
        return CardSet.from_mask(self._mask | self._as_mask(other))

    __ror__ = __or__

    def __and__(self, other: CardSet | Iterable[CardLike] | int) -> CardSet:
        return CardSet.from_mask(self._mask & self._as_mask(other))

    __rand__ = __and__

    def __sub__(self, other: CardSet | Iterable[CardLike] | int) -> CardSet:
        return CardSet.from_mask(self._mask & ~self._as_mask(other))

    def __xor__(self, other: CardSet | Iterable[CardLike] | int) -> CardSet:
        return CardSet.from_mask(self._mask ^ self._as_mask(other))

    def __le__(self, other: CardSet) -> bool:
        return self._mask & ~self._as_mask(other) == 0

    def __ge__(self, other: CardSet) -> bool:
        return self._as_mask(other) & ~self._mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self != other

    def __gt__(self, other: CardSet) -> bool:
        return self >= other and self != other

    def issubset(self, other: CardSet | Iterable[CardLike]) -> bool:
        """True when every card of this set is in ``other``."""
        return self <= CardSet(other)

    def isdisjoint(self, other: CardSet | Iterable[CardLike]) -> bool:
        """True when the two sets share no card."""
        return not (self._mask & self._as_mask(other))

    def add(self, card: CardLike) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_mask(self._mask | 1 << Card.parse(card))

    def remove(self, card: CardLike) -> CardSet:
        """A new set without ``card`` (the set is unchanged if it lacks it)."""
        return CardSet.from_mask(self._mask & ~(1 << Card.parse(card)))

    def of_suit(self, suit: Suit | int | str) -> CardSet:
        """The cards of one suit."""
        return CardSet.from_mask(self._mask & SUIT_MASKS[suit if type(suit) is Suit else Suit.parse(suit)])

    def format(self, style: str = "french", sep: str | None = None) -> str:
        """The cards in card order, formatted in ``style`` and joined by ``sep``.

        The default separator is a space, or ``", "`` for the two-word Swiss and
        German names, so that :meth:`parse` reads the text back.

        >>> s = CardSet.parse("A♣ 10♥")
        >>> s.format("swiss"), CardSet.parse(s.format("swiss")) == s
        ('Eicheln Ass, Rosen Banner', True)
        """
        _check_style(style)
        if sep is None:
            sep = ", " if style in ("swiss", "german") else " "
        elif not isinstance(sep, str):
            raise CardParseError(f"a separator is text such as ', ', not {excerpt(sep)}")
        return sep.join(c.format(style) for c in self)

    def __str__(self) -> str:
        return self.format()

    def __format__(self, spec: str) -> str:
        """``f"{cards:swiss}"`` formats in a style; other specs pad the text like ``str``."""
        if spec in STYLES:
            return self.format(spec)
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"CardSet.parse({self.format()!r})" if self._mask else "CardSet()"



_new = object.__new__
_set_mask = CardSet.__dict__["_mask"].__set__  # the slot's own setter: bypasses the immutability guard


# ---------------------------------------------------------------------------------------------
# Text in another style

_FRENCH_RANK = r"(?:10|[6-9JQKA])"
_FRENCH_CARD = rf"{_FRENCH_RANK}[♣♠♥♦]"
_FRENCH_TOKENS = re.compile(
    rf"(?<![\w+])(?P<cards>{_FRENCH_CARD}(?: {_FRENCH_CARD})*)(?!\w)"  # a card, or cards one space apart
    rf"|(?P<suit>[♣♠♥♦])(?: (?P<low>{_FRENCH_RANK})[–-](?P<high>{_FRENCH_RANK})(?!\w))?"  # ♣ 6–8 (a Weis), or ♣
)
_RANK_BY_FRENCH = {name: rank for rank, name in zip(_RANKS, _RANK_NAMES["french"])}


def restyle(text: str, style: str) -> str:
    """``text`` written with French card symbols, with every card and suit in ``style`` instead.

    The exercises, feedback and explanations are written in French symbols; a trainer or worksheet
    drawn in another style passes its words through here, so that the text names the cards as the card
    faces beside it do.  Cards one space apart (a hand) are separated as :meth:`CardSet.format` does.

    >>> restyle("Lead 6♦; seat 2 holds Q♣ K♣ under ♥ trump, and ♣ 6–8 (20).", "swiss")
    'Lead Schellen 6; seat 2 holds Eicheln Ober, Eicheln König under Rosen trump, and Eicheln 6–8 (20).'
    >>> restyle("10♠ beats 9♠", "ascii"), restyle("10♠ beats 9♠", "french")
    ('TS beats 9S', '10♠ beats 9♠')
    >>> restyle("6♦", "klingon")
    Traceback (most recent call last):
    ...
    jasslib.errors.CardParseError: unknown style 'klingon': expected one of french, ascii, swiss, german
    """
    _check_style(style)
    if not isinstance(text, str):
        raise CardParseError(f"restyle takes text, not {excerpt(text)}")
    if style == "french":
        return text
    sep = ", " if style in ("swiss", "german") else " "

    def one(match: re.Match[str]) -> str:
        if match["cards"]:
            return sep.join(Card.parse(token).format(style) for token in match["cards"].split(" "))
        suit = Suit.parse(match["suit"]).format(style)
        if match["low"]:
            low, high = (_RANK_BY_FRENCH[match[k]].format(style) for k in ("low", "high"))
            return f"{suit} {low}–{high}"
        return suit

    return _FRENCH_TOKENS.sub(one, text)
