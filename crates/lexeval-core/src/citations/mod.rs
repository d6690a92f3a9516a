//! Legal citations: extraction with reporters-db patterns (eyecite 2.7.8 semantics where it is right),
//! metadata, resolution to authorities, and citation-aware claim segmentation.
//!
//! `extract` finds every citation in a text: full and short case cites, Id./Ibid., supra, statutes and
//! regulations, journals (with the article's author and title), treatises and restatements, references by
//! case name ("Kayes at 1461", "In Kayes, …") and bare "§" cites, with eyecite's metadata (courts as
//! courts-db ids). Each carries an `authority` key shared by every way of citing the same source (parallel
//! cites, reporter variants, short forms, Id., supra, references) and the index of the citation it refers
//! back to; a short form that names a case resolves only to that case.

mod at_starts;
mod clauses;
mod courts;
mod cross_references;
mod db;
mod extract;
mod history;
mod law_forms;
mod metadata;
mod one_line;
mod parties;
mod patterns;
mod record;
mod references;
mod resolve;
mod running_heads;
mod secondary;
pub mod segment;
mod statutes;

pub use courts::{court_id_exactly, court_kind, CourtKind};
pub use db::{years_include, CiteType};
pub use resolve::{names_party, usable_name};
pub use segment::{claims, claims_with, split_sentences};

use crate::authority_key::AuthorityKey;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CitationKind {
    FullCase,
    ShortCase,
    Id,
    Supra,
    FullLaw,
    Journal,
    /// A book (Bluebook R15): "3 Wayne R. LaFave, Search and Seizure § 5.2(c) (6th ed. 2020)".
    Treatise,
    /// A restatement (R12.9.5): "Restatement (Second) of Contracts § 90 cmt. b".
    Restatement,
    Reference,
    UnknownSection,
    /// A document of the record of the case argued (Bluepages B17): "(Compl. ¶ 44.)", "Tr. 112:4–9".
    Record,
    /// A reference to another part of the same document (R3.5): "supra Part I.B", "infra note 12".
    CrossReference,
}

/// What a citation is to the claim it is attributed to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CitationRole {
    /// An authority supporting the claim.
    #[default]
    Authority,
    /// Another decision of the cited case's litigation, printed as its history (R10.7: "aff'd", "cert.
    /// denied", "overruled by"): an authority of its own, but not support for the claim.
    History,
    /// The record of the case argued, or an Id. repeating it: citation material, never an authority.
    Record,
    /// A cross-reference within the document, or an Id. repeating it: never an authority.
    CrossReference,
    /// The document's own citation in a page's running head ("Cite as: 570 U. S. ____ (2013)" atop a slip
    /// opinion's pages): never an authority, and transparent to an Id. after it.
    RunningHead,
}

impl CitationRole {
    pub fn is_authority(&self) -> bool {
        *self == CitationRole::Authority
    }

    /// Whether a citation with this role names a source either text may cite (an authority or history).
    pub fn names_a_source(&self) -> bool {
        matches!(self, CitationRole::Authority | CitationRole::History)
    }
}

/// One citation found in a text. Offsets count Unicode scalar values (chars), end exclusive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    pub kind: CitationKind,
    pub start: usize,
    pub end: usize,
    pub matched_text: String,
    pub volume: Option<String>,
    /// Canonical reporter (edition) name, e.g. "S. Ct." for "S.Ct.", when the edition is known.
    pub reporter: Option<String>,
    pub page: Option<String>,
    pub pin_cite: Option<String>,
    pub year: Option<u32>,
    /// courts-db id of the court ("ca4" for "4th Cir."; "scotus" for the Supreme Court's reporters).
    pub court: Option<String>,
    /// The court as written in the court-and-date parenthetical ("4th Cir.").
    pub court_text: Option<String>,
    pub parenthetical: Option<String>,
    pub plaintiff: Option<String>,
    pub defendant: Option<String>,
    /// Short cites and supra: the case name they carry ("Foo" in "Foo, 1 U.S., at 2" and "Foo, supra").
    pub antecedent_guess: Option<String>,
    /// Treatises, articles and their supra: the authors' surnames as written ("Wright & Miller").
    pub author: Option<String>,
    /// Statutes: title or chapter and section (the authority ignores subsections). Treatises, restatements
    /// and articles: the work's title; treatises and restatements: the section ("5.2(c)", "90").
    pub title: Option<String>,
    pub section: Option<String>,
    /// Key of the cited source; equal for every citation of the same source.
    pub authority: AuthorityKey,
    /// Index (in the returned list) of the citation this one refers back to.
    pub antecedent: Option<usize>,
    /// Whether it supports the claim around it; absent from JSON when it does.
    #[serde(default, skip_serializing_if = "CitationRole::is_authority")]
    pub role: CitationRole,
}

