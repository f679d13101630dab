import { readFileSync } from 'node:fs';
import { Metadata } from '@grpc/grpc-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBigtableResponseHeaders } from '../../../src/observe/bigtable-response-headers.js';
import { createNoopMeter } from '@opentelemetry/api';
import { BUILTIN_CLIENT_NAME, BuiltinMetrics, statusNameOf } from '../../../src/observe/builtin-metrics.js';

const metadataOf = (entries: Record<string, string | Buffer>): Metadata => {
  const metadata = new Metadata();
  for (const [k, v] of Object.entries(entries)) metadata.set(k, v);
  return metadata;
};

/** ResponseParams by hand: zone_id = 1, cluster_id = 2 (strings). */
const params = (zone: string, cluster: string): Buffer =>
  Buffer.concat([
    Buffer.from([0x0a, zone.length]),
    Buffer.from(zone),
    Buffer.from([0x12, cluster.length]),
    Buffer.from(cluster),
  ]);

describe('readBigtableResponseHeaders', () => {
  it('reads the gfet4t7 duration among other server-timing entries, and the ResponseParams location', () => {
    const seen = readBigtableResponseHeaders(
      metadataOf({
        'server-timing': 'cache;dur=1, gfet4t7; dur=12.5',
        'x-goog-ext-425905942-bin': params('us-east1-b', 'c1'),
      }),
    );
    expect(seen).toEqual({ serverLatencyMs: 12.5, cluster: 'c1', zone: 'us-east1-b' });
  });

  it('leaves absent or malformed headers undefined, and ignores what is no metadata', () => {
    expect(readBigtableResponseHeaders(metadataOf({}))).toEqual({
      serverLatencyMs: undefined,
      cluster: undefined,
      zone: undefined,
    });
    expect(
      readBigtableResponseHeaders(metadataOf({ 'server-timing': 'gfet4t7x; dur=3' }))?.serverLatencyMs,
    ).toBe(undefined);
    expect(readBigtableResponseHeaders(undefined)).toBeUndefined();
    expect(readBigtableResponseHeaders({ code: 14 })).toBeUndefined();
  });

  it('never throws on arbitrary ResponseParams bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        readBigtableResponseHeaders(metadataOf({ 'x-goog-ext-425905942-bin': Buffer.from(bytes) }));
      }),
    );
  });
});

describe('statusNameOf', () => {
  it('names gRPC codes, library errors by grpcCode or status-named code, and OK', () => {
    expect(statusNameOf(undefined)).toBe('OK');
    expect(statusNameOf({ code: 14 })).toBe('UNAVAILABLE');
    expect(statusNameOf({ code: 'TRANSPORT', grpcCode: 8 })).toBe('RESOURCE_EXHAUSTED');
    expect(statusNameOf({ code: 'DEADLINE_EXCEEDED' })).toBe('DEADLINE_EXCEEDED');
    expect(statusNameOf({ code: 'ABORTED' })).toBe('CANCELLED'); // the caller's AbortSignal
    expect(statusNameOf({ code: 10 })).toBe('ABORTED');
    expect(statusNameOf(new Error('x'))).toBe('UNKNOWN');
  });
});

describe('BUILTIN_CLIENT_NAME', () => {
  it("is bigtable-mapper/<the package's version>", () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(BUILTIN_CLIENT_NAME).toBe(`bigtable-mapper/${version}`);
  });
});

describe('BuiltinMetrics', () => {
  it("measures the data API's RPCs only (Google's built-in metrics know no admin RPC)", () => {
    const builtin = new BuiltinMetrics(createNoopMeter(), {
      projectId: 'p',
      instance: 'i',
      appProfileId: undefined,
    });
    const info = { operation: 'deleteByPrefix', entity: 'E', table: 't' };
    expect(builtin.operation(info, 'DropRowRange')).toBeUndefined();
    expect(builtin.operation(info, 'MutateRow')).toBeDefined();
  });
});
