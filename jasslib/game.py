"""Game: hands to the target, dealer rotation, claims in the order Stöck–Weis–Stich (RULES.md D4, G1–G4).

A game deals hand after hand (:class:`~jasslib.round.Round`) until a team
reaches the target.  The first hand's forehand holds the starting card (D4);
that player deals hand 2; then the deal moves one seat to the right each hand
and forehand sits at the dealer's right.

Points are written as they happen: Weis after the first trick, Stöck when
announced, trick points at the end of the hand.  With ``auto_claim=True`` (the
default, as bots play) a team claims the win as soon as it has reached the
target, checked after the contract and after every trick in the order of G3;
with ``auto_claim=False`` people call :meth:`Game.claim` themselves and the
game otherwise ends at the end of the hand in which a team reaches the target.

>>> g = Game(seed=3, ruleset="modern")
>>> while not g.over:
...     if g.round.contract is None:
...         g.choose("obenabe")
...     else:
...         g.play(min(g.legal_cards()))
>>> g.winner in (Team.T0, Team.T1), max(g.scores) >= 1000
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .cards import CardLike, CardSet
from .contracts import Contract
from .errors import (
    CardParseError,
    ClaimError,
    GameFormatError,
    GameOverClaimError,
    JassError,
    PhaseError,
    excerpt,
)
from .play import Verdict
from .round import _JSON_BRACKETS, _JSON_STRING, Round, _check_seed
from .rulesets import CLASSIC, PRESETS, Ruleset
from .scoring import CLAIM_CATEGORY_NAMES, ClaimResult, HandScore, games_won, is_schneider, judge_claim, race
from .seats import Seat, Team
from .weis import stoeck_points

__all__ = ["Game", "GameEnd", "GAME_JSON_FORMAT", "MAX_GAME_JSON_SIZE"]

GAME_JSON_FORMAT = "jasslib.game/1"
MAX_GAME_JSON_SIZE = 400_000
"""The longest game's JSON :meth:`Game.from_json` reads (a longer document is refused before it is read): a hand
takes about 400 characters and a game to the target T has at most 2 T / 157 + 1 hands (every hand writes at
least 157 points), so a game to 3000 takes about 16 KB, and targets up to about 75,000 fit."""
_GAME_FIELDS = ("format", "ruleset", "seed", "first_dealer", "auto_claim", "hands", "claim")
_MAX_GAME_DEPTH = 10


@dataclass(frozen=True)
class GameEnd:
    """How a game ended: the winner, why, the final scores, Schneider (G4) and games counted."""

    winner: Team
    reason: str
    category: str | None
    scores: tuple[int, int]
    schneider: bool
    games: int
    hand: int

    def __str__(self) -> str:
        extra = " Schneider: the win counts twice (G4)." if self.schneider else ""
        w, l = self.scores[self.winner], self.scores[self.winner.other]
        return f"{self.winner} wins {w} to {l}: {self.reason}.{extra}"


class Game:
    """A game of Schieber to the ruleset's target (G1).

    Play through :meth:`choose`, :meth:`schieben` and :meth:`play` (they pass
    to the current :attr:`round`, then write points and start the next hand);
    :meth:`claim` lets a team claim the win (G2).  Every call is all or nothing:
    a refused call (or any exception) leaves the game and its round as they were.
    """

    def __init__(
        self,
        ruleset: Ruleset | str = CLASSIC,
        seed: int | str | None = None,
        first_dealer: Seat | int = 3,
        auto_claim: bool = True,
    ) -> None:
        self.ruleset = Ruleset.parse(ruleset)
        self.seed = _check_seed(seed, room=8)  # each hand's seed adds "/index"
        if type(auto_claim) is not bool:
            raise JassError(f"auto_claim is True or False, not {excerpt(auto_claim)}")
        self.auto_claim = auto_claim
        self._before: list[int] = [0, 0]  # written before the current hand
        self._rounds: list[Round] = []
        self._scores: list[HandScore] = []
        self._end: GameEnd | None = None
        self._claims: list[ClaimResult] = []
        self._round = Round.deal(self._round_seed(0), dealer=first_dealer, ruleset=self.ruleset, first_hand=True)

    def _round_seed(self, index: int) -> int | str | None:
        return None if self.seed is None else f"{self.seed}/{index}"

    # ----------------------------------------------------------------- state
    @property
    def round(self) -> Round:
        """The hand being played (the last one once the game is over)."""
        return self._round

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The hands finished so far (and the one the game ended in)."""
        return tuple(self._rounds)

    @property
    def hand_scores(self) -> tuple[HandScore, ...]:
        """The score of each finished hand."""
        return tuple(self._scores)

    @property
    def over(self) -> bool:
        """True once a team has won."""
        return self._end is not None

    @property
    def end(self) -> GameEnd | None:
        """How the game ended, or None."""
        return self._end

    @property
    def winner(self) -> Team | None:
        """The winning team, or None while playing."""
        return None if self._end is None else self._end.winner

    @property
    def scores(self) -> tuple[int, int]:
        """What is written for each team now: earlier hands plus this hand's recorded Weis and Stöck."""
        if self._end is not None:
            return self._end.scores
        r = self._round
        w, s = r.weis_recorded, r.stoeck_recorded
        return (self._before[0] + w[0] + s[0], self._before[1] + w[1] + s[1])

    @property
    def claims(self) -> tuple[ClaimResult, ...]:
        """Claims made in this game (G2)."""
        return tuple(self._claims)

    def __iter__(self) -> Iterator[Round]:
        return iter(self._rounds)

    # ----------------------------------------------------------------- actions
    def _need_open(self) -> None:
        if self._end is not None:
            raise PhaseError(f"the game is over: {self._end}")

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play."""
        self._need_open()
        return self._round.legal_cards()

    def check(self, card: CardLike) -> Verdict:
        """The verdict on the player to move playing ``card``."""
        self._need_open()
        return self._round.check(card)

    def schieben(self, seat: Seat | int | None = None) -> None:
        """Forehand passes the choice of contract (C1)."""
        self._need_open()
        self._round.schieben(seat)

    def choose(self, contract: Contract | int | str, seat: Seat | int | None = None) -> None:
        """Name the contract (C1); with auto claims, a team whose Stöck now wins claims it (S2, G3)."""
        self._need_open()
        r = self._round
        undo = (r._snapshot(), self._snapshot())
        try:
            r.choose(contract, seat)
            if self.auto_claim:
                self._auto_check()
        except BaseException:
            r._restore(undo[0])
            self._restore(undo[1])
            raise

    def play(self, card: CardLike, seat: Seat | int | None = None) -> None:
        """Play a card; after a trick, points are checked against the target (G2–G3)."""
        self._need_open()
        r = self._round
        if len(r._trick) < 3:  # no trick ends: only the round changes, and Round.play is all or nothing
            r.play(card, seat)
            return
        undo = (r._snapshot(), self._snapshot())
        try:
            r.play(card, seat)
            if r.done:
                self._finish_hand()
            elif self.auto_claim:
                self._auto_check()
        except BaseException:
            r._restore(undo[0])
            self._restore(undo[1])
            raise

    def claim(self, team: Team | int) -> ClaimResult:
        """G2: ``team`` claims the win now.  At least the target wins; a false claim loses the game.

        Raises :class:`~jasslib.errors.ClaimError` for a claim that cannot be made: by an unknown team,
        or after the game is over (then also a :class:`~jasslib.errors.PhaseError`).
        """
        if self._end is not None:
            raise GameOverClaimError(f"no claim can be made: the game is over: {self._end}")
        try:
            t = Team.parse(team)
        except CardParseError as exc:
            raise ClaimError(f"no claim: {exc}") from None
        r = self._round
        result = judge_claim(t, self.scores, self._captured(), r.multiplier, self.ruleset.target,
                             self._claimable_stoeck())
        reason = "a correct claim (G2)" if result.valid else f"{t} made a false claim (G2)"
        undo = self._snapshot()
        try:
            self._claims.append(result)
            self._close(result.winner, reason, None, self._totals_with_claim(result))
        except BaseException:
            self._restore(undo)
            raise
        return result

    # ----------------------------------------------------------------- undo
    def _snapshot(self) -> tuple[list[int], list[Round], list[HandScore], GameEnd | None, list[ClaimResult], Round]:
        """The game's own fields (not its round's), the lists copied: :meth:`_restore` puts them back."""
        return (list(self._before), list(self._rounds), list(self._scores), self._end, list(self._claims),
                self._round)

    def _restore(self, snapshot: tuple[list[int], list[Round], list[HandScore], GameEnd | None, list[ClaimResult],
                                       Round]) -> None:
        before, rounds, scores, self._end, claims, self._round = snapshot
        self._before, self._rounds, self._scores, self._claims = list(before), list(rounds), list(scores), list(claims)

    # ----------------------------------------------------------------- internals
    def _captured(self) -> tuple[int, int]:
        r = self._round
        return r.card_points if r.contract is not None else (0, 0)

    def _claimable_stoeck(self) -> tuple[int, int]:
        """Stöck a team holds but has not yet announced: it may be claimed early to win (S2)."""
        r = self._round
        out = [0, 0]
        holder, contract = r.stoeck_holder, r.contract  # Stöck has a holder only once the contract is named
        if holder is not None and contract is not None and r.stoeck_recorded[holder.team] == 0:
            out[holder.team] = stoeck_points(contract, self.ruleset)
        return (out[0], out[1])

    def _totals_with_claim(self, result: ClaimResult) -> tuple[int, int]:
        s = list(self.scores)
        s[result.team] = result.total
        return (s[0], s[1])

    def _additions(self, end_of_hand: HandScore | None = None) -> dict[str, tuple[int, int]]:
        r = self._round
        w, s = r.weis_recorded, r.stoeck_recorded
        claimable = self._claimable_stoeck()
        stoeck = (s[0] + claimable[0], s[1] + claimable[1])
        if end_of_hand is not None:
            stich = end_of_hand.trick_score
        else:
            cp = self._captured()
            stich = (cp[0] * r.multiplier, cp[1] * r.multiplier)
        return {"stoeck": stoeck, "weis": w, "stich": stich}

    def _auto_check(self) -> None:
        result = race(self._before, self._additions(), self.ruleset.target, self.ruleset.claim_priority)
        if result.winner is not None:
            names = CLAIM_CATEGORY_NAMES
            reason = (f"{result.winner} claims the win with its {names[result.category or 'stich']} "
                      f"in hand {len(self._rounds) + 1} (G2, G3: Stöck–Weis–Stich)")
            self._close(result.winner, reason, result.category, result.totals)

    def _finish_hand(self) -> None:
        r = self._round
        score = r.score()
        self._scores.append(score)
        self._rounds.append(r)
        result = race(self._before, self._additions(score), self.ruleset.target, self.ruleset.claim_priority)
        self._before = [self._before[0] + score.total[0], self._before[1] + score.total[1]]
        if result.winner is not None:
            names = CLAIM_CATEGORY_NAMES
            reason = (f"{result.winner} reaches {self.ruleset.target} with its {names[result.category or 'stich']} "
                      f"in hand {len(self._rounds)} (G3: Stöck–Weis–Stich)")
            self._close(result.winner, reason, result.category, (self._before[0], self._before[1]))
            return
        # D4: the forehand of hand 1 deals hand 2; then the deal moves one seat to the right.
        dealer = r.forehand if len(self._rounds) == 1 else r.dealer.next
        self._round = Round.deal(self._round_seed(len(self._rounds)), dealer=dealer, ruleset=self.ruleset)

    def _close(self, winner: Team, reason: str, category: str | None, scores: tuple[int, int]) -> None:
        if self._round not in self._rounds:
            self._rounds.append(self._round)
        loser_total = scores[winner.other]
        self._end = GameEnd(
            winner=winner,
            reason=reason,
            category=category,
            scores=(int(scores[0]), int(scores[1])),
            schneider=is_schneider(loser_total, self.ruleset),
            games=games_won(loser_total, self.ruleset),
            hand=len(self._rounds),
        )

    # ----------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """A JSON text from which :meth:`from_json` rebuilds the same game (to save it and play on later).

        It holds the ruleset, the seed, the first dealer, ``auto_claim``, every hand so far (as
        :meth:`Round.to_json` writes it: the four hands dealt, the calls and the cards played) and a claim.

        >>> g = Game(seed="club", ruleset="modern")
        >>> g.choose("obenabe"); g.play(min(g.legal_cards()))
        >>> h = Game.from_json(g.to_json())
        >>> h.round == g.round and h.scores == g.scores and h.to_json() == g.to_json()
        True
        """
        rs: Any = self.ruleset.name if PRESETS.get(self.ruleset.name) == self.ruleset else self.ruleset.to_dict()
        hands = [json.loads(r.to_json()) for r in self._rounds]
        if self._round not in self._rounds:
            hands.append(json.loads(self._round.to_json()))
        for hand in hands:
            del hand["format"], hand["ruleset"]  # the game's
        first_dealer = self._rounds[0].dealer if self._rounds else self._round.dealer
        data = {"format": GAME_JSON_FORMAT, "ruleset": rs, "seed": self.seed, "first_dealer": int(first_dealer),
                "auto_claim": self.auto_claim, "hands": hands,
                "claim": int(self._claims[0].team) if self._claims else None}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from :meth:`to_json`, replaying every call of every hand through the game.

        The rules are applied again as the calls are replayed (D4's dealers, the claims of G2–G3), so a
        document that does not describe a game played by the rules is refused with a
        :class:`~jasslib.errors.GameFormatError` naming the hand and the reason, and so is any malformed one.

        >>> Game.from_json('{"format": "jasslib.game/1"}')
        Traceback (most recent call last):
        ...
        jasslib.errors.GameFormatError: malformed JSON game: missing field 'ruleset'
        """
        data = _load_game_json(text)
        hands, claim = data["hands"], data["claim"]
        if not isinstance(hands, list) or not hands or not all(isinstance(h, dict) for h in hands):
            raise GameFormatError(f"malformed JSON game: 'hands': expected a list of hands, got {excerpt(hands)}")
        if claim is not None and type(claim) is not int:
            raise GameFormatError(f"malformed JSON game: 'claim': expected a team 0 or 1 or null, got {excerpt(claim)}")
        if type(data["first_dealer"]) is not int:
            raise GameFormatError("malformed JSON game: 'first_dealer': expected a seat number 0..3, got "
                                  f"{excerpt(data['first_dealer'])}")
        try:
            rs = data["ruleset"]
            if not isinstance(rs, (str, dict)):
                raise GameFormatError(f"malformed JSON game: 'ruleset': expected a preset's name or an object of "
                                      f"the ruleset's fields, got {excerpt(rs)}")
            ruleset = Ruleset.from_dict(rs) if isinstance(rs, dict) else Ruleset.parse(rs)
            game = cls(ruleset, seed=data["seed"], first_dealer=data["first_dealer"], auto_claim=data["auto_claim"])
        except GameFormatError:
            raise
        except JassError as exc:
            raise GameFormatError(f"malformed JSON game: {exc}") from None
        rs_field = ruleset.name if PRESETS.get(ruleset.name) == ruleset else ruleset.to_dict()
        for i, hand in enumerate(hands):
            where = f"hand {i + 1}"
            if game.over:
                raise GameFormatError(f"inconsistent JSON game: {where} follows the end of the game ({game.end})")
            calls, plays = hand.get("calls"), hand.get("plays")
            try:
                fresh = Round.from_json(json.dumps({**hand, "format": "jasslib.round/1", "ruleset": rs_field,
                                                    "calls": [], "plays": ""}))
            except JassError as exc:
                raise GameFormatError(f"inconsistent JSON game: {where}: {exc}") from None
            expected = game.round
            if game.seed is None and i == 0:  # D4: the first hand's forehand holds the starting card
                expected = Round.deal(None, dealer=expected.dealer, ruleset=ruleset)
                expected._setup(list(fresh._initial), expected.dealer, next(
                    s for s in Seat if fresh._initial[s] >> ruleset.starting_card & 1), ruleset, None)
            if (fresh.dealer, fresh.forehand) != (expected.dealer, expected.forehand):
                raise GameFormatError(f"inconsistent JSON game: {where} is dealt by seat {int(fresh.dealer)} with "
                                      f"forehand seat {int(fresh.forehand)}; the game's dealer is seat "
                                      f"{int(expected.dealer)}, forehand seat {int(expected.forehand)} (D4)")
            if game.seed is not None and fresh != expected:
                raise GameFormatError(f"inconsistent JSON game: {where}'s cards are not those the game's seed deals")
            if fresh.seed != expected.seed:
                raise GameFormatError(f"inconsistent JSON game: {where}'s seed {excerpt(fresh.seed)} is not the "
                                      f"game's {excerpt(expected.seed)}")
            game._round = fresh
            if not isinstance(calls, list) or not isinstance(plays, str) or len(plays) > 36 * 4:
                raise GameFormatError(f"malformed JSON game: {where}: 'calls' is a list and 'plays' the cards played")
            try:
                for call in calls:
                    if not (isinstance(call, list) and len(call) == 2 and type(call[0]) is int
                            and isinstance(call[1], str)):
                        raise GameFormatError(f"malformed JSON game: {where}: each call is [seat number, contract "
                                              f"name or 'schieben'], got {excerpt(call)}")
                    if call[1] == "schieben":
                        game.schieben(call[0])
                    elif call[1] in Contract.__members__:
                        game.choose(Contract.__members__[call[1]], call[0])
                    else:
                        raise GameFormatError(f"malformed JSON game: {where}: unknown contract {excerpt(call[1])}")
                tokens = plays.split()
                for token in tokens:
                    if game.over:
                        raise GameFormatError(f"inconsistent JSON game: {where} has cards played after the end "
                                              f"of the game ({game.end})")
                    game.play(token)
            except GameFormatError:
                raise
            except JassError as exc:
                raise GameFormatError(f"inconsistent JSON game: {where}: {exc}") from None
        if claim is not None:
            try:
                game.claim(claim)
            except JassError as exc:
                raise GameFormatError(f"inconsistent JSON game: the claim: {exc}") from None
        return game

    # ----------------------------------------------------------------- display
    def summary(self) -> list[dict[str, Any]]:
        """One plain record per finished hand (a pandas DataFrame can be built from it)."""
        rows = []
        for i, (r, s) in enumerate(zip(self._rounds, self._scores)):
            rows.append({"hand": i + 1, "dealer": int(r.dealer), "forehand": int(r.forehand),
                         "chooser": int(r.chooser), "pushed": r.pushed, **s.to_dict()})
        return rows


    def __repr__(self) -> str:
        state = f"over, {self._end.winner} won" if self._end else f"hand {len(self._rounds) + 1}"
        return f"<Game {self.ruleset.name} to {self.ruleset.target}: {self.scores[0]}–{self.scores[1]}, {state}>"



