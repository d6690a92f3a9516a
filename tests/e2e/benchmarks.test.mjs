import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveDist, launch, openPage, screenshot, screenshots } from './harness.mjs';
import { cliBinary, sharedFixture } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const value = async (page, id) => Number.parseFloat(await page.getAttribute(`#score-${id}`, 'data-value'));
const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);
const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

async function upload(page, kind, name, text) {
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', kind);
  await page.setInputFiles('#bench-file', { name, mimeType: 'application/jsonl', buffer: Buffer.from(text) });
}

async function loadGold(page, kind, file) {
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', kind);
  await page.setInputFiles('#bench-gold', file);
  await page.waitForFunction((name) => document.querySelector('#bench-gold-status')?.textContent.includes(name), path.basename(file));
}

/** The page's scores (by the cards' data-value) equal the CLI's `--json` report for the same files. */
async function assertSameScores(page, cliArgs) {
  const report = JSON.parse(execFileSync(cliBinary(), [...cliArgs, '--json'], { encoding: 'utf8' }));
  for (const score of report.scores) {
    const card = `#score-${score.name.replaceAll('_', '-')}`;
    await page.waitForSelector(card);
    if (score.value === null) continue;
    close(await value(page, score.name.replaceAll('_', '-')), score.value);
  }
  return report;
}

/** A predictions file derived from released gold, written as people write them: a BOM and CRLF line ends. */
function writeTemp(name, text) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-bench-')), name);
  fs.writeFileSync(file, `\ufeff${text.replaceAll('\n', '\r\n')}`);
  return file;
}

