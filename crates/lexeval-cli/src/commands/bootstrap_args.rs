//! The bootstrap interval's flags, defined once for the commands that compare over a file of items
//! (`fresco`/`pointwise --pairs`, `casefacts`/`legalsearchqa --versus`). `rouge --aggregate` keeps its own:
//! it has no LLM, so its seed is also `--seed`.

use anyhow::{Context, Result};
use lexeval_core::rouge::BootstrapAggregator;

/// The group of the flag that asks for an interval (`--pairs`, `--versus`): the bootstrap flags require it.
pub const INTERVAL: &str = "interval";

#[derive(clap::Args)]
pub struct BootstrapArgs {
    /// Confidence level of the bootstrap interval.
    #[arg(long, default_value_t = 0.95, requires = INTERVAL)]
    pub confidence: f64,
    /// Bootstrap resamples of the interval.
    #[arg(long, default_value_t = 1000, requires = INTERVAL)]
    pub samples: usize,
    /// Seed of the resampling (same seed, same interval).
    #[arg(
        long = "bootstrap-seed",
        value_name = "SEED",
        default_value_t = 0,
        requires = INTERVAL
    )]
    pub seed: u64,
}

impl BootstrapArgs {
    pub fn aggregator(&self) -> Result<BootstrapAggregator> {
        BootstrapAggregator::new(self.confidence, self.samples, self.seed)
            .context("--confidence or --samples")
    }
}
