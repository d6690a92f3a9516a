//! `lexeval decompose` / `decompscore` against a scripted OpenAI-compatible server on 127.0.0.1.

use assert_cmd::Command;
use serde_json::{json, Value};

const KEY: &str = "sk-cli-SECRET-77";

/// A scripted OpenAI-compatible endpoint on loopback: `reply` answers each request body.
fn serve_with(reply: impl Fn(&str) -> Reply + Send + 'static) -> String {
    let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
    let port = server.server_addr().to_ip().unwrap().port();
    std::thread::spawn(move || {
        for mut request in server.incoming_requests() {
            let mut body = String::new();
            request.as_reader().read_to_string(&mut body).unwrap();
            let _ = request.respond(reply(&body));
        }
    });
    format!("http://127.0.0.1:{port}/v1")
}

type Reply = tiny_http::Response<std::io::Cursor<Vec<u8>>>;

/// A chat completion whose message is `content`.
fn chat_reply(content: &str) -> Reply {
    tiny_http::Response::from_string(
        json!({"choices": [{"message": {"content": content}}]}).to_string(),
    )
}

/// Answers decomposition prompts with two bullets and support checks with a chatty "Yes".
fn serve() -> String {
    serve_with(|body| {
        let prompt: Value = serde_json::from_str(body).unwrap();
        let prompt = prompt["messages"][0]["content"]
            .as_str()
            .unwrap_or_default();
        chat_reply(if prompt.contains("Context:") {
            "The context says so. Yes"
        } else {
            "- The court ruled.\n- The ruling was in 2001."
        })
    })
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
    serve_with(move |_| chat_reply(answer))
}

/// `lexeval ARGS --json` against `endpoint`, files named in ARGS written first from `files` (name → contents,
/// in `CARGO_TARGET_TMPDIR`); the report, checked to hold no key.
fn report_with_endpoint(args: &[&str], files: &[(&str, &str)], endpoint: &str) -> Value {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (name, contents) in files {
        std::fs::write(dir.join(name), contents).unwrap();
    }
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .arg("--json")
        .args(["--endpoint", endpoint, "--model", "m"])
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
    serde_json::from_str(&text).unwrap()
}

/// `lexeval <subcommand> --similarity llm -r reference -c candidate` against `endpoint`, the texts written
/// to files named after `name` (tests run side by side in one folder).
fn judged_report(endpoint: &str, subcommand: &str, name: &str, texts: (&str, &str)) -> Value {
    let (reference, candidate) = (format!("{name}-r.txt"), format!("{name}-c.txt"));
    let args = [
        subcommand,
        "--similarity",
        "llm",
        "-r",
        &reference,
        "-c",
        &candidate,
    ];
    let files = [(reference.as_str(), texts.0), (candidate.as_str(), texts.1)];
    let report = report_with_endpoint(&args, &files, endpoint);
    assert_eq!(report["settings"]["similarity"], "llm");
    report
}

