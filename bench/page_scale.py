"""Benchmark files at scale, in the page and in the CLI: the whole CaseFacts train split (5,794 claims, one
gold case right and one wrong, the verdict right on every third claim) and the 2,000 CLERC pairs under
ROUGE. For each: the page (headless Chromium, dist/ from `make wasm`) from choosing the file to its scores
shown, the CLI as a whole process on the same file, the longest main-thread task meanwhile, how long a click
during scoring waits, and how long Cancel takes. The browser tests (tests/e2e/benchmarks_scale.test.mjs)
assert what these compute; this only times them.
"""
import argparse
import json
import pathlib
import subprocess
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared/fixtures"


def cli_ms(lexeval, args):
    """Median wall time of three whole `lexeval … --json` processes, in milliseconds."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([lexeval, *args, "--json"], check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True, help="path to the release-native lexeval binary")
    args = parser.parse_args()
    gold_file = SHARED / "casefacts/train.json"
    gold = json.loads(gold_file.read_text())
    rows = [json.loads(line) for line in (SHARED / "clerc/gaze_gaps_generation_pairs.jsonl").read_text().splitlines()
            if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        predictions = pathlib.Path(tmp, "train.predictions.json")
        predictions.write_text(json.dumps([
            {"claim": item["claim"], "predicted_cases": [item["case_name"][0], "Marbury v. Madison"],
             "predicted_verdict": item["label"] if i % 3 == 0 else "SUPPORTED"}
            for i, item in enumerate(gold)]))
        pairs = pathlib.Path(tmp, "clerc.pairs.jsonl")
        pairs.write_text("".join(json.dumps({"reference": r["gold_text"], "candidate": r["generation"]}) + "\n"
                                 for r in rows))
        files = {"casefacts_gold": str(gold_file), "casefacts_predictions": str(predictions), "pairs": str(pairs)}
        page = json.loads(subprocess.run(["node", str(REPO / "bench/page_scale.mjs")], input=json.dumps(files),
                                         capture_output=True, text=True, check=True, cwd=REPO).stdout)
        cli = {
            "casefacts": cli_ms(args.lexeval, ["casefacts", "--gold", str(gold_file), "--predictions", str(predictions)]),
            "pairs": cli_ms(args.lexeval, ["rouge", "--pairs", str(pairs), "--aggregate", "--stem"]),
        }
    print("| file | page: choose → scores (ms) | CLI whole process (ms, median of 3) | longest main-thread task (ms) "
          "| click during scoring handled after (ms) | Cancel (ms) |")
    print("|---|---:|---:|---:|---:|---:|")
    names = {"casefacts": f"CaseFacts train ({len(gold):,} claims)", "pairs": f"CLERC pairs ({len(rows):,}), ROUGE"}
    for key, name in names.items():
        run = page[key]
        cancel = f"{run['cancel_ms']:.0f}" if "cancel_ms" in run else "—"
        print(f"| {name} | {run['ms']:.0f} | {cli[key]:.0f} | {run['longest_task_ms']:.0f} | {run['click_ms']:.0f} "
              f"| {cancel} |")


if __name__ == "__main__":
    main()
