//! `lexeval decompose` / `decompscore` against a scripted OpenAI-compatible server on 127.0.0.1.

use assert_cmd::Command;
use serde_json::{json, Value};

const KEY: &str = "sk-cli-SECRET-77";

/// Answers decomposition prompts with two bullets and support checks with a chatty "Yes".
fn serve() -> String {
    let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
    let port = server.server_addr().to_ip().unwrap().port();
    std::thread::spawn(move || {
        for mut request in server.incoming_requests() {
            let mut body = String::new();
            request.as_reader().read_to_string(&mut body).unwrap();
            let prompt: Value = serde_json::from_str(&body).unwrap();
            let prompt = prompt["messages"][0]["content"]
                .as_str()
                .unwrap_or_default();
            let content = if prompt.contains("Context:") {
                "The context says so. Yes"
            } else {
                "- The court ruled.\n- The ruling was in 2001."
            };
            let reply = json!({"choices": [{"message": {"content": content}}]}).to_string();
            let _ = request.respond(tiny_http::Response::from_string(reply));
        }
    });
    format!("http://127.0.0.1:{port}/v1")
}

fn lexeval(args: &[&str], endpoint: &str) -> std::process::Output {
    Command::cargo_bin("lexeval")
        .unwrap()
        .args(args)
        .args(["--endpoint", endpoint, "--model", "m", "--seed", "1"])
        .env("LEXEVAL_API_KEY", KEY)
        .write_stdin("The court ruled in 2001.")
        .output()
        .unwrap()
}

#[test]
fn decompose_prints_subclaims() {
    let out = lexeval(&["decompose", "-", "--method", "wice"], &serve());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "The court ruled in 2001.\n- The court ruled.\n- The ruling was in 2001.\n"
    );
}

#[test]
fn decompscore_json_is_a_report_without_the_key() {
    let out = lexeval(&["decompscore", "-", "--json"], &serve());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains(KEY));
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["metric"], "decompscore");
    assert_eq!(
        report["scores"][0],
        json!({"name": "decompscore", "value": 2.0})
    );
    assert_eq!(report["settings"]["method"], "rnd");
    assert_eq!(report["settings"]["llm"]["seed"], 1);
}

#[test]
fn unknown_method_is_a_clear_error() {
    let out = lexeval(
        &["decompose", "-", "--method", "magic"],
        "http://127.0.0.1:9/v1",
    );
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown decomposition method"), "{err}");
}

#[test]
fn decompscore_text_lists_scores_and_coherent_subclaims() {
    let out = lexeval(&["decompscore", "-", "--method", "chen"], &serve());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "decompscore  2\ncoherence    1\nsubclaims    2\ncoherent subclaims:\n- The court ruled.\n- The ruling was in 2001.\n"
    );
}

#[test]
fn missing_endpoint_is_a_clear_error() {
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .args(["decompose", "-"])
        .write_stdin("Text.")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--endpoint URL and --model NAME"), "{err}");
}

/// Answers every prompt with `answer`.
fn serve_constant(answer: &'static str) -> String {
    let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
    let port = server.server_addr().to_ip().unwrap().port();
    std::thread::spawn(move || {
        for request in server.incoming_requests() {
            let reply = json!({"choices": [{"message": {"content": answer}}]}).to_string();
            let _ = request.respond(tiny_http::Response::from_string(reply));
        }
    });
    format!("http://127.0.0.1:{port}/v1")
}

/// `lexeval <subcommand> --similarity llm --json -r reference -c candidate` against an endpoint that always
/// answers `answer`; the report, checked to hold no key.
fn judged_report(subcommand: &str, texts: (&str, &str), answer: &'static str) -> Value {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let reference = dir.join(format!("{subcommand}-llm-reference.txt"));
    let candidate = dir.join(format!("{subcommand}-llm-candidate.txt"));
    std::fs::write(&reference, texts.0).unwrap();
    std::fs::write(&candidate, texts.1).unwrap();
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .args([subcommand, "--similarity", "llm", "--json", "-r"])
        .arg(&reference)
        .arg("-c")
        .arg(&candidate)
        .args(["--endpoint", &serve_constant(answer), "--model", "m"])
        .env("LEXEVAL_API_KEY", KEY)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains(KEY));
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["settings"]["similarity"], "llm");
    report
}

