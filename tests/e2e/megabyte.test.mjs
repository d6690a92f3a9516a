import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';
import { brief, paste, repeatTo, scriptedLlm } from './fixtures.mjs';

// A realistic megabyte brief pair: the two-page brief and its generated version, each repeated to 1 MB
// (thousands of claims, every citation form), scored with every similarity.
const MEGABYTE = 1_000_000;
const reference = repeatTo(brief.reference, MEGABYTE);
const generated = repeatTo(brief.generated, MEGABYTE);

let server, browser, llm;
before(async () => { server = await serveDist(); browser = await launch(); llm = await scriptedLlm(http); });
after(async () => { await browser?.close(); await server?.close(); await llm?.close(); });

/** How long a zero-delay timer set now takes to fire: the main thread's responsiveness. */
const timerLag = (page) => page.evaluate(() => new Promise((resolve) => {
  const start = performance.now();
  setTimeout(() => resolve(performance.now() - start), 0);
}));

for (const similarity of ['rougeL', 'rouge1', 'rouge2', 'embedding', 'llm']) {
  // The first embedding run downloads and prepares the model (the 24 MB int8 build by default).
  const limit = similarity === 'embedding' ? 240000 : 60000;
  test(`a realistic 1 MB brief pair with ${similarity} similarity is scored off the main thread`, { timeout: limit + 30000 }, async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.selectOption('#brief-similarity', similarity);
    if (similarity === 'llm') {
      for (const [name, value] of [['endpoint', llm.url], ['model', 'judge-megabyte']]) {
        await page.fill(`#brief-llm-${name}`, value);
        await page.dispatchEvent(`#brief-llm-${name}`, 'change');
      }
    }
    const start = Date.now();
    await paste(page, '#brief-reference', reference);
    await paste(page, '#brief-candidate', generated);
    await page.waitForSelector('#brief-results[aria-busy=true]');
    // While the workers score, the page answers: a timer set now fires without waiting for scoring.
    for (let i = 0; i < 3; i += 1) {
      const lag = await timerLag(page);
      assert.ok(lag < 250, `${similarity}: main thread blocked for ${lag} ms`);
      if (await page.getAttribute('#brief-results', 'aria-busy') !== 'true') break;
      await page.waitForTimeout(200);
    }
    await page.waitForFunction(
      () => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
        && document.querySelector('#score-l-fresco'),
      null, { timeout: limit });
    const seconds = (Date.now() - start) / 1000;
    console.log(`1 MB brief pair, ${similarity}: scores shown ${seconds.toFixed(1)} s after the paste`);
    if (similarity.startsWith('rouge')) {
      assert.ok(seconds < 10, `${similarity}: ${seconds} s`);
    }
    const headline = Number.parseFloat(await page.getAttribute('#score-l-fresco', 'data-value'));
    assert.ok(headline > 0 && headline <= 1, `l-fresco ${headline}`);
    // As `lexeval fresco --json` on one copy: the generated brief cites every authority of the reference.
    assert.equal(await page.getAttribute('#score-citation-recall', 'data-value'), '1');
    // Thousands of pairs: the first rows drawn, the rest on request.
    assert.match(await page.textContent('.show-all'), /Show all \d{4,} pairs/);
    assert.equal((await page.inputValue('#brief-reference')).length, reference.length);
    if (similarity === 'rougeL') await screenshot(page, 'brief-1mb');
    assert.deepEqual(errors, []);
  });
}
