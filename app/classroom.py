"""The classroom of the course app (``make app-classroom``): learners, their links and progress files, the
teacher's class view, and the server's guards.  ``app/serve.py`` puts it together with Voilà.

- **The class folder** (on the teacher's computer, never in the repository) holds ``class.json`` (the learners:
  name, id, the secret token of their link; the class's own token for learners who give their name),
  ``links.txt`` (one link per learner, to hand out) and one progress file per learner (``<id>.json``,
  :func:`jasslib.progress.class_learner_path`), made when the learner is added so the class view lists
  everyone from the start.  Starting the app again with the same folder keeps every link.
- **Who is who**: a learner's link carries their own token; the login cookie it sets names the learner
  (:class:`ClassIdentityProvider`).  Without a class list the printed class link leads to a page where each
  learner gives their name (:class:`JoinHandler`).  Every page Voilà renders tells its kernel the learner
  (the ``X-Jasslib-Learner`` header, set by :class:`CourseVoilaHandler` and never taken from the browser),
  and the trainers record to that learner's file (:class:`jasslib.progress.LearnerProgress`).
- **The class view** (:class:`ClassViewHandler`, ``/jasslib/class``): the teacher's own token, never a
  learner's; the table of ``progress class`` (learner × topic), refreshed while the class works, and the
  same table as CSV or HTML to keep.
- **Guards** (both modes): a request without a Host header is refused (:func:`require_host`; the names a Host
  may carry are checked by Jupyter's own check, which ``app/serve.py`` switches on), a websocket from
  another site is refused even with a token (:meth:`ClassIdentityProvider.should_check_origin`), and the page
  sets the ``_xsrf`` cookie that its shutdown request sends back, so closing a page ends its kernel.
  A learner's page cannot run code in its kernel: Voilà forwards only widget and kernel-info messages.
- **Without a valid link** a browser gets the course's login page (``app/server_templates/login.html``): open
  your own link, or type its code or paste the link (:func:`link_code`; a learner's code logs that learner in);
  Jupyter's form for changing the server's password is off.  Refusals (a learner at the class view, a wrong
  teacher link, an address refused by the Host check) and unknown addresses answer the course's error page
  with the reason and what to do (``app/server_templates/error.html``).
"""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import os
import re
import secrets
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jasslib._files import write_atomically
from jasslib.progress import (
    LEARNER_ID,
    Progress,
    class_csv,
    class_html,
    class_learner_path,
    default_path,
    jasslib_checkout,
    merge_class,
)

FORMAT = "jasslib.class/1"
ROSTER = "class.json"
LINKS = "links.txt"
LEARNER_HEADER = "X-Jasslib-Learner"
"""The request header that tells a page's kernel its learner (Voilà passes it on as ``HTTP_X_JASSLIB_LEARNER``)."""
CLASS_VIEW = "jasslib/class"
JOIN = "jasslib/join"
LEARNER_USER = "learner-"
"""The user name of a learner in the login cookie: this prefix and the learner's id."""
REFRESH_SECONDS = 10
"""How often the class view reloads itself, by default (``app/serve.py --class-refresh SECONDS``)."""
POOL_READY = "pages of the trainers page rendered ahead, waiting for learners:"
"""The log line (with a count) each time a pre-started kernel is ready."""


class ClassroomError(ValueError):
    """A class list or class folder that cannot be used (the message says which and why)."""


# ---------------------------------------------------------------------------------------------
# The class: learners and their tokens


@dataclass(frozen=True)
class Learner:
    """One learner of the class: the name as the teacher wrote it, the id (their file's name), the token."""

    id: str
    name: str
    token: str


def learner_id(name: str, taken: Iterable[str] = ()) -> str:
    """The id of a learner called ``name``: lower-case ASCII letters, digits and hyphens, not in ``taken``.

    >>> learner_id("Anna Müller"), learner_id("Anna Müller", ["anna-muller"]), learner_id("李")
    ('anna-muller', 'anna-muller-2', 'learner')
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40].strip("-") or "learner"
    used = set(taken)
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    assert LEARNER_ID.fullmatch(candidate), candidate
    return candidate


def clean_name(name: str) -> str:
    """A learner's name as it is kept: spaces tidied; ClassroomError for an empty, too long or odd name."""
    from jasslib.progress import ProgressRecord

    try:
        cleaned = ProgressRecord().with_learner(name).learner
    except ValueError as exc:
        raise ClassroomError(str(exc)) from None
    if not cleaned:
        raise ClassroomError("a learner's name cannot be empty")
    return cleaned


