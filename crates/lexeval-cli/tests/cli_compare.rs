//! Comparing two systems: `casefacts|legalsearchqa --versus`, `fresco --pairs A --versus B` and `--models
//! A B`. Every per-item value is the one the single runs give, the means are over the items both sides
//! score, and the plain-word errors.

mod common;

use assert_cmd::Command;
use common::{json_output, lexeval, scratch, shared_fixture, shared_path, write_jsonl};
use serde_json::{json, Value};
use std::path::Path;

fn error_of(command: &mut Command) -> String {
    let out = command.output().unwrap();
    assert!(!out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

fn value(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// The per-item values of `column` in a single run's `--items` JSON, by key.
fn single_items(report_items: &Path, key: &str, column: &str) -> Vec<(String, Value)> {
    let rows: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(report_items).unwrap()).unwrap();
    rows.iter()
        .filter(|row| row["missing_prediction"] != json!(true))
        .map(|row| (row[key].as_str().unwrap().to_string(), row[column].clone()))
        .collect()
}

/// Two CaseFacts systems over the released test split: A names the first gold case and always says
/// "Supported"; B names every gold case and the gold verdict except on every fourth claim, and answers
/// only the first 450 claims.
fn casefacts_systems() -> (Vec<Value>, Vec<Value>) {
    let gold: Vec<Value> = serde_json::from_str(&shared_fixture("casefacts/test.json")).unwrap();
    let a = gold
        .iter()
        .map(|claim| {
            json!({
                "claim": claim["claim"],
                "predicted_cases": [claim["case_name"][0], "Marbury v. Madison"],
                "predicted_verdict": "Supported",
            })
        })
        .collect();
    let b = gold
        .iter()
        .take(450)
        .enumerate()
        .map(|(i, claim)| {
            json!({
                "claim": claim["claim"],
                "predicted_cases": claim["case_name"],
                "predicted_verdict": if i % 4 == 3 { json!("Refuted") } else { claim["label"].clone() },
            })
        })
        .collect();
    (a, b)
}

#[test]
fn casefacts_versus_compares_each_claim_as_the_single_runs_score_it() {
    let gold = shared_path("casefacts/test.json");
    let (a, b) = casefacts_systems();
    let (file_a, file_b) = (
        write_jsonl("casefacts-a.jsonl", &a),
        write_jsonl("casefacts-b.jsonl", &b),
    );
    let single = |file: &Path, name: &str| {
        let items = scratch(name);
        lexeval()
            .args(["casefacts", "--gold", &gold, "--predictions"])
            .arg(file)
            .arg("--items")
            .arg(&items)
            .assert()
            .success();
        single_items(&items, "claim", "verdict_score")
    };
    let (items_a, items_b) = (
        single(&file_a, "a-items.json"),
        single(&file_b, "b-items.json"),
    );
    let differences_csv = scratch("casefacts-differences.csv");
    let report = json_output(
        lexeval()
            .args(["casefacts", "--json", "--gold", &gold, "--predictions"])
            .arg(&file_a)
            .arg("--versus")
            .arg(&file_b)
            .arg("--items")
            .arg(&differences_csv),
    );
    assert_eq!(report["metric"], "comparison");
    assert_eq!(report["settings"]["score"], "verdict_score");
    let details = &report["details"];
    assert_eq!(
        (
            details["compared"].as_u64(),
            details["only_in_a"].as_u64(),
            details["only_in_b"].as_u64()
        ),
        (Some(450), Some(50), Some(0))
    );
    let items = details["items"].as_array().unwrap();
    assert_eq!(items.len(), 500);
    for ((item, (claim_a, a)), (claim_b, b)) in items.iter().zip(&items_a).zip(&items_b) {
        assert_eq!(
            (item["key"].as_str().unwrap(), claim_b.as_str()),
            (claim_a.as_str(), claim_a.as_str())
        );
        assert_eq!((&item["a"], &item["b"]), (a, b));
        assert!((value(&item["difference"]) - (value(b) - value(a))).abs() < 1e-12);
    }
    let last = &items[499];
    assert_eq!(
        (last["status"].as_str(), last["b"].is_null()),
        (Some("only_in_a"), true)
    );
    assert_eq!(last["b_null_reason"], "not in B");
    let mean = |values: Vec<f64>| values.iter().sum::<f64>() / values.len() as f64;
    let mean_a = mean(items_a.iter().take(450).map(|(_, v)| value(v)).collect());
    let mean_b = mean(items_b.iter().map(|(_, v)| value(v)).collect());
    let score = |name: &str| {
        value(
            &report["scores"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["name"] == name)
                .unwrap()["value"],
        )
    };
    assert!((score("mean_a") - mean_a).abs() < 1e-12);
    assert!((score("mean_b") - mean_b).abs() < 1e-12);
    assert!((score("mean_difference") - (mean_b - mean_a)).abs() < 1e-12);
    let (low, high) = (
        value(&details["interval"]["low"]),
        value(&details["interval"]["high"]),
    );
    assert!(
        0.0 < low && low < mean_b - mean_a && mean_b - mean_a < high,
        "{low} {high}"
    );
    assert_eq!(details["beyond_interval"], true);
    let csv = std::fs::read_to_string(&differences_csv).unwrap();
    assert_eq!(csv.lines().count(), 501);
    assert!(
        csv.starts_with("\"item\",\"status\",\"a\",\"b\",\"difference\",\"null_reasons\""),
        "{csv}"
    );

    // The readable table says the same in words.
    let out = lexeval()
        .args(["casefacts", "--gold", &gold, "--predictions"])
        .arg(&file_a)
        .arg("--versus")
        .arg(&file_b)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("mean B − A           {:.4}", mean_b - mean_a)),
        "{text}"
    );
    assert!(
        text.contains("items: 450 compared, 50 only in A, 0 only in B"),
        "{text}"
    );
    assert!(
        text.contains("… and 40 more (--items FILE lists every item)"),
        "{text}"
    );
    assert!(
        text.contains("B scores higher than A, beyond the interval"),
        "{text}"
    );
}

