//! Similarities of texts whose embeddings were computed elsewhere (the CLI's tract model, the page's
//! worker): each text is embedded once, then every pair is a lookup and a dot product.

use crate::report::{Score, ScoreReport};
use std::collections::HashMap;
use std::fmt;

/// Version of the whole-text embedding similarity carried by its report.
pub const METRIC_VERSION: &str = "1";

/// Cosine similarity of two vectors; 0 when either is all zeros or their lengths differ.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return 0.0;
    }
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let norms =
        a.iter().map(|x| x * x).sum::<f32>().sqrt() * b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norms == 0.0 {
        0.0
    } else {
        dot / norms
    }
}

/// Indices of `documents` by decreasing cosine with `query`; ties keep corpus order (dense retrieval).
pub fn rank_by_cosine(query: &[f32], documents: &[Vec<f32>]) -> Vec<usize> {
    let scores: Vec<f32> = documents.iter().map(|d| cosine(query, d)).collect();
    let mut order: Vec<usize> = (0..documents.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    order
}

/// A text looked up that was never embedded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingEmbedding {
    pub text: String,
}

impl fmt::Display for MissingEmbedding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no embedding for {:?}", self.text)
    }
}

impl std::error::Error for MissingEmbedding {}

/// Texts and their embeddings, for similarity lookups.
pub struct EmbeddedTexts {
    embeddings: HashMap<String, Vec<f32>>,
}

impl EmbeddedTexts {
    /// Pairs `texts[i]` with `embeddings[i]`.
    pub fn new(texts: Vec<String>, embeddings: Vec<Vec<f32>>) -> Self {
        EmbeddedTexts {
            embeddings: texts.into_iter().zip(embeddings).collect(),
        }
    }

    /// The distinct texts of `texts`, sorted: what to embed before building an [`EmbeddedTexts`].
    pub fn distinct<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let mut distinct: Vec<String> = texts.into_iter().map(str::to_string).collect();
        distinct.sort_unstable();
        distinct.dedup();
        distinct
    }

    /// Cosine similarity of two embedded texts, clamped to [0, 1] so it is thresholded like ROUGE F1.
    pub fn similarity(&self, a: &str, b: &str) -> Result<f64, MissingEmbedding> {
        Ok(f64::from(cosine(self.vector(a)?, self.vector(b)?)).clamp(0.0, 1.0))
    }

    fn vector(&self, text: &str) -> Result<&Vec<f32>, MissingEmbedding> {
        self.embeddings.get(text).ok_or_else(|| MissingEmbedding {
            text: text.to_string(),
        })
    }

    /// `matrix[r][c]` = [`EmbeddedTexts::similarity`] of `rows[r]` and `columns[c]` (reference × candidate
    /// points), or the first text without an embedding.
    pub fn matrix<S: AsRef<str>>(
        &self,
        rows: &[S],
        columns: &[S],
    ) -> Result<Vec<Vec<f64>>, MissingEmbedding> {
        rows.iter()
            .map(|r| {
                columns
                    .iter()
                    .map(|c| self.similarity(r.as_ref(), c.as_ref()))
                    .collect()
            })
            .collect()
    }
}

/// Cosine between the means of two texts' sentence embeddings (each text given as its sentences, claims or
/// points): a whole-text similarity that, unlike embedding the text at once, does not stop at the model's
/// 256 word pieces. `None` when a side has no sentence.
pub fn mean_cosine<S: AsRef<str>>(
    embedded: &EmbeddedTexts,
    reference: &[S],
    candidate: &[S],
) -> Result<Option<f64>, MissingEmbedding> {
    let mean = |sentences: &[S]| -> Result<Option<Vec<f32>>, MissingEmbedding> {
        let mut sum: Option<Vec<f32>> = None;
        for sentence in sentences.iter().map(AsRef::as_ref) {
            let vector = embedded.vector(sentence)?;
            match &mut sum {
                Some(sum) => sum.iter_mut().zip(vector).for_each(|(s, v)| *s += v),
                None => sum = Some(vector.clone()),
            }
        }
        Ok(sum)
    };
    Ok(match (mean(reference)?, mean(candidate)?) {
        (Some(a), Some(b)) => Some(f64::from(cosine(&a, &b))),
        _ => None,
    })
}

