import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

const KEY = 'sk-e2e-SECRET-42';
let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** A scripted OpenAI-compatible endpoint on the page's own origin (the score worker calls it); records what it
 * was sent. */
async function scriptedEndpoint(page, content) {
  const seen = [];
  await page.context().route('**/v1/chat/completions', async (route) => {
    const request = route.request();
    seen.push({ auth: await request.headerValue('authorization'), body: request.postDataJSON() });
    await route.fulfill({ status: 200, contentType: 'application/json',
      body: JSON.stringify({ choices: [{ message: { content } }] }) });
  });
  return seen;
}

/** Chooses the LLM judge and types its fields; they apply as typed, with no blur or Enter (no `change`). */
async function chooseLlm(page, model = 'judge-1') {
  await page.selectOption('#brief-similarity', 'llm');
  for (const [name, value] of [['endpoint', `${server.url}v1`], ['model', model], ['key', KEY]]) {
    await page.locator(`#brief-llm-${name}`).fill(value);
  }
}

test('LLM judge: pairs judged by the endpoint, prompts and answers shown, the key only in the header', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const seen = await scriptedEndpoint(page, 'Both claims say an officer controlling plan assets is a fiduciary. Yes');
  await page.click('#brief-example-1');
  await chooseLlm(page);
  await page.waitForFunction(() => document.querySelector('.llm-exchanges'));
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  // Three reference claims share an authority with a generated claim: three distinct pairs, one call each.
  assert.equal(seen.length, 3);
  assert.ok(seen.every((s) => s.auth === `Bearer ${KEY}` && s.body.model === 'judge-1'));
  assert.match(seen[0].body.messages[0].content, /Reference claim|reference/i);
  assert.match(await page.textContent('.llm-exchanges summary'), /\(3\)/);
  await page.click('.llm-exchanges summary');
  assert.match(await page.textContent('.llm-exchanges'), /fiduciary\. Yes/);
  await screenshot(page, 'brief-llm');
  // Never in the share link, the exported report or localStorage (remember is off).
  await page.click('#brief-share');
  const link = await page.waitForSelector('.share-link');
  const url = (await link.getAttribute('href')) ?? (await link.inputValue());
  assert.ok(!url.includes(KEY));
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  assert.ok(!stored.includes(KEY));
  assert.ok(!(await page.content()).includes(KEY), 'the key is not in the rendered page');
  assert.deepEqual(errors, []);
});

test('LLM judge: a junk answer is a per-pair error, not a crash; missing endpoint is explained', async () => {
  const { page } = await openPage(browser, server.url);
  await scriptedEndpoint(page, 'I cannot decide.');
  await page.click('#brief-example-1');
  await page.selectOption('#brief-similarity', 'llm');
  await page.waitForSelector('#brief-results .error');
  assert.match(await page.textContent('#brief-results .error'), /needs an endpoint URL and a model name/);
  // Its own model name: the answers other tests cached in IndexedDB belong to another cache key.
  await chooseLlm(page, 'judge-junk');
  await page.waitForFunction(() => document.querySelector('.llm-exchanges'));
  await page.click('.llm-exchanges summary');
  assert.match(await page.textContent('.llm-exchanges'), /\(error\)/);
  assert.ok((await page.inputValue('#brief-reference')).length > 100);
});

test('LLM answers persist in IndexedDB: a reload scores again without calling the endpoint, and no key is stored', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const seen = await scriptedEndpoint(page, 'Same proposition. Yes');
  await page.click('#brief-example-1');
  await chooseLlm(page, 'judge-cached');
  await page.waitForFunction(() => document.querySelector('.llm-exchanges'));
  assert.equal(seen.length, 3);
  // The write is in the background: wait until the three answers are stored.
  const stored = () => page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('lexeval-llm');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction('responses').objectStore('responses');
      const all = store.getAll();
      const keys = store.getAllKeys();
      all.onsuccess = () => keys.onsuccess = () => resolve({ keys: keys.result, answers: all.result });
    };
  }));
  // IndexedDB writes land in the background: poll until they have, however long (the hang guard bounds it).
  let cached = await stored();
  while (cached.answers.filter((a) => a === 'Same proposition. Yes').length < 3) {
    await page.waitForTimeout(100);
    cached = await stored();
  }
  assert.equal(cached.answers.filter((a) => a === 'Same proposition. Yes').length, 3);
  assert.ok(!JSON.stringify(cached).includes(KEY), 'the API key is not in the cache');
  assert.ok(cached.keys.every((k) => /^[0-9a-f]{64}$/.test(k)));

  await page.reload();
  // A reload fetches and compiles the page's wasm again: slow when the native suite shares the cores.
  await page.waitForFunction(() => document.querySelector('.llm-exchanges'), null);
  assert.equal(seen.length, 3, 'the reload was answered from IndexedDB');
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  assert.deepEqual(errors, []);
});

