//! Comparing two systems on the same benchmark: two per-item tables (`items::ItemTable`, so every kind of
//! benchmark compares alike), one numeric column chosen as the score, items aligned by their key.
//!
//! The test is a **paired bootstrap**: the per-item differences B − A are resampled (items drawn with
//! replacement, each keeping both of its scores) with `BootstrapAggregator::scalar_interval`, the same
//! procedure, seed convention and number of resamples as every other interval lexeval reports. The
//! difference in the mean is "beyond the interval" when the interval of the mean difference excludes 0.
//! Items only one side has, and items whose score is undefined on a side, are listed with why and left out
//! of the means, never counted as 0.

use crate::items::{self, Cell, ItemRow, ItemTable};
use crate::pairs::PairRecord;
use crate::report::{BootstrapSettings, Score, ScoreReport};
use crate::rouge::BootstrapAggregator;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use std::fmt;

pub const METRIC: &str = "comparison";
pub const METRIC_VERSION: &str = "1";

/// Columns that identify an item, in order of preference: the first one every row of both tables fills in
/// is the key (CLERC's `id`, a CaseFacts `claim`, else a pairs file's row number `item`).
const KEY_COLUMNS: [&str; 3] = ["id", "claim", "item"];

/// Numeric columns that are not scores: row numbers, multiple-choice indices and a brief pair's count of
/// citations to check (beside the scores, never one).
const NOT_SCORES: [&str; 4] = ["item", "gold", "chosen", "to_check"];

/// Gold fields both sides must agree on for an item: a disagreement means the files answer different gold.
const GOLD_COLUMNS: [&str; 5] = ["gold_label", "gold", "category", "domain", "difficulty"];

/// The score compared when none is named: the benchmark's combined score where it has one (CaseFacts'
/// Verdict Score, LegalSearchQA's correctness), else the table's first score column.
const PREFERRED_SCORES: [&str; 2] = ["verdict_score", "correct"];

/// Why two tables cannot be compared, in plain words.
#[derive(Debug, Clone, PartialEq)]
pub enum CompareError {
    UnknownScore { name: String, known: Vec<String> },
    NoKey,
    DuplicateItem { side: &'static str, key: String },
    NoCommonItems { a: usize, b: usize },
    DifferentGold { key: String, column: String },
    UnknownModel { model: String, known: Vec<String> },
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::UnknownScore { name, known } => write!(
                f,
                "there is no score \"{name}\" to compare; choose one of: {}",
                known.join(", ")
            ),
            CompareError::NoKey => f.write_str(
                "the items have no id, claim or row number to match the two sides by",
            ),
            CompareError::DuplicateItem { side, key } => write!(
                f,
                "item \"{key}\" appears twice in {side}, so it cannot be matched to one item of the other side"
            ),
            CompareError::NoCommonItems { a, b } => write!(
                f,
                "the two files have no item in common ({a} items in A, {b} in B): they do not answer the same \
                 questions"
            ),
            CompareError::DifferentGold { key, column } => write!(
                f,
                "the two sides were scored against different gold: item \"{key}\" has a different {column}"
            ),
            CompareError::UnknownModel { model, known } => write!(
                f,
                "no row has model \"{model}\"; the file's models are: {}",
                if known.is_empty() {
                    "none (no row names a model)".to_string()
                } else {
                    known.join(", ")
                }
            ),
        }
    }
}

impl std::error::Error for CompareError {}

/// Where an item stands in the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemStatus {
    /// Both sides define the score: the item has a difference.
    Compared,
    OnlyInA,
    OnlyInB,
    /// Both sides have the item, but at least one leaves the score undefined.
    Undefined,
}

impl ItemStatus {
    pub fn label(self) -> &'static str {
        match self {
            ItemStatus::Compared => "compared",
            ItemStatus::OnlyInA => "only in A",
            ItemStatus::OnlyInB => "only in B",
            ItemStatus::Undefined => "undefined on a side",
        }
    }
}

/// One item: its scores on each side (null with the reason when undefined) and B − A when both are defined.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComparedItem {
    pub a: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a_null_reason: Option<String>,
    pub b: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b_null_reason: Option<String>,
    pub difference: Option<f64>,
    pub key: String,
    pub status: ItemStatus,
}

