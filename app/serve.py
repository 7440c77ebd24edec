"""Serve the course without code with Voilà: ``make app`` (this computer) and ``make app-classroom`` (a class).

The whole course folder is served: ``/`` opens the index (``app/index.ipynb``: every notebook with its title,
as a link), each notebook is rendered without its code cells (``/voila/render/notebooks/NN_name.ipynb``),
and the page of trainers stays at ``/voila/render/app/trainers.ipynb`` (in the classroom ``/`` opens it, and
it links to the index; the contract advisor is at ``/voila/render/app/advisor.ipynb``).  The rule book is
answered rendered: a rule
link of a notebook (``../docs/rules.md#p4``) or a widget (``../docs/rules.html#p4``) opens ``docs/rules.html`` at
the rule (:data:`RULE_BOOK_ROUTE`; Voilà itself would refuse the Markdown file with "403: Forbidden").

- ``python app/serve.py`` (``make app``): on http://127.0.0.1:8866, for this computer only, no token.
- ``python app/serve.py --classroom`` (``make app-classroom``): on every network interface (0.0.0.0), so the
  learners' browsers on the local network reach it, with a new random token that the printed URL carries;
  without it a page asks for the token.

Both keep the Host-header check on (Voilà turns it off): a request must name this computer (``localhost``, a
loopback address, or one of its host names), which stops DNS-rebinding pages; a request without a Host is
refused, and so is a websocket from another site's page, token or not.  In the classroom the learners
therefore open the URL with the computer's name, as printed, not its IP address; ``--host NAME`` adds a name
(``make app-classroom HOSTS="jass.school.example"``).

Kernels: closing or reloading a page ends its kernel (the page's shutdown request now carries its XSRF
token), and a kernel without a page for ``--cull-idle`` seconds is ended as well (default 600; 0: never).

The classroom (``app/classroom.py``): ``--class names.txt`` (``make app-classroom CLASS=names.txt``) prints one
link per learner; without it the printed link leads to a page where each learner gives their name.  Each
learner's progress goes to their own file in the class folder (``--class-dir``, by default
``~/.local/share/jasslib/classes/<class>``), and the teacher's class view opens with its own printed link.
In the classroom a learner's link (``/``) opens the trainers page itself, where a class works, and that
page links to the index of the chapters.  ``--pool N`` keeps N kernels of the trainers page started and
rendered ahead (default: the size of the class list, else 10; about 60 MB each), so a class that starts
together does not wait for kernels, and the index gets one for every ten of them (:func:`index_pool`: a
few learners at a time go there, to open a chapter).  The chapters themselves start their kernel when
opened.  ``make app`` (one learner) keeps ``/`` on the index and starts no kernel ahead.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INDEX = "app/index.ipynb"
TRAINERS = "app/trainers.ipynb"
DEFAULT_PORT = 8866
RULE_BOOK_PAGE = ROOT / "docs" / "rules.html"
RULE_BOOK_ROUTE = r"/voila/(?:render|files)/docs/rules\.(?:md|html)"
"""Where the rule links of the rendered notebooks and of the widgets arrive: both answer the rendered rule book."""
CULL_IDLE = 600
"""Seconds a kernel without a page (no websocket open) may stay before it is ended."""
CULL_INTERVAL = 60
"""How often idle kernels are looked for, in seconds (more often when ``cull_idle`` is shorter)."""
DEFAULT_POOL = 10
"""Pre-started kernels of the trainers page in a classroom without a class list."""
POOL_FILL_DELAY = 10.0
"""Seconds Voilà waits before starting a kernel for the pool in place of one a learner took."""
KERNEL_SHUTDOWN_WAIT = 1.0
"""Seconds a page's kernel gets to end after its shutdown request before it is stopped by signal (Jupyter's
default: 5; a signal comes after half of it).  ipykernel (6.29 to 7.4 alike) races with itself at a shutdown:
its control thread can wait for the output thread that the main thread has just stopped, and such a kernel
never ends by itself; about one kernel in five measured here (a kernel that had imported numba, 2026-12-06)
then sat for 2.5 s before the signal ended it.  A healthy kernel ends in 0.1-0.4 s, so after 0.5 s the signal
ends only the stuck ones (a page's kernel keeps nothing that needs a clean exit: progress is written at
every answer)."""
IOPUB_TIMEOUT = 120
"""Seconds Voilà's executor waits, after a cell's reply, for the cell's last outputs (the kernel's idle status).
Voilà's default (nbclient's 4 s) drops the outputs still on the way when it runs out: on a loaded machine (a
pool of kernels rendering the trainers page together) the hundreds of widget messages of ``trainers_page()``
take longer than that to arrive, and the page was served without its trainers and the round player (their
widget views missing from the HTML), so a browser never drew them.  Waiting costs nothing on a quiet machine
(the idle status comes at once).  It costs the whole wait when the idle status never comes: a starved kernel's
output socket dropped what went beyond ZeroMQ's 1,000 messages waiting (a page ended after 992 of its ~1,250),
which ``jasslib.widgets`` now prevents in every kernel that imports it (``jasslib/widgets/_kernel.py``)."""
TEMPLATE = "jasslib"
"""The pages' Voilà template (``app/jupyter/voila/templates/jasslib``, found through :data:`TEMPLATE_ROOT` on the
Jupyter path): Voilà's "lab" template with a script that draws again a widget output left as "Error displaying
widget: model not found" by the widget manager's race (ipywidgets issue 4026: an output drawn while the manager
loads the models waits 2 s for its model, and on a busy browser gives up just after the models came).  Seen in a
class of 25 on this computer: one Chromium learner of three in 7 of 9 runs lacked a few trainers or the progress
panel until a reload."""
TEMPLATE_ROOT = Path(__file__).resolve().parent / "jupyter"
"""The folder put first on ``JUPYTER_PATH`` for the server: it holds the app's template."""
SERVER_TEMPLATES = Path(__file__).resolve().parent / "server_templates"
"""The server's own pages, found before Jupyter's: ``error.html`` (every refusal and error: what went wrong in a
learner's words and what to do; Jupyter's needs static files that Voilà's server lacks, so it failed, logged a
traceback and answered an empty page) and ``login.html`` (a browser without a valid link: open the course with your
link, or type its code; instead of Jupyter's token help with its form for changing the server's password)."""
CONTENT_SECURITY_POLICY = "; ".join([
    "frame-ancestors 'self'",  # Jupyter's own rule: no other site frames the pages
    "style-src 'self' 'unsafe-inline' blob: data:",
    "font-src 'self' blob: data:",
])
"""The pages' Content-Security-Policy: style sheets and fonts come from this server only.  Voilà's page template
links Font Awesome's style sheets on a CDN (cdn.jsdelivr.net), which its own scripts already bring; on a school
network without the internet, where the name lookup or the connection is dropped instead of refused, a page waits
for them before it shows anything.  With this policy the browser never asks (the rule book, a plain page of this
server, loads nothing from elsewhere either)."""
POOL_FILL_SPACING = 3.0
"""Seconds between two such kernels (about one kernel's start on 2 cores): when a class takes the whole pool
at once, the pool refills one kernel after the other instead of starting them all together while the class
works."""


