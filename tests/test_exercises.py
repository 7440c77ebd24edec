"""Tests of jasslib.exercises: answers agree with the engine, wrong answers are caught with the right
rule id, malformed responses never raise, the series are deterministic, and the generators really
produce every teaching case (RULES.md P1–P6, O4–O7, W2–W7, S1, C3, H1–H2, G3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jasslib import CLASSIC, MODERN, Card, CardSet, Contract, Rank, Seat, Team
from jasslib.contracts import rank_strength
from jasslib.exercises import (
    CASES,
    KINDS,
    LEGAL_CASES,
    RESTRICTION_CASES,
    TOPICS,
    Exercise,
    Feedback,
    Item,
    exercise,
    exercises,
)
from jasslib.play import check_play, legal_cards, trick_points, trick_winner
from jasslib.scoring import hand_score, race
from jasslib.weis import STOECK_POINTS, best_declaration, contest, find_weis, has_stoeck

ROOT = Path(__file__).resolve().parent.parent
RULESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(MODERN, id="modern")]
SEEDS = range(25)


def series(topic: str, ruleset, seeds=SEEDS, per_seed: int = 2) -> list[Exercise]:
    return [exercise(topic, seed, n, ruleset) for seed in seeds for n in range(per_seed)]


def trick_cards(ex: Exercise) -> list[Card]:
    return [c for _, c in ex.position["trick"]]


# ---------------------------------------------------------------------------------------------
# The stored answer is what the engine computes from the position


def engine_answer(ex: Exercise):
    p, rs = ex.position, ex.ruleset
    if ex.topic == "legal":
        return legal_cards(p["hand"], trick_cards(ex), p["contract"])
    if ex.topic == "trick":
        cards = trick_cards(ex)
        winner = p["trick"][trick_winner(cards, p["contract"])][0]
        return (winner, trick_points(cards, p["contract"], rs, last=p["last"]))
    if ex.topic == "weis":
        return best_declaration(p["hand"], p["contract"], rs).points
    if ex.topic == "contest":
        result = contest(p["declarations"], p["contract"], p["forehand"])
        return (result.team, 0 if result.team is None else result.points[result.team])
    if ex.topic == "stoeck":
        return STOECK_POINTS * rs.multiplier(p["contract"]) if has_stoeck(p["hand"], p["contract"]) else 0
    if ex.topic == "score":
        return hand_score(p["card_points"], p["tricks"], p["last_trick"], p["contract"], rs, p["weis"],
                          p["stoeck"]).total
    if ex.topic == "claim":
        return race(p["recorded"], p["additions"], p["target"], rs.claim_priority).winner
    raise AssertionError(ex.topic)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("topic", TOPICS)
def test_answer_is_what_the_engine_computes(topic, ruleset):
    for ex in series(topic, ruleset):
        assert ex.topic == topic and ex.kind == KINDS[topic] and ex.ruleset == ruleset
        assert ex.answer == engine_answer(ex), str(ex)
        assert ex.position["case"] in CASES[topic]
        fb = ex.check(ex.answer)
        assert isinstance(fb, Feedback) and fb.correct and fb.summary.startswith("Right"), str(fb)
        assert all(item.correct for item in fb.items)
        assert ex.solution() == ex.explanation and ex.explanation


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_positions_are_realistic(ruleset):
    """Hands of 3..9 cards, disjoint from the trick; the trick's seats in playing order up to the mover."""
    for ex in series("legal", ruleset):
        p = ex.position
        hand, plays, seat = p["hand"], p["trick"], p["seat"]
        assert 3 <= len(hand) <= 9 and len(plays) <= 3
        assert not CardSet(trick_cards(ex)) & hand
        assert len(set(trick_cards(ex))) == len(plays)
        for k, (s, _) in enumerate(plays):
            assert s == Seat((seat - len(plays) + k) % 4)
        assert isinstance(p["contract"], Contract)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_position_shapes(ruleset):
    for ex in series("trick", ruleset, range(10)):
        plays = ex.position["trick"]
        assert len(plays) == 4 and len({c for _, c in plays}) == 4
        assert [int(s) for s, _ in plays] == [(int(plays[0][0]) + k) % 4 for k in range(4)]
    for topic in ("weis", "stoeck"):
        for ex in series(topic, ruleset, range(10)):
            assert len(ex.position["hand"]) == 9
    for ex in series("score", ruleset, range(10)):
        p = ex.position
        assert sum(p["card_points"]) == 152 and sum(p["tricks"]) == 9 and p["tricks"][p["last_trick"]] > 0
        assert 0 in p["weis"] and 0 in p["stoeck"]  # W7: one team scores Weis; S1: one holder
        if not p["contract"].has_trump:
            assert p["stoeck"] == (0, 0)
    for ex in series("claim", ruleset, range(10)):
        p = ex.position
        m = ruleset.multiplier(p["contract"])
        assert p["target"] == ruleset.target
        assert sum(p["additions"]["stich"]) in (157 * m, 257 * m)
        assert 0 in p["additions"]["weis"] and 0 in p["additions"]["stoeck"]
    for ex in series("contest", ruleset, range(10)):
        p = ex.position
        for seat in range(4):
            hand, decl = p["hands"][seat], p["declarations"][seat]
            assert decl.cards <= hand
            if hand:
                assert decl == best_declaration(hand, p["contract"], ruleset)


