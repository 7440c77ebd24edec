"""Round: one hand of Schieber as a state machine (RULES.md D3–D4, C1–C2, P1, W8, S2, H1–H2).

deal → contract or schieben → nine tricks → score.  Every rule is asked of
:mod:`jasslib.play`, :mod:`jasslib.weis` and :mod:`jasslib.scoring`; this
module only keeps the state.  Any refused call raises a specific
:class:`~jasslib.errors.JassError` and leaves the round exactly as it was.

>>> r = Round.deal(seed=1)
>>> r.forehand, r.to_move
(Seat.S0, Seat.S0)
>>> r.schieben()                       # C1: forehand passes the choice to the partner
>>> r.chooser
Seat.S2
>>> r.choose("♥")
>>> r.to_move                          # C2: forehand still leads
Seat.S0
>>> while not r.done:
...     r.play(max(r.legal_cards()))
>>> sum(r.score().trick_points)
157
>>> Round.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import weis as _weis
from .cards import Card, CardLike, CardSet
from .contracts import Contract
from .errors import (
    CardNotInHandError,
    ContractError,
    DuplicateCardError,
    HandSizeError,
    IllegalPlayError,
    JassError,
    OutOfTurnError,
    PhaseError,
    RoundFormatError,
)
from .play import LAST_TRICK_BONUS, Verdict, check_play, legal_mask, trick_winner_index
from .rulesets import CLASSIC, PRESETS, Ruleset
from .scoring import HandScore, hand_score
from .seats import Seat, Team

__all__ = ["Round", "Phase", "TrickRecord", "RoundView", "deal_hands", "JSON_FORMAT"]

JSON_FORMAT = "jasslib.round/1"
_SEATS = tuple(Seat)
_CARDS = tuple(Card)


class Phase(enum.Enum):
    """Where a round stands."""

    CONTRACT = "contract"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class TrickRecord:
    """A completed trick: who led, the cards in playing order, the winner and its points."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat of each card, in playing order."""
        return tuple(_SEATS[(self.leader + i) % 4] for i in range(len(self.cards)))

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """(seat, card) pairs in playing order."""
        return tuple(zip(self.seats, self.cards))

    def __str__(self) -> str:
        body = "  ".join(f"{s.value}:{c}" for s, c in self.plays)
        return f"trick {self.number + 1}: {body}  → seat {int(self.winner)} takes {self.points}"


@dataclass(frozen=True)
class RoundView:
    """What one seat may know (never another player's hand).

    ``weis`` is this seat's own declaration (known from the contract on);
    ``weis_result`` the settled contest after the first trick, whose winning
    declarations are shown to the table (W8).
    """

    seat: Seat
    ruleset: Ruleset
    phase: Phase
    dealer: Seat
    forehand: Seat
    chooser: Seat
    pushed: bool
    contract: Contract | None
    to_move: Seat | None
    hand: CardSet
    legal: CardSet | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[TrickRecord, ...]
    hand_sizes: tuple[int, int, int, int]
    card_points: tuple[int, int]
    tricks_won: tuple[int, int]
    weis: _weis.Declaration | None
    weis_result: _weis.ContestResult | None
    weis_recorded: tuple[int, int]
    stoeck_recorded: tuple[int, int]
    played: CardSet

    @property
    def team(self) -> Team:
        """This seat's team."""
        return self.seat.team


def deal_hands(seed: int | str | None = None, dealer: Seat | int = 3) -> tuple[CardSet, ...]:
    """D3: shuffle with ``seed`` and deal packets of 3 counterclockwise from the dealer's right.

    Returns the four hands indexed by seat.

    >>> hands = deal_hands(seed=42, dealer=3)
    >>> [len(h) for h in hands], len(hands[0] | hands[1] | hands[2] | hands[3])
    ([9, 9, 9, 9], 36)
    """
    deck = list(range(36))
    random.Random(seed).shuffle(deck)
    masks = [0, 0, 0, 0]
    first = (int(dealer) + 1) % 4
    for packet in range(12):
        seat = (first + packet) % 4
        for c in deck[packet * 3 : packet * 3 + 3]:
            masks[seat] |= 1 << c
    return tuple(CardSet.from_mask(m) for m in masks)


