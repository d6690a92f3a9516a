import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const value = (page, id) => page.getAttribute(`#${id}`, 'data-value');

function tempFile(name, contents) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-')), name);
  fs.writeFileSync(file, contents);
  return file;
}

test('answer check: U-Score of the examples with cue phrases marked', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-answer');
  await page.click('#answer-example-0');
  await page.waitForSelector('#answer-score-u-score');
  const hedged = Number(await value(page, 'answer-score-u-score'));
  assert.ok(await page.$$eval('.annotated-text .cue-hedging', (els) => els.length) > 0);
  await page.click('#answer-example-1');
  await page.waitForFunction((h) => Number(document.querySelector('#answer-score-u-score').dataset.value) < h, hedged);
  await screenshot(page, 'answer');
  assert.deepEqual(errors, []);
});

test('summary check: identical summaries score pointwise recall and precision 1', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  const text = 'The court held the officer liable. The claim was dismissed. Costs were awarded to the plaintiff.';
  await page.fill('#summary-reference', text);
  await page.fill('#summary-candidate', text);
  await page.waitForFunction(() => document.querySelector('#summary-score-pointwise-recall')?.dataset.value === '1');
  assert.equal(await value(page, 'summary-score-pointwise-precision'), '1');
  assert.ok(await page.$('.heatmap'));
  await screenshot(page, 'summary');
  assert.deepEqual(errors, []);
});

test('benchmarks: a ROUGE pairs upload is scored; junk JSONL names the bad line', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', 'rouge-pairs');
  const pairs = tempFile('pairs.jsonl', [
    { reference: 'the cat sat on the mat', candidate: 'the cat sat on the mat' },
    { reference: 'officers are liable', candidate: 'officers are liable' },
  ].map((p) => JSON.stringify(p)).join('\n'));
  await page.setInputFiles('#bench-file', pairs);
  await page.waitForSelector('#score-rouge1');
  assert.equal(await value(page, 'score-rouge1'), '1');
  const junk = tempFile('junk.jsonl', '{"reference": "a", "candidate": "b"}\nnot json at all\n');
  await page.setInputFiles('#bench-file', junk);
  await page.waitForSelector('#bench-results .error');
  assert.match(await page.textContent('#bench-results .error'), /line 2/);
  await screenshot(page, 'benchmarks');
  assert.deepEqual(errors, []);
});

test('a reload right after typing keeps the text (saved on pagehide, not only after the save delay)', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const typed = 'The officer lacked reasonable suspicion. Terry v. Ohio, 392 U.S. 1, 21 (1968).';
  await page.fill('#brief-reference', typed);
  await page.reload();
  await page.waitForSelector('#brief-reference');
  assert.equal(await page.inputValue('#brief-reference'), typed);
  assert.deepEqual(errors, []);
});

test('each text is saved under its own key, and only when it changed (a megabyte text is not rewritten for an edit of the other)', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const reference = 'The officer lacked reasonable suspicion. Terry v. Ohio, 392 U.S. 1, 21 (1968).';
  await page.fill('#brief-reference', reference);
  await page.fill('#brief-candidate', 'A first draft.');
  await page.waitForFunction(([r, c]) => localStorage.getItem('lexeval.text.brief_reference') === r
    && localStorage.getItem('lexeval.text.brief_candidate') === c, [reference, 'A first draft.']);
  // From now on, every storage write is recorded.
  await page.evaluate(() => {
    window.writes = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) { window.writes.push(key); return setItem.call(this, key, value); };
  });
  await page.fill('#brief-candidate', 'A second draft.');
  await page.waitForFunction(() => localStorage.getItem('lexeval.text.brief_candidate') === 'A second draft.');
  assert.deepEqual(await page.evaluate(() => window.writes), ['lexeval.text.brief_candidate']);
  // The settings are saved apart, without the texts.
  await page.selectOption('#brief-similarity', 'rouge1');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('lexeval.state.v1') ?? '{}')
    .settings?.similarity === 'rouge1');
  const settings = JSON.parse(await page.evaluate(() => localStorage.getItem('lexeval.state.v1')));
  assert.equal(settings.brief_reference, undefined);
  assert.deepEqual(errors, []);
});

test('texts an earlier version saved inside the settings are read, and kept when the settings are saved again', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const earlier = { view: 'brief', brief_reference: 'An earlier reference. Terry v. Ohio, 392 U.S. 1 (1968).',
    brief_candidate: 'An earlier draft.', summary_reference: '', summary_candidate: '', answer: 'An answer.' };
  await page.evaluate((blob) => { localStorage.clear(); localStorage.setItem('lexeval.state.v1', blob); },
    JSON.stringify(earlier));
  await page.reload();
  await page.waitForSelector('#brief-reference');
  assert.equal(await page.inputValue('#brief-reference'), earlier.brief_reference);
  assert.equal(await page.inputValue('#brief-candidate'), earlier.brief_candidate);
  // A setting changed rewrites the settings without the texts; the texts are still there after a reload.
  await page.selectOption('#brief-similarity', 'rouge2');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('lexeval.state.v1') ?? '{}')
    .settings?.similarity === 'rouge2');
  await page.reload();
  await page.waitForSelector('#brief-reference');
  assert.equal(await page.inputValue('#brief-reference'), earlier.brief_reference);
  assert.equal(await page.inputValue('#brief-candidate'), earlier.brief_candidate);
  await page.click('#tab-answer');
  assert.equal(await page.inputValue('#answer-text'), earlier.answer);
  assert.deepEqual(errors, []);
});
