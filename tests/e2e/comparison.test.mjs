// Comparing two systems in the Benchmarks tab: two CaseFacts prediction files against the released test
// split; the page's means, paired bootstrap interval, verdict and per-item differences equal
// `lexeval casefacts --versus --json` (LEXEVAL_BIN); files without a common item get a plain message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveDist, launch, openPage, screenshots } from './harness.mjs';
import { cliBinary, sharedFixture } from './fixtures.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);
const goldFile = () => sharedFixture('casefacts/test.json');

function writeTemp(name, text) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-compare-')), name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * Two systems over the released test split: A names the first gold case and a wrong one and always says
 * "Supported"; B names every gold case and the gold verdict except on every fourth claim, and answers only
 * the first 450 claims.
 */
function systems() {
  const gold = JSON.parse(fs.readFileSync(goldFile(), 'utf8'));
  const a = gold.map((item) => ({
    claim: item.claim,
    predicted_cases: [item.case_name[0], 'Marbury v. Madison'],
    predicted_verdict: 'Supported',
  }));
  const b = gold.slice(0, 450).map((item, i) => ({
    claim: item.claim,
    predicted_cases: item.case_name,
    predicted_verdict: i % 4 === 3 ? 'Refuted' : item.label,
  }));
  return { gold, a, b };
}

async function scoreFirst(page, file) {
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', 'casefacts');
  await page.setInputFiles('#bench-gold', goldFile());
  await page.waitForFunction(() => document.querySelector('#bench-gold-status')?.textContent.includes('test.json'));
  await page.setInputFiles('#bench-file', file);
  await page.waitForSelector('#compare-file');
}

/** The page's comparison equals the CLI's report for the same files and score. */
async function assertSameComparison(page, fileA, fileB, score) {
  const report = JSON.parse(execFileSync(cliBinary(), ['casefacts', '--gold', goldFile(), '--predictions', fileA,
    '--versus', fileB, '--compare-score', score, '--json'], { encoding: 'utf8' }));
  await page.waitForFunction((s) => document.querySelector('#compare-verdict') &&
    document.querySelector('#compare-results dt')?.textContent && document.querySelector('#compare-score').value === s, score);
  for (const [id, name] of [['mean-a', 'mean_a'], ['mean-b', 'mean_b'], ['mean-difference', 'mean_difference']]) {
    close(Number.parseFloat(await page.getAttribute(`#compare-${id}`, 'data-value')), report.scores.find((s) => s.name === name).value);
  }
  close(Number.parseFloat(await page.getAttribute('#compare-interval', 'data-low')), report.details.interval.low);
  close(Number.parseFloat(await page.getAttribute('#compare-interval', 'data-high')), report.details.interval.high);
  const { compared, only_in_a: onlyA, only_in_b: onlyB, undefined: undefinedItems } = report.details;
  assert.match(await page.textContent('#compare-counts'),
    new RegExp(`^${compared} items compared; ${onlyA} only in A, ${onlyB} only in B, ${undefinedItems} undefined`));
  return report;
}

