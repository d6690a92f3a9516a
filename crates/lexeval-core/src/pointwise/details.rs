//! What a pointwise report records beside its scores.

use crate::judge::{Exchange, JudgeSettings};
use serde::{Deserialize, Serialize};

/// The breakdown of a pointwise report: scored, or why it was not. Field names (alphabetical) are those
/// reports have always used, so saved reports still open.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PointwiseDetails {
    Scored(Box<ScoredPoints>),
    Skipped {
        error: String,
        /// The LLM's endpoint and model, when its point extraction (Step 1) is why.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        llm: Option<JudgeSettings>,
        /// Every prompt and raw answer of the point extraction, when it is why.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        llm_exchanges: Option<Vec<Exchange>>,
    },
}

impl PointwiseDetails {
    /// Records Step 1's exchanges with the LLM (`points: llm`) before any others, and its settings.
    pub fn record_point_extraction(
        &mut self,
        settings: Option<JudgeSettings>,
        exchanges: Vec<Exchange>,
    ) {
        match self {
            PointwiseDetails::Scored(details) => {
                details.llm = details.llm.take().or(settings);
                let later = details.llm_exchanges.take().unwrap_or_default();
                details.llm_exchanges = Some(exchanges.into_iter().chain(later).collect());
            }
            PointwiseDetails::Skipped {
                llm, llm_exchanges, ..
            } => {
                *llm = settings;
                *llm_exchanges = Some(exchanges);
            }
        }
    }
}

impl Default for PointwiseDetails {
    fn default() -> Self {
        PointwiseDetails::Scored(Box::default())
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ScoredPoints {
    /// The 1-1 (reference, candidate) assignment.
    pub assignment: Vec<(usize, usize)>,
    pub candidate_points: Vec<String>,
    /// The LLM's endpoint and model, when it extracted or matched the points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// Every prompt and raw answer of the LLM (Step 1's point extractions with `points: llm`, A.4 matches,
    /// then A.5 tie-breaks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_exchanges: Option<Vec<Exchange>>,
    /// Similarities that failed (LLM answers missing or unreadable), as [`ScoredPoints::unjudged_pairs`]
    /// lists them (metric version 2; 0 in older reports).
    #[serde(default)]
    pub failed_pairs: usize,
    /// Similarities (LLM verdicts) obtained (metric version 2; 0 in older reports).
    #[serde(default)]
    pub judged_pairs: usize,
    /// How the LLM judge's candidates were chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preselection: Option<String>,
    pub reference_points: Vec<ReferencePoint>,
    /// `similarity[r][c]`, reference × candidate points, up to [`MAX_MATRIX_CELLS_KEPT`] cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub similarity: Option<Vec<Vec<f64>>>,
    /// The pairs whose judgement failed: unknown, not "no match" (metric version 2).
    #[serde(default)]
    pub unjudged_pairs: Vec<UnjudgedPair>,
    /// Candidate points nothing in the reference matches, except those a failed judgement left open
    /// (metric version 2).
    #[serde(default)]
    pub unsupported_candidate_points: Vec<UnsupportedPoint>,
    pub weighting: Weighting,
}

/// How reference points are weighted in pointwise recall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Weighting {
    /// No points were weighted: the report's scores are null (its details are the empty default).
    #[default]
    #[serde(rename = "")]
    NotScored,
    /// By the reference paragraph's lemmas (the paper's appendix A.3).
    #[serde(rename = "A.3 lemma weights")]
    Lemmas,
    /// Every point alike: no lemma of any reference point occurs in the reference paragraph, so the
    /// lemma weights are all zero.
    #[serde(rename = "uniform: no lemma of any reference point occurs in the reference paragraph")]
    Uniform,
}

/// A (reference, candidate) point pair whose judgement failed, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnjudgedPair {
    pub candidate: usize,
    pub error: String,
    pub reference: usize,
}

/// A candidate point no reference point matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnsupportedPoint {
    pub candidate: usize,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferencePoint {
    pub assigned_candidate: Option<usize>,
    /// The assigned candidate point, else the most similar one (schema 2; absent in older reports).
    #[serde(default)]
    pub closest_candidate: Option<usize>,
    pub credit: f64,
    /// False when a failed judgement left the point undecided (not counted in recall). Reports made
    /// before metric version 2 counted every point.
    #[serde(default = "crate::judged::judged_before_version_2")]
    pub judged: bool,
    /// Candidate points this point matches (at or above the threshold, or the judge's Yes).
    pub matches: Vec<usize>,
    /// The similarity of `closest_candidate` (schema 2; absent in older reports).
    #[serde(default)]
    pub similarity: Option<f64>,
    pub text: String,
    pub weight: f64,
}
