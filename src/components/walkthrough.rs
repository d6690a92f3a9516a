//! A finished check walked through one step at a time (claims → authorities → pairs → similarities →
//! score), with Back and Next, so a class can follow the paper's procedure. The check's wrapper carries
//! the shown step's class, which highlights in the table and texts what that step adds.

use crate::browser;
use crate::components::interaction::Interaction;
use crate::present::walkthrough::Step;
use leptos::prelude::*;

#[component]
pub fn Walkthrough(steps: Vec<Step>, interaction: Interaction) -> impl IntoView {
    if steps.is_empty() {
        return ().into_any();
    }
    let prefix = interaction.prefix;
    let step = interaction.step;
    let last = steps.len() - 1;
    let steps = StoredValue::new(steps);
    let at = move || step.get().unwrap_or(0);
    // Only the step's text is redrawn: Back and Next stay, and keep the focus.
    let shown = move || {
        let index = at();
        let Step {
            title,
            explain,
            counts,
            items,
            more,
            ..
        } = steps.with_value(|steps| steps.get(index).cloned())?;
        Some(view! {
            <h3 id=format!("{prefix}-walk-title")>{format!("Step {} of {}: {title}", index + 1, last + 1)}</h3>
            <p class="walk-explain">{explain}</p>
            <p class="walk-counts" id=format!("{prefix}-walk-counts")><strong>{counts}</strong></p>
            {(!items.is_empty()).then(|| view! {
                <ul class="walk-items" id=format!("{prefix}-walk-items")>
                    {items.into_iter().map(|item| view! { <li>{item}</li> }).collect_view()}
                    {(more > 0).then(|| view! { <li class="muted">{format!("… and {more} more")}</li> })}
                </ul>
            })}
        })
    };
    let close = move |_| {
        step.set(None);
        request_animation_frame(move || browser::focus_id(&format!("{prefix}-walk-start")));
    };
    view! {
        <section class="walkthrough screen-only" aria-label="Step-by-step walk-through">
            <Show
                when=move || step.get().is_some()
                fallback=move || view! {
                    <button type="button" class="secondary" id=format!("{prefix}-walk-start") on:click=move |_| step.set(Some(0))>
                        "Walk through it step by step"
                    </button>
                }
            >
                <div aria-live="polite">{shown}</div>
                <div class="walk-controls">
                    <button
                        type="button"
                        class="secondary"
                        id=format!("{prefix}-walk-back")
                        disabled=move || at() == 0
                        on:click=move |_| step.set(Some(at().saturating_sub(1)))
                    >
                        "Back"
                    </button>
                    <button
                        type="button"
                        id=format!("{prefix}-walk-next")
                        disabled=move || at() == last
                        on:click=move |_| step.set(Some((at() + 1).min(last)))
                    >
                        "Next"
                    </button>
                    <button type="button" class="secondary" id=format!("{prefix}-walk-close") on:click=close>
                        "Close the walk-through"
                    </button>
                </div>
            </Show>
        </section>
    }
    .into_any()
}
