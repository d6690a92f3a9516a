// Citation integrity on the page (issue 37): the brief check's citations to check — a card with their count
// that leads to the list, a "⚠" with its findings as text alternative after each flagged citation of the
// generated text, and the list with each finding's evidence in the CLI's words (a differing quotation beside
// the reference's); none of it when nothing is flagged, and the list on paper.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';
import { cliBinary, paste } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// Riley v. California, quoted at 386 and 403.
const reference = 'Police must generally secure a warrant before searching a cell phone. As the Court put it, '
  + 'officers “must generally secure a warrant before conducting such a search.” Riley v. California, 573 U.S. '
  + '373, 386 (2014). The Court stressed that “[m]odern cell phones are not just another technological '
  + 'convenience.” Riley v. California, 573 U.S. 373, 403 (2014).';
// The examples: the 403 quotation with its "not" dropped, Riley's cite under "Riley v. Texas" with a
// pin of 999, and Riley with its volume transposed (537).
const generated = 'The Court stressed that “modern cell phones are just another technological convenience.” '
  + 'Riley v. California, 573 U.S. 373, 403 (2014). Officers must generally secure a warrant before searching a '
  + 'cell phone seized incident to an arrest. Riley v. Texas, 573 U.S. 373, 999 (2014). The search-incident-to-'
  + 'arrest exception does not reach the data on a phone. Riley v. California, 537 U.S. 373 (2014).';

/** The CLI's printout of the findings: its evidence lines, per flagged citation. */
function cliFindings() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-integrity-'));
  const [r, c] = ['reference.txt', 'generated.txt'].map((name) => path.join(dir, name));
  fs.writeFileSync(r, reference);
  fs.writeFileSync(c, generated);
  const out = execFileSync(cliBinary(), ['fresco', '-r', r, '-c', c], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  const lines = out.split('\n');
  const from = lines.findIndex((l) => /^\d+ citations? to check$/.test(l));
  assert.ok(from >= 0, out);
  return { count: lines[from], evidence: lines.slice(from + 1).filter((l) => l.startsWith('    ')).map((l) => l.trim()) };
}

async function checked(width) {
  const { page, errors } = await openPage(browser, server.url);
  await page.setViewportSize({ width, height: 800 });
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', generated);
  await page.waitForSelector('#brief-score-l-fresco');
  await page.waitForSelector('#brief-annotated-candidate .annotated-text[aria-busy="false"]');
  return { page, errors };
}

const activeId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

