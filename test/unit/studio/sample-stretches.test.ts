// The stretches of a key sample: the ranges to sample cut at evenly chosen split points, in key order.
import { describe, expect, it } from 'vitest';
import { MAX_STRETCHES, sampleStretches } from '../../../src/studio/server/sample-stretches.js';

const b = (text: string): Buffer => Buffer.from(text);
const end = new Uint8Array(); // SampleRowKeys' last answer: the end of the table

describe('sampleStretches', () => {
  it('is one stretch, the ranges themselves, without split points (a small table, the emulator)', () => {
    expect(sampleStretches([end], [])).toEqual([[{}]]);
    const entity = [{ start: { key: b('ev#'), inclusive: true }, end: { key: b('ev$'), inclusive: false } }];
    expect(sampleStretches([end], entity)).toEqual([entity]);
  });

  it('cuts the key space at the split points and keeps only the stretches inside the ranges', () => {
    const splits = [b('c'), b('f'), b('k'), end];
    expect(sampleStretches(splits, [])).toEqual([
      [{ end: { key: b('c'), inclusive: false } }],
      [{ start: { key: b('c'), inclusive: true }, end: { key: b('f'), inclusive: false } }],
      [{ start: { key: b('f'), inclusive: true }, end: { key: b('k'), inclusive: false } }],
      [{ start: { key: b('k'), inclusive: true } }],
    ]);
    // An entity's range [d, g): the stretches [d, f) and [f, g), nothing before c or after k.
    const entity = [{ start: { key: b('d'), inclusive: true }, end: { key: b('g'), inclusive: false } }];
    expect(sampleStretches(splits, entity)).toEqual([
      [{ start: { key: b('d'), inclusive: true }, end: { key: b('f'), inclusive: false } }],
      [{ start: { key: b('f'), inclusive: true }, end: { key: b('g'), inclusive: false } }],
    ]);
  });

  it('uses at most 16 stretches, evenly spread over many split points', () => {
    const splits = Array.from({ length: 1000 }, (_, i) => b(`k${String(i).padStart(4, '0')}`));
    const stretches = sampleStretches([...splits, end], []);
    // Every 67th point (1000 / 15, rounded up): 14 cuts, 15 stretches.
    expect(stretches.length).toBeLessThanOrEqual(MAX_STRETCHES);
    expect(stretches).toHaveLength(15);
    expect(stretches[0]![0]!.end!.key.toString()).toBe('k0066');
    expect(stretches.at(-1)![0]!.start!.key.toString()).toBe('k0937');
  });
});
