"""Names of a package that are imported on first use (PEP 562): a package's ``__getattr__`` and ``__dir__``.

The front door (``jasslib``) and :mod:`jasslib.widgets` export names whose modules need heavier packages (numpy,
pandas, numba, ipywidgets); each such module is imported only when one of its names is first asked for.

>>> namespace = {}
>>> getattr_, dir_ = lazy_names("json", {"JSONDecoder": "decoder"}, namespace)
>>> dir_()
['JSONDecoder']
>>> getattr_("JSONDecoder").__module__, "JSONDecoder" in namespace  # imported now, and kept
('json.decoder', True)
>>> getattr_("nothing")
Traceback (most recent call last):
AttributeError: module 'json' has no attribute 'nothing'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, modules: Mapping[str, str], namespace: dict[str, Any]) -> tuple[
        Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package`` whose ``namespace`` (its ``globals()``) gets
    each name of ``modules`` (name: its module, relative to the package) when it is first asked for."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(modules))

    return __getattr__, __dir__
