//! `lexeval calibrate`: the match threshold that maximises reference point based F1 on labelled pairs
//! (Tan et al. §5.2.1), or with `--threshold` the A.7 Step 2 scores of a fixed threshold.

use crate::commands::pair_args::{similarity_parser, EmbeddingArgs};
use crate::records::read_records;
use anyhow::{bail, Result};
use lexeval_core::calibrate::{
    calibrate, evaluate, pair_similarities, texts_to_embed, LabelledPair,
};
use lexeval_core::similarity::{Measure, Similarity};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Labelled pairs, JSON Lines of {reference, generated, label: "full" | "partial" | "none"}.
    #[arg(long)]
    pub pairs: PathBuf,
    /// The similarity to calibrate: ROUGE F1 (stemmed) or all-MiniLM-L6-v2 cosine.
    #[arg(long, default_value = "rougeL", value_parser = similarity_parser())]
    pub similarity: Similarity,
    #[command(flatten)]
    pub embedding: EmbeddingArgs,
    /// Score this threshold (A.7 pairwise and reference point based P/R/F1) instead of choosing one.
    #[arg(long)]
    pub threshold: Option<f64>,
    /// Print the report as JSON (the curve and every pair's similarity in `details`).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let pairs: Vec<LabelledPair> = read_records(
        &args.pairs,
        "{reference, generated, label: full|partial|none}",
    )?;
    let measure = args.similarity.measure();
    let embedded = match measure {
        Measure::Embedding => Some(crate::embedding::embed_with_shipped_model(
            args.embedding.model,
            texts_to_embed(&pairs).iter().map(String::as_str),
        )?),
        Measure::Llm => {
            bail!("calibrate takes a continuous similarity: rougeL, rouge1, rouge2 or embedding")
        }
        Measure::Rouge(_) => None,
    };
    let similarities = pair_similarities(&pairs, measure, embedded.as_ref())?;
    let name = args.similarity.id();
    let mut report = match args.threshold {
        Some(t) if !(0.0..=1.0).contains(&t) => {
            bail!("--threshold must be between 0 and 1, got {t}")
        }
        Some(t) => evaluate(&pairs, &similarities, name, t),
        None => calibrate(&pairs, &similarities, name),
    };
    if embedded.is_some() {
        report.record_embedding_model(args.embedding.model);
    }
    crate::commands::show::print_report(&report, args.json)
}