impl Citation {
    /// The authority key this citation gives the claim it supports, None when it supports none: a case's
    /// history, the record, a cross-reference (or it has no key).
    pub fn support_key(&self) -> Option<AuthorityKey> {
        Some(self.authority.clone()).filter(|key| self.role.is_authority() && !key.is_empty())
    }
}

/// The publication dates (reporters-db's start and end years, None when open) of every edition named
/// `reporter` (a canonical name, as `Citation::reporter` carries), and its source's key: "F." for F.3d.
pub fn reporter_editions(reporter: &str) -> impl Iterator<Item = ReporterEdition> + '_ {
    db::table().sources.iter().flat_map(move |source| {
        source
            .editions
            .iter()
            .filter(move |edition| edition.name == reporter)
            .map(move |edition| ReporterEdition {
                series: &source.key,
                cite_type: source.cite_type,
                scotus: source.scotus,
                start: edition.start,
                end: edition.end,
            })
    })
}

/// One reporters-db edition: its series (the source's key) and the years it was published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReporterEdition {
    pub series: &'static str,
    /// Whose decisions its reporter prints (reporters-db's `cite_type`).
    pub cite_type: CiteType,
    /// The Supreme Court's own reporter (U.S., S. Ct., L. Ed.).
    pub scotus: bool,
    pub start: Option<u32>,
    pub end: Option<u32>,
}

/// `text` with each run of whitespace made one space (a cite printed across a line break reads as one).
fn normalise_space(text: String) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Builds what extraction reads after the citations' tokens (the reporters table, the metadata, record,
/// cross-reference, history and resolution regexes), in about the order it reads them.
fn build_later_stages() {
    db::table();
    secondary::supra_author("");
    metadata::compile_regexes();
    parties::compile_regexes();
    cross_references::add_cross_references("", &mut Vec::new());
    record::add_record_citations("", &mut Vec::new());
    history::is_history("");
    statutes::compile_regexes();
    secondary::comment_len("");
}

/// Natively, the first time it is called, starts `build_later_stages` on another thread, so a short run
/// does not build them one after another on its own.
fn compile_ahead() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    if cfg!(target_arch = "wasm32") {
        return;
    }
    STARTED.call_once(|| {
        // Without that thread each is built where it is first needed, as in the page.
        let _ = std::thread::Builder::new().spawn(build_later_stages);
    });
}

/// Every citation in `text`, in order, resolved to authorities.
pub fn extract(text: &str) -> Vec<Citation> {
    compile_ahead();
    let (mut found, editions) = one_line::raw_citations(text);
    secondary::add_article_authors(text, &mut found);
    let groups = metadata::add_metadata(text, &mut found, &editions);
    extract::settle_editions(&mut found, &editions);
    // After the parallel groups, which index the citations found so far.
    cross_references::add_cross_references(text, &mut found);
    record::add_record_citations(text, &mut found);
    running_heads::mark_running_heads(text, &mut found);
    let found = resolve::resolve(text, found, &groups);
    extract::to_char_offsets(text, found)
}

#[cfg(test)]
mod secondary_tests;
#[cfg(test)]
mod tests;
