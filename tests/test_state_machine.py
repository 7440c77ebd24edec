"""Stateful property tests: Round and Game driven by Hypothesis through legal and illegal calls alike.

A :class:`~hypothesis.stateful.RuleBasedStateMachine` deals a round (or starts a game) and interleaves legal
calls (schieben, the contract, legal cards, claims) with calls that must be refused (a wrong or illegal card,
the wrong seat, a card of another hand or already played, playing before the contract or after the end,
schieben twice, choosing twice, values that are no card, seat or contract) and JSON round trips.  After every
step it checks the invariants:

- 36 cards are conserved: the hands and the cards played are disjoint and make the whole deck;
- scores never decrease (card points, recorded Weis and Stöck; a game's scores);
- a refused call raises a :class:`~jasslib.errors.JassError` and changes nothing (the full state compared);
- a finished round's trick points total 157, or 257 with a match (O7);
- the JSON of every state reloads as an equal round.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from jasslib import (
    CLASSIC,
    MODERN,
    Card,
    CardNotInHandError,
    CardParseError,
    CardSet,
    ClaimError,
    Contract,
    ContractError,
    Game,
    IllegalPlayError,
    JassError,
    OutOfTurnError,
    PhaseError,
    Round,
    Seat,
)
from jasslib.errors import GameOverClaimError

CUSTOM = CLASSIC.replace(name="mine", multipliers=(1, 2, 3, 4, 5, 6), four_nines=150,
                         sequence_scale=(20, 50, 100, 150, 200, 250, 300))
RULESETS = st.sampled_from([CLASSIC, MODERN, CUSTOM])
CACHES = {"_legal_n", "_legal_m", "_decls", "_score"}
"""Round fields that only cache what the rest determines: a refused call may fill them."""
NOT_A_CARD = st.sampled_from([True, None, 36, -1, "Z♣", "x" * 100, 1.5, Contract.HEARTS])
NOT_A_SEAT = st.sampled_from([True, 4, -1, "²", "x", 1.5])
NOT_A_CONTRACT = st.sampled_from([True, 6, None, "trumps", 1.5, Card.C7])
REFUSALS = st.sampled_from([
    "illegal card", "wrong seat", "card of another hand", "card already played", "play before the contract",
    "play after the end", "schieben again", "schieben by the partner", "choose twice", "choose for the wrong seat",
    "no card", "no seat", "no contract",
])


def state(r: Round) -> tuple[Any, ...]:
    """Everything a call could change: the public state and every field that is not a cache."""
    fields = tuple(v for name, v in zip(Round.__slots__, r._snapshot()) if name not in CACHES)
    return (r.to_json(), r.phase, r.to_move, r.hands, r.history, r.card_points, r.tricks_won, r.weis_recorded,
            r.stoeck_recorded, r.weis_result, r.multiplier, r.trick, r.tricks, r.played, r.pushed, r.chooser,
            fields)


def game_state(g: Game) -> tuple[Any, ...]:
    return (state(g.round), g.scores, g.over, g.end, g.claims, g.rounds, g.hand_scores)


def refused_round_call(r: Round, kind: str, data: st.DataObject) -> tuple[type[JassError], Any, tuple[Any, ...]] | None:
    """A call of the given kind that the round must refuse now, as (error, function, arguments); None when the
    phase has no such call (playing after the end while the hand goes on ...)."""
    playing = r.contract is not None and not r.done
    mover = r.to_move
    if kind == "illegal card" and playing and mover is not None:
        illegal = list(r.hand(mover) - r.legal_cards())
        if illegal:
            return IllegalPlayError, r.play, (data.draw(st.sampled_from(illegal)),)
    elif kind == "wrong seat" and playing:
        seat = data.draw(st.sampled_from([s for s in Seat if s != mover]))
        return OutOfTurnError, r.play, (min(r.legal_cards()), seat)
    elif kind == "card of another hand" and playing and mover is not None:
        others = CardSet.full() - r.played - r.hand(mover)
        if others:
            return OutOfTurnError, r.play, (data.draw(st.sampled_from(list(others))),)
    elif kind == "card already played" and playing and r.played:
        return CardNotInHandError, r.play, (data.draw(st.sampled_from(list(r.played))),)
    elif kind == "play before the contract" and r.contract is None:
        return PhaseError, r.play, (data.draw(st.integers(0, 35)),)
    elif kind == "play after the end" and r.done:
        return PhaseError, r.play, (data.draw(st.integers(0, 35)),)
    elif kind == "schieben again" and not r.may_schieben:
        return ContractError, r.schieben, ()
    elif kind == "schieben by the partner" and r.may_schieben:
        return OutOfTurnError, r.schieben, (r.forehand.partner,)
    elif kind == "choose twice" and r.contract is not None:
        return ContractError, r.choose, (data.draw(st.sampled_from(list(Contract))),)
    elif kind == "choose for the wrong seat" and r.contract is None:
        return OutOfTurnError, r.choose, (Contract.HEARTS, data.draw(st.sampled_from([s for s in Seat
                                                                                       if s != r.chooser])))
    elif kind == "no card" and playing:
        return CardParseError, r.play, (data.draw(NOT_A_CARD),)
    elif kind == "no seat":
        return (CardParseError, r.play, (min(r.legal_cards()), data.draw(NOT_A_SEAT))) if playing else \
            (CardParseError, r.choose, (Contract.HEARTS, data.draw(NOT_A_SEAT))) if r.contract is None else None
    elif kind == "no contract" and r.contract is None:
        return CardParseError, r.choose, (data.draw(NOT_A_CONTRACT),)
    return None


class RoundMachine(RuleBasedStateMachine):
    """One round, dealt from a seed, with every call the public API offers."""

    def __init__(self) -> None:
        super().__init__()
        self.r = Round.deal(seed=0)
        self.last: tuple[int, ...] = ()
        self.refused = 0

    @initialize(seed=st.integers(0, 10**6), ruleset=RULESETS, dealer=st.integers(0, 3), first=st.booleans(),
                contract=st.sampled_from([None, *Contract]), push=st.booleans(), cards=st.integers(0, 36))
    def deal(self, seed: int, ruleset: Any, dealer: int, first: bool, contract: Contract | None, push: bool,
             cards: int) -> None:
        """A round dealt, and perhaps already under way: the steps then start at any moment of a hand.

        (Hypothesis tries runs with some rules switched off, so the steps alone would leave many rounds
        before their contract.)
        """
        r = self.r = Round.deal(seed=seed, dealer=dealer, ruleset=ruleset, first_hand=first)
        if push:
            r.schieben()
        if contract is not None:
            r.choose(contract)
            rng = random.Random(seed)
            for _ in range(cards):
                r.play(rng.choice(list(r.legal_cards())))
        self.last = self.scores()

    def scores(self) -> tuple[int, ...]:
        r = self.r
        return (*r.card_points, *r.weis_recorded, *r.stoeck_recorded)

    # ------------------------------------------------------------ legal calls
    @rule(push=st.sampled_from(["no", "schieben", "schieben only"]), contract=st.sampled_from(list(Contract)),
          by_seat=st.booleans())
    def name_the_contract(self, push: str, contract: Contract, by_seat: bool) -> None:
        r = self.r
        if r.contract is not None:
            return
        if push != "no" and r.may_schieben:
            r.schieben()
            assert r.pushed and r.chooser == r.forehand.partner
            if push == "schieben only":
                return  # the partner chooses in a later step: calls in between see the pushed round
        r.choose(contract, r.chooser if by_seat else None)
        assert r.contract is contract and r.to_move == r.forehand  # C2: forehand leads

    @rule(data=st.data(), count=st.integers(1, 12), by_seat=st.booleans(), as_text=st.booleans())
    def play_legal_cards(self, data: st.DataObject, count: int, by_seat: bool, as_text: bool) -> None:
        r = self.r
        for _ in range(count):
            seat = r.to_move
            if r.contract is None or seat is None:
                break
            card = data.draw(st.sampled_from(list(r.legal_cards())))
            r.play(card.format("ascii") if as_text else card, seat if by_seat else None)
            assert card in r.played and card not in r.hand(seat)

    @rule()
    def json_round_trip(self) -> None:
        again = Round.from_json(self.r.to_json())
        assert again == self.r and again.history == self.r.history and again.to_json() == self.r.to_json()
        self.r = again  # play on with the reloaded round: it must behave the same

    # ------------------------------------------------------------ calls that must be refused
    @rule(kind=REFUSALS, data=st.data())
    def refused_call(self, kind: str, data: st.DataObject) -> None:
        call = refused_round_call(self.r, kind, data)
        if call is None:
            return
        error, function, args = call
        before = state(self.r)
        with pytest.raises(error):
            function(*args)
        assert state(self.r) == before, kind
        self.refused += 1

    def teardown(self) -> None:
        event(f"round ended the run in phase {self.r.phase.value}")
        event(f"refused calls: {min(self.refused // 10 * 10, 30)}+")

    # ------------------------------------------------------------ invariants
    @invariant()
    def cards_are_conserved(self) -> None:
        r = self.r
        hands = r.hands
        assert sum(len(h) for h in hands) + len(r.played) == 36
        assert hands[0] | hands[1] | hands[2] | hands[3] | r.played == CardSet.full()
        assert len({len(h) for h in hands}) <= 2  # at most one card apart within a trick
        assert len(r.played) == 4 * len(r.tricks) + len(r.trick)

    @invariant()
    def scores_never_decrease(self) -> None:
        now = self.scores()
        assert all(a <= b for a, b in zip(self.last, now)), (self.last, now)
        self.last = now

    @invariant()
    def a_finished_round_totals_157_or_257(self) -> None:
        r = self.r
        if r.done:
            s = r.score()
            assert sum(s.card_points) == 152 and sum(s.trick_points) in (157, 257)
            assert (sum(s.trick_points) == 257) == (s.match is not None)
            assert s.total == tuple(s.trick_points[t] * r.multiplier + r.weis_recorded[t] + r.stoeck_recorded[t]
                                    for t in (0, 1))


class GameMachine(RuleBasedStateMachine):
    """A game to a small target (so that it ends within the steps), with claims and refused calls."""

    def __init__(self) -> None:
        super().__init__()
        self.g = Game(seed=0)
        self.last = (0, 0)

    @initialize(seed=st.integers(0, 10**6), ruleset=st.sampled_from([CLASSIC.with_target(400),
                MODERN.with_target(300)]), auto_claim=st.booleans(), dealer=st.integers(0, 3),
                contract=st.sampled_from([None, *Contract]), cards=st.integers(0, 40))
    def start(self, seed: int, ruleset: Any, auto_claim: bool, dealer: int, contract: Contract | None,
              cards: int) -> None:
        """A game started, and perhaps already under way (see RoundMachine.deal)."""
        g = self.g = Game(ruleset=ruleset, seed=seed, first_dealer=dealer, auto_claim=auto_claim)
        if contract is not None:
            g.choose(contract)
            rng = random.Random(seed)
            for _ in range(cards):
                if g.over or g.round.contract is None:
                    break
                g.play(rng.choice(list(g.legal_cards())))
        self.last = self.g.scores

    @rule(push=st.booleans(), contract=st.sampled_from(list(Contract)))
    def name_the_contract(self, push: bool, contract: Contract) -> None:
        g = self.g
        if not g.over and g.round.contract is None:
            if push and g.round.may_schieben:
                g.schieben()
            g.choose(contract)

    @rule(data=st.data(), count=st.integers(1, 12))
    def play_legal_cards(self, data: st.DataObject, count: int) -> None:
        g = self.g
        for _ in range(count):
            if g.over or g.round.contract is None:
                break
            hands_before = len(g.rounds)
            g.play(data.draw(st.sampled_from(list(g.legal_cards()))))
            assert len(g.rounds) in (hands_before, hands_before + 1)

    @rule(data=st.data())
    def claim(self, data: st.DataObject) -> None:
        if not self.g.over and data.draw(st.integers(0, 5)) == 0:  # now and then: a claim ends the game
            result = self.g.claim(data.draw(st.sampled_from([0, 1])))
            assert self.g.over and self.g.winner is result.winner

    @rule(kind=REFUSALS, team=st.sampled_from([2, -1, True, "x", None]), data=st.data())
    def refused_call(self, kind: str, team: Any, data: st.DataObject) -> None:
        g = self.g
        calls: list[tuple[type[JassError], Any, tuple[Any, ...]]] = [
            (GameOverClaimError if g.over else ClaimError, g.claim, (team,))]
        if g.over:
            calls += [(PhaseError, g.play, (data.draw(st.integers(0, 35)),)), (PhaseError, g.schieben, ()),
                      (PhaseError, g.choose, (Contract.HEARTS,)), (GameOverClaimError, g.claim, (0,))]
        elif kind in ("illegal card", "no card", "no contract", "choose twice"):
            call = refused_round_call(g.round, kind, data)
            if call is not None:
                error, function, args = call
                calls.append((error, getattr(g, function.__name__), args))  # the same call through the game
        for error, function, args in calls:
            before = game_state(g)
            with pytest.raises(error):
                function(*args)
            assert game_state(g) == before

    @rule()
    def json_round_trip_of_the_hand(self) -> None:
        r = self.g.round
        assert Round.from_json(r.to_json()) == r

    def teardown(self) -> None:
        event(f"game over: {self.g.over}, hands: {len(self.g.rounds)}")

    @invariant()
    def scores_never_decrease(self) -> None:
        now = self.g.scores
        assert now[0] >= self.last[0] and now[1] >= self.last[1], (self.last, now)
        self.last = now

    @invariant()
    def cards_are_conserved_in_the_hand(self) -> None:
        r = self.g.round
        assert sum(len(h) for h in r.hands) + len(r.played) == 36

    @invariant()
    def the_end_is_told(self) -> None:
        g = self.g
        assert (g.winner is None) == (g.end is None) == (not g.over)
        if g.over:
            assert g.end is not None and g.scores == g.end.scores


TestRound = RoundMachine.TestCase
TestRound.settings = settings(max_examples=30, stateful_step_count=50, deadline=None)
TestGame = GameMachine.TestCase
TestGame.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)
