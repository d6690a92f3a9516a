//! C-SIM, generalized FRESCO's "low-cost, continuous similarity function for matching citations"
//! (L-FRESCO §4), on the authority keys `citations::resolve` gives each claim.
//!
//! For two authority keys a and b:
//! - 1 when they are the same authority (`a == b`: the same case, however cited, or the same statute section);
//! - 0 when they are of different kinds (`case:` vs `law:`);
//! - otherwise ½ × the Dice coefficient of the character bigrams of the keys after their kind (e.g.
//!   `51 F.3d 1449` vs `51 F.3d 1459`, a mistyped page, ≈ 0.41): a near-miss citation, always below ½ so it
//!   never rivals the same authority.
//!
//! C-SIM(c, r) is the best of these over the claims' authority pairs; 0 when either cites nothing.

use crate::authority_key::AuthorityKey;
use std::collections::BTreeMap;

/// C-SIM of two claims' authority keys.
pub fn citation_similarity(reference: &[AuthorityKey], candidate: &[AuthorityKey]) -> f64 {
    reference
        .iter()
        .flat_map(|a| candidate.iter().map(move |b| authority_similarity(a, b)))
        .fold(0.0, f64::max)
}

/// C-SIM of two authority keys.
pub fn authority_similarity(a: &AuthorityKey, b: &AuthorityKey) -> f64 {
    if a == b {
        return 1.0;
    }
    let (kind_a, body_a) = a.kind_and_body();
    let (kind_b, body_b) = b.kind_and_body();
    if kind_a != kind_b {
        return 0.0;
    }
    0.5 * bigram_dice(body_a, body_b)
}

/// Dice coefficient of the multisets of character bigrams (0 when either has none).
fn bigram_dice(a: &str, b: &str) -> f64 {
    let bigrams = |s: &str| {
        let chars: Vec<char> = s.chars().collect();
        let mut counts: BTreeMap<(char, char), usize> = BTreeMap::new();
        for pair in chars.windows(2) {
            *counts.entry((pair[0], pair[1])).or_default() += 1;
        }
        counts
    };
    let (x, y) = (bigrams(a), bigrams(b));
    let total: usize = x.values().chain(y.values()).sum();
    if total == 0 {
        return 0.0;
    }
    let shared: usize = x
        .iter()
        .map(|(bigram, n)| (*n).min(y.get(bigram).copied().unwrap_or(0)))
        .sum();
    2.0 * shared as f64 / total as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(items: &[&str]) -> Vec<AuthorityKey> {
        items.iter().map(|&s| s.into()).collect()
    }

    fn similarity(a: &str, b: &str) -> f64 {
        authority_similarity(&a.into(), &b.into())
    }

    #[test]
    fn the_same_authority_is_one_a_near_miss_below_half_another_kind_zero() {
        assert_eq!(similarity("case:51 F.3d 1449", "case:51 F.3d 1449"), 1.0);
        // A mistyped page: 11 bigrams each, 9 shared → ½ × 18/22.
        let near = similarity("case:51 F.3d 1449", "case:51 F.3d 1459");
        assert!((near - 0.5 * 18.0 / 22.0).abs() < 1e-12, "{near}");
        assert!(similarity("case:560 U.S. 242", "case:489 U.S. 101") < near);
        assert_eq!(similarity("case:51 F.3d 1449", "law:U.S.C.|29|1002"), 0.0);
        assert_eq!(
            citation_similarity(
                &keys(&["law:U.S.C.|29|1002", "case:51 F.3d 1449"]),
                &keys(&["case:51 F.3d 1449"])
            ),
            1.0
        );
        assert_eq!(citation_similarity(&[], &keys(&["case:51 F.3d 1449"])), 0.0);
    }
}
