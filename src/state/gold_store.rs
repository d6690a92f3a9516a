//! The benchmarks' gold files, loaded once by the user and kept in this browser's IndexedDB (database
//! `lexeval-gold`, store `gold`: benchmark id → the file's name and text). The page ships no gold: CaseFacts
//! is CC BY-NC 4.0 and LegalSearchQA's repository states no licence (`docs/benchmarks.md`). Without
//! IndexedDB (private windows, blocked storage) the gold is kept for this visit only.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransactionMode};

const DATABASE: &str = "lexeval-gold";
const STORE: &str = "gold";

/// A gold file as the user loaded it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoredGold {
    pub name: String,
    pub text: String,
}

/// The gold kept for `benchmark`, if any.
pub async fn load(benchmark: &str) -> Option<StoredGold> {
    let text = get(benchmark).await.ok()??;
    serde_json::from_str(&text).ok()
}

/// Keeps `gold` for `benchmark`; `Err` says why it could not be kept beyond this visit.
pub async fn save(benchmark: &str, gold: &StoredGold) -> Result<(), String> {
    let text = serde_json::to_string(gold).map_err(|e| e.to_string())?;
    put(benchmark, Some(&text)).await.map_err(|_| {
        "this browser does not allow storing the gold file; it is kept until you leave the page"
            .into()
    })
}

pub async fn forget(benchmark: &str) {
    let _ = put(benchmark, None).await;
}

/// Resolves when `request` succeeds, with its result.
async fn settled(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    JsFuture::from(promise).await?;
    request.result()
}

async fn open() -> Result<IdbDatabase, JsValue> {
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()?
        .ok_or("no IndexedDB")?;
    let request = factory.open_with_u32(DATABASE, 1)?;
    let upgrading = request.clone();
    let on_upgrade = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        if let Ok(database) = upgrading
            .result()
            .map(JsCast::unchecked_into::<IdbDatabase>)
        {
            let _ = database.create_object_store(STORE);
        }
    });
    request.set_onupgradeneeded(Some(on_upgrade.as_ref().unchecked_ref()));
    let database = settled(&request).await;
    request.set_onupgradeneeded(None);
    Ok(database?.unchecked_into())
}

async fn get(key: &str) -> Result<Option<String>, JsValue> {
    let database = open().await?;
    let request = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readonly)?
        .object_store(STORE)?
        .get(&JsValue::from_str(key))?;
    let value = settled(&request).await?.as_string();
    database.close();
    Ok(value)
}

/// Stores `value` under `key`, or deletes the key when `value` is `None`.
async fn put(key: &str, value: Option<&str>) -> Result<(), JsValue> {
    let database = open().await?;
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)?
        .object_store(STORE)?;
    let key = JsValue::from_str(key);
    let request = match value {
        Some(value) => store.put_with_key(&JsValue::from_str(value), &key)?,
        None => store.delete(&key)?,
    };
    settled(&request).await?;
    database.close();
    Ok(())
}
