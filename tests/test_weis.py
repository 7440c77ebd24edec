"""Tests of jasslib.weis: Weis, declarations, the contest and Stöck (RULES.md W1–W8, S1)."""

from __future__ import annotations

import random

import pytest
from casetable import check_cases
from hypothesis import given, settings
from hypothesis import strategies as st

from jasslib.cards import Card, CardSet, Rank, Suit
from jasslib.contracts import Contract
from jasslib.errors import CardParseError, ContractError, DuplicateCardError, HandSizeError, JassError
from jasslib.rulesets import CLASSIC, MODERN, Ruleset
from jasslib.seats import Seat, Team
from jasslib.weis import (
    STOECK_POINTS,
    Announcement,
    ContestResult,
    Declaration,
    Weis,
    WeisKind,
    announcements,
    best_declaration,
    compare_weis,
    contest,
    contest_hands,
    declarations,
    explain_comparison,
    find_weis,
    has_stoeck,
    stoeck_cards,
    weis_strength,
)

W = Weis.from_cards
NO_TRUMP = (Contract.OBENABE, Contract.UNDENUFE)


def strs(items: object) -> list[str]:
    return [str(x) for x in items]  # type: ignore[attr-defined]


def decl(text: str, contract: Contract, ruleset: Ruleset = CLASSIC) -> Declaration:
    return best_declaration(CardSet.parse(text), contract, ruleset)


def run(suit: Suit, low: Rank, length: int) -> CardSet:
    """The cards of a sequence of ``length`` in ``suit`` starting at ``low``."""
    return CardSet(Card.make(suit, low + i) for i in range(length))


def independent_sets(weis: list[Weis]) -> list[list[Weis]]:
    """Brute force: every set of pairwise disjoint Weis (not only the maximal ones)."""
    out: list[list[Weis]] = []

    def rec(i: int, used: int, chosen: list[Weis]) -> None:
        if i == len(weis):
            out.append(list(chosen))
            return
        rec(i + 1, used, chosen)
        m = weis[i].cards.mask
        if not m & used:
            rec(i + 1, used | m, [*chosen, weis[i]])

    rec(0, 0, [])
    return out


# ----------------------------------------------------------------------------------------- W1


def test_W1_weis_only_from_the_hand_given() -> None:
    initial = CardSet.parse("7♣ 8♣ A♠ A♥ A♦ 6♦ 10♥")
    assert find_weis(initial) == []
    captured = CardSet.parse("9♣ A♣")  # cards won in tricks later never count (W1)
    assert find_weis(initial | captured) != []
    assert best_declaration(initial, Contract.CLUBS).points == 0


def test_W1_every_weis_is_inside_the_hand_and_input_forms_agree() -> None:
    text = "9♥ 10♥ J♥ Q♥ K♥ Q♣ Q♠ Q♦ 6♣"
    hand = CardSet.parse(text)
    forms = [hand, text, list(hand), [str(c) for c in hand], [int(c) for c in hand], reversed(list(hand))]
    results = [find_weis(f) for f in forms]
    assert all(r == results[0] for r in results)
    assert all(w.cards <= hand for w in results[0])


# ----------------------------------------------------------------------------------------- W2


def test_W2_sequence_points_classic_and_modern() -> None:
    scale = [(3, 20, 20), (4, 50, 50), (5, 100, 100), (6, 100, 150), (7, 100, 200), (8, 100, 250), (9, 100, 300)]

    def check(length: int, classic: int, modern: int) -> None:
        cards = run(Suit.SPADES, Rank.SIX, length)
        for ruleset, points in ((CLASSIC, classic), (MODERN, modern)):
            whole = [w for w in find_weis(cards, ruleset) if w.length == length]
            assert len(whole) == 1 and whole[0].points == points, ruleset.name
            assert whole[0].kind is WeisKind.SEQUENCE and whole[0].cards == cards
            assert W(cards, ruleset).points == points, ruleset.name

    check_cases(scale, check)


def test_W2_sequences_count_in_the_trump_suit_and_in_undenufe() -> None:
    hand = CardSet.parse("9♥ 10♥ J♥ A♣")  # natural order 9 10 J, even in trump (O2 is not used)

    def check(contract: Contract) -> None:
        d = best_declaration(hand, contract)
        assert d.points == 20 and strs(d.weis) == ["sequence of 3 ♥ 9–J (20)"]
        # Adjacent in the trump order J 9 A, but not in natural order: no Weis.
        assert best_declaration("J♥ 9♥ A♥", contract).points == 0

    check_cases(Contract, check)


