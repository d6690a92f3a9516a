//! Embeddings the coordinator has computed, by text, for the build it last served: scoring the same
//! texts again (the reference when only the generated text changed, a check re-run as the user types,
//! a claim repeated) embeds nothing a second time. The numbers are the ones first computed, bit for bit.

use lexeval_embed::shipped::EmbeddingModel;
use std::collections::{HashMap, HashSet};

/// ~1.5 KB per MiniLM embedding plus its text: beyond this the cache starts afresh rather than grow.
const MAX_TEXTS: usize = 20_000;

#[derive(Default)]
pub struct EmbeddingCache {
    model: Option<EmbeddingModel>,
    by_text: HashMap<String, Vec<f32>>,
}

impl EmbeddingCache {
    /// The request's texts not embedded yet by `model`, each once, in first-seen order. Switching
    /// builds drops the other build's embeddings; so does a request that would overfill the cache.
    pub fn missing(&mut self, model: EmbeddingModel, texts: &[String]) -> Vec<String> {
        if self.model != Some(model) || self.by_text.len() + texts.len() > MAX_TEXTS {
            self.by_text.clear();
            self.model = Some(model);
        }
        let mut seen = HashSet::new();
        texts
            .iter()
            .filter(|text| !self.by_text.contains_key(text.as_str()) && seen.insert(text.as_str()))
            .cloned()
            .collect()
    }

    /// Keeps the embeddings of `texts` (as computed, in the same order).
    pub fn insert(&mut self, texts: Vec<String>, embeddings: Vec<Vec<f32>>) {
        self.by_text.extend(texts.into_iter().zip(embeddings));
    }

    /// The embeddings of `texts` in order, or `None` if one is not cached.
    pub fn lookup(&self, texts: &[String]) -> Option<Vec<Vec<f32>>> {
        texts
            .iter()
            .map(|text| self.by_text.get(text.as_str()).cloned())
            .collect()
    }
}
