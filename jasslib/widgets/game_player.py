"""Play a whole game to the target against three bots: :class:`GamePlayer`.

The learner sits at ``seat``; three bots play the other seats, each at a strength of its own:
``"random"``, ``"rule-based"`` (:class:`~jasslib.players.RuleBasedPlayer`) or ``"search"``
(:class:`~jasslib.players.search.SearchPlayer`, which samples the cards it cannot see).  Everything that
happens is the engine's :class:`~jasslib.Game`: the dealer moves one seat to the right each hand (D4), a
team that reaches the target wins at once with points counted in the order Stöck–Weis–Stich (G2, G3),
and Schneider doubles the win (G4).  The widget shows the running score (both teams, each hand and the
total, the target, who chooses the contract next), the table, the learner's hand as cards to click and
the log of the hand.  A refused card shows the engine's verdict (its rule id and sentence) and changes
nothing.

>>> p = GamePlayer(seed=1, ruleset="modern", bots="random")
>>> while not p.game.over:
...     if p.game.round.contract is None:
...         p.choose("obenabe")
...     else:
...         p.play(min(p.game.legal_cards()))
>>> "wins" in p.message.value
True

**Saving and resuming.**  The game is saved as the JSON of :meth:`jasslib.Game.to_json`:
:meth:`GamePlayer.to_json` gives it, :meth:`GamePlayer.from_json` resumes it (the bots' strengths and
the seat are given again, as when the game was started).  With ``save_to="my_game.json"`` the widget
writes the game to that file after every move (atomically: the file is whole at any moment) and, when the
file exists already, resumes the game saved there; **Save** writes it on demand.  The bots' play depends
only on the position (each bot is seeded from the game's state), so a resumed game goes on as the
original would have.

>>> q = GamePlayer.from_json(p.to_json(), bots="random")
>>> q.game.end == p.game.end
True
"""

from __future__ import annotations

import html
import importlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from hashlib import blake2b
from pathlib import Path
from typing import Any

import ipywidgets as w

from .._files import write_atomically
from ..cards import Card, CardLike, CardSet
from ..contracts import Contract
from ..errors import IllegalPlayError, JassError, excerpt
from ..game import Game
from ..players import Player, RandomPlayer, RuleBasedPlayer
from ..progress import ProgressSpec, save_round, save_round_accuracy, trainer_progress
from ..round import Round, RoundView
from ..rulesets import CLASSIC, Ruleset
from ..seats import Seat
from ._common import (
    CardPicture,
    HandToClick,
    InputError,
    card_label,
    check_style,
    guarded,
    message_html,
    sentence,
)
from .advisor import AdviceBox
from .hint import HintBox
from .mistakes import MistakesPanel
from .round_player import log_html, table_html

__all__ = ["GamePlayer", "STRENGTHS", "make_bot", "game_score_html"]

STRENGTHS = ("random", "rule-based", "search")
"""The bots' strengths a seat can be given."""

SEARCH_BUDGET = 1.0
"""Seconds per move of a ``"search"`` bot (its ``time_budget``)."""


def make_bot(strength: str, seed: int | str = 0, time_budget: float = SEARCH_BUDGET) -> Player:
    """A bot of ``strength`` (one of :data:`STRENGTHS`), reproducible from ``seed``.

    ``"search"`` is :class:`jasslib.players.search.SearchPlayer`, imported only when asked for; where it is
    not installed, an :class:`~jasslib.widgets._common.InputError` says so.

    >>> type(make_bot("rule-based")).__name__
    'RuleBasedPlayer'
    >>> make_bot("strong")
    Traceback (most recent call last):
    ...
    jasslib.widgets._common.InputError: a bot's strength is one of random, rule-based, search; got 'strong'
    """
    if strength == "random":
        return RandomPlayer(seed=seed)
    if strength == "rule-based":
        return RuleBasedPlayer()
    if strength == "search":
        try:  # imported only when asked for: it loads the solver and the compiled playouts
            search = importlib.import_module("jasslib.players.search")
        except ImportError:
            raise InputError("the search player (jasslib.players.search) is not part of this jasslib: "
                             "choose 'random' or 'rule-based' for this seat") from None
        player: Player = search.SearchPlayer(seed=seed, time_budget=time_budget)
        return player
    raise InputError(f"a bot's strength is one of {', '.join(STRENGTHS)}; got {excerpt(strength)}")


