"""Tests of jasslib.players: the Player protocol, RandomPlayer, RuleBasedPlayer, the drivers and the heuristics."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jasslib import (
    CLASSIC,
    MODERN,
    Card,
    CardSet,
    Contract,
    ContractError,
    Game,
    IllegalPlayError,
    Round,
    RoundView,
)
from jasslib._numba import HAVE_NUMBA
from jasslib.cards import FULL_MASK
from jasslib.players import Player, RandomPlayer, RuleBasedPlayer, play_game, play_round, view_ints
from jasslib.players import heuristics as H

ROOT = Path(__file__).resolve().parents[1]
PRESETS = [CLASSIC, MODERN]


def m(text: str) -> int:
    """The mask of some cards."""
    return CardSet.parse(text).mask


def cards(text: str) -> np.ndarray:
    """Card numbers in the given order (a trick, lead first) as the int64 array compiled code wants."""
    return np.array([int(Card.parse(t)) for t in text.split()], dtype=np.int64)


def popcount(x: int) -> int:
    return bin(x).count("1")


def card(hand: str, legal: str | None, trick: str, contract: Contract, played: str = "",
         ruleset=CLASSIC) -> Card:
    """The heuristic's card in a hand-made position; ``played`` lists earlier tricks (the trick is added)."""
    legal_mask = m(hand) if legal is None else m(legal)
    played_mask = m(played) | m(trick)
    c = H.choose_card(m(hand), legal_mask, cards(trick), int(contract), played_mask,
                      ruleset.card_points(contract))
    assert legal_mask >> int(c) & 1
    return Card(int(c))


# ------------------------------------------------------------------ protocol and drivers
def test_players_satisfy_the_protocol():
    assert isinstance(RandomPlayer(), Player)
    assert isinstance(RuleBasedPlayer(), Player)
    assert not isinstance(object(), Player)


