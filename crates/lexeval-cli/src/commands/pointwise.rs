//! `lexeval pointwise`: pointwise recall and precision of a candidate summary against a reference summary:
//! the page's summary check pipeline, so `--json` prints the report the page exports.

use crate::commands::pair_args::PairArgs;
use crate::commands::pair_check::run_check;
use crate::commands::points_args::PointsArgs;
use anyhow::{bail, Result};
use lexeval_core::pipeline::CheckJob;
use lexeval_core::pointwise::{
    Assignment, OtherRelevant, Paragraph, PointSource, PointwiseSettings,
};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub pair: PairArgs,
    /// 1-1 assignment: the paper's greedy algorithm (A.5) or the optimal one.
    #[arg(long, value_enum, default_value = "greedy")]
    pub assign: AssignArg,
    /// A reference point whose matches all went to other reference points ("other relevant match"):
    /// `unmatched` earns nothing (the paper, §5.3), `partial` earns 0.5 (lexeval's metric version 1).
    #[arg(long, value_enum, default_value = "unmatched")]
    pub other_relevant: OtherRelevantArg,
    #[command(flatten)]
    pub points: PointsArgs,
    /// The reference's points per paragraph instead of its sentences: a JSON list of
    /// {"paragraph": TEXT, "points": [TEXT, ...]}; A.3's lemma weights then count against each paragraph.
    #[arg(long, value_name = "FILE", conflicts_with = "pairs")]
    pub reference_points: Option<PathBuf>,
    /// The candidate's points per paragraph instead of its sentences (same format).
    #[arg(long, value_name = "FILE", conflicts_with = "pairs")]
    pub candidate_points: Option<PathBuf>,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum AssignArg {
    Greedy,
    Optimal,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum OtherRelevantArg {
    Unmatched,
    Partial,
}

pub fn run(args: Args) -> Result<()> {
    run_check(&args.pair, args.json, |r, c| job(&args, r, c))
}

/// The summary check of one pair with the command's settings (and points files, for a single pair).
fn job(args: &Args, reference: String, candidate: String) -> Result<CheckJob> {
    let points = args.points.source();
    // The LLM that extracts the points is recorded like the judge's, whichever similarity matches them.
    let judge = match points {
        PointSource::Llm => Some(args.pair.llm.config()?.judge_settings()),
        PointSource::Sentences => args.pair.judge_settings()?,
    };
    Ok(CheckJob::Summary {
        reference,
        candidate,
        settings: PointwiseSettings {
            similarity: args.pair.similarity,
            threshold: args.pair.threshold(),
            assignment: match args.assign {
                AssignArg::Greedy => Assignment::Greedy,
                AssignArg::Optimal => Assignment::Optimal,
            },
            other_relevant: match args.other_relevant {
                OtherRelevantArg::Unmatched => OtherRelevant::Unmatched,
                OtherRelevantArg::Partial => OtherRelevant::Partial,
            },
            points,
            ..PointwiseSettings::default()
        },
        judge,
        reference_points: args
            .reference_points
            .as_deref()
            .map(read_paragraphs)
            .transpose()?,
        candidate_points: args
            .candidate_points
            .as_deref()
            .map(read_paragraphs)
            .transpose()?,
    })
}

/// A points file: a JSON list (or JSON Lines) of paragraphs with their points.
fn read_paragraphs(path: &Path) -> Result<Vec<Paragraph>> {
    let paragraphs: Vec<Paragraph> =
        crate::records::read_rows(path, "{\"paragraph\": TEXT, \"points\": [TEXT, ...]}")?;
    if paragraphs.iter().all(|p| p.points.is_empty()) {
        bail!("{} holds no points", path.display());
    }
    Ok(paragraphs)
}
