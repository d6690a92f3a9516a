//! The comparison table: reference claim (or point), generated claim, authority (or point weight),
//! similarity, verdict.

use crate::present::integrity::how_quoted;
use crate::present::report_view::{MatchRule, PairRow, Units, Verdict};
use crate::present::selection::Selection;
use leptos::prelude::*;

/// Rows drawn at first; a brief of a megabyte has thousands, drawn on request.
const FIRST_ROWS: usize = 200;
/// Rows drawn in the task that draws the result; the rest of the first [`FIRST_ROWS`] are drawn an animation
/// frame later, so that task does not also build 200 rows (a megabyte pair's result is long enough already).
pub const FIRST_TASK_ROWS: usize = 40;

/// A row; when it links to the texts, it is selectable by click, Enter or Space (and says so to screen
/// readers with `aria-selected`), and selected too by a claim or citation chosen in a text.
fn row_view(
    row: PairRow,
    selected: RwSignal<Option<Selection>>,
    headers: (String, String, &'static str),
    rule: MatchRule,
) -> impl IntoView {
    let linkable = row.link != Default::default();
    let is_selected = {
        let link = row.link.clone();
        move || selected.with(|s| s.as_ref().is_some_and(|s| s.selects(&link)))
    };
    let select = {
        let link = row.link.clone();
        move || {
            if linkable {
                selected.set(Some(Selection::Pair(link.clone())));
            }
        }
    };
    let on_key = {
        let select = select.clone();
        move |ev: leptos::ev::KeyboardEvent| {
            if matches!(ev.key().as_str(), "Enter" | " ") {
                ev.prevent_default();
                select();
            }
        }
    };
    view! {
        <tr
            class:matched=row.verdict == Verdict::Match
            class:linked=linkable
            tabindex=linkable.then_some("0")
            aria-selected={
                let is_selected = is_selected.clone();
                move || linkable.then(|| is_selected().to_string())
            }
            class:selected=is_selected
            on:click=move |_| select()
            on:keydown=on_key
        >
            <td data-label=headers.0>{row.reference_claim}</td>
            <td data-label=headers.1>
                {row
                    .candidate_claim
                    .unwrap_or_else(|| "(no generated claim cites this authority)".into())}
            </td>
            <td class="authority" data-label=headers.2>{row.authority}</td>
            <td class="num" data-label="Similarity">{row.similarity.map(|s| rule.similarity_text(s)).unwrap_or_else(|| "—".into())}</td>
            <td class="verdict" data-label="Verdict">
                {row.verdict.label()}
                // A match the similarity found, on a claim that misquotes its authority.
                {row.quotation.map(|change| view! {
                    " " <span class="quote-differs">{format!("⚠ quotation differs: {}", how_quoted(change))}</span>
                })}
            </td>
        </tr>
    }
}

#[component]
pub fn PairsTable(
    rows: Vec<PairRow>,
    units: Units,
    /// When a pair matches, e.g. similarity ≥ 0.50.
    rule: MatchRule,
    /// The selection: a row chosen here, or a claim or citation chosen in the texts.
    selected: RwSignal<Option<Selection>>,
    /// The table's id is `{prefix}-pairs`.
    prefix: &'static str,
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
    // Each cell repeats its column's name (shown above it when a phone stacks the columns).
    let headers = (
        format!("Reference {unit}"),
        format!("Generated {unit}"),
        group_header,
    );
    let row_headers = headers.clone();
    let total = rows.len();
    let show_all = RwSignal::new(total <= FIRST_ROWS);
    let rows = StoredValue::new(rows);
    let draw = move |range: std::ops::Range<usize>| {
        let headers = row_headers.clone();
        rows.with_value(|rows| {
            rows.get(range.start.min(rows.len())..range.end.min(rows.len()))
                .unwrap_or_default()
                .iter()
                .cloned()
                .map(|row| row_view(row, selected, headers.clone(), rule))
                .collect_view()
        })
    };
    // Two row groups: the first rows with the result, the others from the next frame on (and all of them
    // once "Show all" is pressed).
    let first = draw(0..FIRST_TASK_ROWS);
    let later = RwSignal::new(false);
    request_animation_frame(move || {
        later.try_set(true);
    });
    let rest = move || {
        let end = if show_all.get() { total } else { FIRST_ROWS };
        later.get().then(|| draw(FIRST_TASK_ROWS..end))
    };
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=format!("Table of {unit} pairs")>
            <table class="pairs stacked" id=format!("{prefix}-pairs")>
                <caption>
                    {format!("Reference {unit}s and their generated {unit} (match when {})", rule.text())}
                    {(units == Units::Claims)
                        .then(|| view! { <span class="hint screen-only">" — select a row to see its claims in the texts"</span> })}
                </caption>
                <thead>
                    <tr>
                        <th scope="col">{headers.0.clone()}</th>
                        <th scope="col">{headers.1.clone()}</th>
                        <th scope="col">{group_header}</th>
                        <th scope="col">"Similarity"</th>
                        <th scope="col">"Verdict"</th>
                    </tr>
                </thead>
                <tbody>{first}</tbody>
                <tbody>{rest}</tbody>
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

/// The generated points the reference does not support: what a summary may have invented.
#[component]
pub fn UnsupportedPoints(
    points: Vec<String>,
    /// Its id is `{prefix}-unsupported-points` (the precision card links to it).
    prefix: &'static str,
) -> impl IntoView {
    (!points.is_empty()).then(|| {
        view! {
            <div class="unsupported-points" id=format!("{prefix}-unsupported-points") tabindex="-1">
                <p>
                    <strong>
                        {format!(
                            "Generated points the reference does not support ({}) — check these are not invented:",
                            points.len(),
                        )}
                    </strong>
                </p>
                <ul>{points.into_iter().map(|point| view! { <li>{point}</li> }).collect_view()}</ul>
            </div>
        }
    })
}

/// A list of the authorities only one text cites.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Gap {
    /// Cited only by the generated text: possibly hallucinated.
    GeneratedOnly,
    /// Cited by the reference, missing from the generated text.
    ReferenceOnly,
}

impl Gap {
    /// The list's element id (score cards link to it).
    pub fn id(self, prefix: &str) -> String {
        match self {
            Gap::GeneratedOnly => format!("{prefix}-generated-only"),
            Gap::ReferenceOnly => format!("{prefix}-reference-only"),
        }
    }

    /// The list's title, and the link's on the score card that leads to it.
    pub fn title(self) -> &'static str {
        match self {
            Gap::GeneratedOnly => "Cited only by the generated text",
            Gap::ReferenceOnly => "Cited by the reference, missing from the generated text",
        }
    }

    fn class(self) -> &'static str {
        match self {
            Gap::GeneratedOnly => "hallucinated",
            Gap::ReferenceOnly => "missing",
        }
    }

    fn advice(self) -> &'static str {
        match self {
            Gap::GeneratedOnly => " (check these are real and on point):",
            Gap::ReferenceOnly => ":",
        }
    }
}

/// The authorities only one text cites: the generated text's may be hallucinated.
#[component]
pub fn AuthorityGaps(
    hallucinated: Vec<String>,
    missing: Vec<String>,
    /// Prefix of the lists' ids (`Gap::id`).
    prefix: &'static str,
) -> impl IntoView {
    let list = |gap: Gap, keys: Vec<String>| {
        (!keys.is_empty()).then(|| {
            view! {
                <p class=gap.class() id=gap.id(prefix) tabindex="-1">
                    <strong>{gap.title()}{gap.advice()}</strong>
                    {keys.into_iter().map(|k| view! { " " <code>{k}</code> }).collect_view()}
                </p>
            }
        })
    };
    view! {
        <div class="authority-gaps">
            {list(Gap::GeneratedOnly, hallucinated)}
            {list(Gap::ReferenceOnly, missing)}
        </div>
    }
}
