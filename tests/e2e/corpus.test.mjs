// The Bluebook brief corpus (tests/briefs, issue 18) in the page: every pair's L-FRESCO under ROUGE-L, its
// reference pairs, and the authorities only one text cites, listed by name. `make parity` checks the same
// pairs in the CLI, claim by claim.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';
import { root, paste } from './fixtures.mjs';

const pairs = fs.readFileSync(path.join(root, 'tests/briefs/bluebook_pairs.jsonl'), 'utf8')
  .split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Authorities only one text cites, per the annotation. */
const onlyIn = (pair, here, there) => pair.expected.authorities.filter((a) => a[here] && !a[there]);

test('every Bluebook corpus pair scores its annotated L-FRESCO in the page, authorities named', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.selectOption('#brief-similarity', 'rougeL');
  const failures = [];
  for (const pair of pairs) {
    // Empty texts first, so the next result cannot be the previous pair's.
    await paste(page, '#brief-reference', '');
    await paste(page, '#brief-candidate', '');
    await page.waitForFunction(() => !document.querySelector('#brief-score-l-fresco'));
    await paste(page, '#brief-reference', pair.reference);
    await paste(page, '#brief-candidate', pair.generated);
    await page.waitForFunction(() => document.querySelector('#brief-score-l-fresco')
      && document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false');
    const { supported, of } = pair.expected.l_fresco;
    const shown = await page.$eval('#brief-results', (results) => ({
      score: Number.parseFloat(results.querySelector('#brief-score-l-fresco').dataset.value),
      rows: results.querySelectorAll('table.pairs tbody tr').length,
      authorities: [...results.querySelectorAll('table.pairs td.authority')].map((td) => td.textContent),
      hallucinated: results.querySelectorAll('.authority-gaps .hallucinated code').length,
      missing: results.querySelectorAll('.authority-gaps .missing code').length,
    }));
    const want = {
      score: supported / of,
      rows: of,
      hallucinated: onlyIn(pair, 'in_generated', 'in_reference').length,
      missing: onlyIn(pair, 'in_reference', 'in_generated').length,
    };
    const got = { score: shown.score, rows: shown.rows, hallucinated: shown.hallucinated, missing: shown.missing };
    if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${pair.id}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    // Readers see names ("Mertens v. Hewitt Assocs., 508 U.S. 248"), never internal keys.
    const keys = shown.authorities.filter((a) => /^(case|law|short|section|journal|secondary|restatement|unresolved):/.test(a));
    if (keys.length) failures.push(`${pair.id}: keys shown ${keys}`);
    if (pair.id === 'erisa-mertens-parallel-generated-only') await screenshot(page, 'corpus-parallel-cites');
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(errors, []);
});
