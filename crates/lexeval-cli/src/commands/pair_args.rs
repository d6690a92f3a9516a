//! The arguments `fresco` and `pointwise` share: two texts, the similarity that compares their claims or
//! points (the page's choices, ROUGE-L by default, so the CLI and the page agree unless told otherwise), the
//! match threshold and the optional LLM endpoint.

use crate::commands::llm_args::LlmArgs;
use crate::input::read_text;
use anyhow::{bail, Result};
use lexeval_core::rouge::RougeType;
use lexeval_core::thresholds::default_threshold;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct PairArgs {
    /// Reference text file (`-` for standard input).
    #[arg(short, long)]
    pub reference: PathBuf,
    /// Generated text file (`-` for standard input).
    #[arg(short, long)]
    pub candidate: PathBuf,
    /// Similarity of two claims or points: ROUGE F1 (rouge-score's tokenizer, Porter stemming),
    /// all-MiniLM-L6-v2 cosine, or an LLM judge (for pointwise the paper's §5.2.2: top-5 candidates by
    /// cosine, A.4 explanation then Yes/No, A.5 assignment with LLM tie-breaks).
    #[arg(long, value_enum, default_value = "rougeL")]
    pub similarity: SimilarityArg,
    /// A pair matches when its similarity is at least this (FRESCO's B-SIM threshold); by default the
    /// similarity's calibrated threshold (rougeL 0.40, rouge1 0.42, rouge2 0.26, embedding 0.77, llm 0.5).
    #[arg(long)]
    pub threshold: Option<f64>,
    /// The OpenAI-compatible endpoint for `--similarity llm` (key from LEXEVAL_API_KEY).
    #[command(flatten)]
    pub llm: LlmArgs,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum SimilarityArg {
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

impl PairArgs {
    /// Both texts, after the checks that need no reading: at most one of them comes from standard input,
    /// and the threshold is a similarity in [0, 1].
    pub fn read(&self) -> Result<(String, String)> {
        if self.reference == Path::new("-") && self.candidate == Path::new("-") {
            bail!("only one of --reference and --candidate can be standard input");
        }
        if let Some(threshold) = self.threshold.filter(|t| !(0.0..=1.0).contains(t)) {
            bail!("--threshold must be between 0 and 1, got {threshold}");
        }
        Ok((read_text(&self.reference)?, read_text(&self.candidate)?))
    }
}

impl PairArgs {
    /// `--threshold`, or the similarity's default from `lexeval_core::thresholds`.
    pub fn threshold(&self) -> f64 {
        self.threshold
            .unwrap_or_else(|| default_threshold(self.similarity.name()))
    }
}

impl SimilarityArg {
    /// The name recorded in score reports (the ids the page uses).
    pub fn name(self) -> &'static str {
        match self {
            SimilarityArg::RougeL => "rougeL",
            SimilarityArg::Rouge1 => "rouge1",
            SimilarityArg::Rouge2 => "rouge2",
            SimilarityArg::Embedding => "embedding",
            SimilarityArg::Llm => "llm",
        }
    }

    /// What computes the similarity.
    pub fn measure(self) -> Measure {
        match self {
            SimilarityArg::RougeL => Measure::Rouge(RougeType::L),
            SimilarityArg::Rouge1 => Measure::Rouge(RougeType::N(1)),
            SimilarityArg::Rouge2 => Measure::Rouge(RougeType::N(2)),
            SimilarityArg::Embedding => Measure::Embedding,
            SimilarityArg::Llm => Measure::Llm,
        }
    }
}

/// How a `--similarity` is computed: a ROUGE F1, the shipped embedding model's cosine, or the LLM judge.
pub enum Measure {
    Rouge(RougeType),
    Embedding,
    Llm,
}
