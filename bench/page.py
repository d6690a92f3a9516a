"""The page in headless Chromium: load time, and a brief check of a two-page brief end to end (paste →
L-FRESCO shown), with the wasm sizes. No anchor runs in a browser, so this table has no ratio; the same
engine's speed against the anchors is in the rouge, rouge_wasm and citations tables. Needs dist/.
"""
import argparse
import gzip
import json
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[1]
CLERC = REPO.parent / "shared/fixtures/clerc/gaze_gaps_generation_pairs.jsonl"


def two_pages(field, rows):
    """About two pages (~1,000 words) of CLERC paragraphs: a brief-sized text with many citations."""
    words, parts = 0, []
    for row in rows:
        parts.append(row[field])
        words += len(row[field].split())
        if words >= 1000:
            break
    return "\n\n".join(parts)


def megabyte(field, rows):
    """CLERC paragraphs repeated past 1,000,000 characters: the size the page must score without freezing."""
    parts, size = [], 0
    while size < 1_000_000:
        for row in rows:
            parts.append(row[field])
            size += len(row[field]) + 2
            if size >= 1_000_000:
                break
    return "\n\n".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", help="unused: the page is measured")
    parser.parse_args()
    rows = [json.loads(line) for line in CLERC.read_text().splitlines() if line.strip()]
    texts = {"reference": two_pages("gold_text", rows), "candidate": two_pages("generation", rows),
             "big_reference": megabyte("gold_text", rows), "big_candidate": megabyte("generation", rows)}
    timings = json.loads(subprocess.run(["node", str(REPO / "bench/page.mjs")], input=json.dumps(texts),
                                        capture_output=True, text=True, check=True, cwd=REPO).stdout)
    print("| measure | value |")
    print("|---|---:|")
    for wasm in sorted((REPO / "dist").glob("*.wasm")):
        data = wasm.read_bytes()
        print(f"| {wasm.name.split('-')[0].split('_bg')[0]} wasm raw / gzip -9 (B) | {len(data):,} / "
              f"{len(gzip.compress(data, 9)):,} |")
    print(f"| page load until the shell shows (ms, median of 5) | {timings['load_ms']:.0f} |")
    words = len(texts["reference"].split()) + len(texts["candidate"].split())
    print(f"| brief check of {words:,} words, paste → L-FRESCO shown (ms, median of 5) "
          f"| {timings['brief_ms']:.0f} |")
    chars = len(texts["big_reference"]) + len(texts["big_candidate"])
    for similarity, big in timings["megabyte"].items():
        print(f"| brief check of two ~1 MB texts ({chars:,} characters), {similarity}, paste → scores shown (ms) "
              f"| {big['ms']:.0f} |")
        print(f"| longest main-thread task meanwhile, {similarity} (ms; the score worker computes, the page renders) "
              f"| {big['longest_task_ms']:.0f} |")


if __name__ == "__main__":
    main()
