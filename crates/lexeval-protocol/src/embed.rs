//! The embedding worker: the page's requests (also the coordinator's to its helpers) and the answer its
//! `done` replies carry.

use lexeval_core::shipped_model::EmbeddingModel;
use serde::{Deserialize, Serialize};

/// `{"id": n, "texts": [...], "model": ...}`: embed these texts with that build (the page to the
/// coordinator, the coordinator to a helper, which has been handed that build's files). No texts: load
/// the model and build its common plans ahead of the first check.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub texts: Vec<String>,
    /// A request without one (as `bench/embed_browser.mjs` sends) means the fp32 model, the only one there
    /// was before the choice.
    #[serde(default = "model_before_variants")]
    pub model: EmbeddingModel,
}

fn model_before_variants() -> EmbeddingModel {
    EmbeddingModel::BEFORE_VARIANTS
}

/// The answer to a [`Request`]: unit-length embeddings of its texts, in order.
#[derive(Debug, Serialize, Deserialize)]
pub struct Embeddings {
    pub embeddings: Vec<Vec<f32>>,
    /// How many texts were embedded for this answer (the coordinator's cache served the rest).
    pub computed: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_without_a_model_means_the_model_before_the_choice() {
        let request: Request = serde_json::from_str(r#"{"id":1,"texts":["a"]}"#).unwrap();
        assert_eq!(request.model, EmbeddingModel::BEFORE_VARIANTS);
        let json = serde_json::to_string(&Request {
            id: 2,
            texts: vec!["b".into()],
            model: EmbeddingModel::MiniLmInt8,
        })
        .unwrap();
        assert_eq!(json, r#"{"id":2,"texts":["b"],"model":"minilm-int8"}"#);
    }
}
