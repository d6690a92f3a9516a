import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const value = async (page, id) => Number.parseFloat(await page.getAttribute(`#summary-score-${id}`, 'data-value'));
const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

test('pointwise: one of two reference points covered, weighted by its lemmas', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  await page.fill('#summary-reference', 'The court held the officer liable. The claim was dismissed.');
  await page.fill('#summary-candidate', 'The court held the officer liable.');
  await page.waitForSelector('#summary-score-pointwise-recall');
  // A.3 weights: 6 and 4 lemmas of 10 → the covered point weighs 0.6; the second point's best ROUGE-1 is
  // 0.2 < 0.5. Precision 1/1, F1 = 2·0.6·1 / 1.6 = 0.75.
  close(await value(page, 'pointwise-recall'), 0.6);
  close(await value(page, 'pointwise-precision'), 1);
  close(await value(page, 'pointwise-f1'), 0.75);
  const rows = await page.$$eval('table.pairs tbody tr', (els) => els.map((e) => e.textContent));
  assert.equal(rows.length, 2);
  assert.match(rows[0], /0\.600/);
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
  await page.waitForSelector('#summary-score-pointwise-recall');
  // As `lexeval pointwise` scores the same texts (ROUGE-L point similarity by default in both): only the
  // summary-judgment point matches; it weighs 0.1875 of the reference and is 1 of 4 generated points.
  close(await value(page, 'pointwise-recall'), 0.1875);
  close(await value(page, 'pointwise-precision'), 0.25);
  await screenshot(page, 'summary-example');
  // Each row has one verdict: a point credited nothing never shows a credit, and the card counts the points.
  const verdicts = await page.$$eval('#summary-results table.pairs td.verdict', (els) => els.map((e) => e.textContent));
  assert.deepEqual(verdicts.filter((v) => /match/.test(v) && /credit/.test(v)), []);
  // An unassigned row shows its closest generated point, and says when that point went to another row.
  const generated = await page.$$eval('#summary-results table.pairs tbody tr', (rows) => rows.map((r) => r.cells[1].textContent));
  assert.match(generated[3], /^The trial court ruled for the employer on summary judgment\. \(the closest generated point, assigned to reference point 2\)$/);
  assert.match(generated[0], /\(the closest generated point\)$/);
  assert.equal(generated[1], 'The trial court ruled for the employer on summary judgment.');
  assert.equal(await page.textContent('#summary-score-pointwise-precision .count-behind'),
    '1 of 4 generated points matched to a reference point');
  assert.match(await page.textContent('#summary-score-pointwise-recall .count-behind'), /^1 of 4 reference points covered: they carry 0\.19 of the 1\.00 total weight$/);
  const text = await page.inputValue('#summary-reference');
  await page.fill('#summary-candidate', text);
  await page.waitForFunction(() => document.querySelector('#summary-score-pointwise-recall')?.dataset.value === '1');
  close(await value(page, 'pointwise-precision'), 1);
  assert.deepEqual(errors, []);
});

test('list items are points of their own, without their markers', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  await page.fill('#summary-reference',
    '- The court held the officer liable\n- The claim was dismissed\n- Costs were awarded to the appellant');
  await page.fill('#summary-candidate', '1. The court held the officer liable\n2. Costs were awarded');
  await page.waitForFunction(() => document.querySelectorAll('#summary-results table.pairs tbody tr').length === 3);
  const firsts = await page.$$eval('#summary-results table.pairs tbody tr td:first-child', (els) => els.map((e) => e.textContent));
  assert.deepEqual(firsts, ['The court held the officer liable', 'The claim was dismissed', 'Costs were awarded to the appellant']);
  // Lemma weights 3/8, 2/8, 3/8; the first and last points are covered (ROUGE-L 1 and 0.667).
  close(await value(page, 'pointwise-recall'), 0.75);
  close(await value(page, 'pointwise-precision'), 1);
  assert.deepEqual(errors, []);
});

test('a generated point the reference does not support is listed and marked in words in the text', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  await page.fill('#summary-reference', 'The court denied the motion to suppress. The officer had probable cause to search the car.');
  await page.fill('#summary-candidate', 'The court denied the motion to suppress. '
    + 'The good-faith exception applied, so the evidence was admitted.');
  await page.waitForSelector('#summary-results .unsupported-points');
  const invented = 'The good-faith exception applied, so the evidence was admitted.';
  assert.deepEqual(await page.$$eval('#summary-results .unsupported-points li', (els) => els.map((e) => e.textContent)), [invented]);
  assert.match(await page.textContent('#summary-results .unsupported-points'), /Generated points the reference does not support \(1\)/);
  // In the generated text: the invented point underlined and followed by its mark in words.
  assert.equal(await page.$$eval('#summary-annotated-candidate .unsupported-point', (els) => els.map((e) => e.textContent).join('')), invented);
  assert.equal(await page.textContent('#summary-annotated-candidate .point-mark'), ' [not supported by the reference]');
  assert.equal(await page.$('#summary-annotated-reference .point-mark'), null);
  await screenshot(page, 'summary-unsupported');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'summary-unsupported-390');
  assert.deepEqual(errors, []);
});

test('a similarity just below the threshold is shown with the digits that put it below, never as the threshold', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-summary');
  // One point each: 800 shared words of 2,001 and 2,000 → ROUGE-L F1 = 1600/4001 = 0.39990…, below the
  // default threshold 0.40 by less than three decimals show.
  const words = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
  await page.fill('#summary-reference', `${words('w', 800)} ${words('r', 1201)}.`);
  await page.fill('#summary-candidate', `${words('w', 800)} ${words('c', 1200)}.`);
  await page.waitForSelector('#summary-results table.pairs tbody tr');
  const cells = await page.$$eval('#summary-results table.pairs tbody tr td', (els) => els.map((e) => e.textContent));
  assert.equal(cells[3], '0.3999');
  assert.match(cells[4], /no match/);
  assert.match(await page.textContent('#summary-results table.pairs caption'), /match when similarity ≥ 0\.40/);
  assert.deepEqual(errors, []);
});
