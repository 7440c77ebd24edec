"""The rule ids and where each rule stands in the project's rule book, ``docs/rules.md``.

Every rule of the game has an id such as ``P4`` or ``W6`` (the letter is the chapter, the number the
rule).  :data:`RULES` maps each id to a short title; the rule book has an anchor per id (``rules.md#p4``),
and :func:`rule_url` builds the link to it.  Learners see the ids in the engine's messages, the trainers'
feedback, the worksheets and the notebooks; :func:`jasslib.display.link_rules` turns them into links.

The rule book is also a rendered page, ``docs/rules.html`` (:data:`RULE_PAGE`), made from
``docs/rules.md`` by :func:`rule_book_page`, and each rule's own text is at hand as HTML
(:func:`rule_text_html`, from ``jasslib/data/rule_texts.json``), so a widget can show the rule where its
id is clicked.  Both generated files are written by ``python -m jasslib.build_rules`` and kept in step with
``docs/rules.md`` by the tests.  The notebooks' Markdown links go to ``rules.md`` (JupyterLab shows it
rendered, at the rule; the course app answers it with the rendered page), HTML links to ``rules.html``.

>>> RULES["P4"]
'No under-trumping'
>>> rule_url("P4")
'../docs/rules.md#p4'
>>> rule_url("w6", base="https://example.org/rules.html")
'https://example.org/rules.html#w6'
>>> rule_text_html("P4")[:61]
'<span class="jass-md-p" style="display:block;margin:0.3em 0">'
>>> [m.group(0) for m in RULE_ID_PATTERN.finditer("follow suit (P3) or trump; never under-trump (P4, W9, P44)")]
['P3', 'P4']
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from ._markdown import markdown_html
from .errors import ArgumentError, JassError, excerpt

__all__ = ["RULES", "CHAPTERS", "RULE_ID_PATTERN", "RULE_BOOK", "RULE_PAGE", "rule_anchor", "rule_title",
           "rule_url", "rule_sections", "rule_text_html", "rule_book_page", "link_ids"]

RULE_BOOK = "../docs/rules.md"
"""The rule book seen from ``notebooks/`` and ``app/``: the base of the notebooks' Markdown rule links."""

RULE_PAGE = "../docs/rules.html"
"""The rendered rule book seen from ``notebooks/`` and ``app/``: the base of the rule links in HTML."""

_TEXTS = Path(__file__).resolve().parent / "data" / "rule_texts.json"

CHAPTERS: dict[str, str] = {
    "D": "Deck and deal",
    "C": "Contracts",
    "O": "Card order and card points",
    "P": "Playing a trick",
    "W": "Weis (declarations)",
    "S": "Stöck",
    "H": "Scoring a hand",
    "G": "The game",
}
"""The chapters of the rules, by the letter their ids start with, in the order of the rule book."""

RULES: dict[str, str] = {
    "D1": "The deck: 36 cards, four players in two teams",
    "D2": "Suit and rank names",
    "D3": "The deal: packets of three, counterclockwise",
    "D4": "Who starts: the starting card, forehand and the dealer",
    "C1": "Forehand names the contract or says schieben",
    "C2": "Forehand leads the first trick",
    "C3": "Multipliers",
    "O1": "Card order of the plain suits and in Obenabe",
    "O2": "Card order of the trump suit",
    "O3": "Card order in Undenufe",
    "O4": "Card points in a trump contract",
    "O5": "Card points in Obenabe and Undenufe",
    "O6": "Undenufe card values: classic and modern",
    "O7": "Totals: 152 in the cards, 157 with the last trick, 257 for a match",
    "P1": "Playing order; the winner of a trick leads the next",
    "P2": "Without trump: follow suit if you can",
    "P3": "Trump contract: follow suit or trump",
    "P4": "No under-trumping",
    "P5": "Trump led: follow with trump (the Puur may be kept)",
    "P6": "Who wins the trick",
    "W1": "A Weis is formed from the initial hand",
    "W2": "Sequences",
    "W3": "Four of a kind",
    "W4": "A card belongs to one Weis; splitting sequences",
    "W5": "A player's declaration",
    "W6": "Which Weis is stronger",
    "W7": "The Weis contest: the winning team scores all its Weis",
    "W8": "Declaring during the first trick",
    "S1": "Stöck: trump king and queen",
    "S2": "Announcing Stöck",
    "H1": "Trick points of a hand",
    "H2": "A team's hand score and the multiplier",
    "H3": "Worked example: scoring a hand",
    "H4": "Worked example: trumping while able to follow suit",
    "H5": "Worked example: the Puur wins the trick",
    "G1": "The target",
    "G2": "Claiming the win",
    "G3": "Counting order: Stöck, Weis, Stich",
    "G4": "Schneider",
    "G5": "Misdeal and revoke",
}
"""Every rule id of the rules, in their order, with a one-line title (the rule book's headings)."""

RULE_ID_PATTERN: re.Pattern[str] = re.compile(
    r"(?<![\w#])(?:" + "|".join(sorted(RULES, key=lambda i: (-len(i), i))) + r")(?!\w)"
)
"""A rule id standing on its own (``P4`` in "(P4)", "P4, W2", "P4:"), not part of a longer word or number."""


def _known(rule_id: str) -> str:
    key = rule_id.strip().upper() if isinstance(rule_id, str) and len(rule_id) <= 10 else ""
    if key not in RULES:
        raise JassError(f"unknown rule id {excerpt(rule_id)}: rule ids are a chapter letter and a number, "
                        f"{', '.join(RULES)}")
    return key


