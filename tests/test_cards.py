"""Tests of jasslib.cards: cards, suits, ranks and card sets (RULES.md D1, D2); their HTML is in test_display.py.

Test names carry the rule id they check (``test_D1_...``, ``test_D2_...``); tests of plain
API behaviour (errors, set algebra, immutability) have no rule id.
"""

from __future__ import annotations

import ast
import itertools

import numpy as np
import pytest
from casetable import check_cases
from hypothesis import given
from hypothesis import strategies as st

from jasslib import (
    STYLES,
    Card,
    CardParseError,
    CardSet,
    DuplicateCardError,
    JassError,
    Rank,
    Suit,
)
from jasslib.cards import FULL_MASK, SUIT_MASKS

ALL_CARDS = list(Card)
SYMBOLS = "♣♠♥♦"
FRENCH_RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
masks = st.integers(min_value=0, max_value=FULL_MASK)


def card_ints(mask: int) -> set[int]:
    """The card numbers of a mask, as a plain Python set (the reference model)."""
    return {i for i in range(36) if mask >> i & 1}


# --------------------------------------------------------------------------- D1: the deck


def test_D1_deck_has_36_distinct_cards_four_suits_nine_ranks():
    assert len(ALL_CARDS) == 36
    assert len(set(ALL_CARDS)) == 36
    assert len(Suit) == 4
    assert len(Rank) == 9
    assert {(c.suit, c.rank) for c in ALL_CARDS} == set(itertools.product(Suit, Rank))


def test_D1_full_cardset_is_the_whole_deck():
    full = CardSet.full()
    assert len(full) == 36
    assert full.mask == FULL_MASK == 2**36 - 1
    assert list(full) == ALL_CARDS
    assert full == CardSet(ALL_CARDS) == CardSet(range(36))


def test_D1_ranks_are_in_natural_order_six_to_ace():
    assert [str(r) for r in Rank] == list(FRENCH_RANKS)
    assert [int(r) for r in Rank] == list(range(9))


def test_D1_suits_are_in_engine_order_clubs_spades_hearts_diamonds():
    assert [s.symbol for s in Suit] == list(SYMBOLS)
    assert [int(s) for s in Suit] == [0, 1, 2, 3]


def test_D1_card_number_is_suit_times_nine_plus_rank():
    def check(number):
        card = Card(number)
        assert int(card) == number
        assert card.suit == number // 9
        assert card.rank == number % 9
        assert int(card.suit) * 9 + int(card.rank) == number
        assert Card.make(card.suit, card.rank) is card
        assert Card.make(int(card.suit), int(card.rank)) is card
        assert card.mask == 1 << number

    check_cases(range(36), check)


def test_D1_suit_mask_holds_the_nine_cards_of_the_suit():
    def check(suit):
        cards = CardSet(suit.mask)
        assert suit.mask == SUIT_MASKS[suit]
        assert len(cards) == 9
        assert all(c.suit == suit for c in cards)
        assert [c.rank for c in cards] == list(Rank)

    check_cases(Suit, check)


def test_D1_member_names_spell_suit_and_rank():
    assert Card.C6 == 0 and Card.CA == 8
    assert Card.S6 == 9 and Card.S10 == 13
    assert Card.HJ == 23 and Card.H9 == 21
    assert Card.D6 == 27 and Card.DA == 35
    letters = "CSHD"
    for card in ALL_CARDS:
        assert card.name == letters[card.suit] + FRENCH_RANKS[card.rank]


# --------------------------------------------------------------------------- D2: parsing


def test_D2_parse_french_and_ascii_forms():
    forms = {
        "A♣": Card.CA, "10♥": Card.H10, "6♠": Card.S6, "K♦": Card.DK, "AC": Card.CA, "TC": Card.C10,
        "10c": Card.C10, "10C": Card.C10, "♥J": Card.HJ, "CA": Card.CA, "ac": Card.CA, "aC": Card.CA,
        "Ac": Card.CA, "qs": Card.SQ, "QS": Card.SQ, "jh": Card.HJ, "9d": Card.D9, "D9": Card.D9,
        "  A♣  ": Card.CA, "♣10": Card.C10,
    }

    def check(text, card):
        assert Card.parse(text) is card

    check_cases(forms.items(), check)


