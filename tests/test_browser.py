"""Real-browser tests: JupyterLab and Voilà on 127.0.0.1, driven by Playwright in Debian's headless Chromium.

The servers and the browser are the shared fixtures of ``tests/conftest.py`` (one JupyterLab and one course app
per worker process, one Chromium; each test opens its own tab, and notebook 03 runs once for the two JupyterLab
tests that click one of its two trainers each).

They fail (never skip) when Chromium or a server cannot start: ``make test`` finds or installs Chromium
first (``tests/chromium.py``) and stops at the start with one sentence when it cannot; the test extra
installs Playwright, which drives that binary.

What is clicked: the legal-moves notebook (03) is opened in JupyterLab, all cells are run, and in the
first legal-cards trainer the pictures of one legal and one illegal card are clicked (the pictures are the
controls: there is no row of text buttons) and Check is pressed; the per-card feedback is read from the page,
then Hint; in the same session a pick-the-cards question at the end of notebook 03 is answered by clicking its card
pictures (Check with none marked is refused, a wrong card gets its ✗ and rule id, the right cards a ✓ and count
in the tally).  The same trainer is then clicked through the course app's page of trainers (no code visible), whose
progress panel counts that check after Refresh.  A rule id
in notebook 03's text is clicked in JupyterLab and the rule book docs/rules.md must open at that rule.  Last,
the course without code (``make app``, ``app/serve.py``) is walked in Voilà: the index, a link to notebook 03,
its trainer, with no code on any page.

Rule ids: in JupyterLab (notebook 03) and in the course app (the page of trainers) the rule id of a ✗ is clicked
and the rule's text is read where it was clicked; its link opens the rendered rule book (docs/rules.html) with the
rule, and in the app a Markdown rule link (../docs/rules.md#p4) opens the rendered book at the rule.  A rule note
also works in a saved page without a kernel.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from browsing import ARGS, RELOADS, WAIT_MS, reload_after_the_open_fault, run_all  # noqa: F401 - ARGS: test_classroom drives its own Chromium with them

from jasslib import Card, CardSet
from jasslib.exercises import exercise
from jasslib.exercises.questions import questions_for

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))  # course_index: the titles the course's index shows
LEGAL_NOTEBOOK = "03_following_suit_and_trumping.ipynb"
TRAINERS = "voila/render/app/trainers.ipynb"
"""The page of trainers in the course app (make app)."""

pytestmark = pytest.mark.browser


def _legal_exercise_from_page(container) -> tuple[object, list[str], list[str]]:  # noqa: ANN001
    """Read the trainer's seed and exercise number from the page; return the exercise and the cards."""
    seed_text = container.locator("input[type=text]").first.input_value()
    title = container.locator(".jass-trainer-title").first.inner_text()
    number = int(re.search(r"exercise (\d+)", title).group(1)) - 1  # type: ignore[union-attr]
    seed: int | str = int(seed_text) if seed_text.lstrip("-").isdigit() else seed_text
    ex = exercise("legal", seed, number)
    legal = [str(c) for c in ex.answer]
    illegal = [str(c) for c in ex.position["hand"] if c not in ex.answer]
    return ex, legal, illegal


def _card_picture(container, card: str):  # noqa: ANN001, ANN202
    """The card's picture among the cards to click (the picture and the button over it: one control)."""
    return container.locator(f'.jass-card-control:has([data-card="{Card.parse(card).format("ascii")}"])').first


def _click_and_check(page, container, style: str = "french") -> str:  # noqa: ANN001
    """Mark a legal and an illegal card of the legal-cards trainer ``container`` by clicks on their pictures and
    press Check: the feedback names both (in the trainer's card ``style``), the illegal one with its rule id."""
    ex, legal, illegal = _legal_exercise_from_page(container)
    assert legal, "an exercise always has a legal card"
    assert illegal, "the legal-cards trainer's first exercise teaches a restriction"
    assert container.locator("button.widget-toggle-button").count() == 0, "no row of text buttons"
    for card in (legal[0], illegal[0]):
        picture = _card_picture(container, card)
        assert picture.locator("button").get_attribute("title").startswith(card)  # the card's name, for everyone
        picture.click()  # a click on the picture's middle
        picture.get_by_text("✓ marked").wait_for(timeout=WAIT_MS)  # the card is marked where it was clicked
    container.locator("button.widget-button").filter(has_text=re.compile(r"^\s*Check\s*$")).first.click()
    feedback = container.locator(".jass-feedback").first
    feedback.wait_for(state="visible", timeout=WAIT_MS)
    page.wait_for_function(
        "el => el.innerText.includes('✗')", arg=feedback.element_handle(), timeout=WAIT_MS
    )
    text = feedback.inner_text()
    # the legal card is confirmed with its reason, the illegal one refused with its rule id
    assert all(Card.parse(c).format(style) in text for c in (legal[0], illegal[0])), text
    rule = next(i.rule for i in ex.check([Card.parse(legal[0]), Card.parse(illegal[0])]).items
                if i.key == illegal[0])
    assert rule and f"({rule})" in text, text
    assert "Traceback" not in page.content()
    return text


