//! Pointwise evaluation of legal summaries with an LLM: point extraction (A.1). Point matching (A.4) and the
//! 1-1 assignment's tie-breaks (A.5) are asked by the summary check pipeline in core, worded by
//! `tasks::judge::PaperJudge`.

use super::Exchange;
use crate::chat::Complete;
use crate::parse::parse_bullets;
use crate::prompts::POINTWISE_EXTRACT;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PointExtraction {
    pub paragraph: String,
    pub points: Vec<String>,
    pub exchange: Exchange,
}

/// Split each paragraph into points.
pub fn extract_points(client: &dyn Complete, paragraphs: &[String]) -> Vec<PointExtraction> {
    let prompts: Vec<String> = paragraphs
        .iter()
        .map(|p| POINTWISE_EXTRACT.render(&[("paragraph", p)]))
        .collect();
    let answers = client.complete_many(&prompts);
    paragraphs
        .iter()
        .zip(prompts)
        .zip(answers)
        .map(|((paragraph, prompt), answer)| {
            let mut exchange = Exchange::new(prompt, &answer);
            let points = answer.map(|a| parse_bullets(&a)).unwrap_or_default();
            if points.is_empty() && exchange.error.is_none() {
                exchange.error = Some("the answer has no \"- \" list of points".into());
            }
            PointExtraction {
                paragraph: paragraph.clone(),
                points,
                exchange,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LlmError;
    use serde_json::Value;

    /// Answers every prompt with the same text.
    struct Always(&'static str);

    impl Complete for Always {
        fn complete_many(&self, prompts: &[String]) -> Vec<Result<String, LlmError>> {
            prompts.iter().map(|_| Ok(self.0.to_string())).collect()
        }
        fn settings(&self) -> Value {
            Value::Null
        }
    }

    #[test]
    fn extraction_reads_the_bullets_or_says_why_not() {
        let got = extract_points(
            &Always("- The court ruled.\n- Costs to the defendant."),
            &["P".into()],
        );
        assert_eq!(
            got[0].points,
            ["The court ruled.", "Costs to the defendant."]
        );
        let none = extract_points(&Always("No list here."), &["P".into()]);
        assert!(none[0].exchange.error.is_some());
    }
}
