//! LegalSearchQA LLM-as-Judge: N independent low/moderate/high ratings with reasons; the final rating
//! is their mode (ties go to the lower rating, the cautious reading).

use super::Exchange;
use crate::chat::Complete;
use crate::parse::parse_json;
use crate::prompts::LEGALSEARCHQA_JUDGE;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rating {
    Low,
    Moderate,
    High,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Vote {
    pub rating: Option<Rating>,
    pub reasons: Vec<String>,
    pub exchange: Exchange,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QaJudgment {
    /// Mode of the valid votes; null when no vote could be read.
    pub rating: Option<Rating>,
    pub votes: Vec<Vote>,
}

/// Judge one answer with `votes` independent prompts (each carries its vote number, so each is cached
/// and sampled on its own).
pub fn judge_answer(
    client: &dyn Complete,
    question: &str,
    answer: &str,
    votes: usize,
) -> QaJudgment {
    let total = votes.max(1).to_string();
    let prompts: Vec<String> = (1..=votes.max(1))
        .map(|vote| {
            LEGALSEARCHQA_JUDGE.render(&[
                ("question", question),
                ("answer", answer),
                ("vote", &vote.to_string()),
                ("votes", &total),
            ])
        })
        .collect();
    let answers = client.complete_many(&prompts);
    let votes: Vec<Vote> = prompts
        .into_iter()
        .zip(answers)
        .map(|(prompt, answer)| {
            let mut exchange = Exchange::new(prompt, &answer);
            let json = answer.and_then(|a| parse_json(&a));
            let value = json.as_ref().ok();
            let rating = value.and_then(|v| v["rating"].as_str()).and_then(|r| {
                match r.trim().to_ascii_lowercase().as_str() {
                    "low" => Some(Rating::Low),
                    "moderate" => Some(Rating::Moderate),
                    "high" => Some(Rating::High),
                    _ => None,
                }
            });
            if exchange.error.is_none() && rating.is_none() {
                exchange.error = Some(match &json {
                    Err(err) => err.to_string(),
                    Ok(_) => "no low/moderate/high rating in the JSON".into(),
                });
            }
            let reasons = value
                .and_then(|v| v["reasons"].as_array())
                .map(|r| {
                    r.iter()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            Vote {
                rating,
                reasons,
                exchange,
            }
        })
        .collect();
    QaJudgment {
        rating: mode(votes.iter().filter_map(|v| v.rating)),
        votes,
    }
}

/// The most frequent rating; among equally frequent ones, the lowest.
fn mode(ratings: impl Iterator<Item = Rating>) -> Option<Rating> {
    let mut counts = [0usize; 3];
    for rating in ratings {
        counts[rating as usize] += 1;
    }
    let best = *counts.iter().max()?;
    [Rating::Low, Rating::Moderate, Rating::High]
        .into_iter()
        .find(|r| best > 0 && counts[*r as usize] == best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rating::*;

    #[test]
    fn mode_prefers_majority_then_lower_rating() {
        assert_eq!(mode([High, Moderate, High].into_iter()), Some(High));
        assert_eq!(mode([High, Low].into_iter()), Some(Low));
        assert_eq!(mode(std::iter::empty()), None);
    }
}