def _click_check(container) -> None:  # noqa: ANN001
    container.locator("button.widget-button").filter(has_text=re.compile(r"^\s*Check\s*$")).first.click()


def _wait_text(page, element, text: str) -> str:  # noqa: ANN001
    """Until ``element`` holds ``text``; its text then (textContent: JupyterLab 4 renders off-screen cells lazily)."""
    element.wait_for(state="attached", timeout=WAIT_MS)
    page.wait_for_function("([el, text]) => el.textContent.includes(text)",
                           arg=[element.element_handle(timeout=WAIT_MS), text], timeout=WAIT_MS)
    return element.text_content() or ""


def _shown_text(element) -> str:  # noqa: ANN001
    """The element's text without the rule notes' texts (hidden until an id is clicked) and style rules;
    textContent, so that cells JupyterLab 4 has not rendered yet are read too."""
    return element.evaluate("el => { const c = el.cloneNode(true);"
                            " c.querySelectorAll('.jass-rule-text, style').forEach(n => n.remove());"
                            " return c.textContent; }")


def _answer_cards_question(page, notebook: str) -> None:  # noqa: ANN001
    """The first pick-the-cards question of ``notebook`` with a card that may not be played, answered by clicks on
    its card pictures: Check with none marked asks for cards; a legal and an illegal card marked get a ✓ and a ✗
    with the deciding rule id; the legal cards alone are right and counted in the questions' tally."""
    qs = questions_for(notebook)
    index, q = next((i, q) for i, q in enumerate(qs) if q.kind == "cards" and q.exercise.position["hand"] - q.answer)
    hand, legal = CardSet(q.exercise.position["hand"]), CardSet(q.answer)
    illegal = next(iter(hand - legal))
    box = page.locator(".jass-question").nth(index)
    box.scroll_into_view_if_needed(timeout=120_000)
    assert q.prompt[:30] in (box.text_content() or "")
    assert box.locator("button.widget-toggle-button").count() == 0, "the cards are pictures, not text buttons"
    feedback = box.locator(".jass-feedback").first
    _click_check(box)
    _wait_text(page, feedback, "Please click the cards that may be played")
    first = next(iter(legal))
    for card in (first, illegal):
        picture = _card_picture(box, str(card))
        assert picture.locator("button").get_attribute("title").startswith(str(card))  # its name, for everyone
        picture.click()
        picture.get_by_text("✓ marked").wait_for(timeout=WAIT_MS)
    _click_check(box)
    _wait_text(page, feedback, "✗")
    text = _shown_text(feedback)
    rule = next(i.rule for i in q.check([first, illegal]).items if i.key == str(illegal))
    assert str(illegal) in text and "✓" in text and rule and f"({rule})" in text, text
    tally = page.locator(".jass-questions").first
    assert "0 of" in (tally.text_content() or ""), "a wrong answer is not counted as right"
    _card_picture(box, str(illegal)).click()  # the mark taken back
    _card_picture(box, str(illegal)).get_by_text("✓ marked").wait_for(state="detached", timeout=WAIT_MS)
    for card in legal - CardSet([first]):
        _card_picture(box, str(card)).click()
        _card_picture(box, str(card)).get_by_text("✓ marked").wait_for(timeout=WAIT_MS)
    _click_check(box)
    page.wait_for_function("el => el.textContent.includes('✓') && !el.textContent.includes('✗')",
                           arg=feedback.element_handle(), timeout=WAIT_MS)
    checked = sum(not x.discussion for x in qs)
    _wait_text(page, tally, f"1 of {checked} questions right")


def _legal_trainer(page, nth: int):  # noqa: ANN001, ANN202
    """The ``nth`` legal-cards trainer of notebook 03 (run in JupyterLab), once it is shown."""
    trainer = page.locator(".jass-trainer").nth(nth)
    trainer.wait_for(state="visible", timeout=180_000)
    return trainer


