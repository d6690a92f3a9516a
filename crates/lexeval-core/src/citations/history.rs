//! A case's prior and subsequent history (Bluebook R10.7): "…, 556 U.S. 662 (2009), aff'd, 600 F.3d 1
//! (2d Cir. 2010)" and "…, cert. denied, 546 U.S. 1001 (2005)" print other decisions of the same
//! litigation as part of the case's citation. "overruled by" and "abrogated by" name other cases, so they
//! are no history here.

use regex::Regex;
use std::sync::OnceLock;

/// Whether `gap`, the text between a case citation and the next one, ends in a history phrase: the case's
/// closing parenthetical, a comma, the phrase ("aff'd in part, rev'd in part on other grounds", "cert.
/// denied", "aff'd sub nom. Doe v. Roe") and the comma before the next citation (none after "aff'g").
pub fn is_subsequent_history(gap: &str) -> bool {
    static CELL: OnceLock<Regex> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(
            r"\)\s*,\s*(?:aff['’]?[dg]|rev['’]?[dg]|vacated|modified|cert\.\s+(?:denied|granted|dismissed)|reh['’]?g(?:\s+en\s+banc)?\s+(?:denied|granted)|appeal\s+dismissed|remanded|withdrawn)\b[^;()]*?,?\s*$",
        )
        .expect("history pattern")
    })
    .is_match(gap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_phrases_between_two_citations() {
        for gap in [
            ", 678 (2009), aff'd in part, rev'd in part on other grounds, ",
            ", 460 (2004), cert. denied, ",
            " (9th Cir. 1995) (holding officers liable), aff’d sub nom. Doe v. Roe, ",
            " (S.D.N.Y. 1999), aff'g ",
            " (2d Cir. 2001), reh'g en banc denied, ",
            " (1st Cir. 1990), vacated as moot, ",
        ] {
            assert!(is_subsequent_history(gap), "{gap}");
        }
        for gap in [
            " (1990), overruled by ",
            ", 460 (2004); see also ",
            " (1976) (citing ",
            ", 460 (2004), and ",
            ", 460, aff'd, ",
        ] {
            assert!(!is_subsequent_history(gap), "{gap}");
        }
    }
}
