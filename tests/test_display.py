"""HTML display (jasslib.display): well-formed markup, every card findable, suits told apart without colour (D2),
a seat's table view hiding the other hands, score sheets that agree with the engine (H1, H2, G1–G4), and the
notebooks' ``_repr_html_`` hooks it attaches to cards, card sets and rounds."""

from __future__ import annotations

import pytest
from htmlcheck import Element
from htmlcheck import parse as parse_html

from jasslib import STYLES, Card, CardParseError, CardSet, Contract, Game, Round, Seat, hand_score, revoke_score
from jasslib.display import (
    card_back_html,
    card_html,
    cards_html,
    contest_html,
    declaration_html,
    hand_html,
    round_html,
    score_sheet_html,
    table_html,
    trick_html,
)
from jasslib.errors import ArgumentError
from jasslib.weis import best_declaration, contest_hands

ALL_CARDS = list(Card)
SUIT_WORDS = {
    "french": ("♣", "♠", "♥", "♦"),
    "ascii": ("C", "S", "H", "D"),
    "swiss": ("Eicheln", "Schilten", "Rosen", "Schellen"),
    "german": ("Eichel", "Laub", "Herz", "Schellen"),
}
SWISS_RANKS = ("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass")
# Tags that render alike in JupyterLab, Voilà and GitHub: no script, style sheet, frame or external resource.
# (tbody: the parser puts table rows in one, as every browser does.)
ALLOWED_TAGS = {
    "div", "span", "small", "b", "br", "table", "tbody", "tr", "th", "td", "details", "summary",
    "svg", "path", "circle", "ellipse", "rect",
}


def parse(markup: str) -> Element:
    """The parsed markup, checked: well-formed (tests/htmlcheck.py), only the allowed tags, no script or external
    resource, and no card inside a card."""
    doc = parse_html(markup)
    used = {e.tag for e in doc.find_all()}
    assert used <= ALLOWED_TAGS, f"unexpected tags {used - ALLOWED_TAGS}"
    for e in doc.find_all():
        assert not ({"src", "href"} & set(e.attrs)), f"an external resource in {e}"
        assert not any(name.startswith("on") for name in e.attrs), f"a script in {e}"
    for card in card_elements(doc):
        assert not card.find_all(class_="jass-card"), f"a card inside the card {card}"
    return doc


def card_elements(doc: Element) -> list[Element]:
    """The face-up cards: the ``class="jass-card"`` elements, in document order."""
    return doc.find_all(class_="jass-card")


def shown(doc: Element, **attrs: str | bool) -> list[str]:
    """The codes (``data-card``) of the face-up cards, in document order; only those with ``attrs`` if given."""
    return [c.attrs["data-card"] for c in doc.find_all(class_="jass-card", **attrs)]


def check_cards(doc: Element, style: str) -> None:
    """Every card element carries its code, shows its name in ``style`` and a suit marker in its text."""
    for c in card_elements(doc):
        card = Card.parse(c.attrs["data-card"])
        assert c.attrs["data-card"] == card.format("ascii")
        assert c.text == card.format(style)
        assert SUIT_WORDS[style][card.suit] in c.text
        assert c.attrs["title"] == str(card)


def codes(cards: CardSet | list[Card]) -> set[str]:
    return {c.format("ascii") for c in cards}


def style_of(e: Element) -> dict[str, str]:
    """The declarations of an element's ``style`` attribute."""
    pairs = (d.split(":", 1) for d in e.attrs.get("style", "").split(";") if ":" in d)
    return {name.strip(): value.strip() for name, value in pairs}


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize("style", STYLES)
def test_D2_every_card_shows_its_suit_in_words_or_symbol_not_only_colour(style):
    texts = set()
    for card in ALL_CARDS:
        doc = parse(card_html(card, style))
        assert shown(doc) == [card.format("ascii")]
        check_cards(doc, style)
        assert doc.text == card.format(style) and doc.attr_values("title") == [str(card)]  # nothing else shown
        texts.add(doc.text)
    assert len(texts) == 36  # no two cards look alike in text


