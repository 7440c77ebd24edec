"""Real browser, JupyterLab: a round played with a hint in both stages, then Learn from your mistakes.

One JupyterLab page: a notebook with one RoundPlayer cell (seed 0, the learner at seat 1, 6 sampled layouts per
hint so that the search is the same in the kernel and here) is run; at the learner's first card the Hint is
clicked twice (the idea, then the card with its bars), every card is played by clicks (the highest legal card:
the same moves are made in a RoundPlayer of the same seed in this process, which knows the legal cards and
judges the same way), and when the round is over **Learn from your mistakes** is clicked: at the first position
the card played then is clicked (wrong: try again), then the best card (right, with why and the bars), and the
round's accuracy is read from the page and from the progress file the widget wrote.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browsing import WAIT_MS
from test_browser import ROUND_NOTEBOOK, _card_button, _play_by_click, _wait_text

pytestmark = pytest.mark.browser

PLAY_NOTEBOOK = "play_and_learn.ipynb"
OPTIONS = dict(seed=0, seat=1, hint_budget=None, hint_samples=6)
CELL = ("from jasslib.widgets import RoundPlayer\n\n"
        "RoundPlayer(seed=0, seat=1, hint_budget=None, hint_samples=6, progress='play-progress.json')")


def _button(container, text: str):  # noqa: ANN001, ANN202
    return container.locator("button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).first


def test_round_with_hints_then_learn_from_your_mistakes_in_jupyterlab(lab_notebook, course_copy: Path) -> None:  # noqa: ANN001
    import nbformat

    from jasslib.widgets import RoundPlayer

    folder = course_copy / "notebooks"
    saved = folder / "play-progress.json"
    saved.unlink(missing_ok=True)
    kernel = nbformat.read(str(folder / ROUND_NOTEBOOK), as_version=4).metadata  # its kernel: no kernel dialog
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)], metadata=kernel),
                   str(folder / PLAY_NOTEBOOK))
    local = RoundPlayer(progress=False, **OPTIONS)  # type: ignore[arg-type]  # the same table, in this process
    page = lab_notebook(PLAY_NOTEBOOK)  # a page of the shared JupyterLab (conftest), run all
    player = page.locator(".jass-round-player").first
    player.wait_for(state="visible", timeout=180_000)
    player.scroll_into_view_if_needed()
    assert local.round.contract is not None and local.my_turn, "seed 0: seat 2 names ♥, seat 1 plays"
    # the Hint, in two stages
    hint_box = player.locator(".jass-hint").first
    _button(hint_box, "Hint").click()
    local.hint()
    idea = local.hint_box.last_hint.idea
    _wait_text(page, hint_box, "Idea:")
    assert idea.text in (hint_box.text_content() or "")
    assert hint_box.locator("svg.jass-hint-bars").count() == 0, "the card waits for the second click"
    _button(hint_box, "Show the card").click()
    local.hint()
    hint_box.locator("svg.jass-hint-bars").wait_for(state="attached", timeout=120_000)
    assert f"Card: {local.hint_box.last_hint.card}" in " ".join((hint_box.text_content() or "").split())
    # the round, by clicks
    for _ in range(10):
        if local.round.done:
            break
        card = str(max(local.round.legal_cards()))
        local.play(card)
        _play_by_click(player, card)
    assert local.round.done
    _wait_text(page, player, "You used 1 hint (the card shown 1 time)")
    # Learn from your mistakes
    learn = _button(player, "Learn from your mistakes")
    page.wait_for_function("el => !el.disabled", arg=learn.element_handle(), timeout=60_000)
    learn.click()
    local.learn()
    lesson = local.mistakes.lesson
    assert lesson is not None and lesson.positions, "the scripted round has costly cards"
    pos = lesson.current
    box = player.locator(".jass-mistakes").first
    box.wait_for(state="visible", timeout=180_000)
    _wait_text(page, box, f"Position 1 of {len(lesson.positions)}, trick {pos.trick}")
    _card_button(box, str(pos.card)).click()  # the card played then: wrong
    assert lesson.click(pos.card).kind == "wrong"
    _wait_text(page, box, "Try again")
    best = pos.hint.points[0][0]
    _card_button(box, str(best)).click()
    answer = lesson.click(best)
    assert answer.kind == "right"
    _wait_text(page, box, "Right:")
    assert pos.hint.idea.text in (box.text_content() or "")
    box.locator(".jass-mistakes-options svg.jass-hint-bars").wait_for(state="attached", timeout=WAIT_MS)
    # the accuracy, on the page and in the progress file
    accuracy = local.accuracy
    shown = player.locator(".jass-mistakes-panel .jass-accuracy").first
    _wait_text(page, shown, str(accuracy))
    entry = json.loads(saved.read_text(encoding="utf-8"))["rounds"]["recent"][-1]
    assert (entry["round"], entry["hints"], entry["cards"]) == ("round 0", 1, 1)
    assert (entry["judged"], entry["mean_lost"], entry["within_2"]) == (accuracy.cards, accuracy.mean_lost,
                                                                     accuracy.within_2)
    assert "Traceback" not in page.content()