/// The paired bootstrap interval of the mean difference B − A.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DifferenceInterval {
    pub high: f64,
    pub low: f64,
    /// The median of the resampled means (rouge-score's `mid`).
    pub mid: f64,
}

/// What a comparison report's settings record: the two systems' labels, the score compared and the
/// bootstrap of the interval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComparisonSettings {
    pub a: String,
    pub b: String,
    pub bootstrap: BootstrapSettings,
    pub score: String,
}

impl ComparisonSettings {
    /// A comparison report's settings, if they are a comparison's.
    pub fn of(report: &ScoreReport<ComparisonDetails>) -> Option<ComparisonSettings> {
        ComparisonSettings::deserialize(&report.settings).ok()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ComparisonDetails {
    /// Whether the interval excludes 0; null when no item has both scores.
    pub beyond_interval: Option<bool>,
    pub compared: usize,
    pub interval: Option<DifferenceInterval>,
    /// Every item of either side: compared ones in A's order, then those only B has.
    pub items: Vec<ComparedItem>,
    /// The column items were matched by.
    pub key: String,
    pub only_in_a: usize,
    pub only_in_b: usize,
    pub undefined: usize,
}

/// One side of a comparison: its label (a file name, a model) and its scored items.
pub struct Side<'a> {
    pub label: &'a str,
    pub table: &'a ItemTable,
}

/// The columns of `table` that can be compared (numbers or yes/no flags, counted as 1 and 0).
pub fn score_columns(table: &ItemTable) -> Vec<&str> {
    (0..table.columns.len())
        .filter(|&index| is_score_column(table, index))
        .map(|index| table.columns[index].name.as_ref())
        .collect()
}

/// The score compared when the caller names none (`PREFERRED_SCORES`, else the first score column).
pub fn default_score(table: &ItemTable) -> Option<&str> {
    let columns = score_columns(table);
    PREFERRED_SCORES
        .into_iter()
        .find(|name| columns.contains(name))
        .or_else(|| columns.first().copied())
}

/// The distinct values of a table's `model` column (CLERC's generation pairs hold several systems).
pub fn models(table: &ItemTable) -> Vec<String> {
    let Some(index) = column_index(table, "model") else {
        return Vec::new();
    };
    let set: BTreeSet<String> = table
        .rows
        .iter()
        .filter_map(|row| match row.cells.get(index) {
            Some(Cell::Text(model)) if !model.is_empty() => Some(model.clone()),
            _ => None,
        })
        .collect();
    set.into_iter().collect()
}

/// The rows of one model: "two generation columns" of one file become two sides.
pub fn model_rows(table: &ItemTable, model: &str) -> Result<ItemTable, CompareError> {
    let known = models(table);
    let index = column_index(table, "model")
        .filter(|_| known.iter().any(|m| m == model))
        .ok_or_else(|| CompareError::UnknownModel {
            model: model.to_string(),
            known: known.clone(),
        })?;
    Ok(ItemTable {
        columns: table.columns.clone(),
        rows: table
            .rows
            .iter()
            .filter(|row| matches!(row.cells.get(index), Some(Cell::Text(m)) if m == model))
            .cloned()
            .collect(),
    })
}

/// Compares `score` of side B with side A, item by item, with a paired bootstrap of the mean difference.
pub fn compare(
    a: Side,
    b: Side,
    score: &str,
    bootstrap: &BootstrapAggregator,
) -> Result<ScoreReport<ComparisonDetails>, CompareError> {
    let score_index = |table: &ItemTable| {
        column_index(table, score)
            .filter(|&index| is_score_column(table, index))
            .ok_or_else(|| CompareError::UnknownScore {
                name: score.to_string(),
                known: score_columns(table).into_iter().map(String::from).collect(),
            })
    };
    let (score_a, score_b) = (score_index(a.table)?, score_index(b.table)?);
    let key = KEY_COLUMNS
        .into_iter()
        .find(|name| fills_column(a.table, name) && fills_column(b.table, name))
        .ok_or(CompareError::NoKey)?;
    let rows_a = keyed_rows(a.table, key, "A")?;
    let rows_b = keyed_rows(b.table, key, "B")?;
    let by_key_b: HashMap<&str, &ItemRow> =
        rows_b.iter().map(|(k, row)| (k.as_str(), *row)).collect();
    if !rows_a
        .iter()
        .any(|(k, _)| by_key_b.contains_key(k.as_str()))
    {
        return Err(CompareError::NoCommonItems {
            a: rows_a.len(),
            b: rows_b.len(),
        });
    }
    let mut items = Vec::with_capacity(rows_a.len().max(rows_b.len()));
    for (item_key, row_a) in &rows_a {
        let value_a = value(a.table, row_a, score_a, score);
        let Some(row_b) = by_key_b.get(item_key.as_str()) else {
            items.push(one_sided(item_key, value_a, ItemStatus::OnlyInA));
            continue;
        };
        check_same_gold(a.table, row_a, b.table, row_b, item_key)?;
        let value_b = value(b.table, row_b, score_b, score);
        items.push(both_sides(item_key, value_a, value_b));
    }
    let keys_a: BTreeSet<&str> = rows_a.iter().map(|(k, _)| k.as_str()).collect();
    for (item_key, row_b) in rows_b.iter().filter(|(k, _)| !keys_a.contains(k.as_str())) {
        let value_b = value(b.table, row_b, score_b, score);
        items.push(one_sided(item_key, value_b, ItemStatus::OnlyInB));
    }
    Ok(report(a.label, b.label, score, key, items, bootstrap))
}

/// Two pairs files (or two models of one) compare the same items only if every item they share has the
/// same reference text; items are keyed as their tables key them (ids when every row has one, else row
/// numbers), since a pairs table does not keep the texts.
pub fn check_same_references(a: &[PairRecord], b: &[PairRecord]) -> Result<(), CompareError> {
    let by_id = a.iter().chain(b).all(|record| record.id.is_some());
    let key = |index: usize, record: &PairRecord| match (&record.id, by_id) {
        (Some(serde_json::Value::String(id)), true) => id.clone(),
        (Some(id), true) => id.to_string(),
        _ => (index + 1).to_string(),
    };
    let references: HashMap<String, &str> = a
        .iter()
        .enumerate()
        .map(|(index, record)| (key(index, record), record.reference.as_str()))
        .collect();
    for (index, record) in b.iter().enumerate() {
        let item_key = key(index, record);
        if references
            .get(&item_key)
            .is_some_and(|reference| *reference != record.reference)
        {
            return Err(CompareError::DifferentGold {
                key: item_key,
                column: "reference text".into(),
            });
        }
    }
    Ok(())
}

/// Per-item differences as a table (the page's sortable table, the CSV and JSON downloads, `--items`).
pub fn table(details: &ComparisonDetails) -> ItemTable {
    let columns = vec![
        items::column("item", false),
        items::column("status", true),
        items::column("a", false),
        items::column("b", false),
        items::column("difference", false),
        items::column("null_reasons", false),
    ];
    let rows = details
        .items
        .iter()
        .map(|item| {
            let reasons: Vec<String> = [("A", &item.a_null_reason), ("B", &item.b_null_reason)]
                .into_iter()
                .filter_map(|(side, reason)| Some(format!("{side}: {}", reason.as_ref()?)))
                .collect();
            ItemRow {
                cells: vec![
                    Cell::Text(item.key.clone()),
                    Cell::Text(item.status.label().to_string()),
                    Cell::Number(item.a),
                    Cell::Number(item.b),
                    Cell::Number(item.difference),
                    Cell::Text(reasons.join("; ")),
                ],
                detail: serde_json::to_value(item).unwrap_or_default(),
            }
        })
        .collect();
    ItemTable { columns, rows }
}

/// The verdict in plain words.
pub fn verdict(report: &ScoreReport<ComparisonDetails>) -> String {
    let confidence = report.bootstrap().map_or(0.95, |b| b.confidence) * 100.0;
    let (Some(beyond), Some(interval), Some(difference)) = (
        report.details.beyond_interval,
        report.details.interval,
        report.score("mean_difference"),
    ) else {
        return "No item has a score on both sides, so there is no difference to test.".into();
    };
    let direction = if difference > 0.0 { "higher" } else { "lower" };
    let interval = format!(
        "the {confidence:.0} % paired bootstrap interval of the mean difference, {:.4} to {:.4},",
        interval.low, interval.high
    );
    if beyond {
        format!("B scores {direction} than A, beyond the interval: {interval} excludes 0.")
    } else {
        format!(
            "The difference is within the interval: {interval} includes 0, so this test does not tell A and B apart."
        )
    }
}

fn report(
    label_a: &str,
    label_b: &str,
    score: &str,
    key: &str,
    items: Vec<ComparedItem>,
    bootstrap: &BootstrapAggregator,
) -> ScoreReport<ComparisonDetails> {
    let settings = ComparisonSettings {
        a: label_a.to_string(),
        b: label_b.to_string(),
        bootstrap: bootstrap.settings(),
        score: score.to_string(),
    };
    let mut report: ScoreReport<ComparisonDetails> = ScoreReport::new(
        METRIC,
        METRIC_VERSION,
        serde_json::to_value(settings).unwrap_or_default(),
    );
    let compared: Vec<&ComparedItem> = items
        .iter()
        .filter(|item| item.status == ItemStatus::Compared)
        .collect();
    let count = |status: ItemStatus| items.iter().filter(|i| i.status == status).count();
    let (only_in_a, only_in_b, undefined) = (
        count(ItemStatus::OnlyInA),
        count(ItemStatus::OnlyInB),
        count(ItemStatus::Undefined),
    );
    let differences: Vec<f64> = compared.iter().filter_map(|i| i.difference).collect();
    let interval = bootstrap
        .scalar_interval(&differences)
        .map(|[low, mid, high]| DifferenceInterval { high, low, mid });
    let note = match only_in_a + only_in_b + undefined {
        0 => format!("over the {} items both sides score", compared.len()),
        _ => format!(
            "over the {} items both sides score; left out: {only_in_a} only in A, {only_in_b} only in B, \
             {undefined} undefined on a side",
            compared.len()
        ),
    };
    let mean = |values: Vec<f64>| values.iter().sum::<f64>() / values.len() as f64;
    for (name, values) in [
        ("mean_a", compared.iter().filter_map(|i| i.a).collect()),
        ("mean_b", compared.iter().filter_map(|i| i.b).collect()),
        ("mean_difference", differences.clone()),
    ] {
        report.scores.push(if compared.is_empty() {
            Score::null(name, "no item has a score on both sides")
        } else {
            Score::new(name, mean(values)).with_note(note.clone())
        });
    }
    report.details = ComparisonDetails {
        beyond_interval: interval.map(|i| i.low > 0.0 || i.high < 0.0),
        compared: compared.len(),
        interval,
        items,
        key: key.to_string(),
        only_in_a,
        only_in_b,
        undefined,
    };
    report
}

/// A score value of one side: a number (or a flag, as 1 or 0), or null with why.
type SideValue = Result<f64, Undefined>;

/// Why one side has no value of a score for an item; its message is the item's null reason.
#[derive(Debug, Clone, PartialEq)]
enum Undefined {
    /// The table's own reason (its `null_reasons` column).
    Given(String),
    /// The table gives none for this score.
    Unexplained { score: String },
}

impl fmt::Display for Undefined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undefined::Given(reason) => f.write_str(reason),
            Undefined::Unexplained { score } => write!(f, "no {score} for this item"),
        }
    }
}