class Round:
    """One hand: the deal, the contract, nine tricks, Weis, Stöck and the score.

    Build one with :meth:`deal` (from a seed, D3) or from four explicit hands.
    ``forehand`` defaults to the dealer's right (D4); :meth:`deal` with
    ``first_hand=True`` gives it to the holder of the starting card instead.
    """

    __slots__ = (
        "ruleset", "dealer", "forehand", "seed", "_initial", "_hands", "_contract", "_pushed",
        "_calls", "_trick", "_leader", "_turn", "_tricks", "_points", "_won", "_played",
        "_decls", "_weis_result", "_weis_rec", "_stoeck_holder", "_stoeck_rec", "_history",
        "_table", "_mult",
    )

    def __init__(
        self,
        hands: Sequence[CardSet | str | Iterable[CardLike]],
        dealer: Seat | int = 3,
        forehand: Seat | int | None = None,
        ruleset: Ruleset | str = CLASSIC,
        seed: int | str | None = None,
    ) -> None:
        if len(hands) != 4:
            raise HandSizeError(f"a round needs four hands, one per seat, got {len(hands)} (D1)")
        masks: list[int] = []
        seen = 0
        for i, h in enumerate(hands):
            cs = CardSet.parse(h) if isinstance(h, str) else CardSet(h)
            if len(cs) != 9:
                raise HandSizeError(f"seat {i}'s hand has {len(cs)} cards; every player holds 9 (D3)")
            if seen & cs.mask:
                dup = CardSet.from_mask(seen & cs.mask)
                raise DuplicateCardError(f"card {dup} is dealt twice (seat {i} and an earlier seat) (D1)")
            seen |= cs.mask
            masks.append(cs.mask)
        self.ruleset = Ruleset.get(ruleset)
        self.dealer = Seat.parse(dealer)
        self.forehand = self.dealer.next if forehand is None else Seat.parse(forehand)
        self.seed = seed
        self._initial = tuple(masks)
        self._hands = list(masks)
        self._contract: Contract | None = None
        self._pushed = False
        self._calls: list[tuple[int, str]] = []
        self._trick: list[int] = []
        self._leader = int(self.forehand)
        self._turn = int(self.forehand)
        self._tricks: list[TrickRecord] = []
        self._points = [0, 0]
        self._won = [0, 0]
        self._played = 0
        self._decls: tuple[_weis.Declaration, ...] | None = None
        self._weis_result: _weis.ContestResult | None = None
        self._weis_rec = [0, 0]
        self._stoeck_holder: int | None = None
        self._stoeck_rec = [0, 0]
        self._history: list[dict[str, Any]] = [
            {"event": "deal", "seat": int(self.dealer), "card": None, "trick": None,
             "detail": f"seat {int(self.dealer)} deals; seat {int(self.forehand)} is forehand"}
        ]
        self._table: tuple[int, ...] = ()
        self._mult = 1

    # ----------------------------------------------------------------- building
    @classmethod
    def deal(
        cls,
        seed: int | str | None = None,
        dealer: Seat | int = 3,
        ruleset: Ruleset | str = CLASSIC,
        first_hand: bool = False,
    ) -> Round:
        """Deal from ``seed`` (D3).  ``first_hand=True``: the starting card's holder is forehand (D4).

        >>> r = Round.deal(seed=5, first_hand=True)
        >>> Card.C7 in r.hand(r.forehand)
        True
        """
        rs = Ruleset.get(ruleset)
        hands = deal_hands(seed, dealer)
        forehand = None
        if first_hand:
            forehand = next(s for s in _SEATS if rs.starting_card in hands[s])
        return cls(hands, dealer=dealer, forehand=forehand, ruleset=rs, seed=seed)

    def copy(self) -> Round:
        """An independent copy (for search and what-if analysis)."""
        other = object.__new__(Round)
        for name in Round.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [dict(v) if isinstance(v, dict) else v for v in value]
            setattr(other, name, value)
        return other

    # ----------------------------------------------------------------- state
    @property
    def phase(self) -> Phase:
        """CONTRACT until a contract is named, then PLAY, then DONE after the ninth trick."""
        if self._contract is None:
            return Phase.CONTRACT
        return Phase.DONE if len(self._tricks) == 9 else Phase.PLAY

    @property
    def done(self) -> bool:
        """True once all nine tricks are played."""
        return len(self._tricks) == 9

    @property
    def contract(self) -> Contract | None:
        """The contract, or None before it is named."""
        return self._contract

    @property
    def pushed(self) -> bool:
        """True when forehand said schieben (C1)."""
        return self._pushed

    @property
    def chooser(self) -> Seat:
        """The seat that names (or named) the contract: forehand, or its partner after schieben (C1)."""
        return self.forehand.partner if self._pushed else self.forehand

    @property
    def multiplier(self) -> int:
        """The contract's factor (C3); 1 before the contract."""
        return self._mult

    @property
    def to_move(self) -> Seat | None:
        """The seat to act: the chooser before the contract, then the player to play; None when done."""
        if self._contract is None:
            return self.chooser
        if len(self._tricks) == 9:
            return None
        return _SEATS[self._turn]

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet.from_mask(self._hands[Seat.parse(seat)])

    def initial_hand(self, seat: Seat | int) -> CardSet:
        """The nine cards ``seat`` was dealt (W1: Weis and Stöck come from these)."""
        return CardSet.from_mask(self._initial[Seat.parse(seat)])

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """All four current hands (the referee's view; players get :meth:`view`)."""
        return tuple(CardSet.from_mask(m) for m in self._hands)  # type: ignore[return-value]

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The current trick as (seat, card) pairs in playing order."""
        return tuple((_SEATS[(self._leader + i) % 4], _CARDS[c]) for i, c in enumerate(self._trick))

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The completed tricks."""
        return tuple(self._tricks)

    @property
    def trick_number(self) -> int:
        """0-based number of the trick in progress (9 when done)."""
        return len(self._tricks)

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points captured so far by each team, before the multiplier (last-trick 5 included)."""
        return (self._points[0], self._points[1])

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by each team."""
        return (self._won[0], self._won[1])

    @property
    def played(self) -> CardSet:
        """Every card played so far."""
        return CardSet.from_mask(self._played)

    @property
    def declarations(self) -> tuple[_weis.Declaration, ...] | None:
        """Each seat's best declaration (W5), known once the contract is named."""
        return self._decls

    @property
    def weis_result(self) -> _weis.ContestResult | None:
        """The settled Weis contest (W7), after the first trick."""
        return self._weis_result

    def announcements(self) -> list[_weis.Announcement]:
        """The W8 announcing dialogue of the first trick (a teaching display; the result is :attr:`weis_result`)."""
        if self._decls is None:
            raise PhaseError("Weis are announced while playing to the first trick: name the contract first (C1)")
        return _weis.announcements(self._decls, self._contract, self.forehand)  # type: ignore[arg-type]

    @property
    def weis_recorded(self) -> tuple[int, int]:
        """Weis recorded per team, multiplied (W8)."""
        return (self._weis_rec[0], self._weis_rec[1])

    @property
    def stoeck_holder(self) -> Seat | None:
        """The seat holding Stöck (S1), once the contract is named."""
        return None if self._stoeck_holder is None else _SEATS[self._stoeck_holder]

    @property
    def stoeck_recorded(self) -> tuple[int, int]:
        """Stöck recorded per team, multiplied (S2)."""
        return (self._stoeck_rec[0], self._stoeck_rec[1])

    @property
    def history(self) -> list[dict[str, Any]]:
        """Plain records of everything that happened, in order (``pandas.DataFrame(r.history)``).

        Keys: ``event`` (deal, schieben, contract, play, trick, weis, stoeck, score), ``seat``,
        ``card``, ``trick`` (0-based) and ``detail``.
        """
        return [dict(h) for h in self._history]

    # ----------------------------------------------------------------- contract
    def _check_chooser(self, seat: Seat | int | None, action: str) -> None:
        if self._contract is not None:
            raise ContractError(
                f"the contract is already chosen ({self._contract}); it is named once per hand (C1)"
            )
        if seat is not None and Seat.parse(seat) != self.chooser:
            raise OutOfTurnError(
                f"seat {int(Seat.parse(seat))} cannot {action}: it is seat {int(self.chooser)}'s choice (C1)"
            )

    def schieben(self, seat: Seat | int | None = None) -> None:
        """Forehand passes the choice of contract to the partner (C1)."""
        self._check_chooser(seat, "say schieben")
        if self._pushed:
            raise ContractError(
                f"seat {int(self.chooser)} must choose: the partner cannot push the choice back (C1)"
            )
        self._pushed = True
        self._calls.append((int(self.forehand), "schieben"))
        self._history.append({"event": "schieben", "seat": int(self.forehand), "card": None, "trick": None,
                              "detail": f"seat {int(self.forehand)} says schieben; "
                                        f"seat {int(self.chooser)} chooses (C1)"})

    def choose(self, contract: Contract | int | str, seat: Seat | int | None = None) -> None:
        """The chooser names the contract (C1); forehand then leads (C2)."""
        self._check_chooser(seat, "choose the contract")
        c = Contract.parse(contract)
        self._contract = c
        self._mult = self.ruleset.multiplier(c)
        self._table = self.ruleset.card_points(c)
        self._calls.append((int(self.chooser), c.name))
        self._decls = tuple(
            _weis.best_declaration(CardSet.from_mask(m), c, self.ruleset) for m in self._initial
        )
        stoeck = _weis.stoeck_cards(c).mask
        if stoeck:
            for s in range(4):
                if self._initial[s] & stoeck == stoeck:
                    self._stoeck_holder = s
        self._history.append({"event": "contract", "seat": int(self.chooser), "card": None, "trick": None,
                              "detail": f"{c} ×{self._mult}"})

    # ----------------------------------------------------------------- play
    def _need_play(self) -> None:
        if self._contract is None:
            raise PhaseError(
                f"no card can be played before the contract is named: seat {int(self.chooser)} "
                "chooses a contract or says schieben first (C1)"
            )
        if len(self._tricks) == 9:
            raise PhaseError("the hand is over: all nine tricks have been played")

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play (P1–P5)."""
        self._need_play()
        return CardSet.from_mask(legal_mask(self._hands[self._turn], self._trick, self._contract))  # type: ignore[arg-type]

    def check(self, card: CardLike) -> Verdict:
        """The verdict on the player to move playing ``card`` (does not play it)."""
        self._need_play()
        c = Card.parse(card)
        return check_play(c, CardSet.from_mask(self._hands[self._turn]), [_CARDS[x] for x in self._trick],
                          self._contract)  # type: ignore[arg-type]

    def play(self, card: CardLike, seat: Seat | int | None = None) -> None:
        """Play ``card`` for the player to move (or for ``seat``, which must be that player).

        Raises PhaseError, CardParseError, OutOfTurnError, CardNotInHandError or
        IllegalPlayError (carrying the :class:`~jasslib.play.Verdict`); the round
        is unchanged after any of them.
        """
        if self._contract is None or len(self._tricks) == 9:
            self._need_play()
        c = card if type(card) is int else int(Card.parse(card))
        turn = self._turn
        if seat is not None and Seat.parse(seat) != turn:
            raise OutOfTurnError(
                f"seat {int(Seat.parse(seat))} cannot play now: it is seat {turn}'s turn (P1)"
            )
        hand = self._hands[turn]
        bit = 1 << c
        if not hand & bit:
            self._refuse_missing(c)
        contract = int(self._contract)  # type: ignore[arg-type]
        if not legal_mask(hand, self._trick, contract) & bit:
            raise IllegalPlayError(self.check(c))
        # ---- apply (nothing below can fail)
        self._hands[turn] = hand ^ bit
        self._played |= bit
        trick = self._trick
        trick.append(c)
        self._history.append({"event": "play", "seat": turn, "card": str(_CARDS[c]), "trick": len(self._tricks),
                              "detail": None})
        holder = self._stoeck_holder
        if holder == turn and self._stoeck_rec[turn & 1] == 0:
            self._maybe_stoeck(turn)
        if len(trick) < 4:
            self._turn = (turn + 1) % 4
            return
        self._finish_trick()

    def _refuse_missing(self, c: int) -> None:
        card = _CARDS[c]
        for s in range(4):
            if self._hands[s] >> c & 1:
                raise OutOfTurnError(
                    f"{card} belongs to seat {s}, but it is seat {self._turn}'s turn to play (P1)"
                )
        if self._played >> c & 1:
            raise CardNotInHandError(f"{card} has already been played in this hand")
        raise CardNotInHandError(f"{card} is not in seat {self._turn}'s hand")  # pragma: no cover

    def _maybe_stoeck(self, seat: int) -> None:
        stoeck = _weis.stoeck_cards(self._contract).mask  # type: ignore[arg-type]
        if self._played & stoeck == stoeck:
            self._record_stoeck(seat, "played the second of trump K and Q (S2)")

    def _record_stoeck(self, seat: int, how: str) -> None:
        points = _weis.STOECK_POINTS * self._mult
        self._stoeck_rec[seat & 1] = points
        self._history.append({"event": "stoeck", "seat": seat, "card": None, "trick": len(self._tricks),
                              "detail": f"Stöck {points}: seat {seat} {how}"})

    def _finish_trick(self) -> None:
        trick = self._trick
        contract = int(self._contract)  # type: ignore[arg-type]
        number = len(self._tricks)
        win_seat = (self._leader + trick_winner_index(trick, contract)) % 4
        table = self._table
        points = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        if number == 8:
            points += LAST_TRICK_BONUS
        if number == 0:
            self._settle_weis()  # decided after the first trick, recorded before any trick points
        team = win_seat & 1
        self._points[team] += points
        self._won[team] += 1
        record = TrickRecord(number, _SEATS[self._leader], tuple(_CARDS[x] for x in trick), _SEATS[win_seat],
                             points)
        self._tricks.append(record)
        self._history.append({"event": "trick", "seat": win_seat, "card": None, "trick": number,
                              "detail": f"seat {win_seat} takes {points}"})
        self._trick = []
        self._leader = self._turn = win_seat
        if number == 8:
            s = self.score()
            self._history.append({"event": "score", "seat": None, "card": None, "trick": None,
                                  "detail": f"team 0 {s.total[0]}, team 1 {s.total[1]}"})

    def _settle_weis(self) -> None:
        decls = self._decls
        assert decls is not None
        result = _weis.contest(decls, self._contract, self.forehand)  # type: ignore[arg-type]
        self._weis_result = result
        if result.team is None:
            return
        t = int(result.team)
        self._weis_rec[t] = result.points[t] * self._mult
        self._history.append({"event": "weis", "seat": int(result.winner), "card": None, "trick": 0,  # type: ignore[arg-type]
                              "detail": f"team {t} records {self._weis_rec[t]} Weis: {result.reason}"})
        holder = self._stoeck_holder
        if holder is not None and holder & 1 == t and self._stoeck_rec[t] == 0:
            stoeck = _weis.stoeck_cards(self._contract).mask  # type: ignore[arg-type]
            if decls[holder].cards.mask & stoeck == stoeck:
                self._record_stoeck(holder, "showed trump K and Q in a counted Weis (S2)")

    # ----------------------------------------------------------------- results
    def score(self) -> HandScore:
        """The hand's score (H1–H2); raises PhaseError before the ninth trick."""
        if len(self._tricks) != 9:
            raise PhaseError(f"the hand is not finished: {9 - len(self._tricks)} tricks remain")
        last = self._tricks[8].winner.team
        card_points = [self._points[0], self._points[1]]
        card_points[last] -= LAST_TRICK_BONUS
        stoeck = [0, 0]
        if self._stoeck_holder is not None:
            stoeck[self._stoeck_holder & 1] = _weis.STOECK_POINTS
        weis_raw = self._weis_result.points if self._weis_result is not None else (0, 0)
        return hand_score(card_points, self._won, last, self._contract, self.ruleset,  # type: ignore[arg-type]
                          weis=weis_raw, stoeck=stoeck)

    def view(self, seat: Seat | int) -> RoundView:
        """What ``seat`` may know: its own hand and declaration, everything played, the settled Weis."""
        s = Seat.parse(seat)
        legal = None
        if self._contract is not None and not self.done and self._turn == s:
            legal = self.legal_cards()
        return RoundView(
            seat=s,
            ruleset=self.ruleset,
            phase=self.phase,
            dealer=self.dealer,
            forehand=self.forehand,
            chooser=self.chooser,
            pushed=self._pushed,
            contract=self._contract,
            to_move=self.to_move,
            hand=self.hand(s),
            legal=legal,
            trick=self.trick,
            tricks=self.tricks,
            hand_sizes=tuple(m.bit_count() for m in self._hands),  # type: ignore[arg-type]
            card_points=self.card_points,
            tricks_won=self.tricks_won,
            weis=None if self._decls is None else self._decls[s],
            weis_result=self._weis_result,
            weis_recorded=self.weis_recorded,
            stoeck_recorded=self.stoeck_recorded,
            played=self.played,
        )

    # ----------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """A compact JSON text from which :meth:`from_json` rebuilds an equal round."""
        rs: Any = self.ruleset.name if PRESETS.get(self.ruleset.name) == self.ruleset else self.ruleset.to_dict()
        plays = [c for t in self._tricks for c in t.cards] + [_CARDS[x] for x in self._trick]
        data = {
            "format": JSON_FORMAT,
            "ruleset": rs,
            "seed": self.seed,
            "dealer": int(self.dealer),
            "forehand": int(self.forehand),
            "hands": [CardSet.from_mask(m).format("ascii") for m in self._initial],
            "calls": [[s, call] for s, call in self._calls],
            "plays": " ".join(c.format("ascii") for c in plays),
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """Rebuild a round from :meth:`to_json`, replaying every call through the rules."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise RoundFormatError(f"not a JSON round: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise RoundFormatError(f"not a jasslib round: the 'format' field must be {JSON_FORMAT!r}")
        try:
            rs = data["ruleset"]
            ruleset = Ruleset.from_dict(rs) if isinstance(rs, dict) else Ruleset.get(rs)
            rnd = cls([CardSet.parse(h) for h in data["hands"]], dealer=data["dealer"],
                      forehand=data["forehand"], ruleset=ruleset, seed=data.get("seed"))
            for seat, call in data["calls"]:
                if call == "schieben":
                    rnd.schieben(seat)
                else:
                    rnd.choose(Contract[call], seat)
            for token in str(data["plays"]).split():
                rnd.play(token)
        except JassError as exc:
            raise RoundFormatError(f"inconsistent JSON round: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RoundFormatError(f"malformed JSON round: missing or bad field {exc}") from None
        return rnd

    def _state(self) -> tuple[Any, ...]:
        return (self.ruleset, self.dealer, self.forehand, self.seed, self._initial, tuple(self._hands),
                tuple(self._calls), tuple(self._trick), tuple(self._tricks))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------------- display
    def __repr__(self) -> str:
        c = "no contract" if self._contract is None else str(self._contract)
        return f"<Round seed={self.seed!r} {c}, trick {min(len(self._tricks) + 1, 9)}/9, {self.phase.value}>"

    def __str__(self) -> str:
        lines = [f"Round ({self.ruleset.name}), dealer seat {int(self.dealer)}, forehand seat {int(self.forehand)}"]
        if self._contract is None:
            lines.append(f"contract: seat {int(self.chooser)} to choose" + (" (pushed)" if self._pushed else ""))
        else:
            who = f"seat {int(self.chooser)}" + (" after schieben" if self._pushed else "")
            lines.append(f"contract: {self._contract} ×{self._mult}, chosen by {who}")
        for s in _SEATS:
            mark = " ←" if self.to_move == s else ""
            lines.append(f"  seat {int(s)} (team {s % 2}): {self.hand(s)}{mark}")
        for t in self._tricks:
            lines.append("  " + str(t))
        if self._trick:
            lines.append("  current trick: " + "  ".join(f"{int(s)}:{c}" for s, c in self.trick))
        if self._weis_result is not None and self._weis_result.team is not None:
            lines.append(f"  Weis: {self._weis_result.reason}; recorded {self.weis_recorded}")
        if any(self._stoeck_rec):
            lines.append(f"  Stöck recorded {self.stoeck_recorded}")
        lines.append(f"  card points so far: team 0 {self._points[0]}, team 1 {self._points[1]}")
        if self.done:
            s = self.score()
            lines.append(f"  score: team 0 {s.total[0]}, team 1 {s.total[1]}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from .display import round_html

        return round_html(self)

