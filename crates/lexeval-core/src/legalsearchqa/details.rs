//! The LegalSearchQA report's typed details. Fields are declared in alphabetical order, the order the
//! `json!` details had, so saved reports and new ones print alike.

use crate::judge::JudgeSettings;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LegalSearchQaDetails {
    /// Accuracy per category, domain and difficulty value, sorted by both.
    pub breakdown: Vec<BreakdownRow>,
    /// `lexeval legalsearchqa --judge`: each answered question's rating with every vote's prompt and
    /// answer, as lexeval-llm records them (core does not know lexeval-llm's types).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge: Option<serde_json::Value>,
    /// The judge's endpoint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// One row per question, in the questions file's order.
    pub questions: Vec<QuestionRow>,
}

/// Accuracy over the questions sharing one value of a field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakdownRow {
    pub accuracy: f64,
    /// "category", "domain" or "difficulty".
    pub by: String,
    pub questions: usize,
    pub value: String,
}

/// One question and its prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuestionRow {
    /// The 0-based choice the answer names; null when missing or unreadable.
    pub chosen: Option<usize>,
    pub correct: bool,
    pub gold: usize,
    pub id: String,
    pub missing_prediction: bool,
    /// U-Score of the explanation, when there is one.
    pub u_score: Option<f64>,
    pub unreadable_answer: bool,
}
