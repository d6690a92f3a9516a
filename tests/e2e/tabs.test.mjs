// Switching tabs keeps each view as it was: its result (nothing scored again), its selected row, its scroll
// positions; a view hidden meanwhile scores nothing, and the views' element ids stay unique in the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, screenshot, openPage, settled } from './harness.mjs';
import { brief, paste } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** A page that counts its requests to the score worker (`scoreWorker.checks`) and records its errors. */
const observedPage = () => openPage(browser, server.url, { observe: true });

const checks = (page) => page.evaluate(() => globalThis.scoreWorker.checks);

test('coming back to the brief check keeps its result, selected row and scroll position, and scores nothing again', async () => {
  const { page, errors } = await observedPage();
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForSelector('#brief-results table.pairs tbody tr');
  await settled(page, 'brief');
  const scored = await checks(page);
  const row = '#brief-results table.pairs tbody tr >> nth=2';
  await page.click(row);
  const text = '#brief-annotated-reference .annotated-text';
  await page.$eval(text, (e) => { e.scrollTop = Math.floor(e.scrollHeight / 2); });
  const scrolled = await page.$eval(text, (e) => e.scrollTop);
  assert.ok(scrolled > 0, 'the two-page reference scrolls in its box');
  // From here on, any sign of the brief being scored again: its results busy or saying "Scoring…".
  await page.evaluate(() => {
    globalThis.briefRescored = false;
    new MutationObserver(() => {
      const results = document.querySelector('#brief-results');
      if (results && (results.getAttribute('aria-busy') === 'true' || /Scoring…|updating/.test(results.textContent))) {
        globalThis.briefRescored = true;
      }
    }).observe(document.querySelector('main'), { subtree: true, childList: true, attributes: true, characterData: true });
  });

  await page.click('#tab-summary');
  await page.waitForSelector('#summary-title');
  await page.click('#tab-about');
  await page.waitForSelector('#about-title');
  await page.click('#tab-brief');
  await page.waitForSelector(row);
  await settled(page, 'brief');
  assert.equal(await page.evaluate(() => globalThis.briefRescored), false, 'the brief was scored again');
  assert.equal(await checks(page), scored);
  assert.equal(await page.getAttribute(row, 'aria-selected'), 'true');
  assert.equal(await page.$eval(text, (e) => e.scrollTop), scrolled);
  await screenshot(page, 'tabs-brief-kept');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'tabs-brief-kept-390');
  assert.deepEqual(errors, []);
});

test('a hidden check scores nothing; shown again, it scores the settings chosen meanwhile', async () => {
  const { page, errors } = await observedPage();
  await page.click('#brief-example-1');
  await settled(page, 'brief');
  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  await settled(page, 'summary');
  const before = await checks(page);
  // The settings are shared: choosing unigram overlap on the summary check rescores the summary only.
  await page.selectOption('#summary-similarity', 'rouge1');
  await page.waitForFunction((n) => globalThis.scoreWorker.checks > n, before);
  await settled(page, 'summary');
  assert.equal(await checks(page), before + 1);
  await page.click('#tab-brief');
  await page.waitForFunction((n) => globalThis.scoreWorker.checks > n, before + 1);
  await settled(page, 'brief');
  assert.equal(await checks(page), before + 2);
  assert.equal(await page.inputValue('#brief-similarity'), 'rouge1');
  assert.deepEqual(errors, []);
});

test('with every view shown once and holding a result, no two elements share an id', async () => {
  const { page, errors } = await observedPage();
  await page.click('#brief-example-1');
  await settled(page, 'brief');
  await page.click('#brief-results table.pairs tbody tr >> nth=0');
  await page.click('#brief-annotated-candidate button.auth-label >> nth=0');
  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  await settled(page, 'summary');
  await page.click('#summary-results table.pairs tbody tr >> nth=0');
  await page.click('#tab-answer');
  await page.click('#answer-example-0');
  await page.waitForSelector('#answer-score-u-score');
  await page.click('#tab-benchmarks');
  await page.waitForSelector('#bench-title');
  await page.click('#tab-about');
  await page.waitForSelector('#about-title');
  const duplicates = await page.evaluate(() => {
    const seen = new Map();
    for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
  assert.deepEqual(duplicates, []);
  assert.ok(await page.$('#brief-authority-panel'));
  assert.equal(await page.isVisible('#view-brief'), false);
  assert.equal(await page.isVisible('#view-about'), true);
  assert.deepEqual(errors, []);
});
