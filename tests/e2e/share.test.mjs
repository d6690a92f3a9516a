import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage } from './harness.mjs';

let server, browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a share link reproduces the inputs, settings and numbers, and never holds the API key', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('#brief-example-1');
  await page.waitForSelector('#score-l-fresco');
  const scores = await page.$$eval('.score-card', (els) => els.map((e) => [e.id, e.dataset.value]));
  await page.click('#brief-share');
  const link = await page.waitForSelector('.share-link');
  const url = (await link.getAttribute('href')) ?? (await link.inputValue());
  assert.match(url, /#/);
  const opened = await openPage(browser, url);
  await opened.page.waitForSelector('#score-l-fresco');
  assert.equal(await opened.page.inputValue('#brief-reference'), await page.inputValue('#brief-reference'));
  assert.deepEqual(await opened.page.$$eval('.score-card', (els) => els.map((e) => [e.id, e.dataset.value])), scores);
  assert.deepEqual([...errors, ...opened.errors], []);
});
