// Bulk writes: `saveMany` against hand-written MutateRows batching (1,000 rows per call, 4 calls in flight).
import { rawKey, rawSaveMutations } from '../fixtures/raw-codec.js';
import { Reading, makeReading } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';
import { hlEntry } from './sequential-saves.js';
import { TABLE, expectSameStored } from './shared.js';

const BLOCKS = 5;

export const saveMany: Workload = {
  name: 'saveMany',
  description: '`saveMany` of whole entities (raw: MutateRows, 1,000 rows per call, 4 in flight)',
  size: (mode) => ({ smoke: 50, quick: 20_000, full: 100_000 })[mode],
  async prepare(context, size) {
    const repo = context.mapper.repository(Reading);
    const table = context.hl.table(TABLE);
    const per = Math.ceil(size / BLOCKS);
    const device = (variant: string): string => `${context.runId}-many-${variant}`;
    // Entities are made outside the timed part: the workload measures writing them, not constructing them.
    const made = new Map<string, Reading[][]>();
    for (const v of ['library', 'raw', 'hl'])
      made.set(
        v,
        Array.from({ length: BLOCKS }, (_, block) =>
          Array.from({ length: Math.max(0, Math.min(per, size - block * per)) }, (_, i) =>
            makeReading(device(v), block * per + i),
          ),
        ),
      );
    const block = (v: string, b: number): Reading[] => made.get(v)![b]!;
    const variants = {
      library: async (b: number) => repo.saveMany(block('library', b)),
      raw: async (b: number) => {
        const ts = `${BigInt(Date.now()) * 1000n}`;
        await context.raw.mutateRowsBatched(
          TABLE,
          block('raw', b).map((r) => ({
            rowKey: rawKey(r.device, r.seq),
            mutations: rawSaveMutations(r, ts),
          })),
        );
      },
      hl: async (b: number) => {
        await table.insert(block('hl', b).map(hlEntry));
      },
    };
    return {
      blocks: BLOCKS,
      rowsPerBlock: per,
      variants,
      hlNote: '`Table.insert` sends SetCell only (no DeleteFromColumn), so it does less work per entity',
      async verify() {
        for (const v of ['library', 'raw', 'hl'] as const) await variants[v](0);
        await expectSameStored(context, device, block('library', 0).length);
      },
    };
  },
};