test('CaseFacts: predictions only, against the released test split loaded once as gold; the CLI agrees', async () => {
  const goldFile = sharedFixture('casefacts/test.json');
  const gold = JSON.parse(fs.readFileSync(goldFile, 'utf8'));
  // All gold cases, one of them plus a wrong one, a wrong one only, or no prediction at all; the verdict
  // right on every third claim.
  const predictions = gold.flatMap((item, i) => (i % 4 === 3 ? [] : [{
    claim: item.claim,
    predicted_cases: [[...item.case_name], [item.case_name[0], 'Marbury v. Madison'], ['Marbury v. Madison']][i % 4],
    predicted_verdict: i % 3 === 0 ? item.label : 'SUPPORTED',
  }]));
  // The released layout: a pretty-printed JSON array.
  const predictionsFile = writeTemp('predictions.json', JSON.stringify(predictions, null, 2));
  const { page, errors } = await openPage(browser, server.url);
  await loadGold(page, 'casefacts', goldFile);
  await page.setInputFiles('#bench-file', predictionsFile);
  const report = await assertSameScores(page, ['casefacts', '--gold', goldFile, '--predictions', predictionsFile]);
  assert.equal(report.details.predictions_matched, predictions.length);
  assert.ok(report.scores.every((s) => s.value > 0 && s.value < 1), JSON.stringify(report.scores));
  // Every fourth gold claim has no prediction: said in a banner, with the scores over the predicted ones.
  const missing = gold.length - predictions.length;
  assert.match(await page.textContent('#bench-partial'), new RegExp(`${missing} of ${gold.length} gold claims have no prediction`));
  assert.ok(report.scores.every((s) => s.note === `over all ${gold.length} gold claims: ${missing} have no prediction and score 0`));
  const predictedAccuracy = Number.parseFloat(await page.getAttribute('#predicted-verdict-accuracy', 'data-value'));
  const allAccuracy = report.scores.find((s) => s.name === 'verdict_accuracy').value;
  close(predictedAccuracy, allAccuracy * gold.length / predictions.length);
  await screenshot(page, 'bench-casefacts-partial');

  // Per item: one row per gold claim, filtered by gold label, sorted, opened; the CSV equals the CLI's.
  assert.match(await page.textContent('#bench-items caption'), /200 shown|of 500 shown/);
  const overruled = gold.filter((g) => g.label.toUpperCase() === 'OVERRULED').length;
  await page.selectOption('#items-filter-gold_label', 'OVERRULED');
  assert.equal(await page.textContent('#bench-items caption'), `Per item: ${overruled} of ${gold.length} shown`);
  await page.click('#items-sort-verdict_score');
  await page.click('#items-sort-verdict_score');
  assert.equal(await page.getAttribute('#bench-items th:nth-child(8)', 'aria-sort'), 'descending');
  const firstRow = await page.$$eval('#bench-items tbody tr:first-child td', (cells) => cells.map((c) => c.dataset.value ?? c.textContent));
  const overruledRows = report.details.claims.filter((c) => c.gold_label === 'OVERRULED');
  assert.equal(Number(firstRow[7]), Math.max(...overruledRows.map((c) => c.verdict_score)));
  await page.click('#bench-items tbody tr:first-child button');
  const detail = await page.textContent('#bench-item-detail');
  assert.ok(detail.includes(firstRow[0]) && detail.includes('gold cases'), detail);
  // On a phone the results, the table and the opened item do not scroll the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
  // The claims stay readable there: a column of some width, each row a few lines high, not a page.
  await page.click('#bench-item-close');
  await page.selectOption('#items-filter-gold_label', '');
  const rows = await page.$$eval('#bench-items tbody tr', (trs) => trs.map((tr) => ({
    claim: tr.cells[0].getBoundingClientRect().width, height: tr.getBoundingClientRect().height })));
  assert.ok(rows.length >= 200, `${rows.length} rows`);
  assert.ok(rows.every((r) => r.claim >= 150), `claim column ${Math.min(...rows.map((r) => r.claim))} px wide`);
  assert.ok(rows.every((r) => r.height <= 120), `a row ${Math.max(...rows.map((r) => r.height))} px tall`);
  await page.$eval('#bench-items', (el) => el.scrollIntoView());
  await page.screenshot({ path: path.join(screenshots, 'bench-items-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  const itemsFile = path.join(path.dirname(predictionsFile), 'items.csv');
  execFileSync(cliBinary(), ['casefacts', '--gold', goldFile, '--predictions', predictionsFile, '--items', itemsFile]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#bench-download-items-csv')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), fs.readFileSync(itemsFile, 'utf8'));
  // The scores CSV: every number to one precision, six decimals as in the per-item CSV, the report's value rounded.
  assert.ok(report.scores.some((s) => s.value !== null && (String(s.value).split('.')[1] ?? '').length > 6));
  const [scoresCsv] = await Promise.all([page.waitForEvent('download'), page.click('#bench-download-csv')]);
  const lines = fs.readFileSync(await scoresCsv.path(), 'utf8').trim().split('\n').slice(1);
  for (const score of report.scores) {
    const cell = lines.find((l) => l.startsWith(`"${score.name}",`)).split(',')[1];
    if (score.value === null) continue;
    assert.match(cell, /^-?\d+(\.\d{1,6})?$/, score.name);
    assert.ok(Math.abs(Number(cell) - score.value) <= 5e-7, `${score.name}: ${cell} vs ${score.value}`);
  }

  // The gold stays in this browser: after a reload a predictions-only file is scored without loading it again.
  await page.reload();
  await page.waitForSelector('.app-header h1');
  await page.click('#tab-benchmarks');
  await page.waitForFunction(() => document.querySelector('#bench-gold-status')?.textContent.includes('test.json'));
  await page.setInputFiles('#bench-file', predictionsFile);
  await assertSameScores(page, ['casefacts', '--gold', goldFile, '--predictions', predictionsFile]);
  await page.click('#bench-gold-forget');
  await page.waitForFunction(() => /No gold loaded/.test(document.querySelector('#bench-gold-status')?.textContent));
  assert.deepEqual(errors, []);
});

test('LegalSearchQA: predictions only (JSON Lines, letters and indices), against the 50 public items; the CLI agrees', async () => {
  const goldFile = sharedFixture('legalsearchqa/legalsearchqa.json');
  const questions = JSON.parse(fs.readFileSync(goldFile, 'utf8'));
  const predictions = questions.map((q, i) => ({
    id: q.id,
    answer: i % 2 ? 'ABCD'[i % 5 === 0 ? (q.gold + 1) % 4 : q.gold] : (i % 3 === 0 ? q.gold : (q.gold + 2) % 4),
  }));
  const predictionsFile = writeTemp('predictions.jsonl', jsonl(predictions));
  const { page, errors } = await openPage(browser, server.url);
  await loadGold(page, 'legalsearchqa', goldFile);
  await page.setInputFiles('#bench-file', predictionsFile);
  const report = await assertSameScores(page, ['legalsearchqa', '--gold', goldFile, '--predictions', predictionsFile]);
  const accuracy = report.scores.find((s) => s.name === 'accuracy').value;
  assert.ok(accuracy > 0.2 && accuracy < 0.9, `${accuracy}`);
  assert.deepEqual(errors, []);
});

test('CaseFacts predictions: evidence, verdict accuracy and verdict score', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await upload(page, 'casefacts', 'preds.jsonl', jsonl([
    // Gold found among 2 predictions: P 1/2, R 1 → F1 2/3; verdict right.
    { claim: 'A', case_name: ['Roe v. Wade'], label: 'Supported', predicted_cases: ['Doe v. Bolton', 'Roe  v.  Wade'], predicted_verdict: 'SUPPORTED' },
    // 1 of 2 gold cases: P 1, R 1/2 → F1 2/3; verdict wrong.
    { claim: 'B', case_name: ['United States v. Sealy, Inc.', 'Hill v. Colorado'], label: 'Overruled', predicted_cases: ['united states v sealy inc'], predicted_verdict: 'Refuted' },
  ]));
  await page.waitForSelector('#score-evidence-score');
  close(await value(page, 'evidence-score'), 2 / 3);
  close(await value(page, 'verdict-accuracy'), 0.5);
  close(await value(page, 'verdict-score'), 1 / 3);
  assert.match(await page.textContent('#bench-results'), /SUPPORTED/);
  assert.ok(await page.$('#bench-download-csv'));
  await screenshot(page, 'bench-casefacts');
  assert.deepEqual(errors, []);
});

test('LegalSearchQA: accuracy from indices and letters, per category', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const choices = ['w', 'x', 'y', 'z'];
  await upload(page, 'legalsearchqa', 'lsqa.jsonl', jsonl([
    { id: 'q1', question: 'Q1?', choices, gold: 1, category: 'statute', answer: 'B' },
    { id: 'q2', question: 'Q2?', choices, gold: 2, category: 'case', answer: 0 },
  ]));
  await page.waitForSelector('#score-accuracy');
  close(await value(page, 'accuracy'), 0.5);
  assert.match(await page.textContent('#bench-results'), /statute/);
  assert.deepEqual(errors, []);
});

test('LegalSearchQA answered with letters: the table and the opened item name the answers by letter too', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const choices = ['w', 'x', 'y', 'z'];
  await upload(page, 'legalsearchqa', 'letters.jsonl', jsonl([
    { id: 'q1', question: 'Q1?', choices, gold: 1, category: 'statute', answer: 'B' },
    { id: 'q2', question: 'Q2?', choices, gold: 2, category: 'case', answer: '(A)' },
  ]));
  await page.waitForSelector('#bench-items tbody tr');
  const column = async (name) => {
    const index = await page.$$eval('#bench-items thead th', (ths, n) => ths.findIndex((th) => th.textContent.trim() === n), name);
    return page.$$eval('#bench-items tbody tr', (trs, i) => trs.map((tr) => tr.cells[i].textContent.trim()), index);
  };
  assert.deepEqual(await column('gold'), ['B', 'C']);
  assert.deepEqual(await column('chosen'), ['B', 'A']);
  await page.click('#item-open-1');
  const fields = await page.$$eval('#bench-item-detail dt', (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent])));
  assert.equal(fields.gold, 'C');
  assert.equal(fields.chosen, 'A');
  // The gold question, nested in the item, names its answer by letter as well.
  assert.match(fields.question, /"gold": "C"/);
  await screenshot(page, 'bench-legalsearchqa-letters');
  assert.deepEqual(errors, []);
});

