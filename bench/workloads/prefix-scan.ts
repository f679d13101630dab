// A prefix scan hydrating every row: the read filter's server cost and the hydration CPU both show here.
import { rawDecode, rawPrefix, prefixEnd } from '../fixtures/raw-codec.js';
import { Reading } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';
import { HL_LOSSY_NOTE, TABLE, decodeHl, expectSameReadings, loadReadings } from './shared.js';

export const prefixScan: Workload = {
  name: 'prefix scan',
  description: '`find(prefix)` of one device, every row hydrated (raw: latest-cell filter, hand decode)',
  size: (mode) => ({ smoke: 50, quick: 10_000, full: 10_000 })[mode],
  async prepare(context, size) {
    const device = `${context.runId}-scan`;
    await loadReadings(context, device, size);
    const repo = context.mapper.repository(Reading);
    const table = context.hl.table(TABLE);
    const variants = {
      library: async () => repo.find({ device }).toArray(),
      raw: async () => {
        const out: Reading[] = [];
        const prefix = rawPrefix(device);
        for await (const row of context.raw.readRange(TABLE, prefix, prefixEnd(prefix)))
          out.push(rawDecode(row.key, row.cells));
        return out;
      },
      hl: async () => {
        const [rows] = await table.getRows({
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
