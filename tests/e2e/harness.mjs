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

/** Launch headless chromium with the flags this closed-network machine needs. */
export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
}

/** A new page that records console errors and uncaught exceptions into `errors`. */
export async function openPage(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  await page.waitForSelector('.app-header h1', { timeout: 20000 });
  return { page, errors };
}

export async function screenshot(page, name) {
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/** For `addInitScript`: records the embedding worker's `done` replies in `globalThis.embeddingReplies`
 * (`at`: performance.now(), `texts`: embeddings returned, `computed`: texts it had to embed, the rest
 * coming from its cache), by wrapping `Worker` before the page's scripts run. */
export function observeEmbeddingWorker() {
  const Native = globalThis.Worker;
  globalThis.embeddingReplies = [];
  globalThis.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes('embed_worker')) return;
      this.addEventListener('message', (event) => {
        const reply = JSON.parse(event.data);
        if (reply.kind === 'done') {
          globalThis.embeddingReplies.push({ at: performance.now(), texts: reply.embeddings.length, computed: reply.computed });
        }
      });
    }
  };
}
