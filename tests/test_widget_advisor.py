"""The contract-advisor widget (jasslib.widgets.ContractAdvisor) and the **What would you name?** button of the
round and game widgets (AdviceBox), driven by clicks and values as a learner does: the bars and the sentence are
the advice's own numbers, a wrong entry gives a message and changes nothing."""

from __future__ import annotations

import html
import re

import pytest
from htmlcheck import assert_well_formed, parse

from jasslib import CardSet, Contract, JassError, deal_hands
from jasslib.analysis import advise
from jasslib.widgets import AdviceBox, ContractAdvisor, GamePlayer, RoundPlayer, advice_bars_html
from jasslib.widgets.advisor import WIDGET_SAMPLES

TRUMP_HAND = "J♥ 9♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣"


def rows(bars: str) -> list[tuple[str, float, float]]:
    """(option, team's bar value, opponents' bar value) of each row of the bars."""
    found = re.findall(r'data-option="([^"]+)".*?jass-advice-bar" data-value="([-\d.]+)".*?'
                       r'jass-advice-opponents" data-value="([-\d.]+)"', bars)
    return [(html.unescape(o), float(a), float(b)) for o, a, b in found]


def test_a_click_on_advise_shows_the_advice_as_bars_and_one_sentence() -> None:
    a = ContractAdvisor(seed=5)
    assert a.hand == deal_hands(5)[0] and a.advice is None and a.bars.value == ""
    a.advise_button.click()
    expected = advise(a.hand, "classic", False, WIDGET_SAMPLES, 0)
    assert a.advice == expected
    assert html.unescape(re.sub(r"<[^>]+>", "", a.sentence.value)).strip() == "✓ " + expected.recommendation()
    assert_well_formed(a.bars.value)
    shown = rows(a.bars.value)
    assert [o for o, _, _ in shown] == [o.label for o in expected.options] and len(shown) == 7  # and schieben
    assert [(round(x, 1), round(y, 1)) for _, x, y in shown] == [(round(o.mean, 1), round(o.opponents, 1))
                                                                  for o in expected.options]
    marked = [r for r in parse(a.bars.value).find_all("tr") if "✓" in r.text]
    assert len(marked) == 1 and marked[0].attrs["data-option"] == expected.best.label


def test_preset_and_schieben_box_follow_the_advice_shown() -> None:
    a = ContractAdvisor(hand=TRUMP_HAND, advise=True)
    assert a.advice.ruleset.name == "classic" and a.advice.choice == Contract.HEARTS
    a.preset_menu.value = "modern"
    assert a.advice == advise(TRUMP_HAND, "modern", False, WIDGET_SAMPLES, 0)
    a.pushed_checkbox.value = True
    assert a.advice.pushed and len(rows(a.bars.value)) == 6 and "after schieben you must choose" in a.sentence.value


def test_deal_and_next_hand_follow_the_seed() -> None:
    a = ContractAdvisor(seed="class 3b", advise=True)
    a.next_button.click()
    assert (a.seed, a.hand, a.advice, a.bars.value) == ("class 3b/1", deal_hands("class 3b/1")[0], None, "")
    a.next_button.click()
    assert a.seed == "class 3b/2" and a.seed_text.value == "class 3b/2"
    a.seed_text.value = "7"
    a.deal_button.click()
    assert a.seed == 7 and a.hand == deal_hands(7)[0]
    a.next_button.click()
    assert a.seed == 8


def test_a_typed_hand_is_parsed_and_advised() -> None:
    a = ContractAdvisor(seed=1)
    a.hand_text.value = "Rosen Under, 9h, AH kh 8♥ 7d 6s 8c 7c"
    a.use_hand_button.click()
    assert a.hand == CardSet.parse(TRUMP_HAND) and "Your hand" in a.message.value
    a.advise_button.click()
    assert a.advice.choice == Contract.HEARTS


@pytest.mark.parametrize(("typed", "says"), [
    ("J♥ 9♥ X♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", "Unknown card 'X♥'"),
    ("J♥ 9♥ A♥", "A hand has 9 cards"),
    ("J♥ J♥ A♥ K♥ 8♥ 7♦ 6♠ 8♣ 7♣", "J♥ appears twice"),
    ("", "Type the nine cards"),
])
def test_a_wrong_hand_gives_a_message_and_changes_nothing(typed: str, says: str) -> None:
    a = ContractAdvisor(seed=2, advise=True)
    before, advice, bars = a.hand, a.advice, a.bars.value
    a.use_hand(typed)
    text = html.unescape(a.message.value)
    assert says in text and "Traceback" not in text and "jass-warn" in a.message.value
    assert (a.hand, a.advice, a.bars.value) == (before, advice, bars)


def test_a_wrong_seed_gives_a_message() -> None:
    a = ContractAdvisor(seed=2)
    a.seed_text.value = "   "
    a.deal_button.click()
    assert "type a seed" in a.message.value and a.seed == 2 and a.hand == deal_hands(2)[0]


@pytest.mark.parametrize("kwargs", [{"samples": 0}, {"samples": "many"}, {"hand": "J♥ 9♥"}, {"seed": None},
                                    {"ruleset": "swiss"}, {"pushed": "yes"}, {"style": "german"}])
def test_bad_arguments_are_refused_with_the_projects_errors(kwargs: dict) -> None:
    with pytest.raises(JassError):
        ContractAdvisor(**kwargs)


def test_advice_bars_html_scale_and_marks() -> None:
    advice = advise(TRUMP_HAND, samples=60, seed=3)
    page = advice_bars_html(advice, "swiss")
    assert_well_formed(page)
    assert "✓ Rosen" in html.unescape(page) and page.count("✓") == 1 and "60 sampled deals" in page


def test_round_player_asks_what_would_you_name_at_forehand() -> None:
    p = RoundPlayer(seed=1, progress=False)
    box = p.advice_box
    assert p.round.contract is None and p.my_turn and box.ui.layout.display is None
    box.button.click()
    hand = p.round.hand(p.seat)
    expected = advise(hand, p.ruleset, False, WIDGET_SAMPLES, 1)
    assert box.advice == expected and expected.recommendation() in html.unescape(box.output.value)
    assert len(rows(box.output.value)) == 7 and box.asked == 1
    p.choose(expected.choice or Contract.OBENABE)
    assert box.ui.layout.display == "none" and box.output.value == "" and box.advice is None
    p.what_would_you_name()
    assert "for your choice of the contract" in box.output.value


def test_round_player_advises_the_partner_after_schieben() -> None:
    p = RoundPlayer(seed=0, seat=2, progress=False)  # forehand (seat 0, a bot) pushes with this deal
    assert p.round.pushed and p.my_turn and p.round.contract is None
    p.what_would_you_name()
    assert p.advice_box.advice.pushed and len(rows(p.advice_box.output.value)) == 6  # no schieben to offer


def test_game_player_asks_what_would_you_name_at_forehand() -> None:
    g = GamePlayer(seed=2)
    assert g.my_turn and g.game.round.contract is None and g.advice_box.ui.layout.display is None
    g.advice_box.button.click()
    assert g.advice_box.advice == advise(g.game.round.hand(g.seat), g.game.ruleset, False, WIDGET_SAMPLES, 2)
    g.choose("obenabe")
    assert g.advice_box.ui.layout.display == "none"


def test_advice_box_refuses_a_non_function() -> None:
    with pytest.raises(JassError):
        AdviceBox("not a function")  # type: ignore[arg-type]  # a wrong type on purpose