def rule_anchor(rule_id: str) -> str:
    """The anchor of ``rule_id`` in the rule book: its id in lower case.

    >>> rule_anchor("G3")
    'g3'
    """
    return _known(rule_id).lower()


def rule_title(rule_id: str) -> str:
    """The short title of ``rule_id``.

    >>> rule_title("s1")
    'Stöck: trump king and queen'
    """
    return RULES[_known(rule_id)]


def rule_url(rule_id: str, base: str = RULE_BOOK) -> str:
    """The link to ``rule_id``'s place in the rule book at ``base`` (a relative path or a URL).

    Raises :class:`~jasslib.errors.JassError` (a ``ValueError``) for an id that is not a rule.

    >>> rule_url("O6", base="rules.md")
    'rules.md#o6'
    """
    if not isinstance(base, str):
        raise ArgumentError(f"base: the rule book's address (a path or a URL), got {excerpt(base)}")
    return f"{base}#{rule_anchor(rule_id)}"


_SECTION = re.compile(r'^### <a id="([a-z0-9]+)"></a>', re.MULTILINE)


def rule_sections(markdown: str) -> dict[str, str]:
    """The Markdown text of each rule in the rule book ``markdown``, by rule id, without its heading.

    A rule's text runs from its heading to the next heading or ``---`` line.

    >>> rule_sections('### <a id="p4"></a>P4 · No under-trumping\\n\\nNever *under-trump*.\\n\\n## next')
    {'P4': 'Never *under-trump*.'}
    """
    out: dict[str, str] = {}
    for m in _SECTION.finditer(markdown):
        lines = markdown[m.end():].splitlines()[1:]
        end = next((i for i, line in enumerate(lines) if line.startswith("#") or line.strip() == "---"),
                   len(lines))
        out[_known(m.group(1))] = "\n".join(lines[:end]).strip()
    return out


@functools.cache
def _texts() -> dict[str, str]:
    texts: dict[str, str] = json.loads(_TEXTS.read_text(encoding="utf-8"))
    return texts


def rule_text_html(rule_id: str, base: str = RULE_PAGE) -> str:
    """The text of rule ``rule_id`` as HTML that may stand inside a paragraph (spans, no block elements).

    Links of the text to other places of the rule book (``#presets``, another rule's id) open the rule book
    at ``base`` there, in a new tab.

    >>> "weaker than the strongest trump in the trick" in rule_text_html("P4")
    True
    >>> 'href="rules.html#presets"' in rule_text_html("C3", base="rules.html") or "presets" not in rule_text_html("C3")
    True
    """
    text = _texts()[_known(rule_id)]
    return text.replace('href="#', f'target="_blank" href="{html.escape(base, quote=True)}#')


_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)")
_UNLINKED = frozenset({"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "title", "style"})


def link_ids(markup: str) -> str:
    """The rendered rule book's ``markup`` with each rule id of its text a link to that rule's anchor.

    Ids in headings, links and code stay as they are.

    >>> link_ids('<h3><a id="c3"></a>C3 · Multipliers</h3><p>multiplied by (H2), not P44</p>')
    '<h3><a id="c3"></a>C3 · Multipliers</h3><p>multiplied by (<a href="#h2">H2</a>), not P44</p>'
    """
    out: list[str] = []
    skip = 0
    for piece in _TAG.split(markup):
        if piece.startswith("<"):
            tag = _TAG_NAME.match(piece)
            if tag and tag.group(2).lower() in _UNLINKED and not piece.endswith("/>"):
                skip = max(0, skip - 1) if tag.group(1) else skip + 1
            out.append(piece)
        elif skip or not piece:
            out.append(piece)
        else:
            out.append(RULE_ID_PATTERN.sub(lambda m: f'<a href="#{m.group(0).lower()}">{m.group(0)}</a>', piece))
    return "".join(out)


_PAGE_STYLE = """
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
       max-width: 46em; margin: 0 auto; padding: 1em 1.2em 4em; }
h1 { font-size: 1.7em; } h2 { margin-top: 1.8em; border-bottom: 1px solid #ccc; } h3 { margin-top: 1.4em; }
h3:target, h2:target, h3:has(a:target), h2:has(a:target) { background: #fff3bf; }
table { border-collapse: collapse; margin: 0.6em 0; } th, td { border: 1px solid #bbb; padding: 2px 8px; }
th { background: #f2f2f2; } code, pre { background: #f5f5f5; } pre { padding: 0.5em; overflow-x: auto; }
a { color: #1a5fb4; }
"""


def rule_book_page(markdown: str) -> str:
    """The rule book ``markdown`` (``docs/rules.md``) as a whole HTML page (``docs/rules.html``).

    Every anchor of the Markdown (``<a id="p4"></a>``) stays, so ``rules.html#p4`` opens the page at P4, and
    every rule id of the text links to its rule (:func:`link_ids`).

    >>> page = rule_book_page('# Rules\\n\\n### <a id="p4"></a>P4 · No under-trumping\\n\\nNever.')
    >>> '<h3><a id="p4"></a>P4 · No under-trumping</h3>' in page, page.startswith("<!DOCTYPE html>")
    (True, True)
    """
    title = next((line[2:].strip() for line in markdown.splitlines() if line.startswith("# ")), "Rule book")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        "<!-- Made from docs/rules.md by python -m jasslib.build_rules: edit rules.md, not this file. -->\n"
        f"<style>{_PAGE_STYLE}</style>\n</head>\n<body>\n"
        f'<main class="jass-rule-book">\n{link_ids(markdown_html(markdown))}\n</main>\n</body>\n</html>\n'
    )

