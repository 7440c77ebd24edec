"""Bad input at every public name of the outer layers too: generated from ``__all__``, so none is missed.

The names are every entry of ``__all__`` of :data:`MODULES` (``jasslib`` and its solver, analysis, DD tables,
progress, exercises and the widgets' constructors).  Each must have

- rows in :func:`outer_cases` below, or rows of the engine's table in ``test_edges.py`` (matched by the row's
  id, ``name(...)`` or ``name.method(...)``), or
- an exemption with its reason: in :data:`EXEMPT` by name, or by kind (a constant, an exception class, a
  function without parameters: nothing a user passes can be bad).

A new public name without either fails :func:`test_every_public_name_has_bad_input_rows`.  Every row must be
refused with its :class:`~jasslib.errors.JassError` subclass (never a raw ``TypeError``, ``KeyError`` ..., never
accepted), with a short message naming the thing, in under :data:`CPU_LIMIT` seconds of the calling thread's CPU
(the 0.1 s rule, measured so that a busy machine does not make it flaky; the wall clock is bounded too, which
catches a call that blocks, such as opening a FIFO), and with the state it acts on (a progress file, the
topic registry, a round) exactly as it was.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import json
import os
import pkgutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import test_edges
from casetable import check_cases

import jasslib
from jasslib import CLASSIC, CardSet, Contract, Game, Round, Seat
from jasslib.errors import (
    ArgumentError,
    BudgetError,
    CardParseError,
    DuplicateCardError,
    HandSizeError,
    HintError,
    IllegalPlayError,
    JassError,
    OutOfTurnError,
    PhaseError,
    RoundFormatError,
    excerpt,
)
from jasslib.progress import ProgressFileError, ProgressLocationError

for _module in pkgutil.walk_packages(jasslib.__path__, "jasslib."):  # every import done before any call is timed
    if _module.name != "jasslib.__main__":
        importlib.import_module(_module.name)

MODULES = ("jasslib", "jasslib.solver", "jasslib.analysis", "jasslib.ddtable", "jasslib.progress",
           "jasslib.exercises", "jasslib.widgets", "jasslib.simulation")
CPU_LIMIT = 0.1
"""CPU seconds a refusal may take (the rule: under 0.1 s)."""
WALL_LIMIT = 2.0
"""Wall seconds a refusal may take even on a loaded machine (a blocking call would take for ever)."""
MESSAGE_LIMIT = test_edges.MESSAGE_LIMIT

HUGE = "x" * 10_000_000
MILLION = list(range(1_000_000))
NAN, INF = float("nan"), float("inf")
ARABIC_3 = "٣"

# Exempt by name, with the reason.  Everything else needs rows.
EXEMPT: dict[str, str] = {
    # value types jasslib builds and returns; a user reads them, never builds them from input
    "RoundView": "a value jasslib returns (Round.view); not built from a user's input",
    "TrickRecord": "a value jasslib returns (Round.tricks)",
    "GameEnd": "a value jasslib returns (Game.end)",
    "Verdict": "a value jasslib returns (check_play); check_play checks the inputs",
    "Solution": "a value jasslib returns (solve); solve checks the position",
    "Judgement": "a value jasslib returns (judge); judge checks the position and every card",
    "Feedback": "a value jasslib returns (Exercise.check)",
    "Item": "a part of a Feedback, which jasslib returns",
    "Tally": "a trainer's counter, kept by the trainer itself",
    "WriteResult": "a value ddtable.write returns",
    "RuleCount": "a value ProgressRecord returns; the reader checks every count of a file",
    "Suggestion": "a value ProgressRecord.next_topic returns",
    "ClassTable": "a value merge_class returns; merge_class checks the files",
    "Draft": "a topic generator's return value (a NamedTuple of four texts)",
    "RuleScore": "a value score_by_rule returns",
    "Player": "a Protocol (the type of a player), not something to call",
    "Phase": "an enum without parsing: jasslib returns its members, nobody builds one from text",
    "Idea": "a part of a Hint, which jasslib returns (hint, idea_for); those check the position",
    "Hint": "a value jasslib returns (hint); hint checks the view and the budget",
    "PositionFacts": "a value jasslib returns (position_facts)",
    "Accuracy": "a value jasslib returns (own_view_accuracy)",
    "Advice": "a value jasslib returns (advise); advise checks the hand and the budget",
    "Outlook": "a part of an Advice, which jasslib returns",
    "QuestionProgress": "a value ProgressRecord returns; the reader checks every field of a file",
    "RoundsProgress": "a value ProgressRecord returns; the reader checks every field of a file",
    "RoundEntry": "a part of RoundsProgress, which ProgressRecord returns; the reader checks every field of a file",
    "JudgedCard": "a value jasslib returns (judge_own_view)",
    "LineComparison": "a value jasslib returns (compare_lines); compare_lines checks the round, trick and seat",
    "Answer": "a value MistakesLesson.click returns (what the lesson answered to a clicked card)",
    "NotebookQuestions": "a value ProgressRecord.notebook_questions returns",
}


def _exempt_by_kind(obj: object) -> str | None:
    """The reason a public name needs no rows, judged by what it is; None when it needs rows."""
    if isinstance(obj, type) and issubclass(obj, BaseException):
        return "an exception class"
    if not callable(obj):
        return "a constant (a value, not something to call)"
    if not isinstance(obj, type):
        try:
            if not inspect.signature(obj).parameters:
                return "a function without parameters: there is no input to get wrong"
        except (TypeError, ValueError):  # pragma: no cover - every public function has a signature
            return None
    return None


@dataclass(frozen=True)
class Bad:
    """One bad input: ``call()`` must raise ``error`` with each of ``words``; ``state()`` is unchanged."""

    id: str
    call: Callable[[], object]
    error: type[JassError]
    words: tuple[str, ...]
    state: Callable[[], object] | None = None


def bad(id: str, call: Callable[[], object], error: type[JassError], *words: str,
        state: Callable[[], object] | None = None) -> Bad:
    return Bad(id, call, error, words, state)


# ------------------------------------------------------------------ positions and files the rows act on
def _playing() -> Round:
    r = Round.deal(seed=1)
    r.choose(Contract.OBENABE)
    r.play(min(r.legal_cards()))
    return r


def _file_state(path: Path) -> object:
    """The progress file's bytes and the names beside it (a refused call writes nothing, leaves no temp file)."""
    names = sorted(os.listdir(path.parent)) if path.parent.is_dir() else []
    return (path.read_bytes() if path.is_file() else None, names)


