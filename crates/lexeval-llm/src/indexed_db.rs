//! The page's persistent response cache in IndexedDB (database `lexeval-llm`, store `responses`: cache key →
//! raw answer; never the API key, which is not part of the cache key either). The client's cache is
//! synchronous, so the answers to a batch of prompts are read before it runs and new answers are written in
//! the background. Without IndexedDB (private windows, blocked storage) answers are cached for the batch only.

use crate::cache::{MemoryCache, ResponseCache};
use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransactionMode};

const DATABASE: &str = "lexeval-llm";
const STORE: &str = "responses";

pub struct IndexedDbCache {
    memory: MemoryCache,
}

impl IndexedDbCache {
    /// A cache holding the stored answers among `keys`.
    pub async fn load(keys: &[String]) -> IndexedDbCache {
        let memory = MemoryCache::default();
        if let Ok(found) = read(keys).await {
            for (key, answer) in found {
                memory.put(&key, &answer);
            }
        }
        IndexedDbCache { memory }
    }
}

impl ResponseCache for IndexedDbCache {
    fn get(&self, key: &str) -> Option<String> {
        self.memory.get(key)
    }

    fn put(&self, key: &str, answer: &str) {
        self.memory.put(key, answer);
        let (key, answer) = (key.to_string(), answer.to_string());
        // A failed write only loses caching.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = write(&key, &answer).await;
        });
    }
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
    let factory = crate::global::indexed_db()?;
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

/// The stored (key, answer) pairs among `keys`.
async fn read(keys: &[String]) -> Result<Vec<(String, String)>, JsValue> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let database = open().await?;
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readonly)?
        .object_store(STORE)?;
    // Every request is made while the transaction is active, then awaited.
    let requests = keys
        .iter()
        .map(|key| store.get(&JsValue::from_str(key)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut found = Vec::new();
    for (key, request) in keys.iter().zip(requests) {
        if let Some(answer) = settled(&request).await?.as_string() {
            found.push((key.clone(), answer));
        }
    }
    database.close();
    Ok(found)
}

async fn write(key: &str, answer: &str) -> Result<(), JsValue> {
    let database = open().await?;
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)?
        .object_store(STORE)?;
    let request = store.put_with_key(&JsValue::from_str(answer), &JsValue::from_str(key))?;
    settled(&request).await?;
    database.close();
    Ok(())
}
