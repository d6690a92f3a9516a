//! U-Score (L-MARS, Wang et al. 2025): a rule-based uncertainty score of a legal answer, lower is better.
//!
//! U = 0.25·H + 0.20·T + 0.25·(1 − C) + 0.15·(1 − J) + 0.15·(1 − D), every component in [0, 1]:
//! - H, hedging: hedging cues per 100 tokens, capped at 10, divided by 10.
//! - T, temporal vagueness: vague time words / (vague + concrete dates); 0.5 when there is neither.
//! - C, citation sufficiency: Σ source weights / 1.5, capped at 1. Weights by host: primary (.gov, courts)
//!   1.0; official .edu, Cornell LII, Justia 0.7; reputable legal or news outlets 0.5; user-generated 0.2;
//!   anything else 0.1. Sources are the given URLs, else the URLs in the answer.
//! - J, jurisdictional specificity: 0 with no jurisdiction named, 0.5 with one, 1 with two or more
//!   distinct cues (a court, a state, "federal", a code such as U.S.C. or C.F.R.).
//! - D, decisiveness: decisive cues / (decisive + non-committal cues); 0.5 when there is neither.
//!
//! The lexicons below are lexeval's reading of the paper's description; every cue found is reported with
//! its span so the number can be checked by hand.

use crate::report::{Score, ScoreReport};
use regex::Regex;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::OnceLock;

pub const METRIC_VERSION: &str = "1";

const HEDGES: &[&str] = &[
    "may",
    "might",
    "could",
    "possibly",
    "perhaps",
    "probably",
    "likely",
    "unlikely",
    "appears",
    "appear to",
    "seems",
    "seem to",
    "arguably",
    "generally",
    "typically",
    "usually",
    "in some cases",
    "it is possible",
    "not clear",
    "unclear",
    "uncertain",
    "i think",
    "i believe",
    "to my knowledge",
    "as far as i know",
    "it depends",
    "potentially",
    "presumably",
    "somewhat",
    "may or may not",
];
const VAGUE_TIME: &[&str] = &[
    "recently",
    "currently",
    "soon",
    "at present",
    "presently",
    "these days",
    "nowadays",
    "in recent years",
    "as of now",
    "lately",
    "upcoming",
    "in the near future",
    "at this time",
    "at the moment",
    "right now",
];
const DECISIVE: &[&str] = &[
    "the answer is",
    "clearly",
    "definitely",
    "certainly",
    "is required",
    "must",
    "was revoked",
    "was repealed",
    "was signed",
    "was enacted",
    "is in effect",
    "remains in effect",
    "has been",
    "took effect",
    "held that",
    "ruled that",
    "confirmed",
];
const NON_COMMITTAL: &[&str] = &[
    "it depends",
    "may or may not",
    "cannot be determined",
    "can't be determined",
    "hard to say",
    "not certain",
    "not sure",
    "unclear",
    "consult an attorney",
    "consult a lawyer",
    "seek legal advice",
    "no definitive",
    "it is difficult to say",
];
const JURISDICTIONS: &[&str] = &[
    "federal",
    "supreme court",
    "circuit",
    "district court",
    "court of appeals",
    "u.s.c",
    "c.f.r",
    "congress",
    "federal register",
    "irs",
    "internal revenue code",
    "executive order",
    "alabama",
    "alaska",
    "arizona",
    "arkansas",
    "california",
    "colorado",
    "connecticut",
    "delaware",
    "florida",
    "georgia",
    "hawaii",
    "idaho",
    "illinois",
    "indiana",
    "iowa",
    "kansas",
    "kentucky",
    "louisiana",
    "maine",
    "maryland",
    "massachusetts",
    "michigan",
    "minnesota",
    "mississippi",
    "missouri",
    "montana",
    "nebraska",
    "nevada",
    "new hampshire",
    "new jersey",
    "new mexico",
    "new york",
    "north carolina",
    "north dakota",
    "ohio",
    "oklahoma",
    "oregon",
    "pennsylvania",
    "rhode island",
    "south carolina",
    "south dakota",
    "tennessee",
    "texas",
    "utah",
    "vermont",
    "virginia",
    "washington",
    "west virginia",
    "wisconsin",
    "wyoming",
    "district of columbia",
];
const OFFICIAL_SECONDARY: &[&str] = &["law.cornell.edu", "justia.com"];
const REPUTABLE: &[&str] = &[
    "reuters.com",
    "apnews.com",
    "nytimes.com",
    "wsj.com",
    "bloomberg.com",
    "bloomberglaw.com",
    "law360.com",
    "americanbar.org",
    "scotusblog.com",
    "washingtonpost.com",
    "npr.org",
    "lawfaremedia.org",
    "taxfoundation.org",
    "brookings.edu",
    "crsreports.congress.gov",
    "nolo.com",
    "findlaw.com",
];
const USER_GENERATED: &[&str] = &[
    "reddit.com",
    "quora.com",
    "medium.com",
    "stackexchange.com",
    "wikipedia.org",
    "facebook.com",
    "twitter.com",
    "x.com",
    "youtube.com",
    "substack.com",
    "blogspot.com",
    "wordpress.com",
];

