// Sequential point gets: latency-bound; the library's cost per call must vanish next to the round trip.
import { rawDecode, rawKey } from '../fixtures/raw-codec.js';
import type { RawBench, RawFilter } from '../fixtures/raw-client.js';
import { LATEST_CELL } from '../fixtures/raw-client.js';
import { Reading, ReadingGc } from '../fixtures/reading.js';
import { GC_SHAPES } from '../fixtures/reading-gc-shapes.js';
import type { GcShape } from '../fixtures/reading-gc-shapes.js';
import type { Workload } from '../harness/workload.js';
import {
  GC_SHAPE_HL_NOTE,
  GC_TABLE,
  HL_LOSSY_NOTE,
  TABLE,
  decodeHl,
  expectSameReadings,
  loadReadings,
} from './shared.js';

const BLOCKS = 10;

/** What raw code does around each of its reads (its own instrumentation, in the traced workloads). */
export type AroundRawGet = <T>(get: () => Promise<T>) => Promise<T>;

/**
 * Point gets of `entity` (Reading, ReadingGc with its GC family, or a GC shape's entity) stored in `table`. A GC
 * shape's gets run in `--full` mode only, against raw with the shape's exact filter and without HL. Raw code
 * calls `around` with each of its reads.
 */
export function pointGetsOf(
  entity: typeof Reading,
  table: string,
  name: string,
  shape?: GcShape,
  around?: AroundRawGet,
): Workload {
  const rawFilter = (): RawFilter => shape?.rawFilter() ?? LATEST_CELL;
  return {
    name,
    description: `sequential \`get\` of existing rows by full key (${entity.name}${shape ? `; raw: ${shape.rawFilterText}` : ''})`,
    fullOnly: shape !== undefined,
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
            const read = (): ReturnType<RawBench['readRow']> =>
              context.raw.readRow(table, rawKey(device, seq), rawFilter());
            // Without instrumentation, raw code calls the client directly (no wrapper to pay for).
            const row = (await (around ? around(read) : read()))!;
            out.push(rawDecode(row.key, row.cells));
          }
          return out;
        },
        hl: shape
          ? undefined
          : async (block: number) => {
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
        hlNote: shape ? GC_SHAPE_HL_NOTE : HL_LOSSY_NOTE,
        variants,
        async verify() {
          const want = await variants.library(0);
          expectSameReadings('raw', await variants.raw(0), want);
          if (variants.hl) expectSameReadings('hl', await variants.hl(0), want);
        },
      };
    },
  };
}

export const pointGets = pointGetsOf(Reading, TABLE, 'point gets');
export const pointGetsGc = pointGetsOf(ReadingGc, GC_TABLE, 'point gets, GC family');

/** One `--full` row of point gets per GC shape the examples use. */
export const pointGetsShapes = GC_SHAPES.map((shape) =>
  pointGetsOf(shape.entity, shape.table, `point gets, ${shape.label}`, shape),
);
