// Calibrate (Benchmarks tab): the page chooses the threshold `lexeval calibrate` chooses on the same labelled
// pairs (tests/fixtures/calibration/pairs.jsonl: two memos' claims, labelled full / partial / none), shows the
// curve, applies it to the checks with one button, and names the bad line of a malformed file. Needs the CLI
// binary: LEXEVAL_BIN, else the checked, release-native or debug build in the target directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';
import { cliBinary, fixture, paste, root } from './fixtures.mjs';

const PAIRS = fixture('calibration/pairs.jsonl');


let server, browser, lexeval;
before(async () => { lexeval = cliBinary(); server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function cliCalibration(similarity) {
  const { stdout } = await promisify(execFile)(lexeval,
    // The page embeds with the int8 build by default; the CLI with the fp32 one unless told.
    ['calibrate', '--json', '--pairs', PAIRS, '--similarity', similarity, '--embedding-model', 'minilm-int8'],
    { cwd: root, maxBuffer: 16 << 20 });
  return JSON.parse(stdout);
}

async function openCalibrate() {
  const opened = await openPage(browser, server.url);
  await opened.page.click('#tab-benchmarks');
  await opened.page.waitForSelector('#calibrate-pairs');
  return opened;
}

/** Runs the calibration and returns the page's scores by name (data-value, a number or null). */
async function calibrate(page, similarity) {
  await page.selectOption('#calibrate-similarity', similarity);
  await page.click('#calibrate-run');
  await page.waitForSelector('#calibration-threshold, #calibrate-results .error');
  assert.equal(await page.$('#calibrate-results .error'), null, await page.textContent('#calibrate-results'));
  return page.$$eval('#calibrate-results .score-card', (cards) => Object.fromEntries(cards.map((c) =>
    [c.id.replace('calibration-', ''), c.dataset.value === '' ? null : Number(c.dataset.value)])));
}

const cliScores = (report) => Object.fromEntries(report.scores.map((s) => [s.name.replace(/_/g, '-'), s.value]));

test('ROUGE: the page\'s threshold, F1s and curve are lexeval calibrate\'s; one button applies it', async () => {
  const { page, errors } = await openCalibrate();
  await page.setInputFiles('#calibrate-file', PAIRS);
  await page.waitForFunction(() => document.querySelector('#calibrate-pairs').value.length > 0);
  assert.equal(await page.inputValue('#calibrate-pairs'), fs.readFileSync(PAIRS, 'utf8'));
  for (const similarity of ['rouge2', 'rougeL']) {
    const cli = await cliCalibration(similarity);
    assert.deepEqual(await calibrate(page, similarity), cliScores(cli));
    assert.equal(await page.$$eval('.calibration-curve tbody tr', (rows) => rows.length), cli.details.curve.length);
    const chosen = await page.textContent('.calibration-curve tr[aria-current="true"] td');
    assert.equal(chosen, cli.details.best_observed_similarity.toFixed(3));
  }
  await screenshot(page, 'calibrate');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'calibrate-phone');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'nothing overflows at phone width');
  await page.setViewportSize({ width: 1280, height: 720 });

  const threshold = (await cliCalibration('rougeL')).scores.find((s) => s.name === 'threshold').value;
  await page.click('#calibrate-apply');
  assert.match(await page.textContent('#calibrate-results .message'), /ROUGE-L .* threshold 0\.292/);
  for (const view of ['brief', 'summary']) {
    await page.click(`#tab-${view}`);
    assert.equal(await page.inputValue(`#${view}-similarity`), 'rougeL');
    assert.equal(await page.textContent(`label[for=${view}-threshold] output`), threshold.toFixed(2));
  }
  // The slider shows two decimals; the settings keep the exact threshold (saved a moment after the change).
  await page.waitForFunction((t) => JSON.parse(localStorage.getItem('lexeval.state.v1') ?? '{}')
    .settings?.threshold === t, threshold);
  // The pasted pairs are still there when the user comes back.
  await page.click('#tab-benchmarks');
  assert.equal(await page.inputValue('#calibrate-pairs'), fs.readFileSync(PAIRS, 'utf8'));
  assert.deepEqual(errors, []);
});

test('a malformed line is named, the pasted text stays and is never rendered as HTML', async () => {
  const { page, errors } = await openCalibrate();
  const lines = fs.readFileSync(PAIRS, 'utf8').trim().split('\n');
  const bad = `${lines[0]}\n\n${lines[1]}\n{"reference": "Id. at 5.", "generated": "Id.", "label": "<img src=x onerror=\\"document.title='pwned'\\">"}\n${lines[2]}\n`;
  await paste(page, '#calibrate-pairs', bad);
  await page.click('#calibrate-run');
  const error = await page.waitForSelector('#calibrate-results .error');
  assert.match(await error.textContent(), /^calibration failed: line 4, field `label`: unknown variant `<img src=x.*expected rows of .*"label": "full" \| "partial" \| "none"/);
  assert.equal(await page.$('#calibrate-results img'), null);
  assert.notEqual(await page.title(), 'pwned');
  assert.equal(await page.inputValue('#calibrate-pairs'), bad);
  await paste(page, '#calibrate-pairs', `${lines[0]}\n{"reference": "Celotex`);
  await page.click('#calibrate-run');
  await page.waitForFunction(() => /^calibration failed: line 2\b/.test(document.querySelector('#calibrate-results .error')?.textContent));
  assert.deepEqual(errors, []);
});

test('embedding: the page\'s threshold is lexeval calibrate\'s to 1e-6 (native and wasm round f32 apart)', async () => {
  const { page, errors } = await openCalibrate();
  await paste(page, '#calibrate-pairs', fs.readFileSync(PAIRS, 'utf8'));
  const scores = await calibrate(page, 'embedding');
  const cli = cliScores(await cliCalibration('embedding'));
  assert.deepEqual(Object.keys(scores), Object.keys(cli));
  for (const [name, value] of Object.entries(cli)) assert.ok(Math.abs(scores[name] - value) < 1e-6, `${name}: ${scores[name]} vs ${value}`);
  assert.deepEqual(errors, []);
});