def test_legal_moves_notebook_in_jupyterlab(lab_notebook) -> None:  # noqa: ANN001
    """Notebook 03 run in JupyterLab: its first trainer (the second is test_rule_id_in_a_trainer's, on the same
    page) answers clicks on card pictures, Check and Hint; a pick-the-cards question is answered by clicks."""
    page = lab_notebook(LEGAL_NOTEBOOK, shared=True)
    trainer = _legal_trainer(page, 0)
    text = _click_and_check(page, trainer)
    assert "✓" in text and "✗" in text
    trainer.locator("button.widget-button").filter(has_text=re.compile(r"^\s*Hint\s*$")).first.click()
    feedback = trainer.locator(".jass-feedback").first
    page.wait_for_function("el => el.innerText.includes('Hint:')", arg=feedback.element_handle(), timeout=WAIT_MS)
    ex, _, _ = _legal_exercise_from_page(trainer)
    assert re.sub(r"\s+", " ", ex.hint()) in re.sub(r"\s+", " ", feedback.inner_text())
    _answer_cards_question(page, LEGAL_NOTEBOOK[:2])
    assert "Traceback" not in page.content()


def test_trainer_in_the_voila_app(voila_page) -> None:  # noqa: ANN001
    """The page of trainers in Voilà: no code, one trainer per topic and the final check, a click-and-check on the
    legal-cards trainer, and the progress panel at the end counts that check after Refresh."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from jasslib.exercises import topics

    page = voila_page(TRAINERS)
    count = len(topics()) + 1  # every topic's trainer and the final check, rendered one after the other
    for attempt in range(1, RELOADS + 2):
        trainer = page.locator(".jass-trainer-legal").first  # one trainer per topic of the registry
        trainer.wait_for(state="visible", timeout=180_000)
        try:
            page.wait_for_function(f"() => document.querySelectorAll('.jass-trainer').length >= {count}"
                                   " || /model not found/.test(document.body.innerText)", polling=500, timeout=180_000)
        except PlaywrightTimeout:
            pass
        if "model not found" in page.inner_text("body"):  # the app's template draws such outputs again at once
            try:
                page.wait_for_function(f"() => document.querySelectorAll('.jass-trainer').length >= {count}",
                                       polling=500, timeout=30_000)
            except PlaywrightTimeout:
                pass
        drawn = page.locator(".jass-trainer").count()
        if drawn >= count or attempt > RELOADS or "model not found" not in page.inner_text("body"):
            break
        reload_after_the_open_fault(page, attempt, f"{drawn} of {count} trainers drawn, the others 'Error displaying "
                                    "widget: model not found'")
    body = page.inner_text("body")
    assert "import" not in body and "trainer(" not in body and "trainers_page" not in body, "Voilà shows no code"
    assert page.locator(".jass-trainer").count() == count
    panel = page.locator(".jass-progress").first  # the page ends with the learner's progress panel
    before = _exercises_done(_wait_text(page, panel, "Your progress"))
    href = panel.locator("a.jass-next-link").first.get_attribute("href") or ""
    assert href.startswith("../app/trainers.ipynb#")  # the trainer suggested next: its heading on this page
    assert page.locator(f"h2[id='{href.partition('#')[2]}']").count() == 1
    text = _click_and_check(page, trainer)
    assert "✓" in text and "✗" in text
    panel.locator("button.widget-button").filter(has_text=re.compile(r"^\s*Refresh\s*$")).first.click()
    done = before + 1  # the check above, recorded in this test run's progress file (JASSLIB_PROGRESS)
    _wait_text(page, panel, f"{done} exercise{'s' if done > 1 else ''} done")
    assert "right at the first check" in (panel.text_content() or "")


def _exercises_done(panel_text: str) -> int:
    """The number of exercises the progress panel says are done (0 before the first)."""
    found = re.search(r"(\d+) exercises? done", panel_text)
    assert found or "No exercise checked yet" in panel_text, panel_text[:300]
    return int(found.group(1)) if found else 0


def test_rule_link_in_a_notebook_opens_the_rule_book_at_the_rule(lab_notebook) -> None:  # noqa: ANN001
    """A rule id in a notebook's text is a link: clicking it opens docs/rules.md in JupyterLab at that rule."""
    from jasslib.rulebook import RULES

    # JupyterLab serves the course folder: ../docs/rules.md from notebooks/ is reachable
    page = lab_notebook(LEGAL_NOTEBOOK, run=False)
    link = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown a").filter(has_text=re.compile(r"^P4$")).first
    link.wait_for(state="visible", timeout=120_000)
    link.click()
    # JupyterLab keeps an anchor's id as data-jupyter-id (no DOM clobbering) and scrolls to it
    anchor = "[id='{0}'], [data-jupyter-id='{0}']"
    page.wait_for_function(
        "sel => { const w = window.jupyterapp.shell.currentWidget; return w && w.title.label === 'rules.md'"
        " && w.node.querySelector(sel); }", arg=anchor.format("p4"), timeout=60_000)
    viewer = page.locator(".jp-MarkdownViewer:visible .jp-RenderedMarkdown").first
    assert f"P4 · {RULES['P4']}" in viewer.inner_text() and "Decisions this project made" in viewer.inner_text()
    # opened at the rule: its anchor is at the top of the viewer, and the rule book's first rule far above it
    page.wait_for_function(
        "([p4, d1]) => { const v = window.jupyterapp.shell.currentWidget.node.querySelector('.jp-MarkdownViewer');"
        " const a = v.querySelector(p4), first = v.querySelector(d1); if (!a || !first) return false;"
        " const top = v.getBoundingClientRect().top, at = a.getBoundingClientRect().top - top;"
        " return at >= -5 && at < 200 && first.getBoundingClientRect().top - top < -1000; }",
        arg=[anchor.format("p4"), anchor.format("d1")], timeout=WAIT_MS)
    assert "Traceback" not in page.content()


