//! `lexeval`: batch evaluation of AI-generated legal text from the command line.

mod commands;
mod input;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "lexeval",
    version,
    about = "Evaluate AI-generated legal text: citations, ROUGE, L-FRESCO, pointwise, CaseFacts, LegalSearchQA"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print a saved score report (JSON) as a readable table.
    Show(commands::show::Args),
    /// Sentence embeddings (all-MiniLM-L6-v2), one per input line.
    Embed(commands::embed::Args),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Show(args) => commands::show::run(args),
        Command::Embed(args) => commands::embed::run(args),
    };
    if let Err(err) = result {
        eprintln!("lexeval: error: {err:#}");
        std::process::exit(1);
    }
}
