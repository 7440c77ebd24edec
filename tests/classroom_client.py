"""A light learner for the classroom tests and benchmark: it does on the wire what a learner's Voilà page does.

:func:`learner_visit` fetches the trainers page with the learner's link (the login and ``_xsrf`` cookies are
kept, as a browser does), opens the page's kernel websocket with the page's Origin, asks for the widgets'
state as Voilà's widget manager does (a ``jupyter.widget.control`` comm, ``request_states``), finds the
trainer (legal cards, seed 1) and its view in the page (a browser draws only the widgets whose views the HTML
carries, :func:`view_ids`), clicks the legal cards and **Check** (widget ``click`` messages), waits for the
trainer's ✓ feedback, and closes the page as the page does when it is closed: ``POST
/voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's value.  :func:`load_and_close` loads and closes
many pages, a few at a time, counting the server's kernels (:func:`kernels`: its child processes running
ipykernel) as it goes.  Everything is bounded by timeouts.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import re
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import psutil
from websockets.sync.client import ClientConnection, connect

from jasslib.exercises import exercise
from jasslib.widgets._common import card_tooltip

TRAINERS = "/voila/render/app/trainers.ipynb"
INDEX = "/voila/render/app/index.ipynb"
CONTROL_PROTOCOL = "1.0.0"  # ipywidgets' control comm (all states at once), as the page's widget manager opens it
WIDGET_PROTOCOL = "2.1.0"  # ipywidgets 8's widget messages


@dataclass
class Visit:
    """What one light learner saw: times in seconds from the page's request, and the trainer's feedback."""

    name: str
    status: int = 0
    kernel_id: str = ""
    page_s: float = 0.0  # the page (HTML) received whole
    render_s: float = 0.0  # the trainer's widgets received (what the page draws)
    check_s: float = 0.0  # from the click on Check to the feedback
    feedback: str = ""
    shutdown_status: int = 0
    error: str = ""
    cookies: dict[str, str] = field(default_factory=dict)


def get(port: int, path: str, cookies: dict[str, str] | None = None, host: str | None = None,
        headers: dict[str, str] | None = None, timeout: float = 120) -> tuple[int, dict[str, str], str]:
    """GET ``path`` on 127.0.0.1:``port``; the status, the cookies set (merged into ``cookies``) and the body.

    The whole body must arrive within ``timeout`` seconds (a TimeoutError otherwise): a page that keeps its
    connection open while it waits for a kernel that never starts must fail the test, not hang the run (the socket's
    own timeout only bounds each read, and a streamed page can keep sending)."""
    deadline = time.monotonic() + timeout
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        head = {"Host": f"127.0.0.1:{port}" if host is None else host, **(headers or {})}
        if cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        conn.request("GET", path, headers=head)
        resp = conn.getresponse()
        parts: list[bytes] = []
        while True:
            part = resp.read1(65536)
            if not part:
                break
            parts.append(part)
            if time.monotonic() > deadline:
                raise TimeoutError(f"GET {path[:80]}: the page did not arrive whole within {timeout:g} s")
        body = b"".join(parts).decode("utf-8", "replace")
        jar = dict(cookies or {})
        for key, value in resp.getheaders():
            if key.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                jar[name.strip()] = rest.split(";", 1)[0]
        if cookies is not None:
            cookies.update(jar)
        return resp.status, jar, body
    finally:
        conn.close()


def _location(port: int, path: str, timeout: float = 120) -> str:
    """Where a redirect of ``path`` leads (a path on the same server)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        resp = conn.getresponse()
        resp.read()
        return urllib.parse.urlsplit(resp.getheader("Location") or "/")._replace(scheme="", netloc="").geturl()
    finally:
        conn.close()


def shutdown(port: int, kernel_id: str, cookies: dict[str, str], with_xsrf: bool = True) -> int:
    """The page's shutdown request when it is closed: a form POST with the ``_xsrf`` cookie's value."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        form = urllib.parse.urlencode({"_xsrf": cookies.get("_xsrf", "")} if with_xsrf else {})
        conn.request("POST", f"/voila/api/shutdown/{kernel_id}", body=form, headers={
            "Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}",
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


def kernel_id_of(page: str) -> str:
    """The kernel id in a Voilà page's configuration."""
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    return found.group(1) if found else ""


