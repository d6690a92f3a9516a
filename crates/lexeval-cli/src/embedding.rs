//! The sentence-embedding model for `embed`, `retrieve --method dense`, `calibrate` and the check pipelines of `fresco`
//! and `pointwise`.

use anyhow::{Context, Result};
use lexeval_embed::shipped::EmbeddingModel;
use lexeval_embed::Embedder;
use std::fs::File;
use std::path::{Path, PathBuf};

/// The shipped model `which` from models/ after its sha256 check.
pub fn load(which: EmbeddingModel) -> Result<Embedder> {
    load_files(which, None, None)
}

/// The model given on the command line as is, or the files of the shipped `which` from models/ after
/// their sha256 check.
pub fn load_files(
    which: EmbeddingModel,
    model: Option<&Path>,
    tokenizer: Option<&Path>,
) -> Result<Embedder> {
    let custom = model.is_some() || tokenizer.is_some();
    let dir = models_dir(which);
    let model_path = model.map_or_else(|| dir.join(which.file()), Path::to_path_buf);
    let tokenizer_path =
        tokenizer.map_or_else(|| dir.join(which.tokenizer_file()), Path::to_path_buf);
    let cannot_read = |path: &Path| {
        format!(
            "cannot read {} ({} or pass --model/--tokenizer)",
            path.display(),
            which.build_hint()
        )
    };
    let tokenizer = std::fs::read(&tokenizer_path).with_context(|| cannot_read(&tokenizer_path))?;
    // Handed to the parser as a file: it reads the model into its own buffer, so reading it here first
    // would copy the whole model once more.
    let mut model = File::open(&model_path).with_context(|| cannot_read(&model_path))?;
    let loaded = if custom {
        Embedder::from_reader(&mut model, &tokenizer, which.max_tokens())
    } else {
        Embedder::from_verified(which, model, &tokenizer)
    };
    Ok(loaded?)
}

/// Where the model's files are: `LEXEVAL_MODELS` if set, else the first folder holding them of its folder
/// (`models/` or `models-cli/`) in the current directory, the one beside the target directory the binary
/// sits in (`target/<profile>/lexeval` → `../../models`), and the one of the repository it was built from
/// (which also covers a `CARGO_TARGET_DIR` elsewhere).
fn models_dir(which: EmbeddingModel) -> PathBuf {
    if let Some(dir) = std::env::var_os("LEXEVAL_MODELS") {
        return PathBuf::from(dir);
    }
    let folder = which.folder();
    let local = PathBuf::from(folder);
    let beside_binary = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.join(folder)));
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(folder);
    [Some(local.clone()), beside_binary, Some(built_from)]
        .into_iter()
        .flatten()
        .find(|dir| dir.join(which.file()).is_file())
        .unwrap_or(local)
}

/// The shipped model's embeddings of the distinct `texts` (`calibrate --similarity embedding`).
pub fn embed_with_shipped_model<'a>(
    which: EmbeddingModel,
    texts: impl IntoIterator<Item = &'a str>,
) -> Result<lexeval_core::embedded::EmbeddedTexts> {
    let embedder = load(which)?;
    let distinct = lexeval_core::embedded::EmbeddedTexts::distinct(texts);
    let refs: Vec<&str> = distinct.iter().map(String::as_str).collect();
    let embeddings = embedder.embed(&refs)?;
    Ok(lexeval_core::embedded::EmbeddedTexts::new(
        distinct, embeddings,
    ))
}
