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

import ast
import functools
import hashlib
import importlib.util
import os
import re
import sys
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from . import bits

__all__ = ["HAVE_NUMBA", "borrowed", "interpreted", "jit", "jit_inline", "kernel_sources", "load_numba", "prefetch"]

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

F = TypeVar("F", bound=Callable[..., Any])


def _numba_installed() -> bool:
    """Whether numba can be used: installed, and not switched off by ``JASSLIB_NO_NUMBA`` (it is imported only when
    the first compiled function is called, see :func:`load_numba`)."""
    if os.environ.get("JASSLIB_NO_NUMBA"):
        return False
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):  # pragma: no cover - a broken environment
        return False


HAVE_NUMBA = _numba_installed()


_ROOT = Path(__file__).resolve().parent


_RELATIVE_IMPORT = re.compile(r"^[ \t]*from[ \t]+\.[\w.]*[ \t]+import[ \t]+(?:\([^)]*\)|[^\n]*)", re.M)
"""A ``from .x import y`` statement at the start of a line (its parenthesised names too)."""


def _relative_imports(source: str) -> list[ast.ImportFrom]:
    r"""The relative ``from ... import`` statements of ``source``, anywhere in it (in functions too).

    Only the lines that start such a statement are parsed (a whole module's syntax tree costs a process tenths of a
    second at every import of a kernel module); a statement that does not parse alone (a comment inside its
    parentheses, say) makes the whole source parsed instead, so nothing is missed.

    >>> source = "import os\nfrom . import bits\ndef f():\n    from ..x import (a,\n  b)"
    >>> [(n.level, n.module, [a.name for a in n.names]) for n in _relative_imports(source)]
    [(1, None, ['bits']), (2, 'x', ['a', 'b'])]
    """
    found: list[ast.ImportFrom] = []
    for match in _RELATIVE_IMPORT.finditer(source):
        try:
            found.extend(n for n in ast.parse(match.group(0).strip()).body if isinstance(n, ast.ImportFrom))
        except SyntaxError:
            return [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom) and n.level]
    return found


@cache
def _imports(path: Path) -> frozenset[Path]:
    """The package's modules that ``path`` imports with relative imports (anywhere in its source); each file is read
    once per process."""
    out: set[Path] = set()
    for node in _relative_imports(path.read_text(encoding="utf-8")):
        base = path.parent
        for _ in range(node.level - 1):
            base = base.parent
        parts = node.module.split(".") if node.module else []
        names = [parts] if parts else [[a.name] for a in node.names]
        for name in names:
            target = base.joinpath(*name)
            for candidate in (target.with_suffix(".py"), target / "__init__.py"):
                if candidate.is_file():
                    out.add(candidate.resolve())
                    break
    return frozenset(out)


@cache
def kernel_sources(module_file: str) -> tuple[str, ...]:
    """The sources a compiled kernel of ``module_file`` depends on: the module and, transitively, every
    jasslib module it imports (relative to the package).

    >>> "play.py" in kernel_sources(str(_ROOT / "fast.py")), "display.py" in kernel_sources(str(_ROOT / "fast.py"))
    (True, False)
    """
    seen: set[Path] = set()
    todo = [Path(module_file).resolve(), (_ROOT / "_numba.py").resolve()]
    while todo:
        path = todo.pop()
        if path in seen or _ROOT not in path.parents:
            continue
        seen.add(path)
        todo.extend(_imports(path) - seen)
    return tuple(sorted(p.relative_to(_ROOT).as_posix() for p in seen))


@cache
def _cache_dir(module_file: str) -> str:
    """The numba cache folder of the kernels of ``module_file``: named after a hash of its
    :func:`kernel_sources`.

    numba's own cache notices changes to a function's module but not to the modules of the
    functions it calls (``play.py`` for ``heuristics.py``, say); keying each module's cache on the
    sources it depends on makes such an edit start afresh, while an edit elsewhere (a widget, a
    notebook helper, another kernel module) keeps the compiled code.  The solver's switches
    (environment variables ``JASSLIB_SOLVER_*``, which the kernels compile in as constants) are part of
    the key too, so a benchmark that flips one never runs the code cached for the other setting.
    ``NUMBA_CACHE_DIR``, when set, is the parent folder.
    """
    digest = hashlib.blake2b(digest_size=8)
    for name in kernel_sources(module_file):
        digest.update(name.encode())
        digest.update((_ROOT / name).read_bytes())
    for name in sorted(k for k in os.environ if k.startswith("JASSLIB_SOLVER_")):
        digest.update(f"{name}={os.environ[name]}".encode())
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "jasslib"
    )
    return os.path.join(base, f"numba-{Path(module_file).stem}-{digest.hexdigest()}")