IPC_PATH_MAX = 100
"""The longest socket path a kernel's IPC transport may need (Unix allows 104-108 bytes, by system)."""


def kernel_transport(runtime_dir: str | None = None) -> str:
    """How the server talks to its kernels: ``"ipc"`` (Unix sockets in the runtime folder) where it can, else
    ``"tcp"``.

    Over TCP the server picks five free ports for each kernel and the kernel binds them a moment later; on a busy
    computer another program's connection can take one of them in between (jupyter_client issue 487), and a page
    then waits for a kernel that never comes up.  Starting many kernels at once, as a class does, makes that
    likelier: a class of 25 on this app's pool once had a kernel fail with "Address already in use" on its control
    port, the restarter retried the same port five times, and the pool still handed the dead kernel to a learner,
    whose page stayed a spinner for good (``benchmarks/bench_classroom.py``, 2026-12-05, TCP).  Unix sockets are
    files named after the kernel, so no two kernels and no other program can collide.
    Windows has no such sockets, and a socket's path has a length limit: a runtime folder too deep for it keeps TCP.

    >>> kernel_transport("/run/user/1000/jupyter") == ("ipc" if os.name == "posix" else "tcp")
    True
    >>> kernel_transport("/home/" + "x" * 60 + "/.local/share/jupyter/runtime")
    'tcp'
    """
    if os.name != "posix":
        return "tcp"
    if runtime_dir is None:
        from jupyter_core.paths import jupyter_runtime_dir

        runtime_dir = jupyter_runtime_dir()
    # a kernel's sockets: <runtime>/kernel-<36-character id>-ipc-<n>
    longest = len(os.fsencode(os.path.abspath(runtime_dir))) + len("/kernel-") + 36 + len("-ipc-99")
    return "ipc" if longest <= IPC_PATH_MAX else "tcp"