def test_W2_every_sub_run_is_listed() -> None:
    five = find_weis(run(Suit.CLUBS, Rank.EIGHT, 5))
    assert sorted(w.length for w in five) == [3, 3, 3, 4, 4, 5]
    for length in range(3, 10):
        found = find_weis(run(Suit.DIAMONDS, Rank.SIX, length))
        assert len(found) == sum(length - k + 1 for k in range(3, length + 1))
        assert len(set(found)) == len(found)


def test_W2_no_wrap_and_no_mixed_suits() -> None:
    assert find_weis("K♣ A♣ 6♣ 7♣") == []  # A does not continue to 6
    assert find_weis("Q♣ K♣ A♠") == []  # one suit only
    assert find_weis("6♣ 7♣ 9♣ 10♣") == []  # a gap breaks the run


def test_W2_order_is_strongest_first() -> None:
    assert strs(find_weis("9♥ 10♥ J♥ Q♥ 8♣ J♣ J♠ J♦")) == [
        "four Jacks (200)",
        "sequence of 4 ♥ 9–Q (50)",
        "sequence of 3 ♥ 10–Q (20)",
        "sequence of 3 ♥ 9–J (20)",
    ]


# ----------------------------------------------------------------------------------------- W3


def test_W3_four_of_a_kind() -> None:
    values = [
        (Rank.JACK, 200, 200),
        (Rank.ACE, 100, 100),
        (Rank.KING, 100, 100),
        (Rank.QUEEN, 100, 100),
        (Rank.TEN, 100, 100),
        (Rank.NINE, None, 150),
        (Rank.EIGHT, None, None),
        (Rank.SEVEN, None, None),
        (Rank.SIX, None, None),
    ]

    def check(rank: Rank, classic: int | None, modern: int | None) -> None:
        four = CardSet(Card.make(s, rank) for s in Suit)
        for ruleset, points in ((CLASSIC, classic), (MODERN, modern)):
            found = find_weis(four, ruleset)
            if points is None:
                assert found == [], ruleset.name
                with pytest.raises(JassError, match="no Weis"):
                    W(four, ruleset)
            else:
                assert len(found) == 1, ruleset.name
                w = found[0]
                assert (w.kind, w.points, w.rank, w.top, w.suit, w.length) == (
                    WeisKind.FOUR_OF_A_KIND,
                    points,
                    rank,
                    rank,
                    None,
                    4,
                ), ruleset.name

    check_cases(values, check)


def test_W3_three_of_a_kind_is_nothing() -> None:
    assert find_weis("J♣ J♠ J♥ A♦") == []


# ----------------------------------------------------------------------------------------- W4


def test_W4_eight_card_run_splits_five_plus_three() -> None:
    hand = run(Suit.CLUBS, Rank.SIX, 8) | CardSet.parse("A♠")
    best = best_declaration(hand, Contract.SPADES)
    assert best.points == 120 and [w.length for w in best.weis] == [5, 3]
    whole = [d for d in declarations(hand, Contract.SPADES) if len(d) == 1 and d.weis[0].length == 8]
    assert len(whole) == 1 and whole[0].points == 100  # listed for teaching, but worse
    assert best_declaration(hand, Contract.SPADES, MODERN).points == 250  # modern keeps the whole run


def test_W4_nine_card_run_classic_is_five_plus_four() -> None:
    hand = run(Suit.HEARTS, Rank.SIX, 9)
    assert best_declaration(hand, Contract.CLUBS).points == 150
    assert sorted(w.length for w in best_declaration(hand, Contract.CLUBS).weis) == [4, 5]
    assert best_declaration(hand, Contract.CLUBS, MODERN).points == 300


def test_W4_a_card_is_in_one_weis_only() -> None:
    hand = CardSet.parse("J♣ J♠ J♥ J♦ Q♦ K♦ 6♠")
    ds = declarations(hand, Contract.HEARTS)
    assert strs(ds) == ["four Jacks (200)", "sequence of 3 ♦ J–K (20)"]  # J♦ cannot be in both
    hand = CardSet.parse("J♣ J♠ J♥ J♦ Q♦ K♦ A♦ 6♠")
    best = best_declaration(hand, Contract.HEARTS)
    assert str(best) == "four Jacks (200) + sequence of 3 ♦ Q–A (20) = 220"
    with pytest.raises(DuplicateCardError, match=r"J♦ is in two Weis .* \(W4\)"):
        Declaration((W("J♣ J♠ J♥ J♦"), W("J♦ Q♦ K♦")), Contract.HEARTS)


def test_W4_declarations_are_disjoint_and_maximal() -> None:
    hand = CardSet.parse("6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ Q♣ Q♥")
    ds = declarations(hand, Contract.OBENABE)
    assert len(ds) == len(set(ds)) > 1
    all_weis = find_weis(hand)
    for d in ds:
        used = 0
        for w in d.weis:
            assert not used & w.cards.mask
            used |= w.cards.mask
        assert d.cards.mask == used
        assert all(w in d.weis or w.cards.mask & used for w in all_weis)  # maximal


