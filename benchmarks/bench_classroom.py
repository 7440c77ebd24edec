"""A class of 25 starting together on one computer: the classroom app (``app/serve.py --classroom``) on 127.0.0.1.

    python benchmarks/bench_classroom.py [--learners 25] [--chromium 3] [--pool 25] [--within 10] [--budget 300]
                                         [--busy 0]

A class list of ``--learners`` names is made in a temporary folder and the classroom server is started with a
pool of ``--pool`` kernels of the trainers page; once the pool is rendered ahead (its kernels quiet), every
learner opens their own link (``/?token=…``, which leads to the trainers page: what a learner sees first)
within ``--within`` seconds (start times spread evenly): most are light learners (``tests/classroom_client.py``:
the page, the kernel's websocket, the widgets' state, a right answer to the legal-cards trainer, Check, the page
closed as a browser closes it), ``--chromium`` of them real Chromium pages in one browser, a context (own
cookies) each (the trainer visible, two cards clicked, Check, the tab closed).  Printed: render time (the
link's request to the first trainer drawn) p50/p95/max, Check time p95, answers right, the server's memory
(server and kernels, RSS and USS) at the peak and after, the CPU the server and its kernels used while the
class worked (as a share of the machine's cores), kernels left once every page closed, each learner's
progress file, and the security checks tried against the same server (another site's websocket, no Host /
a foreign Host, code sent to the kernel, a learner naming another, the teacher's and learners' tokens
swapped).

Bounded whatever the load: the whole run keeps to ``--budget`` seconds (default 300).  The pool gets at most
a third of it to fill (the class then comes anyway and the table says how many kernels were ready), every
learner at most a third to be served, and the wait for the kernels to end is bounded too; a learner not
served in time counts as failed, with the reason.

Learners' browsers run on their own devices in a class; here every client shares this computer's cores with
the server, so the figures are an upper bound (and inflated further when other work loads the machine: the
load average is printed at the start and the end, and ``--chromium 0`` runs the light learners alone).
The baseline in the same run: the same class with ``--pool 0`` (each page starts its kernel), with
``--baseline``.
``--busy N`` keeps N more processes spinning while the pool fills (a computer busy with other work): that is
where a kernel's output socket used to drop the end of its page, and the server waited two minutes for it (the
pool line counts such pages, "Timeout waiting for IOPub output"; ``jasslib/widgets/_kernel.py``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import multiprocessing.synchronize
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "app")]

from classroom import POOL_READY  # noqa: E402
from classroom_client import (  # noqa: E402
    INDEX,
    Kernel,
    Visit,
    get,
    kernel_id_of,
    kernels,
    learner_visit,
    open_kernel,
    shutdown,
    view_ids,
)
from serve import index_pool  # noqa: E402

from jasslib.progress import read_progress  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory(proc: psutil.Process) -> tuple[float, float, int]:
    """RSS and USS in MB of the server and its kernels, and the number of kernels."""
    rss = uss = 0.0
    ks = kernels(proc)
    for p in [proc, *ks]:
        try:
            info = p.memory_full_info()
            rss += info.rss
            uss += info.uss
        except psutil.Error:
            pass
    return rss / 2**20, uss / 2**20, len(ks)


def cpu_seconds(proc: psutil.Process, seen: dict[tuple[int, float], float]) -> float:
    """CPU seconds (user and system) the server and its kernels have used so far, kernels that ended included:
    ``seen`` keeps each process's latest reading (called every half second while the class works), so a
    kernel that ends between two readings still counts with its last one."""
    for p in [proc, *kernels(proc)]:
        try:
            with p.oneshot():
                t = p.cpu_times()
                seen[(p.pid, p.create_time())] = t.user + t.system
        except psutil.Error:
            pass
    return sum(list(seen.values()))


def wait_quiet(proc: psutil.Process, seconds: float, cores: float = 0.25, window: float = 2.0) -> float:
    """Until the server and its kernels use less than ``cores`` of a core over ``window`` seconds (the pool's
    pages rendered and their kernels idle: the load average lags a minute behind), at most ``seconds``; the
    share of a core used in the last window."""
    deadline = time.monotonic() + seconds
    seen: dict[tuple[int, float], float] = {}
    used = cpu_seconds(proc, seen)
    rate = float("inf")
    while time.monotonic() < deadline:
        time.sleep(window)
        now = cpu_seconds(proc, seen)
        rate, used = (now - used) / window, now
        if rate < cores:
            break
    return rate


def wait_pool(log: Path, count: int, seconds: float) -> int:
    """Until the server says ``count`` kernels have the trainers page rendered ahead, at most ``seconds``; how
    many were ready then."""
    deadline = time.monotonic() + seconds
    pattern = re.compile(rf"\[jasslib\] {re.escape(POOL_READY)} (\d+)")
    ready = 0
    while time.monotonic() < deadline:
        found = pattern.findall(log.read_text(encoding="utf-8", errors="replace"))
        ready = int(found[-1]) if found else 0
        if ready >= count:
            break
        time.sleep(1)
    return ready


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


TIMELINE = r"""(() => {
  window.__timeline = [];
  const t0 = performance.now();
  const note = (m) => window.__timeline.push([Math.round(performance.now() - t0), m]);
  const consoleError = console.error.bind(console);
  console.error = (...a) => {
    note('console.error ' + a.map(x => (x && x.stack) ? x.stack.slice(0, 600) : String(x).slice(0, 300)).join(' | '));
    return consoleError(...a);
  };
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (n.nodeType === 3 && /model not found/.test(n.textContent)) note('"model not found" shown');
    }
  }).observe(document, {childList: true, subtree: true});
  let hooked = false, restored = null;
  const watch = () => {
    const manager = window.jupyterapp && window.jupyterapp.widgetManager;
    if (manager && manager.restoredStatus !== restored) {
      restored = manager.restoredStatus;
      note('the page manager restoredStatus=' + restored + ', models ' + Object.keys(manager._models).length);
    }
    if (manager && !hooked) {
      hooked = true;
      const kernel = manager.kernel;
      if (kernel) kernel.connectionStatusChanged.connect((_, s) => note('kernel connection ' + s));
      const getModel = manager.get_model.bind(manager);
      manager.get_model = async (id) => {
        try { return await getModel(id); } catch (e) { note('the page manager has no model ' + id); throw e; }
      };
    }
    if (performance.now() - t0 < 300000) setTimeout(watch, 5);
  };
  watch();
})()"""
"""Run in each Chromium page from its start when ``JASSLIB_BENCH_KEEP`` is set: a timeline (ms) of the page's widget
manager (its restore, its kernel connection, any model it lacks when asked after the hook is in place), of every
"model not found" shown and of the console's errors with their stacks, kept beside a failed page as
``<name>.timeline.json``.  It showed the cause of the fault the app's template now repairs: the errors come a
little over 2 s after the outputs were first drawn, within a few ms of the manager's restore, from ipywidgets'
``get_model`` (the lab extension's bundle, which Voilà's manager shares), whose 2 s wait for a model ends late on a
busy page and gives up without a last look (ipywidgets issue 4026)."""


TRAINER_SEEN = """() => { const mark = () => { const t = document.querySelector('.jass-trainer');
  if (t && t.offsetParent !== null) { window.__trainerAt = Date.now(); return; } setTimeout(mark, 50); };
  mark(); }"""
"""Run in each Chromium page from its start: the wall time (ms) when the page's first trainer is drawn."""


