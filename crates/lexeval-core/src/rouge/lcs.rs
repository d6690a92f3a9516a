//! Longest common subsequences over interned token ids: ROUGE-L and the union LCS of ROUGE-Lsum.

/// Memory budget, in 64-bit words, for precomputed match masks; rarer tokens get theirs built per use.
const MAX_MASK_WORDS: usize = 1 << 22;

/// Length of the longest common subsequence of `a` and `b` (token ids below `vocabulary`).
///
/// Bit-parallel (Allison–Dix / Hyyrö 2004): one bit per position of the shorter sequence, so it is ~64×
/// faster than the dynamic-programming table rouge-score fills, with the same (unique) length. Each step
/// only touches the words from the token's first occurrence on while a carry runs, which keeps whole
/// documents (a megabyte each) fast.
pub fn lcs_length(a: &[u32], b: &[u32], vocabulary: usize) -> usize {
    lcs_length_within(a, b, vocabulary, MAX_MASK_WORDS)
}

/// [`lcs_length`] with at most `budget` words of precomputed masks.
fn lcs_length_within(a: &[u32], b: &[u32], vocabulary: usize, budget: usize) -> usize {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.is_empty() {
        return 0;
    }
    let words = short.len().div_ceil(64);
    let positions = Positions::of(short, vocabulary);
    // Dense masks for the most frequent tokens, as many as the budget holds: (usize::MAX - count, token)
    // pairs, most frequent first and ties by token, sorted by the crate's one sort of `(usize, usize)`
    // (`crate::sorted`).
    let mut by_frequency: Vec<(usize, usize)> = (0..vocabulary as u32)
        .map(|t| (usize::MAX - positions.of_token(t).len(), t as usize))
        .filter(|&(rest, _)| rest != usize::MAX)
        .collect();
    by_frequency.sort_unstable();
    let mut dense_row = vec![u32::MAX; vocabulary];
    let dense_count = by_frequency.len().min(budget / words);
    let mut masks = vec![0u64; dense_count * words];
    for (row, &(_, token)) in by_frequency.iter().take(dense_count).enumerate() {
        dense_row[token] = row as u32;
        for &i in positions.of_token(token as u32) {
            masks[row * words + i as usize / 64] |= 1u64 << (i % 64);
        }
    }
    let mut scratch = vec![0u64; words];
    // v has a 0 bit for every position of `short` that is part of the LCS so far.
    let mut v = vec![u64::MAX; words];
    for &token in long {
        let occurrences = positions.of_token(token);
        let Some(&first) = occurrences.first() else {
            continue;
        };
        let dense = dense_row[token as usize];
        let mask = if dense == u32::MAX {
            for &i in occurrences {
                scratch[i as usize / 64] |= 1u64 << (i % 64);
            }
            &scratch[..]
        } else {
            &masks[dense as usize * words..(dense as usize + 1) * words]
        };
        let last_word = occurrences[occurrences.len() - 1] as usize / 64;
        step(&mut v, mask, first as usize / 64, last_word);
        if dense == u32::MAX {
            for &i in occurrences {
                scratch[i as usize / 64] = 0;
            }
        }
    }
    // Padding bits above short.len() start at 1 and never change, so zeros count the LCS.
    v.iter().map(|w| w.count_zeros() as usize).sum()
}

/// One row of the bit-parallel recurrence. Words below `first` have no match and no carry, so they keep
/// their value; past `last` the mask is zero and the words change only while the carry runs. Two loops
/// rather than one with a test per word: this is the inner loop of a whole-text ROUGE-L (a megabyte pair's
/// hundreds of millions of words).
fn step(v: &mut [u64], mask: &[u64], first: usize, last: usize) {
    let mut carry = 0u64;
    for (vk, &mk) in v[first..=last].iter_mut().zip(&mask[first..=last]) {
        let u = *vk & mk;
        let (sum, c1) = vk.overflowing_add(u);
        let (sum, c2) = sum.overflowing_add(carry);
        carry = u64::from(c1 | c2);
        *vk = sum | (*vk & !mk);
    }
    // With a zero mask a word becomes (v + carry) | v.
    for vk in &mut v[last + 1..] {
        if carry == 0 {
            break;
        }
        let (sum, c) = vk.overflowing_add(carry);
        carry = u64::from(c);
        *vk |= sum;
    }
}

/// Positions of each token in a sequence, grouped by token (compressed rows).
struct Positions {
    starts: Vec<u32>,
    positions: Vec<u32>,
}

