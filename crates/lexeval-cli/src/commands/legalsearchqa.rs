//! `lexeval legalsearchqa`: accuracy of multiple-choice predictions (and the mean U-Score of explanations),
//! optionally with the LLM judge's low/moderate/high rating of each answer (mode of N votes).

use crate::records::read_records;
use anyhow::Result;
use lexeval_core::compare::Side;
use lexeval_core::judge::JudgeSettings;
use lexeval_core::legalsearchqa::{
    chosen_index, score, AnswerNaming, LegalSearchQaDetails, Prediction, Question,
};
use lexeval_core::report::{Score, ScoreReport};
use lexeval_llm::chat::Complete;
use lexeval_llm::tasks::legalsearchqa::{judge_answer, Rating};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// LegalSearchQA questions as released (legalsearchqa.json: a JSON array; JSON Lines also read).
    #[arg(long)]
    pub gold: PathBuf,
    /// Predictions, JSON Lines or a JSON array of {id, answer, explanation?, sources?}, matched to the
    /// questions by id; answer: a 0-based index (a JSON
    /// number, like gold), or text: a letter ("D", "(D)", "D."), a 1-based number ("4") or the choice text.
    #[arg(long)]
    pub predictions: PathBuf,
    /// Also rate every answer with the LLM judge (needs --endpoint and --model); this many votes each.
    #[arg(long, value_name = "VOTES", conflicts_with = "versus")]
    pub judge: Option<usize>,
    #[command(flatten)]
    pub versus: crate::commands::versus_args::VersusArgs,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write one row per item, as the page's per-item table: CSV when FILE ends in .csv, else JSON
    /// (each item's whole record); with --versus, the per-item differences.
    #[arg(long, value_name = "FILE")]
    pub items: Option<PathBuf>,
    /// The OpenAI-compatible endpoint for `--judge` (key from LEXEVAL_API_KEY).
    #[command(flatten)]
    pub llm: crate::commands::llm_args::LlmArgs,
}

pub fn run(args: Args) -> Result<()> {
    let questions: Vec<Question> = read_records(&args.gold, "LegalSearchQA questions")?;
    let predictions = read_predictions(&args.predictions)?;
    if let Some(versus) = args.versus.second()? {
        let table = |predictions: &[Prediction]| {
            lexeval_core::items::legalsearchqa(
                &score(&questions, predictions).details,
                &questions,
                AnswerNaming::of(predictions),
            )
        };
        let (table_a, table_b) = (table(&predictions), table(&read_predictions(versus)?));
        return crate::compare::run(
            Side {
                label: &args.predictions.display().to_string(),
                table: &table_a,
            },
            Side {
                label: &versus.display().to_string(),
                table: &table_b,
            },
            args.versus.compare.compare_score.as_deref(),
            &args.versus.bootstrap()?,
            args.items.as_deref(),
            args.json,
        );
    }
    let mut report = score(&questions, &predictions);
    if let Some(votes) = args.judge {
        let client = args.llm.client()?;
        let settings = args.llm.config()?.judge_settings();
        add_judgments(
            &mut report,
            &client,
            settings,
            &questions,
            &predictions,
            votes,
        );
    }
    if let Some(path) = &args.items {
        crate::items::write_items(
            path,
            &lexeval_core::items::legalsearchqa(
                &report.details,
                &questions,
                AnswerNaming::of(&predictions),
            ),
        )?;
    }
    crate::commands::show::print_report(&report, args.json)
}

fn read_predictions(path: &Path) -> Result<Vec<Prediction>> {
    read_records(path, "{id, answer, explanation?, sources?}")
}

/// The judge's rating of each answered question (the chosen choice with its explanation), the share of
/// each rating as scores, and every vote's prompt and raw answer in `details.judge`.
fn add_judgments(
    report: &mut ScoreReport<LegalSearchQaDetails>,
    client: &dyn Complete,
    settings: JudgeSettings,
    questions: &[Question],
    predictions: &[Prediction],
    votes: usize,
) {
    let by_id: HashMap<&str, &Prediction> =
        predictions.iter().map(|p| (p.id.as_str(), p)).collect();
    let mut judged = Vec::new();
    let mut counts: BTreeMap<Rating, usize> = BTreeMap::new();
    for question in questions {
        let Some(prediction) = by_id.get(question.id.as_str()) else {
            continue;
        };
        let choice = chosen_index(&prediction.answer, &question.choices)
            .and_then(|i| question.choices.get(i))
            .map_or_else(|| prediction.answer.to_string(), Clone::clone);
        let answer = match &prediction.explanation {
            Some(explanation) => format!("{choice}\n\n{explanation}"),
            None => choice,
        };
        let judgment = judge_answer(client, &question.question, &answer, votes);
        if let Some(rating) = judgment.rating {
            *counts.entry(rating).or_default() += 1;
        }
        judged.push(serde_json::json!({ "id": question.id, "judgment": judgment }));
    }
    let rated: usize = counts.values().sum();
    for (rating, name) in [
        (Rating::High, "judge_high"),
        (Rating::Moderate, "judge_moderate"),
        (Rating::Low, "judge_low"),
    ] {
        report.scores.push(if rated == 0 {
            Score::null(name, "the judge rated no answer")
        } else {
            Score::new(
                name,
                counts.get(&rating).copied().unwrap_or(0) as f64 / rated as f64,
            )
        });
    }
    report.details.llm = Some(settings);
    report.details.judge = Some(judged.into());
}
