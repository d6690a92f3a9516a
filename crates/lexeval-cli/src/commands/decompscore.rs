//! `lexeval decompscore FILE --method ...`: DecompScore as a score report.

use super::llm_args::DecomposeArgs;
use anyhow::Result;
use lexeval_core::report::ScoreReport;
use lexeval_llm::tasks::decompscore::decompscore;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub decompose: DecomposeArgs,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let (text, client) = args.decompose.text_and_client()?;
    let report = decompscore(&client, &text, args.decompose.method);
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