def _position_seed(rnd: Round, seat: int) -> int:
    """A seed from the hand's cards, its calls, the cards played so far and the seat: the same position gives
    the same seed, in a resumed game as in the original."""
    text = f"{rnd.to_json()}|{seat}".encode()
    return int.from_bytes(blake2b(text, digest_size=8, person=b"jasslib-bots").digest(), "little")


class GamePlayer:
    """A whole game of Schieber: the learner at ``seat`` and three bots, to the ruleset's target.

    ``bots``: one strength for every other seat (``"rule-based"`` by default), or one per seat: four
    entries indexed by seat (the learner's is ignored, ``None`` is fine) or a mapping seat → strength; an
    entry may also be any :class:`~jasslib.players.Player`.  ``seed`` fixes every deal of the game
    (``None``: fresh cards); ``ruleset`` is ``"classic"`` (to 3000), ``"modern"`` (to 1000) or any
    :class:`~jasslib.Ruleset` (``CLASSIC.with_target(1500)``).  ``show_legal=True`` fades the cards that may not
    be played (``hints=True`` is its old name, still accepted).  ``save_to``: a file the game is written to after
    every move, and resumed from when it exists.  ``search_budget``: seconds per move of a search bot.

    As in :class:`~jasslib.widgets.RoundPlayer`: the **Hint** button (:attr:`hint_box`; ``hint_budget`` and
    ``hint_samples`` for its search) gives the idea, then the card with the expected points of every legal card;
    the hints of each hand are told when the hand ends and recorded in progress (``progress``, as the
    trainers'); after each hand, **Learn from your mistakes** (:attr:`learn_button`, :attr:`mistakes`) replays
    the hand before to each of the learner's costly cards and gives its accuracy, recorded in progress too.
    While the learner chooses the contract, **What would you name?** (:attr:`advice_box`, a
    :class:`~jasslib.widgets.advisor.AdviceBox`) shows the contract advisor's view of the hand before the choice.

    Public: :attr:`game` (the :class:`~jasslib.Game`), :attr:`ui`, :attr:`score` (the running score, HTML),
    :attr:`hand_buttons`, :attr:`message`, :attr:`log`, :attr:`contract_menu`, :attr:`choose_button`,
    :attr:`schieben_button`, :attr:`save_button`, :attr:`new_game_button`; the methods :meth:`play`,
    :meth:`choose`, :meth:`schieben`, :meth:`hint`, :meth:`learn`, :meth:`save`, :meth:`new_game`,
    :meth:`to_json` and :meth:`from_json`.
    """

    def __init__(
        self,
        seed: int | str | None = 0,
        seat: Seat | int = 0,
        ruleset: Ruleset | str = CLASSIC,
        bots: str | Player | Sequence[str | Player | None] | Mapping[int, str | Player] = "rule-based",
        style: str = "french",
        hints: bool | None = None,
        save_to: str | os.PathLike[str] | None = None,
        search_budget: float = SEARCH_BUDGET,
        game: Game | None = None,
        show_legal: bool | None = None,
        hint_budget: float | None = 1.0,
        hint_samples: int | None = None,
        progress: ProgressSpec = None,
    ) -> None:
        try:
            self.seat = Seat.parse(seat)
        except JassError as exc:
            raise InputError(f"seat: {exc}") from None
        for name, flag in (("hints", hints), ("show_legal", show_legal)):
            if flag is not None and type(flag) is not bool:
                raise InputError(f"{name} is True or False, not {excerpt(flag)}")
        if hints is not None and show_legal is not None and hints != show_legal:
            raise InputError(f"hints (the old name of show_legal) is {hints} but show_legal is {show_legal}: "
                             "give one of them")
        self.show_legal = bool(show_legal if show_legal is not None else hints)
        self.progress = trainer_progress(progress)
        self.progress_note: str | None = None
        self.style = check_style(style)
        if isinstance(search_budget, bool) or not isinstance(search_budget, (int, float)) or not search_budget > 0:
            raise InputError(f"search_budget: seconds per move, a number above 0; got {excerpt(search_budget)}")
        self.search_budget = float(search_budget)
        self.strengths, self._fixed = self._parse_bots(bots)
        self.save_path = None if save_to is None else Path(save_to)
        if self.save_path is not None and self.save_path.is_dir():
            raise InputError(f"save_to names a folder, not a file: {excerpt(str(save_to))}")
        if game is None and self.save_path is not None and self.save_path.exists():
            try:
                game = Game.from_json(self.save_path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError) as exc:
                raise InputError(f"cannot read the saved game {excerpt(str(save_to))}: {exc}") from None
        if game is None:
            game = Game(ruleset, seed=seed)
        elif not isinstance(game, Game):
            raise InputError(f"game: a jasslib Game, not {excerpt(game)}")
        self.game = game
        self.games_started = 0
        self.hint_box = HintBox(self._hint_view, self.style, seed=0 if game.seed is None else game.seed,
                                time_budget=hint_budget, samples=hint_samples)
        self.mistakes = MistakesPanel(self.style, seed=0 if game.seed is None else game.seed,
                                      time_budget=hint_budget, samples=hint_samples, on_judged=self._on_judged,
                                      what="hand", draw_table=self._lesson_table)
        self.learn_button = self.mistakes.learn_button
        self.learn_button.tooltip = "After a hand: back to each card of the hand before that cost you expected points"
        self._hands_recorded = self._finished_count()

        self.header = w.HTML()
        self.score = w.HTML()
        self.table = w.HTML()
        self.contract_menu = w.Dropdown(options=[(c.format(self.style), c) for c in Contract], value=Contract(0),
                                        description="Contract:", layout=w.Layout(width="16em"))
        self.choose_button = w.Button(description="Choose", button_style="primary", icon="check",
                                      tooltip="Name this contract")
        self.schieben_button = w.Button(description="Schieben", icon="share",
                                        tooltip="Pass the choice of contract to your partner")
        self.advice_box = AdviceBox(self._advice_state, self.style, seed=0 if self.game.seed is None else
                                    self.game.seed)
        self.contract_box = w.VBox([w.HBox([self.contract_menu, self.choose_button, self.schieben_button]),
                                    self.advice_box.ui])
        self._hand = HandToClick(self.style, self._on_card)
        self.message = w.HTML()
        self.log = w.HTML()
        self.last_hand = w.HTML()
        self.save_button = w.Button(description="Save", icon="save", disabled=self.save_path is None,
                                    tooltip="Write the game to its file" if self.save_path else
                                    "Give save_to='file.json' to save the game")
        self.new_game_button = w.Button(description="New game", icon="refresh", tooltip="Start a new game")
        self.choose_button.on_click(self._on_choose)
        self.schieben_button.on_click(self._on_schieben)
        self.save_button.on_click(self._on_save)
        self.new_game_button.on_click(self._on_new_game)
        self.ui = w.VBox(
            [self.header, self.score, self.table, self.contract_box, w.HTML("<b>Your hand:</b>"), self._hand.box,
             self.message, self.hint_box.ui, w.HBox([self.save_button, self.new_game_button, self.learn_button]),
             self.mistakes.ui, w.HTML("<b>This hand</b>"), self.log, self.last_hand],
            layout=w.Layout(border="1px solid #ccc", padding="6px"),
        )
        self.ui.add_class("jass-game-player")
        self._bots = tuple(self._fixed[s] if s == self.seat or self._fixed[s] is not None
                           else make_bot(str(self.strengths[s]), 0, self.search_budget) for s in range(4))
        self._start()

    # ------------------------------------------------------------------ setup
    def _parse_bots(self, bots: Any) -> tuple[tuple[str | None, ...], tuple[Player | None, ...]]:
        """Per seat: the strength's name (or None for a given player / the learner) and a given player."""
        if isinstance(bots, Mapping):
            entries: list[Any] = [None] * 4
            for key, value in bots.items():
                try:
                    entries[Seat.parse(key)] = value
                except JassError as exc:
                    raise InputError(f"bots: {exc}") from None
            missing = [s for s in range(4) if s != self.seat and entries[s] is None]
            if missing:
                raise InputError(f"bots: no strength for seat {missing[0]}; give one of {', '.join(STRENGTHS)}")
        elif isinstance(bots, Sequence) and not isinstance(bots, str):
            if len(bots) != 4:
                raise InputError(f"bots: one strength per seat 0..3 (the learner's may be None), got {len(bots)}")
            entries = list(bots)
        else:
            entries = [bots] * 4
        names: list[str | None] = []
        fixed: list[Player | None] = []
        for s, entry in enumerate(entries):
            if s == self.seat:
                names.append(None)
                fixed.append(None)
            elif isinstance(entry, str):
                if entry not in STRENGTHS:
                    raise InputError(f"bots: seat {s}'s strength is one of {', '.join(STRENGTHS)}; got "
                                     f"{excerpt(entry)}")
                names.append(entry)
                fixed.append(None)
            elif isinstance(entry, Player):
                names.append(type(entry).__name__)
                fixed.append(entry)
            else:
                raise InputError(f"bots: seat {s} needs a strength ({', '.join(STRENGTHS)}) or a player, got "
                                 f"{excerpt(entry)}")
        return tuple(names), tuple(fixed)

    @classmethod
    def from_json(cls, text: str | bytes, **options: Any) -> GamePlayer:
        """Resume a game saved by :meth:`to_json` (or :meth:`jasslib.Game.to_json`); ``options`` as for the
        constructor (``seat``, ``bots``, ``style``, ``show_legal``, ``save_to``, ``progress``).  A text that is not
        such a game is refused with a :class:`~jasslib.errors.GameFormatError`."""
        return cls(game=Game.from_json(text), **options)

    def to_json(self) -> str:
        """The game as JSON (:meth:`jasslib.Game.to_json`)."""
        return self.game.to_json()

    @property
    def hints(self) -> bool:
        """The old name of :attr:`show_legal` (kept so that older notebooks still run)."""
        return self.show_legal

    @property
    def hints_used(self) -> int:
        """Positions of the hand in play where the learner asked for a hint (the idea)."""
        return self.hint_box.ideas

    @property
    def cards_shown(self) -> int:
        """Positions of the hand in play where the hint went on to show the card."""
        return self.hint_box.cards

    def hint(self) -> None:
        """Press **Hint** (the idea first, then the card)."""
        self.hint_box.press()

    def learn(self) -> None:
        """**Learn from your mistakes** in the hand before (as clicking it)."""
        self.mistakes.start()

    def _lesson_table(self, view: RoundView) -> str:
        return table_html(view, self.style, own_hand=False, show_tricks=True)

    def _hint_view(self) -> RoundView | None:
        game = getattr(self, "game", None)
        if game is None or game.over:
            return None
        rnd = game.round
        if rnd.done or rnd.contract is None or rnd.to_move != self.seat:
            return None
        return rnd.view(self.seat)

    def _finished(self) -> list[Round]:
        """The hands of the game that are over, in order (the last one too when the game ended in it)."""
        return [r for r in self.game.rounds if r.done]

    def _finished_count(self) -> int:
        return len(self._finished())

    def hand_label(self, number: int) -> str:
        """The name of hand ``number`` (1 for the first) with which it is recorded in progress."""
        seed = "fresh cards" if self.game.seed is None else self.game.seed
        return f"game {seed}, hand {number}"[:200]

    def _record_hands(self) -> str:
        """Each hand that ended since the last move goes to progress with the hints used in it (never raises);
        the sentence for the learner about the hints."""
        count = self._finished_count()
        said = ""
        while self._hands_recorded < count:
            self._hands_recorded += 1
            used, shown = self.hints_used, self.cards_shown
            note = save_round(self.progress, hints=used, cards=shown, label=self.hand_label(self._hands_recorded))
            self.progress_note = note
            words = ("no hint" if not used else f"{used} hint{'s' if used != 1 else ''} (the card shown {shown} "
                     f"time{'s' if shown != 1 else ''})")
            said = (f"In hand {self._hands_recorded} you used {words}.{' ' + note if note else ''} Learn from your "
                    "mistakes replays it. ")
            self.hint_box.reset_counts()
        return said

    def _on_judged(self, accuracy: Any) -> None:
        """The hand before is judged from the learner's view: its accuracy goes to progress (never raises)."""
        note = save_round_accuracy(self.progress, self.mistakes.label, accuracy)
        if note:
            self.mistakes.accuracy.value += message_html(note, "warn")

    def _start(self) -> None:
        said = self._run_bots()
        self._refresh()
        self.message.value = message_html(f"{said}{self._prompt()}")
        self._autosave()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<GamePlayer seat {int(self.seat)}: {getattr(self, 'game', None)!r}>"

    # ------------------------------------------------------------------ state
    @property
    def my_turn(self) -> bool:
        """True when the game waits for the learner (to choose the contract or to play)."""
        return not self.game.over and self.game.round.to_move == self.seat

    @property
    def hand_buttons(self) -> dict[Card, CardPicture]:
        """Each card of the learner's hand → its picture to click."""
        return self._hand.buttons

    def what_would_you_name(self) -> None:
        """Press **What would you name?** (the contract advisor on the learner's hand, while choosing)."""
        self.advice_box.press()

    def _advice_state(self) -> tuple[CardSet, Ruleset, bool] | None:
        """The learner's hand, the ruleset and whether the partner pushed, while the learner chooses."""
        game = getattr(self, "game", None)
        if game is None or game.over:
            return None
        rnd = game.round
        if rnd.contract is not None or rnd.to_move != self.seat:
            return None
        return rnd.hand(self.seat), game.ruleset, rnd.pushed

    def _bot(self, seat: int) -> Player:
        given = self._bots[seat]
        if self.strengths[seat] == "random":  # seeded from the position: a resumed game plays on the same
            return RandomPlayer(seed=_position_seed(self.game.round, seat))
        if self.strengths[seat] == "search" and self._fixed[seat] is None:
            return make_bot("search", _position_seed(self.game.round, seat), self.search_budget)
        assert given is not None
        return given

    def _run_bots(self) -> str:
        """Let the bots act until it is the learner's turn or the game is over; what the learner should know
        of it (the hands that ended, the partner's choice after schieben)."""
        game, said = self.game, []
        while not game.over and game.round.to_move != self.seat:
            rnd = game.round
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            bot = self._bot(int(seat))
            hands = len(game.rounds)
            if rnd.contract is None:
                contract = bot.choose_contract(view)
                if contract is None:
                    game.schieben(seat)
                else:
                    game.choose(contract, seat)
                    if rnd.pushed and seat == self.seat.partner:
                        said.append(f"Your partner chose {Contract(contract).format(self.style)}.")
            else:
                game.play(bot.play_card(view), seat)
            if len(game.rounds) > hands and not game.over:
                said.append(self._hand_over(game.rounds[-1], game.hand_scores[-1].total))
        return " ".join(said) + (" " if said else "")

    def _hand_over(self, rnd: Round, total: tuple[int, int]) -> str:
        return (f"Hand {len(self.game.rounds)} is over: team 0 +{total[0]}, team 1 +{total[1]} "
                f"(now {self.game.scores[0]}–{self.game.scores[1]}).")

    def _prompt(self) -> str:
        game = self.game
        if game.over:
            return f"The game is over: {game.end}. Click New game to play again."
        rnd = game.round
        if rnd.contract is None:
            if rnd.pushed:
                return "Your partner said schieben: you must choose the contract."
            return "You are forehand: choose the contract, or say schieben to let your partner choose."
        return "Your turn: click a card to play it."

    # ------------------------------------------------------------------ actions
    def play(self, card: CardLike) -> None:
        """Play ``card`` for the learner (as clicking it); a refused card changes nothing."""
        self._on_card(card)

    def choose(self, contract: Contract | int | str) -> None:
        """Name ``contract`` (as picking it in the menu and clicking **Choose**)."""
        self._on_choose(None, contract)

    def schieben(self) -> None:
        """Say schieben (as clicking **Schieben**)."""
        self._on_schieben()

    def save(self) -> None:
        """Write the game to the ``save_to`` file (as clicking **Save**)."""
        self._on_save()

    def new_game(self) -> None:
        """Start a new game: the next seed (or fresh cards without a seed), the same seats and bots."""
        self._on_new_game()

    def _refused(self, exc: JassError) -> None:
        text = exc.verdict.message if isinstance(exc, IllegalPlayError) else sentence(str(exc))
        self.message.value = message_html(text, "warn")

    @guarded("message")
    def _on_card(self, card: CardLike) -> None:
        try:
            c = Card.parse(card)
            hands = len(self.game.rounds)
            self.game.play(c, self.seat)
        except JassError as exc:
            self._refused(exc)
            return
        said = f"You played {card_label(c, self.style)}."
        if len(self.game.rounds) > hands and not self.game.over:
            said += " " + self._hand_over(self.game.rounds[-1], self.game.hand_scores[-1].total)
        self._after_move(said)

    @guarded("message")
    def _on_choose(self, _button: Any = None, contract: Contract | int | str | None = None) -> None:
        try:
            c = self.contract_menu.value if contract is None else Contract.parse(contract)
            self.game.choose(c, self.seat)
        except JassError as exc:
            self._refused(exc)
            return
        self._after_move(f"You chose {Contract(c).format(self.style)}.")

    @guarded("message")
    def _on_schieben(self, _button: Any = None) -> None:
        try:
            self.game.schieben(self.seat)
        except JassError as exc:
            self._refused(exc)
            return
        self._after_move("You said schieben: your partner chooses.")

    @guarded("message")
    def _on_save(self, _button: Any = None) -> None:
        if self.save_path is None:
            self.message.value = message_html("This game has no file: start it with save_to='my_game.json'.",
                                              "warn")
            return
        write_atomically(self.save_path, self.to_json())
        self.message.value = message_html(f"Saved to {self.save_path.name}. {self._prompt()}", "ok")

    @guarded("message")
    def _on_new_game(self, _button: Any = None) -> None:
        seed = self.game.seed
        self.games_started += 1
        if isinstance(seed, int):
            seed = seed + 1
        elif isinstance(seed, str):
            seed = f"{seed.rsplit('+', 1)[0]}+{self.games_started}"[-200:]
        self.game = Game(self.game.ruleset, seed=seed)
        self._hands_recorded = 0
        self.hint_box.reset_counts()
        self._start()

    def _after_move(self, said: str) -> None:
        said = f"{said} {self._run_bots()}{self._record_hands()}"
        self._refresh()
        self.message.value = message_html(f"{said}{self._prompt()}", "ok")
        self._autosave()

    def _autosave(self) -> None:
        if self.save_path is not None:
            try:
                write_atomically(self.save_path, self.to_json())
            except OSError as exc:
                self.message.value += message_html(f"The game could not be saved to {self.save_path.name}: "
                                                   f"{exc.strerror or exc}.", "error")

    # ------------------------------------------------------------------ display
    def _refresh(self) -> None:
        game = self.game
        rnd = game.round
        me = int(self.seat)
        bots = ", ".join(f"seat {s} {self.strengths[s]}" for s in range(4) if s != me)
        self.header.value = (f"<h3 style='margin:0.2em 0'>A game of Schieber — you are seat {me} (team {me % 2}, "
                             f"partner seat {int(self.seat.partner)})</h3><small>{html.escape(bots)}; "
                             f"{html.escape(game.ruleset.name)} rules, seed {html.escape(str(game.seed))}</small>")
        self.score.value = game_score_html(game, self.seat, self.style)
        view = rnd.view(self.seat)
        self.table.value = table_html(view if self.show_legal else replace(view, legal=None), self.style,
                                      own_hand=False)
        choosing = self.my_turn and rnd.contract is None
        self.contract_box.layout.display = None if choosing else "none"
        self.schieben_button.disabled = not (choosing and rnd.may_schieben)
        self.choose_button.disabled = not choosing
        self.advice_box.refresh()
        legal = view.legal if self.show_legal and self.my_turn else None
        hand = view.hand if not game.over else ()
        self._hand.draw(hand, () if legal is None else [c for c in hand if c not in legal])
        self.log.value = log_html(rnd, self.style)
        finished = [r for r in game.rounds if r is not rnd]
        self.last_hand.value = ("<details class='jass-last-hand'><summary><b>The hand before</b></summary>"
                                f"{log_html(finished[-1], self.style)}</details>" if finished else "")
        self.hint_box.refresh()
        self.hint_box.ui.layout.display = None if not game.over and rnd.contract is not None else "none"
        done = self._finished()
        self.mistakes.set_round(done[-1] if done else None, self.seat, self.hand_label(len(done)))


