//! The Benchmarks tab's brief and summary pairs: a pairs file scored in the score worker with the settings
//! panel's similarity and LLM judge (progress "pair 12 of 200", Cancel keeps the file and settings), the
//! aggregate with its bootstrap intervals, one row per pair in the per-item table, and a row opened as the
//! check view shows that pair.

use crate::browser;
use crate::components::comparison::{Comparison, SecondFile};
use crate::components::item_table::ItemTableView;
use crate::components::model_progress::ModelProgress;
use crate::components::score_card::ScoreCards;
use crate::present::report_view::MatchRule;
use crate::state::settings::{LlmSettings, Settings};
use crate::state::AppState;
use crate::views::check_result::{self, CheckBreakdown};
use crate::views::settings_panel::SettingsPanel;
use crate::workers::checks::{self, CheckError};
use crate::workers::pairs_batch::{self, Download, PairsCheck};
use crate::workers::score as scoring;
use crate::workers::{Lane, WorkerError};
use leptos::prelude::*;
use lexeval_core::items::ItemTable;
use lexeval_core::pairs::{PairRecord, PairsDetails};
use lexeval_core::pipeline::CheckReport;
use lexeval_core::report::ScoreReport;
use std::sync::Arc;

/// Largest file accepted (the page keeps it in memory), as for the other benchmark files.
const MAX_FILE_BYTES: usize = 50 * 1024 * 1024;

/// A file chosen for scoring, kept through a cancel so it can be scored again.
#[derive(Clone)]
struct PairsFile {
    name: String,
    text: Arc<String>,
}

/// The settings a batch ran with, which its opened rows are checked with too.
#[derive(Clone)]
struct RunSettings {
    settings: Settings,
    llm: LlmSettings,
    key: String,
}

#[derive(Clone)]
enum Run {
    Idle,
    Running { done: u64, total: u64 },
    Cancelled,
    Failed(String),
    Done(Box<Batch>),
}

#[derive(Clone)]
struct Batch {
    report: ScoreReport<PairsDetails>,
    items: ItemTable,
    with: RunSettings,
}

/// A row opened from the table: its check, under way, done or failed.
#[derive(Clone)]
enum Opened {
    Checking,
    Done {
        texts: (String, String),
        report: Box<CheckReport>,
        rule: MatchRule,
    },
    Failed(String),
}

/// Checks pair `index` of `file` again with the batch's settings, for its full breakdown (the answers
/// come from the LLM cache the batch filled; the embedding model is loaded already).
async fn open_pair(
    check: PairsCheck,
    records: &[PairRecord],
    index: usize,
    with: &RunSettings,
) -> Result<Opened, CheckError> {
    let (reference, candidate) = pairs_batch::pair_texts(records, index)
        .ok_or_else(|| CheckError::Input(format!("the file has no pair {}", index + 1)))?;
    let endpoint = checks::llm_endpoint(check.view(), &with.settings, (&with.llm, &with.key))?;
    let job = checks::job(
        check.view(),
        reference.clone(),
        candidate.clone(),
        &with.settings,
    );
    let report = scoring::check(
        job,
        endpoint,
        with.settings.embedding_model,
        Lane::PairBreakdown,
    )
    .await
    .map_err(CheckError::Worker)?;
    Ok(Opened::Done {
        texts: (reference, candidate),
        report: Box::new(report),
        rule: check_result::rule(&with.settings),
    })
}

