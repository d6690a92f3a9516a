//! Compacts the vendored reporters-db JSON into the citation pattern tables (`build_patterns.rs`) and the
//! small table extraction reads (editions, years, abbreviations), and courts-db into court ids by citation
//! string, so the page embeds only what extraction needs (no names, notes, examples or jurisdiction lists).

#[path = "build_patterns.rs"]
mod build_patterns;

#[path = "build_abbreviations.rs"]
mod build_abbreviations;

use serde_json::{json, Map, Value};
use std::path::Path;

const DB: &str = "data/reporters-db";

fn read(name: &str) -> Value {
    let path = format!("{DB}/{name}");
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn year(value: &Value) -> Value {
    value
        .as_str()
        .and_then(|date| date.get(..4))
        .and_then(|y| y.parse::<u32>().ok())
        .map_or(Value::Null, Value::from)
}

fn strings(value: &Value) -> Vec<Value> {
    value.as_array().cloned().unwrap_or_default()
}

/// reporters.json: one source per (key, entry), editions with their own regexes, variations → edition.
fn reporters(db: &Value, out: &mut Vec<Value>) {
    for (key, entries) in db.as_object().into_iter().flatten() {
        for entry in entries.as_array().into_iter().flatten() {
            let editions: Vec<Value> = entry["editions"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(name, data)| {
                    json!({"name": name, "start": year(&data["start"]), "end": year(&data["end"]),
                           "regexes": strings(&data["regexes"])})
                })
                .collect();
            out.push(
                json!({"kind": "reporter", "key": key, "cite_type": entry["cite_type"],
                       "scotus": is_scotus(entry), "editions": editions,
                       "variations": entry["variations"]}),
            );
        }
    }
}

/// eyecite's `Reporter.is_scotus`: a reporter of the Supreme Court, whose citations get the court `scotus`.
fn is_scotus(entry: &Value) -> bool {
    let cite_type = entry["cite_type"].as_str().unwrap_or_default();
    let name = entry["name"].as_str().unwrap_or_default().to_lowercase();
    (cite_type == "federal" && name.contains("supreme")) || cite_type.contains("scotus")
}

/// laws.json and journals.json: the key is the single edition; variations is a list of its variants. An
/// annotated code ("Am. Samoa Code Ann.") is also cited without "Ann." (the official code's name, R12.3),
/// unless reporters-db lists that name as a code of its own.
fn single_edition(db: &Value, kind: &str, out: &mut Vec<Value>) {
    let keys = db.as_object().cloned().unwrap_or_default();
    for (key, entries) in &keys {
        let unannotated = key
            .strip_suffix(" Ann.")
            .filter(|name| kind == "law" && !keys.contains_key(*name));
        for entry in entries.as_array().into_iter().flatten() {
            let variations: Map<String, Value> = strings(&entry["variations"])
                .iter()
                .filter_map(Value::as_str)
                .chain(unannotated)
                .map(|v| (v.to_string(), Value::from(key.as_str())))
                .collect();
            let edition = json!({"name": key, "start": year(&entry["start"]), "end": year(&entry["end"]),
                                 "regexes": strings(&entry["regexes"])});
            out.push(
                json!({"kind": kind, "key": key, "cite_type": entry["cite_type"],
                            "editions": [edition], "variations": variations}),
            );
        }
    }
}

/// Bluebook case-name and state abbreviations that end in a period (e.g. "Ass'n" does not, "Bd." does): a
/// period after one of these does not end a sentence.
fn abbreviations() -> Vec<String> {
    let mut words: Vec<String> = ["case_name_abbreviations.json", "state_abbreviations.json"]
        .into_iter()
        .flat_map(|name| {
            read(name)
                .as_object()
                .map(|o| o.keys().cloned().collect::<Vec<_>>())
                .unwrap_or_default()
        })
        .filter(|word| word.ends_with('.'))
        .collect();
    words.sort();
    words.dedup();
    words
}

/// courts-db's courts.json as a Rust table of (id, citation string without punctuation, lower case), in file
/// order: all eyecite's `get_court_by_paren` reads; and, sorted by id, each federal or state court's system
/// and type ("federal", "trial"), which citation integrity reads (a district court in F.3d).
fn courts(out_dir: &Path) {
    let path = "data/courts-db/courts.json";
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let courts: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = String::from("pub static COURTS: &[(&str, &str)] = &[\n");
    let mut kinds = Vec::new();
    for court in courts.as_array().into_iter().flatten() {
        let squeezed: String = court["citation_string"]
            .as_str()
            .unwrap_or_default()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .flat_map(char::to_lowercase)
            .collect();
        if let (Some(id), false) = (court["id"].as_str(), squeezed.is_empty()) {
            rows.push_str(&format!("    ({id:?}, {squeezed:?}),\n"));
        }
        if let (Some(id), Some(system @ ("federal" | "state"))) =
            (court["id"].as_str(), court["system"].as_str())
        {
            kinds.push((id, system, court["type"].as_str().unwrap_or_default()));
        }
    }
    rows.push_str("];\n");
    kinds.sort();
    rows.push_str("pub static COURT_KINDS: &[(&str, &str, &str)] = &[\n");
    for (id, system, kind) in kinds {
        rows.push_str(&format!("    ({id:?}, {system:?}, {kind:?}),\n"));
    }
    rows.push_str("];\n");
    let out = out_dir.join("courts.rs");
    std::fs::write(&out, rows).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}

/// What extraction (and citation integrity: `cite_type`) reads at run time: sources and editions without
/// their regexes and variant spellings, which live in the generated pattern tables.
fn runtime_source(source: &Value) -> Value {
    let editions: Vec<Value> = source["editions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| json!({"name": e["name"], "start": e["start"], "end": e["end"]}))
        .collect();
    json!({"key": source["key"], "scotus": source["scotus"].as_bool().unwrap_or(false),
           "cite_type": source["cite_type"].as_str().unwrap_or_default(), "editions": editions})
}

fn main() {
    let mut sources = Vec::new();
    reporters(&read("reporters.json"), &mut sources);
    single_edition(&read("laws.json"), "law", &mut sources);
    single_edition(&read("journals.json"), "journal", &mut sources);
    let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let write = |name: &str, contents: String| {
        let out = out_dir.join(name);
        std::fs::write(&out, contents).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    };
    println!("cargo:rerun-if-changed=build_patterns.rs");
    write(
        "patterns.rs",
        build_patterns::tables(&sources, &read("regexes.json")),
    );
    let table = json!({"sources": sources.iter().map(runtime_source).collect::<Vec<_>>(),
                       "abbreviations": abbreviations()});
    write("reporters-db.json", table.to_string());
    courts(&out_dir);
    println!("cargo:rerun-if-changed=build_abbreviations.rs");
    write("abbreviations.rs", build_abbreviations::lexicon("data"));
}
