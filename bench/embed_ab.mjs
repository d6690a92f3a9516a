// Builds of the page's embedding worker side by side in one headless Chromium: for A/B-testing a change to
// the worker (a kernel, a profile) against a copy of an earlier dist/, in rounds that alternate the order.
//
//   node bench/embed_ab.mjs ROUNDS NAME=DIST_DIR... < texts.json     (texts.json: {"texts": [...]})
//
// Each build runs in a fresh page: its worker loads the int8-stored model (`MODEL` to change it) from that
// dist's models/, embeds all texts once (building the plans), then twice more with a trailing space (the
// same tokens, not served from the worker's cache). Prints per round the three times, then per build the
// median of the faster repeat and whether its embeddings are bit-identical to the first build's (else the
// minimum cosine).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { contentType, launch, sendFile } from '../tests/e2e/harness.mjs';

const [rounds, ...builds] = process.argv.slice(2);
const dists = Object.fromEntries(builds.map((arg) => arg.split('=')));
const names = Object.keys(dists);
const { texts } = JSON.parse(fs.readFileSync(0, 'utf8'));
const model = process.env.MODEL ?? 'minilm-int8';

// Build NAME's dist/ under /NAME/, and an empty page to start its worker from.
function serve() {
  const server = http.createServer((req, res) => {
    const [, name, ...rest] = decodeURIComponent(new URL(req.url, 'http://x').pathname).split('/');
    if (rest.join('/') === 'bench.html') {
      res.writeHead(200, { 'content-type': contentType('bench.html') }).end('<!DOCTYPE html><title>embedding A/B</title>');
      return;
    }
    sendFile(res, dists[name] && path.join(dists[name], ...rest));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// In the page: the worker protocol, timed.
async function timeWorker({ texts, model }) {
  const worker = await new Promise((resolve, reject) => {
    const started = new Worker('./embed_worker_loader.js');
    started.onerror = () => reject(new Error('the embedding worker did not start'));
    started.onmessage = (e) => { if (JSON.parse(e.data).kind === 'ready') resolve(started); };
  });
  let nextId = 0;
  const embed = (batch) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    worker.onmessage = (e) => {
      const reply = JSON.parse(e.data);
      if (reply.kind === 'done') resolve({ ms: performance.now() - t0, embeddings: reply.embeddings });
      if (reply.kind === 'error') reject(new Error(reply.message));
    };
    worker.postMessage(JSON.stringify({ id: nextId++, texts: batch, model }));
  });
  await embed([texts[0]]);
  const first = await embed(texts);
  const again = await embed(texts.map((text) => `${text} `));
  const third = await embed(texts.map((text) => `${text}  `));
  worker.terminate();
  return { ms: [first.ms, again.ms, third.ms], embeddings: first.embeddings };
}

function compare(ours, theirs) {
  let minCosine = 1;
  let identical = true;
  ours.forEach((a, i) => {
    const b = theirs[i];
    let dot = 0, aa = 0, bb = 0;
    a.forEach((x, j) => {
      dot += x * b[j]; aa += x * x; bb += b[j] * b[j];
      identical &&= x === b[j];
    });
    minCosine = Math.min(minCosine, dot / Math.sqrt(aa * bb));
  });
  return identical ? 'bit-identical' : `min cosine ${minCosine}`;
}

const server = await serve();
const browser = await launch();
const repeats = Object.fromEntries(names.map((name) => [name, []]));
const embeddings = {};
try {
  for (let round = 0; round < Number(rounds); round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${server.address().port}/${name}/bench.html`);
      const { ms, embeddings: result } = await page.evaluate(timeWorker, { texts, model });
      await page.close();
      embeddings[name] = result;
      repeats[name].push(Math.min(ms[1], ms[2]));
      console.log(`round ${round + 1} ${name}: ${ms.map((t) => `${Math.round(t)} ms`).join(', ')}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
for (const name of names) {
  const sorted = [...repeats[name]].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${name}: median ${Math.round(median)} ms = ${(texts.length / median * 1000).toFixed(1)} sentences/s; `
    + `${compare(embeddings[name], embeddings[names[0]])} to ${names[0]}`);
}
