//! A finished brief or summary check as the check views draw it — score cards, pairs table, authority
//! gaps, matrix, LLM exchanges, the annotated texts and the chosen authority's panel — shared by the
//! check views and the Benchmarks tab's pairs, whose opened row is this same view of one pair.

use crate::browser;
use crate::components::annotated::{AnnotatedText, Palette, Side};
use crate::components::authority_panel::AuthorityPanel;
use crate::components::heatmap::Heatmap;
use crate::components::llm_exchanges::LlmExchanges;
use crate::components::pairs_table::{AuthorityGaps, PairsTable, UnsupportedPoints};
use crate::components::score_card::ScoreCards;
use crate::present::card_counts;
use crate::present::report_view::{self, MatchRule, PairLink, Units};
use crate::state::route::View;
use crate::state::settings::Settings;
use leptos::prelude::*;
use lexeval_core::authority_key::AuthorityKey;
use lexeval_core::pipeline::{CheckReport, Span};
use lexeval_core::similarity::Similarity;
use std::sync::Arc;

/// A check's report and the matching rule it was scored with (the settings may have changed since).
#[derive(Clone, PartialEq)]
pub struct Scored {
    pub report: Arc<CheckReport>,
    pub rule: MatchRule,
}

/// How two claims or points match under `settings`, for the pairs table.
pub fn rule(settings: &Settings) -> MatchRule {
    MatchRule {
        similarity: settings.similarity,
        threshold: (settings.similarity != Similarity::Llm).then_some(settings.threshold),
    }
}

/// The two texts' labels.
pub fn labels(view: View) -> (&'static str, &'static str) {
    match view {
        View::Summary => ("Reference summary", "Generated summary"),
        _ => ("Reference paragraph", "Generated paragraph"),
    }
}

/// Scrolls both annotated texts (`{prefix}-annotated-…`) to the pair selected in the table.
pub fn scroll_to_selected(prefix: &'static str, selected: RwSignal<Option<PairLink>>) {
    Effect::new(move |_| {
        if selected.get().is_some() {
            request_animation_frame(move || {
                for side in ["reference", "candidate"] {
                    browser::scroll_to(&format!("#{prefix}-annotated-{side} .selected"));
                }
            });
        }
    });
}

/// The score cards (ids `{prefix}-score-…`), pairs table, authority gaps, matrix (`{prefix}-heatmap-cell`)
/// and LLM exchanges. Every view stays in the page once shown, so each result's ids carry its own prefix.
pub fn result_view(
    view: View,
    Scored { report, rule }: Scored,
    selected: RwSignal<Option<PairLink>>,
    prefix: &'static str,
) -> AnyView {
    let units = if view == View::Summary {
        Units::Points
    } else {
        Units::Claims
    };
    let scores = report_view::scores(&report);
    let counts = card_counts::counts(&report);
    let pairs = report_view::pairs(&report.metric);
    let matrix = report_view::matrix(&report.metric);
    let gaps = report_view::authority_gaps(&report.metric);
    let unsupported = report_view::unsupported_points(&report.metric);
    let exchanges = report_view::exchanges(&report.metric);
    view! {
        <p class="print-only" id=format!("{prefix}-scored-with")>{rule.scored_with()}</p>
        <ScoreCards scores counts id_prefix=format!("{prefix}-score") />
        <PairsTable rows=pairs units rule selected />
        {gaps.map(|(hallucinated, missing)| view! { <AuthorityGaps hallucinated missing /> })}
        <UnsupportedPoints points=unsupported />
        {matrix.map(|matrix| view! { <Heatmap matrix prefix /> })}
        <LlmExchanges exchanges />
    }
    .into_any()
}

/// Both texts with their citations and claims marked (`{prefix}-annotated-reference|candidate`).
#[component]
pub fn AnnotatedPair(
    view: View,
    reference: String,
    candidate: String,
    spans: (Vec<Span>, Vec<Span>),
    /// The generated points the reference does not support, marked in words in the generated text.
    unsupported: Vec<String>,
    selected: RwSignal<Option<PairLink>>,
    chosen_authority: RwSignal<Option<AuthorityKey>>,
    prefix: &'static str,
) -> impl IntoView {
    let (reference_spans, candidate_spans) = spans;
    let palette = Palette::of(&reference_spans, &candidate_spans);
    let (reference_label, candidate_label) = labels(view);
    [
        (
            reference,
            reference_spans,
            Vec::new(),
            reference_label,
            Side::Reference,
            "reference",
        ),
        (
            candidate,
            candidate_spans,
            unsupported,
            candidate_label,
            Side::Candidate,
            "candidate",
        ),
    ]
    .into_iter()
    .filter(|(text, ..)| !text.trim().is_empty())
    .map(|(text, spans, unsupported, label, side, name)| {
        view! {
            <AnnotatedText
                text
                spans
                unsupported
                palette=palette.clone()
                label=label
                side
                selected
                chosen_authority
                id=format!("{prefix}-annotated-{name}")
            />
        }
    })
    .collect_view()
}

/// One finished check in full, with its own selection: what a check view shows for it.
#[component]
pub fn CheckBreakdown(
    view: View,
    reference: String,
    candidate: String,
    mut report: CheckReport,
    rule: MatchRule,
    /// Prefix of its ids (annotated texts, score cards, matrix, authority panel).
    prefix: &'static str,
) -> impl IntoView {
    let selected = RwSignal::new(None::<PairLink>);
    let chosen_authority = RwSignal::new(None::<AuthorityKey>);
    scroll_to_selected(prefix, selected);
    let spans = (
        std::mem::take(&mut report.reference_spans),
        std::mem::take(&mut report.candidate_spans),
    );
    let report = Arc::new(report);
    let metric = report.clone();
    let unsupported = report_view::unsupported_points(&report.metric);
    view! {
        {result_view(view, Scored { report, rule }, selected, prefix)}
        <div class="pair annotated-pair">
            <AnnotatedPair view reference candidate spans unsupported selected chosen_authority prefix />
        </div>
        {move || {
            let key = chosen_authority.get()?;
            let info = report_view::authority_info(&metric.metric, &key)?;
            Some(view! { <AuthorityPanel info prefix on_close=move || chosen_authority.set(None) /> })
        }}
    }
}
