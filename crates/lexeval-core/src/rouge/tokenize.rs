//! rouge-score's tokenizer, and an opt-in Unicode-aware variant.

use super::porter;
use serde::{Deserialize, Serialize};

/// How text is cut into tokens before ROUGE counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tokenizer {
    /// rouge-score's `tokenize.tokenize`: lowercase, replace every run of `[^a-z0-9]` by a space, split.
    /// Every non-ASCII letter is a separator, so "café" gives "caf" and Greek or Chinese text gives nothing.
    #[default]
    RougeScore,
    /// Lowercase and keep runs of Unicode letters and digits (`char::is_alphanumeric`) as tokens, so
    /// accented and non-Latin words survive. Combining marks are separators (no normalisation is done).
    /// Not rouge-score compatible: scores differ from rouge-score as soon as the text has non-ASCII letters.
    Unicode,
}

impl Tokenizer {
    pub fn name(self) -> &'static str {
        match self {
            Tokenizer::RougeScore => "rouge-score",
            Tokenizer::Unicode => "unicode",
        }
    }
}

/// Tokens of `text`. With `stem`, tokens longer than 3 characters go through NLTK's Porter stemmer, as in
/// rouge-score's `DefaultTokenizer(use_stemmer=True)`.
pub fn tokenize(text: &str, stem: bool, tokenizer: Tokenizer) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut flush = |current: &mut String| {
        if current.is_empty() {
            return;
        }
        let token = std::mem::take(current);
        if stem && token.chars().count() > 3 {
            let stemmed = porter::stem(&token);
            if !stemmed.is_empty() {
                tokens.push(stemmed);
            }
        } else {
            tokens.push(token);
        }
    };
    for c in text.chars() {
        if c.is_ascii() {
            let lower = c.to_ascii_lowercase();
            if lower.is_ascii_alphanumeric() {
                current.push(lower);
            } else {
                flush(&mut current);
            }
            continue;
        }
        // Python's str.lower() can turn a non-ASCII letter into ASCII ('İ' -> "i̇", Kelvin sign -> 'k').
        for lower in c.to_lowercase() {
            let keep = match tokenizer {
                Tokenizer::RougeScore => lower.is_ascii_alphanumeric(),
                Tokenizer::Unicode => lower.is_alphanumeric(),
            };
            if keep {
                current.push(lower);
            } else {
                flush(&mut current);
            }
        }
    }
    flush(&mut current);
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rouge_score_tokenizer_drops_punctuation_and_non_ascii() {
        // Same cases as rouge-score's tokenize_test.py / tokenizers_test.py.
        assert_eq!(
            tokenize(
                "This is a test. Hyphen-ated words.",
                false,
                Tokenizer::RougeScore
            ),
            ["this", "is", "a", "test", "hyphen", "ated", "words"]
        );
        assert_eq!(
            tokenize("hi, i’m here — café 2024!", false, Tokenizer::RougeScore),
            ["hi", "i", "m", "here", "caf", "2024"]
        );
        assert!(tokenize("Ελληνικά 中文", false, Tokenizer::RougeScore).is_empty());
        assert!(tokenize("  \n ", false, Tokenizer::RougeScore).is_empty());
    }

    #[test]
    fn non_ascii_lowercasing_to_ascii_is_kept_like_python() {
        // 'İ'.lower() == 'i̇' and '\u{212A}'.lower() == 'k' in Python.
        assert_eq!(
            tokenize("İstanbul \u{212A}ey", false, Tokenizer::RougeScore),
            ["i", "stanbul", "key"]
        );
    }

    #[test]
    fn stemming_applies_to_tokens_longer_than_three() {
        assert_eq!(
            tokenize(
                "The dogs were running, dies, ties, was",
                true,
                Tokenizer::RougeScore
            ),
            ["the", "dog", "were", "run", "die", "tie", "was"]
        );
    }

    #[test]
    fn unicode_tokenizer_keeps_letters_of_any_script() {
        assert_eq!(
            tokenize("Café ΑΘΗΝΑ, 中文!", false, Tokenizer::Unicode),
            ["café", "αθηνα", "中文"]
        );
    }
}