for (const width of [1280, 390]) {
  test(`the brief check counts, marks and lists the citations to check, in the CLI's words (${width} px)`, async () => {
    const { page, errors } = await checked(width);
    const cli = cliFindings();
    // The count, on a card of its own beside the scores (no score: it changes none of them).
    assert.equal(cli.count, '3 citations to check');
    assert.equal(await page.textContent('#brief-integrity-card .integrity-count'), cli.count);
    assert.equal(await page.$('#brief-integrity-card[data-value]'), null);

    // A "⚠" after each flagged citation, its findings in words as its text alternative.
    const marks = await page.$$eval('#brief-annotated-candidate .flag-mark', (els) => els.map((e) => ({
      text: e.textContent, role: e.getAttribute('role'), label: e.getAttribute('aria-label'), title: e.title,
      // The citation it follows: the flagged runs just before it (its number label between them).
      after: (() => {
        const runs = [];
        for (let at = e.previousElementSibling; at; at = at.previousElementSibling) {
          if (at.classList.contains('flagged')) runs.unshift(at.textContent);
          else if (runs.length) break;
        }
        return runs.join('');
      })(),
    })));
    assert.equal(marks.length, 3, JSON.stringify(marks));
    for (const mark of marks) {
      assert.equal(mark.text, '⚠');
      assert.equal(mark.role, 'img');
      assert.equal(mark.label, mark.title);
      assert.match(mark.label, /^citation to check: /);
    }
    // Each after its whole citation, pin and parenthetical included, the whole of it underlined.
    assert.deepEqual(marks.map((m) => m.after), ['Riley v. California, 573 U.S. 373, 403 (2014)',
      'Riley v. Texas, 573 U.S. 373, 999 (2014)', 'Riley v. California, 537 U.S. 373 (2014)']);
    assert.match(marks[0].label, /the quotation differs from the reference's: a negation dropped/);
    assert.match(marks[1].label, /the same cite is Riley v\. California, 573 U\.S\. 373 in the reference: the names differ; pin 999 is 626 pages past the first page, 373/);
    assert.match(marks[2].label, /probably the reference's Riley v\. California, 573 U\.S\. 373 — volume differs \(two digits transposed\)/);
    // User text stays text: the marks are spans, the text's runs too.
    assert.equal(await page.$$eval('#brief-annotated-candidate .annotated-text *', (els) => els.filter((e) => !['SPAN', 'BUTTON'].includes(e.tagName)).length), 0);

    // The card leads to the list, which takes the focus.
    await page.click('#brief-integrity-card button.jump');
    assert.equal(await activeId(page), 'brief-integrity');
    const items = await page.$$eval('#brief-integrity > ol > li', (lis) => lis.map((li) => ({
      citation: li.querySelector('.flagged-citation').textContent,
      evidence: [...li.querySelectorAll(':scope > ul > li')].map((e) => e.textContent),
      quotes: [...li.querySelectorAll('blockquote')].map((q) => q.textContent),
    })));
    assert.deepEqual(items.map((i) => i.citation),
      ['Riley v. California, 573 U.S. 373', 'Riley v. Texas, 573 U.S. 373', 'Riley v. California, 537 U.S. 373']);
    // Every finding the CLI prints is in the list, in its words; a differing quotation side by side.
    const listed = items.flatMap((i) => i.evidence);
    assert.equal(listed.length, cli.evidence.length, JSON.stringify({ listed, cli }));
    for (const line of cli.evidence) {
      const quoted = line.match(/^quotes “(.*)”; the reference quotes it as “(.*)”: (.*)$/);
      if (quoted) {
        assert.deepEqual(items[0].quotes, [`“${quoted[1]}”`, `“${quoted[2]}”`]);
        assert.ok(listed.some((l) => l.startsWith(`The quotation differs from the reference's: ${quoted[3]}.`)), line);
      } else {
        assert.ok(listed.includes(line), `${line} not in ${JSON.stringify(listed)}`);
      }
    }
    if (width === 390) {
      // On a phone the two quotations stack.
      const [a, b] = await page.$$eval('#brief-integrity blockquote', (qs) => qs.map((q) => q.getBoundingClientRect().top));
      assert.ok(b > a);
    }
    await screenshot(page, `integrity-list-${width}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `integrity-card-${width}`);
    assert.deepEqual(errors, []);
  });
}

test('printing keeps the citations to check and their marks', async () => {
  const { page, errors } = await checked(1280);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.isVisible('#brief-integrity-card .integrity-count'), true);
  assert.equal(await page.isVisible('#brief-integrity-card button.jump'), false);
  assert.equal(await page.isVisible('#brief-integrity'), true);
  assert.equal(await page.isVisible('#brief-integrity blockquote >> nth=1'), true);
  assert.equal(await page.isVisible('#brief-annotated-candidate .flag-mark >> nth=2'), true);
  assert.deepEqual(errors, []);
});

test('a matched pair whose generated claim misquotes its authority is marked in the pairs table', async () => {
  const { page, errors } = await checked(1280);
  const rows = await page.$$eval('#brief-pairs tbody tr', (trs) => trs.map((tr) => ({
    generated: tr.children[1].textContent,
    verdict: tr.querySelector('td.verdict').textContent,
    mark: tr.querySelector('td.verdict .quote-differs')?.textContent ?? null,
  })));
  const marked = rows.filter((row) => row.mark);
  assert.equal(marked.length, 1, JSON.stringify(rows));
  assert.match(marked[0].generated, /modern cell phones are just another technological convenience/);
  assert.ok(marked[0].verdict.startsWith('✓ match'), marked[0].verdict);
  assert.equal(marked[0].mark, '⚠ quotation differs: a negation dropped');
  assert.deepEqual(errors, []);
});

test('a brief without findings shows no card, no list and no mark', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', reference.replace('Police must', 'The police must'));
  await page.waitForSelector('#brief-score-l-fresco');
  await page.waitForSelector('#brief-annotated-candidate .annotated-text[aria-busy="false"]');
  assert.equal(await page.$('#brief-integrity-card'), null);
  assert.equal(await page.$('#brief-integrity'), null);
  assert.equal(await page.$('.flag-mark'), null);
  assert.equal(await page.$('#brief-pairs .quote-differs'), null);
  assert.deepEqual(errors, []);
});

test('brief pairs on the Benchmarks tab: a "to_check" column as the CLI writes it, and an opened pair lists its findings', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-integrity-pairs-'));
  const file = path.join(dir, 'pairs.jsonl');
  fs.writeFileSync(file, [{ id: 'riley', reference, generated }, { id: 'clean', reference, generated: reference }]
    .map((row) => JSON.stringify(row)).join('\n') + '\n');
  const csv = path.join(dir, 'items.csv');
  execFileSync(cliBinary(), ['fresco', '--pairs', file, '--items', csv]);
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', 'brief-pairs');
  await page.setInputFiles('#pairs-file', file);
  await page.waitForSelector('#bench-items tbody tr:nth-child(2)');
  const column = await page.$$eval('#bench-items thead th', (ths) => ths.findIndex((th) => th.querySelector('#items-sort-to_check')));
  assert.ok(column > 0);
  assert.match(await page.textContent('#items-sort-to_check'), /^to check/);
  const counts = await page.$$eval('#bench-items tbody tr', (trs, i) => trs.map((tr) => tr.children[i].textContent), column);
  assert.deepEqual(counts, ['3', '0']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pairs-download-items-csv')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), fs.readFileSync(csv, 'utf8'));
  // The flagged pair opened: its card and list, as the brief check shows them.
  await page.click('#item-open-0');
  await page.waitForSelector('#pair-integrity-card');
  assert.equal(await page.textContent('#pair-integrity-card .integrity-count'), '3 citations to check');
  assert.equal(await page.$$eval('#pair-integrity > ol > li', (lis) => lis.length), 3);
  assert.equal(await page.$$eval('#pair-annotated-candidate .flag-mark', (els) => els.length), 3);
  fs.rmSync(dir, { recursive: true });
  assert.deepEqual(errors, []);
});
