//! ROUGE exactly as Google's rouge-score 0.1.2 computes it (`rouge_scorer.RougeScorer`).
//!
//! - ROUGE-N (`rouge1`..`rouge9`): clipped n-gram overlap; precision over candidate n-grams, recall over
//!   reference n-grams (each denominator at least 1).
//! - ROUGE-L (`rougeL`): longest common subsequence of the whole token sequences.
//! - ROUGE-Lsum (`rougeLsum`): text is split into sentences on `\n` (empty lines dropped) and scored with
//!   the summary-level union LCS of the ROUGE paper §3.2, tokens counted at most as often as they occur.
//! - F-measure is `2PR / (P + R)`, 0 when both are 0; an empty side scores 0, as in rouge-score.
//!
//! Tokens come from [`tokenize::tokenize`] (rouge-score's tokenizer by default, optionally NLTK Porter
//! stemming of tokens longer than 3 characters). Scores are computed on interned token ids; ROUGE-L uses a
//! bit-parallel LCS, which gives the same length as rouge-score's table.

mod bootstrap;
mod lcs;
mod pairs;
pub mod porter;
pub mod tokenize;

#[cfg(test)]
mod golden_tests;

pub use bootstrap::{AggregateScore, BootstrapAggregator, BootstrapError};
pub use pairs::{PairLine, RougePair};
pub use tokenize::Tokenizer;

use crate::report::{BootstrapSettings, Score, ScoreReport};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Version of lexeval's ROUGE definition carried by reports; bump if a score changes meaning.
pub const METRIC_VERSION: &str = "1";

/// One ROUGE variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RougeType {
    /// ROUGE-N for n in 1..=9 (rouge-score accepts a single digit).
    N(u8),
    /// ROUGE-L over the whole texts.
    L,
    /// ROUGE-Lsum: summary-level LCS over newline-separated sentences.
    LSum,
}

impl RougeType {
    /// rouge1, rouge2, rougeL and rougeLsum: what the CLI computes when no types are given.
    pub const DEFAULT: [RougeType; 4] = [
        RougeType::N(1),
        RougeType::N(2),
        RougeType::L,
        RougeType::LSum,
    ];

    /// Parse a rouge-score type name: `rouge1`..`rouge9`, `rougeL`, `rougeLsum`.
    pub fn from_name(name: &str) -> Result<RougeType, RougeError> {
        match name {
            "rougeL" => Ok(RougeType::L),
            "rougeLsum" => Ok(RougeType::LSum),
            _ => match name.strip_prefix("rouge").map(str::as_bytes) {
                Some([digit @ b'1'..=b'9']) => Ok(RougeType::N(digit - b'0')),
                _ => Err(RougeError::UnknownType(name.to_string())),
            },
        }
    }

    /// Parse a comma-separated list such as `rouge1,rouge2,rougeL`.
    pub fn parse_list(names: &str) -> Result<Vec<RougeType>, RougeError> {
        let types = names
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(RougeType::from_name)
            .collect::<Result<Vec<_>, _>>()?;
        if types.is_empty() {
            return Err(RougeError::NoTypes);
        }
        Ok(types)
    }

    /// The rouge-score name ("rouge1", "rougeL", ...).
    pub fn name(self) -> String {
        match self {
            RougeType::N(n) => format!("rouge{n}"),
            RougeType::L => "rougeL".to_string(),
            RougeType::LSum => "rougeLsum".to_string(),
        }
    }
}

impl std::fmt::Display for RougeType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// Serialised by its rouge-score name, so score maps keyed by type print as rouge-score's do (and in its
/// order: `rouge1`..`rouge9`, `rougeL`, `rougeLsum`, which the derived `Ord` follows).
impl Serialize for RougeType {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RougeType {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = std::borrow::Cow::<str>::deserialize(deserializer)?;
        RougeType::from_name(&name).map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for RougeType {
    type Err = RougeError;
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        RougeType::from_name(name)
    }
}

/// A bad ROUGE type name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RougeError {
    UnknownType(String),
    NoTypes,
}

impl std::fmt::Display for RougeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RougeError::UnknownType(name) => write!(
                f,
                "unknown ROUGE type {name:?} (expected rouge1..rouge9, rougeL or rougeLsum)"
            ),
            RougeError::NoTypes => write!(f, "no ROUGE type given"),
        }
    }
}

impl std::error::Error for RougeError {}

/// Tokenisation settings. The default (no stemming, rouge-score tokenizer) is rouge-score's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RougeOptions {
    /// NLTK Porter stemming of tokens longer than 3 characters (rouge-score's `use_stemmer=True`).
    pub stem: bool,
    pub tokenizer: Tokenizer,
}

