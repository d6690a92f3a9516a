"""The package's annotations and the native module's stub (`_lexeval.pyi`) under mypy --strict (as Python 3.10,
the oldest mypy checks; the code itself keeps to 3.9), together with
a file of notebook uses of the API (typed_usage.py)."""
import os
import subprocess
import sys

from conftest import REPO

PACKAGE = REPO / "crates/lexeval-py/python"


def test_the_package_and_its_uses_type_check():
    env = {**os.environ, "MYPYPATH": str(PACKAGE)}
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-version", "3.10",
         str(PACKAGE / "lexeval"), str(REPO / "tests/python/typed_usage.py")],
        capture_output=True, text=True, env=env, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
