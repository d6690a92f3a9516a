//! The LLM judge as the check pipelines see it. Core decides which questions to ask and what the answers
//! mean for the metric; how a question is worded and how an answer is read (the papers' prompts and answer
//! parsing) is [`JudgeLanguage`], implemented by lexeval-llm. Core never sends a request.

use serde::{Deserialize, Serialize};

/// One answer of the LLM, or why there is none.
pub type Answer = Result<String, JudgeError>;

/// Why a comparison has no verdict from the judge. Reports record the message, as written here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// The call failed (no endpoint, unreachable, an HTTP error, timed out): the message says which.
    Unanswered(String),
    /// An answer came but holds no verdict or number: the message says what is missing.
    Unreadable(String),
}

impl std::fmt::Display for JudgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JudgeError::Unanswered(message) | JudgeError::Unreadable(message) => {
                f.write_str(message)
            }
        }
    }
}

impl std::error::Error for JudgeError {}

/// What the A.4 point-matching question is about.
pub struct PointQuestion<'a> {
    /// The reference summary the points come from.
    pub summary: &'a str,
    /// The reference point with its neighbours, one per line.
    pub reference_context: &'a str,
    pub candidate_context: &'a str,
    pub reference_point: &'a str,
    pub candidate_point: &'a str,
}

/// The wording of the judge's questions and the reading of its answers.
pub trait JudgeLanguage {
    /// Pointwise Step 1: split this paragraph of a summary into points.
    fn extract_points(&self, paragraph: &str) -> String;
    /// The points an answer lists, or why it lists none ([`JudgeError::Unreadable`]).
    fn points(&self, answer: &str) -> Result<Vec<String>, JudgeError>;
    /// L-FRESCO's B-SIM: does the generated claim make the reference claim's point?
    fn same_claim(&self, generated: &str, reference: &str) -> String;
    /// Pointwise A.4: do the two points match?
    fn same_point(&self, question: &PointQuestion<'_>) -> String;
    /// Pointwise A.5 tie-break: which of the numbered reference points (one per line, "1. …") is closest
    /// to the candidate point?
    fn closest_reference(&self, candidate_point: &str, numbered_references: &str) -> String;
    /// The final Yes/No of an answer, or why there is none ([`JudgeError::Unreadable`]).
    fn verdict(&self, answer: &str) -> Result<bool, JudgeError>;
    /// The last number in an answer, or why there is none ([`JudgeError::Unreadable`]).
    fn number(&self, answer: &str) -> Result<usize, JudgeError>;
}

/// One prompt sent, its raw answer (if any) and why it could not be used (if so). Fields in alphabetical
/// order, as reports have always had them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    pub answer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub prompt: String,
}

impl Exchange {
    pub fn new<E: std::fmt::Display>(prompt: String, answer: &Result<String, E>) -> Self {
        Exchange {
            answer: answer.as_ref().ok().cloned(),
            error: answer.as_ref().err().map(ToString::to_string),
            prompt,
        }
    }

    /// Records why a received answer could not be used, unless the call itself failed.
    pub fn unusable(&mut self, why: impl std::fmt::Display) {
        if self.error.is_none() {
            self.error = Some(why.to_string());
        }
    }
}

/// Seconds one request to the judge may take before it is abandoned as a failed judgement: the CLI's
/// `--timeout` and the page's timeout field start here.
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 60;

/// The endpoint settings a report records (never the key).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JudgeSettings {
    pub endpoint: String,
    pub model: String,
    pub seed: Option<u64>,
    pub temperature: f64,
}