REPAIRED: dict[str, int] = {}
"""Per Chromium learner: the outputs the app's template drew again after the widget manager's race (``app/serve.py``
TEMPLATE), read from the page once the learner's check is done."""


def chromium_class(base: str, learners: list[tuple[str, str, float]], chromium: str, seconds: float) -> list[Visit]:
    """Learners in Chromium, one browser with a context (own cookies) each: ``(name, token, start)``, where
    ``start`` is the wall time to open the link at.  Each waits for the trainer (drawn: its time is taken in
    the page), clicks a legal and an illegal card and Check, and closes the tab; all within ``seconds``."""
    from playwright.sync_api import sync_playwright
    from test_browser import ARGS, _click_and_check

    deadline = time.monotonic() + seconds
    visits = {name: Visit(name + " (Chromium)") for name, _, _ in learners}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
            try:
                pages, opened = {}, {}
                for name, token, start in learners:
                    time.sleep(max(0.0, start - time.time()))
                    context = browser.new_context()
                    context.add_init_script(f"({TRAINER_SEEN})()")
                    if os.environ.get("JASSLIB_BENCH_KEEP"):
                        context.add_init_script(TIMELINE)
                    page = context.new_page()
                    opened[name] = time.time()
                    page.goto(f"{base}/?token={token}", timeout=seconds * 1000, wait_until="commit")
                    pages[name] = page
                for name, page in pages.items():
                    visit = visits[name]
                    try:
                        left = max(1.0, deadline - time.monotonic()) * 1000
                        page.wait_for_function("() => window.__trainerAt", timeout=left)
                        visit.render_s = page.evaluate("() => window.__trainerAt") / 1000 - opened[name]
                        visit.kernel_id = kernel_id_of(page.content())
                        trainer = page.locator(".jass-trainer-legal").first  # the widgets come one by one
                        page.locator(".jass-progress").first.wait_for(state="visible", timeout=left)
                        clicked = time.monotonic()
                        visit.feedback = _click_and_check(page, trainer)
                        visit.check_s = time.monotonic() - clicked  # includes the two card clicks
                        visit.status = 200
                        REPAIRED[visit.name] = page.evaluate("() => (window.__jasslibRepairedWidgets || []).length")
                    except Exception as exc:  # noqa: BLE001 - reported as a failed learner
                        visit.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
                        try:  # what the page had: the widget views it carries, and whether the panel is one
                            content = page.content()
                            panel = "present" if "jass-progress" in content else "absent"
                            visit.error += (f" (the page: {len(content)} bytes, {len(view_ids(content))} widget "
                                            f"views, progress panel {panel})")
                            if os.environ.get("JASSLIB_BENCH_KEEP"):
                                Path(os.environ["JASSLIB_BENCH_KEEP"], f"{name}.html").write_text(content)
                                Path(os.environ["JASSLIB_BENCH_KEEP"], f"{name}.timeline.json").write_text(
                                    json.dumps(page.evaluate("() => window.__timeline"), indent=0))
                        except Exception:  # noqa: BLE001, S110 - the page itself is gone
                            pass
                    finally:
                        page.close(run_before_unload=True)  # as the learner closes the tab
            finally:
                browser.close()
    except Exception as exc:  # noqa: BLE001 - the browser itself failed: every learner not served counts
        for visit in visits.values():
            if not visit.status and not visit.error:
                visit.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
    for visit in visits.values():
        if not visit.status and not visit.error:
            visit.error = "not served within the time"
    return list(visits.values())