test('summary check with the LLM judge: top candidates by cosine asked (A.4), ties broken by the LLM (A.5)', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const seen = [];
  await page.context().route('**/v1/chat/completions', async (route) => {
    const prompt = route.request().postDataJSON().messages[0].content;
    seen.push(prompt);
    const content = /closest reference point/.test(prompt) ? 'The first one is closest. 1' : 'Same step. Yes';
    await route.fulfill({ status: 200, contentType: 'application/json',
      body: JSON.stringify({ choices: [{ message: { content } }] }) });
  });
  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  await page.selectOption('#summary-similarity', 'llm');
  for (const [name, value] of [['endpoint', `${server.url}v1`], ['model', 'judge-points'], ['key', KEY]]) {
    await page.locator(`#summary-llm-${name}`).fill(value);
  }
  // The model loads for the cosine pre-selection, then the endpoint judges.
  await page.waitForFunction(() => document.querySelector('#summary-results .llm-exchanges')
    && document.querySelector('#summary-results').getAttribute('aria-busy') === 'false', null);
  // 4 reference × 4 generated points, all within the top 5: 16 questions, all Yes; then three tie-breaks
  // (each answered "1") before the last pair is forced: every point on both sides assigned.
  assert.equal(seen.filter((p) => !/closest reference point/.test(p)).length, 16);
  assert.equal(seen.filter((p) => /closest reference point/.test(p)).length, 3);
  assert.equal(await page.getAttribute('#summary-score-pointwise-recall', 'data-value'), '1');
  assert.equal(await page.getAttribute('#summary-score-pointwise-precision', 'data-value'), '1');
  assert.match(await page.textContent('#summary-results .llm-exchanges summary'), /\(19\)/);
  await screenshot(page, 'summary-llm');
  assert.deepEqual(errors, []);
});

test('the match threshold is hidden under the LLM judge and comes back at the next similarity\'s default', async () => {
  const { page, errors } = await openPage(browser, server.url);
  assert.equal(await page.inputValue('#brief-threshold'), '0.4');
  await page.selectOption('#brief-similarity', 'llm');
  await page.waitForSelector('#brief-threshold', { state: 'detached' });
  await page.selectOption('#brief-similarity', 'rouge2');
  assert.equal(await page.inputValue('#brief-threshold'), '0.26');
  assert.deepEqual(errors, []);
});

/** Brief example 1 judged by an endpoint that `answer`s every request; the L-FRESCO card once scored. */
async function briefAgainst(page, model, answer) {
  await page.context().route('**/v1/chat/completions', answer);
  await page.click('#brief-example-1');
  const texts = [await page.inputValue('#brief-reference'), await page.inputValue('#brief-candidate')];
  await chooseLlm(page, model);
  await page.waitForSelector('#brief-score-l-fresco');
  // Whatever the endpoint did, the texts the user typed stay.
  assert.deepEqual([await page.inputValue('#brief-reference'), await page.inputValue('#brief-candidate')], texts);
  return page.locator('#brief-score-l-fresco');
}

test('endpoint failures say which: unreachable (down or CORS), an HTTP error, an unreadable answer', async () => {
  const cases = [
    ['judge-down', (route) => route.abort(),
      /every LLM judgement failed: could not reach the endpoint \(the server is down, or it does not allow this page's origin — CORS\)/],
    ['judge-500', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream model crashed' }),
      /every LLM judgement failed: the endpoint answered HTTP 500: upstream model crashed/],
    ['judge-junk', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Welcome to nginx!</html>' }),
      /every LLM judgement failed: unreadable answer from the endpoint \(not an OpenAI-compatible chat completion\): not JSON .*Welcome to nginx/],
  ];
  for (const [model, answer, reason] of cases) {
    const { page, errors } = await openPage(browser, server.url);
    const card = await briefAgainst(page, model, answer);
    assert.equal(await card.getAttribute('data-value'), '');
    assert.match(await card.locator('.null-reason').textContent(), reason);
    await page.click('.llm-exchanges summary');
    assert.match(await page.textContent('.llm-exchanges'), reason.source.includes('HTTP 500') ? /HTTP 500/ : /\(error\)/);
    if (model === 'judge-down') await screenshot(page, 'brief-llm-unreachable');
    // The junk body is shown as text, never parsed as HTML.
    assert.equal(await page.$('.score-card html, .llm-exchanges html'), null);
    assert.deepEqual(errors.filter((e) => !/Failed to load resource|ERR_FAILED|status of 500/.test(e)), []);
    await page.close();
  }
});

test('a partial failure keeps its number and says on the card what was left out', async () => {
  const { page } = await openPage(browser, server.url);
  let failing;
  const card = await briefAgainst(page, 'judge-partial', async (route) => {
    const prompt = route.request().postDataJSON().messages[0].content;
    failing ??= prompt;
    if (prompt === failing) await route.fulfill({ status: 503, body: 'overloaded' });
    else await route.fulfill({ status: 200, contentType: 'application/json',
      body: JSON.stringify({ choices: [{ message: { content: 'Same proposition. Yes' } }] }) });
  });
  assert.equal(await card.getAttribute('data-value'), '1');
  assert.match(await card.locator('.note').textContent(), /over 2 of 3 reference pairs: 1 \w+ judgement failed \(first: the endpoint answered HTTP 503: overloaded\)/);
  // The headline is the range a full judgement would lie in, not 1.000 as if all three were judged.
  assert.equal(await card.locator('.value').textContent(), '0.667–1.000');
  assert.match(await card.locator('.bounds').textContent(), /0\.667 if every undecided item is a miss, 1\.000 if every one is a hit; 1\.000 over the decided items alone/);
  await screenshot(page, 'brief-llm-partial');
});
