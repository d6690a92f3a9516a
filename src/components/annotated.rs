//! Text with citations coloured by authority, claims underlined and U-Score cue phrases marked. Built only from text nodes and `<span>`s.

use crate::components::interaction::Interaction;
use crate::present::integrity::Flagged;
use crate::present::selection::{Lit, Selection, Side};
use leptos::prelude::*;
use lexeval_core::authority_key::AuthorityKey;
use lexeval_core::pipeline::{Span, SpanKind};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// Number of distinct citation colours in the stylesheet (`.auth-0` … `.auth-7`). Colours repeat; the
/// number label after each citation tells authorities apart.
const PALETTE: usize = 8;

/// A chunk of the text is drawn per animation frame once it has this many runs or bytes (see [`next_chunk`]).
const RUNS_PER_CHUNK: usize = 200;
const BYTES_PER_CHUNK: usize = 10_000;

/// Number and colour of each authority, in order of first appearance across both texts, so one case has
/// one number and colour everywhere; and which authorities each text cites, to mark the others.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Palette {
    order: HashMap<AuthorityKey, usize>,
    in_reference: HashSet<AuthorityKey>,
    in_candidate: HashSet<AuthorityKey>,
}

impl Palette {
    pub fn of(reference: &[Span], candidate: &[Span]) -> Palette {
        let authorities = |spans: &[Span]| -> Vec<AuthorityKey> {
            spans
                .iter()
                .filter_map(|span| match &span.kind {
                    SpanKind::Citation { authority, .. } => Some(authority.clone()),
                    _ => None,
                })
                .collect()
        };
        let reference = authorities(reference);
        let candidate = authorities(candidate);
        let mut order = HashMap::new();
        for authority in reference.iter().chain(&candidate) {
            let next = order.len();
            order.entry(authority.clone()).or_insert(next);
        }
        Palette {
            order,
            in_reference: reference.into_iter().collect(),
            in_candidate: candidate.into_iter().collect(),
        }
    }

    /// The authority's number, from 1.
    pub fn number(&self, authority: &AuthorityKey) -> usize {
        self.order.get(authority).copied().unwrap_or(0) + 1
    }

    /// CSS class of an authority's colour.
    fn class(&self, authority: &AuthorityKey) -> String {
        format!("auth-{}", (self.number(authority) - 1) % PALETTE)
    }

    /// Why a citation on `side` stands alone: its authority is missing from the other text.
    fn alone(&self, authority: &AuthorityKey, side: Side) -> Option<&'static str> {
        match side {
            Side::Candidate if !self.in_reference.contains(authority) => {
                Some("not in the reference")
            }
            Side::Reference if !self.in_candidate.contains(authority) => {
                Some("not in the generated text")
            }
            _ => None,
        }
    }
}

/// One run of text with the same highlighting.
#[derive(Debug, Clone, PartialEq)]
struct Segment {
    text: String,
    /// The citation's authority: key (its colour) and name (its tooltip).
    authority: Option<(AuthorityKey, String)>,
    /// The run ends its citation: the authority's label follows it.
    ends_citation: bool,
    claim: Option<usize>,
    /// The run is its claim's first: the claim's one tab stop, however many citations cut it.
    starts_claim: bool,
    cue: Option<String>,
    /// Inside a generated point the reference does not support.
    unsupported: bool,
    /// The run ends such a point: its mark in words follows it.
    ends_unsupported: bool,
    /// Inside a citation to check (`integrity`).
    flagged: bool,
    /// The run ends a citation to check: its mark follows, with this text alternative.
    ends_flagged: Option<String>,
}

/// Where each of `points` first occurs in `text` after the one before, as character ranges; a point not
/// found as written (it was re-spaced) is left unmarked.
fn point_ranges(text: &str, points: &[String]) -> Vec<(usize, usize)> {
    let mut from = 0;
    // Characters before byte `from`, counted on from the last point: linear in the text, not quadratic.
    let mut chars_before_from = 0;
    let mut ranges = Vec::new();
    for point in points.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        let Some(found) = text.get(from..).and_then(|rest| rest.find(point)) else {
            continue;
        };
        let start = from + found;
        let start_chars = chars_before_from + text[from..start].chars().count();
        from = start + point.len();
        chars_before_from = start_chars + point.chars().count();
        ranges.push((start_chars, chars_before_from));
    }
    ranges
}

