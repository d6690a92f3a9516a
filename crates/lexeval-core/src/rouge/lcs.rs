//! Longest common subsequences over interned token ids: ROUGE-L and the union LCS of ROUGE-Lsum.

/// Above this many 64-bit mask words the bit-parallel LCS falls back to the row-by-row table (memory bound).
const MAX_MASK_WORDS: usize = 1 << 22;

/// Length of the longest common subsequence of `a` and `b` (token ids below `vocabulary`).
///
/// Bit-parallel (Allison–Dix / Hyyrö 2004): one bit per position of the shorter sequence, so it is ~64×
/// faster than the dynamic-programming table rouge-score fills, with the same (unique) length.
pub fn lcs_length(a: &[u32], b: &[u32], vocabulary: usize) -> usize {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.is_empty() {
        return 0;
    }
    let words = short.len().div_ceil(64);
    // Rows of match masks, one per distinct token of `short`.
    let mut row_of = vec![u32::MAX; vocabulary];
    let mut rows = 0usize;
    for &token in short {
        if let Some(slot) = row_of.get_mut(token as usize) {
            if *slot == u32::MAX {
                *slot = rows as u32;
                rows += 1;
            }
        }
    }
    if rows.saturating_mul(words) > MAX_MASK_WORDS {
        return lcs_length_by_rows(short, long);
    }
    let mut masks = vec![0u64; rows * words];
    for (i, &token) in short.iter().enumerate() {
        let row = row_of[token as usize] as usize;
        masks[row * words + i / 64] |= 1u64 << (i % 64);
    }
    // v has a 0 bit for every position of `short` that is part of the LCS so far.
    let mut v = vec![u64::MAX; words];
    for &token in long {
        let Some(&row) = row_of.get(token as usize) else {
            continue;
        };
        if row == u32::MAX {
            continue;
        }
        let mask = &masks[row as usize * words..(row as usize + 1) * words];
        let mut carry = false;
        for (vk, &mk) in v.iter_mut().zip(mask) {
            let u = *vk & mk;
            let (sum, c1) = vk.overflowing_add(u);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            carry = c1 || c2;
            *vk = sum | (*vk & !mk);
        }
    }
    // Padding bits above short.len() start at 1 and never change, so zeros count the LCS.
    v.iter().map(|w| w.count_zeros() as usize).sum()
}

/// The classic table, one row at a time (O(min) memory), for inputs too large for the bit masks.
fn lcs_length_by_rows(short: &[u32], long: &[u32]) -> usize {
    let mut previous = vec![0u32; short.len() + 1];
    let mut current = vec![0u32; short.len() + 1];
    for &token in long {
        for (j, &other) in short.iter().enumerate() {
            current[j + 1] = if token == other {
                previous[j] + 1
            } else {
                previous[j + 1].max(current[j])
            };
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[short.len()] as usize
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
        lcs_length_by_rows(a, b)
    }

    #[test]
    fn bit_parallel_agrees_with_the_table_across_word_boundaries() {
        // Deterministic pseudo-random sequences over a small alphabet, lengths crossing 64 and 128.
        let mut state = 12345u64;
        let mut next = |modulus: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % modulus) as u32
        };
        for (la, lb) in [(0, 5), (1, 1), (63, 64), (64, 65), (130, 70), (200, 257)] {
            let a: Vec<u32> = (0..la).map(|_| next(7)).collect();
            let b: Vec<u32> = (0..lb).map(|_| next(7)).collect();
            assert_eq!(lcs_length(&a, &b, 7), naive_lcs(&a, &b), "{la}x{lb}");
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