def test_W4_empty_declaration_only_without_weis() -> None:
    assert declarations("A♣ K♠ 6♥", Contract.HEARTS) == [Declaration((), Contract.HEARTS)]
    assert all(declarations("A♣ K♣ Q♣", Contract.HEARTS))


# ----------------------------------------------------------------------------------------- W5


def test_W5_best_declaration_has_the_highest_total() -> None:
    hand = CardSet.parse("9♦ 10♦ J♦ Q♦ K♦ J♣ J♠ J♥ 6♣")
    ds = declarations(hand, Contract.CLUBS)
    best = best_declaration(hand, Contract.CLUBS)
    assert best == ds[0] and best.points == max(d.points for d in ds) == 200
    assert strs(best.weis) == ["four Jacks (200)"]  # not the 5-run (100)


def test_W5_equal_totals_go_to_the_strongest_weis() -> None:
    hand = run(Suit.CLUBS, Rank.SIX, 8)  # 6..K: (6–8)+(9–K) or (6–10)+(J–K), both 120
    best = best_declaration(hand, Contract.HEARTS)
    assert str(best) == "sequence of 5 ♣ 9–K (100) + sequence of 3 ♣ 6–8 (20) = 120"
    # Undenufe reverses the rank comparison: the lower five wins the tie.
    best = best_declaration(hand, Contract.UNDENUFE)
    assert str(best) == "sequence of 5 ♣ 6–10 (100) + sequence of 3 ♣ J–K (20) = 120"


def test_W5_declarations_sorted_best_first() -> None:
    ds = declarations(run(Suit.SPADES, Rank.SIX, 9), Contract.SPADES)
    keys = [(d.points, weis_strength(d.strongest, Contract.SPADES)) for d in ds]  # type: ignore[arg-type]
    assert keys == sorted(keys, reverse=True)


# ----------------------------------------------------------------------------------------- W6


def test_W6_points_decide_first() -> None:
    four_jacks, five = W("J♣ J♠ J♥ J♦"), W("6♣ 7♣ 8♣ 9♣ 10♣")
    assert compare_weis(four_jacks, five, Contract.CLUBS) == 1
    assert explain_comparison(five, four_jacks, Contract.CLUBS) == "200 beats 100"
    assert compare_weis(W("6♥ 7♥ 8♥ 9♥"), W("Q♠ K♠ A♠"), Contract.SPADES) == 1  # 50 beats a trump 20


def test_W6_then_number_of_cards() -> None:
    five, six = W("9♣ 10♣ J♣ Q♣ K♣"), W("6♠ 7♠ 8♠ 9♠ 10♠ J♠")  # classic: both 100
    assert compare_weis(six, five, Contract.HEARTS) == 1
    assert explain_comparison(five, six, Contract.HEARTS) == "six cards beat five"
    assert compare_weis(five, W("A♣ A♠ A♥ A♦"), Contract.HEARTS) == 1  # 100 each, 5 cards beat 4
    assert explain_comparison(W("A♣ A♠ A♥ A♦"), five, 0) == "five cards beat four"
    nines, six_m = W("9♣ 9♠ 9♥ 9♦", MODERN), W("6♦ 7♦ 8♦ 9♦ 10♦ J♦", MODERN)
    assert nines.points == six_m.points == 150 and compare_weis(six_m, nines, Contract.OBENABE) == 1


def test_W6_then_rank_natural_order() -> None:
    to_king, to_ace = W("J♣ Q♣ K♣"), W("Q♦ K♦ A♦")
    for contract in (Contract.HEARTS, Contract.OBENABE):
        assert compare_weis(to_ace, to_king, contract) == 1
        assert (
            explain_comparison(to_king, to_ace, contract)
            == "a sequence up to the ace beats one up to the king"
        )
    aces, kings = W("A♣ A♠ A♥ A♦"), W("K♣ K♠ K♥ K♦")
    assert compare_weis(aces, kings, Contract.OBENABE) == 1
    assert explain_comparison(kings, aces, Contract.OBENABE) == "four Aces beat four Kings"


def test_W6_undenufe_reverses_rank_for_sequences() -> None:
    low, high = W("6♣ 7♣ 8♣ 9♣"), W("J♠ Q♠ K♠ A♠")
    assert compare_weis(high, low, Contract.OBENABE) == 1
    assert compare_weis(low, high, Contract.UNDENUFE) == 1
    assert explain_comparison(high, low, Contract.UNDENUFE).startswith("in Undenufe the lower sequence wins")


