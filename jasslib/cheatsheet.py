"""A printable cheat sheet: every number of one preset's rules on one A4 page (HTML with a print style sheet).

The sheet shows the card order and card points of each contract (Undenufe values as the preset has them),
the multipliers with what Stöck, a match and a revoke are worth, the Weis table, how a hand is scored with a
worked line, the target, Schneider and the counting order of claims.  Every number is taken from the engine
(:meth:`Ruleset.card_points`, :func:`~jasslib.contracts.rank_strength`, the multipliers, the Weis scale,
:func:`~jasslib.weis.four_points`, :func:`~jasslib.weis.stoeck_points`, :func:`~jasslib.scoring.hand_score`
...), none is typed here, so the sheet of any :class:`~jasslib.Ruleset` is right by construction.  Every rule
id links to its place in the rule book.

Command line: ``python -m jasslib cheatsheet --ruleset modern --out cheatsheet.html``.

>>> text = cheatsheet_html("modern")
>>> text.startswith("<!DOCTYPE html>"), "@media print" in text, "modern rules" in text
(True, True, True)
>>> "(100 + 20) × 2 = 240" in cheatsheet_html()                  # H3's worked line, classic
True
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from itertools import groupby
from pathlib import Path

from ._files import write_atomically
from .cards import Card, Rank, Suit
from .contracts import Contract, rank_strength
from .display import link_rules
from .errors import ArgumentError, excerpt
from .play import CARD_POINTS_TOTAL, LAST_TRICK_BONUS, trick_points, trick_winner
from .rulebook import RULE_BOOK
from .rulesets import CLASSIC, MODERN, Ruleset
from .scoring import CLAIM_CATEGORY_NAMES, HAND_TOTAL, MATCH_BONUS, MATCH_TOTAL, games_won, hand_score, revoke_score
from .seats import Team
from .weis import STOECK_POINTS, four_points, stoeck_points

__all__ = ["cheatsheet_html", "write_cheatsheet", "card_rows"]

_CSS = """
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; line-height: 1.3; color: #000;
       max-width: 62em; margin: 1em auto; padding: 0 1.5em;
       -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 1.45em; margin: 0; }
