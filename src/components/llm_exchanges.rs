//! The exact prompts sent to the user's LLM and its raw answers, one per judged claim pair.

use leptos::prelude::*;
use lexeval_core::report::ScoreReport;

/// One prompt, the raw answer (empty if none) and why it could not be used (if so).
pub type Exchange = (String, String, Option<String>);

/// Every LLM exchange recorded in `reports`.
pub fn exchanges(reports: &[ScoreReport]) -> Vec<Exchange> {
    reports
        .iter()
        .filter_map(|r| r.details["llm_exchanges"].as_array())
        .flatten()
        .map(|e| {
            let text = |key: &str| e[key].as_str().map(str::to_string);
            (
                text("prompt").unwrap_or_default(),
                text("answer").unwrap_or_default(),
                text("error"),
            )
        })
        .collect()
}

#[component]
pub fn LlmExchanges(exchanges: Vec<Exchange>) -> impl IntoView {
    (!exchanges.is_empty()).then(|| {
        let count = exchanges.len();
        view! {
            <details class="llm-exchanges">
                <summary>{format!("LLM prompts and raw answers ({count})")}</summary>
                <ol>
                    {exchanges
                        .into_iter()
                        .map(|(prompt, answer, error)| view! {
                            <li>
                                <h4>"Prompt"</h4>
                                <pre>{prompt}</pre>
                                <h4>"Answer"</h4>
                                <pre class="answer">{answer}</pre>
                                {error.map(|e| view! { <p class="error">{format!("(error) {e}")}</p> })}
                            </li>
                        })
                        .collect_view()}
                </ol>
            </details>
        }
    })
}
