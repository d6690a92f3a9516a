//! Authority identity over both texts of a comparison (reference and generated), after each text's own
//! citation resolution. L-FRESCO pairs claims that cite the same authority, so two texts must agree on what
//! "the same" is:
//! - a parallel group is the set of its cites: two groups, in either text, that share a cite (reporters
//!   already canonical) are one case, whichever cite each text leads with;
//! - a short form with no full cite in its own text ("Kayes, 51 F.3d at 1459") is the other text's case
//!   of that volume and reporter carrying its name, or, without a name, the only case of that volume and
//!   reporter in either text;
//! - a supra with no antecedent in its own text ("LaFave, supra") is the other text's source by that name;
//!   with a section ("Dobbs, supra, § 4.2"), that section of the other text's work by that author;
//! - a bare section with no code in its own text ("§ 1104(a)(1)") is the other text's statute of that
//!   section, when only one of its codes has it;
//! - every other key (statutes, secondary sources) is already the same in both texts;
//! - a citation neither text resolves (an Id. with nothing before it, a short form or supra whose source
//!   neither text cites in full) is an authority of its own text only: two such citations never meet, so
//!   they cannot make the texts agree, and the score leaves them out (`fresco::left_out`);
//! - the record and cross-references within a document are no authorities at all.
//!
//! Each authority gets one key for both texts and a name for readers ("Mertens v. Hewitt Assocs., 508 U.S.
//! 248"); the keys stay internal.

mod names;

use crate::authority_key::AuthorityKey;
use crate::citations::{names_party, usable_name, Citation, CitationKind};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// What kind of source an authority is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuthorityKind {
    Case,
    Statute,
    Secondary,
    /// A short form, supra or Id. that no citation in either text explains.
    Unresolved,
}

/// One authority of a comparison, as reports show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Authority {
    /// The key claims carry.
    pub key: AuthorityKey,
    pub kind: AuthorityKind,
    /// The name readers see: case name and first cite, statute and section, author and title.
    pub name: String,
}

/// The authority a claim key denotes, found in `table` (sorted by key).
pub fn find<'a>(table: &'a [Authority], key: &AuthorityKey) -> Option<&'a Authority> {
    table
        .binary_search_by(|a| a.key.cmp(key))
        .ok()
        .map(|i| &table[i])
}

/// The reader's name of `key` in `table`, or the key itself when the table does not know it.
pub fn name_of<'a>(table: &'a [Authority], key: &'a AuthorityKey) -> &'a str {
    find(table, key).map_or(key.as_str(), |a| a.name.as_str())
}

/// Whether `key` is a case: cited in full, or by a short form neither text resolves.
pub fn is_case(table: &[Authority], key: &AuthorityKey) -> bool {
    key.is_short() || find(table, key).is_some_and(|a| a.kind == AuthorityKind::Case)
}

/// Whether `key` is a citation no text resolves: never shared by the two texts, left out of the score.
pub fn is_unresolved(table: &[Authority], key: &AuthorityKey) -> bool {
    find(table, key).is_some_and(|a| a.kind == AuthorityKind::Unresolved)
}

/// A text's authority as its own resolution left it: every citation that carries one key.
struct Node<'a> {
    side: usize,
    key: &'a AuthorityKey,
    citations: Vec<&'a Citation>,
}

impl Node<'_> {
    fn full_cases(&self) -> impl Iterator<Item = &Citation> + '_ {
        self.citations
            .iter()
            .copied()
            .filter(|c| c.kind == CitationKind::FullCase)
    }

    /// The cites of its parallel group(s): "508 U.S. 248", "113 S. Ct. 2063".
    fn cites(&self) -> Vec<String> {
        let mut cites: Vec<String> = self
            .full_cases()
            .filter(|c| c.page.as_deref().is_some_and(|p| !p.starts_with('_')))
            .map(names::cite)
            .collect();
        cites.dedup();
        cites
    }

    fn is_case(&self) -> bool {
        self.key.is_case()
    }

    fn names(&self, name: &str) -> bool {
        self.full_cases().any(|c| names_party(c, name))
    }
}

