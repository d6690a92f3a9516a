//! Threshold calibration (Tan et al. §5.2.1: the threshold "is selected to optimize … reference point based
//! F1 on the training set") and the Step 2 performance metrics of appendix A.7, from labelled pairs.
//!
//! A.7 scoring of a method's match predictions against gold labels:
//! - pairwise: gold full (or "other relevant") and predicted → 1 TP; gold partial and predicted → ½ TP;
//!   gold none and predicted → 1 FP; gold full and not predicted → 1 FN; gold partial and not predicted →
//!   ½ FN.
//! - reference point based: per candidate summary, a reference point is predicted covered (after the
//!   assignment below) and gold covered with weight 1 (some full match), ½ (partial matches only) or 0; the
//!   same TP/FP/FN rules then apply per (summary, reference point). Pairs name their candidate
//!   summary with `summary`; a pair without one is a summary of its own, and then both scores coincide.
//!   As in the paper (§6.2, "after performing the assignment algorithm"), the predicted matches of each
//!   summary first go through A.5's 1-1 assignment (pointwise's [`greedy_assignment`], the cosine case: a
//!   generated point matching several reference points goes to the most similar), and a reference point
//!   is predicted covered when it is assigned a generated point. Pairwise scores come before it.
//!
//! Calibration tries every observed similarity as the threshold (a pair matches when similarity ≥
//! threshold, decided by [`reaches_threshold`]; similarities equal within its tolerance are one
//! candidate), keeps the best reference point based F1 (ties: higher pairwise F1, then the lower
//! threshold), and reports the midpoint between that value and the next lower observed similarity, so the
//! boundary sits between the two classes instead of on a training example.

use crate::embedded::{EmbeddedTexts, MissingEmbedding};
use crate::pointwise::greedy_assignment;
use crate::report::{Score, ScoreReport};
use crate::rouge::PairwiseF1;
use crate::similarity::{reaches_threshold, Measure, SIMILARITY_TOLERANCE};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt;

/// 2: reference point based scores after A.5's 1-1 assignment of each summary's predicted matches (version
/// 1 counted a reference point covered when any of its pairs matched).
pub const METRIC_VERSION: &str = "2";

/// A gold annotation of a (reference point, generated point) pair (A.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchLabel {
    /// A full match or an "other relevant match".
    Full,
    Partial,
    None,
}

impl MatchLabel {
    /// How much of a positive the gold label is (A.7: partial counts half).
    fn positive(self) -> f64 {
        match self {
            MatchLabel::Full => 1.0,
            MatchLabel::Partial => 0.5,
            MatchLabel::None => 0.0,
        }
    }
}

/// One line of a labelled pairs file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LabelledPair {
    /// The candidate summary the generated point belongs to (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    pub reference: String,
    pub generated: String,
    pub label: MatchLabel,
}

/// The texts of `pairs` an embedding similarity needs (each once): what the caller embeds.
pub fn texts_to_embed(pairs: &[LabelledPair]) -> Vec<String> {
    EmbeddedTexts::distinct(
        pairs
            .iter()
            .flat_map(|p| [p.reference.as_str(), p.generated.as_str()]),
    )
}

/// Why labelled pairs have no similarities to calibrate on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalibrationError {
    /// The LLM judge answers Yes or No: it has no continuous similarity.
    NotContinuous,
    /// The embedding similarity was asked without the pairs' embeddings.
    NotEmbedded,
    /// A pair's text is not among the embeddings given.
    MissingEmbedding(MissingEmbedding),
}

impl fmt::Display for CalibrationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CalibrationError::NotContinuous => f.write_str(
                "calibration takes a continuous similarity: ROUGE-L, ROUGE-1, ROUGE-2 or embedding",
            ),
            CalibrationError::NotEmbedded => {
                f.write_str("embedding similarity needs the pairs' embeddings")
            }
            CalibrationError::MissingEmbedding(missing) => missing.fmt(f),
        }
    }
}

impl std::error::Error for CalibrationError {}

