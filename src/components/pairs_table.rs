//! The comparison table: reference claim (or point), generated claim, authority (or point weight),
//! similarity, verdict.

use crate::report_view::{PairRow, Units};
use leptos::prelude::*;

/// Rows drawn at first; a brief of a megabyte has thousands, drawn on request.
const FIRST_ROWS: usize = 200;

fn row_view(row: PairRow) -> impl IntoView {
    let verdict = if row.matched { "match" } else { "no match" };
    view! {
        <tr class:matched=row.matched>
            <td>{row.reference_claim}</td>
            <td>
                {row
                    .candidate_claim
                    .unwrap_or_else(|| "(no generated claim cites this authority)".into())}
            </td>
            <td class="authority">{row.authority}</td>
            <td class="num">{row.similarity.map(|s| format!("{s:.3}")).unwrap_or_else(|| "—".into())}</td>
            <td class="verdict">{if row.matched { "✓ " } else { "✗ " }} {verdict}</td>
        </tr>
    }
}

#[component]
pub fn PairsTable(
    rows: Vec<PairRow>,
    units: Units,
    /// When a pair matches, e.g. "similarity ≥ 0.50".
    rule: String,
) -> impl IntoView {
    let unit = units.noun();
    // Third column: the authority a brief's pair shares, or a summary point's weight.
    let group_header = match units {
        Units::Claims => "Authority",
        Units::Points => "Weight",
    };
    if rows.is_empty() {
        return view! { <p class="muted">{format!("No {unit} pairs to compare.")}</p> }.into_any();
    }
    let total = rows.len();
    let show_all = RwSignal::new(total <= FIRST_ROWS);
    let rows = StoredValue::new(rows);
    let body = move || {
        let shown = if show_all.get() { total } else { FIRST_ROWS };
        rows.with_value(|rows| {
            rows.iter()
                .take(shown)
                .cloned()
                .map(row_view)
                .collect_view()
        })
    };
    view! {
        <div class="table-scroll">
            <table class="pairs">
                <caption>{format!("Reference {unit}s and their generated {unit} (match when {rule})")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{format!("Reference {unit}")}</th>
                        <th scope="col">{format!("Generated {unit}")}</th>
                        <th scope="col">{group_header}</th>
                        <th scope="col">"Similarity"</th>
                        <th scope="col">"Verdict"</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
            <Show when=move || !show_all.get()>
                <button type="button" class="secondary show-all" on:click=move |_| show_all.set(true)>
                    {format!("Show all {total} pairs")}
                </button>
            </Show>
        </div>
    }
    .into_any()
}

/// The authorities only one text cites: the generated text's may be hallucinated.
#[component]
pub fn AuthorityGaps(hallucinated: Vec<String>, missing: Vec<String>) -> impl IntoView {
    let list = |title: &'static str, class: &'static str, keys: Vec<String>| {
        (!keys.is_empty()).then(|| {
            view! {
                <p class=class>
                    <strong>{title}</strong>
                    {keys.into_iter().map(|k| view! { " " <code>{k}</code> }).collect_view()}
                </p>
            }
        })
    };
    view! {
        <div class="authority-gaps">
            {list("Cited only by the generated text (check these are real and on point):", "hallucinated", hallucinated)}
            {list("Cited by the reference, missing from the generated text:", "missing", missing)}
        </div>
    }
}
