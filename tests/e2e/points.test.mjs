// The summary check's points extracted by the LLM (pointwise Step 1, Tan et al. §5.2.1; issue 35 item 4): the
// "Points" choice, its exchanges shown, exported and cached, the choice in share links, and an endpoint that
// fails leaving the scores "—" with the reason, never 0 nor the sentences.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { serveDist, launch, openPage, screenshot, until } from './harness.mjs';
import { cliBinary, fakeLlm, fixture } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const REFERENCE = 'The court held the officer liable and the claim was dismissed.\n\nCosts were awarded to the plaintiff.';
const CANDIDATE = 'The court held the officer liable and costs were awarded to the plaintiff.';

/** A fake endpoint that extracts points by splitting the prompt's paragraph on " and "; `fail` answers every
 * request HTTP 500 instead. */
const endpoint = ({ fail = false } = {}) => fakeLlm(http, ({ prompt }) => {
  if (fail) return { status: 500, text: 'model crashed' };
  const paragraph = prompt.slice(prompt.lastIndexOf('Paragraph: ') + 'Paragraph: '.length).trim();
  return paragraph.split(' and ').map((point) => `- ${point}`).join('\n');
});

/** The summary check of the two texts with the LLM's points from `url`'s `model`. */
async function llmPoints(page, url, model) {
  await page.click('#tab-summary');
  await page.fill('#summary-reference', REFERENCE);
  await page.fill('#summary-candidate', CANDIDATE);
  await page.selectOption('#summary-points', 'llm');
  await page.locator('#summary-llm-endpoint').fill(url);
  await page.locator('#summary-llm-model').fill(model);
}

/** Until a check has finished with the LLM's exchanges listed: its own result, not a previous one kept. */
const extracted = (page) => page.waitForFunction(() => {
  const results = document.querySelector('#summary-results');
  return results?.getAttribute('aria-busy') === 'false' && results.querySelector('.llm-exchanges')
    && !results.querySelector('.stale');
});

const referencePoints = (page) => page.$$eval('#summary-results table.pairs tbody tr td:first-child', (els) => els.map((e) => e.textContent));
const cards = (page) => page.$$eval('#summary-results .score-card', (els) => els.map((e) => [e.id, e.dataset.value]));

/** The LLM answers the page cached in IndexedDB. */
const cachedAnswers = (page) => page.evaluate(() => new Promise((resolve, reject) => {
  const open = indexedDB.open('lexeval-llm');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const all = open.result.transaction('responses').objectStore('responses').getAll();
    all.onsuccess = () => resolve(all.result);
  };
}));

