//! Benchmarks: upload a predictions file, watch progress (or cancel), see and download the results. The
//! file is read and scored in the score worker; this thread reads the file, posts it and renders.

use crate::browser;
use crate::components::bar_chart::BarChart;
use crate::components::benchmark_progress::BenchmarkProgress;
use crate::components::comparison::{Comparison, SecondFile};
use crate::components::item_table::ItemTableView;
use crate::components::score_card::ScoreCards;
use crate::present::report_view::{self, MissingPredictions};
use crate::state::gold_store::{self, StoredGold};
use crate::views::pairs_batch::PairsBatch;
use crate::workers::pairs_batch::PairsCheck;
use crate::workers::score as scoring;
use leptos::prelude::*;
use lexeval_core::benchmark::{BenchmarkKind, ScoredFile};
use lexeval_core::items;
use lexeval_core::report::Score;

/// Largest file accepted (the page keeps it in memory).
const MAX_FILE_BYTES: usize = 50 * 1024 * 1024;

#[derive(Clone, PartialEq)]
enum Job {
    Idle,
    Running {
        file: String,
    },
    /// The user stopped scoring `file`; it is kept, to be scored again.
    Cancelled {
        file: String,
    },
    Done {
        file: String,
        scored: Box<ScoredFile>,
    },
    Failed(String),
}

/// What a download button saves.
#[derive(Clone, Copy)]
enum Download {
    ReportJson,
    ScoresCsv,
    ItemsCsv,
    ItemsJson,
}

fn pretty_json<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string_pretty(value).map_err(|e| e.to_string())
}

/// A report's scores as CSV, one row per score, numbers as the per-item CSV has them.
fn scores_csv(scores: &[Score]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = String::from("score,value,null_reason\n");
    for s in scores {
        out.push_str(&format!(
            "{},{},{}\n",
            quote(&s.name),
            s.value.map(items::csv_number).unwrap_or_default(),
            quote(s.null_reason.as_deref().unwrap_or(""))
        ));
    }
    out
}

