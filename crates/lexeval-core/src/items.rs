//! One row per scored item of a benchmark — what the page's per-item table shows and sorts, and what the
//! per-item CSV (page and `lexeval casefacts|legalsearchqa --items FILE.csv`) holds. Each row also keeps the
//! item's whole record (`detail`), the breakdown the page opens and the per-item JSON saves.

use crate::casefacts::CaseFactsDetails;
use crate::legalsearchqa::{AnswerNaming, LegalSearchQaDetails, Question};
use crate::pairs::{self as batch, PairsDetails};
use crate::report::ScoreReport;
use crate::rouge::{RougeScore, RougeType};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// A column: its header, whether the page offers a filter over its distinct values, and how the page shows
/// its numbers. Names are static where tables are built and owned where one is read back (the score
/// worker's answer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Column {
    pub name: Cow<'static, str>,
    pub filter: bool,
    #[serde(default)]
    pub shown: Shown,
}

/// How the page shows a column's numbers. Only the page's table and opened item: the CSV and JSON keep the
/// numbers, so two files compare whatever they show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shown {
    /// Rounded ([`Cell::shown`]).
    #[default]
    Number,
    /// A 0-based choice as the letter that names it (0 = A): for predictions that answered with letters.
    Letter,
}

impl Shown {
    /// `cell` as the page shows it in this column.
    pub fn cell(self, cell: &Cell) -> String {
        match (self, cell) {
            (Shown::Letter, Cell::Number(Some(index))) => choice_letter(*index),
            _ => cell.shown(),
        }
    }

    /// A record's field as the page shows it, if this column's way differs from the field's own.
    pub fn field(self, value: &serde_json::Value) -> Option<String> {
        match self {
            Shown::Letter => value.as_f64().map(choice_letter),
            Shown::Number => None,
        }
    }
}

/// "A" for choice 0 … "Z" for 25; a choice past Z keeps its number.
fn choice_letter(index: f64) -> String {
    match u8::try_from(index as u64) {
        Ok(i) if i < 26 && index.fract() == 0.0 => char::from(b'A' + i).to_string(),
        _ => rounded(index, 4),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Cell {
    Text(String),
    /// Null when the item has no value (no prediction, unreadable answer).
    Number(Option<f64>),
    Flag(bool),
}

/// Read by the JSON value's type, without buffering it as `#[serde(untagged)]` would: the page reads
/// thousands of rows from the score worker at once.
impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        struct CellVisitor;
        impl serde::de::Visitor<'_> for CellVisitor {
            type Value = Cell;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string, a number, null or a boolean")
            }
            fn visit_str<E>(self, text: &str) -> Result<Cell, E> {
                Ok(Cell::Text(text.to_string()))
            }
            fn visit_string<E>(self, text: String) -> Result<Cell, E> {
                Ok(Cell::Text(text))
            }
            fn visit_f64<E>(self, value: f64) -> Result<Cell, E> {
                Ok(Cell::Number(Some(value)))
            }
            fn visit_i64<E>(self, value: i64) -> Result<Cell, E> {
                Ok(Cell::Number(Some(value as f64)))
            }
            fn visit_u64<E>(self, value: u64) -> Result<Cell, E> {
                Ok(Cell::Number(Some(value as f64)))
            }
            fn visit_unit<E>(self) -> Result<Cell, E> {
                Ok(Cell::Number(None))
            }
            fn visit_bool<E>(self, flag: bool) -> Result<Cell, E> {
                Ok(Cell::Flag(flag))
            }
        }
        deserializer.deserialize_any(CellVisitor)
    }
}

/// Decimals of every number in a CSV the page or the CLI writes: one precision for all (0.126667 beside
/// 0.162, never 0.12666666666666662), enough for any score; the JSON reports keep full precision.
pub const CSV_DECIMALS: usize = 6;

/// `value` rounded to `decimals`, without trailing zeros ("0.6667", "1", "12"; never "-0").
fn rounded(value: f64, decimals: usize) -> String {
    let fixed = format!("{value:.decimals$}");
    let trimmed = if fixed.contains('.') {
        fixed.trim_end_matches('0').trim_end_matches('.')
    } else {
        &fixed
    };
    match trimmed {
        "-0" => "0".to_string(),
        _ => trimmed.to_string(),
    }
}

