//! `lexeval pointwise`: pointwise recall and precision of a candidate summary against a reference summary.

use crate::commands::pair_args::{Measure, PairArgs};
use anyhow::Result;
use lexeval_core::pointwise::{points, score, Assignment, PointwiseSettings};
use lexeval_core::rouge::PairwiseF1;
use lexeval_llm::tasks::pointwise::score_with_judge;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub pair: PairArgs,
    /// 1-1 assignment: the paper's greedy algorithm (A.5) or the optimal one.
    #[arg(long, value_enum, default_value = "greedy")]
    pub assign: AssignArg,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum AssignArg {
    Greedy,
    Optimal,
}

pub fn run(args: Args) -> Result<()> {
    let (reference_text, candidate_text) = args.pair.read()?;
    let reference = points(&reference_text);
    let candidate = points(&candidate_text);
    let settings = PointwiseSettings {
        similarity: args.pair.similarity.name().into(),
        threshold: args.pair.threshold,
        assignment: match args.assign {
            AssignArg::Greedy => Assignment::Greedy,
            AssignArg::Optimal => Assignment::Optimal,
        },
        ..PointwiseSettings::default()
    };
    let scored = |similarity: &[Vec<f64>]| {
        score(
            &reference_text,
            &reference,
            &candidate,
            similarity,
            &settings,
        )
    };
    let report = match args.pair.similarity.measure() {
        Measure::Rouge(kind) => scored(&PairwiseF1::new(kind, true).matrix(&reference, &candidate)),
        Measure::Embedding => scored(&cosine_matrix(&reference, &candidate)?),
        Measure::Llm => {
            let client = args.pair.llm.client()?;
            let cosine = cosine_matrix(&reference, &candidate)?;
            let points = (reference.as_slice(), candidate.as_slice());
            score_with_judge(&client, &reference_text, points, &cosine, &settings)
        }
    };
    crate::commands::show::print_report(&report, args.json)
}

/// all-MiniLM-L6-v2 cosine of every reference × candidate point.
fn cosine_matrix(reference: &[String], candidate: &[String]) -> Result<Vec<Vec<f64>>> {
    let texts = reference.iter().chain(candidate).map(String::as_str);
    let embedded = crate::embedding::embed_with_shipped_model(texts)?;
    embedded
        .matrix(reference, candidate)
        .map_err(anyhow::Error::msg)
}
