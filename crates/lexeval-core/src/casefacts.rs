//! CaseFacts (verdicts SUPPORTED / REFUTED / OVERRULED with evidence cases).
//!
//! - evidence_score: as the released `experiments/evaluate.py` computes it, the F1 between the whole
//!   predicted case set and the gold set, set to 0 when Recall@5 < 0.5.
//! - evidence_score_recall: the paper's text (§ "Assessing Retrieval Quality"), recall instead of F1, with the
//!   same Recall@5 gate.
//! - verdict_accuracy: predicted verdict equals the gold label; verdict_score: evidence_score × correct (the
//!   released code); verdict_score_recall: evidence_score_recall × correct (the paper's text, §
//!   "Assessing Verdict Reliability": the product of the recall-based Evidence Score and Verdict Accuracy).
//!
//! Case names are compared after normalisation: lower case, "&" → "and", "vs." → "v.", every run of
//! non-alphanumeric characters → one space ("Continental T. V., Inc." = "continental t v inc").

mod details;

pub use details::{CaseFactsDetails, ClaimRow, ClassRow};

use crate::report::{Score, ScoreReport};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const METRIC_VERSION: &str = "1";

/// A CaseFacts verdict: the three gold labels, and what the LLM baseline answers (serialised by its
/// variant name, as the baseline's answers in saved reports are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Verdict {
    Supported,
    Refuted,
    Overruled,
}

impl Verdict {
    /// In the order of the per-class rows.
    pub const ALL: [Verdict; 3] = [Verdict::Supported, Verdict::Refuted, Verdict::Overruled];

    /// As the gold file spells it, and as `normalise_verdict` spells any verdict.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Supported => "SUPPORTED",
            Verdict::Refuted => "REFUTED",
            Verdict::Overruled => "OVERRULED",
        }
    }

    /// A verdict in any case and surrounding space ("Overruled", " supported "); None for anything else.
    pub fn parse(text: &str) -> Option<Verdict> {
        let label = normalise_verdict(text);
        Verdict::ALL.into_iter().find(|v| v.label() == label)
    }
}

/// One gold claim of `test.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GoldClaim {
    pub claim: String,
    pub case_name: Vec<String>,
    #[serde(default)]
    pub overruling_case: Option<String>,
    pub label: String,
}

/// One prediction line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    pub claim: String,
    /// Ranked, best first.
    #[serde(default)]
    pub predicted_cases: Vec<String>,
    #[serde(default)]
    pub predicted_verdict: String,
}

