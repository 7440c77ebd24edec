"""Players: the :class:`Player` protocol, :class:`RandomPlayer`, :class:`RuleBasedPlayer`, :class:`SearchPlayer`
(:mod:`jasslib.players.search`, sampling the hidden cards with :mod:`jasslib.players.sampling`) and the drivers.

A player answers two questions, each from a :class:`~jasslib.RoundView` (what its seat may know,
never another player's hand): which contract to name (``None`` = schieben, C1) and which card to
play (one of ``view.legal``).  :func:`play_round` and :func:`play_game` ask the player of the seat
to move until the round or the game is over.

>>> from jasslib import Round, Game
>>> players = [RuleBasedPlayer(), RandomPlayer(seed=1), RuleBasedPlayer(), RandomPlayer(seed=2)]
>>> rnd = play_round(Round.deal(seed=7), players)
>>> rnd.done, sum(rnd.score().trick_points) in (157, 257)
(True, True)
>>> game = play_game(Game(seed=3, ruleset="modern"), players)
>>> game.over
True
>>> isinstance(RandomPlayer(), Player)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .. import _check
from .._numba import interpreted
from ..cards import Card
from ..contracts import Contract
from ..errors import ArgumentError, PhaseError, excerpt
from ..game import Game
from ..round import Round, RoundView
from .heuristics import SCHIEBEN
from .heuristics import choose_card as _compiled_choose_card
from .heuristics import choose_contract as _compiled_choose_contract
from .heuristics import default_threshold as _compiled_default_threshold

# A bot chooses one card at a time: plain Python until numba is in use anyway, so a page or a chapter whose bots play
# rounds and games does not import it (_numba.interpreted)
_choose_card = interpreted(_compiled_choose_card)
_choose_contract = interpreted(_compiled_choose_contract)
_default_threshold = interpreted(_compiled_default_threshold)

__all__ = ["Player", "RandomPlayer", "RuleBasedPlayer", "SearchPlayer", "play_round", "play_game", "take_turn",
           "view_ints"]

if TYPE_CHECKING:
    from .search import SearchPlayer


def __getattr__(name: str) -> Any:
    """:class:`~jasslib.players.search.SearchPlayer` is imported on first use (it needs numpy)."""
    if name == "SearchPlayer":
        from .search import SearchPlayer

        return SearchPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_CONTRACTS = tuple(Contract)


@runtime_checkable
class Player(Protocol):
    """Anything that can take a seat: two methods, each given only the seat's :class:`~jasslib.RoundView`."""

    def choose_contract(self, view: RoundView) -> Contract | None:
        """The contract to name, or ``None`` for schieben (only while ``not view.pushed``, C1)."""
        ...

    def play_card(self, view: RoundView) -> Card:
        """The card to play: one of ``view.legal``."""
        ...


def _check_players(players: Sequence[Player | None]) -> None:
    if not isinstance(players, (list, tuple)) or len(players) != 4:
        raise ArgumentError(f"players: a round needs four players, one per seat 0..3, in a list, got "
                            f"{excerpt(players)}")


def _check_target(target: object, what: str) -> None:
    kinds = {"a Round": (Round,), "a Game": (Game,), "a Round or a Game": (Round, Game)}[what]
    if not isinstance(target, kinds):
        raise ArgumentError(f"expected {what}, got {excerpt(target)}")


def play_round(rnd: Round, players: Sequence[Player]) -> Round:
    """Play ``rnd`` to the end: the player of the seat to move answers from ``rnd.view(seat)``.

    ``players[s]`` plays seat ``s``.  A player that answers ``None`` after schieben, or names an
    illegal card, gets the round's own error (:class:`~jasslib.ContractError`,
    :class:`~jasslib.IllegalPlayError`).  Returns ``rnd``.

    >>> from jasslib import Round
    >>> r = play_round(Round.deal(seed=1), [RandomPlayer(seed=s) for s in range(4)])
    >>> r.done
    True
    """
    _check_target(rnd, "a Round")
    _check_players(players)
    while not rnd.done:
        take_turn(rnd, players)
    return rnd


