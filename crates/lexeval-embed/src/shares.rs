//! Splitting texts between parallel embedding workers (the page's helpers, one per core).

/// Indices of `texts` for each of `workers` workers: longest first, dealt in turn, so every worker gets
/// about the same count and the same mix of lengths (the same batch shapes, so the same few plans) and
/// they finish together.
pub fn split_for_workers(texts: &[impl AsRef<str>], workers: usize) -> Vec<Vec<usize>> {
    let workers = workers.max(1);
    let mut order: Vec<usize> = (0..texts.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(texts[i].as_ref().len()));
    let mut shares = vec![Vec::new(); workers];
    for (turn, index) in order.into_iter().enumerate() {
        shares[turn % workers].push(index);
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLAIMS: [&str; 5] = [
        "The court held that the statute of limitations had run.",
        "Plaintiff appealed.",
        "The district court granted summary judgment to the defendant on all counts of the complaint.",
        "We affirm.",
        "The contract was ambiguous as to the delivery date.",
    ];

    #[test]
    fn every_text_goes_to_exactly_one_worker() {
        let shares = split_for_workers(&CLAIMS, 2);
        let mut all: Vec<usize> = shares.concat();
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2, 3, 4]);
        assert_eq!(shares[0], vec![2, 4, 3]);
        assert_eq!(shares[1], vec![0, 1]);
    }

    #[test]
    fn more_workers_than_texts_leaves_some_idle() {
        let shares = split_for_workers(&CLAIMS[..1], 4);
        assert_eq!(shares, vec![vec![0], vec![], vec![], vec![]]);
        assert_eq!(split_for_workers(&CLAIMS, 0), vec![vec![2, 0, 4, 1, 3]]);
    }
}
