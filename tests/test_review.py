"""Tests of the double-dummy analysis of jasslib.analysis: review of a round and the DD table of a deal.

The solver itself is tested in tests/test_solver.py; these tests check what a learner reads: one row per
card in playing order, values that only move when somebody gives points away, a loss of 0 exactly for the
best cards, and a round's last card worth exactly what the team scored (H1, O7).
"""

from __future__ import annotations

import threading
import time

import numpy as np
import pandas as pd
import pytest

from jasslib import (
    CLASSIC,
    MODERN,
    Card,
    CardSet,
    Contract,
    DuplicateCardError,
    HandSizeError,
    PhaseError,
    Round,
    Seat,
    fast,
)
from jasslib import analysis as a
from jasslib.errors import ArgumentError
from jasslib.players import RandomPlayer, RuleBasedPlayer, play_round, take_turn
from jasslib.simulation import CONTRACT_NAMES
from jasslib.solver import Position, _Stopped, dd_points, solve, value


def bots_round(seed: int, contract: str | None = None, players=None) -> Round:  # noqa: ANN001
    r = Round.deal(seed=seed)
    if contract is not None:
        r.choose(contract)
    return play_round(r, players or [RuleBasedPlayer()] * 4)


# The reviewed round starts at trick 3: the first tricks of a full deal can take the solver a minute.
FROM = 3
SKIP = 4 * (FROM - 1)


@pytest.fixture(scope="module")
def reviewed() -> tuple[Round, object]:
    r = bots_round(5, "undenufe", players=[RuleBasedPlayer(), RandomPlayer(seed=1), RuleBasedPlayer(),
                                           RandomPlayer(seed=2)])
    return r, a.review(r, from_trick=FROM)


