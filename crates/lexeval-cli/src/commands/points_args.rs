//! `--points`: where Step 1 of the pointwise metric (Tan et al.) gets a summary's points, for the commands
//! that split summaries into points (`pointwise`; `calibrate` takes pairs of points already split).

use lexeval_core::pointwise::PointSource;

#[derive(clap::Args)]
pub struct PointsArgs {
    /// Step 1: a summary's points are its sentences, or each paragraph's points as the LLM extracts them
    /// (the paper's §5.2.1 with the A.1 heuristics; needs --endpoint and --model). A --reference-points or
    /// --candidate-points file still supplies that side's points.
    #[arg(long, value_enum, default_value = "sentences")]
    pub points: PointsArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum PointsArg {
    Sentences,
    Llm,
}

impl PointsArgs {
    pub fn source(&self) -> PointSource {
        match self.points {
            PointsArg::Sentences => PointSource::Sentences,
            PointsArg::Llm => PointSource::Llm,
        }
    }
}
