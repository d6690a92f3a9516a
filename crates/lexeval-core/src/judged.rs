//! Failure is never a number: a compared pair whose similarity failed (an LLM call failed, its answer was
//! unreadable) is unjudged, not 0. A score covers the items that could be decided, says in a note how many
//! were left out, and is null with the first error when nothing could be decided.

#[cfg(test)]
use crate::report::Bounds;
use crate::report::Score;

/// Serde default of a row's `judged` flag: reports made before metric version 2 counted every row.
pub(crate) fn judged_before_version_2() -> bool {
    true
}

/// The similarity judgements a metric asked for: how many succeeded, how many failed, the first error.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Judgements {
    /// Who judged, as users name it: "LLM" for the LLM judge, else the similarity's name.
    judge: String,
    pub judged: usize,
    pub failed: usize,
    pub first_error: Option<String>,
}

/// A share-like score's hits among its items, as weights (1 per item, or a point's weight): over the decided
/// items, and the weight of all items, decided or not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Share {
    pub hits: f64,
    pub decided: f64,
    pub total: f64,
}

impl Share {
    /// The score over the decided items (0 when they weigh nothing).
    fn value(&self) -> f64 {
        ratio(self.hits, self.decided)
    }

    /// Every undecided item a miss, or every one a hit.
    fn bounds(&self) -> (f64, f64) {
        let undecided = self.total - self.decided;
        (
            ratio(self.hits, self.total),
            ratio(self.hits + undecided, self.total),
        )
    }
}

fn ratio(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        part / whole
    } else {
        0.0
    }
}

/// How many of a score's items (reference pairs, points) could be decided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Coverage<'a> {
    pub decided: usize,
    pub total: usize,
    /// The item's name in the plural, e.g. "reference pairs".
    pub items: &'a str,
}

impl Judgements {
    /// Judgements of the similarity named `similarity` (the settings' name, e.g. "llm", "rougeL").
    pub fn new(similarity: &str) -> Self {
        let judge = if similarity == "llm" {
            "LLM".to_string()
        } else {
            similarity.to_string()
        };
        Judgements {
            judge,
            ..Judgements::default()
        }
    }

    pub fn judged(&mut self) {
        self.judged += 1;
    }

    pub fn failed(&mut self, error: impl std::fmt::Display) {
        self.failed += 1;
        self.first_error.get_or_insert_with(|| error.to_string());
    }

    /// `share` over the decided items as a score; null with `empty_reason` when there are no items, null
    /// with the first error when none could be decided, noted and bounded when some could not.
    pub fn share_score(
        &self,
        name: &str,
        share: Share,
        coverage: Coverage,
        empty_reason: &str,
    ) -> Score {
        // Bounds only for a partly decided share: all decided is exact, none decided is null.
        let partly_decided = 0 < coverage.decided && coverage.decided < coverage.total;
        let score = self.score(name, share.value(), coverage, empty_reason);
        if !partly_decided {
            return score;
        }
        let (lower, upper) = share.bounds();
        score.with_bounds(lower, upper)
    }

    /// `value` (computed over the decided items) as a score; null with `empty_reason` when there are no
    /// items, null with the first error when none could be decided, noted when some could not.
    pub fn score(&self, name: &str, value: f64, coverage: Coverage, empty_reason: &str) -> Score {
        let Coverage {
            decided,
            total,
            items,
        } = coverage;
        if total == 0 {
            return Score::null(name, empty_reason);
        }
        let first = self.first_error.as_deref().unwrap_or("no error recorded");
        let judge = &self.judge;
        if decided == 0 {
            let reason = if self.judged == 0 {
                format!("every {judge} judgement failed: {first}")
            } else {
                let failed = self.failed;
                let asked = self.judged + failed;
                format!("no {items} could be decided: {failed} of {asked} {judge} judgements failed (first: {first})")
            };
            return Score::null(name, reason);
        }
        let score = Score::new(name, value);
        if decided == total {
            return score;
        }
        let failed = self.failed;
        let plural = if failed == 1 { "" } else { "s" };
        score.with_note(format!(
            "over {decided} of {total} {items}: {failed} {judge} judgement{plural} failed (first: {first})"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_decided_is_null_with_the_first_error_and_part_decided_is_noted() {
        let mut judgements = Judgements::new("llm");
        judgements.failed("endpoint returned 500");
        judgements.failed("timed out");
        let all_failed = Coverage {
            decided: 0,
            total: 2,
            items: "reference pairs",
        };
        let none_decided = Share {
            hits: 0.0,
            decided: 0.0,
            total: 2.0,
        };
        let score = judgements.share_score("score", none_decided, all_failed, "none");
        assert_eq!(score.value, None);
        assert_eq!(
            score.null_reason.as_deref(),
            Some("every LLM judgement failed: endpoint returned 500")
        );
        judgements.judged();
        let half = Coverage {
            decided: 1,
            ..all_failed
        };
        let one_of_two = Share {
            hits: 1.0,
            decided: 1.0,
            total: 2.0,
        };
        let score = judgements.share_score("score", one_of_two, half, "none");
        assert_eq!(score.value, Some(1.0));
        // The undecided pair a miss, or a hit.
        assert_eq!(
            score.bounds,
            Some(Bounds {
                lower: 0.5,
                upper: 1.0
            })
        );
        assert_eq!(
            score.note.as_deref(),
            Some("over 1 of 2 reference pairs: 2 LLM judgements failed (first: endpoint returned 500)")
        );
        let empty = Coverage {
            decided: 0,
            total: 0,
            items: "reference pairs",
        };
        let nothing = Share {
            hits: 0.0,
            decided: 0.0,
            total: 0.0,
        };
        let score = judgements.share_score("score", nothing, empty, "no pairs");
        assert_eq!(score.null_reason.as_deref(), Some("no pairs"));
    }
}