fn nodes<'a>(texts: [&'a [Citation]; 2]) -> Vec<Node<'a>> {
    let mut index: HashMap<(usize, &AuthorityKey), usize> = HashMap::new();
    let mut nodes: Vec<Node<'a>> = Vec::new();
    for (side, citations) in texts.into_iter().enumerate() {
        for citation in citations.iter().filter(|c| c.role.names_a_source()) {
            let at = *index.entry((side, &citation.authority)).or_insert_with(|| {
                nodes.push(Node {
                    side,
                    key: &citation.authority,
                    citations: Vec::new(),
                });
                nodes.len() - 1
            });
            nodes[at].citations.push(citation);
        }
    }
    nodes
}

/// Union-find over node indices.
struct Groups(Vec<usize>);

impl Groups {
    fn root(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        // The lower index (the reference's, and earlier) stays the root.
        let (low, high) = (a.min(b), a.max(b));
        self.0[high] = low;
    }

    /// The one group among `members`, if they all belong to one.
    fn unique(&mut self, members: &[usize]) -> Option<usize> {
        let first = self.root(*members.first()?);
        members
            .iter()
            .all(|&m| self.root(m) == first)
            .then_some(first)
    }
}

/// Joins the nodes that denote one authority (the rules in the module comment).
fn group(nodes: &[Node<'_>]) -> Groups {
    let mut groups = Groups((0..nodes.len()).collect());
    let mut by_key: HashMap<&AuthorityKey, usize> = HashMap::new();
    let mut by_cite: HashMap<String, usize> = HashMap::new();
    for (i, node) in nodes.iter().enumerate() {
        // Two texts' unresolved keys may be equal strings ("unresolved:id") for unrelated citations.
        if !node.key.is_unresolved() {
            if let Some(&j) = by_key.get(node.key) {
                groups.join(i, j);
            }
            by_key.entry(node.key).or_insert(i);
        }
        for cite in node.cites() {
            match by_cite.get(&cite) {
                Some(&j) => groups.join(i, j),
                None => {
                    by_cite.insert(cite, i);
                }
            }
        }
    }
    for (i, node) in nodes.iter().enumerate() {
        let target: Option<Vec<usize>> = if node.key.is_short() {
            short_form_target(node, nodes)
        } else if let Some(section) = node.key.bare_section_text() {
            Some(bare_section_target(node, section, nodes))
        } else {
            let supra = node.key.supra_name();
            supra.map(|name| named_in_other_text(node, name, nodes))
        };
        if let Some(target) = target.and_then(|t| groups.unique(&t)) {
            groups.join(i, target);
        }
    }
    groups
}

/// A supra with a section and no antecedent in its own text ("Dobbs, supra, § 4.2") cites that section of
/// the one work by its author the other text cites in full: it takes that work's key with its own section,
/// so it meets the other text's citations of the same section and no other.
fn supra_sections_of_other_works(citations: &mut [Citation], other: &[Citation]) {
    for citation in citations.iter_mut() {
        let (Some(name), Some(section)) =
            (citation.authority.supra_name(), citation.section.as_deref())
        else {
            continue;
        };
        let mut works = other
            .iter()
            .filter(|c| c.kind == CitationKind::Treatise)
            .filter(|c| {
                c.author
                    .as_deref()
                    .is_some_and(|a| names::same_author(a, name))
            })
            .map(|c| &c.authority)
            .filter(|key| key.work().is_some());
        // Only when all are one work (its key at another section is the same work).
        let first = works.next();
        let one_work = first.filter(|first| works.all(|key| key.work() == first.work()));
        if let Some(key) = one_work.and_then(|work| work.at_section(section)) {
            citation.authority = key;
        }
    }
}

/// The nodes of the other text going by `name`: what a supra with no antecedent in its own text cites.
fn named_in_other_text(node: &Node<'_>, name: &str, nodes: &[Node<'_>]) -> Vec<usize> {
    (0..nodes.len())
        .filter(|&j| nodes[j].side != node.side && names::is_named(&nodes[j], name))
        .collect()
}

