"""The page in headless Chromium, in one run: the first-visit download (gzipped, as a static host sends it);
page load; a two-page brief pasted → L-FRESCO shown, on a fresh page and with the score worker started; one
sentence of it edited → scores; the 1 MB pair under each ROUGE similarity → scores and → its annotated texts
drawn, on a fresh page and (ROUGE-L) on a page whose worker has started; the longest main-thread task of each
check, and for the 1 MB checks the longest animation frame (its rendering included). No anchor runs in a browser, so this table has no ratio;
the same engine's speed against the anchors is in the rouge, rouge_wasm and citations tables. Needs dist/.
`--texts` prints the texts (for bench/page_profile.mjs).
"""
import argparse
import gzip
import json
import os
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[1]
SHARED = pathlib.Path(os.environ.get("LEXEVAL_SHARED", REPO.parent / "shared"))
CLERC = SHARED / "fixtures/clerc/gaze_gaps_generation_pairs.jsonl"
# Issue 36's budget for the score worker every visit downloads (its js and wasm, gzip -9).
SCORE_WORKER_BUDGET = 600_000


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


def gzipped(path):
    return len(gzip.compress(path.read_bytes(), 9))


def download_budget():
    """What a first visit downloads, raw and gzipped (as a static host sends it): the page (index.html, app
    script and wasm, style sheet, icon) and the score worker, started at load; the embedding worker and its
    model only when embedding similarity is chosen."""
    dist = REPO / "dist"
    groups = {
        "page (index.html, app js + wasm, css, icon)": [p for p in dist.iterdir() if p.is_file()
                                                         and not p.name.startswith(("score_worker", "embed_worker"))],
        "score worker (js + wasm), started at load": sorted(dist.glob("score_worker*")),
        "embedding worker (js + wasm), on request; its model apart": sorted(dist.glob("embed_worker*")),
    }
    return {name: (sum(p.stat().st_size for p in files), sum(gzipped(p) for p in files))
            for name, files in groups.items()}


def print_download():
    """The first-visit download table, printed before the browser runs (it needs only dist/)."""
    print("| first-visit download | raw (B) | gzip -9 (B) |")
    print("|---|---:|---:|")
    budget = download_budget()
    for name, (raw, packed) in budget.items():
        print(f"| {name} | {raw:,} | {packed:,} |")
    page, score_worker, _ = budget.values()
    print(f"| **first visit: page + score worker** | {page[0] + score_worker[0]:,} | {page[1] + score_worker[1]:,} |")
    for wasm in sorted((REPO / "dist").glob("*.wasm")):
        print(f"| {wasm.name.split('-')[0].split('_bg')[0]} wasm alone | {wasm.stat().st_size:,} | {gzipped(wasm):,} |")
    over = score_worker[1] - SCORE_WORKER_BUDGET
    verdict = "within it" if over <= 0 else f"over by {over:,} B"
    print(f"\nScore worker budget (issue 36): {SCORE_WORKER_BUDGET:,} B gzipped; {score_worker[1]:,} B, {verdict}.\n")


def load_average():
    return os.getloadavg()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", help="unused: the page is measured")
    parser.add_argument("--texts", action="store_true", help="print the texts as JSON (for bench/page_profile.mjs)")
    args = parser.parse_args()
    rows = [json.loads(line) for line in CLERC.read_text().splitlines() if line.strip()]
    texts = {"reference": two_pages("gold_text", rows), "candidate": two_pages("generation", rows),
             "big_reference": megabyte("gold_text", rows), "big_candidate": megabyte("generation", rows),
             # Other two-page briefs, for checks on a page whose score worker has started (the first check
             # of a fresh page may wait for it).
             "briefs": [{"reference": two_pages("gold_text", rows[k * 40:]),
                         "candidate": two_pages("generation", rows[k * 40:])} for k in range(1, 7)]}
    if args.texts:
        print(json.dumps(texts))
        return
    print_download()
    load_before = load_average()
    timings = json.loads(subprocess.run(["node", str(REPO / "bench/page.mjs")], input=json.dumps(texts),
                                        capture_output=True, text=True, check=True, cwd=REPO).stdout)
    print(f"Load average (1 min) {load_before:.1f} before the run, {load_average():.1f} after; any task over "
          "50 ms is a long task, so 0 means none.\n")
    print()
    print("| check | ms | longest main-thread task (ms) |")
    print("|---|---:|---:|")
    print(f"| page load until the shell shows (median of 5) | {timings['load_ms']:.0f} | |")
    words = len(texts["reference"].split()) + len(texts["candidate"].split())
    brief, warm, edit = timings["brief"], timings["warm"], timings["edit"]
    print(f"| two-page brief ({words:,} words) pasted → L-FRESCO shown, first check of a fresh page (median "
          f"of 5) | {brief['ms']:.0f} | {brief['longest_task_ms']:.0f} |")
    print(f"| two-page briefs (other CLERC rows) pasted → L-FRESCO shown, worker started (after the "
          f"debounce; median of 5) | {warm['ms']:.0f} | {warm['longest_task_ms']:.0f} |")
    print(f"| one sentence of its generated text edited → scores shown (after the debounce; median of 5) "
          f"| {edit['ms']:.0f} | {edit['longest_task_ms']:.0f} |")
    chars = len(texts["big_reference"]) + len(texts["big_candidate"])
    for similarity, big in timings["megabyte"].items():
        where = ("a page whose worker has started (it checked a brief)" if similarity.endswith("_started")
                 else "a fresh page")
        print(f"| two ~1 MB texts ({chars:,} characters), {similarity.removesuffix('_started')}, on {where}: "
              f"pasted → all scores shown | {big['ms']:.0f} | {big['longest_task_ms']:.0f} |")
        print(f"| … → both annotated texts drawn in full | {big['drawn_ms']:.0f} | (same run; longest animation "
              f"frame, its rendering included: {big['longest_frame_ms']:.0f}) |")
    print_long_tasks(timings["megabyte"])


def print_long_tasks(megabyte):
    """Every main-thread task over 50 ms of the 1 MB checks, and what ran in it (from its long animation
    frame: the scripts' invokers, e.g. a worker's message or an animation frame callback, and the frame's
    rendering; the paste is the bench's own `evaluate`, a negative start)."""
    print("\n| 1 MB check | long task starts (ms after the paste) | ms | what ran in it |")
    print("|---|---:|---:|---|")
    for similarity, big in megabyte.items():
        for task in big["long_tasks"]:
            print(f"| {similarity} | {task['at']:.0f} | {task['ms']:.0f} | {task['what']} |")


if __name__ == "__main__":
    main()
