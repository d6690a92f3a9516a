//! A small sentence splitter for decomposition: ends at `.`, `!` or `?` followed by whitespace and an
//! uppercase letter, except after short abbreviations common in legal text ("v.", "Co.", "U.S.").

pub fn split_sentences(text: &str) -> Vec<String> {
    let mut sentences = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for window in chars.windows(3) {
        let [(_, end), (_, space), (next_at, next)] = window else {
            continue;
        };
        if matches!(end, '.' | '!' | '?') && space.is_whitespace() && next.is_uppercase() {
            let candidate = text[start..*next_at].trim();
            if !ends_with_abbreviation(candidate) {
                push_nonempty(&mut sentences, candidate);
                start = *next_at;
            }
        }
    }
    push_nonempty(&mut sentences, text[start..].trim());
    sentences
}

fn ends_with_abbreviation(candidate: &str) -> bool {
    let last_word = candidate.split_whitespace().last().unwrap_or("");
    let letters = last_word.chars().filter(|c| c.is_alphabetic()).count();
    last_word.ends_with('.') && letters > 0 && (letters <= 3 || last_word.matches('.').count() > 1)
}

fn push_nonempty(sentences: &mut Vec<String>, sentence: &str) {
    if !sentence.is_empty() {
        sentences.push(sentence.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_sentence_ends_but_not_abbreviations() {
        let text =
            "See Roe v. Wade, 410 U.S. 113. The Court held that X applies! Is it so? yes it is.";
        assert_eq!(
            split_sentences(text),
            vec![
                "See Roe v. Wade, 410 U.S. 113.",
                "The Court held that X applies!",
                "Is it so? yes it is."
            ]
        );
        assert!(split_sentences("  \n").is_empty());
        assert_eq!(split_sentences("Ünïcode. Ärger"), vec!["Ünïcode.", "Ärger"]);
    }
}