# ------------------------------------------------------------------ the round player's Review button (notebook 08)
ROUND_NOTEBOOK = "08_play_a_round.ipynb"


def _card_button(container, card: str):  # noqa: ANN001, ANN202
    """The control of one of the learner's cards: the (transparent) button named after the card."""
    exact = re.compile(rf"^\s*{re.escape(card)}\s*$")
    return container.locator("button").filter(has_text=exact).first


def _play_by_click(player, card: str) -> None:  # noqa: ANN001
    """Click one of the learner's cards until it leaves the hand.

    On a loaded machine the click can reach the kernel before the contract named just before it is shown, and a
    card clicked before the play starts is refused (the round is unchanged); so a click that has not taken the
    card after 15 s is made again.  A click on a card already played is refused too, so no card is played twice.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(4):
        _card_button(player, card).click()
        try:
            _card_button(player, card).wait_for(state="detached", timeout=15_000)
            return
        except PlaywrightTimeout:
            continue
    _card_button(player, card).wait_for(state="detached", timeout=WAIT_MS)  # a cold run compiles the bots first


def test_round_player_review_in_jupyterlab(lab_notebook) -> None:  # noqa: ANN001
    """Notebook 08 in JupyterLab: the learner's round is played to its end by clicks (the same cards are
    played in a RoundPlayer of the same seed in this process, to know which card is legal) in a trump contract,
    then Review is clicked and the marks and the team's loss are read from the page: every card from trick 1,
    the first trick judged in the kernel's solver thread while the others were clicked (LiveReview)."""
    from jasslib import Contract
    from jasslib.widgets import RoundPlayer

    page = lab_notebook(ROUND_NOTEBOOK)
    player = page.locator(".jass-round-player").first
    player.wait_for(state="visible", timeout=180_000)
    # JupyterLab 4 renders off-screen cells lazily (CSS content-visibility), so the text is read as textContent
    player.scroll_into_view_if_needed()
    page.wait_for_function("el => /you are seat \\d/.test(el.textContent) && /seed \\S+,/.test(el.textContent)",
                           arg=player.element_handle(), timeout=120_000)
    header = player.text_content() or ""
    seed_found, seat_found = re.search(r"seed (\S+),", header), re.search(r"you are seat (\d)", header)
    assert seed_found and seat_found, f"the player's header names its seed and seat: {header[:300]!r}"
    seed_text, seat = seed_found.group(1), int(seat_found.group(1))
    local = RoundPlayer(seed=int(seed_text) if seed_text.isdigit() else seed_text, seat=seat)
    review_button = player.locator("button").filter(has_text=re.compile(r"^\s*Review\s*$")).first
    assert review_button.is_disabled(), "Review waits for the end of the round"
    for _ in range(12):
        if local.round.done:
            break
        if local.round.contract is None:
            local.choose(Contract.HEARTS)
            player.locator("select").first.select_option(label=Contract.HEARTS.format())
            player.locator("button").filter(has_text=re.compile(r"^\s*Choose\s*$")).first.click()
        else:
            card = str(min(local.round.legal_cards()))
            local.play(card)
            _play_by_click(player, card)
    assert local.round.done
    page.wait_for_function("el => !el.disabled", arg=review_button.element_handle(), timeout=60_000)
    review_button.click()
    totals = player.locator(".jass-review-totals").first
    totals.wait_for(state="visible", timeout=180_000)
    local.review()
    table = local.last_review
    mine = table[table.seat == seat]
    marks = player.locator(".jass-review-mine .jass-review-mark")
    assert local.round.contract == Contract.HEARTS and local.review_start() == 1
    assert marks.count() == len(mine) == 9  # every card, from trick 1, in a trump contract
    assert [int(m.get_attribute("data-lost")) for m in marks.all()] == mine.lost.tolist()
    text = player.locator(".jass-review").first.text_content() or ""
    lost = int(table[table.team == seat % 2].lost.sum())
    assert f"Your team lost {lost} points in total" in text
    assert ("✗ lost" in text) == bool((mine.lost > 0).any()) and "✓ best" in text and "not judged" not in text
    # Why?: the learner's last card that lost points, its two lines drawn in the page
    losses = mine[mine.lost > 0]
    why = player.locator(".jass-why").first
    if len(losses):
        trick = int(losses.trick.iloc[-1])
        label = next(text for text, value in local.why_menu.options if value == trick)
        why.locator("select").first.select_option(label=label)
        why.locator("button").filter(has_text="Show the two lines").first.click()
        lines = why.locator(".jass-lines").first
        lines.wait_for(state="visible", timeout=120_000)
        local.why(trick)
        shown = lines.text_content() or ""
        assert f"Trick {trick}: after your" in shown and f"{int(losses.lost.iloc[-1])} more" in shown
        assert lines.locator("tr").count() == 12 - trick, "a row per trick from that one, the head and the ends"
    else:
        assert not why.is_visible(), "no card lost points: nothing to explain"
    assert "Traceback" not in page.content()


