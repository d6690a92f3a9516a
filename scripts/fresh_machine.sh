#!/usr/bin/env bash
# Stands in for a brand-new machine of this kind, then runs `make test` there twice (fresh, then again):
# a fresh clone; HOME, CARGO_HOME and RUSTUP_HOME fresh (a copy of the toolchain without the wasm32 target,
# cargo's home holding only rustup's proxies: no trunk, no wasm-bindgen, no registry); chromium purged;
# empty pip and npm caches. Output lines are time-stamped. Usage: scripts/fresh_machine.sh DIR [COMMIT]  (run as root: it purges chromium)
set -uo pipefail
W=$1; COMMIT=${2:-main}
rm -rf "$W"; mkdir -p "$W/home/.cargo/bin"
git clone -q /work/main "$W/main" && git -C "$W/main" checkout -q "$COMMIT"
ln -s /work/shared "$W/shared"
cp -a /root/.rustup "$W/home/.rustup"
RUSTUP_HOME="$W/home/.rustup" rustup target remove wasm32-unknown-unknown >/dev/null 2>&1
for b in cargo rustc rustup cargo-clippy clippy-driver rustfmt cargo-fmt rustdoc; do cp -a "/root/.cargo/bin/$b" "$W/home/.cargo/bin/"; done
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq chromium chromium-driver chromium-common >/dev/null 2>&1
stamp() { while IFS= read -r line; do printf '%(%T)T %s\n' -1 "$line"; done; }
run() {
  env -i HOME="$W/home" CARGO_HOME="$W/home/.cargo" RUSTUP_HOME="$W/home/.rustup" \
    PYENV_ROOT=/root/.pyenv TERM=dumb \
    PATH="$W/home/.cargo/bin:/root/.pyenv/shims:/root/.pyenv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    bash -c "cd '$W/main' && .ci/run" 2>&1 | stamp
  return "${PIPESTATUS[0]}"
}
start=$(date +%s); run > "$W/first.log"; rc1=$?; first=$(( $(date +%s) - start ))
echo "first run: exit $rc1 in ${first}s" | tee -a "$W/summary"
start=$(date +%s); run > "$W/second.log"; rc2=$?; second=$(( $(date +%s) - start ))
echo "second run: exit $rc2 in ${second}s" | tee -a "$W/summary"
