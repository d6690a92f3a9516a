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

/// A shared fixture's text.
pub fn shared_fixture(path: &str) -> String {
    lexeval_core::test_support::shared_fixture(path)
}

/// The path of a shared fixture (`lexeval_core::test_support::shared_path`) as a command-line argument.
pub fn shared_path(path: &str) -> String {
    lexeval_core::test_support::shared_path(path)
        .display()
        .to_string()
}