# ---------------------------------------------------------------------------------------------
# Wrong answers are caught, with the rule id that explains why


def item(fb: Feedback, key: str) -> Item:
    return next(i for i in fb.items if i.key == key)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_every_wrong_card_is_named_with_its_rule(ruleset):
    for ex in series("legal", ruleset):
        hand, answer = ex.position["hand"], ex.answer
        cards, contract = trick_cards(ex), ex.position["contract"]
        for card in hand:
            verdict = check_play(card, hand, cards, contract)
            wrong = answer - CardSet([card]) if card in answer else answer | CardSet([card])
            fb = ex.check(wrong)
            assert not fb.correct
            assert fb.summary == f"{len(hand) - 1} of {len(hand)} cards right."
            bad = [i for i in fb.items if not i.correct]
            assert [i.key for i in bad] == [str(card)]
            assert bad[0].rule == verdict.rule and f"({verdict.rule}" in bad[0].message
            if card in answer:
                assert bad[0].message.startswith(f"You left out {card}: it is legal: ")
            else:
                assert bad[0].message.startswith(f"You marked {card} as legal, but it is not allowed: ")
            assert len(fb.items) == len(hand)


def wrong_item_for(ex: Exercise, card: Card) -> Item:
    answer = ex.answer
    wrong = answer - CardSet([card]) if card in answer else answer | CardSet([card])
    return item(ex.check(wrong), str(card))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_teaching_mistakes_cite_the_rule(ruleset):
    """Under-trumping marked legal → P4; trumping-while-able-to-follow left out → P3; lone Puur → P5;
    no-trump follow → P2; must follow trump → P5; only trumps left → P4; leading → P1."""
    seen = Counter()
    for ex in exercises("legal", "mistakes", 120, ruleset):
        p, case = ex.position, ex.position["case"]
        contract, hand = p["contract"], p["hand"]
        trump = contract.trump
        if case == "no-undertrump-partner-winning":
            strength = rank_strength(contract)
            top = max((c for c in trick_cards(ex) if c.suit == trump), key=strength.__getitem__)
            weak = [c for c in hand if c.suit == trump and strength[c] < strength[top]]
            it = wrong_item_for(ex, weak[0])
            assert not it.correct and it.rule == "P4" and "(P4)" in it.message and "You marked" in it.message
        elif case == "trump-while-able-to-follow":
            trump_card = next(c for c in ex.answer if c.suit == trump)
            it = wrong_item_for(ex, trump_card)
            assert it.rule == "P3" and "(P3)" in it.message and "You left out" in it.message
            assert "even though you hold" in it.message
        elif case == "lone-puur":
            other = next(c for c in hand if c.suit != trump)
            it = wrong_item_for(ex, other)
            assert it.rule == "P5" and "Puur" in it.message and "You left out" in it.message
        elif case == "no-trump-follow":
            led = trick_cards(ex)[0].suit
            off = next(c for c in hand if c.suit != led)
            it = wrong_item_for(ex, off)
            assert it.rule == "P2" and "(P2)" in it.message and "You marked" in it.message
        elif case == "must-follow-trump":
            off = next(c for c in hand if c.suit != trump)
            it = wrong_item_for(ex, off)
            assert it.rule == "P5" and "(P5)" in it.message
        elif case == "undertrump-only-trumps":
            strength = rank_strength(contract)
            top = max((c for c in trick_cards(ex) if c.suit == trump), key=strength.__getitem__)
            weak = next(c for c in hand if strength[c] < strength[top])
            it = wrong_item_for(ex, weak)
            assert it.rule == "P4" and "under-trumping is allowed" in it.message and "You left out" in it.message
        elif case == "cannot-follow":
            it = wrong_item_for(ex, hand[0])
            assert it.rule in ("P2", "P3") and "You left out" in it.message
        elif case == "leading":
            it = wrong_item_for(ex, hand[0])
            assert it.rule == "P1" and "(P1)" in it.message
        seen[case] += 1
    assert set(seen) == set(LEGAL_CASES)


