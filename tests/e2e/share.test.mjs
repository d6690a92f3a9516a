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

test('a link made with another embedding model or metric version says its numbers may differ', async () => {
  const payload = {
    view: 'brief', reference: 'The officer is liable. 51 F.3d 1449.', candidate: 'The officer is liable. 51 F.3d 1449.',
    settings: { similarity: 'rougeL', threshold: 0.5, generalized: false },
    metric_version: '0', model_sha256: '0'.repeat(64),
  };
  const { deflateRawSync } = await import('node:zlib');
  const fragment = `v1.${deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
  const { page, errors } = await openPage(browser, `${server.url}#${fragment}`);
  const notice = await page.textContent('#link-notice');
  assert.match(notice, /metric version 0; this page computes version 1/);
  assert.match(notice, /embedding model sha256 000000000000…; this page ships [0-9a-f]{12}…/);
  await page.waitForSelector('#score-l-fresco');
  assert.equal(await page.getAttribute('#score-l-fresco', 'data-value'), '1');
  assert.deepEqual(errors, []);
});
