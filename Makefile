# Every target uses the project's virtualenv (.venv), created by `make install`.
PY ?= .venv/bin/python
SOURCES = engine service tests bench

.PHONY: install lint format test test-fast run bench openapi screenshots clean

install: .venv/installed

.venv/installed: pyproject.toml
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

lint: install
	$(PY) -m ruff check $(SOURCES)
	$(PY) -m ruff format --check $(SOURCES)
	$(PY) -m mypy

format: install
	$(PY) -m ruff format $(SOURCES)
	$(PY) -m ruff check --fix $(SOURCES)

test: lint
	$(PY) -m pytest

test-fast: install
	$(PY) -m pytest -x

run: install
	.venv/bin/escopa serve

bench: install
	$(PY) bench/engine.py

openapi: install
	.venv/bin/escopa openapi

screenshots: install   # the README's pictures of the web pages, taken by their browser tests
	ESCOPA_SCREENSHOTS=docs/images $(PY) -m pytest tests/service/http/web -q

clean:
	rm -rf .venv .pytest_cache .mypy_cache .ruff_cache .hypothesis
