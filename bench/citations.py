"""Citation extraction speed: `lexeval cite` against eyecite 2.7.8 get_citations, same run.

Inputs: eyecite's own long test opinion (tests/assets/opinion.txt, 85 KB, vendored under
tests/parity/eyecite_suite/), the same opinion repeated to 1.7 MB, and every distinct CLERC paragraph
(~3,000, one `--jsonl` run). eyecite is timed in this process after one warm-up call (its extractors are
built on first use); lexeval as a whole subprocess each time (start-up, pattern assembly and compilation,
output included), the best of 3.
"""
import argparse
import json
import logging
import os
import pathlib
import subprocess
import tempfile
import time

from eyecite import get_citations

logging.disable(logging.CRITICAL)
REPO = pathlib.Path(__file__).resolve().parents[1]
SHARED = pathlib.Path(os.environ.get("LEXEVAL_SHARED", REPO.parent / "shared"))
OPINION = REPO / "tests/parity/eyecite_suite/opinion.txt"


def time_eyecite(texts):
    start = time.perf_counter()
    found = sum(len(get_citations(t)) for t in texts)
    return time.perf_counter() - start, found


def time_lexeval(binary, texts, tmp):
    """One process for all texts: a plain file for one text, JSON Lines for many."""
    if len(texts) == 1:
        path = pathlib.Path(tmp) / "text.txt"
        path.write_text(texts[0])
        args = [binary, "cite", str(path), "--json"]
    else:
        path = pathlib.Path(tmp) / "texts.jsonl"
        path.write_text("".join(json.dumps({"text": t}) + "\n" for t in texts))
        args = [binary, "cite", str(path), "--jsonl"]
    start = time.perf_counter()
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    if len(texts) == 1:
        return seconds, len(json.loads(out))
    return seconds, sum(len(json.loads(line)) for line in out.splitlines())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True)
    args = parser.parse_args()
    rows = [json.loads(l) for l in (SHARED / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl").read_text().splitlines()]
    paragraphs = sorted({r[k] for r in rows for k in ("gold_text", "generation") if r[k].strip()})
    opinion = OPINION.read_text()
    long_opinion = "\n\n".join([opinion] * 20)
    get_citations("See Roe v. Wade, 410 U.S. 113 (1973).")  # warm-up: eyecite builds its extractors once
    print("| input | eyecite (s) | lexeval (s) | speed-up | citations eyecite / lexeval |")
    print("|---|---:|---:|---:|---|")
    inputs = (
        (f"opinion.txt, {len(opinion.encode()) // 1000} KB, whole process", [opinion]),
        (f"opinion.txt ×20, {len(long_opinion.encode()) / 1e6:.1f} MB", [long_opinion]),
        (f"{len(paragraphs)} CLERC paragraphs", paragraphs),
    )
    with tempfile.TemporaryDirectory() as tmp:
        for name, texts in inputs:
            theirs, n_theirs = time_eyecite(texts)
            ours, n_ours = min(time_lexeval(args.lexeval, texts, tmp) for _ in range(3))
            print(f"| {name} | {theirs:.2f} | {ours:.3f} | {theirs / ours:.1f}× | {n_theirs} / {n_ours} |")


if __name__ == "__main__":
    main()
