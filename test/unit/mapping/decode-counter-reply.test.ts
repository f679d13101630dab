import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Counter, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { CounterOverflowError } from '../../../src/errors/counter-overflow-error.js';
import { TransportError } from '../../../src/errors/transport-error.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { decodeCounterReply } from '../../../src/mapping/decode-counter-reply.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { CounterFieldMetadata } from '../../../src/metadata/entity-metadata.js';
import type { Cell, RowData } from '../../../src/model/row-data.js';

@Entity({ table: 'clips' })
@Family('stat')
class Clip {
  @KeyPart(0, 'string') id!: string;
  @Counter({ family: 'stat' }) likes!: bigint;
  @Counter({ family: 'stat', as: 'number' }) shares!: number;
}

const meta = resolveEntity(Clip);
const counter = (property: string): CounterFieldMetadata =>
  meta.fields.find((f) => f.property === property) as CounterFieldMetadata;
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const int64 = (n: bigint): Uint8Array => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, n);
  return out;
};
const cell = (qualifier: string, value: Uint8Array, family = 'stat'): Cell => ({
  family,
  qualifier: bytes(qualifier),
  timestampMicros: 1000n,
  value,
  labels: [],
});
const reply = (...cells: Cell[]): RowData => ({ key: bytes('c1'), cells });

describe('decodeCounterReply', () => {
  it("decodes the counter's own cell, in the property's representation", () => {
    expect(decodeCounterReply('Clip', counter('likes'), reply(cell('likes', int64(42n))), 1n)).toBe(42n);
    expect(decodeCounterReply('Clip', counter('shares'), reply(cell('shares', int64(-3n))), 1n)).toBe(-3);
  });

  it('picks the cell by family and qualifier, not the first cell of the family', () => {
    const row = reply(cell('likes', int64(1n)), cell('shares', int64(7n)));
    expect(decodeCounterReply('Clip', counter('shares'), row, 1n)).toBe(7);
  });

  it('a reply without the cell is a TransportError saying the increment applied, not a TypeError', () => {
    for (const row of [reply(), reply(cell('shares', int64(7n))), reply(cell('likes', int64(1n), 'other'))]) {
      const error = (() => {
        try {
          decodeCounterReply('Clip', counter('likes'), row, 1n);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ code: 'TRANSPORT', rpc: 'ReadModifyWriteRow', grpcCode: undefined });
      expect((error as Error).message).toBe(
        'ReadModifyWriteRow failed: the reply for Clip.likes in row "c1" has no cell stat:likes; the increment was ' +
          'applied but its new value is unknown (read the counter rather than incrementing again)',
      );
    }
  });

  it('a cell that is not 8 bytes is a ValueEncodingError naming entity, property and column', () => {
    const error = (() => {
      try {
        decodeCounterReply('Clip', counter('likes'), reply(cell('likes', bytes('abc'))), 1n);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ValueEncodingError);
    expect(error).toMatchObject({ entity: 'Clip', property: 'likes', cell: { family: 'stat' } });
  });

  const INT64_MIN = -(2n ** 63n);
  const INT64_MAX = 2n ** 63n - 1n;
  /** What Bigtable stores: the sum in 64-bit two's complement. */
  const wrap = (n: bigint): bigint => BigInt.asIntN(64, n);
  const thrown = (fn: () => unknown): unknown => {
    try {
      fn();
    } catch (e) {
      return e;
    }
    return undefined;
  };

  it('a wrapped int64 sum is a CounterOverflowError that says the increment was applied', () => {
    const error = thrown(() =>
      decodeCounterReply('Clip', counter('likes'), reply(cell('likes', int64(INT64_MIN))), 1n),
    );
    expect(error).toBeInstanceOf(CounterOverflowError);
    expect(error).toMatchObject({
      code: 'COUNTER_OVERFLOW',
      entity: 'Clip',
      property: 'likes',
      by: 1n,
      storedValue: INT64_MIN,
      range: 'int64',
      applied: true,
    });
    expect((error as Error).message).toBe(
      'increment of Clip.likes by 1n in row "c1" was applied, but the int64 sum overflowed and Bigtable stored it ' +
        'wrapped around as -9223372036854775808n (int64 holds -2^63 … 2^63-1); do not increment again to retry',
    );
  });

  it('overflow is told exactly from the amount and the new value (any old value, any amount)', () => {
    const int64Arb = fc.oneof(
      fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
      fc.constantFrom(INT64_MIN, INT64_MIN + 1n, -1n, 0n, 1n, INT64_MAX - 1n, INT64_MAX),
    );
    fc.assert(
      fc.property(int64Arb, int64Arb, (old, by) => {
        const stored = wrap(old + by);
        const overflowed = old + by !== stored;
        const error = thrown(() =>
          decodeCounterReply('Clip', counter('likes'), reply(cell('likes', int64(stored))), by),
        );
        if (overflowed) expect(error).toMatchObject({ range: 'int64', storedValue: stored, by });
        else expect(error).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('a number counter beyond ±(2^53-1) is a CounterOverflowError carrying the exact bigint', () => {
    for (const stored of [2n ** 53n, -(2n ** 53n), INT64_MAX]) {
      const error = thrown(() =>
        decodeCounterReply('Clip', counter('shares'), reply(cell('shares', int64(stored))), 1n),
      );
      expect(error).toMatchObject({ code: 'COUNTER_OVERFLOW', range: 'safe-integer', storedValue: stored });
    }
    const edge = BigInt(Number.MAX_SAFE_INTEGER);
    expect(decodeCounterReply('Clip', counter('shares'), reply(cell('shares', int64(edge))), 1n)).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(decodeCounterReply('Clip', counter('shares'), reply(cell('shares', int64(-edge))), -1n)).toBe(
      -Number.MAX_SAFE_INTEGER,
    );
  });
});
