// The page's modules (src/) import each other without cycles: a module's dependencies never lead back to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './fixtures.mjs';

const src = path.join(root, 'src');

/** Module path (e.g. "views::check") of a source file. */
function moduleOf(file) {
  const parts = path.relative(src, file).replace(/\.rs$/, '').split(path.sep);
  if (parts.at(-1) === 'mod') parts.pop();
  return parts.join('::');
}

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.rs') ? [full] : [];
  });
}

/** The top-level page modules a file uses (`crate::x::...`), a module's own submodules aside. */
function imports(file, modules) {
  const text = fs.readFileSync(file, 'utf8');
  const used = new Set();
  for (const [, target] of text.matchAll(/crate::([a-z_]+(?:::[a-z_]+)*)/g)) {
    // The longest known module the path names.
    const parts = target.split('::');
    while (parts.length && !modules.has(parts.join('::'))) parts.pop();
    if (parts.length) used.add(parts.join('::'));
  }
  return used;
}

test('the page has no import cycles', () => {
  const files = sources(src);
  const modules = new Set(files.map(moduleOf));
  const graph = new Map(files.map((f) => [moduleOf(f), imports(f, modules)]));
  // A parent module (`mod.rs`) declaring its children is not an import of them.
  for (const [module, used] of graph) {
    for (const target of used) if (target.startsWith(`${module}::`)) used.delete(target);
  }
  const state = new Map();
  const visit = (module, trail) => {
    if (state.get(module) === 'done') return;
    assert.notEqual(state.get(module), 'open', `import cycle: ${[...trail, module].join(' → ')}`);
    state.set(module, 'open');
    for (const next of graph.get(module) ?? []) visit(next, [...trail, module]);
    state.set(module, 'done');
  };
  for (const module of graph.keys()) visit(module, []);
  assert.ok(graph.size > 20, `only ${graph.size} modules found`);
});
