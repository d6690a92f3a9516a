"""Shared fixtures for parity tests: the lexeval binary and the shared fixture folder."""
import json
import os
import pathlib
import subprocess

import pytest

# Before anything imports numpy: OpenBLAS's spinning worker threads make the numpy BERT reference
# (numpy_reference.py) 6x slower on the 2 shared cores, one thread is faster.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("LEXEVAL_SHARED", REPO.parent / "shared"))


class Lexeval:
    def __init__(self, binary):
        self.binary = binary

    def run(self, *args, stdin=None):
        """Run lexeval and return stdout; fail the test with stderr on a non-zero exit."""
        proc = subprocess.run([self.binary, *args], input=stdin, capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.fail(f"lexeval {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
        return proc.stdout

    def json(self, *args, stdin=None):
        return json.loads(self.run(*args, stdin=stdin))

    def jsonl(self, *args, stdin=None):
        return [json.loads(line) for line in self.run(*args, stdin=stdin).splitlines() if line.strip()]


@pytest.fixture(scope="session")
def lexeval():
    binary = os.environ.get("LEXEVAL_BIN", str(REPO / "target/release-native/lexeval"))
    if not os.path.exists(binary):
        pytest.fail(f"{binary} not built: run `make cli`")
    return Lexeval(binary)


@pytest.fixture(scope="session")
def shared():
    if not SHARED.is_dir():
        pytest.fail(f"shared fixtures not found at {SHARED} (set LEXEVAL_SHARED)")
    return SHARED


@pytest.fixture(scope="session")
def clerc_pairs(shared):
    path = shared / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
