import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a share link reproduces the inputs, settings and numbers, and never holds the API key', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-score-l-fresco');
  const scores = await page.$$eval('.score-card', (els) => els.map((e) => [e.id, e.dataset.value]));
  await page.click('#brief-share');
  const link = await page.waitForSelector('.share-link');
  const url = (await link.getAttribute('href')) ?? (await link.inputValue());
  assert.match(url, /#/);
  const opened = await openPage(browser, url);
  await opened.page.waitForSelector('#brief-score-l-fresco');
  assert.equal(await opened.page.inputValue('#brief-reference'), await page.inputValue('#brief-reference'));
  assert.deepEqual(await opened.page.$$eval('.score-card', (els) => els.map((e) => [e.id, e.dataset.value])), scores);
  assert.deepEqual([...errors, ...opened.errors], []);
});

test('a link made with another embedding model or metric version says its numbers may differ', async () => {
  const payload = {
    view: 'brief', reference: 'The officer is liable. 51 F.3d 1449.', candidate: 'The officer is liable. 51 F.3d 1449.',
    settings: { similarity: 'rougeL', threshold: 0.5, generalized: false },
    metric_version: '0', model_sha256: '0'.repeat(64),
  };
  const { deflateRawSync } = await import('node:zlib');
  const fragment = `v1.${deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
  const { page, errors } = await openPage(browser, `${server.url}#${fragment}`);
  const notice = await page.textContent('#link-notice');
  assert.match(notice, /metric version 0; this page computes version 3/);
  assert.match(notice, /embedding model sha256 000000000000…; this page ships [0-9a-f]{12}…/);
  await page.waitForSelector('#brief-score-l-fresco');
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  assert.deepEqual(errors, []);
});

test('a link opens with the embedding model it was made with; one from before the choice with the fp32 model', async () => {
  const { deflateRawSync } = await import('node:zlib');
  const open = async (settings) => {
    const payload = {
      view: 'brief', reference: 'The officer is liable. 51 F.3d 1449.', candidate: 'The officer is liable. 51 F.3d 1449.',
      settings: { similarity: 'embedding', threshold: 0.77, generalized: false, ...settings }, metric_version: '1',
    };
    const fragment = `v1.${deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
    const { page } = await openPage(browser, `${server.url}#${fragment}`);
    // Only the choice is read: the model need not load for it.
    await page.route('**/models/*.onnx', (route) => route.abort());
    const chosen = await page.inputValue('#brief-embedding-model');
    await page.close();
    return chosen;
  };
  assert.equal(await open({}), 'minilm');
  assert.equal(await open({ embedding_model: 'minilm-int8' }), 'minilm-int8');
  assert.equal(await open({ embedding_model: 'minilm' }), 'minilm');
});

