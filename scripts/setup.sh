#!/usr/bin/env bash
# Installs whatever is missing, from the registries only (crates.io, npm, PyPI, Debian). Independent installs
# run side by side. Idempotent: a second run only checks versions and stamps. One argument says for what:
#   build  `make serve` / `make build`: the wasm target, wasm-bindgen-cli, npm tools, crates, models
#   test   `make test`, before its lanes start: everything but wasm-bindgen-cli (downloads only), so it
#          compiles while the project's own dependencies do (`tools`, run by the web lane)
#   tools  wasm-bindgen-cli (the one compiled tool: scripts/web.py does the rest of a bundler's work)
#   bench  `make bench`: everything `test` and `tools` install, and the in-browser peers (bench/package.json)
set -euo pipefail
cd "$(dirname "$0")/.."
want_bindgen=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
need="${1:?usage: scripts/setup.sh build|test|tools|bench}"
# One run at a time (make test's two lanes both call `test`): a second run waits, then finds everything
# installed. `tools` touches nothing the others install, so it compiles without holding the others up.
if [ "$need" != tools ]; then
  exec 9<scripts/setup.sh
  flock 9
fi

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

# wasm-bindgen-cli is compiled once per machine; it needs no speed of its own, so a light profile halves
# the time a fresh machine spends compiling it. Only its `wasm-bindgen` binary, and no TLS stack (rustls and
# ring serve its test runner's downloads, which scripts/web.py never makes).
install_tool() {
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false cargo install --quiet "$@"
}

# `make serve` needs only the model converter's packages; the tests and benchmarks need all of them (pyspark
# alone is a 456 MB download). Either way every version comes from requirements.txt, and a changed file
# starts a fresh .venv.
python_env() { # all | converter
  if ! stamp_ok requirements.txt .venv/requirements.sha256 && ! stamp_ok requirements.txt .venv/converter.sha256; then
    rm -rf .venv
    python3 -m venv .venv
  fi
  if [ "$1" = all ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
    write_stamp requirements.txt .venv/requirements.sha256
  else
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -c requirements.txt numpy onnx safetensors
    write_stamp requirements.txt .venv/converter.sha256
  fi
}

node_modules() { # folder with package-lock.json
  # No install scripts: none of the tools needs one, and onnxruntime-node's (pulled in by transformers.js,
  # unused: the benchmark runs the web build) downloads binaries from outside the registry.
  (cd "$1" && npm ci --no-audit --no-fund --ignore-scripts)
  write_stamp "$1/package-lock.json" "$1/node_modules/lexeval-package-lock.sha256"
}

debian_packages() { # package...: one apt run (two at once would fight over dpkg's lock)
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

wants() { # mode...: whether this run installs for one of these modes
  local mode
  for mode in "$@"; do [ "$need" = "$mode" ] && return 0; done
  return 1
}

if wants build test bench && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
if wants build tools bench && ! wasm-bindgen --version 2>/dev/null | grep -q "$want_bindgen"; then
  say "installing wasm-bindgen-cli $want_bindgen to match Cargo.lock (a few minutes, once)"
  # Not --locked: the CLI's own lock file pins crates that no longer build with this toolchain.
  in_background wasm-bindgen install_tool wasm-bindgen-cli --version "$want_bindgen" \
    --no-default-features --bin wasm-bindgen
fi
if wants build test bench && ! stamp_ok package-lock.json node_modules/lexeval-package-lock.sha256; then
  say "installing npm packages (binaryen for wasm-opt, playwright-core, axe-core)"
  in_background npm node_modules .
fi
if wants bench && ! stamp_ok bench/package-lock.json bench/node_modules/lexeval-package-lock.sha256; then
  say "installing the in-browser benchmark peers (onnxruntime-web, transformers.js; about 600 MB, once)"
  in_background npm-bench node_modules bench
fi
if wants test bench && ! stamp_ok requirements.txt .venv/requirements.sha256; then
  say "building .venv from requirements.txt"
  in_background python python_env all
elif wants build && ! stamp_ok requirements.txt .venv/requirements.sha256 && ! stamp_ok requirements.txt .venv/converter.sha256; then
  say "building .venv with the model converter's packages from requirements.txt"
  in_background python python_env converter
fi
debian=()
if wants test bench && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Debian chromium and chromium-driver"
  debian+=(chromium chromium-driver)
fi
# The Spark example's test (tests/python/test_spark.py) runs on Debian's Java.
if wants test bench && ! command -v java >/dev/null; then
  say "installing Debian's Java (default-jre-headless) for the Spark example"
  debian+=(default-jre-headless)
fi
if [ ${#debian[@]} -gt 0 ]; then
  in_background debian debian_packages "${debian[@]}"
fi
if wants build test bench; then
  in_background crates cargo fetch --quiet
fi
wait_for_all

if wants build test bench; then
  say "checking models"
  scripts/models.sh
fi
