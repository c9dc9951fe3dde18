# Two entry points (see README): `make run` and `make test`. Both build .venv from nothing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
DEMO := radtrack_gui/resources/samples/demo_patient

.PHONY: run test lint docs wheel bench installer installer-full clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[models,cohort,test,dev,formats]"
	touch $(STAMP)

run: $(STAMP)
	sh scripts/qt_system_libs.sh xcb
	$(BIN)/radtrack gui $(DEMO)

# Static checks: lint, format, the import layers (pyproject [tool.importlinter]), types,
# and the docs (links resolve; docs/cli.md matches --help).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python scripts/check_links.py
	$(BIN)/python scripts/cli_reference.py --check

# The wheel, installed into a fresh venv, runs `radtrack --version` and `radtrack process`.
wheel: $(STAMP)
	sh scripts/wheel_smoke.sh $(BIN)/python

test: lint wheel
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# Regenerate the CLI reference after changing a command's options.
docs: $(STAMP)
	$(BIN)/python scripts/cli_reference.py

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

# The Debian package of the packaged app, smoke-tested: dist/radtrack_VERSION_amd64.deb
installer: $(STAMP)
	packaging/build.sh lean

installer-full: $(STAMP)
	packaging/build.sh full

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .mypy_cache .import_linter_cache