def test_D2_suit_names_map_to_french_suits():
    names = {
        "Eicheln": Suit.CLUBS, "Schilten": Suit.SPADES, "Rosen": Suit.HEARTS, "Schellen": Suit.DIAMONDS,
        "Eichel": Suit.CLUBS, "Laub": Suit.SPADES, "Herz": Suit.HEARTS,
        "eicheln": Suit.CLUBS, "SCHILTEN": Suit.SPADES, "rosen": Suit.HEARTS, "schellen": Suit.DIAMONDS,
        "♣": Suit.CLUBS, "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS,
        "C": Suit.CLUBS, "s": Suit.SPADES, "H": Suit.HEARTS, "d": Suit.DIAMONDS,
    }

    def check(name, suit):
        assert Suit.parse(name) is suit

    check_cases(names.items(), check)


def test_D2_rank_names():
    names = {
        "Under": Rank.JACK, "Unter": Rank.JACK, "under": Rank.JACK, "U": Rank.JACK,
        "Ober": Rank.QUEEN, "O": Rank.QUEEN, "Banner": Rank.TEN, "banner": Rank.TEN, "T": Rank.TEN, "10": Rank.TEN,
        "König": Rank.KING, "KÖNIG": Rank.KING, "Ass": Rank.ACE, "ASS": Rank.ACE,
        "6": Rank.SIX, "9": Rank.NINE, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
    }

    def check(name, rank):
        assert Rank.parse(name) is rank

    check_cases(names.items(), check)


def test_D2_parse_swiss_and_german_two_word_forms():
    forms = {
        "Rosen Under": Card.HJ, "Under Rosen": Card.HJ, "Rosen-Under": Card.HJ, "Under-Rosen": Card.HJ,
        "Eichel-Ober": Card.CQ, "Ober-Eichel": Card.CQ, "Ober Eicheln": Card.CQ, "Eicheln Ober": Card.CQ,
        "Schilten Banner": Card.S10, "Banner Schilten": Card.S10, "Schellen König": Card.DK,
        "Schellen Ass": Card.DA, "Ass Schellen": Card.DA, "Schellen 10": Card.D10,
        "Laub Unter": Card.SJ, "Unter Laub": Card.SJ, "Herz Ass": Card.HA, "Herz-König": Card.HK,
        "rosen under": Card.HJ, "ROSEN UNDER": Card.HJ, "  Rosen   Under  ": Card.HJ, "Eicheln 6": Card.C6,
    }

    def check(text, card):
        assert Card.parse(text) is card

    check_cases(forms.items(), check)


def test_D2_int_and_card_pass_through_parse():
    def check(number):
        assert Card.parse(number) is Card(number)
        assert Card.parse(Card(number)) is Card(number)

    check_cases(range(36), check)


def test_D2_format_in_every_style():
    formats = [
        (Card.CA, {"french": "A♣", "ascii": "AC", "swiss": "Eicheln Ass", "german": "Eichel Ass"}),
        (Card.SQ, {"french": "Q♠", "ascii": "QS", "swiss": "Schilten Ober", "german": "Laub Ober"}),
        (Card.H10, {"french": "10♥", "ascii": "TH", "swiss": "Rosen Banner", "german": "Herz 10"}),
        (Card.DJ, {"french": "J♦", "ascii": "JD", "swiss": "Schellen Under", "german": "Schellen Unter"}),
        (Card.CK, {"french": "K♣", "ascii": "KC", "swiss": "Eicheln König", "german": "Eichel König"}),
        (Card.S6, {"french": "6♠", "ascii": "6S", "swiss": "Schilten 6", "german": "Laub 6"}),
    ]

    def check(card, expected):
        assert set(expected) == set(STYLES)
        for style, text in expected.items():
            assert card.format(style) == text
            assert format(card, style) == text
        assert str(card) == expected["french"]
        assert f"{card}" == expected["french"]

    check_cases(formats, check)


def test_D2_styles_are_the_four_documented_ones():
    assert set(STYLES) == {"french", "ascii", "swiss", "german"}


def test_D2_suit_format_in_every_style():
    names = [
        (Suit.CLUBS, ("♣", "C", "Eicheln", "Eichel")),
        (Suit.SPADES, ("♠", "S", "Schilten", "Laub")),
        (Suit.HEARTS, ("♥", "H", "Rosen", "Herz")),
        (Suit.DIAMONDS, ("♦", "D", "Schellen", "Schellen")),
    ]

    def check(suit, names):
        assert tuple(suit.format(style) for style in STYLES) == names
        assert str(suit) == suit.symbol == names[0]

    check_cases(names, check)


