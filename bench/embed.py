"""Sentence embeddings: `lexeval embed` (tract, fp32) vs onnxruntime on the same ONNX file, 1 thread each.

Input: the first sentences of 256 CLERC generations (../shared). lexeval's time is the whole process
(model load and per-shape plan building included); onnxruntime's includes session creation too.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests/parity"))
from onnx_reference import Reference  # noqa: E402

N = 256


def sentences():
    path = REPO.parent / "shared/fixtures/clerc/gaze_gaps_generation_pairs.jsonl"
    pairs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [" ".join(re.split(r"(?<=[.!?])\s+", p["generation"].strip())[0].split()) for p in pairs[:N]]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True)
    args = parser.parse_args()
    texts = sentences()
    stdin = "\n".join(texts) + "\n"

    start = time.perf_counter()
    out = subprocess.run([args.lexeval, "embed", "--json", "-"], input=stdin, capture_output=True,
                         text=True, check=True).stdout
    ours = time.perf_counter() - start
    assert len(out.splitlines()) == len(texts)

    start = time.perf_counter()
    Reference(REPO / "models", threads=1).encode(texts)
    theirs = time.perf_counter() - start

    print(f"{len(texts)} CLERC sentences, all-MiniLM-L6-v2 fp32, 1 thread\n")
    print("| engine | seconds | sentences/s |")
    print("|---|---:|---:|")
    print(f"| lexeval (tract) | {ours:.2f} | {len(texts) / ours:.1f} |")
    print(f"| onnxruntime | {theirs:.2f} | {len(texts) / theirs:.1f} |")
    print(f"\nlexeval / onnxruntime throughput ratio: {theirs / ours:.2f}")


if __name__ == "__main__":
    main()