def test_the_course_without_code_in_voila(voila_page, course_copy: Path) -> None:  # noqa: ANN001
    """make app: / opens the index (titles from the notebooks), a link opens notebook 03 rendered without code,
    and its trainer answers a click on a card picture; the page of trainers is linked from the index.  Nothing
    is asked of the internet: a page that links a style sheet elsewhere (Voilà's Font Awesome on a CDN) is stopped
    by the app's Content-Security-Policy before any connection, so an offline classroom never waits for it."""
    from serve import CONTENT_SECURITY_POLICY

    asked: list[str] = []  # every address the pages asked for that is not this server
    blocked: dict[str, str] = {}  # the requests that failed, with the browser's reason

    def elsewhere(request) -> None:  # noqa: ANN001
        if not request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            asked.append(request.url)

    def failed(request) -> None:  # noqa: ANN001
        blocked[request.url] = str(request.failure)

    page = voila_page("")
    page.context.on("request", elsewhere)
    page.context.on("requestfailed", failed)
    page.reload()  # the index again, now watched
    index = page.locator(".jass-course-index").first
    index.wait_for(state="visible", timeout=180_000)
    assert page.url.endswith("/voila/render/app/index.ipynb")
    import course_index  # app/ is on the path: see the module's import below

    entries = course_index.course_index(course_copy / "notebooks")
    links = index.locator("li.jass-course-entry a")
    assert links.count() == len(entries) and [links.nth(i).inner_text() for i in range(len(entries))] == \
        [e.title for e in entries]
    assert index.locator("a.jass-trainers-link").get_attribute("href") == "trainers.ipynb"
    assert "import" not in page.inner_text("body") and "course_index_html" not in page.inner_text("body")
    legal = next(e for e in entries if e.file == LEGAL_NOTEBOOK)
    with page.expect_popup() as opened:  # a chapter opens in a new tab, the index stays
        index.get_by_role("link", name=legal.title).click()
    page = opened.value
    trainer = page.locator(".jass-trainer").first
    trainer.wait_for(state="visible", timeout=180_000)
    assert page.url.endswith(f"/voila/render/notebooks/{LEGAL_NOTEBOOK}")
    body = page.inner_text("body")
    assert legal.title in body
    assert "import" not in body and "legal_cards_trainer(" not in body, "Voilà shows no code"
    text = _click_and_check(page, trainer)
    assert "✓" in text and "✗" in text
    page.context.remove_listener("request", elsewhere)
    page.context.remove_listener("requestfailed", failed)
    response = page.request.get(page.url)
    assert response.headers.get("content-security-policy") == CONTENT_SECURITY_POLICY
    assert [(url, blocked.get(url)) for url in asked if "csp" not in blocked.get(url, "")] == [], \
        "every request for another site is stopped by the policy, before any connection"


