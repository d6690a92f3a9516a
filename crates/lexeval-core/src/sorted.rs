//! Sorted collections built without a sort of their own element type, for the score worker's size
//! (BENCHMARKS.md, the score worker's size). The standard library's sorts are compiled once per element
//! type and comparison (3–10 kB of wasm each): `collect()` into a `BTreeMap` or `BTreeSet` stable-sorts the
//! items first, and each `sort_by_key` closure is one more copy. These build the same results through
//! insertion or through the one sort of `(usize, usize)` pairs the crate already has.

use std::collections::{BTreeMap, BTreeSet};

/// The map `collect()` would build: a later item with an equal key replaces the earlier one's value in
/// both.
pub fn map<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    map.extend(items);
    map
}

/// The set `collect()` would build.
pub fn set<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    set.extend(items);
    set
}

/// `items.sort_by_key(key)`: stable, items with equal keys keep their order. For a key of two parts,
/// sort by the second part, then by the first.
pub fn sort_by_key<T>(items: &mut Vec<T>, key: impl Fn(&T) -> usize) {
    let mut order: Vec<(usize, usize)> = items.iter().map(key).zip(0..).collect();
    // The position breaks ties, so the unstable sort keeps equal keys in order.
    order.sort_unstable();
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(
        order
            .into_iter()
            .filter_map(|(_, position)| slots[position].take()),
    );
}

/// Positions of `values` from the lowest by `f64::total_cmp`, equal values in position order. Negated
/// values give the highest first (negation reverses `total_cmp`'s order exactly).
pub fn order_by_f64(values: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    order
}

/// `values.sort_by(f64::total_cmp)`, through [`order_by_f64`].
pub fn sort_f64(values: &mut [f64]) {
    let sorted: Vec<f64> = order_by_f64(values)
        .into_iter()
        .map(|position| values[position])
        .collect();
    values.copy_from_slice(&sorted);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collections_are_the_ones_collect_builds() {
        let pairs = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        assert_eq!(map(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        let words = ["b", "a", "c", "a"];
        assert_eq!(set(words), words.into_iter().collect::<BTreeSet<_>>());
    }

    #[test]
    fn sort_by_key_is_stable_and_two_passes_sort_by_both_parts() {
        // (start, end, position): the two (5, 9) spans show that equal keys keep their order.
        let spans = [(5, 9), (1, 4), (5, 6), (1, 8), (0, 2), (5, 9)];
        let mut want: Vec<(usize, usize, usize)> = spans
            .iter()
            .zip(0..)
            .map(|(&(s, e), i)| (s, e, i))
            .collect();
        let mut got = want.clone();
        want.sort_by_key(|&(start, end, _)| (start, std::cmp::Reverse(end)));
        sort_by_key(&mut got, |&(_, end, _)| usize::MAX - end);
        sort_by_key(&mut got, |&(start, _, _)| start);
        assert_eq!(got, want);
    }

    #[test]
    fn f64_orders_are_total_cmp_ones_both_ways() {
        let values = [
            0.5,
            -0.0,
            f64::NAN,
            0.0,
            0.5,
            f64::NEG_INFINITY,
            -f64::NAN,
            2.0,
            0.5,
        ];
        let mut ascending: Vec<usize> = (0..values.len()).collect();
        ascending.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        assert_eq!(order_by_f64(&values), ascending);
        let mut descending: Vec<usize> = (0..values.len()).collect();
        descending.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        let negated: Vec<f64> = values.iter().map(|v| -v).collect();
        assert_eq!(order_by_f64(&negated), descending);
        let mut want = values.to_vec();
        want.sort_by(f64::total_cmp);
        let mut got = values.to_vec();
        sort_f64(&mut got);
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&want));
    }
}
