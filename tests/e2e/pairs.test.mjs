// The Benchmarks tab's brief and summary pairs: a pairs file scored in the score worker gives the numbers,
// per-item CSV and JSON, and report of `lexeval fresco|pointwise --pairs` byte for byte; a row opens the
// pair in the check view's breakdown; Cancel stops a run and keeps the file and settings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';
import { cliBinary, root, scriptedLlm, sharedFixture } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const corpus = fs.readFileSync(path.join(root, 'tests/briefs/bluebook_pairs.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line));
const pair = ({ id, reference, generated }) => ({ id, reference, generated });
const byId = (id) => pair(corpus.find((row) => row.id === id));

// Parallel cites, a short form, a bare Id., supra without antecedent and supra with parallel cites, then a
// pair whose reference is empty: its L-FRESCO and citation recall are undefined, with their reasons.
const BRIEF_PAIRS = [
  byId('erisa-firestone-parallel-reference-first'),
  byId('erisa-kayes-short-form-only'),
  byId('erisa-bierwirth-bare-id'),
  byId('erisa-langbein-supra-without-antecedent'),
  byId('contracts-wood-fuller-perdue-supra'),
  {
    id: 'empty-reference',
    reference: '',
    generated: 'A denial of benefits is reviewed de novo unless the plan gives the administrator discretion. '
      + 'Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989).',
  },
];

const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

function writeTemp(name, text) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-pairs-')), name);
  fs.writeFileSync(file, text);
  return file;
}

/** `lexeval COMMAND --pairs FILE ...`: its report (stdout of --json) and its per-item CSV and JSON files. Run
 * asynchronously: a scripted endpoint answers from this process. */
async function cli(command, file, extra = []) {
  const run = async (args) => (await promisify(execFile)(cliBinary(), [command, '--pairs', file, ...extra, ...args],
    { encoding: 'utf8', env: { ...process.env, LEXEVAL_API_KEY: 'sk-pairs' }, maxBuffer: 64 << 20 })).stdout;
  const csv = `${file}.items.csv`;
  const json = `${file}.items.json`;
  await run(['--items', csv]);
  await run(['--items', json]);
  const reportText = await run(['--json']);
  return { reportText, report: JSON.parse(reportText), csv: fs.readFileSync(csv, 'utf8'), json: fs.readFileSync(json, 'utf8') };
}

async function choose(page, kind) {
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', kind);
}

async function saved(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return fs.readFileSync(await download.path(), 'utf8');
}

/** The score cards equal the CLI report's means; the downloads equal its files byte for byte. */
async function assertSameAsCli(page, expected) {
  for (const score of expected.report.scores) {
    const card = `#pairs-results #score-${score.name.replaceAll('_', '-')}`;
    await page.waitForSelector(card);
    const value = await page.getAttribute(card, 'data-value');
    assert.equal(value === '' ? null : Number(value), score.value, score.name);
  }
  assert.equal(await saved(page, '#pairs-download-items-csv'), expected.csv);
  assert.equal(await saved(page, '#pairs-download-items-json'), expected.json);
  assert.equal(await saved(page, '#pairs-download-report'), expected.reportText);
}

const noSidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('brief pairs: the lexeval fresco --pairs numbers, rows and downloads; an empty text is undefined with its reason; a row opens the brief view', async () => {
  const file = writeTemp('brief-pairs.jsonl', jsonl(BRIEF_PAIRS));
  const expected = await cli('fresco', file);
  const { page, errors } = await openPage(browser, server.url);
  await choose(page, 'brief-pairs');
  await page.setInputFiles('#pairs-file', file);
  await assertSameAsCli(page, expected);
  assert.match(await page.textContent('#pairs-results'), /mean over 5 of 6 pairs; 1 undefined, left out; 95% bootstrap interval/);

  // One row per pair; the empty reference's scores are blank, never 0, with their reasons.
  assert.equal(await page.textContent('#bench-items caption'), 'Per item: 6 of 6 shown');
  const cells = await page.$$eval('#bench-items tbody tr:nth-child(6) td', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(cells.slice(0, 2), ['6', 'empty-reference']);
  assert.equal(cells[3], '', 'l-fresco of the empty reference is undefined');
  assert.match(cells.at(-1), /l-fresco: the reference has no \(claim, citation\) pair/);
  // Numbers show to four decimals, so the columns fit a phone; the full value is in data-value and the CSV.
  const numbers = await page.$$eval('#bench-items td.num[data-value]', (tds) => tds.map((td) => [td.textContent, td.dataset.value]));
  assert.ok(numbers.some(([shown, full]) => shown !== full), 'some value is rounded');
  for (const [shown, full] of numbers) {
    assert.match(shown, /^-?\d+(\.\d{1,4})?$/);
    assert.ok(Math.abs(Number(shown) - Number(full)) <= 5e-5, `${shown} shows ${full}`);
  }

  // Sorted by L-FRESCO, the undefined row stays last.
  await page.click('#items-sort-l-fresco');
  await page.click('#items-sort-l-fresco');
  assert.equal(await page.textContent('#bench-items tbody tr:last-child td:nth-child(2)'), 'empty-reference');

  // The bare-Id. pair opens as the brief check shows it: its cards, pairs table and annotated texts.
  await page.click('#item-open-2');
  await page.waitForSelector('#pairs-breakdown #pair-score-l-fresco');
  const fresco = expected.report.details.items[2].scores.find((s) => s.name === 'l-fresco').value;
  assert.equal(Number(await page.getAttribute('#pair-score-l-fresco', 'data-value')), fresco);
  assert.ok(await page.$('#pairs-breakdown table.pairs'));
  assert.match(await page.textContent('#pair-annotated-reference'), /Id\./);
  assert.match(await page.textContent('#pairs-breakdown h3'), /^Pair 3: erisa-bierwirth-bare-id$/);
  await page.click('#pairs-breakdown table.pairs tbody tr:first-child');
  await page.waitForSelector('#pair-annotated-reference .selected');
  await screenshot(page, 'bench-brief-pairs-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 390 px');
  await screenshot(page, 'bench-brief-pairs-390');
  assert.deepEqual(errors, []);
});

test('summary pairs: the lexeval pointwise --pairs numbers and downloads', async () => {
  const file = writeTemp('summary-pairs.json', JSON.stringify(BRIEF_PAIRS, null, 2));
  const expected = await cli('pointwise', file);
  const { page, errors } = await openPage(browser, server.url);
  await choose(page, 'summary-pairs');
  await page.setInputFiles('#pairs-file', file);
  await assertSameAsCli(page, expected);
  await page.click('#item-open-0');
  await page.waitForSelector('#pairs-breakdown #pair-score-pointwise-recall');
  await page.click('#pairs-breakdown-close');
  assert.equal(await page.$('#pair-score-pointwise-recall'), null);
  assert.deepEqual(errors, []);
});

test('CLERC generation pairs as released: rows filtered by model', async () => {
  const rows = fs.readFileSync(sharedFixture('clerc/gaze_gaps_generation_pairs.jsonl'), 'utf8')
    .split('\n').filter(Boolean).slice(0, 12);
  const file = writeTemp('clerc.jsonl', rows.join('\n') + '\n');
  const expected = await cli('fresco', file);
  const { page, errors } = await openPage(browser, server.url);
  await choose(page, 'brief-pairs');
  await page.setInputFiles('#pairs-file', file);
  await assertSameAsCli(page, expected);
  const models = [...new Set(rows.map((line) => JSON.parse(line).model))];
  await page.selectOption('#items-filter-model', models[0]);
  const count = rows.filter((line) => JSON.parse(line).model === models[0]).length;
  assert.equal(await page.textContent('#bench-items caption'), `Per item: ${count} of ${rows.length} shown`);
  assert.deepEqual(errors, []);
});

test('LLM judge: a repeated pair asks the endpoint once; the numbers are the CLI\'s with the same endpoint', async () => {
  const llm = await scriptedLlm(http);
  try {
    const rows = [BRIEF_PAIRS[0], BRIEF_PAIRS[1], { ...BRIEF_PAIRS[0], id: 'repeated' }];
    const file = writeTemp('llm-pairs.jsonl', jsonl(rows));
    const { page, errors } = await openPage(browser, server.url);
    await choose(page, 'brief-pairs');
    await page.selectOption('#pairs-similarity', 'llm');
    for (const [name, value] of [['endpoint', llm.url], ['model', 'judge-pairs'], ['key', 'sk-pairs']]) {
      await page.fill(`#pairs-llm-${name}`, value);
      await page.dispatchEvent(`#pairs-llm-${name}`, 'change');
    }
    await page.setInputFiles('#pairs-file', file);
    await page.waitForSelector('#pairs-results #score-l-fresco');
    assert.ok(llm.prompts.length > 0);
    assert.equal(new Set(llm.prompts).size, llm.prompts.length, 'every prompt asked once');
    const expected = await cli('fresco', file, ['--similarity', 'llm', '--endpoint', llm.url, '--model', 'judge-pairs']);
    await assertSameAsCli(page, expected);
    assert.deepEqual(errors, []);
  } finally {
    await llm.close();
  }
});

test('embedding cosine: one model download for the whole batch; the CLI\'s numbers to 1e-6', async () => {
  const file = writeTemp('embedding-pairs.jsonl', jsonl(BRIEF_PAIRS));
  // The page embeds with the int8 build by default.
  const expected = await cli('fresco', file, ['--similarity', 'embedding', '--embedding-model', 'minilm-int8']);
  const { page, errors } = await openPage(browser, server.url);
  const modelDownloads = [];
  page.on('request', (request) => { if (/\/models\/[^/]+\.onnx$/.test(request.url())) modelDownloads.push(request.url()); });
  await choose(page, 'brief-pairs');
  await page.selectOption('#pairs-similarity', 'embedding');
  await page.setInputFiles('#pairs-file', file);
  await page.waitForSelector('#pairs-results #score-l-fresco');
  assert.equal(modelDownloads.length, 1, modelDownloads.join());
  // tract's native and wasm kernels round f32 sums differently (cosines agree to ~3e-7, see parity.test.mjs).
  const items = JSON.parse(await saved(page, '#pairs-download-items-json'));
  const cliItems = JSON.parse(expected.json);
  assert.equal(items.length, cliItems.length);
  items.forEach((item, i) => item.scores.forEach((score, j) => {
    const want = cliItems[i].scores[j];
    assert.equal(score.name, want.name);
    assert.equal(score.null_reason, want.null_reason);
    assert.ok(score.value === want.value || Math.abs(score.value - want.value) < 1e-6, `pair ${i + 1} ${score.name}: ${score.value} ≠ ${want.value}`);
  }));
  assert.deepEqual(errors, []);
});

test('Cancel stops a run mid-way, keeps the file and settings, and the page stays usable', async () => {
  const llm = await scriptedLlm(http, { delayMs: 150 });
  try {
    const rows = corpus.slice(0, 20).map(pair);
    const file = writeTemp('slow-pairs.jsonl', jsonl(rows));
    const { page, errors } = await openPage(browser, server.url);
    await choose(page, 'brief-pairs');
    await page.selectOption('#pairs-similarity', 'llm');
    for (const [name, value] of [['endpoint', llm.url], ['model', 'judge-slow']]) {
      await page.fill(`#pairs-llm-${name}`, value);
      await page.dispatchEvent(`#pairs-llm-${name}`, 'change');
    }
    await page.setInputFiles('#pairs-file', file);
    await page.waitForFunction(() => /: pair ([3-9]|1\d) of 20$/.test(document.querySelector('#pairs-progress-label')?.textContent ?? ''));
    assert.ok(await page.$('#pairs-progress'));
    await screenshot(page, 'bench-pairs-progress');
    await page.click('#pairs-cancel');
    await page.waitForSelector('#pairs-cancelled');
    assert.match(await page.textContent('#pairs-cancelled'), /slow-pairs\.jsonl is kept/);
    assert.equal(await page.inputValue('#pairs-similarity'), 'llm');
    assert.equal(await page.inputValue('#pairs-llm-model'), 'judge-slow');
    assert.equal(await page.$('#pairs-results #score-l-fresco'), null);
    // Scored again, with ROUGE-L now: the kept file gives the CLI's numbers.
    await page.selectOption('#pairs-similarity', 'rougeL');
    await page.click('#pairs-rerun');
    await assertSameAsCli(page, await cli('fresco', file));
    // The other views still score.
    await page.click('#tab-brief');
    await page.click('#brief-example-0');
    await page.waitForSelector('#brief-score-l-fresco');
    assert.deepEqual(errors, []);
  } finally {
    await llm.close();
  }
});

/** The page's comparison equals `lexeval fresco --pairs … --json` run with `args` (`--versus B` or `--models A B`). */
async function assertSameComparison(page, file, args) {
  const report = JSON.parse((await promisify(execFile)(cliBinary(), ['fresco', '--pairs', file, ...args, '--json'],
    { encoding: 'utf8', maxBuffer: 64 << 20 })).stdout);
  await page.waitForSelector('#compare-verdict');
  const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);
  for (const [id, name] of [['mean-a', 'mean_a'], ['mean-b', 'mean_b'], ['mean-difference', 'mean_difference']]) {
    near(Number.parseFloat(await page.getAttribute(`#compare-${id}`, 'data-value')), report.scores.find((s) => s.name === name).value);
  }
  near(Number.parseFloat(await page.getAttribute('#compare-interval', 'data-low')), report.details.interval.low);
  near(Number.parseFloat(await page.getAttribute('#compare-interval', 'data-high')), report.details.interval.high);
  return report;
}

test('two brief pairs files over the same references are compared as `lexeval fresco --pairs A --versus B`', async () => {
  const fileA = writeTemp('system-a.jsonl', jsonl(BRIEF_PAIRS));
  // System B writes only the first half of each generated brief.
  const weaker = BRIEF_PAIRS.map((row) => ({ ...row, generated: row.generated.slice(0, Math.floor(row.generated.length / 2)) }));
  const fileB = writeTemp('system-b.jsonl', jsonl(weaker));
  const { page, errors } = await openPage(browser, server.url);
  await choose(page, 'brief-pairs');
  await page.setInputFiles('#pairs-file', fileA);
  await page.waitForSelector('#compare-file');
  assert.equal(await page.inputValue('#compare-score'), 'l-fresco');
  await page.setInputFiles('#compare-file', fileB);
  const report = await assertSameComparison(page, fileA, ['--versus', fileB]);
  assert.equal(report.details.compared, 5, 'the empty reference is undefined on both sides, never 0');

  // A second file over other references is refused in the CLI's words.
  const other = writeTemp('other-references.jsonl', jsonl(BRIEF_PAIRS.map((row) => ({ ...row, reference: `${row.reference} More.` }))));
  await page.setInputFiles('#compare-file', other);
  await page.waitForSelector('#compare-error');
  assert.match(await page.textContent('#compare-error'), /reference/);
  assert.deepEqual(errors, []);
});

test('two models of one CLERC generation-pairs file are compared as `lexeval fresco --pairs F --models A B`', async () => {
  const rows = fs.readFileSync(sharedFixture('clerc/gaze_gaps_generation_pairs.jsonl'), 'utf8')
    .split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const idx = rows.slice(0, 3).map((row) => row.idx);
  const chosen = ['llama3', 'gpt4o'].flatMap((model) => rows.filter((row) => idx.includes(row.idx) && row.model === model));
  assert.equal(chosen.length, 6);
  const file = writeTemp('clerc-two-models.jsonl', jsonl(chosen));
  const { page, errors } = await openPage(browser, server.url);
  await choose(page, 'brief-pairs');
  await page.setInputFiles('#pairs-file', file);
  await page.waitForSelector('#compare-models');
  await page.selectOption('#compare-model-a', 'gpt4o');
  await page.selectOption('#compare-model-b', 'llama3');
  await page.click('#compare-models');
  const report = await assertSameComparison(page, file, ['--models', 'gpt4o', 'llama3']);
  assert.equal(report.details.compared + report.details.undefined, 3);
  assert.deepEqual(errors, []);
});
