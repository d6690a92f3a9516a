#!/usr/bin/env bash
# Stands in for a brand-new machine of this kind, then runs `make test` there twice (fresh, then again):
# a fresh clone; HOME, CARGO_HOME and RUSTUP_HOME fresh (a copy of the toolchain without the wasm32 target,
# cargo's home holding only rustup's proxies: no wasm-bindgen, no registry); chromium purged; empty pip and
# npm caches. Output lines are time-stamped. Run as root (it purges chromium).
#   scripts/fresh_machine.sh DIR [COMMIT]          brand-new machine, two runs on idle cores
#   LOADED=1 scripts/fresh_machine.sh DIR [COMMIT]  a fresh clone into DIR/main on this machine as it is
#                                                  (its tools, caches and CARGO_TARGET_DIR if set), one run
#                                                  with two `yes` hogs the whole time
set -uo pipefail
W=$1; COMMIT=${2:-main}; LOADED=${LOADED:-0}
if [ "$LOADED" = 1 ]; then
  rm -rf "$W/main"; mkdir -p "$W"
else
  rm -rf "$W"; mkdir -p "$W/home/.cargo/bin"
  cp -a /root/.rustup "$W/home/.rustup"
  RUSTUP_HOME="$W/home/.rustup" rustup target remove wasm32-unknown-unknown >/dev/null 2>&1
  for b in cargo rustc rustup cargo-clippy clippy-driver rustfmt cargo-fmt rustdoc; do cp -a "/root/.cargo/bin/$b" "$W/home/.cargo/bin/"; done
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq chromium chromium-driver chromium-common >/dev/null 2>&1
fi
git clone -q /work/main "$W/main" && git -C "$W/main" checkout -q "$COMMIT"
ln -sfn /work/shared "$W/shared"
stamp() { while IFS= read -r line; do printf '%(%T)T %s\n' -1 "$line"; done; }
run() {
  if [ "$LOADED" = 1 ]; then
    bash -c "cd '$W/main' && .ci/run" 2>&1 | stamp
    return "${PIPESTATUS[0]}"
  fi
  env -i HOME="$W/home" CARGO_HOME="$W/home/.cargo" RUSTUP_HOME="$W/home/.rustup" \
    PYENV_ROOT=/root/.pyenv TERM=dumb \
    PATH="$W/home/.cargo/bin:/root/.pyenv/shims:/root/.pyenv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    bash -c "cd '$W/main' && .ci/run" 2>&1 | stamp
  return "${PIPESTATUS[0]}"
}
timed() { # name
  local start rc
  start=$(date +%s); run > "$W/$1.log"; rc=$?
  echo "$1 run: exit $rc in $(( $(date +%s) - start ))s" | tee -a "$W/summary"
}
if [ "$LOADED" = 1 ]; then
  yes > /dev/null & hog1=$!; yes > /dev/null & hog2=$!
  timed loaded
  kill "$hog1" "$hog2"
else
  timed first
  timed second
fi
