import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage } from './harness.mjs';
import { brief, paste, repeatTo } from './fixtures.mjs';

// How the page draws a result (how fast is `make bench`'s, bench/page.py): a long annotated text in chunks, one
// per animation frame, and a result once, however often a newer check marks it stale.
let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a megabyte annotated text is drawn in chunks, each a block, and drawn in full in the end', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const reference = repeatTo(brief.reference, 1_000_000);
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', repeatTo(brief.generated, 1_000_000));
  await page.waitForSelector('#brief-annotated-reference .annotated-text');
  const chunks = Number(await page.getAttribute('#brief-annotated-reference .annotated-text', 'data-chunks'));
  assert.ok(chunks > 10, `${chunks} chunks`);
  await page.waitForSelector('#brief-annotated-reference .annotated-text[aria-busy=false]');
  const drawn = await page.$$eval('#brief-annotated-reference .annotated-text > .chunk', (els) => ({
    count: els.length,
    display: getComputedStyle(els[0]).display,
    // The text without the authorities' number labels and point marks drawn after citations.
    text: els.map((el) => {
      const copy = el.cloneNode(true);
      copy.querySelectorAll('.auth-label, .point-mark').forEach((label) => label.remove());
      return copy.textContent;
    }).join(''),
  }));
  assert.equal(drawn.count, chunks);
  assert.equal(drawn.display, 'block');
  assert.equal(drawn.text, reference);
  assert.deepEqual(errors, []);
});

test('a brief-sized text is drawn at once, in one chunk', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-0');
  await page.waitForSelector('#brief-annotated-candidate .annotated-text');
  assert.equal(await page.getAttribute('#brief-annotated-candidate .annotated-text', 'data-chunks'), '1');
  assert.equal(await page.getAttribute('#brief-annotated-candidate .annotated-text', 'aria-busy'), 'false');
  assert.deepEqual(errors, []);
});

test('a newer check marks the result on screen stale without drawing it again', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForFunction(() => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-l-fresco'));
  // Count the L-FRESCO cards added to the page while the next check runs and its result is drawn.
  await page.evaluate(() => {
    window.cardsDrawn = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType === 1 && (node.id === 'brief-score-l-fresco' || node.querySelector('#brief-score-l-fresco'))) {
            window.cardsDrawn += 1;
          }
        }
      }
    }).observe(document.querySelector('#brief-results'), { subtree: true, childList: true });
  });
  // The generated text made the reference: L-FRESCO becomes 1.
  assert.notEqual(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  await paste(page, '#brief-candidate', brief.reference);
  await page.waitForFunction(() => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-l-fresco')?.dataset.value === '1');
  // Before, the result was drawn again as stale and then once more: two cards. Now the stale mark is a class,
  // and the new result is drawn over the old one (at most one card added).
  assert.ok(await page.evaluate(() => window.cardsDrawn) <= 1, `${await page.evaluate(() => window.cardsDrawn)} cards drawn`);
  assert.equal(await page.$('#brief-results .stale'), null);
  assert.deepEqual(errors, []);
});
