// Text and table linked both ways (issue 34 item 6): a claim chosen in either text selects its rows in the
// pairs table and brings them into view; a citation's number opens its authority's panel beside it, with
// the focus, and Escape closes it and gives the focus back; the score cards lead to the lists of what they
// leave out (authorities only one text cites, unsupported generated points).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const rows = '#brief-pairs tbody tr';
/** Each row's aria-selected, in order. */
const selectedRows = (page) => page.$$eval(rows, (trs) => trs.map((tr) => tr.getAttribute('aria-selected')));
/** Whether the element is inside the viewport (to the pixel: a scroll may leave a fraction over). */
const inView = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.height > 0
    || `${JSON.stringify(r)} in ${window.innerHeight}`;
});
const activeId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

async function twoAuthorities(width) {
  const { page, errors } = await openPage(browser, server.url);
  await page.setViewportSize({ width, height: 800 });
  await page.click('#brief-example-1');
  await page.waitForSelector(`${rows} >> nth=2`);
  await page.waitForSelector('#brief-annotated-reference [data-claim]');
  return { page, errors };
}

test('a claim clicked or pressed in either text selects its rows and scrolls them into view', async () => {
  const { page, errors } = await twoAuthorities(1280);
  // Reference claims: 1 cites Kayes, 2 Mertens, 3 Kayes again (its short form): one row each.
  await page.click('#brief-annotated-reference [data-claim="0"] >> nth=0');
  assert.deepEqual(await selectedRows(page), ['true', 'false', 'false']);
  assert.equal(true, await inView(page, `${rows}[aria-selected="true"]`), 'the selected row is scrolled into view');
  // The claim is lit in its text, and so is the generated claim of its pair.
  assert.match(await page.$$eval('#brief-annotated-reference .selected', (els) => els.map((e) => e.textContent).join('')),
    /^A corporate officer who exercises control over plan assets is a fiduciary\./);
  assert.ok(await page.$('#brief-annotated-candidate .selected'));

  // A generated claim selects every row it is the generated claim of.
  const generated = (await page.textContent('#brief-annotated-candidate [data-claim="1"] >> nth=0')).trim();
  await page.click('#brief-annotated-candidate [data-claim="1"] >> nth=0');
  const chosen = await page.$$eval(`${rows}[aria-selected="true"] td:nth-child(2)`, (tds) => tds.map((td) => td.textContent));
  assert.ok(chosen.length >= 1, 'a generated claim selects its rows');
  for (const cell of chosen) assert.ok(cell.startsWith(generated.slice(0, 30)), `${cell} / ${generated}`);

  // The keyboard: a claim is one tab stop, Enter or Space selects it.
  await page.focus('#brief-annotated-reference [data-claim="1"][tabindex="0"]');
  await page.keyboard.press('Enter');
  assert.deepEqual(await selectedRows(page), ['false', 'true', 'false']);
  await page.focus('#brief-annotated-reference [data-claim="2"][tabindex="0"]');
  await page.keyboard.press(' ');
  assert.deepEqual(await selectedRows(page), ['false', 'false', 'true']);
  assert.equal(await page.$$eval('#brief-annotated-reference [data-claim="0"][tabindex="0"]', (els) => els.length), 1);
  await screenshot(page, 'linking-claim-selects-rows');
  assert.deepEqual(errors, []);
});

for (const width of [1280, 390]) {
  test(`a citation's number opens its panel beside it with the focus; Escape closes it and gives the focus back (${width} px)`, async () => {
    const { page, errors } = await twoAuthorities(width);
    const number = '#brief-annotated-candidate button.auth-label >> nth=0';
    await page.click(number);
    await page.waitForSelector('#brief-authority-panel');
    assert.equal(await activeId(page), 'brief-authority-panel');
    assert.match(await page.textContent('#brief-authority-panel'), /Mertens v\. Hewitt/);
    // Beside the number: just under it, and on screen.
    const [button, panel] = await Promise.all([number, '#brief-authority-panel'].map((s) => page.$eval(s, (e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    })));
    assert.ok(panel.top >= button.bottom && panel.top - button.bottom < 24, JSON.stringify({ button, panel }));
    assert.equal(true, await inView(page, '#brief-authority-panel h3'));
    assert.ok(panel.right <= width, JSON.stringify(panel));
    // Its pairs are the rows selected: Mertens is the second reference claim's authority.
    assert.deepEqual(await selectedRows(page), ['false', 'true', 'false']);
    await screenshot(page, `linking-panel-${width}`);

    await page.keyboard.press('Escape');
    assert.equal(await page.$('#brief-authority-panel'), null);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('auth-label')), true);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), '2');

    // From the keyboard: Enter on the focused number opens it; "Show them in the table" focuses the row.
    await page.keyboard.press('Enter');
    await page.waitForSelector('#brief-authority-panel');
    assert.equal(await activeId(page), 'brief-authority-panel');
    await page.click('#brief-authority-panel-rows');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected')), 'true');
    assert.equal(true, await inView(page, `${rows}[aria-selected="true"]`));
    await page.click('#brief-authority-panel-close');
    assert.equal(await page.$('#brief-authority-panel'), null);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('auth-label')), true);
    assert.deepEqual(errors, []);
  });
}

test('the citation cards lead to the authorities only one text cites; the precision card to unsupported points', async () => {
  const { page, errors } = await openPage(browser, server.url);
  // Kayes: the generated text also cites a statute the reference does not.
  await page.click('#brief-example-0');
  const jump = '#brief-score-citation-precision button.jump';
  await page.waitForSelector(jump);
  assert.equal(await page.textContent(jump), 'Cited only by the generated text: 1');
  await page.click(jump);
  assert.equal(await activeId(page), 'brief-generated-only');
  assert.equal(true, await inView(page, '#brief-generated-only'));
  assert.match(await page.textContent('#brief-generated-only'), /Cited only by the generated text/);
  await screenshot(page, 'linking-gap-list-1280');
  // Every authority of the reference is cited by the generated text: no link on the recall card.
  assert.equal(await page.$('#brief-score-citation-recall button.jump'), null);

  await page.click('#tab-summary');
  await page.click('#summary-example-0');
  const points = '#summary-score-pointwise-precision button.jump';
  await page.waitForSelector(points);
  assert.match(await page.textContent(points), /^Generated points the reference does not support: \d+$/);
  // A summary's rows are points, not the texts' claims: its claims select nothing and are no tab stops.
  await page.waitForSelector('#summary-annotated-reference .claim');
  assert.equal(await page.$$eval('#summary-annotated-reference [data-claim], #summary-annotated-reference .claim[tabindex]', (els) => els.length), 0);
  await page.focus(points);
  await page.keyboard.press('Enter');
  assert.equal(await activeId(page), 'summary-unsupported-points');
  assert.equal(true, await inView(page, '#summary-unsupported-points'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.focus(points);
  await page.keyboard.press('Enter');
  await screenshot(page, 'linking-unsupported-390');
  assert.deepEqual(errors, []);
});