def test_W6_undenufe_reverses_rank_for_four_of_a_kind() -> None:
    tens, aces, jacks = W("10♣ 10♠ 10♥ 10♦"), W("A♣ A♠ A♥ A♦"), W("J♣ J♠ J♥ J♦")
    assert compare_weis(aces, tens, Contract.OBENABE) == 1
    assert compare_weis(tens, aces, Contract.UNDENUFE) == 1
    assert explain_comparison(aces, tens, Contract.UNDENUFE) == (
        "in Undenufe the lower four of a kind wins, so four Tens beat four Aces"
    )
    assert compare_weis(jacks, tens, Contract.UNDENUFE) == 1  # points still come first


def test_W6_trump_sequence_beats_equal_non_trump() -> None:
    clubs, spades = W("J♣ Q♣ K♣"), W("J♠ Q♠ K♠")
    assert compare_weis(spades, clubs, Contract.SPADES) == 1
    assert compare_weis(clubs, spades, Contract.CLUBS) == 1
    assert explain_comparison(clubs, spades, Contract.SPADES) == "a trump sequence beats a non-trump one"
    for contract in (Contract.HEARTS, *NO_TRUMP):
        assert compare_weis(clubs, spades, contract) == 0
    # Trump only breaks ties: a longer or higher non-trump sequence still wins.
    assert compare_weis(W("Q♣ K♣ A♣"), spades, Contract.SPADES) == 1


def test_W6_equal_weis_go_to_the_earlier_player() -> None:
    ds = [decl("A♣", Contract.HEARTS), decl("J♣ Q♣ K♣", Contract.HEARTS)]
    ds += [decl("J♠ Q♠ K♠", Contract.HEARTS), decl("A♦", Contract.HEARTS)]

    def check(forehand: int, winner: int) -> None:
        r = contest(ds, Contract.HEARTS, forehand)
        assert r.winner == Seat(winner) and r.team == Seat(winner).team
        loser = Seat(3 - winner)  # seats 1 and 2 hold the equal Weis
        assert r.reason == (f"{Seat(winner)}'s sequence of 3 and {loser}'s sequence of 3 are equally strong, "
                            f"so the earlier player in the first trick wins, and {Seat(winner)} plays before {loser}")

    check_cases([(0, 1), (1, 1), (2, 2), (3, 1)], check)  # (forehand, winner): seats 1 and 2 hold equal Weis


def test_W6_trump_beats_the_earlier_player() -> None:
    ds = [decl("J♣ Q♣ K♣", Contract.SPADES), decl("J♠ Q♠ K♠", Contract.SPADES)]
    ds += [decl("A♥", Contract.SPADES), decl("A♦", Contract.SPADES)]
    r = contest(ds, Contract.SPADES, forehand=0)
    assert r.winner == Seat(1) and r.points == (0, 20)
    assert (
        r.reason
        == "seat 1's sequence of 3 beats seat 0's sequence of 3 because a trump sequence beats a non-trump one"
    )


def test_W6_weis_strength_key() -> None:
    w = W("10♠ J♠ Q♠ K♠")
    assert weis_strength(w, Contract.SPADES) == (50, 4, Rank.KING, 1)
    assert weis_strength(w, Contract.HEARTS) == (50, 4, Rank.KING, 0)
    assert weis_strength(w, Contract.UNDENUFE) == (50, 4, 8 - Rank.KING, 0)
    assert weis_strength(w, "spades") == weis_strength(w, 1) == weis_strength(w, Contract.SPADES)
    assert compare_weis(w, w, Contract.SPADES) == 0


# ----------------------------------------------------------------------------------------- W7


def test_W7_team_scores_all_weis() -> None:
    c = Contract.HEARTS
    hands = ["J♣ J♠ J♥ J♦ 6♣ 7♣ 8♣", "9♠ 10♠ Q♠ K♠ A♠ 6♥", "7♥ 8♥ 9♥", "6♦ 7♦ 8♦ 9♦ 10♦"]
    ds = [decl(h, c) for h in hands]
    r = contest(ds, c, forehand=1)
    assert r.winner == Seat(0) and r.team == Team.T0 and str(r.strongest) == "four Jacks (200)"
    # Seat 2's 20 counts even though it is weaker than seat 3's 100 (W7); team 1 scores nothing.
    assert r.points == (220 + 20, 0)
    assert r.points[0] == ds[0].points + ds[2].points
    assert r.declarations == tuple(ds)
    assert r.scored(CLASSIC) == (480, 0)  # hearts ×2, recorded at once (W8)
    assert r.scored(MODERN) == (240, 0)
    assert str(r).startswith("team 0 wins the Weis, 240–0: seat 0's four Jacks beats seat 3's sequence of 5")


