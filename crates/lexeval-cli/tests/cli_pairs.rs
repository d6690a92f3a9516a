//! `lexeval fresco|pointwise --pairs`: every pair's scores are the single-pair run's, the aggregate leaves
//! undefined pairs out, and a malformed row is named by its line and field.

mod common;

use common::{json_output, lexeval, scratch, shared_fixture, write_jsonl};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The scores `lexeval COMMAND --json` gives for one pair, from two text files (named apart for every
/// call: the tests run in parallel and would otherwise overwrite each other's texts).
fn single_scores(command: &str, reference: &str, generated: &str) -> Value {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let (r, c) = (
        scratch(&format!("{command}-{call}-r.txt")),
        scratch(&format!("{command}-{call}-c.txt")),
    );
    std::fs::write(&r, reference).unwrap();
    std::fs::write(&c, generated).unwrap();
    json_output(
        lexeval()
            .arg(command)
            .arg("--json")
            .arg("-r")
            .arg(&r)
            .arg("-c")
            .arg(&c),
    )["scores"]
        .clone()
}

/// Three Bluebook brief pairs from tests/briefs, then a reference that cites nothing (L-FRESCO and
/// citation recall undefined).
fn brief_pairs() -> Vec<Value> {
    let corpus = include_str!("../../../tests/briefs/bluebook_pairs.jsonl");
    let mut rows: Vec<Value> = corpus
        .lines()
        .take(3)
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    rows.push(json!({
        "id": "uncited-reference",
        "reference": "The district court dismissed the complaint because the plaintiff never exhausted \
            the plan's internal appeal. Exhaustion is required before a participant may sue for benefits.",
        "generated": "The plaintiff did not exhaust the plan's appeal process, so the complaint was \
            dismissed. Diaz v. United Agric. Emp. Welfare Benefit Plan, 50 F.3d 1478, 1483 (9th Cir. 1995).",
    }));
    rows
}

#[test]
fn every_pair_scores_as_its_single_run_and_undefined_pairs_stay_out_of_the_mean() {
    let rows = brief_pairs();
    let pairs = write_jsonl("briefs.jsonl", &rows);
    for command in ["fresco", "pointwise"] {
        let items = scratch(&format!("{command}-items.csv"));
        let report = json_output(
            lexeval()
                .args([command, "--json", "--bootstrap-seed", "7", "--pairs"])
                .arg(&pairs)
                .arg("--items")
                .arg(&items),
        );
        assert_eq!(report["settings"]["bootstrap"]["seed"], 7);
        let batch_items = report["details"]["items"].as_array().unwrap();
        assert_eq!(batch_items.len(), rows.len());
        for (row, item) in rows.iter().zip(batch_items) {
            let single = single_scores(
                command,
                row["reference"].as_str().unwrap(),
                row["generated"].as_str().unwrap(),
            );
            assert_eq!(item["scores"], single, "{command} {}", row["id"]);
            assert_eq!(item["id"], row["id"]);
        }
        // Each headline is the mean over the pairs where it is defined, with the count said.
        for (index, score) in report["scores"].as_array().unwrap().iter().enumerate() {
            let values: Vec<f64> = batch_items
                .iter()
                .filter_map(|item| item["scores"][index]["value"].as_f64())
                .collect();
            let interval = &report["details"]["intervals"][index];
            assert_eq!(interval["defined"], values.len(), "{command} {score}");
            assert_eq!(interval["undefined"], rows.len() - values.len());
            if values.is_empty() {
                assert!(score["value"].is_null() && score["null_reason"].is_string());
                continue;
            }
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            assert!((score["value"].as_f64().unwrap() - mean).abs() < 1e-12);
            let (low, high) = (
                interval["low"].as_f64().unwrap(),
                interval["high"].as_f64().unwrap(),
            );
            assert!(
                low <= mean + 1e-12 && mean <= high + 1e-12,
                "{command} {score}"
            );
        }
        let csv = std::fs::read_to_string(&items).unwrap();
        assert_eq!(csv.lines().count(), rows.len() + 1, "{csv}");
        assert!(csv.starts_with("\"item\",\"id\",\"model\","), "{csv}");
    }
    // The uncited reference leaves L-FRESCO null for its pair, never 0, and out of the mean.
    let report = json_output(lexeval().args(["fresco", "--json", "--pairs"]).arg(&pairs));
    let uncited = &report["details"]["items"][3]["scores"][0];
    assert!(uncited["value"].is_null(), "{uncited}");
    assert!(uncited["null_reason"].is_string(), "{uncited}");
    let note = report["scores"][0]["note"].as_str().unwrap();
    assert!(
        note.ends_with("of 4 pairs; 1 undefined, left out"),
        "{note}"
    );
}

#[test]
fn a_brief_batch_counts_each_pairs_citations_to_check_in_its_items() {
    let reference = "Officers must secure a warrant before searching a cell phone. \
                     Riley v. California, 573 U.S. 373, 386 (2014).";
    // Riley's cite under another name with a pin of 999: one citation, two findings.
    let flagged = reference.replace("California, 573 U.S. 373, 386", "Texas, 573 U.S. 373, 999");
    let rows = [
        json!({"id": "flagged", "reference": reference, "generated": flagged}),
        json!({"id": "clean", "reference": reference, "generated": reference}),
    ];
    let pairs = write_jsonl("to-check.jsonl", &rows);
    let (csv, records) = (scratch("to-check.csv"), scratch("to-check.json"));
    let report = json_output(
        lexeval()
            .args(["fresco", "--json", "--pairs"])
            .arg(&pairs)
            .args(["--items"])
            .arg(&csv),
    );
    lexeval()
        .args(["fresco", "--pairs"])
        .arg(&pairs)
        .arg("--items")
        .arg(&records)
        .assert()
        .success();
    let csv = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        r#""item","id","model","l-fresco","citation_recall","citation_precision","to_check","null_reasons""#
    );
    assert!(lines[1].ends_with(",1,\"\""), "{csv}");
    assert!(lines[2].ends_with(",0,\"\""), "{csv}");
    // The records carry the count and the findings, typed as the single report's; a clean pair neither.
    let records: Value = serde_json::from_str(&std::fs::read_to_string(&records).unwrap()).unwrap();
    assert_eq!(records, report["details"]["items"]);
    assert_eq!(records[0]["to_check"], 1);
    let single = {
        let (r, c) = (scratch("to-check-r.txt"), scratch("to-check-c.txt"));
        std::fs::write(&r, reference).unwrap();
        std::fs::write(&c, &flagged).unwrap();
        json_output(
            lexeval()
                .arg("fresco")
                .arg("--json")
                .arg("-r")
                .arg(&r)
                .arg("-c")
                .arg(&c),
        )
    };
    assert_eq!(records[0]["integrity"], single["details"]["integrity"]);
    let clean = records[1].as_object().unwrap();
    assert!(!clean.contains_key("to_check") && !clean.contains_key("integrity"));
    // A summary batch checks no citations: no column.
    let summary_csv = scratch("to-check-summary.csv");
    lexeval()
        .args(["pointwise", "--pairs"])
        .arg(&pairs)
        .arg("--items")
        .arg(&summary_csv)
        .assert()
        .success();
    let summary = std::fs::read_to_string(&summary_csv).unwrap();
    assert!(!summary.contains("to_check"), "{summary}");
}

