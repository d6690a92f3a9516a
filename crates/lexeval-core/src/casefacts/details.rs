//! The CaseFacts report's typed details. Fields are declared in alphabetical order, the order the
//! `json!` details had, so saved reports and new ones print alike.

use crate::judge::JudgeSettings;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CaseFactsDetails {
    /// One row per gold claim, in the gold file's order.
    pub claims: Vec<ClaimRow>,
    /// Gold label → predicted verdict ("MISSING" without a prediction) → count.
    pub confusion: BTreeMap<String, BTreeMap<String, usize>>,
    /// The endpoint of `lexeval casefacts --llm-baseline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// The LLM baseline's answers with their prompts, as lexeval-llm records them (core does not know
    /// lexeval-llm's types).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_baseline: Option<serde_json::Value>,
    /// The scores over the gold claims that have a prediction, when some have none (theirs are 0 in the
    /// headline scores, which cover all gold claims as the released evaluate.py does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted_only: Option<ClassRow>,
    /// One row per verdict of `Verdict::ALL`, keyed by its label.
    pub per_class: BTreeMap<String, ClassRow>,
    pub predictions_matched: usize,
    /// Predictions whose claim no gold claim has.
    pub predictions_unmatched: usize,
}

/// One gold claim and how its prediction scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimRow {
    pub claim: String,
    pub evidence_score: f64,
    pub evidence_score_recall: f64,
    pub gold_cases: Vec<String>,
    pub gold_label: String,
    pub missing_prediction: bool,
    /// As predicted (not normalised); null without a prediction.
    pub predicted_cases: Option<Vec<String>>,
    pub predicted_verdict: String,
    pub recall_at_5: f64,
    pub verdict_correct: bool,
    pub verdict_score: f64,
    pub verdict_score_recall: f64,
}

/// The means over the claims of one gold label; null when it has none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassRow {
    pub claims: usize,
    pub evidence_score: Option<f64>,
    pub evidence_score_recall: Option<f64>,
    pub verdict_accuracy: Option<f64>,
    pub verdict_score: Option<f64>,
    pub verdict_score_recall: Option<f64>,
}
