//! The shipped embedding models, loaded once per process and folder: a notebook calls `fresco` pair after
//! pair, and loading all-MiniLM-L6-v2 costs more than scoring a pair.

use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_embed::Embedder;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

type Loaded = (EmbeddingModel, PathBuf, Arc<Embedder>);

static LOADED: Mutex<Vec<Loaded>> = Mutex::new(Vec::new());

/// The shipped model `which` from `dir` (else `LEXEVAL_MODELS`, else the built `models/` of the repository
/// the wheel was built from), its files checked against their pinned sha256 as the CLI checks them.
pub fn load(which: EmbeddingModel, dir: Option<&Path>) -> Result<Arc<Embedder>, String> {
    let dir = dir.map_or_else(|| models_dir(which), Path::to_path_buf);
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, embedder)) = loaded.iter().find(|(m, d, _)| *m == which && *d == dir) {
        return Ok(Arc::clone(embedder));
    }
    let cannot_read = |path: &Path, e: std::io::Error| {
        format!(
            "cannot read {} ({e}; {}, set LEXEVAL_MODELS or pass models_dir=)",
            path.display(),
            which.build_hint()
        )
    };
    let tokenizer_path = dir.join(which.tokenizer_file());
    let tokenizer = std::fs::read(&tokenizer_path).map_err(|e| cannot_read(&tokenizer_path, e))?;
    let model_path = dir.join(which.file());
    let model = File::open(&model_path).map_err(|e| cannot_read(&model_path, e))?;
    let embedder =
        Arc::new(Embedder::from_verified(which, model, &tokenizer).map_err(|e| e.to_string())?);
    loaded.push((which, dir, Arc::clone(&embedder)));
    Ok(embedder)
}

/// `LEXEVAL_MODELS` if set, else the model's folder (`models/` or `models-cli/`) in the current directory
/// if it holds the model, else the one of the repository the wheel was built from.
fn models_dir(which: EmbeddingModel) -> PathBuf {
    if let Some(dir) = std::env::var_os("LEXEVAL_MODELS") {
        return PathBuf::from(dir);
    }
    let local = PathBuf::from(which.folder());
    if local.join(which.file()).is_file() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(which.folder())
}
