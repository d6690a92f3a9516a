//! `lexeval decompose FILE --method ...`: each sentence's subclaims, one "- " line each.

use super::llm_args::LlmArgs;
use crate::input::read_text;
use anyhow::Result;
use lexeval_llm::tasks::decompose::{decompose, Method};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Text to decompose (`-` for standard input).
    pub input: PathBuf,
    /// factscore, wice, chen or rnd (Wanner et al. 2024, Table 1).
    #[arg(long, default_value = "rnd")]
    pub method: Method,
    #[command(flatten)]
    pub llm: LlmArgs,
    /// Print the decomposition (with prompts and raw answers) as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.input)?;
    let client = args.llm.client()?;
    let decompositions = decompose(&client, &text, args.method);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&decompositions)?);
        return Ok(());
    }
    for d in &decompositions {
        println!("{}", d.sentence);
        for subclaim in &d.subclaims {
            println!("- {subclaim}");
        }
        if let Some(error) = &d.exchange.error {
            println!("  (no subclaims: {error})");
        }
    }
    Ok(())
}