h2 { font-size: 1.05em; margin: 0 0 0.25em 0; border-bottom: 1.5px solid #000; }
p, ul { margin: 0.2em 0; }
ul { padding-left: 1.1em; }
.meta { color: #333; font-size: 0.85em; margin: 0.1em 0 0.5em 0; }
.grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0.5em 1em; align-items: start; }
.col { display: flex; flex-direction: column; gap: 0.5em; min-width: 0; }
.box { break-inside: avoid; page-break-inside: avoid; }
.wide { grid-column: 1 / span 2; }
table { border-collapse: collapse; width: 100%; margin: 0.15em 0; }
th, td { border: 1px solid #888; padding: 1px 4px; text-align: center; vertical-align: middle; }
th { background: #eee; font-weight: bold; }
th.row { text-align: left; }
td.card b { display: block; font-size: 1.1em; }
td.card small { display: block; color: #000; }
td.card small.zero { color: #777; }
.line { font-family: "DejaVu Sans Mono", monospace; font-size: 0.92em; }
a.jass-rule { color: inherit; text-decoration: none; border-bottom: 1px dotted #666; }
footer { margin-top: 0.5em; font-size: 0.8em; color: #333; }
@media print {
  @page { size: A4 portrait; margin: 9mm; }
  body { margin: 0; max-width: none; padding: 0; font-size: 9pt; }
  a.jass-rule { border-bottom: none; }
}
"""

_SUITS = tuple(Suit)
_TRUMP_SUIT = Suit.HEARTS
"""The trump suit that stands for every trump suit in the card table (order and points do not depend on it)."""
_TRUMP_EXAMPLE = Contract.from_suit(_TRUMP_SUIT)


def _e(text: object) -> str:
    return html.escape(str(text))


def card_rows(ruleset: Ruleset = CLASSIC) -> list[tuple[str, str, list[tuple[Rank, int]]]]:
    """The card table: per kind of suit, (label, rule ids, its ranks strongest first with their points).

    Read from the engine: the order is :func:`~jasslib.contracts.rank_strength`, the points
    :meth:`Ruleset.card_points` (O1–O6).

    >>> [(label, " ".join(f"{r}:{p}" for r, p in cards)) for label, _, cards in card_rows()][0]
    ('Trump suit', 'J:20 9:14 A:11 K:4 Q:3 10:10 8:0 7:0 6:0')
    """
    trump = _TRUMP_SUIT
    plain = next(s for s in _SUITS if s != trump)
    kinds = (
        ("Trump suit", "O2, O4", _TRUMP_EXAMPLE, trump),
        ("Other suits (trump contract)", "O1, O4", _TRUMP_EXAMPLE, plain),
        ("Obenabe, every suit", "O1, O5", Contract.OBENABE, plain),
        ("Undenufe, every suit", "O3, O5, O6", Contract.UNDENUFE, plain),
    )
    rows = []
    for label, rules, contract, suit in kinds:
        strength, points = rank_strength(contract), ruleset.card_points(contract)
        cards = sorted((Card.make(suit, rank) for rank in Rank), key=lambda c: -strength[c])
        rows.append((label, rules, [(card.rank, points[card]) for card in cards]))
    return rows


def _box(title: str, body: str, wide: bool = False) -> str:
    return f'<section class="box{" wide" if wide else ""}"><h2>{title}</h2>\n{body}\n</section>'


def _cards_box(ruleset: Ruleset) -> str:
    rows = []
    for label, rules, cards in card_rows(ruleset):
        cells = "".join(
            f'<td class="card"><b>{_e(rank)}</b><small class="{"points" if p else "zero"}">{p}</small></td>'
            for rank, p in cards
        )
        rows.append(f'<tr><th class="row">{_e(label)} ({rules})</th>{cells}</tr>')
    totals = {sum(ruleset.card_points(c)) for c in Contract}
    cards_total = totals.pop() if len(totals) == 1 else CARD_POINTS_TOTAL
    head = f'<tr><th class="row">Rank, points below</th><th colspan="{len(Rank)}">strongest → weakest</th></tr>'
    swiss = ", ".join(f"{s} {s.format('swiss')}" for s in _SUITS)
    body = (
        f"<table>{head}{''.join(rows)}</table>\n"
        f"<p>Every contract: the cards are worth {cards_total}, the last trick adds {LAST_TRICK_BONUS}: "
        f"<b>{HAND_TOTAL}</b>; all the tricks of the hand (a match) add {MATCH_BONUS}: <b>{MATCH_TOTAL}</b> (O7). "
        f"Trump J is the Puur, trump 9 the Näll (O2). Swiss-German suits (D2): {_e(swiss)}.</p>"
    )
    return _box("Card order and card points", body, wide=True)


def _contract_head() -> str:
    names = [_e(c.trump) if c.trump is not None else _e(c.format()) for c in Contract]
    return "<tr><th></th>" + "".join(f"<th>{n}</th>" for n in names) + "</tr>"


def _multipliers_box(ruleset: Ruleset) -> str:
    def row(label: str, values: Iterable[object]) -> str:
        return f'<tr><th class="row">{label}</th>' + "".join(f"<td>{_e(v)}</td>" for v in values) + "</tr>"

    rows = [row("Multiplier (C3)", (f"×{ruleset.multiplier(c)}" for c in Contract))]
    if ruleset == MODERN:
        optional = ruleset.with_multipliers()
        rows.append(row("Optional set (C3)", (f"×{optional.multiplier(c)}" for c in Contract)))
    rows.append(row("Stöck (S1)", (stoeck_points(c, ruleset) or "–" for c in Contract)))
    rows.append(row("Match (O7)", (MATCH_TOTAL * ruleset.multiplier(c) for c in Contract)))
    rows.append(row("Revoke (G5)", (max(revoke_score(Team.T1, c, ruleset).total) for c in Contract)))
    body = (
        f"<table>{_contract_head()}{''.join(rows)}</table>\n"
        f"<p>Stöck: trump K and Q in one hand, {STOECK_POINTS} × the multiplier, whoever wins the Weis; none "
        "without trump (S1). A revoke gives the other team the whole hand (G5).</p>"
    )
    return _box("Contracts: multipliers, Stöck, match", body)


def _four_groups(ruleset: Ruleset) -> list[tuple[int | None, list[Rank]]]:
    """Ranks grouped by what four of them are worth (W3), the most first; ``None``: no Weis."""
    ranks = sorted(Rank, key=lambda r: (-(four_points(r, ruleset) or 0), -int(r)))
    return [(points, list(group)) for points, group in groupby(ranks, key=lambda r: four_points(r, ruleset))]


def _weis_box(ruleset: Ruleset) -> str:
    lengths = range(3, 3 + len(ruleset.sequence_scale))
    seq = (
        '<tr><th class="row">Sequence (W2): cards</th>' + "".join(f"<th>{n}</th>" for n in lengths) + "</tr>"
        '<tr><th class="row">points</th>' + "".join(f"<td>{ruleset.sequence_points(n)}</td>" for n in lengths)
        + "</tr>"
    )
    groups = _four_groups(ruleset)
    four = (
        '<tr><th class="row">Four of a kind (W3)</th>'
        + "".join(f"<th>{_e(' '.join(str(r) for r in ranks))}</th>" for _, ranks in groups) + "</tr>"
        '<tr><th class="row">points</th>'
        + "".join(f"<td>{'no Weis' if points is None else points}</td>" for points, _ in groups) + "</tr>"
    )
    body = (
        f"<table>{seq}</table><table>{four}</table>\n"
        "<ul><li>Only cards of the dealt hand (W1); a card in one Weis only, long sequences may be split (W4); "
        "you declare the disjoint set worth most (W5).</li>"
        "<li>Stronger Weis (W6): more points, then more cards, then the higher top card (Undenufe: the lower), "
        "then a trump sequence, then the first announced.</li>"
        "<li>The team with the strongest single Weis scores all its Weis, the other none (W7); "
        "Weis are written down after the first trick, multiplied (W8).</li></ul>"
    )
    return _box("Weis", body)


def _play_box() -> str:
    body = (
        "<ul><li>Forehand names a trump suit, Obenabe or Undenufe, or says schieben: the partner must choose "
        "(C1); forehand leads (C2).</li>"
        "<li>Play goes to the right; the trick's winner leads (P1).</li>"
        "<li>No trump: follow suit if you can (P2).</li>"
        "<li>Trump contract: follow suit <i>or</i> trump, even when you can follow; never a third suit while "
        "you hold the led suit (P3).</li>"
        "<li>Once a plain lead is trumped, no weaker trump, unless you hold only trumps (P4).</li>"
        "<li>Trump led: play a trump if you have one; the Puur alone may be kept (P5).</li>"
        "<li>The strongest trump wins, else the strongest card of the led suit (P6).</li></ul>"
    )
    return _box("Playing a trick", body)


def _worked_hand(ruleset: Ruleset) -> str:
    """H1–H3 on the worked example of the rules, with Stöck for the other team, computed by ``hand_score``."""
    contract = Contract.HEARTS
    m = ruleset.multiplier(contract)
    weis, stoeck = ruleset.sequence_points(3), STOECK_POINTS
    card_points = (CARD_POINTS_TOTAL - 57, 57)  # H3's hand: 100 and 57 trick points with the last trick
    s = hand_score(card_points, (5, 4), Team.T0, contract, ruleset, weis=(weis, 0), stoeck=(0, stoeck))
    return (
        f"<p>{_e(contract)} ×{m}: team 0 took {s.card_points[0]} card points and the last trick "
        f"(+{LAST_TRICK_BONUS}) and won the Weis with {weis}; team 1 took {s.card_points[1]} and has Stöck.</p>"
        f'<p class="line">team 0: ({s.trick_points[0]} + {weis}) × {m} = {s.total[0]}<br>'
        f"team 1: ({s.trick_points[1]} + {stoeck}) × {m} = {s.total[1]}</p>"
    )


def _worked_trick(ruleset: Ruleset) -> str:
    """H4's trick, counted by ``trick_winner`` and ``trick_points``."""
    contract = Contract.HEARTS
    trick = [Card.parse(c) for c in ("A♣", "9♥", "J♥", "7♣")]
    points = ruleset.card_points(contract)
    total = trick_points(trick, contract, ruleset)
    winner = trick[trick_winner(trick, contract)]
    return (
        f'<p class="line">{_e(contract)}: {_e(" ".join(str(c) for c in trick))} → {_e(winner)} wins (P6); '
        f"{' + '.join(str(points[c]) for c in trick)} = {total}, × {ruleset.multiplier(contract)} = "
        f"{total * ruleset.multiplier(contract)}</p>"
    )


def _scoring_box(ruleset: Ruleset) -> str:
    body = (
        "<p><b>Hand score = (trick points + Weis + Stöck) × multiplier</b> (H2). Trick points: the captured "
        f"cards + {LAST_TRICK_BONUS} for the last trick + {MATCH_BONUS} for a match (H1). Weis and Stöck are "
        "written down when they happen, multiplied; the trick points at the end.</p>"
        + _worked_hand(ruleset) + "<p>Counting a trick (H4):</p>" + _worked_trick(ruleset)
    )
    return _box("Scoring a hand", body)


def _game_box(ruleset: Ruleset) -> str:
    order = " → ".join(CLAIM_CATEGORY_NAMES[c] for c in ruleset.claim_priority)
    body = (
        f"<ul><li>Target: <b>{ruleset.target}</b> (G1); the holder of {_e(ruleset.starting_card)} is forehand of "
        "the first hand (D4), then the deal moves one seat to the right.</li>"
        "<li>Claim the win at any moment: what is written down + the card points captured so far × the "
        "multiplier + Stöck; at least the target wins, a false claim loses (G2).</li>"
        f"<li>Counting order when both teams could get there (G3): <b>{_e(order)}</b>.</li>"
        f"<li>Schneider: losers below <b>{ruleset.schneider}</b>: the win counts {games_won(0, ruleset)} games "
        "(G4).</li></ul>"
    )
    return _box("The game", body)


def cheatsheet_html(ruleset: Ruleset | str = CLASSIC, rules_base: str = RULE_BOOK) -> str:
    """The cheat sheet of ``ruleset`` (a preset, its name, or any :class:`~jasslib.Ruleset`) as one HTML page.

    Self-contained (no scripts, pictures or style sheets from elsewhere), with a print style sheet for one
    A4 page.  Rule ids link to the rule book at ``rules_base`` (:func:`jasslib.display.link_rules`).
    """
    rs = Ruleset.get(ruleset)
    preset = {CLASSIC.name: " (the default)", MODERN.name: ""}.get(rs.name, "")
    title = f"Schieber cheat sheet: {rs.name} rules"
    command = "python -m jasslib cheatsheet" + ("" if rs == CLASSIC else f" --ruleset {rs.name}")
    # two columns that stack their boxes: a short box leaves no gap under it (a grid row would)
    left = "\n".join((_multipliers_box(rs), _play_box(), _game_box(rs)))
    right = "\n".join((_weis_box(rs), _scoring_box(rs)))
    boxes = [_cards_box(rs), f'<div class="col">\n{left}\n</div>', f'<div class="col">\n{right}\n</div>']
    body = (
        f"<header><h1>{_e(title)}{_e(preset)}</h1>\n<p class=\"meta\">jasslib · the rule ids (P4, W6 …) are "
        "the sections of the course's rule book, docs/rules.md</p></header>\n"
        f'<div class="grid">\n{chr(10).join(boxes)}\n</div>'
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"{link_rules(body, rules_base)}\n"
        f"<footer>Made with <code>{_e(command)} --out FILE.html</code>.</footer>\n</body>\n</html>\n"
    )


def _check_out_path(out_path: str | os.PathLike[str]) -> Path:
    if isinstance(out_path, bytes) or not isinstance(out_path, (str, os.PathLike)):
        raise ArgumentError(f"the output path must be a file name such as 'cheatsheet.html', got {excerpt(out_path)}")
    path = Path(out_path)
    if path.suffix.lower() != ".html" or not path.stem:
        raise ArgumentError(f"the output file must be an .html file, such as 'cheatsheet.html', got {str(path)!r}")
    if path.is_dir():
        raise IsADirectoryError(f"the output path {str(path)!r} is a folder: give a file name such as "
                                f"{str(path / 'cheatsheet.html')!r}")
    if not path.parent.is_dir():
        raise FileNotFoundError(f"the folder {str(path.parent)!r} does not exist: create it first or choose "
                                "another output path")
    return path


def write_cheatsheet(
    out_path: str | os.PathLike[str], ruleset: Ruleset | str = CLASSIC, rules_base: str = RULE_BOOK
) -> Path:
    """Write :func:`cheatsheet_html` of ``ruleset`` to ``out_path`` (an ``.html`` file); return its path.

    The page is written to a temporary file in the same folder and renamed into place, so a failure never
    leaves a half-written file and never replaces an existing one.  A symbolic link is written through.

    Raises:
        ValueError: an unknown ruleset, or an output name that does not end in ``.html``.
        OSError: the folder does not exist (``FileNotFoundError``), the path is a folder, or the file
            cannot be written.
    """
    rs = Ruleset.get(ruleset)
    path = _check_out_path(out_path)
    text = cheatsheet_html(rs, rules_base)
    write_atomically(path, text)
    return path


