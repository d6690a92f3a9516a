//! Pointwise A.5 with the LLM: candidates with a single remaining reference match are assigned first; then
//! the LLM picks the closest reference for the candidate with the fewest matches, one question at a time
//! (each answer changes what is asked next). An unreadable answer falls back to the first remaining
//! reference, its error kept.

use crate::judge::{Answer, Exchange, JudgeLanguage};
use std::collections::BTreeSet;

#[derive(Debug)]
pub(super) struct TieBreaks {
    /// Each candidate with the references it still matches, in order of first match.
    pool: Vec<(usize, BTreeSet<usize>)>,
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) exchanges: Vec<Exchange>,
    /// The candidate asked about, the references offered (in the order numbered) and the prompt.
    asking: Option<(usize, Vec<usize>, String)>,
}

impl TieBreaks {
    /// `matches`: the (reference, candidate) pairs the judge said Yes to.
    pub(super) fn new(matches: &[(usize, usize)]) -> TieBreaks {
        let mut pool: Vec<(usize, BTreeSet<usize>)> = Vec::new();
        for &(r, c) in matches {
            match pool.iter_mut().find(|(candidate, _)| *candidate == c) {
                Some((_, references)) => {
                    references.insert(r);
                }
                None => pool.push((c, BTreeSet::from([r]))),
            }
        }
        TieBreaks {
            pool,
            pairs: Vec::new(),
            exchanges: Vec::new(),
            asking: None,
        }
    }

    /// Assigns everything that needs no question; the next question's prompt, or `None` when every
    /// candidate is settled (then `pairs` is sorted).
    pub(super) fn next_question(
        &mut self,
        references: &[String],
        candidates: &[String],
        judge: &dyn JudgeLanguage,
    ) -> Option<String> {
        loop {
            self.pool.retain(|(_, refs)| !refs.is_empty());
            if let Some(i) = self.pool.iter().position(|(_, refs)| refs.len() == 1) {
                let (c, refs) = self.pool.remove(i);
                if let Some(&r) = refs.first() {
                    self.take(r, c);
                }
                continue;
            }
            let Some(i) =
                (0..self.pool.len()).min_by_key(|&i| (self.pool[i].1.len(), self.pool[i].0))
            else {
                self.pairs.sort_unstable();
                return None;
            };
            let (c, refs) = self.pool.remove(i);
            let refs: Vec<usize> = refs.into_iter().collect();
            let numbered: Vec<String> = refs
                .iter()
                .enumerate()
                .map(|(n, &r)| format!("{}. {}", n + 1, references[r]))
                .collect();
            let prompt = judge.closest_reference(&candidates[c], &numbered.join("\n"));
            self.asking = Some((c, refs, prompt.clone()));
            return Some(prompt);
        }
    }

    /// Takes the answer to the last question.
    pub(super) fn answer(&mut self, answer: Answer, judge: &dyn JudgeLanguage) {
        let Some((c, refs, prompt)) = self.asking.take() else {
            return;
        };
        let mut exchange = Exchange::new(prompt, &answer);
        let choice = answer
            .and_then(|a| judge.number(&a))
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|n| refs.get(n));
        if choice.is_none() {
            exchange.unusable("no valid reference number; took the first");
        }
        if let Some(&r) = choice.or(refs.first()) {
            self.take(r, c);
        }
        self.exchanges.push(exchange);
    }

    fn take(&mut self, r: usize, c: usize) {
        self.pairs.push((r, c));
        for (_, refs) in self.pool.iter_mut() {
            refs.remove(&r);
        }
    }
}
