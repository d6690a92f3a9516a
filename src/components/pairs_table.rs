//! The comparison table: reference claim (or point), generated claim, authority (or point weight),
//! similarity, verdict.

use crate::engine::PairRow;
use leptos::prelude::*;

#[component]
pub fn PairsTable(
    rows: Vec<PairRow>,
    threshold: f64,
    /// Header of the third column: "Authority" for briefs, "Weight" for summary points.
    #[prop(default = "Authority")]
    group_header: &'static str,
) -> impl IntoView {
    if rows.is_empty() {
        return view! { <p class="muted">"No claim pairs to compare."</p> }.into_any();
    }
    let body = rows
        .into_iter()
        .map(|row| {
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
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="pairs">
                <caption>{format!("Claim pairs (match when similarity ≥ {threshold:.2})")}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Reference claim"</th>
                        <th scope="col">"Generated claim"</th>
                        <th scope="col">{group_header}</th>
                        <th scope="col">"Similarity"</th>
                        <th scope="col">"Verdict"</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
    .into_any()
}
