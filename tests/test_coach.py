"""The coach's two-stage hint (jasslib.analysis.coach): ideas chosen from the facts of built positions, the
card and the expected points from the seat's own view, bad input."""

from __future__ import annotations

import pytest

from jasslib import Card, CardSet, Round
from jasslib.analysis import IDEAS, Hint, hint, idea_for, position_facts
from jasslib.errors import HintError, JassError

SMEAR_HANDS = ["6♠ 7♣ 8♣ 9♣ 6♦ 7♦ 8♦ 9♦ 10♦", "A♠ K♠ Q♠ J♠ A♣ K♣ Q♣ J♣ 10♣", "7♠ 9♠ 6♣ A♦ K♦ Q♦ J♦ 6♥ 7♥",
               "10♠ 8♠ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]
PUUR_HANDS = ["9♥ A♥ 6♥ 7♥ 6♠ 7♠ 6♣ 7♣ 8♣", "J♥ K♥ Q♥ 10♥ 8♥ A♠ K♠ Q♠ J♠", "10♠ 9♠ 8♠ A♣ K♣ Q♣ J♣ 10♣ 9♣",
              "6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"]


def smear_round() -> Round:
    """♥ trump; seat 0 leads 6♠, seat 1 takes it with A♠, seat 2 follows 7♠: seat 3's partner wins."""
    r = Round(SMEAR_HANDS, forehand=0)
    r.choose("♥")
    for c in ("6♠", "A♠", "7♠"):
        r.play(c)
    return r


def test_facts_partner_winning_and_trumps_out() -> None:
    f = position_facts(smear_round().view(3))
    assert f.winner == 1 and f.partner_winning and f.trick_points == 11
    assert f.trumps_out == CardSet("6♥ 7♥") and not f.puur_out
    assert "So far your partner wins this trick (11 points in it)." in f.sentences()


def test_partner_winning_smear_idea_and_card() -> None:
    r = smear_round()
    h = hint(r.view(3), time_budget=None, samples=24)
    assert h.card == Card.S10 and h.idea.key == "smear"
    assert h.idea.text == "Your partner is winning this trick: put points on it."
    assert h.idea.source.startswith("tip 4")
    assert idea_for(r.view(3), "8♠").key == "partner_keep"


def test_puur_still_out_idea() -> None:
    r = Round(PUUR_HANDS, forehand=0)
    r.choose("♥")
    v = r.view(0)
    f = position_facts(v)
    assert f.puur_out and Card.HJ in f.trumps_out and not f.masters
    assert idea_for(v, "6♣").key == "puur_out"
    assert "Puur is still out" in idea_for(v, "6♣").text
    assert idea_for(v, "9♥").key == "draw_trumps"  # four trumps: lead them (tip 6)
    h = hint(v, time_budget=None, samples=24)
    assert h.card.suit != Card.HJ.suit and h.idea.key == "puur_out"
    assert "The Puur is still out." in h.facts


def test_lead_master_take_and_cheap() -> None:
    r = Round(SMEAR_HANDS, forehand=0)
    r.choose("♥")
    assert idea_for(r.view(0), "6♠").key in {"best_value"}  # no master, no trump: nothing simple to say
    r.play("6♠")
    v = r.view(1)
    assert idea_for(v, "A♠").key == "take"  # it wins the trick and brings 11 points
    r.play("A♠")
    v = r.view(2)
    assert not position_facts(v).partner_winning
    assert idea_for(v, "7♠").key == "cheap"  # it cannot win: give the fewest points
    assert idea_for(v, "6♥").key == "take"  # trumping takes the 11 points of A♠ (P3, P6)
    r.play("7♠")
    r.play("8♥")  # seat 3 trumps: seat 3 takes the trick and leads
    assert position_facts(r.view(3)).masters >= CardSet("9♥ 10♥ J♥ Q♥ K♥ A♥")
    assert idea_for(r.view(3), "J♥").key == "draw_trumps"


def test_last_trick_keeps_the_master() -> None:
    from jasslib.players import RuleBasedPlayer, take_turn

    bots = [RuleBasedPlayer()] * 4
    found = 0
    for seed in range(12):
        r = Round.deal(seed=seed)
        r.choose("obenabe")
        while not (r.trick_number == 7 and not r.trick):
            take_turn(r, bots)
        v = r.view(r.to_move)  # type: ignore[arg-type]  # in play
        f = position_facts(v)
        masters = [c for c in v.hand if c in f.masters]
        if len(masters) == 1:
            loser = next(c for c in v.hand if c not in f.masters)
            assert idea_for(v, loser).key == "last_trick"
            assert "Keep the master card for the last trick" in idea_for(v, loser).text
            assert idea_for(v, masters[0]).key == "lead_master"
            found += 1
    assert found


def test_forced_card() -> None:
    r = Round.deal(seed=2)
    r.choose("♣")
    from jasslib.players import RuleBasedPlayer, take_turn

    while r.trick_number < 8:
        take_turn(r, [RuleBasedPlayer()] * 4)
    h = hint(r, time_budget=None, samples=4)
    assert h.idea.key == "forced" and h.phase == "forced" and len(h.points) == 1


def test_hint_points_bars_and_determinism() -> None:
    r = Round(PUUR_HANDS, forehand=0)
    r.choose("♥")
    h = hint(r.view(0), seed=3, time_budget=None, samples=16)
    assert isinstance(h, Hint)
    assert {c for c, _ in h.points} == set(r.legal_cards())
    assert h.points[0][0] == h.card and [v for _, v in h.points] == sorted((v for _, v in h.points), reverse=True)
    assert h.lost(h.card) == 0 and all(h.lost(c) >= 0 for c, _ in h.points)
    svg = h.bars_html()
    assert svg.startswith("<svg") and svg.count("<rect") == len(h.points) and svg.count("✓") == 1
    assert all(c.format() in svg for c, _ in h.points)
    assert "Idea:" in h.idea_html() and h.idea.source in h.idea_html()
    assert h.card.format() in h.card_html()
    assert hint(r.view(0), seed=3, time_budget=None, samples=16) == h


def test_every_idea_has_a_source_and_a_sentence() -> None:
    for key, (source, text) in IDEAS.items():
        assert source and text.endswith(".") and key


@pytest.mark.parametrize("make", [
    lambda: hint(Round.deal(seed=1).view(0)),                     # no contract yet
    lambda: hint(smear_round().view(0)),                          # not seat 0's turn
    lambda: hint(smear_round(), time_budget=None, samples=4).lost(Card.C6),  # C6 is not a legal card of seat 3
    lambda: idea_for(smear_round().view(3), "A♣"),                # not in seat 3's hand
    lambda: hint("A♣"),  # type: ignore[arg-type]  # a wrong type on purpose: not a view
])
def test_bad_input_is_a_hint_error(make) -> None:
    with pytest.raises(JassError) as exc:
        make()
    assert isinstance(exc.value, HintError)
    assert "seat" in str(exc.value) or "RoundView" in str(exc.value) or "legal" in str(exc.value)


def test_round_is_unchanged_by_a_hint() -> None:
    r = smear_round()
    before = r.to_json()
    hint(r, time_budget=None, samples=8)
    assert r.to_json() == before


def test_review_own_view_marks_costly_cards_and_accuracy() -> None:
    from jasslib.analysis import OWN_VIEW_COLUMNS, own_view_accuracy, review_own_view
    from jasslib.players import RandomPlayer, play_round

    r = play_round(Round.deal(seed=1), [RandomPlayer(seed=4)] * 4)
    t = review_own_view(r, 2, threshold=4, time_budget=None, samples=8)
    assert list(t.columns) == list(OWN_VIEW_COLUMNS) and len(t) == 9 and set(t.seat) == {2}
    assert list(t.trick) == list(range(1, 10))  # from trick 1
    assert (t.lost >= 0).all() and ((t.best_value - t.value).clip(lower=0).round(1) == t.lost).all()
    assert (t.mistake == (t.lost >= 4)).all()
    assert set(t.idea) <= set(IDEAS)
    a = own_view_accuracy(t)
    assert a.cards == 9 and a.mean_lost == round(t.lost.mean(), 1)
    assert a.within_2 == round(float((t.lost <= 2).mean()), 3)
    with pytest.raises(HintError):
        review_own_view(r, 2, threshold=0)
    with pytest.raises(HintError):
        review_own_view("round", 0)  # type: ignore[arg-type]  # a wrong type on purpose