def test_W7_no_weis_at_the_table() -> None:
    r = contest_hands(["A♣", "A♠", "A♥", "A♦"], Contract.OBENABE, forehand=2)
    assert isinstance(r, ContestResult)
    assert (r.winner, r.team, r.points, r.strongest) == (None, None, (0, 0), None)
    assert r.reason == str(r) == "no Weis at the table"


def test_W7_only_one_team_has_weis() -> None:
    r = contest_hands(["A♣", "6♠ 7♠ 8♠", "A♥", "A♦"], Contract.OBENABE, forehand=0)
    assert r.winner == Seat(1) and r.points == (0, 20)
    assert r.reason == "seat 1's sequence of 3 wins because team 0 has no Weis"


def test_W7_contest_hands_uses_best_declarations() -> None:
    hands = [run(Suit.CLUBS, Rank.SIX, 8), CardSet.parse("A♥"), CardSet.parse("A♦"), CardSet.parse("A♠")]
    r = contest_hands(hands, Contract.HEARTS, 0)
    assert r.points == (120, 0)
    assert contest_hands(hands, Contract.HEARTS, 0, MODERN).points == (250, 0)


def test_W7_contest_checks_its_input() -> None:
    c = Contract.HEARTS
    ds = [decl("A♣", c), decl("A♠", c), decl("A♥", c), decl("A♦", c)]
    with pytest.raises(JassError, match="expected 4 declarations"):
        contest(ds[:3], c, 0)
    with pytest.raises(ContractError, match="made for ♠ trump"):
        contest([*ds[:3], decl("A♦", Contract.SPADES)], c, 0)
    with pytest.raises(DuplicateCardError, match="declared by two players"):
        contest([decl("6♣ 7♣ 8♣", c), decl("6♣ 7♣ 8♣", c), ds[2], ds[3]], c, 0)
    with pytest.raises(CardParseError, match="unknown seat"):
        contest(ds, c, 4)
    with pytest.raises(HandSizeError, match="expected 4 hands"):
        contest_hands(["A♣", "A♠"], c, 0)
    with pytest.raises(DuplicateCardError, match="A♣ is dealt to two seats"):
        contest_hands(["A♣", "A♣ K♣", "6♥", "7♥"], c, 0)


# ----------------------------------------------------------------------------------------- W8


def test_W8_announcements_weaker_players_stay_silent() -> None:
    c = Contract.HEARTS
    hands = ["6♣ 7♣ 8♣ 9♣", "A♥ K♣ Q♣", "J♠ Q♠ K♠ A♠", "6♦ 7♦ 8♦"]
    ann = announcements([decl(h, c) for h in hands], c, forehand=0)
    assert [a.seat for a in ann] == [Seat(0), Seat(2)]  # seat 1 has none, seat 3 only 20 < 50
    assert ann[0].reveals == ("points",) and ann[0].words == "50" and ann[0].leads
    assert ann[1].reveals == ("points", "length", "top") and ann[1].leads
    assert ann[1].words == "50, four cards up to the ace"
    assert str(ann[1]) == (
        "seat 2: 50, four cards up to the ace "
        "(beats seat 0: a sequence up to the ace beats one up to the nine)"
    )


def test_W8_reveals_only_what_the_comparison_needs() -> None:
    c = Contract.SPADES
    cases = {
        ("6♣ 7♣ 8♣", "6♦ 7♦ 8♦ 9♦"): ("points",),
        ("6♣ 7♣ 8♣ 9♣ 10♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦"): ("points", "length"),
        ("6♣ 7♣ 8♣", "7♦ 8♦ 9♦"): ("points", "length", "top"),
        ("6♣ 7♣ 8♣", "6♠ 7♠ 8♠"): ("points", "length", "top", "trump"),
        ("6♣ 7♣ 8♣", "6♦ 7♦ 8♦"): ("points", "length", "top", "trump"),  # equal: all is shown
    }
    for (first, second), reveals in cases.items():
        ds = [decl(first, c), decl(second, c), decl("A♥", c), decl("K♥", c)]
        ann = announcements(ds, c, forehand=0)
        assert len(ann) == 2 and ann[1].reveals == reveals
    ann = announcements([decl("6♣ 7♣ 8♣", c), decl("6♠ 7♠ 8♠", c), decl("A♥", c), decl("K♥", c)], c, 0)
    assert ann[1].words == "20, three cards up to the eight, trump" and ann[1].leads
    ann = announcements([decl("6♣ 7♣ 8♣", c), decl("6♦ 7♦ 8♦", c), decl("A♥", c), decl("K♥", c)], c, 0)
    assert not ann[1].leads and "equal to seat 0" in ann[1].note
    assert isinstance(ann[1], Announcement)


