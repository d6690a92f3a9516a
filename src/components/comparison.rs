//! "Compare with a second file": a second system's predictions scored like the first (the same gold, the
//! same function; a pairs file over the same references, with the batch's settings), or two models of one
//! CLERC generation-pairs file, compared item by item with core's
//! `compare` (a paired bootstrap of the mean difference, as `lexeval … --versus` prints it): the means, the
//! interval and the verdict in words, the per-item differences in the sortable table, CSV and JSON
//! downloads. It takes already-scored per-item tables, so it does not depend on where scoring runs.

use crate::browser;
use crate::components::benchmark_progress::BenchmarkProgress;
use crate::components::item_table::ItemTableView;
use crate::workers::pairs_batch;
use crate::workers::score::{self as scoring, Endpoint};
use crate::workers::WorkerError;
use leptos::prelude::*;
use lexeval_core::benchmark::BenchmarkKind;
use lexeval_core::compare::{self, ComparisonDetails, ComparisonSettings, Side};
use lexeval_core::items::{self, ItemTable};
use lexeval_core::pipeline::CheckJob;
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::BootstrapAggregator;
use lexeval_core::shipped_model::EmbeddingModel;
use std::sync::Arc;

/// The CLI's `--confidence`, `--samples` and `--seed` defaults, so the page and `--versus` agree.
const CONFIDENCE: f64 = 0.95;
const SAMPLES: usize = 1000;
const SEED: u64 = 0;

/// How the second file is scored: as the first one was.
#[derive(Clone)]
pub enum SecondFile {
    /// A benchmark file, against the gold the first was scored with.
    Benchmark {
        kind: BenchmarkKind,
        gold: Option<String>,
    },
    /// Brief or summary pairs over the first file's references, each checked with the batch's job,
    /// judge and embedding model (as `lexeval fresco|pointwise --pairs A --versus B`).
    Pairs {
        first_file: Arc<String>,
        job: CheckJob,
        endpoint: Option<Endpoint>,
        model: EmbeddingModel,
    },
}

impl SecondFile {
    /// The second file's per-item table, scored in the score worker.
    async fn score(self, text: &str) -> Result<Option<ItemTable>, WorkerError> {
        match self {
            SecondFile::Benchmark { kind, gold } => scoring::benchmark(kind, text, gold.as_deref())
                .await
                .map(|scored| scored.items),
            SecondFile::Pairs {
                first_file,
                job,
                endpoint,
                model,
            } => {
                let (a, b) = (
                    pairs_batch::records(&first_file).map_err(WorkerError::Failed)?,
                    pairs_batch::records(text).map_err(WorkerError::Failed)?,
                );
                compare::check_same_references(&a, &b)
                    .map_err(|e| WorkerError::Failed(e.to_string()))?;
                let report = scoring::pairs(text, job, endpoint, model, |_, _| {}).await?;
                Ok(Some(items::pairs(&report)))
            }
        }
    }

    fn cancel(&self) {
        match self {
            SecondFile::Benchmark { .. } => scoring::cancel_benchmark(),
            SecondFile::Pairs { .. } => scoring::cancel_pairs(),
        }
    }
}

#[derive(Clone, PartialEq)]
enum Outcome {
    Idle,
    Scoring { file: String },
    Done(Box<ScoreReport<ComparisonDetails>>),
    Failed(String),
}

/// Compares `second` (side B) with the first file's table (side A) on `score`.
fn run_comparison(
    first: &ItemTable,
    first_name: &str,
    second: &ItemTable,
    second_name: &str,
    score: &str,
) -> Outcome {
    let compared = BootstrapAggregator::new(CONFIDENCE, SAMPLES, SEED)
        .map_err(|e| e.to_string())
        .and_then(|bootstrap| {
            compare::compare(
                Side {
                    label: first_name,
                    table: first,
                },
                Side {
                    label: second_name,
                    table: second,
                },
                score,
                &bootstrap,
            )
            .map_err(|e| e.to_string())
        });
    match compared {
        Ok(report) => Outcome::Done(Box::new(report)),
        Err(message) => Outcome::Failed(message),
    }
}

