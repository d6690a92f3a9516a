//! [`Citation::new`]: the one literal a citation starts from when little is known of it, so each finder
//! (record cites, cross-references) and test_support's builder names only what it knows.

use crate::authority_key::AuthorityKey;
use crate::citations::{Citation, CitationKind, CitationRole};

impl Citation {
    /// A citation of `kind` at `start..end` (whatever offsets the caller counts in), nothing known of it
    /// but its text, authority and role; a caller names the rest by struct update
    /// (`Citation { pin_cite, ..Citation::new(…) }`).
    pub fn new(
        kind: CitationKind,
        (start, end): (usize, usize),
        matched_text: String,
        authority: AuthorityKey,
        role: CitationRole,
    ) -> Citation {
        Citation {
            kind,
            start,
            end,
            matched_text,
            volume: None,
            reporter: None,
            page: None,
            pin_cite: None,
            year: None,
            court: None,
            court_text: None,
            parenthetical: None,
            plaintiff: None,
            defendant: None,
            antecedent_guess: None,
            author: None,
            title: None,
            section: None,
            authority,
            antecedent: None,
            role,
        }
    }
}
