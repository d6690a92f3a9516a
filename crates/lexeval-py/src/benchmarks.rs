//! `lexeval casefacts` and `lexeval legalsearchqa` on predictions given (the LLM baseline and the judge's
//! ratings stay the CLI's): the report and the per-item table's records (`--items FILE.json`).

use crate::{pretty, Error};
use lexeval_core::legalsearchqa::AnswerNaming;
use pyo3::prelude::*;
use serde::de::DeserializeOwned;

/// Rows of a JSON array or JSON Lines, at least one, as the CLI's `read_records`.
fn records<T: DeserializeOwned>(text: &str, what: &str) -> Result<Vec<T>, Error> {
    let rows: Vec<T> = lexeval_core::records::parse(text).map_err(|e| format!("{what} {e}"))?;
    if rows.is_empty() {
        return Err(Error::Input(format!("{what}: no records")));
    }
    Ok(rows)
}

/// `lexeval casefacts --gold … --predictions … --json` and its `--items FILE.json`.
#[pyfunction]
pub fn casefacts(py: Python<'_>, gold: String, predictions: String) -> PyResult<(String, String)> {
    Ok(py.detach(|| -> Result<_, Error> {
        let gold: Vec<lexeval_core::casefacts::GoldClaim> = records(&gold, "gold")?;
        let predictions: Vec<lexeval_core::casefacts::Prediction> =
            records(&predictions, "predictions")?;
        let report = lexeval_core::casefacts::score(&gold, &predictions);
        let items = lexeval_core::items::casefacts(&report.details);
        Ok((pretty(&report)?, pretty(&items.details())?))
    })?)
}

/// `lexeval legalsearchqa --gold … --predictions … --json` and its `--items FILE.json`.
#[pyfunction]
pub fn legalsearchqa(
    py: Python<'_>,
    gold: String,
    predictions: String,
) -> PyResult<(String, String)> {
    Ok(py.detach(|| -> Result<_, Error> {
        let questions: Vec<lexeval_core::legalsearchqa::Question> = records(&gold, "gold")?;
        let predictions: Vec<lexeval_core::legalsearchqa::Prediction> =
            records(&predictions, "predictions")?;
        let report = lexeval_core::legalsearchqa::score(&questions, &predictions);
        let items = lexeval_core::items::legalsearchqa(
            &report.details,
            &questions,
            AnswerNaming::of(&predictions),
        );
        Ok((pretty(&report)?, pretty(&items.details())?))
    })?)
}
