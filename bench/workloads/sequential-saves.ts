// Sequential whole-entity saves: one MutateRow each, latency-bound.
import { rawKey, rawSaveMutations } from '../fixtures/raw-codec.js';
import { Reading, makeReading } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';
import { TABLE, expectSameStored } from './shared.js';

const BLOCKS = 10;

export const sequentialSaves: Workload = {
  name: 'sequential saves',
  description:
    '`save` of whole entities one after another (raw: the same DeleteFromColumn + SetCell mutations by hand)',
  size: (mode) => ({ smoke: 20, quick: 1000, full: 5000 })[mode],
  async prepare(context, size) {
    const repo = context.mapper.repository(Reading);
    const table = context.hl.table(TABLE);
    const per = Math.ceil(size / BLOCKS);
    const device = (variant: string): string => `${context.runId}-save-${variant}`;
    const readings = (variant: string, block: number): Reading[] =>
      Array.from({ length: Math.min(per, size - block * per) }, (_, i) =>
        makeReading(device(variant), block * per + i),
      );
    const variants = {
      library: async (block: number) => {
        for (const r of readings('library', block)) await repo.save(r);
      },
      raw: async (block: number) => {
        for (const r of readings('raw', block)) {
          const ts = `${BigInt(Date.now()) * 1000n}`;
          await context.raw.mutateRow(TABLE, rawKey(r.device, r.seq), rawSaveMutations(r, ts));
        }
      },
      hl: async (block: number) => {
        for (const r of readings('hl', block)) {
          await table.insert([hlEntry(r)]);
        }
      },
    };
    return {
      blocks: Math.ceil(size / per),
      rowsPerBlock: per,
      variants,
      hlNote:
        'its `insert` sends SetCell only (it cannot also delete the column’s older cells in the same mutation), so it does less work per save',
      async verify() {
        for (const v of ['library', 'raw', 'hl'] as const) await variants[v](0);
        await expectSameStored(context, device, Math.min(per, size));
      },
    };
  },
};

/** An HL `insert` entry for a reading: every column and set member as a cell at the current time. */
export function hlEntry(r: Reading): { key: string; data: Record<string, Record<string, unknown>> } {
  const cpu = Buffer.allocUnsafe(8);
  cpu.writeDoubleBE(r.cpu, 0);
  const mem = Buffer.allocUnsafe(8);
  mem.writeBigInt64BE(r.mem, 0);
  const tags: Record<string, unknown> = {};
  for (const t of r.tags) tags[t] = Buffer.alloc(0);
  return {
    key: rawKey(r.device, r.seq).toString(),
    data: { d: { name: Buffer.from(r.name), cpu, mem, ok: Buffer.from([r.ok ? 1 : 0]) }, tags },
  };
}
