//! A DecompScore report as `lexeval decompscore --json` wrote it before its details were typed reads into
//! the typed report and prints back to the same text.

use lexeval_core::report::ScoreReport;
use lexeval_llm::tasks::decompscore::DecompScoreDetails;

#[test]
fn decompscore_report_reads_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/compat/decompscore-llm.json"
    );
    let saved = std::fs::read_to_string(path).unwrap();
    let report: ScoreReport<DecompScoreDetails> = serde_json::from_str(&saved).unwrap();
    assert_eq!(serde_json::to_string_pretty(&report).unwrap() + "\n", saved);
    assert_eq!(report.details.sentences[0].subclaims.len(), 2);
}
