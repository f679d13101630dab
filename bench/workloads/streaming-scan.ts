// A long streaming scan of small rows, consumed one row at a time: chunk merging and per-row overhead dominate.
import { rawDecode, rawPrefix, prefixEnd } from '../fixtures/raw-codec.js';
import { Reading } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';
import { HL_LOSSY_NOTE, TABLE, decodeHl, expectSameReadings, loadReadings } from './shared.js';

/** Consumes a stream keeping only a checksum (what a streaming consumer does), or every row when asked. */
async function consume<T>(rows: AsyncIterable<T>, keep: boolean): Promise<T[] | number> {
  const kept: T[] = [];
  let count = 0;
  for await (const row of rows) {
    count++;
    if (keep) kept.push(row);
  }
  return keep ? kept : count;
}

export const streamingScan: Workload = {
  name: 'streaming scan',
  description: '`for await` over a large prefix scan, rows hydrated and dropped (flat memory)',
  size: (mode) => ({ smoke: 100, quick: 100_000, full: 500_000 })[mode],
  async prepare(context, size) {
    const device = `${context.runId}-stream`;
    await loadReadings(context, device, size);
    const repo = context.mapper.repository(Reading);
    const table = context.hl.table(TABLE);
    const prefix = rawPrefix(device);
    async function* raw(): AsyncGenerator<Reading> {
      for await (const row of context.raw.readRange(TABLE, prefix, prefixEnd(prefix)))
        yield rawDecode(row.key, row.cells);
    }
    async function* hl(): AsyncGenerator<Reading> {
      const stream = table.createReadStream({
        prefix: `${device}#`,
        decode: false,
        filter: [{ column: { cellLimit: 1 } }],
      });
      for await (const row of stream as AsyncIterable<{ id: string; data: unknown }>)
        yield decodeHl(row.id, row.data);
    }
    const checkSize = Math.min(size, 500);
    return {
      blocks: 1,
      rowsPerBlock: size,
      hlNote: HL_LOSSY_NOTE,
      variants: {
        library: async () => consume(repo.find({ device }), false),
        raw: async () => consume(raw(), false),
        hl: async () => consume(hl(), false),
      },
      async verify() {
        const want = await repo.find({ device }).limit(checkSize).toArray();
        const head = async (rows: AsyncIterable<Reading>): Promise<Reading[]> => {
          const out: Reading[] = [];
          for await (const r of rows) {
            out.push(r);
            if (out.length === checkSize) break;
          }
          return out;
        };
        expectSameReadings('raw', await head(raw()), want);
        expectSameReadings('hl', await head(hl()), want);
        const count = await consume(repo.find({ device }), false);
        if (count !== size) throw new Error(`library streamed ${String(count)} of ${size} rows`);
      },
    };
  },
};
