//! Step 1 by the LLM (`points: llm`): each paragraph of a summary whose points are not supplied is split
//! into points by the LLM, one paragraph per prompt as the paper does (§5.2.1). A summary any of whose
//! paragraphs cannot be split has no points: the check's scores are then null with the reason, never
//! computed from the sentences instead.

use crate::judge::{Answer, Exchange, JudgeError, JudgeLanguage};
use crate::pointwise::Paragraph;
use std::fmt;

/// The summaries' paragraphs waiting for their points, and the distinct prompts that ask for them.
#[derive(Debug)]
pub(super) struct Extraction {
    /// Reference then candidate: the paragraphs to split with the index of each one's prompt, or `None`
    /// for a side whose points are supplied.
    sides: [Option<Vec<(String, usize)>>; 2],
    prompts: Vec<String>,
}

/// What the extraction gave: each side's paragraphs with their points (`None` where they were supplied),
/// or why a side has none; and every exchange, in the order of the prompts.
pub(super) struct Extracted {
    pub points: Result<[Option<Vec<Paragraph>>; 2], Unextracted>,
    pub exchanges: Vec<Exchange>,
}

/// Why a summary has no points: a paragraph of it the LLM did not split (the scores' null reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Unextracted {
    /// "reference" or "generated".
    side: &'static str,
    /// The paragraph's number in its summary, from 1.
    paragraph: usize,
    why: JudgeError,
}

impl fmt::Display for Unextracted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Unextracted {
            side,
            paragraph,
            why,
        } = self;
        write!(
            f,
            "the {side} summary's points could not be extracted by the LLM (paragraph {paragraph}): {why}"
        )
    }
}

impl std::error::Error for Unextracted {}

const SIDES: [&str; 2] = ["reference", "generated"];

impl Extraction {
    /// Asks for the points of the texts given (reference, candidate); `None` for a side with supplied points.
    pub fn new(texts: [Option<&str>; 2], judge: &dyn JudgeLanguage) -> Extraction {
        let mut prompts: Vec<String> = Vec::new();
        let sides = texts.map(|text| {
            text.map(|text| {
                paragraphs(text)
                    .into_iter()
                    .map(|paragraph| {
                        let prompt = judge.extract_points(&paragraph);
                        let index = prompts.iter().position(|p| *p == prompt);
                        let index = index.unwrap_or_else(|| {
                            prompts.push(prompt);
                            prompts.len() - 1
                        });
                        (paragraph, index)
                    })
                    .collect()
            })
        });
        Extraction { sides, prompts }
    }

    pub fn prompts(&self) -> &[String] {
        &self.prompts
    }

    /// Reads `answers`, one per prompt in order (the caller checked the count).
    pub fn finish(self, answers: Vec<Answer>, judge: &dyn JudgeLanguage) -> Extracted {
        let mut exchanges = Vec::with_capacity(self.prompts.len());
        let mut read = Vec::with_capacity(self.prompts.len());
        for (prompt, answer) in self.prompts.into_iter().zip(answers) {
            let mut exchange = Exchange::new(prompt, &answer);
            let points = answer.and_then(|a| judge.points(&a));
            if let Err(error) = &points {
                exchange.unusable(error);
            }
            read.push(points);
            exchanges.push(exchange);
        }
        let [reference, candidate] = self.sides;
        let side = |paragraphs: Option<Vec<(String, usize)>>, name: &'static str| {
            paragraphs
                .map(|paragraphs| split(paragraphs, &read, name))
                .transpose()
        };
        let points = side(reference, SIDES[0])
            .and_then(|reference| Ok([reference, side(candidate, SIDES[1])?]));
        Extracted { points, exchanges }
    }
}

/// One side's paragraphs with the points read from their answers, or why one has none.
fn split(
    paragraphs: Vec<(String, usize)>,
    read: &[Result<Vec<String>, JudgeError>],
    side: &'static str,
) -> Result<Vec<Paragraph>, Unextracted> {
    paragraphs
        .into_iter()
        .enumerate()
        .map(|(number, (paragraph, prompt))| {
            let why = match read.get(prompt) {
                Some(Ok(points)) => {
                    return Ok(Paragraph {
                        paragraph,
                        points: points.clone(),
                    })
                }
                Some(Err(why)) => why.clone(),
                None => JudgeError::Unanswered("no answer".into()),
            };
            Err(Unextracted {
                side,
                paragraph: number + 1,
                why,
            })
        })
        .collect()
}

/// A summary's paragraphs: its blocks of lines separated by blank lines, trimmed.
pub(super) fn paragraphs(text: &str) -> Vec<String> {
    let mut paragraphs = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines().chain([""]) {
        if line.trim().is_empty() {
            if !current.is_empty() {
                paragraphs.push(current.join("\n").trim().to_string());
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    paragraphs
}

#[cfg(test)]
mod tests {
    use super::paragraphs;

    #[test]
    fn paragraphs_are_blocks_between_blank_lines() {
        assert_eq!(
            paragraphs("  First line\nsame paragraph.\n \n\nSecond.\n"),
            ["First line\nsame paragraph.", "Second."]
        );
        assert!(paragraphs(" \n").is_empty());
    }
}
