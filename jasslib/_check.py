"""Checks of the plain arguments every outer layer takes: counts, sizes, flags, numbers, seeds, choices.

One place for them, so a count is a count everywhere (a whole number, never ``True``, never a ``Seat``,
never ``"٣"``), a seed has one length limit everywhere, and every refusal is an
:class:`~jasslib.errors.ArgumentError` (a :class:`~jasslib.errors.JassError`) whose message quotes a short
excerpt of the bad value, never the whole of it.

>>> whole(3, "count", low=1, high=10)
3
>>> whole(True, "count")
Traceback (most recent call last):
...
jasslib.errors.ArgumentError: count: expected a whole number of at least 0, got True
>>> flag("False", "hints")
Traceback (most recent call last):
...
jasslib.errors.ArgumentError: hints is True or False, not 'False'
"""

from __future__ import annotations

import enum
import math
import numbers
from collections.abc import Iterable
from typing import TypeGuard

from .errors import ArgumentError, CardParseError, excerpt

__all__ = ["is_whole", "whole", "flag", "finite", "seed", "ascii_whole", "frame", "choice", "MAX_SEED_TEXT",
           "MAX_SEED_BITS"]

MAX_SEED_TEXT = 256
"""A seed's text has at most this many characters, everywhere (rounds, games, simulations, exercises)."""
MAX_SEED_BITS = 256
"""An int seed lies strictly between ``-2**256`` and ``2**256``."""


def is_whole(value: object) -> TypeGuard[int]:
    """An int or a NumPy integer, never a bool nor an enum member (a ``Seat`` is no count)."""
    if isinstance(value, (bool, enum.Enum)) or type(value).__name__ == "bool_":
        return False
    return isinstance(value, numbers.Integral)


def whole(value: object, what: str, *, low: int | None = 0, high: int | None = None) -> int:
    """``value`` as an int when it is a whole number from ``low`` to ``high`` (either None: unbounded).

    >>> whole(5, "rounds", high=4)
    Traceback (most recent call last):
    ...
    jasslib.errors.ArgumentError: rounds: expected a whole number of at most 4, got 5
    """
    bound = ("" if low is None and high is None else f" of at least {low:,}" if high is None
             else f" of at most {high:,}" if low is None else f" from {low:,} to {high:,}")
    if not is_whole(value):
        raise ArgumentError(f"{what}: expected a whole number{bound}, got {excerpt(value)}")
    number = int(value)
    if low is not None and number < low:
        raise ArgumentError(f"{what}: expected a whole number of at least {low:,}, got {excerpt(number)}")
    if high is not None and number > high:
        raise ArgumentError(f"{what}: expected a whole number of at most {high:,}, got {excerpt(number)}")
    return number


def flag(value: object, what: str) -> bool:
    """``value`` when it is ``True`` or ``False`` (or a NumPy bool); a text such as ``"no"`` is refused.

    >>> flag(True, "hints")
    True
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise ArgumentError(f"{what} is True or False, not {excerpt(value)}")


def finite(value: object, what: str, *, low: float | None = None, high: float | None = None) -> float:
    """``value`` as a float when it is a finite real number from ``low`` to ``high`` (no nan, no inf).

    >>> finite(float("nan"), "share")
    Traceback (most recent call last):
    ...
    jasslib.errors.ArgumentError: share: expected a finite number, got nan
    """
    if isinstance(value, (bool, enum.Enum)) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"{what}: expected a number, got {excerpt(value)}")
    number = float(value)
    if not math.isfinite(number):
        raise ArgumentError(f"{what}: expected a finite number, got {excerpt(value)}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise ArgumentError(f"{what}: expected a number from {low} to {high}, got {excerpt(value)}")
    return number


def seed(value: object, room: int = 0, *, bits: int = MAX_SEED_BITS) -> int | str | None:
    """``value`` when it is None, a whole number (not ``True``, not an enum) or a short text; else a
    :class:`~jasslib.errors.CardParseError` (the error seeds have always raised).

    ``room`` characters of :data:`MAX_SEED_TEXT` are kept free (a game adds ``/index`` to its seed); ``bits``
    bounds a number (a table keeping seeds in 64-bit columns asks for 63).  A text must be encodable
    (no lone surrogate such as ``"\\ud800"``), because the seed is hashed from its UTF-8 bytes.

    >>> seed("monday"), seed(7), seed(None)
    ('monday', 7, None)
    >>> seed("\\ud800")
    Traceback (most recent call last):
    ...
    jasslib.errors.CardParseError: a seed's text must be plain text (no lone surrogate), got '\\ud800'
    """
    if value is None:
        return None
    if is_whole(value):
        number = int(value)
        if number.bit_length() > bits:
            raise CardParseError(f"a seed number lies between -2**{bits} and 2**{bits}, got {excerpt(number)}")
        return number
    if isinstance(value, str):
        limit = MAX_SEED_TEXT - room
        if len(value) > limit:
            raise CardParseError(f"a seed's text has at most {limit} characters, got {excerpt(value)}")
        if not value.isascii():
            try:
                value.encode()
            except UnicodeEncodeError:
                raise CardParseError(
                    f"a seed's text must be plain text (no lone surrogate), got {excerpt(value)}") from None
        return str(value)
    raise CardParseError(f"a seed is a whole number or a text (or None), got {excerpt(value)}")


def ascii_whole(text: object, what: str, *, low: int | None = 0, high: int | None = None) -> int:
    """A whole number written in ASCII digits (``"12"``, not ``"٣"`` nor ``"²"``), from ``low`` to ``high``.

    >>> ascii_whole("12", "rounds")
    12
    >>> ascii_whole("٣", "rounds")
    Traceback (most recent call last):
    ...
    jasslib.errors.ArgumentError: rounds: expected a whole number in the digits 0-9, got '٣'
    """
    if not isinstance(text, str):
        raise ArgumentError(f"{what}: expected a whole number in the digits 0-9, got {excerpt(text)}")
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise ArgumentError(f"{what}: expected a whole number in the digits 0-9, got {excerpt(text)}")
    if len(digits) > 100:
        raise ArgumentError(f"{what}: a number of {len(digits):,} digits is far too large")
    return whole(int(body), what, low=low, high=high)


def frame(value: object, what: str, columns: Iterable[str] = ()) -> None:
    """Refuse ``value`` unless it is a table (a pandas DataFrame, judged by its shape, so that this module needs
    no pandas) holding every one of ``columns``.

    >>> frame(None, "the DD table", ("dd_obenabe",))
    Traceback (most recent call last):
    ...
    jasslib.errors.ArgumentError: the DD table: expected a pandas DataFrame (a table), got None
    """
    names = getattr(value, "columns", None)
    if names is None or not hasattr(value, "iloc") or isinstance(value, type):
        raise ArgumentError(f"{what}: expected a pandas DataFrame (a table), got {excerpt(value)}")
    missing = [c for c in columns if c not in names]
    if missing:
        raise ArgumentError(f"{what}: the frame lacks the columns {excerpt(missing)} (it has {excerpt(list(names))})")


def choice(value: object, what: str, choices: Iterable[str]) -> str:
    """``value`` when it is one of the texts ``choices``.

    >>> choice("fast", "backend", ("fast", "reference"))
    'fast'
    """
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise ArgumentError(f"{what} is one of {', '.join(options)}, not {excerpt(value)}")
    return value
