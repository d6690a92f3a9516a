//! Answer check: the U-Score of one legal answer, with the cue phrases behind each component.

use crate::checks;
use crate::components::annotated::AnnotatedText;
use crate::components::score_card::ScoreCards;
use crate::debounce::{self, WholeEdit};
use crate::examples;
use crate::state::AppState;
use leptos::prelude::*;
use lexeval_core::pipeline::Span;
use lexeval_core::report::Score;

#[component]
pub fn AnswerView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let answer = state.answer;
    let live = Memo::new(move |_| answer.get());
    let whole = WholeEdit::new();
    let input = debounce::debounced(live, whole, |_, _| false);
    // U-Score runs in the score worker; `None` while there is nothing to score.
    let result = RwSignal::new(None::<Result<(Vec<Score>, Vec<Span>, String), String>>);
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let text = input.get();
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        if text.trim().is_empty() {
            result.set(None);
            return;
        }
        leptos::task::spawn_local(async move {
            let scored = match checks::check_size(&text) {
                Err(e) => Err(e.to_string()),
                Ok(()) => crate::workers::score::uscore(&text)
                    .await
                    .map_err(|e| e.to_string()),
            };
            // The answer changed (or the view was left) while scoring: this result is stale.
            if generation.try_get_value() != Some(mine) {
                return;
            }
            result.try_set(Some(
                scored.map(|(report, spans)| (report.scores, spans, text)),
            ));
        });
    });
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
            <div class="results" id="answer-results" aria-live="polite">
                {move || match result.get() {
                    None => view! { <p class="hint">"Paste an answer, or load an example."</p> }.into_any(),
                    Some(Err(e)) => view! { <p class="error" role="alert">{e}</p> }.into_any(),
                    Some(Ok((scores, spans, text))) => {
                        view! {
                            <ScoreCards scores />
                            <AnnotatedText text spans label="Cue phrases" />
                        }
                            .into_any()
                    }
                }}
            </div>
        </section>
    }
}
