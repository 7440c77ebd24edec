# jasslib — build, test and notebook targets.  Needs GNU make.
#   make test    lint (ruff) + the whole pytest suite, doctests included
#   make lab     JupyterLab on notebooks/
# Everything runs inside $(VENV), which the first target that needs it creates.

PYTHON ?= python3
VENV   ?= .venv

BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
# JupyterLab refuses to start as root unless told to (containers, CI machines).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.DEFAULT_GOAL := help
.PHONY: help install lint test lab app bench clean distclean

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

# pytest runs even when ruff finds problems, so one run shows both; either fails the target.
test: $(STAMP) ## ruff check, then pytest (tests/ and the doctests of jasslib/)
	@lint=0; $(BIN)/ruff check . || lint=$$?; \
	$(BIN)/python -m pytest || exit $$?; \
	if [ $$lint -ne 0 ]; then echo "make test: ruff check failed (see above)" >&2; fi; \
	exit $$lint

lab: $(STAMP) ## start JupyterLab on notebooks/
	$(BIN)/jupyter lab $(ALLOW_ROOT) notebooks/

app: $(STAMP) ## serve the trainers as a standalone page (Voilà, no code) on http://127.0.0.1:8866
	$(BIN)/voila --no-browser --Voila.ip=127.0.0.1 --port=8866 app/trainers.ipynb

bench: ## run the benchmarks (benchmarks/run.sh)
	bash benchmarks/run.sh

clean: ## remove caches and build files (keeps $(VENV))
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -path ./benchmarks/.venv -prune -o \
		\( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

distclean: clean ## clean, and remove $(VENV) too
	rm -rf $(VENV)
