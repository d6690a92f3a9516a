//! `lexeval decompscore FILE --method ...`: DecompScore as a score report.

use super::llm_args::DecomposeArgs;
use crate::records::read_records;
use anyhow::Result;
use lexeval_core::decompscore::SupportJudgement;
use lexeval_core::report::ScoreReport;
use lexeval_llm::tasks::decompscore::decompscore;
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub decompose: DecomposeArgs,
    /// The input is JSON Lines of precomputed judgements, {passage, sentence, subclaim, supported (true,
    /// false or null when the judgement failed)}: DecompScore averaged over passages, no endpoint needed.
    /// A line with a null or absent subclaim (and no judgement) is a passage decomposed into none.
    #[arg(long)]
    pub precomputed: bool,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    if args.precomputed {
        let judgements: Vec<SupportJudgement> = read_records(
            &args.decompose.input,
            "{passage, sentence, subclaim, supported}",
        )?;
        let report = lexeval_core::decompscore::score(&judgements);
        print(&report, &report.details.coherent_subclaims, args.json)
    } else {
        let (text, client) = args.decompose.text_and_client()?;
        let report = decompscore(&client, &text, args.decompose.method);
        print(&report, &report.details.coherent_subclaims, args.json)
    }
}

/// The report as JSON, or its scores, then the coherent (supported) subclaims, one per line.
fn print<D: Serialize>(report: &ScoreReport<D>, coherent: &[String], json: bool) -> Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(report)?);
        return Ok(());
    }
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
    println!("coherent subclaims:");
    for subclaim in coherent {
        println!("- {subclaim}");
    }
    Ok(())
}