/// The runs of `text`, cut at every span, unsupported point and flagged citation boundary (character
/// offsets, clamped to the text) into uniformly styled runs, in reading order and only as they are asked
/// for: one sweep over the boundaries with the spans covering the current run, so a megabyte with thousands
/// of citations is cut in linear time, a chunk per animation frame (see [`next_chunk`]), never all at once.
struct Runs {
    text: String,
    /// Boundaries, in characters, sorted and distinct; `cuts[at]` is where the next run starts.
    cuts: Vec<usize>,
    at: usize,
    /// Byte offset of character `cuts[at]` in `text`.
    byte: usize,
    by_start: Vec<Span>,
    next: usize,
    /// Indices in `by_start` of the spans that may cover the next run.
    active: Vec<usize>,
    unsupported: Vec<(usize, usize)>,
    flagged: Vec<Flagged>,
    /// The claim of the run before, to tell a claim's first run.
    claim_before: Option<usize>,
}

impl Runs {
    fn new(
        text: String,
        mut spans: Vec<Span>,
        unsupported: Vec<(usize, usize)>,
        flagged: Vec<Flagged>,
    ) -> Runs {
        let len = text.chars().count();
        // Each drawn over its whole extent, its mark after its pin and parenthetical.
        let flagged: Vec<Flagged> = flagged.iter().map(|f| f.over_extent(&spans)).collect();
        let mut cuts: Vec<usize> = vec![0, len];
        for s in &spans {
            cuts.push(s.start.min(len));
            cuts.push(s.end.min(len));
        }
        for &(start, end) in &unsupported {
            cuts.extend([start.min(len), end.min(len)]);
        }
        for f in &flagged {
            cuts.extend([f.start.min(len), f.end.min(len)]);
        }
        cuts.sort_unstable();
        cuts.dedup();
        spans.sort_by_key(|s| s.start);
        Runs {
            text,
            cuts,
            at: 0,
            byte: 0,
            by_start: spans,
            next: 0,
            active: Vec::new(),
            unsupported,
            flagged,
            claim_before: None,
        }
    }

    /// Every run has been cut.
    fn finished(&self) -> bool {
        self.at + 1 >= self.cuts.len()
    }
}

impl Iterator for Runs {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        let (a, b) = (*self.cuts.get(self.at)?, *self.cuts.get(self.at + 1)?);
        self.at += 1;
        let len = self.cuts.last().copied().unwrap_or(0);
        let rest = &self.text[self.byte..];
        let run_bytes = rest
            .char_indices()
            .nth(b - a)
            .map_or(rest.len(), |(i, _)| i);
        let run = &rest[..run_bytes];
        self.byte += run_bytes;
        while self.next < self.by_start.len() && self.by_start[self.next].start <= a {
            self.active.push(self.next);
            self.next += 1;
        }
        let spans = &self.by_start;
        self.active.retain(|&i| spans[i].end.min(len) > a);
        let covering = || {
            self.active
                .iter()
                .map(|&i| &spans[i])
                .filter(|s| s.start <= a && b <= s.end)
        };
        let citation = covering().find(|s| matches!(s.kind, SpanKind::Citation { .. }));
        let point = self
            .unsupported
            .iter()
            .find(|&&(start, end)| start <= a && b <= end);
        // Few (a brief's citations to check): a scan per run is cheap.
        let flag = self.flagged.iter().find(|f| f.start <= a && b <= f.end);
        let claim = covering().find_map(|s| match s.kind {
            SpanKind::Claim { index } => Some(index),
            _ => None,
        });
        let segment = Segment {
            text: run.to_string(),
            authority: citation.and_then(|s| match &s.kind {
                SpanKind::Citation { authority, name } => Some((authority.clone(), name.clone())),
                _ => None,
            }),
            ends_citation: citation.is_some_and(|s| s.end.min(len) == b),
            claim,
            starts_claim: claim.is_some() && claim != self.claim_before,
            cue: covering().find_map(|s| match &s.kind {
                SpanKind::Cue { dimension } => Some(dimension.clone()),
                _ => None,
            }),
            unsupported: point.is_some(),
            ends_unsupported: point.is_some_and(|&(_, end)| end.min(len) == b),
            flagged: flag.is_some(),
            ends_flagged: flag
                .filter(|f| f.end.min(len) == b)
                .map(Flagged::mark_label),
        };
        self.claim_before = claim;
        Some(segment)
    }
}

/// The claim a click or key press in an annotated text landed on (`data-claim` of its runs).
fn claim_at(target: Option<web_sys::EventTarget>) -> Option<usize> {
    target?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest("[data-claim]")
        .ok()??
        .get_attribute("data-claim")?
        .parse()
        .ok()
}