def test_D2_red_suits_are_red_and_black_suits_are_not():
    for card in ALL_CARDS:
        red = "#c8102e" in parse(card_html(card)).find(class_="jass-card").attrs["style"]
        assert red == (card.suit in (2, 3)), card


def test_D2_swiss_style_shows_swiss_suit_and_rank_names():
    doc = parse(cards_html(CardSet.full(), "swiss"))
    text = doc.text
    for word in SUIT_WORDS["swiss"] + SWISS_RANKS:
        assert word in text
    for word in ("♣", "♠", "♥", "♦", "Jack", "Queen"):
        assert word not in text
    assert parse(card_html("Rosen Ass", "swiss")).find_all("svg")  # a suit picture besides the name


def test_card_html_accepts_card_likes_and_refuses_unknown_text():
    assert card_html("A♣") == card_html(Card.CA) == card_html(8)
    with pytest.raises(CardParseError):
        card_html("Z♣")


def test_card_flags_highlight_dim_label():
    plain = parse(card_html("A♦")).find(class_="jass-card")
    assert "outline" not in plain.attrs["style"] and "data-dim" not in plain.attrs
    hi = parse(card_html("A♦", highlight=True)).find(class_="jass-card")
    assert hi.attrs["data-highlight"] == "true" and "outline" in hi.attrs["style"]
    dim = parse(card_html("A♦", dim=True))
    assert shown(dim, data_dim="true") == ["AD"]
    labelled = parse(card_html("A♦", label="seat 3"))
    assert labelled.text == "A♦seat 3"
    assert shown(parse(card_html("A♦", small=True))) == ["AD"]


def test_text_is_escaped():
    doc = parse(card_html("A♦", label="<b>x</b> & \"y\""))
    assert "<b>x</b> & \"y\"" in doc.text
    assert parse(card_html("A♦", label="<b>x</b>")).find_all("b") == []
    doc = parse(trick_html([(0, "A♣")], caption="<script>alert(1)</script>"))
    assert "<script>alert(1)</script>" in doc.text


def test_card_back_hides_the_card():
    doc = parse(card_back_html() + card_back_html(small=True, overlap=20))
    assert card_elements(doc) == [] and doc.text == "" and len(doc.find_all(class_="jass-back")) == 2
    assert doc.attr_values("data-card") == [] and doc.attr_values("title") == []


@pytest.mark.parametrize("style", STYLES)
def test_D2_cards_html_keeps_order_and_shows_every_card(style):
    doc = parse(cards_html([Card.HA, Card.C6, Card.S10], style))
    assert shown(doc) == ["AH", "6C", "TS"]
    check_cards(doc, style)
    full = CardSet.full()
    doc = parse(cards_html(full, style))
    assert shown(doc) == [c.format("ascii") for c in full]
    assert doc.attr_values("title") == [str(c) for c in full]
    check_cards(doc, style)
    for empty in (CardSet(), []):
        assert card_elements(parse(cards_html(empty, style))) == []


def test_notebook_repr_html_hooks():
    assert Card.HA._repr_html_() == card_html(Card.HA)
    s = CardSet.parse("A♣ 10♥")
    assert s._repr_html_() == cards_html(s)
    assert shown(parse(s._repr_html_())) == ["AC", "TH"]


# --------------------------------------------------------------------------- hands and tricks


@pytest.mark.parametrize("style", STYLES)
def test_hand_html_sorts_by_suit_then_rank_and_dims_illegal_cards(style):
    hand = [Card.DA, Card.C6, Card.HJ, Card.CA, Card.S7, Card.H6]
    legal = [Card.HJ, Card.H6]
    doc = parse(hand_html(hand, style, legal=legal))
    assert shown(doc) == ["6C", "AC", "7S", "6H", "JH", "AD"]
    check_cards(doc, style)
    assert shown(doc, data_dim="true") == ["6C", "AC", "7S", "AD"]
    assert parse(hand_html(hand, style)).find_all(data_dim=True) == []
    assert shown(parse(hand_html("A♣ K♣"))) == ["KC", "AC"]
    assert "no cards" in parse(hand_html([])).text