#[component]
pub fn Comparison(
    /// The first file's per-item table: side A.
    first: ItemTable,
    first_name: String,
    /// How a second file is scored.
    second: SecondFile,
) -> impl IntoView {
    let scores: Vec<String> = compare::score_columns(&first)
        .into_iter()
        .map(str::to_string)
        .collect();
    let models = compare::models(&first);
    let score = RwSignal::new(
        compare::default_score(&first)
            .unwrap_or_default()
            .to_string(),
    );
    let first = StoredValue::new(first);
    let first_name = StoredValue::new(first_name);
    let second = StoredValue::new(second);
    let outcome = RwSignal::new(Outcome::Idle);
    let message = RwSignal::new(None::<String>);
    let file_ref = NodeRef::<leptos::html::Input>::new();
    let model_a = RwSignal::new(models.first().cloned().unwrap_or_default());
    let model_b = RwSignal::new(models.get(1).cloned().unwrap_or_default());

    // The two sides last compared, so choosing another score compares them again.
    let sides = StoredValue::new(None::<[(String, ItemTable); 2]>);
    let compare_sides = move |a: (String, ItemTable), b: (String, ItemTable)| {
        let compared = run_comparison(&a.1, &a.0, &b.1, &b.0, &score.get_untracked());
        sides.set_value(Some([a, b]));
        outcome.set(compared);
    };
    let choose_score = move |ev| {
        score.set(event_target_value(&ev));
        if let Some([a, b]) = sides.get_value() {
            outcome.set(run_comparison(
                &a.1,
                &a.0,
                &b.1,
                &b.0,
                &score.get_untracked(),
            ));
        }
    };

    // Stops scoring the second file; the first file's results stay.
    let cancel = Callback::new(move |()| {
        second.with_value(SecondFile::cancel);
        outcome.set(Outcome::Idle);
    });

    let compare_file = move |_| {
        let Some(input) = file_ref.get() else { return };
        leptos::task::spawn_local(async move {
            let Some(read) = browser::read_chosen_file(&input).await else {
                return;
            };
            input.set_value("");
            let (name, text) = match read {
                Ok(read) => read,
                Err(e) => {
                    outcome.set(Outcome::Failed(e));
                    return;
                }
            };
            outcome.set(Outcome::Scoring { file: name.clone() });
            // The same function the view scored the first file with, in the score worker.
            match second.get_value().score(&text).await {
                Err(e) if e.is_stale() => {}
                Ok(Some(second)) => {
                    compare_sides((first_name.get_value(), first.get_value()), (name, second))
                }
                Ok(None) => outcome.set(Outcome::Failed(format!(
                    "{name}: this file type has no per-item scores to compare"
                ))),
                Err(e) => outcome.set(Outcome::Failed(format!("{name}: {e}"))),
            }
        });
    };

    let compare_models = move |_| {
        let (a, b) = (model_a.get_untracked(), model_b.get_untracked());
        let split = first.with_value(|table| {
            Ok::<_, compare::CompareError>((
                compare::model_rows(table, &a)?,
                compare::model_rows(table, &b)?,
            ))
        });
        match split {
            Ok((side_a, side_b)) => compare_sides((a, side_a), (b, side_b)),
            Err(e) => outcome.set(Outcome::Failed(e.to_string())),
        }
    };

    let download = move |json: bool| {
        if let Outcome::Done(report) = outcome.get_untracked() {
            let stem = format!(
                "lexeval-comparison-{}",
                ComparisonSettings::of(&report)
                    .map(|s| s.score)
                    .unwrap_or_default()
            );
            let saved = if json {
                serde_json::to_string_pretty(&*report)
                    .map_err(|e| e.to_string())
                    .and_then(|text| {
                        browser::download(&format!("{stem}.json"), "application/json", &text)
                    })
            } else {
                browser::download(
                    &format!("{stem}-items.csv"),
                    "text/csv",
                    &compare::table(&report.details).to_csv(),
                )
            };
            message.set(saved.err());
        }
    };

    let has_two_models = models.len() >= 2;
    let model_choice = move |label: &'static str, id: &'static str, chosen: RwSignal<String>| {
        let options = models.clone();
        view! {
            <div class="field">
                <label for=id>{label}</label>
                <select id=id on:change=move |ev| chosen.set(event_target_value(&ev))>
                    {options
                        .into_iter()
                        .map(|m| {
                            let selected = chosen.get_untracked() == m;
                            view! { <option value=m.clone() selected=selected>{m.clone()}</option> }
                        })
                        .collect_view()}
                </select>
            </div>
        }
    };
    let two_models = has_two_models.then(|| {
        view! {
            <fieldset class="settings">
                <legend>"Two models of this file"</legend>
                {model_choice("Model A", "compare-model-a", model_a)}
                {model_choice("Model B", "compare-model-b", model_b)}
                <button type="button" id="compare-models" on:click=compare_models>"Compare the two models"</button>
            </fieldset>
        }
    });

    view! {
        <section class="comparison" aria-labelledby="compare-title">
            <h3 id="compare-title">"Compare with a second file"</h3>
            <p class="hint">
                {move || format!(
                    "A is {}. Choose a second system's predictions (B) for the same gold: each item's difference \
                     B − A, and whether the mean difference is beyond its paired bootstrap interval.",
                    first_name.get_value()
                )}
            </p>
            <fieldset class="settings">
                <legend>"Second file"</legend>
                <div class="field">
                    <label for="compare-score">"Score compared"</label>
                    <select id="compare-score" on:change=choose_score>
                        {scores
                            .into_iter()
                            .map(|name| {
                                let selected = score.get_untracked() == name;
                                let label = name.replace('_', " ");
                                view! { <option value=name selected=selected>{label}</option> }
                            })
                            .collect_view()}
                    </select>
                </div>
                <div class="field">
                    <label for="compare-file">"Predictions file B (JSON or JSONL)"</label>
                    <input id="compare-file" type="file" accept=".jsonl,.json,.txt" node_ref=file_ref on:change=compare_file />
                </div>
            </fieldset>
            {two_models}
            <div id="compare-results" aria-live="polite">
                {move || match outcome.get() {
                    Outcome::Idle => ().into_any(),
                    Outcome::Scoring { file } => view! {
                        <BenchmarkProgress file=file on_cancel=cancel />
                    }
                        .into_any(),
                    Outcome::Failed(text) => view! { <p class="error" role="alert" id="compare-error">{text}</p> }.into_any(),
                    Outcome::Done(report) => view! {
                        <ComparisonSummary report=(*report).clone() />
                        <div class="share-bar">
                            <button type="button" id="compare-download-csv" on:click=move |_| download(false)>
                                "Download differences (CSV)"
                            </button>
                            <button type="button" id="compare-download-json" on:click=move |_| download(true)>
                                "Download comparison (JSON)"
                            </button>
                        </div>
                        <ItemTableView table=compare::table(&report.details) id_prefix="compare-" />
                    }
                        .into_any(),
                }}
                <p class="message" role="status">{move || message.get()}</p>
            </div>
        </section>
    }
}

