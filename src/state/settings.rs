//! Scoring settings shown on the page and carried by share links.

use lexeval_core::fresco::AuthorityScope;
use lexeval_core::pointwise::PointSource;
use lexeval_core::share::ShareSettings;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use serde::{Deserialize, Serialize};

/// Settings of the brief and summary checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    #[serde(deserialize_with = "Similarity::lenient")]
    pub similarity: Similarity,
    /// Similarity at or above which two claims count as matching, in [0, 1]; the similarity's
    /// calibrated default (`Similarity::default_threshold`, as the CLI's) until the user sets it.
    pub threshold: f64,
    /// FRESCO (bipartite matching across authorities) instead of L-FRESCO (same authority only).
    pub generalized: bool,
    /// Which authorities L-FRESCO counts (all, or case citations only as the paper's R reads).
    pub authorities: AuthorityScope,
    /// Which build of all-MiniLM-L6-v2 computes embeddings: the 24 MB int8 one unless the user picks the
    /// exact 91 MB fp32 one.
    pub embedding_model: EmbeddingModel,
    /// The summary check's points (pointwise Step 1): the summaries' sentences, or each paragraph's points
    /// as the LLM extracts them (needs the LLM endpoint and model). Settings saved before the choice read
    /// as sentences.
    pub points: PointSource,
}

impl Default for Settings {
    fn default() -> Self {
        let similarity = Similarity::default();
        Settings {
            similarity,
            threshold: similarity.default_threshold(),
            generalized: false,
            authorities: AuthorityScope::All,
            embedding_model: EmbeddingModel::PAGE_DEFAULT,
            points: PointSource::Sentences,
        }
    }
}

/// Where the LLM judge lives. The key is kept apart (see `state::LlmKey`) so it can never be serialised
/// together with these.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LlmSettings {
    pub endpoint: String,
    pub model: String,
    /// Seconds one request may take before its pair counts as a failed judgement (at least 1).
    pub timeout_seconds: u64,
    /// The user chose to keep the key in localStorage (otherwise sessionStorage only).
    pub remember_key: bool,
}

impl Default for LlmSettings {
    fn default() -> Self {
        LlmSettings {
            endpoint: String::new(),
            model: String::new(),
            timeout_seconds: lexeval_core::judge::DEFAULT_TIMEOUT_SECONDS,
            remember_key: false,
        }
    }
}

impl Settings {
    /// Switches the similarity and resets the threshold to its calibrated default, so the page scores
    /// as `lexeval fresco|pointwise --similarity …` does without `--threshold`.
    /// Whether `other` differs by a choice made in one act (a similarity, a model, a checkbox), not only
    /// by the threshold, whose slider moves in steps while it is dragged.
    pub fn chosen_apart_from(&self, other: &Settings) -> bool {
        let same_threshold = Settings {
            threshold: other.threshold,
            ..self.clone()
        };
        same_threshold != *other
    }

    pub fn choose_similarity(&mut self, similarity: Similarity) {
        self.similarity = similarity;
        self.threshold = similarity.default_threshold();
    }

    pub fn to_share(&self, llm: &LlmSettings) -> ShareSettings {
        let non_empty = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        ShareSettings {
            similarity: self.similarity,
            threshold: self.threshold,
            generalized: self.generalized,
            authorities: self.authorities,
            embedding_model: self.embedding_model,
            points: self.points,
            llm_endpoint: non_empty(&llm.endpoint),
            llm_model: non_empty(&llm.model),
        }
    }

    /// Settings from a share link (an unknown similarity was read as the default one; a model the page does
    /// not offer, such as the CLI's all-mpnet-base-v2, opens as the page's default, and the link notice says so).
    pub fn from_share(s: &ShareSettings) -> Settings {
        let offered = EmbeddingModel::PAGE.contains(&s.embedding_model);
        Settings {
            similarity: s.similarity,
            threshold: s.threshold.clamp(0.0, 1.0),
            generalized: s.generalized,
            authorities: s.authorities,
            embedding_model: if offered {
                s.embedding_model
            } else {
                EmbeddingModel::PAGE_DEFAULT
            },
            points: s.points,
        }
    }
}
