"""Tests of jasslib.game: hands to the target, dealer rotation (D4), claims (G1–G4)."""

from __future__ import annotations

import json
import random

import pytest

from jasslib import CLASSIC, MODERN, Game, IllegalPlayError, PhaseError, Seat, Team


def play_game(g: Game, rng: random.Random, contract="choose") -> None:
    while not g.over:
        r = g.round
        if r.contract is None:
            g.choose(rng.randrange(6) if contract == "choose" else contract)
        else:
            g.play(rng.choice(list(g.legal_cards())))


def test_D4_dealer_rotation_and_first_forehand():
    g = Game(seed=1, ruleset=CLASSIC.with_target(100_000))
    rng = random.Random(1)
    seen = []
    for _ in range(5):
        r = g.round
        seen.append((int(r.dealer), int(r.forehand)))
        g.choose("obenabe")
        while g.round is r:
            g.play(rng.choice(list(g.legal_cards())))
    first = g.rounds[0]
    assert CLASSIC.starting_card in first.initial_hand(first.forehand)
    # the forehand of hand 1 deals hand 2; then the deal moves one seat to the right
    assert seen[1][0] == seen[0][1]
    for (d0, _), (d1, _) in zip(seen[1:], seen[2:]):
        assert d1 == (d0 + 1) % 4
    for d, f in seen[1:]:
        assert f == (d + 1) % 4


@pytest.mark.parametrize("ruleset", [CLASSIC, MODERN])
def test_G1_game_ends_at_target(ruleset):
    g = Game(seed=7, ruleset=ruleset)
    play_game(g, random.Random(7))
    assert g.over and g.winner is not None
    assert g.scores[g.winner] >= ruleset.target
    assert g.end.schneider == (g.scores[g.winner.other] < ruleset.schneider)
    assert g.end.games == (2 if g.end.schneider else 1)


def test_G1_target_reached_mid_hand_with_auto_claim():
    ended_mid_hand = 0
    for seed in range(30):
        g = Game(seed=seed, ruleset=MODERN)
        play_game(g, random.Random(seed))
        if not g.rounds[-1].done:
            ended_mid_hand += 1
            assert g.end.category in ("stoeck", "weis", "stich")
    assert ended_mid_hand > 0


def test_G1_without_auto_claim_game_ends_after_the_hand():
    g = Game(seed=7, ruleset=MODERN, auto_claim=False)
    play_game(g, random.Random(7))
    assert g.rounds[-1].done
    assert sum(s.total[g.winner] for s in g.hand_scores) == g.scores[g.winner] >= 1000


def test_G2_false_claim_loses_and_game_is_over():
    g = Game(seed=2)
    g.choose("♥")
    result = g.claim(Team.T0)
    assert not result.valid and g.over and g.winner is Team.T1
    assert "false claim" in str(g.end) or "false claim" in g.end.reason
    with pytest.raises(PhaseError, match="game is over"):
        g.play(list(g.round.hand(g.round.to_move))[0])
    with pytest.raises(PhaseError):
        g.claim(Team.T1)


def test_G2_correct_claim_wins():
    g = Game(seed=2, ruleset=CLASSIC.with_target(50), auto_claim=False)
    g.choose("♥")
    rng = random.Random(2)
    while g.round.card_points[0] * 2 + g.scores[0] < 50:
        g.play(rng.choice(list(g.legal_cards())))
        assert not g.over, "seed 2 lets team 0 reach 50 before the hand ends"
    result = g.claim(0)
    assert result.valid and g.winner is Team.T0 and g.scores[0] >= 50


def _first_seed(predicate, limit=500):
    for seed in range(limit):
        if predicate(seed):
            return seed
    raise AssertionError("no seed found")


def test_G3_stoeck_is_claimed_first():
    rs = CLASSIC.with_target(40)  # Stöck in hearts is 40: reaching it needs no trick

    def has_stoeck(seed):
        g = Game(seed=seed, ruleset=rs)
        g.choose("♥")
        return g.round.stoeck_holder is not None

    seed = _first_seed(has_stoeck)
    g = Game(seed=seed, ruleset=rs)
    g.choose("♥")
    assert g.over and g.end.category == "stoeck"
    assert g.winner == g.round.stoeck_holder.team
    assert g.round.trick_number == 0