def test_D2_format_parse_round_trip_every_card_every_style():
    def check(card, style):
        assert Card.parse(card.format(style)) is card

    check_cases(itertools.product(ALL_CARDS, STYLES), check)


def test_D2_suit_format_parse_round_trip():
    def check(suit, style):
        assert Suit.parse(suit.format(style)) is suit

    check_cases(itertools.product(Suit, STYLES), check)


def test_D2_rank_format_parse_round_trip():
    def check(rank, style):
        assert Rank.parse(rank.format(style)) is rank

    check_cases(itertools.product(Rank, STYLES), check)


def test_D2_unknown_style_is_refused():
    with pytest.raises(CardParseError, match="klingon"):
        Card.CA.format("klingon")
    with pytest.raises(CardParseError, match="klingon"):
        Suit.CLUBS.format("klingon")


def test_D2_cardset_parse_accepts_commas_semicolons_and_mixed_forms():
    s = CardSet.parse("AC, 10h ♥J; Rosen-Ober Eicheln-Under")
    assert s == CardSet([Card.CA, Card.H10, Card.HJ, Card.HQ, Card.CJ])
    assert CardSet.parse("") == CardSet() == CardSet([])
    assert CardSet.parse("  ,  ") == CardSet()


def test_D2_cardset_str_and_repr_are_in_card_order():
    s = CardSet.parse("9♥ A♣ K♣")
    assert str(s) == "K♣ A♣ 9♥"
    assert repr(s) == "CardSet.parse('K♣ A♣ 9♥')"
    assert repr(CardSet()) == "CardSet()"
    assert str(CardSet()) == ""


def _repr_round_trip(s: CardSet) -> CardSet:
    """Rebuild a CardSet from its repr without eval: parse the quoted argument."""
    text = repr(s)
    if text == "CardSet()":
        return CardSet()
    prefix, suffix = "CardSet.parse(", ")"
    assert text.startswith(prefix) and text.endswith(suffix), text
    return CardSet.parse(ast.literal_eval(text[len(prefix) : -len(suffix)]))


def test_D2_cardset_str_and_repr_round_trip():
    sets = [
        CardSet(),
        CardSet.full(),
        CardSet.parse("A♣"),
        CardSet.parse("10♥ J♥ Q♥"),
        CardSet.parse("6♣ 6♠ 6♥ 6♦"),
        CardSet(SUIT_MASKS[Suit.DIAMONDS]),
    ]

    def check(s):
        assert CardSet.parse(str(s)) == s
        assert _repr_round_trip(s) == s

    check_cases(sets, check)


def test_D2_cardset_format_round_trip_single_token_styles():
    s = CardSet.parse("6♣ 10♠ J♥ A♦ Q♣")

    def check(style):
        assert CardSet.parse(s.format(style)) == s
        assert CardSet.parse(s.format(style, sep=", ")) == s

    check_cases(["french", "ascii"], check)


def test_D2_cardset_format_lists_each_card_in_style():
    s = CardSet.parse("6♣ 10♠ J♥ A♦")

    def check(style):
        assert s.format(style, sep="|").split("|") == [c.format(style) for c in s]

    check_cases(STYLES, check)


# --------------------------------------------------------------------------- bad input


def test_D2_unknown_card_text_is_refused_with_the_text_in_the_message():
    texts = [
        "Z♣", "11♥", "", "   ", "A", "♣", "Ass", "ass", "Eicheln", "Rosen Rosen", "Under Ober", "A♣♣", "A ♣ K",
        "1♣", "0♣", "5♣", "A♣ K♣",
    ]

    def check(text):
        with pytest.raises(CardParseError) as info:
            Card.parse(text)
        assert repr(text) in str(info.value)
        assert isinstance(info.value, JassError)
        assert isinstance(info.value, ValueError)

    check_cases(texts, check)


def test_D1_card_number_out_of_range_is_refused():
    def check(number):
        with pytest.raises(CardParseError) as info:
            Card.parse(number)
        assert str(number) in str(info.value)

    check_cases([-1, 36, 100, -36], check)


