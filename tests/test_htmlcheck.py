"""The tests' HTML checker (tests/htmlcheck.py) refuses broken markup and finds what the tests look for."""

from __future__ import annotations

import pytest
from htmlcheck import assert_well_formed, parse, parse_errors

BROKEN = {
    "an element left open": '<div class="hand"><span>A♣</span>',
    "a misnested end tag": "<div><span>A♣</div></span>",
    "a stray end tag": "<span>A♣</span></div>",
    "crossed inline elements": "<b><i>A♣</b></i>",
    "a block inside a table row": "<table><tr><div>A♣</div></tr></table>",
    "a self-closed div": '<div class="back"/>',
    "a duplicate attribute": '<span title="A♣" title="K♣">A♣</span>',
    "a table cell outside a table": "<td>A♣</td>",
}
GOOD = {
    "nested elements": '<div><span class="jass-card" data-card="AC">A♣</span><br></div>',
    "a table": "<table><tr><th>team 0</th><td>157</td></tr></table>",
    "inline SVG": '<svg viewBox="0 0 10 10"><path d="M0 0"/><circle r="1"/></svg>',
    "a document": "<!DOCTYPE html><html><head><title>t</title></head><body><p>A♣</p></body></html>",
}


def test_broken_markup_is_refused_with_where_and_why():
    accepted = [what for what, markup in BROKEN.items() if not parse_errors(markup)]
    assert accepted == [], f"the checker accepted broken markup: {accepted}"
    with pytest.raises(AssertionError, match=r"line 1, column \d+: .*near"):
        assert_well_formed(BROKEN["a misnested end tag"])
    with pytest.raises(AssertionError):
        parse(BROKEN["an element left open"])


def test_good_markup_is_accepted():
    refused = {what: parse_errors(markup) for what, markup in GOOD.items() if parse_errors(markup)}
    assert refused == {}


def test_queries_find_elements_attributes_and_text():
    doc = parse(
        '<div data-seat="1"><span class="jass-card small" data-card="AC" title="A♣">A&amp;♣</span>'
        '<span class="jass-back"></span><svg><path d="M0"/></svg> seat 1</div>'
    )
    assert [e.tag for e in doc.find_all()] == ["div", "span", "span", "svg", "path"]
    card = doc.find(class_="jass-card")
    assert card.attrs == {"class": "jass-card small", "data-card": "AC", "title": "A♣"}
    assert card.text == "A&♣" and doc.text == "A&♣ seat 1"
    assert doc.find_all("span", data_card=True) == doc.find_all(class_="small") != []
    assert doc.find_all(data_card="KC") == [] and len(doc.find_all("span")) == 2
    assert doc.attr_values("data-seat") == ["1"] and doc.attr_values("title") == ["A♣"]
    with pytest.raises(AssertionError, match="found 2"):
        doc.find("span")