def test_W8_announcements_agree_with_contest_example() -> None:
    c = Contract.UNDENUFE
    hands = ["A♣ A♠ A♥ A♦", "10♣ 10♠ 10♥ 10♦", "6♥ 7♥ 8♥ 9♥ J♦ Q♦ K♦", "6♠ 7♠ 8♠ 9♠ 6♣ 7♣ 8♣"]
    ds = [best_declaration(h, c) for h in hands]
    ann = announcements(ds, c, forehand=2)
    r = contest(ds, c, 2)
    leaders = [a for a in ann if a.leads]
    assert leaders[-1].seat == r.winner == Seat(1)  # four tens beat four aces in Undenufe


# ----------------------------------------------------------------------------------------- S1


def test_S1_stoeck() -> None:
    assert STOECK_POINTS == 20
    assert stoeck_cards(Contract.HEARTS) == CardSet.parse("Q♥ K♥")
    assert stoeck_cards(Contract.DIAMONDS) == CardSet.parse("K♦ Q♦")
    for contract in NO_TRUMP:
        assert stoeck_cards(contract) == CardSet()
        assert not has_stoeck("Q♥ K♥ Q♣ K♣ Q♠ K♠ Q♦ K♦", contract)
    assert has_stoeck("Q♥ K♥ 6♣", Contract.HEARTS)
    assert not has_stoeck("Q♥ A♥ K♣", Contract.HEARTS)
    assert not has_stoeck("Q♣ K♣", Contract.HEARTS)  # not trump
    # Both cards may also belong to a Weis.
    hand = CardSet.parse("J♥ Q♥ K♥ A♥ 6♣")
    assert has_stoeck(hand, Contract.HEARTS)
    assert stoeck_cards(Contract.HEARTS) <= best_declaration(hand, Contract.HEARTS).cards


# ----------------------------------------------------------------------------------------- values


def test_weis_text_and_properties() -> None:
    seq = W("10♠ J♠ Q♠ K♠")
    assert str(seq) == "sequence of 4 ♠ 10–K (50)"
    assert (seq.suit, seq.rank, seq.top, seq.bottom, seq.length, seq.label) == (
        Suit.SPADES,
        None,
        Rank.KING,
        Rank.TEN,
        4,
        "sequence of 4",
    )
    assert str(W("J♣ J♠ J♥ J♦")) == "four Jacks (200)"
    assert seq.format("swiss") == "sequence of 4 Schilten Banner–König (50)"
    assert seq.format("ascii") == "sequence of 4 S T-K (50)"
    assert W("Q♣ Q♠ Q♥ Q♦").format("swiss") == "four Ober (100)"
    with pytest.raises(CardParseError, match="unknown style"):
        seq.format("klingon")
    d = Declaration((W("6♥ 7♥ 8♥"), W("Q♣ Q♠ Q♥ Q♦")), Contract.HEARTS)
    assert str(d) == "four Queens (100) + sequence of 3 ♥ 6–8 (20) = 120"
    assert d.format("ascii") == "four Queens (100) + sequence of 3 H 6-8 (20) = 120"
    assert str(Declaration((), Contract.CLUBS)) == "no Weis" and not Declaration((), Contract.CLUBS)


def test_weis_constructor_checks() -> None:
    with pytest.raises(JassError, match="no Weis"):
        W("6♣ 7♣ 9♣")
    with pytest.raises(JassError, match="no Weis"):
        W("Q♣ K♣ A♠")
    with pytest.raises(JassError, match="no sequence"):
        Weis(WeisKind.SEQUENCE, CardSet.parse("6♣ 8♣ 9♣"), 20)
    with pytest.raises(JassError, match="not four cards of one rank"):
        Weis(WeisKind.FOUR_OF_A_KIND, CardSet.parse("J♣ J♠ J♥"), 200)
    with pytest.raises(JassError, match="positive number of points"):
        Weis(WeisKind.SEQUENCE, CardSet.parse("6♣ 7♣ 8♣"), 0)
    assert Weis(WeisKind.SEQUENCE, CardSet.parse("6♣ 7♣ 8♣"), 20) == W("6♣ 7♣ 8♣")


# ----------------------------------------------------------------------------------------- bad input


def test_bad_input_ten_cards() -> None:
    hand = "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 6♠"
    for call in (
        lambda: find_weis(hand),
        lambda: declarations(hand, Contract.CLUBS),
        lambda: best_declaration(hand, Contract.CLUBS),
        lambda: has_stoeck(hand, Contract.CLUBS),
    ):
        with pytest.raises(HandSizeError, match=r"a hand holds 1 to 9 cards \(D3\), got 10"):
            call()


