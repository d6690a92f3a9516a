// Every view with example data loaded, at a desktop and a phone width: no horizontal scroll, and axe-core
// finds no serious or critical accessibility violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { brief, fixture, paste, repeatTo, root } from './fixtures.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** How to bring each view to a state with data on screen. */
const views = {
  brief: async (page) => {
    await page.click('#tab-brief');
    await page.click('#brief-example-0');
    await page.waitForSelector('#brief-score-l-fresco');
    await page.waitForSelector('#brief-annotated-candidate');
  },
  summary: async (page) => {
    await page.click('#tab-summary');
    await page.click('#summary-example-0');
    await page.waitForSelector('#summary-score-pointwise-recall');
  },
  // A long text, shown read-only in chunks (components/long_text.rs).
  'brief-long-text': async (page) => {
    await page.click('#tab-brief');
    await paste(page, '#brief-reference', repeatTo(brief.reference, 60_000));
    await paste(page, '#brief-candidate', brief.generated);
    await page.waitForSelector('#brief-reference-long-body > .chunk');
    await page.waitForSelector('#brief-score-l-fresco');
  },
  answer: async (page) => {
    await page.click('#tab-answer');
    await page.click('#answer-example-0');
    await page.waitForSelector('#answer-score-u-score');
  },
  benchmarks: async (page) => {
    await page.click('#tab-benchmarks');
    await page.selectOption('#bench-kind', 'casefacts');
    await page.setInputFiles('#bench-file', {
      name: 'preds.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(jsonl([
        { claim: 'A', case_name: ['Roe v. Wade'], label: 'Supported', predicted_cases: ['Roe v. Wade'], predicted_verdict: 'SUPPORTED' },
        { claim: 'B', case_name: ['Hill v. Colorado'], label: 'Overruled', predicted_cases: ['Hill v. Colorado'], predicted_verdict: 'Refuted' },
      ])),
    });
    await page.waitForSelector('#bench-results .bar-chart');
    // The calibration section, with its curve, too.
    await page.setInputFiles('#calibrate-file', fixture('calibration/pairs.jsonl'));
    await page.click('#calibrate-run');
    await page.waitForSelector('#calibration-threshold');
  },
  'brief-pairs': async (page) => {
    await page.click('#tab-benchmarks');
    await page.selectOption('#bench-kind', 'brief-pairs');
    const pairs = fs.readFileSync(path.join(root, 'tests/briefs/bluebook_pairs.jsonl'), 'utf8').split('\n').slice(0, 4);
    await page.setInputFiles('#pairs-file', { name: 'pairs.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(pairs.join('\n')) });
    await page.waitForSelector('#bench-items');
    // A pair opened as the brief check shows it.
    await page.click('#item-open-1');
    await page.waitForSelector('#pair-annotated-candidate');
  },
  about: async (page) => {
    await page.click('#tab-about');
    await page.waitForSelector('#demo-casefacts-supported-verdict-score');
  },
};

for (const width of [1280, 390]) {
  for (const [name, load] of Object.entries(views)) {
    test(`${name} at ${width} px: no horizontal scroll, no serious accessibility violation`, async () => {
      const { page, errors } = await openPage(browser, server.url);
      await page.setViewportSize({ width, height: 900 });
      await load(page);
      await screenshot(page, `view-${name}-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} is ${overflow} px wider than the ${width} px screen`);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(violations, []);
      assert.deepEqual(errors, []);
    });
  }
}
