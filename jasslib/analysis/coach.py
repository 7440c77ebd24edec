"""A coach at the table: :func:`hint` gives the seat to move a hint in two stages, from its own view only.

Stage 1, **the idea** (:attr:`Hint.idea`): one sentence in the vocabulary of the beginners' tips of the
modern rules page (put points on, keep track of the Puur and the Näll, the last trick, draw trumps) and
of the rule book (who wins the trick, P6; card points, O4/O5), with its tip name or rule id.  The idea
is chosen from facts of the position that the engine computes (who is winning the trick so far,
:func:`jasslib.play.trick_winner`; which trumps are still out; the master cards in the hand, those no
unseen card of their suit beats, :func:`jasslib.play.above_table`), and always agrees with the card of
stage 2.

Stage 2, **the card** (:attr:`Hint.card`): the legal card with the best expected value for the seat's
team, found by :class:`jasslib.players.search.SearchPlayer` (it samples the hidden hands; it never looks
at them), with every legal card's expected points (:attr:`Hint.points`) and a small bar chart of them
(:meth:`Hint.bars_html`, inline SVG).

The expected points are the team's points from here to the end of the round: half the points still to
take plus half the search's mean difference (team minus the other team, the last trick's 5 included, O7).
With the 100 of a match (O7) possible the difference counts it, so a card that may win a match shows
about 50 more, not 100; the order of the cards is the search's either way.

>>> from jasslib import Round
>>> r = Round.deal(seed=1); r.choose("obenabe")
>>> h = hint(r.view(r.to_move), samples=16)
>>> h.card in r.legal_cards(), h.idea.source != ""
(True, True)
>>> hint(r.view(1))
Traceback (most recent call last):
...
jasslib.errors.HintError: seat 1 has no card to play now (it is seat 0's turn): a hint is for the seat to move
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from .. import _check
from ..cards import Card, CardSet, Rank
from ..errors import HintError
from ..play import above_table, trick_points, trick_winner
from ..round import Round, RoundView
from ..seats import Seat

__all__ = ["IDEAS", "Idea", "Hint", "hint", "idea_for", "position_facts", "PositionFacts", "OWN_VIEW_COLUMNS",
           "Accuracy", "review_own_view", "own_view_accuracy", "MISTAKE_POINTS", "JudgedCard", "judge_own_view",
           "own_view_table"]

MISTAKE_POINTS = 5.0
"""A card that gives away at least this many expected points (against the best card from the player's own view)
is a mistake: :func:`review_own_view` marks it, and Learn from your mistakes asks for a better card there."""


IDEAS: dict[str, tuple[str, str]] = {
    "forced": ("P2", "Only one card may be played here: the rules choose it for you."),
    "smear": ("tip 4: put points on",
              "Your partner is winning this trick: put points on it."),
    "partner_keep": ("tip 4: put points on",
                     "Your partner is winning this trick, but none of your cards adds points without costing a "
                     "better card: play a cheap one and keep your strong cards."),
    "last_trick": ("tip 5: the last trick (O7)",
                   "Keep the master card for the last trick: it brings 5 extra points."),
    "draw_trumps": ("tip 6: draw trumps", "You hold many trumps: lead them early, to pull the others' trumps."),
    "puur_out": ("tip 1: keep track of the Puur and the Näll",
                 "The Puur is still out: it beats every other trump, so keep your trumps back for now."),
    "lead_master": ("O1", "Lead a master card: no card of its suit still out can beat it."),
    "take": ("P6", "The other team is winning this trick: take it, it holds points."),
    "cheap": ("O4", "You cannot win this trick cheaply: give away a card with few points."),
    "best_value": ("search", "No simple rule settles it here: play the card with the most expected points."),
    "schieben": ("C1: schieben",
                 "Your hand has no contract good enough: say schieben and let your partner choose."),
    "name_contract": ("C1: name it yourself",
                      "Your hand carries a contract well: name it yourself rather than schieben."),
}
"""The ideas a hint can give: key → (its tip name or rule id, the sentence).  The tip names follow the
beginners' tips of the modern rules page (notebook 13 lists them).  ``schieben`` and ``name_contract`` are for
the forehand's call before the play (C1): the play-decision puzzles (topic ``play``) use them; a hint during the
play never gives them."""


@dataclass(frozen=True)
class Idea:
    """Stage 1 of a hint: the idea in words (``text``) and where it comes from (``source``: a beginners'
    tip or a rule id).  ``key``: one of :data:`IDEAS`."""

    key: str
    source: str
    text: str

    @classmethod
    def of(cls, key: str) -> Idea:
        """The idea ``key`` of :data:`IDEAS`.

        >>> Idea.of("smear").text
        'Your partner is winning this trick: put points on it.'
        """
        source, text = IDEAS[key]
        return cls(key, source, text)


@dataclass(frozen=True)
class PositionFacts:
    """What the seat to move can know about the position, computed with the engine.

    ``winner``: the seat winning the trick so far (None before the first card); ``partner_winning``;
    ``trick_points``: the card points in the trick so far; ``trumps_out``: the trumps neither played nor
    in the hand (empty without trumps); ``puur_out``: the Puur (trump J) is among them; ``masters``: the
    cards of the hand that no unseen card of their suit beats (a trump can still be trumped by nobody; a
    plain card can still be trumped).
    """

    seat: Seat
    winner: Seat | None
    partner_winning: bool
    trick_points: int
    trumps_out: CardSet
    puur_out: bool
    masters: CardSet

    def sentences(self) -> tuple[str, ...]:
        """The facts as short sentences (for the learner)."""
        out = []
        if self.winner is not None:
            who = "your partner" if self.partner_winning else f"seat {int(self.winner)} of the other team"
            out.append(f"So far {who} wins this trick ({self.trick_points} points in it).")
        if self.puur_out:
            out.append("The Puur is still out.")
        if self.masters:
            out.append(f"Your master cards: {self.masters}.")
        return tuple(out)


def _need_view(view: object, what: str) -> None:
    """Refuse anything but a seat's view (``Round.view(seat)``): a :class:`HintError` that says what to pass."""
    if not isinstance(view, RoundView):
        raise HintError(f"{what} needs a seat's view (Round.view(seat)), got {type(view).__name__}")


def position_facts(view: RoundView) -> PositionFacts:
    """The facts of the position of ``view`` (its seat's own view), see :class:`PositionFacts`.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1); r.choose("♥")
    >>> f = position_facts(r.view(0))
    >>> f.winner is None, f.puur_out == (Card.HJ not in r.hand(0))
    (True, True)
    """
    _need_view(view, "position_facts")
    contract = view.contract
    if contract is None:
        raise HintError(f"no contract is named yet (phase {view.phase.value}): a hint is for the play of the cards")
    cards = [c for _, c in view.trick]
    winner = None
    if cards:
        winner = view.trick[trick_winner(cards, contract)][0]
    seen = view.played.mask | view.hand.mask
    trumps_out = CardSet.from_mask(0)
    puur_out = False
    if contract.trump is not None:
        base = 9 * int(contract.trump)
        out_mask = sum(1 << c for c in range(base, base + 9)) & ~seen
        trumps_out = CardSet.from_mask(out_mask)
        puur_out = Card.make(contract.trump, Rank.JACK) in trumps_out
    above = above_table(int(contract))
    masters = CardSet.from_mask(sum(1 << int(c) for c in view.hand if not above[int(c)] & ~seen))
    return PositionFacts(view.seat, winner, winner is not None and winner == view.seat.partner,
                         trick_points(cards, contract, view.ruleset) if cards else 0, trumps_out, puur_out, masters)


@dataclass(frozen=True)
class Hint:
    """A two-stage hint for the seat to move (:func:`hint`).

    ``idea`` (stage 1) and ``facts``; ``card`` (stage 2), ``points``: every legal card with its expected
    points for the team from here (best first); ``phase`` and ``layouts``: how the search valued them
    (``"rollout"``, ``"exact"`` or ``"forced"``; the number of sampled layouts).
    """

    seat: Seat
    idea: Idea
    facts: tuple[str, ...]
    card: Card
    points: tuple[tuple[Card, float], ...]
    phase: str
    layouts: int

    def lost(self, card: Card) -> float:
        """Expected points ``card`` gives away against the hint's card (0 for the best card)."""
        value = dict(self.points)
        if card not in value:
            raise HintError(f"{card} is not one of the legal cards of this hint ({', '.join(str(c) for c in value)})")
        return round(value[self.card] - value[card], 1)

    def idea_html(self) -> str:
        """Stage 1 as HTML: the idea, its source, the facts."""
        facts = "".join(f"<li>{html.escape(f)}</li>" for f in self.facts)
        return (f"<div class='jass-hint-idea'><b>Idea:</b> {html.escape(self.idea.text)} "
                f"<small>({html.escape(self.idea.source)})</small>"
                + (f"<ul style='margin:0.2em 0;font-size:12px'>{facts}</ul>" if facts else "") + "</div>")

    def card_html(self, style: str = "french") -> str:
        """Stage 2 as HTML: the card in words and the bars."""
        how = {"rollout": "sampled hidden hands played out by the rule-based bots",
               "exact": "sampled hidden hands, each solved exactly",
               "forced": "the only legal card"}.get(self.phase, self.phase)
        layouts = f", {self.layouts} layouts" if self.layouts else ""
        return (f"<div class='jass-hint-card'><b>Card:</b> {html.escape(self.card.format(style))} "
                f"<small>(from what you can see: {how}{layouts})</small>{self.bars_html(style)}</div>")

    def bars_html(self, style: str = "french") -> str:
        """The expected points of every legal card as a small horizontal bar chart (inline SVG); the best
        card is marked ✓ (the mark carries the meaning, not the colour).

        >>> h = Hint(Seat(0), Idea.of("forced"), (), Card.HA, ((Card.HA, 40.0),), "forced", 0)
        >>> h.bars_html().startswith("<svg") and "A♥" in h.bars_html()
        True
        """
        rows = len(self.points)
        width, label, bar, row = 300, 44, 190, 18
        values = [v for _, v in self.points]
        top = max(max(values), 1.0)
        low = min(min(values), 0.0)
        span = top - low or 1.0
        parts = [f"<svg class='jass-hint-bars' xmlns='http://www.w3.org/2000/svg' width='{width}' "
                 f"height='{rows * row + 4}' role='img' aria-label='expected points of each legal card'>"]
        for i, (card, value) in enumerate(self.points):
            y = 2 + i * row
            x0 = label + bar * (0 - low) / span
            x1 = label + bar * (value - low) / span
            best = card == self.card
            colour = "#2a7a2a" if best else "#7a8fb0"
            parts.append(f"<text x='0' y='{y + 13}' font-size='12'>{html.escape(card.format(style))}</text>"
                         f"<rect x='{min(x0, x1):.1f}' y='{y + 2}' width='{max(abs(x1 - x0), 1):.1f}' "
                         f"height='{row - 5}' fill='{colour}'/><text x='{label + bar + 4}' y='{y + 13}' font-size='12'>"
                         f"{value:.1f}{' ✓' if best else ''}</text>")
        parts.append("</svg>")
        return "".join(parts)


def _remaining(view: RoundView) -> int:
    """Card points still to take (the current trick's included), with the last trick's 5 (O7)."""
    total = sum(view.ruleset.card_points(view.contract)) + 5  # type: ignore[arg-type]  # in play
    return total - sum(view.card_points)


def idea_for(view: RoundView, card: Card | str) -> Idea:
    """The idea that explains playing ``card`` (a legal card of the seat to move) in ``view``, from the facts of
    the position (:func:`position_facts`); :func:`hint` asks it about the search's best card.

    >>> from jasslib import Round
    >>> r = Round(["6♠ 7♣ 8♣ 9♣ 6♦ 7♦ 8♦ 9♦ 10♦", "A♠ K♠ Q♠ J♠ A♣ K♣ Q♣ J♣ 10♣", "7♠ 9♠ 6♣ A♦ K♦ Q♦ J♦ 6♥ 7♥",
    ...            "10♠ 8♠ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"], forehand=0)
    >>> r.choose("♥"); r.play("6♠"); r.play("A♠"); r.play("7♠")
    >>> idea_for(r.view(3), "10♠").key, idea_for(r.view(3), "8♠").key
    ('smear', 'partner_keep')
    """
    _need_view(view, "idea_for")
    if view.legal is None or view.contract is None:
        raise HintError(f"seat {int(view.seat)} has no card to play now: an idea is for the seat to move")
    c = Card.parse(card)
    legal = list(view.legal)
    if c not in legal:
        raise HintError(f"{c} is not a legal card for seat {int(view.seat)} here (legal: {view.legal})")
    return _choose_idea(view, position_facts(view), c, legal)


def _choose_idea(view: RoundView, facts: PositionFacts, card: Card, legal: list[Card]) -> Idea:
    """The idea that explains ``card`` from the facts of the position."""
    contract = view.contract
    assert contract is not None
    points = view.ruleset.card_points(contract)
    if len(legal) == 1:
        return Idea.of("forced")
    trick = [c for _, c in view.trick]
    trump = contract.trump
    if trick:
        wins = trick_winner(trick + [card], contract) == len(trick)
        if facts.partner_winning:
            if points[card] > min(points[c] for c in legal):
                return Idea.of("smear")
            return Idea.of("partner_keep")
        if wins and facts.trick_points + points[card] >= 10:
            return Idea.of("take")
        if not wins and points[card] == min(points[c] for c in legal):
            return Idea.of("cheap")
    if len(view.hand) == 2:
        other = next(c for c in legal if c != card)
        if other in facts.masters and card not in facts.masters:
            return Idea.of("last_trick")
    if not trick:
        trumps = [c for c in view.hand if c.suit == trump] if trump is not None else []
        if trump is not None and card.suit == trump and len(trumps) >= 4:
            return Idea.of("draw_trumps")
        if card in facts.masters:
            return Idea.of("lead_master")
        if facts.puur_out and card.suit != trump and trumps:
            return Idea.of("puur_out")
    elif facts.puur_out and trump is not None and card.suit != trump and any(c.suit == trump for c in legal):
        return Idea.of("puur_out")
    return Idea.of("best_value")


def hint(view: RoundView | Round, seed: int | str = 0, time_budget: float | None = 1.0,
         samples: int | None = None) -> Hint:
    """A two-stage :class:`Hint` for the seat to move in ``view`` (a :class:`~jasslib.round.RoundView`; a
    :class:`~jasslib.round.Round` is read as the view of its seat to move).

    ``seed``, ``time_budget``, ``samples``: those of :class:`~jasslib.players.search.SearchPlayer` (give
    ``samples`` for a hint that is the same on every machine).  :class:`~jasslib.errors.HintError` when
    the view's seat has no card to play.
    """
    from ..players.search import SearchPlayer

    if isinstance(view, Round):
        if view.to_move is None or view.contract is None:
            raise HintError(f"the round has no card to play now (phase {view.phase.value}): a hint is for the play "
                            "of the cards")
        view = view.view(view.to_move)
    if not isinstance(view, RoundView):
        raise HintError(f"a hint needs a RoundView or a Round, got {type(view).__name__}")
    if view.legal is None or view.contract is None:
        turn = f"it is seat {int(view.to_move)}'s turn" if view.to_move is not None else "no card is to be played"
        if view.contract is None and view.to_move is not None:
            turn = "the contract is not named yet"
        raise HintError(f"seat {int(view.seat)} has no card to play now ({turn}): a hint is for the seat to move")
    player = SearchPlayer(seed=seed, time_budget=time_budget, samples=samples)
    card = player.play_card(view)
    move = player.last_move
    legal = list(view.legal)
    rest = _remaining(view)
    if move["phase"] == "forced":
        values = {card: float(rest)}
    else:
        values = {Card.parse(k): (rest + v) / 2 for k, v in move["values"].items()}
    ranked = tuple(sorted(((c, round(v, 1)) for c, v in values.items()), key=lambda cv: (-cv[1], cv[0] != card, cv[0])))
    facts = position_facts(view)
    idea = _choose_idea(view, facts, card, legal)
    return Hint(view.seat, idea, facts.sentences(), card, ranked, str(move["phase"]), int(move["layouts"]))


OWN_VIEW_COLUMNS = ("trick", "seat", "card", "value", "best_value", "lost", "best_card", "idea", "mistake")
"""The columns of :func:`review_own_view`: ``value``/``best_value`` the expected points (team, from here,
as in :class:`Hint`) of the card played and of the search's best card, ``lost`` their difference (never
below 0), ``idea`` the key of the idea that explains the best card, ``mistake`` whether ``lost`` is at least
the review's threshold."""


@dataclass(frozen=True)
class Accuracy:
    """A round's accuracy from the player's own view: ``cards`` judged, ``mean_lost`` (expected points lost
    per card) and ``within_2`` (the share of cards within 2 expected points of the best)."""

    cards: int
    mean_lost: float
    within_2: float

    def __str__(self) -> str:
        return (f"{self.mean_lost:.1f} expected points lost per card; {self.within_2:.0%} of the {self.cards} cards "
                "within 2 points of the best")


@dataclass(frozen=True)
class JudgedCard:
    """One card a seat played, judged from its own view at that moment (:func:`judge_own_view`).

    ``number``: the card's place in the round (0 for the first card played); ``trick``: its trick (1 to 9);
    ``view``: what the seat saw before playing; ``card``: the card played; ``hint``: the search's
    :class:`Hint` at that position (every legal card's expected points, the best card and its idea).
    """

    number: int
    trick: int
    view: RoundView
    card: Card
    hint: Hint

    @property
    def value(self) -> float:
        """The expected points of the card played."""
        return dict(self.hint.points)[self.card]

    @property
    def lost(self) -> float:
        """Expected points the card gave away against the best (never below 0)."""
        return max(0.0, round(self.hint.points[0][1] - self.value, 1))


def _check_threshold(threshold: object) -> float:
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not threshold > 0:
        raise HintError(f"threshold is the expected points that make a mistake, a number above 0, got {threshold!r}")
    return float(threshold)


def judge_own_view(rnd: Round, seat: Seat | int, seed: int | str = 0, time_budget: float | None = 0.8,
                   samples: int | None = None) -> tuple[JudgedCard, ...]:
    """Every card ``seat`` played in ``rnd``, from trick 1, judged from its own view at that moment: a
    :class:`JudgedCard` with the :func:`hint` of that position (which sees only what the seat saw).  Forced
    cards are not searched.  ``seed``, ``time_budget``, ``samples``: the search's, as for :func:`hint`.

    >>> from jasslib import Round
    >>> from jasslib.players import RuleBasedPlayer, play_round
    >>> r = play_round(Round.deal(seed=2), [RuleBasedPlayer()] * 4)
    >>> cards = judge_own_view(r, 0, time_budget=None, samples=6)
    >>> len(cards), [c.trick for c in cards][:3], all(c.card in c.view.legal for c in cards)
    (9, [1, 2, 3], True)
    """
    from .postmortem import _replay_start

    me = Seat.parse(seat)
    if not isinstance(rnd, Round):
        raise HintError(f"a review from the player's own view needs a Round, got {type(rnd).__name__}")
    replay = _replay_start(rnd)
    plays = [(int(e["seat"]), Card.parse(e["card"])) for e in rnd.history if e["event"] == "play"]
    judged = []
    for k, (s, card) in enumerate(plays):
        if s == me:
            view = replay.view(me)
            h = hint(view, seed=seed, time_budget=time_budget, samples=samples)
            judged.append(JudgedCard(k, k // 4 + 1, view, card, h))
        replay.play(card, s)
    return tuple(judged)


def own_view_table(judged: tuple[JudgedCard, ...] | list[JudgedCard], threshold: float = MISTAKE_POINTS) -> Any:
    """The :func:`review_own_view` table of cards judged by :func:`judge_own_view`."""
    import pandas as pd

    limit = _check_threshold(threshold)
    if not isinstance(judged, (tuple, list)) or not all(isinstance(j, JudgedCard) for j in judged):
        raise HintError(f"own_view_table needs the cards judged by judge_own_view, got {type(judged).__name__}")
    rows = [(j.trick, int(j.view.seat), str(j.card), j.value, j.hint.points[0][1], j.lost, str(j.hint.card),
             j.hint.idea.key, j.lost >= limit) for j in judged]
    return pd.DataFrame.from_records(rows, columns=list(OWN_VIEW_COLUMNS))


def review_own_view(rnd: Round, seat: Seat | int, threshold: float = MISTAKE_POINTS, seed: int | str = 0,
                    time_budget: float | None = 0.8, samples: int | None = None) -> Any:
    """Every card ``seat`` played in ``rnd`` judged from its own view at that moment, from trick 1: the
    search's expected points of the card played and of the best card (:func:`hint` at that position,
    which sees only what the seat saw).  A pandas table with :data:`OWN_VIEW_COLUMNS`; a card is a
    ``mistake`` when it loses at least ``threshold`` expected points (:data:`MISTAKE_POINTS`).  Forced
    cards lose nothing and are not searched.  :func:`own_view_accuracy` sums a table up.

    >>> from jasslib import Round
    >>> from jasslib.players import RuleBasedPlayer, play_round
    >>> r = play_round(Round.deal(seed=2), [RuleBasedPlayer()] * 4)
    >>> t = review_own_view(r, 0, time_budget=None, samples=6)
    >>> len(t), bool((t.lost >= 0).all()), list(t.columns) == list(OWN_VIEW_COLUMNS)
    (9, True, True)
    """
    Seat.parse(seat)
    if not isinstance(rnd, Round):
        raise HintError(f"review_own_view needs a Round, got {type(rnd).__name__}")
    _check_threshold(threshold)
    return own_view_table(judge_own_view(rnd, seat, seed, time_budget, samples), threshold)


def own_view_accuracy(table: Any) -> Accuracy:
    """The :class:`Accuracy` of a :func:`review_own_view` table.

    >>> import pandas as pd
    >>> str(own_view_accuracy(pd.DataFrame({"lost": [0.0, 1.5, 6.0, 0.5]})))
    '2.0 expected points lost per card; 75% of the 4 cards within 2 points of the best'
    """
    _check.frame(table, "own_view_accuracy: the review_own_view table", ("lost",))
    lost = [float(x) for x in table["lost"]]
    if not lost:
        return Accuracy(0, 0.0, 1.0)
    return Accuracy(len(lost), round(sum(lost) / len(lost), 1), round(sum(x <= 2 for x in lost) / len(lost), 3))
