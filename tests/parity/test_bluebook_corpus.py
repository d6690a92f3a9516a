"""The Bluebook brief corpus (tests/briefs, issue 18): every pair's authorities over both texts, its annotated
(claim, authority) pairs in either text and its L-FRESCO under ROUGE-L, as `lexeval fresco --json` reports them.
The checker also validates the corpus itself (schema, cites present in their texts, ROUGE-L margins by
rouge-score)."""
import subprocess
import sys

from conftest import REPO

CHECKER = REPO / "tests/briefs/check_corpus.py"


def test_every_bluebook_pair_matches_its_annotation(lexeval):
    proc = subprocess.run([sys.executable, str(CHECKER), "--lexeval", lexeval.binary],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "(100%)" in proc.stdout, proc.stdout[-2000:]