test('Points "Extracted by the LLM": one prompt per paragraph, the LLM\'s points scored as the CLI scores them, exchanges shown, exported and cached, the choice in the share link', async () => {
  const mock = await endpoint();
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  assert.equal(await page.inputValue('#summary-points'), 'sentences', 'the sentences by default');
  assert.equal(await page.$('#summary-llm-endpoint'), null, 'no LLM fields until the LLM is chosen');
  // The sentences first: two reference points.
  await page.fill('#summary-reference', REFERENCE);
  await page.fill('#summary-candidate', CANDIDATE);
  await page.waitForSelector('#summary-score-pointwise-recall');
  assert.deepEqual(await referencePoints(page),
    ['The court held the officer liable and the claim was dismissed.', 'Costs were awarded to the plaintiff.']);

  // The LLM chosen without an endpoint: said so, as for the judge.
  await page.selectOption('#summary-points', 'llm');
  await page.waitForSelector('#summary-results .error');
  assert.match(await page.textContent('#summary-results .error'),
    /point extraction by the LLM needs an endpoint URL and a model name \(see the LLM settings\)/);
  assert.match(await page.textContent('.llm-panel h3'), /LLM \(extracts the points\)/);

  await llmPoints(page, mock.url, 'points-and');
  await extracted(page);
  // Two paragraphs of the reference and one of the candidate: three prompts, each asked once.
  assert.equal(mock.prompts.length, 3);
  assert.ok(mock.prompts.every((p) => /Split the following paragraph/.test(p)));
  assert.deepEqual(await referencePoints(page),
    ['The court held the officer liable', 'the claim was dismissed.', 'Costs were awarded to the plaintiff.']);
  assert.match(await page.textContent('#summary-results .llm-exchanges summary'), /\(3\)/);
  await page.click('#summary-results .llm-exchanges summary');
  assert.match(await page.textContent('#summary-results .llm-exchanges'), /- the claim was dismissed\./);
  await screenshot(page, 'summary-llm-points-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#summary-points').scrollIntoViewIfNeeded();
  await screenshot(page, 'summary-llm-points-390');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no horizontal scroll');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The same numbers as `lexeval pointwise --points llm` against the same endpoint (asynchronously: the
  // endpoint answers from this process).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-points-'));
  fs.writeFileSync(path.join(dir, 'r.txt'), REFERENCE);
  fs.writeFileSync(path.join(dir, 'c.txt'), CANDIDATE);
  const { stdout } = await promisify(execFile)(cliBinary(), ['pointwise', '--points', 'llm', '-r', path.join(dir, 'r.txt'),
    '-c', path.join(dir, 'c.txt'), '--endpoint', mock.url, '--model', 'points-and', '--json']);
  const cli = JSON.parse(stdout);
  for (const name of ['pointwise_recall', 'pointwise_precision', 'pointwise_f1']) {
    const expected = cli.scores.find((s) => s.name === name).value;
    assert.equal(Number(await page.getAttribute(`#summary-score-${name.replace('_', '-')}`, 'data-value')), expected, name);
  }
  assert.equal(cli.scores.find((s) => s.name === 'pointwise_precision').value, 1);

  // The exported report records the choice, the LLM and every exchange, as the CLI's does.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#summary-export')]);
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  const pointwise = exported.reports[0];
  assert.equal(pointwise.settings.points, 'llm');
  assert.equal(pointwise.details.llm.model, 'points-and');
  assert.deepEqual(pointwise.details.llm_exchanges.map((e) => e.answer), cli.details.llm_exchanges.map((e) => e.answer));
  assert.equal(exported.input.settings.points, 'llm');

  // Cached like every judgement: once the answers are in IndexedDB, a reload scores without the endpoint.
  await until(page, async () => (await cachedAnswers(page)).filter((a) => a.startsWith('- ')).length >= 3,
    'three points answers cached');
  await page.waitForFunction(() => {
    const saved = JSON.parse(localStorage.getItem('lexeval.state.v1') ?? '{}');
    return saved.settings?.points === 'llm' && saved.llm?.model === 'points-and';
  });
  const asked = mock.prompts.length;
  const scores = await cards(page);
  await page.reload();
  assert.equal(await page.inputValue('#summary-points'), 'llm', 'the choice is saved');
  await extracted(page);
  assert.equal(mock.prompts.length, asked, 'the reload was answered from IndexedDB');
  assert.deepEqual(await cards(page), scores);

  // The share link carries the choice.
  await page.click('#summary-share');
  const link = await page.inputValue('#summary-share-link');
  const opened = await openPage(browser, link);
  assert.equal(await opened.page.inputValue('#summary-points'), 'llm');
  assert.equal(await opened.page.inputValue('#summary-llm-endpoint'), mock.url);
  await extracted(opened.page);
  assert.deepEqual(await cards(opened.page), scores);
  assert.deepEqual([...errors, ...opened.errors], []);
  await opened.page.close();
  await mock.close();
});

test('Points by the LLM with an endpoint that fails: every pointwise score "—" with the reason, the failed exchanges listed', async () => {
  const mock = await endpoint({ fail: true });
  const { page, errors } = await openPage(browser, server.url);
  await llmPoints(page, mock.url, 'points-down');
  await extracted(page);
  for (const id of ['pointwise-recall', 'pointwise-precision', 'pointwise-f1']) {
    const card = page.locator(`#summary-score-${id}`);
    assert.equal(await card.getAttribute('data-value'), '', `${id}: no score, never a 0`);
    assert.equal(await card.locator('.value').textContent(), '—');
    assert.match(await card.locator('.null-reason').textContent(),
      /^the reference summary's points could not be extracted by the LLM \(paragraph 1\): the endpoint answered HTTP 500: model crashed/);
  }
  // Never the sentences instead: no point was matched.
  assert.deepEqual(await referencePoints(page), []);
  await page.click('#summary-results .llm-exchanges summary');
  assert.match(await page.textContent('#summary-results .llm-exchanges summary'), /\(3\)/);
  assert.match(await page.textContent('#summary-results .llm-exchanges'), /\(error\) the endpoint answered HTTP 500: model crashed/);
  await screenshot(page, 'summary-llm-points-failed-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#summary-score-pointwise-recall').scrollIntoViewIfNeeded();
  await screenshot(page, 'summary-llm-points-failed-390');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no horizontal scroll');
  assert.deepEqual(errors.filter((e) => !/Failed to load resource|status of 500/.test(e)), []);
  await mock.close();
});

test('a summary link made before the points choice opens with the sentences', async () => {
  const link = fs.readFileSync(fixture('compat/summary-llm.link.txt'), 'utf8').trim();
  const { page } = await openPage(browser, `${server.url}#${link}`);
  // Only the choice is read: the link's LLM judge need not answer for it.
  await page.route('**/chat/completions', (route) => route.abort());
  assert.equal(await page.inputValue('#summary-points'), 'sentences');
  await page.close();
});