/// A cue phrase found in the answer: its dimension, text and char span (fields in the alphabetical order
/// reports have always had).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cue {
    pub dimension: String,
    pub end: usize,
    pub start: usize,
    pub text: String,
}

/// The breakdown of a U-Score report; none for an empty answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UScoreDetails {
    /// Every cue phrase, in reading order.
    pub cues: Vec<Cue>,
    pub sources: Vec<Source>,
    /// Whitespace-separated tokens of the answer.
    pub tokens: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source {
    pub url: String,
    pub weight: f64,
}

fn lexicon_regex(words: &[&str]) -> Regex {
    let alternation: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
    Regex::new(&format!(
        r"(?i)(?-u:\b)(?:{})(?-u:\b)",
        alternation.join("|")
    ))
    .expect("lexicon regex")
}

fn cues(text: &str, dimension: &str, words: &[&str], cell: &'static OnceLock<Regex>) -> Vec<Cue> {
    let re = cell.get_or_init(|| lexicon_regex(words));
    re.find_iter(text)
        .map(|m| Cue {
            dimension: dimension.to_string(),
            text: m.as_str().to_string(),
            start: text[..m.start()].chars().count(),
            end: text[..m.end()].chars().count(),
        })
        .collect()
}

fn concrete_dates(text: &str) -> Vec<Cue> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let re = CELL.get_or_init(|| {
        Regex::new(r"(?i)(?-u:\b)(?:(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|(?:19|20)\d{2})(?-u:\b)")
            .expect("date regex")
    });
    re.find_iter(text)
        .map(|m| Cue {
            dimension: "temporal_concrete".into(),
            text: m.as_str().to_string(),
            start: text[..m.start()].chars().count(),
            end: text[..m.end()].chars().count(),
        })
        .collect()
}

