//! The Benchmarks view's engine: uploaded JSON Lines files scored with CaseFacts, LegalSearchQA or ROUGE,
//! read by core's JSON Lines reader, and the About view's CaseFacts demo.

use lexeval_core::casefacts::{self, CaseFactsDetails};
use lexeval_core::legalsearchqa::{self, LegalSearchQaDetails};
use lexeval_core::report::{Score, ScoreReport};
use lexeval_core::rouge::{RougeIntervals, RougeOptions, RougeScorer, RougeType};
use std::fmt;

/// Why a file could not be scored, for the user.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchmarkError(pub String);

impl fmt::Display for BenchmarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The benchmark files the page can score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BenchmarkKind {
    CaseFacts,
    LegalSearchQa,
    RougePairs,
}

impl BenchmarkKind {
    pub const ALL: [BenchmarkKind; 3] = [
        BenchmarkKind::CaseFacts,
        BenchmarkKind::LegalSearchQa,
        BenchmarkKind::RougePairs,
    ];

    pub fn id(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => "casefacts",
            BenchmarkKind::LegalSearchQa => "legalsearchqa",
            BenchmarkKind::RougePairs => "rouge-pairs",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => "CaseFacts predictions",
            BenchmarkKind::LegalSearchQa => "LegalSearchQA predictions",
            BenchmarkKind::RougePairs => "ROUGE pairs",
        }
    }

    /// One line of the expected JSONL, shown next to the upload.
    pub fn example_line(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => {
                r#"{"claim": "…", "predicted_cases": ["Hill v. Colorado"], "predicted_verdict": "Overruled"}"#
            }
            BenchmarkKind::LegalSearchQa => {
                r#"{"id": "lsqa_001", "answer": 1, "explanation": "…"}"#
            }
            BenchmarkKind::RougePairs => r#"{"reference": "…", "candidate": "…"}"#,
        }
    }
}

/// A scored benchmark file: the metric's report with its typed details, saved as the report alone.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum BenchmarkReport {
    CaseFacts(ScoreReport<CaseFactsDetails>),
    LegalSearchQa(ScoreReport<LegalSearchQaDetails>),
    Rouge(ScoreReport<RougeIntervals>),
}

impl BenchmarkReport {
    pub fn metric(&self) -> &str {
        match self {
            BenchmarkReport::CaseFacts(report) => &report.metric,
            BenchmarkReport::LegalSearchQa(report) => &report.metric,
            BenchmarkReport::Rouge(report) => &report.metric,
        }
    }

    pub fn scores(&self) -> &[Score] {
        match self {
            BenchmarkReport::CaseFacts(report) => &report.scores,
            BenchmarkReport::LegalSearchQa(report) => &report.scores,
            BenchmarkReport::Rouge(report) => &report.scores,
        }
    }

    /// What the per-class bars show.
    pub fn per_class_caption(&self) -> &'static str {
        match self {
            BenchmarkReport::CaseFacts(_) => "Verdict accuracy per gold label",
            BenchmarkReport::LegalSearchQa(_) => "Accuracy per category",
            BenchmarkReport::Rouge(_) => "Bootstrap mid F1 per ROUGE type",
        }
    }

    /// Per-class rows (class, value) for the bar chart: CaseFacts verdict accuracy per gold label,
    /// LegalSearchQA accuracy per category, ROUGE's mid F1 per type.
    pub fn per_class(&self) -> Vec<(String, f64)> {
        match self {
            BenchmarkReport::CaseFacts(report) => report
                .details
                .per_class
                .iter()
                .filter_map(|(label, row)| Some((label.clone(), row.verdict_accuracy?)))
                .collect(),
            BenchmarkReport::LegalSearchQa(report) => report
                .details
                .breakdown
                .iter()
                .filter(|row| row.by == "category")
                .map(|row| (row.value.clone(), row.accuracy))
                .collect(),
            BenchmarkReport::Rouge(report) => report
                .scores
                .iter()
                .filter_map(|s| Some((s.name.clone(), s.value?)))
                .collect(),
        }
    }
}

