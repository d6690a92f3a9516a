//! Citation patterns built from reporters-db the way eyecite 2.7.8 builds its extractors: every edition's regex
//! templates expanded with regexes.json variables, one pattern per distinct regex (exact editions and variant
//! spellings kept apart), a short-cite twin of each ("51 F.3d at 1461"), and an Aho-Corasick prefilter on
//! the reporter strings so only patterns whose reporter occurs in the text are compiled and run.

use super::db::{self, EditionRef, SourceKind};
use aho_corasick::AhoCorasick;
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// eyecite's page number: digits, a lowercase roman numeral (1–199 minus v, l, c) or a blank placeholder.
const PAGE_NUMBER: &str = r"(?:\d+|c?(?:xc|xl|l?x{1,3})(?:ix|iv|v?i{0,3})|(?:c?l?)(?:ix|iv|v?i{1,3})|(?:lv|cv|cl|clv)|_+)";

/// One extraction pattern and the editions it stands for.
pub struct Pattern {
    source: String,
    compiled: OnceLock<Option<Regex>>,
    pub exact: Vec<EditionRef>,
    pub variations: Vec<EditionRef>,
    /// A short cite ("at" before the page).
    pub short: bool,
    pub kind: SourceKind,
}

impl Pattern {
    /// The regex wrapped in eyecite's non-alphanumeric boundaries; group 1 is the citation. `None` only if
    /// the data holds a regex this engine cannot compile (a test asserts there is none).
    pub fn regex(&self) -> Option<&Regex> {
        self.compiled
            .get_or_init(|| {
                Regex::new(&format!(
                    "(?:^|[^a-zA-Z0-9])({})(?:[^a-zA-Z0-9]|$)",
                    self.source
                ))
                .ok()
            })
            .as_ref()
    }
}

pub struct Patterns {
    pub patterns: Vec<Pattern>,
    /// Patterns whose regex contains no literal reporter string: always run.
    unfiltered: Vec<usize>,
    prefilter: AhoCorasick,
    /// Prefilter string id → patterns containing that string.
    by_string: Vec<Vec<usize>>,
}

pub fn patterns() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(build)
}

impl Patterns {
    /// Indices of the patterns that can match somewhere in `text`.
    pub fn candidates(&self, text: &str) -> BTreeSet<usize> {
        let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let mut found: BTreeSet<usize> = self.unfiltered.iter().copied().collect();
        let mut seen = vec![false; self.by_string.len()];
        for hit in self.prefilter.find_overlapping_iter(&squeezed) {
            let id = hit.pattern().as_usize();
            if !std::mem::replace(&mut seen[id], true) {
                found.extend(&self.by_string[id]);
            }
        }
        found
    }
}

/// regexes.json flattened (`page_with_commas`), with `_optional` twins, eyecite's overrides, resolved.
fn variables() -> BTreeMap<String, String> {
    fn flatten(value: &serde_json::Value, prefix: &str, out: &mut BTreeMap<String, String>) {
        for (key, value) in value.as_object().into_iter().flatten() {
            if key.ends_with('#') {
                continue;
            }
            let name = [prefix, key.as_str()]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("_");
            match value {
                serde_json::Value::String(s) => {
                    out.insert(name, s.clone());
                }
                other => flatten(other, &name, out),
            }
        }
    }
    let mut flat = BTreeMap::new();
    flatten(&db::table().variables, "", &mut flat);
    flat.insert("full_cite".into(), "$volume $reporter,? $page".into());
    flat.insert("page".into(), format!("(?P<page>{PAGE_NUMBER})"));
    let optional: Vec<(String, String)> = flat
        .iter()
        .map(|(k, v)| (format!("{k}_optional"), format!("(?:{v} ?)?")))
        .collect();
    flat.extend(optional);
    let resolved = flat
        .iter()
        .map(|(k, v)| (k.clone(), substitute(v, &flat)))
        .collect();
    resolved
}

/// Python's `string.Template.safe_substitute` applied until nothing changes (unknown names stay).
fn substitute(template: &str, variables: &BTreeMap<String, String>) -> String {
    static NAME: OnceLock<Regex> = OnceLock::new();
    let name = NAME.get_or_init(|| {
        Regex::new(r"\$(?:\{([_A-Za-z][_A-Za-z0-9]*)\}|([_A-Za-z][_A-Za-z0-9]*))").expect("valid")
    });
    let mut current = template.to_string();
    for _ in 0..100 {
        let next = name.replace_all(&current, |caps: &regex::Captures| {
            let key = caps.get(1).or(caps.get(2)).map_or("", |m| m.as_str());
            variables
                .get(key)
                .cloned()
                .unwrap_or_else(|| caps[0].to_string())
        });
        if next == current {
            break;
        }
        current = next.into_owned();
    }
    python_to_rust(&current)
}

/// The one Python-only regex syntax reporters-db uses: `{,n}` for `{0,n}`.
fn python_to_rust(regex: &str) -> String {
    regex.replace("{,", "{0,")
}

