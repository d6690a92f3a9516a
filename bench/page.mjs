// Page timings in headless Chromium (dist/ from `make wasm`), for bench/page.py. Reads {"reference",
// "candidate", "big_reference", "big_candidate"} on stdin; prints JSON:
// - `load_ms`: page load until the app shell shows (median of 5 cold loads);
// - `brief`: the two-page brief pasted → L-FRESCO shown (a paste is scored at once: this is the time after
//   the typing debounce), median of 5 fresh pages (the first check may wait for the score worker to start);
// - `warm`: five other two-page briefs (`briefs`) checked one after another on a page that has checked one;
// - `edit`: one sentence of the generated brief replaced → its scores shown, median of 5 edits on one page;
// - `megabyte`: the 1 MB pair under each ROUGE similarity, pasted → all scores shown, and → the annotated
//   texts fully drawn, on a fresh page; `rougeL_started`: the same on a page whose worker has checked a brief;
// each with the longest main-thread task meanwhile (PerformanceObserver 'longtask': any task over 50 ms) and
// the longest animation frame ('long-animation-frame': a frame's tasks and its style, layout and paint); the
// 1 MB checks also list every long task (`long_tasks`: when it started after the paste, how long it took, and
// what ran in it, from the long animation frame it was in: its scripts' invokers and its rendering).
import fs from 'node:fs';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const { reference, candidate, big_reference: bigReference, big_candidate: bigCandidate, briefs } =
  JSON.parse(fs.readFileSync(0, 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs in the page: from now on, main-thread long tasks are kept in `window.longTasks`, and long animation
 * frames (a frame's tasks and its rendering: style, layout, paint, over 50 ms) in `window.longFrames`. */
function watchLongTasks() {
  window.longTasks = [];
  window.longFrames = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries()))
    .observe({ entryTypes: ['longtask'] });
  new PerformanceObserver((list) => window.longFrames.push(...list.getEntries()))
    .observe({ entryTypes: ['long-animation-frame'] });
}

/** Runs in the page: sets the text areas as a paste does (scored at once, no typing debounce) and waits
 * until the check's new L-FRESCO card shows, the check no longer busy; then (`drawn`) until both annotated
 * texts are drawn in full. Returns the milliseconds to each and the longest main-thread task meanwhile. */
async function check([texts, drawn]) {
  window.longTasks.splice(0);
  window.longFrames.splice(0);
  const results = document.querySelector('#brief-results');
  // The check is done when the results stop being busy (a result is drawn over the one before, so its
  // elements may stay the same).
  let wasBusy = false;
  new MutationObserver((records) => {
    wasBusy ||= records.some((r) => r.oldValue === 'false' || results.getAttribute('aria-busy') === 'true');
  }).observe(results, { attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
  const scored = () => wasBusy && results.getAttribute('aria-busy') === 'false'
    && document.querySelector('#brief-score-l-fresco');
  const allDrawn = () => document.querySelectorAll('.annotated-text').length === 2
    && document.querySelectorAll('.annotated-text[aria-busy=true]').length === 0;
  // Checked at every DOM change (the moment the card appears), not by polling on the main thread.
  const when = (done) => new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const scoredAt = when(scored);
  const drawnAt = drawn ? scoredAt.then(() => (allDrawn() ? performance.now() : when(allDrawn))) : null;
  const t0 = performance.now();
  for (const [id, text] of Object.entries(texts)) {
    const area = document.getElementById(id);
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }
  const ms = (await scoredAt) - t0;
  const drawnMs = drawn ? (await drawnAt) - t0 : null;
  // Long-task entries arrive a moment after the task ends.
  await new Promise((r) => setTimeout(r, 200));
  const durations = (entries) => entries.map((e) => e.duration);
  // What ran in a long task: the scripts of the long animation frame it falls in (who called them, their
  // share) and that frame's rendering (style, layout, paint), which a task's duration includes.
  const what = (task) => {
    const frame = window.longFrames.find((f) => f.startTime <= task.startTime + 1
      && task.startTime < f.startTime + f.duration);
    if (!frame) return '';
    const scripts = frame.scripts.filter((s) => s.startTime + s.duration >= task.startTime
      && s.startTime <= task.startTime + task.duration && s.duration >= 5)
      .map((s) => `${s.invoker} ${s.duration.toFixed(0)}`
        + (s.forcedStyleAndLayoutDuration >= 5 ? ` (forced layout ${s.forcedStyleAndLayoutDuration.toFixed(0)})` : ''));
    const rendering = frame.renderStart ? frame.startTime + frame.duration - frame.renderStart : 0;
    const layout = frame.styleAndLayoutStart ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0;
    return [...scripts, rendering >= 5 ? `rendering ${rendering.toFixed(0)} (style, layout, paint ${layout.toFixed(0)})` : '']
      .filter(Boolean).join('; ');
  };
  return { ms, drawn_ms: drawnMs, longest_task_ms: Math.max(0, ...durations(window.longTasks)),
    longest_frame_ms: Math.max(0, ...durations(window.longFrames)),
    long_tasks: window.longTasks.map((t) => ({ at: t.startTime - t0, ms: t.duration, what: what(t) })) };
}

/** The generated brief with its `n`th sentence (of those over 60 characters) reworded. */
function editSentence(text, n) {
  const sentences = [...text.matchAll(/[^.!?\n]{60,}[.!?]/g)];
  const { index, 0: sentence } = sentences[(n * 7) % sentences.length];
  return text.slice(0, index) + sentence.replace(/ (\w+)/, ' indeed $1') + text.slice(index + sentence.length);
}

const server = await serveDist();
const browser = await launch();
const freshPage = async () => {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForSelector('.app-header h1');
  await page.evaluate(watchLongTasks);
  return page;
};
try {
  const loads = [];
  const firsts = [];
  for (let i = 0; i < 5; i += 1) {
    const page = await freshPage();
    loads.push(await page.evaluate(() => performance.now()));
    firsts.push(await page.evaluate(check, [{ 'brief-reference': reference, 'brief-candidate': candidate }, false]));
    await page.close();
  }
  const edits = [];
  const warm = [];
  const page = await freshPage();
  const pasted = (pair) => ({ 'brief-reference': pair.reference, 'brief-candidate': pair.candidate });
  await page.evaluate(check, [pasted(briefs[0]), false]);
  for (const pair of briefs.slice(1)) warm.push(await page.evaluate(check, [pasted(pair), false]));
  await page.evaluate(check, [{ 'brief-reference': reference, 'brief-candidate': candidate }, false]);
  for (let i = 0; i < 5; i += 1) {
    edits.push(await page.evaluate(check, [{ 'brief-candidate': editSentence(candidate, i) }, false]));
  }
  await page.close();
  const megabyte = {};
  for (const similarity of ['rougeL', 'rouge1', 'rouge2']) {
    const big = await freshPage();
    await big.selectOption('#brief-similarity', similarity);
    megabyte[similarity] = await big.evaluate(check,
      [{ 'brief-reference': bigReference, 'brief-candidate': bigCandidate }, true]);
    await big.close();
  }
  // The same pair pasted into a page whose score worker has started and checked a brief (a page open for a
  // while), ROUGE-L.
  const started = await freshPage();
  await started.evaluate(check, [pasted(briefs[0]), false]);
  megabyte.rougeL_started = await started.evaluate(check,
    [{ 'brief-reference': bigReference, 'brief-candidate': bigCandidate }, true]);
  await started.close();
  const summary = (runs) => ({ ms: median(runs.map((r) => r.ms)),
    longest_task_ms: Math.max(...runs.map((r) => r.longest_task_ms)),
    long_tasks: runs.flatMap((r) => r.long_tasks) });
  console.log(JSON.stringify({ load_ms: median(loads), brief: summary(firsts), warm: summary(warm), edit: summary(edits), megabyte }));
} finally {
  await browser.close();
  await server.close();
}