fn urls(text: &str) -> Vec<String> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let re = CELL.get_or_init(|| Regex::new(r#"https?://[^\s)>\]"']+"#).expect("url regex"));
    re.find_iter(text)
        .map(|m| m.as_str().trim_end_matches(['.', ',', ';']).to_string())
        .collect()
}

/// Authority weight of a source URL (see the module docs).
pub fn source_weight(url: &str) -> f64 {
    let host = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split(['/', '?', '#', ':'])
        .next()
        .unwrap_or("")
        .to_lowercase();
    let host = host.trim_start_matches("www.");
    let is = |domains: &[&str]| {
        domains
            .iter()
            .any(|d| host == *d || host.ends_with(&format!(".{d}")))
    };
    if is(REPUTABLE) {
        0.5
    } else if host.ends_with(".gov")
        || host.ends_with(".mil")
        || host.contains("uscourts")
        || host.contains("courts.")
        || host.ends_with("supremecourt.gov")
    {
        1.0
    } else if is(OFFICIAL_SECONDARY) || host.ends_with(".edu") {
        0.7
    } else if is(USER_GENERATED) {
        0.2
    } else {
        0.1
    }
}

fn ratio_or_half(numerator: usize, denominator: usize) -> f64 {
    if denominator == 0 {
        0.5
    } else {
        numerator as f64 / denominator as f64
    }
}

/// U-Score of one answer; `sources` are its source URLs (the URLs in the answer when empty).
pub fn score(answer: &str, sources: &[String]) -> ScoreReport<Option<UScoreDetails>> {
    static HEDGE: OnceLock<Regex> = OnceLock::new();
    static VAGUE: OnceLock<Regex> = OnceLock::new();
    static DECIDE: OnceLock<Regex> = OnceLock::new();
    static EVADE: OnceLock<Regex> = OnceLock::new();
    static PLACE: OnceLock<Regex> = OnceLock::new();
    let mut report = ScoreReport::new("u-score", METRIC_VERSION, json!({}));
    let tokens = answer.split_whitespace().count();
    if tokens == 0 {
        report
            .scores
            .push(Score::null("u_score", "the answer is empty"));
        return report;
    }
    let hedges = cues(answer, "hedging", HEDGES, &HEDGE);
    let vague = cues(answer, "temporal_vague", VAGUE_TIME, &VAGUE);
    let dates = concrete_dates(answer);
    let decisive = cues(answer, "decisive", DECISIVE, &DECIDE);
    let evasive = cues(answer, "non_committal", NON_COMMITTAL, &EVADE);
    let places = cues(answer, "jurisdiction", JURISDICTIONS, &PLACE);
    let source_list: Vec<String> = if sources.is_empty() {
        urls(answer)
    } else {
        sources.to_vec()
    };
    let weights: Vec<f64> = source_list.iter().map(|u| source_weight(u)).collect();

    let h = ((hedges.len() as f64 * 100.0 / tokens as f64).min(10.0)) / 10.0;
    let t = ratio_or_half(vague.len(), vague.len() + dates.len());
    // A fold from +0.0: an empty float sum is -0.0.
    let c = (weights.iter().fold(0.0, |sum, w| sum + w) / 1.5).min(1.0);
    let distinct_places = crate::sorted::set(places.iter().map(|p| p.text.to_lowercase()));
    let j = match distinct_places.len() {
        0 => 0.0,
        1 => 0.5,
        _ => 1.0,
    };
    let d = ratio_or_half(decisive.len(), decisive.len() + evasive.len());
    let u = 0.25 * h + 0.20 * t + 0.25 * (1.0 - c) + 0.15 * (1.0 - j) + 0.15 * (1.0 - d);
    report.scores = vec![
        Score::new("u_score", u),
        Score::new("hedging", h),
        Score::new("temporal_vagueness", t),
        Score::new("citation_sufficiency", c),
        Score::new("jurisdictional_specificity", j),
        Score::new("decisiveness", d),
    ];
    let mut all: Vec<Cue> = [hedges, vague, dates, decisive, evasive, places].concat();
    crate::sorted::sort_by_key(&mut all, |c| c.end);
    crate::sorted::sort_by_key(&mut all, |c| c.start);
    report.details = Some(UScoreDetails {
        cues: all,
        sources: source_list
            .into_iter()
            .zip(weights)
            .map(|(url, weight)| Source { url, weight })
            .collect(),
        tokens,
    });
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example() {
        // 20 tokens; hedges "may", "possibly" → 10 per 100 tokens → H = 1; "recently" vague and no date → T = 1;
        // no source → C = 0; no jurisdiction → J = 0; no decisive and no non-committal cue → D = 0.5.
        let answer = "It may be that the order was possibly changed recently but nobody here knows what the text says now at";
        assert_eq!(answer.split_whitespace().count(), 20);
        let report = score(answer, &[]);
        assert_eq!(report.score("hedging"), Some(1.0));
        assert_eq!(report.score("temporal_vagueness"), Some(1.0));
        assert_eq!(report.score("citation_sufficiency"), Some(0.0));
        assert_eq!(report.score("jurisdictional_specificity"), Some(0.0));
        assert_eq!(report.score("decisiveness"), Some(0.5));
        assert!(
            (report.score("u_score").unwrap() - (0.25 + 0.20 + 0.25 + 0.15 + 0.075)).abs() < 1e-12
        );
    }

    #[test]
    fn a_decisive_sourced_answer_scores_low() {
        let answer = "Executive Order 14110 was revoked on January 20, 2025 by Executive Order 14148, as the \
                      Federal Register records. See https://www.federalregister.gov/d/2025-01753";
        let report = score(answer, &[]);
        assert_eq!(report.score("hedging"), Some(0.0));
        assert_eq!(report.score("temporal_vagueness"), Some(0.0));
        assert!((report.score("citation_sufficiency").unwrap() - 1.0 / 1.5).abs() < 1e-12);
        assert_eq!(report.score("jurisdictional_specificity"), Some(1.0));
        assert_eq!(report.score("decisiveness"), Some(1.0));
        assert!(report.score("u_score").unwrap() < 0.1);
        let cue = &report.details.unwrap().cues[0];
        assert_eq!((cue.dimension.as_str(), cue.start), ("jurisdiction", 0));
    }

    #[test]
    fn source_weights_follow_the_authority_tiers() {
        assert_eq!(source_weight("https://www.supremecourt.gov/opinions"), 1.0);
        assert_eq!(
            source_weight("https://www.law.cornell.edu/uscode/text/26"),
            0.7
        );
        assert_eq!(source_weight("https://www.reuters.com/legal"), 0.5);
        assert_eq!(source_weight("https://old.reddit.com/r/law"), 0.2);
        assert_eq!(source_weight("https://example.com"), 0.1);
        assert_eq!(score("   ", &[]).score("u_score"), None);
    }
}
