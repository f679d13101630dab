import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = ['README.md', ...readdirSync(`${ROOT}docs`).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
const SNIPPETS = readdirSync(`${ROOT}test/docs/snippets`).map((f) => `test/docs/snippets/${f}`);

/** `<!-- snippet: path … -->` directly followed by a fenced block: the block must be the file, byte for byte. */
const MARKER = /<!-- snippet: (\S+)[^>]*-->\n```\w*\n([\s\S]*?)```\n/g;

function snippetsIn(doc: string): Array<{ path: string; block: string }> {
  return [...readFileSync(`${ROOT}${doc}`, 'utf8').matchAll(MARKER)].map((m) => ({
    path: m[1]!,
    block: m[2]!,
  }));
}

// The snippet files are type-checked by `tsc -p tsconfig.json` (and run when they are tests), so a doc block that
// equals its file is code that compiles (and works) against the current API.
describe('code blocks in the docs are the checked snippet files', () => {
  for (const doc of DOCS) {
    const found = snippetsIn(doc);
    if (found.length === 0) continue;
    it(doc, () => {
      for (const { path, block } of found) {
        expect(block, `${doc}: the block marked ${path}`).toBe(readFileSync(`${ROOT}${path}`, 'utf8'));
      }
    });
  }

  it('every snippet file is shown by some doc', () => {
    const shown = new Set(DOCS.flatMap((doc) => snippetsIn(doc).map((s) => s.path)));
    expect(SNIPPETS.filter((s) => !shown.has(s))).toEqual([]);
  });
});