@pytest.mark.parametrize("style", STYLES)
def test_trick_html_labels_seats_and_marks_the_winner_in_words(style):
    plays = [(Seat.S3, Card.CA), (Seat.S0, Card.CK), (Seat.S1, Card.HJ), (Seat.S2, Card.C6)]
    doc = parse(trick_html(plays, winner=Seat.S1, style=style, points=45))
    assert shown(doc) == ["AC", "KC", "JH", "6C"]
    check_cards(doc, style)
    text = doc.text
    for s in range(4):
        assert f"seat {s}" in text
    assert "seat 1 ★ wins" in text and "seat 1 wins 45 points" in text
    assert shown(doc, data_highlight="true") == ["JH"]
    assert "wins" not in parse(trick_html(plays, style=style)).text
    assert "no card played yet" in parse(trick_html([])).text


def test_trick_html_takes_seat_numbers_and_card_text_and_outlines_only_the_winner():
    doc = parse(trick_html([(0, "A♣"), (1, "K♣"), (2, "J♥"), (3, "6♣")], winner=2))
    assert doc.attr_values("title") == ["A♣", "K♣", "J♥", "6♣"]
    outlined = [e for e in doc.find_all() if "outline" in style_of(e)]
    assert [e.attrs.get("data-card") for e in outlined] == ["JH"]


# --------------------------------------------------------------------------- Weis


@pytest.mark.parametrize("style", STYLES)
def test_declaration_html_shows_each_weis_as_cards_with_points(style):
    d = best_declaration("6♥ 7♥ 8♥ Q♣ Q♠ Q♥ Q♦ A♠", Contract.HEARTS)
    doc = parse(declaration_html(d, style))
    assert sorted(shown(doc)) == sorted(codes(d.cards))
    check_cards(doc, style)
    for w in d.weis:
        assert w.format(style) in doc.text
    assert f"total {d.points}" in doc.text
    assert doc.attr_values("data-points")[0] == str(d.points)
    assert "★ strongest" in parse(declaration_html(d, style, mark_strongest=True)).text
    assert parse(declaration_html(best_declaration("6♥ 8♥", Contract.HEARTS))).text == "no Weis"


@pytest.mark.parametrize("style", STYLES)
def test_contest_html_shows_all_declarations_winner_and_reason(style):
    hands = ["J♣ J♠ J♥ J♦", "6♠ 7♠ 8♠ 9♠ 10♠", "A♣ A♠ A♥ A♦", "6♥ 7♥ 8♥"]
    result = contest_hands(hands, Contract.OBENABE, forehand=1)
    doc = parse(contest_html(result, style))
    declared = set()
    for d in result.declarations:
        declared |= codes(d.cards)
    assert set(shown(doc)) == declared and len(shown(doc)) == len(declared)
    check_cards(doc, style)
    text = doc.text
    assert result.reason in text and "★ strongest" in text
    assert "counts 200" in text and "counts 100" in text and "lost: 0" in text
    assert doc.attr_values("data-seat") == ["1", "2", "3", "0"]  # playing order from forehand
    from jasslib import CLASSIC

    assert "Recorded ×3: team 0 900, team 1 0." in parse(contest_html(result, style, ruleset=CLASSIC)).text


# --------------------------------------------------------------------------- the table


