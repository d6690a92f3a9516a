import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage } from './harness.mjs';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brief, cliBinary, paste, repeatTo } from './fixtures.mjs';

// How the page draws a result (how fast is `make bench`'s, bench/page.py): a long annotated text in chunks, one
// per animation frame, and a result once, however often a newer check marks it stale.
let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a megabyte annotated text is drawn in chunks, each a block, and drawn in full in the end', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const reference = repeatTo(brief.reference, 1_000_000);
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', repeatTo(brief.generated, 1_000_000));
  await page.waitForSelector('#brief-annotated-reference .annotated-text');
  await page.waitForSelector('#brief-annotated-reference .annotated-text[aria-busy=false]');
  // How many chunks there are is known once the last is cut (they are cut as they are drawn).
  const chunks = Number(await page.getAttribute('#brief-annotated-reference .annotated-text', 'data-chunks'));
  assert.ok(chunks > 10, `${chunks} chunks`);
  const drawn = await page.$$eval('#brief-annotated-reference .annotated-text > .chunk', (els) => ({
    count: els.length,
    display: getComputedStyle(els[0]).display,
    // The text without the authorities' number labels and point marks drawn after citations.
    text: els.map((el) => {
      const copy = el.cloneNode(true);
      copy.querySelectorAll('.auth-label, .point-mark').forEach((label) => label.remove());
      return copy.textContent;
    }).join(''),
  }));
  assert.equal(drawn.count, chunks);
  assert.equal(drawn.display, 'block');
  assert.equal(drawn.text, reference);
  assert.deepEqual(errors, []);
});

test('a brief-sized text is drawn at once, in one chunk', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-0');
  await page.waitForSelector('#brief-annotated-candidate .annotated-text');
  assert.equal(await page.getAttribute('#brief-annotated-candidate .annotated-text', 'data-chunks'), '1');
  assert.equal(await page.getAttribute('#brief-annotated-candidate .annotated-text', 'aria-busy'), 'false');
  assert.deepEqual(errors, []);
});

test('a newer check marks the result on screen stale without drawing it again', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForFunction(() => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-l-fresco'));
  // Count the L-FRESCO cards added to the page while the next check runs and its result is drawn.
  await page.evaluate(() => {
    window.cardsDrawn = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType === 1 && (node.id === 'brief-score-l-fresco' || node.querySelector('#brief-score-l-fresco'))) {
            window.cardsDrawn += 1;
          }
        }
      }
    }).observe(document.querySelector('#brief-results'), { subtree: true, childList: true });
  });
  // The generated text made the reference: L-FRESCO becomes 1.
  assert.notEqual(await page.getAttribute('#brief-score-l-fresco', 'data-value'), '1');
  await paste(page, '#brief-candidate', brief.reference);
  await page.waitForFunction(() => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-l-fresco')?.dataset.value === '1');
  // Before, the result was drawn again as stale and then once more: two cards. Now the stale mark is a class,
  // and the new result is drawn over the old one (at most one card added).
  assert.ok(await page.evaluate(() => window.cardsDrawn) <= 1, `${await page.evaluate(() => window.cardsDrawn)} cards drawn`);
  assert.equal(await page.$('#brief-results .stale'), null);
  assert.deepEqual(errors, []);
});

/** The claims `lexeval fresco --json` finds in each text (those with any text: each is a span on the page). */
/** `lexeval <command> --json -r reference -c candidate ...options`, read. */
async function cli(command, reference, candidate, ...options) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexeval-rendering-'));
  const [r, c] = [path.join(dir, 'reference.txt'), path.join(dir, 'candidate.txt')];
  fs.writeFileSync(r, reference);
  fs.writeFileSync(c, candidate);
  const { stdout } = await promisify(execFile)(cliBinary(), [command, '--json', '-r', r, '-c', c, ...options],
    { maxBuffer: 256 << 20 });
  fs.rmSync(dir, { recursive: true, force: true });
  return JSON.parse(stdout);
}

async function cliClaims(reference, candidate) {
  const { details } = await cli('fresco', reference, candidate);
  const count = (claims) => claims.filter((claim) => claim.end > claim.start).length;
  return { reference: count(details.reference_claims), candidate: count(details.candidate_claims) };
}

/** Each claim's tab stop (its first run) drawn in the annotated text `name`: its claim numbers, in order. */
const claimStops = (page, name) => page.$$eval(`#brief-annotated-${name} .annotated-text [data-claim][tabindex="0"]`,
  (els) => els.map((el) => Number(el.dataset.claim)));

