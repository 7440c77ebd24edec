"""A small Markdown renderer for the course's rule book (``docs/rules.md``), standard library only.

It knows the Markdown the rule book is written in, and no more: ATX headings, paragraphs, ``*``/``-``
bullet lists and numbered lists (continued by indented lines), pipe tables, fenced code blocks, ``---``
rules, and inline ``**bold**``, ``*emphasis*``, `` `code` ``, ``[text](target)`` and the raw anchors
``<a id="p4"></a>``.  Every other character is escaped, so the output is safe HTML.

:func:`markdown_html` renders block HTML (``<p>``, ``<ul>``, ``<table>`` …) for a page;
``phrasing=True`` renders the same content with ``<span>`` elements styled as blocks, so it can stand
inside a paragraph (the rule's text shown in place where its id is clicked, see
:func:`jasslib.display.link_rules`): a ``<p>`` or a ``<table>`` there would end the paragraph.

>>> print(markdown_html("Play **A♣** (P3).\\n\\n* one\\n* two"))
<p>Play <strong>A♣</strong> (P3).</p>
<ul>
<li>one</li>
<li>two</li>
</ul>
>>> markdown_html("x < y & [z](#p4)", phrasing=True)
'<span class="jass-md-p" style="display:block;margin:0.3em 0">x &lt; y &amp; <a href="#p4">z</a></span>'
"""

from __future__ import annotations

import html
import re

__all__ = ["markdown_html"]

_ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
_INLINE = re.compile(
    r'(?P<anchor><a id="[a-z0-9-]+"></a>)'
    r"|`(?P<code>[^`]+)`"
    r"|\*\*(?P<strong>.+?)\*\*"
    r"|\*(?P<em>[^*\s][^*]*?)\*"
    r"|\[(?P<label>[^\]]+)\]\((?P<target>[^)\s]+)\)"
)
_BULLET = re.compile(r"^([*-]) +(.*)$")
_NUMBER = re.compile(r"^(\d+)\. +(.*)$")
_HEADING = re.compile(r"^(#{1,6}) +(.*)$")

# block tag -> the span that stands for it in phrasing content
_PHRASING = {
    "p": ("jass-md-p", "display:block;margin:0.3em 0"),
    "ul": ("jass-md-list", "display:block;margin:0.3em 0;padding-left:1.4em"),
    "ol": ("jass-md-list", "display:block;margin:0.3em 0;padding-left:1.4em"),
    "li": ("jass-md-li", "display:list-item"),
    "table": ("jass-md-table", "display:table;border-collapse:collapse;margin:0.3em 0"),
    "thead": ("jass-md-thead", "display:table-header-group"),
    "tbody": ("jass-md-tbody", "display:table-row-group"),
    "tr": ("jass-md-tr", "display:table-row"),
    "th": ("jass-md-th", "display:table-cell;border:1px solid #bbb;padding:1px 5px;font-weight:bold"),
    "td": ("jass-md-td", "display:table-cell;border:1px solid #bbb;padding:1px 5px"),
    "pre": ("jass-md-pre", "display:block;white-space:pre;font-family:monospace;margin:0.3em 0"),
    "hr": ("jass-md-hr", "display:block;border-top:1px solid #bbb;margin:0.4em 0"),
}


def inline_html(text: str) -> str:
    """One line of Markdown text as HTML: escaped, with bold, emphasis, code, links and anchors.

    >>> inline_html('**P4** *or* `P5`: [rule](#p4) <b>')
    '<strong>P4</strong> <em>or</em> <code>P5</code>: <a href="#p4">rule</a> &lt;b&gt;'
    """
    out: list[str] = []
    at = 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[at:m.start()], quote=False))
        if m.group("anchor"):
            out.append(m.group("anchor"))
        elif m.group("code") is not None:
            out.append(f"<code>{html.escape(m.group('code'), quote=False)}</code>")
        elif m.group("strong") is not None:
            out.append(f"<strong>{inline_html(m.group('strong'))}</strong>")
        elif m.group("em") is not None:
            out.append(f"<em>{inline_html(m.group('em'))}</em>")
        else:
            target = html.escape(m.group("target"), quote=True)
            out.append(f'<a href="{target}">{inline_html(m.group("label"))}</a>')
        at = m.end()
    out.append(html.escape(text[at:], quote=False))
    return "".join(out)


def _blocks(lines: list[str]) -> list[str]:
    """The HTML of each block of ``lines``."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append("<pre><code>" + html.escape("\n".join(lines[i + 1:j]), quote=False) + "</code></pre>")
            i = j + 1
        elif line.strip() == "---":
            out.append("<hr>")
            i += 1
        elif heading := _HEADING.match(line):
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline_html(heading.group(2).strip())}</h{level}>")
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append([c.strip() for c in lines[i].strip().strip("|").split("|")])
                i += 1
            head = "".join(f"<th>{inline_html(c)}</th>" for c in rows[0])
            body = "\n".join("<tr>" + "".join(f"<td>{inline_html(c)}</td>" for c in r) + "</tr>" for r in rows[2:])
            out.append(f"<table>\n<thead>\n<tr>{head}</tr>\n</thead>\n<tbody>\n{body}\n</tbody>\n</table>")
        elif _BULLET.match(line) or _NUMBER.match(line):
            pattern, tag = (_BULLET, "ul") if _BULLET.match(line) else (_NUMBER, "ol")
            items: list[list[str]] = []
            while i < len(lines) and (pattern.match(lines[i]) or (items and lines[i].startswith(" "))):
                item = pattern.match(lines[i])
                if item:
                    items.append([item.group(2)])
                else:
                    items[-1].append(lines[i].strip())
                i += 1
            lis = "\n".join(f"<li>{inline_html(' '.join(item))}</li>" for item in items)
            out.append(f"<{tag}>\n{lis}\n</{tag}>")
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{inline_html(' '.join(para))}</p>")
    return out


def _starts_block(line: str) -> bool:
    return bool(line.startswith(("```", "|")) or line.strip() == "---" or _HEADING.match(line)
                or _BULLET.match(line) or _NUMBER.match(line))


def _to_phrasing(block_html: str) -> str:
    def span(m: re.Match[str]) -> str:
        closing, tag = m.group(1), m.group(2)
        if closing:
            return "</span>"
        cls, style = _PHRASING[tag]
        return f'<span class="{cls}" style="{style}">' + ("</span>" if tag == "hr" else "")

    return re.sub(r"<(/?)(p|ul|ol|li|table|thead|tbody|tr|th|td|pre|hr)>", span, block_html)


def markdown_html(text: str, phrasing: bool = False) -> str:
    """``text`` (Markdown) as HTML; ``phrasing=True``: as spans that may stand inside a paragraph.

    Headings are not turned into spans: phrasing content is meant for a rule's text without its heading.

    >>> print(markdown_html("| a | b |\\n|---|---|\\n| 1 | **2** |"))
    <table>
    <thead>
    <tr><th>a</th><th>b</th></tr>
    </thead>
    <tbody>
    <tr><td>1</td><td><strong>2</strong></td></tr>
    </tbody>
    </table>
    >>> "<table" in markdown_html("| a |\\n|---|\\n| 1 |", phrasing=True)
    False
    """
    out = "\n".join(_blocks(text.splitlines()))
    return re.sub(r">\n<", "><", _to_phrasing(out)) if phrasing else out
