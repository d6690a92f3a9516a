// The page's exported report and `lexeval fresco|pointwise --json` are the same document for the same
// inputs and settings: both drive core's check pipeline. Byte for byte with ROUGE and the LLM judge; with
// the embedding model the cosines agree to 1e-6 (native and wasm tract round f32 differently). Needs the CLI
// binary: LEXEVAL_BIN (`make e2e` sets it to the native test build's), else the checked, release-native or
// debug build in the target directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import { serveDist, launch, openPage } from './harness.mjs';
import { cliBinary, fixture, paste, scriptedLlm } from './fixtures.mjs';



let server, browser, llm, lexeval;
before(async () => {
  lexeval = cliBinary();
  server = await serveDist();
  browser = await launch();
  llm = await scriptedLlm(http);
});
after(async () => { await browser?.close(); await server?.close(); await llm?.close(); });

/** The report the CLI prints for `subcommand` on the two files (run asynchronously: the scripted endpoint
 * answers from this process). */
async function cliReport(subcommand, files, similarity) {
  // The page embeds with the int8 build by default; the CLI with the fp32 one unless told.
  const args = [subcommand, '--json', '--similarity', similarity, '--embedding-model', 'minilm-int8',
    '-r', files[0], '-c', files[1]];
  if (similarity === 'llm') args.push('--endpoint', llm.url, '--model', 'judge-parity');
  const env = { ...process.env, LEXEVAL_API_KEY: 'sk-parity' };
  const { stdout } = await promisify(execFile)(lexeval, args, { env, maxBuffer: 64 << 20 });
  return JSON.parse(stdout);
}

/** The first report of the page's export once the check is done. */
async function exportedReport(page, view) {
  await page.waitForFunction((v) => document.querySelector(`#${v}-results`)?.getAttribute('aria-busy') === 'false'
    && document.querySelector(`#${v}-results .score-cards, #${v}-results .error`), view);
  assert.equal(await page.$(`#${view}-results .error`), null, await page.textContent(`#${view}-results`));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#${view}-export`)]);
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  return exported.reports[0];
}

/**
 * Where two JSON values first differ ("" when they are the same document, key order included); numbers may
 * differ by `tolerance`.
 */
function firstDifference(a, b, tolerance, at = '$') {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) {
    return `${at}: ${JSON.stringify(a)?.slice(0, 200)} vs ${JSON.stringify(b)?.slice(0, 200)}`;
  }
  if (typeof a === 'number' && Math.abs(a - b) <= tolerance) return '';
  if (a === null || typeof a !== 'object') {
    return a === b ? '' : `${at}: ${JSON.stringify(a).slice(0, 200)} vs ${JSON.stringify(b).slice(0, 200)}`;
  }
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
  if (keysA.join() !== keysB.join()) return `${at}: keys ${keysA} vs ${keysB}`;
  for (const key of keysA) {
    const found = firstDifference(a[key], b[key], tolerance, `${at}.${key}`);
    if (found) return found;
  }
  return '';
}

const cases = [
  ['brief', 'fresco', 'rougeL', ['briefs/reference.txt', 'briefs/generated.txt']],
  ['summary', 'pointwise', 'rouge1', ['summaries/reference.txt', 'summaries/generated.txt']],
  ['brief', 'fresco', 'llm', ['briefs/reference.txt', 'briefs/generated.txt']],
  ['summary', 'pointwise', 'llm', ['summaries/reference.txt', 'summaries/generated.txt']],
  ['brief', 'fresco', 'embedding', ['briefs/reference.txt', 'briefs/generated.txt']],
];

for (const [view, subcommand, similarity, files] of cases) {
  test(`${view} check with ${similarity}: the page's export is the report \`lexeval ${subcommand} --json\` prints`, async () => {
    const paths = files.map(fixture);
    const usesModel = similarity === 'embedding' || (view === 'summary' && similarity === 'llm');
    const expected = await cliReport(subcommand, paths, similarity);
    const { page, errors } = await openPage(browser, server.url);
    if (view === 'summary') await page.click('#tab-summary');
    await page.selectOption(`#${view}-similarity`, similarity);
    if (similarity === 'llm') {
      for (const [name, value] of [['endpoint', llm.url], ['model', 'judge-parity'], ['key', 'sk-parity']]) {
        await page.fill(`#${view}-llm-${name}`, value);
        await page.dispatchEvent(`#${view}-llm-${name}`, 'change');
      }
    }
    await paste(page, `#${view}-reference`, fs.readFileSync(paths[0], 'utf8'));
    await paste(page, `#${view}-candidate`, fs.readFileSync(paths[1], 'utf8'));
    const exported = await exportedReport(page, view);
    if (usesModel) {
      // tract's native kernels and its wasm ones round f32 sums differently: cosines agree to ~3e-7, so
      // embedding similarities (and the LLM's cosine pre-selection) are compared to 1e-6, all else exactly.
      assert.equal(firstDifference(exported, expected, 1e-6), '');
    } else {
      // Same keys in the same order, same numbers (serialised again: the export is indented one level
      // deeper).
      assert.equal(firstDifference(exported, expected, 0), '');
      assert.equal(JSON.stringify(exported), JSON.stringify(expected));
    }
    assert.ok(!JSON.stringify(exported).includes('sk-parity'), 'no key in the report');
    if (similarity === 'llm') assert.ok(exported.details.llm_exchanges.length > 0);
    assert.deepEqual(errors, []);
  });
}

