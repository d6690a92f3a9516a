//! `lexeval decompscore FILE --method ...`: DecompScore as a score report.

use super::llm_args::LlmArgs;
use crate::input::read_text;
use anyhow::Result;
use lexeval_core::report::ScoreReport;
use lexeval_llm::tasks::decompose::Method;
use lexeval_llm::tasks::decompscore::decompscore;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Text to decompose and check (`-` for standard input).
    pub input: PathBuf,
    /// factscore, wice, chen or rnd (Wanner et al. 2024, Table 1).
    #[arg(long, default_value = "rnd")]
    pub method: Method,
    #[command(flatten)]
    pub llm: LlmArgs,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.input)?;
    let client = args.llm.client()?;
    let report = decompscore(&client, &text, args.method);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(&report);
    }
    Ok(())
}

/// The scores, then the coherent (supported) subclaims, one per line.
fn print_text(report: &ScoreReport) {
    for score in &report.scores {
        match (score.value, &score.null_reason) {
            (Some(value), _) => println!("{:<12} {value}", score.name),
            (None, reason) => println!(
                "{:<12} n/a ({})",
                score.name,
                reason.as_deref().unwrap_or("")
            ),
        }
    }
    if let Some(subclaims) = report.details["coherent_subclaims"].as_array() {
        println!("coherent subclaims:");
        for subclaim in subclaims.iter().filter_map(|s| s.as_str()) {
            println!("- {subclaim}");
        }
    }
}
