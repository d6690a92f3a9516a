"""The Spark example (crates/lexeval-py/examples/spark_clerc.py): CLERC rows scored as a Spark DataFrame in
local[2] give the per-pair numbers of `lexeval fresco --pairs --items`. `make test`'s set-up installs
Debian's Java when it is missing; elsewhere the test is skipped, with the reason, without it."""
import json
import shutil
import subprocess
import sys

import pytest

from conftest import REPO

EXAMPLE = REPO / "crates/lexeval-py/examples/spark_clerc.py"


@pytest.mark.skipif(shutil.which("java") is None, reason="no java on PATH: Spark needs Java 17 or later")
@pytest.mark.parametrize("similarity", ["rougeL", "embedding"])
def test_spark_scores_clerc_pairs_as_the_cli_items(cli, tmp_path, clerc, similarity):
    rows = clerc[:20] if similarity == "embedding" else clerc  # each Spark worker loads the model
    pairs = tmp_path / "clerc.jsonl"
    pairs.write_text("".join(json.dumps(row) + "\n" for row in rows))
    items = tmp_path / "items.json"
    cli.run("fresco", "--pairs", pairs, "--similarity", similarity, "--items", items)
    expected = {(item["id"], item["model"], score["name"]): (score.get("value"), score.get("null_reason"))
                for item in json.loads(items.read_text()) for score in item["scores"]}
    proc = subprocess.run([sys.executable, str(EXAMPLE), str(pairs), "--similarity", similarity],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    got = {(r["idx"], r["model"], r["score"]): (r["value"], r["null_reason"]) for r in rows}
    assert got.keys() == expected.keys()
    for key, (value, reason) in expected.items():
        assert got[key][1] == reason, key
        if similarity == "embedding" and value is not None:
            assert got[key][0] == pytest.approx(value, abs=1e-6), key
        else:
            assert got[key][0] == value, key
