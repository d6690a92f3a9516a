//! rouge-score's `BootstrapAggregator`: confidence intervals on the mean score by bootstrap resampling.
//!
//! Same procedure as `scoring.BootstrapAggregator` (resample with replacement `samples` times, mean per
//! resample, then numpy's linear-interpolation percentiles at (1−c)/2, 50 % and 1−(1−c)/2; note `mid` is the
//! median of the resampled means, as in rouge-score, not the plain mean). The random generator is a seeded
//! ChaCha8, not numpy's Mersenne Twister, so intervals are reproducible for a seed and agree with
//! rouge-score's only statistically, never digit for digit.

use super::{RougeScore, RougeType};
use crate::report::BootstrapSettings;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Low / mid / high bounds of one ROUGE type, each a precision/recall/fmeasure triple. Fields in
/// alphabetical order, the order reports have always printed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AggregateScore {
    pub high: RougeScore,
    pub low: RougeScore,
    pub mid: RougeScore,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BootstrapAggregator {
    confidence: f64,
    samples: usize,
    seed: u64,
    scores: BTreeMap<RougeType, Vec<RougeScore>>,
}

/// Why an aggregator cannot be built.
#[derive(Debug, Clone, PartialEq)]
pub enum BootstrapError {
    Confidence(f64),
    NoSamples,
}

impl std::fmt::Display for BootstrapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BootstrapError::Confidence(c) => {
                write!(f, "confidence interval must be in [0, 1], got {c}")
            }
            BootstrapError::NoSamples => {
                write!(f, "the number of bootstrap samples must be positive")
            }
        }
    }
}

impl std::error::Error for BootstrapError {}

impl BootstrapAggregator {
    /// rouge-score's defaults are `confidence = 0.95`, `samples = 1000`.
    pub fn new(confidence: f64, samples: usize, seed: u64) -> Result<Self, BootstrapError> {
        if !(0.0..=1.0).contains(&confidence) {
            return Err(BootstrapError::Confidence(confidence));
        }
        if samples == 0 {
            return Err(BootstrapError::NoSamples);
        }
        Ok(BootstrapAggregator {
            confidence,
            samples,
            seed,
            scores: BTreeMap::new(),
        })
    }

    pub fn confidence(&self) -> f64 {
        self.confidence
    }