/// Each pair's (reference, generated) similarity: ROUGE computed here, embedding cosine from `embedded`
/// (the embeddings of [`texts_to_embed`]). The LLM judge has no continuous similarity to calibrate.
pub fn pair_similarities(
    pairs: &[LabelledPair],
    measure: Measure,
    embedded: Option<&EmbeddedTexts>,
) -> Result<Vec<f64>, CalibrationError> {
    match (measure, embedded) {
        (Measure::Rouge(kind), _) => {
            let mut rouge = PairwiseF1::new(kind, true);
            Ok(pairs
                .iter()
                .map(|p| rouge.f1(&p.reference, &p.generated))
                .collect())
        }
        (Measure::Embedding, Some(embedded)) => pairs
            .iter()
            .map(|p| {
                embedded
                    .similarity(&p.reference, &p.generated)
                    .map_err(CalibrationError::MissingEmbedding)
            })
            .collect(),
        (Measure::Embedding, None) => Err(CalibrationError::NotEmbedded),
        (Measure::Llm, _) => Err(CalibrationError::NotContinuous),
    }
}

/// Precision, recall and F1 (null when undefined).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Prf {
    pub precision: Option<f64>,
    pub recall: Option<f64>,
    pub f1: Option<f64>,
}

#[derive(Default)]
struct Counts {
    tp: f64,
    fp: f64,
    fn_: f64,
}

impl Counts {
    fn add(&mut self, gold: f64, predicted: bool) {
        match (predicted, gold > 0.0) {
            (true, true) => self.tp += gold,
            (true, false) => self.fp += 1.0,
            (false, _) => self.fn_ += gold,
        }
    }

    fn prf(&self) -> Prf {
        let ratio = |num: f64, den: f64| (den > 0.0).then(|| num / den);
        let precision = ratio(self.tp, self.tp + self.fp);
        let recall = ratio(self.tp, self.tp + self.fn_);
        let f1 = match (precision, recall) {
            (Some(p), Some(r)) if p + r > 0.0 => Some(2.0 * p * r / (p + r)),
            (Some(_), Some(_)) => Some(0.0),
            _ => None,
        };
        Prf {
            precision,
            recall,
            f1,
        }
    }
}

/// A pair's candidate summary: named, or the pair's own line.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum SummaryKey<'a> {
    Named(&'a str),
    Line(usize),
}

/// A.7's (pairwise, reference point based) scores of pair i predicted a match when `similarities[i]` reaches
/// `threshold`.
pub fn step2_metrics(pairs: &[LabelledPair], similarities: &[f64], threshold: f64) -> (Prf, Prf) {
    let predicted: Vec<bool> = similarities
        .iter()
        .map(|&s| reaches_threshold(s, threshold))
        .collect();
    let mut pairwise = Counts::default();
    let mut by_summary: BTreeMap<SummaryKey, Vec<usize>> = BTreeMap::new();
    for (i, (pair, &matched)) in pairs.iter().zip(&predicted).enumerate() {
        pairwise.add(pair.label.positive(), matched);
        let summary = match &pair.summary {
            Some(id) => SummaryKey::Named(id),
            None => SummaryKey::Line(i),
        };
        by_summary.entry(summary).or_default().push(i);
    }
    let mut reference_based = Counts::default();
    for lines in by_summary.values() {
        let summary: Vec<(&LabelledPair, f64, bool)> = lines
            .iter()
            .map(|&i| (&pairs[i], similarities[i], predicted[i]))
            .collect();
        for (gold, covered) in reference_points_covered(&summary) {
            reference_based.add(gold, covered);
        }
    }
    (pairwise.prf(), reference_based.prf())
}

