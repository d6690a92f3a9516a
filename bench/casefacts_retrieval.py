"""CaseFacts Table 6, BM25 row: what can be reproduced here, side by side with rank_bm25.

The paper's corpus (3,299 Oyez case summaries: facts, question, conclusion) is NOT in ../shared, so Table 6
cannot be reproduced. As an honest PROXY, each case's document is the concatenation of the CaseFacts
*train* claims citing it (3,013 cases); queries are the 500 *test* claims; gold cases missing from the
proxy corpus simply cannot be retrieved. lexeval's BM25 and rank_bm25.BM25Okapi run on the same tokens.
"""
import argparse
import json
import pathlib
import re
import subprocess
import time

from rank_bm25 import BM25Okapi

SHARED = pathlib.Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "casefacts"
PAPER = {"recall@1": 0.1160, "recall@5": 0.2180, "recall@10": 0.2500}


def normalise_case_name(name):
    lower = name.lower().replace("&", " and ").replace(" vs. ", " v. ").replace(" vs ", " v ")
    return " ".join(w for w in re.split(r"[\W_]+", lower) if w)


def tokenize(text):
    return [w for w in re.split(r"[^0-9a-z]+", text.lower()) if w]


def anchor(gold, train):
    by_case = {}
    for claim in train:
        for name in claim["case_name"]:
            by_case.setdefault(normalise_case_name(name), []).append(claim["claim"])
    names = sorted(by_case)
    start = time.perf_counter()
    bm25 = BM25Okapi([tokenize(" ".join(by_case[n])) for n in names])
    sums = {1: 0.0, 5: 0.0, 10: 0.0}
    for item in gold:
        scores = bm25.get_scores(tokenize(item["claim"]))
        top = [names[i] for i in sorted(range(len(names)), key=lambda i: (-scores[i], i))[:10]]
        wanted = {normalise_case_name(n) for n in item["case_name"]}
        for k in sums:
            sums[k] += len(wanted & set(top[:k])) / len(wanted)
    return {f"recall@{k}": v / len(gold) for k, v in sums.items()}, time.perf_counter() - start, len(names)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True)
    args = parser.parse_args()
    gold = json.loads((SHARED / "test.json").read_text())
    train = json.loads((SHARED / "train.json").read_text())
    theirs, anchor_seconds, documents = anchor(gold, train)
    start = time.perf_counter()
    out = subprocess.run([args.lexeval, "retrieve", "--gold", str(SHARED / "test.json"), "--corpus-from-claims",
                          str(SHARED / "train.json"), "--json"], check=True, capture_output=True, text=True).stdout
    ours_seconds = time.perf_counter() - start
    ours = {s["name"]: s["value"] for s in json.loads(out)["scores"]}
    covered = sum(all(normalise_case_name(n) in {normalise_case_name(c) for t in train for c in t["case_name"]}
                      for n in item["case_name"]) for item in gold)
    print(f"PROXY corpus: {documents} case documents from train claims; 500 test queries; "
          f"{covered} of 500 queries have all gold cases in the corpus.\n")
    print("| BM25 | Recall@1 | Recall@5 | Recall@10 | time (s) |")
    print("|---|---:|---:|---:|---:|")
    print(f"| paper Table 6 (Oyez summaries, not available) | {PAPER['recall@1']:.4f} | {PAPER['recall@5']:.4f} "
          f"| {PAPER['recall@10']:.4f} | – |")
    for name, row, seconds in (("rank_bm25, proxy corpus", theirs, anchor_seconds), ("lexeval, proxy corpus", ours, ours_seconds)):
        print(f"| {name} | {row['recall@1']:.4f} | {row['recall@5']:.4f} | {row['recall@10']:.4f} | {seconds:.2f} |")


if __name__ == "__main__":
    main()
