"""BM25 parity: `lexeval retrieve` against rank_bm25.BM25Okapi on CaseFacts (proxy corpus from train.json).

Both rank the same documents with the same tokens; ties are broken by document order on both sides.
"""
import json
import re

import numpy as np
from rank_bm25 import BM25Okapi


def normalise_case_name(name):
    lower = name.lower().replace("&", " and ").replace(" vs. ", " v. ").replace(" vs ", " v ")
    return " ".join(w for w in re.split(r"[\W_]+", lower) if w)


def tokenize(text):
    return [w for w in re.split(r"[^0-9a-z]+", text.lower()) if w]


def proxy_corpus(train):
    by_case = {}
    for claim in train:
        for name in claim["case_name"]:
            by_case.setdefault(normalise_case_name(name), []).append(claim["claim"])
    names = sorted(by_case)
    return names, [" ".join(by_case[n]) for n in names]


def test_recall_at_k_and_rankings_equal_rank_bm25(lexeval, shared):
    gold_path = shared / "fixtures/casefacts/test.json"
    train_path = shared / "fixtures/casefacts/train.json"
    gold = json.loads(gold_path.read_text())
    names, texts = proxy_corpus(json.loads(train_path.read_text()))
    bm25 = BM25Okapi([tokenize(t) for t in texts])
    report = lexeval.json("retrieve", "--gold", str(gold_path), "--corpus-from-claims", str(train_path), "--json")
    assert report["settings"]["documents"] == len(names)
    sums = {1: 0.0, 5: 0.0, 10: 0.0}
    for item, row in zip(gold, report["details"]["queries"]):
        scores = bm25.get_scores(tokenize(item["claim"]))
        order = sorted(range(len(names)), key=lambda i: (-scores[i], i))[:10]
        assert row["top"] == [names[i] for i in order], item["claim"]
        wanted = {normalise_case_name(n) for n in item["case_name"]}
        for k in sums:
            sums[k] += len(wanted & {names[i] for i in order[:k]}) / len(wanted)
    got = {s["name"]: s["value"] for s in report["scores"]}
    for k, total in sums.items():
        assert abs(got[f"recall@{k}"] - total / len(gold)) < 1e-12
