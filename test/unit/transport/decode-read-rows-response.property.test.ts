import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadRowsStreamError } from '../../../src/errors/read-rows-stream-error.js';
import type { ReadRowsResponseLike } from '../../../src/transport/chunk-merger.js';
import { ReadRowsResponseDecoder } from '../../../src/transport/decode-read-rows-response.js';
import { ReadRowsResponse } from '../../support/encode-read-rows-response.js';

// The generated message type (test/support): what the generated client would have decoded from the same bytes is
// the oracle.
const require = createRequire(import.meta.url);
const { Writer } = require('protobufjs') as {
  Writer: { create(): { uint32(v: number): unknown; bytes(b: Uint8Array): unknown; finish(): Uint8Array } };
};

const hex = (b: Uint8Array | null | undefined): string => Buffer.from(b ?? new Uint8Array()).toString('hex');

/** Both decoders' output in one comparable shape. */
function normalize(response: ReadRowsResponseLike): unknown {
  return {
    chunks: (response.chunks ?? []).map((c) => ({
      rowKey: hex(c.rowKey),
      familyName: c.familyName ? (c.familyName.value ?? '') : null,
      qualifier: c.qualifier ? hex(c.qualifier.value) : null,
      timestampMicros: BigInt(String(c.timestampMicros ?? 0)).toString(),
      labels: [...(c.labels ?? [])],
      value: hex(c.value),
      valueSize: c.valueSize ?? 0,
      resetRow: c.resetRow === true,
      commitRow: c.commitRow === true,
    })),
    lastScannedRowKey: hex(response.lastScannedRowKey),
    requestStats: statsOf(response),
  };
}

/** Request stats in one shape: ours as decoded, the generated decoder's converted from its object form. */
function statsOf(response: ReadRowsResponseLike): unknown {
  const stats = response.requestStats as unknown;
  if (stats === undefined || stats === null) return null;
  if (typeof stats === 'object' && 'rowsSeen' in stats) {
    const s = stats as NonNullable<ReadRowsResponseLike['requestStats']>;
    return {
      counts: [s.rowsSeen, s.rowsReturned, s.cellsSeen, s.cellsReturned].map(String),
      latencyMs: s.frontendServerLatencyMs ?? null,
    };
  }
  const view = (
    stats as {
      fullReadStatsView?: {
        readIterationStats?: Record<string, string> | null;
        requestLatencyStats?: { frontendServerLatency?: { seconds?: string; nanos?: number } | null } | null;
      } | null;
    }
  ).fullReadStatsView;
  const it = view?.readIterationStats;
  const latency = view?.requestLatencyStats?.frontendServerLatency;
  return {
    counts: ['rowsSeenCount', 'rowsReturnedCount', 'cellsSeenCount', 'cellsReturnedCount'].map((k) =>
      String(it?.[k] ?? '0'),
    ),
    latencyMs: latency ? Number(latency.seconds ?? 0) * 1000 + (latency.nanos ?? 0) / 1e6 : null,
  };
}

function generated(bytes: Uint8Array): unknown {
  const decoded = ReadRowsResponse.decode(bytes);
  return normalize(
    ReadRowsResponse.toObject(decoded, { longs: String, enums: String, defaults: true, oneofs: true }),
  );
}