#[test]
fn files_without_a_common_claim_or_with_an_unknown_score_are_refused_in_plain_words() {
    let gold = shared_path("casefacts/test.json");
    let (a, _) = casefacts_systems();
    let (first, second) = (
        write_jsonl("first-half.jsonl", &a[..250]),
        write_jsonl("second-half.jsonl", &a[250..]),
    );
    let err = error_of(
        lexeval()
            .args(["casefacts", "--gold", &gold, "--predictions"])
            .arg(&first)
            .arg("--versus")
            .arg(&second),
    );
    assert!(
        err.contains("the two files have no item in common (250 items in A, 250 in B)"),
        "{err}"
    );
    let err = error_of(
        lexeval()
            .args([
                "casefacts",
                "--gold",
                &gold,
                "--compare-score",
                "gold_label",
                "--predictions",
            ])
            .arg(&first)
            .arg("--versus")
            .arg(&first),
    );
    assert!(err.contains("there is no score \"gold_label\" to compare; choose one of: verdict_correct, recall_at_5"), "{err}");
    // A score to compare needs a second system.
    let err = error_of(
        lexeval()
            .args([
                "casefacts",
                "--gold",
                &gold,
                "--compare-score",
                "evidence_score",
                "--predictions",
            ])
            .arg(&first),
    );
    assert!(
        err.contains("--compare-score needs a second system: --versus FILE"),
        "{err}"
    );
}

#[test]
fn legalsearchqa_versus_compares_correctness_by_question() {
    let questions = shared_path("legalsearchqa/legalsearchqa.json");
    let gold: Vec<Value> =
        serde_json::from_str(&shared_fixture("legalsearchqa/legalsearchqa.json")).unwrap();
    // A answers every question with its gold choice as a letter; B with choice 0 as a number, which is
    // right only where the gold is 0.
    let letter = |i: u64| char::from(b'A' + i as u8).to_string();
    let a: Vec<Value> = gold
        .iter()
        .map(|q| json!({"id": q["id"], "answer": letter(q["gold"].as_u64().unwrap())}))
        .collect();
    let b: Vec<Value> = gold
        .iter()
        .map(|q| json!({"id": q["id"], "answer": 0}))
        .collect();
    let report = json_output(
        lexeval()
            .args([
                "legalsearchqa",
                "--json",
                "--gold",
                &questions,
                "--predictions",
            ])
            .arg(write_jsonl("lsqa-a.jsonl", &a))
            .arg("--versus")
            .arg(write_jsonl("lsqa-b.jsonl", &b)),
    );
    assert_eq!(report["settings"]["score"], "correct");
    assert_eq!(report["details"]["key"], "id");
    let right_b = gold.iter().filter(|q| q["gold"] == 0).count() as f64 / gold.len() as f64;
    assert_eq!(report["scores"][0]["value"], 1.0);
    assert!((value(&report["scores"][1]["value"]) - right_b).abs() < 1e-12);
    assert!((value(&report["scores"][2]["value"]) + (1.0 - right_b)).abs() < 1e-12);
    assert!(value(&report["details"]["interval"]["high"]) < 0.0);
}

