//! A finished brief or summary check as the check views draw it — walk-through, score cards, pairs table,
//! authority gaps, matrix, LLM exchanges, the annotated texts and the chosen authority's panel — shared by the
//! check views and the Benchmarks tab's pairs, whose opened row is this same view of one pair.

use crate::components::annotated::{AnnotatedText, Palette};
use crate::components::authority_panel::AuthorityPanel;
use crate::components::deferred::deferred;
use crate::components::heatmap::Heatmap;
use crate::components::integrity::{IntegrityCard, IntegrityFindings};
use crate::components::interaction::Interaction;
use crate::components::llm_exchanges::LlmExchanges;
use crate::components::pairs_table::{
    AuthorityGaps, Gap, PairsTable, UnsupportedPoints, FIRST_TASK_ROWS,
};
use crate::components::score_card::{Jump, ScoreCards};
use crate::components::walkthrough::Walkthrough;
use crate::present::report_view::{self, MatchRule, PairLink, Units};
use crate::present::selection::Side;
use crate::present::{card_counts, integrity, walkthrough};
use crate::state::route::View;
use crate::state::settings::Settings;
use leptos::prelude::*;
use lexeval_core::pipeline::{CheckReport, Span};
use lexeval_core::similarity::Similarity;
use std::collections::HashMap;
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

/// The score cards (ids `{prefix}-score-…`) with links to the lists behind their numbers, the walk-through,
/// pairs table, authority gaps, citations to check (`{prefix}-integrity`, with its card), matrix (`{prefix}-heatmap-cell`) and LLM exchanges. Every view stays in
/// the page once shown, so each result's ids carry its own prefix.
pub fn result_view(
    view: View,
    Scored { report, rule }: Scored,
    interaction: Interaction,
) -> AnyView {
    let prefix = interaction.prefix;
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
    let steps = walkthrough::steps(&report, &rule);
    let jumps = jumps(gaps.as_ref(), &unsupported, prefix);
    let findings = integrity::findings(&report.metric);
    let (to_check, flagged) = (
        lexeval_core::integrity::to_check(findings),
        integrity::flagged(findings),
    );
    // A large result (a megabyte pair: thousands of pairs, hundreds of authorities only one text cites and
    // of citations to check) is drawn in three animation frames: the cards, then the table's first rows,
    // then the lists beside it; each frame's drawing and layout a task of its own.
    let (table_frames, lists_frames) = if pairs.len() > FIRST_TASK_ROWS {
        (1, 3)
    } else {
        (0, 0)
    };
    let table = move || {
        view! { <PairsTable rows=pairs units rule selected=interaction.selection prefix /> }
            .into_any()
    };
    let lists = move || {
        view! {
            {gaps.map(|(hallucinated, missing)| view! { <AuthorityGaps hallucinated missing prefix /> })}
            <IntegrityFindings flagged prefix />
            <UnsupportedPoints points=unsupported prefix />
            {matrix.map(|matrix| view! { <Heatmap matrix prefix /> })}
            <LlmExchanges exchanges />
        }
        .into_any()
    };
    view! {
        <p class="print-only" id=format!("{prefix}-scored-with")>{rule.scored_with()}</p>
        <Walkthrough steps interaction />
        <ScoreCards scores counts jumps id_prefix=format!("{prefix}-score")>
            <IntegrityCard count=to_check prefix />
        </ScoreCards>
        {deferred(table_frames, table)}
        {deferred(lists_frames, lists)}
    }
    .into_any()
}

/// The cards' links to the lists of what their numbers leave out: the authorities only one text cites,
/// the generated points the reference does not support.
fn jumps(
    gaps: Option<&(Vec<String>, Vec<String>)>,
    unsupported: &[String],
    prefix: &'static str,
) -> HashMap<String, Jump> {
    let gap = |gap: Gap, listed: usize| {
        (listed > 0).then(|| Jump {
            label: format!("{}: {listed}", gap.title()),
            target: gap.id(prefix),
        })
    };
    let (generated_only, reference_only) = gaps.map_or((0, 0), |(g, r)| (g.len(), r.len()));
    [
        (
            "citation_precision",
            gap(Gap::GeneratedOnly, generated_only),
        ),
        ("citation_recall", gap(Gap::ReferenceOnly, reference_only)),
        (
            "pointwise_precision",
            (!unsupported.is_empty()).then(|| Jump {
                label: format!(
                    "Generated points the reference does not support: {}",
                    unsupported.len()
                ),
                target: format!("{prefix}-unsupported-points"),
            }),
        ),
    ]
    .into_iter()
    .filter_map(|(name, jump)| Some((name.to_string(), jump?)))
    .collect()
}

/// Both texts with their citations and claims marked (`{prefix}-annotated-reference|candidate`), and the
/// panel of the authority whose number was chosen, beside it.
#[component]
pub fn AnnotatedPair(
    view: View,
    reference: String,
    candidate: String,
    spans: (Vec<Span>, Vec<Span>),
    report: Arc<CheckReport>,
    interaction: Interaction,
) -> impl IntoView {
    let prefix = interaction.prefix;
    let (reference_spans, candidate_spans) = spans;
    let palette = Palette::of(&reference_spans, &candidate_spans);
    let (reference_label, candidate_label) = labels(view);
    // The generated points the reference does not support, marked in words in the generated text.
    let unsupported = report_view::unsupported_points(&report.metric);
    // And its citations to check, marked "⚠".
    let flagged = integrity::flagged(integrity::findings(&report.metric));
    let links: Arc<[PairLink]> = report_view::pair_links(&report.metric).into();
    let claims_select = links.iter().any(|link| *link != PairLink::default());
    let lit = move |side: Side| {
        let links = links.clone();
        Signal::from(Memo::new(move |_| {
            interaction
                .selection
                .with(|s| s.as_ref().map(|s| s.lit(side, &links)).unwrap_or_default())
        }))
    };
    let texts = [
        (
            reference,
            reference_spans,
            Vec::new(),
            Vec::new(),
            reference_label,
            Side::Reference,
            "reference",
        ),
        (
            candidate,
            candidate_spans,
            unsupported,
            flagged,
            candidate_label,
            Side::Candidate,
            "candidate",
        ),
    ]
    .into_iter()
    .filter(|(text, ..)| !text.trim().is_empty())
    .map(|(text, spans, unsupported, flagged, label, side, name)| {
        view! {
            <AnnotatedText
                text
                spans
                unsupported
                flagged
                palette=palette.clone()
                label=label
                side
                interaction
                lit=lit(side)
                claims_select
                id=format!("{prefix}-annotated-{name}")
            />
        }
    })
    .collect_view();
    let panel = move || {
        let key = interaction.panel.get()?;
        let info = report_view::authority_info(&report.metric, &key)?;
        Some(view! { <AuthorityPanel info interaction /> })
    };
    view! { <div class="pair annotated-pair">{texts} {panel}</div> }
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
    let interaction = Interaction::new(prefix);
    interaction.follow_selection();
    let spans = (
        std::mem::take(&mut report.reference_spans),
        std::mem::take(&mut report.candidate_spans),
    );
    let report = Arc::new(report);
    view! {
        <div class=move || interaction.walk_class()>
            {result_view(view, Scored { report: report.clone(), rule }, interaction)}
            <AnnotatedPair view reference candidate spans report interaction />
        </div>
    }
}
