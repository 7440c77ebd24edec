"""Bit helpers on card masks, usable both as plain Python and inside numba-compiled code.

The engine's fast functions (``play.legal_mask``, the players' heuristics) are
written in the subset of Python that numba compiles.  Python's ``int.bit_length``
and ``int.bit_count`` are not in that subset, so those functions call these
helpers instead; :mod:`jasslib._numba` registers numba implementations of them.  They accept
Python ints and numpy integers alike.

>>> popcount(0b1011), lsb_index(0b1000), msb_index(0b1011), lowest(0b1100)
(3, 3, 3, 4)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

__all__ = ["popcount", "lsb_index", "msb_index", "lowest", "IntSequence"]


class IntSequence(Protocol):
    """The card numbers or table values a fast function reads by position: a list or tuple of ints, or a
    numpy int array (what the compiled kernels pass), alike."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> int: ...

    def __iter__(self) -> Iterator[int]: ...


def popcount(x: int) -> int:
    """The number of set bits (cards in a mask)."""
    return int(x).bit_count()


def lsb_index(x: int) -> int:
    """The index of the lowest set bit (the lowest card of a mask); -1 for 0."""
    x = int(x)
    return (x & -x).bit_length() - 1


def msb_index(x: int) -> int:
    """The index of the highest set bit (the highest card of a mask); -1 for 0."""
    return int(x).bit_length() - 1


def lowest(x: int) -> int:
    """The lowest set bit as a mask (0 for 0)."""
    x = int(x)
    return x & -x
