//! Share link, JSON export and import for a check view; the Answer check has the share link only.

use crate::browser;
use crate::state::route::View;
use crate::state::AppState;
use crate::workers::checks;
use leptos::prelude::*;
use lexeval_core::fresco::FrescoDetails;
use lexeval_core::pipeline::{CheckReport, MetricReport};
use lexeval_core::pointwise::PointwiseDetails;
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::RougeDetails;
use lexeval_core::share::{self, SharePayload};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Exported file: the inputs (as a share payload, so no API key) and the reports they produced, each as
/// `lexeval fresco|pointwise|rouge --json` prints it.
#[derive(Serialize)]
struct Export<'a> {
    lexeval_export: u32,
    input: SharePayload,
    reports: Vec<Exported<'a>>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Exported<'a> {
    Fresco(&'a ScoreReport<FrescoDetails>),
    Pointwise(&'a ScoreReport<PointwiseDetails>),
    Rouge(&'a ScoreReport<RougeDetails>),
    Plain(&'a ScoreReport),
}

impl<'a> Exported<'a> {
    /// The check's reports: the metric's, whole-text ROUGE, and the whole-text cosine when computed.
    fn all(report: &'a CheckReport) -> Vec<Exported<'a>> {
        let metric = match &report.metric {
            MetricReport::Fresco(report) => Exported::Fresco(report),
            MetricReport::Pointwise(report) => Exported::Pointwise(report),
        };
        [metric, Exported::Rouge(&report.rouge)]
            .into_iter()
            .chain(report.cosine.as_ref().map(Exported::Plain))
            .collect()
    }
}

/// An exported file read back: the inputs are restored, the reports only counted (they are recomputed).
#[derive(Deserialize)]
struct Import {
    input: SharePayload,
    reports: Vec<serde::de::IgnoredAny>,
}

fn payload(state: &AppState, view: View) -> Option<SharePayload> {
    let (reference, candidate) = match (view, state.texts(view)) {
        (View::Answer, _) => (state.answer.get_untracked(), String::new()),
        (_, Some((reference, candidate))) => (reference.get_untracked(), candidate.get_untracked()),
        (_, None) => return None,
    };
    Some(SharePayload {
        view: view.id().to_string(),
        reference,
        candidate,
        settings: state
            .settings
            .get_untracked()
            .to_share(&state.llm.get_untracked()),
        metric_version: share::metric_version(view.id()).to_string(),
        // U-Score embeds nothing.
        model_sha256: (view != View::Answer)
            .then(|| checks::model_sha256(&state.settings.get_untracked()))
            .flatten(),
    })
}

/// `report`: the check's result, for its JSON export; a view without one (the Answer check) offers the
/// share link only.
#[component]
pub fn ShareBar(
    view: View,
    #[prop(optional)] report: Option<Signal<Option<Arc<CheckReport>>>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let link = RwSignal::new(String::new());
    let message = RwSignal::new(None::<String>);
    let import_ref = NodeRef::<leptos::html::Input>::new();
    let prefix = view.id();

    let make_link = move |_| {
        let Some(p) = payload(&state, view) else {
            return;
        };
        match share::encode(&p) {
            Ok(fragment) => {
                let url = browser::link_with_fragment(&fragment);
                link.set(url.clone());
                message.set(Some("Share link ready; copying…".into()));
                leptos::task::spawn_local(async move {
                    let copied = browser::copy_to_clipboard(&url).await;
                    message.set(Some(if copied {
                        "Share link copied. It holds your texts and settings (never your API key).".into()
                    } else {
                        "Share link ready below; copy it by hand. It holds your texts and settings (never your API key).".into()
                    }));
                });
            }
            Err(e) => {
                link.set(String::new());
                message.set(Some(e.to_string()));
            }
        }
    };

    let export = move |_| {
        let (Some(input), Some(report)) = (payload(&state, view), report) else {
            return;
        };
        let report = report.get_untracked();
        let file = Export {
            lexeval_export: 1,
            input,
            reports: report.as_deref().map(Exported::all).unwrap_or_default(),
        };
        let result = serde_json::to_string_pretty(&file)
            .map_err(|e| e.to_string())
            .and_then(|json| {
                browser::download(
                    &format!("lexeval-{}.json", view.id()),
                    "application/json",
                    &json,
                )
            });
        message.set(Some(match result {
            Ok(()) => "Report exported as JSON.".into(),
            Err(e) => e,
        }));
    };

    let import = move |_| {
        let Some(input) = import_ref.get() else {
            return;
        };
        leptos::task::spawn_local(async move {
            let Some(read) = browser::read_chosen_file(&input).await else {
                return;
            };
            let outcome = read.and_then(|(name, text)| {
                serde_json::from_str::<Import>(&text)
                    .map_err(|e| format!("{name} is not a lexeval export ({e})"))
            });
            match outcome {
                Ok(file) => {
                    state.apply_share(&file.input);
                    message.set(Some(format!(
                        "Imported: texts and settings restored; {} report(s) in the file, rescoring now.",
                        file.reports.len()
                    )));
                }
                Err(e) => message.set(Some(e)),
            }
            input.set_value("");
        });
    };

    view! {
        <div class="share-bar">
            <button type="button" id=format!("{prefix}-share") on:click=make_link>
                "Copy share link"
            </button>
            {report
                .is_some()
                .then(|| {
                    view! {
                        <button type="button" id=format!("{prefix}-export") on:click=export>
                            "Export JSON"
                        </button>
                        <label class="file-button">
                            "Import JSON"
                            <input
                                type="file"
                                id=format!("{prefix}-import")
                                accept=".json,application/json"
                                node_ref=import_ref
                                on:change=import
                            />
                        </label>
                    }
                })}
            <Show when=move || !link.with(String::is_empty)>
                <label class="share-link">
                    "Share link"
                    <input id=format!("{prefix}-share-link") type="text" readonly prop:value=move || link.get() />
                </label>
            </Show>
            <p class="message" role="status" aria-live="polite">{move || message.get()}</p>
        </div>
    }
}
