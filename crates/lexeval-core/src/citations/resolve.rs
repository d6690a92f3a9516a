//! Resolution (eyecite's `resolve_citations`, name-aware): every citation gets the key of the authority it
//! cites and, for short forms, the index of its antecedent. Parallel cites share one key; a later cite of any
//! member of a group reuses it; a blank page ("1 U.S. ____") is a key of its own. A short cite resolves to
//! the earlier full cite of its volume and reporter that carries its name, else the one its pin fits, and
//! stays unresolved when that is ambiguous or the names disagree; supra and references need exactly one
//! earlier case with their name; Id. takes the previous citation's resolution if its pin fits that case,
//! skipping citations inside the previous one's parenthetical ("(quoting …)", Bluebook rule 4.1).
//! Secondary sources: a treatise is keyed by surnames, title and section, a restatement by title and section;
//! a supra naming authors ("Wright & Miller, supra") resolves to their latest treatise or article, and a
//! section after such a supra or an Id. ("supra, § 1216", "Id. § 1357") cites that section of the book.

use super::history::is_history;
use super::parties::{lower_case_is, LEAD_WORDS};
use super::references::find_references;
use super::secondary::{comment_len, section_number, supra_author, surnames_key};
use super::statutes::{
    bare_section, is_parallel_session_law, session_law_key, unresolved_section_key, Code,
};
use super::{Citation, CitationKind, CitationRole};
use crate::authority_key::AuthorityKey;
use std::collections::HashMap;
use std::ops::Range;

fn cite_key(citation: &Citation) -> String {
    format!(
        "{} {} {}",
        citation.volume.as_deref().unwrap_or("?"),
        citation.reporter.as_deref().unwrap_or("?"),
        citation.page.as_deref().unwrap_or("?")
    )
}

/// `previous` is the citation printed right before, of which a Statutes at Large cite may be the parallel.
fn law_key(text: &str, citation: &Citation, previous: Option<&Citation>) -> AuthorityKey {
    let gap = |previous: &Citation| text.get(previous.end..citation.start).unwrap_or_default();
    if let Some(law) = previous.filter(|law| is_parallel_session_law(law, citation, gap(law))) {
        return law.authority.clone();
    }
    session_law_key(citation, text.get(citation.end..).unwrap_or_default())
        .unwrap_or_else(|| Code::of(citation).key(citation.section.as_deref().unwrap_or("?")))
}

/// A treatise is its authors' surnames, title and section, whatever volume, edition or given names a cite
/// prints; a restatement is its title and section without subsections. `section` overrides the citation's own (a supra's).
fn secondary_key(citation: &Citation, section: Option<&str>) -> AuthorityKey {
    let section = section.or(citation.section.as_deref()).unwrap_or("?");
    let title = citation.title.as_deref().unwrap_or("?").to_lowercase();
    match citation.kind {
        // A restatement's subsections are pins, as a statute's are: "§ 402A(1)" cites § 402A.
        CitationKind::Restatement => AuthorityKey::restatement(
            &title,
            section.split('(').next().unwrap_or(section).trim_end(),
        ),
        _ => AuthorityKey::treatise(
            &surnames_key(citation.author.as_deref().unwrap_or("?")),
            &title,
            section,
        ),
    }
}

/// A page printed as a blank ("____"): the case is not yet paginated, so two such cites never unify.
fn is_blank_page(page: Option<&str>) -> bool {
    page.is_none_or(|p| p.chars().all(|c| c == '_'))
}

/// eyecite's MAX_OPINION_PAGE_COUNT: a pin further than this past the first page cites another case.
const MAX_OPINION_PAGES: u64 = 150;

