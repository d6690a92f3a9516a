//! Points and their A.3 weights: a summary's points are its sentences; a reference point weighs by how
//! often its lemmas recur in its paragraph.

use crate::citations::split_sentences;
use crate::rouge::{tokenize::tokenize, Tokenizer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The points of a summary: its citation-aware sentences.
pub fn points(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    split_sentences(text)
        .into_iter()
        .map(|(s, e)| chars[s..e].iter().collect())
        .collect()
}

pub(super) fn lemmas(text: &str) -> Vec<String> {
    tokenize(text, true, Tokenizer::RougeScore)
}

/// A reference paragraph and the points extracted from it, when Step 1's points are supplied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Paragraph {
    pub paragraph: String,
    pub points: Vec<String>,
}

/// A.3: W_p = Σ_{l∈p} W_l / Σ_p Σ_{l∈p} W_l with W_l = min(N_l,para / N_l,points, 1) when l is in the paragraph;
/// the whole summary as one paragraph.
pub fn point_weights(paragraph: &str, points: &[String]) -> Vec<f64> {
    normalised(lemma_sums(paragraph, points))
}

/// A.3 with each lemma counted against the paragraph its point came from, normalised over all points.
pub fn paragraph_weights(paragraphs: &[Paragraph]) -> Vec<f64> {
    normalised(
        paragraphs
            .iter()
            .flat_map(|p| lemma_sums(&p.paragraph, &p.points))
            .collect(),
    )
}

/// Σ_{l∈p} W_l for each point of one paragraph.
fn lemma_sums(paragraph: &str, points: &[String]) -> Vec<f64> {
    let mut in_paragraph: BTreeMap<String, f64> = BTreeMap::new();
    for lemma in lemmas(paragraph) {
        *in_paragraph.entry(lemma).or_default() += 1.0;
    }
    let point_lemmas: Vec<Vec<String>> = points.iter().map(|p| lemmas(p)).collect();
    let mut in_points: BTreeMap<&str, f64> = BTreeMap::new();
    for lemma in point_lemmas.iter().flatten() {
        *in_points.entry(lemma).or_default() += 1.0;
    }
    let lemma_weight = |lemma: &str| match (in_paragraph.get(lemma), in_points.get(lemma)) {
        (Some(para), Some(pts)) => (para / pts).min(1.0),
        _ => 0.0,
    };
    point_lemmas
        .iter()
        .map(|ls| ls.iter().map(|l| lemma_weight(l)).sum())
        .collect()
}

fn normalised(raw: Vec<f64>) -> Vec<f64> {
    let total: f64 = raw.iter().sum();
    if total > 0.0 {
        raw.iter().map(|w| w / total).collect()
    } else {
        vec![0.0; raw.len()]
    }
}
