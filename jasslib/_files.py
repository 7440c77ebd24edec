"""Writing output files whole: where a path really points, and an atomic text write (layer 1, stdlib only).

Every writer of jasslib (simulations, DD tables, worksheets, cheat sheets, progress files) writes to a
temporary file beside its target and renames it into place, so a failure never leaves a half-written
file.  :func:`write_target` is the file to write for a path the user gave: a symbolic link is written
through (the file it points to gets the content, and the link stays a link).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "link.txt").symlink_to(folder / "real.txt")
>>> write_atomically(folder / "link.txt", "hello").name, (folder / "real.txt").read_text()
('link.txt', 'hello')
>>> (folder / "link.txt").is_symlink()
True
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from .errors import ArgumentError, excerpt

__all__ = ["write_target", "write_atomically", "temp_path"]


def write_target(path: str | os.PathLike[str]) -> Path:
    """The file to write for ``path``: the file a symbolic link points to (which may not exist yet), else ``path``."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)


def temp_path(target: Path, suffix: str = ".tmp") -> Path:
    """A fresh name for a temporary file beside ``target`` (hidden, random; the file is not created).

    A writer that takes the name first and creates the file inside its ``try`` can always remove it again,
    even when Ctrl-C arrives while the file is being created (``tempfile.mkstemp`` returns only after the
    file exists, which leaves a gap).  The file gets the usual permissions of a new file (the umask).

    >>> p = temp_path(Path("out") / "table.parquet")
    >>> p.parent.name, p.name.startswith(".table.parquet."), p.suffix
    ('out', True, '.tmp')
    """
    return target.parent / f".{target.name}.{secrets.token_hex(6)}{suffix}"


def write_atomically(path: str | os.PathLike[str], text: str, mode: int = 0o644) -> Path:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, flushed and synced to disk,
    then renamed over ``path`` (and the folder synced).  On any failure ``path`` keeps its old content and the
    temporary file is removed.  ``mode``: the new file's permissions.  A ``path`` that is a symbolic link is
    written through (:func:`write_target`).  Returns ``path`` as given."""
    if not isinstance(text, str):
        raise ArgumentError(f"write_atomically writes a text (str), got {excerpt(text)}")
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(f"write_atomically writes to a path, got {excerpt(path)}")
    p = write_target(path)
    folder = p.parent
    tmp = temp_path(p)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)
    return Path(path)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
