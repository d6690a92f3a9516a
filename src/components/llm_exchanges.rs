//! The exact prompts sent to the user's LLM and its raw answers, one per question asked.

use leptos::prelude::*;
use lexeval_core::judge::Exchange;

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
                        .map(|exchange| view! {
                            <li>
                                <h4>"Prompt"</h4>
                                <pre tabindex="0">{exchange.prompt}</pre>
                                <h4>"Answer"</h4>
                                <pre class="answer" tabindex="0">{exchange.answer.unwrap_or_default()}</pre>
                                {exchange.error.map(|e| view! { <p class="error">{format!("(error) {e}")}</p> })}
                            </li>
                        })
                        .collect_view()}
                </ol>
            </details>
        }
    })
}
