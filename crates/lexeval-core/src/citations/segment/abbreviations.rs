//! The abbreviation lexicon `build_abbreviations.rs` generates from data (the Indigo Book's tables,
//! reporters-db, courts-db): a period after one of its words does not end a sentence.

include!(concat!(env!("OUT_DIR"), "/abbreviations.rs"));

fn listed(table: &[&str], word: &str) -> bool {
    table.binary_search(&word).is_ok()
}

/// Whether `word` (its period included, typographic apostrophes allowed) is an abbreviation: listed as written,
/// capitalised at a sentence start ("Cf.", "Art."), in capitals ("CONST.", "ET AL."), or a plural the manuals form by
/// adding "s" ("Enters.", "Dep'ts.").
pub(super) fn is_abbreviation(word: &str) -> bool {
    let word = word.replace('’', "'");
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let rest = chars.as_str();
    // The plural is of a capitalised case-name word ("Enters."), never of "id." ("ids.").
    let listed_or_plural = |form: &str| {
        listed(ABBREVIATIONS, form)
            || (first.is_uppercase()
                && form.strip_suffix("s.").is_some_and(|stem| {
                    stem.len() > 1 && listed(ABBREVIATIONS, &format!("{stem}."))
                }))
    };
    // A word in capitals reads as the lexicon's lower-case words ("NO.", "AL."), and as its capitalised ones
    // only from three letters on: "VA." is an acronym, "CONST." the constitution.
    let capitals = !word.chars().any(char::is_lowercase);
    let long = rest.chars().filter(|c| c.is_alphabetic()).count() >= 2;
    listed_or_plural(&word)
        || listed_or_plural(&format!("{}{rest}", first.to_lowercase()))
        || (capitals && listed_or_plural(&word.to_lowercase()))
        || (capitals && long && listed_or_plural(&format!("{first}{}", rest.to_lowercase())))
}

/// Whether `word` (with its period) abbreviates a document subdivision ("amend.", "art.", "pt."): the one
/// letter after it is a label ("U.S. Const. amend. I."), not an initial.
pub(super) fn is_subdivision(word: &str) -> bool {
    listed(SUBDIVISIONS, &word.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few words of each source, so a table that stops being read fails here.
    #[test]
    fn every_source_contributes_its_abbreviations() {
        let sources: [(&str, &[&str]); 13] = [
            ("Indigo T1 federal", &["Cust.", "Temp."]),
            ("Indigo T3 state codes", &["Prac.", "Rem.", "Proc."]),
            ("Indigo T9 courts", &["Ct.", "Bankr.", "Sup."]),
            ("Indigo T10 judges", &["Hon.", "Mag."]),
            (
                "Indigo T11 case names",
                &["Corp.", "Inc.", "Bhd.", "Elec.", "Co."],
            ),
            ("Indigo T12 geography", &["Tex.", "Cal.", "Bos.", "Mia."]),
            ("Indigo T13 subdivisions", &["amend.", "art.", "cl.", "pt."]),
            ("Indigo T14 explanatory phrases", &["cert.", "mem."]),
            ("Indigo T17 months", &["Jan.", "Sept."]),
            ("Indigo T18 litigation documents", &["Compl.", "Decl."]),
            ("reporters-db", &["Supp.", "Wheat.", "Dall."]),
            ("courts-db", &["Cir.", "Crim."]),
            ("general", &["cf.", "e.g.", "Mr.", "rel.", "Lt.", "al."]),
        ];
        for (source, words) in sources {
            for word in words.iter().filter(|w| w.ends_with('.')) {
                assert!(is_abbreviation(word), "{source}: {word}");
            }
        }
    }

    #[test]
    fn words_the_sources_spell_out_are_not_abbreviations() {
        for word in [
            "Ohio.", "Code.", "Law.", "York.", "Act.", "Court.", "West.", "Brown.", "Plan.",
            "Green.",
        ] {
            assert!(!is_abbreviation(word), "{word}");
        }
    }

    #[test]
    fn case_plurals_and_apostrophes_follow_the_tables() {
        for word in ["Cf.", "CONST.", "NO.", "Enters.", "Dep’ts.", "Nos.", "Civ."] {
            assert!(is_abbreviation(word), "{word}");
        }
        for word in ["VA.", "ids.", "Debt.", "Work."] {
            assert!(!is_abbreviation(word), "{word}");
        }
        // A contraction takes no period ("Ass'n", "Dep't"): one after it ends the sentence.
        assert!(!is_abbreviation("Ass'n."));
        assert!(is_subdivision("amend.") && is_subdivision("Art.") && !is_subdivision("Co."));
        // "R. B. Rose Co.": a one-letter subdivision ("r." for rule) would read the initial after it as a label.
        assert!(!is_subdivision("R."));
    }
}
