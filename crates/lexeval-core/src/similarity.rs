//! The one similarity choice of the brief and summary checks: the page's settings, the CLI's
//! `--similarity`, share links and reports all name it with [`Similarity::id`].

use crate::embedded::MissingEmbedding;
use crate::judge::JudgeError;
use crate::rouge::RougeType;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// Similarities (and sums of them) closer than this are equal: they differ by floating-point rounding, not
/// by what was compared. A ROUGE F1 of exactly 2/5 may be computed 0.39999999999999997. A ROUGE F1 is
/// 2 × overlap / (tokens of both texts), so two distinct ones of texts under 10,000 tokens each differ by at
/// least 5·10⁻⁹, and an embedding cosine has about seven significant digits (f32): 10⁻⁹ merges rounding
/// noise and nothing else. (Docs: "Equal within 10⁻⁹" in docs/metrics.md.)
pub const SIMILARITY_TOLERANCE: f64 = 1e-9;

/// Whether `similarity` reaches `threshold` (a match, B-SIM 1): at or above it, or below it by less than
/// [`SIMILARITY_TOLERANCE`]. Every metric and the calibration decide "similarity ≥ threshold" here, so an
/// F1 of exactly 2/5 computed 0.39999999999999997 matches at the threshold 0.40 everywhere. NaN never does.
pub fn reaches_threshold(similarity: f64, threshold: f64) -> bool {
    similarity >= threshold - SIMILARITY_TOLERANCE
}

/// What makes a reference claim (or point) and a generated one comparable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Similarity {
    /// ROUGE-L F1 (rouge-score's tokenizer, Porter stemming): the page's and the CLI's default.
    #[default]
    #[serde(rename = "rougeL")]
    RougeL,
    #[serde(rename = "rouge1")]
    Rouge1,
    #[serde(rename = "rouge2")]
    Rouge2,
    /// Cosine of all-MiniLM-L6-v2 sentence embeddings, clamped to [0, 1].
    #[serde(rename = "embedding")]
    Embedding,
    /// The user's LLM answers Yes or No (L-FRESCO's B-SIM; pointwise A.4/A.5 over the top candidates by
    /// embedding cosine).
    #[serde(rename = "llm")]
    Llm,
}

/// How a [`Similarity`] is computed, so callers match on three cases, not five.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Rouge(RougeType),
    Embedding,
    Llm,
}

impl Similarity {
    pub const ALL: [Similarity; 5] = [
        Similarity::RougeL,
        Similarity::Rouge1,
        Similarity::Rouge2,
        Similarity::Embedding,
        Similarity::Llm,
    ];

    /// The id used in settings, share links, reports and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Similarity::RougeL => "rougeL",
            Similarity::Rouge1 => "rouge1",
            Similarity::Rouge2 => "rouge2",
            Similarity::Embedding => "embedding",
            Similarity::Llm => "llm",
        }
    }

    pub fn from_id(id: &str) -> Option<Similarity> {
        Similarity::ALL.into_iter().find(|s| s.id() == id)
    }

    /// A one-line description for menus and help, short enough to show whole in the page's select on a
    /// 390 px phone (34 characters at most; `labels_fit_a_phone`).
    pub fn label(self) -> &'static str {
        match self {
            Similarity::RougeL => "ROUGE-L F1 (in-order word overlap)",
            Similarity::Rouge1 => "ROUGE-1 F1 (word overlap)",
            Similarity::Rouge2 => "ROUGE-2 F1 (word-pair overlap)",
            Similarity::Embedding => "Embedding cosine (MiniLM, offline)",
            Similarity::Llm => "LLM judge (your endpoint)",
        }
    }

    pub fn measure(self) -> Measure {
        match self {
            Similarity::RougeL => Measure::Rouge(RougeType::L),
            Similarity::Rouge1 => Measure::Rouge(RougeType::N(1)),
            Similarity::Rouge2 => Measure::Rouge(RougeType::N(2)),
            Similarity::Embedding => Measure::Embedding,
            Similarity::Llm => Measure::Llm,
        }
    }

    /// The default match threshold (B-SIM, pointwise matching), used by the CLI when `--threshold` is
    /// omitted and by the page as its default and whenever the similarity changes. Chosen with
    /// `lexeval calibrate` on `tests/calibration/legal_claim_pairs.jsonl` (64 labelled legal claim pairs);
    /// data, method and results in `docs/thresholds.md`. An explicit threshold always wins.
    pub fn default_threshold(self) -> f64 {
        match self {
            Similarity::RougeL => 0.40,
            Similarity::Rouge1 => 0.42,
            Similarity::Rouge2 => 0.26,
            Similarity::Embedding => 0.77,
            // The LLM judge answers 1 or 0, so any threshold in (0, 1] reads its verdict.
            Similarity::Llm => 0.5,
        }
    }

    /// Deserialises a similarity id, reading one this build does not know as the default (ROUGE-L), so a
    /// share link from a newer build still opens.
    pub fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Similarity, D::Error> {
        let id = String::deserialize(deserializer)?;
        Ok(Similarity::from_id(&id).unwrap_or_default())
    }
}