def test_card_parse_refuses_non_text():
    def check(value):
        with pytest.raises(CardParseError):
            Card.parse(value)

    check_cases([None, 1.5, ["A♣"], b"AC"], check)


def test_D2_unknown_suit_is_refused():
    def check(text):
        with pytest.raises(CardParseError) as info:
            Suit.parse(text)
        assert repr(text) in str(info.value)

    check_cases(["X", "", "Clubz", "♣♣", "Eicheln Rosen"], check)


def test_D2_unknown_rank_is_refused():
    def check(text):
        with pytest.raises(CardParseError) as info:
            Rank.parse(text)
        assert repr(text) in str(info.value)

    check_cases(["5", "11", "", "Z", "Ace of clubs", "1"], check)


def test_D1_duplicate_card_in_cardset_is_refused():
    duplicates = [
        ("A♣ A♣", Card.CA),
        ("AC K♣ ♣A", Card.CA),
        ("Rosen-Under J♥", Card.HJ),
        ([Card.H10, "10h"], Card.H10),
        ([0, Card.C6], Card.C6),
        (["6♦", "Schellen 6"], Card.D6),
    ]

    def check(cards, card):
        with pytest.raises(DuplicateCardError) as info:
            CardSet.parse(cards) if isinstance(cards, str) else CardSet(cards)
        assert str(card) in str(info.value)
        assert isinstance(info.value, JassError)
        assert isinstance(info.value, ValueError)
        assert "D1" in str(info.value)

    check_cases(duplicates, check)


def test_cardset_with_a_bad_card_reports_the_bad_text():
    with pytest.raises(CardParseError, match="Z♣"):
        CardSet.parse("A♣ Z♣")
    with pytest.raises(CardParseError, match="36"):
        CardSet([36])


def test_cardset_mask_out_of_range_is_refused():
    def check(mask):
        with pytest.raises(CardParseError, match=str(mask)):
            CardSet(mask)

    check_cases([-1, 2**36, 2**40], check)


def test_error_hierarchy():
    assert issubclass(CardParseError, JassError)
    assert issubclass(DuplicateCardError, JassError)
    assert issubclass(JassError, ValueError)


# --------------------------------------------------------------------------- CardSet: value semantics


def test_cardset_is_immutable():
    s = CardSet.parse("A♣ K♣")
    with pytest.raises(AttributeError):
        s._mask = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.mask = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.extra = 1  # type: ignore[attr-defined]
    assert s == CardSet.parse("A♣ K♣")


def test_cardset_cannot_be_emptied_by_deleting_its_mask():
    s = CardSet.parse("A♣ K♣")
    with pytest.raises(AttributeError):
        del s._mask
    assert len(s) == 2


def test_cardset_is_hashable_and_equal_by_content():
    a = CardSet.parse("A♣ K♣")
    b = CardSet.parse("K♣, AC")
    c = CardSet([Card.CK, Card.CA])
    assert a == b == c
    assert hash(a) == hash(b) == hash(c)
    assert len({a, b, c}) == 1
    assert {a: "hand"}[b] == "hand"
    assert a != CardSet.parse("A♣")
    assert a != {Card.CA, Card.CK}
    assert CardSet() != 0


def test_cardset_copy_constructor_and_from_mask():
    a = CardSet.parse("A♣ K♣")
    assert CardSet(a) == a
    assert CardSet.from_mask(a.mask) == a
    assert CardSet(a.mask) == a


def test_cardset_empty_is_falsy():
    assert not CardSet()
    assert CardSet.parse("6♣")
    assert len(CardSet()) == 0


# --------------------------------------------------------------------------- CardSet: algebra

A = CardSet.parse("6♣ 7♣ A♣ J♥ 10♦")
B = CardSet.parse("7♣ K♠ J♥ Q♦")


def test_cardset_union_intersection_difference_symmetric_difference():
    assert A | B == CardSet.parse("6♣ 7♣ A♣ K♠ J♥ Q♦ 10♦")
    assert A & B == CardSet.parse("7♣ J♥")
    assert A - B == CardSet.parse("6♣ A♣ 10♦")
    assert B - A == CardSet.parse("K♠ Q♦")
    assert A ^ B == CardSet.parse("6♣ A♣ K♠ Q♦ 10♦")
    # operands unchanged
    assert A == CardSet.parse("6♣ 7♣ A♣ J♥ 10♦")
    assert B == CardSet.parse("7♣ K♠ J♥ Q♦")


