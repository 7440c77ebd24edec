"""The fast backend against the reference engine: same deals, same results (issue: exact agreement).

Deterministic policies (the lowest legal card; the rule-based player) must give identical trick
points, tricks, Weis and Stöck round for round.  Here a sample of each contract and preset is played;
``benchmarks/agreement.py`` (``make agreement``) plays the full 10,000 deals per contract.  The random
players draw from different streams in the two engines, so their distributions are compared
statistically.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from jasslib import CLASSIC, MODERN, CardSet, Contract, Round, fast
from jasslib._numba import HAVE_NUMBA
from jasslib.players import RandomPlayer, RuleBasedPlayer, play_round
from jasslib.simulation import _reference_batch

DEALS = 400
"""Deals per contract in the suite (the full 10,000 run in benchmarks/agreement.py)."""


def test_numba_is_installed_in_the_test_environment():
    """The default environment has numba (make install); without it the fast path is plain Python."""
    assert HAVE_NUMBA


def test_D3_counter_based_deals_are_valid_and_reproducible():
    hands = fast.deal_batch("class-3b", 0, 2000)
    assert hands.shape == (2000, 4)
    for row in hands[:200]:
        sets = [CardSet.from_mask(int(h)) for h in row]
        assert all(len(s) == 9 for s in sets)
        assert sets[0] | sets[1] | sets[2] | sets[3] == CardSet.full()
    # a chunk is the same whether dealt alone or inside a bigger batch
    assert (fast.deal_batch("class-3b", 500, 100) == hands[500:600]).all()
    assert not (fast.deal_batch("class-3c", 0, 100) == hands[:100]).all()


def test_D3_counter_based_deals_are_uniform_enough():
    hands = fast.deal_batch(9, 0, 20_000)
    counts = np.zeros((36, 4))
    for seat in range(4):
        for c in range(36):
            counts[c, seat] = ((hands[:, seat] >> c) & 1).sum()
    assert np.all(np.abs(counts - 5000) < 300), counts  # 5000 ± ~4.7 sigma


def _lowest_reference(hands: np.ndarray, contract: int, ruleset) -> np.ndarray:
    out = np.zeros((len(hands), len(fast.RESULT_FIELDS)), dtype=np.int64)
    for n, row in enumerate(hands):
        r = Round([CardSet.from_mask(int(h)) for h in row], dealer=3, ruleset=ruleset)
        r.choose(contract)
        while not r.done:
            r.play(min(r.legal_cards()))
        s = r.score()
        w = r.weis_result
        out[n] = (int(r.contract), int(r.chooser), 0, r.card_points[0], r.card_points[1], s.tricks[0],
                  s.tricks[1], int(s.last_trick), w.points[0], w.points[1], -1 if w.winner is None else int(w.winner),
                  s.stoeck[0] // s.multiplier, s.stoeck[1] // s.multiplier)
    return out


@pytest.mark.parametrize("contract", list(Contract), ids=lambda c: c.name)
def test_fast_path_agrees_exactly_with_the_reference_lowest_card(contract):
    ruleset = CLASSIC if contract % 2 == 0 else MODERN
    hands = fast.deal_batch(f"agree-{contract}", 0, DEALS)
    got = fast.play_batch(hands, int(contract), (fast.LOWEST,) * 4, ruleset=ruleset)
    want = _lowest_reference(hands, int(contract), ruleset)
    diff = np.nonzero((got != want).any(axis=1))[0]
    assert len(diff) == 0, f"{len(diff)} rounds differ, first deal {diff[:1]}: {got[diff[:1]]} vs {want[diff[:1]]}"


@pytest.mark.parametrize("contract", list(Contract), ids=lambda c: c.name)
def test_fast_path_agrees_exactly_with_the_reference_rule_based_player(contract):
    ruleset = MODERN if contract % 2 == 0 else CLASSIC
    n = DEALS
    hands = fast.deal_batch(f"rule-{contract}", 0, n)
    pol = (fast.RULE,) * 4
    got = fast.play_batch(hands, int(contract), pol, ruleset=ruleset)
    want = _reference_batch(hands, int(contract), pol, "x", 0, ruleset)
    diff = np.nonzero((got != want).any(axis=1))[0]
    assert len(diff) == 0, f"{len(diff)} rounds differ, first deal {diff[:1]}: {got[diff[:1]]} vs {want[diff[:1]]}"


def test_fast_path_contract_choice_agrees_with_the_reference_rule_based_player():
    hands = fast.deal_batch("choose", 0, 500)
    pol = (fast.RULE,) * 4
    for ruleset in (CLASSIC, MODERN):
        got = fast.play_batch(hands, fast.CHOOSE, pol, ruleset=ruleset)
        want = _reference_batch(hands, fast.CHOOSE, pol, "x", 0, ruleset)
        assert (got == want).all()
        assert got[:, 2].any(), "some hands are pushed (schieben)"


def test_random_players_distributions_agree():
    """Random play: fast and reference draw differently, so compare the distributions (means, spread)."""
    n = 3000
    hands = fast.deal_batch("random-dist", 0, n)
    pol = (fast.RANDOM,) * 4
    for contract in (Contract.HEARTS, Contract.OBENABE):
        got = fast.play_batch(hands, int(contract), pol, seed=1)[:, 3]
        want = _reference_batch(hands[:800], int(contract), pol, "r", 0, CLASSIC)[:, 3]
        se = np.sqrt(got.var() / len(got) + want.var() / len(want))
        assert abs(got.mean() - want.mean()) < 4 * se, (got.mean(), want.mean(), se)
        assert abs(got.std() - want.std()) < 0.1 * want.std()


def test_random_contract_choice_distribution():
    hands = fast.deal_batch("random-choice", 0, 70_000)
    res = fast.play_batch(hands, fast.CHOOSE, (fast.RANDOM,) * 4, seed=3)
    pushed = res[:, 2].mean()
    assert abs(pushed - 1 / 7) < 0.01
    counts = np.bincount(res[:, 0], minlength=6) / len(res)
    assert np.all(np.abs(counts - 1 / 6) < 0.01)


def test_random_players_and_rule_players_give_valid_rounds():
    hands = fast.deal_batch("valid", 0, 5000)
    for pol in ((fast.RANDOM,) * 4, (fast.RULE, fast.RANDOM, fast.RULE, fast.RANDOM)):
        res = fast.play_batch(hands, fast.CHOOSE, pol, seed=5)
        assert ((res[:, 3] + res[:, 4]) == 157).all()
        assert ((res[:, 5] + res[:, 6]) == 9).all()


def test_results_do_not_depend_on_batching():
    hands = fast.deal_batch(4, 0, 1000)
    whole = fast.play_batch(hands, fast.CHOOSE, (fast.RANDOM,) * 4, seed=4)
    part = fast.play_batch(hands[600:], fast.CHOOSE, (fast.RANDOM,) * 4, seed=4, start=600)
    assert (whole[600:] == part).all()


def test_weis_tables_agree_with_the_reference_on_many_hands():
    """The fast Weis (tables + fours) gives each table's contest exactly as weis.contest does."""
    hands = fast.deal_batch("weis", 0, 20_000)
    for ruleset in (CLASSIC, MODERN):
        for contract in (Contract.CLUBS, Contract.UNDENUFE):
            got = fast.play_batch(hands[:3000], int(contract), (fast.LOWEST,) * 4, ruleset=ruleset)
            from jasslib import weis

            for n in range(3000):
                decls = weis.best_declarations([int(h) for h in hands[n]], contract, ruleset)
                want = weis.contest(decls, contract, 0)
                assert (got[n, 8], got[n, 9]) == want.points
                assert got[n, 10] == (-1 if want.winner is None else int(want.winner))


