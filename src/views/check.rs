//! Brief check and Summary check: two texts side by side, settings, live scores and the breakdown.

use crate::checks::{self, CheckError};
use crate::components::authority_panel::AuthorityPanel;
use crate::components::model_progress::ModelProgress;
use crate::debounce::{self, WholeEdit};
use crate::examples::{self, Example};
use crate::report_view::{self, PairLink};
use crate::route::View;
use crate::state::settings::{LlmSettings, Settings};
use crate::state::AppState;
use crate::views::check_result::{self, AnnotatedPair, Scored};
use crate::views::settings_panel::SettingsPanel;
use crate::views::share_bar::ShareBar;
use crate::workers::Lane;
use leptos::prelude::*;
use lexeval_core::pipeline::{CheckReport, Span};
use lexeval_core::similarity::Similarity;
use std::sync::Arc;

/// Everything a check's numbers depend on.
#[derive(Clone, PartialEq)]
struct Inputs {
    reference: String,
    candidate: String,
    settings: Settings,
    llm: LlmSettings,
    key: String,
}

#[derive(Clone, PartialEq)]
enum Outcome {
    Waiting(&'static str),
    /// Scoring; with the last result when the new one waits for the embedding model, which can take
    /// a minute to load the first time: better stale numbers, marked so, than none.
    Busy(Option<Scored>),
    Done(Scored),
    Failed(String),
}

impl Outcome {
    /// The result on screen, fresh or stale.
    fn shown(&self) -> Option<Scored> {
        match self {
            Outcome::Done(scored) | Outcome::Busy(Some(scored)) => Some(scored.clone()),
            _ => None,
        }
    }
}

struct ViewText {
    title: &'static str,
    intro: &'static str,
    examples: &'static [Example],
}

fn view_text(view: View) -> ViewText {
    match view {
        View::Summary => ViewText {
            title: "Summary check",
            intro: "Paste a reference summary and a generated one. Each is split into points (its \
                    sentences and list items; citations stay with their sentence); pointwise recall asks \
                    how many reference points the generated summary covers, precision how many generated \
                    points the reference supports.",
            examples: &[examples::SUMMARY],
        },
        _ => ViewText {
            title: "Brief check",
            intro: "Paste a reference paragraph of legal analysis and a generated one. Citations are found \
                    and each claim is tied to the authorities it cites; L-FRESCO asks, for every reference \
                    claim, whether the generated text makes a similar claim citing the same case.",
            examples: &[examples::KAYES, examples::FIDUCIARY],
        },
    }
}

async fn run(view: View, input: &Inputs) -> Result<CheckReport, CheckError> {
    let texts = (input.reference.as_str(), input.candidate.as_str());
    let llm = (&input.llm, input.key.as_str());
    checks::run(view, texts, &input.settings, llm, Lane::Check(view)).await
}

#[component]
pub fn CheckView(view: View) -> impl IntoView {
    let state = expect_context::<AppState>();
    let Some((reference, candidate)) = state.texts(view) else {
        return ().into_any();
    };
    let text = view_text(view);
    let (reference_label, candidate_label) = check_result::labels(view);
    let prefix = view.id();

    let live = Memo::new(move |_| Inputs {
        reference: reference.get(),
        candidate: candidate.get(),
        settings: state.settings.get(),
        llm: state.llm.get(),
        key: state.llm_key.get(),
    });
    // Typing waits for a quiet moment; a paste, an example or a setting chosen scores at once.
    let whole = WholeEdit::new();
    let input = debounce::debounced(live, whole, |previous, new| {
        previous.settings.chosen_apart_from(&new.settings)
    });
    let outcome = RwSignal::new(Outcome::Waiting(""));
    // The texts last scored with their citations and claims (the score worker finds them).
    let annotations = RwSignal::new(None::<(String, String, (Vec<Span>, Vec<Span>))>);
    let generation = StoredValue::new(0u64);
    // The pair selected in the table and the authority chosen in the texts; a new result clears both.
    let selected = RwSignal::new(None::<PairLink>);
    let chosen_authority = RwSignal::new(None::<String>);
    check_result::scroll_to_selected(prefix, selected);
    Effect::new(move |_| {
        let current = input.get();
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        let is_current = move || generation.try_get_value() == Some(mine);
        if current.reference.trim().is_empty() || current.candidate.trim().is_empty() {
            annotations.set(None);
        }
        if current.reference.trim().is_empty() && current.candidate.trim().is_empty() {
            outcome.set(Outcome::Waiting(
                "Paste two texts above, or load an example.",
            ));
            return;
        }
        if current.reference.trim().is_empty() || current.candidate.trim().is_empty() {
            outcome.set(Outcome::Waiting(
                "Both texts are needed: one of them is empty.",
            ));
            return;
        }
        let keep = current.settings.similarity == Similarity::Embedding;
        outcome.update(|o| *o = Outcome::Busy(o.shown().filter(|_| keep)));
        leptos::task::spawn_local(async move {
            let result = run(view, &current).await;
            // The view may have been left, or the texts changed, while scoring: then the result is stale.
            if !is_current() {
                return;
            }
            outcome.try_set(match result {
                Ok(mut report) => {
                    let spans = (
                        std::mem::take(&mut report.reference_spans),
                        std::mem::take(&mut report.candidate_spans),
                    );
                    let rule = check_result::rule(&current.settings);
                    selected.try_set(None);
                    chosen_authority.try_set(None);
                    annotations.try_set(Some((current.reference, current.candidate, spans)));
                    Outcome::Done(Scored {
                        report: Arc::new(report),
                        rule,
                    })
                }
                Err(e) => Outcome::Failed(e.to_string()),
            });
        });
    });
    let report = Signal::derive(move || match outcome.get() {
        Outcome::Done(scored) => Some(scored.report),
        _ => None,
    });

    let render = move |scored: Scored| check_result::result_view(view, scored, selected, "score");

    let length_note = move |signal: RwSignal<String>| {
        move || {
            let chars = signal.with(|t| t.chars().count());
            let over = chars > checks::MAX_TEXT_CHARS;
            view! {
                <span class="count" class:over=over>
                    {format!("{chars} characters")}
                    {over.then(|| format!(" — over the scoring limit of {}", checks::MAX_TEXT_CHARS))}
                </span>
            }
        }
    };

    let text_area = move |signal: RwSignal<String>, id: String, label: &'static str| {
        view! {
            <div class="text-input">
                <label for=id.clone()>{label}</label>
                <textarea
                    id=id
                    rows="10"
                    spellcheck="false"
                    prop:value=move || signal.get()
                    on:input=move |ev| {
                        whole.mark_if_whole(&ev);
                        signal.set(event_target_value(&ev));
                    }
                ></textarea>
                {length_note(signal)}
            </div>
        }
    };

