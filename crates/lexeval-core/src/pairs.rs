//! Batch scoring of reference/generated pairs (`lexeval fresco|pointwise --pairs FILE`): the rows such a
//! file holds, and the aggregate of the per-pair reports: each score's mean over the pairs where it is
//! defined, with a seeded bootstrap interval (rouge-score's procedure, as `lexeval rouge --aggregate`).
//! A pair whose score is undefined keeps its null and reason and is left out of the mean, never counted
//! as 0; the mean's note says how many pairs it covers.

use crate::integrity::{self, Finding};
use crate::pipeline::MetricReport;
use crate::report::{Score, ScoreReport};
use crate::rouge::BootstrapAggregator;
use serde::{Deserialize, Serialize};

/// One row of a pairs file: `{"reference", "generated"}` (or `"candidate"`), or CLERC's generation pairs
/// (`"gold_text"`, `"generation"`, with `"idx"` and `"model"`). Other fields are ignored.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PairRecord {
    #[serde(alias = "gold_text")]
    pub reference: String,
    #[serde(alias = "candidate", alias = "generation")]
    pub generated: String,
    /// The row's own id, if it has one (CLERC's `idx`).
    #[serde(default, alias = "idx")]
    pub id: Option<serde_json::Value>,
    /// The system that generated the text (CLERC's `model`).
    #[serde(default)]
    pub model: Option<String>,
}

/// The scores of one pair, as its single-pair report gives them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairItem {
    /// 1-based position of the row in the file.
    pub item: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    pub scores: Vec<Score>,
    /// A brief pair's count of generated citations with findings (`integrity::flagged_citations`), and
    /// the findings; both absent when none, so a clean pair's record reads as it always has.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub to_check: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub integrity: Vec<Finding>,
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// Whether a batch of `metric` checks its pairs' citations (a brief check: L-FRESCO or FRESCO), so its
/// per-item table has a `to_check` column.
pub fn checks_citations(metric: &str) -> bool {
    matches!(metric, "l-fresco" | "fresco")
}

/// A score's bootstrap interval of the mean over the pairs where it is defined (null bounds when none is).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairsInterval {
    pub name: String,
    pub defined: usize,
    pub undefined: usize,
    pub low: Option<f64>,
    pub mid: Option<f64>,
    pub high: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairsDetails {
    pub intervals: Vec<PairsInterval>,
    pub items: Vec<PairItem>,
}

/// A batch's per-pair reports as they arrive in file order, gathered for [`aggregate`].
#[derive(Default)]
pub struct PairScores {
    first: Option<ScoreReport<()>>,
    items: Vec<PairItem>,
}

impl PairScores {
    /// Adds row `index` (0-based) of the file, with its id and model, scored as `metric`.
    pub fn add(
        &mut self,
        index: usize,
        (id, model): (Option<serde_json::Value>, Option<String>),
        metric: &MetricReport,
    ) {
        let findings = match metric {
            MetricReport::Fresco(report) => report.details.integrity.clone(),
            MetricReport::Pointwise(_) => Vec::new(),
        };
        let metric = metric.without_details();
        self.items.push(PairItem {
            item: index + 1,
            id,
            model,
            scores: metric.scores.clone(),
            to_check: integrity::flagged_citations(&findings),
            integrity: findings,
        });
        self.first.get_or_insert(metric);
    }

    /// The batch report ([`aggregate`]), or None when no pair was added.
    pub fn aggregate(self, bootstrap: &BootstrapAggregator) -> Option<ScoreReport<PairsDetails>> {
        Some(aggregate(&self.first?, self.items, bootstrap))
    }
}

