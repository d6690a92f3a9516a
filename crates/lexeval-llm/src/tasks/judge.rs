//! The papers' LLM judge for the check pipelines in core (`lexeval_core::pipeline`): L-FRESCO's B-SIM
//! (Wei et al. 2024, §3.3) and pointwise point extraction, matching and tie-breaks (Step 1 with the A.1
//! heuristics, A.4, A.5), worded by the prompts in `prompts/` and read by `parse`.

use crate::parse::{parse_bullets, parse_last_number, parse_yes_no};
use crate::prompts::{LFRESCO_SIMILARITY, POINTWISE_EXTRACT, POINTWISE_MATCH, POINTWISE_TIEBREAK};
use lexeval_core::judge::{JudgeError, JudgeLanguage, PointQuestion};

/// The judge of the papers lexeval implements.
pub struct PaperJudge;

impl JudgeLanguage for PaperJudge {
    fn extract_points(&self, paragraph: &str) -> String {
        POINTWISE_EXTRACT.render(&[("paragraph", paragraph)])
    }

    fn points(&self, answer: &str) -> Result<Vec<String>, JudgeError> {
        let points = parse_bullets(answer);
        if points.is_empty() {
            return Err(JudgeError::Unreadable(
                "the answer has no \"- \" list of points".into(),
            ));
        }
        Ok(points)
    }

    fn same_claim(&self, generated: &str, reference: &str) -> String {
        LFRESCO_SIMILARITY.render(&[("generated", generated), ("reference", reference)])
    }

    fn same_point(&self, q: &PointQuestion<'_>) -> String {
        POINTWISE_MATCH.render(&[
            ("summary", q.summary),
            ("reference_context", q.reference_context),
            ("candidate_context", q.candidate_context),
            ("reference_point", q.reference_point),
            ("candidate_point", q.candidate_point),
        ])
    }

    fn closest_reference(&self, candidate_point: &str, numbered_references: &str) -> String {
        POINTWISE_TIEBREAK.render(&[
            ("candidate_point", candidate_point),
            ("numbered_references", numbered_references),
        ])
    }

    fn verdict(&self, answer: &str) -> Result<bool, JudgeError> {
        parse_yes_no(answer).map_err(|e| JudgeError::Unreadable(e.to_string()))
    }

    fn number(&self, answer: &str) -> Result<usize, JudgeError> {
        parse_last_number(answer).map_err(|e| JudgeError::Unreadable(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_carry_both_texts_and_verdicts_are_the_final_word() {
        let prompt = PaperJudge.same_claim("Officers are liable.", "Officers may be liable.");
        assert!(prompt.contains("Officers are liable."));
        assert!(prompt.contains("Reference claim: Officers may be liable."));
        assert_eq!(PaperJudge.verdict("They agree. Yes"), Ok(true));
        assert_eq!(PaperJudge.verdict("Yes, but no."), Ok(false));
        assert!(matches!(
            PaperJudge.verdict("Unsure."),
            Err(JudgeError::Unreadable(why)) if why.contains("no Yes/No")
        ));
        assert_eq!(PaperJudge.number("The second one: 2"), Ok(2));
        let question = PointQuestion {
            summary: "S",
            reference_context: "p0\np1",
            candidate_context: "q0",
            reference_point: "p1",
            candidate_point: "q0",
        };
        assert!(PaperJudge.same_point(&question).contains("First point: p1"));
        assert!(PaperJudge
            .closest_reference("q0", "1. p0\n2. p1")
            .contains("2. p1"));
    }

    #[test]
    fn extraction_reads_the_bullets_or_says_why_not() {
        assert!(PaperJudge
            .extract_points("The court ruled.")
            .contains("Paragraph: The court ruled."));
        assert_eq!(
            PaperJudge.points("Points:\n- The court ruled.\n- Costs to the defendant."),
            Ok(vec![
                "The court ruled.".to_string(),
                "Costs to the defendant.".to_string()
            ])
        );
        assert!(matches!(
            PaperJudge.points("No list here."),
            Err(JudgeError::Unreadable(why)) if why.contains("list of points")
        ));
    }
}
