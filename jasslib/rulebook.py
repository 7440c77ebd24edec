"""The rule ids and where each rule stands in the project's rule book, ``docs/rules.md``.

Every rule of the game has an id such as ``P4`` or ``W6`` (the letter is the chapter, the number the
rule).  :data:`RULES` maps each id to a short title; the rule book has an anchor per id (``rules.md#p4``),
and :func:`rule_url` builds the link to it.  Learners see the ids in the engine's messages, the trainers'
feedback, the worksheets and the notebooks; :func:`jasslib.display.link_rules` turns them into links.

>>> RULES["P4"]
'No under-trumping'
>>> rule_url("P4")
'../docs/rules.md#p4'
>>> rule_url("w6", base="https://example.org/rules.html")
'https://example.org/rules.html#w6'
>>> [m.group(0) for m in RULE_ID_PATTERN.finditer("follow suit (P3) or trump; never under-trump (P4, W9, P44)")]
['P3', 'P4']
"""

from __future__ import annotations

import re

from .errors import ArgumentError, JassError, excerpt

__all__ = ["RULES", "CHAPTERS", "RULE_ID_PATTERN", "RULE_BOOK", "rule_anchor", "rule_title", "rule_url"]

RULE_BOOK = "../docs/rules.md"
"""The rule book seen from ``notebooks/`` and ``app/``: the default base of every rule link."""

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
