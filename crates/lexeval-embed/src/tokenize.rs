//! Tokenisation as sentence-transformers does it for its models (all-MiniLM-L6-v2, all-mpnet-base-v2).

use crate::error::{EmbedError, Result};
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

fn tokenizer_error(context: &'static str) -> impl FnOnce(tokenizers::Error) -> EmbedError {
    move |e| EmbedError::Tokenizer {
        context,
        message: e.to_string(),
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
            Tokenizer::from_bytes(bytes).map_err(tokenizer_error("cannot read tokenizer.json"))?;
        inner
            .with_truncation(Some(TruncationParams {
                max_length: max_tokens,
                strategy: TruncationStrategy::LongestFirst,
                stride: 0,
                direction: TruncationDirection::Right,
            }))
            .map_err(tokenizer_error("cannot set truncation"))?;
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
                    .map_err(tokenizer_error("cannot tokenise text"))?;
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
