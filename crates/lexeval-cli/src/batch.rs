//! `lexeval fresco|pointwise --pairs FILE`: every pair through the same check pipeline as a single run (one
//! `Checker`, so one model load and one answer cache), then core's `pairs::aggregate`.

use crate::check::Checker;
use crate::commands::pair_args::PairArgs;
use anyhow::{Context, Result};
use lexeval_core::pairs::{PairItem, PairRecord, PairsDetails};
use lexeval_core::pipeline::CheckJob;
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::BootstrapAggregator;
use std::path::Path;

const ROW_SHAPE: &str =
    r#"{"reference": text, "generated": text} or CLERC's {"gold_text": text, "generation": text}"#;

/// Scores every pair of `path` with the job `job` builds from its texts, and prints the aggregate.
pub fn run(
    pair: &PairArgs,
    path: &Path,
    job: impl Fn(String, String) -> Result<CheckJob>,
    json: bool,
) -> Result<()> {
    pair.check_threshold()?;
    let batch = &pair.batch;
    let bootstrap = BootstrapAggregator::new(batch.confidence, batch.samples, batch.seed)
        .context("--confidence or --samples")?;
    let records: Vec<PairRecord> = crate::records::read_records(path, ROW_SHAPE)?;
    let mut checker = Checker::new(&pair.llm, pair.embedding.model);
    let mut first = None;
    let mut items = Vec::with_capacity(records.len());
    for (index, record) in records.into_iter().enumerate() {
        let report = checker
            .run(job(record.reference, record.generated)?)
            .with_context(|| format!("{} pair {}", path.display(), index + 1))?;
        let metric = report.metric.without_details();
        items.push(PairItem {
            item: index + 1,
            id: record.id,
            model: record.model,
            scores: metric.scores.clone(),
        });
        first.get_or_insert(metric);
    }
    // `read_records` refuses a file without rows, so there is a first report.
    let Some(first) = first else {
        anyhow::bail!("{}: no records", path.display());
    };
    let mut report = lexeval_core::pairs::aggregate(&first, items, &bootstrap);
    // Each pair's details (dropped here) held the judge's endpoint settings; the batch keeps them once.
    if let Some(judge) = pair.judge_settings()? {
        report.settings["llm"] = serde_json::to_value(judge)?;
    }
    if let Some(items_path) = &batch.items {
        crate::items::write_items(items_path, &lexeval_core::items::pairs(&report.details))?;
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_aggregate(&report, &bootstrap);
    }
    Ok(())
}

fn print_aggregate(report: &ScoreReport<PairsDetails>, bootstrap: &BootstrapAggregator) {
    println!(
        "{} (metric version {}): {} pairs, {:.0}% bootstrap interval of the mean ({} resamples, seed {})",
        report.metric,
        report.metric_version,
        report.details.items.len(),
        bootstrap.confidence() * 100.0,
        bootstrap.samples(),
        bootstrap.seed()
    );
    println!(
        "  {:<20} {:>7} {:>7} {:>7} {:>7}  pairs",
        "score", "mean", "low", "mid", "high"
    );
    let number = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.4}"));
    for (score, interval) in report.scores.iter().zip(&report.details.intervals) {
        println!(
            "  {:<20} {:>7} {:>7} {:>7} {:>7}  {} of {} defined",
            score.name,
            number(score.value),
            number(interval.low),
            number(interval.mid),
            number(interval.high),
            interval.defined,
            interval.defined + interval.undefined
        );
    }
}
