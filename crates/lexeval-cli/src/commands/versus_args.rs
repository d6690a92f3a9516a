//! `--versus FILE` for the benchmarks scored against a gold file (`casefacts`, `legalsearchqa`): a second
//! system's predictions, scored with the same gold and settings, compared with the first.

use crate::commands::bootstrap_args::{BootstrapArgs, INTERVAL};
use anyhow::{bail, Result};
use lexeval_core::rouge::BootstrapAggregator;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct VersusArgs {
    /// A second system's predictions (B), scored against the same gold: prints the comparison of B with
    /// --predictions (A) — means, per-item differences B − A and a paired bootstrap interval of the mean
    /// difference — instead of one report; --items then writes the per-item differences.
    #[arg(long, value_name = "FILE", requires = "predictions", group = INTERVAL)]
    pub versus: Option<PathBuf>,
    #[command(flatten)]
    pub compare: CompareArgs,
    #[command(flatten)]
    pub bootstrap: BootstrapArgs,
}

impl VersusArgs {
    /// The second system's file, if any; `--compare-score` without one is an error, not ignored.
    pub fn second(&self) -> Result<Option<&Path>> {
        if self.versus.is_none() && self.compare.compare_score.is_some() {
            bail!("--compare-score needs a second system: --versus FILE");
        }
        Ok(self.versus.as_deref())
    }

    pub fn bootstrap(&self) -> Result<BootstrapAggregator> {
        self.bootstrap.aggregator()
    }
}

/// The score a comparison compares, for every command that compares.
#[derive(clap::Args)]
pub struct CompareArgs {
    /// The per-item score to compare: a numeric column of --items (a yes/no column counts as 1 and 0). By
    /// default CaseFacts' verdict_score, LegalSearchQA's correct (accuracy), else the first score.
    #[arg(long, value_name = "COLUMN")]
    pub compare_score: Option<String>,
}
