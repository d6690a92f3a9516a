//! lexeval-embed: sentence embeddings (all-MiniLM-L6-v2 ONNX) run by tract, natively and in wasm.
//!
//! The ONNX graph ends at `last_hidden_state`; this crate reproduces sentence-transformers' `encode()`
//! around it: WordPiece tokenisation truncated to 256 tokens, mean pooling weighted by the attention
//! mask, and L2 normalisation. The same code runs in the CLI and in the page's Web Worker.

mod attention_mask;
mod batch;
mod error;
#[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
mod packed;
mod plans;
mod pooling;
mod shares;
pub use lexeval_core::shipped_model as shipped;
mod tokenize;
mod verify;
#[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
mod wasm_matmul;

pub use error::{EmbedError, Result};
pub use lexeval_core::embedded::cosine;
pub use shares::split_for_workers;
pub use verify::{sha256_hex, verify_sha256};

use plans::PlanCache;
use std::io::Read;
use tokenize::SentenceTokenizer;
use verify::Sha256Reader;

/// A loaded sentence-embedding model: tokenizer plus per-shape tract plans built on first use.
pub struct Embedder {
    tokenizer: SentenceTokenizer,
    plans: PlanCache,
}

impl Embedder {
    /// Load from the bytes of the ONNX model and of its `tokenizer.json`; texts are truncated to
    /// `max_tokens` tokens.
    pub fn from_bytes(model: &[u8], tokenizer: &[u8], max_tokens: usize) -> Result<Self> {
        Self::from_reader(&mut &*model, tokenizer, max_tokens)
    }

    /// Like [`Embedder::from_bytes`], reading the ONNX model from `model` (a file, say).
    pub fn from_reader(model: &mut dyn Read, tokenizer: &[u8], max_tokens: usize) -> Result<Self> {
        let tokenizer = SentenceTokenizer::from_bytes(tokenizer, max_tokens)?;
        let plans = PlanCache::from_onnx_reader(model)?;
        Ok(Embedder { tokenizer, plans })
    }

    /// Load the files of the shipped model `which`, each checked against its pinned sha256. The model
    /// is hashed as tract reads it, and nothing parsed from it is kept (nor its parse error reported)
    /// unless the whole file matches.
    pub fn from_verified(
        which: shipped::EmbeddingModel,
        model: impl Read,
        tokenizer: &[u8],
    ) -> Result<Self> {
        verify_sha256(which.tokenizer_file(), tokenizer, which.tokenizer_sha256())?;
        let mut model = Sha256Reader::new(model);
        let loaded = Self::from_reader(&mut model, tokenizer, which.max_tokens());
        model.verify(which.file(), which.sha256())?;
        loaded
    }

    /// Unit-length embeddings of `texts`, in input order.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>> {
        self.embed_with_progress(texts, |_, _| {})
    }

    /// Like [`Embedder::embed`], calling `progress(done, total)` after each batch.
    pub fn embed_with_progress(
        &self,
        texts: &[&str],
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Vec<Vec<f32>>> {
        let encoded = self.tokenizer.encode_all(texts)?;
        let mut embeddings = vec![Vec::new(); texts.len()];
        let mut done = 0;
        let batches = if self.plans.packed() {
            batch::packed_batches(&encoded)
        } else {
            batch::plan_batches(&encoded)
        };
        for batch in batches {
            let plan = self.plans.plan(batch.rows(), batch.seq_len())?;
            let inputs = batch.input_tensors(&encoded)?;
            let hidden = self.plans.run(&plan, inputs)?;
            for (text_index, row, start, len) in batch.placements(&encoded) {
                let pooled = pooling::mean_pool(&hidden, row, start, len)?;
                embeddings[text_index] = pooling::l2_normalised(pooled);
            }
            done += batch.texts();
            progress(done, texts.len());
        }
        Ok(embeddings)
    }

    /// Shapes worth building plans for before the first request (see [`Embedder::build_plan`]): every
    /// packed row length, or the padded shapes of texts up to 32 tokens, where every request's last
    /// batches fall.
    pub fn common_shapes(&self) -> Vec<(usize, usize)> {
        if self.plans.packed() {
            batch::packed_shapes()
        } else {
            batch::common_shapes()
        }
    }

    /// Builds (and keeps) the plan for batches of `rows` texts padded to `seq_len` tokens, so the first
    /// request of that shape does not wait for it.
    pub fn build_plan(&self, rows: usize, seq_len: usize) -> Result<()> {
        self.plans.plan(rows, seq_len).map(drop)
    }

    /// Whether texts run packed end to end, with no padding (see `packed`), rather than one per row.
    pub fn packs_texts(&self) -> bool {
        self.plans.packed()
    }

    /// Number of optimised plans built so far (one per batch-size × sequence-bucket shape).
    pub fn cached_plans(&self) -> usize {
        self.plans.len()
    }
}