test('two CaseFacts systems: the page compares them as `lexeval casefacts --versus` does', async () => {
  const { gold, a, b } = systems();
  const fileA = writeTemp('always-supported.jsonl', jsonl(a));
  const fileB = writeTemp('mostly-right.json', JSON.stringify(b, null, 2));
  const { page, errors } = await openPage(browser, server.url);
  await scoreFirst(page, fileA);
  assert.equal(await page.inputValue('#compare-score'), 'verdict_score');
  await page.setInputFiles('#compare-file', fileB);
  const report = await assertSameComparison(page, fileA, fileB, 'verdict_score');
  assert.equal(report.details.beyond_interval, true);
  assert.match(await page.textContent('#compare-verdict'), /^B scores higher than A, beyond the interval: the 95 % paired bootstrap interval/);
  assert.match(await page.textContent('#compare-mean-a'), /^0\.\d{4}$/);

  // Per item: every claim of either file, those only A answered filtered out by status; the CSV is the CLI's.
  assert.equal(await page.textContent('#compare-bench-items caption'), `Per item: ${gold.length} of ${gold.length} shown`);
  await page.selectOption('#compare-items-filter-status', 'only in A');
  assert.equal(await page.textContent('#compare-bench-items caption'), `Per item: 50 of ${gold.length} shown`);
  await page.selectOption('#compare-items-filter-status', 'compared');
  await page.click('#compare-items-sort-difference');
  const lowest = await page.$$eval('#compare-bench-items tbody tr:first-child td', (cells) => cells.map((c) => c.dataset.value ?? c.textContent));
  const differences = report.details.items.filter((i) => i.status === 'compared').map((i) => i.difference);
  close(Number(lowest[4]), Math.min(...differences));
  await page.click('#compare-bench-items tbody tr:first-child button');
  assert.match(await page.textContent('#compare-bench-item-detail'), /difference/);
  const itemsFile = path.join(path.dirname(fileA), 'differences.csv');
  execFileSync(cliBinary(), ['casefacts', '--gold', goldFile(), '--predictions', fileA, '--versus', fileB, '--items', itemsFile]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#compare-download-csv')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), fs.readFileSync(itemsFile, 'utf8'));

  // Another score compares the same two files again, and still agrees with the CLI.
  await page.selectOption('#compare-score', 'evidence_score');
  await assertSameComparison(page, fileA, fileB, 'evidence_score');
  await page.selectOption('#compare-score', 'verdict_score');
  await assertSameComparison(page, fileA, fileB, 'verdict_score');
  // The new table starts unfiltered, and its filter says so.
  assert.equal(await page.inputValue('#compare-items-filter-status'), '');
  assert.equal(await page.textContent('#compare-bench-items caption'), `Per item: ${gold.length} of ${gold.length} shown`);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The section as the user sees it on arriving there (a full-page shot of 500 rows twice is too tall).
    await page.$eval('#compare-title', (el) => el.scrollIntoView());
    await page.screenshot({ path: path.join(screenshots, `bench-comparison-${width}.png`) });
    // Each number sits under its own column's name, not nearer the next column's.
    const misplaced = await page.evaluate(() => {
      const table = document.querySelector('#compare-bench-items');
      const heads = [...table.querySelectorAll('thead th button')].map((b) => b.getBoundingClientRect());
      return [...table.querySelectorAll('tbody td')].flatMap((td) => {
        const i = td.cellIndex;
        if (!td.classList.contains('num') || !td.textContent.trim() || i + 1 >= heads.length) return [];
        const range = document.createRange();
        range.selectNodeContents(td);
        const number = range.getBoundingClientRect();
        const gap = (head) => Math.max(0, head.left - number.right, number.left - head.right);
        return gap(heads[i]) < gap(heads[i + 1]) ? [] : [`column ${i}: ${td.textContent}`];
      });
    });
    assert.deepEqual(misplaced, [], `at ${width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the comparison is ${overflow} px wider than the ${width} px screen`);
  }
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document.querySelector('.comparison'), { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
});

test('two files without a common claim: a plain message, no numbers', async () => {
  const { a } = systems();
  const first = writeTemp('first-half.jsonl', jsonl(a.slice(0, 250)));
  const second = writeTemp('second-half.jsonl', jsonl(a.slice(250)));
  const { page, errors } = await openPage(browser, server.url);
  await scoreFirst(page, first);
  await page.setInputFiles('#compare-file', second);
  await page.waitForSelector('#compare-error');
  assert.equal(await page.textContent('#compare-error'),
    'the two files have no item in common (250 items in A, 250 in B): they do not answer the same questions');
  assert.equal(await page.$('#compare-verdict'), null);
  // The CLI says the same.
  const cli = spawnSync(cliBinary(), ['casefacts', '--gold', goldFile(), '--predictions', first, '--versus', second],
    { encoding: 'utf8' });
  assert.equal(cli.status, 1);
  assert.ok(cli.stderr.includes('the two files have no item in common (250 items in A, 250 in B)'), cli.stderr);
  assert.deepEqual(errors, []);
});