impl std::error::Error for Undefined {}

fn value(table: &ItemTable, row: &ItemRow, index: usize, score: &str) -> SideValue {
    match row.cells.get(index) {
        Some(Cell::Number(Some(v))) => Ok(*v),
        Some(Cell::Flag(flag)) => Ok(f64::from(u8::from(*flag))),
        _ => Err(null_reason(table, row, score)),
    }
}

/// The reason a table gives for an undefined score (a pairs table's `null_reasons` column, "name: reason"),
/// else a plain statement.
fn null_reason(table: &ItemTable, row: &ItemRow, score: &str) -> Undefined {
    let prefix = format!("{score}: ");
    column_index(table, "null_reasons")
        .and_then(|index| match row.cells.get(index) {
            Some(Cell::Text(reasons)) => reasons
                .split("; ")
                .find_map(|r| r.strip_prefix(&prefix).map(String::from)),
            _ => None,
        })
        .map_or_else(
            || Undefined::Unexplained {
                score: score.to_string(),
            },
            Undefined::Given,
        )
}

fn one_sided(key: &str, value: SideValue, status: ItemStatus) -> ComparedItem {
    let (number, reason) = split(value);
    let (a, a_null_reason, b, b_null_reason) = match status {
        ItemStatus::OnlyInA => (number, reason, None, Some("not in B".to_string())),
        _ => (None, Some("not in A".to_string()), number, reason),
    };
    ComparedItem {
        a,
        a_null_reason,
        b,
        b_null_reason,
        difference: None,
        key: key.to_string(),
        status,
    }
}

