// Embedding in one headless Chromium, side by side: the page's own embedding worker (dist/ from
// `make wasm`) and two in-browser peers, onnxruntime-web and transformers.js (npm, pinned in package.json),
// both on the repo's own ONNX file and tokenizer, served locally (no model hub). For bench/embed.py.
//
// Arguments name the parts to run, `lexeval`, `click` and `peers` (all by default), so one part can be timed
// alone while changing it.
// Reads {"texts": [...], "brief": n, "click": {"reference", "candidate", "edited"}} on stdin; prints JSON: per
// engine its load time, the embeddings of all texts with the model loaded (and the time they took), for
// lexeval's worker the cold (50 Mbit/s) and warm start, the first sentence once loaded, and a warm
// `brief`-text request from a new worker; and the page's click to scores (bench/embed_click.mjs).
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentType, launch, sendFile } from '../tests/e2e/harness.mjs';
import { clickToScores } from './embed_click.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The peers' dist/ folders, found as node finds the packages (NODE_PATH included).
const require = createRequire(import.meta.url);
const ortDist = path.dirname(require.resolve('onnxruntime-web'));
const transformersMain = require.resolve('@huggingface/transformers');
const transformersDist = path.dirname(transformersMain);
// transformers.js bundles its own onnxruntime-web build, whose wasm files come from its own dependency.
const transformersOrtDist = path.dirname(createRequire(transformersMain).resolve('onnxruntime-web'));
const MEGABIT = 1e6 / 8;
const PEER_BATCH = 32;
// How long the warm page is left open after the model has loaded before the paste (its helpers build
// the common plans meanwhile).
const CLICK_SETTLE_MS = 3000;

// A transformers.js model folder made of the repo's files: the ONNX graph, its tokenizer, and the two
// small configs transformers.js reads (BERT, lower-cased, 256 tokens as sentence-transformers).
const modelDir = {
  'config.json': JSON.stringify({ model_type: 'bert', hidden_size: 384, architectures: ['BertModel'] }),
  'tokenizer_config.json': JSON.stringify({
    tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 256, pad_token: '[PAD]',
    cls_token: '[CLS]', sep_token: '[SEP]', unk_token: '[UNK]', mask_token: '[MASK]',
  }),
  'tokenizer.json': path.join(root, 'models/tokenizer.json'),
  'onnx/model.onnx': path.join(root, 'models/all-MiniLM-L6-v2.onnx'),
};
const routes = [
  ['/peers/ort/', ortDist],
  ['/peers/ort-transformers/', transformersOrtDist],
  ['/peers/transformers/', transformersDist],
  ['/', path.join(root, 'dist')],
];
// Scripts, wasm and JSON go out gzipped to a browser that asks, as static hosts and CDNs send them (the
// embedding worker's 16.8 MB wasm is 4.0 MB so); the ONNX models, binary weights, as they are. Each file is
// compressed once.
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.json']);
const gzipped = new Map();
function gzipOf(file) {
  if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 6 }));
  return gzipped.get(file);
}

// Cross-origin isolated (COOP/COEP), so the peers may use threads; lexeval's page does not need it.
function serve() {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
    if (urlPath === '/bench.html') {
      res.writeHead(200, { ...headers, 'content-type': contentType(urlPath) }).end('<!DOCTYPE html><title>embedding bench</title>');
      return;
    }
    const modelFile = urlPath.startsWith('/peers/model/all-MiniLM-L6-v2/') && modelDir[urlPath.slice(30)];
    if (modelFile && modelFile.startsWith('{')) {
      res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(modelFile);
      return;
    }
    const [prefix, dir] = routes.find(([p]) => urlPath.startsWith(p));
    const file = modelFile || path.join(dir, urlPath === '/' ? 'index.html' : urlPath.slice(prefix.length));
    const exists = fs.existsSync(file) && !fs.statSync(file).isDirectory();
    if (exists && COMPRESSED.has(path.extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const body = gzipOf(file);
      res.writeHead(200, { ...headers, 'content-type': contentType(file), 'content-encoding': 'gzip', 'content-length': body.length, vary: 'accept-encoding' });
      res.end(body);
      return;
    }
    sendFile(res, file, headers);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// In the page: lexeval's worker protocol, timed. Progress messages are time-stamped so a cold start can be
// split into download and compute.
async function lexeval({ texts, brief, model }) {
  const start = () => new Promise((resolve, reject) => {
    const worker = new Worker('./embed_worker_loader.js');
    worker.onerror = () => reject(new Error('the embedding worker did not start'));
    worker.onmessage = (e) => { if (JSON.parse(e.data).kind === 'ready') resolve(worker); };
  });
  let nextId = 0;
  const embed = (worker, batch) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    let downloaded = null;
    worker.onmessage = (e) => {
      const reply = JSON.parse(e.data);
      if (reply.kind === 'progress' && reply.stage === 'prepare') downloaded = performance.now() - t0;
      if (reply.kind === 'done') resolve({ ms: performance.now() - t0, downloaded, embeddings: reply.embeddings });
      if (reply.kind === 'error') reject(new Error(reply.message));
    };
    worker.postMessage(JSON.stringify({ id: nextId++, texts: batch, model }));
  });
  const cold = await start();
  const coldLoad = await embed(cold, [texts[0]]);
  const first = await embed(cold, [texts[1]]);
  const run = await embed(cold, texts);
  // The same texts with a trailing space: the same tokens (so the same shapes, plans built), but not
  // served from the worker's cache of texts it has embedded.
  const again = await embed(cold, texts.map((text) => `${text} `));
  cold.terminate();
  const warm = await start();
  const warmLoad = await embed(warm, [texts[0]]);
  warm.terminate();
  const briefWorker = await start();
  const warmBrief = await embed(briefWorker, texts.slice(0, brief));
  briefWorker.terminate();
  return {
    cold_ms: coldLoad.ms, cold_fetch_ms: coldLoad.downloaded, first_ms: first.ms, embed_ms: run.ms,
    repeat_ms: again.ms, warm_ms: warmLoad.ms, brief_ms: warmBrief.ms, embeddings: run.embeddings,
    workers: navigator.hardwareConcurrency,
  };
}

