import { describe, expect, it } from 'vitest';
import { Counter, Entity, Family, KeyPart } from '../../../decorators/index.js';
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
    expect(decodeCounterReply('Clip', counter('likes'), reply(cell('likes', int64(42n))))).toBe(42n);
    expect(decodeCounterReply('Clip', counter('shares'), reply(cell('shares', int64(-3n))))).toBe(-3);
  });

  it('picks the cell by family and qualifier, not the first cell of the family', () => {
    const row = reply(cell('likes', int64(1n)), cell('shares', int64(7n)));
    expect(decodeCounterReply('Clip', counter('shares'), row)).toBe(7);
  });

  it('a reply without the cell is a TransportError saying the increment applied, not a TypeError', () => {
    for (const row of [reply(), reply(cell('shares', int64(7n))), reply(cell('likes', int64(1n), 'other'))]) {
      const error = (() => {
        try {
          decodeCounterReply('Clip', counter('likes'), row);
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
        decodeCounterReply('Clip', counter('likes'), reply(cell('likes', bytes('abc'))));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ValueEncodingError);
    expect(error).toMatchObject({ entity: 'Clip', property: 'likes', cell: { family: 'stat' } });
  });
});