def read_class_list(path: str | os.PathLike[str]) -> list[str]:
    """The names in a class list: one learner a line; blank lines and lines starting with ``#`` are skipped,
    and a name given twice counts once."""
    p = Path(path).expanduser()
    try:
        lines = p.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ClassroomError(f"cannot read the class list {p}: {exc}") from None
    names: list[str] = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            name = clean_name(text)
        except ClassroomError as exc:
            raise ClassroomError(f"{p}, line {number}: {exc}") from None
        if name.casefold() not in {n.casefold() for n in names}:
            names.append(name)
    if not names:
        raise ClassroomError(f"the class list {p} names no learner (one name a line)")
    return names


def default_class_folder(name: str = "class") -> Path:
    """Where a class's folder goes when none is given: ``classes/<name>`` beside the default progress file."""
    return default_path().parent / "classes" / learner_id(name)


class Roster:
    """The learners of a class, kept in ``class.json`` in the class folder (written atomically, readable only
    by the teacher: it holds the tokens).  ``open_join``: whether learners may add themselves by name."""

    def __init__(self, folder: str | os.PathLike[str], open_join: bool = True) -> None:
        self.folder = Path(folder).expanduser().resolve()
        top = jasslib_checkout(self.folder)
        if top is not None:
            raise ClassroomError(f"the class folder {self.folder} is inside the jasslib repository ({top}): "
                                 "the learners' progress never goes there; choose a folder outside it")
        self.open_join = open_join
        self.learners: dict[str, Learner] = {}
        self.join_token = ""
        self._by_token: dict[str, Learner] = {}
        self._load()

    # ----------------------------------------------------------------- the file
    @property
    def path(self) -> Path:
        """The roster file, ``class.json``."""
        return self.folder / ROSTER

    def _load(self) -> None:
        if not self.path.exists():
            self.join_token = secrets.token_urlsafe(16)
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                raise ValueError(f"not a {FORMAT} file")
            self.join_token = str(data["join_token"])
            for item in data["learners"]:
                learner = Learner(str(item["id"]), clean_name(str(item["name"])), str(item["token"]))
                if not LEARNER_ID.fullmatch(learner.id) or len(learner.token) < 16:
                    raise ValueError(f"a bad learner entry {learner.id!r}")
                self._put(learner)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ClassroomError(f"{self.path} is not a usable class file ({exc}): move it away or choose "
                                 "another class folder") from None

    def _put(self, learner: Learner) -> None:
        self.learners[learner.id] = learner
        self._by_token[learner.token] = learner

    def save(self) -> None:
        """Write ``class.json`` and ``links.txt`` (atomically, for the teacher only)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {"format": FORMAT, "join_token": self.join_token,
                "learners": [{"id": x.id, "name": x.name, "token": x.token} for x in self.learners.values()]}
        write_atomically(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", mode=0o600)

    def write_links(self, base_url: str) -> Path:
        """``links.txt``: one line per learner, ``name<TAB>link`` (``base_url``: how learners reach the app)."""
        lines = [f"{x.name}\t{self.link(x, base_url)}" for x in self.learners.values()]
        return write_atomically(self.folder / LINKS, "\n".join(lines) + "\n", mode=0o600)

    # ----------------------------------------------------------------- learners
    def add(self, name: str) -> Learner:
        """The learner called ``name`` (the one already there with this name, else a new one with a new
        token); their progress file is made with their name."""
        cleaned = clean_name(name)
        for learner in self.learners.values():
            if learner.name.casefold() == cleaned.casefold():
                return learner
        learner = Learner(learner_id(cleaned, self.learners), cleaned, secrets.token_urlsafe(18))
        self._put(learner)
        self.save()
        self.ensure_file(learner)
        return learner

    def ensure_file(self, learner: Learner) -> Path:
        """The learner's progress file, made (with their name) when it does not exist yet."""
        path = self.progress_path(learner)
        if not path.exists():
            Progress(path).set_learner(learner.name)
        return path

    def by_token(self, token: str) -> Learner | None:
        """The learner whose link carries ``token`` (compared in constant time), or None."""
        for known, learner in self._by_token.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                return learner
        return None

    def progress_path(self, learner: Learner) -> Path:
        """The learner's progress file in the class folder."""
        return class_learner_path(self.folder, learner.id)

    def progress_files(self) -> list[Path]:
        """Every learner's progress file that exists, in the order the learners were added."""
        return [p for p in (self.progress_path(x) for x in self.learners.values()) if p.exists()]

    @staticmethod
    def link(learner: Learner, base_url: str) -> str:
        """The learner's own link."""
        return f"{base_url.rstrip('/')}/?token={learner.token}"


