//! Calibrate: the match threshold that maximises reference point based F1 on the user's labelled pairs
//! (Tan et al. §5.2.1), as `lexeval calibrate` chooses it, computed in the score worker; one button puts it
//! in the brief and summary settings.

use crate::browser;
use crate::components::error_alert::error_alert;
use crate::components::score_card::ScoreCards;
use crate::state::AppState;
use crate::workers::score as scoring;
use leptos::prelude::*;
use lexeval_core::report::ScoreReport;
use lexeval_core::similarity::{Measure, Similarity};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

const EXAMPLE_LINE: &str = r#"{"reference": "A fee claimant need not be a prevailing party. Hardt, 560 U.S. at 255.", "generated": "Fees do not require prevailing. Hardt, 560 U.S. at 255.", "label": "full"}"#;

/// One threshold tried, as `details.curve` holds it.
#[derive(Deserialize)]
struct CurvePoint {
    threshold: f64,
    reference_f1: Option<f64>,
    pairwise_f1: Option<f64>,
}

/// The parts of the calibration report's details the section shows.
#[derive(Deserialize)]
struct Details {
    best_observed_similarity: f64,
    curve: Vec<CurvePoint>,
    labels: BTreeMap<String, usize>,
}

/// The similarities a threshold can be calibrated for (the LLM judge answers Yes or No).
fn calibratable() -> impl Iterator<Item = Similarity> {
    Similarity::ALL
        .into_iter()
        .filter(|s| s.measure() != Measure::Llm)
}

