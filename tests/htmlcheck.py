"""The tests' one HTML checker: markup is parsed by html5lib, the WHATWG parsing algorithm browsers use.

Well-formed means the algorithm reports no parse error: no stray or misnested end tag, no element left
open at the end, no duplicate attribute, no block dropped into a table, no ``<div/>``.  (End tags that the
HTML standard itself lets a writer omit, such as ``</td>`` before the next ``<td>``, are not errors.)
A failure lists every error with its line, column and the markup around it.

``parse(markup)`` checks that and returns the parsed fragment (or document, when the markup starts with
``<!DOCTYPE`` or ``<html``) with the few queries the tests need::

    >>> doc = parse('<div class="hand"><span class="jass-card" data-card="AC" title="A♣">A♣</span> 6♥</div>')
    >>> [card.attrs["data-card"] for card in doc.find_all(class_="jass-card")]
    ['AC']
    >>> doc.text, doc.attr_values("title"), [e.tag for e in doc.find_all()]
    ('A♣ 6♥', ['A♣'], ['div', 'span'])
    >>> parse_errors("<b>6♥</i></b>")
    ["line 1, column 9: Unexpected end tag (i). Ignored. [unexpected-end-tag] near '<b>6♥</i></b>'"]
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import html5lib
from html5lib.constants import E as MESSAGES

__all__ = ["Element", "assert_well_formed", "parse", "parse_errors"]


class Element:
    """One element of parsed markup (or the whole fragment): its tag, attributes, text and the elements inside.

    Queries look inside the element, in document order; tag names carry no namespace (an SVG ``path`` is
    ``"path"``).
    """

    def __init__(self, node: ET.Element) -> None:
        self._node = node

    def __repr__(self) -> str:
        return f"<Element {self.tag} {self.attrs}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and other._node is self._node

    def __hash__(self) -> int:
        return id(self._node)

    @property
    def tag(self) -> str:
        return str(self._node.tag).rpartition("}")[2]

    @property
    def attrs(self) -> dict[str, str]:
        return dict(self._node.attrib)

    @property
    def text(self) -> str:
        """All the text inside, as the DOM's ``textContent`` (character references decoded)."""
        return "".join(self._node.itertext())

    @property
    def shown_text(self) -> str:
        """The text a reader sees before clicking anything: :attr:`text` without ``<style>`` and ``<script>``
        and without elements hidden by an inline ``display:none`` (a rule note's text until its id is clicked)."""

        def walk(node: ET.Element) -> Iterator[str]:
            if node.text:
                yield node.text
            for child in node:
                tag = str(child.tag).rpartition("}")[2] if isinstance(child.tag, str) else ""
                hidden = "display:none" in child.attrib.get("style", "").replace(" ", "")
                if isinstance(child.tag, str) and tag not in ("style", "script") and not hidden:
                    yield from walk(child)
                if child.tail:
                    yield child.tail

        return "".join(walk(self._node))

    def elements(self) -> Iterator[Element]:
        """Every element inside this one, in document order (comments left out)."""
        for node in self._node.iter():
            if node is not self._node and isinstance(node.tag, str):
                yield Element(node)

    def find_all(self, tag: str | None = None, **attrs: str | bool) -> list[Element]:
        """The elements inside with this tag (any, if None) and these attributes.

        An attribute is named as a keyword, ``_`` for ``-`` and a trailing ``_`` dropped (``data_card``,
        ``class_``); ``True`` asks only that it is present, a string that it has this value (for ``class``:
        that the value is one of the element's classes).
        """
        wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
        return [e for e in self.elements() if (tag is None or e.tag == tag) and e._has(wanted)]

    def find(self, tag: str | None = None, **attrs: str | bool) -> Element:
        """The one element inside that ``find_all`` would give; fails unless there is exactly one."""
        found = self.find_all(tag, **attrs)
        assert len(found) == 1, f"expected one {tag or 'element'} with {attrs}, found {len(found)}: {found}"
        return found[0]

    def attr_values(self, name: str) -> list[str]:
        """The values of attribute ``name`` on the elements inside, in document order."""
        return [e.attrs[name] for e in self.elements() if name in e.attrs]

    def _has(self, wanted: dict[str, str | bool]) -> bool:
        mine = self._node.attrib
        for name, value in wanted.items():
            if name not in mine:
                return False
            if value is True:
                continue
            if name == "class" and value not in mine[name].split() or name != "class" and mine[name] != value:
                return False
        return True


def _is_document(markup: str) -> bool:
    head = markup.lstrip()[:9].lower()
    return head.startswith("<!doctype") or head.startswith("<html")


def _parse(markup: str) -> tuple[ET.Element, list[str]]:
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    root = parser.parse(markup) if _is_document(markup) else parser.parseFragment(markup)
    lines = markup.splitlines() or [""]
    errors = []
    for (line, column), code, data in parser.errors:
        try:
            message = MESSAGES.get(code, code) % (data or {})
        except (KeyError, TypeError, ValueError):
            message = f"{code} {data}"
        text = lines[min(line, len(lines)) - 1]
        around = text[max(0, column - 60) : column + 20]
        errors.append(f"line {line}, column {column}: {message} [{code}] near {around!r}")
    return root, errors


def parse_errors(markup: str) -> list[str]:
    """Every parse error html5lib reports for ``markup``, each with where it is; empty when well-formed."""
    return _parse(markup)[1]


def assert_well_formed(markup: str) -> None:
    """Fail, listing every parse error, unless ``markup`` parses without one."""
    errors = parse_errors(markup)
    assert not errors, f"{len(errors)} HTML parse error(s):\n" + "\n".join(errors)


def parse(markup: str) -> Element:
    """The parsed fragment (or document) of ``markup``, after checking that it is well-formed."""
    root, errors = _parse(markup)
    assert not errors, f"{len(errors)} HTML parse error(s):\n" + "\n".join(errors)
    return Element(root)