const bytes = fc.uint8Array({ maxLength: 12 });
const chunk = fc.record(
  {
    rowKey: bytes,
    familyName: fc.record({ value: fc.string({ maxLength: 6, unit: 'binary' }) }, { requiredKeys: [] }),
    qualifier: fc.record({ value: bytes }, { requiredKeys: [] }),
    timestampMicros: fc.oneof(
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      fc.constantFrom(0n, 1n, 1_700_000_000_000_000n, 2n ** 53n - 1n, 2n ** 53n, -1n),
    ),
    labels: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    value: fc.uint8Array({ maxLength: 40 }),
    valueSize: fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constant(0)),
    resetRow: fc.boolean(),
    commitRow: fc.boolean(),
  },
  { requiredKeys: [] },
);
const response = fc.record(
  {
    chunks: fc.array(chunk, { maxLength: 6 }),
    lastScannedRowKey: bytes,
    requestStats: fc.record(
      {
        fullReadStatsView: fc.record(
          {
            readIterationStats: fc.record(
              {
                rowsSeenCount: fc
                  .oneof(
                    fc.integer({ min: 0, max: 1e9 }),
                    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
                  )
                  .map(String),
                rowsReturnedCount: fc
                  .oneof(
                    fc.integer({ min: 0, max: 1e9 }),
                    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
                  )
                  .map(String),
                cellsSeenCount: fc
                  .oneof(
                    fc.integer({ min: 0, max: 1e9 }),
                    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
                  )
                  .map(String),
                cellsReturnedCount: fc
                  .oneof(
                    fc.integer({ min: 0, max: 1e9 }),
                    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
                  )
                  .map(String),
              },
              { requiredKeys: [] },
            ),
            requestLatencyStats: fc.record(
              {
                frontendServerLatency: fc.record({
                  seconds: fc.integer({ min: 0, max: 100_000 }).map(String),
                  nanos: fc.integer({ min: 0, max: 999_999_999 }),
                }),
              },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

function encode(object: Record<string, unknown>): Uint8Array {
  const chunks = ((object.chunks as Array<Record<string, unknown>> | undefined) ?? []).map((c) => ({
    ...c,
    timestampMicros: c.timestampMicros === undefined ? undefined : String(c.timestampMicros),
  }));
  return ReadRowsResponse.encode(ReadRowsResponse.fromObject({ ...object, chunks })).finish();
}

/** An unknown field of each wire type (a newer server's field) that both decoders must skip. */
const unknownField = fc.oneof(
  fc.tuple(fc.constant(0), fc.integer({ min: 0, max: 2 ** 31 - 1 })),
  fc.tuple(fc.constant(1), fc.constant(0)),
  fc.tuple(fc.constant(2), fc.constant(0)),
  fc.tuple(fc.constant(5), fc.constant(0)),
);
function withUnknown(message: Uint8Array, [wire, v]: [number, number]): Uint8Array {
  const w = Writer.create() as unknown as Record<string, (...a: unknown[]) => unknown> & {
    finish(): Uint8Array;
  };
  w.uint32!((99 << 3) | wire);
  if (wire === 0) w.uint32!(v);
  else if (wire === 1) w.fixed64!(123);
  else if (wire === 2) w.bytes!(new Uint8Array([1, 2, 3]));
  else w.fixed32!(7);
  return Buffer.concat([message, w.finish()]);
}

describe('ReadRowsResponseDecoder', () => {
  it('decodes any ReadRowsResponse exactly as the generated decoder does', () => {
    fc.assert(
      fc.property(response, fc.option(unknownField), (object, unknown) => {
        let wire = encode(object);
        if (unknown) wire = withUnknown(wire, unknown);
        expect(normalize(new ReadRowsResponseDecoder().decode(wire))).toEqual(generated(wire));
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps decoding exactly across messages (its family and timestamp caches never leak between them)', () => {
    fc.assert(
      fc.property(fc.array(response, { minLength: 2, maxLength: 5 }), (objects) => {
        const decoder = new ReadRowsResponseDecoder();
        for (const object of objects) {
          const wire = encode(object);
          expect(normalize(decoder.decode(wire))).toEqual(generated(wire));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a truncated message: never accepted where the generated decoder refuses it, and where accepted, decoded alike', () => {
    fc.assert(
      fc.property(response, fc.nat(), (object, cut) => {
        const full = encode(object);
        const wire = full.subarray(0, full.length === 0 ? 0 : cut % full.length);
        let ours: unknown;
        try {
          ours = normalize(new ReadRowsResponseDecoder().decode(wire));
        } catch (error) {
          // Stricter than the generated decoder is allowed (it reads some cut sub-messages to the end of the bytes).
          expect(error).toBeInstanceOf(ReadRowsStreamError);
          return;
        }
        expect(ours).toEqual(generated(wire));
      }),
      { numRuns: 1_000 },
    );
  });

  it('hands out plain Uint8Array views of the message, not copies and not Buffers', () => {
    const wire = Buffer.from(
      encode({
        chunks: [
          {
            rowKey: Buffer.from('k'),
            familyName: { value: 'f' },
            qualifier: { value: Buffer.from('q') },
            value: Buffer.from('v'),
            commitRow: true,
          },
        ],
      }),
    );
    const [c] = new ReadRowsResponseDecoder().decode(wire).chunks!;
    for (const b of [c!.rowKey!, c!.qualifier!.value!, c!.value!]) {
      expect(b.constructor).toBe(Uint8Array);
      expect(b.buffer).toBe(wire.buffer);
    }
  });
});
