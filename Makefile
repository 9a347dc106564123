# Every target uses the project's virtualenv (.venv): `make run` puts in it what serving needs,
# `make install` (and so lint, test) everything else too.
PY ?= .venv/bin/python
SOURCES = engine bots service tests bench clients/python
# Redocly CLI: no usage reports sent, no update check (the machines reach package registries only).
export REDOCLY_TELEMETRY = off
export REDOCLY_SUPPRESS_UPDATE_NOTICE = true

.PHONY: install ts-client lint format check test test-fast test-repeat run bench compiled pure docs openapi clients clients-python clients-typescript languages screenshots fuzz clean

PIP = $(PY) -m pip install --quiet --disable-pip-version-check

install: .venv/installed node_modules/installed

# What serving and the `escopa` commands need (the project with its `client` extra: the Python
# client, which `escopa play` and `escopa bot` run on), nothing else.
.venv/serving: pyproject.toml clients/python/pyproject.toml
	test -x $(PY) || python3 -m venv .venv
	$(PIP) -e '.[client]' -e clients/python
	touch $@

# Then the test, lint and generator tools (the `dev` extra).
.venv/installed: .venv/serving
	$(PIP) -e '.[dev,client]' -e clients/python
	touch $@

# The TypeScript client built, for its quickstart after `make run` alone (Node.js packages only).
ts-client: node_modules/installed

# The document's checkers (Redocly CLI, openapi-typescript) and the TypeScript client's workspace
# (clients/typescript), exactly as package-lock.json pins them; the client built (its dist/).
node_modules/installed: package.json package-lock.json clients/typescript/package.json
	npm ci --no-audit --no-fund --loglevel=error
	npm run --silent build -w escopa-client
	touch $@

lint: install
	$(PY) -m ruff check $(SOURCES)
	$(PY) -m ruff format --check $(SOURCES)
	$(PY) -m mypy
	npx --no-install redocly lint --format=summary openapi/openapi.json
	$(PY) -m pytest -q -p no:cacheprovider tests/service/http/openapi/test_generators.py \
	  tests/clients/python/test_generated.py tests/service/test_settings_reference.py
	npm run --silent check -w escopa-client
	npx --no-install tsc -p service/http/web/tsconfig.json
	npx --no-install eslint service/http/web/static

format: install
	$(PY) -m ruff format $(SOURCES)
	$(PY) -m ruff check --fix $(SOURCES)

# The suite in parallel (pytest-xdist; each test file on one worker, so a file's fixtures start
# once) in a random order (pytest-randomly; the seed is printed; `--randomly-seed=N` replays an order).
# Tests that wait (browsers, subprocesses, clocks) overlap with those that compute: 4 workers on
# a 2-core machine (docs/testing.md has the figures).
WORKERS ?= 4
PARALLEL = -n $(WORKERS) --dist loadfile
TESTS ?=   # some test files only, e.g. TESTS=tests/engine (default: all of them)

# The one-minute tier (docs/testing.md): ruff on the Python files changed since the last commit,
# then the engine's, the bots' and the core's tests that need no browser, cluster, clone,
# process of their own, PostgreSQL or long computing (tests/harness/tiers.py marks those).
CHANGED = $(shell git diff --name-only --diff-filter=d HEAD -- '*.py'; git ls-files -o --exclude-standard -- '*.py')
QUICK = not (slow or browser or cluster or clone or subprocess or postgres)
check: .venv/installed
	$(if $(CHANGED),$(PY) -m ruff check --force-exclude $(CHANGED) && $(PY) -m ruff format --check --force-exclude $(CHANGED))
	$(PY) -m pytest -n $(WORKERS) -p no:randomly -m "$(QUICK)" tests/engine tests/bots \
	  tests/service/core tests/service/ledger tests/test_layers.py

test: lint
	$(PY) -m pytest $(PARALLEL) $(TESTS)

test-fast: install
	$(PY) -m pytest -x

# The suite N times in parallel, each in another random order; every test that failed, counted.
N ?= 5
test-repeat: install
	$(PY) tests/repeat.py --times $(N) --workers $(WORKERS)

run: .venv/serving   # on ESCOPA_PORT (default 8000), with its own Redis unless REDIS_URL is set
	.venv/bin/escopa serve

# The engine's benchmark, side by side with BASELINE's engine (a commit; empty: today's alone).
BASELINE ?= 07966cf
bench: install
	$(PY) bench/engine.py $(if $(BASELINE),--baseline-rev $(BASELINE))

# The engine's and the bots' hot loops compiled by mypyc (opt-in, docs/performance.md): C
# extensions built beside these modules, which Python then imports instead of their source (about
# 20 s of CPU). The pure-Python modules stay the reference: tests/test_compiled.py plays both move
# for move. `make pure` removes the extensions. Modules that define msgspec Structs stay Python
# (mypyc drops a Struct's class options).
COMPILED = engine/captures.py engine/game.py engine/shuffle.py engine/playout.py \
  engine/tallies.py bots/card_bits.py bots/search.py bots/endgame.py bots/evaluation.py \
  bots/sampling.py bots/expert.py bots/positions.py bots/greedy.py
compiled: install
	$(PIP) 'setuptools>=77'  # mypyc builds with the venv's setuptools, which reads pyproject.toml
	$(PY) -m mypyc $(COMPILED)

pure:
	rm -rf build engine/*.so bots/*.so *__mypyc.*.so

# docs/settings.md, from the code's own settings (its test fails when it drifts).
docs: .venv/serving
	$(PY) -m service.settings_reference > docs/settings.md

openapi: install
	.venv/bin/escopa openapi

# The clients' generated code, from the committed document (their tests fail when it drifts).
clients: clients-python clients-typescript languages

# The Python client's copy of the one list of languages (a test fails when it drifts).
languages:
	cp service/http/web/static/languages.json clients/python/escopa_client/languages.json

# The Python client's generated part (clients/python/generator.yml).
clients-python: install
	PATH="$(CURDIR)/.venv/bin:$$PATH" .venv/bin/openapi-python-client generate --overwrite \
	  --path openapi/openapi.json --meta none --config clients/python/generator.yml \
	  --output-path clients/python/escopa_client/generated

# The TypeScript client's types (clients/typescript/src/openapi.ts).
clients-typescript: node_modules/installed
	npm run --silent generate -w escopa-client

screenshots: install   # the README's pictures of the web pages, taken by their browser tests
	ESCOPA_SCREENSHOTS=docs/images $(PY) -m pytest tests/service/http/web -q

# The long contract fuzzing (docs/fuzzing.md) against a running server: every phase and check,
# FUZZ_EXAMPLES per operation and phase, once per seed of FUZZ_SEEDS.
URL ?= http://127.0.0.1:8000
FUZZ_EXAMPLES ?= 150
FUZZ_SEEDS ?= 1 2 3
fuzz: install
	for seed in $(FUZZ_SEEDS); do \
	  SCHEMATHESIS_HOOKS=tests.harness.fuzz_hooks $(PY) -m schemathesis.cli run openapi/openapi.json \
	    --url $(URL) --checks all --phases examples,coverage,fuzzing,stateful \
	    --max-examples $(FUZZ_EXAMPLES) --seed $$seed --no-color || exit 1; \
	done

clean: pure
	rm -rf .venv node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
