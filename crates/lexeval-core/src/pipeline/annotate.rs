//! Highlights of a checked text: citations coloured by authority, claims underlined.

use super::extent::whole_extents;
use crate::authorities::{self, Authority};
use crate::authority_key::AuthorityKey;
use crate::citations::{claims_with, extract, Citation, CitationRole};
use crate::claims::AttributedClaim;
use serde::{Deserialize, Serialize};

/// A highlighted stretch of a text, in character (Unicode scalar) offsets, end exclusive. A citation's
/// span is its whole extent: case name, cite, pin and parentheticals (`extent`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub kind: SpanKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SpanKind {
    /// A citation; `authority` is the key shared by parallel cites and short forms of one case, `name`
    /// the authority as readers know it ("Mertens v. Hewitt Assocs., 508 U.S. 248").
    Citation {
        authority: AuthorityKey,
        #[serde(default)]
        name: String,
    },
    /// A claim (underlined); `index` numbers claims in reading order.
    Claim { index: usize },
    /// A U-Score cue phrase; `dimension` is the U-Score component it counts towards.
    Cue { dimension: String },
}

/// The name a citation's highlight shows: its authority's, or for the record and cross-references (no
/// authorities) what they are.
fn reader_name(citation: &Citation, authorities: &[Authority]) -> String {
    let what = match citation.role {
        CitationRole::Record => "record cite",
        CitationRole::CrossReference => "cross-reference",
        CitationRole::RunningHead => "running head",
        CitationRole::Authority | CitationRole::History => {
            return authorities::name_of(authorities, &citation.authority).to_string()
        }
    };
    format!("{} ({what})", citation.matched_text)
}

/// A text's claims (the brief check's units) and its citations and claims as spans, in reading order.
pub fn claims_and_spans(text: &str) -> (Vec<AttributedClaim>, Vec<Span>) {
    let mut citations = extract(text);
    let authorities = authorities::unify(&mut citations, &mut []);
    claims_and_spans_with(text, citations, &authorities)
}

/// [`claims_and_spans`] given the text's citations, their authorities unified with another text's and
/// named in `authorities`.
pub fn claims_and_spans_with(
    text: &str,
    citations: Vec<Citation>,
    authorities: &[Authority],
) -> (Vec<AttributedClaim>, Vec<Span>) {
    let claims = claims_with(text, &citations);
    let mut spans: Vec<Span> = claims
        .iter()
        .enumerate()
        .filter(|(_, claim)| claim.end > claim.start)
        .map(|(index, claim)| Span {
            start: claim.start,
            end: claim.end,
            kind: SpanKind::Claim { index },
        })
        .collect();
    let extents = whole_extents(text, &citations);
    spans.extend(
        citations
            .into_iter()
            .zip(extents)
            .map(|(citation, (start, end))| Span {
                start,
                end,
                kind: SpanKind::Citation {
                    name: reader_name(&citation, authorities),
                    authority: citation.authority,
                },
            }),
    );
    // By start, the longer first.
    crate::sorted::sort_by_key(&mut spans, |span| usize::MAX - span.end);
    crate::sorted::sort_by_key(&mut spans, |span| span.start);
    (claims, spans)
}
