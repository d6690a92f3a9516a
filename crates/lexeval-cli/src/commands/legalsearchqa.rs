//! `lexeval legalsearchqa`: accuracy of multiple-choice predictions (and the mean U-Score of explanations).

use crate::input::read_json_array;
use crate::jsonl::read_jsonl;
use anyhow::Result;
use lexeval_core::legalsearchqa::{score, Prediction, Question};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// LegalSearchQA questions (legalsearchqa.json: a JSON array).
    #[arg(long)]
    pub gold: PathBuf,
    /// Predictions, JSON Lines of {id, answer (index, letter or choice text), explanation?, sources?}.
    #[arg(long)]
    pub predictions: PathBuf,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let questions: Vec<Question> = read_json_array(&args.gold, "LegalSearchQA questions")?;
    let predictions: Vec<Prediction> =
        read_jsonl(&args.predictions, "{id, answer, explanation?, sources?}")?;
    let report = score(&questions, &predictions);
    crate::commands::show::print_report(&report, args.json)
}
