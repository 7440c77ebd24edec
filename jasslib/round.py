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
import itertools
import json
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from hashlib import blake2b as _blake2b
from typing import Any

from . import _check
from . import weis as _weis
from .cards import Card, CardLike, CardSet, parse_cards
from .contracts import Contract
from .errors import (
    ArgumentError,
    CardNotInHandError,
    CardParseError,
    ContractError,
    DuplicateCardError,
    HandSizeError,
    IllegalPlayError,
    JassError,
    OutOfTurnError,
    PhaseError,
    RoundFormatError,
    excerpt,
)
from .play import Verdict, check_play, legal_mask, trick_value, trick_winner_index
from .rulesets import CLASSIC, PRESETS, Ruleset
from .scoring import HandScore, hand_score
from .seats import Seat, Team

__all__ = ["Round", "Phase", "TrickRecord", "RoundView", "deal_hands", "deal_deck", "shuffled_deck", "JSON_FORMAT"]

JSON_FORMAT = "jasslib.round/1"
MAX_SEED_TEXT = _check.MAX_SEED_TEXT
"""A seed's text has at most this many characters (a seed is a label; a game's hands add ``/index``)."""
MAX_SEED_BITS = _check.MAX_SEED_BITS
"""An int seed lies strictly between ``-2**256`` and ``2**256``."""
MAX_JSON_SIZE = 16_384
"""No round's JSON is longer (the largest, with a custom ruleset and the longest seed, takes a few KB):
:meth:`Round.from_json` refuses a longer document before reading it."""
MAX_JSON_DEPTH = 8
"""No round's JSON nests deeper than 3 (calls, and a custom ruleset's lists); deeper is refused before parsing."""
_SEED_BOUND = 1 << MAX_SEED_BITS
_JSON_FIELDS = ("format", "ruleset", "seed", "dealer", "forehand", "hands", "calls", "plays")
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKETS = re.compile(r"[\[\]{}]")
_SEATS = tuple(Seat)
_CARDS = tuple(Card)
_new = object.__new__
_set_mask = CardSet.__dict__["_mask"].__set__
_Declarations = tuple[_weis.Declaration, _weis.Declaration, _weis.Declaration, _weis.Declaration]
"""One declaration per seat."""


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

    ``weis`` is this seat's own declaration (known from the contract on).  After
    the first trick, ``weis_winner`` is the seat with the strongest Weis and
    ``weis_shown`` holds, per seat, the declarations the winning team counted,
    which the table may see (W8); the other seats' Weis stay hidden (None).
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
    weis_winner: Seat | None
    weis_shown: tuple[_weis.Declaration | None, _weis.Declaration | None, _weis.Declaration | None,
                      _weis.Declaration | None]
    weis_recorded: tuple[int, int]
    stoeck_recorded: tuple[int, int]
    played: CardSet

    @property
    def team(self) -> Team:
        """This seat's team."""
        return self.seat.team



def _check_seed(seed: object, room: int = 0) -> int | str | None:
    """``seed`` when it is None, an int (not ``True``/``False``) or a short str; else a :class:`CardParseError`.

    ``room`` characters of :data:`MAX_SEED_TEXT` are kept free (a game adds ``/index`` to its seed).
    """
    return _check.seed(seed, room)


def _seed_bits(seed: int | str | None) -> int:
    """256 pseudo-random bits derived from ``seed`` (BLAKE2b of its text; fresh entropy for None)."""
    if seed is None:
        return random.SystemRandom().getrandbits(256)
    if not (type(seed) is str and len(seed) <= MAX_SEED_TEXT and seed.isascii()
            or type(seed) is int and -_SEED_BOUND < seed < _SEED_BOUND):
        seed = _check_seed(seed)  # the common cases above need no call
    text = (f"i:{int(seed)}" if isinstance(seed, int) else f"s:{seed}").encode()
    return int.from_bytes(_blake2b(text, digest_size=32, person=b"jasslib-deal").digest(), "little")