def test_cardset_operators_accept_iterables_of_card_likes():
    assert A | ["K♠", Card.DA] == A | CardSet.parse("K♠ A♦")
    assert A & ["7♣", "J♥", "Q♠"] == CardSet.parse("7♣ J♥")
    assert A - ["6♣", 8] == CardSet.parse("7♣ J♥ 10♦")
    assert A ^ ["6♣", "6♠"] == CardSet.parse("7♣ A♣ J♥ 10♦ 6♠")
    assert ["K♠"] | A == A | CardSet.parse("K♠")


def test_cardset_operators_with_a_single_card_operand_mean_that_card():
    """A Card is a CardLike: ``hand - card`` must mean the card, never the card's number as a mask.

    Raising TypeError is also acceptable; silently using ``int(card)`` as a mask is not.
    """
    hand = CardSet.parse("6♣ A♥ 10♠ 9♦")

    def check(card):
        expected = {
            "|": hand.add(card),
            "-": hand.remove(card),
            "&": CardSet([card]) if card in hand else CardSet(),
        }
        for op, want in expected.items():
            try:
                got = {"|": lambda: hand | card, "-": lambda: hand - card, "&": lambda: hand & card}[op]()
            except TypeError:
                continue
            assert got == want, f"hand {op} {card!r} gave {got!r}, expected {want!r}"

    check_cases([Card.C6, Card.HA, Card.DA, Card.S10], check)


def test_cardset_of_a_single_card_is_that_card():
    def check(card):
        try:
            s = CardSet(card)
        except TypeError:
            return
        assert s == CardSet([card]), f"CardSet({card!r}) gave {s!r}"

    check_cases([Card.CA, Card.HJ, Card.C6], check)


def test_cardset_subset_superset_and_disjoint():
    small = CardSet.parse("7♣ J♥")
    assert small <= A and small <= B
    assert A >= small
    assert small < A and not A < A and A <= A and A >= A and not A > A
    assert A > small
    assert not A <= B and not B <= A
    assert small.issubset(A)
    assert small.issubset(["7♣", "J♥", "A♦"])
    assert not A.issubset(small)
    assert CardSet().issubset(small)
    assert small.isdisjoint(CardSet.parse("6♣ A♣"))
    assert small.isdisjoint(["6♣", "A♣"])
    assert not small.isdisjoint(B)
    assert CardSet().isdisjoint(CardSet.full())


def test_cardset_membership_with_card_int_and_text():
    assert Card.CA in A
    assert 8 in A
    assert "A♣" in A and "AC" in A and "Eicheln Ass" in A and "ca" in A
    assert Card.CK not in A
    assert 7 not in A
    assert "K♣" not in A
    # things that are not cards are simply not members
    assert 36 not in CardSet.full()
    assert -1 not in CardSet.full()
    assert "Z♣" not in CardSet.full()
    assert "" not in CardSet.full()
    assert None not in CardSet.full()


def test_cardset_len():
    assert len(A) == 5
    assert len(CardSet()) == 0
    assert len(CardSet.full()) == 36


def test_cardset_iterates_in_card_order_clubs_spades_hearts_diamonds_six_to_ace():
    s = CardSet.parse("A♦ 6♦ K♥ 6♣ A♣ 10♠ J♠ 9♥")
    assert list(s) == [Card.C6, Card.CA, Card.S10, Card.SJ, Card.H9, Card.HK, Card.D6, Card.DA]
    assert list(reversed(s)) == list(s)[::-1]
    full = [str(c) for c in CardSet.full()]
    assert full[:9] == [r + "♣" for r in FRENCH_RANKS]
    assert full[9:18] == [r + "♠" for r in FRENCH_RANKS]
    assert full[18:27] == [r + "♥" for r in FRENCH_RANKS]
    assert full[27:] == [r + "♦" for r in FRENCH_RANKS]
    assert all(isinstance(c, Card) for c in s)


