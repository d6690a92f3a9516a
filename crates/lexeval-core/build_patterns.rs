//! Build-time half of `citations::patterns`: eyecite 2.7.8's extractor construction from reporters-db (every
//! edition's regex templates expanded with regexes.json variables, one pattern per distinct regex, exact
//! editions and variant spellings kept apart, a short-cite twin of each), written out as static tables so
//! the binary starts without expanding thousands of templates. Each pattern is stored as a shared template
//! plus its edition alternation; the regex text is assembled only for patterns the prefilter selects.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// eyecite's page number: digits, a lowercase roman numeral (1–199 minus v, l, c) or a blank placeholder.
const PAGE_NUMBER: &str = r"(?:\d+|c?(?:xc|xl|l?x{1,3})(?:ix|iv|v?i{0,3})|(?:c?l?)(?:ix|iv|v?i{1,3})|(?:lv|cv|cl|clv)|_+)";

/// A statute section, wider than reporters-db's `law_section` (digits joined by at most three of "-.:"),
/// which cuts codes' real sections short: letters ("46b-137", "2000e-2", "1.42-1T", "240.10b-5", "121q"),
/// any number of parts ("9-22-3-2.5") and lettered parts ("130-X-1-.06"). Subsections stay pins.
const LAW_SECTION: &str = r"\d+[A-Za-z]{0,3}(?:[\-.:]{1,2}(?:\d+[A-Za-z]{0,3}|[A-Z]{1,2}))*";

/// Where a template takes the edition alternation.
pub const EDITION: &str = "$edition";

/// regexes.json flattened (`page_with_commas`), with `_optional` twins, eyecite's overrides, resolved.
pub fn variables(regexes: &Value) -> BTreeMap<String, String> {
    fn flatten(value: &Value, prefix: &str, out: &mut BTreeMap<String, String>) {
        for (key, value) in value.as_object().into_iter().flatten() {
            if key.ends_with('#') {
                continue;
            }
            // `{"volume": {"": ..., "with_digit_suffix": ...}}` names `volume` and `volume_with_digit_suffix`.
            let name = [prefix, key.as_str()]
                .into_iter()
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join("_");
            match value {
                Value::String(s) => {
                    out.insert(name, s.clone());
                }
                other => flatten(other, &name, out),
            }
        }
    }
    let mut flat = BTreeMap::new();
    flatten(regexes, "", &mut flat);
    flat.insert("full_cite".into(), "$volume $reporter,? $page".into());
    flat.insert("page".into(), format!("(?P<page>{PAGE_NUMBER})"));
    flat.insert("law_section".into(), format!("(?P<section>{LAW_SECTION})"));
    let optional: Vec<(String, String)> = flat
        .iter()
        .map(|(k, v)| (format!("{k}_optional"), format!("(?:{v} ?)?")))
        .collect();
    flat.extend(optional);
    flat.iter()
        .map(|(k, v)| (k.clone(), substitute(v, &flat)))
        .collect()
}

/// Python's `string.Template.safe_substitute` (`$name`, `${name}`; unknown names stay) until nothing
/// changes, then the one Python-only regex syntax reporters-db uses, `{,n}`, as `{0,n}`.
pub fn substitute(template: &str, variables: &BTreeMap<String, String>) -> String {
    let mut current = template.to_string();
    for _ in 0..100 {
        let next = substitute_once(&current, variables);
        if next == current {
            break;
        }
        current = next;
    }
    current.replace("{,", "{0,")
}

fn substitute_once(text: &str, variables: &BTreeMap<String, String>) -> String {
    let is_start = |c: char| c == '_' || c.is_ascii_alphabetic();
    let is_part = |c: char| c == '_' || c.is_ascii_alphanumeric();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(dollar) = rest.find('$') {
        out.push_str(&rest[..dollar]);
        let after = &rest[dollar + 1..];
        let (name, length) = if let Some(braced) = after.strip_prefix('{') {
            match braced.find('}') {
                Some(end)
                    if braced[..end].starts_with(is_start)
                        && braced[..end].chars().all(is_part) =>
                {
                    (&braced[..end], end + 2)
                }
                _ => ("", 0),
            }
        } else if after.starts_with(is_start) {
            let end = after.find(|c| !is_part(c)).unwrap_or(after.len());
            (&after[..end], end)
        } else {
            ("", 0)
        };
        match variables.get(name) {
            Some(value) if length > 0 => out.push_str(value),
            _ => out.push_str(&rest[dollar..dollar + 1 + length]),
        }
        rest = &after[length..];
    }
    out.push_str(rest);
    out
}

