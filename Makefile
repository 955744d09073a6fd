# The two commands a newcomer needs: `make play` and `make test`.
# Both create .venv when it is missing and install from the pinned constraints.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUN_STAMP := $(VENV)/.stamp-run
DEV_STAMP := $(VENV)/.stamp-dev

.PHONY: play test serve docs site system lint typecheck unit bench clean

play: $(RUN_STAMP)
	$(BIN)/academie play ecarte

# The card room on http://127.0.0.1:8000 with its embedded database (academie.db here).
serve: $(RUN_STAMP)
	$(BIN)/academie serve

test: $(DEV_STAMP) system lint typecheck site unit

# The documentation site (docs/conf.py): built from docs/, the README, each game's rules for players and the
# docstrings, then served on http://127.0.0.1:8001 (Ctrl-C stops it).
docs: $(DEV_STAMP)
	$(BIN)/sphinx-build -q -j auto -b html docs site
	@echo "The site is in site/index.html; serving it on http://127.0.0.1:8001"
	$(BIN)/python -m http.server 8001 --bind 127.0.0.1 --directory site

# The same site built from scratch with every warning an error: a broken link, anchor, include, image or
# cross-reference fails make test.
site: $(DEV_STAMP)
	$(BIN)/sphinx-build -q -E -W --keep-going -j auto -b html docs site

# PostgreSQL and Chromium for the card room's tests, from Debian's packages when missing.
system:
	bash scripts/system-packages

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests docs $(wildcard bench) $(wildcard examples)

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src/academie examples/triomphe/src/triomphe bench/room.py bench/room_mixed.py bench/room_database.py bench/room_tables.py

unit: $(DEV_STAMP) system
	$(BIN)/pytest -n 2

bench: $(RUN_STAMP)
	$(BIN)/python -m bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade "pip>=24"

$(RUN_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install -q -c constraints.txt -e .
	touch $@

# The dev install brings the example game too (examples/triomphe, a distribution of its own found through the
# academie.games entry points): the shared suites, the card room's and the adapters' tests play it like the five.
$(DEV_STAMP): pyproject.toml constraints.txt examples/triomphe/pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -c constraints.txt -e '.[dev]'
	$(BIN)/pip install -q --no-deps -e examples/triomphe
	touch $@ $(RUN_STAMP)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache site docs/api docs/rules docs/_generated