def _load_game_json(text: str | bytes) -> dict[str, Any]:
    """The fields of a JSON game, checked for size, depth, the format and the set of fields (not their values)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_GAME_JSON_SIZE:
            raise GameFormatError(f"not a jasslib game: {len(text):,} bytes is larger than any game's JSON")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise GameFormatError(f"not a JSON game: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(text, str):
        raise GameFormatError(f"not a JSON game: expected JSON text, got {excerpt(text)}")
    if len(text) > MAX_GAME_JSON_SIZE:
        raise GameFormatError(f"not a jasslib game: {len(text):,} characters is larger than any game's JSON")
    depth = deepest = 0
    for bracket in _JSON_BRACKETS.findall(_JSON_STRING.sub("", text)):  # brackets outside strings
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > _MAX_GAME_DEPTH:
        raise GameFormatError(f"not a jasslib game: nested {deepest} deep, deeper than any game (at most "
                              f"{_MAX_GAME_DEPTH})")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise GameFormatError(f"not a JSON game: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != GAME_JSON_FORMAT:
        raise GameFormatError(f"not a jasslib game: the 'format' field must be {GAME_JSON_FORMAT!r}")
    unknown = [key for key in data if key not in _GAME_FIELDS]
    if unknown:
        raise GameFormatError(f"malformed JSON game: unknown field {excerpt(unknown[0])}; the fields are "
                              f"{', '.join(_GAME_FIELDS)}")
    missing = [key for key in _GAME_FIELDS if key not in data]
    if missing:
        raise GameFormatError(f"malformed JSON game: missing field {missing[0]!r}")
    return data
