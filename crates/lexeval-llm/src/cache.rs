//! Response caches keyed by `chat::cache_key`. The file cache appends JSON lines to
//! `<dir>/responses.jsonl`; the page adds an IndexedDB implementation of the same trait.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub trait ResponseCache: Send + Sync {
    fn get(&self, key: &str) -> Option<String>;
    fn put(&self, key: &str, answer: &str);
}

/// A process-local cache.
#[derive(Default)]
pub struct MemoryCache {
    entries: Mutex<HashMap<String, String>>,
}

impl ResponseCache for MemoryCache {
    fn get(&self, key: &str) -> Option<String> {
        self.entries.lock().ok()?.get(key).cloned()
    }

    fn put(&self, key: &str, answer: &str) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.insert(key.to_string(), answer.to_string());
        }
    }
}

#[derive(Serialize, Deserialize)]
struct CacheLine {
    key: String,
    answer: String,
}

/// A cache persisted as JSON lines; unreadable lines are skipped, write failures only lose caching.
pub struct FileCache {
    path: PathBuf,
    memory: MemoryCache,
    /// Requests run in parallel: one writer at a time, so two answers never share a line.
    writing: Mutex<()>,
}

impl FileCache {
    pub fn open(dir: &Path) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join("responses.jsonl");
        let memory = MemoryCache::default();
        if let Ok(text) = std::fs::read_to_string(&path) {
            for line in text.lines() {
                if let Ok(entry) = serde_json::from_str::<CacheLine>(line) {
                    memory.put(&entry.key, &entry.answer);
                }
            }
        }
        Ok(FileCache {
            path,
            memory,
            writing: Mutex::new(()),
        })
    }
}

impl ResponseCache for FileCache {
    fn get(&self, key: &str) -> Option<String> {
        self.memory.get(key)
    }

    fn put(&self, key: &str, answer: &str) {
        self.memory.put(key, answer);
        let line = CacheLine {
            key: key.to_string(),
            answer: answer.to_string(),
        };
        let Ok(mut text) = serde_json::to_string(&line) else {
            return;
        };
        text.push('\n');
        let Ok(_writer) = self.writing.lock() else {
            return;
        };
        if let Ok(mut file) = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
        {
            // One write per line: `writeln!` may split the text and its newline.
            let _ = file.write_all(text.as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_cache_survives_reopening() {
        let dir = std::env::temp_dir().join(format!("lexeval-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        FileCache::open(&dir)
            .unwrap()
            .put("k", "answer\nwith newline");
        let reopened = FileCache::open(&dir).unwrap();
        assert_eq!(reopened.get("k").as_deref(), Some("answer\nwith newline"));
        assert_eq!(reopened.get("other"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn answers_written_in_parallel_each_keep_their_line() {
        let dir = std::env::temp_dir().join(format!("lexeval-cache-par-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = FileCache::open(&dir).unwrap();
        std::thread::scope(|scope| {
            for thread in 0..8 {
                let cache = &cache;
                scope.spawn(move || {
                    for n in 0..50 {
                        cache.put(&format!("{thread}-{n}"), "answer");
                    }
                });
            }
        });
        let reopened = FileCache::open(&dir).unwrap();
        for thread in 0..8 {
            for n in 0..50 {
                assert!(reopened.get(&format!("{thread}-{n}")).is_some());
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