/// eyecite's `_relax_ws(re.escape(name))`: periods then optional whitespace, spaces optional.
fn relaxed(name: &str) -> String {
    let escaped = regex::escape(name).replace(r"\.", r"\.\s*");
    let mut out = String::with_capacity(escaped.len());
    let mut in_space = false;
    for c in escaped.chars() {
        if c == ' ' {
            if !in_space {
                out.push_str(r"\s*");
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

/// eyecite's `short_cite_re`.
fn short_twin(regex: &str) -> String {
    regex.replace("(?P<page>", r"at\s?(p(\.|age)?)? (?P<page>")
}

#[derive(Default)]
struct Draft {
    exact: Vec<EditionRef>,
    variations: Vec<EditionRef>,
    strings: BTreeSet<String>,
    short: bool,
    kind: Option<SourceKind>,
}

fn build() -> Patterns {
    let variables = variables();
    let mut drafts: BTreeMap<String, Draft> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    let mut add =
        |regex: String, edition: EditionRef, names: &[&str], exact: bool, kind: SourceKind| {
            let has_strings = names.first().is_some_and(|n| regex.contains(&relaxed(n)));
            let twin = short_twin(&regex);
            let twins = if twin != regex {
                vec![(regex, false), (twin, true)]
            } else {
                vec![(regex, false)]
            };
            for (regex, short) in twins {
                let draft = drafts.entry(regex.clone()).or_insert_with(|| {
                    order.push(regex.clone());
                    Draft::default()
                });
                if exact {
                    draft.exact.push(edition)
                } else {
                    draft.variations.push(edition)
                }
                if has_strings {
                    draft.strings.extend(
                        names
                            .iter()
                            .map(|n| n.chars().filter(|c| !c.is_whitespace()).collect::<String>()),
                    );
                }
                draft.short |= short;
                draft.kind = Some(kind);
            }
        };
    for (source_index, source) in db::table().sources.iter().enumerate() {
        for (edition_index, edition) in source.editions.iter().enumerate() {
            let mut templates: Vec<String> = if edition.regexes.is_empty() {
                vec!["$full_cite".into()]
            } else {
                edition.regexes.clone()
            };
            if source.kind == SourceKind::Law {
                // "Mass. Gen. Laws ch. 1, §§ 2-3" cites several sections.
                templates = templates.iter().map(|t| t.replace("§ ", "§§? ?")).collect();
            }
            let variants: Vec<&str> = source
                .variations
                .iter()
                .filter(|(_, target)| **target == edition.name)
                .map(|(variant, _)| variant.as_str())
                .collect();
            for template in &templates {
                let expanded = substitute(template, &variables);
                let with = |names: &[&str]| {
                    let alternatives: Vec<String> = names.iter().map(|n| relaxed(n)).collect();
                    expanded
                        .replace("$edition", &alternatives.join("|"))
                        .replace("${edition}", &alternatives.join("|"))
                };
                let reference = (source_index, edition_index);
                add(
                    with(&[edition.name.as_str()]),
                    reference,
                    &[edition.name.as_str()],
                    true,
                    source.kind,
                );
                if !variants.is_empty() {
                    add(with(&variants), reference, &variants, false, source.kind);
                }
            }
        }
    }
    let mut strings: Vec<String> = Vec::new();
    let mut string_ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_string: Vec<Vec<usize>> = Vec::new();
    let mut unfiltered = Vec::new();
    let mut patterns = Vec::with_capacity(order.len());
    for (index, regex) in order.into_iter().enumerate() {
        let Some(draft) = drafts.remove(&regex) else {
            continue;
        };
        if draft.strings.is_empty() {
            unfiltered.push(index);
        }
        for string in draft.strings {
            let id = *string_ids.entry(string.clone()).or_insert_with(|| {
                strings.push(string);
                by_string.push(Vec::new());
                by_string.len() - 1
            });
            by_string[id].push(index);
        }
        patterns.push(Pattern {
            source: regex,
            compiled: OnceLock::new(),
            exact: draft.exact,
            variations: draft.variations,
            short: draft.short,
            kind: draft.kind.unwrap_or(SourceKind::Reporter),
        });
    }
    let prefilter = AhoCorasick::new(&strings).expect("reporter strings build an automaton");
    Patterns {
        patterns,
        unfiltered,
        prefilter,
        by_string,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles_with_the_regex_crate() {
        let failing: Vec<&str> = patterns()
            .patterns
            .iter()
            .filter(|p| p.regex().is_none())
            .map(|p| p.source.as_str())
            .take(5)
            .collect();
        assert!(failing.is_empty(), "{failing:?}");
    }

    #[test]
    fn templates_expand_like_python_string_template() {
        let vars = variables();
        assert_eq!(vars["volume"], r"(?P<volume>[1-9]\d*)");
        assert_eq!(
            vars["page_optional"],
            format!("(?:(?P<page>{PAGE_NUMBER}) ?)?")
        );
        assert!(vars["law_section"].contains("{0,3}"));
    }

    #[test]
    fn relaxed_names_accept_respaced_reporters() {
        let re = Regex::new(&format!("^(?:{})$", relaxed("N.Y.S.2d"))).unwrap();
        assert!(re.is_match("N. Y. S. 2d") && re.is_match("N.Y.S.2d") && !re.is_match("NYS2d"));
    }

    #[test]
    fn prefilter_selects_only_patterns_of_reporters_in_the_text() {
        let p = patterns();
        let all = p.candidates("Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995)");
        assert!(
            all.len() < p.patterns.len() / 10,
            "{} of {}",
            all.len(),
            p.patterns.len()
        );
        assert!(all.iter().any(|&i| p.patterns[i]
            .exact
            .iter()
            .any(|&e| db::edition(e).name == "F.3d")));
    }
}
