//! Scoring settings shown on the page and carried by share links.

use lexeval_core::share::ShareSettings;
use serde::{Deserialize, Serialize};

/// The similarity function that makes two claims comparable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Similarity {
    #[serde(rename = "rougeL")]
    RougeL,
    #[serde(rename = "rouge1")]
    Rouge1,
    #[serde(rename = "rouge2")]
    Rouge2,
    #[serde(rename = "embedding")]
    Embedding,
    #[serde(rename = "llm")]
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

    /// The id used in settings, share links and reports.
    pub fn id(self) -> &'static str {
        match self {
            Similarity::RougeL => "rougeL",
            Similarity::Rouge1 => "rouge1",
            Similarity::Rouge2 => "rouge2",
            Similarity::Embedding => "embedding",
            Similarity::Llm => "llm",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Similarity::RougeL => "ROUGE-L F1 (longest common subsequence)",
            Similarity::Rouge1 => "ROUGE-1 F1 (word overlap)",
            Similarity::Rouge2 => "ROUGE-2 F1 (word-pair overlap)",
            Similarity::Embedding => "Embedding cosine (MiniLM, in the browser)",
            Similarity::Llm => "LLM judge (your endpoint)",
        }
    }

    pub fn from_id(id: &str) -> Option<Similarity> {
        Similarity::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// Settings of the brief and summary checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub similarity: Similarity,
    /// Similarity at or above which two claims count as matching, in [0, 1].
    pub threshold: f64,
    /// FRESCO (bipartite matching across authorities) instead of L-FRESCO (same authority only).
    pub generalized: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            similarity: Similarity::RougeL,
            threshold: 0.5,
            generalized: false,
        }
    }
}

/// Where the LLM judge lives. The key is kept apart (see `state::LlmKey`) so it can never be serialised
/// together with these.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LlmSettings {
    pub endpoint: String,
    pub model: String,
    /// The user chose to keep the key in localStorage (otherwise sessionStorage only).
    pub remember_key: bool,
}

impl Settings {
    pub fn to_share(&self, llm: &LlmSettings) -> ShareSettings {
        let non_empty = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        ShareSettings {
            similarity: self.similarity.id().to_string(),
            threshold: self.threshold,
            generalized: self.generalized,
            llm_endpoint: non_empty(&llm.endpoint),
            llm_model: non_empty(&llm.model),
        }
    }

    /// Settings from a share link; an unknown similarity falls back to the default one.
    pub fn from_share(s: &ShareSettings) -> Settings {
        Settings {
            similarity: Similarity::from_id(&s.similarity).unwrap_or(Similarity::RougeL),
            threshold: s.threshold.clamp(0.0, 1.0),
            generalized: s.generalized,
        }
    }
}