fn both_sides(key: &str, a: SideValue, b: SideValue) -> ComparedItem {
    let difference = match (&a, &b) {
        (Ok(a), Ok(b)) => Some(b - a),
        _ => None,
    };
    let ((a, a_null_reason), (b, b_null_reason)) = (split(a), split(b));
    ComparedItem {
        a,
        a_null_reason,
        b,
        b_null_reason,
        difference,
        key: key.to_string(),
        status: if difference.is_some() {
            ItemStatus::Compared
        } else {
            ItemStatus::Undefined
        },
    }
}

fn split(value: SideValue) -> (Option<f64>, Option<String>) {
    match value {
        Ok(v) => (Some(v), None),
        Err(reason) => (None, Some(reason.to_string())),
    }
}

fn column_index(table: &ItemTable, name: &str) -> Option<usize> {
    table.columns.iter().position(|c| c.name == name)
}

fn is_score_column(table: &ItemTable, index: usize) -> bool {
    !NOT_SCORES.contains(&table.columns[index].name.as_ref())
        && table
            .rows
            .iter()
            .all(|row| matches!(row.cells.get(index), Some(Cell::Number(_) | Cell::Flag(_))))
}

fn fills_column(table: &ItemTable, name: &str) -> bool {
    column_index(table, name).is_some_and(|index| {
        table
            .rows
            .iter()
            .all(|row| row.cells.get(index).is_some_and(|c| !c.text().is_empty()))
    })
}

