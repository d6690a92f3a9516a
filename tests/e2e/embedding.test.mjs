import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot, observeWorkers } from './harness.mjs';

// The model (24 MB int8 by default, 91 MB fp32 when chosen) is downloaded, sha256-checked and run by tract in a
// Web Worker: allow it time.

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// The int8 build's pair similarities for the Fiduciary example (`lexeval fresco --similarity embedding
// --embedding-model minilm-int8`); the page shows them to 3 decimals.
const INT8_PAIRS = [0.53207, 0.72350, 0.83265];

const value = async (page, id, view = 'brief') => Number.parseFloat(await page.getAttribute(`#${view}-score-${id}`, 'data-value'));
const close = (actual, expected, tolerance) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected}`);

test('embedding similarity: the model loads in a worker and matches the CLI (tract, onnxruntime parity)', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-score-l-fresco');
  await page.selectOption('#brief-similarity', 'embedding');
  // The progress bar shows while the model loads; the page stays usable meanwhile.
  await page.waitForSelector('.model-progress');
  await page.fill('#brief-reference', await page.inputValue('#brief-reference'));
  await page.waitForFunction(
    () => document.querySelector('#brief-results table.pairs') && !document.querySelector('.model-progress')
      && document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false',
    null);
  // The int8 build by default. Pair similarities as `lexeval fresco --similarity embedding
  // --embedding-model minilm-int8` computes them natively.
  assert.equal(await page.inputValue('#brief-embedding-model'), 'minilm-int8');
  const pairCells = () => page.$$eval('#brief-results table.pairs tbody td.num', (els) => els.map((e) => e.textContent).sort());
  (await pairCells()).forEach((cell, i) => close(Number.parseFloat(cell), INT8_PAIRS[i], 5e-4 + 1e-6));
  // Choosing embedding sets its calibrated threshold 0.77 (as `lexeval fresco --similarity embedding`
  // without --threshold): only the 0.83 pair reaches it.
  assert.equal(await value(page, 'l-fresco'), 1 / 3);
  // Within the int8 build's measured distance of sentence-transformers' 0.87845.
  close(await value(page, 'embedding-cosine'), 0.87845, 3e-3);
  await screenshot(page, 'brief-embedding');

  // The fp32 build on request: sentence-transformers' numbers.
  await page.selectOption('#brief-embedding-model', 'minilm');
  await page.waitForFunction(
    () => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
      && [...document.querySelectorAll('#brief-results table.pairs td.num')].some((td) => td.textContent === '0.536'),
    null);
  assert.deepEqual(await pairCells(), ['0.536', '0.724', '0.831']);
  // Whole-text cosine of the mean claim embeddings; expected from sentence-transformers' encode on onnxruntime.
  close(await value(page, 'embedding-cosine'), 0.87845, 1e-4);

  // Summary check reuses the loaded model: pointwise with cosine point similarity.
  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  await page.selectOption('#summary-similarity', 'embedding');
  await page.waitForFunction(
    () => document.querySelector('#summary-score-pointwise-recall') && !document.querySelector('#summary-results .model-progress')
      && document.querySelector('#summary-results')?.getAttribute('aria-busy') === 'false',
    null);
  // At embedding's calibrated threshold 0.77, as `lexeval pointwise --similarity embedding` computes it.
  close(await value(page, 'pointwise-recall', 'summary'), 0.5, 1e-9);
  close(await value(page, 'pointwise-precision', 'summary'), 0.5, 1e-9);
  close(await value(page, 'embedding-cosine', 'summary'), 0.80984, 1e-3);
  await screenshot(page, 'summary-embedding');
  assert.deepEqual(errors, []);
});

test('the model loads as soon as embedding is chosen; scoring the same texts again embeds nothing new, same numbers', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.addInitScript(observeWorkers);
  await page.goto(server.url);
  await page.waitForSelector('.app-header h1');
  // Choosing embedding similarity with no texts loads the model: the worker answers the page's empty request.
  await page.selectOption('#brief-similarity', 'embedding');
  await page.waitForFunction(() => globalThis.embeddingReplies.length > 0, null);
  assert.deepEqual(await page.evaluate(() => globalThis.embeddingReplies.map(({ texts, computed }) => ({ texts, computed }))),
    [{ texts: 0, computed: 0 }]);
  const settled = () => page.waitForFunction(
    () => document.querySelector('#brief-results table.pairs')
      && document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false',
    null);
  const pairCells = () => page.$$eval('#brief-results table.pairs tbody td.num', (els) => els.map((e) => e.textContent));
  await page.click('#brief-example-1');
  await settled();
  const first = await page.evaluate(() => globalThis.embeddingReplies.at(-1));
  assert.ok(first.texts > 0 && first.computed === first.texts, JSON.stringify(first));
  const cells = await pairCells();
  const fresco = await page.getAttribute('#brief-score-l-fresco', 'data-value');
  // The same claims scored again (a space typed at the end of the reference): all from the worker's cache.
  await page.fill('#brief-reference', `${await page.inputValue('#brief-reference')} `);
  await page.waitForFunction(() => globalThis.embeddingReplies.filter((r) => r.texts > 0).length === 2, null);
  await settled();
  const again = await page.evaluate(() => globalThis.embeddingReplies.at(-1));
  assert.deepEqual(again.texts, first.texts);
  assert.equal(again.computed, 0);
  assert.deepEqual(await pairCells(), cells);
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), fresco);
  assert.deepEqual(errors, []);
  await page.close();
});

test('while the model loads, the previous scores stay, marked stale, until the new result replaces them', async () => {
  const { page, errors } = await openPage(browser, server.url);
  // Hold the model's download until the stale state has been seen.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.context().route('**/models/*.onnx', async (route) => { await held; await route.continue(); });
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-score-l-fresco');
  const rouge = await page.getAttribute('#brief-score-l-fresco', 'data-value');
  await page.selectOption('#brief-similarity', 'embedding');
  await page.waitForSelector('#brief-results .stale #brief-score-l-fresco');
  assert.equal(await page.getAttribute('#brief-results', 'aria-busy'), 'true');
  assert.equal(await page.textContent('#brief-results .stale-note'), 'Previous result — updating…');
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), rouge);
  await screenshot(page, 'embedding-stale');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'embedding-stale-390');
  await page.setViewportSize({ width: 1280, height: 720 });
  release();
  // The progress bar shows together with the stale scores.
  await page.waitForSelector('#brief-results .model-progress + .stale');
  await page.waitForFunction(
    () => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false',
    null);
  assert.equal(await page.$('#brief-results .stale, #brief-results .stale-note'), null);
  // The pairs are the (int8) embedding's now (L-FRESCO 1/3; ROUGE-L's was 2/3).
  const cells = await page.$$eval('#brief-results table.pairs tbody td.num', (els) => els.map((e) => e.textContent));
  cells.sort().forEach((cell, i) => close(Number.parseFloat(cell), INT8_PAIRS[i], 5e-4 + 1e-6));
  assert.deepEqual(errors, []);
});

test('a model that cannot be downloaded gives a clear message and keeps the texts', async () => {
  const { page } = await openPage(browser, server.url);
  await page.context().route('**/models/*.onnx', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.click('#brief-example-1');
  const typed = await page.inputValue('#brief-reference');
  await page.selectOption('#brief-similarity', 'embedding');
  await page.waitForSelector('#brief-results .error');
  assert.match(await page.textContent('#brief-results .error'), /embedding similarity unavailable: cannot download models\/all-MiniLM-L6-v2\.int8\.onnx: HTTP 404/);
  assert.equal(await page.inputValue('#brief-reference'), typed);
});