def test_G3_weis_before_trick_points():
    rs = CLASSIC.with_target(40)

    def weis_and_tricks_race(seed):
        g = Game(seed=seed, ruleset=rs)
        g.choose("♥")
        if g.over or g.round.stoeck_holder is not None:
            return False
        r = g.round.copy()
        for _ in range(4):
            r.play(list(r.legal_cards())[0])
        w = r.weis_result
        trick = r.tricks[0]
        return w.team is not None and trick.winner.team != w.team and trick.points * 2 >= 40 \
            and w.points[w.team] * 2 >= 40

    seed = _first_seed(weis_and_tricks_race, limit=3000)
    g = Game(seed=seed, ruleset=rs)
    g.choose("♥")
    for _ in range(4):
        g.play(list(g.legal_cards())[0])
    assert g.over and g.end.category == "weis"
    assert g.winner == g.round.weis_result.team
    assert g.round.tricks[0].winner.team != g.winner  # the other team's trick points came too late


def test_G4_schneider_counts_two_games():
    g = Game(seed=7, ruleset=CLASSIC.with_target(300))
    play_game(g, random.Random(3))
    loser = g.scores[g.winner.other]
    assert g.end.schneider == (loser < 150)
    assert g.end.games in (1, 2)


def test_refused_game_calls_leave_state_unchanged():
    g = Game(seed=4)
    g.choose("♦")
    r = g.round
    r.play(list(g.legal_cards())[0])
    before = (r.to_json(), g.scores, g.over)
    illegal = list(r.hand(r.to_move) - r.legal_cards())
    if illegal:
        with pytest.raises(IllegalPlayError):
            g.play(illegal[0])
    with pytest.raises(ValueError):
        g.choose("♣")
    assert (r.to_json(), g.scores, g.over) == before


def test_same_seed_same_game():
    a, b = Game(seed=11), Game(seed=11)
    play_game(a, random.Random(5))
    play_game(b, random.Random(5))
    assert a.scores == b.scores and [r.to_json() for r in a.rounds] == [r.to_json() for r in b.rounds]
    assert a.summary() == b.summary()


def test_game_seats_and_repr():
    g = Game(seed=1)
    assert "hand 1" in repr(g)
    assert g.round.forehand in tuple(Seat)


# ------------------------------------------------------------------ JSON of a game
def _played(seed: object, moves: int | None = None) -> Game:
    from jasslib.players import RandomPlayer, take_turn

    g = Game(seed=seed, ruleset="modern")  # type: ignore[arg-type]
    players = [RandomPlayer(seed=s) for s in range(4)]
    n = 0
    while not g.over and (moves is None or n < moves):
        take_turn(g, players)
        n += 1
    return g


@pytest.mark.parametrize("seed", [4, "club night", None])
def test_game_json_round_trip_mid_game_and_at_the_end(seed):
    for moves in (0, 1, 40, 83, None):
        g = _played(seed, moves)
        h = Game.from_json(g.to_json())
        assert h.to_json() == g.to_json()
        assert (h.round, h.scores, h.end, h.hand_scores, h.over) == (g.round, g.scores, g.end, g.hand_scores, g.over)
        if not g.over:  # the copy plays on exactly like the original
            card = min(g.legal_cards()) if g.round.contract is not None else None
            if card is None:
                g.choose("obenabe"), h.choose("obenabe")
            else:
                g.play(card), h.play(card)
            assert h.to_json() == g.to_json()


def test_game_json_keeps_a_claim():
    g = Game(seed=2, ruleset="modern")
    g.choose("obenabe")
    g.claim(1)
    h = Game.from_json(g.to_json())
    assert h.end == g.end and h.claims == g.claims


def test_game_json_refuses_bad_documents():
    from jasslib import GameFormatError

    good = json.loads(_played(5, 60).to_json())
    bad = [
        "not json", b"\xff", 42, '{"format": "jasslib.round/1"}', "[" * 50 + "]" * 50, "x" * 500_000,
        json.dumps({**good, "extra": 1}), json.dumps({**good, "hands": []}), json.dumps({**good, "claim": "0"}),
        json.dumps({**good, "first_dealer": 2}),  # another dealer: the seed deals other cards
        json.dumps({**good, "hands": [{**good["hands"][0], "plays": "AS AS"}]}),
        json.dumps({**good, "hands": [{**good["hands"][0], "calls": [[0, "trumps"]]}]}),
        json.dumps({**good, "hands": good["hands"] + [good["hands"][0]]}),
        json.dumps({**good, "ruleset": 3}), json.dumps({**good, "auto_claim": "yes"}),
    ]
    for text in bad:
        with pytest.raises(GameFormatError) as info:
            Game.from_json(text)  # type: ignore[arg-type]
        assert len(str(info.value)) < 300