def _rounds_in_progress(seed: int):
    """A round followed through every state: before the contract, then after each card."""
    r = Round.deal(seed=seed)
    yield r
    if seed % 2:
        r.schieben()
        yield r
    r.choose(Contract(seed % 6))
    yield r
    while not r.done:
        legal = r.legal_cards()
        r.play(legal[seed % len(legal)])
        yield r


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_table_from_a_view_never_shows_another_seats_cards(seed):
    for state, r in enumerate(_rounds_in_progress(seed)):
        for seat in Seat:
            view = r.view(seat)
            doc = parse(table_html(view))
            check_cards(doc, "french")
            faces = shown(doc)
            shown_weis = set()
            for d in view.weis_shown:
                if d is not None:
                    shown_weis |= codes(d.cards)
            public = codes(view.hand) | codes(view.played) | shown_weis
            assert set(faces) <= public
            for other in Seat:
                if other != seat:
                    hidden = codes(r.hand(other)) - shown_weis
                    assert not (set(faces) & hidden), (seat, other)
                    assert not (set(doc.attr_values("title")) & {str(Card.parse(c)) for c in hidden})
            # the viewer's own hand is all there, face up
            assert codes(view.hand) <= set(faces)
            # one card back per hidden card
            backs = len(doc.find_all(class_="jass-back"))
            assert backs == sum(n for s, n in enumerate(view.hand_sizes) if s != seat)
            # the trick on the table: in the middle, each card once
            for _, card in view.trick:
                assert card.format("ascii") in faces
            # the same from the Round and a seat (one seat per state, in turn: parsing is the slow part)
            if seat == state % 4:
                assert sorted(shown(parse(table_html(r, seat)))) == sorted(faces)


def test_table_places_partner_on_top_and_opponents_left_and_right():
    r = Round.deal(seed=4)
    r.choose("♠")
    for seat in Seat:
        places = {}
        for e in parse(table_html(r.view(seat))).find_all(class_="jass-seat"):
            places[int(e.attrs["data-seat"])] = (int(style_of(e)["grid-row"]), style_of(e)["grid-column"])
        assert sorted(places) == [0, 1, 2, 3]
        assert places[int(seat)] == (3, "1 / 4")  # the viewer at the bottom, across the table
        assert places[int(seat.partner)] == (1, "2")  # the partner at the top
        assert places[int(seat.next)] == (2, "3")  # the next player (P1: to the right) on the right
        assert places[int(seat.previous)] == (2, "1")


def test_table_shows_contract_multiplier_mover_points_weis_and_stoeck():
    r = Round.deal(seed=1)
    assert "to be named by seat 0" in parse(table_html(r.view(0))).text
    r.schieben()
    text = parse(table_html(r.view(1))).text
    assert "to be named by seat 2 after schieben" in text and "▶ seat 2 to choose" in text
    r.choose("♥")
    text = parse(table_html(r.view(0))).text
    assert "♥ trump ×2 (named by seat 2 after schieben)" in text
    assert "▶ seat 0 to play" in text and "Weis is settled after the first trick" in text
    to_move = parse(table_html(r.view(0))).find_all(class_="jass-seat", data_to_move="true")
    assert [e.attrs["data-seat"] for e in to_move] == ["0"]
    while r.trick_number < 3:
        r.play(max(r.legal_cards()))
    view = r.view(r.to_move)
    doc = parse(table_html(view))
    for t in (0, 1):
        row = doc.find("tr", data_team=str(t))
        cells = {td.attrs["data-field"]: td.text for td in row.find_all("td", data_field=True)}
        assert cells == {"tricks": str(view.tricks_won[t]), "points": str(view.card_points[t]),
                         "weis": str(view.weis_recorded[t]), "stoeck": str(view.stoeck_recorded[t])}
    if view.weis_winner is not None:
        assert f"seat {int(view.weis_winner)} has the strongest" in doc.text
    # the last finished trick lies in the middle while the next one has not started
    last = view.tricks[-1]
    if not view.trick:
        assert f"seat {int(last.winner)} wins {last.points}" in doc.text
    # Stöck, once recorded, is written down
    r2 = Round(["Q♥ K♥ 6♣ 7♠ 8♦ 9♣ 10♠ J♦ A♣", "6♥ 7♥ 8♥ 6♠ 8♠ 9♠ 6♦ 7♦ 9♦", "9♥ 10♥ J♥ A♥ 7♣ 8♣ J♣ Q♣ K♣",
                "10♣ J♠ Q♠ K♠ A♠ 10♦ Q♦ K♦ A♦"], dealer=3)
    r2.choose("♥")
    while not any(r2.stoeck_recorded):
        r2.play(max(r2.legal_cards()))
    assert "Stöck: team 0 records 40" in parse(table_html(r2.view(1))).text


