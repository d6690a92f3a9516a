//! A benchmark file being scored in the score worker: items scored of all, and a button that stops it.

use crate::workers::score as scoring;
use leptos::prelude::*;

#[component]
pub fn BenchmarkProgress(file: String, on_cancel: Callback<()>) -> impl IntoView {
    let progress = scoring::benchmark_progress();
    let (max, value) = (progress.clone(), progress.clone());
    let status = move || match progress.get() {
        Some((done, total)) => format!("Scoring {file}: {done} of {total} items"),
        None => format!("Reading {file}…"),
    };
    view! {
        <div class="model-progress" role="status">
            <label for="bench-progress">{status}</label>
            // Indeterminate (no value) until the worker has counted the items.
            <progress
                id="bench-progress"
                max=move || max.get().map_or(1, |(_, total)| total.max(1)).to_string()
                value=move || value.get().map(|(done, _)| done.to_string())
            ></progress>
            <button type="button" class="secondary" id="bench-cancel" on:click=move |_| on_cancel.run(())>
                "Cancel"
            </button>
        </div>
    }
}
