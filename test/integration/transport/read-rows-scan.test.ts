import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { tapReadRows } from './grpc-read-rows-tap.js';

const table = useTestTable({ f: {} }, { prefix: 'scan' });

const ROWS = 100_000;
const BATCH = 10_000;
const keyOf = (i: number): Buffer => Buffer.from(`scan#${String(i).padStart(6, '0')}`);

beforeAll(async () => {
  const t = table();
  for (let start = 0; start < ROWS; start += BATCH) {
    const entries = Array.from({ length: BATCH }, (_, j) => ({
      rowKey: keyOf(start + j),
      mutations: [
        {
          kind: 'setCell' as const,
          family: 'f',
          qualifier: Buffer.from('n'),
          timestampMicros: 1_000n,
          value: Buffer.from(String(start + j)),
        },
      ],
      idempotent: true,
    }));
    const results = await mutateRows(t.connection, t.tableId, entries);
    expect(results.every((r) => r.ok)).toBe(true);
  }
}, 60_000);

describe(`readRows over a ${ROWS.toLocaleString('en')}-row scan`, () => {
  it('breaking out of the loop cancels the server stream (gRPC status CANCELLED)', async () => {
    const t = table();
    const { calls, untap } = await tapReadRows(t.connection);
    try {
      let consumed = 0;
      for await (const _row of readRows(t.connection, t.tableId, {})) {
        if (++consumed === 1_000) break;
      }
      expect(calls).toHaveLength(1);
      expect(await calls[0]!.done).toBe(1);
      // The call ended long before the table did.
      expect(calls[0]!.rowsPulled).toBeLessThan(ROWS / 10);
    } finally {
      untap();
    }
  });

  it('a slow consumer holds a bounded number of rows: pulled − consumed stays flat over the whole scan', async () => {
    const t = table();
    const { calls, untap } = await tapReadRows(t.connection);
    try {
      const ahead: number[] = [];
      let consumed = 0;
      let previous = '';
      for await (const row of readRows(t.connection, t.tableId, {})) {
        const key = Buffer.from(row.key).toString();
        expect(key > previous).toBe(true);
        previous = key;
        consumed += 1;
        if (consumed % 5_000 === 0) {
          // Stall like a slow consumer, long enough for every buffer below us to fill up.
          await sleep(40);
          ahead.push(calls[0]!.rowsPulled - consumed);
        }
      }
      expect(consumed).toBe(ROWS);
      expect(calls).toHaveLength(1);
      const max = Math.max(...ahead);
      console.info(
        `rows pulled from gRPC ahead of the consumer at each stall: max ${max}, ${ahead.join(' ')}`,
      );
      // Buffers are counted in messages (16 per stream stage, one row per message on the emulator): the bound
      // depends on the pipeline, not on the table.
      expect(max).toBeLessThan(200);
      const firstHalf = Math.max(...ahead.slice(0, ahead.length / 2));
      const secondHalf = Math.max(...ahead.slice(ahead.length / 2));
      expect(secondHalf).toBeLessThanOrEqual(firstHalf + 20);
    } finally {
      untap();
    }
  });
});
