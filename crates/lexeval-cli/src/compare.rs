//! Two systems compared with core's `compare`: `casefacts|legalsearchqa --versus FILE`, `fresco|pointwise
//! --pairs A --versus B` and `--pairs FILE --models A B`. Prints the means, the mean difference with its
//! paired bootstrap interval and the verdict, or the typed report with `--json`; `--items` writes the
//! per-item differences.

use anyhow::{anyhow, Result};
use lexeval_core::compare::{self, ComparisonDetails, ComparisonSettings, ItemStatus, Side};
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::BootstrapAggregator;
use std::path::Path;

/// Items only one side has, listed by name in the readable output before "and N more".
const LISTED_ONE_SIDED: usize = 10;

pub fn run(
    a: Side,
    b: Side,
    score: Option<&str>,
    bootstrap: &BootstrapAggregator,
    items: Option<&Path>,
    json: bool,
) -> Result<()> {
    let score = match score {
        Some(score) => score,
        None => compare::default_score(a.table)
            .ok_or_else(|| anyhow!("the items have no score to compare"))?,
    };
    let report = compare::compare(a, b, score, bootstrap)?;
    if let Some(path) = items {
        crate::items::write_items(path, &compare::table(&report.details))?;
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_comparison(&report);
    }
    Ok(())
}

fn print_comparison(report: &ScoreReport<ComparisonDetails>) {
    let Some(settings) = ComparisonSettings::of(report) else {
        return;
    };
    let details = &report.details;
    println!(
        "comparison of {} (items matched by {})",
        settings.score, details.key
    );
    println!("  A: {}", settings.a);
    println!("  B: {}", settings.b);
    let number = |name: &str| {
        report
            .score(name)
            .map_or("n/a".to_string(), |v| format!("{v:.4}"))
    };
    println!("  {:<18} {:>8}", "mean A", number("mean_a"));
    println!("  {:<18} {:>8}", "mean B", number("mean_b"));
    println!("  {:<18} {:>8}", "mean B − A", number("mean_difference"));
    if let Some(interval) = details.interval {
        println!(
            "  {:<18} {:>8.4} to {:.4} ({} resamples, seed {})",
            format!("{:.0} % interval", settings.bootstrap.confidence * 100.0),
            interval.low,
            interval.high,
            settings.bootstrap.samples,
            settings.bootstrap.seed
        );
    }
    println!(
        "  items: {} compared, {} only in A, {} only in B, {} undefined on a side",
        details.compared, details.only_in_a, details.only_in_b, details.undefined
    );
    for status in [
        ItemStatus::OnlyInA,
        ItemStatus::OnlyInB,
        ItemStatus::Undefined,
    ] {
        let keys: Vec<&str> = details
            .items
            .iter()
            .filter(|item| item.status == status)
            .map(|item| item.key.as_str())
            .collect();
        if keys.is_empty() {
            continue;
        }
        println!("  {}:", status.label());
        for key in keys.iter().take(LISTED_ONE_SIDED) {
            println!("    {key}");
        }
        if keys.len() > LISTED_ONE_SIDED {
            println!(
                "    … and {} more (--items FILE lists every item)",
                keys.len() - LISTED_ONE_SIDED
            );
        }
    }
    println!("{}", compare::verdict(report));
}
