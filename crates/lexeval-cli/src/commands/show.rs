//! `lexeval show REPORT.json`: a saved score report as a readable table.

use crate::input::read_text;
use anyhow::{Context, Result};
use lexeval_core::report::{Bounds, ScoreReport};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Score report JSON written by `--json` or exported from the page (`-` for standard input).
    pub report: PathBuf,
}

pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.report)?;
    let report: ScoreReport = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a lexeval score report", args.report.display()))?;
    print_scores(&report);
    Ok(())
}

/// A subcommand's output: the report as JSON, or its scores one per line.
pub fn print_report<Details: serde::Serialize>(
    report: &ScoreReport<Details>,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(report)?);
    } else {
        print_scores(report);
    }
    Ok(())
}

/// The report's scores, one per line (what the subcommands print without `--json`).
pub fn print_scores<Details>(report: &ScoreReport<Details>) {
    println!(
        "{} (metric version {})",
        report.metric, report.metric_version
    );
    for score in &report.scores {
        match (score.value, &score.null_reason) {
            (Some(v), _) => match (&score.note, score.bounds) {
                (Some(note), Some(Bounds { lower, upper })) => println!(
                    "  {:<24} {v:.4} ({note}; {lower:.4} to {upper:.4} had all been decided)",
                    score.name
                ),
                (Some(note), None) => println!("  {:<24} {v:.4} ({note})", score.name),
                (None, _) => println!("  {:<24} {v:.4}", score.name),
            },
            (None, Some(reason)) => println!("  {:<24} n/a ({reason})", score.name),
            (None, None) => println!("  {:<24} n/a", score.name),
        }
    }
}
