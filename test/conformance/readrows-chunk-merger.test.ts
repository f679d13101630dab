import { describe, expect, it } from 'vitest';
import { ReadRowsStreamError } from '../../src/errors/read-rows-stream-error.js';
import type { CellChunkLike } from '../../src/transport/chunk-merger.js';
import { ChunkMerger } from '../../src/transport/chunk-merger.js';
import { ReadRowsResponseDecoder } from '../../src/transport/decode-read-rows-response.js';
import { readVectorFile } from './read-vector-file.js';
import { ReadRowsResponse } from '../support/encode-read-rows-response.js';

/** googleapis/conformance-tests bigtable/v2/readrows.json, used unchanged (see vectors/SOURCES.md). */
interface JsonChunk {
  rowKey?: string;
  familyName?: string;
  qualifier?: string;
  timestampMicros?: string;
  labels?: string[];
  value?: string;
  valueSize?: number;
  resetRow?: boolean;
  commitRow?: boolean;
}
interface JsonResult {
  rowKey?: string;
  familyName?: string;
  qualifier?: string;
  timestampMicros?: string;
  value?: string;
  label?: string;
  error?: boolean;
}
interface JsonCase {
  description: string;
  chunks: JsonChunk[];
  results?: JsonResult[];
}

const { readRowsTests } = readVectorFile('bigtable-readrows.json') as { readRowsTests: JsonCase[] };

const b64 = (s: string | undefined): Buffer => Buffer.from(s ?? '', 'base64');

/** The chunk exactly as written in the file: absent fields stay absent. */
function sparseChunk(c: JsonChunk): CellChunkLike {
  return {
    ...(c.rowKey !== undefined ? { rowKey: b64(c.rowKey) } : {}),
    ...(c.familyName !== undefined ? { familyName: { value: c.familyName } } : {}),
    ...(c.qualifier !== undefined ? { qualifier: { value: b64(c.qualifier) } } : {}),
    ...(c.timestampMicros !== undefined ? { timestampMicros: c.timestampMicros } : {}),
    ...(c.labels !== undefined ? { labels: c.labels } : {}),
    ...(c.value !== undefined ? { value: b64(c.value) } : {}),
    ...(c.valueSize !== undefined ? { valueSize: c.valueSize } : {}),
    ...(c.resetRow !== undefined ? { resetRow: c.resetRow } : {}),
    ...(c.commitRow !== undefined ? { commitRow: c.commitRow } : {}),
  };
}

// The generated message type (test/support), decoded below with the options the generated client uses (defaults
// filled in, wrappers null when absent, int64 as strings): the shape the merger saw from the generated client.

/** The case's chunks as one ReadRowsResponse on the wire. */
function wireBytes(chunks: JsonChunk[]): Uint8Array {
  const message = ReadRowsResponse.fromObject({
    chunks: chunks.map((c) => ({
      ...c,
      familyName: c.familyName === undefined ? undefined : { value: c.familyName },
      qualifier: c.qualifier === undefined ? undefined : { value: c.qualifier },
    })),
  });
  return ReadRowsResponse.encode(message).finish();
}

function wireChunks(chunks: JsonChunk[]): CellChunkLike[] {
  const decoded = ReadRowsResponse.decode(wireBytes(chunks));
  const object = ReadRowsResponse.toObject(decoded, {
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  return [...(object.chunks ?? [])];
}

function expected(results: JsonResult[]): { cells: Required<Omit<JsonResult, 'error'>>[]; error: boolean } {
  return {
    cells: results
      .filter((r) => !r.error)
      .map((r) => ({
        rowKey: r.rowKey ?? '',
        familyName: r.familyName ?? '',
        qualifier: r.qualifier ?? '',
        timestampMicros: r.timestampMicros ?? '0',
        value: r.value ?? '',
        label: r.label ?? '',
      })),
    error: results.some((r) => r.error === true),
  };
}

function run(chunks: CellChunkLike[]): ReturnType<typeof expected> {
  const merger = new ChunkMerger();
  const cells: ReturnType<typeof expected>['cells'] = [];
  const utf8 = (b: Uint8Array): string => Buffer.from(b).toString('utf8');
  try {
    for (const chunk of chunks) {
      const row = merger.push(chunk);
      for (const cell of row?.cells ?? []) {
        expect(cell.value).toBeInstanceOf(Uint8Array);
        expect(typeof cell.timestampMicros).toBe('bigint');
        cells.push({
          rowKey: utf8(row!.key),
          familyName: cell.family,
          qualifier: utf8(cell.qualifier),
          timestampMicros: cell.timestampMicros.toString(),
          value: utf8(cell.value),
          label: cell.labels.join(','),
        });
      }
    }
    merger.finish();
  } catch (error) {
    expect(error).toBeInstanceOf(ReadRowsStreamError);
    return { cells, error: true };
  }
  return { cells, error: false };
}

describe('ReadRows chunk merging: Google conformance cases', () => {
  it('has all 49 cases', () => {
    expect(readRowsTests).toHaveLength(49);
  });

  describe.each(readRowsTests.map((t) => [t.description, t] as const))('%s', (_name, testCase) => {
    it('as written in the file', () => {
      expect(run(testCase.chunks.map(sparseChunk))).toEqual(expected(testCase.results ?? []));
    });
    it('as decoded by the generated client', () => {
      expect(run(wireChunks(testCase.chunks))).toEqual(expected(testCase.results ?? []));
    });
    it('as decoded from the wire bytes by ReadRowsResponseDecoder', () => {
      const { chunks } = new ReadRowsResponseDecoder().decode(wireBytes(testCase.chunks));
      expect(run([...(chunks ?? [])])).toEqual(expected(testCase.results ?? []));
    });
  });
});
