//! `lexeval casefacts`: Evidence Score, Verdict Accuracy and Verdict Score of CaseFacts predictions — given
//! as a file, or made by the paper's zero-shot LLM baseline (Listing 14).

use crate::records::read_records;
use anyhow::{bail, Result};
use lexeval_core::casefacts::Verdict;
use lexeval_core::casefacts::{score, CaseFactsDetails, GoldClaim, Prediction};
use lexeval_core::compare::Side;
use lexeval_core::items::ItemTable;
use lexeval_core::report::ScoreReport;
use lexeval_llm::tasks::casefacts::predict_verdicts;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// CaseFacts gold claims as released (test.json: a JSON array of {claim, case_name, overruling_case,
    /// label}; JSON Lines also read).
    #[arg(long)]
    pub gold: PathBuf,
    /// Predictions, JSON Lines or a JSON array of {claim, predicted_cases (ranked), predicted_verdict},
    /// matched to the gold claims by their text.
    #[arg(long, required_unless_present = "llm_baseline")]
    pub predictions: Option<PathBuf>,
    /// Predict with the LLM baseline instead (Listing 14: a verdict and cases from the list of the gold
    /// claims' cases); every prompt and raw answer goes into the report.
    #[arg(long, conflicts_with = "predictions")]
    pub llm_baseline: bool,
    #[command(flatten)]
    pub versus: crate::commands::versus_args::VersusArgs,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write one row per item, as the page's per-item table: CSV when FILE ends in .csv, else JSON
    /// (each item's whole record); with --versus, the per-item differences.
    #[arg(long, value_name = "FILE")]
    pub items: Option<PathBuf>,
    /// The OpenAI-compatible endpoint for `--llm-baseline` (key from LEXEVAL_API_KEY).
    #[command(flatten)]
    pub llm: crate::commands::llm_args::LlmArgs,
}

pub fn run(args: Args) -> Result<()> {
    let gold: Vec<GoldClaim> = read_records(&args.gold, "CaseFacts gold claims")?;
    if let (Some(a), Some(b)) = (&args.predictions, args.versus.second()?) {
        let table = |path: &Path| -> Result<ItemTable> {
            Ok(lexeval_core::items::casefacts(
                &score_file(&gold, path)?.details,
            ))
        };
        let (table_a, table_b) = (table(a)?, table(b)?);
        return crate::compare::run(
            Side {
                label: &a.display().to_string(),
                table: &table_a,
            },
            Side {
                label: &b.display().to_string(),
                table: &table_b,
            },
            args.versus.compare.compare_score.as_deref(),
            &args.versus.bootstrap()?,
            args.items.as_deref(),
            args.json,
        );
    }
    let report = match &args.predictions {
        Some(path) => score_file(&gold, path)?,
        None if args.llm_baseline => {
            let client = args.llm.client()?;
            let claims: Vec<String> = gold.iter().map(|g| g.claim.clone()).collect();
            let case_list: Vec<String> = gold
                .iter()
                .flat_map(|g| g.case_name.iter().chain(&g.overruling_case))
                .cloned()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let answers = predict_verdicts(&client, &claims, &case_list);
            let predictions: Vec<Prediction> = claims
                .iter()
                .zip(&answers)
                .map(|(claim, answer)| Prediction {
                    claim: claim.clone(),
                    predicted_cases: answer.cases.clone(),
                    predicted_verdict: answer
                        .verdict
                        .map(Verdict::label)
                        .unwrap_or_default()
                        .into(),
                })
                .collect();
            let mut report = score(&gold, &predictions);
            report.details.llm = Some(args.llm.config()?.judge_settings());
            report.details.llm_baseline = Some(serde_json::to_value(&answers)?);
            report
        }
        None => bail!("give --predictions FILE or --llm-baseline"),
    };
    if let Some(path) = &args.items {
        crate::items::write_items(path, &lexeval_core::items::casefacts(&report.details))?;
    }
    crate::commands::show::print_report(&report, args.json)
}

fn score_file(gold: &[GoldClaim], path: &Path) -> Result<ScoreReport<CaseFactsDetails>> {
    let predictions: Vec<Prediction> =
        read_records(path, "{claim, predicted_cases, predicted_verdict}")?;
    Ok(score(gold, &predictions))
}
