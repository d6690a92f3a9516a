"""Sentence embeddings: `lexeval embed` (tract, fp32) vs onnxruntime on the same ONNX file, 1 thread each,
and the page's embedding worker (tract in wasm) in headless Chromium, side by side in one run.

Input: the first sentences of 256 CLERC generations (../shared). lexeval's time is the whole process
(model load and per-shape plan building included); onnxruntime's includes session creation too. The browser
row embeds with an already loaded model; its model load times (cold: download + sha256 + plans; warm: from
Cache Storage in a new worker) are printed below the table. Needs dist/ (`make wasm`).
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

    browser = json.loads(subprocess.run(["node", str(REPO / "bench/embed_browser.mjs")], input=json.dumps({"texts": texts}),
                                        capture_output=True, text=True, check=True, cwd=REPO).stdout)
    assert browser["count"] == len(texts)
    in_browser = browser["embed_ms"] / 1000

    print(f"{len(texts)} CLERC sentences, all-MiniLM-L6-v2 fp32, 1 thread\n")
    print("| engine | seconds | sentences/s |")
    print("|---|---:|---:|")
    print(f"| lexeval (tract) | {ours:.2f} | {len(texts) / ours:.1f} |")
    print(f"| onnxruntime | {theirs:.2f} | {len(texts) / theirs:.1f} |")
    print(f"| lexeval wasm worker in Chromium (model loaded) | {in_browser:.2f} | {len(texts) / in_browser:.1f} |")
    print(f"\nlexeval / onnxruntime throughput ratio: {theirs / ours:.2f}")
    print(f"page model load: cold {browser['cold_load_ms'] / 1000:.2f} s (download 91 MB from localhost, sha256, "
          f"plan), warm {browser['warm_load_ms'] / 1000:.2f} s (Cache Storage)")


if __name__ == "__main__":
    main()