def test_a_widget_output_left_without_its_model_is_drawn_again(voila_page) -> None:  # noqa: ANN001
    """The course app's template repairs the widget manager's race (ipywidgets issue 4026, app/serve.py TEMPLATE):
    an output that shows "Error displaying widget: model not found" although the manager has the model is drawn
    again.  The race itself needs a busy browser; here the error is put in place of the advisor's drawn output, as
    the renderer writes it, and the page's script must draw the advisor there again with the same model."""
    page = voila_page("voila/render/app/advisor.ipynb")
    advisor = page.locator(".jass-advisor").first
    advisor.wait_for(state="visible", timeout=180_000)
    assert page.evaluate("() => Array.isArray(window.__jasslibRepairedWidgets)"), "the app's template is in use"
    drawn = " ".join(advisor.inner_text().split())
    source = page.content()
    assert "model not found" not in source and "Error displaying widget" not in source, \
        "the repair's own text never looks like the fault (the tests and the bench search pages for it)"
    model = page.evaluate("""() => {
        const node = document.querySelector('.jass-advisor').closest('.jp-OutputArea-output');
        node.textContent = 'Error displaying widget: model not found';  // what the renderer writes, and its class
        node.classList.add('jupyter-widgets');
        return node.parentElement !== null;
    }""")
    assert model
    page.wait_for_function("() => window.__jasslibRepairedWidgets.length === 1", timeout=WAIT_MS)
    advisor = page.locator(".jass-advisor").first
    advisor.wait_for(state="visible", timeout=WAIT_MS)
    assert "model not found" not in page.inner_text("body")
    assert " ".join(advisor.inner_text().split()) == drawn, "the same widget, drawn again with its state"


# ------------------------------------------------------------------ rule ids: the rule in place, the rendered book
def _rule_opening(rule: str) -> str:
    """The first words of the rule's text in the rule book (its first paragraph, Markdown marks dropped)."""
    from jasslib.rulebook import rule_sections

    markdown = rule_sections((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))[rule]
    return " ".join(re.sub(r"[*`]", "", markdown.split("\n\n")[0]).split())[:50]


def _open_rule_note(container, rule: str):  # noqa: ANN001, ANN202
    """Click rule id ``rule`` in ``container``: its rule's text appears in place (it was hidden); returns the note."""
    from jasslib.rulebook import RULES

    note = container.locator(f'label.jass-rule-note[data-rule="{rule}"]').first
    note.scroll_into_view_if_needed(timeout=60_000)
    text = note.locator(".jass-rule-text").first
    assert not text.is_visible(), "the rule's text waits for a click"
    note.locator(".jass-rule-id").first.click()
    text.wait_for(state="visible", timeout=WAIT_MS)
    shown = " ".join(text.inner_text().split())
    assert f"{rule} · {RULES[rule]}" in shown and _rule_opening(rule) in shown, shown[:300]
    return note


def _check_rendered_book_at(page, rule: str) -> None:  # noqa: ANN001
    """``page`` is the rendered rule book (HTML, not Markdown source), scrolled to ``rule``."""
    from jasslib.rulebook import RULES

    page.wait_for_selector(f"h3 a#{rule.lower()}", state="attached", timeout=60_000)
    heading = page.locator("h3", has=page.locator(f"a#{rule.lower()}")).first
    assert heading.inner_text().strip() == f"{rule} · {RULES[rule]}"
    assert _rule_opening(rule) in " ".join(page.inner_text("body").split())
    assert "**" not in page.inner_text("body") and "### " not in page.inner_text("body"), "rendered, not Markdown"
    page.wait_for_function("sel => { const h = document.querySelector(sel); const t = h.getBoundingClientRect().top;"
                           " return t >= -5 && t < 200; }", arg=f"a#{rule.lower()}", timeout=WAIT_MS)