/// Whether `pin` can be a page of `case` ("at 20-25" → 20 of a case starting at page 20 or before). A
/// pin without a number first — a star page ("at *8") or a paragraph ("¶ 32") — fits a case cited by year
/// and document number, as Westlaw, Lexis and public-domain citations are ("2019 WL 1234567", "2019 IL
/// 123456": their pins are always star pages or paragraphs), or a case whose own pin had that form; it is
/// implausible against a numbered first page; a first page that is not a number accepts any pin.
fn pin_fits(case: &Citation, pin: Option<&str>) -> bool {
    let Some(pin) = pin else { return true };
    let Some(first) = case
        .page
        .as_deref()
        .filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
    else {
        return true;
    };
    let Ok(first) = first.parse::<u64>() else {
        return true;
    };
    let pin = pin.trim_start_matches("at ").trim_start();
    if let Some(mark) = pin.chars().next().filter(|c| matches!(c, '*' | '¶')) {
        let own_mark = case
            .pin_cite
            .as_deref()
            .map(|own| own.trim_start_matches("at ").trim_start().starts_with(mark));
        return own_mark == Some(true) || cited_by_year(case);
    }
    let digits = &pin[..pin.find(|c: char| !c.is_ascii_digit()).unwrap_or(pin.len())];
    digits
        .parse::<u64>()
        .is_ok_and(|pin| first <= pin && pin <= first + MAX_OPINION_PAGES)
}

/// Whether a case is cited by year, reporter and document number (Bluebook R10.8.1, R10.3.3: "2019 WL
/// 1234567", "2019 U.S. Dist. LEXIS 12345", "2019 IL 123456", "2017 ND 12"): its volume is its year.
fn cited_by_year(case: &Citation) -> bool {
    // No reporter's volumes run this high: a four-digit volume from 1700 on is a year.
    let volume = case.volume.as_deref().and_then(|v| v.parse::<u32>().ok());
    volume.is_some_and(|v| (1700..=2200).contains(&v))
}

/// The name a short form or reference carries, if it can name a case (not a signal such as "See").
pub fn usable_name(name: Option<&str>) -> Option<&str> {
    name.filter(|n| {
        n.chars().next().is_some_and(char::is_uppercase)
            && !LEAD_WORDS.iter().any(|&word| lower_case_is(n, word))
    })
}

/// Whether a full case citation's parties include `name` as a word ("Grutter" in "Grutter v. Bollinger").
pub fn names_party(citation: &Citation, name: &str) -> bool {
    party_names(citation).any(|n| n == name)
}

/// Every name a full case citation answers to: each party whole and each of its words.
fn party_names(citation: &Citation) -> impl Iterator<Item = &str> {
    [&citation.plaintiff, &citation.defendant]
        .into_iter()
        .flatten()
        .flat_map(|party| {
            std::iter::once(party.as_str()).chain(
                party
                    .split_whitespace()
                    .map(|w| w.trim_matches(|ch: char| !ch.is_alphanumeric())),
            )
        })
}

/// The full case citations resolved so far, by the volume and reporter they print and by the names they
/// answer to, so that a short form, supra or reference finds its candidates without a scan of every
/// earlier citation (a long opinion has thousands). Indices ascend, as in `out`.
#[derive(Default)]
struct FullCases {
    by_volume: HashMap<VolumeKey, Volume>,
    by_name: HashMap<String, Vec<usize>>,
}

/// A case cite's volume and reporter.
type VolumeKey = (Option<String>, Option<String>);

/// The full cites of one volume and reporter: all of them, whether any names its parties, and those
/// naming each name.
#[derive(Default)]
struct Volume {
    all: Vec<usize>,
    named: bool,
    by_name: HashMap<String, Vec<usize>>,
}

fn volume_key(citation: &Citation) -> VolumeKey {
    (citation.volume.clone(), citation.reporter.clone())
}

/// Adds `index` to the list under `name` once.
fn push_once(lists: &mut HashMap<String, Vec<usize>>, name: &str, index: usize) {
    // A name seen before is looked up without a copy of it.
    match lists.get_mut(name) {
        Some(list) if list.last() == Some(&index) => {}
        Some(list) => list.push(index),
        None => {
            lists.insert(name.to_string(), vec![index]);
        }
    }
}

impl FullCases {
    fn add(&mut self, index: usize, citation: &Citation) {
        let volume = self.by_volume.entry(volume_key(citation)).or_default();
        volume.all.push(index);
        volume.named |= citation.plaintiff.is_some() || citation.defendant.is_some();
        for name in party_names(citation) {
            push_once(&mut volume.by_name, name, index);
            push_once(&mut self.by_name, name, index);
        }
    }

