//! LegalSearchQA (L-MARS): multiple-choice accuracy, broken down by category, domain and difficulty, with the
//! mean U-Score of the explanations when predictions carry them.

mod details;

pub use details::{BreakdownRow, LegalSearchQaDetails, QuestionRow};

use crate::report::{Score, ScoreReport};
use crate::uscore;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

pub const METRIC_VERSION: &str = "1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Question {
    pub id: String,
    pub question: String,
    pub choices: Vec<String>,
    /// 0-based index of the right choice.
    pub gold: usize,
    #[serde(default)]
    pub category: String,
    #[serde(default)]
    pub domain: String,
    #[serde(default)]
    pub difficulty: String,
}

/// One prediction: the chosen answer as a 0-based index (a JSON number, like `Question::gold`), or as text
/// a model wrote: a letter ("B", "(B)", "B.", "b)"), a 1-based choice number ("2", "(2)", "2.") or the
/// choice's text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    pub id: String,
    pub answer: serde_json::Value,
    #[serde(default)]
    pub explanation: Option<String>,
    #[serde(default)]
    pub sources: Vec<String>,
}

/// How a predictions file names its answers, so the page's table names them alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerNaming {
    /// 0-based indices as the data set's `gold`, numbers counted from 1, or the choices' text.
    Indices,
    /// Letters, A for the first choice.
    Letters,
}

impl AnswerNaming {
    /// Letters when any prediction answers with one ("B", "(B)", "b)").
    pub fn of(predictions: &[Prediction]) -> AnswerNaming {
        let letter = |p: &Prediction| {
            p.answer
                .as_str()
                .is_some_and(|s| matches!(bare_label(s).as_bytes(), [c] if c.is_ascii_alphabetic()))
        };
        if predictions.iter().any(letter) {
            AnswerNaming::Letters
        } else {
            AnswerNaming::Indices
        }
    }
}

/// An answer's label without the brackets or the "." or ":" after it ("(B)." → "B").
fn bare_label(answer: &str) -> &str {
    answer
        .trim()
        .trim_start_matches(['(', '['])
        .trim_end_matches([')', ']', '.', ':'])
        .trim()
}

