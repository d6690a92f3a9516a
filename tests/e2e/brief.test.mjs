import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot, observeWorkers } from './harness.mjs';
import { brief, paste } from './fixtures.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const value = (page, id) => page.getAttribute(`#brief-score-${id}`, 'data-value');

test('Kayes v. Pacific Lumber scores L-FRESCO 0 with citation recall 1', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-0');
  await page.waitForSelector('#brief-score-l-fresco');
  assert.equal(await value(page, 'l-fresco'), '0');
  assert.equal(await value(page, 'citation-recall'), '1');
  assert.equal(await value(page, 'citation-precision'), '0.5');
  // The shared authority is highlighted in the same colour in both texts, named (not keyed) in its tooltip.
  const classes = await page.$$eval('.annotated-text span[title*="Kayes v. Pacific Lumber Co., 51 F.3d 1449"]', (els) => els.map((e) => e.className));
  assert.equal(classes.length >= 2, true);
  assert.equal(new Set(classes.map((c) => c.match(/auth-\d/)[0])).size, 1);
  const row = await page.textContent('table.pairs tbody tr');
  assert.match(row, /Kayes v\. Pacific Lumber Co\., 51 F\.3d 1449/);
  // The statute only the generated paragraph cites is flagged by name, in the list and in the text.
  assert.match(await page.textContent('.authority-gaps .hallucinated'), /29 U\.S\.C\. § 1002/);
  const flagged = await page.$$eval('.annotated-text .unshared', (els) => els.map((e) => e.textContent));
  assert.equal(flagged.length, 1);
  assert.match(flagged[0], /1002/);
  // …in words, not by colour alone: its number label says the reference lacks it.
  const labels = await page.$$eval('#brief-annotated-candidate .auth-label', (els) => els.map((e) => e.textContent));
  assert.ok(labels.some((l) => /^\d+, not in the reference$/.test(l)), labels.join(' | '));
  await screenshot(page, 'brief-kayes');
  assert.deepEqual(errors, []);
});

test('generalized FRESCO draws the claim similarity matrix with the matching outlined', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-score-l-fresco');
  assert.equal(await page.$('.heatmap'), null, 'L-FRESCO pairs by authority: no matrix');
  await page.check('#brief-generalized');
  await page.waitForSelector('#brief-score-fresco');
  assert.match(await page.textContent('.heatmap figcaption'), /reference claims; columns G: generated claims/);
  // Three cited reference claims × two cited generated claims; the matching picks two cells.
  assert.equal(await page.$$eval('.heatmap rect:not(.heatmap-current)', (els) => els.length), 6);
  assert.equal(await page.$$eval('.heatmap rect[stroke="#b3261e"]', (els) => els.length), 2);
  // By keyboard (and by tap), a cell's values are spelled out under the map.
  await page.focus('.heatmap-scroll');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#brief-heatmap-cell'), /^R1 × G2: /);
  await page.click('.heatmap rect >> nth=3');
  assert.match(await page.textContent('#brief-heatmap-cell'), /^R2 × G2: [\d.]+.* — reference: Fiduciary status turns on function/);
  const tip = await page.textContent('.heatmap rect title');
  assert.match(tip, /reference: A corporate officer who exercises control over plan assets is a fiduciary\./);
  // Without the embedding model the whole-text cosine card says how to get it.
  assert.match(await page.textContent('#brief-score-embedding-cosine'), /choose embedding cosine/);
  await screenshot(page, 'brief-generalized');
  assert.deepEqual(errors, []);
});

test('typing updates the scores and identical texts score 1', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const text = 'Officers are personally liable. See Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995).';
  await page.fill('#brief-reference', text);
  await page.fill('#brief-candidate', text);
  await page.waitForFunction(() => document.querySelector('#brief-score-l-fresco')?.dataset.value === '1');
  assert.equal(await value(page, 'citation-recall'), '1');
  assert.deepEqual(errors, []);
});

