"""Fixtures of the Python API's tests: the CLI it must agree with (`LEXEVAL_BIN`, as the parity tests), the
installed `lexeval` package (the wheel `make python-wheel` built) and the shared fixture folder."""
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("LEXEVAL_SHARED", REPO.parent / "shared"))
BENCHMARKS = REPO / "tests/fixtures/benchmarks"


class Cli:
    def __init__(self, binary):
        self.binary = binary

    def run(self, *args, stdin=None):
        """lexeval's stdout; the test fails with its stderr on a non-zero exit."""
        proc = subprocess.run([self.binary, *map(str, args)], input=stdin, capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.fail(f"lexeval {' '.join(map(str, args))} exited {proc.returncode}: {proc.stderr}")
        return proc.stdout


@pytest.fixture(scope="session")
def cli():
    binary = os.environ.get("LEXEVAL_BIN", str(REPO / "target/checked/lexeval"))
    if not os.path.exists(binary):
        pytest.fail(f"{binary} not built: run `make native-build` or set LEXEVAL_BIN")
    return Cli(binary)


@pytest.fixture(scope="session")
def shared():
    if not SHARED.is_dir():
        pytest.fail(f"shared fixtures not found at {SHARED} (set LEXEVAL_SHARED)")
    return SHARED


def read_jsonl(path):
    return [json.loads(line) for line in pathlib.Path(path).read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def bluebook():
    """The 47 Bluebook brief pairs as pairs rows (reference, generated, id)."""
    rows = read_jsonl(REPO / "tests/briefs/bluebook_pairs.jsonl")
    return [{"reference": r["reference"], "generated": r["generated"], "id": r["id"]} for r in rows]


@pytest.fixture(scope="session")
def clerc(shared):
    """CLERC generation pairs as released (gold_text, generation, idx, model), the first 40: every check under
    every similarity stays within the suite's time, and embeddings see long legal texts."""
    return read_jsonl(shared / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl")[:40]
