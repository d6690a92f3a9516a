#!/usr/bin/env python3
"""Validate tests/briefs/bluebook_pairs.jsonl and, optionally, compare lexeval's L-FRESCO with it.

    .venv/bin/python tests/briefs/check_corpus.py                       # schema + expectation checks
    .venv/bin/python tests/briefs/check_corpus.py --lexeval target/release-native/lexeval

Schema checks: every field present and typed, ids unique, authority indices valid, every claim occurs
verbatim in its text, every cite occurs in a text the authority appears in, in_reference/in_generated agree
with the claims, and l_fresco.of equals the number of reference claims.

Expectation checks (rouge-score's ROUGE-L F1 with Porter stemming, the similarity lexeval's `rougeL` uses):
for each reference (claim, authority) pair, the best generated claim citing the same authority must score
>= 0.9 (supported) or <= 0.2 (unsupported), and the resulting count must equal l_fresco.supported, so the
expectation holds for any threshold between 0.3 and 0.85.

With --lexeval BIN, runs `BIN fresco --json -r REF -c GEN --similarity rougeL` on every pair and prints a
table (id, patterns, expected, lexeval, match) and pass rates overall and per pattern. A pair matches when
lexeval reports the same number of reference pairs and the same number supported, and the reference claims it
finds supported are the expected ones (each within ROUGE-L F1 0.9 of an expected supported claim; a count that
agrees by accident is marked `*` and counted as no). Exit status: 1 on schema
or expectation errors, or (with --lexeval, unless --report-only) when any pair does not match.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(HERE, "bluebook_pairs.jsonl")
KINDS = {"case", "statute", "secondary"}
SUPPORTED_MIN = 0.9
UNSUPPORTED_MAX = 0.2


def rouge_l():
    try:
        from rouge_score import rouge_scorer
    except ImportError:
        return None
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)
    return lambda a, b: scorer.score(a, b)["rougeL"].fmeasure


def expect(cond, errors, where, message):
    if not cond:
        errors.append(f"{where}: {message}")
    return bool(cond)


def check_pair(pair, lineno, errors):
    where = f"line {lineno}"
    if not expect(isinstance(pair, dict), errors, where, "not a JSON object"):
        return False
    where = f"line {lineno} ({pair.get('id', '?')})"
    ok = True
    for key, kind in (("id", str), ("patterns", list), ("reference", str), ("generated", str), ("expected", dict)):
        ok &= expect(isinstance(pair.get(key), kind), errors, where, f"`{key}` missing or not {kind.__name__}")
    if not ok:
        return False
    ok &= expect(pair["patterns"] and all(isinstance(p, str) and p for p in pair["patterns"]),
                 errors, where, "`patterns` must be a non-empty list of strings")
    exp = pair["expected"]
    for key, kind in (("authorities", list), ("reference_claims", list), ("generated_claims", list), ("l_fresco", dict)):
        ok &= expect(isinstance(exp.get(key), kind), errors, where, f"`expected.{key}` missing or not {kind.__name__}")
    if not ok:
        return False
    texts = {"reference": pair["reference"], "generated": pair["generated"]}
    auths = exp["authorities"]
    for i, a in enumerate(auths):
        aw = f"{where} authority {i}"
        if not expect(isinstance(a, dict), errors, aw, "not an object"):
            ok = False
            continue
        ok &= expect(a.get("kind") in KINDS, errors, aw, f"kind {a.get('kind')!r} not in {sorted(KINDS)}")
        ok &= expect(isinstance(a.get("name"), str) and a["name"], errors, aw, "`name` missing")
        ok &= expect(isinstance(a.get("cites"), list) and a["cites"] and all(isinstance(c, str) and c for c in a["cites"]),
                     errors, aw, "`cites` must be a non-empty list of strings")
        for flag in ("in_reference", "in_generated"):
            ok &= expect(isinstance(a.get(flag), bool), errors, aw, f"`{flag}` missing or not a bool")
    if not ok:
        return False
    used = {"reference": set(), "generated": set()}
    for side in ("reference", "generated"):
        for j, c in enumerate(exp[f"{side}_claims"]):
            cw = f"{where} {side}_claims[{j}]"
            if not (expect(isinstance(c, dict) and isinstance(c.get("claim"), str) and c["claim"], errors, cw,
                           "needs a non-empty `claim` string")
                    and expect(isinstance(c.get("authority"), int) and not isinstance(c.get("authority"), bool)
                               and 0 <= c["authority"] < len(auths), errors, cw,
                               f"authority index {c.get('authority')!r} out of range 0..{len(auths) - 1}")):
                ok = False
                continue
            ok &= expect(c["claim"] in texts[side], errors, cw, f"claim does not occur verbatim in the {side} text: {c['claim']!r}")
            used[side].add(c["authority"])
    for i, a in enumerate(auths):
        aw = f"{where} authority {i} ({a['name']})"
        for side, flag in (("reference", "in_reference"), ("generated", "in_generated")):
            ok &= expect(a[flag] == (i in used[side]), errors, aw,
                         f"{flag} is {a[flag]} but the {side} claims {'do' if i in used[side] else 'do not'} cite it")
            if a[flag]:
                ok &= expect(any(c in texts[side] for c in a["cites"]), errors, aw, f"none of its cites occurs in the {side} text")
        ok &= expect(a["in_reference"] or a["in_generated"], errors, aw, "appears in neither text")
        for c in a["cites"]:
            sides = [s for s, f in (("reference", "in_reference"), ("generated", "in_generated")) if a[f]]
            ok &= expect(any(c in texts[s] for s in sides), errors, aw, f"cite {c!r} occurs in none of its texts ({', '.join(sides)})")
    lf = exp["l_fresco"]
    ok &= expect(isinstance(lf.get("supported"), int) and isinstance(lf.get("of"), int), errors, where,
                 "`l_fresco` needs integer `supported` and `of`")
    if ok:
        ok &= expect(lf["of"] == len(exp["reference_claims"]), errors, where,
                     f"l_fresco.of is {lf['of']} but there are {len(exp['reference_claims'])} reference claims")
        ok &= expect(0 <= lf["supported"] <= lf["of"], errors, where, "l_fresco.supported out of range")
        ok &= expect(lf["of"] > 0, errors, where, "the reference has no (claim, authority) pair")
    return ok


def supported_claims(pair, sim):
    """The annotated reference claims whose authority has a generated claim at ROUGE-L F1 >= 0.9."""
    exp = pair["expected"]
    out = []
    for r in exp["reference_claims"]:
        candidates = [g["claim"] for g in exp["generated_claims"] if g["authority"] == r["authority"]]
        if max((sim(r["claim"], g) for g in candidates), default=0.0) >= SUPPORTED_MIN:
            out.append(r["claim"])
    return out


def same_claims(expected, got, sim):
    """Every expected supported claim pairs off with a distinct supported claim lexeval reported (ROUGE-L >= 0.9)."""
    if len(expected) != len(got):
        return False
    left = list(got)
    for e in expected:
        hit = next((i for i, t in enumerate(left) if sim(e, t) >= SUPPORTED_MIN), None)
        if hit is None:
            return False
        left.pop(hit)
    return True


def check_expectation(pair, sim, errors):
    """The oracle: supported pairs by the annotated claims, with margins that make any threshold in [0.3, 0.85] agree."""
    exp = pair["expected"]
    where = pair["id"]
    supported = 0
    for j, r in enumerate(exp["reference_claims"]):
        candidates = [g["claim"] for g in exp["generated_claims"] if g["authority"] == r["authority"]]
        best = max((sim(r["claim"], g) for g in candidates), default=0.0)
        if best >= SUPPORTED_MIN:
            supported += 1
        elif best > UNSUPPORTED_MAX:
            errors.append(f"{where} reference_claims[{j}]: best ROUGE-L F1 {best:.3f} with a generated claim citing the same "
                          f"authority is between {UNSUPPORTED_MAX} and {SUPPORTED_MIN}, so the expectation depends on the threshold")
    if supported != exp["l_fresco"]["supported"]:
        errors.append(f"{where}: the annotated claims give {supported}/{exp['l_fresco']['of']} supported under ROUGE-L, "
                      f"but l_fresco says {exp['l_fresco']['supported']}/{exp['l_fresco']['of']}")


def normalise(text):
    return " ".join(text.split())


def structure_mismatch(pair, details):
    """Why lexeval's authorities and claims differ from the annotation, or None: the same number of authorities
    of each kind over both texts, every annotated (claim, authority) pair of either text found with the same
    claim text, and one lexeval authority per annotated authority (the same for all its claims)."""
    exp = pair["expected"]
    want_kinds = sorted(a["kind"] for a in exp["authorities"])
    got_kinds = sorted(a.get("kind") for a in details.get("authorities") or [])
    if want_kinds != got_kinds:
        return f"authorities {want_kinds} != lexeval {got_kinds}"
    got, want = [], []
    for side, field in (("reference_claims", "reference_claims"), ("generated_claims", "candidate_claims")):
        got += [(side, normalise(c.get("text", "")), key) for c in details.get(field) or [] for key in c.get("authorities") or []]
        want += [(side, normalise(c["claim"]), c["authority"]) for c in exp[side]]
    # Each annotated authority may be any lexeval key that every one of its claims carries.
    candidates = {}
    for side, text, index in want:
        keys = {key for s2, t, key in got if (s2, t) == (side, text)}
        candidates[index] = candidates.get(index, keys) & keys
    indices = sorted(candidates)

    def assign(i, used, key_of):
        if i == len(indices):
            mapped = sorted((side, text, key_of[index]) for side, text, index in want)
            return mapped == sorted(got)
        for key in sorted(candidates[indices[i]] - used):
            key_of[indices[i]] = key
            if assign(i + 1, used | {key}, key_of):
                return True
        return False

    if not assign(0, frozenset(), {}):
        missing = [text for side, text, index in want if not candidates[index]]
        detail = f"e.g. {missing[0][:60]!r}…" if missing else "claims or authorities differ"
        return f"no one-to-one match of annotated and lexeval (claim, authority) pairs: {detail}"
    return None


def run_lexeval(binary, pair, extra):
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "reference.txt")
        gen = os.path.join(tmp, "generated.txt")
        for path, text in ((ref, pair["reference"]), (gen, pair["generated"])):
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        cmd = [binary, "fresco", "--json", "-r", ref, "-c", gen, "--similarity", "rougeL", *extra]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        return None, None, None, None, f"exit {proc.returncode}: {proc.stderr.strip()[:200]}"
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        return None, None, None, None, f"not JSON: {e}"
    scores = {s.get("name"): s.get("value") for s in report.get("scores") or []}
    score = scores.get("l-fresco")
    details = report.get("details") or {}
    rows = details.get("pairs")
    if isinstance(rows, list):
        claims = details.get("reference_claims") or []
        texts = [claims[r["reference"]].get("text", "") for r in rows
                 if r.get("supported") is True and isinstance(r.get("reference"), int) and r["reference"] < len(claims)]
        structure = structure_mismatch(pair, details)
        return score, sum(1 for r in rows if r.get("supported") is True), len(rows), texts, structure
    return score, None, None, None, None


def fmt_patterns(patterns, width):
    s = ",".join(patterns)
    return s if len(s) <= width else s[: width - 1] + "…"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?", default=DEFAULT_CORPUS)
    ap.add_argument("--lexeval", metavar="BIN", help="lexeval binary to score every pair with")
    ap.add_argument("--threshold", type=float, help="passed to `lexeval fresco --threshold` (default: lexeval's own)")
    ap.add_argument("--report-only", action="store_true", help="with --lexeval: exit 0 even when pairs do not match")
    args = ap.parse_args()

    errors = []
    pairs = []
    with open(args.corpus, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                pair = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"line {lineno}: invalid JSON: {e}")
                continue
            if check_pair(pair, lineno, errors):
                pairs.append(pair)
    ids = [p["id"] for p in pairs]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        errors.append(f"duplicate id {dup!r}")
    sim = rouge_l()
    if sim is None:
        print("note: rouge_score is not installed; the ROUGE-L expectation check is skipped", file=sys.stderr)
    else:
        for p in pairs:
            check_expectation(p, sim, errors)

    counts = defaultdict(int)
    for p in pairs:
        for t in p["patterns"]:
            counts[t] += 1
    print(f"{len(pairs)} pairs, {sum(len(p['expected']['reference_claims']) for p in pairs)} reference (claim, authority) pairs")
    print("pattern coverage: " + ", ".join(f"{t} {n}" for t, n in sorted(counts.items())))
    if errors:
        print(f"\n{len(errors)} corpus error(s):")
        for e in errors:
            print("  " + e)
    else:
        print("corpus: OK")

    mismatches = 0
    if args.lexeval:
        extra = ["--threshold", str(args.threshold)] if args.threshold is not None else []
        per_pattern = defaultdict(lambda: [0, 0])
        count_only = 0
        print(f"\n{'id':<56} {'patterns':<48} {'expected':>9} {'lexeval':>15} match")
        for p in pairs:
            lf = p["expected"]["l_fresco"]
            want = lf["supported"] / lf["of"]
            score, k, n, texts, err = run_lexeval(args.lexeval, p, extra)
            if err:
                got, match = "error", False
            elif k is not None:
                got = f"{k}/{n} ({score:.2f})" if isinstance(score, (int, float)) else f"{k}/{n} (null)"
                match = k == lf["supported"] and n == lf["of"]
                if match and sim is not None and not same_claims(supported_claims(p, sim), texts, sim):
                    # Right count, wrong claims: e.g. a treatise's own title taken as its claim.
                    match, got = False, got + "*"
                    count_only += 1
            else:
                got = "null" if score is None else f"{score:.3f}"
                match = isinstance(score, (int, float)) and abs(score - want) < 1e-9
            mismatches += not match
            for t in p["patterns"]:
                per_pattern[t][0] += match
                per_pattern[t][1] += 1
            print(f"{p['id']:<56} {fmt_patterns(p['patterns'], 48):<48} {lf['supported']:>4}/{lf['of']:<4} {got:>15} {'yes' if match else 'no'}"
                  + (f"  [{err}]" if err else ""))
        passed = len(pairs) - mismatches
        print(f"\npass rate: {passed}/{len(pairs)} ({100 * passed / max(len(pairs), 1):.0f}%)")
        if count_only:
            print(f"(* {count_only} pair(s) had the expected count but supported different reference claims; counted as no)")
        print("per pattern:")
        for t, (good, total) in sorted(per_pattern.items()):
            print(f"  {t:<30} {good:>3}/{total:<3}")
    if errors:
        return 1
    if mismatches and not args.report_only:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