def take_turn(target: Round | Game, players: Sequence[Player | None]) -> None:
    """Let the player of the seat to move act once: name the contract, say schieben, or play a card.

    ``target`` is a :class:`~jasslib.Round` or a :class:`~jasslib.Game` (whose current round is used);
    the player sees only ``view(seat)``.  A wrong answer raises the engine's own error.
    """
    _check_target(target, "a Round or a Game")
    _check_players(players)
    rnd = target.round if isinstance(target, Game) else target
    seat = rnd.to_move
    if seat is None:
        raise PhaseError("the hand is over: nobody is to move")
    player = players[seat]
    if player is None:
        raise ArgumentError(f"seat {int(seat)} is to move but has no player")
    view = rnd.view(seat)
    if rnd.contract is None:
        contract = player.choose_contract(view)
        if contract is None:
            target.schieben(seat)
        else:
            target.choose(contract, seat)
    else:
        target.play(player.play_card(view), seat)


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Play ``game`` until a team has won (G1); ``players[s]`` plays seat ``s`` in every hand.

    >>> from jasslib import Game
    >>> g = play_game(Game(seed=2, ruleset="modern"), [RuleBasedPlayer()] * 4)
    >>> g.over, max(g.scores) >= 1000
    (True, True)
    """
    _check_target(game, "a Game")
    _check_players(players)
    while not game.over:
        take_turn(game, players)
    return game


class RandomPlayer:
    """Plays a uniformly random legal card; reproducible from ``seed`` (its own ``random.Random``).

    Contract: when schieben is allowed, each of the seven answers (six contracts, schieben) has
    probability 1/7; after schieben, each contract has probability 1/6.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=4)
    >>> a, b = RandomPlayer(seed=9), RandomPlayer(seed=9)
    >>> a.choose_contract(r.view(r.to_move)) == b.choose_contract(r.view(r.to_move))
    True
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = _check.seed(seed)
        self.rng = random.Random(self.seed)

    def choose_contract(self, view: RoundView) -> Contract | None:
        """A uniform choice among the six contracts, and schieben (1/7) when allowed."""
        k = self.rng.randrange(6 if view.pushed else 7)
        return None if k == 6 else _CONTRACTS[k]

    def play_card(self, view: RoundView) -> Card:
        """A uniform choice among ``view.legal``."""
        if view.legal is None:
            raise PhaseError(f"seat {int(view.seat)} is not to play (view.legal is None)")
        return self.rng.choice(view.legal)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


def view_ints(view: RoundView) -> tuple[int, int, tuple[int, ...], int, int, tuple[int, ...]]:
    """The arguments of :func:`jasslib.players.heuristics.choose_card` for ``view``.

    ``(hand, legal, trick, contract, played, points)``: my hand's mask, my legal cards' mask, the
    card numbers of the current trick (lead first), the contract number, the mask of every card
    played in this hand (the current trick's included) and the 36 card points under the contract.
    The fast simulation backend builds exactly these ints.

    >>> from jasslib import Round
    >>> r = Round.deal(seed=1)
    >>> r.choose("♥")
    >>> r.play(min(r.legal_cards()))
    >>> hand, legal, trick, contract, played, points = view_ints(r.view(r.to_move))
    >>> len(trick), contract, played == 1 << trick[0], sum(points)
    (1, 2, True, 152)
    """
    if view.contract is None or view.legal is None:
        raise PhaseError(f"seat {int(view.seat)} has no card to play now (phase {view.phase.value})")
    contract = int(view.contract)
    return (
        view.hand.mask,
        view.legal.mask,
        tuple(int(c) for _, c in view.trick),
        contract,
        view.played.mask,
        view.ruleset.card_points(contract),
    )


def _numba_args() -> Any:
    """``numpy.asarray`` when numba compiles the heuristics (it cannot index an empty tuple), else None."""
    from .._numba import HAVE_NUMBA

    if not HAVE_NUMBA:
        return None
    import numpy

    return numpy


_np = _numba_args()


class RuleBasedPlayer:
    """A deterministic club-level player: the heuristics of :mod:`jasslib.players.heuristics`.

    ``threshold``: say schieben when the best contract's estimate (expected point difference ×
    multiplier, :func:`~jasslib.players.heuristics.contract_values`) is below it; ``None`` (the
    default) uses :func:`~jasslib.players.heuristics.default_threshold` of the round's ruleset
    (classic 97.5, modern 45).

    >>> from jasslib import Round
    >>> p = RuleBasedPlayer()
    >>> r = Round.deal(seed=7)
    >>> str(r.hand(r.to_move)), p.choose_contract(r.view(r.to_move))
    ('A♣ J♠ A♠ 6♥ A♥ 7♦ 8♦ 9♦ J♦', Contract.DIAMONDS)
    >>> r = Round.deal(seed=0)
    >>> str(r.hand(r.to_move)), p.choose_contract(r.view(r.to_move))     # too weak: schieben
    ('Q♣ A♣ 10♠ J♠ 6♥ J♥ 7♦ 8♦ Q♦', None)
    """

    def __init__(self, threshold: float | None = None) -> None:
        self.threshold = None if threshold is None else _check.finite(threshold, "threshold")

    def threshold_for(self, view: RoundView) -> float:
        """The schieben threshold used with ``view``'s ruleset."""
        if self.threshold is not None:
            return self.threshold
        return float(_default_threshold(view.ruleset.multipliers))

    def choose_contract(self, view: RoundView) -> Contract | None:
        """The best contract by the estimate, or ``None`` (schieben) when it is too weak and allowed."""
        multipliers = view.ruleset.multipliers
        c = _choose_contract(view.hand.mask, bool(view.pushed), multipliers, self.threshold_for(view))
        return None if c == SCHIEBEN else _CONTRACTS[c]

    def play_card(self, view: RoundView) -> Card:
        """The card chosen by :func:`~jasslib.players.heuristics.choose_card`."""
        hand, legal, trick, contract, played, points = view_ints(view)
        if _np is not None:
            c = _choose_card(hand, legal, _np.asarray(trick, dtype=_np.int64), contract, played, points)
        else:
            c = _choose_card(hand, legal, trick, contract, played, points)
        return Card(int(c))

    def __repr__(self) -> str:
        return f"RuleBasedPlayer(threshold={self.threshold!r})"
