//! Thin, failure-tolerant wrappers over the browser's localStorage and sessionStorage.

use web_sys::Storage;

fn local() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn session() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

pub fn load_local(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

/// Store a value; `Err` carries a message for the page (quota exceeded, storage disabled).
pub fn save_local(key: &str, value: &str) -> Result<(), String> {
    let storage = local().ok_or("this browser does not allow local storage")?;
    storage.set_item(key, value).map_err(|_| {
        "could not save your texts in this browser (storage full?); export them to keep them"
            .to_string()
    })
}

pub fn remove_local(key: &str) {
    if let Some(s) = local() {
        let _ = s.remove_item(key);
    }
}

pub fn load_session(key: &str) -> Option<String> {
    session()?.get_item(key).ok().flatten()
}

pub fn save_session(key: &str, value: &str) {
    if let Some(s) = session() {
        let _ = s.set_item(key, value);
    }
}

pub fn remove_session(key: &str) {
    if let Some(s) = session() {
        let _ = s.remove_item(key);
    }
}