def security_checks(port: int, tokens: dict[str, str], teacher: str, folder: Path) -> list[tuple[str, bool]]:
    """The security edges tried against the running class: (what was tried, refused as it should be)."""
    from websockets.exceptions import InvalidStatus

    names = list(tokens)
    a, b = tokens[names[0]], tokens[names[1]]
    checks: list[tuple[str, bool]] = []
    cookies: dict[str, str] = {}
    status, _, page = get(port, f"{INDEX}?token={a}", cookies=cookies)
    kernel = kernel_id_of(page)
    try:
        open_kernel(port, kernel, cookies, origin="http://evil.example", token=a, timeout=30).close()
        checks.append(("websocket from Origin http://evil.example (with the token)", False))
    except InvalidStatus:
        checks.append(("websocket from Origin http://evil.example (with the token)", True))
    checks.append(("empty Host header", get(port, f"/?token={a}", host="")[0] == 403))
    checks.append(("foreign Host rebinding.example", get(port, f"/voila/api/contents/?token={a}",
                                                        host="rebinding.example")[0] == 403))
    target = Path(tempfile.gettempdir()) / f"bench-classroom-{os.getpid()}.txt"
    with open_kernel(port, kernel, cookies, timeout=30) as ws:
        k = Kernel(ws)
        k.send("execute_request", {"code": f"open({str(target)!r}, 'w').write('x')", "silent": False,
                                   "store_history": False, "user_expressions": {}, "allow_stdin": False,
                                   "stop_on_error": True})
        replies = [m["header"]["msg_type"] for m in k.messages(5)]
    checks.append(("execute_request from the page's websocket",
                   not target.exists() and "execute_reply" not in replies))
    target.unlink(missing_ok=True)
    shutdown(port, kernel, cookies)
    other = folder / f"{names[1].lower()}.json"
    before = read_progress(other).done
    visit = learner_visit(port, f"token={a}", headers={"X-Jasslib-Learner": names[1].lower()})
    checks.append(("X-Jasslib-Learner header naming another learner",
                   not visit.error and read_progress(other).done == before))
    checks.append(("class view with a learner's token", get(port, f"/jasslib/class?token={b}")[0] == 403))
    checks.append(("class view with a learner's token as teacher=",
                   get(port, f"/jasslib/class?teacher={b}")[0] == 403))
    checks.append(("course API with the teacher's token",
                   get(port, f"/voila/api/contents/?token={teacher}")[0] == 403))
    teacher_jar: dict[str, str] = {}
    get(port, f"/jasslib/class?teacher={teacher}", cookies=teacher_jar)
    status, _, view = get(port, "/jasslib/class", cookies=teacher_jar)
    checks.append(("no learner token in the class view",
                   status == 200 and not any(t in view for t in tokens.values())))
    checks.append(("no teacher token in a learner's page", teacher not in page))
    jar: dict[str, str] = {}
    other = kernel_id_of(get(port, f"{INDEX}?token={a}", cookies=jar)[2])
    checks.append(("shutdown POST without _xsrf", shutdown(port, other, jar, with_xsrf=False) == 403))
    shutdown(port, other, jar)
    return checks


