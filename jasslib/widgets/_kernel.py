"""The kernel's side of showing many widgets at once: no output message dropped.

A page of widgets reaches the browser as messages on the kernel's output channel (IOPub), a ZeroMQ socket that
keeps at most 1,000 messages waiting to be sent and *drops* the ones after, without a word.  The course's page of
trainers sends about 1,250 (one per widget, 1,018 widgets) within a second; when the kernel's sending thread gets
too little of the processor to keep up (a classroom's pool of kernels rendering that page together, on a busy
computer), the end of the page was lost: the server then waited two minutes for the kernel's "idle" status
("Timeout waiting for IOPub output"), and a page could lack widgets.  :func:`keep_every_output_message` lifts
that limit in the running kernel; :mod:`jasslib.widgets` calls it when imported.  Outside a Jupyter kernel (a
script, the tests) it does nothing.

>>> keep_every_output_message()   # not in a kernel here
False
"""

from __future__ import annotations

from typing import Any


def keep_every_output_message(shell: Any = None) -> bool:
    """Lift the send limit (ZeroMQ's high-water mark) of the running kernel's output channel, so that a burst of
    widget messages waits to be sent instead of being dropped; ``True`` when there was such a kernel.  The change is
    made on the channel's own thread (ZeroMQ sockets belong to one thread) and applies to the connections already
    open (libzmq 4.3).  ``shell``: the IPython shell (by default the running one)."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return False
        shell = get_ipython()
    thread = getattr(getattr(shell, "kernel", None), "iopub_thread", None)
    socket, loop = getattr(thread, "socket", None), getattr(thread, "io_loop", None)
    if socket is None or loop is None:
        return False
    import zmq

    loop.add_callback(lambda: socket.setsockopt(zmq.SNDHWM, 0))
    return True