// In the page: mean pooling and L2 normalisation of `last_hidden_state`, as sentence-transformers.
function meanPooled(hidden, dims, mask) {
  const [rows, seq, width] = dims;
  const out = [];
  for (let r = 0; r < rows; r++) {
    const sum = new Float64Array(width);
    let count = 0;
    for (let s = 0; s < seq; s++) {
      if (!Number(mask[r * seq + s])) continue;
      count++;
      for (let d = 0; d < width; d++) sum[d] += hidden[(r * seq + s) * width + d];
    }
    const mean = Array.from(sum, (v) => v / Math.max(count, 1));
    const norm = Math.hypot(...mean) || 1;
    out.push(mean.map((v) => v / norm));
  }
  return out;
}

// In the page: onnxruntime-web's wasm backend with `threads` threads, tokenised by transformers.js.
async function onnxruntimeWeb({ texts, threads, batch }) {
  const t0 = performance.now();
  const ort = await import('/peers/ort/ort.wasm.min.mjs');
  const { AutoTokenizer, env } = await import('/peers/transformers/transformers.min.js');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = '/peers/model/';
  ort.env.wasm.wasmPaths = '/peers/ort/';
  ort.env.wasm.numThreads = threads;
  const tokenizer = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2');
  const session = await ort.InferenceSession.create('/peers/model/all-MiniLM-L6-v2/onnx/model.onnx',
    { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  const embeddings = [];
  for (let i = 0; i < texts.length; i += batch) {
    const enc = tokenizer(texts.slice(i, i + batch), { padding: true, truncation: true, max_length: 256 });
    const feeds = {};
    for (const name of session.inputNames) {
      const source = name === 'token_type_ids' ? enc.token_type_ids ?? enc.input_ids.mul(0) : enc[name];
      feeds[name] = new ort.Tensor('int64', source.data, source.dims);
    }
    const out = await session.run(feeds);
    const hidden = out[session.outputNames[0]];
    embeddings.push(...meanPooled(hidden.data, hidden.dims, enc.attention_mask.data));
  }
  return { load_ms: loadMs, embed_ms: performance.now() - t1, embeddings };
}

// In the page: transformers.js's feature-extraction pipeline (fp32, wasm backend) with `threads` threads.
async function transformersJs({ texts, threads, batch }) {
  const t0 = performance.now();
  const { pipeline, env } = await import('/peers/transformers/transformers.min.js');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = '/peers/model/';
  env.backends.onnx.wasm.wasmPaths = '/peers/ort-transformers/';
  env.backends.onnx.wasm.numThreads = threads;
  const extractor = await pipeline('feature-extraction', 'all-MiniLM-L6-v2', { dtype: 'fp32', device: 'wasm' });
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  const embeddings = [];
  for (let i = 0; i < texts.length; i += batch) {
    const out = await extractor(texts.slice(i, i + batch), { pooling: 'mean', normalize: true });
    embeddings.push(...out.tolist());
  }
  return { load_ms: loadMs, embed_ms: performance.now() - t1, embeddings };
}

const { texts, brief, click } = JSON.parse(fs.readFileSync(0, 'utf8'));
const parts = new Set(process.argv.length > 2 ? process.argv.slice(2) : ['lexeval', 'click', 'peers']);
const server = await serve();
const url = `http://127.0.0.1:${server.address().port}/bench.html`;
const browser = await launch();
const results = {};
// Each engine in a fresh page and browser context (empty Cache Storage; onnxruntime's thread count is
// fixed per page), one after another.
async function inPage(name, fn, arg, throttle) {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    if (throttle) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions',
        { offline: false, latency: 20, downloadThroughput: throttle * MEGABIT, uploadThroughput: throttle * MEGABIT });
    }
    await page.evaluate(`globalThis.meanPooled = ${meanPooled}`);
    results[name] = await page.evaluate(fn, arg);
  } catch (error) {
    results[name] = { error: String(error.message ?? error) };
  } finally {
    await page.close();
  }
}
try {
  if (parts.has('lexeval')) {
    // lexeval's cold start downloads the model at 50 Mbit/s; its later requests use no network.
    await inPage('lexeval', lexeval, { texts, brief, model: 'minilm' }, 50);
    // The page's default build: int8-stored weights (24 MB), computed in f32.
    await inPage('lexeval int8', lexeval, { texts, brief, model: 'minilm-int8' }, 50);
  }
  if (parts.has('click')) {
    // The page itself: the two-page brief scored with embedding similarity, cold and warm.
    try {
      results['click to scores'] = await clickToScores(browser, `http://127.0.0.1:${server.address().port}/`,
        { ...click, megabits: 50, settleMs: CLICK_SETTLE_MS });
    } catch (error) {
      results['click to scores'] = { error: String(error.message ?? error) };
    }
  }
  for (const threads of parts.has('peers') ? [1, 2] : []) {
    await inPage(`onnxruntime-web ${threads} thread${threads > 1 ? 's' : ''}`, onnxruntimeWeb, { texts, threads, batch: PEER_BATCH });
    await inPage(`transformers.js ${threads} thread${threads > 1 ? 's' : ''}`, transformersJs, { texts, threads, batch: PEER_BATCH });
  }
  console.log(JSON.stringify(results));
} finally {
  await browser.close();
  server.close();
}