def shuffled_deck(seed: int | str | None = None) -> list[int]:
    """The 36 card numbers in shuffled order, reproducible from ``seed`` (D3: the dealer shuffles).

    A Fisher–Yates shuffle driven by 256 bits hashed from the seed with BLAKE2b, so a seed gives
    the same deal on every machine and Python version (uniform up to a bias below 2**-100).

    >>> sorted(shuffled_deck(1)) == list(range(36)), shuffled_deck(1) == shuffled_deck(1)
    (True, True)
    >>> shuffled_deck(1) == shuffled_deck("1")
    False
    """
    deck = list(range(36))
    x = _seed_bits(seed)
    for i in range(35, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _deal_deck_masks(deck: Sequence[int], dealer: int) -> list[int]:
    masks = [0, 0, 0, 0]
    first = dealer + 1
    for packet in range(12):
        k = 3 * packet
        masks[(first + packet) % 4] |= 1 << deck[k] | 1 << deck[k + 1] | 1 << deck[k + 2]
    return masks


# Per dealer: the seat that receives the card at each deck position (packets of 3 from the dealer's right).
_SEAT_OF_POSITION = tuple(tuple((d + 1 + k // 3) % 4 for k in range(36)) for d in range(4))


def _deal_masks(seed: int | str | None, dealer: int) -> list[int]:
    """:func:`shuffled_deck` and :func:`deal_deck` in one pass (each position is final once swapped)."""
    deck = list(range(36))
    seat_of = _SEAT_OF_POSITION[dealer]
    masks = [0, 0, 0, 0]
    x = _seed_bits(seed)
    for i in range(35, 0, -1):
        x, j = divmod(x, i + 1)
        card = deck[j]
        deck[j] = deck[i]
        masks[seat_of[i]] |= 1 << card
    masks[seat_of[0]] |= 1 << deck[0]
    return masks


def deal_deck(deck: Sequence[CardLike], dealer: Seat | int = 3) -> tuple[CardSet, ...]:
    """D3: deal a deck (top card first) in packets of 3, counterclockwise from the dealer's right.

    >>> hands = deal_deck(range(36), dealer=3)      # seat 0 sits at the dealer's right
    >>> str(hands[0])
    '6♣ 7♣ 8♣ 9♠ 10♠ J♠ Q♥ K♥ A♥'
    """
    d = Seat.parse(dealer)
    if isinstance(deck, str):
        items: list[CardLike] = list(parse_cards(deck, 36))
    elif isinstance(deck, (bytes, bytearray)) or not isinstance(deck, Iterable):
        raise CardParseError(f"expected a deck: the 36 cards in order, top card first, got {excerpt(deck)}")
    else:
        items = list(itertools.islice(deck, 37))  # one more than a deck: enough to tell it is too long
    order = [int(Card.parse(c)) for c in items]
    CardSet(order)  # D1: refuses a card twice
    if len(order) != 36:
        raise HandSizeError(f"a deck has 36 cards, got {len(order)} (D1)")
    return tuple(CardSet.from_mask(m) for m in _deal_deck_masks(order, int(d)))


def deal_hands(seed: int | str | None = None, dealer: Seat | int = 3) -> tuple[CardSet, ...]:
    """D3: shuffle with ``seed`` and deal packets of 3 counterclockwise from the dealer's right.

    Returns the four hands indexed by seat.  The same seed always gives the same deal.

    >>> hands = deal_hands(seed=42, dealer=3)
    >>> [len(h) for h in hands], len(hands[0] | hands[1] | hands[2] | hands[3])
    ([9, 9, 9, 9], 36)
    """
    return tuple(CardSet.from_mask(m) for m in _deal_masks(seed, int(Seat.parse(dealer))))


def _malformed(field: str, expected: str, value: object) -> None:
    raise RoundFormatError(f"malformed JSON round: {field!r}: expected {expected}, got {excerpt(value)}")


def _load_json(text: str | bytes) -> dict[str, Any]:
    """The fields of a JSON round, checked for size, depth, the format and the set of fields (not their values)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_JSON_SIZE:
            raise RoundFormatError(f"not a jasslib round: {len(text):,} bytes is larger than any round's JSON "
                                   f"(at most {MAX_JSON_SIZE:,})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RoundFormatError(f"not a JSON round: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(text, str):
        raise RoundFormatError(f"not a JSON round: expected JSON text, got {excerpt(text)}")
    if len(text) > MAX_JSON_SIZE:
        raise RoundFormatError(f"not a jasslib round: {len(text):,} characters is larger than any round's JSON "
                               f"(at most {MAX_JSON_SIZE:,})")
    depth = deepest = 0
    for bracket in _JSON_BRACKETS.findall(_JSON_STRING.sub("", text)):  # brackets outside strings
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_JSON_DEPTH:
        raise RoundFormatError(f"not a jasslib round: nested {deepest} deep, deeper than any round (at most "
                               f"{MAX_JSON_DEPTH})")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RoundFormatError(f"not a JSON round: {exc}") from None  # json's messages quote no text
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise RoundFormatError(f"not a jasslib round: the 'format' field must be {JSON_FORMAT!r}")
    unknown = [key for key in data if key not in _JSON_FIELDS]
    if unknown:
        raise RoundFormatError(f"malformed JSON round: unknown field {excerpt(unknown[0])}; the fields are "
                               f"{', '.join(_JSON_FIELDS)}")
    missing = [key for key in _JSON_FIELDS if key not in data and key != "seed"]
    if missing:
        raise RoundFormatError(f"malformed JSON round: missing or bad field {missing[0]!r}")
    return data


def _event(kind: str, seat: int | None, detail: str, trick: int | None = None) -> dict[str, Any]:
    return {"event": kind, "seat": seat, "card": None, "trick": trick, "detail": detail}


class Round:
    """One hand: the deal, the contract, nine tricks, Weis, Stöck and the score.

    Build one with :meth:`deal` (from a seed, D3) or from four explicit hands.
    ``forehand`` defaults to the dealer's right (D4); :meth:`deal` with
    ``first_hand=True`` gives it to the holder of the starting card instead.
    """

    __slots__ = (
        "ruleset", "dealer", "forehand", "seed", "_initial", "_hands", "_contract", "_ci", "_pushed",
        "_calls", "_trick", "_leader", "_turn", "_tricks", "_points", "_won", "_played", "_n",
        "_decls", "_weis_result", "_weis_rec", "_stoeck_holder", "_stoeck_mask", "_stoeck_rec",
        "_events", "_table", "_mult", "_legal_n", "_legal_m", "_score",
    )

    def __init__(
        self,
        hands: Sequence[CardSet | str | Iterable[CardLike]],
        dealer: Seat | int = 3,
        forehand: Seat | int | None = None,
        ruleset: Ruleset | str = CLASSIC,
        seed: int | str | None = None,
    ) -> None:
        if not isinstance(hands, (list, tuple)):
            raise HandSizeError(f"a round needs four hands, one per seat, in a list; got {excerpt(hands)} (D1)")
        if len(hands) != 4:
            raise HandSizeError(f"a round needs four hands, one per seat, got {len(hands):,} (D1)")
        masks: list[int] = []
        seen = 0
        for i, h in enumerate(hands):
            cs = CardSet(h)
            if len(cs) != 9:
                raise HandSizeError(f"seat {i}'s hand has {len(cs)} cards; every player holds 9 (D3)")
            if seen & cs.mask:
                dup = CardSet.from_mask(seen & cs.mask)
                raise DuplicateCardError(f"card {dup} is dealt twice (seat {i} and an earlier seat) (D1)")
            seen |= cs.mask
            masks.append(cs.mask)
        d = Seat.parse(dealer)
        fh = d.next if forehand is None else Seat.parse(forehand)
        checked = _check_seed(seed)
        if checked is not None and _deal_masks(checked, int(d)) != masks:
            raise ArgumentError(f"seed {excerpt(checked)} deals other hands with dealer seat {int(d)}: a round's seed "
                                "is the one its hands were dealt from (Round.deal), or None for hands given (D3)")
        self._setup(masks, d, fh, Ruleset.parse(ruleset), checked)

    def _setup(self, masks: list[int], dealer: Seat, forehand: Seat, ruleset: Ruleset,
               seed: int | str | None) -> None:
        self.ruleset = ruleset
        self.dealer = dealer
        self.forehand = forehand
        self.seed = seed
        self._initial = tuple(masks)
        self._hands = list(masks)
        self._contract: Contract | None = None
        self._ci = -1
        self._pushed = False
        self._calls: list[tuple[int, int]] = []  # (seat, contract number or -1 for schieben)
        self._trick: list[int] = []
        self._leader = self._turn = int(forehand)
        self._tricks: list[tuple[int, tuple[int, ...], int, int]] = []  # leader, cards, winner, points
        self._points = [0, 0]
        self._won = [0, 0]
        self._played = 0
        self._n = 0
        self._decls: _Declarations | None = None
        self._weis_result: _weis.ContestResult | None = None
        self._weis_rec = [0, 0]
        self._stoeck_holder = -1
        self._stoeck_mask = 0
        self._stoeck_rec = [0, 0]
        # Events other than the deal, plays and tricks, each with the number of cards played when it
        # happened; the history is assembled from these when it is read.
        self._events: list[tuple[int, dict[str, Any]]] = []
        self._table: tuple[int, ...] = ()
        self._mult = 1
        self._legal_n = -1
        self._legal_m = 0
        self._score: HandScore | None = None

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
        rs = ruleset if type(ruleset) is Ruleset else Ruleset.parse(ruleset)
        d = dealer if type(dealer) is Seat else _SEATS[dealer] if type(dealer) is int and 0 <= dealer < 4 \
            else Seat.parse(dealer)
        if type(first_hand) is not bool:
            raise JassError(f"first_hand is True or False, not {excerpt(first_hand)}")
        if seed is not None and type(seed) is not int and type(seed) is not str:
            seed = _check_seed(seed)  # a NumPy integer becomes an int (kept as the round's seed, in its JSON)
        masks = _deal_masks(seed, d)
        if first_hand:
            bit = 1 << rs.starting_card
            forehand = next(s for s in _SEATS if masks[s] & bit)
        else:
            forehand = _SEATS[(d + 1) % 4]
        rnd = object.__new__(cls)
        rnd._setup(masks, d, forehand, rs, seed)
        return rnd

    def copy(self) -> Round:
        """An independent copy (for search and what-if analysis)."""
        other = object.__new__(Round)
        for name in Round.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = list(value)
            setattr(other, name, value)
        return other

    # ----------------------------------------------------------------- state
    @property
    def phase(self) -> Phase:
        """CONTRACT until a contract is named, then PLAY, then DONE after the ninth trick."""
        if self._contract is None:
            return Phase.CONTRACT
        return Phase.DONE if self._n == 36 else Phase.PLAY

    @property
    def done(self) -> bool:
        """True once all nine tricks are played."""
        return self._n == 36

    @property
    def contract(self) -> Contract | None:
        """The contract, or None before it is named."""
        return self._contract

    @property
    def pushed(self) -> bool:
        """True when forehand said schieben (C1)."""
        return self._pushed

    @property
    def may_schieben(self) -> bool:
        """True while forehand may still pass the choice to the partner (C1)."""
        return self._contract is None and not self._pushed

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
        if self._n == 36:
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
        h = self._hands
        return (CardSet.from_mask(h[0]), CardSet.from_mask(h[1]), CardSet.from_mask(h[2]), CardSet.from_mask(h[3]))

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The current trick as (seat, card) pairs in playing order."""
        return tuple((_SEATS[(self._leader + i) % 4], _CARDS[c]) for i, c in enumerate(self._trick))

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The completed tricks."""
        return tuple(
            TrickRecord(i, _SEATS[leader], tuple(_CARDS[c] for c in cards), _SEATS[winner], points)
            for i, (leader, cards, winner, points) in enumerate(self._tricks)
        )

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
    def declarations(self) -> _Declarations | None:
        """Each seat's best declaration (W5), known once the contract is named."""
        if self._decls is None and self._contract is not None:
            self._decls = self._declare()
        return self._decls

    def _declare(self) -> _Declarations:
        assert self._contract is not None
        d = _weis.best_declarations(self._initial, self._contract, self.ruleset)
        return (d[0], d[1], d[2], d[3])

    @property
    def weis_result(self) -> _weis.ContestResult | None:
        """The settled Weis contest (W7), after the first trick."""
        return self._weis_result

    def announcements(self) -> list[_weis.Announcement]:
        """The W8 announcing dialogue of the first trick (a teaching display; the result is :attr:`weis_result`)."""
        decls, contract = self.declarations, self._contract
        if decls is None or contract is None:  # both None before the contract, neither after
            raise PhaseError("Weis are announced while playing to the first trick: name the contract first (C1)")
        return _weis.announcements(decls, contract, self.forehand)

    @property
    def weis_recorded(self) -> tuple[int, int]:
        """Weis recorded per team, multiplied (W8)."""
        return (self._weis_rec[0], self._weis_rec[1])

    @property
    def stoeck_holder(self) -> Seat | None:
        """The seat holding Stöck (S1), once the contract is named."""
        return None if self._stoeck_holder < 0 else _SEATS[self._stoeck_holder]

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
        events = self._events
        d, f = int(self.dealer), int(self.forehand)
        out = [_event("deal", d, f"seat {d} deals; seat {f} is forehand")]
        for n, e in events:
            if n == 0:
                e = dict(e)
                if e["event"] == "contract":
                    e["detail"] = f"{self._contract} ×{self._mult}"
                out.append(e)
        i = len(out) - 1
        cards = [c for _, t, _, _ in self._tricks for c in t] + self._trick
        leaders = [t[0] for t in self._tricks] + [self._leader]
        for k, c in enumerate(cards):
            number = k // 4
            seat = (leaders[number] + k % 4) % 4
            out.append({"event": "play", "seat": seat, "card": str(_CARDS[c]), "trick": number, "detail": None})
            while i < len(events) and events[i][0] == k + 1:
                e = dict(events[i][1])
                if e["event"] == "weis" and self._weis_result is not None:
                    t = e["seat"] & 1
                    e["detail"] = f"team {t} records {self._weis_rec[t]} Weis: {self._weis_result.reason}"
                out.append(e)
                i += 1
            if k % 4 == 3:
                _, _, winner, points = self._tricks[number]
                out.append(_event("trick", winner, f"seat {winner} takes {points}", number))
        if self._n == 36:
            s = self.score()
            out.append(_event("score", None, f"team 0 {s.total[0]}, team 1 {s.total[1]}"))
        return out

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
        """Forehand passes the choice of contract to the partner (C1); see :attr:`may_schieben`."""
        self._check_chooser(seat, "say schieben")
        if self._pushed:
            raise ContractError(
                f"seat {int(self.chooser)} must choose: the partner cannot push the choice back (C1)"
            )
        fh = int(self.forehand)
        partner = (fh + 2) % 4
        event = (0, _event("schieben", fh, f"seat {fh} says schieben; seat {partner} chooses (C1)"))
        calls, events = self._calls, self._events
        k, e = len(calls), len(events)
        try:  # nothing here can fail; an interrupt in the middle is undone all the same
            self._pushed = True
            calls.append((fh, -1))
            events.append(event)
        except BaseException:
            self._pushed = False
            del calls[k:], events[e:]
            raise

    def choose(self, contract: Contract | int | str, seat: Seat | int | None = None) -> None:
        """The chooser names the contract (C1); forehand then leads (C2)."""
        self._check_chooser(seat, "choose the contract")
        c = contract if type(contract) is Contract else Contract.parse(contract)
        # everything that can fail first, then the round changes all at once
        ci = int(c)
        rs = self.ruleset
        mult = rs.multipliers[ci]
        table = rs.card_points(c)
        chooser = (self.forehand + 2) % 4 if self._pushed else int(self.forehand)
        holder, stoeck_mask = -1, 0
        for s in range(4):
            if _weis.stoeck_mask_held(self._initial[s], ci):  # S1
                holder, stoeck_mask = s, _weis.STOECK_MASKS[ci]
        event = (0, {"event": "contract", "seat": chooser, "card": None, "trick": None, "detail": None})
        calls, events = self._calls, self._events
        k, e = len(calls), len(events)
        try:  # nothing here can fail; an interrupt in the middle is undone all the same
            self._contract = c
            self._ci = ci
            self._mult = mult
            self._table = table
            self._stoeck_holder = holder
            self._stoeck_mask = stoeck_mask
            calls.append((chooser, ci))
            events.append(event)
        except BaseException:
            self._contract, self._ci, self._mult, self._table = None, -1, 1, ()
            self._stoeck_holder, self._stoeck_mask = -1, 0
            del calls[k:], events[e:]
            raise

    # ----------------------------------------------------------------- play
    def _need_play(self) -> None:
        if self._contract is None:
            raise PhaseError(
                f"no card can be played before the contract is named: seat {int(self.chooser)} "
                "chooses a contract or says schieben first (C1)"
            )
        if self._n == 36:
            raise PhaseError("the hand is over: all nine tricks have been played")

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play (P1–P5)."""
        if self._ci < 0 or self._n == 36:
            self._need_play()
        m = legal_mask(self._hands[self._turn], self._trick, self._ci)
        self._legal_n = self._n
        self._legal_m = m
        cs = _new(CardSet)
        _set_mask(cs, m)
        return cs

    def check(self, card: CardLike) -> Verdict:
        """The verdict on the player to move playing ``card`` (does not play it)."""
        self._need_play()
        c = Card.parse(card)
        return check_play(c, CardSet.from_mask(self._hands[self._turn]), [_CARDS[x] for x in self._trick], self._ci)

    def play(self, card: CardLike, seat: Seat | int | None = None) -> None:
        """Play ``card`` for the player to move (or for ``seat``, which must be that player).

        Raises PhaseError, CardParseError, OutOfTurnError, CardNotInHandError or
        IllegalPlayError (carrying the :class:`~jasslib.play.Verdict`); the round
        is unchanged after any of them, and after any other exception too: a play
        is all or nothing.
        """
        n = self._n
        if self._ci < 0 or n == 36:
            self._need_play()
        if type(card) is Card or (type(card) is int and 0 <= card < 36):
            c = card
        else:
            c = Card.parse(card)
        turn = self._turn
        if seat is not None and Seat.parse(seat) != turn:
            raise OutOfTurnError(f"seat {int(Seat.parse(seat))} cannot play now: it is seat {turn}'s turn (P1)")
        hands = self._hands
        hand = hands[turn]
        bit = 1 << c
        if not hand & bit:
            self._refuse_missing(c)
        trick = self._trick
        legal = self._legal_m if self._legal_n == n else legal_mask(hand, trick, self._ci)
        if not legal & bit:
            raise IllegalPlayError(self.check(c))
        k = len(trick)
        if k == 3 or bit & self._stoeck_mask:
            self._play_and_record(turn, c, bit, hand, n)  # a trick ends or Stöck may be announced: more to do
            return
        played = self._played
        try:  # nothing here can fail; an interrupt in the middle is undone all the same
            hands[turn] = hand ^ bit
            self._played = played | bit
            self._n = n + 1
            trick.append(c)
            self._turn = (turn + 1) % 4
        except BaseException:
            hands[turn] = hand
            self._played = played
            self._n = n
            del trick[k:]
            self._turn = turn
            raise

    def _play_and_record(self, turn: int, c: int, bit: int, hand: int, n: int) -> None:
        """A checked play that ends a trick or may announce Stöck (S2): all or nothing.

        The common case, a trick after the first ending without Stöck, asks the two functions that could
        fail (the winner and the points of the trick) first and then only stores the results; the rest
        (the first trick, which settles the Weis, and the trump K or Q of the Stöck holder) goes through
        :meth:`_play_carefully`.
        """
        trick = self._trick
        tricks = self._tricks
        if len(trick) < 3 or not tricks or bit & self._stoeck_mask and turn == self._stoeck_holder:
            self._play_carefully(turn, c, bit, hand, n)
            return
        leader, number, played = self._leader, len(tricks), self._played
        trick.append(c)
        try:  # the two calls that could fail come first
            win_seat = (leader + trick_winner_index(trick, self._ci)) % 4
            value = trick_value(trick, self._table, number == 8)  # O4–O7
        except BaseException:
            del trick[3:]
            raise
        team = win_seat & 1
        points, won = self._points, self._won
        p, w = points[team], won[team]
        try:  # only stores from here; an interrupt in the middle is undone all the same
            self._hands[turn] = hand ^ bit
            self._played = played | bit
            self._n = n + 1
            points[team] = p + value
            won[team] = w + 1
            tricks.append((leader, tuple(trick), win_seat, value))
            self._trick = []
            self._leader = self._turn = win_seat
        except BaseException:
            self._hands[turn], self._played, self._n, self._trick, self._leader, self._turn = (
                hand, played, n, trick, leader, turn)
            points[team], won[team] = p, w
            del trick[3:], tricks[number:]
            raise

    def _play_carefully(self, turn: int, c: int, bit: int, hand: int, n: int) -> None:
        """:meth:`_play_and_record` for the first trick's end and the Stöck holder's trump K or Q.

        The trick's winner and points, the Weis contest and Stöck are worked out as the round changes;
        if anything fails on the way (whatever the exception), every field is put back from the values
        kept here (recorded Weis and Stöck are replaced, never changed in place).
        """
        hands, trick, tricks, events = self._hands, self._trick, self._tricks, self._events
        k, number, e = len(trick), len(tricks), len(events)
        played, leader, points, won = self._played, self._leader, self._points, self._won
        p0, p1, w0, w1 = points[0], points[1], won[0], won[1]
        weis_result, weis_rec, stoeck_rec = self._weis_result, self._weis_rec, self._stoeck_rec
        try:
            hands[turn] = hand ^ bit
            self._played = played | bit
            self._n = n + 1
            trick.append(c)
            sm = self._stoeck_mask
            if bit & sm and turn == self._stoeck_holder and not stoeck_rec[turn & 1] and (played | bit) & sm == sm:
                self._record_stoeck(turn, "played the second of trump K and Q (S2)")
            if k < 3:
                self._turn = (turn + 1) % 4
                return
            win_seat = (leader + trick_winner_index(trick, self._ci)) % 4
            value = trick_value(trick, self._table, number == 8)  # O4–O7
            if number == 0:
                self._settle_weis()  # decided after the first trick, recorded before any trick points
            team = win_seat & 1
            points[team] += value
            won[team] += 1
            tricks.append((leader, tuple(trick), win_seat, value))
            self._trick = []
            self._leader = self._turn = win_seat
        except BaseException:
            hands[turn], self._played, self._n, self._trick, self._leader, self._turn = (
                hand, played, n, trick, leader, turn)
            points[:], won[:] = (p0, p1), (w0, w1)
            self._weis_result, self._weis_rec, self._stoeck_rec = weis_result, weis_rec, stoeck_rec
            del trick[k:], tricks[number:], events[e:]
            raise

    def _record_stoeck(self, seat: int, how: str) -> None:
        """S2: the Stöck of ``seat``'s team recorded (in a new list: see :meth:`_play_and_record`) with its event."""
        points = _weis.stoeck_points(self._ci, self.ruleset)
        rec = self._stoeck_rec.copy()
        rec[seat & 1] = points
        self._stoeck_rec = rec
        self._events.append((self._n, _event("stoeck", seat, f"Stöck {points}: seat {seat} {how}",
                                             len(self._tricks))))

    def _settle_weis(self) -> None:
        """W7, W8, S2 after the first trick: the contest, the Weis recorded (a new list), Stöck shown in a Weis."""
        decls, contract = self.declarations, self._contract
        assert decls is not None and contract is not None  # the first trick is played under a contract
        result = _weis._contest(decls, contract, self.forehand)
        self._weis_result = result
        team, winner = result.team, result.winner
        if team is None or winner is None:  # both None when nobody has a Weis
            return
        t = int(team)
        rec = self._weis_rec.copy()
        rec[t] = result.points[t] * self._mult
        self._weis_rec = rec
        # the detail (which needs the reason in words) is written when the history is read
        self._events.append((self._n, _event("weis", int(winner), "", 0)))
        holder = self._stoeck_holder
        if holder >= 0 and holder & 1 == t and self._stoeck_rec[t] == 0:
            sm = self._stoeck_mask
            if decls[holder].cards.mask & sm == sm:
                self._record_stoeck(holder, "showed trump K and Q in a counted Weis (S2)")

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

    # ----------------------------------------------------------------- results
    def score(self) -> HandScore:
        """The hand's score (H1–H2); raises PhaseError before the ninth trick."""
        if self._score is not None:
            return self._score
        contract = self._contract
        if self._n != 36 or contract is None:  # a finished round has its contract
            raise PhaseError(f"the hand is not finished: {9 - len(self._tricks)} tricks remain")
        last = self._tricks[8][2] & 1
        raw = [0, 0]
        for _, cards, win_seat, _ in self._tricks:
            raw[win_seat & 1] += trick_value(cards, self._table, False)
        card_points = (raw[0], raw[1])
        h = self._stoeck_holder
        stoeck = (0, 0) if h < 0 else (_weis.STOECK_POINTS, 0) if h & 1 == 0 else (0, _weis.STOECK_POINTS)
        weis_raw = self._weis_result.points if self._weis_result is not None else (0, 0)
        self._score = hand_score(card_points, (self._won[0], self._won[1]), last, contract, self.ruleset, weis_raw,
                                 stoeck)
        return self._score

    def view(self, seat: Seat | int) -> RoundView:
        """What ``seat`` may know: its own hand and declaration, everything played, the settled Weis."""
        s = Seat.parse(seat)
        legal = None
        if self._contract is not None and not self.done and self._turn == s:
            legal = self.legal_cards()
        h = self._hands
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
            hand_sizes=(h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()),
            card_points=self.card_points,
            tricks_won=self.tricks_won,
            weis=None if self.declarations is None else self.declarations[s],
            weis_winner=self._weis_result.winner if self._weis_result is not None else None,
            weis_shown=self._weis_shown(),
            weis_recorded=self.weis_recorded,
            stoeck_recorded=self.stoeck_recorded,
            played=self.played,
        )

    def _weis_shown(self) -> tuple[_weis.Declaration | None, _weis.Declaration | None, _weis.Declaration | None,
                                   _weis.Declaration | None]:
        """Per seat, the declaration shown to the table: those the winning team counted (W7, W8)."""
        result = self._weis_result
        if result is None or result.team is None:
            return (None, None, None, None)
        d0, d1, d2, d3 = result.declarations
        return (d0, None, d2, None) if result.team == 0 else (None, d1, None, d3)

    # ----------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """A compact JSON text from which :meth:`from_json` rebuilds an equal round."""
        rs: Any = self.ruleset.name if PRESETS.get(self.ruleset.name) == self.ruleset else self.ruleset.to_dict()
        plays = [_CARDS[c] for _, t, _, _ in self._tricks for c in t] + [_CARDS[x] for x in self._trick]
        data = {
            "format": JSON_FORMAT,
            "ruleset": rs,
            "seed": self.seed,
            "dealer": int(self.dealer),
            "forehand": int(self.forehand),
            "hands": [CardSet.from_mask(m).format("ascii") for m in self._initial],
            "calls": [[s, "schieben" if call < 0 else Contract(call).name] for s, call in self._calls],
            "plays": " ".join(c.format("ascii") for c in plays),
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """Rebuild a round from :meth:`to_json`, replaying every call through the rules.

        Every malformed or inconsistent document, whatever its size, is refused with a
        :class:`~jasslib.errors.RoundFormatError` that names the field (quoting at most a short
        excerpt): a document larger than any round (:data:`MAX_JSON_SIZE`) or nested deeper
        (:data:`MAX_JSON_DEPTH`) before it is parsed, each field's type and size before its content.

        >>> Round.from_json('{"format": "jasslib.round/1", "hands": "AC"}')
        Traceback (most recent call last):
        ...
        jasslib.errors.RoundFormatError: malformed JSON round: missing or bad field 'ruleset'
        """
        data = _load_json(text)
        rs = data["ruleset"]
        hands, calls, plays = data["hands"], data["calls"], data["plays"]
        if not isinstance(rs, (str, dict)):
            _malformed("ruleset", "a preset's name or an object of the ruleset's fields", rs)
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, str) for h in hands):
            _malformed("hands", "a list of four card texts, one per seat", hands)
        for key in ("dealer", "forehand"):
            if type(data[key]) is not int:
                _malformed(key, "a seat number 0..3", data[key])
        if not isinstance(calls, list) or len(calls) > 2:
            _malformed("calls", "a list of at most two calls", calls)
        for call in calls:
            if not (isinstance(call, list) and len(call) == 2 and type(call[0]) is int and isinstance(call[1], str)):
                _malformed("calls", "each call is [seat number, contract name or 'schieben']", call)
        if not isinstance(plays, str) or len(plays) > 36 * 4:
            _malformed("plays", "the cards played, at most 36, separated by spaces", plays)
        tokens = plays.split()
        if len(tokens) > 36:
            _malformed("plays", "the cards played, at most 36, separated by spaces", plays)
        try:
            ruleset = Ruleset.from_dict(rs) if isinstance(rs, dict) else Ruleset.parse(rs)
            rnd = cls(hands, dealer=data["dealer"], forehand=data["forehand"], ruleset=ruleset,
                      seed=data.get("seed"))
            for seat, call in calls:
                if call == "schieben":
                    rnd.schieben(seat)
                elif call in Contract.__members__:
                    rnd.choose(Contract.__members__[call], seat)
                else:
                    raise ContractError(f"unknown contract {excerpt(call)}: expected one of "
                                        f"{', '.join(Contract.__members__)} or 'schieben' (C1)")
            for token in tokens:
                rnd.play(token)
        except JassError as exc:
            raise RoundFormatError(f"inconsistent JSON round: {exc}") from None
        return rnd

    def _snapshot(self) -> tuple[Any, ...]:
        """Every field, the lists copied: :meth:`_restore` puts the round back exactly as it was (Game's undo)."""
        return tuple(list(v) if isinstance(v, list) else v for v in (getattr(self, n) for n in Round.__slots__))

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        for name, value in zip(Round.__slots__, snapshot):
            setattr(self, name, list(value) if isinstance(value, list) else value)

    def _state(self) -> tuple[Any, ...]:
        return (self.ruleset, self.dealer, self.forehand, self.seed, self._initial, tuple(self._hands),
                tuple(self._calls), tuple(self._trick), tuple(self._tricks))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # unhashable (it changes); typeshed types object.__hash__ callable

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
        for t in self.tricks:
            lines.append("  " + str(t))
        if self._trick:
            lines.append("  current trick: " + "  ".join(f"{int(s)}:{c}" for s, c in self.trick))
        if self._weis_result is not None and self._weis_result.team is not None:
            lines.append(f"  Weis: {self._weis_result.reason}; recorded {self.weis_recorded}")
        if any(self._stoeck_rec):
            lines.append(f"  Stöck recorded {self.stoeck_recorded}")
        lines.append(f"  card points so far: team 0 {self._points[0]}, team 1 {self._points[1]}")
        if self.done:
            sc = self.score()
            lines.append(f"  score: team 0 {sc.total[0]}, team 1 {sc.total[1]}")
        return "\n".join(lines)


