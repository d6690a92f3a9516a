//! Text with citations coloured by authority, claims underlined and U-Score cue phrases marked. Built only from text nodes and `<span>`s.

use crate::engine::{Span, SpanKind};
use leptos::prelude::*;

/// Number of distinct citation colours in the stylesheet (`.auth-0` … `.auth-7`).
const PALETTE: usize = 8;

/// Authority keys in order of first appearance across texts, so one case has one colour everywhere.
pub fn authority_palette<'a>(span_sets: impl IntoIterator<Item = &'a [Span]>) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for spans in span_sets {
        for span in spans {
            if let SpanKind::Citation { authority } = &span.kind {
                if !keys.contains(authority) {
                    keys.push(authority.clone());
                }
            }
        }
    }
    keys
}

/// CSS class of an authority's colour.
pub fn authority_class(palette: &[String], authority: &str) -> String {
    let index = palette.iter().position(|k| k == authority).unwrap_or(0);
    format!("auth-{}", index % PALETTE)
}

/// One run of text with the same highlighting.
#[derive(Debug, Clone, PartialEq)]
struct Segment {
    text: String,
    authority: Option<String>,
    claim: Option<usize>,
    cue: Option<String>,
}

/// Cut `text` at every span boundary (character offsets, clamped to the text) into uniformly styled runs.
fn segments(text: &str, spans: &[Span]) -> Vec<Segment> {
    let chars: Vec<char> = text.chars().collect();
    let len = chars.len();
    let mut cuts: Vec<usize> = vec![0, len];
    for s in spans {
        cuts.push(s.start.min(len));
        cuts.push(s.end.min(len));
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts.windows(2)
        .filter_map(|w| {
            let (a, b) = (w.first().copied()?, w.get(1).copied()?);
            let covering = || spans.iter().filter(move |s| s.start <= a && b <= s.end);
            Some(Segment {
                text: chars.get(a..b)?.iter().collect(),
                authority: covering().find_map(|s| match &s.kind {
                    SpanKind::Citation { authority } => Some(authority.clone()),
                    _ => None,
                }),
                claim: covering().find_map(|s| match s.kind {
                    SpanKind::Claim { index } => Some(index),
                    _ => None,
                }),
                cue: covering().find_map(|s| match &s.kind {
                    SpanKind::Cue { dimension } => Some(dimension.clone()),
                    _ => None,
                }),
            })
        })
        .collect()
}

#[component]
pub fn AnnotatedText(
    text: String,
    spans: Vec<Span>,
    /// Authority keys shared with the other text(s) on the page, for consistent colours.
    palette: Vec<String>,
    #[prop(into)] label: String,
) -> impl IntoView {
    let runs = segments(&text, &spans)
        .into_iter()
        .map(|seg| {
            let mut class = String::new();
            let mut title = Vec::new();
            if let Some(a) = &seg.authority {
                class.push_str("cite ");
                class.push_str(&authority_class(&palette, a));
                title.push(format!("citation: {a}"));
            }
            if let Some(i) = seg.claim {
                class.push_str(" claim");
                title.push(format!("claim {}", i + 1));
            }
            if let Some(dimension) = &seg.cue {
                class.push_str(&format!(" cue cue-{dimension}"));
                title.push(format!("U-Score cue: {dimension}"));
            }
            if class.is_empty() {
                view! { <span>{seg.text}</span> }.into_any()
            } else {
                view! { <span class=class.trim().to_string() title=title.join("; ")>{seg.text}</span> }
                    .into_any()
            }
        })
        .collect_view();
    view! {
        <figure class="annotated">
            <figcaption>{label}</figcaption>
            <p class="annotated-text">{runs}</p>
        </figure>
    }
}
