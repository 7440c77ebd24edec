"""Tests of the contract advisor (jasslib.analysis.advisor): determinism, bad input, the Lucerne table worked
by hand, the advisor's scores against the reference engine, and sanity on clear hands."""

from __future__ import annotations

import numpy as np
import pytest

from jasslib import CardSet, Contract, Round
from jasslib import analysis as an
from jasslib.analysis import advisor as adv
from jasslib.errors import BudgetError, CardParseError, DuplicateCardError, HandSizeError
from jasslib.fast import deal_batch
from jasslib.players import RuleBasedPlayer, play_round

STRONG_HEARTS = "J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣"
WEAK = "6♣ 8♣ Q♣ 7♠ 9♠ 8♥ J♥ 10♦ K♦"


def test_the_names_are_exported_from_analysis():
    assert an.advise is adv.advise and an.Advice is adv.Advice and set(an.CHOOSERS) == {"advisor", "rule", "lucerne"}


@pytest.mark.parametrize("ruleset", ["classic", "modern"])
def test_same_call_same_advice_and_the_seed_matters(ruleset):
    a = an.advise(STRONG_HEARTS, ruleset, samples=150, seed=4)
    assert a == an.advise(CardSet.parse(STRONG_HEARTS), ruleset, samples=150, seed=4)
    assert a.options != an.advise(STRONG_HEARTS, ruleset, samples=150, seed=5).options


@pytest.mark.parametrize("hand", ["J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣", STRONG_HEARTS + " 6♣", ""])
def test_a_hand_of_the_wrong_size_is_refused(hand):
    with pytest.raises(HandSizeError, match="9 cards"):
        an.advise(hand)


def test_a_card_twice_and_a_bad_card_are_refused():
    with pytest.raises(DuplicateCardError, match="J♥ appears twice"):
        an.advise("J♥ J♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣")
    with pytest.raises(CardParseError):
        an.advise("Z♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣")


@pytest.mark.parametrize("samples", [0, -3, True, 2.5, "100"])
def test_a_sample_count_below_one_or_not_a_number_is_refused(samples):
    with pytest.raises(BudgetError, match="samples"):
        an.advise(STRONG_HEARTS, samples=samples)
    with pytest.raises(BudgetError, match="samples"):
        an.choose_batch("advisor", np.array([CardSet.parse(STRONG_HEARTS).mask]), samples=samples)


def test_unknown_playout_objective_and_chooser_are_refused():
    with pytest.raises(ValueError, match="playout"):
        an.advise(STRONG_HEARTS, playout="guess")
    with pytest.raises(ValueError, match="objective"):
        an.advise(STRONG_HEARTS, objective="fun")
    with pytest.raises(ValueError, match="unknown chooser"):
        an.choose_batch("oracle", np.array([CardSet.parse(STRONG_HEARTS).mask]))


def test_the_lucerne_table_on_a_hand_worked_by_hand():
    hand = "J♥ 9♥ A♥ 6♥ A♠ K♠ 10♣ 6♦ 7♦"
    # a side suit: A 9, K 7, Q 5, J 2, 10 1; trump: J 25, 9 19, A 15, K 10, Q 7, 10 6, 8/7/6 5
    clubs = 6 + (2 + 0 + 9 + 0) + (9 + 7) + (0 + 0)  # 10♣ is trump; J♥ 9♥ A♥ 6♥, A♠ K♠, 6♦ 7♦ side cards
    spades = (15 + 10) + (2 + 0 + 9 + 0) + 1 + 0
    hearts = (25 + 19 + 15 + 5) + (9 + 7) + 1 + 0
    diamonds = (5 + 5) + (2 + 0 + 9 + 0) + (9 + 7) + 1
    obenabe = (7 + 0 + 14 + 0) + (14 + 10) + 5 + (0 + 0)  # A 14, K 10, Q 8, J 7, 10 5, 8 5
    undenufe = (1 + 5 + 0 + 11) + (0 + 2) + 5 + (11 + 9)  # 6 11, 7 9, 8 7, 10 5, 9 5, K 2, Q 1, J 1
    assert an.lucerne_values(hand) == (clubs, spades, hearts, diamonds, obenabe, undenufe) == (33, 37, 81, 38, 50, 44)
    assert an.lucerne_choice(hand) is Contract.HEARTS


def test_lucerne_says_schieben_below_68_and_chooses_when_pushed():
    masks = deal_batch(11, 0, 3000)[:, 0]
    values = [an.lucerne_values(int(m)) for m in masks]
    at_68 = next(int(m) for m, v in zip(masks, values) if max(v) == 68)
    at_67 = next((int(m), v) for m, v in zip(masks, values) if max(v) == 67)
    assert an.lucerne_choice(at_68) is Contract(values[list(masks).index(at_68)].index(68))
    assert an.lucerne_choice(at_67[0]) is None
    assert an.lucerne_choice(at_67[0], pushed=True) is Contract(at_67[1].index(67))


