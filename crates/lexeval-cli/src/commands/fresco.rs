//! `lexeval fresco`: L-FRESCO (or generalized FRESCO) of a generated text against a reference.

use crate::commands::pair_args::{Measure, PairArgs};
use anyhow::Result;
use lexeval_core::citations::claims;
use lexeval_core::claims::AttributedClaim;
use lexeval_core::fresco::{score, FrescoSettings, GeneralizedMatch, Similarity};
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::PairwiseF1;
use lexeval_llm::tasks::judge_claims::llm_similarity;

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
    /// Print the score report as JSON (with `score`, `citation_recall`, `citation_precision` on top).
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum MatchArg {
    Citations,
    Claims,
}

pub fn run(args: Args) -> Result<()> {
    let (reference, candidate) = args.pair.read()?;
    let (reference, candidate) = (claims(&reference), claims(&candidate));
    let report = match args.pair.similarity.measure() {
        Measure::Rouge(kind) => {
            let mut pairwise = PairwiseF1::new(kind, true);
            let mut rouge = |a: &str, b: &str| Ok(pairwise.f1(a, b));
            score_with(&args, &reference, &candidate, &mut rouge)
        }
        Measure::Llm => {
            let client = args.pair.llm.client()?;
            let mut judge = llm_similarity(&client);
            score_with(&args, &reference, &candidate, &mut judge)
        }
        Measure::Embedding => {
            let texts = reference.iter().chain(&candidate).map(|c| c.text.as_str());
            let embedded = crate::embedding::embed_with_shipped_model(texts)?;
            let mut cosine = |a: &str, b: &str| embedded.similarity(a, b);
            score_with(&args, &reference, &candidate, &mut cosine)
        }
    };
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        value["score"] = serde_json::to_value(report.score(&report.metric))?;
        for name in ["citation_recall", "citation_precision"] {
            value[name] = serde_json::to_value(report.score(name))?;
        }
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        crate::commands::show::print_scores(&report);
    }
    Ok(())
}

fn score_with(
    args: &Args,
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    similarity: &mut Similarity<'_>,
) -> ScoreReport {
    let settings = FrescoSettings {
        similarity: args.pair.similarity.name().to_string(),
        threshold: args.pair.threshold(),
        generalized: args.generalized,
        generalized_match: match args.generalized_match {
            MatchArg::Citations => GeneralizedMatch::Citations,
            MatchArg::Claims => GeneralizedMatch::Claims,
        },
    };
    score(reference, candidate, &settings, similarity)
}
