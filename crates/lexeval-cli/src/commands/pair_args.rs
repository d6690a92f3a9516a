//! The arguments `fresco` and `pointwise` share: two texts (or a `--pairs` file of them), the similarity that compares their claims or
//! points (the page's choices, ROUGE-L by default, so the CLI and the page agree unless told otherwise), the
//! match threshold and the optional LLM endpoint.

use crate::commands::bootstrap_args::{BootstrapArgs, INTERVAL};
use crate::commands::llm_args::LlmArgs;
use crate::commands::versus_args::CompareArgs;
use crate::input::read_text;
use anyhow::{bail, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use lexeval_core::judge::JudgeSettings;

use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct PairArgs {
    /// Reference text file (`-` for standard input).
    #[arg(
        short,
        long,
        required_unless_present = "pairs",
        conflicts_with = "pairs"
    )]
    pub reference: Option<PathBuf>,
    /// Generated text file (`-` for standard input).
    #[arg(
        short,
        long,
        required_unless_present = "pairs",
        conflicts_with = "pairs"
    )]
    pub candidate: Option<PathBuf>,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Similarity of two claims or points: ROUGE F1 (rouge-score's tokenizer, Porter stemming),
    /// all-MiniLM-L6-v2 cosine, or an LLM judge (for pointwise the paper's §5.2.2: top-5 candidates by
    /// cosine, A.4 explanation then Yes/No, A.5 assignment with LLM tie-breaks).
    #[arg(long, default_value = "rougeL", value_parser = similarity_parser())]
    pub similarity: Similarity,
    /// A pair matches when its similarity is at least this (FRESCO's B-SIM threshold); by default the
    /// similarity's calibrated threshold, as on the page (rougeL 0.40, rouge1 0.42, rouge2 0.26,
    /// embedding 0.77, llm 0.5).
    #[arg(long)]
    pub threshold: Option<f64>,
    #[command(flatten)]
    pub embedding: EmbeddingArgs,
    /// The OpenAI-compatible endpoint for `--similarity llm` (key from LEXEVAL_API_KEY).
    #[command(flatten)]
    pub llm: LlmArgs,
}

/// Scoring a file of pairs instead of two texts.
#[derive(clap::Args)]
pub struct BatchArgs {
    /// A JSON array or JSON Lines of {"reference": TEXT, "generated" (or "candidate"): TEXT, "id"?}, or
    /// CLERC's generation pairs ({"gold_text", "generation", "idx", "model"}): scores every pair with one
    /// model load and one answer cache, then prints each score's mean over the pairs where it is defined
    /// with its bootstrap interval. Every row is checked first; a malformed one stops the run with its
    /// line and field.
    #[arg(long, value_name = "FILE", group = INTERVAL)]
    pub pairs: Option<PathBuf>,
    /// With --pairs: one row per pair (scores, reasons of undefined ones) as CSV (`.csv`) or JSON.
    #[arg(long, value_name = "FILE", requires = "pairs")]
    pub items: Option<PathBuf>,
    #[command(flatten)]
    pub bootstrap: BootstrapArgs,
    /// With --pairs: a second system's pairs file (B) over the same references, scored with the same
    /// settings and compared with --pairs (A): means, per-item differences B − A (--items writes them) and
    /// a paired bootstrap interval of the mean difference. Items match by id when every row has one, else
    /// by row.
    #[arg(
        long,
        value_name = "FILE",
        requires = "pairs",
        conflicts_with = "models"
    )]
    pub versus: Option<PathBuf>,
    /// With --pairs: compare two systems of one file by its rows' `model` (CLERC's generation pairs:
    /// `--models gpt4o llama3`), A then B, items matched by id (`idx`).
    #[arg(long, num_args = 2, value_names = ["A", "B"], requires = "pairs")]
    pub models: Vec<String>,
    #[command(flatten)]
    pub compare: CompareArgs,
}

/// `--embedding-model`, for every command that can embed. Named so because `--model` is the LLM's.
#[derive(clap::Args)]
pub struct EmbeddingArgs {
    /// The embedding model (models/README.md): `minilm`, the fp32 all-MiniLM-L6-v2 that matches
    /// sentence-transformers to min cosine 0.9999999 (the default, for exact parity); `minilm-int8`, its
    /// int8-stored build (min cosine 0.9978 on CLERC texts; the page's default for its 24 MB download); or
    /// `mpnet`, all-mpnet-base-v2 as Tan et al. use it (768 dimensions, 384 tokens; `make mpnet` builds it).
    #[arg(id = "embedding_model", long = "embedding-model", default_value = "minilm",
          value_parser = embedding_model_parser())]
    pub model: EmbeddingModel,
}

fn embedding_model_parser() -> impl TypedValueParser<Value = EmbeddingModel> {
    PossibleValuesParser::new(EmbeddingModel::ALL.map(EmbeddingModel::id))
        .map(|id| EmbeddingModel::from_id(&id).unwrap_or(EmbeddingModel::BEFORE_VARIANTS))
}

/// Every id of core's `Similarity`, so a new similarity is a new `--similarity` value with no change here.
pub fn similarity_parser() -> impl TypedValueParser<Value = Similarity> {
    PossibleValuesParser::new(Similarity::ALL.map(Similarity::id))
        .map(|id| Similarity::from_id(&id).unwrap_or_default())
}

impl PairArgs {
    /// Both texts, after the checks that need no reading: at most one of them comes from standard input,
    /// and the threshold is a similarity in [0, 1].
    pub fn read(&self) -> Result<(String, String)> {
        let (Some(reference), Some(candidate)) = (&self.reference, &self.candidate) else {
            bail!("--reference and --candidate are required without --pairs");
        };
        if reference == Path::new("-") && candidate == Path::new("-") {
            bail!("only one of --reference and --candidate can be standard input");
        }
        self.check_threshold()?;
        Ok((read_text(reference)?, read_text(candidate)?))
    }

    /// The threshold is a similarity in [0, 1].
    pub fn check_threshold(&self) -> Result<()> {
        if let Some(threshold) = self.threshold.filter(|t| !(0.0..=1.0).contains(t)) {
            bail!("--threshold must be between 0 and 1, got {threshold}");
        }
        Ok(())
    }
}

impl PairArgs {
    /// `--threshold`, or the similarity's default (`Similarity::default_threshold`, the page's too).
    pub fn threshold(&self) -> f64 {
        self.threshold
            .unwrap_or_else(|| self.similarity.default_threshold())
    }

    /// The endpoint settings the report records when the LLM judges, after checking they are given.
    pub fn judge_settings(&self) -> Result<Option<JudgeSettings>> {
        match self.similarity {
            Similarity::Llm => Ok(Some(self.llm.config()?.judge_settings())),
            _ => Ok(None),
        }
    }
}
