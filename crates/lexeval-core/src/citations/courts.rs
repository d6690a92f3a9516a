//! Court ids from courts-db (vendored, compacted by `build.rs`), looked up the way eyecite 2.7.8 does.

include!(concat!(env!("OUT_DIR"), "/courts.rs"));

/// eyecite's `get_court_by_paren`: the court whose citation string, without punctuation and case, equals
/// the parenthetical's court ("4th Cir." → `ca4`); failing that, the last court whose citation string starts
/// with it.
pub fn court_id(written: &str) -> Option<&'static str> {
    let squeezed = squeeze(written);
    if squeezed.is_empty() {
        return None;
    }
    let mut prefix_match = None;
    for &(id, citation_string) in COURTS {
        if citation_string == squeezed {
            return Some(id);
        }
        if citation_string.starts_with(&squeezed) {
            prefix_match = Some(id);
        }
    }
    prefix_match
}

/// A court as written, without punctuation and case ("4th Cir." → "4thcir").
fn squeeze(written: &str) -> String {
    written
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The court whose citation string is exactly `written` (without punctuation and case): what a text names
/// for sure, unlike eyecite's prefix rule ("Ct.App." is the start of a federal court's string; a state's
/// court of appeals wrote it).
pub fn court_id_exactly(written: &str) -> Option<&'static str> {
    let squeezed = squeeze(written);
    COURTS
        .iter()
        .find(|(_, citation_string)| *citation_string == squeezed)
        .map(|&(id, _)| id)
}

/// What kind of court a courts-db id names, as far as citation integrity asks (`COURT_KINDS`: courts-db's
/// `system` and `type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CourtKind {
    /// The Supreme Court of the United States.
    Supreme,
    /// A federal court of appeals or other federal appellate court.
    FederalAppellate,
    /// A federal district court.
    FederalTrial,
    /// Any other federal court (bankruptcy courts and appellate panels, Court of Federal Claims, J.P.M.L.).
    FederalOther,
    /// Any court of a state (or D.C.'s local courts).
    State,
}

/// The kind of the court `id`; None for a tribal, international or unknown court.
pub fn court_kind(id: &str) -> Option<CourtKind> {
    let index = COURT_KINDS
        .binary_search_by(|(court, ..)| (*court).cmp(id))
        .ok()?;
    let (_, system, kind) = COURT_KINDS[index];
    Some(match (system, kind) {
        ("state", _) => CourtKind::State,
        _ if id == "scotus" => CourtKind::Supreme,
        (_, "appellate") => CourtKind::FederalAppellate,
        (_, "trial") => CourtKind::FederalTrial,
        _ => CourtKind::FederalOther,
    })
}

#[cfg(test)]
mod tests {
    use super::{court_id, court_kind, CourtKind};

    #[test]
    fn kinds_of_courts_from_courts_db() {
        assert_eq!(court_kind("scotus"), Some(CourtKind::Supreme));
        assert_eq!(court_kind("ca9"), Some(CourtKind::FederalAppellate));
        assert_eq!(court_kind("cand"), Some(CourtKind::FederalTrial));
        assert_eq!(court_kind("calctapp"), Some(CourtKind::State));
        assert_eq!(court_kind("jpml"), Some(CourtKind::FederalOther));
        // "2nd Cir." is no court's citation string; eyecite's prefix rule finds the BAP's ("2nd Cir. BAP").
        assert_eq!(
            court_kind(court_id("2nd Cir.").unwrap()),
            Some(CourtKind::FederalOther)
        );
        assert_eq!(court_kind("nowhere"), None);
    }

    #[test]
    fn courts_by_their_citation_string() {
        assert_eq!(court_id("4th Cir."), Some("ca4"));
        assert_eq!(court_id("S.D.N.Y."), Some("nysd"));
        assert_eq!(court_id("R.I."), Some("ri"));
        assert_eq!(court_id("Nowhere Ct."), None);
    }
}
