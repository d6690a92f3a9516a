//! What the reader selected in a check's pairs table or in either text, and what that lights up in the
//! other: a row's claims in the texts, a claim's or a citation's rows in the table.

use crate::present::report_view::PairLink;
use lexeval_core::authority_key::AuthorityKey;
use std::collections::HashMap;

/// Which text of a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Reference,
    Candidate,
}

impl Side {
    /// The claim a pair has on this side.
    fn claim(self, link: &PairLink) -> Option<usize> {
        match self {
            Side::Reference => link.reference_claim,
            Side::Candidate => link.candidate_claim,
        }
    }
}

/// One selection per check view, made in the table or in a text.
#[derive(Debug, Clone, PartialEq)]
pub enum Selection {
    /// A row of the pairs table.
    Pair(PairLink),
    /// A claim of one text (index of its claim span): every pair it takes part in.
    Claim(Side, usize),
    /// A citation's authority, chosen by its number in either text: every pair that shares it.
    Authority(AuthorityKey),
}

impl Selection {
    /// Whether the table's row linking `link` is selected. Rows that link nothing (a summary's) never are.
    pub fn selects(&self, link: &PairLink) -> bool {
        if *link == PairLink::default() {
            return false;
        }
        match self {
            Selection::Pair(pair) => pair == link,
            Selection::Claim(side, claim) => side.claim(link) == Some(*claim),
            Selection::Authority(key) => link.authority.as_ref() == Some(key),
        }
    }

    /// What the selection lights in the text on `side`, given the table's rows (`links`).
    pub fn lit(&self, side: Side, links: &[PairLink]) -> Lit {
        let mut lit = Lit::default();
        for link in links.iter().filter(|link| self.selects(link)) {
            if let Some(claim) = side.claim(link) {
                lit.add(claim, link.authority.clone());
            }
        }
        match self {
            // A row may stand for none of the table's (a pair not drawn yet): its own claims still light.
            Selection::Pair(link) => {
                if let Some(claim) = side.claim(link) {
                    lit.add(claim, link.authority.clone());
                }
            }
            Selection::Claim(chosen, claim) if *chosen == side => lit.add(*claim, None),
            Selection::Claim(..) => {}
            Selection::Authority(key) => lit.authority = Some(key.clone()),
        }
        lit
    }
}

/// What is highlighted in one text: claims, whole or only with some of their citations, and every
/// citation of a chosen authority.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lit {
    claims: HashMap<usize, LitClaim>,
    authority: Option<AuthorityKey>,
}

#[derive(Debug, Clone, PartialEq)]
enum LitClaim {
    Whole,
    /// The claim's text and its citations of these authorities (a pair shares one authority).
    Citing(Vec<AuthorityKey>),
}

impl Lit {
    fn add(&mut self, claim: usize, authority: Option<AuthorityKey>) {
        let entry = self
            .claims
            .entry(claim)
            .or_insert(LitClaim::Citing(Vec::new()));
        match (entry, authority) {
            (LitClaim::Citing(keys), Some(key)) => keys.push(key),
            (entry, None) => *entry = LitClaim::Whole,
            (LitClaim::Whole, Some(_)) => {}
        }
    }

    /// Whether a run of text in `claim` (if any), part of a citation of `authority` (if any), is lit.
    pub fn lights(&self, claim: Option<usize>, authority: Option<&AuthorityKey>) -> bool {
        if authority.is_some() && authority == self.authority.as_ref() {
            return true;
        }
        match (claim.and_then(|c| self.claims.get(&c)), authority) {
            (None, _) => false,
            (Some(LitClaim::Whole), _) | (Some(LitClaim::Citing(_)), None) => true,
            (Some(LitClaim::Citing(keys)), Some(key)) => keys.contains(key),
        }
    }
}