    pub fn samples(&self) -> usize {
        self.samples
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// What a report records of this bootstrap (`settings.bootstrap`).
    pub fn settings(&self) -> BootstrapSettings {
        BootstrapSettings {
            confidence: self.confidence,
            samples: self.samples,
            seed: self.seed,
            rng: None,
        }
    }

    /// Add the scores of one (reference, candidate) pair.
    pub fn add_scores(&mut self, scores: &BTreeMap<RougeType, RougeScore>) {
        for (&kind, score) in scores {
            self.scores.entry(kind).or_default().push(*score);
        }
    }

    /// Number of pairs added so far for each type.
    pub fn len(&self) -> usize {
        self.scores.values().map(Vec::len).max().unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bounds per ROUGE type (empty when nothing was added). Each type uses its own generator seeded with
    /// `seed`, so adding a type does not move the intervals of another.
    pub fn aggregate(&self) -> BTreeMap<RougeType, AggregateScore> {
        let bounds = self
            .scores
            .iter()
            .filter(|(_, scores)| !scores.is_empty())
            .map(|(&kind, scores)| {
                let [precision, recall, fmeasure] =
                    resampled_means(scores.len(), self.samples, self.seed, |i| {
                        let s = scores[i];
                        [s.precision, s.recall, s.fmeasure]
                    });
                let bound = |q: f64| RougeScore {
                    precision: percentile(&precision, q),
                    recall: percentile(&recall, q),
                    fmeasure: percentile(&fmeasure, q),
                };
                let [low, mid, high] = quantiles(self.confidence).map(bound);
                (kind, AggregateScore { high, low, mid })
            });
        crate::sorted::map(bounds)
    }

    /// Low / mid / high of the mean of one scalar score per item (e.g. L-FRESCO per pair), by the same
    /// procedure and seed as [`Self::aggregate`]; `None` without values.
    pub fn scalar_interval(&self, values: &[f64]) -> Option<[f64; 3]> {
        if values.is_empty() {
            return None;
        }
        let [means] = resampled_means(values.len(), self.samples, self.seed, |i| [values[i]]);
        Some(quantiles(self.confidence).map(|q| percentile(&means, q)))
    }
}

/// The (1−c)/2, 50 % and 1−(1−c)/2 quantiles: low, mid, high.
fn quantiles(confidence: f64) -> [f64; 3] {
    let delta = (1.0 - confidence) / 2.0;
    [delta, 0.5, 1.0 - delta]
}

/// `samples` means of `n` items drawn with replacement from a ChaCha8 seeded with `seed`, one sorted column
/// per measure `value(item)` returns.
fn resampled_means<const K: usize>(
    n: usize,
    samples: usize,
    seed: u64,
    value: impl Fn(usize) -> [f64; K],
) -> [Vec<f64>; K] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut means: [Vec<f64>; K] = std::array::from_fn(|_| Vec::with_capacity(samples));
    for _ in 0..samples {
        let mut sum = [0.0f64; K];
        for _ in 0..n {
            for (total, v) in sum.iter_mut().zip(value(rng.random_range(0..n))) {
                *total += v;
            }
        }
        for (column, total) in means.iter_mut().zip(sum) {
            column.push(total / n as f64);
        }
    }
    for column in &mut means {
        crate::sorted::sort_f64(column);
    }
    means
}

/// numpy's default ("linear") percentile of a sorted slice; `q` in [0, 1]. Callers never pass an empty
/// slice (types without scores are skipped); it would give 0.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let Some(&last) = sorted.last() else {
        return 0.0;
    };
    let position = q * (sorted.len() - 1) as f64;
    let below = position.floor();
    let index = below as usize;
    let Some(&next) = sorted.get(index + 1) else {
        return last;
    };
    let a = sorted[index];
    let t = position - below;
    // numpy's _lerp: interpolate from the nearer end for accuracy.
    let diff = next - a;
    if t >= 0.5 {
        next - diff * (1.0 - t)
    } else {
        a + diff * t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(f: f64) -> BTreeMap<RougeType, RougeScore> {
        BTreeMap::from([(
            RougeType::N(1),
            RougeScore {
                precision: f,
                recall: f,
                fmeasure: f,
            },
        )])
    }

    #[test]
    fn percentile_is_numpys_linear_interpolation() {
        let data = [1.0, 2.0, 3.0, 4.0];
        // np.percentile([1,2,3,4], [2.5, 50, 97.5]) == [1.075, 2.5, 3.925]
        assert!((percentile(&data, 0.025) - 1.075).abs() < 1e-12);
        assert_eq!(percentile(&data, 0.5), 2.5);
        assert!((percentile(&data, 0.975) - 3.925).abs() < 1e-12);
        assert_eq!(percentile(&[7.0], 0.3), 7.0);
    }

    #[test]
    fn constant_scores_give_a_degenerate_interval() {
        let mut agg = BootstrapAggregator::new(0.95, 200, 1).unwrap();
        for _ in 0..5 {
            agg.add_scores(&score(0.25));
        }
        let result = agg.aggregate();
        let r = result[&RougeType::N(1)];
        assert_eq!(
            (r.low.fmeasure, r.mid.fmeasure, r.high.fmeasure),
            (0.25, 0.25, 0.25)
        );
    }

    #[test]
    fn intervals_bracket_the_mean_and_are_reproducible() {
        let mut agg = BootstrapAggregator::new(0.95, 1000, 42).unwrap();
        for i in 0..50 {
            agg.add_scores(&score(f64::from(i) / 49.0));
        }
        let first = agg.aggregate();
        assert_eq!(first, agg.aggregate());
        let r = first[&RougeType::N(1)];
        assert!(r.low.fmeasure < 0.5 && 0.5 < r.high.fmeasure);
        assert!((r.mid.fmeasure - 0.5).abs() < 0.03);
        // Standard error of the mean of 0..1 uniform over 50 points is ~0.042: the 95 % half-width ~0.08.
        assert!((r.high.fmeasure - r.low.fmeasure - 0.165).abs() < 0.04);
    }

    #[test]
    fn a_scalar_interval_is_the_fmeasure_interval_of_the_same_values() {
        let mut agg = BootstrapAggregator::new(0.9, 500, 7).unwrap();
        let values: Vec<f64> = (0..20).map(|i| f64::from(i * i % 7) / 6.0).collect();
        for &v in &values {
            agg.add_scores(&score(v));
        }
        let r = agg.aggregate()[&RougeType::N(1)];
        assert_eq!(
            agg.scalar_interval(&values),
            Some([r.low.fmeasure, r.mid.fmeasure, r.high.fmeasure])
        );
        assert_eq!(agg.scalar_interval(&[]), None);
    }

    #[test]
    fn invalid_settings_are_errors() {
        assert!(BootstrapAggregator::new(1.5, 10, 0).is_err());
        assert!(BootstrapAggregator::new(0.95, 0, 0).is_err());
        assert!(BootstrapAggregator::new(0.95, 10, 0)
            .unwrap()
            .aggregate()
            .is_empty());
    }
}
