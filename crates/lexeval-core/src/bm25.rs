//! Okapi BM25 exactly as `rank_bm25.BM25Okapi` (k1 = 1.5, b = 0.75, epsilon = 0.25: a negative idf is
//! replaced by epsilon × the average idf), and Recall@k over a ranked corpus.

use std::collections::HashMap;

/// Lower-case ASCII words and numbers: the tokenizer lexeval's BM25 and its parity test share.
pub fn tokenize(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

pub struct Bm25 {
    k1: f64,
    b: f64,
    average_length: f64,
    lengths: Vec<f64>,
    frequencies: Vec<HashMap<String, f64>>,
    idf: HashMap<String, f64>,
}

impl Bm25 {
    pub fn new(corpus: &[Vec<String>]) -> Bm25 {
        let mut document_frequency: HashMap<String, f64> = HashMap::new();
        let mut frequencies = Vec::with_capacity(corpus.len());
        for document in corpus {
            let mut counts: HashMap<String, f64> = HashMap::new();
            for word in document {
                *counts.entry(word.clone()).or_default() += 1.0;
            }
            for word in counts.keys() {
                *document_frequency.entry(word.clone()).or_default() += 1.0;
            }
            frequencies.push(counts);
        }
        let lengths: Vec<f64> = corpus.iter().map(|d| d.len() as f64).collect();
        let n = corpus.len() as f64;
        let average_length = if corpus.is_empty() {
            0.0
        } else {
            lengths.iter().sum::<f64>() / n
        };
        let mut idf: HashMap<String, f64> = document_frequency
            .into_iter()
            .map(|(w, df)| (w, (n - df + 0.5).ln() - (df + 0.5).ln()))
            .collect();
        let average_idf = if idf.is_empty() {
            0.0
        } else {
            idf.values().sum::<f64>() / idf.len() as f64
        };
        let floor = 0.25 * average_idf;
        for value in idf.values_mut() {
            if *value < 0.0 {
                *value = floor;
            }
        }
        Bm25 {
            k1: 1.5,
            b: 0.75,
            average_length,
            lengths,
            frequencies,
            idf,
        }
    }

    /// Scores of every document for the query tokens (a repeated query token counts again, as in rank_bm25).
    pub fn scores(&self, query: &[String]) -> Vec<f64> {
        let mut scores = vec![0.0; self.lengths.len()];
        for word in query {
            let idf = self.idf.get(word).copied().unwrap_or(0.0);
            if idf == 0.0 {
                continue;
            }
            for (i, counts) in self.frequencies.iter().enumerate() {
                let f = counts.get(word).copied().unwrap_or(0.0);
                let norm =
                    self.k1 * (1.0 - self.b + self.b * self.lengths[i] / self.average_length);
                scores[i] += idf * (f * (self.k1 + 1.0) / (f + norm));
            }
        }
        scores
    }

    /// Document indices ranked by score, best first (ties by index).
    pub fn rank(&self, query: &[String]) -> Vec<usize> {
        let scores = self.scores(query);
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_computed_scores() {
        let corpus: Vec<Vec<String>> = ["a b", "a c c", "d"].iter().map(|d| tokenize(d)).collect();
        let bm25 = Bm25::new(&corpus);
        // idf(c) = ln(3 - 1 + .5) - ln(1 + .5) = ln(2.5 / 1.5); avgdl = 2; doc 1 has c twice, length 3.
        let idf_c = (2.5f64 / 1.5).ln();
        let norm = 1.5 * (1.0 - 0.75 + 0.75 * 3.0 / 2.0);
        let expected = idf_c * (2.0 * 2.5 / (2.0 + norm));
        let scores = bm25.scores(&tokenize("c"));
        assert!((scores[1] - expected).abs() < 1e-12 && scores[0] == 0.0);
        assert_eq!(bm25.rank(&tokenize("C!")), [1, 0, 2]);
        assert!(Bm25::new(&[]).scores(&tokenize("a")).is_empty());
    }
}