def outer_cases(folder: Path) -> dict[str, list[Bad]]:
    """The rows, by public name.  ``folder``: an empty folder for the file rows (nothing is made before a call)."""
    from jasslib import analysis, ddtable, exercises, progress, simulation, solver, widgets
    from jasslib.exercises import base as exercise_base
    from jasslib.players import RandomPlayer, RuleBasedPlayer, play_game, play_round, take_turn

    store = folder / "progress.json"
    fifo = folder / "pipe.json"
    loop = folder / "loop.json"
    a_file = folder / "a-file"

    def setup() -> None:
        """The files the rows need: a record, a FIFO, a symlink loop, a plain file used as a folder."""
        progress.Progress(store).record("legal", True, right_rules=("P3",))
        if hasattr(os, "mkfifo") and not fifo.exists():
            os.mkfifo(fifo)
        if not loop.is_symlink():
            loop.symlink_to(loop.name)
        a_file.write_text("not a folder")

    setup()
    file_state = lambda: _file_state(store)  # noqa: E731
    registry = lambda: tuple(t.name for t in exercises.topics())  # noqa: E731
    r = _playing()
    round_state = lambda: (r.to_json(), r.hands, r.tricks_won)  # noqa: E731
    player = widgets.RoundPlayer(1, review_ahead=False)  # no solver thread at work beside the timed refusals
    hands = [h.mask for h in Round.deal(seed=2).hands]
    end = [CardSet.parse(t) for t in ("A♠", "K♠", "Q♠", "J♠")]  # one card each: eight tricks played
    ex = exercises.exercise("legal", seed=1)
    topic = exercise_base.get_topic("legal")
    sim = pd.DataFrame({"contract": ["obenabe"], "trick_points_0": [80], "match": [0], "score_0": [80],
                        "score_1": [77]})  # the shape of a simulation's frame, without playing one
    stored = progress.Progress(store)

    seeds_bad = [("Seat.S1", Seat.S1, CardParseError), ("True", True, CardParseError),
                 ("300 characters (one limit everywhere: 256)", "s" * 300, CardParseError),
                 ("lone surrogate", "\ud800", CardParseError), ("10 MB", HUGE, CardParseError),
                 ("1.5", 1.5, CardParseError)]
    counts_bad = [("Seat.S2", Seat.S2), ("True", True), ("2**70", 2**70), ("nan", NAN), ("inf", INF),
                  ("'٣'", ARABIC_3), ("-1", -1)]

    rows: dict[str, list[Bad]] = {}

    def add(name: str, *items: Bad) -> None:
        rows.setdefault(name, []).extend(items)

    # ---------------------------------------------------------------- jasslib: engine names not in test_edges
    add("deal_hands", bad("deal_hands(lone surrogate)", lambda: jasslib.deal_hands("\ud800"), CardParseError,
                          "seed"))
    add("Round", bad("Round.deal(lone surrogate)", lambda: Round.deal(seed="\ud800"), CardParseError, "seed"),
        bad("Round(seed that deals other hands)", lambda: Round(Round.deal(seed=1).hands, seed=2), ArgumentError,
            "seed"),
        bad("Round.from_json(seed and hands disagree)",
            lambda: Round.from_json(_with(Round.deal(seed=1).to_json(), seed=2)), RoundFormatError, "seed"),
        bad("Round.play(Seat) on a round in play", lambda: r.play(Seat.S1), CardParseError, "card",
            state=round_state))
    add("Game", bad("Game(lone surrogate)", lambda: Game(seed="\ud800"), CardParseError, "seed"),
        bad("Game(seed 300 characters)", lambda: Game(seed="s" * 300), CardParseError, "seed", "248"))
    add("CardSet", bad("CardSet(Seat.S1 list)", lambda: CardSet([Seat.S1]), CardParseError, "card"))
    add("Ruleset", bad("Ruleset.parse(Seat)", lambda: jasslib.Ruleset.parse(Seat.S1), CardParseError, "ruleset"))
    add("hand_score", bad("hand_score(tricks=Seat pair)", lambda: jasslib.hand_score((152, 0), (Seat.S1, 8), 0,
                                                                                        "♥"), JassError, "tricks"))
    add("Weis", bad("Weis(points=nan)", lambda: jasslib.Weis(jasslib.weis.WeisKind.SEQUENCE,
                                                             CardSet.parse("6♣ 7♣ 8♣"), NAN), JassError,  # type: ignore[arg-type]
                    "points"))
    add("Declaration", bad("Declaration(None)", lambda: jasslib.Declaration(None, Contract.HEARTS), JassError,  # type: ignore[arg-type]
                           "Weis"))
    add("link_rules", bad("link_rules(None)", lambda: jasslib.link_rules(None), ArgumentError, "text"),  # type: ignore[arg-type]
        bad("link_rules(base=5)", lambda: jasslib.link_rules("P4", 5), ArgumentError, "base"))  # type: ignore[arg-type]
    add("rule_url", bad("rule_url('Z9')", lambda: jasslib.rule_url("Z9"), JassError, "rule"),
        bad("rule_url(None)", lambda: jasslib.rule_url(None), JassError, "rule"))  # type: ignore[arg-type]
    add("rule_title", bad("rule_title(HUGE)", lambda: jasslib.rule_title(HUGE), JassError, "rule"))
    # display
    add("card_html", bad("card_html('Z♣')", lambda: jasslib.card_html("Z♣"), CardParseError, "card"),
        bad("card_html(style=fancy)", lambda: jasslib.card_html("A♣", "fancy"), CardParseError, "style"))
    add("card_back_html", bad("card_back_html(overlap=2**70)", lambda: jasslib.card_back_html(False, 2**70),
                              ArgumentError, "overlap"),
        bad("card_back_html(small='no')", lambda: jasslib.card_back_html("no"), ArgumentError, "small"))  # type: ignore[arg-type]
    add("cards_html", bad("cards_html(None)", lambda: jasslib.cards_html(None), CardParseError, "cards"),  # type: ignore[arg-type]
        bad("cards_html(million)", lambda: jasslib.cards_html(MILLION), CardParseError, "card"))
    add("hand_html", bad("hand_html(5)", lambda: jasslib.hand_html(5), CardParseError, "cards"),  # type: ignore[arg-type]
        bad("hand_html(style=1)", lambda: jasslib.hand_html(["A♣"], 1), CardParseError, "style"))  # type: ignore[arg-type]
    add("trick_html", bad("trick_html(None)", lambda: jasslib.trick_html(None), ArgumentError, "trick"),  # type: ignore[arg-type]
        bad("trick_html(seat 7)", lambda: jasslib.trick_html([(7, "A♣")]), CardParseError, "seat"))
    add("table_html", bad("table_html(None)", lambda: jasslib.table_html(None), ArgumentError, "Round"))  # type: ignore[arg-type]
    add("round_html", bad("round_html('x')", lambda: jasslib.round_html("x"), ArgumentError, "Round"))  # type: ignore[arg-type]
    add("declaration_html", bad("declaration_html(None)", lambda: jasslib.declaration_html(None), ArgumentError,  # type: ignore[arg-type]
                                "Declaration"))
    add("contest_html", bad("contest_html(5)", lambda: jasslib.contest_html(5), ArgumentError, "contest"))  # type: ignore[arg-type]
    add("score_sheet_html", bad("score_sheet_html(None)", lambda: jasslib.score_sheet_html(None), ArgumentError,  # type: ignore[arg-type]
                                "score"),
        bad("score_sheet_html([5])", lambda: jasslib.score_sheet_html([5]), ArgumentError, "HandScore"))  # type: ignore[list-item]
    # players
    add("RandomPlayer", bad("RandomPlayer(Seat)", lambda: RandomPlayer(Seat.S1), CardParseError, "seed"),
        bad("RandomPlayer(lone surrogate)", lambda: RandomPlayer("\ud800"), CardParseError, "seed"))
    add("RuleBasedPlayer", bad("RuleBasedPlayer(nan)", lambda: RuleBasedPlayer(NAN), ArgumentError, "threshold"),
        bad("RuleBasedPlayer('x')", lambda: RuleBasedPlayer("x"), ArgumentError, "threshold"))  # type: ignore[arg-type]
    add("play_round", bad("play_round(None)", lambda: play_round(None, [RandomPlayer(1)] * 4), ArgumentError,  # type: ignore[arg-type]
                          "Round"),
        bad("play_round(3 players)", lambda: play_round(Round.deal(seed=1), [RandomPlayer(1)] * 3), ArgumentError,
            "four"))
    add("play_game", bad("play_game('x')", lambda: play_game("x", [RandomPlayer(1)] * 4), ArgumentError, "Game"),  # type: ignore[arg-type]
        bad("play_game(players=None)", lambda: play_game(Game(seed=1), None), ArgumentError, "players"))  # type: ignore[arg-type]
    add("take_turn", bad("take_turn(5)", lambda: take_turn(5, [None] * 4), ArgumentError, "Round"))  # type: ignore[arg-type]
    # simulation
    for label, value in counts_bad:
        add("simulate", bad(f"simulate(rounds={label})", lambda v=value: simulation.simulate(v, progress=False),
                            ArgumentError, "rounds"))
        add("iter_simulate", bad(f"iter_simulate(rounds={label})",
                                 lambda v=value: simulation.iter_simulate(v, progress=False), ArgumentError, "rounds"))
    for label, value, error in seeds_bad:
        add("simulate", bad(f"simulate(seed={label})", lambda v=value: simulation.simulate(3, seed=v,
                                                                                           progress=False),
                            error, "seed"))
    add("simulate", bad("simulate(players=5)", lambda: simulation.simulate(3, players=5), ArgumentError, "players"),  # type: ignore[arg-type]
        bad("simulate(contract=Seat)", lambda: simulation.simulate(3, contract=Seat.S1), ArgumentError, "contract"),
        bad("simulate(progress='no')", lambda: simulation.simulate(3, progress="no"), ArgumentError, "progress"),  # type: ignore[arg-type]
        bad("simulate(backend=x)", lambda: simulation.simulate(3, backend="x"), ArgumentError, "backend"),
        bad("simulate(chunk_size=0)", lambda: simulation.simulate(3, chunk_size=0), ArgumentError, "chunk_size"))
    add("iter_simulate", bad("iter_simulate(chunk_size=2**70)",
                             lambda: simulation.iter_simulate(3, chunk_size=2**70), ArgumentError, "chunk_size"))
    for label, value in [("0", 0), ("301", 301), ("True", True), ("'5'", "5"), ("2.5", 2.5)]:
        add("search_sample", bad(f"search_sample({label})", lambda v=value: simulation.search_sample(v),
                                 ArgumentError, "rounds"))
    for label, value in [("'x'", "x"), ("-1", -1), ("2**70", 2**70), ("nan", NAN)]:
        add("chunk_frame", bad(f"chunk_frame(start={label})", lambda v=value: simulation.chunk_frame(v, 2),
                               ArgumentError, "start"))
    add("chunk_frame", bad("chunk_frame(count=-1)", lambda: simulation.chunk_frame(0, -1), ArgumentError, "count"),
        bad("chunk_frame(players=x)", lambda: simulation.chunk_frame(0, 2, players="x"), ArgumentError, "players"))
    add("simulate_to_file",
        bad("simulate_to_file(rounds=10**30)", lambda: simulation.simulate_to_file(folder / "s.csv", 10**30),
            ArgumentError, "rounds", state=lambda: sorted(os.listdir(folder))),
        bad("simulate_to_file(x.txt)", lambda: simulation.simulate_to_file(folder / "s.txt", 3), ArgumentError,
            ".csv"))
    for label, value in [("'٣'", ARABIC_3), ("2**70", 2**70), ("Seat", Seat.S1), ("nan", NAN), ("-1", -1)]:
        add("deal_batch", bad(f"deal_batch(start={label})", lambda v=value: jasslib.deal_batch(1, v, 3),
                              ArgumentError, "start"),
            bad(f"deal_batch(count={label})", lambda v=value: jasslib.deal_batch(1, 0, v), ArgumentError, "count"))
    add("deal_batch", bad("deal_batch(seed=lone surrogate)", lambda: jasslib.deal_batch("\ud800", 0, 1),
                          CardParseError, "seed"),
        bad("deal_batch(seed=2**64)", lambda: jasslib.deal_batch(2**64, 0, 1), CardParseError, "seed"))
    add("summarize", bad("summarize(None)", lambda: jasslib.summarize(None), ArgumentError, "frame"),  # type: ignore[arg-type]
        bad("summarize(empty dict)", lambda: jasslib.summarize({}), ArgumentError, "frame"))  # type: ignore[arg-type]
    add("hand_features", bad("hand_features(None)", lambda: jasslib.hand_features(None), HandSizeError, "hand"),  # type: ignore[arg-type]
        bad("hand_features(text)", lambda: jasslib.hand_features("x"), HandSizeError, "hand"))  # type: ignore[arg-type]
    add("round_from_row", bad("round_from_row(None)", lambda: jasslib.round_from_row(None), ArgumentError, "row"),  # type: ignore[arg-type]
        bad("round_from_row({})", lambda: jasslib.round_from_row({}), ArgumentError, "row"))
    # cheat sheet
    add("cheatsheet_html", bad("cheatsheet_html(5)", lambda: jasslib.cheatsheet_html(5), CardParseError, "ruleset"))  # type: ignore[arg-type]
    add("write_cheatsheet", bad("write_cheatsheet(x.txt)", lambda: jasslib.write_cheatsheet(folder / "c.txt"),
                                ArgumentError, ".html"),
        bad("write_cheatsheet(None)", lambda: jasslib.write_cheatsheet(None), ArgumentError, "file"))  # type: ignore[arg-type]

    # ---------------------------------------------------------------- exercises
    for label, value, error in seeds_bad:
        add("exercise", bad(f"exercise(seed={label})", lambda v=value: exercises.exercise("legal", v), error, "seed"))
        add("mixed_exercise", bad(f"mixed_exercise(seed={label})", lambda v=value: exercises.mixed_exercise(v, 0),
                                  error, "seed"))
    for label, value in counts_bad:
        add("exercise", bad(f"exercise(number={label})", lambda v=value: exercises.exercise("legal", 1, v),
                            ArgumentError, "number"),
            bad(f"exercise(level={label})", lambda v=value: exercises.exercise("legal", 1, 0, level=v),
                ArgumentError, "level"))
        add("exercises", bad(f"exercises(count={label})", lambda v=value: exercises.exercises("legal", 1, v),
                             ArgumentError, "count"))
        add("mixed", bad(f"mixed(count={label})", lambda v=value: exercises.mixed(1, None, v), ArgumentError, "count"))
        add("final_check_exercises", bad(f"final_check_exercises(count={label})",
                                         lambda v=value: exercises.final_check_exercises(1, None, v), ArgumentError,
                                         "count"))
        add("mixed_exercise", bad(f"mixed_exercise(number={label})", lambda v=value: exercises.mixed_exercise(1, v),
                                  ArgumentError, "number"))
    add("exercise", bad("exercise('poker')", lambda: exercises.exercise("poker"), ArgumentError, "topic"),
        bad("exercise(None)", lambda: exercises.exercise(None), ArgumentError, "topic"))  # type: ignore[arg-type]
    add("mixed", bad("mixed(topics=5)", lambda: exercises.mixed(1, 5), ArgumentError, "topic"),  # type: ignore[arg-type]
        bad("mixed(topics=[])", lambda: exercises.mixed(1, []), ArgumentError, "topic"))
    add("course_topics", bad("course_topics('poker')", lambda: exercises.course_topics("poker"), ArgumentError,
                             "topic"),
        bad("course_topics(5)", lambda: exercises.course_topics(5), ArgumentError, "topic"))  # type: ignore[arg-type]
    add("get_topic", bad("get_topic(HUGE)", lambda: exercises.get_topic(HUGE), ArgumentError, "topic"))
    add("unregister", bad("unregister('poker')", lambda: exercises.unregister("poker"), ArgumentError, "topic",
                          state=registry))
    add("register", bad("register('legal')", lambda: exercises.register("legal"), ArgumentError, "Topic",  # type: ignore[arg-type]
                        state=registry),
        bad("register(a topic again)", lambda: exercises.register(topic), ArgumentError, "already", state=registry))
    add("Topic", bad("Topic(name='')", lambda: exercise_base.Topic("", "t", "cards", ("P1",), {"a": 1},
                                                                   topic.generate, topic.check, topic.text,
                                                                   topic.html, "i"),
                     ArgumentError, "name"))
    # Exercise.check reads a learner's answer: an unreadable one gets Feedback saying so, which
    # test_exercise_check_answers_an_unreadable_response_with_feedback checks; its other input is a style
    add("Exercise", bad("Exercise.position_html(style=fancy)", lambda: ex.position_html("fancy"), JassError,
                        "style"))
    add("score_by_rule", bad("score_by_rule(None)", lambda: exercises.score_by_rule(None), ArgumentError, "answers"),  # type: ignore[arg-type]
        bad("score_by_rule([5])", lambda: exercises.score_by_rule([5]), ArgumentError, "Exercise"))  # type: ignore[list-item]
    add("rules_judged", bad("rules_judged(None)", lambda: exercises.rules_judged(None, None), ArgumentError,  # type: ignore[arg-type]
                            "Exercise"))
    add("Question", bad("Question(id='x')", lambda: jasslib.Question("x", "p", "yes_no", True, "P1", ("P1",)),
                        ArgumentError, "id"))
    add("questions_for", bad("questions_for(Seat.S1)", lambda: jasslib.questions_for(Seat.S1), ArgumentError,
                             "notebook"),
        bad("questions_for('٣')", lambda: jasslib.questions_for(ARABIC_3), ArgumentError, "notebook"),
        bad("questions_for(HUGE)", lambda: jasslib.questions_for(HUGE), ArgumentError, "notebook"))

    # ---------------------------------------------------------------- widgets (constructors)
    for name in ("legal_cards_trainer", "trick_trainer", "weis_trainer", "contest_trainer", "stoeck_trainer",
                 "score_trainer", "claim_trainer", "deal_trainer", "contract_trainer", "announce_trainer",
                 "stoeck_timing_trainer", "claim_check_trainer", "revoke_trainer", "schneider_trainer",
                 "play_trainer"):
        make = getattr(widgets, name)
        add(name, bad(f"{name}(seed=Seat.S1)", lambda m=make: m(Seat.S1), CardParseError, "seed"),
            bad(f"{name}(number=2**70)", lambda m=make: m(1, 2**70), ArgumentError, "number"),
            bad(f"{name}(style=fancy)", lambda m=make: m(1, 0, style="fancy"), ArgumentError, "style"))
    add("trainer", bad("trainer('poker')", lambda: widgets.trainer("poker"), ArgumentError, "topic"),
        bad("trainer(seed=Seat)", lambda: widgets.trainer("legal", Seat.S1), CardParseError, "seed"),
        bad("trainer(seed lone surrogate)", lambda: widgets.trainer("legal", "\ud800"), JassError, "seed"),
        bad("trainer(level=Seat)", lambda: widgets.trainer("legal", level=Seat.S1), ArgumentError, "level"),
        bad("trainer(progress=5)", lambda: widgets.trainer("legal", progress=5), ArgumentError, "progress"))  # type: ignore[arg-type]
    add("Trainer", bad("Trainer(number=True)", lambda: widgets.Trainer("legal", 1, True), ArgumentError, "number"),
        bad("Trainer(ruleset=Seat)", lambda: widgets.Trainer("legal", ruleset=Seat.S1), CardParseError, "ruleset"))
    add("ReviewTrainer", bad("ReviewTrainer(topics=5)", lambda: widgets.ReviewTrainer(5), ArgumentError, "topic"))  # type: ignore[arg-type]
    add("review_trainer", bad("review_trainer(number=nan)", lambda: widgets.review_trainer(None, 1, NAN),
                              ArgumentError, "number"))
    add("FinalCheck", bad("FinalCheck(count=2**70)", lambda: widgets.FinalCheck(1, None, 2**70), ArgumentError,
                          "count"),
        bad("FinalCheck(count=Seat)", lambda: widgets.FinalCheck(1, None, Seat.S2), ArgumentError, "count"))
    add("final_check", bad("final_check(count=inf)", lambda: widgets.final_check(1, None, INF), ArgumentError,
                           "count"))
    add("RoundPlayer", bad("RoundPlayer(hints='no')", lambda: widgets.RoundPlayer(hints="no"), ArgumentError,  # type: ignore[arg-type]
                           "hints"),
        bad("RoundPlayer(seed=Seat)", lambda: widgets.RoundPlayer(Seat.S1), CardParseError, "seed"),
        bad("RoundPlayer(seat=4)", lambda: widgets.RoundPlayer(1, 4), CardParseError, "seat"),
        bad("RoundPlayer(bots=[1])", lambda: widgets.RoundPlayer(1, bots=[1]), ArgumentError, "bots"),  # type: ignore[list-item]
        bad("RoundPlayer(review_ahead='yes')", lambda: widgets.RoundPlayer(1, review_ahead="yes"), ArgumentError,  # type: ignore[arg-type]
            "review_ahead"),
        bad("RoundPlayer.review(from_trick=10)", lambda: player.review(10), ArgumentError, "from_trick", "O1",
            state=lambda: (player.last_review, player.review_output.value)),
        bad("RoundPlayer.review(from_trick='1')", lambda: player.review("1"), ArgumentError, "from_trick",  # type: ignore[arg-type]
            state=lambda: (player.last_review, player.review_output.value)))
    add("question", bad("question('99.1')", lambda: jasslib.question("99.1"), ArgumentError, "notebook"),
        bad("question(None)", lambda: jasslib.question(None), ArgumentError, "question"))  # type: ignore[arg-type]
    add("questions", bad("questions(Seat.S1)", lambda: jasslib.questions(Seat.S1), ArgumentError, "notebook"),
        bad("questions(3, style=fancy)", lambda: jasslib.questions(3, "fancy"), ArgumentError, "style"))
    add("progress_panel", bad("progress_panel(5)", lambda: jasslib.progress_panel(5), ArgumentError, "progress"))  # type: ignore[arg-type]
    # a progress file that cannot be used is shown in the panel (never a traceback): see
    # test_the_progress_panel_shows_a_file_it_cannot_use; a wrong argument is the caller's mistake
    add("ProgressPanel", bad("ProgressPanel(5)", lambda: jasslib.ProgressPanel(5), ArgumentError, "progress"),  # type: ignore[arg-type]
        bad("ProgressPanel(style=fancy)", lambda: jasslib.ProgressPanel(False, "fancy"), ArgumentError, "style"))

    # ---------------------------------------------------------------- solver
    add("Position",
        bad("Position(one card each, (0, 0) tricks)", lambda: solver.Position(end, (), 0, "obenabe"), HandSizeError,
            "tricks_won", "8"),
        bad("Position(tricks_won=('3', '4'))", lambda: solver.Position(end, (), 0, "obenabe", tricks_won=("3", "4")),
            HandSizeError, "tricks_won"),
        bad("Position(tricks_won=(1.9, 0))", lambda: solver.Position(end, (), 0, "obenabe", tricks_won=(1.9, 0)),
            HandSizeError, "tricks_won"),
        bad("Position(tricks_won=(True, False))",
            lambda: solver.Position(end, (), 0, "obenabe", tricks_won=(True, False)), HandSizeError, "tricks_won"),
        bad("Position(hands=None)", lambda: solver.Position(None, (), 0, "obenabe"), HandSizeError, "hands"),  # type: ignore[arg-type]
        bad("Position(hands=iterator)", lambda: solver.Position(iter(end), (), 0, "obenabe"), HandSizeError,  # type: ignore[arg-type]
            "hands"),
        bad("Position(hands=million)", lambda: solver.Position(MILLION, (), 0, "obenabe"), HandSizeError, "hands"),  # type: ignore[arg-type]
        bad("Position(trick=5)", lambda: solver.Position(end, 5, 0, "obenabe"), CardParseError, "trick"),  # type: ignore[arg-type]
        bad("Position(trick=HUGE)", lambda: solver.Position(end, HUGE, 0, "obenabe"), CardParseError, "card"),  # type: ignore[arg-type]
        bad("Position.deal(None)", lambda: solver.Position.deal(None, "obenabe"), HandSizeError, "hands"))  # type: ignore[arg-type]
    add("solve", bad("solve(None)", lambda: solver.solve(None), PhaseError, "Position"),  # type: ignore[arg-type]
        bad("solve(a round before the contract)", lambda: solver.solve(Round.deal(seed=1)), PhaseError, "contract"))
    add("value", bad("value({})", lambda: solver.value({}), PhaseError, "Position"))  # type: ignore[arg-type]
    four = solver.Position([CardSet.parse(t) for t in ("A♠ 6♥", "K♠ 7♥", "Q♠ 8♥", "J♠ 9♥")], (), 0, "obenabe",
                           tricks_won=(4, 3))
    add("judge", bad("judge(None, [])", lambda: solver.judge(None, []), PhaseError, "Position"),  # type: ignore[arg-type]
        bad("judge(pos, 'A♠')", lambda: solver.judge(four, "A♠"), CardParseError, "in a list"),
        bad("judge(pos, [A♠, 7♥])", lambda: solver.judge(four, ["A♠", "7♥"]), IllegalPlayError, "P2"),
        bad("judge(pos, [K♠])", lambda: solver.judge(four, ["K♠"]), OutOfTurnError, "seat 1"),
        bad("judge(pos, [X])", lambda: solver.judge(four, ["X♠"]), CardParseError, "X"),
        bad("judge(pos, million)", lambda: solver.judge(four, MILLION), CardParseError, "card"))
    add("dd_points", bad("dd_points(None)", lambda: solver.dd_points(None, "obenabe"), HandSizeError, "hands"),  # type: ignore[arg-type]
        bad("dd_points(contract=Seat)", lambda: solver.dd_points(hands, Seat.S1), CardParseError, "contract"))
    add("dd_batch", bad("dd_batch(None)", lambda: solver.dd_batch(None), HandSizeError, "hands"),  # type: ignore[arg-type]
        bad("dd_batch(contracts=5)", lambda: solver.dd_batch(np.array([hands]), contracts=5), CardParseError,  # type: ignore[arg-type]
            "contracts"),
        bad("dd_batch(forehand=4)", lambda: solver.dd_batch(np.array([hands]), forehand=4), CardParseError, "seat"))

    # ---------------------------------------------------------------- DD tables
    add("contract_list", bad("contract_list(5.5)", lambda: ddtable.contract_list(5.5), ArgumentError, "contracts"),
        bad("contract_list(million)", lambda: ddtable.contract_list(MILLION), ArgumentError, "contracts"))
    for label, value in counts_bad:
        add("dd_frame", bad(f"dd_frame(start={label})", lambda v=value: ddtable.dd_frame(1, v, 1), ArgumentError,
                            "start"),
            bad(f"dd_frame(count={label})", lambda v=value: ddtable.dd_frame(1, 0, v), ArgumentError, "count"))
        add("compute", bad(f"compute(deals={label})", lambda v=value: ddtable.compute(v), ArgumentError, "deals"))
        add("sample", bad(f"sample({label})", lambda v=value: ddtable.sample(v), ArgumentError, "deals"))
        add("estimated_seconds", bad(f"estimated_seconds({label})", lambda v=value: ddtable.estimated_seconds(v),
                                     ArgumentError, "deals"))
        add("chunk_size_for", bad(f"chunk_size_for({label})", lambda v=value: ddtable.chunk_size_for(v),
                                  ArgumentError, "deals"))
        add("sample_notrump", bad(f"sample_notrump({label})", lambda v=value: ddtable.sample_notrump(v),
                                  ArgumentError, "deals"))
    add("estimated_seconds", bad("estimated_seconds(contracts='trumps')",
                                 lambda: ddtable.estimated_seconds(10, "trumps"), CardParseError, "trumps"))
    add("chunk_size_for", bad("chunk_size_for(contracts=[])", lambda: ddtable.chunk_size_for(10, []), ArgumentError,
                              "contract"))
    add("compute", bad("compute(workers=1000000)", lambda: ddtable.compute(10, workers=1_000_000), ArgumentError,
                       "workers"),
        bad("compute(chunk_size=2**70)", lambda: ddtable.compute(10, chunk_size=2**70), ArgumentError, "chunk"))
    add("write", bad("write(workers=1000000)", lambda: ddtable.write(folder / "d.parquet", 10, workers=1_000_000),
                     ArgumentError, "workers", state=lambda: sorted(os.listdir(folder))),
        bad("write(deals=10**30)", lambda: ddtable.write(folder / "d.parquet", 10**30), ArgumentError, "deals",
            state=lambda: sorted(os.listdir(folder))))
    add("parts_folder", bad("parts_folder(None)", lambda: ddtable.parts_folder(None), ArgumentError, "path"))  # type: ignore[arg-type]
    add("solved_contracts", bad("solved_contracts(None)", lambda: ddtable.solved_contracts(None), ArgumentError,  # type: ignore[arg-type]
                                "table"))
    add("summary", bad("summary('x')", lambda: ddtable.summary("x"), ArgumentError, "table"),  # type: ignore[arg-type]
        bad("summary(None)", lambda: ddtable.summary(None), ArgumentError, "table"),  # type: ignore[arg-type]
        bad("summary(a simulation frame)", lambda: ddtable.summary(sim), ArgumentError, "dd_"))

    # ---------------------------------------------------------------- progress
    add("Progress", bad("Progress(FIFO)", lambda: progress.Progress(fifo), ProgressLocationError, "regular file"),
        bad("Progress(symlink loop)", lambda: progress.Progress(loop), ProgressLocationError, "loop"),
        bad("Progress(NUL in path)", lambda: progress.Progress("a\x00b.json"), ProgressLocationError, "NUL"),
        bad("Progress(a file as the folder)", lambda: progress.Progress(a_file / "p.json"), ProgressLocationError,
            "folder"),
        bad("Progress(5)", lambda: progress.Progress(5), ProgressLocationError, "path"),  # type: ignore[arg-type]
        bad("Progress.record(level=101)", lambda: stored.record("legal", True, level=101), ArgumentError, "level",
            state=file_state),
        bad("Progress.record(rule '')", lambda: stored.record("legal", True, right_rules=("",)), ArgumentError,
            "rule", state=file_state),
        bad("Progress.record(rule of 65)", lambda: stored.record("legal", True, wrong_rules=("P" * 65,)),
            ArgumentError, "rule", state=file_state),
        bad("Progress.record(correct='False')", lambda: stored.record("legal", "False"), ArgumentError, "correct",  # type: ignore[arg-type]
            state=file_state),
        bad("Progress.record(hint='no')", lambda: stored.record("legal", True, hint="no"), ArgumentError, "hint",  # type: ignore[arg-type]
            state=file_state),
        bad("Progress.record(topic='')", lambda: stored.record("", True), ArgumentError, "topic", state=file_state),
        bad("Progress.save(a record the reader refuses)",
            lambda: stored.save(progress.ProgressRecord(topics=(progress.TopicProgress("legal", level=101),))),
            ArgumentError, "level", state=file_state),
        bad("Progress.set_learner(HUGE)", lambda: stored.set_learner(HUGE), ArgumentError, "name", state=file_state))
    add("ProgressRecord", bad("ProgressRecord.with_result(level=Seat)",
                              lambda: progress.ProgressRecord().with_result("legal", True, level=Seat.S1),
                              ArgumentError, "level"),
        bad("ProgressRecord.with_result('legal', 'False')",
            lambda: progress.ProgressRecord().with_result("legal", "False"), ArgumentError, "correct"),  # type: ignore[arg-type]
        bad("ProgressRecord.with_answer('04.2', 'yes')",
            lambda: progress.ProgressRecord().with_answer("04.2", "yes"), ArgumentError, "correct"),  # type: ignore[arg-type]
        bad("ProgressRecord.with_result(right_rules='P3')",
            lambda: progress.ProgressRecord().with_result("legal", True, right_rules="P3"), ArgumentError, "rule"),
        bad("ProgressRecord.from_dict(None)", lambda: progress.ProgressRecord.from_dict(None, "x"),
            ProgressFileError, "progress"))
    add("TopicProgress", bad("TopicProgress.rate of a record read back", lambda: progress.ProgressRecord.from_dict(
        {"format": progress.FORMAT, "topics": {"legal": {"done": "x"}}}, "f.json"), ProgressFileError, "done"))
    big = folder / "big.json"
    big.write_text('{"format": "jasslib.progress/1", "topics": {"legal": {"done": ' + "1" * 5000 + "}}}")
    add("read_progress", bad("read_progress(FIFO)", lambda: progress.read_progress(fifo), ProgressFileError,
                             "regular file"),
        bad("read_progress(symlink loop)", lambda: progress.read_progress(loop), ProgressFileError, "loop"),
        bad("read_progress(NUL)", lambda: progress.read_progress("a\x00b"), ProgressFileError, "NUL"),
        bad("read_progress(a file as the folder)", lambda: progress.read_progress(a_file / "p.json"),
            ProgressFileError, "not exist"),
        bad("read_progress(5,000 digits)", lambda: progress.read_progress(big), ProgressFileError, "number"),
        bad("read_progress(None)", lambda: progress.read_progress(None), ProgressFileError, "path"))  # type: ignore[arg-type]
    add("jasslib_checkout", bad("jasslib_checkout(symlink loop)", lambda: progress.jasslib_checkout(loop),
                                ProgressLocationError, "loop"),
        bad("jasslib_checkout(NUL)", lambda: progress.jasslib_checkout("a\x00"), ProgressLocationError, "NUL"))
    add("check_location", bad("check_location(FIFO)", lambda: progress.check_location(fifo), ProgressLocationError,
                              "regular file"),
        bad("check_location(None)", lambda: progress.check_location(None), ProgressLocationError, "path"))  # type: ignore[arg-type]
    add("open_progress", bad("open_progress(5)", lambda: progress.open_progress(5), ArgumentError, "progress"),  # type: ignore[arg-type]
        bad("open_progress(FIFO)", lambda: progress.open_progress(fifo), ProgressLocationError, "regular file"))
    add("trainer_progress", bad("trainer_progress([])", lambda: progress.trainer_progress([]), ArgumentError,  # type: ignore[arg-type]
                                "progress"))
    add("save_attempt", bad("save_attempt(store=5)", lambda: progress.save_attempt(5, None), ArgumentError,  # type: ignore[arg-type]
                            "Progress"))
    add("export_progress", bad("export_progress(x.txt)", lambda: progress.export_progress(folder / "e.txt", store),
                               ArgumentError, ".json", state=file_state),
        bad("export_progress(None)", lambda: progress.export_progress(None, store), ArgumentError,  # type: ignore[arg-type]
            "path", state=file_state),
        bad("export_progress(NUL)", lambda: progress.export_progress("e\x00.json", store), ArgumentError, "NUL",
            state=file_state),
        bad("export_progress(name=HUGE)", lambda: progress.export_progress(folder / "e.json", store, HUGE),
            ArgumentError, "name", state=lambda: sorted(os.listdir(folder))))
    add("merge_class", bad("merge_class('abc')", lambda: progress.merge_class("abc"), ArgumentError, "list"),
        bad("merge_class([5])", lambda: progress.merge_class([5]), ArgumentError, "path"),  # type: ignore[list-item]
        bad("merge_class(None)", lambda: progress.merge_class(None), ArgumentError, "list"))  # type: ignore[arg-type]
    add("write_class_table", bad("write_class_table('abc')",
                                 lambda: progress.write_class_table("abc", folder / "c.csv"), ArgumentError, "list",
                                 state=lambda: sorted(os.listdir(folder))))
    add("class_csv", bad("class_csv(None)", lambda: progress.class_csv(None), ArgumentError, "ClassTable"))  # type: ignore[arg-type]
    add("class_html", bad("class_html('x')", lambda: progress.class_html("x"), ArgumentError, "ClassTable"))  # type: ignore[arg-type]
    add("write_atomically", bad("write_atomically(text=5)", lambda: progress.write_atomically(folder / "w.txt", 5),  # type: ignore[arg-type]
                                ArgumentError, "text", state=lambda: sorted(os.listdir(folder))))

    # ---------------------------------------------------------------- analysis
    rnd = _playing()
    add("review", bad("review('x')", lambda: analysis.review("x"), ArgumentError, "Round"),  # type: ignore[arg-type]
        bad("review(from_trick=Seat)", lambda: analysis.review(rnd, Seat.S1), ArgumentError, "from_trick"),
        bad("review(a round before the contract)", lambda: analysis.review(Round.deal(seed=1)), PhaseError,
            "contract"))
    live = analysis.LiveReview(rnd)
    live_state = lambda: (live.judged, repr(live), rnd.to_json())  # noqa: E731
    add("LiveReview", bad("LiveReview('x')", lambda: analysis.LiveReview("x"), ArgumentError, "Round"),  # type: ignore[arg-type]
        bad("LiveReview.update(from_trick=0)", lambda: live.update(0), ArgumentError, "from_trick", "O1",
            state=live_state),
        bad("LiveReview.table(from_trick=True)", lambda: live.table(True), ArgumentError, "from_trick",
            state=live_state),
        bad("LiveReview.table(timeout=-1)", lambda: live.table(1, -1), ArgumentError, "timeout", state=live_state),
        bad("LiveReview.table(timeout='1')", lambda: live.table(1, "1"), ArgumentError, "timeout",  # type: ignore[arg-type]
            state=live_state),
        bad("LiveReview(a round before the contract).table()",
            lambda: analysis.LiveReview(Round.deal(seed=1)).table(), PhaseError, "contract"),
        bad("LiveReview.lines(trick=0)", lambda: live.lines(0, 0), ArgumentError, "trick", "O1", state=live_state),
        bad("LiveReview.lines(seat=4)", lambda: live.lines(1, 4), CardParseError, "seat", state=live_state),
        bad("LiveReview.lines(a trick not played yet)", lambda: live.lines(9, 0), ArgumentError, "not played",
            state=live_state),
        bad("LiveReview(a round before the contract).lines()",
            lambda: analysis.LiveReview(Round.deal(seed=1)).lines(1, 0), PhaseError, "contract"))
    add("review_totals", bad("review_totals(None)", lambda: analysis.review_totals(None), ArgumentError, "table"))  # type: ignore[arg-type]
    add("longest_run", bad("longest_run('9')", lambda: analysis.longest_run("9"), ArgumentError, "pattern"),  # type: ignore[arg-type]
        bad("longest_run(2**70)", lambda: analysis.longest_run(2**70), ArgumentError, "pattern"))
    add("count_hands", bad("count_hands(max_run=Seat)", lambda: analysis.count_hands(Seat.S1), ArgumentError,
                           "max_run"),
        bad("count_hands(four_of=None)", lambda: analysis.count_hands(None, None), ArgumentError, "four_of"))  # type: ignore[arg-type]
    add("p_holds", bad("p_holds('2')", lambda: analysis.p_holds("2"), ArgumentError, "cards"),  # type: ignore[arg-type]
        bad("p_holds(37)", lambda: analysis.p_holds(37), ArgumentError, "cards"),
        bad("p_holds(True)", lambda: analysis.p_holds(True), ArgumentError, "cards"))
    add("p_sequence_at_least", bad("p_sequence_at_least(nan)", lambda: analysis.p_sequence_at_least(NAN),  # type: ignore[arg-type]
                                   ArgumentError, "length"),
        bad("p_sequence_at_least(37)", lambda: analysis.p_sequence_at_least(37), ArgumentError, "length"))
    add("p_longest_sequence", bad("p_longest_sequence('3')", lambda: analysis.p_longest_sequence("3"),  # type: ignore[arg-type]
                                  ArgumentError, "length"))
    add("p_four_of_a_kind", bad("p_four_of_a_kind(None)", lambda: analysis.p_four_of_a_kind(None), ArgumentError,  # type: ignore[arg-type]
                                "ranks"),
        bad("p_four_of_a_kind([9])", lambda: analysis.p_four_of_a_kind([9]), ArgumentError, "rank"))
    for name in ("p_any_weis", "weis_ranks", "exact_weis_table"):
        ruleset_of = getattr(analysis, name)
        add(name, bad(f"{name}(5)", lambda f=ruleset_of: f(5), CardParseError, "ruleset"))
    add("weis_events", bad("weis_events(None)", lambda: analysis.weis_events(None), ArgumentError, "masks"),  # type: ignore[arg-type]
        bad("weis_events(['x'])", lambda: analysis.weis_events(["x"]), ArgumentError, "mask"))  # type: ignore[list-item]
    add("weis_check", bad("weis_check(None)", lambda: analysis.weis_check(None), ArgumentError, "hands"))  # type: ignore[arg-type]
    for name in ("best_contracts", "raw_vs_multiplied", "tip_puur_naell", "tip_summary", "dd_vs_rule",
                 "dd_scores", "dd_best", "feature_fit", "tip_schieben", "tip_obenabe", "tip_weis"):
        f = getattr(analysis, name)
        extra = (sim,) if name == "dd_vs_rule" else ()
        add(name, bad(f"{name}(None)", lambda f=f, e=extra: f(None, *e), ArgumentError, "frame"),
            bad(f"{name}('x')", lambda f=f, e=extra: f("x", *e), ArgumentError, "frame"))
    add("schieben_table", bad("schieben_table(None, None)", lambda: analysis.schieben_table(None, None),  # type: ignore[arg-type]
                              ArgumentError, "frame"))
    add("compare_summaries", bad("compare_summaries(None)", lambda: analysis.compare_summaries(None), ArgumentError,  # type: ignore[arg-type]
                                 "frames"),
        bad("compare_summaries({'a': 5})", lambda: analysis.compare_summaries({"a": 5}), ArgumentError, "frame"))  # type: ignore[dict-item]
    add("compare_rulesets",
        bad("compare_rulesets(5)", lambda: analysis.compare_rulesets(5), CardParseError, "ruleset"),  # type: ignore[arg-type]
        bad("compare_rulesets('classik')", lambda: analysis.compare_rulesets("classik"), CardParseError,
            "classik", "classic"),
        bad("compare_rulesets(9 rulesets)", lambda: analysis.compare_rulesets(*["classic"] * 9), ArgumentError,
            "1 to 8"),
        bad("compare_rulesets(a name twice)", lambda: analysis.compare_rulesets("classic", CLASSIC), ArgumentError,
            "'classic'", "replace"))
    add("hist_grid", bad("hist_grid(None)", lambda: analysis.hist_grid(None), ArgumentError, "frame"),  # type: ignore[arg-type]
        bad("hist_grid(bins=2**70)", lambda: analysis.hist_grid(sim, bins=2**70), ArgumentError, "bins"),
        bad("hist_grid(column=x)", lambda: analysis.hist_grid(sim, "nope"), ArgumentError, "column"))
    add("box_by_contract", bad("box_by_contract(None)", lambda: analysis.box_by_contract(None), ArgumentError,  # type: ignore[arg-type]
                               "frame"),
        bad("box_by_contract(column=x)", lambda: analysis.box_by_contract(sim, "nope"), ArgumentError, "column"))
    add("dd_table", bad("dd_table(None)", lambda: analysis.dd_table(None), ArgumentError, "deal"),  # type: ignore[arg-type]
        bad("dd_table(3 hands)", lambda: analysis.dd_table(Round.deal(seed=1).hands[:3]), HandSizeError, "hands"))
    add("tip_positions", *[bad(f"tip_positions(rounds={label})", lambda v=value: analysis.tip_positions(v),
                               ArgumentError, "rounds") for label, value in counts_bad],
        bad("tip_positions(seed=Seat)", lambda: analysis.tip_positions(1, Seat.S1), CardParseError, "seed"),
        bad("tip_positions(kinds=x)", lambda: analysis.tip_positions(1, 0, ("x",)), ArgumentError, "kind"))
    add("sample_layouts", *[bad(f"sample_layouts(count={label})", lambda v=value: analysis.sample_layouts(rnd, v),
                                ArgumentError, "count", state=lambda: rnd.to_json()) for label, value in counts_bad],
        bad("sample_layouts('x')", lambda: analysis.sample_layouts("x"), ArgumentError, "Round"),  # type: ignore[arg-type]
        bad("sample_layouts(seed=Seat)", lambda: analysis.sample_layouts(rnd, 3, Seat.S1), CardParseError, "seed"))
    add("best_by_layout", bad("best_by_layout(count=2**70)", lambda: analysis.best_by_layout(rnd, 2**70),
                              ArgumentError, "count"),
        bad("best_by_layout(None)", lambda: analysis.best_by_layout(None), ArgumentError, "Round"))  # type: ignore[arg-type]
    add("review_losses", *[bad(f"review_losses(rounds={label})", lambda v=value: analysis.review_losses(v),
                               ArgumentError, "rounds") for label, value in counts_bad],
        bad("review_losses(seed=lone surrogate)", lambda: analysis.review_losses(1, "\ud800"), CardParseError,
            "seed"))
    rnd_state = lambda: rnd.to_json()  # noqa: E731
    add("compare_lines",
        bad("compare_lines(None)", lambda: analysis.compare_lines(None, 1, 0), ArgumentError, "Round"),  # type: ignore[arg-type]
        bad("compare_lines(trick=0)", lambda: analysis.compare_lines(rnd, 0, 0), ArgumentError, "trick", "O1",
            state=rnd_state),
        bad("compare_lines(trick='1')", lambda: analysis.compare_lines(rnd, "1", 0), ArgumentError, "trick",  # type: ignore[arg-type]
            state=rnd_state),
        bad("compare_lines(seat=4)", lambda: analysis.compare_lines(rnd, 1, 4), CardParseError, "seat",
            state=rnd_state),
        bad("compare_lines(a card not played yet)", lambda: analysis.compare_lines(rnd, 2, 0), ArgumentError,
            "not played", state=rnd_state),
        bad("compare_lines(a round before the contract)", lambda: analysis.compare_lines(Round.deal(seed=1), 1, 0),
            PhaseError, "contract"))
    add("history_table", bad("history_table(None)", lambda: analysis.history_table(None), ArgumentError, "Round"),  # type: ignore[arg-type]
        bad("history_table(events=5)", lambda: analysis.history_table(rnd, 5), ArgumentError, "events"))  # type: ignore[arg-type]
    # ---------------------------------------------------------------- search, hints and the advisor
    view = rnd.view(rnd.to_move)
    hand9 = Round.deal(seed=1).hands[0]
    eight = list(hand9)[:8]
    illegal = next(c for c in rnd.hands[rnd.to_move] if c not in rnd.legal_cards())
    for label, value in [("-1", -1), ("nan", NAN), ("0", 0), ("'x'", "x")]:
        add("SearchPlayer", bad(f"SearchPlayer(time_budget={label})", lambda v=value: jasslib.SearchPlayer(0, v),
                                BudgetError, "time_budget"))
        add("hint", bad(f"hint(time_budget={label})", lambda v=value: analysis.hint(view, time_budget=v),
                        BudgetError, "time_budget"))
    add("SearchPlayer", bad("SearchPlayer(samples=0)", lambda: jasslib.SearchPlayer(0, None, 0), BudgetError,
                            "samples"),
        bad("SearchPlayer(exact_from='x')", lambda: jasslib.SearchPlayer(0, 1.0, None, "x"), BudgetError,  # type: ignore[arg-type]
            "exact_from"),
        bad("SearchPlayer(no limit)", lambda: jasslib.SearchPlayer(0, None, None), BudgetError, "limit"),
        bad("SearchPlayer(samples=2**70)", lambda: jasslib.SearchPlayer(0, None, 2**70), BudgetError, "at most"))
    add("SearchPlayer", bad("SearchPlayer(seed=Seat)", lambda: jasslib.SearchPlayer(Seat.S1), CardParseError, "seed"),
        bad("SearchPlayer(seed=1.5)", lambda: jasslib.SearchPlayer(1.5), CardParseError, "seed"))  # type: ignore[arg-type]
    add("LayoutSampler", bad("LayoutSampler(None)", lambda: jasslib.LayoutSampler(None), ArgumentError, "view"),  # type: ignore[arg-type]
        bad("LayoutSampler(a Round)", lambda: jasslib.LayoutSampler(rnd), ArgumentError, "view",  # type: ignore[arg-type]
            state=lambda: rnd.to_json()))
    add("HintBox", bad("HintBox(view=5)", lambda: widgets.HintBox(5), ArgumentError, "view"),  # type: ignore[arg-type]
        bad("HintBox(style=fancy)", lambda: widgets.HintBox(lambda: None, "fancy"), ArgumentError, "style"),
        bad("HintBox(seed=Seat)", lambda: widgets.HintBox(lambda: None, seed=Seat.S1), CardParseError, "seed"),
        bad("HintBox(time_budget=-1)", lambda: widgets.HintBox(lambda: None, time_budget=-1), BudgetError,
            "time_budget"),
        bad("HintBox(samples=0)", lambda: widgets.HintBox(lambda: None, samples=0), BudgetError, "samples"))
    add("ContractAdvisor",
        bad("ContractAdvisor(hand=3 cards)", lambda: widgets.ContractAdvisor(hand="J♥ 9♥ A♥"), HandSizeError, "9"),
        bad("ContractAdvisor(hand=X♥)", lambda: widgets.ContractAdvisor(hand="X♥ 9♥"), CardParseError, "X♥"),
        bad("ContractAdvisor(samples=0)", lambda: widgets.ContractAdvisor(samples=0), ArgumentError, "samples"),
        bad("ContractAdvisor(seed=None)", lambda: widgets.ContractAdvisor(None), CardParseError, "seed"),  # type: ignore[arg-type]
        bad("ContractAdvisor(ruleset=swiss)", lambda: widgets.ContractAdvisor(ruleset="swiss"), JassError, "swiss"),
        bad("ContractAdvisor(pushed=yes)", lambda: widgets.ContractAdvisor(pushed="yes"), ArgumentError, "pushed"))  # type: ignore[arg-type]
    add("AdviceBox", bad("AdviceBox(5)", lambda: widgets.AdviceBox(5), ArgumentError, "choosing"),  # type: ignore[arg-type]
        bad("AdviceBox(samples=0)", lambda: widgets.AdviceBox(lambda: None, samples=0), ArgumentError, "samples"),
        bad("AdviceBox(style=fancy)", lambda: widgets.AdviceBox(lambda: None, "fancy"), ArgumentError, "style"))
    add("chooser_rounds", bad("chooser_rounds(0)", lambda: analysis.chooser_rounds(0), ArgumentError, "deals"),
        bad("chooser_rounds(samples=0)", lambda: analysis.chooser_rounds(5, samples=0), ArgumentError, "samples"),
        bad("chooser_rounds(ruleset=x)", lambda: analysis.chooser_rounds(5, "x"), CardParseError, "ruleset"),
        bad("chooser_rounds(seed=Seat)", lambda: analysis.chooser_rounds(5, seed=Seat.S1), CardParseError, "seed"))
    add("chooser_summary", bad("chooser_summary(None)", lambda: analysis.chooser_summary(None), ArgumentError,  # type: ignore[arg-type]
                               "rounds"),
        bad("chooser_summary(no margin)", lambda: analysis.chooser_summary(pd.DataFrame({"deal": [0]})),
            ArgumentError, "margin"))
    add("play_by_contract", bad("play_by_contract(0)", lambda: analysis.play_by_contract(0), ArgumentError, "rounds"),
        bad("play_by_contract('x')", lambda: analysis.play_by_contract("x"), ArgumentError, "rounds"))  # type: ignore[arg-type]
    add("hindsight_best", bad("hindsight_best(x)", lambda: analysis.hindsight_best("x"), CardParseError, "ruleset"))
    add("advice_bars_html", bad("advice_bars_html(None)", lambda: widgets.advice_bars_html(None), ArgumentError,
                                "Advice"))
    add("hint", bad("hint(seed=Seat)", lambda: analysis.hint(view, seed=Seat.S1), CardParseError, "seed",
                    state=lambda: rnd.to_json()))
    add("position_facts", bad("position_facts(None)", lambda: analysis.position_facts(None), HintError, "view"),  # type: ignore[arg-type]
        bad("position_facts(a Round)", lambda: analysis.position_facts(rnd), HintError, "view"))  # type: ignore[arg-type]
    add("idea_for", bad("idea_for(None)", lambda: analysis.idea_for(None, "A♣"), HintError, "view"))  # type: ignore[arg-type]
    add("own_view_accuracy", bad("own_view_accuracy(None)", lambda: analysis.own_view_accuracy(None), ArgumentError,
                                 "table"),
        bad("own_view_accuracy('x')", lambda: analysis.own_view_accuracy("x"), ArgumentError, "table"),
        bad("own_view_accuracy(no lost column)", lambda: analysis.own_view_accuracy(sim), ArgumentError, "lost"))
    add("save_round", bad("save_round(store=5)", lambda: progress.save_round(5), ArgumentError, "Progress",  # type: ignore[arg-type]
                          state=file_state))
    add("save_answer", bad("save_answer(store=5)", lambda: progress.save_answer(5, "3.1", True), ArgumentError,  # type: ignore[arg-type]
                           "Progress", state=file_state),
        bad("save_answer(correct='yes')", lambda: progress.save_answer(stored, "03.1", "yes"), ArgumentError,  # type: ignore[arg-type]
            "correct", state=file_state))
    add("class_learner_path", bad("class_learner_path(folder=None)", lambda: progress.class_learner_path(None, "ann"),  # type: ignore[arg-type]
                                  ProgressLocationError, "folder"))
    add("LearnerProgress", bad("LearnerProgress(None)", lambda: progress.LearnerProgress(None), ProgressLocationError,  # type: ignore[arg-type]
                               "folder"),
        bad("LearnerProgress(5)", lambda: progress.LearnerProgress(5), ProgressLocationError, "folder"))  # type: ignore[arg-type]
    add("hint", bad("hint(None)", lambda: analysis.hint(None), HintError, "RoundView"),  # type: ignore[arg-type]
        bad("hint(samples=0)", lambda: analysis.hint(view, samples=0), BudgetError, "samples"),
        bad("hint(a round before the contract)", lambda: analysis.hint(Round.deal(seed=1)), HintError, "contract"))
    add("idea_for", bad("idea_for('Z♣')", lambda: analysis.idea_for(view, "Z♣"), CardParseError, "card"),
        bad("idea_for(an illegal card)", lambda: analysis.idea_for(view, illegal), HintError, "legal"))
    add("review_own_view",
        bad("review_own_view(None)", lambda: analysis.review_own_view(None, 0), HintError, "Round"),  # type: ignore[arg-type]
        bad("review_own_view(seat=4)", lambda: analysis.review_own_view(rnd, 4), CardParseError, "seat"),
        bad("review_own_view(threshold=nan)", lambda: analysis.review_own_view(rnd, 0, NAN), HintError, "threshold"),
        bad("review_own_view(time_budget=-1)", lambda: analysis.review_own_view(rnd, 0, time_budget=-1),
            BudgetError, "time_budget"),
        bad("review_own_view(a round before the contract)", lambda: analysis.review_own_view(Round.deal(seed=1), 0),
            PhaseError, "contract", state=lambda: rnd.to_json()))
    finished = play_round(Round.deal(seed=2), [RuleBasedPlayer()] * 4)
    finished_state = lambda: finished.to_json()  # noqa: E731
    add("judge_own_view",
        bad("judge_own_view(None)", lambda: analysis.judge_own_view(None, 0), HintError, "Round"),  # type: ignore[arg-type]
        bad("judge_own_view(seat=4)", lambda: analysis.judge_own_view(finished, 4), CardParseError, "seat",
            state=finished_state),
        bad("judge_own_view(samples=0)", lambda: analysis.judge_own_view(finished, 0, samples=0), BudgetError,
            "samples", state=finished_state))
    add("own_view_table", bad("own_view_table('x')", lambda: analysis.own_view_table("x"), HintError, "judge"),  # type: ignore[arg-type]
        bad("own_view_table(threshold=0)", lambda: analysis.own_view_table((), 0), HintError, "threshold"))
    add("MistakesLesson",
        bad("MistakesLesson(None)", lambda: analysis.MistakesLesson(None, 0), HintError, "Round"),  # type: ignore[arg-type]
        bad("MistakesLesson(a round in play)", lambda: analysis.MistakesLesson(rnd, 0), HintError, "over",
            state=lambda: rnd.to_json()),
        bad("MistakesLesson(seat=4)", lambda: analysis.MistakesLesson(finished, 4), CardParseError, "seat"),
        bad("MistakesLesson(tolerance=-1)", lambda: analysis.MistakesLesson(finished, 0, (), tolerance=-1), HintError,
            "tolerance", state=finished_state),
        bad("MistakesLesson(threshold=nan)", lambda: analysis.MistakesLesson(finished, 0, (), NAN), HintError,
            "threshold"),
        bad("MistakesLesson(judged='x')", lambda: analysis.MistakesLesson(finished, 0, "x"), HintError, "judged"))  # type: ignore[arg-type]
    add("MistakesPanel",
        bad("MistakesPanel(style=fancy)", lambda: widgets.MistakesPanel("fancy"), ArgumentError, "style"),
        bad("MistakesPanel(time_budget=-1)", lambda: widgets.MistakesPanel(time_budget=-1), BudgetError,
            "time_budget"),
        bad("MistakesPanel(on_judged=5)", lambda: widgets.MistakesPanel(on_judged=5), ArgumentError, "on_judged"),  # type: ignore[arg-type]
        bad("MistakesPanel(draw_table=5)", lambda: widgets.MistakesPanel(draw_table=5), ArgumentError, "draw_table"))  # type: ignore[arg-type]
    add("save_round_accuracy",
        bad("save_round_accuracy(store=5)", lambda: progress.save_round_accuracy(5, "r", None), ArgumentError,  # type: ignore[arg-type]
            "Progress", state=file_state),
        bad("save_round_accuracy(accuracy=None)", lambda: progress.save_round_accuracy(stored, "r", None),
            ArgumentError, "accuracy", state=file_state))
    for name in ("advise", "advisor_choice", "rule_choice", "lucerne_choice", "lucerne_values"):
        f = getattr(analysis, name)
        add(name, bad(f"{name}(8 cards)", lambda f=f: f(eight), HandSizeError, "9 cards"),
            bad(f"{name}(a card twice)", lambda f=f: f(["A♣"] * 9), DuplicateCardError, "A♣"),
            bad(f"{name}(None)", lambda f=f: f(None), CardParseError, "cards"),
            bad(f"{name}('Z♣')", lambda f=f: f("Z♣"), CardParseError, "card"))
    for name in ("advise", "advisor_choice", "rule_choice", "lucerne_choice"):
        f = getattr(analysis, name)
        add(name, bad(f"{name}(ruleset=5)", lambda f=f: f(hand9, 5), CardParseError, "ruleset"))
    for name in ("advise", "advisor_choice"):  # the two that sample deals from a seed
        f = getattr(analysis, name)
        add(name, bad(f"{name}(seed=Seat)", lambda f=f: f(hand9, seed=Seat.S1), CardParseError, "seed"))
    for label, value in [("0", 0), ("-1", -1), ("2**70", 2**70)]:
        add("advise", bad(f"advise(samples={label})", lambda v=value: analysis.advise(hand9, samples=v), BudgetError,
                          "samples"))
        add("advisor_choice", bad(f"advisor_choice(samples={label})",
                                  lambda v=value: analysis.advisor_choice(hand9, samples=v), BudgetError, "samples"))
        add("choose_batch", bad(f"choose_batch(samples={label})",
                                lambda v=value: analysis.choose_batch("advisor", np.array([hand9.mask]), samples=v),
                                BudgetError, "samples"))
    for name in ("advise", "advisor_choice", "rule_choice", "lucerne_choice"):  # 'no' is truthy: refused, not read
        f = getattr(analysis, name)
        add(name, bad(f"{name}(pushed='no')", lambda f=f: f(hand9, pushed="no"), ArgumentError, "pushed"))
    add("choose_batch",
        bad("choose_batch(pushed='no')", lambda: analysis.choose_batch("rule", np.array([hand9.mask]), pushed="no"),
            ArgumentError, "pushed"),
        bad("choose_batch(masks=None)", lambda: analysis.choose_batch("rule", None), ArgumentError, "masks"),  # type: ignore[arg-type]
        bad("choose_batch(masks=['x'])", lambda: analysis.choose_batch("lucerne", ["x"]), ArgumentError, "masks"),  # type: ignore[arg-type]
        bad("choose_batch(masks=[-1])", lambda: analysis.choose_batch("rule", np.array([-1])), ArgumentError,
            "masks"),
        bad("choose_batch(an 8-card mask)",
            lambda: analysis.choose_batch("advisor", np.array([hand9.mask, CardSet(eight).mask])), HandSizeError,
            "hand 1 has 8"))
    add("advise", bad("advise(playout=x)", lambda: analysis.advise(hand9, playout="x"), ArgumentError, "playout"),
        bad("advise(objective=x)", lambda: analysis.advise(hand9, objective="x"), ArgumentError, "objective"))
    add("choose_batch", bad("choose_batch('poker')", lambda: analysis.choose_batch("poker", np.array([hand9.mask])),
                            ArgumentError, "chooser"),
        bad("choose_batch(two seeds for one hand)",
            lambda: analysis.choose_batch("advisor", np.array([hand9.mask]), seeds=[1, 2]), ArgumentError, "seeds"),
        bad("choose_batch(objective=x)",
            lambda: analysis.choose_batch("advisor", np.array([hand9.mask]), objective="x"), ArgumentError,
            "objective"))
    # ---------------------------------------------------------------- the game player and the trainers' page
    add("GamePlayer", bad("GamePlayer(seed=Seat)", lambda: widgets.GamePlayer(Seat.S1), CardParseError, "seed"),
        bad("GamePlayer(seat=4)", lambda: widgets.GamePlayer(1, 4), JassError, "seat"),
        bad("GamePlayer(hints='no')", lambda: widgets.GamePlayer(hints="no"), JassError, "hints"),  # type: ignore[arg-type]
        bad("GamePlayer(search_budget=-1)", lambda: widgets.GamePlayer(search_budget=-1), JassError, "search_budget"),
        bad("GamePlayer(bots=[1])", lambda: widgets.GamePlayer(bots=[1]), JassError, "bots"),  # type: ignore[list-item]
        bad("GamePlayer(game=5)", lambda: widgets.GamePlayer(game=5), JassError, "Game"),  # type: ignore[arg-type]
        bad("GamePlayer(style=fancy)", lambda: widgets.GamePlayer(style="fancy"), ArgumentError, "style"),
        bad("GamePlayer(ruleset=Seat)", lambda: widgets.GamePlayer(ruleset=Seat.S1), CardParseError, "ruleset"))
    for name in ("TrainersPage", "trainers_page"):
        make = getattr(widgets, name)
        add(name, bad(f"{name}(seed=Seat)", lambda m=make: m(Seat.S1), CardParseError, "seed"),
            bad(f"{name}(topics=['poker'])", lambda m=make: m(topics=["poker"]), ArgumentError, "topic",
                state=registry),
            bad(f"{name}(style=fancy)", lambda m=make: m(style="fancy"), ArgumentError, "style"),
            bad(f"{name}(final_check='x')", lambda m=make: m(final_check="x"), ArgumentError, "final_check"),
            bad(f"{name}(ruleset=5)", lambda m=make: m(ruleset=5), CardParseError, "ruleset"))
    # ---------------------------------------------------------------- DD tables, progress of a class
    for label, value in [("-1", -1), ("2**70", 2**70), ("Seat", Seat.S1), ("nan", NAN)]:
        add("write_chunks", bad(f"write_chunks(deals={label})",
                                lambda v=value: ddtable.write_chunks(folder / "w.parquet", v, 10, {}, _no_chunk),
                                ArgumentError, "deals", state=lambda: sorted(os.listdir(folder))))
    ran: list[int] = []
    add("run_chunks", bad("run_chunks(tasks=5)", lambda: ddtable.run_chunks(5, _no_chunk, 0, None, ran.append),  # type: ignore[arg-type]
                          ArgumentError, "tasks", state=lambda: list(ran)),
        bad("run_chunks(tasks=[(0, -1, 5)])",
            lambda: ddtable.run_chunks([(0, -1, 5)], _no_chunk, 0, None, ran.append), ArgumentError, "task",
            state=lambda: list(ran)),
        bad("run_chunks(fn=None)", lambda: ddtable.run_chunks([(0, 0, 5)], None, 0, None, ran.append),  # type: ignore[arg-type]
            ArgumentError, "fn", state=lambda: list(ran)),
        bad("run_chunks(workers=-1)", lambda: ddtable.run_chunks([(0, 0, 5)], _no_chunk, -1, None, ran.append),
            ArgumentError, "workers", state=lambda: list(ran)))
    add("write_chunks", bad("write_chunks(chunk_size=0)",
                            lambda: ddtable.write_chunks(folder / "w.parquet", 10, 0, {}, _no_chunk), ArgumentError,
                            "chunk size", state=lambda: sorted(os.listdir(folder))))
    for label, value in [("'../x'", "../x"), ("5", 5), ("''", ""), ("HUGE", "a" * 300)]:
        add("class_learner_path", bad(f"class_learner_path(learner={label})",
                                      lambda v=value: progress.class_learner_path(folder, v),
                                      ProgressLocationError, "learner"))
    return rows