/// One summary's reference points, each with its gold weight (its best label) and whether A.5's 1-1
/// assignment of the predicted pairs `(pair, similarity, predicted)` gives it a generated point.
fn reference_points_covered(summary: &[(&LabelledPair, f64, bool)]) -> Vec<(f64, bool)> {
    let mut references: BTreeMap<&str, usize> = BTreeMap::new();
    let mut generated: BTreeMap<&str, usize> = BTreeMap::new();
    for (pair, _, _) in summary {
        let next = references.len();
        references.entry(pair.reference.as_str()).or_insert(next);
        let next = generated.len();
        generated.entry(pair.generated.as_str()).or_insert(next);
    }
    let mut gold = vec![0.0_f64; references.len()];
    let mut matches = vec![Vec::new(); references.len()];
    let mut similarity = vec![vec![f64::NEG_INFINITY; generated.len()]; references.len()];
    for &(pair, value, predicted) in summary {
        let r = references[pair.reference.as_str()];
        let c = generated[pair.generated.as_str()];
        gold[r] = gold[r].max(pair.label.positive());
        if predicted && !matches[r].contains(&c) {
            matches[r].push(c);
            similarity[r][c] = value;
        }
    }
    let mut covered = vec![false; references.len()];
    for (r, _) in greedy_assignment(&matches, &similarity) {
        covered[r] = true;
    }
    gold.into_iter().zip(covered).collect()
}

/// The A.7 report of a fixed threshold over pairs with their similarities.
pub fn evaluate(
    pairs: &[LabelledPair],
    similarities: &[f64],
    similarity: &str,
    threshold: f64,
) -> ScoreReport {
    let (pairwise, reference_based) = step2_metrics(pairs, similarities, threshold);
    let mut report = ScoreReport::new(
        "step2",
        METRIC_VERSION,
        json!({"similarity": similarity, "threshold": threshold}),
    );
    push_prf(&mut report, &reference_based, &pairwise);
    report.details = json!({
        "pairs": pair_rows(pairs, similarities),
        "labels": label_counts(pairs),
    });
    report
}

/// The threshold that maximises reference point based F1, with its A.7 scores and the whole curve.
pub fn calibrate(pairs: &[LabelledPair], similarities: &[f64], similarity: &str) -> ScoreReport {
    let mut report = ScoreReport::new(
        "calibration",
        METRIC_VERSION,
        json!({"similarity": similarity, "objective": "reference point based F1"}),
    );
    let mut candidates: Vec<f64> = similarities
        .iter()
        .copied()
        .filter(|s| s.is_finite())
        .collect();
    crate::sorted::sort_f64(&mut candidates);
    // Similarities equal within the tolerance match at the same thresholds: one candidate, the lowest.
    candidates.dedup_by(|higher, lowest| *higher - *lowest < SIMILARITY_TOLERANCE);
    let curve: Vec<(f64, Prf, Prf)> = candidates
        .iter()
        .map(|&t| {
            let (pairwise, reference_based) = step2_metrics(pairs, similarities, t);
            (t, pairwise, reference_based)
        })
        .collect();
    let key = |(_, pairwise, reference_based): &(f64, Prf, Prf)| {
        (
            reference_based.f1.unwrap_or(-1.0),
            pairwise.f1.unwrap_or(-1.0),
        )
    };
    // `curve` ascends in threshold, and only a strictly better point replaces the best: ties keep the lower.
    let mut best: Option<usize> = None;
    for (i, point) in curve.iter().enumerate() {
        if best.is_none_or(|b| key(point) > key(&curve[b])) {
            best = Some(i);
        }
    }
    let Some(index) = best else {
        report.scores = vec![Score::null("threshold", "no labelled pairs")];
        return report;
    };
    let (value, pairwise, reference_based) = curve[index];
    let threshold = match index.checked_sub(1).map(|i| candidates[i]) {
        Some(below) => (below + value) / 2.0,
        None => value,
    };
    report.scores.push(Score::new("threshold", threshold));
    push_prf(&mut report, &reference_based, &pairwise);
    report.details = json!({
        "best_observed_similarity": value,
        "curve": curve.iter().map(|(t, p, r)| json!({
            "threshold": t, "reference_f1": r.f1, "pairwise_f1": p.f1,
        })).collect::<Vec<_>>(),
        "labels": label_counts(pairs),
        "pairs": pair_rows(pairs, similarities),
    });
    report
}

