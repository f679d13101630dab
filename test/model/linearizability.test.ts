import { describe, expect, it } from 'vitest';
import { checkLinearizable, type CheckedOp } from './linearizability.js';

/** A register: write(x) sets it, read(x) must see x. */
const write = (x: number, invokedAt: number, completedAt: number, required = true): CheckedOp<number> => ({
  label: `write ${x}`,
  invokedAt,
  completedAt: required ? completedAt : Infinity,
  required,
  apply: () => x,
});
const read = (x: number, invokedAt: number, completedAt: number): CheckedOp<number> => ({
  label: `read ${x}`,
  invokedAt,
  completedAt,
  required: true,
  apply: (s) => (s === x ? s : undefined),
});
const verdict = (ops: CheckedOp<number>[]): string => checkLinearizable(0, ops, String).verdict;

describe('checkLinearizable (a register)', () => {
  it('accepts a sequential history and rejects a read of an overwritten value', () => {
    expect(verdict([write(1, 0, 1), read(1, 2, 3)])).toBe('linearizable');
    expect(verdict([write(1, 0, 1), read(0, 2, 3)])).toBe('violation');
    expect(verdict([write(1, 0, 1), write(2, 2, 3), read(1, 4, 5)])).toBe('violation');
  });

  it('lets concurrent operations take effect in either order', () => {
    expect(verdict([write(1, 0, 3), read(0, 1, 2)])).toBe('linearizable');
    expect(verdict([write(1, 0, 3), read(1, 1, 2)])).toBe('linearizable');
    expect(verdict([write(1, 0, 5), write(2, 1, 4), read(1, 6, 7)])).toBe('linearizable');
    expect(verdict([write(1, 0, 5), write(2, 1, 4), read(2, 6, 7)])).toBe('linearizable');
  });

  it('rejects a real-time order no reader could see (read 2, then a later read 1 after both writes ended)', () => {
    expect(verdict([write(1, 0, 1), write(2, 2, 3), read(2, 4, 5), read(1, 6, 7)])).toBe('violation');
  });

  it('lets an unknown-outcome operation apply, late or never, but not before it was invoked', () => {
    expect(verdict([write(1, 0, 1, false), read(0, 2, 3)])).toBe('linearizable');
    expect(verdict([write(1, 0, 1, false), read(1, 2, 3)])).toBe('linearizable');
    // Applied after a later read: an unknown write may land late.
    expect(verdict([write(1, 0, 1, false), read(0, 2, 3), read(1, 4, 5)])).toBe('linearizable');
    expect(verdict([read(1, 0, 1), write(1, 2, 3, false)])).toBe('violation');
  });

  it('keeps inputs of one batch in input order (a later input may not be overwritten by an earlier one)', () => {
    const earlier = write(1, 0, 5);
    const later: CheckedOp<number> = { ...write(2, 0, 5), after: [0] };
    expect(verdict([earlier, later, read(2, 6, 7)])).toBe('linearizable');
    expect(verdict([earlier, later, read(1, 6, 7)])).toBe('violation');
    // An unknown earlier input that was not applied before the later one never applies after it.
    const unknownEarlier = write(1, 0, 5, false);
    expect(verdict([unknownEarlier, later, read(1, 6, 7)])).toBe('violation');
    expect(verdict([unknownEarlier, later, read(2, 6, 7)])).toBe('linearizable');
  });

  it('follows a batch chain transitively, and decides a thousand inputs on one row quickly', () => {
    // Each input names only the one before it (as check-history builds them).
    const chain = (n: number, required: (i: number) => boolean): CheckedOp<number>[] =>
      Array.from({ length: n }, (_, i) => ({
        ...write(i + 1, 0, 5, required(i)),
        ...(i > 0 ? { after: [i - 1] } : {}),
      }));
    const all = chain(1_200, () => true);
    expect(verdict([...all, read(1_200, 6, 7)])).toBe('linearizable');
    // An earlier input winning (A2): no order explains it, and the search says so rather than give up.
    expect(verdict([...all, read(477, 6, 7)])).toBe('violation');
    // Every third input unknown, the last one too (it writes 301): it may or may not have applied, and no unknown
    // input may land after a later one that was placed.
    const unknown = chain(301, (i) => i % 3 !== 0);
    expect(verdict([...unknown, read(301, 6, 7)])).toBe('linearizable');
    expect(verdict([...unknown, read(300, 6, 7)])).toBe('linearizable');
    expect(verdict([...unknown, read(299, 6, 7)])).toBe('violation');
    expect(verdict([...unknown, read(298, 6, 7)])).toBe('violation');
  });

  it('says inconclusive, never violation, when the search bound is hit', () => {
    const ops = Array.from({ length: 12 }, (_, i) => write(i, 0, 100));
    expect(checkLinearizable(0, [...ops, read(-1, 101, 102)], String, 50).verdict).toBe('inconclusive');
  });

  it('returns one order that explains a linearizable history', () => {
    const result = checkLinearizable(0, [write(1, 0, 5), write(2, 1, 4), read(1, 6, 7)], String);
    expect(result.order).toEqual([1, 0, 2]);
  });
});