impl RougeOptions {
    /// Tokens of `text` under these options.
    pub fn tokenize(&self, text: &str) -> Vec<String> {
        tokenize::tokenize(text, self.stem, self.tokenizer)
    }

    /// `text` tokenized once per non-empty line (rougeLsum's sentences), to be scored and measured
    /// without tokenizing (and stemming) it again: a megabyte's stemming is not free.
    pub fn sentences(&self, text: &str) -> Sentences {
        Sentences(
            text.split('\n')
                .filter(|line| !line.is_empty())
                .map(|line| self.tokenize(line))
                .collect(),
        )
    }
}

/// A text's tokens per non-empty line ([`RougeOptions::sentences`]); their concatenation is the whole
/// text's tokens (a newline is a separator for both tokenizers).
#[derive(Debug, Clone, PartialEq)]
pub struct Sentences(Vec<Vec<String>>);

impl Sentences {
    /// Tokens of the whole text.
    pub fn tokens(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }
}

/// rouge-score's `Score` tuple. Fields in alphabetical order, the order reports have always printed.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct RougeScore {
    pub fmeasure: f64,
    pub precision: f64,
    pub recall: f64,
}

/// The details of a report on one candidate: each type's full triple.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RougeDetails {
    pub scores: BTreeMap<RougeType, RougeScore>,
}

/// The details of a bootstrap aggregate: each type's low/mid/high triples over `pairs` pairs. Fields in
/// alphabetical order, the order reports have always printed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RougeIntervals {
    pub intervals: BTreeMap<RougeType, AggregateScore>,
    pub pairs: usize,
}

impl RougeScore {
    fn new(precision: f64, recall: f64) -> Self {
        // Same operations in the same order as scoring.fmeasure, so values agree to the last bit.
        let fmeasure = if precision + recall > 0.0 {
            2.0 * precision * recall / (precision + recall)
        } else {
            0.0
        };
        RougeScore {
            precision,
            recall,
            fmeasure,
        }
    }
}

/// Computes the chosen ROUGE types between a reference and a candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct RougeScorer {
    types: Vec<RougeType>,
    options: RougeOptions,
}

impl RougeScorer {
    pub fn new(types: &[RougeType], options: RougeOptions) -> RougeScorer {
        RougeScorer {
            types: types.to_vec(),
            options,
        }
    }

    pub fn types(&self) -> &[RougeType] {
        &self.types
    }

    pub fn options(&self) -> &RougeOptions {
        &self.options
    }

    /// Scores by type, like `RougeScorer.score(target, prediction)`.
    pub fn score(&self, reference: &str, candidate: &str) -> BTreeMap<RougeType, RougeScore> {
        self.score_sentences(
            &self.options.sentences(reference).0,
            &self.options.sentences(candidate).0,
        )
    }

    /// [`RougeScorer::score`] of texts already split into tokenized sentences.
    fn score_sentences(
        &self,
        reference: &[Vec<String>],
        candidate: &[Vec<String>],
    ) -> BTreeMap<RougeType, RougeScore> {
        let mut vocabulary = Vocabulary::default();
        let reference = vocabulary.intern(reference);
        let candidate = vocabulary.intern(candidate);
        let scores = self.types.iter().map(|&kind| {
            let score = match kind {
                RougeType::N(n) => score_ngrams(&reference.tokens, &candidate.tokens, n),
                RougeType::L => score_lcs(&reference.tokens, &candidate.tokens, vocabulary.len()),
                RougeType::LSum => score_summary_lcs(&reference, &candidate, vocabulary.len()),
            };
            (kind, score)
        });
        crate::sorted::map(scores)
    }

    /// rouge-score's `score_multi`: per type, the score against the reference with the highest F-measure
    /// (the first one on ties). With no reference at all every type scores 0.
    pub fn score_multi(
        &self,
        references: &[&str],
        candidate: &str,
    ) -> BTreeMap<RougeType, RougeScore> {
        let references: Vec<Sentences> = references
            .iter()
            .map(|reference| self.options.sentences(reference))
            .collect();
        self.best(&references, &self.options.sentences(candidate))
    }

