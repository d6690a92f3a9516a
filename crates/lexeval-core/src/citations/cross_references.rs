//! Internal cross-references (Bluebook R3.5, Indigo Book R5.4): "See supra Part I.B.", "infra note 12",
//! "supra notes 3–5 and accompanying text", "infra p. 5". They point into the document itself, so they are
//! citation material (no claim text) but never authorities; eyecite reads their "supra" as a short form.

use super::{Citation, CitationKind, CitationRole};
use crate::authority_key::AuthorityKey;
use regex::Regex;
use std::sync::OnceLock;

/// The parts of a document R3.5 names after "supra" or "infra".
const DOCUMENT_PARTS: [&str; 13] = [
    r"Parts?",
    r"Sections?",
    r"Secs?\.",
    r"notes?",
    r"nn?\.",
    r"pp?\.",
    r"Figures?",
    r"Figs?\.",
    r"Tables?",
    r"Appendix",
    r"Chapters?",
    r"text\s+accompanying\s+notes?",
    r"(?:Point|Argument|Issue)s?",
];

fn cross_reference_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    CELL.get_or_init(|| {
        // The label: "I.B", "II", "12", "3–5", "A.2.", a list or range, then "and accompanying text".
        let label = r"[A-Za-z0-9][A-Za-z0-9.]*(?:\s*[-–—,]\s*[A-Za-z0-9][A-Za-z0-9.]*)*";
        Regex::new(&format!(
            r"(?-u:\b)(?:supra|infra)\s*,?\s+(?:{})\s*{label}(?:\s+and\s+accompanying\s+text)?",
            DOCUMENT_PARTS.join("|")
        ))
        .expect("cross-reference pattern")
    })
}

/// Turns the "supra" of each cross-reference in `found` (byte offsets) into a cross-reference citation
/// spanning it, and adds those led by "infra".
pub fn add_cross_references(text: &str, found: &mut Vec<Citation>) {
    for m in cross_reference_regex().find_iter(text) {
        let (start, end) = (m.start(), m.end());
        let at = found
            .iter()
            .position(|c| c.kind == CitationKind::Supra && c.start == start);
        let reference = cross_reference(text, start, end);
        match at {
            Some(at) => found[at] = reference,
            None if found.iter().all(|c| c.end <= start || end <= c.start) => found.push(reference),
            None => {}
        }
    }
}

fn cross_reference(text: &str, start: usize, end: usize) -> Citation {
    let matched = text[start..end].to_string();
    let authority = AuthorityKey::cross_reference(&matched);
    Citation::new(
        CitationKind::CrossReference,
        (start, end),
        matched,
        authority,
        CitationRole::CrossReference,
    )
}

#[cfg(test)]
mod tests {
    use crate::citations::{extract, CitationKind};

    #[test]
    fn supra_and_infra_into_the_document_are_cross_references() {
        for (text, reference) in [
            (
                "As shown, the claim fails. See supra Part I.B.",
                "supra Part I.B.",
            ),
            ("The court erred. See infra note 12.", "infra note 12."),
            (
                "This is settled. See supra Section II.",
                "supra Section II.",
            ),
            ("And see infra p. 5.", "infra p. 5."),
            (
                "The cases agree. See supra notes 3–5 and accompanying text.",
                "supra notes 3–5 and accompanying text",
            ),
            (
                "See infra Part III.A (discussing waiver).",
                "infra Part III.A",
            ),
        ] {
            let found = extract(text);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(
                (found[0].kind, found[0].matched_text.as_str()),
                (CitationKind::CrossReference, reference)
            );
        }
        // A supra naming a source is a short form, not a cross-reference.
        let found = extract("LaFave, supra, § 5.2(c).");
        assert_eq!(found[0].kind, CitationKind::Supra);
    }
}
