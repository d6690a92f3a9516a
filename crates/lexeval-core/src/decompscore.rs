//! DecompScore (Wanner et al. 2024, §3.2) from precomputed decompositions and support judgements: "the
//! average number of supported subclaims per passage", so no endpoint is needed. Coherence (Table 6) is
//! the share of judged subclaims found supported. A judgement that failed (`supported: null`) is unjudged,
//! not "unsupported": a passage counts its supported subclaims among the judged ones, and a passage none
//! of whose subclaims could be judged is left out of the average. A passage decomposed into no subclaim
//! (a line without `subclaim`) counts 0 supported subclaims, as the paper's per-passage average does.
//! `subclaims`, the mean number per passage (the paper's Table 3), needs no judgement: it averages over
//! every passage, those left out of DecompScore included.

use crate::judged::{Coverage, Judgements};
use crate::report::{Score, ScoreReport};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const METRIC: &str = "decompscore";
pub const METRIC_VERSION: &str = "1";

/// One subclaim and whether the sentence it was decomposed from supports it (one JSON line), or, without
/// a subclaim, a passage (sentence) decomposed into none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "JudgementLine")]
pub struct SupportJudgement {
    /// The passage (e.g. a biography or an opinion) the sentence belongs to.
    pub passage: String,
    pub sentence: String,
    /// None (null or absent) when the sentence gave no subclaim.
    pub subclaim: Option<String>,
    /// Null when the judgement failed; always null without a subclaim.
    pub supported: Option<bool>,
}

/// A line as written, before the check that only a subclaim has a support judgement.
#[derive(Deserialize)]
struct JudgementLine {
    passage: String,
    sentence: String,
    #[serde(default)]
    subclaim: Option<String>,
    #[serde(default)]
    supported: Option<bool>,
}

impl TryFrom<JudgementLine> for SupportJudgement {
    type Error = &'static str;

    fn try_from(line: JudgementLine) -> Result<Self, Self::Error> {
        if line.subclaim.is_none() && line.supported.is_some() {
            return Err("a line without a subclaim cannot say whether it is supported");
        }
        Ok(SupportJudgement {
            passage: line.passage,
            sentence: line.sentence,
            subclaim: line.subclaim,
            supported: line.supported,
        })
    }
}

/// The report's details. Fields are declared in alphabetical order, the order the `json!` details had,
/// so saved reports and new ones print alike.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DecompScoreDetails {
    /// The supported subclaims, in input order: the coherence-filtered decomposition.
    pub coherent_subclaims: Vec<String>,
    pub failed_judgements: usize,
    /// One row per passage, sorted by its id.
    pub passages: Vec<PassageRow>,
}

/// One passage's counts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PassageRow {
    pub judged: usize,
    pub passage: String,
    pub subclaims: usize,
    pub supported: usize,
}

