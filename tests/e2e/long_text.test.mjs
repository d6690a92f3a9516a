import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot, settled } from './harness.mjs';
import { brief, paste, repeatTo } from './fixtures.mjs';

// A long text (over 50,000 bytes) of a check view is shown read-only in chunks rather than in its text box,
// which would lay out all of it in one task (how long that takes is `make bench`'s to say, bench/page.py).
// What the user pasted or typed stays the text the page checks, saves and shares; "Edit in a text box" gives
// the text box back.
let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const chunksText = (page, id) => page.$$eval(`${id}-long-body > .chunk`, (els) => ({
  count: els.length,
  visibility: getComputedStyle(els[0]).contentVisibility,
  text: els.map((el) => el.textContent).join(''),
}));

test('a long text pasted is shown read-only in chunks, its text box hidden, and checked, saved and kept whole', async () => {
  const { page, errors } = await openPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
  const reference = repeatTo(brief.reference, 1_000_000);
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.waitForSelector('#brief-reference-long');
  assert.equal(await page.isHidden('#brief-reference'), true);
  const chunks = await chunksText(page, '#brief-reference');
  assert.ok(chunks.count > 10, `${chunks.count} chunks`);
  assert.equal(chunks.visibility, 'auto');
  assert.equal(chunks.text, reference);
  assert.equal(await page.getAttribute('#brief-reference-long-body', 'aria-labelledby'), 'brief-reference-label');
  // The short text keeps its text box; the long one is the text checked and saved.
  assert.equal(await page.isVisible('#brief-candidate'), true);
  assert.equal(await page.$('#brief-candidate-long'), null);
  assert.equal(await page.inputValue('#brief-reference'), reference);
  await page.waitForFunction((r) => localStorage.getItem('lexeval.text.brief_reference') === r, reference);
  await settled(page, 'brief');
  assert.equal(await page.textContent('#brief-reference ~ .count'), `${reference.length} characters`);
  await screenshot(page, 'long-text-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'long-text-390');
  // A short text pasted over it gives the text box back.
  await paste(page, '#brief-reference', brief.reference);
  await page.waitForSelector('#brief-reference-long', { state: 'detached' });
  assert.equal(await page.isVisible('#brief-reference'), true);
  assert.deepEqual(errors, []);
});

test('"Edit in a text box" gives a long text its text box back, focused, and what is typed there is kept', async () => {
  const { page, errors } = await openPage(browser, server.url);
  const reference = repeatTo(brief.reference, 100_000);
  await paste(page, '#brief-reference', reference);
  await paste(page, '#brief-candidate', brief.generated);
  await page.click('#brief-reference-edit');
  await page.waitForSelector('#brief-reference-long', { state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.id === 'brief-reference');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Added.');
  const edited = `${reference}Added.`;
  await page.waitForFunction((r) => localStorage.getItem('lexeval.text.brief_reference') === r, edited);
  assert.equal(await page.inputValue('#brief-reference'), edited);
  // Still a text box while it is edited.
  assert.equal(await page.isVisible('#brief-reference'), true);
  assert.deepEqual(errors, []);
});

test('a paste that makes a text long is put in by the page: in place of the selection, line breaks as the text box makes them', async () => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(server.url);
  await page.waitForSelector('#brief-reference');
  const pasteAt = async (id, text, start, end) => {
    await page.evaluate(([id, text, start, end]) => {
      const area = document.querySelector(id);
      area.focus();
      area.setSelectionRange(start, end);
      return navigator.clipboard.writeText(text);
    }, [id, text, start, end]);
    await page.keyboard.press('Control+V');
  };
  // A short paste is the text box's own: how it inserts a text and its line breaks.
  await page.fill('#brief-candidate', 'Before. Selected. After.');
  await pasteAt('#brief-candidate', 'One\r\nTwo\rThree', 8, 18);
  await page.waitForFunction(() => document.querySelector('#brief-candidate').value.includes('One'));
  const native = await page.inputValue('#brief-candidate');
  assert.equal(native, 'Before. One\nTwo\nThreeAfter.');
  assert.equal(await page.$('#brief-candidate-long'), null);
  // A long paste, the same way.
  const long = repeatTo('One\r\nTwo\rThree', 60_000);
  await page.fill('#brief-reference', 'Before. Selected. After.');
  await pasteAt('#brief-reference', long, 8, 18);
  await page.waitForSelector('#brief-reference-long');
  const expected = `Before. ${long.replace(/\r\n?/g, '\n')}After.`;
  assert.equal(await page.inputValue('#brief-reference'), expected);
  assert.equal((await chunksText(page, '#brief-reference')).text, expected);
  await page.waitForFunction((r) => localStorage.getItem('lexeval.text.brief_reference') === r, expected);
  assert.equal(await page.isHidden('#brief-reference'), true);
  await page.waitForFunction(() => document.activeElement?.id === 'brief-reference-long-body');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long paste\'s task only takes the texts in: the check is written and posted to the score worker in a task after it', async () => {
  const { page, errors } = await openPage(browser, server.url, { observe: true });
  // The score worker started by a first check.
  await paste(page, '#brief-reference', brief.reference);
  await paste(page, '#brief-candidate', brief.generated);
  await settled(page, 'brief');
  const reference = repeatTo(brief.reference, 1_000_000);
  const candidate = repeatTo(brief.generated, 1_000_000);
  // Checks posted in the paste's task (its microtasks included): counted by a timer queued before the page's.
  const postedInPaste = await page.evaluate(([r, c]) => new Promise((resolve) => {
    const start = globalThis.scoreWorker.checks;
    setTimeout(() => resolve(globalThis.scoreWorker.checks - start), 0);
    for (const [id, text] of [['brief-reference', r], ['brief-candidate', c]]) {
      const area = document.getElementById(id);
      area.value = text;
      area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }
  }), [reference, candidate]);
  assert.equal(postedInPaste, 0);
  await page.waitForFunction((n) => globalThis.scoreWorker.checks > n, 1);
  await settled(page, 'brief');
  assert.deepEqual(errors, []);
});
