//! The model files, from Cache Storage when a verified copy is there, else from the server (then cached).
//! Hashing is the browser's (SubtleCrypto, native speed); a copy is cached together with the sha256 it was
//! verified against, so a warm start does not hash 91 MB again. A copy whose sha256 differs is never used.

use crate::protocol::{post, scope, Reply, Stage};
use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, Headers, Response, ResponseInit};

/// Cache Storage bucket; bump when the shipped model changes.
const CACHE_NAME: &str = "lexeval-models-v1";
/// Header of a cached copy: the sha256 it matched when it was stored.
const VERIFIED_SHA256: &str = "x-lexeval-verified-sha256";

/// The bytes of `models/<file>`, which hash to `sha256`; download progress is posted when `report` is set.
pub async fn fetch_verified(file: &str, sha256: &str, report: bool) -> Result<Uint8Array, String> {
    let url = format!("models/{file}");
    let cache = open_cache().await;
    if let Some(cache) = &cache {
        if let Some(bytes) = cached(cache, &url, sha256).await {
            return Ok(bytes);
        }
        let _ = JsFuture::from(cache.delete_with_str(&url)).await;
    }
    let response: Response = JsFuture::from(scope().fetch_with_str(&url))
        .await
        .map_err(|_| format!("cannot download {url}: network error"))?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("cannot download {url}: HTTP {}", response.status()));
    }
    let bytes = read_body(&response, report).await?;
    let actual = sha256_hex(&bytes).await?;
    if !actual.eq_ignore_ascii_case(sha256) {
        return Err(format!(
            "{file} failed its sha256 check: expected {sha256}, got {actual}"
        ));
    }
    if let Some(cache) = &cache {
        store(cache, &url, &bytes, sha256).await;
    }
    Ok(bytes)
}

/// The cached copy of `url` if it was stored as verified against `sha256`, or hashes to it.
async fn cached(cache: &Cache, url: &str, sha256: &str) -> Option<Uint8Array> {
    let hit = JsFuture::from(cache.match_with_str(url)).await.ok()?;
    let response = hit.dyn_into::<Response>().ok()?;
    let verified = response.headers().get(VERIFIED_SHA256).ok().flatten();
    let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
    let bytes = Uint8Array::new(&buffer);
    if verified.is_some_and(|v| v.eq_ignore_ascii_case(sha256)) {
        return Some(bytes);
    }
    let actual = sha256_hex(&bytes).await.ok()?;
    actual.eq_ignore_ascii_case(sha256).then_some(bytes)
}

async fn open_cache() -> Option<Cache> {
    let caches = scope().caches().ok()?;
    JsFuture::from(caches.open(CACHE_NAME))
        .await
        .ok()
        .map(JsCast::unchecked_into)
}

async fn store(cache: &Cache, url: &str, bytes: &Uint8Array, sha256: &str) {
    let Ok(headers) = Headers::new() else {
        return;
    };
    let _ = headers.set(VERIFIED_SHA256, sha256);
    let init = ResponseInit::new();
    init.set_headers(&headers);
    if let Ok(response) = Response::new_with_opt_buffer_source_and_init(Some(&**bytes), &init) {
        let _ = JsFuture::from(cache.put_with_str(url, &response)).await;
    }
}

async fn sha256_hex(bytes: &Uint8Array) -> Result<String, String> {
    let failed = |_| "this browser cannot check the model's sha256".to_string();
    let subtle = scope().crypto().map_err(failed)?.subtle();
    let digest = subtle
        .digest_with_str_and_js_u8_array("SHA-256", bytes)
        .map_err(failed)?;
    let digest = JsFuture::from(digest).await.map_err(failed)?;
    Ok(Uint8Array::new(&digest)
        .to_vec()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Reads a response body chunk by chunk into one array, posting download progress when `report` is set.
async fn read_body(response: &Response, report: bool) -> Result<Uint8Array, String> {
    let failed = |_| "the model download was interrupted".to_string();
    let header = |name: &str| response.headers().get(name).ok().flatten();
    // A host that compresses the file gives the compressed length, while the body reads decompressed:
    // the total is then unknown rather than a percentage past 100.
    let encoded = header("content-encoding").is_some_and(|e| e != "identity");
    let total: u64 = header("content-length")
        .filter(|_| !encoded)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let body = response.body().ok_or("the server sent an empty response")?;
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut chunks = Vec::new();
    let mut received = 0u64;
    let mut last_step = u64::MAX;
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(failed)?;
        if Reflect::get(&chunk, &"done".into())
            .map_err(failed)?
            .is_truthy()
        {
            break;
        }
        let value: Uint8Array = Reflect::get(&chunk, &"value".into())
            .map_err(failed)?
            .unchecked_into();
        received += u64::from(value.length());
        chunks.push(value);
        // A message per percent, or per MB when the total is unknown.
        let step = (received * 100)
            .checked_div(total)
            .unwrap_or(received >> 20);
        if report && step != last_step {
            last_step = step;
            post(&Reply::Progress {
                stage: Stage::Download,
                done: received,
                total,
            });
        }
    }
    let bytes = Uint8Array::new_with_length(
        u32::try_from(received)
            .map_err(|_| "the model is larger than this browser can hold".to_string())?,
    );
    let mut offset = 0;
    for chunk in chunks {
        bytes.set(&chunk, offset);
        offset += chunk.length();
    }
    Ok(bytes)
}
