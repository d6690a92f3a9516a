//! Court ids from courts-db (vendored, compacted by `build.rs`), looked up the way eyecite 2.7.8 does.

include!(concat!(env!("OUT_DIR"), "/courts.rs"));

/// eyecite's `get_court_by_paren`: the court whose citation string, without punctuation and case, equals
/// the parenthetical's court ("4th Cir." → `ca4`); failing that, the last court whose citation string starts
/// with it.
pub fn court_id(written: &str) -> Option<&'static str> {
    let squeezed: String = written
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .flat_map(char::to_lowercase)
        .collect();
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

#[cfg(test)]
mod tests {
    use super::court_id;

    #[test]
    fn courts_by_their_citation_string() {
        assert_eq!(court_id("4th Cir."), Some("ca4"));
        assert_eq!(court_id("S.D.N.Y."), Some("nysd"));
        assert_eq!(court_id("R.I."), Some("ri"));
        assert_eq!(court_id("Nowhere Ct."), None);
    }
}
