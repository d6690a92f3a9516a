"""Checked by mypy --strict (test_types.py), never run: the notebook uses of the API type-check against the
package's annotations and the native module's stub (crates/lexeval-py/python/lexeval/_lexeval.pyi)."""
from typing import List, Optional

import lexeval

report: lexeval.Report = lexeval.fresco("reference", "generated", "embedding", 0.8, authorities="cases")
value: Optional[float] = report.score("l-fresco")
reason: Optional[str] = report["l-fresco"].null_reason
text: str = report.to_json()
batch: lexeval.ItemsReport = lexeval.fresco_pairs([{"reference": "a", "generated": "b"}], samples=100)
items: List[lexeval.Record] = batch.items
many: List[lexeval.Report] = lexeval.pointwise_many(["a"], ["b"], similarity="rouge1")
citations: List[lexeval.Citations] = lexeval.cite_many(["See 29 U.S.C. § 1132(a)(3)."])
vectors: List[List[float]] = lexeval.embed(["a text"])
rouge: lexeval.Report = lexeval.rouge(["one", "two"], "candidate", types=["rougeL"], stem=True)
scores: List[lexeval.Record] = lexeval.rouge_many(["a"], ["b"])
facts: lexeval.ItemsReport = lexeval.casefacts("gold.json", "predictions.jsonl")
