//! `lexeval pointwise`: pointwise recall and precision of a candidate summary against a reference summary.

use crate::commands::pair_args::{Measure, PairArgs};
use anyhow::{bail, Context, Result};
use lexeval_core::pointwise::{
    paragraph_weights, point_weights, points, score_weighted, Assignment, OtherRelevant, Paragraph,
    PointwiseSettings,
};
use lexeval_core::rouge::PairwiseF1;
use lexeval_llm::tasks::pointwise::score_with_judge_weighted;
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
    /// The reference's points per paragraph instead of its sentences: a JSON list of
    /// {"paragraph": TEXT, "points": [TEXT, ...]}; A.3's lemma weights then count against each paragraph.
    #[arg(long, value_name = "FILE")]
    pub reference_points: Option<PathBuf>,
    /// The candidate's points per paragraph instead of its sentences (same format).
    #[arg(long, value_name = "FILE")]
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
    let (reference_text, candidate_text) = args.pair.read()?;
    let (reference, weights) = match &args.reference_points {
        Some(path) => {
            let paragraphs = read_paragraphs(path)?;
            let points = paragraphs.iter().flat_map(|p| p.points.clone()).collect();
            (points, paragraph_weights(&paragraphs))
        }
        None => {
            let points = points(&reference_text);
            let weights = point_weights(&reference_text, &points);
            (points, weights)
        }
    };
    let candidate = match &args.candidate_points {
        Some(path) => read_paragraphs(path)?
            .into_iter()
            .flat_map(|p| p.points)
            .collect(),
        None => points(&candidate_text),
    };
    let settings = PointwiseSettings {
        similarity: args.pair.similarity.name().into(),
        threshold: args.pair.threshold(),
        assignment: match args.assign {
            AssignArg::Greedy => Assignment::Greedy,
            AssignArg::Optimal => Assignment::Optimal,
        },
        other_relevant: match args.other_relevant {
            OtherRelevantArg::Unmatched => OtherRelevant::Unmatched,
            OtherRelevantArg::Partial => OtherRelevant::Partial,
        },
        ..PointwiseSettings::default()
    };
    let points = (reference.as_slice(), candidate.as_slice());
    let scored = |similarity: &[Vec<f64>]| score_weighted(&weights, points, similarity, &settings);
    let report = match args.pair.similarity.measure() {
        Measure::Rouge(kind) => scored(&PairwiseF1::new(kind, true).matrix(&reference, &candidate)),
        Measure::Embedding => scored(&cosine_matrix(&reference, &candidate)?),
        Measure::Llm => {
            let client = args.pair.llm.client()?;
            let cosine = cosine_matrix(&reference, &candidate)?;
            score_with_judge_weighted(
                &client,
                &reference_text,
                points,
                &weights,
                &cosine,
                &settings,
            )
        }
    };
    crate::commands::show::print_report(&report, args.json)
}

/// A points file: a JSON list of paragraphs with their points.
fn read_paragraphs(path: &Path) -> Result<Vec<Paragraph>> {
    let text = crate::input::read_text(path)?;
    let paragraphs: Vec<Paragraph> = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a JSON list of {{\"paragraph\": TEXT, \"points\": [TEXT, ...]}}",
            path.display()
        )
    })?;
    if paragraphs.iter().all(|p| p.points.is_empty()) {
        bail!("{} holds no points", path.display());
    }
    Ok(paragraphs)
}

/// all-MiniLM-L6-v2 cosine of every reference × candidate point.
fn cosine_matrix(reference: &[String], candidate: &[String]) -> Result<Vec<Vec<f64>>> {
    let texts = reference.iter().chain(candidate).map(String::as_str);
    let embedded = crate::embedding::embed_with_shipped_model(texts)?;
    embedded
        .matrix(reference, candidate)
        .map_err(anyhow::Error::msg)
}