fn push_prf(report: &mut ScoreReport, reference_based: &Prf, pairwise: &Prf) {
    for (prefix, prf) in [("reference", reference_based), ("pairwise", pairwise)] {
        for (name, value) in [
            ("precision", prf.precision),
            ("recall", prf.recall),
            ("f1", prf.f1),
        ] {
            let name = format!("{prefix}_{name}");
            report.scores.push(match value {
                Some(v) => Score::new(name, v),
                None => Score::null(name, "no predicted or gold matches"),
            });
        }
    }
}

fn label_counts(pairs: &[LabelledPair]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for pair in pairs {
        let label = serde_json::to_value(pair.label).unwrap_or_default();
        *counts
            .entry(label.as_str().unwrap_or_default().to_string())
            .or_default() += 1;
    }
    counts
}

fn pair_rows(pairs: &[LabelledPair], similarities: &[f64]) -> Vec<serde_json::Value> {
    pairs
        .iter()
        .zip(similarities)
        .map(|(p, s)| json!({"label": p.label, "similarity": s}))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(reference: &str, generated: &str, label: MatchLabel) -> LabelledPair {
        LabelledPair {
            summary: Some("uksc-2024-0012".into()),
            reference: reference.into(),
            generated: generated.into(),
            label,
        }
    }

    const FEES: &str = "A fee claimant need not be a prevailing party. Hardt, 560 U.S. at 255.";
    const REVIEW: &str = "Benefit denials are reviewed de novo. Firestone, 489 U.S. at 115.";

    #[test]
    fn a_label_outside_the_three_names_its_line_and_field() {
        let lines = format!(
            "{{\"reference\": \"{FEES}\", \"generated\": \"Fees may be awarded.\", \"label\": \"full\"}}\n\
             {{\"reference\": \"{REVIEW}\", \"generated\": \"Review is deferential.\", \"label\": \"mostly\"}}\n"
        );
        let error = crate::records::parse::<LabelledPair>(&lines).unwrap_err();
        assert_eq!((error.line, error.field.as_deref()), (2, Some("label")));
        assert!(error
            .to_string()
            .starts_with("line 2, field `label`: unknown variant `mostly`"));
    }

    #[test]
    fn a7_counts_partial_matches_as_half() {
        let pairs = [
            pair(FEES, "Fees do not require prevailing.", MatchLabel::Full),
            pair(FEES, "Fees may be awarded.", MatchLabel::Partial),
            pair(REVIEW, "Fees may be awarded.", MatchLabel::None),
            pair(REVIEW, "Review is deferential.", MatchLabel::Partial),
        ];
        // Predicted at 0.5: the full, the partial of FEES, and the wrong REVIEW pair.
        let (pairwise, reference_based) = step2_metrics(&pairs, &[0.9, 0.8, 0.7, 0.1], 0.5);
        // Pairwise: TP 1 + ½, FP 1, FN ½ → P 1.5/2.5, R 1.5/2.
        assert_eq!(pairwise.precision, Some(0.6));
        assert_eq!(pairwise.recall, Some(0.75));
        // Reference points: FEES gold 1, predicted → TP 1; REVIEW gold ½, predicted → TP ½.
        assert_eq!(reference_based.precision, Some(1.0));
        assert_eq!(reference_based.recall, Some(1.0));
    }

    #[test]
    fn reference_points_are_scored_after_the_one_to_one_assignment() {
        // One generated point matches two reference points; A.5 gives it to the more similar one (the
        // full match), so the other (gold none) is not predicted covered: no false positive.
        let generated = "The court grant the order.";
        let pairs = [
            pair("The court grant the order.", generated, MatchLabel::Full),
            pair(
                "The court grant the order today.",
                generated,
                MatchLabel::None,
            ),
        ];
        let similarities =
            pair_similarities(&pairs, Measure::Rouge(crate::rouge::RougeType::L), None).unwrap();
        assert!(similarities.iter().all(|&s| s >= 0.5), "{similarities:?}");
        let report = evaluate(&pairs, &similarities, "rougeL", 0.5);
        assert_eq!(report.score("reference_precision"), Some(1.0));
        assert_eq!(report.score("reference_recall"), Some(1.0));
        assert_eq!(report.score("reference_f1"), Some(1.0));
        // Pairwise scores come before the assignment: the none pair is a false positive there.
        assert_eq!(report.score("pairwise_precision"), Some(0.5));
        // Version 1 scored this 0.5 / 1 / 0.667: the report says which definition it used.
        assert_eq!(report.metric_version, "2");
    }

    #[test]
    fn pairs_without_a_continuous_similarity_say_why_as_a_std_error() {
        let pairs = [pair(FEES, "Fees may be awarded.", MatchLabel::Full)];
        let unembedded = EmbeddedTexts::new(vec![FEES.to_string()], vec![vec![1.0]]);
        let errors = [
            pair_similarities(&pairs, Measure::Llm, None),
            pair_similarities(&pairs, Measure::Embedding, None),
            pair_similarities(&pairs, Measure::Embedding, Some(&unembedded)),
        ]
        .map(|result| -> Box<dyn std::error::Error> { Box::new(result.unwrap_err()) });
        assert_eq!(
            errors.map(|error| error.to_string()),
            [
                "calibration takes a continuous similarity: ROUGE-L, ROUGE-1, ROUGE-2 or embedding",
                "embedding similarity needs the pairs' embeddings",
                "no embedding for \"Fees may be awarded.\"",
            ]
        );
    }

    #[test]
    fn similarities_equal_but_for_rounding_are_one_candidate_threshold() {
        let rouge_l = Measure::Rouge(crate::rouge::RougeType::L);
        let pairs = [
            // LCS 3 of 4 and 5 tokens, and 2 of 3 and 3: both F1s are 2/3, computed differently.
            pair(
                "the court grants relief",
                "the court grants costs today",
                MatchLabel::None,
            ),
            pair(
                "court grants relief",
                "court denies relief",
                MatchLabel::Full,
            ),
            pair(
                "the appeal was dismissed",
                "costs awarded",
                MatchLabel::None,
            ),
        ];
        let similarities = pair_similarities(&pairs, rouge_l, None).unwrap();
        assert_ne!(similarities[0], similarities[1]);
        assert!(similarities[..2]
            .iter()
            .all(|s| (s - 2.0 / 3.0).abs() < 1e-15));
        let report = calibrate(&pairs, &similarities, "rougeL");
        assert_eq!(report.details["curve"].as_array().unwrap().len(), 2);
        // At 2/3 both pairs match, so no threshold scores the full pair alone (reference F1 1).
        let f1 = report.score("reference_f1").unwrap();
        assert!((f1 - 2.0 / 3.0).abs() < 1e-12, "{f1}");
        let threshold = report.score("threshold").unwrap();
        let fixed = evaluate(&pairs, &similarities, "rougeL", threshold);
        assert_eq!(fixed.score("reference_f1"), Some(f1));
    }

    #[test]
    fn calibration_picks_the_midpoint_of_the_best_separation() {
        let pairs = [
            pair(FEES, "a", MatchLabel::Full),
            pair(REVIEW, "b", MatchLabel::Full),
            pair("Claim three. Id. at 3.", "c", MatchLabel::None),
            pair("Claim four. Id. at 4.", "d", MatchLabel::None),
        ];
        let report = calibrate(&pairs, &[0.8, 0.6, 0.4, 0.2], "rougeL");
        // Thresholds 0.6 and above separate perfectly; 0.6 is the lowest best, 0.4 below it → 0.5.
        assert_eq!(report.score("threshold"), Some(0.5));
        assert_eq!(report.score("reference_f1"), Some(1.0));
        assert_eq!(report.details["best_observed_similarity"], 0.6);
        let fixed = evaluate(&pairs, &[0.8, 0.6, 0.4, 0.2], "rougeL", 0.7);
        assert_eq!(fixed.score("reference_recall"), Some(0.5));
        assert_eq!(calibrate(&[], &[], "rougeL").score("threshold"), None);
    }
}
