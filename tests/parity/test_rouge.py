"""ROUGE parity: `lexeval rouge --pairs` and `lexeval tokenize` against pip-installed rouge-score 0.1.2.

10,000 distinct pairs (the 2,000 CLERC pairs + 8,000 random ones), stemming on and off, rouge1, rouge2,
rougeL and rougeLsum, equal to 1e-9. rouge-score's pure-Python LCS costs ~10 ms per CLERC pair, so the
LCS types run on a 300-pair CLERC sample to keep the whole file under a minute.
"""
import functools
import json
import random
import subprocess
import types

import pytest
from rouge_score import rouge_scorer, tokenizers

TOLERANCE = 1e-9
MEASURES = ("precision", "recall", "fmeasure")

# Words that exercise the Porter port (irregular forms, y runs, NLTK's step 1a/1b/2 extensions).
TRICKY = (
    "skies dying lying tying news innings outings cannings howe proceed exceed succeeded dies flies died "
    "spied caresses ponies feed agreed plastered bled motoring sing conflated troubled sized hopping "
    "falling hissing filing happy enjoy spy relational conditional rational radically geology "
    "archaeology hopefully triplicate formative electrical goodness revival allowance adoption "
    "communism controlling generalizations probate cease rate roll yyyy syzygy 1990s generously "
    "analogously sensibility fulli skillfully defendants plaintiffs overruled precedents"
).split()
NOISE = [",", ".", ";", "—", "’", "'s", "-", "(", ")", "§", "\n", "\n\n", " \n ", "café", "İstanbul",
         "Ελλάδα", "中文", "U.S.", "42", "F.2d", "\t", "\r\n"]


def random_text(rng, vocabulary, max_tokens):
    parts = []
    for _ in range(rng.randint(0, max_tokens)):
        roll = rng.random()
        if roll < 0.15:
            parts.append(rng.choice(NOISE))
        elif roll < 0.3:
            parts.append(rng.choice(TRICKY).upper() if rng.random() < 0.2 else rng.choice(TRICKY))
        else:
            parts.append(rng.choice(vocabulary))
    return " ".join(parts)


def random_pairs(clerc_pairs, count, seed):
    rng = random.Random(seed)
    words = sorted({w for p in clerc_pairs[:200] for w in p["gold_text"].split()})
    # A small vocabulary makes repeated n-grams and long common subsequences likely.
    small = rng.sample(words, 40)
    pairs = []
    for i in range(count):
        vocabulary = small if i % 2 else words
        reference = random_text(rng, vocabulary, 40)
        if rng.random() < 0.3:
            candidate = random_text(rng, vocabulary, 40)
        else:  # an edited copy of the reference: shared subsequences with gaps
            tokens = reference.split(" ")
            kept = [t for t in tokens if rng.random() < 0.7]
            kept += random_text(rng, vocabulary, 8).split(" ")
            if rng.random() < 0.2:
                rng.shuffle(kept)
            candidate = " ".join(kept)
        pairs.append({"reference": reference, "candidate": candidate})
    return pairs


def lexeval_scores(lexeval, tmp_path, pairs, rouge_types, stem):
    path = tmp_path / "pairs.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in pairs))
    args = ["rouge", "--pairs", str(path), "--types", ",".join(rouge_types)]
    if stem:
        args.append("--stem")
    rows = lexeval.jsonl(*args)
    assert [row["line"] for row in rows] == list(range(1, len(pairs) + 1))
    return [row["scores"] for row in rows]


@functools.lru_cache(maxsize=None)
def nltk_stem(word):
    return NLTK_STEMMER.stem(word)


NLTK_STEMMER = tokenizers.DefaultTokenizer(use_stemmer=True)._stemmer


def anchor_scorer(rouge_types, stem):
    """rouge-score's RougeScorer; with stemming, NLTK's (pure) stem function is memoised for speed."""
    scorer = rouge_scorer.RougeScorer(list(rouge_types), use_stemmer=stem)
    if stem:
        scorer._tokenizer._stemmer = types.SimpleNamespace(stem=nltk_stem)
    return scorer