def test_bad_input_empty_hand() -> None:
    with pytest.raises(HandSizeError, match="got 0"):
        find_weis([])


def test_bad_input_duplicate_card() -> None:
    with pytest.raises(DuplicateCardError, match="card 9♥ appears twice"):
        find_weis(["9♥", "10♥", "J♥", "9h"])
    with pytest.raises(DuplicateCardError, match="appears twice"):
        best_declaration("A♣ A♣", Contract.HEARTS)


def test_bad_input_unknown_card_text() -> None:
    with pytest.raises(CardParseError, match="unknown card 'Z♣'"):
        find_weis("A♣ Z♣")
    with pytest.raises(CardParseError, match="unknown contract"):
        best_declaration("A♣", "no such contract")
    with pytest.raises(JassError, match="expected cards"):
        find_weis(3.5)  # type: ignore[arg-type]
    with pytest.raises(JassError, match="expected cards"):
        find_weis(7)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------- properties

RULESETS = st.sampled_from([CLASSIC, MODERN])
CONTRACTS = st.sampled_from(list(Contract))
SEATS = st.sampled_from(list(Seat))
# Nine random cards; and nine cards from two suits, which holds many more Weis.
HANDS = st.one_of(
    st.sets(st.integers(0, 35), min_size=9, max_size=9),
    st.sets(st.integers(0, 17), min_size=9, max_size=9),
    st.sets(
        st.sampled_from([r + 9 * s for s in range(4) for r in (3, 4, 5, 6, 7, 8)]), min_size=9, max_size=9
    ),
).map(lambda cards: CardSet(sorted(cards)))
DEALS = st.permutations(range(36)).map(lambda d: [CardSet(d[9 * i : 9 * i + 9]) for i in range(4)])


@given(HANDS, RULESETS)
def test_property_find_weis_is_exact(hand: CardSet, ruleset: Ruleset) -> None:
    found = find_weis(hand, ruleset)
    assert len(set(found)) == len(found)
    expected_sequences = 0
    for suit in Suit:
        r = 0
        while r < 9:
            length = 0
            while r + length < 9 and Card.make(suit, r + length) in hand:
                length += 1
            expected_sequences += sum(length - k + 1 for k in range(3, length + 1))
            r += length + 1
    fours = [w for w in found if w.kind is WeisKind.FOUR_OF_A_KIND]
    seqs = [w for w in found if w.kind is WeisKind.SEQUENCE]
    assert len(seqs) == expected_sequences
    for w in seqs:
        assert w.cards <= hand and len({c.suit for c in w.cards}) == 1
        assert w.points == ruleset.sequence_points(w.length)
        assert [c.rank for c in w.cards] == list(range(w.bottom, w.top + 1))
    ranks = {w.rank for w in fours}
    for rank in Rank:
        present = all(Card.make(s, rank) in hand for s in Suit)
        eligible = rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE) or (
            rank == Rank.NINE and ruleset.four_nines is not None
        )
        assert (rank in ranks) == (present and eligible)


@given(HANDS, CONTRACTS, RULESETS)
def test_property_declarations_disjoint_inside_hand_and_best(
    hand: CardSet, contract: Contract, ruleset: Ruleset
) -> None:
    ds = declarations(hand, contract, ruleset)
    found = find_weis(hand, ruleset)
    assert ds and len(set(ds)) == len(ds)
    for d in ds:
        assert d.cards <= hand and d.contract is contract
        used = 0
        for w in d.weis:
            assert w in found and not used & w.cards.mask
            used |= w.cards.mask
        assert all(w in d.weis or w.cards.mask & used for w in found)  # maximal
        assert d.points == sum(w.points for w in d.weis)
    assert (not found) == (ds == [Declaration((), contract)])
    best = best_declaration(hand, contract, ruleset)
    assert best == ds[0]
    # Brute force over every disjoint set, maximal or not (W5).
    options = independent_sets(found)
    top = max(sum(w.points for w in o) for o in options)
    assert best.points == top == max(d.points for d in ds)
    if best:
        strongest = max(
            max(weis_strength(w, contract) for w in o)
            for o in options
            if o and sum(w.points for w in o) == top
        )
        assert weis_strength(best.strongest, contract) == strongest  # type: ignore[arg-type]


@given(HANDS, CONTRACTS, RULESETS, st.randoms(use_true_random=False))
def test_property_order_of_input_does_not_matter(
    hand: CardSet, contract: Contract, ruleset: Ruleset, rnd: random.Random
) -> None:
    cards = list(hand)
    rnd.shuffle(cards)
    assert find_weis(cards, ruleset) == find_weis(hand, ruleset)
    assert declarations(cards, contract, ruleset) == declarations(hand, contract, ruleset)
    best = best_declaration(hand, contract, ruleset)
    shuffled = list(best.weis)
    rnd.shuffle(shuffled)
    assert Declaration(tuple(shuffled), contract) == best