def test_the_batched_choosers_agree_with_the_choosers_hand_by_hand():
    masks = deal_batch(3, 0, 40)[:, 0]
    seeds = [f"s{i}" for i in range(len(masks))]
    for pushed in (False, True):
        for name in ("rule", "lucerne"):
            got = an.choose_batch(name, masks, "modern", pushed)
            want = [an.CHOOSERS[name](int(m), "modern", pushed) for m in masks]
            assert [None if c < 0 else Contract(c) for c in got] == want
    few = masks[:6]
    got = an.choose_batch("advisor", few, "classic", False, seeds[:6], samples=60)
    want = [an.advisor_choice(int(m), "classic", False, s, samples=60) for m, s in zip(few, seeds)]
    assert [None if c < 0 else Contract(c) for c in got] == want


def test_rule_choice_is_what_the_rule_based_player_names():
    for seed in range(12):
        r = Round.deal(seed=seed)
        seat = r.to_move
        assert an.rule_choice(r.hand(seat), r.ruleset) == RuleBasedPlayer().choose_contract(r.view(seat))


@pytest.mark.parametrize("pushed", [False, True])
def test_sampled_deals_hold_the_hand_at_its_seat_and_share_out_the_rest(pushed):
    mask = CardSet.parse(STRONG_HEARTS).mask
    deals = adv._layouts(mask, pushed, 3000, 0)
    seat = 2 if pushed else 0
    assert (deals[:, seat] == mask).all()
    assert (np.bitwise_or.reduce(deals, axis=1) == 2**36 - 1).all()
    assert all(bin(int(h)).count("1") == 9 for h in deals.ravel()[:400])
    # each unseen card lands with each of the three other seats about a third of the time
    others = [s for s in range(4) if s != seat]
    card = next(c for c in range(36) if not mask >> c & 1)
    share = [((deals[:, s] >> card) & 1).mean() for s in others]
    assert all(abs(x - 1 / 3) < 0.04 for x in share)


@pytest.mark.parametrize("ruleset", ["classic", "modern"])
def test_the_advisors_scores_are_the_reference_engines_on_the_same_deal(ruleset):
    # one sampled deal: every contract's expected score is that deal's hand score, played by Round + players
    a = an.advise(STRONG_HEARTS, ruleset, samples=1, seed=2, objective="score")
    deal = adv._layouts(CardSet.parse(STRONG_HEARTS).mask, False, 1, 2)[0]
    for contract in Contract:
        r = Round([CardSet.from_mask(int(h)) for h in deal], dealer=3, ruleset=ruleset)
        r.choose(contract)
        play_round(r, [RuleBasedPlayer()] * 4)
        o = a.outlook(contract)
        assert (o.mean, o.opponents) == tuple(r.score().total)
        assert o.p_match == (r.score().tricks[0] == 9)


def test_a_hand_with_j_9_a_k_of_hearts_advises_hearts():
    for ruleset in ("classic", "modern"):
        for pushed in (False, True):
            a = an.advise(STRONG_HEARTS, ruleset, pushed, samples=300)
            assert a.choice is Contract.HEARTS
            assert a.recommendation().startswith("Name ♥ trump")


def test_schieben_is_valued_at_forehand_and_absent_after_schieben():
    a = an.advise(WEAK, samples=300)
    assert a.schieben is not None and len(a.options) == 7 and a.options[6].contract is None
    assert a.choice is None and a.recommendation().startswith("Say schieben")
    b = an.advise(WEAK, pushed=True, samples=300)
    assert b.schieben is None and len(b.options) == 6 and b.choice is not None
    assert "after schieben you must choose" in b.recommendation()


def test_the_table_the_frame_and_the_numbers_agree():
    a = an.advise(STRONG_HEARTS, samples=200)
    df = a.to_frame()
    assert list(df.index) == [str(c) for c in Contract] + ["schieben"]
    assert df["best"].sum() == 1 and df.index[df["best"]][0] == a.best.label
    assert np.allclose(df["margin"], df["expected score"] - df["opponents' score"])
    html = a._repr_html_()
    assert html.count("<tr") == 8 and "schieben" in html and "♥ trump" in html
    for o in a.options:
        assert o.low <= o.mean <= o.high and 0 <= o.p_match <= 1 and o.error > 0


def test_the_objectives_rank_the_same_outlooks():
    a = an.advise(WEAK, samples=300, objective="score")
    b = an.advise(WEAK, samples=300, objective="margin")
    assert a.options == b.options
    assert a.best.mean == max(o.mean for o in a.options)
    assert b.best.margin == max(o.margin for o in b.options)


@pytest.mark.parametrize("ruleset", ["classic", "modern"])
def test_the_robust_default_keeps_the_rule_choice_unless_another_is_better_on_both_counts(ruleset):
    for mask in deal_batch(5, 0, 8)[:, 0]:
        for pushed in (False, True):
            a = an.advise(int(mask), ruleset, pushed, samples=120, seed=1)
            assert a.objective == "robust" and a.rule.contract == an.rule_choice(int(mask), ruleset, pushed)
            better = [o for o in a.options if o.mean >= a.rule.mean and o.margin >= a.rule.margin]
            assert a.best in better and a.best.margin == max(o.margin for o in better)
            if a.best is not a.rule:  # it departs only for an option better in the team's score and the margin
                assert a.best.dominates(a.rule) and a.recommendation().startswith(("Name", "Say schieben"))
            assert a.options == an.advise(int(mask), ruleset, pushed, samples=120, seed=1, objective="margin").options