def test_one_row_per_card_in_playing_order(reviewed):
    r, t = reviewed
    assert list(t.columns) == list(a.REVIEW_COLUMNS)
    plays = [e for e in r.history if e["event"] == "play"]
    assert len(plays) == 36 and len(t) == 36 - SKIP
    assert t.card.tolist() == [e["card"] for e in plays[SKIP:]]
    assert t.seat.tolist() == [e["seat"] for e in plays[SKIP:]]
    assert t.trick.tolist() == [k // 4 + 1 for k in range(SKIP, 36)]
    assert (t.team == t.seat % 2).all()


def test_loss_is_zero_exactly_for_the_best_cards(reviewed):
    _, t = reviewed
    assert (t.lost == t.best_value - t.value).all() and (t.lost >= 0).all()
    for row in t.itertuples():
        assert (Card.parse(row.card) in row.best_cards) == (row.lost == 0)
        assert str(row.best_cards) == row.best and 1 <= len(row.best_cards) <= row.choices
    assert (t.lost > 0).any(), "random players give points away"


def test_values_agree_with_the_solver_and_the_score(reviewed):
    r, t = reviewed
    first = t.iloc[0]
    replay = Round([r.initial_hand(s) for s in range(4)], dealer=r.dealer, forehand=r.forehand)
    replay.choose(r.contract, r.chooser)
    for e in [e for e in r.history if e["event"] == "play"][:SKIP]:
        replay.play(e["card"])
    assert first.best_value == replay.card_points[first.team] + value(Position.from_round(replay))[first.team]
    # H1, O7: the last card is forced; its value is what the team actually scored in tricks
    last = t.iloc[-1]
    assert last.choices == 1 and last.lost == 0
    assert last.value == r.score().trick_points[last.team]


def test_the_value_moves_only_when_points_are_given_away(reviewed):
    _, t = reviewed
    # the position after card k is the one before card k+1: what card k left is what the next player can
    # still make at best, seen from the next player's team (157 or 257 between the two teams, O7)
    for k in range(len(t) - 1):
        now, nxt = t.iloc[k], t.iloc[k + 1]
        if now.team == nxt.team:
            assert nxt.best_value == now.value
        else:
            assert nxt.best_value + now.value in (157, 257)


def test_perfect_play_loses_nothing():
    # two tricks of lowest cards (a full deal is slow to solve), then perfect play to the end
    r = Round.deal(seed=8)
    r.choose(Contract.OBENABE)
    for _ in range(SKIP):
        r.play(min(r.legal_cards()))
    taken = r.card_points
    rest = value(r)
    while not r.done:
        r.play(min(solve(r).best))
    t = a.review(r, from_trick=FROM)
    assert (t.lost == 0).all()
    fh_team = int(r.forehand) % 2
    start = (taken[0] + rest[0], taken[1] + rest[1])
    assert (t.value[t.team == fh_team] == start[fh_team]).all()
    assert (t.value[t.team != fh_team] == start[1 - fh_team]).all()
    assert r.score().trick_points == start


def test_review_of_a_round_in_play_and_after_schieben():
    r = Round.deal(seed=3, dealer=1)  # forehand seat 2
    r.schieben()
    r.choose("obenabe")
    for _ in range(6):
        r.play(max(r.legal_cards()))
    before = r.copy()
    t = a.review(r)
    assert len(t) == 6 and t.seat.iloc[0] == 2 and t.trick.tolist() == [1, 1, 1, 1, 2, 2]
    assert r == before, "review leaves the round as it was"


@pytest.mark.parametrize("bad", [0, 10, "3", True])
def test_review_from_a_trick_outside_1_to_9_is_refused(bad):
    r = bots_round(2, "obenabe")
    with pytest.raises(ValueError, match="O1"):
        a.review(r, from_trick=bad)


def test_review_before_the_contract_is_refused():
    with pytest.raises(PhaseError, match="C1"):
        a.review(Round.deal(seed=1))


def test_review_totals(reviewed):
    _, t = reviewed
    tot = a.review_totals(t)
    assert tot.index.tolist() == [0, 1, 2, 3] and (tot.cards == 9 - (FROM - 1)).all()
    assert (tot.best + tot.mistakes == tot.cards).all()
    assert tot.lost.sum() == t.lost.sum()


def test_review_modern_ruleset():
    r = Round.deal(seed=4, ruleset=MODERN)
    r.choose(Contract.UNDENUFE)
    play_round(r, [RuleBasedPlayer()] * 4)
    t = a.review(r, from_trick=FROM)
    assert t.iloc[-1].value == r.score().trick_points[t.iloc[-1].team]


# ------------------------------------------------------------------------------------------ dd_table


def test_dd_table_matches_dd_points():
    # Obenabe and Undenufe: a trump contract of a full deal can take the solver minutes (every contract is
    # checked on the nine-clubs deal below and through dd_batch in test_solver)
    r = Round.deal(seed=6)
    chosen = [Contract.OBENABE, Contract.UNDENUFE]
    t = a.dd_table(r, contracts=chosen)
    hands = [r.initial_hand(s) for s in range(4)]
    assert t.index.tolist() == ["obenabe", "undenufe"]
    for contract in chosen:
        assert tuple(t.loc[CONTRACT_NAMES[contract], ["team 0", "team 1"]]) == dd_points(hands, contract, r.forehand)
    assert ((t["team 0"] + t["team 1"]).isin([157, 257])).all()  # O7
    mult = [CLASSIC.multiplier(c) for c in chosen]
    assert t.multiplier.tolist() == mult  # C3
    team = int(r.forehand) % 2
    assert (t.chooser_team == team).all()
    assert (t.score_diff == t.multiplier * (t[f"team {team}"] - t[f"team {1 - team}"])).all()
    assert t.best.sum() == 1 and t.loc[t.best, "score_diff"].iloc[0] == t.score_diff.max()


def test_dd_table_all_nine_clubs_is_a_match_without_another_trump():
    # O7: seat 0 holds every club and leads (C2), seats 1, 2, 3 every ♠, ♥, ♦: in ♣, Obenabe and Undenufe
    # nobody can follow, seat 0 takes all nine tricks (257); in ♥ its partner trumps every lead (P3), a match
    # again; in ♠ and ♦ the opponents trump (P3) and take every trick
    hands = [CardSet(c for c in Card if c.suit == suit) for suit in range(4)]
    t = a.dd_table([h.format() for h in hands])
    assert t["team 0"].tolist() == [257, 0, 257, 0, 257, 257]
    assert t["team 1"].tolist() == [0, 257, 0, 257, 0, 0]


def test_dd_table_forehand_and_ruleset():
    r = Round.deal(seed=2)
    hands = [r.initial_hand(s) for s in range(4)]
    t1 = a.dd_table(hands, forehand=Seat(1), contracts=["obenabe"])
    assert (t1.chooser_team == 1).all()
    assert tuple(t1.loc["obenabe", ["team 0", "team 1"]]) == dd_points(hands, Contract.OBENABE, 1)
    modern = a.dd_table(hands, ruleset="modern", contracts=["obenabe", "undenufe"])
    assert (modern.multiplier == 1).all()
    assert tuple(modern.loc["undenufe", ["team 0", "team 1"]]) == dd_points(hands, Contract.UNDENUFE, 0, MODERN)


def test_dd_table_refuses_bad_hands():
    r = Round.deal(seed=2)
    hands = [r.initial_hand(s).format() for s in range(4)]
    with pytest.raises(HandSizeError):
        a.dd_table(hands[:3])
    with pytest.raises(DuplicateCardError):
        a.dd_table([hands[0], hands[0], hands[2], hands[3]])


def test_review_judges_the_position_the_player_faced():
    # trick 4, second card: the row's best cards are those of that very position, rebuilt from the round
    r = bots_round(9, "hearts")  # a trump contract: trumping (P3) and over-trumping (P4) in the search
    t = a.review(r, from_trick=4)
    cards = [e["card"] for e in r.history if e["event"] == "play"]
    replay = Round([r.initial_hand(s) for s in range(4)], dealer=r.dealer, forehand=r.forehand)
    if r.pushed:
        replay.schieben()
    replay.choose(r.contract, r.chooser)
    for card in cards[:13]:
        replay.play(card)
    sol = solve(Position.from_round(replay))
    row = t.iloc[13 - 12]
    assert row.best_cards == sol.best and (row.lost == 0) == (sol.loss(cards[13]) == 0)
    if min(replay.tricks_won) > 0:  # no match possible: the difference moves twice as much as one team's points
        assert sol.loss(cards[13]) == 2 * row.lost


# ------------------------------------------------------------------------------------------ DD tables of many deals
# The functions that read a DD table are checked on tables whose DD columns are made up (exact expectations,
# no solving); the solver's own numbers come in through tests/test_ddtable.py.


def made_up_table(n: int, seed: int = 4, dd=None) -> pd.DataFrame:  # noqa: ANN001
    """A table shaped like jasslib.ddtable's: real deals and features, DD points given (or a simple pattern)."""
    from jasslib.simulation import hand_features

    hands = fast.deal_batch(seed, 0, n)
    data = {"deal": np.arange(n), "seed": np.full(n, seed)}
    for c, name in enumerate(CONTRACT_NAMES):
        data[f"dd_{name}"] = (np.arange(n) * (c + 3)) % 158 if dd is None else np.asarray(dd)[:, c]
    for s in range(4):
        data[f"hand_{s}"] = hands[:, s]
    f = hand_features(hands[:, 0])
    for k, v in f.items():
        data[f"fh_{k}"] = v
    data["fh_best"] = pd.Categorical(f["best"], categories=CONTRACT_NAMES, ordered=True)
    return pd.DataFrame(data)


def test_dd_scores_and_best_contract():
    dd = np.array([[100, 10, 10, 10, 10, 10], [10, 10, 60, 10, 10, 40], [0, 0, 0, 0, 0, 157]])
    t = made_up_table(3, dd=dd)
    scores = a.dd_scores(t)
    assert scores.iloc[1].tolist() == [10, 10, 120, 20, 30, 160]  # C3: ♥ ×2, Undenufe ×4
    best = a.dd_best(t)
    assert best.best.astype(str).tolist() == ["clubs", "undenufe", "undenufe"]
    assert (best.best_score == scores.max(axis=1)).all() and (best.regret >= 0).all()
    fh = t.fh_best.astype(str).tolist()
    assert best.fh_best_score.tolist() == [scores.loc[i, fh[i]] for i in range(3)]


def test_tip_puur_naell_groups_by_who_holds_the_two_cards():
    t = made_up_table(40)
    out = a.tip_puur_naell(t)
    # recount by hand: for each trump suit, the team of the seat holding its J and 9
    rows = []
    for c, name in enumerate(CONTRACT_NAMES[:4]):
        for i in range(40):
            holder = {card: next(s for s in range(4) if t.loc[i, f"hand_{s}"] >> card & 1) % 2
                      for card in (9 * c + 5, 9 * c + 3)}
            rows.append((holder[9 * c + 5], holder[9 * c + 3], t.loc[i, f"dd_{name}"]))
    frame = pd.DataFrame(rows, columns=["puur", "naell", "dd"])
    expected = frame.groupby(["puur", "naell"]).dd.mean().round(1)
    assert out.loc["Puur: us", "Näll: them"] == expected.loc[(0, 1)]
    assert out.loc["Puur: them", "Näll: us"] == expected.loc[(1, 0)]


def test_tip_schieben_compares_forehands_and_the_partners_choice():
    from jasslib.simulation import hand_features

    t = made_up_table(60)
    out = a.tip_schieben(t, bins=(-1e9, 1e9))
    scores = a.dd_scores(t).to_numpy()
    own = t[[f"fh_value_{c}" for c in CONTRACT_NAMES]].to_numpy().argmax(axis=1)
    pf = hand_features(t.hand_2.to_numpy())
    partner = np.column_stack([pf[f"value_{c}"] for c in CONTRACT_NAMES]).argmax(axis=1)
    rows = np.arange(60)
    assert out["deals"].iloc[0] == 60
    assert out["own"].iloc[0] == round(scores[rows, own].mean(), 1)
    assert out["push gain"].iloc[0] == round((scores[rows, partner] - scores[rows, own]).mean(), 1)


def test_tip_obenabe_counts_aces_and_kings():
    dd = np.zeros((30, 6), dtype=int)
    dd[:, 4] = 100  # Obenabe always best by far
    t = made_up_table(30, dd=dd)
    out = a.tip_obenabe(t)
    assert out.deals.sum() == 30 and (out["P(obenabe best)"] == 1).all()
    assert out.index.tolist() == sorted((t.fh_aces + t.fh_kings).unique().tolist())
    assert (out["obenabe - best other (score)"] == 300).all()  # 100 × 3 (C3) against 0


def test_feature_fit_on_a_made_up_linear_table():
    t = made_up_table(300)
    dd = np.column_stack([10 * t.fh_aces + 3 * t.fh_jacks + c for c in range(6)]).astype(int)
    for c, name in enumerate(CONTRACT_NAMES):
        t[f"dd_{name}"] = dd[:, c]
    fit, accuracy = a.feature_fit(t)
    assert (fit.R2 > 0.999).all() and (fit.MAE < 0.1).all()  # an exact line is found again
    assert accuracy["fitted lines"] == 1.0 and 0 <= accuracy["fh_best estimate"] <= 1
    with pytest.raises(ValueError, match="more deals"):
        a.feature_fit(t.iloc[:20])


def test_dd_vs_rule_joins_the_same_deals():
    from jasslib.simulation import simulate

    sim = simulate(12, players="rule", contract="all", seed=4, progress=False)
    t = made_up_table(12)
    out = a.dd_vs_rule(t, sim)
    clubs = sim[sim.contract == "clubs"].sort_values("deal")
    assert out.loc["clubs", "gap"] == round((clubs.trick_points_0.to_numpy() - t.dd_clubs.to_numpy()).mean(), 1)
    assert out.loc["clubs", "deals"] == 12
    with pytest.raises(ValueError, match="same seed"):
        a.dd_vs_rule(t, simulate(12, players="rule", contract="all", seed=5, progress=False))


def notrump(t: pd.DataFrame) -> pd.DataFrame:
    """The table as ``contracts=["obenabe", "undenufe"]`` makes it: <NA> (Int16) in the four trump columns."""
    t = t.copy()
    for name in CONTRACT_NAMES[:4]:
        t[f"dd_{name}"] = pd.array([pd.NA] * len(t), dtype="Int16")
    return t


@pytest.mark.parametrize("call", [a.dd_scores, a.dd_best, a.tip_puur_naell, a.tip_schieben])
def test_a_table_without_the_trump_contracts_is_refused_where_they_are_needed(call):
    with pytest.raises(ValueError, match=rf"^{call.__name__} needs the DD values of clubs, spades, hearts, diamonds; "
                                         r"this table holds only obenabe, undenufe .*dd-table without --contracts"):
        call(notrump(made_up_table(12)))


def test_feature_fit_on_a_notrump_table_fits_those_two_and_leaves_out_the_best_of_six():
    t = made_up_table(300)
    for c, name in enumerate(CONTRACT_NAMES):
        t[f"dd_{name}"] = (10 * t.fh_aces + 3 * t.fh_jacks + c).astype(int)
    fit, accuracy = a.feature_fit(notrump(t))
    assert fit.index.tolist() == ["obenabe", "undenufe"] and (fit.R2 > 0.999).all()
    assert accuracy.empty and accuracy.name == "accuracy"


def test_dd_vs_rule_on_a_notrump_table_gives_the_rows_of_those_two():
    from jasslib.simulation import simulate

    sim = simulate(12, players="rule", contract="all", seed=4, progress=False)
    t = made_up_table(12)
    out = a.dd_vs_rule(notrump(t), sim)
    assert out.index.tolist() == ["obenabe", "undenufe"]
    pd.testing.assert_frame_equal(out, a.dd_vs_rule(t, sim).loc[["obenabe", "undenufe"]])


def test_tip_obenabe_on_a_notrump_table_gives_the_points_of_both():
    t = made_up_table(40)
    full = a.tip_obenabe(t)
    out = a.tip_obenabe(notrump(t))
    assert out.columns.tolist() == ["deals", "obenabe points", "undenufe points"]
    pd.testing.assert_frame_equal(out, full[out.columns])
    high = t.fh_aces + t.fh_kings
    assert out.loc[high.iloc[0], "undenufe points"] == round(t.dd_undenufe[high == high.iloc[0]].mean(), 1)


def test_tip_weis_reads_the_recorded_weis():
    from jasslib.simulation import simulate

    sim = simulate(150, players="rule", seed=6, progress=False)
    s = a.tip_weis(sim)
    recorded = (sim.weis_0 + sim.weis_1) > 0
    assert s["rounds"] == 150 and s["P(a team records Weis)"] == round(recorded.mean(), 3)
    assert 0 <= s["P(a team with a Weis scores none of it)"] <= 1
    assert s["mean Weis when recorded (score)"] >= 20  # W2: the smallest Weis is 20


# ------------------------------------------------------------------------------------------ tips in real rounds


def test_tip_positions_values_are_the_solvers():
    t = a.tip_positions(4, seed=2, kinds=["last_trick", "smear"])
    assert set(t.kind) <= {"last_trick", "smear"} and len(t) > 0
    last, smear = t[t.kind == "last_trick"], t[t.kind == "smear"]
    assert (last.gain == last.value_weak - last.value_strong).all()  # the tip: keep the strong card
    assert (smear.gain == smear.value_strong - smear.value_weak).all()  # the tip: the card with most points
    assert (t.loc[t.kind == "last_trick", "trick"] == 8).all()
    summary = a.tip_summary(t)
    assert summary.decisions.sum() == len(t)
    with pytest.raises(ValueError, match="unknown tip kind"):
        a.tip_positions(1, kinds=["finesse"])


def test_sample_layouts_keep_what_the_player_has_seen():
    r = Round.deal(seed=1)
    r.choose("hearts")
    for _ in range(17):
        r.play(min(r.legal_cards()))
    layouts = a.sample_layouts(r, 20, seed=3)
    me = int(r.to_move)
    assert layouts[0] == r.hands and len(layouts) == 20
    voids = {s: {c.suit for c in CardSet.full()} for s in range(4)}
    for t in r.tricks:  # a seat that neither followed nor trumped showed it has none of the led suit
        led = t.cards[0].suit
        for seat, card in t.plays[1:]:
            if card.suit not in (led, Contract.HEARTS.trump):
                voids[int(seat)].discard(led)
    unseen = sum(r.hand(s).mask for s in range(4) if s != me)
    for hands in layouts:
        assert hands[me] == r.hand(me)
        assert [len(h) for h in hands] == [len(h) for h in r.hands]
        assert sum(h.mask for i, h in enumerate(hands) if i != me) == unseen  # the same unseen cards, dealt again
        for s in range(4):
            lacking = {suit for suit in range(4) if suit not in voids[s]}
            assert s == me or not any(c.suit in lacking for c in hands[s])
    assert len({hands for hands in layouts}) > 1


def test_best_by_layout_double_dummy_is_an_upper_bound():
    r = Round.deal(seed=1)
    r.choose("obenabe")
    for _ in range(22):
        r.play(min(r.legal_cards()))
    t = a.best_by_layout(r, 6)
    values = t.drop(columns="best")
    assert set(values.columns) == {str(c) for c in r.legal_cards()}
    assert values.max(axis=1).mean() >= values.mean().max()
    assert str(solve(r).best) == t.best.iloc[0]  # row 0 is the real layout


def test_layouts_and_their_decision_need_a_round_in_play():
    """Before the contract (C1) and after the last card there is no card to decide: a PhaseError, not a TypeError."""
    fresh = Round.deal(seed=1)
    done = play_round(Round.deal(seed=1), [RuleBasedPlayer()] * 4)
    for rnd in (fresh, done):
        for f in (a.sample_layouts, a.best_by_layout):
            with pytest.raises(PhaseError, match="after the contract, C1"):
                f(rnd, 2)


def test_the_shipped_tip_sample_is_what_tip_positions_makes():
    t = a.tip_sample()
    assert set(t.kind) == set(a.TIP_KINDS) and t["round"].between(0, a.TIP_SAMPLE_ROUNDS - 1).all()
    assert list(t.columns) == list(a.tip_positions(0).columns)
    # the late decisions of the first rounds, made again (the early trump ones would take the solver seconds)
    fresh = a.tip_positions(3, seed=a.TIP_SAMPLE_SEED, kinds=["last_trick"])
    shipped = t[(t["round"] < 3) & (t.kind == "last_trick")].reset_index(drop=True)
    assert len(fresh) > 0
    pd.testing.assert_frame_equal(shipped, fresh, check_dtype=False)


# ------------------------------------------------------------------ LiveReview: judged trick by trick in the background
def test_live_review_is_the_review_at_every_moment_of_a_round() -> None:
    """Cards played one by one with update() after each: table() equals review() mid-trick and at trick ends,
    from trick 1 and from a later trick (its cards judged in the solver thread, the round never touched there)."""
    r = Round.deal(seed=8)
    r.choose("undenufe")
    live = a.LiveReview(r)
    players = [RuleBasedPlayer(), RandomPlayer(seed=3), RuleBasedPlayer(), RandomPlayer(seed=4)]
    handed = []
    for k in range(36):
        take_turn(r, players)
        handed.append(live.update())
        if k in (2, 7, 21, 35):
            assert live.table().equals(a.review(r))
            assert live.table(from_trick=4).equals(a.review(r, from_trick=4))
    assert r.done and handed.count(1) == 9 and sum(handed) == 9  # each trick handed over once, when complete
    assert live.ready and live.judged == 9


def test_live_review_of_a_trump_round_from_a_later_trick() -> None:
    r = bots_round(6, "clubs")
    live = a.LiveReview(r)
    assert live.update(from_trick=3) == 7 and 1 not in live._jobs and 2 not in live._jobs
    assert live.table(from_trick=3).equals(a.review(r, from_trick=3))
    assert live.judged == 7 and not live.ready  # tricks 1-2 are not judged


def _held_judge(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """The solver thread's judging of a LiveReview's tricks (``solver._judge``) held until the test sets the first
    event; the second is set when a judging starts."""
    import jasslib.solver

    real = jasslib.solver._judge
    gate, started = threading.Event(), threading.Event()

    def held(position, cards, shared=None):  # noqa: ANN001, ANN202
        started.set()
        assert gate.wait(30), "the test never opened the gate"
        return real(position, cards, shared)

    monkeypatch.setattr(jasslib.solver, "_judge", held)
    return gate, started


def test_live_review_waits_for_the_solver_thread_cancels_and_passes_its_errors_on(monkeypatch) -> None:
    """With a judge held by an event: table(timeout) raises TimeoutError and changes nothing; cancel() drops the
    tricks not started and stops the one being judged, and table() hands them over again; an error in the thread
    reaches table()."""
    import jasslib.solver

    gate, started = _held_judge(monkeypatch)
    r = Round.deal(seed=4)
    r.choose("obenabe")
    for _ in range(8):
        r.play(max(r.legal_cards()))
    live = a.LiveReview(r)
    assert live.update() == 2 and started.wait(30)  # trick 1 is being judged, trick 2 waits behind it
    with pytest.raises(TimeoutError):
        live.table(timeout=0.05)
    assert not live.ready and live.judged == 0
    live.cancel()  # trick 2 is dropped before it starts; trick 1 is stopped: its searches give up
    first, second = live._jobs[1][1], live._jobs[2][1]
    assert second.cancelled() and live.update() == 0  # a cancelled review hands nothing over
    gate.set()
    assert isinstance(first.exception(30), _Stopped)  # its verdicts were not kept
    assert live.judged == 0 and not live.ready
    assert live.table().equals(a.review(r)) and live.ready and live.judged == 2  # judged again, in full

    def broken(position, cards, shared=None):  # noqa: ANN001, ANN202
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(jasslib.solver, "_judge", broken)
    r.play(max(r.legal_cards()))
    with pytest.raises(RuntimeError, match="solver exploded"):
        a.LiveReview(r).table()


def test_live_review_refuses_what_review_refuses() -> None:
    with pytest.raises(PhaseError, match="C1"):
        a.LiveReview(Round.deal(seed=1)).table()
    r = Round.deal(seed=1)
    live = a.LiveReview(r)
    assert live.update() == 0 and live.judged == 0  # before the contract nothing is handed over
    for bad in (0, 10, "1", True):
        with pytest.raises(Exception, match="from_trick"):
            live.update(bad)


def test_a_review_waited_for_goes_before_the_others_and_a_dropped_one_is_not_judged(monkeypatch) -> None:
    """One solver thread serves every LiveReview of a process: table() moves its own tricks that are still waiting
    ahead of the other reviews' tricks, and a LiveReview that nobody holds any more has its waiting tricks dropped
    (a notebook cell run again, a RoundPlayer thrown away)."""
    import gc

    import jasslib.solver

    real = jasslib.solver._judge
    gate = threading.Event()
    order = []

    def recorded(position, cards, shared=None):  # noqa: ANN001, ANN202
        if not order:
            assert gate.wait(30), "the test never opened the gate"
        if threading.current_thread().name == "jasslib-solver":  # not review()'s own judge, in this thread
            order.append(position)
        return real(position, cards, shared)

    monkeypatch.setattr(jasslib.solver, "_judge", recorded)

    def round_of(seed: int) -> Round:
        r = Round.deal(seed=seed)
        r.choose("obenabe")
        for _ in range(8):
            r.play(max(r.legal_cards()))
        return r

    first, a_round, b_round, gone_round = round_of(1), round_of(2), round_of(3), round_of(4)
    holder = a.LiveReview(first)
    assert holder.update() == 2  # its trick 1 holds the thread at the gate
    trick_one = holder._jobs[1][1]
    wait_until = time.monotonic() + 30  # once the thread has finished what an earlier test left it
    while not trick_one.running() and time.monotonic() < wait_until:
        time.sleep(0.01)
    assert trick_one.running(), "the solver thread took the holder's trick 1 and waits at the gate"
    a_live, b_live, gone = a.LiveReview(a_round), a.LiveReview(b_round), a.LiveReview(gone_round)
    assert a_live.update() == b_live.update() == gone.update() == 2
    dropped = [job for _, job in gone._jobs.values()]
    gone_start = gone._starts[0]
    del gone
    gc.collect()
    assert all(job.cancelled() for job in dropped)
    with pytest.raises(TimeoutError):
        b_live.table(timeout=0.01)  # b's tricks go ahead of a's (and of the holder's trick 2)
    gate.set()
    assert b_live.table().equals(a.review(b_round)) and a_live.table().equals(a.review(a_round))
    starts = [(holder._starts[0], "holder"), (a_live._starts[0], "a"), (b_live._starts[0], "b"), (gone_start, "gone")]
    trick1 = [name for position in order for start, name in starts if position == start]
    assert trick1 == ["holder", "b", "a"]  # the trick 1 of each review, in the order judged; none of the dropped


def test_live_review_starts_on_the_opening_position_as_soon_as_the_contract_is_named(monkeypatch) -> None:
    """The head start: once the contract is named, update() hands over the opening position's value (the bulk of
    trick 1's judgement) while trick 1 is played, in the round's one shared generation; not counted as a trick,
    not handed over twice, none when the review starts later; table() drops it if it has not begun."""
    from jasslib.solver import _State

    r = Round.deal(seed=8)
    live = a.LiveReview(r)
    assert live.update() == 0 and live._jobs == {}  # no contract yet
    r.choose("obenabe")
    assert live.update() == 0 and sorted(live._jobs) == [0] and live.judged == 0
    start = Position.from_round(_replayed(r, 0))
    assert _State(start).teams(live._jobs[0][1].result(30)) == value(start)
    r.play(max(r.legal_cards()))
    assert live.update() == 0 and sorted(live._jobs) == [0]  # once
    later = Round.deal(seed=8)
    later.choose("obenabe")
    assert a.LiveReview(later).update(from_trick=2) == 0  # a review from trick 2 needs no head start
    for _ in range(3):
        r.play(max(r.legal_cards()))
    assert live.update() == 1 and live.table().equals(a.review(r))

    gate, started = _held_judge(monkeypatch)
    holder = Round.deal(seed=9)
    holder.choose("obenabe")
    for _ in range(4):
        holder.play(max(holder.legal_cards()))
    holding = a.LiveReview(holder)
    assert holding.update() == 1 and started.wait(30)  # the thread is busy with the holder's trick 1
    fresh = Round.deal(seed=10)
    fresh.choose("undenufe")
    waiting = a.LiveReview(fresh)
    waiting.update()
    head = waiting._jobs[0][1]
    fresh.play(max(fresh.legal_cards()))
    threading.Timer(0.2, gate.set).start()
    assert waiting.table().equals(a.review(fresh)) and head.cancelled() and 0 not in waiting._jobs


def _replayed(r: Round, cards: int) -> Round:
    from jasslib.analysis.postmortem import _plays, _replay_start

    replay = _replay_start(r)
    for seat, card in _plays(r)[:cards]:
        replay.play(card, seat)
    return replay


# ---------------------------------------------------------------------------------- why a card lost points
def _check_lines(rnd: Round, row) -> a.LineComparison:  # noqa: ANN001
    """compare_lines of one card of review's table: the same numbers, lines that start where the round was."""
    why = a.compare_lines(rnd, row.trick, row.seat)
    assert (why.played_points, why.best_points, why.lost) == (row.value, row.best_value, row.lost), row
    assert str(why.card) == row.card and why.best in row.best_cards and (why.best == why.card) == (row.lost == 0)
    actual = rnd.tricks[row.trick - 1]
    k = actual.seats.index(Seat(row.seat))
    assert why.played_line[0].cards[:k + 1] == actual.cards[:k + 1], "the line after the card played is the round's"
    assert why.best_line[0].cards[:k] == actual.cards[:k] and why.best_line[0].cards[k] == why.best
    assert len(why.played_line) == len(why.best_line) == 10 - row.trick
    assert (why.parting_trick is None) == (row.lost == 0), "a lost point shows in a trick of the two lines"
    return why


def test_compare_lines_shows_why_each_card_lost_what_review_counts() -> None:
    rnd = bots_round(2, "obenabe")
    table = a.review(rnd)
    checked = [_check_lines(rnd, row) for row in table.itertuples() if row.lost > 0 or row.Index % 6 == 0]
    lost = [why for why in checked if why.lost]
    assert len(lost) >= 3 and len(checked) > len(lost), "the round has cards that lost points and best cards"
    first = lost[0]
    text = first.text()
    at = first.parting_trick
    assert f"With {first.best} it would end with {first.best_points}: {first.lost} more." in text
    assert f"The lines part at trick {at}:" in text and text.count("  trick ") == 2 * len(first.played_line)
    html = first._repr_html_()
    assert f"after {first.card}" in html and f"after {first.best}" in html and html.count("<tr>") == 12 - first.trick
    again = a.compare_lines(rnd, np.int64(first.trick), np.int64(first.seat))  # numbers from review's table
    assert again == first
    best = next(why for why in checked if not why.lost)
    assert "was a best card: no point given away" in best.text() and best.played_line == best.best_line


def test_a_live_reviews_lines_are_compare_lines_found_in_the_tables_of_its_review() -> None:
    """LiveReview.lines (the round player's Why? after a review) gives the lines compare_lines gives, searched in
    the solver thread's tables of the round: after the review those hold nearly all of the work (node counts, not
    times, so the test does not depend on the machine's load)."""
    import jasslib.solver as solver

    live_nodes = fresh_nodes = 0
    for seed in (0, 4):
        rnd = Round.deal(seed=seed)
        rnd.choose("obenabe")
        live = a.LiveReview(rnd)
        while not rnd.done:
            rnd.play(min(rnd.legal_cards()))
            live.update()
        table = live.table()
        for seat in range(4):
            thread = solver._BG[0].ws.stats  # the solver thread's workspace, which lines() searches in
            before = int(thread[solver._NODES])
            lines = live.lines(1, seat)
            live_nodes += int(thread[solver._NODES]) - before
            here = solver._workspace().stats  # compare_lines searches in this thread's own tables, afresh
            before = int(here[solver._NODES])
            assert lines == a.compare_lines(rnd, 1, seat), (seed, seat)
            fresh_nodes += int(here[solver._NODES]) - before
            assert lines.lost == int(table[(table.trick == 1) & (table.seat == seat)].lost.iloc[0])
    assert live_nodes * 10 < fresh_nodes, (live_nodes, fresh_nodes)
    with pytest.raises(ArgumentError, match="trick"):
        live.lines(0, 0)


def test_compare_lines_in_a_trump_contract_counts_the_trumps_and_the_last_trick() -> None:
    rnd = bots_round(5, "♥")
    table = a.review(rnd, from_trick=4)
    rows = [row for row in table.itertuples() if row.lost > 0]
    assert rows, "the bots give points away after trick 3"
    for row in rows[:3]:
        why = _check_lines(rnd, row)
        left = sum(t.points for t in rnd.tricks[row.trick - 1:])  # the cards of these tricks, and the last trick's 5
        for line in (why.played_line, why.best_line):
            assert line[-1].number == 8 and sum(t.points for t in line) == left
