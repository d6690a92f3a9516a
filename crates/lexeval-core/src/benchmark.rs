//! A benchmark file scored as the page's Benchmarks tab scores it: the rows of an uploaded file (a JSON
//! array or JSON Lines, read by `records`) scored with CaseFacts or LegalSearchQA against the gold file the
//! user loaded (or the rows' own gold fields), or as ROUGE pairs with the seeded bootstrap; the report and one
//! row per item. The score worker runs it for the page, on the same functions `lexeval casefacts`,
//! `lexeval legalsearchqa` and `lexeval rouge --pairs --aggregate --stem` call, so both give the same numbers.

use crate::casefacts::{self, CaseFactsDetails};
use crate::items::{self, ItemTable};
use crate::legalsearchqa::{self, LegalSearchQaDetails};
use crate::report::{Score, ScoreReport};
use crate::rouge::{
    self, BootstrapAggregator, RougeIntervals, RougeOptions, RougeScorer, RougeType,
};
use serde::{Deserialize, Serialize};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BenchmarkKind {
    #[serde(rename = "casefacts")]
    CaseFacts,
    #[serde(rename = "legalsearchqa")]
    LegalSearchQa,
    #[serde(rename = "rouge-pairs")]
    RougePairs,
}

impl BenchmarkKind {
    pub const ALL: [BenchmarkKind; 3] = [
        BenchmarkKind::CaseFacts,
        BenchmarkKind::LegalSearchQa,
        BenchmarkKind::RougePairs,
    ];

    /// The kind's name in requests and in the page's select (as it serialises).
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

    /// The released gold file predictions are matched to, which the user loads once.
    pub fn gold_file(self) -> Option<&'static str> {
        match self {
            BenchmarkKind::CaseFacts => Some("CaseFacts test.json (or train.json)"),
            BenchmarkKind::LegalSearchQa => Some("LegalSearchQA legalsearchqa.json"),
            BenchmarkKind::RougePairs => None,
        }
    }

    /// One row of the expected file, shown next to the upload and in errors.
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
#[derive(Debug, Clone, PartialEq, Serialize)]
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

/// A scored file: the report, and one row per item where the benchmark has items. Serialised as
/// `{"report": {...}, "items": {...} | null}`, the score worker's answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoredFile {
    pub report: BenchmarkReport,
    pub items: Option<ItemTable>,
}

impl ScoredFile {
    /// Reads back a serialised `kind` file (other fields of `json` are ignored): the report's type follows
    /// the kind, which the untagged report alone does not name.
    pub fn read(kind: BenchmarkKind, json: &str) -> serde_json::Result<ScoredFile> {
        #[derive(Deserialize)]
        struct Typed<Details> {
            report: ScoreReport<Details>,
            items: Option<ItemTable>,
        }
        fn typed<Details: serde::de::DeserializeOwned>(
            json: &str,
            wrap: fn(ScoreReport<Details>) -> BenchmarkReport,
        ) -> serde_json::Result<ScoredFile> {
            let Typed { report, items } = serde_json::from_str(json)?;
            Ok(ScoredFile {
                report: wrap(report),
                items,
            })
        }
        match kind {
            BenchmarkKind::CaseFacts => typed(json, BenchmarkReport::CaseFacts),
            BenchmarkKind::LegalSearchQa => typed(json, BenchmarkReport::LegalSearchQa),
            BenchmarkKind::RougePairs => typed(json, BenchmarkReport::Rouge),
        }
    }
}

/// Pairs between progress reports while scoring ROUGE pairs.
const PAIRS_PER_STEP: usize = 100;

/// Scores an uploaded file (a JSON array or JSON Lines). With `gold` (the text of the gold file the user
/// loaded) predictions are matched to it by claim or id; without, every row carries its gold fields.
/// `progress` hears (items scored, items in all).
pub fn score_file(
    kind: BenchmarkKind,
    contents: &str,
    gold: Option<&str>,
    progress: &mut dyn FnMut(usize, usize),
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
            progress(0, gold.len());
            let report = casefacts::score(&gold, &predictions);
            progress(gold.len(), gold.len());
            Ok(ScoredFile {
                items: Some(items::casefacts(&report.details)),
                report: BenchmarkReport::CaseFacts(report),
            })
        }
        BenchmarkKind::LegalSearchQa => {
            let predictions: Vec<legalsearchqa::Prediction> = rows(contents, kind)?;
            let questions: Vec<legalsearchqa::Question> = gold_rows(kind, contents, gold)?;
            progress(0, questions.len());
            let report = legalsearchqa::score(&questions, &predictions);
            progress(questions.len(), questions.len());
            Ok(ScoredFile {
                items: Some(items::legalsearchqa(
                    &report.details,
                    &questions,
                    legalsearchqa::AnswerNaming::of(&predictions),
                )),
                report: BenchmarkReport::LegalSearchQa(report),
            })
        }
        BenchmarkKind::RougePairs => {
            let pairs: Vec<RougePair> = rows(contents, kind)?;
            let (report, items) = rouge_pairs(&pairs, progress)?;
            Ok(ScoredFile {
                report: BenchmarkReport::Rouge(report),
                items: Some(items),
            })
        }
    }
}

/// `lexeval rouge --pairs FILE --aggregate --stem`: the default types, stemmed, 95 % interval from 1,000
/// resamples with seed 0.
/// The aggregate report and one row per pair.
fn rouge_pairs(
    pairs: &[RougePair],
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(ScoreReport<RougeIntervals>, ItemTable), BenchmarkError> {
    let scorer = RougeScorer::new(
        &RougeType::DEFAULT,
        RougeOptions {
            stem: true,
            ..RougeOptions::default()
        },
    );
    let mut aggregator =
        BootstrapAggregator::new(0.95, 1000, 0).map_err(|e| BenchmarkError(e.to_string()))?;
    let mut scored = Vec::with_capacity(pairs.len());
    for (index, pair) in pairs.iter().enumerate() {
        let scores = scorer.score(&pair.reference, &pair.candidate);
        aggregator.add_scores(&scores);
        scored.push((index + 1, scores));
        if (index + 1) % PAIRS_PER_STEP == 0 || index + 1 == pairs.len() {
            progress(index + 1, pairs.len());
        }
    }
    Ok((
        rouge::aggregate_report(&aggregator, scorer.options()),
        items::rouge(&scored),
    ))
}

#[derive(Deserialize)]
struct RougePair {
    reference: String,
    candidate: String,
}

/// The file's rows as `T`, or the first bad one named by its line and field.
fn rows<T: serde::de::DeserializeOwned>(
    contents: &str,
    kind: BenchmarkKind,
) -> Result<Vec<T>, BenchmarkError> {
    let rows = crate::records::parse(contents)
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
        BenchmarkKind::RougePairs => 0,
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
        Some(text) => crate::records::parse(text)
            .map_err(|e| BenchmarkError(format!("the gold file ({gold_file}): {e}"))),
        None => crate::records::parse(contents).map_err(|e| {
            BenchmarkError(format!(
                "{e}: no gold file is loaded, so every row needs its gold fields; load {gold_file} as \
                 the gold file above"
            ))
        }),
    }
}