def open_roster(folder: str | os.PathLike[str], names: Iterable[str] = (), open_join: bool = True) -> Roster:
    """The class in ``folder`` (made when new) with every name of ``names`` in it, saved."""
    roster = Roster(folder, open_join=open_join)
    for name in names:
        roster.add(name)
    roster.save()
    for learner in roster.learners.values():
        roster.ensure_file(learner)
    return roster


# ---------------------------------------------------------------------------------------------
# The server side: identity, pages, guards (imported by app/serve.py before Voilà starts)


def _roster(settings: dict[str, Any]) -> Roster | None:
    roster = settings.get("jasslib_roster")
    return roster if isinstance(roster, Roster) else None


def learner_of(user: Any, roster: Roster | None) -> Learner | None:
    """The class's learner a logged-in ``user`` is (None: not a learner of this class)."""
    name = getattr(user, "username", "") or ""
    if roster is None or not name.startswith(LEARNER_USER):
        return None
    return roster.learners.get(name[len(LEARNER_USER):])


def host_allowed(host: str, settings: dict[str, Any]) -> bool:
    """Jupyter's Host check for a handler that is not Jupyter's: the Host names this computer (a loopback
    address or one of ``local_hostnames``), unless the settings allow remote access.

    >>> host_allowed("127.0.0.1:8866", {}), host_allowed("jass.local", {"local_hostnames": ["jass.local"]})
    (True, True)
    >>> host_allowed("rebinding.example:8866", {"local_hostnames": ["localhost"]}), host_allowed("", {})
    (False, False)
    """
    import ipaddress

    name = re.sub(r":\d+$", "", host.strip().lower()).strip("[]")
    if not name:
        return False
    if settings.get("allow_remote_access", False):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return name in settings.get("local_hostnames", ["localhost"])


def link_code(typed: str) -> str:
    """The code of a course link from what was typed into the login page: the code itself, or the whole link.

    >>> link_code(" http://jass-room:8866/?token=Ab3_x-9Qz ")
    'Ab3_x-9Qz'
    >>> link_code("Ab3_x-9Qz"), link_code("")
    ('Ab3_x-9Qz', '')
    """
    typed = typed.strip()
    found = re.search(r"[?&]token=([^&#\s]*)", typed)
    return found.group(1) if found else typed


def require_host(handler_class: type) -> type:
    """``handler_class`` refusing (403) a request whose Host header is missing or empty (Tornado would take
    such a request as one for 127.0.0.1, and Jupyter's Host check would let it through), and, for a handler
    that is not Jupyter's (the redirect of ``/``, Voilà's request-info socket), one naming another host."""
    from tornado.web import HTTPError

    jupyter = hasattr(handler_class, "check_host")

    def prepare(self: Any) -> Any:
        host = self.request.headers.get("Host", "")
        if not host.strip() or (not jupyter and not host_allowed(host, self.settings)):
            raise HTTPError(403, "a request must name this server in its Host header")
        return super(guarded, self).prepare()

    guarded = type(handler_class.__name__, (handler_class,), {"prepare": prepare, "__module__": __name__})
    return guarded


