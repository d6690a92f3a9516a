//! `lexeval correlate`: how well a metric agrees with human scores (Pearson, Spearman, Kendall, RMSE at the
//! summary, system and population levels of the pointwise paper).

use crate::input::read_text;
use anyhow::{bail, Context, Result};
use lexeval_core::stats::{levels, rmse, Correlation, Judgement};
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// JSON Lines of {"case", "system", "metric", "human"} (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
}

pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.file)?;
    let judgements = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str::<Judgement>(line).with_context(|| {
                format!(
                    "line {}: expected {{\"case\", \"system\", \"metric\", \"human\"}}",
                    i + 1
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    if judgements.is_empty() {
        bail!("no judgements to correlate");
    }
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
