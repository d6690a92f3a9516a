//! The LLM judge at work in a check: prompts judged of all asked, and a button that stops it.

use crate::workers::score as scoring;
use leptos::prelude::*;

#[component]
pub fn JudgeProgress(prefix: &'static str, on_cancel: Callback<()>) -> impl IntoView {
    let progress = scoring::judge_progress();
    let (max, value) = (progress.clone(), progress.clone());
    let id = format!("{prefix}-judge-progress");
    let status = move || match progress.get() {
        Some((done, total)) => format!("LLM judge: {done} of {total} judged"),
        None => "LLM judge: preparing the pairs to judge…".to_string(),
    };
    view! {
        <div class="model-progress judge-progress" role="status">
            <label for=id.clone()>{status}</label>
            // Indeterminate (no value) until the check has asked its first prompts.
            <progress
                id=id
                max=move || max.get().map_or(1, |(_, total)| total.max(1)).to_string()
                value=move || value.get().map(|(done, _)| done.to_string())
            ></progress>
            <button
                type="button"
                class="secondary"
                id=format!("{prefix}-judge-cancel")
                on:click=move |_| on_cancel.run(())
            >
                "Cancel"
            </button>
        </div>
    }
}