/// The statute nodes of the other text a bare section with no code in its own text ("§ 1104(a)(1)") may
/// stand for: those citing that section of some code (subsections are pins). Used only when they are one
/// statute.
fn bare_section_target(node: &Node<'_>, section: &str, nodes: &[Node<'_>]) -> Vec<usize> {
    let number = |section: &str| {
        let section = section.trim_start_matches(['§', ' ']);
        section.split('(').next().unwrap_or(section).to_string()
    };
    let wanted = number(section);
    (0..nodes.len())
        .filter(|&j| nodes[j].side != node.side)
        .filter(|&j| {
            nodes[j]
                .key
                .statute()
                .is_some_and(|law| number(law.section) == wanted)
        })
        .collect()
}

/// The case nodes a short form with no antecedent in its text may stand for: those of the other text with
/// its volume and reporter that carry its name; without a name, every case of that volume and reporter in
/// either text (used only when they are one case).
fn short_form_target(node: &Node<'_>, nodes: &[Node<'_>]) -> Option<Vec<usize>> {
    let short = node
        .citations
        .iter()
        .find(|c| c.kind == CitationKind::ShortCase)?;
    let same_volume = |other: &Node<'_>| {
        other.is_case()
            && other
                .full_cases()
                .any(|c| c.volume == short.volume && c.reporter == short.reporter)
    };
    let candidates: Vec<usize> = match usable_name(short.antecedent_guess.as_deref()) {
        Some(name) => (0..nodes.len())
            .filter(|&j| {
                nodes[j].side != node.side && same_volume(&nodes[j]) && nodes[j].names(name)
            })
            .collect(),
        None => (0..nodes.len())
            .filter(|&j| same_volume(&nodes[j]))
            .collect(),
    };
    Some(candidates)
}

/// The texts of a comparison, by `Node::side`.
const SIDES: [&str; 2] = ["reference", "candidate"];

/// Gives every citation of both texts the key of its authority across the two, and returns the
/// authorities (sorted by key) with their names.
pub fn unify(reference: &mut [Citation], candidate: &mut [Citation]) -> Vec<Authority> {
    supra_sections_of_other_works(reference, candidate);
    supra_sections_of_other_works(candidate, reference);
    let (keys, table) = {
        let nodes = nodes([reference, candidate]);
        let mut groups = group(&nodes);
        let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for i in 0..nodes.len() {
            members.entry(groups.root(i)).or_default().push(i);
        }
        let works = names::works(&nodes);
        let mut keys: HashMap<(usize, AuthorityKey), AuthorityKey> = HashMap::new();
        let mut table: Vec<Authority> = Vec::new();
        for member_nodes in members.values() {
            let group: Vec<&Node<'_>> = member_nodes.iter().map(|&i| &nodes[i]).collect();
            let mut authority = names::authority(&group, &works);
            // Nothing joins an unresolved node to another: its key names its text, so the other text's
            // equal string is another authority.
            if authority.kind == AuthorityKind::Unresolved {
                authority.key = authority.key.own_to_text(SIDES[group[0].side]);
            }
            for node in &group {
                keys.insert((node.side, node.key.clone()), authority.key.clone());
            }
            table.push(authority);
        }
        table.sort_by(|a, b| a.key.cmp(&b.key));
        table.dedup_by(|a, b| a.key == b.key);
        (keys, table)
    };
    for (side, citations) in [reference, candidate].into_iter().enumerate() {
        for citation in citations.iter_mut() {
            if let Some(key) = keys.get(&(side, citation.authority.clone())) {
                citation.authority = key.clone();
            }
        }
    }
    table
}

#[cfg(test)]
mod tests;
