//! A citation's whole extent for highlighting: the case name before it ("Terry v. Ohio, " or a short
//! cite's "Terry, "), its pin cite and its parentheticals after it. The citation parser's own spans stay
//! eyecite's (the reporter cite only), which the parity tests compare; only the highlights widen.

use crate::citations::Citation;

/// Farthest a case name may start before its cite (bytes): a name, never the sentence before it.
const NAME_WINDOW: usize = 250;

/// Whole extents of `citations` (character offsets, in order), none reaching into the one before or after
/// it: a cite inside another's parenthetical ("(quoting Blessing v. Freestone, 520 U.S. 329)") keeps its
/// own extent, and the outer one stops before that parenthetical.
pub fn whole_extents(text: &str, citations: &[Citation]) -> Vec<(usize, usize)> {
    // Byte offset of every character offset, and one past the end.
    let bytes: Vec<usize> = text
        .char_indices()
        .map(|(b, _)| b)
        .chain([text.len()])
        .collect();
    let to_char = |byte: usize| bytes.partition_point(|&b| b < byte);
    let mut floor = 0;
    citations
        .iter()
        .enumerate()
        .map(|(index, citation)| {
            let (Some(&start), Some(&end)) = (bytes.get(citation.start), bytes.get(citation.end))
            else {
                return (citation.start, citation.end);
            };
            let ceiling = citations
                .get(index + 1)
                .and_then(|next| bytes.get(next.start).copied())
                .unwrap_or(text.len())
                .max(end);
            let start = name_start(text, citation, start, floor);
            let end = tail_end(text, citation, end, ceiling);
            floor = floor.max(end);
            (to_char(start), to_char(end))
        })
        .collect()
}

/// Where the case name the citation carries starts (byte), when it sits just before the cite on the same
/// line and after `floor` (the previous citation's end).
fn name_start(text: &str, citation: &Citation, start: usize, floor: usize) -> usize {
    let Some(name) = citation
        .plaintiff
        .as_deref()
        .or(citation.antecedent_guess.as_deref())
        .filter(|n| !n.is_empty())
    else {
        return start;
    };
    if floor >= start {
        return start;
    }
    let mut from = start.saturating_sub(NAME_WINDOW).max(floor);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let before = &text[from..start];
    match before.rfind(name) {
        Some(at) if !before[at..].contains('\n') => from + at,
        _ => start,
    }
}

/// Where the citation's pin cite and parentheticals end (byte): ", 21 (1968) (holding …)", never past
/// `ceiling` (where the next citation starts).
fn tail_end(text: &str, citation: &Citation, end: usize, ceiling: usize) -> usize {
    let mut end = end;
    if let Some(pin) = citation.pin_cite.as_deref().filter(|p| !p.is_empty()) {
        let rest = &text[end..];
        let lead = rest.len() - rest.trim_start_matches([',', ' ']).len();
        let lead = lead + usize::from(rest[lead..].starts_with("at ")) * 3;
        if rest[lead..].starts_with(pin) && end + lead + pin.len() <= ceiling {
            end += lead + pin.len();
        }
    }
    // The court-and-date parenthetical and an explanatory one, each balanced and on one line.
    for _ in 0..2 {
        match parenthesis_end(&text[end..]) {
            Some(length) if end + length <= ceiling => end += length,
            _ => break,
        }
    }
    end
}

/// Length in bytes of the spaces and balanced "(…)" at the start of `rest`, if it opens one.
fn parenthesis_end(rest: &str) -> Option<usize> {
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    let body = &rest[spaces..];
    if !body.starts_with('(') {
        return None;
    }
    let mut depth = 0usize;
    for (index, c) in body.char_indices() {
        match c {
            '\n' => return None,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(spaces + index + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citations::extract;

    fn highlighted(text: &str) -> Vec<String> {
        let citations = extract(text);
        whole_extents(text, &citations)
            .into_iter()
            .map(|(s, e)| text.chars().skip(s).take(e - s).collect())
            .collect()
    }

    #[test]
    fn a_full_citation_covers_name_pin_and_parentheticals() {
        let text = "An officer may frisk a suspect he reasonably believes armed. Terry v. Ohio, 392 U.S. 1, 27 \
                    (1968) (holding a limited search reasonable). Later courts agree.";
        assert_eq!(
            highlighted(text),
            ["Terry v. Ohio, 392 U.S. 1, 27 (1968) (holding a limited search reasonable)"]
        );
    }

    #[test]
    fn a_short_cite_covers_its_name_and_pin_and_stops_at_the_previous_citation() {
        let text =
            "Fiduciaries must act prudently. Tibble v. Edison Int'l, 575 U.S. 523, 529 (2015). \
                    The duty is continuing. Tibble, 575 U.S. at 530.";
        let spans = highlighted(text);
        assert_eq!(spans[0], "Tibble v. Edison Int'l, 575 U.S. 523, 529 (2015)");
        assert_eq!(spans[1], "Tibble, 575 U.S. at 530");
    }

    #[test]
    fn a_cite_inside_a_quoting_parenthetical_keeps_its_own_extent() {
        let text = "A plaintiff must show a federal right. Gonzaga Univ. v. Doe, 536 U.S. 273, 283 (2002) \
                    (quoting Blessing v. Freestone, 520 U.S. 329, 340 (1997)). Section 1983 creates none. \
                    Id. at 285.";
        assert_eq!(
            highlighted(text),
            [
                "Gonzaga Univ. v. Doe, 536 U.S. 273, 283 (2002)",
                "Blessing v. Freestone, 520 U.S. 329, 340 (1997)",
                "Id. at 285"
            ]
        );
    }
}