def test_table_dims_the_cards_the_viewer_may_not_play():
    for seed in range(40):
        r = Round.deal(seed=seed)
        r.choose("♣")
        r.play(r.legal_cards()[0])
        legal, hand = r.legal_cards(), r.hand(r.to_move)
        if len(legal) < len(hand):
            break
    else:  # pragma: no cover
        pytest.fail("no deal with a restricted second player")
    doc = parse(table_html(r.view(r.to_move)))
    assert set(shown(doc, data_dim="true")) == codes(hand - legal)
    assert "may not be played" in doc.text


@pytest.mark.parametrize("style", ["swiss", "german", "ascii"])
def test_table_in_other_styles(style):
    r = Round.deal(seed=9)
    r.choose("♦")
    for _ in range(6):
        r.play(max(r.legal_cards()))
    doc = parse(table_html(r.view(2), style=style))
    check_cards(doc, style)
    assert Contract.DIAMONDS.format(style) in doc.text
    if style == "swiss":
        assert "Schellen trump ×2" in doc.text


def test_table_arguments_are_checked():
    r = Round.deal(seed=1)
    with pytest.raises(ValueError):
        table_html(r.view(1), seat=2)
    assert table_html(r.view(1), seat=1) == table_html(r.view(1))
    with pytest.raises(ValueError):
        table_html(r.view(1), open_hands=True)
    with pytest.raises(ArgumentError, match="a RoundView or a Round"):
        table_html("a round")  # type: ignore[arg-type]


def test_round_html_is_the_referee_view_with_every_card():
    r = Round.deal(seed=5)
    doc = parse(round_html(r))
    assert sorted(shown(doc)) == sorted(c.format("ascii") for c in Card)
    assert r._repr_html_() == round_html(r)
    r.choose("♠")
    for _ in range(14):
        r.play(min(r.legal_cards()))
    doc = parse(round_html(r, "swiss"))
    check_cards(doc, "swiss")
    in_play = codes(CardSet.full() - r.played) | {c.format("ascii") for _, c in r.trick}
    assert in_play <= set(shown(doc))
    for t in r.tricks:
        assert f"trick {t.number + 1}: seat {int(t.winner)} wins {t.points}" in doc.text
    while not r.done:
        r.play(min(r.legal_cards()))
    doc = parse(round_html(r))
    s = r.score()
    assert f"Hand over: team 0 scores {s.total[0]}, team 1 scores {s.total[1]}" in doc.text
    assert parse(round_html(r)).find_all(data_kind="hand")


# --------------------------------------------------------------------------- score sheets


def _cells(doc: Element) -> dict[tuple[str, str, str | None], str]:
    """(field, team, hand) -> the text of every score cell (team "" and hand None where the cell has none)."""
    out = {}
    for td in doc.find_all("td", data_field=True):
        out[(td.attrs["data-field"], td.attrs.get("data-team", ""), td.attrs.get("data-hand"))] = td.text
    return out


@pytest.mark.parametrize(
    "hs",
    [
        hand_score((95, 57), (5, 4), 0, Contract.HEARTS, weis=(20, 0)),  # H3
        hand_score((152, 0), (9, 0), 0, Contract.UNDENUFE, weis=(0, 50), stoeck=(0, 0)),  # a match
        hand_score((70, 82), (4, 5), 1, Contract.SPADES, stoeck=(20, 0)),
        revoke_score(1, "♥", weis=(20, 0)),
    ],
)
def test_H2_hand_score_sheet_numbers_match(hs):
    doc = parse(score_sheet_html(hs))
    cells = _cells(doc)
    for t in (0, 1):
        key = str(t)
        assert cells[("card_points", key, None)] == str(hs.card_points[t])
        assert cells[("trick_points", key, None)] == str(hs.trick_points[t])
        assert cells[("trick_score", key, None)] == str(hs.trick_score[t])
        assert cells[("weis", key, None)] == f"+{hs.weis[t]}"
        assert cells[("stoeck", key, None)] == f"+{hs.stoeck[t]}"
        assert cells[("total", key, None)] == str(hs.total[t])
        assert cells[("last_trick", key, None)] == ("+5" if hs.last_trick == t else "")
    if hs.match is not None:
        assert cells[("match", str(int(hs.match)), None)] == "+100"
    if hs.revoke is not None:
        assert "revoke by team 1" in doc.text
    assert f"{hs.contract.format('french')} ×{hs.multiplier}" in doc.text


