//! The Benchmarks view's engine: uploaded files (JSON arrays or JSON Lines, read by core's `records`) scored
//! with CaseFacts or LegalSearchQA against the gold file the user loaded, or as ROUGE pairs; and the About
//! view's CaseFacts demo. Brief and summary pairs are kinds of file too, scored in the score worker
//! (`pairs_batch`).

use crate::pairs_batch::{self, PairsCheck};
use lexeval_core::casefacts::{self, CaseFactsDetails};
use lexeval_core::items::{self, ItemTable};
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
    Pairs(PairsCheck),
}

impl BenchmarkKind {
    pub const ALL: [BenchmarkKind; 5] = [
        BenchmarkKind::CaseFacts,
        BenchmarkKind::LegalSearchQa,
        BenchmarkKind::RougePairs,
        BenchmarkKind::Pairs(PairsCheck::Brief),
        BenchmarkKind::Pairs(PairsCheck::Summary),
    ];

    /// The check each pair gets, for brief and summary pairs.
    pub fn pairs(self) -> Option<PairsCheck> {
        match self {
            BenchmarkKind::Pairs(check) => Some(check),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => "casefacts",
            BenchmarkKind::LegalSearchQa => "legalsearchqa",
            BenchmarkKind::RougePairs => "rouge-pairs",
            BenchmarkKind::Pairs(check) => check.id(),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => "CaseFacts predictions",
            BenchmarkKind::LegalSearchQa => "LegalSearchQA predictions",
            BenchmarkKind::RougePairs => "ROUGE pairs",
            BenchmarkKind::Pairs(check) => check.label(),
        }
    }

    /// The released gold file predictions are matched to, which the user loads once.
    pub fn gold_file(self) -> Option<&'static str> {
        match self {
            BenchmarkKind::CaseFacts => Some("CaseFacts test.json (or train.json)"),
            BenchmarkKind::LegalSearchQa => Some("LegalSearchQA legalsearchqa.json"),
            BenchmarkKind::RougePairs | BenchmarkKind::Pairs(_) => None,
        }
    }

    /// One row of the expected file, shown next to the upload.
    pub fn example_line(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => {
                r#"{"claim": "…", "predicted_cases": ["Hill v. Colorado"], "predicted_verdict": "Overruled"}"#
            }
            BenchmarkKind::LegalSearchQa => {
                r#"{"id": "lsqa_001", "answer": 1, "explanation": "…"}"#
            }
            BenchmarkKind::RougePairs => r#"{"reference": "…", "candidate": "…"}"#,
            BenchmarkKind::Pairs(_) => pairs_batch::EXAMPLE_LINE,
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

/// A scored file: the report, and one row per item where the benchmark has items.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoredFile {
    pub report: BenchmarkReport,
    pub items: Option<ItemTable>,
}

/// Score an uploaded predictions file (a JSON array or JSON Lines). With `gold` (the text of the gold file
/// the user loaded) predictions are matched to it by claim or id; without, every row carries its gold
/// fields. `progress` is called with the fraction done.
pub async fn benchmark(
    kind: BenchmarkKind,
    contents: &str,
    gold: Option<&str>,
    progress: &dyn Fn(f64),
) -> Result<ScoredFile, BenchmarkError> {
    match kind {
        BenchmarkKind::CaseFacts => {
            let predictions: Vec<casefacts::Prediction> = rows(contents, kind)?;
            if predictions
                .iter()
                .all(|p| p.predicted_cases.is_empty() && p.predicted_verdict.is_empty())
            {
                return Err(BenchmarkError(
                    "no row has `predicted_cases` or `predicted_verdict`: this looks like the gold file; \
                     load it as the gold file and choose a predictions file"
                        .into(),
                ));
            }
            let gold: Vec<casefacts::GoldClaim> = gold_rows(kind, contents, gold)?;
            let report = casefacts::score(&gold, &predictions);
            Ok(ScoredFile {
                items: Some(items::casefacts(&report.details)),
                report: BenchmarkReport::CaseFacts(report),
            })
        }
        BenchmarkKind::LegalSearchQa => {
            let predictions: Vec<legalsearchqa::Prediction> = rows(contents, kind)?;
            let questions: Vec<legalsearchqa::Question> = gold_rows(kind, contents, gold)?;
            let report = legalsearchqa::score(&questions, &predictions);
            Ok(ScoredFile {
                items: Some(items::legalsearchqa(&report.details, &questions)),
                report: BenchmarkReport::LegalSearchQa(report),
            })
        }
        BenchmarkKind::RougePairs => {
            let pairs: Vec<RougePair> = rows(contents, kind)?;
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
                if index % PAIRS_PER_STEP == PAIRS_PER_STEP - 1 {
                    progress(index as f64 / pairs.len() as f64);
                    crate::browser::yield_now().await;
                }
            }
            Ok(ScoredFile {
                report: BenchmarkReport::Rouge(lexeval_core::rouge::aggregate_report(
                    &aggregator,
                    scorer.options(),
                )),
                items: None,
            })
        }
        BenchmarkKind::Pairs(check) => Err(BenchmarkError(format!(
            "{} are scored in the score worker, with progress and Cancel",
            check.label()
        ))),
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

/// The file's rows as `T`, or the first bad one named by its line and field.
fn rows<T: serde::de::DeserializeOwned>(
    contents: &str,
    kind: BenchmarkKind,
) -> Result<Vec<T>, BenchmarkError> {
    let rows = lexeval_core::records::parse(contents)
        .map_err(|e| BenchmarkError(format!("{e}; expected rows like {}", kind.example_line())))?;
    if rows.is_empty() {
        return Err(BenchmarkError("the file has no records".into()));
    }
    Ok(rows)
}

/// How many gold rows `text` holds, or why it is not this benchmark's gold file.
pub fn count_gold(kind: BenchmarkKind, text: &str) -> Result<usize, BenchmarkError> {
    let count = match kind {
        BenchmarkKind::CaseFacts => gold_rows::<casefacts::GoldClaim>(kind, "", Some(text))?.len(),
        BenchmarkKind::LegalSearchQa => {
            gold_rows::<legalsearchqa::Question>(kind, "", Some(text))?.len()
        }
        BenchmarkKind::RougePairs | BenchmarkKind::Pairs(_) => 0,
    };
    if count == 0 {
        return Err(BenchmarkError("the gold file has no records".into()));
    }
    Ok(count)
}

/// The gold rows: from the loaded gold file, or else from the predictions file's own rows.
fn gold_rows<T: serde::de::DeserializeOwned>(
    kind: BenchmarkKind,
    contents: &str,
    gold: Option<&str>,
) -> Result<Vec<T>, BenchmarkError> {
    let Some(gold_file) = kind.gold_file() else {
        return Err(BenchmarkError(format!("{} has no gold", kind.label())));
    };
    match gold {
        Some(text) => lexeval_core::records::parse(text).map_err(|e| {
            BenchmarkError(format!("the gold file ({gold_file}): {e}"))
        }),
        None => lexeval_core::records::parse(contents).map_err(|e| {
            BenchmarkError(format!(
                "{e}: no gold file is loaded, so every row needs its gold fields; load {gold_file} as \
                 the gold file above"
            ))
        }),
    }
}

/// Pairs between progress updates (and yields to the browser) while scoring ROUGE pairs.
const PAIRS_PER_STEP: usize = 500;