def _no_chunk(start: int, count: int) -> pd.DataFrame:  # pragma: no cover - a refused call computes no chunk
    raise AssertionError("a refused write computed a chunk")


def _with(text: str, **changes: Any) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


# ------------------------------------------------------------------ the names
def public_names() -> dict[str, object]:
    """Every public name of :data:`MODULES`, each once (a name re-exported under one object is one name)."""
    names: dict[str, object] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if name in names and names[name] is not obj:
                names[f"{module_name}.{name}"] = obj  # two different objects under one name: both count
            else:
                names[name] = obj
    return names


def _engine_rows() -> dict[str, int]:
    """How many rows of test_edges' engine table each name has (a row's id starts ``name(`` or ``name.``)."""
    counts: dict[str, int] = {}
    for case in test_edges.CASES:
        head = case.id.split("(")[0].split(".")[0].strip()
        counts[head] = counts.get(head, 0) + 1
    return counts


def coverage(folder: Path) -> tuple[dict[str, str], list[str]]:
    """Each public name's coverage (``"rows: 3"``, ``"engine rows: 12"`` or ``"exempt: reason"``), and the
    names that have none."""
    rows = outer_cases(folder)
    engine = _engine_rows()
    found: dict[str, str] = {}
    missing: list[str] = []
    for name, obj in public_names().items():
        short = name.rsplit(".", 1)[-1]
        reason = EXEMPT.get(short) or _exempt_by_kind(obj)
        outer, inner = len(rows.get(short, ())), engine.get(short, 0)
        if outer or inner:
            found[name] = f"rows: {outer} here, {inner} in test_edges"
        elif reason:
            found[name] = f"exempt: {reason}"
        else:
            missing.append(name)
    return found, missing


