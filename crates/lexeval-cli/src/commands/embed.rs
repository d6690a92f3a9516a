//! `lexeval embed [FILE|-]`: sentence embeddings (all-MiniLM-L6-v2), one per input line.

use crate::input::read_text;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use lexeval_embed::{shipped, Embedder};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// Text file with one sentence or paragraph per line (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Print one JSON object per line: {"text": ..., "embedding": [...]}.
    #[arg(long)]
    pub json: bool,
    /// ONNX model (default: the shipped one in the repository's models/, sha256-checked).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// tokenizer.json (default: the shipped one in the repository's models/, sha256-checked).
    #[arg(long)]
    pub tokenizer: Option<PathBuf>,
}

#[derive(serde::Serialize)]
struct Line<'a> {
    text: &'a str,
    embedding: &'a [f32],
}

pub fn run(args: Args) -> Result<()> {
    let embedder = load(&args)?;
    let text = read_text(&args.input)?;
    let lines: Vec<&str> = text.lines().collect();
    let bar = ProgressBar::new(lines.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} lines, {per_sec}, eta {eta}")
            .context("progress bar template")?,
    );
    let embeddings =
        embedder.embed_with_progress(&lines, |done, _| bar.set_position(done as u64))?;
    bar.finish_and_clear();

    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (text, embedding) in lines.iter().zip(&embeddings) {
        if args.json {
            serde_json::to_writer(&mut out, &Line { text, embedding })?;
            writeln!(out)?;
        } else {
            let head: Vec<String> = embedding
                .iter()
                .take(4)
                .map(|x| format!("{x:+.4}"))
                .collect();
            writeln!(out, "[{} …] {text}", head.join(" "))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The model given on the command line as is, or the shipped files from models/ after their sha256 check.
fn load(args: &Args) -> Result<Embedder> {
    let custom = args.model.is_some() || args.tokenizer.is_some();
    let dir = models_dir();
    let model_path = args
        .model
        .clone()
        .unwrap_or_else(|| dir.join(shipped::MODEL_FILE));
    let tokenizer_path = args
        .tokenizer
        .clone()
        .unwrap_or_else(|| dir.join(shipped::TOKENIZER_FILE));
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