#[component]
pub fn PairsBatch(check: PairsCheck) -> impl IntoView {
    let state = expect_context::<AppState>();
    let file = RwSignal::new(None::<PairsFile>);
    let run = RwSignal::new(Run::Idle);
    // The opened row's title and check.
    let opened = RwSignal::new(None::<(String, Opened)>);
    let message = RwSignal::new(None::<String>);
    let file_ref = NodeRef::<leptos::html::Input>::new();
    // The file's pairs, read once a row is opened.
    let records = StoredValue::new(None::<Arc<Vec<PairRecord>>>);
    // Leaving the tab (or choosing another file type) stops a batch still running.
    on_cleanup(scoring::cancel_pairs);

    let score = move || {
        let Some(PairsFile { name, text }) = file.get_untracked() else {
            return;
        };
        let with = RunSettings {
            settings: state.settings.get_untracked(),
            llm: state.llm.get_untracked(),
            key: state.llm_key.get_untracked(),
        };
        let endpoint =
            match checks::llm_endpoint(check.view(), &with.settings, (&with.llm, &with.key)) {
                Ok(endpoint) => endpoint,
                Err(e) => {
                    run.set(Run::Failed(e.to_string()));
                    return;
                }
            };
        let template = checks::job(check.view(), String::new(), String::new(), &with.settings);
        opened.set(None);
        records.set_value(None);
        run.set(Run::Running { done: 0, total: 0 });
        leptos::task::spawn_local(async move {
            let progress = move |done, total| {
                run.try_update(|r| {
                    if let Run::Running { .. } = r {
                        *r = Run::Running { done, total };
                    }
                });
            };
            let model = with.settings.embedding_model;
            let result = scoring::pairs(&text, template, endpoint, model, progress).await;
            run.try_set(match result {
                Ok(report) => Run::Done(Box::new(Batch {
                    items: lexeval_core::items::pairs(&report),
                    report,
                    with,
                })),
                Err(WorkerError::Cancelled) => Run::Cancelled,
                // A newer batch took over; its own task reports.
                Err(WorkerError::Superseded) => return,
                Err(e) => Run::Failed(format!("{name}: {e}")),
            });
        });
    };

    let choose = move |_| {
        let Some(input) = file_ref.get() else { return };
        leptos::task::spawn_local(async move {
            let Some(read) = browser::read_chosen_file(&input).await else {
                return;
            };
            match read {
                Ok((name, text)) if text.len() > MAX_FILE_BYTES => run.set(Run::Failed(format!(
                    "{name} is {} MB; the page accepts files up to {} MB (use lexeval {} --pairs for \
                     bigger ones)",
                    text.len() / (1024 * 1024),
                    MAX_FILE_BYTES / (1024 * 1024),
                    check.command()
                ))),
                Ok((name, text)) => {
                    file.set(Some(PairsFile {
                        name,
                        text: Arc::new(text),
                    }));
                    score();
                }
                Err(e) => run.set(Run::Failed(e)),
            }
        });
    };

    let open = Callback::new(move |index: usize| {
        let batch = run.with_untracked(|r| match r {
            Run::Done(batch) => Some((
                batch.with.clone(),
                batch
                    .report
                    .details
                    .items
                    .get(index)
                    .map(pairs_batch::pair_title)?,
            )),
            _ => None,
        });
        let (Some((with, title)), Some(PairsFile { text, .. })) = (batch, file.get_untracked())
        else {
            return;
        };
        let show = move |state: Opened| opened.try_set(Some((title.clone(), state)));
        show(Opened::Checking);
        request_animation_frame(|| browser::scroll_to("#pairs-breakdown"));
        leptos::task::spawn_local(async move {
            let all = match records.get_value() {
                Some(all) => all,
                None => match pairs_batch::records(&text) {
                    Ok(all) => {
                        let all = Arc::new(all);
                        records.set_value(Some(all.clone()));
                        all
                    }
                    Err(e) => {
                        show(Opened::Failed(e));
                        return;
                    }
                },
            };
            let result = open_pair(check, &all, index, &with).await;
            show(match result {
                Ok(done) => done,
                Err(CheckError::Worker(WorkerError::Superseded)) => return,
                Err(e) => Opened::Failed(e.to_string()),
            });
        });
    });

    let save = move |what: Download| {
        if let Run::Done(batch) = run.get_untracked() {
            let saved = pairs_batch::download(what, check, &batch.report, &batch.items)
                .and_then(|(name, mime, text)| browser::download(&name, mime, &text));
            message.set(saved.err());
        }
    };

    // Drawn once per run, so the Cancel button is never replaced under a click; the label and bar follow.
    let running = Memo::new(move |_| matches!(run.get(), Run::Running { .. }));
    let file_name = move || file.with(|f| f.as_ref().map(|f| f.name.clone()).unwrap_or_default());
    let progress = move || {
        running.get().then(|| {
            let counts = move || match run.get() {
                Run::Running { done, total } => (done, total),
                _ => (0, 0),
            };
            let label = move || match counts() {
                (_, 0) => format!("Reading {}…", file_name()),
                (done, total) => format!(
                    "Scoring {}: pair {} of {total}",
                    file_name(),
                    (done + 1).min(total)
                ),
            };
            view! {
                <label for="pairs-progress" id="pairs-progress-label">{label}</label>
                <progress
                    id="pairs-progress"
                    max=move || counts().1.max(1).to_string()
                    value=move || counts().0.to_string()
                ></progress>
                <ModelProgress />
                <button type="button" id="pairs-cancel" on:click=move |_| scoring::cancel_pairs()>
                    "Cancel"
                </button>
            }
        })
    };
    let outcome = move || match run.get() {
        Run::Idle | Run::Running { .. } => ().into_any(),
        Run::Cancelled => view! {
            <p class="hint" id="pairs-cancelled">
                {format!("Cancelled. {} is kept: score it again when you are ready.", file_name())}
            </p>
        }
        .into_any(),
        Run::Failed(msg) => view! { <p class="error" role="alert">{msg}</p> }.into_any(),
        Run::Done(_) => view! { <h3>{format!("Results for {}", file_name())}</h3> }.into_any(),
    };

    let results = move || {
        let Run::Done(batch) = run.get() else {
            return None;
        };
        let Batch {
            report,
            items,
            with,
        } = *batch;
        // A second pairs file is scored with the same settings over the same references.
        let second = file
            .get_untracked()
            .map(|PairsFile { text, .. }| SecondFile::Pairs {
                first_file: text,
                job: checks::job(check.view(), String::new(), String::new(), &with.settings),
                endpoint: checks::llm_endpoint(
                    check.view(),
                    &with.settings,
                    (&with.llm, &with.key),
                )
                .ok()
                .flatten(),
                model: with.settings.embedding_model,
            });
        let first = items.clone();
        Some(view! {
            <ScoreCards scores=pairs_batch::cards(&report) />
            <div class="share-bar">
                <button type="button" id="pairs-download-report" on:click=move |_| save(Download::Report)>
                    "Download report (JSON)"
                </button>
                <button type="button" id="pairs-download-items-csv" on:click=move |_| save(Download::ItemsCsv)>
                    "Download per-item CSV"
                </button>
                <button type="button" id="pairs-download-items-json" on:click=move |_| save(Download::ItemsJson)>
                    "Download per-item JSON"
                </button>
            </div>
            <ItemTableView table=items on_open=open />
            {second.map(|second| view! { <Comparison first first_name=file_name() second /> })}
        })
    };

    let breakdown = move || {
        let (title, state) = opened.get()?;
        let shown = match state {
            Opened::Checking => view! { <p class="hint">"Checking this pair…"</p> }.into_any(),
            Opened::Failed(msg) => view! { <p class="error" role="alert">{msg}</p> }.into_any(),
            Opened::Done {
                texts: (reference, candidate),
                report,
                rule,
            } => view! {
                <CheckBreakdown
                    view=check.view()
                    reference
                    candidate
                    report=*report
                    rule
                    prefix="pair"
                />
            }
            .into_any(),
        };
        Some(view! {
            <h3>{title}</h3>
            <button type="button" class="secondary" id="pairs-breakdown-close" on:click=move |_| opened.set(None)>
                "Close the pair"
            </button>
            {shown}
        })
    };

    view! {
        <SettingsPanel prefix="pairs" show_generalized=check == PairsCheck::Brief />
        <p class="hint">
            "A JSON array or JSON Lines of pairs, e.g. " <code>{pairs_batch::EXAMPLE_LINE}</code>
            ", or CLERC's generation pairs (" <code>"gold_text"</code> ", " <code>"generation"</code>
            ", " <code>"idx"</code> ", " <code>"model"</code> "). Each pair is checked as the "
            {check.view().label()} " checks two texts, with the settings above."
        </p>
        <div class="field">
            <label for="pairs-file">"Pairs file (JSON or JSONL)"</label>
            <input id="pairs-file" type="file" accept=".jsonl,.json,.txt" node_ref=file_ref on:change=choose />
        </div>
        {move || {
            let idle = !matches!(run.get(), Run::Running { .. });
            (idle && file.with(Option::is_some)).then(|| view! {
                <button type="button" id="pairs-rerun" on:click=move |_| score()>"Score the file again"</button>
            })
        }}
        <div class="bench-results" id="pairs-results" aria-live="polite">
            {progress}
            {outcome}
            {results}
            <p class="message" role="status">{move || message.get()}</p>
        </div>
        <section id="pairs-breakdown" class="check" aria-label="The opened pair">
            {breakdown}
        </section>
    }
}
