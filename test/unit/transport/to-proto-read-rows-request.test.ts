import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { ReadRowsRequestData, RowFilter, RowFilterKind } from '../../../src/model/read-rows-request.js';
import {
  toProtoReadRowsRequest,
  toProtoRowFilter,
} from '../../../src/transport/to-proto-read-rows-request.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';

// `protos` of @google-cloud/bigtable is undefined at runtime; the generated message types live in bigtable-api.
const require = createRequire(import.meta.url);
interface MessageType {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
  decode(b: Uint8Array): unknown;
  toObject(m: unknown, o: Record<string, unknown>): Record<string, unknown>;
}
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: { google: { bigtable: { v2: { ReadRowsRequest: MessageType } } } };
};
const { ReadRowsRequest } = protos.google.bigtable.v2;

/** What the server would receive: the generated serializer (fromObject + encode) drops unknown fields silently. */
function overTheWire(request: unknown): Record<string, unknown> {
  const bytes = ReadRowsRequest.encode(ReadRowsRequest.fromObject(request)).finish();
  return ReadRowsRequest.toObject(ReadRowsRequest.decode(bytes), { longs: String });
}

/** Bytes as hex so that Buffer and Uint8Array compare equal. */
function normalize(value: unknown): unknown {
  if (value instanceof Uint8Array) return `hex:${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  }
  return value;
}

const b = (...bytes: number[]): Uint8Array => Uint8Array.from(bytes);

/** One filter of every kind, with bytes that are not valid UTF-8 wherever bytes are allowed. */
const EVERY_KIND: { readonly [K in RowFilterKind]: RowFilter } = {
  chain: { chain: [{ passAll: true }, { cellsPerColumnLimit: 1 }] },
  interleave: { interleave: [{ sink: true }, { stripValue: true }] },
  condition: {
    condition: {
      predicate: { valueRegex: b(0x00, 0xff) },
      trueFilter: { blockAll: true },
      falseFilter: { passAll: true },
    },
  },
  sink: { sink: true },
  passAll: { passAll: true },
  blockAll: { blockAll: true },
  rowKeyRegex: { rowKeyRegex: b(0x00, 0x2e, 0x2a, 0xff) },
  rowSample: { rowSample: 0.25 },
  familyNameRegex: { familyNameRegex: 'st.*' },
  columnQualifierRegex: { columnQualifierRegex: b(0xff, 0x00) },
  columnRange: {
    columnRange: { family: 'f', startQualifierClosed: b(0x00), endQualifierOpen: b(0xff, 0xff) },
  },
  timestampRange: {
    timestampRange: { startMicros: -9_223_372_036_854_775_808n, endMicros: 9_223_372_036_854_775_807n },
  },
  valueRegex: { valueRegex: b(0x80, 0x81) },
  valueRange: { valueRange: { startValueOpen: b(0x00), endValueClosed: b(0x7f, 0xff) } },
  cellsPerRowOffset: { cellsPerRowOffset: 3 },
  cellsPerRowLimit: { cellsPerRowLimit: 2_147_483_647 },
  cellsPerColumnLimit: { cellsPerColumnLimit: 1 },
  stripValue: { stripValue: true },
  applyLabel: { applyLabel: 'hit-1' },
  valueBitmask: { valueBitmask: b(0x0f, 0xf0) },
};

describe('toProtoReadRowsRequest', () => {
  it.each(Object.entries(EVERY_KIND))(
    'keeps every field of a %s filter through the generated serializer',
    (_k, filter) => {
      const proto = toProtoReadRowsRequest('projects/p/instances/i/tables/t', undefined, { filter });
      expect(normalize(overTheWire(proto))).toEqual(normalize(proto));
      // and the filter is not empty on the wire
      expect(Object.keys(overTheWire(proto).filter as object)).toHaveLength(1);
    },
  );

  it('keeps a full request (row set, nested filters, limit, reversed, app profile) byte for byte', () => {
    const data: ReadRowsRequestData = {
      rows: {
        rowKeys: [b(0x00), b(0xff, 0x00, 0xfe)],
        rowRanges: [
          { startKeyClosed: b(0x00, 0x01), endKeyOpen: b(0x00, 0x02) },
          { startKeyOpen: b(0x10), endKeyClosed: b(0x20) },
          { startKeyClosed: b(0x30) },
          { endKeyOpen: b(0x40) },
          {},
        ],
      },
      filter: { chain: Object.values(EVERY_KIND).filter((f) => !('sink' in f)) },
      rowsLimit: 9_223_372_036_854_775_807n,
      reversed: true,
    };
    const proto = toProtoReadRowsRequest('projects/p/instances/i/tables/t', 'batch', data);
    const wire = overTheWire(proto);
    expect(normalize(wire)).toEqual(normalize(proto));
    expect(wire.rowsLimit).toBe('9223372036854775807');
    expect(wire.reversed).toBe(true);
    expect(wire.appProfileId).toBe('batch');
  });

  it('leaves out what is not set (no rows = whole table, no limit, forward)', () => {
    expect(toProtoReadRowsRequest('t', undefined, {})).toEqual({ tableName: 't' });
    expect(toProtoReadRowsRequest('t', '', { reversed: false })).toEqual({ tableName: 't' });
  });

  it('refuses what the serializer would silently change', () => {
    expect(() => toProtoReadRowsRequest('t', undefined, { rowsLimit: 0n })).toThrow(InvalidArgumentError);
    expect(() => toProtoReadRowsRequest('t', undefined, { rowsLimit: 2n ** 63n })).toThrow(
      InvalidArgumentError,
    );
    expect(() => toProtoRowFilter({ cellsPerRowLimit: 1.5 })).toThrow(InvalidArgumentError);
    expect(() => toProtoRowFilter({ cellsPerColumnLimit: 2 ** 31 })).toThrow(InvalidArgumentError);
    expect(() => toProtoRowFilter({ cellsPerRowOffset: -1 })).toThrow(InvalidArgumentError);
    expect(() => toProtoRowFilter({ timestampRange: { endMicros: 2n ** 63n } })).toThrow(
      InvalidArgumentError,
    );
    expect(() => toProtoRowFilter({ rowSample: Number.NaN })).toThrow(InvalidArgumentError);
  });

  it('refuses malformed filters and ranges from untyped callers', () => {
    expect(() => toProtoRowFilter({} as RowFilter)).toThrow(/exactly one kind/);
    expect(() => toProtoRowFilter({ passAll: true, blockAll: true } as unknown as RowFilter)).toThrow(
      /exactly one/,
    );
    expect(() => toProtoRowFilter({ rowKeyRegexx: b(1) } as unknown as RowFilter)).toThrow(
      /filter must be a known RowFilter kind .*, got "rowKeyRegexx"/,
    );
    expect(() => toProtoRowFilter({ rowKeyRegex: 'a' } as unknown as RowFilter)).toThrow(
      /rowKeyRegex must be a Uint8Array, got "a"/,
    );
    expect(() =>
      toProtoReadRowsRequest('t', undefined, {
        rows: { rowKeys: [], rowRanges: [{ startKeyClosed: b(1), startKeyOpen: b(2) } as never] },
      }),
    ).toThrow(/startKeyClosed\/startKeyOpen must be at most one of the two set/);
  });

  it('converts a nested tree to the proto field names', () => {
    expect(
      toProtoRowFilter({
        condition: {
          predicate: { chain: [{ familyNameRegex: 'a' }, { applyLabel: 'x' }] },
          falseFilter: { sink: true },
        },
      }),
    ).toEqual({
      condition: {
        predicateFilter: {
          chain: { filters: [{ familyNameRegexFilter: 'a' }, { applyLabelTransformer: 'x' }] },
        },
        falseFilter: { sink: true },
      },
    });
  });
});
