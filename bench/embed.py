"""Sentence embeddings, side by side in one run: natively `lexeval embed` (tract, fp32) vs onnxruntime on the
same ONNX file, 1 thread each; and in one headless Chromium the page's embedding worker (tract in wasm, one
helper worker per core) vs onnxruntime-web and transformers.js (fp32, 1 and 2 threads, npm, pinned in
package.json) on the repo's own model files (bench/embed_browser.mjs).

Input: the first sentences of 256 CLERC generations (../shared). Native, lexeval is timed as the whole
process (model load, sha256 and per-shape plan building included) and in-process (`lexeval embed --timings`:
the same texts again, model loaded and plans built), onnxruntime in-process with and without session
creation. The browser rows embed with the model already loaded. Fidelity: every engine's minimum cosine
against onnxruntime's embeddings (the sentence-transformers reference of tests/parity). Then the page's
click to scores on the two-page brief of tests/fixtures/briefs with embedding similarity, cold at 50 Mbit/s
and warm (bench/embed_click.mjs). Needs dist/ (`make wasm`).
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import time

import numpy as np

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests/parity"))
from onnx_reference import Reference  # noqa: E402

N = 256
# A two-page brief's claims, for the warm worker's time.
BRIEF_CLAIMS = 100
BRIEF = REPO / "tests/fixtures/briefs"
# bench/embed_click.mjs's CLICK_SETTLE_MS: the warm page's time between the model loaded and the paste.
CLICK_SETTLE_S = 3


def sentences():
    path = REPO.parent / "shared/fixtures/clerc/gaze_gaps_generation_pairs.jsonl"
    pairs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [" ".join(re.split(r"(?<=[.!?])\s+", p["generation"].strip())[0].split()) for p in pairs[:N]]


def click_texts():
    """The two-page brief's texts, and the generated one without its last paragraph (an edit)."""
    reference = (BRIEF / "reference.txt").read_text()
    candidate = (BRIEF / "generated.txt").read_text()
    edited = candidate.strip().rsplit("\n\n", 1)[0]
    return {"reference": reference, "candidate": candidate, "edited": edited}


def in_process_rate(stderr):
    """The second pass's texts/s from `lexeval embed --timings`."""
    return float(re.search(r"second pass, plans built: .* \(([0-9.]+)/s\)", stderr).group(1))


