//! `lexeval decompscore FILE --method ...`: DecompScore as a score report.

use super::llm_args::DecomposeArgs;
use crate::jsonl::read_jsonl;
use anyhow::Result;
use lexeval_core::decompscore::SupportJudgement;
use lexeval_core::report::ScoreReport;
use lexeval_llm::tasks::decompscore::decompscore;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub decompose: DecomposeArgs,
    /// The input is JSON Lines of precomputed judgements, {passage, sentence, subclaim, supported (true,
    /// false or null when the judgement failed)}: DecompScore averaged over passages, no endpoint needed.
    #[arg(long)]
    pub precomputed: bool,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let report = if args.precomputed {
        let judgements: Vec<SupportJudgement> = read_jsonl(
            &args.decompose.input,
            "{passage, sentence, subclaim, supported}",
        )?;
        lexeval_core::decompscore::score(&judgements)
    } else {
        let (text, client) = args.decompose.text_and_client()?;
        decompscore(&client, &text, args.decompose.method)
    };
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
