//! The Benchmarks tab's files scored by `benchmark::score_file` (what the score worker runs for the page)
//! give the reports `lexeval casefacts|legalsearchqa --json` wrote from the same inputs, and the worker's
//! answer reads back on the page to the same report and item table.

use lexeval_core::benchmark::{score_file, BenchmarkKind, BenchmarkReport, ScoredFile};
use lexeval_core::items;
use lexeval_core::rouge::{self, BootstrapAggregator, RougeOptions, RougeScorer, RougeType};
use lexeval_core::test_support::fixture;

/// Scores `contents`, recording every progress report.
fn scored(
    kind: BenchmarkKind,
    contents: &str,
    gold: Option<&str>,
) -> (ScoredFile, Vec<(usize, usize)>) {
    let mut progress = Vec::new();
    let file = score_file(kind, contents, gold, &mut |done, total| {
        progress.push((done, total))
    })
    .unwrap();
    (file, progress)
}

/// The worker's `done` message around `file`, read back as the page reads it.
fn read_back(kind: BenchmarkKind, file: &ScoredFile) -> ScoredFile {
    let mut message = serde_json::to_value(file).unwrap();
    message["kind"] = "done".into();
    message["id"] = 7.into();
    ScoredFile::read(kind, &message.to_string()).unwrap()
}

#[test]
fn casefacts_predictions_against_the_loaded_gold_give_the_clis_report() {
    let predictions = fixture("benchmarks/casefacts.predictions.jsonl");
    let gold = fixture("benchmarks/casefacts.gold.json");
    let (file, progress) = scored(BenchmarkKind::CaseFacts, &predictions, Some(&gold));
    let BenchmarkReport::CaseFacts(report) = &file.report else {
        panic!("not a CaseFacts report: {:?}", file.report);
    };
    assert_eq!(
        serde_json::to_string_pretty(report).unwrap() + "\n",
        // Today's report (`compat/casefacts.json` is the same file scored before partial predictions
        // were noted: reports saved then still read back byte for byte, see details_compat.rs).
        fixture("benchmarks/casefacts.report.json")
    );
    assert_eq!(file.items, Some(items::casefacts(&report.details)));
    assert_eq!(progress, [(0, 4), (4, 4)]);
    assert_eq!(read_back(BenchmarkKind::CaseFacts, &file), file);
}

#[test]
fn legalsearchqa_predictions_against_the_loaded_questions_give_the_clis_report() {
    let predictions = fixture("benchmarks/legalsearchqa.predictions.jsonl");
    let questions = fixture("benchmarks/legalsearchqa.questions.json");
    let (file, _) = scored(BenchmarkKind::LegalSearchQa, &predictions, Some(&questions));
    let BenchmarkReport::LegalSearchQa(report) = &file.report else {
        panic!("not a LegalSearchQA report: {:?}", file.report);
    };
    assert_eq!(
        serde_json::to_string_pretty(report).unwrap() + "\n",
        fixture("compat/legalsearchqa.json")
    );
    assert_eq!(read_back(BenchmarkKind::LegalSearchQa, &file), file);
}

#[test]
fn rouge_pairs_give_the_clis_stemmed_bootstrap_aggregate_with_progress_per_hundred_pairs() {
    // The ERISA brief and its generated version, paragraph by paragraph, repeated to 250 pairs.
    let paragraphs = |path: &str| -> Vec<String> {
        fixture(path)
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect()
    };
    let pairs: Vec<(String, String)> = paragraphs("briefs/reference.txt")
        .into_iter()
        .zip(paragraphs("briefs/generated.txt"))
        .cycle()
        .take(250)
        .collect();
    let jsonl: String = pairs
        .iter()
        .map(|(reference, candidate)| {
            serde_json::json!({ "reference": reference, "candidate": candidate }).to_string() + "\n"
        })
        .collect();
    let (file, progress) = scored(BenchmarkKind::RougePairs, &jsonl, None);

    let scorer = RougeScorer::new(
        &RougeType::DEFAULT,
        RougeOptions {
            stem: true,
            ..RougeOptions::default()
        },
    );
    let mut aggregator = BootstrapAggregator::new(0.95, 1000, 0).unwrap();
    let mut per_pair = Vec::new();
    for (item, (reference, candidate)) in pairs.iter().enumerate() {
        let scores = scorer.score_multi(&[reference], candidate);
        aggregator.add_scores(&scores);
        per_pair.push((item + 1, scores));
    }
    let cli = rouge::aggregate_report(&aggregator, scorer.options());
    assert_eq!(file.report, BenchmarkReport::Rouge(cli));
    assert!(file
        .report
        .scores()
        .iter()
        .all(|s| s.value.is_some_and(|v| v > 0.2 && v < 1.0)));
    assert_eq!(progress, [(100, 250), (200, 250), (250, 250)]);
    // One row per pair, as `lexeval rouge --pairs --items` writes them.
    assert_eq!(file.items, Some(lexeval_core::items::rouge(&per_pair)));
    assert_eq!(read_back(BenchmarkKind::RougePairs, &file), file);
}

#[test]
fn the_gold_file_chosen_as_predictions_is_named() {
    let gold = fixture("benchmarks/casefacts.gold.json");
    let error = score_file(BenchmarkKind::CaseFacts, &gold, None, &mut |_, _| {}).unwrap_err();
    assert!(error.0.contains("looks like the gold file"), "{error}");
}
