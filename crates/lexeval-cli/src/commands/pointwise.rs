//! `lexeval pointwise`: pointwise recall and precision of a candidate summary against a reference summary.

use crate::input::{check_pair_args, read_text};
use anyhow::Result;
use lexeval_core::pointwise::{points, score, Assignment, PointwiseSettings};
use lexeval_core::rouge::{PairwiseF1, RougeType};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Reference summary file (`-` for standard input).
    #[arg(short, long)]
    pub reference: PathBuf,
    /// Candidate summary file (`-` for standard input).
    #[arg(short, long)]
    pub candidate: PathBuf,
    /// A pair of points matches when its similarity reaches this.
    #[arg(long, default_value_t = 0.5)]
    pub threshold: f64,
    /// 1-1 assignment: the paper's greedy algorithm (A.5) or the optimal one.
    #[arg(long, value_enum, default_value = "greedy")]
    pub assign: AssignArg,
    /// Point similarity: ROUGE-1 F1 with stemming, or all-MiniLM-L6-v2 cosine (the paper's choice).
    #[arg(long, value_enum, default_value = "rouge1")]
    pub similarity: PointSimilarity,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum PointSimilarity {
    Rouge1,
    Embedding,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum AssignArg {
    Greedy,
    Optimal,
}

pub fn run(args: Args) -> Result<()> {
    check_pair_args(&args.reference, &args.candidate, args.threshold)?;
    let reference_text = read_text(&args.reference)?;
    let reference = points(&reference_text);
    let candidate = points(&read_text(&args.candidate)?);
    let (name, similarity) = match args.similarity {
        PointSimilarity::Rouge1 => (
            "rouge1",
            PairwiseF1::new(RougeType::N(1), true).matrix(&reference, &candidate),
        ),
        PointSimilarity::Embedding => {
            let texts = reference.iter().chain(&candidate).map(String::as_str);
            let embedded = crate::embedding::embed_with_shipped_model(texts)?;
            (
                "embedding",
                matrix(&reference, &candidate, |r, c| embedded.similarity(r, c))?,
            )
        }
    };
    let settings = PointwiseSettings {
        similarity: name.into(),
        threshold: args.threshold,
        assignment: match args.assign {
            AssignArg::Greedy => Assignment::Greedy,
            AssignArg::Optimal => Assignment::Optimal,
        },
        ..PointwiseSettings::default()
    };
    let report = score(
        &reference_text,
        &reference,
        &candidate,
        &similarity,
        &settings,
    );
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::commands::show::print_scores(&report);
    }
    Ok(())
}

/// `similarity[r][c]` for every reference point `r` and candidate point `c`.
fn matrix(
    reference: &[String],
    candidate: &[String],
    similarity: impl Fn(&str, &str) -> Result<f64, String>,
) -> Result<Vec<Vec<f64>>> {
    reference
        .iter()
        .map(|r| {
            candidate
                .iter()
                .map(|c| similarity(r, c).map_err(anyhow::Error::msg))
                .collect()
        })
        .collect()
}
