//! Helpers the CLI's integration tests share. Each test file is its own crate and uses only some of them.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

pub fn lexeval() -> Command {
    Command::cargo_bin("lexeval").unwrap()
}

/// Runs `command`, which must succeed, and reads its standard output as JSON.
pub fn json_output(command: &mut Command) -> Value {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A file path in this test crate's own scratch directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_CRATE_NAME"));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `rows` written as JSON Lines to a scratch file.
pub fn write_jsonl(name: &str, rows: &[Value]) -> PathBuf {
    let path = scratch(name);
    let lines: Vec<String> = rows.iter().map(Value::to_string).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The path of a fixture under `LEXEVAL_SHARED` (by default the checkout's sibling `shared/`).
pub fn shared_path(path: &str) -> String {
    let root = std::env::var("LEXEVAL_SHARED")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared").to_string());
    format!("{root}/fixtures/{path}")
}

/// A shared fixture's text.
pub fn shared_fixture(path: &str) -> String {
    let path = shared_path(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}
