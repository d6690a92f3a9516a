// Click to scores with embedding similarity, as a user meets it in the page (dist/ from `make wasm`), for
// bench/embed_browser.mjs. One fresh browser context (empty Cache Storage, localStorage and HTTP cache):
//
// 1. cold, at `megabits` Mbit/s (CDP throttling, which covers the workers' fetches): the page is open;
//    the user chooses embedding similarity and pastes the two-page brief. Timed from that moment to the
//    scores shown, with the download (the embedding worker's script and wasm, the model and tokenizer)
//    timed by their responses.
// 2. warm, for each build: a new page of the same profile (the model in Cache Storage, embedding
//    similarity saved in the settings, texts empty) is opened and left `settle_ms` (the user reaching for
//    the paste); then the brief is pasted. Timed from the paste to the scores shown (a paste is scored at
//    once; typing would wait 300 ms); then the generated text edited (its last paragraph removed, pasted
//    over) and scored again.
//
// The embedding worker's `done` replies are recorded (time, texts it had to embed) by a wrapper around
// `Worker` installed before the page's scripts.
import { observeEmbeddingWorker } from '../tests/e2e/harness.mjs';

const MEGABIT = 1e6 / 8;
const DOWNLOADS = /embed_worker[^/]*\.(js|wasm)$|\/models\/[^/]+\.(onnx|json)$/;

// In the page: optionally chooses embedding similarity, puts the texts in the brief's text areas as a
// paste does, and waits until the check has run (busy, then not) with an embedding score shown.
async function pasteAndWait([reference, candidate, chooseEmbedding]) {
  const t0 = performance.now();
  if (chooseEmbedding) {
    const select = document.getElementById('brief-similarity');
    select.value = 'embedding';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const [id, text] of [['brief-reference', reference], ['brief-candidate', candidate]]) {
    const area = document.getElementById(id);
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }
  const results = () => document.getElementById('brief-results');
  const sleep = () => new Promise((r) => setTimeout(r, 5));
  while (results()?.getAttribute('aria-busy') !== 'true') await sleep();
  while (results().getAttribute('aria-busy') !== 'false' || !document.querySelector('#score-embedding-cosine')) await sleep();
  const replies = globalThis.embeddingReplies.filter((r) => r.at >= t0);
  return { ms: performance.now() - t0, computed: replies.reduce((n, r) => n + r.computed, 0), fresco: document.querySelector('#score-l-fresco')?.getAttribute('data-value') };
}

async function setTexts(page, reference, candidate) {
  await page.fill('#brief-reference', reference);
  await page.fill('#brief-candidate', candidate);
}

// Opens the page, waits for the model the saved settings chose to load (the embedding worker's first
// `done`), then `settleMs` more.
async function openLoaded(context, url, settleMs) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('.app-header h1');
  await page.waitForFunction(() => globalThis.embeddingReplies.length > 0, null, { timeout: 120000 });
  const loadedMs = await page.evaluate(() => globalThis.embeddingReplies[0].at);
  await page.waitForTimeout(settleMs);
  return { page, loadedMs };
}

// Leaves the profile with embedding similarity, build `model` loaded (so cached), and no texts saved.
async function saveSettings(page, model) {
  await setTexts(page, '', '');
  await page.selectOption('#brief-similarity', 'embedding');
  const before = await page.evaluate(() => globalThis.embeddingReplies.length);
  await page.selectOption('#brief-embedding-model', model);
  await page.waitForFunction((n) => globalThis.embeddingReplies.length > n, before, { timeout: 300000 }).catch(() => {});
  // The settings are saved 400 ms after the last change.
  await page.waitForTimeout(1000);
  await page.close();
}

async function warm(context, url, { reference, candidate, edited, settleMs }) {
  const { page, loadedMs } = await openLoaded(context, url, settleMs);
  const first = await page.evaluate(pasteAndWait, [reference, candidate, false]);
  const again = await page.evaluate(pasteAndWait, [reference, edited, false]);
  return { page, result: { loaded_ms: loadedMs, ...first, edited_ms: again.ms, edited_computed: again.computed } };
}

export async function clickToScores(browser, url, { reference, candidate, edited, megabits, settleMs }) {
  const context = await browser.newContext();
  await context.addInitScript(observeEmbeddingWorker);
  const finished = [];
  context.on('requestfinished', (request) => {
    if (DOWNLOADS.test(new URL(request.url()).pathname)) finished.push(Date.now());
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('.app-header h1');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions',
      { offline: false, latency: 20, downloadThroughput: megabits * MEGABIT, uploadThroughput: megabits * MEGABIT });
    const clicked = Date.now();
    const cold = await page.evaluate(pasteAndWait, [reference, candidate, true]);
    cold.download_ms = Math.max(...finished) - clicked;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await saveSettings(page, 'minilm');
    const fp32 = await warm(context, url, { reference, candidate, edited, settleMs });
    await saveSettings(fp32.page, 'minilm-int8');
    const int8 = await warm(context, url, { reference, candidate, edited, settleMs });
    await int8.page.close();
    return { cold, warm_fp32: fp32.result, warm_int8: int8.result };
  } finally {
    await context.close();
  }
}
