//! `lexeval claims`: the (claim, authorities) pairs L-FRESCO compares.

use crate::input::read_text;
use anyhow::Result;
use lexeval_core::citations::claims;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Text file (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
    /// Print JSON; without it, one claim per line followed by its authorities.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.file)?;
    let pairs = claims(&text);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&pairs)?)?;
    } else {
        for claim in pairs {
            writeln!(
                out,
                "{}\n    ← {}",
                claim.text,
                claim.authorities.join("; ")
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
