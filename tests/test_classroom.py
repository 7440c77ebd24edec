"""The classroom (``make app-classroom``, ``app/serve.py`` and ``app/classroom.py``): a class served from one
computer on 127.0.0.1.

The class list, the class folder and the learners' tokens are checked directly.  Then one classroom server
for the whole module (a class list of six, the trainers page rendered ahead in five kernels and the index
in one, idle kernels culled after the default ten minutes) holds a small class that starts together: three
light learners (``tests/classroom_client.py``: what the Voilà page does on the wire) open their own links at
once, see the trainer, answer it and close the page; each learner's own progress file has that answer and
no kernel is left but the pool.  In Chromium two learners come through the index, check a trainer and see
only their own progress; the teacher's class view shows both and offers the CSV.  Thirty pages loaded and
closed leave only the pool too.  The security edges are tried against the same server: another site's
websocket, a missing or foreign Host, code sent to the kernel, a learner naming someone else, the
teacher's and the learners' tokens in the wrong place.  The tests of that server run in the file's order, so
that each takes a page whose kernel the server started ahead and none waits for a kernel to start (each wait
was about ten seconds of the suite): the teacher's test the index's kernel before the thirty pages of the index
use it up, the class three of the trainers page's five, the ``_xsrf`` and websocket tests the other two.
A second server, without a class list and without a pool, is the class link where learners give their name;
there a page left open without its websocket is culled after two seconds.
"""

from __future__ import annotations

import base64
import concurrent.futures
import http.client
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from browsing import RELOADS, WAIT_MS, reload_after_the_open_fault, server_env, tail
from classroom_client import (
    INDEX,
    TRAINERS,
    Kernel,
    get,
    kernel_id_of,
    kernels,
    learner_visit,
    load_and_close,
    open_kernel,
    shutdown,
)

