//! Benchmarks: upload a predictions file, watch progress, see and download the results.

use crate::benchmarks::{self, BenchmarkKind, BenchmarkReport};
use crate::browser;
use crate::components::bar_chart::BarChart;
use crate::components::score_card::ScoreCards;
use leptos::prelude::*;
use lexeval_core::report::Score;

/// Largest file accepted (the page keeps it in memory).
const MAX_FILE_BYTES: usize = 50 * 1024 * 1024;

#[derive(Clone, PartialEq)]
enum Job {
    Idle,
    Running {
        file: String,
        progress: f64,
    },
    Done {
        file: String,
        report: Box<BenchmarkReport>,
    },
    Failed(String),
}

/// A report's scores as CSV, one row per score.
fn scores_csv(scores: &[Score]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = String::from("score,value,null_reason\n");
    for s in scores {
        out.push_str(&format!(
            "{},{},{}\n",
            quote(&s.name),
            s.value.map(|v| v.to_string()).unwrap_or_default(),
            quote(s.null_reason.as_deref().unwrap_or(""))
        ));
    }
    out
}

#[component]
pub fn BenchmarksView() -> impl IntoView {
    let kind = RwSignal::new(BenchmarkKind::CaseFacts);
    let job = RwSignal::new(Job::Idle);
    let file_ref = NodeRef::<leptos::html::Input>::new();
    let message = RwSignal::new(None::<String>);

    let start = move |_| {
        let Some(input) = file_ref.get() else { return };
        let chosen = kind.get_untracked();
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
            job.set(Job::Running {
                file: name.clone(),
                progress: 0.0,
            });
            browser::yield_now().await;
            let progress_file = name.clone();
            let report = benchmarks::benchmark(chosen, &text, &move |p| {
                job.set(Job::Running {
                    file: progress_file.clone(),
                    progress: p,
                })
            })
            .await;
            job.set(match report {
                Ok(report) => Job::Done {
                    file: name,
                    report: Box::new(report),
                },
                Err(e) => Job::Failed(format!("{name}: {e}")),
            });
            input.set_value("");
        });
    };

    let download = move |csv: bool| {
        if let Job::Done { report, .. } = job.get_untracked() {
            let stem = format!("lexeval-{}", report.metric());
            let result = if csv {
                browser::download(
                    &format!("{stem}.csv"),
                    "text/csv",
                    &scores_csv(report.scores()),
                )
            } else {
                serde_json::to_string_pretty(&report)
                    .map_err(|e| e.to_string())
                    .and_then(|json| {
                        browser::download(&format!("{stem}.json"), "application/json", &json)
                    })
            };
            message.set(result.err());
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
                            if let Some(k) = BenchmarkKind::ALL.into_iter().find(|k| k.id() == id) {
                                kind.set(k);
                            }
                        }
                    >
                        {BenchmarkKind::ALL
                            .into_iter()
                            .map(|k| view! { <option value=k.id() selected=move || kind.get() == k>{k.label()}</option> })
                            .collect_view()}
                    </select>
                </div>
                <p class="hint">
                    "One JSON object per line, e.g. " <code>{move || kind.get().example_line()}</code>
                </p>
                <div class="field">
                    <label for="bench-file">"Predictions file (JSONL)"</label>
                    <input id="bench-file" type="file" accept=".jsonl,.json,.txt" node_ref=file_ref on:change=start />
                </div>
            </fieldset>
            <div class="bench-results" id="bench-results" aria-live="polite">
                {move || match job.get() {
                    Job::Idle => view! { <p class="hint">"Choose a file to score it."</p> }.into_any(),
                    Job::Running { file, progress } => {
                        view! {
                            <label for="bench-progress">{format!("Scoring {file}…")}</label>
                            <progress id="bench-progress" max="1" value=progress.to_string()>
                                {format!("{:.0}%", progress * 100.0)}
                            </progress>
                        }
                            .into_any()
                    }
                    Job::Failed(msg) => view! { <p class="error" role="alert">{msg}</p> }.into_any(),
                    Job::Done { file, report } => {
                        let per_class = report.per_class();
                        view! {
                            <h3>{format!("Results for {file}")}</h3>
                            <ScoreCards scores=report.scores().to_vec() />
                            {(!per_class.is_empty())
                                .then(|| view! { <BarChart rows=per_class caption=report.per_class_caption() /> })}
                            <div class="share-bar">
                                <button type="button" id="bench-download-json" on:click=move |_| download(false)>
                                    "Download JSON"
                                </button>
                                <button type="button" id="bench-download-csv" on:click=move |_| download(true)>
                                    "Download CSV"
                                </button>
                            </div>
                        }
                            .into_any()
                    }
                }}
                <p class="message" role="status">{move || message.get()}</p>
            </div>
        </section>
    }
}