/// The means, the difference with its interval, the counts and the verdict in words.
#[component]
fn ComparisonSummary(report: ScoreReport<ComparisonDetails>) -> impl IntoView {
    let details = &report.details;
    let number = |value: Option<f64>| value.map_or("n/a".to_string(), |v| format!("{v:.4}"));
    let row = |id: &'static str, label: String, value: Option<f64>| {
        view! {
            <dt>{label}</dt>
            <dd id=id data-value=value.map(|v| v.to_string()).unwrap_or_default()>{number(value)}</dd>
        }
    };
    let settings = &report.settings;
    let label = |side: &str| settings[side].as_str().unwrap_or_default().to_string();
    let interval = details.interval.map(|i| {
        view! {
            <dt>{format!("{:.0} % interval of B − A", CONFIDENCE * 100.0)}</dt>
            <dd id="compare-interval" data-low=i.low.to_string() data-high=i.high.to_string()>
                {format!("{:.4} to {:.4}", i.low, i.high)}
            </dd>
        }
    });
    view! {
        <dl class="comparison-summary">
            {row("compare-mean-a", format!("Mean A ({})", label("a")), report.score("mean_a"))}
            {row("compare-mean-b", format!("Mean B ({})", label("b")), report.score("mean_b"))}
            {row("compare-mean-difference", "Mean difference B − A".to_string(), report.score("mean_difference"))}
            {interval}
        </dl>
        <p id="compare-counts">
            {format!(
                "{} items compared; {} only in A, {} only in B, {} undefined on a side (listed below, left out of the means).",
                details.compared, details.only_in_a, details.only_in_b, details.undefined
            )}
        </p>
        <p id="compare-verdict" class="verdict"><strong>{compare::verdict(&report)}</strong></p>
    }
}
