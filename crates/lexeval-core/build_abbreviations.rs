//! The abbreviation lexicon of the sentence splitter, built from data: the Indigo Book's tables (case names,
//! courts, geography, subdivisions, ...; `data/indigo-book`), reporters-db (reporters, their editions and
//! variations, laws, journals, case-name and state abbreviations), courts-db's citation strings, and the few
//! abbreviations the manuals use but tabulate nowhere (`data/abbreviations/general.tsv`), less those that spell
//! an English word (`data/abbreviations/words.tsv`). A period after one of these words does not end a sentence.

use serde_json::Value;
use std::collections::BTreeSet;

/// Indigo Book tables whose second column is nothing but abbreviations: every word of it is one.
const ABBREVIATION_TABLES: [&str; 9] = [
    "t9-courts.tsv",
    "t10-judges.tsv",
    "t11-case-names.tsv",
    "t12-geography.tsv",
    "t13-subdivisions.tsv",
    "t14-explanatory-phrases.tsv",
    "t16-publishing-terms.tsv",
    "t17-months.tsv",
    "t18-litigation-documents.tsv",
];

/// Indigo Book tables of citation forms ("Tex. <Subject> Code Ann. § x (West <year>)"): their words are
/// abbreviations unless the names spell them out ("Ohio", "Code", "West").
const FORM_TABLES: [&str; 3] = [
    "t1-federal.tsv",
    "t2-federal-administrative.tsv",
    "t3-states.tsv",
];

/// The table of T13 document subdivisions: a one-letter word after one of these is a label ("amend. I."), not
/// an initial. One-letter ones ("r.", "l.", "n.") are left out: they look like the initials before it ("R. B.").
const SUBDIVISIONS: &str = "t13-subdivisions.tsv";

fn read(path: &str) -> String {
    println!("cargo:rerun-if-changed={path}");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (full term, abbreviation) rows of a TSV table; `#` lines are comments.
fn rows(path: &str) -> Vec<(String, String)> {
    read(path)
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once('\t'))
        .map(|(full, abbreviation)| (full.to_string(), abbreviation.to_string()))
        .collect()
}

/// Words of `text` that end in a period and hold a letter, with typographic apostrophes made straight:
/// "Tex. Civ. Prac. & Rem. Code" gives "Tex.", "Civ.", "Prac.", "Rem.".
fn abbreviations_in(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .map(|word| {
            word.trim_matches(['<', '>', '[', ']', '(', ')'])
                .replace('’', "'")
        })
        .filter(|word| {
            word.ends_with('.')
                && word.chars().any(|c| c.is_ascii_alphabetic())
                && word
                    .chars()
                    .all(|c| c.is_alphabetic() || matches!(c, '.' | '\'' | '&' | '-' | '–'))
        })
}

/// Lower-case words of a full name.
fn words_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

fn strings(value: &Value) -> impl Iterator<Item = &str> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

/// Abbreviations as written in named sources (reporters-db, courts-db, the Indigo Book's citation forms), each
/// with the source's full name, whose words a bare "Ohio." or "Code." only repeats.
fn named_sources(db: &str, books: &str) -> Vec<(Vec<String>, String)> {
    let mut named = Vec::new();
    let name = |entry: &Value| entry["name"].as_str().unwrap_or_default().to_string();
    for (key, entries) in json(&format!("{db}/reporters-db/reporters.json"))
        .as_object()
        .into_iter()
        .flatten()
    {
        for entry in entries.as_array().into_iter().flatten() {
            let mut forms = vec![key.clone()];
            for field in ["editions", "variations"] {
                forms.extend(
                    entry[field]
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(k, _)| k.clone()),
                );
            }
            named.push((forms, name(entry)));
        }
    }
    for file in ["laws.json", "journals.json"] {
        for (key, entries) in json(&format!("{db}/reporters-db/{file}"))
            .as_object()
            .into_iter()
            .flatten()
        {
            for entry in entries.as_array().into_iter().flatten() {
                let forms = std::iter::once(key.clone())
                    .chain(strings(&entry["variations"]).map(str::to_string))
                    .collect();
                named.push((forms, name(entry)));
            }
        }
    }
    for court in json(&format!("{db}/courts-db/courts.json"))
        .as_array()
        .into_iter()
        .flatten()
    {
        let form = court["citation_string"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        named.push((vec![form], name(court)));
    }
    for table in FORM_TABLES {
        named.extend(
            rows(&format!("{books}/{table}"))
                .into_iter()
                .map(|(full, form)| (vec![form], full)),
        );
    }
    named
}

/// The generated Rust source: `ABBREVIATIONS` and `SUBDIVISIONS`, sorted for binary search.
pub fn lexicon(data: &str) -> String {
    let books = format!("{data}/indigo-book");
    let mut lexicon = BTreeSet::new();
    // Every word the sources spell out in full; a named source's "abbreviation" equal to one is the word itself.
    let mut spelled_out = BTreeSet::new();
    for table in ABBREVIATION_TABLES {
        for (full, abbreviation) in rows(&format!("{books}/{table}")) {
            spelled_out.extend(words_of(&full));
            lexicon.extend(abbreviations_in(&abbreviation));
        }
    }
    for (full, abbreviation) in rows(&format!("{data}/abbreviations/general.tsv")) {
        spelled_out.extend(words_of(&full));
        lexicon.extend(abbreviations_in(&abbreviation));
    }
    for file in ["case_name_abbreviations.json", "state_abbreviations.json"] {
        for (abbreviation, full) in json(&format!("{data}/reporters-db/{file}"))
            .as_object()
            .into_iter()
            .flatten()
        {
            spelled_out.extend(strings(full).chain(full.as_str()).flat_map(words_of));
            lexicon.extend(abbreviations_in(abbreviation));
        }
    }
    // The countries (T12.3) are not read: theirs are no U.S. court's, and many spell words ("Green.", "Can.").
    let named = named_sources(data, &books);
    spelled_out.extend(named.iter().flat_map(|(_, name)| words_of(name)));
    for (forms, _) in &named {
        lexicon.extend(
            forms
                .iter()
                .flat_map(|form| abbreviations_in(form))
                .filter(|word| {
                    let stem = word.trim_end_matches('.').to_lowercase();
                    !(stem.chars().all(char::is_alphabetic) && spelled_out.contains(&stem))
                }),
        );
    }
    for (_, word) in rows(&format!("{data}/abbreviations/words.tsv")) {
        lexicon.remove(&word);
    }
    let subdivisions: BTreeSet<String> = rows(&format!("{books}/{SUBDIVISIONS}"))
        .iter()
        .flat_map(|(_, abbreviation)| abbreviations_in(abbreviation).collect::<Vec<_>>())
        .filter(|word| word.chars().filter(|c| c.is_alphabetic()).count() > 1)
        .collect();
    format!(
        "pub static ABBREVIATIONS: &[&str] = &{:?};\npub static SUBDIVISIONS: &[&str] = &{:?};\n",
        lexicon.iter().collect::<Vec<_>>(),
        subdivisions.iter().collect::<Vec<_>>()
    )
}