#[test]
fn fresco_with_llm_similarity_counts_judged_pairs() {
    let texts = (
        "Fees are discretionary. Hardt v. Reliance, 560 U.S. 242 (2010).",
        "Courts may award fees. Hardt v. Reliance, 560 U.S. 242 (2010).",
    );
    for (answer, expected) in [("Yes", 1.0), ("No", 0.0)] {
        let report = judged_report("fresco", texts, answer);
        assert_eq!(report["score"], json!(expected), "{answer}");
    }
}

#[test]
fn pointwise_with_llm_judge_asks_the_top_candidates_and_breaks_ties() {
    let summary = "The court granted the motion. The case was dismissed.";
    for (answer, expected) in [("Both say the same. Yes", 1.0), ("They differ. No", 0.0)] {
        let report = judged_report("pointwise", (summary, summary), answer);
        let score = |name: &str| {
            report["scores"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["name"] == name)
                .unwrap()["value"]
                .as_f64()
        };
        assert_eq!(score("pointwise_recall"), Some(expected));
        assert_eq!(score("pointwise_precision"), Some(expected));
        // 2 × 2 points, all within the top 5: four A.4 questions; with every pair matched, one A.5
        // tie-break (its answer names no number, so the first reference is taken, error kept).
        let exchanges = report["details"]["llm_exchanges"].as_array().unwrap();
        let tiebreaks = if expected == 1.0 { 1 } else { 0 };
        assert_eq!(exchanges.len(), 4 + tiebreaks);
    }
}

#[test]
fn casefacts_llm_baseline_predicts_and_scores_with_every_exchange() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let gold = dir.join("casefacts-llm-gold.json");
    let item = |label: &str| {
        json!({"claim": "Geographic restrictions between competitors are illegal.",
               "case_name": ["United States v. Sealy, Inc."],
               "overruling_case": "Continental T. V., Inc. v. GTE Sylvania Inc.", "label": label})
    };
    std::fs::write(&gold, json!([item("Overruled")]).to_string()).unwrap();
    let answer = r#"Sealy was overruled. {"verdict": "Overruled", "cases": ["United States v. Sealy, Inc."], "explanation": "GTE Sylvania."}"#;
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .args(["casefacts", "--llm-baseline", "--json", "--gold"])
        .arg(&gold)
        .args(["--endpoint", &serve_constant(answer), "--model", "m"])
        .env("LEXEVAL_API_KEY", KEY)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains(KEY));
    let report: Value = serde_json::from_str(&text).unwrap();
    let value = |name: &str| {
        report["scores"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap()["value"]
            .clone()
    };
    assert_eq!(value("verdict_accuracy"), json!(1.0));
    let baseline = &report["details"]["llm_baseline"][0];
    assert_eq!(baseline["verdict"], "Overruled");
    assert!(baseline["exchange"]["prompt"]
        .as_str()
        .unwrap()
        .contains("Continental T. V."));
}

#[test]
fn legalsearchqa_judge_rates_each_answer_by_majority() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let gold = dir.join("lsqa-llm-gold.json");
    let predictions = dir.join("lsqa-llm-predictions.jsonl");
    std::fs::write(
        &gold,
        json!([{"id": "q1", "question": "Is a verbal lease valid?", "choices": ["Yes", "No"], "gold": 0}])
            .to_string(),
    )
    .unwrap();
    std::fs::write(
        &predictions,
        "{\"id\": \"q1\", \"answer\": 0, \"explanation\": \"Statute of frauds.\"}\n",
    )
    .unwrap();
    let answer =
        r#"{"rating": "high", "reasons": ["accurate", "grounded", "clear", "calibrated"]}"#;
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .args(["legalsearchqa", "--judge", "3", "--json", "--gold"])
        .arg(&gold)
        .arg("--predictions")
        .arg(&predictions)
        .args(["--endpoint", &serve_constant(answer), "--model", "m"])
        .env("LEXEVAL_API_KEY", KEY)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(&String::from_utf8(out.stdout).unwrap()).unwrap();
    let value = |name: &str| {
        report["scores"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap()["value"]
            .clone()
    };
    assert_eq!(value("accuracy"), json!(1.0));
    assert_eq!(value("judge_high"), json!(1.0));
    assert_eq!(value("judge_low"), json!(0.0));
    let judgment = &report["details"]["judge"][0]["judgment"];
    assert_eq!(judgment["rating"], "high");
    assert_eq!(judgment["votes"].as_array().unwrap().len(), 3);
    assert!(judgment["votes"][0]["exchange"]["prompt"]
        .as_str()
        .unwrap()
        .contains("Statute of frauds."));
}
