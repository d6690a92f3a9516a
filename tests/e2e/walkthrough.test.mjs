// Teaching demos step through (issue 34 item 10): a built-in example, or an About demo tried, is walked one
// step of the paper's procedure at a time — claims found, authorities, pairs, similarities, score — each
// with its counts and what it adds highlighted, Back and Next from the mouse or the keyboard, read from the
// check's report: the walk scores nothing again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, screenshot, openPage, settled } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const observedPage = (width = 1280) =>
  openPage(browser, server.url, { observe: true, viewport: { width, height: 900 } });
const title = (page, view) => page.textContent(`#${view}-walk-title`);
const counts = (page, view) => page.textContent(`#${view}-walk-counts`);
const sectionClass = (page, view) => page.$eval(`#${view}-title`, (h) => h.closest('section').className);

for (const width of [1280, 390]) {
  test(`the brief example walks claims → authorities → pairs → similarities → score (${width} px)`, async () => {
    const { page, errors } = await observedPage(width);
    await page.click('#brief-example-1');
    await settled(page, 'brief');
    const scored = await page.evaluate(() => globalThis.scoreWorker.checks);
    const headline = await page.textContent('#brief-score-l-fresco .value');
    const supported = (await page.textContent('#brief-score-l-fresco .count-behind')).match(/^(\d+) of 3 /)[1];

    await page.click('#brief-walk-start');
    assert.equal(await title(page, 'brief'), 'Step 1 of 5: Claims found');
    assert.equal(await counts(page, 'brief'), '3 reference claims (R) and 2 generated claims (G).');
    assert.match(await page.textContent('#brief-walk-items'), /R1: A corporate officer who exercises control/);
    assert.match(await sectionClass(page, 'brief'), /\bwalk-claims\b/);
    // What the step adds is highlighted: the claims in the texts.
    assert.equal(await page.$eval('#brief-annotated-reference .claim', (e) => getComputedStyle(e).backgroundColor), 'rgb(255, 243, 176)');
    assert.equal(await page.isDisabled('#brief-walk-back'), true);
    await screenshot(page, `walk-brief-claims-${width}`);

    await page.click('#brief-walk-next');
    assert.equal(await title(page, 'brief'), 'Step 2 of 5: Authorities');
    assert.equal(await counts(page, 'brief'), 'The reference cites 2 authorities, the generated text 2; 2 are cited by both.');
    assert.match(await page.textContent('#brief-walk-items'), /Mertens v\. Hewitt Associates.*: cited by both/);
    assert.match(await sectionClass(page, 'brief'), /\bwalk-authorities\b/);

    // The keyboard: Next keeps the focus, Enter moves on.
    await page.focus('#brief-walk-next');
    await page.keyboard.press('Enter');
    assert.equal(await title(page, 'brief'), 'Step 3 of 5: Pairs');
    assert.equal(await counts(page, 'brief'), '3 pairs; 3 have a generated claim to compare with.');
    assert.match(await page.textContent('#brief-walk-items'), /R1 \+ Kayes v\. Pacific Lumber Co\..* → G2/);
    // The pairs are shown; the similarities and verdicts wait for their steps.
    assert.equal(await page.isVisible('#brief-pairs tbody tr >> nth=0 >> td.verdict'), false);
    await screenshot(page, `walk-brief-pairs-${width}`);
    await page.keyboard.press('Enter');
    assert.equal(await title(page, 'brief'), 'Step 4 of 5: Similarities');
    assert.equal(await counts(page, 'brief'), `${supported} of 3 compared pairs supported (match when similarity ≥ 0.40).`);
    assert.match(await page.textContent('#brief-walk-items'), /R1 \+ Kayes.* ↔ G2: 0\.\d+ [≥<] 0\.40/);
    assert.equal(await page.isVisible('#brief-pairs tbody tr >> nth=0 >> td.num'), true);
    await page.keyboard.press('Enter');
    assert.equal(await title(page, 'brief'), 'Step 5 of 5: Score');
    assert.equal(await counts(page, 'brief'), `L-FRESCO = ${supported} / 3 = ${headline}.`);
    assert.equal(await page.isDisabled('#brief-walk-next'), true);
    assert.equal(await page.isVisible('#brief-pairs tbody tr >> nth=0 >> td.verdict'), true);
    await screenshot(page, `walk-brief-score-${width}`);

    await page.click('#brief-walk-back');
    assert.equal(await title(page, 'brief'), 'Step 4 of 5: Similarities');
    await page.click('#brief-walk-close');
    assert.equal(await page.$('#brief-walk-title'), null);
    assert.doesNotMatch(await sectionClass(page, 'brief'), /walk-/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'brief-walk-start');
    // Every step came from the report already there.
    assert.equal(await page.evaluate(() => globalThis.scoreWorker.checks), scored);
    assert.deepEqual(errors, []);
  });
}

test('the About demo tried in the brief check, and the summary example, step through too', async () => {
  const { page, errors } = await observedPage();
  await page.click('#tab-about');
  await page.click('#demo-lfresco-try');
  await settled(page, 'brief');
  await page.click('#brief-walk-start');
  assert.equal(await counts(page, 'brief'), '1 reference claim (R) and 1 generated claim (G).');
  for (let i = 0; i < 4; i += 1) await page.click('#brief-walk-next');
  assert.equal(await counts(page, 'brief'), 'L-FRESCO = 0 / 1 = 0.000.');

  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  await settled(page, 'summary');
  const recall = await page.textContent('#summary-score-pointwise-recall .value');
  const precision = await page.textContent('#summary-score-pointwise-precision .value');
  await page.click('#summary-walk-start');
  assert.equal(await title(page, 'summary'), 'Step 1 of 5: Points found');
  assert.equal(await counts(page, 'summary'), '4 reference points (R) and 4 generated points (G).');
  await page.click('#summary-walk-next');
  assert.equal(await title(page, 'summary'), 'Step 2 of 5: Point weights (no authorities)');
  for (let i = 0; i < 3; i += 1) await page.click('#summary-walk-next');
  assert.equal(await title(page, 'summary'), 'Step 5 of 5: Score');
  const score = await counts(page, 'summary');
  assert.ok(score.includes(`= ${recall}; precision = `) && score.endsWith(`= ${precision}.`), score);
  await screenshot(page, 'walk-summary-score-1280');
  assert.deepEqual(errors, []);
});
