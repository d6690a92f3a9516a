//! The papers' prompts, kept as data files under `prompts/` with a `#` header citing their source.

/// A prompt template with `{name}` placeholders.
#[derive(Debug, Clone, Copy)]
pub struct Template(&'static str);

pub const DECOMPOSE_FACTSCORE: Template =
    Template(include_str!("../prompts/decompose_factscore.txt"));
pub const DECOMPOSE_WICE: Template = Template(include_str!("../prompts/decompose_wice.txt"));
pub const DECOMPOSE_CHEN: Template = Template(include_str!("../prompts/decompose_chen.txt"));
pub const DECOMPOSE_RND: Template = Template(include_str!("../prompts/decompose_rnd.txt"));
pub const SUPPORT_CHECK: Template = Template(include_str!("../prompts/support_check.txt"));
pub const CASEFACTS_VERDICT: Template = Template(include_str!("../prompts/casefacts_verdict.txt"));
pub const LEGALSEARCHQA_JUDGE: Template =
    Template(include_str!("../prompts/legalsearchqa_judge.txt"));
pub const POINTWISE_EXTRACT: Template = Template(include_str!("../prompts/pointwise_extract.txt"));
pub const POINTWISE_MATCH: Template = Template(include_str!("../prompts/pointwise_match.txt"));
pub const POINTWISE_TIEBREAK: Template =
    Template(include_str!("../prompts/pointwise_tiebreak.txt"));
pub const LFRESCO_SIMILARITY: Template =
    Template(include_str!("../prompts/lfresco_similarity.txt"));

impl Template {
    /// The template without its `#` source header, with each `{name}` replaced by its value.
    /// Values are substituted in one pass, so a value containing `{other}` is left as is.
    pub fn render(&self, values: &[(&str, &str)]) -> String {
        let body: String = self
            .0
            .lines()
            .skip_while(|line| line.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let mut out = String::with_capacity(body.len());
        let mut rest = body.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                values
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value, close))
            });
            match value {
                Some((value, close)) => {
                    out.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_drops_header_and_fills_placeholders_once() {
        let prompt = DECOMPOSE_WICE.render(&[("sentence", "He ruled {sentence}.")]);
        assert_eq!(
            prompt,
            "Segment the following sentence into individual facts:\nHe ruled {sentence}."
        );
    }

    #[test]
    fn json_braces_in_a_template_are_kept() {
        let prompt = CASEFACTS_VERDICT.render(&[("case_list", "Roe v. Wade"), ("claim", "C")]);
        assert!(prompt.contains("Claim: C"));
        assert!(prompt.contains("Valid Supreme Court Cases:\n\nRoe v. Wade"));
        assert!(prompt.contains("{\n  \"explanation\""));
    }

    #[test]
    fn rnd_prompt_has_the_table_10_examples_and_ends_with_the_sentence() {
        let prompt = DECOMPOSE_RND.render(&[("sentence", "The court held X.")]);
        assert!(prompt.contains("- He has an acting debut."));
        assert_eq!(
            prompt
                .matches("Please decompose the following sentence")
                .count(),
            8
        );
        assert!(prompt.ends_with("individual facts: The court held X."));
    }
}
