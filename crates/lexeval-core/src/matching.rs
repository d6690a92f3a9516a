//! Optimal assignment: the maximum-weight matching of a rectangular weight matrix (Hungarian algorithm with
//! potentials, O(n²m)), as scipy's `linear_sum_assignment(maximize=True)` computes it, and its
//! lexicographic form (the best total of one weight, ties broken by a second), for which the same algorithm
//! runs on pairs of weights: it needs only addition, subtraction and an order.

use std::ops::{Add, Neg, Sub};

/// Row → column pairs of a maximum-weight assignment of `weights` (rows × columns, rows of equal length).
/// Every row is matched when rows ≤ columns, every column otherwise. Non-finite weights count as 0.
pub fn max_weight_assignment(weights: &[Vec<f64>]) -> Vec<(usize, usize)> {
    assignment(weights, |r, c| finite(weights[r][c]), |a, b| a < b)
}

/// The assignment of greatest total `primary` weight and, among those whose totals are equal within
/// `tolerance`, of greatest total `secondary` weight. The second weight never outweighs a difference of the
/// first, however small, so it only breaks ties. Shapes and non-finite weights as in
/// [`max_weight_assignment`]; `secondary` must have `primary`'s shape.
pub fn lexicographic_max_assignment(
    primary: &[Vec<f64>],
    secondary: &[Vec<f64>],
    tolerance: f64,
) -> Vec<(usize, usize)> {
    let weight = |r: usize, c: usize| Lexicographic {
        first: finite(primary[r][c]),
        then: finite(secondary[r][c]),
    };
    // Sums of the same weights in another order differ by rounding: within `tolerance` they are equal.
    let less = |a: Lexicographic, b: Lexicographic| {
        if (a.first - b.first).abs() > tolerance {
            a.first < b.first
        } else {
            a.then < b.then
        }
    };
    assignment(primary, weight, less)
}

fn finite(weight: f64) -> f64 {
    if weight.is_finite() {
        weight
    } else {
        0.0
    }
}

/// The maximum-weight assignment over a matrix of `shape`'s shape with weights from `weight`, ordered by
/// `less`.
fn assignment<W: Cost>(
    shape: &[Vec<f64>],
    weight: impl Fn(usize, usize) -> W,
    less: impl Fn(W, W) -> bool,
) -> Vec<(usize, usize)> {
    let rows = shape.len();
    let columns = shape.iter().map(Vec::len).min().unwrap_or(0);
    if rows == 0 || columns == 0 {
        return Vec::new();
    }
    if rows <= columns {
        hungarian_min(rows, columns, |r, c| -weight(r, c), less)
    } else {
        hungarian_min(columns, rows, |c, r| -weight(r, c), less)
            .into_iter()
            .map(|(c, r)| (r, c))
            .collect()
    }
}

/// What the Hungarian algorithm needs of a cost besides an order: a group with an infinity.
trait Cost: Copy + Add<Output = Self> + Sub<Output = Self> + Neg<Output = Self> {
    const ZERO: Self;
    const INFINITY: Self;
}

impl Cost for f64 {
    const ZERO: f64 = 0.0;
    const INFINITY: f64 = f64::INFINITY;
}

/// A pair of weights, added and subtracted component by component.
#[derive(Clone, Copy)]
struct Lexicographic {
    first: f64,
    then: f64,
}

impl Add for Lexicographic {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Lexicographic {
            first: self.first + other.first,
            then: self.then + other.then,
        }
    }
}

impl Sub for Lexicographic {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        self + -other
    }
}

impl Neg for Lexicographic {
    type Output = Self;
    fn neg(self) -> Self {
        Lexicographic {
            first: -self.first,
            then: -self.then,
        }
    }
}

impl Cost for Lexicographic {
    const ZERO: Self = Lexicographic {
        first: 0.0,
        then: 0.0,
    };
    const INFINITY: Self = Lexicographic {
        first: f64::INFINITY,
        then: f64::INFINITY,
    };
}