impl fmt::Display for Similarity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Why two texts have no similarity: the pair is unjudged, never 0. Its message is what reports list
/// (FRESCO's `similarity_errors`, a null score's reason, a note's first error), so each case shows the
/// message of the failure it wraps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimilarityError {
    /// The LLM judge gave no verdict: the call failed or its answer holds none.
    Judge(JudgeError),
    /// A text was never embedded.
    MissingEmbedding(MissingEmbedding),
    /// The judge was not asked about the pair (a pipeline asks about every pair it scores).
    NotAsked,
}

impl fmt::Display for SimilarityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimilarityError::Judge(error) => error.fmt(f),
            SimilarityError::MissingEmbedding(missing) => missing.fmt(f),
            SimilarityError::NotAsked => f.write_str("the judge was not asked about this pair"),
        }
    }
}

impl std::error::Error for SimilarityError {}

impl From<JudgeError> for SimilarityError {
    fn from(error: JudgeError) -> Self {
        SimilarityError::Judge(error)
    }
}

impl From<MissingEmbedding> for SimilarityError {
    fn from(missing: MissingEmbedding) -> Self {
        SimilarityError::MissingEmbedding(missing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_threshold_is_reached_within_the_tolerance_only() {
        // 2·(5/16)(5/9)/(5/16 + 5/9), ROUGE's F1 of exactly 2/5, is computed below 0.4.
        let (p, r) = (5.0 / 16.0, 5.0 / 9.0);
        let two_fifths = 2.0 * p * r / (p + r);
        assert!(two_fifths < 0.4);
        assert!(reaches_threshold(two_fifths, 0.4));
        assert!(!reaches_threshold(0.4 - 1e-6, 0.4));
        assert!(!reaches_threshold(f64::NAN, 0.0));
    }

    #[test]
    fn labels_fit_a_phone() {
        // At 390 px the page's select shows about 35 characters of its choice beside the arrow.
        for similarity in Similarity::ALL {
            let label = similarity.label();
            assert!(
                label.chars().count() <= 34,
                "{label:?} is cut off on a phone"
            );
        }
    }

    #[test]
    fn ids_round_trip_through_json_and_text() {
        for similarity in Similarity::ALL {
            let json = serde_json::to_string(&similarity).unwrap();
            assert_eq!(json, format!("\"{}\"", similarity.id()));
            assert_eq!(
                serde_json::from_str::<Similarity>(&json).unwrap(),
                similarity
            );
            assert_eq!(Similarity::from_id(similarity.id()), Some(similarity));
        }
        assert_eq!(Similarity::from_id("rougeLsum"), None);
    }

    /// The committed data set still calibrates to the committed ROUGE defaults (to two decimals).
    #[test]
    fn rouge_defaults_match_the_committed_calibration() {
        use crate::calibrate::{calibrate, LabelledPair};
        use crate::rouge::PairwiseF1;
        let data = include_str!("../../../tests/calibration/legal_claim_pairs.jsonl");
        let pairs: Vec<LabelledPair> = crate::records::parse(data).unwrap();
        assert!(pairs.len() >= 60);
        for similarity in [Similarity::RougeL, Similarity::Rouge1, Similarity::Rouge2] {
            let Measure::Rouge(kind) = similarity.measure() else {
                unreachable!()
            };
            let mut rouge = PairwiseF1::new(kind, true);
            let similarities: Vec<f64> = pairs
                .iter()
                .map(|p| rouge.f1(&p.reference, &p.generated))
                .collect();
            let chosen = calibrate(&pairs, &similarities, similarity.id())
                .score("threshold")
                .unwrap();
            assert!(
                (chosen - similarity.default_threshold()).abs() < 0.005,
                "{similarity}: {chosen}"
            );
        }
    }

    #[test]
    fn a_similarity_error_is_a_std_error_with_the_message_of_what_failed() {
        let errors: [(SimilarityError, &str); 3] = [
            (
                JudgeError::Unanswered("timed out after 60 s".into()).into(),
                "timed out after 60 s",
            ),
            (
                MissingEmbedding {
                    text: "Held.".into(),
                }
                .into(),
                "no embedding for \"Held.\"",
            ),
            (
                SimilarityError::NotAsked,
                "the judge was not asked about this pair",
            ),
        ];
        for (error, message) in errors {
            let error: Box<dyn std::error::Error> = Box::new(error);
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn every_similarity_has_its_own_measure() {
        let measures: Vec<Measure> = Similarity::ALL.iter().map(|s| s.measure()).collect();
        for (i, a) in measures.iter().enumerate() {
            assert!(measures[i + 1..].iter().all(|b| b != a));
        }
    }
}