/// The batch report: the per-pair metric's id, version and settings (with the bootstrap's), each score's
/// mean over its defined pairs, the intervals and every pair's scores. Score names follow the first pair.
pub fn aggregate(
    metric: &ScoreReport<()>,
    items: Vec<PairItem>,
    bootstrap: &BootstrapAggregator,
) -> ScoreReport<PairsDetails> {
    let mut report: ScoreReport<PairsDetails> = ScoreReport::new(
        &metric.metric,
        &metric.metric_version,
        metric.settings.clone(),
    );
    report.record_bootstrap(&bootstrap.settings());
    let names: Vec<String> = items
        .first()
        .map(|item| item.scores.iter().map(|s| s.name.clone()).collect())
        .unwrap_or_default();
    for name in names {
        let values: Vec<f64> = items
            .iter()
            .filter_map(|item| item.scores.iter().find(|s| s.name == name)?.value)
            .collect();
        let undefined = items.len() - values.len();
        let bounds = bootstrap.scalar_interval(&values);
        report.scores.push(if values.is_empty() {
            Score::null(&name, format!("undefined for all {} pairs", items.len()))
        } else {
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            let note = match undefined {
                0 => format!("mean over {} pairs", values.len()),
                _ => format!(
                    "mean over {} of {} pairs; {undefined} undefined, left out",
                    values.len(),
                    items.len()
                ),
            };
            Score::new(&name, mean).with_note(note)
        });
        report.details.intervals.push(PairsInterval {
            name,
            defined: values.len(),
            undefined,
            low: bounds.map(|b| b[0]),
            mid: bounds.map(|b| b[1]),
            high: bounds.map(|b| b[2]),
        });
    }
    report.details.items = items;
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(item: usize, fresco: Option<f64>) -> PairItem {
        let score = match fresco {
            Some(v) => Score::new("l-fresco", v),
            None => Score::null("l-fresco", "the reference has no cited claims"),
        };
        PairItem {
            item,
            id: None,
            model: None,
            scores: vec![score],
            to_check: 0,
            integrity: Vec::new(),
        }
    }

    #[test]
    fn an_undefined_pair_is_left_out_of_the_mean_and_counted() {
        let single = ScoreReport::<()>::new("l-fresco", "1", serde_json::json!({}));
        let bootstrap = BootstrapAggregator::new(0.95, 200, 3).unwrap();
        let items = vec![item(1, Some(0.5)), item(2, None), item(3, Some(1.0))];
        let report = aggregate(&single, items, &bootstrap);
        let score = &report.scores[0];
        assert_eq!(score.value, Some(0.75));
        assert_eq!(
            score.note.as_deref(),
            Some("mean over 2 of 3 pairs; 1 undefined, left out")
        );
        let interval = &report.details.intervals[0];
        assert_eq!((interval.defined, interval.undefined), (2, 1));
        let (low, high) = (interval.low.unwrap(), interval.high.unwrap());
        assert!((0.5..=0.75).contains(&low) && (0.75..=1.0).contains(&high));
        assert_eq!(report.settings["bootstrap"]["seed"], 3);
        assert_eq!(report.details.items[1].scores[0].value, None);
    }

    #[test]
    fn a_score_undefined_everywhere_is_null_not_zero() {
        let single = ScoreReport::<()>::new("l-fresco", "1", serde_json::json!({}));
        let bootstrap = BootstrapAggregator::new(0.95, 10, 0).unwrap();
        let report = aggregate(&single, vec![item(1, None), item(2, None)], &bootstrap);
        assert_eq!(report.scores[0].value, None);
        assert_eq!(
            report.scores[0].null_reason.as_deref(),
            Some("undefined for all 2 pairs")
        );
        assert_eq!(report.details.intervals[0].mid, None);
    }

    /// Pairs `texts` (reference, generated) through `job`'s pipeline, as a batch.
    fn batch(
        texts: &[(&str, &str)],
        job: impl Fn(&str, &str) -> crate::pipeline::CheckJob,
    ) -> ScoreReport<PairsDetails> {
        use crate::pipeline::Pipeline;
        use crate::test_support::{done, PlainJudge};
        let mut scores = PairScores::default();
        for (index, (reference, generated)) in texts.iter().enumerate() {
            let report = done(Pipeline::start(job(reference, generated), &PlainJudge).1);
            scores.add(index, (None, None), &report.metric);
        }
        let bootstrap = BootstrapAggregator::new(0.95, 10, 0).unwrap();
        scores.aggregate(&bootstrap).unwrap()
    }

    #[test]
    fn a_brief_pair_counts_its_citations_to_check_and_a_clean_one_reads_as_before() {
        use crate::similarity::Similarity;
        use crate::test_support::{brief_job, l_fresco, summary_job};
        let reference =
            "Officers must generally secure a warrant before searching a cell phone seized \
                         incident to an arrest. Riley v. California, 573 U.S. 373, 386 (2014).";
        // Riley's cite under another name with a pin of 999 (one citation, two findings), then Riley itself.
        let flagged =
            reference.replace("California, 573 U.S. 373, 386", "Texas, 573 U.S. 373, 999");
        let texts = [(reference, flagged.as_str()), (reference, reference)];
        let brief = batch(&texts, |r, g| {
            brief_job(r, g, l_fresco(Similarity::RougeL, 0.4))
        });
        let [one, two] = &brief.details.items[..] else {
            panic!("{:?}", brief.details.items)
        };
        assert_eq!((one.to_check, one.integrity.len()), (1, 2));
        assert_eq!((two.to_check, two.integrity.len()), (0, 0));
        let record = |item: &PairItem| serde_json::to_value(item).unwrap();
        assert_eq!(
            record(one)["integrity"][0]["check"]["kind"],
            "name_cite_mismatch"
        );
        assert_eq!(
            serde_json::to_string(two).unwrap(),
            r#"{"item":2,"scores":[{"name":"l-fresco","value":1.0},{"name":"citation_recall","value":1.0},{"name":"citation_precision","value":1.0}]}"#
        );
        let table = crate::items::pairs(&brief);
        let header = table.to_csv().lines().next().unwrap().to_string();
        assert_eq!(
            header,
            r#""item","id","model","l-fresco","citation_recall","citation_precision","to_check","null_reasons""#
        );
        let to_check = table.columns.iter().position(|c| c.name == "to_check");
        let counts: Vec<&crate::items::Cell> = table
            .rows
            .iter()
            .map(|row| &row.cells[to_check.unwrap()])
            .collect();
        use crate::items::Cell;
        assert_eq!(counts, [&Cell::Number(Some(1.0)), &Cell::Number(Some(0.0))]);
        // A summary batch checks no citations: no column.
        let summary = batch(&texts, |r, g| summary_job(r, g, Default::default()));
        assert!(summary
            .details
            .items
            .iter()
            .all(|item| item.integrity.is_empty()));
        let table = crate::items::pairs(&summary);
        assert!(table.columns.iter().all(|c| c.name != "to_check"));
    }

    #[test]
    fn clerc_generation_pairs_and_plain_pairs_are_read() {
        let rows: Vec<PairRecord> = crate::records::parse(concat!(
            r#"{"model": "gpt4o", "idx": 1, "generation": "G", "citations": [], "gold_text": "R", "label": ""}"#,
            "\n",
            r#"{"reference": "R2", "candidate": "C2"}"#,
            "\n",
            r#"{"reference": "R3", "generated": "G3", "id": "a"}"#,
        ))
        .unwrap();
        assert_eq!(rows[0].reference, "R");
        assert_eq!(rows[0].generated, "G");
        assert_eq!(rows[0].id, Some(serde_json::json!(1)));
        assert_eq!(rows[0].model.as_deref(), Some("gpt4o"));
        assert_eq!(rows[1].generated, "C2");
        assert_eq!(rows[2].id, Some(serde_json::json!("a")));
    }
}