    /// Earlier full cites naming `name`.
    fn naming(&self, name: &str) -> &[usize] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }
}

/// The one authority among `candidates` (indices into `out`): its latest citation, or None when they cite
/// different authorities (eyecite resolves only unambiguous short forms).
fn unique(out: &[Citation], candidates: &[usize]) -> Option<usize> {
    let last = *candidates.last()?;
    candidates
        .iter()
        .all(|&i| out[i].authority == out[last].authority)
        .then_some(last)
}

/// A short case citation's antecedent: among earlier full cites of its volume and reporter, the one with
/// the name it carries, then the one its pin fits. A name that no candidate has leaves it unresolved.
fn short_cite_target(citation: &Citation, out: &[Citation], cases: &FullCases) -> Option<usize> {
    let volume = cases.by_volume.get(&volume_key(citation))?;
    let candidates: &[usize] = match usable_name(citation.antecedent_guess.as_deref()) {
        Some(name) => match volume.by_name.get(name) {
            Some(named) => named,
            None if volume.named => return None,
            None => &volume.all,
        },
        None => &volume.all,
    };
    unique(out, candidates).or_else(|| {
        let fitting: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| pin_fits(&out[i], citation.pin_cite.as_deref()))
            .collect();
        unique(out, &fitting)
    })
}

/// A supra or reference citation's antecedent: the one earlier full case citation naming `name`.
fn named_target(name: &str, out: &[Citation], cases: &FullCases) -> Option<usize> {
    unique(out, cases.naming(name))
}

/// A supra's secondary antecedent: the latest earlier treatise or article by the same authors.
fn secondary_target(author: &str, out: &[Citation]) -> Option<usize> {
    let key = surnames_key(author);
    out.iter().rposition(|c| {
        matches!(c.kind, CitationKind::Treatise | CitationKind::Journal)
            && c.author.as_deref().is_some_and(|a| surnames_key(a) == key)
    })
}

/// An Id. citation's antecedent: whatever the previous citation resolved to, if the pin fits its first page
/// (eyecite's `_has_invalid_pin_cite`; a case with a blank first page takes no Id. at all). After a parallel
/// group ("573 U.S. 409, 134 S. Ct. 2459, 189 L. Ed. 2d 457") the pin may be a page of any of its reporters.
fn id_target(citation: &Citation, previous: Option<usize>, out: &[Citation]) -> Option<usize> {
    let root = previous?;
    let full = &out[root];
    if full.kind == CitationKind::FullCase && is_blank_page(full.page.as_deref()) {
        return None;
    }
    let mut group = out[..=root]
        .iter()
        .rev()
        .take_while(|c| c.kind == full.kind && c.authority == full.authority);
    group
        .any(|c| pin_fits(c, citation.pin_cite.as_deref()))
        .then_some(root)
}

/// Whether `citation` sits inside an explanatory parenthetical of the citation before it ("Gonzaga Univ.
/// v. Doe, 536 U.S. 273, 283 (2002) (quoting Blessing v. Freestone, …)"): a later Id. repeats the main
/// citation, not the one it quotes (Bluebook rule 4.1). eyecite resolves such an Id. to the quoted case.
fn in_parenthetical(text: &str, citation: &Citation, previous: Option<&Citation>) -> bool {
    let Some(gap) = previous.and_then(|p| text.get(p.end..citation.start)) else {
        return false;
    };
    // Only the previous citation's pin and its closed parentheticals may come before the open one: a
    // character outside parentheses that no such word ("at", digits and ",;-–—") holds settles it at once.
    let mut depth = 0usize;
    let mut outside = String::new();
    for c in gap.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return false,
            ')' => depth -= 1,
            _ if depth == 0 => {
                if !(c.is_whitespace() || c.is_ascii_digit() || "at,;-–—".contains(c)) {
                    return false;
                }
                outside.push(c);
            }
            _ => {}
        }
    }
    let open = gap.rfind('(').map_or("", |at| &gap[at + 1..]);
    depth > 0
        && !open.contains(')')
        && outside.split_whitespace().all(|word| {
            word == "at"
                || word
                    .chars()
                    .all(|c| c.is_ascii_digit() || ",;-–—".contains(c))
        })
}

