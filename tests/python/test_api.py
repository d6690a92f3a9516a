"""The Python API (crates/lexeval-py) against the CLI it wraps: the same report, byte for byte, for every
check and similarity on the Bluebook brief corpus and on CLERC rows (embeddings to 1e-6), and its objects."""
import json
import math

import pytest

import lexeval
from conftest import BENCHMARKS, read_jsonl

ROUGE_SIMILARITIES = ["rougeL", "rouge1", "rouge2"]


def close(a, b, tolerance=1e-6, path="$"):
    """`a` equals `b` with every number within `tolerance`; the first difference names its place."""
    if isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), f"{path}: keys {sorted(a)} != {sorted(b)}"
        for key in a:
            close(a[key], b[key], tolerance, f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{path}: {len(a)} != {len(b)} entries"
        for i, (x, y) in enumerate(zip(a, b)):
            close(x, y, tolerance, f"{path}[{i}]")
    elif isinstance(a, float) or isinstance(b, float):
        assert isinstance(a, (int, float)) and isinstance(b, (int, float)), f"{path}: {a!r} != {b!r}"
        assert math.isclose(a, b, rel_tol=0, abs_tol=tolerance), f"{path}: {a!r} != {b!r}"
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def same(api_text, cli_text, similarity):
    """ROUGE byte for byte; embedding numbers within 1e-6 (the same Rust code, another build of it)."""
    if similarity in ROUGE_SIMILARITIES:
        assert api_text + "\n" == cli_text
    else:
        close(json.loads(api_text), json.loads(cli_text))


def write_rows(tmp_path, name, rows):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.mark.parametrize("check", ["fresco", "pointwise"])
@pytest.mark.parametrize("similarity", ROUGE_SIMILARITIES + ["embedding"])
@pytest.mark.parametrize("corpus", ["bluebook", "clerc"])
def test_a_batch_equals_the_cli_pairs_report_and_items(cli, tmp_path, request, check, similarity, corpus):
    rows = request.getfixturevalue(corpus)
    if similarity == "embedding":
        rows = rows[:20]  # the model's time on 2 shared cores; ROUGE takes every row
    pairs = write_rows(tmp_path, "pairs.jsonl", rows)
    items = tmp_path / "items.json"
    cli_text = cli.run(check, "--pairs", pairs, "--similarity", similarity, "--items", items, "--json")
    score_pairs = {"fresco": lexeval.fresco_pairs, "pointwise": lexeval.pointwise_pairs}[check]
    # The rows themselves and the file both read as the CLI reads its file (the file once, under ROUGE).
    for source in (rows, pairs) if similarity in ROUGE_SIMILARITIES else (rows,):
        report = score_pairs(source, similarity=similarity)
        same(report.to_json(), cli_text, similarity)
        same(report.items_json(), items.read_text(), similarity)
        assert report.items == json.loads(report.items_json())


@pytest.mark.parametrize("check", ["fresco", "pointwise"])
@pytest.mark.parametrize("similarity", ROUGE_SIMILARITIES + ["embedding"])
def test_one_pair_and_a_list_of_pairs_equal_the_cli(cli, tmp_path, bluebook, check, similarity):
    chosen = bluebook[:3]
    one = {"fresco": lexeval.fresco, "pointwise": lexeval.pointwise}[check]
    many = {"fresco": lexeval.fresco_many, "pointwise": lexeval.pointwise_many}[check]
    reports = many([r["reference"] for r in chosen], [r["generated"] for r in chosen], similarity=similarity)
    for row, from_list in zip(chosen, reports):
        (tmp_path / "r.txt").write_text(row["reference"])
        (tmp_path / "c.txt").write_text(row["generated"])
        cli_text = cli.run(check, "-r", tmp_path / "r.txt", "-c", tmp_path / "c.txt", "--similarity", similarity,
                           "--json")
        same(one(row["reference"], row["generated"], similarity).to_json(), cli_text, similarity)
        same(from_list.to_json(), cli_text, similarity)


def test_options_reach_the_engine_as_the_cli_flags_do(cli, tmp_path, bluebook):
    row = bluebook[0]
    (tmp_path / "r.txt").write_text(row["reference"])
    (tmp_path / "c.txt").write_text(row["generated"])
    files = ["-r", tmp_path / "r.txt", "-c", tmp_path / "c.txt", "--json"]
    report = lexeval.fresco(row["reference"], row["generated"], threshold=0.3, generalized=True,
                            generalized_match="claims", authorities="cases")
    assert report.to_json() + "\n" == cli.run("fresco", *files, "--threshold", "0.3", "--generalized",
                                              "--generalized-match", "claims", "--authorities", "cases")
    report = lexeval.pointwise(row["reference"], row["generated"], "rouge1", 0.5, assign="optimal",
                               other_relevant="partial")
    assert report.to_json() + "\n" == cli.run("pointwise", *files, "--similarity", "rouge1", "--threshold",
                                              "0.5", "--assign", "optimal", "--other-relevant", "partial")
    pairs = write_rows(tmp_path, "pairs.jsonl", bluebook[:5])
    report = lexeval.fresco_pairs(pairs, confidence=0.9, samples=200, bootstrap_seed=7)
    assert report.to_json() + "\n" == cli.run("fresco", "--pairs", pairs, "--confidence", "0.9", "--samples",
                                              "200", "--bootstrap-seed", "7", "--json")


def test_citations_equal_the_cli(cli, tmp_path, bluebook):
    texts = [t for r in bluebook for t in (r["reference"], r["generated"])]
    for text in texts[:10]:
        assert lexeval.cite(text).to_json() + "\n" == cli.run("cite", "--json", stdin=text)
    rows = write_rows(tmp_path, "texts.jsonl", [{"text": t} for t in texts])
    lines = cli.run("cite", "--jsonl", rows).splitlines()
    assert [c.to_json() for c in lexeval.cite_many(texts)] == lines


def test_rouge_equals_the_cli(cli, tmp_path, clerc):
    refs = [r["gold_text"] for r in clerc]
    cands = [r["generation"] for r in clerc]
    pairs = write_rows(tmp_path, "rouge.jsonl", [{"reference": r, "candidate": c} for r, c in zip(refs, cands)])
    lines = [json.loads(line) for line in cli.run("rouge", "--pairs", pairs, "--stem").splitlines()]
    assert lexeval.rouge_many(refs, cands, stem=True) == [line["scores"] for line in lines]
    aggregate = cli.run("rouge", "--pairs", pairs, "--aggregate", "--json", "--types", "rouge1,rougeLsum")
    assert lexeval.rouge_aggregate(refs, cands, types=["rouge1", "rougeLsum"]).to_json() + "\n" == aggregate
    (tmp_path / "r.txt").write_text(refs[0])
    (tmp_path / "c.txt").write_text(cands[0])
    single = cli.run("rouge", "-r", tmp_path / "r.txt", "-c", tmp_path / "c.txt", "--json")
    assert lexeval.rouge(refs[0], cands[0]).to_json() + "\n" == single
    # Several references: each type keeps the best, as rouge-score's score_multi.
    pair = read_jsonl(BENCHMARKS / "rouge.pairs.jsonl")[1]
    files = []
    for i, reference in enumerate(pair["reference"]):
        (tmp_path / f"r{i}.txt").write_text(reference)
        files += ["-r", tmp_path / f"r{i}.txt"]
    (tmp_path / "c.txt").write_text(pair["candidate"])
    multi = cli.run("rouge", *files, "-c", tmp_path / "c.txt", "--json")
    assert lexeval.rouge(pair["reference"], pair["candidate"]).to_json() + "\n" == multi


@pytest.mark.parametrize("benchmark,gold,predictions", [
    ("casefacts", "casefacts.gold.json", "casefacts.predictions.jsonl"),
    ("legalsearchqa", "legalsearchqa.questions.json", "legalsearchqa.predictions.jsonl"),
])
def test_benchmarks_equal_the_cli(cli, tmp_path, benchmark, gold, predictions):
    gold, predictions = BENCHMARKS / gold, BENCHMARKS / predictions
    items = tmp_path / "items.json"
    cli_text = cli.run(benchmark, "--gold", gold, "--predictions", predictions, "--items", items, "--json")
    score = {"casefacts": lexeval.casefacts, "legalsearchqa": lexeval.legalsearchqa}[benchmark]
    for report in (score(gold, predictions), score(json.loads(gold.read_text()), read_jsonl(predictions))):
        assert report.to_json() + "\n" == cli_text
        assert report.items_json() + "\n" == items.read_text()


def test_embeddings_equal_the_cli(cli, clerc):
    texts = [r["gold_text"].replace("\n", " ") for r in clerc[:5]]
    lines = [json.loads(line) for line in cli.run("embed", "--json", stdin="\n".join(texts)).splitlines()]
    close(lexeval.embed(texts), [line["embedding"] for line in lines])


def test_a_brief_batch_items_count_their_citations_to_check_as_the_cli(cli, tmp_path):
    reference = ("Officers must secure a warrant before searching a cell phone. "
                 "Riley v. California, 573 U.S. 373, 386 (2014).")
    # Riley's cite under another name with a pin of 999: one citation, two findings.
    flagged = reference.replace("California, 573 U.S. 373, 386", "Texas, 573 U.S. 373, 999")
    rows = [{"id": "flagged", "reference": reference, "generated": flagged},
            {"id": "clean", "reference": reference, "generated": reference}]
    pairs = write_rows(tmp_path, "pairs.jsonl", rows)
    items = tmp_path / "items.json"
    cli.run("fresco", "--pairs", pairs, "--items", items)
    report = lexeval.fresco_pairs(rows)
    assert report.items_json() + "\n" == items.read_text()
    first, second = report.items
    assert first.to_check == 1
    assert [f.check.kind for f in first.integrity] == ["name_cite_mismatch", "pin"]
    assert "to_check" not in second and "integrity" not in second


def test_reports_are_objects_and_a_null_score_keeps_its_reason():
    report = lexeval.fresco("The contract was void.", "The contract was void.")
    assert report.metric == "l-fresco"
    assert report.settings.similarity == "rougeL" and report.settings.threshold == 0.4
    recall = report["citation_recall"]
    assert recall.value is None and recall.null_reason
    assert report.score("citation_recall") is None
    assert {s.name for s in report.scores} == {s["name"] for s in json.loads(report.to_json())["scores"]}


def test_bad_options_are_errors_not_defaults():
    with pytest.raises(ValueError, match="rougeX"):
        lexeval.fresco("a", "b", similarity="rougeX")
    with pytest.raises(ValueError, match="threshold"):
        lexeval.fresco("a", "b", threshold=1.5)
    with pytest.raises(TypeError, match="treshold"):
        lexeval.fresco_many(["a"], ["b"], treshold=0.5)
    with pytest.raises(ValueError, match="endpoint"):
        lexeval.fresco("a", "b", similarity="llm")