/// The 0-based choice an answer names, if it names one.
///
/// A JSON number is a 0-based index, as in the data set's `gold` field. Text is read as a model writes it:
/// the choice's own text first (so a choice that is itself "3" or "B" is found as written), then one
/// letter (A = first choice) or a number counted from 1 ("3" = third choice: models and people number
/// options from 1, and "0" names no choice), either one optionally in brackets or followed by "." or ":".
pub fn chosen_index(answer: &serde_json::Value, choices: &[String]) -> Option<usize> {
    let index = match answer {
        serde_json::Value::Number(n) => usize::try_from(n.as_u64()?).ok()?,
        serde_json::Value::String(s) => {
            let s = s.trim();
            if let Some(i) = choices
                .iter()
                .position(|c| c.trim().eq_ignore_ascii_case(s))
            {
                return Some(i);
            }
            let label = bare_label(s);
            match label.as_bytes() {
                [letter] if letter.is_ascii_alphabetic() => {
                    usize::from(letter.to_ascii_uppercase() - b'A')
                }
                digits if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) => {
                    label.parse::<usize>().ok()?.checked_sub(1)?
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    (index < choices.len()).then_some(index)
}

pub fn score(
    questions: &[Question],
    predictions: &[Prediction],
) -> ScoreReport<LegalSearchQaDetails> {
    let by_id: HashMap<&str, &Prediction> =
        predictions.iter().map(|p| (p.id.as_str(), p)).collect();
    let mut rows = Vec::with_capacity(questions.len());
    let mut groups: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    let mut u_scores = Vec::new();
    for q in questions {
        let prediction = by_id.get(q.id.as_str());
        let chosen = prediction.and_then(|p| chosen_index(&p.answer, &q.choices));
        let correct = chosen == Some(q.gold);
        for (kind, value) in [
            ("category", &q.category),
            ("domain", &q.domain),
            ("difficulty", &q.difficulty),
        ] {
            let entry = groups.entry((kind.to_string(), value.clone())).or_default();
            entry.0 += 1;
            entry.1 += usize::from(correct);
        }
        let u = prediction
            .and_then(|p| p.explanation.as_deref())
            .map(|text| {
                uscore::score(
                    text,
                    &prediction.map(|p| p.sources.clone()).unwrap_or_default(),
                )
            });
        if let Some(value) = u.as_ref().and_then(|r| r.score("u_score")) {
            u_scores.push(value);
        }
        rows.push(QuestionRow {
            chosen,
            correct,
            gold: q.gold,
            id: q.id.clone(),
            missing_prediction: prediction.is_none(),
            u_score: u.and_then(|r| r.score("u_score")),
            unreadable_answer: prediction.is_some() && chosen.is_none(),
        });
    }
    let mut report = ScoreReport::new("legalsearchqa", METRIC_VERSION, serde_json::json!({}));
    let correct = rows.iter().filter(|r| r.correct).count();
    report.scores.push(if questions.is_empty() {
        Score::null("accuracy", "no questions")
    } else {
        Score::new("accuracy", correct as f64 / questions.len() as f64)
    });
    report.scores.push(if u_scores.is_empty() {
        Score::null("u_score", "no prediction has an explanation")
    } else {
        Score::new(
            "u_score",
            u_scores.iter().sum::<f64>() / u_scores.len() as f64,
        )
    });
    let breakdown = groups
        .into_iter()
        .map(|((by, value), (n, right))| BreakdownRow {
            accuracy: right as f64 / n as f64,
            by,
            questions: n,
            value,
        })
        .collect();
    report.details = LegalSearchQaDetails {
        breakdown,
        judge: None,
        llm: None,
        questions: rows,
    };
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn question(id: &str, gold: usize, category: &str) -> Question {
        Question {
            id: id.into(),
            question: "?".into(),
            choices: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            gold,
            category: category.into(),
            domain: String::new(),
            difficulty: String::new(),
        }
    }

    #[test]
    fn predictions_answer_by_letter_when_any_answer_is_one() {
        let p = |answer: serde_json::Value| Prediction {
            id: "1".into(),
            answer,
            explanation: None,
            sources: vec![],
        };
        let naming = |answers: Vec<serde_json::Value>| {
            AnswerNaming::of(&answers.into_iter().map(p).collect::<Vec<_>>())
        };
        assert_eq!(naming(vec![json!(1), json!("(b).")]), AnswerNaming::Letters);
        assert_eq!(
            naming(vec![json!(1), json!("2"), json!("the statute")]),
            AnswerNaming::Indices
        );
        assert_eq!(naming(vec![]), AnswerNaming::Indices);
    }

    #[test]
    fn accuracy_reads_indices_letters_and_choice_text() {
        let questions = [
            question("1", 1, "status"),
            question("2", 0, "status"),
            question("3", 3, "tax"),
            question("4", 2, "tax"),
        ];
        let p = |id: &str, answer: serde_json::Value| Prediction {
            id: id.into(),
            answer,
            explanation: None,
            sources: vec![],
        };
        let predictions = [
            p("1", json!(1)),
            p("2", json!("A")),
            p("3", json!("c")),
            p("9", json!(0)),
        ];
        let report = score(&questions, &predictions);
        // 1 and 2 right, 3 wrong ("c" is choice 2), 4 missing.
        assert_eq!(report.score("accuracy"), Some(0.5));
        assert_eq!(report.score("u_score"), None);
        assert_eq!(report.details.breakdown[0].value, "status");
        assert_eq!(report.details.breakdown[0].accuracy, 1.0);
        assert_eq!(chosen_index(&json!("b)"), &questions[0].choices), Some(1));
        assert_eq!(chosen_index(&json!(7), &questions[0].choices), None);
    }

    #[test]
    fn letters_in_brackets_and_one_based_numbers_name_choices() {
        // L-MARS style question with four options; the gold answer is the fourth, (D).
        let choices: Vec<String> = [
            "The tenant may withhold rent without notice.",
            "The landlord may evict without a court order.",
            "The lease is void for want of a writing.",
            "The tenant must give written notice and a reasonable time to repair.",
        ]
        .map(String::from)
        .to_vec();
        for answer in ["(D)", "D.", "d)", "[D]", "D:", "4", "(4)", "4."] {
            assert_eq!(chosen_index(&json!(answer), &choices), Some(3), "{answer}");
        }
        // A JSON number is 0-based like `gold`; text numbers count from 1, so "0" and "5" name nothing.
        assert_eq!(chosen_index(&json!(3), &choices), Some(3));
        for answer in ["0", "5", "(E)", "DD", "", "-1"] {
            assert_eq!(chosen_index(&json!(answer), &choices), None, "{answer}");
        }
        // A choice whose text is a number is found as written.
        let counts: Vec<String> = ["1", "3", "5", "9"].map(String::from).to_vec();
        assert_eq!(chosen_index(&json!("3"), &counts), Some(1));
        assert_eq!(chosen_index(&json!("4"), &counts), Some(3));
    }
}