test('a paste or a chosen setting scores at once; typing waits for a quiet moment', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForSelector('#brief-score-l-fresco');
  // Whether the check started before a timer set at the event fires (a paste scores before any timer of
  // the page's own could fire; typing waits 300 ms), seen by watching the results' aria-busy.
  const startsAtOnce = (act) => page.evaluate((what) => new Promise((resolve) => {
    const results = document.querySelector('#brief-results');
    let started = false;
    const observer = new MutationObserver(() => { started ||= results.getAttribute('aria-busy') === 'true'; });
    observer.observe(results, { attributes: true, attributeFilter: ['aria-busy'] });
    if (what.click) {
      document.querySelector(what.click).click();
    } else {
      const area = document.querySelector(what.field);
      area.value = what.text;
      area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: what.inputType }));
    }
    // An ordering, not a duration: a timer due before the typing debounce's (`QUIET`, 300 ms) fires after
    // anything the page starts at once and before anything it debounces, however loaded the machine.
    setTimeout(() => { observer.disconnect(); resolve(started); }, 150);
  }), act);
  const settled = () => page.waitForFunction(() => document.querySelector('#brief-results').getAttribute('aria-busy') === 'false');
  const typed = { field: '#brief-candidate', text: `${brief.generated} T`, inputType: 'insertText' };
  assert.equal(await startsAtOnce(typed), false);
  await page.waitForTimeout(400);
  await settled();
  const pasted = { field: '#brief-candidate', text: brief.reference, inputType: 'insertFromPaste' };
  assert.equal(await startsAtOnce(pasted), true);
  await settled();
  assert.equal(await value(page, 'l-fresco'), '1');
  assert.equal(await startsAtOnce({ click: '#brief-generalized' }), true);
  assert.deepEqual(errors, []);
});

test('a check asked for while the score worker still loads replaces the earlier one; the worker keeps loading', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  // The score worker's wasm is held back, so the paste and the setting chosen right after it both come
  // while the worker is still loading.
  let loads = 0;
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.context().route('**/score_worker_bg.wasm', async (route) => {
    loads += 1;
    await held;
    await route.continue();
  });
  await page.goto(server.url);
  await page.waitForSelector('.app-header h1');
  await page.click('#brief-example-1');
  await page.check('#brief-generalized');
  release();
  await page.waitForSelector('#brief-score-fresco');
  assert.equal(await page.$('#brief-results .error'), null);
  assert.equal(loads, 1, 'the loading worker was not restarted');
  assert.deepEqual(errors, []);
  await page.close();
});

test('user text is rendered as text, never as HTML', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const hostile = '<img src=x onerror="window.pwned=1"> <b>bold</b> See 51 F.3d 1449.';
  await page.fill('#brief-reference', hostile);
  await page.fill('#brief-candidate', hostile);
  await page.waitForSelector('.annotated-text');
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.$$eval('.annotated-text img, .annotated-text b', (els) => els.length), 0);
  assert.equal(await page.inputValue('#brief-reference'), hostile);
  assert.deepEqual(errors, []);
});

test('empty input gives a message; over the limit is refused and the text kept', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.fill('#brief-reference', '');
  await page.fill('#brief-candidate', '');
  await page.waitForSelector('#brief-results .hint');
  const huge = 'The court held that the officer was liable. '.repeat(46000);
  await paste(page, '#brief-reference', huge);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForSelector('.count.over');
  await page.waitForFunction(() => /scores texts up to 2000000/.test(document.querySelector('#brief-results .error')?.textContent ?? ''));
  assert.equal((await page.inputValue('#brief-reference')).length, huge.length);
  assert.deepEqual(errors, []);
});

test('a two-page brief pair and an edit to it are each scored in the score worker, not on the page', async () => {
  const page = await browser.newPage();
  await page.addInitScript(observeWorkers);
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(server.url);
  await page.waitForSelector('#brief-reference');
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForSelector('#brief-score-l-fresco');
  const before = await page.getAttribute('#brief-score-rougeL', 'data-value');
  await page.fill('#brief-candidate', `${brief.generated} An added sentence changes the overlap.`);
  await page.waitForFunction((old) => document.querySelector('#brief-results').getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-rougeL')?.dataset.value !== old, before);
  // How fast is `make bench`'s to say (bench/page.py); here, that both results came from the worker.
  const { checks, reports } = await page.evaluate(() => globalThis.scoreWorker);
  assert.ok(reports >= 2 && checks >= reports, `${checks} checks asked, ${reports} reports received`);
  assert.deepEqual(errors, []);
});

test('cards say what their numbers count, with a named formula and its paper', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-score-l-fresco');
  // Three reference pairs: claim 1 – Kayes, claim 2 – Mertens, claim 3 – Kayes (its short form).
  assert.match(await page.textContent('#brief-score-l-fresco .count-behind'), /^\d of 3 reference claim–authority pairs supported$/);
  assert.equal(await page.textContent('#brief-score-citation-recall .count-behind'),
    '2 of 2 authorities the reference cites are cited by the generated text too');
  assert.match(await page.textContent('#brief-score-rougeL .count-behind'), /^from recall 0\.\d{3} .* precision 0\.\d{3}/);
  const formulas = await page.$$eval('#brief-results .formula summary', (els) => els.map((e) => e.textContent));
  assert.equal(new Set(formulas).size, formulas.length, formulas.join(' | '));
  assert.equal(await page.getAttribute('#brief-score-l-fresco .formula a', 'href'), 'https://arxiv.org/abs/2603.21283');
  assert.deepEqual(errors, []);
});