def open_kernel(port: int, kernel_id: str, cookies: dict[str, str], origin: str | None = None,
                token: str | None = None, timeout: float = 60) -> ClientConnection:
    """The page's kernel websocket (``origin``: the page's own unless given)."""
    query = f"session_id={uuid.uuid4().hex}" + (f"&token={token}" if token else "")
    return connect(f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?{query}",
                   origin=origin or f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
                   additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())},
                   open_timeout=timeout, max_size=2**26)


class Kernel:
    """Jupyter messages over an open kernel websocket (the JSON form the server accepts from pages)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.session = uuid.uuid4().hex

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell",
             metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "username": "learner", "session": self.session, "msg_type": msg_type,
                       "version": "5.3", "date": datetime.now(timezone.utc).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": channel, "buffers": []}))
        return msg_id

    def messages(self, seconds: float) -> Any:
        """The messages that arrive within ``seconds`` (binary frames, which carry buffers, are skipped)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                raw = self.ws.recv(timeout=left)
            except TimeoutError:
                return
            if isinstance(raw, str):
                yield json.loads(raw)

    def comm_msg(self, comm_id: str, data: dict[str, Any]) -> str:
        return self.send("comm_msg", {"comm_id": comm_id, "data": data}, metadata={"version": WIDGET_PROTOCOL})


def widget_states(kernel: Kernel, seconds: float = 120) -> dict[str, dict[str, Any]]:
    """All widget models of the page (id → state), as Voilà's widget manager asks for them."""
    kernel.send("kernel_info_request", {})
    control = uuid.uuid4().hex
    kernel.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                metadata={"version": CONTROL_PROTOCOL})
    kernel.comm_msg(control, {"method": "request_states"})
    for msg in kernel.messages(seconds):
        data = msg.get("content", {}).get("data", {})
        if msg["header"]["msg_type"] == "comm_msg" and data.get("method") == "update_states":
            return {k: v["state"] for k, v in data["states"].items()}
    raise TimeoutError("no widget state within the time")


def view_ids(page: str) -> list[str]:
    """The model ids of the widget views among a Voilà page's cell outputs: the widgets a browser draws.

    >>> view_ids('<script type="application/vnd.voila.cell-output+json">{"data": '
    ...          '{"application/vnd.jupyter.widget-view+json": {"model_id": "ab12", "version_major": 2}}}</script>')
    ['ab12']
    """
    return re.findall(r'"application/vnd\.jupyter\.widget-view\+json":\s*\{"model_id":\s*"(\w+)"', page)


def _children(states: dict[str, dict[str, Any]], root: str) -> list[str]:
    out, todo = [], [root]
    while todo:
        mid = todo.pop()
        out.append(mid)
        for child in states.get(mid, {}).get("children", []) or []:
            if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                todo.append(child[len("IPY_MODEL_"):])
    return out