def test_every_public_name_has_bad_input_rows(tmp_path: Path) -> None:
    """Printed with ``-s``: the counts the issue's note asks for (names covered, inputs tried)."""
    found, missing = coverage(tmp_path)
    with_rows = sum(text.startswith("rows") for text in found.values())
    own = sum(len(group) for group in outer_cases(tmp_path).values())
    print(f"\npublic names: {len(found) + len(missing)}; with bad-input rows: {with_rows}; exempt: "
          f"{len(found) - with_rows}; missing: {len(missing)}; inputs: {own} here + {len(test_edges.CASES)} in "
          "test_edges")
    assert not missing, f"public names without bad-input rows or a reasoned exemption: {missing}"
    unknown = set(outer_cases(tmp_path)) - {n.rsplit(".", 1)[-1] for n in public_names()}
    assert not unknown, f"rows for names that are not public: {sorted(unknown)}"
    assert len(found) >= 240 and with_rows >= 170


def test_exercise_check_answers_an_unreadable_response_with_feedback() -> None:
    """A learner's answer is never an error: nonsense, even a million items, gets Feedback that says what to do."""
    from jasslib.exercises import exercise

    ex = exercise("legal", seed=1)
    for response in (None, MILLION, HUGE, 5, {"x": 1}):
        start = time.process_time()
        feedback = ex.check(response)
        assert not feedback.correct and feedback.summary and time.process_time() - start < CPU_LIMIT


