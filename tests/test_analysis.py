"""Tests of jasslib.analysis: exact Weis and Stöck odds (W2, W3, S1), best contracts, schieben, plots."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from jasslib import CLASSIC, MODERN, CardSet, Contract
from jasslib import analysis as a
from jasslib.fast import deal_batch
from jasslib.simulation import CONTRACT_NAMES, simulate
from jasslib.weis import find_weis


def _hands_without_run(max_run: int) -> int:
    """Hands with no run of ``max_run`` adjacent ranks in any suit, by a different method from count_hands:
    dynamic programming over the 36 cards in order, tracking the cards taken and the current run length."""
    states = {(0, 0): 1}  # (cards taken, length of the run ending at the previous card) -> ways
    for card in range(36):
        new: dict[tuple[int, int], int] = {}
        for (taken, run), ways in states.items():
            run = 0 if card % 9 == 0 else run  # a new suit starts
            new[(taken, 0)] = new.get((taken, 0), 0) + ways  # leave the card
            if taken < 9 and run + 1 < max_run:  # take it
                new[(taken + 1, run + 1)] = new.get((taken + 1, run + 1), 0) + ways
        states = new
    return sum(ways for (taken, _), ways in states.items() if taken == 9)


@pytest.mark.parametrize("max_run", range(1, 10))
def test_count_hands_agrees_with_an_independent_count(max_run):
    assert a.count_hands(max_run=max_run) == _hands_without_run(max_run)


def test_four_of_a_kind_by_inclusion_exclusion():
    # W3: four of one rank = C(32, 5) hands; two given fours = C(28, 1); three fours do not fit in nine cards
    assert a.count_hands(four_of=[5]) == comb(32, 5)
    assert a.count_hands(four_of=[5, 8]) == comb(28, 1)
    five = a.p_four_of_a_kind(a.weis_ranks(CLASSIC))
    assert five == Fraction(5 * comb(32, 5) - comb(5, 2) * comb(28, 1), comb(36, 9))
    six = a.p_four_of_a_kind(a.weis_ranks(MODERN))  # four nines too (modern W3)
    assert six == Fraction(6 * comb(32, 5) - comb(6, 2) * comb(28, 1), comb(36, 9))


def test_stoeck_and_held_cards():
    assert a.p_stoeck() == Fraction(comb(34, 7), comb(36, 9)) == Fraction(2, 35)  # S1
    assert a.p_holds(9) == Fraction(1, comb(36, 9))


def test_longest_sequence_distribution():
    assert sum(a.p_longest_sequence(n) for n in range(10)) == 1
    assert a.p_longest_sequence(0) == 0  # nine cards always make a run of at least one
    assert a.p_sequence_at_least(3) == sum(a.p_longest_sequence(n) for n in range(3, 10))


def test_any_weis_combines_sequences_and_fours():
    none = Fraction(a.count_hands(max_run=3), a.TOTAL_HANDS)
    p_any = a.p_any_weis(CLASSIC)
    # at least a sequence, at most a sequence or some four of a kind
    assert a.p_sequence_at_least(3) < p_any < a.p_sequence_at_least(3) + a.p_four_of_a_kind(a.weis_ranks(CLASSIC))
    assert 1 - none == a.p_sequence_at_least(3)
    assert a.p_any_weis(MODERN) > p_any


def test_invalid_arguments():
    with pytest.raises(ValueError):
        a.count_hands(four_of=[9])
    with pytest.raises(ValueError):
        a.count_hands(max_run=0)
    with pytest.raises(ValueError):
        a.p_holds(-1)


def test_weis_events_from_the_engine():
    hands = [CardSet.parse("6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♠").mask, CardSet.parse("9♣ 9♠ 9♥ 9♦ 6♠ 8♠ 10♥ Q♥ A♦").mask]
    classic = a.weis_events(hands, CLASSIC)
    assert classic.longest_sequence.tolist() == [8, 0]
    assert classic.any_weis.tolist() == [True, False] and classic.stoeck_clubs.tolist() == [True, False]
    modern = a.weis_events(hands, MODERN)
    assert modern.four_nines.tolist() == [False, True] and modern.any_weis.tolist() == [True, True]


def test_weis_check_matches_the_exact_odds():
    hands = deal_batch("analysis", 0, 5000).ravel()
    check = a.weis_check(hands, CLASSIC)
    assert (check.hands == 20_000).all()
    assert (check.z.abs() < 4).all(), check
    assert check.equals(a.weis_check(a.weis_events(hands, CLASSIC), CLASSIC))
    longest = max((w.length for w in find_weis(CardSet.from_mask(int(hands[0]))) if w.is_sequence), default=0)
    assert a.weis_events(hands[:1]).longest_sequence[0] == longest


@pytest.fixture(scope="module")
def frames():
    kw = dict(players="rule", seed="analysis", progress=False)
    return simulate(300, contract="all", **kw), simulate(300, contract="choose", **kw)


def test_best_contracts(frames):
    every, _ = frames
    b = a.best_contracts(every)
    diffs = b[[f"diff_{c}" for c in CONTRACT_NAMES]].to_numpy()
    assert len(b) == 300 and list(b.deal) == list(range(300))
    assert (b.best_diff.to_numpy() == diffs.max(axis=1)).all()
    assert [CONTRACT_NAMES[i] for i in diffs.argmax(axis=1)] == b.best.astype(str).tolist()
    assert (b.regret >= 0).all() and ((b.regret == 0) == (b.fh_best_diff == b.best_diff)).all()
    clubs = every[every.contract == "clubs"]
    assert (b.diff_clubs.to_numpy() == (clubs.score_0.astype(int) - clubs.score_1.astype(int)).to_numpy()).all()
    shuffled = every.sample(frac=1, random_state=0)  # row order does not matter
    assert a.best_contracts(shuffled).equals(b)


def test_best_contracts_needs_all_contracts(frames):
    _, choose = frames
    with pytest.raises(ValueError, match="contract=\"all\""):
        a.best_contracts(choose)


def test_schieben_table(frames):
    every, choose = frames
    t = a.schieben_table(choose, every)
    assert len(t) == 300 and (t.schoben == choose.schoben.to_numpy()).all()
    assert (t.loc[~t.schoben, "push_gain"] == 0).all()  # forehand named its best estimate itself
    assert (t.oracle_diff >= t.actual_diff).all() and (t.oracle_diff >= t.own_diff).all()
    assert (t.fh_top_value[t.schoben] < 97.5).all()  # the classic schieben threshold
    other = simulate(300, players="rule", contract="choose", seed="other", progress=False)
    with pytest.raises(ValueError, match="same seed"):
        a.schieben_table(other, every)


def test_compare_summaries_and_raw_vs_multiplied(frames):
    every, choose = frames
    t = a.compare_summaries({"x": every, "y": every}, name="copy")
    assert t.index.names == ["copy", "contract"] and t.loc["x"].equals(t.loc["y"])
    spread = a.raw_vs_multiplied(every)
    assert spread.multiplier.tolist() == [CLASSIC.multiplier(c) for c in Contract]
    assert np.allclose(spread["std ratio"], spread.multiplier)  # C3: the multiplier scales the spread


def test_plots(frames):
    import matplotlib.pyplot as plt  # here, not at the top: only this test needs pyplot
    every, choose = frames
    fig = a.hist_grid({"all": every, "chosen": choose}, bins=range(0, 265, 8), title="t")
    assert len(fig.axes) == 6 and fig.axes[0].get_title() == "clubs"
    fig2 = a.box_by_contract(every)
    assert [t.get_text() for t in fig2.axes[0].get_xticklabels()] == CONTRACT_NAMES
    fig3 = a.box_by_contract({"a": every, "b": choose}, column="score_0")
    assert fig3.axes[0].get_legend() is not None
    for f in (fig, fig2, fig3):
        plt.close(f)


# ----------------------------------------------------------------------------------------------
# The package: one module per concern, every name of the old single module still importable

# jasslib.analysis's public names when it was one module (analysis.py), in its order: none may be lost.
OLD_NAMES = [
    "DECK_SIZE", "HAND_SIZE", "TOTAL_HANDS", "RANK_NAMES", "longest_run", "count_hands", "p_holds", "p_stoeck",
    "p_sequence_at_least", "p_longest_sequence", "p_four_of_a_kind", "p_any_weis", "weis_ranks", "exact_weis_table",
    "weis_events", "weis_check", "best_contracts", "schieben_table", "compare_summaries", "raw_vs_multiplied",
    "hist_grid", "box_by_contract", "REVIEW_COLUMNS", "review", "review_totals", "dd_table", "dd_scores", "dd_best",
    "dd_vs_rule", "feature_fit", "TIP_KINDS", "tip_puur_naell", "tip_schieben", "tip_obenabe", "tip_weis",
    "tip_positions", "tip_summary", "TIP_SAMPLE_SEED", "TIP_SAMPLE_ROUNDS", "tip_sample", "sample_layouts",
    "best_by_layout", "review_losses", "history_table",
]
CONCERNS = ["odds", "frames", "plots", "postmortem", "dd", "tips", "history", "coach", "advisor", "mistakes",
            "playing_well"]


def test_the_package_keeps_every_name_of_the_old_module():
    import importlib

    assert a.__all__[:len(OLD_NAMES)] == OLD_NAMES, "the old names first, in their order; new concerns follow"
    assert len(set(a.__all__)) == len(a.__all__)
    for name in OLD_NAMES:
        exec(f"from jasslib.analysis import {name}", {})  # raises ImportError if a name is lost
        assert getattr(a, name) is getattr(importlib.import_module("jasslib.analysis"), name)


def test_each_name_lives_in_exactly_one_concern_module():
    import importlib
    import types

    from jasslib.players import sampling

    homes: dict[str, str] = {}
    for concern in CONCERNS:
        module = importlib.import_module(f"jasslib.analysis.{concern}")
        for name in module.__all__:
            assert name not in homes, f"{name} in both {homes[name]} and {concern}"
            assert getattr(a, name) is getattr(module, name), name
            homes[name] = concern
    assert set(homes) == set(a.__all__) - {"sample_layouts"}
    assert a.sample_layouts is sampling.sample_layouts  # moved to the players, re-exported here
    for concern in CONCERNS:  # no function shadows a module: `jasslib.analysis.<concern>` is that module
        assert isinstance(getattr(a, concern), types.ModuleType) and concern not in OLD_NAMES


def test_the_sampler_needs_neither_pandas_nor_the_analysis():
    import subprocess
    import sys

    code = ("import sys, jasslib.players.sampling; "
            "print(sorted(m for m in ('pandas', 'jasslib.analysis', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_compare_rulesets_reads_every_convention_from_the_ruleset_and_names_its_rule():
    variant = CLASSIC.replace(name="club", multipliers=(1,) * 6, sequence_scale=(20, 50, 100, 150, 150, 150, 150),
                              four_nines=120, starting_card="7♦", target=2500, schneider=1250,
                              claim_priority=("weis", "stoeck", "stich"))
    table = a.compare_rulesets(CLASSIC, variant, MODERN.with_multipliers())
    assert list(table.columns) == ["classic", "club", "modern-x"]
    assert table["club"].tolist() == ["all ×1", "A 11, 6 0", "3 cards 20, 4 cards 50, 5 cards 100, 6 or more 150",
                                      "120", "7♦", "2500", "1250", "Weis, Stöck, Stich"]
    assert table.loc["multipliers (C3)", "modern-x"] == "♣ ×1, ♠ ×2, ♥ ×1, ♦ ×2, Obenabe ×3, Undenufe ×3"
    assert table.loc["Undenufe card values (O6)", "modern-x"] == "6 11, A 0"
    book = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    for row in table.index:  # each row names the rule it is about, and the rule book has that rule
        rule = re.fullmatch(r".+ \(([A-Z]\d+)\)", row)
        assert rule and f'id="{rule.group(1).lower()}"' in book, row
