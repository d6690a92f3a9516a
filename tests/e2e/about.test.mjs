import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('CaseFacts demo: the gold case with a stale verdict scores evidence 1, verdict 0', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  await page.waitForSelector('#demo-casefacts-supported-verdict-score');
  const value = (id) => page.getAttribute(`#${id}`, 'data-value');
  assert.equal(await value('demo-casefacts-supported-evidence-score'), '1');
  assert.equal(await value('demo-casefacts-supported-verdict-score'), '0');
  assert.equal(await value('demo-casefacts-overruled-verdict-score'), '1');
  // The worked examples link their papers.
  assert.equal(await page.getAttribute('#demo-lfresco .worked a', 'href'), 'https://arxiv.org/abs/2603.21283');
  await screenshot(page, 'about');
  assert.deepEqual(errors, []);
});

test('the Kayes demo opens the brief check with its worked numbers', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  await page.click('#demo-lfresco-try');
  await page.waitForSelector('#brief-score-l-fresco');
  assert.equal(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '0');
  assert.deepEqual(errors, []);
});

test('the Hitchcock demo: a faithful coarse decomposition keeps precision 1 but loses recall', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  assert.equal(await page.$$eval('#demo-pointwise ol', (lists) => lists.map((l) => l.children.length)).then((n) => n.join()), '15,6');
  await page.click('#demo-pointwise-try');
  await page.waitForSelector('#summary-score-pointwise-recall');
  assert.equal(await page.getAttribute('#summary-score-pointwise-precision', 'data-value'), '1');
  const recall = Number.parseFloat(await page.getAttribute('#summary-score-pointwise-recall', 'data-value'));
  assert.ok(recall > 0.3 && recall < 0.7, `recall ${recall}`);
  // One row per manual point (15), each with its A.3 weight.
  assert.equal(await page.$$eval('table.pairs tbody tr', (rows) => rows.length), 15);
  assert.deepEqual(errors, []);
});

test('About says where each of issue 19\'s changes shows', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  const line = (id) => page.textContent(`#about-${id}`);
  assert.match(await line('null'), /shows “—” with its reason.*never a 0/);
  assert.match(await line('notes'), /judged pairs.*how many were left out/);
  assert.match(await line('thresholds'), /rougeL 0\.40, rouge1 0\.42, rouge2 0\.26, embedding 0\.77.*docs\/thresholds\.md.*no slider/);
  assert.match(await line('calibration'), /Calibrate a threshold.*lexeval calibrate/);
  assert.match(await line('cfresco'), /C-SIM.*swaps two claims' citations scores 0/);
  assert.match(await line('pointwise'), /top-5 shortlist is for the LLM judge only.*earns 0.*--reference-points/);
  assert.match(await line('cases'), /Count case citations only.*L-FRESCO paper/);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'about-phone');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(errors, []);
});