/// A number as a CSV holds it: [`CSV_DECIMALS`] decimals, trailing zeros dropped.
pub fn csv_number(value: f64) -> String {
    rounded(value, CSV_DECIMALS)
}

impl Cell {
    /// The cell in full precision (the page's title and data-value, filters), an empty cell for null.
    pub fn text(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Number(value) => value.map(|v| v.to_string()).unwrap_or_default(),
            Cell::Flag(flag) => flag.to_string(),
        }
    }

    /// The cell as the page's table shows it: numbers to four decimals without trailing zeros ("0.6667",
    /// "1", "12"), so a column fits a phone; the full value stays in [`Cell::text`].
    pub fn shown(&self) -> String {
        match self {
            Cell::Number(Some(value)) => rounded(*value, 4),
            other => other.text(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemRow {
    pub cells: Vec<Cell>,
    /// The item's whole record (the report's row, with the gold question for LegalSearchQA).
    pub detail: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemTable {
    pub columns: Vec<Column>,
    pub rows: Vec<ItemRow>,
}

impl ItemTable {
    /// RFC 4180 CSV: a header, then one line per item; every text cell quoted, every number to
    /// [`CSV_DECIMALS`].
    pub fn to_csv(&self) -> String {
        let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        let line = |cells: Vec<String>| cells.join(",") + "\r\n";
        let mut out = line(self.columns.iter().map(|c| quote(&c.name)).collect());
        for row in &self.rows {
            out.push_str(&line(
                row.cells
                    .iter()
                    .map(|cell| match cell {
                        Cell::Text(text) => quote(text),
                        Cell::Number(Some(value)) => csv_number(*value),
                        other => other.text(),
                    })
                    .collect(),
            ));
        }
        out
    }

    /// Every item's whole record, as the per-item JSON download saves them.
    pub fn details(&self) -> Vec<&serde_json::Value> {
        self.rows.iter().map(|row| &row.detail).collect()
    }
}

pub(crate) fn column(name: &'static str, filter: bool) -> Column {
    Column {
        name: Cow::Borrowed(name),
        filter,
        shown: Shown::Number,
    }
}

/// One row per gold claim: its verdicts and the scores of `casefacts::score`.
pub fn casefacts(details: &CaseFactsDetails) -> ItemTable {
    let columns = vec![
        column("claim", false),
        column("gold_label", true),
        column("predicted_verdict", true),
        column("verdict_correct", true),
        column("recall_at_5", false),
        column("evidence_score", false),
        column("evidence_score_recall", false),
        column("verdict_score", false),
        column("verdict_score_recall", false),
    ];
    let rows = details
        .claims
        .iter()
        .map(|row| ItemRow {
            cells: vec![
                Cell::Text(row.claim.clone()),
                Cell::Text(row.gold_label.clone()),
                Cell::Text(row.predicted_verdict.clone()),
                Cell::Flag(row.verdict_correct),
                Cell::Number(Some(row.recall_at_5)),
                Cell::Number(Some(row.evidence_score)),
                Cell::Number(Some(row.evidence_score_recall)),
                Cell::Number(Some(row.verdict_score)),
                Cell::Number(Some(row.verdict_score_recall)),
            ],
            detail: serde_json::to_value(row).unwrap_or_default(),
        })
        .collect();
    ItemTable { columns, rows }
}

/// One row per pair of `lexeval fresco|pointwise --pairs`: its row number, id and model (CLERC's), each
/// score (empty when undefined), for a brief batch the number of generated citations to check
/// (`to_check`), and the reasons of the undefined scores.
pub fn pairs(report: &ScoreReport<PairsDetails>) -> ItemTable {
    let details = &report.details;
    let to_check = batch::checks_citations(&report.metric);
    let score_names: Vec<&'static str> = details
        .intervals
        .iter()
        .filter_map(|interval| score_column(&interval.name))
        .collect();
    let mut columns = vec![
        column("item", false),
        column("id", false),
        column("model", true),
    ];
    columns.extend(score_names.iter().map(|name| column(name, false)));
    if to_check {
        columns.push(column("to_check", false));
    }
    columns.push(column("null_reasons", false));
    let rows = details
        .items
        .iter()
        .map(|item| {
            let id = match &item.id {
                Some(serde_json::Value::String(id)) => id.clone(),
                Some(id) => id.to_string(),
                None => String::new(),
            };
            let mut cells = vec![
                Cell::Number(Some(item.item as f64)),
                Cell::Text(id),
                Cell::Text(item.model.clone().unwrap_or_default()),
            ];
            cells.extend(score_names.iter().map(|name| {
                Cell::Number(
                    item.scores
                        .iter()
                        .find(|s| s.name == *name)
                        .and_then(|s| s.value),
                )
            }));
            if to_check {
                cells.push(Cell::Number(Some(item.to_check as f64)));
            }
            let reasons: Vec<String> = item
                .scores
                .iter()
                .filter_map(|s| Some(format!("{}: {}", s.name, s.null_reason.as_ref()?)))
                .collect();
            cells.push(Cell::Text(reasons.join("; ")));
            ItemRow {
                cells,
                detail: serde_json::to_value(item).unwrap_or_default(),
            }
        })
        .collect();
    ItemTable { columns, rows }
}

/// One row per ROUGE pair (1-based `item`, in file order): each type's F1 as a column, precision and
/// recall in the record, as `lexeval rouge --pairs --items` writes them.
pub fn rouge(pairs: &[(usize, BTreeMap<RougeType, RougeScore>)]) -> ItemTable {
    let types: Vec<RougeType> = pairs
        .first()
        .map(|(_, scores)| scores.keys().copied().collect())
        .unwrap_or_default();
    let mut columns = vec![column("item", false)];
    columns.extend(types.iter().map(|kind| Column {
        name: Cow::Owned(kind.name()),
        filter: false,
        shown: Shown::Number,
    }));
    let rows = pairs
        .iter()
        .map(|(item, scores)| {
            let mut cells = vec![Cell::Number(Some(*item as f64))];
            cells.extend(
                types
                    .iter()
                    .map(|kind| Cell::Number(scores.get(kind).map(|s| s.fmeasure))),
            );
            ItemRow {
                cells,
                detail: serde_json::json!({ "item": item, "scores": scores }),
            }
        })
        .collect();
    ItemTable { columns, rows }
}

/// A brief or summary report's score name as a column name (columns are static; these are every name
/// those reports carry).
fn score_column(name: &str) -> Option<&'static str> {
    [
        "l-fresco",
        "fresco",
        "citation_recall",
        "citation_precision",
    ]
    .into_iter()
    .chain(crate::pointwise::SCORE_NAMES)
    .find(|known| *known == name)
}

/// One row per question, with the gold question's category, domain and difficulty (the report's rows
/// keep only the id); the page names the gold and chosen answers as the predictions did (`naming`).
pub fn legalsearchqa(
    details: &LegalSearchQaDetails,
    questions: &[Question],
    naming: AnswerNaming,
) -> ItemTable {
    let choice = |name| Column {
        shown: match naming {
            AnswerNaming::Letters => Shown::Letter,
            AnswerNaming::Indices => Shown::Number,
        },
        ..column(name, false)
    };
    let by_id: HashMap<&str, &Question> = questions.iter().map(|q| (q.id.as_str(), q)).collect();
    let columns = vec![
        column("id", false),
        column("category", true),
        column("domain", true),
        column("difficulty", true),
        column("correct", true),
        choice("gold"),
        choice("chosen"),
        column("u_score", false),
    ];
    let rows = details
        .questions
        .iter()
        .map(|row| {
            let question = by_id.get(row.id.as_str());
            let field = |get: fn(&Question) -> &String| {
                Cell::Text(question.map(|q| get(q).clone()).unwrap_or_default())
            };
            let mut detail = serde_json::to_value(row).unwrap_or_default();
            if let (Some(object), Some(question)) = (detail.as_object_mut(), question) {
                object.insert(
                    "question".into(),
                    serde_json::to_value(question).unwrap_or_default(),
                );
            }
            ItemRow {
                cells: vec![
                    Cell::Text(row.id.clone()),
                    field(|q| &q.category),
                    field(|q| &q.domain),
                    field(|q| &q.difficulty),
                    Cell::Flag(row.correct),
                    Cell::Number(Some(row.gold as f64)),
                    Cell::Number(row.chosen.map(|c| c as f64)),
                    Cell::Number(row.u_score),
                ],
                detail,
            }
        })
        .collect();
    ItemTable { columns, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::casefacts::{self, GoldClaim, Prediction};

    #[test]
    fn numbers_show_to_four_decimals_and_export_in_full() {
        let shown = |v: Option<f64>| Cell::Number(v).shown();
        assert_eq!(shown(Some(2.0 / 3.0)), "0.6667");
        assert_eq!(shown(Some(1.0)), "1");
        assert_eq!(shown(Some(12.0)), "12");
        assert_eq!(shown(Some(0.5)), "0.5");
        assert_eq!(shown(Some(-0.00001)), "0");
        assert_eq!(shown(None), "");
        assert_eq!(Cell::Number(Some(2.0 / 3.0)).text(), "0.6666666666666666");
        assert_eq!(Cell::Text("0.123456".into()).shown(), "0.123456");
        assert_eq!(csv_number(0.12666666666666662), "0.126667");
        assert_eq!(csv_number(0.162), "0.162");
        assert_eq!(csv_number(12.0), "12");
        assert_eq!(csv_number(-0.0000001), "0");
    }

    #[test]
    fn choices_show_as_letters_for_letter_predictions_and_stay_indices_in_csv() {
        use crate::legalsearchqa::QuestionRow;
        let details = LegalSearchQaDetails {
            questions: vec![QuestionRow {
                chosen: Some(0),
                correct: false,
                gold: 2,
                id: "q".into(),
                missing_prediction: false,
                u_score: None,
                unreadable_answer: false,
            }],
            ..LegalSearchQaDetails::default()
        };
        let shown = |naming| {
            let table = legalsearchqa(&details, &[], naming);
            let cells = &table.rows[0].cells;
            let show = |i: usize| table.columns[i].shown.cell(&cells[i]);
            let csv = table.to_csv();
            (show(5), show(6), csv.lines().nth(1).unwrap().to_string())
        };
        let csv = "\"q\",\"\",\"\",\"\",false,2,0,".to_string();
        assert_eq!(
            shown(AnswerNaming::Letters),
            ("C".into(), "A".into(), csv.clone())
        );
        assert_eq!(shown(AnswerNaming::Indices), ("2".into(), "0".into(), csv));
        assert_eq!(Shown::Letter.field(&serde_json::json!(1)), Some("B".into()));
        assert_eq!(Shown::Number.field(&serde_json::json!(1)), None);
    }

    #[test]
    fn casefacts_rows_follow_the_gold_and_quote_text_in_csv() {
        let gold = [
            GoldClaim {
                claim:
                    "A buffer zone around clinics violates the \"First Amendment\", per McCullen."
                        .into(),
                case_name: vec!["McCullen v. Coakley".into()],
                overruling_case: None,
                label: "Supported".into(),
            },
            GoldClaim {
                claim: "A state may not ban abortion before viability.".into(),
                case_name: vec!["Roe v. Wade".into()],
                overruling_case: Some("Dobbs v. Jackson Women's Health Organization".into()),
                label: "Overruled".into(),
            },
        ];
        let predictions = [Prediction {
            claim: gold[0].claim.clone(),
            predicted_cases: vec!["McCullen v. Coakley".into(), "Hill v. Colorado".into()],
            predicted_verdict: "Supported".into(),
        }];
        let table = casefacts(&casefacts::score(&gold, &predictions).details);
        let csv = table.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "\"claim\",\"gold_label\",\"predicted_verdict\",\"verdict_correct\",\"recall_at_5\",\"evidence_score\",\"evidence_score_recall\",\"verdict_score\",\"verdict_score_recall\"");
        // P = 1/2, R = 1 → F1 2/3, to six decimals.
        assert_eq!(
            lines[1],
            "\"A buffer zone around clinics violates the \"\"First Amendment\"\", per McCullen.\",\"SUPPORTED\",\"SUPPORTED\",true,1,0.666667,1,0.666667,1"
        );
        assert_eq!(lines[2], "\"A state may not ban abortion before viability.\",\"OVERRULED\",\"MISSING\",false,0,0,0,0,0");
        assert_eq!(table.details()[1]["missing_prediction"], true);
    }
}
