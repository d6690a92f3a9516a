//! `lexeval fresco`: L-FRESCO (or generalized FRESCO) of a generated text against a reference.

use crate::input::read_text;
use anyhow::{bail, Result};
use lexeval_core::citations::claims;
use lexeval_core::fresco::{score, FrescoSettings};
use lexeval_core::rouge::{f1, RougeType};
use std::path::PathBuf;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum SimilarityKind {
    #[value(name = "rougeL")]
    RougeL,
    #[value(name = "rouge1")]
    Rouge1,
    #[value(name = "rouge2")]
    Rouge2,
    #[value(name = "embedding")]
    Embedding,
    #[value(name = "llm")]
    Llm,
}

#[derive(clap::Args)]
pub struct Args {
    /// Reference text file (`-` for standard input).
    #[arg(short, long)]
    pub reference: PathBuf,
    /// Generated text file (`-` for standard input).
    #[arg(short, long)]
    pub candidate: PathBuf,
    /// Continuous claim similarity; ROUGE F1 uses rouge-score's tokenizer with Porter stemming.
    #[arg(long, value_enum, default_value = "rougeL")]
    pub similarity: SimilarityKind,
    /// B-SIM threshold: a pair counts when its similarity is at least this.
    #[arg(long, default_value_t = 0.5)]
    pub threshold: f64,
    /// Generalized FRESCO: maximum-weight bipartite matching instead of shared authorities.
    #[arg(long)]
    pub generalized: bool,
    /// Print the score report as JSON (with `score`, `citation_recall`, `citation_precision` on top).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    if args.reference.as_os_str() == "-" && args.candidate.as_os_str() == "-" {
        bail!("only one of --reference and --candidate can be standard input");
    }
    if !(0.0..=1.0).contains(&args.threshold) {
        bail!(
            "--threshold must be between 0 and 1, got {}",
            args.threshold
        );
    }
    let (kind, name) = match args.similarity {
        SimilarityKind::RougeL => (RougeType::L, "rougeL"),
        SimilarityKind::Rouge1 => (RougeType::N(1), "rouge1"),
        SimilarityKind::Rouge2 => (RougeType::N(2), "rouge2"),
        SimilarityKind::Embedding | SimilarityKind::Llm => {
            bail!("--similarity embedding and llm are not available in this build yet; use rougeL, rouge1 or rouge2")
        }
    };
    let reference = claims(&read_text(&args.reference)?);
    let candidate = claims(&read_text(&args.candidate)?);
    let settings = FrescoSettings {
        similarity: name.to_string(),
        threshold: args.threshold,
        generalized: args.generalized,
    };
    let mut similarity = |a: &str, b: &str| Ok(f1(kind, a, b, true));
    let report = score(&reference, &candidate, &settings, &mut similarity);
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        value["score"] = serde_json::to_value(report.score(&report.metric))?;
        for name in ["citation_recall", "citation_precision"] {
            value[name] = serde_json::to_value(report.score(name))?;
        }
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        crate::commands::show::print_scores(&report);
    }
    Ok(())
}
