//! `lexeval claims`: the (claim, authorities) pairs L-FRESCO compares.

use crate::input::read_text;
use anyhow::Result;
use lexeval_core::authorities;
use lexeval_core::citations::{claims, claims_with, extract};
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
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&claims(&text))?)?;
    } else {
        // Readers see each authority by name, grouped as the brief check groups them.
        let mut citations = extract(&text);
        let table = authorities::unify(&mut citations, &mut []);
        for claim in claims_with(&text, &citations) {
            let names: Vec<&str> = claim
                .authorities
                .iter()
                .map(|key| authorities::name_of(&table, key))
                .collect();
            writeln!(out, "{}\n    ← {}", claim.text, names.join("; "))?;
        }
    }
    out.flush()?;
    Ok(())
}