/// Brief pairs from tests/briefs: system A's generations, and system B's, which stop after the first
/// sentence of A's text.
fn brief_systems() -> (Vec<Value>, Vec<Value>) {
    let corpus = include_str!("../../../tests/briefs/bluebook_pairs.jsonl");
    let a: Vec<Value> = corpus
        .lines()
        .take(6)
        .map(|line| {
            let row: Value = serde_json::from_str(line).unwrap();
            json!({"id": row["id"], "reference": row["reference"], "generated": row["generated"]})
        })
        .collect();
    let b = a
        .iter()
        .map(|row| {
            let generated = row["generated"].as_str().unwrap();
            let first = generated.split_inclusive(". ").next().unwrap_or(generated);
            json!({"id": row["id"], "reference": row["reference"], "generated": first})
        })
        .collect();
    (a, b)
}

#[test]
fn pairs_versus_compares_each_pair_as_the_batch_scores_it() {
    let (a, b) = brief_systems();
    let (file_a, file_b) = (
        write_jsonl("briefs-a.jsonl", &a),
        write_jsonl("briefs-b.jsonl", &b),
    );
    let batch =
        |file: &Path| json_output(lexeval().args(["fresco", "--json", "--pairs"]).arg(file));
    let (batch_a, batch_b) = (batch(&file_a), batch(&file_b));
    let report = json_output(
        lexeval()
            .args([
                "fresco",
                "--json",
                "--compare-score",
                "citation_recall",
                "--pairs",
            ])
            .arg(&file_a)
            .arg("--versus")
            .arg(&file_b),
    );
    let score_index = batch_a["scores"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["name"] == "citation_recall")
        .unwrap();
    for (item, (item_a, item_b)) in report["details"]["items"].as_array().unwrap().iter().zip(
        batch_a["details"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .zip(batch_b["details"]["items"].as_array().unwrap()),
    ) {
        assert_eq!(item["key"], item_a["id"]);
        let (score_a, score_b) = (
            &item_a["scores"][score_index],
            &item_b["scores"][score_index],
        );
        assert_eq!(
            (&item["a"], &item["b"]),
            (&score_a["value"], &score_b["value"])
        );
        if let Some(reason) = score_a["null_reason"].as_str() {
            assert_eq!(item["a_null_reason"], reason);
        }
    }
    // B drops most citations: its citation recall is lower on average.
    assert!(value(&report["scores"][2]["value"]) < 0.0);

    // A file whose item carries another reference is another benchmark.
    let mut other = b.clone();
    other[2]["reference"] =
        json!("The plan administrator's decision is reviewed for abuse of discretion.");
    let err = error_of(
        lexeval()
            .args(["fresco", "--pairs"])
            .arg(&file_a)
            .arg("--versus")
            .arg(write_jsonl("briefs-other.jsonl", &other)),
    );
    assert!(
        err.contains(&format!(
            "different gold: item \"{}\" has a different reference text",
            a[2]["id"].as_str().unwrap()
        )),
        "{err}"
    );
}

#[test]
fn two_models_of_one_clerc_file_are_compared_by_idx() {
    let text = shared_fixture("clerc/gaze_gaps_generation_pairs.jsonl");
    let rows: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // The first two examples, each with both models' generations, llama3's rows first.
    let idx: Vec<&Value> = rows.iter().map(|r| &r["idx"]).take(2).collect();
    let mut chosen: Vec<Value> = rows
        .iter()
        .filter(|r| idx.contains(&&r["idx"]) && r["model"] == "llama3")
        .cloned()
        .collect();
    chosen.extend(
        rows.iter()
            .filter(|r| idx.contains(&&r["idx"]) && r["model"] == "gpt4o")
            .cloned(),
    );
    assert_eq!(chosen.len(), 4);
    let file = write_jsonl("clerc-two-models.jsonl", &chosen);
    let batch = json_output(lexeval().args(["fresco", "--json", "--pairs"]).arg(&file));
    let report = json_output(
        lexeval()
            .args(["fresco", "--json", "--pairs"])
            .arg(&file)
            .args(["--models", "gpt4o", "llama3"]),
    );
    assert_eq!(report["settings"]["a"], "gpt4o");
    assert_eq!(report["details"]["key"], "id");
    let score_name = report["settings"]["score"].as_str().unwrap();
    let of = |model: &str, id: &str| {
        batch["details"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|item| item["model"] == model && item["id"] == id.parse::<u64>().unwrap())
            .unwrap()["scores"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == score_name)
            .unwrap()["value"]
            .clone()
    };
    let items = report["details"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    for item in items {
        let key = item["key"].as_str().unwrap();
        assert_eq!(
            (&item["a"], &item["b"]),
            (&of("gpt4o", key), &of("llama3", key))
        );
    }
    let err = error_of(
        lexeval()
            .args(["fresco", "--pairs"])
            .arg(&file)
            .args(["--models", "gpt4o", "claude"]),
    );
    assert!(
        err.contains("no row has model \"claude\"; the file's models are: gpt4o, llama3"),
        "{err}"
    );
}
