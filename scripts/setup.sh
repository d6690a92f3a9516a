#!/usr/bin/env bash
# Installs whatever `make serve` / `make test` need and is missing, from the registries only
# (crates.io, npm, PyPI, Debian). Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

want_trunk=0.21.14
want_bindgen=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
need="${1:-all}"   # all | build

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q "$want_trunk"; then
  say "installing trunk $want_trunk (a few minutes, once)"
  cargo install trunk --version "$want_trunk" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$want_bindgen"; then
  say "installing wasm-bindgen-cli $want_bindgen to match Cargo.lock (a few minutes, once)"
  # Not --locked: the CLI's own lock file pins crates that no longer build with this toolchain.
  cargo install wasm-bindgen-cli --version "$want_bindgen"
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ]; then
  say "installing npm packages (binaryen for wasm-opt, playwright-core)"
  npm ci --no-audit --no-fund
fi

say "checking models"
scripts/models.sh

cargo fetch --quiet

[ "$need" = build ] && exit 0

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing Debian chromium and chromium-driver"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
fi

if ! python3 -c "import eyecite, rouge_score, onnxruntime, rank_bm25, scipy, pytest" 2>/dev/null; then
  say "installing the Python reference implementations for parity tests"
  python3 -m pip install --quiet -r tests/parity/requirements.txt
fi
