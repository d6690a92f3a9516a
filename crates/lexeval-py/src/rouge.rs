//! `lexeval rouge`: one candidate against one or more references, a file's pairs one by one, or their
//! bootstrap aggregate; rouge-score 0.1.2's numbers.

use crate::{pretty, value_error};
use lexeval_core::rouge::{
    aggregate_report, BootstrapAggregator, RougeOptions, RougeScorer, RougeType, Tokenizer,
};
use pyo3::prelude::*;
use serde::Deserialize;

/// One row of `lexeval rouge --pairs`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Pair {
    reference: References,
    candidate: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum References {
    One(String),
    Many(Vec<String>),
}

impl References {
    fn as_strs(&self) -> Vec<&str> {
        match self {
            References::One(text) => vec![text.as_str()],
            References::Many(texts) => texts.iter().map(String::as_str).collect(),
        }
    }
}

/// The scorer of `--types`, `--stem` and `--unicode`.
fn scorer(types: &[String], stem: bool, unicode: bool) -> PyResult<RougeScorer> {
    let types = types
        .iter()
        .map(|name| RougeType::from_name(name))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    Ok(RougeScorer::new(
        &types,
        RougeOptions {
            stem,
            tokenizer: if unicode {
                Tokenizer::Unicode
            } else {
                Tokenizer::RougeScore
            },
        },
    ))
}

fn read_pairs(pairs: &str) -> Result<Vec<(usize, Pair)>, String> {
    lexeval_core::records::parse_numbered(pairs).map_err(|e| format!("pairs {e}"))
}

/// `lexeval rouge -r … -c … --json`: the candidate against its references (the best F-measure per type).
#[pyfunction]
pub fn rouge(
    py: Python<'_>,
    references: Vec<String>,
    candidate: String,
    types: Vec<String>,
    stem: bool,
    unicode: bool,
) -> PyResult<String> {
    let scorer = scorer(&types, stem, unicode)?;
    py.detach(|| {
        let references: Vec<&str> = references.iter().map(String::as_str).collect();
        pretty(&scorer.score_report(&references, &candidate))
    })
    .map_err(value_error)
}

/// `lexeval rouge --pairs`: one compact JSON line per row, `{"line": N, "scores": {...}}`.
#[pyfunction]
pub fn rouge_pairs(
    py: Python<'_>,
    pairs: String,
    types: Vec<String>,
    stem: bool,
    unicode: bool,
) -> PyResult<Vec<String>> {
    let scorer = scorer(&types, stem, unicode)?;
    py.detach(|| {
        read_pairs(&pairs)?
            .iter()
            .map(|(line, pair)| {
                let scores = scorer.score_multi(&pair.reference.as_strs(), &pair.candidate);
                Ok(serde_json::json!({ "line": line, "scores": scores }).to_string())
            })
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(value_error)
}

/// `lexeval rouge --pairs --aggregate --json`: the bootstrap interval of every type's mean.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the CLI's flags, one argument each
pub fn rouge_aggregate(
    py: Python<'_>,
    pairs: String,
    types: Vec<String>,
    stem: bool,
    unicode: bool,
    confidence: f64,
    samples: usize,
    seed: u64,
) -> PyResult<String> {
    let scorer = scorer(&types, stem, unicode)?;
    let mut aggregator =
        BootstrapAggregator::new(confidence, samples, seed).map_err(value_error)?;
    py.detach(|| {
        for (_, pair) in read_pairs(&pairs)? {
            aggregator.add_scores(&scorer.score_multi(&pair.reference.as_strs(), &pair.candidate));
        }
        pretty(&aggregate_report(&aggregator, scorer.options()))
    })
    .map_err(value_error)
}