test('ROUGE pairs: CLERC generations score as `lexeval rouge --pairs --aggregate --stem`, one row per pair as its --items', async () => {
  const rows = fs.readFileSync(sharedFixture('clerc/gaze_gaps_generation_pairs.jsonl'), 'utf8')
    .split('\n').filter(Boolean).slice(0, 8).map((line) => JSON.parse(line));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-rouge-')), 'clerc-rouge.jsonl');
  fs.writeFileSync(file, jsonl(rows.map((row) => ({ reference: row.gold_text, candidate: row.generation }))));
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', 'rouge-pairs');
  await page.setInputFiles('#bench-file', file);
  await page.waitForSelector('#score-rouge1');
  await assertSameScores(page, ['rouge', '--pairs', file, '--aggregate', '--stem']);
  assert.equal(await page.textContent('#bench-items caption'), 'Per item: 8 of 8 shown');
  const items = `${file}.items.csv`;
  execFileSync(cliBinary(), ['rouge', '--pairs', file, '--stem', '--items', items]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#bench-download-items-csv')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), fs.readFileSync(items, 'utf8'));
  assert.deepEqual(errors, []);
});

test('junk, empty and mis-shaped files give a message naming the problem', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await upload(page, 'rouge-pairs', 'junk.jsonl', '{"reference": "a", "candidate": "b"}\nnot json at all\n');
  await page.waitForSelector('#bench-results .error');
  assert.match(await page.textContent('#bench-results .error'), /line 2/);
  await upload(page, 'rouge-pairs', 'empty.jsonl', '\n\n');
  await page.waitForFunction(() => /no records/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  // Without a gold file every row needs its gold fields: the message names the line, the field and the fix.
  await upload(page, 'casefacts', 'shape.jsonl', '{"claim": "A", "case_name": ["Roe v. Wade"], "label": "Overruled", "predicted_verdict": "Overruled"}\r\n{"claim": "B", "predicted_verdict": "Supported"}\r\n');
  await page.waitForFunction(() => /line 2, field `case_name`.*load CaseFacts test\.json/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  // A wrong type inside a JSON array: the line and the field.
  await upload(page, 'casefacts', 'array.json', '[\n {"claim": "A", "predicted_cases": ["Roe v. Wade"]},\n {"claim": "B",\n  "predicted_cases": "Hill v. Colorado"}\n]');
  await page.waitForFunction(() => /line 4, field `predicted_cases`: invalid type/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  // The released gold chosen as predictions by mistake.
  await upload(page, 'casefacts', 'test.json', '[{"claim": "A", "case_name": ["Roe v. Wade"], "label": "Overruled"}]');
  await page.waitForFunction(() => /looks like the gold file/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  await screenshot(page, 'bench-error');
  assert.deepEqual(errors, []);
});

test('a file that failed for want of gold is scored again once the gold is loaded, and its error goes', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await upload(page, 'casefacts', 'preds.jsonl', '{"claim": "A", "predicted_cases": ["Roe v. Wade"], "predicted_verdict": "Supported"}\n');
  await page.waitForFunction(() => /no gold file is loaded/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  // The gold chosen right away, on the same benchmark (choosing the benchmark again would start afresh).
  await page.setInputFiles('#bench-gold', writeTemp('test.json', '[{"claim": "A", "case_name": ["Roe v. Wade"], "label": "Supported"}]'));
  await page.waitForSelector('#score-evidence-score');
  assert.equal(await page.$('#bench-results .error'), null);
  assert.equal(await page.getAttribute('#score-verdict-accuracy', 'data-value'), '1');
  assert.deepEqual(errors, []);
});