#[component]
pub fn BenchmarksView() -> impl IntoView {
    let kind = RwSignal::new(BenchmarkKind::CaseFacts);
    // Brief or summary pairs chosen instead of a benchmark file: each pair is checked (`PairsBatch`).
    let pairs = RwSignal::new(None::<PairsCheck>);
    let job = RwSignal::new(Job::Idle);
    let file_ref = NodeRef::<leptos::html::Input>::new();
    let message = RwSignal::new(None::<String>);
    let gold = RwSignal::new(None::<StoredGold>);
    let gold_ref = NodeRef::<leptos::html::Input>::new();
    let gold_message = RwSignal::new(None::<String>);
    // The last file chosen (name, text), kept so a cancelled one can be scored again.
    let chosen_file = StoredValue::new(None::<(String, String)>);

    // The gold kept in this browser for the chosen benchmark.
    Effect::new(move |_| {
        let chosen = kind.get();
        gold.set(None);
        gold_message.set(None);
        if chosen.gold_file().is_some() {
            leptos::task::spawn_local(async move {
                let stored = gold_store::load(chosen.id()).await;
                if kind.get_untracked() == chosen {
                    gold.set(stored);
                }
            });
        }
    });

    let forget_gold = move |_| {
        let chosen = kind.get_untracked();
        gold.set(None);
        gold_message.set(None);
        leptos::task::spawn_local(async move { gold_store::forget(chosen.id()).await });
    };

    // Scores the chosen file in the score worker with the current kind and gold.
    let score_chosen = move || {
        let Some((name, text)) = chosen_file.get_value() else {
            return;
        };
        let chosen = kind.get_untracked();
        let gold_text = gold.get_untracked().map(|g| g.text);
        let input = file_ref.get_untracked();
        job.set(Job::Running { file: name.clone() });
        leptos::task::spawn_local(async move {
            let scored = scoring::benchmark(chosen, &text, gold_text.as_deref()).await;
            // Reading the worker's answer (megabytes for a CaseFacts train file) and drawing the result
            // are two tasks, so neither holds the page long.
            browser::yield_now().await;
            job.try_set(match scored {
                Ok(scored) => Job::Done {
                    file: name,
                    scored: Box::new(scored),
                },
                // A newer file, or Cancel, has taken over the view.
                Err(e) if e.is_stale() => return,
                Err(e) => Job::Failed(format!("{name}: {e}")),
            });
            // Cleared once scored, so choosing the same file again scores it again.
            if let Some(input) = input {
                input.set_value("");
            }
        });
    };

    let load_gold = move |_| {
        let Some(input) = gold_ref.get() else { return };
        let chosen = kind.get_untracked();
        leptos::task::spawn_local(async move {
            let Some(read) = browser::read_chosen_file(&input).await else {
                return;
            };
            input.set_value("");
            let checked = match read {
                Ok((name, text)) => match scoring::count_gold(chosen, &text).await {
                    Ok(_) => Ok(StoredGold { name, text }),
                    Err(e) if e.is_stale() => return,
                    Err(e) => Err(format!("{name}: {e}")),
                },
                Err(e) => Err(e),
            };
            match checked {
                Ok(stored) => {
                    gold_message.set(gold_store::save(chosen.id(), &stored).await.err());
                    gold.set(Some(stored));
                    // A file that failed for want of gold (or against other gold) is scored again with it,
                    // so its error does not outlive its cause.
                    if matches!(job.get_untracked(), Job::Failed(_)) {
                        score_chosen();
                    }
                }
                Err(e) => gold_message.set(Some(e)),
            }
        });
    };

    let cancel = Callback::new(move |()| {
        scoring::cancel_benchmark();
        if let Job::Running { file } = job.get_untracked() {
            job.set(Job::Cancelled { file });
        }
    });

    let start = move |_| {
        let Some(input) = file_ref.get() else { return };
        leptos::task::spawn_local(async move {
            let Some(read) = browser::read_chosen_file(&input).await else {
                return;
            };
            let (name, text) = match read {
                Ok(r) => r,
                Err(e) => {
                    job.set(Job::Failed(e));
                    return;
                }
            };
            if text.len() > MAX_FILE_BYTES {
                job.set(Job::Failed(format!(
                    "{name} is {} MB; the page accepts files up to {} MB (use the lexeval CLI for bigger ones)",
                    text.len() / (1024 * 1024),
                    MAX_FILE_BYTES / (1024 * 1024)
                )));
                return;
            }
            chosen_file.set_value(Some((name, text)));
            score_chosen();
        });
    };

    // Saves the report (JSON, or its scores as CSV) or the per-item rows (CSV, or each item's record as
    // JSON).
    let download = move |what: Download| {
        if let Job::Done { scored, .. } = job.get_untracked() {
            let stem = format!("lexeval-{}", scored.report.metric());
            let (name, mime, text) = match (what, &scored.items) {
                (Download::ReportJson, _) => (
                    format!("{stem}.json"),
                    "application/json",
                    pretty_json(&scored.report),
                ),
                (Download::ScoresCsv, _) => (
                    format!("{stem}.csv"),
                    "text/csv",
                    Ok(scores_csv(scored.report.scores())),
                ),
                (Download::ItemsCsv, Some(items)) => {
                    (format!("{stem}-items.csv"), "text/csv", Ok(items.to_csv()))
                }
                (Download::ItemsJson, Some(items)) => (
                    format!("{stem}-items.json"),
                    "application/json",
                    pretty_json(&items.details()),
                ),
                (_, None) => return,
            };
            message.set(
                text.and_then(|text| browser::download(&name, mime, &text))
                    .err(),
            );
        }
    };

    view! {
        <section class="benchmarks" aria-labelledby="bench-title">
            <h2 id="bench-title">"Benchmarks"</h2>
            <p class="intro">
                "Score a whole predictions file. Files are read in this page and never uploaded anywhere."
            </p>
            <fieldset class="settings">
                <legend>"File"</legend>
                <div class="field">
                    <label for="bench-kind">"File type"</label>
                    <select
                        id="bench-kind"
                        on:change=move |ev| {
                            let id = event_target_value(&ev);
                            pairs.set(PairsCheck::ALL.into_iter().find(|c| c.id() == id));
                            if let Some(k) = BenchmarkKind::ALL.into_iter().find(|k| k.id() == id) {
                                kind.set(k);
                            }
                        }
                    >
                        {BenchmarkKind::ALL
                            .into_iter()
                            .map(|k| view! {
                                <option value=k.id() selected=move || pairs.get().is_none() && kind.get() == k>{k.label()}</option>
                            })
                            .collect_view()}
                        {PairsCheck::ALL
                            .into_iter()
                            .map(|c| view! { <option value=c.id() selected=move || pairs.get() == Some(c)>{c.label()}</option> })
                            .collect_view()}
                    </select>
                </div>
                {move || kind.get().gold_file().filter(|_| pairs.get().is_none()).map(|gold_file| view! {
                    <div class="field">
                        <label for="bench-gold">{format!("Gold file: {gold_file}")}</label>
                        <input id="bench-gold" type="file" accept=".json,.jsonl,.txt" node_ref=gold_ref on:change=load_gold />
                    </div>
                    <p class="hint" id="bench-gold-status">
                        {move || match gold.get() {
                            Some(stored) => format!("Gold: {} (kept in this browser; load it once).", stored.name),
                            None => "No gold loaded: load the released file once (it stays in this browser), \
                                     or give rows that carry their gold fields."
                                .to_string(),
                        }}
                    </p>
                    {move || gold.get().map(|_| view! {
                        <button type="button" id="bench-gold-forget" on:click=forget_gold>"Forget the gold file"</button>
                    })}
                    {move || gold_message.get().map(|m| view! { <p class="error" role="alert" id="bench-gold-error">{m}</p> })}
                })}
                <p class="hint" hidden=move || pairs.get().is_some()>
                    "A JSON array or JSON Lines (one object a line), e.g. " <code>{move || kind.get().example_line()}</code>
                </p>
                <div class="field" hidden=move || pairs.get().is_some()>
                    <label for="bench-file">"Predictions file (JSON or JSONL)"</label>
                    <input id="bench-file" type="file" accept=".jsonl,.json,.txt" node_ref=file_ref on:change=start />
                </div>
            </fieldset>
            {move || pairs.get().map(|check| view! { <PairsBatch check /> })}
            <div class="bench-results" id="bench-results" aria-live="polite" hidden=move || pairs.get().is_some()>
                {move || match job.get() {
                    Job::Idle => view! { <p class="hint">"Choose a file to score it."</p> }.into_any(),
                    Job::Running { file } => view! { <BenchmarkProgress file=file on_cancel=cancel /> }.into_any(),
                    Job::Cancelled { file } => {
                        view! {
                            <p role="status">{format!("Scoring {file} was cancelled.")}</p>
                            <button type="button" id="bench-rescore" on:click=move |_| score_chosen()>
                                {format!("Score {file} again")}
                            </button>
                        }
                            .into_any()
                    }
                    Job::Failed(msg) => view! { <p class="error" role="alert">{msg}</p> }.into_any(),
                    Job::Done { file, scored } => {
                        let ScoredFile { report, items } = *scored;
                        let per_class = report.per_class();
                        let has_items = items.is_some();
                        let partial = report_view::missing_predictions(&report);
                        view! {
                            <h3>{format!("Results for {file}")}</h3>
                            <ScoreCards scores=report.scores().to_vec() />
                            {partial.map(|MissingPredictions { missing, gold, predicted_scores }| view! {
                                <div class="partial-banner" id="bench-partial" role="status">
                                    <p>
                                        <strong>{format!("{missing} of {gold} gold claims have no prediction.")}</strong>
                                        " They score 0 in the cards above, as the released evaluate.py counts them. "
                                        {format!("Over the {} predicted claims alone:", gold - missing)}
                                    </p>
                                    <ScoreCards scores=predicted_scores id_prefix="predicted" />
                                </div>
                            })}
                            {(!per_class.is_empty())
                                .then(|| view! { <BarChart rows=per_class caption=report.per_class_caption() /> })}
                            <div class="share-bar">
                                <button type="button" id="bench-download-json" on:click=move |_| download(Download::ReportJson)>
                                    "Download report (JSON)"
                                </button>
                                <button type="button" id="bench-download-csv" on:click=move |_| download(Download::ScoresCsv)>
                                    "Download scores (CSV)"
                                </button>
                                {has_items.then(|| view! {
                                    <button type="button" id="bench-download-items-csv" on:click=move |_| download(Download::ItemsCsv)>
                                        "Download per-item CSV"
                                    </button>
                                    <button type="button" id="bench-download-items-json" on:click=move |_| download(Download::ItemsJson)>
                                        "Download per-item JSON"
                                    </button>
                                })}
                            </div>
                            {items.map(|table| {
                                let second = SecondFile::Benchmark {
                                    kind: kind.get_untracked(),
                                    gold: gold.get_untracked().map(|g| g.text),
                                };
                                view! {
                                    <ItemTableView table=table.clone() />
                                    <Comparison first=table first_name=file second />
                                }
                            })}
                        }
                            .into_any()
                    }
                }}
                <p class="message" role="status">{move || message.get()}</p>
            </div>
        </section>
    }
}
