import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBigInt } from '../../../src/transport/to-bigint.js';

/** A protobufjs-style Long, built by hand so the test does not depend on a transitive package. */
function long(n: bigint, unsigned = false): { low: number; high: number; unsigned: boolean } {
  const bits = BigInt.asUintN(64, n);
  return { low: Number(bits & 0xffffffffn) | 0, high: Number(bits >> 32n) | 0, unsigned };
}

describe('toBigInt', () => {
  it('converts protobufjs Longs exactly for every int64', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        expect(toBigInt(long(n))).toBe(n);
        expect(toBigInt(n.toString())).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
  it('treats missing as zero and keeps unsigned Longs unsigned', () => {
    expect(toBigInt(undefined)).toBe(0n);
    expect(toBigInt(long(2n ** 64n - 1n, true))).toBe(2n ** 64n - 1n);
    expect(toBigInt(42)).toBe(42n);
  });
});
