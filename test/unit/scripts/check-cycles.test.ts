import { describe, expect, it } from 'vitest';
import { findCycles } from '../../../scripts/check-cycles.mjs';

describe('findCycles (scripts/check-cycles.mjs, run by npm test)', () => {
  it('finds no cycle in a graph whose imports run one way', () => {
    const graph = new Map([
      ['repository', ['write', 'options']],
      ['write', ['options', 'transport']],
      ['options', []],
      ['transport', []],
    ]);
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds a type-only two-file cycle and a longer one, each as its files', () => {
    const graph = new Map([
      ['write-many', ['write-stream']],
      ['write-stream', ['write-many']],
      ['options', ['write-back']],
      ['write-back', ['rewrite-row']],
      ['rewrite-row', ['options', 'transport']],
      ['transport', []],
    ]);
    const cycles = findCycles(graph).map((cycle) => [...cycle].sort());
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['write-many', 'write-stream']);
    expect(cycles).toContainEqual(['options', 'rewrite-row', 'write-back']);
  });

  it('counts a file importing itself as a cycle', () => {
    expect(findCycles(new Map([['a', ['a']]]))).toEqual([['a']]);
  });
});
