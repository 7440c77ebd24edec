"""Serve the course without code with Voilà: ``make app`` (this computer) and ``make app-classroom`` (a class).

The whole course folder is served: ``/`` opens the index (``app/index.ipynb``: every notebook with its title,
as a link), each notebook is rendered without its code cells (``/voila/render/notebooks/NN_name.ipynb``),
and the page of trainers stays at ``/voila/render/app/trainers.ipynb``.  The rule book is answered rendered: a rule
link of a notebook (``../docs/rules.md#p4``) or a widget (``../docs/rules.html#p4``) opens ``docs/rules.html`` at
the rule (:data:`RULE_BOOK_ROUTE`; Voilà itself would refuse the Markdown file with "403: Forbidden").

- ``python app/serve.py`` (``make app``): on http://127.0.0.1:8866, for this computer only, no token.
- ``python app/serve.py --classroom`` (``make app-classroom``): on every network interface (0.0.0.0), so the
  learners' browsers on the local network reach it, with a new random token that the printed URL carries;
  without it a page asks for the token.

Both keep the Host-header check on (Voilà turns it off): a request must name this computer (``localhost``, a
loopback address, or one of its host names), which stops DNS-rebinding pages.  In the classroom the learners
therefore open the URL with the computer's name, as printed, not its IP address; ``--host NAME`` adds a name
(``make app-classroom HOSTS="jass.school.example"``).
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
DEFAULT_PORT = 8866
RULE_BOOK_PAGE = ROOT / "docs" / "rules.html"
RULE_BOOK_ROUTE = r"/voila/(?:render|files)/docs/rules\.(?:md|html)"
"""Where the rule links of the rendered notebooks and of the widgets arrive: both answer the rendered rule book."""


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
                 hosts: Sequence[str] = (), ip: str | None = None) -> dict[str, dict[str, object]]:
    """Voilà's configuration for the course (the folder served is the repository's root).

    >>> local = voila_config()["Voila"]
    >>> local["ip"], local["token"], local["tornado_settings"]["allow_remote_access"]
    ('127.0.0.1', '', False)
    >>> room = voila_config(classroom=True, token="abc")["Voila"]
    >>> room["ip"], room["token"], "localhost" in room["tornado_settings"]["local_hostnames"]
    ('0.0.0.0', 'abc', True)
    """
    voila: dict[str, object] = {
        "ip": ip or ("0.0.0.0" if classroom else "127.0.0.1"),
        "port": port,
        "open_browser": False,
        "root_dir": str(ROOT),
        "token": (token or secrets.token_urlsafe(16)) if classroom else "",  # "": no token on this computer
        # Voilà sets allow_remote_access=True; the check on: the Host header must name this computer
        "tornado_settings": {"allow_remote_access": False, "local_hostnames": host_names(hosts)},
    }
    return {"Voila": voila}


def make_app() -> type:
    """Voilà's application, with ``/`` sending the browser to the course's index (query string kept) and the
    rule book answered rendered (:data:`RULE_BOOK_ROUTE`)."""
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import url_path_join
    from tornado import web
    from tornado.web import RedirectHandler
    from voila.app import Voila

    class RuleBookHandler(JupyterHandler):
        """The rendered rule book, docs/rules.html (made from docs/rules.md), for the same users as the pages."""

        @web.authenticated
        def get(self) -> None:
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(RULE_BOOK_PAGE.read_bytes())

    class CourseApp(Voila):  # type: ignore[misc]  # Voilà has no type hints
        """Voilà serving the course folder, with the index as its landing page."""

        def init_handlers(self) -> list:
            landing = url_path_join(self.server_url, "voila/render", INDEX)
            home = (url_path_join(self.server_url, "/?"), RedirectHandler, {"url": landing, "permanent": False})
            rules = (url_path_join(self.server_url, RULE_BOOK_ROUTE), RuleBookHandler)
            return [home, rules, *super().init_handlers()]

    return CourseApp


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python app/serve.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--classroom", action="store_true",
                        help="serve on the local network (0.0.0.0) with a random token in the URL")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", DEFAULT_PORT)))
    parser.add_argument("--host", action="append", default=[], metavar="NAME",
                        help="another name the learners use for this computer (classroom)")
    parser.add_argument("--ip", default=None, help=argparse.SUPPRESS)  # tests: a classroom on 127.0.0.1
    args = parser.parse_args(argv)
    from traitlets.config import Config

    token = secrets.token_urlsafe(16) if args.classroom else None
    config = Config(voila_config(args.classroom, args.port, token, args.host, args.ip))
    if args.classroom:
        names = [n for n in host_names(args.host) if n != "localhost"]
        print("Classroom mode: the course is served on the local network. Learners open (one of):", flush=True)
        for name in names:
            print(f"    http://{name}:{args.port}/?token={token}", flush=True)
        print("Use the computer's name as above, not its IP address (the Host check refuses addresses); "
              "stop with Ctrl-C.", flush=True)
    else:
        print(f"The course without code: http://127.0.0.1:{args.port}/ (stop with Ctrl-C)", flush=True)
    make_app().launch_instance(argv=[], config=config)


if __name__ == "__main__":
    main(sys.argv[1:])
