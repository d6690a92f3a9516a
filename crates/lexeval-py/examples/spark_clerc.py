"""Score a CLERC generation-pairs file as a Spark DataFrame: the per-pair numbers of
`lexeval fresco --pairs FILE --items ITEMS.json`, computed on Spark's executors by the lexeval package.

    python crates/lexeval-py/examples/spark_clerc.py PAIRS.jsonl [--similarity rougeL] [--master local[2]]

Each Arrow batch of a partition goes to `lexeval.fresco_many` in one call (one model load per Python worker,
the GIL released while Rust scores); the result is one row per pair and score, (idx, model, score, value,
null_reason), printed as JSON Lines, or returned by `score_pairs` as a DataFrame. Needs Java (Spark 4: 17 or
later) and the `pyspark`, `pandas` and `pyarrow` of requirements.txt.
"""
import argparse
import json
import os
import sys

import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession

#: The rows `score_pairs` returns: one per pair and score; a null value keeps its reason.
SCHEMA = "idx long, model string, score string, value double, null_reason string"


def score_batches(batches, options):
    """mapInArrow's function: each Arrow batch of CLERC rows scored by lexeval in one call."""
    import lexeval  # on the executor: each Python worker imports the package (and loads a model) once

    for batch in batches:
        reports = lexeval.fresco_many(batch.column("gold_text"), batch.column("generation"), **options)
        rows = {"idx": [], "model": [], "score": [], "value": [], "null_reason": []}
        for idx, model, report in zip(batch.column("idx").to_pylist(), batch.column("model").to_pylist(),
                                      reports):
            for score in report.scores:
                rows["idx"].append(idx)
                rows["model"].append(model)
                rows["score"].append(score.name)
                rows["value"].append(score.value)
                rows["null_reason"].append(score.null_reason)
        yield pa.RecordBatch.from_pydict(rows)


def score_pairs(spark: SparkSession, path: str, **options) -> DataFrame:
    """The pairs of a CLERC file ({"gold_text", "generation", "idx", "model"} per line) scored by L-FRESCO
    with `lexeval.fresco`'s options (similarity, threshold, ...), one row per pair and score."""
    pairs = spark.read.json(path).select("idx", "model", "gold_text", "generation")
    return pairs.mapInArrow(lambda batches: score_batches(batches, options), SCHEMA)


def local_session(master: str) -> SparkSession:
    """A local Spark whose Python workers run this interpreter (its environment has lexeval and pyarrow)."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (SparkSession.builder.master(master).appName("lexeval-clerc")
             .config("spark.ui.enabled", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs")
    parser.add_argument("--similarity", default="rougeL")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args()
    spark = local_session(args.master)
    try:
        for row in score_pairs(spark, args.pairs, similarity=args.similarity).toLocalIterator():
            print(json.dumps(row.asDict()))
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