@given(DEALS, CONTRACTS, RULESETS, SEATS)
def test_property_contest_winner_scores_both_declarations(
    hands: list[CardSet], contract: Contract, ruleset: Ruleset, forehand: Seat
) -> None:
    ds = [best_declaration(h, contract, ruleset) for h in hands]
    r = contest(ds, contract, forehand)
    assert r == contest_hands(hands, contract, forehand, ruleset)
    if r.winner is None:
        assert not any(ds) and r.points == (0, 0)
        return
    team = r.winner.team
    assert r.points[team] == ds[team.seats[0]].points + ds[team.seats[1]].points
    assert r.points[team.other] == 0
    assert r.strongest == ds[r.winner].strongest
    order = [Seat((forehand + k) % 4) for k in range(4)]
    for seat in order:
        other = ds[seat].strongest
        if other is None or seat == r.winner:
            continue
        cmp = compare_weis(r.strongest, other, contract)  # type: ignore[arg-type]
        assert cmp == 1 or (cmp == 0 and order.index(r.winner) < order.index(seat))


@given(DEALS, CONTRACTS, RULESETS, SEATS, st.integers(1, 3))
def test_property_contest_is_rotation_invariant(
    hands: list[CardSet], contract: Contract, ruleset: Ruleset, forehand: Seat, shift: int
) -> None:
    r = contest_hands(hands, contract, forehand, ruleset)
    rotated = [hands[(s - shift) % 4] for s in range(4)]  # seat s gets the hand of seat s - shift
    r2 = contest_hands(rotated, contract, Seat((forehand + shift) % 4), ruleset)
    if r.winner is None:
        assert r2.winner is None
        return
    assert r2.winner == Seat((r.winner + shift) % 4)
    assert r2.strongest == r.strongest
    assert sorted(r2.points) == sorted(r.points)


@given(DEALS, CONTRACTS, RULESETS, SEATS)
def test_W8_announcements_agree_with_contest(
    hands: list[CardSet], contract: Contract, ruleset: Ruleset, forehand: Seat
) -> None:
    ds = [best_declaration(h, contract, ruleset) for h in hands]
    ann = announcements(ds, contract, forehand)
    r = contest(ds, contract, forehand)
    order = [Seat((forehand + k) % 4) for k in range(4)]
    assert [order.index(a.seat) for a in ann] == sorted(order.index(a.seat) for a in ann)
    if r.winner is None:
        assert ann == []
        return
    assert ann[0].leads and ann[0].reveals == ("points",)
    leaders = [a.seat for a in ann if a.leads]
    assert leaders[-1] == r.winner
    for a in ann:
        assert a.weis == ds[a.seat].strongest
    silent = [s for s in order if ds[s] and s not in {a.seat for a in ann}]
    for s in silent:
        assert compare_weis(ds[s].strongest, r.strongest, contract) == -1  # type: ignore[arg-type]


@settings(max_examples=300)
@given(
    cards=st.lists(st.integers(0, 35), min_size=9, max_size=9, unique=True),
    contract=st.sampled_from(list(Contract)),
    ruleset=st.sampled_from([CLASSIC, MODERN]),
)
def test_W5_fast_best_declaration_agrees_with_the_full_search(cards, contract, ruleset):
    """The engine's per-suit fast path picks exactly the declaration the general search ranks first."""
    from jasslib import weis as W

    mask = sum(1 << c for c in cards)
    general = W._declarations(mask, contract, W._key(ruleset))[0]
    fast = W.best_declarations([mask], contract, ruleset)[0]
    assert fast == general
    assert fast.points == general.points and fast.cards == general.cards
    assert W.has_weis(mask, ruleset) == bool(general)


@pytest.mark.parametrize("text", [
    "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",      # nine in a row: 5 + 4, oriented by the contract
    "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♠",      # eight in a row: 5 + 3
    "6♣ 7♣ 8♣ 6♠ 7♠ 8♠ 9♠ 6♥ 7♥",       # three suits with sequences
    "J♣ J♠ J♥ J♦ 10♥ Q♥ 6♣ 7♣ 8♣",       # four of a kind takes the general search
])
def test_W5_fast_path_on_hand_picked_hands(text):
    from jasslib import weis as W

    mask = CardSet.parse(text).mask
    for ruleset in (CLASSIC, MODERN):
        for contract in Contract:
            assert W.best_declarations([mask], contract, ruleset)[0] == declarations(text, contract, ruleset)[0]