def make_server_parts() -> dict[str, type]:
    """The classes that app/serve.py hands to Voilà (made here so that importing this module needs no Voilà)."""
    from jupyter_server.auth.decorator import allow_unauthenticated
    from jupyter_server.auth.identity import PasswordIdentityProvider, User
    from jupyter_server.base.handlers import JupyterHandler
    from tornado import web
    from traitlets import default
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.tornado.handler import TornadoVoilaHandler

    class ClassIdentityProvider(PasswordIdentityProvider):  # type: ignore[misc]  # Voilà's default, untyped
        """Voilà's token login, and in a classroom each learner's own token: its login cookie names the
        learner.  The Origin of every request with one is checked, token or not."""

        def _learner_user(self, learner: Learner) -> Any:
            return User(username=LEARNER_USER + learner.id, name=learner.name, display_name=learner.name)

        async def get_user_token(self, handler: Any) -> Any:
            roster = _roster(handler.settings)
            token = self.get_token(handler)
            if roster is not None and token:
                learner = roster.by_token(token)
                if learner is not None:
                    return self._learner_user(learner)
            return await super().get_user_token(handler)

        def get_user_cookie(self, handler: Any) -> Any:
            user = super().get_user_cookie(handler)
            if user is not None and getattr(user, "username", "").startswith(LEARNER_USER):
                if learner_of(user, _roster(handler.settings)) is None:
                    return None  # a learner no longer in the class
            return user

        def should_check_origin(self, handler: Any) -> bool:
            return True  # Jupyter skips the check for token logins; a websocket from another site is refused

        @default("allow_password_change")
        def _no_password_change(self) -> bool:
            return False  # Jupyter's login form would let anyone with the class link set the server's password

        def process_login_form(self, handler: Any) -> Any:
            """The code typed into the login page (``app/server_templates/login.html``), or the whole link pasted
            there: a learner's own code logs that learner in, as their link does; else Jupyter's check."""
            roster = _roster(handler.settings)
            typed = link_code(handler.get_argument("password", default=""))
            learner = roster.by_token(typed) if roster is not None and typed else None
            if learner is not None:
                return self._learner_user(learner)
            if self.token and typed and hmac.compare_digest(typed.encode(), self.token.encode()):
                return self.generate_anonymous_user(handler)  # the class link's code (no class list)
            return super().process_login_form(handler)

    class CourseVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]
        """Voilà's page, which sets the ``_xsrf`` cookie (the page's shutdown request sends it back) and, in a
        classroom, tells the page's kernel its learner (a page for someone who is not a learner of the class
        leads to the page where they give their name)."""

        def render_template(self, name: str, **ns: Any) -> str:
            if name == "error.html" or name[:3].isdigit():  # a refusal: the course's error page, as elsewhere
                template = self.settings["jinja2_env"].get_template(name)  # the server's pages, not Voilà's
                return template.render(**ns, **self.template_namespace)
            return super().render_template(name, **ns)

        async def get_generator(self, path: str | None = None) -> Any:
            self.xsrf_token  # noqa: B018 - reading it sets the _xsrf cookie
            if LEARNER_HEADER in self.request.headers:  # never the browser's word for who it is
                del self.request.headers[LEARNER_HEADER]
            roster = _roster(self.settings)
            if roster is not None:
                learner = learner_of(self.current_user, roster)
                if learner is None:
                    if roster.open_join:
                        self.redirect(self.base_url + JOIN)
                    else:
                        raise web.HTTPError(403, "open the course with your own link from the teacher")
                    return
                self.request.headers[LEARNER_HEADER] = learner.id
            async for chunk in super().get_generator(path):
                yield chunk

    def page(title: str, body: str) -> str:
        return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
                "<meta name='viewport' content='width=device-width, initial-scale=1'>"
                f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;margin:2em}}</style>"
                f"</head><body>{body}</body></html>\n")

    class JoinHandler(JupyterHandler):  # type: ignore[misc]
        """``/jasslib/join``: a learner who came with the class link gives their name (once per browser)."""

        def _form(self, problem: str = "") -> None:
            warn = f"<p role='alert' style='color:#a00'>{html.escape(problem)}</p>" if problem else ""
            self.write(page("Join the class", (
                "<h1>Join the class</h1><p>Your name, as your teacher knows you: your exercises are kept under "
                f"it, for you and your teacher.</p>{warn}<form method='post'>{self.xsrf_form_html()}"
                "<label>Your name <input name='name' maxlength='80' autofocus required></label> "
                "<button type='submit'>Start</button></form>")))

        def _roster_or_refuse(self) -> Roster:
            roster = _roster(self.settings)
            if roster is None or not roster.open_join:
                raise web.HTTPError(404)
            return roster

        @web.authenticated
        def get(self) -> None:
            roster = self._roster_or_refuse()
            if learner_of(self.current_user, roster) is not None:
                self.redirect(self.base_url)
                return
            self._form()

        @web.authenticated
        def post(self) -> None:
            roster = self._roster_or_refuse()
            try:
                learner = roster.add(self.get_body_argument("name", ""))
            except ClassroomError as exc:
                self.set_status(400)
                self._form(f"Please give your name ({exc}).")
                return
            self.identity_provider.set_login_cookie(self, self.identity_provider._learner_user(learner))
            self.redirect(self.base_url)

    class ClassViewHandler(JupyterHandler):  # type: ignore[misc]
        """``/jasslib/class`` (and ``/jasslib/class/progress.csv`` / ``.html``): the teacher's view of the
        class, behind the teacher's own token (``?teacher=``, then a cookie of its own).  A learner's login
        opens nothing here."""

        def _cookie_name(self) -> str:
            return re.sub(r"\W", "-", f"jasslib-teacher-{self.request.host}")

        def _token_hash(self) -> str:
            token = self.settings.get("jasslib_teacher_token") or ""
            return hashlib.sha256(token.encode()).hexdigest()

        def _is_teacher(self) -> bool:
            cookie = self.get_secure_cookie(self._cookie_name())
            return bool(self.settings.get("jasslib_teacher_token")) and cookie is not None and \
                hmac.compare_digest(cookie.decode(), self._token_hash())

        def set_default_headers(self) -> None:
            super().set_default_headers()
            self.set_header("Cache-Control", "no-store")
            self.set_header("Referrer-Policy", "no-referrer")

        @allow_unauthenticated
        def get(self, export: str | None = None) -> None:
            roster = _roster(self.settings)
            expected = self.settings.get("jasslib_teacher_token") or ""
            given = self.get_query_argument("teacher", "")
            if roster is None or not expected:
                raise web.HTTPError(404)
            if given:
                if not hmac.compare_digest(given.encode(), expected.encode()):
                    raise web.HTTPError(403, "this is not the teacher's link")
                self.set_secure_cookie(self._cookie_name(), self._token_hash(), httponly=True,
                                       path=self.base_url, samesite="Strict", expires_days=None)
                self.redirect(self.request.path)  # the token leaves the address bar (and the history)
                return
            if not self._is_teacher():
                raise web.HTTPError(403, "the class view is for the teacher: open it with the teacher's link")
            table = merge_class(roster.progress_files())
            if export == "csv":
                self.set_header("Content-Type", "text/csv; charset=utf-8")
                self.set_header("Content-Disposition", "attachment; filename=class-progress.csv")
                self.finish(class_csv(table))
                return
            if export == "html":
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Content-Disposition", "attachment; filename=class-progress.html")
                self.finish(class_html(table))
                return
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(class_view_html(table, self.request.path,
                                        self.settings.get("jasslib_class_refresh", REFRESH_SECONDS)))

    waiters, cache = RequestInfoSocketHandler._waiters, RequestInfoSocketHandler._cache

    def send_updates(cls: type, msg: dict) -> None:
        """The page's request details for its pre-started kernel (Voilà calls this when the page is requested):
        kept until the kernel ends, and sent at once if the kernel is waiting.  Voilà's own keeps them only
        when no kernel waits, so a kernel whose wait was cut (a busy server, a dropped connection) and
        that asks again would never learn its learner."""
        kernel_id, payload = msg["kernel_id"], msg["payload"]
        cache[kernel_id] = payload
        waiter = waiters.get(kernel_id)
        if waiter is not None:
            try:
                waiter.write_message(payload)
            except Exception:  # noqa: BLE001 - the socket closed meanwhile: the kernel asks again, from the cache
                pass

    RequestInfoSocketHandler.send_updates = classmethod(send_updates)  # Voilà's handler calls the base class's

    class PoolWatch(RequestInfoSocketHandler):  # type: ignore[misc]
        """Voilà's request-info socket, which a pre-started kernel opens when it has rendered the trainers page
        up to the progress panel (the panel then waits for its learner): the log then says how many are ready.

        Unlike Voilà's, a closing socket removes only itself (Voilà's removed the last kernel's waiter when the
        closing one had been replaced), and the details of kernels that ended are forgotten."""

        def open(self, kernel_id: str) -> None:
            live = self.settings.get("kernel_manager")
            if live is not None:
                ids = set(live.list_kernel_ids())
                for gone in [k for k in cache if k not in ids]:
                    del cache[gone]
            self._kernel_id = kernel_id
            super().open(kernel_id)
            ready = sum(1 for k in waiters if k not in cache)
            if kernel_id not in cache:
                print(f"[jasslib] {POOL_READY} {ready}", file=sys.stderr, flush=True)

        def on_close(self) -> None:
            kernel_id = getattr(self, "_kernel_id", None)
            if kernel_id is not None and waiters.get(kernel_id) is self:
                del waiters[kernel_id]

    return {"identity_provider": ClassIdentityProvider, "voila_handler": CourseVoilaHandler,
            "join": JoinHandler, "class_view": ClassViewHandler, "pool_watch": PoolWatch}


def class_view_html(table: Any, path: str, refresh: int = REFRESH_SECONDS) -> str:
    """The teacher's page: the class table of :func:`jasslib.progress.class_html`, reloaded every ``refresh``
    seconds, with links to keep it as CSV or HTML."""
    page = class_html(table, title="Class progress (live)")
    base = html.escape(path.rstrip("/"))
    links = (f"<p>Updated every {refresh} s while the class works. Keep it: "
             f"<a href='{base}/progress.csv'>CSV</a> · <a href='{base}/progress.html'>HTML</a></p>")
    page = page.replace("<head>", f"<head><meta http-equiv='refresh' content='{refresh}'>", 1)
    return page.replace("</h1>", "</h1>" + links, 1)


__all__ = ["ClassroomError", "Learner", "Roster", "learner_id", "read_class_list", "open_roster",
           "default_class_folder", "make_server_parts", "require_host", "class_view_html", "learner_of",
           "link_code"]
