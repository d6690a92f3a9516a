//! `lexeval decompose FILE --method ...`: each sentence's subclaims, one "- " line each.

use super::llm_args::DecomposeArgs;
use anyhow::Result;
use lexeval_llm::tasks::decompose::decompose;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub decompose: DecomposeArgs,
    /// Print the decomposition (with prompts and raw answers) as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let (text, client) = args.decompose.text_and_client()?;
    let decompositions = decompose(&client, &text, args.decompose.method);
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