/// The key of a short cite with no antecedent in its text: its volume and reporter, and the name it carries
/// ("short:551 U.S. Tellabs"), so that the other text of a comparison can still match it.
fn unresolved_short_key(citation: &Citation) -> AuthorityKey {
    AuthorityKey::short(
        citation.volume.as_deref().unwrap_or("?"),
        citation.reporter.as_deref().unwrap_or("?"),
        usable_name(citation.antecedent_guess.as_deref()),
    )
}

/// Whether `id` is an Id. printed right before `section` ("Id. § 1104", "id. §§ 1104").
fn adjacent_id(text: &str, id: &Citation, section: &Citation) -> bool {
    id.kind == CitationKind::Id
        && id.end <= section.start
        && text[id.end..section.start]
            .trim_matches([' ', ','])
            .is_empty()
}

/// The statute code of the Id. printed right before a bare "§" token, if that Id. stands for a statute.
fn id_code(text: &str, section: &Citation, out: &[Citation]) -> Option<Code> {
    let id = out.last().filter(|id| adjacent_id(text, id, section))?;
    let statute = &out[id.antecedent?];
    (statute.kind == CitationKind::FullLaw).then(|| Code::of(statute))
}

/// Adds reference citations, then assigns authorities and antecedents in text order.
pub fn resolve(text: &str, citations: Vec<Citation>, groups: &[Range<usize>]) -> Vec<Citation> {
    let mut group_of: HashMap<usize, usize> = HashMap::new();
    for group in groups {
        for member in group.clone() {
            group_of.insert(member, group.start);
        }
    }
    let references = find_references(text, &citations);
    let mut tagged: Vec<(Citation, Option<usize>)> = citations
        .into_iter()
        .enumerate()
        .map(|(i, c)| (c, group_of.get(&i).copied()))
        .collect();
    tagged.extend(references.into_iter().map(|c| (c, None)));
    tagged.sort_by_key(|(c, _)| c.start);
    let mut tagged = tagged.into_iter().peekable();

    let mut by_cite: HashMap<String, AuthorityKey> = HashMap::new();
    let mut group_authority: HashMap<usize, (AuthorityKey, usize)> = HashMap::new();
    let mut out: Vec<Citation> = Vec::with_capacity(tagged.len());
    let mut cases = FullCases::default();
    // The full citation the previous citation resolved to: what an Id. refers to.
    let mut previous_root: Option<usize> = None;
    // The code and title a bare "§" short form inherits: the latest statute cite's.
    let mut latest_code: Option<Code> = None;
    // The Id. target before a run of citations inside a parenthetical, restored after it.
    let mut outer_root: Option<Option<usize>> = None;
    while let Some((mut citation, group)) = tagged.next() {
        let index = out.len();
        // The document's own citation atop a page: a key of its own, and an Id. after it still repeats the
        // citation before it.
        if citation.role == CitationRole::RunningHead {
            citation.authority = AuthorityKey::running_head(&citation.matched_text);
            citation.antecedent = None;
            out.push(citation);
            continue;
        }
        if let Some(root) = outer_root.take() {
            previous_root = root;
        }
        if in_parenthetical(text, &citation, out.last()) {
            outer_root = Some(previous_root);
        }
        let target = match citation.kind {
            CitationKind::FullCase => {
                let key = cite_key(&citation);
                let blank = is_blank_page(citation.page.as_deref());
                // "…, 556 U.S. 662 (2009), aff'd, 600 F.3d 1 (2d Cir. 2010)": the later decision is the
                // case's history (R10.7), an authority of its own that does not support the claim; an Id.
                // after it still repeats the case.
                // The case cited right before, even inside a parenthetical ("(citing Stotts, 679 F.2d 541
                // (6th Cir. 1982), rev. on other grounds, 467 U.S. 561 (1984))").
                let history_of = out.last().filter(|last| {
                    last.kind == CitationKind::FullCase
                        && text.get(last.end..citation.start).is_some_and(is_history)
                });
                let grouped = group
                    .and_then(|g| group_authority.get(&g))
                    .map(|(authority, leader)| (authority.clone(), *leader));
                let (authority, leader) = match grouped {
                    Some((authority, leader)) => (authority, Some(leader)),
                    None if blank => (AuthorityKey::blank_page_case(&key, index), None),
                    None => (
                        by_cite
                            .get(&key)
                            .cloned()
                            .unwrap_or_else(|| AuthorityKey::case(&key)),
                        None,
                    ),
                };
                if let Some(g) = group {
                    group_authority
                        .entry(g)
                        .or_insert((authority.clone(), index));
                }
                if !blank {
                    by_cite.insert(key, authority.clone());
                }
                citation.authority = authority;
                citation.antecedent = leader;
                citation.role = match (history_of, leader) {
                    (Some(_), _) => CitationRole::History,
                    (None, Some(leader)) => out[leader].role,
                    (None, None) => CitationRole::Authority,
                };
                if citation.role.is_authority() {
                    previous_root = Some(index);
                }
                cases.add(index, &citation);
                out.push(citation);
                continue;
            }
            // The record and the document's own parts: what a following Id. repeats, never an authority.
            CitationKind::Record | CitationKind::CrossReference => {
                citation.antecedent = None;
                previous_root = Some(index);
                out.push(citation);
                continue;
            }
            CitationKind::ShortCase => short_cite_target(&citation, &out, &cases),
            CitationKind::Id => id_target(&citation, previous_root, &out),
            // Authors first ("Wright & Miller, supra"), then a case name ("Kayes, supra").
            CitationKind::Supra => {
                let author = supra_author(text.get(..citation.start).unwrap_or_default());
                let secondary = author
                    .as_deref()
                    .and_then(|author| secondary_target(author, &out));
                let case = citation
                    .antecedent_guess
                    .as_deref()
                    .and_then(|name| named_target(name, &out, &cases));
                if case.is_none() || secondary.is_some() {
                    citation.author = author;
                }
                secondary.or(case)
            }
            CitationKind::Reference => citation
                .plaintiff
                .as_deref()
                .or(citation.defendant.as_deref())
                .and_then(|name| named_target(name, &out, &cases)),
            CitationKind::FullLaw
            | CitationKind::Journal
            | CitationKind::Treatise
            | CitationKind::Restatement => Some(index),
            CitationKind::UnknownSection => {
                let section =
                    bare_section(text, &citation, id_code(text, &citation, &out).as_ref())
                        .or_else(|| bare_section(text, &citation, latest_code.as_ref()));
                if let Some(section) = section {
                    // "Id. § 1104": the Id. names that section, not the one it would repeat.
                    if let Some(id) = out.last_mut().filter(|id| adjacent_id(text, id, &citation)) {
                        id.authority = section.key.clone();
                    }
                    // "42 U.S.C. § 2000e-2(a)(1)": the citation starts at its code.
                    if let Some(start) = section.code_start {
                        citation.start = start;
                        citation.matched_text = text[start..citation.end].to_string();
                    }
                    citation.authority = section.key;
                    latest_code = Some(section.code);
                    citation.antecedent = None;
                    previous_root = Some(index);
                    out.push(citation);
                    continue;
                }
                // "Civil Rule 59(e)" that the rules cited before do not take is words of the sentence.
                if citation.matched_text.starts_with("Rule") {
                    continue;
                }
                None
            }
        };
        if citation.kind == CitationKind::FullLaw {
            latest_code = Some(Code::of(&citation));
        }
        // "Wright & Miller, supra, § 1216" and "Id. § 1357" cite that section of the treatise or restatement:
        // the book itself, also behind a supra or Id. that named a section of it.
        let earlier = target.filter(|&t| t < index);
        let book = earlier
            .map(|t| out[t].antecedent.unwrap_or(t))
            .filter(|&t| {
                matches!(
                    out[t].kind,
                    CitationKind::Treatise | CitationKind::Restatement
                )
            });
        // An unresolved supra keeps its section too, for matching against the other text.
        let takes_section = match citation.kind {
            CitationKind::Id => book.is_some(),
            CitationKind::Supra => {
                book.is_some() || (target.is_none() && citation.author.is_some())
            }
            _ => false,
        };
        if takes_section {
            let adjacent = |next: &(Citation, Option<usize>)| {
                next.0.kind == CitationKind::UnknownSection
                    && text
                        .get(citation.end..next.0.start)
                        .is_some_and(|gap| gap.chars().all(|c| c == ',' || c.is_whitespace()))
            };
            if let Some((section, _)) = tagged.next_if(adjacent) {
                citation.end =
                    section.end + comment_len(text.get(section.end..).unwrap_or_default());
                citation.matched_text = text
                    .get(citation.start..citation.end)
                    .unwrap_or_default()
                    .to_string();
                citation.section = Some(section_number(&section.matched_text));
            }
        }
        let named_section = match (book, citation.kind, citation.section.as_deref()) {
            (Some(book), CitationKind::Supra | CitationKind::Id, Some(section)) => {
                Some(secondary_key(&out[book], Some(section)))
            }
            _ => None,
        };
        citation.authority = named_section.unwrap_or_else(|| match (target, citation.kind) {
            (_, CitationKind::FullLaw) => law_key(text, &citation, out.last()),
            (_, CitationKind::Journal) => AuthorityKey::journal(&cite_key(&citation)),
            (_, CitationKind::Treatise | CitationKind::Restatement) => {
                secondary_key(&citation, None)
            }
            (Some(target), _) => out[target].authority.clone(),
            (None, CitationKind::ShortCase) => unresolved_short_key(&citation),
            (None, CitationKind::Id) => AuthorityKey::unresolved_id(),
            (None, CitationKind::UnknownSection) => unresolved_section_key(&citation),
            (None, _) => AuthorityKey::unresolved_supra(
                citation
                    .author
                    .as_deref()
                    .or(citation.antecedent_guess.as_deref())
                    .or(citation.plaintiff.as_deref())
                    .or(citation.defendant.as_deref())
                    .unwrap_or_default(),
            ),
        });
        // "Id. § 4" after nothing that names a code: the Id. names that section all the same.
        if citation.kind == CitationKind::UnknownSection {
            if let Some(id) = out.last_mut().filter(|id| adjacent_id(text, id, &citation)) {
                id.authority = citation.authority.clone();
            }
        }
        // An Id. repeating a short form nothing resolved shares its key (the other text may resolve it)
        // but, as in eyecite, has no antecedent.
        citation.antecedent = target.filter(|&t| t != index && !out[t].authority.is_unresolved());
        // An Id. of the record or of a cross-reference is one too.
        if let Some(t) = target.filter(|&t| t < index) {
            if matches!(
                out[t].role,
                CitationRole::Record | CitationRole::CrossReference
            ) {
                citation.role = out[t].role;
            }
        }
        // A short form printed as a case's history ("…, 51 Cal. 4th 84 (2011), abrogated by Riley, 573 U.S.
        // at 386") is history too: no support for the claim.
        let after_case = out.last().filter(|last| {
            matches!(last.kind, CitationKind::FullCase | CitationKind::ShortCase)
                && text.get(last.end..citation.start).is_some_and(is_history)
        });
        if citation.kind == CitationKind::ShortCase && after_case.is_some() {
            citation.role = CitationRole::History;
        }
        // An Id. after "LaFave, supra, § 5.2(c)" cites the section that supra names.
        // A short form or supra with no antecedent in its text is still what a following Id. repeats.
        let unresolved_short = target.is_none()
            && matches!(citation.kind, CitationKind::ShortCase | CitationKind::Supra);
        previous_root = match book {
            Some(_) if citation.section.is_some() => Some(index),
            _ if unresolved_short => Some(index),
            _ => target,
        };
        out.push(citation);
    }
    out
}