from jasslib.progress import (
    CLASS_ENV_VAR,
    LearnerProgress,
    Progress,
    ProgressLocationError,
    class_learner_path,
    default_store,
    read_progress,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from classroom import POOL_READY, ClassroomError, Roster, learner_id, open_roster, read_class_list  # noqa: E402
from serve import index_pool  # noqa: E402

NAMES = ["Anna Müller", "Ben", "Chloé"]  # light learners
BROWSER_NAMES = ["Fritz", "Greta"]  # learners in Chromium, at the same time as the light ones
OTHER = "Dario"  # in the class list too: the pages of the security and thirty-pages tests
POOL = len(NAMES) + len(BROWSER_NAMES)  # the class at once is served from the pool
KEPT = POOL + index_pool(POOL)  # the kernels the server keeps started: the trainers page's and the index's
CLASS_REFRESH = 2  # seconds between the class view's reloads in the Chromium class (the default 10 s was waited for)
CULL_IDLE = 2  # seconds, in the class without a list only: no Chromium page there waits to open its websocket
RENDER_BOUND = 240  # seconds: a learner who waits longer for the first trainer was not served (a loaded machine
# draws two Chromium pages of the trainers page in over 80 s; a quiet one in a few)


# ------------------------------------------------------------------ the class, without a server
def test_a_class_list_gives_each_learner_an_id_a_token_and_a_progress_file(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("# class 7b\nAnna Müller\n\n  Ben  \nanna müller\nChloé\n", encoding="utf-8")
    assert read_class_list(names) == ["Anna Müller", "Ben", "Chloé"], "comments, blanks and a repeated name skipped"
    roster = open_roster(tmp_path / "7b", read_class_list(names), open_join=False)
    ids = [x.id for x in roster.learners.values()]
    assert ids == ["anna-muller", "ben", "chloe"]
    tokens = [x.token for x in roster.learners.values()]
    assert len(set(tokens)) == 3 and all(len(t) >= 20 for t in tokens)
    for learner in roster.learners.values():
        record = read_progress(roster.progress_path(learner))
        assert record.learner == learner.name and record.done == 0, "everyone is in the class table from the start"
    assert stat.S_IMODE((tmp_path / "7b" / "class.json").stat().st_mode) == 0o600, "the tokens: the teacher's only"
    again = open_roster(tmp_path / "7b", ["Ben", "Dario"])
    assert [x.token for x in again.learners.values()][:3] == tokens, "the links stay valid when the app restarts"
    assert again.learners["dario"].name == "Dario" and again.by_token(tokens[1]).name == "Ben"
    assert again.by_token(tokens[1] + "x") is None
    assert learner_id("Ben", ["ben"]) == "ben-2" and learner_id("../..") == "learner"


def test_bad_class_lists_and_folders_are_refused_with_a_reason(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nobody yet\n", encoding="utf-8")
    with pytest.raises(ClassroomError, match="names no learner"):
        read_class_list(empty)
    long = tmp_path / "long.txt"
    long.write_text("Ann\n" + "x" * 81 + "\n", encoding="utf-8")
    with pytest.raises(ClassroomError, match=r"long\.txt, line 2: .*at most 80"):
        read_class_list(long)
    with pytest.raises(ClassroomError, match="cannot read the class list"):
        read_class_list(tmp_path / "missing.txt")
    with pytest.raises(ClassroomError, match="inside the jasslib repository"):
        Roster(ROOT / "classes" / "7b")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "class.json").write_text('{"format": "jasslib.class/1", "learners": [{"id": "../x"}]}')
    with pytest.raises(ClassroomError, match="not a usable class file"):
        Roster(broken)


def test_learner_progress_is_found_at_first_use_and_kept_apart(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv(CLASS_ENV_VAR, str(tmp_path))
    monkeypatch.delenv("HTTP_X_JASSLIB_LEARNER", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    store = default_store()
    assert isinstance(store, LearnerProgress)
    with pytest.raises(ProgressLocationError, match="no learner is known"):
        store.load()
    monkeypatch.setenv("HTTP_X_JASSLIB_LEARNER", "ben")  # what Voilà hands a kernel from the app's header
    assert store.record("legal", True).done == 1 and store.path == tmp_path / "ben.json"
    assert read_progress(tmp_path / "ben.json").topic("legal").right_first == 1
    with pytest.raises(ProgressLocationError):
        class_learner_path(tmp_path, "../anna")
    monkeypatch.delenv(CLASS_ENV_VAR)
    assert type(default_store()) is Progress


def test_two_pages_of_one_learner_record_without_losing_a_result(tmp_path: Path) -> None:
    """Two kernels of one learner (two tabs) check at once: every check is in the file."""
    stores = [LearnerProgress(tmp_path, learner="anna") for _ in range(2)]

    def work(store: LearnerProgress) -> None:
        for i in range(15):
            store.record("legal", i % 2 == 0)

    threads = [threading.Thread(target=work, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert read_progress(tmp_path / "anna.json").topic("legal").done == 30


def _as_a_pooled_kernel(monkeypatch, port: int, kernel: str) -> None:  # noqa: ANN001
    """The environment of a kernel Voilà started ahead, its request-info socket on ``port`` of 127.0.0.1; what
    the wait sets is put back afterwards."""
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(port),
                        "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": kernel,
                        "HTTP_X_JASSLIB_LEARNER": "", "QUERY_STRING": ""}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)


def test_a_pooled_kernel_whose_wait_for_its_learner_is_cut_asks_again(monkeypatch) -> None:  # noqa: ANN001
    """A pre-started kernel waits on Voilà's request-info socket for its page's request; a connection that
    drops first (a busy server) is tried again, and the learner still comes (Voilà's own wait gave up)."""
    from websockets.sync.server import serve

    from jasslib.progress import _voila_request_learner

    tries: list[str] = []

    def handler(ws) -> None:  # noqa: ANN001
        tries.append(ws.request.path)
        if len(tries) == 1:
            ws.close()  # the first wait is cut before any request came
        else:
            ws.send(json.dumps({"HTTP_X_JASSLIB_LEARNER": "chloe", "QUERY_STRING": ""}))

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        _as_a_pooled_kernel(monkeypatch, server.socket.getsockname()[1], "k-1")
        assert _voila_request_learner() == "chloe"
        server.shutdown()
    assert tries == ["/voila/query/k-1", "/voila/query/k-1"]


def test_a_pooled_kernels_progress_panel_is_drawn_at_once_and_filled_when_its_learner_comes(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """In a kernel started ahead (the pool), the progress panel and its widgets exist before the page is
    requested (a page that drew the panel before its widgets existed showed "model not found" in Chromium);
    it fills in with the learner's own progress once the request's details come."""
    from websockets.sync.server import serve

    from jasslib import progress_panel

    LearnerProgress(tmp_path, learner="ben").record("legal", True)
    requested = threading.Event()

    def handler(ws) -> None:  # noqa: ANN001
        requested.wait(30)  # the page is opened later
        ws.send(json.dumps({"HTTP_X_JASSLIB_LEARNER": "ben"}))

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _as_a_pooled_kernel(monkeypatch, server.socket.getsockname()[1], "k-2")
        monkeypatch.setenv(CLASS_ENV_VAR, str(tmp_path))
        started = time.monotonic()
        panel = progress_panel()
        assert time.monotonic() - started < 5, "the panel does not wait for its learner"
        assert "when your page has opened" in panel.message.value and panel.record is None
        requested.set()
        panel._waiting.join(30)
        server.shutdown()
    assert panel.store.path == tmp_path / "ben.json" and panel.record is not None and panel.record.done == 1
    assert panel.message.value == "", "the waiting message is gone"


def test_a_pooled_kernels_progress_panel_is_filled_in_the_kernels_own_thread(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The wait for the learner runs in a thread of its own, but the panel's widgets are changed by a callback on
    the kernel's event loop (a kernel answers a page's request for every widget's state in that thread; widgets
    changed from the waiting thread at that moment raced with it while the page loaded)."""
    from websockets.sync.server import serve

    import jasslib.widgets.progress as panel_module
    from jasslib import progress_panel

    LearnerProgress(tmp_path, learner="cleo").record("legal", False)

    def handler(ws) -> None:  # noqa: ANN001
        ws.send(json.dumps({"HTTP_X_JASSLIB_LEARNER": "cleo"}))

    class KernelLoop:  # what the panel needs of the kernel's IOLoop: callbacks to run in the kernel's thread
        def __init__(self) -> None:
            self.callbacks: list = []
            self.queued = threading.Event()

        def add_callback(self, callback, *args) -> None:  # noqa: ANN001
            self.callbacks.append((callback, args))
            self.queued.set()

    loop = KernelLoop()
    monkeypatch.setattr(panel_module, "_kernel_loop", lambda: loop)
    changed_in: list[str] = []
    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _as_a_pooled_kernel(monkeypatch, server.socket.getsockname()[1], "k-3")
        monkeypatch.setenv(CLASS_ENV_VAR, str(tmp_path))
        panel = progress_panel()
        panel.summary.observe(lambda _: changed_in.append(threading.current_thread().name), names="value")
        assert loop.queued.wait(30), "the learner came"
        panel._waiting.join(30)
        server.shutdown()
    assert panel.record is None and not changed_in, "the waiting thread changed no widget"
    assert panel.store.path == tmp_path / "cleo.json", "it found the learner"
    for callback, args in loop.callbacks:  # the kernel's loop runs what was queued, in the kernel's thread
        callback(*args)
    assert panel.record is not None and panel.record.done == 1 and "1 exercise done" in panel.summary.value
    assert changed_in == [threading.current_thread().name] and panel.message.value == ""


def test_the_request_info_socket_keeps_each_kernels_learner_until_it_ends() -> None:
    """The server side of that wait: a closing socket removes only its own kernel's waiter (Voilà's removed
    another kernel's when the closing one had been replaced), and a kernel whose socket broke before its
    request's details reached it gets them when it asks again; ended kernels are forgotten."""
    import types

    from classroom import make_server_parts
    from voila.request_info_handler import RequestInfoSocketHandler as Base

    watch = make_server_parts()["pool_watch"]
    live = {"a", "b"}
    settings = {"kernel_manager": types.SimpleNamespace(list_kernel_ids=lambda: sorted(live))}
    sent: list[tuple[str, object]] = []
    saved = dict(Base._waiters), dict(Base._cache)
    Base._waiters.clear()
    Base._cache.clear()

    def socket(name: str, broken: bool = False):  # noqa: ANN202
        ws = object.__new__(watch)
        ws.application = types.SimpleNamespace(settings=settings)

        def write_message(message: object) -> None:
            if broken:
                raise OSError("the connection is gone")
            sent.append((name, message))

        ws.write_message = write_message
        return ws

    try:
        a_old, a_new, b = socket("a-old"), socket("a-new", broken=True), socket("b")
        a_old.open("a")
        b.open("b")
        a_new.open("a")  # kernel a asked again: its new socket replaces the old one
        a_old.on_close()
        assert Base._waiters == {"a": a_new, "b": b}, "the closing socket removed only itself"
        Base.send_updates({"kernel_id": "a", "payload": {"HTTP_X_JASSLIB_LEARNER": "anna"}})  # its socket broke
        assert sent == []
        a_new.on_close()
        a_again = socket("a-again")
        a_again.open("a")
        assert sent == [("a-again", {"HTTP_X_JASSLIB_LEARNER": "anna"})], "the details waited for kernel a"
        live.discard("a")
        socket("b-2").open("b")
        assert "a" not in Base._cache, "an ended kernel's details are forgotten"
    finally:
        Base._waiters.clear()
        Base._cache.clear()
        Base._waiters.update(saved[0])
        Base._cache.update(saved[1])


# ------------------------------------------------------------------ one classroom server
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(condition, seconds: float, what: str):  # noqa: ANN001, ANN201
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"{what}: not within {seconds} s")


def pool_ready(log: Path) -> int:
    """How many pre-started kernels the server last said have the trainers page rendered and wait for a learner."""
    found = re.findall(rf"\[jasslib\] {re.escape(POOL_READY)} (\d+)", log.read_text(encoding="utf-8", errors="replace"))
    return int(found[-1]) if found else 0


class Classroom:
    """A running classroom server and what it printed."""

    def __init__(self, port: int, proc: subprocess.Popen, printed: list[str], folder: Path) -> None:
        self.port, self.proc, self.printed, self.folder = port, proc, printed, folder
        self.links = {m.group(1): m.group(2) for line in printed
                      if (m := re.match(r"    (.+): (http://\S+)$", line.rstrip("\n")))}
        self.tokens = {name: urllib.parse.parse_qs(urllib.parse.urlparse(url).query)["token"][0]
                       for name, url in self.links.items()}
        teacher = re.search(r"\?teacher=(\S+)", "".join(printed))
        self.teacher = teacher.group(1) if teacher else ""
        self.ps = psutil.Process(proc.pid)

    def kernels(self) -> int:
        return len(kernels(self.ps))

    def log_tail(self, lines: int = 60) -> str:
        """The server's last lines of log (``server.log`` beside the class folder), for a failing test's report."""
        return tail(self.folder.parent / "server.log", lines)

    def kernel_gone(self, kernel: str, cookies: dict[str, str]) -> bool:
        return get(self.port, f"/api/kernels/{kernel}", cookies=dict(cookies))[0] == 404


def _course_copy(base: Path) -> Path:
    work = base / "course"
    for part in ("app", "notebooks", "docs"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    return work


def _start(base: Path, *options: str) -> tuple[int, subprocess.Popen, list[str]]:
    work = _course_copy(base)
    port = _free_port()
    env = dict(server_env(base), XDG_DATA_HOME=str(base / "data"), PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("JASSLIB_PROGRESS", None)
    proc = subprocess.Popen([sys.executable, str(work / "app" / "serve.py"), "--classroom", "--ip", "127.0.0.1",
                             "--port", str(port), *options], cwd=base, env=env, stdout=subprocess.PIPE,
                            stderr=open(base / "server.log", "w"), text=True)  # noqa: SIM115
    printed: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (printed and "Ctrl-C" in printed[-1]):
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if not line:
                raise AssertionError(f"the classroom stopped: {(base / 'server.log').read_text()[-2000:]}")
            printed.append(line)
        wait_for(lambda: _answers(port), 90, "the classroom server answers")
    except BaseException:
        _stop(proc)  # a server that did not come up is not left running (it outlived a failed fixture once)
        raise
    return port, proc, printed


def _answers(port: int) -> bool:
    try:
        return get(port, "/voila/static/none", timeout=5)[0] > 0
    except OSError:
        return False


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """The class of the module, its pool rendered ahead (idle kernels culled after the default time)."""
    base = tmp_path_factory.mktemp("classroom")
    names = base / "names.txt"
    names.write_text("\n".join([*NAMES, *BROWSER_NAMES, OTHER]) + "\n", encoding="utf-8")
    folder = base / "class-7b"
    port, proc, printed = _start(base, "--class", str(names), "--class-dir", str(folder), "--pool", str(POOL))
    try:
        classroom = Classroom(port, proc, printed, folder)
        wait_for(lambda: pool_ready(base / "server.log") >= POOL, 240, "the pool's pages rendered ahead")
        yield classroom
    finally:
        _stop(proc)


@pytest.mark.slow
def test_the_printed_links_one_per_learner_open_the_trainers_page(room: Classroom) -> None:
    assert list(room.links) == [*NAMES, *BROWSER_NAMES, OTHER], "one link per learner, printed"
    assert all(url.startswith("http://") and f":{room.port}/?token=" in url for url in room.links.values())
    assert (room.folder / "links.txt").read_text(encoding="utf-8").count("?token=") == len(room.links)
    token = room.tokens["Ben"]
    assert _location(room.port, f"/?token={token}") == (302, f"{TRAINERS}?token={token}"), "where a class works"
    assert f"{POOL} kernels of the trainers page and {index_pool(POOL)} of the index are started ahead" in \
        "".join(room.printed)


@pytest.mark.slow
def test_the_teacher_token_and_the_learner_tokens_stay_apart(room: Classroom) -> None:
    dario = room.tokens[OTHER]
    learner: dict[str, str] = {}
    status, _, page = get(room.port, f"{INDEX}?token={dario}", cookies=learner)
    assert status == 200 and room.teacher not in page and not any(t in page for n, t in room.tokens.items()
                                                                   if n != OTHER)
    shutdown(room.port, kernel_id_of(page), learner)
    # a learner's link or login opens nothing of the class view ...
    assert get(room.port, f"/jasslib/class?token={dario}")[0] == 403
    assert get(room.port, "/jasslib/class", cookies=dict(learner))[0] == 403
    assert get(room.port, f"/jasslib/class?teacher={dario}")[0] == 403
    assert get(room.port, "/jasslib/class/progress.csv", cookies=dict(learner))[0] == 403
    # ... and the teacher's opens nothing else: it is not a login to the course
    teacher: dict[str, str] = {}
    status, _, _ = get(room.port, f"/jasslib/class?teacher={room.teacher}", cookies=teacher)
    assert status == 302 and teacher, "the token is swapped for a cookie and leaves the address bar"
    status, _, view = get(room.port, "/jasslib/class", cookies=teacher)
    assert status == 200 and all(name in view for name in [*NAMES, *BROWSER_NAMES, OTHER])
    assert not any(t in view for t in room.tokens.values()) and room.teacher not in view
    assert get(room.port, INDEX, cookies=teacher)[0] == 302, "to the login page"
    assert get(room.port, f"/voila/api/contents/?token={room.teacher}")[0] == 403
    status, _, csv = get(room.port, "/jasslib/class/progress.csv", cookies=teacher)
    assert status == 200 and csv.startswith("learner,file,done") and "Dario,dario.json" in csv
    assert not any(t in csv for t in room.tokens.values())
    # the class's own join token is unused with a class list: no one joins by name
    roster = json.loads((room.folder / "class.json").read_text(encoding="utf-8"))
    assert get(room.port, f"/jasslib/join?token={roster['join_token']}")[0] == 404


def _log_since(room: Classroom, start: int) -> str:
    return (room.folder.parent / "server.log").read_bytes()[start:].decode("utf-8", "replace")


def _log_size(room: Classroom) -> int:
    return (room.folder.parent / "server.log").stat().st_size


def _post_form(port: int, path: str, fields: dict[str, str], cookies: dict[str, str]) -> tuple[int, str, str]:
    """A browser's form POST to ``path`` with its cookies (and their ``_xsrf``): status, where it leads, the page;
    the cookies it sets are added to ``cookies``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, body=urllib.parse.urlencode({**fields, "_xsrf": cookies["_xsrf"]}), headers={
            "Host": f"127.0.0.1:{port}", "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
        resp = conn.getresponse()
        page = resp.read().decode("utf-8", "replace")
        for value in resp.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0]
        return resp.status, resp.getheader("Location") or "", page
    finally:
        conn.close()


def _login(port: int, typed: str, **form: str) -> tuple[int, str, dict[str, str], str]:
    """What the course's login page sends when ``typed`` is entered: status, where it leads, cookies, the page."""
    cookies: dict[str, str] = {}
    status, _, page = get(port, "/login?next=%2Fjasslib%2Fwhere", cookies=cookies)
    assert status == 200 and "Open the course with your link" in page
    status, where, page = _post_form(port, "/login?next=%2Fjasslib%2Fwhere", {"password": typed, **form}, cookies)
    return status, where, cookies, page


def _login_user(cookies: dict[str, str]) -> str:
    """The user name in Jupyter's login cookie (a Tornado signed value: its fifth field is the base64 value)."""
    value = next(v for k, v in cookies.items() if k.startswith("username-")).strip('"')
    return json.loads(base64.b64decode(value.split("|")[4].split(":", 1)[1]))["username"]


@pytest.mark.slow
def test_refusals_and_unknown_addresses_say_why_and_what_to_do_without_a_traceback(room: Classroom) -> None:
    """Each refusal answers the course's page with the reason and what to do (before: the teacher's wrong link an
    empty page and three tracebacks in the teacher's terminal, a number address Voilà's bare "403: Forbidden", a
    learner without a valid link Jupyter's token help with its form for a new server password)."""
    start, port = _log_size(room), room.port
    status, _, page = get(port, "/jasslib/class?teacher=not-the-teachers")
    assert status == 403 and "this is not the teacher&#39;s link" in page and "the teacher's own link" in page
    status, _, page = get(port, f"/?token={room.tokens[OTHER]}", host=f"192.168.1.20:{port}")
    assert status == 403 and "with the computer's name, as printed" in page, "a number address, refused"
    status, _, page = get(port, f"/voila/render/app/index.ipynb?token={room.tokens[OTHER]}", host=f"10.0.0.7:{port}")
    assert status == 403 and "with the computer's name, as printed" in page and "Voil" not in page
    status, _, page = get(port, f"/voila/render/notebooks/99_no_such_chapter.ipynb?token={room.tokens[OTHER]}")
    assert status == 404 and "There is no such page in the course" in page and "99_no_such_chapter" in page
    status, _, page = get(port, "/jasslib/no-such-page")
    assert status == 404 and "Go to the start of the course" in page
    # a learner's link with a wrong code: the course's login page, no Jupyter help, no password change
    assert _location(port, f"{TRAINERS}?token=wrong")[1].startswith("/login")
    status, _, page = get(port, "/login")
    assert status == 200 and "Open the course with your link" in page
    assert "jupyter server list" not in page and "new_password" not in page and room.teacher not in page
    # the code typed in, or the whole link pasted, logs that learner in as the link does; a wrong one is refused
    for typed in (room.tokens[OTHER], f" {room.links[OTHER]} "):
        status, where, cookies, _ = _login(port, typed)
        assert (status, where) == (302, "/jasslib/where") and _login_user(cookies) == "learner-" + learner_id(OTHER)
    status, _, cookies, page = _login(port, room.tokens[OTHER][:-1])
    assert status == 401 and "That code opens nothing here" in page and not any(k.startswith("username-")
                                                                                 for k in cookies)
    assert "Traceback" not in _log_since(room, start)


@pytest.mark.slow
def test_thirty_pages_loaded_and_closed_leave_only_the_pool(room: Classroom) -> None:
    loads = load_and_close(room.port, room.ps, f"token={room.tokens[OTHER]}", count=30, at_once=5)
    assert [(status, shut) for status, _, shut in loads.pages] == [(200, 204)] * 30, "every page closed"
    assert len({kernel for _, kernel, _ in loads.pages}) == 30, "a kernel of its own for each page"
    assert loads.peak <= KEPT + 2 * 5, f"at most the pool and the pages open at once: {loads.peak}"
    wait_for(lambda: room.kernels() <= KEPT, 30, "no kernel left beyond the pool once the pages closed")
    cookies: dict[str, str] = {}
    get(room.port, f"/jasslib/class?token={room.tokens[OTHER]}", cookies=cookies)
    assert all(room.kernel_gone(kernel, cookies) for _, kernel, _ in loads.pages)


# ------------------------------------------------------------------ the class at once (light learners)
@pytest.mark.slow
def test_the_class_works_at_once_and_leaves_no_kernel(room: Classroom) -> None:
    """The light learners open their own links at once (served from the pool), see the trainer, check it and
    close the page; one browser claims to be another learner (its header is not believed).  Each progress
    file has its learner's answer, and no kernel is left beyond the pool."""
    before_other = read_progress(room.folder / f"{learner_id(OTHER)}.json").done
    with concurrent.futures.ThreadPoolExecutor(len(NAMES)) as light:
        visits = list(light.map(lambda n: learner_visit(
            room.port, f"token={room.tokens[n]}", n, timeout=RENDER_BOUND, path="/",
            headers={"X-Jasslib-Learner": learner_id(OTHER)} if n == "Ben" else None), NAMES))
    for visit in visits:
        print(f"{visit.name}: page {visit.page_s:.1f} s, trainer {visit.render_s:.1f} s, check {visit.check_s:.2f} s")
        assert not visit.error, (visit.name, visit.error)
        assert visit.status == 200 and "✓ Right!" in visit.feedback and "✗" not in visit.feedback, visit
        assert visit.render_s < RENDER_BOUND and visit.shutdown_status == 204, visit
    assert len({v.kernel_id for v in visits}) == len(NAMES), "a kernel of its own for each learner"
    for name in NAMES:
        record = read_progress(room.folder / f"{learner_id(name)}.json")
        assert record.learner == name and record.topic("legal").done == 1 and record.topic("legal").right_first == 1
    assert read_progress(room.folder / f"{learner_id(OTHER)}.json").done == before_other, \
        "a browser's word for who it is is not believed"
    for visit in visits:
        wait_for(lambda v=visit: room.kernel_gone(v.kernel_id, v.cookies), 30, f"{visit.name}'s kernel ended")
    wait_for(lambda: room.kernels() <= KEPT, 30, "no kernel left beyond the pool")


@pytest.mark.slow
def test_the_shutdown_request_needs_the_xsrf_token(room: Classroom) -> None:
    cookies: dict[str, str] = {}
    status, _, page = get(room.port, f"{TRAINERS}?token={room.tokens[OTHER]}", cookies=cookies)
    kernel = kernel_id_of(page)
    assert status == 200 and cookies.get("_xsrf"), "the page sets the _xsrf cookie its shutdown request sends"
    assert shutdown(room.port, kernel, cookies, with_xsrf=False) == 403, "a cross-site POST cannot end a kernel"
    assert shutdown(room.port, kernel, cookies) == 204


@pytest.mark.slow
def test_websockets_hosts_and_code_from_the_page_are_refused(room: Classroom, tmp_path: Path) -> None:
    from websockets.exceptions import InvalidStatus

    token = room.tokens[OTHER]
    cookies: dict[str, str] = {}
    status, _, page = get(room.port, f"{TRAINERS}?token={token}", cookies=cookies)
    kernel = kernel_id_of(page)
    assert status == 200 and kernel
    for origin in ("http://evil.example", f"http://evil.example:{room.port}", "null"):
        with pytest.raises(InvalidStatus, match="403"):
            open_kernel(room.port, kernel, cookies, origin=origin, token=token, timeout=30)
    # a request without a Host, with an empty one, or naming another host: refused, token or not
    assert get(room.port, f"/?token={token}", host="")[0] == 403
    assert get(room.port, f"/?token={token}", host="rebinding.example")[0] == 403
    conn = http.client.HTTPConnection("127.0.0.1", room.port, timeout=30)
    conn.putrequest("GET", f"/voila/api/contents/?token={token}", skip_host=True)
    conn.endheaders()
    assert conn.getresponse().status in (400, 403)
    conn.close()
    # the page's own websocket: code sent to the kernel is dropped by the server, widget messages go through
    target = tmp_path / "ran.txt"
    with open_kernel(room.port, kernel, cookies, timeout=30) as ws:
        k = Kernel(ws)
        for msg_type in ("execute_request", "inspect_request", "complete_request"):
            k.send(msg_type, {"code": f"open({str(target)!r}, 'w').write('x')", "cursor_pos": 0, "silent": False,
                              "store_history": False, "user_expressions": {}, "allow_stdin": False,
                              "stop_on_error": True, "detail_level": 0})
        info = k.send("kernel_info_request", {})
        replies = []
        for m in k.messages(20):
            if m.get("parent_header", {}).get("msg_id"):
                replies.append(m["header"]["msg_type"])
            if m["header"]["msg_type"] == "kernel_info_reply":
                break  # the kernel answers in order: what was sent before would have had its reply by now
    assert "kernel_info_reply" in replies and not {"execute_reply", "execute_input", "inspect_reply",
                                                   "complete_reply"} & set(replies), replies
    assert info and not target.exists(), "nothing the page sends runs code in its kernel"
    shutdown(room.port, kernel, cookies)


# ------------------------------------------------------------------ in Chromium
@pytest.fixture(scope="module")
def browser_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """A class of the Chromium learners only, its trainers page rendered ahead for each of them (the pool):
    each Chromium page takes a kernel that waited for its learner, as in a class (the index starts its own)."""
    base = tmp_path_factory.mktemp("browser-class")
    names = base / "names.txt"
    names.write_text("\n".join(BROWSER_NAMES) + "\n", encoding="utf-8")
    folder = base / "class-7c"
    port, proc, printed = _start(base, "--class", str(names), "--class-dir", str(folder), "--pool",
                                 str(len(BROWSER_NAMES)), "--class-refresh", str(CLASS_REFRESH))
    try:
        wait_for(lambda: pool_ready(base / "server.log") >= len(BROWSER_NAMES), 240, "the pool's pages rendered ahead")
        yield Classroom(port, proc, printed, folder)
    finally:
        _stop(proc)


class ModelsMissing(AssertionError):
    """A page whose widget manager found no model for some of its outputs ("Error displaying widget: model not
    found"): the open fault of the pooled trainers page under load (see :func:`_wait_for_the_panel`)."""


MANAGER_STATE = """async (views) => {
    const manager = window.jupyterapp && window.jupyterapp.widgetManager;
    if (!manager) return 'none';
    const known = new Set(Object.keys(manager._models));
    const reply = await manager.kernel.requestCommInfo({target_name: 'jupyter.widget'});
    const comms = Object.keys(reply.content.comms || {});
    return {restored: manager.restoredStatus, models: known.size, kernel: manager.kernel.id,
            kernel_widgets: comms.length, kernel_widgets_without_model: comms.filter(id => !known.has(id)).length,
            served_views: views.length, served_views_unknown_at: views.flatMap((id, i) => known.has(id) ? [] : [i])};
}"""
"""What the page's widget manager has, against what its kernel has (asked through the page's own connection)."""

FAULT_STALL = 15  # seconds: the same, for a page that already shows "model not found"
PANEL_STALL = 60  # seconds: a page whose drawing has not grown for this long without its panel lacks it


def _wait_for_the_panel(page, panel, name: str, room: Classroom, console: list[str],  # noqa: ANN001
                        responses: list) -> None:
    """Wait until the page of a kernel that waited for its learner shows that learner's progress panel (the
    last output of the page).  A loaded machine draws a long page slowly (a CI run had 52 of the page's 63
    trainer views drawn after 60 s), so the wait goes on while the drawing grows, up to RENDER_BOUND; a page
    whose drawing stopped for PANEL_STALL s without the panel fails, with what it shows: which outputs say
    "model not found", the pages' console errors (where the widget manager says why) and the server log."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    start = last_growth = time.monotonic()
    size = -1
    while True:
        try:
            panel.wait_for(state="attached", timeout=10_000)
            return
        except PlaywrightTimeout:
            pass
        content = page.content()
        now = time.monotonic()
        if len(content) != size:
            size, last_growth = len(content), now
        # a view that said "model not found" is never drawn again: a page showing one is judged sooner
        stall = FAULT_STALL if "model not found" in content else PANEL_STALL
        if now - last_growth >= stall or now - start >= RENDER_BOUND:
            errors = {text: content.count(text) for text in ("model not found", "Error displaying widget")}
            failed = page.evaluate("() => [...document.querySelectorAll('.jp-OutputArea-output')].map((e, i) => "
                                   "[i, e.textContent.slice(0, 40)]).filter(x => /model not found/.test(x[1]))"
                                   ".map(x => x[0])")
            outputs = page.evaluate("() => document.querySelectorAll('.jp-OutputArea-output').length")
            served = [r for r in responses if "trainers.ipynb" in r.url and r.request.resource_type == "document"]
            html = served[-1].text() if served else ""
            views = re.findall(r'widget-view\+json[^}]*?"model_id":\s*"([0-9a-f]{32})"', html)
            manager = page.evaluate(MANAGER_STATE, views) if failed else None
            if manager and manager != "none":
                manager["served_kernel"] = kernel_id_of(html)
            raise (ModelsMissing if failed else AssertionError)(
                f"{name}'s trainers page has no progress panel after {now - start:.0f} s (its drawing unchanged "
                f"for {now - last_growth:.0f} s): {len(content)} bytes, {content.count('jass-trainer')} trainer "
                f"classes, {errors} at outputs {failed} of {outputs}; widget manager: {manager}; console errors: "
                f"{[c[:300] for c in console[:8]]!r}; server log tail: "
                f"{(room.folder.parent / 'server.log').read_text()[-600:]!r}") from None


@pytest.mark.slow
@pytest.mark.browser
def test_learners_links_their_own_progress_and_the_live_class_view_in_chromium(browser_room: Classroom,
                                                                              playwright) -> None:  # noqa: ANN001
    room = browser_room
    from chromium import HELP, find_chromium
    from test_browser import ARGS, _click_and_check, _exercises_done, _wait_text

    chromium = find_chromium()
    assert chromium, HELP
    base = f"http://127.0.0.1:{room.port}"
    browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
    try:
        console: list[str] = []  # the pages' console errors (the widget manager says there why a model is missing)
        responses: list = []  # the pages served, to compare their widget views with what the page's manager has

        def own_browser():  # noqa: ANN202 - each person's own cookies; waits bounded by browsing.WAIT_MS
            context = browser.new_context()
            context.set_default_timeout(WAIT_MS)
            context.on("response", lambda r: responses.append(r))
            context.on("page", lambda p: p.on("console", lambda m: console.append(m.text) if m.type == "error"
                                                and "Failed to load resource" not in m.text else None))
            return context.new_page()

        teacher = own_browser()
        teacher.goto(f"{base}/jasslib/class?teacher={room.teacher}", timeout=60_000)
        assert teacher.url == f"{base}/jasslib/class", "the teacher's token leaves the address bar"
        assert "Fritz" in teacher.inner_text("table") and "Greta" in teacher.inner_text("table")
        assert teacher.locator("a", has_text="CSV").get_attribute("href").endswith("/progress.csv")
        pages, kernels_of_pages = [], []
        for name in BROWSER_NAMES:
            index = own_browser()  # each learner's own browser: own cookies
            index.goto(f"{base}{INDEX}?token={room.tokens[name]}", timeout=120_000)  # the index, with the link
            index.locator(".jass-course-index").first.wait_for(state="visible", timeout=RENDER_BOUND * 1000)
            kernels_of_pages.append(kernel_id_of(index.content()))
            with index.expect_popup(timeout=60_000) as opened:  # the trainers open in a tab of their own
                index.locator("a.jass-trainers-link").first.click()
            page = opened.value  # the login went along, not the token
            trainer = page.locator(".jass-trainer-legal").first
            trainer.wait_for(state="visible", timeout=RENDER_BOUND * 1000)
            assert room.tokens[name] not in page.url and room.teacher not in page.content()
            kernels_of_pages.append(kernel_id_of(page.content()))
            panel = page.locator(".jass-progress").first
            for reload in range(1, RELOADS + 2):
                try:
                    _wait_for_the_panel(page, panel, name, room, console, responses)
                    break
                except ModelsMissing as fault:
                    if reload > RELOADS:
                        raise
                    reload_after_the_open_fault(page, reload, f"pooled, {fault}")  # the locators stay valid
                    trainer.wait_for(state="visible", timeout=RENDER_BOUND * 1000)
                    kernels_of_pages.append(kernel_id_of(page.content()))
            assert _exercises_done(_wait_text(page, panel, "Your progress")) == 0, "only their own progress"
            text = _click_and_check(page, trainer)
            assert "✓" in text and "✗" in text
            panel.locator("button.widget-button").filter(has_text=re.compile(r"^\s*Refresh\s*$")).first.click()
            _wait_text(page, panel, "1 exercise done")
            pages += [index, page]
        for name in BROWSER_NAMES:
            assert read_progress(room.folder / f"{learner_id(name)}.json").topic("legal").done == 1, name
        # the class view follows the class by itself (it reloads every CLASS_REFRESH seconds)
        teacher.wait_for_function(
            "() => [...document.querySelectorAll('tbody tr')].filter(r => /^(Fritz|Greta)/.test(r.innerText)"
            " && /^\\S+\\s+1 · 0 · 0/.test(r.innerText)).length === 2", timeout=60_000)
        for page in pages:
            page.close(run_before_unload=True)  # as a learner closes the tab: the page ends its kernel
        for kernel in kernels_of_pages:
            wait_for(lambda k=kernel: get(room.port, f"/api/kernels/{k}?token={room.tokens['Fritz']}")[0] == 404,
                     60, "a closed page's kernel ended")
    finally:
        browser.close()


# ------------------------------------------------------------------ a class without a class list, no pool
@pytest.fixture(scope="module")
def open_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    base = tmp_path_factory.mktemp("open-class")
    port, proc, printed = _start(base, "--class-dir", str(base / "open"), "--pool", "0", "--cull-idle",
                                 str(CULL_IDLE))
    try:
        yield Classroom(port, proc, printed, base / "open")
    finally:
        _stop(proc)


def _location(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        resp = conn.getresponse()
        resp.read()
        return resp.status, resp.getheader("Location") or ""
    finally:
        conn.close()


@pytest.mark.slow
def test_classroom_mode_needs_the_printed_token(open_room: Classroom) -> None:
    port, printed = open_room.port, open_room.printed
    urls = [line.strip() for line in printed if line.startswith("    http://")]
    assert urls and all(re.fullmatch(rf"http://[\w.-]+:{port}/\?token=[\w-]{{20,}}", u) for u in urls), printed
    token = urls[0].rsplit("=", 1)[1]
    assert all(u.endswith(token) for u in urls) and not any("127.0.0.1" in u or "0.0.0.0" in u for u in urls)
    assert _location(port, f"/?token={token}") == (302, f"{TRAINERS}?token={token}")
    assert _location(port, "/voila/api/contents/")[0] == 403
    status, location = _location(port, INDEX)
    assert status == 302 and location.startswith("/login"), "without the token a page asks for it"
    status, location = _location(port, "/voila/render/docs/rules.md")
    assert status == 302 and location.startswith("/login"), "the rule book asks for the token too"
    assert _location(port, f"/voila/api/contents/?token={token}")[0] == 200
    assert get(port, f"/voila/api/contents/?token={token}", host="rebinding.example")[0] == 403
    assert _location(port, f"/voila/api/contents/?token={token}x")[0] == 403
    assert "0 kernels of the trainers page and 0 of the index" in "".join(printed)


def _join(port: int, token: str, name: str) -> tuple[dict[str, str], int]:
    """A learner with the class link giving their name: the browser's cookies after, the POST's status."""
    cookies: dict[str, str] = {}
    status, _, _ = get(port, f"{TRAINERS}?token={token}", cookies=cookies)
    assert status == 302, "the class link leads to the name page first"
    status, _, form = get(port, "/jasslib/join", cookies=cookies)
    assert status == 200 and "Your name" in form and "_xsrf" in form
    status, _, _ = _post_form(port, "/jasslib/join", {"name": name}, cookies)
    return cookies, status


def _class_link_token(room: Classroom) -> str:
    return next(line.strip() for line in room.printed if line.startswith("    http://")).rsplit("=", 1)[1]


@pytest.mark.slow
def test_without_a_class_list_learners_join_by_name(open_room: Classroom) -> None:
    cookies, status = _join(open_room.port, _class_link_token(open_room), "  Zoë   Keller ")
    assert status == 302
    record = read_progress(open_room.folder / "zoe-keller.json")
    assert record.learner == "Zoë Keller" and record.done == 0, "her own file, with her name"
    assert get(open_room.port, "/jasslib/join", cookies=cookies)[0] == 302, "once in, the name page sends her on"
    roster = json.loads((open_room.folder / "class.json").read_text(encoding="utf-8"))
    assert [x["name"] for x in roster["learners"]].count("Zoë Keller") == 1


@pytest.mark.slow
def test_the_login_page_logs_in_with_the_class_code_and_never_sets_a_server_password(open_room: Classroom) -> None:
    """Jupyter's login form takes a new password along with the token and writes it into the server's config: anyone
    with the class link could have set one (here the write failed on a missing folder: a 500 and a traceback)."""
    start, code = _log_size(open_room), _class_link_token(open_room)
    status, where, cookies, _ = _login(open_room.port, code, new_password="taken-over")
    assert (status, where) == (302, "/jasslib/where") and any(k.startswith("username-") for k in cookies)
    assert _login(open_room.port, "taken-over")[0] == 401, "no password was set"
    assert not list(open_room.folder.parent.rglob("jupyter_server_config.json"))
    assert "Traceback" not in _log_since(open_room, start)


@pytest.mark.slow
def test_a_page_left_without_closing_is_culled(open_room: Classroom) -> None:
    cookies, _ = _join(open_room.port, _class_link_token(open_room), "Yann")
    status, _, page = get(open_room.port, INDEX, cookies=cookies)
    kernel = kernel_id_of(page)
    assert status == 200 and kernel and open_room.kernels() >= 1
    # no shutdown request and no websocket (a laptop closed): after --cull-idle seconds the kernel is ended
    wait_for(lambda: open_room.kernel_gone(kernel, cookies), 30, "the idle kernel culled")
    wait_for(lambda: open_room.kernels() == 0, 30, "no kernel left (this class has no pool)")