#[test]
fn clerc_generation_pairs_are_read_as_released() {
    let text = shared_fixture("clerc/gaze_gaps_generation_pairs.jsonl");
    let rows: Vec<Value> = text
        .lines()
        .take(2)
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let pairs = write_jsonl("clerc.jsonl", &rows);
    let report = json_output(lexeval().args(["fresco", "--json", "--pairs"]).arg(&pairs));
    for (row, item) in rows
        .iter()
        .zip(report["details"]["items"].as_array().unwrap())
    {
        assert_eq!(item["id"], row["idx"]);
        assert_eq!(item["model"], row["model"]);
        let single = single_scores(
            "fresco",
            row["gold_text"].as_str().unwrap(),
            row["generation"].as_str().unwrap(),
        );
        assert_eq!(item["scores"], single);
    }
}

#[test]
fn a_malformed_row_stops_the_run_naming_its_line_and_field() {
    let pairs = scratch("malformed.jsonl");
    std::fs::write(
        &pairs,
        "{\"reference\": \"A contract needs consideration.\", \"generated\": \"Consideration is needed.\"}\r\n\
         {\"reference\": \"A contract needs consideration.\", \"generated\": 5}\r\n",
    )
    .unwrap();
    let out = lexeval()
        .args(["fresco", "--pairs"])
        .arg(&pairs)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 2, field `generated`"), "{err}");
}