pub fn normalise_case_name(name: &str) -> String {
    let lower = name
        .to_lowercase()
        .replace('&', " and ")
        .replace(" vs. ", " v. ")
        .replace(" vs ", " v ");
    lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn normalise_verdict(verdict: &str) -> String {
    verdict.trim().to_uppercase()
}

fn normalise_claim(claim: &str) -> String {
    claim
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Recall@k: share of gold cases among the first k predictions.
pub fn recall_at(predicted: &[String], gold: &BTreeSet<String>, k: usize) -> f64 {
    if gold.is_empty() {
        return 0.0;
    }
    let top = crate::sorted::set(predicted.iter().take(k));
    gold.iter().filter(|g| top.contains(g)).count() as f64 / gold.len() as f64
}

/// (F1, recall) of the predicted set against the gold set, both zeroed when Recall@5 < 0.5.
pub fn evidence(predicted: &[String], gold: &BTreeSet<String>) -> (f64, f64) {
    if recall_at(predicted, gold, 5) < 0.5 {
        return (0.0, 0.0);
    }
    let set = crate::sorted::set(predicted);
    let hits = gold.iter().filter(|g| set.contains(g)).count() as f64;
    let precision = hits / set.len().max(1) as f64;
    let recall = hits / gold.len() as f64;
    let f1 = if hits > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    };
    (f1, recall)
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// The means of the rows' scores, as the headline scores and each gold label's row report them.
fn class_row(rows: &[&ClaimRow]) -> ClassRow {
    let metric = |value: fn(&ClaimRow) -> f64| mean(rows.iter().map(|r| value(r)));
    ClassRow {
        claims: rows.len(),
        evidence_score: metric(|r| r.evidence_score),
        evidence_score_recall: metric(|r| r.evidence_score_recall),
        verdict_accuracy: metric(|r| f64::from(u8::from(r.verdict_correct))),
        verdict_score: metric(|r| r.verdict_score),
        verdict_score_recall: metric(|r| r.verdict_score_recall),
    }
}

/// Scores predictions against the gold claims; predictions are matched to claims by their text.
pub fn score(gold: &[GoldClaim], predictions: &[Prediction]) -> ScoreReport<CaseFactsDetails> {
    let by_claim: HashMap<String, &Prediction> = predictions
        .iter()
        .map(|p| (normalise_claim(&p.claim), p))
        .collect();
    let mut rows = Vec::with_capacity(gold.len());
    let mut confusion: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for item in gold {
        let gold_cases = crate::sorted::set(item.case_name.iter().map(|n| normalise_case_name(n)));
        let gold_label = normalise_verdict(&item.label);
        let prediction = by_claim.get(&normalise_claim(&item.claim));
        let predicted: Vec<String> = prediction
            .map(|p| {
                p.predicted_cases
                    .iter()
                    .map(|n| normalise_case_name(n))
                    .collect()
            })
            .unwrap_or_default();
        let verdict = prediction.map_or_else(
            || "MISSING".to_string(),
            |p| normalise_verdict(&p.predicted_verdict),
        );
        let (evidence_f1, evidence_recall) = evidence(&predicted, &gold_cases);
        let verdict_correct = verdict == gold_label;
        let correct = f64::from(u8::from(verdict_correct));
        *confusion
            .entry(gold_label.clone())
            .or_default()
            .entry(verdict.clone())
            .or_default() += 1;
        rows.push(ClaimRow {
            claim: item.claim.clone(),
            evidence_score: evidence_f1,
            evidence_score_recall: evidence_recall,
            gold_cases: item.case_name.clone(),
            gold_label,
            missing_prediction: prediction.is_none(),
            predicted_cases: prediction.map(|p| p.predicted_cases.clone()),
            predicted_verdict: verdict,
            recall_at_5: recall_at(&predicted, &gold_cases, 5),
            verdict_correct,
            verdict_score: evidence_f1 * correct,
            verdict_score_recall: evidence_recall * correct,
        });
    }
    let mut report = ScoreReport::new("casefacts", METRIC_VERSION, serde_json::json!({}));
    let all = class_row(&rows.iter().collect::<Vec<_>>());
    let matched = rows.iter().filter(|r| !r.missing_prediction).count();
    let missing = rows.len() - matched;
    // A partial predictions file scores its missing claims 0, as evaluate.py does; say so on every score.
    let missing_note = (missing > 0).then(|| {
        let has = if missing == 1 { "has" } else { "have" };
        format!(
            "over all {} gold claims: {missing} {has} no prediction and score{} 0",
            rows.len(),
            if missing == 1 { "s" } else { "" }
        )
    });
    let null_without_claims = |name: &str, value: Option<f64>| match value {
        None => Score::null(name, "no gold claims"),
        Some(v) => match &missing_note {
            Some(note) => Score::new(name, v).with_note(note.clone()),
            None => Score::new(name, v),
        },
    };
    report.scores = vec![
        null_without_claims("evidence_score", all.evidence_score),
        null_without_claims("evidence_score_recall", all.evidence_score_recall),
        null_without_claims("verdict_accuracy", all.verdict_accuracy),
        null_without_claims("verdict_score", all.verdict_score),
        null_without_claims("verdict_score_recall", all.verdict_score_recall),
    ];
    let per_class = Verdict::ALL
        .iter()
        .map(|verdict| verdict.label())
        .map(|label| {
            let class: Vec<&ClaimRow> = rows.iter().filter(|r| r.gold_label == label).collect();
            (label.to_string(), class_row(&class))
        })
        .collect();
    let predicted: Vec<&ClaimRow> = rows.iter().filter(|r| !r.missing_prediction).collect();
    let predicted_only = (missing > 0 && matched > 0).then(|| class_row(&predicted));
    report.details = CaseFactsDetails {
        claims: rows,
        confusion,
        llm: None,
        llm_baseline: None,
        per_class,
        predicted_only,
        predictions_matched: matched,
        predictions_unmatched: predictions.len().saturating_sub(matched),
    };
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_read_in_any_case_and_keep_their_two_spellings() {
        assert_eq!(Verdict::parse(" overruled\n"), Some(Verdict::Overruled));
        assert_eq!(Verdict::parse("Supported"), Some(Verdict::Supported));
        assert_eq!(Verdict::parse("unsure"), None);
        // The gold file's label, and the baseline's answer as saved reports hold it.
        assert_eq!(Verdict::Refuted.label(), "REFUTED");
        assert_eq!(serde_json::to_value(Verdict::Refuted).unwrap(), "Refuted");
    }

    fn gold(claim: &str, cases: &[&str], label: &str) -> GoldClaim {
        GoldClaim {
            claim: claim.into(),
            case_name: cases.iter().map(|c| c.to_string()).collect(),
            overruling_case: None,
            label: label.into(),
        }
    }

    fn prediction(claim: &str, cases: &[&str], verdict: &str) -> Prediction {
        Prediction {
            claim: claim.into(),
            predicted_cases: cases.iter().map(|c| c.to_string()).collect(),
            predicted_verdict: verdict.into(),
        }
    }

    #[test]
    fn worked_example() {
        let gold = [
            gold("A", &["Roe v. Wade"], "Supported"),
            gold(
                "B",
                &["United States v. Sealy, Inc.", "Hill v. Colorado"],
                "Overruled",
            ),
            gold("C", &["Brown v. Board"], "Refuted"),
        ];
        let predictions = [
            // Found among 2 predictions: P = 1/2, R = 1 → F1 2/3; verdict right.
            prediction("A", &["Doe v. Bolton", "Roe  v.  Wade"], "SUPPORTED"),
            // 1 of 2 gold in top 5 → R@5 = 0.5 passes: P = 1, R = 0.5 → F1 2/3; verdict wrong.
            prediction("b", &["united states v sealy inc"], "Refuted"),
            // C has no prediction: 0 and counted as missing.
        ];
        let report = score(&gold, &predictions);
        let f1 = 2.0 / 3.0;
        assert!((report.score("evidence_score").unwrap() - (f1 + f1) / 3.0).abs() < 1e-12);
        assert!((report.score("evidence_score_recall").unwrap() - (1.0 + 0.5) / 3.0).abs() < 1e-12);
        assert!((report.score("verdict_accuracy").unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert!((report.score("verdict_score").unwrap() - f1 / 3.0).abs() < 1e-12);
        // The paper's Verdict Score: only A's verdict is right, with evidence recall 1 → 1/3.
        assert!((report.score("verdict_score_recall").unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(report.details.confusion["OVERRULED"]["REFUTED"], 1);
        assert_eq!(report.details.confusion["REFUTED"]["MISSING"], 1);
        // C's missing prediction is said on every score, and the scores over A and B stand beside them.
        assert!(report.scores.iter().all(|s| s.note.as_deref()
            == Some("over all 3 gold claims: 1 has no prediction and scores 0")));
        let predicted = report.details.predicted_only.as_ref().unwrap();
        assert_eq!(predicted.verdict_accuracy, Some(0.5));
        assert!((predicted.evidence_score.unwrap() - f1).abs() < 1e-12);
        assert_eq!(
            report.details.per_class["SUPPORTED"].verdict_accuracy,
            Some(1.0)
        );
    }

    #[test]
    fn paper_worked_example_right_verdict_with_half_the_evidence_scores_half() {
        // Sealy's overruling: gold evidence is Sealy and Topco; the model finds Sealy only (Recall@5 = 0.5
        // passes the gate) among three predictions and gets the verdict right.
        let gold = [gold(
            "Horizontal territorial restrictions among competitors are per se illegal.",
            &[
                "United States v. Sealy, Inc.",
                "United States v. Topco Associates, Inc.",
            ],
            "Overruled",
        )];
        let predictions = [prediction(
            "Horizontal territorial restrictions among competitors are per se illegal.",
            &[
                "United States v. Sealy, Inc.",
                "White Motor Co. v. United States",
                "Continental T. V., Inc. v. GTE Sylvania Inc.",
            ],
            "OVERRULED",
        )];
        let report = score(&gold, &predictions);
        // Recall 1/2 → 0.5; F1 with precision 1/3: 2·(1/3)(1/2)/(5/6) = 0.4.
        assert_eq!(report.score("verdict_score_recall"), Some(0.5));
        assert!((report.score("verdict_score").unwrap() - 0.4).abs() < 1e-12);
        assert_eq!(
            report.details.per_class["OVERRULED"].verdict_score_recall,
            Some(0.5)
        );
    }

    #[test]
    fn recall_at_5_below_half_zeroes_the_evidence() {
        let gold: BTreeSet<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let predicted: Vec<String> = ["x", "x2", "x3", "x4", "x5", "a", "b", "c"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(evidence(&predicted, &gold), (0.0, 0.0));
        assert_eq!(
            normalise_case_name("Continental T. V., Inc. v. GTE Sylvania Inc."),
            "continental t v inc v gte sylvania inc"
        );
    }

    #[test]
    fn empty_gold_gives_null_scores() {
        let report = score(&[], &[]);
        let names: Vec<&str> = report.scores.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "evidence_score",
                "evidence_score_recall",
                "verdict_accuracy",
                "verdict_score",
                "verdict_score_recall"
            ]
        );
        for score in &report.scores {
            assert_eq!(score.value, None);
            assert_eq!(score.null_reason.as_deref(), Some("no gold claims"));
        }
    }
}
