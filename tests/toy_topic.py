"""A toy exercise topic, defined outside the package with its public API only, to show that a new topic
is one Topic value: once registered it has series, checking, text and HTML, a worksheet and a trainer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from jasslib import Card, CardSet, Ruleset
from jasslib.display import cards_html, labelled_html
from jasslib.exercises import Draft, Exercise, Feedback, Item, Malformed, Topic, register, unregister


def _generate(rng: random.Random, ruleset: Ruleset, case: str) -> Draft:
    size = rng.randint(1, 4) if case == "few" else rng.randint(5, 9)
    hand = CardSet(rng.sample(list(Card), size))
    return Draft("How many cards do you hold?", {"hand": hand, "case": case}, size, f"You hold {size} cards (D3).")


def _check(ex: Exercise, response: Any) -> Feedback:
    if isinstance(response, bool) or not isinstance(response, int):
        raise Malformed("Please answer with a whole number such as 4.")
    ok = response == ex.answer
    item = Item("points", ok, f"You said {response}: {ex.explanation}", "D3")
    return Feedback(ok, (item,), "Right!" if ok else "Not right: see why below.")


TOY = Topic(
    name="count",
    title="How many cards?",
    kind="points",
    rules=("D3",),
    cases={"few": 1, "many": 3},
    first_cases=("few",),
    generate=_generate,
    check=_check,
    text=lambda ex: f"Hand: {ex.position['hand']}",
    html=lambda ex, style: labelled_html("Hand", cards_html(ex.position["hand"], style)),
    instructions="Write how many cards you hold.",
)


@contextmanager
def registered(topic: Topic = TOY) -> Iterator[Topic]:
    """``topic`` registered for the duration of the ``with`` block."""
    register(topic)
    try:
        yield topic
    finally:
        unregister(topic.name)
