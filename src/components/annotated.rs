//! Text with citations coloured by authority, claims underlined and U-Score cue phrases marked. Built only from text nodes and `<span>`s.

use leptos::prelude::*;
use lexeval_core::pipeline::{Span, SpanKind};
use std::collections::{HashMap, HashSet};

/// Number of distinct citation colours in the stylesheet (`.auth-0` … `.auth-7`).
const PALETTE: usize = 8;

/// Colour index of each authority, in order of first appearance across both texts, so one case has one
/// colour everywhere; and which authorities the reference cites, to flag the generated text's others.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Palette {
    order: HashMap<String, usize>,
    in_reference: HashSet<String>,
}

impl Palette {
    pub fn of(reference: &[Span], candidate: &[Span]) -> Palette {
        let authorities = |spans: &[Span]| -> Vec<String> {
            spans
                .iter()
                .filter_map(|span| match &span.kind {
                    SpanKind::Citation { authority, .. } => Some(authority.clone()),
                    _ => None,
                })
                .collect()
        };
        let reference = authorities(reference);
        let mut order = HashMap::new();
        for authority in reference.iter().chain(&authorities(candidate)) {
            let next = order.len();
            order.entry(authority.clone()).or_insert(next);
        }
        let in_reference: HashSet<String> = reference.into_iter().collect();
        Palette {
            order,
            in_reference,
        }
    }

    /// CSS class of an authority's colour.
    fn class(&self, authority: &str) -> String {
        let index = self.order.get(authority).copied().unwrap_or(0);
        format!("auth-{}", index % PALETTE)
    }
}

/// One run of text with the same highlighting.
#[derive(Debug, Clone, PartialEq)]
struct Segment {
    text: String,
    /// The citation's authority: key (its colour) and name (its tooltip).
    authority: Option<(String, String)>,
    claim: Option<usize>,
    cue: Option<String>,
}

/// Cut `text` at every span boundary (character offsets, clamped to the text) into uniformly styled runs.
/// One sweep over the boundaries with the spans covering the current run, so a megabyte with thousands
/// of citations is cut in linear time.
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
    let mut by_start: Vec<&Span> = spans.iter().collect();
    by_start.sort_by_key(|s| s.start);
    let mut next = 0;
    let mut active: Vec<&Span> = Vec::new();
    let mut out = Vec::new();
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        while next < by_start.len() && by_start[next].start <= a {
            active.push(by_start[next]);
            next += 1;
        }
        active.retain(|s| s.end.min(len) > a);
        let covering = || active.iter().filter(|s| s.start <= a && b <= s.end);
        let Some(run) = chars.get(a..b) else {
            continue;
        };
        out.push(Segment {
            text: run.iter().collect(),
            authority: covering().find_map(|s| match &s.kind {
                SpanKind::Citation { authority, name } => Some((authority.clone(), name.clone())),
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
        });
    }
    out
}

#[component]
pub fn AnnotatedText(
    text: String,
    spans: Vec<Span>,
    /// Authority colours shared with the other text(s) on the page.
    #[prop(optional)]
    palette: Palette,
    /// Flag citations of authorities the reference does not cite (for the generated text).
    #[prop(optional)]
    flag_unshared: bool,
    #[prop(into)] label: String,
) -> impl IntoView {
    let runs = segments(&text, &spans)
        .into_iter()
        .map(|seg| {
            let mut class = String::new();
            let mut title = Vec::new();
            if let Some((a, name)) = &seg.authority {
                class.push_str("cite ");
                class.push_str(&palette.class(a));
                title.push(format!("citation: {}", if name.is_empty() { a } else { name }));
                if flag_unshared && !palette.in_reference.contains(a) {
                    class.push_str(" unshared");
                    title.push("not cited by the reference".into());
                }
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