def run(args: argparse.Namespace, pool: int, work: Path, chromium: str | None, security: bool) -> dict[str, object]:
    names = [f"Learner{i:02d}" for i in range(1, args.learners + 1)]
    (work / "names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(work / "config"), JUPYTER_RUNTIME_DIR=str(work / "run"),
               XDG_DATA_HOME=str(work / "data"), IPYTHONDIR=str(work / "ipython"), PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("JASSLIB_PROGRESS", None)
    folder = work / f"class-pool{pool}"
    log = work / f"server-pool{pool}.log"
    started = time.monotonic()
    share = args.budget / 3  # the pool's fill, the class, and the rest (kernels ending, security) each
    stop_busy = multiprocessing.Event()
    busy_procs = [multiprocessing.Process(target=_spin, args=(stop_busy,), daemon=True) for _ in range(args.busy)]
    for spinner in busy_procs:  # other work on the computer while the pool fills (--busy)
        spinner.start()
    proc = subprocess.Popen([sys.executable, str(work / "course" / "app" / "serve.py"), "--classroom", "--ip",
                             "127.0.0.1", "--port", str(port), "--class", str(work / "names.txt"), "--class-dir",
                             str(folder), "--pool", str(pool)], cwd=work, env=env, stdout=subprocess.PIPE,
                            stderr=open(log, "w"), text=True)  # noqa: SIM115
    try:
        printed = []
        while not printed or "Ctrl-C" not in printed[-1]:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if not line:
                raise SystemExit(log.read_text()[-3000:])
            printed.append(line)
        tokens = {m.group(1): urllib.parse.parse_qs(urllib.parse.urlparse(m.group(2)).query)["token"][0]
                  for line in printed if (m := re.match(r"    (\S+): (http://\S+)$", line.rstrip()))}
        teacher = re.search(r"\?teacher=(\S+)", "".join(printed)).group(1)  # type: ignore[union-attr]
        ps = psutil.Process(proc.pid)
        while time.monotonic() - started < share:
            try:
                get(port, "/voila/static/none", timeout=5)
                break
            except OSError:
                time.sleep(0.5)
        ready = wait_pool(log, pool, share - (time.monotonic() - started)) if pool else 0
        filled = time.monotonic() - started
        stop_busy.set()
        for spinner in busy_procs:
            spinner.join()
        busy = wait_quiet(ps, max(5.0, share - (time.monotonic() - started)))
        idle_mem = memory(ps)
        lost = log.read_text(encoding="utf-8", errors="replace").count("Timeout waiting for IOPub output")
        print(f"  pool {pool}: server up and {ready} of {pool} pages rendered ahead after {filled:.0f} s"
              f"{f' beside {args.busy} busy processes' if args.busy else ''}, pages whose end was waited for in vain "
              f"(\"Timeout waiting for IOPub output\"): {lost} (then {busy:.2f} of a core busy); "
              f"memory {idle_mem[0]:.0f} MB RSS, {idle_mem[1]:.0f} MB USS, "
              f"{idle_mem[2]} kernels", flush=True)
        base = f"http://127.0.0.1:{port}"
        browser_names = names[: (args.chromium if chromium else 0)]
        peak = [0.0, 0.0, 0]
        done = threading.Event()
        cpu_seen: dict[tuple[int, float], float] = {}

        def sample() -> None:
            while not done.is_set():
                cpu_seconds(ps, cpu_seen)
                m = memory(ps)
                if m[0] > peak[0]:
                    peak[:] = list(m)
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        gap = args.within / max(1, len(names) - 1)
        t0 = time.time() + 1.0
        cpu_before, class_start = cpu_seconds(ps, cpu_seen), time.monotonic()
        load_before = os.getloadavg()[0]

        def light(i: int, name: str) -> Visit:
            time.sleep(max(0.0, t0 + i * gap - time.time()))
            return learner_visit(port, f"token={tokens[name]}", name, timeout=share, path="/")

        # every learner in a daemon thread of their own: one who is not served by the deadline counts as failed
        served: dict[str, list[Visit]] = {}

        def keep(key: str, work: object) -> None:
            served[key] = work() if callable(work) else []  # type: ignore[assignment]

        threads = [threading.Thread(target=keep, args=(n, lambda i=i, n=n: [light(i, n)]), daemon=True)
                   for i, n in enumerate(names) if n not in browser_names]
        if browser_names:
            threads.append(threading.Thread(target=keep, daemon=True, args=("chromium", lambda: chromium_class(
                base, [(n, tokens[n], t0 + i * gap) for i, n in enumerate(names) if n in browser_names],
                chromium, share))))  # type: ignore[arg-type]
        for t in threads:
            t.start()
        class_deadline = time.monotonic() + share + args.within + 5
        for t in threads:
            t.join(timeout=max(0.0, class_deadline - time.monotonic()))
        results: list[Visit] = [v for vs in list(served.values()) for v in vs]
        seen = {v.name.removesuffix(" (Chromium)") for v in results}
        results += [Visit(n, error=f"not served within {share:.0f} s") for n in names if n not in seen]
        class_wall = time.monotonic() - class_start
        cpu_used = cpu_seconds(ps, cpu_seen) - cpu_before  # an ended kernel counts up to its last reading
        load_during = os.getloadavg()[0]
        done.set()
        sampler.join(timeout=5)
        # every page closed: the learners' kernels end (each asked for until it is gone: the pools may still be
        # refilling, so the count alone says nothing yet), then nothing beyond the pools
        kept = pool + index_pool(pool)
        probe = tokens[names[-1]]
        deadline = time.monotonic() + min(60.0, max(10.0, args.budget - (time.monotonic() - started) - 30))
        pending = {v.kernel_id for v in results if v.kernel_id}
        while pending and time.monotonic() < deadline:
            pending = {k for k in pending if get(port, f"/api/kernels/{k}?token={probe}")[0] != 404}
            time.sleep(0.0 if not pending else 1.0)
        gone = sum(1 for v in results if v.kernel_id and v.kernel_id not in pending)
        while time.monotonic() < deadline and len(kernels(ps)) > kept:
            time.sleep(1)
        left = len(kernels(ps))
        files_ok = sum(1 for n in names if (folder / f"{n.lower()}.json").exists()
                       and read_progress(folder / f"{n.lower()}.json").topic("legal").done == 1)
        try:
            checks = security_checks(port, tokens, teacher, folder) \
                if security and time.monotonic() - started < args.budget - 45 else []  # else: out of time
        except Exception as exc:  # noqa: BLE001 - the class's figures are still reported, with this failure
            checks = [(f"the security checks could not run: {type(exc).__name__}: {exc}", False)]
        return {"results": results, "peak": peak, "idle": idle_mem, "left": left, "gone": gone, "files": files_ok,
                "checks": checks, "names": names, "ready": ready, "kept": kept, "cpu": cpu_used,
                "wall": class_wall, "load": (load_before, load_during)}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def report(label: str, out: dict[str, object], pool: int) -> None:
    results: list[Visit] = out["results"]  # type: ignore[assignment]
    ok = [v for v in results if not v.error]
    for kind in ("light", "Chromium"):
        group = [v for v in ok if ("Chromium" in v.name) == (kind == "Chromium")]
        if not group:
            continue
        render = [v.render_s for v in group]
        check = [v.check_s for v in group]
        page = [v.page_s for v in group if v.page_s]
        served = (f"; the page itself (HTML) p50 {statistics.median(page):.1f} s, p95 {percentile(page, 95):.1f} s"
                  if page else "")
        print(f"  {label}, {kind} learners ({len(group)}): render p50 {statistics.median(render):.1f} s, "
              f"p95 {percentile(render, 95):.1f} s, max {max(render):.1f} s; Check p95 {percentile(check, 95):.2f} s"
              + served)
    if REPAIRED:
        print(f"  {label}, Chromium learners: outputs drawn again after the widget manager's race (the app's repair): "
              f"{sum(REPAIRED.values())} on {sum(1 for n in REPAIRED.values() if n)} of {len(REPAIRED)} pages")
        REPAIRED.clear()
    everyone = [v.render_s for v in ok]
    if everyone:
        print(f"  {label}, all {len(everyone)} served: render p50 {statistics.median(everyone):.1f} s, "
              f"p95 {percentile(everyone, 95):.1f} s (target: p95 at most 10 s)")
    right = sum(1 for v in ok if "✓" in v.feedback)
    peak = out["peak"]
    failed = [v for v in results if v.error]
    print(f"  {label}: {len(ok)} of {len(results)} learners answered ({right} with feedback ✓), {len(failed)} failed"
          + "".join(f"\n    {v.name}: {v.error}" for v in failed))
    cores = os.cpu_count() or 1
    load = out["load"]
    print(f"  {label}: the class took {out['wall']:.0f} s; the server and its kernels used at least "  # type: ignore[str-format]
          f"{out['cpu']:.0f} CPU-s, {100 * out['cpu'] / (out['wall'] * cores):.0f} % of {cores} cores "  # type: ignore[operator]
          f"(load average {load[0]:.1f} before, {load[1]:.1f} after)")  # type: ignore[index]
    print(f"  {label}: pool ready when the class came: {out['ready']} of {pool}; memory at the peak "
          f"{peak[0]:.0f} MB RSS / {peak[1]:.0f} MB USS with {peak[2]} kernels; kernels left after every page "  # type: ignore[index]
          f"closed: {out['left']} (the pools: {out['kept']}); learners' kernels ended: "
          f"{out['gone']} of {len(results)}; progress files with the answer: {out['files']} of {len(out['names'])}")  # type: ignore[arg-type]


def _spin(stop: multiprocessing.synchronize.Event) -> None:
    """Keep one core busy until ``stop`` is set (``--busy``)."""
    total = 0
    while not stop.is_set():
        for i in range(100_000):
            total += i


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=25)
    parser.add_argument("--chromium", type=int, default=3, help="learners in real Chromium pages (0: none)")
    parser.add_argument("--pool", type=int, default=None, help="kernels started ahead (default: the class size)")
    parser.add_argument("--within", type=float, default=10.0, help="seconds within which all learners open the page")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds the whole run may take (about)")
    parser.add_argument("--baseline", action="store_true", help="also run the class without a pool (slow)")
    parser.add_argument("--busy", type=int, default=0,
                        help="processes that keep a core busy while the pool fills (a loaded computer)")
    args = parser.parse_args()
    pool = args.learners if args.pool is None else args.pool
    from chromium import find_chromium

    chromium = find_chromium() if args.chromium else None
    print(f"classroom: {args.learners} learners within {args.within:.0f} s ({args.chromium if chromium else 0} in "
          f"Chromium), {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-classroom-") as tmp:
        work = Path(tmp)
        for part in ("app", "notebooks", "docs"):
            shutil.copytree(ROOT / part, work / "course" / part, ignore=shutil.ignore_patterns("__pycache__"))
        out = run(args, pool, work, chromium, security=True)
        report(f"pool {pool}", out, pool)
        if os.environ.get("JASSLIB_BENCH_KEEP"):  # a folder for the server's log and a failed Chromium page
            shutil.copy(work / f"server-pool{pool}.log", os.environ["JASSLIB_BENCH_KEEP"])
        if args.baseline:
            base = run(args, 0, work, None, security=False)
            report("no pool (baseline)", base, 0)
        print("  security checks tried (refused as they should be):" if out["checks"] else
              "  security checks: skipped, the budget was spent (tests/test_classroom.py tries them all)")
        for what, passed in out["checks"]:  # type: ignore[attr-defined]
            print(f"    {'ok  ' if passed else 'FAIL'} {what}")
    print(f"  load average {os.getloadavg()[0]:.1f} at the end (other work on the machine inflates the times); "
          f"the run took {time.monotonic() - began:.0f} s", flush=True)
    os._exit(0)  # a learner's thread still waiting on a socket past its deadline does not hold the exit


if __name__ == "__main__":
    main()
