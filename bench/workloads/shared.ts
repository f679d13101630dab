// Helpers the workloads share: loading rows without timing, and comparing what variants returned.
import { deepStrictEqual } from 'node:assert/strict';
import type { BenchContext } from '../harness/workload.js';
import { HlBench } from '../fixtures/hl-client.js';
import { rawDecode, rawKey, rawSaveMutations } from '../fixtures/raw-codec.js';
import type { ReadingView } from '../fixtures/reading.js';
import { Reading, makeReading, viewOf } from '../fixtures/reading.js';

export const TABLE = 'bench_readings';

/** The table of `ReadingGc`, the same reading with a GC rule on its scalar family. */
export const GC_TABLE = 'bench_readings_gc';

/** Writes `count` readings of a device (from the `from`-th on) with hand-written batching (set-up, never timed). */
export async function loadReadings(
  context: BenchContext,
  device: string,
  count: number,
  table = TABLE,
  from = 0,
): Promise<void> {
  const ts = `${BigInt(Date.now()) * 1000n}`;
  const entries = [];
  for (let i = from; i < from + count; i++) {
    const r = makeReading(device, i);
    entries.push({ rowKey: rawKey(device, r.seq), mutations: rawSaveMutations(r, ts) });
  }
  await context.raw.mutateRowsBatched(table, entries, 1000, 4);
}

/** Throws when a variant's readings differ from the library's (compared as plain views). */
export function expectSameReadings(variant: string, got: readonly Reading[], want: readonly Reading[]): void {
  // The HL API returns 8-byte values as JS numbers, so its float64 column cannot round-trip (hl-client.ts).
  const view = (r: Reading): Partial<ReadingView> => {
    const v: Partial<ReadingView> = viewOf(r);
    if (variant === 'hl') delete (v as { cpu?: number }).cpu;
    return v;
  };
  deepStrictEqual(got.map(view), want.map(view), `${variant} returned different readings than the library`);
  if (got.length === 0) throw new Error(`${variant}: the verification read returned nothing`);
}

/** The views of a device's stored readings with the device left out, to compare what variants wrote. */
export async function storedViews(
  context: BenchContext,
  device: string,
): Promise<Array<Omit<ReadingView, 'device'>>> {
  const rows = await context.mapper.repository(Reading).find({ device }).toArray();
  return rows.map((r) => {
    const { device: _device, ...rest } = viewOf(r);
    return rest;
  });
}

/** Said in the report for every workload that reads through HL. */
export const HL_LOSSY_NOTE =
  'returns 8-byte cell values as JS numbers, so float64 columns come back changed; compared without them';

/** Said for the `--full` rows of a GC shape, which compare the library with raw's exact filter only. */
export const GC_SHAPE_HL_NOTE =
  "not run: a GC shape's row compares the library with raw's exact filter for the shape";

/** Decodes an HL row through the hand-written decoder. */
export function decodeHl(key: string | Buffer, data: unknown): Reading {
  return rawDecode(
    typeof key === 'string' ? Buffer.from(key) : key,
    HlBench.cellsOf(data as Parameters<typeof HlBench.cellsOf>[0]),
  );
}

/**
 * Throws unless raw and HL stored the same readings as the library (each variant wrote under its own device id;
 * HL compared without the float64 column it cannot read back, see hl-client.ts).
 */
export async function expectSameStored(
  context: BenchContext,
  device: (variant: string) => string,
  expectedRows: number,
): Promise<void> {
  const want = await storedViews(context, device('library'));
  if (want.length !== expectedRows) throw new Error(`library wrote ${want.length} of ${expectedRows} rows`);
  deepStrictEqual(await storedViews(context, device('raw')), want, 'raw wrote different rows');
  const withoutCpu = (views: Array<Omit<ReadingView, 'device'>>): unknown[] =>
    views.map(({ cpu: _cpu, ...rest }) => rest);
  deepStrictEqual(
    withoutCpu(await storedViews(context, device('hl'))),
    withoutCpu(want),
    'hl wrote different rows',
  );
}