#[component]
pub fn AnnotatedText(
    text: String,
    spans: Vec<Span>,
    /// Authority numbers and colours shared with the other text(s) on the page.
    #[prop(optional)]
    palette: Palette,
    /// In a comparison: which text this is (marks authorities the other text lacks).
    #[prop(optional)]
    side: Option<Side>,
    /// Generated points the reference does not support, marked in words where they end.
    #[prop(optional)]
    unsupported: Vec<String>,
    /// The generated text's citations to check, each marked "⚠" where it ends.
    #[prop(optional)]
    flagged: Vec<Flagged>,
    /// The check's selection and authority panel: a claim clicked here selects its pairs, a citation's
    /// number opens its authority's panel.
    #[prop(optional)]
    interaction: Option<Interaction>,
    /// What the selection lights in this text.
    #[prop(optional)]
    lit: Option<Signal<Lit>>,
    /// Its claims select their pairs (a brief check's; a summary's rows are points, not claims).
    #[prop(optional)]
    claims_select: bool,
    #[prop(into)] label: String,
    /// Element id of the figure (the pairs table scrolls to its selected claim).
    #[prop(optional, into)]
    id: Option<String>,
) -> impl IntoView {
    let palette = Arc::new(palette);
    // Claims select their pairs only where there is a table to select in.
    let claims_select = claims_select && interaction.is_some() && side.is_some();
    let run = move |seg: Segment| {
        let mut class = String::new();
        let mut title = Vec::new();
        let mut label = None;
        if let Some((a, name)) = &seg.authority {
            let number = palette.number(a);
            class.push_str("cite ");
            class.push_str(&palette.class(a));
            let name = if name.is_empty() {
                a.as_str()
            } else {
                name.as_str()
            };
            title.push(format!("citation {number}: {name}"));
            let alone = side.and_then(|side| palette.alone(a, side));
            if let Some(alone) = alone {
                class.push_str(" unshared");
                title.push(alone.to_string());
            }
            if seg.ends_citation {
                label = Some((a.clone(), number, name.to_string(), alone));
            }
        }
        if let Some(i) = seg.claim {
            class.push_str(" claim");
            title.push(format!("claim {}", i + 1));
        }
        if seg.unsupported {
            class.push_str(" unsupported-point");
            title.push("not supported by the reference".to_string());
        }
        if seg.flagged {
            class.push_str(" flagged");
        }
        if let Some(dimension) = &seg.cue {
            class.push_str(&format!(" cue cue-{dimension}"));
            title.push(format!("U-Score cue: {dimension}"));
        }
        let authority = seg.authority.map(|(key, _)| key);
        let claim = seg.claim;
        // Only a claim's or a citation's runs can be lit by the selection: the others watch no signal (a
        // megabyte has tens of thousands of runs).
        let lightable = claim.is_some() || authority.is_some();
        let lit =
            move || lit.is_some_and(|lit| lit.with(|lit| lit.lights(claim, authority.as_ref())));
        let choose = {
            let key = label.as_ref().map(|l| l.0.clone());
            move |ev: leptos::ev::MouseEvent| {
                if let (Some(interaction), Some(key)) = (interaction, key.clone()) {
                    let opener = ev
                        .current_target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
                    interaction.open_panel(key, opener);
                }
            }
        };
        // A claim's first run takes the focus and selects its pairs (Enter or Space, handled on the text).
        let selectable = claims_select && seg.starts_claim;
        let text = match (class.is_empty(), lightable) {
            (true, _) => seg.text.into_any(),
            (false, false) => view! {
                <span class=class.trim().to_string() title=title.join("; ")>{seg.text}</span>
            }
            .into_any(),
            (false, true) => view! {
                <span
                    class=class.trim().to_string()
                    class:selected=lit
                    title=title.join("; ")
                    data-claim=claim.filter(|_| claims_select).map(|c| c.to_string())
                    tabindex=selectable.then_some("0")
                    role=selectable.then_some("button")
                >
                    {seg.text}
                </span>
            }
            .into_any(),
        };
        let label = label.map(|(_, number, name, alone)| {
            let marker = match alone {
                Some(alone) => format!("{number}, {alone}"),
                None => number.to_string(),
            };
            let describe = format!("{marker}: authority {number}, {name}");
            match interaction {
                Some(_) => view! {
                    <button type="button" class="auth-label" aria-label=format!("{describe} (show its pairs)") on:click=choose>
                        {marker}
                    </button>
                }
                .into_any(),
                None => view! { <sup class="auth-label" title=describe>{marker}</sup> }.into_any(),
            }
        });
        let point_mark = seg
            .ends_unsupported
            .then(|| view! { <span class="point-mark">" [not supported by the reference]"</span> });
        // A symbol with its findings as text alternative and tooltip; the list says them in full.
        let flag_mark = seg.ends_flagged.map(|finding| {
            view! {
                <span class="flag-mark" role="img" aria-label=finding.clone() title=finding>
                    "⚠"
                </span>
            }
        });
        view! { {text} {label} {point_mark} {flag_mark} }
    };
    let unsupported = point_ranges(&text, &unsupported);
    let runs = StoredValue::new(Runs::new(text, spans, unsupported, flagged));
    // The first chunk is cut and drawn with the view, each further one in an animation frame of its own.
    let cut = StoredValue::new(Vec::<Option<Vec<Segment>>>::new());
    let drawn = RwSignal::new(0);
    let finished = RwSignal::new(false);
    cut_next(runs, cut, drawn, finished);
    if !finished.get_untracked() {
        draw_rest(runs, cut, drawn, finished);
    }
    let chunk = move |index: usize| {
        let runs = cut
            .try_update_value(|chunks| chunks.get_mut(index).and_then(Option::take))
            .flatten()
            .unwrap_or_default();
        view! { <span class="chunk">{runs.into_iter().map(run.clone()).collect_view()}</span> }
    };
    // A claim clicked, or Enter or Space on it, selects its pairs: one handler for the whole text, however
    // many claims it has.
    let select_claim = move |target: Option<web_sys::EventTarget>| -> bool {
        let (Some(interaction), Some(side), Some(claim)) = (interaction, side, claim_at(target))
        else {
            return false;
        };
        interaction
            .selection
            .set(Some(Selection::Claim(side, claim)));
        true
    };
    view! {
        <figure class="annotated" id=id>
            <figcaption>{label.clone()}</figcaption>
            <p
                class="annotated-text"
                tabindex="0"
                role="region"
                aria-label=format!("{label}, annotated")
                on:click=move |ev| {
                    select_claim(ev.target());
                }
                on:keydown=move |ev| {
                    if matches!(ev.key().as_str(), "Enter" | " ") && select_claim(ev.target()) {
                        ev.prevent_default();
                    }
                }
                data-chunks=move || finished.get().then(|| drawn.get())
                aria-busy=move || (!finished.get()).to_string()
            >
                <For each=move || 0..drawn.get() key=|index| *index let:index>
                    {chunk(index)}
                </For>
            </p>
        </figure>
    }
}