def test_cardset_add_and_remove_return_new_sets():
    s = CardSet.parse("6♣ A♣")
    t = s.add("K♠")
    assert t == CardSet.parse("6♣ A♣ K♠")
    assert s == CardSet.parse("6♣ A♣")
    assert s.add(Card.CA) == s
    u = t.remove(Card.C6)
    assert u == CardSet.parse("A♣ K♠")
    assert t == CardSet.parse("6♣ A♣ K♠")
    assert u.remove("Q♦") == u
    assert s.add(17) == CardSet.parse("6♣ A♣ A♠")
    with pytest.raises(CardParseError):
        s.add("Z♣")
    with pytest.raises(CardParseError):
        s.remove(36)


def test_cardset_of_suit():
    s = CardSet.parse("6♣ A♣ K♠ J♥ 9♥ 10♥ Q♦")

    def check(suit):
        part = s.of_suit(suit)
        assert all(c.suit == suit for c in part)
        assert part == CardSet([c for c in s if c.suit == suit])
        assert s.of_suit(int(suit)) == part
        assert CardSet.full().of_suit(suit) == CardSet(suit.mask)

    check_cases(Suit, check)


def test_cardset_suits_partition_the_deck():
    parts = [CardSet.full().of_suit(s) for s in Suit]
    assert all(len(p) == 9 for p in parts)
    union = CardSet()
    for p in parts:
        assert union.isdisjoint(p)
        union = union | p
    assert union == CardSet.full()


# --------------------------------------------------------------------------- property tests


@given(masks, masks)
def test_property_cardset_algebra_agrees_with_python_sets(m1, m2):
    a, b = CardSet(m1), CardSet(m2)
    sa, sb = card_ints(m1), card_ints(m2)
    assert card_ints((a | b).mask) == sa | sb
    assert card_ints((a & b).mask) == sa & sb
    assert card_ints((a - b).mask) == sa - sb
    assert card_ints((a ^ b).mask) == sa ^ sb
    assert (a <= b) == (sa <= sb)
    assert (a >= b) == (sa >= sb)
    assert (a < b) == (sa < sb)
    assert (a > b) == (sa > sb)
    assert a.issubset(b) == sa.issubset(sb)
    assert a.isdisjoint(b) == sa.isdisjoint(sb)
    assert (a == b) == (sa == sb)
    assert {int(c) for c in a | b} == sa | sb


@given(masks)
def test_property_cardset_len_is_popcount_and_iteration_is_sorted(mask):
    s = CardSet(mask)
    ints = [int(c) for c in s]
    assert len(s) == bin(mask).count("1") == len(ints)
    assert ints == sorted(card_ints(mask))
    assert all(i in s for i in ints)
    assert all(i not in s for i in set(range(36)) - set(ints))


@given(masks)
def test_property_D2_cardset_parse_str_round_trip(mask):
    s = CardSet(mask)
    assert CardSet.parse(str(s)) == s
    assert _repr_round_trip(s) == s
    assert CardSet.parse(s.format("ascii")) == s


@given(masks, st.integers(min_value=0, max_value=35))
def test_property_cardset_add_remove(mask, number):
    s = CardSet(mask)
    assert card_ints(s.add(number).mask) == card_ints(mask) | {number}
    assert card_ints(s.remove(number).mask) == card_ints(mask) - {number}
    assert number in s.add(number)
    assert number not in s.remove(number)
    assert s == CardSet(mask)


@given(masks)
def test_property_cardset_of_suit_partitions_the_set(mask):
    s = CardSet(mask)
    parts = [s.of_suit(suit) for suit in Suit]
    assert sum(len(p) for p in parts) == len(s)
    union = CardSet()
    for p in parts:
        union = union | p
    assert union == s


@pytest.mark.parametrize("kind", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64])
def test_numbers_read_from_a_dataframe_name_cards_suits_ranks_contracts_seats_and_teams(kind):
    """A learner's number often comes out of a DataFrame or an array as a NumPy integer: it names what the same int
    names; NumPy's bool, a float and a number out of range are refused as their Python kin are."""
    from jasslib import Contract, Seat, Team

    for parse, n in ((Card.parse, 35), (Suit.parse, 3), (Rank.parse, 8), (Contract.parse, 5), (Seat.parse, 3),
                     (Team.parse, 1)):
        assert [parse(kind(i)) for i in range(n + 1)] == [parse(i) for i in range(n + 1)], parse
        for bad in (np.bool_(True), np.float64(1.0), kind(n + 1)):
            with pytest.raises(CardParseError):
                parse(bad)