impl Positions {
    fn of(sequence: &[u32], vocabulary: usize) -> Positions {
        let mut starts = vec![0u32; vocabulary + 1];
        for &token in sequence {
            if let Some(count) = starts.get_mut(token as usize + 1) {
                *count += 1;
            }
        }
        for t in 0..vocabulary {
            starts[t + 1] += starts[t];
        }
        let mut next = starts.clone();
        let mut positions = vec![0u32; starts[vocabulary] as usize];
        for (i, &token) in sequence.iter().enumerate() {
            if let Some(slot) = next.get_mut(token as usize) {
                positions[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
        Positions { starts, positions }
    }

    /// Increasing positions of `token` (empty for tokens outside the vocabulary).
    fn of_token(&self, token: u32) -> &[u32] {
        let t = token as usize;
        match (self.starts.get(t), self.starts.get(t + 1)) {
            (Some(&s), Some(&e)) => &self.positions[s as usize..e as usize],
            _ => &[],
        }
    }
}

/// Indices into `reference` of ONE longest common subsequence with `candidate`, chosen exactly as
/// rouge-score's `lcs_ind` does (full table, then `_backtrack_norec`): ties move up in `reference`.
pub fn lcs_indices(reference: &[u32], candidate: &[u32]) -> Vec<usize> {
    let rows = reference.len();
    let cols = candidate.len();
    if rows == 0 || cols == 0 {
        return Vec::new();
    }
    let width = cols + 1;
    let mut table = vec![0u32; (rows + 1) * width];
    for i in 1..=rows {
        for j in 1..=cols {
            table[i * width + j] = if reference[i - 1] == candidate[j - 1] {
                table[(i - 1) * width + j - 1] + 1
            } else {
                table[(i - 1) * width + j].max(table[i * width + j - 1])
            };
        }
    }
    let (mut i, mut j) = (rows, cols);
    let mut indices = Vec::new();
    while i > 0 && j > 0 {
        if reference[i - 1] == candidate[j - 1] {
            indices.push(i - 1);
            i -= 1;
            j -= 1;
        } else if table[i * width + j - 1] > table[(i - 1) * width + j] {
            j -= 1;
        } else {
            i -= 1;
        }
    }
    indices.reverse();
    indices
}

/// rouge-score's `_summary_level_lcs` hit count: for each reference sentence, the union of its LCS with
/// every candidate sentence, each token counted at most as often as it occurs on both sides.
pub fn summary_level_hits(
    reference: &[Vec<u32>],
    candidate: &[Vec<u32>],
    vocabulary: usize,
) -> usize {
    let mut left_in_reference = vec![0usize; vocabulary];
    let mut left_in_candidate = vec![0usize; vocabulary];
    for &token in reference.iter().flatten() {
        if let Some(count) = left_in_reference.get_mut(token as usize) {
            *count += 1;
        }
    }
    for &token in candidate.iter().flatten() {
        if let Some(count) = left_in_candidate.get_mut(token as usize) {
            *count += 1;
        }
    }
    let mut hits = 0;
    let mut union = Vec::new();
    for sentence in reference {
        union.clear();
        for other in candidate {
            union.extend(lcs_indices(sentence, other));
        }
        union.sort_unstable();
        union.dedup();
        for &index in &union {
            let token = sentence[index] as usize;
            if let (Some(r), Some(c)) = (
                left_in_reference.get_mut(token),
                left_in_candidate.get_mut(token),
            ) {
                if *r > 0 && *c > 0 {
                    hits += 1;
                    *r -= 1;
                    *c -= 1;
                }
            }
        }
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_lcs(a: &[u32], b: &[u32]) -> usize {
        let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                table[i][j] = if a[i - 1] == b[j - 1] {
                    table[i - 1][j - 1] + 1
                } else {
                    table[i - 1][j].max(table[i][j - 1])
                };
            }
        }
        table[a.len()][b.len()]
    }

    /// Seeded pseudo-random token ids: `next(modulus)` is below `modulus`.
    fn token_stream(seed: u64) -> impl FnMut(u32) -> u32 {
        use rand::Rng;
        let mut rng = crate::test_support::rng(seed);
        move |modulus| rng.random_range(0..modulus)
    }

    #[test]
    fn bit_parallel_agrees_with_the_table_across_word_boundaries() {
        // Deterministic pseudo-random sequences over a small alphabet, lengths crossing 64 and 128.
        let mut next = token_stream(12345);
        for (la, lb) in [(0, 5), (1, 1), (63, 64), (64, 65), (130, 70), (200, 257)] {
            let a: Vec<u32> = (0..la).map(|_| next(7)).collect();
            let b: Vec<u32> = (0..lb).map(|_| next(7)).collect();
            assert_eq!(lcs_length(&a, &b, 7), naive_lcs(&a, &b), "{la}x{lb}");
        }
    }

    #[test]
    fn masks_built_per_use_give_the_same_length() {
        // Budgets of no dense mask, a few, and all: every mix of precomputed and per-use masks agrees.
        let mut next = token_stream(99);
        for alphabet in [3u32, 40, 500] {
            let a: Vec<u32> = (0..333).map(|_| next(alphabet)).collect();
            let b: Vec<u32> = (0..517).map(|_| next(alphabet)).collect();
            let expected = naive_lcs(&a, &b);
            for budget in [0, 6, 30, usize::MAX] {
                let v = alphabet as usize;
                assert_eq!(
                    lcs_length_within(&a, &b, v, budget),
                    expected,
                    "{alphabet} {budget}"
                );
            }
        }
    }

    #[test]
    fn lcs_of_known_sequences() {
        // "a b c b d a b" vs "b d c a b a": LCS length 4 (e.g. b c a b).
        let a = [0, 1, 2, 1, 3, 0, 1];
        let b = [1, 3, 2, 0, 1, 0];
        assert_eq!(lcs_length(&a, &b, 4), 4);
        assert_eq!(lcs_indices(&a, &b).len(), 4);
    }

    #[test]
    fn union_lcs_matches_rouge_paper_example() {
        // ROUGE paper §3.2: r = w1 w2 w3 w4 w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5 -> hits 4.
        let reference = vec![vec![1, 2, 3, 4, 5]];
        let candidate = vec![vec![1, 2, 6, 7, 8], vec![1, 3, 8, 9, 5]];
        assert_eq!(summary_level_hits(&reference, &candidate, 10), 4);
    }
}