def test_legal_worked_example_h4():
    """H4: A♣ led, 9♥ trumped; holding 8♣, C may play J♥ (P3) but not 6♥ (P4)."""
    hand = CardSet.parse("8♣ 6♥ J♥ K♠")
    plays = ((Seat(0), Card.CA), (Seat(1), Card.H9))
    ex = Exercise("legal", 0, 0, CLASSIC, "cards", "Which cards?",
                  {"hand": hand, "trick": plays, "contract": Contract.HEARTS, "seat": Seat(2), "case": "x"},
                  CardSet.parse("8♣ J♥"), "")
    assert ex.check(["8♣", "J♥"]).correct
    fb = ex.check("8♣ 6♥")
    assert not fb.correct and fb.summary == "2 of 4 cards right."
    assert item(fb, "6♥").message.startswith("You marked 6♥ as legal, but it is not allowed: 9♥ already trumped")
    assert item(fb, "6♥").rule == "P4"
    assert item(fb, "J♥").message == ("You left out J♥: it is legal: you may trump even though you hold ♣ (P3), "
                                      "and J♥ beats 9♥ already in the trick (P4).")
    assert item(fb, "8♣").correct and item(fb, "K♠").correct


@pytest.mark.parametrize("ruleset", RULESETS)
def test_trick_wrong_seat_and_points(ruleset):
    for ex in series("trick", ruleset):
        seat, points = ex.answer
        contract, last = ex.position["contract"], ex.position["last"]
        fb = ex.check((Seat((seat + 1) % 4), points))
        it = item(fb, "seat")
        assert not fb.correct and not it.correct and item(fb, "points").correct
        expected = "P6" if contract.has_trump else "P2"
        assert it.rule == expected and f"({expected}" in it.message and f"seat {int(seat)}" in it.message
        assert fb.summary == "1 of 2 parts right."
        fb = ex.check((seat, points + 3))
        it = item(fb, "points")
        assert not it.correct and item(fb, "seat").correct
        assert it.message.startswith(f"You said {points + 3}; the right answer is {points}: ")
        ids = ("O7",) if last else ("O4",) if contract.has_trump else ("O5",)
        assert all(i in it.message for i in ids), it.message


