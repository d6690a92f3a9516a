//! `lexeval fresco`: L-FRESCO (or generalized FRESCO) of a generated text against a reference: the page's
//! brief check pipeline, so `--json` prints the report the page exports.

use crate::commands::pair_args::PairArgs;
use crate::commands::pair_check::run_check;
use anyhow::Result;
use lexeval_core::fresco::{AuthorityScope, FrescoSettings, GeneralizedMatch};
use lexeval_core::pipeline::CheckJob;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub pair: PairArgs,
    /// Generalized FRESCO (§4): a maximum bipartite matching instead of shared authorities.
    #[arg(long)]
    pub generalized: bool,
    /// What the generalized matching maximises: `citations` (the paper's C-SIM of the claims' authorities,
    /// then B-SIM on the matched pairs) or `claims` (the claim similarity itself, citations ignored:
    /// lexeval's metric version 1).
    #[arg(long, value_enum, default_value = "citations")]
    pub generalized_match: MatchArg,
    /// Which authorities count in L-FRESCO's reference pairs and in citation recall and precision: `all`
    /// (cases, statutes, court rules, treatises, restatements, articles) or `cases` (case citations only,
    /// as the paper's definition literally reads).
    #[arg(long, value_enum, default_value = "all")]
    pub authorities: ScopeArg,
    /// Print the score report as JSON (`fresco` or `l-fresco`, `citation_recall`, `citation_precision`
    /// in `scores`).
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ScopeArg {
    All,
    Cases,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum MatchArg {
    Citations,
    Claims,
}

pub fn run(args: Args) -> Result<()> {
    run_check(&args.pair, args.json, |r, c| job(&args, r, c))
}

/// The brief check of one pair with the command's settings.
fn job(args: &Args, reference: String, candidate: String) -> Result<CheckJob> {
    Ok(CheckJob::Brief {
        reference,
        candidate,
        settings: FrescoSettings {
            similarity: args.pair.similarity,
            threshold: args.pair.threshold(),
            generalized: args.generalized,
            generalized_match: match args.generalized_match {
                MatchArg::Citations => GeneralizedMatch::Citations,
                MatchArg::Claims => GeneralizedMatch::Claims,
            },
            authorities: match args.authorities {
                ScopeArg::All => AuthorityScope::All,
                ScopeArg::Cases => AuthorityScope::Cases,
            },
        },
        judge: args.pair.judge_settings()?,
    })
}
