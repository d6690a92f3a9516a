//! Answer check: the U-Score of one legal answer, with the cue phrases behind each component.

use crate::browser::debounce::{self, WholeEdit};
use crate::components::annotated::AnnotatedText;
use crate::components::error_alert::error_alert;
use crate::components::score_card::ScoreCards;
use crate::state::route::View;
use crate::state::AppState;
use crate::views::examples;
use crate::views::share_bar::ShareBar;
use crate::workers::checks::{self, CheckError};
use leptos::prelude::*;

#[component]
pub fn AnswerView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let answer = state.answer;
    let live = Memo::new(move |_| answer.get());
    let whole = WholeEdit::new();
    let input = debounce::debounced(live, whole, |_, _| false);
    // U-Score of the settled answer, in the score worker (`None` while there is nothing to score); the
    // resource keeps only the newest answer's result, and a newer request supersedes the worker's older one.
    let scored = LocalResource::new(move || {
        let text = input.get();
        async move {
            if text.trim().is_empty() {
                return None;
            }
            let scored = match checks::check_size(&text) {
                Err(e) => Err(e),
                Ok(()) => crate::workers::score::uscore(&text)
                    .await
                    .map_err(CheckError::Worker),
            };
            Some(scored.map(|(report, spans)| (report.scores, spans, text)))
        }
    });
    let hint = || view! { <p class="hint">"Paste an answer, or load an example."</p> };
    view! {
        <section class="answer" aria-labelledby="answer-title">
            <h2 id="answer-title">"Answer check (U-Score)"</h2>
            <p class="intro">
                "U-Score (L-MARS, LegalSearchQA) rates how uncertain a legal answer sounds, from 0 (decisive, "
                "cited, dated, jurisdiction-specific) to 1; lower is better. It combines hedging H, temporal "
                "vagueness T, citation sufficiency C, jurisdictional specificity J and decisiveness D: "
                <code>"U = 0.25H + 0.20T + 0.25(1−C) + 0.15(1−J) + 0.15(1−D)"</code> "."
            </p>
            <div class="examples" role="group" aria-label="Examples">
                <span>"Load example: "</span>
                <button type="button" id="answer-example-0" on:click=move |_| {
                    whole.mark();
                    answer.set(examples::HEDGED_ANSWER.into());
                }>
                    "Hedged answer"
                </button>
                <button type="button" id="answer-example-1" on:click=move |_| {
                    whole.mark();
                    answer.set(examples::DECISIVE_ANSWER.into());
                }>
                    "Decisive answer"
                </button>
            </div>
            <div class="text-input">
                <label for="answer-text">"Answer to score"</label>
                <textarea
                    id="answer-text"
                    rows="6"
                    prop:value=move || answer.get()
                    on:input=move |ev| {
                        whole.mark_if_whole(&ev);
                        answer.set(event_target_value(&ev));
                    }
                ></textarea>
            </div>
            <ShareBar view=View::Answer />
            <div class="results" id="answer-results" aria-live="polite">
                <Transition fallback=hint>
                    <ErrorBoundary fallback=|errors| error_alert(errors, "")>
                        {move || Suspend::new(async move {
                            scored
                                .await
                                .map(|scored| {
                                    scored
                                        .map(|(scores, spans, text)| {
                                            view! {
                                                <ScoreCards scores id_prefix="answer-score" />
                                                <AnnotatedText text spans label="Cue phrases" />
                                            }
                                                .into_any()
                                        })
                                })
                                .transpose()
                                .map(|shown| shown.unwrap_or_else(|| hint().into_any()))
                        })}
                    </ErrorBoundary>
                </Transition>
            </div>
        </section>
    }
}
