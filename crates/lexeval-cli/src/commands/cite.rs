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
        let rows = read_rows::<Row>(&args.file, "{\"text\": ...}")?;
        for line in in_order_on_every_core(&rows, |row| serde_json::to_string(&extract(&row.text)))
        {
            writeln!(out, "{}", line?)?;
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

/// `each` of every item, in the items' order: the items split into one run of consecutive items per core,
/// each run on its own thread (rows are independent, and a paragraph's extraction is too short to split).
fn in_order_on_every_core<T: Sync, R: Send>(items: &[T], each: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let run = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let each = &each;
        let runs: Vec<_> = items
            .chunks(run)
            .map(|chunk| {
                let work = move || chunk.iter().map(each).collect::<Vec<R>>();
                // Without another thread this one does it (below).
                (
                    chunk,
                    std::thread::Builder::new().spawn_scoped(scope, work).ok(),
                )
            })
            .collect();
        runs.into_iter()
            .flat_map(|(chunk, handle)| match handle {
                Some(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                None => chunk.iter().map(each).collect(),
            })
            .collect()
    })
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

#[cfg(test)]
mod tests {
    use super::in_order_on_every_core;

    #[test]
    fn rows_come_back_in_order() {
        for n in [0, 1, 2, 7, 100] {
            let rows: Vec<usize> = (0..n).collect();
            let doubled: Vec<usize> = rows.iter().map(|r| r * 2).collect();
            assert_eq!(in_order_on_every_core(&rows, |r| r * 2), doubled);
        }
    }
}
