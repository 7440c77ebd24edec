"""Play a whole round at a table against three bots: :class:`RoundPlayer`.

The learner sits at ``seat``; the bots (:class:`~jasslib.players.RuleBasedPlayer` by default) play
the other seats.  The widget shows the table as the learner's seat sees it (``Round.view``), the
learner's hand as buttons, a contract chooser when it is the learner's choice, a message line and
a log of the round (tricks, Weis, Stöck, the score).  Every rule is the engine's: a refused card
shows the engine's reason (``Round.check(card).message``, with the rule id) and changes nothing.

>>> p = RoundPlayer(seed=1)
>>> p.round.to_move == p.seat or p.round.done
True
>>> while not p.round.done:
...     if p.round.contract is None:
...         p.choose("♥")
...     else:
...         p.play(min(p.round.legal_cards()))
>>> "Score" in p.log.value
True

Once the round is over, **Review** judges every card with all cards open (double dummy,
:func:`jasslib.analysis.review`), from trick 1 in every contract: the round is judged in the background from the
moment its contract is named, each trick as soon as it is complete (:class:`jasslib.analysis.LiveReview`), so the
slow first trick of a trump contract is solved while the learner plays.  Each of the learner's cards is marked
best or "lost N points" with the best cards shown, and the same for the bots, with each seat's and team's total.
Above it, the learner's cards are judged from what the learner could see (the Hint's search, from trick 1), with
the round's **accuracy**; **Learn from your mistakes** (:attr:`RoundPlayer.mistakes`, a
:class:`~jasslib.widgets.mistakes.MistakesPanel`) goes back to each card that cost at least
:data:`~jasslib.analysis.MISTAKE_POINTS` expected points and asks for a better one.

>>> p.review_button.disabled
False
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as w

from .. import _check
from ..cards import Card, CardLike, CardSet
from ..contracts import Contract
from ..display import cards_html, trick_html
from ..errors import ArgumentError, CardParseError, IllegalPlayError, JassError, excerpt
from ..players import Player, RuleBasedPlayer, take_turn
from ..progress import ProgressSpec, save_round, save_round_accuracy, trainer_progress
from ..round import Round, RoundView
from ..rulesets import CLASSIC, Ruleset
from ..seats import Seat
from ._common import (
    CardPicture,
    HandToClick,
    card_label,
    check_style,
    display_function,
    guarded,
    message_html,
    sentence,
    text_html,
)
from .advisor import AdviceBox
from .hint import HintBox
from .mistakes import MistakesPanel

__all__ = ["RoundPlayer", "REVIEW_AHEAD_ENV", "table_fallback_html", "score_html", "review_html", "own_view_html",
           "lines_html"]

REVIEW_AHEAD_ENV = "JASSLIB_REVIEW_AHEAD"
"""The environment variable that sets :class:`RoundPlayer`'s ``review_ahead`` when it is not given: ``0`` (or
``off``, ``no``, ``false``) turns it off, as ``python app/serve.py --review-ahead off`` does for every kernel of a
server; anything else, or no variable, leaves it on."""


class RoundPlayer:
    """One round of Schieber at a table: the learner at ``seat`` against three bots.

    ``seed`` fixes the deal (``Round.deal``); ``bots`` is ``None`` (a
    :class:`~jasslib.players.RuleBasedPlayer` at every other seat), one player for every other
    seat, or four players indexed by seat (the learner's entry is ignored).  **New round** deals
    the next seed with the deal moved one seat to the right (D4), so the forehand changes.
    ``show_legal=True`` fades the cards that may not be played (the engine's ``view.legal``); by
    default the learner finds them out, and a refused card says why.  ``hints=True`` is the old name
    of ``show_legal`` and still means the same (giving both, they must agree).

    While the learner chooses the contract (at forehand, or as the partner after schieben), **What would you
    name?** (:attr:`advice_box`, a :class:`~jasslib.widgets.advisor.AdviceBox`) shows the contract advisor's
    view of the hand before the choice: each contract's expected score as bars, schieben's value and the
    advisor's choice in one sentence (:func:`jasslib.analysis.advise` on a few hundred sampled deals).

    The **Hint** button (:attr:`hint_box`, a :class:`~jasslib.widgets.hint.HintBox`) helps during play in
    two stages, from the learner's own view: first the idea, then the card with the expected points of
    every legal card.  ``hint_budget``/``hint_samples``: the search's seconds and layouts per hint.  The
    hints used are told in the round's summary (:attr:`hints_used`, :attr:`cards_shown`) and, when the
    round is over, recorded in progress (``progress``: as the trainers', see
    :func:`jasslib.progress.trainer_progress`).  Once the round is over, **Learn from your mistakes**
    (:attr:`learn_button`, :attr:`mistakes`, :meth:`learn`) replays it to each of the learner's costly cards;
    the round's accuracy from the learner's own view (:attr:`accuracy`, once judged by Review or Learn from
    your mistakes) is recorded in progress too, with the round (:meth:`round_label`).

    ``show_tricks=True`` shows the cards of the finished tricks while the hand is played (in the table, to
    expand, and in the log); the **Finished tricks** checkbox switches it.  It is off by default: in the
    game a finished trick lies face down, and you may remember it but not look back at it (P1); showing
    them is a help for learning.  Once the hand is over every trick is shown.

    Public: :attr:`round`, :attr:`ui`, :attr:`hand_buttons` (card → its picture, clicked to play it; a
    :class:`~jasslib.widgets._common.CardPicture`, faded when ``show_legal`` rules it out), :attr:`message`
    and :attr:`log` (HTML), :attr:`contract_menu`, :attr:`choose_button`, :attr:`schieben_button`,
    :attr:`new_round_button`, :attr:`review_button` and :attr:`review_output` (HTML) with
    :attr:`last_review` (the :func:`~jasslib.analysis.review` table), :attr:`review_all_button` (**Judge trick 1
    too**, shown when the review started later, see :attr:`trump_review_from`), :attr:`why_menu`,
    :attr:`why_button` and :attr:`why_output` (after the Review: the learner's cards that lost points, and
    **Show the two lines**, :func:`~jasslib.analysis.compare_lines`; with ``review_ahead``,
    :meth:`~jasslib.analysis.LiveReview.lines` finds them in the review's own solver tables, in a fraction of a
    second even for trick 1 of a trump contract), :attr:`tricks_checkbox` (the
    **Finished tricks** switch, :attr:`show_tricks`); the methods :meth:`play`,
    :meth:`choose`, :meth:`schieben`, :meth:`new_round`, :meth:`review` and :meth:`why` do what the buttons do.

    ``review_ahead`` (default True, or :data:`REVIEW_AHEAD_ENV`) judges each trick with all cards open in a
    background thread once it is complete, starting on the opening position when the contract is named
    (:attr:`live_review`, a :class:`~jasslib.analysis.LiveReview`): the Review is then ready, or nearly, when the
    round ends.  It costs the solver's CPU time for every round, reviewed or not (a trump round: a median of 3-5 s,
    up to tens of seconds); on a server shared by a class, ``review_ahead=False`` solves only the rounds that are
    reviewed, and then from trick 2 with trumps (:attr:`trump_review_from`).
    """

    def __init__(
        self,
        seed: int | str = 0,
        seat: Seat | int = 0,
        ruleset: Ruleset | str = CLASSIC,
        bots: Player | Sequence[Player | None] | None = None,
        style: str = "french",
        dealer: Seat | int = 3,
        hints: bool | None = None,
        show_tricks: bool = False,
        show_legal: bool | None = None,
        hint_budget: float | None = 1.0,
        hint_samples: int | None = None,
        progress: ProgressSpec = None,
        review_ahead: bool | None = None,
    ) -> None:
        self.seat = Seat.parse(seat)
        if review_ahead is None:
            review_ahead = os.environ.get(REVIEW_AHEAD_ENV, "1").strip().lower() not in ("0", "off", "no", "false")
        self.review_ahead = _check.flag(review_ahead, "review_ahead")
        if hints is not None:
            hints = _check.flag(hints, "hints")
        if show_legal is not None:
            show_legal = _check.flag(show_legal, "show_legal")
        if hints is not None and show_legal is not None and hints != show_legal:
            raise ArgumentError(f"hints (the old name of show_legal) is {hints} but show_legal is {show_legal}: "
                                "give one of them")
        self.show_legal = bool(show_legal if show_legal is not None else hints)
        self.show_tricks = _check.flag(show_tricks, "show_tricks")
        self.progress = trainer_progress(progress)
        self.progress_note: str | None = None
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset.get(ruleset)
        self.style = check_style(style)
        self.bots = self._bots(bots)
        checked = _check.seed(seed, room=8)  # each round's seed adds "/k"
        if checked is None:
            raise CardParseError("a round player's seed is a whole number or a word, got None")
        self.seed: int | str = checked
        self.rounds_played = 0
        self.dealer = Seat.parse(dealer)

        self.header = w.HTML()
        self.table = w.HTML()
        self.contract_menu = w.Dropdown(options=[(c.format(self.style), c) for c in Contract], value=Contract(0),
                                        description="Contract:", layout=w.Layout(width="16em"))
        self.choose_button = w.Button(description="Choose", button_style="primary", icon="check",
                                      tooltip="Name this contract")
        self.schieben_button = w.Button(description="Schieben", icon="share",
                                        tooltip="Pass the choice of contract to your partner")
        self.advice_box = AdviceBox(self._advice_state, self.style, seed=seed)
        self.contract_box = w.VBox([w.HBox([self.contract_menu, self.choose_button, self.schieben_button]),
                                    self.advice_box.ui])
        self._hand = HandToClick(self.style, self._on_card)
        self.hand_box = self._hand.box
        self.message = w.HTML()
        self.log = w.HTML()
        self.new_round_button = w.Button(description="New round", icon="refresh", tooltip="Deal the next round")
        self.review_button = w.Button(description="Review", icon="search", disabled=True,
                                      tooltip="After the round: every card judged with all cards open")
        self.review_output = w.HTML()
        self.review_all_button = w.Button(
            description="Judge trick 1 too", icon="hourglass-start", layout=w.Layout(display="none", width="auto"),
            tooltip="Solve the first trick as well: in a trump contract it can take the solver half a minute")
        self.why_menu = w.Dropdown(options=[], description="Why?", layout=w.Layout(width="22em"))
        self.why_button = w.Button(description="Show the two lines", icon="random",
                                   tooltip="The rest of the round after your card beside the rest after the best card")
        self.why_output = w.HTML()
        self.why_box = w.VBox(
            [w.HTML(text_html("Why did a card lose points? Pick it and compare the rest of the round after it with "
                              "the rest after the best card, both played perfectly with all cards open.")),
             w.HBox([self.why_menu, self.why_button]), self.why_output], layout=w.Layout(display="none"))
        self.why_box.add_class("jass-why")
        self.tricks_checkbox = w.Checkbox(value=show_tricks, description="Finished tricks", indent=False,
                                          layout=w.Layout(width="auto"))
        self.tricks_note = w.HTML(text_html(
            "(a help for learning: in the game you may remember the tricks but not look back at them, P1)"))
        self.tricks_checkbox.observe(self._on_show_tricks, names="value")
        self.last_review: Any = None
        self.last_own_review: Any = None
        self._review_from = 1  # the first trick of last_review
        self.live_review: Any = None  # the round's LiveReview (review_ahead), made when the round is dealt
        self.choose_button.on_click(self._on_choose)
        self.schieben_button.on_click(self._on_schieben)
        self.new_round_button.on_click(self._on_new_round)
        self.review_button.on_click(self._on_review)
        self.review_all_button.on_click(self._on_review_all)
        self.why_button.on_click(self._on_why)
        self.hint_box = HintBox(self._hint_view, self.style, seed=seed, time_budget=hint_budget, samples=hint_samples)
        self.mistakes = MistakesPanel(self.style, seed=seed, time_budget=hint_budget, samples=hint_samples,
                                      on_judged=self._on_judged, draw_table=self._lesson_table)
        self.learn_button = self.mistakes.learn_button
        self._recorded = False
        self.ui = w.VBox(
            [self.header, self.table, self.contract_box, w.HTML("<b>Your hand:</b>"), self.hand_box, self.message,
             self.hint_box.ui,
             w.HBox([self.new_round_button, self.review_button, self.learn_button, self.review_all_button]),
             self.mistakes.ui, self.review_output, self.why_box,
             w.HBox([self.tricks_checkbox, self.tricks_note], layout=w.Layout(align_items="center")),
             w.HTML("<b>Log</b>"), self.log],
            layout=w.Layout(border="1px solid #ccc", padding="6px"),
        )
        self.ui.add_class("jass-round-player")
        self.round = self._deal()
        self._start()

    # ------------------------------------------------------------------ setup
    def _bots(self, bots: Player | Sequence[Player | None] | None) -> tuple[Player | None, ...]:
        if bots is None:
            default = RuleBasedPlayer()
            return tuple(None if s == self.seat else default for s in range(4))
        if isinstance(bots, Sequence) and not isinstance(bots, (str, bytes)):
            if len(bots) != 4:
                raise ArgumentError(f"bots: one player per seat 0..3 (the learner's may be None), got {len(bots)}")
            chosen = tuple(None if s == self.seat else bots[s] for s in range(4))
        else:
            chosen = tuple(None if s == self.seat else bots for s in range(4))
        for s, bot in enumerate(chosen):
            if s != self.seat and not isinstance(bot, Player):
                raise ArgumentError(f"bots: seat {s} needs a player (choose_contract and play_card), "
                                    f"got {excerpt(bot)}")
        return chosen

    def _round_seed(self) -> int | str:
        k = self.rounds_played
        if isinstance(self.seed, int):
            return self.seed + k
        return self.seed if k == 0 else f"{self.seed}/{k}"

    def _deal(self) -> Round:
        dealer = Seat((int(self.dealer) + self.rounds_played) % 4)
        return Round.deal(seed=self._round_seed(), dealer=dealer, ruleset=self.ruleset)

    @property
    def hints(self) -> bool:
        """The old name of :attr:`show_legal` (kept so that older notebooks still run)."""
        return self.show_legal

    @property
    def hints_used(self) -> int:
        """Positions of this round where the learner asked for a hint (the idea)."""
        return self.hint_box.ideas

    @property
    def cards_shown(self) -> int:
        """Positions of this round where the hint went on to show the card."""
        return self.hint_box.cards

    def hint(self) -> None:
        """Press **Hint** (the idea first, then the card)."""
        self.hint_box.press()

    def what_would_you_name(self) -> None:
        """Press **What would you name?** (the contract advisor on the learner's hand, while choosing)."""
        self.advice_box.press()

    def _advice_state(self) -> tuple[CardSet, Ruleset, bool] | None:
        """The learner's hand, the ruleset and whether the partner pushed, while the learner chooses."""
        rnd = getattr(self, "round", None)
        if rnd is None or rnd.done or rnd.contract is not None or rnd.to_move != self.seat:
            return None
        return rnd.hand(self.seat), self.ruleset, rnd.pushed

    def _hint_view(self) -> RoundView | None:
        rnd = getattr(self, "round", None)
        if rnd is None or rnd.done or rnd.contract is None or rnd.to_move != self.seat:
            return None
        return rnd.view(self.seat)

    def round_label(self) -> str:
        """The name of the round in progress (its seed), with which its accuracy is recorded."""
        return f"round {self.round.seed}"[:200]

    def _record_round(self) -> None:
        """Once per finished round: the hints used go to progress (never raises)."""
        if self._recorded or not self.round.done:
            return
        self._recorded = True
        self.progress_note = save_round(self.progress, hints=self.hints_used, cards=self.cards_shown,
                                        label=self.round_label())

    def _on_judged(self, accuracy: Any) -> None:
        """The round's cards are judged from the learner's view: its accuracy goes to progress (never raises)."""
        self.accuracy = accuracy
        note = save_round_accuracy(self.progress, self.round_label(), accuracy)
        if note:
            self.mistakes.accuracy.value += message_html(note, "warn")

    def learn(self) -> None:
        """**Learn from your mistakes** (as clicking it): see :class:`~jasslib.widgets.mistakes.MistakesPanel`."""
        self.mistakes.start()

    def _lesson_table(self, view: RoundView) -> str:
        return table_html(view, self.style, own_hand=False, show_tricks=True)

    def _start(self) -> None:
        self.last_review = None
        self.last_own_review = None
        self.accuracy = None
        self.mistakes.set_round(None)
        self._recorded = False
        self.hint_box.reset_counts()
        self.review_output.value = ""
        self.review_all_button.layout.display = "none"
        self._offer_why()
        if self.live_review is not None:
            self.live_review.cancel()  # the last round's tricks not judged yet are dropped
        if self.review_ahead:
            from ..analysis import LiveReview

            self.live_review = LiveReview(self.round)
        else:
            self.live_review = None
        self._run_bots()
        self._judge_ahead()
        self._refresh()
        self.message.value = message_html(self._prompt())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<RoundPlayer seat {int(self.seat)}: {getattr(self, 'round', None)!r}>"

    # ------------------------------------------------------------------ state
    @property
    def my_turn(self) -> bool:
        """True when the round waits for the learner (to choose the contract or to play)."""
        return self.round.to_move == self.seat

    def _run_bots(self) -> None:
        """Let the bots act until it is the learner's turn or the round is over."""
        rnd = self.round
        while not rnd.done and rnd.to_move != self.seat:
            take_turn(rnd, self.bots)

    def _prompt(self) -> str:
        rnd = self.round
        if rnd.done:
            s = rnd.score()
            used = ("no hint" if not self.hints_used else
                    f"{self.hints_used} hint{'s' if self.hints_used != 1 else ''} "
                    f"(the card shown {self.cards_shown} time{'s' if self.cards_shown != 1 else ''})")
            note = f" {self.progress_note}" if self.progress_note else ""
            return (f"The round is over: team 0 {s.total[0]}, team 1 {s.total[1]}. You used {used}.{note} "
                    "Review or Learn from your mistakes judges your cards from what you could see and gives your "
                    "accuracy; New round deals again.")
        if not self.my_turn:  # pragma: no cover - the bots always play on to the learner's turn
            return f"Waiting for seat {int(rnd.to_move)}."  # type: ignore[arg-type]  # the round is in play here, so its contract is set
        if rnd.contract is None:
            if rnd.pushed:
                return "Your partner said schieben: you must choose the contract."
            return "You are forehand: choose the contract, or say schieben to let your partner choose."
        return "Your turn: click a card to play it."

    # ------------------------------------------------------------------ actions
    def play(self, card: CardLike) -> None:
        """Play ``card`` for the learner (as clicking its button); a refused card changes nothing."""
        self._on_card(card)

    def choose(self, contract: Contract | int | str) -> None:
        """Name ``contract`` (as picking it in the menu and clicking **Choose**)."""
        self._on_choose(None, contract)

    def schieben(self) -> None:
        """Say schieben (as clicking **Schieben**)."""
        self._on_schieben()

    def new_round(self) -> None:
        """Deal the next round (next seed; the deal moves one seat to the right)."""
        self._on_new_round()

    def review(self, from_trick: int | None = None) -> None:
        """Review the finished round with all cards open: as clicking **Review** (from :meth:`review_start`), or
        from trick ``from_trick`` (1..9; ``review(1)`` is the **Judge trick 1 too** button)."""
        if from_trick is not None:
            from_trick = _check.whole(from_trick, "from_trick (a trick number, O1: nine tricks)", low=1, high=9)
        self._on_review(from_trick=from_trick)

    @guarded("message")
    def _on_card(self, card: CardLike) -> None:
        c = Card.parse(card)
        try:
            self.round.play(c, self.seat)
        except IllegalPlayError as exc:
            self.message.value = message_html(exc.verdict.message, "warn")
            return
        except JassError as exc:
            self.message.value = message_html(sentence(str(exc)), "warn")
            return
        self._after_move(f"You played {card_label(c, self.style)}.")

    @guarded("message")
    def _on_choose(self, _button: Any = None, contract: Contract | int | str | None = None) -> None:
        c = self.contract_menu.value if contract is None else Contract.parse(contract)
        if c is None:
            self.message.value = message_html("Please pick a contract in the menu first.", "warn")
            return
        try:
            self.round.choose(c, self.seat)
        except JassError as exc:
            self.message.value = message_html(sentence(str(exc)), "warn")
            return
        self._after_move(f"You chose {Contract(c).format(self.style)}.")

    @guarded("message")
    def _on_schieben(self, _button: Any = None) -> None:
        try:
            self.round.schieben(self.seat)
        except JassError as exc:
            self.message.value = message_html(sentence(str(exc)), "warn")
            return
        self._after_move("You said schieben: your partner chooses.")

    @guarded("message")
    def _on_new_round(self, _button: Any = None) -> None:
        self.rounds_played += 1
        try:
            self.round = self._deal()
        except Exception:
            self.rounds_played -= 1
            raise
        self._start()

    @guarded("message")
    def _on_show_tricks(self, change: Any) -> None:
        self.show_tricks = bool(change["new"])
        self._refresh()

    @guarded("review_output")
    def _on_review(self, _button: Any = None, from_trick: int | None = None) -> None:
        if not self.round.done:
            self.review_output.value = message_html(
                "The review opens when the round is over: then every hand is known and each card can be "
                "judged with all cards open.", "warn")
            return
        start = self.review_start() if from_trick is None else from_trick
        if self.last_review is None or (from_trick is not None and start != self._review_from):
            live = self.live_review  # with it, _live_table says how far its solver thread is if it has to wait
            self.last_own_review = self.mistakes.table()
            mine = own_view_html(self.last_own_review, self.style)  # ready at once: read while the solver finishes
            if live is None:
                self.review_output.value = mine + message_html(
                    "Solving every position of the round with all cards open …" if start > 1 or self.last_review is None
                    else "Solving the first trick too: with nine cards in every hand this can take half a minute …")
            from ..analysis import review

            self.last_review = (review(self.round, from_trick=start) if live is None
                                else self._live_table(live, start, mine))
            self._review_from = start
        self.review_all_button.layout.display = None if self._review_from > 1 else "none"
        self.review_output.value = (own_view_html(self.last_own_review, self.style)
                                    + review_html(self.last_review, self.seat, self.style))
        self._offer_why()

    def _offer_why(self) -> None:
        """The learner's cards that lost points in the review, to pick for **Show the two lines** (hidden without)."""
        rows = [] if self.last_review is None else [
            r for r in self.last_review.to_dict("records") if r["seat"] == int(self.seat) and r["lost"] > 0]
        self.why_menu.options = [(f"trick {r['trick']}: {Card.parse(r['card']).format(self.style)} (lost "
                                  f"{r['lost']})", int(r["trick"])) for r in rows]
        self.why_output.value = ""
        self.why_box.layout.display = None if rows else "none"

    def why(self, trick: int | None = None) -> None:
        """What **Show the two lines** does, for the learner's card of ``trick`` (default: the one picked); a trick
        where the learner's card lost nothing in the review is refused (ArgumentError), the pick unchanged."""
        if trick is not None:
            offered = [value for _, value in self.why_menu.options]
            number = _check.whole(trick, "trick (a trick number, O1: nine tricks)", low=1, high=9)
            if number not in offered:
                raise ArgumentError(f"trick {number}: your card lost no points there in the review (or the round is "
                                    f"not reviewed yet); the cards to explain are in tricks {offered or 'none'}")
            self.why_menu.value = number
        self._on_why()

    @guarded("why_output")
    def _on_why(self, _button: Any = None) -> None:
        trick = self.why_menu.value
        if trick is None:
            self.why_output.value = message_html("Review the round first, then pick one of your cards that lost "
                                                 "points.", "warn")
            return
        from ..analysis import compare_lines

        live = self.live_review  # the round's solver tables: after its review they hold most of the two solves
        self.why_output.value = message_html(
            "Solving the two lines with all cards open …" + (" (the first trick can take the solver half a minute)"
                                                              if trick == 1 and live is None else ""))
        why = compare_lines(self.round, trick, self.seat) if live is None else live.lines(trick, self.seat)
        self.why_output.value = lines_html(why, self.style)

    def _live_table(self, live: Any, start: int, shown: str = "") -> Any:
        """The live review's table from trick ``start``, saying below ``shown`` (the review from the learner's own
        view) how far the solver thread is while it finishes."""
        began = time.monotonic()
        while True:
            try:
                return live.table(start, timeout=None if live.ready else self.REVIEW_PROGRESS_EVERY)
            except TimeoutError:
                self.review_output.value = shown + message_html(
                    f"Finishing the review: {live.judged} of the round's 9 tricks judged with all cards open, the "
                    f"solver is on the next … ({time.monotonic() - began:.1f} s)")

    #: Seconds between the progress lines while the Review waits for the live review's solver thread.
    REVIEW_PROGRESS_EVERY: float = 0.5

    @guarded("review_output")
    def _on_review_all(self, _button: Any = None) -> None:
        self._on_review(from_trick=1)

    #: The Review judges the cards from this trick on (Obenabe, Undenufe): every card from trick 1 (on 40 bots'
    #: rounds of each, ``benchmarks/bench_review.py``: median 0.09 s and 0.11 s of CPU, the slowest 0.9 s and 4 s).
    review_from: int = 1
    #: The same in a trump contract; None: 1 with ``review_ahead``, else 2.  There the first trick takes the solver
    #: the longest (a whole round from trick 1: a median of 2.6-6.2 s of CPU, up to 24 s, on 10 rounds of each; from
    #: trick 2: a median of 0.2-0.27 s and at most 2.2 s on 40 rounds of each), which ``review_ahead`` spends while
    #: the learner plays tricks 2-9.  Without it, starting at 2 keeps the wait at the Review short (the **Judge
    #: trick 1 too** button does the rest).
    trump_review_from: int | None = None

    def review_start(self) -> int:
        """The first trick the Review judges: :attr:`review_from`, or :attr:`trump_review_from` with trumps."""
        contract = self.round.contract
        if contract is None or contract.trump is None:
            return self.review_from
        if self.trump_review_from is None:
            return 1 if self.review_ahead else 2
        return self.trump_review_from

    def _judge_ahead(self) -> None:
        """Hand the tricks completed since the last move (and, once the contract is named, the opening position)
        to the live review's solver thread (review_ahead)."""
        if self.live_review is not None:
            self.live_review.update(self.review_start() if self.round.contract is not None else 1)

    def _after_move(self, said: str) -> None:
        self._run_bots()
        self._judge_ahead()
        self._record_round()
        self._refresh()
        self.message.value = message_html(f"{said} {self._prompt()}", "ok")

    # ------------------------------------------------------------------ display
    def _refresh(self) -> None:
        rnd = self.round
        view = rnd.view(self.seat)
        me = int(self.seat)
        self.header.value = (f"<h3 style='margin:0.2em 0'>Schieber — you are seat {me} (team {me % 2}, "
                             f"partner seat {int(self.seat.partner)})</h3><small>seed {html.escape(str(rnd.seed))}, "
                             f"{html.escape(self.ruleset.name)} rules</small>")
        shown = self.show_tricks or rnd.done  # P1: finished tricks lie face down while the hand is played
        self.table.value = table_html(view if self.show_legal else replace(view, legal=None), self.style,
                                      own_hand=False, show_tricks=shown)
        choosing = rnd.contract is None and self.my_turn
        self.contract_box.layout.display = None if choosing else "none"
        self.schieben_button.disabled = not (choosing and self.round.may_schieben)
        self.choose_button.disabled = not choosing
        self.advice_box.refresh()
        self.review_button.disabled = not rnd.done
        self.mistakes.set_round(rnd if rnd.done else None, self.seat, self.round_label())
        self._build_hand(view)
        self.hint_box.refresh()
        self.hint_box.ui.layout.display = None if rnd.contract is not None and not rnd.done else "none"
        self.log.value = log_html(rnd, self.style, show_tricks=shown)

    def _build_hand(self, view: RoundView) -> None:
        """The learner's cards as pictures to click (the table leaves them out); with ``show_legal`` the cards
        the engine rules out are faded."""
        legal = view.legal if self.show_legal else None
        self._hand.draw(view.hand, () if legal is None else [c for c in view.hand if c not in legal])

    @property
    def hand_buttons(self) -> dict[Card, CardPicture]:
        """Each card of the learner's hand → its picture to click."""
        return self._hand.buttons


def table_fallback_html(view: RoundView, style: str = "french") -> str:
    """The table from one seat's view, built from :func:`jasslib.display.trick_html` and words."""
    rows = []
    if view.contract is None:
        who = "you" if view.chooser == view.seat else f"seat {int(view.chooser)}"
        contract = f"to be chosen by {who}" + (" (after schieben)" if view.pushed else "")
    else:
        contract = f"{view.contract.format(style)} ×{view.ruleset.multiplier(view.contract)}, chosen by seat " \
                   f"{int(view.chooser)}" + (" after schieben" if view.pushed else "")
    rows.append(f"<div><b>Contract:</b> {html.escape(contract)} &nbsp; <b>Forehand:</b> seat {int(view.forehand)}"
                f" &nbsp; <b>Dealer:</b> seat {int(view.dealer)}</div>")
    seats = " &nbsp; ".join(
        f"seat {s}{' (you)' if s == view.seat else ''}: {n} cards{' ◀ to move' if view.to_move == s else ''}"
        for s, n in enumerate(view.hand_sizes)
    )
    rows.append(f"<div>{seats}</div>")
    if view.contract is not None:
        number = min(len(view.tricks) + 1, 9)
        trick = trick_html(view.trick, None, style) if view.trick else "<i>no card yet</i>"
        rows.append(f"<div><b>Trick {number}:</b> {trick}</div>")
        rows.append(f"<div><b>Card points so far:</b> team 0 {view.card_points[0]}, team 1 {view.card_points[1]}"
                    f" &nbsp; <b>Tricks:</b> team 0 {view.tricks_won[0]}, team 1 {view.tricks_won[1]}</div>")
        if view.weis:
            rows.append(f"<div><b>Your Weis:</b> {html.escape(view.weis.format(style))}</div>")
    return '<div class="jass-table">' + "".join(rows) + "</div>"


def table_html(view: RoundView, style: str = "french", own_hand: bool = True, show_tricks: bool = True) -> str:
    """The table: :func:`jasslib.display.table_html` when it exists, else :func:`table_fallback_html`;
    ``own_hand=False``: without the viewer's cards (the round player draws them as cards to click);
    ``show_tricks=False``: without the finished tricks to expand."""
    fn = display_function("table_html")
    if fn is not None:
        return fn(view, style=style, own_hand=own_hand, show_tricks=show_tricks)
    return table_fallback_html(view, style)


def score_html(rnd: Round, style: str = "french") -> str:
    """The hand's score: :func:`jasslib.display.score_sheet_html` when it exists, else the totals in words."""
    fn = display_function("score_sheet_html")
    score = rnd.score()
    if fn is not None:
        return fn(score, style=style)
    rows = ["<tr><th></th><th>team 0</th><th>team 1</th></tr>"]
    for label, pair in (("card points", score.card_points), ("trick points", score.trick_points),
                        (f"× {score.multiplier}", score.trick_score), ("Weis", score.weis),
                        ("Stöck", score.stoeck), ("total", score.total)):
        rows.append(f"<tr><td>{html.escape(label)}</td><td>{pair[0]}</td><td>{pair[1]}</td></tr>")
    return "<table class='jass-score'>" + "".join(rows) + "</table>"


def log_html(rnd: Round, style: str = "french", show_tricks: bool = True) -> str:
    """The round so far, from ``Round.history``: calls, every completed trick, Weis, Stöck and the score.

    The Weis contest is settled after the first trick (W8), so it is logged right after it; a
    Stöck recorded during a trick is logged after that trick's line.  ``show_tricks=False`` logs each
    finished trick's winner and points without its cards (P1: you may not look back at them).
    """
    lines: list[str] = []
    pending: list[str] = []  # Stöck recorded during the trick in progress
    tricks = rnd.tricks
    for event in rnd.history:
        kind = event["event"]
        if kind in ("deal", "schieben"):
            lines.append(text_html(sentence(event["detail"])))
        elif kind == "contract" and rnd.contract is not None:
            lines.append(f"Seat {event['seat']} chooses {html.escape(rnd.contract.format(style))} "
                         f"(×{rnd.multiplier}).")
        elif kind == "trick":
            t = tricks[event["trick"]]
            cards = f"{trick_html(t.plays, int(t.winner), style)} " if show_tricks else ""
            lines.append(f"<b>Trick {t.number + 1}:</b> {cards}→ seat {int(t.winner)} takes {t.points}.")
            if t.number == 0 and rnd.weis_result is not None:
                lines.append(_weis_html(rnd, style))
            lines.extend(pending)
            pending.clear()
        elif kind == "stoeck":
            pending.append("<b>Stöck:</b> " + text_html(sentence(event["detail"])))
        elif kind == "score":
            lines.append("<b>Score</b> " + score_html(rnd, style))
    lines.extend(pending)
    return "<div class='jass-log'>" + "".join(f"<div>{line}</div>" for line in lines) + "</div>"


def _weis_html(rnd: Round, style: str) -> str:
    """The settled Weis as the table learns it (W8): the announcements, the deciding comparison, the
    declarations the winning team counted (the other team's stay hidden) and the points recorded."""
    result = rnd.weis_result
    assert result is not None
    parts = ["<b>Weis</b>"]
    said = [str(a) for a in rnd.announcements()]
    if said:
        parts.append("announced in the first trick: " + "; ".join(text_html(a) for a in said) + ".")
    parts.append(text_html(sentence(result.reason)))
    if result.team is not None:
        t = int(result.team)
        declaration_html = display_function("declaration_html")
        shown = rnd.view(0).weis_shown
        for seat, decl in enumerate(shown):
            if decl:
                body = declaration_html(decl, style) if declaration_html is not None else text_html(decl.format(style))
                parts.append(f"<div>seat {seat} shows: {body}</div>")
        parts.append(text_html(f"Team {t} records {rnd.weis_recorded[t]}."))
    return " ".join(parts)


# ------------------------------------------------------------------ review


def _verdict_html(lost: int, best: Any, style: str) -> str:
    """One card's mark: ✓ best, or ✗ lost N points with the best cards (the mark carries the meaning, not colour)."""
    if lost <= 0:
        return '<span class="jass-review-mark" data-lost="0" style="color:#1a6b1a">✓ best</span>'
    unit = "point" if lost == 1 else "points"
    return (f'<span class="jass-review-mark" data-lost="{lost}" style="color:#a00000">✗ lost {lost} {unit}</span>'
            f'<span style="font-size:11px"> — best: </span>{cards_html(best, style, small=True)}')


def review_html(table: Any, seat: Seat | int = 0, style: str = "french") -> str:
    """The review of a round (:func:`jasslib.analysis.review`'s table) for the learner at ``seat``.

    First the learner's cards, each marked ✓ best or ✗ lost N points with the best cards; then every
    seat's cards trick by trick, bots included; then each seat's and each team's points lost.
    """
    me = int(seat)
    rows = table.to_dict("records")
    parts = ["<div class='jass-review'><h4 style='margin:0.3em 0'>Review with all cards open (double dummy)</h4>",
             "<div style='font-size:12px'>Each card is compared with the best card in that position, supposing "
             "everybody plays perfectly afterwards with all hands known. ✓ best: no point given away; ✗ lost N "
             "points: the team ends with N points less than with the best card. The players could not see the "
             "hidden hands, so a lost point is a lesson, not always a blunder.</div>"]
    first = min((int(r["trick"]) for r in rows), default=1)
    if first > 1:
        skipped = "Trick 1 is" if first == 2 else f"Tricks 1–{first - 1} are"
        parts.append(f"<div class='jass-review-skipped' style='font-size:12px'><i>{skipped} not judged: with nine "
                     "cards in every hand the solver can need many seconds per card, so the review starts at trick "
                     f"{first}.</i></div>")
    mine = [r for r in rows if r["seat"] == me]
    lines = "".join(
        f"<tr><td>trick {r['trick']}</td><td>{cards_html([r['card']], style, small=True)}</td>"
        f"<td>{_verdict_html(int(r['lost']), r['best_cards'], style)}</td></tr>" for r in mine)
    parts.append(f"<div class='jass-review-mine'><b>Your cards (seat {me}):</b><table>{lines}</table></div>")
    head = "".join(f"<th>seat {s}{' (you)' if s == me else ''}</th>" for s in range(4))
    body = []
    for trick in sorted({r["trick"] for r in rows}):
        cells = {r["seat"]: r for r in rows if r["trick"] == trick}
        tds = "".join(
            f"<td data-seat='{s}' style='vertical-align:top;padding:2px 6px'>"
            + (f"{cards_html([cells[s]['card']], style, small=True)}<br>"
               f"{_verdict_html(int(cells[s]['lost']), cells[s]['best_cards'], style)}" if s in cells else "")
            + "</td>" for s in range(4))
        body.append(f"<tr><td>trick {trick}</td>{tds}</tr>")
    parts.append("<details class='jass-review-all'><summary><b>All cards, bots included</b></summary>"
                 f"<table><tr><th></th>{head}</tr>{''.join(body)}</table></details>")
    lost = {s: sum(int(r["lost"]) for r in rows if r["seat"] == s) for s in range(4)}
    team = {t: lost[t] + lost[t + 2] for t in (0, 1)}
    mt = me % 2
    seats = ", ".join(f"seat {s}{' (you)' if s == me else ''} {lost[s]}" for s in range(4))
    parts.append(f"<div class='jass-review-totals'><b>Your team lost {team[mt]} points in total</b> "
                 f"(you {lost[me]}, your partner {lost[(me + 2) % 4]}); the other team lost {team[1 - mt]}. "
                 f"Per seat: {html.escape(seats)}.</div></div>")
    return "".join(parts)


def lines_html(why: Any, style: str = "french") -> str:
    """A :class:`~jasslib.analysis.LineComparison` for the learner: where the lines part, then the rest of the round
    after the card played beside the rest after the best card, trick by trick (bold: the tricks of the learner's
    team), and what each line leaves the team."""
    card, best = why.card.format(style), why.best.format(style)
    first = (f"Trick {why.trick}: after your {card} your team ends with {why.played_points} trick points when "
             f"everybody plays perfectly afterwards; after {best} it would end with {why.best_points}, "
             f"{why.lost} more.")
    at = why.parting_trick
    if at is not None:
        mine, other = why.played_line[at - why.trick], why.best_line[at - why.trick]
        side = {True: "your team", False: "the other team"}
        first += (f" The lines part at trick {at}: after {card} {side[why.takes(mine)]} takes it "
                  f"({mine.points} points), after {best} {side[why.takes(other)]} ({other.points}).")
    lines = why.columns()
    head = "".join(f"<th style='padding:2px 8px'>after {cards_html([c], style, small=True)}</th>" for c, _, _ in lines)
    body = []
    for i, record in enumerate(why.played_line):
        tds = []
        for _, line, _ in lines:
            r = line[i]
            ours = why.takes(r)
            who = "your team" if ours else "the other team"
            tds.append(f"<td style='padding:2px 8px;{'font-weight:bold' if ours else ''}'>"
                       f"{cards_html(list(r.cards), style, small=True)} → seat {int(r.winner)} ({who}) takes "
                       f"{r.points}</td>")
        body.append(f"<tr><td>trick {record.number + 1}</td>{''.join(tds)}</tr>")
    ends = "".join(f"<td style='padding:2px 8px'>your team ends with {points}</td>" for _, _, points in lines)
    return (f"<div class='jass-lines'><div style='font-size:13px'>{html.escape(first)}</div>"
            f"<table><tr><th></th>{head}</tr>{''.join(body)}<tr><td></td>{ends}</tr></table>"
            "<div style='font-size:12px'>Bold: the tricks your team takes.</div></div>")


def own_view_html(table: Any, style: str = "french") -> str:
    """The review from the learner's own view (:func:`jasslib.analysis.review_own_view`'s table): the
    accuracy figure, then each card marked ✓ (within the threshold) or ✗ costly, with the better card
    and the idea that explains it."""
    from ..analysis import IDEAS, own_view_accuracy

    rows = table.to_dict("records")
    acc = own_view_accuracy(table)
    lines = []
    for r in rows:
        if r["mistake"]:
            why = IDEAS[r["idea"]][1]
            mark = (f'<span class="jass-own-mark" data-lost="{r["lost"]}" style="color:#a00000">✗ cost '
                    f'{r["lost"]:.1f} expected points</span> — better: '
                    f'{cards_html([Card.parse(r["best_card"])], style, small=True)} <small>{html.escape(why)}</small>')
        else:
            mark = f'<span class="jass-own-mark" data-lost="{r["lost"]}" style="color:#1a6b1a">✓ good</span>'
        lines.append(f"<tr><td>trick {r['trick']}</td><td>{cards_html([Card.parse(r['card'])], style, small=True)}"
                     f"</td><td>{mark}</td></tr>")
    return ("<div class='jass-own-review'><h4 style='margin:0.3em 0'>Review from what you could see</h4>"
            "<div style='font-size:12px'>Each of your cards compared, from trick 1, with the best card from your "
            "own view at that moment (sampled hidden hands, the same search as the Hint).</div>"
            f"<div class='jass-accuracy'><b>Accuracy:</b> {html.escape(str(acc))}.</div>"
            f"<table>{''.join(lines)}</table></div>")
