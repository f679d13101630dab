// A prefix scan hydrating every row: the read filter's server cost and the hydration CPU both show here.
import { rawDecode, rawPrefix, prefixEnd } from '../fixtures/raw-codec.js';
import type { RawFilter } from '../fixtures/raw-client.js';
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

/**
 * A prefix scan of `entity` (Reading, ReadingGc with its GC family, or a GC shape's entity) stored in `table`. A
 * GC shape's scan runs in `--full` mode only, against raw with the shape's exact filter and without HL.
 */
function prefixScanOf(entity: typeof Reading, table: string, name: string, shape?: GcShape): Workload {
  const rawFilter = (): RawFilter => shape?.rawFilter() ?? LATEST_CELL;
  return {
    name,
    description: `\`find(prefix)\` of one device, every row hydrated (${entity.name}; raw: ${shape?.rawFilterText ?? 'latest-cell filter'}, hand decode)`,
    fullOnly: shape !== undefined,
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
          for await (const row of context.raw.readRange(
            table,
            prefix,
            prefixEnd(prefix),
            undefined,
            rawFilter(),
          ))
            out.push(rawDecode(row.key, row.cells));
          return out;
        },
        hl: shape
          ? undefined
          : async () => {
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
        hlNote: shape ? GC_SHAPE_HL_NOTE : HL_LOSSY_NOTE,
        async verify() {
          const want = await variants.library();
          if (want.length !== size) throw new Error(`library read ${want.length} of ${size} rows`);
          expectSameReadings('raw', await variants.raw(), want);
          if (variants.hl) expectSameReadings('hl', await variants.hl(), want);
        },
      };
    },
  };
}

export const prefixScan = prefixScanOf(Reading, TABLE, 'prefix scan');
export const prefixScanGc = prefixScanOf(ReadingGc, GC_TABLE, 'prefix scan, GC family');

/** One `--full` prefix scan per GC shape the examples use. */
export const prefixScanShapes = GC_SHAPES.map((shape) =>
  prefixScanOf(shape.entity, shape.table, `prefix scan, ${shape.label}`, shape),
);
