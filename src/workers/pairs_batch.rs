//! The Benchmarks tab's brief and summary pairs: which check a pairs file gets, the job the score worker
//! runs for every pair (`workers::score::pairs`), and what the results' downloads hold — the same bytes as
//! `lexeval fresco|pointwise --pairs FILE --json | --items FILE.csv | --items FILE.json`.

use crate::state::route::View;
use lexeval_core::items::ItemTable;
use lexeval_core::pairs::{PairItem, PairRecord, PairsDetails};
use lexeval_core::report::{Score, ScoreReport};

/// The check every pair of a file gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairsCheck {
    /// L-FRESCO (or generalized FRESCO), as the Brief check and `lexeval fresco --pairs`.
    Brief,
    /// Pointwise, as the Summary check and `lexeval pointwise --pairs`.
    Summary,
}

impl PairsCheck {
    pub const ALL: [PairsCheck; 2] = [PairsCheck::Brief, PairsCheck::Summary];

    pub fn id(self) -> &'static str {
        match self {
            PairsCheck::Brief => "brief-pairs",
            PairsCheck::Summary => "summary-pairs",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            PairsCheck::Brief => "Brief pairs (L-FRESCO)",
            PairsCheck::Summary => "Summary pairs (pointwise)",
        }
    }

    /// The check view whose settings, job and breakdown a pair shares.
    pub fn view(self) -> View {
        match self {
            PairsCheck::Brief => View::Brief,
            PairsCheck::Summary => View::Summary,
        }
    }

    /// The CLI command that scores the same file.
    pub fn command(self) -> &'static str {
        match self {
            PairsCheck::Brief => "fresco",
            PairsCheck::Summary => "pointwise",
        }
    }
}

/// One row of a pairs file, shown next to the upload.
pub const EXAMPLE_LINE: &str = r#"{"id": "…", "reference": "…", "generated": "…"}"#;

/// The pairs of `file`, to open one of them (the score worker has checked every row already).
pub fn records(file: &str) -> Result<Vec<PairRecord>, String> {
    lexeval_core::records::parse(file).map_err(|e| e.to_string())
}

/// The reference and generated texts of pair `index` (0-based).
pub fn pair_texts(records: &[PairRecord], index: usize) -> Option<(String, String)> {
    let record = records.get(index)?;
    Some((record.reference.clone(), record.generated.clone()))
}

/// "Pair 3: erisa-kayes (gpt-4o)": the row's number, and its id and model when the file gives them.
pub fn pair_title(item: &PairItem) -> String {
    let mut title = format!("Pair {}", item.item);
    match &item.id {
        Some(serde_json::Value::String(id)) => title.push_str(&format!(": {id}")),
        Some(id) => title.push_str(&format!(": {id}")),
        None => {}
    }
    if let Some(model) = &item.model {
        title.push_str(&format!(" ({model})"));
    }
    title
}

/// The batch report's scores, each with its bootstrap interval added to its note, for the score cards.
pub fn cards(report: &ScoreReport<PairsDetails>) -> Vec<Score> {
    let bootstrap = report.bootstrap();
    report
        .scores
        .iter()
        .zip(&report.details.intervals)
        .map(|(score, interval)| {
            let mut card = score.clone();
            if let (Some(low), Some(high), Some(bootstrap)) =
                (interval.low, interval.high, &bootstrap)
            {
                let range = format!(
                    "{:.0}% bootstrap interval {low:.4}–{high:.4} ({} resamples, seed {})",
                    bootstrap.confidence * 100.0,
                    bootstrap.samples,
                    bootstrap.seed
                );
                card.note = Some(match card.note {
                    Some(note) => format!("{note}; {range}"),
                    None => range,
                });
            }
            card
        })
        .collect()
}

/// What a download button saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Download {
    /// The batch report, as `--json` prints it.
    Report,
    /// One row per pair, as `--items FILE.csv` writes it.
    ItemsCsv,
    /// Every pair's record, as `--items FILE.json` writes it.
    ItemsJson,
}

/// `value` as the CLI prints it: pretty JSON and a line end.
fn pretty_line<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|text| text + "\n")
        .map_err(|e| e.to_string())
}

/// A download's file name, type and text.
pub fn download(
    what: Download,
    check: PairsCheck,
    report: &ScoreReport<PairsDetails>,
    items: &ItemTable,
) -> Result<(String, &'static str, String), String> {
    let stem = format!("lexeval-{}-pairs", check.command());
    Ok(match what {
        Download::Report => (
            format!("{stem}.json"),
            "application/json",
            pretty_line(report)?,
        ),
        Download::ItemsCsv => (format!("{stem}-items.csv"), "text/csv", items.to_csv()),
        Download::ItemsJson => (
            format!("{stem}-items.json"),
            "application/json",
            pretty_line(&items.details())?,
        ),
    })
}
