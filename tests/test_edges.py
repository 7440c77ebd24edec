"""Bad input at every public entry point of the engine (layers 1–3): refused fast and clearly.

Each row of the tables below is one bad input (a wrong type, a value out of range, or something too big):
the call, the jasslib error it must raise and words its message must contain.  Every row must be refused

- with that :class:`~jasslib.errors.JassError` subclass: never a raw ``TypeError``, ``IndexError``,
  ``KeyError`` or ``AttributeError``, never a plain ``ValueError``, and never accepted;
- within :data:`TIME_LIMIT` whatever its size (the big inputs are 10 MB texts and lists of a million items, so a
  parser that reads them, or worse slices them at every position, cannot pass; the target is 0.1 s, the limit
  leaves room for a busy machine);
- with a message that names the thing (the words) and stays short: at most :data:`MESSAGE_LIMIT` characters, so a
  long input is quoted as a short excerpt, never whole.

Then: a ruleset given by name is accepted wherever a ruleset is (``"modern"`` and ``MODERN`` agree), and a
round or game refused mid-call by *any* exception, even one nobody anticipated, is left exactly as it was.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from jasslib import (
    CLASSIC,
    MODERN,
    Card,
    CardNotInHandError,
    CardParseError,
    CardSet,
    ClaimError,
    Contract,
    ContractError,
    DuplicateCardError,
    Game,
    HandSizeError,
    IllegalPlayError,
    JassError,
    OutOfTurnError,
    PhaseError,
    Rank,
    Round,
    RoundFormatError,
    Ruleset,
    Seat,
    Suit,
    Team,
    contracts,
    play,
    scoring,
    weis,
)
from jasslib.errors import GameOverClaimError, RulesetError, excerpt
from jasslib.round import deal_deck, deal_hands, shuffled_deck

TIME_LIMIT = 0.5
"""Wall seconds any one bad input may take to be refused (the margin over 0.1 s is for a busy machine)."""
CPU_LIMIT = 0.1
"""CPU seconds of this process any one bad input may take (the rule: under 0.1 s, whatever the machine's load)."""
MESSAGE_LIMIT = 320
"""The longest message a refusal may have: a long input is quoted as an excerpt."""

HUGE = "x" * 10_000_000
"""10 MB of text: quadratic or even linear work on it in Python would take seconds."""
MILLION_CARDS = [Card.HJ] * 1_000_000
MILLION = [99] * 1_000_000
DEEP = "[" * 100_000
MANY_KEYS = {str(i): i for i in range(10_000)}


@dataclass(frozen=True)
class Bad:
    """One bad input: ``call()`` must raise ``error`` with every one of ``words`` in its message."""

    id: str
    call: Callable[[], object]
    error: type[JassError]
    words: tuple[str, ...]


def bad(id: str, call: Callable[[], object], error: type[JassError], *words: str) -> Bad:
    return Bad(id, call, error, words)


# ------------------------------------------------------------------ positions the rows act on
HANDS = [
    "6♣ 7♣ 8♣ K♥ Q♥ 6♠ 7♠ 9♦ 10♦",
    "9♣ 10♣ J♣ Q♣ 8♠ 9♠ 6♦ 7♦ 8♦",
    "K♣ A♣ 10♠ J♠ Q♠ 6♥ 7♥ 8♥ 9♥",
    "K♠ A♠ 10♥ J♥ A♥ J♦ Q♦ K♦ A♦",
]


def fresh() -> Round:
    """A round before the contract (seat 0 chooses)."""
    return Round(HANDS)


def pushed() -> Round:
    r = fresh()
    r.schieben()
    return r


def playing() -> Round:
    """Hearts trump, 6♣ led by seat 0: seat 1 (9♣ 10♣ J♣ Q♣ ...) must follow clubs."""
    r = fresh()
    r.choose("♥")
    r.play("6♣")
    return r


def finished() -> Round:
    r = fresh()
    r.choose("♥")
    while not r.done:
        r.play(min(r.legal_cards()))
    return r


def over() -> Game:
    g = Game(seed=2)
    g.choose("♥")
    g.claim(0)  # a false claim: team 1 wins at once
    return g


def doc(**changes: object) -> str:
    """The JSON of a round in play, with fields changed (the value DELETE removes a field)."""
    data = json.loads(playing().to_json())
    for key, value in changes.items():
        if value is DELETE:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


DELETE = object()
SEAT_HANDS = [CardSet.parse(h) for h in HANDS]
DECLS = [weis.best_declaration(h, Contract.HEARTS) for h in HANDS]
SEQ = weis.Weis.from_cards("6♣ 7♣ 8♣")

# ------------------------------------------------------------------ layer 1: cards, seats, contracts, rulesets
NOT_CARDS: list[tuple[str, object]] = [
    ("True", True), ("False", False), ("Suit.HEARTS", Suit.HEARTS), ("Rank.ACE", Rank.ACE), ("Seat.S1", Seat.S1),
    ("Team.T1", Team.T1), ("Contract.HEARTS", Contract.HEARTS), ("-1", -1), ("36", 36), ("10**100", 10**100),
    ("1.5", 1.5), ("None", None), ("list", []), ("bytes", b"AC"), ("empty", ""), ("blank", "   "), ("Z♣", "Z♣"),
    ("two cards", "A♣ K♣"), ("huge", HUGE), ("long", "A" * 100), ("padded", "A♣" + " " * 1000), ("nul", "A♣\x00"),
    ("object", object()),
]
NOT_SEATS: list[tuple[str, object]] = [
    ("True", True), ("False", False), ("4", 4), ("-1", -1), ("'4'", "4"), ("superscript 2", "²"),
    ("arabic 3", "٣"), ("empty", ""), ("None", None), ("1.5", 1.5), ("Team.T1", Team.T1), ("Card.C7", Card.C7),
    ("huge", HUGE), ("5000 digits", "1" * 5000), ("10**100", 10**100),
]
NOT_TEAMS: list[tuple[str, object]] = [
    ("True", True), ("2", 2), ("-1", -1), ("'2'", "2"), ("²", "²"), ("None", None), ("Seat.S1", Seat.S1),
    ("huge", HUGE), ("1.0", 1.0),
]
NOT_CONTRACTS: list[tuple[str, object]] = [
    ("True", True), ("Card.C7", Card.C7), ("Seat.S1", Seat.S1), ("Rank.ACE", Rank.ACE), ("Team.T0", Team.T0),
    ("6", 6), ("-1", -1), ("None", None), ("1.5", 1.5), ("empty", ""), ("trump", "trump"), ("huge", HUGE),
    ("bytes", b"H"), ("list", ["H"]),
]
NOT_SUITS: list[tuple[str, object]] = [
    ("True", True), ("4", 4), ("-1", -1), ("Rank.ACE", Rank.ACE), ("Card.C7", Card.C7), ("None", None),
    ("1.5", 1.5), ("empty", ""), ("xx", "xx"), ("huge", HUGE),
]
NOT_RANKS: list[tuple[str, object]] = [
    ("True", True), ("9", 9), ("-1", -1), ("Suit.HEARTS", Suit.HEARTS), ("None", None), ("1.5", 1.5),
    ("11", "11"), ("huge", HUGE),
]
NOT_RULESETS: list[tuple[str, object]] = [
    ("5", 5), ("True", True), ("None", None), ("empty", ""), ("swiss", "swiss"), ("huge", HUGE),
    ("dict", {"name": "classic"}), ("list", ["classic"]),
]

LAYER1: list[Bad] = []
for name, value in NOT_CARDS:
    LAYER1.append(bad(f"Card.parse({name})", lambda v=value: Card.parse(v), CardParseError, "card"))
    LAYER1.append(bad(f"CardSet.add({name})", lambda v=value: CardSet().add(v), CardParseError, "card"))
for name, value in NOT_SEATS:
    LAYER1.append(bad(f"Seat.parse({name})", lambda v=value: Seat.parse(v), CardParseError, "seat"))
for name, value in NOT_TEAMS:
    LAYER1.append(bad(f"Team.parse({name})", lambda v=value: Team.parse(v), CardParseError, "team"))
for name, value in NOT_CONTRACTS:
    LAYER1.append(bad(f"Contract.parse({name})", lambda v=value: Contract.parse(v), CardParseError, "contract"))
    LAYER1.append(bad(f"card_points({name})", lambda v=value: contracts.card_points(v), CardParseError, "contract"))
    LAYER1.append(bad(f"CLASSIC.multiplier({name})", lambda v=value: CLASSIC.multiplier(v), CardParseError,
                      "contract"))
for name, value in NOT_SUITS:
    LAYER1.append(bad(f"Suit.parse({name})", lambda v=value: Suit.parse(v), CardParseError, "suit"))
    LAYER1.append(bad(f"Card.make({name}, 0)", lambda v=value: Card.make(v, 0), CardParseError, "suit"))
    LAYER1.append(bad(f"CardSet.of_suit({name})", lambda v=value: CardSet.full().of_suit(v), CardParseError, "suit"))
    LAYER1.append(bad(f"Contract.from_suit({name})", lambda v=value: Contract.from_suit(v), CardParseError, "suit"))
for name, value in NOT_RANKS:
    LAYER1.append(bad(f"Rank.parse({name})", lambda v=value: Rank.parse(v), CardParseError, "rank"))
    LAYER1.append(bad(f"Card.make(0, {name})", lambda v=value: Card.make(0, v), CardParseError, "rank"))
for name, value in NOT_RULESETS:
    LAYER1.append(bad(f"Ruleset.parse({name})", lambda v=value: Ruleset.parse(v), CardParseError, "ruleset"))

LAYER1 += [
    # enum constructors
    bad("Card(36)", lambda: Card(36), CardParseError, "card"),
    bad("Suit(4)", lambda: Suit(4), CardParseError, "suit"),
    bad("Rank(9)", lambda: Rank(9), CardParseError, "rank"),
    bad("Seat(4)", lambda: Seat(4), CardParseError, "seat"),
    bad("Team(2)", lambda: Team(2), CardParseError, "team"),
    bad("Contract(6)", lambda: Contract(6), CardParseError, "contract"),
    # formatting
    bad("Card.format(fancy)", lambda: Card.HA.format("fancy"), CardParseError, "style"),
    bad("Card.format(None)", lambda: Card.HA.format(None), CardParseError, "style"),  # type: ignore[arg-type]
    bad("Suit.format(5)", lambda: Suit.HEARTS.format(5), CardParseError, "style"),  # type: ignore[arg-type]
    bad("Rank.format(huge)", lambda: Rank.ACE.format(HUGE), CardParseError, "style"),
    bad("Contract.format(bad) no trump", lambda: Contract.OBENABE.format("fancy"), CardParseError, "style"),
    bad("CardSet.format(bad)", lambda: CardSet.full().format("fancy"), CardParseError, "style"),
    bad("CardSet.format(sep=5)", lambda: CardSet.full().format(sep=5), CardParseError, "separator"),  # type: ignore[arg-type]
    bad("Contract.card_order(4)", lambda: Contract.HEARTS.card_order(4), CardParseError, "suit"),
    bad("Contract.card_order(x)", lambda: Contract.HEARTS.card_order("x"), CardParseError, "suit"),  # type: ignore[arg-type]
    bad("card_points(list)", lambda: contracts.card_points([]), CardParseError, "contract"),  # type: ignore[arg-type]
    bad("card_points(modern=yes)", lambda: contracts.card_points(Contract.UNDENUFE, "yes"), JassError,  # type: ignore[arg-type]
        "modern_undenufe"),
    bad("rank_strength(9)", lambda: contracts.rank_strength(9), CardParseError, "contract"),  # type: ignore[arg-type]
    bad("rank_strength(list)", lambda: contracts.rank_strength([]), CardParseError, "contract"),  # type: ignore[arg-type]
    # CardSet construction and parsing
    bad("CardSet(True)", lambda: CardSet(True), CardParseError, "card"),
    bad("CardSet(Suit.HEARTS)", lambda: CardSet(Suit.HEARTS), CardParseError, "card"),
    bad("CardSet(1.5)", lambda: CardSet(1.5), CardParseError, "cards"),  # type: ignore[arg-type]
    bad("CardSet(None)", lambda: CardSet(None), CardParseError, "cards"),  # type: ignore[arg-type]
    bad("CardSet(object)", lambda: CardSet(object()), CardParseError, "cards"),  # type: ignore[arg-type]
    bad("CardSet(-1)", lambda: CardSet(-1), CardParseError, "mask"),
    bad("CardSet(2**36)", lambda: CardSet(1 << 36), CardParseError, "mask"),
    bad("CardSet(bytes)", lambda: CardSet(b"AC"), CardParseError, "cards"),
    bad("CardSet([True])", lambda: CardSet([True]), CardParseError, "card"),
    bad("CardSet([A♣, A♣])", lambda: CardSet(["A♣", "A♣"]), DuplicateCardError, "A♣", "twice"),
    bad("CardSet(million J♥)", lambda: CardSet(MILLION_CARDS), DuplicateCardError, "J♥", "twice"),
    bad("CardSet(million ints)", lambda: CardSet(MILLION), CardParseError, "card", "99"),
    bad("CardSet([huge])", lambda: CardSet([HUGE]), CardParseError, "card"),
    bad("CardSet(huge text)", lambda: CardSet(HUGE), CardParseError, "card"),
    bad("CardSet.parse(True)", lambda: CardSet.parse(True), CardParseError, "card"),  # type: ignore[arg-type]
    bad("CardSet.parse(None)", lambda: CardSet.parse(None), CardParseError, "card"),  # type: ignore[arg-type]
    bad("CardSet.parse(list)", lambda: CardSet.parse(["A♣"]), CardParseError, "card"),  # type: ignore[arg-type]
    bad("CardSet.parse(A♣ A♣)", lambda: CardSet.parse("A♣ A♣"), DuplicateCardError, "A♣"),
    bad("CardSet.parse(huge)", lambda: CardSet.parse(HUGE), CardParseError, "card", "characters"),
    bad("CardSet.parse(A♣ x 1e6)", lambda: CardSet.parse("A♣ " * 1_000_000), CardParseError, "card"),
    bad("CardSet.parse(37 tokens)", lambda: CardSet.parse(" ".join(c.format("ascii") for c in Card) + " AC"),
        DuplicateCardError, "A♣"),
    bad("CardSet.parse(Z♣)", lambda: CardSet.parse("A♣ Z♣"), CardParseError, "Z♣"),
    bad("CardSet | 1.5", lambda: CardSet() | 1.5, CardParseError, "cards"),  # type: ignore[operator]
    bad("CardSet & [True]", lambda: CardSet() & [True], CardParseError, "card"),
    bad("CardSet - zz", lambda: CardSet() - "zz", CardParseError, "card"),
    bad("CardSet ^ None", lambda: CardSet() ^ None, CardParseError, "cards"),  # type: ignore[operator]
    bad("CardSet <= 1.5", lambda: CardSet() <= 1.5, CardParseError, "cards"),  # type: ignore[operator]
    bad("CardSet.remove(36)", lambda: CardSet().remove(36), CardParseError, "card"),
    bad("CardSet.issubset(5.5)", lambda: CardSet().issubset(5.5), CardParseError, "cards"),  # type: ignore[arg-type]
    bad("CardSet.isdisjoint(None)", lambda: CardSet().isdisjoint(None), CardParseError, "cards"),  # type: ignore[arg-type]
]

# Rulesets: every field checked when the ruleset is made (replace, with_*, from_dict, the constructor).
BAD_FIELDS: list[tuple[str, object, str]] = [
    ("sequence_scale", ("x",) * 7, "sequence_scale"),
    ("sequence_scale", (20, 50, 100, 100, 100, 100, -1), "sequence_scale"),
    ("sequence_scale", (20.5, 50, 100, 100, 100, 100, 100), "sequence_scale"),
    ("sequence_scale", (True,) * 7, "sequence_scale"),
    ("sequence_scale", (20, 50), "sequence_scale"),
    ("sequence_scale", [20] * 700_000, "sequence_scale"),
    ("sequence_scale", "2050100", "sequence_scale"),
    ("sequence_scale", None, "sequence_scale"),
    ("multipliers", (1.5,) * 6, "multipliers"),
    ("multipliers", (True,) * 6, "multipliers"),
    ("multipliers", (1, 1, 1), "multipliers"),
    ("multipliers", (1, 1, 1, 1, 1, 0), "multipliers"),
    ("multipliers", (1, 1, 1, 1, 1, 10**9), "multipliers"),
    ("multipliers", "111111", "multipliers"),
    ("multipliers", None, "multipliers"),
    ("multipliers", 2, "multipliers"),
    ("modern_undenufe", [], "modern_undenufe"),
    ("modern_undenufe", 1, "modern_undenufe"),
    ("modern_undenufe", None, "modern_undenufe"),
    ("modern_undenufe", "yes", "modern_undenufe"),
    ("name", {}, "name"),
    ("name", "", "name"),
    ("name", HUGE, "name"),
    ("name", None, "name"),
    ("name", 5, "name"),
    ("four_nines", "150", "four_nines"),
    ("four_nines", True, "four_nines"),
    ("four_nines", 0, "four_nines"),
    ("four_nines", -5, "four_nines"),
    ("four_nines", 1.5, "four_nines"),
    ("starting_card", "Z", "starting_card"),
    ("starting_card", True, "starting_card"),
    ("starting_card", None, "starting_card"),
    ("starting_card", Suit.HEARTS, "starting_card"),
    ("target", 1.5, "target"),
    ("target", True, "target"),
    ("target", "3000", "target"),
    ("target", 0, "target"),
    ("target", 10**100, "target"),
    ("target", None, "target"),
    ("schneider", 1.5, "schneider"),
    ("schneider", -1, "schneider"),
    ("schneider", 5000, "schneider"),
    ("schneider", False, "schneider"),
    ("claim_priority", "stoeck weis stich", "claim_priority"),
    ("claim_priority", None, "claim_priority"),
    ("claim_priority", ("stich", "weis", "weis"), "claim_priority"),
    ("claim_priority", ("stich", "weis", "stoeck", "stich"), "claim_priority"),
    ("colour", "red", "colour"),
]
for field_name, value, word in BAD_FIELDS:
    label = excerpt(value)[:40]
    LAYER1.append(bad(f"replace({field_name}={label})", lambda f=field_name, v=value: CLASSIC.replace(**{f: v}),
                      RulesetError, word))
    if field_name != "colour":
        def from_dict(f: str = field_name, v: object = value) -> Ruleset:
            data = CLASSIC.to_dict()
            data[f] = list(v) if isinstance(v, tuple) else v
            return Ruleset.from_dict(data)
        LAYER1.append(bad(f"from_dict({field_name}={label})", from_dict, RulesetError, word))

LAYER1 += [
    bad("with_target(1.5)", lambda: CLASSIC.with_target(1.5), RulesetError, "target"),  # type: ignore[arg-type]
    bad("with_target(True)", lambda: CLASSIC.with_target(True), RulesetError, "target"),
    bad("with_target('x')", lambda: CLASSIC.with_target("x"), RulesetError, "target"),  # type: ignore[arg-type]
    bad("with_target(0)", lambda: CLASSIC.with_target(0), RulesetError, "target"),
    bad("with_target(None)", lambda: CLASSIC.with_target(None), RulesetError, "target"),  # type: ignore[arg-type]
    bad("with_target(10**100)", lambda: CLASSIC.with_target(10**100), RulesetError, "target"),
    bad("with_multipliers(5)", lambda: CLASSIC.with_multipliers(5), RulesetError, "multipliers"),  # type: ignore[arg-type]
    bad("with_multipliers('123456')", lambda: CLASSIC.with_multipliers("123456"), RulesetError, "multipliers"),  # type: ignore[arg-type]
    bad("with_multipliers(1.5 x 6)", lambda: CLASSIC.with_multipliers((1.5,) * 6), RulesetError, "multipliers"),  # type: ignore[arg-type]
    bad("with_multipliers(0 x 6)", lambda: CLASSIC.with_multipliers((0,) * 6), RulesetError, "multipliers"),
    bad("with_multipliers(million)", lambda: CLASSIC.with_multipliers(MILLION), RulesetError, "multipliers"),
    bad("Ruleset.from_dict(None)", lambda: Ruleset.from_dict(None), RulesetError, "ruleset"),  # type: ignore[arg-type]
    bad("Ruleset.from_dict(list)", lambda: Ruleset.from_dict([]), RulesetError, "ruleset"),  # type: ignore[arg-type]
    bad("Ruleset.from_dict('classic')", lambda: Ruleset.from_dict("classic"), RulesetError, "ruleset"),  # type: ignore[arg-type]
    bad("Ruleset.from_dict({})", lambda: Ruleset.from_dict({}), RulesetError, "missing"),
    bad("Ruleset.from_dict(no target)", lambda: Ruleset.from_dict({k: v for k, v in CLASSIC.to_dict().items()
                                                                  if k != "target"}), RulesetError, "target"),
    bad("Ruleset.from_dict(many keys)", lambda: Ruleset.from_dict(MANY_KEYS), RulesetError, "ruleset"),
    bad("Ruleset(...) direct", lambda: Ruleset("x", (1,) * 6, False, ("x",) * 7, None, Card.C7, 100, 50),  # type: ignore[arg-type]
        RulesetError, "sequence_scale"),
    bad("sequence_points(2)", lambda: CLASSIC.sequence_points(2), JassError, "W2"),
    bad("sequence_points('5')", lambda: CLASSIC.sequence_points("5"), JassError, "sequence"),  # type: ignore[arg-type]
    bad("sequence_points(True)", lambda: CLASSIC.sequence_points(True), JassError, "sequence"),
    bad("sequence_points(None)", lambda: CLASSIC.sequence_points(None), JassError, "sequence"),  # type: ignore[arg-type]
    bad("sequence_points(4.0)", lambda: CLASSIC.sequence_points(4.0), JassError, "sequence"),  # type: ignore[arg-type]
    bad("Ruleset.card_points(9)", lambda: CLASSIC.card_points(9), CardParseError, "contract"),
    bad("Ruleset.card_points(None)", lambda: CLASSIC.card_points(None), CardParseError, "contract"),  # type: ignore[arg-type]
]

# ------------------------------------------------------------------ layer 2: play, weis, scoring
TEN = "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 6♠"
NOT_HANDS: list[tuple[str, object, type[JassError], str]] = [
    ("None", None, CardParseError, "cards"),
    ("True", True, CardParseError, "card"),
    ("1.5", 1.5, CardParseError, "cards"),
    ("ten cards", TEN, HandSizeError, "9"),
    ("empty", "", HandSizeError, "hand"),
    ("huge", HUGE, CardParseError, "card"),
    ("duplicates", ["A♣", "A♣"], DuplicateCardError, "A♣"),
    ("million", MILLION_CARDS, DuplicateCardError, "J♥"),
    ("[True]", [True], CardParseError, "card"),
]
NOT_TRICKS: list[tuple[str, object, type[JassError], str]] = [
    ("None", None, CardParseError, "trick"),
    ("True", True, CardParseError, "trick"),
    ("four cards", ["6♦", "7♦", "8♦", "9♦"], HandSizeError, "trick"),
    ("ten J♥", ["J♥"] * 10, HandSizeError, "trick"),
    ("million", MILLION_CARDS, HandSizeError, "trick"),
    ("duplicate", ["6♦", "6♦"], DuplicateCardError, "6♦"),
    ("[1.5]", [1.5], CardParseError, "card"),
    ("huge", HUGE, CardParseError, "trick"),
    ("text of 4", "6♦ 7♦ 8♦ 9♦", HandSizeError, "trick"),
]
NOT_WHOLE_TRICKS: list[tuple[str, object, type[JassError], str]] = [
    ("None", None, CardParseError, "trick"),
    ("empty", [], HandSizeError, "trick"),
    ("five cards", ["6♦", "7♦", "8♦", "9♦", "10♦"], HandSizeError, "trick"),
    ("ten J♥", ["J♥"] * 10, HandSizeError, "trick"),
    ("million", MILLION_CARDS, HandSizeError, "trick"),
    ("duplicate", ["J♥", "6♦", "J♥"], DuplicateCardError, "J♥"),
    ("[True]", [True], CardParseError, "card"),
    ("huge", HUGE, CardParseError, "trick"),
]

LAYER2: list[Bad] = []
HAND = CardSet.parse("8♣ 6♥ J♥ K♠")
for name, value, error, word in NOT_HANDS:
    LAYER2 += [
        bad(f"legal_cards(hand={name})", lambda v=value: play.legal_cards(v, [], "♥"), error, word),
        bad(f"check_play(hand={name})", lambda v=value: play.check_play("A♣", v, [], "♥"), error, word),
        bad(f"find_weis({name})", lambda v=value: weis.find_weis(v), error, word),
        bad(f"declarations({name})", lambda v=value: weis.declarations(v, "♥"), error, word),
        bad(f"best_declaration({name})", lambda v=value: weis.best_declaration(v, "♥"), error, word),
        bad(f"has_stoeck({name})", lambda v=value: weis.has_stoeck(v, "♥"), error, word),
        bad(f"has_weis({name})", lambda v=value: weis.has_weis(v), error, word),
    ]
for name, value, error, word in NOT_TRICKS:
    LAYER2 += [
        bad(f"legal_cards(trick={name})", lambda v=value: play.legal_cards(HAND, v, "♥"), error, word),
        bad(f"check_play(trick={name})", lambda v=value: play.check_play("J♥", HAND, v, "♥"), error, word),
        bad(f"is_legal(trick={name})", lambda v=value: play.is_legal("J♥", HAND, v, "♥"), error, word),
    ]
for name, value, error, word in NOT_WHOLE_TRICKS:
    LAYER2.append(bad(f"trick_winner({name})", lambda v=value: play.trick_winner(v, "♥"), error, word))
    if name != "empty":  # an empty trick has no winner, but its points (0) and its strongest trump (None)
        LAYER2.append(bad(f"trick_points({name})", lambda v=value: play.trick_points(v, "♥"), error, word))
        LAYER2.append(bad(f"strongest_trump({name})", lambda v=value: play.strongest_trump(v, "♥"), error, word))
for name, value in NOT_CONTRACTS:
    LAYER2 += [
        bad(f"legal_cards(contract={name})", lambda v=value: play.legal_cards(HAND, [], v), CardParseError, "contract"),
        bad(f"check_play(contract={name})", lambda v=value: play.check_play("J♥", HAND, [], v), CardParseError,
            "contract"),
        bad(f"trick_winner(contract={name})", lambda v=value: play.trick_winner(["J♥"], v), CardParseError,
            "contract"),
        bad(f"declarations(contract={name})", lambda v=value: weis.declarations("6♣ 7♣ 8♣", v), CardParseError,
            "contract"),
        bad(f"stoeck_points({name})", lambda v=value: weis.stoeck_points(v), CardParseError, "contract"),
        bad(f"hand_score(contract={name})", lambda v=value: scoring.hand_score((152, 0), (9, 0), 0, v),
            CardParseError, "contract"),
    ]
for name, value in NOT_RULESETS:
    LAYER2 += [
        bad(f"trick_points(ruleset={name})", lambda v=value: play.trick_points(["J♥"], "♥", v), CardParseError,
            "ruleset"),
        bad(f"find_weis(ruleset={name})", lambda v=value: weis.find_weis("6♣ 7♣ 8♣", v), CardParseError, "ruleset"),
        bad(f"best_declaration(ruleset={name})", lambda v=value: weis.best_declaration("6♣ 7♣ 8♣", "♥", v),
            CardParseError, "ruleset"),
        bad(f"contest_hands(ruleset={name})", lambda v=value: weis.contest_hands(HANDS, "♥", 0, v),
            CardParseError, "ruleset"),
        bad(f"hand_score(ruleset={name})", lambda v=value: scoring.hand_score((152, 0), (9, 0), 0, "♥", v),
            CardParseError, "ruleset"),
        bad(f"is_schneider(ruleset={name})", lambda v=value: scoring.is_schneider(100, v), CardParseError,
            "ruleset"),
    ]
for name, value in NOT_SEATS:
    LAYER2 += [
        bad(f"contest(forehand={name})", lambda v=value: weis.contest(DECLS, "♥", v), CardParseError, "seat"),
        bad(f"contest_hands(forehand={name})", lambda v=value: weis.contest_hands(HANDS, "♥", v), CardParseError,
            "seat"),
    ]
for name, value in NOT_TEAMS:
    LAYER2 += [
        bad(f"judge_claim(team={name})", lambda v=value: scoring.judge_claim(v, (0, 0)), CardParseError, "team"),
        bad(f"revoke_score(offender={name})", lambda v=value: scoring.revoke_score(v, "♥"), CardParseError, "team"),
        bad(f"trick_totals(last={name})", lambda v=value: scoring.trick_totals((100, 52), (5, 4), v), CardParseError,
            "team"),
    ]
NOT_PAIRS: list[tuple[str, object]] = [
    ("None", None), ("three", (1, 2, 3)), ("text", ("a", "b")), ("floats", (1.5, 2)), ("bools", (True, False)),
    ("str", "ab"), ("million", MILLION), ("negative", (-20, 0)),
]
for name, value in NOT_PAIRS:
    LAYER2 += [
        bad(f"hand_score(weis={name})", lambda v=value: scoring.hand_score((152, 0), (9, 0), 0, "♥", weis=v),
            JassError, "weis"),
        bad(f"judge_claim(recorded={name})", lambda v=value: scoring.judge_claim(0, v), JassError, "recorded"),
        bad(f"race(recorded={name})", lambda v=value: scoring.race(v, {}), JassError, "recorded"),
        bad(f"race(stich={name})", lambda v=value: scoring.race((0, 0), {"stich": v}), JassError, "stich"),
        bad(f"trick_totals(card_points={name})", lambda v=value: scoring.trick_totals(v, (5, 4), 0), JassError,
            "card_points"),
    ]
LAYER2 += [
    # the findings
    bad("trick_points(J♥ x 10)", lambda: play.trick_points(["JH"] * 10, "H"), HandSizeError, "trick"),
    bad("trick_winner(J♥ J♥)", lambda: play.trick_winner(["JH", "JH"], "H"), DuplicateCardError, "J♥"),
    bad("check_play(J♥ in hand and trick)", lambda: play.check_play("JH", CardSet.parse("JH 6C"), ["JH"], "H"),
        DuplicateCardError, "J♥"),
    bad("check_play(card not in hand)", lambda: play.check_play("A♦", HAND, [], "H"), CardNotInHandError, "A♦"),
    bad("check_play(card=True)", lambda: play.check_play(True, HAND, [], "H"), CardParseError, "card"),
    bad("check_play(card=huge)", lambda: play.check_play(HUGE, HAND, [], "H"), CardParseError, "card"),
    bad("trick_points(last='yes')", lambda: play.trick_points(["J♥"], "♥", last="yes"), JassError, "last"),  # type: ignore[arg-type]
    # Weis values
    bad("Weis(points=True)", lambda: weis.Weis(weis.WeisKind.SEQUENCE, SEQ.cards, True), JassError, "points"),
    bad("Weis(points=1.5)", lambda: weis.Weis(weis.WeisKind.SEQUENCE, SEQ.cards, 1.5), JassError, "points"),  # type: ignore[arg-type]
    bad("Weis(kind='seq')", lambda: weis.Weis("seq", SEQ.cards, 20), JassError, "kind"),  # type: ignore[arg-type]
    bad("Weis(cards=None)", lambda: weis.Weis(weis.WeisKind.SEQUENCE, None, 20), CardParseError, "cards"),  # type: ignore[arg-type]
    bad("Weis(6♣ 7♣ 9♣)", lambda: weis.Weis(weis.WeisKind.SEQUENCE, CardSet.parse("6♣ 7♣ 9♣"), 20), JassError,
        "sequence"),
    bad("Weis.from_cards(6♣ 7♣)", lambda: weis.Weis.from_cards("6♣ 7♣"), JassError, "Weis"),
    bad("Weis.from_cards(huge)", lambda: weis.Weis.from_cards(HUGE), CardParseError, "card"),
    bad("Weis.from_cards(ruleset=5)", lambda: weis.Weis.from_cards("6♣ 7♣ 8♣", 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("Declaration(None)", lambda: weis.Declaration(None, Contract.HEARTS), JassError, "Weis"),  # type: ignore[arg-type]
    bad("Declaration([5])", lambda: weis.Declaration((5,), Contract.HEARTS), JassError, "Weis"),  # type: ignore[arg-type]
    bad("Declaration(contract=x)", lambda: weis.Declaration((SEQ,), "x"), CardParseError, "contract"),  # type: ignore[arg-type]
    bad("Declaration(million)", lambda: weis.Declaration([SEQ] * 1_000_000, Contract.HEARTS), JassError, "Weis"),
    bad("weis_strength(None)", lambda: weis.weis_strength(None, "♥"), JassError, "Weis"),  # type: ignore[arg-type]
    bad("weis_strength(contract=7)", lambda: weis.weis_strength(SEQ, 7), CardParseError, "contract"),
    bad("compare_weis(None)", lambda: weis.compare_weis(SEQ, None, "♥"), JassError, "Weis"),  # type: ignore[arg-type]
    bad("explain_comparison('x')", lambda: weis.explain_comparison("x", SEQ, "♥"), JassError, "Weis"),  # type: ignore[arg-type]
    bad("strength_code(None)", lambda: weis.strength_code(None, "♥"), JassError, "Weis"),  # type: ignore[arg-type]
    bad("contest(None)", lambda: weis.contest(None, "♥", 0), JassError, "declarations"),  # type: ignore[arg-type]
    bad("contest(3 decls)", lambda: weis.contest(DECLS[:3], "♥", 0), JassError, "4"),
    bad("contest([None] x 4)", lambda: weis.contest([None] * 4, "♥", 0), JassError, "Declaration"),  # type: ignore[list-item]
    bad("contest(million)", lambda: weis.contest([DECLS[0]] * 1_000_000, "♥", 0), JassError, "4"),
    bad("contest(other contract)", lambda: weis.contest(DECLS, "♠", 0), ContractError, "contest"),
    bad("announcements(None)", lambda: weis.announcements(None, "♥", 0), JassError, "declarations"),  # type: ignore[arg-type]
    bad("announcements(forehand=4)", lambda: weis.announcements(DECLS, "♥", 4), CardParseError, "seat"),
    bad("contest_hands(None)", lambda: weis.contest_hands(None, "♥", 0), JassError, "hands"),  # type: ignore[arg-type]
    bad("contest_hands(3 hands)", lambda: weis.contest_hands(HANDS[:3], "♥", 0), HandSizeError, "4"),
    bad("contest_hands(million)", lambda: weis.contest_hands([HANDS[0]] * 1_000_000, "♥", 0), HandSizeError, "4"),
    bad("contest_hands(dealt twice)", lambda: weis.contest_hands([HANDS[0]] * 4, "♥", 0), DuplicateCardError,
        "two seats"),
    bad("stoeck_cards(7)", lambda: weis.stoeck_cards(7), CardParseError, "contract"),
    bad("stoeck_holder(None)", lambda: weis.stoeck_holder(None, "♥"), JassError, "hands"),  # type: ignore[arg-type]
    bad("stoeck_holder(5 hands)", lambda: weis.stoeck_holder(HANDS + ["6♣"], "♥"), HandSizeError, "4"),
    bad("stoeck_holder(million)", lambda: weis.stoeck_holder([HANDS[0]] * 1_000_000, "♥"), HandSizeError, "4"),
    bad("stoeck_points(ruleset=5)", lambda: weis.stoeck_points("♥", 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("four_points(9)", lambda: weis.four_points(9), CardParseError, "rank"),
    bad("four_points(True)", lambda: weis.four_points(True), CardParseError, "rank"),
    bad("four_points('x')", lambda: weis.four_points("x"), CardParseError, "rank"),  # type: ignore[arg-type]
    bad("four_points(ruleset=5)", lambda: weis.four_points(Rank.JACK, 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("has_weis(ruleset=5)", lambda: weis.has_weis("6♣ 7♣ 8♣", 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("has_weis(mask 2**40)", lambda: weis.has_weis(1 << 40), CardParseError, "mask"),
    bad("fast_tables(7)", lambda: weis.fast_tables(7), CardParseError, "contract"),  # type: ignore[arg-type]
    bad("fast_tables(list)", lambda: weis.fast_tables([]), CardParseError, "contract"),  # type: ignore[arg-type]
    bad("fast_tables(ruleset=5)", lambda: weis.fast_tables(Contract.HEARTS, 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("ContestResult.scored(5)", lambda: weis.contest(DECLS, "♥", 0).scored(5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    # scoring values
    bad("trick_totals(sum 150)", lambda: scoring.trick_totals((100, 50), (5, 4), 0), JassError, "152"),
    bad("trick_totals(tricks 10)", lambda: scoring.trick_totals((100, 52), (5, 5), 0), JassError, "nine tricks"),
    bad("hand_score(stoeck=(1.5, 0))", lambda: scoring.hand_score((152, 0), (9, 0), 0, "♥", stoeck=(1.5, 0)),
        JassError, "stoeck"),
    bad("revoke_score(contract=7)", lambda: scoring.revoke_score(0, 7), CardParseError, "contract"),
    bad("revoke_score(ruleset=5)", lambda: scoring.revoke_score(0, "♥", 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("judge_claim(multiplier=0)", lambda: scoring.judge_claim(0, (0, 0), multiplier=0), JassError, "multiplier"),
    bad("judge_claim(multiplier=1.5)", lambda: scoring.judge_claim(0, (0, 0), multiplier=1.5), JassError,  # type: ignore[arg-type]
        "multiplier"),
    bad("judge_claim(multiplier=True)", lambda: scoring.judge_claim(0, (0, 0), multiplier=True), JassError,
        "multiplier"),
    bad("judge_claim(target=0)", lambda: scoring.judge_claim(0, (0, 0), target=0), JassError, "target"),
    bad("judge_claim(target='x')", lambda: scoring.judge_claim(0, (0, 0), target="x"), JassError, "target"),  # type: ignore[arg-type]
    bad("judge_claim(captured=None)", lambda: scoring.judge_claim(0, (0, 0), None), JassError, "captured"),  # type: ignore[arg-type]
    bad("judge_claim(stoeck=x)", lambda: scoring.judge_claim(0, (0, 0), stoeck="x"), JassError, "stoeck"),  # type: ignore[arg-type]
    bad("race(additions=None)", lambda: scoring.race((0, 0), None), ClaimError, "additions"),  # type: ignore[arg-type]
    bad("race(additions=list)", lambda: scoring.race((0, 0), [("stich", (1, 1))]), ClaimError, "additions"),  # type: ignore[arg-type]
    bad("race(additions unknown)", lambda: scoring.race((0, 0), {"x": (0, 0)}), ClaimError, "categor"),
    bad("race(additions many)", lambda: scoring.race((0, 0), MANY_KEYS), ClaimError, "categor"),
    bad("race(target='x')", lambda: scoring.race((0, 0), {}, "x"), JassError, "target"),  # type: ignore[arg-type]
    bad("race(priority=abc)", lambda: scoring.race((0, 0), {}, 3000, ("a", "b", "c")), ClaimError, "priority"),
    bad("race(priority=None)", lambda: scoring.race((0, 0), {}, 3000, None), ClaimError, "priority"),  # type: ignore[arg-type]
    bad("race_steps(priority=str)", lambda: list(scoring.race_steps((0, 0), {}, 3000, "stich")), ClaimError,
        "priority"),
    bad("is_schneider('x')", lambda: scoring.is_schneider("x"), JassError, "total"),  # type: ignore[arg-type]
    bad("is_schneider(None)", lambda: scoring.is_schneider(None), JassError, "total"),  # type: ignore[arg-type]
    bad("games_won(1.5)", lambda: scoring.games_won(1.5), JassError, "total"),  # type: ignore[arg-type]
    bad("games_won(ruleset=5)", lambda: scoring.games_won(100, 5), CardParseError, "ruleset"),  # type: ignore[arg-type]
    bad("match_points('x')", lambda: scoring.match_points("x"), JassError, "tricks"),  # type: ignore[type-var]
    bad("match_points(10)", lambda: scoring.match_points(10), JassError, "tricks"),
    bad("match_points(True)", lambda: scoring.match_points(True), JassError, "tricks"),
    bad("multiplied(None)", lambda: scoring.multiplied(None, 0, 0, 1), JassError, "points"),  # type: ignore[type-var]
    bad("multiplied(multiplier=0)", lambda: scoring.multiplied(100, 0, 0, 0), JassError, "multiplier"),
    bad("HandScore.team(2)", lambda: finished().score().team(2), CardParseError, "team"),
    bad("HandScore.team(True)", lambda: finished().score().team(True), CardParseError, "team"),
]

# ------------------------------------------------------------------ layer 3: round, game
NOT_SEEDS: list[tuple[str, object]] = [
    ("[1]", [1]), ("1.5", 1.5), ("{}", {}), ("True", True), ("bytes", b"1"), ("huge", HUGE), ("object", object()),
]
LAYER3: list[Bad] = []
for name, value in NOT_SEEDS:
    LAYER3 += [
        bad(f"Round.deal(seed={name})", lambda v=value: Round.deal(seed=v), CardParseError, "seed"),
        bad(f"Round(seed={name})", lambda v=value: Round(HANDS, seed=v), CardParseError, "seed"),
        bad(f"deal_hands(seed={name})", lambda v=value: deal_hands(seed=v), CardParseError, "seed"),
        bad(f"shuffled_deck({name})", lambda v=value: shuffled_deck(v), CardParseError, "seed"),
        bad(f"Game(seed={name})", lambda v=value: Game(seed=v), CardParseError, "seed"),
    ]
for name, value in NOT_SEATS:
    LAYER3 += [
        bad(f"Round.deal(dealer={name})", lambda v=value: Round.deal(seed=1, dealer=v), CardParseError, "seat"),
        bad(f"Round(dealer={name})", lambda v=value: Round(HANDS, dealer=v), CardParseError, "seat"),
        bad(f"deal_hands(dealer={name})", lambda v=value: deal_hands(1, v), CardParseError, "seat"),
        bad(f"deal_deck(dealer={name})", lambda v=value: deal_deck(range(36), v), CardParseError, "seat"),
        bad(f"Game(first_dealer={name})", lambda v=value: Game(seed=1, first_dealer=v), CardParseError, "seat"),
        bad(f"Round.hand({name})", lambda v=value: fresh().hand(v), CardParseError, "seat"),
        bad(f"Round.initial_hand({name})", lambda v=value: fresh().initial_hand(v), CardParseError, "seat"),
        bad(f"Round.view({name})", lambda v=value: fresh().view(v), CardParseError, "seat"),
    ]
    if value is not None:  # None: the default (the dealer's right; the seat to move)
        LAYER3 += [
            bad(f"Round(forehand={name})", lambda v=value: Round(HANDS, forehand=v), CardParseError, "seat"),
            bad(f"Round.play(seat={name})", lambda v=value: playing().play("9♣", v), CardParseError, "seat"),
            bad(f"Round.choose(seat={name})", lambda v=value: fresh().choose("♥", v), CardParseError, "seat"),
            bad(f"Round.schieben(seat={name})", lambda v=value: fresh().schieben(v), CardParseError, "seat"),
        ]
for name, value in NOT_RULESETS:
    LAYER3 += [
        bad(f"Round.deal(ruleset={name})", lambda v=value: Round.deal(seed=1, ruleset=v), CardParseError, "ruleset"),
        bad(f"Round(ruleset={name})", lambda v=value: Round(HANDS, ruleset=v), CardParseError, "ruleset"),
        bad(f"Game(ruleset={name})", lambda v=value: Game(ruleset=v), CardParseError, "ruleset"),
    ]
for name, value in NOT_CONTRACTS:
    LAYER3 += [
        bad(f"Round.choose({name})", lambda v=value: fresh().choose(v), CardParseError, "contract"),
        bad(f"Game.choose({name})", lambda v=value: Game(seed=1).choose(v), CardParseError, "contract"),
    ]
for name, value in NOT_CARDS:
    LAYER3 += [
        bad(f"Round.play({name})", lambda v=value: playing().play(v), CardParseError, "card"),
        bad(f"Round.check({name})", lambda v=value: playing().check(v), CardParseError, "card"),
    ]
for name, value in NOT_TEAMS:
    LAYER3.append(bad(f"Game.claim({name})", lambda v=value: Game(seed=1).claim(v), ClaimError, "team"))
for name, value, error, word in NOT_HANDS:
    if name != "million":
        LAYER3.append(bad(f"Round(hand={name})", lambda v=value: Round([v] + HANDS[1:]), error, word))

LAYER3 += [
    # the findings
    bad("Round.deal(dealer=4)", lambda: Round.deal(dealer=4), CardParseError, "seat"),
    bad("Round.deal(dealer=-1)", lambda: Round.deal(dealer=-1), CardParseError, "seat"),
    bad("Round.deal(first_hand='yes')", lambda: Round.deal(seed=1, first_hand="yes"), JassError, "first_hand"),  # type: ignore[arg-type]
    bad("Round.play(²)", lambda: playing().play("9♣", "²"), CardParseError, "seat"),
    bad("Game(auto_claim='yes')", lambda: Game(seed=1, auto_claim="yes"), JassError, "auto_claim"),  # type: ignore[arg-type]
    bad("Game.claim after the end", lambda: over().claim(1), GameOverClaimError, "over"),
    bad("Game.play after the end", lambda: over().play("6♣"), PhaseError, "over"),
    bad("Game.choose after the end", lambda: over().choose("♥"), PhaseError, "over"),
    bad("Game.schieben after the end", lambda: over().schieben(), PhaseError, "over"),
    bad("Game.legal_cards after the end", lambda: over().legal_cards(), PhaseError, "over"),
    # hands
    bad("Round(None)", lambda: Round(None), HandSizeError, "hands"),  # type: ignore[arg-type]
    bad("Round(5)", lambda: Round(5), HandSizeError, "hands"),  # type: ignore[arg-type]
    bad("Round(text)", lambda: Round(" ".join(HANDS)), HandSizeError, "hands"),  # type: ignore[arg-type]
    bad("Round(3 hands)", lambda: Round(HANDS[:3]), HandSizeError, "four hands"),
    bad("Round(million hands)", lambda: Round([HANDS[0]] * 1_000_000), HandSizeError, "four hands"),
    bad("Round(dealt twice)", lambda: Round([HANDS[0]] * 4), DuplicateCardError, "twice"),
    bad("deal_deck(None)", lambda: deal_deck(None), CardParseError, "cards"),  # type: ignore[arg-type]
    bad("deal_deck(35 cards)", lambda: deal_deck(range(35)), HandSizeError, "36"),
    bad("deal_deck(million)", lambda: deal_deck(MILLION_CARDS), DuplicateCardError, "J♥"),
    # calls at the wrong moment
    bad("schieben twice", lambda: pushed().schieben(), ContractError, "push"),
    bad("schieben by the partner", lambda: fresh().schieben(2), OutOfTurnError, "seat 2"),
    bad("schieben after the contract", lambda: playing().schieben(), ContractError, "already"),
    bad("choose twice", lambda: playing().choose("♠"), ContractError, "already"),
    bad("choose by forehand after schieben", lambda: pushed().choose("♠", 0), OutOfTurnError, "seat 0"),
    bad("play before the contract", lambda: fresh().play("6♣"), PhaseError, "contract"),
    bad("play after the end", lambda: finished().play("6♣"), PhaseError, "over"),
    bad("play out of turn", lambda: playing().play("9♣", 2), OutOfTurnError, "seat 2"),
    bad("play another seat's card", lambda: playing().play("K♣"), OutOfTurnError, "K♣"),
    bad("play a card already played", lambda: playing().play("6♣"), CardNotInHandError, "6♣"),
    bad("play an illegal card", lambda: playing().play("6♦"), IllegalPlayError, "6♦", "P3"),
    bad("check before the contract", lambda: fresh().check("6♣"), PhaseError, "contract"),
    bad("check another seat's card", lambda: playing().check("K♣"), CardNotInHandError, "K♣"),
    bad("legal_cards before the contract", lambda: fresh().legal_cards(), PhaseError, "contract"),
    bad("score before the end", lambda: playing().score(), PhaseError, "not finished"),
    bad("announcements before the contract", lambda: fresh().announcements(), PhaseError, "contract"),
]

# Round.from_json: every field's type, value and size; the document's size and depth.
JSON_DOCS: list[tuple[str, object, str]] = [
    ("None", None, "JSON"),
    ("int", 5, "JSON"),
    ("empty", "", "JSON"),
    ("brace", "{", "JSON"),
    ("invalid utf-8", b"\xff\xfe{", "JSON"),
    ("[ x 100000", DEEP, "larger than any round"),
    ("[ x 10000", "[" * 10_000, "deeper"),
    ("[ x 9", "[" * 9 + "]" * 9, "deeper"),
    ("{ x 2000", '{"a":' * 2000, "deeper"),
    ("deep in a field", doc(seed=[[[[[[[[["deep"]]]]]]]]]), "deeper"),
    ("10 MB", HUGE, "larger than any round"),
    ("10 MB of spaces", " " * 10_000_000 + "{}", "larger than any round"),
    ("10 MB bytes", HUGE.encode(), "larger than any round"),
    ("list", "[]", "format"),
    ("object", "{}", "format"),
    ("other format", '{"format": "other"}', "format"),
    ("format huge", json.dumps({"format": "y" * 10_000}), "format"),
    ("200 KB token", doc(hands=["x" * 200_000] + json.loads(doc())["hands"][1:]), "larger than any round"),
    ("2 KB token", doc(hands=["x" * 2_000] + json.loads(doc())["hands"][1:]), "card"),
    ("400000 hands", doc(hands=["AC"] * 400_000), "larger than any round"),
    ("five hands", doc(hands=json.loads(doc())["hands"] + ["AC"]), "hands"),
    ("hands text", doc(hands=" ".join(json.loads(doc())["hands"])), "hands"),
    ("hand a list", doc(hands=[["AC"]] + json.loads(doc())["hands"][1:]), "hands"),
    ("hand a number", doc(hands=[5] + json.loads(doc())["hands"][1:]), "hands"),
    ("dealer true", doc(dealer=True), "dealer"),
    ("dealer 4", doc(dealer=4), "seat"),
    ("dealer -1", doc(dealer=-1), "seat"),
    ("dealer text", doc(dealer="1"), "dealer"),
    ("dealer 1.0", doc(dealer=1.0), "dealer"),
    ("forehand null", doc(forehand=None), "forehand"),
    ("forehand 9", doc(forehand=9), "seat"),
    ("no forehand", doc(forehand=DELETE), "missing or bad field"),
    ("no hands", doc(hands=DELETE), "missing or bad field"),
    ("no dealer", doc(dealer=DELETE), "missing or bad field"),
    ("no ruleset", doc(ruleset=DELETE), "missing or bad field"),
    ("no calls", doc(calls=DELETE), "missing or bad field"),
    ("no plays", doc(plays=DELETE), "missing or bad field"),
    ("unknown field", doc(colour="red"), "colour"),
    ("seed list", doc(seed=[1]), "seed"),
    ("seed float", doc(seed=1.5), "seed"),
    ("seed true", doc(seed=True), "seed"),
    ("seed object", doc(seed={}), "seed"),
    ("seed 10 KB", doc(seed="s" * 10_000), "seed"),
    ("seed 2**300", doc(seed=2**300), "seed"),
    ("call seat null", doc(calls=[[None, "HEARTS"]]), "seat"),
    ("call seat true", doc(calls=[[True, "HEARTS"]]), "seat"),
    ("call seat wrong", doc(calls=[[2, "HEARTS"]]), "seat 2"),
    ("call unknown", doc(calls=[[0, "TRUMPS"]]), "contract"),
    ("call __class__", doc(calls=[[0, "__class__"]]), "contract"),
    ("call a number", doc(calls=[[0, 2]]), "contract"),
    ("call triple", doc(calls=[[0, "HEARTS", 1]]), "call"),
    ("call text", doc(calls=["0 HEARTS"]), "call"),
    ("calls object", doc(calls={"0": "HEARTS"}), "calls"),
    ("three calls", doc(calls=[[0, "schieben"], [2, "HEARTS"], [2, "HEARTS"]]), "calls"),
    ("schieben twice", doc(calls=[[0, "schieben"], [0, "schieben"]]), "seat 0"),
    ("plays a list", doc(plays=["6C"]), "plays"),
    ("plays a number", doc(plays=6), "plays"),
    ("plays 37 cards", doc(plays=" ".join(["6C"] * 37)), "plays"),
    ("plays bad card", doc(plays="6C ZZ"), "ZZ"),
    ("plays illegal", doc(plays="6C 6D"), "6♦"),
    ("ruleset 5", doc(ruleset=5), "ruleset"),
    ("ruleset swiss", doc(ruleset="swiss"), "ruleset"),
    ("ruleset undenufe []", doc(ruleset={**CLASSIC.to_dict(), "modern_undenufe": []}), "modern_undenufe"),
    ("ruleset name {}", doc(ruleset={**CLASSIC.to_dict(), "name": {}}), "name"),
    ("ruleset scale x", doc(ruleset={**CLASSIC.to_dict(), "sequence_scale": ["x"] * 7}), "sequence_scale"),
    ("ruleset multipliers 1.5", doc(ruleset={**CLASSIC.to_dict(), "multipliers": [1.5] * 6}), "multipliers"),
]
for name, text, word in JSON_DOCS:
    LAYER3.append(bad(f"Round.from_json({name})", lambda t=text: Round.from_json(t), RoundFormatError, word))  # type: ignore[arg-type]

CASES = LAYER1 + LAYER2 + LAYER3


def _refusal(case: Bad) -> tuple[BaseException | None, float, float]:
    # this thread's CPU (not a background solver thread's), the garbage collector held until after the call
    gc.disable()
    start, cpu = time.perf_counter(), time.thread_time()
    try:
        case.call()
    except Exception as exc:  # every exception is judged below, the wrong ones too
        return exc, time.perf_counter() - start, time.thread_time() - cpu
    finally:
        gc.enable()
    return None, time.perf_counter() - start, time.thread_time() - cpu


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_is_refused_fast_and_clearly(case: Bad) -> None:
    exc, seconds, cpu = _refusal(case)
    assert exc is not None, f"{case.id} was accepted"
    assert isinstance(exc, case.error), f"{case.id} raised {type(exc).__name__}: {excerpt(str(exc))}"
    message = str(exc)
    assert len(message) <= MESSAGE_LIMIT, f"{case.id}: a message of {len(message)} characters: {excerpt(message)}"
    for word in case.words:
        assert word.lower() in message.lower(), f"{case.id}: {word!r} not in {message!r}"
    assert seconds < TIME_LIMIT and cpu < CPU_LIMIT, f"{case.id} took {seconds:.2f} s ({cpu:.3f} s of CPU)"


def test_the_tables_cover_every_layer() -> None:
    """Counted for the report: every row above is one bad input."""
    assert len(LAYER1) >= 150 and len(LAYER2) >= 150 and len(LAYER3) >= 150


# ------------------------------------------------------------------ a ruleset by name, everywhere
NAMED: list[tuple[str, Callable[[Ruleset | str], object]]] = [
    ("trick_points", lambda rs: play.trick_points(["6♥", "8♥"], "undenufe", rs)),
    ("find_weis", lambda rs: weis.find_weis("9♣ 9♠ 9♥ 9♦ 6♣ 7♣ 8♣", rs)),
    ("declarations", lambda rs: weis.declarations("9♣ 9♠ 9♥ 9♦ 6♣ 7♣ 8♣", "♥", rs)),
    ("best_declaration", lambda rs: weis.best_declaration("6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣", "♥", rs)),
    ("contest_hands", lambda rs: weis.contest_hands(HANDS, "♥", 0, rs)),
    ("has_weis", lambda rs: weis.has_weis("9♣ 9♠ 9♥ 9♦", rs)),
    ("four_points", lambda rs: weis.four_points(Rank.NINE, rs)),
    ("stoeck_points", lambda rs: weis.stoeck_points("♥", rs)),
    ("Weis.from_cards", lambda rs: weis.Weis.from_cards("6♣ 7♣ 8♣ 9♣ 10♣ J♣", rs)),
    ("ContestResult.scored", lambda rs: weis.contest_hands(HANDS, "♥", 0).scored(rs)),
    ("fast_tables", lambda rs: weis.fast_tables(Contract.HEARTS, rs)),
    ("hand_score", lambda rs: scoring.hand_score((100, 52), (5, 4), 0, "undenufe", rs)),
    ("revoke_score", lambda rs: scoring.revoke_score(0, "undenufe", rs)),
    ("is_schneider", lambda rs: scoring.is_schneider(600, rs)),
    ("games_won", lambda rs: scoring.games_won(600, rs)),
    ("Round.deal", lambda rs: Round.deal(seed=1, ruleset=rs).ruleset),
    ("Game", lambda rs: Game(seed=1, ruleset=rs).ruleset),
]


@pytest.mark.parametrize("name, call", NAMED, ids=[n for n, _ in NAMED])
def test_a_ruleset_may_be_named(name: str, call: Callable[[Ruleset | str], object]) -> None:
    assert call("modern") == call(" Modern ") == call(MODERN)
    assert call("classic") == call(CLASSIC)
    assert call("modern") != call("classic") or name == "contest_hands"


def test_ruleset_parse_takes_a_ruleset_or_a_preset_name() -> None:
    assert Ruleset.parse("modern") is MODERN and Ruleset.parse("CLASSIC") is CLASSIC
    variant = MODERN.with_target(1500)
    assert Ruleset.parse(variant) is variant


# ------------------------------------------------------------------ rulesets that used to break rounds later
def test_a_ruleset_is_checked_when_made_so_a_round_never_breaks_later() -> None:
    """The hostile review's rulesets: each used to load and break a round (or its JSON) later."""
    for changes in ({"sequence_scale": ("x",) * 7}, {"modern_undenufe": []}, {"name": {}},
                    {"multipliers": (1.5,) * 6}):
        with pytest.raises(RulesetError):
            CLASSIC.replace(**changes)
        with pytest.raises(RulesetError):
            Ruleset.from_dict({**CLASSIC.to_dict(), **{k: list(v) if isinstance(v, tuple) else v
                                                        for k, v in changes.items()}})


def test_a_valid_variant_round_trips_through_json() -> None:
    rs = CLASSIC.replace(name="mine", multipliers=(1, 2, 3, 4, 5, 6), four_nines=150,
                         sequence_scale=[20, 50, 100, 150, 200, 250, 300])
    assert rs.sequence_scale == (20, 50, 100, 150, 200, 250, 300)
    assert Ruleset.from_dict(json.loads(json.dumps(rs.to_dict()))) == rs
    r = Round.deal(seed=5, ruleset=rs)
    r.choose("undenufe")
    while not r.done:
        r.play(max(r.legal_cards()))
    assert Round.from_json(r.to_json()) == r


# ------------------------------------------------------------------ any exception leaves the state as it was
def state(r: Round) -> tuple[object, ...]:
    return (r.to_json(), r.phase, r.to_move, r.hands, r.history, r.card_points, r.tricks_won, r.weis_recorded,
            r.stoeck_recorded, r.weis_result, r.multiplier, r.trick, r.tricks, r.played, r.declarations)


class Boom(RuntimeError):
    """An exception nobody anticipated, raised from inside the engine."""


def _explode(*args: object, **kwargs: object) -> object:
    raise Boom("an unexpected failure inside the engine")


@pytest.mark.parametrize(
    "trick, module, target",
    [(0, "round", "trick_winner_index"), (1, "round", "trick_winner_index"), (8, "round", "trick_winner_index"),
     (0, "round", "trick_value"), (8, "round", "trick_value"), (0, "weis", "_contest")],
)
def test_round_play_is_all_or_nothing_for_any_exception(monkeypatch: pytest.MonkeyPatch, trick: int, module: str,
                                                         target: str) -> None:
    import jasslib.round as round_module
    import jasslib.weis as weis_module

    r = fresh()
    r.choose("♥")
    while r.trick_number < trick or len(r.trick) < 3:
        r.play(min(r.legal_cards()))
    before = state(r)
    card = min(r.legal_cards())
    with monkeypatch.context() as m:
        m.setattr(round_module if module == "round" else weis_module, target, _explode)
        with pytest.raises(Boom):
            r.play(card)
    assert state(r) == before
    r.play(card)  # and the round goes on as if nothing happened
    assert r.trick_number == trick + 1


def test_round_play_of_the_second_stoeck_card_is_all_or_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import jasslib.weis as weis_module

    r = fresh()  # seat 0 holds K♥ Q♥: Stöck in hearts
    r.choose("♥")
    r.play("K♥")
    while r.to_move != Seat.S0:
        r.play(min(r.legal_cards()))
    while r.to_move != Seat.S0 or "Q♥" not in r.legal_cards():
        r.play(min(r.legal_cards()))
    before = state(r)
    with monkeypatch.context() as m:
        m.setattr(weis_module, "stoeck_points", _explode)
        with pytest.raises(Boom):
            r.play("Q♥")
    assert state(r) == before
    r.play("Q♥")
    assert r.stoeck_recorded == (40, 0)


@pytest.mark.parametrize("owner, target", [("weis", "stoeck_mask_held"), ("Ruleset", "card_points")])
def test_round_choose_is_all_or_nothing_for_any_exception(monkeypatch: pytest.MonkeyPatch, owner: str,
                                                           target: str) -> None:
    import jasslib.weis as weis_module

    r = pushed()
    before = state(r)
    with monkeypatch.context() as m:
        m.setattr(weis_module if owner == "weis" else Ruleset, target, _explode)
        with pytest.raises(Boom):
            r.choose("♥")
    assert state(r) == before
    r.choose("♥")
    assert r.contract is Contract.HEARTS and r.stoeck_holder == Seat.S0


def test_game_play_is_all_or_nothing_when_the_next_hand_cannot_be_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    import jasslib.game as game_module

    g = Game(seed=4, auto_claim=False)
    g.choose("♥")
    for _ in range(35):
        g.play(min(g.legal_cards()))
    before = (g.round.to_json(), g.scores, g.rounds, g.hand_scores, g.over)
    card = min(g.legal_cards())
    with monkeypatch.context() as m:
        m.setattr(game_module.Round, "deal", _explode)
        with pytest.raises(Boom):
            g.play(card)
    assert (g.round.to_json(), g.scores, g.rounds, g.hand_scores, g.over) == before
    g.play(card)
    assert len(g.rounds) == 1 and g.round.trick_number == 0


def test_game_claim_is_all_or_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import jasslib.game as game_module

    g = Game(seed=4, auto_claim=False)
    g.choose("♥")
    with monkeypatch.context() as m:
        m.setattr(game_module, "is_schneider", _explode)
        with pytest.raises(Boom):
            g.claim(0)
    assert not g.over and g.claims == () and g.end is None
    assert not g.claim(0).valid and g.over
