mod common;

use common::{json_output, lexeval};

#[test]
fn help_lists_subcommands() {
    let out = lexeval().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("show"), "{text}");
}

#[test]
fn unknown_subcommand_is_a_clear_error() {
    let out = lexeval().arg("frobnicate").output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unrecognized subcommand"), "{err}");
}

#[test]
fn show_rejects_a_file_that_is_not_a_report() {
    let out = lexeval()
        .args(["show", "-"])
        .write_stdin("{\"not\": 1}")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("is not a lexeval score report"), "{err}");
}

#[test]
fn show_prints_scores_and_null_reasons() {
    let report = r#"{"schema_version":1,"metric":"rouge","metric_version":"1","settings":{},
        "scores":[{"name":"rouge1","value":0.25},{"name":"rougeL","value":null,"null_reason":"empty"}],"details":null}"#;
    let out = lexeval()
        .args(["show", "-"])
        .write_stdin(report)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("rouge1") && text.contains("0.2500"), "{text}");
    assert!(text.contains("n/a (empty)"), "{text}");
}

#[test]
fn fresco_and_pointwise_reject_two_stdins_and_a_threshold_out_of_range() {
    for command in ["fresco", "pointwise"] {
        for (args, message) in [
            (
                ["-r", "-", "-c", "-", "--threshold", "0.5"],
                "only one of --reference and --candidate",
            ),
            (
                ["-r", "-", "-c", "x", "--threshold", "1.5"],
                "--threshold must be between 0 and 1, got 1.5",
            ),
        ] {
            let out = lexeval().arg(command).args(args).output().unwrap();
            assert_eq!(out.status.code(), Some(1), "{command}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains(message), "{command}: {err}");
        }
    }
}

#[test]
fn pointwise_defaults_to_the_pages_rouge_l_and_takes_rouge_2() {
    let reference =
        "The court of appeals reversed the judgment. The case was remanded for damages.";
    let candidate = "The appeals court reversed. Damages were remanded.";
    let report = |extra: &[&str]| -> serde_json::Value {
        let dir = std::env::temp_dir().join(format!("lexeval-pointwise-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let candidate_path = dir.join("candidate.txt");
        std::fs::write(&candidate_path, candidate).unwrap();
        json_output(
            lexeval()
                .args(["pointwise", "--json", "-r", "-", "-c"])
                .arg(&candidate_path)
                .args(extra)
                .write_stdin(reference),
        )
    };
    let default = report(&[]);
    assert_eq!(default["settings"]["similarity"], "rougeL");
    assert_eq!(default, report(&["--similarity", "rougeL"]));
    let rouge2 = report(&["--similarity", "rouge2"]);
    assert_eq!(rouge2["settings"]["similarity"], "rouge2");
    assert_ne!(
        rouge2["details"]["similarity"],
        default["details"]["similarity"]
    );
}

#[test]
fn pointwise_takes_points_per_paragraph_and_the_other_relevant_option() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    // A.2: the court restates a background point; the candidate makes it once.
    let point = "The appellant failed to claim financial relief under the foreign law.";
    let reference = serde_json::json!([
        {"paragraph": point, "points": [point]},
        {"paragraph": format!("As noted, {point}"), "points": [point]},
    ]);
    let candidate = serde_json::json!([{"paragraph": point, "points": [point]}]);
    std::fs::write(dir.join("points-r.json"), reference.to_string()).unwrap();
    std::fs::write(dir.join("points-c.json"), candidate.to_string()).unwrap();
    std::fs::write(dir.join("points-text.txt"), point).unwrap();
    let recall = |extra: &[&str]| -> serde_json::Value {
        let report = json_output(
            lexeval()
                .current_dir(dir)
                .args([
                    "pointwise",
                    "--json",
                    "-r",
                    "points-text.txt",
                    "-c",
                    "points-text.txt",
                ])
                .args([
                    "--reference-points",
                    "points-r.json",
                    "--candidate-points",
                    "points-c.json",
                ])
                .args(extra),
        );
        assert_eq!(
            report["details"]["reference_points"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
        report["scores"][0]["value"].clone()
    };
    assert_eq!(recall(&[]), serde_json::json!(0.5));
    assert_eq!(
        recall(&["--other-relevant", "partial"]),
        serde_json::json!(0.75)
    );
}

#[test]
fn generalized_fresco_matches_citations_unless_told_to_match_claims() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let reference = "An officer who exercises control over plan assets is a fiduciary. \
        Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). \
        A denial of benefits is reviewed de novo unless the plan grants discretion. \
        Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989).";
    let swapped = "An officer who exercises control over plan assets is a fiduciary. \
        Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989). \
        A denial of benefits is reviewed de novo unless the plan grants discretion. \
        Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995).";
    std::fs::write(dir.join("swapped-r.txt"), reference).unwrap();
    std::fs::write(dir.join("swapped-c.txt"), swapped).unwrap();
    let fresco = |extra: &[&str]| -> serde_json::Value {
        let report = json_output(
            lexeval()
                .current_dir(dir)
                .args([
                    "fresco",
                    "--generalized",
                    "--json",
                    "-r",
                    "swapped-r.txt",
                    "-c",
                    "swapped-c.txt",
                ])
                .args(extra),
        );
        report["scores"][0]["value"].clone()
    };
    assert_eq!(fresco(&[]), serde_json::json!(0.0));
    assert_eq!(
        fresco(&["--generalized-match", "claims"]),
        serde_json::json!(1.0)
    );
}

#[test]
fn decompscore_from_precomputed_judgements_needs_no_endpoint() {
    let lines = [
        r#"{"passage": "marbury", "sentence": "Marbury v. Madison (1803) established judicial review.", "subclaim": "Marbury v. Madison was decided in 1803.", "supported": true}"#,
        r#"{"passage": "marbury", "sentence": "Marbury v. Madison (1803) established judicial review.", "subclaim": "Marbury v. Madison established judicial review.", "supported": true}"#,
        r#"{"passage": "gideon", "sentence": "Gideon v. Wainwright (1963) guaranteed counsel.", "subclaim": "Gideon v. Wainwright was decided by Congress.", "supported": false}"#,
    ];
    let report = json_output(
        lexeval()
            .args(["decompscore", "-", "--precomputed", "--json"])
            .write_stdin(lines.join("\n")),
    );
    // (2 + 0) / 2 passages.
    assert_eq!(
        report["scores"][0],
        serde_json::json!({"name": "decompscore", "value": 1.0})
    );
    assert_eq!(report["settings"]["precomputed"], true);
}

#[test]
fn decompscore_precomputed_accepts_a_passage_without_subclaims() {
    let lines = [
        r#"{"passage": "marbury", "sentence": "Marbury v. Madison (1803) established judicial review.", "subclaim": "Marbury v. Madison was decided in 1803.", "supported": true}"#,
        r#"{"passage": "gideon", "sentence": "Gideon v. Wainwright (1963) guaranteed counsel.", "subclaim": null, "supported": null}"#,
        r#"{"passage": "miranda", "sentence": "Miranda."}"#,
    ];
    let report = json_output(
        lexeval()
            .args(["decompscore", "-", "--precomputed", "--json"])
            .write_stdin(lines.join("\n")),
    );
    // (1 + 0 + 0) / 3 passages, and 1 subclaim over 3 passages.
    assert_eq!(report["scores"][0]["value"], serde_json::json!(1.0 / 3.0));
    assert_eq!(report["scores"][2]["value"], serde_json::json!(1.0 / 3.0));
    assert_eq!(report["details"]["passages"].as_array().unwrap().len(), 3);
}

#[test]
fn calibrate_chooses_the_rouge_l_default_and_scores_a_fixed_threshold() {
    let pairs = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/calibration/legal_claim_pairs.jsonl"
    );
    let report = |extra: &[&str]| -> serde_json::Value {
        json_output(
            lexeval()
                .args([
                    "calibrate",
                    "--json",
                    "--pairs",
                    pairs,
                    "--similarity",
                    "rougeL",
                ])
                .args(extra),
        )
    };
    let chosen = report(&[]);
    let threshold = chosen["scores"][0]["value"].as_f64().unwrap();
    assert!((threshold - 0.40).abs() < 0.005, "{threshold}");
    assert_eq!(chosen["details"]["labels"]["full"], 16);
    // A threshold above every paraphrase misses them all: recall 0.
    let strict = report(&["--threshold", "0.99"]);
    assert_eq!(strict["metric"], "step2");
    let recall = strict["scores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "reference_recall")
        .unwrap();
    assert_eq!(recall["value"], serde_json::json!(0.0));
}

#[test]
fn casefacts_reads_predictions_as_a_json_array_with_bom_and_crlf_and_writes_items() {
    let fixtures = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/benchmarks/"
    );
    let gold = format!("{fixtures}casefacts.gold.json");
    let lines = format!("{fixtures}casefacts.predictions.jsonl");
    let dir = std::env::temp_dir().join(format!("lexeval-cli-items-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The same predictions as people save them: a JSON array, a byte-order mark, CRLF line ends.
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(&lines)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let array = dir.join("predictions.json");
    let pretty = serde_json::to_string_pretty(&rows).unwrap();
    std::fs::write(&array, format!("\u{feff}{}", pretty.replace('\n', "\r\n"))).unwrap();
    let items = dir.join("items.csv");
    let from_lines = json_output(lexeval().args([
        "casefacts",
        "--gold",
        &gold,
        "--predictions",
        &lines,
        "--json",
    ]));
    let from_array = json_output(
        lexeval()
            .args(["casefacts", "--gold", &gold, "--predictions"])
            .arg(&array)
            .arg("--items")
            .arg(&items)
            .arg("--json"),
    );
    assert_eq!(from_lines, from_array);
    let csv = std::fs::read_to_string(&items).unwrap();
    let claims = from_array["details"]["claims"].as_array().unwrap();
    assert_eq!(csv.lines().count(), claims.len() + 1);
    assert!(
        csv.starts_with("\"claim\",\"gold_label\",\"predicted_verdict\""),
        "{csv}"
    );

    // A wrong type names the line and the field.
    std::fs::write(
        &array,
        "[\n {\"claim\": \"A\",\n  \"predicted_cases\": \"Roe v. Wade\"}\n]",
    )
    .unwrap();
    let out = lexeval()
        .args(["casefacts", "--gold", &gold, "--predictions"])
        .arg(&array)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 3, field `predicted_cases`: invalid type"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A brief paragraph with a parallel cite, Id., a short form, a statute and a treatise supra.
const NAMED_AUTHORITIES: &str = "A fiduciary who breaches a duty is liable. Mertens v. Hewitt Assocs., 508 U.S. \
248, 251, 113 S. Ct. 2063 (1993). Relief under 29 U.S.C. § 1132(a)(3) is equitable. Id. at 256. Courts read \
the remedy narrowly. Mertens, 508 U.S. at 260; see also 1 Dan B. Dobbs, Law of Remedies § 4.1 (2d ed. 1993). \
The same limit applies to trustees. Dobbs, supra, § 4.2.\n";

#[test]
fn cite_and_claims_name_each_authority_for_readers() {
    let cite = lexeval()
        .arg("cite")
        .write_stdin(NAMED_AUTHORITIES)
        .output()
        .unwrap();
    assert!(cite.status.success());
    let cite = String::from_utf8(cite.stdout).unwrap();
    let names: Vec<&str> = cite
        .lines()
        .map(|line| line.rsplit('\t').next().unwrap())
        .collect();
    // Both parallel cites and the short form are Mertens, named as readers know it; the Id. after the
    // statute is the statute; the supra is a section of Dobbs' treatise.
    assert_eq!(
        names
            .iter()
            .filter(|n| n.starts_with("Mertens v. Hewitt Assocs., 508 U.S. 248"))
            .count(),
        3,
        "{cite}"
    );
    assert!(
        names.iter().any(|n| n.contains("29 U.S.C. § 1132")),
        "{cite}"
    );
    assert!(
        !cite.contains("case:") && !cite.contains("short:"),
        "{cite}"
    );

    let claims = lexeval()
        .arg("claims")
        .write_stdin(NAMED_AUTHORITIES)
        .output()
        .unwrap();
    assert!(claims.status.success());
    let claims = String::from_utf8(claims.stdout).unwrap();
    assert!(claims.contains("A fiduciary who breaches a duty is liable.\n    ← Mertens v. Hewitt Assocs., 508 U.S. 248"), "{claims}");
    assert!(!claims.contains("case:"), "{claims}");
}

#[test]
fn a_text_file_with_a_byte_order_mark_reads_as_the_text_alone() {
    let path = common::scratch("bom.txt");
    std::fs::write(&path, format!("\u{feff}{NAMED_AUTHORITIES}")).unwrap();
    let path = path.display().to_string();
    let without = lexeval()
        .args(["cite", "--json", "-"])
        .write_stdin(NAMED_AUTHORITIES)
        .output()
        .unwrap();
    assert!(without.status.success());
    assert_eq!(
        stdout_of(&["cite", "--json", &path]),
        String::from_utf8(without.stdout).unwrap()
    );
    let claims = stdout_of(&["claims", &path]);
    assert!(!claims.contains('\u{feff}'), "{claims}");
}

/// `rows` written twice, as people save them: JSON Lines with a byte-order mark, CRLF line ends and a blank
/// second line, and a pretty-printed JSON array with a byte-order mark.
fn lines_and_array(name: &str, rows: &[serde_json::Value]) -> (String, String) {
    let lines = common::scratch(&format!("{name}.jsonl"));
    let body: Vec<String> = rows.iter().map(|row| row.to_string()).collect();
    std::fs::write(&lines, format!("\u{feff}{}\r\n", body.join("\r\n\r\n"))).unwrap();
    let array = common::scratch(&format!("{name}.json"));
    let pretty = serde_json::to_string_pretty(rows).unwrap();
    std::fs::write(&array, format!("\u{feff}{pretty}")).unwrap();
    (lines.display().to_string(), array.display().to_string())
}

/// Standard output of a successful `lexeval ARGS`.
fn stdout_of(args: &[&str]) -> String {
    let out = lexeval().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Standard error of a failing `lexeval ARGS`.
fn stderr_of(args: &[&str]) -> String {
    let out = lexeval().args(args).output().unwrap();
    assert!(!out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn rouge_pairs_read_a_json_array_and_a_byte_order_mark_with_each_pair_numbered() {
    let pairs = [
        serde_json::json!({"reference": "The court granted the motion.", "candidate": "The court denied the motion."}),
        serde_json::json!({"reference": ["The appeal failed.", "The appeal was dismissed."], "candidate": "The appeal was dismissed."}),
    ];
    let (lines, array) = lines_and_array("rouge-pairs", &pairs);
    let rows = |path: &str| -> Vec<serde_json::Value> {
        stdout_of(&["rouge", "--types", "rouge1", "--pairs", path])
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    let (from_lines, from_array) = (rows(&lines), rows(&array));
    // Each pair points back at its input: its line (the blank line counted), or its position in the array.
    let numbers = |rows: &[serde_json::Value]| -> Vec<serde_json::Value> {
        rows.iter().map(|row| row["line"].clone()).collect()
    };
    assert_eq!(numbers(&from_lines), [1, 3]);
    assert_eq!(numbers(&from_array), [1, 2]);
    let scores = |rows: &[serde_json::Value]| -> Vec<serde_json::Value> {
        rows.iter().map(|row| row["scores"].clone()).collect()
    };
    assert_eq!(scores(&from_lines), scores(&from_array));
    assert_eq!(from_lines[1]["scores"]["rouge1"]["fmeasure"], 1.0);

    let bad = common::scratch("rouge-bad.json");
    std::fs::write(
        &bad,
        "[\n {\"reference\": \"a\", \"candidate\": \"b\"},\n {\"reference\": \"a\"}\n]",
    )
    .unwrap();
    let err = stderr_of(&["rouge", "--pairs", &bad.display().to_string()]);
    assert!(err.contains("line 3, field `candidate`"), "{err}");
}

#[test]
fn correlate_and_cite_read_a_json_array_and_a_byte_order_mark_like_json_lines() {
    let judgements: Vec<serde_json::Value> = [
        ("a", "x", 0.1, 1.0),
        ("a", "y", 0.4, 2.0),
        ("b", "x", 0.2, 2.0),
        ("b", "y", 0.9, 4.0),
        ("c", "x", 0.5, 3.0),
        ("c", "y", 0.6, 3.0),
    ]
    .iter()
    .map(|(case, system, metric, human)| {
        serde_json::json!({"case": case, "system": system, "metric": metric, "human": human})
    })
    .collect();
    let (lines, array) = lines_and_array("correlate", &judgements);
    let from_lines = stdout_of(&["correlate", &lines]);
    let correlations: serde_json::Value = serde_json::from_str(&from_lines).unwrap();
    assert!(correlations["pearson"]["population"].as_f64().unwrap() > 0.8);
    assert_eq!(from_lines, stdout_of(&["correlate", &array]));
    let err = stderr_of(&[
        "correlate",
        &common::scratch("none.jsonl").display().to_string(),
    ]);
    assert!(err.contains("cannot read"), "{err}");

    let texts = [
        serde_json::json!({"text": NAMED_AUTHORITIES}),
        serde_json::json!({"text": "See 42 U.S.C. § 1983."}),
    ];
    let (lines, array) = lines_and_array("cite", &texts);
    let from_lines = stdout_of(&["cite", "--jsonl", &lines]);
    assert_eq!(from_lines.lines().count(), 2);
    assert!(from_lines.contains("1983"), "{from_lines}");
    assert_eq!(from_lines, stdout_of(&["cite", "--jsonl", &array]));
    let err = lexeval()
        .args(["cite", "--jsonl"])
        .write_stdin("{\"text\": \"a\"}\n{\"txt\": \"b\"}\n")
        .output()
        .unwrap();
    let err = String::from_utf8(err.stderr).unwrap();
    assert!(err.contains("standard input line 2, field `text`"), "{err}");
}

#[test]
fn fresco_lists_the_generated_citations_to_check_after_the_scores() {
    let reference = common::scratch("riley-r.txt");
    let generated = common::scratch("riley-c.txt");
    std::fs::write(
        &reference,
        "Officers must secure a warrant before searching a cell phone. Riley v. California, 573 U.S. 373, 386 (2014).",
    )
    .unwrap();
    std::fs::write(
        &generated,
        "Officers must secure a warrant before searching a cell phone. Riley v. Texas, 573 U.S. 373, 999 (2014).",
    )
    .unwrap();
    let (reference, generated) = (
        reference.display().to_string(),
        generated.display().to_string(),
    );
    let out = stdout_of(&["fresco", "-r", &reference, "-c", &generated]);
    let listed = out.split_once("1 citation to check\n").expect(&out).1;
    assert_eq!(
        listed,
        "  Riley v. Texas, 573 U.S. 373 (characters 78–90 of the generated text)\n    \
         the same cite is Riley v. California, 573 U.S. 373 in the reference: the names differ\n    \
         pin 999 is 626 pages past the first page, 373: no opinion runs past 300\n"
    );
    // L-FRESCO still counts the shared cite (the findings never change a score).
    assert!(out.contains("l-fresco                 1.0000"), "{out}");
    // The JSON report carries them typed.
    let report =
        json_output(lexeval().args(["fresco", "--json", "-r", &reference, "-c", &generated]));
    assert_eq!(
        report["details"]["integrity"][0]["check"]["kind"],
        "name_cite_mismatch"
    );
    assert_eq!(
        report["details"]["integrity"][1]["check"]["problem"]["why"],
        "beyond_any_opinion"
    );
    // A clean pair prints no such line.
    let clean = stdout_of(&["fresco", "-r", &reference, "-c", &reference]);
    assert!(!clean.contains("to check"), "{clean}");
}
