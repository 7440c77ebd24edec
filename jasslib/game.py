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

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .cards import CardLike, CardSet
from .contracts import Contract
from .errors import CardParseError, ClaimError, GameOverClaimError, JassError, PhaseError, excerpt
from .play import Verdict
from .round import Round, _check_seed
from .rulesets import CLASSIC, Ruleset
from .scoring import CLAIM_CATEGORY_NAMES, ClaimResult, HandScore, games_won, is_schneider, judge_claim, race
from .seats import Seat, Team
from .weis import stoeck_points

__all__ = ["Game", "GameEnd"]


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

