//! `lexeval casefacts`: Evidence Score, Verdict Accuracy and Verdict Score of CaseFacts predictions.

use crate::input::read_text;
use crate::jsonl::read_jsonl;
use anyhow::{Context, Result};
use lexeval_core::casefacts::{score, GoldClaim, Prediction};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// CaseFacts gold claims (test.json: a JSON array of {claim, case_name, overruling_case, label}).
    #[arg(long)]
    pub gold: PathBuf,
    /// Predictions, JSON Lines of {claim, predicted_cases (ranked), predicted_verdict}.
    #[arg(long)]
    pub predictions: PathBuf,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let gold: Vec<GoldClaim> =
        serde_json::from_str(&read_text(&args.gold)?).with_context(|| {
            format!(
                "{}: expected CaseFacts gold claims (a JSON array)",
                args.gold.display()
            )
        })?;
    let predictions: Vec<Prediction> = read_jsonl(
        &args.predictions,
        "{claim, predicted_cases, predicted_verdict}",
    )?;
    let report = score(&gold, &predictions);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::commands::show::print_scores(&report);
    }
    Ok(())
}
