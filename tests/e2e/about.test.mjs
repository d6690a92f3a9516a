import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, screenshot } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('CaseFacts demo: the gold case with a stale verdict scores evidence 1, verdict 0', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  await page.waitForSelector('#demo-casefacts-supported-verdict-score');
  const value = (id) => page.getAttribute(`#${id}`, 'data-value');
  assert.equal(await value('demo-casefacts-supported-evidence-score'), '1');
  assert.equal(await value('demo-casefacts-supported-verdict-score'), '0');
  assert.equal(await value('demo-casefacts-overruled-verdict-score'), '1');
  await screenshot(page, 'about');
  assert.deepEqual(errors, []);
});

test('the Kayes demo opens the brief check with its worked numbers', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#tab-about');
  await page.click('#demo-lfresco-try');
  await page.waitForSelector('#score-l-fresco');
  assert.equal(await page.getAttribute('#score-l-fresco', 'data-value'), '0');
  assert.deepEqual(errors, []);
});
