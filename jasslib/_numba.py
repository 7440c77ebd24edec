"""Optional numba support: ``jit`` compiles a function when numba is installed, else returns it as is.

The engine's fast functions are written in the subset of Python numba compiles,
so the same source runs as plain Python (slower) where numba is missing.  The
bit helpers of :mod:`jasslib.bits` get numba implementations here.

>>> def add_one(x):
...     return x + 1
>>> jit(add_one)(1)
2
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from . import bits

__all__ = ["HAVE_NUMBA", "KERNEL_SOURCES", "jit"]

F = TypeVar("F", bound=Callable[..., Any])

try:  # pragma: no cover - which branch runs depends on the environment
    if os.environ.get("JASSLIB_NO_NUMBA"):
        raise ImportError("disabled by JASSLIB_NO_NUMBA")
    import numba
    from numba.extending import overload

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover
    numba = None
    HAVE_NUMBA = False


KERNEL_SOURCES: tuple[str, ...] = (
    "_numba.py", "bits.py", "cards.py", "contracts.py", "errors.py", "play.py", "rulesets.py", "scoring.py",
    "seats.py", "weis.py", "fast.py", "solver.py", "players/heuristics.py",
)
"""The modules whose code numba compiles, or whose tables it bakes in (relative to the package).

tests/test_fast.py checks that this list holds every module that defines a compiled kernel and every
jasslib module such a module imports, so no edit that changes compiled code can reuse a stale cache.
"""


def _cache_dir() -> str:
    """A numba cache folder named after a hash of the sources of :data:`KERNEL_SOURCES`.

    numba's own cache notices changes to a function's module but not to the modules of the
    functions it calls (``play.py`` for ``heuristics.py``, say); keying the cache on every kernel
    source makes such an edit start afresh, while edits elsewhere (a widget, a notebook helper)
    keep the compiled code.  ``NUMBA_CACHE_DIR``, when set, is the parent folder.
    """
    root = Path(__file__).resolve().parent
    digest = hashlib.blake2b(digest_size=8)
    for name in KERNEL_SOURCES:
        path = root / name
        digest.update(name.encode())
        digest.update(path.read_bytes() if path.exists() else b"-")
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "jasslib"
    )
    return os.path.join(base, f"numba-{digest.hexdigest()}")


if HAVE_NUMBA:  # pragma: no branch
    import numpy as np

    numba.config.CACHE_DIR = _cache_dir()
    from numba.core import cgutils
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
        """LLVM's population count of an integer."""
        sig = x(x)

        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            [val] = args
            fnty = cgutils.ir.FunctionType(val.type, [val.type])
            fn = cgutils.get_or_insert_function(builder.module, fnty, f"llvm.ctpop.i{val.type.width}")
            return builder.call(fn, [val])

        return sig, codegen

    @overload(bits.popcount)
    def _popcount(x):  # type: ignore[no-untyped-def]
        def impl(x):  # type: ignore[no-untyped-def]
            return np.int64(_ctpop(np.int64(x)))

        return impl

    @overload(bits.lsb_index)
    def _lsb_index(x):  # type: ignore[no-untyped-def]
        def impl(x):  # type: ignore[no-untyped-def]
            if x == 0:
                return -1
            return np.int64(trailing_zeros(np.int64(x)))

        return impl

    @overload(bits.msb_index)
    def _msb_index(x):  # type: ignore[no-untyped-def]
        def impl(x):  # type: ignore[no-untyped-def]
            if x <= 0:
                return -1
            return np.int64(63 - leading_zeros(np.int64(x)))

        return impl

    from . import play as _play

    _STRENGTH_ARRAY = np.array(_play._STRENGTH, dtype=np.int64)
    _STRONGER_ARRAY = np.array(_play._STRONGER, dtype=np.int64)

    @overload(_play.strength_table)
    def _strength_table(contract):  # type: ignore[no-untyped-def]
        def impl(contract):  # type: ignore[no-untyped-def]
            return _STRENGTH_ARRAY[contract]

        return impl

    _ABOVE_ARRAY = np.array(_play._ABOVE, dtype=np.int64)

    @overload(_play.above_table)
    def _above_table(contract):  # type: ignore[no-untyped-def]
        def impl(contract):  # type: ignore[no-untyped-def]
            return _ABOVE_ARRAY[contract]

        return impl

    @overload(_play.stronger_table)
    def _stronger_table(contract):  # type: ignore[no-untyped-def]
        def impl(contract):  # type: ignore[no-untyped-def]
            return _STRONGER_ARRAY[contract]

        return impl

    @overload(bits.lowest)
    def _lowest(x):  # type: ignore[no-untyped-def]
        def impl(x):  # type: ignore[no-untyped-def]
            return x & -x

        return impl


def jit(func: F) -> F:
    """``numba.njit(cache=True)(func)`` when numba is available, else ``func`` itself."""
    if not HAVE_NUMBA:
        return func
    try:
        return numba.njit(cache=True, nogil=True)(func)  # type: ignore[no-any-return]
    except RuntimeError:  # no file to key a cache on (a function typed at a prompt): compile uncached
        return numba.njit(nogil=True)(func)  # type: ignore[no-any-return]
