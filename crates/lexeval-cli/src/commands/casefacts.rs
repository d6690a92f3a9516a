//! `lexeval casefacts`: Evidence Score, Verdict Accuracy and Verdict Score of CaseFacts predictions.

use crate::input::read_json_array;
use crate::jsonl::read_jsonl;
use anyhow::Result;
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
    let gold: Vec<GoldClaim> = read_json_array(&args.gold, "CaseFacts gold claims")?;
    let predictions: Vec<Prediction> = read_jsonl(
        &args.predictions,
        "{claim, predicted_cases, predicted_verdict}",
    )?;
    let report = score(&gold, &predictions);
    crate::commands::show::print_report(&report, args.json)
}
