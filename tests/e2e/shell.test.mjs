import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the app shell renders from wasm with no console errors', async () => {
  const { page, errors } = await openPage(browser, server.url);
  assert.equal(await page.textContent('.app-header h1'), 'lexeval');
  const tabs = await page.$$eval('nav [role=tab]', (els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(tabs, ['Brief check', 'Summary check', 'Answer check', 'Benchmarks', 'About']);
  // The DOM was built by the wasm module, not by static HTML.
  assert.equal(await page.evaluate(() => document.body.innerHTML.includes('tablist')), true);
  await screenshot(page, 'shell');
  assert.deepEqual(errors, []);
});

test('navigation switches views and marks the selected tab', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  await page.waitForSelector('#view-about h2');
  assert.equal(await page.getAttribute('main', 'data-view'), 'about');
  assert.equal(await page.textContent('#view-about h2'), 'About lexeval');
  assert.equal(await page.isVisible('#view-brief'), false);
  assert.equal(await page.getAttribute('#tab-about', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('#tab-brief', 'aria-selected'), 'false');
  assert.deepEqual(errors, []);
});
