// End-to-end harness: serves dist/ on a loopback port and drives Debian's chromium with playwright-core.
import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
export const screenshots = path.join(root, 'test-results');

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json',
};

/** The content type a static host gives `file`. */
export const contentType = (file) => types[path.extname(file)] ?? 'application/octet-stream';

/** Sends `file` as it is with `headers`, or a 404 when there is no such file. */
export function sendFile(res, file, headers = {}) {
  if (!file || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404, headers).end('not found');
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': contentType(file), 'content-length': fs.statSync(file).size });
  fs.createReadStream(file).pipe(res);
}

/** Serve dist/ on 127.0.0.1 with an OS-chosen port; resolves to { url, close }. */
export function serveDist() {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dist, urlPath === '/' ? 'index.html' : urlPath);
    sendFile(res, file.startsWith(dist) && file);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** How long any wait in the browser tests may take before the test fails as hung. Not a speed check: speed
 * is measured by `make bench`. */
export const HANG_GUARD_MS = 600000;

/** Launch headless chromium with the flags this closed-network machine needs; its pages wait up to
 * `HANG_GUARD_MS`. */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...options) => {
    const page = await newPage(...options);
    page.setDefaultTimeout(HANG_GUARD_MS);
    return page;
  };
  return browser;
}

/** Polls `condition` (an async function of nothing, evaluated in the test) until it holds, for what the page
 * cannot wait on itself (a mock endpoint's records, IndexedDB); fails as hung after `HANG_GUARD_MS`, naming
 * `what`, instead of polling for ever. */
export async function until(page, condition, what) {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`hung: still waiting for ${what}`);
    await page.waitForTimeout(50);
  }
}

/** A new page that records console errors and uncaught exceptions into `errors`. `observe`: with
 * `observeWorkers` installed before the page's scripts; `viewport`: its size (Playwright's default
 * otherwise). */
export async function openPage(browser, url, { observe = false, viewport } = {}) {
  const page = await browser.newPage(viewport ? { viewport } : {});
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  if (observe) await page.addInitScript(observeWorkers);
  await page.goto(url);
  await page.waitForSelector('.app-header h1');
  return { page, errors };
}

/** Resolves once `view`'s check has ended with a score shown. */
export const settled = (page, view) => page.waitForFunction(
  (v) => document.querySelector(`#${v}-results`)?.getAttribute('aria-busy') === 'false'
    && document.querySelector(`#${v}-results .score-card`), view);

export async function screenshot(page, name) {
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/** For `addInitScript`: wraps `Worker` before the page's scripts run, to record what the page and its two
 * workers say to each other, whatever the machine's load. `globalThis.scoreWorker` counts the check and
 * benchmark-file requests the page posts to the score worker (`checks`, `benchmarks`) and the reports it
 * sends back (`reports`): proof that the scores are computed in the worker. `globalThis.embeddingReplies`
 * lists the embedding worker's `done` replies (`at`: performance.now(), `texts`: embeddings returned,
 * `computed`: texts it had to embed, the rest coming from its cache). */
export function observeWorkers() {
  const Native = globalThis.Worker;
  globalThis.scoreWorker = { checks: 0, benchmarks: 0, reports: 0 };
  globalThis.embeddingReplies = [];
  globalThis.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (String(url).includes('embed_worker')) {
        this.addEventListener('message', (event) => {
          const reply = JSON.parse(event.data);
          if (reply.kind === 'done') {
            globalThis.embeddingReplies.push({ at: performance.now(), texts: reply.embeddings.length, computed: reply.computed });
          }
        });
      }
      if (String(url).includes('score_worker')) {
        const post = this.postMessage.bind(this);
        this.postMessage = (message, ...rest) => {
          if (typeof message === 'string' && message.includes('"check":')) globalThis.scoreWorker.checks += 1;
          if (typeof message === 'string' && message.includes('"benchmark":{"score"')) globalThis.scoreWorker.benchmarks += 1;
          return post(message, ...rest);
        };
        this.addEventListener('message', (event) => {
          // `done` replies come as UTF-8 bytes; the report follows the reply's kind and id.
          const head = event.data instanceof Uint8Array ? new TextDecoder().decode(event.data.subarray(0, 60))
            : String(event.data);
          if (head.includes('"report":')) globalThis.scoreWorker.reports += 1;
        });
      }
    }
  };
}

/** Clicks `selector` while the page shows `busySelector` (a check under way), and returns whether the page's
 * own click handler still found it. Were the check running on the main thread, the click would wait behind
 * it and be handled only once the check had ended: an ordering, so it does not depend on how loaded the
 * machine is. */
export async function clickHandledWhileBusy(page, selector, busySelector) {
  await page.waitForSelector(busySelector);
  await page.evaluate(([sel, busy]) => {
    window.clickSawBusy = undefined;
    document.querySelector(sel).addEventListener('click', () => {
      window.clickSawBusy = document.querySelector(busy) !== null;
    }, { once: true, capture: true });
  }, [selector, busySelector]);
  await page.click(selector);
  await page.waitForFunction(() => window.clickSawBusy !== undefined);
  return page.evaluate(() => window.clickSawBusy);
}