def test_the_fast_path_works_without_numba():
    """With numba missing (JASSLIB_NO_NUMBA=1) the same functions run as plain Python, same results."""
    code = (
        "from jasslib import fast\n"
        "assert not fast.HAVE_NUMBA\n"
        "h = fast.deal_batch(1, 0, 30)\n"
        "r = fast.play_batch(h, -1, (0, 1, 0, 2), seed=2)\n"
        "print(h.sum(), r.sum())\n"
    )
    env = dict(os.environ, JASSLIB_NO_NUMBA="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    h = fast.deal_batch(1, 0, 30)
    r = fast.play_batch(h, -1, (0, 1, 0, 2), seed=2)
    assert out.stdout.split() == [str(h.sum()), str(r.sum())]


def test_players_reference_driver_matches_a_manual_rule_round():
    hands = fast.deal_batch("one", 0, 1)
    r = Round([CardSet.from_mask(int(h)) for h in hands[0]], dealer=3)
    r.choose("♠")
    play_round(r, [RuleBasedPlayer()] * 4)
    res = fast.play_batch(hands, int(Contract.SPADES), (fast.RULE,) * 4)
    assert (res[0, 3], res[0, 4]) == r.card_points
    assert RandomPlayer(seed=1)  # importable and constructible


def test_bad_arguments():
    hands = fast.deal_batch(1, 0, 2)
    with pytest.raises(ValueError, match="policies"):
        fast.play_batch(hands, 0, (0, 0, 0))
    with pytest.raises(ValueError, match="contracts"):
        fast.play_batch(hands, 7)
    with pytest.raises(ValueError, match="seed"):
        fast.deal_batch(1.5, 0, 1)  # type: ignore[arg-type]


def test_numba_copies_agree_with_their_homes():
    """The compiled copies of layer-2 rules (legal_mask, trick_winner_index, trick_value, stoeck_mask_held)
    answer exactly as their one home in play.py and weis.py, on the same random positions."""
    from jasslib.play import legal_mask, trick_value, trick_winner_index
    from jasslib.weis import stoeck_mask_held

    rng = np.random.default_rng(11)
    for ruleset in (CLASSIC, MODERN):
        for _ in range(1500):
            deck = rng.permutation(36)
            contract = int(rng.integers(6))
            k = int(rng.integers(0, 4))
            trick = [int(c) for c in deck[:k]]
            hand = sum(1 << int(c) for c in deck[k:k + int(rng.integers(1, 10))])
            arr = np.array(trick + [0] * (4 - k), dtype=np.int64)
            assert fast._legal(hand, arr[:k], contract) == legal_mask(hand, trick, contract)
            assert fast._stoeck_held(hand, contract) == stoeck_mask_held(hand, contract)
            full = [int(c) for c in deck[:4]]
            points = np.array(ruleset.card_points(contract), dtype=np.int64)
            assert fast._winner(np.array(full), contract) == trick_winner_index(full, contract)
            last = bool(rng.integers(2))
            assert fast._trick_value(np.array(full), points, last) == trick_value(full, ruleset.card_points(contract),
                                                                                  last)


def test_numba_cache_is_keyed_on_the_kernel_sources_only():
    """Each module's compiled kernels are cached under a hash of that module and every jasslib module it
    imports: an edit to play.py starts afresh, an edit to a widget or the display keeps the compiled code."""
    import jasslib
    from jasslib._numba import _cache_dir, kernel_sources

    root = Path(jasslib.__file__).parent
    fast_sources = kernel_sources(str(root / "fast.py"))
    for needed in ("fast.py", "play.py", "weis.py", "bits.py", "players/heuristics.py", "_numba.py", "cards.py"):
        assert needed in fast_sources
    for unrelated in ("display.py", "widgets/trainer.py", "round.py", "game.py", "simulate.py", "players/__init__.py"):
        assert unrelated not in fast_sources
    assert "fast.py" not in kernel_sources(str(root / "play.py"))
    assert _cache_dir(str(root / "fast.py")) != _cache_dir(str(root / "play.py"))


def test_the_cache_key_reads_every_relative_import_of_every_module():
    """The numba cache key reads only the lines of a module that start a relative import (fast at every import of
    a kernel module); it finds exactly what a walk over the module's whole syntax tree finds, in every module."""
    import ast

    import jasslib
    from jasslib._numba import _relative_imports

    def key(n: ast.ImportFrom) -> tuple:
        return n.level, n.module, tuple(a.name for a in n.names)

    for path in sorted(Path(jasslib.__file__).parent.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        everywhere = {key(n) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom) and n.level}
        assert {key(n) for n in _relative_imports(source)} == everywhere, path.name
    tricky = "from . import (bits,  # a comment with a ) in it\n    cards)\n"
    assert [key(n) for n in _relative_imports(tricky)] == [(1, None, ("bits", "cards"))]


def test_kernel_sources_follow_imports_transitively(tmp_path):
    """A dependency two imports away is still part of the key (a table baked into a kernel, say)."""
    import jasslib
    from jasslib._numba import kernel_sources

    root = Path(jasslib.__file__).parent
    sources = kernel_sources(str(root / "players" / "heuristics.py"))
    assert "contracts.py" in sources  # heuristics -> play -> contracts


def test_the_solver_switches_are_part_of_the_cache_key(monkeypatch):
    """The solver's JASSLIB_SOLVER_* switches are compiled in as constants: flipping one must not reuse the code
    cached for the other setting (a benchmark of a switch would silently measure the wrong search)."""
    import jasslib
    from jasslib._numba import _cache_dir

    solver = str(Path(jasslib.__file__).parent / "solver.py")
    for name in [k for k in os.environ if k.startswith("JASSLIB_SOLVER_")]:
        monkeypatch.delenv(name)
    _cache_dir.cache_clear()
    try:
        plain = _cache_dir(solver)
        monkeypatch.setenv("JASSLIB_SOLVER_LEADS", "0")
        _cache_dir.cache_clear()
        off = _cache_dir(solver)
        monkeypatch.setenv("JASSLIB_SOLVER_LEADS", "1")
        _cache_dir.cache_clear()
        on = _cache_dir(solver)
        monkeypatch.delenv("JASSLIB_SOLVER_LEADS")
        _cache_dir.cache_clear()
        assert len({plain, off, on}) == 3
        assert _cache_dir(solver) == plain  # no switch set: the key of the sources alone, as before
    finally:
        _cache_dir.cache_clear()
