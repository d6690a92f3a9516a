import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serveDist, launch, openPage, screenshot, clickHandledWhileBusy } from './harness.mjs';
import { brief, paste, repeatTo, scriptedLlm } from './fixtures.mjs';

// A realistic megabyte brief pair: the two-page brief and its generated version, each repeated to 1 MB
// (thousands of claims, every citation form), scored with every similarity. How long it takes is measured by
// `make bench` (bench/page.py); here only what it computes, and that the page is not the one computing it.
const MEGABYTE = 1_000_000;
const reference = repeatTo(brief.reference, MEGABYTE);
const generated = repeatTo(brief.generated, MEGABYTE);

let server, browser, llm;
before(async () => { server = await serveDist(); browser = await launch(); llm = await scriptedLlm(http); });
after(async () => { await browser?.close(); await server?.close(); await llm?.close(); });

for (const similarity of ['rougeL', 'rouge1', 'rouge2', 'embedding', 'llm']) {
  test(`a realistic 1 MB brief pair with ${similarity} similarity is scored off the main thread`, async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.selectOption('#brief-similarity', similarity);
    if (similarity === 'llm') {
      for (const [name, value] of [['endpoint', llm.url], ['model', 'judge-megabyte']]) {
        await page.fill(`#brief-llm-${name}`, value);
        await page.dispatchEvent(`#brief-llm-${name}`, 'change');
      }
    }
    await paste(page, '#brief-reference', reference);
    await paste(page, '#brief-candidate', generated);
    // The workers score; the page handles a click meanwhile.
    assert.ok(await clickHandledWhileBusy(page, '.app-header h1', '#brief-results[aria-busy=true]'),
      `${similarity}: a click waited for the check to end`);
    await page.waitForFunction(
      () => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
        && document.querySelector('#brief-score-l-fresco'));
    const headline = Number.parseFloat(await page.getAttribute('#brief-score-l-fresco', 'data-value'));
    assert.ok(headline > 0 && headline <= 1, `l-fresco ${headline}`);
    // As `lexeval fresco --json` on one copy: the generated brief cites every authority of the reference.
    assert.equal(await page.getAttribute('#brief-score-citation-recall', 'data-value'), '1');
    // Thousands of pairs: the first rows drawn, the rest on request.
    assert.match(await page.textContent('.show-all'), /Show all \d{4,} pairs/);
    assert.equal((await page.inputValue('#brief-reference')).length, reference.length);
    if (similarity === 'rougeL') await screenshot(page, 'brief-1mb');
    assert.deepEqual(errors, []);
  });
}
