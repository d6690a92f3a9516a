//! Similarity, embedding model, threshold, FRESCO variant, the summary's points and the LLM endpoint.

use crate::state::AppState;
use leptos::prelude::*;
use lexeval_core::fresco::AuthorityScope;
use lexeval_core::pointwise::PointSource;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;

#[component]
pub fn SettingsPanel(#[prop(into)] prefix: String, show_generalized: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let settings = state.settings;
    let sim_id = format!("{prefix}-similarity");
    let thr_id = format!("{prefix}-threshold");
    let gen_id = format!("{prefix}-generalized");
    let cases_id = format!("{prefix}-cases-only");
    let model_id = format!("{prefix}-embedding-model");
    let points_id = format!("{prefix}-points");
    // The summary check's LLM judge compares only the top candidates by embedding cosine.
    let uses_embeddings = move || {
        settings.with(|s| {
            s.similarity == Similarity::Embedding
                || (s.similarity == Similarity::Llm && !show_generalized)
        })
    };
    view! {
        <fieldset class="settings">
            <legend>"Settings"</legend>
            {choice_field(
                sim_id,
                "Similarity",
                Similarity::ALL.map(|s| (s, s.id(), s.label().to_string())),
                move || settings.with(|st| st.similarity),
                move |s| settings.update(|st| st.choose_similarity(s)),
            )}
            <Show when=uses_embeddings>
                {choice_field(
                    model_id.clone(),
                    "Embedding model",
                    // The models the page can load, not the CLI's mpnet.
                    EmbeddingModel::PAGE.map(|m| (m, m.id(), m.label())),
                    move || settings.with(|st| st.embedding_model),
                    move |m| settings.update(|st| st.embedding_model = m),
                )}
            </Show>
            // The LLM judge answers Yes or No: no threshold applies, so none is shown. Choosing another
            // similarity brings the slider back at that similarity's default.
            <Show when=move || settings.with(|s| s.similarity != Similarity::Llm)>
                <div class="field">
                    <label for=thr_id.clone()>
                        "Match threshold: "
                        <output>{move || format!("{:.2}", settings.with(|s| s.threshold))}</output>
                    </label>
                    <input
                        id=thr_id.clone()
                        type="range"
                        min="0"
                        max="1"
                        step="0.01"
                        prop:value=move || settings.with(|s| s.threshold.to_string())
                        on:input=move |ev| {
                            if let Ok(t) = event_target_value(&ev).parse::<f64>() {
                                if (0.0..=1.0).contains(&t) {
                                    settings.update(|s| s.threshold = t);
                                }
                            }
                        }
                    />
                </div>
            </Show>
            {show_generalized
                .then(|| {
                    view! {
                        <div class="field checkbox">
                            <input
                                id=gen_id.clone()
                                type="checkbox"
                                prop:checked=move || settings.with(|s| s.generalized)
                                on:change=move |ev| {
                                    settings.update(|s| s.generalized = event_target_checked(&ev))
                                }
                            />
                            <label for=gen_id>
                                "Generalized FRESCO (pair claims one to one by their citations, then compare each pair)"
                            </label>
                        </div>
                        <div class="field checkbox">
                            <input
                                id=cases_id.clone()
                                type="checkbox"
                                prop:checked=move || {
                                    settings.with(|s| s.authorities == AuthorityScope::Cases)
                                }
                                on:change=move |ev| {
                                    settings
                                        .update(|s| {
                                            s.authorities = if event_target_checked(&ev) {
                                                AuthorityScope::Cases
                                            } else {
                                                AuthorityScope::All
                                            };
                                        })
                                }
                            />
                            <label for=cases_id>
                                "Count case citations only (the paper's R; statutes, rules and secondary sources left out)"
                            </label>
                        </div>
                    }
                })}
            // Pointwise Step 1 (the summary checks only; a brief's claims are its sentences).
            {(!show_generalized)
                .then(|| {
                    choice_field(
                        points_id.clone(),
                        "Points",
                        // The CLI's `--points sentences|llm`, in the page's words.
                        PointSource::ALL
                            .map(|p| {
                                let label = match p {
                                    PointSource::Sentences => "Sentences",
                                    PointSource::Llm => "Extracted by the LLM",
                                };
                                (p, p.id(), label.to_string())
                            }),
                        move || settings.with(|st| st.points),
                        move |p| settings.update(|st| st.points = p),
                    )
                })}
            <Show when=move || {
                settings
                    .with(|s| {
                        s.similarity == Similarity::Llm
                            || (!show_generalized && s.points == PointSource::Llm)
                    })
            }>
                <LlmPanel prefix=prefix.clone() />
            </Show>
        </fieldset>
    }
}