/// The value of the score `name` in a report.
fn score(report: &Value, name: &str) -> Value {
    report["scores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap()["value"]
        .clone()
}

#[test]
fn fresco_with_llm_similarity_counts_judged_pairs() {
    let texts = (
        "Fees are discretionary. Hardt v. Reliance, 560 U.S. 242 (2010).",
        "Courts may award fees. Hardt v. Reliance, 560 U.S. 242 (2010).",
    );
    for (answer, expected) in [("Yes", 1.0), ("No", 0.0)] {
        let report = judged_report(&serve_constant(answer), "fresco", "fresco-llm", texts);
        assert_eq!(score(&report, "l-fresco"), json!(expected), "{answer}");
        // Like the page, the report keeps the endpoint settings and every prompt with its raw answer.
        assert_eq!(report["details"]["llm"]["model"], "m");
        let exchanges = report["details"]["llm_exchanges"].as_array().unwrap();
        assert_eq!(exchanges.len(), 1);
        assert_eq!(exchanges[0]["answer"], answer);
        assert!(exchanges[0]["prompt"]
            .as_str()
            .unwrap()
            .contains("Courts may award fees."));
    }
}

#[test]
fn a_pairs_batch_shares_one_answer_cache_and_records_the_endpoint() {
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = asked.clone();
    let endpoint = serve_with(move |_| {
        counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        chat_reply("Yes")
    });
    // The same brief pair twice: the second pair's prompt is answered from the batch's cache.
    let row = json!({
        "reference": "Fees are discretionary. Hardt v. Reliance, 560 U.S. 242 (2010).",
        "generated": "Courts may award fees. Hardt v. Reliance, 560 U.S. 242 (2010).",
    });
    let file = format!("{row}\n{row}\n");
    let report = report_with_endpoint(
        &[
            "fresco",
            "--similarity",
            "llm",
            "--pairs",
            "llm-pairs.jsonl",
        ],
        &[("llm-pairs.jsonl", &file)],
        &endpoint,
    );
    assert_eq!(asked.load(std::sync::atomic::Ordering::SeqCst), 1);
    assert_eq!(report["settings"]["llm"]["model"], "m");
    assert_eq!(score(&report, "l-fresco"), json!(1.0));
    for item in report["details"]["items"].as_array().unwrap() {
        assert_eq!(item["scores"][0]["value"], json!(1.0));
    }
}

#[test]
fn the_llm_seed_reaches_every_request_and_the_report_apart_from_the_bootstrap_seed() {
    let sent = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = sent.clone();
    let endpoint = serve_with(move |body| {
        let body: Value = serde_json::from_str(body).unwrap();
        log.lock().unwrap().push(body["seed"].clone());
        chat_reply("Yes")
    });
    let row = json!({
        "reference": "Fees are discretionary. Hardt v. Reliance, 560 U.S. 242 (2010).",
        "generated": "Courts may award fees. Hardt v. Reliance, 560 U.S. 242 (2010).",
    });
    let report = report_with_endpoint(
        &[
            "fresco",
            "--similarity",
            "llm",
            "--pairs",
            "llm-seed-pairs.jsonl",
            "--llm-seed",
            "7",
            "--bootstrap-seed",
            "3",
        ],
        &[("llm-seed-pairs.jsonl", &format!("{row}\n"))],
        &endpoint,
    );
    assert_eq!(*sent.lock().unwrap(), [json!(7)]);
    assert_eq!(report["settings"]["llm"]["seed"], 7);
    assert_eq!(report["settings"]["bootstrap"]["seed"], 3);
    // Where both seeds exist, a bare `--seed` would be ambiguous: refused, not guessed.
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .args(["fresco", "--pairs", "llm-seed-pairs.jsonl", "--seed", "7"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unexpected argument '--seed'"), "{err}");
}

#[test]
fn pointwise_with_llm_judge_asks_the_top_candidates_and_breaks_ties() {
    let summary = "The court granted the motion. The case was dismissed.";
    for (answer, expected) in [("Both say the same. Yes", 1.0), ("They differ. No", 0.0)] {
        let report = judged_report(
            &serve_constant(answer),
            "pointwise",
            "pointwise-llm",
            (summary, summary),
        );
        assert_eq!(score(&report, "pointwise_recall"), json!(expected));
        assert_eq!(score(&report, "pointwise_precision"), json!(expected));
        // 2 × 2 points, all within the top 5: four A.4 questions; with every pair matched, one A.5
        // tie-break (its answer names no number, so the first reference is taken, error kept).
        let exchanges = report["details"]["llm_exchanges"].as_array().unwrap();
        let tiebreaks = if expected == 1.0 { 1 } else { 0 };
        assert_eq!(exchanges.len(), 4 + tiebreaks);
    }
}

#[test]
fn casefacts_llm_baseline_predicts_and_scores_with_every_exchange() {
    let gold = json!([{"claim": "Geographic restrictions between competitors are illegal.",
                       "case_name": ["United States v. Sealy, Inc."],
                       "overruling_case": "Continental T. V., Inc. v. GTE Sylvania Inc.",
                       "label": "Overruled"}])
    .to_string();
    let answer = r#"Sealy was overruled. {"verdict": "Overruled", "cases": ["United States v. Sealy, Inc."], "explanation": "GTE Sylvania."}"#;
    let report = report_with_endpoint(
        &[
            "casefacts",
            "--llm-baseline",
            "--gold",
            "casefacts-llm-gold.json",
        ],
        &[("casefacts-llm-gold.json", &gold)],
        &serve_constant(answer),
    );
    assert_eq!(score(&report, "verdict_accuracy"), json!(1.0));
    let baseline = &report["details"]["llm_baseline"][0];
    assert_eq!(baseline["verdict"], "Overruled");
    assert!(baseline["exchange"]["prompt"]
        .as_str()
        .unwrap()
        .contains("Continental T. V."));
}

#[test]
fn legalsearchqa_judge_rates_each_answer_by_majority() {
    let gold = json!([{"id": "q1", "question": "Is a verbal lease valid?", "choices": ["Yes", "No"], "gold": 0}])
        .to_string();
    let predictions = "{\"id\": \"q1\", \"answer\": 0, \"explanation\": \"Statute of frauds.\"}\n";
    let answer =
        r#"{"rating": "high", "reasons": ["accurate", "grounded", "clear", "calibrated"]}"#;
    let report = report_with_endpoint(
        &[
            "legalsearchqa",
            "--judge",
            "3",
            "--gold",
            "lsqa-llm-gold.json",
            "--predictions",
            "lsqa-llm-predictions.jsonl",
        ],
        &[
            ("lsqa-llm-gold.json", &gold),
            ("lsqa-llm-predictions.jsonl", predictions),
        ],
        &serve_constant(answer),
    );
    assert_eq!(score(&report, "accuracy"), json!(1.0));
    assert_eq!(score(&report, "judge_high"), json!(1.0));
    assert_eq!(score(&report, "judge_low"), json!(0.0));
    let judgment = &report["details"]["judge"][0]["judgment"];
    assert_eq!(judgment["rating"], "high");
    assert_eq!(judgment["votes"].as_array().unwrap().len(), 3);
    assert!(judgment["votes"][0]["exchange"]["prompt"]
        .as_str()
        .unwrap()
        .contains("Statute of frauds."));
}

/// Answers "Yes" to every prompt except those containing `failing`, which get HTTP 500 (after retries, a
/// failed judgement).
fn serve_failing_on(failing: &'static str) -> String {
    serve_with(move |body| {
        if body.contains(failing) {
            tiny_http::Response::from_string("upstream overloaded").with_status_code(500)
        } else {
            chat_reply("Same holding. Yes")
        }
    })
}

const TWO_AUTHORITIES: &str = "Fees are discretionary. Hardt v. Reliance, 560 U.S. 242 (2010). \
    A denial of benefits is reviewed de novo. Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101 (1989).";

#[test]
fn fresco_is_null_with_the_first_error_when_every_llm_judgement_fails() {
    let report = judged_report(
        &serve_failing_on("Generated"),
        "fresco",
        "all-fail",
        (TWO_AUTHORITIES, TWO_AUTHORITIES),
    );
    assert_eq!(report["scores"][0]["value"], Value::Null);
    let reason = report["scores"][0]["null_reason"].as_str().unwrap();
    assert!(
        reason.starts_with("every LLM judgement failed: "),
        "{reason}"
    );
    assert!(reason.contains("500"), "{reason}");
    assert_eq!(report["details"]["failed_pairs"], 2);
    assert_eq!(report["details"]["judged_pairs"], 0);
}

#[test]
fn fresco_scores_the_judged_half_and_notes_the_failed_one() {
    let report = judged_report(
        &serve_failing_on("de novo"),
        "fresco",
        "half-fail",
        (TWO_AUTHORITIES, TWO_AUTHORITIES),
    );
    assert_eq!(report["scores"][0]["value"], json!(1.0));
    let note = report["scores"][0]["note"].as_str().unwrap();
    assert!(
        note.starts_with("over 1 of 2 reference pairs: 1 LLM judgement failed"),
        "{note}"
    );
    // 1 over the judged pair; 0.5 or 1 over both, had the failed one been judged.
    assert_eq!(
        report["scores"][0]["bounds"],
        json!({"lower": 0.5, "upper": 1.0})
    );
    assert_eq!(report["details"]["failed_pairs"], 1);
    assert_eq!(report["details"]["judged_pairs"], 1);
    assert_eq!(report["details"]["unjudged_reference_pairs"], 1);
}

#[test]
fn pointwise_llm_failures_leave_points_unjudged_not_unmatched() {
    let summary = "The court granted the motion to dismiss. The claim was time-barred under ERISA.";
    let report = judged_report(
        &serve_failing_on("point"),
        "pointwise",
        "pw-fail",
        (summary, summary),
    );
    let recall = &report["scores"][0];
    assert_eq!(recall["value"], Value::Null);
    assert!(recall["null_reason"]
        .as_str()
        .unwrap()
        .starts_with("every LLM judgement failed"));
    assert_eq!(report["details"]["failed_pairs"], 4);
}

/// Answers a point-extraction prompt with its paragraph's parts around " and ", one "- " line each, and
/// counts the requests.
fn serve_points(asked: std::sync::Arc<std::sync::atomic::AtomicUsize>) -> String {
    serve_with(move |body| {
        asked.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let body: Value = serde_json::from_str(body).unwrap();
        let prompt = body["messages"][0]["content"].as_str().unwrap_or_default();
        let paragraph = prompt.rsplit("Paragraph: ").next().unwrap_or_default();
        let points: Vec<String> = paragraph
            .trim()
            .split(" and ")
            .map(|part| format!("- {part}"))
            .collect();
        chat_reply(&points.join("\n"))
    })
}

const POINTS_REFERENCE: &str =
    "The court granted the motion and dismissed the case.\n\nCosts went to the plaintiff.";

#[test]
fn pointwise_points_by_llm_are_extracted_recorded_and_cached() {
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let endpoint = serve_points(asked.clone());
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("llm-points-cache");
    let _ = std::fs::remove_dir_all(&cache);
    let args = [
        "pointwise",
        "--points",
        "llm",
        "-r",
        "llm-points-r.txt",
        "-c",
        "llm-points-c.txt",
        "--cache-dir",
        cache.to_str().unwrap(),
    ];
    let files = [
        ("llm-points-r.txt", POINTS_REFERENCE),
        ("llm-points-c.txt", "The court granted the motion."),
    ];
    let report = report_with_endpoint(&args, &files, &endpoint);
    // One prompt per paragraph: two of the reference, one of the candidate.
    assert_eq!(asked.load(std::sync::atomic::Ordering::SeqCst), 3);
    assert_eq!(report["settings"]["points"], "llm");
    assert_eq!(report["details"]["llm"]["model"], "m");
    let points: Vec<&str> = report["details"]["reference_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        points,
        [
            "The court granted the motion",
            "dismissed the case.",
            "Costs went to the plaintiff."
        ]
    );
    let exchanges = report["details"]["llm_exchanges"].as_array().unwrap();
    assert_eq!(exchanges.len(), 3);
    assert!(exchanges[1]["prompt"]
        .as_str()
        .unwrap()
        .ends_with("Paragraph: Costs went to the plaintiff."));
    assert_eq!(exchanges[1]["answer"], "- Costs went to the plaintiff.");
    assert_eq!(score(&report, "pointwise_precision"), json!(1.0));
    // A second run reads every answer from the cache: the same report, no request.
    let again = report_with_endpoint(&args, &files, &endpoint);
    assert_eq!(asked.load(std::sync::atomic::Ordering::SeqCst), 3);
    assert_eq!(again, report);
}

#[test]
fn pointwise_points_by_llm_need_the_endpoint_and_fail_to_null_scores() {
    let args = [
        "pointwise",
        "--points",
        "llm",
        "-r",
        "llm-points-fail-r.txt",
        "-c",
        "llm-points-fail-c.txt",
    ];
    let files = [
        ("llm-points-fail-r.txt", POINTS_REFERENCE),
        ("llm-points-fail-c.txt", "The court granted the motion."),
    ];
    let report = report_with_endpoint(&args, &files, &serve_failing_on("Split"));
    for name in ["pointwise_recall", "pointwise_precision"] {
        assert_eq!(score(&report, name), Value::Null, "{name}");
    }
    let reason = report["scores"][0]["null_reason"].as_str().unwrap();
    assert!(
        reason.starts_with(
            "the reference summary's points could not be extracted by the LLM (paragraph 1): "
        ),
        "{reason}"
    );
    assert!(reason.contains("500"), "{reason}");
    let exchanges = report["details"]["llm_exchanges"].as_array().unwrap();
    assert_eq!(exchanges.len(), 3);
    assert!(exchanges.iter().all(|e| e["error"].is_string()));
    // Without the endpoint flags it is refused, not scored by the sentences.
    let out = Command::cargo_bin("lexeval")
        .unwrap()
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .args(args)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--endpoint URL and --model NAME"), "{err}");
}