def prefetch(table: Any, row: int) -> None:
    """Ask the CPU to bring row ``row`` of the array ``table`` into its cache: compiled code only (a hint, no effect
    on results; nothing in plain Python).

    >>> prefetch([[1, 2]], 0)
    """


def borrowed(array: Any) -> Any:
    """``array`` itself, for compiled code without reference counting: a view of the same memory that owns nothing.

    numba counts references to every array it passes around: each array argument of a call, inlined calls
    too, costs two atomic updates of a shared counter, which took a fifth of the solver's time.  On a view that
    owns nothing those updates do nothing.  Only for an array that outlives every use of the view (an argument
    of the function that makes the view, kept alive by its caller) and that compiled code never returns.  In
    plain Python it is the array itself.

    >>> a = [1, 2]
    >>> borrowed(a) is a
    True
    """
    return array


def _register_numba() -> None:
    """Import numba and give it the compiled forms of the bit helpers, the rule tables, :func:`prefetch` and
    :func:`borrowed` (before anything is compiled)."""
    import numba
    import numpy as np
    from numba.core import cgutils
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
    from numba.extending import intrinsic, overload

    def _int_intrinsic(fn: object) -> Callable[[np.int64], np.int64]:
        """A one-integer intrinsic as compiled code calls it: on the integer alone (numba supplies the typing
        context; numba's stubs type the call as Python sees it, with the context and never returning)."""
        return cast("Callable[[np.int64], np.int64]", fn)

    @intrinsic
    def _ctpop_ir(typingctx, x):
        """LLVM's population count of an integer."""
        sig = x(x)

        def codegen(context, builder, signature, args):
            [val] = args
            fnty = cgutils.ir.FunctionType(val.type, [val.type])
            fn = cgutils.get_or_insert_function(builder.module, fnty, f"llvm.ctpop.i{val.type.width}")
            return builder.call(fn, [val])

        return sig, codegen

    _ctpop = _int_intrinsic(_ctpop_ir)
    _trailing_zeros = _int_intrinsic(trailing_zeros)
    _leading_zeros = _int_intrinsic(leading_zeros)

    @overload(bits.popcount)
    def _popcount(x):
        def impl(x):
            return np.int64(_ctpop(np.int64(x)))

        return impl

    @overload(bits.lsb_index)
    def _lsb_index(x):
        def impl(x):
            if x == 0:
                return -1
            return np.int64(_trailing_zeros(np.int64(x)))

        return impl

    @overload(bits.msb_index)
    def _msb_index(x):
        def impl(x):
            if x <= 0:
                return -1
            return np.int64(63 - _leading_zeros(np.int64(x)))

        return impl

    from . import play as _play

    _STRENGTH_ARRAY = np.array(_play._STRENGTH, dtype=np.int64)
    _STRONGER_ARRAY = np.array(_play._STRONGER, dtype=np.int64)

    @overload(_play.strength_table)
    def _strength_table(contract):
        def impl(contract):
            return _STRENGTH_ARRAY[contract]

        return impl

    _ABOVE_ARRAY = np.array(_play._ABOVE, dtype=np.int64)

    @overload(_play.above_table)
    def _above_table(contract):
        def impl(contract):
            return _ABOVE_ARRAY[contract]

        return impl

    @overload(_play.stronger_table)
    def _stronger_table(contract):
        def impl(contract):
            return _STRONGER_ARRAY[contract]

        return impl

    @intrinsic
    def _prefetch_ir(typingctx, table, row):
        """LLVM's prefetch (read, keep in all cache levels) of the first element of row ``row`` of ``table``."""
        sig = numba.types.none(table, row)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            zero = context.get_constant(numba.types.intp, 0)
            index = [args[1]] + [zero] * (aryty.ndim - 1)
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, index, wraparound=False)
            i8p = cgutils.ir.IntType(8).as_pointer()
            i32 = cgutils.ir.IntType(32)
            fnty = cgutils.ir.FunctionType(cgutils.ir.VoidType(), [i8p, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
            builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return sig, codegen

    _prefetch_row = cast("Callable[[Any, int], None]", _prefetch_ir)  # called as compiled code calls it

    @overload(prefetch)
    def _prefetch(table, row):
        def impl(table, row):
            _prefetch_row(table, row)

        return impl

    @intrinsic
    def _borrowed_ir(typingctx, array):
        """A copy of an array's structure without its owner (meminfo) and Python object (parent)."""
        if not isinstance(array, numba.types.Array):
            return None
        sig = array(array)

        def codegen(context, builder, signature, args):
            view = context.make_array(signature.args[0])(context, builder, value=args[0])
            view.meminfo = cgutils.get_null_value(view.meminfo.type)
            view.parent = cgutils.get_null_value(view.parent.type)
            return view._getvalue()

        return sig, codegen

    _borrowed_view = cast("Callable[[Any], Any]", _borrowed_ir)  # called as compiled code calls it

    @overload(borrowed)
    def _borrowed(array):
        def impl(array):
            return _borrowed_view(array)

        return impl

    @overload(bits.lowest)
    def _lowest(x):
        def impl(x):
            return x & -x

        return impl


class _Lazy:
    """A function to be compiled, standing in for its numba dispatcher until numba is imported (:func:`load_numba`):
    a page or a script that never calls compiled code does not import numba (measured: 26 MB of a kernel's own
    memory and a tenth of a second).  Called, or asked for a dispatcher's attribute, it imports numba and then
    acts as the dispatcher; the package's modules then hold the dispatcher itself in its place."""

    def __init__(self, func: Callable[..., Any], inline: bool) -> None:
        functools.update_wrapper(self, func)  # name, docstring (doctests are found as before), __wrapped__
        self._func, self._inline, self._dispatcher = func, inline, cast("Callable[..., Any] | None", None)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._dispatcher is None and _depth() > 0:  # inside interpreted(): plain Python
            return self._func(*args, **kwargs)
        return (self._dispatcher or _loaded(self))(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # only for names not found on the proxy: the dispatcher's (py_func, ...)
        if name.startswith("__") or name in ("_func", "_inline", "_dispatcher"):
            raise AttributeError(name)
        return getattr(self._dispatcher or _loaded(self), name)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:  # by reference, as a function or a dispatcher is pickled
        return _by_name, (self._func.__module__, self.__qualname__)

    def __repr__(self) -> str:
        return f"<{self._func.__module__}.{self.__qualname__}, compiled when first called>"


def _by_name(module: str, qualname: str) -> Any:
    """The object named ``qualname`` in ``module`` (how a :class:`_Lazy` is unpickled)."""
    value: Any = importlib.import_module(module)
    for part in qualname.split("."):
        value = getattr(value, part)
    return value


_INTERPRETING = threading.local()  # depth: calls of interpreted() under way in this thread


def _depth() -> int:
    """How many calls of :func:`interpreted` functions are under way in this thread."""
    depth: int = getattr(_INTERPRETING, "depth", 0)
    return depth


def interpreted(func: F) -> F:
    """``func`` (given to :func:`jit`) as a caller outside compiled code wants it for a few calls at a time: run as
    plain Python, with every compiled function it calls, while numba is not imported yet; once it is, compiled.

    The same source gives the same results either way.  For the rule-based bots of an interactive round or game:
    plain Python plays a round of four bots in 1.6 ms and a game in 18 ms (compiled: 1.1 and 11 ms), where the
    first compiled call would import numba and load the compiled code: 0.3 s, and a kernel that played notebook 04's
    rounds held 207 MB of its own memory instead of 60 (measured 2026-12-06).

    >>> def double(x):
    ...     return 2 * x
    >>> interpreted(jit(double))(21)
    42
    """
    if not isinstance(func, _Lazy):
        return func

    @functools.wraps(func._func)
    def run(*args: Any, **kwargs: Any) -> Any:  # the stand-in decides (_Lazy.__call__), as for every call below
        depth = _depth()
        _INTERPRETING.depth = depth + 1
        try:
            return func(*args, **kwargs)
        finally:
            _INTERPRETING.depth = depth

    return cast(F, run)


_LOAD_LOCK = threading.Lock()
_WAITING: list[_Lazy] = []
_LOADED = False
_COMPILED = False


def _loaded(lazy: _Lazy) -> Callable[..., Any]:
    """``lazy``'s dispatcher (or its function without numba), after :func:`load_numba`."""
    load_numba()
    assert lazy._dispatcher is not None
    return lazy._dispatcher


def load_numba() -> bool:
    """Import numba and make every function given to :func:`jit` so far a numba dispatcher (the first call of a
    compiled function does this by itself); afterwards :func:`jit` compiles at once.  Returns whether numba is in
    use (``False`` without numba, with ``JASSLIB_NO_NUMBA``, or when numba fails to import: the functions then run as
    plain Python).

    >>> load_numba() == HAVE_NUMBA
    True
    """
    global _LOADED, _COMPILED
    with _LOAD_LOCK:
        if _LOADED:
            return _COMPILED
        if HAVE_NUMBA:
            try:
                _register_numba()
                _COMPILED = True
            except ImportError:  # pragma: no cover - numba found but broken: plain Python, as without it
                _COMPILED = False
        for lazy in _WAITING:
            lazy._dispatcher = _compile(lazy._func, lazy._inline) if _COMPILED else lazy._func
        # the package's modules get the dispatchers in place of the stand-ins (the names they bound at import)
        for name, module in list(sys.modules.items()):
            if module is not None and (name == "jasslib" or name.startswith("jasslib.")):
                for key, value in list(vars(module).items()):
                    if isinstance(value, _Lazy) and value._dispatcher is not None:
                        setattr(module, key, value._dispatcher)
        _WAITING.clear()
        _LOADED = True
        return _COMPILED


def _jit(func: F, inline: bool) -> F:
    if not HAVE_NUMBA:
        return func
    with _LOAD_LOCK:
        if not _LOADED:
            lazy = _Lazy(func, inline)
            _WAITING.append(lazy)
            return cast(F, lazy)
    return cast(F, _compile(func, inline=inline)) if _COMPILED else func


def jit(func: F) -> F:
    """``numba.njit(cache=True)(func)`` when numba is available, else ``func`` itself.

    The dispatcher numba returns is called like ``func`` (same arguments, same result), so it keeps ``func``'s type.
    Until the first compiled function is called, a stand-in takes its place (:func:`load_numba`).
    """
    return _jit(func, inline=False)


def jit_inline(func: F) -> F:
    """Like :func:`jit`, and numba inlines the function into each compiled caller (``inline="always"``).

    For small functions called at every node of a search: an ordinary call passes each array argument
    with two atomic reference-count updates, which cost the solver a quarter of its time.
    """
    return _jit(func, inline=True)


def _compile(func: F, inline: bool = False) -> Dispatcher[F]:
    import numba

    module = sys.modules.get(func.__module__)
    source = getattr(module, "__file__", None)
    options: dict[str, Any] = {"nogil": True}
    if inline:
        options["inline"] = "always"
    if source is None or _ROOT not in Path(source).resolve().parents:  # not a jasslib module: compile uncached
        return numba.njit(**options)(func)
    # numba.config sets its options (CACHE_DIR, ...) in its namespace at import time, where mypy cannot see them
    config = vars(numba.config)
    saved = config["CACHE_DIR"]
    config["CACHE_DIR"] = _cache_dir(source)  # read when the dispatcher sets up its cache, just below
    try:
        return numba.njit(cache=True, **options)(func)
    except RuntimeError:  # no file to key a cache on (a function typed at a prompt): compile uncached
        return numba.njit(**options)(func)
    finally:
        config["CACHE_DIR"] = saved