/// Minimum-cost assignment of every one of `n` rows to distinct columns among `m ≥ n` (e-maxx formulation,
/// 1-based internally).
fn hungarian_min<W: Cost>(
    n: usize,
    m: usize,
    cost: impl Fn(usize, usize) -> W,
    less: impl Fn(W, W) -> bool,
) -> Vec<(usize, usize)> {
    let mut u = vec![W::ZERO; n + 1];
    let mut v = vec![W::ZERO; m + 1];
    let mut row_of_column = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for row in 1..=n {
        row_of_column[0] = row;
        let mut column = 0;
        let mut min_to = vec![W::INFINITY; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[column] = true;
            let current_row = row_of_column[column];
            let mut delta = W::INFINITY;
            let mut next = 0;
            for j in 1..=m {
                if used[j] {
                    continue;
                }
                let reduced = cost(current_row - 1, j - 1) - u[current_row] - v[j];
                if less(reduced, min_to[j]) {
                    min_to[j] = reduced;
                    way[j] = column;
                }
                if less(min_to[j], delta) {
                    delta = min_to[j];
                    next = j;
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[row_of_column[j]] = u[row_of_column[j]] + delta;
                    v[j] = v[j] - delta;
                } else {
                    min_to[j] = min_to[j] - delta;
                }
            }
            column = next;
            if row_of_column[column] == 0 {
                break;
            }
        }
        loop {
            let previous = way[column];
            row_of_column[column] = row_of_column[previous];
            column = previous;
            if column == 0 {
                break;
            }
        }
    }
    let mut pairs: Vec<(usize, usize)> = (1..=m)
        .filter(|&j| row_of_column[j] != 0)
        .map(|j| (row_of_column[j] - 1, j - 1))
        .collect();
    pairs.sort_unstable();
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(weights: &[Vec<f64>], pairs: &[(usize, usize)]) -> f64 {
        pairs.iter().map(|&(r, c)| weights[r][c]).sum()
    }

    #[test]
    fn picks_the_optimal_not_the_greedy_assignment() {
        // Greedy takes 0.9 then is left with 0.1; optimal is 0.8 + 0.7.
        let weights = vec![vec![0.9, 0.8], vec![0.7, 0.1]];
        assert_eq!(max_weight_assignment(&weights), [(0, 1), (1, 0)]);
    }

    #[test]
    fn rectangular_matrices_match_the_smaller_side() {
        let wide = vec![vec![0.1, 0.5, 0.3]];
        assert_eq!(max_weight_assignment(&wide), [(0, 1)]);
        let tall = vec![vec![0.1], vec![0.6], vec![0.3]];
        assert_eq!(max_weight_assignment(&tall), [(1, 0)]);
        assert!(max_weight_assignment(&[]).is_empty());
        assert!(max_weight_assignment(&[vec![]]).is_empty());
    }

    #[test]
    fn equals_brute_force_on_small_random_matrices() {
        use rand::Rng;
        let mut rng = crate::test_support::rng(42);
        let mut next = || rng.random::<f64>();
        for _ in 0..200 {
            let n = 1 + (next() * 5.0) as usize;
            let weights: Vec<Vec<f64>> = (0..n).map(|_| (0..n).map(|_| next()).collect()).collect();
            let best = permutations(n)
                .iter()
                .map(|p| (0..n).map(|r| weights[r][p[r]]).sum::<f64>())
                .fold(f64::MIN, f64::max);
            let got = total(&weights, &max_weight_assignment(&weights));
            assert!((got - best).abs() < 1e-12, "{got} vs {best}");
        }
    }

    #[test]
    fn the_second_weight_breaks_ties_only() {
        // A near miss: 0.138 beats 0.103 on the first weight, whatever the second says.
        let first = vec![vec![0.138], vec![0.103]];
        let then = vec![vec![0.0], vec![1.0]];
        assert_eq!(lexicographic_max_assignment(&first, &then, 1e-9), [(0, 0)]);
        // 0.7 + 0.1 and 0.4 + 0.4 are both 0.8 (computed 0.7999999999999999 and 0.8): a tie, which the
        // second weight decides.
        let first = vec![vec![0.7, 0.4], vec![0.4, 0.1]];
        let diagonal = vec![vec![1.0, 0.0], vec![0.0, 1.0]];
        assert_eq!(
            lexicographic_max_assignment(&first, &diagonal, 1e-9),
            [(0, 0), (1, 1)]
        );
        let anti_diagonal = vec![vec![0.0, 1.0], vec![1.0, 0.0]];
        assert_eq!(
            lexicographic_max_assignment(&first, &anti_diagonal, 1e-9),
            [(0, 1), (1, 0)]
        );
    }

    #[test]
    fn lexicographic_equals_brute_force_on_small_random_matrices() {
        use rand::Rng;
        let mut rng = crate::test_support::rng(7);
        for _ in 0..200 {
            let n = 1 + rng.random_range(0..5);
            // Few distinct first weights, so that many assignments tie on them.
            let mut matrix = |levels: u32| -> Vec<Vec<f64>> {
                (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| f64::from(rng.random_range(0..levels)) / 10.0)
                            .collect()
                    })
                    .collect()
            };
            let (first, then) = (matrix(3), matrix(10));
            let sum = |m: &[Vec<f64>], p: &[usize]| (0..n).map(|r| m[r][p[r]]).sum::<f64>();
            let best_first = permutations(n)
                .iter()
                .map(|p| sum(&first, p))
                .fold(f64::MIN, f64::max);
            let best_then = permutations(n)
                .iter()
                .filter(|p| sum(&first, p) > best_first - 1e-9)
                .map(|p| sum(&then, p))
                .fold(f64::MIN, f64::max);
            let got = lexicographic_max_assignment(&first, &then, 1e-9);
            assert!((total(&first, &got) - best_first).abs() < 1e-9);
            assert!((total(&then, &got) - best_then).abs() < 1e-9);
        }
    }

    fn permutations(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![vec![]];
        }
        permutations(n - 1)
            .into_iter()
            .flat_map(|p| {
                (0..n).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, n - 1);
                    q
                })
            })
            .collect()
    }
}
