#!/usr/bin/env bash
# Run the benchmarks in their own venv, benchmarks/.venv.
#
#   bash benchmarks/run.sh                      all six (or: make bench); the solver's takes 1-2 hours
#   bash benchmarks/run.sh --engine [options]   the Round / legal_cards benchmark (jasslib vs jass-kit) only
#   bash benchmarks/run.sh --simulate [options] the fast-path / simulate benchmark only
#   bash benchmarks/run.sh --ddtable [options]  DD-table deals per second, serial and on 1 and 2 Dask workers
#   bash benchmarks/run.sh --advisor [options] the contract advisor against the rule-based chooser and the Lucerne
#                                               table: 5,000 deals per preset, paired (minutes)
#   bash benchmarks/run.sh --solver [options]   the double-dummy solver against plain alpha-beta, e.g.
#                                               --deals 20 for a quick look (the default is 200 per contract)
#   bash benchmarks/run.sh --players [options]  SearchPlayer's strength against the rule-based and random teams
#                                               (mirrored deals; about an hour on 2 cores; --deals 30 for a look)
#   bash benchmarks/run.sh --classroom [options] a class of 25 on the classroom app (Voilà, light learners
#                                               and Chromium pages); runs in the project's venv (make install),
#                                               which has Voilà and Playwright: APP_PYTHON picks another
#
# The venv is created on first use; requirements.txt and jasslib itself (editable, so later
# changes to jasslib are measured without reinstalling) are installed again only when
# requirements.txt or pyproject.toml changed.  PYTHON picks the interpreter (default python3).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
VENV="$HERE/.venv"
PY="$VENV/bin/python"
STAMP="$VENV/.installed"

if [ ! -x "$PY" ]; then
    echo "creating $VENV" >&2
    "${PYTHON:-python3}" -m venv "$VENV"
fi
if [ ! -f "$STAMP" ] || [ "$HERE/requirements.txt" -nt "$STAMP" ] || [ "$ROOT/pyproject.toml" -nt "$STAMP" ]; then
    echo "installing benchmarks/requirements.txt and jasslib (editable) into $VENV" >&2
    "$PY" -m pip install --quiet --disable-pip-version-check -r "$HERE/requirements.txt"
    "$PY" -m pip install --quiet --disable-pip-version-check -e "$ROOT[sim]"
    touch "$STAMP"
fi

cd "$ROOT"
APP_PY="${APP_PYTHON:-$ROOT/.venv/bin/python}"
case "${1:-}" in
    --classroom) shift; exec "$APP_PY" benchmarks/bench_classroom.py "$@" ;;
    --simulate) shift; exec "$PY" benchmarks/bench_simulate.py "$@" ;;
    --engine) shift; exec "$PY" benchmarks/bench_engine.py "$@" ;;
    --ddtable) shift; exec "$PY" benchmarks/bench_ddtable.py "$@" ;;
    --advisor) shift; exec "$PY" benchmarks/bench_advisor.py "$@" ;;
    --solver) shift; exec "$PY" benchmarks/bench_solver.py "$@" ;;
    --players) shift; exec "$PY" benchmarks/bench_players.py "$@" ;;
esac
"$PY" benchmarks/bench_engine.py "$@"
echo
"$PY" benchmarks/bench_simulate.py
echo
"$PY" benchmarks/bench_ddtable.py
echo
"$PY" benchmarks/bench_advisor.py
echo
echo "player strength: SearchPlayer against the rule-based and random teams, about an hour on 2 cores"
"$PY" benchmarks/bench_players.py
echo
"$APP_PY" benchmarks/bench_classroom.py
echo
echo "double-dummy solver: 200 deals x 6 contracts, 1-2 hours on one core (run.sh --solver --deals 20: minutes)"
"$PY" benchmarks/bench_solver.py