    view! {
        <section class="check" aria-labelledby=format!("{prefix}-title")>
            <h2 id=format!("{prefix}-title")>{text.title}</h2>
            <p class="intro">{text.intro}</p>
            <div class="examples" role="group" aria-label="Examples">
                <span>"Load example: "</span>
                {text
                    .examples
                    .iter()
                    .enumerate()
                    .map(|(i, ex)| {
                        view! {
                            <button
                                type="button"
                                id=format!("{prefix}-example-{i}")
                                on:click=move |_| {
                                    whole.mark();
                                    reference.set(ex.reference.to_string());
                                    candidate.set(ex.candidate.to_string());
                                }
                            >
                                {ex.name}
                            </button>
                        }
                    })
                    .collect_view()}
                <button
                    type="button"
                    class="secondary"
                    id=format!("{prefix}-clear")
                    on:click=move |_| {
                        whole.mark();
                        reference.set(String::new());
                        candidate.set(String::new());
                    }
                >
                    "Clear"
                </button>
            </div>
            <div class="pair">
                {text_area(reference, format!("{prefix}-reference"), reference_label)}
                {text_area(candidate, format!("{prefix}-candidate"), candidate_label)}
            </div>
            <SettingsPanel prefix=prefix show_generalized=view == View::Brief />
            <ShareBar view report />
            <div
                class="results"
                id=format!("{prefix}-results")
                aria-live="polite"
                aria-busy=move || matches!(outcome.get(), Outcome::Busy(_)).to_string()
            >
                {move || match outcome.get() {
                    Outcome::Waiting(msg) => view! { <p class="hint">{msg}</p> }.into_any(),
                    Outcome::Busy(None) => view! { <p class="hint">"Scoring…"</p> <ModelProgress /> }.into_any(),
                    Outcome::Busy(Some(previous)) => {
                        view! {
                            <p class="hint stale-note">"Previous result — updating…"</p>
                            <ModelProgress />
                            <div class="stale" data-stale="true">{render(previous)}</div>
                        }
                            .into_any()
                    }
                    Outcome::Failed(msg) => view! { <p class="error" role="alert">{msg}</p> }.into_any(),
                    Outcome::Done(scored) => render(scored),
                }}
            </div>
            <div class="pair annotated-pair">
                {move || {
                    let (reference, candidate, spans) = annotations.get()?;
                    Some(view! { <AnnotatedPair view reference candidate spans selected chosen_authority prefix /> })
                }}
            </div>
            {move || {
                let key = chosen_authority.get()?;
                let info = report_view::authority_info(&outcome.get().shown()?.report.metric, &key)?;
                Some(view! { <AuthorityPanel info on_close=move || chosen_authority.set(None) /> })
            }}
        </section>
    }
    .into_any()
}
