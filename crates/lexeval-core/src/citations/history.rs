//! A case's prior and subsequent history (Bluebook R10.7, Indigo Book R14): "…, 556 U.S. 662 (2009), aff'd,
//! 600 F.3d 1 (2d Cir. 2010)", "…, cert. denied, 546 U.S. 1001 (2005)", "…, overruled by Brown v. Bd. of
//! Educ., 347 U.S. 483 (1954)" print another decision after the case's citation. That decision is an
//! authority of its own, never a parallel cite of the case, and the claim rests on the case, not on it.

use regex::Regex;
use std::sync::OnceLock;

/// The explanatory phrases of subsequent and prior history, as Bluebook table T8 lists them (R10.7.1,
/// R10.7.2), as regular expressions: an apostrophe may be typographic; "sub nom.", "on other grounds", "by"
/// and the like may follow any of them.
const HISTORY_PHRASES: [&str; 40] = [
    r"abrogated",
    r"acq\.(?:\s+in\s+result)?",
    r"aff['’]?d(?:\s+mem\.)?",
    r"aff['’]?g",
    r"affirmed",
    r"affirming",
    r"amended",
    r"appeal\s+(?:denied|dismissed|docketed|filed)",
    r"cert\.?\s+(?:denied|dismissed|granted)",
    r"certiorari\s+(?:denied|dismissed|granted)",
    r"declined\s+to\s+follow",
    r"disapproved",
    r"dismissing\s+appeal\s+from",
    r"enforced",
    r"enforcing",
    r"mandamus\s+denied",
    r"modified",
    r"modifying",
    r"nonacq\.",
    r"overruled",
    r"perm\.\s+app\.\s+denied",
    r"petition\s+for\s+cert\.\s+filed",
    r"prob\.\s+juris\.\s+noted",
    r"questioned",
    r"reh(?:['’]?g|\.)\s+(?:en\s+banc\s+)?(?:denied|granted)",
    r"remanded",
    // Older opinions abbreviate "rev." ("rev. on other grounds").
    r"rev(?:['’]?d|\.)",
    r"rev['’]?g",
    r"reversed",
    r"reversing",
    r"review\s+(?:denied|granted)",
    r"superseded",
    r"vacated",
    r"vacating",
    r"withdrawn",
    r"writ\s+denied",
    r"writ\s+dismissed",
    r"writ\s+granted",
    r"writ\s+refused",
    r"appeal\s+after\s+remand",
];

/// Whether `gap`, the text between a case citation and the next one, ends in a history phrase: the case's
/// closing parenthetical, a comma, the phrase ("aff'd in part, rev'd in part on other grounds", "cert.
/// denied", "aff'd sub nom. Doe v. Roe", "overruled by") and the comma before the next citation (none after
/// "aff'g").
pub fn is_history(gap: &str) -> bool {
    static CELL: OnceLock<Regex> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(&format!(
            // A phrase ending in a period ("rev.") has no word boundary after it.
            r"\)\s*,\s*(?:{})(?:(?-u:\b)|\s)[^;()]*?,?\s*$",
            HISTORY_PHRASES.join("|")
        ))
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
            " (1896), overruled by ",
            " (1990), abrogated on other grounds by ",
            " (1990), cert. granted, ",
            " (2d Cir. 1996), rev'g ",
            " (1995), modified, ",
            " (5th Cir. 2001), superseded by statute as stated in ",
            " (Tex. App. 2005), writ refused, ",
        ] {
            assert!(is_history(gap), "{gap}");
        }
        for gap in [
            ", 460 (2004); see also ",
            " (1976) (citing ",
            ", 460 (2004), and ",
            ", 460, aff'd, ",
            " (1990) (overruled by ",
        ] {
            assert!(!is_history(gap), "{gap}");
        }
    }
}