test('a citation is highlighted whole and numbered; selecting a pair or a citation links text and table', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-annotated-reference');
  // Case name, cite, pin and court-and-year parenthetical, and the short form with its name and pin.
  const kayes = await page.$$eval('#brief-annotated-reference span[title^="citation 1:"]',
    (els) => els.map((e) => e.textContent).join(''));
  assert.match(kayes, /^Kayes v\. Pacific Lumber Co\., 51 F\.3d 1449, 1459 \(9th Cir\. 1995\)Kayes, 51 F\.3d at 1460$/);
  const labels = await page.$$eval('#brief-annotated-reference .auth-label', (els) => els.map((e) => e.textContent));
  assert.deepEqual(labels, ['1', '2', '2', '1']);
  // Clicking a row marks it and highlights its claims in both texts.
  await page.click('#brief-results table.pairs tbody tr >> nth=0');
  assert.equal(await page.getAttribute('#brief-results table.pairs tbody tr >> nth=0', 'aria-selected'), 'true');
  const lit = await page.$$eval('#brief-annotated-reference .selected', (els) => els.map((e) => e.textContent).join(''));
  assert.match(lit, /^A corporate officer who exercises control over plan assets is a fiduciary\./);
  assert.ok(await page.$('#brief-annotated-candidate .selected'));
  // The keyboard selects too.
  await page.focus('#brief-results table.pairs tbody tr >> nth=1');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#brief-results table.pairs tbody tr >> nth=1', 'aria-selected'), 'true');
  assert.match(await page.$$eval('#brief-annotated-reference .selected', (els) => els.map((e) => e.textContent).join('')),
    /Fiduciary status turns on function/);
  // A citation's label button shows the authority, its kind and its pairs.
  await page.click('#brief-annotated-candidate button.auth-label >> nth=0');
  const panel = await page.textContent('#brief-authority-panel');
  assert.match(panel, /Mertens v\. Hewitt/);
  assert.match(panel, /Kind: case/);
  assert.match(panel, /Fiduciary status turns on function/);
  assert.deepEqual(errors, []);
});

test('printing keeps the result and drops the controls', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-annotated-reference');
  assert.equal(await page.isVisible('#brief-scored-with'), false);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.isVisible('#brief-reference'), false);
  // Paper has no settings panel: it says what the numbers were scored with, and drops the hints for the screen.
  assert.equal(await page.textContent('#brief-scored-with'),
    'Scored with ROUGE-L F1 (in-order word overlap); a pair matches when similarity ≥ 0.40.');
  assert.equal(await page.isVisible('#brief-scored-with'), true);
  assert.equal(await page.isVisible('#brief-results table.pairs caption .hint'), false);
  assert.equal(await page.isVisible('.share-bar'), false);
  assert.equal(await page.isVisible('#brief-score-l-fresco'), true);
  assert.equal(await page.isVisible('#brief-annotated-reference .auth-label >> nth=0'), true);
  assert.equal(await page.$eval('#brief-annotated-reference .annotated-text', (e) => getComputedStyle(e).maxHeight), 'none');
  assert.equal(await page.isVisible('#brief-score-l-fresco .formula code'), true);
  assert.deepEqual(errors, []);
});

test('every citation-number button is a tap target of at least 24 × 24 px, on a phone too', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('#brief-example-1');
  await page.waitForSelector('#brief-annotated-candidate button.auth-label');
  const boxes = await page.$$eval('.annotated-text button.auth-label', (els) => els.map((e) => {
    const { width, height } = e.getBoundingClientRect();
    return { text: e.textContent, width, height };
  }));
  assert.ok(boxes.length >= 4, JSON.stringify(boxes));
  for (const box of boxes) assert.ok(box.width >= 24 && box.height >= 24, JSON.stringify(box));
  await screenshot(page, 'brief-tap-targets-390');
  assert.deepEqual(errors, []);
});
