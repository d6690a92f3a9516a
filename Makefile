# lexeval: `make serve` and `make test` are all a newcomer needs (see README.md).
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export TRUNK_SKIP_VERSION_CHECK := true
CARGO_NATIVE := cargo
# The page and its embedding worker are browser-only; they are linted for wasm32 and tested in Chromium.
NATIVE_ONLY := --exclude lexeval-app --exclude lexeval-embed-worker --exclude lexeval-score-worker
LEXEVAL := $(or $(CARGO_TARGET_DIR),target)/release-native/lexeval

.PHONY: serve build setup setup-build test lint test-native cli parity wasm e2e bench fuzz clean

serve: setup-build
	trunk serve --release

build: setup-build
	trunk build --release

setup:
	scripts/setup.sh all

setup-build:
	scripts/setup.sh build

test: setup lint test-native parity wasm e2e

lint:
	cargo fmt --all --check
	cargo clippy --workspace $(NATIVE_ONLY) --all-targets -- -D warnings
	cargo clippy -p lexeval-app -p lexeval-embed-worker -p lexeval-score-worker --target wasm32-unknown-unknown -- -D warnings

test-native:
	cargo test --workspace $(NATIVE_ONLY)

cli:
	cargo build --profile release-native -p lexeval-cli

parity: cli
	LEXEVAL_BIN=$(abspath $(LEXEVAL)) python3 -m pytest tests/parity -q

wasm:
	trunk build --release
	@ls -l dist/*.wasm | awk '{print "wasm size:", $$5, "bytes"}'

e2e: wasm
	node --test tests/e2e/

bench: setup cli wasm
	python3 bench/run.py --lexeval $(LEXEVAL)
	cargo bench -p lexeval-core --profile release-native -- --warm-up-time 1 --measurement-time 3

# Bounded fuzzing of the parsers (not part of `make test`): FUZZ_SECONDS per target, nightly + cargo-fuzz.
FUZZ_SECONDS ?= 60
fuzz:
	rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
	command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	cd fuzz && for target in citations share_link jsonl; do \
	  cargo +nightly fuzz run $$target -- -max_total_time=$(FUZZ_SECONDS) -max_len=4096 || exit 1; \
	done

clean:
	cargo clean
	rm -rf dist
