//! `lexeval rouge`: one candidate against one or more references, a file's pairs one by one, or their
//! bootstrap aggregate; rouge-score 0.1.2's numbers.

use crate::{pretty, value_error, Error};
use lexeval_core::rouge::{
    aggregate_report, BootstrapAggregator, PairLine, RougeOptions, RougePair, RougeScorer,
    RougeType, Tokenizer,
};
use pyo3::prelude::*;

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

fn read_pairs(pairs: &str) -> Result<Vec<(usize, RougePair)>, Error> {
    lexeval_core::records::parse_numbered(pairs).map_err(|e| Error::Input(format!("pairs {e}")))
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
    Ok(py.detach(|| {
        let references: Vec<&str> = references.iter().map(String::as_str).collect();
        pretty(&scorer.score_report(&references, &candidate))
    })?)
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
    Ok(py.detach(|| {
        read_pairs(&pairs)?
            .iter()
            .map(|(line, pair)| {
                let scores = scorer.score_multi(&pair.references(), &pair.candidate);
                let row = PairLine {
                    line: *line,
                    scores: &scores,
                };
                Ok(serde_json::to_string(&row)?)
            })
            .collect::<Result<Vec<_>, Error>>()
    })?)
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
    Ok(py.detach(|| {
        for (_, pair) in read_pairs(&pairs)? {
            aggregator.add_scores(&scorer.score_multi(&pair.references(), &pair.candidate));
        }
        pretty(&aggregate_report(&aggregator, scorer.options()))
    })?)
}
