//! The generated text's citations to check (`present::integrity`): a card with their count that leads to
//! the list, and the list with each finding's evidence. Neither is drawn when nothing is flagged: a count
//! of 0 is no score.

use crate::browser;
use crate::present::integrity::{Evidence, Flagged};
use leptos::prelude::*;

/// The list's element id.
pub fn list_id(prefix: &str) -> String {
    format!("{prefix}-integrity")
}

/// A card among the score cards (`{prefix}-integrity-card`) with the count line the CLI prints
/// (`integrity::to_check`: None when nothing is flagged, and no card), whose link scrolls to the list and
/// focuses it.
#[component]
pub fn IntegrityCard(count: Option<String>, prefix: &'static str) -> impl IntoView {
    count.map(|count| {
        let target = list_id(prefix);
        view! {
            <article class="score-card integrity-card" id=format!("{prefix}-integrity-card")>
                <h3>"Citation integrity"</h3>
                <p class="integrity-count">{count}</p>
                <button type="button" class="link-button jump screen-only" on:click=move |_| browser::focus_id(&target)>
                    "Show them, with the evidence"
                </button>
                <p class="meaning">
                    "Cites that look right and may not be: a name under another case's cite, a volume or page \
                     off by a slip, a pin the case cannot have, a year the reporter never printed, a quotation \
                     the reference gives otherwise. Not part of any score."
                </p>
            </article>
        }
    })
}

/// Every flagged citation with the evidence of each finding (`{prefix}-integrity`).
#[component]
pub fn IntegrityFindings(flagged: Vec<Flagged>, prefix: &'static str) -> impl IntoView {
    (!flagged.is_empty()).then(|| {
        let total = flagged.len();
        view! {
            <section class="integrity-findings" id=list_id(prefix) tabindex="-1" aria-labelledby=format!("{prefix}-integrity-title")>
                <h3 id=format!("{prefix}-integrity-title")>
                    {format!("Citations to check ({total}) — each marked ⚠ in the generated text")}
                </h3>
                <ol>
                    {flagged.into_iter().map(|f| view! {
                        <li>
                            <strong class="flagged-citation">{f.citation}</strong>
                            <span class="flagged-at">
                                {format!(" (characters {}–{} of the generated text)", f.start, f.end)}
                            </span>
                            <ul>{f.evidence.into_iter().map(evidence).collect_view()}</ul>
                        </li>
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}

fn evidence(evidence: Evidence) -> AnyView {
    match evidence {
        Evidence::Said(said) => view! { <li>{said}</li> }.into_any(),
        Evidence::Quotes {
            how,
            generated,
            reference,
        } => view! {
            <li>
                {format!("The quotation differs from the reference's: {how}.")}
                <div class="quote-pair">
                    <figure>
                        <figcaption>"The generated text quotes"</figcaption>
                        <blockquote>{format!("“{generated}”")}</blockquote>
                    </figure>
                    <figure>
                        <figcaption>"The reference quotes"</figcaption>
                        <blockquote>{format!("“{reference}”")}</blockquote>
                    </figure>
                </div>
            </li>
        }
        .into_any(),
    }
}
