"""Write the rule book's generated files from ``docs/rules.md``: ``python -m jasslib.build_rules``.

``docs/rules.html`` is the whole rule book as a page (:func:`jasslib.rulebook.rule_book_page`) and
``jasslib/data/rule_texts.json`` each rule's text as HTML (:func:`jasslib.rulebook.rule_text_html`).
Run it after every change of ``docs/rules.md``; ``tests/test_rulebook.py`` fails while they differ.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ._markdown import markdown_html
from .rulebook import link_ids, rule_book_page, rule_sections

__all__ = ["build", "main"]


def build(root: Path) -> tuple[str, str]:
    """The two files made from ``root/docs/rules.md``: the page ``docs/rules.html`` and the rules' texts
    (``jasslib/data/rule_texts.json``), as text."""
    markdown = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    texts = {i: link_ids(markdown_html(t, phrasing=True)) for i, t in rule_sections(markdown).items()}
    return rule_book_page(markdown), json.dumps(texts, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m jasslib.build_rules``: write docs/rules.html and jasslib/data/rule_texts.json from docs/rules.md."""
    root = Path(argv[0]) if argv else Path(__file__).resolve().parents[1]
    page, texts = build(root)
    (root / "docs" / "rules.html").write_text(page, encoding="utf-8")
    (root / "jasslib" / "data" / "rule_texts.json").write_text(texts, encoding="utf-8")
    print(f"wrote {root / 'docs' / 'rules.html'} and {root / 'jasslib' / 'data' / 'rule_texts.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