def test_rule_id_in_a_trainer_shows_the_rule_in_jupyterlab(lab_notebook) -> None:  # noqa: ANN001
    """JupyterLab: after a wrong Check in notebook 03's second trainer (Swiss card style; the page is shared with
    test_legal_moves_notebook_in_jupyterlab, which clicks the first), the rule id of the ✗ is clicked and the rule's
    text is read where it was clicked (no page change); its link to the whole rule book opens docs/rules.html
    rendered, with the rule (JupyterLab serves the course folder: ../docs/ from notebooks/ is reachable)."""
    page = lab_notebook(LEGAL_NOTEBOOK, shared=True)
    trainer = _legal_trainer(page, 1)
    text = _click_and_check(page, trainer, style="swiss")
    rule = re.findall(r"\(([A-Z]\d)\)", text)[-1]
    feedback = trainer.locator(".jass-feedback").first
    before = page.url
    note = _open_rule_note(feedback, rule)
    assert page.url == before and "✗" in feedback.inner_text(), "the rule is read in place"
    with page.expect_popup(timeout=60_000) as opened:
        note.locator("a.jass-rule").first.click()
    book = opened.value
    # JupyterLab opens docs/rules.html in its HTML viewer: the page rendered in a frame
    book.wait_for_selector("iframe", timeout=180_000)
    frame = book.frame_locator("iframe").first
    frame.locator(f"h3 a#{rule.lower()}").wait_for(state="attached", timeout=120_000)
    from jasslib.rulebook import RULES

    assert f"{rule} · {RULES[rule]}" in frame.locator("body").inner_text()
    assert _rule_opening(rule) in " ".join(frame.locator("body").inner_text().split())
    assert "Traceback" not in page.content()


def test_rule_ids_in_the_course_app_show_the_rule_and_open_the_rendered_book(voila_page) -> None:  # noqa: ANN001
    """make app (app/serve.py): in the page of trainers a rule id of the feedback shows its rule in place, and its
    link opens the rendered rule book at the rule; a rule link of a notebook's text (../docs/rules.md#p4, which Voilà
    alone answers with 403) opens the rendered book at that rule too."""
    page = voila_page(TRAINERS)
    trainer = page.locator(".jass-trainer-legal").first  # the page has one trainer per topic
    trainer.wait_for(state="visible", timeout=180_000)
    text = _click_and_check(page, trainer)
    rule = re.findall(r"\(([A-Z]\d)\)", text)[-1]
    feedback = trainer.locator(".jass-feedback").first
    before = page.url
    note = _open_rule_note(feedback, rule)
    assert page.url == before, "the rule is read in place"
    with page.expect_popup(timeout=60_000) as opened:
        note.locator("a.jass-rule").first.click()
    book = opened.value
    book.wait_for_load_state(timeout=60_000)
    assert book.url.endswith(f"/voila/render/docs/rules.html#{rule.lower()}"), book.url
    _check_rendered_book_at(book, rule)
    # a rule link of the page's Markdown text: ../docs/rules.md#p4
    link = page.locator(".jp-RenderedMarkdown a, .jp-MarkdownOutput a").filter(has_text=re.compile(r"^P4$")).first
    assert link.get_attribute("href") == "../docs/rules.md#p4"
    link.click()
    page.wait_for_url(re.compile(r".*/docs/rules\.md#p4$"), timeout=60_000)
    _check_rendered_book_at(page, "P4")
    assert "403" not in page.title() and "Forbidden" not in page.inner_text("body")


def test_rule_note_in_a_saved_page_without_a_kernel(chromium_context, tmp_path: Path) -> None:  # noqa: ANN001
    """A trainer's feedback saved as plain HTML, as a notebook exported with its widgets' state shows it: no kernel
    and no script. A rule id inside a paragraph shows its rule where it is clicked (HTML and CSS only), the
    paragraph stays one, and a second click hides the rule again."""
    from jasslib.widgets import legal_cards_trainer
    from jasslib.widgets._common import text_html

    t = legal_cards_trainer(seed=3)
    t.show_solution()
    rule = re.findall(r'data-rule="([A-Z]\d)"', t.feedback.value)[0]
    saved = tmp_path / "saved.html"
    saved.write_text("<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
                     f"<p id='one'>{text_html('You may not under-trump (P4), even to help your partner.')}</p>"
                     f"<div>{t.feedback.value}</div></body></html>", encoding="utf-8")
    assert "<script" not in saved.read_text(encoding="utf-8")
    page = chromium_context.new_page()
    page.goto(saved.as_uri(), timeout=60_000)
    paragraph = page.locator("p#one")
    assert page.locator("p").count() == 1 and "even to help your partner" in paragraph.inner_text()
    note = _open_rule_note(paragraph, "P4")
    assert " ".join(paragraph.inner_text().split()).endswith("even to help your partner.")
    note.locator(".jass-rule-id").first.click()
    note.locator(".jass-rule-text").first.wait_for(state="hidden", timeout=WAIT_MS)
    _open_rule_note(page.locator("body"), rule)
    page.close()


