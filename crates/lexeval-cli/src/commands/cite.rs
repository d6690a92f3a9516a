//! `lexeval cite`: every legal citation in a text, resolved to authorities: one readable line each (the
//! authority by its name), or JSON.

use crate::input::read_text;
use crate::records::read_rows;
use anyhow::Result;
use lexeval_core::authorities::{self, Authority};
use lexeval_core::citations::{extract, Citation};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Text file (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
    /// The input is JSON Lines (or a JSON array) of {"text": ...}: print one JSON array of citations per
    /// row.
    #[arg(long)]
    pub jsonl: bool,
    /// Print JSON (one array of citations); without it, one readable line per citation.
    #[arg(long)]
    pub json: bool,
}

#[derive(serde::Deserialize)]
struct Row {
    text: String,
}

pub fn run(args: Args) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.jsonl {
        // Every row is checked first, so a bad one stops the run before any output.
        for row in read_rows::<Row>(&args.file, "{\"text\": ...}")? {
            writeln!(out, "{}", serde_json::to_string(&extract(&row.text))?)?;
        }
        out.flush()?;
        return Ok(());
    }
    let text = read_text(&args.file)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&extract(&text))?)?;
    } else {
        let mut citations = extract(&text);
        let authorities = authorities::unify(&mut citations, &mut []);
        for citation in &citations {
            writeln!(out, "{}", describe(citation, &authorities))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// One readable line: offsets, kind, the matched cite and the authority's name for readers.
fn describe(citation: &Citation, authorities: &[Authority]) -> String {
    let kind = serde_json::to_value(citation.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    format!(
        "{}..{}\t{kind}\t{}\t{}",
        citation.start,
        citation.end,
        citation.matched_text,
        authorities::name_of(authorities, &citation.authority)
    )
}