def legal_trainer(states: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The first legal-cards trainer of the page (seed 1, exercise 1): its own model (``root``), its Check
    button, the buttons of the legal cards, and its feedback widget."""
    ex = exercise("legal", 1, 0)
    hand = {card_tooltip(c): c for c in ex.position["hand"]}
    for mid, state in states.items():
        if "jass-trainer" not in (state.get("_dom_classes") or ()):
            continue
        tree = _children(states, mid)
        cards = {states[m]["tooltip"]: m for m in tree if states[m].get("tooltip") in hand}
        if len(cards) != len(hand):
            continue
        check = next(m for m in tree if states[m].get("description") == "Check")
        feedback = next(m for m in tree if "jass-feedback" in (states[m].get("_dom_classes") or ()))
        legal = [cards[card_tooltip(c)] for c in ex.answer]
        return {"root": mid, "check": check, "legal": legal, "feedback": feedback}
    raise LookupError("no legal-cards trainer on the page")


def click(kernel: Kernel, button: str) -> None:
    """A click on a button widget, as the page sends it."""
    kernel.comm_msg(button, {"method": "custom", "content": {"event": "click"}})


def learner_visit(port: int, link_query: str, name: str = "", close: bool = True, timeout: float = 120,
                  headers: dict[str, str] | None = None, path: str = TRAINERS) -> Visit:
    """One learner opening ``path`` with ``link_query`` (``token=...``): the trainers page, or ``/`` (the
    learner's link, which leads there), answering the first trainer right and closing the page.  Errors are
    kept in :attr:`Visit.error`, not raised."""
    visit = Visit(name)
    start = time.monotonic()
    try:
        url = f"{path}?{link_query}"
        if path == "/":  # the learner's link: its redirect followed, as a browser does
            url = _location(port, url, timeout)
        visit.status, cookies, page = get(port, url, cookies={}, timeout=timeout, headers=headers)
        visit.cookies = cookies
        visit.page_s = time.monotonic() - start
        visit.kernel_id = kernel_id_of(page)
        if visit.status != 200 or not visit.kernel_id:
            text = " ".join(re.sub(r"(?s)<(script|style)\b.*?</\1>|<[^>]+>", " ", page).split())
            raise RuntimeError(f"the page answered {visit.status} without a kernel ({len(page)} bytes: "
                               f"{text[:160]!r})")
        with open_kernel(port, visit.kernel_id, cookies, timeout=timeout) as ws:
            kernel = Kernel(ws)
            states = widget_states(kernel, timeout)
            trainer = legal_trainer(states)
            views = view_ids(page)
            if not any(trainer["root"] in _children(states, view) for view in views):
                raise LookupError("the page has no view of the trainer: a browser would draw none")
            panels = [m for m, st in states.items() if "jass-progress" in (st.get("_dom_classes") or ())]
            if not set(panels) & set(views):
                raise LookupError(f"the page has no view of the progress panel ({len(panels)} panel models in the "
                                  f"kernel, {len(views)} views on the page, {len(page)} bytes)")
            visit.render_s = time.monotonic() - start
            for button in trainer["legal"]:
                click(kernel, button)
            clicked = time.monotonic()
            click(kernel, trainer["check"])
            for msg in kernel.messages(timeout):
                content = msg.get("content", {})
                data = content.get("data", {})
                if content.get("comm_id") == trainer["feedback"] and data.get("method") == "update":
                    value = data.get("state", {}).get("value", "")
                    if "✓" in value or "✗" in value:
                        visit.feedback = value
                        visit.check_s = time.monotonic() - clicked
                        break
            if not visit.feedback:
                raise TimeoutError("no feedback for Check")
        if close:
            visit.shutdown_status = shutdown(port, visit.kernel_id, cookies)
    except Exception as exc:  # noqa: BLE001 - a learner's failure is a figure of the run, reported by the caller
        visit.error = f"{type(exc).__name__}: {exc}"
    return visit


def kernels(server: psutil.Process) -> list[psutil.Process]:
    """The server's kernels: its child processes running ipykernel."""
    found = []
    for child in server.children(recursive=True):
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                found.append(child)
        except psutil.Error:
            continue
    return found


@dataclass
class Loads:
    """What :func:`load_and_close` saw: each page's (status, kernel id, status of its shutdown request), and
    the most kernels the server had while the pages were open."""

    pages: list[tuple[int, str, int]]
    peak: int


def load_and_close(port: int, server: psutil.Process, query: str = "", count: int = 30, at_once: int = 5,
                   path: str = INDEX, timeout: float = 120) -> Loads:
    """Load ``path`` (with ``query``, e.g. ``token=...``) ``count`` times, ``at_once`` pages open together,
    closing each page as a browser does (its shutdown request with the ``_xsrf`` cookie's value)."""
    peak = [len(kernels(server))]
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.2):
            peak[0] = max(peak[0], len(kernels(server)))

    def one(_: int) -> tuple[int, str, int]:
        cookies: dict[str, str] = {}
        status, _, page = get(port, f"{path}?{query}" if query else path, cookies=cookies, timeout=timeout)
        kernel = kernel_id_of(page)
        return status, kernel, shutdown(port, kernel, cookies) if kernel else 0

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        with concurrent.futures.ThreadPoolExecutor(at_once) as pool:
            pages = list(pool.map(one, range(count)))
    finally:
        done.set()
        watcher.join(timeout=5)
    return Loads(pages, peak[0])