def _play_game(seed: int, ruleset: str = "classic") -> Game:
    g = Game(seed=seed, ruleset=ruleset)
    while not g.over:
        if g.round.contract is None:
            g.choose("♥" if seed % 2 else "obenabe")
        else:
            g.play(max(g.legal_cards()))
    return g


@pytest.mark.parametrize("seed", [3, 8])
def test_G1_game_score_sheet_numbers_match(seed):
    g = _play_game(seed)
    doc = parse(score_sheet_html(g))
    cells = _cells(doc)
    running = [0, 0]
    for i, hs in enumerate(g.hand_scores):
        n = str(i + 1)
        assert cells[("multiplier", "", n)] == str(hs.multiplier)
        for t in (0, 1):
            running[t] += hs.total[t]
            key = str(t)
            raw = f"{hs.trick_points[t]}×{hs.multiplier} " if hs.multiplier != 1 else ""
            tag = " match" if hs.match == t else ""
            assert cells[("trick_score", key, n)] == f"{raw}{hs.trick_score[t]}{tag}"
            assert cells[("weis", key, n)] == str(hs.weis[t])
            assert cells[("stoeck", key, n)] == str(hs.stoeck[t])
            assert cells[("total", key, n)] == str(hs.total[t])
            assert cells[("running", key, n)] == str(running[t])
    last = max(int(h) for (_, _, h) in cells if h)
    for t in (0, 1):
        assert cells[("running", str(t), str(last))] == str(g.scores[t])
        gap = g.ruleset.target - g.scores[t]
        assert cells[("to_go", str(t), None)] == ("✓ reached" if gap <= 0 else f"{gap} to go")
    assert f"target {g.ruleset.target}" in doc.text
    assert str(g.end) in doc.text
    # contract and chooser per hand
    for r, hs in zip(g.rounds, g.hand_scores):
        assert f"by seat {int(r.chooser)}" in doc.text
        assert hs.contract.format("french") in doc.text


def test_G4_game_score_sheet_names_schneider_and_a_claim_that_stops_a_hand():
    g = Game(seed=1, auto_claim=False)
    g.choose("♣")
    for _ in range(8):
        g.play(max(g.legal_cards()))
    g.claim(1)  # a false claim: team 1 loses (G2) with far less than half the target
    assert g.end is not None and g.end.schneider
    doc = parse(score_sheet_html(g))
    assert "Schneider" in doc.text and "counts as 2 games" in doc.text
    assert "stopped: claim" in doc.text
    cells = _cells(doc)
    for t in (0, 1):
        assert cells[("running", str(t), "1")] == str(g.end.scores[t])


def test_game_in_progress_and_lists_of_hand_scores():
    g = Game(seed=2)
    assert "no hand finished yet" in parse(score_sheet_html(g)).text
    while len(g.hand_scores) < 2:
        if g.round.contract is None:
            g.choose("♠")
        else:
            g.play(min(g.legal_cards()))
    g.choose("♦")
    for _ in range(4):
        g.play(min(g.legal_cards()))
    doc = parse(score_sheet_html(g, "swiss"))
    assert "in play" in doc.text and "Schellen trump" in doc.text
    cells = _cells(doc)
    for t in (0, 1):
        assert cells[("running", str(t), "3")] == str(g.scores[t])
    hs = list(g.hand_scores)
    cells = _cells(parse(score_sheet_html(hs, target=1000)))
    for t in (0, 1):
        total = hs[0].total[t] + hs[1].total[t]
        assert cells[("running", str(t), "2")] == str(total)
        assert cells[("to_go", str(t), None)] == ("✓ reached" if total >= 1000 else f"{1000 - total} to go")
    with pytest.raises(ArgumentError, match="HandScores"):
        score_sheet_html([1, 2])  # type: ignore[list-item]
