"""A page of widgets loses no message on the kernel's output channel (``jasslib/widgets/_kernel.py``).

ZeroMQ keeps at most 1,000 messages waiting on a kernel's output channel (IOPub) and drops the rest: a classroom's
pool of kernels rendering the trainers page together (about 1,250 messages each) lost the end of a page and the
server waited two minutes for it.  Here a real kernel sends 3,000 display messages while its client reads none
(the client holds at most 10, as a server that falls behind): before ``jasslib.widgets`` is imported most of them
are lost, after it every one arrives.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator

import pytest
import zmq
from jupyter_client.blocking import BlockingKernelClient
from jupyter_client.manager import KernelManager

from jasslib.widgets._kernel import keep_every_output_message

BURST = 3000
BURST_CELL = f"from IPython.display import display\nfor i in range({BURST}):\n    display('x' * 5000)"
"""3,000 messages of 5 kB: more than the operating system's socket buffers hold besides ZeroMQ's queues."""


@pytest.fixture
def slow_client() -> Iterator[BlockingKernelClient]:
    """A kernel, and a client whose output socket holds at most 10 unread messages."""
    km = KernelManager(kernel_name="python3", transport="tcp")
    km.start_kernel()
    kc = km.client()
    kc.context.setsockopt(zmq.RCVHWM, 10)
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _displays_arrived(kc: BlockingKernelClient, code: str) -> int:
    """Run ``code`` without reading the output channel until the cell has replied; then count its displays."""
    msg_id = kc.execute(code)
    reply = kc.get_shell_msg(timeout=120)
    assert reply["parent_header"]["msg_id"] == msg_id and reply["content"]["status"] == "ok", reply["content"]
    count = 0
    while True:
        try:
            msg = kc.get_iopub_msg(timeout=1)  # the lost end of a burst: nothing more comes
        except queue.Empty:
            return count
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "display_data":
            count += 1
        elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return count


def test_a_burst_of_widget_messages_reaches_a_client_that_falls_behind(slow_client: BlockingKernelClient) -> None:
    assert _displays_arrived(slow_client, BURST_CELL) < BURST, "ZeroMQ's limit drops messages: the case to cure"
    assert _displays_arrived(slow_client, "import jasslib.widgets") == 0
    assert _displays_arrived(slow_client, BURST_CELL) == BURST, "after the import every message arrives"


def test_outside_a_kernel_nothing_changes() -> None:
    class Shell:  # an IPython shell without a kernel (a terminal IPython)
        kernel = None

    assert keep_every_output_message(Shell()) is False
    assert keep_every_output_message() is False
