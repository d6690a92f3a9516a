//! `lexeval embed [FILE|-]`: sentence embeddings (all-MiniLM-L6-v2 fp32 or int8, or all-mpnet-base-v2),
//! one per input line.

use crate::commands::pair_args::EmbeddingArgs;
use crate::input::read_text;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Text file with one sentence or paragraph per line (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Print one JSON object per line: {"text": ..., "embedding": [...]}.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub embedding: EmbeddingArgs,
    /// ONNX model instead of the shipped one (which is read from the repository's models/, sha256-checked).
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
    let embedder = crate::embedding::load_files(
        args.embedding.model,
        args.model.as_deref(),
        args.tokenizer.as_deref(),
    )?;
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
