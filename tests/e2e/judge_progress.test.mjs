// The LLM judge against a slow or silent endpoint: its timeout, its progress and Cancel (issue 34, item 3).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serveDist, launch, openPage, screenshot, until } from './harness.mjs';
import { fakeLlm } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** A fake endpoint where `answer(request, requests)` gives each chat request's answer, or null to hold it
 * unanswered (`fakeLlm`). */
const endpoint = (answer) => fakeLlm(http, answer);

/** The brief check's second example under the LLM judge, the timeout and key set before the endpoint and
 * model, so the first check that calls the endpoint already has them. */
async function judgeBrief(page, url, model, timeout) {
  await page.click('#brief-example-1');
  await page.selectOption('#brief-similarity', 'llm');
  if (timeout) await page.locator('#brief-llm-timeout').fill(timeout);
  await page.locator('#brief-llm-key').fill('sk-e2e');
  await page.locator('#brief-llm-endpoint').fill(url);
  await page.locator('#brief-llm-model').fill(model);
}

/** Until a check has finished with the judge's exchanges listed: its own result, not a previous one kept. */
const judged = (page) => page.waitForFunction(() => {
  const results = document.querySelector('#brief-results');
  return results?.getAttribute('aria-busy') === 'false' && results.querySelector('.llm-exchanges')
    && !results.querySelector('.stale, #brief-cancelled');
});
/** Until the browser has closed `n` unanswered requests to `mock`, however long that takes. */
/** Until `mock` has received `n` requests of `model`: the page shows its progress before the worker's
 * requests have all reached the endpoint, and a request cancelled before it was sent is never closed there. */
const received = (page, mock, model, n) =>
  until(page, async () => mock.requests.filter((r) => r.model === model).length >= n, `${n} requests of ${model}`);
const closedUnanswered = (page, mock, n) =>
  until(page, async () => mock.requests.filter((r) => r.closed).length >= n, `${n} unanswered requests closed`);

test('LLM judge timeout: set in the page, an endpoint that never answers gives "timed out after 1 s" per pair, not retried', async () => {
  const mock = await endpoint(() => null);
  const { page, errors } = await openPage(browser, server.url);
  assert.equal(await page.$('#brief-llm-timeout'), null, 'shown only under the LLM judge');
  await page.selectOption('#brief-similarity', 'llm');
  // The CLI's default (`--timeout 60`), defined once in core.
  assert.equal(await page.inputValue('#brief-llm-timeout'), '60');
  await judgeBrief(page, mock.url, 'judge-silent', '1');
  await judged(page);
  const card = page.locator('#brief-score-l-fresco');
  assert.equal(await card.getAttribute('data-value'), '', 'no score, never a 0');
  assert.match(await card.locator('.null-reason').textContent(), /every LLM judgement failed: timed out after 1 s/);
  await page.click('.llm-exchanges summary');
  assert.match(await page.textContent('.llm-exchanges'), /timed out after 1 s/);
  // Three pairs, one request each: a timed-out request is abandoned (its fetch aborted), not sent again.
  await closedUnanswered(page, mock, 3);
  assert.equal(mock.requests.length, 3);
  assert.ok(mock.requests.every((r) => r.model === 'judge-silent'));
  // The setting is kept with the endpoint and model.
  await page.reload();
  await page.waitForSelector('#brief-llm-timeout');
  assert.equal(await page.inputValue('#brief-llm-timeout'), '1');
  assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await mock.close();
});

test('LLM judge progress and Cancel: "1 of 3 judged" over the previous result, marked; Cancel ends the requests and keeps it', async () => {
  // judge-fast answers every pair; judge-slow answers one and holds the others.
  const mock = await endpoint((request, requests) => {
    if (request.model === 'judge-fast') return 'Same proposition. Yes';
    return requests.filter((r) => r.model === 'judge-slow' && r.answered).length === 0 ? 'Same proposition. Yes' : null;
  });
  const { page, errors } = await openPage(browser, server.url);
  await judgeBrief(page, mock.url, 'judge-fast');
  await judged(page);
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');

  await page.locator('#brief-llm-model').fill('judge-slow');
  await page.waitForFunction(() => /LLM judge: 1 of 3 judged/.test(document.querySelector('#brief-results')?.textContent ?? ''));
  // The previous scores stay on screen while the judge works, marked as such.
  assert.equal(await page.getAttribute('#brief-results', 'aria-busy'), 'true');
  assert.match(await page.textContent('#brief-results .stale-note'), /Previous result — updating/);
  assert.equal(await page.getAttribute('#brief-results .stale #brief-score-l-fresco', 'data-value'), '1');
  assert.equal(await page.getAttribute('#brief-judge-progress', 'value'), '1');
  assert.equal(await page.getAttribute('#brief-judge-progress', 'max'), '3');
  await screenshot(page, 'brief-llm-progress-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#brief-judge-cancel').scrollIntoViewIfNeeded();
  await screenshot(page, 'brief-llm-progress-390');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no horizontal scroll');
  await page.setViewportSize({ width: 1280, height: 720 });

  await received(page, mock, 'judge-slow', 3);
  await page.click('#brief-judge-cancel');
  await page.waitForSelector('#brief-cancelled');
  assert.match(await page.textContent('#brief-cancelled'), /Cancelled: the LLM judge was stopped before it finished\. The previous result/);
  assert.equal(await page.getAttribute('#brief-results', 'aria-busy'), 'false');
  // The previous result, still marked stale: never a 0 nor an empty score for the cancelled check.
  assert.equal(await page.getAttribute('#brief-results .stale #brief-score-l-fresco', 'data-value'), '1');
  assert.equal(await page.$('#brief-judge-progress'), null);
  // The two requests still waiting are ended by the browser.
  await closedUnanswered(page, mock, 2);
  assert.equal(mock.requests.filter((r) => r.model === 'judge-slow').length, 3);
  await screenshot(page, 'brief-llm-cancelled-1280');

  // Checked again, the endpoint now answering: a fresh result, not marked stale.
  await page.locator('#brief-llm-model').fill('judge-fast');
  await judged(page);
  assert.equal(await page.$('#brief-results .stale'), null);
  assert.equal(await page.$('#brief-cancelled'), null);
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await mock.close();
});

test('Cancel before any result: a "cancelled" state with no scores, and Check again runs the same check', async () => {
  let answering = false;
  const mock = await endpoint(() => (answering ? 'Same proposition. Yes' : null));
  const { page, errors } = await openPage(browser, server.url);
  await judgeBrief(page, mock.url, 'judge-held');
  await page.waitForFunction(() => /LLM judge: 0 of 3 judged/.test(document.querySelector('#brief-results')?.textContent ?? ''));
  await received(page, mock, 'judge-held', 3);
  await page.click('#brief-judge-cancel');
  await page.waitForSelector('#brief-cancelled');
  assert.match(await page.textContent('#brief-cancelled'), /Cancelled: the LLM judge was stopped before it finished, so there are no scores/);
  assert.equal(await page.$('#brief-score-l-fresco'), null, 'no score card, never a 0');
  await closedUnanswered(page, mock, 3);
  answering = true;
  await page.click('#brief-check-again');
  await judged(page);
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  assert.equal(await page.$('#brief-cancelled'), null);
  assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await mock.close();
});
