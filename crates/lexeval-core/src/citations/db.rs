//! The reporters-db table compacted by `build.rs`: sources (reporters, laws, journals), their editions'
//! names and years, and abbreviations. The patterns themselves are generated tables (`patterns`).

use serde::Deserialize;
use std::sync::OnceLock;

/// Which reporters-db file a source comes from; decides the citation kind (of the patterns built from it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    Reporter,
    Law,
    Journal,
}

#[derive(Debug, Deserialize)]
pub struct Edition {
    pub name: String,
    pub start: Option<u32>,
    pub end: Option<u32>,
}

impl Edition {
    /// reporters-db's `includes_year`: the edition was published in `year`.
    pub fn includes_year(&self, year: u32) -> bool {
        years_include(self.start, self.end, year)
    }
}

/// `year` falls in the years from `start` to `end`, both inclusive; a missing bound is open.
pub fn years_include(start: Option<u32>, end: Option<u32>, year: u32) -> bool {
    start.is_none_or(|start| start <= year) && end.is_none_or(|end| end >= year)
}

#[derive(Debug, Deserialize)]
pub struct Source {
    /// The reporters-db key, e.g. "F." for F., F.2d and F.3d.
    pub key: String,
    /// eyecite's `is_scotus`: the Supreme Court's own reporter (U.S., S. Ct., Cranch, ...).
    #[serde(default)]
    pub scotus: bool,
    /// reporters-db's `cite_type` (laws and journals have none).
    #[serde(default)]
    pub cite_type: CiteType,
    pub editions: Vec<Edition>,
}

/// Whose decisions a reporter prints, as reporters-db's `cite_type` says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CiteType {
    /// Federal courts' (U.S., S. Ct., F.3d, F. Supp.).
    Federal,
    /// The Supreme Court's nominative reports (Dall., Cranch).
    ScotusEarly,
    /// One state's courts' (Cal. Rptr., N.Y.S.).
    State,
    /// A region's states' (A.2d, N.E.2d, So. 3d).
    StateRegional,
    /// Anything else: specialty and neutral reporters, laws, journals.
    #[default]
    #[serde(other)]
    Other,
}

#[derive(Debug, Deserialize)]
pub struct Table {
    pub sources: Vec<Source>,
    /// Case-name and state abbreviations ending in a period, sorted ("Bd.", "Cal.", "Mfg.").
    pub abbreviations: Vec<String>,
}

impl Table {
    /// Whether `word` is a case-name or state abbreviation, or the plural Bluebook table T6 forms by adding
    /// "s" ("Enters." of "Enter.", "Prods." of "Prod.").
    pub fn is_abbreviation(&self, word: &str) -> bool {
        let listed = |w: &str| {
            self.abbreviations
                .binary_search_by(|a| a.as_str().cmp(w))
                .is_ok()
        };
        listed(word)
            || word
                .strip_suffix("s.")
                .is_some_and(|stem| stem.len() > 1 && listed(&format!("{stem}.")))
    }
}

/// An edition by position: (source index, edition index).
pub type EditionRef = (usize, usize);

pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/reporters-db.json")))
            .expect("build.rs writes a valid table")
    })
}

pub fn edition(edition: EditionRef) -> &'static Edition {
    &table().sources[edition.0].editions[edition.1]
}

pub fn source(edition: EditionRef) -> &'static Source {
    &table().sources[edition.0]
}