def test_trick_worked_example_h4():
    plays = tuple(zip(map(Seat, range(4)), (Card.CA, Card.H9, Card.HJ, Card.C7)))
    ex = Exercise("trick", 0, 0, CLASSIC, "seat+points", "?", {"trick": plays, "contract": Contract.HEARTS,
                                                                "last": False, "case": "x"}, (Seat(2), 45), "")
    fb = ex.check((2, 40))
    assert item(fb, "seat").correct
    assert item(fb, "points").message == ("You said 40; the right answer is 45: "
                                          "A♣ 11 + 9♥ 14 + J♥ 20 + 7♣ 0 = 45 (O4).")
    assert ex.check(("seat 2", "45")).correct


def test_trick_hints_for_common_slips():
    plays = tuple(zip(map(Seat, range(4)), (Card.CA, Card.C8, Card.C6, Card.CK)))
    ex = Exercise("trick", 0, 0, CLASSIC, "seat+points", "?", {"trick": plays, "contract": Contract.OBENABE,
                                                                "last": True, "case": "x"}, (Seat(0), 28), "")
    assert "last trick (O7)" in item(ex.check((0, 23)), "points").message
    assert "8 counts 8" in item(ex.check((0, 20)), "points").message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_weis_wrong_points(ruleset):
    for ex in series("weis", ruleset):
        fb = ex.check(ex.answer + 20)
        it = item(fb, "points")
        assert not fb.correct and not it.correct and it.rule.startswith("W")
        assert it.message.startswith(f"You said {ex.answer + 20}; the right answer is {ex.answer}")
        assert "(W" in it.message
        best = best_declaration(ex.position["hand"], ex.position["contract"], ruleset)
        assert (best.format() if best else "no Weis") in it.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_contest_wrong_team_and_points(ruleset):
    for ex in series("contest", ruleset):
        team, points = ex.answer
        other = Team.T0 if team is None else None if team == Team.T1 else Team.T1
        fb = ex.check((other, points))
        it = item(fb, "team")
        assert not fb.correct and not it.correct and it.rule == "W6" and "(W6)" in it.message
        fb = ex.check((team, points + 50))
        it = item(fb, "points")
        assert item(fb, "team").correct and not it.correct and it.rule == "W7" and "(W7)" in it.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_contest_explanation_uses_the_engine_reason(ruleset):
    for ex in series("contest", ruleset, range(10)):
        p = ex.position
        result = contest(p["declarations"], p["contract"], p["forehand"])
        if result.team is not None:
            assert result.reason in ex.explanation and "(W7)" in ex.explanation


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stoeck_wrong_points(ruleset):
    for ex in series("stoeck", ruleset):
        wrong = 20 if ex.answer == 0 else 0
        it = item(ex.check(wrong), "points")
        assert not it.correct and it.rule == "S1" and "(S1)" in it.message


def test_stoeck_no_trump_and_multiplier():
    ex = Exercise("stoeck", 0, 0, CLASSIC, "points", "?", {"hand": CardSet.parse("Q♠ K♠ 6♣"),
                                                            "contract": Contract.OBENABE}, 0, "")
    it = item(ex.check(20), "points")
    assert "no trump" in it.message and "(S1)" in it.message
    ex = Exercise("stoeck", 0, 0, CLASSIC, "points", "?", {"hand": CardSet.parse("Q♥ K♥ 6♣"),
                                                            "contract": Contract.HEARTS}, 40, "")
    it = item(ex.check(20), "points")
    assert "20 × 2" in it.message and "C3" in it.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_score_wrong_totals(ruleset):
    for ex in series("score", ruleset):
        a, b = ex.answer
        fb = ex.check((a + 10, b))
        assert not fb.correct and not item(fb, "team 0").correct and item(fb, "team 1").correct
        it = item(fb, "team 0")
        assert it.rule == "H2" and "(H2)" in it.message and f"= {a}" in it.message


