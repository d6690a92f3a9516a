//! What lexeval's tests share (the `test-support` feature; always there for core's own unit tests): the
//! repository's fixtures and the shared data, a seeded random generator, a fake LLM judge whose
//! prompts are the texts themselves, check jobs without a judge, and citation values built as eyecite's
//! `tests/factories.py` builds them (the fields a test does not name take the plainest value).

use crate::authority_key::AuthorityKey;
use crate::citations::{Citation, CitationKind, CitationRole};
use crate::claims::AttributedClaim;
use crate::fresco::{AuthorityScope, FrescoSettings, GeneralizedMatch};
use crate::judge::{JudgeError, JudgeLanguage, PointQuestion};
use crate::pipeline::{CheckJob, CheckReport, Step};
use crate::pointwise::PointwiseSettings;
use crate::similarity::Similarity;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

/// A file of the repository (`tests/fixtures/compat/report.json`, say), by its path from the repository's
/// root.
pub fn repository_file(path: &str) -> String {
    let full = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {}: {e}", full.display()))
}

/// A fixture of the repository's `tests/fixtures/`.
pub fn fixture(path: &str) -> String {
    repository_file(&format!("tests/fixtures/{path}"))
}

/// The path of a fixture of the shared data (`LEXEVAL_SHARED`, by default the checkout's sibling
/// `shared/`): CLERC, CaseFacts, LegalSearchQA, rouge-score's golden files.
pub fn shared_path(path: &str) -> PathBuf {
    let root = std::env::var("LEXEVAL_SHARED")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared").to_string());
    PathBuf::from(root).join("fixtures").join(path)
}

/// A fixture of the shared data, read whole.
pub fn shared_fixture(path: &str) -> String {
    let full = shared_path(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {}: {e}", full.display()))
}

/// A random generator that gives the same numbers for the same seed on every machine.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A judge whose prompts are the texts themselves (`claim: generated | reference`, `point: reference |
/// candidate`, `points of: paragraph`) and whose answers end with Yes or No, or with a number, or list
/// points one per line after "- ": a test's fake endpoint answers by reading the prompt.
pub struct PlainJudge;

impl JudgeLanguage for PlainJudge {
    fn extract_points(&self, paragraph: &str) -> String {
        format!("points of: {paragraph}")
    }
    fn points(&self, answer: &str) -> Result<Vec<String>, JudgeError> {
        let points: Vec<String> = answer
            .lines()
            .filter_map(|line| line.strip_prefix("- "))
            .map(str::to_string)
            .collect();
        if points.is_empty() {
            Err(JudgeError::Unreadable(format!("no points in {answer:?}")))
        } else {
            Ok(points)
        }
    }
    fn same_claim(&self, generated: &str, reference: &str) -> String {
        format!("claim: {generated} | {reference}")
    }
    fn same_point(&self, q: &PointQuestion<'_>) -> String {
        format!("point: {} | {}", q.reference_point, q.candidate_point)
    }
    fn closest_reference(&self, candidate_point: &str, numbered_references: &str) -> String {
        format!("closest reference point to {candidate_point}:\n{numbered_references}")
    }
    fn verdict(&self, answer: &str) -> Result<bool, JudgeError> {
        match answer.rsplit(' ').next() {
            Some("Yes") => Ok(true),
            Some("No") => Ok(false),
            _ => Err(JudgeError::Unreadable(format!("no Yes/No in {answer:?}"))),
        }
    }
    fn number(&self, answer: &str) -> Result<usize, JudgeError> {
        answer
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| JudgeError::Unreadable(format!("no number in {answer:?}")))
    }
}

/// A full case citation "volume reporter page" as `citations::extract` gives it alone in a text: at
/// offsets 0 to its length, keyed by its own cite, nothing else known. A test names the rest by struct
/// update (`Citation { year: Some(1995), ..case_citation("51", "F.3d", "1449") }`).
pub fn case_citation(volume: &str, reporter: &str, page: &str) -> Citation {
    let cite = format!("{volume} {reporter} {page}");
    let (end, authority) = (cite.chars().count(), AuthorityKey::case(&cite));
    Citation {
        volume: Some(volume.to_string()),
        reporter: Some(reporter.to_string()),
        page: Some(page.to_string()),
        ..Citation::new(
            CitationKind::FullCase,
            (0, end),
            cite,
            authority,
            CitationRole::Authority,
        )
    }
}

/// A claim that is all of its text, citing `authorities` (keys as reports print them).
pub fn claim(text: &str, authorities: &[&str]) -> AttributedClaim {
    AttributedClaim {
        text: text.to_string(),
        start: 0,
        end: text.chars().count(),
        authorities: authorities.iter().map(|&key| key.into()).collect(),
    }
}

/// L-FRESCO's settings (no bipartite matching, every authority) with `similarity` at `threshold`; a test
/// names the rest by struct update.
pub fn l_fresco(similarity: Similarity, threshold: f64) -> FrescoSettings {
    FrescoSettings {
        similarity,
        threshold,
        generalized: false,
        generalized_match: GeneralizedMatch::Citations,
        authorities: AuthorityScope::All,
    }
}

/// The brief check of `reference` against `candidate`, with no LLM endpoint.
pub fn brief_job(reference: &str, candidate: &str, settings: FrescoSettings) -> CheckJob {
    CheckJob::Brief {
        reference: reference.into(),
        candidate: candidate.into(),
        settings,
        judge: None,
    }
}

/// The summary check of `reference` against `candidate`, with no LLM endpoint and no points supplied.
pub fn summary_job(reference: &str, candidate: &str, settings: PointwiseSettings) -> CheckJob {
    CheckJob::Summary {
        reference: reference.into(),
        candidate: candidate.into(),
        settings,
        judge: None,
        reference_points: None,
        candidate_points: None,
    }
}

/// The report of a check that is done; panics with the step it is waiting at otherwise.
pub fn done(step: Step) -> CheckReport {
    match step {
        Step::Done { report } => *report,
        other => panic!("expected a report, got {other:?}"),
    }
}