/// A labelled select over a closed set: each choice with its id (the option's value, as in share links and
/// the CLI's flags) and label, the one `chosen` reads shown, `choose` called with the one picked.
fn choice_field<T: Copy + PartialEq + Send + Sync + 'static>(
    id: String,
    label: &'static str,
    choices: impl IntoIterator<Item = (T, &'static str, String)>,
    chosen: impl Fn() -> T + Copy + Send + Sync + 'static,
    choose: impl Fn(T) + 'static,
) -> impl IntoView {
    let choices: Vec<_> = choices.into_iter().collect();
    let ids: Vec<_> = choices
        .iter()
        .map(|&(choice, id, _)| (choice, id))
        .collect();
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select
                id=id
                on:change=move |ev| {
                    let picked = event_target_value(&ev);
                    if let Some(&(choice, _)) = ids.iter().find(|(_, id)| *id == picked) {
                        choose(choice);
                    }
                }
            >
                {choices
                    .into_iter()
                    .map(|(choice, id, label)| {
                        view! {
                            <option value=id selected=move || chosen() == choice>
                                {label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// Endpoint, model and key of an OpenAI-compatible LLM used as the similarity judge, or to extract the
/// summary's points.
#[component]
pub fn LlmPanel(#[prop(into)] prefix: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let llm = state.llm;
    let key = state.llm_key;
    let judging = move || state.settings.with(|s| s.similarity == Similarity::Llm);
    let id = move |name: &str| format!("{prefix}-llm-{name}");
    view! {
        <div class="llm-panel">
            <h3>{move || if judging() { "LLM judge" } else { "LLM (extracts the points)" }}</h3>
            <LlmField
                id=id("endpoint")
                label="Endpoint (OpenAI-compatible base URL)"
                kind="url"
                placeholder="http://localhost:11434/v1"
                value=Signal::derive(move || llm.with(|l| l.endpoint.clone()))
                set=move |v| llm.update(|l| l.endpoint = v)
            />
            <LlmField
                id=id("model")
                label="Model"
                kind="text"
                placeholder="llama3.1:8b"
                value=Signal::derive(move || llm.with(|l| l.model.clone()))
                set=move |v| llm.update(|l| l.model = v)
            />
            <div class="field">
                <label for=id("timeout")>"Timeout per request (seconds)"</label>
                <input
                    id=id("timeout")
                    type="number"
                    min="1"
                    step="1"
                    inputmode="numeric"
                    prop:value=move || llm.with(|l| l.timeout_seconds.to_string())
                    // Applied as typed; an empty or unreadable field keeps the last valid timeout.
                    on:input=move |ev| {
                        if let Some(seconds) = event_target_value(&ev).trim().parse::<u64>().ok().filter(|s| *s >= 1) {
                            llm.update(|l| l.timeout_seconds = seconds);
                        }
                    }
                />
            </div>
            <LlmField
                id=id("key")
                label="API key (optional)"
                kind="password"
                placeholder=""
                value=key.into()
                set=move |v| key.set(v)
            />
            <div class="field checkbox">
                <input
                    id=id("remember")
                    type="checkbox"
                    prop:checked=move || llm.with(|l| l.remember_key)
                    on:change=move |ev| llm.update(|l| l.remember_key = event_target_checked(&ev))
                />
                <label for=id("remember")>"Remember the key on this device (localStorage)"</label>
            </div>
            <p class="hint">
                "The key stays in this tab (sessionStorage) unless you tick the box, and is never put in "
                "share links or exported reports. The endpoint must allow requests from this page (CORS): "
                "for Ollama set OLLAMA_ORIGINS to this page's origin; hosted APIs usually need a small proxy. "
                "A request with no answer within the timeout counts as a failed judgement for its pair (a "
                "failed point extraction leaves its summary without points: no scores, with the reason)."
            </p>
        </div>
    }
}

/// One labelled text input of the LLM panel; the state changes when the input does (not per keystroke).
#[component]
fn LlmField(
    id: String,
    label: &'static str,
    kind: &'static str,
    placeholder: &'static str,
    value: Signal<String>,
    set: impl Fn(String) + 'static,
) -> impl IntoView {
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type=kind
                placeholder=placeholder
                autocomplete="off"
                prop:value=move || value.get()
                on:input=move |ev| set(event_target_value(&ev))
            />
        </div>
    }
}
