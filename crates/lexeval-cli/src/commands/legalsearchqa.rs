//! `lexeval legalsearchqa`: accuracy of multiple-choice predictions (and the mean U-Score of explanations).

use crate::input::read_text;
use crate::jsonl::read_jsonl;
use anyhow::{Context, Result};
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
    let questions: Vec<Question> =
        serde_json::from_str(&read_text(&args.gold)?).with_context(|| {
            format!(
                "{}: expected LegalSearchQA questions (a JSON array)",
                args.gold.display()
            )
        })?;
    let predictions: Vec<Prediction> =
        read_jsonl(&args.predictions, "{id, answer, explanation?, sources?}")?;
    let report = score(&questions, &predictions);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::commands::show::print_scores(&report);
    }
    Ok(())
}