def min_cosine(embeddings, reference):
    ours = np.asarray(embeddings, dtype=np.float64)
    ours /= np.linalg.norm(ours, axis=1, keepdims=True)
    return float((ours * reference).sum(axis=1).min())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True)
    args = parser.parse_args()
    texts = sentences()
    stdin = "\n".join(texts) + "\n"

    start = time.perf_counter()
    out = subprocess.run([args.lexeval, "embed", "--json", "-"], input=stdin, capture_output=True,
                         text=True, check=True).stdout
    ours = time.perf_counter() - start
    native = [json.loads(line) for line in out.splitlines()]
    native = [row["embedding"] if isinstance(row, dict) else row for row in native]
    assert len(native) == len(texts)
    timings = subprocess.run([args.lexeval, "embed", "--timings", "-"], input=stdin, capture_output=True,
                             text=True, check=True).stderr
    ours_in_process = in_process_rate(timings)

    start = time.perf_counter()
    onnxruntime = Reference(REPO / "models", threads=1)
    session_s = time.perf_counter() - start
    start = time.perf_counter()
    reference = onnxruntime.encode(texts).astype(np.float64)
    encode_s = time.perf_counter() - start
    start = time.perf_counter()
    onnxruntime.encode(texts)
    encode_again_s = time.perf_counter() - start
    theirs = session_s + encode_s
    reference /= np.linalg.norm(reference, axis=1, keepdims=True)

    request = {"texts": texts, "brief": BRIEF_CLAIMS, "click": click_texts()}
    browser = json.loads(subprocess.run(["node", str(REPO / "bench/embed_browser.mjs")],
                                        input=json.dumps(request),
                                        capture_output=True, text=True, check=True, cwd=REPO).stdout)
    click = browser.pop("click to scores")
    page = browser.pop("lexeval")
    compact = browser.pop("lexeval int8")
    for build in (page, compact):
        if "error" in build:
            sys.exit(f"lexeval's page failed: {build['error']}")
    page_rate = len(texts) / (page["embed_ms"] / 1000)

    print(f"{len(texts)} CLERC sentences, all-MiniLM-L6-v2 fp32\n")
    print("| engine | seconds | sentences/s | lexeval's speed-up | min cosine vs sentence-transformers |")
    print("|---|---:|---:|---:|---:|")
    print(f"| lexeval native (tract, 1 thread, whole process) | {ours:.2f} | {len(texts) / ours:.1f} | "
          f"| {min_cosine(native, reference):.7f} |")
    print(f"| onnxruntime native (1 thread, in-process, session creation included) | {theirs:.2f} | "
          f"{len(texts) / theirs:.1f} | {theirs / ours:.2f}× | 1 |")
    best_theirs = min(encode_s, encode_again_s)
    print(f"| lexeval native in-process (model loaded, plans built) | {len(texts) / ours_in_process:.2f} | "
          f"{ours_in_process:.1f} | | |")
    print(f"| onnxruntime native in-process (session created; best of 2) | {best_theirs:.2f} | "
          f"{len(texts) / best_theirs:.1f} | {best_theirs * ours_in_process / len(texts):.2f}× | 1 |")
    print(f"| lexeval page ({page['workers']} embedding workers, model loaded) | {page['embed_ms'] / 1000:.2f} | "
          f"{page_rate:.1f} | | {min_cosine(page['embeddings'], reference):.7f} |")
    for name, peer in browser.items():
        if "error" in peer:
            print(f"| {name} | failed: {peer['error'][:80]} | | | |")
            continue
        rate = len(texts) / (peer["embed_ms"] / 1000)
        print(f"| {name} (model loaded) | {peer['embed_ms'] / 1000:.2f} | {rate:.1f} | {page_rate / rate:.2f}× "
              f"| {min_cosine(peer['embeddings'], reference):.7f} |")
    print(f"\nlexeval page, same {len(texts)} sentences again (plans built): {len(texts) / (page['repeat_ms'] / 1000):.1f}"
          " sentences/s")
    compute = page["cold_ms"] - page["cold_fetch_ms"]
    print(f"page cold start at 50 Mbit/s (first sentence, throttled by CDP): {page['cold_ms'] / 1000:.2f} s = "
          f"download and sha256 {page['cold_fetch_ms'] / 1000:.2f} s + model build and embedding {compute / 1000:.2f} s")
    print(f"page warm start (Cache Storage, new worker), first sentence: {page['warm_ms'] / 1000:.2f} s; "
          f"{BRIEF_CLAIMS} claims of a two-page brief: {page['brief_ms'] / 1000:.2f} s")
    print(f"first sentence once the model has loaded: {page['first_ms']:.0f} ms")
    compact_compute = compact["cold_ms"] - compact["cold_fetch_ms"]
    print(f"\nthe page's default build, all-MiniLM-L6-v2 int8-stored (24 MB, computed in f32): "
          f"{len(texts) / (compact['embed_ms'] / 1000):.1f} sentences/s, min cosine "
          f"{min_cosine(compact['embeddings'], reference):.7f}; cold start at 50 Mbit/s {compact['cold_ms'] / 1000:.2f} s = "
          f"download and sha256 {compact['cold_fetch_ms'] / 1000:.2f} s + model build and embedding "
          f"{compact_compute / 1000:.2f} s; warm start {compact['warm_ms'] / 1000:.2f} s; "
          f"{BRIEF_CLAIMS} warm claims {compact['brief_ms'] / 1000:.2f} s")
    print_click(click)
    for name, peer in browser.items():
        if "load_ms" in peer:
            print(f"{name} model load (localhost, no throttling): {peer['load_ms'] / 1000:.2f} s")

    print(f"\nnative timings (`lexeval embed --timings`):\n{timings.strip()}\nonnxruntime: session {session_s:.3f} s, "
          f"encode {encode_s:.3f} s, again {encode_again_s:.3f} s")


def print_click(click):
    if "error" in click:
        sys.exit(f"the page's click to scores failed: {click['error']}")
    cold = click["cold"]
    print(f"\npage, two-page brief ({BRIEF.relative_to(REPO)}), embedding similarity, click to scores shown:")
    print(f"cold (fresh profile, 50 Mbit/s, int8 default; embedding chosen and texts pasted at once): "
          f"{cold['ms'] / 1000:.2f} s = download {cold['download_ms'] / 1000:.2f} s (worker script and wasm, "
          f"model, tokenizer) + the rest {(cold['ms'] - cold['download_ms']) / 1000:.2f} s; {cold['computed']} texts embedded")
    for build in ("int8", "fp32"):
        warm = click[f"warm_{build}"]
        print(f"warm {build} (page opened, model loaded {warm['loaded_ms'] / 1000:.2f} s after navigation, "
              f"paste {CLICK_SETTLE_S} s later): paste to scores {warm['ms'] / 1000:.2f} s, "
              f"{warm['computed']} texts embedded; generated text edited: {warm['edited_ms'] / 1000:.2f} s, "
              f"{warm['edited_computed']} texts embedded; L-FRESCO {warm['fresco']}")


if __name__ == "__main__":
    main()
