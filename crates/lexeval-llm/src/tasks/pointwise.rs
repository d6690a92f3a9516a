//! Pointwise evaluation of legal summaries with an LLM: point extraction (A.1), point matching with an
//! explanation then Yes/No (§5.2.2, A.4), and the 1-1 assignment with an LLM tie-break (A.5).

use super::Exchange;
use crate::chat::Complete;
use crate::parse::{parse_bullets, parse_last_number, parse_yes_no};
use crate::prompts::{POINTWISE_EXTRACT, POINTWISE_MATCH, POINTWISE_TIEBREAK};
use lexeval_core::pointwise::{
    point_weights, preselect, score_matching_weighted, PointMatching, PointwiseSettings,
};
use lexeval_core::report::ScoreReport;
use serde::Serialize;
use std::collections::BTreeSet;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PointExtraction {
    pub paragraph: String,
    pub points: Vec<String>,
    pub exchange: Exchange,
}

/// Split each paragraph into points.
pub fn extract_points(client: &dyn Complete, paragraphs: &[String]) -> Vec<PointExtraction> {
    let prompts: Vec<String> = paragraphs
        .iter()
        .map(|p| POINTWISE_EXTRACT.render(&[("paragraph", p)]))
        .collect();
    let answers = client.complete_many(&prompts);
    paragraphs
        .iter()
        .zip(prompts)
        .zip(answers)
        .map(|((paragraph, prompt), answer)| {
            let mut exchange = Exchange::new(prompt, &answer);
            let points = answer.map(|a| parse_bullets(&a)).unwrap_or_default();
            if points.is_empty() && exchange.error.is_none() {
                exchange.error = Some("the answer has no \"- \" list of points".into());
            }
            PointExtraction {
                paragraph: paragraph.clone(),
                points,
                exchange,
            }
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PointMatch {
    pub reference: usize,
    pub candidate: usize,
    /// Null when the call failed or the answer had no final Yes/No.
    pub matched: Option<bool>,
    pub exchange: Exchange,
}

/// Judge the pre-selected `(reference index, candidate index)` pairs; out-of-range pairs are skipped.
pub fn match_points(
    client: &dyn Complete,
    summary: &str,
    references: &[String],
    candidates: &[String],
    pairs: &[(usize, usize)],
) -> Vec<PointMatch> {
    let pairs: Vec<(usize, usize)> = pairs
        .iter()
        .copied()
        .filter(|(r, c)| *r < references.len() && *c < candidates.len())
        .collect();
    let prompts: Vec<String> = pairs
        .iter()
        .map(|&(r, c)| {
            POINTWISE_MATCH.render(&[
                ("summary", summary),
                ("reference_context", &context(references, r)),
                ("candidate_context", &context(candidates, c)),
                ("reference_point", &references[r]),
                ("candidate_point", &candidates[c]),
            ])
        })
        .collect();
    let answers = client.complete_many(&prompts);
    pairs
        .into_iter()
        .zip(prompts)
        .zip(answers)
        .map(|(((reference, candidate), prompt), answer)| {
            let verdict = answer.clone().and_then(|a| parse_yes_no(&a));
            let mut exchange = Exchange::new(prompt, &answer);
            if let (Err(err), None) = (&verdict, &exchange.error) {
                exchange.error = Some(err.to_string());
            }
            PointMatch {
                reference,
                candidate,
                matched: verdict.ok(),
                exchange,
            }
        })
        .collect()
}

/// The point with its preceding and following points, in order of appearance.
fn context(points: &[String], index: usize) -> String {
    let start = index.saturating_sub(1);
    let end = (index + 2).min(points.len());
    points.get(start..end).unwrap_or_default().join("\n")
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Assignment {
    /// `(reference, candidate)` pairs, each point used at most once.
    pub pairs: Vec<(usize, usize)>,
    pub tiebreaks: Vec<Exchange>,
}

/// A.5: assign candidates with a single remaining reference match first; then ask the LLM to pick the
/// closest reference for the candidate with the fewest matches, and repeat. An unreadable tie-break
/// answer falls back to the first remaining reference (the error stays in `tiebreaks`).
pub fn assign_one_to_one(
    client: &dyn Complete,
    references: &[String],
    candidates: &[String],
    matches: &[(usize, usize)],
) -> Assignment {
    let mut pool: Vec<(usize, BTreeSet<usize>)> = Vec::new();
    for &(r, c) in matches {
        if r >= references.len() || c >= candidates.len() {
            continue;
        }
        match pool.iter_mut().find(|(cand, _)| *cand == c) {
            Some((_, refs)) => {
                refs.insert(r);
            }
            None => pool.push((c, BTreeSet::from([r]))),
        }
    }
    let mut assignment = Assignment {
        pairs: Vec::new(),
        tiebreaks: Vec::new(),
    };
    loop {
        pool.retain(|(_, refs)| !refs.is_empty());
        if let Some(i) = pool.iter().position(|(_, refs)| refs.len() == 1) {
            let (c, refs) = pool.remove(i);
            if let Some(&r) = refs.first() {
                take(&mut pool, &mut assignment, r, c);
            }
            continue;
        }
        let Some(i) = (0..pool.len()).min_by_key(|&i| (pool[i].1.len(), pool[i].0)) else {
            break;
        };
        let (c, refs) = pool.remove(i);
        let refs: Vec<usize> = refs.into_iter().collect();
        let numbered: Vec<String> = refs
            .iter()
            .enumerate()
            .map(|(n, &r)| format!("{}. {}", n + 1, references[r]))
            .collect();
        let prompt = POINTWISE_TIEBREAK.render(&[
            ("candidate_point", &candidates[c]),
            ("numbered_references", &numbered.join("\n")),
        ]);
        let answer = client
            .complete_many(std::slice::from_ref(&prompt))
            .pop()
            .unwrap_or_else(|| Err(crate::LlmError::Transport("no answer".into())));
        let mut exchange = Exchange::new(prompt, &answer);
        let choice = answer
            .and_then(|a| parse_last_number(&a))
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|n| refs.get(n));
        if choice.is_none() && exchange.error.is_none() {
            exchange.error = Some("no valid reference number; took the first".into());
        }
        if let Some(&r) = choice.or(refs.first()) {
            take(&mut pool, &mut assignment, r, c);
        }
        assignment.tiebreaks.push(exchange);
    }
    assignment.pairs.sort_unstable();
    assignment
}

/// Pointwise recall and precision with the LLM as judge (§5.2.2): each reference point's top-k candidates by
/// `cosine` are asked about (A.4), the Yes answers are the matches, and A.5 assigns them 1-1 with LLM
/// tie-breaks. Every prompt and raw answer goes into `details.llm_exchanges`; a failed or unreadable answer
/// leaves its pair unjudged (`details.unjudged_pairs`): the scores cover the points it cannot change.
pub fn score_with_judge(
    client: &dyn Complete,
    reference_text: &str,
    points: (&[String], &[String]),
    cosine: &[Vec<f64>],
    settings: &PointwiseSettings,
) -> ScoreReport {
    let weights = point_weights(reference_text, points.0);
    score_with_judge_weighted(client, reference_text, points, &weights, cosine, settings)
}

/// [`score_with_judge`] with given A.3 weights of the reference points (e.g. per paragraph).
pub fn score_with_judge_weighted(
    client: &dyn Complete,
    reference_text: &str,
    (reference, candidate): (&[String], &[String]),
    weights: &[f64],
    cosine: &[Vec<f64>],
    settings: &PointwiseSettings,
) -> ScoreReport {
    let asked = preselect(cosine, settings.top_k);
    let judged = match_points(client, reference_text, reference, candidate, &asked);
    let yes: Vec<(usize, usize)> = judged
        .iter()
        .filter(|j| j.matched == Some(true))
        .map(|j| (j.reference, j.candidate))
        .collect();
    let mut matches = vec![Vec::new(); reference.len()];
    for &(r, c) in &yes {
        matches[r].push(c);
    }
    let assignment = assign_one_to_one(client, reference, candidate, &yes);
    let unjudged = judged
        .iter()
        .filter(|j| j.matched.is_none())
        .map(|j| {
            let error = j.exchange.error.clone();
            (
                (j.reference, j.candidate),
                error.unwrap_or_else(|| "no verdict".into()),
            )
        })
        .collect();
    let matching = PointMatching {
        matches,
        assigned: assignment.pairs,
        judged_pairs: judged.iter().filter(|j| j.matched.is_some()).count(),
        unjudged,
    };
    let mut report =
        score_matching_weighted(weights, (reference, candidate), cosine, matching, settings);
    let exchanges: Vec<Exchange> = judged
        .into_iter()
        .map(|j| j.exchange)
        .chain(assignment.tiebreaks)
        .collect();
    report.details["preselection"] = format!(
        "top {} candidates by all-MiniLM-L6-v2 cosine",
        settings.top_k
    )
    .into();
    report.details["llm"] = client.settings();
    report.details["llm_exchanges"] = serde_json::to_value(exchanges).unwrap_or_default();
    report
}

fn take(pool: &mut [(usize, BTreeSet<usize>)], assignment: &mut Assignment, r: usize, c: usize) {
    assignment.pairs.push((r, c));
    for (_, refs) in pool.iter_mut() {
        refs.remove(&r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LlmError;
    use serde_json::Value;

    /// Answers every prompt with the same text.
    struct Always(&'static str);

    impl Complete for Always {
        fn complete_many(&self, prompts: &[String]) -> Vec<Result<String, LlmError>> {
            prompts.iter().map(|_| Ok(self.0.to_string())).collect()
        }
        fn settings(&self) -> Value {
            Value::Null
        }
    }

    fn points(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{i}")).collect()
    }

    #[test]
    fn single_matches_are_assigned_before_the_llm_tiebreak() {
        // c0 matches only r0; c1 matches r0 and r1 → after c0 takes r0, c1 gets r1 without a call.
        let a = assign_one_to_one(
            &Always("1"),
            &points(2),
            &points(2),
            &[(0, 0), (0, 1), (1, 1)],
        );
        assert_eq!(a.pairs, vec![(0, 0), (1, 1)]);
        assert!(a.tiebreaks.is_empty());
    }

    #[test]
    fn tiebreak_follows_the_llm_choice() {
        // c0: {r0, r1, r2}, c1: {r1, r2}, c2: {r0, r1}; the LLM always answers "2" (second listed).
        // c1 has the fewest (tie with c2, lower index) → r2. Then c0: {r0, r1}, c2: {r0, r1}
        // → c0 asks → r1. Then c2 has only r0 left → assigned without a call.
        let matches = [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1), (0, 2), (1, 2)];
        let a = assign_one_to_one(
            &Always("The second is closest: 2"),
            &points(3),
            &points(3),
            &matches,
        );
        assert_eq!(a.pairs, vec![(0, 2), (1, 0), (2, 1)]);
        assert_eq!(a.tiebreaks.len(), 2);
    }

    #[test]
    fn context_is_the_point_and_its_neighbours() {
        assert_eq!(context(&points(3), 0), "p0\np1");
        assert_eq!(context(&points(3), 1), "p0\np1\np2");
        assert_eq!(context(&points(3), 2), "p1\np2");
    }

    #[test]
    fn matching_reads_the_final_verdict_and_skips_bad_pairs() {
        let m = match_points(
            &Always("Same step. Yes"),
            "S",
            &points(2),
            &points(1),
            &[(1, 0), (5, 0)],
        );
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].matched, Some(true));
        assert!(m[0].exchange.prompt.contains("First point: p1"));
    }
}
