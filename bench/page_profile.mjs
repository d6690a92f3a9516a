// Where the page and its score worker spend their time (by hand, not in `make bench`): a Chromium CPU
// profile (CDP Profiler) of the page's main thread and of every worker during one check, summarised as the
// top functions by self time, with the main thread's long tasks. Reads {"reference", "candidate"} on
// stdin (`python3 bench/page.py --texts`, or a pair of its own; with "edited", the check of the pair with that
// candidate after the pair's own); argument: the label printed. Runs its own
// Chromium and speaks the DevTools protocol over its WebSocket (`node --experimental-websocket`), so the
// workers can be attached. Wasm functions are named only when the wasm keeps its name section (a `dist/`
// built for profiling: wasm-bindgen's output before wasm-opt, or wasm-opt with `-g`; DIST=dir serves it).
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sendFile } from '../tests/e2e/harness.mjs';

const { reference, candidate, edited } = JSON.parse(fs.readFileSync(0, 'utf8'));
const label = process.argv[2] ?? 'check';
const TOP = Number(process.env.TOP ?? 25);

/** Self time per function (ms), from a CDP profile's sample counts. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.endTime - profile.startTime;
  const perSample = total / 1000 / Math.max(1, profile.samples.length);
  const out = new Map();
  for (const [id, count] of counts) {
    const { callFrame: f } = byId.get(id);
    const where = f.url ? f.url.split('/').pop() : '';
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    out.set(name, (out.get(name) ?? 0) + count * perSample);
  }
  return [...out].sort((a, b) => b[1] - a[1]);
}

/** Total time per function (ms): its own and its callees', each sample counted once per function on its stack
 * (`TOTAL=1` prints these, which say who called the top functions by self time). */
function totalTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const perSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const out = new Map();
  for (const id of profile.samples) {
    const seen = new Set();
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const { callFrame: f } = byId.get(node);
      const name = `${f.functionName || '(anonymous)'} ${f.url ? f.url.split('/').pop() : ''}`.trim();
      if (!seen.has(name)) { seen.add(name); out.set(name, (out.get(name) ?? 0) + perSample); }
    }
  }
  return [...out].filter(([n]) => !/^\((root|idle|program|garbage collector)\)/.test(n)).sort((a, b) => b[1] - a[1]);
}

/** Runs in the page: pastes both texts and waits until the check is done and the annotated texts drawn;
 * returns the milliseconds and the ten longest main-thread tasks. */
async function paste([reference, candidate]) {
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ entryTypes: ['longtask'] });
  const set = (id, text) => {
    const area = document.getElementById(id);
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  };
  const results = document.querySelector('#brief-results');
  let wasBusy = false;
  new MutationObserver((records) => {
    wasBusy ||= records.some((r) => r.oldValue === 'false' || results.getAttribute('aria-busy') === 'true');
  }).observe(results, { attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
  const t0 = performance.now();
  set('brief-reference', reference);
  set('brief-candidate', candidate);
  const done = () => wasBusy && document.querySelector('#brief-score-l-fresco')
    && results.getAttribute('aria-busy') === 'false'
    && document.querySelectorAll('.annotated-text[aria-busy=true]').length === 0;
  while (!done()) await new Promise((r) => setTimeout(r, 20));
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 300));
  observer.disconnect();
  return { ms, longTasks: longTasks.sort((a, b) => b - a).slice(0, 10) };
}

/** The profile cut to its longest stretch of work (samples with no idle gap over 2 ms): the longest task. */
function longestStretch(profile) {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let t = profile.startTime;
  let best = [0, 0];
  let start = null;
  let last = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (idle.has(id)) return;
    if (start === null || t - last > 2000) start = i;
    last = t;
    if (i - start > best[1] - best[0]) best = [start, i];
  });
  const samples = profile.samples.slice(best[0], best[1] + 1);
  const span = profile.timeDeltas.slice(best[0] + 1, best[1] + 1).reduce((a, b) => a + b, 0);
  return { ...profile, samples, startTime: 0, endTime: span };
}

function print(title, profile) {
  const times = selfTimes(profile);
  const busy = times.filter(([n]) => !/^\((idle|program|garbage collector)\)/.test(n))
    .reduce((s, [, ms]) => s + ms, 0);
  console.log(`\n### ${title}: ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms profiled, `
    + `${busy.toFixed(0)} ms busy\n`);
  console.log('| self ms | function |\n|---:|---|');
  for (const [name, ms] of times.slice(0, TOP)) console.log(`| ${ms.toFixed(1)} | \`${name.slice(0, 110)}\` |`);
  if (!process.env.TOTAL) return;
  console.log(`\n${title}, total time (self and callees)\n\n| total ms | function |\n|---:|---|`);
  for (const [name, ms] of totalTimes(profile).slice(0, TOP)) console.log(`| ${ms.toFixed(1)} | \`${name.slice(0, 110)}\` |`);
}

