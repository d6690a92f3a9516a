//! `lexeval._lexeval`: the native half of the Python package. Every function takes and returns the JSON the
//! CLI reads and prints (`serde_json::to_string_pretty` of core's typed reports, as `lexeval … --json`), so
//! `Report.to_json()` in `python/lexeval` is the CLI's output byte for byte; the Python half turns it into
//! objects. Scoring runs with the GIL released (`Python::detach`).

mod benchmarks;
mod checker;
mod embedding;
mod error;
mod options;
mod rouge;

use checker::Checker;
use error::Error;
use lexeval_core::pairs::PairRecord;
use lexeval_core::pipeline::MetricReport;
use options::CheckOptions;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

/// A Python `ValueError` with the engine's message, for a bad argument found before any work starts.
fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The CLI's `--json` printing: pretty JSON of a typed report (without the line end `println!` adds).
fn pretty(value: &impl Serialize) -> Result<String, Error> {
    Ok(serde_json::to_string_pretty(value)?)
}

/// `lexeval cite --json`: the citations of one text.
#[pyfunction]
fn cite(py: Python<'_>, text: String) -> PyResult<String> {
    Ok(py.detach(|| pretty(&lexeval_core::citations::extract(&text)))?)
}

/// `lexeval cite --jsonl`: each text's citations, one compact JSON array per text.
#[pyfunction]
fn cite_many(py: Python<'_>, texts: Vec<String>) -> PyResult<Vec<String>> {
    py.detach(|| {
        texts
            .iter()
            .map(|text| serde_json::to_string(&lexeval_core::citations::extract(text)))
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(value_error)
}

/// `lexeval fresco|pointwise -r -c --json`: one pair's check report.
#[pyfunction]
fn check(py: Python<'_>, reference: String, generated: String, options: &str) -> PyResult<String> {
    let options = CheckOptions::parse(options).map_err(value_error)?;
    Ok(py.detach(|| {
        let report = Checker::new(&options).check(reference, generated)?;
        metric_json(&report.metric)
    })?)
}

/// One check report per pair, in one call: one model load and one answer cache for the whole list.
#[pyfunction]
fn check_many(
    py: Python<'_>,
    references: Vec<String>,
    generated: Vec<String>,
    options: &str,
) -> PyResult<Vec<String>> {
    if references.len() != generated.len() {
        return Err(value_error(format!(
            "{} references but {} generated texts",
            references.len(),
            generated.len()
        )));
    }
    let options = CheckOptions::parse(options).map_err(value_error)?;
    Ok(py.detach(|| {
        let mut checker = Checker::new(&options);
        references
            .into_iter()
            .zip(generated)
            .enumerate()
            .map(|(index, (reference, generated))| {
                let report = checker
                    .check(reference, generated)
                    .map_err(|e| Error::Pair {
                        pair: index + 1,
                        source: Box::new(e),
                    })?;
                metric_json(&report.metric)
            })
            .collect::<Result<Vec<_>, Error>>()
    })?)
}

/// `lexeval fresco|pointwise --pairs FILE --json` and its `--items FILE.json`: the rows (a JSON array or
/// JSON Lines, read by core's `records` as the CLI reads the file) scored, their means with bootstrap
/// intervals, and the per-item table's records.
#[pyfunction]
fn check_pairs(py: Python<'_>, pairs: String, options: &str) -> PyResult<(String, String)> {
    let options = CheckOptions::parse(options).map_err(value_error)?;
    Ok(py.detach(|| -> Result<_, Error> {
        let records: Vec<PairRecord> =
            lexeval_core::records::parse(&pairs).map_err(|e| format!("pairs {e}"))?;
        if records.is_empty() {
            return Err(Error::Input("pairs: no records".to_string()));
        }
        let report = Checker::new(&options).score_pairs(records)?;
        let items = lexeval_core::items::pairs(&report);
        Ok((pretty(&report)?, pretty(&items.details())?))
    })?)
}

fn metric_json(metric: &MetricReport) -> Result<String, Error> {
    match metric {
        MetricReport::Fresco(report) => pretty(report),
        MetricReport::Pointwise(report) => pretty(report),
    }
}

/// The shipped model's sentence embeddings of `texts` (`lexeval embed --json`'s vectors).
#[pyfunction]
#[pyo3(signature = (texts, embedding_model = "minilm", models_dir = None))]
fn embed(
    py: Python<'_>,
    texts: Vec<String>,
    embedding_model: &str,
    models_dir: Option<std::path::PathBuf>,
) -> PyResult<Vec<Vec<f32>>> {
    let which = lexeval_core::shipped_model::EmbeddingModel::from_id(embedding_model)
        .ok_or_else(|| value_error(format!("unknown embedding model {embedding_model:?}")))?;
    Ok(py.detach(|| -> Result<_, Error> {
        let embedder = embedding::load(which, models_dir.as_deref())?;
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        Ok(embedder.embed(&texts)?)
    })?)
}

#[pymodule]
fn _lexeval(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(cite, m)?)?;
    m.add_function(wrap_pyfunction!(cite_many, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(check_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(embed, m)?)?;
    m.add_function(wrap_pyfunction!(rouge::rouge, m)?)?;
    m.add_function(wrap_pyfunction!(rouge::rouge_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(rouge::rouge_aggregate, m)?)?;
    m.add_function(wrap_pyfunction!(benchmarks::casefacts, m)?)?;
    m.add_function(wrap_pyfunction!(benchmarks::legalsearchqa, m)?)?;
    Ok(())
}
