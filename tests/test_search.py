"""Tests of jasslib.players.search: SearchPlayer plays from its view only, legally, reproducibly, and well."""

from __future__ import annotations

import math

import pytest

import jasslib
from jasslib import MODERN, BudgetError, CardSet, Contract, PhaseError, Round
from jasslib.players import Player, RandomPlayer, RuleBasedPlayer, SearchPlayer, play_round
from jasslib.players.sampling import LayoutSampler
from jasslib.players.search import rollout_values


def quick(seed: int | str = 0, **kw: object) -> SearchPlayer:
    """A small, deterministic search (a sample count, no time cap)."""
    return SearchPlayer(seed=seed, time_budget=None, samples=6, **kw)  # type: ignore[arg-type]


def advance(rnd: Round, cards: int) -> Round:
    p = RuleBasedPlayer()
    for _ in range(cards):
        seat = rnd.to_move
        assert seat is not None
        rnd.play(p.play_card(rnd.view(seat)))
    return rnd


def test_exported_and_a_player() -> None:
    assert jasslib.SearchPlayer is SearchPlayer
    assert "SearchPlayer" in jasslib.__all__ and isinstance(SearchPlayer(), Player)


@pytest.mark.parametrize("contract", list(Contract))
def test_plays_whole_rounds_legally(contract: Contract) -> None:
    """Every seat a SearchPlayer: the round only accepts legal cards, so finishing proves it."""
    r = Round.deal(seed=int(contract) + 40)
    r.choose(contract)
    players = [quick(s, exact_from=3) for s in range(4)]
    for _ in range(36):
        seat = r.to_move
        assert seat is not None
        view = r.view(seat)
        card = players[seat].play_card(view)
        assert view.legal is not None and card in view.legal
        r.play(card)
    assert r.done


def test_deterministic_for_a_seed() -> None:
    r = advance(Round.deal(seed=5), 0)
    r.choose(Contract.SPADES)
    advance(r, 5)
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    a, b = quick(9).play_card(view), quick(9).play_card(view)
    assert a == b
    assert quick(9).last_move == quick(9).last_move  # both unused: empty
    p = quick(9)
    p.play_card(view)
    q = quick(9)
    q.play_card(view)
    assert p.last_move["values"] == q.last_move["values"] and p.last_move["layouts"] == 6


