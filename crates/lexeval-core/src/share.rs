//! Share links: the full input and settings of a check, carried in a URL fragment.
//!
//! Format: `v1.` + base64url (no padding) of raw-deflated JSON of [`SharePayload`]. The fragment never
//! leaves the browser (it is not sent to servers), and the payload type has no field for an API key, so a
//! key cannot end up in a link by construction.

use crate::fresco::AuthorityScope;
use crate::pointwise::PointSource;
use crate::shipped_model::EmbeddingModel;
use crate::similarity::Similarity;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Prefix of every share fragment of this format version.
pub const SHARE_PREFIX: &str = "v1.";
/// Longest fragment we produce or accept: browsers, chat tools and mail clients handle this reliably.
pub const MAX_FRAGMENT_BYTES: usize = 32 * 1024;
/// Cap on the inflated JSON, so a small hostile fragment cannot expand into gigabytes.
const MAX_INFLATED_BYTES: usize = 4 * 1024 * 1024;
/// Deflate level: the payload is small, so spend the time on size.
const DEFLATE_LEVEL: u8 = 9;

/// Everything needed to reproduce the numbers of one check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharePayload {
    /// Which check: "brief", "summary" or "answer".
    pub view: String,
    /// The reference text (reference brief paragraph or reference summary); for an answer, the answer.
    pub reference: String,
    /// The candidate text (generated paragraph or summary); empty for an answer.
    pub candidate: String,
    pub settings: ShareSettings,
    /// Version of the metric definitions that produced the numbers when the link was made.
    pub metric_version: String,
    /// sha256 of the embedding model in use when the link was made, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_sha256: Option<String>,
}

/// Scoring settings. Deliberately no API key: only the endpoint and model name of an LLM travel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareSettings {
    /// Similarity function; an id this build does not know opens as ROUGE-L.
    #[serde(deserialize_with = "Similarity::lenient")]
    pub similarity: Similarity,
    /// Threshold that makes the similarity binary, in [0, 1].
    pub threshold: f64,
    /// Generalized FRESCO (bipartite matching) instead of exact-authority L-FRESCO.
    pub generalized: bool,
    /// Which authorities L-FRESCO counts; links made before the option count all.
    #[serde(default, skip_serializing_if = "AuthorityScope::is_all")]
    pub authorities: AuthorityScope,
    /// Which embedding model computes the embedding similarity; links made before there was a choice
    /// used the fp32 MiniLM.
    #[serde(default = "model_before_variants")]
    pub embedding_model: EmbeddingModel,
    /// Where the summary check's points come from (pointwise Step 1); links made before the choice, and
    /// links with the default, have no field and split the summaries into sentences.
    #[serde(default, skip_serializing_if = "PointSource::is_sentences")]
    pub points: PointSource,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_model: Option<String>,
}

fn model_before_variants() -> EmbeddingModel {
    EmbeddingModel::BEFORE_VARIANTS
}

/// Why a fragment could not be made or read. Every variant's message says, in plain words, what is wrong
/// and what to do; none names the base64, deflate or JSON layer (a reader cannot act on those).
#[derive(Debug, Clone, PartialEq)]
pub enum ShareError {
    /// The encoded link would exceed [`MAX_FRAGMENT_BYTES`].
    TooLarge { bytes: usize, limit: usize },
    /// A fragment longer than any link this format makes.
    TooLong { limit: usize },
    /// Not a `v1.` fragment (maybe made by a newer version, or not a share link at all).
    UnknownVersion,
    /// Base64 or deflate is damaged: most often the link was cut short when copied.
    Damaged,
    /// It unpacks, but not into a check (edited by hand, or made by an incompatible version).
    NotACheck,
    /// The threshold is outside [0, 1].
    ThresholdOutOfRange(f64),
}

/// The version of the metric definitions this build computes for a check, which its share links carry:
/// pointwise's for a "summary", U-Score's for an "answer", FRESCO's for a "brief" (and for any other view,
/// which opens as a brief).
pub fn metric_version(view: &str) -> &'static str {
    match view {
        "summary" => crate::pointwise::METRIC_VERSION,
        "answer" => crate::uscore::METRIC_VERSION,
        _ => crate::fresco::METRIC_VERSION,
    }
}

