//! Correlation with human scores: Pearson, Spearman (average ranks for ties), Kendall's tau-b and RMSE, and
//! the summary-, system- and population-level correlations of the pointwise paper (§6.3). Undefined values
//! (fewer than two points, zero variance) are `None`, never NaN.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

pub fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < 2 {
        return None;
    }
    let (mx, my) = (mean(x), mean(y));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    let r = sxy / (sxx * syy).sqrt();
    r.is_finite().then(|| r.clamp(-1.0, 1.0))
}

/// Ranks starting at 1, ties sharing their average rank (scipy's `rankdata(method="average")`).
pub fn ranks(values: &[f64]) -> Vec<f64> {
    let order = crate::sorted::order_by_f64(values);
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = rank;
        }
        i = j + 1;
    }
    out
}

pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    pearson(&ranks(x), &ranks(y))
}

/// Kendall's tau-b (scipy's default), O(n²).
pub fn kendall(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < 2 {
        return None;
    }
    let (mut concordant, mut discordant, mut tied_x, mut tied_y) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for i in 0..x.len() {
        for j in i + 1..x.len() {
            let sign = |a: f64, b: f64| if a == b { 0.0 } else { (a - b).signum() };
            let (dx, dy) = (sign(x[i], x[j]), sign(y[i], y[j]));
            match (dx == 0.0, dy == 0.0) {
                (true, true) => {}
                (true, false) => tied_x += 1.0,
                (false, true) => tied_y += 1.0,
                (false, false) if dx == dy => concordant += 1.0,
                (false, false) => discordant += 1.0,
            }
        }
    }
    let tau = (concordant - discordant)
        / ((concordant + discordant + tied_x) * (concordant + discordant + tied_y)).sqrt();
    tau.is_finite().then_some(tau)
}

pub fn rmse(x: &[f64], y: &[f64]) -> Option<f64> {
    (x.len() == y.len() && !x.is_empty()).then(|| {
        (x.iter().zip(y).map(|(a, b)| (a - b) * (a - b)).sum::<f64>() / x.len() as f64).sqrt()
    })
}

/// One scored summary: the case it summarises, the system that wrote it, the metric's and a human's score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Judgement {
    pub case: String,
    pub system: String,
    pub metric: f64,
    pub human: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Correlation {
    Pearson,
    Spearman,
    Kendall,
}

impl Correlation {
    pub const ALL: [Correlation; 3] = [
        Correlation::Pearson,
        Correlation::Spearman,
        Correlation::Kendall,
    ];

    pub fn of(self, x: &[f64], y: &[f64]) -> Option<f64> {
        match self {
            Correlation::Pearson => pearson(x, y),
            Correlation::Spearman => spearman(x, y),
            Correlation::Kendall => kendall(x, y),
        }
    }
}

/// One correlation at the three levels of §6.3; None where it is undefined (fewer than two values, or
/// one of them constant).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Levels {
    /// The mean over cases of the correlation among one case's systems.
    pub summary: Option<f64>,
    /// The correlation of the systems' mean scores.
    pub system: Option<f64>,
    /// The correlation over every (case, system) judgement.
    pub population: Option<f64>,
}

/// `correlation` of metric and human scores at the summary, system and population levels.
pub fn levels(judgements: &[Judgement], correlation: Correlation) -> Levels {
    let mut by_case: BTreeMap<&str, (Vec<f64>, Vec<f64>)> = BTreeMap::new();
    let mut by_system: BTreeMap<&str, (Vec<f64>, Vec<f64>)> = BTreeMap::new();
    for j in judgements {
        let case = by_case.entry(&j.case).or_default();
        case.0.push(j.metric);
        case.1.push(j.human);
        let system = by_system.entry(&j.system).or_default();
        system.0.push(j.metric);
        system.1.push(j.human);
    }
    let per_case: Vec<f64> = by_case
        .values()
        .filter_map(|(m, h)| correlation.of(m, h))
        .collect();
    let summary = (!per_case.is_empty()).then(|| mean(&per_case));
    let (system_metric, system_human): (Vec<f64>, Vec<f64>) =
        by_system.values().map(|(m, h)| (mean(m), mean(h))).unzip();
    let system = correlation.of(&system_metric, &system_human);
    let (all_metric, all_human): (Vec<f64>, Vec<f64>) =
        judgements.iter().map(|j| (j.metric, j.human)).unzip();
    Levels {
        summary,
        system,
        population: correlation.of(&all_metric, &all_human),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_computed_values() {
        let x = [1.0, 2.0, 3.0, 4.0];
        let y = [2.0, 4.0, 5.0, 4.0];
        // Pearson: sxy = 3.5, sxx = 5, syy = 4.75 → 3.5 / sqrt(23.75).
        assert!((pearson(&x, &y).unwrap() - 3.5 / 23.75f64.sqrt()).abs() < 1e-12);
        assert_eq!(ranks(&y), [1.0, 2.5, 4.0, 2.5]);
        // Kendall tau-b: 4 concordant, 1 discordant, 1 tie in y → 3 / sqrt(6 · 5).
        assert!((kendall(&x, &y).unwrap() - 3.0 / 30f64.sqrt()).abs() < 1e-12);
        // RMSE: squared errors 1, 4, 4, 0 → sqrt(9 / 4).
        assert!((rmse(&x, &y).unwrap() - 1.5).abs() < 1e-12);
        assert_eq!(pearson(&[1.0, 1.0], &[2.0, 3.0]), None);
        assert_eq!(spearman(&[1.0], &[1.0]), None);
    }

    #[test]
    fn three_levels() {
        let j = |case: &str, system: &str, metric: f64, human: f64| Judgement {
            case: case.into(),
            system: system.into(),
            metric,
            human,
        };
        let rows = [
            j("c1", "a", 0.1, 0.2),
            j("c1", "b", 0.5, 0.6),
            j("c2", "a", 0.3, 0.1),
            j("c2", "b", 0.2, 0.4),
        ];
        let Levels {
            summary,
            system,
            population,
        } = levels(&rows, Correlation::Pearson);
        // Per case: c1 → +1, c2 → −1; mean 0. Systems: a (0.2, 0.15), b (0.35, 0.5) → +1.
        assert!(summary.unwrap().abs() < 1e-12);
        assert!((system.unwrap() - 1.0).abs() < 1e-12);
        let xs = [0.1, 0.5, 0.3, 0.2];
        let ys = [0.2, 0.6, 0.1, 0.4];
        assert_eq!(population, pearson(&xs, &ys));
        // `lexeval correlate` prints the levels by these names.
        let json = serde_json::to_value(levels(&rows, Correlation::Kendall)).unwrap();
        let names: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert_eq!(names, ["population", "summary", "system"]);
        assert_eq!(
            serde_json::to_value(Correlation::ALL).unwrap(),
            serde_json::json!(["pearson", "spearman", "kendall"])
        );
    }
}
