"""Notebook 14 (playing well) says what the data say: the teachable hands get the advice its text claims, and the
figures of its readings (choosers, four kinds of play, best in hindsight) are the ones analysis.playing_well gives;
the notes of notebooks 12 and 13 on where double dummy misleads state the shipped data's figures."""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pandas as pd
import pytest

from jasslib import Contract, analysis, ddtable
from jasslib.analysis import advise
from jasslib.simulation import search_sample

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
NB14 = NOTEBOOKS / "14_playing_well.ipynb"


def cells(path: Path) -> list[tuple[str, str]]:
    raw = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(c["cell_type"], "".join(c["source"])) for c in raw]


def markdown(path: Path) -> str:
    return " ".join(" ".join(src.split()) for kind, src in cells(path) if kind == "markdown")


@cache
def teachable_hands() -> dict[str, str]:
    source = next(src for kind, src in cells(NB14) if kind == "code" and src.startswith("hands = {"))
    tree = ast.parse(source)
    return ast.literal_eval(tree.body[0].value)  # type: ignore[attr-defined]  # the first statement: hands = {...}


@cache
def by_contract() -> pd.DataFrame:
    return analysis.play_by_contract()


@cache
def hindsight() -> pd.DataFrame:
    return analysis.hindsight_best()


@cache
def rounds() -> pd.DataFrame:
    source = next(src for kind, src in cells(NB14) if kind == "code" and "chooser_rounds(" in src)
    found = re.search(r"chooser_rounds\((\d+), samples=(\d+)\)", source)
    assert found, source
    return analysis.chooser_rounds(int(found.group(1)), samples=int(found.group(2)))


@pytest.mark.parametrize(("what", "named"), [("a strong trump hand", Contract.HEARTS),
                                              ("a hand for Obenabe", Contract.OBENABE),
                                              ("a hand for Undenufe", Contract.UNDENUFE),
                                              ("a hand to push", None)])
def test_each_teachable_hand_gets_the_advice_the_text_claims(what: str, named: Contract | None) -> None:
    advice = advise(teachable_hands()[what])  # as the notebook calls it: 1,000 sampled deals, seed 0
    assert advice.choice == named, (what, advice.recommendation())
    said = "schieben" if named is None else str(named)
    assert f"the advisor names **{said}**" in markdown(NB14) or f"the advisor says **{said}**" in markdown(NB14)


def test_the_strong_trump_hand_holds_the_puur_and_the_naell() -> None:
    hand = teachable_hands()["a strong trump hand"]
    assert "J♥" in hand and "9♥" in hand


def test_chooser_summary_pairs_the_deals_and_the_lucerne_table_pushes_far_more() -> None:
    table = rounds()
    summary = analysis.chooser_summary(table)
    assert list(summary.index) == ["advisor", "rule", "lucerne"] and summary.loc["advisor", "advisor's gain"] == 0
    wide = table.pivot(index="deal", columns="chooser", values="margin")
    assert summary.loc["rule", "advisor's gain"] == pytest.approx((wide.advisor - wide.rule).mean())
    assert summary.loc["lucerne", "push"] > summary.loc["advisor", "push"] + 0.2  # "pushes far more often"
    shares = pd.crosstab(table.chooser, table.contract, normalize="index")
    for contract in ("Undenufe", "Obenabe"):  # "about as often as each other"
        assert abs(shares.loc["advisor", contract] - shares.loc["rule", contract]) < 0.1


def test_chooser_rounds_play_each_chooser_on_the_same_deals() -> None:
    table = analysis.chooser_rounds(12, samples=5, seed=3)
    assert len(table) == 36 and set(table.groupby("deal").chooser.nunique()) == {3}
    assert (table.margin == table.score - table.opponents).all()
    lucerne = table[table.chooser == "lucerne"]
    assert lucerne.pushed.tolist() == [analysis.lucerne_choice(h) is None
                                       for h in _forehand_hands(12, 3)]


def _forehand_hands(n: int, seed: int) -> list[object]:
    from jasslib import CardSet, fast

    return [CardSet.from_mask(int(m)) for m in fast.deal_batch(seed, 0, n)[:, 0]]


def test_play_by_contract_compares_the_play_on_the_same_deals_and_contracts() -> None:
    by = by_contract()
    sample = search_sample()
    assert by["rounds"].sum() == len(sample) == 300
    assert by.loc["Undenufe", "search"] == pytest.approx(sample[sample.contract == "undenufe"].trick_points_0.mean())
    gaps = by["DD − rule"]
    assert gaps.idxmax() == "Undenufe"  # "its gap to the rule-based bots is widest in Undenufe"
    assert (by["search − rule"] > 0).sum() >= 4  # "more than rule-based play ... in most contracts"
    assert by["random"].between(85, 112).all()  # "even with four random players ... about 85 to 110 trick points"
    undenufe = by.loc["Undenufe", "rounds"] / by["rounds"].sum()
    assert round(undenufe, 1) == 0.4  # "the search players and the advisor ... name Undenufe in about 4 deals of 10"
    advisor = float((rounds().query("chooser == 'advisor'").contract == "Undenufe").mean())
    assert round(advisor, 1) == 0.4


def test_hindsight_best_undenufe_about_as_often_with_rule_based_play() -> None:
    h = hindsight()
    assert h.sum().round(6).tolist() == [1.0, 1.0]
    dd = analysis.dd_best(ddtable.sample(ddtable.SAMPLE_DEALS)).best.value_counts(normalize=True)
    assert h.loc["Undenufe", "double dummy"] == pytest.approx(dd["undenufe"])
    assert abs(h.loc["Undenufe", "double dummy"] - h.loc["Undenufe", "rule-based play"]) < 0.05


@pytest.mark.parametrize("name", ["12_best_play_double_dummy.ipynb", "13_testing_the_beginner_tips.ipynb"])
def test_notebooks_12_and_13_say_where_double_dummy_misleads_with_the_datas_figures(name: str) -> None:
    text = markdown(NOTEBOOKS / name)
    h = hindsight()
    by = by_contract()
    assert f"{h.loc['Undenufe', 'double dummy']:.0%}".replace("%", " %") in text
    assert f"{h.loc['Undenufe', 'rule-based play']:.0%}".replace("%", " %") in text
    assert f"{by.loc['Undenufe', 'rounds'] / by['rounds'].sum():.0%}".replace("%", " %") in text
    assert "notebook 14" in text.lower()