class Checked:
    """Wraps a player: checks each answer against the view and records the views received."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.views: list[RoundView] = []

    def choose_contract(self, view: RoundView) -> Contract | None:
        self.views.append(view)
        answer = self.inner.choose_contract(view)
        assert answer is None or isinstance(answer, Contract)
        if view.pushed:
            assert answer is not None, "after schieben the partner must name a contract (C1)"
        return answer

    def play_card(self, view: RoundView) -> Card:
        self.views.append(view)
        answer = self.inner.play_card(view)
        assert isinstance(answer, Card)
        assert view.legal is not None and answer in view.legal
        return answer


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), preset=st.sampled_from(PRESETS), kinds=st.text("rR", min_size=4, max_size=4))
def test_players_answer_legally(seed, preset, kinds):
    players = [Checked(RandomPlayer(seed + i) if k == "r" else RuleBasedPlayer()) for i, k in enumerate(kinds)]
    rnd = play_round(Round.deal(seed=seed, dealer=seed % 4, ruleset=preset), players)
    assert rnd.done
    assert sum(rnd.score().trick_points) in (157, 257)


def test_random_player_schiebt_sometimes_and_rule_player_after_schieben_chooses():
    pushes = 0
    for seed in range(200):
        rnd = play_round(Round.deal(seed=seed), [Checked(RandomPlayer(seed)) for _ in range(4)])
        pushes += rnd.pushed
    assert 10 < pushes < 60  # about 1/7 of 200
    pushed_rule = 0
    for seed in range(200):
        rnd = play_round(Round.deal(seed=seed), [Checked(RuleBasedPlayer()) for _ in range(4)])
        pushed_rule += rnd.pushed
    assert 0 < pushed_rule < 200


def _card_mask(value: object, seen: set[int]) -> int:
    """Every card found anywhere inside ``value`` (dataclasses, tuples, CardSets, Cards)."""
    if id(value) in seen:
        return 0
    seen.add(id(value))
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, Card):
        return 1 << value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = 0
        for f in dataclasses.fields(value):
            out |= _card_mask(getattr(value, f.name), seen)
        return out
    if isinstance(value, (tuple, list)):
        out = 0
        for item in value:
            out |= _card_mask(item, seen)
        return out
    return 0


class Spy:
    """Records (view, every seat's hand at that moment, the Weis cards the table has seen) per call."""

    def __init__(self, inner: Player, rnd: Round) -> None:
        self.inner, self.rnd = inner, rnd
        self.records: list[tuple[RoundView, tuple[int, ...], int]] = []

    def _record(self, view: RoundView) -> None:
        shown = 0
        result = self.rnd.weis_result
        if result is not None and result.team is not None:
            for s, d in enumerate(result.declarations):
                if s % 2 == result.team:
                    shown |= d.cards.mask
        self.records.append((view, tuple(h.mask for h in self.rnd.hands), shown))

    def choose_contract(self, view: RoundView) -> Contract | None:
        self._record(view)
        return self.inner.choose_contract(view)

    def play_card(self, view: RoundView) -> Card:
        self._record(view)
        return self.inner.play_card(view)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", range(6))
def test_players_see_only_their_view(preset, seed):
    rnd = Round.deal(seed=f"view-{seed}", dealer=seed % 4, ruleset=preset)
    spies = [Spy(RuleBasedPlayer() if s % 2 else RandomPlayer(seed), rnd) for s in range(4)]
    play_round(rnd, spies)
    calls = 0
    for seat, spy in enumerate(spies):
        for view, hands, shown in spy.records:
            calls += 1
            assert type(view) is RoundView
            assert view.seat == seat and view.to_move == seat
            assert view.hand.mask == hands[seat]
            assert view.played.mask & hands[seat] == 0
            others = 0
            for s in range(4):
                if s != seat:
                    others |= hands[s]
                    assert view.hand.mask != hands[s]
            # no field (the ruleset aside, whose starting card is public) holds a card another seat holds,
            # except the Weis the winning team showed to the table (W8)
            for f in dataclasses.fields(view):
                if f.name == "ruleset":
                    continue
                found = _card_mask(getattr(view, f.name), set())
                allowed = shown if f.name == "weis_shown" else 0
                assert found & others & ~allowed == 0, f"field {f.name} shows another seat's cards"
            assert view.legal is None or view.legal.mask & ~view.hand.mask == 0
    assert calls >= 37  # the contract (one or two calls) and 36 cards


def test_view_ints_played_includes_the_current_trick():
    r = Round.deal(seed=11)
    r.choose(Contract.SPADES)
    for _ in range(6):  # one full trick and two cards of the next
        r.play(min(r.legal_cards()))
    hand, legal, trick, contract, played, points = view_ints(r.view(r.to_move))
    assert len(trick) == 2 and contract == 1
    assert played == r.played.mask and popcount(played) == 6
    for c in trick:
        assert played >> c & 1
    assert hand == r.hand(r.to_move).mask and legal == r.legal_cards().mask
    assert points == CLASSIC.card_points(Contract.SPADES)
    with pytest.raises(ValueError):
        view_ints(r.view((r.to_move + 1) % 4))  # not this seat's turn: no legal cards


def test_drivers_report_bad_players():
    class Stubborn:
        def choose_contract(self, view):
            return None

        def play_card(self, view):
            return min(view.legal)

    class Cheat(Stubborn):
        def choose_contract(self, view):
            return Contract.HEARTS

        def play_card(self, view):
            illegal = view.hand - view.legal
            return min(illegal) if illegal else min(view.legal)

    with pytest.raises(ContractError):
        play_round(Round.deal(seed=1), [Stubborn()] * 4)  # schieben twice (C1)
    with pytest.raises(IllegalPlayError):
        play_round(Round.deal(seed=1), [Cheat()] * 4)
    with pytest.raises(ValueError):
        play_round(Round.deal(seed=1), [RandomPlayer()] * 3)
    with pytest.raises(ValueError):
        play_game(Game(seed=1), [RandomPlayer()] * 5)


@pytest.mark.parametrize("preset", PRESETS)
def test_play_game_to_completion(preset):
    players = [RuleBasedPlayer(), RandomPlayer(1), RuleBasedPlayer(), RandomPlayer(2)]
    g = play_game(Game(seed="players", ruleset=preset), players)
    assert g.over and g.winner is not None
    assert max(g.scores) >= preset.target
    assert all(r.done for r in g.rounds[:-1])


# ------------------------------------------------------------------ reproducibility
def test_random_player_is_reproducible():
    def run(seed):
        return play_round(Round.deal(seed=3), [RandomPlayer(seed * 10 + s) for s in range(4)]).to_json()

    assert run(1) == run(1)
    assert run(1) != run(2)
    a, b = RandomPlayer(5), RandomPlayer(5)
    r = Round.deal(seed=2)
    assert [a.choose_contract(r.view(0)) for _ in range(20)] == [b.choose_contract(r.view(0)) for _ in range(20)]


def test_rule_player_is_deterministic():
    def run():
        return play_round(Round.deal(seed="det", ruleset=MODERN), [RuleBasedPlayer() for _ in range(4)]).to_json()

    assert run() == run()
    r = Round.deal(seed=4)
    r.choose(Contract.OBENABE)
    view = r.view(r.to_move)
    assert len({RuleBasedPlayer().play_card(view) for _ in range(5)}) == 1


def test_rule_player_threshold():
    r = Round.deal(seed=0)  # a weak forehand hand: schieben at the default threshold
    view = r.view(r.to_move)
    assert RuleBasedPlayer().choose_contract(view) is None
    assert RuleBasedPlayer(threshold=-1000).choose_contract(view) is not None
    assert RuleBasedPlayer().threshold_for(view) == pytest.approx(45 * 13 / 6)
    assert RuleBasedPlayer(threshold=10).threshold_for(view) == 10.0
    assert RuleBasedPlayer().threshold_for(Round.deal(seed=0, ruleset=MODERN).view(0)) == pytest.approx(45)
    assert repr(RuleBasedPlayer(5)) == "RuleBasedPlayer(threshold=5.0)"
    assert repr(RandomPlayer(3)) == "RandomPlayer(seed=3)"


# ------------------------------------------------------------------ heuristics: leading
def test_lead_pulls_trumps_with_the_puur_while_others_may_hold_trumps():
    assert card("J♥ 7♥ A♠ 6♣ 7♣ 8♦", None, "", Contract.HEARTS) == Card.HJ
    # the Puur is gone: the Näll is now the master trump
    assert card("9♥ 7♥ 6♣ 7♣ 8♦", None, "", Contract.HEARTS, played="J♥ 6♠ 7♠ 8♠") == Card.H9


def test_lead_no_trump_pull_without_trumps_out_or_with_a_lone_master():
    # every other trump has been played: cash the established A♠ instead of leading a trump
    out = "6♥ 8♥ 9♥ 10♥ Q♥ K♥ A♥"
    assert card("J♥ 7♥ A♠ 6♣ 7♣", None, "", Contract.HEARTS, played=out + " 6♠") == Card.SA
    # a lone Puur is not led to pull trumps
    assert card("J♥ A♠ 6♣ 7♣ 8♦", None, "", Contract.HEARTS) == Card.SA


def test_lead_established_cards():
    assert card("A♠ 6♣ 7♦ 8♦", None, "", Contract.OBENABE) == Card.SA
    # the A♠ is gone: the K♠ is established
    assert card("K♠ 6♣ 7♦ 8♦", None, "", Contract.OBENABE, played="A♠ 6♥ 7♥ 8♥") == Card.SK
    # Undenufe: the 6 is the top card
    assert card("6♠ A♣ K♦ Q♦", None, "", Contract.UNDENUFE) == Card.S6
    # among several, the one with most points (A before its K)
    assert card("A♠ K♠ 6♣ 7♦", None, "", Contract.OBENABE) == Card.SA


def test_lead_low_from_the_longest_side_suit():
    # no established card, no master trump: the lowest card of the longest side suit (♦)
    assert card("K♣ 7♦ 9♦ Q♦ 8♥", None, "", Contract.HEARTS) == Card.D7
    # only trumps: the weakest trump
    assert card("6♥ 10♥ A♥", None, "", Contract.HEARTS) == Card.H6


# ------------------------------------------------------------------ heuristics: following
def test_smear_when_partner_wins_and_I_am_last():
    # partner (second card) wins with A♣; I am last and void in ♣: smear the 10♠, keep the 6s
    assert card("10♠ 6♠ 6♦", None, "6♣ A♣ 7♣", Contract.HEARTS) == Card.S10
    # the established A♦ is kept, the K♠ (not established while A♠ is out) is smeared
    assert card("K♠ A♦ 6♦", None, "6♣ A♣ 7♣", Contract.OBENABE) == Card.SK
    # no trump is smeared while side cards can be played
    assert card("10♥ 6♠ 7♦", None, "6♣ A♣ 7♣", Contract.HEARTS) == Card.S6


def test_smear_when_partner_is_safe_before_the_last_player():
    # Obenabe: partner led A♣ (established), an opponent followed; I am third and smear the 10♦
    assert card("10♦ 6♦ 7♠", None, "A♣ 7♣", Contract.OBENABE) == Card.D10
    # the partner's K♣ can still be beaten by the A♣ out: no smear, discard the least useful card
    assert card("10♦ 6♦ 7♠", None, "K♣ 7♣", Contract.OBENABE) == Card.S7


def test_win_cheaply_with_the_weakest_winning_card():
    # last, Obenabe: an opponent wins with 9♠; Q♠ is the weakest card that beats it
    assert card("Q♠ A♠ 6♠", "Q♠ A♠ 6♠", "9♠ 7♠ 8♠", Contract.OBENABE) == Card.SQ
    # trump contract, last, void in ♠: trump a trick worth it with the weakest trump
    assert card("6♥ 9♥ 7♣", None, "A♠ 10♠ K♠", Contract.HEARTS) == Card.H6
    # ... but do not spend a trump on a worthless trick
    assert card("6♥ 9♥ 7♣", None, "6♠ 7♠ 8♠", Contract.HEARTS) == Card.C7
    # second to play: an established A♠ takes the trick
    assert card("A♠ 6♠ 7♣", "A♠ 6♠", "10♠", Contract.OBENABE) == Card.SA


def test_discard_worthless_cards():
    # Obenabe, cannot follow ♣ and cannot win: throw the 6 from the short suit, keep the A♦ and the 10
    assert card("A♦ 7♦ 10♦ 6♠", None, "K♣ 9♣", Contract.OBENABE) == Card.S6
    # must follow, cannot win: the lowest card of the suit
    assert card("Q♠ 7♠ A♦", "Q♠ 7♠", "A♠", Contract.OBENABE) == Card.S7


def test_choose_card_with_one_legal_card():
    assert card("A♠ 6♦", "6♦", "K♦ 7♦", Contract.OBENABE) == Card.D6


# ------------------------------------------------------------------ heuristics: contract
def test_undenufe_with_many_sixes():
    hand = m("6♣ 7♣ 6♠ 7♠ 6♥ 8♥ 6♦ 7♦ 8♦")
    assert H.choose_contract(hand, False, CLASSIC.multipliers, H.default_threshold(CLASSIC.multipliers)) == 5
    values = H.contract_values(hand, CLASSIC.multipliers)
    assert len(values) == 6 and max(range(6), key=lambda c: values[c]) == 5


def test_obenabe_with_aces_and_kings():
    hand = m("A♣ K♣ Q♣ A♠ K♠ A♥ 7♥ 6♦ 7♦")
    assert H.choose_contract(hand, False, CLASSIC.multipliers, 97.5) == 4


def test_trump_with_puur_and_naell():
    hand = m("J♦ 9♦ A♦ 7♦ 8♦ A♣ Q♠ 10♠ 9♥")
    assert H.choose_contract(hand, False, CLASSIC.multipliers, 97.5) == int(Contract.DIAMONDS)
    assert H.choose_contract(hand, False, MODERN.multipliers, 45.0) == int(Contract.DIAMONDS)


def test_weak_hand_schiebt_and_pushed_always_chooses():
    weak = m("7♣ 9♣ 7♠ 9♠ Q♠ 7♥ 9♥ 10♦ Q♦")
    assert H.choose_contract(weak, False, CLASSIC.multipliers, 97.5) == H.SCHIEBEN
    assert 0 <= H.choose_contract(weak, True, CLASSIC.multipliers, 97.5) <= 5


@given(st.sets(st.integers(0, 35), min_size=9, max_size=9), st.sampled_from(PRESETS),
       st.floats(-1e4, 1e4, allow_nan=False))
def test_pushed_always_names_a_contract(hand, preset, threshold):
    mask = sum(1 << c for c in hand)
    assert 0 <= H.choose_contract(mask, True, preset.multipliers, threshold) <= 5
    c = H.choose_contract(mask, False, preset.multipliers, threshold)
    values = H.contract_values(mask, preset.multipliers)
    best = max(values)
    if best < threshold:
        assert c == H.SCHIEBEN
    else:
        assert c == min(i for i in range(6) if values[i] == best)  # lowest number on ties


def test_contract_values_scale_with_the_multiplier():
    hand = m("J♥ 9♥ A♥ 7♥ A♣ 7♠ 8♠ 6♦ 7♦")
    ones = H.contract_values(hand, (1, 1, 1, 1, 1, 1))
    classic = H.contract_values(hand, CLASSIC.multipliers)
    for a, b, k in zip(ones, classic, CLASSIC.multipliers):
        assert b == pytest.approx(a * k)


# ------------------------------------------------------------------ strength
def _duel(rounds: int, preset) -> float:
    """Mean score difference (rule team − random team) over ``rounds`` deals, each played in both seatings."""
    total = 0
    for i in range(rounds):
        for rule_seats in (0, 1):
            players = [RuleBasedPlayer() if s % 2 == rule_seats else RandomPlayer(f"{i}/{s}") for s in range(4)]
            s = play_round(Round.deal(seed=f"duel-{i}", dealer=i % 4, ruleset=preset), players).score().total
            total += s[rule_seats] - s[1 - rule_seats]
    return total / (2 * rounds)


def test_rule_player_beats_random_player():
    assert _duel(150, CLASSIC) > 100  # classic scores are multiplied (×1 .. ×4)
    assert _duel(150, MODERN) > 50


# ------------------------------------------------------------------ numba and plain Python agree
def _positions(n: int, seed: int = 0) -> list[tuple[int, int, tuple[int, ...], int, int, tuple[int, ...]]]:
    """``n`` positions from random rounds of both presets, as :func:`view_ints` gives them."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < n:
        preset = PRESETS[k % 2]
        r = Round.deal(seed=f"pos-{seed}-{k}", dealer=k % 4, ruleset=preset)
        r.choose(rng.randrange(6))
        k += 1
        while not r.done:
            out.append(view_ints(r.view(r.to_move)))
            r.play(rng.choice(list(r.legal_cards())))
    return out[:n]


def _jitted():
    from numba.core.registry import CPUDispatcher

    from jasslib._numba import load_numba

    assert load_numba(), "numba is in use"  # the dispatchers take the stand-ins' places (jasslib._numba.load_numba)
    return {name: f for name, f in vars(H).items() if isinstance(f, CPUDispatcher)}


def test_heuristics_are_compiled_by_numba():
    assert HAVE_NUMBA, "numba is required: CI checks that the compiled heuristics agree with plain Python"
    jitted = _jitted()
    for name in ("choose_card", "choose_contract", "contract_values", "default_threshold", "smear", "discard",
                 "win_cheaply", "lead_trump", "lead_master", "lead_low", "partner_is_safe", "is_master"):
        assert name in jitted
        assert callable(jitted[name].py_func)


def test_numba_and_python_give_identical_cards():
    assert HAVE_NUMBA, "numba is required for this comparison"
    for hand, legal, trick, contract, played, points in _positions(2000):
        fast = H.choose_card(hand, legal, np.asarray(trick, dtype=np.int64), contract, played, points)
        slow = H.choose_card.py_func(hand, legal, trick, contract, played, points)
        assert fast == slow
        assert legal >> int(fast) & 1
        unknown = FULL_MASK & ~hand & ~played
        t = np.asarray(trick, dtype=np.int64)
        for f, args in (
            (H.smear, (hand, legal, contract, unknown, points)),
            (H.discard, (hand, legal, contract, unknown, points)),
            (H.lead_master, (legal, contract, unknown, points)),
            (H.lead_low, (legal, contract, points)),
            (H.lead_trump, (legal, contract, unknown)),
        ):
            assert f(*args) == f.py_func(*args)
        if trick:
            assert H.win_cheaply(legal, t, contract, unknown, points) == H.win_cheaply.py_func(
                legal, trick, contract, unknown, points)
            assert H.partner_is_safe(t, contract, unknown) == H.partner_is_safe.py_func(trick, contract, unknown)


def test_numba_and_python_give_identical_contracts():
    assert HAVE_NUMBA, "numba is required for this comparison"
    rng = random.Random(5)
    for _ in range(2000):
        hand = sum(1 << c for c in rng.sample(range(36), 9))
        for preset in PRESETS:
            mult = preset.multipliers
            assert H.contract_values(hand, mult) == H.contract_values.py_func(hand, mult)
            t = H.default_threshold(mult)
            assert t == H.default_threshold.py_func(mult)
            for pushed in (False, True):
                assert H.choose_contract(hand, pushed, mult, t) == H.choose_contract.py_func(hand, pushed, mult, t)


_PURE_SCRIPT = """
import json, sys
from jasslib._numba import HAVE_NUMBA
from jasslib.players import heuristics as H
assert not HAVE_NUMBA
data = json.load(sys.stdin)
cards = [H.choose_card(*p) for p in data["positions"]]
contracts = [H.choose_contract(h, pushed, m, t) for h, pushed, m, t in data["hands"]]
values = [list(H.contract_values(h, m)) for h, _, m, _ in data["hands"]]
json.dump({"cards": cards, "contracts": contracts, "values": values}, sys.stdout)
"""


def test_plain_python_without_numba_gives_identical_results():
    """Run the heuristics with JASSLIB_NO_NUMBA=1 in a fresh interpreter: same answers as compiled code."""
    positions = _positions(300, seed=1)
    rng = random.Random(2)
    hands = []
    for i in range(300):
        preset = PRESETS[i % 2]
        hands.append((sum(1 << c for c in rng.sample(range(36), 9)), bool(i % 3 == 0), list(preset.multipliers),
                      H.default_threshold(preset.multipliers)))
    env = dict(os.environ, JASSLIB_NO_NUMBA="1", PYTHONPATH=str(ROOT))
    payload = json.dumps({"positions": [list(p[:2]) + [list(p[2])] + list(p[3:5]) + [list(p[5])]
                                        for p in positions], "hands": hands})
    out = subprocess.run([sys.executable, "-c", _PURE_SCRIPT], input=payload, capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True)
    pure = json.loads(out.stdout)
    here_cards = [int(H.choose_card(h, lg, np.asarray(t, dtype=np.int64), c, p, pts))
                  for h, lg, t, c, p, pts in positions]
    assert pure["cards"] == here_cards
    assert pure["contracts"] == [int(H.choose_contract(h, pu, tuple(mu), t)) for h, pu, mu, t in hands]
    assert pure["values"] == [list(H.contract_values(h, tuple(mu))) for h, _, mu, _ in hands]


def test_players_module_runs_without_numba():
    """The players' doctests and a few behaviour tests pass in plain Python (JASSLIB_NO_NUMBA=1)."""
    env = dict(os.environ, JASSLIB_NO_NUMBA="1", PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "jasslib/players", "tests/test_players.py",
           "-k", "lead or smear or win_cheaply or discard or undenufe or schiebt or deterministic or legally"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
