//! Tokenisation as sentence-transformers does it for its models (all-MiniLM-L6-v2, all-mpnet-base-v2).

use anyhow::{anyhow, Result};
use tokenizers::{Tokenizer, TruncationDirection, TruncationParams, TruncationStrategy};

/// One text's token ids and attention mask, unpadded.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub ids: Vec<i64>,
    pub attention_mask: Vec<i64>,
}

impl Encoded {
    pub fn len(&self) -> usize {
        self.ids.len()
    }
}

pub struct SentenceTokenizer {
    inner: Tokenizer,
}

impl SentenceTokenizer {
    /// Parse `tokenizer.json`, replacing its built-in settings (truncate and pad to a fixed 128) with
    /// sentence-transformers' (truncate to the model's `max_seq_length`, `max_tokens` with special tokens;
    /// padding is done per batch by the caller).
    pub fn from_bytes(bytes: &[u8], max_tokens: usize) -> Result<Self> {
        let mut inner =
            Tokenizer::from_bytes(bytes).map_err(|e| anyhow!("cannot read tokenizer.json: {e}"))?;
        inner
            .with_truncation(Some(TruncationParams {
                max_length: max_tokens,
                strategy: TruncationStrategy::LongestFirst,
                stride: 0,
                direction: TruncationDirection::Right,
            }))
            .map_err(|e| anyhow!("cannot set truncation: {e}"))?;
        inner.with_padding(None);
        Ok(SentenceTokenizer { inner })
    }

    /// Encode each text with [CLS]/[SEP] added. Sequential on purpose: rayon threads are not
    /// available in the browser.
    pub fn encode_all(&self, texts: &[&str]) -> Result<Vec<Encoded>> {
        texts
            .iter()
            .map(|text| {
                let encoding = self
                    .inner
                    .encode(*text, true)
                    .map_err(|e| anyhow!("cannot tokenise text: {e}"))?;
                Ok(Encoded {
                    ids: encoding.get_ids().iter().map(|&id| i64::from(id)).collect(),
                    attention_mask: encoding
                        .get_attention_mask()
                        .iter()
                        .map(|&m| i64::from(m))
                        .collect(),
                })
            })
            .collect()
    }
}
