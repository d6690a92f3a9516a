//! Similarities of texts whose embeddings were computed elsewhere (the CLI's tract model, the page's
//! worker): each text is embedded once, then every pair is a lookup and a dot product.

use std::collections::HashMap;

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
    pub fn similarity(&self, a: &str, b: &str) -> Result<f64, String> {
        let vector = |text: &str| {
            self.embeddings
                .get(text)
                .ok_or_else(|| format!("no embedding for {text:?}"))
        };
        Ok(f64::from(cosine(vector(a)?, vector(b)?)).clamp(0.0, 1.0))
    }
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
    }
}