def test_score_worked_example_h3_and_hints():
    p = {"contract": Contract.HEARTS, "card_points": (95, 57), "tricks": (5, 4), "last_trick": Team.T0,
         "weis": (20, 0), "stoeck": (0, 0), "case": "x"}
    ex = Exercise("score", 0, 0, CLASSIC, "points+points", "?", p, (240, 114), "")
    assert ex.check((240, 114)).correct
    it = item(ex.check((120, 114)), "team 0")
    assert "(100 + 20 Weis) × 2 = 240 (H2)" in it.message and "multiplier" in it.message
    assert "last trick" in item(ex.check((230, 114)), "team 0").message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_claim_wrong_team(ruleset):
    for ex in series("claim", ruleset):
        wrong = Team.T0 if ex.answer is None else None
        it = item(ex.check(wrong), "team")
        assert not it.correct and it.rule == "G3" and "(G3)" in it.message
        assert "Stöck, then Weis, then the trick points" in it.message


# ---------------------------------------------------------------------------------------------
# Malformed responses never raise

MALFORMED = {
    "cards": [None, 5, 3.5, True, "abc", "A♣ A♣ Z", ["A♣", "nope"], [True], object(), {"Z♣": True}],
    "seat+points": [None, "abc", 5, (1,), (1, 2, 3), ("seat 7", 10), (1, "many"), (1, 2.5), (True, 10),
                    {"seat": 1}, "1 20", (None, 10)],
    "points": [None, "abc", 2.5, True, [], (20,), object(), "20 and 30"],
    "team+points": [None, "abc", 1, (1,), (1, 2, 3), (5, 10), ("team 2", 10), (1, "lots"), (1, None)],
    "points+points": [None, "abc", 5, (1,), (1, 2, 3), ("a", 1), (1, None), (True, 1), "100 57"],
    "team": ["abc", 2, -1, 1.5, True, [0], Seat(2), "team 3", object()],
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("topic", TOPICS)
def test_malformed_responses_give_helpful_feedback(topic, ruleset):
    for ex in series(topic, ruleset, range(4), per_seed=1):
        responses = list(MALFORMED[ex.kind])
        if ex.kind == "cards":
            outside = next(c for c in Card if c not in ex.position["hand"])
            responses += [[str(outside)], CardSet([outside]), str(outside)]
        for response in responses:
            fb = ex.check(response)
            assert isinstance(fb, Feedback) and not fb.correct, (response, fb)
            assert fb.items and fb.items[0].key == "answer" and fb.items[0].message.startswith("Please")
            assert str(fb) and fb._repr_html_()
        if ex.kind == "cards":
            fb = ex.check([str(outside)])
            assert str(outside) in fb.items[0].message and "not in your hand" in fb.items[0].message


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["A♣", "10h", "seat 2", "team 1", "none", "45", "J♥ 9♥"]),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=3), inner,
                                                                                           max_size=2),
    max_leaves=6,
)
_ONE_PER_TOPIC = [exercise(t, "junk", 0) for t in TOPICS]


@given(response=junk, index=st.integers(0, len(TOPICS) - 1))
def test_check_never_raises(response, index):
    fb = _ONE_PER_TOPIC[index].check(response)
    assert isinstance(fb, Feedback) and isinstance(fb.correct, bool) and fb.items


def test_accepted_response_forms():
    ex = exercise("legal", 3)
    answer = ex.answer
    for form in (answer, list(answer), [str(c) for c in answer], " ".join(str(c) for c in answer),
                 [c.format("ascii") for c in answer], {str(c): True for c in ex.position["hand"] if c in answer},
                 tuple(int(c) for c in answer)):
        assert ex.check(form).correct, form
    ex = exercise("trick", 3)
    seat, points = ex.answer
    for form in ((seat, points), [int(seat), points], (str(int(seat)), str(points)), (f"seat {int(seat)}", points),
                 (int(seat), float(points)), (seat, f"{points} points")):
        assert ex.check(form).correct, form
    ex = next(e for e in exercises("claim", 1, 30) if e.answer is None)
    for form in (None, "none", "nobody", " Nobody "):
        assert ex.check(form).correct
    ex = next(e for e in exercises("claim", 1, 30) if e.answer is not None)
    for form in (ex.answer, int(ex.answer), str(int(ex.answer)), f"team {int(ex.answer)}"):
        assert ex.check(form).correct


