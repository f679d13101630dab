// Sequential point gets: latency-bound; the library's cost per call must vanish next to the round trip.
import { rawDecode, rawKey } from '../fixtures/raw-codec.js';
import { Reading, ReadingGc } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';
import { GC_TABLE, HL_LOSSY_NOTE, TABLE, decodeHl, expectSameReadings, loadReadings } from './shared.js';

const BLOCKS = 10;

/** Point gets of `entity` (Reading, or ReadingGc with its GC family) stored in `table`. */
function pointGetsOf(entity: typeof Reading, table: string, name: string): Workload {
  return {
    name,
    description: `sequential \`get\` of existing rows by full key (${entity.name})`,
    size: (mode) => ({ smoke: 20, quick: 500, full: 1000 })[mode],
    async prepare(context, size) {
      const device = `${context.runId}-get`;
      await loadReadings(context, device, size, table);
      const repo = context.mapper.repository(entity);
      const hlTable = context.hl.table(table);
      const per = Math.ceil(size / BLOCKS);
      const seqs = (block: number): bigint[] =>
        Array.from({ length: Math.min(per, size - block * per) }, (_, i) => BigInt(block * per + i));
      const variants = {
        library: async (block: number) => {
          const out: Reading[] = [];
          for (const seq of seqs(block)) out.push((await repo.get({ device, seq }))!);
          return out;
        },
        raw: async (block: number) => {
          const out: Reading[] = [];
          for (const seq of seqs(block)) {
            const row = (await context.raw.readRow(table, rawKey(device, seq)))!;
            out.push(rawDecode(row.key, row.cells));
          }
          return out;
        },
        hl: async (block: number) => {
          const out: Reading[] = [];
          for (const seq of seqs(block)) {
            const [row] = await hlTable
              .row(rawKey(device, seq).toString())
              .get({ decode: false, filter: [{ column: { cellLimit: 1 } }] });
            out.push(decodeHl(row.id, row.data));
          }
          return out;
        },
      };
      return {
        blocks: Math.ceil(size / per),
        rowsPerBlock: per,
        hlNote: HL_LOSSY_NOTE,
        variants,
        async verify() {
          const want = await variants.library(0);
          expectSameReadings('raw', await variants.raw(0), want);
          expectSameReadings('hl', await variants.hl(0), want);
        },
      };
    },
  };
}

export const pointGets = pointGetsOf(Reading, TABLE, 'point gets');
export const pointGetsGc = pointGetsOf(ReadingGc, GC_TABLE, 'point gets, GC family');