test('a link naming the CLI-only mpnet model opens with the page default and says so in words', async () => {
  const { deflateRawSync } = await import('node:zlib');
  const payload = {
    view: 'brief', reference: 'The officer is liable. 51 F.3d 1449.', candidate: 'The officer is liable. 51 F.3d 1449.',
    settings: { similarity: 'embedding', threshold: 0.77, generalized: false, embedding_model: 'mpnet' },
    metric_version: '1',
  };
  const fragment = `v1.${deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
  const { page } = await openPage(browser, `${server.url}#${fragment}`);
  await page.route('**/models/*.onnx', (route) => route.abort());
  assert.equal(await page.inputValue('#brief-embedding-model'), 'minilm-int8');
  assert.match(await page.textContent('#link-notice'),
    /made with the embedding model MPNet, the paper's model \(437 MB\), which only the command-line tool offers; it opens here with MiniLM int8, compact \(24 MB\)/);
  await page.close();
});

/** A share link made by the page for the Fiduciary example, with the scores it showed. */
async function makeLink() {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-score-l-fresco');
  const scores = await page.$$eval('.score-card', (els) => els.map((e) => [e.id, e.dataset.value]));
  const reference = await page.inputValue('#brief-reference');
  await page.click('#brief-share');
  const url = await page.inputValue('#brief-share-link');
  await page.close();
  return { fragment: url.slice(url.indexOf('#') + 1), scores, reference, errors };
}

const idle = (page) => page.waitForFunction(
  () => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-l-fresco'));

test('a link pasted into an open tab loads, and stays in the address bar until a text is edited', async () => {
  const made = await makeLink();
  const { page, errors } = await openPage(browser, server.url);
  await page.fill('#brief-reference', 'My own reference. See 51 F.3d 1449.');
  await page.fill('#brief-candidate', 'My own candidate. See 51 F.3d 1449.');
  await idle(page);
  await page.evaluate((f) => { location.hash = f; }, made.fragment);
  await page.waitForSelector('#link-notice:not(.error)');
  await page.waitForFunction((text) => document.querySelector('#brief-reference').value === text, made.reference);
  await idle(page);
  assert.deepEqual(await page.$$eval('.score-card', (els) => els.map((e) => [e.id, e.dataset.value])), made.scores);
  // Saving and rescoring do not drop the link; only an edit does. Wait for the save (a moment after the
  // texts changed) to have happened rather than for a time.
  await page.waitForFunction((text) => localStorage.getItem('lexeval.text.brief_reference') === text,
    made.reference);
  assert.equal(await page.evaluate(() => location.hash), `#${made.fragment}`);
  await screenshot(page, 'share-opened-in-tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'share-opened-in-tab-390');
  await page.fill('#brief-candidate', 'An edited candidate.');
  await page.waitForFunction(() => location.hash === '');
  assert.deepEqual([...made.errors, ...errors], []);
});

test('a damaged link says in plain words what is wrong and keeps the texts', async () => {
  const made = await makeLink();
  const { page, errors } = await openPage(browser, server.url);
  await page.fill('#brief-reference', 'My own reference.');
  await page.fill('#brief-candidate', 'My own candidate.');
  for (const [fragment, words] of [
    [made.fragment.slice(0, made.fragment.length / 2), /damaged, most often cut short when it was copied\. Copy the whole link again/],
    ['v2.abc', /not a lexeval share link, or it was made by a newer version/],
  ]) {
    await page.evaluate((f) => { location.hash = f; }, fragment);
    await page.waitForFunction((w) => new RegExp(w).test(document.querySelector('#link-notice.error')?.textContent ?? ''), words.source);
    const notice = await page.textContent('#link-notice');
    assert.match(notice, /^Could not open the share link\. .* Your own texts are unchanged\./);
    assert.doesNotMatch(notice, /Failed|Corrupt|base64|inflate|\(/);
    assert.equal(await page.inputValue('#brief-reference'), 'My own reference.');
    assert.equal(await page.inputValue('#brief-candidate'), 'My own candidate.');
  }
  await screenshot(page, 'share-damaged');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'share-damaged-390');
  assert.deepEqual([...made.errors, ...errors], []);
});

test('the answer check has a share link too: it opens on the Answer tab with the answer and its U-Score', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-answer');
  await page.click('#answer-example-0');
  await page.waitForSelector('#answer-score-u-score');
  const score = await page.getAttribute('#answer-score-u-score', 'data-value');
  await page.click('#answer-share');
  const url = await page.inputValue('#answer-share-link');
  const opened = await openPage(browser, url);
  await opened.page.waitForSelector('#answer-score-u-score');
  assert.equal(await opened.page.getAttribute('#tab-answer', 'aria-selected'), 'true');
  assert.equal(await opened.page.inputValue('#answer-text'), await page.inputValue('#answer-text'));
  assert.equal(await opened.page.getAttribute('#answer-score-u-score', 'data-value'), score);
  assert.doesNotMatch(await opened.page.textContent('#link-notice'), /may differ/);
  await screenshot(opened.page, 'share-answer-opened');
  await opened.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(opened.page, 'share-answer-opened-390');
  assert.deepEqual([...errors, ...opened.errors], []);
});