def assert_parity(lexeval, tmp_path, pairs, rouge_types, stem):
    scorer = anchor_scorer(rouge_types, stem)
    ours = lexeval_scores(lexeval, tmp_path, pairs, rouge_types, stem)
    mismatches = []
    for index, (pair, got) in enumerate(zip(pairs, ours)):
        if isinstance(pair["reference"], list):
            expected = scorer.score_multi(pair["reference"], pair["candidate"])
        else:
            expected = scorer.score(pair["reference"], pair["candidate"])
        for kind in rouge_types:
            for measure in MEASURES:
                want = getattr(expected[kind], measure)
                if abs(got[kind][measure] - want) > TOLERANCE:
                    mismatches.append((index, kind, measure, got[kind][measure], want))
    assert not mismatches, f"{len(mismatches)} mismatches (stem={stem}), first: {mismatches[:3]}"


@pytest.mark.parametrize("stem", [False, True])
def test_clerc_pairs_ngram_parity(lexeval, tmp_path, clerc_pairs, stem):
    pairs = [{"reference": p["gold_text"], "candidate": p["generation"]} for p in clerc_pairs]
    assert len(pairs) == 2000
    assert_parity(lexeval, tmp_path, pairs, ("rouge1", "rouge2", "rouge3"), stem)


@pytest.mark.parametrize("stem", [False, True])
def test_clerc_sample_lcs_parity(lexeval, tmp_path, clerc_pairs, stem):
    rng = random.Random(7)
    sample = rng.sample(clerc_pairs, 300)
    # Gold texts are one line: put each sentence on its own line so rougeLsum's union LCS is exercised.
    pairs = [{"reference": p["gold_text"].replace(". ", ".\n"), "candidate": p["generation"]} for p in sample]
    assert_parity(lexeval, tmp_path, pairs, ("rouge1", "rouge2", "rougeL", "rougeLsum"), stem)


@pytest.mark.parametrize("stem", [False, True])
def test_random_pairs_parity(lexeval, tmp_path, clerc_pairs, stem):
    pairs = random_pairs(clerc_pairs, 8000, seed=2024)
    assert_parity(lexeval, tmp_path, pairs, ("rouge1", "rouge2", "rouge4", "rougeL", "rougeLsum"), stem)


def test_multi_reference_parity(lexeval, tmp_path, clerc_pairs):
    rng = random.Random(11)
    pairs = []
    for _ in range(300):
        references = [random_text(rng, TRICKY, 20) for _ in range(rng.randint(1, 4))]
        pairs.append({"reference": references, "candidate": random_text(rng, TRICKY, 20)})
    assert_parity(lexeval, tmp_path, pairs, ("rouge1", "rouge2", "rougeL", "rougeLsum"), True)


@pytest.mark.parametrize("stem", [False, True])
def test_tokenizer_and_porter_parity_on_clerc_vocabulary(lexeval, clerc_pairs, stem):
    # Every distinct CLERC word (plus the tricky ones) through both tokenizers.
    words = sorted({w for p in clerc_pairs for w in (p["gold_text"] + " " + p["generation"]).split()})
    text = "\n".join(words + TRICKY + NOISE)
    expected = tokenizers.DefaultTokenizer(use_stemmer=stem).tokenize(text)
    args = ["tokenize", "-", "--json"] + (["--stem"] if stem else [])
    got = lexeval.json(*args, stdin=text)
    assert len(words) > 10000
    assert got == expected


def test_malformed_pairs_line_is_reported_with_its_number(lexeval, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"reference": "a", "candidate": "b"}\n\n{"reference": "a"}\n')
    proc = subprocess.run([lexeval.binary, "rouge", "--pairs", str(path)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert "line 3" in proc.stderr
