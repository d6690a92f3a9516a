//! Optimal assignment: the maximum-weight matching of a rectangular weight matrix (Hungarian algorithm with
//! potentials, O(n²m)), as scipy's `linear_sum_assignment(maximize=True)` computes it.

/// Row → column pairs of a maximum-weight assignment of `weights` (rows × columns, rows of equal length).
/// Every row is matched when rows ≤ columns, every column otherwise. Non-finite weights count as 0.
pub fn max_weight_assignment(weights: &[Vec<f64>]) -> Vec<(usize, usize)> {
    let rows = weights.len();
    let columns = weights.iter().map(Vec::len).min().unwrap_or(0);
    if rows == 0 || columns == 0 {
        return Vec::new();
    }
    let weight = |r: usize, c: usize| {
        if weights[r][c].is_finite() {
            weights[r][c]
        } else {
            0.0
        }
    };
    if rows <= columns {
        hungarian_min(rows, columns, |r, c| -weight(r, c))
    } else {
        hungarian_min(columns, rows, |c, r| -weight(r, c))
            .into_iter()
            .map(|(c, r)| (r, c))
            .collect()
    }
}

/// Minimum-cost assignment of every one of `n` rows to distinct columns among `m ≥ n` (e-maxx formulation,
/// 1-based internally).
fn hungarian_min(n: usize, m: usize, cost: impl Fn(usize, usize) -> f64) -> Vec<(usize, usize)> {
    let mut u = vec![0.0; n + 1];
    let mut v = vec![0.0; m + 1];
    let mut row_of_column = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for row in 1..=n {
        row_of_column[0] = row;
        let mut column = 0;
        let mut min_to = vec![f64::INFINITY; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[column] = true;
            let current_row = row_of_column[column];
            let mut delta = f64::INFINITY;
            let mut next = 0;
            for j in 1..=m {
                if used[j] {
                    continue;
                }
                let reduced = cost(current_row - 1, j - 1) - u[current_row] - v[j];
                if reduced < min_to[j] {
                    min_to[j] = reduced;
                    way[j] = column;
                }
                if min_to[j] < delta {
                    delta = min_to[j];
                    next = j;
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[row_of_column[j]] += delta;
                    v[j] -= delta;
                } else {
                    min_to[j] -= delta;
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