impl SharePayload {
    /// Why this build may not reproduce the link's numbers exactly: a different version of its view's
    /// metric, or, when the link used an embedding model, a different file than `model_sha256` (the one
    /// the page runs for the link's `embedding_model`).
    pub fn mismatches(&self, model_sha256: &str) -> Vec<String> {
        let mut notes = Vec::new();
        let metric_version = metric_version(&self.view);
        if self.metric_version != metric_version {
            notes.push(format!(
                "It was made with metric version {}; this page computes version {metric_version}, so numbers may differ.",
                self.metric_version
            ));
        }
        if let Some(theirs) = self
            .model_sha256
            .as_deref()
            .filter(|sha| *sha != model_sha256)
        {
            let short = |sha: &str| sha.chars().take(12).collect::<String>();
            notes.push(format!(
                "It was made with embedding model sha256 {}…; this page ships {}…, so embedding similarities may differ.",
                short(theirs),
                short(model_sha256)
            ));
        }
        notes
    }
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::TooLarge { bytes, limit } => write!(
                f,
                "The texts are too long for a share link ({} KB compressed, limit {} KB). \
                 Export the report as JSON instead and send the file.",
                bytes.div_ceil(1024),
                limit / 1024
            ),
            ShareError::TooLong { limit } => write!(
                f,
                "The link is longer than any lexeval share link ({} KB at most), so it was not made by \
                 lexeval or was changed after. Ask whoever sent it for a new link.",
                limit / 1024
            ),
            ShareError::UnknownVersion => write!(
                f,
                "This is not a lexeval share link, or it was made by a newer version of lexeval: the part \
                 after # should start with \"v1.\". Check that the whole link was copied, or open it in \
                 the lexeval that made it."
            ),
            ShareError::Damaged => write!(
                f,
                "The link is damaged, most often cut short when it was copied. Copy the whole link again, \
                 up to its last character, and open it once more."
            ),
            ShareError::NotACheck => write!(
                f,
                "The link does not hold a lexeval check: it was edited, or made by an incompatible version \
                 of lexeval. Ask whoever sent it for a new link."
            ),
            ShareError::ThresholdOutOfRange(t) => write!(
                f,
                "The link's threshold {t} is outside 0 to 1, so it was edited by hand. Ask whoever sent it \
                 for a new link."
            ),
        }
    }
}

impl std::error::Error for ShareError {}

/// Encode a payload as a URL fragment (without the leading `#`).
pub fn encode(payload: &SharePayload) -> Result<String, ShareError> {
    validate(payload)?;
    // Serialising strings, numbers and enums cannot fail; should it ever, the link would not hold a check.
    let json = serde_json::to_vec(payload).map_err(|_| ShareError::NotACheck)?;
    let deflated = miniz_oxide::deflate::compress_to_vec(&json, DEFLATE_LEVEL);
    let fragment = format!("{SHARE_PREFIX}{}", URL_SAFE_NO_PAD.encode(deflated));
    if fragment.len() > MAX_FRAGMENT_BYTES {
        return Err(ShareError::TooLarge {
            bytes: fragment.len(),
            limit: MAX_FRAGMENT_BYTES,
        });
    }
    Ok(fragment)
}

/// Decode a URL fragment (with or without the leading `#`). Any junk is an error, never a panic.
pub fn decode(fragment: &str) -> Result<SharePayload, ShareError> {
    let fragment = fragment.trim().trim_start_matches('#');
    if fragment.len() > MAX_FRAGMENT_BYTES {
        return Err(ShareError::TooLong {
            limit: MAX_FRAGMENT_BYTES,
        });
    }
    let body = fragment
        .strip_prefix(SHARE_PREFIX)
        .ok_or(ShareError::UnknownVersion)?;
    let deflated = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| ShareError::Damaged)?;
    // Over the cap is damage too: no link this format makes inflates that far.
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_INFLATED_BYTES)
        .map_err(|_| ShareError::Damaged)?;
    let payload: SharePayload = serde_json::from_slice(&json).map_err(|_| ShareError::NotACheck)?;
    validate(&payload)?;
    Ok(payload)
}

