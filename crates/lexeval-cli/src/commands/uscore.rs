//! `lexeval uscore`: the U-Score of one legal answer, with every component and the cue phrases behind it.

use crate::input::read_text;
use anyhow::Result;
use lexeval_core::uscore::score;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Answer text file (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
    /// A source URL of the answer (repeatable); without any, the URLs in the answer count.
    #[arg(long)]
    pub source: Vec<String>,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let report = score(&read_text(&args.file)?, &args.source);
    crate::commands::show::print_report(&report, args.json)
}
