//! `lexeval correlate`: how well a metric agrees with human scores (Pearson, Spearman, Kendall, RMSE at the
//! summary, system and population levels of the pointwise paper).

use crate::records::read_records;
use anyhow::Result;
use lexeval_core::stats::{levels, rmse, Correlation, Judgement};
use serde_json::json;
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
    let mut out = serde_json::Map::new();
    for (name, correlation) in [
        ("pearson", Correlation::Pearson),
        ("spearman", Correlation::Spearman),
        ("kendall", Correlation::Kendall),
    ] {
        let (summary, system, population) = levels(&judgements, correlation);
        out.insert(
            name.into(),
            json!({"summary": summary, "system": system, "population": population}),
        );
    }
    let (metric, human): (Vec<f64>, Vec<f64>) =
        judgements.iter().map(|j| (j.metric, j.human)).unzip();
    out.insert("rmse".into(), json!(rmse(&metric, &human)));
    println!("{}", serde_json::Value::Object(out));
    Ok(())
}
