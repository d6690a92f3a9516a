"""The Python package (crates/lexeval-py) in one process against the Python anchors, on the 2,000 CLERC pairs:
`lexeval.rouge_many` against rouge-score 0.1.2, `lexeval.cite_many` against eyecite's get_citations, and the
Spark example (`local[2]`, mapInArrow) against a plain Python loop of `lexeval.fresco` (without Java: said,
and left out). `--lexeval` is accepted as every bench script's, and unused: the wheel `make python-wheel`
installed into .venv is what runs.
"""
import argparse
import importlib.util
import json
import logging
import os
import pathlib
import shutil
import time

import eyecite
from rouge_score import rouge_scorer

import lexeval

REPO = pathlib.Path(__file__).resolve().parents[1]
SHARED = pathlib.Path(os.environ.get("LEXEVAL_SHARED", REPO.parent / "shared"))
CLERC = SHARED / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl"
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def timed(run):
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def rouge_rows(refs, cands):
    for stem in (False, True):
        scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
        anchor = timed(lambda: [scorer.score(r, c) for r, c in zip(refs, cands)])
        ours = min(timed(lambda: lexeval.rouge_many(refs, cands, types=TYPES, stem=stem)) for _ in range(3))
        yield f"| ROUGE ({'stemmed' if stem else 'no stemming'}) | rouge-score {anchor:.2f} | {ours:.3f} | " \
              f"{anchor / ours:.0f}× |"


def citation_row(texts):
    logging.getLogger("eyecite").setLevel(logging.ERROR)  # its overlap warnings, one per odd citation
    anchor = timed(lambda: [eyecite.get_citations(t) for t in texts])
    ours = min(timed(lambda: lexeval.cite_many(texts)) for _ in range(3))
    return f"| citations | eyecite {anchor:.2f} | {ours:.3f} | {anchor / ours:.0f}× |"


def spark_row(refs, cands):
    if shutil.which("java") is None:
        return "| L-FRESCO, Spark local[2] | (no java on PATH: not run) | | |"
    spec = importlib.util.spec_from_file_location("spark_clerc", REPO / "crates/lexeval-py/examples/spark_clerc.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    loop = timed(lambda: [lexeval.fresco(r, c) for r, c in zip(refs, cands)])
    spark = example.local_session("local[2]")
    try:
        example.score_pairs(spark, str(CLERC)).count()  # start-up and the workers' first model load
        ours = timed(lambda: example.score_pairs(spark, str(CLERC)).count())
    finally:
        spark.stop()
    return f"| L-FRESCO, Spark local[2] | Python loop of lexeval.fresco {loop:.2f} | {ours:.2f} | {loop / ours:.1f}× |"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", help="unused (the installed wheel runs)")
    parser.parse_args()
    rows = [json.loads(line) for line in CLERC.read_text().splitlines() if line.strip()]
    refs = [r["gold_text"] for r in rows]
    cands = [r["generation"] for r in rows]
    print(f"{len(rows)} CLERC pairs, one process (the lexeval wheel in .venv)\n")
    print("| task | anchor (s) | lexeval (s) | speed-up |")
    print("|---|---:|---:|---:|")
    for row in rouge_rows(refs, cands):
        print(row, flush=True)
    print(citation_row([t for t in refs + cands if t.strip()]), flush=True)  # eyecite refuses an empty text
    print(spark_row(refs, cands), flush=True)


if __name__ == "__main__":
    main()
