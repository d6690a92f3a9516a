//! Progress of the embedding model (download, preparation, embedding), shown while a check waits for it.

use crate::workers::embed::{self, ModelStatus};
use leptos::prelude::*;

const MB: f64 = 1_000_000.0;

#[component]
pub fn ModelProgress() -> impl IntoView {
    let status = embed::status();
    move || {
        let (message, done, total) = match status.get()? {
            ModelStatus::Download { done, total } => {
                let size = if total > 0 {
                    format!("{:.0} of {:.0} MB", done as f64 / MB, total as f64 / MB)
                } else {
                    format!("{:.0} MB", done as f64 / MB)
                };
                let message =
                    format!("Loading the embedding model (once; then it is cached): {size}");
                (message, done, total)
            }
            ModelStatus::Prepare => ("Preparing the embedding model…".to_string(), 0, 0),
            ModelStatus::Embed { done, total } => {
                (format!("Embedding texts: {done} of {total}"), done, total)
            }
            ModelStatus::Ready | ModelStatus::Failed(_) => return None,
        };
        Some(view! {
            <div class="model-progress" role="status">
                <span>{message.clone()}</span>
                {(total > 0).then(|| view! {
                    <progress max=total.to_string() value=done.to_string() aria-label=message></progress>
                })}
            </div>
        })
    }
}
