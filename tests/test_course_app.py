"""The course's ways in: ``make lab`` (notebook 01, no news pop-up) and ``make app`` / ``make app-classroom``
(the course without code, served by Voilà through ``app/serve.py``).

The Makefile's commands are read with ``make -n`` and the shipped settings are parsed; the servers are started
on 127.0.0.1 only (the classroom mode with ``--ip 127.0.0.1``), and answered with plain HTTP requests: ``/``
leads to the index, a request naming another host is refused, and twelve pages loaded and closed leave no
kernel (thirty on the classroom's own server: ``test_classroom.py``).  The pages themselves are clicked through in a
real browser in ``test_browser.py``.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import json5
import nbformat
import pytest
from browsing import server_env, tail
from htmlcheck import parse as parse_html

from jasslib.errors import ArgumentError
from jasslib.exercises import get_topic

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "jupyter_config"
PAGES = 12
"""How many pages the load test of ``make app`` opens and closes, five at a time (enough to pass through the five
places more than twice; the thirty pages of issue 20 are loaded on the classroom server, in test_classroom.py)."""
sys.path.insert(0, str(ROOT / "app"))

from course_index import course_index, course_index_html  # noqa: E402
from serve import host_names, voila_config  # noqa: E402


def make_n(*args: str) -> str:
    """What ``make`` would run for ``args`` (without creating the virtual environment first)."""
    done = subprocess.run(["make", "-n", "--no-print-directory", *args, "STAMP="], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    return done.stdout


# ------------------------------------------------------------------ make lab
def test_make_lab_opens_notebook_01_without_the_news_pop_up():
    command = make_n("lab")
    assert re.search(r"/jupyter lab( --allow-root)? notebooks/01_start_here\.ipynb\s*$", command), command
    assert (ROOT / "notebooks" / "01_start_here.ipynb").is_file()
    config_path = re.search(r'JUPYTER_CONFIG_PATH="([^"$]+)', command).group(1)
    settings_dir = re.search(r'JUPYTERLAB_SETTINGS_DIR="([^"]+)"', command).group(1)
    assert Path(config_path) == SETTINGS and Path(settings_dir) == SETTINGS / "lab" / "user-settings"
    # the announcements plugin (news and update check) is switched off in the page config ...
    page = json.loads((SETTINGS / "labconfig" / "page_config.json").read_text(encoding="utf-8"))
    assert page["disabledExtensions"] == {"@jupyterlab/apputils-extension:announcements": True}
    # ... and the notification settings say never, in the form JupyterLab's own schema asks for
    name = "@jupyterlab/apputils-extension/notification"
    settings = json5.loads((Path(settings_dir) / f"{name}.jupyterlab-settings").read_text(encoding="utf-8"))
    assert settings == {"fetchNews": "false", "checkForUpdates": False}
    schema = json.loads((Path(sys.prefix) / "share/jupyter/lab/schemas" / f"{name}.json").read_text(encoding="utf-8"))
    assert set(settings) <= set(schema["properties"])
    assert {"const": "false", "title": "Never"} in schema["properties"]["fetchNews"]["oneOf"]


def test_the_announcements_plugin_exists_in_this_jupyterlab():
    """The page config names a plugin of the installed JupyterLab (a wrong name would switch off nothing)."""
    static = Path(sys.prefix) / "share/jupyter/lab/static"
    assert any("apputils-extension:announcements" in p.read_text(encoding="utf-8", errors="replace")
               for p in static.glob("jlab_core*.js"))


# ------------------------------------------------------------------ make app, make app-classroom
def test_make_app_serves_the_course_and_the_classroom_mode_adds_names():
    assert make_n("app").strip().endswith("app/serve.py --port 8866")
    classroom = make_n("app-classroom", "HOSTS=jass.school.example", "PORT=9000").strip()
    assert classroom.endswith("app/serve.py --classroom --port 9000 --host jass.school.example")


def test_review_ahead_off_reaches_the_kernels_through_the_environment(monkeypatch):
    """make app-classroom REVIEW_AHEAD=off passes --review-ahead off; serve.py then sets JASSLIB_REVIEW_AHEAD=0 before
    the server starts (its kernels inherit it), and a RoundPlayer made there does not judge ahead."""
    import serve

    from jasslib.widgets import RoundPlayer
    from jasslib.widgets.round_player import REVIEW_AHEAD_ENV

    assert make_n("app-classroom", "REVIEW_AHEAD=off").strip().endswith("--review-ahead off")
    seen = []

    class App:  # stands in for Voilà: records the environment the kernels would inherit
        def launch_instance(self, argv, config):  # noqa: ANN001, ANN201
            seen.append(os.environ.get(REVIEW_AHEAD_ENV))

    monkeypatch.setenv(REVIEW_AHEAD_ENV, "")  # recorded, so that the variable serve.py sets is undone after the test
    monkeypatch.delenv(REVIEW_AHEAD_ENV)
    monkeypatch.setattr(serve, "make_app", lambda classroom: App())
    serve.main(["--port", "8899"])
    assert seen == [None] and RoundPlayer(seed=1).review_ahead
    serve.main(["--port", "8899", "--review-ahead", "off"])
    assert seen == [None, "0"] and not RoundPlayer(seed=1).review_ahead
    with pytest.raises(SystemExit):
        serve.main(["--review-ahead", "maybe"])


def test_the_class_view_reloads_as_often_as_the_teacher_asks(capsys: pytest.CaptureFixture[str]) -> None:
    import serve
    from classroom import REFRESH_SECONDS, class_view_html

    from jasslib.progress import ClassTable

    table = ClassTable((), ("legal",), (), ())
    for refresh in (REFRESH_SECONDS, 3):
        page = class_view_html(table, "/jasslib/class/", refresh)
        assert f"<meta http-equiv='refresh' content='{refresh}'>" in page and f"Updated every {refresh} s" in page
        assert "href='/jasslib/class/progress.csv'" in page
    assert class_view_html(table, "/jasslib/class") == class_view_html(table, "/jasslib/class", REFRESH_SECONDS)
    for argv, says in ((["--class-refresh", "5"], "for the classroom"),
                       (["--classroom", "--class-refresh", "0"], "at least 1 second"),
                       (["--classroom", "--class-refresh", "soon"], "a whole number")):
        with pytest.raises(SystemExit):
            serve.main(argv)
        assert says in capsys.readouterr().err, argv


def test_the_voila_configuration():
    local = voila_config()["Voila"]
    assert local["ip"] == "127.0.0.1" and local["token"] == "" and local["root_dir"] == str(ROOT)
    room = voila_config(classroom=True, hosts=["Jass.School.example."])["Voila"]
    assert room["ip"] == "0.0.0.0" and len(room["token"]) >= 20
    assert room["token"] != voila_config(classroom=True)["Voila"]["token"], "a new token each time"
    for conf in (local, room):
        assert conf["tornado_settings"]["allow_remote_access"] is False  # the Host check is on
    names = room["tornado_settings"]["local_hostnames"]
    assert names[0] == "localhost" and "jass.school.example" in names and socket.gethostname().lower() in names
    assert host_names() == names[:-1]


def test_the_index_lists_every_notebook_with_the_title_of_its_first_markdown_cell():
    notebooks = sorted(p for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    entries = course_index()
    assert [e.file for e in entries] == [p.name for p in notebooks]
    for entry, path in zip(entries, notebooks):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        heading = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"]).splitlines()[0]
        assert heading.startswith("# ") and entry.title and entry.title in re.sub(r"[*_`]", "", heading)
        assert not re.match(r"\d", entry.title) and entry.purpose and "](" not in entry.purpose + entry.title
    page = course_index_html(entries)
    assert [m for m in re.findall(r'href="\.\./notebooks/([^"]+)"', page)] == [p.name for p in notebooks]
    assert 'href="trainers.ipynb"' in page and (ROOT / "app" / "trainers.ipynb").is_file()
    assert 'href="advisor.ipynb"' in page and (ROOT / "app" / "advisor.ipynb").is_file()
    index = nbformat.read(ROOT / "app" / "index.ipynb", as_version=4)
    assert index.cells[0].source.startswith("# ") and "course_index_html()" in index.cells[-1].source
    assert all(not c.get("outputs") for c in index.cells if c.cell_type == "code"), "committed without outputs"


# ------------------------------------------------------------------ the servers, on 127.0.0.1
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(port: int, path: str, host: str | None = None) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}"})
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("Location") or ""
    finally:
        conn.close()


def _wait(port: int, proc: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        assert proc.poll() is None, f"the server exited early with code {proc.returncode}"
        try:
            _get(port, "/voila/static/none")
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"the server did not answer within {seconds} s")


class App:
    """``make app`` running on a free port of 127.0.0.1, its log (stderr) in the file ``log``."""

    def __init__(self, port: int, proc: subprocess.Popen, log: Path) -> None:
        self.port, self.proc, self.log = port, proc, log

    def log_tail(self, lines: int = 30) -> str:
        """The server's last lines of log, for a failure's message."""
        return tail(self.log, lines)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """``app/serve.py`` as ``make app`` starts it, on a free port of 127.0.0.1, for the module's tests."""
    base = tmp_path_factory.mktemp("app")
    env = dict(server_env(base), XDG_DATA_HOME=str(base / "data"), PYTHONUNBUFFERED="1")
    env.pop("JASSLIB_PROGRESS", None)
    port = _free_port()
    log = base / "server.log"
    with log.open("w") as err:
        proc = subprocess.Popen([sys.executable, str(ROOT / "app" / "serve.py"), "--port", str(port)], cwd=base,
                                env=env, stdout=err, stderr=err, text=True)  # what it prints too: no pipe unread
    try:
        _wait(port, proc)
        yield App(port, proc, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.mark.slow
def test_make_app_leads_to_the_index_and_refuses_a_foreign_host(app: App):
    port = app.port
    assert _get(port, "/") == (302, "/voila/render/app/index.ipynb")
    assert _get(port, "/voila/api/contents/")[0] == 200, "on this computer: no token"
    assert _get(port, "/voila/api/contents/", host="rebinding.example")[0] == 403, "the Host check is on"
    assert _get(port, "/voila/api/contents/", host=f"localhost:{port}")[0] == 200


@pytest.mark.slow
def test_make_apps_unknown_addresses_and_refusals_get_the_courses_page_and_log_no_traceback(app: App):
    """A mistyped address, a missing chapter or another site's Host: the course's page with the reason and the way
    back (before: a bare "404: Not Found", or Voilà's page; the make-app server logged nothing worse)."""
    from classroom_client import get

    start = app.log.stat().st_size
    status, _, page = get(app.port, "/chapter-99")
    assert status == 404 and "There is no such page in the course" in page and 'href="/"' in page
    status, _, page = get(app.port, "/voila/render/notebooks/99_no_such_chapter.ipynb")
    assert status == 404 and "There is no such page in the course" in page and "99_no_such_chapter" in page
    status, _, page = get(app.port, "/", host="rebinding.example")
    assert status == 403 and "This link does not open this page" in page
    assert "Traceback" not in app.log.read_bytes()[start:].decode("utf-8", "replace")


def test_app_serve_runs_from_a_copy_of_the_course(tmp_path):
    """The browser tests serve a copy of the course: the server's folder is app/serve.py's parent folder."""
    shutil.copytree(ROOT / "app", tmp_path / "app", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run([sys.executable, "-c", "import serve; print(serve.ROOT)"], cwd=tmp_path / "app",
                          capture_output=True, text=True, timeout=60, check=True)
    assert Path(done.stdout.strip()) == tmp_path


# ------------------------------------------------------------------ the rule book, rendered, in the app
def test_every_rule_link_of_the_app_arrives_at_the_rule_book_route():
    """The notebooks' Markdown links (../docs/rules.md#p4) and the widgets' links (../docs/rules.html#p4), seen from
    any page of the app, name a path that app/serve.py answers with the rendered rule book."""
    from urllib.parse import urljoin, urlsplit

    from serve import RULE_BOOK_PAGE, RULE_BOOK_ROUTE

    from jasslib.rulebook import RULE_BOOK, RULE_PAGE, rule_url

    pages = ["/voila/render/app/trainers.ipynb", "/voila/render/app/index.ipynb",
             "/voila/render/notebooks/03_following_suit_and_trumping.ipynb"]
    for page in pages:
        for base in (RULE_BOOK, RULE_PAGE):
            link = urlsplit(urljoin(f"http://127.0.0.1:8866{page}", rule_url("P4", base)))
            assert re.fullmatch(RULE_BOOK_ROUTE, link.path) and link.fragment == "p4", (page, base)
    assert not re.fullmatch(RULE_BOOK_ROUTE, "/voila/files/docs/exercises_api.md"), "the rule book only"
    assert RULE_BOOK_PAGE == ROOT / "docs" / "rules.html" and RULE_BOOK_PAGE.is_file()


def _get_body(port: int, path: str) -> tuple[int, str, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        response = conn.getresponse()
        return response.status, response.getheader("Content-Type") or "", response.read().decode("utf-8", "replace")
    finally:
        conn.close()


@pytest.mark.slow
def test_the_app_answers_the_rule_book_rendered(app: App):
    """(In the classroom the rule book asks for the token like every page: test_classroom.py.)"""
    port = app.port
    page = (ROOT / "docs" / "rules.html").read_text(encoding="utf-8")
    for path in ("/voila/render/docs/rules.md", "/voila/files/docs/rules.md", "/voila/render/docs/rules.html",
                 "/voila/files/docs/rules.html"):
        status, kind, body = _get_body(port, path)
        assert (status, kind) == (200, "text/html; charset=utf-8") and body == page, path
    assert '<h3><a id="p4"></a>P4 · No under-trumping</h3>' in page
    assert _get(port, "/voila/files/docs/exercises_api.md")[0] == 403, "other files stay Voilà's"


# ------------------------------------------------------------------ the page of trainers
def _run_trainers_notebook(monkeypatch) -> object:  # noqa: ANN001
    """Run app/trainers.ipynb's code cells here (without a kernel: nothing is recorded); return the value of
    the cell that shows the trainers."""
    import jasslib.progress

    monkeypatch.setattr(jasslib.progress, "in_notebook", lambda: False)
    notebook = nbformat.read(ROOT / "app" / "trainers.ipynb", as_version=4)
    assert all(not c.get("outputs") for c in notebook.cells if c.cell_type == "code"), "committed without outputs"
    namespace: dict[str, object] = {}
    shown = None
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        *body, last = cell.source.strip().splitlines()
        exec("\n".join(body), namespace)  # noqa: S102 - the project's own notebook
        try:
            value = eval(last, namespace)  # noqa: S307 - the cell's last expression, as Jupyter shows it
        except SyntaxError:
            exec(last, namespace)  # noqa: S102
            continue
        if type(value).__name__ == "TrainersPage":
            shown = value
    assert shown is not None, "the page shows trainers_page(...)"
    return shown


def test_the_page_of_trainers_has_every_topic_of_the_registry_and_the_final_check(monkeypatch):
    from jasslib.exercises import topics

    page = _run_trainers_notebook(monkeypatch)
    assert [s.topic for s in page.sections] == [t.name for t in topics()] + [None]  # 15 and the final check
    assert len(page.sections) == 16
    source = (ROOT / "app" / "trainers.ipynb").read_text(encoding="utf-8")
    assert "legal_cards_trainer" not in source and "claim_trainer" not in source, "no hand list of trainers"
    for s in page.sections:
        head = parse_html(s.heading_html)
        h2 = head.find("h2")
        assert h2.attrs["id"] == s.anchor and s.trainer.ui.layout is not None
        if s.topic is not None:
            assert s.trainer.exercise.topic == s.topic and f"jass-trainer-{s.topic}" in s.trainer.ui._dom_classes
            assert get_topic(s.topic).title in h2.text
    assert len({s.anchor for s in page.sections}) == len(page.sections)


def test_a_topic_registered_later_is_on_the_page_too():
    from toy_topic import registered

    from jasslib.widgets import trainers_page

    with registered() as toy:
        page = trainers_page(progress=False, final_check=False)
        assert page.sections[-1].topic == toy.name and page.section(toy.name).trainer.exercise.topic == toy.name


def _href_target(href: str, page_folder: str) -> tuple[Path, str]:
    """The file a relative link shown on a page of ``page_folder`` (``app``, ``notebooks``) opens, and its anchor."""
    path, _, anchor = href.partition("#")
    return (ROOT / page_folder / path).resolve(), anchor


def test_the_panels_next_link_leads_to_that_trainer_on_the_page(monkeypatch, tmp_path):
    """For every topic the panel can suggest, and for the final check, the "next" link opens the page of
    trainers (from the app and from a notebook) at an anchor that is the heading of that very trainer."""
    from jasslib.exercises import topics
    from jasslib.progress import SECURE_DONE, Progress, ProgressRecord, TopicProgress
    from jasslib.widgets.progress import progress_panel

    page = _run_trainers_notebook(monkeypatch)
    anchors = {s.anchor: s for s in page.sections}
    names = [t.name for t in topics()]
    secure = {n: TopicProgress(n, done=SECURE_DONE, right_first=SECURE_DONE) for n in names}
    store = Progress(tmp_path / "p.json")
    cases = [*names, None]
    for suggested in cases:  # every topic before it secure: the panel suggests it (None: all secure)
        before = names if suggested is None else names[:names.index(suggested)]
        store.save(ProgressRecord(topics=tuple(secure[n] for n in before)))
        panel = progress_panel(store)
        assert (None if panel.suggestion is None else panel.suggestion.topic) == suggested
        links = parse_html(panel.next_up.value).find_all("a")
        assert len(links) == 1 and links[0].attrs["class"] == "jass-next-link"
        for folder in ("app", "notebooks"):
            target, anchor = _href_target(links[0].attrs["href"], folder)
            assert target == ROOT / "app" / "trainers.ipynb" and target.is_file()
            assert anchor in anchors and anchors[anchor].topic == suggested, (suggested, anchor)
        opened = panel.open_next()  # and Open starts the same trainer in place
        assert (opened.exercise.topic if suggested is not None else type(opened).__name__) == \
            (suggested if suggested is not None else "FinalCheck")


def test_the_page_of_trainers_takes_some_topics_by_name():
    from jasslib.widgets import trainers_page

    page = trainers_page(topics="legal", progress=False, final_check=False)  # one name: that topic, not its letters
    assert [s.topic for s in page.sections] == ["legal"] and page.section("legal").anchor == "trainer-legal"
    with pytest.raises(ValueError, match="unknown topic 'poker'"):
        trainers_page(topics=["legal", "poker"], progress=False)
    with pytest.raises(ArgumentError, match="final_check is True or False"):
        trainers_page(final_check="no", progress=False)
    with pytest.raises(ValueError, match="no trainer for 'weis'"):
        page.section("weis")


@pytest.mark.slow
def test_make_app_ends_the_kernel_of_a_closed_page(app: App):
    """The page's shutdown request (sent when it is closed or reloaded) carries the _xsrf cookie's value, which
    the page now sets: the kernel ends.  Without the value the request is refused, as a cross-site one is.
    PAGES pages loaded and closed, five open at a time, leave no kernel (make app starts none ahead)."""
    import psutil
    from classroom_client import INDEX, get, kernel_id_of, kernels, load_and_close, shutdown

    port = app.port
    ps = psutil.Process(app.proc.pid)
    cookies: dict[str, str] = {}
    status, _, page = get(port, INDEX, cookies=cookies)
    kernel = kernel_id_of(page)
    assert status == 200 and kernel and cookies.get("_xsrf")
    assert shutdown(port, kernel, cookies, with_xsrf=False) == 403
    assert shutdown(port, kernel, cookies) == 204
    try:
        loads = load_and_close(port, ps, count=PAGES, at_once=5)
    except TimeoutError as exc:
        raise AssertionError(f"{exc}; the server's log ends:\n{app.log_tail()}") from exc
    assert [(status, shut) for status, _, shut in loads.pages] == [(200, 204)] * PAGES, "every page closed"
    assert len({k for _, k, _ in loads.pages} | {kernel}) == PAGES + 1, "a kernel of its own for each page"
    assert loads.peak <= 2 * 5, f"kernels end as their pages close, not at the end: {loads.peak} at once"
    deadline = time.time() + 30
    while kernels(ps) and time.time() < deadline:
        time.sleep(0.25)
    assert not kernels(ps), "no kernel left once the pages are closed"
    assert all(get(port, f"/api/kernels/{k}")[0] == 404 for _, k, _ in loads.pages)


def test_a_pool_never_hands_out_a_kernel_that_died():
    """app/serve.py's guard on Voilà's pool: an entry whose kernel left the kernel manager (it died) or whose rendering
    of the page failed is dropped when the pool is counted, a still running kernel of a failed rendering is shut
    down, one replacement starts per entry dropped; entries still starting and healthy ones stay."""
    import asyncio
    import concurrent.futures
    import logging

    from serve import _drop_dead_pool_kernels

    async def scenario() -> tuple[int, list[str], list[str], list[object]]:
        loop = asyncio.get_running_loop()

        def entry(kernel_id: str, render_failed: bool = False, done: bool = True) -> asyncio.Future:
            task: asyncio.Future = loop.create_future()
            if render_failed:
                task.set_exception(RuntimeError("Kernel died before replying to kernel_info"))
            item: asyncio.Future = loop.create_future()
            if done:
                item.set_result({"kernel_id": kernel_id, "task": task})
            return item

        class Manager:  # what the guard uses of Voilà's kernel manager
            log = logging.getLogger("test-pool")

            def __init__(self) -> None:
                self.kernels = {"healthy", "failed-render"}
                self.shut: list[str] = []
                self.fills: list[str] = []
                self._pools = {"app/trainers.ipynb": [entry("healthy"), entry("died"), entry("failed-render", True),
                                                      entry("starting", done=False)]}

            def __contains__(self, kernel_id: str) -> bool:
                return kernel_id in self.kernels

            def get_pool_size(self, notebook_name: str) -> int:
                return len(self._pools.get(notebook_name, []))

            def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None) -> None:
                self.fills.append(str(notebook_name))

            async def shutdown_kernel(self, kernel_id: str) -> None:
                self.shut.append(kernel_id)

        manager = Manager()
        _drop_dead_pool_kernels(manager)
        size = manager.get_pool_size("app/trainers.ipynb")
        await asyncio.sleep(0)  # the shutdown of the kernel whose rendering failed runs
        pool = manager._pools["app/trainers.ipynb"]
        left = [item.result()["kernel_id"] if item.done() else "pending" for item in pool]
        return size, manager.shut, manager.fills, left

    # in a thread of its own: a browser test of this worker may have left Playwright's event loop in this one
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        size, shut, fills, left = thread.submit(asyncio.run, scenario()).result(timeout=30)
    assert size == 2 and left == ["healthy", "pending"]
    assert shut == ["failed-render"], "a kernel that still runs after its rendering failed is ended"
    assert fills == ["app/trainers.ipynb"] * 2, "one replacement for each kernel dropped"