def test_untimed_play_does_not_depend_on_the_machines_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a time budget the switch to exact solving follows fixed reference timings: a machine measured
    as 50 times slower (a loaded one) plays the same cards; with a budget it follows the measurement."""
    from jasslib.players import search

    r = advance(Round.deal(seed=5), 0)
    r.choose(Contract.SPADES)
    advance(r, 12)  # six cards left in the hand to move: exact on the reference machine
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    untimed, timed = SearchPlayer(seed=2, time_budget=None, samples=6), SearchPlayer(seed=2, samples=6)
    before = untimed.exact_from_for(view), untimed.play_card(view), untimed.last_move["values"]
    assert before[0] == 6 and untimed.last_move["phase"] == "exact"
    slow = {key: 50 * seconds for key, seconds in search.REFERENCE_SOLVE_SECONDS.items()}
    monkeypatch.setattr(search, "_SOLVE_SECONDS", slow)
    again = SearchPlayer(seed=2, time_budget=None, samples=6)
    assert (again.exact_from_for(view), again.play_card(view), again.last_move["values"]) == before
    assert timed.exact_from_for(view) < 6, "a time budget follows the measured speed"


def test_never_sees_the_other_hands() -> None:
    """The same view with the hidden cards dealt differently (consistently with it) gives the same card."""
    for seed, contract, cards in [(1, Contract.HEARTS, 6), (2, Contract.OBENABE, 13), (3, Contract.UNDENUFE, 22),
                                  (4, Contract.CLUBS, 25)]:
        r = Round.deal(seed=seed)
        r.choose(contract)
        advance(r, cards)
        seat = r.to_move
        assert seat is not None
        view = r.view(seat)
        other = next(h for h in LayoutSampler(view).sample(20, seed="other") if h != r.hands)
        played_by = [CardSet() for _ in range(4)]
        order = [p for t in r.tricks for p in t.plays] + list(r.trick)
        for s, c in order:
            played_by[s] = played_by[s].add(c)
        twin = Round([other[s] | played_by[s] for s in range(4)], dealer=r.dealer, forehand=r.forehand)
        twin.choose(contract)
        for s, c in order:
            twin.play(c, s)
        assert twin.view(seat) == view and twin.hands != r.hands
        for exact_from in (0, 9):  # the rollout phase and the exact phase
            assert quick(7, exact_from=exact_from).play_card(view) == \
                quick(7, exact_from=exact_from).play_card(twin.view(seat))


@pytest.mark.parametrize("kw,match", [
    ({"time_budget": 0}, "time_budget"), ({"time_budget": -1.5}, "time_budget"),
    ({"time_budget": math.nan}, "time_budget"), ({"time_budget": "1"}, "time_budget"),
    ({"samples": 0}, "samples"), ({"samples": -4}, "samples"), ({"samples": 2.5}, "samples"),
    ({"samples": True}, "samples"), ({"exact_from": 10}, "exact_from"),
    ({"time_budget": None, "samples": None}, "limit"),
])
def test_bad_budgets_are_refused(kw: dict[str, object], match: str) -> None:
    with pytest.raises(BudgetError, match=match):
        SearchPlayer(**kw)  # type: ignore[arg-type]


def test_contract_is_the_advisors_choice() -> None:
    from jasslib.analysis import advisor_choice

    sp = SearchPlayer(seed=5)
    for seed in range(4):
        r = Round.deal(seed=seed)
        view = r.view(r.forehand)
        want = advisor_choice(view.hand, view.ruleset, False, sp._rng_seed(view), SearchPlayer.ADVISOR_SAMPLES)
        assert sp.choose_contract(view) == want
        assert SearchPlayer(seed=5, time_budget=0.25).choose_contract(view) == want


def test_rollout_values_of_a_finished_trick_position() -> None:
    """The rollout value is the team's points from here minus the other team's: the round's total."""
    r = Round.deal(seed=8)
    r.choose(Contract.OBENABE)
    advance(r, 35)
    view = r.view(r.to_move)  # type: ignore[arg-type]  # in play
    v = rollout_values(view, [tuple(h.mask for h in r.hands)], [int(c) for c in view.legal])  # type: ignore[union-attr,misc]
    r.play(next(iter(view.legal)))  # type: ignore[arg-type]
    sc = r.score().trick_points
    team = view.seat % 2
    total_then = (sc[team] - view.card_points[team]) - (sc[1 - team] - view.card_points[1 - team])
    assert int(v[0, 0]) == total_then


def test_beats_random_players() -> None:
    """A strength smoke: over mirrored deals the search team takes far more than half the trick points."""
    got = total = 0
    for deal in range(4):
        for team in (0, 1):
            r = Round.deal(seed=f"smoke/{deal}")
            r.choose(list(Contract)[deal % 6])
            players: list[Player] = [RandomPlayer(seed=deal * 4 + s) for s in range(4)]
            players[team] = players[team + 2] = SearchPlayer(seed=deal, time_budget=None, samples=8)
            play_round(r, players)
            got += r.score().trick_points[team]
            total += sum(r.score().trick_points)
    assert got / total > 0.6, got / total  # the benchmark: 68-72 % over 100 mirrored deals


def test_pushed_contract_and_the_modern_preset() -> None:
    """After schieben the partner must name a contract (C1); the modern preset plays like the classic one."""
    sp = SearchPlayer(seed=2, time_budget=None, samples=4)
    for seed in range(8):
        r = Round.deal(seed=seed, ruleset=MODERN)
        r.schieben()
        assert sp.choose_contract(r.view(r.chooser)) is not None
    r = Round.deal(seed=3, ruleset=MODERN)
    r.choose(Contract.UNDENUFE)
    assert play_round(r, [sp, RuleBasedPlayer(), sp, RuleBasedPlayer()]).done


def test_no_card_to_play_is_a_phase_error() -> None:
    r = Round.deal(seed=1)
    with pytest.raises(PhaseError, match="no card to play"):
        SearchPlayer().play_card(r.view(0))  # before the contract (C1)
    r.choose(Contract.HEARTS)
    with pytest.raises(PhaseError, match="no card to play"):
        SearchPlayer().play_card(r.view(1))  # not seat 1's turn
