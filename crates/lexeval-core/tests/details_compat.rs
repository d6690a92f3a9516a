//! Reports of the metrics whose details used to be built with `json!` (CaseFacts, LegalSearchQA,
//! DecompScore, ROUGE), as `lexeval ... --json` wrote them before the details were typed, read into the
//! typed reports and written back to the same text; the ones without an LLM are also recomputed from their
//! inputs (`tests/fixtures/benchmarks/`) to the same text.

use lexeval_core::casefacts::{self, CaseFactsDetails};
use lexeval_core::decompscore::{self, DecompScoreDetails};
use lexeval_core::legalsearchqa::{self, LegalSearchQaDetails};
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::{
    self, BootstrapAggregator, RougeDetails, RougeIntervals, RougeOptions, RougePair, RougeScorer,
    RougeType,
};
use lexeval_core::test_support::fixture;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// As the CLI prints a report: pretty JSON and a newline.
fn printed<D: Serialize>(report: &ScoreReport<D>) -> String {
    serde_json::to_string_pretty(report).unwrap() + "\n"
}

/// The saved report reads into `ScoreReport<D>` and prints back to the same text.
fn round_trips<D: Serialize + DeserializeOwned>(path: &str) -> String {
    let saved = fixture(path);
    let report: ScoreReport<D> = serde_json::from_str(&saved).unwrap();
    assert_eq!(printed(&report), saved, "{path}");
    saved
}

fn jsonl<T: DeserializeOwned>(path: &str) -> Vec<T> {
    lexeval_core::records::parse(&fixture(path)).unwrap()
}

#[test]
fn casefacts_reports_read_back_and_recompute() {
    // Saved before partial predictions were noted: it still reads back byte for byte.
    round_trips::<CaseFactsDetails>("compat/casefacts.json");
    let today = round_trips::<CaseFactsDetails>("benchmarks/casefacts.report.json");
    let gold: Vec<casefacts::GoldClaim> =
        serde_json::from_str(&fixture("benchmarks/casefacts.gold.json")).unwrap();
    let predictions = jsonl("benchmarks/casefacts.predictions.jsonl");
    assert_eq!(printed(&casefacts::score(&gold, &predictions)), today);
    let baseline = round_trips::<CaseFactsDetails>("compat/casefacts-llm-baseline.json");
    let report: ScoreReport<CaseFactsDetails> = serde_json::from_str(&baseline).unwrap();
    assert_eq!(report.details.llm.unwrap().model, "m");
}

#[test]
fn legalsearchqa_reports_read_back_and_recompute() {
    let saved = round_trips::<LegalSearchQaDetails>("compat/legalsearchqa.json");
    let questions: Vec<legalsearchqa::Question> =
        serde_json::from_str(&fixture("benchmarks/legalsearchqa.questions.json")).unwrap();
    let predictions = jsonl("benchmarks/legalsearchqa.predictions.jsonl");
    assert_eq!(
        printed(&legalsearchqa::score(&questions, &predictions)),
        saved
    );
    let judged = round_trips::<LegalSearchQaDetails>("compat/legalsearchqa-judge.json");
    let report: ScoreReport<LegalSearchQaDetails> = serde_json::from_str(&judged).unwrap();
    assert!(report.details.judge.is_some());
}

#[test]
fn decompscore_report_reads_back_and_recomputes() {
    let saved = round_trips::<DecompScoreDetails>("compat/decompscore.json");
    let judgements = jsonl("benchmarks/decompscore.judgements.jsonl");
    assert_eq!(printed(&decompscore::score(&judgements)), saved);
}

/// `lexeval rouge --stem`'s options and default types.
fn stemmed_scorer() -> RougeScorer {
    let options = RougeOptions {
        stem: true,
        ..RougeOptions::default()
    };
    RougeScorer::new(&RougeType::DEFAULT, options)
}

#[test]
fn rouge_report_reads_back_and_recomputes() {
    let saved = round_trips::<RougeDetails>("compat/rouge.json");
    let (reference, candidate) = (
        fixture("summaries/reference.txt"),
        fixture("summaries/generated.txt"),
    );
    let report = stemmed_scorer().score_report(&[&reference], &candidate);
    assert_eq!(printed(&report), saved);
}

#[test]
fn rouge_aggregate_report_reads_back_and_recomputes() {
    let saved = round_trips::<RougeIntervals>("compat/rouge-aggregate.json");
    let scorer = stemmed_scorer();
    let mut aggregator = BootstrapAggregator::new(0.95, 1000, 0).unwrap();
    for pair in jsonl::<RougePair>("benchmarks/rouge.pairs.jsonl") {
        aggregator.add_scores(&scorer.score_multi(&pair.references(), &pair.candidate));
    }
    let report = rouge::aggregate_report(&aggregator, scorer.options());
    assert_eq!(printed(&report), saved);
}