/// A row has an item unless the benchmark scored a gold item the file has no prediction for (CaseFacts' and
/// LegalSearchQA's `missing_prediction` rows): those count as not in that side, not as a score of 0.
fn has_prediction(row: &ItemRow) -> bool {
    row.detail.get("missing_prediction") != Some(&serde_json::Value::Bool(true))
}

/// The rows with a prediction, by key, in the table's order; a key seen twice is an error.
fn keyed_rows<'t>(
    table: &'t ItemTable,
    key: &str,
    side: &'static str,
) -> Result<Vec<(String, &'t ItemRow)>, CompareError> {
    let index = column_index(table, key).ok_or(CompareError::NoKey)?;
    let mut seen = BTreeSet::new();
    let mut rows = Vec::with_capacity(table.rows.len());
    for row in table.rows.iter().filter(|row| has_prediction(row)) {
        let item_key = row.cells.get(index).map(Cell::text).unwrap_or_default();
        if !seen.insert(item_key.clone()) {
            return Err(CompareError::DuplicateItem {
                side,
                key: item_key,
            });
        }
        rows.push((item_key, row));
    }
    Ok(rows)
}

fn check_same_gold(
    table_a: &ItemTable,
    row_a: &ItemRow,
    table_b: &ItemTable,
    row_b: &ItemRow,
    key: &str,
) -> Result<(), CompareError> {
    for column in GOLD_COLUMNS {
        let cell = |table: &ItemTable, row: &ItemRow| {
            column_index(table, column).and_then(|index| row.cells.get(index).map(Cell::text))
        };
        if let (Some(a), Some(b)) = (cell(table_a, row_a), cell(table_b, row_b)) {
            if a != b {
                return Err(CompareError::DifferentGold {
                    key: key.to_string(),
                    column: column.to_string(),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