/// `regex::escape`: the regex crate's meta characters, backslash-escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// eyecite's `_relax_ws(re.escape(name))`: periods then optional whitespace, spaces optional.
pub fn relaxed(name: &str) -> String {
    let escaped = escape(name).replace(r"\.", r"\.\s*");
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

/// The template reads volume then reporter ("51 F.3d"), so the reporter follows a volume in the text;
/// not "2009 1359R (La.App. 1 Cir.)" or a reporter after a page or parenthesis.
fn volume_first(template: &str) -> bool {
    template.find(EDITION).is_some_and(|at| {
        let before = &template[..at];
        before.starts_with("(?P<volume>")
            && !before.contains("(?P<page>")
            && !before.contains(r"\(")
    })
}

/// The template reads ",? at" right after the reporter, as the short twin of "$volume $reporter,? $page"
/// does (`short_twin`): the text has "at" after the reporter once its whitespace is removed.
fn at_follows(template: &str) -> bool {
    template.contains(&format!(r"{EDITION}),? at\s?(p("))
}

/// A regulation's dotted section without its section sign ("29 C.F.R. 1910.1200", "Treas. Reg. 1.42-1T"):
/// the dot tells it from a page or a count.
const DOTTED_SECTION: &str =
    r"(?P<section>\d+[A-Za-z]?\.\d+[A-Za-z]{0,2}(?:[.\-]\d+[A-Za-z]{0,2})*)";

/// A law template as reporters-db gives it, widened by class: "Ann." optional; several sections ("Mass. Gen. Laws ch. 1,
/// §§ 2-3"); a dotted section with no section sign; code chapters numbered with dots as well as hyphens
/// ("005.19.02 Ark. Code R.").
fn law_templates(template: &str) -> Vec<String> {
    let template = template.replace(
        r"(?P<chapter>\d+-\d+-\d+)",
        r"(?P<chapter>\d+[\-.]\d+[\-.]\d+)",
    );
    // An annotated code is also cited by the official code's name, without "Ann." (R12.3; as `build.rs`
    // adds for codes named by their key): "Tex. Civ. Prac. & Rem. Code § 16.003".
    let template = template.replace(r" Ann\.)", r"(?: Ann\.)?)");
    let mut out = vec![template.replace("§ ", "§§? ?")];
    if template.contains("§ $law_section") {
        out.push(template.replace("§ $law_section", DOTTED_SECTION));
    }
    out
}

/// (source index, edition index), as `citations::db::EditionRef`.
type EditionRef = (usize, usize);

#[derive(Default)]
struct Draft {
    template: usize,
    alternation: String,
    exact: Vec<EditionRef>,
    variations: Vec<EditionRef>,
    strings: BTreeSet<String>,
    short: bool,
    kind: String,
}

/// The Rust source of the pattern tables, from the compacted sources (with their regexes and variations)
/// and regexes.json.
pub fn tables(sources: &[Value], regexes: &Value) -> String {
    let variables = variables(regexes);
    let mut templates: Vec<String> = Vec::new();
    let mut drafts: BTreeMap<String, Draft> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for (source_index, source) in sources.iter().enumerate() {
        let kind = source["kind"].as_str().unwrap_or("reporter").to_string();
        let variations: Vec<(&str, &str)> = source["variations"]
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(variant, target)| Some((variant.as_str(), target.as_str()?)))
            .collect();
        for (edition_index, edition) in source["editions"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let name = edition["name"].as_str().unwrap_or_default();
            let mut raw: Vec<String> = edition["regexes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r.as_str().map(str::to_string))
                .collect();
            if raw.is_empty() {
                raw.push("$full_cite".into());
            }
            if kind == "law" {
                raw = raw.iter().flat_map(|t| law_templates(t)).collect();
            }
            let variants: Vec<&str> = variations
                .iter()
                .filter(|(_, target)| *target == name)
                .map(|(variant, _)| *variant)
                .collect();
            for template in &raw {
                let expanded = substitute(template, &variables).replace("${edition}", EDITION);
                for (names, exact) in [(vec![name], true), (variants.clone(), false)] {
                    if names.is_empty() {
                        continue;
                    }
                    let alternation: String = names
                        .iter()
                        .map(|n| relaxed(n))
                        .collect::<Vec<_>>()
                        .join("|");
                    let has_strings = expanded.contains(EDITION);
                    let twin = short_twin(&expanded);
                    let mut shapes = vec![(expanded.clone(), false)];
                    if twin != expanded {
                        shapes.push((twin, true));
                    }
                    for (shape, short) in shapes {
                        let regex = shape.replace(EDITION, &alternation);
                        let template_index = match templates.iter().position(|t| *t == shape) {
                            Some(i) => i,
                            None => {
                                templates.push(shape);
                                templates.len() - 1
                            }
                        };
                        let draft = drafts.entry(regex.clone()).or_insert_with(|| {
                            order.push(regex.clone());
                            Draft {
                                template: template_index,
                                alternation: alternation.clone(),
                                ..Draft::default()
                            }
                        });
                        let edition_ref = (source_index, edition_index);
                        if exact {
                            draft.exact.push(edition_ref);
                        } else {
                            draft.variations.push(edition_ref);
                        }
                        if has_strings {
                            draft.strings.extend(names.iter().map(|n| {
                                n.chars().filter(|c| !c.is_whitespace()).collect::<String>()
                            }));
                        }
                        draft.short |= short;
                        draft.kind.clone_from(&kind);
                    }
                }
            }
        }
    }
    let mut out = String::new();
    packed("TEMPLATES", &templates, &mut out);
    let mut alternations = Interned::default();
    // Each pattern's exact editions then its variations' editions, one run in EDITION_REFS; patterns
    // with the same two lists (a pattern and its short twin, one edition under several templates) share it.
    let mut edition_refs: Vec<EditionRef> = Vec::new();
    let mut runs: BTreeMap<(&[EditionRef], &[EditionRef]), usize> = BTreeMap::new();
    let mut rows = String::new();
    let mut interned_strings = Interned::default();
    let mut by_string: Vec<Vec<usize>> = Vec::new();
    let mut unfiltered: Vec<usize> = Vec::new();
    for (index, regex) in order.iter().enumerate() {
        let draft = &drafts[regex];
        let kind = match draft.kind.as_str() {
            "law" => "Law",
            "journal" => "Journal",
            _ => "Reporter",
        };
        let alternation = alternations.id(&draft.alternation);
        let run = *runs
            .entry((draft.exact.as_slice(), draft.variations.as_slice()))
            .or_insert_with(|| {
                edition_refs.extend(draft.exact.iter().chain(&draft.variations));
                edition_refs.len() - draft.exact.len() - draft.variations.len()
            });
        writeln!(
            rows,
            "    PatternData {{ template: {}, alternation: {alternation}, editions: {run}, exact: {}, variations: {}, short: {}, kind: SourceKind::{kind}, volume_first: {}, at_follows: {} }},",
            draft.template,
            draft.exact.len(),
            draft.variations.len(),
            draft.short,
            volume_first(&templates[draft.template]),
            at_follows(&templates[draft.template]),
        )
        .expect("write to String");
        if draft.strings.is_empty() {
            unfiltered.push(index);
        }
        for string in &draft.strings {
            let id = interned_strings.id(string);
            if id == by_string.len() {
                by_string.push(Vec::new());
            }
            by_string[id].push(index);
        }
    }
    writeln!(out, "static PATTERNS: &[PatternData] = &[\n{rows}];").expect("write to String");
    packed("ALTERNATIONS", &alternations.items, &mut out);
    writeln!(
        out,
        "static EDITION_REFS: &[EditionRef] = &{edition_refs:?};"
    )
    .expect("write to String");
    let strings = interned_strings.items;
    packed("STRINGS", &strings, &mut out);
    // The patterns of each string, one list after another.
    let mut ends = Vec::new();
    let flat: Vec<usize> = by_string
        .iter()
        .flat_map(|patterns| {
            ends.push(ends.last().copied().unwrap_or(0) + patterns.len());
            patterns.iter().copied()
        })
        .collect();
    writeln!(out, "static BY_STRING: &[u16] = &{flat:?};").expect("write to String");
    writeln!(out, "static BY_STRING_ENDS: &[u32] = &{ends:?};").expect("write to String");
    writeln!(out, "static UNFILTERED: &[u16] = &{unfiltered:?};").expect("write to String");
    // The prefilter walks the strings in byte order; the ones with a pattern that needs no volume before
    // its reporter are searched everywhere, the rest only after a volume.
    let mut sorted: Vec<usize> = (0..strings.len()).collect();
    sorted.sort_by(|&a, &b| strings[a].as_bytes().cmp(strings[b].as_bytes()));
    let anywhere: Vec<usize> = sorted
        .iter()
        .copied()
        .filter(|&id| {
            by_string[id]
                .iter()
                .any(|&p| !volume_first(&templates[drafts[&order[p]].template]))
        })
        .collect();
    writeln!(out, "static SORTED_STRINGS: &[u16] = &{sorted:?};").expect("write to String");
    writeln!(out, "static ANYWHERE_STRINGS: &[u16] = &{anywhere:?};").expect("write to String");
    out
}

/// Distinct strings in first-seen order.
#[derive(Default)]
struct Interned {
    items: Vec<String>,
    index: BTreeMap<String, usize>,
}

impl Interned {
    /// The index of `item`, added at the end if new.
    fn id(&mut self, item: &str) -> usize {
        if let Some(&id) = self.index.get(item) {
            return id;
        }
        self.items.push(item.to_string());
        self.index.insert(item.to_string(), self.items.len() - 1);
        self.items.len() - 1
    }
}

/// A table of strings as one text and each string's end offset: a pointer per string would cost the
/// binary a relocation at start-up and the page's worker eight bytes of poorly compressible data each.
fn packed(name: &str, strings: &[String], out: &mut String) {
    let mut end = 0;
    let ends: Vec<usize> = strings
        .iter()
        .map(|s| {
            end += s.len();
            end
        })
        .collect();
    let text = strings.concat();
    writeln!(
        out,
        "static {name}: Packed = Packed {{ text: {text:?}, ends: &{ends:?} }};"
    )
    .expect("write to String");
}