/// The next chunk of `runs` to draw, `None` when all are drawn: so a megabyte's tens of thousands of runs
/// are cut and drawn a chunk per animation frame and never hold the main thread in one task, while a
/// brief's few hundred fit in one. A chunk ends only after a line break, once it has [`RUNS_PER_CHUNK`]
/// runs or [`BYTES_PER_CHUNK`] bytes, and is a block of its own (`.chunk`), so the browser lays out each
/// new chunk alone rather than the whole text again, and the text reads as one.
fn next_chunk(runs: &mut Runs) -> Option<Vec<Segment>> {
    let mut chunk = Vec::new();
    let mut bytes = 0;
    for segment in runs.by_ref() {
        bytes += segment.text.len();
        let line_ends = segment.text.ends_with('\n')
            && !segment.ends_citation
            && !segment.ends_unsupported
            && segment.ends_flagged.is_none();
        chunk.push(segment);
        if line_ends && (chunk.len() >= RUNS_PER_CHUNK || bytes >= BYTES_PER_CHUNK) {
            break;
        }
    }
    (!chunk.is_empty()).then_some(chunk)
}

/// Cuts the next chunk of `runs` for the view to draw: `drawn` counts the chunks cut, `finished` says
/// there are no more.
fn cut_next(
    runs: StoredValue<Runs>,
    cut: StoredValue<Vec<Option<Vec<Segment>>>>,
    drawn: RwSignal<usize>,
    finished: RwSignal<bool>,
) {
    let Some((chunk, last)) = runs.try_update_value(|runs| (next_chunk(runs), runs.finished()))
    else {
        return;
    };
    if let Some(chunk) = chunk {
        cut.try_update_value(|cut| cut.push(Some(chunk)));
        drawn.try_update(|drawn| *drawn += 1);
    }
    if last {
        finished.try_set(true);
    }
}

/// Cuts and draws one more chunk per animation frame until all are drawn; stops if the view is gone.
fn draw_rest(
    runs: StoredValue<Runs>,
    cut: StoredValue<Vec<Option<Vec<Segment>>>>,
    drawn: RwSignal<usize>,
    finished: RwSignal<bool>,
) {
    request_animation_frame(move || {
        if finished.try_get_untracked() != Some(false) {
            return;
        }
        cut_next(runs, cut, drawn, finished);
        if finished.try_get_untracked() == Some(false) {
            draw_rest(runs, cut, drawn, finished);
        }
    });
}