#[component]
pub fn CalibrateSection() -> impl IntoView {
    let state = expect_context::<AppState>();
    let pairs = state.calibration_pairs;
    let similarity = RwSignal::new(match state.settings.get_untracked().similarity {
        Similarity::Llm => Similarity::default(),
        chosen => chosen,
    });
    let message = RwSignal::new(None::<String>);
    let file_ref = NodeRef::<leptos::html::Input>::new();

    // The calibration of the pairs and similarity of the newest click, in the score worker: the action keeps
    // only its latest dispatch's result, and a newer request supersedes the worker's older one.
    let calibration = Action::new_local(move |(text, chosen): &(String, Similarity)| {
        let (text, chosen) = (text.clone(), *chosen);
        let embedding_model = state.settings.with_untracked(|s| s.embedding_model);
        async move {
            scoring::calibrate(&text, chosen, embedding_model)
                .await
                .map(|report| (chosen, Arc::new(report)))
        }
    });
    let run = move |_| {
        message.set(None);
        calibration.dispatch((pairs.get_untracked(), similarity.get_untracked()));
    };

    let upload = move |_| {
        let Some(input) = file_ref.get() else { return };
        leptos::task::spawn_local(async move {
            match browser::read_chosen_file(&input).await {
                Some(Ok((_, text))) => pairs.set(text),
                Some(Err(e)) => message.set(Some(e)),
                None => {}
            }
            input.set_value("");
        });
    };

    let apply = move |chosen: Similarity, threshold: f64| {
        state.settings.update(|s| {
            s.similarity = chosen;
            s.threshold = threshold;
        });
        message.set(Some(format!(
            "The brief and summary checks now use {} with threshold {threshold:.3}.",
            chosen.label()
        )));
    };

    let download = move |report: &ScoreReport| {
        let result = serde_json::to_string_pretty(report)
            .map_err(|e| e.to_string())
            .and_then(|json| {
                browser::download("lexeval-calibration.json", "application/json", &json)
            });
        message.set(result.err());
    };

    view! {
        <section class="calibrate" aria-labelledby="calibrate-title">
            <h2 id="calibrate-title">"Calibrate a threshold"</h2>
            <p class="intro">
                "Label some (reference, generated) claim or point pairs as full, partial or no match, and "
                "lexeval chooses the match threshold with the best reference point based F1 (Tan et al. "
                "§5.2.1), exactly as " <code>"lexeval calibrate --pairs FILE"</code> " does. The pairs stay in "
                "this page."
            </p>
            <fieldset class="settings">
                <legend>"Labelled pairs"</legend>
                <p class="hint">"One JSON object per line, e.g. " <code class="example-line">{EXAMPLE_LINE}</code></p>
                <div class="field">
                    <label for="calibrate-file">"Upload a JSONL file"</label>
                    <input id="calibrate-file" type="file" accept=".jsonl,.json,.txt" node_ref=file_ref on:change=upload />
                </div>
                <div class="field">
                    <label for="calibrate-pairs">"…or paste the pairs"</label>
                    <textarea
                        id="calibrate-pairs"
                        rows="6"
                        spellcheck="false"
                        prop:value=move || pairs.get()
                        on:input=move |ev| pairs.set(event_target_value(&ev))
                    ></textarea>
                </div>
                <div class="field">
                    <label for="calibrate-similarity">"Similarity"</label>
                    <select
                        id="calibrate-similarity"
                        on:change=move |ev| {
                            if let Some(s) = Similarity::from_id(&event_target_value(&ev)) {
                                similarity.set(s);
                            }
                        }
                    >
                        {calibratable()
                            .map(|s| view! { <option value=s.id() selected=move || similarity.get() == s>{s.label()}</option> })
                            .collect_view()}
                    </select>
                </div>
                <button
                    type="button"
                    id="calibrate-run"
                    disabled=move || pairs.with(|p| p.trim().is_empty())
                    on:click=run
                >
                    "Calibrate"
                </button>
            </fieldset>
            <div class="calibrate-results" id="calibrate-results" aria-live="polite">
                {move || calibration.pending().get().then(|| view! { <p class="hint">"Calibrating…"</p> })}
                <ErrorBoundary fallback=|errors| error_alert(errors, "calibration failed: ")>
                    {move || {
                        let done = calibration.value().get().filter(|_| !calibration.pending().get())?;
                        Some(done.map(|(chosen, report)| {
                            let threshold = report.score("threshold");
                            let details = serde_json::from_value::<Details>(report.details.clone()).ok();
                            let report_for_download = report.clone();
                            view! {
                                <ScoreCards scores=report.scores.clone() id_prefix="calibration" />
                                {threshold
                                    .map(|t| {
                                        view! {
                                            <div class="share-bar">
                                                <button type="button" id="calibrate-apply" on:click=move |_| apply(chosen, t)>
                                                    {format!("Use {} ≥ {t:.3} in the brief and summary checks", chosen.id())}
                                                </button>
                                                <button type="button" class="secondary" id="calibrate-download" on:click=move |_| download(&report_for_download)>
                                                    "Download JSON"
                                                </button>
                                            </div>
                                        }
                                    })}
                                {details.map(|d| view! { <Curve details=d /> })}
                            }
                        }))
                    }}
                </ErrorBoundary>
                <p class="message" role="status">{move || message.get()}</p>
            </div>
        </section>
    }
}

/// Every threshold tried with its reference point based and pairwise F1, the chosen one marked.
#[component]
fn Curve(details: Details) -> impl IntoView {
    let labels = details
        .labels
        .iter()
        .map(|(label, n)| format!("{n} {label}"))
        .collect::<Vec<_>>()
        .join(", ");
    let f1 = |v: Option<f64>| v.map_or("—".to_string(), |v| format!("{v:.3}"));
    view! {
        <p class="hint">
            {format!(
                "Labels: {labels}. Each observed similarity was tried as the threshold; the chosen threshold is \
                 midway between the best one ({:.3}) and the next lower.",
                details.best_observed_similarity,
            )}
        </p>
        <div class="table-scroll curve" tabindex="0" role="region" aria-label="Calibration curve">
            <table class="pairs calibration-curve">
                <thead>
                    <tr>
                        <th scope="col">"match when similarity ≥"</th>
                        <th scope="col">"reference point F1"</th>
                        <th scope="col">"pairwise F1"</th>
                    </tr>
                </thead>
                <tbody>
                    {details
                        .curve
                        .into_iter()
                        .map(|point| {
                            let best = point.threshold == details.best_observed_similarity;
                            view! {
                                <tr class:chosen=best aria-current=best.then_some("true")>
                                    <td class="num">{format!("{:.3}", point.threshold)}</td>
                                    <td class="num">{f1(point.reference_f1)}</td>
                                    <td class="num">{f1(point.pairwise_f1)}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}