    /// [`RougeScorer::score_multi`] of texts already tokenized.
    fn best(
        &self,
        references: &[Sentences],
        candidate: &Sentences,
    ) -> BTreeMap<RougeType, RougeScore> {
        let all: Vec<_> = references
            .iter()
            .map(|reference| self.score_sentences(&reference.0, &candidate.0))
            .collect();
        crate::sorted::map(self.types.iter().map(|&kind| {
            let best = all
                .iter()
                .filter_map(|scores| scores.get(&kind))
                .fold(None::<RougeScore>, |best, score| match best {
                    Some(b) if b.fmeasure >= score.fmeasure => Some(b),
                    _ => Some(*score),
                })
                .unwrap_or_default();
            (kind, best)
        }))
    }

    /// A [`ScoreReport`] for one candidate against one or more references. The headline scores are the
    /// F-measures, null with a reason when the candidate or every reference has no token (rouge-score
    /// would report 0); `details` keeps rouge-score's precision/recall/fmeasure triples.
    pub fn score_report(&self, references: &[&str], candidate: &str) -> ScoreReport<RougeDetails> {
        let references: Vec<Sentences> = references
            .iter()
            .map(|reference| self.options.sentences(reference))
            .collect();
        self.report_of(&references, &self.options.sentences(candidate))
    }

    /// [`RougeScorer::score_report`] of texts already tokenized with this scorer's options.
    pub fn report_of(
        &self,
        references: &[Sentences],
        candidate: &Sentences,
    ) -> ScoreReport<RougeDetails> {
        let scores = self.best(references, candidate);
        let mut report = report(&scores, &self.options);
        let empty_reason = if candidate.tokens() == 0 {
            Some("the candidate has no tokens")
        } else if references.iter().all(|reference| reference.tokens() == 0) {
            Some("the reference has no tokens")
        } else {
            None
        };
        if let Some(reason) = empty_reason {
            for score in &mut report.scores {
                *score = Score::null(score.name.clone(), reason);
            }
        }
        report
    }
}

/// F-measure of one ROUGE type with rouge-score's tokenizer: a claim similarity in [0, 1].
pub fn f1(kind: RougeType, reference: &str, candidate: &str, stem: bool) -> f64 {
    let options = RougeOptions {
        stem,
        ..RougeOptions::default()
    };
    RougeScorer::new(&[kind], options)
        .score(reference, candidate)
        .get(&kind)
        .map_or(0.0, |score| score.fmeasure)
}

/// [`f1`] for many pairs of short texts (claims, points) that recur: each distinct text is tokenized once.
pub struct PairwiseF1 {
    kind: RougeType,
    scorer: RougeScorer,
    sentences: FxHashMap<String, Vec<Vec<String>>>,
}

impl PairwiseF1 {
    pub fn new(kind: RougeType, stem: bool) -> PairwiseF1 {
        let options = RougeOptions {
            stem,
            ..RougeOptions::default()
        };
        PairwiseF1 {
            kind,
            scorer: RougeScorer::new(&[kind], options),
            sentences: FxHashMap::default(),
        }
    }

    /// The same value as `f1(kind, reference, candidate, stem)`.
    pub fn f1(&mut self, reference: &str, candidate: &str) -> f64 {
        self.tokenize(reference);
        self.tokenize(candidate);
        let sentences = |text: &str| self.sentences.get(text).map_or(&[][..], Vec::as_slice);
        self.scorer
            .score_sentences(sentences(reference), sentences(candidate))
            .get(&self.kind)
            .map_or(0.0, |score| score.fmeasure)
    }

    /// `matrix[r][c]` = F1 of row text `r` (as reference) against column text `c` (as candidate).
    pub fn matrix(&mut self, rows: &[String], columns: &[String]) -> Vec<Vec<f64>> {
        rows.iter()
            .map(|row| columns.iter().map(|column| self.f1(row, column)).collect())
            .collect()
    }

    fn tokenize(&mut self, text: &str) {
        if !self.sentences.contains_key(text) {
            let sentences = self.scorer.options.sentences(text).0;
            self.sentences.insert(text.to_string(), sentences);
        }
    }
}

/// The shared report (metric "rouge") for a score map: one headline score per type (its F-measure),
/// the full triples in `details.scores`.
pub fn report(
    scores: &BTreeMap<RougeType, RougeScore>,
    options: &RougeOptions,
) -> ScoreReport<RougeDetails> {
    let mut report = ScoreReport::new("rouge", METRIC_VERSION, settings(options, scores.keys()));
    report.scores = scores
        .iter()
        .map(|(kind, score)| Score::new(kind.name(), score.fmeasure))
        .collect();
    report.details = RougeDetails {
        scores: scores.clone(),
    };
    report
}

