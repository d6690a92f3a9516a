// Benchmark files at scale, scored in the score worker: the whole CaseFacts train split (5,794 claims)
// and 2,000 CLERC pairs under ROUGE. While they are scored the page handles a click (an ordering, not a
// time: see clickHandledWhileBusy); Cancel stops the run and keeps the file; the result equals the CLI's on
// the same file. How long each takes is measured by `make bench` (bench/page_scale.py).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveDist, launch, clickHandledWhileBusy, observeWorkers } from './harness.mjs';
import { cliBinary, sharedFixturePath } from './fixtures.mjs';

const casefactsTrain = sharedFixturePath('casefacts/train.json');
const clercPairs = sharedFixturePath('clerc/gaze_gaps_generation_pairs.jsonl');

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const missing = (file) => !fs.existsSync(file) && `shared fixture ${file} not found (set LEXEVAL_SHARED)`;
const tempFile = (name, text) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-scale-')), name);
  fs.writeFileSync(file, text);
  return file;
};

/** The CLI's `--json` report for `args`. */
const cli = (args) => JSON.parse(execFileSync(cliBinary(), [...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 }));

/** The page's score cards equal the CLI report's scores (to 1e-9). */
async function assertSameScores(page, report) {
  for (const score of report.scores) {
    const id = `#score-${score.name.replaceAll('_', '-')}`;
    if (score.value === null) continue;
    const value = Number.parseFloat(await page.getAttribute(id, 'data-value'));
    assert.ok(Math.abs(value - score.value) < 1e-9, `${score.name}: page ${value} ≠ CLI ${score.value}`);
  }
}

/** A page on the Benchmarks tab with `kind` chosen, counting what it asks the score worker. */
async function benchmarksPage(kind) {
  const page = await browser.newPage();
  await page.addInitScript(observeWorkers);
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(server.url);
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', kind);
  return { page, errors };
}

test('CaseFacts train (5,794 claims) against the train gold is scored in the score worker; the CLI agrees',
  { skip: missing(casefactsTrain) }, async () => {
    const gold = JSON.parse(fs.readFileSync(casefactsTrain, 'utf8'));
    assert.equal(gold.length, 5794);
    // The first gold case plus a wrong one; the verdict right on every third claim.
    const predictions = gold.map((item, i) => ({
      claim: item.claim,
      predicted_cases: [item.case_name[0], 'Marbury v. Madison'],
      predicted_verdict: i % 3 === 0 ? item.label : 'SUPPORTED',
    }));
    const predictionsFile = tempFile('train.predictions.json', JSON.stringify(predictions, null, 1));
    const { page, errors } = await benchmarksPage('casefacts');
    await page.setInputFiles('#bench-gold', casefactsTrain);
    await page.waitForFunction(() => document.querySelector('#bench-gold-status')?.textContent.includes('train.json'));
    await page.setInputFiles('#bench-file', predictionsFile);
    await page.waitForSelector('#score-verdict-score');
    await page.waitForSelector('#bench-items tbody tr');
    const { benchmarks, reports } = await page.evaluate(() => globalThis.scoreWorker);
    assert.ok(benchmarks >= 1 && reports >= 1, `${benchmarks} benchmark requests, ${reports} reports`);

    const report = cli(['casefacts', '--gold', casefactsTrain, '--predictions', predictionsFile]);
    assert.equal(report.details.predictions_matched, gold.length);
    await assertSameScores(page, report);
    assert.match(await page.textContent('#bench-items caption'), /of 5794 shown/);
    assert.deepEqual(errors, []);
  });

test('2,000 CLERC pairs under ROUGE are scored off the main thread, can be cancelled and scored again; the CLI agrees',
  { skip: missing(clercPairs) }, async () => {
    const rows = fs.readFileSync(clercPairs, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(rows.length, 2000);
    const pairsFile = tempFile('clerc.pairs.jsonl',
      rows.map((r) => JSON.stringify({ reference: r.gold_text, candidate: r.generation })).join('\n') + '\n');
    const { page, errors } = await benchmarksPage('rouge-pairs');
    const report = cli(['rouge', '--pairs', pairsFile, '--aggregate', '--stem']);
    assert.equal(report.details.pairs, 2000);

    await page.setInputFiles('#bench-file', pairsFile);
    assert.ok(await clickHandledWhileBusy(page, '.app-header h1', '#bench-progress'),
      'a click waited for the pairs to be scored');
    await page.waitForSelector('#score-rougeLsum');
    await assertSameScores(page, report);

    // Cancel stops the next run at once; the chosen file and kind stay, to be scored again.
    await page.setInputFiles('#bench-file', pairsFile);
    await page.waitForFunction(() => /of 2000 items/.test(document.querySelector('#bench-results')?.textContent ?? ''));
    await page.click('#bench-cancel');
    await page.waitForSelector('#bench-rescore');
    assert.equal(await page.$('#bench-progress'), null);
    assert.equal(await page.$eval('#bench-kind', (select) => select.value), 'rouge-pairs');
    assert.equal(await page.$eval('#bench-file', (input) => input.files[0]?.name), 'clerc.pairs.jsonl');
    await page.click('#bench-rescore');
    await page.waitForSelector('#bench-progress');
    await page.waitForSelector('#score-rougeLsum');
    await assertSameScores(page, report);

    assert.deepEqual(errors, []);
  });
