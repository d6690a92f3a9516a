//! `lexeval fresco|pointwise --pairs FILE`: every pair through the same check pipeline as a single run (one
//! `Checker`, so one model load and one answer cache), then core's `pairs::aggregate`; with `--versus FILE`
//! or `--models A B`, two systems scored alike and compared (`crate::compare`).

use crate::check::Checker;
use crate::commands::pair_args::PairArgs;
use anyhow::{bail, Context, Result};
use lexeval_core::compare::{self, CompareError, Side};
use lexeval_core::items;
use lexeval_core::pairs::{PairRecord, PairScores, PairsDetails};
use lexeval_core::pipeline::CheckJob;
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::BootstrapAggregator;
use std::collections::BTreeSet;
use std::path::Path;

const ROW_SHAPE: &str =
    r#"{"reference": text, "generated": text} or CLERC's {"gold_text": text, "generation": text}"#;

/// Scores every pair of `path` with the job `job` builds from its texts, and prints the aggregate (or the
/// comparison of two systems).
pub fn run(
    pair: &PairArgs,
    path: &Path,
    job: impl Fn(String, String) -> Result<CheckJob>,
    json: bool,
) -> Result<()> {
    pair.check_threshold()?;
    let batch = &pair.batch;
    let bootstrap = batch.bootstrap.aggregator()?;
    let mut checker = Checker::new(&pair.llm, pair.embedding.model);
    let mut scorer = BatchScorer {
        pair,
        job: &job,
        checker: &mut checker,
        bootstrap: &bootstrap,
    };
    let records: Vec<PairRecord> = crate::records::read_records(path, ROW_SHAPE)?;
    let compare_score = batch.compare.compare_score.as_deref();
    if let [model_a, model_b] = batch.models.as_slice() {
        let of_model = |model: &str| -> Result<Vec<(usize, PairRecord)>> {
            let rows: Vec<(usize, PairRecord)> = records
                .iter()
                .cloned()
                .enumerate()
                .filter(|(_, r)| r.model.as_deref() == Some(model))
                .collect();
            if rows.is_empty() {
                let known: BTreeSet<String> =
                    records.iter().filter_map(|r| r.model.clone()).collect();
                bail!(CompareError::UnknownModel {
                    model: model.to_string(),
                    known: known.into_iter().collect(),
                });
            }
            if rows.iter().any(|(_, r)| r.id.is_none()) {
                bail!("--models matches the two models' rows by id, and a row of model \"{model}\" has none (CLERC's rows carry it as `idx`)");
            }
            Ok(rows)
        };
        let (rows_a, rows_b) = (of_model(model_a)?, of_model(model_b)?);
        let references =
            |rows: &[(usize, PairRecord)]| rows.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>();
        compare::check_same_references(&references(&rows_a), &references(&rows_b))?;
        let table_a = items::pairs(&scorer.score(path, rows_a)?);
        let table_b = items::pairs(&scorer.score(path, rows_b)?);
        return crate::compare::run(
            Side {
                label: model_a,
                table: &table_a,
            },
            Side {
                label: model_b,
                table: &table_b,
            },
            compare_score,
            &bootstrap,
            batch.items.as_deref(),
            json,
        );
    }
    if let Some(versus) = &batch.versus {
        let versus_records: Vec<PairRecord> = crate::records::read_records(versus, ROW_SHAPE)?;
        compare::check_same_references(&records, &versus_records)?;
        let table_a = items::pairs(&scorer.score(path, numbered(records))?);
        let table_b = items::pairs(&scorer.score(versus, numbered(versus_records))?);
        return crate::compare::run(
            Side {
                label: &path.display().to_string(),
                table: &table_a,
            },
            Side {
                label: &versus.display().to_string(),
                table: &table_b,
            },
            compare_score,
            &bootstrap,
            batch.items.as_deref(),
            json,
        );
    }
    if compare_score.is_some() {
        bail!("--compare-score needs two systems: --versus FILE or --models A B");
    }
    let report = scorer.score(path, numbered(records))?;
    if let Some(items_path) = &batch.items {
        crate::items::write_items(items_path, &items::pairs(&report))?;
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_aggregate(&report, &bootstrap);
    }
    Ok(())
}

/// Rows with their 0-based position in the file.
fn numbered(records: Vec<PairRecord>) -> Vec<(usize, PairRecord)> {
    records.into_iter().enumerate().collect()
}

/// What scoring a batch needs, shared by both sides of a comparison (one model load, one answer cache).
struct BatchScorer<'a, 'c, Job> {
    pair: &'a PairArgs,
    job: &'a Job,
    checker: &'a mut Checker<'c>,
    bootstrap: &'a BootstrapAggregator,
}

impl<Job: Fn(String, String) -> Result<CheckJob>> BatchScorer<'_, '_, Job> {
    /// Every row's check, then the aggregate; rows keep their position in `path`.
    fn score(
        &mut self,
        path: &Path,
        rows: Vec<(usize, PairRecord)>,
    ) -> Result<ScoreReport<PairsDetails>> {
        let mut scores = PairScores::default();
        for (index, record) in rows {
            let report = self
                .checker
                .run((self.job)(record.reference, record.generated)?)
                .with_context(|| format!("{} pair {}", path.display(), index + 1))?;
            scores.add(index, (record.id, record.model), &report.metric);
        }
        // `read_records` refuses a file without rows, and a model is chosen only if it has rows.
        let Some(mut report) = scores.aggregate(self.bootstrap) else {
            bail!("{}: no records", path.display());
        };
        // Each pair's details (dropped here) held the judge's endpoint settings; the batch keeps them once.
        if let Some(judge) = self.pair.judge_settings()? {
            report.record_judge(&judge);
        }
        Ok(report)
    }
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
