"""Fuzzing ``Round.from_json``: real documents of rounds in every phase, mutated, must load or be refused.

Each document is a real :meth:`Round.to_json` (before the contract, after schieben, in the first trick, after
it, mid-hand, at the end; classic, modern and a custom ruleset; seeds None, int and text), mutated by a seeded
fuzzer: keys deleted, values replaced by other JSON types, values swapped, lists and card texts changed, text
truncated, keys duplicated, values nested deep, huge strings, stray characters, bytes.  Every outcome must be

- a valid :class:`Round` whose ``to_json()`` reloads equal (and re-serialises to the same text), or
- a :class:`~jasslib.errors.RoundFormatError` (a :class:`~jasslib.errors.JassError`) with a short message;

never another exception, and never slower than :data:`TIME_LIMIT` per document whatever its size.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import Any

import pytest

from jasslib import CLASSIC, MODERN, Card, Round, RoundFormatError
from jasslib.errors import excerpt

TIME_LIMIT = 0.5
"""Seconds one document may take (the target is 0.1 s; the margin is for a busy machine)."""
MESSAGE_LIMIT = 320
DOCUMENTS = 2000
"""Mutated documents per run (a few seconds in all)."""


def _phases(seed: int | str | None, ruleset: Any, contract: str, push: bool, rng: random.Random) -> list[str]:
    """The JSON of one round at every phase: before the contract, after schieben, after each card."""
    r = Round.deal(seed=seed if seed is not None else 99, ruleset=ruleset)
    if seed is None:
        r = Round(list(r.hands), dealer=r.dealer, ruleset=ruleset)  # a round of explicit hands: seed None
    out = [r.to_json()]
    if push:
        r.schieben()
        out.append(r.to_json())
    r.choose(contract)
    out.append(r.to_json())
    while not r.done:
        r.play(rng.choice(list(r.legal_cards())))
        out.append(r.to_json())
    return out


def real_documents() -> list[str]:
    rng = random.Random(2024)
    custom = CLASSIC.replace(name="mine", multipliers=(1, 2, 3, 4, 5, 6), four_nines=150,
                             sequence_scale=(20, 50, 100, 150, 200, 250, 300))
    docs: list[str] = []
    for seed, ruleset, contract, push in [
        (1, CLASSIC, "♥", False), ("table 7", MODERN, "undenufe", True), (None, custom, "obenabe", True),
        (2**200, MODERN.with_target(1500), "♠", False), (-5, CLASSIC, "♣", True),
    ]:
        docs += _phases(seed, ruleset, contract, push, rng)
    return docs


REAL = real_documents()
JUNK: list[Any] = [None, True, False, 0, -1, 4, 36, 1.5, float("inf"), "", "x", "AC", "6C 6C", "schieben", "HEARTS",
                   [], {}, [[]], [0, "HEARTS"], {"a": 1}, 10**30, "♥", "Rosen Under", "x" * 300, "10♥ " * 40]
TOKENS = ["AC", "6C", "TH", "10♥", "ZZ", "Rosen Under", "A♣", "6D", "JH", "", "ac", "A", "♣", "99", "xx" * 20]


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a node of the JSON value (the root excluded)."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append((*here, k))
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append((*here, i))
            out += _paths(v, (*here, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    _get(value, path[:-1])[path[-1]] = new


def _mutate_data(data: dict[str, Any], rng: random.Random) -> None:
    """One structural mutation of the parsed document, in place."""
    paths = _paths(data)
    path = rng.choice(paths)
    parent, key = _get(data, path[:-1]), path[-1]
    old = parent[key]
    kind = rng.randrange(12)
    if kind == 0:  # delete
        del parent[key]
    elif kind == 1:  # another JSON type
        parent[key] = rng.choice(JUNK)
    elif kind == 2:  # swap with another node's value
        other = rng.choice(paths)
        try:
            a, b = _get(data, path), _get(data, other)
            _set(data, path, b)
            _set(data, other, a)
        except (KeyError, IndexError, TypeError):  # one path ran through the other: leave it
            pass
    elif kind == 3:  # nest it deep
        for _ in range(rng.randrange(1, 20)):
            old = [old] if rng.random() < 0.5 else {"k": old}
        parent[key] = old
    elif kind == 4:  # a huge string
        parent[key] = rng.choice(["x", "A♣ ", "[", '"']) * rng.choice([100, 5_000, 20_000, 200_000])
    elif kind == 5 and isinstance(old, str):  # card text: drop, repeat, swap or replace tokens
        tokens = old.split()
        op = rng.randrange(4)
        if op == 0 and tokens:
            tokens.pop(rng.randrange(len(tokens)))
        elif op == 1 and tokens:
            tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(tokens))
        elif op == 2 and len(tokens) > 1:
            i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(TOKENS))
        parent[key] = " ".join(tokens)
    elif kind == 6 and isinstance(old, list):  # a list: append, remove, repeat, reverse
        op = rng.randrange(4)
        if op == 0:
            old.append(rng.choice(old) if old else rng.choice(JUNK))
        elif op == 1 and old:
            old.pop(rng.randrange(len(old)))
        elif op == 2:
            parent[key] = old * rng.choice([2, 3, 100, 100_000])
        else:
            old.reverse()
    elif kind == 7 and isinstance(old, int) and not isinstance(old, bool):  # a number nearby or far
        parent[key] = old + rng.choice([-1, 1, 4, -4, 2**64, -(2**300)])
    elif kind == 8:  # a key renamed
        if isinstance(parent, dict):
            parent[rng.choice(["Seed", "hand", "x", "format ", "plays"])] = parent.pop(key)
        else:
            parent[key] = rng.choice(JUNK)
    elif kind == 9 and isinstance(old, str):  # case and stray characters
        i = rng.randrange(len(old) + 1)
        parent[key] = old[:i] + rng.choice(["\x00", "\\", '"', "♥", " ", "\n", "é", "\u2028"]) + old[i:]
    elif kind == 10:  # a value from another real document at the same place
        other = json.loads(rng.choice(REAL))
        try:
            parent[key] = _get(other, path)
        except (KeyError, IndexError, TypeError):
            parent[key] = rng.choice(JUNK)
    else:  # an extra field, or a null
        if isinstance(parent, dict) and rng.random() < 0.5:
            parent[rng.choice(["extra", "seed", "colour"])] = rng.choice(JUNK)
        else:
            parent[key] = None


def _mutate_text(text: str, rng: random.Random) -> str | bytes:
    """One mutation of the JSON text itself."""
    kind = rng.randrange(8)
    if kind == 0:  # truncated
        return text[: rng.randrange(len(text))]
    if kind == 1:  # a duplicated key (JSON keeps the last one)
        key = rng.choice(['"dealer": 1, ', '"plays": "", ', '"format": "x", ', '"hands": [], ',
                          '"calls": [[0, "x"]], '])
        return text[:1] + key + text[1:]
    if kind == 2:  # a stray character
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(list(',:[]{}"\\x0 \ufeff')) + text[i:]
    if kind == 3:  # deep nesting around the document
        depth = rng.choice([2, 9, 50, 1_000, 100_000])
        return "[" * depth + text + "]" * depth
    if kind == 4:  # two documents, or a document repeated
        return text + text if rng.random() < 0.5 else "[" + ",".join([text] * rng.choice([2, 10, 1_000])) + "]"
    if kind == 5:  # bytes: UTF-8, another encoding, or broken
        data = text.encode("utf-8")
        broken = data[: rng.randrange(len(data))] + b"\xff"
        return rng.choice([data, text.encode("utf-16"), broken, b"\xef\xbb\xbf" + data])
    if kind == 6:  # whitespace around and inside
        return " \n\t" * rng.choice([1, 100, 10_000]) + json.dumps(json.loads(text), indent=rng.choice([None, 2, 8]))
    return text.replace(rng.choice(['"', ":", ",", "[", "]"]), rng.choice(["", "'", ";", "(", "  "]), 1)


def fuzzed_documents(n: int = DOCUMENTS, seed: int = 0) -> list[str | bytes]:
    rng = random.Random(seed)
    docs: list[str | bytes] = []
    for _ in range(n):
        text = rng.choice(REAL)
        if rng.random() < 0.7:
            data = json.loads(text)
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                if not _paths(data):
                    break
                _mutate_data(data, rng)
            text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
        docs.append(_mutate_text(text, rng) if rng.random() < 0.4 else text)
    return docs


def judge(doc: str | bytes) -> str:
    """The outcome of one document ('valid' or the kind of refusal); fails the test for anything else."""
    start = time.perf_counter()
    try:
        r = Round.from_json(doc)
    except RoundFormatError as exc:
        seconds = time.perf_counter() - start
        message = str(exc)
        assert len(message) <= MESSAGE_LIMIT, f"a message of {len(message)} characters: {excerpt(message)}"
        outcome = message.split(":")[0]
    except Exception as exc:  # the failure this test exists to catch
        pytest.fail(f"{type(exc).__name__} from {excerpt(doc)}: {excerpt(str(exc))}")
    else:
        seconds = time.perf_counter() - start
        again = Round.from_json(r.to_json())
        assert again == r and again.to_json() == r.to_json() and again.history == r.history
        outcome = "valid"
    assert seconds < TIME_LIMIT, f"{seconds:.2f} s for {excerpt(doc)}"
    return outcome


def test_real_documents_of_every_phase_load_equal() -> None:
    assert len(REAL) > 150
    for text in REAL:
        assert judge(text) == "valid"
    phases = Counter(json.loads(t)["plays"].count(" ") + bool(json.loads(t)["plays"]) for t in REAL)
    assert phases[0] >= 5 and phases[36] == 5  # before the first card, and finished, for each round


@pytest.mark.parametrize("seed", range(5))
def test_mutated_documents_load_or_are_refused_clearly(seed: int) -> None:
    outcomes = Counter(judge(doc) for doc in fuzzed_documents(DOCUMENTS // 5, seed))
    # the fuzzer reaches every kind of outcome
    assert set(outcomes) == {"valid", "not a JSON round", "not a jasslib round", "malformed JSON round",
                             "inconsistent JSON round"}, outcomes


def test_a_mutation_can_still_be_a_valid_round() -> None:
    """A document changed into another consistent round (hands given without a seed, fewer plays) loads as that
    round; another seed is refused, since a seed deals its own hands (D3)."""
    data = json.loads(REAL[-1])
    data["seed"] = None
    data["plays"] = " ".join(data["plays"].split()[:5])
    r = Round.from_json(json.dumps(data))
    assert r.seed is None and len(r.played) == 5 and Card.parse(data["plays"].split()[4]) in r.played
    data["seed"] = "another"
    with pytest.raises(RoundFormatError, match="deals other hands"):
        Round.from_json(json.dumps(data))