fn validate(payload: &SharePayload) -> Result<(), ShareError> {
    let t = payload.settings.threshold;
    if !(0.0..=1.0).contains(&t) {
        return Err(ShareError::ThresholdOutOfRange(t));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayes() -> SharePayload {
        SharePayload {
            view: "brief".into(),
            reference: "Divers' status as a corporate officer does not exempt him from liability. \
                        See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995)"
                .into(),
            candidate: "As previously stated, 29 U.S.C. § 1002(21)(A) defines a fiduciary. \
                        P51 F.3d 1449, 1459 (9th Cir.1995)."
                .into(),
            settings: ShareSettings {
                similarity: Similarity::RougeL,
                threshold: 0.5,
                generalized: false,
                authorities: AuthorityScope::All,
                embedding_model: EmbeddingModel::MiniLmInt8,
                points: PointSource::Sentences,
                llm_endpoint: Some("http://localhost:11434/v1".into()),
                llm_model: Some("llama3".into()),
            },
            metric_version: "1".into(),
            model_sha256: Some(
                "a563f24e6307f8ff18d0cd2b4796beba102db965e09e7e8ee168fe017cde733b".into(),
            ),
        }
    }

    #[test]
    fn round_trip_reproduces_the_payload_exactly() {
        let p = kayes();
        let fragment = encode(&p).unwrap();
        assert!(fragment.starts_with("v1."));
        assert!(fragment
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.'));
        assert_eq!(decode(&fragment).unwrap(), p);
        assert_eq!(decode(&format!("#{fragment}")).unwrap(), p);
    }

    #[test]
    fn unicode_and_empty_texts_round_trip() {
        let mut p = kayes();
        p.reference = "§ 1983 — «Ünïcödé» 判例 🙂".into();
        p.candidate = String::new();
        p.model_sha256 = None;
        p.settings.llm_endpoint = None;
        assert_eq!(decode(&encode(&p).unwrap()).unwrap(), p);
    }

    #[test]
    fn a_link_from_before_the_model_choice_opens_with_the_fp32_model() {
        let mut json = serde_json::to_value(kayes()).unwrap();
        json["settings"]
            .as_object_mut()
            .unwrap()
            .remove("embedding_model");
        let fragment = format!(
            "v1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(
                json.to_string().as_bytes(),
                6
            ))
        );
        let opened = decode(&fragment).unwrap();
        assert_eq!(opened.settings.embedding_model, EmbeddingModel::MiniLm);
    }

    #[test]
    fn the_points_choice_travels_only_when_the_llm_extracts_them() {
        let sentences = kayes();
        let json = serde_json::to_string(&sentences).unwrap();
        assert!(!json.contains("points"), "{json}");
        let mut llm = kayes();
        llm.view = "summary".into();
        llm.settings.points = PointSource::Llm;
        let json = serde_json::to_value(&llm).unwrap();
        assert_eq!(json["settings"]["points"], "llm");
        assert_eq!(decode(&encode(&llm).unwrap()).unwrap(), llm);
    }

    #[test]
    fn payload_json_has_no_key_field() {
        let json = serde_json::to_string(&kayes()).unwrap();
        assert!(!json.to_lowercase().contains("key"), "{json}");
    }

    #[test]
    fn oversized_input_is_refused_with_a_clear_message() {
        let mut p = kayes();
        // Incompressible-ish text: a pseudo-random letter stream.
        use rand::Rng;
        let mut rng = crate::test_support::rng(12345);
        p.reference = (0..200_000)
            .map(|_| char::from(rng.random_range(b'a'..=b'z')))
            .collect();
        let err = encode(&p).unwrap_err();
        assert!(matches!(err, ShareError::TooLarge { limit, .. } if limit == MAX_FRAGMENT_BYTES));
        assert!(err.to_string().contains("too long for a share link"));
    }

    #[test]
    fn junk_is_an_error_never_a_panic() {
        for junk in [
            "",
            "#",
            "v1.",
            "v2.abc",
            "hello",
            "v1.!!!!",
            "v1.AAAA",
            "v1.eJzLSM3JyVcozy_KSQEAGgQEXQ",
        ] {
            assert!(decode(junk).is_err(), "{junk:?} decoded");
        }
        assert_eq!(decode("v9.xyz"), Err(ShareError::UnknownVersion));
        // Valid deflate of valid JSON of the wrong shape.
        let wrong = miniz_oxide::deflate::compress_to_vec(br#"{"view":1}"#, 6);
        let fragment = format!("v1.{}", URL_SAFE_NO_PAD.encode(wrong));
        assert_eq!(decode(&fragment), Err(ShareError::NotACheck));
        // A truncated real link.
        let good = encode(&kayes()).unwrap();
        assert_eq!(decode(&good[..good.len() / 2]), Err(ShareError::Damaged));
        assert!(matches!(
            decode(&"v1.A".repeat(MAX_FRAGMENT_BYTES)),
            Err(ShareError::TooLong { .. })
        ));
    }

    #[test]
    fn messages_say_what_to_do_without_internal_names() {
        let good = encode(&kayes()).unwrap();
        let wrong = format!(
            "v1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(br#"{"view":1}"#, 6))
        );
        for junk in [
            "hello".to_string(),
            "v1.!!!!".to_string(),
            good[..good.len() / 2].to_string(),
            wrong,
            "x".repeat(MAX_FRAGMENT_BYTES + 1),
        ] {
            let message = decode(&junk).unwrap_err().to_string();
            assert!(message.contains("link"), "{message}");
            for internal in [
                "Failed",
                "base64",
                "inflate",
                "deflate",
                "missing field",
                "`",
                "Corrupt",
            ] {
                assert!(!message.contains(internal), "{message}");
            }
        }
    }

    #[test]
    fn out_of_range_threshold_is_rejected_both_ways() {
        let mut p = kayes();
        p.settings.threshold = 1.5;
        assert_eq!(encode(&p), Err(ShareError::ThresholdOutOfRange(1.5)));
        let json = serde_json::to_vec(&p).unwrap();
        let fragment = format!(
            "v1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&json, 6))
        );
        assert_eq!(decode(&fragment), Err(ShareError::ThresholdOutOfRange(1.5)));
    }

    #[test]
    fn deflate_bomb_is_capped() {
        let zeros = vec![b' '; MAX_INFLATED_BYTES + 10];
        let bomb = miniz_oxide::deflate::compress_to_vec(&zeros, 9);
        let fragment = format!("v1.{}", URL_SAFE_NO_PAD.encode(bomb));
        assert!(fragment.len() < MAX_FRAGMENT_BYTES);
        assert_eq!(decode(&fragment), Err(ShareError::Damaged));
    }

    #[test]
    fn mismatched_versions_and_models_are_named() {
        let mut payload = kayes();
        payload.metric_version = crate::fresco::METRIC_VERSION.into();
        payload.model_sha256 = Some("a".repeat(64));
        assert!(payload.mismatches(&"a".repeat(64)).is_empty());
        payload.metric_version = "0".into();
        let notes = payload.mismatches(&"b".repeat(64));
        assert_eq!(notes.len(), 2);
        assert!(notes[0].contains(&format!(
            "metric version 0; this page computes version {}",
            crate::fresco::METRIC_VERSION
        )));
        assert!(notes[1].contains("sha256 aaaaaaaaaaaa…; this page ships bbbbbbbbbbbb…"));
        payload.model_sha256 = None;
        payload.metric_version = crate::fresco::METRIC_VERSION.into();
        assert!(payload.mismatches("b").is_empty());
        // A summary link is checked against pointwise's version.
        payload.view = "summary".into();
        payload.metric_version = crate::pointwise::METRIC_VERSION.into();
        assert!(payload.mismatches("b").is_empty());
        // An answer link against U-Score's.
        payload.view = "answer".into();
        payload.metric_version = crate::uscore::METRIC_VERSION.into();
        assert!(payload.mismatches("b").is_empty());
    }
}
