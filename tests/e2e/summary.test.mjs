import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const value = async (page, id) => Number.parseFloat(await page.getAttribute(`#score-${id}`, 'data-value'));
const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

test('pointwise: one of two reference points covered, weighted by its lemmas', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  await page.fill('#summary-reference', 'The court held the officer liable. The claim was dismissed.');
  await page.fill('#summary-candidate', 'The court held the officer liable.');
  await page.waitForSelector('#score-pointwise-recall');
  // A.3 weights: 6 and 4 lemmas of 10 → the covered point weighs 0.6; the second point's best ROUGE-1 is
  // 0.2 < 0.5. Precision 1/1, F1 = 2·0.6·1 / 1.6 = 0.75.
  close(await value(page, 'pointwise-recall'), 0.6);
  close(await value(page, 'pointwise-precision'), 1);
  close(await value(page, 'pointwise-f1'), 0.75);
  const rows = await page.$$eval('table.pairs tbody tr', (els) => els.map((e) => e.textContent));
  assert.equal(rows.length, 2);
  assert.match(rows[0], /weight 0\.600/);
  assert.match(rows[1], /no match/);
  // The heatmap outlines the one assigned cell.
  assert.ok(await page.$('#summary-results svg'));
  await screenshot(page, 'summary-worked');
  assert.deepEqual(errors, []);
});

test('the summary example scores and identical summaries score 1', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  await page.waitForSelector('#score-pointwise-recall');
  const recall = await value(page, 'pointwise-recall');
  assert.ok(recall >= 0 && recall <= 1);
  await screenshot(page, 'summary-example');
  const text = await page.inputValue('#summary-reference');
  await page.fill('#summary-candidate', text);
  await page.waitForFunction(() => document.querySelector('#score-pointwise-recall')?.dataset.value === '1');
  close(await value(page, 'pointwise-precision'), 1);
  assert.deepEqual(errors, []);
});
