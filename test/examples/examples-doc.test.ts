import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.js';

const DOC = new URL('../../docs/examples.md', import.meta.url);
const text = readFileSync(DOC, 'utf8');

describe('docs/examples.md', () => {
  it('has a section for every registered example, and nothing else', () => {
    const anchors = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
    expect(anchors.sort()).toEqual(examples.map((e) => e.id).sort());
  });

  it('links only files that exist', () => {
    const links = [...text.matchAll(/\]\((\.\.\/[^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(examples.length);
    expect(links.filter((link) => !existsSync(fileURLToPath(new URL(link, DOC))))).toEqual([]);
  });

  it("names each example's seed as the registry does", () => {
    for (const example of examples) expect(text, example.id).toContain(`| ${example.seed} |`);
  });
});
