//! The sentence-embedding model for `embed` and the embedding similarity of `fresco` and `pointwise`.

use anyhow::{Context, Result};
use lexeval_core::embedded::EmbeddedTexts;
use lexeval_embed::{shipped, Embedder};
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

/// Embeds the distinct `texts` once with the shipped model, so every similarity is a lookup, not a model run.
pub fn embed_with_shipped_model<'a>(
    texts: impl IntoIterator<Item = &'a str>,
) -> Result<EmbeddedTexts> {
    let embedder = load(None, None)?;
    let distinct = EmbeddedTexts::distinct(texts);
    let refs: Vec<&str> = distinct.iter().map(String::as_str).collect();
    let embeddings = embedder.embed(&refs)?;
    Ok(EmbeddedTexts::new(distinct, embeddings))
}
