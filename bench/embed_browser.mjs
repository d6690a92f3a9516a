// Embedding in headless Chromium through the page's own worker (dist/ from `make wasm`), for bench/embed.py.
// Reads {"texts": [...]} on stdin; prints JSON timings: cold model load (download, sha256, plan) with one
// text, warm load from Cache Storage in a new worker, and embedding all texts with the loaded model.
import fs from 'node:fs';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const { texts } = JSON.parse(fs.readFileSync(0, 'utf8'));
const server = await serveDist();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  const timings = await page.evaluate(async (texts) => {
    const start = () => new Promise((resolve) => {
      const worker = new Worker('./embed_worker_loader.js');
      worker.onmessage = (e) => { if (JSON.parse(e.data).kind === 'ready') resolve(worker); };
    });
    const embed = (worker, id, batch) => new Promise((resolve, reject) => {
      const t0 = performance.now();
      worker.onmessage = (e) => {
        const reply = JSON.parse(e.data);
        if (reply.kind === 'done') resolve({ ms: performance.now() - t0, count: reply.embeddings.length });
        if (reply.kind === 'error') reject(new Error(reply.message));
      };
      worker.postMessage(JSON.stringify({ id, texts: batch }));
    });
    const cold = await start();
    const coldLoad = await embed(cold, 0, [texts[0]]);
    const run = await embed(cold, 1, texts);
    cold.terminate();
    const warm = await start();
    const warmLoad = await embed(warm, 0, [texts[0]]);
    warm.terminate();
    return { cold_load_ms: coldLoad.ms, warm_load_ms: warmLoad.ms, embed_ms: run.ms, count: run.count };
  }, texts);
  console.log(JSON.stringify(timings));
} finally {
  await browser.close();
  await server.close();
}