# ---------------------------------------------------------------------------------------------
# Determinism


@pytest.mark.parametrize("topic", TOPICS)
def test_same_seed_same_exercise_different_seeds_differ(topic):
    for ruleset in (CLASSIC, MODERN):
        for seed in (0, 1, "class 3b"):
            a, b = exercise(topic, seed, 2, ruleset), exercise(topic, seed, 2, ruleset.name)
            assert a == b and str(a) == str(b) and a.to_dict() == b.to_dict()
        assert exercises(topic, 5, 4, ruleset) == [exercise(topic, 5, i, ruleset) for i in range(4)]
    texts = {str(exercise(topic, seed, 0)).split("\n", 1)[1] for seed in range(20)}
    assert len(texts) >= 16, "different seeds should give different exercises"
    numbers = {str(exercise(topic, 0, n)).split("\n", 1)[1] for n in range(20)}
    assert len(numbers) >= 16, "different numbers should give different exercises"


def test_deterministic_across_processes():
    """No dependence on hash randomization or on what ran before."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from jasslib.exercises import TOPICS, exercise\n"
        "print(json.dumps([exercise(t, 11, n, r).to_dict() for t in TOPICS for n in range(3)"
        " for r in ('classic', 'modern')], ensure_ascii=False, sort_keys=True))\n"
    )
    outputs = set()
    for hashseed in ("1", "2", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                                encoding="utf-8")
        assert result.returncode == 0, result.stderr
        outputs.add(result.stdout)
    assert len(outputs) == 1
    here = [exercise(t, 11, n, r).to_dict() for t in TOPICS for n in range(3) for r in ("classic", "modern")]
    assert json.loads(outputs.pop()) == json.loads(json.dumps(here, ensure_ascii=False, sort_keys=True))


# ---------------------------------------------------------------------------------------------
# Teaching cases really occur


def legal_case_holds(case: str, ex: Exercise) -> bool:
    """An independent statement of each teaching case (not the generator's)."""
    p = ex.position
    hand, plays, contract, seat = p["hand"], p["trick"], p["contract"], p["seat"]
    cards = [c for _, c in plays]
    trump = contract.trump
    legal = legal_cards(hand, cards, contract)
    if case == "leading":
        return not cards and legal == hand
    led = cards[0].suit
    has_led = any(c.suit == led for c in hand)
    trumps = [c for c in hand if c.suit == trump]
    if case == "no-trump-follow":
        return trump is None and has_led and legal == hand.of_suit(led) and legal != hand
    if case == "cannot-follow":
        return not has_led and led != trump and legal.mask & ~trump_mask(trump) == hand.mask & ~trump_mask(trump)
    if trump is None:
        return False
    puur = Card.make(trump, Rank.JACK)
    if case == "lone-puur":
        return led == trump and trumps == [puur] and legal == hand and len(hand) > 1
    if case == "must-follow-trump":
        return led == trump and trumps and trumps != [puur] and legal == hand.of_suit(trump) != hand
    if case == "trump-while-able-to-follow":
        return (led != trump and has_led and any(c.suit == trump for c in legal)
                and any(c.suit not in (led, trump) for c in hand))
    strength = rank_strength(contract)
    in_trick = [c for c in cards if c.suit == trump]
    if led == trump or not in_trick:
        return False
    top = max(in_trick, key=strength.__getitem__)
    weak = [c for c in trumps if strength[c] < strength[top]]
    if case == "undertrump-only-trumps":
        return len(trumps) == len(hand) and weak and all(c in legal for c in weak)
    if case == "no-undertrump-partner-winning":
        win_seat, win_card = plays[trick_winner(cards, contract)]
        return (win_seat == seat.partner and win_card.suit == trump and weak and len(trumps) < len(hand)
                and not any(c in legal for c in weak))
    raise AssertionError(case)


def trump_mask(suit) -> int:
    return 0 if suit is None else suit.mask


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_generator_produces_every_teaching_case(ruleset):
    counts = Counter()
    for ex in exercises("legal", "cases", 200, ruleset):
        case = ex.position["case"]
        assert legal_case_holds(case, ex), (case, str(ex))
        counts[case] += 1
    assert set(counts) == set(LEGAL_CASES), counts
    assert counts["leading"] < counts["no-undertrump-partner-winning"]  # leading is the rare one


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_legal_series_opens_with_a_restriction(ruleset):
    """Exercise 0 (what a trainer shows first) always has a card that is not allowed."""
    for seed in list(range(40)) + ["class 3b", "x"]:
        ex = exercise("legal", seed, 0, ruleset)
        assert ex.position["case"] in RESTRICTION_CASES
        assert ex.answer != ex.position["hand"] and legal_case_holds(ex.position["case"], ex)


def trick_case_holds(case: str, ex: Exercise) -> bool:
    p = ex.position
    cards, contract = trick_cards(ex), p["contract"]
    win = cards[trick_winner(cards, contract)]
    led, trump = cards[0].suit, contract.trump
    return {
        "plain": True,
        "last-trick": p["last"],
        "undenufe-six-wins": contract == Contract.UNDENUFE and win.rank == Rank.SIX,
        "obenabe-eights": contract == Contract.OBENABE and any(c.rank == Rank.EIGHT for c in cards),
        "off-suit-ace": any(c.rank == Rank.ACE and c.suit not in (led, trump) and c != win for c in cards),
        "low-trump-beats-ace": trump is not None and win.suit == trump != led and Card.make(led, Rank.ACE) in cards,
        "trump-order": trump is not None and win.suit == trump and sum(c.suit == trump for c in cards) >= 2,
    }[case]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("topic", [t for t in TOPICS if t != "legal"])
def test_every_generator_produces_every_case(topic, ruleset):
    counts = Counter()
    for ex in exercises(topic, "cases", 200, ruleset):
        case = ex.position["case"]
        counts[case] += 1
        p = ex.position
        if topic == "trick":
            assert trick_case_holds(case, ex), (case, str(ex))
        elif topic == "weis":
            found = find_weis(p["hand"], ruleset)
            if case == "none":
                assert ex.answer == 0 and not found
            elif case == "four-nines":
                nines = all(Card.make(s, Rank.NINE) in p["hand"] for s in range(4))
                assert nines and ex.answer == (ruleset.four_nines or 0)
            elif case == "jacks-vs-sequence":
                assert any(w.is_sequence and Card.make(w.suit, Rank.JACK) in w.cards for w in found)
                assert any(not w.is_sequence and w.top == Rank.JACK for w in found)
            elif case == "long-sequence":
                assert max(w.length for w in found) >= 6
            else:
                assert ex.answer > 0
        elif topic == "contest":
            result = contest(p["declarations"], p["contract"], p["forehand"])
            if case == "undenufe":
                assert p["contract"] == Contract.UNDENUFE
            if case == "none":
                assert result.team is None and ex.answer == (None, 0)
            else:
                assert result.rival is not None  # a close call between the two teams
        elif topic == "stoeck":
            if case == "no-trump":
                assert not p["contract"].has_trump and ex.answer == 0
            elif case in ("stoeck", "stoeck-in-weis"):
                assert ex.answer == STOECK_POINTS * ruleset.multiplier(p["contract"]) > 0
            else:
                assert ex.answer == 0
        elif topic == "score":
            if case == "match":
                assert 9 in p["tricks"] and max(ex.answer) >= 257
        elif topic == "claim":
            result = race(p["recorded"], p["additions"], p["target"], ruleset.claim_priority)
            finals = [p["recorded"][t] + sum(v[t] for v in p["additions"].values()) for t in (0, 1)]
            if case == "nobody":
                assert result.winner is None and max(finals) < p["target"]
            else:
                assert result.winner is not None
            if case in ("stoeck-first", "weis-before-stich", "stoeck-short"):
                # priority matters: the loser reaches the target too, and with more points
                loser = result.winner.other
                assert finals[loser] >= p["target"] and finals[loser] > finals[result.winner]
                assert result.category == {"stoeck-first": "stoeck", "weis-before-stich": "weis"}.get(
                    case, result.category)
    assert set(counts) == set(CASES[topic]), counts


def test_multipliers_vary_under_classic():
    stoeck = [ex for ex in exercises("stoeck", 0, 60) if ex.answer]
    assert {ex.answer for ex in stoeck} == {20, 40}  # trump contracts: ×1 and ×2 (C3)
    factors = {ex.ruleset.multiplier(ex.position["contract"]) for ex in exercises("score", 0, 60)}
    assert {1, 2, 3, 4} <= factors


# ---------------------------------------------------------------------------------------------
# Text, HTML and JSON


@pytest.mark.parametrize("topic", TOPICS)
def test_text_html_and_dict(topic):
    for ex in exercises(topic, 2, 5):
        text = str(ex)
        assert text.startswith(f"Exercise {ex.number + 1} · {topic}") and ex.prompt in text
        assert "seed 2" in text
        assert "♣" in text or "♠" in text or "♥" in text or "♦" in text or topic in ("score", "claim")
        markup = ex._repr_html_()
        assert markup.startswith('<div class="jass-exercise">') and "Solution" in markup
        if topic in ("legal", "trick", "weis", "stoeck"):
            assert 'class="jass-card"' in markup
        data = ex.to_dict()
        assert json.loads(json.dumps(data, ensure_ascii=False)) == data
        assert data["topic"] == topic and data["kind"] == KINDS[topic] and data["answer_text"] == ex.answer_text()
        for key in ex.position:
            assert key in data["position"]
        if topic in ("legal", "weis", "stoeck"):
            assert CardSet.parse(data["position"]["hand"]) == ex.position["hand"]
        if topic == "legal":
            assert CardSet.parse(data["answer"]) == ex.answer


def test_feedback_text_and_html_mark_right_and_wrong_without_colour_only():
    ex = exercise("legal", 4)
    wrong = ex.answer - CardSet([ex.answer[0]])
    fb = ex.check(wrong)
    text = str(fb)
    assert text.splitlines()[0] == fb.summary and "✗ You left out" in text and "✓ " in text
    markup = fb._repr_html_()
    assert markup.count("✗") >= 2 and "✓" in markup and 'aria-label="wrong"' in markup


def test_argument_errors():
    with pytest.raises(ValueError, match="unknown topic 'poker': expected one of legal, trick, weis"):
        exercise("poker")
    with pytest.raises(ValueError, match="count must be at least 1"):
        exercises("legal", 0, 0)
    with pytest.raises(ValueError, match="unknown topic"):
        exercises("nope", 0, 3)
    with pytest.raises(ValueError, match="0-based index"):
        exercise("legal", 0, -1)
    with pytest.raises(ValueError, match="seed"):
        exercise("legal", 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ruleset"):
        exercise("legal", 0, 0, "poker")
    assert exercise("legal", 0, 0, "modern").ruleset is MODERN


def test_custom_ruleset_names_its_own_series():
    variant = CLASSIC.with_target(1500)
    ex = exercise("claim", 0, 0, variant)
    assert ex.position["target"] == 1500 and ex.answer == engine_answer(ex)
