// Benchmark files at scale in headless Chromium (dist/ from `make wasm`), for bench/page_scale.py, which
// times the CLI on the same files. Reads {"casefacts_gold", "casefacts_predictions", "pairs"} (file paths)
// on stdin; prints JSON: for each file, the milliseconds from choosing it to its scores shown, the longest
// main-thread task meanwhile, how long a click made during scoring took to be handled, and (pairs) how long
// Cancel took to stop the run. The browser tests assert the results; this measures their speed.
import fs from 'node:fs';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const files = JSON.parse(fs.readFileSync(0, 'utf8'));

/** Records main-thread long tasks in `window.longTasks` from now on. */
const watchLongTasks = (page) => page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
    .observe({ entryTypes: ['longtask'] });
});

/** The longest main-thread task recorded so far (entries arrive a moment after a task ends). */
async function longestTask(page) {
  await page.waitForTimeout(200);
  return page.evaluate(() => Math.max(0, ...window.longTasks.splice(0)));
}

/** Milliseconds from a click on the header during scoring until the page's handler runs. */
const clickLatency = (page) => page.evaluate(() => new Promise((resolve) => {
  const header = document.querySelector('.app-header h1');
  const start = performance.now();
  header.addEventListener('click', () => resolve(performance.now() - start), { once: true });
  setTimeout(() => header.click(), 0);
}));

async function benchmarksPage(browser, server, kind) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.click('#tab-benchmarks');
  await page.selectOption('#bench-kind', kind);
  await watchLongTasks(page);
  return page;
}

/** Chooses `file` in the page and waits for `done`: milliseconds, the click latency during scoring. */
async function scoreFile(page, file, done) {
  const start = Date.now();
  await page.setInputFiles('#bench-file', file);
  await page.waitForSelector('#bench-progress');
  const clickMs = await clickLatency(page);
  await page.waitForSelector(done);
  return { ms: Date.now() - start, click_ms: clickMs };
}

const server = await serveDist();
const browser = await launch();
try {
  const casefacts = await benchmarksPage(browser, server, 'casefacts');
  await casefacts.setInputFiles('#bench-gold', files.casefacts_gold);
  await casefacts.waitForFunction(() => /\.json/.test(document.querySelector('#bench-gold-status')?.textContent ?? ''));
  await longestTask(casefacts);
  const casefactsRun = await scoreFile(casefacts, files.casefacts_predictions, '#score-verdict-score');
  await casefacts.waitForSelector('#bench-items tbody tr');
  casefactsRun.longest_task_ms = await longestTask(casefacts);

  const pairs = await benchmarksPage(browser, server, 'rouge-pairs');
  const pairsRun = await scoreFile(pairs, files.pairs, '#score-rougeLsum');
  pairsRun.longest_task_ms = await longestTask(pairs);
  await pairs.setInputFiles('#bench-file', files.pairs);
  await pairs.waitForSelector('#bench-progress');
  const cancelStart = Date.now();
  await pairs.click('#bench-cancel');
  await pairs.waitForSelector('#bench-rescore');
  pairsRun.cancel_ms = Date.now() - cancelStart;
  console.log(JSON.stringify({ casefacts: casefactsRun, pairs: pairsRun }));
} finally {
  await browser.close();
  await server.close();
}