/// The report of a bootstrap aggregate: headline scores are the `mid` F-measures, `details.intervals`
/// holds low/mid/high triples per type.
pub fn aggregate_report(
    aggregator: &BootstrapAggregator,
    options: &RougeOptions,
) -> ScoreReport<RougeIntervals> {
    let intervals = aggregator.aggregate();
    let mut report = ScoreReport::new("rouge", METRIC_VERSION, settings(options, intervals.keys()));
    report.record_bootstrap(&BootstrapSettings {
        rng: Some(
            "chacha8 (not numpy: intervals agree with rouge-score only statistically)".into(),
        ),
        ..aggregator.settings()
    });
    report.scores = if intervals.is_empty() {
        vec![Score::null("rouge", "no pairs to aggregate")]
    } else {
        intervals
            .iter()
            .map(|(kind, interval)| Score::new(kind.name(), interval.mid.fmeasure))
            .collect()
    };
    report.details = RougeIntervals {
        intervals,
        pairs: aggregator.len(),
    };
    report
}

fn settings<'a>(
    options: &RougeOptions,
    types: impl Iterator<Item = &'a RougeType>,
) -> serde_json::Value {
    serde_json::json!({
        "types": types.collect::<Vec<_>>(),
        "stem": options.stem,
        "tokenizer": options.tokenizer.name(),
    })
}

/// Token ids shared by the reference and the candidate of one comparison.
#[derive(Default)]
struct Vocabulary {
    ids: FxHashMap<String, u32>,
}

/// One text as token ids: whole (`tokens`) and per sentence (`sentences`).
struct Interned {
    tokens: Vec<u32>,
    sentences: Vec<Vec<u32>>,
}

impl Vocabulary {
    fn intern(&mut self, sentences: &[Vec<String>]) -> Interned {
        let sentences: Vec<Vec<u32>> = sentences
            .iter()
            .map(|sentence| sentence.iter().map(|token| self.id(token)).collect())
            .collect();
        Interned {
            tokens: sentences.concat(),
            sentences,
        }
    }

    fn id(&mut self, token: &str) -> u32 {
        if let Some(&id) = self.ids.get(token) {
            return id;
        }
        let id = self.ids.len() as u32;
        self.ids.insert(token.to_string(), id);
        id
    }

    fn len(&self) -> usize {
        self.ids.len()
    }
}

/// rouge-score's `_score_ngrams`: clipped matches over counts, denominators at least 1.
fn score_ngrams(reference: &[u32], candidate: &[u32], n: u8) -> RougeScore {
    let n = usize::from(n).max(1);
    let reference_total = (reference.len() + 1).saturating_sub(n);
    let candidate_total = (candidate.len() + 1).saturating_sub(n);
    let mut remaining: FxHashMap<&[u32], usize> = FxHashMap::default();
    for gram in reference.windows(n) {
        *remaining.entry(gram).or_default() += 1;
    }
    let mut hits = 0usize;
    for gram in candidate.windows(n) {
        if let Some(count) = remaining.get_mut(gram) {
            if *count > 0 {
                *count -= 1;
                hits += 1;
            }
        }
    }
    RougeScore::new(
        hits as f64 / candidate_total.max(1) as f64,
        hits as f64 / reference_total.max(1) as f64,
    )
}

/// rouge-score's `_score_lcs`.
fn score_lcs(reference: &[u32], candidate: &[u32], vocabulary: usize) -> RougeScore {
    if reference.is_empty() || candidate.is_empty() {
        return RougeScore::default();
    }
    let length = lcs::lcs_length(reference, candidate, vocabulary) as f64;
    RougeScore::new(
        length / candidate.len() as f64,
        length / reference.len() as f64,
    )
}

