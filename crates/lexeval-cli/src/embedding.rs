//! The sentence-embedding model for `embed` and the embedding similarity of `fresco` and `pointwise`.

use anyhow::{Context, Result};
use lexeval_embed::{cosine, shipped, Embedder};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The model given on the command line as is, or the shipped files from models/ after their sha256 check.
pub fn load(model: Option<&Path>, tokenizer: Option<&Path>) -> Result<Embedder> {
    let custom = model.is_some() || tokenizer.is_some();
    let dir = models_dir();
    let model_path = model.map_or_else(|| dir.join(shipped::MODEL_FILE), Path::to_path_buf);
    let tokenizer_path =
        tokenizer.map_or_else(|| dir.join(shipped::TOKENIZER_FILE), Path::to_path_buf);
    let read = |path: &Path| {
        std::fs::read(path).with_context(|| {
            format!(
                "cannot read {} (run scripts/models.sh or pass --model/--tokenizer)",
                path.display()
            )
        })
    };
    let (model, tokenizer) = (read(&model_path)?, read(&tokenizer_path)?);
    if custom {
        Embedder::from_bytes(&model, &tokenizer)
    } else {
        Embedder::from_verified_bytes(&model, &tokenizer)
    }
}

/// `models/` in the current directory if present, else the one of the repository the binary was
/// built in (`target/<profile>/lexeval` → `../../models`).
fn models_dir() -> PathBuf {
    let local = PathBuf::from("models");
    if local.join(shipped::MODEL_FILE).is_file() {
        return local;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.join("models")))
        .unwrap_or(local)
}

/// Embeds `texts` once (deduplicated) so similarities are lookups, not model runs.
pub struct EmbeddedTexts {
    embeddings: HashMap<String, Vec<f32>>,
}

impl EmbeddedTexts {
    pub fn new<'a>(embedder: &Embedder, texts: impl IntoIterator<Item = &'a str>) -> Result<Self> {
        let mut unique: Vec<&str> = texts.into_iter().collect();
        unique.sort_unstable();
        unique.dedup();
        let vectors = embedder.embed(&unique)?;
        let embeddings = unique.iter().map(|t| t.to_string()).zip(vectors).collect();
        Ok(EmbeddedTexts { embeddings })
    }

    /// Cosine similarity of two embedded texts, clamped to [0, 1] so it can be thresholded like ROUGE.
    pub fn similarity(&self, a: &str, b: &str) -> Result<f64, String> {
        let vector = |text: &str| {
            self.embeddings
                .get(text)
                .ok_or_else(|| format!("no embedding for {text:?}"))
        };
        Ok(f64::from(cosine(vector(a)?, vector(b)?)).clamp(0.0, 1.0))
    }
}
