#!/usr/bin/env bash
# Installs whatever `make serve` (argument `build`) or `make test` (`all`) needs and is missing, from the
# registries only (crates.io, npm, PyPI, Debian). Independent installs run side by side. Idempotent: a
# second run only checks versions and stamps.
set -euo pipefail
cd "$(dirname "$0")/.."

want_trunk=0.21.14
want_bindgen=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
need="${1:-all}" # all | build

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

# A stamp holds the sha256 of the file an install was made from, so a changed file reinstalls.
stamp_ok() { [ -f "$2" ] && [ "$(cat "$2")" = "$(sha256sum "$1" | cut -d' ' -f1)" ]; }
write_stamp() { sha256sum "$1" | cut -d' ' -f1 >"$2"; }

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
jobs_started=()
in_background() { # name command...
  local name=$1
  shift
  "$@" >"$logs/$name.log" 2>&1 &
  jobs_started+=("$name:$!")
}
wait_for_all() {
  local failed=0 job
  for job in "${jobs_started[@]}"; do
    if ! wait "${job#*:}"; then
      echo "setup: ${job%%:*} failed; its last lines:" >&2
      tail -n 40 "$logs/${job%%:*}.log" >&2
      failed=1
    fi
  done
  jobs_started=()
  return "$failed"
}

# Build tools are compiled once per machine; they need no speed of their own, so a light profile halves
# the time a fresh machine spends compiling them.
install_tool() {
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false cargo install --quiet "$@"
}

python_env() {
  rm -rf .venv
  python3 -m venv .venv
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
  write_stamp requirements.txt .venv/requirements.sha256
}

node_modules() {
  # No install scripts: none of the tools needs one, and onnxruntime-node's (pulled in by transformers.js,
  # unused: the benchmark runs the web build) downloads binaries from outside the registry.
  npm ci --no-audit --no-fund --ignore-scripts
  write_stamp package-lock.json node_modules/lexeval-package-lock.sha256
}

browser() {
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q "$want_trunk"; then
  say "installing trunk $want_trunk (a few minutes, once)"
  in_background trunk install_tool trunk --version "$want_trunk" --locked
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q "$want_bindgen"; then
  say "installing wasm-bindgen-cli $want_bindgen to match Cargo.lock (a few minutes, once)"
  # Not --locked: the CLI's own lock file pins crates that no longer build with this toolchain.
  in_background wasm-bindgen install_tool wasm-bindgen-cli --version "$want_bindgen"
fi
if ! stamp_ok package-lock.json node_modules/lexeval-package-lock.sha256; then
  say "installing npm packages (binaryen for wasm-opt, playwright-core)"
  in_background npm node_modules
fi
if ! stamp_ok requirements.txt .venv/requirements.sha256; then
  say "building .venv from requirements.txt"
  in_background python python_env
fi
if [ "$need" = all ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Debian chromium and chromium-driver"
  in_background chromium browser
fi
in_background crates cargo fetch --quiet
wait_for_all

say "checking models"
scripts/models.sh
