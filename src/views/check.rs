//! Brief check and Summary check: two texts side by side, settings, live scores and the breakdown.

use crate::browser::{
    self,
    debounce::{self, WholeEdit},
};
use crate::components::error_alert::error_alert;
use crate::components::interaction::Interaction;
use crate::components::judge_progress::JudgeProgress;
use crate::components::long_text::{self, LongText};
use crate::components::model_progress::ModelProgress;
use crate::state::route::View;
use crate::state::settings::{LlmSettings, Settings};
use crate::state::AppState;
use crate::views::check_result::{self, AnnotatedPair, Scored};
use crate::views::examples::{self, Example};
use crate::views::settings_panel::SettingsPanel;
use crate::views::share_bar::ShareBar;
use crate::workers::checks::{self, CheckError, LlmUse};
use crate::workers::score as scoring;
use crate::workers::Lane;
use leptos::prelude::*;
use lexeval_core::pipeline::Span;
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

/// A finished check: its scores and the texts it scored, with their citations and claims marked.
struct Checked {
    scored: Scored,
    reference: String,
    candidate: String,
    spans: (Vec<Span>, Vec<Span>),
}

/// Why there is nothing to score yet, if so.
fn waiting_for(input: &Inputs) -> Option<&'static str> {
    match (
        input.reference.trim().is_empty(),
        input.candidate.trim().is_empty(),
    ) {
        (true, true) => Some("Paste two texts above, or load an example."),
        (true, false) | (false, true) => Some("Both texts are needed: one of them is empty."),
        (false, false) => None,
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
                    sentences and list items, citations staying with their sentence; or, under Points, \
                    each paragraph's points as your LLM extracts them); pointwise recall asks how many \
                    reference points the generated summary covers, precision how many generated points \
                    the reference supports.",
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

async fn run(view: View, input: Inputs) -> Result<Arc<Checked>, CheckError> {
    let texts = (input.reference.as_str(), input.candidate.as_str());
    let llm = (&input.llm, input.key.as_str());
    let mut report = checks::run(view, texts, &input.settings, llm, Lane::Check(view)).await?;
    // The answer was read in the task its message arrived in; the result is drawn in a task of its own (a
    // megabyte's report is tens of milliseconds to read, its cards and table as many to draw).
    browser::yield_now().await;
    let spans = (
        std::mem::take(&mut report.reference_spans),
        std::mem::take(&mut report.candidate_spans),
    );
    let scored = Scored {
        report: Arc::new(report),
        rule: check_result::rule(&input.settings),
    };
    Ok(Arc::new(Checked {
        scored,
        reference: input.reference,
        candidate: input.candidate,
        spans,
    }))
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
    let waiting = Memo::new(move |_| input.with(waiting_for));
    // The check of the settled texts, in the score worker. Each new input aborts the check before it, so
    // only the newest result is ever shown (its worker request is superseded in its lane too).
    let check = Action::new_local(move |current: &Inputs| run(view, current.clone()));
    let running = StoredValue::new_local(None::<ActionAbortHandle>);
    let abort_running = move || {
        if let Some(previous) = running.try_update_value(Option::take).flatten() {
            previous.abort();
        }
    };
    // Cancel stops the running check and its requests to the LLM judge; the previous result stays, marked.
    let cancelled = RwSignal::new(false);
    let dispatch = move |current: Inputs| {
        abort_running();
        cancelled.set(false);
        if waiting_for(&current).is_none() {
            running.set_value(Some(check.dispatch_local(current)));
        }
    };
    // The view stays mounted while another is shown (see `app::ViewPanel`). Hidden, it scores nothing (the
    // settings it shares may change elsewhere); shown again, it scores only inputs it has not scored yet.
    let active = Memo::new(move |_| state.view.get() == view);
    let dispatched = StoredValue::new_local(None::<Inputs>);
    Effect::new(move |before: Option<(bool, u64)>| {
        let links = state.links_applied.get();
        if !active.get() {
            return (false, links);
        }
        // Shown again or given a share link, it takes the texts as they are, not as the typing debounce
        // last let them through: they were not typed here (a demo on the About tab, a link).
        let current = if before.is_some_and(|(was_active, seen)| !was_active || seen != links) {
            input.track();
            live.get_untracked()
        } else {
            input.get()
        };
        if dispatched.with_value(|d| d.as_ref() != Some(&current)) {
            dispatched.set_value(Some(current.clone()));
            dispatch(current);
        }
        (true, links)
    });
    on_cleanup(abort_running);
    let cancel = Callback::new(move |()| {
        abort_running();
        scoring::cancel_check(Lane::Check(view));
        cancelled.set(true);
    });
    let check_again = move |_| dispatch(input.get_untracked());
    let busy = move || check.pending().get();
    // The LLM at work (judging, or extracting the summary's points): its progress and Cancel are shown.
    let judging = Memo::new(move |_| input.with(|i| LlmUse::of(view, &i.settings).is_some()));
    // The result on screen, fresh or stale (marked so while a newer check runs or after a cancel): better
    // stale numbers, marked, than none, when the embedding model takes a minute to load the first time or
    // the judge is slow.
    let shown = move || check.value().get().and_then(Result::ok);
    // What is selected in the table and texts, the authority panel and the walk-through's step; a new
    // result clears them.
    let interaction = Interaction::new(prefix);
    Effect::new(move |_| {
        check.version().track();
        interaction.clear();
    });
    interaction.follow_selection();
    let report = Signal::derive(move || {
        shown()
            .filter(|_| !busy() && !cancelled.get())
            .map(|c| c.scored.report.clone())
    });

    let render = move |scored: Scored| check_result::result_view(view, scored, interaction);
    // The annotated texts of the result on screen, drawn an animation frame after its cards and table: their
    // first chunks are a task of their own, not more of the result's.
    let annotated = RwSignal::new(None::<Arc<Checked>>);
    Effect::new(move |_| {
        let checked = shown().filter(|_| waiting.get().is_none());
        request_animation_frame(move || {
            let changed = annotated.try_with_untracked(|now| match (now, &checked) {
                (Some(now), Some(checked)) => !Arc::ptr_eq(now, checked),
                (now, checked) => now.is_some() != checked.is_some(),
            });
            if changed == Some(true) {
                annotated.try_set(checked);
            }
        });
    });

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

    // A long text is shown read-only in chunks until the user asks to edit it (`components::long_text`): a
    // text area would lay all of it out in one task. A text pasted whole leaves the text box again.
    let text_area = move |signal: RwSignal<String>, id: String, label: &'static str| {
        let editing = RwSignal::new(false);
        let read_only =
            Memo::new(move |_| signal.with(|t| long_text::is_long(t)) && !editing.get());
        let label_id = format!("{id}-label");
        let edit = Callback::new({
            let id = id.clone();
            move |()| {
                editing.set(true);
                let id = id.clone();
                request_animation_frame(move || browser::focus_in_place(&id));
            }
        });
        let long_view = {
            let (id, label_id) = (id.clone(), label_id.clone());
            move || {
                read_only.get().then(|| {
                    view! { <LongText text=signal id=id.clone() labelled_by=label_id.clone() on_edit=edit /> }
                })
            }
        };
        view! {
            <div class="text-input">
                <label for=id.clone() id=label_id>{label}</label>
                <textarea
                    id=id.clone()
                    rows="10"
                    spellcheck="false"
                    hidden=read_only
                    prop:value=move || signal.get()
                    on:paste=move |ev| {
                        if let Some(text) = long_text::paste_long(&ev) {
                            whole.mark();
                            editing.set(false);
                            signal.set(text);
                            let id = id.clone();
                            request_animation_frame(move || browser::focus_in_place(&format!("{id}-long-body")));
                        }
                    }
                    on:input=move |ev| {
                        if whole.mark_if_whole(&ev) {
                            editing.set(false);
                        }
                        signal.set(event_target_value(&ev));
                    }
                ></textarea>
                {long_view}
                {length_note(signal)}
            </div>
        }
    };

    view! {
        <section class=move || format!("check {}", interaction.walk_class()) aria-labelledby=format!("{prefix}-title")>
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
            <ShareBar view report=report />
            <div
                class="results"
                id=format!("{prefix}-results")
                aria-live="polite"
                aria-busy=move || busy().to_string()
            >
                {move || match (waiting.get(), busy(), cancelled.get(), shown().is_some()) {
                    (Some(msg), ..) => view! { <p class="hint">{msg}</p> }.into_any(),
                    (None, true, _, previous) => {
                        view! {
                            {previous.then(|| view! { <p class="hint stale-note">"Previous result — updating…"</p> })}
                            {(!previous).then(|| view! { <p class="hint">"Scoring…"</p> })}
                            <ModelProgress />
                            {move || judging.get().then(|| view! { <JudgeProgress prefix on_cancel=cancel /> })}
                        }
                            .into_any()
                    }
                    (None, false, true, previous) => {
                        let note = if previous {
                            "Cancelled: the LLM judge was stopped before it finished. The previous result, for \
                             earlier texts or settings, is shown below."
                        } else {
                            "Cancelled: the LLM judge was stopped before it finished, so there are no scores."
                        };
                        view! {
                            <div class="cancelled-note" role="status">
                                <p class="hint stale-note" id=format!("{prefix}-cancelled")>{note}</p>
                                <button type="button" id=format!("{prefix}-check-again") on:click=check_again>
                                    "Check again"
                                </button>
                            </div>
                        }
                            .into_any()
                    }
                    (None, false, false, _) => ().into_any(),
                }}
                // The result is drawn once, when it arrives: a newer check or a cancel only marks it stale
                // (a result's cards, table and matrix are thousands of elements to draw again).
                {move || {
                    waiting.get().is_none().then(|| match check.value().get() {
                        Some(Ok(checked)) => {
                            let stale = move || busy() || cancelled.get();
                            view! {
                                <div class:stale=stale data-stale=move || stale().then_some("true")>
                                    {render(checked.scored.clone())}
                                </div>
                            }
                                .into_any()
                        }
                        Some(Err(error)) => {
                            let fresh = move || !busy() && !cancelled.get();
                            view! {
                                {move || fresh().then(|| {
                                    let error = error.clone();
                                    view! {
                                        <ErrorBoundary fallback=|errors| error_alert(errors, "")>
                                            {Err::<(), _>(error)}
                                        </ErrorBoundary>
                                    }
                                })}
                            }
                                .into_any()
                        }
                        None => ().into_any(),
                    })
                }}
            </div>
            {move || {
                let checked = annotated.get()?;
                let (reference, candidate) = (checked.reference.clone(), checked.candidate.clone());
                let spans = checked.spans.clone();
                let report = checked.scored.report.clone();
                Some(view! { <AnnotatedPair view reference candidate spans report interaction /> })
            }}
        </section>
    }
    .into_any()
}
