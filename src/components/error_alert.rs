//! The fallback of an `<ErrorBoundary>`: what went wrong, in plain words, as an alert.

use leptos::prelude::*;

/// The boundary's errors' messages after `prefix` ("calibration failed: "), one sentence each.
pub fn error_alert(errors: ArcRwSignal<Errors>, prefix: &'static str) -> impl IntoView {
    let text = move || {
        let messages: Vec<String> = errors
            .get()
            .iter()
            .map(|(_, error)| error.to_string())
            .collect();
        format!("{prefix}{}", messages.join(" "))
    };
    view! { <p class="error" role="alert">{text}</p> }
}
