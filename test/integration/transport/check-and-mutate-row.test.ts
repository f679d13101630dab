import { describe, expect, it } from 'vitest';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { checkAndMutateRow } from '../../../src/transport/check-and-mutate-row.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';

const b = (s: string): Uint8Array => Buffer.from(s);
const set = (q: string, v: Uint8Array) =>
  ({ kind: 'setCell', family: 'f', qualifier: b(q), timestampMicros: 1000n, value: v }) as const;

describe('CheckAndMutateRow transport', () => {
  const table = useTestTable({ f: {} }, { prefix: 'cam' });

  it('takes the no-match branch on a missing row and the match branch after', async () => {
    const t = table();
    const key = Uint8Array.from([0x00, 0xff, 0x01]);
    expect(await checkAndMutateRow(t.connection, t.tableId, key, { onNoMatch: [set('a', b('1'))] })).toBe(
      false,
    );
    expect(await checkAndMutateRow(t.connection, t.tableId, key, { onNoMatch: [set('a', b('2'))] })).toBe(
      true,
    );
    // Read the cell back through an append of nothing-changing bytes: the stored value is still the first write.
    const row = await readModifyWriteRow(t.connection, t.tableId, key, [
      { kind: 'append', family: 'f', qualifier: b('a'), value: new Uint8Array() },
    ]);
    expect(Buffer.from(row.cells[0]!.value).toString()).toBe('1');
  });

  it('compares a cell value byte-exactly with a value range predicate', async () => {
    const t = table();
    const key = b('versioned');
    const v1 = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 1]);
    const v2 = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 2]);
    await checkAndMutateRow(t.connection, t.tableId, key, { onNoMatch: [set('v', v1)] });
    const predicate = {
      chain: [
        { columnRange: { family: 'f', startQualifierClosed: b('v'), endQualifierClosed: b('v') } },
        { cellsPerColumnLimit: 1 },
        { valueRange: { startValueClosed: v1, endValueClosed: v1 } },
      ],
    };
    expect(
      await checkAndMutateRow(t.connection, t.tableId, key, { predicate, onMatch: [set('v', v2)] }),
    ).toBe(true);
    expect(
      await checkAndMutateRow(t.connection, t.tableId, key, { predicate, onMatch: [set('v', v2)] }),
    ).toBe(false);
  });
});
