//! `lexeval embed [FILE|-]`: sentence embeddings (all-MiniLM-L6-v2 fp32 or int8, or all-mpnet-base-v2),
//! one per input line.

use crate::commands::pair_args::EmbeddingArgs;
use crate::input::read_text;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
    /// Print to stderr how long loading the model and embedding took, then embed the input a second
    /// time, every plan built, for the in-process throughput `make bench` sets beside onnxruntime's.
    #[arg(long)]
    pub timings: bool,
}

#[derive(serde::Serialize)]
struct Line<'a> {
    text: &'a str,
    embedding: &'a [f32],
}

pub fn run(args: Args) -> Result<()> {
    let started = Instant::now();
    let embedder = crate::embedding::load_files(
        args.embedding.model,
        args.model.as_deref(),
        args.tokenizer.as_deref(),
    )?;
    let loaded = started.elapsed();
    let text = read_text(&args.input)?;
    let lines: Vec<&str> = text.lines().collect();
    let bar = ProgressBar::new(lines.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} lines, {per_sec}, eta {eta}")
            .context("progress bar template")?,
    );
    let first_pass = Instant::now();
    let embeddings =
        embedder.embed_with_progress(&lines, |done, _| bar.set_position(done as u64))?;
    let first_pass = first_pass.elapsed();
    bar.finish_and_clear();
    if args.timings {
        print_timings(&embedder, &lines, loaded, first_pass)?;
    }

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

/// The `--timings` lines: model load, the first pass (plans built on the way), and a second pass over
/// the same texts with every plan built.
fn print_timings(
    embedder: &lexeval_embed::Embedder,
    lines: &[&str],
    loaded: Duration,
    first_pass: Duration,
) -> Result<()> {
    let second_pass = Instant::now();
    embedder.embed(lines)?;
    let second_pass = second_pass.elapsed();
    let rate = |pass: Duration| lines.len() as f64 / pass.as_secs_f64();
    eprintln!(
        "model loaded and sha256-checked in {:.3} s; texts run {}",
        loaded.as_secs_f64(),
        if embedder.packs_texts() {
            "packed end to end"
        } else {
            "padded, one per row"
        }
    );
    eprintln!(
        "first pass: {} texts in {:.3} s ({:.1}/s, {} plans built on the way)",
        lines.len(),
        first_pass.as_secs_f64(),
        rate(first_pass),
        embedder.cached_plans()
    );
    eprintln!(
        "second pass, plans built: {} texts in {:.3} s ({:.1}/s)",
        lines.len(),
        second_pass.as_secs_f64(),
        rate(second_pass)
    );
    Ok(())
}
