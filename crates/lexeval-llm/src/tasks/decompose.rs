//! Claim decomposition (Wanner et al. 2024, Table 1): each sentence is sent with one method's prompt
//! and the answer's bullet list becomes its subclaims.

use super::sentences::split_sentences;
use super::Exchange;
use crate::chat::Complete;
use crate::parse::parse_bullets;
use crate::prompts::{self, Template};
use serde::Serialize;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    FActScore,
    WiCE,
    Chen,
    Rnd,
}

impl Method {
    pub fn template(self) -> Template {
        match self {
            Method::FActScore => prompts::DECOMPOSE_FACTSCORE,
            Method::WiCE => prompts::DECOMPOSE_WICE,
            Method::Chen => prompts::DECOMPOSE_CHEN,
            Method::Rnd => prompts::DECOMPOSE_RND,
        }
    }
}

impl FromStr for Method {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name.to_ascii_lowercase().as_str() {
            "factscore" => Ok(Method::FActScore),
            "wice" => Ok(Method::WiCE),
            "chen" => Ok(Method::Chen),
            "rnd" | "r-nd" => Ok(Method::Rnd),
            other => Err(format!(
                "unknown decomposition method {other:?} (factscore, wice, chen, rnd)"
            )),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SentenceDecomposition {
    pub sentence: String,
    pub subclaims: Vec<String>,
    pub exchange: Exchange,
}

/// Decompose every sentence of `text`. A failed call or an answer without a list leaves that
/// sentence with no subclaims and an error in its exchange.
pub fn decompose(client: &dyn Complete, text: &str, method: Method) -> Vec<SentenceDecomposition> {
    let sentences = split_sentences(text);
    let prompts: Vec<String> = sentences
        .iter()
        .map(|sentence| method.template().render(&[("sentence", sentence)]))
        .collect();
    let answers = client.complete_many(&prompts);
    sentences
        .into_iter()
        .zip(prompts)
        .zip(answers)
        .map(|((sentence, prompt), answer)| {
            let mut exchange = Exchange::new(prompt, &answer);
            let subclaims = answer.map(|a| parse_bullets(&a)).unwrap_or_default();
            if subclaims.is_empty() && exchange.error.is_none() {
                exchange.error = Some("the answer has no \"- \" list of subclaims".into());
            }
            SentenceDecomposition {
                sentence,
                subclaims,
                exchange,
            }
        })
        .collect()
}
