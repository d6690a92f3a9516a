// Page timings in headless Chromium (dist/ from `make wasm`), for bench/page.py. Reads
// {"reference", "candidate"} on stdin; prints JSON: page load until the app shell shows (median of 5 cold
// loads), and a brief check of the two texts from the moment they are in the text areas until the L-FRESCO
// score shows (median of 5; a paste is scored at once, without the quiet time typing gets); then a megabyte brief (`big_reference`,
// `big_candidate`) under each ROUGE similarity: paste → scores shown, and the longest main-thread task
// meanwhile (the score worker does the work, so only rendering the result blocks).
import fs from 'node:fs';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const { reference, candidate, big_reference: bigReference, big_candidate: bigCandidate } =
  JSON.parse(fs.readFileSync(0, 'utf8'));
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs in the page: puts both texts in the brief check's text areas as a paste does, waits until the
 * L-FRESCO score shows (`settled`: and the check is no longer busy, polling less often), and returns the
 * milliseconds taken and the longest main-thread task meanwhile. */
async function pasteBrief([reference, candidate, settled]) {
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ entryTypes: ['longtask'] });
  const set = (id, text) => {
    const area = document.getElementById(id);
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  };
  const t0 = performance.now();
  set('brief-reference', reference);
  set('brief-candidate', candidate);
  const done = () => document.querySelector('#score-l-fresco')
    && (!settled || document.querySelector('#brief-results').getAttribute('aria-busy') === 'false');
  while (!done()) await new Promise((r) => setTimeout(r, settled ? 20 : 5));
  const ms = performance.now() - t0;
  // Long-task entries arrive a moment after the task ends.
  if (settled) await new Promise((r) => setTimeout(r, 100));
  observer.disconnect();
  return { ms, longest_task_ms: Math.max(0, ...longTasks) };
}

const server = await serveDist();
const browser = await launch();
const freshPage = async () => {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForSelector('.app-header h1');
  return page;
};
try {
  const loads = [];
  const scorings = [];
  for (let i = 0; i < 5; i += 1) {
    const page = await freshPage();
    loads.push(await page.evaluate(() => performance.now()));
    scorings.push((await page.evaluate(pasteBrief, [reference, candidate, false])).ms);
    await page.close();
  }
  const megabyte = {};
  for (const similarity of ['rougeL', 'rouge1', 'rouge2']) {
    const page = await freshPage();
    await page.selectOption('#brief-similarity', similarity);
    megabyte[similarity] = await page.evaluate(pasteBrief, [bigReference, bigCandidate, true]);
    await page.close();
  }
  console.log(JSON.stringify({ load_ms: median(loads), brief_ms: median(scorings), megabyte }));
} finally {
  await browser.close();
  await server.close();
}
