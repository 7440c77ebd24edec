"""jasslib: the Swiss card game Jass in its partnership form Schieber, exactly by the rules.

The rules are those of ``RULES.md`` (ids such as P4, W6, G3); the default preset
is :data:`CLASSIC`, the other :data:`MODERN`.

>>> from jasslib import Round, Contract
>>> r = Round.deal(seed=7)
>>> r.choose(Contract.HEARTS)
>>> while not r.done:
...     r.play(min(r.legal_cards()))
>>> sum(r.score().trick_points) in (157, 257)
True
"""

from __future__ import annotations

from . import display as _display  # noqa: F401  (attaches the notebooks' _repr_html_ hooks)
from ._lazy import lazy_names as _lazy_names
from .cards import STYLES, Card, CardSet, Rank, Suit
from .contracts import Contract
from .display import (
    card_back_html,
    card_html,
    cards_html,
    contest_html,
    declaration_html,
    hand_html,
    link_rules,
    round_html,
    score_sheet_html,
    table_html,
    trick_html,
)
from .errors import (
    BudgetError,
    CardNotInHandError,
    CardParseError,
    ClaimError,
    ContractError,
    DuplicateCardError,
    GameFormatError,
    HandSizeError,
    HintError,
    IllegalPlayError,
    ImpossibleViewError,
    JassError,
    OutOfTurnError,
    PhaseError,
    RoundFormatError,
)
from .game import Game, GameEnd
from .play import Verdict, check_play, is_legal, legal_cards, strongest_trump, trick_points, trick_winner
from .round import Phase, Round, RoundView, TrickRecord, deal_deck, deal_hands, shuffled_deck
from .rulebook import RULE_BOOK, RULE_ID_PATTERN, RULES, rule_title, rule_url
from .rulesets import CLASSIC, MODERN, Ruleset
from .scoring import (
    HAND_TOTAL,
    MATCH_BONUS,
    MATCH_TOTAL,
    HandScore,
    games_won,
    hand_score,
    is_schneider,
    judge_claim,
    race,
    revoke_score,
)
from .seats import Seat, Team
from .weis import (
    STOECK_POINTS,
    ContestResult,
    Declaration,
    Weis,
    announcements,
    best_declaration,
    compare_weis,
    contest,
    contest_hands,
    declarations,
    explain_comparison,
    find_weis,
    has_stoeck,
    stoeck_cards,
    stoeck_points,
)

__version__ = "0.1.0"

# Names whose modules need the optional packages (numpy, pandas, numba, ipywidgets): imported on first
# use, so ``import jasslib`` stays light and works with the standard library alone.
_LAZY: dict[str, str] = {
    "deal_batch": "fast",
    "simulate": "simulation", "iter_simulate": "simulation", "simulate_to_file": "simulation",
    "summarize": "simulation", "COLUMNS": "simulation", "hand_features": "simulation", "round_from_row": "simulation",
    "Player": "players", "RandomPlayer": "players", "RuleBasedPlayer": "players",
    "play_round": "players", "play_game": "players", "take_turn": "players", "SearchPlayer": "players",
    "LayoutSampler": "players.sampling",
    "Exercise": "exercises", "Feedback": "exercises", "Item": "exercises", "exercise": "exercises",
    "cheatsheet_html": "cheatsheet", "write_cheatsheet": "cheatsheet",
    "TOPICS": "exercises", "TOPIC_TITLES": "exercises", "Topic": "exercises", "register": "exercises",
    "Trainer": "widgets", "Tally": "widgets", "trainer": "widgets", "legal_cards_trainer": "widgets",
    "trick_trainer": "widgets", "weis_trainer": "widgets", "contest_trainer": "widgets",
    "stoeck_trainer": "widgets", "score_trainer": "widgets", "claim_trainer": "widgets", "RoundPlayer": "widgets",
    "GamePlayer": "widgets", "HintBox": "widgets", "ContractAdvisor": "widgets", "AdviceBox": "widgets",
    "advice_bars_html": "widgets", "deal_trainer": "widgets",
    "contract_trainer": "widgets",
    "announce_trainer": "widgets",
    "MistakesPanel": "widgets",
    "stoeck_timing_trainer": "widgets", "claim_check_trainer": "widgets", "revoke_trainer": "widgets",
    "schneider_trainer": "widgets", "play_trainer": "widgets", "ReviewTrainer": "widgets", "review_trainer": "widgets",
    "FinalCheck": "widgets", "final_check": "widgets", "TrainersPage": "widgets", "trainers_page": "widgets",
    "question": "widgets.questions", "questions": "widgets.questions",
    "Position": "solver", "Solution": "solver", "solve": "solver", "dd_points": "solver", "dd_batch": "solver",
    "progress_panel": "widgets.progress", "ProgressPanel": "widgets.progress", "Progress": "progress",
    "Question": "exercises.questions", "questions_for": "exercises.questions",
}


__getattr__, __dir__ = _lazy_names(__name__, _LAZY, globals())


__all__ = [
    "STYLES", "Card", "CardSet", "Rank", "Suit", "Contract", "Ruleset", "CLASSIC", "MODERN",
    "Seat", "Team",
    "Round", "Phase", "RoundView", "TrickRecord", "Game", "GameEnd", "deal_deck", "deal_hands", "shuffled_deck",
    "HandScore", "hand_score", "revoke_score", "judge_claim", "race", "games_won", "is_schneider",
    "HAND_TOTAL", "MATCH_BONUS", "MATCH_TOTAL",
    "Weis", "Declaration", "ContestResult", "find_weis", "declarations", "best_declaration", "contest",
    "contest_hands", "announcements", "compare_weis", "explain_comparison",
    "has_stoeck", "stoeck_cards", "stoeck_points", "STOECK_POINTS",
    "Verdict", "check_play", "is_legal", "legal_cards", "trick_points", "trick_winner", "strongest_trump",
    "JassError", "CardParseError", "DuplicateCardError", "HandSizeError", "CardNotInHandError",
    "OutOfTurnError", "IllegalPlayError", "ContractError", "PhaseError", "RoundFormatError", "GameFormatError",
    "ClaimError", "ImpossibleViewError", "BudgetError", "HintError",
    "card_html", "card_back_html", "cards_html", "hand_html", "trick_html", "table_html", "round_html",
    "declaration_html", "contest_html", "score_sheet_html", "link_rules",
    "RULES", "RULE_BOOK", "RULE_ID_PATTERN", "rule_url", "rule_title",
    *_LAZY,
]
