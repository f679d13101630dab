import { describe, expect, it } from 'vitest';
import { ReadRowsStreamError } from '../../../src/errors/read-rows-stream-error.js';
import type { CellChunkLike } from '../../../src/transport/chunk-merger.js';
import { ChunkMerger } from '../../../src/transport/chunk-merger.js';

const b = (s: string): Buffer => Buffer.from(s);
const cell = (key: string, extra: Partial<CellChunkLike> = {}): CellChunkLike => ({
  rowKey: b(key),
  familyName: { value: 'f' },
  qualifier: { value: b('q') },
  timestampMicros: '1000',
  value: b('v'),
  commitRow: true,
  ...extra,
});

describe('ChunkMerger beyond the conformance cases', () => {
  it('reassembles a value split over several chunks byte for byte, as a plain Uint8Array', () => {
    const value = new Uint8Array(2 * 1024 * 1024 + 3).map((_, i) => (i * 7) & 0xff);
    const parts = [
      value.subarray(0, 1_000_000),
      value.subarray(1_000_000, 2_000_000),
      value.subarray(2_000_000),
    ];
    const merger = new ChunkMerger();
    expect(
      merger.push(cell('k', { value: Buffer.from(parts[0]!), valueSize: value.length, commitRow: false })),
    ).toBeUndefined();
    expect(merger.hasPartialRow).toBe(true);
    expect(merger.push({ value: Buffer.from(parts[1]!), valueSize: value.length })).toBeUndefined();
    const row = merger.push({ value: Buffer.from(parts[2]!), valueSize: 0, commitRow: true })!;
    expect(row.cells).toHaveLength(1);
    expect(row.cells[0]!.value.constructor).toBe(Uint8Array);
    expect(Buffer.compare(row.cells[0]!.value, value)).toBe(0);
    expect(row.key.constructor).toBe(Uint8Array);
    expect(row.cells[0]!.qualifier.constructor).toBe(Uint8Array);
  });

  it('accepts int64 timestamps as strings, numbers, bigints and protobufjs Longs', () => {
    const merger = new ChunkMerger();
    merger.push(cell('k', { timestampMicros: '-9223372036854775808', commitRow: false }));
    merger.push({ timestampMicros: 42, commitRow: false });
    merger.push({ timestampMicros: 7n, commitRow: false });
    const row = merger.push({ timestampMicros: { low: -1, high: 0x7fffffff }, commitRow: true })!;
    expect(row.cells.map((c) => c.timestampMicros)).toEqual([-(2n ** 63n), 42n, 7n, 2n ** 63n - 1n]);
  });

  it('puts families in name order (Bigtable leaves it unspecified) and keeps the order within a family', () => {
    const merger = new ChunkMerger();
    merger.push(cell('k', { familyName: { value: 'g' }, qualifier: { value: b('b') }, commitRow: false }));
    merger.push({
      familyName: { value: 'f' },
      qualifier: { value: b('z') },
      timestampMicros: '2',
      commitRow: false,
    });
    merger.push({ timestampMicros: '1', commitRow: false });
    const row = merger.push({ familyName: { value: 'a' }, qualifier: { value: b('q') }, commitRow: true })!;
    expect(
      row.cells.map((c) => `${c.family}:${Buffer.from(c.qualifier).toString()}@${c.timestampMicros}`),
    ).toEqual(['a:q@0', 'f:z@2', 'f:z@1', 'g:b@1000']);
  });

  it('fails as soon as commit_row arrives inside a split cell', () => {
    const merger = new ChunkMerger();
    merger.push(cell('k', { valueSize: 10, commitRow: false }));
    expect(() => merger.push({ value: b('x'), valueSize: 10, commitRow: true })).toThrow(ReadRowsStreamError);
  });

  it('fails when the row key changes without a commit', () => {
    const merger = new ChunkMerger();
    merger.push(cell('a', { commitRow: false }));
    expect(() => merger.push(cell('b'))).toThrow(/row key changed/);
  });

  it('checks key order backwards when reversed', () => {
    const merger = new ChunkMerger({ reversed: true });
    merger.push(cell('c'));
    merger.push(cell('b'));
    expect(() => merger.push(cell('b'))).toThrow(/not below/);
    const forward = new ChunkMerger();
    forward.push(cell('b'));
    expect(() => forward.push(cell('a'))).toThrow(/not above/);
  });

  it('tracks lastScannedRowKey for resume, refuses it mid-row, and orders later rows after it', () => {
    const merger = new ChunkMerger();
    expect(merger.resumeKey).toBeUndefined();
    merger.pushResponse({ chunks: [cell('a')], lastScannedRowKey: b('m') });
    expect(Buffer.from(merger.lastRowKey!).toString()).toBe('a');
    expect(Buffer.from(merger.lastScannedRowKey!).toString()).toBe('m');
    expect(Buffer.from(merger.resumeKey!).toString()).toBe('m');
    expect(() => merger.push(cell('c'))).toThrow(/not above/);
    merger.pushResponse({ chunks: [cell('x')], lastScannedRowKey: Buffer.alloc(0) });
    expect(Buffer.from(merger.resumeKey!).toString()).toBe('x');
    merger.pushResponse({ chunks: [cell('y', { commitRow: false })] });
    expect(() => merger.pushResponse({ lastScannedRowKey: b('z') })).toThrow(/middle of a row/);
  });

  it('keeps checking order across attempts after discarding a cut row', () => {
    const merger = new ChunkMerger();
    merger.push(cell('a'));
    merger.push(cell('b', { commitRow: false }));
    merger.discardPartialRow();
    expect(merger.hasPartialRow).toBe(false);
    expect(() => merger.push(cell('a'))).toThrow(ReadRowsStreamError);
    expect(Buffer.from(merger.push(cell('b'))!.key).toString()).toBe('b');
    expect(() => merger.finish()).not.toThrow();
  });

  it('copies labels so that later chunks cannot change a delivered cell', () => {
    const labels = ['x'];
    const row = new ChunkMerger().push(cell('k', { labels }))!;
    labels.push('y');
    expect(row.cells[0]!.labels).toEqual(['x']);
  });
});
