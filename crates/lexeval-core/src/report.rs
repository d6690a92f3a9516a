//! The one serialisable result shared by the page, the CLI, exports and share links.

use crate::judge::JudgeSettings;
use crate::shipped_model::EmbeddingModel;
use serde::{Deserialize, Serialize};

/// Version of the report schema; bump when a field changes meaning. 2: an L-FRESCO pair's `compared` is
/// how many candidate claims were compared (1 listed them); pointwise reference points name their closest
/// candidate, and the matrix is kept only when small.
pub const REPORT_SCHEMA_VERSION: u32 = 2;

/// A score that may be undefined (e.g. no reference citations): never NaN, always a reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Score {
    pub name: String,
    pub value: Option<f64>,
    /// Why `value` is null; absent when it is defined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null_reason: Option<String>,
    /// What a defined value leaves out, e.g. "over 3 of 4 reference pairs: 1 LLM judgement failed".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Where the score would lie had every item been decided, when some were not: a value over the decided
    /// items alone must not read as a measurement of all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounds: Option<Bounds>,
}

/// The lowest and highest a partly decided score could be: every undecided item counted as a miss, or as a
/// hit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bounds {
    pub lower: f64,
    pub upper: f64,
}

impl Score {
    /// A defined score; a non-finite value becomes null with a reason instead of leaking NaN.
    pub fn new(name: impl Into<String>, value: f64) -> Self {
        if value.is_finite() {
            Score {
                name: name.into(),
                value: Some(value),
                null_reason: None,
                note: None,
                bounds: None,
            }
        } else {
            Score::null(name, "not a finite number")
        }
    }

    pub fn null(name: impl Into<String>, reason: impl Into<String>) -> Self {
        Score {
            name: name.into(),
            value: None,
            null_reason: Some(reason.into()),
            note: None,
            bounds: None,
        }
    }

    /// The same score with a note on what its value leaves out.
    pub fn with_note(self, note: impl Into<String>) -> Self {
        Score {
            note: Some(note.into()),
            ..self
        }
    }

    /// Adds `text` to what the score says: its note when it has a value, its null reason when not.
    pub fn tell(&mut self, text: &str) {
        let said = match self.value {
            Some(_) => &mut self.note,
            None => &mut self.null_reason,
        };
        *said = Some(match said.take() {
            Some(before) => format!("{before}; {text}"),
            None => text.to_string(),
        });
    }

    /// The same score with the bounds a full decision would lie within.
    pub fn with_bounds(self, lower: f64, upper: f64) -> Self {
        Score {
            bounds: Some(Bounds { lower, upper }),
            ..self
        }
    }
}

/// The result of one metric run: headline scores plus a metric-specific breakdown down to the pair.
/// `Details` is the metric's typed breakdown (e.g. `fresco::FrescoDetails`); reports read back without
/// knowing the metric (`lexeval show`, imports) keep it as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreReport<Details = serde_json::Value> {
    pub schema_version: u32,
    /// Metric id, e.g. "l-fresco", "rouge", "pointwise".
    pub metric: String,
    /// Version of the metric's definition; share links carry it so old links stay reproducible.
    pub metric_version: String,
    /// Settings that produced the numbers (similarity, threshold, model sha256, ...). Never an API key.
    pub settings: serde_json::Value,
    pub scores: Vec<Score>,
    /// Metric-specific breakdown (matched pairs, per-item rows, ...).
    pub details: Details,
}

impl<Details: Default> ScoreReport<Details> {
    pub fn new(metric: &str, metric_version: &str, settings: serde_json::Value) -> Self {
        ScoreReport {
            schema_version: REPORT_SCHEMA_VERSION,
            metric: metric.to_string(),
            metric_version: metric_version.to_string(),
            settings,
            scores: Vec::new(),
            details: Details::default(),
        }
    }
}

impl<Details> ScoreReport<Details> {
    /// The headline value of a named score, if present and defined.
    pub fn score(&self, name: &str) -> Option<f64> {
        self.scores
            .iter()
            .find(|s| s.name == name)
            .and_then(|s| s.value)
    }

    /// Records which embedding model computed the similarities (`settings.embedding_model`).
    pub fn record_embedding_model(&mut self, model: EmbeddingModel) {
        self.record("embedding_model", model.record());
    }

    /// Records the LLM judge's endpoint and model, never its key (`settings.llm`).
    pub fn record_judge(&mut self, judge: &JudgeSettings) {
        if let Ok(judge) = serde_json::to_value(judge) {
            self.record("llm", judge);
        }
    }

    /// Records the bootstrap behind the report's intervals (`settings.bootstrap`).
    pub fn record_bootstrap(&mut self, bootstrap: &BootstrapSettings) {
        if let Ok(bootstrap) = serde_json::to_value(bootstrap) {
            self.record("bootstrap", bootstrap);
        }
    }

    /// The bootstrap behind the report's intervals, if it has any.
    pub fn bootstrap(&self) -> Option<BootstrapSettings> {
        BootstrapSettings::deserialize(self.settings.get("bootstrap")?).ok()
    }

    /// Sets one of the settings every metric may record; settings that are no object (none) become one.
    fn record(&mut self, name: &str, value: serde_json::Value) {
        if !self.settings.is_object() {
            self.settings = serde_json::Value::Object(serde_json::Map::new());
        }
        if let Some(settings) = self.settings.as_object_mut() {
            settings.insert(name.to_string(), value);
        }
    }
}

/// The resampling behind a report's bootstrap intervals, as `settings.bootstrap` records it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BootstrapSettings {
    pub confidence: f64,
    pub samples: usize,
    pub seed: u64,
    /// The generator, where a reader might expect another's numbers (ROUGE's intervals: rouge-score's are
    /// numpy's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_finite_scores_become_null_with_reason() {
        let s = Score::new("x", f64::NAN);
        assert_eq!(s.value, None);
        assert!(s.null_reason.is_some());
    }

    #[test]
    fn report_round_trips_through_json() {
        let mut r = ScoreReport::new("rouge", "1", serde_json::json!({"stem": true}));
        r.scores.push(Score::new("rouge1", 0.5));
        r.scores.push(Score::null("rougeL", "empty reference"));
        let text = serde_json::to_string(&r).unwrap();
        let back: ScoreReport = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.score("rouge1"), Some(0.5));
        assert_eq!(back.score("rougeL"), None);
    }
}
