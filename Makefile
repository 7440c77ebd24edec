# jasslib — build, test and notebook targets.  Needs GNU make.
#   make test    lint (ruff) + the whole pytest suite, doctests included
#   make lab     JupyterLab on notebook 01 (settings in jupyter_config/: no news pop-up)
#   make app     the course without code (Voila) on this computer; make app-classroom for a class
# Everything runs inside $(VENV), which the first target that needs it creates.

PYTHON ?= python3
VENV   ?= .venv

BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
# JupyterLab refuses to start as root unless told to (containers, CI machines).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.DEFAULT_GOAL := help
.PHONY: help install lint test agreement lab app app-classroom bench clean distclean

help: ## list the targets
	@echo "jasslib make targets:"
	@grep -E '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | \
		awk 'BEGIN {FS = ":.*## "}; {printf "  make %-10s %s\n", $$1, $$2}'
	@echo "Variables: PYTHON=$(PYTHON) VENV=$(VENV)"

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e ".[dev]"
	touch $@

install: $(STAMP) ## create $(VENV) and install jasslib[dev] into it (editable)

lint: $(STAMP) ## ruff check
	$(BIN)/ruff check .

# The whole suite, in this order: a browser for the real-browser tests (found, or installed; without one
# the run stops here with one sentence), ruff, mypy, then pytest on every core: unit, property and
# doctests, the notebooks and the real-browser tests.  pytest runs even when ruff or mypy complain, so
# one run shows everything; any failure fails the target.  Bytecode is written (into the git-ignored
# __pycache__ folders) even where PYTHONDONTWRITEBYTECODE is set: the run's Python processes (the workers,
# the servers, about a hundred kernels) would otherwise compile the package again each, and each worker
# would rewrite the asserts of every test module again (about 4.5 s of its start).
test: $(STAMP) ## the whole suite: browser check, ruff, mypy, pytest on every core (notebooks and browser included)
	@chromium=$$($(BIN)/python tests/chromium.py --provide) || exit 1; \
	echo "make test: Chromium at $$chromium"; \
	lint=0; $(BIN)/ruff check . || lint=$$?; \
	types=0; $(BIN)/mypy || types=$$?; \
	JASSLIB_CHROMIUM="$$chromium" PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto --dist worksteal $(PYTEST_ARGS) || exit $$?; \
	if [ $$lint -ne 0 ]; then echo "make test: ruff check failed (see above)" >&2; fi; \
	if [ $$types -ne 0 ]; then echo "make test: mypy failed (see above)" >&2; fi; \
	[ $$lint -eq 0 ] && [ $$types -eq 0 ]

agreement: $(STAMP) ## the full fast-path/reference agreement (10,000 deals per contract; a few minutes)
	$(BIN)/python benchmarks/agreement.py

# JupyterLab opens notebook 01 with the course's settings (jupyter_config/, see its README): the announcements
# plugin is off and news are never fetched, so nothing pops up; the user's own Jupyter config still applies.
lab: $(STAMP) ## start JupyterLab on notebook 01 (no news pop-up)
	JUPYTER_CONFIG_PATH="$(CURDIR)/jupyter_config$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	JUPYTERLAB_SETTINGS_DIR="$(CURDIR)/jupyter_config/lab/user-settings" \
	$(BIN)/jupyter lab $(ALLOW_ROOT) notebooks/01_start_here.ipynb

# The course without code (app/serve.py): / is the index of the notebooks (app/index.ipynb), each notebook is
# rendered without its code, and the trainers page stays at /voila/render/app/trainers.ipynb.
PORT  ?= 8866
HOSTS ?=
app: $(STAMP) ## the course without code (Voila): the index of the notebooks on http://127.0.0.1:8866
	$(BIN)/python app/serve.py --port $(PORT)

# make app-classroom CLASS=names.txt: one link per learner (one name a line); CLASS_DIR: the class folder for the
# learners' progress (default ~/.local/share/jasslib/classes/<class>); POOL: kernels started ahead (see README);
# REVIEW_AHEAD=off: the round player's Review solves only when clicked (see README).
CLASS     ?=
CLASS_DIR ?=
POOL      ?=
REVIEW_AHEAD ?=
CLASS_ARGS = $(if $(CLASS), --class "$(CLASS)")$(if $(CLASS_DIR), --class-dir "$(CLASS_DIR)")$(if $(POOL), --pool $(POOL))$(if $(REVIEW_AHEAD), --review-ahead $(REVIEW_AHEAD))
app-classroom: $(STAMP) ## the same for a class: on the local network, a link per learner (CLASS=names.txt), a class view
	$(BIN)/python app/serve.py --classroom --port $(PORT)$(foreach h,$(HOSTS), --host $(h))$(CLASS_ARGS)

bench: ## run the benchmarks (benchmarks/run.sh)
	bash benchmarks/run.sh

clean: ## remove caches and build files (keeps $(VENV))
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -path ./$(VENV) -prune -o -path ./benchmarks/.venv -prune -o \
		\( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

distclean: clean ## clean, and remove $(VENV) too
	rm -rf $(VENV)