test('a megabyte result drawn in slices is complete: every claim of both texts drawn once, as the CLI finds them', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const reference = repeatTo(brief.reference, 1_000_000);
  const candidate = repeatTo(brief.generated, 1_000_000);
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', candidate);
  for (const name of ['reference', 'candidate']) {
    await page.waitForSelector(`#brief-annotated-${name} .annotated-text[aria-busy=false]`);
  }
  const expected = await cliClaims(reference, candidate);
  for (const name of ['reference', 'candidate']) {
    const stops = await claimStops(page, name);
    // Numbered in reading order, each once: no chunk drawn twice or left out.
    assert.equal(stops.length, expected[name], `${name}: ${stops.length} claims drawn`);
    assert.ok(stops.every((claim, i) => i === 0 || claim > stops[i - 1]), `${name}: claims out of order or twice`);
  }
  // The whole-text ROUGE, computed by a second score worker beside the check, is the CLI's.
  const { scores } = await cli('rouge', reference, candidate, '--stem', '--types', 'rouge1,rouge2,rougeL');
  for (const { name, value } of scores) {
    assert.equal(Number(await page.getAttribute(`#brief-score-${name}`, 'data-value')), value, name);
  }
  assert.deepEqual(errors, []);
});

test('new texts, or none, while a megabyte result is still being drawn: the old drawing stops, the new one is whole', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const big = [repeatTo(brief.reference, 1_000_000), repeatTo(brief.generated, 1_000_000)];
  await paste(page, '#brief-reference', big[0]);
  await paste(page, '#brief-candidate', big[1]);
  await page.waitForSelector('#brief-annotated-reference .annotated-text[aria-busy=true]');
  // New texts while the megabyte's chunks are still being drawn.
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForFunction(() => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-annotated-reference .annotated-text[aria-busy=false]'));
  const text = await page.$eval('#brief-annotated-reference .annotated-text', (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('.auth-label, .point-mark').forEach((label) => label.remove());
    return copy.textContent;
  });
  assert.equal(text, brief.reference);
  assert.equal(await page.getAttribute('#brief-annotated-reference .annotated-text', 'data-chunks'), '1');
  // Some frames later, nothing of the megabyte has been drawn into it.
  await page.evaluate(() => new Promise((resolve) => { let n = 30; const f = () => (--n ? requestAnimationFrame(f) : resolve()); requestAnimationFrame(f); }));
  assert.equal(await page.$$eval('#brief-annotated-reference .chunk', (els) => els.length), 1);
  // And the texts cleared while a megabyte is being drawn: its figures go, and nothing is drawn after.
  await paste(page, '#brief-reference', big[0]);
  await paste(page, '#brief-candidate', big[1]);
  await page.waitForSelector('#brief-annotated-reference .annotated-text[aria-busy=true]');
  await page.click('#brief-clear');
  await page.waitForFunction(() => !document.querySelector('.annotated-text'));
  await page.evaluate(() => new Promise((resolve) => { let n = 30; const f = () => (--n ? requestAnimationFrame(f) : resolve()); requestAnimationFrame(f); }));
  assert.equal(await page.$('.annotated-text'), null);
  assert.deepEqual(errors, []);
});

/** Runs in the page: counts animation frames, and keeps in `window.firstSeen` the frame in which each of
 * `parts` (name → selector) first appeared. */
function watchParts(parts) {
  window.frame = 0;
  const tick = () => { window.frame += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  window.firstSeen = {};
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(parts)) {
      if (!(name in window.firstSeen) && document.querySelector(selector)) window.firstSeen[name] = window.frame;
    }
  }).observe(document.body, { subtree: true, childList: true });
}

test('a megabyte result is drawn over animation frames, the cards first, then the table, then the lists beside it; a brief\'s at once', async () => {
  const parts = { cards: '#brief-results .score-cards', table: '#brief-pairs', gaps: '#brief-results .authority-gaps' };
  const { page, errors } = await openPage(browser, server.url);
  await page.evaluate(watchParts, parts);
  await page.click('#brief-example-0');
  await page.waitForSelector('#brief-results .authority-gaps');
  const small = await page.evaluate(() => window.firstSeen);
  assert.ok(small.cards === small.table && small.table === small.gaps, JSON.stringify(small));
  // A fresh page, so that no earlier result's parts are there.
  const { page: bigPage, errors: bigErrors } = await openPage(browser, server.url);
  await bigPage.evaluate(watchParts, parts);
  await paste(bigPage, '#brief-reference', repeatTo(brief.reference, 1_000_000));
  await paste(bigPage, '#brief-candidate', repeatTo(brief.generated, 1_000_000));
  await bigPage.waitForFunction(() => document.querySelector('#brief-results')?.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-results .authority-gaps'));
  const big = await bigPage.evaluate(() => window.firstSeen);
  assert.ok(big.cards < big.table && big.table < big.gaps, JSON.stringify(big));
  assert.deepEqual([...errors, ...bigErrors], []);
});
