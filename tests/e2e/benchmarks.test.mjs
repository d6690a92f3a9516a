import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

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

test('ROUGE pairs: identical pairs score 1', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const pair = { reference: 'the cat sat on the mat', candidate: 'the cat sat on the mat' };
  await upload(page, 'rouge-pairs', 'pairs.jsonl', jsonl([pair, pair]));
  await page.waitForSelector('#score-rouge1');
  close(await value(page, 'rouge1'), 1);
  close(await value(page, 'rougeL'), 1);
  assert.deepEqual(errors, []);
});

test('junk, empty and mis-shaped files give a message naming the problem', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await upload(page, 'rouge-pairs', 'junk.jsonl', '{"reference": "a", "candidate": "b"}\nnot json at all\n');
  await page.waitForSelector('#bench-results .error');
  assert.match(await page.textContent('#bench-results .error'), /line 2/);
  await upload(page, 'rouge-pairs', 'empty.jsonl', '\n\n');
  await page.waitForFunction(() => /no JSON lines/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  await upload(page, 'casefacts', 'shape.jsonl', '{"claim": "A"}\n');
  await page.waitForFunction(() => /row 1/.test(document.querySelector('#bench-results .error')?.textContent ?? ''));
  await screenshot(page, 'bench-error');
  assert.deepEqual(errors, []);
});
