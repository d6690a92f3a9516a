#!/usr/bin/env bash
# Puts the model files listed in models/SHA256SUMS into models/, copied from the project's shared
# model folder (see models/README.md for their origin), and verifies every sha256.
set -euo pipefail
cd "$(dirname "$0")/../models"
source_dir="${LEXEVAL_MODEL_SOURCE:-../../shared/models/all-MiniLM-L6-v2}"

while read -r sum file; do
  if [ ! -f "$file" ] || ! echo "$sum  $file" | sha256sum --check --status; then
    if [ ! -f "$source_dir/$file" ]; then
      echo "models.sh: $file is missing and not found in $source_dir (set LEXEVAL_MODEL_SOURCE)" >&2
      exit 1
    fi
    install -m 0644 "$source_dir/$file" "$file"
  fi
done < SHA256SUMS
sha256sum --check --quiet SHA256SUMS