GAME_NOTEBOOK = "game_saved.ipynb"
GAME_CELL = ('from jasslib.widgets import GamePlayer\n\n'
             'GamePlayer(seed=1, seat=0, ruleset="modern", bots="rule-based", save_to="game.json")')


def _wait_saved(path: Path, text: str, seconds: float = 120, fail: bool = True) -> bool:
    """Until the game's file holds ``text`` (the widget writes it after every move); ``False`` after ``seconds``
    where ``fail`` is false, else an error that shows where the saved game and the game played part."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if path.exists() and path.read_text(encoding="utf-8") == text:
            return True
        time.sleep(0.3)
    if not fail:
        return False
    found = path.read_text(encoding="utf-8") if path.exists() else "no file"
    at = next((i for i, (a, b) in enumerate(zip(found, text)) if a != b), min(len(found), len(text)))
    raise AssertionError(f"the saved game is not the game played; they part at character {at}: saved "
                         f"{found[max(0, at - 120):at + 60]!r}, played {text[max(0, at - 120):at + 60]!r}")


def _game_player(page):  # noqa: ANN001, ANN202
    """The notebook's cells run and its GamePlayer shown."""
    run_all(page)
    player = page.locator(".jass-game-player").first
    player.wait_for(state="visible", timeout=180_000)
    player.scroll_into_view_if_needed()
    return player


def _learner_move(player, local, saved: Path) -> None:  # noqa: ANN001
    """The learner's next move by clicks, made in ``local`` (a GamePlayer of the same game in this process) too.

    A contract is named again while the game's file does not show it after 15 s and the Choose button is still
    there: on a loaded machine the click can reach the kernel before the hand is shown, and is refused then (the
    game is unchanged), as a card's click can (:func:`_play_by_click`)."""
    from jasslib import Contract

    if local.game.round.contract is None:
        local.choose(Contract.OBENABE)
        choose = player.locator("button").filter(has_text=re.compile(r"^\s*Choose\s*$")).first
        for _ in range(4):
            if not (choose.is_visible() and choose.is_enabled()):
                break
            player.locator("select").first.select_option(label=Contract.OBENABE.format())
            choose.click()
            if _wait_saved(saved, local.to_json(), 15, fail=False):
                break
    else:
        card = str(min(local.game.round.legal_cards()))
        local.play(card)
        _play_by_click(player, card)


def test_game_player_saved_reloaded_and_continued_in_jupyterlab(lab_notebook, course_copy: Path) -> None:  # noqa: ANN001
    """A GamePlayer with ``save_to`` in JupyterLab: two hands played by clicks (the same moves are made in a
    GamePlayer of the same game in this process, which knows the legal cards; the bots play by the position, so
    both games stay equal: the file must hold that game after every move), the page reloaded and the notebook
    run again: the game resumes from its file at hand 3, and goes on by clicks."""
    import nbformat

    from jasslib.widgets import GamePlayer

    folder = course_copy / "notebooks"
    saved = folder / "game.json"
    saved.unlink(missing_ok=True)
    kernel = nbformat.read(str(folder / ROUND_NOTEBOOK), as_version=4).metadata  # its kernel: no kernel dialog
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(GAME_CELL)], metadata=kernel)
    nbformat.write(nb, str(folder / GAME_NOTEBOOK))
    local = GamePlayer(seed=1, seat=0, ruleset="modern", bots="rule-based")
    page = lab_notebook(GAME_NOTEBOOK, run=False)
    player = _game_player(page)
    _wait_saved(saved, local.to_json())
    for _ in range(40):
        if len(local.game.rounds) >= 2:
            break
        _learner_move(player, local, saved)
        _wait_saved(saved, local.to_json())
    assert len(local.game.rounds) == 2 and not local.game.over
    score = player.locator(".jass-game-score").first.text_content() or ""
    for s in local.game.hand_scores:
        assert f"{s.total[0]}{s.total[1]}" in score.replace(" ", "")
    page.reload(timeout=120_000)
    page.wait_for_selector(".jp-Notebook", timeout=120_000)
    player = _game_player(page)
    page.wait_for_function("el => /Hand 3:/.test(el.textContent)", arg=player.element_handle(), timeout=120_000)
    _wait_saved(saved, local.to_json())  # resumed, not started again
    _learner_move(player, local, saved)
    _wait_saved(saved, local.to_json())
    assert "Traceback" not in page.content()