/// Score an uploaded benchmark file (JSONL). `progress` is called with the fraction done.
pub async fn benchmark(
    kind: BenchmarkKind,
    contents: &str,
    progress: &dyn Fn(f64),
) -> Result<BenchmarkReport, BenchmarkError> {
    let rows = parse_jsonl(contents, progress).await?;
    if rows.is_empty() {
        return Err(BenchmarkError("the file has no JSON lines".into()));
    }
    match kind {
        BenchmarkKind::CaseFacts => {
            let gold: Vec<casefacts::GoldClaim> = typed_rows(&rows, kind)?;
            let predictions: Vec<casefacts::Prediction> = typed_rows(&rows, kind)?;
            Ok(BenchmarkReport::CaseFacts(casefacts::score(
                &gold,
                &predictions,
            )))
        }
        BenchmarkKind::LegalSearchQa => {
            let questions: Vec<legalsearchqa::Question> = typed_rows(&rows, kind)?;
            let predictions: Vec<legalsearchqa::Prediction> = typed_rows(&rows, kind)?;
            Ok(BenchmarkReport::LegalSearchQa(legalsearchqa::score(
                &questions,
                &predictions,
            )))
        }
        BenchmarkKind::RougePairs => {
            let pairs: Vec<RougePair> = typed_rows(&rows, kind)?;
            let scorer = RougeScorer::new(
                &RougeType::DEFAULT,
                RougeOptions {
                    stem: true,
                    ..RougeOptions::default()
                },
            );
            let mut aggregator = lexeval_core::rouge::BootstrapAggregator::new(0.95, 1000, 0)
                .map_err(|e| BenchmarkError(e.to_string()))?;
            for (index, pair) in pairs.iter().enumerate() {
                aggregator.add_scores(&scorer.score(&pair.reference, &pair.candidate));
                if index % LINES_PER_STEP == LINES_PER_STEP - 1 {
                    progress(index as f64 / pairs.len() as f64);
                    crate::browser::yield_now().await;
                }
            }
            Ok(BenchmarkReport::Rouge(
                lexeval_core::rouge::aggregate_report(&aggregator, scorer.options()),
            ))
        }
    }
}

/// The CaseFacts teaching demo: the OVERRULED example claim answered with the gold case and `verdict`.
pub fn casefacts_demo(verdict: &str) -> ScoreReport<CaseFactsDetails> {
    let item = crate::examples::CASEFACTS_OVERRULED;
    let gold = casefacts::GoldClaim {
        claim: item.claim.into(),
        case_name: vec![item.case_name.into()],
        overruling_case: Some(item.overruling_case.into()),
        label: item.label.into(),
    };
    let prediction = casefacts::Prediction {
        claim: item.claim.into(),
        predicted_cases: vec![item.case_name.into()],
        predicted_verdict: verdict.into(),
    };
    casefacts::score(&[gold], &[prediction])
}

#[derive(serde::Deserialize)]
struct RougePair {
    reference: String,
    candidate: String,
}

/// Every row as `T`, or the first row that does not fit, named by its number.
fn typed_rows<T: serde::de::DeserializeOwned>(
    rows: &[serde_json::Value],
    kind: BenchmarkKind,
) -> Result<Vec<T>, BenchmarkError> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            serde_json::from_value(row.clone()).map_err(|e| {
                BenchmarkError(format!(
                    "row {}: not a {} line ({e}); expected {}",
                    i + 1,
                    kind.label(),
                    kind.example_line()
                ))
            })
        })
        .collect()
}

/// Lines between progress updates (and yields to the browser) while reading a file.
const LINES_PER_STEP: usize = 500;

/// The file's JSON objects, read with core's JSON Lines reader a few hundred lines at a time so the page can
/// show progress and stay responsive. The first bad line is an error naming its line number.
async fn parse_jsonl(
    contents: &str,
    progress: &dyn Fn(f64),
) -> Result<Vec<serde_json::Value>, BenchmarkError> {
    let total = contents.len().max(1) as f64;
    let (mut rows, mut done, mut first_line) = (Vec::new(), 0usize, 0usize);
    let mut rest = contents;
    while !rest.is_empty() {
        // The chunk ends after LINES_PER_STEP line breaks (or at the end of the file).
        let end = rest
            .match_indices('\n')
            .nth(LINES_PER_STEP - 1)
            .map_or(rest.len(), |(i, _)| i + 1);
        let (chunk, after) = rest.split_at(end);
        let objects: Vec<serde_json::Map<String, serde_json::Value>> =
            lexeval_core::jsonl::parse(chunk).map_err(|e| {
                BenchmarkError(format!(
                    "line {}: expected a JSON object ({})",
                    first_line + e.line,
                    e.message
                ))
            })?;
        rows.extend(objects.into_iter().map(serde_json::Value::Object));
        first_line += chunk.lines().count();
        done += chunk.len();
        rest = after;
        progress(done as f64 / total);
        crate::browser::yield_now().await;
    }
    progress(1.0);
    Ok(rows)
}