def game_score_html(game: Game, seat: Seat | int = 0, style: str = "french") -> str:
    """The running score of ``game``: each finished hand (dealer, who chose which contract, each team's
    points), the total written so far, the target, and who chooses the contract of the hand in play.

    >>> g = Game(seed=1, ruleset="modern")
    >>> "target 1000" in game_score_html(g)
    True
    """
    me = int(seat)
    team = ("team 0", "team 1")
    head = "".join(f"<th>{t}{' (you)' if i == me % 2 else ''}</th>" for i, t in enumerate(team))
    rows = [f"<tr><th>hand</th><th>dealer</th><th>contract</th>{head}</tr>"]
    for i, (r, s) in enumerate(zip(game.rounds, game.hand_scores)):
        c = r.contract
        who = f"seat {int(r.chooser)}" + (" after schieben" if r.pushed else "")
        contract = f"{c.format(style)} ×{r.multiplier} by {who}" if c is not None else ""
        rows.append(f"<tr><td>{i + 1}</td><td>seat {int(r.dealer)}</td><td>{html.escape(contract)}</td>"
                    f"<td>{s.total[0]}</td><td>{s.total[1]}</td></tr>")
    if len(game.hand_scores) < len(game.rounds):  # the game ended in a hand by a claim
        rows.append(f"<tr><td>{len(game.rounds)}</td><td colspan='4'>ended in the hand</td></tr>")
    scores = game.scores
    rows.append(f"<tr><td colspan='3'><b>total</b></td><td><b>{scores[0]}</b></td><td><b>{scores[1]}</b></td></tr>")
    parts = [f"<table class='jass-game-score'>{''.join(rows)}</table>",
             f"<div>Playing to the target {game.ruleset.target} (Schneider below {game.ruleset.schneider}).</div>"]
    if game.over:
        parts.append(f"<div><b>{html.escape(str(game.end))}</b></div>")
    else:
        rnd = game.round
        chooser = "you" if rnd.chooser == me else f"seat {int(rnd.chooser)}"
        if rnd.contract is None:
            state = f"{chooser} {'choose' if chooser == 'you' else 'chooses'} the contract" + (
                " after schieben" if rnd.pushed else "")
        else:
            state = f"{rnd.contract.format(style)} chosen by {chooser}" + (" after schieben" if rnd.pushed else "")
        parts.append(f"<div>Hand {len(game.rounds) + 1}: dealer seat {int(rnd.dealer)}, forehand seat "
                     f"{int(rnd.forehand)}; {html.escape(state)}.</div>")
    return "<div class='jass-game-score-box'>" + "".join(parts) + "</div>"
