//! `lexeval fresco`: L-FRESCO (or generalized FRESCO) of a generated text against a reference.

use crate::commands::similarity_arg::SimilarityArg;
use crate::input::{check_pair_args, read_text};
use anyhow::Result;
use lexeval_core::citations::claims;
use lexeval_core::claims::AttributedClaim;
use lexeval_core::fresco::{score, FrescoSettings, Similarity};
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::PairwiseF1;
use lexeval_llm::tasks::judge_claims::llm_similarity;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Reference text file (`-` for standard input).
    #[arg(short, long)]
    pub reference: PathBuf,
    /// Generated text file (`-` for standard input).
    #[arg(short, long)]
    pub candidate: PathBuf,
    /// Continuous claim similarity (embedding: all-MiniLM-L6-v2 cosine; llm: a Yes/No judge); ROUGE F1 uses rouge-score's tokenizer with Porter stemming.
    #[arg(long, value_enum, default_value = "rougeL")]
    pub similarity: SimilarityArg,
    /// B-SIM threshold: a pair counts when its similarity is at least this.
    #[arg(long, default_value_t = 0.5)]
    pub threshold: f64,
    /// Generalized FRESCO: maximum-weight bipartite matching instead of shared authorities.
    #[arg(long)]
    pub generalized: bool,
    /// Print the score report as JSON (with `score`, `citation_recall`, `citation_precision` on top).
    #[arg(long)]
    pub json: bool,
    /// The OpenAI-compatible endpoint for `--similarity llm` (key from LEXEVAL_API_KEY).
    #[command(flatten)]
    pub llm: crate::commands::llm_args::LlmArgs,
}

pub fn run(args: Args) -> Result<()> {
    check_pair_args(&args.reference, &args.candidate, args.threshold)?;
    let reference = claims(&read_text(&args.reference)?);
    let candidate = claims(&read_text(&args.candidate)?);
    let name = args.similarity.name();
    let report = match (args.similarity, args.similarity.rouge()) {
        (_, Some(kind)) => {
            let mut pairwise = PairwiseF1::new(kind, true);
            let mut rouge = |a: &str, b: &str| Ok(pairwise.f1(a, b));
            score_with(&args, name, &reference, &candidate, &mut rouge)
        }
        (SimilarityArg::Llm, None) => {
            let client = args.llm.client()?;
            let mut judge = llm_similarity(&client);
            score_with(&args, name, &reference, &candidate, &mut judge)
        }
        (_, None) => {
            let texts = reference.iter().chain(&candidate).map(|c| c.text.as_str());
            let embedded = crate::embedding::embed_with_shipped_model(texts)?;
            let mut cosine = |a: &str, b: &str| embedded.similarity(a, b);
            score_with(&args, name, &reference, &candidate, &mut cosine)
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
    name: &str,
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    similarity: &mut Similarity<'_>,
) -> ScoreReport {
    let settings = FrescoSettings {
        similarity: name.to_string(),
        threshold: args.threshold,
        generalized: args.generalized,
    };
    score(reference, candidate, &settings, similarity)
}