/// The "embedding" report of two texts given as their sentences: one score, `embedding_cosine`
/// ([`mean_cosine`]), null with the reason when it is undefined.
pub fn whole_text_report<S: AsRef<str>>(
    embedded: &EmbeddedTexts,
    reference: &[S],
    candidate: &[S],
) -> ScoreReport {
    let settings = serde_json::json!({
        "model": "all-MiniLM-L6-v2",
        "text_vector": "mean of the sentence embeddings",
    });
    let mut report = ScoreReport::new("embedding", METRIC_VERSION, settings);
    report
        .scores
        .push(match mean_cosine(embedded, reference, candidate) {
            Ok(Some(value)) => Score::new("embedding_cosine", value),
            Ok(None) => Score::null("embedding_cosine", "a text has no sentence to embed"),
            Err(missing) => Score::null("embedding_cosine", missing.to_string()),
        });
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_worked_examples() {
        assert!((cosine(&[1.0, 0.0], &[1.0, 1.0]) - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-7);
        assert_eq!(cosine(&[1.0, 2.0], &[-1.0, -2.0]), -1.0);
        assert_eq!(cosine(&[0.0, 0.0], &[1.0, 2.0]), 0.0);
        assert_eq!(cosine(&[1.0], &[1.0, 2.0]), 0.0);
    }

    #[test]
    fn dense_ranking_is_by_cosine_with_ties_in_corpus_order() {
        let documents = vec![
            vec![0.0, 1.0],
            vec![1.0, 0.0],
            vec![2.0, 0.0],
            vec![1.0, 1.0],
        ];
        assert_eq!(rank_by_cosine(&[1.0, 0.0], &documents), [1, 2, 3, 0]);
        assert!(rank_by_cosine(&[1.0, 0.0], &[]).is_empty());
    }

    #[test]
    fn similarity_is_a_clamped_lookup_and_unknown_texts_are_errors() {
        let texts = EmbeddedTexts::distinct(["b", "a", "b"]);
        assert_eq!(texts, ["a", "b"]);
        let embedded = EmbeddedTexts::new(texts, vec![vec![1.0, 0.0], vec![-1.0, 0.0]]);
        assert_eq!(embedded.similarity("a", "a"), Ok(1.0));
        assert_eq!(embedded.similarity("a", "b"), Ok(0.0));
        assert!(embedded.similarity("a", "c").is_err());
        assert_eq!(
            embedded.matrix(&["a", "b"], &["b"]),
            Ok(vec![vec![0.0], vec![1.0]])
        );
        assert!(embedded.matrix(&["a"], &["c"]).is_err());
    }

    #[test]
    fn whole_text_cosine_is_the_cosine_of_mean_sentence_vectors() {
        let embedded = EmbeddedTexts::new(
            vec!["a".into(), "b".into(), "c".into()],
            vec![vec![1.0, 0.0], vec![0.0, 1.0], vec![1.0, 1.0]],
        );
        // mean(a, b) = (0.5, 0.5) points the same way as c.
        let same = mean_cosine(&embedded, &["a", "b"], &["c"])
            .unwrap()
            .unwrap();
        assert!((same - 1.0).abs() < 1e-6);
        assert_eq!(mean_cosine::<&str>(&embedded, &[], &["c"]), Ok(None));
        assert!(mean_cosine(&embedded, &["z"], &["c"]).is_err());
        let report = whole_text_report(&embedded, &["a"], &["b"]);
        assert_eq!(report.score("embedding_cosine"), Some(0.0));
        let missing = whole_text_report::<&str>(&embedded, &["a"], &[]);
        assert_eq!(missing.scores[0].value, None);
    }
}