def index_pool(pool: int) -> int:
    """Kernels of the index kept started beside ``pool`` of the trainers page: one for every ten (rounded up).

    >>> index_pool(0), index_pool(4), index_pool(25)
    (0, 1, 3)
    """
    return -(-max(pool, 0) // 10)


def landing(classroom: bool) -> str:
    """The notebook ``/`` opens: the trainers page in a classroom, the index on this computer."""
    return TRAINERS if classroom else INDEX


def host_names(extra: Sequence[str] = ()) -> list[str]:
    """The names this computer answers to in the Host header: localhost, its host names, ``extra``."""
    names = ["localhost"]
    host = socket.gethostname()
    for name in (host, f"{host.split('.')[0]}.local", socket.getfqdn(), *extra):
        name = name.strip().lower().rstrip(".")
        if name and name not in names:
            names.append(name)
    return names


def voila_config(classroom: bool = False, port: int = DEFAULT_PORT, token: str | None = None,
                 hosts: Sequence[str] = (), ip: str | None = None, pool: int = 0, cull_idle: int = CULL_IDLE,
                 settings: dict[str, object] | None = None) -> dict[str, dict[str, object]]:
    """Voilà's configuration for the course (the folder served is the repository's root).

    ``pool``: kernels of the trainers page kept started (0: none; the index gets :func:`index_pool` of
    them); ``cull_idle``: seconds before a kernel
    without a page is ended (0: never); ``settings``: more Tornado settings (the classroom's).

    >>> local = voila_config()["Voila"]
    >>> local["ip"], local["token"], local["tornado_settings"]["allow_remote_access"]
    ('127.0.0.1', '', False)
    >>> room = voila_config(classroom=True, token="abc", pool=25)
    >>> room["Voila"]["ip"], room["Voila"]["token"], "localhost" in room["Voila"]["tornado_settings"]["local_hostnames"]
    ('0.0.0.0', 'abc', True)
    >>> pools = room["VoilaKernelManager"]["kernel_pools_config"]
    >>> room["VoilaConfiguration"]["preheat_kernel"], pools[TRAINERS], pools[INDEX], pools["default"]
    (True, {'pool_size': 25}, {'pool_size': 3}, {'pool_size': 0})
    >>> voila_config()["Voila"]["tornado_settings"]["headers"]["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    True
    >>> voila_config()["MappingKernelManager"]["cull_idle_timeout"]
    600
    >>> voila_config()["VoilaExecutor"]["iopub_timeout"] == IOPUB_TIMEOUT
    True
    >>> voila_config()["KernelManager"]["transport"] == kernel_transport()
    True
    >>> voila_config()["KernelManager"]["shutdown_wait_time"] == KERNEL_SHUTDOWN_WAIT
    True
    """
    voila: dict[str, object] = {
        "ip": ip or ("0.0.0.0" if classroom else "127.0.0.1"),
        "port": port,
        "open_browser": False,
        "root_dir": str(ROOT),
        "token": (token or secrets.token_urlsafe(16)) if classroom else "",  # "": no token on this computer
        # Voilà sets allow_remote_access=True; the check on: the Host header must name this computer
        "tornado_settings": {"allow_remote_access": False, "local_hostnames": host_names(hosts),
                             "headers": {"Content-Security-Policy": CONTENT_SECURITY_POLICY}, **(settings or {})},
    }
    from classroom import LEARNER_HEADER

    return {
        "Voila": voila,
        # the page tells its kernel the learner in this header (app/classroom.py); Voilà passes it on
        # the pages' template: Voilà's "lab" one with the repair of widget outputs (TEMPLATE)
        "VoilaConfiguration": {"http_header_envs": [LEARNER_HEADER], "preheat_kernel": pool > 0, "template": TEMPLATE},
        # pre-started kernels for the trainers page and the index only (each chapter would otherwise get a pool)
        "VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 0}, TRAINERS: {"pool_size": pool},
                                                       INDEX: {"pool_size": index_pool(pool)}},
                               "fill_delay": POOL_FILL_DELAY},
        # a cell's outputs are waited for: on a loaded machine they come late, and the page would lack them
        "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT},
        # the backstop when a page's shutdown request never came (a browser killed, a laptop closed)
        # kernels over Unix sockets where possible: no race for TCP ports when a class starts many at once
        # and a kernel stuck in its own shutdown is ended after 0.5 s, not 2.5 (KERNEL_SHUTDOWN_WAIT)
        "KernelManager": {"transport": kernel_transport(), "shutdown_wait_time": KERNEL_SHUTDOWN_WAIT},
        "MappingKernelManager": {"cull_idle_timeout": max(cull_idle, 0),
                                 "cull_interval": min(CULL_INTERVAL, max(1, cull_idle // 2)), "cull_connected": False},
    }


def make_app(classroom: bool = False) -> type:
    """Voilà's application, with ``/`` sending the browser to :func:`landing` (query string kept), the
    rule book answered rendered (:data:`RULE_BOOK_ROUTE`), the classroom's pages (``/jasslib/join``,
    ``/jasslib/class``) and guards (``app/classroom.py``), and the course's own error and login pages
    (:data:`SERVER_TEMPLATES`) for every refusal, error and unknown address."""
    from classroom import CLASS_VIEW, JOIN, make_server_parts, require_host
    from jinja2 import ChoiceLoader, FileSystemLoader
    from jupyter_server.auth.decorator import allow_unauthenticated
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import url_path_join
    from tornado import web
    from traitlets import default
    from voila.app import Voila
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.tornado.handler import TornadoVoilaHandler

    parts = make_server_parts()

    class NotFoundHandler(JupyterHandler):
        """Any address that no route of the app serves: the course's "no such page" (``error.html``), as a
        mistyped chapter gets it."""

        @allow_unauthenticated
        def get(self, *args: str) -> None:
            raise web.HTTPError(404)

        head = get

    class HomeHandler(JupyterHandler):
        """``/``: to :func:`landing`, with the query string (a learner's token); as a Jupyter page it has the Host
        check and the course's error page (a learner who typed the address with a number sees why it is refused)."""

        def initialize(self, url: str) -> None:
            self.landing_url = url

        @allow_unauthenticated
        def get(self) -> None:
            query = self.request.query
            self.redirect(self.landing_url + (f"?{query}" if query else ""))

        head = get

    class RuleBookHandler(JupyterHandler):
        """The rendered rule book, docs/rules.html (made from docs/rules.md), for the same users as the pages."""

        @web.authenticated
        def get(self) -> None:
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(RULE_BOOK_PAGE.read_bytes())

    class CourseApp(Voila):  # type: ignore[misc]  # Voilà has no type hints
        """Voilà serving the course folder, with :func:`landing` as its first page."""

        @default("identity_provider_class")
        def _identity_provider_class(self) -> type:
            return parts["identity_provider"]

        def init_settings(self) -> dict:
            settings = super().init_settings()
            _stagger_refills(self.kernel_manager)
            _drop_dead_pool_kernels(self.kernel_manager)
            env = settings["jinja2_env"]  # the server's pages (errors, login); Voilà's own pages have another
            env.loader = ChoiceLoader([FileSystemLoader(str(SERVER_TEMPLATES)), env.loader])
            settings["default_handler_class"] = require_host(NotFoundHandler)  # an unknown address: error.html
            return settings

        def init_handlers(self) -> list:
            first = url_path_join(self.server_url, "voila/render", landing(classroom))
            home = (url_path_join(self.server_url, "/?"), HomeHandler, {"url": first})
            rules = (url_path_join(self.server_url, RULE_BOOK_ROUTE), RuleBookHandler)
            view = url_path_join(self.server_url, CLASS_VIEW)
            ours = [home, rules, (url_path_join(self.server_url, JOIN), parts["join"]),
                    (view, parts["class_view"]), (view + r"/progress\.(csv|html)", parts["class_view"])]
            handlers = []
            for pattern, handler, *rest in [*ours, *super().init_handlers()]:
                if handler is TornadoVoilaHandler:
                    handler = parts["voila_handler"]
                elif handler is RequestInfoSocketHandler:
                    handler = parts["pool_watch"]
                handlers.append((pattern, require_host(handler), *rest))
            return handlers

    return CourseApp


def _stagger_refills(kernel_manager: object, spacing: float = POOL_FILL_SPACING) -> None:
    """Start the pool's replacement kernels one after the other (``spacing`` seconds apart) rather than all at
    once: Voilà starts one ``fill_delay`` after each kernel a learner takes, so a class arriving together
    would start them together, while it works."""
    import asyncio

    fill = getattr(kernel_manager, "fill_if_needed", None)
    if fill is None:  # no pool (preheat_kernel off)
        return
    state = {"next": 0.0}

    def staggered(delay: float | None = None, notebook_name: str | None = None, **kwargs: object) -> None:
        if delay is None:  # a refill after a learner took a kernel (the first fill passes 0)
            now = asyncio.get_event_loop().time()
            start = max(now + float(kernel_manager.fill_delay), state["next"])  # type: ignore[attr-defined]
            state["next"] = start + spacing
            delay = start - now
        fill(delay=delay, notebook_name=notebook_name, **kwargs)

    kernel_manager.fill_if_needed = staggered  # type: ignore[attr-defined]  # Voilà calls it on the instance


def _drop_dead_pool_kernels(kernel_manager: object) -> None:
    """Never hand a learner a kernel of the pool that died while it waited: before Voilà counts a page's pool (it does
    so for every request of the page), the kernels that died (gone from the kernel manager, or their rendering of
    the page failed) leave the pool, a living one is shut down, and a replacement is started.  Voilà itself kept
    such a kernel and gave it to the next learner, whose page then stayed a spinner for good ("Kernel died before
    replying to kernel_info"; seen when a kernel could not bind its port).  A pool left empty makes Voilà start a
    fresh kernel for the page, as without a pool."""
    import asyncio

    size = getattr(kernel_manager, "get_pool_size", None)
    pools = getattr(kernel_manager, "_pools", None)
    if size is None or not isinstance(pools, dict):  # no pool (preheat_kernel off), or another Voilà
        return

    def dead(item: asyncio.Future) -> tuple[bool, str | None]:
        """Whether a pool's entry is unusable, and its kernel's id when that kernel still runs."""
        if not item.done():
            return False, None  # still starting: Voilà waits for it
        if item.cancelled() or item.exception() is not None:
            return True, None
        content = item.result()
        kernel_id, task = content.get("kernel_id"), content.get("task")
        alive = kernel_id in kernel_manager  # type: ignore[operator]  # a MultiKernelManager knows its kernels
        failed = task is not None and task.done() and (task.cancelled() or task.exception() is not None)
        return (not alive or failed), (kernel_id if alive else None)

    def living_size(notebook_name: str) -> int:
        pool = pools.get(notebook_name, [])
        dropped = 0
        for item in list(pool):
            is_dead, running = dead(item)
            if not is_dead:
                continue
            pool.remove(item)
            dropped += 1
            kernel_manager.log.warning(  # type: ignore[attr-defined]
                "[jasslib] a kernel of the pool of %s died before a learner came: dropped, a new one starts",
                notebook_name)
            if running is not None:
                asyncio.ensure_future(kernel_manager.shutdown_kernel(running))  # type: ignore[attr-defined]
        for _ in range(dropped):  # the refills after the pool is clean (a refill counts the pool again)
            kernel_manager.fill_if_needed(delay=None, notebook_name=notebook_name)  # type: ignore[attr-defined]
        return int(size(notebook_name))

    kernel_manager.get_pool_size = living_size  # type: ignore[attr-defined]  # Voilà calls it on the instance


def _positive(text: str) -> int:
    """A count or a number of seconds from the command line: a whole number from 0 (argparse names the option)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"a whole number from 0, got {text[:40]!r}")
    return value


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python app/serve.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--classroom", action="store_true",
                        help="serve on the local network (0.0.0.0) with a link per learner and a class view")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", DEFAULT_PORT)))
    parser.add_argument("--host", action="append", default=[], metavar="NAME",
                        help="another name the learners use for this computer (classroom)")
    parser.add_argument("--class", dest="class_list", metavar="NAMES.txt",
                        help="classroom: the class list (one learner a line): one link per learner is printed")
    parser.add_argument("--class-dir", metavar="FOLDER",
                        help="classroom: the class folder for the learners' progress (outside the repository)")
    parser.add_argument("--pool", type=_positive, default=None, metavar="N",
                        help=f"kernels of the trainers page kept started (classroom default: the class size, else "
                             f"{DEFAULT_POOL}; 0 on this computer)")
    parser.add_argument("--cull-idle", type=_positive, default=CULL_IDLE, metavar="SECONDS",
                        help=f"end a kernel without a page after this long (default {CULL_IDLE}; 0: never)")
    from classroom import REFRESH_SECONDS

    parser.add_argument("--class-refresh", type=_positive, default=None, metavar="SECONDS",
                        help=f"classroom: how often the class view reloads itself (default {REFRESH_SECONDS}, at "
                             "least 1)")
    parser.add_argument("--review-ahead", choices=("on", "off"), default="on",
                        help="judge each trick of a round in the background as soon as it is complete, so that the "
                             "Review is ready at the round's end (default on; off saves the CPU of rounds never "
                             "reviewed, a few seconds a trump round, on a server shared by a class)")
    parser.add_argument("--ip", default=None, help=argparse.SUPPRESS)  # tests: a classroom on 127.0.0.1
    args = parser.parse_args(argv)
    if args.review_ahead == "off":
        from jasslib.widgets.round_player import REVIEW_AHEAD_ENV

        os.environ[REVIEW_AHEAD_ENV] = "0"  # the kernels inherit the server's environment
    if not args.classroom and (args.class_list or args.class_dir or args.class_refresh is not None):
        parser.error("--class, --class-dir and --class-refresh are for the classroom (add --classroom, or: make "
                     "app-classroom)")
    if args.class_refresh == 0:
        parser.error("--class-refresh: at least 1 second (the class view reloads itself that often)")
    from traitlets.config import Config

    token = secrets.token_urlsafe(16) if args.classroom else None
    settings: dict[str, object] = {}
    pool = args.pool if args.pool is not None else 0
    if args.classroom:
        settings, token, pool = _classroom(parser, args)
    config = Config(voila_config(args.classroom, args.port, token, args.host, args.ip, pool=pool,
                                 cull_idle=args.cull_idle, settings=settings))
    if not args.classroom:
        print(f"The course without code: http://127.0.0.1:{args.port}/ (stop with Ctrl-C)", flush=True)
    # the app's template on the Jupyter path (Voilà looks for templates there when the app starts)
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), os.environ.get("JUPYTER_PATH")) if p)
    make_app(args.classroom).launch_instance(argv=[], config=config)


def _classroom(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[dict[str, object], str, int]:
    """Open the class (folder, learners, tokens), print the links; the Tornado settings, class token and pool."""
    from classroom import (
        CLASS_VIEW,
        REFRESH_SECONDS,
        ClassroomError,
        default_class_folder,
        open_roster,
        read_class_list,
    )

    from jasslib.progress import CLASS_ENV_VAR

    try:
        names = read_class_list(args.class_list) if args.class_list else []
        folder = args.class_dir or default_class_folder(Path(args.class_list).stem if args.class_list else "class")
        roster = open_roster(folder, names, open_join=not names)
    except ClassroomError as exc:
        parser.error(str(exc))
    os.environ[CLASS_ENV_VAR] = str(roster.folder)  # every kernel records to its learner's file in the folder
    teacher = secrets.token_urlsafe(24)  # new at each start; never shown on a learner's page
    hosts = [n for n in host_names(args.host) if n != "localhost"]
    base = f"http://{hosts[0]}:{args.port}"
    pool = args.pool if args.pool is not None else (len(names) or DEFAULT_POOL)
    print(f"Classroom mode: the course is served on the local network; the class folder is {roster.folder}",
          flush=True)
    if names:
        links = roster.write_links(base)
        print(f"Each learner opens their own link (also in {links}):", flush=True)
        for name in names:
            learner = roster.add(name)
            print(f"    {learner.name}: {roster.link(learner, base)}", flush=True)
    else:
        print("Learners open (one of) the following and give their name:", flush=True)
        for name in hosts:
            print(f"    http://{name}:{args.port}/?token={roster.join_token}", flush=True)
    print(f"The class view, for you only (keep this link to yourself): "
          f"http://localhost:{args.port}/{CLASS_VIEW}?teacher={teacher}", flush=True)
    print(f"{pool} kernels of the trainers page and {index_pool(pool)} of the index are started ahead (about "
          f"{pool * 60 + index_pool(pool) * 60} MB; a page grows to 125-145 MB once its learner plays a round). "
          "Use the computer's name as above, not its IP address (the Host check refuses addresses); "
          "stop with Ctrl-C.", flush=True)
    refresh = args.class_refresh if args.class_refresh is not None else REFRESH_SECONDS
    return ({"jasslib_roster": roster, "jasslib_teacher_token": teacher, "jasslib_class_refresh": refresh},
            roster.join_token, pool)


if __name__ == "__main__":
    main(sys.argv[1:])
