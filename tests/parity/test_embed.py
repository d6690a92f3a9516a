"""`lexeval embed` (tract) vs sentence-transformers' encode() rebuilt on onnxruntime, same ONNX file."""
import re
import subprocess

import numpy as np
import pytest

from conftest import REPO
from onnx_reference import MODEL_FILE, Reference

MODELS = REPO / "models"


@pytest.fixture(scope="module")
def reference():
    if not (MODELS / MODEL_FILE).is_file() or not (MODELS / "tokenizer.json").is_file():
        pytest.skip(f"{MODELS / MODEL_FILE} absent: run scripts/models.sh")
    return Reference(MODELS)


def clerc_texts(pairs):
    """First sentences of 40 generations and 10 whole paragraphs (many exceed 256 tokens)."""
    sentences = [re.split(r"(?<=[.!?])\s+", p["generation"].strip())[0] for p in pairs[:40]]
    paragraphs = [p["gold_text"] for p in pairs[40:50]]
    return [" ".join(t.split()) for t in sentences + paragraphs]


def test_embed_matches_onnxruntime(lexeval, clerc_pairs, reference):
    texts = clerc_texts(clerc_pairs)
    lines = lexeval.jsonl("embed", "--json", "-", stdin="\n".join(texts) + "\n")
    assert [line["text"] for line in lines] == texts
    ours = np.array([line["embedding"] for line in lines], dtype=np.float32)
    theirs = reference.encode(texts)
    assert ours.shape == theirs.shape == (len(texts), 384)
    cosines = (ours * theirs).sum(axis=1) / (
        np.linalg.norm(ours, axis=1) * np.linalg.norm(theirs, axis=1))
    assert cosines.min() >= 0.9999, f"min cosine {cosines.min()} at {texts[int(cosines.argmin())]!r}"


def test_embed_refuses_a_corrupted_model(lexeval, tmp_path, reference):
    bad = tmp_path / MODEL_FILE
    bad.write_bytes(b"not a model")
    proc = subprocess.run([lexeval.binary, "embed", "--json", "--model", str(bad),
                           "--tokenizer", str(MODELS / "tokenizer.json"), "-"],
                          input="x\n", capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.startswith("lexeval: error:")


def test_fresco_embedding_similarity_is_the_onnxruntime_cosine(lexeval, tmp_path, reference):
    cite = "Hardt v. Reliance Standard Life Ins. Co., 560 U.S. 242 (2010)."
    claims = ["Fees are within the discretion of the court.", "A court may award fees at its discretion."]
    (tmp_path / "r.txt").write_text(f"{claims[0]} {cite}")
    (tmp_path / "c.txt").write_text(f"{claims[1]} {cite}")
    report = lexeval.json("fresco", "--similarity", "embedding", "--json",
                          "-r", str(tmp_path / "r.txt"), "-c", str(tmp_path / "c.txt"))
    expected = float(np.dot(*reference.encode(claims)))
    assert report["details"]["pairs"][0]["similarity"] == pytest.approx(expected, abs=1e-4)
    assert report["score"] == (1.0 if expected >= 0.5 else 0.0)
