//! `lexeval pointwise`: pointwise recall and precision of a candidate summary against a reference summary:
//! the page's summary check pipeline, so `--json` prints the report the page exports.

use crate::commands::pair_args::PairArgs;
use anyhow::Result;
use lexeval_core::pipeline::{CheckJob, MetricReport};
use lexeval_core::pointwise::{Assignment, PointwiseSettings};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub pair: PairArgs,
    /// 1-1 assignment: the paper's greedy algorithm (A.5) or the optimal one.
    #[arg(long, value_enum, default_value = "greedy")]
    pub assign: AssignArg,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum AssignArg {
    Greedy,
    Optimal,
}

pub fn run(args: Args) -> Result<()> {
    let (reference, candidate) = args.pair.read()?;
    let job = CheckJob::Summary {
        reference,
        candidate,
        settings: PointwiseSettings {
            similarity: args.pair.similarity,
            threshold: args.pair.threshold,
            assignment: match args.assign {
                AssignArg::Greedy => Assignment::Greedy,
                AssignArg::Optimal => Assignment::Optimal,
            },
            ..PointwiseSettings::default()
        },
        judge: args.pair.judge_settings()?,
    };
    match crate::check::run(job, &args.pair.llm)?.metric {
        MetricReport::Fresco(report) => crate::commands::show::print_report(&report, args.json),
        MetricReport::Pointwise(report) => crate::commands::show::print_report(&report, args.json),
    }
}
