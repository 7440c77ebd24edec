"""Real-browser tests of the contract advisor (jasslib.widgets.ContractAdvisor): it renders in JupyterLab and in
the course app (Voilà, the page ``app/advisor.ipynb`` linked from the index), and a click on **Advise** shows the
bars and the sentence, the same as the advice computed here for the same hand.

Both reuse the run's shared servers and Chromium (tests/conftest.py); the JupyterLab test opens the app's one-cell
page, the shortest notebook holding the widget.
"""

from __future__ import annotations

import re

import pytest

from jasslib import deal_hands
from jasslib.analysis import advise
from jasslib.widgets.advisor import WIDGET_SAMPLES

pytestmark = pytest.mark.browser
ADVISOR_PAGE = "app/advisor.ipynb"


def _advise_by_click(page) -> None:  # noqa: ANN001
    """Click Advise in the page's advisor and check the bars and the sentence against the advice made here."""
    advisor = page.locator(".jass-advisor").first
    advisor.wait_for(state="visible", timeout=180_000)
    advisor.scroll_into_view_if_needed()
    page.wait_for_function("el => el.textContent.includes('Which contract would you name')",
                           arg=advisor.element_handle(), timeout=60_000)
    advisor.locator("button").filter(has_text=re.compile(r"^\s*Advise\s*$")).first.click()
    rows = advisor.locator("tr.jass-advice-row")
    rows.first.wait_for(state="attached", timeout=120_000)
    expected = advise(deal_hands(1)[0], "classic", False, WIDGET_SAMPLES, 0)  # the page's ContractAdvisor(seed=1)
    assert rows.count() == 7  # six contracts and schieben
    assert [r.get_attribute("data-option") for r in rows.all()] == [o.label for o in expected.options]
    assert advisor.locator(".jass-advice-bar").count() == 7
    sentence = " ".join((advisor.locator(".jass-advice-sentence").first.text_content() or "").split())
    assert expected.recommendation() in sentence
    assert "Traceback" not in page.content()


def test_the_advisor_in_jupyterlab(chromium_context, jupyter_lab) -> None:  # noqa: ANN001
    from browsing import run_all

    page = chromium_context.new_page()
    try:
        page.goto(jupyter_lab.url(ADVISOR_PAGE), timeout=120_000)
        page.wait_for_selector(".jp-Notebook", timeout=120_000)
        run_all(page)
        _advise_by_click(page)
    finally:
        page.close()
        jupyter_lab.shutdown_session(ADVISOR_PAGE)


def test_the_advisor_in_the_course_app(voila_page) -> None:  # noqa: ANN001
    page = voila_page(f"voila/render/{ADVISOR_PAGE}")
    _advise_by_click(page)
    body = page.inner_text("body")
    assert "import" not in body and "ContractAdvisor(" not in body, "Voilà shows no code"
