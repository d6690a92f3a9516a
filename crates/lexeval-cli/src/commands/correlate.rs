//! `lexeval correlate`: how well a metric agrees with human scores (Pearson, Spearman, Kendall, RMSE at the
//! summary, system and population levels of the pointwise paper).

use crate::records::read_records;
use anyhow::Result;
use lexeval_core::stats::{levels, rmse, Correlation, Judgement, Levels};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// JSON Lines or a JSON array of {"case", "system", "metric", "human"} (`-` or nothing for standard
    /// input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
}

pub fn run(args: Args) -> Result<()> {
    let judgements: Vec<Judgement> =
        read_records(&args.file, "{\"case\", \"system\", \"metric\", \"human\"}")?;
    let correlations: BTreeMap<Correlation, Levels> = Correlation::ALL
        .into_iter()
        .map(|correlation| (correlation, levels(&judgements, correlation)))
        .collect();
    let mut out = serde_json::to_value(correlations)?;
    let (metric, human): (Vec<f64>, Vec<f64>) =
        judgements.iter().map(|j| (j.metric, j.human)).unzip();
    out["rmse"] = json!(rmse(&metric, &human));
    println!("{out}");
    Ok(())
}
