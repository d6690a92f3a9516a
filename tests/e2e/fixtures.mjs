// Realistic inputs for the browser tests: a two-page ERISA brief with Bluebook citations (parallel cites,
// short forms, Id., statutes, a regulation) and a generated version of it, under tests/fixtures/briefs/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixture = (name) => path.join(root, 'tests/fixtures', name);

export const brief = {
  reference: fs.readFileSync(fixture('briefs/reference.txt'), 'utf8'),
  generated: fs.readFileSync(fixture('briefs/generated.txt'), 'utf8'),
};

/** `text` repeated (a blank line between copies) until it is at least `chars` long. */
export function repeatTo(text, chars) {
  return `${text}\n\n`.repeat(Math.ceil(chars / (text.length + 2)));
}

/**
 * Sets a textarea's value and fires the `input` event a paste fires (typing a megabyte is slow in any page):
 * the check views score a paste at once, without the quiet time they leave typing.
 */
export const paste = (page, id, text) => page.$eval(id, (el, value) => {
  el.value = value;
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
}, text);

/**
 * An OpenAI-compatible endpoint on its own port, CORS open to the page. `respond(request, requests)` gives each
 * chat request's answer: the message's content, `{ status, text }` for an HTTP error, null to hold the request
 * unanswered, or a promise of one of these. `requests` records each one: its model and prompt, whether it was
 * answered, and whether the browser closed it unanswered (an aborted fetch, or the worker terminated).
 * Resolves to { url, requests, prompts, close }.
 */
export async function fakeLlm(http, respond) {
  const requests = [];
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type, authorization',
    'access-control-allow-methods': 'POST, OPTIONS',
  };
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', async () => {
      const sent = JSON.parse(body);
      const request = { model: sent.model, prompt: sent.messages[0].content, answered: false, closed: false };
      requests.push(request);
      res.on('close', () => { if (!request.answered) request.closed = true; });
      const answer = await respond(request, requests);
      if (answer === null) return;
      request.answered = true;
      if (typeof answer === 'object') {
        res.writeHead(answer.status, { ...cors, 'content-type': 'text/plain' }).end(answer.text);
        return;
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: answer } }] }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    get prompts() { return requests.map((request) => request.prompt); },
    close: () => { server.closeAllConnections(); return new Promise((r) => server.close(r)); },
  };
}

/** A judge on `fakeLlm`: "Yes" to every claim or point question, "1" to every tie-break, each answer after
 * `delayMs` (a slow model, to watch a batch run). */
export function scriptedLlm(http, { delayMs = 0 } = {}) {
  return fakeLlm(http, ({ prompt }) => new Promise((resolve) => {
    const content = /closest reference point/.test(prompt) ? 'The first one is closest. 1' : 'Same proposition. Yes';
    setTimeout(() => resolve(content), delayMs);
  }));
}

/** The lexeval CLI the page is compared with: LEXEVAL_BIN (`make e2e` sets it to the native test build's), else
 * the checked, release-native or debug build in the target directory. */
export function cliBinary() {
  const targets = [process.env.CARGO_TARGET_DIR, path.join(root, 'target')].filter(Boolean);
  const candidates = [process.env.LEXEVAL_BIN,
    ...targets.flatMap((t) => ['checked', 'release-native', 'debug'].map((profile) => path.join(t, profile, 'lexeval')))];
  const found = candidates.find((file) => file && fs.existsSync(file));
  assert.ok(found, 'no lexeval binary: run `make test-native` (or set LEXEVAL_BIN)');
  return found;
}

/** Where a file of the project's shared fixtures is (LEXEVAL_SHARED, else ../shared): test input only, never
 * shipped. */
export const sharedFixturePath = (relative) =>
  path.join(process.env.LEXEVAL_SHARED ?? path.join(root, '../shared'), 'fixtures', relative);

/** A file of the project's shared fixtures, which must be there. */
export function sharedFixture(relative) {
  const file = sharedFixturePath(relative);
  assert.ok(fs.existsSync(file), `shared fixture ${file} not found (set LEXEVAL_SHARED)`);
  return file;
}