/// rouge-score's `_summary_level_lcs`.
fn score_summary_lcs(reference: &Interned, candidate: &Interned, vocabulary: usize) -> RougeScore {
    let (m, n) = (reference.tokens.len(), candidate.tokens.len());
    if m == 0 || n == 0 {
        return RougeScore::default();
    }
    let hits =
        lcs::summary_level_hits(&reference.sentences, &candidate.sentences, vocabulary) as f64;
    RougeScore::new(hits / n as f64, hits / m as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scorer(types: &str, stem: bool) -> RougeScorer {
        RougeScorer::new(
            &RougeType::parse_list(types).unwrap(),
            RougeOptions {
                stem,
                ..RougeOptions::default()
            },
        )
    }

    #[test]
    fn type_names_round_trip_and_bad_names_are_errors() {
        for name in ["rouge1", "rouge9", "rougeL", "rougeLsum"] {
            assert_eq!(RougeType::from_name(name).unwrap().name(), name);
        }
        for bad in ["rouge0", "rouge10", "rougel", "rouge", "bleu", "rouge-1"] {
            assert!(RougeType::from_name(bad).is_err(), "{bad}");
        }
        assert_eq!(RougeType::parse_list(" , "), Err(RougeError::NoTypes));
    }

    #[test]
    fn hand_computed_ngram_and_lcs_scores() {
        // rouge-score docstring example: 9 reference tokens, 8 candidate tokens.
        let scores = scorer("rouge1,rouge2,rougeL", false).score(
            "The quick brown fox jumps over the lazy dog",
            "The quick brown dog jumps on the log.",
        );
        // Unigram matches: the, quick, brown, dog, jumps, the = 6.
        assert_eq!(scores[&RougeType::N(1)].precision, 6.0 / 8.0);
        assert_eq!(scores[&RougeType::N(1)].recall, 6.0 / 9.0);
        // Bigram matches: "the quick", "quick brown" = 2 of 7 and 8.
        assert_eq!(scores[&RougeType::N(2)].precision, 2.0 / 7.0);
        assert_eq!(scores[&RougeType::N(2)].recall, 2.0 / 8.0);
        // LCS: the quick brown jumps the = 5.
        assert_eq!(scores[&RougeType::L].precision, 5.0 / 8.0);
        assert_eq!(scores[&RougeType::L].recall, 5.0 / 9.0);
        let f = scores[&RougeType::L].fmeasure;
        assert!((f - 2.0 * (5.0 / 8.0) * (5.0 / 9.0) / (5.0 / 8.0 + 5.0 / 9.0)).abs() < 1e-15);
    }

    #[test]
    fn empty_sides_score_zero_like_rouge_score() {
        let s = scorer("rouge1,rouge2,rougeL,rougeLsum", true);
        for (reference, candidate) in [("", "a b"), ("a b", ""), ("!!", "?"), ("", "")] {
            for score in s.score(reference, candidate).values() {
                assert_eq!(*score, RougeScore::default());
            }
        }
        // Candidate shorter than n: no n-grams, denominators clamp to 1.
        assert_eq!(
            s.score("a b c", "a")[&RougeType::N(2)],
            RougeScore::default()
        );
    }

    #[test]
    fn score_multi_keeps_the_best_reference_per_type() {
        let s = scorer("rouge1,rouge2", false);
        let best = s.score_multi(&["x y z", "a b c d", "a c"], "a b c");
        assert_eq!(
            best[&RougeType::N(1)],
            s.score("a b c d", "a b c")[&RougeType::N(1)]
        );
        assert_eq!(
            best[&RougeType::N(2)],
            s.score("a b c d", "a b c")[&RougeType::N(2)]
        );
        assert_eq!(
            s.score_multi(&[], "a")[&RougeType::N(1)],
            RougeScore::default()
        );
    }

    #[test]
    fn f1_is_the_fmeasure() {
        assert_eq!(f1(RougeType::N(1), "a b c d", "a b", false), 2.0 / 3.0);
        assert_eq!(f1(RougeType::L, "running dogs", "run dog", true), 1.0);
        assert_eq!(f1(RougeType::L, "running dogs", "run dog", false), 0.0);
    }

    #[test]
    fn pairwise_f1_equals_f1_for_every_pair() {
        let texts: Vec<String> = [
            "the court held",
            "running dogs\nbark",
            "",
            "the dogs ran to court",
        ]
        .map(String::from)
        .to_vec();
        for kind in [
            RougeType::N(1),
            RougeType::N(2),
            RougeType::L,
            RougeType::LSum,
        ] {
            for stem in [false, true] {
                let matrix = PairwiseF1::new(kind, stem).matrix(&texts, &texts);
                for (r, row) in texts.iter().enumerate() {
                    for (c, column) in texts.iter().enumerate() {
                        assert_eq!(matrix[r][c], f1(kind, row, column, stem), "{kind} {r} {c}");
                    }
                }
            }
        }
    }

    #[test]
    fn report_nulls_headline_scores_of_empty_input() {
        let s = scorer("rouge1,rougeL", false);
        let ok = s.score_report(&["a b"], "a");
        assert_eq!(ok.metric, "rouge");
        assert_eq!(ok.score("rouge1"), Some(2.0 / 3.0));
        assert_eq!(ok.details.scores[&RougeType::N(1)].precision, 1.0);
        let empty = s.score_report(&["a b"], "...");
        assert_eq!(empty.score("rouge1"), None);
        assert_eq!(
            empty.scores[0].null_reason.as_deref(),
            Some("the candidate has no tokens")
        );
    }
}