def test_the_progress_panel_shows_a_file_it_cannot_use(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):  # pragma: no cover - POSIX only
        return
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    start = time.perf_counter()
    panel = jasslib.ProgressPanel(fifo)
    assert time.perf_counter() - start < WALL_LIMIT
    assert panel.store is None and "regular file" in panel.message.value and "Traceback" not in panel.message.value


def test_exemptions_are_still_needed(tmp_path: Path) -> None:
    """An exemption by name for a name that is gone, or that has rows now, is dropped."""
    public = {n.rsplit(".", 1)[-1] for n in public_names()}
    assert set(EXEMPT) <= public, sorted(set(EXEMPT) - public)
    with_rows = set(outer_cases(tmp_path)) | set(_engine_rows())
    assert not set(EXEMPT) & with_rows, sorted(set(EXEMPT) & with_rows)


def _judge(case: Bad) -> None:
    before = case.state() if case.state else None
    # the CPU time of this thread: the process's would count a background thread's (the solver's) work too; and the
    # garbage collector waits until after the call (a collection of the objects of the cases before is not the
    # refusal's cost: a CI run once counted 0.34 s of one against iter_simulate's refusal)
    gc.disable()
    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        case.call()
    except Exception as exc:  # every exception is judged, the wrong ones too
        error: Exception | None = exc
    else:
        error = None
    finally:
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        gc.enable()
    assert error is not None, "accepted"
    assert isinstance(error, case.error), f"raised {type(error).__name__}: {excerpt(str(error))}"
    message = str(error)
    assert len(message) <= MESSAGE_LIMIT, f"a message of {len(message)} characters: {excerpt(message)}"
    for word in case.words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert cpu < CPU_LIMIT and wall < WALL_LIMIT, f"took {cpu:.3f} s of CPU, {wall:.3f} s of wall time"
    if case.state:
        assert case.state() == before, "the state changed"


def _import_every_public_name() -> None:
    """Resolve every lazily imported public name first: a first import (ipywidgets, pandas) is not a refusal."""
    for module in (jasslib, *(importlib.import_module(f"jasslib.{sub}") for sub in ("analysis", "widgets"))):
        for name in getattr(module, "__all__", ()):
            getattr(module, name)


def test_bad_input_to_the_outer_layers_is_refused_fast_and_clearly(tmp_path: Path) -> None:
    _import_every_public_name()
    rows = outer_cases(tmp_path)
    cases = [case for group in rows.values() for case in group]
    checked = check_cases([(case.id, case) for case in cases], lambda _id, case: _judge(case))
    assert checked == len(cases) >= 300