/// DecompScore averaged over passages, coherence, and subclaims per passage.
pub fn score(judgements: &[SupportJudgement]) -> ScoreReport<DecompScoreDetails> {
    let mut passages: BTreeMap<&str, PassageRow> = BTreeMap::new();
    let mut tally = Judgements::new("support");
    for j in judgements {
        let passage = passages
            .entry(j.passage.as_str())
            .or_insert_with(|| PassageRow {
                passage: j.passage.clone(),
                ..PassageRow::default()
            });
        let Some(subclaim) = &j.subclaim else {
            continue;
        };
        passage.subclaims += 1;
        match j.supported {
            Some(supported) => {
                tally.judged();
                passage.judged += 1;
                passage.supported += usize::from(supported);
            }
            None => tally.failed(format!("no support judgement for \"{subclaim}\"")),
        }
    }
    // Decided: some subclaim judged, or none to judge.
    let decided: Vec<&PassageRow> = passages
        .values()
        .filter(|p| p.judged > 0 || p.subclaims == 0)
        .collect();
    let mean = |value: fn(&PassageRow) -> usize| {
        decided.iter().map(|p| value(p) as f64).sum::<f64>() / decided.len() as f64
    };
    let coverage = Coverage {
        decided: decided.len(),
        total: passages.len(),
        items: "passages",
    };
    let supported_total: usize = decided.iter().map(|p| p.supported).sum();
    // Coherence is a share of subclaims: passages without any neither count nor leave it undecided.
    let coherence_coverage = Coverage {
        decided: passages.values().filter(|p| p.judged > 0).count(),
        total: passages.values().filter(|p| p.subclaims > 0).count(),
        items: "passages",
    };
    let mut report = ScoreReport::new(
        METRIC,
        METRIC_VERSION,
        serde_json::json!({"precomputed": true}),
    );
    report.scores = vec![
        tally.score(
            "decompscore",
            mean(|p| p.supported),
            coverage,
            "no subclaims",
        ),
        tally.score(
            "coherence",
            supported_total as f64 / tally.judged as f64,
            coherence_coverage,
            "no subclaims",
        ),
        if passages.is_empty() {
            Score::null("subclaims", "no subclaims")
        } else {
            Score::new(
                "subclaims",
                passages.values().map(|p| p.subclaims as f64).sum::<f64>() / passages.len() as f64,
            )
        },
    ];
    report.details = DecompScoreDetails {
        coherent_subclaims: judgements
            .iter()
            .filter(|j| j.supported == Some(true))
            .filter_map(|j| j.subclaim.clone())
            .collect(),
        failed_judgements: tally.failed,
        passages: passages.into_values().collect(),
    };
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judgement(passage: &str, subclaim: &str, supported: Option<bool>) -> SupportJudgement {
        SupportJudgement {
            passage: passage.into(),
            sentence: "Marbury v. Madison, decided in 1803, established judicial review.".into(),
            subclaim: Some(subclaim.into()),
            supported,
        }
    }

    #[test]
    fn averages_supported_subclaims_over_passages() {
        let judgements = [
            judgement(
                "marbury",
                "Marbury v. Madison was decided in 1803.",
                Some(true),
            ),
            judgement(
                "marbury",
                "Marbury v. Madison established judicial review.",
                Some(true),
            ),
            judgement(
                "marbury",
                "Marbury v. Madison was decided by Congress.",
                Some(false),
            ),
            judgement(
                "gideon",
                "Gideon v. Wainwright was decided in 1963.",
                Some(true),
            ),
            judgement("gideon", "Gideon v. Wainwright concerns counsel.", None),
        ];
        let report = score(&judgements);
        // (2 + 1) / 2 passages; coherence 3 of 4 judged; 5 subclaims over 2 passages.
        assert_eq!(report.score("decompscore"), Some(1.5));
        assert_eq!(report.score("coherence"), Some(0.75));
        assert_eq!(report.score("subclaims"), Some(2.5));
        assert_eq!(report.details.failed_judgements, 1);
        // A passage whose only judgement failed is left out, with a note.
        let mut more = judgements.to_vec();
        more.push(judgement(
            "miranda",
            "Miranda v. Arizona was decided in 1966.",
            None,
        ));
        let report = score(&more);
        assert_eq!(report.score("decompscore"), Some(1.5));
        assert!(report.scores[0]
            .note
            .as_deref()
            .unwrap()
            .starts_with("over 2 of 3 passages"));
        assert_eq!(score(&[]).score("decompscore"), None);
    }

    #[test]
    fn a_passage_without_subclaims_counts_zero_and_is_written_without_one() {
        let lines = r#"{"passage": "marbury", "sentence": "Marbury was decided in 1803.", "subclaim": "Marbury was decided in 1803.", "supported": true}
{"passage": "marbury", "sentence": "It is famous.", "subclaim": "Marbury is famous.", "supported": false}
{"passage": "gideon", "sentence": "Gideon was decided in 1963.", "subclaim": "Gideon was decided in 1963.", "supported": true}
{"passage": "gideon", "sentence": "Gideon concerns counsel.", "subclaim": "Gideon concerns counsel.", "supported": null}
{"passage": "empty", "sentence": "Hm.", "subclaim": null, "supported": null}
{"passage": "silent", "sentence": "Well."}
"#;
        let judgements = crate::records::parse::<SupportJudgement>(lines).unwrap();
        let report = score(&judgements);
        // (1 + 1 + 0 + 0) / 4 passages; coherence 2 of 3 judged; 4 subclaims over 4 passages.
        assert_eq!(report.score("decompscore"), Some(0.5));
        assert_eq!(report.score("coherence"), Some(2.0 / 3.0));
        assert_eq!(report.score("subclaims"), Some(1.0));
        assert!(report.scores.iter().all(|s| s.note.is_none()));
        assert_eq!(report.details.passages.len(), 4);
        // Nothing decomposed: DecompScore 0, coherence undefined.
        let report = score(&judgements[4..]);
        assert_eq!(report.score("decompscore"), Some(0.0));
        assert_eq!(
            report.scores[1].null_reason.as_deref(),
            Some("no subclaims")
        );
        // Only a subclaim has a support judgement.
        let error = crate::records::parse::<SupportJudgement>(
            r#"{"passage": "p", "sentence": "s", "supported": true}"#,
        )
        .unwrap_err();
        assert!(error.to_string().contains("without a subclaim"), "{error}");
    }
}
