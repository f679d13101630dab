// A prefix scan hydrating every row: the read filter's server cost and the hydration CPU both show here.
import { rawDecode, rawPrefix, prefixEnd } from '../fixtures/raw-codec.js';
import { Reading, ReadingGc } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';
import { GC_TABLE, HL_LOSSY_NOTE, TABLE, decodeHl, expectSameReadings, loadReadings } from './shared.js';

/** A prefix scan of `entity` (Reading, or ReadingGc with its GC family) stored in `table`. */
function prefixScanOf(entity: typeof Reading, table: string, name: string): Workload {
  return {
    name,
    description: `\`find(prefix)\` of one device, every row hydrated (${entity.name}; raw: latest-cell filter, hand decode)`,
    size: (mode) => ({ smoke: 50, quick: 10_000, full: 10_000 })[mode],
    async prepare(context, size) {
      const device = `${context.runId}-scan`;
      await loadReadings(context, device, size, table);
      const repo = context.mapper.repository(entity);
      const hlTable = context.hl.table(table);
      const variants = {
        library: async () => repo.find({ device }).toArray(),
        raw: async () => {
          const out: Reading[] = [];
          const prefix = rawPrefix(device);
          for await (const row of context.raw.readRange(table, prefix, prefixEnd(prefix)))
            out.push(rawDecode(row.key, row.cells));
          return out;
        },
        hl: async () => {
          const [rows] = await hlTable.getRows({
            prefix: `${device}#`,
            decode: false,
            filter: [{ column: { cellLimit: 1 } }],
          });
          return rows.map((row) => decodeHl(row.id, row.data));
        },
      };
      return {
        blocks: 1,
        rowsPerBlock: size,
        variants,
        hlNote: HL_LOSSY_NOTE,
        async verify() {
          const want = await variants.library();
          if (want.length !== size) throw new Error(`library read ${want.length} of ${size} rows`);
          expectSameReadings('raw', await variants.raw(), want);
          expectSameReadings('hl', await variants.hl(), want);
        },
      };
    },
  };
}

export const prefixScan = prefixScanOf(Reading, TABLE, 'prefix scan');
export const prefixScanGc = prefixScanOf(ReadingGc, GC_TABLE, 'prefix scan, GC family');
