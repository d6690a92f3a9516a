"""ROUGE in wasm under node (the build the page ships) against rouge-score 0.1.2 on the CLERC pairs, same run.

Builds bench/node-wasm for wasm32 with the score worker's `wasm-score` profile (ROUGE runs there), binds it
for node with wasm-bindgen, then times one call scoring all pairs (rouge1/2/L/Lsum) and checks its checksum
(sum of F-measures) against rouge-score's.
"""
import argparse
import json
import os
import pathlib
import subprocess
import tempfile
import time

from rouge_score import rouge_scorer

REPO = pathlib.Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
# The score worker's profile (Cargo.toml), which the page's ROUGE is built with.
PROFILE = "wasm-score"
NODE_TIMER = """
const { rouge_pairs_checksum } = require(process.argv[2]);
const text = require('fs').readFileSync(process.argv[3], 'utf8');
const stem = process.argv[4] === 'true';
rouge_pairs_checksum(text.slice(0, 2000), stem);  // instantiate and warm up
const start = process.hrtime.bigint();
const checksum = rouge_pairs_checksum(text, stem);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({ checksum, seconds }));
"""


def build_node_module(out_dir):
    subprocess.run(["cargo", "build", "-q", "--profile", PROFILE, "--target", "wasm32-unknown-unknown",
                    "-p", "lexeval-bench-node"], check=True, cwd=REPO)
    wasm = TARGET / f"wasm32-unknown-unknown/{PROFILE}/lexeval_bench_node.wasm"
    subprocess.run(["wasm-bindgen", "--target", "nodejs", "--out-dir", str(out_dir), str(wasm)], check=True)
    return out_dir / "lexeval_bench_node.js"


def anchor(pairs, stem):
    scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    start = time.perf_counter()
    checksum = sum(s.fmeasure for p in pairs for s in scorer.score(p["reference"], p["candidate"]).values())
    return checksum, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True, help="unused: this benchmark times the wasm build")
    parser.parse_args()
    rows = (SHARED / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl").read_text().splitlines()
    pairs = [{"reference": r["gold_text"], "candidate": r["generation"]} for r in map(json.loads, rows)]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        module = build_node_module(tmp)
        data = tmp / "pairs.jsonl"
        data.write_text("".join(json.dumps(p) + "\n" for p in pairs))
        timer = tmp / "timer.js"
        timer.write_text(NODE_TIMER)
        print(f"{len(pairs)} CLERC pairs, types {', '.join(TYPES)}; wasm: the score worker's {PROFILE} profile, node {node_version()}\n")
        print("| stemming | rouge-score (s) | lexeval wasm in node (s) | speed-up | checksums equal |")
        print("|---|---:|---:|---:|---|")
        for stem in (False, True):
            want, anchor_seconds = anchor(pairs, stem)
            out = subprocess.run(["node", str(timer), str(module), str(data), str(stem).lower()],
                                 check=True, capture_output=True, text=True).stdout
            got = json.loads(out)
            equal = abs(got["checksum"] - want) < 1e-6
            print(f"| {'on' if stem else 'off'} | {anchor_seconds:.2f} | {got['seconds']:.3f} | "
                  f"{anchor_seconds / got['seconds']:.0f}× | {'yes' if equal else 'NO'} |")


def node_version():
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    main()