/** A DevTools protocol connection over the browser's WebSocket; `session` addresses a flattened target. */
function connect(url) {
  const ws = new WebSocket(url);
  let next = 1;
  const waiting = new Map();
  const listeners = [];
  ws.onmessage = ({ data }) => {
    const message = JSON.parse(data);
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(JSON.stringify(message.error))); else resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners) listener(message);
    }
  };
  return new Promise((resolve) => {
    ws.onopen = () => resolve({
      send: (method, params = {}, sessionId) => new Promise((res, reject) => {
        const id = next++;
        waiting.set(id, { resolve: res, reject });
        ws.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
      }),
      on: (listener) => listeners.push(listener),
      close: () => ws.close(),
    });
  });
}

// The page from DIST (default dist/): a profiling build may sit elsewhere.
const dist = path.resolve(process.env.DIST ?? 'dist');
const server = await new Promise((resolve) => {
  const listener = http.createServer((req, res) => {
    const file = path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/$/, '/index.html'));
    sendFile(res, file.startsWith(dist) && file);
  });
  listener.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${listener.address().port}/`,
    close: () => new Promise((r) => listener.close(r)),
  }));
});
const profileDir = fs.mkdtempSync('/tmp/page-profile-');
const chromium = spawn('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
  '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
try {
  const endpoint = await new Promise((resolve) => {
    let seen = '';
    chromium.stderr.on('data', (chunk) => {
      seen += chunk;
      const found = seen.match(/DevTools listening on (ws:\S+)/);
      if (found) resolve(found[1]);
    });
  });
  const cdp = await connect(endpoint);
  const workers = new Map();
  cdp.on(({ method, params }) => {
    if (method === 'Target.attachedToTarget' && params.targetInfo.type === 'worker') {
      workers.set(params.sessionId, params.targetInfo.url);
    }
  });
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId: page } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, page);
  const evaluate = async (expression) => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true }, page);
    if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
    return result.value;
  };
  await cdp.send('Page.navigate', { url: server.url }, page);
  await evaluate(`(async () => { while (!document.querySelector('.app-header h1')) await new Promise((r) => setTimeout(r, 50)); })()`);
  // Let the score worker load and build its patterns.
  await new Promise((r) => setTimeout(r, 3000));
  // With `edited`: the pair is checked first, and the profile is of the check of the edited candidate.
  if (edited) await evaluate(`(${paste})(${JSON.stringify([reference, candidate])})`);
  const sessions = [page, ...workers.keys()];
  for (const session of sessions) {
    await cdp.send('Profiler.enable', {}, session);
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 }, session);
    await cdp.send('Profiler.start', {}, session);
  }
  // TRACE=1: also a trace of the page's renderer (style, layout, paint, …), summed by event name.
  const traceEvents = [];
  cdp.on(({ method, params }) => { if (method === 'Tracing.dataCollected') traceEvents.push(...params.value); });
  const traced = new Promise((resolve) => cdp.on(({ method }) => { if (method === 'Tracing.tracingComplete') resolve(); }));
  if (process.env.TRACE) {
    await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  }
  const result = await evaluate(`(${paste})(${JSON.stringify(edited ? [reference, edited] : [reference, candidate])})`);
  console.log(`## ${label}: paste → scores ${result.ms.toFixed(0)} ms; longest main-thread tasks (ms): `
    + `${result.longTasks.map((t) => t.toFixed(0)).join(', ')}`);
  for (const session of sessions) {
    const { profile } = await cdp.send('Profiler.stop', {}, session);
    if (process.env.PROFILE_DIR) {
      fs.writeFileSync(path.join(process.env.PROFILE_DIR, `${session === page ? 'page' : 'worker'}-${session}.cpuprofile`),
        JSON.stringify(profile));
    }
    print(session === page ? 'main thread' : `worker ${workers.get(session).split('/').pop()}`, profile);
    if (session === page) print('main thread, its longest stretch of work', longestStretch(profile));
  }
  if (process.env.TRACE) {
    await cdp.send('Tracing.end');
    await traced;
    if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, JSON.stringify(traceEvents));
    // The page's renderer main thread: of the renderers' main threads (about:blank had one too), the busiest.
    const mains = new Set(traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`));
    const byThread = new Map();
    for (const e of traceEvents) {
      const thread = `${e.pid}:${e.tid}`;
      if (e.ph !== 'X' || !e.dur || !mains.has(thread)) continue;
      if (!byThread.has(thread)) byThread.set(thread, new Map());
      const totals = byThread.get(thread);
      totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
    }
    const sum = (totals) => [...totals.values()].reduce((a, b) => a + b, 0);
    const totals = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? new Map();
    console.log('\n### renderer main thread, trace events (inclusive ms, nested events counted in each)\n');
    console.log('| ms | event |\n|---:|---|');
    for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| ${ms.toFixed(0)} | ${name} |`);
  }
  cdp.close();
} finally {
  const exited = new Promise((r) => chromium.on('exit', r));
  chromium.kill();
  await exited;
  await server.close();
  fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 5 });
}
